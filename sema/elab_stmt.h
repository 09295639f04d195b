/* elab_stmt.h: statements and control flow (elab_stmt.c). */
#ifndef PYPTOCC_ELAB_STMT_H
#define PYPTOCC_ELAB_STMT_H

#include "sema/elab.h"

/* The statements of a body, emitted into fc's innermost block
 * (skip_docstring: a leading string is the function's docstring). */
void elab_block(FnCtx *fc, const AstList *stmts, int skip_docstring);
/* An if statement; returns: its branches end in returns that give its
 * results (elab_return.c), as if each yielded them. */
void elab_if_stmt(FnCtx *fc, const AstNode *s, int returns);

#endif
