/* expand_mixed_kernel.c: ExpandMixedKernel (pypto docs/en/dev/passes/
 * 21-expand_mixed_kernel.md): an InCore kernel that uses both the cube
 * (matmul, Mat/Left/Right/Acc tiles) and the vector unit (Vec tiles) is
 * split into an AIC kernel F_aic and an AIV kernel F_aiv that pass their
 * tiles through the cross-core pipe, as a user would write them by hand
 * (tests/e2e/xcore_pipe.py).
 *
 * Each statement is classified by the memory spaces of its tiles: cube
 * (every tile in Mat, Left, Right or Acc, or a matmul), vector (Vec), or
 * shared (no tile: scalar code, which both sides compute).  A tile is on
 * the side of its space; a scalar where its operands are; a tensor on
 * both (a store writes global memory in place: the side without the store
 * reads its target instead of its result).  A value crossing sides goes
 * through the pipe where it is defined: an Acc tile the vector side uses
 * (pl.move(acc, target_memory=Vec), pl.aiv_shard, or a vector op reading
 * it) as tpush_to_aiv + tpop_from_aic, a Vec tile moved to Mat, Left or
 * Right (or pl.aic_gather) as tpush_to_aic + tpop_from_aiv into Mat, then
 * the move on the cube; each pop's slot is freed after its last use, in
 * pop order (a TFREE gives back the oldest slot).  Loops and ifs run on
 * each side that has work in them, with the iter_args of that side.  The
 * pipe's setup (reserve_buffer, import_peer_buffer, *_initialize_pipe) is
 * prepended: dir_mask by the directions used, slot_size the largest tile
 * that crosses, slot_num 2, or more where a side holds more popped tiles
 * at once.  Every definition is copied, so the two kernels share no
 * variable.
 *
 * pypto's Group that calls both kernels runs where it stands in pyptocc
 * (InlineFunctions expands the Groups a program writes), so each call of F
 * becomes the call of F_aic followed by the call of F_aiv, which returns
 * what F returned.  What the pass cannot split (a scalar the other side
 * computes, a tile crossing the other way than the pipe carries it, a
 * popped tile held across a nested pop) is a located error saying why. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

enum { SIDE_C = 1, SIDE_V = 2, SIDE_B = 3 };
enum { DIR_C2V, DIR_V2C };

typedef VEC(const IrStmt *) StmtList;

typedef struct Split {
    PassCtx *pc;
    IrCtx *ir;
    const IrFunc *f;
    const char *names[3];       /* [SIDE_C], [SIDE_V]: the kernels' names */
    PtrMap avail;               /* scalar variable -> the sides that have it (SIDE_*) */
    PtrMap cross;               /* Acc tile -> 1: the vector side reads it (an implicit crossing) */
    PtrMap space;               /* tile -> its memory space + 1, where a move's target_memory says it */
    PtrMap taken[3];            /* [SIDE_C], [SIDE_V]: the names F defines and the side's new ones */
    uint64_t bytes[2];          /* the largest tile of each direction; 0 when unused */
    uint32_t slots;             /* the most popped tiles a side holds at once */
    int failed;
    int missing;                /* set by subst when a variable has no copy on the side */
} Split;

/* One side's copy of the body being built. */
typedef struct Side {
    Split *S;
    int side;                   /* SIDE_C or SIDE_V */
    PtrMap subst;               /* variable of F -> its value on this side */
} Side;

static int space_side(int ms)
{
    return ms == MS_VEC ? SIDE_V : ms == MS_MAT || ms == MS_LEFT || ms == MS_RIGHT || ms == MS_ACC ? SIDE_C : 0;
}

static const char *side_name(int side) { return side == SIDE_C ? "cube" : "vector"; }

static void fail(Split *S, Span at, const char *fmt, const char *a, const char *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    diag_error(S->pc->diag, at, "cannot split mixed kernel '%s' into cube and vector kernels: %s", S->f->name, msg);
    S->failed = 1;
}

/* ------------------------------------------------------------ analysis */

static int var_space(Split *S, const IrExpr *a);

/* The sides on which variable or expression e is available. */
static int avail(Split *S, const IrExpr *e)
{
    int a = SIDE_B;
    switch (e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG: {
        const IrType *t = IR_AS(IrVar, e)->type;
        void *v;
        if (t->kind == TYPE_TILE)
            return space_side(var_space(S, e));
        if (t->kind == TYPE_TENSOR)
            return SIDE_B;
        v = ptrmap_get(&S->avail, e);
        return v ? (int)(uintptr_t)v : SIDE_B;   /* parameters */
    }
    case EXPR_BINARY:
        return avail(S, IR_AS(IrBinary, e)->lhs) & avail(S, IR_AS(IrBinary, e)->rhs);
    case EXPR_UNARY:
        return avail(S, IR_AS(IrUnary, e)->operand);
    case EXPR_TUPLE_GET:
        return avail(S, IR_AS(IrTupleGet, e)->tuple);
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            a &= avail(S, IR_AS(IrMakeTuple, e)->elems[i]);
        return a;
    case EXPR_CALL:
        for (uint32_t i = 0; i < IR_AS(IrCall, e)->nargs; i++)
            a &= avail(S, IR_AS(IrCall, e)->args[i]);
        return a;
    default:
        return SIDE_B;
    }
}

/* The space of tile variable a: a move's target (a move from Vec to Mat
 * keeps the Vec layout in its type), else what its type implies. */
static int var_space(Split *S, const IrExpr *a)
{
    void *v = ptrmap_get(&S->space, a);
    return v ? (int)(uintptr_t)v - 1 : ir_tile_space(IR_AS(IrVar, a)->type);
}

static int tile_arg_side(Split *S, const IrExpr *a)
{
    return ir_is_var_like(a) && IR_AS(IrVar, a)->type->kind == TYPE_TILE ? space_side(var_space(S, a)) : 0;
}

/* The space of the tile call c gives: its target_memory (a move's, an
 * extract's, a load's), else what its type implies. */
static int call_space(const IrCall *c)
{
    const IrKwarg *k = ir_call_kwarg(c, "target_memory");
    if (k && k->kind == KW_MEMSPACE && c->type && c->type->kind == TYPE_TILE)
        return (int)k->v.i;
    return c->type && c->type->kind == TYPE_TILE ? ir_tile_space(c->type) : -1;
}

/* A shard of a tile already on the vector side, or a gather of one on
 * the cube (ConvertTensorToBlockOps passed it through global memory),
 * that keeps its shape: the tile itself. */
static int same_side_crossing(Split *S, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int from = c->nargs ? tile_arg_side(S, c->args[0]) : 0;
    return ir_call_kwarg_int(c, "split", 0) == 0 &&
           ((op_is(op, OP_BLOCK_AIV_SHARD) && from == SIDE_V) || (op_is(op, OP_BLOCK_AIC_GATHER) && from == SIDE_C));
}

static int crossing_dir(Split *S, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int from, to;
    if (same_side_crossing(S, c))
        return -1;
    if (op_is(op, OP_BLOCK_AIV_SHARD))
        return DIR_C2V;
    if (op_is(op, OP_BLOCK_AIC_GATHER))
        return DIR_V2C;
    if (!op_is(op, OP_BLOCK_MOVE) || c->nargs < 1)
        return -1;
    from = tile_arg_side(S, c->args[0]);
    to = space_side((int)ir_call_kwarg_int(c, "target_memory", -1));
    if (from == SIDE_C && to == SIDE_V)
        return DIR_C2V;
    if (from == SIDE_V && to == SIDE_C)
        return DIR_V2C;
    return -1;
}

/* The side a call runs on: SIDE_C, SIDE_V, or SIDE_B for one without
 * tiles (computed on both sides). */
static int call_side(Split *S, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int sides = 0;
    if (op && op_pipe_side(op) == FUNC_AIC)
        return SIDE_C;
    if (op && op_pipe_side(op) == FUNC_AIV)
        return SIDE_V;
    if (ir_call_pipe(c) == PIPE_M)
        return SIDE_C;
    sides |= space_side(call_space(c));
    for (uint32_t i = 0; i < c->nargs; i++)
        sides |= tile_arg_side(S, c->args[i]);
    /* a vector op reading an Acc tile: the tile crosses to it */
    if (sides == SIDE_B)
        return space_side(call_space(c)) == SIDE_C ? SIDE_C : SIDE_V;
    return sides ? sides : SIDE_B;
}

static void analyze(Split *S, const IrStmt *s);

static void analyze_call(Split *S, const IrStmt *s, const IrCall *c, const IrVar *def)
{
    int side = call_side(S, c), dir = crossing_dir(S, c);
    if (def && def->type->kind == TYPE_TILE)
        ptrmap_put(&S->space, def, (void *)(uintptr_t)(call_space(c) + 1));
    if (dir >= 0) {
        int src = tile_arg_side(S, c->args[0]);
        int ms = src ? var_space(S, c->args[0]) : -1;
        int64_t split = ir_call_kwarg_int(c, "split", 0);
        if (!op_is(callee_op(c->callee), OP_BLOCK_MOVE) && split != 0 &&
            src == (op_is(callee_op(c->callee), OP_BLOCK_AIV_SHARD) ? SIDE_V : SIDE_C)) {
            char mode[32];
            snprintf(mode, sizeof mode, "split=%lld", (long long)split);
            fail(S, s->span, "'%s' is halved between the AIV lanes (%s), and pyptocc's split keeps tiles whole "
                             "(the lanes' halves are pypto's SplitVectorKernel)",
                 ir_ssa_stem(S->ir, IR_AS(IrVar, c->args[0])->name), mode);
            return;
        }
        if (src != (dir == DIR_C2V ? SIDE_C : SIDE_V) || (dir == DIR_C2V && ms != MS_ACC))
            fail(S, s->span, "'%s' is a %s tile, and the pipe carries the cube's matmul results (Acc tiles) to the "
                             "vector side",
                 ir_ssa_stem(S->ir, IR_AS(IrVar, c->args[0])->name), ms >= 0 ? memspace_name((MemorySpace)ms) : "?");
        return;
    }
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrExpr *a = c->args[i];
        int home = tile_arg_side(S, a);
        if (home && home != side && side != SIDE_B) {
            if (home == SIDE_C && side == SIDE_V && var_space(S, a) == MS_ACC)
                ptrmap_put(&S->cross, a, (void *)1);
            else
                fail(S, s->span, "the %s side reads '%s', a tile of the other side; move it with pl.move first",
                     side_name(side), ir_ssa_stem(S->ir, IR_AS(IrVar, a)->name));
        } else if (!home && side != SIDE_B && !(avail(S, a) & side)) {
            fail(S, s->span, "the %s side needs '%s', which only the other side computes", side_name(side),
                 a->kind == EXPR_VAR ? ir_ssa_stem(S->ir, IR_AS(IrVar, a)->name) : "a value");
        }
    }
    if (def && def->type->kind != TYPE_TILE && def->type->kind != TYPE_TENSOR)
        ptrmap_put(&S->avail, def, (void *)(uintptr_t)(side == SIDE_B ? avail(S, &c->e) : side));
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
        set_avail(S, &it[i]->v, avail(S, it[i]->init));
    for (int round = 0; round < 4; round++) {
        const IrValues *y;
        int changed = 0;
        analyze(S, body);
        y = ir_body_yield(body);
        for (uint32_t i = 0; y && i < n && i < y->n; i++) {
            int was = avail(S, &it[i]->v.e), now = was & avail(S, y->values[i]);
            if (now != was && it[i]->v.type->kind != TYPE_TILE && it[i]->v.type->kind != TYPE_TENSOR) {
                set_avail(S, &it[i]->v, now);
                changed = 1;
            }
        }
        if (!changed)
            break;
    }
    for (uint32_t i = 0; i < n; i++)
        set_avail(S, ret[i], avail(S, &it[i]->v.e));
}

static void analyze(Split *S, const IrStmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            analyze(S, IR_AS(IrSeq, s)->stmts[i]);
        break;
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        if (a->value->kind == EXPR_CALL)
            analyze_call(S, s, IR_AS(IrCall, a->value), a->var);
        else
            set_avail(S, a->var, avail(S, a->value));
        break;
    }
    case STMT_EVAL:
        if (IR_AS(IrEval, s)->expr->kind == EXPR_CALL)
            analyze_call(S, s, IR_AS(IrCall, IR_AS(IrEval, s)->expr), NULL);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        set_avail(S, f->loop_var, avail(S, f->start) & avail(S, f->stop) & avail(S, f->step));
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
        analyze(S, f->then_body);
        analyze(S, f->else_body);
        yt = f->then_body ? ir_body_yield(f->then_body) : NULL;
        ye = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t i = 0; i < f->nret; i++)
            set_avail(S, f->ret[i], (yt && i < yt->n ? avail(S, yt->values[i]) : SIDE_B) &
                                        (ye && i < ye->n ? avail(S, ye->values[i]) : SIDE_B));
        break;
    }
    case STMT_SCOPE:
        analyze(S, IR_AS(IrScope, s)->body);
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------ emission */

static const IrExpr *subst_fn(void *data, const IrExpr *e);

/* e on side X: each variable replaced by its copy there; NULL (and
 * reported once by the caller) when X does not have one. */
static const IrExpr *subst(Side *X, const IrExpr *e)
{
    return subst_fn(X, e);
}

static const IrExpr *subst_fn(void *data, const IrExpr *e)
{
    Side *X = data;
    const IrExpr *r;
    if (!e)
        return NULL;
    if (ir_is_var_like(e)) {
        r = ptrmap_get(&X->subst, e);
        if (!r)
            X->S->missing = 1;
        return r ? r : e;
    }
    return ir_expr_map_operands(X->S->ir, e, subst_fn, X);
}

static const IrType *subst_type(Side *X, const IrType *t) { return ir_type_map_exprs(X->S->ir, t, subst_fn, X); }

/* A new variable of X for v (its name and type, the type's variables X's). */
static IrVar *copy_var(Side *X, const IrVar *v)
{
    IrVar *n = ir_var_new(X->S->ir, v->name, subst_type(X, v->type), v->e.span);
    ptrmap_put(&X->subst, v, n);
    return n;
}

/* An op call built and typed by its deduction. */
static const IrExpr *op_call(Split *S, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                             const IrKwarg *kw, Span at)
{
    const OpDef *op = op_by_id(id);
    OpError err;
    const IrKwarg *kwi = ir_kwargs_intern(S->ir, nkw, kw);
    const IrType *t = op_deduce(S->ir, op, args, nargs, kwi, nkw, &err);
    if (!t) {
        char name[64];
        diag_error(S->pc->diag, at, "internal: ExpandMixedKernel built an ill-typed '%s'",
                   op_printed_name(op, name, sizeof name));
        S->failed = 1;
        t = ir_type_unknown(S->ir);
    }
    return ir_call(S->ir, &op->callee, nargs, args, nkw, kwi, t, at);
}

static IrKwarg kw_int(IrCtx *ir, const char *key, int64_t v)
{
    IrKwarg k;
    k.key = ir_name(ir, key);
    k.kind = KW_INT;
    k.v.i = v;
    return k;
}

static void note_bytes(Split *S, int dir, const IrType *t)
{
    uint64_t b = ir_type_byte_size(t);
    if (b > S->bytes[dir])
        S->bytes[dir] = b;
    if (!b)
        S->bytes[dir] = S->bytes[dir] ? S->bytes[dir] : 1;
}

/* The push of tile t (a copy of side X) in direction dir. */
static void emit_push(Side *X, int dir, const IrExpr *t, int64_t split, StmtList *out, Span at)
{
    IrKwarg kw = kw_int(X->S->ir, "split", split);
    const IrExpr *a = subst(X, t);
    note_bytes(X->S, dir, ir_expr_type(X->S->ir, a));
    vec_push(*out, ir_eval(X->S->ir, op_call(X->S, dir == DIR_C2V ? OP_BLOCK_TPUSH_TO_AIV : OP_BLOCK_TPUSH_TO_AIC,
                                             1, &a, 1, &kw, at),
                           at));
}

/* The pop, in direction dir, of a tile of type like's shape and dtype
 * into a new variable named name. */
static const IrVar *emit_pop(Side *X, int dir, const IrType *like, const char *name, int64_t split, StmtList *out,
                             Span at)
{
    IrCtx *ir = X->S->ir;
    IrKwarg kw[2];
    const IrExpr *shape = ir_make_tuple(ir, like->n, like->dims, at);
    const IrExpr *pop;
    IrVar *v;
    kw[0].key = ir_name(ir, "dtype");
    kw[0].kind = KW_DTYPE;
    kw[0].v.i = like->dtype;
    kw[1] = kw_int(ir, "split", split);
    pop = op_call(X->S, dir == DIR_C2V ? OP_BLOCK_TPOP_FROM_AIC : OP_BLOCK_TPOP_FROM_AIV, 1, &shape, 2, kw, at);
    note_bytes(X->S, dir, IR_AS(IrCall, pop)->type);
    v = pass_fresh_var(ir, &X->S->taken[X->side], ir_ssa_stem(ir, name), IR_AS(IrCall, pop)->type, at);
    vec_push(*out, ir_assign(ir, v, pop, at));
    return v;
}

static int emit(Side *X, const IrStmt *s, StmtList *out);

/* The body of a compound on side X, its slots freed, with yield y's
 * values at the positions keep marks appended; whether X has work in it. */
static const IrStmt *emit_body(Side *X, const IrStmt *body, const IrValues *y, const uint8_t *keep, uint32_t n,
                               int *work);

/* The crossing of tile var (defined just now) that the vector side reads. */
static void emit_implicit_crossing(Side *X, const IrVar *var, StmtList *out)
{
    if (!ptrmap_get(&X->S->cross, var))
        return;
    if (X->side == SIDE_C) {
        emit_push(X, DIR_C2V, &var->e, 0, out, var->e.span);
    } else {
        const IrVar *p = emit_pop(X, DIR_C2V, var->type, var->name, 0, out, var->e.span);
        ptrmap_put(&X->subst, var, (void *)p);
    }
}

/* A statement of the other side defines def: a tensor it wrote in place
 * is its target here; anything else is not on this side. */
static void other_side_def(Side *X, const IrCall *c, const IrVar *def)
{
    if (!def || def->type->kind != TYPE_TENSOR)
        return;
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = ir_expr_type(X->S->ir, c->args[i]);
        if (t->kind == TYPE_TENSOR && ir_type_compatible(t, def->type, DIMS_ANY)) {
            X->S->missing = 0;
            {
                const IrExpr *r = subst(X, c->args[i]);
                if (!X->S->missing)
                    ptrmap_put(&X->subst, def, (void *)r);
            }
            return;
        }
    }
}

static void report_missing(Side *X, Span at)
{
    if (X->S->missing && !X->S->failed)
        fail(X->S, at, "a value the %s side needs here is computed only on the %s side", side_name(X->side),
             side_name(SIDE_B ^ X->side));
    X->S->missing = 0;
}

/* The assignment or evaluation s of call c (defining def, or NULL). */
static int emit_call(Side *X, const IrStmt *s, const IrCall *c, const IrVar *def, StmtList *out)
{
    Split *S = X->S;
    int dir = crossing_dir(S, c), side = call_side(S, c);
    const IrExpr *v;
    S->missing = 0;
    if (dir >= 0) {
        int64_t split = ir_call_kwarg_int(c, "split", 0);
        int producer = dir == DIR_C2V ? SIDE_C : SIDE_V;
        if (X->side == producer) {
            emit_push(X, dir, c->args[0], split, out, s->span);
        } else if (def) {
            const IrVar *p = emit_pop(X, dir, c->type, def->name, split, out, s->span);
            int to = (int)ir_call_kwarg_int(c, "target_memory", MS_MAT);
            if (dir == DIR_V2C && to != MS_MAT && op_is(callee_op(c->callee), OP_BLOCK_MOVE)) {
                /* the pop lands in Mat; the cube moves it on (Mat to Left or Right) */
                const IrExpr *a = &p->e;
                const IrExpr *mv = ir_call(S->ir, c->callee, 1, &a, c->nkwargs, c->kwargs, c->type, s->span);
                IrVar *d = copy_var(X, def);
                vec_push(*out, ir_assign(S->ir, d, mv, s->span));
            } else {
                ptrmap_put(&X->subst, def, (void *)p);
            }
        }
        report_missing(X, s->span);
        return 1;
    }
    if (same_side_crossing(S, c)) {
        if (def && side == X->side)
            ptrmap_put(&X->subst, def, (void *)subst(X, c->args[0]));
        report_missing(X, s->span);
        return 0;
    }
    if (side != SIDE_B && side != X->side) {
        other_side_def(X, c, def);
        if (def)
            emit_implicit_crossing(X, def, out);   /* the consumer's pop */
        return def && ptrmap_get(&S->cross, def);
    }
    if (side == SIDE_B && def && !(ptrmap_get(&S->avail, def) ? (int)(uintptr_t)ptrmap_get(&S->avail, def) & X->side
                                                                : 1))
        return 0;   /* a scalar of the other side's */
    if (side == SIDE_B && !def && !(avail(S, &c->e) & X->side))
        return 0;
    X->S->missing = 0;
    v = subst(X, &c->e);
    report_missing(X, s->span);
    if (def) {
        vec_push(*out, ir_assign(S->ir, copy_var(X, def), v, s->span));
        emit_implicit_crossing(X, def, out);
    } else {
        vec_push(*out, ir_eval(S->ir, v, s->span));
    }
    return side != SIDE_B;
}

/* A loop or if is on X when X has work in it or it gives X values. */
static int compound_on(Side *X, int work, uint32_t n, const uint8_t *keep)
{
    for (uint32_t i = 0; i < n && !work; i++)
        work = keep[i];
    return work;
}

/* Which of n carried positions (vars v) side X keeps. */
static uint8_t *kept(Side *X, uint32_t n, const IrVar *const *v)
{
    uint8_t *k = xcalloc(n ? n : 1, 1);
    for (uint32_t i = 0; i < n; i++)
        k[i] = (avail(X->S, &v[i]->e) & X->side) != 0;
    return k;
}

static int emit_for(Side *X, const IrFor *f, StmtList *out)
{
    Split *S = X->S;
    uint8_t *keep = kept(X, f->niter, (const IrVar *const *)f->ret);
    const IrIterArg **it = xcalloc(f->niter ? f->niter : 1, sizeof *it);
    const IrVar **ret = xcalloc(f->niter ? f->niter : 1, sizeof *ret);
    const IrExpr *start, *stop, *step;
    const IrStmt *body;
    IrVar *lv;
    uint32_t m = 0;
    int work = 0;
    X->S->missing = 0;
    start = subst(X, f->start);
    stop = subst(X, f->stop);
    step = subst(X, f->step);
    lv = copy_var(X, f->loop_var);
    for (uint32_t i = 0; i < f->niter; i++)
        if (keep[i]) {
            IrIterArg *a = ir_iter_arg_new(S->ir, f->iter_args[i]->v.name, subst_type(X, f->iter_args[i]->v.type),
                                           subst(X, f->iter_args[i]->init), f->iter_args[i]->v.e.span);
            ptrmap_put(&X->subst, f->iter_args[i], a);
            it[m++] = a;
        }
    body = emit_body(X, f->body, ir_body_yield(f->body), keep, f->niter, &work);
    if (compound_on(X, work, f->niter, keep)) {
        report_missing(X, f->s.span);
        m = 0;
        for (uint32_t i = 0; i < f->niter; i++)
            if (keep[i])
                ret[m++] = copy_var(X, f->ret[i]);
        vec_push(*out, ir_for_staged(ir_for(S->ir, (ForKind)f->s.sub, lv, start, stop, step, m, it, ret, body,
                                            f->s.span),
                                     f->stage));
    }
    for (uint32_t i = 0; i < f->niter; i++)   /* the producer has the loop: it gives the value */
        emit_implicit_crossing(X, f->ret[i], out);
    X->S->missing = 0;
    xfree(keep);
    xfree(it);
    xfree(ret);
    return work;
}

static int emit_while(Side *X, const IrWhile *w, StmtList *out)
{
    Split *S = X->S;
    uint8_t *keep = kept(X, w->niter, (const IrVar *const *)w->ret);
    const IrIterArg **it = xcalloc(w->niter ? w->niter : 1, sizeof *it);
    const IrVar **ret = xcalloc(w->niter ? w->niter : 1, sizeof *ret);
    const IrStmt *body;
    const IrExpr *cond;
    uint32_t m = 0;
    int work = 0;
    X->S->missing = 0;
    for (uint32_t i = 0; i < w->niter; i++)
        if (keep[i]) {
            IrIterArg *a = ir_iter_arg_new(S->ir, w->iter_args[i]->v.name, subst_type(X, w->iter_args[i]->v.type),
                                           subst(X, w->iter_args[i]->init), w->iter_args[i]->v.e.span);
            ptrmap_put(&X->subst, w->iter_args[i], a);
            it[m++] = a;
        }
    cond = subst(X, w->cond);
    body = emit_body(X, w->body, ir_body_yield(w->body), keep, w->niter, &work);
    if (compound_on(X, work, w->niter, keep)) {
        report_missing(X, w->s.span);
        m = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (keep[i])
                ret[m++] = copy_var(X, w->ret[i]);
        vec_push(*out, ir_while(S->ir, cond, m, it, ret, body, w->s.span));
    }
    X->S->missing = 0;
    xfree(keep);
    xfree(it);
    xfree(ret);
    return work;
}

static int emit_if(Side *X, const IrIf *f, StmtList *out)
{
    Split *S = X->S;
    uint8_t *keep = kept(X, f->nret, f->ret);
    const IrVar **ret = xcalloc(f->nret ? f->nret : 1, sizeof *ret);
    const IrStmt *then_body, *else_body = NULL;
    const IrExpr *cond;
    uint32_t m = 0;
    int work = 0, w2 = 0;
    X->S->missing = 0;
    cond = subst(X, f->cond);
    then_body = emit_body(X, f->then_body, ir_body_yield(f->then_body), keep, f->nret, &work);
    if (f->else_body)
        else_body = emit_body(X, f->else_body, ir_body_yield(f->else_body), keep, f->nret, &w2);
    work |= w2;
    if (compound_on(X, work, f->nret, keep)) {
        report_missing(X, f->s.span);
        for (uint32_t i = 0; i < f->nret; i++)
            if (keep[i])
                ret[m++] = copy_var(X, f->ret[i]);
        vec_push(*out, ir_if(S->ir, cond, then_body, else_body, m, ret, f->s.span));
    }
    for (uint32_t i = 0; i < f->nret; i++)
        emit_implicit_crossing(X, f->ret[i], out);
    X->S->missing = 0;
    xfree(keep);
    xfree(ret);
    return work;
}

static int emit(Side *X, const IrStmt *s, StmtList *out)
{
    int work = 0;
    if (!s)
        return 0;
    switch (s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            work |= emit(X, IR_AS(IrSeq, s)->stmts[i], out);
        return work;
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *v;
        if (a->value->kind == EXPR_CALL)
            return emit_call(X, s, IR_AS(IrCall, a->value), a->var, out);
        if (!(avail(X->S, &a->var->e) & X->side))
            return 0;
        X->S->missing = 0;
        v = subst(X, a->value);
        report_missing(X, s->span);
        vec_push(*out, ir_assign(X->S->ir, copy_var(X, a->var), v, s->span));
        return a->var->type->kind == TYPE_TILE;
    }
    case STMT_EVAL:
        if (IR_AS(IrEval, s)->expr->kind == EXPR_CALL)
            return emit_call(X, s, IR_AS(IrCall, IR_AS(IrEval, s)->expr), NULL, out);
        return 0;
    case STMT_FOR:
        return emit_for(X, IR_AS(IrFor, s), out);
    case STMT_WHILE:
        return emit_while(X, IR_AS(IrWhile, s), out);
    case STMT_IF:
        return emit_if(X, IR_AS(IrIf, s), out);
    case STMT_RETURN:
        if (X->side == SIDE_V) {
            const IrValues *r = IR_AS(IrValues, s);
            const IrExpr **vals = xcalloc(r->n ? r->n : 1, sizeof *vals);
            X->S->missing = 0;
            for (uint32_t i = 0; i < r->n; i++)
                vals[i] = subst(X, r->values[i]);
            report_missing(X, s->span);
            vec_push(*out, ir_return(X->S->ir, r->n, vals, s->span));
            xfree(vals);
        }
        return 0;
    case STMT_SCOPE: {
        StmtList inner;
        vec_init(inner);
        work = emit(X, IR_AS(IrScope, s)->body, &inner);
        vec_push(*out, ir_scope_rebody(X->S->ir, s,
                                       ir_seq(X->S->ir, STMT_SEQ, (uint32_t)inner.len, inner.data, s->span)));
        vec_free(inner);
        return work;
    }
    default:   /* yields: emit_body's */
        return 0;
    }
}

/* --------------------------------------------------------- slot frees */

typedef struct UseFind {
    const IrExpr *v;
    int hit;
    int pops;    /* pops of the side (nested) */
} UseFind;

static int find_use(IrWalker *w, const IrExpr *e)
{
    UseFind *U = w->data;
    if (e == U->v)
        U->hit = 1;
    if (op_called(e, OP_BLOCK_TPOP_FROM_AIC) || op_called(e, OP_BLOCK_TPOP_FROM_AIV))
        U->pops = 1;
    return 1;
}

static UseFind scan(const IrStmt *s, const IrExpr *v)
{
    UseFind U = {v, 0, 0};
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = find_use;
    w.data = &U;
    ir_walk_stmt(&w, s);
    return U;
}

/* The tile a statement pops at this level, or NULL. */
static const IrVar *popped(const IrStmt *s)
{
    const IrCall *c = ir_stmt_call(s);
    if (c && s->kind == STMT_ASSIGN &&
        (op_is(callee_op(c->callee), OP_BLOCK_TPOP_FROM_AIC) || op_is(callee_op(c->callee), OP_BLOCK_TPOP_FROM_AIV)))
        return IR_AS(IrAssign, s)->var;
    return NULL;
}

static int compound_stmt(const IrStmt *s)
{
    return s->kind == STMT_FOR || s->kind == STMT_WHILE || s->kind == STMT_IF || s->kind == STMT_SCOPE;
}

typedef struct Rename {
    const IrExpr *from, *to;
} Rename;

static const IrExpr *rename_expr(IrMutator *m, const IrExpr *e)
{
    const Rename *R = m->data;
    return e == R->from ? R->to : e;
}

/* Does a loop or if among l[i+1..] pop while l[i]'s tile is still read,
 * or does the body's yield carry it on? */
static int held_across_pop(const StmtList *l, size_t i, const IrVar *p)
{
    size_t last = i;
    for (size_t j = i + 1; j < l->len; j++)
        if (scan(l->data[j], &p->e).hit)
            last = j;
    for (size_t j = i + 1; j <= last; j++)
        if ((compound_stmt(l->data[j]) && scan(l->data[j], NULL).pops) || l->data[j]->kind == STMT_YIELD)
            return 1;   /* or yielded: the slot is no buffer a loop or if carries (legal_pipe_pop_carried) */
    return 0;
}

/* A Vec tile popped at l[i] that is read across another pop of its pipe
 * (a TFREE in a loop would give back its slot, the oldest) is copied into
 * a Vec tile of its own right after the pop, and the copy read instead:
 * the slot is then freed at once.  A Mat tile on the cube has no copy. */
static void copy_held_pops(Side *X, StmtList *l)
{
    Split *S = X->S;
    for (size_t i = 0; i < l->len; i++) {
        const IrVar *p = popped(l->data[i]);
        IrMutator m;
        Rename R;
        IrKwarg kw;
        IrVar *c;
        const IrExpr *a;
        if (!p || !held_across_pop(l, i, p))
            continue;
        if (X->side != SIDE_V) {
            if (!S->failed)
                fail(S, l->data[i]->span, "'%s' is popped from the pipe into Mat and still in use where a later %s",
                     ir_ssa_stem(S->ir, p->name),
                     "loop or branch pops another tile of the same pipe (its slot would be freed first), or yielded");
            return;
        }
        kw.key = ir_name(S->ir, "target_memory");
        kw.kind = KW_MEMSPACE;
        kw.v.i = MS_VEC;
        a = &p->e;
        c = pass_fresh_var(S->ir, &S->taken[X->side], ir_ssa_stem(S->ir, p->name), p->type, p->e.span);
        memset(&m, 0, sizeof m);
        m.ctx = S->ir;
        m.expr = rename_expr;
        R.from = &p->e;
        R.to = &c->e;
        m.data = &R;
        for (size_t j = i + 1; j < l->len; j++)
            l->data[j] = ir_mutate_stmt(&m, l->data[j]);
        vec_push(*l, NULL);   /* room for the copy after the pop */
        memmove(&l->data[i + 2], &l->data[i + 1], (l->len - i - 2) * sizeof l->data[0]);
        l->data[i + 1] = ir_assign(S->ir, c, op_call(S, OP_BLOCK_MOVE, 1, &a, 1, &kw, p->e.span), p->e.span);
    }
}

/* The statements of l with each slot popped among them freed after the
 * tile's last use there, in pop order (a TFREE gives back the oldest
 * slot the kernel popped). */
static void free_slots(Side *X, StmtList *l)
{
    Split *S = X->S;
    size_t n = l->len, prev = 0;
    StmtList res;
    VEC(size_t) from, to;      /* each pop's statement and the statement after which it is freed */
    vec_init(from);
    vec_init(to);
    copy_held_pops(X, l);
    n = l->len;
    for (size_t i = 0; i < n; i++) {
        const IrVar *p = popped(l->data[i]);
        size_t last = i;
        if (!p)
            continue;
        for (size_t j = i + 1; j < n; j++)
            if (scan(l->data[j], &p->e).hit)
                last = j;
        if (last < prev)
            last = prev;
        for (size_t j = i + 1; j <= last; j++)
            if (compound_stmt(l->data[j]) && scan(l->data[j], NULL).pops && !S->failed)
                fail(S, l->data[j]->span, "'%s' is popped from the pipe and still in use where this %s", ir_ssa_stem(S->ir, p->name),
                     "loop or branch pops another tile of the same pipe (its slot would be freed first)");
        vec_push(from, i);
        vec_push(to, last);
        prev = last;
    }
    for (size_t i = 0; i < n; i++) {   /* the most slots held at once */
        uint32_t held = 0;
        for (size_t k = 0; k < from.len; k++)
            held += from.data[k] <= i && i <= to.data[k];
        if (held > S->slots)
            S->slots = held;
    }
    vec_init(res);
    for (size_t i = 0; i < n; i++) {
        vec_push(res, l->data[i]);
        for (size_t k = 0; k < from.len; k++)
            if (to.data[k] == i) {
                const IrAssign *pop = IR_AS(IrAssign, l->data[from.data[k]]);
                const IrExpr *a = &pop->var->e;
                IrKwarg kw = kw_int(S->ir, "split", ir_call_kwarg_int(IR_AS(IrCall, pop->value), "split", 0));
                OpId id = X->side == SIDE_V ? OP_SYSTEM_TFREE_TO_AIC : OP_SYSTEM_TFREE_TO_AIV;
                vec_push(res, ir_eval(S->ir, op_call(S, id, 1, &a, kw.v.i ? 1 : 0, &kw, pop->s.span), pop->s.span));
            }
    }
    vec_free(*l);
    *l = res;
    vec_free(from);
    vec_free(to);
}

static const IrStmt *emit_body(Side *X, const IrStmt *body, const IrValues *y, const uint8_t *keep, uint32_t n,
                               int *work)
{
    StmtList l;
    const IrStmt *r;
    vec_init(l);
    *work = emit(X, body, &l);
    if (y) {
        const IrExpr **vals = xcalloc(n ? n : 1, sizeof *vals);
        uint32_t m = 0;
        X->S->missing = 0;
        for (uint32_t i = 0; i < n && i < y->n; i++)
            if (keep[i])
                vals[m++] = subst(X, y->values[i]);
        if (X->S->missing && *work)
            report_missing(X, y->s.span);
        X->S->missing = 0;
        vec_push(l, ir_yield(X->S->ir, m, vals, y->s.span));
        xfree(vals);
    }
    free_slots(X, &l);   /* before the yield, which reads no slot */
    r = ir_seq(X->S->ir, STMT_SEQ, (uint32_t)l.len, l.data, body ? body->span : X->S->f->span);
    vec_free(l);
    return r;
}

/* ------------------------------------------------------------ the pipe */

/* The setup of side X's end of the pipe, before its body: the consumer's
 * buffer of each direction it pops, the peer's of each it pushes, then
 * its initialize_pipe (the hand-written form, tests/e2e/xcore_pipe.py). */
static void emit_setup(Side *X, StmtList *out)
{
    Split *S = X->S;
    IrCtx *ir = S->ir;
    Span at = S->f->span;
    int c2v = S->bytes[DIR_C2V] != 0, v2c = S->bytes[DIR_V2C] != 0;
    uint64_t slot = S->bytes[DIR_C2V] > S->bytes[DIR_V2C] ? S->bytes[DIR_C2V] : S->bytes[DIR_V2C];
    uint32_t num = S->slots > 2 ? S->slots : 2;
    const IrExpr *bufs[2];    /* c2v_consumer_buf, v2c_consumer_buf */
    IrKwarg kw[3];
    char name[256];
    for (int dir = 0; dir < 2; dir++) {
        int used = dir == DIR_C2V ? c2v : v2c;
        int consumer = dir == DIR_C2V ? SIDE_V : SIDE_C;
        const IrExpr *call;
        IrVar *v;
        bufs[dir] = ir_const_int(ir, 0, DT_INT32, at);
        if (!used)
            continue;
        snprintf(name, sizeof name, "%s_%s_slot_buffer", S->f->name, dir == DIR_C2V ? "c2v" : "v2c");
        kw[0].key = ir_name(ir, "name");
        kw[0].kind = KW_STRING;
        kw[0].v.s = ir_name(ir, name);
        if (X->side == consumer) {
            kw[1] = kw_int(ir, "size", (int64_t)(slot * num));
            kw[2] = kw_int(ir, "base", -1);   /* pl.AUTO: AllocateMemoryAddr places it */
            call = op_call(S, OP_SYSTEM_RESERVE_BUFFER, 0, NULL, 3, kw, at);
        } else {
            kw[1].key = ir_name(ir, "peer_func");
            kw[1].kind = KW_STRING;
            kw[1].v.s = ir_name(ir, S->names[consumer]);
            call = op_call(S, OP_SYSTEM_IMPORT_PEER_BUFFER, 0, NULL, 2, kw, at);
        }
        v = pass_fresh_var(ir, &S->taken[X->side], dir == DIR_C2V ? "c2v_slot_buffer" : "v2c_slot_buffer",
                           ir_type_scalar(ir, DT_INT32), at);
        vec_push(*out, ir_assign(ir, v, call, at));
        bufs[dir] = &v->e;
    }
    kw[0] = kw_int(ir, "dir_mask", (c2v ? 1 : 0) | (v2c ? 2 : 0));
    kw[1] = kw_int(ir, "slot_size", (int64_t)slot);
    kw[2] = kw_int(ir, "slot_num", num);
    vec_push(*out, ir_eval(ir, op_call(S, X->side == SIDE_C ? OP_SYSTEM_AIC_INITIALIZE_PIPE
                                                            : OP_SYSTEM_AIV_INITIALIZE_PIPE,
                                       2, bufs, 3, kw, at),
                           at));
}

/* ------------------------------------------------------------ functions */

/* Does f need splitting: a kernel of both pipes, or with a crossing of a
 * pl.split_aiv region or between the cube's and the vector's spaces? */
static int is_shard(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return op_called(e, OP_BLOCK_AIV_SHARD) || op_called(e, OP_BLOCK_AIC_GATHER);
}

/* A move between a cube space and Vec, which A2/A3 has no move for (A5
 * moves Acc to Vec and Vec to Mat in a kernel: targets/arch.c). */
static int is_crossing_move(const IrExpr *e, const void *ctx)
{
    const IrCall *c = IR_AS(IrCall, e);
    int from, to;
    (void)ctx;
    if (!op_called(e, OP_BLOCK_MOVE) || !c->nargs || !ir_is_var_like(c->args[0]) ||
        IR_AS(IrVar, c->args[0])->type->kind != TYPE_TILE)
        return 0;
    from = space_side(ir_tile_space(IR_AS(IrVar, c->args[0])->type));
    to = space_side((int)ir_call_kwarg_int(c, "target_memory", -1));
    return from && to && from != to;
}

static int mixed(PassCtx *pc, const IrFunc *f)
{
    if (f->type != FUNC_INCORE || !f->body)
        return 0;
    return ir_kernel_kind(f) == KERNEL_MIXED || ir_func_any(f, NULL, is_shard, NULL) ||
           (pc->arch != ARCH_A5 && ir_func_any(f, NULL, is_crossing_move, NULL));
}

/* A name for a kernel of F that the program does not have. */
static const char *kernel_name(IrCtx *ir, const IrProgram *prog, const IrFunc *f, const char *suffix)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s_%s", f->name, suffix);
    for (unsigned k = 1; ir_program_find(prog, buf); k++)
        snprintf(buf, sizeof buf, "%s_%s%u", f->name, suffix, k);
    return ir_name(ir, buf);
}

/* Side X's kernel of S->f. */
static IrFunc *build_side(Split *S, int side, int *work)
{
    Side X;
    StmtList l, body;
    IrParam *params = arena_alloc(&S->ir->arena, (S->f->nparams ? S->f->nparams : 1) * sizeof *params);
    IrFunc *k;
    X.S = S;
    X.side = side;
    ptrmap_init(&X.subst);
    for (uint32_t i = 0; i < S->f->nparams; i++) {
        params[i] = S->f->params[i];
        params[i].var = copy_var(&X, S->f->params[i].var);
    }
    vec_init(l);
    *work = emit(&X, S->f->body, &l);
    free_slots(&X, &l);
    vec_init(body);
    if (!S->failed)
        for (uint32_t i = 0; i < l.len; i++)
            vec_push(body, l.data[i]);
    k = ir_func_rebuild(S->ir, S->f, S->f->nparams, params, side == SIDE_V ? S->f->nret : 0,
                        side == SIDE_V ? S->f->ret_types : NULL,
                        ir_seq(S->ir, STMT_SEQ, (uint32_t)body.len, body.data, S->f->body->span));
    k->name = S->names[side];
    k->type = side == SIDE_C ? FUNC_AIC : FUNC_AIV;
    vec_free(l);
    vec_free(body);
    ptrmap_free(&X.subst);
    return k;
}

/* The setup prepended to kernel k of side X. */
static void prepend_setup(Split *S, IrFunc *k, int side)
{
    Side X;
    StmtList l;
    X.S = S;
    X.side = side;
    ptrmap_init(&X.subst);
    vec_init(l);
    emit_setup(&X, &l);
    vec_push(l, k->body);
    k->body = ir_seq(S->ir, STMT_SEQ, (uint32_t)l.len, l.data, k->body->span);
    vec_free(l);
    ptrmap_free(&X.subst);
}

/* The split of F into its two kernels (out[0] AIC, out[1] AIV); 0 after
 * an error. */
static int split_func(PassCtx *pc, const IrProgram *prog, const IrFunc *f, IrFunc *out[2])
{
    Split S;
    memset(&S, 0, sizeof S);
    S.pc = pc;
    S.ir = pc->ir;
    S.f = f;
    S.names[SIDE_C] = kernel_name(pc->ir, prog, f, "aic");
    S.names[SIDE_V] = kernel_name(pc->ir, prog, f, "aiv");
    ptrmap_init(&S.avail);
    ptrmap_init(&S.cross);
    ptrmap_init(&S.space);
    for (int side = SIDE_C; side <= SIDE_V; side++) {
        ptrmap_init(&S.taken[side]);
        pass_names_of(f, &S.taken[side]);
    }
    analyze(&S, f->body);
    if (!S.failed) {
        int work[2];
        out[0] = build_side(&S, SIDE_C, &work[0]);
        out[1] = build_side(&S, SIDE_V, &work[1]);
        /* one side's work only (shards of tiles already there): that
         * side's body is the kernel, under F's name */
        if (!S.failed && !S.bytes[DIR_C2V] && !S.bytes[DIR_V2C] && (!work[0] || !work[1])) {
            IrFunc *k = out[work[0] ? 0 : 1];
            k->name = f->name;
            k->type = f->type;
            if (work[0]) {   /* the AIC copy returns nothing: take F's results from the AIV's */
                k->nret = out[1]->nret;
                k->ret_types = out[1]->ret_types;
            }
            out[0] = NULL;
            out[1] = k;
        }
    }
    /* two halves that pass no tile need no pipe */
    if (!S.failed && (S.bytes[DIR_C2V] || S.bytes[DIR_V2C])) {
        prepend_setup(&S, out[0], SIDE_C);
        prepend_setup(&S, out[1], SIDE_V);
    }
    ptrmap_free(&S.avail);
    ptrmap_free(&S.cross);
    ptrmap_free(&S.space);
    ptrmap_free(&S.taken[SIDE_C]);
    ptrmap_free(&S.taken[SIDE_V]);
    return !S.failed;
}

/* ------------------------------------------------------------ callers */

typedef struct Callers {
    PtrMap split;      /* interned name of F -> IrFunc *[2] (its kernels) */
} Callers;

static const IrStmt *call_stmt(IrMutator *m, const IrStmt *s)
{
    Callers *C = m->data;
    const IrCall *c = ir_stmt_call(s);
    IrFunc **k;
    const IrStmt *two[2];
    const IrExpr *aic, *aiv;
    if (!c || c->callee->kind != CALLEE_GLOBAL || !(k = ptrmap_get(&C->split, c->callee->name)) || !k[0])
        return s;
    aic = ir_call(m->ctx, ir_callee_global(m->ctx, k[0]->name), c->nargs, c->args, c->nkwargs, c->kwargs,
                  ir_type_unknown(m->ctx), c->e.span);
    aiv = ir_call(m->ctx, ir_callee_global(m->ctx, k[1]->name), c->nargs, c->args, c->nkwargs, c->kwargs, c->type,
                  c->e.span);
    two[0] = ir_eval(m->ctx, aic, s->span);
    two[1] = s->kind == STMT_ASSIGN ? ir_assign(m->ctx, IR_AS(IrAssign, s)->var, aiv, s->span)
                                    : ir_eval(m->ctx, aiv, s->span);
    return ir_seq(m->ctx, STMT_SEQ, 2, two, s->span);
}

const IrProgram *pass_expand_mixed_kernel(PassCtx *pc, const IrProgram *prog)
{
    Callers C;
    VEC(const IrFunc *) funcs;
    VEC(IrFunc **) pairs;
    int failed = 0;
    const IrProgram *r;
    ptrmap_init(&C.split);
    vec_init(funcs);
    vec_init(pairs);
    for (uint32_t i = 0; i < prog->n; i++) {
        IrFunc **k;
        if (!mixed(pc, prog->funcs[i]))
            continue;
        k = xcalloc(2, sizeof *k);
        vec_push(pairs, k);
        if (split_func(pc, prog, prog->funcs[i], k))
            ptrmap_put(&C.split, prog->funcs[i]->name, k);
        else
            failed = 1;
    }
    r = prog;
    if (!failed && pairs.len) {
        IrMutator m;
        memset(&m, 0, sizeof m);
        m.ctx = pc->ir;
        m.stmt = call_stmt;
        m.data = &C;
        for (uint32_t i = 0; i < prog->n; i++) {
            const IrFunc *f = prog->funcs[i];
            IrFunc **k = ptrmap_get(&C.split, f->name);
            if (k && !k[0]) {
                vec_push(funcs, k[1]);   /* one side's kernel under F's name */
            } else if (k) {
                vec_push(funcs, k[0]);
                vec_push(funcs, k[1]);
            } else if (f->body) {
                const IrStmt *b = ir_mutate_stmt(&m, f->body);
                vec_push(funcs, b == f->body ? f : ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret,
                                                                    f->ret_types, b));
            } else {
                vec_push(funcs, f);
            }
        }
        r = ir_program_new(pc->ir, prog->name, (uint32_t)funcs.len, funcs.data, prog->span);
    }
    for (size_t i = 0; i < pairs.len; i++)
        xfree(pairs.data[i]);
    vec_free(pairs);
    vec_free(funcs);
    ptrmap_free(&C.split);
    return failed ? NULL : r;
}
