/* verify.c: the Verify pass (passes.md 5.4), which runs every IR property
 * checker (passes.md 3) that applies, and the two structural checkers.
 * The others have files of their own (verify_ssa.c, verify_types.c,
 * verify_kinds.c; what they share is in verify.h):
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
#include "passes/3_verify/verify.h"

/* How a call's callee is named in messages. */
static const char *callee_text(const IrCall *c, char *buf, size_t cap)
{
    const OpDef *op = callee_op(c->callee);
    if (op)
        return op_printed_name(op, buf, cap);
    snprintf(buf, cap, "%s", c->callee->name);
    return buf;
}

/* Runs a walker over every function, keeping C->func current. */
int verify_walk_program(Check *C)
{
    for (uint32_t k = 0; k < C->prog->n; k++) {
        C->func = C->prog->funcs[k];
        C->stmt = NULL;
        ir_walk_func(&C->w, C->func);
    }
    return C->ok;
}

/* ------------------------------------------------------- nested calls */

static int flat_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    C->stmt = s;
    C->allowed = pass_stmt_value(s);
    return 1;
}

static int flat_expr(IrWalker *w, const IrExpr *e)
{
    Check *C = w->data;
    char name[128];
    if (e->kind == EXPR_CALL && e != C->allowed && !ir_call_is_atom(e))
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
    return verify_walk_program(&C);
}

/* ------------------------------------------------------------ outlined */

static int outlined_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    C->stmt = s;
    if (s->kind == STMT_SCOPE)
    {
        if (func_type_is_kernel((FuncType)C->func->type))
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
    return verify_walk_program(&C);
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
    if (report || (pc->props & PROP_KINDS_CHECKED))
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
    if (ok && (pc->props & PROP_SSA)) {
        Check C;
        check_init(&C, pc, prog, 1);
        check_inplace_reads(&C);
    }
    return ok && pc->diag->errors == errors ? prog : NULL;
}
