/* ssa_state.h: the state of one ConvertToSSA conversion (convert_to_ssa.c)
 * and its version bookkeeping (ssa_state.c): each source name's current
 * version, what a construct defined (undone when it ends), names not
 * visible after their construct, and the escapes that make a loop carry
 * a name out.  Private to passes/1_front. */
#ifndef PYPTOCC_SSA_STATE_H
#define PYPTOCC_SSA_STATE_H

#include "passes/1_front/ssa_escape.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef struct Undo {
    const char *name;
    const IrVar *old;
} Undo;

/* Why a name has no version here: it was defined only inside a construct. */
typedef struct Gone {
    Span def;            /* where it was defined */
    Span construct;      /* the loop or if */
    const char *what;    /* "for loop", "while loop", "if" */
    const IrStmt *loop;  /* the loop (of the input), or the if whose phi a use would make (branch_alias);
                            NULL for another if */
    const char *why;     /* why the loop cannot carry it out; NULL when it can */
    int skip;            /* why: the loop may run zero times (1) or does (2) */
    SsaOrigin origin;    /* its value at the end of the body (alias: only one the loop keeps) */
} Gone;

/* A name that a loop carries out although only its body defines it. */
typedef struct Escape {
    const char *name;
    SsaOrigin origin;
    struct Escape *next;
} Escape;

/* A use of a Gone name, reported once the conversion is final. */
typedef struct Pending {
    Span at;
    const char *name;
    Gone g;
} Pending;

typedef VEC(const IrStmt *) StmtList;
typedef SsaNameList NameList;

typedef struct Ssa {
    PassCtx *pc;
    IrCtx *ir;
    PtrMap counter;          /* name -> next version + 1 (0 = none yet) */
    PtrMap issued;           /* the versioned names handed out */
    PtrMap cur;              /* name -> current IrVar */
    PtrMap gone;             /* name -> Gone, when not visible */
    PtrMap stale;            /* loop variable -> its loop, when its version is the one before the loop */
    PtrMap kept;             /* names explicit constructs kept unversioned */
    PtrMap origin;           /* converted variable -> SsaOrigin */
    PtrMap *escapes;         /* loop of the input -> Escape list (kept across conversions) */
    Arena *keep;             /* for Escape records */
    VEC(Undo) undo;
    VEC(Pending) pending;
    Arena *arena;            /* for Gone and origin records (this conversion's scratch) */
    Span at;                 /* the statement being converted (uses have no spans of their own) */
    int failed;
    int again;               /* a new Escape: convert the function again */
} Ssa;

uint64_t ssa_next_version(Ssa *S, const char *name);
/* name<sep><version>, a name not handed out before. */
const char *ssa_versioned(Ssa *S, const char *name, const char *sep);
/* The name of an explicit iter_arg or return variable: kept as written the
 * first time, versioned when the function already has it. */
const char *ssa_explicit_name(Ssa *S, const char *name);
const IrVar *ssa_current(Ssa *S, const char *name);
void ssa_set_current(Ssa *S, const char *name, const IrVar *v);
/* A mark of the definitions so far, and undoing those after it. */
uint32_t ssa_mark(Ssa *S);
void ssa_restore(Ssa *S, uint32_t m);
/* Names (re)defined since mark m, each once, in first-definition order. */
void ssa_defined_since(Ssa *S, uint32_t m, NameList *out, PtrMap *seen);
Gone *ssa_mark_gone(Ssa *S, const char *name, Span def, Span construct, const char *what);
void ssa_set_origin(Ssa *S, const IrVar *v, const IrType *src_type, int space, const char *alias);
void ssa_copy_origin(Ssa *S, const IrVar *to, const IrExpr *from);
Escape *ssa_escapes_of(Ssa *S, const IrStmt *loop);
/* A use after loop g->loop of a name it defines: carried from now on. */
void ssa_add_escape(Ssa *S, const Gone *g, const char *name);
void ssa_report_gone(Ssa *S, const Pending *p);

#endif
