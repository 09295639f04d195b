/* lower_collectives.h: what the two files of LowerCollectives share
 * (lower_collectives.c: the pass, the barrier and the helpers;
 * collective_moves.c: the collectives that move data).  Private to them. */
#ifndef PYPTOCC_LOWER_COLLECTIVES_H
#define PYPTOCC_LOWER_COLLECTIVES_H

#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"

typedef struct Coll {
    PassCtx *pc;
    PtrMap names;              /* the (interned) names the function defines, and those given since */
    int failed;
} Coll;

/* A statement the expansion of one call may take at most. */
enum { EXPANSION_STMTS = 16 };

/* A variable of type t named base (or base_<n>, the first that is new). */
IrVar *lc_fresh(Coll *C, const char *base, const IrType *t, Span span);
/* op(args..., kwarg key = value (a comm enum)) with its deduced type;
 * NULL after a report. */
const IrExpr *lc_op(Coll *C, OpId id, uint32_t n, const IrExpr *const *args, const char *key, int64_t kv, Span span);
/* The same with a kwarg list of the caller's (NULL: none). */
const IrExpr *lc_op_kw(Coll *C, OpId id, uint32_t n, const IrExpr *const *args, uint32_t nkw, const IrKwarg *kw,
                       Span span);
/* The rank and the number of ranks of window w's context, defined into
 * out; 0, or -1 after a report. */
int lc_rank_of(Coll *C, const IrExpr *w, IrVar **me, IrVar **n, const IrStmt **out, uint32_t *k, Span span);
/* The self-clearing barrier's three loops on signal sig, into out; 0, or -1.
 * lc_barrier_row: on row `row` of a signal with a row per round (a ring's
 * [2 (NR - 1), NR]): rank x's cell is [row, x]. */
int lc_barrier(Coll *C, const IrExpr *sig, const IrVar *me, const IrVar *n, const IrStmt **out, uint32_t *k, Span span);
int lc_barrier_row(Coll *C, const IrExpr *sig, const IrExpr *row, const IrVar *me, const IrVar *n, const IrStmt **out,
                   uint32_t *k, Span span);
/* for v in range(start, stop, step): body (n statements). */
const IrStmt *lc_loop(Coll *C, IrVar *v, const IrExpr *start, const IrExpr *stop, int64_t step,
                      const IrStmt *const *body, uint32_t n, Span span);
/* s, or its statements when it is a SeqStmts, appended to out. */
void lc_append(const IrStmt *s, const IrStmt **out, uint32_t *k);

/* collective_moves.c: each expands its call statement st into out (0 when
 * st is not its call), and names its window in later statements where the
 * call gives one back (m). */
int lc_expand_put_get(Coll *C, const IrStmt *st, const IrStmt **out, uint32_t *k);
int lc_expand_reduce(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k);
int lc_expand_spread(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k);
int lc_expand_a2av(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k);

#endif
