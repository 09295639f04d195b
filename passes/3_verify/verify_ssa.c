/* verify_ssa.c: check_ssa (passes.md 3): every Var defined once and every
 * name once per function; every use in scope under structured dominance
 * (iter_args and loop variables inside their loop, definitions of a loop
 * body or an if branch not after it); a variable defined nowhere in the
 * function only if it is a dynamic dimension (it occurs in a type of the
 * program); yields last in loop bodies and branches, matching their
 * iter_args / return variables in count and type. */
#include "config.h"
#include "passes/3_verify/verify.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

/* Where a variable is defined: its first definition in the program, or in
 * the function being checked when several functions define it (the same
 * Var may be: OutlineIncoreScopes moves definitions into the outlined
 * function and keeps the variable for the call's result in the parent). */
typedef struct DefInfo {
    const IrFunc *func;
    const IrStmt *owner;      /* the body in whose scope it is visible */
    const IrStmt *construct;  /* the loop or if owning that body; NULL for the function body */
    Span span;
    uint8_t visited;          /* reached by the walk of its function */
    uint8_t live;             /* visible at the current point of the walk */
} DefInfo;

typedef struct Ssa {
    Check c;
    Arena scratch;            /* DefInfo records */
    int local;                /* collecting: 0 the whole program, 1 one function sharing variables */
    PtrMap defs;              /* Var -> DefInfo */
    PtrMap sharing;           /* functions defining a variable an earlier function defines */
    PtrMap dyn;               /* Vars in types: dynamic dimensions */
    PtrMap seen_types;        /* types already scanned for dyn */
    PtrMap open;              /* body -> 1 while being walked */
    PtrMap names;             /* name -> DefInfo of the function's first definition of it */
    PtrMap reported;          /* Var -> 1 once a use of it was reported */
    VEC(DefInfo *) undo;      /* live definitions, innermost last */
    VEC(const char *) fnames; /* names entries of the current function */
} Ssa;

static void ssa_dyn_expr(Ssa *S, const IrExpr *e);

/* Variables in types are dynamic dimensions (types are hash-consed: each
 * is scanned once). */
static void ssa_dyn_type(Ssa *S, const IrType *t)
{
    if (!t || ptrmap_get(&S->seen_types, t))
        return;
    ptrmap_put(&S->seen_types, t, (void *)1);
    if (t->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < t->n; i++)
            ssa_dyn_type(S, t->elems[i]);
        return;
    }
    if (!ir_type_is_shaped(t))
        return;
    for (uint32_t i = 0; i < t->n; i++)
        ssa_dyn_expr(S, t->dims[i]);
    if (t->tile_view) {
        for (uint32_t i = 0; i < t->tile_view->nvalid; i++)
            ssa_dyn_expr(S, t->tile_view->valid_shape[i]);
        for (uint32_t i = 0; i < t->tile_view->nstride; i++)
            ssa_dyn_expr(S, t->tile_view->stride[i]);
        if (t->tile_view->start_offset)
            ssa_dyn_expr(S, t->tile_view->start_offset);
    }
    if (t->tensor_view) {
        for (uint32_t i = 0; i < t->tensor_view->nstride; i++)
            ssa_dyn_expr(S, t->tensor_view->stride[i]);
        for (uint32_t i = 0; i < t->tensor_view->nvalid; i++)
            ssa_dyn_expr(S, t->tensor_view->valid_shape[i]);
    }
}

static void ssa_dyn_expr(Ssa *S, const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        ptrmap_put(&S->dyn, e, (void *)1);
        return;
    case EXPR_BINARY:
        ssa_dyn_expr(S, IR_AS(IrBinary, e)->lhs);
        ssa_dyn_expr(S, IR_AS(IrBinary, e)->rhs);
        return;
    case EXPR_UNARY:
        ssa_dyn_expr(S, IR_AS(IrUnary, e)->operand);
        return;
    case EXPR_CALL:
        for (uint32_t i = 0; i < IR_AS(IrCall, e)->nargs; i++)
            ssa_dyn_expr(S, IR_AS(IrCall, e)->args[i]);
        return;
    case EXPR_TUPLE_GET:
        ssa_dyn_expr(S, IR_AS(IrTupleGet, e)->tuple);
        return;
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            ssa_dyn_expr(S, IR_AS(IrMakeTuple, e)->elems[i]);
        return;
    default:
        return;
    }
}

/* The span shown for a definition: the variable's, else its statement's. */
static Span def_span(const IrVar *v, const IrStmt *s)
{
    return span_is_known(v->e.span) || !s ? v->e.span : s->span;
}

static void ssa_collect_def(Ssa *S, const IrVar *v, const IrStmt *owner, const IrStmt *construct, const IrStmt *s)
{
    DefInfo *d = ptrmap_get(&S->defs, v);
    if (!S->local)
        ssa_dyn_type(S, v->type);
    if (d && d->func == S->c.func)
        return;   /* a second definition: reported by the walk */
    if (d && !S->local) {
        /* Defined by an earlier function too: collected again before the
         * walk of this one. */
        ptrmap_put(&S->sharing, S->c.func, (void *)1);
        return;
    }
    d = arena_alloc(&S->scratch, sizeof *d);
    memset(d, 0, sizeof *d);
    d->func = S->c.func;
    d->owner = owner;
    d->construct = construct;
    d->span = def_span(v, s);
    ptrmap_put(&S->defs, v, d);
}

/* Pre-pass over the program: every definition with its scope, so that a
 * use can be told apart as earlier than its definition, outside its
 * construct or in another function, and the variables in types.  Run
 * again over one function that defines variables of earlier ones. */
static void ssa_collect(Ssa *S, const IrStmt *s, const IrStmt *owner, const IrStmt *construct)
{
    if (!s)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ssa_collect_def(S, IR_AS(IrAssign, s)->var, owner, construct, s);
        return;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        ssa_collect_def(S, f->loop_var, f->body, s, s);
        for (uint32_t i = 0; i < f->niter; i++)
            ssa_collect_def(S, &f->iter_args[i]->v, f->body, s, s);
        ssa_collect(S, f->body, f->body, s);
        for (uint32_t i = 0; i < f->niter; i++)
            ssa_collect_def(S, f->ret[i], owner, construct, s);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < w->niter; i++)
            ssa_collect_def(S, &w->iter_args[i]->v, w->body, s, s);
        ssa_collect(S, w->body, w->body, s);
        for (uint32_t i = 0; i < w->niter; i++)
            ssa_collect_def(S, w->ret[i], owner, construct, s);
        return;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        ssa_collect(S, f->then_body, f->then_body, s);
        ssa_collect(S, f->else_body, f->else_body, s);
        for (uint32_t i = 0; i < f->nret; i++)
            ssa_collect_def(S, f->ret[i], owner, construct, s);
        return;
    }
    case STMT_SCOPE: {
        /* Scopes are transparent to names; a split_aiv lane index is
         * defined for the body, an `as tid` task id after it. */
        const IrScopeAttrs *a = IR_AS(IrScope, s)->attrs;
        if (a && a->index)
            ssa_collect_def(S, a->index, owner, construct, s);
        ssa_collect(S, IR_AS(IrScope, s)->body, owner, construct);
        if (a && a->task_id)
            ssa_collect_def(S, a->task_id, owner, construct, s);
        return;
    }
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            ssa_collect(S, IR_AS(IrSeq, s)->stmts[i], owner, construct);
        return;
    default:
        return;
    }
}

static const char *construct_text(const IrStmt *s)
{
    if (!s)
        return "function";
    return s->kind == STMT_FOR ? "for loop" : s->kind == STMT_WHILE ? "while loop" : "if branch";
}

/* A definition reached by the walk: single definition per Var and per
 * name, then visible until its body closes. */
static void ssa_define(Ssa *S, const IrVar *v, const IrStmt *site)
{
    Check *C = &S->c;
    DefInfo *d = ptrmap_get(&S->defs, v);
    DefInfo *first;
    if (!d || d->func != C->func)
        ICE("definition of '%s' missed by the SSA pre-pass", v->name);
    if (d->visited) {
        /* The same Var again: its own span is the first site's. */
        if (fail(C, site ? site->span : v->e.span, "'%s' is defined more than once", v->name))
            note(C, d->span, "'%s' is first defined here", v->name);
        return;
    }
    d->visited = 1;
    first = ptrmap_get(&S->names, v->name);
    if (first) {
        if (fail(C, def_span(v, site), "a second variable named '%s' is defined in function '%s'", v->name,
                 C->func->name))
            note(C, first->span, "the first '%s' is defined here", v->name);
    } else {
        ptrmap_put(&S->names, v->name, d);
        vec_push(S->fnames, v->name);
    }
    d->live = 1;
    vec_push(S->undo, d);
}

static void ssa_use(Ssa *S, const IrVar *v, Span at)
{
    Check *C = &S->c;
    DefInfo *d;
    if (v->e.kind == EXPR_MEMREF)
        return;   /* MemRefs are storage names, checked by the memory passes */
    d = ptrmap_get(&S->defs, v);
    if ((d && d->func == C->func && d->live) || ptrmap_get(&S->reported, v))
        return;
    if (!d || d->func != C->func) {
        if (d)
            fail(C, at, "'%s' is used in function '%s' but defined in function '%s'", v->name, C->func->name,
                 d->func->name);
        else if (!ptrmap_get(&S->dyn, v))
            fail(C, at, "'%s' is used but never defined in function '%s'", v->name, C->func->name);
    } else if (!d->visited && (!d->construct || ptrmap_get(&S->open, d->owner))) {
        if (fail(C, at, "'%s' is used before its definition", v->name))
            note(C, d->span, "'%s' is defined here", v->name);
    } else {
        if (fail(C, at, "'%s' is used outside the %s that defines it", v->name, construct_text(d->construct)))
            note(C, d->span, "'%s' is defined here", v->name);
    }
    ptrmap_put(&S->reported, v, (void *)1);
}

/* around: the span of the innermost enclosing node that has one. */
static void ssa_expr(Ssa *S, const IrExpr *e, Span around)
{
    if (!ir_is_var_like(e) && span_is_known(e->span))
        around = e->span;
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
    case EXPR_MEMREF:
        ssa_use(S, IR_AS(IrVar, e), around);
        return;
    case EXPR_BINARY:
        ssa_expr(S, IR_AS(IrBinary, e)->lhs, around);
        ssa_expr(S, IR_AS(IrBinary, e)->rhs, around);
        return;
    case EXPR_UNARY:
        ssa_expr(S, IR_AS(IrUnary, e)->operand, around);
        return;
    case EXPR_CALL:
        for (uint32_t i = 0; i < IR_AS(IrCall, e)->nargs; i++)
            ssa_expr(S, IR_AS(IrCall, e)->args[i], around);
        return;
    case EXPR_TUPLE_GET:
        ssa_expr(S, IR_AS(IrTupleGet, e)->tuple, around);
        return;
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            ssa_expr(S, IR_AS(IrMakeTuple, e)->elems[i], around);
        return;
    default:
        return;
    }
}

/* The last statement of a body if it is a yield, looking through
 * SeqStmts and scopes (which are transparent to names and values until
 * OutlineIncoreScopes, which rejects a yield directly inside a scope). */
static const IrValues *trailing_yield(const IrStmt *body)
{
    while (body && (body->kind == STMT_SEQ || body->kind == STMT_OPS || body->kind == STMT_SCOPE)) {
        const IrSeq *q;
        if (body->kind == STMT_SCOPE) {
            body = IR_AS(IrScope, body)->body;
            continue;
        }
        q = IR_AS(IrSeq, body);
        if (!q->n)
            return NULL;
        body = q->stmts[q->n - 1];
    }
    return body && body->kind == STMT_YIELD ? IR_AS(IrValues, body) : NULL;
}

static uint32_t body_open(Ssa *S, const IrStmt *body)
{
    if (body)
        ptrmap_put(&S->open, body, (void *)1);
    return S->undo.len;
}

static void body_close(Ssa *S, const IrStmt *body, uint32_t mark)
{
    while (S->undo.len > mark)
        vec_pop(S->undo)->live = 0;
    if (body)
        ptrmap_put(&S->open, body, NULL);
}

static void ssa_stmt(Ssa *S, const IrStmt *s, const IrValues *trailing);

/* A loop's or branch's yield against what receives its values (iter_args
 * or return variables): count, then each value's type. */
static void ssa_yield_matches(Ssa *S, const IrStmt *construct, const IrValues *y, const char *where_text, uint32_t n,
                              const IrVar *const *targets, const IrIterArg *const *iters)
{
    Check *C = &S->c;
    TypeText tt;
    const char *role = construct->kind != STMT_IF ? "iter_arg" : "return variable";
    const char *what = construct->kind == STMT_FOR ? "for loop" : construct->kind == STMT_WHILE ? "while loop" : "if";
    if (!y) {
        if (n)
            fail(C, construct->span, "the %s of the %s does not end with a yield of its %u %s%s", where_text, what, n,
                 role, plural(n));
        return;
    }
    if (y->n != n) {
        if (n)
            fail(C, y->s.span, "the yield gives %u value%s, but the %s has %u %s%s", y->n, plural(y->n), what, n, role,
                 plural(n));
        else
            fail(C, y->s.span, "the yield gives %u value%s, but the %s has no %ss", y->n, plural(y->n), what, role);
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        const IrVar *t = construct->kind != STMT_IF ? &iters[i]->v : targets[i];
        const IrType *vt = ir_expr_type(C->ir, y->values[i]);
        if (!verify_types_match(t->type, vt, VIEWS_IGNORED)) {
            C->stmt = &y->s;
            fail(C, use_span(y->values[i], y->s.span), "yielded value %u has type %s, but %s '%s' has type %s", i + 1,
                 ts(C, vt, tt.a), role, t->name, ts(C, t->type, tt.b));
        }
    }
}

/* A loop's return variables have its iter_args' types. */
static void ssa_loop_rets(Ssa *S, const IrStmt *loop, uint32_t n, const IrIterArg *const *iters,
                          const IrVar *const *rets)
{
    Check *C = &S->c;
    TypeText tt;
    for (uint32_t i = 0; i < n; i++)
        if (!verify_types_match(iters[i]->v.type, rets[i]->type, VIEWS_IGNORED)) {
            C->stmt = loop;
            fail(C, rets[i]->e.span, "return variable '%s' has type %s, but its iter_arg '%s' has type %s",
                 rets[i]->name, ts(C, rets[i]->type, tt.a), iters[i]->v.name, ts(C, iters[i]->v.type, tt.b));
        }
}

static void ssa_loop_body(Ssa *S, const IrStmt *loop, const IrVar *loop_var, uint32_t n, const IrIterArg *const *iters,
                          const IrVar *const *rets, const IrExpr *cond, const IrStmt *body)
{
    const IrValues *y = trailing_yield(body);
    uint32_t m;
    for (uint32_t i = 0; i < n; i++) {
        S->c.stmt = loop;
        ssa_expr(S, iters[i]->init, loop->span);
    }
    m = body_open(S, body);
    if (loop_var)
        ssa_define(S, loop_var, loop);
    for (uint32_t i = 0; i < n; i++)
        ssa_define(S, &iters[i]->v, loop);
    if (cond) {
        S->c.stmt = loop;
        ssa_expr(S, cond, loop->span);   /* a while condition sees the iter_args */
    }
    ssa_stmt(S, body, y);
    ssa_yield_matches(S, loop, y, "body", n, NULL, iters);
    ssa_loop_rets(S, loop, n, iters, rets);
    body_close(S, body, m);
    for (uint32_t i = 0; i < n; i++)
        ssa_define(S, rets[i], loop);
}

static void ssa_if(Ssa *S, const IrIf *f)
{
    const IrValues *ty = trailing_yield(f->then_body), *ey = trailing_yield(f->else_body);
    uint32_t m;
    S->c.stmt = &f->s;
    ssa_expr(S, f->cond, f->s.span);
    m = body_open(S, f->then_body);
    ssa_stmt(S, f->then_body, ty);
    ssa_yield_matches(S, &f->s, ty, "then branch", f->nret, f->ret, NULL);
    body_close(S, f->then_body, m);
    if (f->else_body) {
        m = body_open(S, f->else_body);
        ssa_stmt(S, f->else_body, ey);
        ssa_yield_matches(S, &f->s, ey, "else branch", f->nret, f->ret, NULL);
        body_close(S, f->else_body, m);
    } else if (f->nret) {
        S->c.stmt = &f->s;
        fail(&S->c, f->s.span, "the if has %u return variable%s but no else branch", f->nret, plural(f->nret));
    }
    for (uint32_t i = 0; i < f->nret; i++)
        ssa_define(S, f->ret[i], &f->s);
}

/* trailing: the yield that may end the body being walked (NULL: none may). */
static void ssa_stmt(Ssa *S, const IrStmt *s, const IrValues *trailing)
{
    if (!s)
        return;
    S->c.stmt = s;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ssa_expr(S, IR_AS(IrAssign, s)->value, s->span);
        ssa_define(S, IR_AS(IrAssign, s)->var, s);
        return;
    case STMT_EVAL:
        ssa_expr(S, IR_AS(IrEval, s)->expr, s->span);
        return;
    case STMT_YIELD:
        if (IR_AS(IrValues, s) != trailing)
            fail(&S->c, s->span, "a yield must be the last statement of a loop body or an if branch");
        /* fall through */
    case STMT_RETURN:
        for (uint32_t i = 0; i < IR_AS(IrValues, s)->n; i++)
            ssa_expr(S, IR_AS(IrValues, s)->values[i], s->span);
        return;
    case STMT_IF:
        ssa_if(S, IR_AS(IrIf, s));
        return;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        ssa_expr(S, f->start, s->span);
        ssa_expr(S, f->stop, s->span);
        ssa_expr(S, f->step, s->span);
        ssa_loop_body(S, s, f->loop_var, f->niter, f->iter_args, f->ret, NULL, f->body);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        ssa_loop_body(S, s, NULL, w->niter, w->iter_args, w->ret, w->cond, w->body);
        return;
    }
    case STMT_SCOPE: {
        const IrScopeAttrs *a = IR_AS(IrScope, s)->attrs;
        if (a && a->index)
            ssa_define(S, a->index, s);
        ssa_stmt(S, IR_AS(IrScope, s)->body, trailing);
        if (a && a->task_id)
            ssa_define(S, a->task_id, s);
        return;
    }
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            ssa_stmt(S, IR_AS(IrSeq, s)->stmts[i], trailing);
        return;
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind");
}

static void ssa_collect_function(Ssa *S, const IrFunc *f)
{
    S->c.func = f;
    for (uint32_t i = 0; i < f->nparams; i++)
        ssa_collect_def(S, f->params[i].var, f->body, NULL, NULL);
    if (!S->local)
        for (uint32_t i = 0; i < f->nret; i++)
            ssa_dyn_type(S, f->ret_types[i]);
    ssa_collect(S, f->body, f->body, NULL);
}

static void ssa_function(Ssa *S, const IrFunc *f)
{
    uint32_t m;
    if (ptrmap_get(&S->sharing, f))
        ssa_collect_function(S, f);
    S->c.func = f;
    S->c.stmt = NULL;
    m = body_open(S, f->body);
    for (uint32_t i = 0; i < f->nparams; i++)
        ssa_define(S, f->params[i].var, NULL);
    ssa_stmt(S, f->body, NULL);
    body_close(S, f->body, m);
    /* Names are per function. */
    while (S->fnames.len)
        ptrmap_put(&S->names, vec_pop(S->fnames), NULL);
}

int check_ssa(PassCtx *pc, const IrProgram *prog, int report)
{
    Ssa S;
    memset(&S, 0, sizeof S);
    check_init(&S.c, pc, prog, report);
    arena_init(&S.scratch);
    ptrmap_init(&S.sharing);
    ptrmap_init(&S.defs);
    ptrmap_init(&S.dyn);
    ptrmap_init(&S.seen_types);
    ptrmap_init(&S.open);
    ptrmap_init(&S.names);
    ptrmap_init(&S.reported);
    vec_init(S.undo);
    vec_init(S.fnames);
    for (uint32_t k = 0; k < prog->n; k++)
        ssa_collect_function(&S, prog->funcs[k]);
    S.local = 1;
    for (uint32_t k = 0; k < prog->n; k++)
        ssa_function(&S, prog->funcs[k]);
    ptrmap_free(&S.defs);
    ptrmap_free(&S.sharing);
    ptrmap_free(&S.dyn);
    ptrmap_free(&S.seen_types);
    ptrmap_free(&S.open);
    ptrmap_free(&S.names);
    ptrmap_free(&S.reported);
    vec_free(S.undo);
    vec_free(S.fnames);
    arena_free(&S.scratch);
    return S.c.ok;
}
