/* pto_mlir_pipe.c: the cross-core pipe in PTO MLIR (ir/ops_xcore.c; the
 * forms PTOAS 0.60 takes, observed by feeding it modules, as pypto@e2d0f78a
 * src/backend/common/pto_ops_crosscore.cpp writes them):
 *
 *   %b = pto.reserve_buffer {name = "c2v", size = 4096,
 *            location = #pto.address_space<vec>, auto = false, base = 8192} -> i32
 *   %p = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
 *   pto.aic_initialize_pipe {id = 1, dir_mask = 3, slot_size = 1024, slot_num = 4}
 *       (gm_slot_buffer = %argN : !pto.ptr<f32>, c2v_consumer_buf = %p : i32,
 *        v2c_consumer_buf = %b : i32)
 *   pto.tpush_to_aiv(%t : !pto.tile_buf<...>) {split = 0}
 *   %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<...>
 *   pto.tfree_from_aic {split = 0}
 *
 * On A2/A3 the rings are in global memory: PTOAS wants gm_slot_buffer, a
 * kernel parameter of its own (pm_pipe_gm_param adds it; the caller
 * allocates it, as pypto's InjectGMPipeBuffer does).  A buffer's base is
 * AllocateMemoryAddr's (at level 3 PTOAS takes explicit addresses only;
 * with --no-addr its planner's, auto = true);
 * its location is the consuming core's memory: Mat on the AIC, Vec on an
 * AIV. */
#include "config.h"
#include "codegen/pto_mlir_internal.h"
#include "ir/visit.h"
#include "support/vec.h"
#include "targets/arch.h"

/* "{id = 1, split = 0}": a pipe op's attributes, id only when given; a
 * free's are its pop's (pypto's StampTfreeSplit), its own id agreeing
 * (the verifier's). */
static void pipe_attrs(StrBuf *o, const IrCall *c, const LowerComm *lc)
{
    const IrKwarg *id;
    if (lc->what == COMM_PIPE_FREE && lc->tile->popped_by)
        c = lc->tile->popped_by;
    id = ir_call_kwarg(c, "id");
    sb_putc(o, '{');
    if (id)
        sb_printf(o, "id = %" PRId64 ", ", id->v.i);
    sb_printf(o, "split = %" PRId64 "}", ir_call_kwarg_int(c, "split", 0));
}

static void init_attrs(StrBuf *o, const IrCall *c)
{
    static const char *const opt[] = {"slot_num", "local_slot_num"};
    const IrKwarg *id = ir_call_kwarg(c, "id");
    sb_putc(o, '{');
    if (id)
        sb_printf(o, "id = %" PRId64 ", ", id->v.i);
    sb_printf(o, "dir_mask = %" PRId64 ", slot_size = %" PRId64, ir_call_kwarg_int(c, "dir_mask", 0),
              ir_call_kwarg_int(c, "slot_size", 0));
    for (int i = 0; i < 2; i++)
        if (ir_call_kwarg(c, opt[i]))
            sb_printf(o, ", %s = %" PRId64, opt[i], ir_call_kwarg_int(c, opt[i], 0));
    sb_putc(o, '}');
}

const char *pm_pipe_gm_param(const LowerList *L, const CodegenOptions *o)
{
    if (o->arch != ARCH_A2A3)
        return NULL;
    for (const LowerInst *I = L->first; I; I = I->next)
        if (I->kind == LI_COMM && I->u.comm->what == COMM_PIPE_INIT)
            return "%gm_pipe_buffer";
    return NULL;
}

void pm_emit_pipe(Emitter *E, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerComm *lc)
{
    char buf[64];
    const char *why, *mn = op_spelling(op, OUT_MLIR, buf, sizeof buf, &why);
    StrBuf *o;
    switch ((LowerCommKind)lc->what) {
    case COMM_PIPE_RESERVE:
    case COMM_PIPE_IMPORT: {
        const IrKwarg *name = ir_call_kwarg(c, "name");
        const char *res = dest ? pm_result_name(E, dest) : mlir_name_fresh(&E->names);
        o = pm_line(E);
        sb_printf(o, "%s = pto.%s {name = \"%s\", ", res, mn, name ? name->v.s : "");
        if (lc->what == COMM_PIPE_IMPORT)
            sb_printf(o, "peer_func = @%s", ir_call_kwarg(c, "peer_func")->v.s);
        else if (E->k.o->addr)
            sb_printf(o, "size = %" PRId64 ", location = #pto.address_space<%s>, auto = false, base = %" PRId64,
                      ir_call_kwarg_int(c, "size", 0), E->kind == KERNEL_CUBE ? "mat" : "vec",
                      ir_call_kwarg_int(c, "base", -1));
        else   /* --no-addr: PTOAS's planner places it, as it places the tiles */
            sb_printf(o, "size = %" PRId64 ", location = #pto.address_space<%s>, auto = true",
                      ir_call_kwarg_int(c, "size", 0), E->kind == KERNEL_CUBE ? "mat" : "vec");
        sb_puts(o, "} -> i32\n");
        if (dest)
            bind(E, dest, pm_scalar_value(E, res, SC_I32, 0));
        return;
    }
    case COMM_PIPE_INIT: {
        const Value *b[2];
        for (int i = 0; i < 2; i++)
            if (!(b[i] = pm_scalar(E, lc->bufs[i], DT_INT32, 0, NULL)))
                return;
        o = pm_line(E);
        sb_printf(o, "pto.%s ", mn);
        init_attrs(o, c);
        sb_puts(o, " (");
        if (E->gm_pipe)
            sb_printf(o, "gm_slot_buffer = %s : !pto.ptr<f32>, ", E->gm_pipe);
        sb_printf(o, "c2v_consumer_buf = %s : i32, v2c_consumer_buf = %s : i32)\n", b[0]->name, b[1]->name);
        return;
    }
    case COMM_PIPE_PUSH: {
        const Value *t = pm_tile(E, lc->tile, IR_AS(IrVar, c->args[0]), NULL);
        o = pm_line(E);
        sb_printf(o, "pto.%s(%s : %s) ", mn, t->name, t->type);
        pipe_attrs(o, c, lc);
        sb_putc(o, '\n');
        return;
    }
    case COMM_PIPE_POP: {
        /* the pop's result is the buffer: no alloc_tile of its own */
        Value *t = pm_new_value(E, pm_result_name(E, dest), pm_tile_type(E, lc->tile->type, 0), SC_NONE, 0);
        o = pm_line(E);
        sb_printf(o, "%s = pto.%s ", t->name, mn);
        pipe_attrs(o, c, lc);
        sb_printf(o, " -> %s\n", t->type);
        lc->tile->data = t;
        return;
    }
    case COMM_PIPE_FREE:
        o = pm_line(E);
        sb_printf(o, "pto.%s ", mn);
        pipe_attrs(o, c, lc);
        sb_putc(o, '\n');
        return;
    default:
        (void)why;
        return;
    }
}

/* ------------------------------------------------- a kernel's own module */

/* The function a's import_peer_buffer calls name: each edge of the pipe
 * graph once seen, marked in *linked by position in prog. */
typedef struct PeerScan {
    const IrProgram *prog;
    uint32_t self;               /* the function walked, by position */
    uint8_t *linked;
    int grew;
} PeerScan;

static int peer_expr(IrWalker *w, const IrExpr *e)
{
    PeerScan *S = w->data;
    const IrKwarg *peer;
    if (!op_called(e, OP_SYSTEM_IMPORT_PEER_BUFFER) || !(peer = ir_call_kwarg(IR_AS(IrCall, e), "peer_func")))
        return 1;
    for (uint32_t i = 0; i < S->prog->n; i++) {
        /* an edge self -> i: either end in the set puts the other in */
        if (strcmp(S->prog->funcs[i]->name, peer->v.s) == 0 && S->linked[S->self] != S->linked[i]) {
            S->linked[S->self] = S->linked[i] = 1;
            S->grew = 1;
        }
    }
    return 1;
}

uint32_t pm_pipe_peers(const IrProgram *prog, const IrFunc *kernel, const IrFunc **out)
{
    PeerScan S;
    IrWalker w;
    uint32_t n = 0;
    memset(&S, 0, sizeof S);
    memset(&w, 0, sizeof w);
    S.prog = prog;
    S.linked = xcalloc(prog->n ? prog->n : 1, 1);
    for (uint32_t i = 0; i < prog->n; i++)
        S.linked[i] = prog->funcs[i] == kernel;
    w.pre_expr = peer_expr;
    w.data = &S;
    do {   /* the connected set: grows until no edge adds a function */
        S.grew = 0;
        for (uint32_t i = 0; i < prog->n; i++) {
            S.self = i;
            ir_walk_func(&w, prog->funcs[i]);
        }
    } while (S.grew);
    for (uint32_t i = 0; i < prog->n; i++)
        if (S.linked[i] && prog->funcs[i] != kernel)
            out[n++] = prog->funcs[i];
    xfree(S.linked);
    return n;
}

/* ------------------------------------------------------ pairs of kernels */

/* A function's pipe ops, collected once. */
typedef struct PipeOps {
    VEC(const IrCall *) calls;
} PipeOps;

static int collect_pipe_op(IrWalker *w, const IrExpr *e)
{
    PipeOps *P = w->data;
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    if (op && (op->cls == OPCL_XCORE_BUFFER || op_is(op, OP_SYSTEM_AIC_INITIALIZE_PIPE) ||
               op_is(op, OP_SYSTEM_AIV_INITIALIZE_PIPE)))
        vec_push(P->calls, IR_AS(IrCall, e));
    return 1;
}

static const char *kw_str(const IrCall *c, const char *key)
{
    const IrKwarg *k = ir_call_kwarg(c, key);
    return k && k->kind == KW_STRING ? k->v.s : "";
}

/* Do functions a and b share a pipe: does one import a buffer of the other? */
static int linked(const IrProgram *prog, const PipeOps *ops, uint32_t a, uint32_t b)
{
    for (int k = 0; k < 2; k++) {
        uint32_t from = k ? b : a, to = k ? a : b;
        for (uint32_t i = 0; i < ops[from].calls.len; i++) {
            const IrCall *c = ops[from].calls.data[i];
            if (op_is(callee_op(c->callee), OP_SYSTEM_IMPORT_PEER_BUFFER) &&
                strcmp(kw_str(c, "peer_func"), prog->funcs[to]->name) == 0)
                return 1;
        }
    }
    return 0;
}

/* The peer's initialize_pipe that pairs with init c of function f: the
 * other core's, of the same id, direction mask and slot size. */
static int paired(const IrProgram *prog, const PipeOps *ops, uint32_t f, const IrCall *c)
{
    OpId other = op_is(callee_op(c->callee), OP_SYSTEM_AIC_INITIALIZE_PIPE) ? OP_SYSTEM_AIV_INITIALIZE_PIPE
                                                                             : OP_SYSTEM_AIC_INITIALIZE_PIPE;
    static const char *const keys[3] = {"id", "dir_mask", "slot_size"};
    for (uint32_t g = 0; g < prog->n; g++) {
        if (g == f || !linked(prog, ops, f, g))
            continue;
        for (uint32_t i = 0; i < ops[g].calls.len; i++) {
            const IrCall *d = ops[g].calls.data[i];
            int same = op_is(callee_op(d->callee), other);
            for (int k = 0; k < 3 && same; k++)
                same = ir_call_kwarg_int(c, keys[k], 0) == ir_call_kwarg_int(d, keys[k], 0);
            if (same)
                return 1;
        }
    }
    return 0;
}

int pm_pipe_pairs_check(const IrProgram *prog, const IrFunc *only, DiagEngine *diag)
{
    PipeOps *ops = xcalloc(prog->n ? prog->n : 1, sizeof *ops);
    IrWalker w;
    int bad = 0;
    char name[64];
    memset(&w, 0, sizeof w);
    w.pre_expr = collect_pipe_op;
    for (uint32_t f = 0; f < prog->n; f++) {
        vec_init(ops[f].calls);
        w.data = &ops[f];
        ir_walk_func(&w, prog->funcs[f]);
    }
    for (uint32_t f = 0; f < prog->n; f++)
        for (uint32_t i = 0; i < ops[f].calls.len && (!only || prog->funcs[f] == only); i++) {
            const IrCall *c = ops[f].calls.data[i];
            const OpDef *op = callee_op(c->callee);
            if (op_is(op, OP_SYSTEM_IMPORT_PEER_BUFFER)) {
                /* the peer reserves the buffer under its name */
                int found = 0;
                for (uint32_t g = 0; g < prog->n && !found; g++)
                    if (strcmp(prog->funcs[g]->name, kw_str(c, "peer_func")) == 0)
                        for (uint32_t j = 0; j < ops[g].calls.len && !found; j++)
                            found = op_is(callee_op(ops[g].calls.data[j]->callee), OP_SYSTEM_RESERVE_BUFFER) &&
                                    strcmp(kw_str(ops[g].calls.data[j], "name"), kw_str(c, "name")) == 0;
                if (!found) {
                    diag_error(diag, c->e.span, "'%s' imports '%s' from '%s', which is no function of the program "
                                                "reserving a buffer of that name (PTO checks each import against its "
                                                "peer's reserve_buffer)",
                               op_printed_name(op, name, sizeof name), kw_str(c, "name"), kw_str(c, "peer_func"));
                    bad = 1;
                }
            } else if (op->cls == OPCL_XCORE_PIPE && !paired(prog, ops, f, c)) {
                diag_error(diag, c->e.span,
                           "'%s' of pipe %" PRId64 " has no peer: PTO wants a function that shares a buffer with '%s' "
                           "(import_peer_buffer) to set up the same pipe from the other core, with dir_mask=%" PRId64
                           " and slot_size=%" PRId64,
                           op_printed_name(op, name, sizeof name), ir_call_kwarg_int(c, "id", 0),
                           prog->funcs[f]->name, ir_call_kwarg_int(c, "dir_mask", 0),
                           ir_call_kwarg_int(c, "slot_size", 0));
                bad = 1;
            }
        }
    for (uint32_t f = 0; f < prog->n; f++)
        vec_free(ops[f].calls);
    xfree(ops);
    return bad;
}
