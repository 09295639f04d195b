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

/* Does body (a region of mode `mode`) cross to or from the cube only by
 * pl.aiv_shard of tensors of even extent on the split axis?  Such a
 * tensor is in global memory on the vector side (ConvertTensorToBlockOps
 * computes a product in a cube kernel of its own), so each lane's shard
 * is the view of its half: the region needs no pipe and runs as a loop
 * over the lanes. */
int split_lanes_shards_only(const IrStmt *body, int mode);
/* body with each such pl.aiv_shard(t) as the view of lane `lane`'s half
 * of t (rows for SPLIT_UP_DOWN, columns for SPLIT_LEFT_RIGHT). */
const IrStmt *split_lanes_shard_views(PassCtx *pc, const IrStmt *body, const IrExpr *lane, int mode);

#endif
