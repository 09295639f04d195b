/* ctrl_flow_carry.c: CtrlFlowTransform's step for a loop with
 * init_values that breaks or continues: the loop is rewritten to carry its
 * values in variables, the form the transform's flags guard.
 *
 *   for i, (a,) in pl.range(s, e, k, init_values=(a0,)):      a = a0
 *       body                                                  for i in pl.range(s, e, k):
 *       r = pl.yield_(v)                             ->           body (reading a)
 *                                                                 a = v
 *                                                             r = a
 *
 * and a pl.while_ loop the same way, its pl.cond reading the variables.
 * The assignment that stands for the yield comes after the exits, so the
 * flags guard it like any statement there: a break leaves the loop with
 * the values carried into the iteration that broke, a continue passes them
 * unchanged to the next iteration.  That is the reference's reading (its
 * CtrlFlowTransform yields the current iter_args at a break or a
 * continue; tests/ut/ir/transforms/test_ctrl_flow_transform.py).
 * ConvertToSSA then carries the variables as it carries any name a loop
 * assigns, so the loop has iter_args again.
 *
 * A variable keeps its iter_arg's name unless another variable of the
 * function, or one made here for another loop, has that name: ConvertToSSA
 * resolves uses by name, so `a = a0` before the loop would change what a
 * later use of an outer `a` (or an enclosing loop's `a`) reads, and a body
 * that binds `a` anew would change the carried value.  Then it is
 * `<name>_carried` (made unique).  A yield whose later value reads a
 * variable an earlier one assigns (`a, b = pl.yield_(b, a)`) evaluates its
 * values into temporaries first. */
#include "config.h"
#include "passes/1_front/ctrl_flow.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <stdio.h>

/* Does a variable other than `except` named `name` occur in f? */
typedef struct NameUse {
    const char *name;
    const IrVar *except;
    int found;
} NameUse;

static void def_named(void *data, const IrVar *v)
{
    NameUse *u = data;
    if (v->name == u->name && v != u->except)
        u->found = 1;
}

static int use_named(IrWalker *w, const IrExpr *e)
{
    NameUse *u = w->data;
    if (ir_is_var_like(e))
        def_named(u, IR_AS(IrVar, e));
    return !u->found;
}

static int stmt_defs_named(IrWalker *w, const IrStmt *s)
{
    NameUse *u = w->data;
    ir_stmt_defs_all(s, def_named, u);
    return !u->found;
}

static int name_taken(const IrFunc *f, const char *name, const IrVar *except)
{
    NameUse u = {name, except, 0};
    IrWalker w = {0};
    w.pre_expr = use_named;
    w.pre_stmt = stmt_defs_named;
    w.data = &u;
    for (uint32_t i = 0; i < f->nparams && !u.found; i++)
        def_named(&u, f->params[i].var);
    if (!u.found)
        ir_walk_stmt(&w, f->body);
    return u.found;
}

/* The variable that carries iter_arg a; its name joins *made. */
static const IrVar *carrier(IrCtx *ir, const IrFunc *f, const IrIterArg *a, PtrMap *made)
{
    const char *name = a->v.name;
    char buf[256];
    for (unsigned k = 1; ptrmap_get(made, name) || name_taken(f, name, &a->v); k++) {
        if (k == 1)
            snprintf(buf, sizeof buf, "%s_carried", a->v.name);
        else
            snprintf(buf, sizeof buf, "%s_carried%u", a->v.name, k);
        name = ir_name(ir, buf);
    }
    ptrmap_put(made, name, (void *)1);
    return ir_var_new(ir, name, a->v.type, a->v.e.span);
}

/* Uses of the iter_args become uses of their variables. */
typedef struct Subst {
    uint32_t n;
    const IrIterArg *const *from;
    const IrVar *const *to;
} Subst;

static const IrExpr *subst_expr(IrMutator *m, const IrExpr *e)
{
    const Subst *s = m->data;
    for (uint32_t i = 0; i < s->n; i++)
        if (e == &s->from[i]->v.e)
            return &s->to[i]->e;
    return e;
}

/* Does an expression read one of the first n variables? */
typedef struct Reads {
    const IrVar *const *vars;
    uint32_t n;
    int found;
} Reads;

static int read_one(IrWalker *w, const IrExpr *e)
{
    Reads *r = w->data;
    for (uint32_t i = 0; i < r->n; i++)
        if (e == &r->vars[i]->e)
            r->found = 1;
    return !r->found;
}

static int reads_any(const IrExpr *e, const IrVar *const *vars, uint32_t n)
{
    Reads r = {vars, n, 0};
    IrWalker w = {0};
    w.pre_expr = read_one;
    w.data = &r;
    ir_walk_expr(&w, e);
    return r.found;
}

/* The yield's values assigned to the variables, as one parallel
 * assignment. */
static void assign_yield(IrCtx *ir, const IrValues *y, const IrVar *const *vars, unsigned *ntemps, CfStmtList *out)
{
    int temps = 0;
    for (uint32_t k = 1; k < y->n && !temps; k++)
        temps = reads_any(y->values[k], vars, k);
    if (!temps) {
        for (uint32_t k = 0; k < y->n; k++)
            vec_push(*out, ir_assign(ir, vars[k], y->values[k], y->s.span));
        return;
    }
    {
        const IrVar **t = xmalloc(xmul_size(y->n, sizeof *t));
        for (uint32_t k = 0; k < y->n; k++) {
            char name[48];
            snprintf(name, sizeof name, "__next_%u", (*ntemps)++);
            t[k] = ir_var_new(ir, ir_name(ir, name), ir_expr_type(ir, y->values[k]), y->values[k]->span);
            vec_push(*out, ir_assign(ir, t[k], y->values[k], y->s.span));
        }
        for (uint32_t k = 0; k < y->n; k++)
            vec_push(*out, ir_assign(ir, vars[k], &t[k]->e, y->s.span));
        xfree(t);
    }
}

/* body with its trailing yield (however deeply its lists and scopes nest)
 * replaced by the assignments; NULL when it has none. */
static const IrStmt *replace_yield(IrCtx *ir, const IrStmt *body, const IrVar *const *vars, unsigned *ntemps)
{
    CfStmtList l;
    const IrStmt *r = NULL;
    vec_init(l);
    if (body->kind == STMT_YIELD) {
        assign_yield(ir, IR_AS(IrValues, body), vars, ntemps, &l);
        r = ir_seq(ir, STMT_SEQ, l.len, l.data, body->span);
    } else if ((body->kind == STMT_SEQ || body->kind == STMT_OPS) && IR_AS(IrSeq, body)->n) {
        const IrSeq *q = IR_AS(IrSeq, body);
        const IrStmt *last = replace_yield(ir, q->stmts[q->n - 1], vars, ntemps);
        if (last) {
            for (uint32_t i = 0; i + 1 < q->n; i++)
                vec_push(l, q->stmts[i]);
            vec_push(l, last);
            r = ir_seq(ir, STMT_SEQ, l.len, l.data, body->span);
        }
    } else if (body->kind == STMT_SCOPE) {
        const IrStmt *inner = replace_yield(ir, IR_AS(IrScope, body)->body, vars, ntemps);
        r = inner ? ir_scope_rebody(ir, body, inner) : NULL;
    }
    vec_free(l);
    return r;
}

const IrStmt *cf_carry_in_variables(IrCtx *ir, const IrFunc *func, const IrStmt *loop, const IrStmt *body,
                                    PtrMap *made, unsigned *ntemps, CfStmtList *before, CfStmtList *after)
{
    int is_for = loop->kind == STMT_FOR;
    const IrFor *f = is_for ? IR_AS(IrFor, loop) : NULL;
    const IrWhile *w = is_for ? NULL : IR_AS(IrWhile, loop);
    uint32_t n = is_for ? f->niter : w->niter;
    const IrIterArg *const *iters = is_for ? f->iter_args : w->iter_args;
    const IrVar *const *rets = is_for ? f->ret : w->ret;
    const IrVar **vars = xmalloc(xmul_size(n, sizeof *vars));
    const IrStmt *nb, *r = NULL;
    const IrExpr *cond = NULL;
    Subst sub;
    IrMutator m = {0};
    for (uint32_t i = 0; i < n; i++)
        vars[i] = carrier(ir, func, iters[i], made);
    sub.n = n;
    sub.from = iters;
    sub.to = vars;
    m.ctx = ir;
    m.expr = subst_expr;
    m.data = &sub;
    nb = ir_mutate_stmt(&m, body);
    if (!is_for)
        cond = ir_mutate_expr(&m, w->cond);
    nb = replace_yield(ir, nb, vars, ntemps);
    if (nb) {
        for (uint32_t i = 0; i < n; i++) {
            vec_push(*before, ir_assign(ir, vars[i], iters[i]->init, iters[i]->v.e.span));
            vec_push(*after, ir_assign(ir, rets[i], &vars[i]->e, rets[i]->e.span));
        }
        r = is_for ? ir_for_staged(ir_for(ir, (ForKind)loop->sub, f->loop_var, f->start, f->stop, f->step, 0, NULL,
                                          NULL, nb, loop->span),
                                   f->stage)
                   : ir_while(ir, cond, 0, NULL, NULL, nb, loop->span);
    }
    xfree(vars);
    return r;
}
