/* elab_op.h: binding a call's written arguments to an operator's
 * signature (elab_op.c).  The expression layer resolves which operator a
 * call names and elaborates the positional arguments; this layer matches
 * what was written to the op's parameters (keywords first, then
 * positionals in order), turns keyword arguments into constant values
 * with their defaults, and asks the registry for the result type. */
#ifndef PYPTOCC_ELAB_OP_H
#define PYPTOCC_ELAB_OP_H

#include "ir/op_registry.h"
#include "sema/elab.h"

enum { OP_MAX_PARAMS = 64, OP_MAX_KWARGS = 32 };

/* A call's arguments, bound to an operator's parameters. */
typedef struct OpBinding {
    const OpDef *op;
    char name[96];                          /* the op as printed, for messages */
    const AstNode *arg[OP_MAX_PARAMS];      /* per parameter: what was written for it */
    const AstNode *attrs;                   /* attrs={...}: the call's attributes, or NULL */
} OpBinding;

/* Binds call's arguments to op's parameters; 0 after reporting an
 * unknown keyword, too many arguments or a missing one.  Every
 * positional parameter (kw < 0) then has its argument. */
int elab_op_bind(FnCtx *fc, const OpDef *op, const AstNode *call, OpBinding *b);
/* The keyword arguments in schema order, defaults filled in, into
 * kw[*nk], then the call's attributes (attrs={...}, which every op call
 * may carry, as pypto's Call does: no op reads them) as one kwarg "attrs",
 * a list of keyed entries; 0 after an error (reported).  kw has room for
 * OP_MAX_KWARGS + 1. */
/* The value of optional parameter prm (OpParam.from) the call left out,
 * args[0..argi) its arguments before it; NULL after an error. */
const IrExpr *elab_param_default(FnCtx *fc, const OpDef *op, const OpParam *prm, const AstNode *call,
                                 const IrExpr *const *args, uint32_t argi);
int elab_op_kwargs(FnCtx *fc, const OpBinding *b, const AstNode *call, IrKwarg *kw, uint32_t *nk);
/* The call of b's op on args (its positional parameters, elaborated; the
 * op may normalize them in place) and kw: the registry deduces its type,
 * and an error points at the argument it is about.  NULL after an error. */
const IrExpr *elab_op_call(FnCtx *fc, const OpBinding *b, const AstNode *call, const IrExpr **args, const IrKwarg *kw,
                           uint32_t nk);
/* Where an op's error about argument node n points: at element elem
 * when n is a list or tuple written out, else at n. */
Span elab_arg_part_span(const AstNode *n, int elem);

/* call with its keyword arguments that name one of the np parameters
 * moved to their places (in *copy, whose arrays *own holds: free it);
 * call itself when none does; NULL after an error (def: where the
 * function is defined, for the note). */
const AstNode *elab_call_by_position(FnCtx *fc, const char *name, uint32_t np, const char *const *names, Span def,
                                     const AstNode *call, AstNode *copy, AstNode ***own);

#endif
