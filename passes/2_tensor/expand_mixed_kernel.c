/* expand_mixed_kernel.c: ExpandMixedKernel (pypto docs/en/dev/passes/
 * 21-expand_mixed_kernel.md): an InCore kernel that uses both the cube
 * (matmul, Mat/Left/Right/Acc tiles) and the vector unit (Vec tiles) is
 * split into an AIC kernel F_aic and an AIV kernel F_aiv that pass their
 * tiles through the cross-core pipe, as a user would write them by hand
 * (tests/e2e/xcore_pipe.py).
 *
 * Each statement is classified by the memory spaces of its tiles: cube
 * (every tile in Mat, Left, Right or Acc, or a matmul), vector (Vec), or
 * shared (no tile: scalar code, which both sides compute).  A tile is on
 * the side of its space; a scalar where its operands are; a tensor on
 * both (a store writes global memory in place: the side without the store
 * reads its target instead of its result).  A value crossing sides goes
 * through the pipe where it is defined: an Acc tile the vector side uses
 * (pl.move(acc, target_memory=Vec), pl.aiv_shard, or a vector op reading
 * it) as tpush_to_aiv + tpop_from_aic, a Vec tile moved to Mat, Left or
 * Right (or pl.aic_gather) as tpush_to_aic + tpop_from_aiv into Mat, then
 * the move on the cube; each pop's slot is freed after its last use, in
 * pop order (a TFREE gives back the oldest slot).  Loops and ifs run on
 * each side that has work in them, with the iter_args of that side.  The
 * pipe's setup (reserve_buffer, import_peer_buffer, *_initialize_pipe: pipe_setup.c) is
 * prepended: dir_mask by the directions used, slot_size the largest tile
 * that crosses, slot_num 2, or more where a side holds more popped tiles
 * at once.  Every definition is copied, so the two kernels share no
 * variable.
 *
 * pypto's Group that calls both kernels runs where it stands in pyptocc
 * (InlineFunctions expands the Groups a program writes), so each call of F
 * becomes the call of F_aic followed by the call of F_aiv, which returns
 * what F returned.  What the pass cannot split (a scalar the other side
 * computes, a tile crossing the other way than the pipe carries it, a
 * popped tile held across a nested pop) is a located error saying why. */
#include "config.h"
#include "passes/2_tensor/expand_mixed.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ the pipe */

/* ------------------------------------------------------------ functions */

/* Does f need splitting: a kernel of both pipes, or with a crossing of a
 * pl.split_aiv region or between the cube's and the vector's spaces? */
static int is_shard(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return op_called(e, OP_BLOCK_AIV_SHARD) || op_called(e, OP_BLOCK_AIC_GATHER);
}

/* A move between a cube space and Vec, which A2/A3 has no move for (A5
 * moves Acc to Vec and Vec to Mat in a kernel: targets/arch.c). */
static int is_crossing_move(const IrExpr *e, const void *ctx)
{
    const IrCall *c = IR_AS(IrCall, e);
    int from, to;
    (void)ctx;
    if (!op_called(e, OP_BLOCK_MOVE) || !c->nargs || !ir_is_var_like(c->args[0]) ||
        IR_AS(IrVar, c->args[0])->type->kind != TYPE_TILE)
        return 0;
    from = xm_space_side(ir_tile_space(IR_AS(IrVar, c->args[0])->type));
    to = xm_space_side((int)ir_call_kwarg_int(c, "target_memory", -1));
    return from && to && from != to;
}

/* A cross-core event or barrier whose core_type= names the core of side
 * *ctx (pypto classifies sync_set, sync_wait and syncall by it). */
static int is_sync_of(const IrExpr *e, const void *ctx)
{
    int side = *(const int *)ctx;
    const IrKwarg *ct;
    const char *core;
    if (!op_called(e, OP_SYSTEM_SYNC_SET) && !op_called(e, OP_SYSTEM_SYNC_WAIT) && !op_called(e, OP_SYSTEM_SYNCALL) &&
        !op_called(e, OP_SYSTEM_SYNCALL_SOFT))
        return 0;
    ct = ir_call_kwarg(IR_AS(IrCall, e), "core_type");
    core = ct && ct->kind == KW_STRING ? ct->v.s : "";
    return side == SIDE_C ? strcmp(core, "aic") == 0 || strcmp(core, "aic_only") == 0
                          : strcmp(core, "aiv") == 0 || strcmp(core, "aiv_only") == 0;
}

static int mixed(PassCtx *pc, const IrFunc *f)
{
    static const int cube = SIDE_C, vector = SIDE_V;
    KernelKind kind;
    if (f->type != FUNC_INCORE || !f->body)
        return 0;
    kind = ir_kernel_kind(f);
    if (kind == KERNEL_MIXED || ir_func_any(f, NULL, is_shard, NULL) ||
        (pc->arch != ARCH_A5 && ir_func_any(f, NULL, is_crossing_move, NULL)))
        return 1;
    /* an event the author gave the other core than the kernel's ops run
     * on (a cube kernel's vector side may only load and store, which use
     * no vector pipe) */
    return (kind == KERNEL_CUBE && ir_func_any(f, NULL, is_sync_of, &vector)) ||
           (kind == KERNEL_VECTOR && ir_func_any(f, NULL, is_sync_of, &cube));
}

/* A name for a kernel of F that the program does not have. */
static const char *kernel_name(IrCtx *ir, const IrProgram *prog, const IrFunc *f, const char *suffix)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s_%s", f->name, suffix);
    for (unsigned k = 1; ir_program_find(prog, buf); k++)
        snprintf(buf, sizeof buf, "%s_%s%u", f->name, suffix, k);
    return ir_name(ir, buf);
}

/* Side X's kernel of S->f. */
static IrFunc *build_side(Split *S, int side, int *work)
{
    Side X;
    StmtList l, body;
    IrParam *params = arena_alloc(&S->ir->arena, (S->f->nparams ? S->f->nparams : 1) * sizeof *params);
    IrFunc *k;
    PtrMap dims;
    X.S = S;
    X.side = side;
    ptrmap_init(&X.subst);
    /* The names the kernel has for its tensors' dimensions that are not
     * parameters (T in a parameter of [T * 64, 512]) are both sides':
     * each kernel reads them from its own copy of the parameters. */
    ptrmap_init(&dims);
    ir_func_dim_names(S->f, &dims);
    for (uint32_t i = 0; i < dims.cap; i++)
        if (dims.keys[i] && ir_is_var_like(dims.keys[i]))
            ptrmap_put(&X.subst, dims.keys[i], (void *)dims.keys[i]);
    ptrmap_free(&dims);
    for (uint32_t i = 0; i < S->f->nparams; i++) {
        params[i] = S->f->params[i];
        params[i].var = xm_copy_var(&X, S->f->params[i].var);
    }
    vec_init(l);
    *work = xm_emit(&X, S->f->body, &l);
    xm_free_slots(&X, &l);
    vec_init(body);
    if (!S->failed)
        for (uint32_t i = 0; i < l.len; i++)
            vec_push(body, l.data[i]);
    k = ir_func_rebuild(S->ir, S->f, S->f->nparams, params, side == SIDE_V ? S->f->nret : 0,
                        side == SIDE_V ? S->f->ret_types : NULL,
                        ir_seq(S->ir, STMT_SEQ, (uint32_t)body.len, body.data, S->f->body->span));
    k->name = S->names[side];
    k->type = side == SIDE_C ? FUNC_AIC : FUNC_AIV;
    vec_free(l);
    vec_free(body);
    ptrmap_free(&X.subst);
    return k;
}

/* The pipe's setup (pipe_setup.c) prepended to kernel k of side. */
static void prepend_setup(Split *S, IrFunc *k, int side)
{
    PipeEnds P = xm_pipe(S);
    StmtList l;
    vec_init(l);
    pipe_setup_emit(&P, side, &l);
    S->failed |= P.failed;
    vec_push(l, k->body);
    k->body = ir_seq(S->ir, STMT_SEQ, (uint32_t)l.len, l.data, k->body->span);
    vec_free(l);
}

/* The split of F into its two kernels (out[0] AIC, out[1] AIV); 0 after
 * an error. */
static int split_func(PassCtx *pc, const IrProgram *prog, const IrFunc *f, IrFunc *out[2])
{
    Split S;
    memset(&S, 0, sizeof S);
    S.pc = pc;
    S.ir = pc->ir;
    S.f = f;
    S.names[SIDE_C] = kernel_name(pc->ir, prog, f, "aic");
    S.names[SIDE_V] = kernel_name(pc->ir, prog, f, "aiv");
    ptrmap_init(&S.avail);
    ptrmap_init(&S.cross);
    ptrmap_init(&S.space);
    for (int side = SIDE_C; side <= SIDE_V; side++) {
        ptrmap_init(&S.taken[side]);
        pass_names_of(f, &S.taken[side]);
    }
    ptrmap_init(&S.fence);
    S.f = f = xm_fence_gm(&S, f);
    xm_analyze(&S, f->body);
    if (!S.failed)
        xm_check_gm(&S, f->body);
    if (!S.failed) {
        int work[2];
        out[0] = build_side(&S, SIDE_C, &work[0]);
        out[1] = build_side(&S, SIDE_V, &work[1]);
        /* one side's work only (shards of tiles already there): that
         * side's body is the kernel, under F's name */
        if (!S.failed && !S.bytes[DIR_C2V] && !S.bytes[DIR_V2C] && (!work[0] || !work[1])) {
            IrFunc *k = out[work[0] ? 0 : 1];
            k->name = f->name;
            k->type = f->type;
            if (work[0]) {   /* the AIC copy returns nothing: take F's results from the AIV's */
                k->nret = out[1]->nret;
                k->ret_types = out[1]->ret_types;
            }
            out[0] = NULL;
            out[1] = k;
        }
    }
    /* two halves that pass no tile need no pipe */
    if (!S.failed && (S.bytes[DIR_C2V] || S.bytes[DIR_V2C])) {
        prepend_setup(&S, out[0], SIDE_C);
        prepend_setup(&S, out[1], SIDE_V);
    }
    ptrmap_free(&S.avail);
    ptrmap_free(&S.cross);
    ptrmap_free(&S.space);
    ptrmap_free(&S.fence);
    ptrmap_free(&S.taken[SIDE_C]);
    ptrmap_free(&S.taken[SIDE_V]);
    return !S.failed;
}

/* ------------------------------------------------------------ callers */

typedef struct Callers {
    PtrMap split;      /* interned name of F -> IrFunc *[2] (its kernels) */
} Callers;

static const IrStmt *call_stmt(IrMutator *m, const IrStmt *s)
{
    Callers *C = m->data;
    const IrCall *c = ir_stmt_call(s);
    IrFunc **k;
    const IrStmt *two[2];
    const IrExpr *aic, *aiv;
    if (!c || c->callee->kind != CALLEE_GLOBAL || !(k = ptrmap_get(&C->split, c->callee->name)) || !k[0])
        return s;
    aic = ir_call(m->ctx, ir_callee_global(m->ctx, k[0]->name), c->nargs, c->args, c->nkwargs, c->kwargs,
                  ir_type_unknown(m->ctx), c->e.span);
    aiv = ir_call(m->ctx, ir_callee_global(m->ctx, k[1]->name), c->nargs, c->args, c->nkwargs, c->kwargs, c->type,
                  c->e.span);
    two[0] = ir_eval(m->ctx, aic, s->span);
    two[1] = s->kind == STMT_ASSIGN ? ir_assign(m->ctx, IR_AS(IrAssign, s)->var, aiv, s->span)
                                    : ir_eval(m->ctx, aiv, s->span);
    return ir_seq(m->ctx, STMT_SEQ, 2, two, s->span);
}

const IrProgram *pass_expand_mixed_kernel(PassCtx *pc, const IrProgram *prog)
{
    Callers C;
    VEC(const IrFunc *) funcs;
    VEC(IrFunc **) pairs;
    int failed = 0;
    const IrProgram *r;
    ptrmap_init(&C.split);
    vec_init(funcs);
    vec_init(pairs);
    for (uint32_t i = 0; i < prog->n; i++) {
        IrFunc **k;
        if (!mixed(pc, prog->funcs[i]))
            continue;
        k = xcalloc(2, sizeof *k);
        vec_push(pairs, k);
        if (split_func(pc, prog, prog->funcs[i], k))
            ptrmap_put(&C.split, prog->funcs[i]->name, k);
        else
            failed = 1;
    }
    r = prog;
    if (!failed && pairs.len) {
        IrMutator m;
        memset(&m, 0, sizeof m);
        m.ctx = pc->ir;
        m.stmt = call_stmt;
        m.data = &C;
        for (uint32_t i = 0; i < prog->n; i++) {
            const IrFunc *f = prog->funcs[i];
            IrFunc **k = ptrmap_get(&C.split, f->name);
            if (k && !k[0]) {
                vec_push(funcs, k[1]);   /* one side's kernel under F's name */
            } else if (k) {
                vec_push(funcs, k[0]);
                vec_push(funcs, k[1]);
            } else if (f->body) {
                const IrStmt *b = ir_mutate_stmt(&m, f->body);
                vec_push(funcs, b == f->body ? f : ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret,
                                                                    f->ret_types, b));
            } else {
                vec_push(funcs, f);
            }
        }
        r = ir_program_new(pc->ir, prog->name, (uint32_t)funcs.len, funcs.data, prog->span);
    }
    for (size_t i = 0; i < pairs.len; i++)
        xfree(pairs.data[i]);
    vec_free(pairs);
    vec_free(funcs);
    ptrmap_free(&C.split);
    return failed ? NULL : r;
}
