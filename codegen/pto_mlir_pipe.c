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
#include "targets/legal_pipe.h"

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

/* The rules Legalize reports (targets/legal_pipe.c), again for pass
 * lists without it. */
static void report_pair(void *diag, Span at, const char *msg) { diag_error(diag, at, "%s", msg); }

int pm_pipe_pairs_check(const IrProgram *prog, const IrFunc *only, DiagEngine *diag)
{
    return legal_pipe_pairs(prog, only, report_pair, diag);
}
