/* int_arith.c: integer arithmetic of compile-time constants (see
 * int_arith.h).  Every result is exact or a named failure: nothing wraps,
 * and no loop runs longer than the width of the value. */
#include "config.h"
#include "ir/int_arith.h"

/* The status of a __builtin_*_overflow call that wrote *r. */
static IntStatus overflowed(int ov) { return ov ? INT_OVERFLOW : INT_OK; }

/* x ** n for n >= 0 by squaring: at most 63 steps before the value
 * leaves 64 bits (|x| >= 2), and no step for 0, 1 and -1. */
static IntStatus power(int64_t x, int64_t n, int64_t *r)
{
    int64_t acc = 1;
    if (n < 0)
        return INT_NEG_POW;
    if (x == 0 || x == 1) {
        *r = n == 0 ? 1 : x;
        return INT_OK;
    }
    if (x == -1) {
        *r = n % 2 ? -1 : 1;
        return INT_OK;
    }
    while (n > 0) {
        if ((n & 1) && __builtin_mul_overflow(acc, x, &acc))
            return INT_OVERFLOW;
        n >>= 1;
        if (n && __builtin_mul_overflow(x, x, &x))
            return INT_OVERFLOW;
    }
    *r = acc;
    return INT_OK;
}

IntStatus int_binary(IrBinaryOp op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case BIN_ADD:
        return overflowed(__builtin_add_overflow(a, b, r));
    case BIN_SUB:
        return overflowed(__builtin_sub_overflow(a, b, r));
    case BIN_MUL:
        return overflowed(__builtin_mul_overflow(a, b, r));
    case BIN_FLOOR_DIV:
    case BIN_FLOOR_MOD: {
        /* Python's // and %: the quotient rounds toward negative
         * infinity, the remainder takes the divisor's sign. */
        int64_t q, m;
        if (b == 0)
            return INT_DIV_ZERO;
        if (a == INT64_MIN && b == -1) {
            if (op == BIN_FLOOR_DIV)
                return INT_OVERFLOW;
            *r = 0;
            return INT_OK;
        }
        q = a / b;
        m = a % b;
        if (m != 0 && ((m < 0) != (b < 0))) {
            q -= 1;
            m += b;
        }
        *r = op == BIN_FLOOR_DIV ? q : m;
        return INT_OK;
    }
    case BIN_MIN:
        *r = a < b ? a : b;
        return INT_OK;
    case BIN_MAX:
        *r = a > b ? a : b;
        return INT_OK;
    case BIN_POW:
        return power(a, b, r);
    case BIN_BIT_AND:
        *r = a & b;
        return INT_OK;
    case BIN_BIT_OR:
        *r = a | b;
        return INT_OK;
    case BIN_BIT_XOR:
        *r = a ^ b;
        return INT_OK;
    case BIN_SHL:
        if (b < 0)
            return INT_NEG_SHIFT;
        if (a == 0) {
            *r = 0;
            return INT_OK;
        }
        /* a * 2**b, exact: only -1 << 63 survives a count of 63. */
        if (b >= 63) {
            if (b > 63 || a != -1)
                return INT_OVERFLOW;
            *r = INT64_MIN;
            return INT_OK;
        }
        return overflowed(__builtin_mul_overflow(a, (int64_t)1 << b, r));
    case BIN_SHR:
        if (b < 0)
            return INT_NEG_SHIFT;
        /* Arithmetic: floor(a / 2**b). */
        *r = b >= 63 ? (a < 0 ? -1 : 0) : (a < 0 ? ~(~a >> b) : a >> b);
        return INT_OK;
    default:
        return INT_UNSUPPORTED;
    }
}

IntStatus int_unary(IrUnaryOp op, int64_t a, int64_t *r)
{
    switch (op) {
    case UN_NEG:
    case UN_ABS:
        if (a == INT64_MIN)
            return INT_OVERFLOW;
        *r = op == UN_NEG || a < 0 ? -a : a;
        return INT_OK;
    case UN_BIT_NOT:
        *r = ~a;   /* -a - 1, as Python's ~ on integers */
        return INT_OK;
    default:
        return INT_UNSUPPORTED;
    }
}

const char *int_status_text(IntStatus s)
{
    switch (s) {
    case INT_OK: return "is a constant";
    case INT_NOT_CONST: return "is not a constant";
    case INT_OVERFLOW: return "overflows a 64-bit integer";
    case INT_DIV_ZERO: return "divides by zero";
    case INT_NEG_SHIFT: return "shifts by a negative count";
    case INT_NEG_POW: return "raises to a negative power, which gives a float";
    case INT_UNSUPPORTED: return "uses an operator with no integer result";
    }
    return "is not a constant";
}

static IntStatus eval(const IrExpr *e, int64_t *out, int depth)
{
    int64_t a, b;
    IntStatus s;
    if (depth > 256)
        return INT_NOT_CONST;
    switch ((IrExprKind)e->kind) {
    case EXPR_CONST_INT:
        if (!dtype_is_int((DataType)e->dtype))
            return INT_NOT_CONST;
        *out = IR_AS(IrConstInt, e)->value;
        return INT_OK;
    case EXPR_UNARY: {
        const IrExpr *x = IR_AS(IrUnary, e)->operand;
        if (!dtype_is_int((DataType)e->dtype) || !dtype_is_int((DataType)x->dtype))
            return INT_NOT_CONST;
        if ((s = eval(x, &a, depth + 1)) != INT_OK)
            return s;
        if (e->op == UN_CAST) {
            if (!dtype_int_fits((DataType)e->dtype, a))
                return INT_NOT_CONST;   /* the target's conversion decides */
            *out = a;
            return INT_OK;
        }
        return int_unary((IrUnaryOp)e->op, a, out);
    }
    case EXPR_BINARY: {
        const IrBinary *x = IR_AS(IrBinary, e);
        if (!dtype_is_int((DataType)e->dtype))
            return INT_NOT_CONST;
        if ((s = eval(x->lhs, &a, depth + 1)) != INT_OK || (s = eval(x->rhs, &b, depth + 1)) != INT_OK)
            return s;
        return int_binary((IrBinaryOp)e->op, a, b, out);
    }
    default:
        return INT_NOT_CONST;
    }
}

IntStatus ir_int_eval(const IrExpr *e, int64_t *out) { return e ? eval(e, out, 0) : INT_NOT_CONST; }
