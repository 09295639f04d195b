/* lower_flow.c: the walk over a kernel's statements and the checks the
 * kernel printers share (see lower_flow.h). */
#include "config.h"
#include "codegen/lower_flow.h"
#include "support/xalloc.h"

#include <stdarg.h>

/* Formatted whole (names have no length limit), then the printer's. */
void lower_flow_error(LowerFlow *W, Span at, const char *fmt, ...)
{
    StrBuf msg;
    va_list ap;
    sb_init(&msg);
    va_start(ap, fmt);
    sb_vprintf(&msg, fmt, ap);
    va_end(ap);
    W->p->error(W, at, sb_cstr(&msg));
    sb_free(&msg);
}

LowerValueKind lower_value_kind(const IrType *t)
{
    switch (t->kind) {
    case TYPE_SCALAR:
        return LOWER_SCALAR;
    case TYPE_TILE:
        return LOWER_TILE;
    case TYPE_TENSOR:
        return LOWER_TENSOR;
    default:
        return LOWER_OTHER;
    }
}

static void walk(LowerFlow *W, const IrStmt *s);

/* ------------------------------------------------------------ assignments */

/* Why op has no lowering in this output (the op table's why_pto, why_cpp
 * or why_tile), or NULL; reported when it has none. */
static const char *no_lowering(LowerFlow *W, const IrCall *c, const OpDef *op)
{
    char spelled[32], buf[64];
    const char *why;
    op_spelling(op, W->p->spelling, spelled, sizeof spelled, &why);
    if (!why)
        return NULL;
    if (W->p->no_lowering)
        W->p->no_lowering(W, c, op, why);
    else
        lower_flow_error(W, c->e.span, "'%s' has no %s lowering: %s", op_printed_name(op, buf, sizeof buf), W->p->output,
                   why);
    return why;
}

static void walk_system(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    SystemLowering sys;
    char msg[128];
    if (no_lowering(W, c, op))
        return;
    if (lower_system(c, op, &sys, msg, sizeof msg) != 0)
        W->p->error(W, c->e.span, msg);
    else
        W->p->system_op(W, dest, &sys);
}

/* A load or store; for a pto-isa output checked once, then spelled. */
static void walk_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how)
{
    LowerTransfer t;
    Span at;
    char msg[320];
    if (!W->p->isa_op)
        W->p->transfer(W, dest, c, how, NULL);
    else if (how == FORM_LOAD && !dest)
        return;   /* a load whose result is unused has no effect */
    else if (lower_transfer_classify(W->k->ir, dest, c, how, &t, &at, msg, sizeof msg) != 0)
        W->p->error(W, at, msg);
    else if (!(t.tile = how == FORM_LOAD ? lower_tile_def(W, dest, 0, NULL, c->e.span) : lower_tile_use(W, c->args[0])))
        return;
    else if (lower_scalar_offsets(W, &t) != 0) {
        if (how == FORM_LOAD)
            ptrmap_put(&W->tiles, dest, &W->poison_tile);   /* not loaded: its uses say nothing more */
    } else if ((t.tensor = lower_tensor_use(W, c->args[t.tensor_arg]))) {
        W->p->transfer(W, dest, c, how, &t);
        if (how != FORM_LOAD && dest)
            lower_tensor_define(W, dest, t.tensor);   /* a store's result is the tensor it wrote */
    }
}

/* An op of a pto-isa output: classified and checked once, then spelled. */
static void walk_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    LowerOp lo;
    LowerOpTiles b;
    Span at;
    char msg[320];
    if (lower_op_classify(W->k->ir, W->k->o->arch, W->p->spelling, dest, c, op, lw, &lo, &at, msg, sizeof msg) != 0)
        W->p->error(W, at, msg);
    else if (lower_tile_op(W, dest, c, op, &lo, &b) != 0)
        return;
    else if (lower_scalar_op(W, c, &lo, &b) == 0)
        W->p->isa_op(W, dest, c, op, &lo, &b);
    else
        ptrmap_put(&W->tiles, dest, &W->poison_tile);   /* not written: its uses say nothing more */
}

/* The block index, a scalar: for a pto-isa output its result's type is
 * checked first (lower_scalar.c). */
static void walk_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    if (W->p->isa_op && lower_scalar_block_idx(W, dest, c, op) != 0)
        return;
    W->p->block_idx(W, dest, c, op);
    if (W->p->isa_op)
        lower_scalar_define(W, dest);
}

static void walk_block_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    Lowering lwbuf;
    const Lowering *lw = lower_of(op, &lwbuf);
    char buf[64];
    if (no_lowering(W, c, op))
        return;
    switch ((IsaForm)lw->how) {
    case FORM_ALLOC:
        return;
    case FORM_LOAD:
    case FORM_STORE:
    case FORM_L0C_STORE:
        walk_transfer(W, dest, c, (IsaForm)lw->how);
        return;
    default:
        break;
    }
    /* Every other op only defines its result: unused, it does nothing
     * (unless the printer writes it all the same). */
    if (!dest && !W->p->unkept)
        return;
    if (lw->how == FORM_BLOCK_IDX)
        walk_block_idx(W, dest, c, op);
    else if (dest && dest->type->kind != TYPE_TILE)
        lower_flow_error(W, c->e.span, "'%s' with a %s result has no %s lowering", op_printed_name(op, buf, sizeof buf),
                   dest->type->kind == TYPE_SCALAR ? "scalar" : "non-tile", W->p->output);
    else if (W->p->isa_op)
        walk_isa_op(W, dest, c, op, lw);
    else
        W->p->tile_op(W, dest, c, op, lw);
}

static void walk_call(LowerFlow *W, const IrVar *dest, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    char buf[64];
    if (!op)
        lower_flow_error(W, c->e.span, "the call of '%s' cannot be emitted inside a kernel", c->callee->name);
    else if (op->category == OPC_TENSOR)
        lower_flow_error(W, c->e.span, "the tensor operation '%s' cannot be emitted inside a kernel",
                   op_printed_name(op, buf, sizeof buf));
    else if (op->category == OPC_SYSTEM)
        walk_system(W, dest, c, op);
    else
        walk_block_op(W, dest, c, op);
}

/* Tiles and tensors in a tuple are variables (the printers name what they
 * stand for); scalars may be expressions (for a pto-isa printer checked
 * here, in their own type: a failed one is LOWER_OTHER). */
static void walk_make_tuple(LowerFlow *W, const IrAssign *a)
{
    const IrMakeTuple *m = IR_AS(IrMakeTuple, a->value);
    LowerTuple *t = arena_zalloc(&W->k->arena, sizeof *t);
    uint8_t *kind = arena_zalloc(&W->k->arena, m->n ? m->n : 1);
    t->make = m;
    t->kind = kind;
    for (uint32_t i = 0; i < m->n; i++) {
        LowerValueKind k = lower_value_kind(ir_expr_type(W->k->ir, m->elems[i]));
        if (k == LOWER_OTHER || (k != LOWER_SCALAR && !ir_is_var_like(m->elems[i]))) {
            lower_flow_error(W, a->s.span, "this tuple element cannot be emitted inside a kernel");
            k = LOWER_OTHER;
        } else if (k == LOWER_SCALAR && W->p->isa_op && lower_scalar_expr(W, m->elems[i], -1, 0) != 0) {
            k = LOWER_OTHER;
        }
        kind[i] = (uint8_t)k;
    }
    if (W->p->isa_op) {
        lower_tile_tuple_make(W, t);
        lower_tensor_tuple_make(W, t);
    }
    t->data = W->p->tuple_make(W, a, t);
    ptrmap_put(&W->tuples, a->var, t);
}

static void walk_tuple_get(LowerFlow *W, const IrAssign *a)
{
    const IrTupleGet *g = IR_AS(IrTupleGet, a->value);
    const LowerTuple *t = ir_is_var_like(g->tuple) ? ptrmap_get(&W->tuples, g->tuple) : NULL;
    if (!t || g->index >= t->make->n) {
        lower_flow_error(W, a->s.span, "only tuples built in the kernel can be unpacked");
        return;
    }
    if (W->p->isa_op && a->var->type->kind == TYPE_SCALAR) {
        /* A scalar element that failed its check says nothing more. */
        if (t->kind[g->index] != LOWER_SCALAR)
            lower_scalar_poison(W, a->var);
        else if (lower_scalar_var(W, a->var, NULL) == 0) {
            W->p->tuple_get(W, a, t, g->index);
            lower_scalar_define(W, a->var);
        }
        return;
    }
    if (W->p->isa_op) {
        lower_tile_tuple_get(W, a->var, t, g->index);
        lower_tensor_tuple_get(W, a->var, t, g->index);
    }
    W->p->tuple_get(W, a, t, g->index);
}

/* A scalar defined by an expression or a copy: for a pto-isa printer
 * checked first (lower_scalar.c). */
static void walk_scalar_def(LowerFlow *W, const IrAssign *a)
{
    if (!W->p->isa_op) {
        W->p->scalar_def(W, a);
    } else if (lower_scalar_def(W, a) == 0) {
        W->p->scalar_def(W, a);
        lower_scalar_define(W, a->var);
    }
}

static void walk_assign(LowerFlow *W, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    LowerValueKind k = lower_value_kind(v->type);
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        walk_call(W, v, IR_AS(IrCall, x));
        break;
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        /* A copy names the same value, buffer or parameter. */
        if (k == LOWER_SCALAR)
            walk_scalar_def(W, a);
        else if (k == LOWER_TENSOR && W->p->isa_op)
            lower_tensor_copy(W, a);
        else if (k != LOWER_TILE || !W->p->isa_op || lower_tile_copy(W, a) == 0)
            W->p->copy(W, a, k);
        break;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (k == LOWER_SCALAR)
            walk_scalar_def(W, a);
        else
            lower_flow_error(W, a->s.span, "'%s' cannot be emitted", v->name);
        break;
    case EXPR_MAKE_TUPLE:
        walk_make_tuple(W, a);
        break;
    case EXPR_TUPLE_GET:
        walk_tuple_get(W, a);
        break;
    default:
        lower_flow_error(W, a->s.span, "this value cannot be emitted inside a kernel");
        break;
    }
    /* One error per mistake: a variable left without a value after an
     * error is poisoned. */
    if (W->k->diag->errors != 0 && W->p->isa_op) {
        lower_tile_poison(W, v);
        lower_tensor_poison(W, v);
        if (k == LOWER_SCALAR && !lower_scalar_defined(W, v))
            lower_scalar_poison(W, v);
    }
    if (W->k->diag->errors != 0 && !(k == LOWER_TENSOR && W->p->isa_op) && !W->p->defined(W, v))
        W->p->poison(W, v);
}

/* ----------------------------------------------------------- control flow */

static LowerRegion *new_region(LowerFlow *W, const IrStmt *s, uint32_t n, const IrVar *const *ret,
                               const IrIterArg *const *iter_args)
{
    LowerRegion *R = arena_zalloc(&W->k->arena, sizeof *R);
    uint8_t *kind = arena_zalloc(&W->k->arena, n ? n : 1);
    R->stmt = s;
    R->n = n;
    R->ret = ret;
    R->iter_args = iter_args;
    R->kind = kind;
    R->tiles = arena_zalloc(&W->k->arena, (n ? n : 1) * sizeof *R->tiles);
    R->tensors = arena_zalloc(&W->k->arena, (n ? n : 1) * sizeof *R->tensors);
    R->bad = arena_zalloc(&W->k->arena, n ? n : 1);
    for (uint32_t k = 0; k < n; k++) {
        kind[k] = (uint8_t)lower_value_kind(ret[k]->type);
        R->nscalar += kind[k] == LOWER_SCALAR;
    }
    return R;
}

/* Before a body, for a printer of pto-isa operations: each variable it
 * yields at a tile position is, if it is not defined yet, defined
 * directly into the carried buffer (lower_tile.c). */
static void preset(LowerFlow *W, LowerRegion *R, const IrStmt *body)
{
    const IrValues *y = W->p->isa_op && body ? ir_body_yield(body) : NULL;
    if (!y)
        return;
    for (uint32_t k = 0; k < y->n && k < R->n; k++)
        if (R->kind[k] == LOWER_TILE && y->values[k]->kind == EXPR_VAR)
            lower_tile_preset(W, R, k, IR_AS(IrVar, y->values[k]));
}

static void walk_body(LowerFlow *W, LowerRegion *R, const IrStmt *body)
{
    R->up = W->k->region;
    R->body = body;
    W->k->region = R;
    W->depth++;
    walk(W, body);
    W->depth--;
    W->k->region = R->up;
}

static void walk_yield(LowerFlow *W, const IrValues *y, Span sp)
{
    LowerRegion *R = W->k->region;
    if (!R) {
        lower_flow_error(W, sp, "a yield outside a loop or if");
        return;
    }
    if (y->n != R->n) {
        lower_flow_error(W, sp, "this yield has %u values for %u results", y->n, R->n);
        return;
    }
    R->yielded = 1;
    for (uint32_t k = 0; k < y->n; k++) {
        if (R->kind[k] == LOWER_OTHER)
            lower_flow_error(W, lower_span_of(W->k->stmt_span, y->values[k]),
                       "a value of this type cannot be yielded in a kernel");
        else if (R->kind[k] == LOWER_TILE && W->p->isa_op)
            lower_tile_yield(W, R, k, y->values[k]);
        else if (R->kind[k] == LOWER_TENSOR && W->p->isa_op)
            lower_tensor_yield(W, R, k, y->values[k]);
        else if (R->kind[k] == LOWER_SCALAR && W->p->isa_op &&
                 (R->bad[k] || lower_scalar_expr(W, y->values[k], R->ret[k]->type->dtype, 0) != 0))
            continue;   /* a failed position says nothing more; a failed value is not handed over */
        else
            W->p->yield_value(W, R, k, y->values[k]);
    }
    if (W->p->yield_end)
        W->p->yield_end(W, R);
}

/* A pto-isa printer's scalar position k of a loop: its result (and
 * iter_arg) has a scalar type and its initial value passes; else the
 * iter_arg and the result are poisoned. */
static int scalar_carry(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    const IrVar *r = R->ret[k], *a = &R->iter_args[k]->v;
    const IrExpr *init = R->iter_args[k]->init;
    if (lower_scalar_var(W, r, init) == 0 && (a->type->dtype == r->type->dtype || lower_scalar_var(W, a, init) == 0) &&
        lower_scalar_expr(W, init, r->type->dtype, 0) == 0)
        return 1;
    R->bad[k] = 1;
    lower_scalar_poison(W, &R->iter_args[k]->v);
    lower_scalar_poison(W, r);
    return 0;
}

/* After a loop or if, for a pto-isa printer: its scalar results have values. */
static void scalar_results(LowerFlow *W, const LowerRegion *R)
{
    for (uint32_t k = 0; W->p->isa_op && k < R->n; k++)
        if (R->kind[k] == LOWER_SCALAR && !R->bad[k])
            lower_scalar_define(W, R->ret[k]);
}

/* Before a loop's body, for a pto-isa printer: the loop variable and the
 * scalar iter_args have values, and a while's condition is checked. */
static void scalar_heads(LowerFlow *W, LowerRegion *R)
{
    const IrStmt *s = R->stmt;
    if (!W->p->isa_op)
        return;
    for (uint32_t k = 0; k < R->n; k++)
        if (R->kind[k] == LOWER_SCALAR && !R->bad[k])
            lower_scalar_define(W, &R->iter_args[k]->v);
    if (s->kind == STMT_FOR) {
        const IrVar *i = IR_AS(IrFor, s)->loop_var;
        /* A loop variable that is not INT64 was reported. */
        if (i->type->kind == TYPE_SCALAR && i->type->dtype == DT_INT64)
            lower_scalar_define(W, i);
        else
            lower_scalar_poison(W, i);
    } else {
        R->head_failed = lower_scalar_expr(W, IR_AS(IrWhile, s)->cond, DT_BOOL, 0) != 0;
    }
}

static void walk_loop(LowerFlow *W, const IrStmt *s, uint32_t n, const IrIterArg *const *iter_args,
                      const IrVar *const *ret, const IrStmt *body)
{
    LowerRegion *R = new_region(W, s, n, ret, iter_args);
    int ok = 1;
    if (W->p->isa_op && s->kind == STMT_FOR)
        R->head_failed = lower_scalar_for_head(W, IR_AS(IrFor, s)) != 0;
    W->p->loop_begin(W, R);
    for (uint32_t k = 0; k < n; k++) {
        if (R->kind[k] == LOWER_TILE && W->p->isa_op && !lower_tile_carry_init(W, R, k)) {
            ok = 0;
            continue;
        }
        if (R->kind[k] == LOWER_SCALAR && W->p->isa_op && !scalar_carry(W, R, k)) {
            ok = 0;
            continue;
        }
        if (R->kind[k] == LOWER_TENSOR && W->p->isa_op) {
            ok &= lower_tensor_carry_init(W, R, k);
            continue;
        }
        if (R->kind[k] != LOWER_OTHER) {
            ok &= W->p->carry_init(W, R, k) != 0;
            continue;
        }
        lower_flow_error(W, iter_args[k]->v.e.span, "the loop-carried value '%s' cannot be emitted", iter_args[k]->v.name);
        ok = 0;
    }
    scalar_heads(W, R);
    W->p->loop_open(W, R);
    preset(W, R, body);
    walk_body(W, R, body);
    /* After a failed initial value, a missing yield is no news. */
    if (n && ok && !R->yielded)
        lower_flow_error(W, s->span, "this loop has no yield for its loop-carried values");
    W->p->loop_close(W, R);
    scalar_results(W, R);
}

static void walk_if(LowerFlow *W, const IrIf *f)
{
    LowerRegion *R = new_region(W, &f->s, f->nret, f->ret, NULL);
    if (W->p->isa_op)
        R->head_failed = lower_scalar_expr(W, f->cond, DT_BOOL, 0) != 0;
    W->p->if_begin(W, R);
    for (uint32_t k = 0; k < f->nret; k++) {
        if (R->kind[k] == LOWER_OTHER)
            lower_flow_error(W, f->ret[k]->e.span, "the if result '%s' cannot be emitted", f->ret[k]->name);
        else if (R->kind[k] == LOWER_TILE && W->p->isa_op && !lower_tile_if_result(W, R, k))
            continue;
        else if (R->kind[k] == LOWER_SCALAR && W->p->isa_op && lower_scalar_var(W, f->ret[k], NULL) != 0)
            R->bad[k] = 1;
        else if (W->p->if_result)
            W->p->if_result(W, R, k);
    }
    W->p->if_open(W, R);
    preset(W, R, f->then_body);
    preset(W, R, f->else_body);
    walk_body(W, R, f->then_body);
    if (f->nret && !R->yielded)
        lower_flow_error(W, f->s.span, "the then-branch has no yield for the results of this if");
    if (f->else_body) {
        /* An else-branch that writes nothing is left out. */
        StrBuf *outer = W->k->out, text;
        sb_init(&text);
        W->k->out = &text;
        R->yielded = 0;
        walk_body(W, R, f->else_body);
        W->k->out = outer;
        if (text.len) {
            W->p->else_open(W, R);
            sb_put(outer, text.data, text.len);
        }
        sb_free(&text);
        if (f->nret && !R->yielded)
            lower_flow_error(W, f->s.span, "the else-branch has no yield for the results of this if");
    } else if (R->nscalar) {
        lower_flow_error(W, f->s.span, "an if with results needs an else-branch");
    }
    W->p->if_close(W, R);
    scalar_results(W, R);
    if (W->p->isa_op)
        lower_tensor_if_results(W, R);
}

/* ------------------------------------------------------------- statements */

static void walk(LowerFlow *W, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        W->k->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        walk_assign(W, IR_AS(IrAssign, s));
        break;
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            walk_call(W, NULL, IR_AS(IrCall, x));
        break;
    }
    case STMT_YIELD:
        walk_yield(W, IR_AS(IrValues, s), s->span);
        break;
    case STMT_RETURN:
        /* The kernel has no results; only a return at the end is allowed. */
        if (W->depth)
            lower_flow_error(W, s->span, "a return inside control flow cannot be emitted in a kernel");
        break;
    case STMT_IF:
        walk_if(W, IR_AS(IrIf, s));
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        /* Loops count in index values (INT64) in every output. */
        if (f->loop_var->type->kind != TYPE_SCALAR || f->loop_var->type->dtype != DT_INT64)
            lower_flow_error(W, f->loop_var->e.span, "the loop variable '%s' must be INT64", f->loop_var->name);
        walk_loop(W, s, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        walk_loop(W, s, w->niter, w->iter_args, w->ret, w->body);
        break;
    }
    case STMT_SCOPE:
        walk(W, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            walk(W, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

void lower_flow_run(const LowerFlowPrinter *p, void *printer, LowerKernel *k, const IrStmt *body)
{
    LowerFlow W = {.p = p, .printer = printer, .k = k};
    k->region = NULL;
    ptrmap_init(&W.tuples);
    ptrmap_init(&W.tiles);
    ptrmap_init(&W.preset);
    ptrmap_init(&W.by_memref);
    ptrmap_init(&W.scalars);
    ptrmap_init(&W.tensors);
    W.poison_tile.addr = -1;
    if (p->isa_op && k->f) {
        lower_tensor_params(&W);
        lower_scalar_params(&W);
    }
    walk(&W, body);
    ptrmap_free(&W.tuples);
    ptrmap_free(&W.tiles);
    ptrmap_free(&W.preset);
    ptrmap_free(&W.by_memref);
    ptrmap_free(&W.scalars);
    ptrmap_free(&W.tensors);
}
