/* cpp_ranks.c: the plan of a multi-rank C++ program.  Host orchestration
 * that dispatches the Orchestration function to each rank,
 *
 *     for r in pl.range(pld.world_size()):     (or a constant count)
 *         orch(x[r], y[r], r, device=r)
 *
 * runs as SPMD on the runtime's ranks (runtime/README.md, "Ranks"): every
 * rank reads the host function's arguments, runs the orchestration on what
 * its own launch names, and rank 0 writes the host's gathered outputs.
 * This file reads the dispatch and decides, for each argument slot of the
 * Orchestration function, where rank r's value comes from: row r of a host
 * tensor parameter (x[r]), the rank itself (r), a window the host
 * allocates (pld.alloc_window_buffer before the loop, viewed by
 * pld.window before it or in it), the context of the rank's windows, or a
 * dimension the runtime sets.  Before the loop the host may also name
 * scalars (n = pld.world_size()).  Other forms of host code are located
 * errors naming what is taken; cpp_program.c spells the table. */
#include "config.h"
#include "codegen/cpp_emit.h"
#include "ir/op_registry.h"
#include "support/arena.h"

#include <string.h>

/* The statements of the body *slot: a SeqStmts' or the one. */
static const IrStmt *const *stmts_of(const IrStmt *const *slot, uint32_t *n)
{
    const IrStmt *s = *slot;
    if (s && s->kind == STMT_SEQ) {
        *n = IR_AS(IrSeq, s)->n;
        return IR_AS(IrSeq, s)->stmts;
    }
    *n = s ? 1 : 0;
    return slot;
}

static int is_int(const IrExpr *e, int64_t v)
{
    return e && e->kind == EXPR_CONST_INT && IR_AS(IrConstInt, e)->value == v;
}

static const IrCall *op_call(const IrExpr *e, OpId id)
{
    if (!e || e->kind != EXPR_CALL || IR_AS(IrCall, e)->callee->kind != CALLEE_OP ||
        !op_is(callee_op(IR_AS(IrCall, e)->callee), id))
        return NULL;
    return IR_AS(IrCall, e);
}

/* What e stands for: the value of the loop body's assignment of it, if
 * it is a variable the body defines (the passes name each step). */
static const IrExpr *value_of(const CppRanks *rk, const IrExpr *e)
{
    for (uint32_t i = rk->ndefs; e && e->kind == EXPR_VAR && i-- > 0;)
        if (rk->defs[i]->var == IR_AS(IrVar, e))
            return value_of(rk, rk->defs[i]->value);
    return e;
}

/* e is a tensor parameter of the host: its index, or -1. */
static int host_param(const CppRanks *rk, const IrExpr *e)
{
    for (uint32_t i = 0; e->kind == EXPR_VAR && i < rk->host->nparams; i++)
        if (rk->host->params[i].var == IR_AS(IrVar, e) && rk->host->params[i].var->type->kind == TYPE_TENSOR)
            return (int)i;
    return -1;
}

/* x[r] as the front end writes it, reshape(slice(x, [1, d...], [r, 0...]),
 * [d...]), of a host tensor parameter: its index, or -1. */
static int host_row(const CppRanks *rk, const IrExpr *e)
{
    const IrCall *re = op_call(value_of(rk, e), OP_TENSOR_RESHAPE), *v;
    const IrMakeTuple *shape, *offs;
    if (!re || re->nargs < 1 || !(v = op_call(value_of(rk, re->args[0]), OP_TENSOR_VIEW)) || v->nargs < 3 ||
        v->args[0]->kind != EXPR_VAR || v->args[1]->kind != EXPR_MAKE_TUPLE || v->args[2]->kind != EXPR_MAKE_TUPLE)
        return -1;
    shape = IR_AS(IrMakeTuple, v->args[1]);
    offs = IR_AS(IrMakeTuple, v->args[2]);
    if (shape->n < 1 || shape->n != offs->n || !is_int(shape->elems[0], 1) || offs->elems[0]->kind != EXPR_VAR ||
        IR_AS(IrVar, offs->elems[0]) != rk->r)
        return -1;
    for (uint32_t d = 1; d < offs->n; d++)
        if (!is_int(offs->elems[d], 0))
            return -1;
    return host_param(rk, v->args[0]);
}

/* a * b into *out, 0; -1 when it is not linear in the number of ranks. */
static int linear_mul(CppRankLinear a, CppRankLinear b, CppRankLinear *out)
{
    if (a.per_rank && b.per_rank)
        return -1;
    *out = (CppRankLinear){a.c * b.c, a.per_rank * b.c + b.per_rank * a.c};
    return 0;
}

/* e as c + per_rank * nranks, where pld.world_size() is nranks: 0, or
 * -1 when it is not linear in it. */
static int rank_linear(const CppRanks *rk, const IrExpr *e, CppRankLinear *out)
{
    e = value_of(rk, e);
    CppRankLinear a, b;
    if (e->kind == EXPR_CONST_INT) {
        *out = (CppRankLinear){IR_AS(IrConstInt, e)->value, 0};
        return 0;
    }
    if (op_call(e, OP_PLD_SYSTEM_WORLD_SIZE)) {
        *out = (CppRankLinear){0, 1};
        return 0;
    }
    if (e->kind == EXPR_UNARY && e->op == UN_CAST)
        return rank_linear(rk, IR_AS(IrUnary, e)->operand, out);
    if (e->kind != EXPR_BINARY || rank_linear(rk, IR_AS(IrBinary, e)->lhs, &a) || rank_linear(rk, IR_AS(IrBinary, e)->rhs, &b))
        return -1;
    switch ((IrBinaryOp)e->op) {
    case BIN_ADD:
        *out = (CppRankLinear){a.c + b.c, a.per_rank + b.per_rank};
        return 0;
    case BIN_SUB:
        *out = (CppRankLinear){a.c - b.c, a.per_rank - b.per_rank};
        return 0;
    case BIN_MUL:
        return linear_mul(a, b, out);
    default:
        return -1;
    }
}

/* buf = pld.alloc_window_buffer(bytes) or (shape, dtype=...), before
 * the dispatch loop: a window of the host's; 0, or -1 after reporting. */
static int read_window(CppRanks *rk, const IrAssign *a, DiagEngine *diag)
{
    const IrCall *c = op_call(a->value, OP_PLD_TENSOR_ALLOC_WINDOW_BUFFER);
    CppRankLinear n = {1, 0}, d;
    int64_t elem = 1;
    if (c->args[0]->kind == EXPR_MAKE_TUPLE) {
        const IrMakeTuple *shape = IR_AS(IrMakeTuple, c->args[0]);
        const IrKwarg *dt = ir_call_kwarg(c, "dtype");
        elem = dt && dt->kind == KW_DTYPE ? (int64_t)dtype_bytes((DataType)dt->v.i) : 1;
        for (uint32_t i = 0; i < shape->n; i++)
            if (rank_linear(rk, shape->elems[i], &d) != 0 || linear_mul(n, d, &n) != 0)
                goto nonlinear;
    } else if (rank_linear(rk, c->args[0], &n) != 0) {
        goto nonlinear;
    }
    rk->windows[rk->nwindows++] = (CppWindow){a->var, {n.c * elem, n.per_rank * elem}};
    return 0;
nonlinear:
    diag_error(diag, c->args[0]->span,
               "this window size has no C++ form yet: pyptocc sizes a window by constants and pld.world_size(), "
               "added and multiplied");
    return -1;
}

/* e is the rank r, or r converted to an integer type (a Scalar[INT32]
 * parameter takes it so). */
static int is_rank(const CppRanks *rk, const IrExpr *e)
{
    while (e->kind == EXPR_UNARY && e->op == UN_CAST && dtype_is_int((DataType)e->dtype))
        e = value_of(rk, IR_AS(IrUnary, e)->operand);
    return e->kind == EXPR_VAR && IR_AS(IrVar, e) == rk->r;
}

/* e, a scalar of the launch, is computed from the rank r and constants
 * (the host's scalars before the loop and the loop body's standing for
 * theirs). */
static int of_rank(const CppRanks *rk, const IrExpr *e)
{
    e = value_of(rk, e);
    switch ((IrExprKind)e->kind) {
    case EXPR_CONST_INT:
    case EXPR_CONST_BOOL:
        return 1;
    case EXPR_VAR:
        return IR_AS(IrVar, e) == rk->r;
    case EXPR_UNARY:
        return of_rank(rk, IR_AS(IrUnary, e)->operand);
    case EXPR_BINARY:
        return of_rank(rk, IR_AS(IrBinary, e)->lhs) && of_rank(rk, IR_AS(IrBinary, e)->rhs);
    default:
        return 0;
    }
}

/* The C++ text of variable v in a rank's value: `rank`, or what the host
 * computed it as (parenthesized). */
static const char *rank_var(CppExpr *x, const IrVar *v, Span at)
{
    const CppRanks *rk = x->data;
    const IrExpr *e = value_of(rk, &v->e);
    StrBuf sb;
    const char *text;
    (void)at;
    if (e->kind == EXPR_VAR && IR_AS(IrVar, e) == rk->r)
        return "rank";
    sb_init(&sb);
    sb_putc(&sb, '(');
    if (e == &v->e || cpp_expr(x, &sb, e) != 0) {
        sb_free(&sb);
        return NULL;
    }
    sb_putc(&sb, ')');
    text = intern_cstr(x->ir->names, sb_cstr(&sb));
    sb_free(&sb);
    return text;
}

int cpp_ranks_value(CppPlan *plan, const CppRanks *rk, uint32_t k, StrBuf *out, DiagEngine *diag)
{
    CppExpr x;
    memset(&x, 0, sizeof x);
    x.ir = plan->ir;
    x.diag = diag;
    x.style = CPP_KERNEL;   /* Python's floor division and modulo */
    x.var = rank_var;
    x.data = (void *)rk;
    x.at = rk->call->e.span;
    return cpp_expr(&x, out, value_of(rk, rk->value[k]));
}

#define TAKEN                                                                                                          \
    "pyptocc's C++ runs host orchestration of one loop, for r in pl.range(pld.world_size()) (or a constant), around " \
    "one call of the Orchestration function with device=r, after window buffers, views of them and scalars"

/* The loop and the call of a host function with a dispatch; 0 or -1. */
static int read_dispatch(CppPlan *plan, CppRanks *rk, const IrFunc *orch, Span at, DiagEngine *diag)
{
    uint32_t n, m;
    const IrStmt *const *s = stmts_of(&rk->host->body, &n);
    const IrFor *loop = NULL;
    const IrStmt *const *b;
    rk->windows = arena_array(&plan->ir->arena, n + 1, sizeof *rk->windows);
    for (uint32_t i = 0; i < n && !loop; i++)
        if (s[i]->kind == STMT_FOR)
            loop = IR_AS(IrFor, s[i]);
    m = 0;
    if (loop)
        stmts_of(&loop->body, &m);
    /* Before the loop: window buffers, views of them and scalars (the
     * number of ranks, sizes), which the launch's arguments name. */
    rk->defs = arena_array(&plan->ir->arena, (size_t)n + m + 1, sizeof *rk->defs);
    rk->ndefs = 0;
    loop = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const IrAssign *a = s[i]->kind == STMT_ASSIGN ? IR_AS(IrAssign, s[i]) : NULL;
        if (s[i]->kind == STMT_FOR && !loop) {
            loop = IR_AS(IrFor, s[i]);
        } else if (!loop && a && op_call(a->value, OP_PLD_TENSOR_ALLOC_WINDOW_BUFFER)) {
            if (read_window(rk, a, diag) != 0)
                return -1;
        } else if (!loop && a && (op_call(a->value, OP_PLD_TENSOR_WINDOW) || a->var->type->kind == TYPE_SCALAR)) {
            rk->defs[rk->ndefs++] = a;
        } else if (!(s[i]->kind == STMT_RETURN && i + 1 == n)) {
            diag_error(diag, s[i]->span, "this statement of host orchestration has no C++ form yet: %s", TAKEN);
            return -1;
        }
    }
    if (!loop || loop->niter || !is_int(loop->start, 0) || !is_int(loop->step, 1)) {
        diag_error(diag, loop ? loop->s.span : at, "this host orchestration has no C++ form yet: %s", TAKEN);
        return -1;
    }
    rk->r = loop->loop_var;
    rk->world = 0;
    const IrExpr *stop = value_of(rk, loop->stop);
    if (stop->kind == EXPR_CONST_INT)
        rk->world = IR_AS(IrConstInt, stop)->value;
    else if (!op_call(stop, OP_PLD_SYSTEM_WORLD_SIZE)) {
        diag_error(diag, loop->stop->span, "the ranks of a dispatch loop have no C++ form yet: %s", TAKEN);
        return -1;
    }
    /* The body: the launch, after the assignments of its arguments. */
    b = stmts_of(&loop->body, &m);
    for (uint32_t i = 0; m && i + 1 < m; i++) {
        if (b[i]->kind != STMT_ASSIGN) {
            diag_error(diag, b[i]->span, "this statement of a dispatch loop has no C++ form yet: %s", TAKEN);
            return -1;
        }
        rk->defs[rk->ndefs++] = IR_AS(IrAssign, b[i]);
    }
    if (m && b[m - 1]->kind == STMT_EVAL && IR_AS(IrEval, b[m - 1])->expr->kind == EXPR_CALL)
        rk->call = IR_AS(IrCall, IR_AS(IrEval, b[m - 1])->expr);
    else if (m && b[m - 1]->kind == STMT_ASSIGN && IR_AS(IrAssign, b[m - 1])->value->kind == EXPR_CALL)
        rk->call = IR_AS(IrCall, IR_AS(IrAssign, b[m - 1])->value);
    else {
        diag_error(diag, m ? b[m - 1]->span : loop->s.span, "this body of a dispatch loop has no C++ form yet: %s",
                   TAKEN);
        return -1;
    }
    int dev = ir_call_device_arg(rk->call);
    if (dev < 0 || rk->call->args[dev]->kind != EXPR_VAR || IR_AS(IrVar, rk->call->args[dev]) != rk->r ||
        !orch || strcmp(rk->call->callee->name, orch->name) != 0) {
        diag_error(diag, rk->call->e.span, "this launch has no C++ form yet: %s", TAKEN);
        return -1;
    }
    return 0;
}

/* Slot k is pld.window(buf, shape, dtype=...) of a host window: its
 * window and shape; 0, or -1 after reporting. */
static int window_slot(CppRanks *rk, const IrCall *w, uint32_t k, DiagEngine *diag)
{
    int win = -1;
    for (uint32_t i = 0; i < rk->nwindows && win < 0; i++)
        if (w->args[0]->kind == EXPR_VAR && IR_AS(IrVar, w->args[0]) == rk->windows[i].buf)
            win = (int)i;
    if (win < 0) {
        diag_error(diag, w->args[0]->span,
                   "this window has no C++ form yet: pyptocc views a window buffer the host allocates before its "
                   "dispatch loop");
        return -1;
    }
    const IrMakeTuple *shape = w->args[1]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, w->args[1]) : NULL;
    if (!shape || shape->n > 5) {
        diag_error(diag, w->e.span, "this window view needs a literal shape of rank 1 to 5");
        return -1;
    }
    for (uint32_t d = 0; d < 5; d++)
        rk->shape[k][d] = (CppRankLinear){0, 0};
    for (uint32_t d = 0; d < shape->n; d++)
        if (rank_linear(rk, shape->elems[d], &rk->shape[k][d]) != 0) {
            diag_error(diag, shape->elems[d]->span,
                       "this window dimension has no C++ form yet: pyptocc takes constants and pld.world_size(), "
                       "added and multiplied");
            return -1;
        }
    rk->kind[k] = CPP_RANK_WINDOW;
    rk->from[k] = win;
    return 0;
}

int cpp_ranks_plan(CppPlan *plan, const IrFunc *host, Span at, CppRanks *rk, DiagEngine *diag)
{
    IrCtx *ir = plan->ir;
    const IrFunc *orch = plan->orch;
    memset(rk, 0, sizeof *rk);
    rk->host = host;
    if (read_dispatch(plan, rk, orch, at, diag) != 0 || cpp_plan_slots(plan, diag) != 0)
        return -1;
    for (uint32_t i = 0; i < host->nparams; i++)
        if (host->params[i].var->type->kind != TYPE_TENSOR) {
            diag_error(diag, host->params[i].var->e.span,
                       "the host function's parameter '%s' is not a tensor; a multi-rank program's C++ takes tensors",
                       host->params[i].var->name);
            return -1;
        }
    rk->kind = arena_array(&ir->arena, plan->nslots + 1, sizeof *rk->kind);
    rk->from = arena_array(&ir->arena, plan->nslots + 1, sizeof *rk->from);
    rk->shape = arena_array(&ir->arena, plan->nslots + 1, sizeof *rk->shape);
    rk->value = arena_array(&ir->arena, plan->nslots + 1, sizeof *rk->value);
    for (uint32_t k = 0; k < plan->nslots; k++) {
        const CppSlot *s = &plan->slots[k];
        int j = -1;
        if (s->dim_of) {
            rk->kind[k] = CPP_RANK_DIM;
            continue;
        }
        for (uint32_t i = 0; i < orch->nparams && j < 0; i++)
            if (strcmp(cpp_strip(ir, orch->params[i].var->name), s->name) == 0)
                j = (int)i;
        if (j < 0) {
            diag_error(diag, rk->call->e.span,
                       "'%s' returns the tensor '%s', which is none of its parameters; in a multi-rank program the "
                       "outputs are the host function's tensors",
                       orch->name, s->name);
            return -1;
        }
        const IrExpr *a = value_of(rk, rk->call->args[j]);
        const IrCall *w = op_call(a, OP_PLD_TENSOR_WINDOW);
        int h;
        if (op_call(a, OP_PLD_SYSTEM_GET_COMM_CTX)) {
            rk->kind[k] = CPP_RANK_COMM_CTX;   /* MaterializeCommContext's: the rank's own context */
        } else if (w) {
            if (window_slot(rk, w, k, diag) != 0)
                return -1;
        } else if ((h = host_param(rk, a)) >= 0) {
            /* a host input every rank reads whole */
            if (host->params[h].dir != DIR_IN) {
                diag_error(diag, rk->call->e.span,
                           "the host passes its output '%s' whole to every rank; a rank writes its row of an output, "
                           "x[r]",
                           cpp_strip(ir, host->params[h].var->name));
                return -1;
            }
            rk->kind[k] = CPP_RANK_WHOLE;
            rk->from[k] = h;
        } else if (is_rank(rk, a)) {
            rk->kind[k] = CPP_RANK_INDEX;
        } else if (s->type->kind == TYPE_SCALAR && of_rank(rk, a)) {
            rk->kind[k] = CPP_RANK_VALUE;   /* r // 4 * 4, r % 4, a constant */
            rk->value[k] = a;
        } else if ((h = host_row(rk, a)) >= 0) {
            rk->kind[k] = CPP_RANK_SLICE;
            rk->from[k] = h;
            const IrType *t = host->params[h].var->type;
            int64_t d0;
            if (rk->world == 0 && ir_dim_value(t->dims[0], &d0))
                rk->world = d0;
        } else {
            diag_error(diag, a->span,
                       "this argument of a per-rank launch has no C++ form yet: pyptocc passes a row x[r] of a host "
                       "tensor parameter, a host input whole, a window, the rank r or a scalar of it and constants");
            return -1;
        }
    }
    return 0;
}
