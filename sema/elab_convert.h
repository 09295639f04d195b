/* elab_convert.h: mismatches the reference accepted, converted with their
 * own warnings (elab_convert.c): a returned value of a wider dtype, an
 * integer passed as BOOL, a tensor argument of another static shape. */
#ifndef PYPTOCC_ELAB_CONVERT_H
#define PYPTOCC_ELAB_CONVERT_H

#include "sema/elab.h"

/* v converted to the declared return type want, or NULL when the mismatch
 * is not one of them. */
const IrExpr *elab_convert_return(FnCtx *fc, const IrExpr *v, const IrType *want, Span at);
/* An argument that does not match its parameter: 1 when accepted (*arg
 * converted where needed, warning given), -1 when not. */
int elab_convert_arg(FnCtx *fc, const IrExpr **arg, const IrVar *param, const char *callee, uint32_t index, Span at);

#endif
