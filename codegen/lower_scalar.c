/* lower_scalar.c: the scalar expressions a kernel hands the printers of
 * pto-isa operations, checked once by the statement walk with the
 * output's rules and words (see lower_scalar.h).
 *
 * The rules are the ones the two printers applied as they wrote: PTO MLIR
 * writes scalar code as arith ops in the type an event wants, converting
 * as it goes (pto-mlir.md 8), and has no power operator; C++ writes an
 * expression in its own types (cpp.md 4.4) and a tile op's constant
 * operand as a literal of the element type (cpp.md 4.3).  Both have no
 * bit operation on floats, and scalars only of the data types
 * legal_scalar_dtype lists. */
#include "config.h"
#include "codegen/lower_flow.h"
#include "codegen/lower_scalar.h"

#include <inttypes.h>

/* What a variable is to the walk: it has a value, or its definition
 * failed (the scalars map holds one of these). */
static const char defined_mark, poison_mark;

void lower_scalar_define(LowerFlow *W, const IrVar *v) { ptrmap_put(&W->scalars, v, (void *)&defined_mark); }
void lower_scalar_poison(LowerFlow *W, const IrVar *v) { ptrmap_put(&W->scalars, v, (void *)&poison_mark); }
int lower_scalar_defined(LowerFlow *W, const IrVar *v) { return ptrmap_get(&W->scalars, v) == &defined_mark; }

static int is_cpp(const LowerFlow *W) { return W->p->spelling == OUT_CPP; }
static Span span_of(const LowerFlow *W, const IrExpr *x) { return lower_span_of(W->k->stmt_span, x); }
static const char *type_words(const LowerFlow *W) { return is_cpp(W) ? "C++ type" : "MLIR scalar type"; }

static int own_dtype(const LowerFlow *W, const IrExpr *x)
{
    const IrType *t = ir_expr_type(W->k->ir, x);
    return t && t->kind == TYPE_SCALAR ? t->dtype : -1;
}

static int legal(int dt) { return dt >= 0 && legal_scalar_dtype((DataType)dt); }

/* Whether x uses a variable whose definition failed: a data type with no
 * scalar type is reported where it is brought in (a parameter, a cast, an
 * annotation), not again in what is computed from it. */
static int uses_poison(LowerFlow *W, const IrExpr *x)
{
    switch ((IrExprKind)x->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        return ptrmap_get(&W->scalars, x) == &poison_mark || ptrmap_get(&W->tiles, x) == &W->poison_tile;
    case EXPR_BINARY:
        return uses_poison(W, IR_AS(IrBinary, x)->lhs) || uses_poison(W, IR_AS(IrBinary, x)->rhs);
    case EXPR_UNARY:
        return uses_poison(W, IR_AS(IrUnary, x)->operand);
    default:
        return 0;
    }
}

/* x, or what it is converted to, is of data type dt, which has none. */
static int no_type(LowerFlow *W, const IrExpr *x, int dt)
{
    if (!uses_poison(W, x))
        lower_flow_error(W, span_of(W, x), "data type %s has no %s", dtype_name((DataType)dt), type_words(W));
    return -1;
}

/* A float with an integer value that an int64_t holds. */
int lower_is_whole(double d) { return d >= -9.2e18 && d <= 9.2e18 && d == (double)(int64_t)d; }

void lower_scalar_params(LowerFlow *W)
{
    const IrFunc *f = W->k->f;
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *p = f->params[i].var;
        if (p->type->kind == TYPE_SCALAR && legal(p->type->dtype))
            lower_scalar_define(W, p);
        else if (p->type->kind != TYPE_TENSOR)
            lower_scalar_poison(W, p);
    }
    /* A symbolic dimension no parameter holds is a parameter of its own,
     * and so is the name of one linear in it (lower_kernel_params). */
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        for (uint32_t d = 0; t->kind == TYPE_TENSOR && d < t->n; d++) {
            const IrVar *v;
            int64_t mul, add;
            if (t->dims[d]->kind == EXPR_VAR)
                v = IR_AS(IrVar, t->dims[d]);
            else if (!ir_dim_affine(t->dims[d], &v, &mul, &add))
                continue;
            if (!ptrmap_get(&W->scalars, v))
                lower_scalar_define(W, v);
        }
    }
}

int lower_scalar_var(LowerFlow *W, const IrVar *v, const IrExpr *value)
{
    if (legal(v->type->dtype))
        return 0;
    if (!value || !uses_poison(W, value))
        lower_flow_error(W, v->e.span, "'%s' has data type %s, which has no %s", v->name,
                         dtype_name((DataType)v->type->dtype), type_words(W));
    lower_scalar_poison(W, v);
    return -1;
}

/* --------------------------------------------------------- expressions */

static int check(LowerFlow *W, const IrExpr *x, int want, int operand);

static int not_scalar(LowerFlow *W, const IrExpr *x, const IrType *t)
{
    lower_flow_error(W, span_of(W, x), "a %s is used where a scalar is expected",
                     t && t->kind == TYPE_TILE     ? "tile"
                     : t && t->kind == TYPE_TENSOR ? "tensor"
                                                   : "non-scalar value");
    return -1;
}

/* A variable used: it has a value here, and is a scalar. */
static int leaf(LowerFlow *W, const IrExpr *x)
{
    const IrType *t = ir_expr_type(W->k->ir, x);
    const void *state = ptrmap_get(&W->scalars, x);
    if (state == &poison_mark || (t->kind == TYPE_TILE && ptrmap_get(&W->tiles, x) == &W->poison_tile))
        return -1;
    if (t->kind != TYPE_SCALAR)
        return not_scalar(W, x, t);
    if (state != &defined_mark) {
        lower_flow_error(W, span_of(W, x), "'%s' has no value here", IR_AS(IrVar, x)->name);
        return -1;
    }
    return 0;
}

/* The signless integer type PTO MLIR writes dtype dt in: index for an
 * INT64 scalar, i64 for a tile's INT64 element (pto-mlir.md 8). */
static const char *mlir_int(int dt, int operand)
{
    static const char *const names[] = {"i8", "i16", "i32", "i64"};
    int bits = dtype_bits((DataType)dt);
    if (dt == DT_INT64 && !operand)
        return "index";
    return names[bits <= 8 ? 0 : bits <= 16 ? 1 : bits <= 32 ? 2 : 3];
}

/* PTO: a constant is written directly in the wanted type (pto-mlir.md 6.3). */
static int pto_constant(LowerFlow *W, const IrExpr *x, int want, int operand)
{
    Span at = span_of(W, x);
    int is_float = x->kind == EXPR_CONST_FLOAT;
    double d = is_float ? IR_AS(IrConstFloat, x)->value
                        : x->kind == EXPR_CONST_BOOL ? (double)(x->op != 0) : (double)IR_AS(IrConstInt, x)->value;
    if (!legal(want))
        return no_type(W, x, want);
    if (want == DT_BOOL)
        return 0;
    if (dtype_is_float((DataType)want)) {
        if (W->p->float_spelled(d, want))
            return 0;
        lower_flow_error(W, at, "the constant %g has no MLIR spelling", d);
        return -1;
    }
    if (!is_float || lower_is_whole(d))
        return 0;
    lower_flow_error(W, at, "the constant %g is not an integer, but an integer of type %s is needed", d,
                     mlir_int(want, operand));
    return -1;
}

/* C++: a constant in an expression is written as it is, in its own type;
 * a tile op's constant operand as a literal of the element type. */
static int cpp_constant(LowerFlow *W, const IrExpr *x, int want, int operand)
{
    Span at = span_of(W, x);
    int is_float = x->kind == EXPR_CONST_FLOAT;
    double d = is_float ? IR_AS(IrConstFloat, x)->value : 0.0;
    int64_t i = x->kind == EXPR_CONST_INT ? IR_AS(IrConstInt, x)->value : x->kind == EXPR_CONST_BOOL ? x->op : 0;
    if (!operand) {
        if (!is_float || W->p->float_spelled(d, x->dtype))
            return 0;
        lower_flow_error(W, at, "the constant %g has no C++ spelling as %s", d, dtype_name((DataType)x->dtype));
        return -1;
    }
    if (dtype_is_float((DataType)want)) {
        if (W->p->float_spelled(is_float ? d : (double)i, want))
            return 0;
        lower_flow_error(W, at, "the constant %g does not fit %s", is_float ? d : (double)i,
                         dtype_name((DataType)want));
        return -1;
    }
    if (is_float) {
        if (!lower_is_whole(d)) {
            lower_flow_error(W, at, "the constant %g is not an integer, but an integer of type %s is needed", d,
                             dtype_name((DataType)want));
            return -1;
        }
        i = (int64_t)d;
    }
    if (want == DT_BOOL ? i == 0 || i == 1 : dtype_int_fits((DataType)want, i))
        return 0;
    lower_flow_error(W, at, "the constant %" PRId64 " does not fit %s", i, dtype_name((DataType)want));
    return -1;
}

static int no_lowering(LowerFlow *W, const IrExpr *e, const char *what, int dt)
{
    lower_flow_error(W, span_of(W, e), "'%s' on %s scalars has no %s lowering", what, dtype_name((DataType)dt),
                     W->p->output);
    return -1;
}

static int binary(LowerFlow *W, const IrBinary *b)
{
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    int dt = b->e.dtype, rc;
    if (op == BIN_POW && !is_cpp(W)) {
        lower_flow_error(W, span_of(W, &b->e), "'**' has no PTO lowering");
        return -1;
    }
    if (ir_binary_is_comparison(op)) {
        /* Both operands are converted to their promoted type. */
        int dl = own_dtype(W, b->lhs), dr = own_dtype(W, b->rhs);
        if (dl < 0 || dr < 0) {
            check(W, b->lhs, dl, 0);
            check(W, b->rhs, dr, 0);
            return -1;
        }
        dt = dtype_promote((DataType)dl, (DataType)dr);
    } else if (op == BIN_AND || op == BIN_OR || op == BIN_XOR) {
        dt = DT_BOOL;
    }
    if (!legal(dt))
        return no_type(W, &b->e, dt);
    if (dtype_is_float((DataType)dt) &&
        (op == BIN_BIT_AND || op == BIN_BIT_OR || op == BIN_BIT_XOR || op == BIN_SHL || op == BIN_SHR))
        return no_lowering(W, &b->e, ir_binary_symbol(op), dt);
    rc = check(W, b->lhs, dt, 0);
    rc |= check(W, b->rhs, dt, 0);
    return rc ? -1 : 0;
}

static int unary(LowerFlow *W, const IrUnary *u)
{
    int dt = u->e.dtype, from;
    if (!legal(dt))
        return no_type(W, &u->e, dt);
    switch ((IrUnaryOp)u->e.op) {
    case UN_CAST:
        from = own_dtype(W, u->operand);
        return check(W, u->operand, from < 0 ? dt : from, 0);
    case UN_BIT_NOT:
        if (dtype_is_float((DataType)dt))
            return no_lowering(W, &u->e, ir_unary_name(UN_BIT_NOT), dt);
        return check(W, u->operand, dt, 0);
    case UN_NEG:
    case UN_ABS:
    case UN_NOT:
        return check(W, u->operand, dt, 0);
    default:
        return no_lowering(W, &u->e, ir_unary_name((IrUnaryOp)u->e.op), dt);
    }
}

static int check(LowerFlow *W, const IrExpr *x, int want, int operand)
{
    const IrType *t;
    int rc;
    if (want < 0)
        want = own_dtype(W, x);
    switch ((IrExprKind)x->kind) {
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
        if (is_cpp(W))
            return cpp_constant(W, x, want, operand);
        return pto_constant(W, x, want < 0 ? DT_INT64 : want, operand);
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        rc = leaf(W, x);
        break;
    case EXPR_BINARY:
        rc = binary(W, IR_AS(IrBinary, x));
        break;
    case EXPR_UNARY:
        rc = unary(W, IR_AS(IrUnary, x));
        break;
    default:
        t = ir_expr_type(W->k->ir, x);
        if (t && t->kind != TYPE_SCALAR)
            return not_scalar(W, x, t);
        lower_flow_error(W, span_of(W, x), is_cpp(W)
                                               ? "this expression cannot be emitted as a C++ scalar"
                                               : "this expression cannot be emitted as a scalar (run flatten_call_expr first)");
        return -1;
    }
    if (rc)
        return -1;
    /* The conversion to the wanted type. */
    return want < 0 || legal(want) ? 0 : no_type(W, x, want);
}

int lower_scalar_expr(LowerFlow *W, const IrExpr *x, int want, int operand)
{
    if (want >= 0 && !legal(want))
        return no_type(W, x, want);
    return check(W, x, want, operand);
}

/* -------------------------------------------------------------- events */

int lower_scalar_def(LowerFlow *W, const IrAssign *a)
{
    if (lower_scalar_var(W, a->var, a->value) != 0)
        return -1;
    if (lower_scalar_expr(W, a->value, a->var->type->dtype, 0) == 0)
        return 0;
    lower_scalar_poison(W, a->var);
    return -1;
}

int lower_scalar_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    char buf[64];
    if (dest->type->kind == TYPE_SCALAR && legal(dest->type->dtype))
        return 0;
    lower_flow_error(W, c->e.span, "'%s' needs an integer scalar result", op_printed_name(op, buf, sizeof buf));
    lower_scalar_poison(W, dest);
    return -1;
}

int lower_scalar_op(LowerFlow *W, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b)
{
    int rc = 0;
    for (uint32_t k = 0; k < lo->nin; k++) {
        const IrExpr *x = lower_op_input(c, lo, k);
        if (!b->in[k] && own_dtype(W, x) >= 0)
            rc |= lower_scalar_expr(W, x, lo->in_dtype[k], 1);
    }
    return rc ? -1 : 0;
}

static int offset_list(LowerFlow *W, const IrMakeTuple *offsets)
{
    int rc = 0;
    for (uint32_t d = 0; d < offsets->n; d++) {
        const IrExpr *x = offsets->elems[d];
        int64_t v;
        int dt = own_dtype(W, x);
        if (is_cpp(W) && ir_dim_value(x, &v))
            continue;   /* C++ folds a constant offset */
        if (ir_is_var_like(x) && ptrmap_get(&W->scalars, x) == &poison_mark) {
            rc = -1;
        } else if (dt < 0 || !dtype_is_int((DataType)dt)) {
            lower_flow_error(W, span_of(W, x), "an offset must be an integer scalar");
            rc = -1;
        } else {
            rc |= lower_scalar_expr(W, x, is_cpp(W) ? -1 : DT_INT64, 0);
        }
    }
    return rc ? -1 : 0;
}

/* The transfer's offsets; a load into a sub-view's destination offsets
 * and valid extents too (the sub-view's position and shape). */
int lower_scalar_offsets(LowerFlow *W, const LowerTransfer *t)
{
    int rc = offset_list(W, t->offsets);
    if (t->how == FORM_GATHER_ROW && t->row.valid)
        rc |= offset_list(W, t->row.dst_off) | offset_list(W, t->row.valid);
    return rc ? -1 : 0;
}

int lower_scalar_for_head(LowerFlow *W, const IrFor *f)
{
    int64_t step;
    int rc = 0;
    if (is_cpp(W) && ir_dim_value(f->step, &step) && step <= 0) {
        lower_flow_error(W, span_of(W, f->step),
                         "the loop step is %" PRId64 "; C++ loops count up, so the step must be positive", step);
        rc = -1;
    }
    rc |= lower_scalar_expr(W, f->start, DT_INT64, 0);
    rc |= lower_scalar_expr(W, f->stop, DT_INT64, 0);
    rc |= lower_scalar_expr(W, f->step, DT_INT64, 0);
    return rc ? -1 : 0;
}
