/* ops_block_misc.c: block reductions (ops.md 5.5), row/column/scalar
 * broadcasts (5.6) and the matrix multiplies (5.7).
 *
 * Shape checks compare dimensions only when both are constants: a
 * symbolic dimension may well be equal at run time, and the reference
 * accepts it.
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"
#include "ir/ops_internal.h"

#include <string.h>

static int dim_is_const_one(const IrExpr *d)
{
    int64_t v;
    return ir_dim_value(d, &v) && v == 1;
}

/* A tile argument with at least min_rank dims; named in messages. */
static const IrType *need_tile_rank(DeduceCtx *dc, uint32_t i, const char *name, uint32_t min_rank, uint32_t max_rank)
{
    const IrType *t = op_need_tile(dc, i);
    char buf[160];
    if (!t)
        return NULL;
    if (t->n < min_rank || t->n > max_rank) {
        if (min_rank == max_rank)
            op_fail(dc, (int)i, "%s must have %u dimensions, got %s", name, (unsigned)min_rank,
                    type_to_string(dc->ir, t, buf, sizeof buf));
        else
            op_fail(dc, (int)i, "%s must have at least %u dimensions, got %s", name, (unsigned)min_rank,
                    type_to_string(dc->ir, t, buf, sizeof buf));
        return NULL;
    }
    return t;
}

/* ----------------------------------------------------------- reductions */

/* A reduction's result is valid where its source is, the reduced axis
 * collapsing to one valid cell (pypto's tile row and column reductions;
 * PTOAS's trowsum and tcolsum verifiers ask for equal valid extents on
 * the kept axis).  A row reduction's [rows, 1] is column-major, as its
 * layout rule places it.  NULL, no view, when the source has no valid
 * shape. */
static const IrTileView *reduced_valid(DeduceCtx *dc, const IrType *t, uint32_t axis)
{
    const IrExpr *buf[8], **valid;
    if (!t->tile_view || t->tile_view->nvalid != t->n)
        return NULL;
    valid = op_dims_scratch(dc, t->n, buf, 8);
    memcpy(valid, t->tile_view->valid_shape, t->n * sizeof *valid);
    valid[axis] = ir_dim_const(dc->ir, 1);
    return ir_tile_view(dc->ir, t->n, valid, 0, NULL, NULL, axis == t->n - 1 ? TL_COL_MAJOR : TL_ROW_MAJOR,
                        TL_NONE_BOX, 512, TP_NULL);
}

/* row_sum, row_max, row_min (tile, tmp_tile): [..., rows, 1]. */
const IrType *deduce_row_reduce(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *buf[8], **dims;
    if (!(t = need_tile_rank(dc, 0, "tile", 2, UINT32_MAX)) || !op_need_tile(dc, 1))
        return NULL;
    dims = op_dims_scratch(dc, t->n, buf, 8);
    memcpy(dims, t->dims, t->n * sizeof *dims);
    dims[t->n - 1] = ir_dim_const(dc->ir, 1);
    return op_make_tile(dc, (DataType)t->dtype, t->n, dims, reduced_valid(dc, t, t->n - 1));
}

/* row_argmax, row_argmin (tile, tmp_tile): the column index of each
 * row's extremum, [..., rows, 1] of INT32 (pypto's tile.row_argmax;
 * TROWARGMAX).  The scratch has the source's element type (PTOAS's
 * verifier, pto-isa's TROWARGMAX). */
const IrType *deduce_row_arg(DeduceCtx *dc)
{
    const IrType *t, *tmp;
    const IrExpr *buf[8], **dims;
    char b1[96];
    if (!(t = need_tile_rank(dc, 0, "tile", 2, UINT32_MAX)) || !(tmp = op_need_tile(dc, 1)))
        return NULL;
    if (tmp->dtype != t->dtype)
        return op_fail(dc, 1, "tmp_tile must have the tile's element type %s, got %s", dtype_name((DataType)t->dtype),
                       type_to_string(dc->ir, tmp, b1, sizeof b1));
    dims = op_dims_scratch(dc, t->n, buf, 8);
    memcpy(dims, t->dims, t->n * sizeof *dims);
    dims[t->n - 1] = ir_dim_const(dc->ir, 1);
    return op_make_tile(dc, DT_INT32, t->n, dims, reduced_valid(dc, t, t->n - 1));
}

/* col_sum, col_max, col_min, col_prod (tile): [1, cols] (today's
 * tile.col_*, pypto tile_ops.py). */
const IrType *deduce_col_reduce(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *dims[2];
    if (!(t = need_tile_rank(dc, 0, "tile", 2, 2)))
        return NULL;
    dims[0] = ir_dim_const(dc->ir, 1);
    dims[1] = t->dims[1];
    return op_make_tile(dc, (DataType)t->dtype, 2, dims, reduced_valid(dc, t, 0));
}

/* col_argmax, col_argmin (tile, tmp_tile): [1, cols] INT32, the row index
 * of each column's extremum; the scratch has the tile's element type
 * (pypto's tile.col_argmax; pto-isa's NPU TCOLARGMAX asserts it). */
const IrType *deduce_col_arg(DeduceCtx *dc)
{
    const IrType *t, *tmp;
    const IrExpr *dims[2];
    char b1[96];
    if (!(t = need_tile_rank(dc, 0, "tile", 2, 2)) || !(tmp = op_need_tile(dc, 1)))
        return NULL;
    if (tmp->dtype != t->dtype)
        return op_fail(dc, 1, "tmp_tile must have the tile's element type %s, got %s", dtype_name((DataType)t->dtype),
                       type_to_string(dc->ir, tmp, b1, sizeof b1));
    dims[0] = ir_dim_const(dc->ir, 1);
    dims[1] = t->dims[1];
    return op_make_tile(dc, DT_INT32, 2, dims, reduced_valid(dc, t, 0));
}

/* col_sum(tile, tmp_tile): the binary-tree form, whose scratch has the
 * tile's element type (pypto's tile.col_sum). */
const IrType *deduce_col_sum_tmp(DeduceCtx *dc)
{
    const IrType *r = deduce_col_reduce(dc), *t, *tmp;
    char b1[96];
    if (!r || !(tmp = op_need_tile(dc, 1)))
        return NULL;
    t = ir_expr_type(dc->ir, dc->args[0]);
    if (tmp->dtype != t->dtype)
        return op_fail(dc, 1, "tmp_tile must have the tile's element type %s, got %s", dtype_name((DataType)t->dtype),
                       type_to_string(dc->ir, tmp, b1, sizeof b1));
    return r;
}

/* sum, max, min (tile; axis, keepdim): the axis becomes 1 or disappears;
 * nothing left is a Scalar. */
const IrType *deduce_reduce(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *buf[8], **dims;
    int64_t axis, keepdim;
    uint32_t ax, n = 0;
    if (!(t = op_need_tile(dc, 0)) || op_kwarg_int(dc, "axis", &axis) != 1 ||
        op_kwarg_int(dc, "keepdim", &keepdim) != 1 || !op_normalize_axis(dc, -1, "axis", axis, t->n, &ax))
        return NULL;
    dims = op_dims_scratch(dc, t->n, buf, 8);
    for (uint32_t i = 0; i < t->n; i++) {
        if (i != ax)
            dims[n++] = t->dims[i];
        else if (keepdim)
            dims[n++] = ir_dim_const(dc->ir, 1);
    }
    if (n == 0)
        return ir_type_scalar(dc->ir, (DataType)t->dtype);
    return op_make_tile(dc, (DataType)t->dtype, n, dims, NULL);
}

/* ----------------------------------------------------------- broadcasts */

const IrType *deduce_row_expand(DeduceCtx *dc)
{
    const IrType *t = need_tile_rank(dc, 0, "src", 2, UINT32_MAX);
    return t ? op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL) : NULL;
}

/* row_expand_add.. (tile [.., M, N], row_vec [.., M, 1]). */
const IrType *deduce_row_expand_op(DeduceCtx *dc)
{
    const IrType *t, *r;
    int64_t a, b;
    if (!(t = need_tile_rank(dc, 0, "tile", 2, UINT32_MAX)) || !(r = need_tile_rank(dc, 1, "row_vec", 2, UINT32_MAX)))
        return NULL;
    if (!dim_is_const_one(r->dims[r->n - 1]))
        return op_fail(dc, 1, "row_vec's last dimension must be 1");
    if (!op_dims_may_match(t->dims[t->n - 2], r->dims[r->n - 2], &a, &b))
        return op_fail(dc, 1, "row_vec has %lld rows, the %s has %lld", (long long)b,
                       dc->as_tensor ? "tensor" : "tile", (long long)a);
    return op_make_tile(dc, dtype_promote((DataType)t->dtype, (DataType)r->dtype), t->n, t->dims, NULL);
}

/* row_expand_add(tile, row_vec, tmp): the same, with a scratch tile that
 * the instruction writes (pto-isa's TROWEXPANDADD overload with tmp: on
 * A2/A3 the broadcast 32-byte blocks of the rows); Legalize gives it one
 * of the result's type where the one passed differs. */
const IrType *deduce_row_expand_op_tmp(DeduceCtx *dc)
{
    return op_need_tile(dc, 2) ? deduce_row_expand_op(dc) : NULL;
}

/* col_expand.. (target [M, N], col_vec [1, N]). */
const IrType *deduce_col_expand(DeduceCtx *dc)
{
    const IrType *t, *c;
    int64_t a, b;
    char buf[160];
    if (!(t = op_need_tile(dc, 0)) || !(c = op_need_tile(dc, 1)))
        return NULL;
    if (c->n != 2 || !dim_is_const_one(c->dims[0]))
        return op_fail(dc, 1, "col_vec must have shape [1, N], got %s", type_to_string(dc->ir, c, buf, sizeof buf));
    if (t->n >= 1 && !op_dims_may_match(t->dims[t->n - 1], c->dims[1], &a, &b))
        return op_fail(dc, 1, "col_vec has %lld columns, the target has %lld", (long long)b, (long long)a);
    return op_make_tile(dc, dtype_promote((DataType)t->dtype, (DataType)c->dtype), t->n, t->dims, NULL);
}

const IrType *deduce_expands(DeduceCtx *dc) { return op_deduce_shaped_scalar(dc, TYPE_TILE); }

/* ------------------------------------------------------------- matmuls */

/* K of lhs [M, K] and rhs [K, N] must agree when both are constant. */
static int check_k(DeduceCtx *dc, const IrExpr *kl, const IrExpr *kr)
{
    int64_t a, b;
    if (op_dims_may_match(kl, kr, &a, &b))
        return 1;
    op_fail(dc, -1, "inner dimensions differ: lhs K=%lld, rhs K=%lld", (long long)a, (long long)b);
    return 0;
}

/* The cube unit multiplies equal input types into FP32 or INT32. */
static int cube_dtype(DeduceCtx *dc, const IrType *l, const IrType *r, DataType *out)
{
    char a[32], b[32];
    if (l->dtype != r->dtype) {
        op_fail(dc, -1, "lhs and rhs must have the same dtype, got %s and %s",
                op_dtype_str((DataType)l->dtype, a, sizeof a), op_dtype_str((DataType)r->dtype, b, sizeof b));
        return 0;
    }
    *out = dtype_is_float((DataType)l->dtype) && dtype_is_float((DataType)r->dtype) ? DT_FP32 : DT_INT32;
    return 1;
}

/* Acc (L0C) layout: NZ fractal boxes of 1024 bytes; the product of a
 * partly valid lhs or rhs is valid in the lhs's valid rows and the rhs's
 * valid columns (pto-isa's TMATMUL takes m from the lhs's valid rows and
 * n from the rhs's valid columns). */
const IrTileView *op_acc_view(DeduceCtx *dc, const IrType *l, const IrType *r)
{
    const IrTileView *v = ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
    const IrExpr *const *lv = ir_tile_valid_dims(l), *const *rv = ir_tile_valid_dims(r);
    const IrExpr *valid[2];
    if (lv == l->dims && rv == r->dims)
        return v;
    valid[0] = lv[0];
    valid[1] = rv[1];
    return op_view_with_valid(dc, v, 2, valid);
}

/* matmul, gemv (lhs [M, K], rhs [K, N]) -> [M, N]. */
const IrType *deduce_matmul(DeduceCtx *dc)
{
    const IrType *l, *r;
    const IrExpr *dims[2];
    DataType dt;
    if (!(l = need_tile_rank(dc, 0, "lhs", 2, 2)) || !(r = need_tile_rank(dc, 1, "rhs", 2, 2)) ||
        !check_k(dc, l->dims[1], r->dims[0]) || !cube_dtype(dc, l, r, &dt))
        return NULL;
    dims[0] = l->dims[0];
    dims[1] = r->dims[1];
    return op_make_tile(dc, dt, 2, dims, op_acc_view(dc, l, r));
}

/* matmul_acc, gemv_acc (acc [M, N], lhs [M, K], rhs [K, N][, init_cond: a BOOL
 * scalar, matmul_acc's longer form]) -> acc.shape. */
const IrType *deduce_matmul_acc(DeduceCtx *dc)
{
    const IrType *acc, *l, *r;
    int64_t a, b;
    DataType dt;
    if (!(acc = need_tile_rank(dc, 0, "acc", 2, 2)) || !(l = need_tile_rank(dc, 1, "lhs", 2, 2)) ||
        !(r = need_tile_rank(dc, 2, "rhs", 2, 2)) || !op_check_init_cond(dc, 3))
        return NULL;
    if (!op_dims_may_match(acc->dims[0], l->dims[0], &a, &b))
        return op_fail(dc, -1, "M dimensions differ: acc M=%lld, lhs M=%lld", (long long)a, (long long)b);
    if (!op_dims_may_match(acc->dims[1], r->dims[1], &a, &b))
        return op_fail(dc, -1, "N dimensions differ: acc N=%lld, rhs N=%lld", (long long)a, (long long)b);
    if (!check_k(dc, l->dims[1], r->dims[0]) || !cube_dtype(dc, l, r, &dt))
        return NULL;
    return op_make_tile(dc, dt, 2, acc->dims, op_acc_view(dc, l, r));
}

/* matmul_bias, gemv_bias (lhs [M, K], rhs [K, N], bias [1, N] of the
 * accumulator's type) -> [M, N] in Acc, as matmul (pypto's
 * DeduceTileMatMulBiasType; pto-isa's TMATMUL_BIAS adds bias(0, j) to each
 * row and takes a bias of the accumulator's element type). */
const IrType *deduce_matmul_bias(DeduceCtx *dc)
{
    const IrType *l, *r, *bias;
    const IrExpr *dims[2];
    int64_t a, b;
    DataType dt;
    char buf[160], d1[32], d2[32];
    if (!(l = need_tile_rank(dc, 0, "lhs", 2, 2)) || !(r = need_tile_rank(dc, 1, "rhs", 2, 2)) ||
        !(bias = need_tile_rank(dc, 2, "bias", 2, 2)) || !check_k(dc, l->dims[1], r->dims[0]) ||
        !cube_dtype(dc, l, r, &dt))
        return NULL;
    if (!dim_is_const_one(bias->dims[0]))
        return op_fail(dc, 2, "bias must have shape [1, N], got %s", type_to_string(dc->ir, bias, buf, sizeof buf));
    if (!op_dims_may_match(bias->dims[1], r->dims[1], &a, &b))
        return op_fail(dc, 2, "bias has N=%lld, the result has N=%lld", (long long)a, (long long)b);
    if (bias->dtype != dt)
        return op_fail(dc, 2, "bias must have the accumulator's dtype %s, got %s", op_dtype_str(dt, d1, sizeof d1),
                       op_dtype_str((DataType)bias->dtype, d2, sizeof d2));
    dims[0] = l->dims[0];
    dims[1] = r->dims[1];
    return op_make_tile(dc, dt, 2, dims, op_acc_view(dc, l, r));
}

/* gemv's acc_phase= (pypto's ValidateGemvAccPhase): the unit-flag phase of
 * an accumulation, "unspecified", "partial" or "final"; PTO spells it
 * {accPhase = #pto<acc_phase partial>}, pto-isa TGEMV<AccPhase::Partial>.
 * It does not change what is computed. */
static int acc_phase_ok(DeduceCtx *dc)
{
    const IrKwarg *kw = deduce_kwarg(dc, "acc_phase");
    if (!kw || strcmp(kw->v.s, "unspecified") == 0 || strcmp(kw->v.s, "partial") == 0 ||
        strcmp(kw->v.s, "final") == 0)
        return 1;
    op_fail(dc, -1, "acc_phase must be \"unspecified\", \"partial\" or \"final\", got \"%s\"", kw->v.s);
    return 0;
}

const IrType *deduce_gemv(DeduceCtx *dc) { return acc_phase_ok(dc) ? deduce_matmul(dc) : NULL; }
const IrType *deduce_gemv_acc(DeduceCtx *dc) { return acc_phase_ok(dc) ? deduce_matmul_acc(dc) : NULL; }
const IrType *deduce_gemv_bias(DeduceCtx *dc) { return acc_phase_ok(dc) ? deduce_matmul_bias(dc) : NULL; }

/* batch_matmul (lhs [.., M, K], rhs [.., K, N]) -> bcast(batch) + [M, N]
 * in Acc's layout, FP32 or INT32 as the cube unit writes (pypto's
 * DeduceTileBatchMatMulType). */
const IrType *deduce_batch_matmul(DeduceCtx *dc)
{
    const IrType *l, *r;
    const IrExpr *buf[8], **dims;
    uint32_t nb;
    DataType dt;
    char sl[140], sr[140];
    if (!(l = need_tile_rank(dc, 0, "lhs", 2, UINT32_MAX)) || !(r = need_tile_rank(dc, 1, "rhs", 2, UINT32_MAX)) ||
        !check_k(dc, l->dims[l->n - 1], r->dims[r->n - 2]) || !cube_dtype(dc, l, r, &dt))
        return NULL;
    dims = op_dims_scratch(dc, (l->n > r->n ? l->n : r->n), buf, 8);
    if (!broadcast_shapes(l->n - 2, l->dims, r->n - 2, r->dims, dims, &nb))
        return op_fail(dc, -1, "cannot broadcast the batch dimensions of %s and %s",
                       type_to_string(dc->ir, l, sl, sizeof sl), type_to_string(dc->ir, r, sr, sizeof sr));
    dims[nb] = l->dims[l->n - 2];
    dims[nb + 1] = r->dims[r->n - 1];
    return op_make_tile(dc, dt, nb + 2, dims, ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 1024));
}

/* batch_matmul_acc (acc [.., M, N], lhs [.., M, K], rhs [.., K, N]) ->
 * acc's shape: lhs's and rhs's batch dimensions broadcast to acc's, which
 * is accumulated in place and not broadcast (pypto's
 * DeduceTileBatchMatMulAccType). */
const IrType *deduce_batch_matmul_acc(DeduceCtx *dc)
{
    const IrType *acc, *l, *r;
    const IrExpr *buf[8], **dims;
    uint32_t nb;
    int64_t a, b;
    DataType dt;
    char sa[140], sl[140], sr[140];
    if (!(acc = need_tile_rank(dc, 0, "acc", 2, UINT32_MAX)) || !(l = need_tile_rank(dc, 1, "lhs", 2, UINT32_MAX)) ||
        !(r = need_tile_rank(dc, 2, "rhs", 2, UINT32_MAX)))
        return NULL;
    if (!op_dims_may_match(acc->dims[acc->n - 2], l->dims[l->n - 2], &a, &b))
        return op_fail(dc, -1, "M dimensions differ: acc M=%lld, lhs M=%lld", (long long)a, (long long)b);
    if (!op_dims_may_match(acc->dims[acc->n - 1], r->dims[r->n - 1], &a, &b))
        return op_fail(dc, -1, "N dimensions differ: acc N=%lld, rhs N=%lld", (long long)a, (long long)b);
    if (!check_k(dc, l->dims[l->n - 1], r->dims[r->n - 2]) || !cube_dtype(dc, l, r, &dt))
        return NULL;
    dims = op_dims_scratch(dc, (l->n > r->n ? l->n : r->n), buf, 8);
    if (!broadcast_shapes(l->n - 2, l->dims, r->n - 2, r->dims, dims, &nb))
        return op_fail(dc, -1, "cannot broadcast the batch dimensions of %s and %s",
                       type_to_string(dc->ir, l, sl, sizeof sl), type_to_string(dc->ir, r, sr, sizeof sr));
    if (nb != acc->n - 2)
        return op_fail(dc, 0, "acc %s has %u batch dimensions, lhs and rhs broadcast to %u",
                       type_to_string(dc->ir, acc, sa, sizeof sa), (unsigned)(acc->n - 2), (unsigned)nb);
    for (uint32_t d = 0; d < nb; d++)
        if (!op_dims_may_match(acc->dims[d], dims[d], &a, &b))
            return op_fail(dc, 0, "acc's batch dimension %u is %lld, lhs and rhs broadcast to %lld", (unsigned)d,
                           (long long)a, (long long)b);
    return op_make_tile(dc, dt, acc->n, acc->dims, ir_tile_view_layout(dc->ir, TL_COL_MAJOR, TL_ROW_MAJOR, 1024));
}
