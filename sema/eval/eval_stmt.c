/* eval_stmt.c: statements (eval_internal.h), calls of Python functions
 * and class statements.
 *
 * A statement whose control depends on an unknown value (an `if` on a
 * value from a module that is not available) is not run: every name it
 * would bind becomes unknown, and a function that might return or raise
 * inside it returns an unknown value.  `with`, `match`, generators and
 * coroutines are outside the evaluated subset and are treated the same
 * way (-Wignored says so once per kind). */
#include "config.h"
#include "sema/eval/eval_internal.h"

#include <string.h>

void ev_grow(Ev *ev, void **data, uint32_t *cap, uint32_t len, size_t elem)
{
    uint32_t ncap;
    void *p;
    if (len < *cap)
        return;
    ncap = *cap ? *cap * 2 : 4;
    p = arena_array(&ev->arena, ncap, elem);
    if (len)
        ev_memcpy(p, *data, (size_t)len * elem);
    *data = p;
    *cap = ncap;
}

/* ------------------------------------------------------------- tainting */

static void taint_target(Ev *ev, EvEnv *env, const AstNode *t, const ConstVal *u)
{
    if (!t)
        return;
    if (t->kind == AST_NAME) {
        ev_env_bind(ev, env, t->name, u);
    } else if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
        for (uint32_t i = 0; i < t->list.n; i++)
            taint_target(ev, env, t->list.items[i], u);
    } else if (t->kind == AST_STARRED) {
        taint_target(ev, env, t->a, u);
    }
}

void ev_taint_stmt(Ev *ev, EvEnv *env, const AstNode *s, const ConstVal *u)
{
    switch (s->kind) {
    case AST_ASSIGN:
        taint_target(ev, env, s->a, u);
        for (uint32_t i = 0; i < s->list.n; i++)
            taint_target(ev, env, s->list.items[i], u);
        return;
    case AST_ANNASSIGN:
        if (s->c)
            taint_target(ev, env, s->a, u);
        return;
    case AST_AUGASSIGN:
        taint_target(ev, env, s->a, u);
        return;
    case AST_FUNCDEF:
    case AST_CLASSDEF:
    case AST_TYPE_ALIAS:
        ev_env_bind(ev, env, s->name, u);
        return;
    case AST_IMPORT:
    case AST_IMPORTFROM:
        for (uint32_t i = 0; i < s->list.n; i++) {
            const AstNode *al = s->list.items[i];
            const char *dot = strchr(al->name, '.');
            const char *bound = al->a ? al->a->name
                                : dot && s->kind == AST_IMPORT ? ev_intern(ev, al->name, (size_t)(dot - al->name))
                                                               : al->name;
            ev_env_bind(ev, env, bound, u);
        }
        return;
    case AST_FOR:
        taint_target(ev, env, s->a, u);
        ev_taint_block(ev, env, &s->list, u);
        ev_taint_block(ev, env, &s->list2, u);
        return;
    case AST_WITH:
        taint_target(ev, env, s->b, u);
        for (uint32_t i = 0; i < s->list2.n; i++)
            taint_target(ev, env, s->list2.items[i]->b, u);
        ev_taint_block(ev, env, &s->list, u);
        return;
    case AST_EXCEPT:
        if (s->name)
            ev_env_bind(ev, env, s->name, u);
        ev_taint_block(ev, env, &s->list, u);
        return;
    case AST_IF:
    case AST_WHILE:
    case AST_MATCH:
    case AST_CASE:
    case AST_BLOCK:
        ev_taint_block(ev, env, &s->list, u);
        ev_taint_block(ev, env, &s->list2, u);
        return;
    case AST_TRY:
        ev_taint_block(ev, env, &s->list, u);
        ev_taint_block(ev, env, &s->list2, u);
        if (s->a)
            ev_taint_stmt(ev, env, s->a, u);
        if (s->b)
            ev_taint_stmt(ev, env, s->b, u);
        return;
    default:
        return;
    }
}

void ev_taint_block(Ev *ev, EvEnv *env, const AstList *body, const ConstVal *u)
{
    for (uint32_t i = 0; i < body->n; i++)
        ev_taint_stmt(ev, env, body->items[i], u);
}

static int jumps(const AstNode *s, int in_loop);

static int list_jumps(const AstList *l, int in_loop)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (jumps(l->items[i], in_loop))
            return 1;
    return 0;
}

/* Does s leave the statement list it is in (return, raise, or a break or
 * continue of an enclosing loop)? */
static int jumps(const AstNode *s, int in_loop)
{
    if (!s)
        return 0;
    switch (s->kind) {
    case AST_RETURN:
    case AST_RAISE:
        return 1;
    case AST_BREAK:
    case AST_CONTINUE:
        return !in_loop;
    case AST_FOR:
    case AST_WHILE:
        return list_jumps(&s->list, 1) || list_jumps(&s->list2, in_loop);
    case AST_IF:
    case AST_WITH:
    case AST_MATCH:
    case AST_CASE:
    case AST_EXCEPT:
    case AST_BLOCK:
        return list_jumps(&s->list, in_loop) || list_jumps(&s->list2, in_loop);
    case AST_TRY:
        return list_jumps(&s->list, in_loop) || list_jumps(&s->list2, in_loop) || jumps(s->a, in_loop) ||
               jumps(s->b, in_loop);
    default:
        return 0;
    }
}

int ev_block_jumps(const AstList *body) { return list_jumps(body, 0); }

/* Statement s is not run (u says why): its names are unknown; in a
 * function, if it might have left the function, so is the result. */
static ExecStatus not_run(Ev *ev, EvEnv *env, const AstNode *s, const ConstVal *u, EvFrame *fr)
{
    ev_taint_stmt(ev, env, s, u);
    if (fr && jumps(s, 0)) {
        fr->ret = u;
        return EX_RETURN;
    }
    return EX_NORMAL;
}

/* A def or class whose name a -D sets in this module: an error. */
static int define_conflict(Ev *ev, EvEnv *env, const char *name, Span at, const char *what)
{
    if (env->kind != ENV_MODULE || !ev_define_for(ev, env, name))
        return 0;
    diag_error(ev->diag, at, "'%s' is set with -D, but the file defines it as %s", name, what);
    return 1;
}

static ExecStatus exec_def(Ev *ev, EvEnv *env, const AstNode *s)
{
    const ConstVal **decos, *v;
    uint32_t n;
    int dsl = ev_decorators(ev, env, s, &decos, &n);
    if (dsl < 0)
        return EX_EXC;
    if (define_conflict(ev, env, s->name, s->span, "a function"))
        return EX_NORMAL;
    if (dsl) {
        /* a pypto definition: elaboration's */
        v = ev->hooks.define(ev->hooks.data, ev, env, (AstNode *)s, env->kind == ENV_CLASS ? env->node : NULL);
        if (!v)
            return EX_EXC;
        ev_env_bind(ev, env, s->name, v);
        return EX_NORMAL;
    }
    if (!(v = ev_make_function(ev, env, s, env->kind == ENV_CLASS ? env->cls : NULL)))
        return EX_EXC;
    if (!(v = ev_apply_decorators(ev, decos, n, v, s)))
        return EX_EXC;
    ev_env_bind(ev, env, s->name, v);
    return EX_NORMAL;
}

/* ------------------------------------------------------------- classes */

int ev_class_begin(Ev *ev, EvEnv *env, AstNode *cls, EvClassBuild *b, int *pypto)
{
    int dsl;
    EvClass **bases;
    uint32_t nb = 0;
    memset(b, 0, sizeof *b);
    b->node = cls;
    b->outer = env;
    *pypto = 0;
    dsl = ev_decorators(ev, env, cls, &b->decos, &b->ndecos);
    if (dsl < 0)
        return 0;
    if (dsl) {
        *pypto = 1;
        return 1;
    }
    bases = cls->list.n ? arena_array(&ev->arena, cls->list.n, sizeof *bases) : NULL;
    for (uint32_t i = 0; i < cls->list.n; i++) {
        const AstNode *x = cls->list.items[i];
        const ConstVal *v;
        if (x->kind == AST_KEYWORD || x->kind == AST_STARRED)
            continue;   /* metaclass=..., **kwargs: not evaluated */
        if (!(v = ev_expr(ev, env, x)))
            return 0;
        if (v->kind == CV_UNKNOWN) {
            b->unknown = v;
            continue;
        }
        if (v->kind == CV_DSL) {
            /* typing.Generic[T], Protocol: no behaviour here */
            continue;
        }
        if (v->kind != CV_CLASS) {
            ev_raise(ev, ev->e_type, x->span, "a base class must be a class, not %s", ev_type_name(ev, v));
            return 0;
        }
        bases[nb++] = v->v.cls;
    }
    if (b->unknown)
        return 1;
    b->cls = ev_class_new(ev, cls->name, env->mod, nb, bases, cls->span);
    if (!b->cls)
        return 0;
    b->env = ev_env_new(ev, ENV_CLASS, env, env->mod);
    b->env->cls = b->cls;
    b->env->node = cls;
    ev_table_put(&b->env->vars, &ev->arena, ev->n.module_, ev_str_c(ev, env->mod->name));
    ev_table_put(&b->env->vars, &ev->arena, ev->n.qualname, ev_str_c(ev, cls->name));
    return 1;
}

int ev_class_member(Ev *ev, EvClassBuild *b, const AstNode *s)
{
    ExecStatus st;
    if (b->unknown || b->failed)
        return 1;
    if (s->kind == AST_ANNASSIGN && s->a->kind == AST_NAME) {
        EvClass *c = b->cls;
        ev_grow(ev, (void **)&c->ann, &c->capann, c->nann, sizeof *c->ann);
        c->ann[c->nann].name = s->a->name;
        c->ann[c->nann++].not_field = ev_annotation_not_field(ev, s->b);
    }
    st = ev_exec(ev, b->env, s, NULL);
    if (st == EX_EXC) {
        b->failed = 1;
        return 0;
    }
    return 1;
}

int ev_class_end(Ev *ev, EvClassBuild *b)
{
    const ConstVal *v;
    if (b->failed)
        return 0;
    if (b->unknown) {
        ev_env_bind(ev, b->outer, b->node->name, b->unknown);
        return 1;
    }
    if (define_conflict(ev, b->outer, b->node->name, b->node->span, "a class"))
        return 1;
    b->cls->ns = b->env->vars;
    if (!(v = ev_class_finish(ev, b->cls, b->node->span)))
        return 0;
    if (!(v = ev_apply_decorators(ev, b->decos, b->ndecos, v, b->node)))
        return 0;
    ev->made++;
    ev_env_bind(ev, b->outer, b->node->name, v);
    return 1;
}

const ConstVal *ev_exec_class(Ev *ev, EvEnv *env, AstNode *cls)
{
    EvClassBuild b;
    int pypto;
    if (!ev_class_begin(ev, env, cls, &b, &pypto))
        return NULL;
    if (pypto) {
        const ConstVal *v = ev->hooks.define(ev->hooks.data, ev, env, cls, env->kind == ENV_CLASS ? env->node : NULL);
        if (v)
            ev_env_bind(ev, env, cls->name, v);
        return v;
    }
    for (uint32_t i = 0; i < cls->list2.n; i++)
        if (!ev_class_member(ev, &b, cls->list2.items[i]))
            return NULL;
    if (!ev_class_end(ev, &b))
        return NULL;
    return ev_lookup(ev, env, cls->name);
}

/* ---------------------------------------------------------- statements */

static ExecStatus exec_assign(Ev *ev, EvEnv *env, const AstNode *s)
{
    const ConstVal *v = ev_expr(ev, env, s->b);
    if (!v || !ev_assign(ev, env, s->a, v))
        return EX_EXC;
    for (uint32_t i = 0; i < s->list.n; i++)
        if (!ev_assign(ev, env, s->list.items[i], v))
            return EX_EXC;
    return EX_NORMAL;
}

/* x op= v: lists, dicts and sets change in place, as Python's do. */
static const ConstVal *inplace(Ev *ev, int op, const ConstVal *cur, const ConstVal *v, Span at)
{
    if (cur->kind == CV_LIST && (op == AST_ADD || op == AST_MUL)) {
        ConstVal *l = (ConstVal *)cur, *items;
        if (op == AST_ADD) {
            if (!(items = ev_to_list(ev, v, at)))
                return NULL;
            for (uint32_t i = 0; i < items->v.seq.n; i++)
                ev_list_append(ev, l, items->v.seq.items[i]);
            return l;
        }
        {
            const ConstVal *r = ev_binop(ev, op, cur, v, at);
            if (!r || r->kind != CV_LIST)
                return r;
            l->v.seq = r->v.seq;
            return l;
        }
    }
    if ((cur->kind == CV_DICT || cur->kind == CV_SET) && v->kind == cur->kind && op == AST_BITOR) {
        const EvTable *t = v->v.table;
        for (uint32_t i = 0; i < t->n; i++)
            if (t->keys[i])
                ev_table_put(cur->v.table, &ev->arena, t->keys[i], t->vals[i]);
        return cur;
    }
    return ev_binop(ev, op, cur, v, at);
}

static ExecStatus exec_augassign(Ev *ev, EvEnv *env, const AstNode *s)
{
    const AstNode *t = s->a;
    const ConstVal *cur, *v, *r;
    if (t->kind == AST_NAME) {
        if (!(cur = ev_lookup(ev, env, t->name))) {
            ev_raise(ev, ev->e_name, t->span, "name '%s' is not defined", t->name);
            return EX_EXC;
        }
        if (!(v = ev_expr(ev, env, s->b)) || !(r = inplace(ev, s->op, cur, v, s->span)))
            return EX_EXC;
        return ev_assign(ev, env, t, r) ? EX_NORMAL : EX_EXC;
    }
    if (t->kind == AST_ATTR) {
        const ConstVal *obj = ev_expr(ev, env, t->a);
        if (!obj)
            return EX_EXC;
        if (obj->kind == CV_UNKNOWN)
            return EX_NORMAL;
        if (!(cur = ev_getattr(ev, obj, t->name, t->span)) || !(v = ev_expr(ev, env, s->b)) ||
            !(r = inplace(ev, s->op, cur, v, s->span)))
            return EX_EXC;
        return ev_setattr(ev, obj, t->name, r, t->span) ? EX_NORMAL : EX_EXC;
    }
    if (t->kind == AST_SUBSCRIPT && t->list.n == 1) {
        const ConstVal *obj = ev_expr(ev, env, t->a), *ix;
        if (!obj || !(ix = ev_expr(ev, env, t->list.items[0])))
            return EX_EXC;
        if (obj->kind == CV_UNKNOWN)
            return EX_NORMAL;
        if (!(cur = ev_getitem(ev, obj, ix, t->span)) || !(v = ev_expr(ev, env, s->b)) ||
            !(r = inplace(ev, s->op, cur, v, s->span)))
            return EX_EXC;
        return ev_setitem(ev, obj, ix, r, t->span) ? EX_NORMAL : EX_EXC;
    }
    ev_raise(ev, ev->e_type, t->span, "this augmented assignment target is not supported");
    return EX_EXC;
}

static ExecStatus exec_if(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr)
{
    const ConstVal *c = ev_expr(ev, env, s->a);
    int t;
    if (!c)
        return EX_EXC;
    if (c->kind == CV_UNKNOWN) {
        ev_note_skip(ev, SKIP_BRANCH, s->span, "an 'if' on a value that is not known");
        return not_run(ev, env, s, c, fr);
    }
    if ((t = ev_truthy(ev, c, s->a->span)) < 0)
        return EX_EXC;
    return ev_exec_block(ev, env, t ? &s->list : &s->list2, fr);
}

static ExecStatus exec_while(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr)
{
    for (;;) {
        const ConstVal *c;
        ExecStatus st;
        int t;
        if (!ev_step(ev, s->span) || !(c = ev_expr(ev, env, s->a)))
            return EX_EXC;
        if (c->kind == CV_UNKNOWN) {
            ev_note_skip(ev, SKIP_LOOP, s->span, "a loop over values that are not known");
            return not_run(ev, env, s, c, fr);
        }
        if ((t = ev_truthy(ev, c, s->a->span)) < 0)
            return EX_EXC;
        if (!t)
            return ev_exec_block(ev, env, &s->list2, fr);
        st = ev_exec_block(ev, env, &s->list, fr);
        if (st == EX_BREAK)
            return EX_NORMAL;
        if (st == EX_RETURN || st == EX_EXC)
            return st;
    }
}

static ExecStatus exec_for(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr)
{
    const ConstVal *src = ev_expr(ev, env, s->b), *x;
    EvIter it;
    if (!src)
        return EX_EXC;
    if (src->kind == CV_UNKNOWN) {
        ev_note_skip(ev, SKIP_LOOP, s->span, "a loop over values that are not known");
        return not_run(ev, env, s, src, fr);
    }
    if (!ev_iter_begin(ev, src, &it, s->b->span))
        return EX_EXC;
    while ((x = ev_iter_next(ev, &it)) != NULL) {
        ExecStatus st;
        if (!ev_step(ev, s->span) || !ev_assign(ev, env, s->a, x))
            return EX_EXC;
        st = ev_exec_block(ev, env, &s->list, fr);
        if (st == EX_BREAK)
            return EX_NORMAL;
        if (st == EX_RETURN || st == EX_EXC)
            return st;
    }
    if (ev->exc)
        return EX_EXC;
    return ev_exec_block(ev, env, &s->list2, fr);
}

static ExecStatus exec_raise(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr)
{
    const ConstVal *v;
    if (!s->a) {
        if (!ev->handling) {
            ev_raise(ev, ev->e_runtime, s->span, "No active exception to reraise");
            return EX_EXC;
        }
        ev_raise_value(ev, ev->handling, s->span);
        return EX_EXC;
    }
    if (!(v = ev_expr(ev, env, s->a)))
        return EX_EXC;
    if (s->b && !ev_expr(ev, env, s->b))
        return EX_EXC;
    if (v->kind == CV_UNKNOWN) {
        ev_note_skip(ev, SKIP_RAISE, s->span, "a 'raise' of an exception that is not known");
        if (fr) {
            fr->ret = v;
            return EX_RETURN;
        }
        return EX_NORMAL;
    }
    if (v->kind == CV_CLASS) {
        if (!(v->v.cls->flags & CLS_EXCEPTION)) {
            ev_raise(ev, ev->e_type, s->a->span, "exceptions must derive from BaseException");
            return EX_EXC;
        }
        if (!(v = ev_call_n(ev, v, s->a->span, 0, NULL)))
            return EX_EXC;
    }
    if (v->kind != CV_INSTANCE || !(v->v.obj->cls->flags & CLS_EXCEPTION)) {
        ev_raise(ev, ev->e_type, s->a->span, "exceptions must derive from BaseException");
        return EX_EXC;
    }
    ev_raise_value(ev, v, s->span);
    return EX_EXC;
}

static ExecStatus exec_assert(Ev *ev, EvEnv *env, const AstNode *s)
{
    const ConstVal *c = ev_expr(ev, env, s->a), *msg;
    int t;
    if (!c)
        return EX_EXC;
    if (c->kind == CV_UNKNOWN)
        return EX_NORMAL;   /* nothing known to check */
    if ((t = ev_truthy(ev, c, s->a->span)) < 0)
        return EX_EXC;
    if (t)
        return EX_NORMAL;
    if (s->b) {
        if (!(msg = ev_expr(ev, env, s->b)))
            return EX_EXC;
        if (msg->kind == CV_UNKNOWN)
            msg = ev_str_c(ev, "(a message that is not known at compile time)");
        ev_raise_value(ev, ev_exception_args(ev, ev->e_assert, 1, &msg), s->span);
    } else {
        ev_raise_value(ev, ev_exception(ev, ev->e_assert, NULL), s->span);
    }
    return EX_EXC;
}

/* Does exception exc match the type of an except clause? -1: failed. */
static int handler_matches(Ev *ev, const ConstVal *exc, const ConstVal *type, Span at)
{
    if (type->kind == CV_TUPLE) {
        for (uint32_t i = 0; i < type->v.seq.n; i++) {
            int r = handler_matches(ev, exc, type->v.seq.items[i], at);
            if (r)
                return r;
        }
        return 0;
    }
    if (type->kind == CV_UNKNOWN)
        return 0;   /* an exception of a module not available: not one pyptocc raises */
    if (type->kind != CV_CLASS || !(type->v.cls->flags & CLS_EXCEPTION)) {
        ev_raise(ev, ev->e_type, at, "catching classes that do not inherit from BaseException is not allowed");
        return -1;
    }
    return ev_isinstance(ev, exc, type->v.cls);
}

static ExecStatus exec_try(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr)
{
    ExecStatus st = ev_exec_block(ev, env, &s->list, fr);
    if (st == EX_EXC && !ev->exc_fatal) {
        const ConstVal *exc = ev->exc;
        Span exc_at = ev->exc_at;
        for (uint32_t i = 0; i < s->list2.n; i++) {
            const AstNode *h = s->list2.items[i];
            const ConstVal *saved = ev->handling;
            int m = 1;
            if (h->a) {
                const ConstVal *type;
                ev->exc = NULL;   /* the clause's type is evaluated with nothing pending */
                if (!(type = ev_expr(ev, env, h->a)))
                    return EX_EXC;
                if ((m = handler_matches(ev, exc, type, h->a->span)) < 0)
                    return EX_EXC;
                ev->exc = exc;
                ev->exc_at = exc_at;
            }
            if (!m)
                continue;
            ev_catch(ev);
            if (h->name)
                ev_env_bind(ev, env, h->name, exc);
            ev->handling = exc;
            st = ev_exec_block(ev, env, &h->list, fr);
            ev->handling = saved;
            if (h->name)
                ev_table_del(&ev_env_target(env, h->name)->vars, h->name);
            break;
        }
    } else if (st == EX_NORMAL && s->a) {
        st = ev_exec_block(ev, env, &s->a->list, fr);
    }
    if (s->b) {
        /* finally: runs whatever happened; what it does itself wins */
        const ConstVal *exc = ev->exc, *ret = fr ? fr->ret : NULL;
        Span exc_at = ev->exc_at;
        ExecStatus fst;
        if (ev->exc_fatal)
            return st;
        ev->exc = NULL;
        fst = ev_exec_block(ev, env, &s->b->list, fr);
        if (fst != EX_NORMAL)
            return fst;
        ev->exc = exc;
        ev->exc_at = exc_at;
        if (fr)
            fr->ret = ret;
    }
    return st;
}

static ExecStatus exec_del(Ev *ev, EvEnv *env, const AstNode *s)
{
    for (uint32_t i = 0; i < s->list.n; i++) {
        const AstNode *t = s->list.items[i];
        if (t->kind == AST_NAME) {
            if (!ev_table_del(&ev_env_target(env, t->name)->vars, t->name)) {
                ev_raise(ev, ev->e_name, t->span, "name '%s' is not defined", t->name);
                return EX_EXC;
            }
        } else if (t->kind == AST_ATTR) {
            const ConstVal *obj = ev_expr(ev, env, t->a);
            if (!obj || (obj->kind != CV_UNKNOWN && !ev_delattr(ev, obj, t->name, t->span)))
                return EX_EXC;
        } else if (t->kind == AST_SUBSCRIPT && t->list.n == 1) {
            const ConstVal *obj = ev_expr(ev, env, t->a), *ix;
            if (!obj || !(ix = ev_expr(ev, env, t->list.items[0])))
                return EX_EXC;
            if (obj->kind != CV_UNKNOWN && !ev_delitem(ev, obj, ix, t->span))
                return EX_EXC;
        } else if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
            AstNode tmp = *s;
            tmp.list = t->list;
            if (exec_del(ev, env, &tmp) != EX_NORMAL)
                return EX_EXC;
        }
    }
    return EX_NORMAL;
}

static void exec_decl(Ev *ev, EvEnv *env, const AstNode *s)
{
    if (env->kind == ENV_MODULE)
        return;   /* 'global x' at module level changes nothing */
    for (uint32_t i = 0; i < s->list.n; i++) {
        const char *name = s->list.items[i]->name;
        uint32_t cap = env->ndecl;
        const char **d = arena_array(&ev->arena, cap + 1, sizeof *d);
        uint8_t *g = arena_array(&ev->arena, cap + 1, sizeof *g);
        if (env->ndecl) {
            ev_memcpy(d, env->decl, env->ndecl * sizeof *d);
            ev_memcpy(g, env->decl_global, env->ndecl);
        }
        d[env->ndecl] = name;
        g[env->ndecl] = s->kind == AST_GLOBAL;
        env->decl = d;
        env->decl_global = g;
        env->ndecl++;
    }
}

ExecStatus ev_exec(Ev *ev, EvEnv *env, const AstNode *s, EvFrame *fr)
{
    const ConstVal *v;
    if (!ev_step(ev, s->span))
        return EX_EXC;
    switch (s->kind) {
    case AST_EXPR_STMT:
        return ev_expr(ev, env, s->a) ? EX_NORMAL : EX_EXC;
    case AST_ASSIGN:
        return exec_assign(ev, env, s);
    case AST_ANNASSIGN:
        if (!s->c)
            return EX_NORMAL;   /* a bare annotation binds nothing */
        if (!(v = ev_expr(ev, env, s->c)))
            return EX_EXC;
        return ev_assign(ev, env, s->a, v) ? EX_NORMAL : EX_EXC;
    case AST_AUGASSIGN:
        return exec_augassign(ev, env, s);
    case AST_RETURN:
        if (fr) {
            fr->ret = s->a ? ev_expr(ev, env, s->a) : ev->none;
            return fr->ret ? EX_RETURN : EX_EXC;
        }
        return EX_RETURN;
    case AST_PASS:
    case AST_ERROR:
        return EX_NORMAL;
    case AST_BREAK:
        return EX_BREAK;
    case AST_CONTINUE:
        return EX_CONTINUE;
    case AST_IF:
        return exec_if(ev, env, s, fr);
    case AST_WHILE:
        return exec_while(ev, env, s, fr);
    case AST_FOR:
        if (s->op) {
            ev_note_skip(ev, SKIP_ASYNC, s->span, "an 'async for' loop");
            return not_run(ev, env, s, ev_unknown(ev, s->span, "'async for' is not run at compile time"), fr);
        }
        return exec_for(ev, env, s, fr);
    case AST_RAISE:
        return exec_raise(ev, env, s, fr);
    case AST_ASSERT:
        return exec_assert(ev, env, s);
    case AST_TRY:
        return exec_try(ev, env, s, fr);
    case AST_DEL:
        return exec_del(ev, env, s);
    case AST_GLOBAL:
    case AST_NONLOCAL:
        exec_decl(ev, env, s);
        return EX_NORMAL;
    case AST_IMPORT:
    case AST_IMPORTFROM:
        return ev_import(ev, env, s) ? EX_NORMAL : EX_EXC;
    case AST_FUNCDEF:
        return exec_def(ev, env, s);
    case AST_CLASSDEF:
        return ev_exec_class(ev, env, (AstNode *)s) ? EX_NORMAL : EX_EXC;
    case AST_WITH:
        ev_note_skip(ev, SKIP_WITH, s->span, "a 'with' statement");
        return not_run(ev, env, s, ev_unknown(ev, s->span, "'with' statements are not run at compile time"), fr);
    case AST_MATCH:
        ev_note_skip(ev, SKIP_MATCH, s->span, "a 'match' statement");
        return not_run(ev, env, s, ev_unknown(ev, s->span, "'match' statements are not run at compile time"), fr);
    case AST_TYPE_ALIAS:
        ev_note_skip(ev, SKIP_TYPE, s->span, "a 'type' alias");
        return not_run(ev, env, s, ev_unknown(ev, s->span, "'type' aliases are not evaluated at compile time"), fr);
    default:
        if (!ev_expr(ev, env, s))
            return EX_EXC;
        return EX_NORMAL;
    }
}

ExecStatus ev_exec_block(Ev *ev, EvEnv *env, const AstList *body, EvFrame *fr)
{
    for (uint32_t i = 0; i < body->n; i++) {
        ExecStatus st = ev_exec(ev, env, body->items[i], fr);
        if (st != EX_NORMAL)
            return st;
    }
    return EX_NORMAL;
}
