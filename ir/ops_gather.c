/* ops_gather.c: the gathers (pypto@e2d0f78a tile_ops/gather.cpp,
 * tensor_ops/gather.cpp): by index, where each result element names the
 * source element it is, and by mask pattern, where each row keeps the
 * columns a fixed pattern selects.
 *
 * tile.gather indexes its source by flat element offset (PTO's
 * pto.tgather index form: dst[i, j] = src_flat[indices[i, j]]);
 * tensor.gather by column within the row (output[b, k] = input[b,
 * index[b, k]]), which ConvertTensorToBlockOps turns into flat offsets. */
#include "config.h"
#include "ir/ops_internal.h"

/* The element types a gather moves (pypto's deductions: FP16, FP32,
 * INT16, INT32; PTOAS's A2/A3 verifier takes i16/i32/f16/f32). */
static int gather_dtype(DataType dt)
{
    return dt == DT_FP16 || dt == DT_FP32 || dt == DT_INT16 || dt == DT_INT32;
}

/* Indices of INT32 with any source, or INT16 with a 16-bit one: the b32
 * form of the instruction reads each index as 4 bytes. */
static int index_dtype_ok(DeduceCtx *dc, uint32_t i, const IrType *src, const IrType *idx)
{
    char a[32], b[32];
    if (idx->dtype == DT_INT32 || (idx->dtype == DT_INT16 && dtype_bits((DataType)src->dtype) == 16))
        return 1;
    op_fail(dc, (int)i, "indices must be INT32, or INT16 with a 16-bit source, got %s indices with a %s source",
            op_dtype_str((DataType)idx->dtype, a, sizeof a), op_dtype_str((DataType)src->dtype, b, sizeof b));
    return 0;
}

static int source_dtype_ok(DeduceCtx *dc, const IrType *src)
{
    char a[32];
    if (gather_dtype((DataType)src->dtype))
        return 1;
    op_fail(dc, 0, "the source must be FP16, FP32, INT16 or INT32, got %s",
            op_dtype_str((DataType)src->dtype, a, sizeof a));
    return 0;
}

/* tile.gather(src, indices, tmp): the indices' shape, the source's
 * element type; tmp is scratch (Legalize gives the instruction the one it
 * wants, TMP_LIKE_INDICES). */
const IrType *deduce_gather(DeduceCtx *dc)
{
    const IrType *src, *idx;
    if (!(src = op_need_tile(dc, 0)) || !(idx = op_need_tile(dc, 1)) || !op_need_tile(dc, 2))
        return NULL;
    if (!source_dtype_ok(dc, src) || !index_dtype_ok(dc, 1, src, idx))
        return NULL;
    return op_make_tile(dc, (DataType)src->dtype, idx->n, idx->dims, NULL);
}

/* tensor.gather(input, index, dim=): the index's shape, the input's
 * element type; on the axes but dim the index may be shorter, not longer. */
const IrType *deduce_tensor_gather(DeduceCtx *dc)
{
    const IrType *in, *idx;
    int64_t dim;
    uint32_t axis;
    char a[160], b[160];
    if (!(in = op_need_tensor(dc, 0)) || !(idx = op_need_tensor(dc, 1)))
        return NULL;
    if (!source_dtype_ok(dc, in) || !index_dtype_ok(dc, 1, in, idx))
        return NULL;
    if (in->n < 2)
        return op_fail(dc, 0, "the input must have at least 2 dimensions, got %s",
                       type_to_string(dc->ir, in, a, sizeof a));
    if (idx->n != in->n)
        return op_fail(dc, 1, "the index must have the input's rank %u, got %s", (unsigned)in->n,
                       type_to_string(dc->ir, idx, a, sizeof a));
    if (op_kwarg_int(dc, "dim", &dim) != 1 || !op_normalize_axis(dc, -1, "dim", dim, in->n, &axis))
        return NULL;
    for (uint32_t i = 0; i < in->n; i++) {
        int64_t ni, ii;
        if (i != axis && ir_dim_value(in->dims[i], &ni) && ir_dim_value(idx->dims[i], &ii) && ii > ni)
            return op_fail(dc, 1, "the index %s is longer than the input %s in dimension %u, which is not the "
                           "gathered one", type_to_string(dc->ir, idx, a, sizeof a),
                           type_to_string(dc->ir, in, b, sizeof b), (unsigned)i);
    }
    return op_make_tensor(dc, (DataType)in->dtype, idx->n, idx->dims);
}

/* gather_mask(src, mask_pattern=, output_dtype=): of each row the columns
 * the pattern selects (1 P0101 and 2 P1010 every second, 3-6 every
 * fourth, 7 P1111 all), as output_dtype, of the source's width (the
 * instruction moves bits). */
const IrType *deduce_gather_mask(DeduceCtx *dc)
{
    const IrType *src;
    const IrExpr *dims[2];
    int64_t pattern, out_dt, cols;
    int has_out;
    char a[160], b[32];
    if (!(src = op_need_tile(dc, 0)) || !source_dtype_ok(dc, src))
        return NULL;
    if (src->n != 2)
        return op_fail(dc, 0, "the source must have 2 dimensions, got %s", type_to_string(dc->ir, src, a, sizeof a));
    if (op_kwarg_int(dc, "mask_pattern", &pattern) != 1)
        return NULL;
    if (pattern < 1 || pattern > 7)
        return op_fail(dc, -1, "mask_pattern must be between 1 and 7 (pl.tile.MaskPattern), got %lld",
                       (long long)pattern);
    if ((has_out = op_kwarg_int(dc, "output_dtype", &out_dt)) < 0)
        return NULL;
    if (!has_out)
        out_dt = src->dtype;
    else if (dtype_bits((DataType)out_dt) != dtype_bits((DataType)src->dtype))
        return op_fail(dc, -1, "output_dtype must be as wide as the source's %s, got %s",
                       op_dtype_str((DataType)src->dtype, a, sizeof a), op_dtype_str((DataType)out_dt, b, sizeof b));
    dims[0] = src->dims[0];
    dims[1] = src->dims[1];
    if (pattern != 7) {
        int64_t step = pattern <= 2 ? 2 : 4;
        if (!ir_dim_value(src->dims[1], &cols))
            return op_fail(dc, 0, "the source's columns must be a constant, got %s",
                           type_to_string(dc->ir, src, a, sizeof a));
        if (cols % step)
            return op_fail(dc, 0, "mask_pattern %lld keeps every %s column: the source's %lld columns are not a "
                           "multiple of %lld", (long long)pattern, step == 2 ? "second" : "fourth", (long long)cols,
                           (long long)step);
        dims[1] = ir_const_int(dc->ir, cols / step, DT_INT64, span_unknown());
    }
    return op_make_tile(dc, (DataType)out_dt, 2, dims, NULL);
}

/* ------------------------------------------------ gathers from memory */

/* The element types a memory gather or scatter moves: pto-isa's
 * IsValidMGatherDType / IsValidMScatterDType (npu/a2a3/MGather.hpp,
 * MScatter.hpp), the 1-, 2- and 4-byte integers and floats. */
static int memory_dtype(DataType dt)
{
    return dt == DT_INT8 || dt == DT_UINT8 || dt == DT_INT16 || dt == DT_UINT16 || dt == DT_INT32 ||
           dt == DT_UINT32 || dt == DT_FP16 || dt == DT_BF16 || dt == DT_FP32;
}

static int memory_dtype_ok(DeduceCtx *dc, uint32_t i, const IrType *t, const char *what)
{
    char a[32];
    if (memory_dtype((DataType)t->dtype))
        return 1;
    op_fail(dc, (int)i, "%s must be INT8, UINT8, INT16, UINT16, INT32, UINT32, FP16, BF16 or FP32, got %s", what,
            op_dtype_str((DataType)t->dtype, a, sizeof a));
    return 0;
}

static int int32_index_ok(DeduceCtx *dc, uint32_t i, const IrType *idx)
{
    char a[32];
    if (idx->dtype == DT_INT32)
        return 1;
    op_fail(dc, (int)i, "the indices must be INT32, got %s", op_dtype_str((DataType)idx->dtype, a, sizeof a));
    return 0;
}

/* A row-major 2-D result of dims whose valid part is valid: no view when
 * that is all of it. */
static const IrTileView *valid_view(DeduceCtx *dc, const IrExpr *const *dims, const IrExpr *const *valid)
{
    int64_t a, b;
    for (uint32_t d = 0; d < 2; d++)
        if (valid[d] != dims[d] && !(ir_dim_value(valid[d], &a) && ir_dim_value(dims[d], &b) && a == b))
            return op_view_with_valid(dc, NULL, 2, valid);
    return NULL;
}

/* An ND tensor with no strides but the packed ones (pypto's
 * IsStaticContiguousTensor): constant dimensions, strides row-major. */
static int packed_nd(const IrType *t)
{
    const IrTensorView *v = t->tensor_view;
    int64_t want = 1, d, s;
    if (!v)
        return 1;
    if (v->layout != TENSOR_ND || (v->nstride && v->nstride != t->n))
        return 0;
    for (uint32_t k = v->nstride; k-- > 0;) {
        if (!ir_dim_value(t->dims[k], &d) || !ir_dim_value(v->stride[k], &s) || (d != 1 && s != want))
            return 0;
        want *= d;
    }
    return 1;
}

/* The Mat form of tile.mgather (pypto DeduceTileMgatherType): a GM INT32
 * index tensor [1, R] naming R rows of mem (coalesce "row"), or [M, N]
 * flat element indices staged through a GM scratch tensor of mem's type
 * and at least M * N elements (scratch=, "elem"); the result an NZ Mat
 * tile (blayout col_major, slayout row_major) of rows a multiple of 16
 * and columns of 32 bytes, valid_shape= cutting its valid part. */
static const IrType *mgather_mat(DeduceCtx *dc, const IrType *mem, int64_t coalesce)
{
    const IrType *idx, *scratch = NULL;
    const IrExpr *dims[2], *const *valid = NULL;
    const IrTileView *view;
    int64_t rows, cols, c0 = 32 / dtype_bytes((DataType)mem->dtype), r0, k, have = 1, want;
    int with_scratch = op_is(dc->op, OP_BLOCK_MGATHER_SCRATCH) || op_is(dc->op, OP_BLOCK_MGATHER_SCRATCH_VALID);
    uint32_t nvalid = 0, vi = with_scratch ? 3 : 2;   /* valid_shape's argument, when given */
    char a[160];
    if (mem->tensor_view && mem->tensor_view->layout != TENSOR_ND)
        return op_fail(dc, 0, "the Mat form reads an ND tensor, got %s", type_to_string(dc->ir, mem, a, sizeof a));
    idx = ir_expr_type(dc->ir, dc->args[1]);
    if (idx->kind != TYPE_TENSOR)
        return op_fail(dc, 1, "the Mat form takes its indices in a GM tensor, got %s",
                       type_to_string(dc->ir, idx, a, sizeof a));
    if (!int32_index_ok(dc, 1, idx))
        return NULL;
    if ((idx->tensor_view && idx->tensor_view->layout != TENSOR_ND) || idx->n != 2)
        return op_fail(dc, 1, "the Mat form takes a 2-D ND index tensor, got %s",
                       type_to_string(dc->ir, idx, a, sizeof a));
    if (coalesce == 1) {
        if (!with_scratch)
            return op_fail(dc, -1, "coalesce=\"elem\" into Mat stages the elements through scratch=, a GM tensor "
                                   "of the table's element type");
        if (!(scratch = op_need_tensor(dc, 2)))
            return NULL;
        if (dc->args[2] == dc->args[0] || dc->args[2] == dc->args[1])
            return op_fail(dc, 2, "the scratch tensor must not be the table or the indices");
        if (scratch->dtype != mem->dtype || !packed_nd(scratch))
            return op_fail(dc, 2, "the scratch must be a packed ND tensor of the table's element type, got %s",
                           type_to_string(dc->ir, scratch, a, sizeof a));
        dims[0] = idx->dims[0];
        dims[1] = idx->dims[1];
        for (uint32_t d = 0; d < scratch->n; d++) {
            if (!ir_dim_value(scratch->dims[d], &k))
                return op_fail(dc, 2, "the scratch's shape must be constant, got %s",
                               type_to_string(dc->ir, scratch, a, sizeof a));
            if (__builtin_mul_overflow(have, k, &have))
                return op_fail(dc, 2, "the scratch's size does not fit 64 bits");
        }
    } else {
        if (with_scratch)
            return op_fail(dc, 2, "scratch= is the element gather's (coalesce=\"elem\")");
        if (mem->n < 2)
            return op_fail(dc, 0, "coalesce=\"row\" gathers rows: the table needs at least 2 dimensions, got %s",
                           type_to_string(dc->ir, mem, a, sizeof a));
        if (!ir_dim_value(idx->dims[0], &r0) || r0 != 1)
            return op_fail(dc, 1, "coalesce=\"row\" into Mat takes a [1, R] index tensor, got %s",
                           type_to_string(dc->ir, idx, a, sizeof a));
        dims[0] = idx->dims[1];
        dims[1] = mem->dims[mem->n - 1];
    }
    if (!ir_dim_value(dims[0], &rows) || !ir_dim_value(dims[1], &cols))
        return op_fail(dc, -1, "the Mat result's shape must be constant");
    if (rows < 1 || cols < 1 || rows % 16 != 0 || cols % c0 != 0)
        return op_fail(dc, -1, "the Mat result [%lld, %lld] needs rows in 16s and columns in %llds (32 bytes)",
                       (long long)rows, (long long)cols, (long long)c0);
    if (scratch && __builtin_mul_overflow(rows, cols, &want))
        return op_fail(dc, 1, "the gather's %lld x %lld elements do not fit 64 bits", (long long)rows,
                       (long long)cols);
    if (scratch && have < want)
        return op_fail(dc, 2, "the scratch holds %lld elements, the gather %lld", (long long)have, (long long)want);
    if (dc->nargs > vi) {
        uint32_t nv;
        if (!op_tuple_arg(dc, vi, "valid_shape", 0, &nv, &valid))
            return NULL;
        if (nv != 2)
            return op_fail(dc, (int)vi, "valid_shape has 2 dimensions, got %u", nv);
        for (uint32_t d = 0; d < 2; d++)
            if (!ir_dim_value(valid[d], &want) || want < 1 || want > (d ? cols : rows))
                return op_fail(dc, (int)vi, "valid_shape[%u] must be a constant from 1 to %lld", d,
                               (long long)(d ? cols : rows));
        nvalid = 2;
    }
    view = ir_tile_view(dc->ir, nvalid, valid, 0, NULL, NULL, TL_COL_MAJOR, TL_ROW_MAJOR, 512, TP_NULL);
    return op_make_tile(dc, (DataType)mem->dtype, 2, dims, view);
}

/* tile.mgather(mem, idx, coalesce=, gather_oob=, target_memory=): a Vec
 * tile read from tensor mem by an INT32 index tile (pypto@e2d0f78a
 * tile_ops/memory.cpp, pto.mgather, pto-isa MGATHER).  coalesce "elem":
 * element [i, j] is mem's element at flat index idx[i, j], the result has
 * the indices' shape and valid shape; "row": a [1, R] (or [R, 1]) index
 * tile names R rows of mem (its last dimension is a row), the result is
 * [R, mem's last extent].  target_memory=Mat: mgather_mat. */
const IrType *deduce_mgather(DeduceCtx *dc)
{
    const IrType *mem, *idx;
    const IrExpr *dims[2], *valid[2];
    const IrExpr *const *iv;
    int64_t coalesce, oob, space, r0, r1;
    char a[160];
    if (!(mem = op_need_tensor(dc, 0)) || !memory_dtype_ok(dc, 0, mem, "the table"))
        return NULL;
    if (op_kwarg_int(dc, "coalesce", &coalesce) != 1 || op_kwarg_int(dc, "gather_oob", &oob) != 1 ||
        op_kwarg_int(dc, "target_memory", &space) != 1)
        return NULL;
    if (space == MS_MAT)
        return mgather_mat(dc, mem, coalesce);
    if (space != MS_VEC)
        return op_fail(dc, -1, "target_memory must be pl.MemorySpace.Vec or Mat");
    if (dc->nargs > 2)
        return op_fail(dc, 2, "scratch= and valid_shape= are the Mat form's (target_memory=pl.MemorySpace.Mat)");
    if (!(idx = op_need_tile(dc, 1)) || !int32_index_ok(dc, 1, idx))
        return NULL;
    if (idx->n != 2)
        return op_fail(dc, 1, "the index tile must have 2 dimensions, got %s",
                       type_to_string(dc->ir, idx, a, sizeof a));
    iv = ir_tile_valid_dims(idx);
    if (coalesce == 1)
        return op_make_tile(dc, (DataType)mem->dtype, 2, idx->dims, valid_view(dc, idx->dims, iv));
    if (mem->n < 2)
        return op_fail(dc, 0, "coalesce=\"row\" gathers rows: the table needs at least 2 dimensions, got %s",
                       type_to_string(dc->ir, mem, a, sizeof a));
    if (!ir_dim_value(idx->dims[0], &r0) || !ir_dim_value(idx->dims[1], &r1) || (r0 != 1 && r1 != 1))
        return op_fail(dc, 1, "coalesce=\"row\" needs a [1, R] or [R, 1] index tile, got %s",
                       type_to_string(dc->ir, idx, a, sizeof a));
    dims[0] = idx->dims[r0 == 1 ? 1 : 0];
    dims[1] = mem->dims[mem->n - 1];
    valid[0] = iv[r0 == 1 ? 1 : 0];
    valid[1] = dims[1];
    return op_make_tile(dc, (DataType)mem->dtype, 2, dims, valid_view(dc, dims, valid));
}

/* tile.mscatter(src, idx, output_tensor): output_tensor's element at flat
 * index idx[i, j] becomes src[i, j] (pto.mscatter, pto-isa MSCATTER with
 * Coalesce::Elem); the result is the tensor written. */
const IrType *deduce_mscatter(DeduceCtx *dc)
{
    const IrType *src, *idx, *out;
    char a[160], b[160];
    if (!(src = op_need_tile(dc, 0)) || !memory_dtype_ok(dc, 0, src, "the source") || !(idx = op_need_tile(dc, 1)) ||
        !int32_index_ok(dc, 1, idx) || !(out = op_need_tensor(dc, 2)))
        return NULL;
    if (idx->n != src->n)
        return op_fail(dc, 1, "the index tile %s must have the source's rank %u",
                       type_to_string(dc->ir, idx, a, sizeof a), (unsigned)src->n);
    for (uint32_t d = 0; d < src->n; d++) {
        int64_t vs, vi;
        if (!op_dims_may_match(src->dims[d], idx->dims[d], &vs, &vi))
            return op_fail(dc, 1, "the index tile %s must have the source's shape %s",
                           type_to_string(dc->ir, idx, a, sizeof a), type_to_string(dc->ir, src, b, sizeof b));
    }
    if (out->dtype != src->dtype)
        return op_fail(dc, 2, "the output tensor %s must have the source's element type %s",
                       type_to_string(dc->ir, out, a, sizeof a), op_dtype_str((DataType)src->dtype, b, sizeof b));
    return out;
}

/* ------------------------------------------------------ scatters in tiles */

/* The element types a scatter writes (pypto@e2d0f78a tile_ops/scatter.cpp:
 * INT8, INT16, INT32, FP16, FP32, BF16), and the width of its indices: a
 * 4-byte element takes 4-byte indices, a 2- or 1-byte one 2-byte indices
 * (pto-isa's TSCATTER: "Invalid data type of idx"). */
static int scatter_dtype(DataType dt)
{
    return dt == DT_INT8 || dt == DT_INT16 || dt == DT_INT32 || dt == DT_FP16 || dt == DT_FP32 || dt == DT_BF16;
}

int op_scatter_index_dtype(DataType dt) { return dtype_bytes(dt) == 4 ? DT_INT32 : DT_INT16; }

/* tile.scatter(dst, src, indexes): dst with src[i, j] at flat offset
 * indexes[i, j] of dst's buffer (pto.tscatter's index form), in dst's
 * storage; indexes has src's shape. */
const IrType *deduce_scatter(DeduceCtx *dc)
{
    const IrType *dst, *src, *idx;
    char a[160], b[160];
    if (!(dst = op_need_tile(dc, 0)) || !(src = op_need_tile(dc, 1)) || !(idx = op_need_tile(dc, 2)))
        return NULL;
    if (!scatter_dtype((DataType)dst->dtype))
        return op_fail(dc, 0, "the destination must be INT8, INT16, INT32, FP16, FP32 or BF16, got %s",
                       op_dtype_str((DataType)dst->dtype, a, sizeof a));
    if (src->dtype != dst->dtype)
        return op_fail(dc, 1, "the source must have the destination's element type %s, got %s",
                       op_dtype_str((DataType)dst->dtype, a, sizeof a), op_dtype_str((DataType)src->dtype, b, sizeof b));
    if ((int)idx->dtype != op_scatter_index_dtype((DataType)dst->dtype))
        return op_fail(dc, 2, "a %d-byte destination takes %s indices, got %s", dtype_bytes((DataType)dst->dtype),
                       op_dtype_str((DataType)op_scatter_index_dtype((DataType)dst->dtype), a, sizeof a),
                       op_dtype_str((DataType)idx->dtype, b, sizeof b));
    if (dst->n != 2 || src->n != 2 || idx->n != 2)
        return op_fail(dc, dst->n != 2 ? 0 : src->n != 2 ? 1 : 2, "the tiles must have 2 dimensions");
    for (uint32_t d = 0; d < 2; d++) {
        int64_t vs, vi;
        if (!op_dims_may_match(src->dims[d], idx->dims[d], &vs, &vi))
            return op_fail(dc, 2, "the indices %s must have the source's shape %s",
                           type_to_string(dc->ir, idx, a, sizeof a), type_to_string(dc->ir, src, b, sizeof b));
    }
    return dst;
}

/* tensor.scatter(input, index, src, dim=): input with src[b, k] written at
 * input[b, index[b, k]] (dim=-1 of 2-D tensors, pypto's MVP); index and
 * src have one shape, no larger than input's (src's rows are input's
 * first rows), the index width the element's as tile.scatter takes it. */
const IrType *deduce_tensor_scatter(DeduceCtx *dc)
{
    const IrType *in, *idx, *src;
    int64_t dim, ri, rs;
    uint32_t axis;
    char a[160], b[160];
    if (!(in = op_need_tensor(dc, 0)) || !(idx = op_need_tensor(dc, 1)) || !(src = op_need_tensor(dc, 2)))
        return NULL;
    if (op_kwarg_int(dc, "dim", &dim) != 1 || !op_normalize_axis(dc, -1, "dim", dim, in->n, &axis))
        return NULL;
    if (in->n != 2 || axis != 1)
        return op_fail(dc, -1, "scatters along the last dimension (dim=-1) of a 2-D tensor, got dim=%lld of %s",
                       (long long)dim, type_to_string(dc->ir, in, a, sizeof a));
    if (!scatter_dtype((DataType)in->dtype))
        return op_fail(dc, 0, "the input must be INT8, INT16, INT32, FP16, FP32 or BF16, got %s",
                       op_dtype_str((DataType)in->dtype, a, sizeof a));
    if (src->dtype != in->dtype)
        return op_fail(dc, 2, "src must have the input's element type %s, got %s",
                       op_dtype_str((DataType)in->dtype, a, sizeof a), op_dtype_str((DataType)src->dtype, b, sizeof b));
    if ((int)idx->dtype != op_scatter_index_dtype((DataType)in->dtype))
        return op_fail(dc, 1, "a %d-byte input takes %s indices, got %s", dtype_bytes((DataType)in->dtype),
                       op_dtype_str((DataType)op_scatter_index_dtype((DataType)in->dtype), a, sizeof a),
                       op_dtype_str((DataType)idx->dtype, b, sizeof b));
    if (idx->n != 2 || src->n != 2)
        return op_fail(dc, idx->n != 2 ? 1 : 2, "index and src must have 2 dimensions");
    for (uint32_t d = 0; d < 2; d++)
        if (!op_dims_may_match(idx->dims[d], src->dims[d], &ri, &rs))
            return op_fail(dc, 1, "the index %s must have src's shape %s", type_to_string(dc->ir, idx, a, sizeof a),
                           type_to_string(dc->ir, src, b, sizeof b));
    for (uint32_t d = 0; d < 2; d++)
        if (ir_dim_value(src->dims[d], &rs) && ir_dim_value(in->dims[d], &ri) && rs > ri)
            return op_fail(dc, 2, "src %s has more %s than the input %s", type_to_string(dc->ir, src, a, sizeof a),
                           d ? "columns" : "rows", type_to_string(dc->ir, in, b, sizeof b));
    return in;
}

/* scatter_mask(dst, src, mask_pattern=) on tiles, and on tensors (input,
 * dst): each row of src written into the columns of dst's row that the
 * pattern selects (the inverse of gather_mask): dst has src's rows and
 * its columns times the pattern's step (2 for P0101/P1010, 4 for
 * P0001-P1000, 1 for P1111); the result is dst's type.  src is argument
 * src_at, dst argument dst_at. */
static const IrType *scatter_mask_result(DeduceCtx *dc, uint32_t dst_at, uint32_t src_at)
{
    const IrType *dst = op_arg_type(dc, dst_at), *src = op_arg_type(dc, src_at);
    int64_t pattern, step, sc, dcols, sr, dr;
    char a[160], b[160];
    if (!scatter_dtype((DataType)dst->dtype))
        return op_fail(dc, (int)dst_at, "the destination must be INT8, INT16, INT32, FP16, FP32 or BF16, got %s",
                       op_dtype_str((DataType)dst->dtype, a, sizeof a));
    if (src->dtype != dst->dtype)
        return op_fail(dc, (int)src_at, "the source must have the destination's element type %s, got %s",
                       op_dtype_str((DataType)dst->dtype, a, sizeof a), op_dtype_str((DataType)src->dtype, b, sizeof b));
    if (dst->n != 2 || src->n != 2)
        return op_fail(dc, dst->n != 2 ? (int)dst_at : (int)src_at, "the source and destination must have 2 dimensions");
    if (op_kwarg_int(dc, "mask_pattern", &pattern) != 1)
        return NULL;
    if (pattern < 1 || pattern > 7)
        return op_fail(dc, -1, "mask_pattern must be between 1 and 7 (pl.tile.MaskPattern), got %lld",
                       (long long)pattern);
    step = pattern == 7 ? 1 : pattern <= 2 ? 2 : 4;
    if (!op_dims_may_match(src->dims[0], dst->dims[0], &sr, &dr) ||
        (ir_dim_value(src->dims[1], &sc) && ir_dim_value(dst->dims[1], &dcols) && dcols != sc * step))
        return op_fail(dc, (int)dst_at, "mask_pattern %lld writes one column in %lld: the destination %s must have "
                       "the source's rows and %lld times its columns, the source is %s", (long long)pattern,
                       (long long)step, type_to_string(dc->ir, dst, a, sizeof a), (long long)step,
                       type_to_string(dc->ir, src, b, sizeof b));
    return dst;
}

const IrType *deduce_scatter_mask(DeduceCtx *dc)
{
    return op_need_tile(dc, 0) && op_need_tile(dc, 1) ? scatter_mask_result(dc, 0, 1) : NULL;
}

const IrType *deduce_tensor_scatter_mask(DeduceCtx *dc)
{
    return op_need_tensor(dc, 0) && op_need_tensor(dc, 1) ? scatter_mask_result(dc, 1, 0) : NULL;
}

/* tile.gatherb(src, offset, output_dtype=): 32-byte blocks of src by UINT32
 * byte offsets (pto.tgatherb): each offset of a [R, K] tile is one block of
 * the result's row, which is K * (32 / element size) elements of
 * output_dtype (src's by default); K is a multiple of 8, so that the
 * offsets fill whole 32-byte blocks (pypto@e2d0f78a tile_ops/gather.cpp). */
const IrType *deduce_gatherb(DeduceCtx *dc)
{
    const IrType *src, *off;
    const IrExpr *dims[2], *valid[2];
    const IrExpr *const *ov;
    int64_t out_dt, cols, per;
    int has;
    char a[160];
    if (!(src = op_need_tile(dc, 0)) || !memory_dtype_ok(dc, 0, src, "the source") || !(off = op_need_tile(dc, 1)))
        return NULL;
    if ((has = op_kwarg_int(dc, "output_dtype", &out_dt)) < 0)
        return NULL;
    if (!has)
        out_dt = src->dtype;
    else if (!memory_dtype((DataType)out_dt))
        return op_fail(dc, -1, "output_dtype must be INT8, UINT8, INT16, UINT16, INT32, UINT32, FP16, BF16 or FP32, "
                               "got %s", op_dtype_str((DataType)out_dt, a, sizeof a));
    if (off->dtype != DT_UINT32)
        return op_fail(dc, 1, "the offsets must be UINT32 byte offsets, got %s",
                       op_dtype_str((DataType)off->dtype, a, sizeof a));
    if (src->n != 2 || off->n != 2)
        return op_fail(dc, src->n != 2 ? 0 : 1, "the source and the offsets must have 2 dimensions");
    if (!ir_dim_value(off->dims[1], &cols) || cols <= 0 || cols % 8)
        return op_fail(dc, 1, "the offsets' columns must be a constant multiple of 8 (rows of whole 32-byte "
                       "blocks of UINT32), got %s", type_to_string(dc->ir, off, a, sizeof a));
    per = 32 / dtype_bytes((DataType)out_dt);
    ov = ir_tile_valid_dims(off);
    dims[0] = off->dims[0];
    dims[1] = ir_const_int(dc->ir, cols * per, DT_INT64, span_unknown());
    valid[0] = ov[0];
    if (ir_dim_value(ov[1], &cols))
        valid[1] = ir_const_int(dc->ir, cols * per, DT_INT64, span_unknown());
    else
        return op_fail(dc, 1, "the offsets' valid columns must be a constant, got %s",
                       type_to_string(dc->ir, off, a, sizeof a));
    return op_make_tile(dc, (DataType)out_dt, 2, dims, valid_view(dc, dims, valid));
}

/* scatter_update(input, dim=-2, index, src) on tiles or tensors: rows of
 * input replaced, input[index.flat[k], :] = src[k, :] (pypto@e2d0f78a
 * tile_ops/transform.cpp, tensor_ops/scatter_update.cpp): input [m, d],
 * an integer index [b, s], src [b * s, d] of input's element type; the
 * result is input's type.  The 4-D (paged cache) form is not taken. */
const IrType *deduce_scatter_update(DeduceCtx *dc)
{
    IrTypeKind k = dc->as_tensor || op_arg_type(dc, 0)->kind == TYPE_TENSOR ? TYPE_TENSOR : TYPE_TILE;
    const IrType *in, *idx, *src;
    int64_t dim, b, s, n, d0, d1;
    char a[160], c[160];
    if (k == TYPE_TENSOR ? !(in = op_need_tensor(dc, 0)) || !(idx = op_need_tensor(dc, 1)) ||
                               !(src = op_need_tensor(dc, 2))
                         : !(in = op_need_tile(dc, 0)) || !(idx = op_need_tile(dc, 1)) || !(src = op_need_tile(dc, 2)))
        return NULL;
    if (op_kwarg_int(dc, "dim", &dim) != 1)
        return NULL;
    if (dim != -2 && dim != (int64_t)in->n - 2)
        return op_fail(dc, -1, "updates rows: dim must be -2, got %lld", (long long)dim);
    if (in->n != 2 || src->n != 2)
        return op_fail(dc, in->n != 2 ? 0 : 2, "the input and src must have 2 dimensions (the 4-D form is not "
                       "taken), got %s and %s", type_to_string(dc->ir, in, a, sizeof a),
                       type_to_string(dc->ir, src, c, sizeof c));
    if (idx->n != 2 || !dtype_is_int((DataType)idx->dtype))
        return op_fail(dc, 1, "the index must be a 2-D [b, s] of integers, got %s",
                       type_to_string(dc->ir, idx, a, sizeof a));
    if (src->dtype != in->dtype)
        return op_fail(dc, 2, "src must have the input's element type %s, got %s",
                       op_dtype_str((DataType)in->dtype, a, sizeof a), op_dtype_str((DataType)src->dtype, c, sizeof c));
    if (!op_dims_may_match(src->dims[1], in->dims[1], &d0, &d1))
        return op_fail(dc, 2, "src's rows %s must be as long as the input's %s", type_to_string(dc->ir, src, a, sizeof a),
                       type_to_string(dc->ir, in, c, sizeof c));
    if (ir_dim_value(idx->dims[0], &b) && ir_dim_value(idx->dims[1], &s) && ir_dim_value(src->dims[0], &n) &&
        n != b * s)
        return op_fail(dc, 2, "src must have one row per index, %lld, got %s", (long long)(b * s),
                       type_to_string(dc->ir, src, a, sizeof a));
    return in;
}

/* gather_compare(src, kvalue, tmp, cmp_mode=, offset=, out_cols=,
 * count_dtype=): of each row of src, the column indices (plus offset)
 * whose element compares with the scalar kvalue as cmp_mode says, up to
 * out_cols of them, and how many there were (pto.tgather's compare form,
 * pypto@e2d0f78a tile_ops/gather.cpp): a tuple of the INT32 indices [R,
 * out_cols] and the counts [1, R] of count_dtype (INT32 or UINT32).  On
 * tensors (pl.gather(x, kvalue=, cmp_mode=, out_cols=)) without tmp. */
static const IrType *gather_compare_result(DeduceCtx *dc, const IrType *src, int tensor)
{
    const IrType *kv = op_arg_type(dc, 1), *elems[2];
    const IrExpr *dims[2];
    int64_t mode, cols, count_dt = DT_INT32;
    int has;
    char a[160], b[32];
    if (src->dtype != DT_FP16 && src->dtype != DT_FP32 && src->dtype != DT_INT16 && src->dtype != DT_INT32)
        return op_fail(dc, 0, "the source must be FP16, FP32, INT16 or INT32, got %s",
                       op_dtype_str((DataType)src->dtype, a, sizeof a));
    if (src->n != 2)
        return op_fail(dc, 0, "the source must have 2 dimensions, got %s", type_to_string(dc->ir, src, a, sizeof a));
    if (!op_need_scalar(dc, 1))
        return NULL;
    if (kv->dtype != src->dtype)
        return op_fail(dc, 1, "kvalue must have the source's element type %s, got %s",
                       op_dtype_str((DataType)src->dtype, a, sizeof a), op_dtype_str((DataType)kv->dtype, b, sizeof b));
    if (op_kwarg_int(dc, "cmp_mode", &mode) != 1 || op_kwarg_int(dc, "out_cols", &cols) != 1 ||
        (has = op_kwarg_int(dc, "count_dtype", &count_dt)) < 0)
        return NULL;
    if (cols <= 0)
        return op_fail(dc, -1, "out_cols must be positive, got %lld", (long long)cols);
    if (has && count_dt != DT_INT32 && count_dt != DT_UINT32)
        return op_fail(dc, -1, "count_dtype must be INT32 or UINT32, got %s",
                       op_dtype_str((DataType)count_dt, a, sizeof a));
    dims[0] = src->dims[0];
    dims[1] = ir_const_int(dc->ir, cols, DT_INT64, span_unknown());
    elems[0] = tensor ? op_make_tensor(dc, DT_INT32, 2, dims) : op_make_tile(dc, DT_INT32, 2, dims, NULL);
    dims[0] = ir_const_int(dc->ir, 1, DT_INT64, span_unknown());
    dims[1] = src->dims[0];
    elems[1] = tensor ? op_make_tensor(dc, (DataType)count_dt, 2, dims)
                      : op_make_tile(dc, (DataType)count_dt, 2, dims, NULL);
    return elems[0] && elems[1] ? ir_type_tuple(dc->ir, 2, elems) : NULL;
}

const IrType *deduce_gather_compare(DeduceCtx *dc)
{
    const IrType *src = op_need_tile(dc, 0);
    return src && op_need_tile(dc, 2) ? gather_compare_result(dc, src, 0) : NULL;
}

const IrType *deduce_tensor_gather_compare(DeduceCtx *dc)
{
    const IrType *src = op_need_tensor(dc, 0);
    return src ? gather_compare_result(dc, src, 1) : NULL;
}
