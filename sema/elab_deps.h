/* elab_deps.h: task-id lists (elab_deps.c): deps=[...] of a scope, with
 * arrays of task ids and comprehensions over constant ranges, and
 * pl.system.task_dummy(deps=[...]). */
#ifndef PYPTOCC_ELAB_DEPS_H
#define PYPTOCC_ELAB_DEPS_H

#include "sema/elab.h"

/* The entries of the list l (deps=[...]) into out: task ids and arrays of
 * task ids; None entries add nothing.  0 after an error. */
int elab_task_ids(FnCtx *fc, const AstNode *l, ExprVec *out);
/* pl.system.task_dummy(deps=[...]): a task id. */
const IrExpr *elab_task_dummy(FnCtx *fc, const AstNode *call);

#endif
