/* collective_moves.c: LowerCollectives' collectives that move data, in a
 * kernel (pypto@e2d0f78a docs/en/dev/distributed_ops.md, docs/en/user/
 * distributed/01-collectives.md).  Data moves through Vec staging tiles,
 * as TPUT and TGET move it, a chunk of at most STAGING_BYTES (or
 * chunk_rows x chunk_cols) at a time, in loops where a region has more
 * than one chunk (Chunks); a chunk whose rows hold fewer than a multiple
 * of 32 bytes is the valid part of a tile of 32-byte rows.  With `me` and
 * `n` the rank and the number of ranks of the window's context:
 *
 *   put(dst, peer, src), pld.tensor.remote_store(src, dst, peer, at):
 *       t = load(src chunk); remote_store(t, dst, peer, chunk)
 *   get(dst, peer, src):   t = remote_load(src, peer, chunk); store(t, dst)
 *   allreduce(w, s, op):   barrier; per chunk of w's valid part: t =
 *       load(w); t = op(t, remote_load(w, me + j mod n)) for j in 1..n-1
 *       (no branch on the rank); barrier (all have read it); store(t, w);
 *       with mode="ring", the ring of reduce-scatter and allgather rounds
 *       (ring_allreduce).  A window of rank 3 or more is a loop per index
 *       of its leading dimensions around the chunks of the last two
 *       (reduce_region), each chunk's 2-D tile moved with the window's
 *       rank as FlattenTileNdTo2D's loads are (nd_shape)
 *   reduce_scatter(w, s, op): the same on row me of w [NR, SIZE] only
 *   broadcast(w, s, root): barrier; if me != root: per chunk,
 *       t = remote_load(w, root); store(t, w); barrier
 *   allgather(x, w, s):    for p in range(n): per chunk of x [R, C],
 *       remote_store(load(x), w, p, [me R + r, c]); barrier
 *   all_to_all(x, w, s):   for p in range(n): per chunk of row p of x
 *       [NR, SIZE], remote_store(load(x), w, p, [me, c]); barrier
 *
 * A collective's result names its window afterwards.  Regions moved have
 * rank 1 or 2 (allreduce's, any rank), and constant shapes but for put's
 * and get's, which may have extents known at run time where a chunk is
 * given, and allreduce's, whose chunks are 16 KiB there; others are
 * located errors. */
#include "config.h"
#include "passes/2_tensor/lower_collectives.h"
#include "targets/legal_rules.h"

#include <string.h>

/* A staging tile holds at most this many bytes (pypto's UB chunks). */
enum { STAGING_BYTES = 16384 };

/* The largest divisor of n at most cap (at least 1). */
static int64_t divisor_at_most(int64_t n, int64_t cap)
{
    for (int64_t d = cap < n ? cap : n; d > 1; d--)
        if (n % d == 0)
            return d;
    return 1;
}

/* x + v (INT64), folded where either is a constant 0 or both are
 * constants. */
static const IrExpr *plus(Coll *C, const IrExpr *x, const IrExpr *v, Span span)
{
    int64_t a, b;
    int ka = ir_dim_value(x, &a), kb = ir_dim_value(v, &b);
    if (ka && kb)
        return ir_const_int(C->pc->ir, a + b, DT_INT64, span);
    if (ka && a == 0)
        return v;
    const IrExpr *x64 = x->dtype == DT_INT64 ? x : ir_unary(C->pc->ir, UN_CAST, DT_INT64, x, span);
    if (kb && b == 0)
        return x64;
    return ir_binary(C->pc->ir, BIN_ADD, DT_INT64, x64, v, span);
}

/* --------------------------------------------------------------- chunks */

/* A region of shape ext (rank n: 1 or 2) cut into chunks: the chunk ch,
 * a loop variable per dimension of more than one chunk, the chunk's place
 * `at` in the region, its extents (sz) and its staging tile's (phys).  An
 * extent known only at run time (ext_x; ext -1) has a loop whatever its
 * value, and the chunk's extent there is min(ch, ext_x - at): the last
 * chunk is the valid part of its staging tile, as TPUT reads a dynamic
 * partition view through a static one. */
typedef struct Chunks {
    uint32_t n;
    int64_t ext[2], ch[2];
    const IrExpr *ext_x[2];
    IrVar *iv[2];
    const IrExpr *at[2];
    const IrExpr *sz, *phys;
} Chunks;

/* pld.tile.put/get: chunks of their staging tile's shape. */
static int staged_transfer(const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    return op && (op->id == OP_PLD_TILE_PUT || op->id == OP_PLD_TILE_PUT_PINGPONG || op->id == OP_PLD_TILE_GET ||
                  op->id == OP_PLD_TILE_GET_PINGPONG);
}

/* e as an INT64 expression. */
static const IrExpr *as_int64(Coll *C, const IrExpr *e, Span span)
{
    return e->dtype == DT_INT64 ? e : ir_unary(C->pc->ir, UN_CAST, DT_INT64, e, span);
}

/* Plans the chunks of region ext (chunk_rows= and chunk_cols= of c, when
 * given, or the shape of the staging tile of pld.tile.put/get, its
 * argument 3); ext_x (NULL: none) the extents known at run time, whose
 * dimension needs a chunk given so, or where dyn_cap is not 0 gets one of
 * at most 16 KiB (and at most dyn_cap columns where that is positive: the
 * most the extent can be); -1 after a report (name: the op, for it). */
static int chunks_plan(Coll *C, const IrCall *c, uint32_t n, const int64_t *ext, const IrExpr *const *ext_x,
                       int64_t dyn_cap, DataType dt, const char *name, Span span, Chunks *K)
{
    IrCtx *ir = C->pc->ir;
    int64_t elem = dtype_bytes(dt), cols = ext[n - 1], rows = n == 2 ? ext[0] : 1, cr = -1, cc = -1;
    const IrKwarg *kr = c ? ir_call_kwarg(c, "chunk_rows") : NULL, *kc = c ? ir_call_kwarg(c, "chunk_cols") : NULL;
    const IrExpr *sz[2], *ph[2];
    memset(K, 0, sizeof *K);
    K->n = n;
    int dyn_rows = n == 2 && ext_x && ext_x[0], dyn_cols = ext_x && ext_x[n - 1];
    if ((!dyn_rows && rows < 1) || (!dyn_cols && cols < 1)) {
        /* the chunk sizes below divide by the region's extents */
        diag_error(C->pc->diag, span, "'%s' moves a region of no elements", name);
        C->failed = 1;
        return -1;
    }
    if (kr && kr->kind == KW_INT)
        cr = kr->v.i;
    if (kc && kc->kind == KW_INT)
        cc = kc->v.i;
    if (c && staged_transfer(c)) {
        const IrType *st = ir_expr_type(ir, c->args[3]);
        if (st->n != n || !ir_dim_value(st->dims[n - 1], &cc) || (n == 2 && !ir_dim_value(st->dims[0], &cr)) ||
            cc < 1 || (n == 2 && cr < 1) || (!dyn_rows && rows % (n == 2 ? cr : 1)) || (!dyn_cols && cols % cc)) {
            diag_error(C->pc->diag, span, "'%s': the staging tile's shape must divide the region it moves", name);
            C->failed = 1;
            return -1;
        }
    }
    if (dyn_cap) {
        /* a reduction's chunks are pypto's 16-KiB ones (or fewer columns,
         * as many as the extent can have), the last the valid part of its
         * tile where an extent is known at run time */
        if (dyn_cols && cc < 1)
            cc = dyn_cap > 0 && dyn_cap * elem <= STAGING_BYTES ? dyn_cap : STAGING_BYTES / elem;
        if (dyn_rows && cr < 1) {
            int64_t w = cc > 0 ? cc : cols * elem <= STAGING_BYTES ? cols : divisor_at_most(cols, STAGING_BYTES / elem);
            cr = STAGING_BYTES / (w * elem) ? STAGING_BYTES / (w * elem) : 1;
        }
    }
    if ((dyn_cols && cc < 1) || (dyn_rows && cr < 1)) {
        /* the staging tile has a constant shape (pypto: a dynamic
         * transfer dimension is bounded by its static chunk) */
        diag_error(C->pc->diag, span, "'%s' of a region of %s known only at run time needs %s", name,
                   dyn_cols ? "columns" : "rows", dyn_cols ? "chunk_cols=" : "chunk_rows=");
        C->failed = 1;
        return -1;
    }
    if (cc < 1)
        cc = cols * elem <= STAGING_BYTES ? cols : divisor_at_most(cols, STAGING_BYTES / elem);
    if (cr < 1)
        cr = divisor_at_most(rows, STAGING_BYTES / (cc * elem) ? STAGING_BYTES / (cc * elem) : 1);
    if ((!dyn_rows && rows % cr) || (!dyn_cols && cols % cc)) {
        diag_error(C->pc->diag, span, "'%s': chunk_rows= and chunk_cols= must divide the region it moves", name);
        C->failed = 1;
        return -1;
    }
    K->ch[n - 1] = cc;
    if (n == 2)
        K->ch[0] = cr;
    for (uint32_t d = 0; d < n; d++) {
        K->ext[d] = ext[d];
        K->ext_x[d] = ext_x ? ext_x[d] : NULL;
        K->iv[d] = K->ext_x[d] || ext[d] > K->ch[d]
                       ? lc_fresh(C, d == n - 1 ? "chunk_col" : "chunk_row", ir_type_scalar(ir, DT_INT64), span)
                       : NULL;
        K->at[d] = K->iv[d] ? &K->iv[d]->e : ir_const_int(ir, 0, DT_INT64, span);
        sz[d] = ph[d] = ir_const_int(ir, K->ch[d], DT_INT64, span);
        if (K->ext_x[d]) {
            const IrExpr *left = ir_binary(ir, BIN_SUB, DT_INT64, as_int64(C, K->ext_x[d], span), K->at[d], span);
            sz[d] = ir_binary(ir, BIN_MIN, DT_INT64, sz[d], left, span);
        }
    }
    /* The staging tile's rows are whole 32-byte blocks. */
    if ((K->ch[n - 1] * elem) % 32)
        ph[n - 1] = ir_const_int(ir, (K->ch[n - 1] * elem + 31) / 32 * 32 / elem, DT_INT64, span);
    K->sz = ir_make_tuple(ir, n, sz, span);
    K->phys = ir_make_tuple(ir, n, ph, span);
    return 0;
}

/* Chunks of a [SIZE] region moved as [1, chunk] tiles of a row of a
 * rank-2 window. */
static void chunks_of_row(Coll *C, Chunks *K, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrExpr *one = ir_const_int(ir, 1, DT_INT64, span);
    const IrExpr *sz[2] = {one, IR_AS(IrMakeTuple, K->sz)->elems[0]}, *ph[2] = {one, IR_AS(IrMakeTuple, K->phys)->elems[0]};
    K->sz = ir_make_tuple(ir, 2, sz, span);
    K->phys = ir_make_tuple(ir, 2, ph, span);
}

/* The block op that combines two tiles as ReduceOp r does. */
static const OpId combine[] = {[REDUCE_SUM] = OP_BLOCK_ADD, [REDUCE_MAX] = OP_BLOCK_MAXIMUM,
                               [REDUCE_MIN] = OP_BLOCK_MINIMUM, [REDUCE_PROD] = OP_BLOCK_MUL};

/* The offsets base + at (base NULL: zeros; base of rank m >= K->n: its
 * leading ones as they are, the last K->n moved by the chunk's place). */
static const IrExpr *chunk_at(Coll *C, const Chunks *K, uint32_t m, const IrExpr *const *base, Span span)
{
    const IrExpr *o[LEGAL_MAX_RANK];
    for (uint32_t d = 0; d < m; d++) {
        uint32_t k = d + K->n >= m ? d + K->n - m : UINT32_MAX;
        const IrExpr *b = base ? base[d] : ir_const_int(C->pc->ir, 0, DT_INT64, span);
        o[d] = k == UINT32_MAX ? b : plus(C, b, K->at[k], span);
    }
    return ir_make_tuple(C->pc->ir, m, o, span);
}

/* The body (nb statements) run for each chunk, appended to out. */
static void chunks_run(Coll *C, const Chunks *K, const IrStmt *const *body, uint32_t nb, const IrStmt **out,
                       uint32_t *k, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrStmt *s = ir_seq(ir, STMT_SEQ, nb, body, span);
    for (int d = (int)K->n - 1; d >= 0; d--)
        if (K->iv[d]) {
            const IrStmt *inner = s;
            s = lc_loop(C, K->iv[d], ir_const_int(ir, 0, DT_INT64, span),
                        K->ext_x[d] ? as_int64(C, K->ext_x[d], span) : ir_const_int(ir, K->ext[d], DT_INT64, span),
                        K->ch[d], &inner, 1, span);
        }
    lc_append(s, out, k);
}

/* The shape list of a transfer of a chunk's 2-D tile at offsets offs of a
 * window of rank 3 or more: shape2 after leading extents of 1, the form a
 * load of FlattenTileNdTo2D has (deduce_load); shape2 itself otherwise. */
static const IrExpr *nd_shape(Coll *C, const IrExpr *offs, const IrExpr *shape2, Span span)
{
    uint32_t m = IR_AS(IrMakeTuple, offs)->n, s = IR_AS(IrMakeTuple, shape2)->n;
    const IrExpr *e[LEGAL_MAX_RANK];
    if (m <= 2 || m <= s || s != 2)
        return shape2;
    for (uint32_t d = 0; d < m; d++)
        e[d] = d + s < m ? ir_const_int(C->pc->ir, 1, DT_INT64, span) : IR_AS(IrMakeTuple, shape2)->elems[d + s - m];
    return ir_make_tuple(C->pc->ir, m, e, span);
}

/* t = load(src, offs) of one chunk (peer non-NULL: a remote load), into
 * body; NULL after a report. */
static IrVar *stage_in(Coll *C, const Chunks *K, const IrExpr *src, const IrExpr *peer, const IrExpr *offs,
                       const char *name, const IrStmt **body, uint32_t *nb, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrExpr *v;
    const IrExpr *phys = nd_shape(C, offs, K->phys, span);
    if (peer) {
        const IrExpr *a[5] = {src, peer, offs, phys, K->sz};
        v = lc_op(C, OP_PLD_TILE_REMOTE_LOAD, 5, a, NULL, 0, span);
    } else {
        IrKwarg mem = {intern_cstr(ir->names, "target_memory"), KW_MEMSPACE, {.i = MS_VEC}};
        const IrExpr *a[4] = {src, offs, phys, K->sz};
        v = lc_op_kw(C, OP_BLOCK_LOAD, 4, a, 1, &mem, span);
    }
    if (!v)
        return NULL;
    IrVar *t = lc_fresh(C, name, IR_AS(IrCall, v)->type, span);
    body[(*nb)++] = ir_assign(ir, t, v, span);
    return t;
}

/* store(t, offs, dst) (peer non-NULL: a remote store, atomic a comm-enum
 * kwarg value or -1), into body; -1 after a report. */
static int stage_out(Coll *C, const Chunks *K, const IrExpr *t, const IrExpr *dst, const IrExpr *peer,
                     const IrExpr *offs, int64_t atomic, const IrStmt **body, uint32_t *nb, Span span)
{
    const IrExpr *v;
    if (peer) {
        const IrExpr *a[4] = {t, dst, peer, offs};
        v = lc_op(C, OP_PLD_TILE_REMOTE_STORE, 4, a, "atomic",
                  atomic >= 0 ? atomic : COMM_ENUM_PACK(CE_ATOMIC_TYPE, ATOMIC_NONE), span);
    } else {
        /* Where the chunk's extent is known only at run time, the store's
         * shape is the staging tile's there: a store writes the tile's
         * valid part (the lowering reads its extent from the tile). */
        const IrMakeTuple *sz = IR_AS(IrMakeTuple, K->sz), *ph = IR_AS(IrMakeTuple, K->phys);
        const IrExpr *shape[2];
        int64_t x;
        for (uint32_t d = 0; d < sz->n; d++)
            shape[d] = ir_dim_value(sz->elems[d], &x) ? sz->elems[d] : ph->elems[d];
        const IrExpr *a[4] = {t, offs, nd_shape(C, offs, ir_make_tuple(C->pc->ir, sz->n, shape, span), span), dst};
        v = lc_op(C, OP_BLOCK_STORE, 4, a, NULL, 0, span);
    }
    if (!v)
        return -1;
    body[(*nb)++] = ir_eval(C->pc->ir, v, span);
    return 0;
}

/* The extents dims of a region of t (rank 1 or 2) into ext: constants,
 * or, where ext_x is given, run-time ones there (ext -1); -1 after a
 * report. */
static int region_of(Coll *C, const IrType *t, const IrExpr *const *dims, const char *name, Span span, int64_t *ext,
                     const IrExpr **ext_x)
{
    for (uint32_t d = 0; t->kind == TYPE_TENSOR && t->n >= 1 && t->n <= 2 && d < t->n; d++) {
        if (ext_x)
            ext_x[d] = NULL;
        if (ir_dim_value(dims[d], &ext[d]))
            continue;
        if (!ext_x || dims[d]->kind == EXPR_CONST_INT)
            goto no;
        ext[d] = -1;
        ext_x[d] = dims[d];
    }
    if (t->kind == TYPE_TENSOR && t->n >= 1 && t->n <= 2)
        return 0;
no:
    diag_error(C->pc->diag, span, "'%s' of this tensor has no lowering yet: pyptocc moves regions of rank 1 and 2%s",
               name, ext_x ? "" : " of a constant shape");
    C->failed = 1;
    return -1;
}

/* ------------------------------------------------------------- put, get */

int lc_expand_put_get(Coll *C, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    const IrCall *c = ir_stmt_call(st);
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    IrCtx *ir = C->pc->ir;
    char buf[64];
    if (!op || (op->id != OP_PLD_TENSOR_PUT && op->id != OP_PLD_TENSOR_GET && op->id != OP_PLD_TENSOR_PUT_REGION &&
                op->id != OP_PLD_TENSOR_GET_REGION && op->id != OP_PLD_TENSOR_REMOTE_STORE && !staged_transfer(c)))
        return 0;
    /* pld.tensor.remote_store(src, target, peer, offsets) is a put of all
     * of src at offsets of the peer's target. */
    int store = op->id == OP_PLD_TENSOR_REMOTE_STORE;
    int put = store || op->id == OP_PLD_TENSOR_PUT || op->id == OP_PLD_TENSOR_PUT_REGION || op->id == OP_PLD_TILE_PUT ||
              op->id == OP_PLD_TILE_PUT_PINGPONG;
    int region = !staged_transfer(c) && c->nargs == 6;
    Span span = st->span;
    const char *name = op_printed_name(op, buf, sizeof buf);
    const IrExpr *dst = c->args[store ? 1 : 0], *peer = c->args[store ? 2 : 1], *src = c->args[store ? 0 : 2];
    const IrType *t = ir_expr_type(ir, store ? src : dst);
    const IrExpr *const *shape = region ? IR_AS(IrMakeTuple, c->args[5])->elems : t->dims;
    const IrExpr *const *doff = region ? IR_AS(IrMakeTuple, c->args[3])->elems : NULL;
    const IrExpr *const *soff = region ? IR_AS(IrMakeTuple, c->args[4])->elems : NULL;
    uint32_t dn = ir_expr_type(ir, dst)->n;
    int64_t ext[2];
    const IrExpr *ext_x[2];
    Chunks K;
    if (store) {
        if (c->args[3]->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, c->args[3])->n != dn) {
            diag_error(C->pc->diag, span, "'%s' needs a literal list of offsets of the window's rank", name);
            C->failed = 1;
            return 1;
        }
        doff = IR_AS(IrMakeTuple, c->args[3])->elems;
    }
    if (region_of(C, t, shape, name, span, ext, ext_x) != 0 ||
        chunks_plan(C, c, t->n, ext, ext_x, 0, (DataType)t->dtype, name, span, &K) != 0)
        return 1;
    const IrStmt *body[2];
    uint32_t nb = 0;
    const IrExpr *so = chunk_at(C, &K, ir_expr_type(ir, src)->n, soff, span);
    const IrExpr *dof = chunk_at(C, &K, dn, doff, span);
    const IrKwarg *atomic = ir_call_kwarg(c, "atomic");
    IrVar *tile = stage_in(C, &K, src, put ? NULL : peer, so, put ? "put_stage" : "get_stage", body, &nb, span);
    if (!tile || stage_out(C, &K, &tile->e, dst, put ? peer : NULL, dof, atomic ? atomic->v.i : -1, body, &nb, span) != 0)
        return 1;
    chunks_run(C, &K, body, nb, out, k, span);
    return 1;
}

/* ------------------------------------------------ allreduce, reduce_scatter */

/* acc = op(load(w, offs), remote_load(w, me + j mod n, offs) for j in
 * 1..n-1); barrier; store(acc, offs, w): one chunk's statements into
 * body; -1 after a report. */
static int reduce_chunk(Coll *C, const Chunks *K, const IrExpr *w, const IrExpr *sig, const IrVar *me, const IrVar *n,
                        int reduce, const IrExpr *offs, const IrStmt **body, uint32_t *nb, Span span)
{
    IrCtx *ir = C->pc->ir;
    IrVar *acc0 = stage_in(C, K, w, NULL, offs, "reduce_acc", body, nb, span);
    if (!acc0)
        return -1;
    const IrType *tt = acc0->type;
    IrVar *j = lc_fresh(C, "reduce_step", ir_type_scalar(ir, DT_INT64), span);
    IrIterArg *it = ir_iter_arg_new(ir, lc_fresh(C, "reduce_acc_iter", tt, span)->name, tt, &acc0->e, span);
    IrVar *accr = lc_fresh(C, "reduce_sum", tt, span), *next = lc_fresh(C, "reduce_next", tt, span);
    const IrExpr *me64 = ir_unary(ir, UN_CAST, DT_INT64, &me->e, span), *n64 = ir_unary(ir, UN_CAST, DT_INT64, &n->e, span);
    const IrExpr *peer = ir_binary(ir, BIN_FLOOR_MOD, DT_INT64, ir_binary(ir, BIN_ADD, DT_INT64, me64, &j->e, span), n64, span);
    const IrStmt *inner[3];
    uint32_t ni = 0;
    IrVar *got = stage_in(C, K, w, peer, offs, "reduce_peer", inner, &ni, span);
    const IrExpr *ca[2] = {&it->v.e, got ? &got->e : NULL};
    const IrExpr *cb = got ? lc_op(C, combine[reduce], 2, ca, NULL, 0, span) : NULL;
    if (!cb)
        return -1;
    inner[ni++] = ir_assign(ir, next, cb, span);
    inner[ni++] = ir_yield(ir, 1, (const IrExpr *const[]){&next->e}, span);
    const IrIterArg *its[1] = {it};
    const IrVar *rets[1] = {accr};
    body[(*nb)++] = ir_for(ir, FOR_SEQUENTIAL, j, ir_const_int(ir, 1, DT_INT64, span), n64,
                           ir_const_int(ir, 1, DT_INT64, span), 1, its, rets, ir_seq(ir, STMT_SEQ, ni, inner, span), span);
    if (lc_barrier(C, sig, me, n, body, nb, span) != 0)
        return -1;
    return stage_out(C, K, &accr->e, w, NULL, offs, -1, body, nb, span);
}

/* The part of a window an allreduce combines: its valid part (its view's
 * valid shape, or all of it), the last two dimensions (or the one) a
 * region cut into chunks, each index of the dimensions before them a loop
 * (a variable where the extent is not 1) and the offset `base` there. */
typedef struct Lead {
    uint32_t n, lead;                 /* the region's rank, the leading dimensions' number */
    IrVar *iv[LEGAL_MAX_RANK];
    const IrExpr *stop[LEGAL_MAX_RANK];
    const IrExpr *base[LEGAL_MAX_RANK];
} Lead;

/* New loop variables of the leading dimensions (a loop each time). */
static void lead_vars(Coll *C, Lead *R, Span span)
{
    for (uint32_t d = 0; d < R->lead; d++)
        if (R->stop[d]) {
            R->iv[d] = lc_fresh(C, "reduce_lead", ir_type_scalar(C->pc->ir, DT_INT64), span);
            R->base[d] = &R->iv[d]->e;
        }
}

/* The valid part of window t as a region (ext, ext_x: run-time extents)
 * and its leading loops (R); -1 after a report. */
static int reduce_region(Coll *C, const IrType *t, const char *name, Span span, int64_t *ext, const IrExpr **ext_x,
                         Lead *R)
{
    IrCtx *ir = C->pc->ir;
    if (t->kind != TYPE_TENSOR || t->n < 1 || t->n > LEGAL_MAX_RANK) {
        diag_error(C->pc->diag, span, "'%s' of this tensor has no lowering yet: pyptocc reduces windows of rank 1 to %d",
                   name, LEGAL_MAX_RANK);
        C->failed = 1;
        return -1;
    }
    const IrExpr *const *valid = ir_tensor_valid_dims(t);
    memset(R, 0, sizeof *R);
    R->n = t->n >= 2 ? 2 : 1;
    R->lead = t->n - R->n;
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t v;
        int known = ir_dim_value(valid[d], &v);
        R->base[d] = ir_const_int(ir, 0, DT_INT64, span);
        if (d >= R->lead) {
            ext[d - R->lead] = known ? v : -1;
            ext_x[d - R->lead] = known ? NULL : valid[d];
        } else if (!known || v != 1) {
            R->stop[d] = known ? ir_const_int(ir, v, DT_INT64, span) : as_int64(C, valid[d], span);
        }
    }
    lead_vars(C, R, span);
    return 0;
}

/* The chunks' statements in the loops of the leading dimensions. */
static const IrStmt *lead_loops(Coll *C, const Lead *R, const IrStmt *const *body, uint32_t nb, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrStmt *s = ir_seq(ir, STMT_SEQ, nb, body, span);
    for (int d = (int)R->lead - 1; d >= 0; d--)
        if (R->iv[d]) {
            const IrStmt *inner = s;
            s = lc_loop(C, R->iv[d], ir_const_int(ir, 0, DT_INT64, span), R->stop[d], 1, &inner, 1, span);
        }
    return s;
}

/* x op y, INT64. */
static const IrExpr *i64(Coll *C, IrBinaryOp op, const IrExpr *x, const IrExpr *y, Span span)
{
    return ir_binary(C->pc->ir, op, DT_INT64, as_int64(C, x, span), as_int64(C, y, span), span);
}

/* The first column of ring segment k of cols columns over nr ranks:
 * floor(k cols / nr), rounded up to a whole 32-byte block for elements
 * of fewer than 4 bytes (pypto's FP16 segments) and at most cols. */
static const IrExpr *seg_bound(Coll *C, const IrExpr *k, const IrExpr *cols, int64_t nr, int64_t align, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrExpr *b = i64(C, BIN_FLOOR_DIV, i64(C, BIN_MUL, k, cols, span), ir_const_int(ir, nr, DT_INT64, span), span);
    if (align > 1)
        b = i64(C, BIN_MUL,
                i64(C, BIN_FLOOR_DIV, i64(C, BIN_ADD, b, ir_const_int(ir, align - 1, DT_INT64, span), span),
                    ir_const_int(ir, align, DT_INT64, span), span),
                ir_const_int(ir, align, DT_INT64, span), span);
    return i64(C, BIN_MIN, b, cols, span);
}

/* The same at compile time. */
static int64_t seg_bound_of(int64_t k, int64_t cols, int64_t nr, int64_t align)
{
    int64_t b = (k * cols / nr + align - 1) / align * align;
    return b < cols ? b : cols;
}

/* The ring all-reduce (pypto's mode="ring"; docs/en/user/distributed/
 * 01-collectives.md) over NR ranks, the signal [2 (NR - 1), NR] (NR a
 * constant).  The window's valid part is reduced as the mesh does it
 * (reduce_region: loops over the leading dimensions, a region of the last
 * two), its columns cut into NR segments of balanced bounds (seg_bound):
 * reduce-scatter rounds s = 0..NR-2, in which rank r adds segment
 * (r - s - 1) mod NR of rank r - 1 to its own, then allgather rounds in
 * which it copies segment (r - s) mod NR of rank r - 1, each round after
 * a barrier on its own row of the signal (the segment a rank writes in a
 * round is never the one its successor reads in it), and a last barrier
 * before any rank writes its window again.  A segment of a width known
 * only at run time goes in chunks whose last is the valid part of its
 * tile.  0, or -1 after a report. */
static int ring_allreduce(Coll *C, const IrExpr *w, const IrExpr *sig, int reduce, const char *name, Span span,
                          const IrStmt **out, uint32_t *k)
{
    IrCtx *ir = C->pc->ir;
    const IrType *t = ir_expr_type(ir, w), *st = ir_expr_type(ir, sig);
    int64_t nr, rows, elem = dtype_bytes((DataType)t->dtype), ext[2];
    const IrExpr *ext_x[2];
    Lead R;
    if (st->n != 2 || !ir_dim_value(st->dims[1], &nr) || !ir_dim_value(st->dims[0], &rows) || nr < 2 ||
        rows < 2 * (nr - 1)) {
        diag_error(C->pc->diag, span,
                   "'%s' with mode=\"ring\" has no lowering here: pyptocc's ring takes a signal [2 (NR - 1), NR] of "
                   "a constant NR",
                   name);
        C->failed = 1;
        return -1;
    }
    if (reduce_region(C, t, name, span, ext, ext_x, &R) != 0)
        return -1;
    uint32_t last = R.n - 1;
    int64_t cols = ext[last], align = elem < 4 ? 32 / elem : 1, widest = -1;
    const IrExpr *cols_e = ext_x[last] ? ext_x[last] : ir_const_int(ir, cols, DT_INT64, span);
    int uniform = !ext_x[last] && cols % nr == 0 && (cols / nr) % align == 0;
    if (!ext_x[last])
        for (int64_t q = 0; q < nr; q++) {
            int64_t wq = seg_bound_of(q + 1, cols, nr, align) - seg_bound_of(q, cols, nr, align);
            widest = wq > widest ? wq : widest;
        }
    IrVar *me, *n;
    if (lc_rank_of(C, sig, &me, &n, out, k, span) != 0)
        return -1;
    const IrExpr *me64 = as_int64(C, &me->e, span), *zero = ir_const_int(ir, 0, DT_INT64, span);
    const IrExpr *nrc = ir_const_int(ir, nr, DT_INT64, span);
    const IrExpr *prev = i64(C, BIN_FLOOR_MOD, i64(C, BIN_ADD, me64, ir_const_int(ir, nr - 1, DT_INT64, span), span),
                             nrc, span);
    for (int phase = 0; phase < 2; phase++) {
        /* for s in range(NR - 1): barrier on row phase (NR - 1) + s; segment (me - s - 1 + phase) mod NR */
        IrVar *sv = lc_fresh(C, phase ? "ring_gather" : "ring_reduce", ir_type_scalar(ir, DT_INT64), span);
        const IrExpr *row = phase ? i64(C, BIN_ADD, ir_const_int(ir, nr - 1, DT_INT64, span), &sv->e, span) : &sv->e;
        const IrExpr *segk = i64(
            C, BIN_FLOOR_MOD,
            i64(C, BIN_SUB, i64(C, BIN_ADD, me64, ir_const_int(ir, 2 * nr, DT_INT64, span), span),
                i64(C, BIN_ADD, &sv->e, ir_const_int(ir, 1 - phase, DT_INT64, span), span), span),
            nrc, span);
        const IrExpr *lo = seg_bound(C, segk, cols_e, nr, align, span);
        int64_t sext[2] = {ext[0], ext[1]};
        const IrExpr *sext_x[2] = {ext_x[0], ext_x[1]};
        Chunks K;
        sext[last] = uniform ? cols / nr : -1;
        sext_x[last] = uniform ? NULL
                               : i64(C, BIN_SUB, seg_bound(C, i64(C, BIN_ADD, segk, ir_const_int(ir, 1, DT_INT64, span), span),
                                                           cols_e, nr, align, span),
                                     lo, span);
        if (chunks_plan(C, NULL, R.n, sext, sext_x, widest, (DataType)t->dtype, name, span, &K) != 0)
            return -1;
        const IrExpr *base[LEGAL_MAX_RANK];
        if (phase)
            lead_vars(C, &R, span);
        for (uint32_t d = 0; d < t->n; d++)
            base[d] = R.base[d];
        base[t->n - 1] = lo;
        const IrExpr *offs = chunk_at(C, &K, t->n, base, span);
        const IrStmt *body[EXPANSION_STMTS], *piece[EXPANSION_STMTS], *chunks[EXPANSION_STMTS];
        uint32_t nb = 0, np = 0, nc = 0;
        if (lc_barrier_row(C, sig, row, me, n, body, &nb, span) != 0)
            return -1;
        IrVar *got = stage_in(C, &K, w, prev, offs, "ring_peer", piece, &np, span);
        if (!got)
            return -1;
        const IrExpr *value = &got->e;
        if (!phase) {
            IrVar *mine = stage_in(C, &K, w, NULL, offs, "ring_mine", piece, &np, span);
            const IrExpr *ca[2] = {mine ? &mine->e : NULL, &got->e};
            const IrExpr *cb = mine ? lc_op(C, combine[reduce], 2, ca, NULL, 0, span) : NULL;
            if (!cb)
                return -1;
            IrVar *sum = lc_fresh(C, "ring_sum", IR_AS(IrCall, cb)->type, span);
            piece[np++] = ir_assign(ir, sum, cb, span);
            value = &sum->e;
        }
        if (stage_out(C, &K, value, w, NULL, offs, -1, piece, &np, span) != 0)
            return -1;
        chunks_run(C, &K, piece, np, chunks, &nc, span);
        body[nb++] = lead_loops(C, &R, chunks, nc, span);
        out[(*k)++] = lc_loop(C, sv, zero, ir_const_int(ir, nr - 1, DT_INT64, span), 1, body, nb, span);
    }
    return lc_barrier_row(C, sig, zero, me, n, out, k, span);
}

/* `d = pld.tensor.allreduce(w, signal, op=..)` (mesh) and
 * `d = pld.tensor.reduce_scatter(w, signal, op=..)` (row me of w). */
int lc_expand_reduce(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    const IrCall *c = ir_stmt_call(st);
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    IrCtx *ir = C->pc->ir;
    char buf[64];
    if (!op || (!(op->id == OP_PLD_TENSOR_ALLREDUCE && c->nargs == 2) && op->id != OP_PLD_TENSOR_REDUCE_SCATTER))
        return 0;
    int scatter = op->id == OP_PLD_TENSOR_REDUCE_SCATTER;
    Span span = st->span;
    const char *name = op_printed_name(op, buf, sizeof buf);
    const IrExpr *w = c->args[0], *sig = c->args[1];
    const IrType *t = ir_expr_type(ir, w);
    const IrKwarg *mode = ir_call_kwarg(c, "mode"), *rop = ir_call_kwarg(c, "op");
    int reduce = rop && rop->kind == KW_COMM_ENUM ? COMM_ENUM_VALUE(rop->v.i) : REDUCE_SUM;
    int64_t ext[2];
    const IrExpr *ext_x[2];
    Chunks K;
    Lead R;
    if (reduce < 0 || reduce > REDUCE_PROD)
        return 0;
    if (!scatter && mode && mode->kind == KW_STRING && strcmp(mode->v.s, "ring") == 0) {
        if (ring_allreduce(C, w, sig, reduce, name, span, out, k) == 0 && st->kind == STMT_ASSIGN)
            ir_mutator_replace(m, IR_AS(IrAssign, st)->var, w);
        return 1;
    }
    if (scatter) {
        /* row me of a [NR, SIZE] window: a [SIZE] region of row offset me */
        if (t->n != 2 || !ir_dim_value(t->dims[1], &ext[0])) {
            diag_error(C->pc->diag, span, "'%s' of this window has no lowering yet: pyptocc reduces row r of an [NR, SIZE] "
                                          "window of a constant SIZE into rank r's",
                       name);
            C->failed = 1;
            return 1;
        }
    } else if (reduce_region(C, t, name, span, ext, ext_x, &R) != 0) {
        return 1;
    }
    if (chunks_plan(C, c, scatter ? 1 : R.n, ext, scatter ? NULL : ext_x, -1, (DataType)t->dtype, name, span, &K) != 0)
        return 1;
    IrVar *me, *n;
    if (lc_rank_of(C, sig, &me, &n, out, k, span) != 0 || lc_barrier(C, sig, me, n, out, k, span) != 0)
        return 1;
    const IrExpr *row[2] = {ir_unary(ir, UN_CAST, DT_INT64, &me->e, span), ir_const_int(ir, 0, DT_INT64, span)};
    const IrExpr *offs = chunk_at(C, &K, t->n, scatter ? row : R.base, span);
    const IrStmt *body[EXPANSION_STMTS], *chunks[EXPANSION_STMTS];
    uint32_t nb = 0, nc = 0;
    if (scatter) /* a [1, chunk] tile of the row */
        chunks_of_row(C, &K, span);
    if (reduce_chunk(C, &K, w, sig, me, n, reduce, offs, body, &nb, span) != 0)
        return 1;
    chunks_run(C, &K, body, nb, chunks, &nc, span);
    lc_append(scatter ? ir_seq(ir, STMT_SEQ, nc, chunks, span) : lead_loops(C, &R, chunks, nc, span), out, k);
    if (st->kind == STMT_ASSIGN)
        ir_mutator_replace(m, IR_AS(IrAssign, st)->var, w);
    return 1;
}

/* ------------------------------------------- broadcast, allgather, all_to_all */

int lc_expand_spread(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    const IrCall *c = ir_stmt_call(st);
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    IrCtx *ir = C->pc->ir;
    char buf[64];
    if (!op || (op->id != OP_PLD_TENSOR_BROADCAST && op->id != OP_PLD_TENSOR_ALLGATHER &&
                op->id != OP_PLD_TENSOR_ALL_TO_ALL))
        return 0;
    Span span = st->span;
    const char *name = op_printed_name(op, buf, sizeof buf);
    int bcast = op->id == OP_PLD_TENSOR_BROADCAST, gather = op->id == OP_PLD_TENSOR_ALLGATHER;
    const IrExpr *x = bcast ? NULL : c->args[0], *w = c->args[bcast ? 0 : 1], *sig = c->args[bcast ? 1 : 2];
    const IrType *wt = ir_expr_type(ir, w), *xt = x ? ir_expr_type(ir, x) : wt;
    int64_t ext[2];
    Chunks K;
    IrVar *me, *n;
    const IrStmt *body[EXPANSION_STMTS], *inner[EXPANSION_STMTS];
    uint32_t nb = 0, ni = 0;
    if (bcast ? region_of(C, wt, wt->dims, name, span, ext, NULL) != 0
              : gather ? region_of(C, xt, xt->dims, name, span, ext, NULL) != 0 || wt->n != 2
                       : xt->n != 2 || wt->n != 2 || !ir_dim_value(xt->dims[1], &ext[0])) {
        if (!C->failed)
            diag_error(C->pc->diag, span, "'%s' of these tensors has no lowering yet: pyptocc moves [R, C] rows into a "
                                          "window of rows, and rows of an [NR, SIZE] input",
                       name);
        C->failed = 1;
        return 1;
    }
    /* (all_to_all moves row p of the input, a region [SIZE] at [p, 0]) */
    uint32_t rn = bcast || gather ? xt->n : 1;
    if (chunks_plan(C, c, rn, ext, NULL, 0, (DataType)wt->dtype, name, span, &K) != 0 ||
        lc_rank_of(C, sig, &me, &n, out, k, span) != 0)
        return 1;
    const IrExpr *me64 = ir_unary(ir, UN_CAST, DT_INT64, &me->e, span), *zero = ir_const_int(ir, 0, DT_INT64, span);
    if (!gather && !bcast)
        chunks_of_row(C, &K, span);
    if (bcast) {
        /* barrier (the root has staged); non-roots copy the root's; barrier */
        const IrKwarg *root = ir_call_kwarg(c, "root");
        const IrExpr *r = ir_const_int(ir, root && root->kind == KW_INT ? root->v.i : 0, DT_INT64, span);
        const IrExpr *offs = chunk_at(C, &K, wt->n, NULL, span);
        if (lc_barrier(C, sig, me, n, out, k, span) != 0)
            return 1;
        IrVar *t = stage_in(C, &K, w, r, offs, "bcast_stage", inner, &ni, span);
        if (!t || stage_out(C, &K, &t->e, w, NULL, offs, -1, inner, &ni, span) != 0)
            return 1;
        chunks_run(C, &K, inner, ni, body, &nb, span);
        const IrStmt *then = ir_seq(ir, STMT_SEQ, nb, body, span);
        out[(*k)++] = ir_if(ir, ir_binary(ir, BIN_NE, DT_BOOL, me64, r, span), then, NULL, 0, NULL, span);
    } else {
        /* for p in range(n): push this rank's part into p's window */
        IrVar *p = lc_fresh(C, gather ? "gather_peer" : "a2a_peer", ir_type_scalar(ir, DT_INT64), span);
        const IrExpr *xo, *wo;
        if (gather) {
            /* x [R, C] (or [C]) lands at rows me R of w */
            const IrExpr *rows = xt->n == 2 ? ir_const_int(ir, ext[0], DT_INT64, span) : ir_const_int(ir, 1, DT_INT64, span);
            const IrExpr *wb[2] = {ir_binary(ir, BIN_MUL, DT_INT64, me64, rows, span), zero};
            xo = chunk_at(C, &K, xt->n, NULL, span);
            wo = xt->n == 2 ? chunk_at(C, &K, 2, wb, span)
                            : ir_make_tuple(ir, 2, (const IrExpr *const[]){wb[0], K.at[0]}, span);
        } else {
            const IrExpr *xb[2] = {&p->e, zero}, *wb[2] = {me64, zero};
            xo = chunk_at(C, &K, 2, xb, span);
            wo = chunk_at(C, &K, 2, wb, span);
        }
        IrVar *t = stage_in(C, &K, x, NULL, xo, gather ? "gather_stage" : "a2a_stage", inner, &ni, span);
        if (!t || stage_out(C, &K, &t->e, w, &p->e, wo, -1, inner, &ni, span) != 0)
            return 1;
        chunks_run(C, &K, inner, ni, body, &nb, span);
        out[(*k)++] = lc_loop(C, p, zero, ir_unary(ir, UN_CAST, DT_INT64, &n->e, span), 1, body, nb, span);
    }
    if (lc_barrier(C, sig, me, n, out, k, span) != 0)
        return 1;
    if (st->kind == STMT_ASSIGN)
        ir_mutator_replace(m, IR_AS(IrAssign, st)->var, w);
    return 1;
}

/* ------------------------------------------------------------ all_to_all_v */

/* `d = pld.tensor.all_to_all_v(x, w, s, send_counts, recv_counts)`: x and
 * w [NR MR, SIZE] (MR = MAX_RECV, NR the signal's [NR, 1] rows, constants)
 * hold a block of MR rows per rank.  For p in range(n): the count
 * min(send_counts[p], MR) is set into p's recv_counts[me, 0], and block p
 * of x is put whole into block me of p's window (the rows past the count
 * cross too: the receiver reads its count); then a barrier. */
int lc_expand_a2av(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    const IrCall *c = ir_stmt_call(st);
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    IrCtx *ir = C->pc->ir;
    char buf[64];
    if (!op || op->id != OP_PLD_TENSOR_ALL_TO_ALL_V || c->nargs != 5)
        return 0;
    Span span = st->span;
    const char *name = op_printed_name(op, buf, sizeof buf);
    const IrExpr *x = c->args[0], *w = c->args[1], *sig = c->args[2], *cnt = c->args[3], *rc = c->args[4];
    const IrType *xt = ir_expr_type(ir, x), *wt = ir_expr_type(ir, w), *sgt = ir_expr_type(ir, sig);
    const IrType *ct = ir_expr_type(ir, cnt), *rt = ir_expr_type(ir, rc);
    int64_t total, size, xr, xc, nr = 0, mr;
    if (xt->kind != TYPE_TENSOR || wt->n != 2 || xt->n != 2 || sgt->n != 2 || rt->n != 2 ||
        ct->kind != TYPE_TENSOR || ct->n < 1 || ct->n > 2 || !ir_dim_value(wt->dims[0], &total) ||
        !ir_dim_value(wt->dims[1], &size) || !ir_dim_value(xt->dims[0], &xr) || !ir_dim_value(xt->dims[1], &xc) ||
        xr != total || xc != size || !ir_dim_value(sgt->dims[0], &nr) || nr < 1 || total % nr) {
        diag_error(C->pc->diag, span,
                   "'%s' of these tensors has no lowering yet: pyptocc exchanges the blocks of an input and a window "
                   "[NR MAX_RECV, SIZE] of constant extents, NR the rows of the signal [NR, 1]",
                   name);
        C->failed = 1;
        return 1;
    }
    mr = total / nr;
    int64_t ext[2] = {mr, size};
    Chunks K;
    IrVar *me, *n;
    if (chunks_plan(C, c, 2, ext, NULL, 0, (DataType)wt->dtype, name, span, &K) != 0 ||
        lc_rank_of(C, sig, &me, &n, out, k, span) != 0)
        return 1;
    const IrExpr *me64 = as_int64(C, &me->e, span), *zero = ir_const_int(ir, 0, DT_INT64, span);
    const IrExpr *mrc = ir_const_int(ir, mr, DT_INT64, span);
    IrVar *p = lc_fresh(C, "a2av_peer", ir_type_scalar(ir, DT_INT64), span);
    const IrStmt *body[EXPANSION_STMTS], *inner[EXPANSION_STMTS];
    uint32_t nb = 0, ni = 0;
    /* the count, clamped, into p's recv_counts[me, 0] */
    const IrExpr *at[2] = {&p->e, zero};
    const IrExpr *ra[2] = {cnt, ir_make_tuple(ir, ct->n, at, span)};
    const IrExpr *read = lc_op(C, OP_BLOCK_GM_READ, 2, ra, NULL, 0, span);
    if (!read)
        return 1;
    IrVar *count = lc_fresh(C, "a2av_count", IR_AS(IrCall, read)->type, span);
    body[nb++] = ir_assign(ir, count, read, span);
    const IrExpr *clamped = ir_binary(ir, BIN_MIN, DT_INT32, ir_unary(ir, UN_CAST, DT_INT32, &count->e, span),
                                      ir_const_int(ir, mr, DT_INT32, span), span);
    const IrExpr *na[4] = {rc, &p->e, ir_make_tuple(ir, 2, (const IrExpr *const[]){me64, zero}, span), clamped};
    const IrExpr *set = lc_op(C, OP_PLD_SYSTEM_NOTIFY, 4, na, "op", COMM_ENUM_PACK(CE_NOTIFY_OP, NOTIFY_SET), span);
    if (!set)
        return 1;
    body[nb++] = ir_eval(ir, set, span);
    /* block p of x into block me of p's window */
    const IrExpr *xb[2] = {ir_binary(ir, BIN_MUL, DT_INT64, &p->e, mrc, span), zero};
    const IrExpr *wb[2] = {ir_binary(ir, BIN_MUL, DT_INT64, me64, mrc, span), zero};
    IrVar *t = stage_in(C, &K, x, NULL, chunk_at(C, &K, 2, xb, span), "a2av_stage", inner, &ni, span);
    if (!t || stage_out(C, &K, &t->e, w, &p->e, chunk_at(C, &K, 2, wb, span), -1, inner, &ni, span) != 0)
        return 1;
    chunks_run(C, &K, inner, ni, body, &nb, span);
    out[(*k)++] = lc_loop(C, p, zero, as_int64(C, &n->e, span), 1, body, nb, span);
    if (lc_barrier(C, sig, me, n, out, k, span) != 0)
        return 1;
    if (st->kind == STMT_ASSIGN)
        ir_mutator_replace(m, IR_AS(IrAssign, st)->var, w);
    return 1;
}
