/* pipe_setup.c: the cross-core pipe as pyptocc derives it for the two
 * kernels of a pipe, when no one wrote it (pypto docs/en/dev/passes/
 * 21-expand_mixed_kernel.md: the split kernels get "the required frontend
 * pipe setup"): each kernel's setup before its body, the slot buffer on
 * the consumer's side of each direction (reserve_buffer), the peer's
 * (import_peer_buffer) on the producer's, and its initialize_pipe; and
 * each popped slot freed after its tile's last use, in pop order (a TFREE
 * gives back the oldest slot the kernel popped).  ExpandMixedKernel uses
 * it for the kernels it splits, SetupKernelPipes for a hand-written pair. */
#include "config.h"
#include "passes/2_tensor/pipe_setup.h"
#include "targets/isa_rules.h"
#include "ir/visit.h"
#include "support/diag.h"

#include <stdio.h>
#include <string.h>

const IrExpr *pipe_op_call(PassCtx *pc, int *failed, OpId id, uint32_t nargs, const IrExpr *const *args,
                           uint32_t nkw, const IrKwarg *kw, Span at)
{
    const OpDef *op = op_by_id(id);
    OpError err;
    const IrKwarg *kwi = ir_kwargs_intern(pc->ir, nkw, kw);
    const IrType *t = op_deduce(pc->ir, op, args, nargs, kwi, nkw, &err);
    if (!t) {
        char name[64];
        diag_error(pc->diag, at, "internal: pyptocc built an ill-typed '%s' for the cross-core pipe",
                   op_printed_name(op, name, sizeof name));
        *failed = 1;
        t = ir_type_unknown(pc->ir);
    }
    return ir_call(pc->ir, &op->callee, nargs, args, nkw, kwi, t, at);
}

IrKwarg pipe_kw_int(IrCtx *ir, const char *key, int64_t v)
{
    IrKwarg k;
    k.key = ir_name(ir, key);
    k.kind = KW_INT;
    k.v.i = v;
    return k;
}

static const IrExpr *call(PipeEnds *P, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                          const IrKwarg *kw, Span at)
{
    return pipe_op_call(P->pc, &P->failed, id, nargs, args, nkw, kw, at);
}

/* The slots hold a tile whole, as laid out (a narrow tile padded:
 * targets/isa_rules.h). */
uint64_t pipe_tile_bytes(PassCtx *pc, const IrType *t) { return isa_tile_bytes(pc->arch, t, -1); }

static void fail(PipeEnds *P, Span at, const char *fmt, const char *a, const char *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    P->fail(P->fail_data, at, msg);
    P->failed = 1;
}

/* ------------------------------------------------------------ the setup */

void pipe_setup_emit(PipeEnds *P, int side, StmtList *out)
{
    IrCtx *ir = P->ir;
    Span at = P->at;
    int c2v = P->bytes[DIR_C2V] != 0, v2c = P->bytes[DIR_V2C] != 0;
    uint64_t slot = P->bytes[DIR_C2V] > P->bytes[DIR_V2C] ? P->bytes[DIR_C2V] : P->bytes[DIR_V2C];
    uint32_t num = P->slots > 2 ? P->slots : 2;
    const IrExpr *bufs[2];    /* c2v_consumer_buf, v2c_consumer_buf */
    IrKwarg kw[4];
    char name[256], pipe[32] = "";
    if (P->id)
        snprintf(pipe, sizeof pipe, "_pipe%lld", (long long)P->id);
    for (int dir = 0; dir < 2; dir++) {
        int used = dir == DIR_C2V ? c2v : v2c;
        int consumer = dir == DIR_C2V ? SIDE_V : SIDE_C;
        const IrExpr *c;
        IrVar *v;
        bufs[dir] = ir_const_int(ir, 0, DT_INT32, at);
        if (!used)
            continue;
        snprintf(name, sizeof name, "%s%s_%s_slot_buffer", P->prefix, pipe, dir == DIR_C2V ? "c2v" : "v2c");
        kw[0].key = ir_name(ir, "name");
        kw[0].kind = KW_STRING;
        kw[0].v.s = ir_name(ir, name);
        if (side == consumer) {
            kw[1] = pipe_kw_int(ir, "size", (int64_t)(slot * num));
            kw[2] = pipe_kw_int(ir, "base", -1);   /* pl.AUTO: AllocateMemoryAddr places it */
            c = call(P, OP_SYSTEM_RESERVE_BUFFER, 0, NULL, 3, kw, at);
        } else {
            kw[1].key = ir_name(ir, "peer_func");
            kw[1].kind = KW_STRING;
            kw[1].v.s = ir_name(ir, P->names[consumer]);
            c = call(P, OP_SYSTEM_IMPORT_PEER_BUFFER, 0, NULL, 2, kw, at);
        }
        snprintf(name, sizeof name, "%s_slot_buffer", dir == DIR_C2V ? "c2v" : "v2c");
        v = pass_fresh_var(ir, P->taken[side], name, ir_type_scalar(ir, DT_INT32), at);
        vec_push(*out, ir_assign(ir, v, c, at));
        bufs[dir] = &v->e;
    }
    kw[0] = pipe_kw_int(ir, "dir_mask", (c2v ? 1 : 0) | (v2c ? 2 : 0));
    kw[1] = pipe_kw_int(ir, "slot_size", (int64_t)slot);
    kw[2] = pipe_kw_int(ir, "slot_num", num);
    kw[3] = pipe_kw_int(ir, "id", P->id);
    vec_push(*out, ir_eval(ir, call(P, side == SIDE_C ? OP_SYSTEM_AIC_INITIALIZE_PIPE : OP_SYSTEM_AIV_INITIALIZE_PIPE,
                                    2, bufs, P->id ? 4 : 3, kw, at),
                           at));
}

/* --------------------------------------------------------- slot frees */

typedef struct UseFind {
    const IrExpr *v;
    int hit;
    int pops;    /* pops of the side (nested) */
} UseFind;

static int find_use(IrWalker *w, const IrExpr *e)
{
    UseFind *U = w->data;
    if (e == U->v)
        U->hit = 1;
    if (op_called(e, OP_BLOCK_TPOP_FROM_AIC) || op_called(e, OP_BLOCK_TPOP_FROM_AIV))
        U->pops = 1;
    return 1;
}

static UseFind scan(const IrStmt *s, const IrExpr *v)
{
    UseFind U = {v, 0, 0};
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = find_use;
    w.data = &U;
    ir_walk_stmt(&w, s);
    return U;
}

/* The tile a statement pops at this level, or NULL. */
static const IrVar *popped(const IrStmt *s)
{
    const IrCall *c = ir_stmt_call(s);
    if (c && s->kind == STMT_ASSIGN &&
        (op_is(callee_op(c->callee), OP_BLOCK_TPOP_FROM_AIC) || op_is(callee_op(c->callee), OP_BLOCK_TPOP_FROM_AIV)))
        return IR_AS(IrAssign, s)->var;
    return NULL;
}

static int compound_stmt(const IrStmt *s)
{
    return s->kind == STMT_FOR || s->kind == STMT_WHILE || s->kind == STMT_IF || s->kind == STMT_SCOPE;
}

typedef struct Rename {
    const IrExpr *from, *to;
} Rename;

static const IrExpr *rename_expr(IrMutator *m, const IrExpr *e)
{
    const Rename *R = m->data;
    return e == R->from ? R->to : e;
}

/* Does a loop or if among l[i+1..] pop while l[i]'s tile is still read,
 * or does the body's yield carry it on? */
static int held_across_pop(const StmtList *l, size_t i, const IrVar *p)
{
    size_t last = i;
    for (size_t j = i + 1; j < l->len; j++)
        if (scan(l->data[j], &p->e).hit)
            last = j;
    for (size_t j = i + 1; j <= last; j++)
        if ((compound_stmt(l->data[j]) && scan(l->data[j], NULL).pops) || l->data[j]->kind == STMT_YIELD)
            return 1;   /* or yielded: the slot is no buffer a loop or if carries (legal_pipe_pop_carried) */
    return 0;
}

/* A Vec tile popped at l[i] that is read across another pop of its pipe
 * (a TFREE in a loop would give back its slot, the oldest) is copied into
 * a Vec tile of its own right after the pop, and the copy read instead:
 * the slot is then freed at once.  A Mat tile on the cube has no copy. */
static void copy_held_pops(PipeEnds *P, int side, StmtList *l)
{
    for (size_t i = 0; i < l->len; i++) {
        const IrVar *p = popped(l->data[i]);
        IrMutator m;
        Rename R;
        IrKwarg kw;
        IrVar *c;
        const IrExpr *a;
        if (!p || !held_across_pop(l, i, p))
            continue;
        if (side != SIDE_V) {
            if (!P->failed)
                fail(P, l->data[i]->span, "'%s' is popped from the pipe into Mat and still in use where a later %s",
                     ir_ssa_stem(P->ir, p->name),
                     "loop or branch pops another tile of the same pipe (its slot would be freed first), or yielded");
            return;
        }
        kw.key = ir_name(P->ir, "target_memory");
        kw.kind = KW_MEMSPACE;
        kw.v.i = MS_VEC;
        a = &p->e;
        c = pass_fresh_var(P->ir, P->taken[side], ir_ssa_stem(P->ir, p->name), p->type, p->e.span);
        memset(&m, 0, sizeof m);
        m.ctx = P->ir;
        m.expr = rename_expr;
        R.from = &p->e;
        R.to = &c->e;
        m.data = &R;
        for (size_t j = i + 1; j < l->len; j++)
            l->data[j] = ir_mutate_stmt(&m, l->data[j]);
        vec_push(*l, NULL);   /* room for the copy after the pop */
        memmove(&l->data[i + 2], &l->data[i + 1], (l->len - i - 2) * sizeof l->data[0]);
        l->data[i + 1] = ir_assign(P->ir, c, call(P, OP_BLOCK_MOVE, 1, &a, 1, &kw, p->e.span), p->e.span);
    }
}

/* The statements of l with each slot popped among them freed after the
 * tile's last use there, in pop order (a TFREE gives back the oldest
 * slot the kernel popped). */
void pipe_free_slots(PipeEnds *P, int side, StmtList *l)
{
    size_t n = l->len, prev = 0;
    StmtList res;
    VEC(size_t) from, to;      /* each pop's statement and the statement after which it is freed */
    vec_init(from);
    vec_init(to);
    copy_held_pops(P, side, l);
    n = l->len;
    for (size_t i = 0; i < n; i++) {
        const IrVar *p = popped(l->data[i]);
        size_t last = i;
        if (!p)
            continue;
        for (size_t j = i + 1; j < n; j++)
            if (scan(l->data[j], &p->e).hit)
                last = j;
        if (last < prev)
            last = prev;
        for (size_t j = i + 1; j <= last; j++)
            if (compound_stmt(l->data[j]) && scan(l->data[j], NULL).pops && !P->failed)
                fail(P, l->data[j]->span, "'%s' is popped from the pipe and still in use where this %s", ir_ssa_stem(P->ir, p->name),
                     "loop or branch pops another tile of the same pipe (its slot would be freed first)");
        vec_push(from, i);
        vec_push(to, last);
        prev = last;
    }
    for (size_t i = 0; i < n; i++) {   /* the most slots held at once */
        uint32_t held = 0;
        for (size_t k = 0; k < from.len; k++)
            held += from.data[k] <= i && i <= to.data[k];
        if (held > P->slots)
            P->slots = held;
    }
    vec_init(res);
    for (size_t i = 0; i < n; i++) {
        vec_push(res, l->data[i]);
        for (size_t k = 0; k < from.len; k++)
            if (to.data[k] == i) {
                const IrAssign *pop = IR_AS(IrAssign, l->data[from.data[k]]);
                const IrExpr *a = &pop->var->e;
                const IrCall *pc = IR_AS(IrCall, pop->value);
                IrKwarg kw[2];
                uint32_t nkw = 0;
                OpId id = side == SIDE_V ? OP_SYSTEM_TFREE_TO_AIC : OP_SYSTEM_TFREE_TO_AIV;
                if (ir_call_kwarg_int(pc, "split", 0))
                    kw[nkw++] = pipe_kw_int(P->ir, "split", ir_call_kwarg_int(pc, "split", 0));
                if (ir_call_kwarg_int(pc, "id", 0))
                    kw[nkw++] = pipe_kw_int(P->ir, "id", ir_call_kwarg_int(pc, "id", 0));
                vec_push(res, ir_eval(P->ir, call(P, id, 1, &a, nkw, kw, pop->s.span), pop->s.span));
            }
    }
    vec_free(*l);
    *l = res;
    vec_free(from);
    vec_free(to);
}

