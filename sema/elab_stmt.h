/* elab_stmt.h: statements and control flow (elab_stmt.c). */
#ifndef PYPTOCC_ELAB_STMT_H
#define PYPTOCC_ELAB_STMT_H

#include "sema/elab.h"

/* The statements of a body, emitted into fc's innermost block
 * (skip_docstring: a leading string is the function's docstring). */
void elab_block(FnCtx *fc, const AstList *stmts, int skip_docstring);

#endif
