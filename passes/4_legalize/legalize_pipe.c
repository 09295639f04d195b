/* legalize_pipe.c: Legalize's report of the cross-core pipe's rules
 * (targets/legal_pipe.c) at each push, pop, free and setup of a kernel,
 * and, for PTO, of each import and setup without its peer: the kernel
 * printers then have none of them left to report. */
#include "config.h"
#include "passes/4_legalize/legalize.h"
#include "targets/legal_pipe.h"

void legal_check_pipe(Legal *L, const IrCall *c, const OpDef *op, const IrVar *result)
{
    char msg[512];
    int push = op->cls == OPCL_XCORE_PUSH, pop = op->cls == OPCL_XCORE_POP || op->cls == OPCL_XCORE_POP_MAT;
    int tfree = op_is(op, OP_SYSTEM_TFREE_TO_AIC) || op_is(op, OP_SYSTEM_TFREE_TO_AIV);
    int rc;
    if (op_pipe_side(op) == FUNC_OPAQUE)
        return;
    /* in the printers' order (codegen/lower_isa.c): the side, the output's
     * forms, then the pipe the op uses and its operand or result */
    rc = legal_pipe_side(op, L->func, msg, sizeof msg);
    if (rc == 0)
        rc = legal_pipe_split(c, op, L->pc->isa, msg, sizeof msg);
    if (rc == 0 && (push || pop || tfree))
        rc = legal_pipe_set_up(L->pc->arch, L->func, L->body, c, op, push ? ir_expr_type(L->ir, c->args[0]) : pop ? c->type : NULL,
                               msg, sizeof msg);
    if (rc == 0 && push && c->args[0]->kind == EXPR_VAR)
        rc = legal_pipe_push_space(op, IR_AS(IrVar, c->args[0]), msg, sizeof msg);
    if (rc == 0 && pop)
        rc = legal_pipe_pop_result(result, msg, sizeof msg);
    if (rc == 0 && pop)
        rc = legal_pipe_pop_carried(L->body, result, msg, sizeof msg);
    if (rc != 0) {
        diag_error(L->pc->diag, c->e.span, "%s", msg);
        L->failed = 1;
    }
}

static void report(void *data, Span at, const char *msg)
{
    Legal *L = data;
    diag_error(L->pc->diag, at, "%s", msg);
    L->failed = 1;
}

void legal_check_pipe_pairs(Legal *L, const IrProgram *prog)
{
    if (L->pc->isa == ISA_PTO)
        legal_pipe_pairs(prog, L->func, report, L);
}
