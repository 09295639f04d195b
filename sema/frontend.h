/* frontend.h: source text -> typed IR.
 *
 * Runs the file as Python at compile time (sema/eval/eval.h: the modules
 * it imports, its configuration code, its builder functions) and
 * elaborates the pypto definitions that running it meets: resolves names
 * (module values, functions, program methods, local variables), expands
 * @pl.inline calls, dispatches operator calls through the registry
 * (inferring every expression's type) and checks written annotations
 * against the inferred types.  The result is a Program (a @pl.program
 * class, or a file with a '# pypto.program:' header) or a single
 * Function. */
#ifndef PYPTOCC_FRONTEND_H
#define PYPTOCC_FRONTEND_H

#include "ir/ir.h"
#include "sema/eval/eval.h"
#include "support/diag.h"
#include "support/source.h"

typedef struct FrontendResult {
    const IrProgram *program;   /* set for programs: the first one */
    const IrFunc *func;         /* set for a single top-level function */
    /* Every program, in definition order (program is the first): a file
     * may define several @pl.program classes and @pl.jit entries, each
     * its own program. */
    uint32_t nprograms;
    const IrProgram *const *programs;
    /* The modules read besides the input (for -MD), in the order they
     * were read, and the texts of every file read: spans into them stay
     * valid until frontend_result_free, so free it after the last
     * diagnostic. */
    char **deps;
    uint32_t ndeps;
    SourceStore sources;
} FrontendResult;

/* -D NAME=VALUE (and the dotted forms of eval.h): a Python expression. */
typedef EvDefine FrontendDefine;

/* --shape NAME=SPEC: the type of parameter NAME (or ENTRY.NAME) of a
 * @pl.jit entry whose annotation leaves it to the call site (a bare
 * pl.Tensor): SPEC is `DIM x DIM ... :DTYPE`, e.g. 128x64:FP32, or a data
 * type alone for a scalar. */
typedef struct FrontendShape {
    const char *name;
    const char *spec;
} FrontendShape;

typedef struct FrontendOptions {
    const FrontendDefine *defines;
    uint32_t ndefines;
    /* Where imported modules are looked for after the importing file's
     * folder: -I folders, then PYPTOCC_PATH's, in order. */
    const char *const *include_dirs;
    uint32_t ninclude;
    /* Where modules are read: NULL is the disk (the fuzz targets give a
     * set in memory). */
    const FileSet *files;
    /* The compile-time evaluator's step limit (0: its default; the fuzz
     * targets take less, to find runaway loops sooner). */
    uint64_t step_limit;
    const FrontendShape *shapes;
    uint32_t nshapes;
    const char *entry;          /* --entry: compile only this @pl.jit entry (NULL: every one) */
} FrontendOptions;

/* Returns the number of errors reported (0 means the result is usable).
 * *out must be freed with frontend_result_free either way. */
unsigned frontend_run(SourceFile *src, DiagEngine *diag, IrCtx *ir, FrontendResult *out);
unsigned frontend_run_opts(SourceFile *src, DiagEngine *diag, IrCtx *ir, const FrontendOptions *opts,
                           FrontendResult *out);
void frontend_result_free(FrontendResult *r);

#endif
