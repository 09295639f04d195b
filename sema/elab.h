/* elab.h: the elaborator's state, shared by every file of sema/.
 *
 * Elaboration turns syntax into typed IR.  The Python around the pypto
 * definitions (imports, constants, configuration classes, builder
 * functions) is run by the evaluator (sema/eval/eval.h), which hands each
 * pypto definition to elaboration and answers its questions about names.
 * Elaboration's files are layers, each with one job and a header saying
 * what it offers; a file calls only the files below it in this list:
 *   elab_module.c  the definitions the evaluator hands over: decorators,
 *                  the program class, assembling the result (frontend.h)
 *   elab_check.c   Python inside a pypto definition that the DSL lacks
 *   elab_func.c    function signatures and bodies; @pl.inline expansion
 *   elab_stmt.c    statements and control flow (if, for, while)
 *   elab_scope.c   the scopes that place work (with pl.at, pl.spmd, ...)
 *   elab_assign.c  assignments, pl.yield_ and return
 *   elab_type.c    type annotations
 *   elab_expr.c    expressions and calls
 *   elab_op.c      binding a call's arguments to an operator's signature
 *   elab_value.c   names, constants as values, scalar arithmetic
 *   elab_convert.c mismatches the reference accepted, converted with warnings
 *   elab.c         this state: names, local scopes, statement blocks
 * and all of them call grammar/ (syntax trees; the module runs the parser
 * with itself as the sink).  The one call that must run upward, an
 * expression that expands an @pl.inline function's statements, goes through
 * FnCtx.expand_inline, which elab_func.c sets, as the parser hands its
 * trees up through a sink.
 *
 * Errors are reported where they are found and elaboration continues: a
 * failed expression yields NULL, and a name bound to a failed value is
 * "poisoned" so its uses stay silent instead of cascading. */
#ifndef PYPTOCC_ELAB_H
#define PYPTOCC_ELAB_H

#include "grammar/ast.h"
#include "grammar/parse.h"
#include "ir/ir.h"
#include "sema/eval/eval.h"
#include "sema/frontend.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/vec.h"

/* Arguments of one call and parameters of one function (generous: kernels
 * have a handful; the IR's own limit is IR_MAX_ARGS). */
#define ELAB_MAX_ARGS 4096

typedef struct Elab Elab;
typedef struct FnCtx FnCtx;

/* ------------------------------------------------------------- kernels */

/* What a kernel value (CV_KERNEL, eval.h) of elaboration's holds. */
typedef enum KernelValKind {
    KV_FUNC = 1,      /* a top-level @pl.function: an ExtFunc */
    KV_INLINE,        /* a @pl.inline: an InlineFn */
    KV_PROGRAM,       /* a @pl.program class (def unused) */
    KV_JIT,           /* a function of the @pl.jit family: a JitFn (elab_jit.c) */
} KernelValKind;

typedef struct JitFn JitFn;     /* elab_jit.c */
typedef struct JitProgram JitProgram;

/* A function signature: parameters (as their Vars) and return types. */
typedef struct FuncSig {
    const char *name;
    FuncType type;
    Span span;
    uint32_t nparams, nret;
    IrParam *params;
    const IrType **ret;
    int strict_ssa;
    int ok;                     /* the signature elaborated without errors */
    uint8_t level, role;        /* the decorator's level= and role= (LEVEL_NONE, ROLE_NONE) */
    uint8_t flags;              /* IR_FUNC_* */
    const AstNode *attrs;       /* the decorator's attrs={...} (deprecated spelling of pl.func_attr) */
    int infer_ret;              /* no return annotation, body not read yet: its return gives the types */
    /* Today's MemRefs the parameter types name ("name@address" -> IrMemRef):
     * the body's mentions of the same name and address are the same. */
    uint32_t nmemref_bases;
    const void **memref_base_keys;
    void **memref_base_refs;
} FuncSig;

typedef struct ExtFunc ExtFunc;
struct ExtFunc {               /* a @pl.function outside a program class */
    FuncSig sig;
    const IrFunc *func;         /* NULL if its body failed */
    uint32_t order;             /* definition order */
    int used;                   /* the program being assembled calls it (2: also through others) */
    int imported;               /* defined in an imported module: compiled only if used */
    int compiled;               /* a program holds it */
    VEC(ExtFunc *) callees;     /* other top-level functions it calls */
};

typedef struct InlineFn {      /* a @pl.inline (syntax kept) */
    const char *name;
    const AstNode *def;
    EvEnv *env;                 /* where its names resolve */
    int expanding;              /* recursion guard */
} InlineFn;

/* A method of the program being elaborated. */
typedef struct Method {
    FuncSig sig;
    const AstNode *def;         /* kept while its body is deferred */
    const IrFunc *func;
    int deferred;
} Method;

/* ------------------------------------------------------- function bodies */

/* The binding of a local name: an IR expression, or poison after an error. */
extern const IrExpr elab_poison;

typedef struct ScopeUndo {
    const char *name;
    const IrExpr *old;
} ScopeUndo;

/* A binding a scope made, set aside to be made again (scope_exit_saved). */
typedef struct ScopeDef {
    const char *name;
    const IrExpr *value;
} ScopeDef;
typedef VEC(ScopeDef) ScopeDefs;

typedef struct Scope {
    PtrMap map;                 /* name -> current binding */
    VEC(ScopeUndo) undo;
    VEC(uint32_t) marks;
} Scope;

typedef VEC(const IrStmt *) StmtVec;
typedef VEC(const IrExpr *) ExprVec;

/* Defined by elab_assign.h: what the innermost loop or if body yields,
 * and the inline expansion under way. */
typedef struct YieldTrack YieldTrack;
/* A variable assigned an integer constant (expression): its value, and
 * the loop nesting (FnCtx.loops) of its definition. */
typedef struct ConstDef {
    const IrExpr *value;
    uint32_t depth;
} ConstDef;
typedef struct InlineFrame InlineFrame;

struct FnCtx {
    Elab *E;
    FuncSig *sig;
    Scope scope;
    VEC(StmtVec) blocks;        /* statement lists being built, innermost last */
    YieldTrack *yields;         /* the innermost loop/if body's tracker */
    int loops, ifs;             /* nesting, for messages */
    uint32_t ret_blocks;        /* blocks.len at the innermost if with returns
                                   (elab_return.c), 0 outside one */
    uint32_t ret_values;        /* the values its returns give */
    InlineFrame *inl;
    int in_program;             /* self.f(...) allowed */
    ExtFunc *ext;               /* set when elaborating a top-level function */
    PtrMap memrefs;             /* MemRef id + 1 -> IrMemRef (reparsed memory plans) */
    PtrMap memref_bases;        /* interned "name@address" -> IrMemRef (today's MemRef forms) */
    PtrMap dim_vars;            /* IrVar n -> the dimension it reads (n = pl.tensor.dim(x, 0)) */
    PtrMap const_vars;          /* IrVar n = <integer constant> -> its ConstDef */
    /* A call of @pl.inline function fn: its body's statements are
     * elaborated here, and the value is what it returns (NULL after an
     * error, or when want_value is 0 and it returns nothing).  Set by
     * elab_func.c: expressions reach statements only through it. */
    const IrExpr *(*expand_inline)(FnCtx *fc, InlineFn *fn, const AstNode *call, int want_value);
    /* The value being assigned under an annotation, and that annotation's
     * type: a cross-core pop takes its tile type from it (elab_op.c). */
    const AstNode *annot_call;
    const IrType *annot;
    /* 1 + the SplitMode of the innermost pl.split_aiv region, 0 outside
     * any: pl.aiv_shard and pl.aic_gather take their split from it. */
    int split_aiv;
    /* The kernel call of the pl.submit being elaborated (elab_scope.c),
     * which may leave trailing pl.Out parameters to the runtime, and the
     * block the task goes in, where their tensors are created
     * (elab_submit_outs.c). */
    const AstNode *submit_call;
    uint32_t submit_block;
};

/* -------------------------------------------------------------- the module */

/* Where names resolve while one definition is elaborated. */
typedef struct ElabScope {
    EvEnv *env;
    ParseCtx *parse;
} ElabScope;

struct Elab {
    SourceFile *src;            /* the input */
    DiagEngine *diag;
    IrCtx *ir;
    Interner *names;
    Ev *ev;                     /* the evaluator, which runs the modules */
    EvEnv *env;                 /* where the definition being elaborated finds its names */
    ParseCtx *parse;            /* its module's parser (parse_keep, the header) */
    Arena arena;                /* kernels, signatures */
    Arena scratch;              /* what elaborating one definition needs */
    ArenaMark scratch_base;
    PtrMap dynvars;             /* name -> IrVar of a dynamic dimension */

    VEC(ExtFunc *) externs;     /* top-level functions, definition order */
    VEC(JitFn *) jits;          /* the @pl.jit family, definition order */
    JitProgram *jit_prog;       /* the program of the @pl.jit entry being elaborated */
    const FrontendOptions *opts;   /* --shape, --entry (may be NULL) */

    /* the @pl.program class being read (a file may have several) */
    const char *program_name;
    Span program_span;
    int programs;               /* @pl.program classes seen */
    VEC(const IrProgram *) done;   /* the programs read so far: classes, then @pl.jit entries */
    VEC(Method *) methods;
    PtrMap method_map;          /* name -> Method */
    const AstNode *open_class;  /* the top-level class whose members arrive */
    int class_is_program;
    ElabScope class_scope;      /* the names' scope before the class began */
    unsigned char noted[4];     /* -Wignored given for this kind of program member */

    /* interned names used everywhere */
    struct {
        const char *self, *pl, *range, *parallel, *while_, *yield_, *cond, *incore, *function, *inline_,
            *program, *tensor, *block, *tile, *system, *const_, *cast, *min, *max, *abs, *tuple_tmp,
            *init_values, *type, *strict_ssa, *InOut, *Out, *Tensor, *Tile, *Scalar, *Tuple, *tuple,
            *MemRefType, *UnknownType, *MemRef, *TileView, *TensorView, *memref, *tile_view, *tensor_view,
            *dynamic, *empty, *at, *cluster, *spmd, *scope, *manual_scope, *split_aiv, *level, *role, *name_hint,
            *optimizations, *split, *cross_core_slot, *slot_num, *deps, *no_dep_args, *dumps, *allow_early_resolve,
            *sync_start, *predicate, *mode, *func_attr, *attrs, *auto_scope, *external_source, *unroll,
            *pipeline, *stage, *jit, *host, *opaque, *extern_, *submit, *spmd_submit, *core_num, *Array, *array,
            *task_dummy, *TaskId, *prefetch;
    } n;
};

/* The state of one compilation, and its end. */
void elab_init(Elab *E, SourceFile *src, DiagEngine *diag, IrCtx *ir);
void elab_free(Elab *E);

/* Reports an error at at; returns NULL, for `return elab_error(...)`. */
void *elab_error(Elab *E, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *elab_type_str(Elab *E, const IrType *t, char *buf, size_t cap);

/* The value the program's code binds name to where the definition being
 * elaborated was defined (its module, the function that built it); NULL
 * when it binds none (built-in names are not looked at). */
const ConstVal *elab_global(Elab *E, const char *name);
/* Is name the DSL module's prefix (pl)? */
int elab_is_prefix(Elab *E, const char *name);
/* Is name the distributed layer (import pypto.language.distributed as pld)? */
int elab_is_pld_prefix(Elab *E, const char *name);
/* Reports that a kernel needed a value that is not known at compile time
 * (v is CV_UNKNOWN): where it is used, and where it became unknown. */
void elab_unknown_error(Elab *E, Span at, const char *name, const ConstVal *v);
/* Reports why elab_const found no value (*err): an unknown value says it
 * is not known at compile time, and where it became unknown. */
void elab_const_error(Elab *E, const ConstError *err);
/* Is e a call of <prefix>.<attr>(...)? */
int elab_is_dsl_call(Elab *E, const AstNode *e, const char *attr);
/* The Var of dynamic dimension `name` (created on first use). */
const IrVar *elab_dynvar(Elab *E, const char *name, Span at);
Method *elab_method(Elab *E, const char *name);
/* Record that fc's function calls top-level function f. */
void elab_note_extern_call(FnCtx *fc, ExtFunc *f);
/* The compile-time value of e (the evaluator computes it); inside a
 * function (fc not NULL) its variables shadow the module's names and are
 * not compile-time values.  NULL with *err. */
const ConstVal *elab_const(Elab *E, FnCtx *fc, const AstNode *e, ConstError *err);

/* Local scopes. */
void scope_init(Scope *s);
void scope_free(Scope *s);
void scope_enter(Scope *s);
/* leak: the inner definitions stay visible in the enclosing scope. */
void scope_exit(Scope *s, int leak);
/* Leave a scope undoing its definitions, which are appended to *saved (each
 * name with its last value, in order) for scope_define_all to make them
 * visible later: an if's branch, whose names its sibling branch must not see
 * but the code after the if does. */
void scope_exit_saved(Scope *s, ScopeDefs *saved);
void scope_define_all(Scope *s, const ScopeDefs *defs);
void scope_define(Scope *s, const char *name, const IrExpr *value);
const IrExpr *scope_lookup(const Scope *s, const char *name);
int scope_defines_here(const Scope *s, const char *name);

/* The statement lists being built: a block per body, innermost last. */
void elab_block_push(FnCtx *fc);
const IrStmt *elab_block_pop(FnCtx *fc, Span span);
void elab_emit(FnCtx *fc, const IrStmt *s);
int elab_block_ends_with_return(FnCtx *fc);

#endif
