/* outline_incore_scopes.c: OutlineIncoreScopes (passes.md 5.3).
 *
 * Every `with pl.incore():` scope of an Opaque or Orchestration function
 * (passes.md 5.3: Opaque only) becomes an InCore
 * function `<func>_incore_<k>` (k counts the function's scopes from 0 in
 * program order; a scope nested in scope `N` becomes `N_incore_<j>`, and
 * nested scopes are outlined first), or, for `pl.at(..., name_hint="h")`,
 * `h` (08-outline_incore_scopes.md: a hint the function met before is
 * `h_0`, `h_1`, ...; one another function's scope took is `<func>_h`).
 * A scope's cross-core hints (pl.split, pl.cross_core_slot) become the
 * outlined function's attributes "split" and "slot_num".  The scope is
 * replaced by a call:
 *
 *   inputs   the variables the scope uses but does not define (defined
 *            earlier in the function, or parameters), sorted by name; the
 *            outlined function gets a fresh parameter (direction In) for
 *            each, with the same name and type;
 *   outputs  the variables the scope defines and the rest of the function
 *            uses (later statements of the enclosing bodies, yields that
 *            carry them around a loop, outputs of an enclosing scope),
 *            sorted by name; the outlined function returns them and the
 *            call site defines the original variables again:
 *              none:     self.f_incore_0(args)
 *              one:      r: T = self.f_incore_0(args)
 *              several:  ret: pl.Tuple([...]) = self.f_incore_0(args)
 *                        x: T = ret[0] ...
 *            (`ret_1`, `ret_2`, ... for later multi-output scopes of the same
 *            function, skipping names the function already defines; one
 *            sequence per source function, nested scopes included, so the
 *            names never clash).
 *
 * Each variable stays defined in one function only: the call site reuses
 * the original output variables, so the outlined body defines fresh copies
 * of them (same names and types).  The parent becomes an Orchestration
 * function when it calls outlined functions (pyptocc, see
 * outline_function); so does an outlined function whose nested scopes were
 * outlined, since InCore kernels call nothing.  A return or yield directly
 * in a scope is an error, as is an outlined name the program already has.
 *
 * Inputs and outputs come from one analysis of the original function, so
 * the pass stays linear: each scope gets a preorder number and the number
 * of the last scope in its subtree, so "is scope D inside scope S" is two
 * comparisons; each variable records the scope of its definition and the
 * smallest and largest scope number among its uses.  A variable escapes S
 * (is an output) iff a use lies outside S's number range; escaping is
 * monotone along the chain of enclosing scopes, so the chain is walked only
 * while it escapes.  A use makes its variable an input of each enclosing
 * scope that does not contain the definition, stopping at the first scope
 * that already has it.  Variables used only inside types (dynamic
 * dimensions) are not seen, and variables the function never defines (a
 * module-level `pl.dynamic` used in an expression) are not inputs: the
 * outlined function refers to them as its parent does, and reads them from
 * the shapes of its tensors; one that no tensor input has in its shape is
 * an input after all (symbol_inputs). */
#include "config.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

typedef VEC(const IrStmt *) StmtList;
typedef VEC(const IrVar *) VarList;
typedef VEC(const IrFunc *) FuncList;

typedef struct ScopeNode ScopeNode;
struct ScopeNode {
    uint32_t id, end;          /* preorder number (the function body is 0); last number in the subtree */
    ScopeNode *parent;
    PtrMap in_set;             /* the inputs, as a set */
    VarList inputs, outputs;
    VarList syms;              /* scalars used but never defined in the function (dimension symbols) */
};

typedef struct VarInfo {
    ScopeNode *def;            /* innermost scope of the definition; NULL: not defined in the function */
    uint32_t umin, umax;       /* smallest and largest scope number of a use */
    int used;
} VarInfo;

typedef struct Ol {
    PassCtx *pc;
    IrCtx *ir;
    Arena scratch;             /* ScopeNodes and VarInfos */
    VEC(ScopeNode *) nodes;    /* preorder; nodes.data[0] is the function body */
    VEC(ScopeNode *) stack;    /* during the analysis walks */
    uint32_t next_node;        /* the next scope met (analysis and rewrite walk the same order) */
    PtrMap info;               /* IrVar -> VarInfo */
    VarList defined;           /* the variables defined in the function, in walk order */
    PtrMap names;              /* names the function defines (for `ret`) */
    uint64_t next_ret;         /* `ret` suffix to try next */
    PtrMap *func_names;        /* program-wide: function name -> where it comes from (a Span) */
    PtrMap *hint_owner;        /* program-wide: outlined name from a hint -> the function whose scope took it */
    const char *func;          /* the function being outlined */
    FuncList *outlined;        /* program-wide: the outlined functions so far */
    int failed;
} Ol;

/* Where the outlined functions of one body are named from. */
typedef struct Namer {
    const char *prefix;        /* the function's or the enclosing scope's outlined name */
    uint32_t next;             /* k of the next `<prefix>_incore_<k>` */
} Namer;

/* ------------------------------------------------------------ analysis */

static VarInfo *info_of(Ol *O, const IrVar *v)
{
    VarInfo *vi = ptrmap_get(&O->info, v);
    if (!vi) {
        vi = arena_alloc(&O->scratch, sizeof *vi);
        memset(vi, 0, sizeof *vi);
        ptrmap_put(&O->info, v, vi);
    }
    return vi;
}

static ScopeNode *new_node(Ol *O, ScopeNode *parent)
{
    ScopeNode *n = arena_alloc(&O->scratch, sizeof *n);
    memset(n, 0, sizeof *n);
    n->id = O->nodes.len;
    n->parent = parent;
    ptrmap_init(&n->in_set);
    vec_init(n->inputs);
    vec_init(n->outputs);
    vec_init(n->syms);
    vec_push(O->nodes, n);
    return n;
}

static void define(void *data, const IrVar *v)
{
    Ol *O = data;
    VarInfo *vi = info_of(O, v);
    if (!vi->def) {
        vi->def = vec_last(O->stack);
        vec_push(O->defined, v);
        ptrmap_put(&O->names, v->name, (void *)1);
    }
}

/* Walk 1: the scope tree and where each variable is defined. */
static int defs_pre_stmt(IrWalker *w, const IrStmt *s)
{
    Ol *O = w->data;
    if (s->kind == STMT_SCOPE) {
        ScopeNode *n = new_node(O, vec_last(O->stack));
        vec_push(O->stack, n);
    }
    ir_stmt_defs(s, define, O);
    return 1;
}

static void defs_post_stmt(IrWalker *w, const IrStmt *s)
{
    Ol *O = w->data;
    if (s->kind == STMT_SCOPE) {
        ScopeNode *n = vec_pop(O->stack);
        n->end = O->nodes.len - 1;
    }
}

static int contains(const ScopeNode *s, const ScopeNode *d) { return s->id <= d->id && d->id <= s->end; }

/* Walk 2: uses.  Each records its scope range and makes the variable an
 * input of the enclosing scopes that do not contain its definition. */
static int uses_pre_stmt(IrWalker *w, const IrStmt *s)
{
    Ol *O = w->data;
    if (s->kind == STMT_SCOPE)
        vec_push(O->stack, O->nodes.data[O->next_node++]);
    return 1;
}

static void uses_post_stmt(IrWalker *w, const IrStmt *s)
{
    Ol *O = w->data;
    if (s->kind == STMT_SCOPE)
        (void)vec_pop(O->stack);
}

static void use_var(Ol *O, const IrVar *v)
{
    VarInfo *vi = info_of(O, v);
    ScopeNode *here = vec_last(O->stack), *s;
    if (!vi->used || here->id < vi->umin)
        vi->umin = here->id;
    if (!vi->used || here->id > vi->umax)
        vi->umax = here->id;
    vi->used = 1;
    if (!vi->def) {
        /* A dimension symbol the function refers to as a value: each
         * enclosing scope notes it (outline_scope decides). */
        for (s = here; s->parent && v->type->kind == TYPE_SCALAR && !ptrmap_get(&s->in_set, v); s = s->parent) {
            ptrmap_put(&s->in_set, v, (void *)2);
            vec_push(s->syms, v);
        }
        return;
    }
    for (s = here; s->parent && !contains(s, vi->def) && !ptrmap_get(&s->in_set, v); s = s->parent) {
        ptrmap_put(&s->in_set, v, (void *)1);
        vec_push(s->inputs, v);
    }
}

/* The variables of a valid extent (arithmetic on scalars). */
static void use_extent_vars(Ol *O, const IrExpr *e)
{
    if (ir_is_var_like(e))
        use_var(O, IR_AS(IrVar, e));
    else if (e->kind == EXPR_BINARY) {
        use_extent_vars(O, IR_AS(IrBinary, e)->lhs);
        use_extent_vars(O, IR_AS(IrBinary, e)->rhs);
    } else if (e->kind == EXPR_UNARY) {
        use_extent_vars(O, IR_AS(IrUnary, e)->operand);
    }
}

/* A value whose type has a valid shape of the function's scalars (a tile
 * loaded with valid_shape=[n, 64], a view pl.slice(..., valid_shape=[n,
 * 64])) uses them too: the outlined function needs them to spell the
 * type. */
static void use_type_vars(Ol *O, const IrType *t)
{
    if (t->kind == TYPE_TILE && t->tile_view)
        for (uint32_t i = 0; i < t->tile_view->nvalid; i++)
            use_extent_vars(O, t->tile_view->valid_shape[i]);
    if (t->kind == TYPE_TENSOR && t->tensor_view)
        for (uint32_t i = 0; i < t->tensor_view->nvalid; i++)
            use_extent_vars(O, t->tensor_view->valid_shape[i]);
}

static int uses_pre_expr(IrWalker *w, const IrExpr *e)
{
    Ol *O = w->data;
    if (!ir_is_var_like(e))
        return 1;
    use_var(O, IR_AS(IrVar, e));
    use_type_vars(O, IR_AS(IrVar, e)->type);
    return 1;
}

static int cmp_vars(const void *a, const void *b)
{
    const IrVar *x = *(const IrVar *const *)a, *y = *(const IrVar *const *)b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return x->id < y->id ? -1 : x->id > y->id;
}

static void sort_vars(VarList *l)
{
    if (l->len > 1)
        qsort(l->data, l->len, sizeof *l->data, cmp_vars);
}

static void analyse(Ol *O, const IrFunc *f)
{
    IrWalker w;
    ScopeNode *root = new_node(O, NULL);
    vec_push(O->stack, root);
    for (uint32_t i = 0; i < f->nparams; i++)
        define(O, f->params[i].var);
    memset(&w, 0, sizeof w);
    w.data = O;
    w.pre_stmt = defs_pre_stmt;
    w.post_stmt = defs_post_stmt;
    ir_walk_func(&w, f);
    root->end = O->nodes.len - 1;

    O->next_node = 1;
    memset(&w, 0, sizeof w);
    w.data = O;
    w.pre_stmt = uses_pre_stmt;
    w.post_stmt = uses_post_stmt;
    w.pre_expr = uses_pre_expr;
    ir_walk_func(&w, f);

    /* Outputs: the chain of scopes around the definition, while a use lies
     * outside. */
    for (uint32_t i = 0; i < O->defined.len; i++) {
        const IrVar *v = O->defined.data[i];
        VarInfo *vi = info_of(O, v);
        if (!vi->used)
            continue;
        for (ScopeNode *s = vi->def; s->parent && (vi->umin < s->id || vi->umax > s->end); s = s->parent)
            vec_push(s->outputs, v);
    }
    for (uint32_t i = 1; i < O->nodes.len; i++) {
        sort_vars(&O->nodes.data[i]->inputs);
        sort_vars(&O->nodes.data[i]->outputs);
    }
    O->next_node = 1;
}

/* ------------------------------------------------------------- rewrite */

static const IrStmt *ol_body(Ol *O, const IrStmt *body, Namer *nm);

/* `ret`, `ret_1`, ...: the first not defined in the function yet. */
static const char *fresh_ret_name(Ol *O)
{
    const char *base = ir_name(O->ir, "ret");
    for (;;) {
        const char *n = O->next_ret ? pass_versioned_name(O->ir, base, "_", O->next_ret) : base;
        O->next_ret++;
        if (!ptrmap_get(&O->names, n)) {
            ptrmap_put(&O->names, n, (void *)1);
            return n;
        }
    }
}

/* A return or yield directly in the scope would leave the outlined
 * function, not the construct it belongs to. */
static void check_no_exit(Ol *O, const IrStmt *s)
{
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            check_no_exit(O, q->stmts[i]);
    } else if (s->kind == STMT_RETURN || s->kind == STMT_YIELD) {
        diag_error(O->pc->diag, s->span, "'%s' inside 'with pl.incore():' is not supported",
                   s->kind == STMT_RETURN ? "return" : "yield");
        O->failed = 1;
    }
}

/* In the outlined body: inputs become the parameters, outputs their
 * fresh copies (at their definition, and so at every use). */
typedef struct Remap {
    IrCtx *ir;
    PtrMap *pmap;
} Remap;

/* An expression of a type with the inputs replaced by the parameters. */
static const IrExpr *remap_extent(void *data, const IrExpr *e)
{
    Remap *r = data;
    const IrExpr *p;
    if (ir_is_var_like(e))
        return (p = ptrmap_get(r->pmap, e)) ? p : e;
    return ir_expr_map_operands(r->ir, e, remap_extent, data);
}

/* Uses of the inputs and outputs become the function's variables; a
 * variable the body defines, or a call's result, whose type names an
 * input (a dimension the caller computes, [t_pad, 32]) gets the type with
 * the parameter instead, once per variable, so that its definition and
 * uses agree (the verifier compares the two by variable). */
static const IrExpr *param_hook(IrMutator *m, const IrExpr *e)
{
    PtrMap *pmap = m->data;
    Remap r = {m->ctx, pmap};
    const IrExpr *p;
    const IrType *t;
    if (e->kind == EXPR_CALL) {
        const IrCall *c = IR_AS(IrCall, e);
        t = c->type ? ir_type_map_exprs(m->ctx, c->type, remap_extent, &r) : NULL;
        return t == c->type ? e : ir_call(m->ctx, c->callee, c->nargs, c->args, c->nkwargs, c->kwargs, t, e->span);
    }
    if (!ir_is_var_like(e))
        return e;
    if ((p = ptrmap_get(pmap, e)))
        return p;
    if (e->kind != EXPR_VAR)
        return e;
    t = ir_type_map_exprs(m->ctx, IR_AS(IrVar, e)->type, remap_extent, &r);
    if (t == IR_AS(IrVar, e)->type)
        return e;
    p = &ir_var_new(m->ctx, IR_AS(IrVar, e)->name, t, e->span)->e;
    ptrmap_put(pmap, e, (void *)p);
    return p;
}

/* The outlined function's name: the scope's hint where it has one. */
static const char *outlined_name(Ol *O, const IrScope *sc, Namer *nm)
{
    IrCtx *ir = O->ir;
    const char *hint = sc->attrs ? sc->attrs->name_hint : NULL, *name;
    const char *owner;
    if (!hint)
        return pass_versioned_name(ir, nm->prefix, "_incore_", nm->next++);
    nm->next++;
    owner = ptrmap_get(O->hint_owner, hint);
    if (!ptrmap_get(O->func_names, hint))
        name = hint;
    else if (owner && owner != O->func) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s_%s", O->func, hint);
        name = ir_name(ir, buf);
    } else {
        name = hint;
    }
    for (uint64_t k = 0; ptrmap_get(O->func_names, name); k++)
        name = pass_versioned_name(ir, hint, "_", k);
    ptrmap_put(O->hint_owner, hint, (void *)O->func);
    return name;
}

/* The outlined function's attributes: the scope's cross-core hints. */
static void hint_attrs(IrCtx *ir, const IrScope *sc, IrFunc *f)
{
    const IrScopeAttrs *a = sc->attrs;
    IrKwarg kw[2];
    uint32_t n = 0;
    if (!a)
        return;
    if (a->split != SPLIT_UNSET) {
        kw[n].key = ir_name(ir, "split");
        kw[n].kind = KW_SPLIT;
        kw[n++].v.i = a->split;
    }
    if (a->slot_num) {
        kw[n].key = ir_name(ir, "slot_num");
        kw[n].kind = KW_INT;
        kw[n++].v.i = a->slot_num;
    }
    f->nattrs = n;
    f->attrs = n ? ir_kwargs_intern(ir, n, kw) : NULL;
}

/* Outlines one scope: its function goes to O->outlined, the call site to out. */
/* Does extent e (arithmetic on scalars) use variable v? */
static int names_var(const IrExpr *e, const IrVar *v)
{
    if (e == &v->e)
        return 1;
    if (e->kind == EXPR_BINARY)
        return names_var(IR_AS(IrBinary, e)->lhs, v) || names_var(IR_AS(IrBinary, e)->rhs, v);
    return e->kind == EXPR_UNARY && names_var(IR_AS(IrUnary, e)->operand, v);
}

/* The dimension symbols the scope uses as values that none of its tensor
 * inputs has in its shape become inputs too: the kernel then takes them
 * as scalars (the caller, which knows them from its tensors, passes
 * them), where it could not read them from a tensor of its own. */
static void symbol_inputs(ScopeNode *node)
{
    for (uint32_t i = 0; i < node->syms.len; i++) {
        const IrVar *v = node->syms.data[i];
        int shaped = 0;
        for (uint32_t k = 0; k < node->inputs.len && !shaped; k++) {
            const IrType *t = node->inputs.data[k]->type;
            for (uint32_t d = 0; t->kind == TYPE_TENSOR && d < t->n && !shaped; d++)
                shaped = names_var(t->dims[d], v);
        }
        if (!shaped)
            vec_push(node->inputs, v);
    }
    node->syms.len = 0;
}

static void outline_scope(Ol *O, const IrScope *sc, Namer *nm, StmtList *out)
{
    IrCtx *ir = O->ir;
    ScopeNode *node = O->nodes.data[O->next_node++];
    const char *name = outlined_name(O, sc, nm);
    Span span = sc->s.span;
    Namer inner;
    const IrStmt *body;
    IrParam *params;
    const IrType **ret_types;
    const IrExpr **vals;
    PtrMap pmap;
    IrMutator m;
    uint32_t nin, nout = node->outputs.len;
    const IrExpr *call;

    symbol_inputs(node);
    nin = node->inputs.len;

    {
        const Span *prev = ptrmap_get(O->func_names, name);
        if (prev) {
            diag_error(O->pc->diag, span,
                       "this scope would be outlined as function '%s', which the program already has", name);
            diag_note(O->pc->diag, *prev, "'%s' is defined here", name);
            O->failed = 1;
        } else {
            ptrmap_put(O->func_names, name, (void *)&sc->s.span);
        }
    }
    check_no_exit(O, sc->body);

    /* Nested scopes first, named after this one. */
    inner.prefix = name;
    inner.next = 0;
    body = ol_body(O, sc->body, &inner);

    /* The body returns the outputs (appended before the substitution
     * below, which then renames them there too). */
    ret_types = arena_array(&ir->arena, nout ? nout : 1, sizeof *ret_types);
    vals = xmalloc(xmul_size(nout + nin + 1, sizeof *vals));
    for (uint32_t i = 0; i < nout; i++) {
        ret_types[i] = node->outputs.data[i]->type;
        vals[i] = &node->outputs.data[i]->e;
    }
    {
        StmtList stmts;
        vec_init(stmts);
        if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
            const IrSeq *q = IR_AS(IrSeq, body);
            for (uint32_t i = 0; i < q->n; i++)
                vec_push(stmts, q->stmts[i]);
        } else {
            vec_push(stmts, body);
        }
        vec_push(stmts, ir_return(ir, nout, vals, span));
        body = ir_seq(ir, STMT_SEQ, stmts.len, stmts.data, sc->body->span);
        vec_free(stmts);
    }

    /* Every variable belongs to one function: the inputs become fresh
     * parameters, and the outputs, which the call site defines in the
     * caller, are defined by fresh variables of the same names in the
     * outlined body.  The mutator replaces uses of both. */
    params = arena_array(&ir->arena, nin ? nin : 1, sizeof *params);
    ptrmap_init(&pmap);
    for (uint32_t i = 0; i < nin; i++) {
        const IrVar *v = node->inputs.data[i];
        IrVar *p = ir_var_new(ir, v->name, v->type, v->e.span);
        params[i].var = p;
        params[i].dir = DIR_IN;
        ptrmap_put(&pmap, v, &p->e);
    }
    /* A parameter's shape and valid shape name the parameters of the
     * scalars in them (scalars have no such types themselves, so one
     * round does). */
    {
        Remap r = {ir, &pmap};
        for (uint32_t i = 0; i < nin; i++) {
            const IrVar *v = node->inputs.data[i];
            const IrType *t = ir_type_map_exprs(ir, v->type, remap_extent, &r);
            if (t != v->type) {
                IrVar *p = ir_var_new(ir, v->name, t, v->e.span);
                params[i].var = p;
                ptrmap_put(&pmap, v, &p->e);
            }
        }
    }
    for (uint32_t i = 0; i < nout; i++) {
        const IrVar *v = node->outputs.data[i];
        Remap r = {ir, &pmap};
        const IrType *t = ir_type_map_exprs(ir, v->type, remap_extent, &r);
        ptrmap_put(&pmap, v, &ir_var_new(ir, v->name, t, v->e.span)->e);
        ret_types[i] = t;
    }
    memset(&m, 0, sizeof m);
    m.ctx = ir;
    m.expr = param_hook;
    m.data = &pmap;
    body = ir_mutate_stmt(&m, body);
    ptrmap_free(&pmap);

    /* An outlined function that itself calls outlined functions (its
     * nested scopes) is an Orchestration function, by the same rule as
     * the parent's below: InCore kernels call nothing. */
    {
        IrFunc *g = ir_func_new(ir, name, inner.next ? FUNC_ORCHESTRATION : FUNC_INCORE, nin, params, nout, ret_types,
                                body, span);
        hint_attrs(ir, sc, g);
        vec_push(*O->outlined, g);
    }

    /* The call site. */
    for (uint32_t i = 0; i < nin; i++)
        vals[i] = &node->inputs.data[i]->e;
    if (nout == 0) {
        call = ir_call(ir, ir_callee_global(ir, name), nin, vals, 0, NULL, ir_type_unknown(ir), span);
        vec_push(*out, ir_eval(ir, call, span));
    } else if (nout == 1) {
        /* in the caller's words: its outputs' types name its scalars */
        call = ir_call(ir, ir_callee_global(ir, name), nin, vals, 0, NULL, node->outputs.data[0]->type, span);
        vec_push(*out, ir_assign(ir, node->outputs.data[0], call, span));
    } else {
        const IrType **caller_types = arena_array(&ir->arena, nout, sizeof *caller_types);
        const IrType *tt;
        for (uint32_t i = 0; i < nout; i++)
            caller_types[i] = node->outputs.data[i]->type;
        tt = ir_type_tuple(ir, nout, caller_types);
        IrVar *rv = ir_var_new(ir, fresh_ret_name(O), tt, span);
        call = ir_call(ir, ir_callee_global(ir, name), nin, vals, 0, NULL, tt, span);
        vec_push(*out, ir_assign(ir, rv, call, span));
        for (uint32_t i = 0; i < nout; i++)
            vec_push(*out, ir_assign(ir, node->outputs.data[i], ir_tuple_get(ir, &rv->e, i, span), span));
    }
    xfree(vals);
}

/* Appends s to out with its scopes outlined. */
static void ol_stmt(Ol *O, const IrStmt *s, Namer *nm, StmtList *out)
{
    IrCtx *ir = O->ir;
    switch ((IrStmtKind)s->kind) {
    case STMT_SCOPE:
        if (s->sub == SCOPE_INCORE) {
            outline_scope(O, IR_AS(IrScope, s), nm, out);
            return;
        }
        break;
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *t = ol_body(O, f->then_body, nm);
        const IrStmt *e = f->else_body ? ol_body(O, f->else_body, nm) : NULL;
        if (t != f->then_body || e != f->else_body)
            s = ir_if(ir, f->cond, t, e, f->nret, f->ret, s->span);
        break;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrStmt *body = ol_body(O, f->body, nm);
        if (body != f->body)
            s = ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter,
                                     f->iter_args, f->ret, body, s->span),
                              f->stage);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        const IrStmt *body = ol_body(O, w->body, nm);
        if (body != w->body)
            s = ir_while(ir, w->cond, w->niter, w->iter_args, w->ret, body, s->span);
        break;
    }
    case STMT_SEQ:
    case STMT_OPS:
        s = ol_body(O, s, nm);
        break;
    default:
        break;
    }
    vec_push(*out, s);
}

/* A body with its scopes outlined; the same node when it has none. */
static const IrStmt *ol_body(Ol *O, const IrStmt *body, Namer *nm)
{
    StmtList out;
    const IrStmt *r = body;
    vec_init(out);
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, body);
        int changed;
        for (uint32_t i = 0; i < q->n; i++)
            ol_stmt(O, q->stmts[i], nm, &out);
        changed = out.len != q->n;
        for (uint32_t i = 0; i < q->n && !changed; i++)
            changed = out.data[i] != q->stmts[i];
        if (changed)
            r = ir_seq(O->ir, (IrStmtKind)body->kind, out.len, out.data, body->span);
    } else {
        ol_stmt(O, body, nm, &out);
        r = out.len == 1 ? out.data[0] : ir_seq(O->ir, STMT_SEQ, out.len, out.data, body->span);
    }
    vec_free(out);
    return r;
}

/* ------------------------------------------------------------- driver */

/* What the functions' outlining shares. */
typedef struct Outlining {
    PtrMap func_names;         /* function name -> where it comes from (a Span) */
    PtrMap hint_owner;         /* outlined name from a hint -> the function whose scope took it */
    FuncList outlined;         /* the outlined functions so far */
} Outlining;

/* ------------------------------------------------- scopes in a kernel */

/* A `with pl.incore():` (or pl.at(level=CORE_GROUP)) scope in an InCore,
 * AIC or AIV function: the whole function already runs on the core, so
 * the scope is dissolved into the enclosing body, as the reference leaves
 * InCore functions' scopes in place and emits their bodies
 * (08-outline_incore_scopes.md: InCore functions are left unchanged).  Its
 * cross-core hints (pl.split, pl.cross_core_slot) become the function's
 * attributes where the function gives none; a hint that contradicts the
 * function's own is an error. */
typedef struct Dissolve {
    PassCtx *pc;
    IrKwarg kw[2];
    uint32_t nkw;
    const IrFunc *f;
    int failed;
} Dissolve;

static const IrKwarg *func_attr(const IrFunc *f, const char *key)
{
    for (uint32_t i = 0; i < f->nattrs; i++)
        if (strcmp(f->attrs[i].key, key) == 0)
            return &f->attrs[i];
    return NULL;
}

static void dissolve_hint(Dissolve *D, const IrScope *sc, const char *key, int kind, int64_t v)
{
    const IrKwarg *had = func_attr(D->f, key);
    for (uint32_t i = 0; !had && i < D->nkw; i++)
        if (strcmp(D->kw[i].key, key) == 0)
            had = &D->kw[i];
    if (had && had->v.i != v) {
        diag_error(D->pc->diag, sc->s.span, "this scope's %s hint differs from the one InCore function '%s' already has",
                   key, D->f->name);
        D->failed = 1;
    } else if (!had) {
        D->kw[D->nkw].key = ir_name(D->pc->ir, key);
        D->kw[D->nkw].kind = (uint8_t)kind;
        D->kw[D->nkw++].v.i = v;
    }
}

static const IrStmt *dissolve_stmt(IrMutator *m, const IrStmt *s)
{
    Dissolve *D = m->data;
    const IrScope *sc;
    if (s->kind == STMT_SEQ) {   /* a dissolved scope's statements join the list */
        const IrSeq *q = IR_AS(IrSeq, s);
        PassStmts list;
        uint32_t k = 0;
        while (k < q->n && q->stmts[k]->kind != STMT_SEQ)
            k++;
        if (k == q->n)
            return s;
        vec_init(list);
        pass_flatten(&list, s);
        s = ir_seq(m->ctx, STMT_SEQ, list.len, list.data, s->span);
        vec_free(list);
        return s;
    }
    if (s->kind != STMT_SCOPE || s->sub != SCOPE_INCORE)
        return s;
    sc = IR_AS(IrScope, s);
    if (sc->attrs && sc->attrs->split != SPLIT_UNSET)
        dissolve_hint(D, sc, "split", KW_SPLIT, sc->attrs->split);
    if (sc->attrs && sc->attrs->slot_num)
        dissolve_hint(D, sc, "slot_num", KW_INT, sc->attrs->slot_num);
    return sc->body;
}

static int is_incore_scope(const IrStmt *s, const void *ctx)
{
    (void)ctx;
    return s->kind == STMT_SCOPE && s->sub == SCOPE_INCORE;
}

/* f with its incore scopes dissolved (f itself when it has none); NULL
 * after an error. */
static const IrFunc *dissolve_kernel_scopes(PassCtx *pc, const IrFunc *f)
{
    Dissolve D;
    IrMutator m;
    const IrStmt *body;
    IrFunc *g;
    if (!ir_stmt_any(f->body, is_incore_scope, NULL, NULL))
        return f;
    memset(&D, 0, sizeof D);
    D.pc = pc;
    D.f = f;
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = dissolve_stmt;
    m.data = &D;
    body = ir_mutate_stmt(&m, f->body);
    if (D.failed)
        return NULL;
    g = ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
    if (D.nkw) {
        uint32_t n = 0;
        IrKwarg *kw = xmalloc((f->nattrs + D.nkw) * sizeof *kw);
        for (uint32_t i = 0; i < f->nattrs; i++)
            kw[n++] = f->attrs[i];
        for (uint32_t i = 0; i < D.nkw; i++)
            kw[n++] = D.kw[i];
        g->nattrs = n;
        g->attrs = ir_kwargs_intern(pc->ir, n, kw);
        xfree(kw);
    }
    return g;
}

/* The function with its scopes outlined (the same node when it has none);
 * NULL after an error. */
static const IrFunc *outline_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Outlining *P = data;
    Ol O;
    Namer nm;
    const IrFunc *r = f;
    /* pyptocc: Orchestration functions are outlined too (passes.md 5.3
     * processes Opaque ones only); a kernel's scopes are dissolved. */
    if (!f->body)
        return f;
    if (func_type_is_kernel((FuncType)f->type))
        return dissolve_kernel_scopes(pc, f);
    memset(&O, 0, sizeof O);
    O.pc = pc;
    O.ir = pc->ir;
    O.func = f->name;
    O.hint_owner = &P->hint_owner;
    O.func_names = &P->func_names;
    O.outlined = &P->outlined;
    arena_init(&O.scratch);
    vec_init(O.nodes);
    vec_init(O.stack);
    vec_init(O.defined);
    ptrmap_init(&O.info);
    ptrmap_init(&O.names);
    analyse(&O, f);
    if (O.nodes.len > 1) {
        const IrStmt *body;
        nm.prefix = f->name;
        nm.next = 0;
        body = ol_body(&O, f->body, &nm);
        /* pyptocc deviation from passes.md 5.3 (where the parent stays
         * Opaque), as the reference did later: a function that now calls
         * outlined InCore functions is an Orchestration function, because
         * the orchestration emitter (cpp.md 6) is what turns those calls
         * into task submissions; as an Opaque function it would only be
         * printed. */
        if (!O.failed) {
            IrFunc *g = ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
            if (nm.next)
                g->type = FUNC_ORCHESTRATION;
            r = g;
        }
    }
    for (uint32_t i = 0; i < O.nodes.len; i++) {
        ScopeNode *n = O.nodes.data[i];
        ptrmap_free(&n->in_set);
        vec_free(n->inputs);
        vec_free(n->syms);
        vec_free(n->outputs);
    }
    vec_free(O.nodes);
    vec_free(O.stack);
    vec_free(O.defined);
    ptrmap_free(&O.info);
    ptrmap_free(&O.names);
    arena_free(&O.scratch);
    return O.failed ? NULL : r;
}

const IrProgram *pass_outline_incore_scopes(PassCtx *pc, const IrProgram *prog)
{
    Outlining P;
    const IrProgram *r;
    vec_init(P.outlined);
    ptrmap_init(&P.func_names);
    ptrmap_init(&P.hint_owner);
    for (uint32_t i = 0; i < prog->n; i++)
        ptrmap_put(&P.func_names, prog->funcs[i]->name, (void *)&prog->funcs[i]->span);
    /* Functions in name order, so the errors come in a stable order. */
    r = pass_map_functions_with(pc, prog, outline_function, &P, MAP_CONTINUE);
    if (r && r != prog)
        r = pass_program_add(pc, r, P.outlined.len, P.outlined.data);
    /* The pass promises that no scope remains: the ones left in InCore
     * functions are errors, reported as Verify words them. */
    if (r && !check_outlined(pc, r, 1))
        r = NULL;
    vec_free(P.outlined);
    ptrmap_free(&P.func_names);
    ptrmap_free(&P.hint_owner);
    return r;
}
