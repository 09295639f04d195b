/* cpp_host.c: the host orchestration of a multi-rank C++ program as a
 * sequence of steps (runtime/include/pyptocc_runtime.h, PyptoccHostStep),
 * which the runtime runs in order on every rank with a barrier after
 * each:
 *
 *     buf = pld.alloc_window_buffer(...)          a window (allocated first)
 *     data = pld.window(buf, [...], dtype=...)    a view, named by the steps
 *     for r in pl.range(pld.world_size()):        launches, one step each,
 *         orch_a(x[r], data, device=r)            SPMD on the ranks
 *         orch_b(data, y[0, r], device=r)
 *     orch_c(data, device=0)                      a launch on one rank
 *     data = pld.tensor.allreduce(data, signal)   a host collective (also
 *                                                 barrier, broadcast, allgather,
 *                                                 reduce_scatter, all_to_all(_v))
 *     for rd in pl.range(ROUNDS): ...             rounds, unrolled
 *
 * cpp_ranks.c reads each launch's arguments; the host's assignments are
 * kept in order (hp->defs) for it, a round's index bound to its value.
 * The collectives are checked as pypto's LowerHostTensorCollectives
 * checks them (distinct windows, an INT32 signal, the modes, element
 * types and lanes); what has no form here is a located error naming it. */
#include "config.h"
#include "codegen/cpp_emit.h"
#include "ir/op_registry.h"
#include "support/arena.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Rounds unrolled at most (their steps are tables of the program). */
#define MAX_ROUNDS 64

static const IrCall *op_call(const IrExpr *e, OpId id)
{
    if (!e || e->kind != EXPR_CALL || IR_AS(IrCall, e)->callee->kind != CALLEE_OP ||
        !op_is(callee_op(IR_AS(IrCall, e)->callee), id))
        return NULL;
    return IR_AS(IrCall, e);
}

/* A CppRanks that reads hp's definitions so far (for the views and sizes
 * of steps other than launches). */
static CppRanks here(const CppHost *hp)
{
    CppRanks rk;
    memset(&rk, 0, sizeof rk);
    rk.hp = hp;
    rk.ndefs = hp->ndefs;
    return rk;
}

static void add_def(CppHost *hp, const IrVar *var, const IrExpr *value)
{
    IrAssign *a = arena_zalloc(&hp->ir->arena, sizeof *a);
    a->var = var;
    a->value = value;
    if (hp->ndefs == hp->capdefs) {
        hp->capdefs = hp->capdefs ? 2 * hp->capdefs : 32;
        hp->defs = xrealloc(hp->defs, hp->capdefs * sizeof *hp->defs);
    }
    hp->defs[hp->ndefs++] = a;
}

static CppHostStep *add_step(CppHost *hp, int kind)
{
    if (hp->nsteps == hp->capsteps) {
        hp->capsteps = hp->capsteps ? 2 * hp->capsteps : 8;
        hp->steps = xrealloc(hp->steps, hp->capsteps * sizeof *hp->steps);
    }
    CppHostStep *s = &hp->steps[hp->nsteps++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->lanes = 1;
    return s;
}

static int add_window(CppHost *hp, const IrVar *buf, const char *name, CppRankLinear bytes)
{
    if (hp->nwindows == hp->capwindows) {
        hp->capwindows = hp->capwindows ? 2 * hp->capwindows : 8;
        hp->windows = xrealloc(hp->windows, hp->capwindows * sizeof *hp->windows);
    }
    hp->windows[hp->nwindows] = (CppWindow){buf, name, bytes, 0, 0};
    return (int)hp->nwindows++;
}

/* buf = pld.alloc_window_buffer(bytes) or (shape, dtype=...): a window
 * of the host's; 0, or -1 after reporting. */
static int read_window(CppHost *hp, const IrAssign *a, DiagEngine *diag)
{
    const IrCall *c = op_call(a->value, OP_PLD_TENSOR_ALLOC_WINDOW_BUFFER);
    CppRanks rk = here(hp);
    CppRankLinear n = {1, 0}, d;
    int64_t elem = 1;
    if (c->args[0]->kind == EXPR_MAKE_TUPLE) {
        const IrMakeTuple *shape = IR_AS(IrMakeTuple, c->args[0]);
        const IrKwarg *dt = ir_call_kwarg(c, "dtype");
        for (uint32_t i = 0; i < shape->n; i++) {   /* n * d, in checked arithmetic */
            CppRankLinear m;
            int64_t t;
            if (cpp_ranks_linear(&rk, shape->elems[i], &d) != 0 || (d.per_rank && n.per_rank) ||
                __builtin_mul_overflow(n.c, d.c, &m.c) || __builtin_mul_overflow(n.per_rank, d.c, &m.per_rank) ||
                __builtin_mul_overflow(d.per_rank, n.c, &t) || __builtin_add_overflow(m.per_rank, t, &m.per_rank))
                goto nonlinear;
            n = m;
        }
        elem = dt && dt->kind == KW_DTYPE ? (int64_t)dtype_bytes((DataType)dt->v.i) : 1;
    } else if (cpp_ranks_linear(&rk, c->args[0], &n) != 0) {
        goto nonlinear;
    }
    if (__builtin_mul_overflow(n.c, elem, &d.c) || __builtin_mul_overflow(n.per_rank, elem, &d.per_rank))
        goto nonlinear;
    add_window(hp, a->var, cpp_strip(hp->ir, a->var->name), d);
    return 0;
nonlinear:
    diag_error(diag, c->args[0]->span,
               "this window size has no C++ form yet: pyptocc sizes a window by constants and pld.world_size(), "
               "added and multiplied");
    return -1;
}

/* ----------------------------------------------------------- collectives */

static const struct {
    OpId op;
    int kind;
    int target;   /* the argument the call's result is (its rebinding) */
} collectives[] = {
    {OP_PLD_TENSOR_ALLREDUCE_HOST, CPP_STEP_ALLREDUCE, 0}, {OP_PLD_TENSOR_ALLREDUCE, CPP_STEP_ALLREDUCE, 0},
    {OP_PLD_TENSOR_BARRIER, CPP_STEP_BARRIER, 0},         {OP_PLD_TENSOR_BROADCAST, CPP_STEP_BROADCAST, 0},
    {OP_PLD_TENSOR_ALLGATHER, CPP_STEP_ALLGATHER, 1},     {OP_PLD_TENSOR_REDUCE_SCATTER, CPP_STEP_REDUCE_SCATTER, 0},
    {OP_PLD_TENSOR_ALL_TO_ALL, CPP_STEP_ALL_TO_ALL, 1},   {OP_PLD_TENSOR_ALL_TO_ALL_V, CPP_STEP_ALL_TO_ALL_V, 1},
};

/* The name a collective is written with (the signalled all-reduce's
 * internal name is another). */
static const char *coll_name(const IrCall *c)
{
    return op_call(&c->e, OP_PLD_TENSOR_ALLREDUCE) ? "pld.tensor.allreduce" : c->callee->name;
}

/* The entry of collectives[] e calls, or -1. */
static int collective_of(const IrExpr *e)
{
    for (int i = 0; i < (int)(sizeof collectives / sizeof collectives[0]); i++)
        if (op_call(e, collectives[i].op))
            return i;
    return -1;
}

/* Argument k of collective c as a window view into v: 0, or -1. */
static int view_arg(CppHost *hp, const IrCall *c, uint32_t k, CppView *v, DiagEngine *diag)
{
    CppRanks rk = here(hp);
    const IrCall *w = k < c->nargs ? op_call(cpp_ranks_value_of(&rk, c->args[k]), OP_PLD_TENSOR_WINDOW) : NULL;
    if (!w) {
        diag_error(diag, k < c->nargs ? c->args[k]->span : c->e.span,
                   "'%s' of host orchestration takes views of window buffers (pld.window) the host allocates",
                   coll_name(c));
        return -1;
    }
    return cpp_ranks_view(&rk, w, v, diag);
}

/* A collective's signal omitted (host allreduce, mesh): the one pypto's
 * SynthesizeAllReduceSignals gives it, [world_size, core_num] INT32 of a
 * window of its own. */
static void synthesized_signal(CppHost *hp, CppHostStep *s)
{
    char name[48];
    snprintf(name, sizeof name, "__allreduce_signal_buf_%u", hp->nwindows);
    s->signal.win = add_window(hp, NULL, intern_cstr(hp->ir->names, name), (CppRankLinear){0, 4 * (int64_t)s->lanes});
    s->signal.dtype = DT_INT32;
    s->signal.ndims = 2;
    s->signal.dims[0] = (CppRankLinear){0, 1};
    s->signal.dims[1] = (CppRankLinear){s->lanes, 0};
}

/* The checks of pypto's LowerHostTensorCollectives that a table can
 * make: 0, or -1 after reporting. */
static int check_collective(const CppHost *hp, const IrCall *c, const CppHostStep *s, DiagEngine *diag)
{
    const CppView *v[5] = {&s->data, &s->signal, &s->stage, &s->counts, &s->recv};
    uint32_t nv = s->kind == CPP_STEP_BARRIER                                           ? 0
                  : s->kind == CPP_STEP_ALL_TO_ALL_V                                    ? 5
                  : (s->kind == CPP_STEP_ALLGATHER || s->kind == CPP_STEP_ALL_TO_ALL) ? 3
                                                                                        : 2;
    if (s->signal.dtype != DT_INT32 ||
        (s->kind == CPP_STEP_ALL_TO_ALL_V && (s->counts.dtype != DT_INT32 || s->recv.dtype != DT_INT32))) {
        diag_error(diag, c->e.span, "'%s' needs an INT32 signal window, not %s", coll_name(c),
                   dtype_name(s->signal.dtype));
        return -1;
    }
    for (uint32_t i = 0; i < nv; i++)
        for (uint32_t j = i + 1; j < nv; j++)
            if (v[i]->win == v[j]->win) {
                diag_error(diag, c->e.span,
                           "the window operands of '%s' share the window buffer '%s'; each needs its own (two views "
                           "of one buffer race across the ranks)",
                           coll_name(c), hp->windows[v[i]->win].name);
                return -1;
            }
    if (s->signal.ndims == 1 && s->lanes > 1) {
        diag_error(diag, c->e.span, "'%s' with core_num=%d needs a signal of a lane per core, [world_size, %d]",
                   coll_name(c), s->lanes, s->lanes);
        return -1;
    }
    if (s->kind == CPP_STEP_ALLREDUCE || s->kind == CPP_STEP_REDUCE_SCATTER) {
        if (s->data.dtype != DT_FP32 && (s->ring || s->data.dtype != DT_FP16)) {
            diag_error(diag, c->e.span, "'%s' %sreduces FP%s data, not %s", coll_name(c),
                       s->ring ? "with mode=\"ring\" " : "", s->ring ? "32" : "16 or FP32", dtype_name(s->data.dtype));
            return -1;
        }
        if (s->ring && (s->op != REDUCE_SUM || s->lanes != 1)) {
            diag_error(diag, c->e.span, "'%s' with mode=\"ring\" takes op=pld.ReduceOp.Sum and core_num=1",
                       coll_name(c));
            return -1;
        }
    }
    if ((s->kind == CPP_STEP_ALLGATHER || s->kind == CPP_STEP_ALL_TO_ALL || s->kind == CPP_STEP_REDUCE_SCATTER ||
         s->kind == CPP_STEP_ALL_TO_ALL_V) &&
        s->data.ndims != 2) {
        diag_error(diag, c->e.span, "'%s' of host orchestration takes a target of a row per rank, [world_size, SIZE]",
                   coll_name(c));
        return -1;
    }
    if (s->kind == CPP_STEP_BROADCAST && (s->root < 0 || (hp->world > 0 && s->root >= hp->world))) {
        diag_error(diag, c->e.span, "'%s' has root=%d, which is none of the ranks", coll_name(c), s->root);
        return -1;
    }
    return 0;
}

/* Host collective c (entry ci of collectives[]) as a step: 0, or -1. */
static int read_collective(CppHost *hp, const IrCall *c, int ci, int in_loop, DiagEngine *diag)
{
    const IrKwarg *op = ir_call_kwarg(c, "op"), *mode = ir_call_kwarg(c, "mode");
    int kind = collectives[ci].kind;
    if (kind == CPP_STEP_ALL_TO_ALL_V && in_loop) {
        diag_error(diag, c->e.span,
                   "'%s' in a loop: its signal is set once and waited on once, so it cannot be reused across "
                   "iterations (pypto's MaterializeCommDomainScopes)",
                   coll_name(c));
        return -1;
    }
    if (collectives[ci].op == OP_PLD_TENSOR_ALLREDUCE_HOST && in_loop) {
        diag_error(diag, c->e.span,
                   "'%s' without a signal in a loop: the signal the compiler gives it is allocated once, outside "
                   "loops; pass one, %s(data, signal)",
                   coll_name(c), coll_name(c));
        return -1;
    }
    CppHostStep *s = add_step(hp, kind);
    s->what = coll_name(c);
    s->op = op && op->kind == KW_COMM_ENUM ? COMM_ENUM_VALUE(op->v.i) : REDUCE_SUM;
    s->lanes = (int)ir_call_kwarg_int(c, "core_num", 1);
    s->root = (int)ir_call_kwarg_int(c, "root", 0);
    if (mode && mode->kind == KW_STRING && strcmp(mode->v.s, "ring") == 0)
        s->ring = 1;
    else if (mode && !(mode->kind == KW_STRING && strcmp(mode->v.s, "mesh") == 0)) {
        diag_error(diag, c->e.span, "'%s' takes mode=\"mesh\" or mode=\"ring\"", coll_name(c));
        return -1;
    }
    if (s->lanes < 1) {
        diag_error(diag, c->e.span, "'%s' takes core_num >= 1", coll_name(c));
        return -1;
    }
    switch (kind) {
    case CPP_STEP_BARRIER:
        if (view_arg(hp, c, 0, &s->signal, diag) != 0)
            return -1;
        break;
    case CPP_STEP_ALLGATHER:
    case CPP_STEP_ALL_TO_ALL:
    case CPP_STEP_ALL_TO_ALL_V:
        if (view_arg(hp, c, 0, &s->stage, diag) != 0 || view_arg(hp, c, 1, &s->data, diag) != 0 ||
            view_arg(hp, c, 2, &s->signal, diag) != 0)
            return -1;
        if (kind == CPP_STEP_ALL_TO_ALL_V &&
            (view_arg(hp, c, 3, &s->counts, diag) != 0 || view_arg(hp, c, 4, &s->recv, diag) != 0))
            return -1;
        break;
    default:
        if (view_arg(hp, c, 0, &s->data, diag) != 0)
            return -1;
        if (collectives[ci].op == OP_PLD_TENSOR_ALLREDUCE_HOST)
            synthesized_signal(hp, s);
        else if (view_arg(hp, c, 1, &s->signal, diag) != 0)
            return -1;
        break;
    }
    return check_collective(hp, c, s, diag);
}

/* -------------------------------------------------------------- launches */

#define TAKEN                                                                                                          \
    "pyptocc's C++ runs host orchestration as steps: window buffers, views of them and scalars; loops "              \
    "for r in pl.range(pld.world_size()) (or a constant) of launches of Orchestration functions with device=r; "     \
    "launches with a constant device=; the host collectives; loops of a constant count of rounds of these"

/* The launch a statement is, f(..., device=d) as a statement or an
 * assignment's value; NULL if none. */
static const IrCall *launch_of(const IrStmt *s)
{
    const IrExpr *e = s->kind == STMT_EVAL ? IR_AS(IrEval, s)->expr : s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value : NULL;
    if (!e || e->kind != EXPR_CALL || ir_call_device_arg(IR_AS(IrCall, e)) < 0)
        return NULL;
    return IR_AS(IrCall, e);
}

static int launch_step(CppHost *hp, const IrCall *call, const IrVar *r, DiagEngine *diag)
{
    CppRanks rk = here(hp);
    const IrExpr *dev = cpp_ranks_value_of(&rk, call->args[ir_call_device_arg(call)]);
    int64_t device = -1, step = 1, count = 1, last;
    if (r && dev->kind == EXPR_VAR && IR_AS(IrVar, dev) == r) {
        device = hp->loop_first;   /* the rank loop's ranks */
        step = hp->loop_step;
        count = hp->loop_count;
    } else if (dev->kind == EXPR_CONST_INT && IR_AS(IrConstInt, dev)->value >= 0) {
        device = IR_AS(IrConstInt, dev)->value;
        r = NULL;
    } else {
        diag_error(diag, call->args[ir_call_device_arg(call)]->span,
                   "this device has no C++ form yet: pyptocc launches on device=r of its rank loop or a constant "
                   "rank");
        return -1;
    }
    last = device < 0 ? 0 : device + (count - 1) * step;
    if (device >= 0 && last + 1 > hp->world_min)
        hp->world_min = last + 1;
    CppHostStep *s = add_step(hp, CPP_STEP_LAUNCH);
    size_t at = (size_t)(s - hp->steps);
    CppRanks launch;
    if (cpp_ranks_launch(hp, call, r, device, step, count, &launch, diag) != 0)
        return -1;
    hp->steps[at].launch = launch;
    return 0;
}

static int walk(CppHost *hp, const IrStmt *s, int depth, int last, DiagEngine *diag);

/* The body of a rank loop, for r in pl.range(N): the launches with
 * device=r, after the assignments of their arguments. */
static int rank_body(CppHost *hp, const IrStmt *s, const IrVar *r, DiagEngine *diag)
{
    if (s->kind == STMT_SEQ) {
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            if (rank_body(hp, IR_AS(IrSeq, s)->stmts[i], r, diag) != 0)
                return -1;
        return 0;
    }
    const IrCall *call = launch_of(s);
    if (s->kind == STMT_YIELD)
        return 0;   /* carry() reads it */
    if (call) {
        if (launch_step(hp, call, r, diag) != 0)
            return -1;
        if (s->kind == STMT_ASSIGN)   /* its result is its output, which the host's tensors hold */
            add_def(hp, IR_AS(IrAssign, s)->var, IR_AS(IrAssign, s)->value);
        return 0;
    }
    if (s->kind == STMT_ASSIGN && !op_call(IR_AS(IrAssign, s)->value, OP_PLD_TENSOR_ALLOC_WINDOW_BUFFER) &&
        collective_of(IR_AS(IrAssign, s)->value) < 0) {
        add_def(hp, IR_AS(IrAssign, s)->var, IR_AS(IrAssign, s)->value);
        return 0;
    }
    diag_error(diag, s->span, "this statement of a dispatch loop has no C++ form yet: %s", TAKEN);
    return -1;
}

/* Whether statement s launches with device=v somewhere in it. */
static int launches_on(const IrStmt *s, const IrVar *v)
{
    const IrCall *c;
    if (s->kind == STMT_SEQ) {
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            if (launches_on(IR_AS(IrSeq, s)->stmts[i], v))
                return 1;
        return 0;
    }
    c = launch_of(s);
    return c && c->args[ir_call_device_arg(c)]->kind == EXPR_VAR && IR_AS(IrVar, c->args[ir_call_device_arg(c)]) == v;
}

/* The values a loop carries (the front end carries a variable the body
 * assigns, such as a window view): entering an iteration (first: the
 * first), its iteration arguments are their initial values or the last
 * iteration's yield; after the loop (entering 0 after the last), its
 * results are the last yield. */
static void carry(CppHost *hp, const IrFor *f, int first)
{
    const IrValues *y = ir_body_yield(f->body);
    for (uint32_t i = 0; i < f->niter; i++) {
        const IrExpr *last = y && i < y->n ? y->values[i] : f->iter_args[i]->init;
        add_def(hp, &f->iter_args[i]->v, first ? f->iter_args[i]->init : last);
        add_def(hp, f->ret[i], last);
    }
}

static int for_stmt(CppHost *hp, const IrFor *f, int depth, DiagEngine *diag)
{
    CppRanks rk = here(hp);
    const IrExpr *start = cpp_ranks_value_of(&rk, f->start), *stop = cpp_ranks_value_of(&rk, f->stop);
    const IrExpr *step = cpp_ranks_value_of(&rk, f->step);
    int64_t a, b, c;
    if (start->kind != EXPR_CONST_INT || step->kind != EXPR_CONST_INT) {
        diag_error(diag, f->s.span, "this loop of host orchestration has no C++ form yet: %s", TAKEN);
        return -1;
    }
    a = IR_AS(IrConstInt, start)->value;
    c = IR_AS(IrConstInt, step)->value;
    if (launches_on(f->body, f->loop_var)) {
        /* The ranks: every rank runs its own iteration; a constant range
         * is those ranks (the program runs on at least as many). */
        if (depth > 0 && hp->loop_count != 0) {
            diag_error(diag, f->s.span, "a dispatch loop in a dispatch loop has no C++ form");
            return -1;
        }
        if (stop->kind == EXPR_CONST_INT && a >= 0 && c > 0) {
            b = IR_AS(IrConstInt, stop)->value;
            hp->loop_first = a;
            hp->loop_step = c;
            hp->loop_count = b > a ? (b - a + c - 1) / c : 0;
            if (hp->loop_count == 0) {
                diag_error(diag, f->s.span, "a dispatch loop over no ranks");
                return -1;
            }
        } else if (op_call(stop, OP_PLD_SYSTEM_WORLD_SIZE) && a == 0 && c == 1) {
            hp->loop_first = -1;
            hp->loop_step = 1;
            hp->loop_count = -1;
            hp->dynamic = 1;
        } else {
            diag_error(diag, f->stop->span, "the ranks of a dispatch loop have no C++ form yet: %s", TAKEN);
            return -1;
        }
        carry(hp, f, 1);
        if (rank_body(hp, f->body, f->loop_var, diag) != 0)
            return -1;
        hp->loop_count = 0;
        carry(hp, f, 0);
        return 0;
    }
    /* Rounds: unrolled, the index bound to each value in turn. */
    if (stop->kind != EXPR_CONST_INT || c == 0) {
        diag_error(diag, f->stop->span, "this loop of host orchestration has no C++ form yet: its rounds are a "
                                        "constant count");
        return -1;
    }
    b = IR_AS(IrConstInt, stop)->value;
    if ((c > 0 ? (b - a + c - 1) / c : (a - b - c - 1) / -c) > MAX_ROUNDS) {
        diag_error(diag, f->s.span, "this loop of host orchestration has more than %d rounds, which pyptocc's C++ "
                                    "unrolls", MAX_ROUNDS);
        return -1;
    }
    for (int64_t i = a; c > 0 ? i < b : i > b; i += c) {
        add_def(hp, f->loop_var, ir_const_int(hp->ir, i, (DataType)f->loop_var->type->dtype, f->s.span));
        carry(hp, f, i == a);
        if (walk(hp, f->body, depth + 1, 0, diag) != 0)
            return -1;
    }
    carry(hp, f, 0);
    return 0;
}

static int walk(CppHost *hp, const IrStmt *s, int depth, int last, DiagEngine *diag)
{
    const IrExpr *e = NULL;
    const IrCall *call;
    int ci;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            if (walk(hp, IR_AS(IrSeq, s)->stmts[i], depth, last && i + 1 == IR_AS(IrSeq, s)->n, diag) != 0)
                return -1;
        return 0;
    case STMT_FOR:
        return for_stmt(hp, IR_AS(IrFor, s), depth, diag);
    case STMT_RETURN:
        if (last && depth == 0)
            return 0;
        break;
    case STMT_YIELD:
        if (depth > 0)
            return 0;   /* carry() reads it */
        break;
    case STMT_ASSIGN:
        e = IR_AS(IrAssign, s)->value;
        if (op_call(e, OP_PLD_TENSOR_ALLOC_WINDOW_BUFFER)) {
            if (depth > 0) {
                diag_error(diag, s->span, "a window buffer allocated in a loop of host orchestration: every rank "
                                          "allocates its windows once, before the steps");
                return -1;
            }
            return read_window(hp, IR_AS(IrAssign, s), diag);
        }
        /* fallthrough */
    case STMT_EVAL:
        e = e ? e : IR_AS(IrEval, s)->expr;
        if ((call = launch_of(s)) != NULL) {
            if (launch_step(hp, call, NULL, diag) != 0)
                return -1;
        } else if ((ci = collective_of(e)) >= 0) {
            if (read_collective(hp, IR_AS(IrCall, e), ci, depth > 0, diag) != 0)
                return -1;
            /* data = pld.tensor.allreduce(data, ...): data is its target */
            if (s->kind == STMT_ASSIGN)
                add_def(hp, IR_AS(IrAssign, s)->var, IR_AS(IrCall, e)->args[collectives[ci].target]);
            return 0;
        } else if (s->kind == STMT_EVAL) {
            break;
        }
        if (s->kind == STMT_ASSIGN)
            add_def(hp, IR_AS(IrAssign, s)->var, e);
        return 0;
    default:
        break;
    }
    diag_error(diag, s->span, "this statement of host orchestration has no C++ form yet: %s", TAKEN);
    return -1;
}

/* Window w is used by a step on the ranks first + i * step, i < count
 * (first -1: every rank).  A window used on every rank is of the world's
 * domain; one that only launches on some ranks use is of a domain of
 * those ranks (its context numbers them 0, 1, ... in rank order, as
 * pypto's MaterializeCommDomainScopes makes a CommGroup per device
 * subset): 0, or -1 after reporting at. */
static int use_window(CppHost *hp, int32_t w, int64_t first, int64_t step, int64_t count, Span at, DiagEngine *diag)
{
    CppWindow *win;
    if (w < 0 || (uint32_t)w >= hp->nwindows)
        return 0;
    win = &hp->windows[w];
    if (first < 0) {
        win->all_ranks = 1;
        return 0;
    }
    for (int64_t i = 0; i < count; i++) {
        int64_t r = first + i * step;
        if (r < 0 || r >= 64) {
            diag_error(diag, at, "this launch passes window '%s' on rank %" PRId64 "; a communication domain of some "
                                 "ranks reaches rank 63 at most (the runtime's 64 ranks)",
                       win->name, r);
            return -1;
        }
        win->domain |= UINT64_C(1) << r;
    }
    return 0;
}

/* Every window's communication domain, from the steps that use it: 0, or
 * -1 after reporting. */
static int subsets(CppHost *hp, DiagEngine *diag)
{
    for (uint32_t i = 0; i < hp->nsteps; i++) {
        CppHostStep *s = &hp->steps[i];
        CppRanks *rk = &s->launch;
        if (s->kind != CPP_STEP_LAUNCH) {   /* a collective: every rank */
            Span none = span_unknown();
            use_window(hp, s->signal.win, -1, 1, 0, none, diag);
            if (s->kind != CPP_STEP_BARRIER)
                use_window(hp, s->data.win, -1, 1, 0, none, diag);
            if (s->kind == CPP_STEP_ALLGATHER || s->kind == CPP_STEP_ALL_TO_ALL || s->kind == CPP_STEP_ALL_TO_ALL_V)
                use_window(hp, s->stage.win, -1, 1, 0, none, diag);
            if (s->kind == CPP_STEP_ALL_TO_ALL_V) {
                use_window(hp, s->counts.win, -1, 1, 0, none, diag);
                use_window(hp, s->recv.win, -1, 1, 0, none, diag);
            }
            continue;
        }
        if (hp->world > 0 && rk->device == 0 && rk->device_step == 1 && rk->device_count == hp->world)
            rk->device = -1;   /* every rank */
        if (rk->device < 0)
            for (uint32_t k = 0; k < hp->plans[rk->orch].nslots; k++)
                if (rk->kind[k] == CPP_RANK_WINDOW || rk->kind[k] == CPP_RANK_COMM_CTX)
                    use_window(hp, rk->from[k], -1, 1, 0, rk->call->e.span, diag);
    }
    /* Then the launches on some ranks, for the windows no step on every
     * rank uses. */
    for (uint32_t i = 0; i < hp->nsteps; i++) {
        CppRanks *rk = &hp->steps[i].launch;
        if (hp->steps[i].kind != CPP_STEP_LAUNCH || rk->device < 0)
            continue;
        for (uint32_t k = 0; k < hp->plans[rk->orch].nslots; k++)
            if ((rk->kind[k] == CPP_RANK_WINDOW || rk->kind[k] == CPP_RANK_COMM_CTX) &&
                use_window(hp, rk->from[k], rk->device, rk->device_step, rk->device_count, rk->call->e.span,
                           diag) != 0)
                return -1;
    }
    for (uint32_t w = 0; w < hp->nwindows; w++)
        if (hp->windows[w].all_ranks)
            hp->windows[w].domain = 0;
    return 0;
}

/* 0 when hp has a launch; else -1 after reporting at. */
static int launched(const CppHost *hp, Span at, DiagEngine *diag)
{
    for (uint32_t i = 0; i < hp->nsteps; i++)
        if (hp->steps[i].kind == CPP_STEP_LAUNCH)
            return 0;
    diag_error(diag, at, "this host orchestration has no C++ form yet: %s", TAKEN);
    return -1;
}

int cpp_host_plan(CppHost *hp, const IrFunc *host, Span at, DiagEngine *diag)
{
    hp->host = host;
    /* Its tensors are files or fills, its scalars NAME=VALUE on the
     * command line (runtime/README.md, "Ranks"). */
    for (uint32_t i = 0; i < host->nparams; i++) {
        const IrType *t = host->params[i].var->type;
        if (t->kind != TYPE_TENSOR && t->kind != TYPE_SCALAR) {
            diag_error(diag, host->params[i].var->e.span,
                       "the host function's parameter '%s' is neither a tensor nor a scalar; a multi-rank program's "
                       "C++ takes those",
                       cpp_strip(hp->ir, host->params[i].var->name));
            return -1;
        }
        if (t->kind == TYPE_SCALAR && host->params[i].dir != DIR_IN) {
            diag_error(diag, host->params[i].var->e.span,
                       "the host function's scalar '%s' is an output; a multi-rank program's outputs are tensors",
                       cpp_strip(hp->ir, host->params[i].var->name));
            return -1;
        }
    }
    if (!host->body || walk(hp, host->body, 0, 1, diag) != 0)
        return -1;
    /* The ranks: as many as the rows of a host tensor with a row per
     * rank; else any (a loop over pld.world_size()), at least as many as
     * the launches name; else those. */
    if (hp->world > 0 && hp->world_min > hp->world) {
        diag_error(diag, at, "a launch on rank %lld of a program of %lld ranks (the rows of its host tensors)",
                   (long long)hp->world_min - 1, (long long)hp->world);
        return -1;
    }
    if (hp->world == 0 && !hp->dynamic)
        hp->world = hp->world_min;
    return subsets(hp, diag) != 0 ? -1 : launched(hp, at, diag);
}

void cpp_host_free(CppHost *hp)
{
    xfree(hp->defs);
    xfree(hp->steps);
    xfree(hp->windows);
}
