/* simplify.c: Simplify: constant folding of scalar expressions and
 * dead-code elimination of unused pure definitions.
 *
 * Folding (bottom-up, wherever expressions occur; types are left alone):
 * a BinaryExpr or UnaryExpr (Cast included) whose operands are constants
 * becomes a ConstInt/ConstFloat/ConstBool of the node's dtype, computed
 * with the language's semantics (ops.md 3.3).  An argument of an op call
 * is folded only when the op's deduced type stays the call's type, so
 * the arguments a type is built from keep the form the type shows and the
 * printed program reparses to the same IR.  Nothing is folded whose
 * result could depend on the target: division or modulo by zero, integer
 * overflow (the result must fit the dtype), shifts out of range, float
 * results that are not finite, FloatDiv on integers (the reference's
 * INT64 "/"), FloorDiv/FloorMod/Pow on floats, casts that are not exact
 * (float -> int only for integral values in range, int -> float only when
 * representable, int -> int only in range), and floats of formats other
 * than FP32, FP16 and BF16.  Float constants stand for their value
 * rounded to their dtype; a folded float is stored as the shortest
 * decimal that rounds to the exact result, so it prints as a person
 * would write it.
 *
 * An if whose condition folds to a constant is replaced by the branch it
 * takes; the values that branch yields replace the if's return variables.
 *
 * Dead code: an AssignStmt whose variable is used nowhere in the function
 * (expressions, types, yields, returns, conditions, nested bodies) is
 * removed when its value is pure: scalar code, constants, tuples, and
 * calls of ops without effects.  Stores, allocations, system ops,
 * tensor.assemble (it writes its target) and calls of functions are
 * never removed; neither are parameters, loop iter_args and the return
 * variables of loops and ifs (they are control structure).  Removal works
 * from use counts and a worklist, so chains die in linear time.
 *
 * Requires SSA (each variable has one definition).  An unchanged program
 * is returned as the same pointer. */
#include "config.h"
#include "ir/int_arith.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "passes/3_verify/simplify.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- constants */

typedef enum ValKind { VAL_INT, VAL_FLOAT, VAL_BOOL } ValKind;

typedef struct Val {
    ValKind kind;
    int64_t i;          /* int value, or bool 0/1 */
    double f;           /* float value, already rounded to its dtype */
} Val;

/* The integer range of a dtype.  UINT64 is capped at INT64_MAX: the IR
 * stores constants as int64. */
static int fits(int64_t v, DataType dt) { return dtype_int_fits(dt, v); }

/* Rounds x to the float format of dt (round to nearest even, subnormals
 * included).  0 when dt is a format we do not model or the result
 * overflows. */
static int round_float(double x, DataType dt, double *out)
{
    int p, emin, emax, e;
    double r;
    switch (dt) {
    case DT_FP32:
        p = 24, emin = -125, emax = 128;   /* frexp exponents: x = m * 2^e, 0.5 <= |m| < 1 */
        break;
    case DT_FP16:
        p = 11, emin = -13, emax = 16;
        break;
    case DT_BF16:
        p = 8, emin = -125, emax = 128;
        break;
    default:
        return 0;
    }
    if (!isfinite(x))
        return 0;
    if (x == 0) {
        *out = x;
        return 1;
    }
    frexp(x, &e);
    /* The exponent of the unit in the last place: e - p for normal values,
     * emin - p (fixed) for subnormal ones. */
    e = (e < emin ? emin : e) - p;
    r = ldexp(nearbyint(ldexp(x, -e)), e);
    if (fabs(r) >= ldexp(1.0, emax))
        return 0;
    *out = r;
    return 1;
}

/* The shortest decimal that rounds to r in dt (r is exact in dt). */
static double shortest_float(double r, DataType dt)
{
    char buf[40];
    for (int digits = 1; digits <= 17; digits++) {
        double d, back;
        snprintf(buf, sizeof buf, "%.*g", digits, r);
        d = strtod(buf, NULL);
        if (round_float(d, dt, &back) && back == r)
            return d;
    }
    return r;
}

/* An integer that is exactly representable as a float of dt. */
static int int_to_float(int64_t v, DataType dt, double *out)
{
    double d, r;
    if (v > ((int64_t)1 << 53) || v < -((int64_t)1 << 53))
        return 0;
    d = (double)v;
    if (!round_float(d, dt, &r) || r != d)
        return 0;
    *out = d;
    return 1;
}

/* The value of a constant operand; 0 if e is not one we can use. */
static int const_val(const IrExpr *e, Val *v)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_CONST_INT:
        v->kind = VAL_INT;
        v->i = IR_AS(IrConstInt, e)->value;
        return fits(v->i, (DataType)e->dtype);
    case EXPR_CONST_FLOAT:
        v->kind = VAL_FLOAT;
        return round_float(IR_AS(IrConstFloat, e)->value, (DataType)e->dtype, &v->f);
    case EXPR_CONST_BOOL:
        v->kind = VAL_BOOL;
        v->i = e->op ? 1 : 0;
        return 1;
    default:
        return 0;
    }
}

/* A value as a float of dt: floats as they are (already rounded to their
 * own dtype; promotion only widens), integers only when exact. */
static int as_float(const Val *v, DataType dt, double *out)
{
    if (v->kind == VAL_FLOAT)
        return round_float(v->f, dt, out) && *out == v->f;
    if (v->kind == VAL_INT)
        return int_to_float(v->i, dt, out);
    return 0;
}

/* --------------------------------------------------------------- folding */

/* Python's integer arithmetic (ir/int_arith.c), except for shifts the C
 * and C++ that the emitters write would evaluate differently: negative
 * operands and counts beyond the width are left to the target. */
static int fold_int_binary(IrBinaryOp op, int64_t a, int64_t b, DataType dt, int64_t *r)
{
    if ((op == BIN_SHL || op == BIN_SHR) && (a < 0 || b < 0 || b >= dtype_bits(dt)))
        return 0;
    return int_binary(op, a, b, r) == INT_OK;   /* FloatDiv on integers is the reference's "/": not folded */
}

static int fold_float_binary(IrBinaryOp op, double a, double b, double *r)
{
    switch (op) {
    case BIN_ADD:
        *r = a + b;
        return 1;
    case BIN_SUB:
        *r = a - b;
        return 1;
    case BIN_MUL:
        *r = a * b;
        return 1;
    case BIN_FLOAT_DIV:
        if (b == 0)
            return 0;
        *r = a / b;
        return 1;
    case BIN_MIN:
        *r = a < b ? a : b;
        return 1;
    case BIN_MAX:
        *r = a > b ? a : b;
        return 1;
    default:
        return 0;   /* floor ops and ** on floats depend on the target's library */
    }
}

static int compare(IrBinaryOp op, int c)
{
    switch (op) {
    case BIN_EQ:
        return c == 0;
    case BIN_NE:
        return c != 0;
    case BIN_LT:
        return c < 0;
    case BIN_LE:
        return c <= 0;
    case BIN_GT:
        return c > 0;
    default:
        return c >= 0;
    }
}

/* A comparison of two constants: -1, 0, 1 in *c; 0 if not comparable. */
static int compare_vals(const Val *a, const Val *b, int *c)
{
    double x, y;
    if (a->kind == VAL_BOOL || b->kind == VAL_BOOL) {
        if (a->kind != b->kind)
            return 0;
        *c = (int)(a->i - b->i);
        return 1;
    }
    if (a->kind == VAL_INT && b->kind == VAL_INT) {
        *c = a->i < b->i ? -1 : a->i > b->i;
        return 1;
    }
    /* Mixed or float: compare as doubles, integers only when exact. */
    if (a->kind == VAL_INT ? a->i > ((int64_t)1 << 53) || a->i < -((int64_t)1 << 53) : 0)
        return 0;
    if (b->kind == VAL_INT ? b->i > ((int64_t)1 << 53) || b->i < -((int64_t)1 << 53) : 0)
        return 0;
    x = a->kind == VAL_INT ? (double)a->i : a->f;
    y = b->kind == VAL_INT ? (double)b->i : b->f;
    *c = x < y ? -1 : x > y;
    return 1;
}

static const IrExpr *make_float(IrCtx *ir, double r, DataType dt, Span span)
{
    double exact;
    if (!round_float(r, dt, &exact))
        return NULL;
    return ir_const_float(ir, shortest_float(exact, dt), dt, span);
}

static const IrExpr *fold_binary(IrCtx *ir, const IrBinary *b)
{
    DataType dt = (DataType)b->e.dtype;
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    Val x, y;
    if (!const_val(b->lhs, &x) || !const_val(b->rhs, &y))
        return NULL;
    if (ir_binary_is_comparison(op)) {
        int c;
        if (dt != DT_BOOL || !compare_vals(&x, &y, &c))
            return NULL;
        if (x.kind == VAL_BOOL && op != BIN_EQ && op != BIN_NE)
            return NULL;
        return ir_const_bool(ir, compare(op, c), b->e.span);
    }
    if (op == BIN_AND || op == BIN_OR || op == BIN_XOR) {
        if (dt != DT_BOOL || x.kind != VAL_BOOL || y.kind != VAL_BOOL)
            return NULL;
        return ir_const_bool(ir, op == BIN_AND ? x.i && y.i : op == BIN_OR ? x.i || y.i : x.i != y.i, b->e.span);
    }
    if (dtype_is_int(dt)) {
        int64_t r;
        if (x.kind != VAL_INT || y.kind != VAL_INT || !fold_int_binary(op, x.i, y.i, dt, &r) || !fits(r, dt))
            return NULL;
        return ir_const_int(ir, r, dt, b->e.span);
    }
    if (dtype_is_float(dt)) {
        double p, q, r;
        if (!as_float(&x, dt, &p) || !as_float(&y, dt, &q) || !fold_float_binary(op, p, q, &r))
            return NULL;
        return make_float(ir, r, dt, b->e.span);
    }
    return NULL;
}

static const IrExpr *fold_cast(IrCtx *ir, const Val *x, DataType dt, Span span)
{
    if (dt == DT_BOOL) {
        int nz = x->kind == VAL_FLOAT ? x->f != 0 : x->i != 0;
        return ir_const_bool(ir, nz, span);
    }
    if (dtype_is_int(dt)) {
        int64_t v;
        if (x->kind == VAL_FLOAT) {
            /* Integral and in range only: no rounding mode involved. */
            if (x->f != floor(x->f) || x->f < -9223372036854775808.0 || x->f >= 9223372036854775808.0)
                return NULL;
            v = (int64_t)x->f;
        } else {
            v = x->i;
        }
        return fits(v, dt) ? ir_const_int(ir, v, dt, span) : NULL;
    }
    if (dtype_is_float(dt)) {
        double d;
        if (x->kind == VAL_BOOL)
            return ir_const_float(ir, (double)x->i, dt, span);
        if (x->kind == VAL_INT)
            return int_to_float(x->i, dt, &d) ? ir_const_float(ir, d, dt, span) : NULL;
        /* float -> float: only when exact, so no rounding mode matters. */
        if (!round_float(x->f, dt, &d) || d != x->f)
            return NULL;
        return ir_const_float(ir, shortest_float(d, dt), dt, span);
    }
    return NULL;
}

static const IrExpr *fold_unary(IrCtx *ir, const IrUnary *u)
{
    DataType dt = (DataType)u->e.dtype;
    Val x;
    if (!const_val(u->operand, &x))
        return NULL;
    switch ((IrUnaryOp)u->e.op) {
    case UN_CAST:
        return fold_cast(ir, &x, dt, u->e.span);
    case UN_NOT:
        return dt == DT_BOOL && x.kind == VAL_BOOL ? ir_const_bool(ir, !x.i, u->e.span) : NULL;
    case UN_NEG:
    case UN_ABS:
        if (dtype_is_int(dt) && x.kind == VAL_INT) {
            int64_t r;
            if (int_unary((IrUnaryOp)u->e.op, x.i, &r) != INT_OK)
                return NULL;
            return fits(r, dt) ? ir_const_int(ir, r, dt, u->e.span) : NULL;
        }
        if (dtype_is_float(dt) && x.kind == VAL_FLOAT) {
            double f;
            if (!as_float(&x, dt, &f))
                return NULL;
            return make_float(ir, u->e.op == UN_NEG ? -f : fabs(f), dt, u->e.span);
        }
        return NULL;
    case UN_BIT_NOT:
        if (!dtype_is_int(dt) || x.kind != VAL_INT)
            return NULL;
        if (dtype_is_signed_int(dt))
            return fits(~x.i, dt) ? ir_const_int(ir, ~x.i, dt, u->e.span) : NULL;
        {
            /* Unsigned: all ones minus the value, for widths we can hold. */
            int64_t lo, hi;
            if (dtype_bits(dt) >= 63 || !dtype_int_range(dt, &lo, &hi) || !fits(x.i, dt))
                return NULL;
            return ir_const_int(ir, hi - x.i, dt, u->e.span);
        }
    default:
        return NULL;
    }
}

/* The folding walk.  Iter_args whose init value folds are rebuilt, and
 * their uses in the loop follow them through subst. */
typedef struct Folder {
    IrCtx *ir;
    PtrMap subst;            /* old IterArg -> new IterArg */
} Folder;

static const IrExpr *fold_expr(Folder *F, const IrExpr *e);

/* Same type up to MemRefs (hash-consing makes everything else identity). */
static int same_type(const IrType *a, const IrType *b)
{
    if (a == b)
        return 1;
    if (a->kind != b->kind || a->dtype != b->dtype || a->n != b->n || a->pipe != b->pipe)
        return 0;
    if (a->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < a->n; i++)
            if (!same_type(a->elems[i], b->elems[i]))
                return 0;
        return 1;
    }
    if (!ir_type_is_shaped(a))
        return 1;
    for (uint32_t i = 0; i < a->n; i++)
        if (a->dims[i] != b->dims[i])
            return 0;
    return a->tile_view == b->tile_view && a->tensor_view == b->tensor_view;
}

/* A call's arguments are folded one by one, and a registered op keeps a
 * folded argument only if its deduced type stays the call's type: types
 * are not rewritten, so an argument the type is built from (the shape of
 * a load, `[2 * 32, 64]`) keeps the form the type shows, and the printed
 * program still reparses to the same IR. */
static const IrExpr *fold_call(Folder *F, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    const IrExpr *buf[8];
    const IrExpr **args = c->nargs <= 8 ? buf : xmalloc(xmul_size(c->nargs, sizeof *args));
    const IrExpr *r = &c->e;
    int changed = 0;
    if (c->nargs)
        memcpy(args, c->args, c->nargs * sizeof *args);
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrExpr *a = fold_expr(F, c->args[i]);
        if (a == c->args[i])
            continue;
        args[i] = a;
        if (op) {
            OpError err;
            const IrType *t = op_deduce(F->ir, op, args, c->nargs, c->kwargs, c->nkwargs, &err);
            if (!t || !same_type(t, c->type)) {
                args[i] = c->args[i];
                continue;
            }
        }
        changed = 1;
    }
    if (changed)
        r = ir_call(F->ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, c->type, c->e.span);
    if (args != buf)
        xfree(args);
    return r;
}

/* Bottom-up: operands first, then the node itself if they are constants. */
static const IrExpr *fold_operand(void *F, const IrExpr *e) { return fold_expr(F, e); }

static const IrExpr *fold_expr(Folder *F, const IrExpr *e)
{
    const IrExpr *c = NULL;
    if (e->kind == EXPR_ITER_ARG) {
        const IrExpr *n = ptrmap_get(&F->subst, e);
        return n ? n : e;
    }
    if (e->kind == EXPR_CALL)
        return fold_call(F, IR_AS(IrCall, e));
    e = ir_expr_map_operands(F->ir, e, fold_operand, F);
    if (e->kind == EXPR_BINARY)
        c = fold_binary(F->ir, IR_AS(IrBinary, e));
    else if (e->kind == EXPR_UNARY)
        c = fold_unary(F->ir, IR_AS(IrUnary, e));
    return c ? c : e;
}

/* Values of a yield or return, folded; NULL when none changed. */
static const IrExpr **fold_values(Folder *F, uint32_t n, const IrExpr *const *v)
{
    return ir_expr_map_list(n, v, fold_operand, F);
}

/* Iter_args with their init values folded; NULL when none changed. */
static const IrIterArg **fold_iter_args(Folder *F, uint32_t n, const IrIterArg *const *it)
{
    const IrIterArg **out = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const IrExpr *init = fold_expr(F, it[i]->init);
        if (init == it[i]->init)
            continue;
        if (!out) {
            out = xmalloc(xmul_size(n, sizeof *out));
            memcpy(out, it, n * sizeof *out);
        }
        out[i] = ir_iter_arg_new(F->ir, it[i]->v.name, it[i]->v.type, init, it[i]->v.e.span);
        ptrmap_put(&F->subst, it[i], (void *)out[i]);
    }
    return out;
}

static const IrStmt *fold_stmt(Folder *F, const IrStmt *s)
{
    IrCtx *ir = F->ir;
    if (!s)
        return NULL;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *v = fold_expr(F, a->value);
        return v == a->value ? s : ir_assign(ir, a->var, v, s->span);
    }
    case STMT_EVAL: {
        const IrExpr *x = fold_expr(F, IR_AS(IrEval, s)->expr);
        return x == IR_AS(IrEval, s)->expr ? s : ir_eval(ir, x, s->span);
    }
    case STMT_YIELD:
    case STMT_RETURN: {
        const IrValues *v = IR_AS(IrValues, s);
        const IrExpr **vals = fold_values(F, v->n, v->values);
        const IrStmt *r = s;
        if (vals) {
            r = s->kind == STMT_YIELD ? ir_yield(ir, v->n, vals, s->span) : ir_return(ir, v->n, vals, s->span);
            xfree(vals);
        }
        return r;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrExpr *c = fold_expr(F, f->cond);
        const IrStmt *t = fold_stmt(F, f->then_body), *e = fold_stmt(F, f->else_body);
        if (c == f->cond && t == f->then_body && e == f->else_body)
            return s;
        return ir_if(ir, c, t, e, f->nret, f->ret, s->span);
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrExpr *a = fold_expr(F, f->start), *b = fold_expr(F, f->stop), *c = fold_expr(F, f->step);
        const IrIterArg **it = fold_iter_args(F, f->niter, f->iter_args);
        const IrStmt *body = fold_stmt(F, f->body), *r = s;
        if (it || a != f->start || b != f->stop || c != f->step || body != f->body)
            r = ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, a, b, c, f->niter, it ? it : f->iter_args,
                                     f->ret, body, s->span),
                              f->stage);
        xfree(it);
        return r;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        const IrIterArg **it = fold_iter_args(F, w->niter, w->iter_args);
        const IrExpr *c = fold_expr(F, w->cond);
        const IrStmt *body = fold_stmt(F, w->body), *r = s;
        if (it || c != w->cond || body != w->body)
            r = ir_while(ir, c, w->niter, it ? it : w->iter_args, w->ret, body, s->span);
        xfree(it);
        return r;
    }
    case STMT_SCOPE: {
        const IrStmt *b = fold_stmt(F, IR_AS(IrScope, s)->body);
        return b == IR_AS(IrScope, s)->body ? s : ir_scope_rebody(ir, s, b);
    }
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        const IrStmt **v = NULL;
        const IrStmt *r = s;
        for (uint32_t i = 0; i < q->n; i++) {
            const IrStmt *x = fold_stmt(F, q->stmts[i]);
            if (x != q->stmts[i] && !v) {
                v = xmalloc(xmul_size(q->n, sizeof *v));
                memcpy(v, q->stmts, q->n * sizeof *v);
            }
            if (v)
                v[i] = x;
        }
        if (v) {
            r = ir_seq(ir, (IrStmtKind)s->kind, q->n, v, s->span);
            xfree(v);
        }
        return r;
    }
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind");
}

/* ---------------------------------------------------------- dead code */

typedef struct Dce {
    IrCtx *ir;
    PtrMap uses;             /* Var -> number of uses (as uintptr_t) */
    PtrMap def;              /* Var -> its AssignStmt, when that may be removed */
    PtrMap removed;          /* AssignStmt -> 1 */
    VEC(const IrAssign *) work;
    int any;
} Dce;

static void count_type(Dce *D, const IrType *t, int delta);

/* Adds delta to the use count of every variable in e.  Removal walks the
 * removed value the same way, so counts stay exact. */
static void count_expr(Dce *D, const IrExpr *e, int delta)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
    case EXPR_MEMREF: {
        uintptr_t n = (uintptr_t)ptrmap_get(&D->uses, e);
        n = delta > 0 ? n + 1 : n - 1;
        ptrmap_put(&D->uses, e, (void *)n);
        if (n == 0 && delta < 0) {
            const IrAssign *a = ptrmap_get(&D->def, e);
            if (a)
                vec_push(D->work, a);
        }
        return;
    }
    case EXPR_BINARY:
        count_expr(D, IR_AS(IrBinary, e)->lhs, delta);
        count_expr(D, IR_AS(IrBinary, e)->rhs, delta);
        return;
    case EXPR_UNARY:
        count_expr(D, IR_AS(IrUnary, e)->operand, delta);
        return;
    case EXPR_CALL:
        for (uint32_t i = 0; i < IR_AS(IrCall, e)->nargs; i++)
            count_expr(D, IR_AS(IrCall, e)->args[i], delta);
        count_type(D, IR_AS(IrCall, e)->type, delta);
        return;
    case EXPR_TUPLE_GET:
        count_expr(D, IR_AS(IrTupleGet, e)->tuple, delta);
        return;
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            count_expr(D, IR_AS(IrMakeTuple, e)->elems[i], delta);
        return;
    default:
        return;
    }
}

/* Variables in types count as uses: dimensions, views, MemRefs. */
static void count_type(Dce *D, const IrType *t, int delta)
{
    if (t->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < t->n; i++)
            count_type(D, t->elems[i], delta);
        return;
    }
    if (!ir_type_is_shaped(t))
        return;
    for (uint32_t i = 0; i < t->n; i++)
        count_expr(D, t->dims[i], delta);
    if (t->memref)
        count_expr(D, &t->memref->v.e, delta);
    if (t->tile_view) {
        for (uint32_t i = 0; i < t->tile_view->nvalid; i++)
            count_expr(D, t->tile_view->valid_shape[i], delta);
        for (uint32_t i = 0; i < t->tile_view->nstride; i++)
            count_expr(D, t->tile_view->stride[i], delta);
        if (t->tile_view->start_offset)
            count_expr(D, t->tile_view->start_offset, delta);
    }
    if (t->tensor_view) {
        for (uint32_t i = 0; i < t->tensor_view->nstride; i++)
            count_expr(D, t->tensor_view->stride[i], delta);
        for (uint32_t i = 0; i < t->tensor_view->nvalid; i++)
            count_expr(D, t->tensor_view->valid_shape[i], delta);
    }
}

/* Ops that change state (the op table's effects): never removed even when
 * their result is unused. */
static int op_has_effect(const OpDef *op) { return op_traits(op)->effects; }

static int is_pure(const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_BINARY:
        return is_pure(IR_AS(IrBinary, e)->lhs) && is_pure(IR_AS(IrBinary, e)->rhs);
    case EXPR_UNARY:
        return is_pure(IR_AS(IrUnary, e)->operand);
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        const OpDef *op = callee_op(c->callee);
        /* Functions and unregistered callees: assume effects. */
        if (!op || op_has_effect(op))
            return 0;
        for (uint32_t i = 0; i < c->nargs; i++)
            if (!is_pure(c->args[i]))
                return 0;
        return 1;
    }
    case EXPR_TUPLE_GET:
        return is_pure(IR_AS(IrTupleGet, e)->tuple);
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            if (!is_pure(IR_AS(IrMakeTuple, e)->elems[i]))
                return 0;
        return 1;
    default:
        return 1;   /* variables and constants */
    }
}

static void count_defs(Dce *D, uint32_t n, const IrVar *const *v)
{
    for (uint32_t i = 0; i < n; i++)
        count_type(D, v[i]->type, 1);
}

/* Counts every use in a statement and records the removable definitions. */
static void count_stmt(Dce *D, const IrStmt *s)
{
    if (!s)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        count_expr(D, a->value, 1);
        count_type(D, a->var->type, 1);
        if (is_pure(a->value))
            ptrmap_put(&D->def, a->var, (void *)a);
        return;
    }
    case STMT_EVAL:
        count_expr(D, IR_AS(IrEval, s)->expr, 1);
        return;
    case STMT_YIELD:
    case STMT_RETURN:
        for (uint32_t i = 0; i < IR_AS(IrValues, s)->n; i++)
            count_expr(D, IR_AS(IrValues, s)->values[i], 1);
        return;
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        count_expr(D, f->cond, 1);
        count_stmt(D, f->then_body);
        count_stmt(D, f->else_body);
        count_defs(D, f->nret, f->ret);
        return;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        count_expr(D, f->start, 1);
        count_expr(D, f->stop, 1);
        count_expr(D, f->step, 1);
        count_type(D, f->loop_var->type, 1);
        for (uint32_t i = 0; i < f->niter; i++) {
            count_expr(D, f->iter_args[i]->init, 1);
            count_type(D, f->iter_args[i]->v.type, 1);
        }
        count_stmt(D, f->body);
        count_defs(D, f->niter, f->ret);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < w->niter; i++) {
            count_expr(D, w->iter_args[i]->init, 1);
            count_type(D, w->iter_args[i]->v.type, 1);
        }
        count_expr(D, w->cond, 1);
        count_stmt(D, w->body);
        count_defs(D, w->niter, w->ret);
        return;
    }
    case STMT_SCOPE:
        count_stmt(D, IR_AS(IrScope, s)->body);
        return;
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            count_stmt(D, IR_AS(IrSeq, s)->stmts[i]);
        return;
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind");
}

/* Seeds the worklist with the removable definitions nobody uses (a
 * walker's statement hook; expressions need not be visited). */
static int first_dead(IrWalker *w, const IrStmt *s)
{
    Dce *D = w->data;
    if (s->kind == STMT_ASSIGN) {
        const IrAssign *a = IR_AS(IrAssign, s);
        if (!ptrmap_get(&D->uses, a->var) && ptrmap_get(&D->def, a->var) == a)
            vec_push(D->work, a);
    }
    return 1;
}

static int skip_expr(IrWalker *w, const IrExpr *e)
{
    (void)w;
    (void)e;
    return 0;
}

/* Removes the worklist's definitions; each removal releases the uses of
 * its value and type, which may kill further definitions. */
static void remove_dead(Dce *D)
{
    while (D->work.len) {
        const IrAssign *a = vec_pop(D->work);
        if (ptrmap_get(&D->removed, a))
            continue;
        ptrmap_put(&D->removed, a, (void *)1);
        D->any = 1;
        count_expr(D, a->value, -1);
        count_type(D, a->var->type, -1);
    }
}

/* The statement without its removed definitions (NULL if nothing is left
 * of it); unchanged subtrees are shared. */
static const IrStmt *rebuild(Dce *D, const IrStmt *s);

static const IrStmt *rebuild_body(Dce *D, const IrStmt *body)
{
    const IrStmt *r;
    if (!body)
        return NULL;
    r = rebuild(D, body);
    return r ? r : ir_seq(D->ir, STMT_SEQ, 0, NULL, body->span);
}

static const IrStmt *rebuild(Dce *D, const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        return ptrmap_get(&D->removed, s) ? NULL : s;
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *t = rebuild_body(D, f->then_body), *e = rebuild_body(D, f->else_body);
        if (t == f->then_body && e == f->else_body)
            return s;
        return ir_if(D->ir, f->cond, t, e, f->nret, f->ret, s->span);
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrStmt *b = rebuild_body(D, f->body);
        if (b == f->body)
            return s;
        return ir_for_staged(ir_for(D->ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter,
                                    f->iter_args, f->ret, b, s->span),
                             f->stage);
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        const IrStmt *b = rebuild_body(D, w->body);
        if (b == w->body)
            return s;
        return ir_while(D->ir, w->cond, w->niter, w->iter_args, w->ret, b, s->span);
    }
    case STMT_SCOPE: {
        const IrStmt *b = rebuild_body(D, IR_AS(IrScope, s)->body);
        return b == IR_AS(IrScope, s)->body ? s : ir_scope_rebody(D->ir, s, b);
    }
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        VEC(const IrStmt *) out;
        int changed = 0;
        const IrStmt *r = s;
        vec_init(out);
        for (uint32_t i = 0; i < q->n; i++) {
            const IrStmt *c = rebuild(D, q->stmts[i]);
            changed |= c != q->stmts[i];
            if (c)
                vec_push(out, c);
        }
        if (changed)
            r = out.len ? ir_seq(D->ir, (IrStmtKind)s->kind, out.len, out.data, s->span) : NULL;
        vec_free(out);
        return r;
    }
    default:
        return s;
    }
}

static const IrStmt *eliminate_dead(IrCtx *ir, const IrFunc *f, const IrStmt *body)
{
    Dce D;
    const IrStmt *r = body;
    memset(&D, 0, sizeof D);
    D.ir = ir;
    ptrmap_init(&D.uses);
    ptrmap_init(&D.def);
    ptrmap_init(&D.removed);
    vec_init(D.work);
    for (uint32_t i = 0; i < f->nparams; i++)
        count_type(&D, f->params[i].var->type, 1);
    for (uint32_t i = 0; i < f->nret; i++)
        count_type(&D, f->ret_types[i], 1);
    count_stmt(&D, body);
    {
        IrWalker w;
        memset(&w, 0, sizeof w);
        w.pre_stmt = first_dead;
        w.pre_expr = skip_expr;
        w.data = &D;
        ir_walk_stmt(&w, body);
    }
    remove_dead(&D);
    if (D.any)
        r = rebuild_body(&D, body);
    ptrmap_free(&D.uses);
    ptrmap_free(&D.def);
    ptrmap_free(&D.removed);
    vec_free(D.work);
    return r;
}

/* ------------------------------------------------------------------ pass */

static const IrFunc *simplify_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f)
{
    Folder F;
    const IrStmt *body;
    (void)prog;
    if (!f->body)
        return f;
    F.ir = pc->ir;
    ptrmap_init(&F.subst);
    body = fold_stmt(&F, f->body);
    ptrmap_free(&F.subst);
    body = simplify_lift_constant_ifs(pc->ir, body);
    body = eliminate_dead(pc->ir, f, body);
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_simplify(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions(pc, prog, simplify_function);
}
