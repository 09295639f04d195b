/* defines.c: -D values (eval.h explains the four spellings) and builder
 * functions.
 *
 * Each -D value is parsed and evaluated once, at the start, as a Python
 * expression in a source of its own ("<command-line>"), so that its errors
 * point into it.  Then, as modules run, an assignment to a -D'd name keeps
 * the -D value (ev_define_for), and an instance bound to a name that a
 * -D OBJECT.FIELD names gets that field (ev_define_fields).  A builder
 * function (a module-level function that defines a pypto definition in
 * its body) is called after its module has run, with its defaults and the
 * -D values of its parameters. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <string.h>

typedef struct DefineParse {
    Ev *ev;
    ParseCtx *pc;
    EvDefineEntry *d;
    EvEnv *env;
    int statements;
} DefineParse;

static void define_stmt(void *data, AstNode *s)
{
    DefineParse *p = data;
    Ev *ev = p->ev;
    const ConstVal *v;
    if (p->statements++ || (s->flags & AST_SYNTAX_ERROR))
        return;
    parse_keep(p->pc);   /* a lambda's syntax lives on */
    if (s->kind != AST_ASSIGN || s->list.n) {
        diag_error(ev->diag, s->span, "the value of -D %s must be one expression", p->d->name);
        return;
    }
    v = ev_expr(ev, p->env, s->b);
    if (!v) {
        StrBuf sb;
        const ConstVal *exc = ev_catch(ev);
        sb_init(&sb);
        ev_exc_text(ev, exc, &sb);
        ev_catch(ev);
        diag_error(ev->diag, ev->exc_at, "the value of -D %s cannot be evaluated: %s", p->d->name, sb_cstr(&sb));
        sb_free(&sb);
        return;
    }
    if (v->kind == CV_UNKNOWN) {
        diag_error(ev->diag, s->b->span, "the value of -D %s is not a compile-time constant: %s", p->d->name,
                   v->v.unknown->why);
        return;
    }
    p->d->value = v;
}

void ev_defines_init(Ev *ev, const EvDefine *defs, uint32_t n)
{
    EvModule *cl = ev_module_new(ev, "<command-line>");
    ev->defs = arena_zalloc(&ev->arena, (size_t)n * sizeof *ev->defs);
    cl->state = MOD_DONE;
    for (uint32_t i = 0; i < n; i++) {
        EvDefineEntry *d = &ev->defs[ev->ndefs];
        size_t nl = strlen(defs[i].name), vl = strlen(defs[i].value);
        char *text = xmalloc(nl + vl + 5);
        const char *dot = strrchr(defs[i].name, '.');
        SourceFile *sf;
        DefineParse p;
        ParseCtx *pc = xmalloc(sizeof *pc);
        ParseSink sink;
        unsigned errors = ev->diag->errors;
        d->name = ev_cstr(ev, defs[i].name);
        d->head = dot ? ev_intern(ev, defs[i].name, (size_t)(dot - defs[i].name)) : d->name;
        d->tail = dot ? ev_cstr(ev, dot + 1) : NULL;
        /* "NAME = VALUE": messages show which -D it is */
        memcpy(text, defs[i].name, nl);
        memcpy(text + nl, " = ", 3);
        memcpy(text + nl + 3, defs[i].value, vl);
        text[nl + 3 + vl] = '\n';
        text[nl + 4 + vl] = '\0';
        sf = source_store_add(ev->store, "<command-line>", text, (uint32_t)(nl + vl + 4));
        if (diag_add_source(ev->diag, sf) != 0)
            continue;
        d->span = span_make(sf->base + (uint32_t)(nl + 3), sf->base + (uint32_t)(nl + 3 + vl));
        memset(&sink, 0, sizeof sink);
        memset(&p, 0, sizeof p);
        p.ev = ev;
        p.pc = pc;
        p.d = d;
        p.env = &cl->env;
        sink.toplevel = define_stmt;
        sink.data = &p;
        memset(pc, 0, sizeof *pc);
        if (memchr(defs[i].value, '\n', vl))
            diag_error(ev->diag, span_unknown(), "the value of -D %s must be one line", d->name);
        else if (source_check_encoding(sf, ev->diag) == 0)
            parse_source(pc, sf, ev->diag, ev->names, sink);
        vec_push(ev->parses, pc);   /* a -D value may be a lambda */
        if (p.statements > 1 && ev->diag->errors == errors)
            diag_error(ev->diag, span_unknown(), "the value of -D %s must be one expression", d->name);
        if (d->value)
            ev->ndefs++;
    }
}

/* Do the n characters at p name module m (its dotted name or last part)? */
static int spells_module(const char *p, size_t n, const EvModule *m)
{
    const char *last = strrchr(m->name, '.');
    return (strlen(m->name) == n && memcmp(m->name, p, n) == 0) ||
           (last && strlen(last + 1) == n && memcmp(last + 1, p, n) == 0);
}

/* Does -D entry d's head name module m? */
static int names_module(const EvDefineEntry *d, const EvModule *m)
{
    return spells_module(d->head, strlen(d->head), m);
}

/* Does -D entry d's head name object `name` of module m: NAME, or
 * MODULE.NAME (-D config.SMALL.rows=...)? */
static int names_object(const EvDefineEntry *d, const char *name, const EvModule *m)
{
    size_t hl = strlen(d->head), nl = strlen(name);
    if (d->head == name)
        return 1;
    return hl > nl + 1 && d->head[hl - nl - 1] == '.' && strcmp(d->head + hl - nl, name) == 0 &&
           spells_module(d->head, hl - nl - 1, m);
}

const ConstVal *ev_define_for(Ev *ev, EvEnv *env, const char *name)
{
    const ConstVal *v = NULL;
    EvModule *m = env->mod;
    for (uint32_t i = 0; i < ev->ndefs; i++) {
        EvDefineEntry *d = &ev->defs[i];
        if (d->tail ? (d->tail == name && names_module(d, m)) : d->head == name) {
            d->used = 1;
            v = d->value;   /* a module's own -D wins over a plain one: it comes later */
            if (d->tail)
                return v;
        }
    }
    return v;
}

void ev_define_prebind(Ev *ev, EvModule *m)
{
    for (uint32_t i = 0; i < ev->ndefs; i++) {
        const EvDefineEntry *d = &ev->defs[i];
        if (!d->tail && m->is_main)
            ev_table_put(&m->env.vars, &ev->arena, d->head, d->value);
        else if (d->tail && names_module(d, m))
            ev_table_put(&m->env.vars, &ev->arena, d->tail, d->value);
    }
}

const ConstVal *ev_define_fields(Ev *ev, EvEnv *env, const char *name, const ConstVal *v)
{
    for (uint32_t i = 0; i < ev->ndefs; i++) {
        EvDefineEntry *d = &ev->defs[i];
        EvArgs a;
        const ConstVal *r;
        if (!d->tail || !names_object(d, name, env->mod) || names_module(d, env->mod))
            continue;
        d->used = 1;
        if (v->v.obj->cls->flags & (CLS_DATACLASS | CLS_NAMEDTUPLE)) {
            /* as dataclasses.replace: __post_init__ runs again */
            const EvClass *c = v->v.obj->cls;
            uint32_t k;
            for (k = 0; k < c->nfields && c->fields[k] != d->tail; k++)
                ;
            if (k == c->nfields) {
                diag_error(ev->diag, d->span, "-D %s: '%s' (a %s) has no field '%s'", d->name, name, c->name, d->tail);
                continue;
            }
            memset(&a, 0, sizeof a);
            a.at = d->span;
            a.nkw = 1;
            a.kwname = &d->tail;
            a.kw = &d->value;
            if (!(r = ev_dataclass_replace(ev, v, &a))) {
                ev_report(ev);
                continue;
            }
            v = r;
        } else if (!ev_setattr(ev, v, d->tail, d->value, d->span)) {
            ev_report(ev);
        }
    }
    return v;
}

/* ------------------------------------------------------------- builders */

/* Does the statement list define a pypto definition (a def or class with
 * a decorator written from the DSL prefix), at any depth? */
static int defines_pypto(Ev *ev, EvModule *m, const AstList *body);

static int decorated_pypto(Ev *ev, EvModule *m, const AstNode *def)
{
    if (!def->b)
        return 0;
    for (uint32_t i = 0; i < def->b->list.n; i++) {
        const AstNode *d = def->b->list.items[i];
        while (d->kind == AST_CALL || d->kind == AST_ATTR)
            d = d->a;
        if (d->kind == AST_NAME) {
            const ConstVal *v = ev_lookup(ev, &m->env, d->name);
            if (v && v->kind == CV_DSL && strncmp(v->v.dsl.path, "pypto.", 6) == 0)
                return 1;
        }
    }
    return 0;
}

static int stmt_defines_pypto(Ev *ev, EvModule *m, const AstNode *s)
{
    if (!s)
        return 0;
    switch (s->kind) {
    case AST_FUNCDEF:
    case AST_CLASSDEF:
        return decorated_pypto(ev, m, s) || defines_pypto(ev, m, &s->list2);
    case AST_IF:
    case AST_FOR:
    case AST_WHILE:
    case AST_WITH:
    case AST_TRY:
    case AST_EXCEPT:
    case AST_BLOCK:
        return defines_pypto(ev, m, &s->list) || defines_pypto(ev, m, &s->list2) ||
               (s->kind == AST_TRY && (stmt_defines_pypto(ev, m, s->a) || stmt_defines_pypto(ev, m, s->b)));
    default:
        return 0;
    }
}

static int defines_pypto(Ev *ev, EvModule *m, const AstList *body)
{
    for (uint32_t i = 0; i < body->n; i++)
        if (stmt_defines_pypto(ev, m, body->items[i]))
            return 1;
    return 0;
}

static void run_builder(Ev *ev, EvModule *m, const char *name, EvFunc *f)
{
    const AstList *ps = &f->def->list;
    EvArgs a;
    uint32_t n = 0;
    const char **kwname = arena_array(&ev->arena, ps->n + 1, sizeof *kwname);
    const ConstVal **kw = arena_array(&ev->arena, ps->n + 1, sizeof *kw);
    memset(&a, 0, sizeof a);
    a.at = f->def->span;
    for (uint32_t i = 0; i < ps->n; i++) {
        const AstNode *p = ps->items[i];
        const ConstVal *v = NULL;
        for (uint32_t k = 0; k < ev->ndefs; k++)
            if (ev->defs[k].tail == p->name && ev->defs[k].head == name) {
                ev->defs[k].used = 1;
                v = ev->defs[k].value;
            }
        if (v) {
            if (p->op == AST_PARAM_POSONLY || p->op == AST_PARAM_VARARG || p->op == AST_PARAM_VARKW) {
                diag_error(ev->diag, p->span, "-D %s.%s: this parameter cannot be given by name", name, p->name);
                return;
            }
            kwname[n] = p->name;
            kw[n++] = v;
        } else if (!p->b && p->op != AST_PARAM_VARARG && p->op != AST_PARAM_VARKW) {
            diag_error(ev->diag, p->span,
                       "builder function '%s' is called to build its program, but parameter '%s' has no default: "
                       "give it one, or set it with -D %s.%s=VALUE",
                       name, p->name, name, p->name);
            return;
        }
    }
    a.nkw = n;
    a.kwname = kwname;
    a.kw = kw;
    ev->depth = 0;
    if (!ev_call_function(ev, f, &a, NULL)) {
        ev_trace(ev, f->def->span, name);
        ev_report(ev);
        diag_note(ev->diag, f->def->span, "builder function '%s' is called to build its program", name);
    }
    (void)m;
}

void ev_run_builders(Ev *ev, EvModule *m)
{
    if (m->state == MOD_FAILED)
        return;
    for (uint32_t i = 0; i < m->env.vars.n; i++) {
        const ConstVal *v = m->env.vars.vals[i];
        const char *name = m->env.vars.keys[i];
        if (!name || !v || v->kind != CV_FUNC || v->v.func->mod != m || v->v.func->def->kind != AST_FUNCDEF)
            continue;
        if (v->v.func->def->name != name || !defines_pypto(ev, m, &v->v.func->def->list2))
            continue;
        run_builder(ev, m, name, v->v.func);
    }
}

void ev_check_defines(Ev *ev)
{
    for (uint32_t i = 0; i < ev->ndefs; i++) {
        const EvDefineEntry *d = &ev->defs[i];
        if (d->tail && !d->used)
            diag_warning(ev->diag, W_UNUSED_DEFINE, d->span,
                         "-D %s matches no module constant, object field or builder parameter", d->name);
    }
}
