/* elab_expr.h: expressions and calls (elab_expr.c), the layer that
 * elaborates subexpressions: operators, subscripts, tuples and calls,
 * which it resolves to an operator, a program or top-level function, an
 * @pl.inline expansion or a scalar builtin. */
#ifndef PYPTOCC_ELAB_EXPR_H
#define PYPTOCC_ELAB_EXPR_H

#include "sema/elab.h"

/* A call of sig's function with these arguments (already elaborated; a
 * NULL one had an error): arity and argument types checked. */
const IrExpr *elab_call_sig(FnCtx *fc, const FuncSig *sig, const AstNode *call, const IrExpr **args);
/* The typed IR of expression e; NULL after reporting an error. */
const IrExpr *elab_expr(FnCtx *fc, const AstNode *e);
/* A call of op as written (its arguments bound and elaborated here). */
const IrExpr *elab_op_call_ast(FnCtx *fc, const OpDef *op, const AstNode *call);
/* call with its keyword arguments that name one of the np parameters
 * moved to their places (in *copy, whose arrays *own holds: free it);
 * call itself when none does; NULL after an error (def: where the
 * function is defined, for the note). */
const AstNode *elab_call_by_position(FnCtx *fc, const char *name, uint32_t np, const char *const *names, Span def,
                                     const AstNode *call, AstNode *copy, AstNode ***own);
/* An expression statement (calls whose value is dropped, inline calls,
 * bare pl.yield_): an Eval statement when it is a call that stays one. */
void elab_expr_stmt(FnCtx *fc, const AstNode *e);

#endif
