/* verify_types.c: check_types (passes.md 3): calls against their op's
 * deduction or their callee's signature, assignments against their values,
 * scalar operands of scalar operators, returns against the function's
 * return types.  Types compare by kind, dtype, shape (constant dimensions
 * by value, symbolic ones by identity) and tile view, never by MemRef;
 * verify_types_match is that comparison, which check_ssa uses for yields. */
#include "config.h"
#include "passes/3_verify/verify.h"

/* ------------------------------------------------------- type comparison */

/* Equal expressions in types: by value when constant, else structurally
 * with variables and calls by identity (as the reference compares
 * symbolic dimensions). */
static int exprs_equal(const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    int ca, cb;
    if (a == b)
        return 1;
    ca = ir_dim_value(a, &x);
    cb = ir_dim_value(b, &y);
    if (ca || cb)
        return ca && cb && x == y;
    if (a->kind != b->kind || a->op != b->op || a->dtype != b->dtype)
        return 0;
    switch ((IrExprKind)a->kind) {
    case EXPR_CONST_FLOAT:
        return IR_AS(IrConstFloat, a)->value == IR_AS(IrConstFloat, b)->value;
    case EXPR_CONST_BOOL:
        return 1;
    case EXPR_BINARY:
        return exprs_equal(IR_AS(IrBinary, a)->lhs, IR_AS(IrBinary, b)->lhs) &&
               exprs_equal(IR_AS(IrBinary, a)->rhs, IR_AS(IrBinary, b)->rhs);
    case EXPR_UNARY:
        return exprs_equal(IR_AS(IrUnary, a)->operand, IR_AS(IrUnary, b)->operand);
    case EXPR_TUPLE_GET:
        return IR_AS(IrTupleGet, a)->index == IR_AS(IrTupleGet, b)->index &&
               exprs_equal(IR_AS(IrTupleGet, a)->tuple, IR_AS(IrTupleGet, b)->tuple);
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *p = IR_AS(IrMakeTuple, a), *q = IR_AS(IrMakeTuple, b);
        if (p->n != q->n)
            return 0;
        for (uint32_t i = 0; i < p->n; i++)
            if (!exprs_equal(p->elems[i], q->elems[i]))
                return 0;
        return 1;
    }
    default:
        return 0;
    }
}

static int expr_lists_equal(uint32_t n, const IrExpr *const *a, const IrExpr *const *b)
{
    for (uint32_t i = 0; i < n; i++)
        if (!exprs_equal(a[i], b[i]))
            return 0;
    return 1;
}

static int tile_views_equal(const IrTileView *a, const IrTileView *b)
{
    if (a == b)
        return 1;
    if (!a || !b)
        return 0;
    if (a->nvalid != b->nvalid || a->nstride != b->nstride || a->blayout != b->blayout ||
        a->slayout != b->slayout || a->fractal != b->fractal || a->pad != b->pad)
        return 0;
    if (!expr_lists_equal(a->nvalid, a->valid_shape, b->valid_shape) ||
        !expr_lists_equal(a->nstride, a->stride, b->stride))
        return 0;
    if (!a->start_offset || !b->start_offset)
        return a->start_offset == b->start_offset;
    return exprs_equal(a->start_offset, b->start_offset);
}

/* Kind, dtype, shape (constant dimensions by value) and tile view. */
int verify_types_match(const IrType *var, const IrType *value, ViewRule views)
{
    if (var == value)
        return 1;
    if (var->kind != value->kind)
        return 0;
    switch ((IrTypeKind)var->kind) {
    case TYPE_TENSOR:
    case TYPE_TILE:
        if (var->dtype != value->dtype || var->n != value->n || !expr_lists_equal(var->n, var->dims, value->dims))
            return 0;
        if (var->kind == TYPE_TILE && views != VIEWS_IGNORED && (views == VIEWS_EQUAL || value->tile_view))
            return tile_views_equal(var->tile_view, value->tile_view);
        return 1;
    case TYPE_TUPLE:
        if (var->n != value->n)
            return 0;
        for (uint32_t i = 0; i < var->n; i++)
            if (!verify_types_match(var->elems[i], value->elems[i], views))
                return 0;
        return 1;
    default:
        return ir_type_compatible(var, value, DIMS_EXACT);
    }
}

/* A tensor's element count when its shape is static. */
static int static_elements(const IrType *t, uint64_t *n)
{
    int64_t d;
    *n = 1;
    for (uint32_t i = 0; i < t->n; i++)
        if (!ir_dim_value(t->dims[i], &d) || d < 0 || __builtin_mul_overflow(*n, (uint64_t)d, n))
            return 0;
    return 1;
}

/* An argument for a parameter: compatible types, or (-Wargument-shape) a
 * tensor of the parameter's dtype and another static shape with at least
 * as many elements, of which the callee sees the leading ones. */
static int arg_acceptable(const IrType *a, const IrType *p)
{
    uint64_t have, need;
    if (ir_type_compatible(a, p, DIMS_ANY))
        return 1;
    return a->kind == TYPE_TENSOR && p->kind == TYPE_TENSOR && a->dtype == p->dtype && static_elements(a, &have) &&
           static_elements(p, &need) && have >= need;
}

/* A returned value for a declared type: compatible types, or a tensor of
 * the declared dtype and another shape (-Wannotation: return types are
 * annotations, and a kernel call's result has the kernel's return type
 * although it names the caller's argument). */
static int return_acceptable(const IrType *v, const IrType *r)
{
    return ir_type_compatible(v, r, DIMS_ANY) || (v->kind == TYPE_TENSOR && r->kind == TYPE_TENSOR && v->dtype == r->dtype);
}

/* ---------------------------------------------------------------- types */

static void types_op_call(Check *C, const IrCall *c, const OpDef *op)
{
    OpError err;
    TypeText tt;
    char name[128];
    const IrType *t = op_deduce(C->ir, op, c->args, c->nargs, c->kwargs, c->nkwargs, &err);
    op_printed_name(op, name, sizeof name);
    if (!t) {
        Span at = err.arg >= 0 && (uint32_t)err.arg < c->nargs ? use_span(c->args[err.arg], c->e.span) : c->e.span;
        fail(C, at, "the call of '%s' does not type-check: %s", name, err.msg);
    } else if (!verify_types_match(c->type, t, VIEWS_EQUAL)) {
        fail(C, c->e.span, "the call of '%s' has type %s, but its arguments give %s", name, ts(C, c->type, tt.a),
             ts(C, t, tt.b));
    }
}

static void types_global_call(Check *C, const IrCall *c)
{
    TypeText tt;
    const IrFunc *g = ir_program_find(C->prog, c->callee->name);
    const IrType *ret;
    if (!g) {
        fail(C, c->e.span, "call of '%s', which is not a function of the program", c->callee->name);
        return;
    }
    if (ir_call_device_arg(c) >= 0) {
        /* A per-rank dispatch: its last argument is the rank. */
        const IrType *dt = ir_expr_type(C->ir, c->args[ir_call_device_arg(c)]);
        if (dt->kind != TYPE_SCALAR || !dtype_is_int((DataType)dt->dtype))
            fail(C, c->e.span, "the device= of a call of '%s' has type %s, not an integer", g->name, ts(C, dt, tt.a));
    }
    if (ir_call_param_args(c) != g->nparams) {
        if (fail(C, c->e.span, "function '%s' takes %u argument%s, but the call passes %u", g->name, g->nparams,
                 plural(g->nparams), ir_call_param_args(c)))
            note(C, g->span, "'%s' is defined here", g->name);
    } else {
        for (uint32_t i = 0; i < ir_call_param_args(c); i++) {
            const IrType *at = ir_expr_type(C->ir, c->args[i]), *pt = g->params[i].var->type;
            /* A context parameter (MaterializeCommContext: the address of
             * its window's context) takes a pld.CommCtxType. */
            int ctx = (g->params[i].var->e.flags & IR_EXPR_COMM_CTX) && at->kind == TYPE_COMM_CTX;
            if (!ctx && !arg_acceptable(at, pt))
                fail(C, use_span(c->args[i], c->e.span),
                     "argument %u of the call of '%s' has type %s, but parameter '%s' has type %s", i + 1, g->name,
                     ts(C, at, tt.a), g->params[i].var->name, ts(C, pt, tt.b));
        }
    }
    ret = g->nret == 0   ? ir_type_unknown(C->ir)
          : g->nret == 1 ? g->ret_types[0]
                         : ir_type_tuple(C->ir, g->nret, g->ret_types);
    /* (A dynamic dimension of the callee's result may be bound at the call
     * to the argument's: ir_type_compatible's DIMS_ANY.) */
    if (!verify_types_match(c->type, ret, VIEWS_EQUAL) && !ir_type_compatible(c->type, ret, DIMS_ANY))
        fail(C, c->e.span, "the call of '%s' has type %s, but the function returns %s", g->name, ts(C, c->type, tt.a),
             ts(C, ret, tt.b));
}

static int types_expr(IrWalker *w, const IrExpr *e)
{
    Check *C = w->data;
    TypeText tt;
    switch ((IrExprKind)e->kind) {
    case EXPR_BINARY: {
        const IrBinary *b = IR_AS(IrBinary, e);
        const IrExpr *side[2] = {b->lhs, b->rhs};
        for (int i = 0; i < 2; i++) {
            const IrType *t = ir_expr_type(C->ir, side[i]);
            if (t->kind != TYPE_SCALAR)
                fail(C, use_span(side[i], e->span), "operand of '%s' must be a scalar, got %s",
                     ir_binary_symbol((IrBinaryOp)e->op), ts(C, t, tt.a));
        }
        break;
    }
    case EXPR_UNARY: {
        const IrType *t = ir_expr_type(C->ir, IR_AS(IrUnary, e)->operand);
        if (t->kind != TYPE_SCALAR)
            fail(C, e->span, "operand of %s must be a scalar, got %s", ir_unary_name((IrUnaryOp)e->op), ts(C, t, tt.a));
        break;
    }
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        const OpDef *op = callee_op(c->callee);
        if (op)
            types_op_call(C, c, op);
        else if (c->callee->kind == CALLEE_GLOBAL)
            types_global_call(C, c);
        break;
    }
    default:
        break;
    }
    return 1;
}

static int types_stmt(IrWalker *w, const IrStmt *s)
{
    Check *C = w->data;
    TypeText tt;
    C->stmt = s;
    if (s->kind == STMT_ASSIGN) {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrType *vt = ir_expr_type(C->ir, a->value);
        if (!verify_types_match(a->var->type, vt, VIEWS_OF_VALUE))
            fail(C, s->span, "'%s' has type %s, but its value has type %s", a->var->name, ts(C, a->var->type, tt.a),
                 ts(C, vt, tt.b));
    } else if (s->kind == STMT_RETURN) {
        const IrValues *r = IR_AS(IrValues, s);
        const IrFunc *f = C->func;
        if (r->n != f->nret) {
            fail(C, s->span, "the return gives %u value%s, but function '%s' returns %u", r->n, plural(r->n), f->name,
                 f->nret);
        } else {
            for (uint32_t i = 0; i < r->n; i++) {
                const IrType *t = ir_expr_type(C->ir, r->values[i]);
                if (!return_acceptable(t, f->ret_types[i]))
                    fail(C, use_span(r->values[i], s->span),
                         "the returned value has type %s, but function '%s' returns %s",
                         ts(C, t, tt.a), f->name, ts(C, f->ret_types[i], tt.b));
            }
        }
    }
    return 1;
}


int check_types(PassCtx *pc, const IrProgram *prog, int report)
{
    Check C;
    check_init(&C, pc, prog, report);
    C.w.pre_stmt = types_stmt;
    C.w.pre_expr = types_expr;
    return verify_walk_program(&C);
}
