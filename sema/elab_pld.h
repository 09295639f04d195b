/* elab_pld.h: the distributed layer's calls (elab_pld.c): pld ops, and
 * host orchestration's per-rank dispatch f(..., device=r). */
#ifndef PYPTOCC_ELAB_PLD_H
#define PYPTOCC_ELAB_PLD_H

#include "sema/elab.h"
#include "sema/elab_value.h"

/* A call pld.<ns>.<name>(...) (ns NULL: pld.<name>), p the prefix as
 * written; NULL after an error. */
const IrExpr *elab_pld_call(FnCtx *fc, const char *p, const char *ns, const char *name, const AstNode *call);
/* The keywords of a call of a program function callee (what: "program
 * functions", for messages about other keywords): *device the value of
 * device= (NULL when there is none), attrs (when not NULL) the entries
 * of attrs={...}; 0 after an error (another keyword, device= outside host
 * orchestration or not an integer, an attribute pyptocc cannot hold). */
int elab_call_keywords(FnCtx *fc, const AstNode *call, const char *callee, const char *what, const IrExpr **device,
                       KwargVec *attrs);
/* call (a call of a program function) with them: dispatched to rank
 * device, its last argument, named by the kwarg device=; the attributes
 * its other kwargs.  call itself when there are none. */
const IrExpr *elab_with_call_keywords(FnCtx *fc, const IrExpr *call, const IrExpr *device, const KwargVec *attrs);

#endif
