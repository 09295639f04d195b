/* insert_sync.c: InsertSync (passes.md 5.7), for kernels emitted as C++.
 *
 * The hardware pipes of an AI core (MTE1, MTE2, MTE3, M, V, FIX) run
 * concurrently, each in order.  An op that touches storage another pipe
 * touched earlier must wait for it: this pass makes that order explicit
 * with system ops, within each statement list (block):
 *
 *  - a dependency between two pipes becomes a flag pair, sync_src after
 *    the producer and sync_dst before the consumer, with an event id of
 *    its (producer pipe, consumer pipe) combination (rules 3, 5, 6);
 *  - a dependency on the V or M pipe itself becomes bar_v / bar_m before
 *    the consumer, once per consumer (rule 3).
 *
 * Block boundaries (rule 1) depend on the optimisation level:
 *
 *  -O0  pl.system.bar_all() opens every loop body and if branch and
 *       follows every compound statement, so nothing is paired across a
 *       block boundary (passes.md 5.7 rule 1);
 *  -O1  (and -O2) pairs cross them.  In its enclosing block a compound
 *       statement (loop, if) is one statement on every pipe its body uses,
 *       touching every MemRef its body touches: a wait before it holds the
 *       waiting pipe for the whole construct, a set after it follows all of
 *       the construct's work on the setting pipe.  A loop body is scanned
 *       twice, as iteration j followed by iteration j+1: a dependency of a
 *       statement of j+1 on one of j (a back-edge pair, producer at or
 *       after its consumer in the body) is a flag pair too, set after the
 *       producer and waited for before the consumer in every iteration,
 *       with its flag set once before the loop (so that the first
 *       iteration does not wait) and waited for once after it (so that
 *       every set has its wait).  MemRefs are the same in every iteration,
 *       so a dependency on an iteration before j always has a later one on
 *       j or j+1, and two copies are enough.  This is what lets the load
 *       of iteration j+1 start while iteration j still computes and
 *       stores, and SoftwarePipeline's ping-pong buffers overlap whole
 *       steps.
 *
 * Dependencies (rule 2) are found by MemRef identity in one walk, with a
 * table per MemRef holding, for each pipe, the last statement that wrote
 * it and the last one that touched it.  A consumer C on pipe X reading M
 * depends on every earlier writer of M, and writing M on every earlier
 * toucher; of those on one producer pipe only the latest can survive rule
 * 4 (every other pair with consumer C and that pipe encloses the pair from
 * the latest), so C yields at most one pair per producer pipe, and the
 * table gives exactly the pairs the all-pairs rule would leave after
 * redundancy elimination.  Rule 4 over the remaining pairs is a sweep per
 * pipe combination by descending producer: a pair survives when its
 * consumer precedes every consumer seen so far (in the doubled loop body
 * this also drops a back-edge pair that a pair of iteration j+1 encloses).
 * Event ids are then dealt out, 8 per combination: back-edge pairs first
 * (they all hold their id across the back edge, from the producer to the
 * end of the body and from its start to the consumer), then the others in
 * producer order; an id held by a pair of an enclosing block across the
 * construct is not used inside it.  O(n log n) in the statements of a
 * block (two sorts of at most 6 pairs per pipe of a statement); a compound
 * statement's accesses are gathered once per enclosing block.
 *
 * pyptocc readings of the rules:
 *  - -O0: the bar_all after a compound statement orders everything before
 *    it, so no pair spans a compound statement (the tables start afresh
 *    after it); a pair held across a nested block would otherwise share
 *    its event ids with the pairs inside it;
 *  - a consumer whose pairs exhaust the event ids gets one bar_all however
 *    many of its pairs are replaced; at one point the order is sync_dst
 *    (pair order), bar_all, then bar_v / bar_m, then the sets that start
 *    a nested loop's flags, the statement, the waits that end them, the
 *    statement's sync_src (pair order);
 *  - a ScopeStmt (an incore scope not outlined) is a block like an if
 *    branch;
 *  - statement lists come out as one flat SeqStmts, as InitMemRef leaves
 *    them. */
#include "config.h"
#include "ir/op_registry.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Event ids per (producer pipe, consumer pipe) combination (ops.md 7). */
#define EVENT_IDS 8

/* What one MemRef saw in the current block: per pipe, the position of the
 * last statement that wrote it and of the last that read or wrote it (-1:
 * none).  Valid only when epoch is the current one. */
typedef struct MemState {
    uint32_t epoch;
    int32_t last_write[PIPE_COUNT];
    int32_t last_touch[PIPE_COUNT];
} MemState;

/* One access of a statement: a MemRef read or written on a pipe. */
typedef struct Access {
    const IrMemRef *memref;
    uint8_t pipe;            /* PipeKind */
    uint8_t write;
} Access;

/* A dependency between pipes: producer at position p, consumer at c (in
 * scan positions: a loop body is scanned twice, positions n + i being its
 * statement i again).  bp and bc are the body positions. */
typedef struct Pair {
    int32_t p, c;
    int32_t bp, bc;
    uint8_t from, to;        /* PipeKind */
    int8_t event;            /* 0-7, or -1 when replaced by bar_all */
    uint8_t kept;            /* survives rule 4 */
    uint8_t back;            /* a back-edge pair: producer in iteration j, consumer in j+1 */
} Pair;

/* A flag a loop sets before it starts and waits for after it ends. */
typedef struct Flag {
    uint8_t from, to, event;
} Flag;

/* Event ids not to use, per combination (bit e: id e). */
typedef struct Reserved {
    uint8_t ids[PIPE_COUNT][PIPE_COUNT];
} Reserved;

/* Per position of a block: what goes before the statement. */
enum { NEED_BAR_V = 1u, NEED_BAR_ALL = 2u, NEED_BAR_M = 4u };

typedef enum BlockKind { BLOCK_TOP, BLOCK_BRANCH, BLOCK_LOOP } BlockKind;

typedef struct Sync {
    IrCtx *ir;
    int barriers;                   /* -O0: rule 1 with bar_all */
    Arena scratch;                  /* per-block arrays, released block by block */
    PtrMap slot;                    /* MemRef -> 1 + its index in states */
    VEC(MemState) states;
    uint32_t epoch;
    VEC(Access) acc;                /* the accesses being gathered */
    const OpDef *src, *dst, *bar_v, *bar_m, *bar_all;
    const char *k_set, *k_wait, *k_event;
} Sync;

/* ------------------------------------------------------------ accesses */

static MemState *state_of(Sync *S, const IrMemRef *m)
{
    uintptr_t k = (uintptr_t)ptrmap_get(&S->slot, m);
    MemState *st;
    if (!k) {
        MemState fresh;
        memset(&fresh, 0, sizeof fresh);
        vec_push(S->states, fresh);
        k = S->states.len;
        ptrmap_put(&S->slot, m, (void *)k);
    }
    st = &S->states.data[k - 1];
    if (st->epoch != S->epoch) {
        st->epoch = S->epoch;
        for (int p = 0; p < PIPE_COUNT; p++)
            st->last_write[p] = st->last_touch[p] = -1;
    }
    return st;
}

/* The MemRefs of a Tile/Tensor operand (a tuple's elements too). */
static void add_operand(Sync *S, const IrExpr *e, int pipe, int write)
{
    const IrType *t;
    Access a;
    if (e->kind == EXPR_MAKE_TUPLE) {
        const IrMakeTuple *mt = IR_AS(IrMakeTuple, e);
        for (uint32_t i = 0; i < mt->n; i++)
            add_operand(S, mt->elems[i], pipe, write);
        return;
    }
    if (e->kind == EXPR_MEMREF || ir_is_const_number(e) || e->kind == EXPR_CONST_BOOL)
        return;
    t = ir_expr_type(S->ir, e);
    if (!ir_type_is_shaped(t) || !t->memref)
        return;
    a.memref = t->memref;
    a.pipe = (uint8_t)pipe;
    a.write = (uint8_t)(write != 0);
    vec_push(S->acc, a);
}

static int is_compound(const IrStmt *s)
{
    return s->kind == STMT_IF || s->kind == STMT_FOR || s->kind == STMT_WHILE || s->kind == STMT_SCOPE;
}

/* Appends the accesses of a call on a pipe (rule 2), or of every such call
 * in a compound statement, to S->acc. */
static void gather(Sync *S, const IrStmt *s)
{
    const IrCall *c;
    int pipe;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            gather(S, IR_AS(IrSeq, s)->stmts[i]);
        return;
    case STMT_IF:
        gather(S, IR_AS(IrIf, s)->then_body);
        if (IR_AS(IrIf, s)->else_body)
            gather(S, IR_AS(IrIf, s)->else_body);
        return;
    case STMT_FOR:
        gather(S, IR_AS(IrFor, s)->body);
        return;
    case STMT_WHILE:
        gather(S, IR_AS(IrWhile, s)->body);
        return;
    case STMT_SCOPE:
        gather(S, IR_AS(IrScope, s)->body);
        return;
    default:
        break;
    }
    if (!(c = ir_stmt_call(s)) || (pipe = ir_call_pipe(c)) < 0)
        return;
    {
        const OpDef *op = callee_op(c->callee);
        int w = op ? op_traits(op)->writes_arg : -1;
        for (uint32_t i = 0; i < c->nargs; i++)
            add_operand(S, c->args[i], pipe, 0);
        if (s->kind == STMT_ASSIGN)
            add_operand(S, &IR_AS(IrAssign, s)->var->e, pipe, 1);
        /* A store's output tensor, a tmp operand (the op table's writes_arg). */
        if (w >= 0 && (uint32_t)w < c->nargs)
            add_operand(S, c->args[w], pipe, 1);
    }
}

/* The statement at scan position i with accesses a[0..na): its
 * dependencies become pairs (at most one per producer pipe and pipe of
 * its own) or same-pipe barriers. */
static uint32_t scan_consumer(Sync *S, int32_t i, const Access *a, uint32_t na, Pair *pairs, uint8_t *need)
{
    int32_t dep[PIPE_COUNT][PIPE_COUNT]; /* [consumer pipe][producer pipe] */
    unsigned pipes = 0;
    uint32_t np = 0;
    for (int x = 0; x < PIPE_COUNT; x++)
        for (int p = 0; p < PIPE_COUNT; p++)
            dep[x][p] = -1;
    for (uint32_t k = 0; k < na; k++) {
        const MemState *st = state_of(S, a[k].memref);
        int32_t *d = dep[a[k].pipe];
        pipes |= 1u << a[k].pipe;
        for (int p = 0; p < PIPE_COUNT; p++) {
            int32_t at = a[k].write ? st->last_touch[p] : st->last_write[p];
            if (at > d[p])
                d[p] = at;
        }
    }
    /* Recorded after all of them: a MemRef read and written by the same
     * statement (an accumulation, a store's output) is no dependency on
     * itself. */
    for (uint32_t k = 0; k < na; k++) {
        MemState *st = state_of(S, a[k].memref);
        st->last_touch[a[k].pipe] = i;
        if (a[k].write)
            st->last_write[a[k].pipe] = i;
    }
    for (int x = 0; x < PIPE_COUNT; x++) {
        if (!(pipes & (1u << x)))
            continue;
        for (int p = 0; p < PIPE_COUNT; p++) {
            if (dep[x][p] < 0)
                continue;
            if (p == x) {
                if (x == PIPE_V)
                    *need |= NEED_BAR_V;
                else if (x == PIPE_M)
                    *need |= NEED_BAR_M;
                continue;
            }
            memset(&pairs[np], 0, sizeof pairs[np]);
            pairs[np].p = dep[x][p];
            pairs[np].c = i;
            pairs[np].from = (uint8_t)p;
            pairs[np].to = (uint8_t)x;
            pairs[np].event = -1;
            pairs[np].kept = 1;
            np++;
        }
    }
    return np;
}

/* ----------------------------------------------------- pairs to events */

/* Rule 4 order: by combination, then producer descending, consumer
 * ascending. */
static int by_combination(const void *a, const void *b)
{
    const Pair *x = a, *y = b;
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    if (x->to != y->to)
        return x->to < y->to ? -1 : 1;
    if (x->p != y->p)
        return x->p > y->p ? -1 : 1;
    return x->c < y->c ? -1 : x->c > y->c;
}

/* Rule 5 order: producer, then consumer. */
static int by_position(const void *a, const void *b)
{
    const Pair *x = a, *y = b;
    if (x->p != y->p)
        return x->p < y->p ? -1 : 1;
    return x->c < y->c ? -1 : x->c > y->c;
}

/* Rules 4 and 5: keeps the pairs whose consumer is in the last copy of the
 * block (positions from base on), drops the enclosing ones, sorts the rest
 * by position and gives each an event id, or marks its consumer for a
 * bar_all.  Returns the number of pairs left. */
static uint32_t assign_events(Pair *pairs, uint32_t np, uint8_t *need, int32_t base, const Reserved *reserved)
{
    int32_t held[PIPE_COUNT][PIPE_COUNT][EVENT_IDS], limit[PIPE_COUNT][PIPE_COUNT][EVENT_IDS];
    uint32_t kept = 0;
    for (uint32_t i = 0; i < np; i++)
        if (pairs[i].c >= base)
            pairs[kept++] = pairs[i];
    np = kept;
    kept = 0;
    if (!np)
        return 0;
    /* A pair encloses another of its combination exactly when some pair
     * with a later (or the same) producer has an earlier consumer. */
    qsort(pairs, np, sizeof *pairs, by_combination);
    for (uint32_t i = 0; i < np;) {
        uint32_t j = i;
        int32_t first_c = INT32_MAX;
        for (; j < np && pairs[j].from == pairs[i].from && pairs[j].to == pairs[i].to; j++) {
            pairs[j].kept = pairs[j].c < first_c;
            if (pairs[j].c < first_c)
                first_c = pairs[j].c;
        }
        i = j;
    }
    for (uint32_t i = 0; i < np; i++)
        if (pairs[i].kept)
            pairs[kept++] = pairs[i];
    qsort(pairs, kept, sizeof *pairs, by_position);
    for (uint32_t i = 0; i < kept; i++) {
        pairs[i].back = pairs[i].p < base;
        pairs[i].bp = pairs[i].back ? pairs[i].p : pairs[i].p - base;
        pairs[i].bc = pairs[i].c - base;
    }
    /* held: the body position from which the id is free again (the
     * consumer of its last holder: the wait comes first); limit: the last
     * consumer position a pair may have without reaching the set of the
     * back-edge pair holding the id. */
    for (int a = 0; a < PIPE_COUNT; a++)
        for (int b = 0; b < PIPE_COUNT; b++)
            for (int e = 0; e < EVENT_IDS; e++) {
                held[a][b][e] = -1;
                limit[a][b][e] = INT32_MAX;
            }
    for (int back = 1; back >= 0; back--)
        for (uint32_t i = 0; i < kept; i++) {
            Pair *q = &pairs[i];
            int32_t *ids = held[q->from][q->to], *lim = limit[q->from][q->to];
            if (q->back != back)
                continue;
            for (int e = 0; e < EVENT_IDS && q->event < 0; e++) {
                if (reserved->ids[q->from][q->to] & (1u << e))
                    continue;
                if (back ? lim[e] != INT32_MAX : ids[e] > q->bp || q->bc > lim[e])
                    continue;
                ids[e] = q->bc;
                if (back)
                    lim[e] = q->bp;
                q->event = (int8_t)e;
            }
            if (q->event < 0)
                need[base + q->bc] |= NEED_BAR_ALL;
        }
    return kept;
}

/* ------------------------------------------------------------ rebuild */

static const IrStmt *system_stmt(Sync *S, const OpDef *op, Span at)
{
    return ir_eval(S->ir, ir_call(S->ir, &op->callee, 0, NULL, 0, NULL, ir_type_unknown(S->ir), at), at);
}

/* pl.system.sync_src / sync_dst(set_pipe=..., wait_pipe=..., event_id=...) */
static const IrStmt *flag_stmt(Sync *S, const OpDef *op, int from, int to, int event, Span at)
{
    IrKwarg kw[3];
    memset(kw, 0, sizeof kw);
    kw[0].key = S->k_set;
    kw[0].kind = KW_INT;
    kw[0].v.i = from;
    kw[1].key = S->k_wait;
    kw[1].kind = KW_INT;
    kw[1].v.i = to;
    kw[2].key = S->k_event;
    kw[2].kind = KW_INT;
    kw[2].v.i = event;
    return ir_eval(S->ir, ir_call(S->ir, &op->callee, 0, NULL, 3, kw, ir_type_unknown(S->ir), at), at);
}

static uint32_t count_flat(const IrStmt *s)
{
    uint32_t n = 0;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return 1;
    for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
        n += count_flat(IR_AS(IrSeq, s)->stmts[i]);
    return n;
}

static void flatten(const IrStmt *s, const IrStmt **out, uint32_t *k)
{
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS) {
        out[(*k)++] = s;
        return;
    }
    for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
        flatten(IR_AS(IrSeq, s)->stmts[i], out, k);
}

typedef VEC(Flag) FlagList;
typedef VEC(const IrStmt *) StmtVec;

static const IrStmt *sync_block(Sync *S, const IrStmt *body, BlockKind kind, const Reserved *reserved, Span at,
                                FlagList *primed);

/* A compound statement with its bodies synchronised; a loop's flags that
 * must be set before it and waited for after it are added to primed. */
static const IrStmt *sync_compound(Sync *S, const IrStmt *s, const Reserved *reserved, FlagList *primed)
{
    IrCtx *ir = S->ir;
    switch ((IrStmtKind)s->kind) {
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *then_body = sync_block(S, f->then_body, BLOCK_BRANCH, reserved, s->span, NULL);
        const IrStmt *else_body = f->else_body ? sync_block(S, f->else_body, BLOCK_BRANCH, reserved, s->span, NULL)
                                               : NULL;
        if (then_body == f->then_body && else_body == f->else_body)
            return s;
        return ir_if(ir, f->cond, then_body, else_body, f->nret, f->ret, s->span);
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrStmt *body = sync_block(S, f->body, BLOCK_LOOP, reserved, s->span, primed);
        if (body == f->body)
            return s;
        return ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter,
                                    f->iter_args, f->ret, body, s->span),
                             f->stage);
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        const IrStmt *body = sync_block(S, w->body, BLOCK_LOOP, reserved, s->span, primed);
        if (body == w->body)
            return s;
        return ir_while(ir, w->cond, w->niter, w->iter_args, w->ret, body, s->span);
    }
    case STMT_SCOPE: {
        const IrStmt *body = sync_block(S, IR_AS(IrScope, s)->body, BLOCK_BRANCH, reserved, s->span, NULL);
        if (body == IR_AS(IrScope, s)->body)
            return s;
        return ir_scope_rebody(ir, s, body);
    }
    default:
        return s;
    }
}

/* The ids that pairs of this block hold across body position k, added to
 * the ones reserved for the block itself. */
static void reserved_at(const Pair *pairs, uint32_t np, int32_t k, const Reserved *outer, Reserved *out)
{
    *out = *outer;
    for (uint32_t i = 0; i < np; i++) {
        const Pair *q = &pairs[i];
        int across = q->back ? k > q->bp || k < q->bc : q->bp < k && k < q->bc;
        if (q->event >= 0 && across)
            out->ids[q->from][q->to] |= (uint8_t)(1u << q->event);
    }
}

/* One statement list (rules 1-6).  A loop body (kind BLOCK_LOOP) is scanned
 * twice (-O1); its back-edge pairs' flags go to primed.  reserved: ids held
 * across this block by its enclosing blocks.  Returns body itself when
 * nothing changes. */
static const IrStmt *sync_block(Sync *S, const IrStmt *body, BlockKind kind, const Reserved *reserved, Span at,
                                FlagList *primed)
{
    ArenaMark mark = arena_mark(&S->scratch);
    uint32_t n = count_flat(body), k = 0, np = 0, copies, *first_dst, *first_src, *acc_at;
    const IrStmt **stmts = arena_array(&S->scratch, n + 1, sizeof *stmts);
    const Access *accs;
    uint8_t *need;
    Pair *pairs, *by_consumer;
    int32_t base;
    StmtVec out;
    const IrStmt *r;
    int changed = S->barriers && kind != BLOCK_TOP;

    flatten(body, stmts, &k);
    copies = !S->barriers && kind == BLOCK_LOOP ? 2 : 1;
    base = (int32_t)((copies - 1) * n);
    need = arena_zalloc(&S->scratch, (size_t)copies * n + 1);
    /* At most one pair per producer pipe for each pipe of a consumer. */
    pairs = arena_array(&S->scratch, (size_t)copies * n * PIPE_COUNT * (PIPE_COUNT - 1) + 1, sizeof *pairs);

    /* Each statement's accesses, gathered once (a compound statement's
     * from its whole body; -O0: none, the bar_all after it restarts). */
    acc_at = arena_array(&S->scratch, n + 1, sizeof *acc_at);
    S->acc.len = 0;
    for (uint32_t i = 0; i < n; i++) {
        acc_at[i] = S->acc.len;
        if (!S->barriers || !is_compound(stmts[i]))
            gather(S, stmts[i]);
    }
    acc_at[n] = S->acc.len;
    accs = S->acc.len ? arena_memdup(&S->scratch, S->acc.data, S->acc.len * sizeof *S->acc.data) : NULL;

    S->epoch++;
    for (uint32_t copy = 0; copy < copies; copy++)
        for (uint32_t i = 0; i < n; i++) {
            int32_t pos = (int32_t)(copy * n + i);
            if (S->barriers && is_compound(stmts[i])) {
                /* The bar_all after it orders everything so far. */
                S->epoch++;
                continue;
            }
            if (acc_at[i] < acc_at[i + 1])
                np += scan_consumer(S, pos, accs + acc_at[i], acc_at[i + 1] - acc_at[i], pairs + np, &need[pos]);
        }
    np = assign_events(pairs, np, need, base, reserved);

    /* Rule 6: each consumer's waits and each producer's sets in pair order
     * (stable counting sorts of the position-ordered pairs). */
    first_dst = arena_zalloc(&S->scratch, (n + 1) * sizeof *first_dst);
    first_src = arena_zalloc(&S->scratch, (n + 1) * sizeof *first_src);
    by_consumer = arena_array(&S->scratch, 2 * (size_t)np + 1, sizeof *by_consumer);
    for (uint32_t i = 0; i < np; i++)
        if (pairs[i].event >= 0) {
            first_dst[pairs[i].bc + 1]++;
            first_src[pairs[i].bp + 1]++;
        }
    for (uint32_t i = 0; i < n; i++) {
        first_dst[i + 1] += first_dst[i];
        first_src[i + 1] += first_src[i];
    }
    {
        uint32_t *fill_dst = arena_array(&S->scratch, n + 1, sizeof *fill_dst);
        uint32_t *fill_src = arena_array(&S->scratch, n + 1, sizeof *fill_src);
        memcpy(fill_dst, first_dst, (n + 1) * sizeof *fill_dst);
        memcpy(fill_src, first_src, (n + 1) * sizeof *fill_src);
        for (uint32_t i = 0; i < np; i++)
            if (pairs[i].event >= 0) {
                by_consumer[fill_dst[pairs[i].bc]++] = pairs[i];
                by_consumer[np + fill_src[pairs[i].bp]++] = pairs[i];
            }
    }
    if (primed)
        for (uint32_t i = 0; i < np; i++)
            if (pairs[i].event >= 0 && pairs[i].back) {
                Flag f;
                f.from = pairs[i].from;
                f.to = pairs[i].to;
                f.event = (uint8_t)pairs[i].event;
                vec_push(*primed, f);
            }

    vec_init(out);
    if (S->barriers && kind != BLOCK_TOP)
        vec_push(out, system_stmt(S, S->bar_all, at));
    for (uint32_t i = 0; i < n; i++) {
        const IrStmt *s = stmts[i], *done = s;
        uint8_t nd = need[base + (int32_t)i];
        FlagList inner;
        vec_init(inner);
        for (uint32_t d = first_dst[i]; d < first_dst[i + 1]; d++)
            vec_push(out, flag_stmt(S, S->dst, by_consumer[d].from, by_consumer[d].to, by_consumer[d].event,
                                    s->span));
        if (nd & NEED_BAR_ALL)
            vec_push(out, system_stmt(S, S->bar_all, s->span));
        if (nd & NEED_BAR_V)
            vec_push(out, system_stmt(S, S->bar_v, s->span));
        if (nd & NEED_BAR_M)
            vec_push(out, system_stmt(S, S->bar_m, s->span));
        if (is_compound(s)) {
            Reserved here;
            reserved_at(pairs, np, (int32_t)i, reserved, &here);
            done = sync_compound(S, s, &here, &inner);
        }
        for (uint32_t f = 0; f < inner.len; f++)
            vec_push(out, flag_stmt(S, S->src, inner.data[f].from, inner.data[f].to, inner.data[f].event, s->span));
        vec_push(out, done);
        for (uint32_t f = 0; f < inner.len; f++)
            vec_push(out, flag_stmt(S, S->dst, inner.data[f].from, inner.data[f].to, inner.data[f].event, s->span));
        vec_free(inner);
        if (S->barriers && is_compound(s))
            vec_push(out, system_stmt(S, S->bar_all, s->span));
        for (uint32_t d = first_src[i]; d < first_src[i + 1]; d++) {
            const Pair *q = &by_consumer[np + d];
            vec_push(out, flag_stmt(S, S->src, q->from, q->to, q->event, s->span));
        }
        changed |= done != s;
    }
    changed |= out.len != n;
    r = changed ? ir_seq(S->ir, STMT_SEQ, out.len, out.data, body->span) : body;
    vec_free(out);
    arena_reset(&S->scratch, mark);
    return r;
}

static const IrFunc *sync_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Sync *S = data;
    const IrStmt *body;
    Reserved none;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE)
        return f;
    memset(&none, 0, sizeof none);
    body = sync_block(S, f->body, BLOCK_TOP, &none, f->span, NULL);
    if (body == f->body)
        return f;
    return ir_func_rebuild(S->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_insert_sync(PassCtx *pc, const IrProgram *prog)
{
    const IrProgram *r;
    Sync S;
    memset(&S, 0, sizeof S);
    S.ir = pc->ir;
    S.barriers = pc->opt_level == 0;
    arena_init(&S.scratch);
    ptrmap_init(&S.slot);
    vec_init(S.states);
    vec_init(S.acc);
    S.src = op_by_id(OP_SYSTEM_SYNC_SRC);
    S.dst = op_by_id(OP_SYSTEM_SYNC_DST);
    S.bar_v = op_by_id(OP_SYSTEM_BAR_V);
    S.bar_m = op_by_id(OP_SYSTEM_BAR_M);
    S.bar_all = op_by_id(OP_SYSTEM_BAR_ALL);
    S.k_set = ir_name(S.ir, "set_pipe");
    S.k_wait = ir_name(S.ir, "wait_pipe");
    S.k_event = ir_name(S.ir, "event_id");
    r = pass_map_functions_with(pc, prog, sync_function, &S, MAP_STOP);
    arena_free(&S.scratch);
    ptrmap_free(&S.slot);
    vec_free(S.states);
    vec_free(S.acc);
    return r;
}
