/* elab_op.c: binding a call's written arguments to an operator's DSL
 * signature (ops.md 4): keyword arguments name their parameters,
 * positional ones fill the rest in order; keyword-argument values are
 * compile-time constants converted to the schema's types, and defaults are
 * filled in; the registry then deduces the result type.  A call of a
 * function has its keyword arguments put in place the same way. */
#include "config.h"
#include "sema/elab_op.h"
#include "sema/elab_value.h"
#include "support/strbuf.h"
#include "support/xalloc.h"

#include <string.h>

static uint32_t required_params(const OpDef *op)
{
    uint32_t r = 0;
    for (uint32_t i = 0; i < op->nparams; i++)
        if (op->params[i].kw < 0 ? !op->params[i].from : op->kwargs[op->params[i].kw].presence == KW_REQUIRED)
            r++;
    return r;
}

static void arity_error(FnCtx *fc, const OpDef *op, const AstNode *call, const char *name)
{
    uint32_t req = required_params(op), got = call->list.n + call->list2.n;
    const OpDef *shorter = op->shorter ? op_ref(op->shorter) : NULL;
    if (shorter && !call->list2.n)   /* two forms, told apart by their count */
        diag_error(fc->E->diag, call->span, "'%s' takes %u or %u arguments, got %u", name, required_params(shorter), req,
                   got);
    else if (req == op->nparams)
        diag_error(fc->E->diag, call->span, "'%s' expects %u argument%s, got %u", name, req, req == 1 ? "" : "s", got);
    else
        diag_error(fc->E->diag, call->span, "'%s' expects %u to %u arguments, got %u", name, req, op->nparams, got);
}

Span elab_arg_part_span(const AstNode *n, int elem)
{
    if (elem >= 0 && (n->kind == AST_LIST || n->kind == AST_TUPLE) && (uint32_t)elem < n->list.n)
        return n->list.items[elem]->span;
    return n->span;
}

/* A keyword that selects an op's longer form at the tensor level
 * (OpDef.selected_by: tensor.rsqrt's high_precision) is given at the tile
 * level as the longer form's extra arguments: the note shows that form. */
static void longer_form_note(FnCtx *fc, const OpDef *op, Span at, const char *name, const char *kw)
{
    const OpDef *longer = op_longer_call(op);
    StrBuf sb;
    if (!longer || !longer->selected_by || strcmp(longer->selected_by, kw) != 0)
        return;
    sb_init(&sb);
    for (uint32_t p = 0; p < longer->nparams; p++)
        if (longer->params[p].kw < 0)
            sb_printf(&sb, "%s%s", p ? ", " : "", longer->params[p].name);
    diag_note(fc->E->diag, at, "on a tile, what '%s=' selects is the form '%s(%s)'", kw, name, sb_cstr(&sb));
    sb_free(&sb);
}

int elab_op_bind(FnCtx *fc, const OpDef *op, const AstNode *call, OpBinding *b)
{
    Elab *E = fc->E;
    const char *name = b->name;
    const AstNode **bound = b->arg;
    uint32_t pos = 0;
    int ok = 1;

    b->op = op;
    op_printed_name(op, b->name, sizeof b->name);
    if (op->nparams > OP_MAX_PARAMS || op->nkw > OP_MAX_KWARGS)
        ICE("op %s has too many parameters", op_name(op));
    memset(b->arg, 0, sizeof b->arg);
    b->attrs = NULL;
    /* Keywords first, then positionals fill the remaining parameters. */
    for (uint32_t k = 0; k < call->list2.n; k++) {
        const AstNode *kw = call->list2.items[k];
        int p = op_param_named(op, kw->name);
        if (p < 0 && strcmp(kw->name, "attrs") == 0 && kw->a->kind == AST_DICT) {
            b->attrs = kw->a;
            continue;
        }
        if (p < 0) {
            diag_error(E->diag, kw->span, "'%s' got an unexpected keyword argument '%s'", name, kw->name);
            longer_form_note(fc, op, kw->span, name, kw->name);
            ok = 0;
            continue;
        }
        bound[p] = kw->a;
    }
    for (uint32_t p = 0; p < op->nparams && pos < call->list.n; p++)
        if (!bound[p] && !op->params[p].keyword)
            bound[p] = call->list.items[pos++];
    if (pos < call->list.n) {
        arity_error(fc, op, call, name);
        return 0;
    }
    for (uint32_t p = 0; p < op->nparams; p++) {
        const OpParam *prm = &op->params[p];
        if (prm->kw >= 0 || prm->from)
            continue;
        if (!bound[p]) {
            if (call->list2.n)
                diag_error(E->diag, call->span, "'%s' is missing argument '%s'", name, prm->name);
            else
                arity_error(fc, op, call, name);
            return 0;
        }
    }
    return ok;
}

/* The annotation's tile type when call is the value an annotated
 * assignment assigns (fc->annot_call), else NULL. */
static const IrType *annotated_tile(FnCtx *fc, const AstNode *call)
{
    return fc->annot_call == call && fc->annot && fc->annot->kind == TYPE_TILE ? fc->annot : NULL;
}

const IrExpr *elab_param_default(FnCtx *fc, const OpDef *op, const OpParam *prm, const AstNode *call,
                                 const IrExpr *const *args, uint32_t argi)
{
    const IrType *t;
    int from = op_param_from_arg(prm);
    char name[128];
    if (from >= 0 && (uint32_t)from < argi)
        return args[from];   /* left out: the argument it defaults to */
    if (prm->from == OP_FROM_ZERO)
        return ir_const_int(fc->E->ir, 0, DT_INT32, call->span);
    if (prm->from == OP_FROM_ANNOTATION && (t = annotated_tile(fc, call)))
        return ir_make_tuple(fc->E->ir, t->n, t->dims, call->span);
    if (prm->from == OP_FROM_ANNOTATION)
        diag_error(fc->E->diag, call->span,
                   "'%s' needs the type of the tile it gives: annotate the assignment (t: pl.Tile[[16, 16], pl.FP32] "
                   "= ...) or give %s= and dtype=",
                   op_printed_name(op, name, sizeof name), prm->name);
    return NULL;
}

/* A kwarg the call leaves out that its context gives (ops_xcore.c): a
 * pop's dtype, from the annotation that gives its shape; the split of a
 * pl.split_aiv region's crossing (pl.aiv_shard, pl.aic_gather), which a
 * call there may repeat but not contradict.  1 with *kw set, 0 when the
 * context gives none, -1 after an error. */
static int kwarg_from_context(FnCtx *fc, const OpDef *op, const KwSpec *spec, const AstNode *given,
                              const AstNode *call, const char *name, IrKwarg *kw)
{
    const IrType *t;
    const OpDef *tile_op = op->block ? op_ref(op->block) : op;   /* tensor.aiv_shard: tile.aiv_shard's */
    if (tile_op->cls == OPCL_XCORE_SHARD && fc->split_aiv && strcmp(spec->name, "split") == 0) {
        if (given && (!elab_kwarg_value(fc, spec, given, name, kw) || kw->v.i != fc->split_aiv - 1)) {
            diag_error(fc->E->diag, given->span, "'%s' in a pl.split_aiv region splits as the region does (split=%d)",
                       name, fc->split_aiv - 1);
            return -1;
        }
        kw->key = intern_cstr(fc->E->names, spec->name);
        kw->kind = KW_INT;
        kw->v.i = fc->split_aiv - 1;
        return 1;
    }
    if (tile_op->cls == OPCL_XCORE_SHARD && !given && strcmp(spec->name, "split") == 0) {
        diag_error(fc->E->diag, call->span,
                   "'%s' takes its split from the 'for ... in pl.split_aiv(2, mode=...)' region it is in; outside "
                   "one, give split=",
                   name);
        return -1;
    }
    if (!given && spec->type == KWT_DTYPE && (t = annotated_tile(fc, call)) != NULL) {
        kw->key = intern_cstr(fc->E->names, spec->name);
        kw->kind = KW_DTYPE;
        kw->v.i = t->dtype;
        return 1;
    }
    return 0;
}

int elab_op_kwargs(FnCtx *fc, const OpBinding *b, const AstNode *call, IrKwarg *kwbuf, uint32_t *nkw)
{
    Elab *E = fc->E;
    const OpDef *op = b->op;
    const char *name = b->name;
    const AstNode *const *bound = b->arg;
    uint32_t nk = 0;
    int ok = 1;
    /* Kwargs in schema order. */
    for (uint32_t k = 0; k < op->nkw; k++) {
        const KwSpec *spec = &op->kwargs[k];
        const AstNode *given = NULL;
        int ctx;
        for (uint32_t p = 0; p < op->nparams; p++)
            if (op->params[p].kw == (int)k)
                given = bound[p];
        if ((ctx = kwarg_from_context(fc, op, spec, given, call, name, &kwbuf[nk])) != 0) {
            ok &= ctx > 0;
            nk += ctx > 0;
        } else if (given) {
            if (!elab_kwarg_value(fc, spec, given, name, &kwbuf[nk]))
                ok = 0;
            nk++;
        } else if (spec->presence == KW_DEFAULTED) {
            IrKwarg *kw = &kwbuf[nk++];
            kw->key = intern_cstr(E->names, spec->name);
            switch ((KwType)spec->type) {
            case KWT_BOOL: kw->kind = KW_BOOL; kw->v.i = spec->idefault; break;
            case KWT_DOUBLE: kw->kind = KW_DOUBLE; kw->v.d = spec->ddefault; break;
            case KWT_DTYPE: kw->kind = KW_DTYPE; kw->v.i = spec->idefault; break;
            case KWT_MEMSPACE: kw->kind = KW_MEMSPACE; kw->v.i = spec->idefault; break;
            case KWT_NOTIFY_OP: kw->kind = KW_COMM_ENUM; kw->v.i = COMM_ENUM_PACK(CE_NOTIFY_OP, spec->idefault); break;
            case KWT_WAIT_CMP: kw->kind = KW_COMM_ENUM; kw->v.i = COMM_ENUM_PACK(CE_WAIT_CMP, spec->idefault); break;
            case KWT_ATOMIC_TYPE: kw->kind = KW_COMM_ENUM; kw->v.i = COMM_ENUM_PACK(CE_ATOMIC_TYPE, spec->idefault); break;
            case KWT_REDUCE_OP: kw->kind = KW_COMM_ENUM; kw->v.i = COMM_ENUM_PACK(CE_REDUCE_OP, spec->idefault); break;
            case KWT_STRING: ICE("string kwargs have no default");
            default: kw->kind = KW_INT; kw->v.i = spec->idefault; break;
            }
        } else if (spec->presence == KW_REQUIRED) {
            diag_error(E->diag, call->span, "'%s' needs the argument '%s'", name, spec->name);
            ok = 0;
        }
    }
    if (ok && b->attrs && b->attrs->list.n && !elab_op_attrs(fc, b->attrs, &kwbuf[nk++]))
        ok = 0;
    *nkw = nk;
    return ok;
}

const IrExpr *elab_op_call(FnCtx *fc, const OpBinding *b, const AstNode *call, const IrExpr **args, const IrKwarg *kwbuf,
                           uint32_t nk)
{
    Elab *E = fc->E;
    const OpDef *op = b->op;
    const AstNode *const *bound = b->arg;
    OpError err;
    const IrType *type;
    DeduceCtx dc;
    if (op->normalize) {
        memset(&dc, 0, sizeof dc);
        dc.ir = E->ir;
        dc.op = op;
        dc.args = args;
        dc.nargs = op->nargs;
        dc.kwargs = kwbuf;
        dc.nkwargs = nk;
        dc.err = &err;
        op->normalize(&dc, args);
    }
    type = op_deduce(E->ir, op, args, op->nargs, kwbuf, nk, &err);
    if (!type) {
        Span at = call->span;
        if (err.arg >= 0 && (uint32_t)err.arg < op->nargs) {
            /* Point at the argument the message is about, or at its
             * element. */
            uint32_t k = 0;
            for (uint32_t p = 0; p < op->nparams; p++) {
                if (op->params[p].kw >= 0)
                    continue;
                if (k++ == (uint32_t)err.arg && bound[p])
                    at = elab_arg_part_span(bound[p], err.elem);
            }
        }
        diag_error(E->diag, at, "%s", err.msg);
        return NULL;
    }
    return ir_call(E->ir, &op->callee, op->nargs, args, nk, kwbuf, type, call->span);
}

/* The call with its keyword arguments that name parameters (names, np
 * of them) moved to their places, as Python binds them (pypto-lib calls
 * kernels so: sparse_attn_math(q=q_tile, ...)); the other keywords
 * (attrs=, device=) stay for elab_call_keywords.  The call itself when no
 * keyword names a parameter; NULL after an error.  *own holds what to
 * free. */
const AstNode *elab_call_by_position(FnCtx *fc, const char *name, uint32_t np, const char *const *names, Span def,
                                     const AstNode *call, AstNode *copy, AstNode ***own)
{
    Elab *E = fc->E;
    uint32_t nk = 0, named = 0;
    AstNode **items, **rest;
    *own = NULL;
    for (uint32_t k = 0; k < call->list2.n; k++)
        for (uint32_t i = 0; i < np; i++)
            named += strcmp(names[i], call->list2.items[k]->name) == 0;
    if (!named)
        return call;
    if (call->list.n > np) {
        diag_error(E->diag, call->span, "'%s' expects %u argument%s, got %u", name, np, np == 1 ? "" : "s",
                   call->list.n + call->list2.n);
        return NULL;
    }
    *own = items = xcalloc(np + call->list2.n, sizeof *items);
    rest = items + np;
    for (uint32_t i = 0; i < call->list.n; i++)
        items[i] = call->list.items[i];
    for (uint32_t k = 0; k < call->list2.n; k++) {
        AstNode *kw = call->list2.items[k];
        uint32_t i = 0;
        while (i < np && strcmp(names[i], kw->name) != 0)
            i++;
        if (i == np) {
            rest[nk++] = kw;
        } else if (items[i]) {
            diag_error(E->diag, kw->span, "'%s' got multiple values for argument '%s'", name, kw->name);
            return NULL;
        } else {
            items[i] = kw->a;
        }
    }
    for (uint32_t i = 0; i < np; i++)
        if (!items[i]) {
            diag_error(E->diag, call->span, "'%s' is missing argument '%s'", name, names[i]);
            diag_note(E->diag, def, "'%s' is defined here", name);
            return NULL;
        }
    *copy = *call;
    copy->list.items = items;
    copy->list.n = copy->list.cap = np;
    copy->list2.items = rest;
    copy->list2.n = copy->list2.cap = nk;
    return copy;
}
