/* infer_tile_memory.c: InferTileMemorySpace (pypto@e2d0f78a
 * docs/en/dev/passes/17-infer_tile_memory_space.md), its cube half.  The
 * cube reads its operands from Left and Right, which Legalize fills from
 * Mat; a kernel that feeds a matrix product Vec tiles (a pl.load without
 * target_memory=, whose default is Vec) would otherwise stop there.  As
 * the reference's demand analysis does:
 *
 *   - a load into Vec that only matrix products read (as lhs, rhs or
 *     bias) loads into Mat instead: the tile never was vector data;
 *   - any other Vec tile a product reads (one the vector unit computed)
 *     is moved into Mat first, a move ExpandMixedKernel turns into the
 *     cross-core pipe.
 *
 * The accumulator of matmul_acc is the product's own Acc tile and is left
 * alone. */
#include "config.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_conv.h"

#include <string.h>

typedef struct Infer {
    PassCtx *pc;
    IrCtx *ir;
    TcNames names;
    PtrMap uses;        /* var -> uses */
    PtrMap cube_uses;   /* var -> uses as a product's lhs, rhs or bias */
    PtrMap defs;        /* var -> its defining call */
} Infer;

/* The first operand of product call c that goes to Left, Right or Bias
 * (its accumulator comes before it); -1 when c is no product. */
static int first_operand(const IrExpr *e)
{
    const OpDef *op = tc_call_op(e);
    if (!op || !(op->cls == OPCL_MATMUL || op->cls == OPCL_MATMUL_ACC || op->cls == OPCL_MATMUL_BIAS))
        return -1;
    return op->cls == OPCL_MATMUL_ACC;
}

static void bump(PtrMap *m, const void *k) { ptrmap_put(m, k, (void *)((uintptr_t)ptrmap_get(m, k) + 1)); }

static int count(IrWalker *w, const IrExpr *e)
{
    Infer *I = w->data;
    int first;
    if (ir_is_var_like(e))
        bump(&I->uses, e);
    if ((first = first_operand(e)) >= 0) {
        const IrCall *c = IR_AS(IrCall, e);
        for (uint32_t i = (uint32_t)first; i < c->nargs; i++)
            if (ir_is_var_like(c->args[i]))
                bump(&I->cube_uses, c->args[i]);
    }
    return 1;
}

static int note_def(IrWalker *w, const IrStmt *s)
{
    Infer *I = w->data;
    if (s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->value->kind == EXPR_CALL)
        ptrmap_put(&I->defs, IR_AS(IrAssign, s)->var, (void *)IR_AS(IrAssign, s)->value);
    return 1;
}

static int vec_tile(const Infer *I, const IrExpr *x)
{
    const IrType *t = ir_expr_type(I->ir, x);
    return t && t->kind == TYPE_TILE && tc_tile_space(&I->defs, I->ir, x) == MS_VEC;
}

/* `x = block.load(..., target_memory=Vec)` that only products read: the
 * load into Mat. */
static const IrStmt *retarget_load(IrMutator *m, const IrStmt *s)
{
    Infer *I = m->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c;
    const IrExpr *load;
    IrVar *v;
    TcKw kw = {"target_memory", MS_MAT};
    OpError err;
    uintptr_t n;
    if (!a || !tc_is_op(a->value, OP_BLOCK_LOAD) || !vec_tile(I, &a->var->e))
        return s;
    n = (uintptr_t)ptrmap_get(&I->uses, a->var);
    if (!n || (uintptr_t)ptrmap_get(&I->cube_uses, a->var) != n)
        return s;
    c = IR_AS(IrCall, a->value);
    if (!(load = tc_op(I->ir, OP_BLOCK_LOAD, c->nargs, c->args, 1, &kw, a->value->span, &err)))
        return s;   /* no Mat form (a dtype L1 does not take): the Vec tile is moved below */
    v = ir_var_new(I->ir, a->var->name, ir_expr_type(I->ir, load), a->var->e.span);
    ir_mutator_replace(m, a->var, &v->e);
    return ir_assign(I->ir, v, load, s->span);
}

/* Products that still read a Vec tile read its move into Mat. */
static int stage_stmt(void *data, const IrSeq *q, uint32_t i, TcStmts *out, uint32_t *skip)
{
    Infer *I = data;
    const IrStmt *st = q->stmts[i];
    const IrAssign *a = st->kind == STMT_ASSIGN ? IR_AS(IrAssign, st) : NULL;
    int first = a ? first_operand(a->value) : -1;
    const IrCall *c = first >= 0 ? IR_AS(IrCall, a->value) : NULL;
    const IrExpr *args[8], *v;
    int any = 0;
    OpError err;
    (void)skip;
    if (!c || c->nargs > 8 || c->nkwargs)   /* products take no kwargs */
        return 0;
    memcpy(args, c->args, c->nargs * sizeof *args);
    for (uint32_t k = (uint32_t)first; k < c->nargs; k++) {
        TcKw kw = {"target_memory", MS_MAT};
        const IrExpr *mv;
        if (!vec_tile(I, c->args[k]))
            continue;
        if (!(mv = tc_op(I->ir, OP_BLOCK_MOVE, 1, &c->args[k], 1, &kw, a->value->span, &err)))
            return 0;
        args[k] = &tc_let(I->ir, out,
                          tc_fresh2(&I->names,
                                    ir_is_var_like(c->args[k]) ? ir_ssa_stem(I->ir, IR_AS(IrVar, c->args[k])->name)
                                                               : "_t",
                                    "_mat"),
                          mv, a->s.span)->e;
        any = 1;
    }
    /* The type must stay the product's; else Legalize reports the call. */
    if (!any || !(v = tc_op(I->ir, tc_call_op(a->value)->id, c->nargs, args, 0, NULL, a->value->span, &err)) ||
        ir_expr_type(I->ir, v) != a->var->type)
        return 0;
    vec_push(*out, ir_assign(I->ir, a->var, v, a->s.span));
    return 1;
}

static const IrStmt *stage_block(IrMutator *m, const IrStmt *s)
{
    return pass_rewrite_seq(((Infer *)m->data)->ir, s, stage_stmt, m->data);
}

static int reads_vec_operand(const IrExpr *e, const void *ctx)
{
    const Infer *I = ctx;
    int first = first_operand(e);
    if (first < 0)
        return 0;
    for (uint32_t k = (uint32_t)first; k < IR_AS(IrCall, e)->nargs; k++)
        if (vec_tile(I, IR_AS(IrCall, e)->args[k]))
            return 1;
    return 0;
}

static const IrFunc *infer_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Infer I;
    IrMutator m;
    IrWalker w;
    const IrStmt *body;
    (void)prog;
    (void)data;
    memset(&I, 0, sizeof I);
    I.pc = pc;
    I.ir = pc->ir;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE)
        return f;
    ptrmap_init(&I.uses);
    ptrmap_init(&I.cube_uses);
    ptrmap_init(&I.defs);
    memset(&w, 0, sizeof w);
    w.pre_stmt = note_def;
    w.pre_expr = count;
    w.data = &I;
    ir_walk_stmt(&w, f->body);
    if (!ir_stmt_any(f->body, NULL, reads_vec_operand, &I)) {
        ptrmap_free(&I.uses);
        ptrmap_free(&I.cube_uses);
        ptrmap_free(&I.defs);
        return f;
    }
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = retarget_load;
    m.data = &I;
    body = ir_mutate_stmt(&m, f->body);
    tc_names_init(&I.names, pc->ir);
    tc_names_add_func(&I.names, f);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = stage_block;
    m.data = &I;
    body = ir_mutate_stmt(&m, body);
    tc_names_free(&I.names);
    ptrmap_free(&I.uses);
    ptrmap_free(&I.cube_uses);
    ptrmap_free(&I.defs);
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_infer_tile_memory(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, infer_function, NULL, MAP_CONTINUE);
}
