/* eval.h: the compile-time evaluator and module system (sema/eval/).
 *
 * A PyPTO source tree is Python: kernels import their shapes from
 * configuration modules, compute them with helper functions and frozen
 * dataclasses, and build programs inside functions.  The evaluator runs
 * that Python at compile time, without Python:
 *  - modules: the input is the main module; `import X` and `from X import
 *    a` find X.py (or X/__init__.py) in the importing file's folder, then
 *    in each include directory in order (-I, then PYPTOCC_PATH); each
 *    module is read and run once; a module that is not found (torch,
 *    argparse) binds names whose values are unknown;
 *  - statements run in order, as Python runs them, over the subset of
 *    Python that configuration code uses (ev_run_main's callers see the
 *    list in the man page); a construct outside it makes the values it
 *    would compute unknown, which is an error only where a kernel needs
 *    one;
 *  - an exception that the code does not catch is an error at the raise,
 *    with the chain of calls; a runaway loop or recursion stops at a step
 *    limit with an error;
 *  - a pypto definition (a def or class with a decorator from the DSL
 *    module, or any def in a file with a '# pypto.program:' header) is
 *    handed to elaboration through EvHooks, which returns the value its
 *    name is bound to; elaboration reads names back through ev_lookup and
 *    computes the compile-time expressions of kernels with ev_eval_expr.
 * Everything lives in the evaluator's arena, freed by ev_free. */
#ifndef PYPTOCC_EVAL_H
#define PYPTOCC_EVAL_H

#include "grammar/parse.h"
#include "sema/eval/value.h"
#include "support/diag.h"
#include "support/fileset.h"

typedef struct Ev Ev;

/* What elaboration does with the pypto definitions the evaluator meets.
 * Each returns the value the definition's name is bound to (CV_KERNEL
 * from ev_kernel, or CV_UNKNOWN after an error it reported), except the
 * streamed class's begin and member. */
typedef struct EvHooks {
    void *data;
    /* A pypto def, or a class whose body the parser gave whole (inside a
     * function: a program built by a builder function), run in env;
     * in_class is the plain class whose body holds it, or NULL. */
    const ConstVal *(*define)(void *data, Ev *ev, EvEnv *env, AstNode *def, const AstNode *in_class);
    /* A top-level pypto class, whose members the parser streams. */
    void (*class_begin)(void *data, Ev *ev, EvEnv *env, AstNode *cls);
    void (*class_member)(void *data, Ev *ev, AstNode *stmt);
    const ConstVal *(*class_end)(void *data, Ev *ev, AstNode *cls);
    /* The Var of dynamic dimension name (pl.dynamic("name")). */
    const IrVar *(*dynvar)(void *data, const char *name, Span at);
} EvHooks;

/* -D NAME=VALUE, -D MODULE.NAME=VALUE, -D OBJECT.FIELD=VALUE,
 * -D BUILDER.PARAM=VALUE (see ev_init). */
typedef struct EvDefine {
    const char *name;
    const char *value;
} EvDefine;

typedef struct EvOptions {
    const char *const *include_dirs;   /* -I, then PYPTOCC_PATH's folders, in order */
    uint32_t ninclude;
    const FileSet *files;              /* where modules are read (NULL: the disk) */
    const EvDefine *defines;
    uint32_t ndefines;
    uint64_t step_limit;               /* 0: the default */
    SourceStore *store;                /* keeps the modules' texts (the caller frees it after the
                                          last diagnostic) */
} EvOptions;

/* Sets up the evaluator: the built-in names and modules, and the -D
 * values, each parsed and evaluated (errors are reported here).  A -D
 * value replaces the value a module's own assignment gives the name:
 *   NAME=V        NAME in every module read (its own assignments to NAME
 *                 leave V bound, so what is computed from NAME follows);
 *   MODULE.NAME=V the same in module MODULE only;
 *   OBJECT.FIELD=V the field of the instance (a dataclass) bound to the
 *                 module-level name OBJECT, set when it is bound
 *                 (MODULE.OBJECT.FIELD=V: in module MODULE only);
 *   BUILDER.PARAM=V the parameter of a builder function (ev_run_builders).
 * Every name is interned in names; diagnostics go to diag. */
void ev_init(Ev **out, DiagEngine *diag, Interner *names, const EvHooks *hooks, const EvOptions *opt);
void ev_free(Ev *ev);

/* Runs src (already in diag's source set) as the main module; NULL if it
 * could not run at all.  The syntax of its definitions is kept as long as
 * the evaluator lives. */
EvModule *ev_run_main(Ev *ev, SourceFile *src);
/* Calls each builder function of module m (a module-level function whose
 * body defines a pypto definition) with its defaults and the -D values of
 * its parameters, so that the programs it builds reach elaboration. */
void ev_run_builders(Ev *ev, EvModule *m);
/* -D values that matched nothing: a warning each. */
void ev_check_defines(Ev *ev);

/* The files read (every module found, in the order they were read), for
 * -MD, and the sources the evaluator owns (they stay valid until ev_free). */
uint32_t ev_module_files(const Ev *ev, const char *const **paths);

/* The module a scope belongs to, its parser (its kept syntax, and its
 * layout's '# pypto.program:' header) and whether it is the main module. */
EvModule *ev_env_module(const EvEnv *env);
ParseCtx *ev_module_parse(EvModule *m);
int ev_module_is_main(const EvModule *m);
const char *ev_module_name(const EvModule *m);
/* The scope of a module's globals. */
EvEnv *ev_module_env(EvModule *m);

/* The value a name has in env (its scopes, the module's globals, the
 * built-ins); NULL if it is unbound.  ev_lookup_bound leaves the
 * built-ins out: what the program's own code binds. */
const ConstVal *ev_lookup(Ev *ev, EvEnv *env, const char *name);
const ConstVal *ev_lookup_bound(Ev *ev, EvEnv *env, const char *name);
/* A value for elaboration to bind a kernel's name to. */
const ConstVal *ev_kernel(Ev *ev, void *def, int kind, const char *name, Span span, EvEnv *env);
/* An unknown value: why it is not known (printf-style), where. */
const ConstVal *ev_unknown(Ev *ev, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Is v the DSL module itself (import pypto.language as pl)? */
int ev_is_dsl_root(const ConstVal *v);
/* Is v the distributed layer, pypto.language.distributed (imported as pld)? */
int ev_is_dsl_pld(const ConstVal *v);

/* The compile-time value of a kernel's expression e in env: `locals`
 * says which names are the kernel's own variables (they are not
 * compile-time values).  NULL after a failure, with the message and
 * location in *err (err->unknown: the failure is a value only Python at
 * run time could give). */
typedef struct ConstError {
    char msg[320];
    Span at;
    int unknown;
    Span origin;      /* where an unknown value came from (or unknown) */
} ConstError;
typedef int (*EvIsLocal)(void *data, const char *name);
const ConstVal *ev_eval_expr(Ev *ev, EvEnv *env, const AstNode *e, EvIsLocal locals, void *data, ConstError *err);

#endif
