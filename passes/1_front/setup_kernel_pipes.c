/* setup_kernel_pipes.c: SetupKernelPipes, pyptocc's pass for hand-written
 * cross-core pairs: an AIC function and an AIV function that push and pop
 * tiles through the cross-core pipe but set none of it up get the setup
 * and slot frees ExpandMixedKernel derives for the kernels it splits
 * (pipe_setup.c; pypto docs/en/dev/passes/21-expand_mixed_kernel.md: the
 * pass "prepends the required frontend pipe setup").
 *
 * A pair is an AIC function and an AIV function that
 *   - a Group function calls, the one AIC and the one AIV function it
 *     calls (a group co-schedules its kernels), or, failing that,
 *   - are the program's only AIC and only AIV functions that use the pipe;
 * a function in two pairs is in none.  The pass runs first, before
 * InlineFunctions expands the Groups that name the pairs.
 *
 * A pair in which neither function reserves, imports or initializes
 * anything gets, for each pipe id either uses (ascending), each kernel's
 * end of the pipe before its body: slot_size the largest tile either
 * pushes or pops on that id, dir_mask the directions they use, the
 * buffers named after the Group (or the AIC function).  A kernel that pops
 * and frees nothing gets each slot freed after its tile's last use; one
 * that frees some is taken as written.  Everything else is left to
 * Legalize's located errors: a pipe set up on one side only (the user
 * wrote the setup; guessing the rest is wrong), a kernel without a peer,
 * a tile of run-time shape. */
#include "config.h"
#include "passes/2_tensor/pipe_setup.h"
#include "ir/visit.h"
#include "support/diag.h"

#include <stdio.h>
#include <string.h>

#define MAX_PIPE_ID 64

/* What a kernel does with the pipe. */
typedef struct PipeUse {
    uint64_t ids;               /* bit N: pipe id N is pushed, popped or freed */
    uint64_t bytes[MAX_PIPE_ID][2];   /* per id the largest tile of each direction */
    int setup;                  /* reserves, imports or initializes anything */
    int frees, pops;
    int unsized;                /* a tile of run-time shape, or an id out of range */
} PipeUse;

static int pipe_dir(const IrExpr *e)
{
    if (op_called(e, OP_BLOCK_TPUSH_TO_AIV) || op_called(e, OP_BLOCK_TPOP_FROM_AIC))
        return DIR_C2V;
    if (op_called(e, OP_BLOCK_TPUSH_TO_AIC) || op_called(e, OP_BLOCK_TPOP_FROM_AIV))
        return DIR_V2C;
    return -1;
}

typedef struct UseWalk {
    PassCtx *pc;
    PipeUse *u;
    const IrVar *popped_into;   /* the variable the statement being walked assigns */
} UseWalk;

static int use_stmt(IrWalker *w, const IrStmt *s)
{
    UseWalk *W = w->data;
    W->popped_into = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->var : NULL;
    return 1;
}

static int use_expr(IrWalker *w, const IrExpr *e)
{
    UseWalk *W = w->data;
    PipeUse *u = W->u;
    int dir = pipe_dir(e);
    const IrCall *c;
    const IrType *t;
    int64_t id;
    uint64_t b;
    if (op_called(e, OP_SYSTEM_RESERVE_BUFFER) || op_called(e, OP_SYSTEM_IMPORT_PEER_BUFFER) ||
        op_called(e, OP_SYSTEM_AIC_INITIALIZE_PIPE) || op_called(e, OP_SYSTEM_AIV_INITIALIZE_PIPE))
        u->setup = 1;
    if (op_called(e, OP_SYSTEM_TFREE_TO_AIC) || op_called(e, OP_SYSTEM_TFREE_TO_AIV)) {
        id = ir_call_kwarg_int(IR_AS(IrCall, e), "id", 0);
        u->frees = 1;
        if (id < 0 || id >= MAX_PIPE_ID)
            u->unsized = 1;
        else
            u->ids |= 1ull << id;
    }
    if (dir < 0)
        return 1;
    c = IR_AS(IrCall, e);
    id = ir_call_kwarg_int(c, "id", 0);
    if (id < 0 || id >= MAX_PIPE_ID) {
        u->unsized = 1;
        return 1;
    }
    u->ids |= 1ull << id;
    if (op_called(e, OP_BLOCK_TPOP_FROM_AIC) || op_called(e, OP_BLOCK_TPOP_FROM_AIV)) {
        u->pops = 1;
        /* the pop's tile: its assignment's annotation, or shape= and dtype= */
        t = W->popped_into && W->popped_into->type->kind == TYPE_TILE ? W->popped_into->type : c->type;
    } else {
        t = c->nargs ? ir_expr_type(W->pc->ir, c->args[0]) : NULL;
    }
    b = t && t->kind == TYPE_TILE ? pipe_tile_bytes(W->pc, t) : 0;
    if (!b)
        u->unsized = 1;
    if (b > u->bytes[id][dir])
        u->bytes[id][dir] = b;
    return 1;
}

static void pipe_use_of(PassCtx *pc, const IrFunc *f, PipeUse *u)
{
    UseWalk W = {pc, u, NULL};
    IrWalker w;
    memset(u, 0, sizeof *u);
    memset(&w, 0, sizeof w);
    w.pre_stmt = use_stmt;
    w.pre_expr = use_expr;
    w.data = &W;
    if (f->body)
        ir_walk_stmt(&w, f->body);
}

/* ------------------------------------------------------------ the pairs */

typedef struct Pair {
    const IrFunc *k[3];         /* [SIDE_C], [SIDE_V] */
    const char *prefix;         /* the slot buffers' names */
    int dropped;                /* one of its functions is in another pair */
} Pair;

typedef VEC(Pair) Pairs;

typedef struct Callees {
    const IrProgram *prog;
    const IrFunc *k[3];         /* the AIC and AIV functions called */
    int more;                   /* another AIC or AIV function called as well */
} Callees;

static int note_callee(IrWalker *w, const IrExpr *e)
{
    Callees *C = w->data;
    const IrCall *c = e->kind == EXPR_CALL ? IR_AS(IrCall, e) : NULL;
    const IrFunc *g;
    int side;
    if (!c || c->callee->kind != CALLEE_GLOBAL || !(g = ir_program_find(C->prog, c->callee->name)) || !g->body)
        return 1;
    side = g->type == FUNC_AIC ? SIDE_C : g->type == FUNC_AIV ? SIDE_V : 0;
    if (side && C->k[side] && C->k[side] != g)
        C->more = 1;
    else if (side)
        C->k[side] = g;
    return 1;
}

static void add_pair(Pairs *ps, const IrFunc *c, const IrFunc *v, const char *prefix)
{
    Pair p;
    memset(&p, 0, sizeof p);
    p.k[SIDE_C] = c;
    p.k[SIDE_V] = v;
    p.prefix = prefix;
    for (size_t i = 0; i < ps->len; i++) {
        Pair *q = &ps->data[i];
        if (q->k[SIDE_C] == c && q->k[SIDE_V] == v)
            return;   /* two Groups of the same pair: the first names its buffers */
        if (q->k[SIDE_C] == c || q->k[SIDE_V] == v)
            q->dropped = p.dropped = 1;
    }
    vec_push(*ps, p);
}

static void find_pairs(PassCtx *pc, const IrProgram *prog, Pairs *ps)
{
    const IrFunc *only[3] = {NULL, NULL, NULL};
    int count[3] = {0, 0, 0};
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        Callees C;
        IrWalker w;
        if (f->type != FUNC_GROUP || !f->body)
            continue;
        memset(&C, 0, sizeof C);
        C.prog = prog;
        memset(&w, 0, sizeof w);
        w.pre_expr = note_callee;
        w.data = &C;
        ir_walk_stmt(&w, f->body);
        if (C.k[SIDE_C] && C.k[SIDE_V] && !C.more)
            add_pair(ps, C.k[SIDE_C], C.k[SIDE_V], f->name);
    }
    if (ps->len)
        return;
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        int side = f->type == FUNC_AIC ? SIDE_C : f->type == FUNC_AIV ? SIDE_V : 0;
        PipeUse u;
        if (!side || !f->body)
            continue;
        pipe_use_of(pc, f, &u);
        if (u.ids || u.setup) {
            only[side] = f;
            count[side]++;
        }
    }
    if (count[SIDE_C] == 1 && count[SIDE_V] == 1)
        add_pair(ps, only[SIDE_C], only[SIDE_V], only[SIDE_C]->name);
}

/* ------------------------------------------------------------ the frees */

typedef struct FreeCtx {
    PipeEnds *P;
    int side;
    const IrFunc *f;
} FreeCtx;

static void free_fail(void *data, Span at, const char *msg)
{
    FreeCtx *F = data;
    diag_error(F->P->pc->diag, at, "'%s' pops from the cross-core pipe and frees no slot, and pyptocc cannot free "
                                   "them after each tile's last use: %s",
               F->f->name, msg);
}

/* A sequence with the sequences among its statements spliced in, so that
 * each level's pops and uses are one list. */
static const IrStmt *splice_seq(IrMutator *m, const IrStmt *s)
{
    StmtList l;
    const IrSeq *q;
    const IrStmt *r;
    int nested = 0;
    if (s->kind != STMT_SEQ)
        return s;
    q = IR_AS(IrSeq, s);
    for (uint32_t i = 0; i < q->n; i++)
        nested |= q->stmts[i]->kind == STMT_SEQ;
    if (!nested)
        return s;
    vec_init(l);
    for (uint32_t i = 0; i < q->n; i++)
        if (q->stmts[i]->kind == STMT_SEQ)
            for (uint32_t j = 0; j < IR_AS(IrSeq, q->stmts[i])->n; j++)
                vec_push(l, IR_AS(IrSeq, q->stmts[i])->stmts[j]);
        else
            vec_push(l, q->stmts[i]);
    r = ir_seq(m->ctx, STMT_SEQ, (uint32_t)l.len, l.data, s->span);
    vec_free(l);
    return r;
}

static const IrStmt *free_seq(IrMutator *m, const IrStmt *s)
{
    FreeCtx *F = m->data;
    StmtList l;
    const IrSeq *q;
    const IrStmt *r;
    if (s->kind != STMT_SEQ || F->P->failed)
        return s;
    q = IR_AS(IrSeq, s);
    vec_init(l);
    for (uint32_t i = 0; i < q->n; i++)
        vec_push(l, q->stmts[i]);
    pipe_free_slots(F->P, F->side, &l);
    r = ir_seq(m->ctx, STMT_SEQ, (uint32_t)l.len, l.data, s->span);
    vec_free(l);
    return r;
}

/* body with each popped slot freed after its tile's last use, at the
 * level of its pop. */
static const IrStmt *add_frees(PipeEnds *P, int side, const IrFunc *f, const IrStmt *body)
{
    IrMutator m;
    FreeCtx F = {P, side, f};
    P->fail = free_fail;
    P->fail_data = &F;
    memset(&m, 0, sizeof m);
    m.ctx = P->ir;
    m.stmt = splice_seq;
    body = ir_mutate_stmt(&m, body);
    memset(&m, 0, sizeof m);
    m.ctx = P->ir;
    m.stmt = free_seq;
    m.data = &F;
    return ir_mutate_stmt(&m, body);
}

/* ------------------------------------------------------------ the pass */

/* The two kernels of pair p with their pipes set up and their pops
 * freed (out[SIDE_C], out[SIDE_V]); 0 when p is left as written, -1
 * after an error. */
static int set_up_pair(PassCtx *pc, const Pair *p, const IrFunc *out[3])
{
    PipeUse u[3];
    PipeEnds P;
    PtrMap taken[3];
    const IrStmt *body[3];
    uint64_t ids;
    int rc = 1;
    for (int side = SIDE_C; side <= SIDE_V; side++)
        pipe_use_of(pc, p->k[side], &u[side]);
    ids = u[SIDE_C].ids | u[SIDE_V].ids;
    if (!ids || u[SIDE_C].setup || u[SIDE_V].setup || u[SIDE_C].unsized || u[SIDE_V].unsized)
        return 0;
    memset(&P, 0, sizeof P);
    P.pc = pc;
    P.ir = pc->ir;
    P.prefix = p->prefix;
    for (int side = SIDE_C; side <= SIDE_V; side++) {
        ptrmap_init(&taken[side]);
        pass_names_of(p->k[side], &taken[side]);
        P.names[side] = p->k[side]->name;
        P.taken[side] = &taken[side];
        body[side] = p->k[side]->body;
        /* the consumer's frees, where it wrote none (the slots held at
         * once size the ring) */
        if (u[side].pops && !u[side].frees)
            body[side] = add_frees(&P, side, p->k[side], body[side]);
    }
    for (int side = SIDE_C; side <= SIDE_V && !P.failed; side++) {
        StmtList l;
        vec_init(l);
        for (int64_t id = 0; id < MAX_PIPE_ID; id++) {
            if (!(ids >> id & 1))
                continue;
            P.id = id;
            P.at = p->k[side]->span;
            for (int dir = 0; dir < 2; dir++)
                P.bytes[dir] = u[SIDE_C].bytes[id][dir] > u[SIDE_V].bytes[id][dir] ? u[SIDE_C].bytes[id][dir]
                                                                                    : u[SIDE_V].bytes[id][dir];
            if (!P.bytes[DIR_C2V] && !P.bytes[DIR_V2C])
                continue;   /* freed only: nothing to size its slots by */
            pipe_setup_emit(&P, side, &l);
        }
        vec_push(l, body[side]);
        out[side] = ir_func_rebuild(pc->ir, p->k[side], p->k[side]->nparams, p->k[side]->params, p->k[side]->nret,
                                    p->k[side]->ret_types,
                                    ir_seq(pc->ir, STMT_SEQ, (uint32_t)l.len, l.data, body[side]->span));
        vec_free(l);
    }
    if (P.failed)
        rc = -1;
    ptrmap_free(&taken[SIDE_C]);
    ptrmap_free(&taken[SIDE_V]);
    return rc;
}

const IrProgram *pass_setup_kernel_pipes(PassCtx *pc, const IrProgram *prog)
{
    Pairs ps;
    PtrMap repl;      /* function -> its kernel with the pipe set up */
    int failed = 0, changed = 0;
    const IrProgram *r = prog;
    vec_init(ps);
    ptrmap_init(&repl);
    find_pairs(pc, prog, &ps);
    for (size_t i = 0; i < ps.len; i++) {
        const IrFunc *out[3] = {NULL, NULL, NULL};
        int rc;
        if (ps.data[i].dropped)
            continue;
        rc = set_up_pair(pc, &ps.data[i], out);
        if (rc < 0)
            failed = 1;
        if (rc > 0) {
            ptrmap_put(&repl, ps.data[i].k[SIDE_C], (void *)out[SIDE_C]);
            ptrmap_put(&repl, ps.data[i].k[SIDE_V], (void *)out[SIDE_V]);
            changed = 1;
        }
    }
    if (!failed && changed) {
        const IrFunc **funcs = arena_alloc(&pc->ir->arena, prog->n * sizeof *funcs);
        for (uint32_t i = 0; i < prog->n; i++) {
            const IrFunc *k = ptrmap_get(&repl, prog->funcs[i]);
            funcs[i] = k ? k : prog->funcs[i];
        }
        r = ir_program_new(pc->ir, prog->name, prog->n, funcs, prog->span);
    }
    vec_free(ps);
    ptrmap_free(&repl);
    return failed ? NULL : r;
}
