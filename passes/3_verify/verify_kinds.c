/* verify_kinds.c: the function-kind rules (passes.md 2, ops.md 6 and 8):
 * InCore functions call no functions (but those InlineFunctions expands)
 * and, once ConvertTensorToBlockOps has run (PROP_BLOCK_KERNELS), hold no
 * tensor ops; then too (the front end takes them, as pypto's parser does;
 * a @pl.jit entry's body is checked as written, 01-functions.md),
 * Orchestration functions hold no block or system ops and compute with
 * no tensor op (only those
 * that make, cut, read or write tensors, OpDef.orch: 01-functions.md, "a
 * @pl.jit entry body cannot hold operators"), except inside an InCore
 * scope (`with pl.at(level=pl.Level.CORE_GROUP)`, before outlining makes
 * it a kernel); a call launches a function on several cores (core_num)
 * only as a Spmd function's, which InlineFunctions has expanded into its
 * blocks.  A kernel that uses both the M and the V pipe is well formed
 * (pypto's ExpandMixedKernel splits it); the kernel outputs say where
 * they cannot take it (codegen/lower.c). */
#include "config.h"
#include "passes/3_verify/verify.h"
#include "support/ptrmap.h"

/* The Check, and the names of the functions InlineFunctions expands at
 * their calls: a kernel may call those before it has run. */
typedef struct KindCheck {
    Check c;   /* first: the walker's data is the Check */
    PtrMap expanded;
} KindCheck;

static int is_incore_scope(const IrStmt *s) { return s->kind == STMT_SCOPE && s->sub == SCOPE_INCORE; }

static int kinds_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    C->stmt = s;
    C->incore += is_incore_scope(s);
    return 1;
}

static void kinds_stmt_end(IrWalker *w, const IrStmt *s)
{
    ((Check *)w->data)->incore -= is_incore_scope(s);
}

/* A call of a Spmd function: its core_num is its launch, which
 * InlineFunctions expands into blocks (before that pass, -fsyntax-only
 * verifies it as written). */
static int calls_spmd(const Check *C, const IrCall *c)
{
    const IrFunc *g = c->callee->kind == CALLEE_GLOBAL ? ir_program_find(C->prog, c->callee->name) : NULL;
    return g && g->type == FUNC_SPMD;
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
    for (uint32_t i = 0; !op && !calls_spmd(C, c) && i < c->nkwargs; i++)
        if (strcmp(c->kwargs[i].key, "core_num") == 0 && c->kwargs[i].kind == KW_INT && c->kwargs[i].v.i != 1)
            fail(C, e->span, "the call of '%s' launches it on %lld cores (core_num), which pyptocc does only for a "
                             "Spmd function: write the call in a 'with pl.spmd(%lld):' block",
                 c->callee->name, (long long)c->kwargs[i].v.i, (long long)c->kwargs[i].v.i);
    if (func_type_is_kernel((FuncType)C->func->type)) {
        if (op && op->category == OPC_TENSOR && (C->pc->props & PROP_BLOCK_KERNELS))
            fail(C, e->span, "tensor op '%s' in %s function '%s' (kernels use tile and system ops)",
                 op_printed_name(op, name, sizeof name), func_type_name((FuncType)C->func->type), C->func->name);
        else if (c->callee->kind == CALLEE_GLOBAL && !ptrmap_get(&((KindCheck *)C)->expanded, c->callee->name))
            fail(C, e->span, "%s function '%s' calls function '%s' (only Orchestration and Opaque functions call "
                             "functions)",
                 func_type_name((FuncType)C->func->type), C->func->name, c->callee->name);
    } else if (C->incore || !op || !func_type_is_orchestration((FuncType)C->func->type) ||
               !((C->pc->props & PROP_BLOCK_KERNELS) || (C->func->flags & IR_FUNC_JIT_ENTRY))) {
        return 1;   /* a program's orchestration is checked once the kernels are made (pypto's parser takes
                       it); a @pl.jit entry's as written */
    } else if (op->category != OPC_TENSOR && !op->orch) {
        fail(C, e->span, "%s op '%s' in Orchestration function '%s' (%s ops belong in InCore functions)",
             op->category == OPC_BLOCK ? "block" : "system", op_printed_name(op, name, sizeof name), C->func->name,
             op->category == OPC_BLOCK ? "block" : "system");
    } else if (!op->orch && C->func->type == FUNC_ORCHESTRATION) {
        fail(C, e->span, "tensor op '%s' computes in Orchestration function '%s', which only dispatches work: put it "
                         "inside 'with pl.at(level=pl.Level.CORE_GROUP):' or in an InCore function",
             op_printed_name(op, name, sizeof name), C->func->name);
    }
    return 1;
}

int check_kinds(PassCtx *pc, const IrProgram *prog, int report)
{
    KindCheck K;
    Check *C = &K.c;
    check_init(C, pc, prog, report);
    ptrmap_init(&K.expanded);
    for (uint32_t k = 0; k < prog->n; k++)
        if (func_type_is_expanded((FuncType)prog->funcs[k]->type))
            ptrmap_put(&K.expanded, prog->funcs[k]->name, (void *)1);
    C->w.pre_stmt = kinds_stmt;
    C->w.post_stmt = kinds_stmt_end;
    C->w.pre_expr = kinds_expr;
    verify_walk_program(C);
    ptrmap_free(&K.expanded);
    return C->ok;
}
