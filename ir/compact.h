/* compact.h: moving the live IR of a program to a fresh arena.
 *
 * Passes build new nodes and leave the replaced ones in the IR arena,
 * which only grows: on a large input most of it is garbage by the end of
 * the pipeline.  ir_compact copies what the program still reaches (its
 * functions, statements, expressions, variables, types, views and kwarg
 * lists, sharing kept, variable ids kept) into a new arena, re-interns the
 * hash-consed parts there, and frees the old arena in one call.  Nothing
 * outside the program may hold IR pointers across the call. */
#ifndef PYPTOCC_IR_COMPACT_H
#define PYPTOCC_IR_COMPACT_H

#include "ir/ir.h"

/* The program, copied into ctx's new arena (ctx is updated in place). */
const IrProgram *ir_compact(IrCtx *ctx, const IrProgram *prog);

/* Declared in ir/type.c for the compactor: the canonical dimension, and
 * the interned view or type with these fields (whose expressions and
 * element types are ctx's already). */
const IrExpr *ir_dim_canon(IrCtx *ctx, const IrExpr *d);
const IrTileView *ir_tile_view_intern(IrCtx *ctx, const IrTileView *v);
const IrType *ir_type_intern(IrCtx *ctx, const IrType *t);

#endif
