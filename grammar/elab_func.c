/* elab_func.c: function signatures, bodies and statements.
 *
 * Control flow follows the reference parser: `for`/`while`/`if` written
 * with pl.yield_ build SSA constructs (iter_args, return variables named
 * `<iterarg>_out` for loops, the yielded names for ifs); written without
 * yields they build plain constructs whose assignments stay visible after
 * them, for ConvertToSSA to resolve. */
#include "config.h"
#include "grammar/elab.h"
#include "support/xalloc.h"

#include <string.h>

/* --------------------------------------------------------------- scopes */

void scope_init(Scope *s)
{
    ptrmap_init(&s->map);
    vec_init(s->undo);
    vec_init(s->marks);
}

void scope_free(Scope *s)
{
    ptrmap_free(&s->map);
    vec_free(s->undo);
    vec_free(s->marks);
}

void scope_enter(Scope *s) { vec_push(s->marks, s->undo.len); }

void scope_exit(Scope *s, int leak)
{
    uint32_t mark = vec_pop(s->marks);
    if (leak)
        return;   /* the definitions now belong to the enclosing scope */
    while (s->undo.len > mark) {
        ScopeUndo u = vec_pop(s->undo);
        ptrmap_put(&s->map, u.name, (void *)u.old);
    }
}

void scope_define(Scope *s, const char *name, const IrExpr *value)
{
    ScopeUndo u;
    u.name = name;
    u.old = ptrmap_get(&s->map, name);
    vec_push(s->undo, u);
    ptrmap_put(&s->map, name, (void *)value);
}

const IrExpr *scope_lookup(const Scope *s, const char *name) { return ptrmap_get(&s->map, name); }

/* --------------------------------------------------------------- blocks */

static void block_push(FnCtx *fc)
{
    StmtVec v;
    vec_init(v);
    vec_push(fc->blocks, v);
}

static const IrStmt *block_pop(FnCtx *fc, Span span)
{
    StmtVec v = vec_pop(fc->blocks);
    const IrStmt *s = ir_seq(fc->E->ir, STMT_SEQ, v.len, v.data, span);
    vec_free(v);
    return s;
}

void elab_emit(FnCtx *fc, const IrStmt *s)
{
    if (s)
        vec_push(fc->blocks.data[fc->blocks.len - 1], s);
}

static int last_is_return(FnCtx *fc)
{
    StmtVec *v = &fc->blocks.data[fc->blocks.len - 1];
    return v->len && v->data[v->len - 1]->kind == STMT_RETURN;
}

/* ----------------------------------------------------------- decorators */

static int dsl_attr(Elab *E, const AstNode *n, const char *attr)
{
    if (n->kind == AST_ATTR)
        return n->name == attr && n->a->kind == AST_NAME && elab_is_prefix(E, n->a->name);
    return n->kind == AST_NAME && n->name == attr && !elab_global(E, n->name);
}

int elab_decorators(Elab *E, const AstNode *def, FuncType *type, int *strict_ssa)
{
    int kind = 0;
    *type = FUNC_OPAQUE;
    *strict_ssa = 0;
    if (!def->b || !elab_pypto_decorator_kind(E, def))
        return 0;   /* a plain Python function (other decorators are Python's) */
    for (uint32_t i = 0; i < def->b->list.n; i++) {
        const AstNode *d = def->b->list.items[i];
        const AstNode *f = d->kind == AST_CALL ? d->a : d;
        int k;
        if (dsl_attr(E, f, E->n.function))
            k = 1;
        else if (dsl_attr(E, f, E->n.inline_))
            k = 2;
        else if (dsl_attr(E, f, E->n.program))
            k = 3;
        else {
            diag_error(E->diag, d->span, "unsupported decorator (expected @pl.function, @pl.inline or @pl.program)");
            return -1;
        }
        if (kind) {
            diag_error(E->diag, d->span, "a function may have only one pl decorator");
            return -1;
        }
        kind = k;
        if (d->kind != AST_CALL)
            continue;
        if (d->list.n) {
            diag_error(E->diag, d->list.items[0]->span, "decorator arguments must be keywords (type=..., strict_ssa=...)");
            return -1;
        }
        for (uint32_t j = 0; j < d->list2.n; j++) {
            const AstNode *kw = d->list2.items[j];
            ConstError err;
            const ConstVal *v = const_eval(&E->env, kw->a, &err);
            if (!v) {
                diag_error(E->diag, err.at, "%s", err.msg);
                return -1;
            }
            if (k == 1 && kw->name == E->n.type && v->kind == CV_FUNC_TYPE) {
                *type = (FuncType)v->v.i;
            } else if ((k == 1 || k == 3) && kw->name == E->n.strict_ssa && v->kind == CV_BOOL) {
                *strict_ssa = (int)v->v.i;
            } else if (kw->name == E->n.type || kw->name == E->n.strict_ssa) {
                diag_error(E->diag, kw->a->span, "'%s' expects %s", kw->name,
                           kw->name == E->n.type ? "a pl.FunctionType value" : "True or False");
                return -1;
            } else {
                diag_error(E->diag, kw->span, "unexpected decorator argument '%s'", kw->name);
                return -1;
            }
        }
    }
    return kind;
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

/* --------------------------------------------------------------- helpers */

static int is_docstring(const AstNode *s) { return s->kind == AST_EXPR_STMT && s->a->kind == AST_STRING; }

static int is_yield_value(Elab *E, const AstNode *v) { return v && elab_is_dsl_call(E, v, E->n.yield_); }

static void define_name(FnCtx *fc, const char *name, const IrExpr *value, Span at)
{
    if (fc->sig && fc->sig->strict_ssa && scope_lookup(&fc->scope, name))
        diag_error(fc->E->diag, at, "'%s' is assigned again, but the function uses strict SSA", name);
    scope_define(&fc->scope, name, value);
}

/* x: T = value / x = value. */
static void assign_name(FnCtx *fc, const AstNode *target, const IrExpr *value, const AstNode *annot, Span span)
{
    Elab *E = fc->E;
    const IrType *type;
    IrVar *var;
    if (!value) {
        define_name(fc, target->name, &elab_poison, target->span);
        return;
    }
    type = ir_expr_type(E->ir, value);
    if (annot) {
        const IrType *at = elab_type(E, fc, annot);
        if (at && at->kind == TYPE_MEMREF && value->kind == EXPR_CALL &&
            strcmp(IR_AS(IrCall, value)->callee->name, "block.alloc") == 0) {
            /* mem_vec_3: pl.MemRefType = pl.block.alloc(space, addr, size, id) */
            const IrCall *c = IR_AS(IrCall, value);
            int64_t space, size, id;
            if (c->nargs == 4 && ir_dim_value(c->args[0], &space) && ir_dim_value(c->args[2], &size) &&
                ir_dim_value(c->args[3], &id) && space >= 0 && space < MS_COUNT && size >= 0 && id >= 0) {
                IrMemRef *m = ir_memref_new(E->ir, target->name, (MemorySpace)space, c->args[1], (uint64_t)size,
                                            (uint32_t)id, target->span);
                ptrmap_put(&fc->memrefs, (void *)(uintptr_t)(id + 1), m);
                elab_emit(fc, ir_assign(E->ir, &m->v, value, span));
                define_name(fc, target->name, &m->v.e, target->span);
                return;
            }
        }
        if (at) {
            if (!elab_types_match(type, at)) {
                char a[256], b[256];
                diag_warning(E->diag, W_ANNOTATION, annot->span,
                             "annotation %s does not match the inferred type %s of '%s'", elab_type_str(E, at, a, sizeof a),
                             elab_type_str(E, type, b, sizeof b), target->name);
            } else if ((at->memref || at->tile_view || at->tensor_view) && ir_type_is_shaped(type)) {
                /* Annotations of printed memory plans carry the MemRef and views. */
                type = type->kind == TYPE_TILE
                           ? ir_type_tile(E->ir, (DataType)type->dtype, type->n, type->dims, at->memref,
                                          at->tile_view ? at->tile_view : type->tile_view)
                           : ir_type_tensor(E->ir, (DataType)type->dtype, type->n, type->dims, at->memref,
                                            at->tensor_view ? at->tensor_view : type->tensor_view);
            }
        }
    }
    var = ir_var_new(E->ir, target->name, type, target->span);
    elab_emit(fc, ir_assign(E->ir, var, value, span));
    define_name(fc, target->name, &var->e, target->span);
}

/* ------------------------------------------------------------- yields */

static void yield_track_init(YieldTrack *t)
{
    memset(t, 0, sizeof *t);
    vec_init(t->names);
    vec_init(t->spans);
    vec_init(t->types);
    vec_init(t->annots);
}

static void yield_track_free(YieldTrack *t)
{
    vec_free(t->names);
    vec_free(t->spans);
    vec_free(t->types);
    vec_free(t->annots);
}

/* pl.yield_(values) with its targets: a Name, a Tuple of Names, or none. */
static void elab_yield(FnCtx *fc, const AstNode *call, const AstNode *target, const AstNode *annot, Span span)
{
    Elab *E = fc->E;
    YieldTrack *t = fc->yields;
    const AstList *args = call ? &call->list : NULL;
    uint32_t n = args ? args->n : 0, ntargets = 0;
    const IrExpr **vals = n ? xmalloc(xmul_size(n, sizeof *vals)) : NULL;
    int ok = 1;
    if (!t) {
        diag_error(E->diag, span, "pl.yield_ is only valid inside a loop or an if");
        ok = 0;
    } else if (t->seen) {
        diag_error(E->diag, span, "a loop body or branch may yield only once");
        diag_note(E->diag, t->last, "previous pl.yield_ is here");
        ok = 0;
    }
    if (call && call->list2.n) {
        diag_error(E->diag, call->list2.items[0]->span, "pl.yield_ takes no keyword arguments");
        ok = 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        vals[i] = elab_expr(fc, args->items[i]);
        if (!vals[i])
            ok = 0;
    }
    if (target) {
        ntargets = target->kind == AST_TUPLE ? target->list.n : 1;
        if (target->kind == AST_TUPLE) {
            for (uint32_t i = 0; i < ntargets; i++)
                if (target->list.items[i]->kind != AST_NAME) {
                    diag_error(E->diag, target->list.items[i]->span, "pl.yield_ targets must be names");
                    ok = 0;
                }
        } else if (target->kind != AST_NAME) {
            diag_error(E->diag, target->span, "pl.yield_ targets must be names");
            ok = 0;
        }
        if (ok && ntargets != n) {
            if (ntargets == 1)
                diag_error(E->diag, span, "%u values are yielded to one name; write 'a, b = pl.yield_(...)'", n);
            else
                diag_error(E->diag, span, "%u values are yielded to %u names", n, ntargets);
            ok = 0;
        }
    }
    if (t) {
        t->seen = 1;
        t->last = span;
        t->nvalues = n;
        for (uint32_t i = 0; i < ntargets; i++) {
            const AstNode *nm = target->kind == AST_TUPLE ? target->list.items[i] : target;
            const IrType *ty = ok && i < n ? ir_expr_type(E->ir, vals[i]) : NULL;
            vec_push(t->names, nm->kind == AST_NAME ? nm->name : E->n.empty);
            vec_push(t->spans, nm->span);
            vec_push(t->types, ty);
            vec_push(t->annots, target->kind == AST_TUPLE ? NULL : annot);
        }
        if (!ok)
            t->nvalues = UINT32_MAX;   /* suppress follow-up count errors */
    }
    if (ok)
        elab_emit(fc, ir_yield(E->ir, n, vals, call ? call->span : span));
    xfree(vals);
}

/* Direct statements of a body that assign from pl.yield_. */
static int body_yields_names(Elab *E, const AstList *body)
{
    for (uint32_t i = 0; i < body->n; i++) {
        const AstNode *s = body->items[i];
        if ((s->kind == AST_ASSIGN && is_yield_value(E, s->b)) || (s->kind == AST_ANNASSIGN && is_yield_value(E, s->c)))
            return 1;
    }
    return 0;
}

/* ---------------------------------------------------------- assignments */

static void elab_unpack(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *target = s->a;
    const IrExpr *value = elab_expr(fc, s->b);
    const IrType *tt;
    IrVar *tmp;
    uint32_t n = target->list.n;
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        if (target->list.items[i]->kind != AST_NAME) {
            diag_error(E->diag, target->list.items[i]->span, "tuple unpacking targets must be names");
            ok = 0;
        }
    if (value) {
        tt = ir_expr_type(E->ir, value);
        if (tt->kind != TYPE_TUPLE) {
            char b[256];
            diag_error(E->diag, s->b->span, "cannot unpack a value of type %s", elab_type_str(E, tt, b, sizeof b));
            ok = 0;
        } else if (tt->n != n) {
            diag_error(E->diag, s->span, "cannot unpack %u values into %u names", tt->n, n);
            ok = 0;
        }
    }
    if (!value || !ok) {
        for (uint32_t i = 0; i < n; i++)
            if (target->list.items[i]->kind == AST_NAME)
                define_name(fc, target->list.items[i]->name, &elab_poison, target->list.items[i]->span);
        return;
    }
    tmp = ir_var_new(E->ir, E->n.tuple_tmp, tt, s->span);
    elab_emit(fc, ir_assign(E->ir, tmp, value, s->span));
    define_name(fc, E->n.tuple_tmp, &tmp->e, s->span);
    for (uint32_t i = 0; i < n; i++)
        assign_name(fc, target->list.items[i], ir_tuple_get(E->ir, &tmp->e, i, s->span), NULL, s->span);
}

static void elab_assign(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *target = s->a;
    if (s->list.n) {
        diag_error(E->diag, s->span, "chained assignment is not supported");
        return;
    }
    if (is_yield_value(E, s->b)) {
        elab_yield(fc, s->b, target, NULL, s->span);
        return;
    }
    if (target->kind == AST_TUPLE || target->kind == AST_LIST) {
        elab_unpack(fc, s);
        return;
    }
    if (target->kind != AST_NAME) {
        diag_error(E->diag, target->span, "only names can be assigned");
        return;
    }
    assign_name(fc, target, elab_expr(fc, s->b), NULL, s->span);
}

static void elab_annassign(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    if (s->a->kind != AST_NAME) {
        diag_error(E->diag, s->a->span, "only a single name can be annotated");
        return;
    }
    if (!s->c) {
        diag_error(E->diag, s->span, "a declaration without a value is not supported");
        return;
    }
    if (is_yield_value(E, s->c)) {
        elab_yield(fc, s->c, s->a, s->b, s->span);
        return;
    }
    assign_name(fc, s->a, elab_expr(fc, s->c), s->b, s->span);
}

static void elab_augassign(FnCtx *fc, const AstNode *s)
{
    AstNode bin = *s;   /* x op= y is x = x op y */
    const IrExpr *v;
    if (s->a->kind != AST_NAME) {
        diag_error(fc->E->diag, s->a->span, "only names can be assigned");
        return;
    }
    bin.kind = AST_BINOP;
    if (!(v = elab_expr(fc, &bin)))
        define_name(fc, s->a->name, &elab_poison, s->a->span);
    else
        assign_name(fc, s->a, v, NULL, s->span);
}

/* ----------------------------------------------------------------- if */

static void elab_if(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const IrExpr *cond = elab_expr(fc, s->a);
    int yields = body_yields_names(E, &s->list) || body_yields_names(E, &s->list2);
    int has_else = (s->flags & AST_HAS_ELSE) != 0;
    YieldTrack then_t, else_t, *saved = fc->yields;
    const IrStmt *then_body, *else_body = NULL;
    unsigned errors = E->diag->errors;

    if (cond && ir_expr_type(E->ir, cond)->kind != TYPE_SCALAR) {
        char b[256];
        diag_error(E->diag, s->a->span, "an if condition must be a scalar, got %s",
                   elab_type_str(E, ir_expr_type(E->ir, cond), b, sizeof b));
        cond = NULL;
    }
    yield_track_init(&then_t);
    yield_track_init(&else_t);
    fc->ifs++;
    fc->yields = &then_t;
    block_push(fc);
    scope_enter(&fc->scope);
    elab_block(fc, &s->list, 0);
    scope_exit(&fc->scope, !yields);
    then_body = block_pop(fc, s->span);
    if (has_else) {
        fc->yields = &else_t;
        block_push(fc);
        scope_enter(&fc->scope);
        elab_block(fc, &s->list2, 0);
        scope_exit(&fc->scope, !yields);
        else_body = block_pop(fc, s->list2.n ? span_join(s->list2.items[0]->span, s->list2.items[s->list2.n - 1]->span)
                                             : s->span);
    }
    fc->yields = saved;
    fc->ifs--;

    if (!yields) {
        if (cond)
            elab_emit(fc, ir_if(E->ir, cond, then_body, else_body, 0, NULL, s->span));
        goto out;
    }
    /* An if that yields: both branches yield the same names. */
    {
        YieldTrack *a = &then_t, *b = &else_t;
        uint32_t n = a->names.len;
        const IrVar **ret = NULL;
        int ok = cond && E->diag->errors == errors;
        if (!has_else) {
            diag_error(E->diag, s->span, "an if that yields values needs an else branch yielding the same names");
            ok = 0;
        } else if (!a->seen || !b->seen || a->names.len != b->names.len) {
            const YieldTrack *miss = !a->seen ? a : b;
            (void)miss;
            diag_error(E->diag, !b->seen ? s->span : b->last,
                       "both branches of an if must yield the same names (%u in the if branch, %u in the else branch)",
                       a->names.len, b->names.len);
            ok = 0;
        } else {
            for (uint32_t i = 0; i < n && ok; i++) {
                if (!a->types.data[i] || !b->types.data[i]) {
                    ok = 0;   /* a yielded value had an error, already reported */
                } else if (a->names.data[i] != b->names.data[i]) {
                    diag_error(E->diag, b->spans.data[i], "the else branch yields '%s' where the if branch yields '%s'",
                               b->names.data[i], a->names.data[i]);
                    ok = 0;
                } else if (!elab_types_match(a->types.data[i], b->types.data[i])) {
                    char x[256], y[256];
                    diag_error(E->diag, b->spans.data[i], "'%s' is yielded as %s in the if branch but as %s here",
                               a->names.data[i], elab_type_str(E, a->types.data[i], x, sizeof x),
                               elab_type_str(E, b->types.data[i], y, sizeof y));
                    ok = 0;
                }
            }
        }
        if (ok) {
            ret = xmalloc(xmul_size(n ? n : 1, sizeof *ret));
            for (uint32_t i = 0; i < n; i++) {
                const IrType *ty = a->types.data[i];
                const AstNode *annot = a->annots.data[i] ? a->annots.data[i] : b->annots.data[i];
                if (annot) {
                    const IrType *at = elab_type(E, fc, annot);
                    char x[256], y[256];
                    if (at && !elab_types_match(at, ty))
                        diag_warning(E->diag, W_ANNOTATION, annot->span,
                                     "annotation %s does not match the inferred type %s of '%s'",
                                     elab_type_str(E, at, x, sizeof x), elab_type_str(E, ty, y, sizeof y),
                                     a->names.data[i]);
                }
                ret[i] = ir_var_new(E->ir, a->names.data[i], ty, a->spans.data[i]);
            }
            elab_emit(fc, ir_if(E->ir, cond, then_body, else_body, n, ret, s->span));
        }
        for (uint32_t i = 0; i < n; i++)
            define_name(fc, a->names.data[i], ok ? &ret[i]->e : &elab_poison, a->spans.data[i]);
        xfree(ret);
    }
out:
    yield_track_free(&then_t);
    yield_track_free(&else_t);
}

/* ---------------------------------------------------------------- loops */

/* Is the call pl.range / pl.parallel / pl.while_ / bare range? 0 none,
 * 1 range, 2 parallel, 3 while_. */
static int loop_iterator(FnCtx *fc, const AstNode *it)
{
    Elab *E = fc->E;
    const AstNode *f;
    if (it->kind != AST_CALL)
        return 0;
    f = it->a;
    if (f->kind == AST_ATTR && f->a->kind == AST_NAME && elab_is_prefix(E, f->a->name)) {
        if (f->name == E->n.range)
            return 1;
        if (f->name == E->n.parallel)
            return 2;
        if (f->name == E->n.while_)
            return 3;
    }
    if (f->kind == AST_NAME && f->name == E->n.range && !scope_lookup(&fc->scope, f->name) && !elab_global(E, f->name))
        return 1;
    return 0;
}

/* init_values=(...) of a range/while_ call; returns 1 and the values
 * (malloc'd, may be NULL with *n 0), 0 after an error. */
static int init_values(FnCtx *fc, const AstNode *call, const IrExpr ***out, uint32_t *n, int *given)
{
    Elab *E = fc->E;
    int ok = 1;
    *out = NULL;
    *n = 0;
    *given = 0;
    for (uint32_t i = 0; i < call->list2.n; i++) {
        const AstNode *kw = call->list2.items[i];
        const AstNode *v = kw->a;
        if (kw->name != E->n.init_values) {
            diag_error(E->diag, kw->span, "unexpected keyword argument '%s' (only init_values is accepted)", kw->name);
            ok = 0;
            continue;
        }
        *given = 1;
        if (v->kind != AST_TUPLE && v->kind != AST_LIST) {
            diag_error(E->diag, v->span, "init_values must be a tuple, e.g. init_values=(x,)");
            ok = 0;
            continue;
        }
        *n = v->list.n;
        *out = xmalloc(xmul_size(*n ? *n : 1, sizeof **out));
        for (uint32_t k = 0; k < *n; k++)
            if (!((*out)[k] = elab_expr(fc, v->list.items[k])))
                ok = 0;
    }
    return ok;
}

static int check_bound(FnCtx *fc, const IrExpr *e, const AstNode *at, const char *what)
{
    const IrType *t;
    if (!e)
        return 0;
    t = ir_expr_type(fc->E->ir, e);
    if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
        char b[256];
        diag_error(fc->E->diag, at->span, "the loop %s must be an integer scalar, got %s", what,
                   elab_type_str(fc->E, t, b, sizeof b));
        return 0;
    }
    return 1;
}

/* The iter args of an SSA loop: names from target (a Tuple of Names) and
 * init values. */
static int make_iter_args(FnCtx *fc, const AstNode *names, const IrExpr *const *inits, uint32_t n, IrIterArg ***iters)
{
    Elab *E = fc->E;
    *iters = xmalloc(xmul_size(n ? n : 1, sizeof **iters));
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *nm = names->list.items[i];
        if (nm->kind != AST_NAME) {
            diag_error(E->diag, nm->span, "iter args must be names");
            return 0;
        }
        (*iters)[i] = ir_iter_arg_new(E->ir, nm->name, ir_expr_type(E->ir, inits[i]), inits[i], nm->span);
    }
    return 1;
}

/* The return variables of an SSA loop, made after its body.  Each is named
 * after what the body's pl.yield_ assigns to, unless that is the iter
 * arg's own name (`s = pl.yield_(...)`, GP3) or there is no name: then
 * `<iterarg>_out` (printer.md 7).  Keeping a different written name (the
 * reference always used `<iterarg>_out`) is what makes printed
 * ConvertToSSA output (`x_2 = pl.yield_(x_3)`) reparse to itself. */
static int ret_name_taken(const IrVar **rets, uint32_t n, const char *name)
{
    for (uint32_t k = 0; k < n; k++)
        if (rets[k]->name == name)
            return 1;
    return 0;
}

static const IrVar **make_loop_rets(FnCtx *fc, IrIterArg *const *iters, uint32_t n, const YieldTrack *t)
{
    Elab *E = fc->E;
    const IrVar **rets = xmalloc(xmul_size(n ? n : 1, sizeof *rets));
    for (uint32_t i = 0; i < n; i++) {
        const char *name = i < t->names.len ? t->names.data[i] : NULL;
        if (!name || name == iters[i]->v.name || !name[0]) {
            /* `<iterarg>_out`, or `<iterarg>_out<k>` when a visible name
             * (a parameter `acc_out`) or an earlier return variable of this
             * loop already has it: a second variable of that name would make
             * the printed program ambiguous, and ConvertToSSA, which resolves
             * uses by name, would read the loop's result where the program
             * reads the parameter. */
            char buf[256];
            snprintf(buf, sizeof buf, "%s_out", iters[i]->v.name);
            name = intern_cstr(E->names, buf);
            for (unsigned k = 2; scope_lookup(&fc->scope, name) || ret_name_taken(rets, i, name); k++) {
                snprintf(buf, sizeof buf, "%s_out%u", iters[i]->v.name, k);
                name = intern_cstr(E->names, buf);
            }
        }
        rets[i] = ir_var_new(E->ir, name, iters[i]->v.type, i < t->spans.len ? t->spans.data[i] : iters[i]->v.e.span);
    }
    return rets;
}

/* After an SSA loop body: yield count and types must match the iter args. */
static int check_loop_yield(FnCtx *fc, const YieldTrack *t, IrIterArg *const *iters, uint32_t n, Span loop)
{
    Elab *E = fc->E;
    if (!t->seen) {
        diag_error(E->diag, loop, "a loop with init_values must end with pl.yield_ of its %u next value%s", n,
                   n == 1 ? "" : "s");
        return 0;
    }
    if (t->nvalues == UINT32_MAX)
        return 0;
    if (t->nvalues != n) {
        diag_error(E->diag, t->last, "the loop yields %u value%s but has %u iter_arg%s", t->nvalues,
                   t->nvalues == 1 ? "" : "s", n, n == 1 ? "" : "s");
        return 0;
    }
    for (uint32_t i = 0; i < t->types.len && i < n; i++) {
        if (t->types.data[i] && !elab_types_match(t->types.data[i], iters[i]->v.type)) {
            char a[256], b[256];
            diag_error(E->diag, t->spans.data[i], "iter_arg '%s' is %s but the loop yields %s for it",
                       iters[i]->v.name, elab_type_str(E, iters[i]->v.type, a, sizeof a),
                       elab_type_str(E, t->types.data[i], b, sizeof b));
            return 0;
        }
    }
    return 1;
}

static void elab_loop_body(FnCtx *fc, const AstList *body, YieldTrack *t, int leak_if_plain, int plain)
{
    YieldTrack *saved = fc->yields;
    fc->yields = t;
    fc->loops++;
    elab_block(fc, body, 0);
    fc->loops--;
    fc->yields = saved;
    (void)leak_if_plain;
    (void)plain;
}

static void elab_while_ssa(FnCtx *fc, const AstNode *s, const AstNode *call)
{
    Elab *E = fc->E;
    const AstNode *target = s->a;
    const IrExpr **inits = NULL;
    uint32_t n = 0;
    int given, ok;
    IrIterArg **iters = NULL;
    const IrVar **rets = NULL;
    const IrExpr *cond = NULL;
    const AstNode *first;
    YieldTrack t;
    const IrStmt *body;
    unsigned errors = E->diag->errors;
    AstList rest;

    ok = init_values(fc, call, &inits, &n, &given);
    if (call->list.n) {
        diag_error(E->diag, call->list.items[0]->span, "pl.while_() takes no positional arguments");
        ok = 0;
    }
    if (ok && (!given || !n)) {
        diag_error(E->diag, call->span, "pl.while_() needs init_values=(...)");
        ok = 0;
    }
    if (target->kind != AST_TUPLE) {
        diag_error(E->diag, target->span, "the target of a pl.while_ loop is a tuple of names: for (x,) in pl.while_(...)");
        ok = 0;
    } else if (ok && target->list.n != n) {
        diag_error(E->diag, target->span, "%u iter_args but %u init_values", target->list.n, n);
        ok = 0;
    }
    first = s->list.n ? s->list.items[0] : NULL;
    if (!first || first->kind != AST_EXPR_STMT || !elab_is_dsl_call(E, first->a, E->n.cond)) {
        diag_error(E->diag, first ? first->span : s->span,
                   "the first statement of a pl.while_ loop must be pl.cond(condition)");
        ok = 0;
    }
    if (ok && !make_iter_args(fc, target, inits, n, &iters))
        ok = 0;
    yield_track_init(&t);
    block_push(fc);
    scope_enter(&fc->scope);
    if (target->kind == AST_TUPLE)
        for (uint32_t i = 0; i < target->list.n; i++) {
            const AstNode *nm = target->list.items[i];
            if (nm->kind == AST_NAME)
                define_name(fc, nm->name, ok ? &iters[i]->v.e : &elab_poison, nm->span);
        }
    if (ok) {
        const AstNode *c = first->a;
        if (c->list.n != 1 || c->list2.n)
            diag_error(E->diag, c->span, "pl.cond() takes exactly one argument");
        else if ((cond = elab_expr(fc, c->list.items[0])) && ir_expr_type(E->ir, cond)->kind != TYPE_SCALAR) {
            char b[256];
            diag_error(E->diag, c->list.items[0]->span, "a loop condition must be a scalar, got %s",
                       elab_type_str(E, ir_expr_type(E->ir, cond), b, sizeof b));
            cond = NULL;
        }
    }
    rest = s->list;
    if (rest.n && first && first->kind == AST_EXPR_STMT && elab_is_dsl_call(E, first->a, E->n.cond)) {
        rest.items++;
        rest.n--;
    }
    elab_loop_body(fc, &rest, &t, 0, 0);
    scope_exit(&fc->scope, 0);
    body = block_pop(fc, s->span);
    if (ok && cond && check_loop_yield(fc, &t, iters, n, s->span) && E->diag->errors == errors) {
        rets = make_loop_rets(fc, iters, n, &t);
        elab_emit(fc, ir_while(E->ir, cond, n, (const IrIterArg *const *)iters, rets, body, s->span));
    } else {
        ok = 0;
    }
    for (uint32_t i = 0; i < t.names.len; i++)
        define_name(fc, t.names.data[i], ok && i < n ? &rets[i]->e : &elab_poison, t.spans.data[i]);
    yield_track_free(&t);
    xfree(inits);
    xfree(iters);
    xfree(rets);
}

static void elab_for(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *call = s->b, *target = s->a, *loop_name = NULL, *iter_names = NULL;
    int kind = loop_iterator(fc, call), given = 0, ok = 1, plain;
    const IrExpr *bounds[3] = {NULL, NULL, NULL};
    const IrExpr **inits = NULL;
    uint32_t n = 0, nargs;
    IrIterArg **iters = NULL;
    const IrVar **rets = NULL;
    IrVar *loop_var = NULL;
    YieldTrack t;
    const IrStmt *body;
    unsigned errors = E->diag->errors;

    if (!kind) {
        diag_error(E->diag, call->span, "a for loop must iterate over pl.range(), pl.parallel() or pl.while_()");
        return;
    }
    if (kind == 3) {
        elab_while_ssa(fc, s, call);
        return;
    }
    nargs = call->list.n;
    if (nargs < 1 || nargs > 3) {
        diag_error(E->diag, call->span, "%s() takes 1 to 3 positional arguments, got %u",
                   kind == 2 ? "pl.parallel" : "pl.range", nargs);
        ok = 0;
    } else {
        /* range(stop) / range(start, stop) / range(start, stop, step) */
        const AstNode *a[3] = {NULL, NULL, NULL};
        static const char *const what[3] = {"start", "stop", "step"};
        if (nargs == 1)
            a[1] = call->list.items[0];
        else
            for (uint32_t i = 0; i < nargs; i++)
                a[i] = call->list.items[i];
        for (int i = 0; i < 3; i++) {
            if (!a[i]) {
                bounds[i] = ir_const_int(E->ir, i == 2 ? 1 : 0, DT_INDEX, call->span);
                continue;
            }
            bounds[i] = elab_expr(fc, a[i]);
            if (!check_bound(fc, bounds[i], a[i], what[i]))
                ok = 0;
        }
    }
    if (!init_values(fc, call, &inits, &n, &given))
        ok = 0;
    if (target->kind == AST_NAME) {
        loop_name = target;
        if (given) {
            diag_error(E->diag, target->span,
                       "with init_values the loop target is 'i, (a, b)': for i, (a,) in pl.range(n, init_values=(x,))");
            ok = 0;
        }
    } else if (target->kind == AST_TUPLE && target->list.n == 2 && target->list.items[0]->kind == AST_NAME &&
               (target->list.items[1]->kind == AST_TUPLE || target->list.items[1]->kind == AST_LIST)) {
        loop_name = target->list.items[0];
        iter_names = target->list.items[1];
        if (ok && iter_names->list.n != n) {
            diag_error(E->diag, iter_names->span, "%u iter_args but %u init_values", iter_names->list.n, n);
            ok = 0;
        }
    } else {
        diag_error(E->diag, target->span, "the loop target must be a name, or 'i, (a, b)' with init_values");
        ok = 0;
    }
    plain = iter_names == NULL;
    if (ok && iter_names && !make_iter_args(fc, iter_names, inits, n, &iters))
        ok = 0;
    if (loop_name)
        loop_var = ir_var_new(E->ir, loop_name->name, ir_type_scalar(E->ir, DT_INDEX), loop_name->span);

    yield_track_init(&t);
    block_push(fc);
    scope_enter(&fc->scope);
    if (loop_var)
        define_name(fc, loop_name->name, &loop_var->e, loop_name->span);
    if (iter_names)
        for (uint32_t i = 0; i < iter_names->list.n; i++) {
            const AstNode *nm = iter_names->list.items[i];
            if (nm->kind == AST_NAME)
                define_name(fc, nm->name, ok && iters ? &iters[i]->v.e : &elab_poison, nm->span);
        }
    elab_loop_body(fc, &s->list, &t, plain, plain);
    /* A loop written without yields leaks its assignments (ConvertToSSA
     * turns them into loop-carried values). */
    scope_exit(&fc->scope, plain && !t.seen);
    body = block_pop(fc, s->span);
    if (plain && t.seen && t.names.len) {
        diag_error(E->diag, t.last, "pl.yield_ in a loop without init_values");
        ok = 0;
    }
    if (ok && !plain && !check_loop_yield(fc, &t, iters, n, s->span))
        ok = 0;
    if (ok && E->diag->errors == errors) {
        if (!plain)
            rets = make_loop_rets(fc, iters, n, &t);
        elab_emit(fc, ir_for(E->ir, kind == 2 ? FOR_PARALLEL : FOR_SEQUENTIAL, loop_var, bounds[0], bounds[1],
                             bounds[2], n, (const IrIterArg *const *)iters, rets, body, s->span));
    } else {
        ok = 0;
    }
    if (!plain)
        for (uint32_t i = 0; i < t.names.len; i++)
            define_name(fc, t.names.data[i], ok && i < n ? &rets[i]->e : &elab_poison, t.spans.data[i]);
    if (!ok && iter_names)   /* keep uses of the iter_args' names quiet after an error */
        for (uint32_t i = 0; i < iter_names->list.n; i++)
            if (iter_names->list.items[i]->kind == AST_NAME && !scope_lookup(&fc->scope, iter_names->list.items[i]->name))
                define_name(fc, iter_names->list.items[i]->name, &elab_poison, iter_names->list.items[i]->span);
    yield_track_free(&t);
    xfree(inits);
    xfree(iters);
    xfree(rets);
}

static void elab_while(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const IrExpr *cond = elab_expr(fc, s->a);
    YieldTrack t;
    const IrStmt *body;
    unsigned errors = E->diag->errors;
    if (cond && ir_expr_type(E->ir, cond)->kind != TYPE_SCALAR) {
        char b[256];
        diag_error(E->diag, s->a->span, "a loop condition must be a scalar, got %s",
                   elab_type_str(E, ir_expr_type(E->ir, cond), b, sizeof b));
        cond = NULL;
    }
    yield_track_init(&t);
    block_push(fc);
    scope_enter(&fc->scope);
    elab_loop_body(fc, &s->list, &t, 1, 1);
    scope_exit(&fc->scope, 1);
    body = block_pop(fc, s->span);
    if (t.seen && t.names.len)
        diag_error(E->diag, t.last, "pl.yield_ in a while loop without init_values (use pl.while_)");
    else if (cond && E->diag->errors == errors)
        elab_emit(fc, ir_while(E->ir, cond, 0, NULL, NULL, body, s->span));
    yield_track_free(&t);
}

/* ------------------------------------------------------------------ with */

static void elab_with(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *c = s->a;
    const IrStmt *body;
    if (s->list2.n) {
        diag_error(E->diag, s->list2.items[0]->span, "only one context manager is supported: with pl.incore():");
        return;
    }
    if (!elab_is_dsl_call(E, c, E->n.incore)) {
        diag_error(E->diag, c->span, "unsupported context manager (only 'with pl.incore():' is supported)");
        return;
    }
    if (c->list.n || c->list2.n)
        diag_error(E->diag, c->span, "pl.incore() takes no arguments");
    if (s->b)
        diag_error(E->diag, s->b->span, "'with pl.incore()' does not bind a name");
    block_push(fc);
    scope_enter(&fc->scope);
    elab_block(fc, &s->list, 0);
    scope_exit(&fc->scope, 1);   /* a scope is transparent to names */
    body = block_pop(fc, s->span);
    elab_emit(fc, ir_scope(E->ir, SCOPE_INCORE, body, s->span));
}

/* ---------------------------------------------------------------- return */

static void elab_return(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *v = s->a;
    uint32_t n = !v ? 0 : (v->kind == AST_TUPLE ? v->list.n : 1);
    const IrExpr **vals = xmalloc(xmul_size(n ? n : 1, sizeof *vals));
    int ok = 1;
    for (uint32_t i = 0; i < n; i++) {
        vals[i] = elab_expr(fc, v->kind == AST_TUPLE ? v->list.items[i] : v);
        if (!vals[i])
            ok = 0;
    }
    if (fc->inl) {
        /* Inside an inline expansion 'return' gives the call's value. */
        fc->inl->returned = 1;
        if (ok && n == 1 && v->kind != AST_TUPLE)
            fc->inl->ret = vals[0];
        else if (ok && n)
            fc->inl->ret = ir_make_tuple(E->ir, n, vals, v->span);
        else
            fc->inl->ret = NULL;
        xfree(vals);
        return;
    }
    if (fc->loops || fc->ifs) {
        diag_error(E->diag, s->span, "return inside a loop or an if is not supported; yield the values instead");
        ok = 0;
    } else if (fc->sig && fc->sig->ok && n != fc->sig->nret) {
        diag_error(E->diag, s->span, "function '%s' returns %u value%s but declares %u", fc->sig->name, n,
                   n == 1 ? "" : "s", fc->sig->nret);
        ok = 0;
    } else if (ok && fc->sig && fc->sig->ok) {
        for (uint32_t i = 0; i < n; i++) {
            const IrType *t = ir_expr_type(E->ir, vals[i]);
            const IrExpr *c = NULL;
            if (!elab_types_match(t, fc->sig->ret[i]) &&
                !(c = elab_convert_return(fc, vals[i], fc->sig->ret[i],
                                          v->kind == AST_TUPLE ? v->list.items[i]->span : v->span))) {
                char a[256], b[256];
                diag_warning(E->diag, W_ANNOTATION, v->kind == AST_TUPLE ? v->list.items[i]->span : v->span,
                             "returned value has type %s but the function declares %s", elab_type_str(E, t, a, sizeof a),
                             elab_type_str(E, fc->sig->ret[i], b, sizeof b));
            } else if (c) {
                vals[i] = c;
            }
        }
    }
    if (ok)
        elab_emit(fc, ir_return(E->ir, n, vals, s->span));
    xfree(vals);
}

/* ------------------------------------------------------------- statements */

static void elab_stmt(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    switch (s->kind) {
    case AST_ASSIGN:
        elab_assign(fc, s);
        return;
    case AST_ANNASSIGN:
        elab_annassign(fc, s);
        return;
    case AST_AUGASSIGN:
        elab_augassign(fc, s);
        return;
    case AST_EXPR_STMT:
        if (s->a->kind == AST_STRING)
            return;   /* a string used as a comment */
        if (is_yield_value(E, s->a)) {
            elab_yield(fc, s->a, NULL, NULL, s->span);
            return;
        }
        elab_expr_stmt(fc, s->a);
        return;
    case AST_YIELD: {
        /* Seed form 'yield a, b': the same as pl.yield_(a, b). */
        AstNode call;
        memset(&call, 0, sizeof call);
        call.kind = AST_CALL;
        call.span = s->span;
        if (s->a && s->a->kind == AST_TUPLE)
            call.list = s->a->list;
        else if (s->a) {
            AstNode *one[1];
            one[0] = s->a;
            call.list.items = one;
            call.list.n = 1;
            elab_yield(fc, &call, NULL, NULL, s->span);
            return;
        }
        elab_yield(fc, &call, NULL, NULL, s->span);
        return;
    }
    case AST_RETURN:
        elab_return(fc, s);
        return;
    case AST_PASS:
    case AST_ERROR:
        return;
    case AST_IF:
        elab_if(fc, s);
        return;
    case AST_FOR:
        elab_for(fc, s);
        return;
    case AST_WHILE:
        elab_while(fc, s);
        return;
    case AST_WITH:
        elab_with(fc, s);
        return;
    case AST_BREAK:
    case AST_CONTINUE:
        diag_error(E->diag, s->span, "'%s' is not supported", s->kind == AST_BREAK ? "break" : "continue");
        return;
    case AST_FUNCDEF:
        diag_error(E->diag, s->span, "nested function definitions are not supported");
        return;
    case AST_IMPORT:
    case AST_IMPORTFROM:
        diag_error(E->diag, s->span, "imports belong at module level");
        return;
    default:
        diag_error(E->diag, s->span, "unsupported statement");
        return;
    }
}

void elab_block(FnCtx *fc, const AstList *stmts, int skip_docstring)
{
    for (uint32_t i = 0; i < stmts->n; i++) {
        if (i == 0 && skip_docstring && is_docstring(stmts->items[i]))
            continue;
        elab_stmt(fc, stmts->items[i]);
    }
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
    block_push(&fc);
    elab_block(&fc, &def->list2, 1);
    ends_with_return = last_is_return(&fc);
    body = block_pop(&fc, def->span);
    if (sig->ok && sig->nret && !ends_with_return && E->diag->errors == errors)
        diag_error(E->diag, def->span, "function '%s' declares %u return value%s but does not end with a return",
                   sig->name, sig->nret, sig->nret == 1 ? "" : "s");
    if (sig->ok && E->diag->errors == errors)
        f = ir_func_new(E->ir, sig->name, sig->type, sig->nparams, sig->params, sig->nret, sig->ret, body, def->span);
    fnctx_free(&fc);
    return f;
}
