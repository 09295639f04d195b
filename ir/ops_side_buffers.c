/* ops_side_buffers.c: the cube unit's side buffers, Bias (the bias table
 * TMATMUL_BIAS adds from) and the A5 MX scale buffers LeftScale and
 * RightScale: the moves that fill them from Mat, and the MX block-scale
 * matmuls that read the scale buffers (matmul_mx, matmul_mx_acc,
 * matmul_mx_bias).
 *
 * A tile in one of these spaces carries the space in its view
 * (IrTileView.space), since its layout alone would say Vec or Left/Right.
 * The rules are pto-isa's (pto/npu/a2a3 and a5 TMov.hpp TMovToBt, the
 * TileLeftScale / TileRightScale aliases of pto/common/pto_tile.hpp) and
 * pypto's (docs/en/dev/ir/05-operators.md, "MX block-scale matmul"). */
#include "config.h"

#include <stdio.h>

#include "ir/ops_internal.h"

/* ------------------------------------------------------------- moves */

const IrType *op_side_buffer_source(DeduceCtx *dc, MemorySpace ms)
{
    return op_fail(dc, -1, "a tile in pl.Mem.%s is made by pl.move from a Mat tile", memspace_name(ms));
}

/* The bias table holds one row of accumulator elements in 64-byte units
 * (TMovToBt: "row must be 1", "col * sizeof(Dtype) must be aligned to
 * 64"); the move keeps the element type, and TMATMUL_BIAS takes FP32 or
 * INT32 (the accumulator's). */
static int bias_tile_ok(DeduceCtx *dc, const IrType *t)
{
    char buf[160];
    int64_t rows, cols;
    if (t->n != 2 || !ir_dim_value(t->dims[0], &rows) || rows != 1) {
        op_fail(dc, 0, "a Bias tile is one row [1, N], got %s", type_to_string(dc->ir, t, buf, sizeof buf));
        return 0;
    }
    if (t->dtype != DT_FP32 && t->dtype != DT_INT32) {
        op_fail(dc, 0, "a Bias tile holds the accumulator's FP32 or INT32, got %s",
                op_dtype_str((DataType)t->dtype, buf, sizeof buf));
        return 0;
    }
    if (ir_dim_value(t->dims[1], &cols) && cols * 4 % 64 != 0) {
        op_fail(dc, 0, "a Bias tile's row is whole 64-byte units (N a multiple of 16), got N=%lld", (long long)cols);
        return 0;
    }
    return 1;
}

/* Scale tiles hold FP8E8M0 exponents (PTOAS reads UINT8 in its scaling
 * location as the fixpipe's; pypto promotes before the move). */
static int scale_tile_ok(DeduceCtx *dc, const IrType *t, MemorySpace ms)
{
    char buf[160];
    if (t->n != 2) {
        op_fail(dc, 0, "a %s tile is 2-D, got %s", memspace_name(ms), type_to_string(dc->ir, t, buf, sizeof buf));
        return 0;
    }
    if (t->dtype != DT_FP8E8M0) {
        op_fail(dc, 0, "a %s tile holds FP8E8M0 scales, got %s", memspace_name(ms),
                op_dtype_str((DataType)t->dtype, buf, sizeof buf));
        return 0;
    }
    return 1;
}

const IrType *op_move_into_side_buffer(DeduceCtx *dc, const IrType *t, MemorySpace ms, int transpose)
{
    TileLayout bl, sl;
    uint32_t fractal;
    int64_t v;
    if (transpose)
        return op_fail(dc, 0, "a move into %s does not transpose", memspace_name(ms));
    if (op_kwarg_int(dc, "blayout", &v) == 1 || op_kwarg_int(dc, "slayout", &v) == 1)
        return op_fail(dc, -1, "a %s tile has its buffer's fixed layout: drop blayout= and slayout=",
                       memspace_name(ms));
    if (!(ms == MS_BIAS ? bias_tile_ok(dc, t) : scale_tile_ok(dc, t, ms)))
        return NULL;
    ir_space_layout(ms, &bl, &sl, &fractal);
    return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims,
                        ir_tile_view_in(dc->ir, ir_tile_view_layout(dc->ir, bl, sl, fractal), ms));
}

/* -------------------------------------------------------- MX matmuls */

/* A data operand: 2-D FP8E4M3FN (an FP4 left operand is cast first). */
static const IrType *mx_data(DeduceCtx *dc, uint32_t i, const char *name)
{
    const IrType *t = op_need_tile(dc, i);
    char buf[160];
    if (!t)
        return NULL;
    if (t->n != 2)
        return op_fail(dc, (int)i, "%s must have 2 dimensions, got %s", name, type_to_string(dc->ir, t, buf, sizeof buf));
    if (t->dtype != DT_FP8E4M3FN)
        return op_fail(dc, (int)i, "%s must be FP8E4M3FN, got %s%s", name,
                       op_dtype_str((DataType)t->dtype, buf, sizeof buf),
                       t->dtype == DT_FP4 ? " (cast an FP4 operand to FP8E4M3FN with pl.cast first)" : "");
    return t;
}

/* One extent against what it must be, where both are known. */
static int mx_extent(DeduceCtx *dc, uint32_t i, const char *what, const IrExpr *got, int64_t want)
{
    int64_t v;
    if (ir_dim_value(got, &v) && v != want) {
        op_fail(dc, (int)i, "%s must be %lld, got %lld", what, (long long)want, (long long)v);
        return 0;
    }
    return 1;
}

/* A scale tile FP8E8M0 of one exponent per 32 elements along K:
 * lhs_scale [M, ceil(K/32)], rhs_scale [ceil(K/32), N]. */
static int mx_scale(DeduceCtx *dc, uint32_t i, const char *name, const IrExpr *rows, const IrExpr *cols,
                    int k_axis)
{
    const IrType *t = op_need_tile(dc, i);
    const IrExpr *want[2] = {rows, cols};
    char buf[160], what[64];
    if (!t)
        return 0;
    if (t->n != 2 || t->dtype != DT_FP8E8M0) {
        op_fail(dc, (int)i, "%s must be a 2-D FP8E8M0 tile, got %s", name, type_to_string(dc->ir, t, buf, sizeof buf));
        return 0;
    }
    for (int d = 0; d < 2; d++) {
        int64_t v;
        if (!ir_dim_value(want[d], &v))
            continue;
        if (d == k_axis)
            v = (v + 31) / 32;
        snprintf(what, sizeof what, "%s's %s", name, d ? "columns" : "rows");
        if (!mx_extent(dc, i, what, t->dims[d], v))
            return 0;
    }
    return 1;
}

/* The cube's MX alignment (pto-isa's TMatmulMX: K a multiple of 64;
 * pypto: M a multiple of 16, N of 32), for constant extents. */
static int mx_aligned(DeduceCtx *dc, const IrExpr *d, int64_t unit, const char *what, uint32_t arg)
{
    int64_t v;
    if (ir_dim_value(d, &v) && v % unit != 0) {
        op_fail(dc, (int)arg, "%s must be a multiple of %lld for an MX matmul, got %lld", what, (long long)unit,
                (long long)v);
        return 0;
    }
    return 1;
}

/* (lhs, lhs_scale, rhs, rhs_scale) from argument `first` on -> the FP32
 * [M, N] product in Acc. */
static const IrType *mx_product(DeduceCtx *dc, uint32_t first)
{
    const IrType *l, *r;
    const IrExpr *dims[2];
    int64_t a, b;
    if (!(l = mx_data(dc, first, "lhs")) || !(r = mx_data(dc, first + 2, "rhs")))
        return NULL;
    if (!op_dims_may_match(l->dims[1], r->dims[0], &a, &b))
        return op_fail(dc, -1, "inner dimensions differ: lhs K=%lld, rhs K=%lld", (long long)a, (long long)b);
    if (!mx_aligned(dc, l->dims[0], 16, "M", first) || !mx_aligned(dc, l->dims[1], 64, "K", first) ||
        !mx_aligned(dc, r->dims[1], 32, "N", first + 2) ||
        !mx_scale(dc, first + 1, "lhs_scale", l->dims[0], l->dims[1], 1) ||
        !mx_scale(dc, first + 3, "rhs_scale", r->dims[0], r->dims[1], 0))
        return NULL;
    dims[0] = l->dims[0];
    dims[1] = r->dims[1];
    return op_make_tile(dc, DT_FP32, 2, dims, op_acc_view(dc, l, r));
}

const IrType *deduce_matmul_mx(DeduceCtx *dc) { return mx_product(dc, 0); }

/* (acc, lhs, lhs_scale, rhs, rhs_scale): acc + the product, in acc. */
const IrType *deduce_matmul_mx_acc(DeduceCtx *dc)
{
    const IrType *acc = op_need_tile(dc, 0), *p;
    char buf[160];
    if (!acc)
        return NULL;
    if (acc->n != 2 || acc->dtype != DT_FP32)
        return op_fail(dc, 0, "acc must be a 2-D FP32 tile, got %s", type_to_string(dc->ir, acc, buf, sizeof buf));
    if (!(p = mx_product(dc, 1)))
        return NULL;
    for (int d = 0; d < 2; d++) {
        int64_t a, b;
        if (!op_dims_may_match(acc->dims[d], p->dims[d], &a, &b))
            return op_fail(dc, 0, "acc has %s=%lld, the product %lld", d ? "N" : "M", (long long)a, (long long)b);
    }
    return p;
}

/* (lhs, lhs_scale, rhs, rhs_scale, bias [1, N] FP32). */
const IrType *deduce_matmul_mx_bias(DeduceCtx *dc)
{
    const IrType *p = mx_product(dc, 0), *bias;
    char buf[160];
    int64_t a, b;
    if (!p || !(bias = op_need_tile(dc, 4)))
        return NULL;
    if (bias->n != 2 || !ir_dim_value(bias->dims[0], &a) || a != 1 || bias->dtype != DT_FP32)
        return op_fail(dc, 4, "bias must be a [1, N] FP32 tile, got %s", type_to_string(dc->ir, bias, buf, sizeof buf));
    if (!op_dims_may_match(bias->dims[1], p->dims[1], &a, &b))
        return op_fail(dc, 4, "bias has N=%lld, the result has N=%lld", (long long)a, (long long)b);
    return p;
}
