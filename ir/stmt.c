/* stmt.c: statement, function and program constructors, and queries of
 * them (a body's trailing yield, a function's scratch region, a program's
 * function by name). */
#include "config.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static void init_stmt(IrStmt *s, IrStmtKind kind, Span span)
{
    s->kind = (uint8_t)kind;
    s->sub = 0;
    s->reserved = 0;
    s->span = span;
}

static void *copy_array(IrCtx *ctx, uint32_t n, const void *src, size_t elem)
{
    return n ? arena_memdup(&ctx->arena, src, (size_t)n * elem) : NULL;
}

const IrStmt *ir_assign(IrCtx *ctx, const IrVar *var, const IrExpr *value, Span span)
{
    IrAssign *a = arena_alloc(&ctx->arena, sizeof *a);
    init_stmt(&a->s, STMT_ASSIGN, span);
    a->var = var;
    a->value = value;
    return &a->s;
}

const IrStmt *ir_eval(IrCtx *ctx, const IrExpr *expr, Span span)
{
    IrEval *e = arena_alloc(&ctx->arena, sizeof *e);
    init_stmt(&e->s, STMT_EVAL, span);
    e->expr = expr;
    return &e->s;
}

static const IrStmt *values_stmt(IrCtx *ctx, IrStmtKind kind, uint32_t n, const IrExpr *const *values, Span span)
{
    IrValues *v = arena_alloc(&ctx->arena, sizeof *v + (size_t)n * sizeof v->values[0]);
    init_stmt(&v->s, kind, span);
    v->n = n;
    if (n)
        memcpy(v->values, values, n * sizeof *values);
    return &v->s;
}

const IrStmt *ir_yield(IrCtx *ctx, uint32_t n, const IrExpr *const *values, Span span)
{
    return values_stmt(ctx, STMT_YIELD, n, values, span);
}

const IrStmt *ir_return(IrCtx *ctx, uint32_t n, const IrExpr *const *values, Span span)
{
    return values_stmt(ctx, STMT_RETURN, n, values, span);
}

const IrStmt *ir_if(IrCtx *ctx, const IrExpr *cond, const IrStmt *then_body, const IrStmt *else_body,
                    uint32_t nret, const IrVar *const *ret, Span span)
{
    IrIf *s = arena_alloc(&ctx->arena, sizeof *s);
    init_stmt(&s->s, STMT_IF, span);
    s->nret = nret;
    s->cond = cond;
    s->then_body = then_body;
    s->else_body = else_body;
    s->ret = copy_array(ctx, nret, ret, sizeof *ret);
    return &s->s;
}

const IrStmt *ir_for(IrCtx *ctx, ForKind kind, const IrVar *loop_var, const IrExpr *start, const IrExpr *stop,
                     const IrExpr *step, uint32_t niter, const IrIterArg *const *iter_args,
                     const IrVar *const *ret, const IrStmt *body, Span span)
{
    IrFor *s = arena_alloc(&ctx->arena, sizeof *s);
    init_stmt(&s->s, STMT_FOR, span);
    s->s.sub = (uint8_t)kind;
    s->stage = 0;
    s->niter = niter;
    s->loop_var = loop_var;
    s->start = start;
    s->stop = stop;
    s->step = step;
    s->iter_args = copy_array(ctx, niter, iter_args, sizeof *iter_args);
    s->ret = copy_array(ctx, niter, ret, sizeof *ret);
    s->body = body;
    return &s->s;
}

const IrStmt *ir_while(IrCtx *ctx, const IrExpr *cond, uint32_t niter, const IrIterArg *const *iter_args,
                       const IrVar *const *ret, const IrStmt *body, Span span)
{
    IrWhile *s = arena_alloc(&ctx->arena, sizeof *s);
    init_stmt(&s->s, STMT_WHILE, span);
    s->niter = niter;
    s->cond = cond;
    s->iter_args = copy_array(ctx, niter, iter_args, sizeof *iter_args);
    s->ret = copy_array(ctx, niter, ret, sizeof *ret);
    s->body = body;
    return &s->s;
}

const IrStmt *ir_jump(IrCtx *ctx, IrStmtKind kind, Span span)
{
    IrStmt *s = arena_alloc(&ctx->arena, sizeof *s);
    init_stmt(s, kind, span);
    return s;
}

const IrStmt *ir_scope(IrCtx *ctx, ScopeKind kind, const IrStmt *body, Span span)
{
    return ir_scope_attrs(ctx, kind, NULL, body, span);
}

void ir_scope_attrs_init(IrScopeAttrs *a)
{
    memset(a, 0, sizeof *a);
    a->level = LEVEL_NONE;
    a->role = ROLE_NONE;
    a->split = SPLIT_UNSET;
}

const IrStmt *ir_scope_attrs(IrCtx *ctx, ScopeKind kind, const IrScopeAttrs *attrs, const IrStmt *body, Span span)
{
    IrScope *s = arena_alloc(&ctx->arena, sizeof *s);
    init_stmt(&s->s, STMT_SCOPE, span);
    s->s.sub = (uint8_t)kind;
    s->attrs = NULL;
    if (attrs) {
        IrScopeAttrs *a = arena_memdup(&ctx->arena, attrs, sizeof *attrs);
        a->deps = copy_array(ctx, attrs->ndeps, attrs->deps, sizeof *attrs->deps);
        a->no_dep = copy_array(ctx, attrs->nno_dep, attrs->no_dep, sizeof *attrs->no_dep);
        a->dumps = copy_array(ctx, attrs->ndumps, attrs->dumps, sizeof *attrs->dumps);
        s->attrs = a;
    }
    s->body = body;
    return &s->s;
}

const IrStmt *ir_scope_rebody(IrCtx *ctx, const IrStmt *s, const IrStmt *body)
{
    IrScope *r = arena_memdup(&ctx->arena, s, sizeof(IrScope));
    r->body = body;
    return &r->s;
}

const IrStmt *ir_for_staged(const IrStmt *f, uint16_t stage)
{
    ((IrFor *)f)->stage = stage;   /* the node is new: its builder is the only reader so far */
    return f;
}

const IrStmt *ir_seq(IrCtx *ctx, IrStmtKind kind, uint32_t n, const IrStmt *const *stmts, Span span)
{
    IrSeq *s = arena_alloc(&ctx->arena, sizeof *s + (size_t)n * sizeof s->stmts[0]);
    init_stmt(&s->s, kind, span);
    s->n = n;
    if (n)
        memcpy(s->stmts, stmts, n * sizeof *stmts);
    return &s->s;
}

const IrValues *ir_body_yield(const IrStmt *body)
{
    while (body && (body->kind == STMT_SEQ || body->kind == STMT_OPS)) {
        const IrSeq *q = IR_AS(IrSeq, body);
        if (!q->n)
            return NULL;
        body = q->stmts[q->n - 1];
    }
    return body && body->kind == STMT_YIELD ? IR_AS(IrValues, body) : NULL;
}

const IrMemRef *ir_scratch_alloc(const IrStmt *s)
{
    const IrAssign *a;
    const IrCall *c;
    if (s->kind != STMT_ASSIGN || (a = IR_AS(IrAssign, s))->var->e.kind != EXPR_MEMREF ||
        a->value->kind != EXPR_CALL || !op_is(callee_op((c = IR_AS(IrCall, a->value))->callee), OP_BLOCK_ALLOC) ||
        !ir_call_kwarg_int(c, "scratch", 0))
        return NULL;
    return (const IrMemRef *)a->var;
}

const IrMemRef *ir_func_scratch(const IrFunc *f)
{
    const IrStmt *body = f->body;
    if (!body)
        return NULL;
    if (body->kind != STMT_SEQ && body->kind != STMT_OPS)
        return ir_scratch_alloc(body);
    for (uint32_t i = 0; i < IR_AS(IrSeq, body)->n; i++) {
        const IrMemRef *m = ir_scratch_alloc(IR_AS(IrSeq, body)->stmts[i]);
        if (m)
            return m;
    }
    return NULL;
}

IrFunc *ir_func_new(IrCtx *ctx, const char *name, FuncType type, uint32_t nparams, const IrParam *params,
                    uint32_t nret, const IrType *const *ret_types, const IrStmt *body, Span span)
{
    IrFunc *f = arena_alloc(&ctx->arena, sizeof *f);
    f->span = span;
    f->name = name;
    f->type = (uint8_t)type;
    f->nparams = nparams;
    f->nret = nret;
    f->params = params;
    f->ret_types = ret_types;
    f->body = body;
    f->level = LEVEL_NONE;
    f->role = ROLE_NONE;
    f->flags = 0;
    f->nattrs = 0;
    f->attrs = NULL;
    return f;
}

IrFunc *ir_func_rebuild(IrCtx *ctx, const IrFunc *orig, uint32_t nparams, const IrParam *params, uint32_t nret,
                        const IrType *const *ret_types, const IrStmt *body)
{
    IrFunc *f = ir_func_new(ctx, orig->name, (FuncType)orig->type, nparams, params, nret, ret_types, body, orig->span);
    f->level = orig->level;
    f->role = orig->role;
    f->flags = orig->flags;
    f->nattrs = orig->nattrs;
    f->attrs = orig->attrs;
    return f;
}

static int cmp_func_name(const void *a, const void *b)
{
    const IrFunc *fa = *(const IrFunc *const *)a, *fb = *(const IrFunc *const *)b;
    return strcmp(fa->name, fb->name);
}

IrProgram *ir_program_new(IrCtx *ctx, const char *name, uint32_t n, const IrFunc *const *funcs, Span span)
{
    IrProgram *p = arena_alloc(&ctx->arena, sizeof *p);
    const IrFunc **sorted = copy_array(ctx, n, funcs, sizeof *funcs);
    if (n)
        qsort(sorted, n, sizeof *sorted, cmp_func_name);
    for (uint32_t i = 1; i < n; i++)
        if (sorted[i - 1]->name == sorted[i]->name)
            ICE("program has two functions named '%s'", sorted[i]->name);
    p->span = span;
    p->name = name;
    p->n = n;
    p->funcs = sorted;
    return p;
}

const IrFunc *ir_program_find(const IrProgram *p, const char *name)
{
    uint32_t lo = 0, hi = p->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(p->funcs[mid]->name, name);
        if (c == 0)
            return p->funcs[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const IrCall *ir_stmt_call(const IrStmt *s)
{
    const IrExpr *e = NULL;
    if (s->kind == STMT_ASSIGN)
        e = IR_AS(IrAssign, s)->value;
    else if (s->kind == STMT_EVAL)
        e = IR_AS(IrEval, s)->expr;
    return e && e->kind == EXPR_CALL ? IR_AS(IrCall, e) : NULL;
}
