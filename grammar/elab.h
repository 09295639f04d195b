/* elab.h: elaboration internals, shared by grammar/elab*.c.
 *
 * Elaboration turns syntax into typed IR.  Module level (elab.c) keeps the
 * globals (imports, constants, functions, inline functions) and assembles
 * the program.  elab_func.c elaborates signatures and bodies (statements
 * and control flow); elab_expr.c expressions and calls (operator dispatch,
 * argument binding, inline expansion); elab_type.c type annotations.
 *
 * Errors are reported where they are found and elaboration continues: a
 * failed expression yields NULL, and a name bound to a failed value is
 * "poisoned" so its uses stay silent instead of cascading. */
#ifndef PYPTOCC_ELAB_H
#define PYPTOCC_ELAB_H

#include "grammar/ast.h"
#include "grammar/consteval.h"
#include "grammar/frontend.h"
#include "grammar/parse.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef struct Elab Elab;
typedef struct FnCtx FnCtx;

/* ---------------------------------------------------------------- globals */

typedef enum GlobalKind {
    G_CONST,      /* module constant (a ConstVal) */
    G_FUNC,       /* top-level @pl.function */
    G_INLINE,     /* top-level @pl.inline */
    G_PREFIX,     /* the DSL module (import pypto.language as pl) */
    G_OPAQUE,     /* bound to something pyptocc cannot evaluate (why says what) */
} GlobalKind;

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
} FuncSig;

typedef struct ExtFunc ExtFunc;
struct ExtFunc {               /* a top-level @pl.function */
    FuncSig sig;
    const IrFunc *func;         /* NULL if its body failed */
    uint32_t order;             /* definition order */
    int used;                   /* a program calls it */
    VEC(ExtFunc *) callees;     /* other top-level functions it calls */
};

typedef struct InlineFn {      /* a top-level @pl.inline (syntax kept) */
    const char *name;
    const AstNode *def;
    int expanding;              /* recursion guard */
} InlineFn;

typedef struct Global {
    uint8_t kind;               /* GlobalKind */
    const char *name;
    Span span;                  /* where it was bound */
    const ConstVal *val;        /* G_CONST */
    ExtFunc *func;              /* G_FUNC */
    InlineFn *inl;              /* G_INLINE */
    const char *why;            /* G_OPAQUE */
    uint8_t from_define;        /* set by -D: the file's assignments do not change it */
} Global;

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

typedef struct Scope {
    PtrMap map;                 /* name -> current binding */
    VEC(ScopeUndo) undo;
    VEC(uint32_t) marks;
} Scope;

void scope_init(Scope *s);
void scope_free(Scope *s);
void scope_enter(Scope *s);
/* leak: the inner definitions stay visible in the enclosing scope. */
void scope_exit(Scope *s, int leak);
void scope_define(Scope *s, const char *name, const IrExpr *value);
const IrExpr *scope_lookup(const Scope *s, const char *name);

/* Names yielded by `x = pl.yield_(...)` statements of one body, in order. */
typedef struct YieldTrack {
    VEC(const char *) names;
    VEC(Span) spans;
    VEC(const IrType *) types;  /* type of the value yielded for each name */
    VEC(const AstNode *) annots;/* annotation written on the name, or NULL */
    uint32_t nvalues;           /* values in the last yield seen */
    Span last;                  /* the last yield */
    int seen;                   /* any pl.yield_ in this body */
} YieldTrack;

typedef struct InlineFrame InlineFrame;
struct InlineFrame {
    InlineFn *fn;
    const IrExpr *ret;          /* captured 'return' value */
    int returned;
    InlineFrame *outer;
};

typedef VEC(const IrStmt *) StmtVec;
typedef VEC(const IrExpr *) ExprVec;

struct FnCtx {
    Elab *E;
    FuncSig *sig;
    Scope scope;
    VEC(StmtVec) blocks;        /* statement lists being built, innermost last */
    YieldTrack *yields;         /* the innermost loop/if body's tracker */
    int loops, ifs;             /* nesting, for messages */
    InlineFrame *inl;
    int in_program;             /* self.f(...) allowed */
    ExtFunc *ext;               /* set when elaborating a top-level function */
    PtrMap memrefs;             /* MemRef id + 1 -> IrMemRef (reparsed memory plans) */
};

/* -------------------------------------------------------------- the module */

struct Elab {
    SourceFile *src;
    DiagEngine *diag;
    IrCtx *ir;
    Interner *names;
    ParseCtx *parse;
    Arena arena;                /* globals, module constants, signatures */
    Arena scratch;              /* values evaluated while elaborating one definition */
    ArenaMark scratch_base;
    ConstEnv env;
    PtrMap globals;             /* name -> Global */
    int has_import;             /* a pypto.language import was seen */
    PtrMap dynvars;             /* name -> IrVar of a dynamic dimension */

    unsigned char skip_noted[32];   /* -Wignored given for this kind of skipped code (elab_python.c) */

    VEC(ExtFunc *) externs;     /* top-level functions, definition order */
    VEC(const AstNode *) plain_defs;  /* undecorated top-level defs (header mode) */

    /* the @pl.program class */
    const AstNode *program_def;
    const char *program_name;
    Span program_span;
    int programs;               /* @pl.program classes seen */
    VEC(Method *) methods;
    PtrMap method_map;          /* name -> Method */
    int in_class;               /* elaborating a @pl.program class body */
    const AstNode *open_class;  /* the top-level class whose members arrive */
    int class_is_program;

    /* interned names used everywhere */
    struct {
        const char *self, *pl, *range, *parallel, *while_, *yield_, *cond, *incore, *function, *inline_,
            *program, *tensor, *block, *tile, *system, *const_, *cast, *min, *max, *abs, *tuple_tmp,
            *init_values, *type, *strict_ssa, *InOut, *Out, *Tensor, *Tile, *Scalar, *Tuple, *tuple,
            *MemRefType, *UnknownType, *MemRef, *TileView, *TensorView, *memref, *tile_view, *tensor_view,
            *dynamic, *empty, *out_suffix;
    } n;
};

/* elab.c */
int elab_is_prefix(Elab *E, const char *name);
Global *elab_global(Elab *E, const char *name);
Global *elab_bind_global(Elab *E, const char *name, GlobalKind kind, Span span);
/* Evaluates value as a module constant and binds name to it (or, if it is
 * not a constant, to why it is not). */
void elab_bind_constant(Elab *E, const char *name, const AstNode *value, Span span);
/* The Var of dynamic dimension `name` (created on first use). */
const IrVar *elab_dynvar(Elab *E, const char *name, Span at);
/* Record that fc's function calls top-level function f. */
void elab_note_extern_call(FnCtx *fc, ExtFunc *f);
Method *elab_method(Elab *E, const char *name);

/* elab_func.c */
int elab_signature(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig);
const IrFunc *elab_body(Elab *E, FuncSig *sig, const AstNode *def, int in_program, ExtFunc *ext);
void elab_block(FnCtx *fc, const AstList *stmts, int skip_docstring);
void elab_emit(FnCtx *fc, const IrStmt *s);
/* Decorator analysis: 1 @pl.function (type, strict_ssa set), 2 @pl.inline,
 * 3 @pl.program, 0 none, -1 error (reported). */
int elab_decorators(Elab *E, const AstNode *def, FuncType *type, int *strict_ssa);

/* elab_expr.c */
const IrExpr *elab_expr(FnCtx *fc, const AstNode *e);
/* An expression statement (calls whose value is dropped, inline calls,
 * bare pl.yield_). */
void elab_expr_stmt(FnCtx *fc, const AstNode *e);
/* Is e a call of <prefix>.<attr>(...)? */
int elab_is_dsl_call(Elab *E, const AstNode *e, const char *attr);
/* Scalar binary operation with the promotion casts of ops.md 3.3. */
const IrExpr *elab_scalar_binary(FnCtx *fc, IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span span);
/* The value of a keyword argument as the schema wants it. */
int elab_kwarg_value(FnCtx *fc, const KwSpec *spec, const AstNode *value, const char *op, IrKwarg *out);
const char *elab_type_str(Elab *E, const IrType *t, char *buf, size_t cap);

/* elab_python.c: the Python around pypto definitions */
/* 1 @pl.function, 2 @pl.inline, 3 @pl.program, 0 none of them (nothing
 * is reported: the decorators are only looked at). */
int elab_pypto_decorator_kind(Elab *E, const AstNode *def);
/* A module-level statement that is not compiled: Python's module-level
 * errors, the -Wignored note, names it may bind, pypto definitions
 * nested in it. */
void elab_skip_toplevel(Elab *E, AstNode *s);
/* A plain function at module level (or a class member that is skipped). */
void elab_skip_def(Elab *E, AstNode *def);
/* A member of a class that is not compiled (cls_is_program: of the
 * program class, e.g. a method without a decorator). */
void elab_skip_member(Elab *E, AstNode *s, const AstNode *cls, int cls_is_program);
/* A class that is not a @pl.program. */
void elab_skip_class(Elab *E, const AstNode *cls);
/* Reports Python that the DSL does not support inside pypto definition
 * def (and drops parameters it cannot have); the number of errors. */
unsigned elab_check_dsl(Elab *E, AstNode *def);
/* The -D values, bound before the file is read. */
void elab_defines(Elab *E, const FrontendDefine *defs, uint32_t n);
/* name is about to be bound by an import, def or class: 1 (after an
 * error) if -D set it. */
int elab_define_conflict(Elab *E, const char *name, Span at, const char *what);

/* elab_type.c */
typedef struct ParamType {
    const IrType *type;
    ParamDir dir;
} ParamType;
/* A type annotation; NULL after reporting an error.  fc may be NULL
 * (module level); names in shapes then resolve to constants or dynamic
 * dimensions only. */
const IrType *elab_type(Elab *E, FnCtx *fc, const AstNode *ann);
int elab_param_type(Elab *E, FnCtx *fc, const AstNode *ann, ParamType *out);
/* Return annotation: types into *out (arena), count returned; -1 error. */
int elab_return_types(Elab *E, FnCtx *fc, const AstNode *ann, const IrType ***out);
/* Equal for annotation checking: kind, dtype, shape (memref/views ignored). */
int elab_types_match(const IrType *a, const IrType *b);

/* elab_convert.c: mismatches the reference accepted, with their warnings. */
/* v converted to the declared return type want, or NULL when the mismatch
 * is not one of them. */
const IrExpr *elab_convert_return(FnCtx *fc, const IrExpr *v, const IrType *want, Span at);
/* An argument that does not match its parameter: 1 when accepted (*arg
 * converted where needed, warning given), -1 when not. */
int elab_convert_arg(FnCtx *fc, const IrExpr **arg, const IrVar *param, const char *callee, uint32_t index, Span at);

#endif
