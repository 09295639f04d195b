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
 * blocks; an AIC function holds only the AIC's side of the cross-core
 * pipe (it pushes to the AIVs, pops from them, frees to them) and an AIV
 * function only the AIV's, and the crossings of a pl.split_aiv region
 * (aiv_shard, aic_gather) are an InCore function's, which
 * ExpandMixedKernel splits (pypto docs/en/reference/pto-isa/
 * 01-tpush_tpop.md, "Transfer Instructions"; dev/passes/
 * 21-expand_mixed_kernel.md).  A kernel that uses both the M and the V
 * pipe is well formed (pypto's ExpandMixedKernel splits it); Legalize
 * refuses it for the kernel outputs. */
#include "config.h"
#include "passes/3_verify/verify.h"
#include "support/ptrmap.h"

/* The Check, and the names of the functions InlineFunctions expands at
 * their calls: a kernel may call those before it has run. */
typedef struct KindCheck {
    Check c;   /* first: the walker's data is the Check */
    PtrMap expanded;
    PtrMap pops;   /* a tile variable -> the cross-core pop that defines it */
} KindCheck;

static int is_incore_scope(const IrStmt *s) { return s->kind == STMT_SCOPE && s->sub == SCOPE_INCORE; }

static int kinds_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    C->stmt = s;
    C->incore += is_incore_scope(s);
    if (a && (op_called(a->value, OP_BLOCK_TPOP_FROM_AIC) || op_called(a->value, OP_BLOCK_TPOP_FROM_AIV)))
        ptrmap_put(&((KindCheck *)C)->pops, a->var, (void *)a->value);
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

static void check_pipe_side(Check *C, const OpDef *op, Span at)
{
    FuncType side = op ? op_pipe_side(op) : FUNC_OPAQUE, kind = (FuncType)C->func->type;
    char name[128];
    if (side == FUNC_OPAQUE || side == kind || kind == FUNC_INCORE)
        return;   /* an InCore function holds both sides until it is split */
    if (side == FUNC_INCORE)
        fail(C, at, "'%s' in %s function '%s': the crossings of a pl.split_aiv region belong in an InCore function, "
                    "which is split into its AIC and AIV kernels",
             op_printed_name(op, name, sizeof name), func_type_name(kind), C->func->name);
    else if (kind == FUNC_AIC || kind == FUNC_AIV)
        fail(C, at, "'%s' runs on the %s, but '%s' is an %s function", op_printed_name(op, name, sizeof name),
             side == FUNC_AIC ? "AIC (cube)" : "AIV (vector) lanes", C->func->name, func_type_name(kind));
}

/* A slot goes back the way its tile came, on its pipe: tfree_to_aiv
 * frees a tile of tpop_from_aiv (pypto's PTO codegen rejects the rest
 * with these words). */
static void check_tfree(Check *C, const IrCall *c, const OpDef *op)
{
    OpId want = op->id == OP_SYSTEM_TFREE_TO_AIV ? OP_BLOCK_TPOP_FROM_AIV : OP_BLOCK_TPOP_FROM_AIC;
    const IrCall *pop = c->nargs ? ptrmap_get(&((KindCheck *)C)->pops, c->args[0]) : NULL;
    const IrKwarg *id = ir_call_kwarg(c, "id");
    char a[128], b[128], g[128];
    if (!pop)
        return;
    if (!op_is(callee_op(pop->callee), want))
        fail(C, c->e.span, "%s requires its tile argument to come from %s, got %s",
             op_dsl_name(op, 0, a, sizeof a), op_dsl_name(op_by_id(want), 0, b, sizeof b),
             op_dsl_name(callee_op(pop->callee), 0, g, sizeof g));
    else if (id && id->v.i != ir_call_kwarg_int(pop, "id", 0))
        fail(C, c->e.span, "%s pipe id %lld does not match originating %s pipe id %lld",
             op_dsl_name(op, 0, a, sizeof a), (long long)id->v.i, op_dsl_name(op_by_id(want), 0, b, sizeof b),
             (long long)ir_call_kwarg_int(pop, "id", 0));
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
        check_pipe_side(C, op, e->span);
        if (op_is(op, OP_SYSTEM_TFREE_TO_AIC) || op_is(op, OP_SYSTEM_TFREE_TO_AIV))
            check_tfree(C, c, op);
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
    ptrmap_init(&K.pops);
    for (uint32_t k = 0; k < prog->n; k++)
        if (func_type_is_expanded((FuncType)prog->funcs[k]->type))
            ptrmap_put(&K.expanded, prog->funcs[k]->name, (void *)1);
    C->w.pre_stmt = kinds_stmt;
    C->w.post_stmt = kinds_stmt_end;
    C->w.pre_expr = kinds_expr;
    verify_walk_program(C);
    ptrmap_free(&K.expanded);
    ptrmap_free(&K.pops);
    return C->ok;
}
