/* elab_index.h: subscripts of tensors, tiles and arrays (elab_index.c). */
#ifndef PYPTOCC_ELAB_INDEX_H
#define PYPTOCC_ELAB_INDEX_H

#include "sema/elab.h"

/* x[...] read, where v (x) is a tensor or a tile: a window (a slice of
 * it, reshaped where scalar indices drop dimensions) or one element. */
const IrExpr *elab_shaped_subscript(FnCtx *fc, const AstNode *e, const IrExpr *v);
/* arr[i] read, where v (arr) is an array: pl.array.get_element. */
const IrExpr *elab_array_subscript(FnCtx *fc, const AstNode *e, const IrExpr *v);
/* dst[...] = value (target is the subscript): the new value of dst (an
 * assemble, a store of a tile, an element write); NULL after errors. */
const IrExpr *elab_subscript_store(FnCtx *fc, const AstNode *target, const IrExpr *dst, const IrExpr *value);

#endif
