/* module.c: modules (eval.h): finding and reading them, running their
 * statements as the parser hands them over, import statements, -D values
 * and builder functions.
 *
 * A module is found by its dotted name: X.py or X/__init__.py (a folder
 * without one is a namespace package) in the importing file's folder,
 * then in each include directory.  `pypto.language` is the DSL, built in;
 * math, os, sys, dataclasses, enum, typing, functools, ... are provided
 * by eval_stdlib.c; anything else that is not found (torch, numpy, the
 * rest of pypto) is "not available": importing it is fine, and a value
 * taken from it is unknown.  Each module is read once; importing one that
 * is still being read (a cycle) gives its names so far, as Python does. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "lexer/literal.h"
#include "support/fileset.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- module objects */

EvModule *ev_module_new(Ev *ev, const char *dotted)
{
    EvModule *m = arena_zalloc(&ev->arena, sizeof *m);
    ConstVal *self = (ConstVal *)ev_val(ev, CV_MODULE);
    m->name = ev_cstr(ev, dotted);
    ev_table_init(&m->env.vars, 0);
    m->env.kind = ENV_MODULE;
    m->env.mod = m;
    m->first_import = span_unknown();
    self->v.mod = m;
    m->self = self;
    ev_table_put(&ev->modules, &ev->arena, m->name, self);
    ev_table_put(&m->env.vars, &ev->arena, ev->n.name_, ev_str_c(ev, m->name));
    ev_table_put(&m->env.vars, &ev->arena, ev->n.doc, ev->none);
    return m;
}

static EvModule *missing_module(Ev *ev, const char *dotted)
{
    EvModule *m = ev_module_new(ev, dotted);
    m->missing = 1;
    m->state = MOD_DONE;
    return m;
}

const char *ev_import_cycle(Ev *ev, EvModule *m)
{
    StrBuf sb;
    const char *r;
    uint32_t i = 0;
    while (i < ev->stack.len && ev->stack.data[i] != m)
        i++;
    sb_init(&sb);
    for (uint32_t k = i; k < ev->stack.len; k++)
        sb_printf(&sb, "%s'%s'", k == i ? "" : " imports ", ev->stack.data[k]->name);
    sb_printf(&sb, " imports '%s'", m->name);
    r = ev_cstr(ev, sb_cstr(&sb));
    sb_free(&sb);
    return r;
}

/* ------------------------------------------------------------- finding */

static char *join(const char *dir, const char *rel)
{
    StrBuf sb;
    char *r;
    sb_init(&sb);
    if (dir && *dir && strcmp(dir, ".") != 0)   /* (mods/x.py, not ./mods/x.py, as a C compiler says) */
        sb_printf(&sb, "%s/%s", dir, rel);
    else
        sb_puts(&sb, rel);
    r = xstrdup(sb_cstr(&sb));
    sb_free(&sb);
    return r;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    if (slash == path)
        return xstrdup("/");
    return xstrndup(path, (size_t)(slash - path));
}

/* The one name of a file however it is reached, interned: the key of
 * the modules read (ev->by_path). */
static const char *canonical_key(Ev *ev, const char *path)
{
    char *c = fileset_canonical(ev->files, path);
    const char *r = ev_cstr(ev, c);
    xfree(c);
    return r;
}

/* name (one component) in folder dir: a file, a package or a namespace
 * folder.  *path is xmalloc'd (the file, or the folder of a namespace
 * package); 0 if nothing. */
static int find_in(Ev *ev, const char *dir, const char *name, char **path, int *package)
{
    char *base = join(dir, name), *p;
    StrBuf sb;
    sb_init(&sb);
    sb_printf(&sb, "%s.py", base);
    if (fileset_kind(ev->files, sb_cstr(&sb)) == FS_FILE) {
        *path = xstrdup(sb_cstr(&sb));
        *package = 0;
        sb_free(&sb);
        xfree(base);
        return 1;
    }
    sb_free(&sb);
    p = join(base, "__init__.py");
    if (fileset_kind(ev->files, p) == FS_FILE) {
        *path = p;
        *package = 1;
        xfree(base);
        return 1;
    }
    xfree(p);
    if (fileset_kind(ev->files, base) == FS_DIR) {
        *path = base;
        *package = 2;   /* a namespace package: a folder */
        return 1;
    }
    xfree(base);
    return 0;
}

/* ------------------------------------------------------------- reading */

static void run_sink_toplevel(void *data, AstNode *s);
static void run_sink_class_begin(void *data, AstNode *cls);
static void run_sink_class_member(void *data, AstNode *s);
static void run_sink_class_end(void *data, AstNode *cls);

typedef struct ModuleRun {
    Ev *ev;
    EvModule *m;
} ModuleRun;

/* Reports the pending exception, and the imports that led to module m. */
static void report_in(Ev *ev, EvModule *m)
{
    if (ev->exc && ev->exc->kind == CV_INSTANCE && ev->exc->v.obj->cls == ev->e_reported) {
        ev_report(ev);   /* (says nothing: it was reported where it was raised) */
        return;
    }
    ev_report(ev);
    for (EvModule *k = m; k && k->importer; k = k->importer)
        diag_note(ev->diag, k->first_import, "in module '%s', imported from here", k->name);
}

/* Reads and runs a module whose text is in sf. */
static void run_module(Ev *ev, EvModule *m, SourceFile *sf)
{
    ParseSink sink;
    ModuleRun *run = arena_zalloc(&ev->arena, sizeof *run);
    EvModule *saved = ev->running;
    run->ev = ev;
    run->m = m;
    m->src = sf;
    m->state = MOD_LOADING;
    vec_push(ev->stack, m);
    ev->running = m;
    sink.toplevel = run_sink_toplevel;
    sink.class_begin = run_sink_class_begin;
    sink.class_member = run_sink_class_member;
    sink.class_end = run_sink_class_end;
    sink.data = run;
    m->parse = &m->kept;
    if (source_check_encoding(sf, ev->diag) == 0)
        parse_source(&m->kept, sf, ev->diag, ev->names, sink);
    else
        memset(&m->kept, 0, sizeof m->kept);
    m->parse = NULL;
    if (m->state == MOD_LOADING)
        m->state = MOD_DONE;
    ev->stack.len--;
    ev->running = saved;
}

static EvModule *load_file(Ev *ev, const char *dotted, const char *path, int package, EvEnv *from, Span at)
{
    char msg[512];
    uint32_t len;
    char *text;
    SourceFile *sf;
    EvModule *m = ev_module_new(ev, dotted);
    m->path = ev_cstr(ev, path);
    m->dir = package == 2 ? xstrdup(path) : dir_of(path);
    m->is_package = package != 0;
    m->first_import = at;
    m->importer = from ? from->mod : NULL;
    ev_table_put(&ev->by_path, &ev->arena, canonical_key(ev, path), m->self);
    vec_push(ev->loaded, m);
    if (package == 2) {
        m->state = MOD_DONE;   /* a namespace package has no code */
        return m;
    }
    text = fileset_read(ev->files, path, &len, msg, sizeof msg);
    if (!text) {
        diag_error(ev->diag, at, "cannot read module '%s': %s", dotted, msg);
        m->state = MOD_FAILED;
        return m;
    }
    vec_push(ev->paths, m->path);
    sf = source_store_add(ev->store, path, text, len);
    if (diag_add_source(ev->diag, sf) != 0) {
        diag_error(ev->diag, at, "module '%s': the input files together are too large", dotted);
        m->state = MOD_FAILED;
        return m;
    }
    ev_table_put(&m->env.vars, &ev->arena, ev->n.file_, ev_str_c(ev, path));
    ev_define_prebind(ev, m);
    run_module(ev, m, sf);
    return m;
}

/* ------------------------------------------------------------ importing */

static const ConstVal *dsl_value(Ev *ev, const char *dotted)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_DSL);
    v->v.dsl.path = ev_cstr(ev, dotted);
    return v;
}

static int is_dsl_name(const char *dotted)
{
    return strcmp(dotted, "pypto") == 0 || strcmp(dotted, "pypto.language") == 0 ||
           strncmp(dotted, "pypto.language.", 15) == 0;
}

/* The folders a top-level module is looked for in. */
static const char *search_dir(Ev *ev, EvEnv *from, uint32_t i)
{
    const char *own = from && from->mod->dir ? from->mod->dir : ".";
    if (i == 0)
        return own;
    return i - 1 < ev->ninclude ? ev->include_dirs[i - 1] : NULL;
}

static const ConstVal *cached(Ev *ev, const char *path)
{
    return ev_table_get(&ev->by_path, canonical_key(ev, path));
}

/* Module `dotted` (absolute), its packages first; NULL after an error
 * that was reported.  A submodule becomes an attribute of its package. */
static EvModule *import_module(Ev *ev, EvEnv *from, const char *dotted, Span at)
{
    const ConstVal *c = ev_table_get(&ev->modules, ev_cstr(ev, dotted));
    const char *dot = strrchr(dotted, '.');
    EvModule *parent = NULL, *m;
    char *path;
    int package;
    if (c)
        return c->v.mod;
    if ((m = ev_stdlib_module(ev, dotted)) != NULL)
        return m;
    if (dot) {
        char *head = xstrndup(dotted, (size_t)(dot - dotted));
        parent = import_module(ev, from, head, at);
        xfree(head);
        if (!parent)
            return NULL;
        if (parent->missing || !parent->is_package || !parent->dir) {
            m = missing_module(ev, dotted);
        } else if (find_in(ev, parent->dir, dot + 1, &path, &package)) {
            const ConstVal *same = cached(ev, path);
            m = same ? same->v.mod : load_file(ev, dotted, path, package, from, at);
            xfree(path);
        } else {
            m = missing_module(ev, dotted);
        }
        if (!ev_table_get(&parent->env.vars, ev_cstr(ev, dot + 1)))
            ev_table_put(&parent->env.vars, &ev->arena, ev_cstr(ev, dot + 1), m->self);
        return m;
    }
    for (uint32_t i = 0;; i++) {
        const char *dir = search_dir(ev, from, i);
        if (!dir)
            break;
        if (find_in(ev, dir, dotted, &path, &package)) {
            const ConstVal *same = cached(ev, path);
            m = same ? same->v.mod : load_file(ev, dotted, path, package, from, at);
            if (same)
                ev_table_put(&ev->modules, &ev->arena, ev_cstr(ev, dotted), same);
            xfree(path);
            return m;
        }
    }
    return missing_module(ev, dotted);
}

/* The last dot of s[0..len), or NULL. */
static const char *last_dot(const char *s, size_t len)
{
    while (len > 0)
        if (s[--len] == '.')
            return s + len;
    return NULL;
}

/* The absolute name of relative import `rel` (".x", "..x.y", ".") made in
 * module im, as Python's __package__ gives it: the package im is in (im
 * itself if it is one), one level up per further dot.  NULL when im is in
 * no package (the input, a top-level module) or there are more dots than
 * levels: then the import is relative to the importing file's folder. */
static const char *absolute_name(Ev *ev, const EvModule *im, const char *rel)
{
    const char *p = rel + 1, *name = im->name;
    size_t len = strlen(name);
    const char *r;
    char *buf;
    if (im->is_main || !im->path || name[0] == '<')
        return NULL;
    if (!im->is_package) {   /* a module's package: its name without the last part */
        const char *dot = last_dot(name, len);
        if (!dot)
            return NULL;
        len = (size_t)(dot - name);
    }
    for (; *p == '.'; p++) {
        const char *dot = last_dot(name, len);
        if (!dot)
            return NULL;
        len = (size_t)(dot - name);
    }
    buf = xmalloc(len + strlen(p) + 2);
    memcpy(buf, name, len);
    if (*p)
        snprintf(buf + len, strlen(p) + 2, ".%s", p);
    else
        buf[len] = '\0';
    r = ev_cstr(ev, buf);
    xfree(buf);
    return r;
}

/* `from .mod import x`: in a package, mod is its submodule (absolute_name);
 * otherwise mod in the importing file's folder (one more dot, one folder
 * up). */
static EvModule *import_relative(Ev *ev, EvEnv *from, const char *rel, Span at)
{
    const char *p = rel, *abs = absolute_name(ev, from->mod, rel);
    char *dir;
    EvModule *m = NULL;
    if (abs)
        return import_module(ev, from, abs, at);
    dir = xstrdup(from->mod->dir ? from->mod->dir : ".");
    p++;
    while (*p == '.') {
        char *up = join(dir, "..");
        xfree(dir);
        dir = up;
        p++;
    }
    if (!*p) {
        /* from . import x: the folder itself, as a namespace package */
        char key[PATH_MAX + 8];
        snprintf(key, sizeof key, "<package %s>", dir);
        {
            const ConstVal *c = ev_table_get(&ev->modules, ev_cstr(ev, key));
            if (c) {
                xfree(dir);
                return c->v.mod;
            }
        }
        m = ev_module_new(ev, key);
        m->dir = dir;
        m->is_package = 1;
        m->state = MOD_DONE;
        vec_push(ev->loaded, m);
        return m;
    }
    {
        /* each component in turn, from dir */
        char *cur = dir, *path;
        const char *q = p;
        int package;
        while (1) {
            const char *end = strchr(q, '.');
            char *part = end ? xstrndup(q, (size_t)(end - q)) : xstrdup(q);
            if (!find_in(ev, cur, part, &path, &package)) {
                m = missing_module(ev, rel);
                xfree(part);
                break;
            }
            xfree(part);
            if (!end) {
                const ConstVal *same = cached(ev, path);
                m = same ? same->v.mod : load_file(ev, p, path, package, from, at);
                xfree(path);
                break;
            }
            if (package == 0) {
                m = missing_module(ev, rel);
                xfree(path);
                break;
            }
            xfree(cur);
            cur = package == 2 ? path : dir_of(path);
            if (package != 2)
                xfree(path);
            q = end + 1;
        }
        xfree(cur);
    }
    return m;
}

static void bind(Ev *ev, EvEnv *env, const char *name, const ConstVal *v)
{
    const ConstVal *d = env->kind == ENV_MODULE ? ev_define_for(ev, env, name) : NULL;
    ev_env_bind(ev, env, name, d ? d : v);
}

/* `from X import *`: X's public names (or its __all__). */
static int import_star(Ev *ev, EvEnv *env, EvModule *m, Span at)
{
    const ConstVal *all = ev_table_get(&m->env.vars, ev_cstr(ev, "__all__"));
    if (m->missing)
        return 1;
    if (all && (all->kind == CV_LIST || all->kind == CV_TUPLE)) {
        for (uint32_t i = 0; i < all->v.seq.n; i++) {
            const ConstVal *n = all->v.seq.items[i], *v;
            if (n->kind != CV_STR)
                continue;
            if (!(v = ev_getattr(ev, m->self, n->v.str.s, at)))
                return 0;
            bind(ev, env, n->v.str.s, v);
        }
        return 1;
    }
    for (uint32_t i = 0; i < m->env.vars.n; i++)
        if (m->env.vars.keys[i] && ((const char *)m->env.vars.keys[i])[0] != '_')
            bind(ev, env, m->env.vars.keys[i], m->env.vars.vals[i]);
    return 1;
}

static int import_from(Ev *ev, EvEnv *env, const AstNode *s)
{
    EvModule *m;
    const char *mod = s->name;
    if (strcmp(mod, "__future__") == 0)
        return 1;
    if (is_dsl_name(mod)) {
        const ConstVal *base = dsl_value(ev, mod);
        for (uint32_t i = 0; i < s->list.n; i++) {
            const AstNode *al = s->list.items[i];
            const ConstVal *v = ev_getattr(ev, base, al->name, al->span);
            if (!v)
                return 0;
            if (ev_is_dsl_root(v))
                env->mod->dsl_import = 1;
            bind(ev, env, al->a ? al->a->name : al->name, v);
        }
        return 1;
    }
    m = mod[0] == '.' ? import_relative(ev, env, mod, s->span) : import_module(ev, env, mod, s->span);
    if (!m)
        return 0;
    if (m->state == MOD_FAILED) {
        ev_raise_reported(ev, s->span);
        return 0;
    }
    if (s->op)
        return import_star(ev, env, m, s->span);
    for (uint32_t i = 0; i < s->list.n; i++) {
        const AstNode *al = s->list.items[i];
        const char *bound = al->a ? al->a->name : al->name;
        const ConstVal *v = ev_table_get(&m->env.vars, al->name);
        if (!v && m->open_names) {
            int failed;
            v = ev_getattr_opt(ev, m->self, al->name, al->span, &failed);
        }
        if (!v && m->builtin)
            v = ev_getattr(ev, m->self, al->name, al->span);   /* outside the modelled part */
        if (!v && m->missing)
            v = ev_unknown(ev, al->span, "'%s' comes from module '%s', which is not available at compile time",
                           al->name, m->name);
        if (!v && m->state == MOD_FAILED)
            v = ev_unknown(ev, al->span, "module '%s' stopped with an error", m->name);
        if (!v && m->is_package) {
            /* a submodule */
            char sub[PATH_MAX];
            EvModule *sm;
            int relative;
            snprintf(sub, sizeof sub, "%s.%s", m->name, al->name);
            relative = m->name[0] == '<';   /* the folder of a `from . import` */
            sm = relative ? NULL : import_module(ev, env, sub, al->span);
            if (!sm && !relative)
                return 0;
            if (relative) {
                char rel[PATH_MAX];
                snprintf(rel, sizeof rel, "%s%s%s", mod, mod[strlen(mod) - 1] == '.' ? "" : ".", al->name);
                sm = import_relative(ev, env, rel, al->span);
            }
            if (sm && !sm->missing)
                v = sm->self;
            else if (sm)
                v = ev_unknown(ev, al->span, "module '%s' is not available at compile time", sm->name);
        }
        if (!v) {
            if (m->state == MOD_LOADING)
                ev_raise(ev, ev->e_import, al->span,
                         "cannot import name '%s' from partially initialized module '%s' (an import cycle: %s)",
                         al->name, m->name, ev_import_cycle(ev, m));
            else
                ev_raise(ev, ev->e_import, al->span, "cannot import name '%s' from '%s'%s%s%s", al->name, m->name,
                         m->path ? " (" : "", m->path ? m->path : "", m->path ? ")" : "");
            return 0;
        }
        bind(ev, env, bound, v);
    }
    return 1;
}

int ev_import(Ev *ev, EvEnv *env, const AstNode *s)
{
    if (s->kind == AST_IMPORTFROM)
        return import_from(ev, env, s);
    for (uint32_t i = 0; i < s->list.n; i++) {
        const AstNode *al = s->list.items[i];
        const char *dot = strchr(al->name, '.');
        const char *first = dot ? ev_intern(ev, al->name, (size_t)(dot - al->name)) : al->name;
        EvModule *m;
        if (is_dsl_name(al->name)) {
            const ConstVal *v;
            if (strcmp(al->name, "pypto.language") == 0 && !al->a) {
                diag_error(ev->diag, al->span, "write 'import pypto.language as pl': the DSL needs a short prefix");
                continue;
            }
            v = dsl_value(ev, al->a ? al->name : first);
            if (ev_is_dsl_root(v))
                env->mod->dsl_import = 1;
            bind(ev, env, al->a ? al->a->name : first, v);
            continue;
        }
        if (!(m = import_module(ev, env, al->name, al->span)))
            return 0;
        if (m->state == MOD_FAILED) {
            ev_raise_reported(ev, al->span);
            return 0;
        }
        if (al->a) {
            bind(ev, env, al->a->name, m->self);
        } else {
            const ConstVal *top = ev_table_get(&ev->modules, first);
            bind(ev, env, first, top ? top : m->self);
        }
    }
    return 1;
}

/* --------------------------------------------------- the parser's sink */

/* Python's compile-time errors in a top-level statement: return, yield,
 * await, break and continue outside what allows them. */
static void check_placement(Ev *ev, const AstNode *s, int in_loop)
{
    if (!s)
        return;
    switch (s->kind) {
    case AST_RETURN:
        diag_error(ev->diag, s->span, "'return' outside function");
        return;
    case AST_YIELD:
    case AST_YIELD_FROM:
        diag_error(ev->diag, s->span, "'yield' outside function");
        return;
    case AST_BREAK:
        if (!in_loop)
            diag_error(ev->diag, s->span, "'break' outside loop");
        return;
    case AST_CONTINUE:
        if (!in_loop)
            diag_error(ev->diag, s->span, "'continue' not properly in loop");
        return;
    case AST_NONLOCAL:
        diag_error(ev->diag, s->span, "nonlocal declaration not allowed at module level");
        return;
    case AST_EXPR_STMT:
        if (s->a->kind == AST_AWAIT)
            diag_error(ev->diag, s->a->span, "'await' outside function");
        else if (s->a->kind == AST_YIELD || s->a->kind == AST_YIELD_FROM)
            diag_error(ev->diag, s->a->span, "'yield' outside function");
        return;
    case AST_FOR:
    case AST_WHILE:
        for (uint32_t i = 0; i < s->list.n; i++)
            check_placement(ev, s->list.items[i], 1);
        for (uint32_t i = 0; i < s->list2.n; i++)
            check_placement(ev, s->list2.items[i], in_loop);
        return;
    case AST_IF:
    case AST_WITH:
    case AST_EXCEPT:
    case AST_BLOCK:
    case AST_MATCH:
    case AST_CASE:
        for (uint32_t i = 0; i < s->list.n; i++)
            check_placement(ev, s->list.items[i], in_loop);
        for (uint32_t i = 0; i < s->list2.n; i++)
            check_placement(ev, s->list2.items[i], in_loop);
        return;
    case AST_TRY:
        for (uint32_t i = 0; i < s->list.n; i++)
            check_placement(ev, s->list.items[i], in_loop);
        for (uint32_t i = 0; i < s->list2.n; i++)
            check_placement(ev, s->list2.items[i], in_loop);
        check_placement(ev, s->a, in_loop);
        check_placement(ev, s->b, in_loop);
        return;
    default:
        return;
    }
}

static void keep_if_made(Ev *ev, EvModule *m, uint64_t made)
{
    if (ev->made != made && m->parse)
        parse_keep(m->parse);
}

static void run_sink_toplevel(void *data, AstNode *s)
{
    ModuleRun *run = data;
    Ev *ev = run->ev;
    EvModule *m = run->m;
    uint64_t made = ev->made;
    unsigned errors = ev->diag->errors;
    ExecStatus st;
    if (m->state == MOD_FAILED)
        return;   /* an exception stopped it: the rest is not run */
    if ((s->flags & AST_SYNTAX_ERROR) && s->kind != AST_FUNCDEF)
        return;   /* already reported; its meaning is unreliable */
    check_placement(ev, s, 0);
    if (ev->diag->errors != errors)
        return;
    if (s->kind == AST_FUNCDEF && m->kept.layout.has_header) {
        /* '# pypto.program:': every function is one of the program's */
        const ConstVal *v = ev->hooks.define(ev->hooks.data, ev, &m->env, s, NULL);
        if (v)
            ev_env_bind(ev, &m->env, s->name, v);
        else
            report_in(ev, m);
        return;
    }
    if (s->flags & AST_SYNTAX_ERROR)
        return;
    ev->depth = 0;
    st = ev_exec(ev, &m->env, s, NULL);
    keep_if_made(ev, m, made);
    if (st == EX_EXC) {
        report_in(ev, m);
        m->state = MOD_FAILED;
    }
}

static void run_sink_class_begin(void *data, AstNode *cls)
{
    ModuleRun *run = data;
    Ev *ev = run->ev;
    EvModule *m = run->m;
    int pypto = 0;
    if (m->state == MOD_FAILED || (cls->flags & AST_SYNTAX_ERROR)) {
        m->in_class = 0;
        return;
    }
    if (!m->cls_build)
        m->cls_build = arena_zalloc(&ev->arena, sizeof *m->cls_build);
    if (!ev_class_begin(ev, &m->env, cls, m->cls_build, &pypto)) {
        report_in(ev, m);
        m->state = MOD_FAILED;
        m->in_class = 0;
        return;
    }
    m->in_class = pypto ? 2 : 1;
    if (pypto)
        ev->hooks.class_begin(ev->hooks.data, ev, &m->env, cls);
}

static void run_sink_class_member(void *data, AstNode *s)
{
    ModuleRun *run = data;
    Ev *ev = run->ev;
    EvModule *m = run->m;
    uint64_t made = ev->made;
    if (m->in_class == 2) {
        ev->hooks.class_member(ev->hooks.data, ev, s);
        return;
    }
    if (m->in_class != 1 || (s->flags & AST_SYNTAX_ERROR))
        return;
    ev->depth = 0;
    if (!ev_class_member(ev, m->cls_build, s)) {
        report_in(ev, m);
        m->state = MOD_FAILED;
        m->in_class = 0;
    }
    keep_if_made(ev, m, made);
}

static void run_sink_class_end(void *data, AstNode *cls)
{
    ModuleRun *run = data;
    Ev *ev = run->ev;
    EvModule *m = run->m;
    uint64_t made = ev->made;
    if (m->in_class == 2) {
        const ConstVal *v = ev->hooks.class_end(ev->hooks.data, ev, cls);
        if (v)
            ev_env_bind(ev, &m->env, cls->name, v);
    } else if (m->in_class == 1) {
        if (!ev_class_end(ev, m->cls_build)) {
            report_in(ev, m);
            m->state = MOD_FAILED;
        }
        keep_if_made(ev, m, made);
        if (m->parse)
            parse_keep(m->parse);   /* its methods' syntax */
    }
    m->in_class = 0;
}

/* ------------------------------------------------------------ the main */

EvModule *ev_run_main(Ev *ev, SourceFile *src)
{
    const char *base = strrchr(src->name, '/');
    char *stem = xstrdup(base ? base + 1 : src->name), *dot = strrchr(stem, '.');
    EvModule *m;
    if (dot && dot != stem)
        *dot = '\0';
    m = ev_module_new(ev, stem);
    xfree(stem);
    m->is_main = 1;
    m->path = ev_cstr(ev, src->name);
    m->dir = dir_of(src->name);
    ev->main = m;
    if (strcmp(src->name, "<stdin>") != 0)
        ev_table_put(&ev->by_path, &ev->arena, canonical_key(ev, src->name), m->self);
    ev_table_put(&m->env.vars, &ev->arena, ev->n.file_, ev_str_c(ev, src->name));
    vec_push(ev->loaded, m);
    ev_define_prebind(ev, m);
    run_module(ev, m, src);
    return m;
}

void ev_modules_free(Ev *ev)
{
    for (uint32_t i = 0; i < ev->loaded.len; i++) {
        EvModule *m = ev->loaded.data[i];
        parse_ctx_free(&m->kept);
        xfree(m->dir);
    }
    vec_free(ev->stack);
}
