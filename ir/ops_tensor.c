/* ops_tensor.c: the tensor.* ops (ops.md 6): tensors of any rank in
 * global memory, used by orchestration and opaque functions.
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"
#include "ir/ops_internal.h"

#include <math.h>
#include <string.h>

/* init_value= (tensor.create): a value every element of dt holds exactly,
 * as the reference's orchestration codegen requires (tensor_op_codegen.cpp
 * at pypto@e2d0f78a): finite; whole for integers, within 2^53 (a double);
 * only 0 for floats narrower than 32 bits. */
static int init_value_fits(DeduceCtx *dc, DataType dt)
{
    const IrKwarg *kw = deduce_kwarg(dc, "init_value");
    double v;
    if (!kw)
        return 1;
    v = kw->kind == KW_DOUBLE ? kw->v.d : (double)kw->v.i;
    if (!isfinite(v)) {
        op_fail(dc, -1, "init_value must be finite");
        return 0;
    }
    if (dt == DT_BOOL || dtype_is_int(dt)) {
        int bits = dt == DT_BOOL ? 1 : dtype_bits(dt);
        double hi = bits >= 53 ? 9007199254740992.0 : ldexp(1.0, dtype_is_signed_int(dt) ? bits - 1 : bits) - 1,
               lo = dtype_is_signed_int(dt) ? -hi - 1 : 0;
        if (v != floor(v) || v < lo || v > hi) {
            op_fail(dc, -1, "init_value %g is not a whole number in the range of %s (%.0f to %.0f)", v,
                    dtype_name(dt), lo, hi);
            return 0;
        }
    } else if (dtype_is_float(dt) && dtype_bits(dt) < 32 && v != 0.0) {
        op_fail(dc, -1, "init_value of a %s tensor must be 0 (the runtime fills other values into 32- and 64-bit "
                "floats only)",
                dtype_name(dt));
        return 0;
    }
    return 1;
}

const IrType *deduce_tensor_create(DeduceCtx *dc)
{
    const IrExpr *const *shape;
    uint32_t n;
    int64_t dt, layout = TENSOR_ND;
    int layout_given;
    if (!op_tuple_arg(dc, 0, "shape", 0, &n, &shape) || op_kwarg_int(dc, "dtype", &dt) != 1)
        return NULL;
    if (dt < 0 || dt >= DT_COUNT)
        return op_fail(dc, -1, "dtype is not a data type");
    if (!init_value_fits(dc, (DataType)dt) || (layout_given = op_kwarg_int(dc, "layout", &layout)) < 0)
        return NULL;
    /* layout= (pypto tensor_ops.py create): ND, the default, is no view. */
    if (layout_given && layout != TENSOR_ND) {
        if (layout < 0 || layout >= TENSOR_LAYOUT_COUNT)
            return op_fail(dc, -1, "layout is not a tensor layout");
        return op_make_tensor_view(dc, (DataType)dt, n, shape, ir_tensor_view(dc->ir, 0, NULL, (TensorLayout)layout));
    }
    return op_make_tensor(dc, (DataType)dt, n, shape);
}

const IrType *deduce_tensor_read(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *const *idx;
    uint32_t n;
    if (!(t = op_need_tensor(dc, 0)) || !op_tuple_arg(dc, 1, "indices", 0, &n, &idx))
        return NULL;
    if (n != t->n)
        return op_fail(dc, 1, "expects %u indices for a tensor of rank %u, got %u", (unsigned)t->n, (unsigned)t->n,
                       (unsigned)n);
    return ir_type_scalar(dc->ir, (DataType)t->dtype);
}

/* The integer type index arithmetic on extent x is done in. */
static DataType extent_dtype(DeduceCtx *dc, const IrExpr *x)
{
    const IrType *t = ir_expr_type(dc->ir, x);
    return t->kind == TYPE_SCALAR && dtype_is_int((DataType)t->dtype) ? (DataType)t->dtype : DT_INT64;
}

/* max(lo, min(x, hi)) of index extents, folded when all are constants. */
static const IrExpr *clamp_extent(DeduceCtx *dc, const IrExpr *x, int64_t lo, const IrExpr *hi)
{
    int64_t a, b;
    DataType dt = extent_dtype(dc, x);
    if (ir_dim_value(x, &a) && ir_dim_value(hi, &b))
        return ir_dim_const(dc->ir, a < lo ? lo : a > b ? b : a);
    if (!(ir_dim_value(hi, &b) && ir_dim_value(x, &a) && a <= b))
        x = ir_binary(dc->ir, BIN_MIN, dt, x, hi, x->span);
    return ir_binary(dc->ir, BIN_MAX, dt, x, ir_const_int(dc->ir, lo, dt, x->span), x->span);
}

/* x - y of index extents, folded when both are constants. */
static const IrExpr *sub_extent(DeduceCtx *dc, const IrExpr *x, const IrExpr *y)
{
    int64_t a, b;
    if (ir_dim_value(x, &a) && ir_dim_value(y, &b))
        return ir_dim_const(dc->ir, a - b);
    if (ir_dim_value(y, &b) && b == 0)
        return x;
    return ir_binary(dc->ir, BIN_SUB, extent_dtype(dc, x), x, y, x->span);
}

/* tensor.slice(tensor, shape, offset, valid_shape, pad_value=, clamp=)
 * (pypto docs/en/dev/ir/02-types.md, language/op/tensor_ops.py): a view of
 * the window, valid where both the request and the source are.  The
 * source's valid part, shifted by the offset and cut to the window, bounds
 * the result; clamp=True lets the window run past the source's edge and
 * cuts the valid part there.  pad_value (else the source's) says what
 * reads outside the valid part see. */
const IrType *deduce_tensor_view(DeduceCtx *dc)
{
    const IrType *a;
    const IrExpr *const *shape, *const *offset, *const *req;
    const IrExpr *buf[8], **valid;
    uint32_t ns, no;
    int64_t clamp = 0, pad = TP_NULL;
    int narrowed = 0, r;
    if (!(a = op_need_tensor(dc, 0)) || !op_tuple_arg(dc, 1, "shape", 0, &ns, &shape) ||
        !op_tuple_arg(dc, 2, "offset", 0, &no, &offset))
        return NULL;
    if ((r = op_kwarg_int(dc, "clamp", &clamp)) < 0 || (r = op_kwarg_int(dc, "pad_value", &pad)) < 0)
        return NULL;
    if (r == 0 && a->tensor_view)
        pad = a->tensor_view->pad;
    if (!op_valid_shape_arg(dc, 3, ns, shape, &req))
        return NULL;
    /* A window of another rank reinterprets the source: its valid part is
     * the request alone. */
    if (ns != a->n || no != a->n) {
        return ir_type_tensor(dc->ir, (DataType)a->dtype, ns, shape, NULL,
                              ir_tensor_view_valid(dc->ir, 0, NULL, TENSOR_ND, req ? ns : 0, req, (TilePad)pad));
    }
    /* Without clamp= what the view reads must lie inside the source: its
     * valid part when it has one (the window itself may run past the
     * edge: pypto's tensor.slice bounds the read by valid_shape). */
    if (!clamp && !req && !op_window_fits(dc, 2, a, shape, offset))
        return NULL;
    for (uint32_t d = 0; !clamp && req && d < ns; d++) {
        int64_t o, v, e;
        if (ir_dim_value(offset[d], &o) && ir_dim_value(req[d], &v) && ir_dim_value(a->dims[d], &e) && o + v > e)
            return op_fail(dc, 2, "the valid part [%lld:%lld] runs past dimension %u, of extent %lld (clamp=True "
                           "would cut it at the edge)", (long long)o, (long long)(o + v), d, (long long)e);
    }
    valid = op_dims_scratch(dc, ns, buf, 8);
    for (uint32_t d = 0; d < ns; d++) {
        const IrExpr *want = req ? req[d] : shape[d];
        const IrExpr *src = ir_tensor_valid_dims(a)[d];
        int64_t s, w, o;
        valid[d] = want;
        /* The source is fully valid here and the window inside it. */
        if (src == a->dims[d] && !clamp)
            continue;
        if (ir_dim_value(src, &s) && ir_dim_value(offset[d], &o) && ir_dim_value(shape[d], &w) && o + w <= s)
            continue;
        /* available = clamp(source valid - offset, 0, window); the result
         * is the smaller of it and the request, where that is known. */
        {
            int64_t x, y;
            const IrExpr *avail =
                ir_dim_value(offset[d], &x) && x == 0 && !ir_dim_value(src, &y)
                    ? ir_binary(dc->ir, BIN_MIN, extent_dtype(dc, src), src, shape[d], src->span)   /* never negative */
                    : clamp_extent(dc, sub_extent(dc, src, offset[d]), 0, shape[d]);
            if (!req || (ir_dim_value(avail, &x) && ir_dim_value(want, &y) && x < y) ||
                (ir_dim_value(avail, &x) && !ir_dim_value(want, &y)))
                valid[d] = avail;
            else if (!(ir_dim_value(avail, &x) && ir_dim_value(want, &y)))
                valid[d] = ir_binary(dc->ir, BIN_MIN, extent_dtype(dc, want), want, avail, want->span);
            narrowed = 1;
        }
    }
    return ir_type_tensor(dc->ir, (DataType)a->dtype, ns, shape, NULL,
                          ir_tensor_view_valid(dc->ir, 0, NULL, TENSOR_ND, req || narrowed ? ns : 0,
                                               req || narrowed ? valid : NULL, (TilePad)pad));
}

/* tensor.write(tensor, indices, value): the tensor with one element
 * replaced by the scalar value (converted to its dtype). */
const IrType *deduce_tensor_write(DeduceCtx *dc)
{
    const IrType *t, *v;
    const IrExpr *const *idx;
    uint32_t n;
    if (!(t = op_need_tensor(dc, 0)) || !op_tuple_arg(dc, 1, "indices", 0, &n, &idx))
        return NULL;
    if (n != t->n)
        return op_fail(dc, 1, "expects %u indices for a tensor of rank %u, got %u", (unsigned)t->n, (unsigned)t->n,
                       (unsigned)n);
    v = ir_expr_type(dc->ir, dc->args[2]);
    if (v->kind != TYPE_SCALAR)
        return op_fail(dc, 2, "the value must be a scalar");
    return op_make_tensor(dc, (DataType)t->dtype, t->n, t->dims);
}

const IrType *deduce_tensor_assemble(DeduceCtx *dc)
{
    const IrType *t, *s;
    const IrExpr *const *off;
    uint32_t n;
    if (!(t = op_need_tensor(dc, 0)) || !(s = op_need_tensor(dc, 1)) || !op_tuple_arg(dc, 2, "offset", 0, &n, &off))
        return NULL;
    /* A partly valid source writes its valid part. */
    if (s->n == t->n && n == t->n && !op_window_fits(dc, 2, t, ir_tensor_valid_dims(s), off))
        return NULL;
    /* A new value of the target's shape and dtype (not the target's type:
     * its MemRef belongs to the target). */
    return op_make_tensor(dc, (DataType)t->dtype, t->n, t->dims);
}

const IrType *deduce_tensor_dim(DeduceCtx *dc)
{
    const IrType *t;
    int64_t axis;
    uint32_t ax;
    if (!(t = op_need_tensor(dc, 0)))
        return NULL;
    if (!op_const_int_value(dc->args[1], &axis))
        return op_fail(dc, 1, "axis must be an integer constant");
    if (!op_normalize_axis(dc, 1, "axis", axis, t->n, &ax))
        return NULL;
    return ir_type_scalar(dc->ir, DT_INT64);
}

const IrType *deduce_tensor_binary(DeduceCtx *dc) { return op_deduce_elementwise(dc, TYPE_TENSOR); }
const IrType *deduce_tensor_scalar(DeduceCtx *dc) { return op_deduce_shaped_scalar(dc, TYPE_TENSOR); }

/* matmul (lhs, rhs; a_trans, b_trans, c_matrix_nz, out_dtype): the 1-D
 * cases follow numpy (vector operands contribute no result dimension);
 * from 2-D up the last two dims are the matrix, earlier ones broadcast. */
const IrType *deduce_tensor_matmul(DeduceCtx *dc)
{
    const IrType *l, *r;
    const IrExpr *buf[8], **dims;
    int64_t a_trans, b_trans, nz, out;
    uint32_t n = 0;
    int has_out;
    DataType dt;
    if (!(l = op_need_tensor(dc, 0)) || !(r = op_need_tensor(dc, 1)))
        return NULL;
    if (l->n < 1)
        return op_fail(dc, 0, "lhs must have at least 1 dimension");
    if (r->n < 1)
        return op_fail(dc, 1, "rhs must have at least 1 dimension");
    if (op_kwarg_int(dc, "a_trans", &a_trans) != 1 || op_kwarg_int(dc, "b_trans", &b_trans) != 1 ||
        op_kwarg_int(dc, "c_matrix_nz", &nz) != 1 || (has_out = op_kwarg_int(dc, "out_dtype", &out)) < 0)
        return NULL;
    if (has_out && (out < 0 || out >= DT_COUNT))
        return op_fail(dc, -1, "out_dtype is not a data type");
    dt = has_out ? (DataType)out : dtype_promote((DataType)l->dtype, (DataType)r->dtype);
    dims = op_dims_scratch(dc, l->n > r->n ? l->n : r->n, buf, 8);
    if (l->n == 1 && r->n == 1) {
        n = 0;
    } else if (l->n == 2 && r->n == 1) {
        dims[n++] = l->dims[0];
    } else if (l->n == 1 && r->n == 2) {
        dims[n++] = r->dims[1];
    } else if (l->n >= 2 && r->n >= 2) {
        char sl[140], sr[140];
        if (!broadcast_shapes(l->n - 2, l->dims, r->n - 2, r->dims, dims, &n))
            return op_fail(dc, -1, "cannot broadcast the batch dimensions of %s and %s",
                           type_to_string(dc->ir, l, sl, sizeof sl), type_to_string(dc->ir, r, sr, sizeof sr));
        dims[n++] = a_trans ? l->dims[l->n - 1] : l->dims[l->n - 2];
        dims[n++] = b_trans ? r->dims[r->n - 2] : r->dims[r->n - 1];
    } else {
        return op_fail(dc, -1, "a 1-D operand needs a 1-D or 2-D partner, got ranks %u and %u", (unsigned)l->n,
                       (unsigned)r->n);
    }
    return op_make_tensor(dc, dt, n, dims);
}

/* row_max, row_sum (input): the reference's fixed attributes axis=-1,
 * keep_dim=True, so the last dimension becomes 1. */
const IrType *deduce_tensor_row_reduce(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *buf[8], **dims;
    uint32_t ax;
    if (!(t = op_need_tensor(dc, 0)) || !op_normalize_axis(dc, 0, "axis", -1, t->n, &ax))
        return NULL;
    dims = op_dims_scratch(dc, t->n, buf, 8);
    memcpy(dims, t->dims, t->n * sizeof *dims);
    dims[ax] = ir_dim_const(dc->ir, 1);
    return op_make_tensor(dc, (DataType)t->dtype, t->n, dims);
}

/* row_argmax, row_argmin (input): the index of the extremum along the
 * last axis, kept as 1, INT32 (pypto's DeduceTensorReductionType with
 * an INT32 result). */
const IrType *deduce_tensor_row_arg(DeduceCtx *dc)
{
    const IrType *t = deduce_tensor_row_reduce(dc);
    return t ? op_make_tensor(dc, DT_INT32, t->n, t->dims) : NULL;
}

/* col_argmax, col_argmin (input): the index of the extremum along the
 * second-to-last axis, kept as 1, INT32 (pypto's tensor.col_argmax:
 * [..., M, N] -> [..., 1, N]). */
const IrType *deduce_tensor_col_arg(DeduceCtx *dc)
{
    const IrType *t;
    const IrExpr *buf[8], **dims;
    if (!(t = op_need_tensor(dc, 0)))
        return NULL;
    if (t->n < 2)
        return op_fail(dc, 0, "the input must have at least 2 dimensions, got %u", (unsigned)t->n);
    dims = op_dims_scratch(dc, t->n, buf, 8);
    memcpy(dims, t->dims, t->n * sizeof *dims);
    dims[t->n - 2] = ir_dim_const(dc->ir, 1);
    return op_make_tensor(dc, DT_INT32, t->n, dims);
}

/* expand_clone (input, target): rank-3 tensors, input's dimensions equal
 * to target's or 1 in at most one; target's shape, the promoted element
 * type (pypto's DeduceTensorExpandCloneType). */
const IrType *deduce_tensor_expand_clone(DeduceCtx *dc)
{
    const IrType *t, *g;
    uint32_t broadcast = 0;
    char a[140], b[140];
    if (!(t = op_need_tensor(dc, 0)) || !(g = op_need_tensor(dc, 1)))
        return NULL;
    if (t->n != 3 || g->n != 3)
        return op_fail(dc, t->n != 3 ? 0 : 1, "input and target must have rank 3, got %u and %u", (unsigned)t->n,
                       (unsigned)g->n);
    for (uint32_t d = 0; d < 3; d++) {
        int64_t x, y;
        if (t->dims[d] == g->dims[d] || (ir_dim_value(t->dims[d], &x) && ir_dim_value(g->dims[d], &y) && x == y))
            continue;
        if (!ir_dim_value(t->dims[d], &x) || x != 1)
            return op_fail(dc, 0, "input %s does not expand to %s: dimension %u is neither equal nor 1",
                           type_to_string(dc->ir, t, a, sizeof a), type_to_string(dc->ir, g, b, sizeof b), (unsigned)d);
        broadcast++;
    }
    if (broadcast > 1)
        return op_fail(dc, 0, "input %s expands to %s along %u dimensions; expand_clone broadcasts along at most one",
                       type_to_string(dc->ir, t, a, sizeof a), type_to_string(dc->ir, g, b, sizeof b), broadcast);
    return op_make_tensor(dc, dtype_promote((DataType)t->dtype, (DataType)g->dtype), 3, g->dims);
}

/* exp of an integer tensor is real-valued: FP32. */
const IrType *deduce_tensor_exp(DeduceCtx *dc)
{
    const IrType *t = op_need_tensor(dc, 0);
    if (!t)
        return NULL;
    return op_make_tensor(dc, dtype_is_float((DataType)t->dtype) ? (DataType)t->dtype : DT_FP32, t->n, t->dims);
}

/* sin and cos: FP32 only, as their tile forms (no promotion). */
const IrType *deduce_tensor_fp32_unary(DeduceCtx *dc) { return op_deduce_fp32_unary(dc, TYPE_TENSOR); }

const IrType *deduce_tensor_cast(DeduceCtx *dc) { return op_deduce_cast(dc, TYPE_TENSOR); }
/* A reshape is the tensor's own memory: a window's stays bound to the
 * window (pld.DistributedTensor), as its layout views do. */
const IrType *deduce_tensor_reshape(DeduceCtx *dc)
{
    const IrType *t = op_deduce_reshape(dc, TYPE_TENSOR);
    return t ? ir_type_window(dc->ir, t, ir_type_is_window(ir_expr_type(dc->ir, dc->args[0]))) : NULL;
}
const IrType *deduce_tensor_transpose(DeduceCtx *dc) { return op_deduce_transpose(dc, TYPE_TENSOR); }

/* matmul_acc's optional init_cond (argument 3): a BOOL scalar. */
int op_check_init_cond(DeduceCtx *dc, uint32_t i)
{
    const IrType *c;
    if (dc->nargs <= i)
        return 1;
    if (!(c = op_need_scalar(dc, i)))
        return 0;
    if (c->dtype != DT_BOOL) {
        op_fail(dc, (int)i, "init_cond must be a BOOL scalar, got %s", dtype_name((DataType)c->dtype));
        return 0;
    }
    return 1;
}

/* tensor.matmul_acc (acc, lhs, rhs[, init_cond]; a_trans, b_trans): acc
 * + lhs @ rhs, of acc's type, as the reference deduces it
 * (src/ir/op/tensor_ops/matmul.cpp at pypto@e2d0f78a): operands of one
 * type, the accumulator FP32 for floats and INT32 for integers, M and N
 * (after the transposes) acc's, batch dimensions acc's. */
const IrType *deduce_tensor_matmul_acc(DeduceCtx *dc)
{
    const IrType *acc, *l, *r;
    const IrExpr *bbuf[8], **batch;
    int64_t a_trans, b_trans, x, y;
    uint32_t nb = 0;
    DataType want;
    char sa[140], sb[140];
    if (!(acc = op_need_tensor(dc, 0)) || !(l = op_need_tensor(dc, 1)) || !(r = op_need_tensor(dc, 2)) ||
        !op_check_init_cond(dc, 3))
        return NULL;
    if (acc->n < 2 || l->n < 2 || r->n < 2)
        return op_fail(dc, acc->n < 2 ? 0 : l->n < 2 ? 1 : 2, "%s must have at least 2 dimensions",
                       acc->n < 2 ? "acc" : l->n < 2 ? "lhs" : "rhs");
    if (l->dtype != r->dtype)
        return op_fail(dc, -1, "lhs and rhs must have one data type, got %s and %s", dtype_name((DataType)l->dtype),
                       dtype_name((DataType)r->dtype));
    want = dtype_is_float((DataType)l->dtype) ? DT_FP32 : DT_INT32;
    if (acc->dtype != want)
        return op_fail(dc, 0, "acc must be %s for %s operands, got %s", dtype_name(want), dtype_name((DataType)l->dtype),
                       dtype_name((DataType)acc->dtype));
    if (op_kwarg_int(dc, "a_trans", &a_trans) != 1 || op_kwarg_int(dc, "b_trans", &b_trans) != 1)
        return NULL;
    {
        const IrExpr *m = a_trans ? l->dims[l->n - 1] : l->dims[l->n - 2];
        const IrExpr *kl = a_trans ? l->dims[l->n - 2] : l->dims[l->n - 1];
        const IrExpr *kr = b_trans ? r->dims[r->n - 1] : r->dims[r->n - 2];
        const IrExpr *n = b_trans ? r->dims[r->n - 2] : r->dims[r->n - 1];
        if (ir_dim_value(kl, &x) && ir_dim_value(kr, &y) && x != y)
            return op_fail(dc, -1, "K dimensions differ: lhs K=%lld, rhs K=%lld", (long long)x, (long long)y);
        if (ir_dim_value(acc->dims[acc->n - 2], &x) && ir_dim_value(m, &y) && x != y)
            return op_fail(dc, -1, "M dimensions differ: acc M=%lld, lhs M=%lld", (long long)x, (long long)y);
        if (ir_dim_value(acc->dims[acc->n - 1], &x) && ir_dim_value(n, &y) && x != y)
            return op_fail(dc, -1, "N dimensions differ: acc N=%lld, rhs N=%lld", (long long)x, (long long)y);
    }
    batch = op_dims_scratch(dc, l->n > r->n ? l->n : r->n, bbuf, 8);
    if (!broadcast_shapes(l->n - 2, l->dims, r->n - 2, r->dims, batch, &nb))
        return op_fail(dc, -1, "cannot broadcast the batch dimensions of %s and %s",
                       type_to_string(dc->ir, l, sa, sizeof sa), type_to_string(dc->ir, r, sb, sizeof sb));
    if (nb != acc->n - 2)
        return op_fail(dc, 0, "acc has %u batch dimensions, the product %u", acc->n - 2, nb);
    for (uint32_t i = 0; i < nb; i++)
        if (ir_dim_value(acc->dims[i], &x) && ir_dim_value(batch[i], &y) && x != y)
            return op_fail(dc, 0, "acc's batch dimension %u is %lld, the product's %lld", i, (long long)x, (long long)y);
    if (nb && dc->nargs > 3)
        return op_fail(dc, 3, "init_cond applies to 2-D operands only; loop over the batch dimension instead");
    return op_make_tensor(dc, want, acc->n, acc->dims);
}
