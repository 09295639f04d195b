/* elab_func.c: function signatures and bodies, and @pl.inline expansion.
 *
 * A signature is elaborated as soon as its definition arrives, so later
 * definitions can call it; a body gets a FnCtx (scope, statement blocks)
 * whose expand_inline hook is expand_inline below: the one way from an
 * expression back up to statements. */
#include "config.h"
#include "sema/elab_func.h"
#include "sema/elab_assign.h"
#include "sema/elab_expr.h"
#include "sema/elab_stmt.h"
#include "sema/elab_type.h"
#include "support/xalloc.h"

#include <string.h>

/* ------------------------------------------------------ inline expansion */

/* Expand an @pl.inline function at this call; its value is what it returns. */
static const IrExpr *expand_inline(FnCtx *fc, InlineFn *fn, const AstNode *call, int want_value)
{
    Elab *E = fc->E;
    const AstNode *def = fn->def;
    uint32_t n = call->list.n, np = def->list.n;
    const IrExpr **args;
    InlineFrame frame;
    VEC(ScopeUndo) keep;
    uint32_t mark;
    int ok = 1;
    if (fn->expanding)
        return elab_error(fc->E, call->span, "inline function '%s' calls itself; recursion cannot be expanded", fn->name);
    if (call->list2.n)
        return elab_error(fc->E, call->list2.items[0]->span, "keyword arguments are not supported in inline calls");
    if (n != np) {
        diag_error(E->diag, call->span, "inline function '%s' expects %u argument%s, got %u", fn->name, np,
                   np == 1 ? "" : "s", n);
        diag_note(E->diag, def->span, "'%s' is defined here", fn->name);
        return NULL;
    }
    args = xmalloc(xmul_size(n ? n : 1, sizeof *args));
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = elab_expr(fc, call->list.items[i])))
            ok = 0;
    if (!ok) {
        xfree(args);
        return NULL;
    }
    /* Parameters are bound to the argument expressions for the body only;
     * what the body defines stays visible to the caller afterwards. */
    scope_enter(&fc->scope);
    for (uint32_t i = 0; i < n; i++)
        scope_define(&fc->scope, def->list.items[i]->name, args[i]);
    mark = fc->scope.undo.len;
    memset(&frame, 0, sizeof frame);
    frame.fn = fn;
    frame.outer = fc->inl;
    fc->inl = &frame;
    fn->expanding = 1;
    {
        /* its names resolve where it was defined (another module's globals) */
        EvEnv *saved = E->env;
        E->env = fn->env;
        elab_block(fc, &def->list2, 1);
        E->env = saved;
    }
    fn->expanding = 0;
    fc->inl = frame.outer;
    vec_init(keep);
    for (uint32_t i = mark; i < fc->scope.undo.len; i++) {
        ScopeUndo u;
        u.name = fc->scope.undo.data[i].name;
        u.old = scope_lookup(&fc->scope, u.name);
        vec_push(keep, u);
    }
    scope_exit(&fc->scope, 0);
    for (uint32_t i = 0; i < keep.len; i++)
        scope_define(&fc->scope, keep.data[i].name, keep.data[i].old);
    vec_free(keep);
    xfree(args);
    if (want_value && !frame.ret) {
        if (!frame.returned)
            diag_error(E->diag, call->span, "inline function '%s' does not return a value", fn->name);
        return NULL;
    }
    return frame.ret;
}

/* ------------------------------------------------------------ signatures */

static void fnctx_init(FnCtx *fc, Elab *E, FuncSig *sig)
{
    memset(fc, 0, sizeof *fc);
    fc->E = E;
    fc->sig = sig;
    scope_init(&fc->scope);
    vec_init(fc->blocks);
    ptrmap_init(&fc->memrefs);
    fc->expand_inline = expand_inline;
}

static void fnctx_free(FnCtx *fc)
{
    while (fc->blocks.len) {
        StmtVec v = vec_pop(fc->blocks);
        vec_free(v);
    }
    vec_free(fc->blocks);
    scope_free(&fc->scope);
    ptrmap_free(&fc->memrefs);
}

int elab_signature(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig)
{
    FnCtx fc;
    uint32_t first = 0, n = def->list.n;
    unsigned errors = E->diag->errors;
    int rc;
    sig->name = def->name;
    sig->type = type;
    sig->span = def->span;
    sig->ok = 0;
    fnctx_init(&fc, E, sig);
    scope_enter(&fc.scope);
    if (n && def->list.items[0]->name == E->n.self && (in_class || !def->list.items[0]->a))
        first = 1;
    else if (in_class)
        diag_error(E->diag, def->span, "the first parameter of program function '%s' must be 'self'", def->name);
    if (n - first > ELAB_MAX_ARGS) {
        diag_error(E->diag, def->list.items[first + ELAB_MAX_ARGS]->span,
                   "function '%s' has too many parameters (%u; the limit is %u)", def->name, n - first,
                   (unsigned)ELAB_MAX_ARGS);
        n = first + ELAB_MAX_ARGS;   /* the rest are dropped */
    }
    sig->nparams = n - first;
    /* In the IR arena: the function uses these arrays as they are. */
    sig->params = arena_array(&E->ir->arena, sig->nparams ? sig->nparams : 1, sizeof *sig->params);
    for (uint32_t i = first; i < n; i++) {
        const AstNode *p = def->list.items[i];
        IrParam *prm = &sig->params[i - first];
        ParamType pt;
        pt.type = NULL;
        pt.dir = DIR_IN;
        if (scope_lookup(&fc.scope, p->name))
            diag_error(E->diag, p->span, "duplicate parameter '%s'", p->name);
        if (p->b)
            diag_error(E->diag, p->b->span, "default parameter values are not supported");
        if (!p->a)
            diag_error(E->diag, p->span, "parameter '%s' is missing a type annotation", p->name);
        else
            elab_param_type(E, &fc, p->a, &pt);
        prm->dir = (uint8_t)pt.dir;
        prm->var = ir_var_new(E->ir, p->name, pt.type ? pt.type : ir_type_unknown(E->ir), p->span);
        scope_define(&fc.scope, p->name, pt.type ? &prm->var->e : &elab_poison);
    }
    sig->ret = NULL;
    sig->nret = 0;
    if (def->a) {
        const IrType **ret = NULL;
        rc = elab_return_types(E, &fc, def->a, &ret);
        if (rc >= 0) {
            sig->nret = (uint32_t)rc;
            sig->ret = ret;
        }
    }
    fnctx_free(&fc);
    sig->ok = E->diag->errors == errors;
    return sig->ok;
}

/* ------------------------------------------------------------------ bodies */

const IrFunc *elab_body(Elab *E, FuncSig *sig, const AstNode *def, int in_program, ExtFunc *ext)
{
    FnCtx fc;
    unsigned errors = E->diag->errors;
    const IrStmt *body;
    const IrFunc *f = NULL;
    int ends_with_return;
    fnctx_init(&fc, E, sig);
    fc.in_program = in_program;
    fc.ext = ext;
    scope_enter(&fc.scope);
    for (uint32_t i = 0; i < sig->nparams; i++) {
        const IrVar *v = sig->params[i].var;
        scope_define(&fc.scope, v->name, v->type->kind == TYPE_UNKNOWN ? &elab_poison : &v->e);
        /* A printed memory plan names a parameter's MemRef again in the
         * body (a store's result): the same id is the same MemRef. */
        if (ir_type_is_shaped(v->type) && v->type->memref)
            ptrmap_put(&fc.memrefs, (void *)(uintptr_t)(v->type->memref->ref_id + 1), (void *)v->type->memref);
    }
    elab_block_push(&fc);
    elab_block(&fc, &def->list2, 1);
    ends_with_return = elab_block_ends_with_return(&fc);
    body = elab_block_pop(&fc, def->span);
    if (sig->ok && sig->nret && !ends_with_return && E->diag->errors == errors)
        diag_error(E->diag, def->span, "function '%s' declares %u return value%s but does not end with a return",
                   sig->name, sig->nret, sig->nret == 1 ? "" : "s");
    if (sig->ok && E->diag->errors == errors)
        f = ir_func_new(E->ir, sig->name, sig->type, sig->nparams, sig->params, sig->nret, sig->ret, body, def->span);
    fnctx_free(&fc);
    return f;
}
