/* frontend.h: source text -> typed IR.
 *
 * Parses the file and elaborates it: resolves names (module constants,
 * functions, program methods, local variables), expands @pl.inline calls,
 * dispatches operator calls through the registry (inferring every
 * expression's type) and checks written annotations against the inferred
 * types.  The result is a Program (a @pl.program class, or a file with a
 * '# pypto.program:' header) or a single Function. */
#ifndef PYPTOCC_FRONTEND_H
#define PYPTOCC_FRONTEND_H

#include "ir/ir.h"
#include "support/diag.h"
#include "support/source.h"

typedef struct FrontendResult {
    const IrProgram *program;   /* set for programs */
    const IrFunc *func;         /* set for a single top-level function */
} FrontendResult;

/* Returns the number of errors reported (0 means the result is usable). */
unsigned frontend_run(SourceFile *src, DiagEngine *diag, IrCtx *ir, FrontendResult *out);

#endif
