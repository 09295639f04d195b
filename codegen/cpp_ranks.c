/* cpp_ranks.c: one launch of a multi-rank program's host orchestration
 * (cpp_host.c reads the steps),
 *
 *     for r in pl.range(pld.world_size()):     (or a constant count)
 *         orch(x[r], y[r], r, device=r)
 *
 * or orch(..., device=c) on one rank, which runs as SPMD on the runtime's
 * ranks (runtime/README.md, "Ranks"): every rank reads the host
 * function's arguments and runs the orchestration on what its own launch
 * names.  This file decides, for each argument slot of the Orchestration
 * function, where rank r's value comes from: a region of a host tensor
 * parameter indexed by constants and r (x[r], x[2, r]), the rank itself
 * (r), a window the host allocates (pld.alloc_window_buffer, viewed by
 * pld.window), the context of the rank's windows, a host input whole, a
 * host scalar parameter as it is, a scalar of the rank, the host's
 * integer scalars and constants, or a dimension the runtime sets.
 * Other forms are located errors naming what is taken; cpp_program.c
 * spells the tables. */
#include "config.h"
#include "codegen/cpp_emit.h"
#include "support/xalloc.h"
#include "ir/op_registry.h"
#include "support/arena.h"

#include <string.h>

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

/* What e stands for: the value of the host's assignment of it before the
 * launch, if it is a variable the host defines (the passes name each
 * step; an unrolled round's index is bound to its constant). */
const IrExpr *cpp_ranks_value_of(const CppRanks *rk, const IrExpr *e)
{
    /* A definition's value names what was defined before it. */
    for (uint32_t i = rk->ndefs; e && (e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG) && i-- > 0;)
        if (rk->hp->defs[i]->var == IR_AS(IrVar, e))
            e = rk->hp->defs[i]->value;
    return e;
}
#define value_of cpp_ranks_value_of

/* e, a variable the host does not define, is a pl.dynamic dimension of
 * the host's tensor parameters: it stands for the number of ranks
 * (recorded in the host plan, whose tables tell the runtime). */
static int world_var(const CppRanks *rk, const IrExpr *e)
{
    CppHost *hp = (CppHost *)rk->hp;   /* the plan being built, which rk reads */
    const IrFunc *h = hp->host;
    const char *name;
    if (e->kind != EXPR_VAR || value_of(rk, e) != e)
        return 0;
    name = IR_AS(IrVar, e)->name;
    for (uint32_t i = 0; i < hp->nworld_vars; i++)
        if (hp->world_vars[i] == name)
            return 1;
    for (uint32_t i = 0; i < h->nparams; i++) {
        const IrType *t = h->params[i].var->type;
        for (uint32_t d = 0; t->kind == TYPE_TENSOR && d < t->n; d++)
            if (t->dims[d]->kind == EXPR_VAR && IR_AS(IrVar, t->dims[d])->name == name &&
                hp->nworld_vars < sizeof hp->world_vars / sizeof hp->world_vars[0]) {
                hp->world_vars[hp->nworld_vars++] = name;
                return 1;
            }
    }
    return 0;
}

/* e is a tensor parameter of the host: its index, or -1. */
static int host_param(const CppRanks *rk, const IrExpr *e)
{
    const IrFunc *h = rk->hp->host;
    for (uint32_t i = 0; e->kind == EXPR_VAR && i < h->nparams; i++)
        if (h->params[i].var == IR_AS(IrVar, e) && h->params[i].var->type->kind == TYPE_TENSOR)
            return (int)i;
    return -1;
}

/* e is a scalar parameter of the host (its 64 bits come from the command
 * line): its index, or -1.  Of an integer or BOOL scalar only, when ints:
 * the rank values read it as a 64-bit integer. */
static int host_scalar(const CppRanks *rk, const IrExpr *e, int ints)
{
    const IrFunc *h = rk->hp->host;
    for (uint32_t i = 0; e->kind == EXPR_VAR && i < h->nparams; i++) {
        const IrType *t = h->params[i].var->type;
        if (h->params[i].var == IR_AS(IrVar, e) && t->kind == TYPE_SCALAR &&
            (!ints || dtype_is_int((DataType)t->dtype) || t->dtype == DT_BOOL))
            return (int)i;
    }
    return -1;
}

/* a + b, a - b (sub) and a * b (one of them constant) into *out, in
 * checked arithmetic: 0, or -1 on overflow or when a * b is not linear. */
static int lin_add(CppRankLinear a, CppRankLinear b, int sub, CppRankLinear *out)
{
    if (sub)
        return __builtin_sub_overflow(a.c, b.c, &out->c) || __builtin_sub_overflow(a.per_rank, b.per_rank, &out->per_rank)
                   ? -1
                   : 0;
    return __builtin_add_overflow(a.c, b.c, &out->c) || __builtin_add_overflow(a.per_rank, b.per_rank, &out->per_rank)
               ? -1
               : 0;
}

static int lin_mul(CppRankLinear a, CppRankLinear b, CppRankLinear *out)
{
    int64_t x, y;
    if (a.per_rank && b.per_rank)
        return -1;
    if (__builtin_mul_overflow(a.c, b.c, &out->c) || __builtin_mul_overflow(a.per_rank, b.c, &x) ||
        __builtin_mul_overflow(b.per_rank, a.c, &y) || __builtin_add_overflow(x, y, &out->per_rank))
        return -1;
    return 0;
}

/* e as c + per_rank * u, where unit(rk, x) says whether x is u: 0, or -1
 * (constants, u, casts, sums, differences and products of them). */
typedef int (*LinearUnit)(const CppRanks *rk, const IrExpr *e);

static int linear_in(const CppRanks *rk, const IrExpr *e, LinearUnit unit, CppRankLinear *out)
{
    CppRankLinear a, b;
    e = value_of(rk, e);
    if (e->kind == EXPR_CONST_INT) {
        *out = (CppRankLinear){IR_AS(IrConstInt, e)->value, 0};
        return 0;
    }
    if (unit(rk, e)) {
        *out = (CppRankLinear){0, 1};
        return 0;
    }
    if (e->kind == EXPR_UNARY && e->op == UN_CAST)
        return linear_in(rk, IR_AS(IrUnary, e)->operand, unit, out);
    if (e->kind != EXPR_BINARY || linear_in(rk, IR_AS(IrBinary, e)->lhs, unit, &a) ||
        linear_in(rk, IR_AS(IrBinary, e)->rhs, unit, &b))
        return -1;
    switch ((IrBinaryOp)e->op) {
    case BIN_ADD:
    case BIN_SUB:
        return lin_add(a, b, e->op == BIN_SUB, out);
    case BIN_MUL:
        return lin_mul(a, b, out);
    default:
        return -1;
    }
}

static int is_rank_var(const CppRanks *rk, const IrExpr *e)
{
    return e->kind == EXPR_VAR && rk->r && IR_AS(IrVar, e) == rk->r;
}

/* e as c + per_rank * r, of the launch's rank r (a constant device's
 * rank is its constant): 0, or -1. */
static int r_linear(const CppRanks *rk, const IrExpr *e, CppRankLinear *out) { return linear_in(rk, e, is_rank_var, out); }

/* Dimensions a and b are one: equal constants, or one variable. */
static int same_dim(const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    if (ir_dim_value(a, &x) && ir_dim_value(b, &y))
        return x == y;
    return a == b || (a->kind == EXPR_VAR && b->kind == EXPR_VAR && IR_AS(IrVar, a)->name == IR_AS(IrVar, b)->name);
}

/* x[i, j, ...] as the front end writes it, reshape(slice(x, [1, ...,
 * d...], [i, ..., 0...]), [d...]), of a host tensor parameter, each index
 * linear in r: its index, with the indices into idx (*nindex of them), or
 * -1. */
static int host_slice(const CppRanks *rk, const IrExpr *e, CppRankLinear idx[5], uint32_t *nindex)
{
    const IrCall *re = op_call(value_of(rk, e), OP_TENSOR_RESHAPE), *v;
    const IrMakeTuple *shape, *offs;
    const IrType *t;
    uint32_t n = 0;
    int h;
    if (!re || re->nargs < 2 || re->args[1]->kind != EXPR_MAKE_TUPLE ||
        !(v = op_call(value_of(rk, re->args[0]), OP_TENSOR_VIEW)) || v->nargs < 3 ||
        v->args[0]->kind != EXPR_VAR || v->args[1]->kind != EXPR_MAKE_TUPLE || v->args[2]->kind != EXPR_MAKE_TUPLE ||
        (h = host_param(rk, v->args[0])) < 0)
        return -1;
    shape = IR_AS(IrMakeTuple, v->args[1]);
    offs = IR_AS(IrMakeTuple, v->args[2]);
    t = rk->hp->host->params[h].var->type;
    if (shape->n < 1 || shape->n != offs->n || shape->n != t->n)
        return -1;
    /* The indexed dimensions are the ones the reshape drops. */
    if (IR_AS(IrMakeTuple, re->args[1])->n >= t->n)
        return -1;
    n = t->n - IR_AS(IrMakeTuple, re->args[1])->n;
    for (uint32_t d = n; d < offs->n; d++)
        if (!is_int(value_of(rk, offs->elems[d]), 0))
            return -1;
    if (n > 5)
        return -1;
    for (uint32_t d = 0; d < shape->n; d++) {
        if (d < n ? !is_int(shape->elems[d], 1) || r_linear(rk, offs->elems[d], &idx[d]) != 0
                  : !same_dim(shape->elems[d], t->dims[d]))
            return -1;
    }
    *nindex = n;
    return h;
}

static int is_world_size(const CppRanks *rk, const IrExpr *e)
{
    return op_call(e, OP_PLD_SYSTEM_WORLD_SIZE) || world_var(rk, e);
}

int cpp_ranks_linear(const CppRanks *rk, const IrExpr *e, CppRankLinear *out)
{
    return linear_in(rk, e, is_world_size, out);
}

/* e is the rank r, or r converted to an integer type (a Scalar[INT32]
 * parameter takes it so). */
static int is_rank(const CppRanks *rk, const IrExpr *e)
{
    while (e->kind == EXPR_UNARY && e->op == UN_CAST && dtype_is_int((DataType)e->dtype))
        e = value_of(rk, IR_AS(IrUnary, e)->operand);
    return rk->r && e->kind == EXPR_VAR && IR_AS(IrVar, e) == rk->r;
}

/* e, a scalar of the launch, is computed from the rank r, the host's
 * integer scalar parameters and constants (the host's scalars before the
 * launch standing for theirs). */
static int of_rank(const CppRanks *rk, const IrExpr *e)
{
    e = value_of(rk, e);
    switch ((IrExprKind)e->kind) {
    case EXPR_CONST_INT:
    case EXPR_CONST_BOOL:
        return 1;
    case EXPR_VAR:
        return (rk->r && IR_AS(IrVar, e) == rk->r) || world_var(rk, e) || host_scalar(rk, e, 1) >= 0;
    case EXPR_CALL:
        return op_call(e, OP_PLD_SYSTEM_WORLD_SIZE) != NULL;
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
    if (e->kind == EXPR_VAR && rk->r && IR_AS(IrVar, e) == rk->r)
        return "rank";
    if (world_var(rk, e) || op_call(e, OP_PLD_SYSTEM_WORLD_SIZE))
        return "nranks";
    int h = host_scalar(rk, e, 1);
    sb_init(&sb);
    if (h >= 0) {   /* its 64 bits, sign- or zero-extended (pyptocc_runtime.h) */
        sb_printf(&sb, "(*static_cast<const int64_t *>(host[%d]))", h);
        text = intern_cstr(x->ir->names, sb_cstr(&sb));
        sb_free(&sb);
        return text;
    }
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

/* A view passed to a parameter of another shape with as many elements
 * (the front end's -Wargument-shape: the callee sees the same elements in
 * its own shape): the slot has the parameter's shape, when that is
 * constant. */
static void window_in_param_shape(CppRankLinear *shape, const CppView *v, const IrType *param)
{
    int64_t n = 1, m = 1, d;
    if (param->kind != TYPE_TENSOR || param->n > 5)
        return;
    for (uint32_t i = 0; i < v->ndims; i++) {
        if (v->dims[i].per_rank)
            return;
        n *= v->dims[i].c;
    }
    for (uint32_t i = 0; i < param->n; i++) {
        if (!ir_dim_value(param->dims[i], &d))
            return;
        m *= d;
    }
    if (n != m || (param->n == v->ndims && memcmp(shape, v->dims, v->ndims * sizeof *shape) == 0))
        return;
    for (uint32_t i = 0; i < 5; i++) {
        shape[i].c = 0;
        shape[i].per_rank = 0;
        if (i < param->n)
            ir_dim_value(param->dims[i], &shape[i].c);
    }
}

/* pld.world_size() in a rank's value: `nranks`. */
static const char *rank_call(CppExpr *x, const IrCall *c)
{
    (void)x;
    return op_call(&c->e, OP_PLD_SYSTEM_WORLD_SIZE) ? "nranks" : NULL;
}

int cpp_ranks_value(const CppRanks *rk, uint32_t k, StrBuf *out, DiagEngine *diag)
{
    CppExpr x;
    memset(&x, 0, sizeof x);
    x.ir = rk->hp->ir;
    x.diag = diag;
    x.style = CPP_KERNEL;   /* Python's floor division and modulo */
    x.var = rank_var;
    x.call = rank_call;
    x.data = (void *)rk;
    x.at = rk->call->e.span;
    return cpp_expr(&x, out, value_of(rk, rk->value[k]));
}

int cpp_ranks_view(const CppRanks *rk, const IrCall *w, CppView *v, DiagEngine *diag)
{
    const CppHost *hp = rk->hp;
    const IrKwarg *dt = ir_call_kwarg(w, "dtype");
    int win = -1;
    for (uint32_t i = 0; i < hp->nwindows && win < 0; i++)
        if (w->args[0]->kind == EXPR_VAR && IR_AS(IrVar, w->args[0]) == hp->windows[i].buf)
            win = (int)i;
    if (win < 0) {
        diag_error(diag, w->args[0]->span,
                   "this window has no C++ form yet: pyptocc views a window buffer the host allocates before it");
        return -1;
    }
    const IrMakeTuple *shape = w->args[1]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, w->args[1]) : NULL;
    if (!shape || shape->n > 5) {
        diag_error(diag, w->e.span, "this window view needs a literal shape of rank 1 to 5");
        return -1;
    }
    memset(v, 0, sizeof *v);
    v->win = win;
    v->ndims = shape->n;
    v->dtype = dt && dt->kind == KW_DTYPE ? (DataType)dt->v.i : (DataType)w->type->dtype;
    for (uint32_t d = 0; d < shape->n; d++)
        if (cpp_ranks_linear(rk, shape->elems[d], &v->dims[d]) != 0) {
            diag_error(diag, shape->elems[d]->span,
                       "this window dimension has no C++ form yet: pyptocc takes constants and pld.world_size(), "
                       "added and multiplied");
            return -1;
        }
    return 0;
}

int cpp_ranks_launch(CppHost *hp, const IrCall *call, const IrVar *r, int64_t device, int64_t step, int64_t count,
                     CppRanks *rk, DiagEngine *diag)
{
    IrCtx *ir = hp->ir;
    const IrFunc *host = hp->host, *orch = NULL;
    CppPlan *plan = NULL;
    memset(rk, 0, sizeof *rk);
    rk->hp = hp;
    rk->ndefs = hp->ndefs;
    rk->call = call;
    rk->r = r;
    rk->device = device;
    rk->device_step = step;
    rk->device_count = count;
    for (uint32_t i = 0; i < hp->norchs && !orch; i++)
        if (strcmp(call->callee->name, hp->orchs[i]->name) == 0) {
            orch = hp->orchs[i];
            plan = &hp->plans[i];
            rk->orch = i;
        }
    if (!orch) {
        diag_error(diag, call->e.span,
                   "this launch has no C++ form yet: pyptocc's C++ launches an Orchestration function on the ranks "
                   "(device=r), and '%s' is none",
                   call->callee->name);
        return -1;
    }
    if (cpp_plan_slots(plan, diag) != 0)
        return -1;
    /* zeroed: the tables print every entry of a shape, used or not */
    rk->kind = arena_zalloc(&ir->arena, xmul_size(plan->nslots + 1, sizeof *rk->kind));
    rk->from = arena_zalloc(&ir->arena, xmul_size(plan->nslots + 1, sizeof *rk->from));
    rk->shape = arena_zalloc(&ir->arena, xmul_size(plan->nslots + 1, sizeof *rk->shape));
    rk->nindex = arena_zalloc(&ir->arena, xmul_size(plan->nslots + 1, sizeof *rk->nindex));
    rk->value = arena_zalloc(&ir->arena, xmul_size(plan->nslots + 1, sizeof *rk->value));
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
        if (j < 0 || (uint32_t)j >= ir_call_param_args(call)) {
            diag_error(diag, call->e.span,
                       "'%s' returns the tensor '%s', which is none of its parameters; in a multi-rank program the "
                       "outputs are the host function's tensors",
                       orch->name, s->name);
            return -1;
        }
        const IrExpr *a = value_of(rk, call->args[j]);
        const IrCall *w = op_call(a, OP_PLD_TENSOR_WINDOW);
        int h;
        if (op_call(a, OP_PLD_SYSTEM_GET_COMM_CTX)) {
            /* MaterializeCommContext's: the context of the window the
             * tensor views (its communication domain's), or the rank's
             * own (from -1). */
            const IrCall *g = op_call(a, OP_PLD_SYSTEM_GET_COMM_CTX);
            const IrCall *gw = g->nargs ? op_call(value_of(rk, g->args[0]), OP_PLD_TENSOR_WINDOW) : NULL;
            CppView v;
            rk->kind[k] = CPP_RANK_COMM_CTX;
            rk->from[k] = -1;
            if (gw) {
                if (cpp_ranks_view(rk, gw, &v, diag) != 0)
                    return -1;
                rk->from[k] = v.win;
            }
        } else if (w) {
            CppView v;
            if (cpp_ranks_view(rk, w, &v, diag) != 0)
                return -1;
            rk->kind[k] = CPP_RANK_WINDOW;
            rk->from[k] = v.win;
            memcpy(rk->shape[k], v.dims, sizeof v.dims);
            window_in_param_shape(rk->shape[k], &v, s->type);
        } else if (s->type->kind == TYPE_SCALAR && (h = host_scalar(rk, a, 0)) >= 0 &&
                   host->params[h].var->type->dtype == s->type->dtype) {
            rk->kind[k] = CPP_RANK_WHOLE;   /* a scalar of the host's command line, as it is */
            rk->from[k] = h;
        } else if ((h = host_param(rk, a)) >= 0) {
            /* a host input every rank reads whole */
            if (host->params[h].dir != DIR_IN) {
                diag_error(diag, call->e.span,
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
        } else if ((h = host_slice(rk, a, rk->shape[k], &rk->nindex[k])) >= 0) {
            rk->kind[k] = CPP_RANK_SLICE;
            rk->from[k] = h;
            const IrType *t = host->params[h].var->type;
            int64_t d0;
            for (uint32_t d = 0; d < rk->nindex[k]; d++)   /* x[r]: a row per rank */
                if (hp->world == 0 && rk->shape[k][d].c == 0 && rk->shape[k][d].per_rank == 1 &&
                    ir_dim_value(t->dims[d], &d0))
                    hp->world = d0;
        } else {
            diag_error(diag, a->span,
                       "this argument of a per-rank launch has no C++ form yet: pyptocc passes a region x[i, r] of a "
                       "host tensor parameter, a host input whole, a window, a host scalar of the parameter's type, "
                       "or a scalar of the rank r, the host's integer scalars and constants");
            return -1;
        }
    }
    return 0;
}
