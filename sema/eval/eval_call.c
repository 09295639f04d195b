/* eval_call.c: Python functions (eval_internal.h): making them from a
 * def or lambda (defaults evaluated once), calling them (arguments bound
 * to parameters as Python binds them), and decorators. */
#include "config.h"
#include "sema/eval/eval_internal.h"

#include <string.h>

/* ------------------------------------------------------------ functions */

typedef struct DefInfo {
    uint8_t generator;   /* its body yields */
} DefInfo;

static int has_yield(const AstNode *n)
{
    if (!n)
        return 0;
    if (n->kind == AST_YIELD || n->kind == AST_YIELD_FROM)
        return 1;
    if (n->kind == AST_FUNCDEF || n->kind == AST_LAMBDA || n->kind == AST_CLASSDEF)
        return 0;   /* their own */
    if (n->depth > AST_MAX_DEPTH)
        return 0;
    if (has_yield(n->a) || has_yield(n->b))
        return 1;
    if ((n->kind == AST_ANNASSIGN || n->kind == AST_IFEXP || n->kind == AST_SLICE) && has_yield(n->c))
        return 1;
    for (uint32_t i = 0; i < n->list.n; i++)
        if (has_yield(n->list.items[i]))
            return 1;
    for (uint32_t i = 0; i < n->list2.n; i++)
        if (has_yield(n->list2.items[i]))
            return 1;
    return 0;
}

static const DefInfo *def_info(Ev *ev, const AstNode *def)
{
    DefInfo *d = ptrmap_get(&ev->def_info, def);
    if (d)
        return d;
    d = arena_zalloc(&ev->arena, sizeof *d);
    if (def->kind == AST_FUNCDEF)
        for (uint32_t i = 0; i < def->list2.n && !d->generator; i++)
            d->generator = (uint8_t)has_yield(def->list2.items[i]);
    ptrmap_put(&ev->def_info, def, d);
    return d;
}

const ConstVal *ev_make_function(Ev *ev, EvEnv *env, const AstNode *def, EvClass *owner)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_FUNC);
    EvFunc *f = arena_zalloc(&ev->arena, sizeof *f);
    uint32_t n = def->list.n;
    f->def = def;
    f->name = def->kind == AST_LAMBDA ? "<lambda>" : def->name;
    f->closure = env->kind == ENV_CLASS ? env->up : env;
    f->mod = env->mod;
    f->owner = owner;
    if (n) {
        f->defaults = arena_array(&ev->arena, n, sizeof *f->defaults);
        for (uint32_t i = 0; i < n; i++) {
            const AstNode *p = def->list.items[i];
            f->defaults[i] = NULL;
            if (p->b && !(f->defaults[i] = ev_expr(ev, env, p->b)))
                return NULL;
        }
    }
    v->v.func = f;
    ev->made++;
    return v;
}

static const ConstVal *too_many(Ev *ev, EvFunc *f, uint32_t npos, uint32_t given, Span at)
{
    return ev_raise(ev, ev->e_type, at, "%s() takes %u positional argument%s but %u %s given", f->name, npos,
                    npos == 1 ? "" : "s", given, given == 1 ? "was" : "were");
}

/* Binds the arguments to f's parameters in env; 0 after TypeError. */
static int bind_params(Ev *ev, EvFunc *f, EvEnv *env, const EvArgs *a, const ConstVal *self)
{
    const AstList *ps = &f->def->list;
    uint32_t n = ps->n, npos = 0, given = a->n + (self ? 1 : 0), used = 0;
    const ConstVal **val = n ? arena_array(&ev->arena, n, sizeof *val) : NULL;
    int vararg = -1, varkw = -1;
    ConstVal *kwdict = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *p = ps->items[i];
        val[i] = NULL;
        if (p->op == AST_PARAM_VARARG)
            vararg = (int)i;
        else if (p->op == AST_PARAM_VARKW)
            varkw = (int)i;
        else if ((p->op == AST_PARAM_PLAIN || p->op == AST_PARAM_POSONLY) && vararg < 0)
            npos++;
    }
    /* positional arguments, self first */
    for (uint32_t k = 0; k < given; k++) {
        const ConstVal *x = self ? (k == 0 ? self : a->pos[k - 1]) : a->pos[k];
        if (k < npos) {
            uint32_t slot = 0, seen = 0;
            for (uint32_t i = 0; i < n; i++) {
                uint8_t kind = ps->items[i]->op;
                if (kind == AST_PARAM_PLAIN || kind == AST_PARAM_POSONLY) {
                    if (seen++ == k) {
                        slot = i;
                        break;
                    }
                }
            }
            val[slot] = x;
            used++;
        } else if (vararg < 0) {
            too_many(ev, f, npos, given, a->at);
            return 0;
        }
    }
    if (vararg >= 0) {
        uint32_t extra = given > npos ? given - npos : 0;
        ConstVal *t = ev_list_new(ev, extra);
        for (uint32_t k = npos; k < given; k++)
            ev_list_append(ev, t, self ? (k == 0 ? self : a->pos[k - 1]) : a->pos[k]);
        val[vararg] = ev_seq(ev, CV_TUPLE, t->v.seq.n, t->v.seq.items);
    }
    /* keywords */
    for (uint32_t k = 0; k < a->nkw; k++) {
        const char *name = a->kwname[k];
        int slot = -1;
        for (uint32_t i = 0; i < n; i++) {
            const AstNode *p = ps->items[i];
            if (p->name == name && (p->op == AST_PARAM_PLAIN || p->op == AST_PARAM_KWONLY)) {
                slot = (int)i;
                break;
            }
        }
        if (slot >= 0) {
            if (val[slot]) {
                ev_raise(ev, ev->e_type, a->at, "%s() got multiple values for argument '%s'", f->name, name);
                return 0;
            }
            val[slot] = a->kw[k];
            continue;
        }
        if (varkw < 0) {
            ev_raise(ev, ev->e_type, a->at, "%s() got an unexpected keyword argument '%s'", f->name, name);
            return 0;
        }
        if (!kwdict)
            kwdict = ev_dict_new(ev, CV_DICT);
        ev_table_put(kwdict->v.table, &ev->arena, ev_str(ev, name, intern_len(name)), a->kw[k]);
    }
    if (varkw >= 0)
        val[varkw] = kwdict ? kwdict : ev_dict_new(ev, CV_DICT);
    /* defaults, and what is missing */
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *p = ps->items[i];
        if (val[i])
            continue;
        if (f->defaults && f->defaults[i]) {
            val[i] = f->defaults[i];
            continue;
        }
        ev_raise(ev, ev->e_type, a->at, "%s() missing required %sargument: '%s'", f->name,
                 p->op == AST_PARAM_KWONLY ? "keyword-only " : "positional ", p->name);
        return 0;
    }
    for (uint32_t i = 0; i < n; i++)
        ev_table_put(&env->vars, &ev->arena, ps->items[i]->name, val[i]);
    (void)used;
    return 1;
}

const ConstVal *ev_call_function(Ev *ev, EvFunc *f, const EvArgs *a, const ConstVal *self)
{
    const DefInfo *info = def_info(ev, f->def);
    EvEnv *env;
    EvFrame fr;
    ExecStatus st;
    EvFunc *saved_func = ev->cur_func;
    const ConstVal *saved_self = ev->cur_self, *r;
    if (info->generator) {
        ev_note_skip(ev, SKIP_GENERATOR, f->def->span, "a generator function");
        return ev_unknown(ev, a->at, "'%s' is a generator function, which is not run at compile time", f->name);
    }
    if (f->def->kind == AST_FUNCDEF && f->def->op) {
        ev_note_skip(ev, SKIP_ASYNC, f->def->span, "an 'async def' function");
        return ev_unknown(ev, a->at, "'%s' is a coroutine function, which is not run at compile time", f->name);
    }
    if (!ev_step(ev, a->at))
        return NULL;
    env = ev_env_new(ev, ENV_FUNC, f->closure, f->mod);
    if (!bind_params(ev, f, env, a, self))
        return NULL;
    ev->cur_func = f;
    ev->cur_self = self ? self : a->n ? a->pos[0] : NULL;
    if (f->def->kind == AST_LAMBDA) {
        r = ev_expr(ev, env, f->def->a);
    } else {
        memset(&fr, 0, sizeof fr);
        fr.env = env;
        fr.fn = f->name;
        st = ev_exec_block(ev, env, &f->def->list2, &fr);
        r = st == EX_EXC ? NULL : st == EX_RETURN && fr.ret ? fr.ret : ev->none;
    }
    ev->cur_func = saved_func;
    ev->cur_self = saved_self;
    return r;
}

/* ----------------------------------------------------------- decorators */

int ev_decorators(Ev *ev, EvEnv *env, const AstNode *def, const ConstVal ***decos, uint32_t *n)
{
    int dsl = 0;
    *decos = NULL;
    *n = 0;
    if (!def->b || !def->b->list.n)
        return 0;
    *n = def->b->list.n;
    *decos = arena_array(&ev->arena, *n, sizeof **decos);
    for (uint32_t i = 0; i < *n; i++) {
        const ConstVal *d = ev_expr(ev, env, def->b->list.items[i]);
        if (!d)
            return -1;
        (*decos)[i] = d;
        if (d->kind == CV_DSL && strncmp(d->v.dsl.path, "pypto.", 6) == 0)
            dsl = 1;
    }
    return dsl;
}

/* The decorators applied, bottom one first; the last value returned. */
const ConstVal *ev_apply_decorators(Ev *ev, const ConstVal *const *decos, uint32_t n, const ConstVal *v,
                                        const AstNode *def)
{
    for (uint32_t i = n; i-- > 0;) {
        const ConstVal *d = decos[i];
        if (d->kind == CV_UNKNOWN)
            return d;
        if (!(v = ev_call_n(ev, d, def->b->list.items[i]->span, 1, &v))) {
            ev_trace(ev, def->b->list.items[i]->span, ev_callable_name(ev, d));
            return NULL;
        }
    }
    return v;
}
