/* chunk_stages.c: ChunkRows' unrolled form of a kernel body (-O2).
 *
 * A loop over equal row chunks (chunk_rows.c) overlaps its steady state,
 * but fills and drains the pipeline with whole chunks: before the first
 * store the first chunk is loaded and computed, and after the last load
 * the last chunk is computed and stored.  A kernel body (no loop of its
 * own) is cut here instead into chunks of sizes that need not be equal,
 * written out one after another, stage by stage:
 *
 *   every chunk's loads, then every chunk's vector work, then every
 *   chunk's stores (each stage chunk by chunk, in the body's order),
 *
 * so that each pipe runs its chunks back to back and each chunk waits only
 * for its own data (InsertSync pairs the flags).  A small first chunk
 * starts the slow pipe early, a small last one ends it soon after the
 * others: the sizes are chosen by replaying each candidate's instructions
 * on the pipes with target_pipe_cycles (equal sizes, and sizes doubling
 * from a small first chunk, halving to a small last one, or both), and the
 * fastest is taken when it gains a tenth over the serial body.
 *
 * The stage order also keeps the chunks' tiles apart in MemoryReuse: every
 * chunk's loaded tiles are live from the top until its vector work, and
 * the tiles it stores until the stores at the end, so no chunk's load or
 * vector work waits on another chunk's storage; the tiles together hold R
 * rows, as the uncut body's did.  A body whose loads read a tensor its
 * stores write keeps the loop form, whose chunks keep that order. */
#include "config.h"
#include "passes/6_schedule/chunk_rows.h"
#include "ir/op_registry.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "targets/arch.h"
#include "targets/isa_rules.h"

#include <string.h>

enum { STAGE_LOAD, STAGE_WORK, STAGE_STORE, STAGES };
enum { MAX_CHUNKS = 8 };

typedef struct Plan {
    int n;
    int64_t rows[MAX_CHUNKS];
} Plan;

static int stage_of(const IrAssign *a)
{
    const OpDef *op = callee_op(IR_AS(IrCall, a->value)->callee);
    return op->cls == OPCL_LOAD ? STAGE_LOAD : op->cls == OPCL_STORE ? STAGE_STORE : STAGE_WORK;
}

/* Cycles of the plan's instructions on the pipes, each pipe in order, each
 * instruction after the one before it in its chunk (the body's chains). */
static uint64_t replay(Chunker *K, const Plan *p)
{
    uint64_t pipe_free[PIPE_COUNT] = {0}, chunk_done[MAX_CHUNKS] = {0}, end = 0;
    for (int s = 0; s < STAGES; s++)
        for (int c = 0; c < p->n; c++)
            for (uint32_t i = 0; i + 1 < K->stmts.len; i++) {
                const IrAssign *a;
                uint64_t start, cost;
                int pipe;
                if (K->role[i] != CHUNK)
                    continue;
                a = IR_AS(IrAssign, K->stmts.data[i]);
                if (stage_of(a) != s || (pipe = ir_call_pipe(IR_AS(IrCall, a->value))) < 0)
                    continue;
                cost = target_op_cycles(K->pc->arch, pipe, callee_op(IR_AS(IrCall, a->value)->callee)->cls,
                                         chunk_bytes(K, a, p->rows[c]));
                start = pipe_free[pipe] > chunk_done[c] ? pipe_free[pipe] : chunk_done[c];
                pipe_free[pipe] = chunk_done[c] = start + cost;
                if (start + cost > end)
                    end = start + cost;
            }
    return end;
}

/* The smallest chunk that keeps the layout rules and divides R (the
 * rules ask for whole 32-byte blocks: a grain of at most 32 rows). */
static int64_t grain(Chunker *K)
{
    for (int64_t g = 1; g < K->rows && g <= TARGET_ALIGN; g++)
        if (K->rows % g == 0 && chunk_rows_fit(K, g))
            return g;
    return K->rows;
}

/* Sizes from first, doubling, the rest in one last chunk: 0 when that
 * does not give at least two chunks of whole grains. */
static int ramp_up(Plan *p, int64_t R, int64_t first, int64_t g)
{
    int64_t left = R, s = first;
    p->n = 0;
    while (left > 0 && p->n < MAX_CHUNKS) {
        int64_t take = s < left && p->n + 1 < MAX_CHUNKS ? s : left;
        if (take % g)
            return 0;
        p->rows[p->n++] = take;
        left -= take;
        if (p->n > 1)
            s *= 2;
    }
    return p->n > 1 && left == 0;
}

static void reverse(Plan *p)
{
    for (int i = 0, j = p->n - 1; i < j; i++, j--) {
        int64_t t = p->rows[i];
        p->rows[i] = p->rows[j];
        p->rows[j] = t;
    }
}

/* Small chunks at both ends: a ramp up to half the rows, then down. */
static int ramp_both(Plan *p, int64_t R, int64_t first, int64_t g)
{
    Plan half;
    if (R % 2 || !ramp_up(&half, R / 2, first, g) || half.n * 2 > MAX_CHUNKS)
        return 0;
    *p = half;
    reverse(&half);
    memcpy(p->rows + p->n, half.rows, (size_t)half.n * sizeof *half.rows);
    p->n *= 2;
    return 1;
}

static void consider(Chunker *K, const Plan *p, Plan *best, uint64_t *best_cost)
{
    uint64_t cost = replay(K, p);
    if (cost < *best_cost) {
        *best_cost = cost;
        *best = *p;
    }
}

/* The fastest ramp, or n = 1 when none gains a tenth over the body and a
 * twentieth over the best equal chunks. */
static Plan choose(Chunker *K)
{
    Plan serial = {1, {K->rows}}, best = serial, p;
    uint64_t serial_cost = replay(K, &serial), best_cost = serial_cost, equal_cost;
    int64_t g = grain(K), R = K->rows;
    for (int n = 2; n <= MAX_CHUNKS; n *= 2)
        if (R % n == 0 && (R / n) % g == 0) {
            p.n = n;
            for (int c = 0; c < n; c++)
                p.rows[c] = R / n;
            consider(K, &p, &best, &best_cost);
        }
    /* Equal chunks are the loop form's (chunk_rows.c) to take: a ramp must
     * beat them clearly, the estimate being coarse. */
    equal_cost = best_cost;
    best = serial;
    for (int64_t first = g; first * 2 <= R; first *= 2) {
        if (ramp_up(&p, R, first, g)) {
            consider(K, &p, &best, &best_cost);
            reverse(&p);
            consider(K, &p, &best, &best_cost);
        }
        if (ramp_both(&p, R, first, g))
            consider(K, &p, &best, &best_cost);
    }
    if (best_cost * 10 >= serial_cost * 9 || best_cost * 20 >= equal_cost * 19)
        best = serial;
    return best;
}

/* Whether a load reads a tensor the body stores (its chunks must keep
 * the body's order of the two, which the stage order does not), or the
 * body returns a tensor a later store of it writes over. */
static int loads_stored(Chunker *K)
{
    PtrMap roots;
    int hit = 0;
    ptrmap_init(&roots);
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++)
        if (K->role[i] == CHUNK && stage_of(IR_AS(IrAssign, K->stmts.data[i])) == STAGE_STORE)
            ptrmap_put(&roots, chunk_store_root(K, IR_AS(IrCall, IR_AS(IrAssign, K->stmts.data[i])->value)->args[3]),
                       (void *)1);
    for (uint32_t i = 0; i + 1 < K->stmts.len && !hit; i++)
        if (K->role[i] == CHUNK && stage_of(IR_AS(IrAssign, K->stmts.data[i])) == STAGE_LOAD)
            hit = ptrmap_get(&roots, chunk_store_root(K, IR_AS(IrCall, IR_AS(IrAssign, K->stmts.data[i])->value)->args[0])) != NULL;
    /* and a returned version that a later store writes over would be
     * the latest one in the unrolled chunks */
    for (uint32_t i = 0; i + 1 < K->stmts.len && !hit; i++)
        if (K->role[i] == CHUNK && stage_of(IR_AS(IrAssign, K->stmts.data[i])) == STAGE_STORE)
            for (uint32_t k = 0; k < IR_AS(IrValues, K->stmts.data[K->stmts.len - 1])->n; k++)
                hit |= IR_AS(IrValues, K->stmts.data[K->stmts.len - 1])->values[k] ==
                       IR_AS(IrCall, IR_AS(IrAssign, K->stmts.data[i])->value)->args[3];
    ptrmap_free(&roots);
    return hit;
}

const IrStmt *chunk_stages(Chunker *K, const IrFunc *f, Span span)
{
    IrCtx *ir = K->ir;
    Plan p;
    Rewrite W[MAX_CHUNKS];
    StmtVec out;
    PtrMap current;           /* a stored tensor's root -> its latest version */
    const IrValues *ret = IR_AS(IrValues, K->stmts.data[K->stmts.len - 1]);
    const IrExpr **values;
    const IrStmt *r;
    int64_t at = 0;
    if (loads_stored(K) || (p = choose(K)).n < 2)
        return NULL;
    pass_names_of(f, &K->names);   /* the copies' fresh names */
    vec_init(out);
    ptrmap_init(&current);
    for (int c = 0; c < p.n; c++) {
        memset(&W[c], 0, sizeof W[c]);
        W[c].K = K;
        W[c].r = p.rows[c];
        W[c].k = ir_const_int(ir, at, DT_INDEX, span);
        W[c].rename = 1;
        ptrmap_init(&W[c].subst);
        at += p.rows[c];
    }
    for (uint32_t i = 0; i + 1 < K->stmts.len; i++)
        if (K->role[i] == HOIST)
            vec_push(out, K->stmts.data[i]);
    for (int s = 0; s < STAGES; s++)
        for (int c = 0; c < p.n; c++)
            for (uint32_t i = 0; i + 1 < K->stmts.len; i++) {
                const IrAssign *a = IR_AS(IrAssign, K->stmts.data[i]);
                const IrExpr *root = NULL, *latest;
                if (K->role[i] != CHUNK || stage_of(a) != s)
                    continue;
                if (s == STAGE_STORE) {
                    /* The chunks' stores of a tensor form one chain. */
                    const IrExpr *target = IR_AS(IrCall, a->value)->args[3];
                    root = chunk_store_root(K, target);
                    if ((latest = ptrmap_get(&current, root)))
                        ptrmap_put(&W[c].subst, target, (void *)latest);
                }
                vec_push(out, chunk_assign(&W[c], a, K->axis[i]));
                if (root)
                    ptrmap_put(&current, root, ptrmap_get(&W[c].subst, a->var));
            }
    /* The body returns the last version of each tensor it stores. */
    values = xmalloc((ret->n ? ret->n : 1) * sizeof *values);
    for (uint32_t k = 0; k < ret->n; k++) {
        const IrExpr *x = ret->values[k], *latest = NULL;
        if (ptrmap_get(&K->stored, x))
            latest = ptrmap_get(&current, chunk_store_root(K, x));
        values[k] = latest ? latest : x;
    }
    vec_push(out, ir_return(ir, ret->n, values, ret->s.span));
    r = ir_seq(ir, STMT_SEQ, out.len, out.data, span);
    xfree(values);
    vec_free(out);
    ptrmap_free(&current);
    for (int c = 0; c < p.n; c++)
        ptrmap_free(&W[c].subst);
    return r;
}
