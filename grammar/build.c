/* build.c: the syntax-tree builders the grammar's actions call. */
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

static AstNode *node(ParseCtx *ctx, int kind, Span span)
{
    AstNode *n = arena_zalloc(&ctx->arena, sizeof *n);
    n->kind = (uint8_t)kind;
    n->span = span;
    n->depth = 1;
    return n;
}

/* Depth bookkeeping: a node is one deeper than its deepest child.  The
 * first node past the limit is reported; its ancestors inherit the
 * over-limit depth silently, so one error is printed per construct. */
static void deepen(ParseCtx *ctx, AstNode *n, const AstNode *child)
{
    uint32_t d;
    if (!child)
        return;
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
    return n;
}

AstNode *ast_string(ParseCtx *ctx, AstNode *prev, Span span)
{
    size_t len;
    char *s = literal_string(&ctx->arena, ctx->src->text + span.lo, span.hi - span.lo, &len);
    if (prev) {
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
        for (uint32_t i = 0; i < args->n; i++) {
            AstNode *x = args->items[i];
            if (x->kind == AST_KEYWORD) {
                for (uint32_t k = 0; k < n->list2.n; k++)
                    if (n->list2.items[k]->name == x->name)
                        diag_error(ctx->diag, x->span, "keyword argument '%s' repeated", x->name);
                ast_list_push(ctx, &n->list2, x);
            } else {
                if (n->list2.n)
                    diag_error(ctx->diag, x->span, "positional argument follows keyword argument");
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
    if (items->n == 1 && !trailing_comma)
        return items->items[0];
    return ast_seq(ctx, AST_TUPLE, items, trailing_comma, span);
}

AstNode *ast_parens(ParseCtx *ctx, AstNode *inner, Span span)
{
    (void)ctx;
    inner->flags |= AST_PARENS;
    inner->span = span;
    return inner;
}

AstNode *ast_binop(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span)
{
    AstNode *n = node(ctx, AST_BINOP, span);
    n->op = (uint8_t)op;
    n->a = a;
    n->b = b;
    deepen(ctx, n, a);
    deepen(ctx, n, b);
    return n;
}

AstNode *ast_boolop(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span)
{
    AstNode *n = ast_binop(ctx, op, a, b, span);
    n->kind = AST_BOOLOP;
    return n;
}

AstNode *ast_compare(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span)
{
    AstNode *n = ast_binop(ctx, op, a, b, span);
    n->kind = AST_COMPARE;
    return n;
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
    n->a = target;
    n->b = value;
    deepen(ctx, n, target);
    deepen(ctx, n, value);
    return n;
}

AstNode *ast_assign_more(ParseCtx *ctx, AstNode *assign, AstNode *value, Span span)
{
    ast_list_push(ctx, &assign->list, assign->b);
    assign->b = value;
    assign->span = span;
    deepen(ctx, assign, value);
    return assign;
}

AstNode *ast_annassign(ParseCtx *ctx, AstNode *target, AstNode *annotation, AstNode *value, Span span)
{
    AstNode *n = node(ctx, AST_ANNASSIGN, span);
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
    AstNode *n = ast_assign(ctx, target, value, span);
    n->kind = AST_AUGASSIGN;
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
    n->flags |= AST_HAS_ELSE;
    if (orelse->kind == AST_ELSE_BLOCK)
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
    AstNode *n = node(ctx, AST_ELSE_BLOCK, span);
    n->list = *body;
    return n;
}

AstNode *ast_for(ParseCtx *ctx, AstNode *target, AstNode *iter, AstList *body, Span span)
{
    AstNode *n = node(ctx, AST_FOR, span);
    n->a = target;
    n->b = iter;
    n->list = *body;
    deepen(ctx, n, target);
    deepen(ctx, n, iter);
    return n;
}

AstNode *ast_while(ParseCtx *ctx, AstNode *test, AstList *body, Span span)
{
    AstNode *n = node(ctx, AST_WHILE, span);
    n->a = test;
    n->list = *body;
    deepen(ctx, n, test);
    return n;
}

AstNode *ast_with_item(ParseCtx *ctx, AstNode *context, AstNode *target, Span span)
{
    AstNode *n = node(ctx, AST_WITH_ITEM, span);
    n->a = context;
    n->b = target;
    deepen(ctx, n, context);
    deepen(ctx, n, target);
    return n;
}

AstNode *ast_with(ParseCtx *ctx, AstList *items, AstList *body, Span span)
{
    AstNode *n = node(ctx, AST_WITH, span);
    n->a = items->items[0]->a;
    n->b = items->items[0]->b;
    for (uint32_t i = 1; i < items->n; i++)
        ast_list_push(ctx, &n->list2, items->items[i]);
    n->list = *body;
    deepen_list(ctx, n, items);
    return n;
}

AstNode *ast_funcdef(ParseCtx *ctx, const char *name, AstList *params, AstNode *ret, AstList *body, Span span)
{
    AstNode *n = node(ctx, AST_FUNCDEF, span);
    n->name = name;
    if (params)
        n->list = *params;
    n->list2 = *body;
    n->a = ret;
    return n;
}

AstNode *ast_param(ParseCtx *ctx, const char *name, AstNode *annotation, AstNode *dflt, Span span)
{
    AstNode *n = node(ctx, AST_PARAM, span);
    n->name = name;
    n->a = annotation;
    n->b = dflt;
    return n;
}

AstNode *ast_decorate(ParseCtx *ctx, AstList *decorators, AstNode *def, Span span)
{
    /* The definition keeps its own span (from 'def'): messages about a
     * function point at its header, not at its decorators. */
    def->b = ast_seq(ctx, AST_LIST, decorators, 0, span);
    return def;
}

AstNode *ast_classdef(ParseCtx *ctx, AstList *decorators, const char *name, AstList *bases, Span span)
{
    AstNode *n = node(ctx, AST_CLASSDEF, span);
    n->name = name;
    if (decorators)
        n->b = ast_seq(ctx, AST_LIST, decorators, 0, span);
    if (bases)
        n->list = *bases;
    return n;
}
