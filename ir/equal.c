/* equal.c: structural equality and hashing (see equal.h). */
#include "config.h"
#include "ir/equal.h"
#include "support/diag.h"
#include "support/ptrmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct Eq {
    IrCtx *ctx;
    PtrMap lr, rl;      /* Var mapping, both directions */
    char *why;
    size_t cap;
} Eq;

static int differ(Eq *q, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int differ(Eq *q, const char *fmt, ...)
{
    va_list ap;
    if (q->why && q->cap && !q->why[0]) {
        va_start(ap, fmt);
        vsnprintf(q->why, q->cap, fmt, ap);
        va_end(ap);
    }
    return 0;
}

static int eq_expr(Eq *q, const IrExpr *a, const IrExpr *b);
static int eq_type(Eq *q, const IrType *a, const IrType *b);

static int same_name(const char *a, const char *b) { return a == b || strcmp(a, b) == 0; }

/* A definition site: a and b become each other's counterparts. */
static int def_var(Eq *q, const IrVar *a, const IrVar *b)
{
    const void *ma = ptrmap_get(&q->lr, a), *mb = ptrmap_get(&q->rl, b);
    if (a->e.kind != b->e.kind)
        return differ(q, "definition kinds differ for '%s'", a->name);
    if (!same_name(a->name, b->name))
        return differ(q, "definition names differ: '%s' vs '%s'", a->name, b->name);
    if (ma || mb) {
        if (ma == b && mb == a)
            return 1;
        return differ(q, "'%s' is defined twice differently", a->name);
    }
    ptrmap_put(&q->lr, a, (void *)b);
    ptrmap_put(&q->rl, b, (void *)a);
    if (!eq_type(q, a->type, b->type))
        return differ(q, "types of '%s' differ", a->name);
    if (a->e.kind == EXPR_ITER_ARG && !eq_expr(q, ((const IrIterArg *)a)->init, ((const IrIterArg *)b)->init))
        return differ(q, "init values of '%s' differ", a->name);
    if (a->e.kind == EXPR_MEMREF) {
        const IrMemRef *x = (const IrMemRef *)a, *y = (const IrMemRef *)b;
        if (x->space != y->space || x->size != y->size || x->ref_id != y->ref_id || !eq_expr(q, x->addr, y->addr))
            return differ(q, "MemRef '%s' differs", a->name);
    }
    return 1;
}

static int use_var(Eq *q, const IrVar *a, const IrVar *b)
{
    const void *ma = ptrmap_get(&q->lr, a), *mb = ptrmap_get(&q->rl, b);
    if (!ma && !mb)
        return def_var(q, a, b);   /* free variable (e.g. a dynamic dimension) */
    if (ma != b || mb != a)
        return differ(q, "'%s' and '%s' refer to different definitions", a->name, b->name);
    return 1;
}

static int eq_exprs(Eq *q, uint32_t n, const IrExpr *const *a, const IrExpr *const *b)
{
    for (uint32_t i = 0; i < n; i++)
        if (!eq_expr(q, a[i], b[i]))
            return 0;
    return 1;
}

static int eq_opt_expr(Eq *q, const IrExpr *a, const IrExpr *b)
{
    if (!a || !b)
        return a == b ? 1 : differ(q, "an optional expression is present on one side only");
    return eq_expr(q, a, b);
}

static int eq_type(Eq *q, const IrType *a, const IrType *b)
{
    if (a == b)
        return 1;
    if (a->kind != b->kind || a->dtype != b->dtype || a->pipe != b->pipe || a->n != b->n)
        return differ(q, "types differ");
    if (a->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < a->n; i++)
            if (!eq_type(q, a->elems[i], b->elems[i]))
                return 0;
        return 1;
    }
    if (a->kind != TYPE_TENSOR && a->kind != TYPE_TILE && a->kind != TYPE_ARRAY)
        return 1;
    if (!eq_exprs(q, a->n, a->dims, b->dims))
        return 0;
    if (!a->memref != !b->memref)
        return differ(q, "a MemRef is present on one side only");
    if (a->memref && !use_var(q, &a->memref->v, &b->memref->v))
        return 0;
    if (!a->tile_view != !b->tile_view || !a->tensor_view != !b->tensor_view)
        return differ(q, "a view is present on one side only");
    if (a->tile_view) {
        const IrTileView *x = a->tile_view, *y = b->tile_view;
        if (x->nvalid != y->nvalid || x->nstride != y->nstride || x->blayout != y->blayout || x->slayout != y->slayout ||
            x->fractal != y->fractal || x->pad != y->pad || !eq_exprs(q, x->nvalid, x->valid_shape, y->valid_shape) ||
            !eq_exprs(q, x->nstride, x->stride, y->stride) || !eq_opt_expr(q, x->start_offset, y->start_offset))
            return differ(q, "tile views differ");
    }
    if (a->tensor_view) {
        const IrTensorView *x = a->tensor_view, *y = b->tensor_view;
        if (x->layout != y->layout || x->nstride != y->nstride || x->nvalid != y->nvalid || x->pad != y->pad ||
            !eq_exprs(q, x->nstride, x->stride, y->stride) || !eq_exprs(q, x->nvalid, x->valid_shape, y->valid_shape))
            return differ(q, "tensor views differ");
    }
    return 1;
}

/* Keyword lists: a call's kwargs (of callee `of`) or a function's attributes. */
static int eq_kwlist(Eq *q, uint32_t na, const IrKwarg *ka, uint32_t nb, const IrKwarg *kb, const char *of)
{
    if (na != nb)
        return differ(q, "kwarg counts differ in '%s'", of);
    for (uint32_t i = 0; i < na; i++) {
        const IrKwarg *x = &ka[i], *y = &kb[i];
        int same;
        if (!same_name(x->key, y->key) || x->kind != y->kind)
            return differ(q, "kwarg %u of '%s' differs", i, of);
        if (x->kind == KW_DOUBLE)
            same = memcmp(&x->v.d, &y->v.d, sizeof x->v.d) == 0;
        else if (x->kind == KW_STRING)
            same = same_name(x->v.s, y->v.s);
        else
            same = x->v.i == y->v.i;
        if (!same)
            return differ(q, "kwarg '%s' of '%s' differs", x->key, of);
    }
    return 1;
}

static int eq_kwargs(Eq *q, const IrCall *a, const IrCall *b)
{
    return eq_kwlist(q, a->nkwargs, a->kwargs, b->nkwargs, b->kwargs, a->callee->name);
}

static int eq_expr(Eq *q, const IrExpr *a, const IrExpr *b)
{
    if (a->kind != b->kind)
        return differ(q, "expression kinds differ");
    switch ((IrExprKind)a->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
    case EXPR_MEMREF:
        return use_var(q, (const IrVar *)a, (const IrVar *)b);
    case EXPR_CONST_INT:
        if (a->dtype != b->dtype || IR_AS(IrConstInt, a)->value != IR_AS(IrConstInt, b)->value)
            return differ(q, "integer constants differ: %lld vs %lld", (long long)IR_AS(IrConstInt, a)->value,
                          (long long)IR_AS(IrConstInt, b)->value);
        return 1;
    case EXPR_CONST_FLOAT:
        if (a->dtype != b->dtype ||
            memcmp(&IR_AS(IrConstFloat, a)->value, &IR_AS(IrConstFloat, b)->value, sizeof(double)) != 0)
            return differ(q, "float constants differ: %.17g vs %.17g", IR_AS(IrConstFloat, a)->value,
                          IR_AS(IrConstFloat, b)->value);
        return 1;
    case EXPR_CONST_BOOL:
        return a->op == b->op ? 1 : differ(q, "boolean constants differ");
    case EXPR_BINARY:
        if (a->op != b->op || a->dtype != b->dtype)
            return differ(q, "binary expressions differ (%s vs %s)", ir_binary_name((IrBinaryOp)a->op),
                          ir_binary_name((IrBinaryOp)b->op));
        return eq_expr(q, IR_AS(IrBinary, a)->lhs, IR_AS(IrBinary, b)->lhs) &&
               eq_expr(q, IR_AS(IrBinary, a)->rhs, IR_AS(IrBinary, b)->rhs);
    case EXPR_UNARY:
        if (a->op != b->op || a->dtype != b->dtype)
            return differ(q, "unary expressions differ");
        return eq_expr(q, IR_AS(IrUnary, a)->operand, IR_AS(IrUnary, b)->operand);
    case EXPR_CALL: {
        const IrCall *x = IR_AS(IrCall, a), *y = IR_AS(IrCall, b);
        if (x->callee->kind != y->callee->kind || !same_name(x->callee->name, y->callee->name))
            return differ(q, "calls differ: '%s' vs '%s'", x->callee->name, y->callee->name);
        if (x->nargs != y->nargs)
            return differ(q, "argument counts of '%s' differ", x->callee->name);
        return eq_exprs(q, x->nargs, x->args, y->args) && eq_kwargs(q, x, y) && eq_type(q, x->type, y->type);
    }
    case EXPR_TUPLE_GET:
        if (IR_AS(IrTupleGet, a)->index != IR_AS(IrTupleGet, b)->index)
            return differ(q, "tuple indices differ");
        return eq_expr(q, IR_AS(IrTupleGet, a)->tuple, IR_AS(IrTupleGet, b)->tuple);
    case EXPR_MAKE_TUPLE:
        if (IR_AS(IrMakeTuple, a)->n != IR_AS(IrMakeTuple, b)->n)
            return differ(q, "tuple lengths differ");
        return eq_exprs(q, IR_AS(IrMakeTuple, a)->n, IR_AS(IrMakeTuple, a)->elems, IR_AS(IrMakeTuple, b)->elems);
    case EXPR_KIND_COUNT:
        break;
    }
    ICE("expression of unknown kind");
}

static int eq_stmt(Eq *q, const IrStmt *a, const IrStmt *b);

static int eq_opt_stmt(Eq *q, const IrStmt *a, const IrStmt *b)
{
    if (!a || !b)
        return a == b ? 1 : differ(q, "a body is present on one side only");
    return eq_stmt(q, a, b);
}

static int eq_iter(Eq *q, uint32_t n, const IrIterArg *const *a, const IrIterArg *const *b)
{
    for (uint32_t i = 0; i < n; i++)
        if (!def_var(q, &a[i]->v, &b[i]->v))
            return 0;
    return 1;
}

static int eq_defs(Eq *q, uint32_t n, const IrVar *const *a, const IrVar *const *b)
{
    for (uint32_t i = 0; i < n; i++)
        if (!def_var(q, a[i], b[i]))
            return 0;
    return 1;
}

static int eq_stmt(Eq *q, const IrStmt *a, const IrStmt *b)
{
    if (a->kind != b->kind || a->sub != b->sub)
        return differ(q, "statement kinds differ");
    switch ((IrStmtKind)a->kind) {
    case STMT_ASSIGN:
        return eq_expr(q, IR_AS(IrAssign, a)->value, IR_AS(IrAssign, b)->value) &&
               def_var(q, IR_AS(IrAssign, a)->var, IR_AS(IrAssign, b)->var);
    case STMT_EVAL:
        return eq_expr(q, IR_AS(IrEval, a)->expr, IR_AS(IrEval, b)->expr);
    case STMT_YIELD:
    case STMT_RETURN:
        if (IR_AS(IrValues, a)->n != IR_AS(IrValues, b)->n)
            return differ(q, "numbers of yielded or returned values differ");
        return eq_exprs(q, IR_AS(IrValues, a)->n, IR_AS(IrValues, a)->values, IR_AS(IrValues, b)->values);
    case STMT_IF: {
        const IrIf *x = IR_AS(IrIf, a), *y = IR_AS(IrIf, b);
        if (x->nret != y->nret)
            return differ(q, "if statements have different return variables");
        return eq_expr(q, x->cond, y->cond) && eq_stmt(q, x->then_body, y->then_body) &&
               eq_opt_stmt(q, x->else_body, y->else_body) && eq_defs(q, x->nret, x->ret, y->ret);
    }
    case STMT_FOR: {
        const IrFor *x = IR_AS(IrFor, a), *y = IR_AS(IrFor, b);
        if (x->niter != y->niter)
            return differ(q, "loops have different iter_args");
        if (x->stage != y->stage)
            return differ(q, "pipeline loops have different stages");
        return eq_expr(q, x->start, y->start) && eq_expr(q, x->stop, y->stop) && eq_expr(q, x->step, y->step) &&
               eq_iter(q, x->niter, x->iter_args, y->iter_args) && def_var(q, x->loop_var, y->loop_var) &&
               eq_stmt(q, x->body, y->body) && eq_defs(q, x->niter, x->ret, y->ret);
    }
    case STMT_WHILE: {
        const IrWhile *x = IR_AS(IrWhile, a), *y = IR_AS(IrWhile, b);
        if (x->niter != y->niter)
            return differ(q, "while loops have different iter_args");
        return eq_iter(q, x->niter, x->iter_args, y->iter_args) && eq_expr(q, x->cond, y->cond) &&
               eq_stmt(q, x->body, y->body) && eq_defs(q, x->niter, x->ret, y->ret);
    }
    case STMT_SCOPE: {
        const IrScopeAttrs *x = IR_AS(IrScope, a)->attrs, *y = IR_AS(IrScope, b)->attrs;
        if (!x != !y)
            return differ(q, "scope attributes differ");
        if (x) {
            if (x->level != y->level || x->role != y->role || x->split != y->split || x->flags != y->flags ||
                x->slot_num != y->slot_num || (!x->name_hint != !y->name_hint) ||
                (x->name_hint && !same_name(x->name_hint, y->name_hint)) || x->ndeps != y->ndeps ||
                x->nno_dep != y->nno_dep || x->ndumps != y->ndumps || !x->task_id != !y->task_id ||
                !x->index != !y->index)
                return differ(q, "scope attributes differ");
            if (!eq_opt_expr(q, x->count, y->count) || !eq_opt_expr(q, x->predicate, y->predicate) ||
                !eq_exprs(q, x->ndeps, x->deps, y->deps) || !eq_exprs(q, x->nno_dep, x->no_dep, y->no_dep) ||
                !eq_exprs(q, x->ndumps, x->dumps, y->dumps) || (x->index && !def_var(q, x->index, y->index)))
                return 0;
        }
        if (!eq_stmt(q, IR_AS(IrScope, a)->body, IR_AS(IrScope, b)->body))
            return 0;
        return !x || !x->task_id || def_var(q, x->task_id, y->task_id);
    }
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *x = IR_AS(IrSeq, a), *y = IR_AS(IrSeq, b);
        if (x->n != y->n)
            return differ(q, "statement lists have %u and %u statements", x->n, y->n);
        for (uint32_t i = 0; i < x->n; i++)
            if (!eq_stmt(q, x->stmts[i], y->stmts[i]))
                return 0;
        return 1;
    }
    case STMT_BREAK:
    case STMT_CONTINUE:
        return 1;
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind");
}

static int eq_func(Eq *q, const IrFunc *a, const IrFunc *b)
{
    if (!same_name(a->name, b->name) || a->type != b->type)
        return differ(q, "functions '%s' and '%s' differ in name or type", a->name, b->name);
    /* IR_FUNC_JIT_ENTRY says how the source spelled the function (its
     * printed form is an Orchestration function of a program) */
    if (a->level != b->level || a->role != b->role ||
        (a->flags & ~IR_FUNC_JIT_ENTRY) != (b->flags & ~IR_FUNC_JIT_ENTRY))
        return differ(q, "levels, roles or flags of '%s' differ", a->name);
    if (a->nparams != b->nparams || a->nret != b->nret)
        return differ(q, "signatures of '%s' differ", a->name);
    for (uint32_t i = 0; i < a->nparams; i++) {
        if (a->params[i].dir != b->params[i].dir)
            return differ(q, "parameter directions of '%s' differ", a->name);
        if (!def_var(q, a->params[i].var, b->params[i].var))
            return 0;
    }
    for (uint32_t i = 0; i < a->nret; i++)
        if (!eq_type(q, a->ret_types[i], b->ret_types[i]))
            return differ(q, "return types of '%s' differ", a->name);
    if (!eq_kwlist(q, a->nattrs, a->attrs, b->nattrs, b->attrs, a->name))
        return 0;
    return eq_opt_stmt(q, a->body, b->body);
}

static void eq_init(Eq *q, IrCtx *ctx, char *why, size_t cap)
{
    q->ctx = ctx;
    ptrmap_init(&q->lr);
    ptrmap_init(&q->rl);
    q->why = why;
    q->cap = cap;
    if (why && cap)
        why[0] = '\0';
}

static int eq_done(Eq *q, int r)
{
    ptrmap_free(&q->lr);
    ptrmap_free(&q->rl);
    return r;
}

int ir_equal_program(IrCtx *ctx, const IrProgram *a, const IrProgram *b, char *why, size_t cap)
{
    Eq q;
    int r = 1;
    eq_init(&q, ctx, why, cap);
    if (!same_name(a->name, b->name))
        r = differ(&q, "program names differ: '%s' vs '%s'", a->name, b->name);
    else if (a->n != b->n)
        r = differ(&q, "programs have %u and %u functions", a->n, b->n);
    for (uint32_t i = 0; r && i < a->n; i++)
        r = eq_func(&q, a->funcs[i], b->funcs[i]);
    return eq_done(&q, r);
}

int ir_equal_func(IrCtx *ctx, const IrFunc *a, const IrFunc *b, char *why, size_t cap)
{
    Eq q;
    eq_init(&q, ctx, why, cap);
    return eq_done(&q, eq_func(&q, a, b));
}

int ir_equal_expr(IrCtx *ctx, const IrExpr *a, const IrExpr *b, char *why, size_t cap)
{
    Eq q;
    eq_init(&q, ctx, why, cap);
    return eq_done(&q, eq_expr(&q, a, b));
}

/* ---------------------------------------------------------------- hash */

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

static uint64_t hash_str(uint64_t h, const char *s)
{
    while (*s)
        h = mix(h, (unsigned char)*s++);
    return mix(h, 0xff);
}

static uint64_t hash_expr(uint64_t h, const IrExpr *e);

static uint64_t hash_type(uint64_t h, const IrType *t)
{
    h = mix(h, ((uint64_t)t->kind << 16) | ((uint64_t)t->dtype << 8) | t->pipe);
    h = mix(h, t->n);
    for (uint32_t i = 0; i < t->n; i++)
        h = t->kind == TYPE_TUPLE ? hash_type(h, t->elems[i]) : hash_expr(h, t->dims[i]);
    if (t->memref)
        h = hash_str(h, t->memref->v.name);
    if (t->tile_view)
        h = mix(h, ((uint64_t)t->tile_view->blayout << 24) | ((uint64_t)t->tile_view->slayout << 16) |
                       ((uint64_t)t->tile_view->pad << 8) | t->tile_view->fractal);
    if (t->tensor_view)
        h = mix(h, 0x7100u + t->tensor_view->layout + ((uint64_t)t->tensor_view->pad << 8) +
                       ((uint64_t)t->tensor_view->nvalid << 16));
    return h;
}

static uint64_t hash_expr(uint64_t h, const IrExpr *e)
{
    h = mix(h, ((uint64_t)e->kind << 16) | ((uint64_t)e->op << 8) | e->dtype);
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
    case EXPR_MEMREF:
        return hash_str(h, IR_AS(IrVar, e)->name);
    case EXPR_CONST_INT:
        return mix(h, (uint64_t)IR_AS(IrConstInt, e)->value);
    case EXPR_CONST_FLOAT: {
        uint64_t bits;
        memcpy(&bits, &IR_AS(IrConstFloat, e)->value, sizeof bits);
        return mix(h, bits);
    }
    case EXPR_CONST_BOOL:
        return h;
    case EXPR_BINARY:
        return hash_expr(hash_expr(h, IR_AS(IrBinary, e)->lhs), IR_AS(IrBinary, e)->rhs);
    case EXPR_UNARY:
        return hash_expr(h, IR_AS(IrUnary, e)->operand);
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        h = hash_str(h, c->callee->name);
        for (uint32_t i = 0; i < c->nargs; i++)
            h = hash_expr(h, c->args[i]);
        for (uint32_t i = 0; i < c->nkwargs; i++)
            h = mix(hash_str(h, c->kwargs[i].key), c->kwargs[i].kind);
        return hash_type(h, c->type);
    }
    case EXPR_TUPLE_GET:
        return hash_expr(mix(h, IR_AS(IrTupleGet, e)->index), IR_AS(IrTupleGet, e)->tuple);
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            h = hash_expr(h, IR_AS(IrMakeTuple, e)->elems[i]);
        return h;
    case EXPR_KIND_COUNT:
        break;
    }
    return h;
}

static uint64_t hash_stmt(uint64_t h, const IrStmt *s)
{
    if (!s)
        return mix(h, 0xdead);
    h = mix(h, ((uint64_t)s->kind << 8) | s->sub);
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        return hash_expr(hash_type(hash_str(h, IR_AS(IrAssign, s)->var->name), IR_AS(IrAssign, s)->var->type),
                         IR_AS(IrAssign, s)->value);
    case STMT_EVAL:
        return hash_expr(h, IR_AS(IrEval, s)->expr);
    case STMT_YIELD:
    case STMT_RETURN:
        for (uint32_t i = 0; i < IR_AS(IrValues, s)->n; i++)
            h = hash_expr(h, IR_AS(IrValues, s)->values[i]);
        return h;
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        h = hash_stmt(hash_stmt(hash_expr(h, f->cond), f->then_body), f->else_body);
        for (uint32_t i = 0; i < f->nret; i++)
            h = hash_str(h, f->ret[i]->name);
        return h;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        h = hash_expr(hash_expr(hash_expr(hash_str(h, f->loop_var->name), f->start), f->stop), f->step);
        for (uint32_t i = 0; i < f->niter; i++)
            h = hash_expr(hash_str(h, f->iter_args[i]->v.name), f->iter_args[i]->init);
        return hash_stmt(h, f->body);
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < w->niter; i++)
            h = hash_expr(hash_str(h, w->iter_args[i]->v.name), w->iter_args[i]->init);
        return hash_stmt(hash_expr(h, w->cond), w->body);
    }
    case STMT_SCOPE:
        return hash_stmt(h, IR_AS(IrScope, s)->body);
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            h = hash_stmt(h, IR_AS(IrSeq, s)->stmts[i]);
        return h;
    case STMT_BREAK:
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    return h;
}

static uint64_t hash_func(uint64_t h, const IrFunc *f)
{
    h = mix(mix(mix(hash_str(h, f->name), f->type), f->level), f->role);
    for (uint32_t i = 0; i < f->nparams; i++)
        h = hash_type(mix(hash_str(h, f->params[i].var->name), f->params[i].dir), f->params[i].var->type);
    for (uint32_t i = 0; i < f->nret; i++)
        h = hash_type(h, f->ret_types[i]);
    return hash_stmt(h, f->body);
}

uint64_t ir_hash_program(IrCtx *ctx, const IrProgram *p)
{
    uint64_t h = hash_str(0x5eed, p->name);
    (void)ctx;
    for (uint32_t i = 0; i < p->n; i++)
        h = hash_func(h, p->funcs[i]);
    return h;
}

uint64_t ir_hash_func(IrCtx *ctx, const IrFunc *f)
{
    (void)ctx;
    return hash_func(0x5eed, f);
}

uint64_t ir_hash_expr(IrCtx *ctx, const IrExpr *e)
{
    (void)ctx;
    return hash_expr(0x5eed, e);
}
