/* elab_pld.h: the distributed layer's calls (elab_pld.c): pld ops, and
 * host orchestration's per-rank dispatch f(..., device=r). */
#ifndef PYPTOCC_ELAB_PLD_H
#define PYPTOCC_ELAB_PLD_H

#include "sema/elab.h"

/* A call pld.<ns>.<name>(...) (ns NULL: pld.<name>), p the prefix as
 * written; NULL after an error. */
const IrExpr *elab_pld_call(FnCtx *fc, const char *p, const char *ns, const char *name, const AstNode *call);
/* The device= of a call of a program function callee (what: "program
 * functions", for messages about other keywords): *device its value
 * (NULL when there is none); 0 after an error (another keyword, device=
 * outside host orchestration, not an integer). */
int elab_dispatch_device(FnCtx *fc, const AstNode *call, const char *callee, const char *what, const IrExpr **device);
/* call (a call of a program function) dispatched to rank device: its
 * last argument, named by the kwarg device=; call itself when device is
 * NULL. */
const IrExpr *elab_with_device(FnCtx *fc, const IrExpr *call, const IrExpr *device);

#endif
