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
 * (next) gives get_comm_ctx its meaning.  The collectives that move data
 * (put, get, remote_store, allreduce, reduce_scatter, broadcast,
 * allgather, all_to_all) are collective_moves.c's; they use this
 * barrier.  The others stay the op table's reasons. */
#include "config.h"
#include "passes/2_tensor/lower_collectives.h"
#include "support/strbuf.h"

#include <string.h>

/* A variable of type t named base (or base_<n>, the first that is new). */
IrVar *lc_fresh(Coll *C, const char *base, const IrType *t, Span span)
{
    return pass_fresh_var(C->pc->ir, &C->names, base, t, span);
}

const IrExpr *lc_op_kw(Coll *C, OpId id, uint32_t n, const IrExpr *const *args, uint32_t nkw, const IrKwarg *kw,
                       Span span)
{
    IrCtx *ir = C->pc->ir;
    const OpDef *op = op_by_id(id);
    const IrKwarg *kws = nkw ? ir_kwargs_intern(ir, nkw, kw) : NULL;
    OpError err;
    const IrType *t = op_deduce(ir, op, args, n, kws, nkw, &err);
    if (!t) {
        diag_error(C->pc->diag, span, "the expansion's %s does not type-check: %s", op_name(op), err.msg);
        C->failed = 1;
        return NULL;
    }
    return ir_call(ir, &op->callee, n, args, nkw, kws, t, span);
}

const IrExpr *lc_op(Coll *C, OpId id, uint32_t n, const IrExpr *const *args, const char *key, int64_t kv, Span span)
{
    IrKwarg kw = {key ? intern_cstr(C->pc->ir->names, key) : NULL, KW_COMM_ENUM, {.i = kv}};
    return lc_op_kw(C, id, n, args, key ? 1 : 0, &kw, span);
}

const IrStmt *lc_loop(Coll *C, IrVar *v, const IrExpr *start, const IrExpr *stop, int64_t step,
                      const IrStmt *const *body, uint32_t n, Span span)
{
    IrCtx *ir = C->pc->ir;
    return ir_for(ir, FOR_SEQUENTIAL, v, start, stop, ir_const_int(ir, step, DT_INT64, span), 0, NULL, NULL,
                  ir_seq(ir, STMT_SEQ, n, body, span), span);
}

void lc_append(const IrStmt *s, const IrStmt **out, uint32_t *k)
{
    if (s->kind != STMT_SEQ) {
        out[(*k)++] = s;
        return;
    }
    for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
        out[(*k)++] = IR_AS(IrSeq, s)->stmts[i];
}

/* The cell of rank x in signal s: [x, 0] or [x]; with a row, [row, x]
 * (a ring's signal has a row per round). */
static const IrExpr *cell(Coll *C, const IrType *s, const IrExpr *row, const IrExpr *x, Span span)
{
    const IrExpr *e[2] = {x, ir_const_int(C->pc->ir, 0, DT_INT64, span)};
    if (row) {
        e[0] = row;
        e[1] = x;
    }
    return ir_make_tuple(C->pc->ir, s->n, e, span);
}

/* for v in range(n): if v != me: body(v) -- one of the barrier's loops. */
static const IrStmt *each_peer(Coll *C, const char *name, const IrExpr *n, const IrExpr *me, const IrExpr *sig,
                               const IrExpr *row, int wait, const IrExpr *value_or_null, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrType *i64 = ir_type_scalar(ir, DT_INT64);
    IrVar *v = lc_fresh(C, name, i64, span);
    const IrExpr *me64 = ir_unary(ir, UN_CAST, DT_INT64, me, span);
    const IrExpr *cond = ir_binary(ir, BIN_NE, DT_BOOL, &v->e, me64, span);
    const IrExpr *one = ir_const_int(ir, 1, DT_INT32, span);
    const IrExpr *call;
    if (wait) {   /* wait(s, [v, 0], 1, cmp=Ge) */
        const IrExpr *a[3] = {sig, cell(C, ir_expr_type(ir, sig), row, &v->e, span), one};
        call = lc_op(C, OP_PLD_SYSTEM_WAIT, 3, a, "cmp", COMM_ENUM_PACK(CE_WAIT_CMP, WAIT_GE), span);
    } else if (!value_or_null) {   /* notify(s, v, [me, 0], 1, op=AtomicAdd) */
        const IrExpr *a[4] = {sig, &v->e, cell(C, ir_expr_type(ir, sig), row, me, span), one};
        call = lc_op(C, OP_PLD_SYSTEM_NOTIFY, 4, a, "op", COMM_ENUM_PACK(CE_NOTIFY_OP, NOTIFY_ATOMIC_ADD), span);
    } else {   /* notify(s, me, [v, 0], -1, op=AtomicAdd): the epilogue */
        const IrExpr *a[4] = {sig, me, cell(C, ir_expr_type(ir, sig), row, &v->e, span), value_or_null};
        call = lc_op(C, OP_PLD_SYSTEM_NOTIFY, 4, a, "op", COMM_ENUM_PACK(CE_NOTIFY_OP, NOTIFY_ATOMIC_ADD), span);
    }
    if (!call)
        return NULL;
    const IrStmt *then = ir_eval(ir, call, span);
    const IrStmt *iff = ir_if(ir, cond, ir_seq(ir, STMT_SEQ, 1, &then, span), NULL, 0, NULL, span);
    return ir_for(ir, FOR_SEQUENTIAL, v, ir_const_int(ir, 0, DT_INT64, span), ir_unary(ir, UN_CAST, DT_INT64, n, span),
                  ir_const_int(ir, 1, DT_INT64, span), 0, NULL, NULL, ir_seq(ir, STMT_SEQ, 1, &iff, span), span);
}

int lc_rank_of(Coll *C, const IrExpr *w, IrVar **me, IrVar **n, const IrStmt **out, uint32_t *k, Span span)
{
    IrCtx *ir = C->pc->ir;
    const IrType *i32 = ir_type_scalar(ir, DT_INT32);
    IrVar *ctx = lc_fresh(C, "comm_ctx", ir_type_comm_ctx(ir), span);
    *me = lc_fresh(C, "comm_rank", i32, span);
    *n = lc_fresh(C, "comm_nranks", i32, span);
    const IrExpr *get = lc_op(C, OP_PLD_SYSTEM_GET_COMM_CTX, 1, &w, NULL, 0, span);
    const IrExpr *rk = lc_op(C, OP_PLD_SYSTEM_RANK, 1, (const IrExpr *const[]){&ctx->e}, NULL, 0, span);
    const IrExpr *nr = lc_op(C, OP_PLD_SYSTEM_NRANKS, 1, (const IrExpr *const[]){&ctx->e}, NULL, 0, span);
    if (!get || !rk || !nr)
        return -1;
    out[(*k)++] = ir_assign(ir, ctx, get, span);
    out[(*k)++] = ir_assign(ir, *me, rk, span);
    out[(*k)++] = ir_assign(ir, *n, nr, span);
    return 0;
}

int lc_barrier(Coll *C, const IrExpr *sig, const IrVar *me, const IrVar *n, const IrStmt **out, uint32_t *k, Span span)
{
    return lc_barrier_row(C, sig, NULL, me, n, out, k, span);
}

int lc_barrier_row(Coll *C, const IrExpr *sig, const IrExpr *row, const IrVar *me, const IrVar *n, const IrStmt **out,
                   uint32_t *k, Span span)
{
    const IrStmt *loops[3];
    loops[0] = each_peer(C, "barrier_peer", &n->e, &me->e, sig, row, 0, NULL, span);
    loops[1] = each_peer(C, "barrier_src", &n->e, &me->e, sig, row, 1, NULL, span);
    loops[2] = each_peer(C, "barrier_src", &n->e, &me->e, sig, row, 0, ir_const_int(C->pc->ir, -1, DT_INT32, span),
                         span);
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
    if (lc_rank_of(C, c->args[0], &me, &n, out, k, st->span) == 0)
        lc_barrier(C, c->args[0], me, n, out, k, st->span);
    if (st->kind == STMT_ASSIGN)
        ir_mutator_replace(m, IR_AS(IrAssign, st)->var, c->args[0]);
    return 1;
}

/* A barrier statement becomes a SeqStmts of its expansion (here, so that
 * its result names its signal in the statements after it); a SeqStmts
 * then takes the statements of those in its place. */
static const IrStmt *coll_stmt(IrMutator *m, const IrStmt *s)
{
    Coll *C = m->data;
    const IrStmt *out[EXPANSION_STMTS];
    uint32_t k = 0;
    if (s->kind != STMT_SEQ) {
        if (!expand_barrier(C, m, s, out, &k) && !lc_expand_put_get(C, s, out, &k) && !lc_expand_reduce(C, m, s, out, &k) &&
            !lc_expand_spread(C, m, s, out, &k) && !lc_expand_a2av(C, m, s, out, &k))
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
                  op->id == OP_PLD_TENSOR_PUT_REGION || op->id == OP_PLD_TENSOR_GET_REGION ||
                  op->id == OP_PLD_TENSOR_REDUCE_SCATTER || op->id == OP_PLD_TENSOR_BROADCAST ||
                  op->id == OP_PLD_TENSOR_ALLGATHER || op->id == OP_PLD_TENSOR_ALL_TO_ALL || op->id == OP_PLD_TENSOR_ALL_TO_ALL_V ||
                  op->id == OP_PLD_TILE_PUT ||
                  op->id == OP_PLD_TILE_PUT_PINGPONG || op->id == OP_PLD_TILE_GET || op->id == OP_PLD_TILE_GET_PINGPONG);
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
