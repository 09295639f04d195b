/* elab.h: the elaborator's state, shared by every file of sema/.
 *
 * Elaboration turns syntax into typed IR.  Its files are layers, each with
 * one job and a header saying what it offers; a file calls only the files
 * below it in this list:
 *   elab_module.c  the module: imports, constants, decorators, the program
 *                  class, assembling the result (frontend.h)
 *   elab_python.c  the Python around pypto definitions; -D values
 *   elab_check.c   Python inside a pypto definition that the DSL lacks
 *   elab_func.c    function signatures and bodies; @pl.inline expansion
 *   elab_stmt.c    statements and control flow (if, for, while, with)
 *   elab_assign.c  assignments, pl.yield_ and return
 *   elab_type.c    type annotations
 *   elab_expr.c    expressions and calls
 *   elab_op.c      binding a call's arguments to an operator's signature
 *   elab_value.c   names, constants as values, scalar arithmetic
 *   elab_convert.c mismatches the reference accepted, converted with warnings
 *   elab.c         this state: globals, local scopes, statement blocks
 *   consteval.c    compile-time values
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
#include "sema/consteval.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/vec.h"

/* Arguments of one call and parameters of one function (generous: kernels
 * have a handful; the IR's own limit is IR_MAX_ARGS). */
#define ELAB_MAX_ARGS 4096

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

typedef VEC(const IrStmt *) StmtVec;
typedef VEC(const IrExpr *) ExprVec;

/* Defined by elab_assign.h: what the innermost loop or if body yields,
 * and the inline expansion under way. */
typedef struct YieldTrack YieldTrack;
typedef struct InlineFrame InlineFrame;

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
    /* A call of @pl.inline function fn: its body's statements are
     * elaborated here, and the value is what it returns (NULL after an
     * error, or when want_value is 0 and it returns nothing).  Set by
     * elab_func.c: expressions reach statements only through it. */
    const IrExpr *(*expand_inline)(FnCtx *fc, InlineFn *fn, const AstNode *call, int want_value);
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

    /* the @pl.program class */
    const char *program_name;
    Span program_span;
    int programs;               /* @pl.program classes seen */
    VEC(Method *) methods;
    PtrMap method_map;          /* name -> Method */
    const AstNode *open_class;  /* the top-level class whose members arrive */
    int class_is_program;

    /* interned names used everywhere */
    struct {
        const char *self, *pl, *range, *parallel, *while_, *yield_, *cond, *incore, *function, *inline_,
            *program, *tensor, *block, *tile, *system, *const_, *cast, *min, *max, *abs, *tuple_tmp,
            *init_values, *type, *strict_ssa, *InOut, *Out, *Tensor, *Tile, *Scalar, *Tuple, *tuple,
            *MemRefType, *UnknownType, *MemRef, *TileView, *TensorView, *memref, *tile_view, *tensor_view,
            *dynamic, *empty;
    } n;
};

/* The state of one compilation (parse: the parser that will run, whose
 * layout header and kept trees the module reads), and its end. */
void elab_init(Elab *E, SourceFile *src, DiagEngine *diag, IrCtx *ir, ParseCtx *parse);
void elab_free(Elab *E);

/* Reports an error at at; returns NULL, for `return elab_error(...)`. */
void *elab_error(Elab *E, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *elab_type_str(Elab *E, const IrType *t, char *buf, size_t cap);

/* Globals: module-level names. */
Global *elab_global(Elab *E, const char *name);
Global *elab_bind_global(Elab *E, const char *name, GlobalKind kind, Span span);
/* Is name the DSL module's prefix (pl)? */
int elab_is_prefix(Elab *E, const char *name);
/* Is e a call of <prefix>.<attr>(...)? */
int elab_is_dsl_call(Elab *E, const AstNode *e, const char *attr);
/* The Var of dynamic dimension `name` (created on first use). */
const IrVar *elab_dynvar(Elab *E, const char *name, Span at);
Method *elab_method(Elab *E, const char *name);
/* Record that fc's function calls top-level function f. */
void elab_note_extern_call(FnCtx *fc, ExtFunc *f);
/* The compile-time value of e, in the scratch arena; inside a function
 * (fc not NULL) its locals shadow module constants.  NULL with *err. */
const ConstVal *elab_const(Elab *E, FnCtx *fc, const AstNode *e, ConstError *err);

/* Local scopes. */
void scope_init(Scope *s);
void scope_free(Scope *s);
void scope_enter(Scope *s);
/* leak: the inner definitions stay visible in the enclosing scope. */
void scope_exit(Scope *s, int leak);
void scope_define(Scope *s, const char *name, const IrExpr *value);
const IrExpr *scope_lookup(const Scope *s, const char *name);

/* The statement lists being built: a block per body, innermost last. */
void elab_block_push(FnCtx *fc);
const IrStmt *elab_block_pop(FnCtx *fc, Span span);
void elab_emit(FnCtx *fc, const IrStmt *s);
int elab_block_ends_with_return(FnCtx *fc);

#endif
