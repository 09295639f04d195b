/* expr.c: expression constructors, the operator tables, and queries of
 * expressions (their type, a call's kwargs). */
#include "config.h"
#include "ir/ir.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <string.h>

static const struct {
    const char *name, *symbol;
    int prec;
} binary_info[BIN_COUNT] = {
#define X(e, n, s, p) {n, s, p},
    IR_BINARY_OPS(X)
#undef X
};

const char *ir_binary_name(IrBinaryOp op) { return binary_info[op].name; }
const char *ir_binary_symbol(IrBinaryOp op) { return binary_info[op].symbol; }
int ir_binary_precedence(IrBinaryOp op) { return binary_info[op].prec; }
int ir_binary_is_comparison(IrBinaryOp op) { return op >= BIN_EQ && op <= BIN_GE; }

const char *ir_unary_name(IrUnaryOp op)
{
    static const char *const names[UN_COUNT] = {"Abs", "Neg", "Not", "BitNot", "Cast"};
    return names[op];
}

static void init_header(IrExpr *e, IrExprKind kind, Span span)
{
    e->kind = (uint8_t)kind;
    e->op = 0;
    e->dtype = 0;
    e->flags = 0;
    e->span = span;
}

const IrType *ir_expr_type(IrCtx *ctx, const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
    case EXPR_MEMREF:
        return IR_AS(IrVar, e)->type;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        return ir_type_scalar(ctx, (DataType)e->dtype);
    case EXPR_CALL:
        return IR_AS(IrCall, e)->type;
    case EXPR_TUPLE_GET:
        return IR_AS(IrTupleGet, e)->type;
    case EXPR_MAKE_TUPLE:
        return IR_AS(IrMakeTuple, e)->type;
    case EXPR_KIND_COUNT:
        break;
    }
    ICE("expression of unknown kind %d", e->kind);
}

const IrKwarg *ir_call_kwarg(const IrCall *c, const char *key)
{
    for (uint32_t i = 0; i < c->nkwargs; i++)
        if (strcmp(c->kwargs[i].key, key) == 0)
            return &c->kwargs[i];
    return NULL;
}

int64_t ir_call_kwarg_int(const IrCall *c, const char *key, int64_t dflt)
{
    const IrKwarg *k = ir_call_kwarg(c, key);
    return k ? k->v.i : dflt;
}

int ir_call_atomic_add(const IrCall *c)
{
    const IrKwarg *k = ir_call_kwarg(c, "atomic");
    return k && k->kind == KW_COMM_ENUM && COMM_ENUM_VALUE(k->v.i) == ATOMIC_ADD;
}

static void init_var(IrCtx *ctx, IrVar *v, IrExprKind kind, const char *name, const IrType *type, Span span)
{
    init_header(&v->e, kind, span);
    v->id = ctx->next_var_id++;
    v->type = type;
    v->name = name;
}

IrVar *ir_var_new(IrCtx *ctx, const char *name, const IrType *type, Span span)
{
    IrVar *v = arena_alloc(&ctx->arena, sizeof *v);
    init_var(ctx, v, EXPR_VAR, name, type, span);
    return v;
}

IrIterArg *ir_iter_arg_new(IrCtx *ctx, const char *name, const IrType *type, const IrExpr *init, Span span)
{
    IrIterArg *v = arena_alloc(&ctx->arena, sizeof *v);
    init_var(ctx, &v->v, EXPR_ITER_ARG, name, type, span);
    v->init = init;
    return v;
}

IrMemRef *ir_memref_new(IrCtx *ctx, const char *name, MemorySpace space, const IrExpr *addr, uint64_t size,
                        uint32_t ref_id, Span span)
{
    IrMemRef *m = arena_alloc(&ctx->arena, sizeof *m);
    init_var(ctx, &m->v, EXPR_MEMREF, name, ir_type_memref(ctx), span);
    m->addr = addr;
    m->size = size;
    m->ref_id = ref_id;
    m->space = (uint8_t)space;
    return m;
}

const IrExpr *ir_const_int(IrCtx *ctx, int64_t value, DataType dt, Span span)
{
    IrConstInt *c = arena_alloc(&ctx->arena, sizeof *c);
    init_header(&c->e, EXPR_CONST_INT, span);
    c->e.dtype = (uint8_t)dt;
    c->value = value;
    return &c->e;
}

const IrExpr *ir_const_float(IrCtx *ctx, double value, DataType dt, Span span)
{
    IrConstFloat *c = arena_alloc(&ctx->arena, sizeof *c);
    init_header(&c->e, EXPR_CONST_FLOAT, span);
    c->e.dtype = (uint8_t)dt;
    c->value = value;
    return &c->e;
}

const IrExpr *ir_const_bool(IrCtx *ctx, int value, Span span)
{
    IrExpr *e = arena_alloc(&ctx->arena, sizeof *e);
    init_header(e, EXPR_CONST_BOOL, span);
    e->dtype = DT_BOOL;
    e->op = value ? 1 : 0;
    return e;
}

const IrExpr *ir_binary(IrCtx *ctx, IrBinaryOp op, DataType dt, const IrExpr *lhs, const IrExpr *rhs, Span span)
{
    IrBinary *b = arena_alloc(&ctx->arena, sizeof *b);
    init_header(&b->e, EXPR_BINARY, span);
    b->e.op = (uint8_t)op;
    b->e.dtype = (uint8_t)dt;
    b->lhs = lhs;
    b->rhs = rhs;
    return &b->e;
}

const IrExpr *ir_unary(IrCtx *ctx, IrUnaryOp op, DataType dt, const IrExpr *operand, Span span)
{
    IrUnary *u = arena_alloc(&ctx->arena, sizeof *u);
    init_header(&u->e, EXPR_UNARY, span);
    u->e.op = (uint8_t)op;
    u->e.dtype = (uint8_t)dt;
    u->operand = operand;
    return &u->e;
}

/* The index of a global call's arg_directions attribute when it no longer
 * has one direction per argument (a pass added or removed some), else -1.
 * Such directions are stale: the reference derives them again
 * (DeriveCallDirections); pyptocc reads none, so it drops them. */
static int stale_directions(const IrCallee *callee, uint32_t nargs, uint32_t nkwargs, const IrKwarg *kwargs)
{
    int dirs = -1, device = 0;
    if (callee->kind != CALLEE_GLOBAL)
        return -1;
    for (uint32_t i = 0; i < nkwargs; i++) {
        if (strcmp(kwargs[i].key, "arg_directions") == 0 && kwargs[i].kind == KW_LIST)
            dirs = (int)i;
        device |= strcmp(kwargs[i].key, "device") == 0;
    }
    if (dirs < 0 || !kwargs[dirs].v.l || ir_kwargs_len(kwargs[dirs].v.l) == nargs - (uint32_t)device)
        return -1;
    return dirs;
}

const IrExpr *ir_call(IrCtx *ctx, const IrCallee *callee, uint32_t nargs, const IrExpr *const *args,
                      uint32_t nkwargs, const IrKwarg *kwargs, const IrType *type, Span span)
{
    IrCall *c;
    int stale;
    if (nargs > IR_MAX_ARGS || nkwargs > IR_MAX_ARGS)
        ICE("call with %u arguments exceeds the IR limit", nargs);
    if ((stale = stale_directions(callee, nargs, nkwargs, kwargs)) >= 0) {
        IrKwarg *kept = xmalloc(xmul_size(nkwargs, sizeof *kept));
        const IrExpr *r;
        uint32_t n = 0;
        for (uint32_t i = 0; i < nkwargs; i++)
            if ((int)i != stale)
                kept[n++] = kwargs[i];
        r = ir_call(ctx, callee, nargs, args, n, kept, type, span);
        xfree(kept);
        return r;
    }
    c = arena_alloc(&ctx->arena, sizeof *c + (size_t)nargs * sizeof c->args[0]);
    init_header(&c->e, EXPR_CALL, span);
    c->nargs = (uint16_t)nargs;
    c->nkwargs = (uint16_t)nkwargs;
    c->type = type;
    c->callee = callee;
    c->kwargs = ir_kwargs_intern(ctx, nkwargs, kwargs);
    if (nargs)
        memcpy(c->args, args, nargs * sizeof *args);
    return &c->e;
}

const IrExpr *ir_tuple_get(IrCtx *ctx, const IrExpr *tuple, uint32_t index, Span span)
{
    const IrType *tt = ir_expr_type(ctx, tuple);
    IrTupleGet *g;
    if (tt->kind != TYPE_TUPLE || index >= tt->n)
        ICE("tuple index %u out of range", index);
    g = arena_alloc(&ctx->arena, sizeof *g);
    init_header(&g->e, EXPR_TUPLE_GET, span);
    g->index = index;
    g->type = tt->elems[index];
    g->tuple = tuple;
    return &g->e;
}

const IrExpr *ir_make_tuple(IrCtx *ctx, uint32_t n, const IrExpr *const *elems, Span span)
{
    IrMakeTuple *t = arena_alloc(&ctx->arena, sizeof *t + (size_t)n * sizeof t->elems[0]);
    const IrType *buf[8];
    const IrType **types = n <= 8 ? buf : xmalloc(xmul_size(n, sizeof *types));
    init_header(&t->e, EXPR_MAKE_TUPLE, span);
    t->n = n;
    for (uint32_t i = 0; i < n; i++) {
        t->elems[i] = elems[i];
        types[i] = ir_expr_type(ctx, elems[i]);
    }
    t->type = ir_type_tuple(ctx, n, types);
    if (types != buf)
        xfree(types);
    return &t->e;
}

const IrCallee *ir_callee_global(IrCtx *ctx, const char *name)
{
    IrCallee *c = arena_alloc(&ctx->arena, sizeof *c);
    c->kind = CALLEE_GLOBAL;
    c->name = name;
    return c;
}

const IrCallee *ir_callee_opaque(IrCtx *ctx, const char *name)
{
    IrCallee *c = arena_alloc(&ctx->arena, sizeof *c);
    c->kind = CALLEE_OPAQUE;
    c->name = name;
    return c;
}

const char *ir_ssa_stem(IrCtx *ctx, const char *name)
{
    size_t n = strlen(name), k = n;
    while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9')
        k--;
    if (k == n || k < 2 || name[k - 1] != '_')
        return ir_name(ctx, name);
    k--;
    if (k > 5 && strncmp(name + k - 5, "_iter", 5) == 0)
        k -= 5;
    return intern(ctx->names, name, k);
}

int ir_call_device_arg(const IrCall *c)
{
    if (c->callee->kind != CALLEE_GLOBAL)
        return -1;
    for (uint32_t i = 0; i < c->nkwargs; i++)
        if (strcmp(c->kwargs[i].key, "device") == 0 && c->kwargs[i].kind == KW_INT && c->kwargs[i].v.i >= 0 &&
            c->kwargs[i].v.i < c->nargs)
            return (int)c->kwargs[i].v.i;
    return -1;
}
