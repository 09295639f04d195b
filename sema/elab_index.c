/* elab_index.c: subscripts of tensors, tiles and arrays (06-syntax.md
 * "Subscript sugar", 00-python_syntax.md "Subscript Indexing", 00-types.md
 * pl.Array).
 *
 *   x[a:b, c:d]   a window: pl.tensor.slice / pl.tile.slice(x, shape, offset)
 *   x[:, a:b]     a missing bound is the dimension's start or end
 *   x[i]          fewer indices than the rank: the rest are ':'; a scalar
 *                 index drops its dimension (a reshape of the window)
 *   x[i, j]       every dimension indexed: one element (pl.tensor.read, pl.tile.read)
 *   y[...] = t    writes a window: y = pl.tensor.assemble(y, t, offset),
 *                 or pl.store of a tile; one element: pl.tensor.write, or t = pl.tile.write
 *   a[i]          an element of an array: pl.array.get_element(a, i)
 *   a[i] = v      a = pl.array.update_element(a, i, v)
 *
 * A window's extent is b - a: the elaborator reads `i : i + T` as T, so a
 * window that moves with a loop still has a static shape.  A window that
 * runs past a dimension of static extent is a located error.  No step,
 * no negative index (00-python_syntax.md's restrictions). */
#include "config.h"
#include "sema/elab_index.h"
#include "sema/elab_expr.h"
#include "sema/elab_value.h"
#include "ir/op_registry.h"
#include "support/xalloc.h"

#include <string.h>

/* The subscript of a shaped value, dimension by dimension. */
typedef struct Window {
    uint32_t rank, nkeep;
    const IrExpr *offset[16];
    const IrExpr *extent[16];
    int dropped[16];            /* indexed by a scalar: the dimension is dropped */
    int all_scalar;             /* every dimension indexed by a scalar */
} Window;

/* Are a and b the same syntax (for `i : i + T`)?  Names, attributes and
 * integer literals; anything else is not compared. */
static int same_syntax(const AstNode *a, const AstNode *b)
{
    if (!a || !b || a->kind != b->kind)
        return 0;
    switch (a->kind) {
    case AST_NAME:
        return a->name == b->name;
    case AST_INT:
        return a->u == b->u && !(a->flags & AST_BIG) && !(b->flags & AST_BIG);
    case AST_ATTR:
        return a->name == b->name && same_syntax(a->a, b->a);
    case AST_BINOP:
        return a->op == b->op && same_syntax(a->a, b->a) && same_syntax(a->b, b->b);
    default:
        return 0;
    }
}

static const IrExpr *int_value(FnCtx *fc, const AstNode *n, const char *what)
{
    const IrExpr *v = elab_expr(fc, n);
    const IrType *t;
    if (!v)
        return NULL;
    t = ir_expr_type(fc->E->ir, v);
    if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
        char b[256];
        return elab_error(fc->E, n->span, "%s must be an integer scalar, got %s", what,
                          elab_type_str(fc->E, t, b, sizeof b));
    }
    return v;
}

/* One slice a:b of a dimension of extent dim. */
static int slice_dim(FnCtx *fc, const AstNode *s, const IrExpr *dim, Window *w, uint32_t d)
{
    Elab *E = fc->E;
    const IrExpr *lo, *hi;
    int64_t l, h, n;
    if (s->c || s->op) {
        diag_error(E->diag, s->span, "a slice step is not supported in a subscript (00-python_syntax.md)");
        return 0;
    }
    lo = s->a ? int_value(fc, s->a, "a slice bound") : ir_dim_const(E->ir, 0);
    if (!lo)
        return 0;
    if (!s->b) {
        hi = dim;
    } else if (s->a && s->b->kind == AST_BINOP && s->b->op == AST_ADD &&
               (same_syntax(s->b->a, s->a) || same_syntax(s->b->b, s->a))) {
        /* i : i + T has extent T */
        const IrExpr *t = int_value(fc, same_syntax(s->b->a, s->a) ? s->b->b : s->b->a, "a slice bound");
        if (!t)
            return 0;
        w->offset[d] = lo;
        w->extent[d] = t;
        hi = NULL;
    } else if (!(hi = int_value(fc, s->b, "a slice bound"))) {
        return 0;
    }
    if (hi) {
        w->offset[d] = lo;
        if (ir_dim_difference(E->ir, hi, lo, &h))
            w->extent[d] = ir_dim_const(E->ir, h);   /* c + 32 : c + 64 has extent 32 */
        else if (ir_dim_value(lo, &l) && l == 0)
            w->extent[d] = hi;
        else
            w->extent[d] = elab_scalar_binary(fc, BIN_SUB, hi, lo, s->span);
        if (!w->extent[d])
            return 0;
    }
    if (ir_dim_value(w->offset[d], &l) && l < 0) {
        diag_error(E->diag, s->a->span, "a negative index is not supported in a subscript, got %lld", (long long)l);
        return 0;
    }
    if (ir_dim_value(w->extent[d], &h) && h <= 0 && !ir_dead_empty_extent(E->ir, h)) {
        diag_error(E->diag, s->span, "this slice of dimension %u is empty (%lld elements)", d, (long long)h);
        return 0;
    }
    if (ir_dim_value(dim, &n) && ir_dim_value(w->offset[d], &l) && ir_dim_value(w->extent[d], &h) && l + h > n) {
        diag_error(E->diag, s->span, "the slice [%lld:%lld] runs past dimension %u, of extent %lld", (long long)l,
                   (long long)(l + h), d, (long long)n);
        return 0;
    }
    return 1;
}

/* The window the subscript items select in a value of type t. */
static int window_of(FnCtx *fc, const AstNode *e, const IrType *t, Window *w)
{
    Elab *E = fc->E;
    uint32_t n = e->list.n, d = 0;
    int ellipsis = 0;
    memset(w, 0, sizeof *w);
    w->rank = t->n;
    if (t->n > 16)
        return !!elab_error(E, e->span, "subscripts of values of rank above 16 are not supported");
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *it = e->list.items[i];
        if (it->kind == AST_KEYWORD)
            return !!elab_error(E, it->span, "a keyword is not a subscript");
        if (it->kind == AST_ELLIPSIS) {
            if (ellipsis++)
                return !!elab_error(E, it->span, "a subscript has at most one '...'");
            continue;
        }
    }
    if (n - (uint32_t)ellipsis > t->n)
        return !!elab_error(E, e->span, "%u indices for a value of rank %u", n - ellipsis, t->n);
    w->all_scalar = !ellipsis && n == t->n;
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *it = e->list.items[i];
        if (it->kind == AST_ELLIPSIS) {
            uint32_t skip = t->n - (n - 1);
            for (uint32_t k = 0; k < skip; k++, d++) {
                w->offset[d] = ir_dim_const(E->ir, 0);
                w->extent[d] = t->dims[d];
            }
            w->all_scalar = 0;
            continue;
        }
        if (it->kind == AST_SLICE) {
            if (!slice_dim(fc, it, t->dims[d], w, d))
                return 0;
            w->all_scalar = 0;
        } else {
            int64_t v, dim;
            if (!(w->offset[d] = int_value(fc, it, "an index")))
                return 0;
            if (ir_dim_value(w->offset[d], &v) &&
                (v < 0 || (ir_dim_value(t->dims[d], &dim) && v >= dim))) {
                if (v < 0)
                    diag_error(E->diag, it->span, "a negative index is not supported in a subscript, got %lld",
                               (long long)v);
                else
                    diag_error(E->diag, it->span, "index %lld is out of range for dimension %u, of extent %lld",
                               (long long)v, d, (long long)dim);
                return 0;
            }
            w->extent[d] = ir_dim_const(E->ir, 1);
            w->dropped[d] = 1;
        }
        d++;
    }
    for (; d < t->n; d++) {
        w->offset[d] = ir_dim_const(E->ir, 0);
        w->extent[d] = t->dims[d];
    }
    for (d = 0; d < t->n; d++)
        w->nkeep += !w->dropped[d];
    return 1;
}

/* A call of op with these IR arguments (types deduced; errors at at). */
static const IrExpr *op_call(FnCtx *fc, OpId id, uint32_t nargs, const IrExpr *const *args, Span at)
{
    const OpDef *op = op_by_id(id);
    OpError err;
    const IrType *t = op_deduce(fc->E->ir, op, args, nargs, NULL, 0, &err);
    if (!t)
        return elab_error(fc->E, at, "%s", err.msg);
    return ir_call(fc->E->ir, &op->callee, nargs, args, 0, NULL, t, at);
}

static const IrExpr *list_of(FnCtx *fc, uint32_t n, const IrExpr *const *v, Span at)
{
    return ir_make_tuple(fc->E->ir, n, v, at);
}

/* The kept extents of the window (tiles stay two-dimensional: [1, N]). */
static uint32_t kept_shape(FnCtx *fc, const Window *w, int tile, const IrExpr **out)
{
    uint32_t k = 0;
    if (tile)
        for (uint32_t i = w->nkeep; i < 2 && i < w->rank; i++)
            out[k++] = ir_dim_const(fc->E->ir, 1);
    for (uint32_t d = 0; d < w->rank; d++)
        if (!w->dropped[d])
            out[k++] = w->extent[d];
    return k;
}

const IrExpr *elab_shaped_subscript(FnCtx *fc, const AstNode *e, const IrExpr *v)
{
    const IrType *t = ir_expr_type(fc->E->ir, v);
    int tile = t->kind == TYPE_TILE;
    Window w;
    const IrExpr *args[4], *r, *shape[18];
    uint32_t k;
    if (!window_of(fc, e, t, &w))
        return NULL;
    args[0] = v;
    args[1] = list_of(fc, w.rank, w.offset, e->span);
    if (w.all_scalar)
        return op_call(fc, tile ? OP_BLOCK_READ : OP_TENSOR_READ, 2, args, e->span);
    args[1] = list_of(fc, w.rank, w.extent, e->span);
    args[2] = list_of(fc, w.rank, w.offset, e->span);
    args[3] = args[1];   /* a view's valid shape: all of it */
    if (!(r = op_call(fc, tile ? OP_BLOCK_VIEW : OP_TENSOR_VIEW, 4, args, e->span)))
        return NULL;
    if (w.nkeep == w.rank)
        return r;
    k = kept_shape(fc, &w, tile, shape);
    args[0] = r;
    args[1] = list_of(fc, k, shape, e->span);
    return op_call(fc, tile ? OP_BLOCK_RESHAPE : OP_TENSOR_RESHAPE, 2, args, e->span);
}

/* The one index of an array subscript, and the array. */
static int array_index(FnCtx *fc, const AstNode *e, const IrExpr *arr, const IrExpr **args)
{
    const AstNode *ix = e->list.n == 1 ? e->list.items[0] : NULL;
    if (!ix || ix->kind == AST_KEYWORD || ix->kind == AST_SLICE || (e->flags & AST_TRAILING_COMMA)) {
        elab_error(fc->E, e->span, "an array takes one integer index: a[i]");
        return 0;
    }
    args[0] = arr;
    return (args[1] = int_value(fc, ix, "an array index")) != NULL;
}

/* A call of array op id on the subscript e; an error about the index
 * points at it. */
static const IrExpr *array_op(FnCtx *fc, OpId id, uint32_t nargs, const IrExpr *const *args, const AstNode *e)
{
    const OpDef *op = op_by_id(id);
    OpError err;
    const IrType *t = op_deduce(fc->E->ir, op, args, nargs, NULL, 0, &err);
    if (!t)
        return elab_error(fc->E, err.arg == 1 ? e->list.items[0]->span : e->span, "%s", err.msg);
    return ir_call(fc->E->ir, &op->callee, nargs, args, 0, NULL, t, e->span);
}

const IrExpr *elab_array_subscript(FnCtx *fc, const AstNode *e, const IrExpr *v)
{
    const IrExpr *args[2];
    if (!array_index(fc, e, v, args))
        return NULL;
    return array_op(fc, OP_ARRAY_GET_ELEMENT, 2, args, e);
}

const IrExpr *elab_subscript_store(FnCtx *fc, const AstNode *target, const IrExpr *dst, const IrExpr *value)
{
    Elab *E = fc->E;
    const IrType *t = ir_expr_type(E->ir, dst), *vt = ir_expr_type(E->ir, value);
    Window w;
    const IrExpr *args[4];
    if (t->kind == TYPE_ARRAY) {
        if (!array_index(fc, target, dst, args))
            return NULL;
        args[2] = value;
        return array_op(fc, OP_ARRAY_UPDATE_ELEMENT, 3, args, target);
    }
    if (t->kind != TYPE_TENSOR && t->kind != TYPE_TILE) {
        char b[256];
        return elab_error(E, target->span, "only a window of a tensor or a tile can be assigned, not one of %s",
                          elab_type_str(E, t, b, sizeof b));
    }
    if (!window_of(fc, target, t, &w))
        return NULL;
    if (t->kind == TYPE_TILE && vt->kind != TYPE_TILE && !w.all_scalar) {
        char b[256];
        return elab_error(E, target->span, "a window of a tile takes a tile, got %s", elab_type_str(E, vt, b, sizeof b));
    }
    if (w.all_scalar && vt->kind != TYPE_SCALAR) {
        char b[256];
        return elab_error(E, target->span, "one element of a %s takes a scalar, got %s",
                          t->kind == TYPE_TILE ? "tile" : "tensor", elab_type_str(E, vt, b, sizeof b));
    }
    if (w.all_scalar) {
        args[0] = dst;
        args[1] = list_of(fc, w.rank, w.offset, target->span);
        args[2] = value;
        return op_call(fc, t->kind == TYPE_TILE ? OP_BLOCK_WRITE : OP_TENSOR_WRITE, 3, args, target->span);
    }
    if (vt->kind != TYPE_TENSOR && vt->kind != TYPE_TILE) {
        char b[256];
        return elab_error(E, target->span, "a window of a tensor takes a tensor or a tile, got %s",
                          elab_type_str(E, vt, b, sizeof b));
    }
    if (w.nkeep != w.rank) {
        /* Back to the window's full rank, as the value of the dropped
         * dimensions' extent 1 (00-python_syntax.md). */
        args[0] = value;
        args[1] = list_of(fc, w.rank, w.extent, target->span);
        if (!(value = op_call(fc, vt->kind == TYPE_TILE ? OP_BLOCK_RESHAPE : OP_TENSOR_RESHAPE, 2, args, target->span)))
            return NULL;
        vt = ir_expr_type(E->ir, value);
    }
    for (uint32_t d = 0; d < w.rank && d < vt->n && vt->n == w.rank; d++) {
        /* A partly valid value writes its valid part (its store or
         * assemble writes no more), which is what must fit the window. */
        const IrExpr *const *valid = vt->kind == TYPE_TILE ? ir_tile_valid_dims(vt) : ir_tensor_valid_dims(vt);
        int64_t a, b, v;
        if (ir_dim_value(w.extent[d], &a) && ir_dim_value(vt->dims[d], &b) && a != b &&
            !(ir_dim_value(valid[d], &v) && v == a)) {
            char x[256];
            return elab_error(E, target->span, "the window has extent %lld in dimension %u, but the value assigned "
                                               "to it is %s",
                              (long long)a, d, elab_type_str(E, vt, x, sizeof x));
        }
    }
    if (vt->n != w.rank) {
        char x[256];
        return elab_error(E, target->span, "the window has rank %u, but the value assigned to it is %s", w.rank,
                          elab_type_str(E, vt, x, sizeof x));
    }
    if (t->kind == TYPE_TILE) {
        /* A tile into a window of a tile: today's tile.assemble (TINSERT),
         * the target updated in place. */
        args[0] = dst;
        args[1] = value;
        args[2] = list_of(fc, w.rank, w.offset, target->span);
        return op_call(fc, OP_BLOCK_ASSEMBLE, 3, args, target->span);
    }
    if (vt->kind == TYPE_TILE) {
        /* A tile into a window of the tensor: a store there. */
        args[0] = value;
        args[1] = list_of(fc, w.rank, w.offset, target->span);
        args[2] = ir_make_tuple(E->ir, vt->n, vt->dims, target->span);
        args[3] = dst;
        return op_call(fc, OP_BLOCK_STORE, 4, args, target->span);
    }
    args[0] = dst;
    args[1] = value;
    args[2] = list_of(fc, w.rank, w.offset, target->span);
    return op_call(fc, OP_TENSOR_ASSEMBLE, 3, args, target->span);
}
