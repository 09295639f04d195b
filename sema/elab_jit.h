/* elab_jit.h: the @pl.jit family (elab_jit.c): definitions kept until an
 * entry's body calls them, one program per entry. */
#ifndef PYPTOCC_ELAB_JIT_H
#define PYPTOCC_ELAB_JIT_H

#include "sema/elab.h"

typedef VEC(const IrProgram *) ProgramVec;

/* A definition the evaluator ran, in E->env: when a @pl.jit decorator
 * makes it one of the family, the value its name is bound to (a kernel,
 * or an unknown value after reported errors); NULL otherwise. */
const ConstVal *elab_jit_define(Elab *E, AstNode *def);
/* A call of fn in a @pl.jit function's body: fn elaborated for the
 * argument types (once per distinct list), the call of it. */
const IrExpr *elab_jit_call(FnCtx *fc, JitFn *fn, const AstNode *call);
/* At the end of the module: the program of each entry (of --entry's
 * alone, when given) appended to out; returns the number of entries the
 * file defines. */
int elab_jit_programs(Elab *E, ProgramVec *out);
void elab_jit_free(Elab *E);

#endif
