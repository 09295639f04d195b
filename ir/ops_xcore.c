/* ops_xcore.c: the cross-core pipe between a cluster's AIC (cube) and its
 * AIV (vector) lanes (pypto@e2d0f78a docs/en/reference/pto-isa/
 * 01-tpush_tpop.md, system_ops.py, tile_ops.py):
 *
 *   tile.tpush_to_aiv(t, split=, lane_stride=, id=)   AIC -> AIVs
 *   tile.tpush_to_aic(t, split=, id=)                 AIV -> AIC
 *   t = tile.tpop_from_aic(split=, lane_stride=, id=) on an AIV, into Vec
 *   t = tile.tpop_from_aiv(split=, id=)               on the AIC, into Mat
 *   system.tfree_to_aic(t) / tfree_to_aiv(t)          the popped slot back
 *   system.aic/aiv_initialize_pipe(c2v_buf, v2c_buf, dir_mask=, slot_size=,
 *                                  slot_num=, local_slot_num=, id=)
 *   system.reserve_buffer(name=, size=, base=)        -> INT32 address
 *   system.import_peer_buffer(name=, peer_func=)      -> INT32 address
 *   tile.aiv_shard(t, split=) / tile.aic_gather(t, split=)   the crossing
 *                                  of a pl.split_aiv region, halving or
 *                                  joining along the split axis
 *
 * A pop's tile type is the assignment's annotation (the front end passes
 * its shape as the op's first argument and its dtype as dtype=). */
#include "config.h"
#include "ir/ops_internal.h"
#include "ir/visit.h"

#include <string.h>

/* The integer kwarg `name`, when given, in [lo, hi]: 1 (with *v), 0 when
 * absent, -1 after an error. */
static int kw_in(DeduceCtx *dc, const char *name, int64_t lo, int64_t hi, int64_t *v)
{
    int r = 0;
    for (uint32_t k = 0; k < dc->op->nkw; k++)
        if (strcmp(dc->op->kwargs[k].name, name) == 0)
            r = 1;
    if (!r)
        return 0;   /* not one of the op's */
    r = op_kwarg_int(dc, name, v);
    if (r != 1)
        return r;
    if (*v < lo || *v > hi) {
        if (hi == INT32_MAX)
            op_fail(dc, -1, "%s must be at least %lld, got %lld", name, (long long)lo, (long long)*v);
        else
            op_fail(dc, -1, "%s must be between %lld and %lld, got %lld", name, (long long)lo, (long long)hi,
                    (long long)*v);
        return -1;
    }
    return 1;
}

/* split (the pto-isa code: 0 whole, 1/2 rows/columns between the two AIV
 * lanes, 3/4 the same over an odd extent; the AIV-to-AIC direction has no
 * odd form), lane_stride and id, as far as the op has them. */
static int pipe_kwargs(DeduceCtx *dc, int64_t max_split)
{
    int64_t v;
    return kw_in(dc, "split", 0, max_split, &v) >= 0 && kw_in(dc, "lane_stride", 1, INT32_MAX, &v) >= 0 &&
           kw_in(dc, "id", 0, INT32_MAX, &v) >= 0;
}

static int64_t max_split(const OpDef *op)
{
    return op->id == OP_BLOCK_TPUSH_TO_AIC || op->id == OP_BLOCK_TPOP_FROM_AIV ? 2 : 4;
}

const IrType *deduce_tpush(DeduceCtx *dc)
{
    if (!op_need_tile(dc, 0) || !pipe_kwargs(dc, max_split(dc->op)))
        return NULL;
    return ir_type_unknown(dc->ir);
}

const IrType *deduce_tpop(DeduceCtx *dc)
{
    const IrExpr *const *shape;
    uint32_t n;
    int64_t dt;
    if (!op_const_shape_arg(dc, 0, &n, &shape) || !pipe_kwargs(dc, max_split(dc->op)))
        return NULL;
    if (op_kwarg_int(dc, "dtype", &dt) != 1)
        return op_fail(dc, -1, "the popped tile's type is unknown: annotate the assignment (t: pl.Tile[[16, 16], "
                               "pl.FP32] = ...) or give shape= and dtype=");
    if (dt < 0 || dt >= DT_COUNT)
        return op_fail(dc, -1, "dtype is not a data type");
    /* Mat (L1) tiles are in the fractal NZ layout, as a load there makes
     * them (deduce_load). */
    if (dc->op->id == OP_BLOCK_TPOP_FROM_AIV && n == 2)
        return op_make_tile(dc, (DataType)dt, n, shape, ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 512));
    return op_make_tile(dc, (DataType)dt, n, shape, NULL);
}

const IrType *deduce_tfree(DeduceCtx *dc)
{
    if (!op_need_tile(dc, 0) || !pipe_kwargs(dc, 4))
        return NULL;
    return ir_type_unknown(dc->ir);
}

/* The crossing of a split_aiv region: split=1 (rows) or 2 (columns) of a
 * 2-D operand halved (the larger half, lane 0's, of an odd extent) or
 * doubled; 0 the shape kept. */
static const IrType *crossing(DeduceCtx *dc, int halve)
{
    const IrType *t = op_arg_type(dc, 0);
    const IrExpr *dims[2];
    int64_t split, v, e;
    int r;
    if (t->kind != TYPE_TILE && t->kind != TYPE_TENSOR)
        return op_need_tile(dc, 0);
    if ((r = kw_in(dc, "split", 0, 2, &split)) != 1)
        return r < 0 ? NULL : op_fail(dc, -1, "needs split= outside a pl.split_aiv region, which gives it");
    if (kw_in(dc, "lane_stride", 1, INT32_MAX, &v) < 0)
        return NULL;
    if (split == 0)
        return t;
    if (t->n != 2)
        return op_fail(dc, 0, "split=%lld splits a 2-D operand, got one of rank %u", (long long)split, (unsigned)t->n);
    dims[0] = t->dims[0];
    dims[1] = t->dims[1];
    if (!ir_dim_value(dims[split - 1], &e))
        return op_fail(dc, 0, "the split axis (dimension %lld) must have a static extent", (long long)split - 1);
    e = halve ? (e + 1) / 2 : 2 * e;
    dims[split - 1] = ir_dim_const(dc->ir, e);
    /* The lanes' halves joined are the cube's: popped into Mat (L1), in
     * its fractal NZ layout, as tpop_from_aiv makes them (pypto's
     * tile.aic_gather declares Mat too). */
    if (!halve && t->kind == TYPE_TILE)
        return op_make_tile(dc, (DataType)t->dtype, 2, dims, ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 512));
    return op_make_shaped(dc, t, (DataType)t->dtype, 2, dims);
}

const IrType *deduce_aiv_shard(DeduceCtx *dc) { return crossing(dc, 1); }
const IrType *deduce_aic_gather(DeduceCtx *dc) { return crossing(dc, 0); }

/* (c2v_consumer_buf, v2c_consumer_buf): integer scalars, the consumers'
 * buffer addresses (0 where the direction is not used). */
const IrType *deduce_initialize_pipe(DeduceCtx *dc)
{
    int64_t mask, size, num, local, id;
    int has_num, has_local;
    for (uint32_t i = 0; i < 2; i++) {
        const IrType *t = op_need_scalar(dc, i);
        if (!t || !op_need_int_dtype(dc, i, t))
            return NULL;
    }
    if (kw_in(dc, "dir_mask", 1, 3, &mask) != 1 || kw_in(dc, "slot_size", 1, INT32_MAX, &size) != 1 ||
        (has_num = kw_in(dc, "slot_num", 1, INT32_MAX, &num)) < 0 ||
        (has_local = kw_in(dc, "local_slot_num", 1, INT32_MAX, &local)) < 0 || kw_in(dc, "id", 0, INT32_MAX, &id) < 0)
        return NULL;
    if (has_local == 1) {
        /* the ring's depth when slot_num is left out: 8, 4 per direction
         * of a two-way pipe (01-tpush_tpop.md) */
        if (has_num != 1)
            num = mask == 3 ? 4 : 8;
        if (local > num)
            return op_fail(dc, -1, "local_slot_num (%lld) must not exceed slot_num (%lld)", (long long)local,
                           (long long)num);
    }
    return ir_type_unknown(dc->ir);
}

static const char *string_kwarg(DeduceCtx *dc, const char *name)
{
    const IrKwarg *k = deduce_kwarg(dc, name);
    if (!k || k->kind != KW_STRING) {
        op_fail(dc, -1, "needs %s= (a string)", name);
        return NULL;
    }
    if (!k->v.s[0]) {
        op_fail(dc, -1, "%s= must not be empty", name);
        return NULL;
    }
    return k->v.s;
}

const IrType *deduce_reserve_buffer(DeduceCtx *dc)
{
    int64_t v;
    if (!string_kwarg(dc, "name") || kw_in(dc, "size", 1, INT32_MAX, &v) != 1 ||
        kw_in(dc, "base", -1, INT32_MAX, &v) < 0)
        return NULL;
    return ir_type_scalar(dc->ir, DT_INT32);
}

const IrType *deduce_import_peer_buffer(DeduceCtx *dc)
{
    if (!string_kwarg(dc, "name") || !string_kwarg(dc, "peer_func"))
        return NULL;
    return ir_type_scalar(dc->ir, DT_INT32);
}

int op_pipe_side(const OpDef *op)
{
    switch ((OpId)op->id) {
    case OP_BLOCK_TPUSH_TO_AIV:
    case OP_BLOCK_TPOP_FROM_AIV:
    case OP_SYSTEM_TFREE_TO_AIV:
    case OP_SYSTEM_AIC_INITIALIZE_PIPE:
        return FUNC_AIC;
    case OP_BLOCK_TPUSH_TO_AIC:
    case OP_BLOCK_TPOP_FROM_AIC:
    case OP_SYSTEM_TFREE_TO_AIC:
    case OP_SYSTEM_AIV_INITIALIZE_PIPE:
        return FUNC_AIV;
    case OP_BLOCK_AIV_SHARD:
    case OP_BLOCK_AIC_GATHER:
        return FUNC_INCORE;
    default:
        return FUNC_OPAQUE;
    }
}

static int pipe_op_expr(IrWalker *w, const IrExpr *e)
{
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    if (op && (op->cls == OPCL_XCORE_PUSH || op->cls == OPCL_XCORE_POP || op->cls == OPCL_XCORE_POP_MAT ||
               op->cls == OPCL_XCORE_PIPE))
        *(int *)w->data = 1;
    return !*(int *)w->data;
}

int ir_func_uses_pipe(const IrFunc *f)
{
    IrWalker w;
    int found = 0;
    memset(&w, 0, sizeof w);
    w.pre_expr = pipe_op_expr;
    w.data = &found;
    ir_walk_func(&w, f);
    return found;
}

typedef struct SplitFind {
    int64_t id;
    int found;
} SplitFind;

static int split_op_expr(IrWalker *w, const IrExpr *e)
{
    SplitFind *F = w->data;
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    if (op && (op->cls == OPCL_XCORE_PUSH || op->cls == OPCL_XCORE_POP || op->cls == OPCL_XCORE_POP_MAT ||
               op->cls == OPCL_XCORE_PIPE) &&
        ir_call_kwarg_int(IR_AS(IrCall, e), "split", 0) != 0 &&
        (F->id < 0 || ir_call_kwarg_int(IR_AS(IrCall, e), "id", 0) == F->id))
        F->found = 1;
    return !F->found;
}

int ir_func_splits_pipe(const IrFunc *f, int64_t id)
{
    IrWalker w;
    SplitFind F;
    memset(&w, 0, sizeof w);
    F.id = id;
    F.found = 0;
    w.pre_expr = split_op_expr;
    w.data = &F;
    ir_walk_func(&w, f);
    return F.found;
}
