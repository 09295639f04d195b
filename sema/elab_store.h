/* elab_store.h: the spellings of a store the op's binding does not read
 * (elab_store.c). */
#ifndef PYPTOCC_SEMA_ELAB_STORE_H
#define PYPTOCC_SEMA_ELAB_STORE_H

#include "sema/elab.h"

/* Does the call give keyword name? */
int elab_has_keyword(const AstNode *call, const char *name);
/* The call of store op `op` in a spelling its binding does not read, with
 * *handled 1; *handled 0 when the op's own binding reads the call. */
const IrExpr *elab_store_call(FnCtx *fc, const OpDef *op, const AstNode *call, int *handled);

#endif
