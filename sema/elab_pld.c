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
        if (op && op->shorter)
            op = NULL;   /* a longer form: its shorter one's calls reach it */
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
    if (!(op = pld_op(ns, name)) && !ns) {
        /* pld.remote_store: the tile or the tensor op, by the level of
         * its source (pypto's short forms dispatch on the operand) */
        const OpDef *tile = pld_op("tile", name), *tensor = pld_op("tensor", name);
        if (tile && tensor)
            return elab_op_call_by_level(fc, tile, tensor, call);
    }
    if (!op) {
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
    const IrExpr *e = elab_op_call_ast(fc, op, call);
    if (e && e->kind == EXPR_CALL && op_is(callee_op(IR_AS(IrCall, e)->callee), OP_PLD_TENSOR_ALLREDUCE_HOST) &&
        !is_host(fc))
        return elab_error(E, call->span,
                          "%s() without a signal window is host orchestration's (@pl.jit.host, level=pl.Level.HOST), "
                          "where the compiler gives it one; a kernel passes its own: %s(src, signal)",
                          written, written);
    return e;
}

/* ------------------------------------------------------ device= dispatch */

/* What pyptocc checks of the call attributes it reads: arg_directions
 * has one direction per argument (the reference's
 * ValidateArgDirectionsAttr, when the list is not empty); core_num is a
 * positive count of cores. */
static int attrs_fit(FnCtx *fc, const AstNode *call, const KwargVec *attrs)
{
    Elab *E = fc->E;
    for (uint32_t i = 0; i < attrs->len; i++) {
        const IrKwarg *a = &attrs->data[i];
        if (strcmp(a->key, "device") == 0) {
            /* the per-rank dispatch has its own keyword (and its own place
             * in the IR: ir_call_device_arg) */
            diag_error(E->diag, call->span, "a call's rank is given as device=, not as a call attribute");
            return 0;
        }
        if (strcmp(a->key, "arg_directions") == 0) {
            uint32_t n = a->kind == KW_LIST ? ir_kwargs_len(a->v.l) : 0;
            for (uint32_t k = 0; k < n; k++)
                if (a->v.l[k].kind != KW_ARG_DIR) {
                    diag_error(E->diag, call->span, "call attribute 'arg_directions' lists pl.adir values");
                    return 0;
                }
            if (a->kind != KW_LIST || (n && n != call->list.n)) {
                diag_error(E->diag, call->span, "call attribute 'arg_directions' gives %u direction%s for %u argument%s",
                           n, n == 1 ? "" : "s", call->list.n, call->list.n == 1 ? "" : "s");
                return 0;
            }
        } else if (strcmp(a->key, "core_num") == 0 && (a->kind != KW_INT || a->v.i < 1)) {
            diag_error(E->diag, call->span, "call attribute 'core_num' is a positive number of cores");
            return 0;
        }
    }
    return 1;
}

int elab_call_keywords(FnCtx *fc, const AstNode *call, const char *callee, const char *what, const IrExpr **device,
                       KwargVec *attrs)
{
    Elab *E = fc->E;
    const AstNode *kw = NULL;
    const IrType *t;
    char b[128];
    *device = NULL;
    for (uint32_t k = 0; k < call->list2.n; k++) {
        const AstNode *x = call->list2.items[k];
        if (strcmp(x->name, "attrs") == 0 && attrs && !attrs->len) {
            /* today's printer's call attributes (arg_directions, core_num) */
            if (x->a->kind != AST_DICT) {
                diag_error(E->diag, x->a->span, "attrs= of a call takes a dict display: attrs={\"core_num\": 4}");
                return 0;
            }
            if (!elab_attr_dict(fc, x->a, "call attribute", 0, attrs) || !attrs_fit(fc, call, attrs))
                return 0;
        } else if (strcmp(x->name, "device") == 0 && !kw) {
            kw = x;
        } else {
            diag_error(E->diag, x->span,
                       "'%s' got an unexpected keyword argument '%s' (calls of %s take their parameters%s)",
                       callee, x->name, what, is_host(fc) ? ", attrs= and device=" : " and attrs=");
            return 0;
        }
    }
    if (!kw)
        return 1;
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

const IrExpr *elab_with_call_keywords(FnCtx *fc, const IrExpr *call, const IrExpr *device, const KwargVec *attrs)
{
    const IrCall *c;
    const IrExpr **args;
    const IrExpr *r;
    IrKwarg *kw;
    uint32_t nk = 0;
    if (!call || (!device && !attrs->len))
        return call;
    if (call->kind != EXPR_CALL)
        ICE("keywords of a call of something that is not a call");
    c = IR_AS(IrCall, call);
    args = xmalloc(xmul_size((size_t)c->nargs + 1, sizeof *args));
    kw = xmalloc(xmul_size((size_t)attrs->len + 1, sizeof *kw));
    memcpy(args, c->args, c->nargs * sizeof *args);
    if (device) {
        args[c->nargs] = device;
        kw[nk].key = intern_cstr(fc->E->names, "device");
        kw[nk].kind = KW_INT;
        kw[nk++].v.i = c->nargs;
    }
    for (uint32_t i = 0; i < attrs->len; i++)
        kw[nk++] = attrs->data[i];
    r = ir_call(fc->E->ir, c->callee, c->nargs + (device != NULL), args, nk, kw, c->type, call->span);
    xfree(args);
    xfree(kw);
    return r;
}
