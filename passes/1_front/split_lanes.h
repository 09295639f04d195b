/* split_lanes.h: the body of a pl.split_aiv region of mode UP_DOWN or
 * LEFT_RIGHT as one AIV lane runs it: every tile halved on the split axis
 * (rows, columns), its GM windows moved to the lane's half (LowerPlacement
 * runs the region as a loop over the lanes). */
#ifndef PYPTOCC_SPLIT_LANES_H
#define PYPTOCC_SPLIT_LANES_H
#include "passes/pass.h"
#include "support/ptrmap.h"

/* body (the region's, lowered) for lane `lane` (an INDEX value) of a region
 * of mode `mode` (SPLIT_UP_DOWN, SPLIT_LEFT_RIGHT); the variables it halved
 * are added to `halved` (a read of one outside the region is an error the
 * caller reports with split_lanes_check_outside).  NULL after a located
 * error. */
const IrStmt *split_lanes_halve(PassCtx *pc, const IrStmt *body, const IrExpr *lane, int mode, PtrMap *halved);

/* Reports each read in s of a variable of `halved` (a lane's half used
 * outside its region); 1 when there was none. */
int split_lanes_check_outside(PassCtx *pc, const IrStmt *s, const PtrMap *halved);

#endif
