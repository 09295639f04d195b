/* insert_sync.c: InsertSync (passes.md 5.7), for kernels emitted as C++.
 *
 * The hardware pipes of an AI core (MTE1, MTE2, MTE3, M, V, FIX) run
 * concurrently, each in order.  An op that touches storage another pipe
 * touched earlier must wait for it: this pass makes that order explicit
 * with system ops, within each statement list (block) separately:
 *
 *  - pl.system.bar_all() opens every loop body and if branch and follows
 *    every compound statement, so nothing needs pairing across a block
 *    boundary (rule 1);
 *  - a dependency between two pipes becomes a flag pair, sync_src after
 *    the producer and sync_dst before the consumer, with an event id of
 *    its (producer pipe, consumer pipe) combination (rules 3, 5, 6);
 *  - a dependency on the V or M pipe itself becomes bar_v / bar_m before
 *    the consumer, once per consumer (rule 3).
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
 * consumer precedes every consumer seen so far.  Event ids are then dealt
 * out in producer order, 8 per combination.  O(n log n) in the statements
 * of a block (two sorts of at most 6 pairs per statement).
 *
 * pyptocc readings of the rules:
 *  - the bar_all after a compound statement orders everything before it,
 *    so no pair spans a compound statement (the tables start afresh after
 *    it); a pair held across a nested block would otherwise share its
 *    event ids with the pairs inside it;
 *  - a consumer whose pairs exhaust the event ids gets one bar_all however
 *    many of its pairs are replaced; at one point the order is sync_dst
 *    (pair order), bar_all, then bar_v / bar_m;
 *  - a ScopeStmt (an incore scope not outlined) is treated like a loop;
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

/* A dependency between pipes: producer at position p, consumer at c. */
typedef struct Pair {
    int32_t p, c;
    uint8_t from, to;        /* PipeKind */
    int8_t event;            /* 0-7, or -1 when replaced by bar_all */
    uint8_t kept;            /* survives rule 4 */
} Pair;

/* Per position of a block: what goes before the statement. */
enum { NEED_BAR_PIPE = 1u, NEED_BAR_ALL = 2u };

typedef struct Sync {
    IrCtx *ir;
    Arena scratch;                  /* per-block arrays, released block by block */
    PtrMap slot;                    /* MemRef -> 1 + its index in states */
    VEC(MemState) states;
    uint32_t epoch;
    VEC(const IrMemRef *) reads, writes;   /* of the statement being scanned */
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
static void add_operand(Sync *S, const IrExpr *e, int write)
{
    const IrType *t;
    if (e->kind == EXPR_MAKE_TUPLE) {
        const IrMakeTuple *mt = IR_AS(IrMakeTuple, e);
        for (uint32_t i = 0; i < mt->n; i++)
            add_operand(S, mt->elems[i], write);
        return;
    }
    if (e->kind == EXPR_MEMREF || ir_is_const_number(e) || e->kind == EXPR_CONST_BOOL)
        return;
    t = ir_expr_type(S->ir, e);
    if (!ir_type_is_shaped(t) || !t->memref)
        return;
    if (write)
        vec_push(S->writes, t->memref);
    else
        vec_push(S->reads, t->memref);
}

/* The call a statement runs, if it is one (NoNestedCall: the direct value
 * of an assignment or evaluation). */
static const IrCall *stmt_call(const IrStmt *s)
{
    const IrExpr *e = NULL;
    if (s->kind == STMT_ASSIGN)
        e = IR_AS(IrAssign, s)->value;
    else if (s->kind == STMT_EVAL)
        e = IR_AS(IrEval, s)->expr;
    return e && e->kind == EXPR_CALL ? IR_AS(IrCall, e) : NULL;
}

/* Fills S->reads and S->writes for a call on a pipe (rule 2). */
static void collect_accesses(Sync *S, const IrStmt *s, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int w = op ? op_traits(op)->writes_arg : -1;
    S->reads.len = S->writes.len = 0;
    for (uint32_t i = 0; i < c->nargs; i++)
        add_operand(S, c->args[i], 0);
    if (s->kind == STMT_ASSIGN)
        add_operand(S, &IR_AS(IrAssign, s)->var->e, 1);
    /* A store's output tensor, a tmp operand (the op table's writes_arg). */
    if (w >= 0 && (uint32_t)w < c->nargs)
        add_operand(S, c->args[w], 1);
}

/* The statement at position i on pipe `pipe`: its dependencies become
 * pairs (at most one per producer pipe) or a same-pipe barrier. */
static uint32_t scan_consumer(Sync *S, int32_t i, int pipe, Pair *pairs, uint8_t *need)
{
    int32_t dep[PIPE_COUNT];
    uint32_t np = 0;
    for (int p = 0; p < PIPE_COUNT; p++)
        dep[p] = -1;
    for (uint32_t k = 0; k < S->reads.len; k++) {
        const MemState *st = state_of(S, S->reads.data[k]);
        for (int p = 0; p < PIPE_COUNT; p++)
            if (st->last_write[p] > dep[p])
                dep[p] = st->last_write[p];
    }
    for (uint32_t k = 0; k < S->writes.len; k++) {
        const MemState *st = state_of(S, S->writes.data[k]);
        for (int p = 0; p < PIPE_COUNT; p++)
            if (st->last_touch[p] > dep[p])
                dep[p] = st->last_touch[p];
    }
    /* Recorded after all of them: a MemRef read and written by the same
     * statement (an accumulation, a store's output) is no dependency on
     * itself. */
    for (uint32_t k = 0; k < S->reads.len; k++)
        state_of(S, S->reads.data[k])->last_touch[pipe] = i;
    for (uint32_t k = 0; k < S->writes.len; k++) {
        MemState *st = state_of(S, S->writes.data[k]);
        st->last_write[pipe] = st->last_touch[pipe] = i;
    }
    for (int p = 0; p < PIPE_COUNT; p++) {
        if (dep[p] < 0)
            continue;
        if (p == pipe) {
            if (pipe == PIPE_V || pipe == PIPE_M)
                *need |= NEED_BAR_PIPE;
            continue;
        }
        pairs[np].p = dep[p];
        pairs[np].c = i;
        pairs[np].from = (uint8_t)p;
        pairs[np].to = (uint8_t)pipe;
        pairs[np].event = -1;
        pairs[np].kept = 1;
        np++;
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

/* Rules 4 and 5: drops the enclosing pairs, sorts the rest by position and
 * gives each an event id or marks its consumer for a bar_all.  Returns the
 * number of pairs left. */
static uint32_t assign_events(Pair *pairs, uint32_t np, uint8_t *need)
{
    int32_t held[PIPE_COUNT][PIPE_COUNT][EVENT_IDS];
    uint32_t kept = 0;
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
    /* held: the consumer position of the pair holding each id; the id is
     * free again for a producer at or after it (the wait comes first). */
    for (int a = 0; a < PIPE_COUNT; a++)
        for (int b = 0; b < PIPE_COUNT; b++)
            for (int e = 0; e < EVENT_IDS; e++)
                held[a][b][e] = -1;
    for (uint32_t i = 0; i < kept; i++) {
        Pair *q = &pairs[i];
        int32_t *ids = held[q->from][q->to];
        for (int e = 0; e < EVENT_IDS && q->event < 0; e++)
            if (ids[e] <= q->p) {
                ids[e] = q->c;
                q->event = (int8_t)e;
            }
        if (q->event < 0)
            need[q->c] |= NEED_BAR_ALL;
    }
    return kept;
}

/* ------------------------------------------------------------ rebuild */

static const IrStmt *system_stmt(Sync *S, const OpDef *op, Span at)
{
    return ir_eval(S->ir, ir_call(S->ir, &op->callee, 0, NULL, 0, NULL, ir_type_unknown(S->ir), at), at);
}

/* pl.system.sync_src / sync_dst(set_pipe=..., wait_pipe=..., event_id=...) */
static const IrStmt *flag_stmt(Sync *S, const OpDef *op, const Pair *q, Span at)
{
    IrKwarg kw[3];
    memset(kw, 0, sizeof kw);
    kw[0].key = S->k_set;
    kw[0].kind = KW_INT;
    kw[0].v.i = q->from;
    kw[1].key = S->k_wait;
    kw[1].kind = KW_INT;
    kw[1].v.i = q->to;
    kw[2].key = S->k_event;
    kw[2].kind = KW_INT;
    kw[2].v.i = q->event;
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

static const IrStmt *sync_block(Sync *S, const IrStmt *body, int nested, Span at);

/* A compound statement with its bodies synchronised. */
static const IrStmt *sync_compound(Sync *S, const IrStmt *s)
{
    IrCtx *ir = S->ir;
    switch ((IrStmtKind)s->kind) {
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *then_body = sync_block(S, f->then_body, 1, s->span);
        const IrStmt *else_body = f->else_body ? sync_block(S, f->else_body, 1, s->span) : NULL;
        return ir_if(ir, f->cond, then_body, else_body, f->nret, f->ret, s->span);
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        return ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter, f->iter_args, f->ret,
                      sync_block(S, f->body, 1, s->span), s->span);
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        return ir_while(ir, w->cond, w->niter, w->iter_args, w->ret, sync_block(S, w->body, 1, s->span), s->span);
    }
    case STMT_SCOPE:
        return ir_scope(ir, (ScopeKind)s->sub, sync_block(S, IR_AS(IrScope, s)->body, 1, s->span), s->span);
    default:
        return NULL;
    }
}

static int is_compound(const IrStmt *s)
{
    return s->kind == STMT_IF || s->kind == STMT_FOR || s->kind == STMT_WHILE || s->kind == STMT_SCOPE;
}

/* One statement list (rules 1-6).  nested: a loop body or if branch,
 * which opens with bar_all.  Returns body itself when nothing changes. */
static const IrStmt *sync_block(Sync *S, const IrStmt *body, int nested, Span at)
{
    ArenaMark mark = arena_mark(&S->scratch);
    uint32_t n = count_flat(body), k = 0, np = 0, nout, *first_dst;
    const IrStmt **stmts = arena_array(&S->scratch, n + 1, sizeof *stmts);
    const IrStmt **rebuilt = arena_array(&S->scratch, n + 1, sizeof *rebuilt);
    uint8_t *need = arena_zalloc(&S->scratch, n + 1);
    /* At most one pair per producer pipe other than the consumer's. */
    Pair *pairs = arena_array(&S->scratch, (size_t)n * (PIPE_COUNT - 1) + 1, sizeof *pairs);
    Pair *by_consumer;
    const IrStmt **out, *r;
    int changed = nested;

    flatten(body, stmts, &k);
    S->epoch++;
    for (uint32_t i = 0; i < n; i++) {
        const IrStmt *s = stmts[i];
        const IrCall *c;
        int pipe;
        rebuilt[i] = s;
        if (is_compound(s)) {
            rebuilt[i] = sync_compound(S, s);
            changed = 1;
            /* The bar_all after it orders everything so far. */
            S->epoch++;
            continue;
        }
        if (!(c = stmt_call(s)) || (pipe = ir_call_pipe(c)) < 0)
            continue;
        collect_accesses(S, s, c);
        np += scan_consumer(S, (int32_t)i, pipe, pairs + np, &need[i]);
    }
    np = assign_events(pairs, np, need);

    /* Rule 6: each consumer's waits in pair order (a stable counting sort
     * of the position-ordered pairs by consumer). */
    first_dst = arena_zalloc(&S->scratch, (n + 1) * sizeof *first_dst);
    by_consumer = arena_array(&S->scratch, np + 1, sizeof *by_consumer);
    for (uint32_t i = 0; i < np; i++)
        if (pairs[i].event >= 0)
            first_dst[pairs[i].c + 1]++;
    for (uint32_t i = 0; i < n; i++)
        first_dst[i + 1] += first_dst[i];
    {
        uint32_t *fill = arena_array(&S->scratch, n + 1, sizeof *fill);
        memcpy(fill, first_dst, (n + 1) * sizeof *fill);
        for (uint32_t i = 0; i < np; i++)
            if (pairs[i].event >= 0)
                by_consumer[fill[pairs[i].c]++] = pairs[i];
    }

    nout = n + (uint32_t)nested + 2 * first_dst[n];
    for (uint32_t i = 0; i < n; i++) {
        nout += (need[i] & NEED_BAR_PIPE) != 0;
        nout += (need[i] & NEED_BAR_ALL) != 0;
        nout += is_compound(stmts[i]) ? 1u : 0u;
    }
    if (!changed && nout == n) {
        arena_reset(&S->scratch, mark);
        return body;
    }
    out = arena_array(&S->scratch, nout + 1, sizeof *out);
    k = 0;
    if (nested)
        out[k++] = system_stmt(S, S->bar_all, at);
    for (uint32_t i = 0, next_src = 0; i < n; i++) {
        const IrStmt *s = stmts[i];
        for (uint32_t d = first_dst[i]; d < first_dst[i + 1]; d++)
            out[k++] = flag_stmt(S, S->dst, &by_consumer[d], s->span);
        if (need[i] & NEED_BAR_ALL)
            out[k++] = system_stmt(S, S->bar_all, s->span);
        if (need[i] & NEED_BAR_PIPE)
            out[k++] = system_stmt(S, ir_call_pipe(stmt_call(s)) == PIPE_M ? S->bar_m : S->bar_v, s->span);
        out[k++] = rebuilt[i];
        if (is_compound(s))
            out[k++] = system_stmt(S, S->bar_all, s->span);
        for (; next_src < np && pairs[next_src].p == (int32_t)i; next_src++)
            if (pairs[next_src].event >= 0)
                out[k++] = flag_stmt(S, S->src, &pairs[next_src], s->span);
    }
    if (k != nout)
        ICE("InsertSync: %u statements planned, %u placed", nout, k);
    r = ir_seq(S->ir, STMT_SEQ, k, out, body->span);
    arena_reset(&S->scratch, mark);
    return r;
}

static const IrFunc *sync_function(Sync *S, const IrFunc *f)
{
    const IrStmt *body;
    IrFunc *r;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE)
        return f;
    body = sync_block(S, f->body, 0, f->span);
    if (body == f->body)
        return f;
    r = ir_func_new(S->ir, f->name, (FuncType)f->type, f->nparams, f->params, f->nret, f->ret_types, body, f->span);
    r->scratch_addr = f->scratch_addr;
    r->scratch_size = f->scratch_size;
    return r;
}

const IrProgram *pass_insert_sync(PassCtx *pc, const IrProgram *prog)
{
    const IrFunc **out = xmalloc(xmul_size(prog->n ? prog->n : 1, sizeof *out));
    const IrProgram *r = prog;
    int changed = 0;
    Sync S;
    memset(&S, 0, sizeof S);
    S.ir = pc->ir;
    arena_init(&S.scratch);
    ptrmap_init(&S.slot);
    vec_init(S.states);
    vec_init(S.reads);
    vec_init(S.writes);
    S.src = op_by_id(OP_SYSTEM_SYNC_SRC);
    S.dst = op_by_id(OP_SYSTEM_SYNC_DST);
    S.bar_v = op_by_id(OP_SYSTEM_BAR_V);
    S.bar_m = op_by_id(OP_SYSTEM_BAR_M);
    S.bar_all = op_by_id(OP_SYSTEM_BAR_ALL);
    S.k_set = ir_name(S.ir, "set_pipe");
    S.k_wait = ir_name(S.ir, "wait_pipe");
    S.k_event = ir_name(S.ir, "event_id");
    for (uint32_t i = 0; i < prog->n; i++) {
        out[i] = sync_function(&S, prog->funcs[i]);
        changed |= out[i] != prog->funcs[i];
    }
    if (changed)
        r = ir_program_new(pc->ir, prog->name, prog->n, out, prog->span);
    xfree(out);
    arena_free(&S.scratch);
    ptrmap_free(&S.slot);
    vec_free(S.states);
    vec_free(S.reads);
    vec_free(S.writes);
    return r;
}
