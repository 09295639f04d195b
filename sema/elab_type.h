/* elab_type.h: type annotations (elab_type.c): of parameters, returns
 * and assignments, and types written in printed memory plans. */
#ifndef PYPTOCC_ELAB_TYPE_H
#define PYPTOCC_ELAB_TYPE_H

#include "sema/elab.h"

typedef struct ParamType {
    const IrType *type;
    ParamDir dir;
} ParamType;

/* A type annotation; NULL after reporting an error.  fc may be NULL
 * (module level); names in shapes then resolve to constants or dynamic
 * dimensions only. */
const IrType *elab_type(Elab *E, FnCtx *fc, const AstNode *ann);
/* A parameter's annotation, with pl.InOut[...] / pl.Out[...]; 0 after an error. */
int elab_param_type(Elab *E, FnCtx *fc, const AstNode *ann, ParamType *out);
/* Does a return annotation leave a type to the value: a bare pl.Tensor or
 * pl.Tile, alone or in a tuple[...] (a @pl.jit function's returns are
 * what its body returns, as pypto traces them)? */
int elab_return_incomplete(Elab *E, FnCtx *fc, const AstNode *ann);
/* Return annotation: types into *out (arena), count returned; -1 error. */
int elab_return_types(Elab *E, FnCtx *fc, const AstNode *ann, const IrType ***out);
/* `p.bind_dynamic(axis, dim)` on a parameter p: is call one; apply it to
 * p's type (errors reported). */
int elab_is_bind_dynamic(const AstNode *call);   /* elab_bind_dynamic.c */
void elab_bind_dynamic(FnCtx *fc, const AstNode *call);
/* A shape dimension as a type annotation writes it (an integer, a name, a
 * dynamic dimension, an expression of those). */
const IrExpr *elab_dim(Elab *E, FnCtx *fc, const AstNode *n);

#endif
