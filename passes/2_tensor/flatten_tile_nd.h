/* flatten_tile_nd.h: what FlattenTileNdTo2D's files share
 * (flatten_tile_nd.c: the pass; flatten_batches.c: batched multiplies
 * with a batch above 1). */
#ifndef PYPTOCC_FLATTEN_TILE_ND_H
#define PYPTOCC_FLATTEN_TILE_ND_H

#include "passes/pass.h"

/* f's body with each batched multiply of a batch above 1 whose result a
 * store writes whole made a multiply and a store per batch. */
const IrStmt *flatten_batches(PassCtx *pc, const IrFunc *f, const IrStmt *body);

#endif
