/* elab_func.h: functions (elab_func.c): a definition's signature, then
 * its body as an IrFunc. */
#ifndef PYPTOCC_ELAB_FUNC_H
#define PYPTOCC_ELAB_FUNC_H

#include "sema/elab.h"

/* No decorator keywords yet: an Opaque function. */
void elab_sig_meta_init(FuncSig *sig);
/* One keyword of @pl.function(...) into sig: type, strict_ssa, level, role,
 * attrs, auto_scope.  1 when it is one of them (0 after reporting an
 * error about its value, or when kw is another keyword). */
int elab_decorator_keyword(Elab *E, const AstNode *kw, FuncSig *sig);
/* The signature of def (in_class: a program method, whose first
 * parameter is self); 0 after errors (sig->ok says the same). */
int elab_signature(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig);
/* The same, with given[i], where not NULL, the type of parameter i (whose
 * annotation leaves it to the call: @pl.jit functions); its direction
 * stays the annotation's (pl.Out[pl.Tensor]). */
int elab_signature_given(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig,
                         const IrType *const *given);
/* The same for a @pl.jit function called (at call_at) with arguments of
 * types call[i] (NULL: none): a tensor parameter takes the argument's
 * constant extents where its annotation has other constants (the
 * reference's specializer shapes a called function by its call;
 * -Wargument-shape says so). */
int elab_signature_call(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig,
                        const IrType *const *given, const IrType *const *call, Span call_at);
/* def's body under sig; NULL after errors.  in_program: self.f(...) is
 * allowed; ext: the top-level function being elaborated (its calls of
 * other top-level functions are recorded), or NULL. */
const IrFunc *elab_body(Elab *E, FuncSig *sig, const AstNode *def, int in_program, ExtFunc *ext);

#endif
