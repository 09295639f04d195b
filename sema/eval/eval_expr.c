/* eval_expr.c: expressions (eval_internal.h): literals, names,
 * attributes, subscripts, operators, displays and comprehensions,
 * lambdas, calls and their arguments, and assignment targets.  An
 * unknown operand makes the result unknown; an error is an exception. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "lexer/literal.h"

#include <string.h>

/* Nesting of expressions and calls; past it, RecursionError (the C
 * stack stays well inside its limit, sanitizers included). */
#define EV_MAX_DEPTH 1500

/* ---------------------------------------------------------- arguments */

/* The arguments of a call node (positional ones, *iterables, keywords and
 * **mappings); 0 after an exception.  *unknown: an argument was unknown. */
static int call_args(Ev *ev, EvEnv *env, const AstNode *call, EvArgs *a, const ConstVal **unknown)
{
    ConstVal *pos = ev_list_new(ev, call->list.n);
    uint32_t nkw = 0, capkw = call->list2.n;
    memset(a, 0, sizeof *a);
    a->at = call->span;
    a->kwname = capkw ? arena_array(&ev->arena, capkw, sizeof *a->kwname) : NULL;
    a->kw = capkw ? arena_array(&ev->arena, capkw, sizeof *a->kw) : NULL;
    for (uint32_t i = 0; i < call->list.n; i++) {
        const AstNode *x = call->list.items[i];
        const ConstVal *v;
        if (x->kind == AST_STARRED) {
            ConstVal *items;
            if (!(v = ev_expr(ev, env, x->a)))
                return 0;
            if (v->kind == CV_UNKNOWN) {
                *unknown = v;
                continue;
            }
            if (!(items = ev_to_list(ev, v, x->span)))
                return 0;
            for (uint32_t k = 0; k < items->v.seq.n; k++)
                ev_list_append(ev, pos, items->v.seq.items[k]);
            continue;
        }
        if (!(v = ev_expr(ev, env, x)))
            return 0;
        if (v->kind == CV_UNKNOWN && !*unknown)
            *unknown = v;
        ev_list_append(ev, pos, v);
    }
    for (uint32_t i = 0; i < call->list2.n; i++) {
        const AstNode *x = call->list2.items[i];
        const ConstVal *v = ev_expr(ev, env, x->a);
        if (!v)
            return 0;
        if (x->kind == AST_STARRED) {
            const EvTable *t;
            if (v->kind == CV_UNKNOWN) {
                *unknown = v;
                continue;
            }
            if (v->kind != CV_DICT)
                return ev_raise(ev, ev->e_type, x->span, "argument after ** must be a mapping, not %s",
                                ev_type_name(ev, v)) != NULL;
            t = v->v.table;
            for (uint32_t k = 0; k < t->n; k++) {
                const ConstVal *key = t->keys[k];
                if (!key)
                    continue;
                if (key->kind != CV_STR)
                    return ev_raise(ev, ev->e_type, x->span, "keywords must be strings") != NULL;
                if (nkw == capkw) {
                    uint32_t cap = capkw * 2 + t->live;
                    const char **kn = arena_array(&ev->arena, cap, sizeof *kn);
                    const ConstVal **kv = arena_array(&ev->arena, cap, sizeof *kv);
                    if (nkw) {
                        ev_memcpy(kn, a->kwname, nkw * sizeof *kn);
                        ev_memcpy(kv, a->kw, nkw * sizeof *kv);
                    }
                    a->kwname = kn;
                    a->kw = kv;
                    capkw = cap;
                }
                a->kwname[nkw] = key->v.str.s;
                a->kw[nkw++] = t->vals[k];
            }
            continue;
        }
        if (v->kind == CV_UNKNOWN && !*unknown)
            *unknown = v;
        a->kwname[nkw] = x->name;
        a->kw[nkw++] = v;
    }
    a->n = pos->v.seq.n;
    a->pos = pos->v.seq.items;
    a->nkw = nkw;
    return 1;
}

const char *ev_callable_name(Ev *ev, const ConstVal *fn)
{
    switch ((ConstKind)fn->kind) {
    case CV_FUNC:
        return fn->v.func->name;
    case CV_BUILTIN:
        return fn->v.builtin.def->name;
    case CV_BOUND:
        return ev_callable_name(ev, fn->v.bound.fn);
    case CV_CLASS:
        return fn->v.cls->name;
    case CV_KERNEL:
        return fn->v.kernel->name;
    case CV_DSL:
        return fn->v.dsl.path;
    default:
        return ev_type_name(ev, fn);
    }
}

/* pl.dynamic("N") and the other DSL calls at module level. */
static const ConstVal *dsl_call(Ev *ev, const ConstVal *fn, const EvArgs *a)
{
    ConstVal *r;
    if (!(fn->flags & CVF_CALLED) && strcmp(fn->v.dsl.path, "pypto.language.dynamic") == 0) {
        const ConstVal *name = a->n == 1 && !a->nkw ? a->pos[0] : NULL;
        ConstVal *v;
        if (!name || name->kind != CV_STR)
            return ev_raise(ev, ev->e_type, a->at, "pl.dynamic() takes one string argument, the dimension's name");
        /* Types print the dimension by this name, so it must read back. */
        if (!literal_is_identifier(name->v.str.s, intern_len(name->v.str.s)))
            return ev_raise(ev, ev->e_value, a->at, "the name of a dynamic dimension must be an identifier, not '%s'",
                            name->v.str.s);
        v = (ConstVal *)ev_val(ev, CV_DYNVAR);
        v->v.var = ev->hooks.dynvar(ev->hooks.data, name->v.str.s, a->at);
        return v;
    }
    r = (ConstVal *)ev_val(ev, CV_DSL);
    r->v.dsl.path = fn->v.dsl.path;
    r->flags = CVF_CALLED;
    if (!(fn->flags & CVF_CALLED) && strcmp(fn->v.dsl.path, "pypto.language.MemRef") == 0 && a->n <= 1 &&
        a->nkw <= 1) {
        /* pl.MemRef(), pl.MemRef("name"), pl.MemRef(slots=N): a declaration */
        const ConstVal *name = a->n ? a->pos[0] : NULL;
        int64_t slots = 1;
        if (name && name->kind != CV_STR)
            return r;
        if (a->nkw) {
            if (strcmp(a->kwname[0], "slots") != 0 || a->kw[0]->kind != CV_INT)
                return r;
            if (a->kw[0]->v.i < 1 || a->kw[0]->v.i > 4096)
                return ev_raise(ev, ev->e_value, a->at, "slots= must be an integer from 1 to 4096");
            slots = a->kw[0]->v.i;
        }
        r->v.dsl.decl_name = name ? name->v.str.s : NULL;
        r->v.dsl.decl_slots = slots;
    }
    return r;
}

const ConstVal *ev_call(Ev *ev, const ConstVal *fn, const EvArgs *a)
{
    switch ((ConstKind)fn->kind) {
    case CV_FUNC:
        return ev_call_function(ev, fn->v.func, a, NULL);
    case CV_BOUND:
        if (fn->v.bound.fn->kind == CV_FUNC)
            return ev_call_function(ev, fn->v.bound.fn->v.func, a, fn->v.bound.self);
        {
            /* a callable object bound as a method: self goes first */
            EvArgs b = *a;
            const ConstVal **pos = arena_array(&ev->arena, a->n + 1, sizeof *pos);
            pos[0] = fn->v.bound.self;
            if (a->n)
                ev_memcpy(pos + 1, a->pos, a->n * sizeof *pos);
            b.pos = pos;
            b.n = a->n + 1;
            return ev_call(ev, fn->v.bound.fn, &b);
        }
    case CV_BUILTIN: {
        const EvBuiltinDef *d = fn->v.builtin.def;
        EvArgs b = *a;
        if (!d->takes_unknown) {
            const ConstVal *u = ev_first_unknown(a->pos, a->n);
            if (!u)
                u = ev_first_unknown(a->kw, a->nkw);
            if (u)
                return u;
        }
        b.def = d;
        b.data = d->data;
        return d->fn(ev, fn->v.builtin.self, &b);
    }
    case CV_CLASS:
        return ev_instantiate(ev, fn->v.cls, a);
    case CV_INSTANCE: {
        const ConstVal *m = ev_method(ev, fn, ev->n.call);
        if (m)
            return ev_call(ev, m, a);
        break;
    }
    case CV_DSL:
        return dsl_call(ev, fn, a);
    case CV_UNKNOWN:
        return fn;
    case CV_KERNEL:
        return ev_unknown(ev, a->at, "'%s' is a pypto kernel: it is compiled, not run at compile time",
                          fn->v.kernel->name);
    default:
        break;
    }
    return ev_raise(ev, ev->e_type, a->at, "'%s' object is not callable", ev_type_name(ev, fn));
}

const ConstVal *ev_call_n(Ev *ev, const ConstVal *fn, Span at, uint32_t n, const ConstVal *const *args)
{
    EvArgs a;
    memset(&a, 0, sizeof a);
    a.at = at;
    a.n = n;
    a.pos = (const ConstVal **)args;
    return ev_call(ev, fn, &a);
}

static const ConstVal *eval_call(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *fn = ev_expr(ev, env, e->a), *unknown = NULL, *r;
    EvArgs a;
    if (!fn)
        return NULL;
    if (!call_args(ev, env, e, &a, &unknown))
        return NULL;
    if (fn->kind == CV_UNKNOWN)
        return fn;
    if (!ev_step(ev, e->span))
        return NULL;
    r = ev_call(ev, fn, &a);
    /* Python's frames only: a built-in that raised is the error's place */
    if (!r && (fn->kind == CV_FUNC || (fn->kind == CV_BOUND && fn->v.bound.fn->kind == CV_FUNC) ||
               (fn->kind == CV_CLASS && !(fn->v.cls->flags & CLS_BUILTIN))))
        ev_trace(ev, e->span, ev_callable_name(ev, fn));
    return r;
}

/* ------------------------------------------------------------- displays */

/* Items of a tuple, list or set display (*iterables unpacked) appended. */
static int display_items(Ev *ev, EvEnv *env, const AstList *l, ConstVal *out, const ConstVal **unknown)
{
    for (uint32_t i = 0; i < l->n; i++) {
        const AstNode *x = l->items[i];
        const ConstVal *v;
        if (x->kind == AST_STARRED) {
            ConstVal *items;
            if (!(v = ev_expr(ev, env, x->a)))
                return 0;
            if (v->kind == CV_UNKNOWN) {
                *unknown = v;
                continue;
            }
            if (!(items = ev_to_list(ev, v, x->span)))
                return 0;
            for (uint32_t k = 0; k < items->v.seq.n; k++)
                ev_list_append(ev, out, items->v.seq.items[k]);
            continue;
        }
        if (!(v = ev_expr(ev, env, x)))
            return 0;
        ev_list_append(ev, out, v);
    }
    return 1;
}

static const ConstVal *eval_display(Ev *ev, EvEnv *env, const AstNode *e)
{
    ConstVal *l = ev_list_new(ev, e->list.n);
    const ConstVal *unknown = NULL;
    if (!display_items(ev, env, &e->list, l, &unknown))
        return NULL;
    if (unknown)
        return unknown;   /* its length is unknown */
    if (e->kind == AST_LIST)
        return l;
    if (e->kind == AST_TUPLE)
        return ev_seq(ev, CV_TUPLE, l->v.seq.n, l->v.seq.items);
    {
        ConstVal *s = ev_dict_new(ev, CV_SET);
        for (uint32_t i = 0; i < l->v.seq.n; i++)
            ev_table_put(s->v.table, &ev->arena, l->v.seq.items[i], ev->true_);
        return s;
    }
}

static const ConstVal *eval_dict(Ev *ev, EvEnv *env, const AstNode *e)
{
    ConstVal *d = ev_dict_new(ev, CV_DICT);
    for (uint32_t i = 0; i < e->list.n; i++) {
        const AstNode *p = e->list.items[i];
        const ConstVal *k, *v;
        if (p->kind == AST_STARRED) {
            const EvTable *t;
            if (!(v = ev_expr(ev, env, p->a)))
                return NULL;
            if (v->kind == CV_UNKNOWN)
                return v;
            if (v->kind != CV_DICT)
                return ev_raise(ev, ev->e_type, p->span, "'%s' object is not a mapping", ev_type_name(ev, v));
            t = v->v.table;
            for (uint32_t j = 0; j < t->n; j++)
                if (t->keys[j])
                    ev_table_put(d->v.table, &ev->arena, t->keys[j], t->vals[j]);
            continue;
        }
        if (!(k = ev_expr(ev, env, p->a)) || !(v = ev_expr(ev, env, p->b)))
            return NULL;
        if (k->kind == CV_UNKNOWN)
            return k;
        ev_table_put(d->v.table, &ev->arena, k, v);
    }
    return d;
}

/* A comprehension: its own scope; generators are made lists. */
static int comp_level(Ev *ev, EvEnv *cenv, const AstNode *e, uint32_t level, ConstVal *out, const ConstVal **unknown)
{
    const AstNode *f;
    const ConstVal *src, *x;
    EvIter it;
    if (level == e->list.n) {
        const ConstVal *k = ev_expr(ev, cenv, e->a), *v;
        if (!k)
            return 0;
        if (e->op == AST_COMP_DICT) {
            if (!(v = ev_expr(ev, cenv, e->b)))
                return 0;
            if (k->kind == CV_UNKNOWN) {
                *unknown = k;
                return 1;
            }
            ev_table_put(out->v.table, &ev->arena, k, v);
        } else if (e->op == AST_COMP_SET) {
            if (k->kind == CV_UNKNOWN) {
                *unknown = k;
                return 1;
            }
            ev_table_put(out->v.table, &ev->arena, k, ev->true_);
        } else {
            ev_list_append(ev, out, k);
        }
        return 1;
    }
    f = e->list.items[level];
    /* the first iterable is evaluated in the enclosing scope */
    if (!(src = ev_expr(ev, level ? cenv : cenv->up, f->b)))
        return 0;
    if (src->kind == CV_UNKNOWN) {
        *unknown = src;
        return 1;
    }
    if (!ev_iter_begin(ev, src, &it, f->b->span))
        return 0;
    while ((x = ev_iter_next(ev, &it)) != NULL) {
        int keep = 1;
        if (!ev_step(ev, f->span) || !ev_assign(ev, cenv, f->a, x))
            return 0;
        for (uint32_t c = 0; c < f->list.n && keep; c++) {
            const ConstVal *cond = ev_expr(ev, cenv, f->list.items[c]);
            int t;
            if (!cond)
                return 0;
            if (cond->kind == CV_UNKNOWN) {
                *unknown = cond;
                return 1;
            }
            if ((t = ev_truthy(ev, cond, f->list.items[c]->span)) < 0)
                return 0;
            keep = t;
        }
        if (keep && !comp_level(ev, cenv, e, level + 1, out, unknown))
            return 0;
        if (*unknown)
            return 1;
    }
    return !ev->exc;
}

static const ConstVal *eval_comp(Ev *ev, EvEnv *env, const AstNode *e)
{
    EvEnv *cenv = ev_env_new(ev, ENV_COMP, env, env->mod);
    const ConstVal *unknown = NULL;
    ConstVal *out = e->op == AST_COMP_DICT ? ev_dict_new(ev, CV_DICT)
                    : e->op == AST_COMP_SET ? ev_dict_new(ev, CV_SET)
                                            : ev_list_new(ev, 0);
    if (!comp_level(ev, cenv, e, 0, out, &unknown))
        return NULL;
    return unknown ? unknown : out;
}

/* ------------------------------------------------------------ operators */

/* A pl.* call (or subscript) stands for a value of the kernel, known only
 * when it runs: compared, negated or tested for truth it gives an unknown
 * value, not the truth of the DSL object (`pl.cast(n, pl.INT64) == 1` is
 * not the constant False, so an if on it has two live branches). */
static const ConstVal *runtime_operand(Ev *ev, const ConstVal *v, Span at)
{
    if (v && v->kind == CV_DSL && (v->flags & CVF_CALLED))
        return ev_unknown(ev, at, "the value of a %s call is known only when the kernel runs", v->v.dsl.path);
    return v;
}

/* a < b < c: the comparisons of a chain, each operand evaluated once.
 * *last is the chain's last operand. */
static int eval_chain(Ev *ev, EvEnv *env, const AstNode *e, const ConstVal **last, const ConstVal **unknown)
{
    const ConstVal *a, *b;
    int r;
    if (e->a->kind == AST_COMPARE && !(e->a->flags & AST_PARENS)) {
        r = eval_chain(ev, env, e->a, &a, unknown);
        if (r <= 0 || *unknown)
            return r;
    } else if (!(a = runtime_operand(ev, ev_expr(ev, env, e->a), e->a->span))) {
        return -1;
    }
    if (!(b = runtime_operand(ev, ev_expr(ev, env, e->b), e->b->span)))
        return -1;
    *last = b;
    if (a->kind == CV_UNKNOWN || b->kind == CV_UNKNOWN) {
        *unknown = a->kind == CV_UNKNOWN ? a : b;
        return 1;
    }
    return ev_compare(ev, e->op, a, b, e->span);
}

static const ConstVal *eval_boolop(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *a = runtime_operand(ev, ev_expr(ev, env, e->a), e->a->span), *b;
    int t;
    if (!a)
        return NULL;
    if (a->kind == CV_UNKNOWN)
        return a;
    if ((t = ev_truthy(ev, a, e->a->span)) < 0)
        return NULL;
    if (e->op == AST_AND && !t)
        return a;
    if (e->op == AST_OR && t)
        return a;
    if (!(b = ev_expr(ev, env, e->b)))
        return NULL;
    if (e->op != AST_XOR)
        return b;
    if (!(b = runtime_operand(ev, b, e->b->span)) || b->kind == CV_UNKNOWN)
        return b;
    {
        int u = ev_truthy(ev, b, e->b->span);
        return u < 0 ? NULL : ev_bool(ev, t != u);
    }
}

static const ConstVal *eval_subscript(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *obj = ev_expr(ev, env, e->a), *ix;
    if (!obj)
        return NULL;
    if (e->list.n == 1 && !(e->flags & AST_TRAILING_COMMA) && e->list.items[0]->kind != AST_KEYWORD) {
        if (!(ix = ev_expr(ev, env, e->list.items[0])))
            return NULL;
    } else {
        ConstVal *l = ev_list_new(ev, e->list.n);
        for (uint32_t i = 0; i < e->list.n; i++) {
            const AstNode *x = e->list.items[i];
            const ConstVal *v;
            if (x->kind == AST_KEYWORD) {
                if (obj->kind == CV_DSL || obj->kind == CV_UNKNOWN)
                    continue;   /* pl.Tile[..., memory_space=...]: a type, not a value */
                return ev_raise(ev, ev->e_type, x->span, "keywords are not valid in a subscript");
            }
            if (!(v = ev_expr(ev, env, x)))
                return NULL;
            ev_list_append(ev, l, v);
        }
        ix = ev_seq(ev, CV_TUPLE, l->v.seq.n, l->v.seq.items);
    }
    return ev_getitem(ev, obj, ix, e->span);
}

static const ConstVal *eval_slice(Ev *ev, EvEnv *env, const AstNode *e)
{
    ConstVal *s = (ConstVal *)ev_val(ev, CV_SLICE);
    if (e->a && !(s->v.slice.lo = ev_expr(ev, env, e->a)))
        return NULL;
    if (e->b && !(s->v.slice.hi = ev_expr(ev, env, e->b)))
        return NULL;
    if (e->c && !(s->v.slice.step = ev_expr(ev, env, e->c)))
        return NULL;
    {
        const ConstVal *parts[3] = {s->v.slice.lo, s->v.slice.hi, s->v.slice.step};
        const ConstVal *u = ev_first_unknown(parts, 3);
        if (u)
            return u;
    }
    return s;
}

static const ConstVal *eval_name(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *v = ev_lookup(ev, env, e->name);
    if (v)
        return v;
    return ev_raise(ev, ev->e_name, e->span, "name '%s' is not defined", e->name);
}

static const ConstVal *eval_int(Ev *ev, const AstNode *e)
{
    if (e->flags & AST_BIG)
        return ev_unknown(ev, e->span, "the integer literal does not fit in 64 bits");
    return ev_int(ev, (int64_t)e->u);
}

static const ConstVal *eval_string(Ev *ev, EvEnv *env, const AstNode *e)
{
    if (e->flags & AST_FSTRING)
        return ev_fstring(ev, env, e);
    if (e->flags & AST_BYTES)
        return ev_unknown(ev, e->span, "bytes are not evaluated at compile time");
    return ev_str(ev, e->name, (size_t)e->u);
}

/* x := value binds x in the nearest function (or module) scope. */
static const ConstVal *eval_namedexpr(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *v = ev_expr(ev, env, e->b);
    EvEnv *t = env;
    if (!v)
        return NULL;
    while (t->kind == ENV_COMP && t->up)
        t = t->up;
    ev_env_bind(ev, t, e->a->name, v);
    return v;
}

static const ConstVal *expr(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *a, *b;
    switch (e->kind) {
    case AST_INT:
        return eval_int(ev, e);
    case AST_FLOAT:
        return ev_float(ev, e->f);
    case AST_STRING:
        return eval_string(ev, env, e);
    case AST_TRUE:
        return ev->true_;
    case AST_FALSE:
        return ev->false_;
    case AST_NONE:
        return ev->none;
    case AST_ELLIPSIS:
        return ev->ellipsis;
    case AST_NAME:
        return eval_name(ev, env, e);
    case AST_ATTR:
        if (!(a = ev_expr(ev, env, e->a)))
            return NULL;
        return ev_getattr(ev, a, e->name, e->span);
    case AST_SUBSCRIPT:
        return eval_subscript(ev, env, e);
    case AST_SLICE:
        return eval_slice(ev, env, e);
    case AST_TUPLE:
    case AST_LIST:
    case AST_SET:
        return eval_display(ev, env, e);
    case AST_DICT:
        return eval_dict(ev, env, e);
    case AST_COMP:
        return eval_comp(ev, env, e);
    case AST_BINOP:
        if (!(a = ev_expr(ev, env, e->a)) || !(b = ev_expr(ev, env, e->b)))
            return NULL;
        return ev_binop(ev, e->op, a, b, e->span);
    case AST_UNARY:
        if (e->op == AST_NEG && e->a->kind == AST_INT && (e->a->flags & AST_BIG) && !(e->a->flags & AST_PARENS) &&
            e->a->u == (uint64_t)INT64_MAX + 1)
            return ev_int(ev, INT64_MIN);
        if (!(a = ev_expr(ev, env, e->a)))
            return NULL;
        if (e->op == AST_NOT)
            a = runtime_operand(ev, a, e->a->span);
        return ev_unary(ev, e->op, a, e->span);
    case AST_BOOLOP:
        return eval_boolop(ev, env, e);
    case AST_COMPARE: {
        const ConstVal *last = NULL, *unknown = NULL;
        int r = eval_chain(ev, env, e, &last, &unknown);
        if (r < 0)
            return NULL;
        return unknown ? unknown : ev_bool(ev, r);
    }
    case AST_IFEXP: {
        int t;
        if (!(a = runtime_operand(ev, ev_expr(ev, env, e->a), e->a->span)))
            return NULL;
        if (a->kind == CV_UNKNOWN)
            return a;
        if ((t = ev_truthy(ev, a, e->a->span)) < 0)
            return NULL;
        return ev_expr(ev, env, t ? e->b : e->c);
    }
    case AST_NAMEDEXPR:
        return eval_namedexpr(ev, env, e);
    case AST_LAMBDA:
        return ev_make_function(ev, env, e, NULL);
    case AST_CALL:
        return eval_call(ev, env, e);
    case AST_COMPLEX:
        return ev_unknown(ev, e->span, "complex numbers are not evaluated at compile time");
    case AST_AWAIT:
    case AST_YIELD:
    case AST_YIELD_FROM:
        return ev_unknown(ev, e->span, "'%s' is not evaluated at compile time",
                          e->kind == AST_AWAIT ? "await" : "yield");
    case AST_STARRED:
        return ev_raise(ev, ev->e_type, e->span, "can't use starred expression here");
    default:
        return ev_unknown(ev, e->span, "this expression is not evaluated at compile time");
    }
}

const ConstVal *ev_expr(Ev *ev, EvEnv *env, const AstNode *e)
{
    const ConstVal *v;
    if (ev->depth >= EV_MAX_DEPTH)
        return ev_raise(ev, ev->e_recursion, e->span, "maximum recursion depth exceeded");
    ev->depth++;
    v = expr(ev, env, e);
    ev->depth--;
    return v;
}

/* --------------------------------------------------------------- targets */

static int assign_seq(Ev *ev, EvEnv *env, const AstNode *target, const ConstVal *v)
{
    const AstList *l = &target->list;
    ConstVal *items;
    uint32_t star = UINT32_MAX, n;
    for (uint32_t i = 0; i < l->n; i++)
        if (l->items[i]->kind == AST_STARRED)
            star = i;
    if (!(items = ev_to_list(ev, v, target->span)))
        return 0;
    n = items->v.seq.n;
    if (star == UINT32_MAX) {
        if (n != l->n) {
            if (n > l->n)
                ev_raise(ev, ev->e_value, target->span, "too many values to unpack (expected %u)", l->n);
            else
                ev_raise(ev, ev->e_value, target->span, "not enough values to unpack (expected %u, got %u)", l->n, n);
            return 0;
        }
        for (uint32_t i = 0; i < n; i++)
            if (!ev_assign(ev, env, l->items[i], items->v.seq.items[i]))
                return 0;
        return 1;
    }
    if (n < l->n - 1) {
        ev_raise(ev, ev->e_value, target->span, "not enough values to unpack (expected at least %u, got %u)",
                 l->n - 1, n);
        return 0;
    }
    for (uint32_t i = 0; i < star; i++)
        if (!ev_assign(ev, env, l->items[i], items->v.seq.items[i]))
            return 0;
    {
        uint32_t rest = n - (l->n - 1);
        const ConstVal *mid = ev_seq(ev, CV_LIST, rest, items->v.seq.items + star);
        if (!ev_assign(ev, env, l->items[star]->a, mid))
            return 0;
        for (uint32_t i = star + 1; i < l->n; i++)
            if (!ev_assign(ev, env, l->items[i], items->v.seq.items[i - 1 + rest]))
                return 0;
    }
    return 1;
}

int ev_assign(Ev *ev, EvEnv *env, const AstNode *target, const ConstVal *v)
{
    switch (target->kind) {
    case AST_NAME:
        if (env->kind == ENV_MODULE || ev_env_target(env, target->name)->kind == ENV_MODULE) {
            /* -D NAME=VALUE: the module's assignment leaves VALUE bound */
            const ConstVal *d = ev_define_for(ev, env, target->name);
            if (d) {
                ev_env_bind(ev, env, target->name, d);
                return 1;
            }
            if (v->kind == CV_INSTANCE)
                v = ev_define_fields(ev, env, target->name, v);
        }
        ev_env_bind(ev, env, target->name, v);
        return 1;
    case AST_TUPLE:
    case AST_LIST:
        if (v->kind == CV_UNKNOWN) {
            for (uint32_t i = 0; i < target->list.n; i++)
                if (!ev_assign(ev, env, target->list.items[i]->kind == AST_STARRED ? target->list.items[i]->a
                                                                                   : target->list.items[i],
                               v))
                    return 0;
            return 1;
        }
        return assign_seq(ev, env, target, v);
    case AST_ATTR: {
        const ConstVal *obj = ev_expr(ev, env, target->a);
        if (!obj)
            return 0;
        if (obj->kind == CV_UNKNOWN)
            return 1;
        return ev_setattr(ev, obj, target->name, v, target->span);
    }
    case AST_SUBSCRIPT: {
        const ConstVal *obj = ev_expr(ev, env, target->a), *ix;
        if (!obj)
            return 0;
        if (target->list.n == 1 && !(target->flags & AST_TRAILING_COMMA)) {
            if (!(ix = ev_expr(ev, env, target->list.items[0])))
                return 0;
        } else {
            ConstVal *l = ev_list_new(ev, target->list.n);
            for (uint32_t i = 0; i < target->list.n; i++) {
                const ConstVal *x = ev_expr(ev, env, target->list.items[i]);
                if (!x)
                    return 0;
                ev_list_append(ev, l, x);
            }
            ix = ev_seq(ev, CV_TUPLE, l->v.seq.n, l->v.seq.items);
        }
        if (obj->kind == CV_UNKNOWN)
            return 1;
        return ev_setitem(ev, obj, ix, v, target->span);
    }
    case AST_STARRED:
        return ev_assign(ev, env, target->a, v);
    default:
        ev_raise(ev, ev->e_type, target->span, "cannot assign to this expression");
        return 0;
    }
}
