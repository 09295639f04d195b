/* elab_expr.h: expressions and calls (elab_expr.c), the layer that
 * elaborates subexpressions: operators, subscripts, tuples and calls,
 * which it resolves to an operator, a program or top-level function, an
 * @pl.inline expansion or a scalar builtin. */
#ifndef PYPTOCC_ELAB_EXPR_H
#define PYPTOCC_ELAB_EXPR_H

#include "sema/elab.h"
#include "sema/elab_value.h"

/* A call of sig's function with these arguments (already elaborated; a
 * NULL one had an error): arity and argument types checked. */
const IrExpr *elab_call_sig(FnCtx *fc, const FuncSig *sig, const AstNode *call, const IrExpr **args);
/* The typed IR of expression e; NULL after reporting an error. */
const IrExpr *elab_expr(FnCtx *fc, const AstNode *e);
/* A call of op as written (its arguments bound and elaborated here). */
const IrExpr *elab_op_call_ast(FnCtx *fc, const OpDef *op, const AstNode *call);
/* A short form that names an op of both levels (pld.remote_store): the
 * tile op when the first argument is a tile, else the tensor op. */
const IrExpr *elab_op_call_by_level(FnCtx *fc, const OpDef *tile_op, const OpDef *tensor_op, const AstNode *call);
/* An expression statement (calls whose value is dropped, inline calls,
 * bare pl.yield_): an Eval statement when it is a call that stays one. */
void elab_expr_stmt(FnCtx *fc, const AstNode *e);

/* elab_submit_outs.c.  A pl.submit's call of sig's function (written
 * self.name) with n of its parameters: 1 when the rest are pl.Out
 * tensors, which the runtime allocates; else reports and gives 0. */
int elab_submit_gap_ok(FnCtx *fc, const FuncSig *sig, const AstNode *call, const char *name, uint32_t n);
/* args[n], ... of that call: a tensor created before the task for each
 * parameter left out.  0 after an error (reported). */
int elab_submit_outs(FnCtx *fc, const FuncSig *sig, const AstNode *call, const IrExpr **args, uint32_t n);
/* The call attribute arg_directions of such a call, given for its first
 * `given` arguments, extended to all nargs (pl.adir.output for each). */
void elab_submit_directions(FnCtx *fc, KwargVec *attrs, uint32_t given, uint32_t nargs);

#endif
