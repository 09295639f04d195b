/* elab_python.c: the Python around the pypto definitions.
 *
 * A pypto source file is an ordinary Python module: it may parse command
 * lines, print, define helper classes and run a __main__ block.  None of
 * that is compiled.  This file decides what happens to it:
 *  - module-level code that is not compiled is skipped, with one -Wignored
 *    note per kind of construct (off by default; on with -Wall);
 *  - Python's own module-level errors ('return' outside a function) are
 *    still errors;
 *  - a name that skipped code may bind ('try: ROWS = ... except: ...')
 *    becomes a name the compiler cannot evaluate, so that a program using
 *    it gets an error that says to set it with -D, never a stale value;
 *  - a pypto definition nested in skipped code (a @pl.program class built
 *    inside a function) is an error that says what to write instead;
 *  - inside a pypto definition, Python that the DSL does not support is a
 *    located error (elab_check_dsl), found before elaboration starts;
 *  - -D NAME=VALUE binds module constants before the file is read. */
#include "config.h"
#include "grammar/elab.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <string.h>

/* ------------------------------------------------------------ decorators */

static int is_dsl_attr(Elab *E, const AstNode *f, const char *attr)
{
    if (f->kind == AST_ATTR)
        return f->name == attr && f->a->kind == AST_NAME && elab_is_prefix(E, f->a->name);
    return 0;
}

int elab_pypto_decorator_kind(Elab *E, const AstNode *def)
{
    if (!def->b)
        return 0;
    for (uint32_t i = 0; i < def->b->list.n; i++) {
        const AstNode *d = def->b->list.items[i];
        const AstNode *f = d->kind == AST_CALL ? d->a : d;
        if (is_dsl_attr(E, f, E->n.function))
            return 1;
        if (is_dsl_attr(E, f, E->n.inline_))
            return 2;
        if (is_dsl_attr(E, f, E->n.program))
            return 3;
    }
    return 0;
}

/* ------------------------------------------------------- -Wignored notes */

typedef enum SkipKind {
    SK_EXPR, SK_IF, SK_MAIN, SK_FOR, SK_WHILE, SK_TRY, SK_WITH, SK_MATCH, SK_ASSERT, SK_RAISE, SK_DEL,
    SK_GLOBAL, SK_TYPE, SK_DEF, SK_CLASS, SK_TARGET, SK_MEMBER, SK_METHOD, SK_COUNT
} SkipKind;

static const char *const skip_what[SK_COUNT] = {
    [SK_EXPR] = "module-level expression statement",
    [SK_IF] = "module-level 'if' statement",
    [SK_MAIN] = "'if __name__ == \"__main__\"' block",
    [SK_FOR] = "module-level 'for' loop",
    [SK_WHILE] = "module-level 'while' loop",
    [SK_TRY] = "module-level 'try' statement",
    [SK_WITH] = "module-level 'with' statement",
    [SK_MATCH] = "module-level 'match' statement",
    [SK_ASSERT] = "module-level 'assert' statement",
    [SK_RAISE] = "module-level 'raise' statement",
    [SK_DEL] = "module-level 'del' statement",
    [SK_GLOBAL] = "module-level 'global' statement",
    [SK_TYPE] = "'type' alias",
    [SK_DEF] = "plain Python function (not @pl.function or @pl.inline)",
    [SK_CLASS] = "class that is not a @pl.program",
    [SK_TARGET] = "module-level assignment to an attribute or subscript",
    [SK_MEMBER] = "statement in a @pl.program class that is not a method",
    [SK_METHOD] = "method of a @pl.program class without @pl.function",
};

static void note_skip(Elab *E, SkipKind k, Span at)
{
    if (E->skip_noted[k])
        return;
    E->skip_noted[k] = 1;
    diag_warning(E->diag, W_IGNORED, at,
                 "%s is not compiled: only pypto definitions and the module constants they use are (noted once per "
                 "kind)",
                 skip_what[k]);
}

/* --------------------------------------------- definitions in skipped code */

typedef struct Outer {
    const AstNode *node;     /* the enclosing def, class or statement */
    const char *what;        /* "function", "class", "'if' statement", ... */
} Outer;

static const char *stmt_word(const AstNode *s)
{
    switch ((AstKind)s->kind) {
    case AST_IF: return "an 'if' statement";
    case AST_FOR: return "a 'for' loop";
    case AST_WHILE: return "a 'while' loop";
    case AST_TRY: return "a 'try' statement";
    case AST_WITH: return "a 'with' statement";
    case AST_MATCH: return "a 'match' statement";
    default: return "a statement";
    }
}

static const char *def_word(int kind) { return kind == 3 ? "@pl.program class" : kind == 2 ? "@pl.inline function" : "@pl.function"; }

static void nested_error(Elab *E, const AstNode *def, int kind, const Outer *o)
{
    if (o->node->kind == AST_FUNCDEF) {
        diag_error(E->diag, def->span,
                   "%s '%s' is built inside function '%s', which pyptocc cannot run: define it at module level, make "
                   "the function's parameters module constants (ROWS = 64) and set them per build with -D "
                   "(pyptocc -DROWS=128 ...)",
                   def_word(kind), def->name, o->node->name);
        diag_note(E->diag, o->node->span, "function '%s' is defined here", o->node->name);
    } else if (o->node->kind == AST_CLASSDEF) {
        diag_error(E->diag, def->span, "%s '%s' is inside class '%s', which is not a @pl.program, so it would not be "
                                       "compiled",
                   def_word(kind), def->name, o->node->name);
        diag_note(E->diag, o->node->span, "class '%s' is defined here", o->node->name);
    } else {
        diag_error(E->diag, def->span, "%s '%s' is inside %s, which pyptocc does not run: define it at module level",
                   def_word(kind), def->name, stmt_word(o->node));
    }
}

static void find_nested_list(Elab *E, const AstList *l, const Outer *o);

/* Pypto definitions anywhere inside skipped statement s. */
static void find_nested(Elab *E, const AstNode *s, const Outer *o)
{
    if (!s)
        return;
    switch ((AstKind)s->kind) {
    case AST_FUNCDEF:
    case AST_CLASSDEF: {
        int kind = elab_pypto_decorator_kind(E, s);
        Outer inner;
        if (kind) {
            nested_error(E, s, kind, o);
            return;
        }
        inner.node = s;
        inner.what = NULL;
        find_nested_list(E, &s->list2, &inner);
        return;
    }
    case AST_IF:
    case AST_FOR:
    case AST_WHILE:
    case AST_WITH:
    case AST_MATCH:
    case AST_CASE:
    case AST_EXCEPT:
    case AST_BLOCK:
        find_nested_list(E, &s->list, o);
        if (s->kind != AST_WITH)
            find_nested_list(E, &s->list2, o);
        return;
    case AST_TRY:
        find_nested_list(E, &s->list, o);
        find_nested_list(E, &s->list2, o);
        find_nested(E, s->a, o);
        find_nested(E, s->b, o);
        return;
    default:
        return;
    }
}

static void find_nested_list(Elab *E, const AstList *l, const Outer *o)
{
    for (uint32_t i = 0; i < l->n; i++)
        find_nested(E, l->items[i], o);
}

/* --------------------------------------------- names bound by skipped code */

static void make_unknown(Elab *E, const AstNode *name_node, const AstNode *stmt)
{
    Global *g = elab_global(E, name_node->name);
    char buf[320];
    if (g && g->from_define)
        return;   /* -D decides */
    if (g && g->kind == G_PREFIX)
        return;   /* 'try: import pypto.language as pl ...' keeps the prefix */
    g = elab_bind_global(E, name_node->name, G_OPAQUE, name_node->span);
    snprintf(buf, sizeof buf,
             "module constant '%s' is assigned inside %s (line %u), which pyptocc does not run; set it with -D %s=VALUE",
             name_node->name, stmt_word(stmt), source_pos(E->src, stmt->span.lo).line, name_node->name);
    g->why = arena_strndup(&E->arena, buf, strlen(buf));
}

static void bind_target(Elab *E, const AstNode *t, const AstNode *stmt)
{
    if (!t)
        return;
    if (t->kind == AST_NAME)
        make_unknown(E, t, stmt);
    else if (t->kind == AST_TUPLE || t->kind == AST_LIST)
        for (uint32_t i = 0; i < t->list.n; i++)
            bind_target(E, t->list.items[i], stmt);
    else if (t->kind == AST_STARRED)
        bind_target(E, t->a, stmt);
}

static void bound_names_list(Elab *E, const AstList *l, const AstNode *stmt);

/* Names that statement s, inside top-level skipped statement stmt, binds. */
static void bound_names(Elab *E, const AstNode *s, const AstNode *stmt)
{
    AstNode tmp;
    if (!s)
        return;
    switch ((AstKind)s->kind) {
    case AST_ASSIGN:
        bind_target(E, s->a, stmt);
        for (uint32_t i = 0; i < s->list.n; i++)
            bind_target(E, s->list.items[i], stmt);
        return;
    case AST_ANNASSIGN:
        if (s->c)
            bind_target(E, s->a, stmt);
        return;
    case AST_AUGASSIGN:
    case AST_DEL:
        bind_target(E, s->a, stmt);
        for (uint32_t i = 0; s->kind == AST_DEL && i < s->list.n; i++)
            bind_target(E, s->list.items[i], stmt);
        return;
    case AST_FUNCDEF:
    case AST_CLASSDEF:
    case AST_TYPE_ALIAS:
        memset(&tmp, 0, sizeof tmp);
        tmp.kind = AST_NAME;
        tmp.name = s->name;
        tmp.span = s->span;
        make_unknown(E, &tmp, stmt);
        return;
    case AST_IMPORT:
    case AST_IMPORTFROM:
        for (uint32_t i = 0; i < s->list.n; i++) {
            const AstNode *al = s->list.items[i];
            const char *dot = strchr(al->name, '.');
            memset(&tmp, 0, sizeof tmp);
            tmp.kind = AST_NAME;
            tmp.span = al->span;
            tmp.name = al->a ? al->a->name
                       : dot && s->kind == AST_IMPORT ? intern(E->names, al->name, (size_t)(dot - al->name))
                                                      : al->name;
            make_unknown(E, &tmp, stmt);
        }
        return;
    case AST_FOR:
        bind_target(E, s->a, stmt);
        bound_names_list(E, &s->list, stmt);
        bound_names_list(E, &s->list2, stmt);
        return;
    case AST_WITH:
        bind_target(E, s->b, stmt);
        for (uint32_t i = 0; i < s->list2.n; i++)
            bind_target(E, s->list2.items[i]->b, stmt);
        bound_names_list(E, &s->list, stmt);
        return;
    case AST_EXCEPT:
        if (s->name) {
            memset(&tmp, 0, sizeof tmp);
            tmp.kind = AST_NAME;
            tmp.name = s->name;
            tmp.span = s->span;
            make_unknown(E, &tmp, stmt);
        }
        bound_names_list(E, &s->list, stmt);
        return;
    case AST_IF:
    case AST_WHILE:
    case AST_MATCH:
    case AST_CASE:
    case AST_BLOCK:
        bound_names_list(E, &s->list, stmt);
        bound_names_list(E, &s->list2, stmt);
        return;
    case AST_TRY:
        bound_names_list(E, &s->list, stmt);
        bound_names_list(E, &s->list2, stmt);
        bound_names(E, s->a, stmt);
        bound_names(E, s->b, stmt);
        return;
    default:
        return;
    }
}

static void bound_names_list(Elab *E, const AstList *l, const AstNode *stmt)
{
    for (uint32_t i = 0; i < l->n; i++)
        bound_names(E, l->items[i], stmt);
}

/* ------------------------------------------------------ skipped statements */

static int is_main_guard(const AstNode *s)
{
    const AstNode *t = s->a;
    return s->kind == AST_IF && t->kind == AST_COMPARE && t->a->kind == AST_NAME &&
           strcmp(t->a->name, "__name__") == 0;
}

void elab_skip_toplevel(Elab *E, AstNode *s)
{
    Outer o;
    SkipKind k;
    o.node = s;
    o.what = NULL;
    switch ((AstKind)s->kind) {
    case AST_RETURN:
        diag_error(E->diag, s->span, "'return' outside function");
        return;
    case AST_YIELD:
    case AST_YIELD_FROM:
        diag_error(E->diag, s->span, "'yield' outside function");
        return;
    case AST_BREAK:
        diag_error(E->diag, s->span, "'break' outside loop");
        return;
    case AST_CONTINUE:
        diag_error(E->diag, s->span, "'continue' not properly in loop");
        return;
    case AST_NONLOCAL:
        diag_error(E->diag, s->span, "nonlocal declaration not allowed at module level");
        return;
    case AST_EXPR_STMT:
        if (s->a->kind == AST_AWAIT) {
            diag_error(E->diag, s->a->span, "'await' outside function");
            return;
        }
        k = SK_EXPR;
        break;
    case AST_IF: k = is_main_guard(s) ? SK_MAIN : SK_IF; break;
    case AST_FOR: k = SK_FOR; break;
    case AST_WHILE: k = SK_WHILE; break;
    case AST_TRY: k = SK_TRY; break;
    case AST_WITH: k = SK_WITH; break;
    case AST_MATCH: k = SK_MATCH; break;
    case AST_ASSERT: k = SK_ASSERT; break;
    case AST_RAISE: k = SK_RAISE; break;
    case AST_DEL: k = SK_DEL; break;
    case AST_GLOBAL: k = SK_GLOBAL; break;
    case AST_TYPE_ALIAS: k = SK_TYPE; break;
    case AST_ASSIGN:
    case AST_ANNASSIGN:
    case AST_AUGASSIGN: k = SK_TARGET; break;
    default: k = SK_EXPR; break;
    }
    note_skip(E, k, s->span);
    if (s->kind == AST_DEL || s->kind == AST_TYPE_ALIAS || (s->kind >= AST_IF && s->kind <= AST_WITH) ||
        s->kind == AST_TRY || s->kind == AST_MATCH)
        bound_names(E, s, s);
    find_nested(E, s, &o);
}

void elab_skip_def(Elab *E, AstNode *def)
{
    Outer o;
    o.node = def;
    o.what = NULL;
    note_skip(E, SK_DEF, def->span);
    find_nested_list(E, &def->list2, &o);
}

void elab_skip_class(Elab *E, const AstNode *cls) { note_skip(E, SK_CLASS, cls->span); }

void elab_skip_member(Elab *E, AstNode *s, const AstNode *cls, int cls_is_program)
{
    Outer o;
    o.node = cls;
    o.what = NULL;
    if (s->kind == AST_PASS || s->kind == AST_ERROR || (s->kind == AST_EXPR_STMT && s->a->kind == AST_STRING))
        return;
    if (cls_is_program) {
        if (s->kind == AST_FUNCDEF)
            note_skip(E, SK_METHOD, s->span);
        else
            note_skip(E, SK_MEMBER, s->span);
        /* A class or function nested here is inside a plain def or class:
         * report it against that. */
        if (s->kind == AST_FUNCDEF || s->kind == AST_CLASSDEF) {
            int kind = elab_pypto_decorator_kind(E, s);
            o.node = s;
            if (kind && s->kind == AST_CLASSDEF)
                diag_error(E->diag, s->span, "%s '%s' is nested in program '%s': define it at module level",
                           def_word(kind), s->name, cls->name);
            else
                find_nested_list(E, &s->list2, &o);
        } else {
            find_nested(E, s, &o);
        }
        return;
    }
    find_nested(E, s, &o);
}

/* ------------------------------------------------------------ -D values */

typedef struct DefineSink {
    Elab *E;
    const char *name;
    int statements;
    int ok;
} DefineSink;

static void define_stmt(void *data, AstNode *s)
{
    DefineSink *d = data;
    if (d->statements++ || (s->flags & AST_SYNTAX_ERROR))
        return;
    if (s->kind != AST_ASSIGN || s->list.n || s->a->kind != AST_NAME) {
        diag_error(d->E->diag, s->span, "the value of -D %s must be one expression", d->name);
        return;
    }
    {
        ConstEnv env = d->E->env;
        ConstError err;
        const ConstVal *v;
        Global *g;
        env.arena = &d->E->arena;   /* lives as long as the compilation */
        v = const_eval(&env, s->b, &err);
        if (!v) {
            diag_error(d->E->diag, err.at, "the value of -D %s is not a compile-time constant: %s", d->name, err.msg);
            return;
        }
        g = elab_bind_global(d->E, d->name, G_CONST, span_unknown());
        g->val = v;
        g->from_define = 1;
        d->ok = 1;
    }
}

void elab_defines(Elab *E, const FrontendDefine *defs, uint32_t n)
{
    SourceFile *saved = E->diag->src;
    for (uint32_t i = 0; i < n; i++) {
        const char *name = intern_cstr(E->names, defs[i].name);
        size_t nl = strlen(defs[i].name), vl = strlen(defs[i].value);
        char *text = xmalloc(nl + vl + 5);
        SourceFile src;
        ParseCtx pc;
        ParseSink sink;
        DefineSink d;
        unsigned errors = E->diag->errors;
        /* "NAME = VALUE": parsed and evaluated as the file's constants are. */
        memcpy(text, defs[i].name, nl);
        memcpy(text + nl, " = ", 3);
        memcpy(text + nl + 3, defs[i].value, vl);
        text[nl + 3 + vl] = '\n';
        source_init(&src, "<command-line>", text, (uint32_t)(nl + vl + 4));
        diag_set_source(E->diag, &src);
        memset(&sink, 0, sizeof sink);
        memset(&d, 0, sizeof d);
        d.E = E;
        d.name = name;
        sink.toplevel = define_stmt;
        sink.data = &d;
        if (source_check_encoding(&src, E->diag) == 0 && !memchr(defs[i].value, '\n', vl))
            parse_source(&pc, &src, E->diag, E->names, sink), parse_ctx_free(&pc);
        else if (E->diag->errors == errors)
            diag_error(E->diag, span_unknown(), "the value of -D %s must be one line", name);
        if (d.statements > 1 && E->diag->errors == errors)
            diag_error(E->diag, span_unknown(), "the value of -D %s must be one expression", name);
        diag_set_source(E->diag, saved);
        source_free(&src);
        xfree(text);
    }
}

int elab_define_conflict(Elab *E, const char *name, Span at, const char *what)
{
    Global *g = elab_global(E, name);
    if (!g || !g->from_define)
        return 0;
    diag_error(E->diag, at, "'%s' is set with -D, but the file defines it as %s", name, what);
    return 1;
}
