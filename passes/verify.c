/* verify.c: the IR property checkers (passes.md 3) and the Verify pass
 * (passes.md 5.4).
 *
 *  - check_ssa: every Var defined once and every name once per function;
 *    every use in scope under structured dominance (iter_args and loop
 *    variables inside their loop, definitions of a loop body or an if
 *    branch not after it); a variable defined nowhere in the function
 *    only if it is a dynamic dimension (it occurs in a type of the
 *    program); yields last in loop bodies and branches, matching their
 *    iter_args / return variables in count and type.
 *  - check_types: calls against their op's deduction or their callee's
 *    signature, assignments against their values, scalar operands of
 *    scalar operators, returns against the function's return types.
 *    Types compare by kind, dtype, shape (constant dimensions by value,
 *    symbolic ones by identity) and tile view, never by MemRef.
 *  - check_no_nested_call, check_outlined: as their properties say.
 *  - function kinds (passes.md 2, ops.md 6 and 8): InCore functions call
 *    no functions and, once ConvertTensorToBlockOps has run
 *    (PROP_BLOCK_KERNELS), hold no tensor ops; Orchestration functions
 *    hold no block or system ops.
 *
 * Each checker walks every function once and keeps its sets in PtrMaps,
 * so verification is linear in the size of the program.  With report set
 * every violation is a located error (the node's span, else its
 * statement's, else its function's); without, the checkers only answer. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ reporting */

typedef struct Check {
    IrWalker w;              /* first: walker hooks get the Check back */
    PassCtx *pc;
    IrCtx *ir;
    const IrProgram *prog;
    const IrFunc *func;      /* the function being checked */
    const IrStmt *stmt;      /* the statement being checked (for spans) */
    const IrExpr *allowed;   /* no-nested-call: the one call the statement may hold */
    int report;
    int ok;
} Check;

static void check_init(Check *C, PassCtx *pc, const IrProgram *prog, int report)
{
    memset(C, 0, sizeof *C);
    C->w.data = C;
    C->pc = pc;
    C->ir = pc->ir;
    C->prog = prog;
    C->report = report;
    C->ok = 1;
}

/* Nodes built by passes may have no span: fall back to the enclosing
 * statement, then to the function. */
static Span where(const Check *C, Span s)
{
    if (span_is_known(s))
        return s;
    if (C->stmt && span_is_known(C->stmt->span))
        return C->stmt->span;
    return C->func ? C->func->span : span_unknown();
}

static int fail(Check *C, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(Check *C, Span at, const char *fmt, ...)
{
    va_list ap;
    C->ok = 0;
    if (!C->report)
        return 0;
    va_start(ap, fmt);
    diag_verror(C->pc->diag, where(C, at), fmt, ap);
    va_end(ap);
    return 1;
}

static void note(Check *C, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(Check *C, Span at, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    if (!C->report)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_note(C->pc->diag, at, "%s", buf);
}

static const char *plural(uint32_t n) { return n == 1 ? "" : "s"; }

/* Where an operand is shown: a variable has no node of its own at a use
 * (its span is its definition's), so it is shown at what encloses it. */
static Span use_span(const IrExpr *e, Span around)
{
    return ir_is_var_like(e) || !span_is_known(e->span) ? around : e->span;
}

typedef struct TypeText {
    char a[256], b[256];
} TypeText;

static const char *ts(Check *C, const IrType *t, char *buf) { return type_to_string(C->ir, t, buf, 256); }

/* How a call's callee is named in messages. */
static const char *callee_text(const IrCall *c, char *buf, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    if (op)
        return op_printed_name(op, buf, cap);
    snprintf(buf, cap, "%s", c->callee->name);
    return buf;
}

/* ------------------------------------------------------- type comparison */

/* Equal expressions in types: by value when constant, else structurally
 * with variables and calls by identity (as the reference compares
 * symbolic dimensions). */
static int exprs_equal(const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    int ca, cb;
    if (a == b)
        return 1;
    ca = ir_dim_value(a, &x);
    cb = ir_dim_value(b, &y);
    if (ca || cb)
        return ca && cb && x == y;
    if (a->kind != b->kind || a->op != b->op || a->dtype != b->dtype)
        return 0;
    switch ((IrExprKind)a->kind) {
    case EXPR_CONST_FLOAT:
        return IR_AS(IrConstFloat, a)->value == IR_AS(IrConstFloat, b)->value;
    case EXPR_CONST_BOOL:
        return 1;
    case EXPR_BINARY:
        return exprs_equal(IR_AS(IrBinary, a)->lhs, IR_AS(IrBinary, b)->lhs) &&
               exprs_equal(IR_AS(IrBinary, a)->rhs, IR_AS(IrBinary, b)->rhs);
    case EXPR_UNARY:
        return exprs_equal(IR_AS(IrUnary, a)->operand, IR_AS(IrUnary, b)->operand);
    case EXPR_TUPLE_GET:
        return IR_AS(IrTupleGet, a)->index == IR_AS(IrTupleGet, b)->index &&
               exprs_equal(IR_AS(IrTupleGet, a)->tuple, IR_AS(IrTupleGet, b)->tuple);
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *p = IR_AS(IrMakeTuple, a), *q = IR_AS(IrMakeTuple, b);
        if (p->n != q->n)
            return 0;
        for (uint32_t i = 0; i < p->n; i++)
            if (!exprs_equal(p->elems[i], q->elems[i]))
                return 0;
        return 1;
    }
    default:
        return 0;
    }
}

static int expr_lists_equal(uint32_t n, const IrExpr *const *a, const IrExpr *const *b)
{
    for (uint32_t i = 0; i < n; i++)
        if (!exprs_equal(a[i], b[i]))
            return 0;
    return 1;
}

static int tile_views_equal(const IrTileView *a, const IrTileView *b)
{
    if (a == b)
        return 1;
    if (!a || !b)
        return 0;
    if (a->nvalid != b->nvalid || a->nstride != b->nstride || a->blayout != b->blayout ||
        a->slayout != b->slayout || a->fractal != b->fractal || a->pad != b->pad)
        return 0;
    if (!expr_lists_equal(a->nvalid, a->valid_shape, b->valid_shape) ||
        !expr_lists_equal(a->nstride, a->stride, b->stride))
        return 0;
    if (!a->start_offset || !b->start_offset)
        return a->start_offset == b->start_offset;
    return exprs_equal(a->start_offset, b->start_offset);
}

/* How tile views take part in a comparison.  MemRefs never do: they are
 * storage, not type. */
typedef enum ViewRule {
    VIEWS_IGNORED,      /* yields (passes.md 3: kind, dtype, shape) */
    VIEWS_EQUAL,        /* a call and its deduction */
    VIEWS_OF_VALUE,     /* a variable may carry a view its value lacks (printed memory plans) */
} ViewRule;

/* Kind, dtype, shape (constant dimensions by value) and tile view. */
static int types_match(const IrType *var, const IrType *value, ViewRule views)
{
    if (var == value)
        return 1;
    if (var->kind != value->kind)
        return 0;
    switch ((IrTypeKind)var->kind) {
    case TYPE_TENSOR:
    case TYPE_TILE:
        if (var->dtype != value->dtype || var->n != value->n || !expr_lists_equal(var->n, var->dims, value->dims))
            return 0;
        if (var->kind == TYPE_TILE && views != VIEWS_IGNORED && (views == VIEWS_EQUAL || value->tile_view))
            return tile_views_equal(var->tile_view, value->tile_view);
        return 1;
    case TYPE_TUPLE:
        if (var->n != value->n)
            return 0;
        for (uint32_t i = 0; i < var->n; i++)
            if (!types_match(var->elems[i], value->elems[i], views))
                return 0;
        return 1;
    default:
        return ir_type_compatible(var, value, DIMS_EXACT);
    }
}

/* A tensor's element count when its shape is static. */
static int static_elements(const IrType *t, uint64_t *n)
{
    int64_t d;
    *n = 1;
    for (uint32_t i = 0; i < t->n; i++)
        if (!ir_dim_value(t->dims[i], &d) || d < 0 || __builtin_mul_overflow(*n, (uint64_t)d, n))
            return 0;
    return 1;
}

/* An argument for a parameter: compatible types, or (-Wargument-shape) a
 * tensor of the parameter's dtype and another static shape with at least
 * as many elements, of which the callee sees the leading ones. */
static int arg_acceptable(const IrType *a, const IrType *p)
{
    uint64_t have, need;
    if (ir_type_compatible(a, p, DIMS_ANY))
        return 1;
    return a->kind == TYPE_TENSOR && p->kind == TYPE_TENSOR && a->dtype == p->dtype && static_elements(a, &have) &&
           static_elements(p, &need) && have >= need;
}

/* A returned value for a declared type: compatible types, or a tensor of
 * the declared dtype and another shape (-Wannotation: return types are
 * annotations, and a kernel call's result has the kernel's return type
 * although it names the caller's argument). */
static int return_acceptable(const IrType *v, const IrType *r)
{
    return ir_type_compatible(v, r, DIMS_ANY) || (v->kind == TYPE_TENSOR && r->kind == TYPE_TENSOR && v->dtype == r->dtype);
}

/* ------------------------------------------------------------------ SSA */

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
    if (t->tensor_view)
        for (uint32_t i = 0; i < t->tensor_view->nstride; i++)
            ssa_dyn_expr(S, t->tensor_view->stride[i]);
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
    case STMT_SCOPE:
        /* Scopes are transparent to names. */
        ssa_collect(S, IR_AS(IrScope, s)->body, owner, construct);
        return;
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
        if (!types_match(t->type, vt, VIEWS_IGNORED)) {
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
        if (!types_match(iters[i]->v.type, rets[i]->type, VIEWS_IGNORED)) {
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
    case STMT_SCOPE:
        ssa_stmt(S, IR_AS(IrScope, s)->body, trailing);
        return;
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            ssa_stmt(S, IR_AS(IrSeq, s)->stmts[i], trailing);
        return;
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

/* ---------------------------------------------------------------- types */

static void types_op_call(Check *C, const IrCall *c, const OpDef *op)
{
    OpError err;
    TypeText tt;
    char name[128];
    const IrType *t = op_deduce(C->ir, op, c->args, c->nargs, c->kwargs, c->nkwargs, &err);
    op_printed_name(op, name, sizeof name);
    if (!t) {
        Span at = err.arg >= 0 && (uint32_t)err.arg < c->nargs ? use_span(c->args[err.arg], c->e.span) : c->e.span;
        fail(C, at, "the call of '%s' does not type-check: %s", name, err.msg);
    } else if (!types_match(c->type, t, VIEWS_EQUAL)) {
        fail(C, c->e.span, "the call of '%s' has type %s, but its arguments give %s", name, ts(C, c->type, tt.a),
             ts(C, t, tt.b));
    }
}

static void types_global_call(Check *C, const IrCall *c)
{
    TypeText tt;
    const IrFunc *g = ir_program_find(C->prog, c->callee->name);
    const IrType *ret;
    if (!g) {
        fail(C, c->e.span, "call of '%s', which is not a function of the program", c->callee->name);
        return;
    }
    if (c->nargs != g->nparams) {
        if (fail(C, c->e.span, "function '%s' takes %u argument%s, but the call passes %u", g->name, g->nparams,
                 plural(g->nparams), c->nargs))
            note(C, g->span, "'%s' is defined here", g->name);
    } else {
        for (uint32_t i = 0; i < c->nargs; i++) {
            const IrType *at = ir_expr_type(C->ir, c->args[i]), *pt = g->params[i].var->type;
            if (!arg_acceptable(at, pt))
                fail(C, use_span(c->args[i], c->e.span),
                     "argument %u of the call of '%s' has type %s, but parameter '%s' has type %s", i + 1, g->name,
                     ts(C, at, tt.a), g->params[i].var->name, ts(C, pt, tt.b));
        }
    }
    ret = g->nret == 0   ? ir_type_unknown(C->ir)
          : g->nret == 1 ? g->ret_types[0]
                         : ir_type_tuple(C->ir, g->nret, g->ret_types);
    if (!types_match(c->type, ret, VIEWS_EQUAL))
        fail(C, c->e.span, "the call of '%s' has type %s, but the function returns %s", g->name, ts(C, c->type, tt.a),
             ts(C, ret, tt.b));
}

static int types_expr(IrWalker *w, const IrExpr *e)
{
    Check *C = w->data;
    TypeText tt;
    switch ((IrExprKind)e->kind) {
    case EXPR_BINARY: {
        const IrBinary *b = IR_AS(IrBinary, e);
        const IrExpr *side[2] = {b->lhs, b->rhs};
        for (int i = 0; i < 2; i++) {
            const IrType *t = ir_expr_type(C->ir, side[i]);
            if (t->kind != TYPE_SCALAR)
                fail(C, use_span(side[i], e->span), "operand of '%s' must be a scalar, got %s",
                     ir_binary_symbol((IrBinaryOp)e->op), ts(C, t, tt.a));
        }
        break;
    }
    case EXPR_UNARY: {
        const IrType *t = ir_expr_type(C->ir, IR_AS(IrUnary, e)->operand);
        if (t->kind != TYPE_SCALAR)
            fail(C, e->span, "operand of %s must be a scalar, got %s", ir_unary_name((IrUnaryOp)e->op), ts(C, t, tt.a));
        break;
    }
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        const OpDef *op = callee_op(c->callee);
        if (op)
            types_op_call(C, c, op);
        else if (c->callee->kind == CALLEE_GLOBAL)
            types_global_call(C, c);
        break;
    }
    default:
        break;
    }
    return 1;
}

static int types_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    TypeText tt;
    C->stmt = s;
    if (s->kind == STMT_ASSIGN) {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrType *vt = ir_expr_type(C->ir, a->value);
        if (!types_match(a->var->type, vt, VIEWS_OF_VALUE))
            fail(C, s->span, "'%s' has type %s, but its value has type %s", a->var->name, ts(C, a->var->type, tt.a),
                 ts(C, vt, tt.b));
    } else if (s->kind == STMT_RETURN) {
        const IrValues *r = IR_AS(IrValues, s);
        const IrFunc *f = C->func;
        if (r->n != f->nret) {
            fail(C, s->span, "the return gives %u value%s, but function '%s' returns %u", r->n, plural(r->n), f->name,
                 f->nret);
        } else {
            for (uint32_t i = 0; i < r->n; i++) {
                const IrType *t = ir_expr_type(C->ir, r->values[i]);
                if (!return_acceptable(t, f->ret_types[i]))
                    fail(C, use_span(r->values[i], s->span),
                         "the returned value has type %s, but function '%s' returns %s",
                         ts(C, t, tt.a), f->name, ts(C, f->ret_types[i], tt.b));
            }
        }
    }
    return 1;
}

/* Runs a walker over every function, keeping C->func current. */
static int walk_program(Check *C)
{
    for (uint32_t k = 0; k < C->prog->n; k++) {
        C->func = C->prog->funcs[k];
        C->stmt = NULL;
        ir_walk_func(&C->w, C->func);
    }
    return C->ok;
}

int check_types(PassCtx *pc, const IrProgram *prog, int report)
{
    Check C;
    check_init(&C, pc, prog, report);
    C.w.pre_stmt = types_stmt;
    C.w.pre_expr = types_expr;
    return walk_program(&C);
}

/* ------------------------------------------------------- nested calls */

static int flat_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    C->stmt = s;
    C->allowed = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value
                 : s->kind == STMT_EVAL ? IR_AS(IrEval, s)->expr
                                        : NULL;
    return 1;
}

static int flat_expr(IrWalker *w, const IrExpr *e)
{
    Check *C = w->data;
    char name[128];
    if (e->kind == EXPR_CALL && e != C->allowed)
        fail(C, e->span, "the call of '%s' is nested in another expression; a call must be the whole value of an "
                         "assignment or an expression statement",
             callee_text(IR_AS(IrCall, e), name, sizeof name));
    return 1;
}

int check_no_nested_call(PassCtx *pc, const IrProgram *prog, int report)
{
    Check C;
    check_init(&C, pc, prog, report);
    C.w.pre_stmt = flat_stmt;
    C.w.pre_expr = flat_expr;
    return walk_program(&C);
}

/* ------------------------------------------------------------ outlined */

static int outlined_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    C->stmt = s;
    if (s->kind == STMT_SCOPE)
    {
        if (C->func->type == FUNC_INCORE)
            fail(C, s->span, "'with pl.incore():' scope in InCore function '%s' (the whole function already runs "
                             "on the core; remove the scope)", C->func->name);
        else
            fail(C, s->span, "function '%s' still contains a 'with pl.incore():' scope", C->func->name);
    }
    return 1;
}

int check_outlined(PassCtx *pc, const IrProgram *prog, int report)
{
    Check C;
    check_init(&C, pc, prog, report);
    C.w.pre_stmt = outlined_stmt;
    return walk_program(&C);
}

/* ------------------------------------------------------- function kinds */

static int kinds_stmt(IrWalker *w, const IrStmt *s)
{
    ((Check *)w->data)->stmt = s;
    return 1;
}

static int kinds_expr(IrWalker *w, const IrExpr *e)
{
    Check *C = w->data;
    const IrCall *c;
    const OpDef *op;
    char name[128];
    if (e->kind != EXPR_CALL)
        return 1;
    c = IR_AS(IrCall, e);
    op = callee_op(c->callee);
    if (C->func->type == FUNC_INCORE) {
        if (op && op->category == OPC_TENSOR && (C->pc->props & PROP_BLOCK_KERNELS))
            fail(C, e->span, "tensor op '%s' in InCore function '%s' (InCore functions use block and system ops)",
                 op_printed_name(op, name, sizeof name), C->func->name);
        else if (c->callee->kind == CALLEE_GLOBAL)
            fail(C, e->span, "InCore function '%s' calls function '%s' (only Orchestration and Opaque functions call "
                             "functions)",
                 C->func->name, c->callee->name);
    } else if (C->func->type == FUNC_ORCHESTRATION && op && op->category != OPC_TENSOR) {
        fail(C, e->span, "%s op '%s' in Orchestration function '%s' (%s ops belong in InCore functions)",
             op->category == OPC_BLOCK ? "block" : "system", op_printed_name(op, name, sizeof name), C->func->name,
             op->category == OPC_BLOCK ? "block" : "system");
    }
    return 1;
}

/* The first call of a kernel on the M pipe and the first on V. */
typedef struct PipeScan {
    const IrCall *cube, *vector;
} PipeScan;

static int pipes_expr(IrWalker *w, const IrExpr *e)
{
    PipeScan *P = w->data;
    int pipe;
    if (e->kind != EXPR_CALL)
        return 1;
    pipe = ir_call_pipe(IR_AS(IrCall, e));
    if (pipe == PIPE_M && !P->cube)
        P->cube = IR_AS(IrCall, e);
    else if (pipe == PIPE_V && !P->vector)
        P->vector = IR_AS(IrCall, e);
    return 1;
}

/* A kernel runs on one core, a cube (AIC) or a vector (AIV) core: it may
 * use the M pipe or the V pipe, not both (ops.md 8, passes.md 2). */
static void check_mixed_kernel(Check *C, const IrFunc *f)
{
    PipeScan P;
    IrWalker w;
    char name[128];
    if (ir_kernel_kind(f) != KERNEL_MIXED)
        return;
    memset(&P, 0, sizeof P);
    memset(&w, 0, sizeof w);
    w.pre_expr = pipes_expr;
    w.data = &P;
    ir_walk_func(&w, f);
    if (!fail(C, f->span, "kernel '%s' contains both Matrix (M) and Vector (V) pipe types; split it into a cube and a "
                          "vector kernel",
              f->name))
        return;
    if (P.cube)
        note(C, P.cube->e.span, "'%s' runs on the matrix pipe",
             op_printed_name(callee_op(P.cube->callee), name, sizeof name));
    if (P.vector)
        note(C, P.vector->e.span, "'%s' runs on the vector pipe",
             op_printed_name(callee_op(P.vector->callee), name, sizeof name));
}

static int check_kinds(PassCtx *pc, const IrProgram *prog, int report)
{
    Check C;
    check_init(&C, pc, prog, report);
    C.w.pre_stmt = kinds_stmt;
    C.w.pre_expr = kinds_expr;
    walk_program(&C);
    for (uint32_t k = 0; k < prog->n; k++) {
        C.func = prog->funcs[k];
        C.stmt = NULL;
        check_mixed_kernel(&C, prog->funcs[k]);
    }
    return C.ok;
}

/* ------------------------------------------------------------------ pass */

/* Every check that applies under the known properties. */
static int verify_all(PassCtx *pc, const IrProgram *prog, int report)
{
    int ok = 1;
    if (pc->props & PROP_SSA)
        ok &= check_ssa(pc, prog, report);
    ok &= check_types(pc, prog, report);
    if (pc->props & PROP_NO_NESTED_CALL)
        ok &= check_no_nested_call(pc, prog, report);
    if (pc->props & PROP_OUTLINED)
        ok &= check_outlined(pc, prog, report);
    ok &= check_kinds(pc, prog, report);
    if (pc->props & PROP_LEGAL)
        ok &= check_legal(pc, prog, report);
    return ok;
}

int pass_well_formed(PassCtx *pc, const IrProgram *prog) { return verify_all(pc, prog, 0); }

const IrProgram *pass_verify(PassCtx *pc, const IrProgram *prog)
{
    unsigned errors = pc->diag->errors;
    int ok = verify_all(pc, prog, 1);
    return ok && pc->diag->errors == errors ? prog : NULL;
}
