/* split_lanes.c: the halving of a pl.split_aiv region of mode UP_DOWN or
 * LEFT_RIGHT (pypto docs/en/dev/passes/20-lower_auto_vector_split.md, the
 * "data-parallel, full-width body"): each of the two AIV lanes computes
 * half of every tile the body makes, the rows (UP_DOWN) or the columns
 * (LEFT_RIGHT), and reads and writes that half of the body's GM windows.
 *
 * LowerPlacement runs the region as a loop over the lanes; here the body
 * of that loop becomes lane `lane`'s:
 *   - a load of a box [R, C] loads [R/2, C] at its row offset + lane*R/2
 *     (UP_DOWN; columns for LEFT_RIGHT); a store of a halved tile stores
 *     it at the moved offset; pl.full and pl.create make the half;
 *   - an op that computes each row (resp. column) from the same row of its
 *     operands (element-wise, scalar, compare, select, cast, the row-wise
 *     reductions and broadcasts along the other axis) computes the halves:
 *     its type is deduced again from its halved operands;
 *   - an extent of 1 on the split axis is not split (both lanes hold it).
 * What would need the lanes to see each other's data or positions is
 * refused with a located error naming the op: a reduction across the split
 * axis (pypto rejects it too), an odd or run-time extent, a partly valid
 * box, transposes, reshapes, windows, gathers, generators of positions, a
 * tile made outside the region, tensor ops (the halving is of tile ops)
 * and the cube's ops (a region of a mixed kernel). */
#include "config.h"
#include "passes/1_front/split_lanes.h"

#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Halve {
    PassCtx *pc;
    IrCtx *ir;
    const IrExpr *lane;  /* the lane index, INDEX */
    uint32_t axis;       /* 0: rows (UP_DOWN), 1: columns (LEFT_RIGHT) */
    int mode;
    PtrMap half;         /* expressions (new variables, rebuilt calls) that hold a lane's half */
    PtrMap renamed;      /* original variable -> its halved variable */
    PtrMap *halved;      /* the caller's: original variables halved */
    int failed;
} Halve;

/* The extent of tile type t on the split axis: 1 and *n when constant. */
static int split_extent(const Halve *H, const IrType *t, int64_t *n)
{
    return t && t->kind == TYPE_TILE && t->n == 2 && ir_dim_value(t->dims[H->axis], n);
}

/* Does tile type t span more than one row (column) on the split axis, so
 * that the lanes split it?  Run-time extents count as split. */
static int is_split(const Halve *H, const IrType *t)
{
    int64_t n;
    if (!t || t->kind != TYPE_TILE)
        return 0;
    if (t->n != 2)
        return 1;
    return !ir_dim_value(t->dims[H->axis], &n) || n > 1;
}

static void fail(Halve *H, Span at, const char *fmt, const char *a, const char *b)
{
    char msg[400];
    snprintf(msg, sizeof msg, fmt, a, b);
    diag_error(H->pc->diag, at, "%s", msg);
    H->failed = 1;
}

static const char *name_of(const IrCall *c, char *buf, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    return op ? op_printed_name(op, buf, cap) : c->callee->name;
}

/* The half of extent n, or 0 after reporting why there is none. */
static int64_t half_of(Halve *H, const IrExpr *at, const char *what, int64_t n)
{
    if (n % 2 == 0)
        return n / 2;
    diag_error(H->pc->diag, at->span,
               "%s has an odd extent (%lld) on the axis a pl.split_aiv region of mode %s halves between the two AIV "
               "lanes; pad it to an even extent, or use pl.SplitMode.NONE and split it by the lane index",
               what, (long long)n, split_mode_name((SplitMode)H->mode));
    H->failed = 1;
    return 0;
}

/* Tile type t with extent h on the split axis (its valid extent too, when
 * the view has one equal to the box's). */
static const IrType *halve_type(Halve *H, const IrType *t, int64_t h)
{
    const IrExpr *dims[2];
    const IrTileView *v = t->tile_view;
    dims[H->axis] = ir_dim_const(H->ir, h);
    dims[1 - H->axis] = t->dims[1 - H->axis];
    if (v && v->nvalid == 2) {
        const IrExpr *valid[2];
        valid[H->axis] = dims[H->axis];
        valid[1 - H->axis] = v->valid_shape[1 - H->axis];
        const IrTileView *nv = ir_tile_view(H->ir, 2, valid, v->nstride, v->stride, v->start_offset,
                                            (TileLayout)v->blayout, (TileLayout)v->slayout, v->fractal, (TilePad)v->pad);
        v = v->space ? ir_tile_view_in(H->ir, nv, v->space) : nv;
    }
    return ir_type_tile(H->ir, (DataType)t->dtype, 2, dims, t->memref, v);
}

/* A two-element list (offsets, shapes) with element axis replaced. */
static const IrExpr *with_elem(Halve *H, const IrExpr *list, const IrExpr *e)
{
    const IrMakeTuple *t = IR_AS(IrMakeTuple, list);
    const IrExpr *elems[2];
    elems[H->axis] = e;
    elems[1 - H->axis] = t->elems[1 - H->axis];
    return ir_make_tuple(H->ir, 2, elems, list->span);
}

static int is_pair(const IrExpr *e) { return e->kind == EXPR_MAKE_TUPLE && IR_AS(IrMakeTuple, e)->n == 2; }

/* offsets moved to the lane's half: offset + lane * h on the split axis. */
static const IrExpr *moved(Halve *H, const IrExpr *offsets, int64_t h)
{
    const IrExpr *o = IR_AS(IrMakeTuple, offsets)->elems[H->axis];
    const IrExpr *step = ir_binary(H->ir, BIN_MUL, DT_INDEX, H->lane, ir_const_int(H->ir, h, DT_INDEX, o->span), o->span);
    int64_t v;
    return with_elem(H, offsets, ir_dim_value(o, &v) && v == 0 ? step : ir_binary(H->ir, BIN_ADD, DT_INDEX, o, step, o->span));
}

/* The call c with args and type t (its callee and kwargs kept). */
static const IrExpr *recall(Halve *H, const IrCall *c, const IrExpr *const *args, const IrType *t)
{
    return ir_call(H->ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, t, c->e.span);
}

/* Deduces c's type again with args; NULL after reporting. */
static const IrType *deduce(Halve *H, const IrCall *c, const IrExpr *const *args)
{
    OpError err;
    char buf[64];
    const IrType *t = op_deduce(H->ir, callee_op(c->callee), args, c->nargs, c->kwargs, c->nkwargs, &err);
    if (!t)
        fail(H, c->e.span, "'%s' on one AIV lane's half of its operands: %s", name_of(c, buf, sizeof buf), err.msg);
    return t;
}

/* pl.load of a box: its half, at the lane's offset. */
static const IrExpr *halve_load(Halve *H, const IrCall *c)
{
    const IrExpr **args;
    const IrExpr *r;
    int64_t n, h, valid;
    char buf[64];
    if (!is_split(H, c->type))
        return &c->e;
    if (c->nargs < 4 || !is_pair(c->args[1]) || !is_pair(c->args[2]) || !is_pair(c->args[3]) ||
        !split_extent(H, c->type, &n)) {
        fail(H, c->e.span, "'%s' of a box whose extent on the split axis is only known at run time: a pl.split_aiv "
                           "region of mode %s halves constant extents only",
             name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
        return NULL;
    }
    if (!ir_dim_value(IR_AS(IrMakeTuple, c->args[3])->elems[H->axis], &valid) || valid != n) {
        fail(H, c->e.span, "'%s' of a partly valid box: a pl.split_aiv region of mode %s halves whole boxes only",
             name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
        return NULL;
    }
    if (!(h = half_of(H, &c->e, "the loaded box", n)))
        return NULL;
    args = xmalloc(c->nargs * sizeof *args);
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[1] = moved(H, c->args[1], h);
    args[2] = with_elem(H, c->args[2], ir_dim_const(H->ir, h));
    args[3] = with_elem(H, c->args[3], ir_dim_const(H->ir, h));
    r = recall(H, c, args, halve_type(H, c->type, h));
    free(args);
    ptrmap_put(&H->half, r, (void *)1);
    return r;
}

/* pl.store of a lane's half: into the lane's half of the window. */
static const IrExpr *halve_store(Halve *H, const IrCall *c)
{
    const IrExpr **args;
    const IrExpr *r;
    int64_t h;
    char buf[64];
    if (c->nargs < 3 || !ptrmap_get(&H->half, c->args[0]))
        return &c->e;
    if (!is_pair(c->args[1]) || !is_pair(c->args[2])) {
        fail(H, c->e.span, "'%s' with offsets that are not a list of two: a pl.split_aiv region of mode %s moves "
                           "each lane's store to its half",
             name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
        return NULL;
    }
    split_extent(H, ir_expr_type(H->ir, c->args[0]), &h);
    args = xmalloc(c->nargs * sizeof *args);
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[1] = moved(H, c->args[1], h);
    args[2] = with_elem(H, c->args[2], ir_dim_const(H->ir, h));
    r = recall(H, c, args, c->type);
    free(args);
    return r;
}

/* pl.full / pl.create of a tile: the lane's half of it. */
static const IrExpr *halve_make(Halve *H, const IrCall *c)
{
    const IrExpr **args;
    const IrExpr *r;
    const IrType *t;
    int64_t n, h;
    char buf[64];
    if (!is_split(H, c->type))
        return &c->e;
    if (!is_pair(c->args[0]) || !split_extent(H, c->type, &n)) {
        fail(H, c->e.span, "'%s' of a shape only known at run time: a pl.split_aiv region of mode %s halves "
                           "constant extents only",
             name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
        return NULL;
    }
    if (!(h = half_of(H, &c->e, "the made tile", n)))
        return NULL;
    args = xmalloc(c->nargs * sizeof *args);
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[0] = with_elem(H, c->args[0], ir_dim_const(H->ir, h));
    t = deduce(H, c, args);
    r = t ? recall(H, c, args, t) : NULL;
    free(args);
    if (r)
        ptrmap_put(&H->half, r, (void *)1);
    return r;
}

/* Ops that compute each row (and column) of their result from the same
 * row (column) of their operands, and reductions and broadcasts along
 * either axis: on the lanes' halves they compute the result's halves,
 * unless they reduce across the split axis (the result check below). */
static int lane_local(OpClass cls)
{
    switch (cls) {
    case OPCL_UNARY: case OPCL_UNARY_TMP_ARG: case OPCL_ELEM2: case OPCL_ELEM2_SCRATCH: case OPCL_ELEM2_TMP_ARG:
    case OPCL_ELEM2_MASK_ARG: case OPCL_ELEM3: case OPCL_SEL: case OPCL_SEL_TMP_ARG: case OPCL_TILE_SCALAR:
    case OPCL_TILE_SCALAR_SCRATCH: case OPCL_TILE_SCALAR_TMP_ARG: case OPCL_TILE_SCALAR_TILE: case OPCL_CMP:
    case OPCL_CMPS: case OPCL_CAST: case OPCL_SELS: case OPCL_SELS_TMP_ARG: case OPCL_EXPANDS: case OPCL_ROW_REDUCE:
    case OPCL_REDUCE: case OPCL_COL_REDUCE: case OPCL_COL_REDUCE_TMP: case OPCL_COL_ARG: case OPCL_ROW_EXPAND:
    case OPCL_ROW_EXPAND_OP: case OPCL_ROW_EXPAND_OP_TMP_ARG: case OPCL_COL_EXPAND: case OPCL_ROW_EXPAND_TO:
    case OPCL_COL_EXPAND_OP:
        return 1;
    default:
        return 0;
    }
}

/* A lane-local op on halves: its type again, the halving checked. */
static const IrExpr *halve_compute(Halve *H, const IrCall *c)
{
    const IrType *t = deduce(H, c, c->args);
    int64_t n_old, n_new;
    char buf[64];
    if (!t)
        return NULL;
    if (t->kind != TYPE_TILE)
        goto refused;
    if (!split_extent(H, c->type, &n_old) || !split_extent(H, t, &n_new))
        goto refused;
    if (n_old == 1) {
        fail(H, c->e.span, "'%s' reduces across the axis a pl.split_aiv region of mode %s halves between the AIV "
                           "lanes, which would need the other lane's half; reduce outside the region, or use "
                           "pl.SplitMode.NONE",
             name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
        return NULL;
    }
    if (n_new * 2 != n_old)
        goto refused;
    {
        const IrExpr *r = recall(H, c, c->args, t);
        ptrmap_put(&H->half, r, (void *)1);
        return r;
    }
refused:
    fail(H, c->e.span, "'%s' is not split between the AIV lanes by a pl.split_aiv region of mode %s",
         name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
    return NULL;
}

/* Is some argument of c a lane's half?  Reports a whole tile from outside
 * the region (the lanes would each compute on all of it). */
static int reads_half(Halve *H, const IrCall *c)
{
    int any = 0;
    char buf[64];
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrExpr *a = c->args[i];
        if (ptrmap_get(&H->half, a)) {
            any = 1;
            continue;
        }
        if (a->kind == EXPR_VAR && is_split(H, IR_AS(IrVar, a)->type)) {
            fail(H, c->e.span, "'%s' reads tile '%s', made outside the pl.split_aiv region that halves its tiles "
                             "between the AIV lanes; make it in the region",
                 name_of(c, buf, sizeof buf), IR_AS(IrVar, a)->name);
            return -1;
        }
    }
    return any;
}

static const IrExpr *halve_call(Halve *H, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int half = reads_half(H, c);
    char buf[64];
    if (half < 0)
        return NULL;
    if (op && op->cls == OPCL_LOAD)
        return halve_load(H, c);
    if (op && op->cls == OPCL_STORE)
        return halve_store(H, c);
    if (op && (op->cls == OPCL_CREATE || op->cls == OPCL_FULL))
        return halve_make(H, c);
    if (op && lane_local((OpClass)op->cls) && (half || is_split(H, c->type)))
        return halve_compute(H, c);
    if (half || is_split(H, c->type) || (c->type && c->type->kind == TYPE_TENSOR)) {
        fail(H, c->e.span,
             "'%s' is not split between the AIV lanes by a pl.split_aiv region of mode %s (it halves tile loads, "
             "stores and the ops that work on each row and column)",
             name_of(c, buf, sizeof buf), split_mode_name((SplitMode)H->mode));
        return NULL;
    }
    return &c->e;
}

static const IrExpr *expr_hook(IrMutator *m, const IrExpr *e)
{
    Halve *H = m->data;
    const IrExpr *r;
    if (H->failed || e->kind != EXPR_CALL)
        return e;
    r = halve_call(H, IR_AS(IrCall, e));
    return r ? r : e;
}

/* An assignment of a half: to the variable's halved twin (one per
 * variable, so that its later assignments stay one variable). */
static const IrStmt *stmt_hook(IrMutator *m, const IrStmt *s)
{
    Halve *H = m->data;
    const IrAssign *a;
    const IrVar *nv;
    int64_t h;
    if (H->failed || s->kind != STMT_ASSIGN)
        return s;
    a = IR_AS(IrAssign, s);
    if (!ptrmap_get(&H->half, a->value) || a->var->type->kind != TYPE_TILE || a->var->type->n != 2)
        return s;
    if (!(nv = ptrmap_get(&H->renamed, a->var))) {
        split_extent(H, ir_expr_type(H->ir, a->value), &h);
        nv = ir_var_new(H->ir, a->var->name, halve_type(H, a->var->type, h), a->var->e.span);
        ptrmap_put(&H->renamed, a->var, (void *)nv);
        ptrmap_put(&H->half, nv, (void *)1);
        ptrmap_put(H->halved, a->var, (void *)1);
    }
    ir_mutator_replace(m, a->var, &nv->e);
    return ir_assign(H->ir, nv, a->value, s->span);
}

const IrStmt *split_lanes_halve(PassCtx *pc, const IrStmt *body, const IrExpr *lane, int mode, PtrMap *halved)
{
    Halve H;
    IrMutator m;
    const IrStmt *r;
    memset(&H, 0, sizeof H);
    H.pc = pc;
    H.ir = pc->ir;
    H.lane = lane;
    H.mode = mode;
    H.axis = mode == SPLIT_LEFT_RIGHT ? 1 : 0;
    H.halved = halved;
    ptrmap_init(&H.half);
    ptrmap_init(&H.renamed);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.expr = expr_hook;
    m.stmt = stmt_hook;
    m.data = &H;
    r = ir_mutate_stmt(&m, body);
    ptrmap_free(&H.half);
    ptrmap_free(&H.renamed);
    return H.failed ? NULL : r;
}

typedef struct Outside {
    PassCtx *pc;
    Span at;                 /* the statement being walked */
    const PtrMap *halved;
    int ok;
} Outside;

static int outside_pre(IrWalker *w, const IrExpr *e)
{
    Outside *o = w->data;
    if (e->kind == EXPR_VAR && ptrmap_get(o->halved, e) && o->ok) {
        diag_error(o->pc->diag, o->at,
                   "'%s' holds one AIV lane's half of a tile outside the pl.split_aiv region that made it; store it "
                   "in the region",
                   IR_AS(IrVar, e)->name);
        o->ok = 0;
    }
    return o->ok;
}

static int outside_stmt(IrWalker *w, const IrStmt *s)
{
    Outside *o = w->data;
    o->at = s->span;
    return o->ok;
}

int split_lanes_check_outside(PassCtx *pc, const IrStmt *s, const PtrMap *halved)
{
    IrWalker w;
    Outside o;
    if (!halved->count)
        return 1;
    memset(&w, 0, sizeof w);
    o.pc = pc;
    o.halved = halved;
    o.ok = 1;
    w.pre_expr = outside_pre;
    w.pre_stmt = outside_stmt;
    w.data = &o;
    ir_walk_stmt(&w, s);
    return o.ok;
}

/* ------------------------------------------------- shards of tensors */

/* A crossing of a split_aiv region that needs the cross-core pipe: every
 * pl.aiv_shard or pl.aic_gather but a shard of a tensor of even extent
 * on the split axis, which split_lanes_shard_views makes a view. */
static int is_pipe_crossing(const IrExpr *e, const void *ctx)
{
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    const int *mode = ctx;
    const IrCall *c;
    const IrType *t;
    int64_t n;
    if (!op || !(op->cls == OPCL_XCORE_SHARD || op_is(op, OP_TENSOR_AIV_SHARD) || op_is(op, OP_TENSOR_AIC_GATHER)))
        return 0;
    if (!op_is(op, OP_TENSOR_AIV_SHARD))
        return 1;
    c = IR_AS(IrCall, e);
    t = c->nargs ? c->args[0]->kind == EXPR_CALL ? IR_AS(IrCall, c->args[0])->type : NULL : NULL;
    if (!t && c->nargs && ir_is_var_like(c->args[0]))
        t = IR_AS(IrVar, c->args[0])->type;
    return !t || t->kind != TYPE_TENSOR || t->n != 2 || ir_call_kwarg(c, "lane_stride") ||
           !ir_dim_value(t->dims[*mode == SPLIT_UP_DOWN ? 0 : 1], &n) || n % 2;
}

int split_lanes_shards_only(const IrStmt *body, int mode)
{
    return !ir_stmt_any(body, NULL, is_pipe_crossing, &mode);
}

typedef struct ShardView {
    IrCtx *ir;
    const IrExpr *lane;
    uint32_t axis;
    int failed;
    OpError err;
} ShardView;

static const IrExpr *shard_view_hook(IrMutator *m, const IrExpr *e)
{
    ShardView *V = m->data;
    const IrCall *c;
    const IrType *t, *vt;
    const IrExpr *dims[2], *offs[2], *args[4];
    int64_t n;
    if (e->kind != EXPR_CALL || !op_is(callee_op(IR_AS(IrCall, e)->callee), OP_TENSOR_AIV_SHARD))
        return e;
    c = IR_AS(IrCall, e);
    t = ir_expr_type(V->ir, c->args[0]);
    if (!ir_dim_value(t->dims[V->axis], &n))
        return e;
    dims[0] = t->dims[0];
    dims[1] = t->dims[1];
    dims[V->axis] = ir_dim_const(V->ir, n / 2);
    offs[0] = offs[1] = ir_const_int(V->ir, 0, DT_INDEX, e->span);
    offs[V->axis] = ir_binary(V->ir, BIN_MUL, DT_INDEX, V->lane, ir_const_int(V->ir, n / 2, DT_INDEX, e->span), e->span);
    args[0] = c->args[0];
    args[1] = ir_make_tuple(V->ir, 2, dims, e->span);
    args[2] = ir_make_tuple(V->ir, 2, offs, e->span);
    args[3] = args[1];   /* all of the half valid */
    if (!(vt = op_deduce(V->ir, op_by_id(OP_TENSOR_VIEW), args, 4, NULL, 0, &V->err))) {
        V->failed = 1;
        return e;
    }
    return ir_call(V->ir, &op_by_id(OP_TENSOR_VIEW)->callee, 4, args, 0, NULL, vt, e->span);
}

const IrStmt *split_lanes_shard_views(PassCtx *pc, const IrStmt *body, const IrExpr *lane, int mode)
{
    IrMutator m;
    ShardView V;
    memset(&m, 0, sizeof m);
    memset(&V, 0, sizeof V);
    V.ir = pc->ir;
    V.lane = lane;
    V.axis = mode == SPLIT_UP_DOWN ? 0 : 1;
    m.ctx = pc->ir;
    m.expr = shard_view_hook;
    m.data = &V;
    body = ir_mutate_stmt(&m, body);
    if (V.failed)
        ICE("a lane's half of a tensor as a view: %s", V.err.msg);
    return body;
}
