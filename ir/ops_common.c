/* ops_common.c: helpers shared by the deduction functions of ir/ops_*.c:
 * argument-kind checks with uniform messages, tuple and constant
 * arguments, kwarg access with schema defaults, result-type construction
 * (with the TileType rank limit), and the deductions that block and
 * tensor ops have in common (elementwise, tile/tensor with scalar, cast,
 * reshape, transpose, view). */
#include "config.h"
#include "ir/int_arith.h"
#include "ir/ops_internal.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ messages */

/* buf = prefix followed by the first n bytes of s, cut to fit cap as
 * snprintf would.  The names are made for messages at every call a pass
 * checks, so they are joined here, not by snprintf's costlier set-up. */
static const char *join_name(char *buf, size_t cap, const char *prefix, const char *s, size_t n)
{
    size_t p = strlen(prefix);
    if (cap == 0)
        return buf;
    if (p > cap - 1)
        p = cap - 1;
    memcpy(buf, prefix, p);
    if (n > cap - 1 - p)
        n = cap - 1 - p;
    memcpy(buf + p, s, n);
    buf[p + n] = '\0';
    return buf;
}

const char *op_printed_name(const OpDef *op, char *buf, size_t cap)
{
    char name[128];
    const char *n = op_dsl_name(op, 0, name, sizeof name);
    /* The distributed layer's ops are pld.*, printed as such. */
    return join_name(buf, cap, strncmp(n, "pld.", 4) == 0 ? "" : "pl.", n, strlen(n));
}

const char *op_dsl_name(const OpDef *op, int seed, char *buf, size_t cap)
{
    const char *name = op_name(op);
    if (seed && strncmp(name, "pld.", 4) != 0) {   /* the distributed layer has one spelling */
        const char *cut = strstr(name, "_scalar");
        return join_name(buf, cap, "", name, cut ? (size_t)(cut - name) : strlen(name));
    }
    if (op->today)
        return join_name(buf, cap, "", op->today, strlen(op->today));
    if (strncmp(name, "block.", 6) == 0)
        return join_name(buf, cap, "tile.", name + 6, strlen(name + 6));
    return join_name(buf, cap, "", name, strlen(name));
}

const IrType *op_fail(DeduceCtx *dc, int arg, const char *fmt, ...)
{
    char name[64], body[sizeof dc->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    return deduce_fail(dc, arg, "'%s': %s", op_printed_name(dc->op, name, sizeof name), body);
}

const char *op_ordinal(uint32_t i)
{
    static const char *const names[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
    return i < OPS_ARRAY_LEN(names) ? names[i] : "an";
}

const char *op_dtype_str(DataType dt, char *buf, size_t cap)
{
    snprintf(buf, cap, "pl.%s", dtype_name(dt));
    return buf;
}

/* ------------------------------------------------------- argument checks */

const IrType *op_arg_type(DeduceCtx *dc, uint32_t i) { return ir_expr_type(dc->ir, dc->args[i]); }

static const IrType *need_kind(DeduceCtx *dc, uint32_t i, IrTypeKind kind, const char *what)
{
    const IrType *t = op_arg_type(dc, i);
    char buf[160];
    if (kind == TYPE_TILE && dc->as_tensor) {
        kind = TYPE_TENSOR;
        what = "Tensor";
    }
    if (t->kind == kind)
        return t;
    op_fail(dc, (int)i, "%s argument must be a %s, got %s", op_ordinal(i), what,
            type_to_string(dc->ir, t, buf, sizeof buf));
    return NULL;
}

const IrType *op_need_tile(DeduceCtx *dc, uint32_t i) { return need_kind(dc, i, TYPE_TILE, "Tile"); }
const IrType *op_need_tensor(DeduceCtx *dc, uint32_t i) { return need_kind(dc, i, TYPE_TENSOR, "Tensor"); }
const IrType *op_need_scalar(DeduceCtx *dc, uint32_t i) { return need_kind(dc, i, TYPE_SCALAR, "Scalar"); }

int op_need_int_dtype(DeduceCtx *dc, uint32_t i, const IrType *t)
{
    char buf[160];
    if (dtype_is_int((DataType)t->dtype))
        return 1;
    op_fail(dc, (int)i, "%s argument must have an integer dtype, got %s", op_ordinal(i),
            type_to_string(dc->ir, t, buf, sizeof buf));
    return 0;
}

int op_tuple_arg(DeduceCtx *dc, uint32_t i, const char *what, int index_only, uint32_t *n, const IrExpr *const **elems)
{
    const IrExpr *e = dc->args[i];
    const IrType *t = ir_expr_type(dc->ir, e);
    char buf[160];
    if (t->kind != TYPE_TUPLE) {
        op_fail(dc, (int)i, "%s (%s argument) must be a tuple, got %s", what, op_ordinal(i),
                type_to_string(dc->ir, t, buf, sizeof buf));
        return 0;
    }
    for (uint32_t k = 0; k < t->n; k++) {
        const IrType *et = t->elems[k];
        DataType dt = (DataType)et->dtype;
        if (et->kind != TYPE_SCALAR || !dtype_is_int(dt) || (index_only && dt != DT_INT64 && dt != DT_UINT64)) {
            op_fail(dc, (int)i, "%s element %u must be %s, got %s", what, (unsigned)k,
                    index_only ? "an INT64 or UINT64 Scalar" : "an integer Scalar",
                    type_to_string(dc->ir, et, buf, sizeof buf));
            return 0;
        }
    }
    *n = t->n;
    if (e->kind == EXPR_MAKE_TUPLE) {
        *elems = IR_AS(IrMakeTuple, e)->elems;
    } else {
        /* A tuple-valued variable: its elements are read with TupleGet,
         * as the reference does for runtime tuples. */
        const IrExpr **v = t->n ? arena_array(&dc->ir->arena, t->n, sizeof *v) : NULL;
        for (uint32_t k = 0; k < t->n; k++)
            v[k] = ir_tuple_get(dc->ir, e, k, e->span);
        *elems = v;
    }
    return 1;
}

int op_const_shape_arg(DeduceCtx *dc, uint32_t i, uint32_t *n, const IrExpr *const **elems)
{
    const IrExpr *e = dc->args[i];
    const IrMakeTuple *mt;
    char buf[160];
    /* A static shape must be written out: a tuple variable's elements are
     * not constants. */
    if (e->kind != EXPR_MAKE_TUPLE) {
        op_fail(dc, (int)i, "shape (%s argument) must be a list of constants, got %s", op_ordinal(i),
                type_to_string(dc->ir, ir_expr_type(dc->ir, e), buf, sizeof buf));
        return 0;
    }
    mt = IR_AS(IrMakeTuple, e);
    if (mt->n == 0) {
        op_fail(dc, (int)i, "shape must not be empty");
        return 0;
    }
    /* Values were checked by op_deduce (positive, no overflow); what is
     * left is that each is a constant at all. */
    for (uint32_t k = 0; k < mt->n; k++) {
        int64_t v;
        if (ir_int_eval(mt->elems[k], &v) != INT_OK) {
            op_fail(dc, (int)i, "shape element %u must be an integer constant", (unsigned)k);
            return 0;
        }
    }
    *n = mt->n;
    *elems = mt->elems;
    return 1;
}

int op_const_int_value(const IrExpr *e, int64_t *v) { return ir_int_eval(e, v) == INT_OK; }

int op_dims_may_match(const IrExpr *a, const IrExpr *b, int64_t *va, int64_t *vb)
{
    return !(ir_dim_value(a, va) && ir_dim_value(b, vb) && *va != *vb);
}

int op_normalize_axis(DeduceCtx *dc, int arg, const char *what, int64_t axis, uint32_t rank, uint32_t *out)
{
    int64_t a = axis < 0 ? axis + (int64_t)rank : axis;
    if (a < 0 || a >= (int64_t)rank) {
        op_fail(dc, arg, "%s %lld is out of range for rank %u", what, (long long)axis, (unsigned)rank);
        return 0;
    }
    *out = (uint32_t)a;
    return 1;
}

/* --------------------------------------------------------------- kwargs */

int op_kwarg_int(DeduceCtx *dc, const char *name, int64_t *out)
{
    const IrKwarg *kw = deduce_kwarg(dc, name);
    if (kw) {
        if (kw->kind == KW_DOUBLE || kw->kind == KW_STRING) {
            op_fail(dc, -1, "kwarg '%s' has a value of the wrong kind", name);
            return -1;
        }
        *out = kw->v.i;
        return 1;
    }
    /* Not stored: fall back to the schema (calls built by passes or tests
     * may omit defaulted kwargs). */
    for (uint32_t k = 0; k < dc->op->nkw; k++) {
        const KwSpec *s = &dc->op->kwargs[k];
        if (strcmp(s->name, name) != 0)
            continue;
        if (s->presence == KW_DEFAULTED) {
            *out = s->idefault;
            return 1;
        }
        if (s->presence == KW_OPTIONAL)
            return 0;
        break;
    }
    op_fail(dc, -1, "missing required kwarg '%s'", name);
    return -1;
}

/* --------------------------------------------------------- result types */

const IrExpr **op_dims_scratch(DeduceCtx *dc, uint32_t n, const IrExpr **buf, uint32_t cap)
{
    if (n <= cap)
        return buf;
    return arena_array(&dc->ir->arena, n, sizeof *buf);
}

/* A deduced shape obeys the rule of a written one (elab_type.c): a
 * constant dimension below -1 is no dimension, and a type holding it would
 * print as an annotation that does not read back. */
static int dims_valid(DeduceCtx *dc, uint32_t rank, const IrExpr *const *dims)
{
    int64_t v;
    for (uint32_t k = 0; k < rank; k++)
        if (ir_dim_value(dims[k], &v) && v < -1) {
            op_fail(dc, -1, "dimension %u of the result is %lld, which is negative (-1 marks a dynamic dimension)",
                    (unsigned)k, (long long)v);
            return 0;
        }
    return 1;
}

const IrType *op_make_tile(DeduceCtx *dc, DataType dt, uint32_t rank, const IrExpr *const *dims, const IrTileView *view)
{
    if (dc->as_tensor)
        return op_make_tensor(dc, dt, rank, dims);
    if (!dims_valid(dc, rank, dims))
        return NULL;
    return ir_type_tile(dc->ir, dt, rank, dims, NULL, view);
}

const IrType *op_make_tensor(DeduceCtx *dc, DataType dt, uint32_t rank, const IrExpr *const *dims)
{
    return op_make_tensor_view(dc, dt, rank, dims, NULL);
}

const IrType *op_make_tensor_view(DeduceCtx *dc, DataType dt, uint32_t rank, const IrExpr *const *dims,
                                  const IrTensorView *view)
{
    if (!dims_valid(dc, rank, dims))
        return NULL;
    return ir_type_tensor(dc->ir, dt, rank, dims, NULL, view);
}

const IrType *op_make_shaped(DeduceCtx *dc, const IrType *like, DataType dt, uint32_t rank, const IrExpr *const *dims)
{
    if (like->kind == TYPE_TILE)
        return op_make_tile(dc, dt, rank, dims, NULL);
    return op_make_tensor(dc, dt, rank, dims);
}

int op_broadcast(DeduceCtx *dc, const IrType *a, const IrType *b, const IrExpr **out, uint32_t *nout)
{
    char sa[140], sb[140];
    if (broadcast_shapes(a->n, a->dims, b->n, b->dims, out, nout))
        return 1;
    op_fail(dc, -1, "cannot broadcast %s with %s", type_to_string(dc->ir, a, sa, sizeof sa),
            type_to_string(dc->ir, b, sb, sizeof sb));
    return 0;
}

/* ------------------------------------------------------ shared deductions */

static const IrType *need_shaped(DeduceCtx *dc, uint32_t i, IrTypeKind kind)
{
    return kind == TYPE_TILE ? op_need_tile(dc, i) : op_need_tensor(dc, i);
}

/* An op of FP32 only (sin, cos): no promotion, the caller casts. */
const IrType *op_deduce_fp32_unary(DeduceCtx *dc, IrTypeKind kind)
{
    const IrType *t = need_shaped(dc, 0, kind);
    const char *what = kind == TYPE_TILE ? "tile" : "tensor";
    char buf[160];
    if (t && t->dtype != DT_FP32)
        return op_fail(dc, 0, "takes an FP32 %s, got %s (cast it with pl.cast(%s, pl.FP32) first)", what,
                       op_dtype_str((DataType)t->dtype, buf, sizeof buf), what);
    if (!t)
        return NULL;
    return kind == TYPE_TILE ? op_make_tile(dc, DT_FP32, t->n, t->dims, NULL) : op_make_tensor(dc, DT_FP32, t->n, t->dims);
}

const IrType *op_deduce_elementwise(DeduceCtx *dc, IrTypeKind kind)
{
    const IrType *a, *b;
    const IrExpr *buf[8], **dims;
    uint32_t n;
    if (!(a = need_shaped(dc, 0, kind)) || !(b = need_shaped(dc, 1, kind)))
        return NULL;
    dims = op_dims_scratch(dc, a->n > b->n ? a->n : b->n, buf, 8);
    if (!op_broadcast(dc, a, b, dims, &n))
        return NULL;
    return op_make_shaped(dc, a, dtype_promote((DataType)a->dtype, (DataType)b->dtype), n, dims);
}

const IrType *op_deduce_shaped_scalar(DeduceCtx *dc, IrTypeKind kind)
{
    const IrType *a, *s;
    if (!(a = need_shaped(dc, 0, kind)) || !(s = op_need_scalar(dc, 1)))
        return NULL;
    return op_make_shaped(dc, a, dtype_promote((DataType)a->dtype, (DataType)s->dtype), a->n, a->dims);
}

const IrType *op_deduce_cast(DeduceCtx *dc, IrTypeKind kind)
{
    const IrType *a;
    int64_t target, mode;
    if (!(a = need_shaped(dc, 0, kind)))
        return NULL;
    if (op_kwarg_int(dc, "target_type", &target) != 1)
        return NULL; /* required: reported by op_kwarg_int */
    if (target < 0 || target >= DT_COUNT)
        return op_fail(dc, -1, "target_type is not a data type");
    if (op_kwarg_int(dc, "mode", &mode) < 0)
        return NULL;
    if (mode < 0 || mode > 6)
        return op_fail(dc, -1, "mode must be between 0 and 6, got %lld", (long long)mode);
    return op_make_shaped(dc, a, (DataType)target, a->n, a->dims);
}

/* Product of constant dims; 0 when any dim is symbolic or the product
 * does not fit (then the element counts are not compared). */
int op_static_elements(uint32_t n, const IrExpr *const *dims, int64_t *out)
{
    int64_t p = 1;
    for (uint32_t i = 0; i < n; i++) {
        int64_t v;
        if (!ir_dim_value(dims[i], &v) || v <= 0)
            return 0;
        if (p > INT64_MAX / v)
            return 0;
        p *= v;
    }
    *out = p;
    return 1;
}

const IrType *op_deduce_reshape(DeduceCtx *dc, IrTypeKind kind)
{
    const IrType *a;
    const IrExpr *const *shape;
    uint32_t n;
    int64_t before, after;
    if (!(a = need_shaped(dc, 0, kind)))
        return NULL;
    if (!op_tuple_arg(dc, 1, "shape", kind == TYPE_TILE, &n, &shape))
        return NULL;
    if (op_static_elements(a->n, a->dims, &before) && op_static_elements(n, shape, &after) && before != after)
        return op_fail(dc, 1, "cannot reshape %lld elements into a shape of %lld elements", (long long)before,
                       (long long)after);
    return op_make_shaped(dc, a, (DataType)a->dtype, n, shape);
}

const IrType *op_deduce_transpose(DeduceCtx *dc, IrTypeKind kind)
{
    const IrType *a;
    const IrExpr *buf[8], **dims, *tmp;
    int64_t v1, v2;
    uint32_t ax1, ax2;
    if (!(a = need_shaped(dc, 0, kind)))
        return NULL;
    if (a->n < 2) {
        char text[160];
        return op_fail(dc, 0, "first argument must have at least 2 dimensions, got %s",
                       type_to_string(dc->ir, a, text, sizeof text));
    }
    if (!op_const_int_value(dc->args[1], &v1))
        return op_fail(dc, 1, "axis1 must be an integer constant");
    if (!op_const_int_value(dc->args[2], &v2))
        return op_fail(dc, 2, "axis2 must be an integer constant");
    if (!op_normalize_axis(dc, 1, "axis1", v1, a->n, &ax1) || !op_normalize_axis(dc, 2, "axis2", v2, a->n, &ax2))
        return NULL;
    if (ax1 == ax2)
        return op_fail(dc, -1, "axis1 and axis2 must be different, both are %u", (unsigned)ax1);
    dims = op_dims_scratch(dc, a->n, buf, 8);
    memcpy(dims, a->dims, a->n * sizeof *dims);
    tmp = dims[ax1];
    dims[ax1] = dims[ax2];
    dims[ax2] = tmp;
    return op_make_shaped(dc, a, (DataType)a->dtype, a->n, dims);
}

/* A window of `shape` at `offset` (both of outer's rank) that runs off
 * `outer` where all three are static is an error at argument `arg`: a view
 * past the source's edge (00-python_syntax.md: pl.slice of a tile past its
 * edge is an error), an assemble past the target's. */
int op_window_fits(DeduceCtx *dc, int arg, const IrType *outer, const IrExpr *const *shape,
                   const IrExpr *const *offset)
{
    for (uint32_t d = 0; d < outer->n; d++)
        if (!op_window_dim_fits(dc, arg, d, shape[d], offset[d], outer->dims[d]))
            return 0;
    return 1;
}

int op_window_dim_fits(DeduceCtx *dc, int arg, uint32_t d, const IrExpr *shape, const IrExpr *offset,
                       const IrExpr *extent)
{
    int64_t s, o, e;
    if (!ir_dim_value(shape, &s) || !ir_dim_value(offset, &o) || !ir_dim_value(extent, &e) || (o >= 0 && o + s <= e))
        return 1;
    op_fail(dc, arg, "the window [%lld:%lld] runs past dimension %u, of extent %lld", (long long)o, (long long)(o + s),
            d, (long long)e);
    return 0;
}

int op_valid_shape_arg(DeduceCtx *dc, uint32_t i, uint32_t n, const IrExpr *const *dims, const IrExpr *const **valid)
{
    const IrExpr *const *v;
    uint32_t nv;
    int same = 1;
    if (!op_tuple_arg(dc, i, "valid_shape", 0, &nv, &v))
        return 0;
    if (nv != n) {
        op_fail(dc, (int)i, "valid_shape has %u dimensions for a shape of %u", (unsigned)nv, (unsigned)n);
        return 0;
    }
    for (uint32_t d = 0; d < n; d++) {
        int64_t x, y;
        if (ir_dim_value(v[d], &x) && ir_dim_value(dims[d], &y) && x > y) {
            op_fail(dc, (int)i, "valid_shape element %u is %lld, more than the shape's %lld", (unsigned)d,
                    (long long)x, (long long)y);
            dc->err->elem = (int)d;
            return 0;
        }
        if (v[d] != dims[d] && !(ir_dim_value(v[d], &x) && ir_dim_value(dims[d], &y) && x == y))
            same = 0;
    }
    *valid = same ? NULL : v;
    return 1;
}

const IrTileView *op_view_with_valid(DeduceCtx *dc, const IrTileView *view, uint32_t n, const IrExpr *const *valid)
{
    if (!view)
        return ir_tile_view(dc->ir, valid ? n : 0, valid, 0, NULL, NULL, TL_ROW_MAJOR, TL_NONE_BOX, 512, TP_NULL);
    return ir_tile_view_in(dc->ir,
                           ir_tile_view(dc->ir, valid ? n : 0, valid, view->nstride, view->stride, view->start_offset,
                                        (TileLayout)view->blayout, (TileLayout)view->slayout, view->fractal,
                                        (TilePad)view->pad),
                           view->space);
}
