/* expand_mixed_emit.c: ExpandMixedKernel's copy of a body for one side:
 * its statements (each definition a new variable), the loops and ifs it
 * has work in with the iter_args it keeps, the push or pop of each
 * crossing, and each popped slot freed after its tile's last use, in pop
 * order (a tile held across another pop, or yielded, copied out first). */
#include "config.h"
#include "passes/2_tensor/expand_mixed.h"
#include "targets/isa_rules.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <string.h>

/* ------------------------------------------------------------ emission */

static const IrExpr *subst_fn(void *data, const IrExpr *e);

/* e on side X: each variable replaced by its copy there; one that X does
 * not have is left as it is and sets S->missing, which the caller reports
 * (report_missing) where the statement is. */
static const IrExpr *subst(Side *X, const IrExpr *e)
{
    return subst_fn(X, e);
}

static const IrExpr *subst_fn(void *data, const IrExpr *e)
{
    Side *X = data;
    const IrExpr *r;
    if (!e)
        return NULL;
    if (ir_is_var_like(e)) {
        r = ptrmap_get(&X->subst, e);
        if (!r)
            X->S->missing = 1;
        return r ? r : e;
    }
    return ir_expr_map_operands(X->S->ir, e, subst_fn, X);
}

static const IrType *subst_type(Side *X, const IrType *t) { return ir_type_map_exprs(X->S->ir, t, subst_fn, X); }

/* A new variable of X for v (its name and type, the type's variables X's). */
IrVar *xm_copy_var(Side *X, const IrVar *v)
{
    IrVar *n = ir_var_new(X->S->ir, v->name, subst_type(X, v->type), v->e.span);
    ptrmap_put(&X->subst, v, n);
    return n;
}

/* An op call built and typed by its deduction. */
const IrExpr *xm_op_call(Split *S, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                         const IrKwarg *kw, Span at)
{
    return pipe_op_call(S->pc, &S->failed, id, nargs, args, nkw, kw, at);
}

static void pipe_fail(void *data, Span at, const char *msg)
{
    Split *S = data;
    if (!S->failed)
        xm_fail(S, at, "%s%s", msg, "");
}

PipeEnds xm_pipe(Split *S)
{
    PipeEnds P;
    memset(&P, 0, sizeof P);
    P.pc = S->pc;
    P.ir = S->ir;
    P.prefix = S->f->name;
    P.names[SIDE_C] = S->names[SIDE_C];
    P.names[SIDE_V] = S->names[SIDE_V];
    P.at = S->f->span;
    P.bytes[DIR_C2V] = S->bytes[DIR_C2V];
    P.bytes[DIR_V2C] = S->bytes[DIR_V2C];
    P.slots = S->slots;
    P.taken[SIDE_C] = &S->taken[SIDE_C];
    P.taken[SIDE_V] = &S->taken[SIDE_V];
    P.failed = S->failed;
    P.fail = pipe_fail;
    P.fail_data = S;
    return P;
}

void xm_free_slots(Side *X, StmtList *l)
{
    PipeEnds P = xm_pipe(X->S);
    pipe_free_slots(&P, X->side, l);
    X->S->slots = P.slots;
    X->S->failed |= P.failed;
}

/* A tile of type t crosses in direction dir: the slots hold it whole, as
 * laid out (a narrow tile padded: targets/isa_rules.h), so its size must
 * be known when the pipe is set up. */
static void note_bytes(Split *S, int dir, const IrType *t, Span at)
{
    uint64_t b = pipe_tile_bytes(S->pc, t);
    if (b > S->bytes[dir])
        S->bytes[dir] = b;
    if (!b && !S->failed)
        xm_fail(S, at, "%s%s", "a tile whose shape is known only at run time crosses the pipe, ",
                "whose slots are sized when it is set up");
}

/* The push of tile t (a copy of side X) in direction dir. */
static void emit_push(Side *X, int dir, const IrExpr *t, int64_t split, StmtList *out, Span at)
{
    IrKwarg kw = pipe_kw_int(X->S->ir, "split", split);
    const IrExpr *a = subst(X, t);
    note_bytes(X->S, dir, ir_expr_type(X->S->ir, a), at);
    OpId id = dir == DIR_C2V ? OP_BLOCK_TPUSH_TO_AIV : OP_BLOCK_TPUSH_TO_AIC;
    vec_push(*out, ir_eval(X->S->ir, xm_op_call(X->S, id, 1, &a, 1, &kw, at), at));
}

/* The pop, in direction dir, of a tile of type like's shape and dtype
 * into a new variable named name. */
static const IrVar *emit_pop(Side *X, int dir, const IrType *like, const char *name, int64_t split, StmtList *out,
                             Span at)
{
    IrCtx *ir = X->S->ir;
    IrKwarg kw[2];
    const IrExpr *shape = ir_make_tuple(ir, like->n, like->dims, at);
    const IrExpr *pop;
    IrVar *v;
    kw[0].key = ir_name(ir, "dtype");
    kw[0].kind = KW_DTYPE;
    kw[0].v.i = like->dtype;
    kw[1] = pipe_kw_int(ir, "split", split);
    pop = xm_op_call(X->S, dir == DIR_C2V ? OP_BLOCK_TPOP_FROM_AIC : OP_BLOCK_TPOP_FROM_AIV, 1, &shape, 2, kw, at);
    note_bytes(X->S, dir, IR_AS(IrCall, pop)->type, at);
    v = pass_fresh_var(ir, &X->S->taken[X->side], ir_ssa_stem(ir, name), IR_AS(IrCall, pop)->type, at);
    vec_push(*out, ir_assign(ir, v, pop, at));
    return v;
}

/* The body of a compound on side X, its slots freed, with yield y's
 * values at the positions keep marks appended; whether X has work in it. */
static const IrStmt *emit_body(Side *X, const IrStmt *body, const IrValues *y, const uint8_t *keep, uint32_t n,
                               int *work);

/* The crossing of tile var (defined just now) that the vector side reads. */
static void emit_implicit_crossing(Side *X, const IrVar *var, StmtList *out)
{
    if (!ptrmap_get(&X->S->cross, var))
        return;
    if (X->side == SIDE_C) {
        emit_push(X, DIR_C2V, &var->e, 0, out, var->e.span);
    } else {
        const IrVar *p = emit_pop(X, DIR_C2V, var->type, var->name, 0, out, var->e.span);
        ptrmap_put(&X->subst, var, (void *)p);
    }
}

/* A statement of the other side defines def: a tensor it wrote in place
 * is its target here; anything else is not on this side. */
static void other_side_def(Side *X, const IrCall *c, const IrVar *def)
{
    if (!def || def->type->kind != TYPE_TENSOR)
        return;
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = ir_expr_type(X->S->ir, c->args[i]);
        if (t->kind == TYPE_TENSOR && ir_type_compatible(t, def->type, DIMS_ANY)) {
            X->S->missing = 0;
            {
                const IrExpr *r = subst(X, c->args[i]);
                if (!X->S->missing)
                    ptrmap_put(&X->subst, def, (void *)r);
            }
            return;
        }
    }
}

static void report_missing(Side *X, Span at)
{
    if (X->S->missing && !X->S->failed)
        xm_fail(X->S, at, "a value the %s side needs here is computed only on the %s side", xm_side_name(X->side),
             xm_side_name(SIDE_B ^ X->side));
    X->S->missing = 0;
}

/* The assignment or evaluation s of call c (defining def, or NULL). */
static int emit_call(Side *X, const IrStmt *s, const IrCall *c, const IrVar *def, StmtList *out)
{
    Split *S = X->S;
    int dir = xm_crossing_dir(S, c), side = xm_call_side(S, c);
    const IrExpr *v;
    S->missing = 0;
    if (dir >= 0) {
        int64_t split = ir_call_kwarg_int(c, "split", 0);
        int producer = dir == DIR_C2V ? SIDE_C : SIDE_V;
        if (X->side == producer) {
            emit_push(X, dir, c->args[0], split, out, s->span);
        } else if (def) {
            const IrVar *p = emit_pop(X, dir, c->type, def->name, split, out, s->span);
            int to = (int)ir_call_kwarg_int(c, "target_memory", MS_MAT);
            if (dir == DIR_V2C && to != MS_MAT && op_is(callee_op(c->callee), OP_BLOCK_MOVE)) {
                /* the pop lands in Mat; the cube moves it on (Mat to Left or Right) */
                const IrExpr *a = &p->e;
                const IrExpr *mv = ir_call(S->ir, c->callee, 1, &a, c->nkwargs, c->kwargs, c->type, s->span);
                IrVar *d = xm_copy_var(X, def);
                vec_push(*out, ir_assign(S->ir, d, mv, s->span));
            } else {
                ptrmap_put(&X->subst, def, (void *)p);
            }
        }
        report_missing(X, s->span);
        return 1;
    }
    if (xm_same_side(S, c)) {
        if (def && side == X->side)
            ptrmap_put(&X->subst, def, (void *)subst(X, c->args[0]));
        report_missing(X, s->span);
        return 0;
    }
    if (side != SIDE_B && side != X->side) {
        other_side_def(X, c, def);
        if (def)
            emit_implicit_crossing(X, def, out);   /* the consumer's pop */
        return def && ptrmap_get(&S->cross, def);
    }
    if (side == SIDE_B && def && !(ptrmap_get(&S->avail, def) ? (int)(uintptr_t)ptrmap_get(&S->avail, def) & X->side
                                                                : 1))
        return 0;   /* a scalar of the other side's */
    if (side == SIDE_B && !def && !(xm_avail(S, &c->e) & X->side))
        return 0;
    X->S->missing = 0;
    v = subst(X, &c->e);
    report_missing(X, s->span);
    if (def) {
        vec_push(*out, ir_assign(S->ir, xm_copy_var(X, def), v, s->span));
        emit_implicit_crossing(X, def, out);
    } else {
        vec_push(*out, ir_eval(S->ir, v, s->span));
    }
    return side != SIDE_B;
}

/* A loop or if is on X when X has work in it or it gives X values. */
static int compound_on(Side *X, int work, uint32_t n, const uint8_t *keep)
{
    for (uint32_t i = 0; i < n && !work; i++)
        work = keep[i];
    return work;
}

/* Which of n carried positions (vars v) side X keeps. */
static uint8_t *kept(Side *X, uint32_t n, const IrVar *const *v)
{
    uint8_t *k = xcalloc(n ? n : 1, 1);
    for (uint32_t i = 0; i < n; i++)
        k[i] = (xm_avail(X->S, &v[i]->e) & X->side) != 0;
    return k;
}

static int emit_for(Side *X, const IrFor *f, StmtList *out)
{
    Split *S = X->S;
    uint8_t *keep = kept(X, f->niter, (const IrVar *const *)f->ret);
    const IrIterArg **it = xcalloc(f->niter ? f->niter : 1, sizeof *it);
    const IrVar **ret = xcalloc(f->niter ? f->niter : 1, sizeof *ret);
    const IrExpr *start, *stop, *step;
    const IrStmt *body;
    IrVar *lv;
    uint32_t m = 0;
    int work = 0;
    X->S->missing = 0;
    start = subst(X, f->start);
    stop = subst(X, f->stop);
    step = subst(X, f->step);
    lv = xm_copy_var(X, f->loop_var);
    for (uint32_t i = 0; i < f->niter; i++)
        if (keep[i]) {
            IrIterArg *a = ir_iter_arg_new(S->ir, f->iter_args[i]->v.name, subst_type(X, f->iter_args[i]->v.type),
                                           subst(X, f->iter_args[i]->init), f->iter_args[i]->v.e.span);
            ptrmap_put(&X->subst, f->iter_args[i], a);
            it[m++] = a;
        }
    body = emit_body(X, f->body, ir_body_yield(f->body), keep, f->niter, &work);
    if (compound_on(X, work, f->niter, keep)) {
        report_missing(X, f->s.span);
        m = 0;
        for (uint32_t i = 0; i < f->niter; i++)
            if (keep[i])
                ret[m++] = xm_copy_var(X, f->ret[i]);
        vec_push(*out, ir_for_staged(ir_for(S->ir, (ForKind)f->s.sub, lv, start, stop, step, m, it, ret, body,
                                            f->s.span),
                                     f->stage));
    }
    for (uint32_t i = 0; i < f->niter; i++)   /* the producer has the loop: it gives the value */
        emit_implicit_crossing(X, f->ret[i], out);
    X->S->missing = 0;
    xfree(keep);
    xfree(it);
    xfree(ret);
    return work;
}

static int emit_while(Side *X, const IrWhile *w, StmtList *out)
{
    Split *S = X->S;
    uint8_t *keep = kept(X, w->niter, (const IrVar *const *)w->ret);
    const IrIterArg **it = xcalloc(w->niter ? w->niter : 1, sizeof *it);
    const IrVar **ret = xcalloc(w->niter ? w->niter : 1, sizeof *ret);
    const IrStmt *body;
    const IrExpr *cond;
    uint32_t m = 0;
    int work = 0;
    X->S->missing = 0;
    for (uint32_t i = 0; i < w->niter; i++)
        if (keep[i]) {
            IrIterArg *a = ir_iter_arg_new(S->ir, w->iter_args[i]->v.name, subst_type(X, w->iter_args[i]->v.type),
                                           subst(X, w->iter_args[i]->init), w->iter_args[i]->v.e.span);
            ptrmap_put(&X->subst, w->iter_args[i], a);
            it[m++] = a;
        }
    cond = subst(X, w->cond);
    body = emit_body(X, w->body, ir_body_yield(w->body), keep, w->niter, &work);
    if (compound_on(X, work, w->niter, keep)) {
        report_missing(X, w->s.span);
        m = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (keep[i])
                ret[m++] = xm_copy_var(X, w->ret[i]);
        vec_push(*out, ir_while(S->ir, cond, m, it, ret, body, w->s.span));
    }
    X->S->missing = 0;
    xfree(keep);
    xfree(it);
    xfree(ret);
    return work;
}

static int emit_if(Side *X, const IrIf *f, StmtList *out)
{
    Split *S = X->S;
    uint8_t *keep = kept(X, f->nret, f->ret);
    const IrVar **ret = xcalloc(f->nret ? f->nret : 1, sizeof *ret);
    const IrStmt *then_body, *else_body = NULL;
    const IrExpr *cond;
    uint32_t m = 0;
    int work = 0, w2 = 0;
    X->S->missing = 0;
    cond = subst(X, f->cond);
    then_body = emit_body(X, f->then_body, ir_body_yield(f->then_body), keep, f->nret, &work);
    if (f->else_body)
        else_body = emit_body(X, f->else_body, ir_body_yield(f->else_body), keep, f->nret, &w2);
    work |= w2;
    if (compound_on(X, work, f->nret, keep)) {
        report_missing(X, f->s.span);
        for (uint32_t i = 0; i < f->nret; i++)
            if (keep[i])
                ret[m++] = xm_copy_var(X, f->ret[i]);
        vec_push(*out, ir_if(S->ir, cond, then_body, else_body, m, ret, f->s.span));
    }
    for (uint32_t i = 0; i < f->nret; i++)
        emit_implicit_crossing(X, f->ret[i], out);
    X->S->missing = 0;
    xfree(keep);
    xfree(ret);
    return work;
}

int xm_emit(Side *X, const IrStmt *s, StmtList *out)
{
    int work = 0;
    if (!s)
        return 0;
    switch (s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            work |= xm_emit(X, IR_AS(IrSeq, s)->stmts[i], out);
        return work;
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *v;
        if (a->value->kind == EXPR_CALL)
            return emit_call(X, s, IR_AS(IrCall, a->value), a->var, out);
        if (!(xm_avail(X->S, &a->var->e) & X->side))
            return 0;
        X->S->missing = 0;
        v = subst(X, a->value);
        report_missing(X, s->span);
        vec_push(*out, ir_assign(X->S->ir, xm_copy_var(X, a->var), v, s->span));
        return a->var->type->kind == TYPE_TILE;
    }
    case STMT_EVAL:
        if (IR_AS(IrEval, s)->expr->kind == EXPR_CALL)
            return emit_call(X, s, IR_AS(IrCall, IR_AS(IrEval, s)->expr), NULL, out);
        return 0;
    case STMT_FOR:
        return emit_for(X, IR_AS(IrFor, s), out);
    case STMT_WHILE:
        return emit_while(X, IR_AS(IrWhile, s), out);
    case STMT_IF:
        return emit_if(X, IR_AS(IrIf, s), out);
    case STMT_RETURN:
        if (X->side == SIDE_V) {
            const IrValues *r = IR_AS(IrValues, s);
            const IrExpr **vals = xcalloc(r->n ? r->n : 1, sizeof *vals);
            X->S->missing = 0;
            for (uint32_t i = 0; i < r->n; i++)
                vals[i] = subst(X, r->values[i]);
            report_missing(X, s->span);
            vec_push(*out, ir_return(X->S->ir, r->n, vals, s->span));
            xfree(vals);
        }
        return 0;
    case STMT_SCOPE: {
        StmtList inner;
        vec_init(inner);
        work = xm_emit(X, IR_AS(IrScope, s)->body, &inner);
        vec_push(*out, ir_scope_rebody(X->S->ir, s,
                                       ir_seq(X->S->ir, STMT_SEQ, (uint32_t)inner.len, inner.data, s->span)));
        vec_free(inner);
        return work;
    }
    default:   /* yields: emit_body's */
        return 0;
    }
}

static const IrStmt *emit_body(Side *X, const IrStmt *body, const IrValues *y, const uint8_t *keep, uint32_t n,
                               int *work)
{
    StmtList l;
    const IrStmt *r;
    vec_init(l);
    *work = xm_emit(X, body, &l);
    if (y) {
        const IrExpr **vals = xcalloc(n ? n : 1, sizeof *vals);
        uint32_t m = 0;
        X->S->missing = 0;
        for (uint32_t i = 0; i < n && i < y->n; i++)
            if (keep[i])
                vals[m++] = subst(X, y->values[i]);
        if (X->S->missing && *work)
            report_missing(X, y->s.span);
        X->S->missing = 0;
        vec_push(l, ir_yield(X->S->ir, m, vals, y->s.span));
        xfree(vals);
    }
    xm_free_slots(X, &l);   /* before the yield, which reads no slot */
    r = ir_seq(X->S->ir, STMT_SEQ, (uint32_t)l.len, l.data, body ? body->span : X->S->f->span);
    vec_free(l);
    return r;
}
