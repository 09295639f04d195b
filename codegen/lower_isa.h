/* lower_isa.h: the pto-isa layer of the kernel statement walk.
 *
 * For the pto-isa lowering (PTO MLIR, C++: those with isa_op)
 * the walk decides more than for the tile IR: each op and transfer
 * classified and checked (lower_op.c), each Tile variable's buffer
 * (lower_tile.c), each tensor's parameter (lower_tensor.c), each scalar
 * expression checked (lower_scalar.c).  lower_flow.c calls this layer at
 * fixed points of its walk and knows nothing of those decisions; for any
 * other client every function here does nothing and says so.
 *
 * Conventions: a function that returns int returns 1 when the layer took
 * the event (the walk does not hand it to the client as it would for
 * another client), 0 when the walk goes on as for any client. */
#ifndef PYPTOCC_LOWER_ISA_H
#define PYPTOCC_LOWER_ISA_H

#include "codegen/lower_flow.h"

/* Before the body: the parameters' views and scalar types. */
void lower_isa_kernel(LowerFlow *W);

/* Calls: a transfer, an op with a Tile result, the block index. */
int lower_isa_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how);
int lower_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw);
int lower_isa_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op);
/* A communication op (pld.system.rank, nranks, notify, wait): checked,
 * then the client's comm event; 0 when the layer does not take it. */
int lower_isa_comm(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op);
/* An on-core array's op (array.create, get_element, update_element),
 * checked and handed to the printer's comm event; 0 when this lowering
 * has none. */
int lower_isa_array(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op);

/* Assignments: a scalar definition, a copy of kind k, a tuple's scalar
 * element x (1: it failed), the tuple built, an element unpacked, and
 * after an error the variable v of kind k poisoned (1: its value is the
 * layer's alone, the client has none to poison). */
int lower_isa_scalar_def(LowerFlow *W, const IrAssign *a);
int lower_isa_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k);
int lower_isa_tuple_scalar(LowerFlow *W, const IrExpr *x);
void lower_isa_tuple_make(LowerFlow *W, LowerTuple *t);
int lower_isa_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index);
int lower_isa_poison(LowerFlow *W, const IrVar *v, LowerValueKind k);

/* Control flow: a loop's head, each carried position (-1: it failed, and
 * the client does not get it; 1: the layer took it; 0: the client gets
 * it), the loop variable and iter_args before the body; an if's
 * condition and each result (1: it failed); the tiles a body yields,
 * before it; each yielded position; the results after a loop or if. */
void lower_isa_loop_head(LowerFlow *W, LowerRegion *R);
int lower_isa_carry(LowerFlow *W, LowerRegion *R, uint32_t k);
void lower_isa_loop_body(LowerFlow *W, LowerRegion *R);
void lower_isa_if_head(LowerFlow *W, LowerRegion *R, const IrExpr *cond);
int lower_isa_if_result(LowerFlow *W, LowerRegion *R, uint32_t k);
void lower_isa_preset(LowerFlow *W, LowerRegion *R, const IrStmt *body);
int lower_isa_yield(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x);
void lower_isa_results(LowerFlow *W, const LowerRegion *R);

#endif
