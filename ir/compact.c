/* compact.c: the program's live IR copied into a fresh arena (compact.h).
 *
 * Each node is copied once, which keeps sharing and identity (a variable
 * used in many places, a call that is also a type's dimension, a
 * statement two loop copies share): the old node, garbage from then on,
 * is overwritten with a forwarding mark and its copy's address, so no map
 * of every node is needed (views, kwarg lists and callees, which have no
 * kind byte to mark, are few and go through a map).  The
 * hash-consed parts (canonical dimensions, types, views, kwarg lists,
 * constant tuples) are made again through the new context's interning,
 * so equal ones are still one pointer there.  Variables keep their ids
 * (maps and orders that key on them are unchanged). */
#include "config.h"
#include "ir/compact.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <string.h>

typedef struct Compact {
    IrCtx *old, *nw;
    PtrMap memo;   /* old view, kwarg list, callee, scope attributes -> its copy */
    PtrMap canon;  /* the old context's canonical dimension constants and constant tuples */
} Compact;

static const IrExpr *c_expr(Compact *C, const IrExpr *e);
static const IrStmt *c_stmt(Compact *C, const IrStmt *s);
static const IrType *c_type(Compact *C, const IrType *t);

static void *dup(Compact *C, const void *p, size_t size) { return arena_memdup(&C->nw->arena, p, size); }

/* Expressions, statements and types start with their kind byte, followed
 * by at least 11 bytes (a span, or a type's fields): a copied one gets
 * FORWARDED there and its copy's address after it. */
enum { FORWARDED = 0xff };

static void forward(const void *old, const void *copy)
{
    unsigned char *p = (unsigned char *)(uintptr_t)old;
    p[0] = FORWARDED;
    memcpy(p + 4, &copy, sizeof copy);
}

static const void *forwarded(const void *old)
{
    const unsigned char *p = old;
    const void *copy;
    if (p[0] != FORWARDED)
        return NULL;
    memcpy(&copy, p + 4, sizeof copy);
    return copy;
}

/* Arrays of copies (into the new arena, or a temporary for interning). */
static const IrExpr **c_exprs_into(Compact *C, const IrExpr **out, uint32_t n, const IrExpr *const *v)
{
    for (uint32_t i = 0; i < n; i++)
        out[i] = c_expr(C, v[i]);
    return out;
}

static const IrExpr *const *c_exprs(Compact *C, uint32_t n, const IrExpr *const *v)
{
    if (!v)
        return NULL;
    return c_exprs_into(C, arena_array(&C->nw->arena, n ? n : 1, sizeof(IrExpr *)), n, v);
}

static const IrVar *c_var(Compact *C, const IrVar *v) { return v ? IR_AS(IrVar, c_expr(C, &v->e)) : NULL; }

static const IrVar *const *c_vars(Compact *C, uint32_t n, const IrVar *const *v)
{
    const IrVar **out;
    if (!v)
        return NULL;
    out = arena_array(&C->nw->arena, n ? n : 1, sizeof *out);
    for (uint32_t i = 0; i < n; i++)
        out[i] = c_var(C, v[i]);
    return out;
}

static const IrKwarg *c_kwargs(Compact *C, uint32_t n, const IrKwarg *kw)
{
    IrKwarg *tmp;
    const IrKwarg *r;
    if (!kw || !n)
        return NULL;
    if ((r = ptrmap_get(&C->memo, kw)))
        return r;
    tmp = xmalloc(xmul_size(n, sizeof *tmp));
    memcpy(tmp, kw, n * sizeof *tmp);
    for (uint32_t i = 0; i < n; i++)
        if (tmp[i].kind == KW_LIST && tmp[i].v.l)
            tmp[i].v.l = c_kwargs(C, ir_kwargs_len(tmp[i].v.l), tmp[i].v.l);
    r = ir_kwargs_intern(C->nw, n, tmp);
    xfree(tmp);
    ptrmap_put(&C->memo, kw, (void *)r);
    return r;
}

static const IrTileView *c_tile_view(Compact *C, const IrTileView *v)
{
    IrTileView key;
    const IrExpr *vbuf[8], *sbuf[8];
    const IrExpr **valid, **stride;
    const IrTileView *r;
    if (!v)
        return NULL;
    if ((r = ptrmap_get(&C->memo, v)))
        return r;
    key = *v;
    valid = v->nvalid <= 8 ? vbuf : xmalloc(xmul_size(v->nvalid, sizeof *valid));
    stride = v->nstride <= 8 ? sbuf : xmalloc(xmul_size(v->nstride, sizeof *stride));
    key.valid_shape = c_exprs_into(C, valid, v->nvalid, v->valid_shape);
    key.stride = c_exprs_into(C, stride, v->nstride, v->stride);
    key.start_offset = c_expr(C, v->start_offset);
    r = ir_tile_view_intern(C->nw, &key);
    if (valid != vbuf)
        xfree(valid);
    if (stride != sbuf)
        xfree(stride);
    ptrmap_put(&C->memo, v, (void *)r);
    return r;
}

static const IrTensorView *c_tensor_view(Compact *C, const IrTensorView *v)
{
    const IrExpr **stride, **valid;
    const IrTensorView *r;
    if (!v)
        return NULL;
    if ((r = ptrmap_get(&C->memo, v)))
        return r;
    stride = xmalloc(xmul_size(v->nstride + 1, sizeof *stride));
    valid = xmalloc(xmul_size(v->nvalid + 1, sizeof *valid));
    r = ir_tensor_view_valid(C->nw, v->nstride, c_exprs_into(C, stride, v->nstride, v->stride),
                             (TensorLayout)v->layout, v->nvalid, c_exprs_into(C, valid, v->nvalid, v->valid_shape),
                             (TilePad)v->pad);
    xfree(stride);
    xfree(valid);
    if (!r)
        ICE("compaction: a tensor view of defaults only");
    ptrmap_put(&C->memo, v, (void *)r);
    return r;
}

static const IrType *c_type(Compact *C, const IrType *t)
{
    IrType key;
    void **parts = NULL;
    const IrType *r;
    if (!t)
        return NULL;
    if ((r = forwarded(t)))
        return r;
    key = *t;
    if (t->n) {
        parts = xmalloc(xmul_size(t->n, sizeof *parts));
        for (uint32_t i = 0; i < t->n; i++)
            parts[i] = t->kind == TYPE_TUPLE ? (void *)c_type(C, t->elems[i]) : (void *)c_expr(C, t->dims[i]);
        if (t->kind == TYPE_TUPLE)
            key.elems = (const IrType *const *)parts;
        else
            key.dims = (const IrExpr *const *)parts;
    }
    key.memref = t->memref ? IR_AS(IrMemRef, c_expr(C, &t->memref->v.e)) : NULL;
    key.tile_view = c_tile_view(C, t->tile_view);
    key.tensor_view = c_tensor_view(C, t->tensor_view);
    r = ir_type_intern(C->nw, &key);
    xfree(parts);
    forward(t, r);
    return r;
}

static const IrCallee *c_callee(Compact *C, const IrCallee *c)
{
    const IrCallee *r;
    if (!c || c->kind == CALLEE_OP)   /* the operator table's, static */
        return c;
    if ((r = ptrmap_get(&C->memo, c)))
        return r;
    r = dup(C, c, sizeof *c);
    ptrmap_put(&C->memo, c, (void *)r);
    return r;
}

/* Is e the canonical node its context's interning gives?  (Looked up in
 * a map made before copying: the old context's own lookups would read
 * nodes already overwritten.) */
static int canonical_const_int(Compact *C, const IrExpr *e) { return ptrmap_get(&C->canon, e) != NULL; }

static int canonical_const_tuple(Compact *C, const IrMakeTuple *t, int64_t *values)
{
    if (!ptrmap_get(&C->canon, t))
        return 0;
    for (uint32_t i = 0; i < t->n; i++)
        values[i] = IR_AS(IrConstInt, t->elems[i])->value;
    return 1;
}

static const IrExpr *c_expr_new(Compact *C, const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR: {
        IrVar *v = dup(C, e, sizeof *v);
        forward(e, v);
        v->type = c_type(C, v->type);
        return &v->e;
    }
    case EXPR_ITER_ARG: {
        IrIterArg *a = dup(C, e, sizeof *a);
        forward(e, a);
        a->v.type = c_type(C, a->v.type);
        a->init = c_expr(C, a->init);
        return &a->v.e;
    }
    case EXPR_MEMREF: {
        IrMemRef *m = dup(C, e, sizeof *m);
        forward(e, m);
        m->v.type = c_type(C, m->v.type);
        m->addr = c_expr(C, m->addr);
        return &m->v.e;
    }
    case EXPR_CONST_INT:
        if (canonical_const_int(C, e))
            return ir_dim_const(C->nw, IR_AS(IrConstInt, e)->value);
        return dup(C, e, sizeof(IrConstInt));
    case EXPR_CONST_FLOAT:
        return dup(C, e, sizeof(IrConstFloat));
    case EXPR_CONST_BOOL:
        return dup(C, e, sizeof(IrExpr));
    case EXPR_BINARY: {
        IrBinary b = *IR_AS(IrBinary, e);
        b.lhs = c_expr(C, b.lhs);
        b.rhs = c_expr(C, b.rhs);
        if (e->flags & IR_EXPR_DIM_CANON) {
            b.e.flags &= (uint8_t)~IR_EXPR_DIM_CANON;
            return ir_dim_canon(C->nw, &b.e);
        }
        return dup(C, &b, sizeof b);
    }
    case EXPR_UNARY: {
        IrUnary u = *IR_AS(IrUnary, e);
        u.operand = c_expr(C, u.operand);
        if (e->flags & IR_EXPR_DIM_CANON) {
            u.e.flags &= (uint8_t)~IR_EXPR_DIM_CANON;
            return ir_dim_canon(C->nw, &u.e);
        }
        return dup(C, &u, sizeof u);
    }
    case EXPR_CALL: {
        const IrCall *o = IR_AS(IrCall, e);
        IrCall *c = dup(C, e, sizeof *c + (size_t)o->nargs * sizeof o->args[0]);
        for (uint32_t i = 0; i < o->nargs; i++)
            c->args[i] = c_expr(C, o->args[i]);
        c->type = c_type(C, o->type);
        c->callee = c_callee(C, o->callee);
        c->kwargs = c_kwargs(C, o->nkwargs, o->kwargs);
        if (ptrmap_get(&C->old->nullary_dims, o->callee) == e)   /* pld.world_size() as a dimension */
            ptrmap_put(&C->nw->nullary_dims, c->callee, &c->e);
        return &c->e;
    }
    case EXPR_TUPLE_GET: {
        IrTupleGet *g = dup(C, e, sizeof *g);
        g->type = c_type(C, g->type);
        g->tuple = c_expr(C, g->tuple);
        return &g->e;
    }
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *o = IR_AS(IrMakeTuple, e);
        int64_t values[16];
        IrMakeTuple *t;
        if (canonical_const_tuple(C, o, values))
            return ir_const_tuple(C->nw, o->n, values);
        t = dup(C, e, sizeof *t + (size_t)o->n * sizeof o->elems[0]);
        for (uint32_t i = 0; i < o->n; i++)
            t->elems[i] = c_expr(C, o->elems[i]);
        t->type = c_type(C, o->type);
        return &t->e;
    }
    default:
        break;
    }
    ICE("compaction: expression kind %d", e->kind);
}

static const IrExpr *c_expr(Compact *C, const IrExpr *e)
{
    const IrExpr *r;
    if (!e)
        return NULL;
    if ((r = forwarded(e)))
        return r;
    r = c_expr_new(C, e);
    if (!forwarded(e))   /* (variables forward themselves before their types are copied) */
        forward(e, r);
    return r;
}

static const IrIterArg *const *c_iter_args(Compact *C, uint32_t n, const IrIterArg *const *v)
{
    const IrIterArg **out;
    if (!v)
        return NULL;
    out = arena_array(&C->nw->arena, n ? n : 1, sizeof *out);
    for (uint32_t i = 0; i < n; i++)
        out[i] = IR_AS(IrIterArg, c_expr(C, &v[i]->v.e));
    return out;
}

static const IrScopeAttrs *c_scope_attrs(Compact *C, const IrScopeAttrs *a)
{
    IrScopeAttrs *r;
    if (!a)
        return NULL;
    r = dup(C, a, sizeof *r);
    r->count = c_expr(C, a->count);
    r->task_id = c_var(C, a->task_id);
    r->index = c_var(C, a->index);
    r->predicate = c_expr(C, a->predicate);
    r->deps = c_exprs(C, a->ndeps, a->deps);
    r->no_dep = c_exprs(C, a->nno_dep, a->no_dep);
    r->dumps = c_exprs(C, a->ndumps, a->dumps);
    return r;
}

static const IrStmt *c_stmt_new(Compact *C, const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        IrAssign *a = dup(C, s, sizeof *a);
        a->var = c_var(C, a->var);
        a->value = c_expr(C, a->value);
        return &a->s;
    }
    case STMT_EVAL: {
        IrEval *v = dup(C, s, sizeof *v);
        v->expr = c_expr(C, v->expr);
        return &v->s;
    }
    case STMT_YIELD:
    case STMT_RETURN: {
        const IrValues *o = IR_AS(IrValues, s);
        IrValues *v = dup(C, s, sizeof *v + (size_t)o->n * sizeof o->values[0]);
        for (uint32_t i = 0; i < o->n; i++)
            v->values[i] = c_expr(C, o->values[i]);
        return &v->s;
    }
    case STMT_IF: {
        IrIf *f = dup(C, s, sizeof *f);
        f->cond = c_expr(C, f->cond);
        f->then_body = c_stmt(C, f->then_body);
        f->else_body = c_stmt(C, f->else_body);
        f->ret = c_vars(C, f->nret, f->ret);
        return &f->s;
    }
    case STMT_FOR: {
        IrFor *f = dup(C, s, sizeof *f);
        f->loop_var = c_var(C, f->loop_var);
        f->start = c_expr(C, f->start);
        f->stop = c_expr(C, f->stop);
        f->step = c_expr(C, f->step);
        f->iter_args = c_iter_args(C, f->niter, f->iter_args);
        f->ret = c_vars(C, f->niter, f->ret);
        f->body = c_stmt(C, f->body);
        return &f->s;
    }
    case STMT_WHILE: {
        IrWhile *w = dup(C, s, sizeof *w);
        w->iter_args = c_iter_args(C, w->niter, w->iter_args);
        w->cond = c_expr(C, w->cond);
        w->ret = c_vars(C, w->niter, w->ret);
        w->body = c_stmt(C, w->body);
        return &w->s;
    }
    case STMT_SCOPE: {
        IrScope *sc = dup(C, s, sizeof *sc);
        sc->attrs = c_scope_attrs(C, sc->attrs);
        sc->body = c_stmt(C, sc->body);
        return &sc->s;
    }
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *o = IR_AS(IrSeq, s);
        IrSeq *q = dup(C, s, sizeof *q + (size_t)o->n * sizeof o->stmts[0]);
        for (uint32_t i = 0; i < o->n; i++)
            q->stmts[i] = c_stmt(C, o->stmts[i]);
        return &q->s;
    }
    case STMT_BREAK:
    case STMT_CONTINUE:
        return dup(C, s, sizeof *s);
    default:
        break;
    }
    ICE("compaction: statement kind %d", s->kind);
}

static const IrStmt *c_stmt(Compact *C, const IrStmt *s)
{
    const IrStmt *r;
    if (!s)
        return NULL;
    if ((r = forwarded(s)))
        return r;
    r = c_stmt_new(C, s);
    forward(s, r);
    return r;
}

static const IrFunc *c_func(Compact *C, const IrFunc *f)
{
    IrFunc *r = dup(C, f, sizeof *r);
    if (f->params) {
        IrParam *p = arena_array(&C->nw->arena, f->nparams ? f->nparams : 1, sizeof *p);
        for (uint32_t i = 0; i < f->nparams; i++) {
            p[i] = f->params[i];
            p[i].var = c_var(C, f->params[i].var);
        }
        r->params = p;
    }
    if (f->ret_types) {
        const IrType **t = arena_array(&C->nw->arena, f->nret ? f->nret : 1, sizeof *t);
        for (uint32_t i = 0; i < f->nret; i++)
            t[i] = c_type(C, f->ret_types[i]);
        r->ret_types = t;
    }
    r->attrs = c_kwargs(C, f->nattrs, f->attrs);
    r->body = c_stmt(C, f->body);
    return r;
}

/* The fixed types every context makes at its start. */
static void map_builtin_types(Compact *C)
{
    IrCtx *o = C->old, *n = C->nw;
    for (int i = 0; i < DT_COUNT; i++)
        forward(o->scalar[i], n->scalar[i]);
    for (int i = 0; i < PIPE_COUNT; i++)
        forward(o->pipe[i], n->pipe[i]);
    for (int i = 0; i < HANDLE_COUNT; i++)
        forward(o->handle[i], n->handle[i]);
    forward(o->unknown, n->unknown);
    forward(o->memref_type, n->memref_type);
    forward(o->ptr_type, n->ptr_type);
    forward(o->comm_ctx_type, n->comm_ctx_type);
}

const IrProgram *ir_compact(IrCtx *ctx, const IrProgram *prog)
{
    Compact C;
    IrCtx nw;
    IrProgram *r;
    const IrFunc **funcs;
    ir_ctx_init(&nw, ctx->names);
    nw.next_var_id = ctx->next_var_id;
    nw.dead_code = ctx->dead_code;
    nw.dead_zero_extents = ctx->dead_zero_extents;
    C.old = ctx;
    C.nw = &nw;
    ptrmap_init(&C.memo);
    ptrmap_init(&C.canon);
    for (uint32_t i = 0; i < ctx->dims.cap; i++)
        if (ctx->dims.slots[i])
            ptrmap_put(&C.canon, ctx->dims.slots[i], (void *)1);
    for (uint32_t i = 0; i < ctx->const_tuples.cap; i++)
        if (ctx->const_tuples.slots[i])
            ptrmap_put(&C.canon, ctx->const_tuples.slots[i], (void *)1);
    map_builtin_types(&C);
    r = dup(&C, prog, sizeof *r);
    funcs = arena_array(&nw.arena, prog->n ? prog->n : 1, sizeof *funcs);
    for (uint32_t i = 0; i < prog->n; i++)
        funcs[i] = c_func(&C, prog->funcs[i]);
    r->funcs = funcs;
    ptrmap_free(&C.memo);
    ptrmap_free(&C.canon);
    ir_ctx_free(ctx);
    *ctx = nw;
    return r;
}
