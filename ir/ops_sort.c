/* ops_sort.c: sorting (pypto@e2d0f78a tile_ops/sort.cpp, tensor_ops/
 * sort.cpp): sort32 sorts each run of 32 elements of a row, descending,
 * into (value, index) pairs; mrgsort_format1 merges each four sorted runs
 * of a [1, N] row of pairs into one, so that chained merges sort a row.
 *
 * A pair takes 8 bytes (pto-isa's TSORT32 and TMRGSORT, cpu/ and npu/):
 * an FP32 value and its 32-bit index are 2 elements, an FP16 value, a
 * zero and the index 4.  So sort32's result has twice the columns of an
 * FP32 source and four times those of an FP16 one (pypto's deduction
 * doubles both; the instruction writes four halves per FP16 pair). */
#include "config.h"
#include "ir/ops_internal.h"

static int sort_dtype_ok(DeduceCtx *dc, uint32_t i, const IrType *t)
{
    char a[32];
    if (t->dtype == DT_FP16 || t->dtype == DT_FP32)
        return 1;
    op_fail(dc, (int)i, "sorts FP16 or FP32 values, got %s", op_dtype_str((DataType)t->dtype, a, sizeof a));
    return 0;
}

/* sort32(src, idx): src and its indices of one 2-D shape; [R, C * k]
 * pairs, k = 8 / the element size. */
const IrType *deduce_sort32(DeduceCtx *dc)
{
    const IrType *src, *idx;
    const IrExpr *dims[2];
    int64_t cols, k, va, vb;
    char a[160], b[160];
    if (!(src = op_need_tile(dc, 0)) || !(idx = op_need_tile(dc, 1)) || !sort_dtype_ok(dc, 0, src))
        return NULL;
    if (src->n != 2)
        return op_fail(dc, 0, "the source must have 2 dimensions, got %s", type_to_string(dc->ir, src, a, sizeof a));
    if (idx->dtype != DT_UINT32 && idx->dtype != DT_INT32)
        return op_fail(dc, 1, "the indices must be UINT32 (or INT32), got %s",
                       op_dtype_str((DataType)idx->dtype, a, sizeof a));
    if (idx->n != 2 || !op_dims_may_match(src->dims[0], idx->dims[0], &va, &vb) ||
        !op_dims_may_match(src->dims[1], idx->dims[1], &va, &vb))
        return op_fail(dc, 1, "the indices must have the source's shape: %s and %s",
                       type_to_string(dc->ir, src, a, sizeof a), type_to_string(dc->ir, idx, b, sizeof b));
    k = 8 / dtype_bytes((DataType)src->dtype);
    dims[0] = src->dims[0];
    if (ir_dim_value(src->dims[1], &cols))
        dims[1] = ir_const_int(dc->ir, cols * k, DT_INT64, span_unknown());
    else
        dims[1] = ir_binary(dc->ir, BIN_MUL, DT_INDEX, src->dims[1], ir_const_int(dc->ir, k, DT_INDEX, span_unknown()),
                            span_unknown());
    return op_make_tile(dc, (DataType)src->dtype, 2, dims, NULL);
}

/* mrgsort_format1(src, block_len): a [1, N] row of pairs whose runs of
 * block_len elements (values and indices) are sorted; each group of four
 * runs is merged.  block_len is a positive multiple of 64 (PTOAS); the
 * instruction merges whole groups only, so N must be a multiple of
 * 4 * block_len, or the tail would be left unwritten. */
const IrType *deduce_mrgsort_format1(DeduceCtx *dc)
{
    const IrType *src, *len;
    int64_t n, cols;
    char a[160];
    if (!(src = op_need_tile(dc, 0)) || !sort_dtype_ok(dc, 0, src) || !(len = op_need_scalar(dc, 1)) ||
        !op_need_int_dtype(dc, 1, len))
        return NULL;
    if (src->n != 2 || (ir_dim_value(src->dims[0], &n) && n != 1))
        return op_fail(dc, 0, "merges one row: the source must be [1, N], got %s",
                       type_to_string(dc->ir, src, a, sizeof a));
    if (op_const_int_value(dc->args[1], &n)) {
        if (n <= 0 || n % 64)
            return op_fail(dc, 1, "block_len must be a positive multiple of 64, got %lld", (long long)n);
        if (ir_dim_value(src->dims[1], &cols) && cols % (4 * n))
            return op_fail(dc, 1, "block_len %lld merges groups of four runs, %lld elements, but the source has %lld "
                           "columns, not a multiple of that", (long long)n, (long long)(4 * n), (long long)cols);
    }
    return op_make_tile(dc, (DataType)src->dtype, 2, src->dims, NULL);
}
