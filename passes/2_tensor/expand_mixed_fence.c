/* expand_mixed_fence.c: ExpandMixedKernel's fences for global memory that
 * one side stores and the other side then loads (pypto's ExpandMixedKernel
 * orders the cube-to-vector pair the same way: expand_mixed_kernel_pass.cpp,
 * "GM-mediated cross-lane" syncs; it leaves the other direction unfenced).
 *
 * The two kernels run side by side and synchronise only through the pipe,
 * so a tensor that one side stores and the other then loads would race.
 * After such a store the storing side pushes the stored tile once more,
 * as a token, and the other side pops it where the store stood in program
 * order: its later loads wait for the push, which follows the store.  The
 * token is `<root>_gm_sync = pl.move(tile, target_memory=Vec)` after the
 * cube's store of an Acc tile, `pl.move(tile, target_memory=Mat)` after
 * the vector side's store of a Vec tile: an ordinary crossing, so the
 * split, the pipe's setup and the slot's free are those of any tile
 * crossing; nothing reads the token.  A fence is placed where the store
 * is when a later statement, of its list or of a list around it (after a
 * loop or an if that holds the store), loads the tensor on the other side
 * or stores into it there; the fences are recorded (S->fence: statement -> the tensor's
 * root) for xm_check_gm, which accepts the other side's reads after one.
 * Other shares of global memory (a load before the store, a store the
 * pipe cannot push: of a tile in neither Acc nor Vec) stay the located
 * errors of xm_check_gm. */
#include "config.h"
#include "passes/2_tensor/expand_mixed.h"
#include "ir/visit.h"

#include <stdio.h>
#include <string.h>

typedef struct Fence {
    Split *S;
    PtrMap root;    /* tensor value -> the value it is a version of (store result -> target, iter_arg -> init) */
    PtrMap need;    /* store statement -> 1: the other side loads its tensor later */
} Fence;

/* The statement lists around the statement being visited, innermost
 * last, each with that statement's (or its enclosing one's) position. */
#define FENCE_DEPTH 64
typedef struct Frame {
    const IrSeq *q;
    uint32_t i;
} Frame;

static const IrExpr *root_of(Fence *F, const IrExpr *e)
{
    const IrExpr *r;
    while ((r = ptrmap_get(&F->root, e)))
        e = r;
    return e;
}

/* The tensor a call that gives a tensor writes: its last tensor argument
 * (store, l0c_store), as xm_check_gm counts it; -1 for none. */
static int written_arg(IrCtx *ir, const IrCall *c, const IrVar *def)
{
    int target = -1;
    if (def && def->type->kind == TYPE_TENSOR)
        for (uint32_t i = 0; i < c->nargs; i++)
            if (ir_expr_type(ir, c->args[i])->kind == TYPE_TENSOR)
                target = (int)i;
    return target;
}

static int roots_stmt(IrWalker *w, const IrStmt *s)
{
    Fence *F = w->data;
    const IrCall *c;
    if (s->kind == STMT_FOR || s->kind == STMT_WHILE) {
        uint32_t n = s->kind == STMT_FOR ? IR_AS(IrFor, s)->niter : IR_AS(IrWhile, s)->niter;
        const IrIterArg *const *it = s->kind == STMT_FOR ? IR_AS(IrFor, s)->iter_args : IR_AS(IrWhile, s)->iter_args;
        const IrVar *const *ret = s->kind == STMT_FOR ? IR_AS(IrFor, s)->ret : IR_AS(IrWhile, s)->ret;
        for (uint32_t i = 0; i < n; i++) {
            ptrmap_put(&F->root, &it[i]->v.e, (void *)it[i]->init);
            ptrmap_put(&F->root, ret[i], (void *)it[i]->init);
        }
    } else if (s->kind == STMT_ASSIGN && (c = ir_stmt_call(s)) && c->callee->kind == CALLEE_OP) {
        const IrVar *def = IR_AS(IrAssign, s)->var;
        int target = written_arg(F->S->ir, c, def);
        if (target >= 0)
            ptrmap_put(&F->root, def, (void *)c->args[target]);
    }
    return 1;
}

/* The store in s of an Acc tile (the cube's) or a Vec tile (the vector
 * side's): the tile, its side and the root of the tensor it writes; NULL
 * for any other statement. */
static const IrExpr *side_store(Fence *F, const IrStmt *s, const IrExpr **root, int *side)
{
    const IrCall *c = s->kind == STMT_ASSIGN ? ir_stmt_call(s) : NULL;
    int target, space;
    if (!c || c->callee->kind != CALLEE_OP || !c->nargs || !ir_is_var_like(c->args[0]) ||
        IR_AS(IrVar, c->args[0])->type->kind != TYPE_TILE)
        return NULL;
    space = ir_tile_space(IR_AS(IrVar, c->args[0])->type);
    if ((space != MS_ACC && space != MS_VEC) || (target = written_arg(F->S->ir, c, IR_AS(IrAssign, s)->var)) < 1)
        return NULL;
    *root = root_of(F, c->args[target]);
    *side = xm_space_side(space);
    return c->args[0];
}

typedef struct SideRead {
    Fence *F;
    const IrExpr *root;
    int side;
    int found;
} SideRead;

/* A load of a version of R->root into a space of side R->side, or a
 * store into it of a tile of that side (the later write must not be
 * overtaken by the earlier one either). */
static int side_read_expr(IrWalker *w, const IrExpr *e)
{
    SideRead *R = w->data;
    IrCtx *ir = R->F->S->ir;
    const IrCall *c = e->kind == EXPR_CALL ? IR_AS(IrCall, e) : NULL;
    int target = -1;
    if (!c || c->callee->kind != CALLEE_OP || !c->nargs)
        return !R->found;
    if (op_is(callee_op(c->callee), OP_BLOCK_LOAD) && xm_space_side(xm_call_space(c)) == R->side)
        target = 0;
    else if (c->type && c->type->kind == TYPE_TENSOR && ir_is_var_like(c->args[0]) &&
             IR_AS(IrVar, c->args[0])->type->kind == TYPE_TILE &&
             xm_space_side(ir_tile_space(IR_AS(IrVar, c->args[0])->type)) == R->side)
        for (uint32_t i = 1; i < c->nargs; i++)
            if (ir_expr_type(ir, c->args[i])->kind == TYPE_TENSOR)
                target = (int)i;
    if (target >= 0 && root_of(R->F, c->args[target]) == R->root)
        R->found = 1;
    return !R->found;
}

static int reads_on_side(Fence *F, const IrStmt *s, const IrExpr *root, int side)
{
    IrWalker w;
    SideRead R = {F, root, side, 0};
    memset(&w, 0, sizeof w);
    w.pre_expr = side_read_expr;
    w.data = &R;
    ir_walk_stmt(&w, s);
    return R.found;
}

/* Marks each store of s that the other side's load follows in program
 * order: later in its own list, or after a statement that encloses it (a
 * store in a loop or an if is fenced where it is, so that both sides'
 * copies of the loop push and pop as often). */
static void mark_stores(Fence *F, const IrStmt *s, Frame *stack, uint32_t depth)
{
    const IrExpr *root;
    int side;
    if (!s)
        return;
    switch (s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        if (depth == FENCE_DEPTH)
            return;
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++) {
            stack[depth].q = IR_AS(IrSeq, s);
            stack[depth].i = i;
            mark_stores(F, IR_AS(IrSeq, s)->stmts[i], stack, depth + 1);
        }
        break;
    case STMT_FOR:
        mark_stores(F, IR_AS(IrFor, s)->body, stack, depth);
        break;
    case STMT_WHILE:
        mark_stores(F, IR_AS(IrWhile, s)->body, stack, depth);
        break;
    case STMT_IF:
        mark_stores(F, IR_AS(IrIf, s)->then_body, stack, depth);
        mark_stores(F, IR_AS(IrIf, s)->else_body, stack, depth);
        break;
    case STMT_SCOPE:
        mark_stores(F, IR_AS(IrScope, s)->body, stack, depth);
        break;
    case STMT_ASSIGN:
        if (!side_store(F, s, &root, &side))
            break;
        for (uint32_t d = depth; d-- > 0;)
            for (uint32_t j = stack[d].i + 1; j < stack[d].q->n; j++)
                if (reads_on_side(F, stack[d].q->stmts[j], root, side == SIDE_C ? SIDE_V : SIDE_C)) {
                    ptrmap_put(&F->need, s, (void *)1);
                    return;
                }
        break;
    default:
        break;
    }
}

static int fence_seq(void *data, const IrSeq *q, uint32_t i, PassStmts *out, uint32_t *skip)
{
    Fence *F = data;
    Split *S = F->S;
    int side = 0;
    const IrExpr *root = NULL, *tile = side_store(F, q->stmts[i], &root, &side), *move;
    IrKwarg kw;
    char name[160];
    IrVar *token;
    (void)skip;
    if (!tile || !ptrmap_get(&F->need, q->stmts[i]))
        return 0;
    kw.key = ir_name(S->ir, "target_memory");
    kw.kind = KW_MEMSPACE;
    kw.v.i = side == SIDE_C ? MS_VEC : MS_MAT;
    if (!(move = xm_op_call(S, OP_BLOCK_MOVE, 1, &tile, 1, &kw, q->stmts[i]->span)))
        return 0;
    snprintf(name, sizeof name, "%s_gm_sync",
             ir_is_var_like(root) ? ir_ssa_stem(S->ir, IR_AS(IrVar, root)->name) : "gm");
    token = pass_fresh_var(S->ir, &S->taken[SIDE_C], name, ir_expr_type(S->ir, move), q->stmts[i]->span);
    ptrmap_put(&S->taken[SIDE_V], token->name, (void *)token->name);
    vec_push(*out, q->stmts[i]);
    vec_push(*out, ir_assign(S->ir, token, move, q->stmts[i]->span));
    ptrmap_put(&S->fence, out->data[out->len - 1], (void *)root);
    return 1;
}

static const IrStmt *fence_stmt(IrMutator *m, const IrStmt *s)
{
    Fence *F = m->data;
    return pass_rewrite_seq(F->S->ir, s, fence_seq, F);
}

const IrFunc *xm_fence_gm(Split *S, const IrFunc *f)
{
    Fence F;
    IrWalker w;
    IrMutator m;
    const IrStmt *body;
    IrFunc *g;
    memset(&F, 0, sizeof F);
    F.S = S;
    Frame stack[FENCE_DEPTH];
    ptrmap_init(&F.root);
    ptrmap_init(&F.need);
    memset(&w, 0, sizeof w);
    w.pre_stmt = roots_stmt;
    w.data = &F;
    ir_walk_stmt(&w, f->body);
    mark_stores(&F, f->body, stack, 0);
    memset(&m, 0, sizeof m);
    m.ctx = S->ir;
    m.stmt = fence_stmt;
    m.data = &F;
    body = ir_mutate_stmt(&m, f->body);
    ptrmap_free(&F.root);
    ptrmap_free(&F.need);
    if (body == f->body)
        return f;
    g = ir_func_rebuild(S->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
    g->name = f->name;
    g->type = f->type;
    return g;
}
