/* int_arith.h: integer arithmetic of compile-time constants, with
 * Python's semantics on 64-bit values (floor division and modulo, `**`,
 * arithmetic shifts) and every way it can fail named.
 *
 * It is the one evaluator behind constant dimensions (ir/type.c), the
 * checks of shape, offset and index arguments (ir/deduce.c), constant
 * folding (passes/3_verify/simplify.c) and compile-time Python (sema/eval/eval_ops.c),
 * so a value means the same thing however it was written: `-64`, `~63`,
 * `64 - 128` and a module constant of -64 are one value. */
#ifndef PYPTOCC_INT_ARITH_H
#define PYPTOCC_INT_ARITH_H

#include <stdint.h>

#include "ir/ir.h"

typedef enum IntStatus {
    INT_OK,
    INT_NOT_CONST,     /* the expression reads a variable or calls something */
    INT_OVERFLOW,      /* the exact value does not fit in 64 bits */
    INT_DIV_ZERO,      /* // or % by zero */
    INT_NEG_SHIFT,     /* a negative shift count */
    INT_NEG_POW,       /* x ** -n is a float in Python, not an integer */
    INT_UNSUPPORTED,   /* an operator with no integer result (/, comparisons) */
} IntStatus;

/* a OP b into *r. */
IntStatus int_binary(IrBinaryOp op, int64_t a, int64_t b, int64_t *r);
/* OP a into *r (Neg, Abs, BitNot; Not and Cast are unsupported here). */
IntStatus int_unary(IrUnaryOp op, int64_t a, int64_t *r);
/* Words for a failure, to follow "... in <what>": "overflows a 64-bit
 * integer", "divides by zero", ... */
const char *int_status_text(IntStatus s);

/* The value of an integer expression made of integer constants and the
 * operators above (casts between integer types included, when the value
 * fits the target type): INT_OK with *out, INT_NOT_CONST when it depends
 * on anything else, or the first arithmetic failure.  Nesting deeper
 * than any real program (256) counts as not constant. */
IntStatus ir_int_eval(const IrExpr *e, int64_t *out);

#endif
