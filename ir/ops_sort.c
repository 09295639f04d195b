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

/* The sources of a merge of sorted lists: FP16 or FP32 rows of pairs of
 * one element type; the sum of their columns in *cols (-1 when one is not
 * a constant). */
static int merged_sources(DeduceCtx *dc, uint32_t n, int64_t *cols)
{
    const IrType *s0 = NULL;
    char a[160], b[32], c[32];
    *cols = 0;
    for (uint32_t i = 0; i < n; i++) {
        const IrType *s = op_need_tile(dc, i);
        int64_t r, k;
        if (!s || (i == 0 && !sort_dtype_ok(dc, 0, s)))
            return 0;
        if (i == 0)
            s0 = s;
        else if (s->dtype != s0->dtype) {
            op_fail(dc, (int)i, "the sorted lists must have one element type: %s and %s",
                    op_dtype_str((DataType)s0->dtype, b, sizeof b), op_dtype_str((DataType)s->dtype, c, sizeof c));
            return 0;
        }
        if (s->n != 2 || (ir_dim_value(s->dims[0], &r) && r != 1)) {
            op_fail(dc, (int)i, "merges rows: each sorted list must be [1, N], got %s",
                    type_to_string(dc->ir, s, a, sizeof a));
            return 0;
        }
        if (*cols >= 0 && ir_dim_value(s->dims[1], &k))
            *cols += k;
        else
            *cols = -1;
    }
    return 1;
}

/* tile.mrgsort_format2(src0, src1[, src2[, src3]], tmp, exhausted=):
 * two to four sorted lists merged into one, descending; the result has
 * the shape of tmp, the merge's workspace, which must hold all the lists
 * (PTOAS: tmp.cols >= sum(src.cols)). */
const IrType *deduce_mrgsort_format2(DeduceCtx *dc)
{
    uint32_t n = dc->nargs - 1;
    const IrType *tmp, *s0;
    int64_t cols, tc, r;
    char a[160];
    if (!merged_sources(dc, n, &cols) || !(tmp = op_need_tile(dc, n)))
        return NULL;
    s0 = op_arg_type(dc, 0);
    if (tmp->dtype != s0->dtype || tmp->n != 2 || (ir_dim_value(tmp->dims[0], &r) && r != 1))
        return op_fail(dc, (int)n, "the workspace must be a [1, N] tile of the lists' element type, got %s",
                       type_to_string(dc->ir, tmp, a, sizeof a));
    if (cols >= 0 && ir_dim_value(tmp->dims[1], &tc) && tc < cols)
        return op_fail(dc, (int)n, "the workspace's %lld columns cannot hold the lists' %lld", (long long)tc,
                       (long long)cols);
    return op_make_tile(dc, (DataType)tmp->dtype, 2, tmp->dims, NULL);
}

/* tensor.mrgsort_format2(src0, src1[, src2[, src3]], exhausted=): the
 * lists merged into [1, the sum of their columns]; the tile form gets its
 * workspace of that shape when it is converted. */
const IrType *deduce_tensor_mrgsort_format2(DeduceCtx *dc)
{
    const IrExpr *dims[2];
    int64_t cols;
    dc->as_tensor = 1;   /* the lists are tensors */
    if (!merged_sources(dc, dc->nargs, &cols))
        return NULL;
    if (cols < 0)
        return op_fail(dc, 0, "the sorted lists' columns must be constants");
    dims[0] = op_arg_type(dc, 0)->dims[0];
    dims[1] = ir_const_int(dc->ir, cols, DT_INT64, span_unknown());
    return op_make_tensor(dc, (DataType)op_arg_type(dc, 0)->dtype, 2, dims);
}
