/* lower_scalar.h: the scalar expressions of a kernel, checked once for
 * the the pto-isa lowering (PTO MLIR, C++).
 *
 * Whether a printer can write a scalar expression as a value of the type
 * an event wants (a scalar definition, a loop bound, a condition, an op's
 * scalar operand, a transfer offset...) is decided by the statement walk
 * (lower_flow.c), before the event, with the output's rules and words:
 * the variables used have a value there, scalars have a data type the
 * output has a scalar type for, the operators and constants have a
 * spelling in it.  A mistake is reported once, where it is; a variable
 * whose definition failed is poisoned, so that its uses say nothing more,
 * and an event whose expression failed is not handed over (or, for one
 * that must be, a loop or an if, handed over with head_failed set).  The
 * printers write what passed; their scalar writers have no user error
 * left, except the C++ printer's resource limit on an expression's text
 * (cpp_emit.c). */
#ifndef PYPTOCC_LOWER_SCALAR_H
#define PYPTOCC_LOWER_SCALAR_H

#include <stdint.h>

#include "codegen/lower.h"
#include "codegen/lower_tile.h"
#include "ir/ir.h"

struct LowerFlow;

/* The kernel's parameters: the scalars of a data type with a scalar type
 * and the tensors' symbolic dimensions have values; the others were
 * reported (lower_kernel_params) and are poisoned. */
void lower_scalar_params(struct LowerFlow *W);

/* Scalar variable v has a value from here; its definition failed. */
void lower_scalar_define(struct LowerFlow *W, const IrVar *v);
void lower_scalar_poison(struct LowerFlow *W, const IrVar *v);
int lower_scalar_defined(struct LowerFlow *W, const IrVar *v);

/* Whether float constant d is a whole number an int64_t holds: the rule
 * of a float constant wanted as an integer, which lower_scalar_expr
 * reports and the printers rely on. */
int lower_is_whole(double d);

/* Whether scalar expression x can be written as a value of data type
 * want (-1: its own); operand: x is a tile op's scalar operand, converted
 * to the element type want (its constants follow the operand rules).
 * 0, or -1 after reporting (or silently, when x uses a poisoned
 * variable). */
int lower_scalar_expr(struct LowerFlow *W, const IrExpr *x, int want, int operand);

/* Variable v, defined as a scalar (from value, or NULL), has a data type
 * with a scalar type in the output; else it is poisoned, and reported
 * unless value uses a poisoned variable (the type came from there). */
int lower_scalar_var(struct LowerFlow *W, const IrVar *v, const IrExpr *value);

/* The events' expressions.  A scalar definition (the variable and its
 * value); the block index's result; an op's scalar operands (those of
 * lo's inputs that b has no tile for); a transfer's offsets (integer
 * scalars); a for loop's bounds and step.  0, or -1 after reporting. */
int lower_scalar_def(struct LowerFlow *W, const IrAssign *a);
int lower_scalar_block_idx(struct LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op);
int lower_scalar_op(struct LowerFlow *W, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b);
int lower_scalar_offsets(struct LowerFlow *W, const LowerTransfer *t);
int lower_scalar_for_head(struct LowerFlow *W, const IrFor *f);

#endif
