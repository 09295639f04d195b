/* inline_functions.c: InlineFunctions (01-inline_functions.md).
 *
 * Every call of a function of kind Inline (@pl.function(type=...Inline),
 * @pl.jit.inline) is replaced by a copy of its body: the parameters are
 * the arguments, every variable it defines is renamed `<name>_inline<k>`
 * (k counts the expansions of the program, so no two collide), and its
 * final return becomes the assignment of the call's target (a tuple of
 * the values when it returns several).  Group and Graph functions are
 * expanded the same way: a group co-schedules the kernels it calls and a
 * graph records a fragment of orchestration once, and pyptocc, which runs
 * tasks in program order, runs their calls where they stand; so is an
 * Opaque function that places work in scopes (orchestration code: the C++
 * program has one orchestration function).  A Spmd function is what
 * OutlineClusterScopes makes of a `with pl.spmd(n):` block
 * (09-outline_cluster_scopes.md): its call expands into that block again,
 * n from the function's core_num attribute (one block without it), for
 * LowerPlacement to run as a loop over the blocks.  Expanded functions
 * leave the program.
 *
 * The pass runs on a freshly read program (before ConvertToSSA).  A call
 * in an expression is expanded before its statement, the value taking its
 * place; a callee may return only at its end. */
#include "config.h"
#include "ir/visit.h"
#include "passes/3_verify/verify.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

typedef VEC(const IrStmt *) StmtList;

/* Expansions nested deeper than this are a cycle of calls. */
#define INLINE_DEPTH_MAX 64

typedef struct Inliner {
    PassCtx *pc;
    IrCtx *ir;
    const IrProgram *prog;
    uint64_t next;           /* k of the next expansion */
    int depth;
    int failed;
    /* A call returning several values assigns their tuple to a temporary
     * (`a, b = f(...)` unpacks it): the temporary -> the tuple, so that the
     * unpacking reads the values themselves. */
    PtrMap tuples;
    PtrMap expanded;         /* the IrFuncs expanded at their calls */
} Inliner;

static int is_scope(const IrStmt *s, const void *ctx)
{
    (void)ctx;
    return s->kind == STMT_SCOPE;
}

/* Names of the functions that some other function of the program calls. */
typedef struct Callers {
    PtrMap *called;
    const IrFunc *self;
} Callers;

static int note_call(IrWalker *w, const IrExpr *e)
{
    Callers *c = w->data;
    if (e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL &&
        IR_AS(IrCall, e)->callee->name != c->self->name)
        ptrmap_put(c->called, IR_AS(IrCall, e)->callee->name, (void *)1);
    return 1;
}

/* Is f expanded at its calls?  Inline, Group and Graph functions, and an
 * Opaque function whose body places work (a scope) and that another
 * function calls: orchestration code, which pyptocc's programs run in one
 * orchestration function (an Opaque function no one calls is the
 * program's entry and stays). */
static int expands_kind(const IrFunc *f, PtrMap *called)
{
    if (func_type_is_expanded((FuncType)f->type))
        return 1;
    if (f->type != FUNC_OPAQUE || !f->body || !ptrmap_get(called, f->name))
        return 0;
    return ir_func_any(f, is_scope, NULL, NULL);
}

static int expands(const Inliner *I, const IrFunc *f) { return ptrmap_get(&I->expanded, f) != NULL; }

/* The functions of prog that are expanded at their calls, into
 * I->expanded; 0 when there are none. */
static int find_expanded(Inliner *I, const IrProgram *prog)
{
    PtrMap called;
    IrWalker w;
    Callers c;
    ptrmap_init(&called);
    memset(&w, 0, sizeof w);
    w.pre_expr = note_call;
    w.data = &c;
    c.called = &called;
    for (uint32_t i = 0; i < prog->n; i++) {
        c.self = prog->funcs[i];
        ir_walk_func(&w, prog->funcs[i]);
    }
    for (uint32_t i = 0; i < prog->n; i++)
        if (expands_kind(prog->funcs[i], &called))
            ptrmap_put(&I->expanded, prog->funcs[i], (void *)1);
    ptrmap_free(&called);
    return I->expanded.count != 0;
}

/* The callee a statement's call expands, or NULL. */
static const IrFunc *inlined_callee(Inliner *I, const IrExpr *e)
{
    const IrFunc *f;
    if (!e || e->kind != EXPR_CALL || IR_AS(IrCall, e)->callee->kind != CALLEE_GLOBAL)
        return NULL;
    f = ir_program_find(I->prog, IR_AS(IrCall, e)->callee->name);
    return f && f->body && expands(I, f) ? f : NULL;
}

/* ------------------------------------------------------------- renaming */

typedef struct Rename {
    Inliner *I;
    uint64_t k;
} Rename;

/* Every definition gets a fresh variable named <name>_inline<k>; the
 * mutator then maps every use (the parameters were mapped to the
 * arguments before). */
static const IrExpr *rename_hook(IrMutator *m, const IrExpr *e)
{
    Rename *r = m->data;
    IrCtx *ir = m->ctx;
    char buf[512];
    const IrVar *v;
    const IrType *t;
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF)
        return e;
    v = IR_AS(IrVar, e);
    snprintf(buf, sizeof buf, "%s_inline%llu", v->name, (unsigned long long)r->k);
    /* in the caller's terms: [T, 64] is [batch, 64] where T took batch,
     * [n, 64] is [n_inline1, 64] where the body's n was renamed */
    t = ir_type_subst_vars(ir, v->type, &m->subst);
    if (e->kind == EXPR_ITER_ARG)
        return &ir_iter_arg_new(ir, ir_name(ir, buf), t, IR_AS(IrIterArg, e)->init, e->span)->v.e;
    return &ir_var_new(ir, ir_name(ir, buf), t, e->span)->e;
}

/* Definitions the body makes are met by the hook at their definition; a
 * use of a variable the body does not define (a dynamic dimension) keeps
 * it.  So the hook must see only definitions: uses reach it already
 * mapped, or are left alone below. */
typedef struct DefSet {
    PtrMap defs;
    PtrMap names;       /* the defined variables' names */
} DefSet;

static void put_def(void *data, const IrVar *v)
{
    DefSet *d = data;
    ptrmap_put(&d->defs, v, (void *)1);
    ptrmap_put(&d->names, v->name, (void *)1);
}

static int collect_defs(IrWalker *w, const IrStmt *s)
{
    ir_stmt_defs_all(s, put_def, w->data);
    return 1;
}

typedef struct RenameDefs {
    Rename r;
    DefSet *defs;
} RenameDefs;

static const IrExpr *rename_defs_hook(IrMutator *m, const IrExpr *e)
{
    RenameDefs *rd = m->data;
    IrMutator inner = *m;
    if (e->kind == EXPR_CALL) {
        /* a call's type too (its arguments are already the caller's) */
        const IrCall *c = IR_AS(IrCall, e);
        const IrType *t = ir_type_subst_vars(m->ctx, c->type, &m->subst);
        return t == c->type ? e : ir_call(m->ctx, c->callee, c->nargs, c->args, c->nkwargs, c->kwargs, t, e->span);
    }
    if (!ir_is_var_like(e) || !ptrmap_get(&rd->defs->defs, e))
        return e;
    inner.data = &rd->r;
    return rename_hook(&inner, e);
}

/* ------------------------------------------------------------ expansion */

static void inline_list(Inliner *I, const IrStmt *s, StmtList *out);

/* Is there a return in s? */
static int find_return(IrWalker *w, const IrStmt *s)
{
    if (s->kind == STMT_RETURN && !*(const IrStmt **)w->data)
        *(const IrStmt **)w->data = s;
    return 1;
}

/* A called function's value is typed by its declared return types, which
 * its return need not match (-Wannotation: a tensor of another shape is
 * accepted, as the reference accepts it).  A call left standing keeps the
 * declared type; an expanded one would hand its caller the returned value
 * itself, which the caller's code was not checked against: refused. */
static int returned_value_fits(Inliner *I, const IrCall *c, const IrFunc *f, uint32_t i, const IrExpr *value,
                               const PtrMap *dim_vars, Span at)
{
    const IrType *want = c->type, *have = ir_expr_type(I->ir, value);
    char a[256], b[256];
    if (want->kind == TYPE_TUPLE && f->nret > 1)
        want = i < want->n ? want->elems[i] : NULL;
    /* a shape the body computed (n = pl.tensor.dim(x, 0)) is the
     * dimension it reads, as the declared type has it */
    if (!want || verify_types_match(want, have, VIEWS_OF_VALUE) ||
        verify_types_match(want, ir_type_subst_vars(I->ir, have, dim_vars), VIEWS_OF_VALUE))
        return 1;
    /* a dimension symbol of the parameters' types (T_DYN) stands for the
     * arguments' run-time dimensions in the expansion, and two arguments
     * may give it two of them (x of T_DYN rows, a tensor of
     * pl.tensor.dim(x, 0) rows), equal only at run time: the declared
     * type may have one where the value has the other */
    if (ir_type_is_shaped(want) && ir_type_is_shaped(have) && want->n == have->n) {
        PtrMap sym, run_time;
        int64_t v;
        int ok;
        ptrmap_init(&sym);
        ptrmap_init(&run_time);
        for (uint32_t k = 0; k < f->nparams && k < c->nargs; k++) {
            const IrType *pt = f->params[k].var->type, *argt = ir_expr_type(I->ir, c->args[k]);
            if (!ir_type_is_shaped(pt) || !ir_type_is_shaped(argt) || pt->n != argt->n)
                continue;
            for (uint32_t d = 0; d < pt->n; d++)
                if (pt->dims[d]->kind == EXPR_VAR) {
                    if (!ptrmap_get(&sym, pt->dims[d]))
                        ptrmap_put(&sym, pt->dims[d], (void *)pt->dims[d]);
                    if (!ir_dim_value(argt->dims[d], &v) && !ptrmap_get(&sym, argt->dims[d]))
                        ptrmap_put(&sym, argt->dims[d], (void *)pt->dims[d]);
                }
        }
        for (uint32_t d = 0; d < want->n; d++) {
            const void *s = ptrmap_get(&sym, want->dims[d]);
            if (want->dims[d]->kind == EXPR_VAR && s && s == ptrmap_get(&sym, have->dims[d]) &&
                !ptrmap_get(&run_time, want->dims[d]))
                ptrmap_put(&run_time, want->dims[d], (void *)have->dims[d]);
        }
        ok = run_time.count && verify_types_match(ir_type_subst_vars(I->ir, want, &run_time), have, VIEWS_OF_VALUE);
        ptrmap_free(&sym);
        ptrmap_free(&run_time);
        if (ok)
            return 1;
    }
    if (!I->failed) {
        diag_error(I->pc->diag, at, "'%s' returns %s where it declares %s; as a%s %s function, its call is "
                   "expanded into the caller, whose code needs the declared type", f->name, type_to_string(I->ir, have, a, sizeof a),
                   type_to_string(I->ir, want, b, sizeof b),
                   strchr("AEIOU", func_type_name((FuncType)f->type)[0]) ? "n" : "", func_type_name((FuncType)f->type));
        diag_note(I->pc->diag, c->e.span, "'%s' is called here", f->name);
    }
    I->failed = 1;
    return 0;
}

/* The callee's body with its final return cut off (into *ret); NULL
 * when it returns elsewhere too (reported). */
static const IrStmt *body_without_return(Inliner *I, const IrFunc *f, const IrValues **ret, Span call)
{
    const IrStmt *b = f->body, *early = NULL;
    const IrSeq *q;
    IrWalker w;
    *ret = NULL;
    if (b->kind != STMT_SEQ && b->kind != STMT_OPS)
        b = ir_seq(I->ir, STMT_SEQ, 1, &b, b->span);
    q = IR_AS(IrSeq, b);
    if (q->n && q->stmts[q->n - 1]->kind == STMT_RETURN) {
        *ret = IR_AS(IrValues, q->stmts[q->n - 1]);
        b = ir_seq(I->ir, STMT_SEQ, q->n - 1, q->stmts, b->span);
    }
    memset(&w, 0, sizeof w);
    w.pre_stmt = find_return;
    w.data = &early;
    ir_walk_stmt(&w, b);
    if (early) {
        diag_error(I->pc->diag, early->span, "'%s' cannot be expanded at its call: it returns before its end", f->name);
        diag_note(I->pc->diag, call, "called here");
        I->failed = 1;
        return NULL;
    }
    return b;
}

static const IrStmt *inline_body(Inliner *I, const IrStmt *body);

/* The variables an expanded body defines as a dimension of a tensor
 * (n = pl.tensor.dim(x, 0)) -> that dimension. */
typedef struct DimDefs {
    IrCtx *ir;
    PtrMap map;
} DimDefs;

static int collect_dim_defs(IrWalker *w, const IrStmt *s)
{
    DimDefs *d = w->data;
    const IrExpr *dim;
    if (s->kind == STMT_ASSIGN && (dim = ir_tensor_dim_value(d->ir, IR_AS(IrAssign, s)->value)))
        ptrmap_put(&d->map, IR_AS(IrAssign, s)->var, (void *)dim);
    return 1;
}

/* The `with pl.spmd(n):` block a Spmd function f was outlined from, around
 * its expanded body: n and sync_start from f's attributes. */
/* The launch attributes core_num and sync_start of a list (a function's
 * or a call's) into n and a. */
static void launch_attrs(uint32_t nkw, const IrKwarg *kws, int64_t *n, IrScopeAttrs *a)
{
    for (uint32_t i = 0; i < nkw; i++) {
        const IrKwarg *kw = &kws[i];
        if (strcmp(kw->key, "core_num") == 0 && kw->kind == KW_INT)
            *n = kw->v.i;
        else if (strcmp(kw->key, "sync_start") == 0 && kw->kind == KW_BOOL)
            a->flags = kw->v.i ? a->flags | IR_SCOPE_SYNC_START : a->flags & ~IR_SCOPE_SYNC_START;
    }
}

/* The block of a Spmd function's call: the function's launch attributes,
 * then the call's, which win (today's printer puts them on the dispatch:
 * self.f_spmd_0(x, attrs={"core_num": 4})). */
static const IrStmt *spmd_block(Inliner *I, const IrCall *c, const IrFunc *f, const IrStmt *body, Span at)
{
    IrScopeAttrs a;
    int64_t n = 1;
    ir_scope_attrs_init(&a);
    launch_attrs(f->nattrs, f->attrs, &n, &a);
    launch_attrs(c->nkwargs, c->kwargs, &n, &a);
    if (n < 1) {
        diag_error(I->pc->diag, f->span, "Spmd function '%s' needs at least one block, got core_num %lld", f->name,
                   (long long)n);
        diag_note(I->pc->diag, at, "called here");
        I->failed = 1;
    }
    a.count = ir_const_int(I->ir, n, DT_INDEX, at);
    return ir_scope_attrs(I->ir, SCOPE_SPMD, &a, body, at);
}

/* The call c of f expanded into out; the value it returns (a tuple of
 * the values when there are several; NULL when it returns nothing, and
 * after errors, with *failed set). */
/* The expressions of one statement: each call of an expanded function in
 * them (innermost first) expanded before the statement, and replaced by
 * its value; tuple[i] of a tuple an expansion made, by its value. */
typedef struct Expanding {
    Inliner *I;
    StmtList *out;
} Expanding;
static const IrExpr *expand_hook(IrMutator *m, const IrExpr *e);
static int expr_expands(Inliner *I, const IrExpr *e);

static const IrExpr *expand(Inliner *I, const IrCall *c, const IrFunc *f, Span at, StmtList *out)
{
    IrCtx *ir = I->ir;
    const IrValues *ret;
    const IrStmt *body;
    const IrExpr *value = NULL;
    IrMutator m;
    RenameDefs rd;
    PtrMap dims;
    DefSet defs;
    IrWalker w;
    size_t start;
    if (I->depth >= INLINE_DEPTH_MAX) {
        diag_error(I->pc->diag, at, "'%s' calls itself through %s functions; the calls cannot be expanded", f->name,
                   func_type_name((FuncType)f->type));
        I->failed = 1;
        return NULL;
    }
    if (ir_call_device_arg(c) >= 0) {
        diag_error(I->pc->diag, at, "device= dispatches '%s' to a rank, but it is an Inline function, spliced into "
                   "its caller", f->name);
        I->failed = 1;
        return NULL;
    }
    if (c->nargs != f->nparams)
        ICE("call of '%s' with %u arguments for %u parameters", f->name, c->nargs, f->nparams);
    /* The arguments replace the parameters in the copied body, so a
     * static extent that differs (-Wargument-shape lets a call pass the
     * leading elements) would leave the body's types wrong. */
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *pt = f->params[i].var->type, *at_ = ir_expr_type(ir, c->args[i]);
        if (!ir_type_is_shaped(pt) || !ir_type_is_shaped(at_) || pt->kind != at_->kind)
            continue;
        for (uint32_t d = 0; d < pt->n; d++) {
            int64_t x, y;
            if (pt->n != at_->n || (ir_dim_value(pt->dims[d], &x) && ir_dim_value(at_->dims[d], &y) && x != y)) {
                diag_error(I->pc->diag, c->args[i]->span,
                           "'%s' is expanded into its caller (a%s %s function), so its argument '%s' must have the "
                           "parameter's shape",
                           f->name, strchr("AEIOU", func_type_name((FuncType)f->type)[0]) ? "n" : "",
                           func_type_name((FuncType)f->type), f->params[i].var->name);
                I->failed = 1;
                return NULL;
            }
        }
    }
    if (!(body = body_without_return(I, f, &ret, at)))
        return NULL;
    memset(&defs, 0, sizeof defs);
    ptrmap_init(&defs.defs);
    ptrmap_init(&defs.names);
    memset(&w, 0, sizeof w);
    w.pre_stmt = collect_defs;
    w.data = &defs;
    ir_walk_stmt(&w, body);
    memset(&m, 0, sizeof m);
    rd.r.I = I;
    rd.r.k = I->next++;
    rd.defs = &defs;
    m.ctx = ir;
    m.expr = rename_defs_hook;
    m.data = &rd;
    m.depth = 1;   /* keep the substitutions across the calls below */
    /* The dimension symbols of the parameters' types stand for the
     * arguments' dimensions: so in the copied body's types, and where the
     * body names them. */
    ptrmap_init(&dims);
    for (uint32_t i = 0; i < f->nparams; i++)
        ir_bind_dim_symbols(&dims, f->params[i].var->type, ir_expr_type(ir, c->args[i]));
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *pt = f->params[i].var->type;
        if (!ir_type_is_shaped(pt))
            continue;
        for (uint32_t d = 0; d < pt->n; d++) {
            const IrExpr *sym = pt->dims[d], *dim = ptrmap_get(&dims, sym);
            if (sym->kind == EXPR_VAR && dim && dim != sym && !ptrmap_get(&defs.defs, sym))
                ir_mutator_replace(&m, IR_AS(IrVar, sym), dim);
        }
    }
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *p = f->params[i].var;
        if (ptrmap_get(&defs.names, p->name)) {
            /* The body assigns the parameter's name (y[r:r+T, :] = t in a
             * loop): the name is a variable of the expansion, which starts
             * as the argument, so that its definitions carry it on. */
            char buf[512];
            IrVar *v;
            snprintf(buf, sizeof buf, "%s_inline%llu", p->name, (unsigned long long)rd.r.k);
            v = ir_var_new(ir, ir_name(ir, buf), ir_expr_type(ir, c->args[i]), p->e.span);
            vec_push(*out, ir_assign(ir, v, c->args[i], at));
            ir_mutator_replace(&m, p, &v->e);
        } else {
            ir_mutator_replace(&m, p, c->args[i]);
        }
    }
    body = ir_mutate_stmt(&m, body);
    I->depth++;
    start = out->len;
    if (f->type == FUNC_SPMD)
        vec_push(*out, spmd_block(I, c, f, inline_body(I, body), at));
    else
        inline_list(I, body, out);
    I->depth--;
    if (ret && ret->n) {
        const IrExpr **vals = xmalloc(xmul_size(ret->n, sizeof *vals));
        int fits = 1;
        DimDefs dd;
        for (uint32_t i = 0; i < ret->n; i++) {
            vals[i] = ir_mutate_expr(&m, ret->values[i]);
            if (expr_expands(I, vals[i])) {
                /* `return g(...)` of an expanded g: expanded here too */
                IrMutator em;
                Expanding x;
                memset(&em, 0, sizeof em);
                x.I = I;
                x.out = out;
                em.ctx = ir;
                em.expr = expand_hook;
                em.data = &x;
                I->depth++;
                vals[i] = ir_mutate_expr(&em, vals[i]);
                I->depth--;
            }
        }
        dd.ir = ir;
        ptrmap_init(&dd.map);
        memset(&w, 0, sizeof w);
        w.pre_stmt = collect_dim_defs;
        w.data = &dd;
        for (size_t k = start; k < out->len; k++)
            ir_walk_stmt(&w, out->data[k]);
        for (uint32_t i = 0; i < ret->n; i++)
            fits &= returned_value_fits(I, c, f, i, vals[i], &dd.map, ret->s.span);
        ptrmap_free(&dd.map);
        value = !fits ? NULL : ret->n == 1 ? vals[0] : ir_make_tuple(ir, ret->n, vals, at);
        xfree(vals);
    }
    ptrmap_free(&m.subst);
    ptrmap_free(&dims);
    ptrmap_free(&defs.defs);
    ptrmap_free(&defs.names);
    return value;
}

static const IrStmt *inline_body(Inliner *I, const IrStmt *body)
{
    StmtList out;
    const IrStmt *r;
    vec_init(out);
    inline_list(I, body, &out);
    r = ir_seq(I->ir, STMT_SEQ, out.len, out.data, body->span);
    vec_free(out);
    return r;
}


static const IrExpr *expand_hook(IrMutator *m, const IrExpr *e)
{
    Expanding *x = m->data;
    Inliner *I = x->I;
    const IrFunc *f;
    const IrMakeTuple *t;
    if (e->kind == EXPR_TUPLE_GET && (t = ptrmap_get(&I->tuples, IR_AS(IrTupleGet, e)->tuple)))
        return t->elems[IR_AS(IrTupleGet, e)->index];
    if (!(f = inlined_callee(I, e)))
        return e;
    {
        const IrExpr *v = expand(I, IR_AS(IrCall, e), f, e->span, x->out);
        if (v)
            return v;
        if (!I->failed && ir_expr_type(m->ctx, e)->kind != TYPE_UNKNOWN) {
            diag_error(I->pc->diag, e->span, "'%s' returns nothing, but its call's value is used", f->name);
            I->failed = 1;
        }
        return e;   /* an error, or a call whose value is not used (dropped below) */
    }
}

/* Does the expression call a function that is expanded? */
static int calls_expanded(IrWalker *w, const IrExpr *e)
{
    Inliner *I = *(Inliner **)w->data;
    if (inlined_callee(I, e))
        ((Inliner **)w->data)[1] = I;
    return 1;
}

static int expr_expands(Inliner *I, const IrExpr *e)
{
    IrWalker w;
    Inliner *found[2] = {I, NULL};
    if (!e)
        return 0;
    memset(&w, 0, sizeof w);
    w.pre_expr = calls_expanded;
    w.data = found;
    ir_walk_expr(&w, e);
    return found[1] != NULL;
}

static void inline_stmt(Inliner *I, const IrStmt *s, StmtList *out)
{
    IrCtx *ir = I->ir;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
    case STMT_EVAL:
    case STMT_YIELD:
    case STMT_RETURN: {
        IrMutator m;
        Expanding x;
        const IrStmt *r;
        memset(&m, 0, sizeof m);
        x.I = I;
        x.out = out;
        m.ctx = ir;
        m.expr = expand_hook;
        m.data = &x;
        r = ir_mutate_stmt(&m, s);
        if (r->kind == STMT_EVAL &&
            (IR_AS(IrEval, r)->expr->kind != EXPR_CALL || inlined_callee(I, IR_AS(IrEval, r)->expr)))
            return;   /* an expanded call whose value is dropped, or which returns none */
        /* `return f(...)` of a function that returns none (its call stays
         * a call of the expanded function): the expansion, then a return
         * of none, as f's own would be. */
        if (r->kind == STMT_RETURN && IR_AS(IrValues, r)->n == 1 &&
            inlined_callee(I, IR_AS(IrValues, r)->values[0])) {
            vec_push(*out, ir_return(ir, 0, NULL, r->span));
            return;
        }
        if (r->kind == STMT_ASSIGN && IR_AS(IrAssign, r)->value->kind == EXPR_MAKE_TUPLE && r != s)
            ptrmap_put(&I->tuples, IR_AS(IrAssign, r)->var, (void *)IR_AS(IrAssign, r)->value);
        /* `return f(...)` of a function that returns several values
         * returns those values (inline_function gives the function their
         * types), as f's own return would. */
        if (r->kind == STMT_RETURN && r != s && IR_AS(IrValues, r)->n == 1 &&
            IR_AS(IrValues, r)->values[0]->kind == EXPR_MAKE_TUPLE) {
            const IrMakeTuple *t = IR_AS(IrMakeTuple, IR_AS(IrValues, r)->values[0]);
            r = ir_return(ir, t->n, t->elems, r->span);
        }
        vec_push(*out, r);
        return;
    }
    case STMT_IF: {
        const IrIf *x = IR_AS(IrIf, s);
        if (expr_expands(I, x->cond))
            goto in_header;
        s = ir_if(ir, x->cond, inline_body(I, x->then_body), x->else_body ? inline_body(I, x->else_body) : NULL,
                  x->nret, x->ret, s->span);
        break;
    }
    case STMT_FOR: {
        const IrFor *x = IR_AS(IrFor, s);
        if (expr_expands(I, x->start) || expr_expands(I, x->stop) || expr_expands(I, x->step))
            goto in_header;
        s = ir_for_staged(ir_for(ir, (ForKind)s->sub, x->loop_var, x->start, x->stop, x->step, x->niter, x->iter_args,
                                 x->ret, inline_body(I, x->body), s->span),
                          x->stage);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *x = IR_AS(IrWhile, s);
        if (expr_expands(I, x->cond))
            goto in_header;
        s = ir_while(ir, x->cond, x->niter, x->iter_args, x->ret, inline_body(I, x->body), s->span);
        break;
    }
    case STMT_SCOPE:
        s = ir_scope_rebody(ir, s, inline_body(I, IR_AS(IrScope, s)->body));
        break;
    case STMT_SEQ:
    case STMT_OPS:
        inline_list(I, s, out);
        return;
    default:
        break;
    }
    vec_push(*out, s);
    return;
in_header:
    diag_error(I->pc->diag, s->span, "a call to expand in the header of an if or loop: assign it to a name first");
    I->failed = 1;
}

static void inline_list(Inliner *I, const IrStmt *s, StmtList *out)
{
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            inline_stmt(I, q->stmts[i], out);
    } else {
        inline_stmt(I, s, out);
    }
}

/* ------------------------------------------------------------ dim reads */

/* An expanded body reads its dimensions back (n = pl.tensor.dim(x, 0))
 * and shapes by what it read; in its caller, x is the caller's tensor,
 * whose dimension is a constant or a symbol of the caller's signature.
 * In host code (Orchestration, Opaque) such a read is that dimension:
 * it is dropped and its uses, in values and types, take the dimension,
 * so that the shapes built from it are the caller's shapes again (as
 * pypto's OutlineIncoreScopes folds them; its parser does the same). */
typedef struct DimFold {
    PtrMap symbols;     /* the dimension symbols of the function's parameters */
} DimFold;

static const IrStmt *fold_dim_read(IrMutator *m, const IrStmt *s)
{
    DimFold *d = m->data;
    const IrExpr *dim;
    if (s->kind != STMT_ASSIGN || !(dim = ir_tensor_dim_value(m->ctx, IR_AS(IrAssign, s)->value)))
        return s;
    if (dim->kind != EXPR_CONST_INT && !ptrmap_get(&d->symbols, dim))
        return s;
    ir_mutator_replace(m, IR_AS(IrAssign, s)->var, dim);
    return ir_seq(m->ctx, STMT_SEQ, 0, NULL, s->span);
}

static const IrStmt *fold_dim_reads(IrCtx *ir, const IrFunc *f, const IrStmt *body)
{
    DimFold d;
    IrMutator m;
    if (f->type != FUNC_ORCHESTRATION && f->type != FUNC_OPAQUE)
        return body;
    ptrmap_init(&d.symbols);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        if (ir_type_is_shaped(t))
            for (uint32_t k = 0; k < t->n; k++)
                if (ir_is_var_like(t->dims[k]))
                    ptrmap_put(&d.symbols, t->dims[k], (void *)1);
    }
    memset(&m, 0, sizeof m);
    m.ctx = ir;
    m.stmt = fold_dim_read;
    m.data = &d;
    body = ir_mutate_stmt(&m, body);
    ptrmap_free(&d.symbols);
    return body;
}

/* ------------------------------------------------------------- driver */

static int is_return_of(const IrStmt *s, const void *n)
{
    return s->kind == STMT_RETURN && IR_AS(IrValues, s)->n == *(const uint32_t *)n;
}

/* Does body return n values (n > 1: a tuple-valued call's, flattened)? */
static int returns_values(const IrStmt *body, uint32_t n)
{
    return n > 1 && ir_stmt_any(body, is_return_of, NULL, &n);
}

static const IrFunc *inline_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Inliner *I = data;
    const IrStmt *body;
    (void)pc;
    (void)prog;
    if (!f->body || expands(I, f))
        return f;
    I->failed = 0;
    ptrmap_init(&I->tuples);
    body = inline_body(I, f->body);
    ptrmap_free(&I->tuples);
    if (I->failed)
        return NULL;
    body = fold_dim_reads(I->ir, f, body);
    /* A function that returned a tuple-valued call now returns its
     * elements: one type each. */
    if (f->nret == 1 && f->ret_types[0]->kind == TYPE_TUPLE && returns_values(body, f->ret_types[0]->n))
        return ir_func_rebuild(I->ir, f, f->nparams, f->params, f->ret_types[0]->n, f->ret_types[0]->elems, body);
    return ir_func_rebuild(I->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_inline_functions(PassCtx *pc, const IrProgram *prog)
{
    Inliner I;
    const IrProgram *r;
    VEC(const IrFunc *) keep;
    memset(&I, 0, sizeof I);
    ptrmap_init(&I.expanded);
    if (!find_expanded(&I, prog)) {
        ptrmap_free(&I.expanded);
        return prog;
    }
    I.pc = pc;
    I.ir = pc->ir;
    I.prog = prog;
    r = pass_map_functions_with(pc, prog, inline_function, &I, MAP_CONTINUE);
    if (!r) {
        ptrmap_free(&I.expanded);
        return NULL;
    }
    vec_init(keep);
    for (uint32_t i = 0; i < r->n; i++)
        if (!expands(&I, prog->funcs[i]))
            vec_push(keep, r->funcs[i]);
    ptrmap_free(&I.expanded);
    r = ir_program_new(pc->ir, r->name, keep.len, keep.data, r->span);
    vec_free(keep);
    return r;
}
