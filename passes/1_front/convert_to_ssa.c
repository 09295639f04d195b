/* convert_to_ssa.c: ConvertToSSA (passes.md 5.1).
 *
 * Every definition gets a unique versioned name `<name>_<n>` (one counter
 * per source name per function, from 0; parameters first).  Uses are
 * resolved by name to the current version, as the language scopes names
 * per function.  Values that flow around loops become iter_args
 * (`<name>_iter_<n>`) with return variables (`<name>_<n>`); values that
 * differ between the branches of an if become its return variables (phis)
 * with yields in both branches (an else is synthesised when missing).
 * Explicit SSA constructs are kept: explicit iter_args and their `_out`
 * return variables keep their names, except that a name an earlier explicit
 * construct of the function already kept is versioned like any other (two
 * loops that both carry `(acc,)`), so every name stays unique.
 *
 * A name first defined inside a loop body and used after the loop has,
 * as in Python, the value of the last iteration: the loop carries it out
 * as one more iter_arg.  Its initial value is only read when the loop
 * runs zero times, so the loop carries it when it is known to run at
 * least once (constant bounds), its initial value then being a
 * placeholder (passes/1_front/ssa_escape.c), or when the value is another name of
 * a tensor the loop leaves unchanged (a store's result is its output
 * tensor), which is then its initial value.  Otherwise a use after the
 * loop is an error that says why.  The uses after a loop are only known
 * once the rest of the function is converted: a use that finds such a
 * name records it with its loop, and the function is converted again,
 * which carries it (once more per loop nesting level it escapes).
 *
 * pyptocc rules beyond the reference: a name first defined in only one
 * branch of an if is not visible after it (using it there is an error
 * with both locations, instead of IR whose use is not dominated by its
 * definition), unless it is another name of a tensor that the other
 * branch leaves as it was (a store's result is its output tensor: what
 * follows a `break` joins the other branch, CtrlFlowTransform): a use
 * after the if then makes it a phi, the other branch giving that tensor
 * (found as a loop's escapes are, keyed by the if); a name defined in
 * both branches of an if but not before it becomes a phi. */
#include "config.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "passes/1_front/ssa_escape.h"
#include "passes/3_verify/verify.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

#include "passes/1_front/ssa_state.h"

/* ------------------------------------------------------- expressions */

static const IrExpr *rw_expr(Ssa *S, const IrExpr *e);

static const IrExpr *rw_operand(void *S, const IrExpr *e);

/* A type with its symbolic dimensions (and view expressions) rewritten
 * to the current versions. */
static const IrType *rw_any_type(Ssa *S, const IrType *t) { return ir_type_map_exprs(S->ir, t, rw_operand, S); }

static const IrExpr *rw_var(Ssa *S, const IrVar *v)
{
    const IrVar *c;
    Gone *g;
    if (v->e.kind == EXPR_MEMREF)
        return &v->e;
    c = ssa_current(S, v->name);
    if (c && (g = ptrmap_get(&S->stale, v->name))) {
        /* A loop variable after its loop: the value of the last iteration. */
        ssa_add_escape(S, g, v->name);
        ptrmap_put(&S->stale, v->name, NULL);
        S->failed = 1;
    }
    if (c)
        return &c->e;
    g = ptrmap_get(&S->gone, v->name);
    if (g) {
        if (g->loop && !g->why) {
            ssa_add_escape(S, g, v->name);
        } else {
            Pending p;
            p.at = S->at;
            p.name = v->name;
            p.g = *g;
            vec_push(S->pending, p);
        }
        ptrmap_put(&S->gone, v->name, NULL);   /* once per name */
        S->failed = 1;
    }
    return &v->e;   /* a free variable: a dynamic dimension */
}

static const IrExpr **rw_list(Ssa *S, uint32_t n, const IrExpr *const *in, int *changed)
{
    const IrExpr **out = xmalloc(xmul_size(n ? n : 1, sizeof *out));
    for (uint32_t i = 0; i < n; i++) {
        out[i] = rw_expr(S, in[i]);
        *changed |= out[i] != in[i];
    }
    return out;
}

static const IrExpr *rw_operand(void *S, const IrExpr *e) { return rw_expr(S, e); }

static const IrExpr *rw_expr(Ssa *S, const IrExpr *e)
{
    if (ir_is_var_like(e))
        return rw_var(S, IR_AS(IrVar, e));
    e = ir_expr_map_operands(S->ir, e, rw_operand, S);
    if (e->kind == EXPR_CALL) {
        /* A call's type may name variables (dynamic dimensions). */
        const IrCall *c = IR_AS(IrCall, e);
        const IrType *t = rw_any_type(S, c->type);
        if (t != c->type)
            e = ir_call(S->ir, c->callee, c->nargs, c->args, c->nkwargs, c->kwargs, t, e->span);
    }
    return e;
}

/* A new version of name with the given type. */
static IrVar *new_version(Ssa *S, const char *name, const IrType *type, Span span)
{
    return ir_var_new(S->ir, ssa_versioned(S, name, "_"), type, span);
}

/* ---------------------------------------------------------- statements */

static void convert_stmt(Ssa *S, const IrStmt *s, StmtList *out);

static void convert_list(Ssa *S, const IrStmt *body, StmtList *out)
{
    if (!body)
        return;
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, body);
        for (uint32_t i = 0; i < q->n; i++)
            convert_stmt(S, q->stmts[i], out);
        return;
    }
    convert_stmt(S, body, out);
}

/* Convert a body, leaving out its trailing yield (returned separately). */
static const IrValues *convert_body(Ssa *S, const IrStmt *body, StmtList *out)
{
    const IrValues *y = ir_body_yield(body);
    if (!body)
        return NULL;
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        /* All statements but the trailing yield, however deeply nested. */
        const IrSeq *q = IR_AS(IrSeq, body);
        for (uint32_t i = 0; i < q->n; i++) {
            if (i + 1 == q->n && y) {
                const IrStmt *last = q->stmts[i];
                if (&y->s != last) {
                    /* nested SeqStmts ending in the yield */
                    convert_body(S, last, out);
                }
                continue;
            }
            convert_stmt(S, q->stmts[i], out);
        }
        return y;
    }
    if (!y)
        convert_stmt(S, body, out);
    return y;
}

static const IrStmt *seq_of(Ssa *S, StmtList *l, Span span)
{
    const IrStmt *s = ir_seq(S->ir, STMT_SEQ, l->len, l->data, span);
    vec_free(*l);
    return s;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* Loop-carried names of a loop body: defined in it, with a version before
 * the loop, excluding the loop variable and the explicit iter_args; sorted
 * byte-wise. */
static void carried_names(Ssa *S, const IrStmt *body, const char *loop_var, uint32_t niter,
                          const IrIterArg *const *explicit_iters, NameList *out)
{
    NameList all;
    vec_init(all);
    ssa_defined_names(body, &all);
    for (uint32_t i = 0; i < all.len; i++) {
        const char *n = all.data[i];
        int excluded = loop_var && n == loop_var;
        for (uint32_t k = 0; k < niter && !excluded; k++)
            excluded = explicit_iters[k]->v.name == n;
        if (!excluded && ssa_current(S, n))
            vec_push(*out, n);
    }
    if (out->len > 1)
        qsort(out->data, out->len, sizeof *out->data, cmp_names);
    vec_free(all);
}

/* The version name had before mark m. */
static const IrVar *version_before(Ssa *S, uint32_t m, const char *name)
{
    for (uint32_t k = m; k < S->undo.len; k++)
        if (S->undo.data[k].name == name)
            return S->undo.data[k].old;
    return ssa_current(S, name);
}

/* After a loop body: names first defined inside it are not visible after,
 * unless a use after the loop makes the loop carry them (rw_var), which
 * the Gone record says it can or why not.  The first undo entry of a name
 * after mark m holds its version before the body (NULL: it had none); the
 * body's variables have ids from first_id. */
static void hide_body_names(Ssa *S, uint32_t m, const NameList *carried, const IrStmt *loop, const char *what,
                            const char *skip_why, uint32_t first_id)
{
    PtrMap seen;
    ptrmap_init(&seen);
    for (uint32_t i = 0; i < carried->len; i++)
        ptrmap_put(&seen, carried->data[i], (void *)1);
    for (uint32_t k = m; k < S->undo.len; k++) {
        const char *n = S->undo.data[k].name;
        const IrVar *inside;
        const SsaOrigin *o;
        Gone *g;
        if (ptrmap_get(&seen, n))
            continue;
        ptrmap_put(&seen, n, (void *)1);
        inside = ssa_current(S, n);
        if (S->undo.data[k].old || !inside)
            continue;
        g = ssa_mark_gone(S, n, inside->e.span, loop->span, what);
        g->loop = loop;
        if ((o = ptrmap_get(&S->origin, inside)))
            g->origin = *o;
        if (g->origin.alias) {
            /* Another name of a tensor the loop leaves as it was. */
            const IrVar *a = version_before(S, m, g->origin.alias);
            if (!a || a != ssa_current(S, g->origin.alias) || a->type->kind != TYPE_TENSOR)
                g->origin.alias = NULL;
        }
        if (g->origin.alias)
            g->why = NULL;
        else if (skip_why) {
            g->why = skip_why;
            g->skip = strncmp(skip_why, "runs zero", 9) == 0 ? 2 : 1;
        }
        else if (!g->origin.src_type)
            g->why = "its value cannot be given a placeholder before the loop";
        else
            g->why = ssa_placeholder_problem(S->ir, inside->type, g->origin.space, first_id);
    }
    ptrmap_free(&seen);
}

static const Escape *find_escape(Ssa *S, const IrStmt *loop, const char *name)
{
    for (const Escape *e = ssa_escapes_of(S, loop); e; e = e->next)
        if (e->name == name)
            return e;
    return NULL;
}

/* The iter_arg of a name the loop carries out although only its body
 * defines it: it starts as the tensor it is another name of, or as a
 * placeholder (assigned before the loop when it is not a constant). */
static const IrIterArg *escape_iter_arg(Ssa *S, const IrStmt *loop, const Escape *e, StmtList *before)
{
    const IrVar *a = e->origin.alias ? ssa_current(S, e->origin.alias) : NULL;
    const IrExpr *init;
    if (a) {
        init = &a->e;
    } else {
        init = ssa_placeholder(S->ir, rw_any_type(S, e->origin.src_type), e->origin.space, loop->span);
        if (init->kind == EXPR_CALL) {
            IrVar *pv = new_version(S, e->name, ir_expr_type(S->ir, init), loop->span);
            vec_push(*before, ir_assign(S->ir, pv, init, loop->span));
            init = &pv->e;
        }
    }
    return ir_iter_arg_new(S->ir, ssa_versioned(S, e->name, "_iter_"),
                           ir_expr_type(S->ir, init), init, loop->span);
}

/* The loop part shared by for and while: iter_args (explicit ones first,
 * then loop-carried), the converted body with its combined yield, and the
 * return variables.  Before: explicit init values are already rewritten. */
typedef struct LoopParts {
    VEC(const IrIterArg *) iters;
    VEC(const IrVar *) rets;
    const IrStmt *body;
    const IrExpr *cond;          /* while: rewritten with the iter_args */
} LoopParts;

/* A loop carries, and an if gives, one variable for name n: the value
 * `got` (defined in a body or a branch) must have the type of `want` (its
 * value before the loop, or after the then-branch), as Verify will check
 * of the yield this pass writes.  Annotations that the values did not
 * match (-Wannotation) can make them differ: reported here, at got's
 * definition, as the user's mistake it is. */
static void same_carried_type(Ssa *S, const char *n, const IrVar *want, const IrVar *got, const char *where,
                             const char *before)
{
    char a[256], b[256];
    if (!verify_types_match(want->type, got->type, VIEWS_IGNORED))
        diag_error(S->pc->diag, got->e.span, "'%s' has type %s %s but %s %s, and one variable cannot have both", n,
                   type_to_string(S->ir, got->type, a, sizeof a), where,
                   type_to_string(S->ir, want->type, b, sizeof b), before);
}

static void convert_loop(Ssa *S, const IrStmt *s, const IrVar *loop_var_old, IrVar *loop_var_new, uint32_t nexplicit,
                         const IrIterArg *const *explicit_iters, const IrVar *const *explicit_rets,
                         const IrExpr *cond, const IrStmt *body, LoopParts *lp, const char *what,
                         const char *skip_why, StmtList *pre)
{
    NameList carried;
    uint32_t m, first_id = loop_var_new ? loop_var_new->id : S->ir->next_var_id;
    StmtList out;
    const IrValues *y;
    VEC(const IrExpr *) yvals;
    vec_init(carried);
    vec_init(out);
    vec_init(yvals);
    vec_init(lp->iters);
    vec_init(lp->rets);
    carried_names(S, body, loop_var_old ? loop_var_old->name : NULL, nexplicit, explicit_iters, &carried);
    /* Names a use after the loop showed to escape it (sorted with the
     * others), unless now defined before it (an enclosing loop carries them). */
    for (const Escape *e = ssa_escapes_of(S, s); e; e = e->next)
        if (!ssa_current(S, e->name) || (loop_var_old && e->name == loop_var_old->name))
            vec_push(carried, e->name);
    if (carried.len > 1)
        qsort(carried.data, carried.len, sizeof *carried.data, cmp_names);

    /* Explicit iter_args keep their names; their init values are rewritten. */
    for (uint32_t i = 0; i < nexplicit; i++) {
        const IrIterArg *a = explicit_iters[i];
        const IrExpr *init = rw_expr(S, a->init);
        IrIterArg *ia = ir_iter_arg_new(S->ir, ssa_explicit_name(S, a->v.name), rw_any_type(S, a->v.type), init,
                                        a->v.e.span);
        ssa_copy_origin(S, &ia->v, init);
        vec_push(lp->iters, ia);
    }
    /* Loop-carried names: iter_arg <name>_iter_<n>, return variable <name>_<n+1>. */
    for (uint32_t i = 0; i < carried.len; i++) {
        const char *n = carried.data[i];
        const IrVar *before = ssa_current(S, n);
        int is_loop_var = loop_var_old && n == loop_var_old->name;
        const Escape *e = before && !is_loop_var ? NULL : find_escape(S, s, n);
        const IrIterArg *ia;
        IrVar *r;
        if (e && before) {
            /* The loop variable keeps its value when the loop runs zero
             * times (converted to the loop variable's dtype). */
            const IrType *lt = loop_var_new->type;
            const IrExpr *init = before->type == lt ? &before->e
                                                    : ir_unary(S->ir, UN_CAST, (DataType)lt->dtype, &before->e,
                                                               before->e.span);
            ia = ir_iter_arg_new(S->ir, ssa_versioned(S, n, "_iter_"), lt, init,
                                 before->e.span);
            r = new_version(S, n, lt, before->e.span);
        } else if (e) {
            ia = escape_iter_arg(S, s, e, pre);
            r = new_version(S, n, ia->v.type, s->span);
            ssa_set_origin(S, r, e->origin.src_type, e->origin.space, e->origin.alias);
        } else {
            ia = ir_iter_arg_new(S->ir, ssa_versioned(S, n, "_iter_"), before->type,
                                 &before->e, before->e.span);
            r = new_version(S, n, before->type, before->e.span);
            ssa_copy_origin(S, r, &before->e);
        }
        vec_push(lp->iters, ia);
        vec_push(lp->rets, r);
    }
    m = ssa_mark(S);
    if (loop_var_new)
        ssa_set_current(S, loop_var_old->name, loop_var_new);
    for (uint32_t i = 0; i < lp->iters.len; i++) {
        const IrIterArg *ia = lp->iters.data[i];
        const char *n = i < nexplicit ? explicit_iters[i]->v.name : carried.data[i - nexplicit];
        if (loop_var_old && n == loop_var_old->name)
            continue;   /* the loop variable carried out: its iter_arg is only the value after the loop */
        ssa_set_current(S, n, &ia->v);
    }
    lp->cond = cond ? rw_expr(S, cond) : NULL;
    y = convert_body(S, body, &out);
    if (y)
        for (uint32_t i = 0; i < y->n; i++)
            vec_push(yvals, rw_expr(S, y->values[i]));
    if (y && y->n != nexplicit)
        ICE("loop yields %u values for %u explicit iter_args", y->n, nexplicit);
    for (uint32_t i = 0; i < carried.len; i++) {
        const IrVar *last = ssa_current(S, carried.data[i]);
        if (!last)
            ICE("'%s' escapes its loop but has no value at the end of the body", carried.data[i]);
        if (last != &lp->iters.data[nexplicit + i]->v)
            same_carried_type(S, carried.data[i], &lp->iters.data[nexplicit + i]->v, last, "at the end of the loop body",
                              "before the loop");
        vec_push(yvals, &last->e);
    }
    if (yvals.len)
        vec_push(out, ir_yield(S->ir, yvals.len, yvals.data, y ? y->s.span : s->span));
    lp->body = seq_of(S, &out, body ? body->span : s->span);
    hide_body_names(S, m, &carried, s, what, skip_why, first_id);
    ssa_restore(S, m);
    if (loop_var_old && ssa_current(S, loop_var_old->name) && ssa_current(S, loop_var_old->name)->type->kind == TYPE_SCALAR &&
        !find_escape(S, s, loop_var_old->name)) {
        Gone *g = arena_zalloc(S->arena, sizeof *g);
        g->loop = s;
        ptrmap_put(&S->stale, loop_var_old->name, g);
    }
    /* Explicit return variables keep their names; carried names now mean
     * their return variables. */
    {
        VEC(const IrVar *) rets;
        vec_init(rets);
        for (uint32_t i = 0; i < nexplicit; i++) {
            const IrVar *r = explicit_rets[i];
            IrVar *nr = ir_var_new(S->ir, ssa_explicit_name(S, r->name), rw_any_type(S, r->type), r->e.span);
            const SsaOrigin *io = ptrmap_get(&S->origin, &lp->iters.data[i]->v);
            ssa_set_origin(S, nr, r->type, io ? io->space : -1, NULL);
            vec_push(rets, nr);
            ssa_set_current(S, r->name, nr);
        }
        for (uint32_t i = 0; i < lp->rets.len; i++) {
            vec_push(rets, lp->rets.data[i]);
            ssa_set_current(S, carried.data[i], lp->rets.data[i]);
        }
        vec_free(lp->rets);
        lp->rets.data = rets.data;
        lp->rets.len = rets.len;
        lp->rets.cap = rets.cap;
    }
    vec_free(carried);
    vec_free(yvals);
}

static void convert_for(Ssa *S, const IrFor *f, StmtList *out)
{
    LoopParts lp;
    const IrExpr *a = rw_expr(S, f->start), *b = rw_expr(S, f->stop), *c = rw_expr(S, f->step);
    IrVar *lv = new_version(S, f->loop_var->name, f->loop_var->type, f->loop_var->e.span);
    ssa_set_origin(S, lv, f->loop_var->type, -1, NULL);
    convert_loop(S, &f->s, f->loop_var, lv, f->niter, f->iter_args, f->ret, NULL, f->body, &lp, "for loop",
                 ssa_for_skip_why(f), out);
    vec_push(*out, ir_for_staged(ir_for(S->ir, (ForKind)f->s.sub, lv, a, b, c, lp.iters.len, lp.iters.data,
                                        lp.rets.data, lp.body, f->s.span),
                                 f->stage));
    vec_free(lp.iters);
    vec_free(lp.rets);
}

static void convert_while(Ssa *S, const IrWhile *w, StmtList *out)
{
    LoopParts lp;
    convert_loop(S, &w->s, NULL, NULL, w->niter, w->iter_args, w->ret, w->cond, w->body, &lp, "while loop",
                 "may run zero times (its condition may be false at the start)", out);
    vec_push(*out, ir_while(S->ir, lp.cond, lp.iters.len, lp.iters.data, lp.rets.data, lp.body, w->s.span));
    vec_free(lp.iters);
    vec_free(lp.rets);
}

/* Final versions of the names defined in a branch (name -> IrVar). */
static void branch_finals(Ssa *S, uint32_t m, NameList *names, PtrMap *seen, PtrMap *finals)
{
    NameList here;
    PtrMap local;
    vec_init(here);
    ptrmap_init(&local);
    ssa_defined_since(S, m, &here, &local);
    for (uint32_t i = 0; i < here.len; i++) {
        const char *n = here.data[i];
        ptrmap_put(finals, n, (void *)ssa_current(S, n));
        if (!ptrmap_get(seen, n)) {
            ptrmap_put(seen, n, (void *)1);
            vec_push(*names, n);
        }
    }
    vec_free(here);
    ptrmap_free(&local);
}

/* The tensor (its version before the if) that v, defined by one branch
 * only, is another name of (a store's result is its output tensor), when
 * the other branch (whose final versions are other) leaves it as it was:
 * that branch then gives it as v's value.  NULL otherwise. */
static const IrVar *branch_alias(Ssa *S, const IrVar *v, const PtrMap *other)
{
    const SsaOrigin *o = v ? ptrmap_get(&S->origin, v) : NULL;
    const IrVar *a = o && o->alias ? ssa_current(S, o->alias) : NULL;
    return a && a->type->kind == TYPE_TENSOR && !ptrmap_get(other, o->alias) ? a : NULL;
}

static void convert_if(Ssa *S, const IrIf *f, StmtList *out)
{
    const IrExpr *cond = rw_expr(S, f->cond);
    uint32_t m = ssa_mark(S);
    StmtList then_out, else_out;
    const IrValues *ty, *ey = NULL;
    VEC(const IrExpr *) then_explicit, else_explicit;
    NameList names, phis;
    PtrMap seen, then_final, else_final;
    VEC(const IrVar *) rets;
    VEC(const IrExpr *) tv, ev;

    vec_init(then_out);
    vec_init(else_out);
    vec_init(then_explicit);
    vec_init(else_explicit);
    vec_init(names);
    vec_init(phis);
    vec_init(rets);
    vec_init(tv);
    vec_init(ev);
    ptrmap_init(&seen);
    ptrmap_init(&then_final);
    ptrmap_init(&else_final);

    /* then branch */
    ty = convert_body(S, f->then_body, &then_out);
    if (ty)
        for (uint32_t i = 0; i < ty->n; i++)
            vec_push(then_explicit, rw_expr(S, ty->values[i]));
    branch_finals(S, m, &names, &seen, &then_final);
    ssa_restore(S, m);
    /* else branch */
    if (f->else_body) {
        ey = convert_body(S, f->else_body, &else_out);
        if (ey)
            for (uint32_t i = 0; i < ey->n; i++)
                vec_push(else_explicit, rw_expr(S, ey->values[i]));
        branch_finals(S, m, &names, &seen, &else_final);
        ssa_restore(S, m);
    }
    /* Phis: names whose version differs after a branch (sorted). */
    for (uint32_t i = 0; i < names.len; i++) {
        const char *n = names.data[i];
        const IrVar *before = ssa_current(S, n);
        const IrVar *tf = ptrmap_get(&then_final, n), *ef = ptrmap_get(&else_final, n);
        const PtrMap *other = tf ? &else_final : &then_final;
        if (before ? (tf && tf != before) || (ef && ef != before)
                   : (tf && ef) || (find_escape(S, &f->s, n) && branch_alias(S, tf ? tf : ef, other)))
            vec_push(phis, n);
        else if (!before) {
            const IrVar *d = tf ? tf : ef;
            Gone *g = d ? ssa_mark_gone(S, n, d->e.span, f->s.span, "if") : NULL;
            if (g && branch_alias(S, d, other))
                g->loop = &f->s;   /* a use after the if makes it a phi (add_escape, next round) */
        }
    }
    if (phis.len > 1)
        qsort(phis.data, phis.len, sizeof *phis.data, cmp_names);
    for (uint32_t i = 0; i < phis.len; i++) {
        const char *n = phis.data[i];
        const IrVar *before = ssa_current(S, n);
        const IrVar *tf = ptrmap_get(&then_final, n), *ef = ptrmap_get(&else_final, n);
        const IrVar *alias =
            before || (tf && ef) ? NULL : branch_alias(S, tf ? tf : ef, tf ? &else_final : &then_final);
        const IrVar *t_val = tf ? tf : before ? before : alias, *e_val = ef ? ef : before ? before : alias;
        IrVar *r = new_version(S, n, t_val->type, f->s.span);
        same_carried_type(S, n, t_val, e_val, ef ? "after the else-branch" : "before the if",
                          tf ? "after the then-branch" : "before the if");
        ssa_copy_origin(S, r, alias && !tf ? &ef->e : &t_val->e);
        vec_push(rets, r);
        vec_push(tv, &t_val->e);
        vec_push(ev, &e_val->e);
    }
    /* Explicit return variables: renamed, their yields after the phis. */
    for (uint32_t i = 0; i < f->nret; i++) {
        IrVar *r = new_version(S, f->ret[i]->name, rw_any_type(S, f->ret[i]->type), f->ret[i]->e.span);
        const SsaOrigin *to = i < then_explicit.len && ir_is_var_like(then_explicit.data[i])
                                  ? ptrmap_get(&S->origin, then_explicit.data[i])
                                  : NULL;
        ssa_set_origin(S, r, f->ret[i]->type, to ? to->space : -1, NULL);
        vec_push(rets, r);
    }
    for (uint32_t i = 0; i < then_explicit.len; i++)
        vec_push(tv, then_explicit.data[i]);
    for (uint32_t i = 0; i < else_explicit.len; i++)
        vec_push(ev, else_explicit.data[i]);
    /* One yield ends each branch: the phis' values and the explicit ones.
     * A branch's own yield without values (an if without results) is
     * that yield, or stays as written when the if gets no results. */
    if (rets.len) {
        if (tv.len != rets.len || ev.len != rets.len)
            ICE("if yields do not match its return variables");
        vec_push(then_out, ir_yield(S->ir, tv.len, tv.data, ty ? ty->s.span : f->s.span));
        vec_push(else_out, ir_yield(S->ir, ev.len, ev.data, ey ? ey->s.span : f->s.span));
    } else {
        if (ty)
            vec_push(then_out, ty->n ? ir_yield(S->ir, tv.len, tv.data, ty->s.span) : &ty->s);
        if (ey)
            vec_push(else_out, ey->n ? ir_yield(S->ir, ev.len, ev.data, ey->s.span) : &ey->s);
    }
    {
        const IrStmt *then_body = seq_of(S, &then_out, f->then_body ? f->then_body->span : f->s.span);
        const IrStmt *else_body = NULL;
        if (f->else_body || rets.len)
            else_body = seq_of(S, &else_out, f->else_body ? f->else_body->span : f->s.span);
        else
            vec_free(else_out);
        vec_push(*out, ir_if(S->ir, cond, then_body, else_body, rets.len, rets.data, f->s.span));
    }
    for (uint32_t i = 0; i < phis.len; i++)
        ssa_set_current(S, phis.data[i], rets.data[i]);
    for (uint32_t i = 0; i < f->nret; i++)
        ssa_set_current(S, f->ret[i]->name, rets.data[phis.len + i]);

    vec_free(then_explicit);
    vec_free(else_explicit);
    vec_free(names);
    vec_free(phis);
    vec_free(rets);
    vec_free(tv);
    vec_free(ev);
    ptrmap_free(&seen);
    ptrmap_free(&then_final);
    ptrmap_free(&else_final);
}

static const SsaOrigin *origin_of_name(void *S, const char *name)
{
    return ptrmap_get(&((Ssa *)S)->origin, ssa_current(S, name));
}

/* What carrying nv out of a loop needs to know about its value. */
static void assign_origin(Ssa *S, const IrVar *nv, const IrAssign *a)
{
    SsaOrigin o = ssa_assign_origin(a, origin_of_name, S);
    ssa_set_origin(S, nv, o.src_type, o.space, o.alias);
}

static void convert_stmt(Ssa *S, const IrStmt *s, StmtList *out)
{
    IrCtx *ir = S->ir;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        S->at = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *v = rw_expr(S, a->value);
        IrVar *nv;
        if (a->var->e.kind == EXPR_MEMREF) {
            /* MemRef definitions of a reparsed memory plan keep their names. */
            vec_push(*out, v == a->value ? s : ir_assign(ir, a->var, v, s->span));
            return;
        }
        nv = new_version(S, a->var->name, rw_any_type(S, a->var->type), a->var->e.span);
        vec_push(*out, ir_assign(ir, nv, v, s->span));
        assign_origin(S, nv, a);
        ssa_set_current(S, a->var->name, nv);
        return;
    }
    case STMT_EVAL: {
        const IrExpr *e = IR_AS(IrEval, s)->expr, *x = rw_expr(S, e);
        const IrVar *t = ssa_written_in_place(e);
        if (t) {
            /* pl.tensor.write(t, i, v) as a statement writes t: its result
             * is t's next version, as t = pl.tensor.write(t, i, v) */
            const IrStmt *a;
            IrVar *nv = new_version(S, t->name, rw_any_type(S, t->type), t->e.span);
            vec_push(*out, a = ir_assign(ir, nv, x, s->span));
            assign_origin(S, nv, IR_AS(IrAssign, a));
            ssa_set_current(S, t->name, nv);
            return;
        }
        vec_push(*out, x == e ? s : ir_eval(ir, x, s->span));
        return;
    }
    case STMT_YIELD:
    case STMT_RETURN: {
        const IrValues *v = IR_AS(IrValues, s);
        int changed = 0;
        const IrExpr **vals = rw_list(S, v->n, v->values, &changed);
        vec_push(*out, !changed ? s
                                : s->kind == STMT_YIELD ? ir_yield(ir, v->n, vals, s->span)
                                                        : ir_return(ir, v->n, vals, s->span));
        xfree(vals);
        return;
    }
    case STMT_IF:
        convert_if(S, IR_AS(IrIf, s), out);
        return;
    case STMT_FOR:
        convert_for(S, IR_AS(IrFor, s), out);
        return;
    case STMT_WHILE:
        convert_while(S, IR_AS(IrWhile, s), out);
        return;
    case STMT_SCOPE: {
        /* Scopes are transparent to names.  Their header's expressions
         * (a block count, deps) are uses; a split_aiv lane index is
         * defined for the body, an `as tid` task id after it. */
        const IrScope *sc = IR_AS(IrScope, s);
        const IrScopeAttrs *a = sc->attrs;
        IrScopeAttrs na;
        const IrExpr **deps = NULL, **nodep = NULL, **dumps = NULL;
        StmtList inner;
        int changed = 0;
        if (a) {
            na = *a;
            na.count = a->count ? rw_expr(S, a->count) : NULL;
            na.predicate = a->predicate ? rw_expr(S, a->predicate) : NULL;
            deps = rw_list(S, a->ndeps, a->deps, &changed);
            nodep = rw_list(S, a->nno_dep, a->no_dep, &changed);
            dumps = rw_list(S, a->ndumps, a->dumps, &changed);
            na.deps = deps;
            na.no_dep = nodep;
            na.dumps = dumps;
            if (a->index) {
                IrVar *nv = new_version(S, a->index->name, a->index->type, a->index->e.span);
                ssa_set_current(S, a->index->name, nv);
                na.index = nv;
            }
        }
        vec_init(inner);
        convert_list(S, sc->body, &inner);
        if (a && a->task_id) {
            IrVar *nv = new_version(S, a->task_id->name, a->task_id->type, a->task_id->e.span);
            ssa_set_current(S, a->task_id->name, nv);
            na.task_id = nv;
        }
        vec_push(*out, a ? ir_scope_attrs(ir, (ScopeKind)s->sub, &na, seq_of(S, &inner, sc->body->span), s->span)
                         : ir_scope_rebody(ir, s, seq_of(S, &inner, sc->body->span)));
        xfree(deps);
        xfree(nodep);
        xfree(dumps);
        return;
    }
    case STMT_SEQ:
    case STMT_OPS:
        convert_list(S, s, out);
        return;
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind");
}

/* One conversion of f, with the escapes found so far; *again when it
 * found more (its result and diagnostics are then dropped). */
static const IrFunc *convert_once(PassCtx *pc, const IrFunc *f, PtrMap *escapes, Arena *keep, int *again)
{
    Ssa S;
    Arena scratch;
    IrParam *params;
    StmtList body;
    const IrFunc *r = NULL;
    const IrType **ret;
    memset(&S, 0, sizeof S);
    S.pc = pc;
    S.ir = pc->ir;
    arena_init(&scratch);
    S.arena = &scratch;
    S.escapes = escapes;
    S.keep = keep;
    ptrmap_init(&S.counter);
    ptrmap_init(&S.issued);
    ptrmap_init(&S.cur);
    ptrmap_init(&S.gone);
    ptrmap_init(&S.stale);
    ptrmap_init(&S.kept);
    ptrmap_init(&S.origin);
    vec_init(S.undo);
    vec_init(S.pending);
    vec_init(body);
    params = arena_array(&pc->ir->arena, f->nparams ? f->nparams : 1, sizeof *params);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *p = f->params[i].var;
        IrVar *np = new_version(&S, p->name, rw_any_type(&S, p->type), p->e.span);
        params[i].var = np;
        params[i].dir = f->params[i].dir;
        ssa_set_current(&S, p->name, np);
    }
    ret = arena_array(&pc->ir->arena, f->nret ? f->nret : 1, sizeof *ret);
    for (uint32_t i = 0; i < f->nret; i++)
        ret[i] = rw_any_type(&S, f->ret_types[i]);
    convert_list(&S, f->body, &body);
    *again = S.again;
    if (!S.again)
        for (uint32_t i = 0; i < S.pending.len; i++)
            ssa_report_gone(&S, &S.pending.data[i]);
    if (!S.failed)
        r = ir_func_rebuild(pc->ir, f, f->nparams, params, f->nret, ret,
                        seq_of(&S, &body, f->body ? f->body->span : f->span));
    else
        vec_free(body);
    ptrmap_free(&S.counter);
    ptrmap_free(&S.issued);
    ptrmap_free(&S.cur);
    ptrmap_free(&S.gone);
    ptrmap_free(&S.stale);
    ptrmap_free(&S.kept);
    ptrmap_free(&S.origin);
    vec_free(S.undo);
    vec_free(S.pending);
    arena_free(&scratch);
    return r;
}

static const IrFunc *convert_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f)
{
    PtrMap escapes;
    Arena keep;
    const IrFunc *r;
    int again;
    (void)prog;
    ptrmap_init(&escapes);
    arena_init(&keep);
    /* Each new conversion carries at least one more (loop, name) pair, so
     * this ends; it runs once for a function without escaping names. */
    do
        r = convert_once(pc, f, &escapes, &keep, &again);
    while (again);
    ptrmap_free(&escapes);
    arena_free(&keep);
    return r;
}

const IrProgram *pass_convert_to_ssa(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions(pc, prog, convert_function);
}
