/* elab_pld.c: the distributed layer's surface (import
 * pypto.language.distributed as pld; pypto docs/en/user/distributed/).
 *
 *   pld.<ns>.<name>(...)    ns system, tensor or tile: the op pld.<ns>.<name>
 *   pld.<name>(...)         the op whose row says short_form (02-primitives.md
 *                           "2-Segment vs 3-Segment Namespace")
 *   f(..., device=r)        a per-rank dispatch of host orchestration
 *                           (00-model.md "Per-Rank Dispatch"): the call's
 *                           last argument is r, and its kwarg device= says so
 *
 * The ops' facts (arguments, types, errors) are rows of ir/ops.def; what
 * is checked here is where they may stand: world_size() and the window
 * buffer's allocation belong to host orchestration, and so does
 * device=. */
#include "config.h"
#include "sema/elab_pld.h"
#include "sema/elab_expr.h"
#include "sema/elab_op.h"

#include <stdio.h>
#include <string.h>

static const char *const pld_spaces[] = {"system", "tensor", "tile"};

/* The op pld.<ns>.<name>; with ns NULL, the short form pld.<name>. */
static const OpDef *pld_op(const char *ns, const char *name)
{
    char full[128];
    for (size_t i = 0; i < sizeof pld_spaces / sizeof pld_spaces[0]; i++) {
        const OpDef *op;
        if (ns && strcmp(ns, pld_spaces[i]) != 0)
            continue;
        snprintf(full, sizeof full, "pld.%s.%s", pld_spaces[i], name);
        op = op_lookup(full);
        if (op && (ns || op->short_form))
            return op;
    }
    return NULL;
}

static int is_host(const FnCtx *fc) { return fc->sig && fc->sig->level == LEVEL_HOST; }

const IrExpr *elab_pld_call(FnCtx *fc, const char *p, const char *ns, const char *name, const AstNode *call)
{
    Elab *E = fc->E;
    const OpDef *op;
    char written[160];
    int known_ns = !ns;
    for (size_t i = 0; ns && i < sizeof pld_spaces / sizeof pld_spaces[0]; i++)
        known_ns |= strcmp(ns, pld_spaces[i]) == 0;
    if (!known_ns)
        return elab_error(E, call->a->span, "unknown operation namespace '%s.%s' (%s has system, tensor and tile)", p,
                          ns, p);
    if (ns)
        snprintf(written, sizeof written, "%s.%s.%s", p, ns, name);
    else
        snprintf(written, sizeof written, "%s.%s", p, name);
    if (!(op = pld_op(ns, name))) {
        const OpDef *full = NULL;
        for (size_t i = 0; !ns && !full && i < sizeof pld_spaces / sizeof pld_spaces[0]; i++)
            full = pld_op(pld_spaces[i], name);
        if (full)
            return elab_error(E, call->a->span, "'%s' has no short form: write %s", written, full->callee.name);
        return elab_error(E, call->a->span, "unknown operation '%s'", written);
    }
    if (op_is(op, OP_PLD_SYSTEM_WORLD_SIZE) && !is_host(fc))
        return elab_error(E, call->a->span,
                          "%s() is host orchestration's (@pl.jit.host, level=pl.Level.HOST); a kernel reads "
                          "pld.nranks(pld.get_comm_ctx(window))",
                          written);
    if (op_is(op, OP_PLD_TENSOR_ALLOC_WINDOW_BUFFER) && !is_host(fc))
        return elab_error(E, call->a->span,
                          "%s() is host orchestration's (@pl.jit.host, level=pl.Level.HOST): window buffers are "
                          "allocated once, before the per-rank dispatch",
                          written);
    return elab_op_call_ast(fc, op, call);
}

/* ------------------------------------------------------ device= dispatch */

int elab_dispatch_device(FnCtx *fc, const AstNode *call, const char *callee, const char *what, const IrExpr **device)
{
    Elab *E = fc->E;
    const AstNode *kw;
    const IrType *t;
    char b[128];
    *device = NULL;
    if (!call->list2.n)
        return 1;
    kw = call->list2.items[0];
    if (call->list2.n > 1 || strcmp(kw->name, "device") != 0) {
        const AstNode *bad = strcmp(kw->name, "device") != 0 ? kw : call->list2.items[1];
        diag_error(E->diag, bad->span, "keyword arguments are not supported in calls of %s%s", what,
                   is_host(fc) && strcmp(bad->name, "device") != 0 ? " (but device= in host orchestration)" : "");
        return 0;
    }
    if (!is_host(fc)) {
        diag_error(E->diag, kw->span,
                   "device= dispatches '%s' to one rank: it is written in host orchestration (@pl.jit.host, "
                   "level=pl.Level.HOST)",
                   callee);
        return 0;
    }
    if (!(*device = elab_expr(fc, kw->a)))
        return 0;
    t = ir_expr_type(E->ir, *device);
    if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
        diag_error(E->diag, kw->a->span, "device= takes a rank (an integer), got %s",
                   elab_type_str(E, t, b, sizeof b));
        *device = NULL;
        return 0;
    }
    return 1;
}

const IrExpr *elab_with_device(FnCtx *fc, const IrExpr *call, const IrExpr *device)
{
    const IrCall *c;
    const IrExpr **args;
    const IrExpr *r;
    IrKwarg kw;
    if (!call || !device)
        return call;
    if (call->kind != EXPR_CALL)
        ICE("a per-rank dispatch of something that is not a call");
    c = IR_AS(IrCall, call);
    args = xmalloc(xmul_size((size_t)c->nargs + 1, sizeof *args));
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[c->nargs] = device;
    kw.key = intern_cstr(fc->E->names, "device");
    kw.kind = KW_INT;
    kw.v.i = c->nargs;
    r = ir_call(fc->E->ir, c->callee, c->nargs + 1u, args, 1, &kw, c->type, call->span);
    xfree(args);
    return r;
}
