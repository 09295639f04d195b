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

/* -D NAME=VALUE: module constant NAME is VALUE, a constant expression
 * written as in Python; the file's assignments to NAME do not change it. */
typedef struct FrontendDefine {
    const char *name;
    const char *value;
} FrontendDefine;

typedef struct FrontendOptions {
    const FrontendDefine *defines;
    uint32_t ndefines;
} FrontendOptions;

/* Returns the number of errors reported (0 means the result is usable). */
unsigned frontend_run(SourceFile *src, DiagEngine *diag, IrCtx *ir, FrontendResult *out);
unsigned frontend_run_opts(SourceFile *src, DiagEngine *diag, IrCtx *ir, const FrontendOptions *opts,
                           FrontendResult *out);

#endif
