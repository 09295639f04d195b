/* verify_kinds.c: the function-kind rules (passes.md 2, ops.md 6 and 8):
 * InCore functions call no functions and, once ConvertTensorToBlockOps has
 * run (PROP_BLOCK_KERNELS), hold no tensor ops; Orchestration functions
 * hold no block or system ops; a kernel uses the M pipe or the V pipe, not
 * both. */
#include "config.h"
#include "passes/3_verify/verify.h"

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
    if (func_type_is_kernel((FuncType)C->func->type)) {
        if (op && op->category == OPC_TENSOR && (C->pc->props & PROP_BLOCK_KERNELS))
            fail(C, e->span, "tensor op '%s' in %s function '%s' (kernels use tile and system ops)",
                 op_printed_name(op, name, sizeof name), func_type_name((FuncType)C->func->type), C->func->name);
        else if (c->callee->kind == CALLEE_GLOBAL)
            fail(C, e->span, "%s function '%s' calls function '%s' (only Orchestration and Opaque functions call "
                             "functions)",
                 func_type_name((FuncType)C->func->type), C->func->name, c->callee->name);
    } else if (func_type_is_orchestration((FuncType)C->func->type) && op && op->category != OPC_TENSOR) {
        fail(C, e->span, "%s op '%s' in Orchestration function '%s' (%s ops belong in InCore functions)",
             op->category == OPC_BLOCK ? "block" : "system", op_printed_name(op, name, sizeof name), C->func->name,
             op->category == OPC_BLOCK ? "block" : "system");
    }
    return 1;
}

/* A kernel uses the M pipe or the V pipe, not both (targets/arch.c). */
static void check_mixed_kernel(Check *C, const IrFunc *f)
{
    if (ir_kernel_kind(f) != KERNEL_MIXED)
        return;
    C->ok = 0;
    if (C->report)
        target_report_mixed_kernel(f, C->pc->diag);
}

int check_kinds(PassCtx *pc, const IrProgram *prog, int report)
{
    Check C;
    check_init(&C, pc, prog, report);
    C.w.pre_stmt = kinds_stmt;
    C.w.pre_expr = kinds_expr;
    verify_walk_program(&C);
    for (uint32_t k = 0; k < prog->n; k++) {
        C.func = prog->funcs[k];
        C.stmt = NULL;
        check_mixed_kernel(&C, prog->funcs[k]);
    }
    return C.ok;
}
