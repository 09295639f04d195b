/* elab_check.c: Python inside a pypto definition that the DSL does not
 * support.
 *
 * The parser reads all of Python, so a pypto function may contain a
 * lambda, an f-string, a try statement or a starred argument.  Before a
 * definition is elaborated its tree is walked once and each such
 * construct is reported where it is, with what it is; elaboration then
 * skips the body (as after a syntax error), so no follow-on errors are
 * printed.  Constructs that the elaborator words itself (break, nested
 * def, chained comparisons, dict displays outside function attributes,
 * slices outside subscripts) are left to it. */
#include "config.h"
#include "sema/elab_check.h"

#include <string.h>

typedef struct Check {
    Elab *E;
    unsigned errors;
} Check;

/* what: "'lambda' is", "f-strings are"; why: a reason or a hint, or "". */
static void bad_why(Check *c, Span at, const char *what, const char *why)
{
    diag_error(c->E->diag, at, "%s not supported in PyPTO functions%s", what, why);
    c->errors++;
}

static void bad(Check *c, Span at, const char *what) { bad_why(c, at, what, ""); }

static int ascii_name(const char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s >= 0x80)
            return 0;
    return 1;
}

static void check_name(Check *c, const char *name, Span at)
{
    if (ascii_name(name))
        return;
    diag_error(c->E->diag, at,
               "non-ASCII name '%s' is not supported in PyPTO functions (the IR, PTO MLIR and C++ spell names in ASCII)",
               name);
    c->errors++;
}

static void walk(Check *c, const AstNode *n);

static void walk_list(Check *c, const AstList *l)
{
    for (uint32_t i = 0; i < l->n; i++)
        walk(c, l->items[i]);
}

static const char *comp_word(int op)
{
    return op == AST_COMP_LIST ? "list comprehensions are" : op == AST_COMP_SET ? "set comprehensions are"
                                                         : op == AST_COMP_DICT ? "dict comprehensions are"
                                                                               : "generator expressions are";
}

/* The parts of a comprehension. */
static void walk_comp(Check *c, const AstNode *n)
{
    walk(c, n->a);
    for (uint32_t i = 0; i < n->list.n; i++) {
        const AstNode *f = n->list.items[i];
        if (f->op)
            bad(c, f->span, "'async for' is");
        walk(c, f->a);
        walk(c, f->b);
        walk_list(c, &f->list);
    }
}

static void check_params(Check *c, AstNode *def)
{
    static const char *const kind_word[] = {
        [AST_PARAM_POSONLY] = "positional-only parameters ('/') are",
        [AST_PARAM_KWONLY] = "keyword-only parameters (after '*') are",
        [AST_PARAM_VARARG] = "'*args' parameters are",
        [AST_PARAM_VARKW] = "'**kwargs' parameters are",
    };
    uint32_t k = 0;
    for (uint32_t i = 0; i < def->list.n; i++) {
        AstNode *p = def->list.items[i];
        if (p->op != AST_PARAM_PLAIN) {
            bad(c, p->span, kind_word[p->op]);
            continue;   /* dropped: the signature is elaborated without it */
        }
        check_name(c, p->name, p->span);
        walk(c, p->a);
        walk(c, p->b);
        def->list.items[k++] = p;
    }
    def->list.n = k;
}

/* A definition (the pypto one, or one nested in it, which the elaborator
 * reports itself). */
static void check_def(Check *c, AstNode *def)
{
    if (def->op)
        bad(c, def->span, "'async def' is");
    if (def->c)
        bad(c, def->c->span, "type parameters are");
    check_name(c, def->name, def->span);
    if (def->b)
        walk_list(c, &def->b->list);
    check_params(c, def);
    walk(c, def->a);
    walk_list(c, &def->list2);
}

static void walk(Check *c, const AstNode *n)
{
    if (!n || n->depth > AST_MAX_DEPTH)
        return;
    switch ((AstKind)n->kind) {
    /* ---- expressions */
    case AST_NAME:
        check_name(c, n->name, n->span);
        return;
    case AST_STRING:
        if (n->flags & AST_FSTRING)
            bad_why(c, n->span, "f-strings are", " (Python formats them when it runs)");
        else if (n->flags & AST_BYTES)
            bad(c, n->span, "bytes literals are");
        return;
    case AST_COMPLEX:
        bad(c, n->span, "complex numbers are");
        return;
    case AST_FLOAT:
        if (n->f - n->f != 0) {   /* inf: the literal does not fit a double */
            diag_error(c->E->diag, n->span, "float literal is too large (it would be infinite)");
            c->errors++;
        }
        return;
    case AST_LAMBDA:
        bad(c, n->span, "'lambda' is");
        return;
    case AST_IFEXP:
        bad_why(c, n->span, "conditional expressions ('a if c else b') are", "; use an if statement");
        return;
    case AST_COMP:
        bad(c, n->span, comp_word(n->op));
        return;
    case AST_SET:
        bad(c, n->span, "set displays are");
        return;
    case AST_STARRED:
        bad(c, n->span, n->op ? "'**' unpacking is" : "starred expressions ('*x') are");
        return;
    case AST_NAMEDEXPR:
        bad(c, n->span, "assignment expressions (':=') are");
        return;
    case AST_AWAIT:
        bad(c, n->span, "'await' is");
        return;
    case AST_YIELD_FROM:
        bad(c, n->span, "'yield from' is");
        return;
    case AST_ATTR:
        check_name(c, n->name, n->span);
        walk(c, n->a);
        return;
    case AST_KEYWORD:
        check_name(c, n->name, n->span);
        if (n->name == c->E->n.deps && n->a->kind == AST_COMP && n->a->op == AST_COMP_LIST)
            walk_comp(c, n->a);   /* deps=[t[i] for i in range(N)]: elab_deps.c */
        else
            walk(c, n->a);
        return;
    /* ---- statements */
    case AST_TRY:
        bad(c, n->span, "'try' statements are");
        return;
    case AST_RAISE:
        bad(c, n->span, "'raise' is");
        return;
    case AST_ASSERT:
        bad(c, n->span, "'assert' is");
        return;
    case AST_DEL:
        bad(c, n->span, "'del' is");
        return;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        bad(c, n->span, n->kind == AST_GLOBAL ? "'global' is" : "'nonlocal' is");
        return;
    case AST_MATCH:
        bad(c, n->span, "'match' statements are");
        return;
    case AST_TYPE_ALIAS:
        bad(c, n->span, "'type' aliases are");
        return;
    case AST_CLASSDEF:
        bad(c, n->span, "class definitions are");
        return;
    case AST_AUGASSIGN:
        if (n->op == AST_MATMUL)
            bad_why(c, n->span, "'@=' is", " (use pl.matmul)");
        /* fall through */
    case AST_ASSIGN:
    case AST_ANNASSIGN: {
        const AstNode *v = n->kind == AST_ANNASSIGN ? n->c : n->b;
        if (v && v->kind == AST_YIELD) {
            bad_why(c, v->span, "'yield' expressions are", "; write 'x = pl.yield_(...)'");
            return;
        }
        break;
    }
    case AST_FOR:
    case AST_WHILE:
    case AST_WITH:
        if (n->op)
            bad(c, n->span, n->kind == AST_FOR ? "'async for' is" : "'async with' is");
        if (n->kind != AST_WITH && (n->flags & AST_HAS_ELSE)) {
            bad(c, n->list2.n ? n->list2.items[0]->span : n->span,
                n->kind == AST_FOR ? "'else' after a 'for' loop is" : "'else' after a 'while' loop is");
            walk(c, n->a);
            walk(c, n->b);
            walk_list(c, &n->list);
            return;
        }
        break;
    case AST_FUNCDEF:
        return;   /* "nested function definitions are not supported" (elab_func.c) */
    default:
        break;
    }
    walk(c, n->a);
    walk(c, n->b);
    if (n->kind == AST_ANNASSIGN)
        walk(c, n->c);
    walk_list(c, &n->list);
    walk_list(c, &n->list2);
}

unsigned elab_check_dsl(Elab *E, AstNode *def)
{
    Check c;
    /* The parser saw nothing to report in this definition. */
    if (!def->python && !E->parse->non_ascii_names)
        return 0;
    c.E = E;
    c.errors = 0;
    check_def(&c, def);
    return c.errors;
}
