/* lower_flow.c: the walk over a kernel's statements and the checks the
 * two lowerings share (see lower_flow.h). */
#include "config.h"
#include "codegen/lower_flow.h"
#include "codegen/lower_isa.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <stdarg.h>

/* Formatted whole (names have no length limit), then the client's. */
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
    case TYPE_ARRAY:   /* storage traced as a tensor's: every version one array (lower_tensor.h) */
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
    char msg[192];
    if (no_lowering(W, c, op))
        return;
    if (op->cls == OPCL_COMM || op->cls == OPCL_COMM_VALUE || op->cls == OPCL_XCORE_PIPE ||
        op->cls == OPCL_XCORE_BUFFER || op->id == OP_SYSTEM_SYNCALL_SOFT) {
        if (!lower_isa_comm(W, dest, c, op))
            lower_flow_error(W, c->e.span, "'%s' has no %s lowering", op_printed_name(op, msg, sizeof msg),
                             W->p->output);
        return;
    }
    if (isa_system(c, op, &sys, msg, sizeof msg) != 0 ||
        ((sys.xsync == 1 || sys.xsync == 2) && isa_xcore_sync(W->k->o->arch, ir_kernel_kind(W->k->f), &sys, W->ffts_set, msg, sizeof msg) != 0)) {
        W->p->error(W, c->e.span, msg);
        return;
    }
    W->ffts_set |= sys.xsync == 3;
    W->p->system_op(W, dest, &sys);
}

static void walk_block_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    Lowering lwbuf;
    const Lowering *lw = lower_of(op, &lwbuf);
    char buf[64];
    if (no_lowering(W, c, op))
        return;
    if (op->cls == OPCL_XCORE_PUSH || op->cls == OPCL_XCORE_POP || op->cls == OPCL_XCORE_POP_MAT ||
        op->cls == OPCL_GM_GETVAL || op->cls == OPCL_GM_SETVAL) {
        /* the cross-core pipe (the other core's side); an element of global memory */
        if (!lower_isa_comm(W, dest, c, op))
            lower_flow_error(W, c->e.span, "'%s' has no %s lowering", op_printed_name(op, buf, sizeof buf),
                             W->p->output);
        return;
    }
    if (op->cls == OPCL_REMOTE_LOAD || op->cls == OPCL_REMOTE_STORE) {   /* with a peer's copy of a window */
        IsaForm how = op->cls == OPCL_REMOTE_LOAD ? FORM_LOAD : FORM_STORE;
        if (!lower_isa_transfer(W, dest, c, how))
            W->p->transfer(W, dest, c, how, NULL);
        return;
    }
    switch ((IsaForm)lw->how) {
    case FORM_ALLOC:
        return;
    case FORM_LOAD:
    case FORM_STORE:
    case FORM_L0C_STORE:
    case FORM_MGATHER:
    case FORM_MSCATTER:
    case FORM_GATHER_ROW:
        if (!lower_isa_transfer(W, dest, c, (IsaForm)lw->how))
            W->p->transfer(W, dest, c, (IsaForm)lw->how, NULL);
        return;
    default:
        break;
    }
    /* Every other op only defines its result: unused, it does nothing
     * (unless the client takes it all the same). */
    if (!dest && !W->p->unkept && !op_traits(op)->effects)
        return;
    if (lw->how == FORM_BLOCK_IDX) {
        if (!lower_isa_block_idx(W, dest, c, op))
            W->p->block_idx(W, dest, c, op);
    } else if (dest && dest->type->kind != TYPE_TILE && lw->how != FORM_GETVAL) {
        lower_flow_error(W, c->e.span, "'%s' with a %s result has no %s lowering", op_printed_name(op, buf, sizeof buf),
                   dest->type->kind == TYPE_SCALAR ? "scalar" : "non-tile", W->p->output);
    } else if (!lower_isa_op(W, dest, c, op, lw)) {
        W->p->tile_op(W, dest, c, op, lw);
    }
}

/* An on-core array's op (the pto-isa lowering's: lower_isa_array). */
static void walk_array(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    char buf[64];
    if (no_lowering(W, c, op))
        return;
    if (!lower_isa_array(W, dest, c, op))
        lower_flow_error(W, c->e.span, "'%s' has no %s lowering", op_printed_name(op, buf, sizeof buf), W->p->output);
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
    else if (op->category == OPC_ARRAY)
        walk_array(W, dest, c, op);
    else
        walk_block_op(W, dest, c, op);
}

/* Tiles and tensors in a tuple are variables (the lowerings name what they
 * stand for); scalars may be expressions (for the pto-isa lowering checked,
 * in their own type: a failed one is LOWER_OTHER). */
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
        } else if (k == LOWER_SCALAR && lower_isa_tuple_scalar(W, m->elems[i])) {
            k = LOWER_OTHER;
        }
        kind[i] = (uint8_t)k;
    }
    lower_isa_tuple_make(W, t);
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
    if (!lower_isa_tuple_get(W, a, t, g->index))
        W->p->tuple_get(W, a, t, g->index);
}

/* A scalar defined by an expression or a copy. */
static void walk_scalar_def(LowerFlow *W, const IrAssign *a)
{
    if (!lower_isa_scalar_def(W, a))
        W->p->scalar_def(W, a);
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
        else if (!lower_isa_copy(W, a, k))
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
    if (W->k->diag->errors != 0 && !lower_isa_poison(W, v, k) && !W->p->defined(W, v))
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
        else if (!lower_isa_yield(W, R, k, y->values[k]))
            W->p->yield_value(W, R, k, y->values[k]);
    }
    if (W->p->yield_end)
        W->p->yield_end(W, R);
}

static void walk_loop(LowerFlow *W, const IrStmt *s, uint32_t n, const IrIterArg *const *iter_args,
                      const IrVar *const *ret, const IrStmt *body)
{
    LowerRegion *R = new_region(W, s, n, ret, iter_args);
    int ok = 1;
    lower_isa_loop_head(W, R);
    W->p->loop_begin(W, R);
    for (uint32_t k = 0; k < n; k++) {
        int taken = lower_isa_carry(W, R, k);
        if (taken) {
            ok &= taken > 0;
            continue;
        }
        if (R->kind[k] != LOWER_OTHER) {
            ok &= W->p->carry_init(W, R, k) != 0;
            continue;
        }
        lower_flow_error(W, iter_args[k]->v.e.span, "the loop-carried value '%s' cannot be emitted", iter_args[k]->v.name);
        ok = 0;
    }
    lower_isa_loop_body(W, R);
    W->p->loop_open(W, R);
    lower_isa_preset(W, R, body);
    walk_body(W, R, body);
    /* After a failed initial value, a missing yield is no news. */
    if (n && ok && !R->yielded)
        lower_flow_error(W, s->span, "this loop has no yield for its loop-carried values");
    W->p->loop_close(W, R);
    lower_isa_results(W, R);
}

static void walk_if(LowerFlow *W, const IrIf *f)
{
    LowerRegion *R = new_region(W, &f->s, f->nret, f->ret, NULL);
    lower_isa_if_head(W, R, f->cond);
    W->p->if_begin(W, R);
    for (uint32_t k = 0; k < f->nret; k++) {
        if (R->kind[k] == LOWER_OTHER)
            lower_flow_error(W, f->ret[k]->e.span, "the if result '%s' cannot be emitted", f->ret[k]->name);
        else if (!lower_isa_if_result(W, R, k) && W->p->if_result)
            W->p->if_result(W, R, k);
    }
    W->p->if_open(W, R);
    lower_isa_preset(W, R, f->then_body);
    lower_isa_preset(W, R, f->else_body);
    walk_body(W, R, f->then_body);
    if (f->nret && !R->yielded)
        lower_flow_error(W, f->s.span, "the then-branch has no yield for the results of this if");
    if (f->else_body) {
        R->yielded = 0;
        W->p->else_open(W, R);
        walk_body(W, R, f->else_body);
        if (f->nret && !R->yielded)
            lower_flow_error(W, f->s.span, "the else-branch has no yield for the results of this if");
    } else if (R->nscalar) {
        lower_flow_error(W, f->s.span, "an if with results needs an else-branch");
    }
    W->p->if_close(W, R);
    lower_isa_results(W, R);
}

/* ---------------------------------------------- definitions and reads */

static int read_expr(IrWalker *w, const IrExpr *e)
{
    LowerFlow *W = w->data;
    if (e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG)
        W->p->var_read(W, IR_AS(IrVar, e));
    return 1;
}

static void defines(void *data, const IrVar *v)
{
    LowerFlow *W = data;
    W->p->var_def(W, v);
}

/* The client's var_def and var_read events of statement s itself. */
static void note_vars(LowerFlow *W, const IrStmt *s)
{
    if (W->p->var_def)
        ir_stmt_defs(s, defines, W);
    if (W->p->var_read && s->kind != STMT_RETURN) {
        IrWalker w = {.pre_expr = read_expr, .data = W};
        ir_walk_operands(&w, s);
    }
}

/* ------------------------------------------------------------- statements */

static void walk(LowerFlow *W, const IrStmt *s)
{
    if (!s)
        return;
    note_vars(W, s);
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
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

void lower_flow_run(const LowerFlowClient *p, void *client, LowerKernel *k, const IrStmt *body)
{
    LowerFlow W = {.p = p, .client = client, .k = k};
    k->region = NULL;
    ptrmap_init(&W.tuples);
    ptrmap_init(&W.tiles);
    ptrmap_init(&W.preset);
    ptrmap_init(&W.by_memref);
    ptrmap_init(&W.scalars);
    ptrmap_init(&W.tensors);
    W.poison_tile.addr = -1;
    lower_isa_kernel(&W);
    walk(&W, body);
    ptrmap_free(&W.tuples);
    ptrmap_free(&W.tiles);
    ptrmap_free(&W.preset);
    ptrmap_free(&W.by_memref);
    ptrmap_free(&W.scalars);
    ptrmap_free(&W.tensors);
}
