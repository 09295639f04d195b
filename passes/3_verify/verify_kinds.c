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
