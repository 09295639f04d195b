/* simplify_ifs.c: Simplify's folding of control flow: an if whose
 * condition folded to a constant (simplify.c folds conditions first) is
 * replaced by the branch it takes, spliced into the statements around it,
 * and the values that branch yields replace the if's return variables in
 * what follows (pypto docs/en/dev/passes/05-simplify.md folds such ifs
 * too).  Setup code under `if True:` is then in no branch, as PTOAS wants
 * a cross-core pipe's initialize_pipe. */
#include "config.h"
#include "passes/3_verify/simplify.h"
#include "ir/visit.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <string.h>

/* body without the yield it ends with (NULL if it ends with none). */
static const IrStmt *strip_yield(IrCtx *ir, const IrStmt *body)
{
    const IrSeq *q;
    const IrStmt **v, *last, *r;
    if (body->kind == STMT_YIELD)
        return ir_seq(ir, STMT_SEQ, 0, NULL, body->span);
    if ((body->kind != STMT_SEQ && body->kind != STMT_OPS) || !(q = IR_AS(IrSeq, body))->n)
        return NULL;
    if (q->stmts[q->n - 1]->kind == STMT_YIELD)   /* the yield dropped */
        return ir_seq(ir, (IrStmtKind)body->kind, q->n - 1, q->stmts, body->span);
    if (!(last = strip_yield(ir, q->stmts[q->n - 1])))
        return NULL;
    v = xmalloc(xmul_size(q->n, sizeof *v));
    memcpy(v, q->stmts, q->n * sizeof *v);
    v[q->n - 1] = last;
    r = ir_seq(ir, (IrStmtKind)body->kind, q->n, v, body->span);
    xfree(v);
    return r;
}

typedef VEC(const IrStmt *) LiftList;

typedef struct Lift {
    PtrMap lifted;           /* the statement lists that replace an if */
} Lift;

/* Appends s to l, the statements of a list that replaced an if spliced in
 * (one list, as the printed program reads back). */
static void splice_into(Lift *L, LiftList *l, const IrStmt *s)
{
    if (ptrmap_get(&L->lifted, s)) {
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            splice_into(L, l, IR_AS(IrSeq, s)->stmts[i]);
        return;
    }
    vec_push(*l, s);
}

/* An if whose condition is a constant (folded already): the branch it
 * takes, whose yielded values the if's return variables stand for in
 * what follows (pypto's Simplify folds such ifs too).  A branch that
 * yields but does not end with its yield is left in its if. */
static const IrStmt *lift_stmt(IrMutator *m, const IrStmt *s)
{
    Lift *L = m->data;
    if (s->kind == STMT_IF) {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *branch, *body;
        const IrValues *y;
        int taken;
        if (f->cond->kind == EXPR_CONST_BOOL)
            taken = f->cond->op != 0;
        else if (f->cond->kind == EXPR_CONST_INT)
            taken = IR_AS(IrConstInt, f->cond)->value != 0;
        else
            return s;
        branch = taken ? f->then_body : f->else_body;
        y = branch ? ir_body_yield(branch) : NULL;
        if (f->nret && (!y || y->n != f->nret || !(branch = strip_yield(m->ctx, branch))))
            return s;
        for (uint32_t i = 0; i < f->nret; i++)
            ir_mutator_replace(m, f->ret[i], y->values[i]);
        body = branch && branch->kind == STMT_SEQ ? branch : ir_seq(m->ctx, STMT_SEQ, branch ? 1 : 0, &branch, s->span);
        ptrmap_put(&L->lifted, body, (void *)body);
        return body;
    }
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        LiftList l;
        int spliced = 0;
        const IrStmt *r = s;
        for (uint32_t i = 0; i < q->n; i++)
            spliced |= ptrmap_get(&L->lifted, q->stmts[i]) != NULL;
        if (!spliced)
            return s;
        vec_init(l);
        for (uint32_t i = 0; i < q->n; i++)
            splice_into(L, &l, q->stmts[i]);
        r = ir_seq(m->ctx, (IrStmtKind)s->kind, (uint32_t)l.len, l.data, s->span);
        vec_free(l);
        return r;
    }
    return s;
}

const IrStmt *simplify_lift_constant_ifs(IrCtx *ir, const IrStmt *body)
{
    IrMutator m;
    Lift L;
    const IrStmt *r;
    memset(&m, 0, sizeof m);
    ptrmap_init(&L.lifted);
    m.ctx = ir;
    m.stmt = lift_stmt;
    m.data = &L;
    r = ir_mutate_stmt(&m, body);
    ptrmap_free(&L.lifted);
    return r;
}
