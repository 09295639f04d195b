/* elab_scope.h: the scopes that place work (elab_scope.c): with pl.at,
 * pl.incore, pl.cluster, pl.spmd, pl.scope, pl.manual_scope, the loop
 * forms of pl.spmd and pl.split_aiv, and pl.submit / pl.spmd_submit. */
#ifndef PYPTOCC_ELAB_SCOPE_H
#define PYPTOCC_ELAB_SCOPE_H

#include "sema/elab.h"

/* A with statement. */
void elab_with(FnCtx *fc, const AstNode *s);
/* A for statement over pl.spmd(...) or pl.split_aiv(...): 1 when it was
 * one (elaborated, errors reported), 0 when it is another loop. */
int elab_scope_loop(FnCtx *fc, const AstNode *s);
/* Is e a call of pl.submit or pl.spmd_submit? */
int elab_is_submit(Elab *E, const AstNode *e);
/* target = pl.submit(self.kernel, ...) (target NULL for a statement):
 * the kernel's task, as the scope forms write it. */
void elab_submit(FnCtx *fc, const AstNode *target, const AstNode *call, Span span);

#endif
