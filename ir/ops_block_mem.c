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

/* Today's index queries are INDEX scalars (pypto src/ir/op/tile_ops/
 * memory.cpp: get_subblock_idx "maps to index type"). */
const IrType *deduce_get_subblock_idx(DeduceCtx *dc) { return ir_type_scalar(dc->ir, DT_INDEX); }

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
    if (ir_space_in_view(ms))
        return op_side_buffer_source(dc, ms);
    /* In Acc, the layout matmul and matmul_acc give (as the reference's
     * tile.create deduces it), so that it can start their accumulation. */
    if (ms == MS_ACC && n == 2)
        return op_make_tile(dc, dt, n, shape, ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 1024));
    /* In Mat, the fractal NZ layout a load into Mat gives (deduce_load),
     * so that the type says where the tile lives before InitMemRef. */
    if (ms == MS_MAT && n == 2)
        return op_make_tile(dc, dt, n, shape, ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 512));
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

/* ci (start, shape, dtype=, descending=): pypto's tile.ci / tensor.ci
 * (pl.arange), pto.tci: a sequence along the last dimension of a shape
 * whose other dimensions are 1 (pto-isa's TCI fills one row), of 16- or
 * 32-bit integers, signed or not (pypto's DeduceTileCiType; PTOAS's
 * TCIOp::verify asks for the width only), from an integer start. */
static int ci_dtype(DataType dt) { return dt == DT_INT16 || dt == DT_INT32 || dt == DT_UINT16 || dt == DT_UINT32; }

const IrType *deduce_ci(DeduceCtx *dc)
{
    const IrExpr *const *shape;
    const IrType *s;
    uint32_t n;
    DataType dt;
    int64_t v;
    if (!(s = op_need_scalar(dc, 0)) || !op_need_int_dtype(dc, 0, s) || !op_const_shape_arg(dc, 1, &n, &shape) ||
        !dtype_kwarg(dc, "dtype", &dt))
        return NULL;
    if (!ci_dtype(dt))
        return op_fail(dc, -1, "dtype must be pl.INT16, pl.INT32, pl.UINT16 or pl.UINT32, got pl.%s", dtype_name(dt));
    for (uint32_t d = 0; d + 1 < n; d++)
        if (ir_dim_value(shape[d], &v) && v != 1) {
            op_fail(dc, 1, "the sequence runs along the last dimension: the others must be 1, dimension %u is %lld",
                    d, (long long)v);
            dc->err->elem = (int)d;
            return NULL;
        }
    if (ir_dim_value(shape[n - 1], &v) && v == 1)
        return op_fail(dc, 1, "the last dimension must not be 1 (pto.tci)");
    if (dc->args[0]->kind == EXPR_CONST_INT && !dtype_int_fits(dt, IR_AS(IrConstInt, dc->args[0])->value))
        return op_fail(dc, 0, "start %lld is out of the range of %s", (long long)IR_AS(IrConstInt, dc->args[0])->value,
                       dtype_name(dt));
    return op_make_tile(dc, dt, n, shape, NULL);
}

/* tri(diagonal, shape, valid_shape, dtype=, upper=): a static 2-D shape,
 * an integer diagonal, its valid shape (pypto's tile.tri). */
const IrType *deduce_tri_mask(DeduceCtx *dc)
{
    const IrExpr *const *shape, *const *valid;
    const IrType *s;
    uint32_t n;
    DataType dt;
    if (!(s = op_need_scalar(dc, 0)) || !op_need_int_dtype(dc, 0, s) || !op_const_shape_arg(dc, 1, &n, &shape) ||
        !dtype_kwarg(dc, "dtype", &dt))
        return NULL;
    if (n != 2)
        return op_fail(dc, 1, "a triangular mask is 2-D, got a shape of %u dimensions", n);
    if (!op_valid_shape_arg(dc, 2, n, shape, &valid))
        return NULL;
    return op_make_tile(dc, dt, n, shape, valid ? op_view_with_valid(dc, NULL, n, valid) : NULL);
}

/* A literal start is typed with the sequence's dtype (pto.tci: "S and dst
 * element type ... exactly the same type"). */
void normalize_ci(DeduceCtx *dc, const IrExpr **args)
{
    const IrKwarg *kw = deduce_kwarg(dc, "dtype");
    DataType dt = kw && kw->kind == KW_DTYPE && kw->v.i >= 0 && kw->v.i < DT_COUNT ? (DataType)kw->v.i : DT_INT32;
    if (args[0]->kind == EXPR_CONST_INT && ci_dtype(dt))
        args[0] = ir_const_int(dc->ir, IR_AS(IrConstInt, args[0])->value, dt, args[0]->span);
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

/* The extents a load into a 2-D tile valid in part (valid; NULL: all of
 * it) reads of a window of rank n > 2: the valid columns, and the valid
 * rows where they are the last leading dimension's (those before it are
 * 1), as the transfer moves them. */
static const IrExpr *const *nd_read(DeduceCtx *dc, uint32_t n, const IrExpr *const *shapes, const IrExpr *const *valid)
{
    const IrExpr **e;
    int one = 1;
    int64_t v;
    if (!valid)
        return shapes;
    e = arena_array(&dc->ir->arena, n, sizeof *e);
    for (uint32_t d = 0; d < n; d++) {
        e[d] = shapes[d];
        one = one && (d + 2 >= n || (ir_dim_value(shapes[d], &v) && v == 1));
    }
    if (one)
        e[n - 2] = valid[0];
    e[n - 1] = valid[1];
    return e;
}

const IrType *deduce_load(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *const *offsets, *const *shapes, *const *valid;
    const IrTileView *view = NULL;
    uint32_t n;
    int64_t last;
    MemorySpace ms;
    if (!(t = op_need_tensor(dc, 0)) || !region_args(dc, &n, &offsets, &shapes) || !memspace_kwarg(dc, &ms))
        return NULL;
    if (ms != MS_VEC && ms != MS_MAT)
        return op_fail(dc, -1,
                       "target_memory must be pl.MemorySpace.Vec or pl.MemorySpace.Mat, got "
                       "pl.MemorySpace.%s",
                       memspace_name(ms));
    /* L1 (Mat) tiles are stored in the fractal NZ layout the cube unit
     * reads: column-major blocks of row-major boxes. */
    /* A DN tensor (column-major) loads into the transposed boxes (ZN), as
     * pypto's tile.load makes it, and into a column-major Vec tile, the
     * one pto-isa's TLOAD moves it to (DN2DN). */
    int dn = t->n == 2 && t->tensor_view && t->tensor_view->layout == TENSOR_DN;
    if (ms == MS_MAT)
        view = dn ? ir_tile_view_layout(dc->ir, TL_ROW_MAJOR, TL_COL_MAJOR, 512)
                  : ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 512);
    /* A column vector [.., N, 1] in Vec is column-major, as pypto's
     * tile.load makes it: a row of one element fills no 32-byte block. */
    else if ((ir_dim_value(shapes[n - 1], &last) && last == 1 && n >= 2) || (dn && n == 2))
        view = ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_NONE_BOX, 512);
    /* FlattenTileNdTo2D's load: a window of rank 3 or more with a valid
     * shape of rank 2 gives the window's 2-D tile (its leading extents,
     * constants, merged into rows), valid where that says. */
    if (n > 2 && dc->nargs > 3 && dc->args[3]->kind == EXPR_MAKE_TUPLE && IR_AS(IrMakeTuple, dc->args[3])->n == 2) {
        const IrExpr *dims[2];
        int64_t rows;
        if (!ir_dims_rows(n, shapes, &rows))
            return op_fail(dc, 2, "a load into a 2-D tile needs constant leading extents");
        dims[0] = ir_dim_const(dc->ir, rows);
        dims[1] = shapes[n - 1];
        if (!op_valid_shape_arg(dc, 3, 2, dims, &valid) || !region_fits(dc, t, n, offsets, nd_read(dc, n, shapes, valid)))
            return NULL;
        if (valid)
            view = op_view_with_valid(dc, view, 2, valid);
        return op_make_tile(dc, (DataType)t->dtype, 2, dims, view);
    }
    /* Only the valid part is read (pypto's tile.load): the rest of the
     * tile holds whatever its padding says. */
    if (!op_valid_shape_arg(dc, 3, n, shapes, &valid) || !region_fits(dc, t, n, offsets, valid ? valid : shapes))
        return NULL;
    if (valid)
        view = op_view_with_valid(dc, view, n, valid);
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
    if (ir_space_in_view(ms))
        return op_move_into_side_buffer(dc, t, ms, (int)transpose);
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
    /* Into Left or Right the valid part moves with the data (transposed
     * with it): TMATMUL takes m and n from its operands' valid shapes.
     * Other moves keep giving a wholly valid tile, as they always have. */
    {
        const IrExpr *const *tv = ir_tile_valid_dims(t);
        const IrExpr *valid[2];
        int partial = tv != t->dims && t->n == 2 && (ms == MS_LEFT || ms == MS_RIGHT);
        if (transpose && t->n == 2) {
            dims[0] = t->dims[1];
            dims[1] = t->dims[0];
            valid[0] = tv[1];
            valid[1] = tv[0];
            if (sl != TL_NONE_BOX) {
                TileLayout x = bl;
                bl = sl;
                sl = x;
            } else {
                bl = bl == TL_ROW_MAJOR ? TL_COL_MAJOR : TL_ROW_MAJOR;
            }
            return op_make_tile(dc, (DataType)t->dtype, 2, dims,
                                op_view_with_valid(dc, ir_tile_view_in(dc->ir, ir_tile_view_layout(dc->ir, bl, sl, 512), ms),
                                                   partial ? 2 : 0, partial ? valid : NULL));
        }
        /* (a Vec tile in NZ boxes says its space in its view) */
        return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims,
                            op_view_with_valid(dc, ir_tile_view_in(dc->ir, ir_tile_view_layout(dc->ir, bl, sl, 512), ms),
                                               partial ? 2 : 0, partial ? tv : NULL));
    }
}

const IrType *deduce_vec_move(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    return t ? op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL) : NULL;
}

/* slice(tile, shape, offset, valid_shape, pad_value=) (pypto@e2d0f78a
 * language/op/tile_ops.py slice): the window, in the source's memory and
 * layout, valid where both the request and the source are: the source's
 * valid part, shifted by the offset and cut to the window, bounds the
 * request (where both are static; a run-time source extent leaves the
 * request as it is).  pad_value, else the source's, fills the rest. */
const IrType *deduce_view(DeduceCtx *dc)
{
    const IrType *t;
    const IrTileView *sv;
    const IrExpr *const *shape, *const *offset, *const *req;
    const IrExpr *buf[8], **valid;
    uint32_t ns, no;
    int64_t pad = TP_NULL;
    int narrowed = 0;
    if (!(t = op_need_tile(dc, 0)) || !op_tuple_arg(dc, 1, "shape", 1, &ns, &shape) ||
        !op_tuple_arg(dc, 2, "offset", 1, &no, &offset) || op_kwarg_int(dc, "pad_value", &pad) < 0)
        return NULL;
    if (ns == t->n && no == t->n && !op_window_fits(dc, 2, t, shape, offset))
        return NULL;
    if (dc->nargs > 3 && !op_valid_shape_arg(dc, 3, ns, shape, &req))
        return NULL;
    if (dc->nargs <= 3)
        req = NULL;
    sv = t->tile_view;
    if (pad == TP_NULL && sv)
        pad = sv->pad;
    valid = op_dims_scratch(dc, ns, buf, 8);
    for (uint32_t d = 0; d < ns; d++) {
        int64_t sval, off, want;
        valid[d] = req ? req[d] : shape[d];
        narrowed |= req != NULL;
        if (ns != t->n || !sv || sv->nvalid != t->n || !ir_dim_value(sv->valid_shape[d], &sval) ||
            !ir_dim_value(offset[d], &off) || !ir_dim_value(valid[d], &want))
            continue;
        if (sval - off < want) {
            valid[d] = ir_dim_const(dc->ir, sval - off > 0 ? sval - off : 0);
            narrowed = 1;
        }
    }
    if (sv && ir_tile_space(t) != MS_VEC)
        sv = ir_tile_view(dc->ir, 0, NULL, 0, NULL, NULL, (TileLayout)sv->blayout, (TileLayout)sv->slayout,
                          sv->fractal, (TilePad)pad);
    else if (pad != TP_NULL)
        sv = ir_tile_view(dc->ir, 0, NULL, 0, NULL, NULL, TL_ROW_MAJOR, TL_NONE_BOX, 512, (TilePad)pad);
    else
        sv = NULL;
    return op_make_tile(dc, (DataType)t->dtype, ns, shape, narrowed ? op_view_with_valid(dc, sv, ns, valid) : sv);
}

/* fillpad(tile, pad_value=): a tile of the input's shape, valid
 * everywhere, whose elements outside the input's valid part are the pad
 * value (pypto's tile.fillpad; pto-isa's TFILLPAD pads with its
 * destination's PadValue, which the result's type carries). */
static const IrType *fillpad_result(DeduceCtx *dc, uint32_t n, const IrExpr *const *dims);

const IrType *deduce_fillpad(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    return t ? fillpad_result(dc, t->n, t->dims) : NULL;
}

/* fillpad_expand(tile, shape, pad_value=): the same into a tile of a
 * constant shape no smaller than the input's in any dimension (pto-isa's
 * TFILLPAD_EXPAND asserts Rows and Cols at least the source's). */
const IrType *deduce_fillpad_expand(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    const IrExpr *const *dims;
    uint32_t n;
    if (!t || !op_const_shape_arg(dc, 1, &n, &dims))
        return NULL;
    if (n != t->n)
        return op_fail(dc, 1, "shape has %u dimensions for a tile of %u", (unsigned)n, (unsigned)t->n);
    for (uint32_t d = 0; d < n; d++) {
        int64_t want, have;
        if (ir_dim_value(dims[d], &want) && ir_dim_value(t->dims[d], &have) && want < have) {
            op_fail(dc, 1, "shape element %u is %lld, less than the tile's %lld", (unsigned)d, (long long)want,
                    (long long)have);
            dc->err->elem = (int)d;
            return NULL;
        }
    }
    return fillpad_result(dc, n, dims);
}

/* The padded tile of dims: the input's layout, no valid shape, the pad. */
static const IrType *fillpad_result(DeduceCtx *dc, uint32_t n, const IrExpr *const *dims)
{
    const IrType *t = op_arg_type(dc, 0);
    const IrTileView *v;
    int64_t pad = TP_ZERO;
    if (op_kwarg_int(dc, "pad_value", &pad) < 0)
        return NULL;
    if (pad <= TP_NULL || pad >= TP_COUNT)
        return op_fail(dc, -1, "pad_value must be pl.PadValue.zero, max or min");
    v = t->tile_view;
    v = v ? ir_tile_view(dc->ir, 0, NULL, v->nstride, v->stride, v->start_offset, (TileLayout)v->blayout,
                         (TileLayout)v->slayout, v->fractal, (TilePad)pad)
          : ir_tile_view(dc->ir, 0, NULL, 0, NULL, NULL, TL_ROW_MAJOR, TL_NONE_BOX, 512, (TilePad)pad);
    return op_make_tile(dc, (DataType)t->dtype, n, dims, v);
}
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

/* concat(src0, src1): two 2-D tiles (or tensors) of one element type and
 * as many rows side by side, [R, C0 + C1] (pypto@e2d0f78a
 * tile_ops/transform.cpp DeduceTileConcatType, tensor_ops the same). */
const IrType *deduce_concat(DeduceCtx *dc)
{
    const IrType *a, *b;
    const IrExpr *dims[2];
    int64_t ra, rb, ca, cb;
    char b1[128], b2[128];
    if (!(a = op_need_tile(dc, 0)) || !(b = op_need_tile(dc, 1)))
        return NULL;
    if (a->n != 2 || b->n != 2)
        return op_fail(dc, a->n != 2 ? 0 : 1, "concat takes 2-D operands, got %s",
                       type_to_string(dc->ir, a->n != 2 ? a : b, b1, sizeof b1));
    if (a->dtype != b->dtype)
        return op_fail(dc, 1, "the operands' element types differ: %s and %s",
                       op_dtype_str((DataType)a->dtype, b1, sizeof b1), op_dtype_str((DataType)b->dtype, b2, sizeof b2));
    if (!op_dims_may_match(a->dims[0], b->dims[0], &ra, &rb))
        return op_fail(dc, 1, "the operands' rows differ: %lld and %lld", (long long)ra, (long long)rb);
    dims[0] = a->dims[0];
    if (ir_dim_value(a->dims[1], &ca) && ir_dim_value(b->dims[1], &cb))
        dims[1] = ir_const_int(dc->ir, ca + cb, DT_INT64, span_unknown());
    else
        dims[1] = ir_binary(dc->ir, BIN_ADD, DT_INDEX, a->dims[1], b->dims[1], span_unknown());
    return op_make_tile(dc, (DataType)a->dtype, 2, dims, NULL);
}

/* block.assemble(target, source, offset): today's tile.assemble, source
 * written into target at a 2-D offset (pypto tile_ops.py assemble; ISA
 * TINSERT); the result is the target, updated.  The source lies inside the
 * target where that is known, and has its element type but from Acc. */
const IrType *deduce_assemble(DeduceCtx *dc)
{
    const IrType *t, *s;
    const IrExpr *const *off;
    uint32_t no;
    char b1[128], b2[128];
    if (!(t = op_need_tile(dc, 0)) || !(s = op_need_tile(dc, 1)) || !op_tuple_arg(dc, 2, "offset", 0, &no, &off))
        return NULL;
    if (t->n != 2 || s->n != 2)
        return op_fail(dc, t->n != 2 ? 0 : 1, "tile.assemble takes 2-D tiles");
    if (no != 2)
        return op_fail(dc, 2, "the offset has 2 coordinates, got %u", no);
    if (t->dtype != s->dtype && ir_tile_space(s) != MS_ACC)
        return op_fail(dc, 1, "the source's element type (%s) is not the target's (%s)",
                       op_dtype_str((DataType)s->dtype, b1, sizeof b1), op_dtype_str((DataType)t->dtype, b2, sizeof b2));
    for (uint32_t d = 0; d < 2; d++) {
        int64_t n, e;
        if (ir_dim_value(s->dims[d], &n) && ir_dim_value(t->dims[d], &e) && n > e)
            return op_fail(dc, 1, "the source's %s (%lld) exceed the target's (%lld)", d ? "columns" : "rows",
                           (long long)n, (long long)e);
        if (!op_window_dim_fits(dc, 2, d, s->dims[d], off[d], t->dims[d]))
            return NULL;
    }
    /* The target's shape, element type and layouts (its storage is the
     * memory passes' to give). */
    return op_make_tile(dc, (DataType)t->dtype, 2, t->dims, t->tile_view);
}

/* block.extract(src, index_row, index_col, shape, target_memory=):
 * today's tile.extract, the window of a 2-D tile at (index_row,
 * index_col) copied into a tile of the static shape in target_memory
 * (pypto tile_ops.py extract: ISA TEXTRACT, "Standard Extract").  The
 * window lies inside the source where it is known (TEXTRACT's bounds are
 * hard); the result has the source's element type, and the layouts of
 * the cube operands when it is Left or Right, as a move there. */
const IrType *deduce_extract(DeduceCtx *dc)
{
    const IrType *t, *r, *c;
    const IrExpr *const *shape;
    uint32_t ns;
    MemorySpace ms;
    TileLayout sl = TL_NONE_BOX;
    if (!(t = op_need_tile(dc, 0)) || !(r = op_need_scalar(dc, 1)) || !op_need_int_dtype(dc, 1, r) ||
        !(c = op_need_scalar(dc, 2)) || !op_need_int_dtype(dc, 2, c) || !op_const_shape_arg(dc, 3, &ns, &shape) ||
        !memspace_kwarg(dc, &ms))
        return NULL;
    if (ir_space_in_view(ms))
        return op_side_buffer_source(dc, ms);
    if (t->n != 2)
        return op_fail(dc, 0, "the source is a 2-D tile, got rank %u", t->n);
    if (ns != 2)
        return op_fail(dc, 3, "the shape is 2-D, got %u dimensions", ns);
    for (uint32_t d = 0; d < 2; d++) {
        int64_t s, e;
        if (ir_dim_value(shape[d], &s) && ir_dim_value(t->dims[d], &e) && s > e)
            return op_fail(dc, 3, "the window's %s (%lld) exceed the source's (%lld)", d ? "columns" : "rows",
                           (long long)s, (long long)e);
        if (!op_window_dim_fits(dc, 1 + (int)d, d, shape[d], dc->args[1 + d], t->dims[d]))
            return NULL;
    }
    if (ms == MS_LEFT)
        sl = TL_ROW_MAJOR;
    else if (ms == MS_RIGHT)
        sl = TL_COL_MAJOR;
    return op_make_tile(dc, (DataType)t->dtype, 2, shape, ir_tile_view_layout(dc->ir, TL_ROW_MAJOR, sl, 512));
}

/* transpose_view(tile): a 2-D tile's bytes read as its transpose
 * (pypto@e2d0f78a tile_ops/transform.cpp DeduceTileTransposeViewType): a
 * fractal tile and its dual over the same bytes are mutual transposes, so
 * the dims and valid extents swap and each layout's major order flips
 * (NZ and ZN, ND and DN); none_box stays.  A Mat tile read so is ZN,
 * which TMOV takes into Right without transposing. */
static TileLayout flip_major(TileLayout l)
{
    return l == TL_ROW_MAJOR ? TL_COL_MAJOR : l == TL_COL_MAJOR ? TL_ROW_MAJOR : l;
}

const IrType *deduce_transpose_view(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    const IrTileView *v;
    const IrExpr *const *tv;
    const IrExpr **dims, **valid;
    uint32_t n;
    if (!t)
        return NULL;
    if (t->n < 2)
        return op_fail(dc, 0, "needs a tile of two or more dimensions, got one of rank %u", (unsigned)t->n);
    /* N-D: the leading dimensions stay (pypto tile.transpose_view: an NZ
     * [..., N, K] and a ZN [..., K, N] over the same bytes) */
    n = t->n;
    v = t->tile_view;
    tv = ir_tile_valid_dims(t);
    dims = arena_array(&dc->ir->arena, n, sizeof *dims);
    valid = arena_array(&dc->ir->arena, n, sizeof *valid);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t from = i == n - 2 ? n - 1 : i == n - 1 ? n - 2 : i;
        dims[i] = t->dims[from];
        valid[i] = tv[from];
    }
    return op_make_tile(dc, (DataType)t->dtype, n, dims,
                        ir_tile_view(dc->ir, tv != t->dims ? n : 0, valid, 0, NULL, NULL,
                                     flip_major(v ? (TileLayout)v->blayout : TL_ROW_MAJOR),
                                     flip_major(v ? (TileLayout)v->slayout : TL_NONE_BOX), v ? v->fractal : 512,
                                     v ? (TilePad)v->pad : TP_NULL));
}

/* set_validshape(tile, rows, cols): a 2-D tile's bytes with the valid
 * shape [rows, cols] (pypto's tile.set_validshape; pto-isa's
 * Tile::SetValidShape), neither a constant larger than the shape's.  On a
 * tensor (tensor.set_validshape) the view keeps its strides, layout and
 * pad and takes the new valid shape. */
const IrType *deduce_set_validshape(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    const IrExpr *valid[2];
    const char *what;
    if (!t)
        return NULL;
    what = t->kind == TYPE_TENSOR ? "tensor" : "tile";
    if (t->n != 2)
        return op_fail(dc, 0, "needs a 2-D %s, got one of rank %u", what, (unsigned)t->n);
    for (uint32_t d = 0; d < 2; d++) {
        const IrType *s = op_need_scalar(dc, d + 1);
        int64_t x, y;
        if (!s || !op_need_int_dtype(dc, d + 1, s))
            return NULL;
        valid[d] = dc->args[d + 1];
        if (ir_dim_value(valid[d], &x) && x <= 0)
            return op_fail(dc, (int)d + 1, "valid_%s is %lld; an extent must be positive", d ? "cols" : "rows",
                           (long long)x);
        if (ir_dim_value(valid[d], &x) && ir_dim_value(t->dims[d], &y) && x > y)
            return op_fail(dc, (int)d + 1, "valid_%s is %lld, more than the %s's %lld", d ? "cols" : "rows",
                           (long long)x, what, (long long)y);
    }
    if (t->kind == TYPE_TENSOR) {
        const IrTensorView *v = t->tensor_view;
        return op_make_tensor_view(dc, (DataType)t->dtype, 2, t->dims,
                                   ir_tensor_view_valid(dc->ir, v ? v->nstride : 0, v ? v->stride : NULL,
                                                        v ? (TensorLayout)v->layout : TENSOR_ND, 2, valid,
                                                        v ? (TilePad)v->pad : TP_NULL));
    }
    return op_make_tile(dc, (DataType)t->dtype, 2, t->dims, op_view_with_valid(dc, t->tile_view, 2, valid));
}

/* read(tile, indices) and write(tile, indices, value) (pypto@e2d0f78a
 * tile_ops/memory.cpp DeduceTileReadType, DeduceTileWriteType): one
 * element, at an index per dimension or at one flat row-major index (the
 * reference's form for 1-D access); a read is a scalar of the tile's
 * element type, a write the tile itself, written in place.  A constant
 * index must lie inside the tile. */
static int element_indices(DeduceCtx *dc, const IrType *t)
{
    const IrExpr *const *idx;
    uint32_t n;
    int64_t v, e, numel = 1;
    if (!op_tuple_arg(dc, 1, "indices", 0, &n, &idx))
        return 0;
    if (n != t->n && n != 1) {
        op_fail(dc, 1, "expects %u indices for a tile of rank %u, or one flat index, got %u", (unsigned)t->n,
                (unsigned)t->n, (unsigned)n);
        return 0;
    }
    for (uint32_t d = 0; d < t->n; d++)
        numel = ir_dim_value(t->dims[d], &e) && numel > 0 ? numel * e : -1;
    for (uint32_t d = 0; d < n; d++) {
        int64_t extent = n == 1 && t->n != 1 ? numel : ir_dim_value(t->dims[d], &e) ? e : -1;
        if (ir_dim_value(idx[d], &v) && (v < 0 || (extent >= 0 && v >= extent))) {
            if (n == 1 && t->n != 1)
                op_fail(dc, 1, "flat index %lld is out of range for a tile of %lld elements", (long long)v,
                        (long long)extent);
            else
                op_fail(dc, 1, "index %lld is out of range for dimension %u, of extent %lld", (long long)v, d,
                        (long long)extent);
            dc->err->elem = (int)d;
            return 0;
        }
    }
    return 1;
}

const IrType *deduce_tile_read(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    return t && element_indices(dc, t) ? ir_type_scalar(dc->ir, (DataType)t->dtype) : NULL;
}

const IrType *deduce_tile_write(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    if (!t || !element_indices(dc, t) || !op_need_scalar(dc, 2))
        return NULL;
    return t;
}

/* reinterpret_view(data, dtype) (pypto@e2d0f78a tile_ops.py
 * reinterpret_view): the tile's bytes as elements of another type, its
 * physically contiguous dimension (the last; the first of a column-major
 * tile) scaled by the ratio of the element sizes, as its valid extent
 * there; the layouts stay.  Nothing moves (PTOAS treshape, a second Tile
 * at the same address in C++). */
/* reinterpret_view(t, dtype, shape=[...]): the same bytes, all of them
 * valid, in a row-major shape of as many bytes. */
static const IrType *reinterpret_shape(DeduceCtx *dc, const IrType *t, DataType dt)
{
    const IrTileView *v = t->tile_view;
    const IrExpr *const *shape;
    uint32_t n;
    int64_t from = dtype_bits((DataType)t->dtype), x, have = from, want = dtype_bits(dt);
    char b1[64];
    if (!op_tuple_arg(dc, 1, "shape", 0, &n, &shape))
        return NULL;
    if (n < 1 || n > 2)
        return op_fail(dc, 1, "shape= has 1 or 2 dimensions, got %u", n);
    for (uint32_t d = 0; d < t->n; d++) {
        if (!ir_dim_value(t->dims[d], &x))
            return op_fail(dc, 0, "a reinterpretation with shape= needs a tile of a static shape, got %s",
                           type_to_string(dc->ir, t, b1, sizeof b1));
        have *= x;
    }
    for (uint32_t d = 0; d < n; d++) {
        if (!ir_dim_value(shape[d], &x) || x < 1)
            return op_fail(dc, 1, "shape= takes positive integer constants");
        want *= x;
    }
    if (have != want)
        return have % 8 || want % 8
                   ? op_fail(dc, 1, "shape= holds %lld bits of %s, but the tile has %lld", (long long)want,
                             op_dtype_str(dt, b1, sizeof b1), (long long)have)
                   : op_fail(dc, 1, "shape= holds %lld bytes of %s, but the tile has %lld", (long long)(want / 8),
                             op_dtype_str(dt, b1, sizeof b1), (long long)(have / 8));
    if ((v && v->nvalid) || (v && v->blayout == TL_COL_MAJOR))
        return op_fail(dc, 0, "a reinterpretation with shape= takes a wholly valid row-major tile, got %s",
                       type_to_string(dc->ir, t, b1, sizeof b1));
    return op_make_tile(dc, dt, n, shape,
                        v ? ir_tile_view(dc->ir, 0, NULL, 0, NULL, NULL, (TileLayout)v->blayout, (TileLayout)v->slayout,
                                         v->fractal, (TilePad)v->pad)
                          : NULL);
}

const IrType *deduce_reinterpret_view(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    const IrTileView *v;
    const IrExpr *buf[8], **dims, *vbuf[8], **valid = NULL;
    DataType dt;
    int64_t from, to, x;
    uint32_t c;
    char b1[64], b2[64];
    if (!t || !dtype_kwarg(dc, "dtype", &dt))
        return NULL;
    if (dt == (DataType)t->dtype)
        return op_fail(dc, -1, "dtype must differ from the tile's (%s)", op_dtype_str(dt, b1, sizeof b1));
    v = t->tile_view;
    if (dc->nargs == 2)
        return reinterpret_shape(dc, t, dt);
    c = t->n == 2 && v && v->blayout == TL_COL_MAJOR ? 0 : t->n - 1;
    from = dtype_bits((DataType)t->dtype);
    to = dtype_bits(dt);
    dims = op_dims_scratch(dc, t->n, buf, 8);
    memcpy(dims, t->dims, t->n * sizeof *dims);
    if (!ir_dim_value(t->dims[c], &x) || x * from % to != 0)
        return op_fail(dc, 0, "the contiguous dimension of %s does not hold a whole number of %s elements",
                       type_to_string(dc->ir, t, b1, sizeof b1), op_dtype_str(dt, b2, sizeof b2));
    dims[c] = ir_dim_const(dc->ir, x * from / to);
    if (v && v->nvalid == t->n) {
        valid = op_dims_scratch(dc, t->n, vbuf, 8);
        memcpy(valid, v->valid_shape, t->n * sizeof *valid);
        if (!ir_dim_value(valid[c], &x) || x * from % to != 0)
            return op_fail(dc, 0, "the valid extent of the contiguous dimension of %s is not a whole number of %s "
                           "elements", type_to_string(dc->ir, t, b1, sizeof b1), op_dtype_str(dt, b2, sizeof b2));
        valid[c] = ir_dim_const(dc->ir, x * from / to);
    }
    if (!v)
        return op_make_tile(dc, dt, t->n, dims, NULL);
    return op_make_tile(dc, dt, t->n, dims,
                        ir_tile_view(dc->ir, valid ? t->n : 0, valid, 0, NULL, NULL, (TileLayout)v->blayout,
                                     (TileLayout)v->slayout, v->fractal, (TilePad)v->pad));
}
