/* ops_block_mem.c: block ops that create tiles, move data between global
 * memory and the on-chip buffers, or reinterpret a tile (ops.md 5.1 and
 * 5.8): get_block_idx, create_tile, full, alloc, load, store, l0c_store,
 * move, vec_move, view, reshape, transpose.
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"

#include <math.h>
#include "ir/ops_internal.h"

/* ------------------------------------------------------------ deduction */

const IrType *deduce_get_block_idx(DeduceCtx *dc) { return ir_type_scalar(dc->ir, DT_UINT64); }

/* dtype kwarg (required) as a DataType; 0 after an error. */
static int dtype_kwarg(DeduceCtx *dc, const char *name, DataType *out)
{
    int64_t v;
    if (op_kwarg_int(dc, name, &v) != 1)
        return 0;
    if (v < 0 || v >= DT_COUNT) {
        op_fail(dc, -1, "%s is not a data type", name);
        return 0;
    }
    *out = (DataType)v;
    return 1;
}

static int memspace_kwarg(DeduceCtx *dc, MemorySpace *out)
{
    int64_t v;
    if (op_kwarg_int(dc, "target_memory", &v) != 1)
        return 0;
    if (v < 0 || v >= MS_COUNT) {
        op_fail(dc, -1, "target_memory is not a memory space");
        return 0;
    }
    *out = (MemorySpace)v;
    return 1;
}

const IrType *deduce_create_tile(DeduceCtx *dc)
{
    const IrExpr *const *shape;
    uint32_t n;
    DataType dt;
    MemorySpace ms;
    if (!op_const_shape_arg(dc, 0, &n, &shape) || !dtype_kwarg(dc, "dtype", &dt) || !memspace_kwarg(dc, &ms))
        return NULL;
    return op_make_tile(dc, dt, n, shape, NULL);
}

const IrType *deduce_full(DeduceCtx *dc)
{
    const IrExpr *const *shape;
    uint32_t n;
    DataType dt;
    if (!op_const_shape_arg(dc, 0, &n, &shape) || !op_need_scalar(dc, 1) || !dtype_kwarg(dc, "dtype", &dt))
        return NULL;
    if (dc->args[1]->kind == EXPR_CONST_FLOAT && !dtype_is_float(dt))
        return deduce_fail(dc, 1, "the fill value %g is not a whole number in the range of %s",
                           IR_AS(IrConstFloat, dc->args[1])->value, dtype_name(dt));
    if (dc->args[1]->kind == EXPR_CONST_FLOAT && dtype_float_max(dt) &&
        fabs(IR_AS(IrConstFloat, dc->args[1])->value) > dtype_float_max(dt))
        return deduce_fail(dc, 1, "the fill value %g is out of the range of %s", IR_AS(IrConstFloat, dc->args[1])->value,
                           dtype_name(dt));
    if (dc->args[1]->kind == EXPR_CONST_INT && dtype_is_int(dt) && dtype_bits(dt) < 64 &&
        !dtype_int_fits(dt, IR_AS(IrConstInt, dc->args[1])->value))
        return deduce_fail(dc, 1, "the fill value %lld is out of the range of %s",
                           (long long)IR_AS(IrConstInt, dc->args[1])->value, dtype_name(dt));
    return op_make_tile(dc, dt, n, shape, NULL);
}

/* ops.md 5.1: the fill value is typed with the tile's dtype when it is a
 * literal, so it prints and lowers as a constant of the tile's type.  A
 * negated literal counts as a literal; any other expression is kept. */
void normalize_full(DeduceCtx *dc, const IrExpr **args)
{
    const IrKwarg *kw = deduce_kwarg(dc, "dtype");
    const IrExpr *v = args[1];
    int neg = 0;
    DataType dt;
    if (!kw || kw->kind != KW_DTYPE || kw->v.i < 0 || kw->v.i >= DT_COUNT)
        return;
    dt = (DataType)kw->v.i;
    if (v->kind == EXPR_UNARY && v->op == UN_NEG && ir_is_const_number(IR_AS(IrUnary, v)->operand)) {
        neg = 1;
        v = IR_AS(IrUnary, v)->operand;
    }
    if (v->kind == EXPR_CONST_INT) {
        int64_t x = IR_AS(IrConstInt, v)->value;
        if (neg && x == INT64_MIN)
            return;
        args[1] = ir_const_int(dc->ir, neg ? -x : x, dt, args[1]->span);
    } else if (v->kind == EXPR_CONST_FLOAT) {
        double x = IR_AS(IrConstFloat, v)->value;
        if (neg)
            x = -x;
        if (dtype_is_float(dt))
            args[1] = ir_const_float(dc->ir, x, dt, args[1]->span);
        else if (x == floor(x) && x >= -9.2e18 && x <= 9.2e18)
            args[1] = ir_const_int(dc->ir, (int64_t)x, dt, args[1]->span);   /* 2.0 for an INT32 tile */
        /* else: left as a float, which deduce_full rejects */
    }
}

const IrType *deduce_alloc(DeduceCtx *dc)
{
    int64_t ms;
    if (!op_const_int_value(dc->args[0], &ms) || ms < 0 || ms >= MS_COUNT)
        return op_fail(dc, 0, "first argument must be a memory space constant");
    /* The scratch region of AllocateMemoryAddr is where vector ops keep
     * their temporary tiles. */
    for (uint32_t i = 0; i < dc->nkwargs; i++)
        if (strcmp(dc->kwargs[i].key, "scratch") == 0 && dc->kwargs[i].v.i && ms != MS_VEC)
            return op_fail(dc, 0, "a scratch region must be in the Vec memory space");
    return ir_type_memref(dc->ir);
}

/* The offsets and shapes of a load or store: tuples of equal, non-zero
 * length. */
static int region_args(DeduceCtx *dc, uint32_t *n, const IrExpr *const **offsets, const IrExpr *const **shapes)
{
    uint32_t no, ns;
    if (!op_tuple_arg(dc, 1, "offsets", 0, &no, offsets) || !op_tuple_arg(dc, 2, "shapes", 0, &ns, shapes))
        return 0;
    if (no != ns) {
        op_fail(dc, -1, "offsets and shapes must have the same length, got %u offsets and %u shapes", (unsigned)no,
                (unsigned)ns);
        return 0;
    }
    if (ns == 0) {
        op_fail(dc, 2, "shapes must have at least one dimension");
        return 0;
    }
    *n = ns;
    return 1;
}

/* A static region of `extents` at `offsets` past the tensor's edge is an
 * error here, not a fault at run time (a region of another rank is the
 * lowering's to judge). */
static int region_fits(DeduceCtx *dc, const IrType *tensor, uint32_t n, const IrExpr *const *offsets,
                       const IrExpr *const *extents)
{
    return n != tensor->n || op_window_fits(dc, 1, tensor, extents, offsets);
}

const IrType *deduce_load(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *const *offsets, *const *shapes;
    const IrTileView *view = NULL;
    uint32_t n;
    MemorySpace ms;
    if (!(t = op_need_tensor(dc, 0)) || !region_args(dc, &n, &offsets, &shapes) ||
        !region_fits(dc, t, n, offsets, shapes) || !memspace_kwarg(dc, &ms))
        return NULL;
    if (ms != MS_VEC && ms != MS_MAT)
        return op_fail(dc, -1,
                       "target_memory must be pl.MemorySpace.Vec or pl.MemorySpace.Mat, got "
                       "pl.MemorySpace.%s",
                       memspace_name(ms));
    /* L1 (Mat) tiles are stored in the fractal NZ layout the cube unit
     * reads: column-major blocks of row-major boxes. */
    if (ms == MS_MAT)
        view = ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 512);
    return op_make_tile(dc, (DataType)t->dtype, n, shapes, view);
}

const IrType *deduce_store(DeduceCtx *dc)
{
    const IrType *out;
    const IrExpr *const *offsets, *const *shapes;
    uint32_t n;
    if (!op_need_tile(dc, 0) || !(out = op_need_tensor(dc, 3)) || !region_args(dc, &n, &offsets, &shapes) ||
        !region_fits(dc, out, n, offsets, shapes))
        return NULL;
    /* The result is the output tensor itself (same type, same MemRef). */
    return out;
}

const IrType *deduce_move(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *dims[2];
    MemorySpace ms;
    int64_t transpose;
    TileLayout bl = TL_ROW_MAJOR, sl = TL_NONE_BOX;
    if (!(t = op_need_tile(dc, 0)) || !memspace_kwarg(dc, &ms) || op_kwarg_int(dc, "transpose", &transpose) != 1)
        return NULL;
    /* The cube unit's operand layouts: Left (L0A) row-major boxes, Right
     * (L0B) column-major boxes. */
    if (ms == MS_LEFT)
        sl = TL_ROW_MAJOR;
    else if (ms == MS_RIGHT)
        sl = TL_COL_MAJOR;
    /* blayout= and slayout= (today's tile.move) give the result's layouts. */
    {
        int64_t v;
        int rb = op_kwarg_int(dc, "blayout", &v);
        if (rb < 0)
            return NULL;
        if (rb == 1 && v >= 0 && v < TL_COUNT)
            bl = (TileLayout)v;
        rb = op_kwarg_int(dc, "slayout", &v);
        if (rb < 0)
            return NULL;
        if (rb == 1 && v >= 0 && v < TL_COUNT)
            sl = (TileLayout)v;
    }
    if (transpose && t->n == 2) {
        dims[0] = t->dims[1];
        dims[1] = t->dims[0];
        if (sl != TL_NONE_BOX) {
            TileLayout x = bl;
            bl = sl;
            sl = x;
        } else {
            bl = bl == TL_ROW_MAJOR ? TL_COL_MAJOR : TL_ROW_MAJOR;
        }
        return op_make_tile(dc, (DataType)t->dtype, 2, dims, ir_tile_view_layout(dc->ir, bl, sl, 512));
    }
    return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, ir_tile_view_layout(dc->ir, bl, sl, 512));
}

const IrType *deduce_vec_move(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    return t ? op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL) : NULL;
}

const IrType *deduce_view(DeduceCtx *dc) { return op_deduce_view(dc, TYPE_TILE); }
/* A reshape names its input's bytes in its input's storage (InitMemRef
 * gives it the input's MemRef): a Mat, Left, Right or Acc tile keeps the
 * layout that says where it lives, so that the rules of that space apply
 * to the new shape before memory planning too (a Vec tile's layout
 * follows from its shape). */
const IrType *deduce_reshape(DeduceCtx *dc)
{
    const IrType *t = op_deduce_reshape(dc, TYPE_TILE), *a = op_need_tile(dc, 0);
    const IrTileView *v = a ? a->tile_view : NULL;
    if (!t || !v || ir_tile_space(a) == MS_VEC)
        return t;
    return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims,
                        ir_tile_view(dc->ir, 0, NULL, 0, NULL, NULL, (TileLayout)v->blayout, (TileLayout)v->slayout,
                                     v->fractal, (TilePad)v->pad));
}
const IrType *deduce_transpose(DeduceCtx *dc) { return op_deduce_transpose(dc, TYPE_TILE); }
