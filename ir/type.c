/* type.c: hash-consed IR types, tile views and tensor views.
 *
 * Constant shape dimensions are replaced by one canonical ConstInt per
 * value, and dimension expressions (`M * 2`) by one node per structure, so
 * two types are equal exactly when their fields are pointer-equal and
 * interning is a field-wise comparison.  Hashes use values and Var ids,
 * never addresses of constants, so they are the same on every run. */
#include "config.h"
#include "ir/compact.h"
#include "ir/int_arith.h"
#include "ir/ir.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <stddef.h>
#include <string.h>

#include "ir/type_set.h"

static uint64_t expr_key(const IrExpr *e)
{
    if (!e)
        return 0;
    if (e->kind == EXPR_CONST_INT)
        return (uint64_t)IR_AS(IrConstInt, e)->value * 31u + 7u;
    if (ir_is_var_like(e))
        return ((uint64_t)IR_AS(IrVar, e)->id << 8) | 0x5au;
    return (uint64_t)(uintptr_t)e;
}

/* ------------------------------------------------------------- context */

void ir_ctx_init(IrCtx *ctx, Interner *names)
{
    memset(ctx, 0, sizeof *ctx);
    arena_init(&ctx->arena);
    ctx->names = names;
    set_init(&ctx->types);
    set_init(&ctx->tile_views);
    set_init(&ctx->tensor_views);
    set_init(&ctx->dims);
    set_init(&ctx->dim_exprs);
    set_init(&ctx->kwarg_lists);
    set_init(&ctx->const_tuples);
    ptrmap_init(&ctx->nullary_dims);
    for (int i = 0; i < DT_COUNT; i++) {
        IrType *t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_SCALAR;
        t->dtype = (uint8_t)i;
        t->hash = mix(1, (uint64_t)i);
        ctx->scalar[i] = t;
    }
    {
        IrType *t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_UNKNOWN;
        ctx->unknown = t;
        t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_MEMREF;
        ctx->memref_type = t;
        t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_PTR;
        ctx->ptr_type = t;
        t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_COMM_CTX;
        ctx->comm_ctx_type = t;
    }
    for (int i = 0; i < PIPE_COUNT; i++) {
        IrType *t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_PIPE;
        t->pipe = (uint8_t)i;
        ctx->pipe[i] = t;
    }
    for (int i = 0; i < HANDLE_COUNT; i++) {
        IrType *t = arena_zalloc(&ctx->arena, sizeof *t);
        t->kind = TYPE_HANDLE;
        t->handle = (uint8_t)i;
        t->hash = mix(97, (uint64_t)i);
        ctx->handle[i] = t;
    }
}

void ir_ctx_free(IrCtx *ctx)
{
    set_free(&ctx->types);
    set_free(&ctx->tile_views);
    set_free(&ctx->tensor_views);
    set_free(&ctx->dims);
    set_free(&ctx->dim_exprs);
    set_free(&ctx->kwarg_lists);
    set_free(&ctx->const_tuples);
    ptrmap_free(&ctx->nullary_dims);
    arena_free(&ctx->arena);
}

const IrType *ir_type_scalar(IrCtx *ctx, DataType dt) { return ctx->scalar[dt]; }
const IrType *ir_type_unknown(IrCtx *ctx) { return ctx->unknown; }
const IrType *ir_type_memref(IrCtx *ctx) { return ctx->memref_type; }
const IrType *ir_type_ptr(IrCtx *ctx) { return ctx->ptr_type; }
const IrType *ir_type_comm_ctx(IrCtx *ctx) { return ctx->comm_ctx_type; }
const IrType *ir_type_pipe(IrCtx *ctx, PipeKind p) { return ctx->pipe[p]; }
const IrType *ir_type_handle(IrCtx *ctx, IrHandle h) { return ctx->handle[h]; }

const char *ir_handle_name(IrHandle h)
{
    static const char *const names[HANDLE_COUNT] = {"PrefetchAsyncContext", "AsyncEvent", "AsyncSession"};
    return h < HANDLE_COUNT ? names[h] : "?";
}

/* -------------------------------------------------------- dimensions */

static uint32_t dim_hash(const void *obj) { return mix(17, (uint64_t)IR_AS(IrConstInt, obj)->value); }

const IrExpr *ir_dim_const(IrCtx *ctx, int64_t value)
{
    uint32_t h = mix(17, (uint64_t)value);
    uint32_t mask = ctx->dims.cap - 1, i = h & mask;
    IrConstInt *c;
    while (ctx->dims.slots[i]) {
        const IrConstInt *d = ctx->dims.slots[i];
        if (d->value == value)
            return &d->e;
        i = (i + 1) & mask;
    }
    c = (IrConstInt *)ir_const_int(ctx, value, DT_INDEX, span_unknown());
    set_add(&ctx->dims, c, h, dim_hash);
    return &c->e;
}

/* A dimension's value when it is an integer constant however written
 * (`32 * 2`, `2 ** 6`, `~-65`); overflow and division by zero make it no
 * value here (the deduction of the op that wrote it reports them). */
int ir_dim_value(const IrExpr *dim, int64_t *out) { return ir_int_eval(dim, out) == INT_OK; }

const IrExpr *const *ir_tile_const_valid(const IrType *t)
{
    int64_t v;
    if (!t->tile_view || t->tile_view->nvalid != t->n)
        return t->dims;
    for (uint32_t i = 0; i < t->n; i++)
        if (!ir_dim_value(t->tile_view->valid_shape[i], &v))
            return NULL;
    return t->tile_view->valid_shape;
}

int ir_type_compatible(const IrType *a, const IrType *b, IrDimMatch dims)
{
    int64_t x, y;
    if (a == b)
        return 1;
    if (a->kind != b->kind || a->n != b->n)
        return 0;
    switch ((IrTypeKind)a->kind) {
    case TYPE_SCALAR:
        return a->dtype == b->dtype;
    case TYPE_TENSOR:
    case TYPE_TILE:
        if (a->dtype != b->dtype || (a->flags & IR_TYPE_WINDOW) != (b->flags & IR_TYPE_WINDOW))
            return 0;
        for (uint32_t i = 0; i < a->n; i++) {
            int ka, kb;
            if (a->dims[i] == b->dims[i])
                continue;
            ka = ir_dim_value(a->dims[i], &x);
            kb = ir_dim_value(b->dims[i], &y);
            if (ka && kb ? x != y : dims == DIMS_EXACT)
                return 0;
        }
        return 1;
    case TYPE_TUPLE:
        for (uint32_t i = 0; i < a->n; i++)
            if (!ir_type_compatible(a->elems[i], b->elems[i], dims))
                return 0;
        return 1;
    case TYPE_PIPE:
        return a->pipe == b->pipe;
    case TYPE_HANDLE:
        return a->handle == b->handle;
    case TYPE_ARRAY:
        return a->dtype == b->dtype && a->dims[0] == b->dims[0];
    default:
        return 1;
    }
}

static uint32_t dim_expr_hash_fields(const IrExpr *e, const IrExpr *a, const IrExpr *b)
{
    return mix(mix(mix(41, ((uint64_t)e->kind << 16) | ((uint64_t)e->op << 8) | e->dtype), expr_key(a)), expr_key(b));
}

static uint32_t dim_expr_hash(const void *obj)
{
    const IrExpr *e = obj;
    return e->kind == EXPR_BINARY ? dim_expr_hash_fields(e, IR_AS(IrBinary, e)->lhs, IR_AS(IrBinary, e)->rhs)
                                  : dim_expr_hash_fields(e, IR_AS(IrUnary, e)->operand, NULL);
}

static const IrExpr *canon_dim(IrCtx *ctx, const IrExpr *d);

/* The one node of an operator dimension (`M * 2`, `-N`) over canonical
 * operands: written twice, in two annotations, it is still one dimension.
 * The node is made here, marked IR_EXPR_DIM_CANON, so a dimension that is
 * already canonical (every type built from another type's dimensions) is
 * recognised without walking it again. */
static const IrExpr *canon_dim_expr(IrCtx *ctx, const IrExpr *d)
{
    int bin = d->kind == EXPR_BINARY;
    const IrExpr *a, *b;
    uint32_t h, mask, i;
    IrExpr *c;
    if (d->flags & IR_EXPR_DIM_CANON)
        return d;
    a = canon_dim(ctx, bin ? IR_AS(IrBinary, d)->lhs : IR_AS(IrUnary, d)->operand);
    b = bin ? canon_dim(ctx, IR_AS(IrBinary, d)->rhs) : NULL;
    h = dim_expr_hash_fields(d, a, b);
    mask = ctx->dim_exprs.cap - 1;
    for (i = h & mask; ctx->dim_exprs.slots[i]; i = (i + 1) & mask) {
        const IrExpr *k = ctx->dim_exprs.slots[i];
        if (k->kind == d->kind && k->op == d->op && k->dtype == d->dtype &&
            (bin ? IR_AS(IrBinary, k)->lhs == a && IR_AS(IrBinary, k)->rhs == b : IR_AS(IrUnary, k)->operand == a))
            return k;
    }
    if (bin) {
        IrBinary *n = arena_memdup(&ctx->arena, d, sizeof *n);
        n->lhs = a;
        n->rhs = b;
        c = &n->e;
    } else {
        IrUnary *n = arena_memdup(&ctx->arena, d, sizeof *n);
        n->operand = a;
        c = &n->e;
    }
    c->flags |= IR_EXPR_DIM_CANON;
    set_add(&ctx->dim_exprs, c, h, dim_expr_hash);
    return c;
}

/* Dimensions with a constant value are stored as that value (the shared
 * ConstInt node), so `[32 * 2, 64]` and `[64, 64]` are one type and print
 * the same way however they were written; other operator dimensions are
 * one node per structure. */
static const IrExpr *canon_dim(IrCtx *ctx, const IrExpr *d)
{
    int64_t v;
    if (ir_dim_value(d, &v))
        return ir_dim_const(ctx, v);
    if (d->kind == EXPR_BINARY || d->kind == EXPR_UNARY)
        return canon_dim_expr(ctx, d);
    if (d->kind == EXPR_CALL && !IR_AS(IrCall, d)->nargs && !IR_AS(IrCall, d)->nkwargs) {
        /* An argument-less call, pld.world_size(): written twice, one dimension. */
        const IrExpr *k = ptrmap_get(&ctx->nullary_dims, IR_AS(IrCall, d)->callee);
        if (k)
            return k;
        ptrmap_put(&ctx->nullary_dims, IR_AS(IrCall, d)->callee, (void *)d);
    }
    return d;
}

const IrExpr *const *ir_tile_valid_dims(const IrType *t)
{
    if (t->tile_view && t->tile_view->nvalid == t->n)
        return t->tile_view->valid_shape;
    return t->dims;
}

int ir_dims_rows(uint32_t n, const IrExpr *const *dims, int64_t *rows)
{
    int64_t d;
    *rows = 1;
    for (uint32_t i = 0; i + 1 < n; i++)
        if (!ir_dim_value(dims[i], &d) || __builtin_mul_overflow(*rows, d, rows))
            return 0;
    return 1;
}

const IrType *ir_type_tile_2d(IrCtx *ctx, const IrType *t, const char **why)
{
    const IrExpr *dims[2], *valid[2];
    const IrTileView *v = t->tile_view;
    const IrExpr *const *tv = ir_tile_valid_dims(t);
    int64_t rows, d, x;
    uint32_t n = t->n, k;
    if (t->kind != TYPE_TILE || n <= 2)
        return t;
    if (!ir_dims_rows(n, t->dims, &rows)) {
        *why = "its leading dimensions are not all known at compile time";
        return NULL;
    }
    dims[0] = ir_dim_const(ctx, rows);
    dims[1] = t->dims[n - 1];
    /* The first leading dimension the valid part does not fill. */
    for (k = 0; k + 1 < n; k++)
        if (tv[k] != t->dims[k] && !(ir_dim_value(tv[k], &x) && ir_dim_value(t->dims[k], &d) && x == d))
            break;
    valid[1] = tv[n - 1];
    if (k + 1 == n) {
        valid[0] = dims[0];
    } else {
        int64_t inner = 1;
        for (uint32_t i = 0; i < k; i++)
            if (!ir_dim_value(t->dims[i], &d) || d != 1) {
                *why = "its valid part is not a band of whole rows (a partial dimension after one larger than 1)";
                return NULL;
            }
        for (uint32_t i = k + 1; i + 1 < n; i++) {
            if (!ir_dim_value(tv[i], &x) || !ir_dim_value(t->dims[i], &d) || x != d) {
                *why = "its valid part is not a band of whole rows (a partial dimension before a larger one)";
                return NULL;
            }
            inner *= d;
        }
        if (ir_dim_value(tv[k], &x))
            valid[0] = ir_dim_const(ctx, x * inner);
        else if (inner == 1)
            valid[0] = tv[k];
        else
            valid[0] = ir_binary(ctx, BIN_MUL, ir_expr_type(ctx, tv[k])->dtype, tv[k],
                                 ir_const_int(ctx, inner, ir_expr_type(ctx, tv[k])->dtype, span_unknown()),
                                 span_unknown());
    }
    if (v) {
        int whole = 1;
        for (int i = 0; i < 2; i++)
            if (valid[i] != dims[i] && !(ir_dim_value(valid[i], &x) && ir_dim_value(dims[i], &d) && x == d))
                whole = 0;
        v = ir_tile_view_in(ctx,
                            ir_tile_view(ctx, whole ? 0 : 2, whole ? NULL : valid, 0, NULL, v->start_offset,
                                         (TileLayout)v->blayout, (TileLayout)v->slayout, v->fractal, (TilePad)v->pad),
                            v->space);
    }
    return ir_type_tile(ctx, (DataType)t->dtype, 2, dims, t->memref, v);
}

int ir_same_dim_list(IrCtx *ctx, const IrExpr *a, const IrExpr *b)
{
    const IrMakeTuple *x, *y;
    if (a == b)
        return 1;
    if (a->kind != EXPR_MAKE_TUPLE || b->kind != EXPR_MAKE_TUPLE)
        return 0;
    x = IR_AS(IrMakeTuple, a);
    y = IR_AS(IrMakeTuple, b);
    if (x->n != y->n)
        return 0;
    for (uint32_t i = 0; i < x->n; i++)
        if (canon_dim(ctx, x->elems[i]) != canon_dim(ctx, y->elems[i]))
            return 0;
    return 1;
}

/* e as m * v + a for one variable v (NULL while none is seen); 0 where e
 * is not of that form.  Products are folded only with a constant side,
 * so the result stays linear in v. */
static int affine_of(const IrExpr *e, const IrVar **v, int64_t *m, int64_t *a)
{
    int64_t c, m1, a1, m2, a2;
    if (ir_dim_value(e, &c)) {
        *m = 0, *a = c;
        return 1;
    }
    if (e->kind == EXPR_VAR) {
        if (*v && *v != IR_AS(IrVar, e))
            return 0;
        *v = IR_AS(IrVar, e);
        *m = 1, *a = 0;
        return 1;
    }
    if (e->kind == EXPR_UNARY && e->op == UN_NEG) {
        if (!affine_of(IR_AS(IrUnary, e)->operand, v, &m1, &a1))
            return 0;
        *m = -m1, *a = -a1;
        return 1;
    }
    if (e->kind != EXPR_BINARY || !affine_of(IR_AS(IrBinary, e)->lhs, v, &m1, &a1) ||
        !affine_of(IR_AS(IrBinary, e)->rhs, v, &m2, &a2))
        return 0;
    switch (e->op) {
    case BIN_ADD: *m = m1 + m2, *a = a1 + a2; return 1;
    case BIN_SUB: *m = m1 - m2, *a = a1 - a2; return 1;
    case BIN_MUL:
        if (m1 && m2)
            return 0;
        *m = m1 * a2 + m2 * a1, *a = a1 * a2;
        return 1;
    default: return 0;
    }
}

int ir_dim_vars_in(const IrExpr *e, const PtrMap *names)
{
    int64_t c;
    if (ir_dim_value(e, &c))
        return 1;
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR: return ptrmap_get(names, e) != NULL;
    case EXPR_UNARY: return ir_dim_vars_in(IR_AS(IrUnary, e)->operand, names);
    case EXPR_BINARY:
        return ir_dim_vars_in(IR_AS(IrBinary, e)->lhs, names) && ir_dim_vars_in(IR_AS(IrBinary, e)->rhs, names);
    default: return 0;
    }
}

int ir_dim_affine(const IrExpr *e, const IrVar **v, int64_t *mul, int64_t *add)
{
    *v = NULL;
    return affine_of(e, v, mul, add) && *v && *mul != 0;
}

uint32_t ir_func_windows(const IrFunc *f)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < f->nparams; i++)
        n += ir_type_is_window(f->params[i].var->type);
    return n;
}

void ir_func_dim_names(const IrFunc *f, PtrMap *names)
{
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        if (t->kind == TYPE_SCALAR)
            ptrmap_put(names, f->params[i].var, (void *)t);
        for (uint32_t d = 0; t->kind == TYPE_TENSOR && d < t->n; d++) {
            const IrVar *v;
            int64_t mul, add;
            if (t->dims[d]->kind == EXPR_VAR)
                ptrmap_put(names, t->dims[d], (void *)t);
            else if (ir_dim_affine(t->dims[d], &v, &mul, &add))
                ptrmap_put(names, v, (void *)t);
        }
    }
}

/* A dimension as a linear form: c + sum of k[i] * atom[i], where an atom
 * is a canonical dimension that is not a sum or a product by a constant
 * (a name, N // 64, M * N).  Two dimensions differ by a constant when
 * their atoms cancel: `(i + 1) * 64` and `i * 64`, `q + 32` and `q`. */
#define LIN_MAX 8

typedef struct Linear {
    uint32_t n;
    const IrExpr *atom[LIN_MAX];
    int64_t k[LIN_MAX];
    int64_t c;
} Linear;

static int linear_term(Linear *f, const IrExpr *atom, int64_t k)
{
    for (uint32_t i = 0; i < f->n; i++)
        if (f->atom[i] == atom)
            return !__builtin_add_overflow(f->k[i], k, &f->k[i]);
    if (f->n == LIN_MAX)
        return 0;
    f->atom[f->n] = atom;
    f->k[f->n++] = k;
    return 1;
}

/* Adds scale * e to f; 0 where a coefficient overflows or f is full.
 * Depth is bounded by the front end's nesting limits. */
static int linear_add(IrCtx *ctx, const IrExpr *e, int64_t scale, Linear *f)
{
    int64_t v, t;
    if (ir_dim_value(e, &v))
        return !__builtin_mul_overflow(v, scale, &t) && !__builtin_add_overflow(f->c, t, &f->c);
    if (e->kind == EXPR_UNARY && e->op == UN_NEG && scale != INT64_MIN)
        return linear_add(ctx, IR_AS(IrUnary, e)->operand, -scale, f);
    if (e->kind == EXPR_BINARY && !dtype_is_float((DataType)e->dtype)) {
        const IrBinary *b = IR_AS(IrBinary, e);
        switch (e->op) {
        case BIN_ADD: return linear_add(ctx, b->lhs, scale, f) && linear_add(ctx, b->rhs, scale, f);
        case BIN_SUB:
            return scale != INT64_MIN && linear_add(ctx, b->lhs, scale, f) && linear_add(ctx, b->rhs, -scale, f);
        case BIN_MUL:
            if (ir_dim_value(b->rhs, &v))
                return !__builtin_mul_overflow(v, scale, &t) && linear_add(ctx, b->lhs, t, f);
            if (ir_dim_value(b->lhs, &v))
                return !__builtin_mul_overflow(v, scale, &t) && linear_add(ctx, b->rhs, t, f);
            break;
        default: break;
        }
    }
    return linear_term(f, canon_dim(ctx, e), scale);
}

int ir_dim_difference(IrCtx *ctx, const IrExpr *hi, const IrExpr *lo, int64_t *out)
{
    Linear f = {0};
    if (!linear_add(ctx, hi, 1, &f) || !linear_add(ctx, lo, -1, &f))
        return 0;
    for (uint32_t i = 0; i < f.n; i++)
        if (f.k[i])
            return 0;
    *out = f.c;
    return 1;
}

/* -------------------------------------------------------------- views */

static uint32_t tile_view_hash_fields(uint32_t nvalid, const IrExpr *const *valid, uint32_t nstride,
                                      const IrExpr *const *stride, const IrExpr *start, int bl, int sl,
                                      uint32_t fractal, int pad)
{
    uint32_t h = mix(31, nvalid);
    for (uint32_t i = 0; i < nvalid; i++)
        h = mix(h, expr_key(valid[i]));
    h = mix(h, nstride);
    for (uint32_t i = 0; i < nstride; i++)
        h = mix(h, expr_key(stride[i]));
    h = mix(h, expr_key(start));
    h = mix(h, ((uint64_t)bl << 16) | ((uint64_t)sl << 8) | (uint64_t)pad);
    return mix(h, fractal);
}

static uint32_t tile_view_hash(const void *obj) { return IR_AS(IrTileView, obj)->hash; }

static int same_exprs(uint32_t n, const IrExpr *const *a, const IrExpr *const *b)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static const IrExpr **copy_dims(IrCtx *ctx, uint32_t n, const IrExpr *const *src)
{
    const IrExpr **d;
    if (!n)
        return NULL;
    d = arena_array(&ctx->arena, n, sizeof *d);
    for (uint32_t i = 0; i < n; i++)
        d[i] = canon_dim(ctx, src[i]);
    return d;
}

static const IrTileView *intern_tile_view(IrCtx *ctx, uint32_t nvalid, const IrExpr *const *valid, uint32_t nstride,
                                          const IrExpr *const *stride, const IrExpr *start_offset, TileLayout blayout,
                                          TileLayout slayout, uint32_t fractal, TilePad pad, int space)
{
    const IrExpr *vbuf[8], *sbuf[8];
    const IrExpr **v = nvalid <= 8 ? vbuf : xmalloc(xmul_size(nvalid, sizeof *v));
    const IrExpr **st = nstride <= 8 ? sbuf : xmalloc(xmul_size(nstride, sizeof *st));
    const IrTileView *found = NULL;
    uint32_t h, mask, i;
    IrTileView *tv;

    if (nvalid == 0 && nstride == 0 && !start_offset && blayout == TL_ROW_MAJOR && slayout == TL_NONE_BOX &&
        fractal == 512 && pad == TP_NULL && !space)
        return NULL;
    for (i = 0; i < nvalid; i++)
        v[i] = canon_dim(ctx, valid[i]);
    for (i = 0; i < nstride; i++)
        st[i] = canon_dim(ctx, stride[i]);
    if (start_offset)
        start_offset = canon_dim(ctx, start_offset);
    h = mix(tile_view_hash_fields(nvalid, v, nstride, st, start_offset, blayout, slayout, fractal, pad), (uint64_t)space);
    mask = ctx->tile_views.cap - 1;
    for (i = h & mask; ctx->tile_views.slots[i]; i = (i + 1) & mask) {
        const IrTileView *c = ctx->tile_views.slots[i];
        if (c->hash == h && c->nvalid == nvalid && c->nstride == nstride && c->start_offset == start_offset &&
            c->blayout == blayout && c->slayout == slayout && c->fractal == fractal && c->pad == pad &&
            c->space == space && same_exprs(nvalid, c->valid_shape, v) && same_exprs(nstride, c->stride, st)) {
            found = c;
            break;
        }
    }
    if (!found) {
        tv = arena_zalloc(&ctx->arena, sizeof *tv);
        tv->nvalid = nvalid;
        tv->nstride = nstride;
        tv->valid_shape = nvalid ? arena_memdup(&ctx->arena, v, nvalid * sizeof *v) : NULL;
        tv->stride = nstride ? arena_memdup(&ctx->arena, st, nstride * sizeof *st) : NULL;
        tv->start_offset = start_offset;
        tv->blayout = (uint8_t)blayout;
        tv->slayout = (uint8_t)slayout;
        tv->pad = (uint8_t)pad;
        tv->space = (uint8_t)space;
        tv->fractal = fractal;
        tv->hash = h;
        set_add(&ctx->tile_views, tv, h, tile_view_hash);
        found = tv;
    }
    if (v != vbuf)
        xfree(v);
    if (st != sbuf)
        xfree(st);
    return found;
}

const IrTileView *ir_tile_view(IrCtx *ctx, uint32_t nvalid, const IrExpr *const *valid, uint32_t nstride,
                               const IrExpr *const *stride, const IrExpr *start_offset, TileLayout blayout,
                               TileLayout slayout, uint32_t fractal, TilePad pad)
{
    return intern_tile_view(ctx, nvalid, valid, nstride, stride, start_offset, blayout, slayout, fractal, pad, 0);
}

/* The space a view's layouts alone say (its space field aside). */
static int space_of_view_layout(const IrTileView *v)
{
    if (!v || v->slayout == TL_NONE_BOX)
        return MS_VEC;
    if (v->fractal == 1024)
        return MS_ACC;
    if (v->slayout == TL_COL_MAJOR)
        return MS_RIGHT;
    return v->blayout == TL_COL_MAJOR ? MS_MAT : MS_LEFT;
}

int ir_space_in_view(int ms) { return ms == MS_BIAS || ms == MS_LEFT_SCALE || ms == MS_RIGHT_SCALE; }

const IrTileView *ir_tile_view_in(IrCtx *ctx, const IrTileView *v, int ms)
{
    /* Bias and the scales always; a Vec tile where its layouts say
     * another space (the NZ boxes a vector kernel moves a tile into before
     * it pushes it to the cube, which are a Mat tile's layouts) */
    int space = ir_space_in_view(ms) || (ms == MS_VEC && space_of_view_layout(v) != MS_VEC) ? ms : 0;
    if (!v)
        return intern_tile_view(ctx, 0, NULL, 0, NULL, NULL, TL_ROW_MAJOR, TL_NONE_BOX, 512, TP_NULL, space);
    if (v->space == space)
        return v;
    return intern_tile_view(ctx, v->nvalid, v->valid_shape, v->nstride, v->stride, v->start_offset,
                            (TileLayout)v->blayout, (TileLayout)v->slayout, v->fractal, (TilePad)v->pad, space);
}

const IrTileView *ir_tile_view_layout(IrCtx *ctx, TileLayout blayout, TileLayout slayout, uint32_t fractal)
{
    return ir_tile_view(ctx, 0, NULL, 0, NULL, NULL, blayout, slayout, fractal, TP_NULL);
}

static uint32_t tensor_view_hash(const void *obj) { return IR_AS(IrTensorView, obj)->hash; }

static const IrTensorView *intern_tensor_view(IrCtx *ctx, uint32_t nstride, const IrExpr *const *stride,
                                              TensorLayout layout, uint32_t nvalid, const IrExpr *const *valid,
                                              TilePad pad)
{
    const IrExpr **st = copy_dims(ctx, nstride, stride);
    const IrExpr **vs = copy_dims(ctx, nvalid, valid);
    uint32_t h = mix(37, nstride), mask, i;
    IrTensorView *tv;
    for (i = 0; i < nstride; i++)
        h = mix(h, expr_key(st[i]));
    h = mix(h, layout);
    h = mix(h, ((uint64_t)pad << 32) | nvalid);
    for (i = 0; i < nvalid; i++)
        h = mix(h, expr_key(vs[i]));
    mask = ctx->tensor_views.cap - 1;
    for (i = h & mask; ctx->tensor_views.slots[i]; i = (i + 1) & mask) {
        const IrTensorView *c = ctx->tensor_views.slots[i];
        if (c->hash == h && c->nstride == nstride && c->layout == layout && c->nvalid == nvalid && c->pad == pad &&
            same_exprs(nstride, c->stride, st) && same_exprs(nvalid, c->valid_shape, vs))
            return c;
    }
    tv = arena_zalloc(&ctx->arena, sizeof *tv);
    tv->nstride = nstride;
    tv->stride = st;
    tv->nvalid = nvalid;
    tv->valid_shape = vs;
    tv->layout = (uint8_t)layout;
    tv->pad = (uint8_t)pad;
    tv->hash = h;
    set_add(&ctx->tensor_views, tv, h, tensor_view_hash);
    return tv;
}

const IrTensorView *ir_tensor_view(IrCtx *ctx, uint32_t nstride, const IrExpr *const *stride, TensorLayout layout)
{
    return intern_tensor_view(ctx, nstride, stride, layout, 0, NULL, TP_NULL);
}

const IrTensorView *ir_tensor_view_valid(IrCtx *ctx, uint32_t nstride, const IrExpr *const *stride,
                                         TensorLayout layout, uint32_t nvalid, const IrExpr *const *valid,
                                         TilePad pad)
{
    if (nstride == 0 && layout == TENSOR_ND && nvalid == 0 && pad == TP_NULL)
        return NULL;
    return intern_tensor_view(ctx, nstride, stride, layout, nvalid, valid, pad);
}

const IrExpr *const *ir_tensor_valid_dims(const IrType *t)
{
    return t->tensor_view && t->tensor_view->nvalid == t->n ? t->tensor_view->valid_shape : t->dims;
}

/* -------------------------------------------------------------- types */

static uint32_t type_hash(const void *obj) { return IR_AS(IrType, obj)->hash; }

static uint32_t compute_hash(const IrType *t)
{
    uint32_t h = mix((uint32_t)t->kind * 101u, ((uint64_t)t->flags << 16) | ((uint64_t)t->dtype << 8) | t->pipe);
    h = mix(h, t->n);
    for (uint32_t i = 0; i < t->n; i++)
        h = mix(h, t->kind == TYPE_TUPLE ? t->elems[i]->hash : expr_key(t->dims[i]));
    if (t->memref)
        h = mix(h, (uint64_t)t->memref->v.id + 1);
    if (t->tile_view)
        h = mix(h, t->tile_view->hash);
    if (t->tensor_view)
        h = mix(h, t->tensor_view->hash);
    return h;
}

static int type_fields_equal(const IrType *a, const IrType *b)
{
    if (a->kind != b->kind || a->dtype != b->dtype || a->pipe != b->pipe || a->flags != b->flags || a->n != b->n ||
        a->memref != b->memref || a->tile_view != b->tile_view || a->tensor_view != b->tensor_view)
        return 0;
    for (uint32_t i = 0; i < a->n; i++) {
        if (a->kind == TYPE_TUPLE ? a->elems[i] != b->elems[i] : a->dims[i] != b->dims[i])
            return 0;
    }
    return 1;
}

/* key points to a stack type whose arrays are temporary; copied on insert. */
static const IrType *intern_type(IrCtx *ctx, IrType *key)
{
    uint32_t mask = ctx->types.cap - 1, i;
    IrType *t;
    key->hash = compute_hash(key);
    for (i = key->hash & mask; ctx->types.slots[i]; i = (i + 1) & mask) {
        const IrType *c = ctx->types.slots[i];
        if (c->hash == key->hash && type_fields_equal(c, key))
            return c;
    }
    t = arena_alloc(&ctx->arena, sizeof *t);
    *t = *key;
    if (key->n && key->kind == TYPE_TUPLE)
        t->elems = arena_memdup(&ctx->arena, key->elems, key->n * sizeof *key->elems);
    else if (key->n)
        t->dims = arena_memdup(&ctx->arena, key->dims, key->n * sizeof *key->dims);
    set_add(&ctx->types, t, t->hash, type_hash);
    return t;
}

static const IrType *shaped(IrCtx *ctx, IrTypeKind kind, DataType dt, uint32_t rank, const IrExpr *const *dims,
                            const IrMemRef *memref, const IrTileView *tview, const IrTensorView *tensor_view)
{
    const IrExpr *buf[8];
    const IrExpr **d = rank <= 8 ? buf : xmalloc(xmul_size(rank, sizeof *d));
    IrType key;
    const IrType *r;
    memset(&key, 0, sizeof key);
    for (uint32_t i = 0; i < rank; i++)
        d[i] = canon_dim(ctx, dims[i]);
    /* A valid shape equal to the tile's shape is the default (printer.md
     * 4.3): drop it, so that the printed text reparses to the same type. */
    if (tview && tview->nvalid == rank && same_exprs(rank, tview->valid_shape, d))
        tview = intern_tile_view(ctx, 0, NULL, tview->nstride, tview->stride, tview->start_offset,
                                 (TileLayout)tview->blayout, (TileLayout)tview->slayout, tview->fractal,
                                 (TilePad)tview->pad, tview->space);
    /* Likewise a tensor view's; a view left with nothing but defaults goes
     * (pypto's TensorType constructor does the same). */
    if (tensor_view && tensor_view->nvalid == rank && same_exprs(rank, tensor_view->valid_shape, d))
        tensor_view = ir_tensor_view_valid(ctx, tensor_view->nstride, tensor_view->stride,
                                           (TensorLayout)tensor_view->layout, 0, NULL, (TilePad)tensor_view->pad);
    key.kind = (uint8_t)kind;
    key.dtype = (uint8_t)dt;
    key.n = rank;
    key.dims = d;
    key.memref = memref;
    key.tile_view = tview;
    key.tensor_view = tensor_view;
    r = intern_type(ctx, &key);
    if (d != buf)
        xfree(d);
    return r;
}

const IrType *ir_type_tensor(IrCtx *ctx, DataType dt, uint32_t rank, const IrExpr *const *dims,
                             const IrMemRef *memref, const IrTensorView *view)
{
    return shaped(ctx, TYPE_TENSOR, dt, rank, dims, memref, NULL, view);
}

const IrType *ir_type_window(IrCtx *ctx, const IrType *t, int window)
{
    IrType key;
    if (t->kind != TYPE_TENSOR)
        ICE("ir_type_window of a type that is not a tensor");
    if (!!(t->flags & IR_TYPE_WINDOW) == !!window)
        return t;
    key = *t;
    key.flags = (uint8_t)(window ? t->flags | IR_TYPE_WINDOW : t->flags & ~IR_TYPE_WINDOW);
    return intern_type(ctx, &key);
}

const IrType *ir_type_tile(IrCtx *ctx, DataType dt, uint32_t rank, const IrExpr *const *dims,
                           const IrMemRef *memref, const IrTileView *view)
{
    return shaped(ctx, TYPE_TILE, dt, rank, dims, memref, view, NULL);
}

const IrType *ir_type_tuple(IrCtx *ctx, uint32_t n, const IrType *const *elems)
{
    IrType key;
    memset(&key, 0, sizeof key);
    key.kind = TYPE_TUPLE;
    key.n = n;
    key.elems = elems;
    return intern_type(ctx, &key);
}

const IrType *ir_type_array(IrCtx *ctx, DataType dt, int64_t extent)
{
    IrType key;
    const IrExpr *d = ir_dim_const(ctx, extent);
    memset(&key, 0, sizeof key);
    key.kind = TYPE_ARRAY;
    key.dtype = (uint8_t)dt;
    key.n = 1;
    key.dims = &d;
    return intern_type(ctx, &key);
}

int ir_type_holds_tasks(const IrType *t)
{
    if (!t)
        return 0;
    if (t->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < t->n; i++)
            if (ir_type_holds_tasks(t->elems[i]))
                return 1;
        return 0;
    }
    return (t->kind == TYPE_SCALAR || t->kind == TYPE_ARRAY) && t->dtype == DT_TASK_ID;
}

int64_t ir_array_extent(const IrType *t)
{
    int64_t v = 0;
    if (t->kind != TYPE_ARRAY || !ir_dim_value(t->dims[0], &v))
        ICE("ir_array_extent of a type that is not an array");
    return v;
}

const IrType *ir_type_with_dtype(IrCtx *ctx, const IrType *t, DataType dt)
{
    switch (t->kind) {
    case TYPE_SCALAR:
        return ir_type_scalar(ctx, dt);
    case TYPE_TENSOR:
        return ir_type_window(ctx, ir_type_tensor(ctx, dt, t->n, t->dims, NULL, NULL), ir_type_is_window(t));
    case TYPE_TILE:
        return ir_type_tile(ctx, dt, t->n, t->dims, NULL, NULL);
    default:
        ICE("ir_type_with_dtype on a type without dtype");
    }
}

uint64_t ir_type_byte_size(const IrType *t)
{
    uint64_t n = (uint64_t)dtype_bytes((DataType)t->dtype);
    for (uint32_t i = 0; i < t->n; i++) {
        int64_t v;
        if (!ir_dim_value(t->dims[i], &v) || v < 0)
            return 0;
        if (v != 0 && n > UINT64_MAX / (uint64_t)v)
            return 0;
        n *= (uint64_t)v;
    }
    return n;
}

/* ------------------------------------------------------ constant lists */

static uint32_t const_tuple_hash_values(uint32_t n, const int64_t *v)
{
    uint32_t h = mix(53, n);
    for (uint32_t i = 0; i < n; i++)
        h = mix(h, (uint64_t)v[i]);
    return h;
}

static uint32_t const_tuple_hash(const void *obj)
{
    const IrMakeTuple *t = obj;
    uint32_t h = mix(53, t->n);
    for (uint32_t i = 0; i < t->n; i++)
        h = mix(h, (uint64_t)IR_AS(IrConstInt, t->elems[i])->value);
    return h;
}

const IrExpr *ir_const_tuple(IrCtx *ctx, uint32_t n, const int64_t *values)
{
    uint32_t h = const_tuple_hash_values(n, values), mask = ctx->const_tuples.cap - 1, i;
    const IrExpr *elems[16];
    const IrExpr *t;
    if (n > 16)
        return NULL;
    for (i = h & mask; ctx->const_tuples.slots[i]; i = (i + 1) & mask) {
        const IrMakeTuple *c = ctx->const_tuples.slots[i];
        uint32_t k;
        if (c->n != n)
            continue;
        for (k = 0; k < n && IR_AS(IrConstInt, c->elems[k])->value == values[k]; k++)
            ;
        if (k == n)
            return &c->e;
    }
    for (i = 0; i < n; i++)
        elems[i] = ir_dim_const(ctx, values[i]);
    t = ir_make_tuple(ctx, n, elems, span_unknown());
    set_add(&ctx->const_tuples, (void *)t, h, const_tuple_hash);
    return t;
}

int ir_type_space(const IrType *t)
{
    if (t->memref)
        return t->memref->space;
    return t->kind == TYPE_TENSOR ? MS_DDR : -1;
}

/* The space of a tile before InitMemRef: the layout its deduction gave it
 * says where it lives (block.load into Mat, block.move to Left or Right,
 * a matmul result in Acc); anything else is a Vec tile. */
static int space_of_layout(const IrType *t);

int ir_tile_space(const IrType *t)
{
    int space = ir_type_space(t);
    return space >= 0 ? space : space_of_layout(t);
}

static int space_of_layout(const IrType *t)
{
    const IrTileView *v = t->tile_view;
    if (t->kind != TYPE_TILE)
        return -1;
    if (v && v->space)
        return v->space;
    return space_of_view_layout(v);
}

/* pto-isa's tile aliases (pto/common/pto_tile.hpp): TileLeftScale is
 * row-major boxes of rows, TileRightScale column-major boxes of columns,
 * both of 32-byte fractals (TileConfig::fractalMxSize); a Bias tile is one
 * plain row. */
void ir_space_layout(int ms, TileLayout *blayout, TileLayout *slayout, uint32_t *fractal)
{
    *blayout = ms == MS_MAT || ms == MS_ACC || ms == MS_RIGHT_SCALE ? TL_COL_MAJOR : TL_ROW_MAJOR;
    *slayout = ms == MS_MAT || ms == MS_ACC || ms == MS_LEFT || ms == MS_LEFT_SCALE ? TL_ROW_MAJOR
               : ms == MS_RIGHT || ms == MS_RIGHT_SCALE                            ? TL_COL_MAJOR
                                                                                   : TL_NONE_BOX;
    *fractal = ms == MS_ACC ? 1024 : ms == MS_LEFT_SCALE || ms == MS_RIGHT_SCALE ? 32 : 512;
}

const IrType *ir_type_with_memref(IrCtx *ctx, const IrType *t, const IrMemRef *m)
{
    if (t->kind == TYPE_TILE)
        return ir_type_tile(ctx, (DataType)t->dtype, t->n, t->dims, m, t->tile_view);
    return ir_type_window(ctx, ir_type_tensor(ctx, (DataType)t->dtype, t->n, t->dims, m, t->tensor_view),
                          ir_type_is_window(t));
}

/* ------------------------------------------------- compaction (compact.c) */

const IrExpr *ir_dim_canon(IrCtx *ctx, const IrExpr *d) { return canon_dim(ctx, d); }

const IrTileView *ir_tile_view_intern(IrCtx *ctx, const IrTileView *v)
{
    return intern_tile_view(ctx, v->nvalid, v->valid_shape, v->nstride, v->stride, v->start_offset,
                            (TileLayout)v->blayout, (TileLayout)v->slayout, v->fractal, (TilePad)v->pad, v->space);
}

const IrType *ir_type_intern(IrCtx *ctx, const IrType *t)
{
    IrType key = *t;
    return intern_type(ctx, &key);
}
