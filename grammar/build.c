/* build.c: the syntax-tree builders the grammar's actions call (the
 * compiled subset's constructs; build_py.c has the rest of Python). */
#include "config.h"
#include "grammar/build.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <string.h>

void ast_list_init(AstList *l)
{
    l->items = NULL;
    l->n = l->cap = 0;
}

void ast_list_push(ParseCtx *ctx, AstList *l, AstNode *n)
{
    if (!n)
        return;
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 4;
        AstNode **items;
        if (l->cap > UINT32_MAX / 2)
            xalloc_die();
        items = arena_array(&ctx->arena, cap, sizeof *items);
        if (l->n)
            memcpy(items, l->items, l->n * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = n;
}

void ast_list_one(ParseCtx *ctx, AstList *out, AstNode *n)
{
    ast_list_init(out);
    ast_list_push(ctx, out, n);
}

void ast_list_extend(ParseCtx *ctx, AstList *dst, const AstList *src)
{
    for (uint32_t i = 0; i < src->n; i++)
        ast_list_push(ctx, dst, src->items[i]);
}

void ast_note_python(ParseCtx *ctx) { ctx->python_nodes++; }

static inline AstNode *node(ParseCtx *ctx, int kind, Span span)
{
    AstNode *n = arena_zalloc(&ctx->arena, sizeof *n);
    if (kind >= AST_COMPLEX && kind < AST_KIND_COUNT)
        ctx->python_nodes++;
    n->kind = (uint8_t)kind;
    n->span = span;
    n->depth = 1;
    return n;
}

AstNode *ast_node(ParseCtx *ctx, int kind, Span span) { return node(ctx, kind, span); }

/* Depth bookkeeping: a node is one deeper than its deepest child.  The
 * first node past the limit is reported; its ancestors inherit the
 * over-limit depth silently, so one error is printed per construct.
 * Every builder passes each child through here, which makes it the one
 * place where a holder used out of place ('x as y' outside 'with') is
 * caught. */
static __attribute__((noinline)) void misplaced_holder(ParseCtx *ctx, AstNode *child)
{
    diag_error(ctx->diag, child->span, "invalid syntax: 'as' is only valid in 'import', 'with', 'except' and 'case'");
    child->kind = AST_ERROR;
}

static inline void deepen(ParseCtx *ctx, AstNode *n, AstNode *child)
{
    uint32_t d;
    if (!child)
        return;
    if (child->kind >= AST_WITH_ITEM)   /* a holder (build.h): only AST_WITH_ITEM(S) can get here */
        misplaced_holder(ctx, child);
    if (child->depth > AST_MAX_DEPTH) {
        n->depth = child->depth;
        return;
    }
    d = child->depth + 1;
    if (d > n->depth) {
        n->depth = d;
        if (d > AST_MAX_DEPTH)
            diag_error(ctx->diag, n->span, "expression or statement nested too deeply (limit %d levels)",
                       AST_MAX_DEPTH);
    }
}

void ast_deepen(ParseCtx *ctx, AstNode *n, AstNode *child) { deepen(ctx, n, child); }

static void deepen_list(ParseCtx *ctx, AstNode *n, const AstList *l)
{
    for (uint32_t i = 0; i < l->n; i++)
        deepen(ctx, n, l->items[i]);
}

AstNode *ast_leaf(ParseCtx *ctx, AstKind kind, Span span) { return node(ctx, kind, span); }

AstNode *ast_name(ParseCtx *ctx, const char *name, Span span)
{
    AstNode *n = node(ctx, AST_NAME, span);
    n->name = name;
    return n;
}

AstNode *ast_int(ParseCtx *ctx, uint64_t value, Span span)
{
    AstNode *n = node(ctx, AST_INT, span);
    n->u = value;
    if (value > (uint64_t)INT64_MAX)
        n->flags |= AST_BIG;
    return n;
}

AstNode *ast_float(ParseCtx *ctx, double value, Span span)
{
    AstNode *n = node(ctx, AST_FLOAT, span);
    n->f = value;
    if (value - value != 0)
        ast_note_python(ctx);   /* too large: inf (reported where it is compiled) */
    return n;
}

AstNode *ast_string(ParseCtx *ctx, AstNode *prev, Span span)
{
    size_t len;
    const char *text = source_text_at(ctx->src, span.lo);
    int kind = literal_string_prefix(text, span.hi - span.lo);
    uint8_t flags = (uint8_t)((kind & LIT_FSTRING ? AST_FSTRING : 0) | (kind & LIT_BYTES ? AST_BYTES : 0));
    /* An f-string's value is computed at run time: only its text is kept. */
    char *s = kind & LIT_FSTRING ? arena_strndup(&ctx->arena, "", 0)
                                 : literal_string(&ctx->arena, text, span.hi - span.lo, &len);
    if (kind & LIT_FSTRING)
        len = 0;
    if (kind & LIT_BYTES) {
        for (uint32_t i = 0; i < span.hi - span.lo; i++)
            if ((unsigned char)text[i] >= 0x80) {
                diag_error(ctx->diag, span, "bytes can only contain ASCII literal characters");
                break;
            }
    }
    if (flags)
        ast_note_python(ctx);
    if (prev && (prev->flags & AST_BYTES) != (flags & AST_BYTES))
        diag_error(ctx->diag, span_make(prev->span.lo, span.hi), "cannot mix bytes and nonbytes literals");
    if (prev) {
        prev->flags |= flags & AST_FSTRING;
        char *joined = arena_alloc(&ctx->arena, prev->u + len + 1);
        memcpy(joined, prev->name, prev->u);
        memcpy(joined + prev->u, s, len + 1);
        prev->name = joined;
        prev->u += len;
        prev->span.hi = span.hi;
        return prev;
    }
    {
        AstNode *n = node(ctx, AST_STRING, span);
        n->name = s;
        n->u = len;
        n->flags |= flags;
        return n;
    }
}

AstNode *ast_attr(ParseCtx *ctx, AstNode *value, const char *name, Span span)
{
    AstNode *n = node(ctx, AST_ATTR, span);
    n->a = value;
    n->name = name;
    deepen(ctx, n, value);
    return n;
}

AstNode *ast_keyword(ParseCtx *ctx, const char *name, AstNode *value, Span span)
{
    AstNode *n = node(ctx, AST_KEYWORD, span);
    n->name = name;
    n->a = value;
    deepen(ctx, n, value);
    return n;
}

const char *ast_keyword_name(ParseCtx *ctx, const char *word) { return intern_cstr(ctx->names, word); }

AstNode *ast_call(ParseCtx *ctx, AstNode *func, AstList *args, Span span)
{
    AstNode *n = node(ctx, AST_CALL, span);
    n->a = func;
    deepen(ctx, n, func);
    if (args) {
        int seen_dstar = 0;
        for (uint32_t i = 0; i < args->n; i++) {
            AstNode *x = args->items[i];
            int dstar = x->kind == AST_STARRED && x->op;
            if (x->kind == AST_COMP && x->op == AST_COMP_GEN && !(x->flags & AST_PARENS) && args->n > 1)
                diag_error(ctx->diag, x->span, "generator expression must be parenthesized");
            if (x->kind == AST_KEYWORD || dstar) {
                /* Keywords and **mappings keep their order in list2. */
                for (uint32_t k = 0; !dstar && k < n->list2.n; k++)
                    if (n->list2.items[k]->name == x->name)
                        diag_error(ctx->diag, x->span, "keyword argument '%s' repeated", x->name);
                seen_dstar |= dstar;
                ast_list_push(ctx, &n->list2, x);
            } else {
                /* *iterable may follow keywords, not **mappings; a plain one neither. */
                if (x->kind == AST_STARRED ? seen_dstar : n->list2.n != 0)
                    diag_error(ctx->diag, x->span, x->kind == AST_STARRED
                                                       ? "iterable argument unpacking follows keyword argument unpacking"
                                                   : seen_dstar ? "positional argument follows keyword argument unpacking"
                                                                : "positional argument follows keyword argument");
                ast_list_push(ctx, &n->list, x);
            }
            deepen(ctx, n, x);
        }
    }
    return n;
}

AstNode *ast_subscript(ParseCtx *ctx, AstNode *value, AstList *items, int trailing_comma, Span span)
{
    AstNode *n = node(ctx, AST_SUBSCRIPT, span);
    n->a = value;
    n->list = *items;
    if (trailing_comma)
        n->flags |= AST_TRAILING_COMMA;
    deepen(ctx, n, value);
    deepen_list(ctx, n, items);
    return n;
}

AstNode *ast_seq(ParseCtx *ctx, AstKind kind, AstList *items, int trailing_comma, Span span)
{
    AstNode *n = node(ctx, kind, span);
    if (items) {
        n->list = *items;
        deepen_list(ctx, n, items);
    }
    if (trailing_comma)
        n->flags |= AST_TRAILING_COMMA;
    return n;
}

AstNode *ast_testlist(ParseCtx *ctx, AstList *items, int trailing_comma, Span span)
{
    if (items->n == 1 && !trailing_comma) {
        AstNode *x = items->items[0];
        if (x->kind == AST_STARRED && !(x->flags & AST_PARENS)) {
            /* '*a' alone is no value; '*a,' is a tuple */
            diag_error(ctx->diag, x->span, "cannot use starred expression here");
            x->kind = AST_ERROR;
        }
        return x;
    }
    return ast_seq(ctx, AST_TUPLE, items, trailing_comma, span);
}

AstNode *ast_parens(ParseCtx *ctx, AstNode *inner, Span span)
{
    (void)ctx;
    inner->flags |= AST_PARENS;
    inner->span = span;
    return inner;
}

static AstNode *binary(ParseCtx *ctx, int kind, int op, AstNode *a, AstNode *b, Span span)
{
    AstNode *n = node(ctx, kind, span);
    n->op = (uint8_t)op;
    n->a = a;
    n->b = b;
    deepen(ctx, n, a);
    deepen(ctx, n, b);
    return n;
}

/* One expression nonterminal reads every operator (parser.y), so 'a < not
 * b' parses; Python's grammar has no 'not' below the comparisons. */
static void not_operand(ParseCtx *ctx, const AstNode *b)
{
    if (b->kind == AST_UNARY && b->op == AST_NOT && !(b->flags & AST_PARENS))
        diag_error(ctx->diag, b->span, "invalid syntax: 'not' here needs parentheses");
}

AstNode *ast_binop(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span)
{
    not_operand(ctx, b);
    return binary(ctx, AST_BINOP, op, a, b, span);
}

AstNode *ast_boolop(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span)
{
    return binary(ctx, AST_BOOLOP, op, a, b, span);
}

AstNode *ast_compare(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span)
{
    not_operand(ctx, b);
    return binary(ctx, AST_COMPARE, op, a, b, span);
}

AstNode *ast_unary(ParseCtx *ctx, int op, AstNode *a, Span span)
{
    AstNode *n = node(ctx, AST_UNARY, span);
    n->op = (uint8_t)op;
    n->a = a;
    deepen(ctx, n, a);
    return n;
}

/* ----------------------------------------------------------- statements */

AstNode *ast_stmt0(ParseCtx *ctx, AstKind kind, Span span) { return node(ctx, kind, span); }

AstNode *ast_stmt1(ParseCtx *ctx, AstKind kind, AstNode *a, Span span)
{
    AstNode *n = node(ctx, kind, span);
    n->a = a;
    deepen(ctx, n, a);
    return n;
}

AstNode *ast_assign(ParseCtx *ctx, AstNode *target, AstNode *value, Span span)
{
    AstNode *n = node(ctx, AST_ASSIGN, span);
    ast_check_target(ctx, target, AST_ASSIGN);
    n->a = target;
    n->b = value;
    deepen(ctx, n, target);
    deepen(ctx, n, value);
    return n;
}

AstNode *ast_assign_more(ParseCtx *ctx, AstNode *assign, AstNode *value, Span span)
{
    ast_check_target(ctx, assign->b, AST_ASSIGN);
    ast_list_push(ctx, &assign->list, assign->b);
    assign->b = value;
    assign->span = span;
    deepen(ctx, assign, value);
    return assign;
}

AstNode *ast_annassign(ParseCtx *ctx, AstNode *target, AstNode *annotation, AstNode *value, Span span)
{
    AstNode *n = node(ctx, AST_ANNASSIGN, span);
    ast_check_target(ctx, target, AST_ANNASSIGN);
    n->a = target;
    n->b = annotation;
    n->c = value;
    deepen(ctx, n, target);
    deepen(ctx, n, annotation);
    deepen(ctx, n, value);
    return n;
}

AstNode *ast_augassign(ParseCtx *ctx, int op, AstNode *target, AstNode *value, Span span)
{
    AstNode *n = node(ctx, AST_AUGASSIGN, span);
    ast_check_target(ctx, target, AST_AUGASSIGN);
    if (op == AST_MATMUL)
        ast_note_python(ctx);
    n->a = target;
    n->b = value;
    deepen(ctx, n, target);
    deepen(ctx, n, value);
    n->op = (uint8_t)op;
    return n;
}

AstNode *ast_import(ParseCtx *ctx, const char *module, AstList *aliases, Span span)
{
    AstNode *n = node(ctx, module ? AST_IMPORTFROM : AST_IMPORT, span);
    n->name = module;
    n->list = *aliases;
    return n;
}

AstNode *ast_alias(ParseCtx *ctx, const char *dotted, AstNode *asname, Span span)
{
    AstNode *n = node(ctx, AST_ALIAS, span);
    n->name = dotted;
    n->a = asname;
    return n;
}

const char *ast_dotted(ParseCtx *ctx, const char *left, const char *right)
{
    size_t a = intern_len(left), b = intern_len(right);
    char *buf = xmalloc(a + b + 2);
    const char *r;
    memcpy(buf, left, a);
    buf[a] = '.';
    memcpy(buf + a + 1, right, b);
    r = intern(ctx->names, buf, a + b + 1);
    xfree(buf);
    return r;
}

static void attach_else(ParseCtx *ctx, AstNode *n, AstNode *orelse)
{
    if (!orelse)
        return;
    if (n->kind != AST_IF)
        ast_note_python(ctx);   /* for/while ... else */
    n->flags |= AST_HAS_ELSE;
    if (orelse->kind == AST_BLOCK)
        n->list2 = orelse->list;
    else
        ast_list_one(ctx, &n->list2, orelse);
    deepen(ctx, n, orelse);
}

AstNode *ast_if(ParseCtx *ctx, AstNode *test, AstList *body, AstNode *orelse, Span span)
{
    AstNode *n = node(ctx, AST_IF, span);
    n->a = test;
    n->list = *body;
    deepen(ctx, n, test);
    attach_else(ctx, n, orelse);
    return n;
}

AstNode *ast_elif(ParseCtx *ctx, AstNode *test, AstList *body, AstNode *orelse, Span span)
{
    AstNode *n = ast_if(ctx, test, body, orelse, span);
    n->flags |= AST_ELIF;
    return n;
}

AstNode *ast_else(ParseCtx *ctx, AstList *body, Span span)
{
    AstNode *n = node(ctx, AST_BLOCK, span);
    n->list = *body;
    return n;
}

AstNode *ast_for(ParseCtx *ctx, AstNode *target, AstNode *iter, AstList *body, AstNode *orelse, int async,
                 Span span)
{
    AstNode *n = node(ctx, AST_FOR, span);
    ast_check_target(ctx, target, AST_FOR);
    n->a = target;
    n->b = iter;
    n->list = *body;
    n->op = (uint8_t)async;
    if (async)
        ast_note_python(ctx);
    deepen(ctx, n, target);
    deepen(ctx, n, iter);
    attach_else(ctx, n, orelse);
    return n;
}

AstNode *ast_while(ParseCtx *ctx, AstNode *test, AstList *body, AstNode *orelse, Span span)
{
    AstNode *n = node(ctx, AST_WHILE, span);
    n->a = test;
    n->list = *body;
    deepen(ctx, n, test);
    attach_else(ctx, n, orelse);
    return n;
}

AstNode *ast_with_item(ParseCtx *ctx, AstNode *context, AstNode *target, Span span)
{
    AstNode *n = node(ctx, AST_WITH_ITEM, span);
    n->a = context;
    n->b = target;
    if (target)
        ast_check_target(ctx, target, AST_FOR);
    /* Parenthesized items 'with (a as b, c):' are unpacked by ast_with. */
    if (target || (context->kind != AST_WITH_ITEM && context->kind != AST_WITH_ITEMS))
        deepen(ctx, n, context);
    deepen(ctx, n, target);
    return n;
}

/* with (a as b, c): parentheses around the items. */
static int paren_items(const AstNode *item)
{
    const AstNode *c = item->a;
    return !item->b && (c->flags & AST_PARENS) &&
           (c->kind == AST_WITH_ITEM || c->kind == AST_WITH_ITEMS || (c->kind == AST_TUPLE && c->list.n));
}

static AstNode *as_with_item(ParseCtx *ctx, AstNode *x)
{
    return x->kind == AST_WITH_ITEM ? x : ast_with_item(ctx, x, NULL, x->span);
}

AstNode *ast_with(ParseCtx *ctx, AstList *items, AstList *body, int async, Span span)
{
    AstNode *n = node(ctx, AST_WITH, span);
    AstList list = *items;
    if (items->n == 1 && paren_items(items->items[0])) {
        AstNode *c = items->items[0]->a;
        if (c->kind == AST_WITH_ITEM) {
            ast_list_one(ctx, &list, c);
        } else {
            ast_list_init(&list);
            for (uint32_t i = 0; i < c->list.n; i++)
                ast_list_push(ctx, &list, as_with_item(ctx, c->list.items[i]));
        }
    }
    n->a = list.items[0]->a;
    n->b = list.items[0]->b;
    for (uint32_t i = 1; i < list.n; i++)
        ast_list_push(ctx, &n->list2, list.items[i]);
    n->list = *body;
    n->op = (uint8_t)async;
    if (async)
        ast_note_python(ctx);
    for (uint32_t i = 0; i < list.n; i++) {
        deepen(ctx, n, list.items[i]->a);
        deepen(ctx, n, list.items[i]->b);
    }
    return n;
}

AstNode *ast_funcdef(ParseCtx *ctx, const char *name, AstList *params, AstNode *ret, AstList *body,
                     AstList *tparams, int async, Span span)
{
    AstNode *n = node(ctx, AST_FUNCDEF, span);
    n->name = name;
    ast_params_check(ctx, params, 0);
    n->list = *params;
    n->list2 = *body;
    n->a = ret;
    n->op = (uint8_t)async;
    if (tparams->n)
        n->c = tparams->items[0];
    if (async)
        ast_note_python(ctx);
    deepen(ctx, n, ret);
    return n;
}

AstNode *ast_param(ParseCtx *ctx, const char *name, AstNode *annotation, AstNode *dflt, int kind, Span span)
{
    AstNode *n = node(ctx, AST_PARAM, span);
    n->name = name;
    n->a = annotation;
    n->b = dflt;
    n->op = (uint8_t)kind;
    if (kind != AST_PARAM_PLAIN)
        ast_note_python(ctx);
    deepen(ctx, n, annotation);
    deepen(ctx, n, dflt);
    return n;
}

AstNode *ast_decorate(ParseCtx *ctx, AstList *decorators, AstNode *def, Span span)
{
    /* The definition keeps its own span (from 'def'): messages about a
     * function point at its header, not at its decorators. */
    def->b = ast_seq(ctx, AST_LIST, decorators, 0, span);
    return def;
}

AstNode *ast_args(ParseCtx *ctx, AstList *args, Span span)
{
    /* Read as a call's arguments (the same checks), kept as a holder. */
    AstNode *call = ast_call(ctx, NULL, args, span);
    call->kind = AST_ARGS;
    return call;
}

AstNode *ast_classdef(ParseCtx *ctx, AstList *decorators, const char *name, AstList *tparams, AstNode *args,
                      Span span)
{
    AstNode *n = node(ctx, AST_CLASSDEF, span);
    n->name = name;
    if (decorators)
        n->b = ast_seq(ctx, AST_LIST, decorators, 0, span);
    if (args) {
        n->list = args->list;
        ast_list_extend(ctx, &n->list, &args->list2);
    }
    if (tparams->n)
        n->c = tparams->items[0];
    return n;
}

AstNode *ast_classdef_full(ParseCtx *ctx, AstList *decorators, const char *name, AstList *tparams, AstNode *args,
                           AstList *body, Span span)
{
    AstNode *n = ast_classdef(ctx, decorators, name, tparams, args, span);
    n->op = 1;
    n->list2 = *body;
    return n;
}
