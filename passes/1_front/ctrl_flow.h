/* ctrl_flow.h: what CtrlFlowTransform (ctrl_flow_transform.c) takes from
 * its helper file ctrl_flow_carry.c. */
#ifndef PYPTOCC_CTRL_FLOW_H
#define PYPTOCC_CTRL_FLOW_H

#include "ir/ir.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef VEC(const IrStmt *) CfStmtList;

/* loop (a for or while of func with iter_args, whose body is now `body`)
 * as a loop without iter_args that carries their values in variables:
 * their initial assignments are appended to *before, the loop's return
 * variables' assignments from them to *after.  NULL when the body does
 * not end with its pl.yield_ (then nothing is appended).  *made holds the
 * names of the variables made so far for func (interned name -> non-NULL),
 * which the new ones join; temporaries are numbered from *ntemps. */
const IrStmt *cf_carry_in_variables(IrCtx *ir, const IrFunc *func, const IrStmt *loop, const IrStmt *body,
                                    PtrMap *made, unsigned *ntemps, CfStmtList *before, CfStmtList *after);

#endif
