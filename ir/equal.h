/* equal.h: structural equality and hashing of IR.
 *
 * Two IR trees are structurally equal when they have the same node kinds,
 * names, types (MemRefs and views included), constants (value and dtype),
 * kwargs (keys, values, order), function directions and types, with
 * definitions mapping to definitions: a Var defined on the left (by an
 * assignment, a loop, an iter_arg, a return variable or a parameter) must be
 * used wherever its counterpart on the right is used.  Variables used
 * without a definition in the compared region (dynamic dimensions) are
 * mapped on first sight.  Spans are ignored.
 *
 * The hash is consistent with equality (equal trees hash equal) and does
 * not depend on addresses. */
#ifndef PYPTOCC_EQUAL_H
#define PYPTOCC_EQUAL_H

#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

/* 1 if equal; otherwise 0 and a short description of the first
 * difference in why (may be NULL). */
int ir_equal_program(IrCtx *ctx, const IrProgram *a, const IrProgram *b, char *why, size_t cap);
int ir_equal_func(IrCtx *ctx, const IrFunc *a, const IrFunc *b, char *why, size_t cap);
int ir_equal_expr(IrCtx *ctx, const IrExpr *a, const IrExpr *b, char *why, size_t cap);

uint64_t ir_hash_program(IrCtx *ctx, const IrProgram *p);
uint64_t ir_hash_func(IrCtx *ctx, const IrFunc *f);
uint64_t ir_hash_expr(IrCtx *ctx, const IrExpr *e);

#endif
