/* visit.c: the generic walker and mutator. */
#include "config.h"
#include "ir/visit.h"
#include "ir/op_registry.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <string.h>

void ir_walk_expr(IrWalker *w, const IrExpr *e)
{
    if (w->pre_expr && !w->pre_expr(w, e))
        return;
    switch ((IrExprKind)e->kind) {
    case EXPR_BINARY:
        ir_walk_expr(w, IR_AS(IrBinary, e)->lhs);
        ir_walk_expr(w, IR_AS(IrBinary, e)->rhs);
        return;
    case EXPR_UNARY:
        ir_walk_expr(w, IR_AS(IrUnary, e)->operand);
        return;
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        for (uint32_t i = 0; i < c->nargs; i++)
            ir_walk_expr(w, c->args[i]);
        return;
    }
    case EXPR_TUPLE_GET:
        ir_walk_expr(w, IR_AS(IrTupleGet, e)->tuple);
        return;
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *t = IR_AS(IrMakeTuple, e);
        for (uint32_t i = 0; i < t->n; i++)
            ir_walk_expr(w, t->elems[i]);
        return;
    }
    default:
        return;
    }
}

static void walk_values(IrWalker *w, uint32_t n, const IrExpr *const *v)
{
    for (uint32_t i = 0; i < n; i++)
        ir_walk_expr(w, v[i]);
}

void ir_walk_operands(IrWalker *w, const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ir_walk_expr(w, IR_AS(IrAssign, s)->value);
        break;
    case STMT_EVAL:
        ir_walk_expr(w, IR_AS(IrEval, s)->expr);
        break;
    case STMT_YIELD:
    case STMT_RETURN:
        walk_values(w, IR_AS(IrValues, s)->n, IR_AS(IrValues, s)->values);
        break;
    case STMT_IF:
        ir_walk_expr(w, IR_AS(IrIf, s)->cond);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        ir_walk_expr(w, f->start);
        ir_walk_expr(w, f->stop);
        ir_walk_expr(w, f->step);
        for (uint32_t i = 0; i < f->niter; i++)
            ir_walk_expr(w, f->iter_args[i]->init);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < f->niter; i++)
            ir_walk_expr(w, f->iter_args[i]->init);
        ir_walk_expr(w, f->cond);
        break;
    }
    case STMT_SCOPE: {
        const IrScopeAttrs *a = IR_AS(IrScope, s)->attrs;
        if (a) {
            if (a->count)
                ir_walk_expr(w, a->count);
            if (a->predicate)
                ir_walk_expr(w, a->predicate);
            walk_values(w, a->ndeps, a->deps);
            walk_values(w, a->nno_dep, a->no_dep);
            walk_values(w, a->ndumps, a->dumps);
        }
        break;
    }
    case STMT_SEQ:
    case STMT_OPS:
    case STMT_BREAK:
    case STMT_CONTINUE:
        break;
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

/* Every expression of a statement comes before its bodies. */
void ir_walk_stmt(IrWalker *w, const IrStmt *s)
{
    if (!s)
        return;
    if (w->pre_stmt && !w->pre_stmt(w, s))
        return;
    ir_walk_operands(w, s);
    switch ((IrStmtKind)s->kind) {
    case STMT_IF:
        ir_walk_stmt(w, IR_AS(IrIf, s)->then_body);
        ir_walk_stmt(w, IR_AS(IrIf, s)->else_body);
        break;
    case STMT_FOR:
        ir_walk_stmt(w, IR_AS(IrFor, s)->body);
        break;
    case STMT_WHILE:
        ir_walk_stmt(w, IR_AS(IrWhile, s)->body);
        break;
    case STMT_SCOPE:
        ir_walk_stmt(w, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            ir_walk_stmt(w, q->stmts[i]);
        break;
    }
    default:
        break;
    }
    if (w->post_stmt)
        w->post_stmt(w, s);
}

void ir_stmt_defs(const IrStmt *s, void (*fn)(void *data, const IrVar *v), void *data)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        fn(data, IR_AS(IrAssign, s)->var);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        fn(data, f->loop_var);
        for (uint32_t i = 0; i < f->niter; i++) {
            fn(data, &f->iter_args[i]->v);
            fn(data, f->ret[i]);
        }
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < f->niter; i++) {
            fn(data, &f->iter_args[i]->v);
            fn(data, f->ret[i]);
        }
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        for (uint32_t i = 0; i < f->nret; i++)
            fn(data, f->ret[i]);
        break;
    }
    default:
        break;
    }
}

void ir_stmt_defs_all(const IrStmt *s, void (*fn)(void *data, const IrVar *v), void *data)
{
    const IrScopeAttrs *a = s->kind == STMT_SCOPE ? IR_AS(IrScope, s)->attrs : NULL;
    ir_stmt_defs(s, fn, data);
    if (a && a->task_id)
        fn(data, a->task_id);
    if (a && a->index)
        fn(data, a->index);
}

void ir_walk_func(IrWalker *w, const IrFunc *f) { ir_walk_stmt(w, f->body); }

typedef struct AnyScan {
    IrStmtPred stmt;
    IrExprPred expr;
    const void *ctx;
    int found;
} AnyScan;

static int any_stmt(IrWalker *w, const IrStmt *s)
{
    AnyScan *a = w->data;
    if (!a->found && a->stmt && a->stmt(s, a->ctx))
        a->found = 1;
    return !a->found;
}

static int any_expr(IrWalker *w, const IrExpr *e)
{
    AnyScan *a = w->data;
    if (!a->found && a->expr && a->expr(e, a->ctx))
        a->found = 1;
    return !a->found;
}

int ir_stmt_any(const IrStmt *s, IrStmtPred stmt, IrExprPred expr, const void *ctx)
{
    AnyScan a;
    IrWalker w;
    a.stmt = stmt;
    a.expr = expr;
    a.ctx = ctx;
    a.found = 0;
    memset(&w, 0, sizeof w);
    w.pre_stmt = any_stmt;
    w.pre_expr = any_expr;
    w.data = &a;
    if (s)
        ir_walk_stmt(&w, s);
    return a.found;
}

int ir_func_any(const IrFunc *f, IrStmtPred stmt, IrExprPred expr, const void *ctx)
{
    return ir_stmt_any(f->body, stmt, expr, ctx);
}

/* -------------------------------------------------------------- mutator */

static const IrExpr *hook_expr(IrMutator *m, const IrExpr *e) { return m->expr ? m->expr(m, e) : e; }

/* The definition `orig` is now `repl` (which may itself be a rebuilt node
 * the hook then maps further). */
static const IrVar *replace_def(IrMutator *m, const IrVar *orig, const IrVar *rebuilt)
{
    const IrExpr *saved = m->def_origin, *r;
    m->def_origin = rebuilt != orig ? &orig->e : NULL;
    r = hook_expr(m, &rebuilt->e);
    m->def_origin = saved;
    if (!ir_is_var_like(r))
        ICE("mutator replaced a definition by a non-variable");
    if (r != &orig->e)
        ptrmap_put(&m->subst, orig, (void *)r);
    return IR_AS(IrVar, r);
}

static const IrExpr *mutate_operand(void *m, const IrExpr *e);

/* A definition, then its type: a dimension that names a variable the
 * mutator replaces (a tile shaped by a scalar that outlining makes a
 * parameter) gives the variable a new type, so it is made again and its
 * uses follow (the substitution map comes before the hook). */
static const IrVar *mutate_def(IrMutator *m, const IrVar *v)
{
    const IrVar *r = replace_def(m, v, v);
    const IrType *t;
    IrVar *nv;
    if (r->e.kind != EXPR_VAR || !ir_type_is_shaped(r->type) ||
        (t = ir_type_map_exprs(m->ctx, r->type, mutate_operand, m)) == r->type)
        return r;
    nv = ir_var_new(m->ctx, r->name, t, r->e.span);
    ptrmap_put(&m->subst, v, &nv->e);
    if (r != v)
        ptrmap_put(&m->subst, r, &nv->e);
    return nv;
}

void ir_mutator_replace(IrMutator *m, const IrVar *orig, const IrExpr *repl)
{
    if (repl != &orig->e)
        ptrmap_put(&m->subst, orig, (void *)repl);
}

static const IrExpr *mutate_expr(IrMutator *m, const IrExpr *e);

const IrExpr *ir_mutate_expr(IrMutator *m, const IrExpr *e)
{
    const IrExpr *r;
    m->depth++;
    r = mutate_expr(m, e);
    if (--m->depth == 0)
        ptrmap_free(&m->subst);
    return r;
}

const IrExpr **ir_expr_map_list(uint32_t n, const IrExpr *const *v, IrExprFn fn, void *data)
{
    const IrExpr **out = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const IrExpr *x = fn(data, v[i]);
        if (x != v[i] && !out) {
            out = xmalloc(xmul_size(n, sizeof *out));
            memcpy(out, v, n * sizeof *out);
        }
        if (out)
            out[i] = x;
    }
    return out;
}

/* fn, except on constants (types hold them shared; nothing maps them). */
typedef struct TypeMap {
    IrExprFn fn;
    void *data;
} TypeMap;

static const IrExpr *map_type_expr(void *d, const IrExpr *e)
{
    TypeMap *m = d;
    return e->kind == EXPR_CONST_INT ? e : m->fn(m->data, e);
}

static const IrExpr *const *map_or_keep(uint32_t n, const IrExpr *const *v, TypeMap *m, const IrExpr ***fresh)
{
    *fresh = ir_expr_map_list(n, v, map_type_expr, m);
    return *fresh ? *fresh : v;
}

const IrType *ir_type_map_exprs(IrCtx *ctx, const IrType *t, IrExprFn fn, void *data)
{
    TypeMap m;
    const IrType *r = t;
    m.fn = fn;
    m.data = data;
    if (t->kind == TYPE_TUPLE) {
        const IrType **el = NULL;
        for (uint32_t i = 0; i < t->n; i++) {
            const IrType *x = ir_type_map_exprs(ctx, t->elems[i], fn, data);
            if (x != t->elems[i] && !el) {
                el = xmalloc(xmul_size(t->n, sizeof *el));
                memcpy(el, t->elems, t->n * sizeof *el);
            }
            if (el)
                el[i] = x;
        }
        if (el) {
            r = ir_type_tuple(ctx, t->n, el);
            xfree(el);
        }
        return r;
    }
    if (t->kind == TYPE_TENSOR || t->kind == TYPE_TILE) {
        const IrExpr **dims, **valid = NULL, **stride = NULL;
        const IrExpr *const *d = map_or_keep(t->n, t->dims, &m, &dims);
        const IrTileView *tv = t->tile_view;
        const IrTensorView *nv = t->tensor_view;
        if (tv) {
            const IrExpr *const *vs = map_or_keep(tv->nvalid, tv->valid_shape, &m, &valid);
            const IrExpr *const *st = map_or_keep(tv->nstride, tv->stride, &m, &stride);
            const IrExpr *so = tv->start_offset ? map_type_expr(&m, tv->start_offset) : NULL;
            if (valid || stride || so != tv->start_offset)
                tv = ir_tile_view_in(ctx,
                                     ir_tile_view(ctx, tv->nvalid, vs, tv->nstride, st, so, (TileLayout)tv->blayout,
                                                  (TileLayout)tv->slayout, tv->fractal, (TilePad)tv->pad),
                                     tv->space);
        }
        if (nv) {
            const IrExpr *const *st = map_or_keep(nv->nstride, nv->stride, &m, &stride);
            const IrExpr *const *vs = map_or_keep(nv->nvalid, nv->valid_shape, &m, &valid);
            if (stride || valid)
                nv = nv->nvalid || nv->pad != TP_NULL
                         ? ir_tensor_view_valid(ctx, nv->nstride, st, (TensorLayout)nv->layout, nv->nvalid, vs,
                                                (TilePad)nv->pad)
                         : ir_tensor_view(ctx, nv->nstride, st, (TensorLayout)nv->layout);
        }
        if (dims || tv != t->tile_view || nv != t->tensor_view)
            r = t->kind == TYPE_TILE ? ir_type_tile(ctx, (DataType)t->dtype, t->n, d, t->memref, tv)
                                     : ir_type_window(ctx, ir_type_tensor(ctx, (DataType)t->dtype, t->n, d, t->memref, nv),
                                                      ir_type_is_window(t));
        xfree(dims);
        xfree(valid);
        xfree(stride);
    }
    return r;
}

const IrExpr *ir_expr_map_operands(IrCtx *ctx, const IrExpr *e, IrExprFn fn, void *data)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_BINARY: {
        const IrBinary *b = IR_AS(IrBinary, e);
        const IrExpr *l = fn(data, b->lhs);
        const IrExpr *r = fn(data, b->rhs);
        return l == b->lhs && r == b->rhs ? e : ir_binary(ctx, (IrBinaryOp)e->op, (DataType)e->dtype, l, r, e->span);
    }
    case EXPR_UNARY: {
        const IrUnary *u = IR_AS(IrUnary, e);
        const IrExpr *x = fn(data, u->operand);
        return x == u->operand ? e : ir_unary(ctx, (IrUnaryOp)e->op, (DataType)e->dtype, x, e->span);
    }
    case EXPR_CALL: {
        /* The type too: a dimension that names a variable follows it. */
        const IrCall *c = IR_AS(IrCall, e);
        const IrExpr **args = ir_expr_map_list(c->nargs, c->args, fn, data);
        const IrType *t = c->type && ir_type_is_shaped(c->type) ? ir_type_map_exprs(ctx, c->type, fn, data) : c->type;
        if (args || t != c->type)
            e = ir_call(ctx, c->callee, c->nargs, args ? args : c->args, c->nkwargs, c->kwargs, t, e->span);
        xfree(args);
        return e;
    }
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, e);
        const IrExpr *t = fn(data, g->tuple);
        return t == g->tuple ? e : ir_tuple_get(ctx, t, g->index, e->span);
    }
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *t = IR_AS(IrMakeTuple, e);
        const IrExpr **el = ir_expr_map_list(t->n, t->elems, fn, data);
        if (el) {
            e = ir_make_tuple(ctx, t->n, el, e->span);
            xfree(el);
        }
        return e;
    }
    default:
        return e;   /* variables and constants */
    }
}

static const IrExpr *mutate_operand(void *m, const IrExpr *e) { return mutate_expr(m, e); }

static const IrExpr *mutate_expr(IrMutator *m, const IrExpr *e)
{
    if (ir_is_var_like(e)) {
        const IrExpr *sub = ptrmap_get(&m->subst, e);
        if (sub)
            return sub;
    }
    return hook_expr(m, ir_expr_map_operands(m->ctx, e, mutate_operand, m));
}

static const IrExpr **mutate_values(IrMutator *m, uint32_t n, const IrExpr *const *v, int *changed)
{
    const IrExpr **out = n ? xmalloc(xmul_size(n, sizeof *out)) : NULL;
    for (uint32_t i = 0; i < n; i++) {
        out[i] = ir_mutate_expr(m, v[i]);
        if (out[i] != v[i])
            *changed = 1;
    }
    return out;
}

static const IrVar **mutate_defs(IrMutator *m, uint32_t n, const IrVar *const *v, int *changed)
{
    const IrVar **out = n ? xmalloc(xmul_size(n, sizeof *out)) : NULL;
    for (uint32_t i = 0; i < n; i++) {
        out[i] = mutate_def(m, v[i]);
        if (out[i] != v[i])
            *changed = 1;
    }
    return out;
}

/* Iter args: the init value is mutated, then the iter arg itself (as a def). */
static const IrIterArg **mutate_iter_args(IrMutator *m, uint32_t n, const IrIterArg *const *it, int *changed)
{
    const IrIterArg **out = n ? xmalloc(xmul_size(n, sizeof *out)) : NULL;
    for (uint32_t i = 0; i < n; i++) {
        const IrIterArg *a = it[i];
        const IrExpr *init = ir_mutate_expr(m, a->init);
        const IrType *t = ir_type_is_shaped(a->v.type) ? ir_type_map_exprs(m->ctx, a->v.type, mutate_operand, m)
                                                        : a->v.type;
        const IrVar *v;
        if (init != a->init || t != a->v.type)
            a = ir_iter_arg_new(m->ctx, a->v.name, t, init, a->v.e.span);
        v = replace_def(m, &it[i]->v, &a->v);
        if (v->e.kind != EXPR_ITER_ARG)
            ICE("mutator replaced an iter arg by a non-iter-arg");
        out[i] = (const IrIterArg *)v;
        if (out[i] != it[i])
            *changed = 1;
    }
    return out;
}

static const IrStmt *mutate_stmt(IrMutator *m, const IrStmt *s);

const IrStmt *ir_mutate_stmt(IrMutator *m, const IrStmt *s)
{
    const IrStmt *r;
    m->depth++;
    r = mutate_stmt(m, s);
    if (--m->depth == 0)
        ptrmap_free(&m->subst);
    return r;
}

static const IrStmt *mutate_stmt(IrMutator *m, const IrStmt *s)
{
    IrCtx *ctx = m->ctx;
    int changed = 0;
    const IrStmt *r = s;
    if (!s)
        return NULL;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *v = ir_mutate_expr(m, a->value);
        const IrVar *var = mutate_def(m, a->var);
        if (v != a->value || var != a->var)
            r = ir_assign(ctx, var, v, s->span);
        break;
    }
    case STMT_EVAL: {
        const IrExpr *x = ir_mutate_expr(m, IR_AS(IrEval, s)->expr);
        if (x != IR_AS(IrEval, s)->expr)
            r = ir_eval(ctx, x, s->span);
        break;
    }
    case STMT_YIELD:
    case STMT_RETURN: {
        const IrValues *v = IR_AS(IrValues, s);
        const IrExpr **vals = mutate_values(m, v->n, v->values, &changed);
        if (changed)
            r = s->kind == STMT_YIELD ? ir_yield(ctx, v->n, vals, s->span) : ir_return(ctx, v->n, vals, s->span);
        xfree(vals);
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrExpr *c = ir_mutate_expr(m, f->cond);
        const IrStmt *t = ir_mutate_stmt(m, f->then_body);
        const IrStmt *e = ir_mutate_stmt(m, f->else_body);
        const IrVar **ret = mutate_defs(m, f->nret, f->ret, &changed);
        if (changed || c != f->cond || t != f->then_body || e != f->else_body)
            r = ir_if(ctx, c, t, e, f->nret, ret, s->span);
        xfree(ret);
        break;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrExpr *a = ir_mutate_expr(m, f->start), *b = ir_mutate_expr(m, f->stop);
        const IrExpr *c = ir_mutate_expr(m, f->step);
        const IrIterArg **it = mutate_iter_args(m, f->niter, f->iter_args, &changed);
        const IrVar *lv = mutate_def(m, f->loop_var);
        const IrStmt *body = ir_mutate_stmt(m, f->body);
        const IrVar **ret = mutate_defs(m, f->niter, f->ret, &changed);
        if (changed || a != f->start || b != f->stop || c != f->step || lv != f->loop_var || body != f->body)
            r = ir_for_staged(ir_for(ctx, (ForKind)s->sub, lv, a, b, c, f->niter, it, ret, body, s->span), f->stage);
        xfree(it);
        xfree(ret);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        const IrIterArg **it = mutate_iter_args(m, f->niter, f->iter_args, &changed);
        const IrExpr *c = ir_mutate_expr(m, f->cond);
        const IrStmt *body = ir_mutate_stmt(m, f->body);
        const IrVar **ret = mutate_defs(m, f->niter, f->ret, &changed);
        if (changed || c != f->cond || body != f->body)
            r = ir_while(ctx, c, f->niter, it, ret, body, s->span);
        xfree(it);
        xfree(ret);
        break;
    }
    case STMT_SCOPE: {
        const IrScope *sc = IR_AS(IrScope, s);
        const IrScopeAttrs *a = sc->attrs;
        IrScopeAttrs na;
        const IrStmt *b;
        const IrExpr **deps = NULL, **nodep = NULL, **dumps = NULL;
        if (a) {
            na = *a;
            na.count = a->count ? ir_mutate_expr(m, a->count) : NULL;
            na.predicate = a->predicate ? ir_mutate_expr(m, a->predicate) : NULL;
            deps = mutate_values(m, a->ndeps, a->deps, &changed);
            nodep = mutate_values(m, a->nno_dep, a->no_dep, &changed);
            dumps = mutate_values(m, a->ndumps, a->dumps, &changed);
            na.deps = deps;
            na.no_dep = nodep;
            na.dumps = dumps;
            na.index = a->index ? mutate_def(m, a->index) : NULL;
            if (na.count != a->count || na.predicate != a->predicate || na.index != a->index)
                changed = 1;
        }
        b = ir_mutate_stmt(m, sc->body);
        if (a) {
            na.task_id = a->task_id ? mutate_def(m, a->task_id) : NULL;
            if (na.task_id != a->task_id)
                changed = 1;
        }
        if (changed)
            r = ir_scope_attrs(ctx, (ScopeKind)s->sub, &na, b, s->span);
        else if (b != sc->body)
            r = ir_scope_rebody(ctx, s, b);
        xfree(deps);
        xfree(nodep);
        xfree(dumps);
        break;
    }
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        const IrStmt **v = q->n ? xmalloc(xmul_size(q->n, sizeof *v)) : NULL;
        for (uint32_t i = 0; i < q->n; i++) {
            v[i] = ir_mutate_stmt(m, q->stmts[i]);
            if (v[i] != q->stmts[i])
                changed = 1;
        }
        if (changed)
            r = ir_seq(ctx, (IrStmtKind)s->kind, q->n, v, s->span);
        xfree(v);
        break;
    }
    case STMT_BREAK:
    case STMT_CONTINUE:
        break;
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
    return m->stmt ? m->stmt(m, r) : r;
}

/* ------------------------------------------------ variables of dimensions */

typedef struct DimSubst {
    IrCtx *ctx;
    const PtrMap *map;
    int depth;
} DimSubst;

/* e with each variable map names replaced by its value, which is itself
 * substituted (n -> a dimension that names m -> ...), to a bounded depth:
 * a map that a cycle got into stops there. */
static const IrExpr *subst_dim_vars(void *data, const IrExpr *e)
{
    DimSubst *s = data;
    const IrExpr *v, *r;
    if (e->kind == EXPR_CONST_INT)
        return e;
    if (ir_is_var_like(e)) {
        if (!(v = ptrmap_get((PtrMap *)s->map, e)) || s->depth >= 16)
            return e;
        s->depth++;
        r = subst_dim_vars(s, v);
        s->depth--;
        return r;
    }
    return ir_expr_map_operands(s->ctx, e, subst_dim_vars, s);
}

const IrType *ir_type_subst_vars(IrCtx *ctx, const IrType *t, const PtrMap *map)
{
    DimSubst s;
    if (!map->count)
        return t;
    s.ctx = ctx;
    s.map = map;
    s.depth = 0;
    return ir_type_map_exprs(ctx, t, subst_dim_vars, &s);
}

void ir_bind_dim_symbols(PtrMap *map, const IrType *declared, const IrType *actual)
{
    if (!ir_type_is_shaped(declared) || !ir_type_is_shaped(actual) || declared->n != actual->n)
        return;
    for (uint32_t d = 0; d < declared->n; d++)
        if (declared->dims[d]->kind == EXPR_VAR && !ptrmap_get(map, declared->dims[d]))
            ptrmap_put(map, declared->dims[d], (void *)actual->dims[d]);
}

const IrExpr *ir_tensor_dim_value(IrCtx *ctx, const IrExpr *value)
{
    const IrCall *c;
    const IrType *t;
    int64_t k;
    if (!op_called(value, OP_TENSOR_DIM))
        return NULL;
    c = IR_AS(IrCall, value);
    if (c->nargs != 2 || !ir_dim_value(c->args[1], &k))
        return NULL;
    t = ir_expr_type(ctx, c->args[0]);
    if (!ir_type_is_shaped(t))
        return NULL;
    if (k < 0)
        k += t->n;
    return k >= 0 && k < (int64_t)t->n ? t->dims[k] : NULL;
}
