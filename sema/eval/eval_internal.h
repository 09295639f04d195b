/* eval_internal.h: what the evaluator's files share (sema/eval/).
 *
 *   eval.c          the evaluator's state: set-up, exceptions and their
 *                   reports, the step limit, scopes and name lookup
 *   module.c        modules: finding, reading and running them; imports;
 *                   -D values; builder functions
 *   defines.c       -D values and builder functions
 *   eval_stmt.c     statements, class statements
 *   eval_call.c     Python functions: making, calling, decorating
 *   eval_expr.c     expressions, calls and assignment targets
 *   eval_ops.c      making values; arithmetic, comparison, containment
 *   eval_seq.c      indexing and slicing, truth and len(), iteration
 *   eval_repr.c     str() and repr()
 *   eval_class.c    classes and instances: attributes, dataclasses, enums,
 *                   named tuples, properties
 *   eval_init.c     the built-in names, types and exceptions
 *   eval_types.c    the built-in types' constructors; argument checks
 *   eval_builtins.c the built-in functions
 *   eval_methods.c  the methods of str, list, dict, set and tuple
 *   eval_stdlib.c   the modules the evaluator provides: os, sys,
 *                   dataclasses, enum, typing, functools, collections
 *   eval_mathlib.c  ... and math, itertools, copy, operator
 *   eval_format.c   f-strings, format(), str.format and '%'
 *   value.c         values: tables, equality, hashing, formatting
 *
 * Errors in the evaluated code are Python exceptions: a function that
 * fails returns NULL with the exception pending (ev->exc); callers pass
 * the NULL up, and a call site adds itself to the traceback.  The step
 * limit raises an exception that nothing catches. */
#ifndef PYPTOCC_EVAL_INTERNAL_H
#define PYPTOCC_EVAL_INTERNAL_H

#include "sema/eval/eval.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"
#include "support/vec.h"

#include <string.h>

typedef struct EvClassBuild EvClassBuild;

/* -------------------------------------------------------------- scopes */

typedef enum EnvKind { ENV_MODULE, ENV_FUNC, ENV_CLASS, ENV_COMP } EnvKind;

struct EvEnv {
    EvTable vars;               /* the names bound in this scope */
    EvEnv *up;                  /* the scope a nested function sees next (NULL: the module's) */
    EvModule *mod;
    uint8_t kind;               /* EnvKind */
    const char **decl;          /* 'global' and 'nonlocal' names of a function scope */
    uint8_t *decl_global;       /* per decl: 1 global, 0 nonlocal */
    uint32_t ndecl;
    EvClass *cls;               /* ENV_CLASS: the class being defined */
    const AstNode *node;        /* ENV_CLASS: its class statement */
    EvIsLocal filter;           /* a kernel expression's scope: its variables are not values */
    void *filter_data;
};

/* ------------------------------------------------------------- modules */

typedef enum ModState { MOD_LOADING, MOD_DONE, MOD_FAILED } ModState;

/* memcpy and memmove for the evaluator's arrays: an empty sequence has no
 * storage (a null pointer), which the C library's functions may not be
 * given even with a length of 0. */
static inline void ev_memcpy(void *dst, const void *src, size_t n)
{
    if (n)
        memcpy(dst, src, n);
}

static inline void ev_memmove(void *dst, const void *src, size_t n)
{
    if (n)
        memmove(dst, src, n);
}

struct EvModule {
    const char *name;           /* dotted, interned */
    const char *path;           /* the file read (NULL: built in, or not found) */
    char *dir;                  /* its folder (xmalloc'd; NULL: none) */
    SourceFile *src;
    char *text;                 /* the file's bytes (readfile.h) */
    uint32_t len;
    int mapped;
    EvEnv env;                  /* its globals */
    ParseCtx *parse;            /* while it is read */
    ParseCtx kept;              /* its kept syntax, after reading */
    const ConstVal *self;       /* its CV_MODULE value */
    uint8_t state;              /* ModState */
    uint8_t builtin;            /* provided by the evaluator (math, os) */
    uint8_t missing;            /* not found: its names are unknown */
    uint8_t is_main;
    uint8_t is_package;         /* X/__init__.py (or a folder) */
    uint8_t dsl_import;         /* it imported pypto.language */
    uint8_t open_names;         /* every name is a typing-like opaque name (typing, __future__) */
    uint8_t in_class;           /* a top-level class is being streamed: 1 plain, 2 pypto */
    Span first_import;          /* where it was first imported (messages) */
    EvModule *importer;         /* the module that first imported it */
    EvClassBuild *cls_build;    /* the plain top-level class being streamed */
};

/* ------------------------------------------------------- classes, objects */

enum {
    CLS_BUILTIN = 1,            /* a built-in type (int, list) or exception */
    CLS_EXCEPTION = 2,          /* BaseException or a subclass */
    CLS_DATACLASS = 4,
    CLS_FROZEN = 8,
    CLS_ENUM = 16,
    CLS_INTENUM = 32,
    CLS_NAMEDTUPLE = 64,
    CLS_EQ = 128,               /* dataclass eq=True: == compares fields */
    CLS_ORDER = 256,            /* dataclass order=True */
};

struct EvClass {
    const char *name;
    EvModule *mod;              /* NULL for built-in types */
    EvClass **bases;
    uint32_t nbases;
    EvClass **mro;              /* itself first, object last */
    uint32_t nmro;
    EvTable ns;                 /* its attributes */
    const ConstVal *self;       /* its CV_CLASS value */
    uint16_t flags;             /* CLS_* */
    uint8_t kind;               /* built-in type: the ConstKind of its instances (CV_KIND_COUNT: none) */
    const EvBuiltinDef *ctor;   /* built-in type: what calling it does */
    Span span;
    /* dataclass and named tuple fields, in order */
    const char **fields;
    const ConstVal **field_default;   /* NULL: none */
    const ConstVal **field_factory;   /* default_factory, or NULL */
    uint8_t *field_init;              /* init=True */
    uint32_t nfields;
    /* enum members in definition order */
    struct {
        const ConstVal **data;
        uint32_t len, cap;
    } members;
    /* annotated names of its body, in order (dataclass and named tuple
     * fields come from them); not_field: the annotation is ClassVar or
     * KW_ONLY (read from its syntax when the member ran) */
    struct EvAnn {
        const char *name;
        int not_field;
    } *ann;
    uint32_t nann, capann;
};

/* A class statement being run: its body's members arrive one by one
 * (a top-level class is streamed by the parser). */
struct EvClassBuild {
    AstNode *node;
    EvEnv *outer;               /* where the class statement runs */
    EvEnv *env;                 /* its body's scope */
    EvClass *cls;
    const ConstVal **decos;     /* its decorators' values, top first */
    uint32_t ndecos;
    const ConstVal *unknown;    /* a base is unknown: so is the class */
    int failed;                 /* an exception ended its body */
};

struct EvObj {
    EvClass *cls;
    EvTable attrs;
    const ConstVal *tuple;          /* a named tuple's fields */
    const ConstVal *member_value;   /* an enum member's value */
};

/* ----------------------------------------------------------- built-ins */

typedef struct EvArgs {
    uint32_t n, nkw;
    const ConstVal **pos;
    const char **kwname;
    const ConstVal **kw;
    Span at;                    /* the call */
    const struct EvBuiltinDef *def;   /* set for a built-in: the one called */
    int data;                   /* ... and its data */
} EvArgs;

typedef const ConstVal *(*EvBuiltinFn)(Ev *ev, const ConstVal *self, const EvArgs *a);

struct EvBuiltinDef {
    const char *name;           /* as messages name it: "len", "str.upper", "math.ceil" */
    EvBuiltinFn fn;
    int data;                   /* for functions that serve several names */
    int takes_unknown;          /* called with unknown arguments (a container keeps them);
                                   else such a call's result is the first unknown argument */
};

/* The tables of eval_builtins.c, eval_methods.c and eval_stdlib.c. */
extern const EvBuiltinDef ev_builtin_defs[], ev_type_defs[], ev_world_defs[], ev_object_init_def, ev_object_setattr_def;
extern const EvBuiltinDef ev_math_defs[], ev_itertools_defs[], ev_copy_defs[], ev_operator_defs[];
/* list.sort and sorted(): 0 after an exception. */
int ev_sort_list(Ev *ev, ConstVal *l, const ConstVal *key, int reverse, Span at);
/* An attribute through a super() proxy. */
const ConstVal *ev_super_attr(Ev *ev, const ConstVal *proxy, const char *name, Span at);

/* ----------------------------------------------------------- the state */

typedef struct EvTrace {
    Span at;                    /* a call site the exception passed through */
    const char *fn;             /* the function called there */
} EvTrace;

typedef struct EvDefineEntry {
    const char *name;           /* as written: "HIDDEN", "config.HIDDEN", "M.hidden" */
    const char *head, *tail;    /* interned; tail NULL for a plain name */
    const ConstVal *value;
    Span span;                  /* its text (in a <command-line> source) */
    int used;
} EvDefineEntry;

enum { EV_SMALL_INT_MIN = -5, EV_SMALL_INT_MAX = 256 };

struct Ev {
    DiagEngine *diag;
    Interner *names;
    Arena arena;
    EvHooks hooks;
    char **include_dirs;
    uint32_t ninclude;
    /* the pending exception */
    const ConstVal *exc;
    Span exc_at;
    int exc_fatal;              /* the step limit: nothing catches it */
    VEC(EvTrace) trace;
    uint64_t steps, step_limit;
    uint32_t depth;
    /* modules */
    EvTable modules;            /* dotted name -> CV_MODULE */
    EvTable by_path;            /* a module file's path (interned) -> CV_MODULE */
    VEC(EvModule *) stack;      /* the modules being read, innermost last */
    VEC(ParseCtx *) parses;     /* syntax of -D values and f-string fields that made functions */
    SourceStore *store;         /* where the files read are kept */
    const FileSet *files;       /* where modules are read (the disk, or a set in memory) */
    VEC(EvModule *) loaded;     /* every module with a file, in reading order */
    VEC(const char *) paths;
    EvModule *main;
    EvModule *running;          /* the module whose code runs */
    EvTable builtins;           /* name -> value */
    PtrMap def_info;            /* FUNCDEF -> its facts (eval_stmt.c) */
    EvEnv *kernel_scope;        /* ev_eval_expr's last scope for a kernel's expressions */
    /* types */
    EvClass *t_object, *t_type, *t_int, *t_float, *t_bool, *t_str, *t_list, *t_tuple, *t_dict, *t_set,
        *t_range, *t_slice, *t_none, *t_function, *t_module, *t_property, *t_super;
    EvClass *e_base, *e_exception, *e_arith, *e_lookup, *e_value, *e_type, *e_key, *e_index, *e_attr, *e_name,
        *e_unbound, *e_zero, *e_overflow, *e_assert, *e_runtime, *e_notimpl, *e_recursion, *e_import,
        *e_not_found, *e_stop, *e_frozen, *e_system_exit, *e_limit, *e_reported;
    EvClass *c_enum, *c_intenum, *c_namedtuple, *c_field, *c_auto;
    /* singletons */
    const ConstVal *none, *true_, *false_, *ellipsis, *empty_str, *empty_tuple;
    const ConstVal *small_int[EV_SMALL_INT_MAX - EV_SMALL_INT_MIN + 1];
    /* -D */
    EvDefineEntry *defs;
    uint32_t ndefs;
    unsigned char noted[16];    /* -Wignored given for this kind of construct */
    uint64_t made;              /* functions and classes made (their syntax must be kept) */
    const ConstVal *handling;   /* the exception an except clause handles (bare raise) */
    EvFunc *cur_func;           /* the Python function running (super()) */
    const ConstVal *cur_self;   /* its first argument */
    struct {
        const char *init, *post_init, *name_, *class_, *dict_, *doc, *module_, *file_, *qualname, *self,
            *value, *name, *args, *dataclass_fields, *repr, *str, *eq, *hash, *len, *getitem, *iter, *contains,
            *call, *getattr, *lt, *le, *gt, *ge, *ne, *add, *sub, *mul, *truediv, *floordiv, *mod, *pow_,
            *bool_, *int_, *float_, *index, *setattr, *missing, *pl, *ClassVar, *InitVar, *KW_ONLY, *replace,
            *setter, *getter, *members_, *fields_, *asdict_, *annotations, *enter, *exit, *slots;
    } n;
};

/* How a statement list ended. */
typedef enum ExecStatus { EX_NORMAL, EX_BREAK, EX_CONTINUE, EX_RETURN, EX_EXC } ExecStatus;

/* A function call in progress. */
typedef struct EvFrame {
    EvEnv *env;
    const ConstVal *ret;        /* EX_RETURN: the value */
    const char *fn;             /* its name, for tracebacks */
} EvFrame;

/* ------------------------------------------------ eval.c: state, errors */

/* Raises an exception of class cls with a message (printf-style); returns
 * NULL for `return ev_raise(...)`. */
const ConstVal *ev_raise(Ev *ev, EvClass *cls, Span at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Raises exc (an instance, or a class to instantiate). */
const ConstVal *ev_raise_value(Ev *ev, const ConstVal *exc, Span at);
/* Takes the pending exception away (an except clause caught it). */
const ConstVal *ev_catch(Ev *ev);
/* A call at `at` of fn failed: it joins the traceback. */
void ev_trace(Ev *ev, Span at, const char *fn);
/* Reports the pending exception as an error and clears it (an import of
 * a module that failed raises one that was reported already: nothing is
 * printed for it). */
void ev_report(Ev *ev);
/* An import of module m, which stopped with an error that was reported:
 * the importer stops too, as Python's import would, silently. */
const ConstVal *ev_raise_reported(Ev *ev, Span at);
/* One step of work at `at`; 0 (an exception is pending) past the limit. */
int ev_step(Ev *ev, Span at);
/* Python's text of exception exc: "ValueError: message". */
void ev_exc_text(Ev *ev, const ConstVal *exc, StrBuf *out);
/* -Wignored, once per kind: code at `at` is not evaluated. */
enum { SKIP_WITH, SKIP_MATCH, SKIP_TYPE, SKIP_BRANCH, SKIP_LOOP, SKIP_RAISE, SKIP_ASYNC, SKIP_GENERATOR, SKIP_COUNT };
void ev_note_skip(Ev *ev, int kind, Span at, const char *what);

const char *ev_intern(Ev *ev, const char *s, size_t n);
const char *ev_cstr(Ev *ev, const char *s);

/* Scopes: a new one inside up (NULL: a module's), and name binding. */
EvEnv *ev_env_new(Ev *ev, EnvKind kind, EvEnv *up, EvModule *mod);
void ev_env_bind(Ev *ev, EvEnv *env, const char *name, const ConstVal *v);
/* Where an assignment to name in env goes ('global', 'nonlocal'). */
EvEnv *ev_env_target(EvEnv *env, const char *name);

/* -------------------------------------------------- values (eval_ops.c) */

const ConstVal *ev_int(Ev *ev, int64_t i);
const ConstVal *ev_float(Ev *ev, double f);
const ConstVal *ev_bool(Ev *ev, int b);
const ConstVal *ev_str(Ev *ev, const char *s, size_t n);
const ConstVal *ev_str_c(Ev *ev, const char *s);
const ConstVal *ev_seq(Ev *ev, ConstKind kind, uint32_t n, const ConstVal *const *items);
ConstVal *ev_list_new(Ev *ev, uint32_t cap);
void ev_list_append(Ev *ev, ConstVal *list, const ConstVal *v);
ConstVal *ev_dict_new(Ev *ev, ConstKind kind);   /* CV_DICT or CV_SET */
const ConstVal *ev_val(Ev *ev, ConstKind kind);  /* a zeroed value of kind (to fill) */
const ConstVal *ev_builtin(Ev *ev, const EvBuiltinDef *def, const ConstVal *self);

/* Operators: NULL with an exception pending when they fail. */
const ConstVal *ev_binop(Ev *ev, int op, const ConstVal *a, const ConstVal *b, Span at);
const ConstVal *ev_unary(Ev *ev, int op, const ConstVal *a, Span at);
/* a OP b for AstCmpOp op: 1 true, 0 false, -1 failed. */
int ev_compare(Ev *ev, int op, const ConstVal *a, const ConstVal *b, Span at);
/* Python's <, for sorting and min/max: 1, 0, or -1 (failed). */
int ev_less(Ev *ev, const ConstVal *a, const ConstVal *b, Span at);
/* key in container: 1, 0, -1. */
int ev_contains(Ev *ev, const ConstVal *container, const ConstVal *key, Span at);
const ConstVal *ev_getitem(Ev *ev, const ConstVal *obj, const ConstVal *index, Span at);
int ev_setitem(Ev *ev, const ConstVal *obj, const ConstVal *index, const ConstVal *v, Span at);
int ev_delitem(Ev *ev, const ConstVal *obj, const ConstVal *index, Span at);
/* The truth value; -1 if a __bool__/__len__ failed. */
int ev_truthy(Ev *ev, const ConstVal *v, Span at);
int64_t ev_len_of(Ev *ev, const ConstVal *v, Span at);   /* -1: failed */
/* str(v) and repr(v) appended to out; 0 after an exception. */
int ev_to_str(Ev *ev, const ConstVal *v, StrBuf *out, Span at);
int ev_to_repr(Ev *ev, const ConstVal *v, StrBuf *out, Span at);
const ConstVal *ev_str_of(Ev *ev, const ConstVal *v, Span at);
/* A user class's special method of v (an instance), bound; NULL if none. */
const ConstVal *ev_dunder(Ev *ev, const ConstVal *v, const char *name);
/* UTF-8 strings: all ASCII?  characters (code points), byte offset of the
 * k-th character. */
int ev_str_ascii(const char *s, size_t n);
size_t ev_str_chars(const char *s, size_t n);
size_t ev_str_offset(const char *s, size_t n, size_t k);
/* The first unknown among n values, or NULL. */
const ConstVal *ev_first_unknown(const ConstVal *const *v, uint32_t n);

/* Iteration over any iterable. */
typedef struct EvIter {
    const ConstVal *src;
    uint64_t i;
    int64_t cur;                /* ranges */
} EvIter;
/* 0 after an exception (not iterable). */
int ev_iter_begin(Ev *ev, const ConstVal *v, EvIter *it, Span at);
/* The next item, or NULL at the end. */
const ConstVal *ev_iter_next(Ev *ev, EvIter *it);
/* Every item of an iterable as a new list; NULL after an exception. */
ConstVal *ev_to_list(Ev *ev, const ConstVal *v, Span at);

/* -------------------------------------------- expressions (eval_expr.c) */

const ConstVal *ev_expr(Ev *ev, EvEnv *env, const AstNode *e);
/* Calls fn with args; the traceback entry is the caller's to add. */
const ConstVal *ev_call(Ev *ev, const ConstVal *fn, const EvArgs *args);
/* Calls fn with n positional arguments. */
const ConstVal *ev_call_n(Ev *ev, const ConstVal *fn, Span at, uint32_t n, const ConstVal *const *args);
/* The name of a callable, for messages and tracebacks. */
const char *ev_callable_name(Ev *ev, const ConstVal *fn);
/* Binds target (a name, tuple, list, attribute, subscript or starred) to v. */
int ev_assign(Ev *ev, EvEnv *env, const AstNode *target, const ConstVal *v);

/* ---------------------------------------------- statements (eval_stmt.c) */

ExecStatus ev_exec_block(Ev *ev, EvEnv *env, const AstList *body, EvFrame *fr);
ExecStatus ev_exec(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr);
/* A def or lambda in env as a function value (defaults evaluated). */
const ConstVal *ev_make_function(Ev *ev, EvEnv *env, const AstNode *def, EvClass *owner);
/* Calls a Python function. */
const ConstVal *ev_call_function(Ev *ev, EvFunc *f, const EvArgs *args, const ConstVal *self);
/* Every name that statements bind (assignments, loops, defs, imports) is
 * bound to unknown value u: code that pyptocc cannot run decides them. */
void ev_taint_block(Ev *ev, EvEnv *env, const AstList *body, const ConstVal *u);
void ev_taint_stmt(Ev *ev, EvEnv *env, const AstNode *s, const ConstVal *u);
/* Does the statement list leave its function or loop (return, raise, break)? */
int ev_block_jumps(const AstList *body);
/* A class statement whose body the parser gave whole. */
const ConstVal *ev_exec_class(Ev *ev, EvEnv *env, AstNode *cls);
/* The same in steps, for a class the parser streams: 0 after an
 * exception (pending).  begin evaluates its decorators and bases; *pypto
 * is set when a decorator is the DSL's (the class is elaboration's). */
int ev_class_begin(Ev *ev, EvEnv *env, AstNode *cls, EvClassBuild *b, int *pypto);
int ev_class_member(Ev *ev, EvClassBuild *b, const AstNode *stmt);
/* Is annotation ann ClassVar[...] or KW_ONLY (not a dataclass field)? */
int ev_annotation_not_field(Ev *ev, const AstNode *ann);
/* Binds the class's name; 0 after an exception. */
int ev_class_end(Ev *ev, EvClassBuild *b);
/* Grows an arena array of elem-sized items to hold one more. */
void ev_grow(Ev *ev, void **data, uint32_t *cap, uint32_t len, size_t elem);
/* Applies decorators (their values, top first) to v, the bottom one
 * first; the result, or NULL after an exception. */
const ConstVal *ev_apply_decorators(Ev *ev, const ConstVal *const *decos, uint32_t n, const ConstVal *v,
                                    const AstNode *def);
/* Are the decorators of def from the DSL (some evaluates to a DSL name)?
 * Their values in *decos (top first); -1 after an exception. */
int ev_decorators(Ev *ev, EvEnv *env, const AstNode *def, const ConstVal ***decos, uint32_t *n);

/* -------------------------------------------- classes (eval_class.c) */

EvClass *ev_class_new(Ev *ev, const char *name, EvModule *mod, uint32_t nbases, EvClass *const *bases, Span at);
/* Finishes a class after its body ran: its decorators' effects come after. */
const ConstVal *ev_class_finish(Ev *ev, EvClass *c, Span at);
const ConstVal *ev_class_lookup(const EvClass *c, const char *name);
int ev_is_subclass(const EvClass *c, const EvClass *base);
EvClass *ev_type_of(Ev *ev, const ConstVal *v);
int ev_isinstance(Ev *ev, const ConstVal *v, const EvClass *c);
/* obj.name: NULL with AttributeError (or another exception) pending. */
const ConstVal *ev_getattr(Ev *ev, const ConstVal *obj, const char *name, Span at);
/* The same, NULL without an exception when there is no such attribute. */
const ConstVal *ev_getattr_opt(Ev *ev, const ConstVal *obj, const char *name, Span at, int *failed);
int ev_setattr(Ev *ev, const ConstVal *obj, const char *name, const ConstVal *v, Span at);
int ev_delattr(Ev *ev, const ConstVal *obj, const char *name, Span at);
/* Calling a class: a new instance (or an enum member, an exception). */
const ConstVal *ev_instantiate(Ev *ev, EvClass *c, const EvArgs *args);
/* A method of v's class found by name, bound to v; NULL if none. */
const ConstVal *ev_method(Ev *ev, const ConstVal *v, const char *name);
/* @dataclass(...) applied to class c. */
const ConstVal *ev_make_dataclass(Ev *ev, EvClass *c, const EvArgs *opts, Span at);
/* dataclasses.replace(obj, **changes) */
const ConstVal *ev_dataclass_replace(Ev *ev, const ConstVal *obj, const EvArgs *changes);
/* An exception instance of class c with message msg (may be NULL), or
 * with arguments args. */
const ConstVal *ev_exception(Ev *ev, EvClass *c, const char *msg);
const ConstVal *ev_exception_args(Ev *ev, EvClass *c, uint32_t n, const ConstVal *const *args);
/* The fields of a named tuple instance (NULL if v is none). */
const ConstVal *ev_namedtuple_fields(const ConstVal *v);

/* --------------------------------------- built-ins (eval_builtins.c ...) */

void ev_builtins_init(Ev *ev);
/* Methods of a value of a built-in type (eval_methods.c): NULL if none. */
const ConstVal *ev_builtin_method(Ev *ev, const ConstVal *self, const char *name);
/* A module the evaluator provides (eval_stdlib.c), or NULL. */
EvModule *ev_stdlib_module(Ev *ev, const char *dotted);
/* Argument checking for built-ins: the n-th positional (or keyword name)
 * argument; NULL when absent (no exception). */
const ConstVal *ev_arg(const EvArgs *a, uint32_t i, const char *kw);
/* Exactly lo..hi positional arguments and only the keywords listed
 * (NULL-terminated); 0 after raising TypeError. */
int ev_check_args(Ev *ev, const char *fn, const EvArgs *a, uint32_t lo, uint32_t hi, const char *const *kws);
int ev_arg_int(Ev *ev, const char *fn, const ConstVal *v, int64_t *out, Span at);
/* int(d) of a float: ValueError, OverflowError, or unknown beyond 64 bits. */
const ConstVal *ev_float_to_int(Ev *ev, double d, Span at);
const char *ev_type_name(Ev *ev, const ConstVal *v);

/* ---------------------------------------------------- text (eval_format.c) */

/* An f-string (its STRING node) in env. */
const ConstVal *ev_fstring(Ev *ev, EvEnv *env, const AstNode *s);
/* format(v, spec) appended to out; 0 after an exception. */
int ev_format_value(Ev *ev, const ConstVal *v, const char *spec, size_t speclen, StrBuf *out, Span at);
/* str.format(*args, **kwargs) and fmt % args. */
const ConstVal *ev_str_format(Ev *ev, const char *fmt, const EvArgs *args);
const ConstVal *ev_percent_format(Ev *ev, const char *fmt, const ConstVal *args, Span at);

/* ---------------------------------------------------- modules (module.c) */

/* import / from-import statement s in env. */
int ev_import(Ev *ev, EvEnv *env, const AstNode *s);
/* A -D value replaces what an assignment would bind to name in env's
 * module: the value to bind instead, or NULL. */
const ConstVal *ev_define_for(Ev *ev, EvEnv *env, const char *name);
/* Binds the -D values that module m starts with (plain ones in the main
 * module, MODULE.NAME ones in theirs). */
void ev_define_prebind(Ev *ev, EvModule *m);
EvModule *ev_module_new(Ev *ev, const char *dotted);
const char *ev_import_cycle(Ev *ev, EvModule *m);
void ev_defines_init(Ev *ev, const EvDefine *defs, uint32_t n);
void ev_modules_free(Ev *ev);
/* Applies -D OBJECT.FIELD values to v, just bound to module-level name. */
const ConstVal *ev_define_fields(Ev *ev, EvEnv *env, const char *name, const ConstVal *v);

#endif
