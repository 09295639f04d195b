/* legal_rules.c: rules of the targets' tile transfers and elementwise
 * operations that Legalize checks for every output and the kernel
 * lowering checks again, for pass lists without Legalize (lower*.c):
 * the tensors a kernel takes, the offset and shape lists of loads and
 * stores against their tile, operands of the result's shape, type and
 * valid shape, and the spaces and sizes of a matrix multiply.
 * Each returns 0, or -1 with a message in msg for the caller to report at
 * the location it knows. */
#include "config.h"
#include "targets/legal_rules.h"
#include "ir/op_registry.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

const char *legal_mlir_dtype(DataType dt)
{
    switch (dt) {
    case DT_BOOL: return "i1";
    case DT_INT8: return "i8";
    case DT_INT16: return "i16";
    case DT_INT32: return "i32";
    case DT_INT64: return "i64";
    case DT_UINT8: return "ui8";
    case DT_UINT16: return "ui16";
    case DT_UINT32: return "ui32";
    case DT_UINT64: return "ui64";
    case DT_FP16: return "f16";
    case DT_FP32: return "f32";
    case DT_BF16: return "bf16";
    default: return NULL;
    }
}

int legal_scalar_dtype(DataType dt) { return legal_mlir_dtype(dt) != NULL; }

const char *legal_dims_text(const IrType *t, char *buf, size_t cap)
{
    size_t k = 0;
    int64_t v;
    k += (size_t)str_printf(buf + k, cap - k, "[");
    for (uint32_t i = 0; i < t->n && k < cap; i++) {
        if (ir_dim_value(t->dims[i], &v))
            k += (size_t)str_printf(buf + k, cap - k, "%s%" PRId64, i ? ", " : "", v);
        else
            k += (size_t)str_printf(buf + k, cap - k, "%s?", i ? ", " : "");
    }
    if (k < cap)
        str_printf(buf + k, cap - k, "]");
    return buf;
}

int legal_kernel_param(const IrVar *p, char *msg, size_t cap)
{
    if (p->type->kind == TYPE_TENSOR || p->type->kind == TYPE_SCALAR)
        return 0;
    snprintf(msg, cap, "parameter '%s' is neither a Tensor nor a Scalar; kernels cannot take it", p->name);
    return -1;
}

int legal_syncall_workspace(const IrType *t, const char *what, int64_t sizes[2], char *msg, size_t cap)
{
    sizes[0] = sizes[1] = -1;
    for (uint32_t d = 0; d < t->n && d < 2; d++)
        if (!ir_dim_value(t->dims[d], &sizes[d]))
            sizes[d] = -1;
    if (t->n < 1 || t->n > 2 || sizes[0] < 0 || (t->n == 2 && sizes[1] < 0)) {
        snprintf(msg, cap, "the soft barrier's workspace '%s' needs a static shape of rank 1 or 2 (its view)", what);
        return -1;
    }
    if (t->n == 1)
        sizes[1] = sizes[0];
    return 0;
}

int legal_carried_tensor(const IrVar *yielded, const IrVar *carried, char *msg, size_t cap)
{
    if (!yielded || !carried || yielded == carried)
        return 0;
    snprintf(msg, cap, "the yielded tensor derives from '%s', the carried one from '%s'", yielded->name,
             carried->name);
    return -1;
}

int legal_tensor_is_dn(const IrType *t)
{
    return t->kind == TYPE_TENSOR && t->n >= 2 && t->tensor_view && t->tensor_view->layout == TENSOR_DN;
}

/* An [M, 1] tensor, which pyptocc views column-major in either layout
 * (legal_tensor_view). */
static int legal_tensor_column_vector(const IrType *t)
{
    int64_t cols;
    return t->n == 2 && ir_dim_value(t->dims[1], &cols) && cols == 1;
}

int legal_tensor_column_major(const IrType *t)
{
    int64_t cols;
    return legal_tensor_is_dn(t) && !(t->n == 2 && ir_dim_value(t->dims[1], &cols) && cols == 1);
}

int legal_element_access(const IrType *t, const char *what, char *msg, size_t cap)
{
    if (!legal_tensor_column_major(t))
        return 0;
    snprintf(msg, cap,
             "an element of DN tensor '%s' is read and written through a row-major offset: pyptocc reads and "
             "writes elements of nd tensors and column vectors only",
             what);
    return -1;
}

int legal_dn_column_stride(const IrType *t, int64_t *s)
{
    const IrTensorView *v = t->tensor_view;
    return legal_tensor_is_dn(t) && t->n == 2 && v->nstride == 2 && ir_dim_value(v->stride[1], s);
}

/* Whether strides a and b are the same: equal constants or the same
 * dimension variable. */
static int same_stride(const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    if (ir_dim_value(a, &x) && ir_dim_value(b, &y))
        return x == y;
    return a == b;
}

/* Whether DN tensor t has no strides given, or the packed ones (pypto's
 * canonical DN, which its MaterializeTensorStrides writes): 1 in the
 * next-to-last dimension, that dimension's extent in the last, the
 * outer ones row-major over the [.., M, N] blocks, constants for rank 3
 * or more (legal_static_strides computes them). */
static int dn_packed(const IrType *t)
{
    const IrTensorView *v = t->tensor_view;
    int64_t s;
    if (v->nstride == 0)
        return 1;
    if (v->nstride != t->n || !ir_dim_value(v->stride[t->n - 2], &s) || s != 1)
        return 0;
    /* A 2-D window of a wider column-major tensor (a sub-view): its
     * columns a constant stride apart, at least its column's length. */
    if (t->n == 2 && legal_dn_column_stride(t, &s)) {
        int64_t m;
        return !ir_dim_value(t->dims[0], &m) || s >= m;
    }
    if (!same_stride(v->stride[t->n - 1], t->dims[t->n - 2]))
        return 0;
    if (t->n > 2) {
        int64_t stride[LEGAL_MAX_RANK], len;
        char msg[8];
        if (legal_static_strides(t, 1, "", stride, &len, msg, sizeof msg) != 0)
            return 1;   /* reported by the caller's legal_static_strides */
        for (uint32_t d = 0; d + 2 < t->n; d++)
            if (!ir_dim_value(v->stride[d], &s) || s != stride[d])
                return 0;
    }
    return 1;
}

int legal_tensor_view(const IrType *t, const char *what, int *dn, char *msg, size_t cap)
{
    int64_t cv;
    if (t->n < 1 || t->n > LEGAL_MAX_RANK) {
        snprintf(msg, cap, "tensor '%s' has rank %u; kernels take tensors of rank 1 to %d", what, t->n,
                 LEGAL_MAX_RANK);
        return -1;
    }
    if (t->tensor_view && t->tensor_view->layout != TENSOR_ND &&
        (t->tensor_view->layout != TENSOR_DN || t->n < 2 || !dn_packed(t))) {
        if (t->tensor_view->layout == TENSOR_DN && t->n >= 2)
            snprintf(msg, cap,
                     "tensor '%s' has DN strides that pyptocc does not view: it takes 1 in the next-to-last "
                     "dimension and that dimension's extent in the last (in a 2-D tensor, a constant at least "
                     "that), the outer strides packed",
                     what);
        else
            snprintf(msg, cap, "tensor '%s' has the %s layout; pyptocc emits only nd and dn views", what,
                     tensor_layout_name((TensorLayout)t->tensor_view->layout));
        return -1;
    }
    if (t->n > 2) {
        int64_t stride[LEGAL_MAX_RANK], len;
        *dn = legal_tensor_is_dn(t);
        return legal_static_strides(t, *dn, what, stride, &len, msg, cap);
    }
    if (legal_tensor_is_dn(t)) {
        *dn = 1;
        return 0;
    }
    /* A column vector [M, 1]: column-major (dn). */
    *dn = t->n == 2 && ir_dim_value(t->dims[1], &cv) && cv == 1 && !(ir_dim_value(t->dims[0], &cv) && cv <= 1);
    return 0;
}

int legal_strides(const IrType *t, int dn, const char *what, int64_t stride[LEGAL_MAX_RANK], int64_t *len,
                  const IrExpr **len_x, char *msg, size_t cap)
{
    const IrExpr *d = t->dims[t->n == 1 || dn ? 0 : 1];
    *len_x = NULL;
    if (t->n <= 2 && !legal_dn_column_stride(t, len) && !ir_dim_value(d, len) && d->kind != EXPR_CONST_INT) {
        *len_x = d;
        *len = -1;
        stride[0] = t->n == 2 && !dn ? -1 : 1;
        stride[1] = t->n == 2 && dn ? -1 : 1;
        return 0;
    }
    return legal_static_strides(t, dn, what, stride, len, msg, cap);
}

int legal_static_strides(const IrType *t, int dn, const char *what, int64_t stride[LEGAL_MAX_RANK], int64_t *len,
                         char *msg, size_t cap)
{
    if (t->n > 2) {
        /* Row-major: each stride the product of the dimensions after it,
         * all of which must be constants; the first may be any.  DN: the
         * last two dimensions column-major (strides 1 and M), the outer
         * ones row-major over the [M, N] blocks. */
        uint32_t i = t->n - 1, bad = 0;
        int64_t d, m = 0;
        stride[i] = 1;
        if (dn) {
            stride[t->n - 2] = 1;
            if (!ir_dim_value(t->dims[t->n - 2], &m) || m < 0)
                bad = t->n - 2;
            else if (!ir_dim_value(t->dims[t->n - 1], &d) || d < 0 || __builtin_mul_overflow(m, d, &stride[t->n - 3]))
                bad = t->n - 1;
            stride[t->n - 1] = m;
            i = t->n - 2;
        }
        for (; i > 0 && !bad; i--)
            if (!(dn && i == t->n - 2) &&
                (!ir_dim_value(t->dims[i], &d) || d < 0 || __builtin_mul_overflow(stride[i], d, &stride[i - 1])))
                bad = i;
        if (bad) {
            snprintf(msg, cap,
                     "tensor '%s' of rank %u has dimension %u only known at run time: a kernel's tensor of rank "
                     "3 or more may have a run-time first dimension only (its strides are constants)",
                     what, t->n, bad);
            return -1;
        }
        *len = stride[t->n - 2];
        return 0;
    }
    if (!legal_dn_column_stride(t, len) && !ir_dim_value(t->dims[t->n == 1 || dn ? 0 : 1], len)) {
        snprintf(msg, cap,
                 "tensor '%s' has a dimension only known at run time, which a GlobalTensor's static strides cannot "
                 "express (cpp.md 4.2)",
                 what);
        return -1;
    }
    stride[0] = t->n == 2 && !dn ? *len : 1;
    stride[1] = t->n == 2 && dn ? *len : 1;
    return 0;
}

int legal_transfer_lists(const IrCall *c, const IrMakeTuple **offs, const IrMakeTuple **shapes, char *msg,
                         size_t cap)
{
    char buf[64];
    /* (A remote load names the peer before its lists.) */
    uint32_t at = callee_op(c->callee) && callee_op(c->callee)->cls == OPCL_REMOTE_LOAD ? 2 : 1;
    const IrExpr *o = c->args[at], *s = c->args[at + 1];
    uint32_t n;
    if (o->kind != EXPR_MAKE_TUPLE || s->kind != EXPR_MAKE_TUPLE) {
        snprintf(msg, cap, "'%s' needs literal offset and shape lists",
                 op_printed_name(callee_op(c->callee), buf, sizeof buf));
        return -1;
    }
    *offs = IR_AS(IrMakeTuple, o);
    *shapes = IR_AS(IrMakeTuple, s);
    n = (*offs)->n > (*shapes)->n ? (*offs)->n : (*shapes)->n;
    if (n > LEGAL_MAX_RANK) {
        snprintf(msg, cap, "'%s' of rank %u is not supported: loads and stores have rank 1 to %d",
                 op_printed_name(callee_op(c->callee), buf, sizeof buf), n, LEGAL_MAX_RANK);
        return -1;
    }
    return 0;
}

int legal_remote_store_lists(IrCtx *ir, const IrCall *c, const IrMakeTuple **offs, const IrMakeTuple **shapes,
                             char *msg, size_t cap)
{
    const IrType *tile = ir_expr_type(ir, c->args[0]), *target = ir_expr_type(ir, c->args[1]);
    int64_t shape[LEGAL_MAX_RANK];
    uint32_t n = target->kind == TYPE_TENSOR ? target->n : 0;
    if (c->args[3]->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, c->args[3])->n != n || n > LEGAL_MAX_RANK ||
        tile->kind != TYPE_TILE || tile->n > n) {
        snprintf(msg, cap, "'pld.tile.remote_store' needs a literal list of offsets, one per dimension of the window, "
                           "and a tile of at most its rank");
        return -1;
    }
    const IrExpr *const *dims = ir_tile_valid_dims(tile);
    for (uint32_t d = 0; d < n; d++) {
        uint32_t k = d + tile->n >= n ? d + tile->n - n : UINT32_MAX;
        /* A valid extent known at run time (a tile of rank 1 or 2): the
         * store's shape there is the tile's, the partition's extent the
         * valid one (the lowering's size_x, as for pl.store). */
        if (k != UINT32_MAX && !ir_dim_value(dims[k], &shape[d]) &&
            (tile->n > 2 || !ir_dim_value(tile->dims[k], &shape[d]))) {
            snprintf(msg, cap, "'pld.tile.remote_store' needs a tile of a constant shape");
            return -1;
        }
        if (k == UINT32_MAX)
            shape[d] = 1;
    }
    *offs = IR_AS(IrMakeTuple, c->args[3]);
    *shapes = IR_AS(IrMakeTuple, ir_const_tuple(ir, n, shape));
    return 0;
}

/* A window of rank 3 or more and its 2-D tile (FlattenTileNdTo2D): the
 * window's leading extents multiply to the tile's rows, its last is the
 * columns.  A tile valid in part moves its valid part, which is a window
 * only where the rows are the window's last leading dimension (those
 * before it have extent 1); size[] gets the partition, with the tile's
 * extents there when they are run-time ones (the walk reads them). */
static int transfer_nd(const IrCall *c, const IrType *tile, const IrMakeTuple *shapes, int64_t size[LEGAL_MAX_RANK],
                       Span *at, char *msg, size_t cap)
{
    char buf[64];
    const char *name = op_printed_name(callee_op(c->callee), buf, sizeof buf);
    const IrExpr *const *tv = ir_tile_valid_dims(tile);
    uint32_t n = shapes->n;
    int64_t rows = 1, dims[2], valid[2] = {-1, -1};
    int whole = tv == tile->dims;
    if (shapes->e.span.lo != SPAN_UNKNOWN_OFFSET)
        *at = shapes->e.span;
    if (tile->n != 2 || !ir_dim_value(tile->dims[0], &dims[0]) || !ir_dim_value(tile->dims[1], &dims[1])) {
        snprintf(msg, cap, "'%s' of rank %u needs a 2-D tile of a constant shape", name, n);
        return -1;
    }
    for (int k = 0; k < 2; k++)
        if (!ir_dim_value(tv[k], &valid[k]))
            valid[k] = -1;
    /* The window's extents: constants, or (the rows and columns of a
     * store) the tile's run-time valid extents themselves. */
    for (uint32_t i = 0; i < n; i++) {
        if (ir_dim_value(shapes->elems[i], &size[i])) {
        } else if (i + 2 >= n && shapes->elems[i] == tv[i + 2 - n]) {
            size[i] = dims[i + 2 - n];
        } else {
            snprintf(msg, cap, "'%s' of rank %u needs a window of constant extents", name, n);
            return -1;
        }
        if (i + 1 < n && __builtin_mul_overflow(rows, size[i], &rows)) {
            snprintf(msg, cap, "'%s' of rank %u moves a window of more rows than a tile has", name, n);
            return -1;
        }
    }
    /* The tile's shape, or (a store) its constant valid shape. */
    if (!(rows == dims[0] && size[n - 1] == dims[1]) && (whole || rows != valid[0] || size[n - 1] != valid[1])) {
        snprintf(msg, cap,
                 "'%s' moves a window of rank %u, %" PRId64 " rows of %" PRId64 ", and a tile of %" PRId64
                 " rows of %" PRId64,
                 name, n, rows, size[n - 1], dims[0], dims[1]);
        return -1;
    }
    if (whole)
        return 0;
    for (uint32_t i = 0; i + 2 < n; i++)
        if (size[i] != 1) {
            snprintf(msg, cap,
                     "'%s' of a tile valid in part moves a window of rank %u only where its leading extents before "
                     "the rows are 1",
                     name, n);
            return -1;
        }
    if (valid[0] >= 0)
        size[n - 2] = valid[0];
    if (valid[1] >= 0)
        size[n - 1] = valid[1];
    return 0;
}

int legal_transfer_shape(const IrCall *c, const IrType *tile, const IrMakeTuple *offs, const IrMakeTuple *shapes,
                         uint32_t tensor_rank, int64_t size[LEGAL_MAX_RANK], Span *at, char *msg, size_t cap)
{
    char buf[64], d1[64], d2[64];
    const OpDef *op = callee_op(c->callee);
    int is_load = op && (op->id == OP_BLOCK_LOAD || op->cls == OPCL_REMOTE_LOAD);
    *at = c->e.span;
    if (offs->n != tensor_rank || shapes->n != tensor_rank) {
        snprintf(msg, cap, "'%s' gives %u offsets and %u sizes for a tensor of rank %u",
                 op_printed_name(callee_op(c->callee), buf, sizeof buf), offs->n, shapes->n, tensor_rank);
        return -1;
    }
    if (shapes->n > 2)
        return transfer_nd(c, tile, shapes, size, at, msg, cap);
    /* pto-mlir.md 12: the partition shape must be the tile shape; a store
     * writes the valid part of a tile with a constant valid shape (a
     * compare's mask: cpp.md 4.2, the GlobalTensor's shape is the tile's
     * valid shape), and a load into one reads only that part (pypto's
     * tile.load valid_shape; pto-isa's TLOAD takes a GlobalTensor of the
     * tile's valid shape), so its partition is the valid part. */
    const IrExpr *const *valid = ir_tile_const_valid(tile);
    int narrow = valid && valid != tile->dims;
    for (uint32_t i = 0; i < shapes->n; i++) {
        int64_t want;
        const IrExpr *dim = i < tile->n ? (narrow && !is_load ? valid[i] : tile->dims[i]) : NULL;
        /* A store of a tile whose valid shape is constant in this
         * dimension (and known only at run time in another) writes that
         * much of it here. */
        if (!is_load && !narrow && i < tile->n && tile->tile_view && tile->tile_view->nvalid == tile->n &&
            ir_dim_value(tile->tile_view->valid_shape[i], &want))
            dim = tile->tile_view->valid_shape[i];
        /* A tile's run-time valid extent, as its store's shape: the
         * partition is the valid part (the walk reads it from the tile). */
        if (!narrow && shapes->n == tile->n && tile->tile_view && tile->tile_view->nvalid == tile->n &&
            shapes->elems[i] == tile->tile_view->valid_shape[i] && !ir_dim_value(shapes->elems[i], &size[i]) &&
            ir_dim_value(tile->dims[i], &size[i]))
            continue;
        if (!ir_dim_value(shapes->elems[i], &size[i]) || shapes->n != tile->n || !ir_dim_value(dim, &want) ||
            want != size[i] || (narrow && is_load && !ir_dim_value(valid[i], &size[i]))) {
            narrow = narrow && !is_load;
            IrType shown = *tile;
            shown.n = shapes->n;
            shown.dims = shapes->elems;
            if (shapes->e.span.lo != SPAN_UNKNOWN_OFFSET)
                *at = shapes->e.span;
            if (narrow) {
                IrType valid_part = *tile;
                valid_part.dims = valid;
                snprintf(msg, cap, "store shape %s differs from the tile's valid shape %s",
                         legal_dims_text(&shown, d1, sizeof d1), legal_dims_text(&valid_part, d2, sizeof d2));
            } else {
                snprintf(msg, cap, "%s shape %s differs from the tile shape %s", is_load ? "load" : "store",
                         legal_dims_text(&shown, d1, sizeof d1), legal_dims_text(tile, d2, sizeof d2));
            }
            return -1;
        }
    }
    return 0;
}

int legal_transfer_layout(const IrCall *c, const IrType *tensor, const IrType *tile, int space, char *msg, size_t cap)
{
    char buf[64];
    const IrTileView *v = tile ? tile->tile_view : NULL;
    int64_t rows, cols;
    if (!tile || tile->kind != TYPE_TILE || !tensor || tensor->kind != TYPE_TENSOR)
        return 0;
    /* The other way round: a column-major Vec tile (a DN tensor's load)
     * moves to and from an nd tensor only as one row or one column
     * (pto-isa's TSTORE: "Src and dst layout must be same, only support
     * ND/DN/NZ or the special case of one row/one column"). */
    if (!legal_tensor_is_dn(tensor)) {
        if (v && (space == MS_VEC || space < 0) && v->blayout == TL_COL_MAJOR && v->slayout == TL_NONE_BOX &&
            tile->n == 2 && !(ir_dim_value(tile->dims[0], &rows) && rows == 1) &&
            !(ir_dim_value(tile->dims[1], &cols) && cols == 1) && !legal_tensor_column_vector(tensor)) {
            snprintf(msg, cap,
                     "'%s' moves a column-major Vec tile to or from nd tensor data: pto-isa moves it only to and "
                     "from a DN tensor, or as one row or one column",
                     op_printed_name(callee_op(c->callee), buf, sizeof buf));
            return -1;
        }
        return 0;
    }
    if (!legal_tensor_column_major(tensor))
        return 0;
    if (tensor->n > 2) {
        snprintf(msg, cap,
                 "'%s' moves a window of DN tensor of rank %u: pyptocc moves DN tensors of rank 2 only (a window "
                 "of rank 3 or more is moved as rows of a row-major tile)",
                 op_printed_name(callee_op(c->callee), buf, sizeof buf), tensor->n);
        return -1;
    }
    /* pto-isa's TLOAD and TSTORE: a DN tensor moves to and from a Vec tile
     * that is column-major (DN2DN), and into a Mat tile of column-major
     * boxes in row-major order (DN2ZN). */
    if (v && (space == MS_VEC || space < 0) && v->blayout == TL_COL_MAJOR && v->slayout == TL_NONE_BOX)
        return 0;
    if (v && (space == MS_MAT || space < 0) && v->blayout == TL_ROW_MAJOR && v->slayout == TL_COL_MAJOR)
        return 0;
    snprintf(msg, cap,
             "'%s' moves DN tensor data through a tile that is not column-major: pto-isa moves a DN tensor only "
             "to and from a column-major Vec tile or a Mat tile of column-major boxes (ZN)",
             op_printed_name(callee_op(c->callee), buf, sizeof buf));
    return -1;
}

int legal_same_dims(const IrType *a, const IrType *b)
{
    int64_t x, y;
    if (a->n != b->n)
        return 0;
    for (uint32_t i = 0; i < a->n; i++)
        if (!ir_dim_value(a->dims[i], &x) || !ir_dim_value(b->dims[i], &y) || x != y)
            return 0;
    return 1;
}

int legal_equal_shapes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                       const char *output, char *msg, size_t cap)
{
    char buf[64], d1[64], d2[64];
    for (uint32_t i = from; i < from + n && i < c->nargs; i++) {
        const IrType *t = ir_expr_type(ir, c->args[i]);
        if (t->kind == TYPE_TILE && !legal_same_dims(t, result)) {
            snprintf(msg, cap,
                     "'%s' needs operands of the result's shape%s%s (broadcast with row_expand/col_expand): %s "
                     "and %s",
                     op_printed_name(callee_op(c->callee), buf, sizeof buf), output ? " for " : "", output ? output : "",
                     legal_dims_text(t, d1, sizeof d1), legal_dims_text(result, d2, sizeof d2));
            return -1;
        }
    }
    return 0;
}

int legal_cmp_shapes(IrCtx *ir, Arch arch, const IrCall *c, const IrType *mask, uint32_t from, uint32_t n,
                     const char *output, char *msg, size_t cap)
{
    char buf[64], d1[64], d2[64];
    int64_t r, m;
    for (uint32_t i = from; i < from + n && i < c->nargs; i++) {
        const IrType *t = ir_expr_type(ir, c->args[i]);
        if (t->kind != TYPE_TILE)
            continue;
        if (arch == ARCH_A5 && !legal_same_dims(t, mask)) {
            snprintf(msg, cap,
                     "'%s' on a5 needs tiles of its mask's shape%s%s (PTOAS's A5 tcmp), but the mask of %s is %s: "
                     "its rows hold their bits in whole 32-byte blocks (compare tiles of a multiple of 32 columns)",
                     op_printed_name(callee_op(c->callee), buf, sizeof buf), output ? " for " : "", output ? output : "",
                     legal_dims_text(t, d1, sizeof d1), legal_dims_text(mask, d2, sizeof d2));
            return -1;
        }
        if (t->n != mask->n || !t->n || !ir_dim_value(t->dims[0], &r) || !ir_dim_value(mask->dims[0], &m) ||
            (t->n == 2 && r != m)) {
            snprintf(msg, cap, "'%s' needs operands of its mask's rows%s%s: %s and %s",
                     op_printed_name(callee_op(c->callee), buf, sizeof buf), output ? " for " : "", output ? output : "",
                     legal_dims_text(t, d1, sizeof d1), legal_dims_text(mask, d2, sizeof d2));
            return -1;
        }
    }
    return 0;
}

int legal_equal_dtypes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                       const char *output, char *msg, size_t cap)
{
    char buf[64];
    for (uint32_t i = from; i < from + n && i < c->nargs; i++) {
        const IrType *t = ir_expr_type(ir, c->args[i]);
        if (t->kind == TYPE_TILE && t->dtype != result->dtype) {
            snprintf(msg, cap,
                     "'%s' needs operands of the result's data type%s%s (the operation does not convert): %s "
                     "and %s",
                     op_printed_name(callee_op(c->callee), buf, sizeof buf), output ? " for " : "", output ? output : "",
                     dtype_name((DataType)t->dtype), dtype_name((DataType)result->dtype));
            return -1;
        }
    }
    return 0;
}


/* The valid shape of tile type t as text into buf, when it is constant:
 * its tile view's, else its shape. */
static int valid_text(const IrType *t, char *buf, size_t cap)
{
    int64_t v;
    size_t at = 0;
    const IrExpr *const *valid = ir_tile_const_valid(t);
    for (uint32_t i = 0; i < t->n; i++) {
        if (!valid || !ir_dim_value(valid[i], &v))
            return 0;
        at += (size_t)snprintf(buf + at, at < cap ? cap - at : 0, "%s%" PRId64, i ? ", " : "[", v);
    }
    snprintf(buf + at, at < cap ? cap - at : 0, "]");
    return 1;
}

int legal_col_sum_tmp(IrCtx *ir, const IrCall *c, char *msg, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    const IrType *src, *tmp;
    const IrExpr *const *valid;
    int64_t vc, cols;
    char name[64];
    if (!op || op->cls != OPCL_COL_REDUCE_TMP || c->nargs != 2)
        return 0;
    src = ir_expr_type(ir, c->args[0]);
    tmp = ir_expr_type(ir, c->args[1]);
    if (src->kind != TYPE_TILE || tmp->kind != TYPE_TILE || src->n != 2 || tmp->n != 2)
        return 0;
    op_printed_name(op, name, sizeof name);
    if (!(valid = ir_tile_const_valid(src)) || !ir_dim_value(valid[1], &vc)) {
        snprintf(msg, cap, "'%s' with a scratch tile needs a source whose valid shape is known at compile time "
                 "(PTOAS 0.60 checks the scratch against it)", name);
        return -1;
    }
    if (ir_dim_value(tmp->dims[1], &cols) &&
        (uint64_t)cols * dtype_bytes((DataType)tmp->dtype) < (uint64_t)vc * dtype_bytes((DataType)src->dtype)) {
        snprintf(msg, cap, "'%s': a row of the scratch tile holds %" PRId64 " columns, fewer than the source's %" PRId64
                 " valid ones", name, cols, vc);
        return -1;
    }
    return 0;
}

int legal_mask_tmp_valid(int a2a3, const IrCall *c, const IrType *result, char *msg, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    char name[64];
    if (!a2a3 || !op || op_traits(op)->tmp != TMP_MASK || result->kind != TYPE_TILE || ir_tile_const_valid(result))
        return 0;
    snprintf(msg, cap,
             "'%s' on a2a3 needs a result whose valid shape is known at compile time: its select mask's rows "
             "follow the result's (PTOAS 0.60 refuses a run-time valid shape there)",
             op_printed_name(op, name, sizeof name));
    return -1;
}

/* An elementwise op, a conversion included, reads and writes equal valid
 * shapes (pto-isa: TCVT and the elementwise intrinsics assert it), so a
 * compare's packed mask, whose valid part is its first C/8 bytes a row, is
 * an operand of pl.sel, as its mask, and of nothing else elementwise.  A
 * compare's own result is the mask of its operands' valid shape. */
int legal_equal_valid(IrCtx *ir, const IrCall *c, const IrType *result, char *msg, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    int form = op ? op_traits(op)->form : -1;
    char name[64], want[64], got[64];
    if ((form != FORM_ELEM && form != FORM_SCALAR && form != FORM_UNARY && form != FORM_CAST) ||
        result->kind != TYPE_TILE || !valid_text(result, want, sizeof want) || (op->cls == OPCL_ELEM2_PART))
        return 0;   /* the partial ops take operands of other valid shapes */
    /* Operands of another shape are the shape rules' (broadcasts). */
    /* From the first operand of the result's shape (after sel's mask); a
     * scratch argument is Legalize's to replace. */
    for (uint32_t i = op_traits(op)->eq_first; i < c->nargs; i++) {
        const IrType *t = ir_expr_type(ir, c->args[i]);
        if ((int)i == op_traits(op)->writes_arg)
            continue;
        if (t->kind == TYPE_TILE && legal_same_dims(t, result) && valid_text(t, got, sizeof got) &&
            strcmp(got, want) != 0) {
            int mask = t->tile_view && t->tile_view->nvalid && t->dtype == DT_UINT8;
            snprintf(msg, cap, "'%s' needs operands of the result's valid shape %s, got %s%s",
                     op_printed_name(op, name, sizeof name), want, got,
                     mask ? " (a compare's mask, one bit per element, which pl.sel reads)" : "");
            return -1;
        }
    }
    return 0;
}

int legal_memory_indexed(IrCtx *ir, const IrCall *c, const IrType *data, char *msg, size_t cap)
{
    char buf[64];
    const OpDef *op = callee_op(c->callee);
    int gather = op_is(op, OP_BLOCK_MGATHER);
    const IrType *tensor = ir_expr_type(ir, c->args[gather ? 0 : 2]), *idx = ir_expr_type(ir, c->args[1]);
    int64_t cols, rows;
    op_printed_name(op, buf, sizeof buf);
    if (gather && ir_call_kwarg_int(c, "target_memory", MS_VEC) == MS_MAT) {
        /* the Mat form's other rows say so in the op table */
        snprintf(msg, cap, "'%s' into Mat (a GM index tensor into an NZ tile) is not lowered yet", buf);
        return -1;
    }
    if (tensor->kind != TYPE_TENSOR || !data || data->kind != TYPE_TILE || idx->kind != TYPE_TILE)
        return 0;   /* reported where they are defined */
    if (tensor->n > LEGAL_MAX_RANK) {
        snprintf(msg, cap, "'%s' takes a tensor of at most %d dimensions", buf, LEGAL_MAX_RANK);
        return -1;
    }
    if (tensor->tensor_view && tensor->tensor_view->layout != TENSOR_ND) {
        snprintf(msg, cap, "'%s' takes an ND tensor", buf);
        return -1;
    }
    if ((ir_type_space(data) >= 0 && ir_type_space(data) != MS_VEC) ||
        (ir_type_space(idx) >= 0 && ir_type_space(idx) != MS_VEC)) {
        snprintf(msg, cap, "'%s' takes Vec tiles (its data and its indices)", buf);
        return -1;
    }
    if (gather && ir_call_kwarg_int(c, "coalesce", 0) == 0 && !(ir_dim_value(idx->dims[0], &rows) && rows == 1)) {
        snprintf(msg, cap, "'%s' with coalesce=\"row\" takes a [1, R] index tile", buf);
        return -1;
    }
    if (data->n == 2 && ir_dim_value(data->dims[1], &cols) && cols * dtype_bytes((DataType)data->dtype) % 32) {
        snprintf(msg, cap, "'%s': a row of the %s tile is %" PRId64 " bytes, not whole 32-byte blocks", buf,
                 gather ? "result" : "source", cols * dtype_bytes((DataType)data->dtype));
        return -1;
    }
    return 0;
}
