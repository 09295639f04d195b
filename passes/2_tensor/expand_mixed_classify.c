/* expand_mixed_classify.c: ExpandMixedKernel's classification: the side
 * of each call by the memory spaces of its tiles (a move's or load's
 * target_memory where it has one), the sides on which each scalar is
 * computed (where its operands are), and the Acc tiles the vector side
 * reads in place, which cross where they are defined. */
#include "config.h"
#include "passes/2_tensor/expand_mixed.h"
#include "ir/visit.h"

#include <stdio.h>
#include <string.h>

int xm_space_side(int ms)
{
    /* Bias and the MX scale buffers feed the cube, as L0A and L0B do. */
    return ms == MS_VEC ? SIDE_V
           : ms == MS_MAT || ms == MS_LEFT || ms == MS_RIGHT || ms == MS_ACC || ms == MS_BIAS || ms == MS_LEFT_SCALE ||
                   ms == MS_RIGHT_SCALE
               ? SIDE_C
               : 0;
}

const char *xm_side_name(int side) { return side == SIDE_C ? "cube" : "vector"; }

void xm_fail(Split *S, Span at, const char *fmt, const char *a, const char *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    diag_error(S->pc->diag, at, "cannot split mixed kernel '%s' into cube and vector kernels: %s", S->f->name, msg);
    S->failed = 1;
}

/* ------------------------------------------------------------ analysis */

int xm_var_space(Split *S, const IrExpr *a);

/* The sides on which variable or expression e is available. */
int xm_avail(Split *S, const IrExpr *e)
{
    int a = SIDE_B;
    switch (e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG: {
        const IrType *t = IR_AS(IrVar, e)->type;
        void *v;
        if (t->kind == TYPE_TILE)
            return xm_space_side(xm_var_space(S, e));
        if (t->kind == TYPE_TENSOR)
            return SIDE_B;
        v = ptrmap_get(&S->avail, e);
        return v ? (int)(uintptr_t)v : SIDE_B;   /* parameters */
    }
    case EXPR_BINARY:
        return xm_avail(S, IR_AS(IrBinary, e)->lhs) & xm_avail(S, IR_AS(IrBinary, e)->rhs);
    case EXPR_UNARY:
        return xm_avail(S, IR_AS(IrUnary, e)->operand);
    case EXPR_TUPLE_GET:
        return xm_avail(S, IR_AS(IrTupleGet, e)->tuple);
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            a &= xm_avail(S, IR_AS(IrMakeTuple, e)->elems[i]);
        return a;
    case EXPR_CALL:
        for (uint32_t i = 0; i < IR_AS(IrCall, e)->nargs; i++)
            a &= xm_avail(S, IR_AS(IrCall, e)->args[i]);
        return a;
    default:
        return SIDE_B;
    }
}

/* The space of tile variable a: a move's target (a move from Vec to Mat
 * keeps the Vec layout in its type), else what its type implies. */
int xm_var_space(Split *S, const IrExpr *a)
{
    void *v = ptrmap_get(&S->space, a);
    return v ? (int)(uintptr_t)v - 1 : ir_tile_space(IR_AS(IrVar, a)->type);
}

int xm_tile_side(Split *S, const IrExpr *a)
{
    return ir_is_var_like(a) && IR_AS(IrVar, a)->type->kind == TYPE_TILE ? xm_space_side(xm_var_space(S, a)) : 0;
}

/* The space of the tile call c gives: its target_memory (a move's, an
 * extract's, a load's), else what its type implies. */
int xm_call_space(const IrCall *c)
{
    const IrKwarg *k = ir_call_kwarg(c, "target_memory");
    if (k && k->kind == KW_MEMSPACE && c->type && c->type->kind == TYPE_TILE)
        return (int)k->v.i;
    return c->type && c->type->kind == TYPE_TILE ? ir_tile_space(c->type) : -1;
}

/* A shard of a tile already on the vector side, or a gather of one on
 * the cube (ConvertTensorToBlockOps passed it through global memory),
 * that keeps its shape: the tile itself. */
int xm_same_side(Split *S, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int from = c->nargs ? xm_tile_side(S, c->args[0]) : 0;
    return ir_call_kwarg_int(c, "split", 0) == 0 &&
           ((op_is(op, OP_BLOCK_AIV_SHARD) && from == SIDE_V) || (op_is(op, OP_BLOCK_AIC_GATHER) && from == SIDE_C));
}

int xm_crossing_dir(Split *S, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int from, to;
    if (xm_same_side(S, c))
        return -1;
    if (op_is(op, OP_BLOCK_AIV_SHARD))
        return DIR_C2V;
    if (op_is(op, OP_BLOCK_AIC_GATHER))
        return DIR_V2C;
    if (!op_is(op, OP_BLOCK_MOVE) || c->nargs < 1)
        return -1;
    from = xm_tile_side(S, c->args[0]);
    to = xm_space_side((int)ir_call_kwarg_int(c, "target_memory", -1));
    if (from == SIDE_C && to == SIDE_V)
        return DIR_C2V;
    if (from == SIDE_V && to == SIDE_C)
        return DIR_V2C;
    return -1;
}

/* The side a call runs on: SIDE_C, SIDE_V, or SIDE_B for one without
 * tiles (computed on both sides). */
int xm_call_side(Split *S, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int sides = 0;
    if (op && op_pipe_side(op) == FUNC_AIC)
        return SIDE_C;
    if (op && op_pipe_side(op) == FUNC_AIV)
        return SIDE_V;
    /* a cross-core event or barrier the author gave a core: that core's
     * (pypto's core affinity of sync_set, sync_wait and syncall) */
    if (op && (op_is(op, OP_SYSTEM_SYNC_SET) || op_is(op, OP_SYSTEM_SYNC_WAIT) || op_is(op, OP_SYSTEM_SYNCALL) ||
               op_is(op, OP_SYSTEM_SYNCALL_SOFT))) {
        const IrKwarg *ct = ir_call_kwarg(c, "core_type");
        const char *core = ct && ct->kind == KW_STRING ? ct->v.s : "";
        if (strcmp(core, "aic") == 0 || strcmp(core, "aic_only") == 0)
            return SIDE_C;
        if (strcmp(core, "aiv") == 0 || strcmp(core, "aiv_only") == 0)
            return SIDE_V;
    }
    if (ir_call_pipe(c) == PIPE_M)
        return SIDE_C;
    sides |= xm_space_side(xm_call_space(c));
    for (uint32_t i = 0; i < c->nargs; i++)
        sides |= xm_tile_side(S, c->args[i]);
    /* a vector op reading an Acc tile: the tile crosses to it */
    if (sides == SIDE_B)
        return xm_space_side(xm_call_space(c)) == SIDE_C ? SIDE_C : SIDE_V;
    return sides ? sides : SIDE_B;
}

void xm_analyze(Split *S, const IrStmt *s);

/* pl.aic_gather(t, split=1|2) joins the lanes' halves by position: lane 1's
 * half starts where lane 0's box ends, so a half valid to less than its
 * box along the split axis would leave a gap in the cube's tile (the
 * pipe's push refuses it: PTOAS wants the valid extent of the box).
 * Reports it and returns 1 for such a half. */
static int partial_half(Split *S, const IrStmt *s, const IrCall *c, int split)
{
    const IrType *t = ir_expr_type(S->ir, c->args[0]);
    const IrTileView *v = t->kind == TYPE_TILE ? t->tile_view : NULL;
    uint32_t axis = (uint32_t)split - 1;
    int64_t valid, box;
    char what[160];
    if (!v || v->nvalid != 2 || t->n != 2 || v->valid_shape[axis] == t->dims[axis] ||
        (ir_dim_value(v->valid_shape[axis], &valid) && ir_dim_value(t->dims[axis], &box) && valid == box))
        return 0;
    if (ir_dim_value(v->valid_shape[axis], &valid) && ir_dim_value(t->dims[axis], &box))
        snprintf(what, sizeof what, "%lld of its %lld %s", (long long)valid, (long long)box,
                 axis ? "columns" : "rows");
    else
        snprintf(what, sizeof what, "a run-time part of its %s", axis ? "columns" : "rows");
    xm_fail(S, s->span,
            "pl.aic_gather joins the AIV lanes' halves by position, so each half must be valid to its whole extent "
            "on the split axis, but '%s' is valid to %s; fill the rest first (pl.fillpad)",
            ir_is_var_like(c->args[0]) ? ir_ssa_stem(S->ir, IR_AS(IrVar, c->args[0])->name) : "the half", what);
    return 1;
}

static void analyze_call(Split *S, const IrStmt *s, const IrCall *c, const IrVar *def)
{
    int side = xm_call_side(S, c), dir = xm_crossing_dir(S, c);
    if (def && def->type->kind == TYPE_TILE)
        ptrmap_put(&S->space, def, (void *)(uintptr_t)(xm_call_space(c) + 1));
    if (dir >= 0) {
        int src = xm_tile_side(S, c->args[0]);
        int ms = src ? xm_var_space(S, c->args[0]) : -1;
        int64_t split = ir_call_kwarg_int(c, "split", 0);
        if (!op_is(callee_op(c->callee), OP_BLOCK_MOVE) && split != 0 &&
            src == (op_is(callee_op(c->callee), OP_BLOCK_AIV_SHARD) ? SIDE_V : SIDE_C)) {
            char mode[96];
            snprintf(mode, sizeof mode, "split=%lld, but it is on the %s side already", (long long)split,
                     op_is(callee_op(c->callee), OP_BLOCK_AIV_SHARD) ? "vector" : "cube");
            xm_fail(S, s->span, "'%s' crosses between the cube and the AIV lanes with %s: the lanes' halves cross "
                             "from the cube's matmul result (an Acc tile, pl.aiv_shard) or to the cube "
                             "(pl.aic_gather of the lanes' Vec halves)",
                 ir_ssa_stem(S->ir, IR_AS(IrVar, c->args[0])->name), mode);
            return;
        }
        if (op_is(callee_op(c->callee), OP_BLOCK_AIC_GATHER) && (split == 1 || split == 2) && src == SIDE_V &&
            partial_half(S, s, c, (int)split))
            return;
        /* PTOAS maps a push to the cube's producer pipe for an Acc tile only
         * ("tile type must map to a supported producer pipe") */
        if (src == SIDE_C && dir == DIR_C2V && ms != MS_ACC)
            xm_fail(S, s->span, "'%s' is a %s tile, and the pipe carries the cube's matmul results (Acc tiles) to the "
                             "vector side: PTOAS maps the push of no other cube tile to a producer pipe",
                 ir_ssa_stem(S->ir, IR_AS(IrVar, c->args[0])->name), ms >= 0 ? memspace_name((MemorySpace)ms) : "?");
        else if (src != (dir == DIR_C2V ? SIDE_C : SIDE_V) || (dir == DIR_C2V && ms != MS_ACC))
            xm_fail(S, s->span, "'%s' is a %s tile, and the pipe carries the cube's matmul results (Acc tiles) to the "
                             "vector side",
                 ir_ssa_stem(S->ir, IR_AS(IrVar, c->args[0])->name), ms >= 0 ? memspace_name((MemorySpace)ms) : "?");
        return;
    }
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrExpr *a = c->args[i];
        int home = xm_tile_side(S, a);
        if (home && home != side && side != SIDE_B) {
            if (home == SIDE_C && side == SIDE_V && xm_var_space(S, a) == MS_ACC)
                ptrmap_put(&S->cross, a, (void *)1);
            else
                xm_fail(S, s->span, "the %s side reads '%s', a tile of the other side; move it with pl.move first",
                     xm_side_name(side), ir_ssa_stem(S->ir, IR_AS(IrVar, a)->name));
        } else if (!home && side != SIDE_B && !(xm_avail(S, a) & side)) {
            xm_fail(S, s->span, "the %s side needs '%s', which only the other side computes", xm_side_name(side),
                 a->kind == EXPR_VAR ? ir_ssa_stem(S->ir, IR_AS(IrVar, a)->name) : "a value");
        }
    }
    if (def && def->type->kind != TYPE_TILE && def->type->kind != TYPE_TENSOR)
        ptrmap_put(&S->avail, def, (void *)(uintptr_t)(side == SIDE_B ? xm_avail(S, &c->e) : side));
}

static void set_avail(Split *S, const IrVar *v, int a)
{
    if (v->type->kind != TYPE_TILE && v->type->kind != TYPE_TENSOR)
        ptrmap_put(&S->avail, v, (void *)(uintptr_t)a);
}

/* A loop's carried scalars are where their initial and yielded values
 * both are: narrowed until nothing changes (a few rounds). */
static void analyze_loop(Split *S, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret, const IrStmt *body)
{
    for (uint32_t i = 0; i < n; i++)
        set_avail(S, &it[i]->v, xm_avail(S, it[i]->init));
    for (int round = 0; round < 4; round++) {
        const IrValues *y;
        int changed = 0;
        xm_analyze(S, body);
        y = ir_body_yield(body);
        for (uint32_t i = 0; y && i < n && i < y->n; i++) {
            int was = xm_avail(S, &it[i]->v.e), now = was & xm_avail(S, y->values[i]);
            if (now != was && it[i]->v.type->kind != TYPE_TILE && it[i]->v.type->kind != TYPE_TENSOR) {
                set_avail(S, &it[i]->v, now);
                changed = 1;
            }
        }
        if (!changed)
            break;
    }
    for (uint32_t i = 0; i < n; i++)
        set_avail(S, ret[i], xm_avail(S, &it[i]->v.e));
}

void xm_analyze(Split *S, const IrStmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            xm_analyze(S, IR_AS(IrSeq, s)->stmts[i]);
        break;
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        if (a->value->kind == EXPR_CALL)
            analyze_call(S, s, IR_AS(IrCall, a->value), a->var);
        else
            set_avail(S, a->var, xm_avail(S, a->value));
        break;
    }
    case STMT_EVAL:
        if (IR_AS(IrEval, s)->expr->kind == EXPR_CALL)
            analyze_call(S, s, IR_AS(IrCall, IR_AS(IrEval, s)->expr), NULL);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        set_avail(S, f->loop_var, xm_avail(S, f->start) & xm_avail(S, f->stop) & xm_avail(S, f->step));
        analyze_loop(S, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        analyze_loop(S, w->niter, w->iter_args, w->ret, w->body);
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrValues *yt, *ye;
        xm_analyze(S, f->then_body);
        xm_analyze(S, f->else_body);
        yt = f->then_body ? ir_body_yield(f->then_body) : NULL;
        ye = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t i = 0; i < f->nret; i++)
            set_avail(S, f->ret[i], (yt && i < yt->n ? xm_avail(S, yt->values[i]) : SIDE_B) &
                                        (ye && i < ye->n ? xm_avail(S, ye->values[i]) : SIDE_B));
        break;
    }
    case STMT_SCOPE:
        xm_analyze(S, IR_AS(IrScope, s)->body);
        break;
    default:
        break;
    }
}

/* ---------------------------------------------- global memory between sides */

/* The kernels run side by side and synchronise only through the pipe: a
 * tensor that one writes and the other reads or writes in global memory
 * would race, unless a fence orders the accesses (expand_mixed_fence.c:
 * one side's store before the other side's later loads; after a fence the
 * writes so far count as ordered).  Each
 * tensor value is traced to its root (a parameter or a tensor made in the
 * function) through the stores that return it and the loops that carry
 * it. */
typedef struct GmUse {
    Split *S;
    PtrMap root;                /* tensor value -> its root */
    PtrMap writer;              /* root -> the side that writes it */
    PtrMap reader;              /* root -> the sides that read it */
} GmUse;

static const IrExpr *gm_root(GmUse *G, const IrExpr *e)
{
    const IrExpr *r;
    while ((r = ptrmap_get(&G->root, e)))
        e = r;
    return e;
}

static void gm_access(GmUse *G, const IrExpr *tensor, int side, int write, Span at)
{
    const IrExpr *root = gm_root(G, tensor);
    int w = (int)(uintptr_t)ptrmap_get(&G->writer, root), r = (int)(uintptr_t)ptrmap_get(&G->reader, root);
    const char *name = ir_is_var_like(root) ? IR_AS(IrVar, root)->name : "a tensor";
    if ((w && w != side) || (write && (r & ~side))) {
        int other = w && w != side ? w : (r & ~side);
        char what[300];
        snprintf(what, sizeof what, "the %s kernel %s '%%s' in global memory, which the %%s kernel %s too; "
                 "pyptocc orders only one side's store before the other side's later accesses "
                 "(pass the tile through the pipe instead)",
                 xm_side_name(side), write ? "writes" : "reads", w && w != side ? "writes" : "reads");
        xm_fail(G->S, at, what, name, xm_side_name(other));
        return;
    }
    if (write)
        ptrmap_put(&G->writer, root, (void *)(uintptr_t)side);
    else
        ptrmap_put(&G->reader, root, (void *)(uintptr_t)(r | side));
}

static int gm_stmt(IrWalker *w, const IrStmt *s)
{
    GmUse *G = w->data;
    IrCtx *ir = G->S->ir;
    const IrCall *c;
    if (G->S->failed)
        return 0;
    if (s->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, s);
        for (uint32_t i = 0; i < f->niter; i++) {
            ptrmap_put(&G->root, &f->iter_args[i]->v.e, (void *)f->iter_args[i]->init);
            ptrmap_put(&G->root, f->ret[i], (void *)f->iter_args[i]->init);
        }
    } else if (s->kind == STMT_WHILE) {
        const IrWhile *f = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < f->niter; i++) {
            ptrmap_put(&G->root, &f->iter_args[i]->v.e, (void *)f->iter_args[i]->init);
            ptrmap_put(&G->root, f->ret[i], (void *)f->iter_args[i]->init);
        }
    } else if (ptrmap_get(&G->S->fence, s)) {
        /* the cube's earlier writes are ordered before what follows on the
         * vector side (expand_mixed_fence.c) */
        ptrmap_put(&G->writer, gm_root(G, ptrmap_get(&G->S->fence, s)), NULL);
    } else if ((c = ir_stmt_call(s)) && c->callee->kind == CALLEE_OP) {
        int side = xm_call_side(G->S, c), target = -1;
        const IrVar *def = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->var : NULL;
        if (side != SIDE_C && side != SIDE_V)
            return 1;
        /* A call that gives a tensor writes its last tensor argument
         * (store, l0c_store, mscatter): the result is that tensor's next
         * version. */
        if (def && def->type->kind == TYPE_TENSOR)
            for (uint32_t i = 0; i < c->nargs; i++)
                if (ir_expr_type(ir, c->args[i])->kind == TYPE_TENSOR)
                    target = (int)i;
        for (uint32_t i = 0; i < c->nargs && !G->S->failed; i++)
            if (ir_expr_type(ir, c->args[i])->kind == TYPE_TENSOR)
                gm_access(G, c->args[i], side, (int)i == target, s->span);
        if (target >= 0)
            ptrmap_put(&G->root, def, (void *)c->args[target]);
    }
    return 1;
}

void xm_check_gm(Split *S, const IrStmt *body)
{
    GmUse G;
    IrWalker w;
    memset(&G, 0, sizeof G);
    G.S = S;
    ptrmap_init(&G.root);
    ptrmap_init(&G.writer);
    ptrmap_init(&G.reader);
    memset(&w, 0, sizeof w);
    w.pre_stmt = gm_stmt;
    w.data = &G;
    ir_walk_stmt(&w, body);
    ptrmap_free(&G.root);
    ptrmap_free(&G.writer);
    ptrmap_free(&G.reader);
}
