/* legalize_loops.c: Legalize's loop step: every for loop counts up by a
 * positive step, as scf.for and the C++ loops we print do.  A loop with a
 * negative step (pl.range(3, -1, -1): 3, 2, 1, 0), or one whose step is
 * known only at run time, becomes a loop of a new index k over its trip
 * count, whose body first computes the old loop variable,
 * i = start + k * step.  Printed as it was, scf.for ran a counting-down
 * loop zero times (its iv < ub test), a C++ loop with a negative run-time
 * step never ended, and the C++ printers refused a negative constant.
 * Where the target wants a constant lower bound
 * (target_constant_loop_start: PTOAS 0.60), a loop starting at a value
 * is counted from 0 the same way. */
#include "config.h"
#include "ir/int_arith.h"
#include "passes/4_legalize/legalize.h"
#include "support/xalloc.h"

static const IrExpr *as_int64(IrCtx *ir, const IrExpr *x)
{
    return x->dtype == DT_INT64 ? x : ir_unary(ir, UN_CAST, DT_INT64, x, x->span);
}

/* The trip count of range(start, stop, step):
 * max(0, (stop - start + step - sign(step)) / step), which is the same
 * whether the division floors (kernels) or truncates (orchestration C++,
 * cpp.md 6.2): where they differ the quotient is not positive.  With a
 * constant step (has_known) its sign is a constant, and the count is
 * folded by the IR's integer evaluator when the ends are constants too. */
static const IrExpr *trip_count(IrCtx *ir, const IrFor *f, int has_known, int64_t known, const IrExpr *step, Span at)
{
    const IrExpr *zero = ir_const_int(ir, 0, DT_INT64, at), *sign, *n;
    int64_t v;
    if (has_known)
        sign = ir_const_int(ir, known > 0 ? 1 : -1, DT_INT64, at);
    else
        sign = ir_binary(ir, BIN_SUB, DT_INT64,
                         ir_unary(ir, UN_CAST, DT_INT64, ir_binary(ir, BIN_GT, DT_BOOL, step, zero, at), at),
                         ir_unary(ir, UN_CAST, DT_INT64, ir_binary(ir, BIN_LT, DT_BOOL, step, zero, at), at), at);
    n = ir_binary(ir, BIN_SUB, DT_INT64, as_int64(ir, f->stop), as_int64(ir, f->start), at);
    if (!has_known || known != 1) {   /* a step of 1 counts stop - start */
        n = ir_binary(ir, BIN_SUB, DT_INT64, ir_binary(ir, BIN_ADD, DT_INT64, n, step, at), sign, at);
        n = ir_binary(ir, BIN_FLOOR_DIV, DT_INT64, n, step, at);
    }
    n = ir_binary(ir, BIN_MAX, DT_INT64, zero, n, at);
    return ir_int_eval(n, &v) == INT_OK ? ir_const_int(ir, v, DT_INT64, at) : n;
}

const IrStmt *legal_count_up(IrMutator *m, const IrStmt *s)
{
    Legal *L = m->data;
    IrCtx *ir = L->ir;
    const IrFor *f;
    const IrStmt **stmts;
    const IrStmt *body, *r;
    const IrExpr *value, *step_e;
    IrVar *k;
    int64_t step;
    uint32_t n = 1, first = 0;
    int dynamic;
    if (s->kind != STMT_FOR)
        return s;
    f = IR_AS(IrFor, s);
    dynamic = ir_int_eval(f->step, &step) != INT_OK;
    if (!dynamic && step == 0) {
        /* It would never end; Python's range refuses it, and PTOAS 0.60
         * rejects a non-positive constant scf.for step ("constant step
         * operand must be positive": e32488c9 tools/ptoas/ptoas.cpp
         * validateSCFForConstantSteps, since fa5e7432; 0.27 took it). */
        diag_error(L->pc->diag, f->step->span, "the loop step is 0, so the loop would never end");
        L->failed = 1;
        return s;
    }
    if (!dynamic && (step > 0 || step == INT64_MIN) &&
        (f->start->kind == EXPR_CONST_INT || !target_constant_loop_start(L->pc->isa)))
        return s;
    step_e = dynamic ? as_int64(ir, f->step) : ir_const_int(ir, step, DT_INT64, f->step->span);
    k = ir_var_new(ir, legal_fresh_name(L, f->loop_var->name, "_k"), f->loop_var->type, f->loop_var->e.span);
    /* i = start + k * step, the first statement of the body. */
    value = ir_binary(ir, BIN_ADD, DT_INT64, as_int64(ir, f->start),
                      !dynamic && step == 1 ? &k->e : ir_binary(ir, BIN_MUL, DT_INT64, &k->e, step_e, f->step->span),
                      f->step->span);
    if (f->body->kind == STMT_SEQ)
        n += IR_AS(IrSeq, f->body)->n, first = 1;
    else
        n += 1;
    stmts = xmalloc(xmul_size(n, sizeof *stmts));
    stmts[0] = ir_assign(ir, f->loop_var, value, f->loop_var->e.span);
    if (first)
        for (uint32_t i = 0; i + 1 < n; i++)
            stmts[i + 1] = IR_AS(IrSeq, f->body)->stmts[i];
    else
        stmts[1] = f->body;
    body = ir_seq(ir, STMT_SEQ, n, stmts, f->body->span);
    xfree(stmts);
    r = ir_for(ir, (ForKind)s->sub, k, ir_const_int(ir, 0, DT_INT64, f->start->span),
               trip_count(ir, f, !dynamic, step, step_e, f->stop->span), ir_const_int(ir, 1, DT_INT64, f->step->span),
               f->niter, f->iter_args, f->ret, body, s->span);
    return ir_for_staged(r, f->stage);
}
