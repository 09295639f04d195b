/* elab_func.c: function signatures and bodies, and @pl.inline expansion.
 *
 * A signature is elaborated as soon as its definition arrives, so later
 * definitions can call it; a body gets a FnCtx (scope, statement blocks)
 * whose expand_inline hook is expand_inline below: the one way from an
 * expression back up to statements. */
#include "config.h"
#include "sema/elab_func.h"
#include "sema/elab_value.h"
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
    frame.loops = fc->loops;
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

/* ------------------------------------------------------ decorator keywords */

void elab_sig_meta_init(FuncSig *sig)
{
    memset(sig, 0, sizeof *sig);
    sig->type = FUNC_OPAQUE;
    sig->level = LEVEL_NONE;
    sig->role = ROLE_NONE;
}

static int enum_value(Elab *E, const AstNode *v, ConstKind kind, const char *what, int64_t *out)
{
    ConstError err;
    const ConstVal *c = elab_const(E, NULL, v, &err);
    if (c && c->kind == kind) {
        *out = c->v.i;
        return 1;
    }
    if (!c)
        elab_const_error(E, &err);
    else
        diag_error(E->diag, v->span, "'%s' expects %s", "decorator argument", what);
    return 0;
}

int elab_decorator_keyword(Elab *E, const AstNode *kw, FuncSig *sig)
{
    int64_t v;
    if (kw->name == E->n.type) {
        if (!enum_value(E, kw->a, CV_FUNC_TYPE, "a pl.FunctionType value", &v))
            return 0;
        sig->type = (FuncType)v;
    } else if (kw->name == E->n.strict_ssa) {
        if (!enum_value(E, kw->a, CV_BOOL, "True or False", &v))
            return 0;
        sig->strict_ssa = (int)v;
    } else if (kw->name == E->n.level) {
        if (!enum_value(E, kw->a, CV_LEVEL, "a pl.Level such as pl.Level.HOST", &v))
            return 0;
        sig->level = (uint8_t)v;
    } else if (kw->name == E->n.role) {
        if (!enum_value(E, kw->a, CV_ROLE, "a pl.Role such as pl.Role.Orchestrator", &v))
            return 0;
        sig->role = (uint8_t)v;
    } else if (kw->name == E->n.auto_scope) {
        if (!enum_value(E, kw->a, CV_BOOL, "True or False", &v))
            return 0;
        sig->flags = (uint8_t)(v ? sig->flags & ~IR_FUNC_NO_AUTO_SCOPE : sig->flags | IR_FUNC_NO_AUTO_SCOPE);
    } else if (kw->name == E->n.attrs) {
        if (kw->a->kind != AST_DICT) {
            diag_error(E->diag, kw->a->span, "attrs= takes a dict: attrs={\"split\": pl.SplitMode.UP_DOWN}");
            return 0;
        }
        sig->attrs = kw->a;
    } else if (kw->name == E->n.external_source) {
        diag_error(E->diag, kw->span, "functions written in C++ (external_source=) are not supported: pyptocc "
                                      "compiles PyPTO source only");
        return 0;
    } else {
        return 0;
    }
    return 1;
}

/* ----------------------------------------------------- function attributes */

/* The leading pl.func_attr({...}) statements of a body (after its
 * docstring): how many there are; 0 with *ok 0 after an error. */
static uint32_t func_attrs(FnCtx *fc, const AstList *body, KwargVec *attrs, int *ok)
{
    Elab *E = fc->E;
    uint32_t i = body->n && body->items[0]->kind == AST_EXPR_STMT && body->items[0]->a->kind == AST_STRING;
    *ok = 1;
    for (; i < body->n; i++) {
        const AstNode *s = body->items[i];
        const AstNode *c = s->kind == AST_EXPR_STMT ? s->a : NULL;
        if (!c || !elab_is_dsl_call(E, c, E->n.func_attr))
            break;
        if (c->list.n != 1 || c->list2.n || c->list.items[0]->kind != AST_DICT) {
            diag_error(E->diag, c->span, "pl.func_attr() takes one dict: pl.func_attr({\"split\": pl.SplitMode.UP_DOWN})");
            *ok = 0;
        } else if (!elab_attr_dict(fc, c->list.items[0], "function attribute", 1, attrs)) {
            *ok = 0;
        }
    }
    return i;
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
    ptrmap_init(&fc->memref_bases);
    ptrmap_init(&fc->dim_vars);
    ptrmap_init(&fc->const_vars);
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
    ptrmap_free(&fc->memref_bases);
    ptrmap_free(&fc->dim_vars);
    ptrmap_free(&fc->const_vars);
}

int elab_signature(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig)
{
    return elab_signature_given(E, def, type, in_class, sig, NULL);
}

int elab_signature_given(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig,
                         const IrType *const *given)
{
    return elab_signature_call(E, def, type, in_class, sig, given, NULL, span_unknown());
}

/* The type of a @pl.jit function's parameter declared `decl` where the
 * call passes a tensor of type `arg`: pypto's JIT specializer gives a
 * called function's parameters the caller's arguments' shapes (its own
 * pl.dynamic dimensions stay dynamic), so a constant extent of the
 * argument replaces another constant of the annotation.  Another rank or
 * data type keeps the annotation (-Wargument-shape, or an error). */
static const IrType *call_shaped(Elab *E, const IrType *decl, const IrType *arg, const AstNode *param, Span call)
{
    const IrExpr *dims[16];
    const IrType *t;
    int changed = 0;
    if (decl->kind != TYPE_TENSOR || arg->kind != TYPE_TENSOR || decl->n != arg->n || decl->dtype != arg->dtype ||
        decl->n > 16)
        return decl;
    for (uint32_t d = 0; d < decl->n; d++) {
        int64_t a, b;
        dims[d] = decl->dims[d];
        if (ir_dim_value(decl->dims[d], &a) && ir_dim_value(arg->dims[d], &b) && a != b) {
            dims[d] = arg->dims[d];
            changed = 1;
        }
    }
    if (!changed)
        return decl;
    t = ir_type_tensor(E->ir, (DataType)decl->dtype, decl->n, dims, decl->memref, decl->tensor_view);
    t = ir_type_is_window(decl) ? ir_type_window(E->ir, t, 1) : t;
    {
        char a[256], b[256];
        diag_warning(E->diag, W_ARGUMENT_SHAPE, call,
                     "parameter '%s' is declared %s but called with %s: a @pl.jit function takes the shapes of its "
                     "arguments (the reference's JIT specialises it by its call)",
                     param->name, elab_type_str(E, decl, a, sizeof a), elab_type_str(E, arg, b, sizeof b));
        diag_note(E->diag, param->span, "parameter '%s' is declared here", param->name);
    }
    return t;
}

int elab_signature_call(Elab *E, const AstNode *def, FuncType type, int in_class, FuncSig *sig,
                        const IrType *const *given, const IrType *const *call, Span call_at)
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
    /* A program function's parameters start after self; one without self
     * takes only its parameters (00-python_syntax.md: a self-contained
     * function in a @pl.program), and is called self.f(...) all the same. */
    if (n && def->list.items[0]->name == E->n.self && (in_class || !def->list.items[0]->a))
        first = 1;
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
        if (given && given[i - first]) {
            pt.type = given[i - first];
            if (p->a && p->a->kind == AST_SUBSCRIPT && p->a->a->kind == AST_ATTR &&
                (p->a->a->name == E->n.Out || p->a->a->name == E->n.InOut))
                pt.dir = p->a->a->name == E->n.Out ? DIR_OUT : DIR_INOUT;
        } else if (!p->a) {
            diag_error(E->diag, p->span, "parameter '%s' is missing a type annotation", p->name);
        } else {
            elab_param_type(E, &fc, p->a, &pt);
            if (call && call[i - first] && pt.type)
                pt.type = call_shaped(E, pt.type, call[i - first], p, call_at);
        }
        if (pt.type && pt.type->kind == TYPE_ARRAY && type != FUNC_INLINE) {
            /* An inline function's body is expanded where it is called:
             * its array stays in the caller (pypto-lib passes task-id
             * arrays so). */
            diag_error(E->diag, p->a ? p->a->span : p->span, "parameter '%s' of %s function '%s' is an Array: arrays "
                       "do not cross function boundaries (only Inline functions, expanded where they are called, "
                       "take them)", p->name, func_type_name(type), def->name);
            pt.type = NULL;
        }
        prm->dir = (uint8_t)pt.dir;
        prm->var = ir_var_new(E->ir, p->name, pt.type ? pt.type : ir_type_unknown(E->ir), p->span);
        scope_define(&fc.scope, p->name, pt.type ? &prm->var->e : &elab_poison);
    }
    sig->ret = NULL;
    sig->nret = 0;
    /* Without a return annotation the function returns what its return
     * statement gives (pypto infers it): known once the body is read; so
     * does a @pl.jit function (given) whose annotation leaves a tensor's
     * shape to the value (-> tuple[pl.Tensor, pl.Scalar[pl.TASK_ID]]). */
    sig->infer_ret = !def->a || (given && elab_return_incomplete(E, &fc, def->a));
    if (def->a && !sig->infer_ret) {
        const IrType **ret = NULL;
        rc = elab_return_types(E, &fc, def->a, &ret);
        if (rc >= 0) {
            sig->nret = (uint32_t)rc;
            sig->ret = ret;
        }
        /* A @pl.jit function's annotated tensor results are what its return
         * gives: the reference's specializer writes a function's result
         * types from its return statement (the returned tensors' types), and
         * keeps an annotation only where it has no tensor to read them from
         * (a scalar). */
        if (given && rc > 0) {
            int tensors = 1;
            for (int i = 0; i < rc; i++)
                tensors &= ret[i]->kind == TYPE_TENSOR;
            if (tensors) {
                sig->infer_ret = 1;
                sig->nret = 0;
                sig->ret = NULL;
            }
        }
    }
    sig->nmemref_bases = 0;
    sig->memref_base_keys = arena_array(&E->ir->arena, fc.memref_bases.count + 1, sizeof *sig->memref_base_keys);
    sig->memref_base_refs = arena_array(&E->ir->arena, fc.memref_bases.count + 1, sizeof *sig->memref_base_refs);
    for (uint32_t i = 0; i < fc.memref_bases.cap; i++)
        if (fc.memref_bases.keys[i]) {
            sig->memref_base_keys[sig->nmemref_bases] = fc.memref_bases.keys[i];
            sig->memref_base_refs[sig->nmemref_bases++] = fc.memref_bases.vals[i];
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
    int ends_with_return, ok, attrs_ok = 1;
    KwargVec attrs;
    AstList rest;
    uint32_t skip;
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
    for (uint32_t i = 0; i < sig->nmemref_bases; i++)
        ptrmap_put(&fc.memref_bases, sig->memref_base_keys[i], sig->memref_base_refs[i]);
    vec_init(attrs);
    if (sig->attrs && !elab_attr_dict(&fc, sig->attrs, "function attribute", 1, &attrs))
        attrs_ok = 0;
    skip = func_attrs(&fc, &def->list2, &attrs, &ok);
    attrs_ok &= ok;
    rest = def->list2;
    rest.items += skip;
    rest.n -= skip;
    elab_block_push(&fc);
    elab_block(&fc, &rest, !skip);
    ends_with_return = elab_block_ends_with_return(&fc);
    body = elab_block_pop(&fc, def->span);
    sig->infer_ret = 0;   /* what the return gave, or nothing */
    if (sig->ok && sig->nret && !ends_with_return && E->diag->errors == errors)
        diag_error(E->diag, def->span, "function '%s' declares %u return value%s but does not end with a return",
                   sig->name, sig->nret, sig->nret == 1 ? "" : "s");
    if (sig->ok && attrs_ok && E->diag->errors == errors) {
        IrFunc *g = ir_func_new(E->ir, sig->name, sig->type, sig->nparams, sig->params, sig->nret, sig->ret, body,
                                def->span);
        g->level = sig->level;
        g->role = sig->role;
        g->flags = sig->flags;
        g->nattrs = attrs.len;
        g->attrs = attrs.len ? ir_kwargs_intern(E->ir, attrs.len, attrs.data) : NULL;
        f = g;
    }
    vec_free(attrs);
    fnctx_free(&fc);
    return f;
}
