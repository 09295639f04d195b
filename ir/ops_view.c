/* ops_view.c: today's tensor.view with layout= (pypto
 * DeduceTensorViewType, src/ir/op/tensor_ops/transform.cpp): a tensor's
 * memory read again, in layout ND or DN, with no data moved.
 *
 *   pl.tensor.view(t, layout=L)          tensor.view_layout
 *   pl.tensor.view(t, shape, layout=L)   tensor.view_shape_layout
 *
 * Without a shape, a change of layout swaps the last two dimensions, their
 * strides (t's own, else its packed ones) and its valid shape: an ND
 * [8, 4] tensor seen as DN is [4, 8] with strides [1, 4].  With a shape, t
 * must be packed and wholly valid, and the view has the packed strides of
 * the shape in layout L.  (pl.tensor.view(t, shape) alone is
 * tensor.reshape, ops.def's .fewer.) */
#include "config.h"
#include "ir/ops_internal.h"

#include <string.h>

/* a * b, into *out; 0 when both are constants whose product does not fit
 * 64 bits. */
static int mul_dim(IrCtx *ir, const IrExpr *a, const IrExpr *b, const IrExpr **out)
{
    int64_t x, y, p;
    if (ir_dim_value(a, &x) && ir_dim_value(b, &y)) {
        if (__builtin_mul_overflow(x, y, &p))
            return 0;
        *out = ir_dim_const(ir, p);
        return 1;
    }
    *out = ir_binary(ir, BIN_MUL, DT_INDEX, a, b, span_unknown());
    return 1;
}

/* The strides of a packed tensor of dims in layout (ND: row-major; DN: the
 * last two dimensions column-major), into out; 0 when a constant one does
 * not fit 64 bits. */
static int packed_strides(IrCtx *ir, uint32_t n, const IrExpr *const *dims, TensorLayout layout, const IrExpr **out)
{
    const IrExpr *s = ir_dim_const(ir, 1);
    uint32_t k = n;
    if (layout == TENSOR_DN && n >= 2) {
        out[n - 2] = s;
        out[n - 1] = dims[n - 2];
        if (n > 2 && !mul_dim(ir, dims[n - 2], dims[n - 1], &s))
            return 0;
        k = n - 2;
    }
    while (k-- > 0) {
        out[k] = s;
        if (k && !mul_dim(ir, s, dims[k], &s))
            return 0;
    }
    return 1;
}

/* The error of a tensor whose packed strides do not fit 64 bits. */
static const IrType *strides_overflow(DeduceCtx *dc, int arg, const IrType *t)
{
    char a[160];
    return op_fail(dc, arg, "the packed strides of %s do not fit 64 bits", type_to_string(dc->ir, t, a, sizeof a));
}

static int same_dim(const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    return a == b || (ir_dim_value(a, &x) && ir_dim_value(b, &y) && x == y);
}

static void swap_last(const IrExpr **v, uint32_t n)
{
    const IrExpr *t = v[n - 2];
    v[n - 2] = v[n - 1];
    v[n - 1] = t;
}

const IrType *deduce_tensor_view_layout(DeduceCtx *dc)
{
    const IrType *src;
    const IrTensorView *sv;
    const IrExpr *dbuf[8], *sbuf[8], *vbuf[8], *pbuf[8], **dims, **stride, **valid = NULL;
    const IrExpr *const *shape;
    int64_t want, have, x;
    uint32_t n, nvalid = 0;
    TilePad pad = TP_NULL;
    TensorLayout from, to;
    char a[160];
    if (!(src = op_need_tensor(dc, 0)) || op_kwarg_int(dc, "layout", &want) != 1)
        return NULL;
    sv = src->tensor_view;
    from = sv ? (TensorLayout)sv->layout : TENSOR_ND;
    to = (TensorLayout)want;
    if (to != TENSOR_ND && to != TENSOR_DN)
        return op_fail(dc, -1, "layout must be pl.TensorLayout.ND or DN, got %s (NZ is a tile layout)",
                       tensor_layout_name(to));
    if (from != TENSOR_ND && from != TENSOR_DN)
        return op_fail(dc, 0, "the tensor has layout %s; a view reads ND or DN tensors", tensor_layout_name(from));
    n = dc->nargs == 2 ? 0 : src->n;
    if (dc->nargs == 2 && !op_tuple_arg(dc, 1, "shape", 0, &n, &shape))
        return NULL;
    if (n == 0 || (to == TENSOR_DN && n < 2) || (dc->nargs == 1 && to != from && n < 2))
        return op_fail(dc, -1, "a %s view needs at least 2 dimensions, got %s", tensor_layout_name(to),
                       type_to_string(dc->ir, src, a, sizeof a));
    dims = op_dims_scratch(dc, n, dbuf, 8);
    stride = op_dims_scratch(dc, n, sbuf, 8);
    if (dc->nargs == 1) {
        memcpy(dims, src->dims, n * sizeof *dims);
        if (sv && sv->nstride == n)
            memcpy(stride, sv->stride, n * sizeof *stride);
        else if (!packed_strides(dc->ir, n, src->dims, from, stride))
            return strides_overflow(dc, 0, src);
        if (sv && sv->nvalid == n) {
            valid = op_dims_scratch(dc, n, vbuf, 8);
            memcpy(valid, sv->valid_shape, n * sizeof *valid);
            nvalid = n;
        }
        pad = sv ? (TilePad)sv->pad : TP_NULL;
        if (to != from) {
            swap_last(dims, n);
            swap_last(stride, n);
            if (valid)
                swap_last(valid, n);
        }
    } else {
        for (uint32_t d = 0; d < n; d++)
            if (ir_dim_value(shape[d], &x) && x < 1)
                return op_fail(dc, 1, "dimension %u of the shape must be positive, got %lld", d, (long long)x);
        if (op_static_elements(src->n, src->dims, &have) && op_static_elements(n, shape, &want) && have != want)
            return op_fail(dc, 1, "cannot view %lld elements as a shape of %lld elements", (long long)have,
                           (long long)want);
        if (sv && sv->nstride == src->n) {
            const IrExpr **packed = op_dims_scratch(dc, src->n, pbuf, 8);
            if (!packed_strides(dc->ir, src->n, src->dims, from, packed))
                return strides_overflow(dc, 0, src);
            for (uint32_t d = 0; d < src->n; d++)
                if (!same_dim(packed[d], sv->stride[d]))
                    return op_fail(dc, 0, "a view in another shape needs a packed tensor, and %s has strides of "
                                          "its own", type_to_string(dc->ir, src, a, sizeof a));
        }
        if (sv && sv->nvalid)
            return op_fail(dc, 0, "a view in another shape needs a wholly valid tensor, got %s",
                           type_to_string(dc->ir, src, a, sizeof a));
        memcpy(dims, shape, n * sizeof *dims);
        if (!packed_strides(dc->ir, n, dims, to, stride))
            return op_fail(dc, 1, "the packed strides of the shape do not fit 64 bits");
    }
    return ir_type_window(dc->ir,
                          ir_type_tensor(dc->ir, (DataType)src->dtype, n, dims, NULL,
                                         ir_tensor_view_valid(dc->ir, n, stride, to, nvalid, valid, pad)),
                          ir_type_is_window(src));
}

/* ----------------------------------------------- tensor.reinterpret_view */

/* The element types a reinterpretation reads and writes (pypto's
 * reinterpret_view_semantics IsSupportedDType): byte-addressable integers
 * of 8 to 64 bits, FP16, BF16, FP32. */
static int reinterpretable(DataType dt)
{
    return dt == DT_INT8 || dt == DT_UINT8 || dt == DT_INT16 || dt == DT_UINT16 || dt == DT_INT32 ||
           dt == DT_UINT32 || dt == DT_INT64 || dt == DT_UINT64 || dt == DT_FP16 || dt == DT_BF16 || dt == DT_FP32;
}

/* d scaled by the ratio of the element sizes (powers of two), into *out;
 * 0 when it is not a constant or not a whole number of the new elements,
 * -1 when it does not fit 64 bits. */
static int scale_dim(DeduceCtx *dc, const IrExpr *d, int64_t from, int64_t to, const IrExpr **out)
{
    int64_t x;
    if (!ir_dim_value(d, &x))
        return 0;
    if (from >= to) {
        if (__builtin_mul_overflow(x, from / to, &x))
            return -1;
    } else if (x % (to / from) != 0) {
        return 0;
    } else {
        x /= to / from;
    }
    *out = ir_dim_const(dc->ir, x);
    return 1;
}

/* tensor.reinterpret_view(t, dtype) (pypto DeduceTensorReinterpretViewType):
 * t's bytes as elements of dtype, its physically contiguous dimension (the
 * last; of a DN tensor the one before) scaled by the ratio of the element
 * sizes, its valid extent there too; layout and pad stay, and a tensor
 * with strides of its own (packed ones only) gets the new shape's. */
const IrType *deduce_tensor_reinterpret_view(DeduceCtx *dc)
{
    const IrType *src;
    const IrTensorView *sv;
    const IrExpr *dbuf[8], *vbuf[8], *sbuf[8], *pbuf[8], **dims, **valid = NULL, **stride = NULL;
    const IrKwarg *kw;
    TensorLayout layout;
    DataType dt;
    int64_t from, to;
    uint32_t n, c;
    int k;
    char a[160], b[32];
    if (!(src = op_need_tensor(dc, 0)) || !(kw = deduce_kwarg(dc, "dtype")))
        return NULL;
    if (ir_type_is_window(src))
        return op_fail(dc, 0, "a window of a distributed tensor cannot be reinterpreted");
    dt = (DataType)kw->v.i;
    sv = src->tensor_view;
    layout = sv ? (TensorLayout)sv->layout : TENSOR_ND;
    n = src->n;
    if (layout != TENSOR_ND && layout != TENSOR_DN)
        return op_fail(dc, 0, "the tensor has layout %s; a reinterpretation reads ND or DN tensors",
                       tensor_layout_name(layout));
    if (n == 0 || (layout == TENSOR_DN && n < 2))
        return op_fail(dc, 0, "a reinterpretation needs a tensor of %s dimension, got %s",
                       layout == TENSOR_DN ? "a DN layout and at least 2" : "at least 1",
                       type_to_string(dc->ir, src, a, sizeof a));
    if (!reinterpretable((DataType)src->dtype) || !reinterpretable(dt))
        return op_fail(dc, -1, "%s is not reinterpretable: the element types are 8- to 64-bit integers, FP16, BF16 "
                               "and FP32",
                       op_dtype_str(reinterpretable((DataType)src->dtype) ? dt : (DataType)src->dtype, b, sizeof b));
    if (dt == (DataType)src->dtype)
        return op_fail(dc, -1, "dtype must differ from the tensor's (%s); a reshape or view keeps it",
                       op_dtype_str(dt, b, sizeof b));
    if (sv && sv->nstride == n) {
        const IrExpr **packed = op_dims_scratch(dc, n, pbuf, 8);
        if (!packed_strides(dc->ir, n, src->dims, layout, packed))
            return strides_overflow(dc, 0, src);
        for (uint32_t d = 0; d < n; d++)
            if (!same_dim(packed[d], sv->stride[d]))
                return op_fail(dc, 0, "a reinterpretation needs a packed tensor, and %s has strides of its own",
                               type_to_string(dc->ir, src, a, sizeof a));
    }
    c = layout == TENSOR_DN ? n - 2 : n - 1;
    from = dtype_bytes((DataType)src->dtype);
    to = dtype_bytes(dt);
    dims = op_dims_scratch(dc, n, dbuf, 8);
    memcpy(dims, src->dims, n * sizeof *dims);
    if ((k = scale_dim(dc, src->dims[c], from, to, &dims[c])) < 0)
        return op_fail(dc, 0, "the contiguous dimension of %s as %s elements does not fit 64 bits",
                       type_to_string(dc->ir, src, a, sizeof a), op_dtype_str(dt, b, sizeof b));
    if (!k)
        return op_fail(dc, 0, "the contiguous dimension of %s does not hold a whole number of %s elements",
                       type_to_string(dc->ir, src, a, sizeof a), op_dtype_str(dt, b, sizeof b));
    if (sv && sv->nvalid == n) {
        valid = op_dims_scratch(dc, n, vbuf, 8);
        memcpy(valid, sv->valid_shape, n * sizeof *valid);
        if (scale_dim(dc, sv->valid_shape[c], from, to, &valid[c]) <= 0)
            return op_fail(dc, 0, "the valid extent of the contiguous dimension of %s is not a whole number of %s "
                                  "elements",
                           type_to_string(dc->ir, src, a, sizeof a), op_dtype_str(dt, b, sizeof b));
    }
    if (sv && sv->nstride == n) {
        stride = op_dims_scratch(dc, n, sbuf, 8);
        if (!packed_strides(dc->ir, n, dims, layout, stride))
            return op_fail(dc, 0, "the packed strides of %s as %s elements do not fit 64 bits",
                           type_to_string(dc->ir, src, a, sizeof a), op_dtype_str(dt, b, sizeof b));
    }
    return ir_type_tensor(dc->ir, dt, n, dims, NULL,
                          ir_tensor_view_valid(dc->ir, stride ? n : 0, stride, layout, valid ? n : 0, valid,
                                               sv ? (TilePad)sv->pad : TP_NULL));
}
