/* ops_paged.c: the deductions of the paged-gather ops, which fill an
 * on-chip buffer with rows of a tensor in global memory that the kernel
 * chooses (pypto@e2d0f78a tensor_ops/paged_gather.cpp,
 * tile_ops/paged_gather.cpp, type_inference.cpp CheckGatherRowOperands):
 *
 *   tile.gather_row(dst, src, dst_offset, src_offset, shapes,
 *                   transpose=False, *, valid_shape=shapes)
 *       the window `shapes` of src at src_offset (of it only valid_shape)
 *       written into tile dst at dst_offset, dst written in place (its
 *       type is the result's); transpose=True writes the window's rows as
 *       columns;
 *   tensor.gather_row: the same on a tensor accumulator (pl.create_l1);
 *   tensor.create_l1(shape, dtype, transpose=False): that accumulator;
 *   tensor.paged_gather(src, indices, block_table, block_size=, size=,
 *                       max_indices=, ...): rows of a paged pool by
 *       logical index through a page table, [max_indices, size]. */
#include "config.h"
#include "ir/ops_internal.h"

/* An integer kwarg that must be positive (at least `least`). */
static int kwarg_at_least(DeduceCtx *dc, const char *name, int64_t least, int64_t *v)
{
    if (op_kwarg_int(dc, name, v) != 1)
        return 0;
    if (*v < least) {
        op_fail(dc, -1, "%s must be %s, got %lld", name, least > 0 ? "positive" : "at least 0", (long long)*v);
        return 0;
    }
    return 1;
}

/* The operands both gather_row ops share, from argument 1 on: src a
 * tensor of dst's element type, the offsets and windows of rank 2, the
 * window constant (it is the static size of the destination's sub-view)
 * and valid_shape within it; with transpose, valid_shape constant too
 * (pypto: the transposing path takes no run-time column extent).  What
 * is written must fit dst, what is read src, where that is known. */
static int gather_row_operands(DeduceCtx *dc, const IrType *dst)
{
    const IrType *src;
    const IrExpr *const *doff, *const *soff, *const *win, *const *valid;
    const IrExpr *written[2];
    uint32_t nd, ns, nw;
    int64_t transpose, v;
    char a[160], b[160];
    if (!(src = op_need_tensor(dc, 1)))
        return 0;
    if (src->dtype != dst->dtype) {
        op_fail(dc, 1, "the source %s must have the destination's element type %s",
                type_to_string(dc->ir, src, a, sizeof a), op_dtype_str((DataType)dst->dtype, b, sizeof b));
        return 0;
    }
    if (dst->n != 2 || src->n != 2) {
        op_fail(dc, dst->n != 2 ? 0 : 1, "the destination and the source must have 2 dimensions, got %s and %s",
                type_to_string(dc->ir, dst, a, sizeof a), type_to_string(dc->ir, src, b, sizeof b));
        return 0;
    }
    if (!op_tuple_arg(dc, 2, "dst_offset", 0, &nd, &doff) || !op_tuple_arg(dc, 3, "src_offset", 0, &ns, &soff) ||
        !op_tuple_arg(dc, 4, "shapes", 0, &nw, &win))
        return 0;
    if (nd != 2 || ns != 2 || nw != 2) {
        op_fail(dc, nd != 2 ? 2 : ns != 2 ? 3 : 4, "dst_offset, src_offset and shapes must have 2 elements, got %u, %u "
                "and %u", (unsigned)nd, (unsigned)ns, (unsigned)nw);
        return 0;
    }
    for (uint32_t d = 0; d < 2; d++)
        if (!ir_dim_value(win[d], &v) || v <= 0) {
            op_fail(dc, 4, "shapes element %u must be a positive constant (it is the static size of the destination's "
                    "sub-view); give a run-time extent as valid_shape=", (unsigned)d);
            return 0;
        }
    if (!op_valid_shape_arg(dc, 5, 2, win, &valid))
        return 0;
    if (!valid)
        valid = win;
    for (uint32_t d = 0; d < 2; d++)
        if (ir_dim_value(valid[d], &v) && v < 0) {
            op_fail(dc, 5, "valid_shape element %u is negative: %lld", (unsigned)d, (long long)v);
            return 0;
        }
    if (op_kwarg_int(dc, "transpose", &transpose) != 1)
        return 0;
    if (transpose)
        for (uint32_t d = 0; d < 2; d++)
            if (!ir_dim_value(valid[d], &v)) {
                op_fail(dc, 5, "transpose=True takes a constant valid_shape only (pypto has no transposing gather of a "
                        "run-time extent)");
                return 0;
            }
    /* Rows read from src; rows (columns, transposed) written into dst. */
    if (!op_window_dim_fits(dc, 3, 0, valid[0], soff[0], src->dims[0]) ||
        !op_window_dim_fits(dc, 3, 1, valid[1], soff[1], src->dims[1]))
        return 0;
    written[0] = valid[transpose ? 1 : 0];
    written[1] = valid[transpose ? 0 : 1];
    return op_window_dim_fits(dc, 2, 0, written[0], doff[0], dst->dims[0]) &&
           op_window_dim_fits(dc, 2, 1, written[1], doff[1], dst->dims[1]);
}

/* tile.gather_row: dst a Vec or Mat tile; the result is dst, written. */
const IrType *deduce_gather_row(DeduceCtx *dc)
{
    const IrType *dst = op_need_tile(dc, 0);
    int ms;
    if (!dst)
        return NULL;
    ms = ir_tile_space(dst);
    if (ms != MS_VEC && ms != MS_MAT)
        return op_fail(dc, 0, "the destination must be a Vec or Mat tile, got pl.MemorySpace.%s",
                       memspace_name((MemorySpace)ms));
    return gather_row_operands(dc, dst) ? dst : NULL;
}

/* tensor.gather_row: acc a tensor (pl.create_l1's); the result is acc. */
const IrType *deduce_tensor_gather_row(DeduceCtx *dc)
{
    const IrType *acc = op_need_tensor(dc, 0);
    return acc && gather_row_operands(dc, acc) ? acc : NULL;
}

/* tensor.create_l1(shape, dtype, transpose=): a 2-D tensor of the shape,
 * which the kernel's L1 holds. */
const IrType *deduce_create_l1(DeduceCtx *dc)
{
    const IrExpr *const *shape;
    uint32_t n;
    int64_t dt;
    if (!op_const_shape_arg(dc, 0, &n, &shape) || op_kwarg_int(dc, "dtype", &dt) != 1)
        return NULL;
    if (n != 2)
        return op_fail(dc, 0, "an L1 accumulator has 2 dimensions, got %u", (unsigned)n);
    return op_make_tensor(dc, (DataType)dt, n, shape);
}

/* tensor.paged_gather: src a 2-D pool of FP16, BF16, FP32 or INT8;
 * indices and block_table INT32, of one dimension or [1, n]; the result
 * [max_indices, size] (is_trans: [size, max_indices]), of src's type. */
static int index_tensor_ok(DeduceCtx *dc, uint32_t i, const char *what)
{
    const IrType *t = op_need_tensor(dc, i);
    int64_t r;
    char a[160];
    if (!t)
        return 0;
    if (t->dtype != DT_INT32 || (t->n != 1 && t->n != 2) ||
        (t->n == 2 && (!ir_dim_value(t->dims[0], &r) || r != 1))) {
        op_fail(dc, (int)i, "%s must be an INT32 tensor of one dimension or of shape [1, n], got %s", what,
                type_to_string(dc->ir, t, a, sizeof a));
        return 0;
    }
    return 1;
}

const IrType *deduce_paged_gather(DeduceCtx *dc)
{
    const IrType *src = op_need_tensor(dc, 0);
    const IrExpr *dims[2];
    int64_t block_size, size, max_indices, col_off, is_trans, space, cols;
    char a[160];
    if (!src)
        return NULL;
    if (src->n != 2 || (src->dtype != DT_FP16 && src->dtype != DT_BF16 && src->dtype != DT_FP32 && src->dtype != DT_INT8))
        return op_fail(dc, 0, "the pool must be a 2-D tensor of FP16, BF16, FP32 or INT8, got %s",
                       type_to_string(dc->ir, src, a, sizeof a));
    if (!index_tensor_ok(dc, 1, "indices") || !index_tensor_ok(dc, 2, "block_table"))
        return NULL;
    if (!kwarg_at_least(dc, "block_size", 1, &block_size) || !kwarg_at_least(dc, "size", 1, &size) ||
        !kwarg_at_least(dc, "max_indices", 1, &max_indices) || !kwarg_at_least(dc, "col_off", 0, &col_off) ||
        op_kwarg_int(dc, "is_trans", &is_trans) != 1 || op_kwarg_int(dc, "space", &space) != 1)
        return NULL;
    if (space != MS_MAT && space != MS_VEC)
        return op_fail(dc, -1, "space must be pl.MemorySpace.Mat or pl.MemorySpace.Vec, got pl.MemorySpace.%s",
                       memspace_name((MemorySpace)space));
    if (is_trans && space != MS_MAT)
        return op_fail(dc, -1, "is_trans=True needs space=pl.MemorySpace.Mat");
    if (ir_dim_value(src->dims[1], &cols) && col_off + size > cols)
        return op_fail(dc, -1, "col_off + size (%lld) is more than the pool's %lld columns", (long long)(col_off + size),
                       (long long)cols);
    dims[is_trans ? 1 : 0] = ir_dim_const(dc->ir, max_indices);
    dims[is_trans ? 0 : 1] = ir_dim_const(dc->ir, size);
    return op_make_tensor(dc, (DataType)src->dtype, 2, dims);
}
