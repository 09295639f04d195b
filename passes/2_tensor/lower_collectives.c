/* lower_collectives.c: LowerCollectives, the kernel half of pypto's
 * LowerCompositeOps for the distributed layer (pypto@e2d0f78a
 * docs/en/dev/distributed_ops.md, "Barrier-signal protocol").  In a
 * kernel, `s2 = pld.tensor.barrier(s)` becomes the self-clearing credit
 * barrier of notifies and waits on the signal window s ([NR, 1] or
 * [NR]: one INT32 cell per rank), then s2 names s:
 *
 *     ctx = pld.system.get_comm_ctx(s); me = rank(ctx); n = nranks(ctx)
 *     for peer in range(n): if peer != me: notify(s, peer, [me, 0], 1, AtomicAdd)
 *     for src in range(n):  if src != me:  wait(s, [src, 0], 1, Ge)
 *     for src in range(n):  if src != me:  notify(s, me, [src, 0], -1, AtomicAdd)
 *
 * Every notify adds a credit to the cell of its sender on the receiver;
 * the wait passes once each peer's credit is there (Ge: a fast peer may
 * have added its next call's already); the epilogue takes this call's
 * credits back, so the signal is all-zero again once every rank is past
 * it, and the barrier can run again in a loop.  MaterializeCommContext
 * (next) gives get_comm_ctx its meaning.
 *
 * pld.tensor.put and get (and their region forms) move their data as
 * TPUT and TGET do, through a Vec staging tile, a chunk of at most 16 KiB
 * (or chunk_rows x chunk_cols) at a time: a load and a remote store, or a
 * remote load and a store.  The other collectives stay the op table's
 * reasons. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

#include <string.h>

typedef struct Coll {
    PassCtx *pc;
    PtrMap names;              /* the (interned) names the function defines, and those given since */
    int failed;
} Coll;

/* A variable of type t named base (or base_<n>, the first that is new). */
static IrVar *fresh(Coll *C, const char *base, const IrType *t, Span span)
{
    return pass_fresh_var(C->pc->ir, &C->names, base, t, span);
}

/* op(args..., kwarg key = value) with its deduced type; NULL after a
 * report. */
static const IrExpr *op_call(Coll *C, OpId id, uint32_t n, const IrExpr *const *args, const char *key, int64_t kv,
                             Span span)
{
    IrCtx *ir = C->pc->ir;
    const OpDef *op = op_by_id(id);
    IrKwarg kw = {key ? intern_cstr(ir->names, key) : NULL, KW_COMM_ENUM, {.i = kv}};
    const IrKwarg *kws = key ? ir_kwargs_intern(ir, 1, &kw) : NULL;
    OpError err;
    const IrType *t = op_deduce(ir, op, args, n, kws, key ? 1 : 0, &err);
    if (!t) {
        diag_error(C->pc->diag, span, "the expansion's %s does not type-check: %s", op_name(op), err.msg);
        C->failed = 1;
        return NULL;
    }
    return ir_call(ir, &op->callee, n, args, key ? 1 : 0, kws, t, span);
}

/* The cell of rank x in signal s: [x, 0] or [x]. */
static const IrExpr *cell(Coll *C, const IrType *s, const IrExpr *x, Span span)
{
    const IrExpr *e[2] = {x, ir_const_int(C->pc->ir, 0, DT_INT64, span)};
    return ir_make_tuple(C->pc->ir, s->n, e, span);
}

/* for v in range(n): if v != me: body(v) -- one of the barrier's loops. */
static const IrStmt *each_peer(Coll *C, const char *name, const IrExpr *n, const IrExpr *me, const IrExpr *sig,
                               int wait, const IrExpr *value_or_null, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrType *i64 = ir_type_scalar(ir, DT_INT64);
    IrVar *v = fresh(C, name, i64, span);
    const IrExpr *me64 = ir_unary(ir, UN_CAST, DT_INT64, me, span);
    const IrExpr *cond = ir_binary(ir, BIN_NE, DT_BOOL, &v->e, me64, span);
    const IrExpr *one = ir_const_int(ir, 1, DT_INT32, span);
    const IrExpr *call;
    if (wait) {   /* wait(s, [v, 0], 1, cmp=Ge) */
        const IrExpr *a[3] = {sig, cell(C, ir_expr_type(ir, sig), &v->e, span), one};
        call = op_call(C, OP_PLD_SYSTEM_WAIT, 3, a, "cmp", COMM_ENUM_PACK(CE_WAIT_CMP, WAIT_GE), span);
    } else if (!value_or_null) {   /* notify(s, v, [me, 0], 1, op=AtomicAdd) */
        const IrExpr *a[4] = {sig, &v->e, cell(C, ir_expr_type(ir, sig), me, span), one};
        call = op_call(C, OP_PLD_SYSTEM_NOTIFY, 4, a, "op", COMM_ENUM_PACK(CE_NOTIFY_OP, NOTIFY_ATOMIC_ADD), span);
    } else {   /* notify(s, me, [v, 0], -1, op=AtomicAdd): the epilogue */
        const IrExpr *a[4] = {sig, me, cell(C, ir_expr_type(ir, sig), &v->e, span), value_or_null};
        call = op_call(C, OP_PLD_SYSTEM_NOTIFY, 4, a, "op", COMM_ENUM_PACK(CE_NOTIFY_OP, NOTIFY_ATOMIC_ADD), span);
    }
    if (!call)
        return NULL;
    const IrStmt *then = ir_eval(ir, call, span);
    const IrStmt *iff = ir_if(ir, cond, ir_seq(ir, STMT_SEQ, 1, &then, span), NULL, 0, NULL, span);
    return ir_for(ir, FOR_SEQUENTIAL, v, ir_const_int(ir, 0, DT_INT64, span), ir_unary(ir, UN_CAST, DT_INT64, n, span),
                  ir_const_int(ir, 1, DT_INT64, span), 0, NULL, NULL, ir_seq(ir, STMT_SEQ, 1, &iff, span), span);
}

/* The rank and the number of ranks of window w's context, defined into
 * out; 0, or -1 after a report. */
static int rank_of(Coll *C, const IrExpr *w, IrVar **me, IrVar **n, const IrStmt **out, uint32_t *k, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrType *i32 = ir_type_scalar(ir, DT_INT32);
    IrVar *ctx = fresh(C, "comm_ctx", ir_type_comm_ctx(ir), span);
    *me = fresh(C, "comm_rank", i32, span);
    *n = fresh(C, "comm_nranks", i32, span);
    const IrExpr *get = op_call(C, OP_PLD_SYSTEM_GET_COMM_CTX, 1, &w, NULL, 0, span);
    const IrExpr *rk = op_call(C, OP_PLD_SYSTEM_RANK, 1, (const IrExpr *const[]){&ctx->e}, NULL, 0, span);
    const IrExpr *nr = op_call(C, OP_PLD_SYSTEM_NRANKS, 1, (const IrExpr *const[]){&ctx->e}, NULL, 0, span);
    if (!get || !rk || !nr)
        return -1;
    out[(*k)++] = ir_assign(ir, ctx, get, span);
    out[(*k)++] = ir_assign(ir, *me, rk, span);
    out[(*k)++] = ir_assign(ir, *n, nr, span);
    return 0;
}

/* The barrier's three loops on signal sig, into out; 0, or -1. */
static int barrier_loops(Coll *C, const IrExpr *sig, const IrVar *me, const IrVar *n, const IrStmt **out, uint32_t *k,
                         Span span)
{
    const IrStmt *loops[3];
    loops[0] = each_peer(C, "barrier_peer", &n->e, &me->e, sig, 0, NULL, span);
    loops[1] = each_peer(C, "barrier_src", &n->e, &me->e, sig, 1, NULL, span);
    loops[2] = each_peer(C, "barrier_src", &n->e, &me->e, sig, 0, ir_const_int(C->pc->ir, -1, DT_INT32, span), span);
    if (!loops[0] || !loops[1] || !loops[2])
        return -1;
    for (int i = 0; i < 3; i++)
        out[(*k)++] = loops[i];
    return 0;
}

/* `d = pld.tensor.barrier(s)` (or its evaluation) expanded into out; d
 * names s after it.  0 when st is no barrier. */
static int expand_barrier(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    const IrCall *c = ir_stmt_call(st);
    IrVar *me, *n;
    if (!c || !op_is(callee_op(c->callee), OP_PLD_TENSOR_BARRIER) || c->nargs != 1)
        return 0;
    if (rank_of(C, c->args[0], &me, &n, out, k, st->span) == 0)
        barrier_loops(C, c->args[0], me, n, out, k, st->span);
    if (st->kind == STMT_ASSIGN)
        ir_mutator_replace(m, IR_AS(IrAssign, st)->var, c->args[0]);
    return 1;
}

/* ---------------------------------------------------------- put, get */

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

/* The chunk of a transfer of shape ext (rank n, constant) that one
 * staging tile holds: chunk_rows x chunk_cols when given, else whole rows
 * (as many as fit), or part of one; -1 when the kwargs do not divide it. */
static int staging_chunk(const IrCall *c, uint32_t n, const int64_t *ext, int64_t elem, int64_t *ch)
{
    int64_t cols = ext[n - 1], rows = n == 2 ? ext[0] : 1, cr = -1, cc = -1;
    const IrKwarg *kr = ir_call_kwarg(c, "chunk_rows"), *kc = ir_call_kwarg(c, "chunk_cols");
    if (kr && kr->kind == KW_INT)
        cr = kr->v.i;
    if (kc && kc->kind == KW_INT)
        cc = kc->v.i;
    if (cc < 1)
        cc = cols * elem <= STAGING_BYTES ? cols : divisor_at_most(cols, STAGING_BYTES / elem);
    if (cr < 1)
        cr = divisor_at_most(rows, STAGING_BYTES / (cc * elem) ? STAGING_BYTES / (cc * elem) : 1);
    ch[n - 1] = cc;
    if (n == 2)
        ch[0] = cr;
    return rows % cr || cols % cc ? -1 : 0;
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

/* put(dst, peer, src) / get(...) and their region forms (dst, peer, src,
 * dst_offsets, src_offsets, shape): TPUT and TGET move their data through
 * a Vec staging tile, which is what they become here, one chunk of at
 * most STAGING_BYTES (or chunk_rows x chunk_cols) at a time:
 *     put:  t = load(src, at); remote_store(t, dst, peer, at')
 *     get:  t = remote_load(src, peer, at); store(t, at', dst) */
static int expand_put_get(Coll *C, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    const IrCall *c = ir_stmt_call(st);
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    IrCtx *ir = C->pc->ir;
    if (!op || (op->id != OP_PLD_TENSOR_PUT && op->id != OP_PLD_TENSOR_GET && op->id != OP_PLD_TENSOR_PUT_REGION &&
                op->id != OP_PLD_TENSOR_GET_REGION && op->id != OP_PLD_TENSOR_REMOTE_STORE))
        return 0;
    /* pld.tensor.remote_store(src, target, peer, offsets) is a put of all
     * of src at offsets of the peer's target. */
    int store = op->id == OP_PLD_TENSOR_REMOTE_STORE;
    int put = store || op->id == OP_PLD_TENSOR_PUT || op->id == OP_PLD_TENSOR_PUT_REGION, region = c->nargs == 6;
    Span span = st->span;
    char buf[64];
    const IrExpr *dst = c->args[store ? 1 : 0], *peer = c->args[store ? 2 : 1], *src = c->args[store ? 0 : 2];
    const IrType *dt = ir_expr_type(ir, store ? src : dst);
    const IrExpr *zero = ir_const_int(ir, 0, DT_INT64, span);
    const IrExpr *const *shape = region ? IR_AS(IrMakeTuple, c->args[5])->elems : dt->dims;
    const IrExpr *const *doff = region  ? IR_AS(IrMakeTuple, c->args[3])->elems
                                : store ? (c->args[3]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[3])->elems : NULL)
                                        : NULL;
    const IrExpr *const *soff = region ? IR_AS(IrMakeTuple, c->args[4])->elems : NULL;
    if (store && (!doff || IR_AS(IrMakeTuple, c->args[3])->n != dt->n)) {
        diag_error(C->pc->diag, span, "'%s' needs a literal list of offsets of the tensor's rank",
                   op_printed_name(op, buf, sizeof buf));
        C->failed = 1;
        return 1;
    }
    uint32_t n = dt->n;
    int64_t ext[2], ch[2], elem = dtype_bytes((DataType)dt->dtype);
    if (n < 1 || n > 2) {
        diag_error(C->pc->diag, span, "'%s' of a tensor of rank %u has no lowering yet: pyptocc moves tensors of rank 1 and 2",
                   op_printed_name(op, buf, sizeof buf), n);
        C->failed = 1;
        return 1;
    }
    for (uint32_t d = 0; d < n; d++)
        if (!ir_dim_value(shape[d], &ext[d])) {
            diag_error(C->pc->diag, span, "'%s' of a shape known only at run time has no lowering yet",
                       op_printed_name(op, buf, sizeof buf));
            C->failed = 1;
            return 1;
        }
    if (staging_chunk(c, n, ext, elem, ch) != 0) {
        diag_error(C->pc->diag, span, "'%s': chunk_rows= and chunk_cols= must divide the shape it moves",
                   op_printed_name(op, buf, sizeof buf));
        C->failed = 1;
        return 1;
    }
    /* The loop variables (a loop only where there is more than one chunk). */
    IrVar *iv[2] = {NULL, NULL};
    const IrExpr *at[2];
    for (uint32_t d = 0; d < n; d++) {
        iv[d] = ext[d] > ch[d] ? fresh(C, d == n - 1 ? "put_col" : "put_row", ir_type_scalar(ir, DT_INT64), span) : NULL;
        at[d] = iv[d] ? &iv[d]->e : zero;
    }
    const IrExpr *so[2], *dof[2], *sz[2];
    for (uint32_t d = 0; d < n; d++) {
        so[d] = soff ? plus(C, soff[d], at[d], span) : at[d];
        dof[d] = doff ? plus(C, doff[d], at[d], span) : at[d];
        sz[d] = ir_const_int(ir, ch[d], DT_INT64, span);
    }
    const IrExpr *so_t = ir_make_tuple(ir, n, so, span), *do_t = ir_make_tuple(ir, n, dof, span);
    const IrExpr *sz_t = ir_make_tuple(ir, n, sz, span);
    /* The staging tile's rows are whole 32-byte blocks: a chunk of fewer
     * bytes a row is the valid part of a wider tile. */
    const IrExpr *phys_t = sz_t;
    if ((ch[n - 1] * elem) % 32) {
        const IrExpr *p[2] = {sz[0], sz[1]};
        p[n - 1] = ir_const_int(ir, (ch[n - 1] * elem + 31) / 32 * 32 / elem, DT_INT64, span);
        phys_t = ir_make_tuple(ir, n, p, span);
    }
    const IrStmt *body[2];
    IrVar *t = fresh(C, put ? "put_stage" : "get_stage", NULL, span);
    const IrExpr *first, *second;
    if (put) {
        IrKwarg mem = {intern_cstr(ir->names, "target_memory"), KW_MEMSPACE, {.i = MS_VEC}};
        const IrExpr *a[4] = {src, so_t, phys_t, sz_t};
        OpError err;
        const IrKwarg *kws = ir_kwargs_intern(ir, 1, &mem);
        const IrType *tt = op_deduce(ir, op_by_id(OP_BLOCK_LOAD), a, 4, kws, 1, &err);
        first = tt ? ir_call(ir, &op_by_id(OP_BLOCK_LOAD)->callee, 4, a, 1, kws, tt, span) : NULL;
        t->type = tt;
        const IrKwarg *atomic = ir_call_kwarg(c, "atomic");
        const IrExpr *b[4] = {&t->e, dst, peer, do_t};
        second = tt ? op_call(C, OP_PLD_TILE_REMOTE_STORE, 4, b, "atomic",
                              atomic ? atomic->v.i : COMM_ENUM_PACK(CE_ATOMIC_TYPE, ATOMIC_NONE), span)
                    : NULL;
    } else {
        const IrExpr *a[5] = {src, peer, so_t, phys_t, sz_t};
        first = op_call(C, OP_PLD_TILE_REMOTE_LOAD, 5, a, NULL, 0, span);
        t->type = first ? IR_AS(IrCall, first)->type : NULL;
        const IrExpr *b[4] = {&t->e, do_t, sz_t, dst};
        OpError err;
        const IrType *rt = first ? op_deduce(ir, op_by_id(OP_BLOCK_STORE), b, 4, NULL, 0, &err) : NULL;
        second = rt ? ir_call(ir, &op_by_id(OP_BLOCK_STORE)->callee, 4, b, 0, NULL, rt, span) : NULL;
    }
    if (!first || !second) {
        if (!C->failed)
            diag_error(C->pc->diag, span, "'%s' has no lowering here: its staging tile does not type-check",
                       op_printed_name(op, buf, sizeof buf));
        C->failed = 1;
        return 1;
    }
    body[0] = ir_assign(ir, t, first, span);
    body[1] = ir_eval(ir, second, span);
    const IrStmt *s = ir_seq(ir, STMT_SEQ, 2, body, span);
    for (int d = (int)n - 1; d >= 0; d--)
        if (iv[d])
            s = ir_for(ir, FOR_SEQUENTIAL, iv[d], zero, ir_const_int(ir, ext[d], DT_INT64, span),
                       ir_const_int(ir, ch[d], DT_INT64, span), 0, NULL, NULL, s->kind == STMT_SEQ ? s : ir_seq(ir, STMT_SEQ, 1, &s, span), span);
    if (s->kind == STMT_SEQ) {
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            out[(*k)++] = IR_AS(IrSeq, s)->stmts[i];
    } else {
        out[(*k)++] = s;
    }
    return 1;
}

/* ---------------------------------------------------------- allreduce */

/* `d = pld.tensor.allreduce(src, signal, op=..)` in mesh mode (pypto's
 * LowerCompositeOps): a barrier (every rank's src is there), then per
 * chunk of src: this rank's chunk combined with every peer's, read by
 * remote loads in the order me+1, me+2, ... (no branch on the rank); a
 * barrier (every rank has read the chunk); the result stored back into
 * src.  d names src after it. */
static int expand_allreduce(Coll *C, IrMutator *m, const IrStmt *st, const IrStmt **out, uint32_t *k)
{
    static const OpId combine[] = {[REDUCE_SUM] = OP_BLOCK_ADD, [REDUCE_MAX] = OP_BLOCK_MAXIMUM,
                                   [REDUCE_MIN] = OP_BLOCK_MINIMUM, [REDUCE_PROD] = OP_BLOCK_MUL};
    const IrCall *c = ir_stmt_call(st);
    IrCtx *ir = C->pc->ir;
    char buf[64];
    if (!c || !op_is(callee_op(c->callee), OP_PLD_TENSOR_ALLREDUCE) || c->nargs != 2)
        return 0;
    Span span = st->span;
    const IrExpr *src = c->args[0], *sig = c->args[1];
    const IrType *t = ir_expr_type(ir, src);
    const IrKwarg *mode = ir_call_kwarg(c, "mode"), *rop = ir_call_kwarg(c, "op");
    int reduce = rop && rop->kind == KW_COMM_ENUM ? COMM_ENUM_VALUE(rop->v.i) : REDUCE_SUM;
    int64_t ext[2], ch[2];
    const char *name = op_printed_name(callee_op(c->callee), buf, sizeof buf);
    if (mode && mode->kind == KW_STRING && strcmp(mode->v.s, "mesh") != 0) {
        diag_error(C->pc->diag, span, "'%s' with mode=\"%s\" has no lowering yet: pyptocc lowers mode=\"mesh\"", name,
                   mode->v.s);
        C->failed = 1;
        return 1;
    }
    for (uint32_t d = 0; d < t->n && t->n <= 2; d++)
        if (!ir_dim_value(t->dims[d], &ext[d]))
            t = NULL;
    if (!t || t->n < 1 || t->n > 2 || reduce < 0 || reduce > REDUCE_PROD ||
        staging_chunk(c, t->n, ext, dtype_bytes((DataType)t->dtype), ch) != 0) {
        diag_error(C->pc->diag, span,
                   "'%s' of this window has no lowering yet: pyptocc reduces windows of rank 1 and 2 of a constant shape",
                   name);
        C->failed = 1;
        return 1;
    }
    IrVar *me, *n;
    uint32_t n0 = *k;
    if (rank_of(C, sig, &me, &n, out, k, span) != 0 || barrier_loops(C, sig, me, n, out, k, span) != 0)
        return 1;
    /* One chunk: acc = load; for j in 1..n: acc = op(acc, remote_load(me + j mod n)); barrier; store. */
    const IrExpr *zero = ir_const_int(ir, 0, DT_INT64, span);
    IrVar *iv[2] = {NULL, NULL};
    const IrExpr *at[2], *sz[2];
    for (uint32_t d = 0; d < t->n; d++) {
        iv[d] = ext[d] > ch[d] ? fresh(C, d == t->n - 1 ? "reduce_col" : "reduce_row", ir_type_scalar(ir, DT_INT64), span)
                               : NULL;
        at[d] = iv[d] ? &iv[d]->e : zero;
        sz[d] = ir_const_int(ir, ch[d], DT_INT64, span);
    }
    const IrExpr *at_t = ir_make_tuple(ir, t->n, at, span), *sz_t = ir_make_tuple(ir, t->n, sz, span);
    IrKwarg mem = {intern_cstr(ir->names, "target_memory"), KW_MEMSPACE, {.i = MS_VEC}};
    const IrKwarg *kws = ir_kwargs_intern(ir, 1, &mem);
    const IrExpr *la[4] = {src, at_t, sz_t, sz_t};
    OpError err;
    const IrType *tt = op_deduce(ir, op_by_id(OP_BLOCK_LOAD), la, 4, kws, 1, &err);
    if (!tt)
        return 1;
    IrVar *acc0 = fresh(C, "reduce_acc", tt, span);
    const IrStmt *body[8];
    uint32_t nb = 0;
    body[nb++] = ir_assign(ir, acc0, ir_call(ir, &op_by_id(OP_BLOCK_LOAD)->callee, 4, la, 1, kws, tt, span), span);
    /* for j in range(1, n): carried acc */
    IrVar *j = fresh(C, "reduce_step", ir_type_scalar(ir, DT_INT64), span);
    IrIterArg *it = ir_iter_arg_new(ir, fresh(C, "reduce_acc_iter", tt, span)->name, tt, &acc0->e, span);
    IrVar *accr = fresh(C, "reduce_sum", tt, span), *got = fresh(C, "reduce_peer", tt, span);
    IrVar *next = fresh(C, "reduce_next", tt, span);
    const IrExpr *me64 = ir_unary(ir, UN_CAST, DT_INT64, &me->e, span), *n64 = ir_unary(ir, UN_CAST, DT_INT64, &n->e, span);
    const IrExpr *peer = ir_binary(ir, BIN_FLOOR_MOD, DT_INT64, ir_binary(ir, BIN_ADD, DT_INT64, me64, &j->e, span), n64, span);
    const IrExpr *ra[5] = {src, peer, at_t, sz_t, sz_t};
    const IrExpr *rl = op_call(C, OP_PLD_TILE_REMOTE_LOAD, 5, ra, NULL, 0, span);
    const IrExpr *ca[2] = {&it->v.e, &got->e};
    const IrExpr *cb = rl ? op_call(C, combine[reduce], 2, ca, NULL, 0, span) : NULL;
    if (!cb)
        return 1;
    const IrStmt *inner[3] = {ir_assign(ir, got, rl, span), ir_assign(ir, next, cb, span),
                              ir_yield(ir, 1, (const IrExpr *const[]){&next->e}, span)};
    const IrIterArg *its[1] = {it};
    const IrVar *rets[1] = {accr};
    body[nb++] = ir_for(ir, FOR_SEQUENTIAL, j, ir_const_int(ir, 1, DT_INT64, span), n64, ir_const_int(ir, 1, DT_INT64, span),
                        1, its, rets, ir_seq(ir, STMT_SEQ, 3, inner, span), span);
    uint32_t nbar = 0;
    const IrStmt *bar[3];
    if (barrier_loops(C, sig, me, n, bar, &nbar, span) != 0)
        return 1;
    for (uint32_t i = 0; i < nbar; i++)
        body[nb++] = bar[i];
    const IrExpr *sa[4] = {&accr->e, at_t, sz_t, src};
    const IrType *stt = op_deduce(ir, op_by_id(OP_BLOCK_STORE), sa, 4, NULL, 0, &err);
    if (!stt)
        return 1;
    body[nb++] = ir_eval(ir, ir_call(ir, &op_by_id(OP_BLOCK_STORE)->callee, 4, sa, 0, NULL, stt, span), span);
    const IrStmt *s = ir_seq(ir, STMT_SEQ, nb, body, span);
    for (int d = (int)t->n - 1; d >= 0; d--)
        if (iv[d])
            s = ir_for(ir, FOR_SEQUENTIAL, iv[d], zero, ir_const_int(ir, ext[d], DT_INT64, span),
                       ir_const_int(ir, ch[d], DT_INT64, span), 0, NULL, NULL,
                       s->kind == STMT_SEQ ? s : ir_seq(ir, STMT_SEQ, 1, &s, span), span);
    if (s->kind == STMT_SEQ)
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            out[(*k)++] = IR_AS(IrSeq, s)->stmts[i];
    else
        out[(*k)++] = s;
    (void)n0;
    if (st->kind == STMT_ASSIGN)
        ir_mutator_replace(m, IR_AS(IrAssign, st)->var, src);
    return 1;
}

enum { EXPANSION_STMTS = 16 };

/* A barrier statement becomes a SeqStmts of its expansion (here, so that
 * its result names its signal in the statements after it); a SeqStmts
 * then takes the statements of those in its place. */
static const IrStmt *coll_stmt(IrMutator *m, const IrStmt *s)
{
    Coll *C = m->data;
    const IrStmt *out[EXPANSION_STMTS];
    uint32_t k = 0;
    if (s->kind != STMT_SEQ) {
        if (!expand_barrier(C, m, s, out, &k) && !expand_put_get(C, s, out, &k) && !expand_allreduce(C, m, s, out, &k))
            return s;
        return ir_seq(m->ctx, STMT_SEQ, k, out, s->span);
    }
    const IrSeq *q = IR_AS(IrSeq, s);
    size_t n = 0;
    int nested = 0;
    for (uint32_t i = 0; i < q->n; i++) {
        nested |= q->stmts[i]->kind == STMT_SEQ;
        n += q->stmts[i]->kind == STMT_SEQ ? IR_AS(IrSeq, q->stmts[i])->n : 1;
    }
    if (!nested)
        return s;
    const IrStmt **flat = arena_array(&m->ctx->arena, n + 1, sizeof *flat);
    for (uint32_t i = 0; i < q->n; i++) {
        if (q->stmts[i]->kind != STMT_SEQ) {
            flat[k++] = q->stmts[i];
            continue;
        }
        const IrSeq *inner = IR_AS(IrSeq, q->stmts[i]);
        for (uint32_t j = 0; j < inner->n; j++)
            flat[k++] = inner->stmts[j];
    }
    return ir_seq(m->ctx, STMT_SEQ, k, flat, s->span);
}

static int is_expanded(const IrExpr *e, const void *ctx)
{
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    (void)ctx;
    return op && (op->id == OP_PLD_TENSOR_BARRIER || op->id == OP_PLD_TENSOR_ALLREDUCE || op->id == OP_PLD_TENSOR_PUT ||
                  op->id == OP_PLD_TENSOR_GET || op->id == OP_PLD_TENSOR_REMOTE_STORE ||
                  op->id == OP_PLD_TENSOR_PUT_REGION || op->id == OP_PLD_TENSOR_GET_REGION);
}

static const IrFunc *lower_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Coll C;
    IrMutator m;
    const IrStmt *body;
    (void)prog;
    (void)data;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE || !ir_func_any(f, NULL, is_expanded, NULL))
        return f;
    memset(&C, 0, sizeof C);
    C.pc = pc;
    ptrmap_init(&C.names);
    pass_names_of(f, &C.names);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = coll_stmt;
    m.data = &C;
    body = ir_mutate_stmt(&m, f->body);
    ptrmap_free(&C.names);
    if (C.failed)
        return NULL;
    return body == f->body ? f : ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_lower_collectives(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, lower_function, NULL, MAP_CONTINUE);
}
