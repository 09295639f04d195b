/* verify.h: what the files of the IR verifier share (verify.c: the Verify
 * pass, the walk and the structural checks; verify_ssa.c: check_ssa;
 * verify_types.c: type comparison and check_types; verify_kinds.c: the
 * function-kind and mixed-kernel rules).  The checkers themselves are
 * declared in passes/pass.h. */
#ifndef PYPTOCC_VERIFY_H
#define PYPTOCC_VERIFY_H

#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ reporting */

typedef struct Check {
    IrWalker w;              /* first: walker hooks get the Check back */
    PassCtx *pc;
    IrCtx *ir;
    const IrProgram *prog;
    const IrFunc *func;      /* the function being checked */
    const IrStmt *stmt;      /* the statement being checked (for spans) */
    const IrExpr *allowed;   /* no-nested-call: the one call the statement may hold */
    uint32_t incore;         /* kinds: InCore scopes around the statement (kernel code) */
    int report;
    int ok;
} Check;

static inline void check_init(Check *C, PassCtx *pc, const IrProgram *prog, int report)
{
    memset(C, 0, sizeof *C);
    C->w.data = C;
    C->pc = pc;
    C->ir = pc->ir;
    C->prog = prog;
    C->report = report;
    C->ok = 1;
}

/* Nodes built by passes may have no span: fall back to the enclosing
 * statement, then to the function. */
static inline Span where(const Check *C, Span s)
{
    if (span_is_known(s))
        return s;
    if (C->stmt && span_is_known(C->stmt->span))
        return C->stmt->span;
    return C->func ? C->func->span : span_unknown();
}

static inline int fail(Check *C, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline int fail(Check *C, Span at, const char *fmt, ...)
{
    va_list ap;
    C->ok = 0;
    if (!C->report)
        return 0;
    va_start(ap, fmt);
    diag_verror(C->pc->diag, where(C, at), fmt, ap);
    va_end(ap);
    return 1;
}

static inline void note(Check *C, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline void note(Check *C, Span at, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    if (!C->report)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_note(C->pc->diag, at, "%s", buf);
}

static inline const char *plural(uint32_t n) { return n == 1 ? "" : "s"; }

/* Where an operand is shown: a variable has no node of its own at a use
 * (its span is its definition's), so it is shown at what encloses it. */
static inline Span use_span(const IrExpr *e, Span around)
{
    return ir_is_var_like(e) || !span_is_known(e->span) ? around : e->span;
}

typedef struct TypeText {
    char a[256], b[256];
} TypeText;

static inline const char *ts(Check *C, const IrType *t, char *buf) { return type_to_string(C->ir, t, buf, 256); }

/* ------------------------------------------------------- type comparison */

/* How tile views take part in a comparison.  MemRefs never do: they are
 * storage, not type. */
typedef enum ViewRule {
    VIEWS_IGNORED,      /* yields (passes.md 3: kind, dtype, shape) */
    VIEWS_EQUAL,        /* a call and its deduction */
    VIEWS_OF_VALUE,     /* a variable may carry a view its value lacks (printed memory plans) */
} ViewRule;

/* Kind, dtype, shape (constant dimensions by value) and tile view. */
int verify_types_match(const IrType *var, const IrType *value, ViewRule views);

/* Runs C's walker over every function, keeping C->func current; C->ok. */
int verify_walk_program(Check *C);

/* InCore, Orchestration and mixed-kernel rules (verify_kinds.c). */
int check_kinds(PassCtx *pc, const IrProgram *prog, int report);
/* -Winplace-read (verify_inplace.c): warnings only. */
void check_inplace_reads(Check *C);

#endif
