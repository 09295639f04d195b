/* driver.h: what the command line (main.c) hands the compilation
 * (compile.c): the parsed options and the table row of the --emit kind. */
#ifndef PYPTOCC_DRIVER_H
#define PYPTOCC_DRIVER_H

#include "codegen/codegen.h"
#include "driver/depfile.h"
#include "ir/printer.h"
#include "passes/pass.h"
#include "sema/frontend.h"
#include "support/diag.h"
#include "support/strbuf.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_INTERNAL = 70 };

/* A code generator: the whole program, or one function of it (a kernel,
 * the orchestration or kernel_config.py, for --output-dir). */
typedef int (*CodegenFn)(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag);
typedef int (*CodegenFuncFn)(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *f, const CodegenOptions *o,
                             DiagEngine *diag);


/* One row per --emit kind: everything the driver knows about an output.
 * A new output kind is a new row. */
typedef struct EmitKind {
    const char *name;            /* --emit=NAME */
    int passes_by_default;       /* run the pipeline without --passes (py prints the IR as parsed) */
    int pipeline;                /* a Pipeline */
    int pipeline_no_addr;        /* the same with --no-addr */
    int isa;                     /* the TargetIsa it ends in (--async: ISA_TILE_EVENTS for ISA_TILE) */
    const char *no_addr_refused; /* why --no-addr is an error, or NULL when it is accepted */
    CodegenFn codegen;           /* the single output; NULL: the IR printed back */
    const char *suffix;          /* of the output (-MD's default target); also of --output-dir's kernels */
    CodegenFuncFn kernel;        /* --output-dir: one kernel a file; NULL: --output-dir is refused */
    CodegenFuncFn orchestration; /* --output-dir: DIR/orchestration/NAME (or NULL) */
    CodegenFuncFn config;        /* --output-dir: DIR/kernel_config.py (or NULL) */
} EmitKind;
typedef struct Options {
    const char *input;
    const char *output;
    const char *output_dir;       /* --output-dir: one file per kernel */
    const char *prefix;
    IrSyntax syntax;              /* --syntax: the spelling of --emit=py and --dump-after */
    const EmitKind *emit;
    int syntax_only;
    int color;          /* -1 auto */
    DiagFormat diag_format;
    int werror, no_warnings;
    int list_ops;
    unsigned char enable[W_COUNT], disable[W_COUNT], as_error[W_COUNT];
    int passes_given;             /* --passes or --no-passes */
    const char *passes_arg;       /* the --passes list, expanded once --emit is known */
    const PassDef *passes[64];
    uint32_t npasses;
    const char *dump_after;       /* pass name, "all" or NULL */
    Arch arch;
    int opt_level;                /* -O0, -O1 (default), -O2 */
    int no_addr;                  /* --no-addr */
    int async;                    /* --async */
    int debug;                    /* -g */
    int deps;                     /* -MD/-MMD: write the make rule beside the output; -M/-MM: only the rule */
    int deps_only;
    int deps_phony;               /* -MP */
    const char *dep_file;         /* -MF */
    DepTarget *dep_targets;       /* -MT, -MQ */
    size_t ndep_targets;
    FrontendDefine *defines;      /* -D (after -U removed earlier ones), in order */
    uint32_t ndefines;
    FrontendShape *shapes;        /* --shape, in order */
    uint32_t nshapes;
    const char *entry;            /* --entry */
    const char **include;         /* -I, in order */
    uint32_t ninclude;
} Options;

/* What --emit=cpp builds (orch_builds.c): each program, or one build per
 * Orchestration function of a program that has several (dir: the build's
 * directory under --output-dir, NULL for the directory itself; orch: the
 * Orchestration function, NULL for a whole program). */
typedef struct OrchBuild {
    const IrProgram *prog;
    const char *orch;
    char *dir;
} OrchBuild;
typedef struct OrchBuilds {
    OrchBuild *b;
    uint32_t n, cap;
    const IrProgram *split;   /* a program that was split (the last one), or NULL */
} OrchBuilds;
void orch_builds(IrCtx *ir, const IrProgram *const *progs, uint32_t n, const char *entry, int split,
                 OrchBuilds *out);
void orch_builds_free(OrchBuilds *b);

/* Compiles o->input as the options say: the exit status. */
int driver_run(const Options *o);

#endif
