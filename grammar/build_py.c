/* build_py.c: syntax-tree builders for the Python that pyptocc parses but
 * does not compile (ast.h lists the nodes): a pypto file is an ordinary
 * Python module, and everything outside its pypto definitions is read,
 * checked as Python checks it while parsing (build_check.c), and
 * skipped. */
#include "config.h"
#include "grammar/build.h"
#include "support/xalloc.h"

#include <string.h>

AstNode *ast_bigint(ParseCtx *ctx, Span span)
{
    AstNode *n = ast_node(ctx, AST_INT, span);
    n->u = UINT64_MAX;
    n->flags |= AST_BIG;
    n->op = 1;
    return n;
}

AstNode *ast_imag(ParseCtx *ctx, double value, Span span)
{
    AstNode *n = ast_node(ctx, AST_COMPLEX, span);
    n->f = value;
    return n;
}

AstNode *ast_stmt2(ParseCtx *ctx, AstKind kind, AstNode *a, AstNode *b, Span span)
{
    AstNode *n = ast_node(ctx, kind, span);
    n->a = a;
    n->b = b;
    ast_deepen(ctx, n, a);
    ast_deepen(ctx, n, b);
    return n;
}

AstNode *ast_del(ParseCtx *ctx, AstList *targets, Span span)
{
    AstNode *n = ast_node(ctx, AST_DEL, span);
    n->list = *targets;
    for (uint32_t i = 0; i < targets->n; i++) {
        ast_check_target(ctx, targets->items[i], AST_DEL);
        ast_deepen(ctx, n, targets->items[i]);
    }
    return n;
}

AstNode *ast_names_stmt(ParseCtx *ctx, AstKind kind, AstList *names, Span span)
{
    AstNode *n = ast_node(ctx, kind, span);
    n->list = *names;
    return n;
}

AstNode *ast_type_alias(ParseCtx *ctx, const char *name, AstList *tparams, AstNode *value, Span span)
{
    AstNode *n = ast_node(ctx, AST_TYPE_ALIAS, span);
    n->name = name;
    n->a = value;
    if (tparams->n)
        n->c = tparams->items[0];
    ast_deepen(ctx, n, value);
    return n;
}

AstNode *ast_import_star(ParseCtx *ctx, const char *module, Span span)
{
    AstNode *n = ast_node(ctx, AST_IMPORTFROM, span);
    n->name = module;
    n->op = 1;
    return n;
}

const char *ast_dotted_join(ParseCtx *ctx, const char *left, const char *right)
{
    size_t a = intern_len(left), b = intern_len(right);
    char *buf = xmalloc(a + b + 1);
    const char *r;
    memcpy(buf, left, a);
    memcpy(buf + a, right, b);
    r = intern(ctx->names, buf, a + b);
    xfree(buf);
    return r;
}

AstNode *ast_try(ParseCtx *ctx, AstList *body, AstList *handlers, AstNode *orelse, AstNode *final, Span span)
{
    AstNode *n = ast_node(ctx, AST_TRY, span);
    n->list = *body;
    if (handlers) {
        n->list2 = *handlers;
        /* except and except* do not mix; a bare except must come last. */
        for (uint32_t i = 0; i < handlers->n; i++) {
            AstNode *h = handlers->items[i];
            if (h->op != handlers->items[0]->op)
                diag_error(ctx->diag, h->span, "cannot have both 'except' and 'except*' on the same 'try'");
            else if (!h->a && i + 1 < handlers->n)
                diag_error(ctx->diag, h->span, "default 'except:' must be last");
        }
    }
    n->a = orelse;
    n->b = final;
    return n;
}

AstNode *ast_except(ParseCtx *ctx, AstNode *type, const char *name, int star, AstList *body, Span span)
{
    AstNode *n = ast_node(ctx, AST_EXCEPT, span);
    n->a = type;
    n->name = name;
    n->op = (uint8_t)star;
    n->list = *body;
    ast_deepen(ctx, n, type);
    return n;
}

AstNode *ast_match(ParseCtx *ctx, AstNode *subject, AstList *cases, Span span)
{
    AstNode *n = ast_node(ctx, AST_MATCH, span);
    n->a = subject;
    n->list = *cases;
    ast_deepen(ctx, n, subject);
    return n;
}

AstNode *ast_case(ParseCtx *ctx, AstNode *pattern, AstNode *guard, AstList *body, Span span)
{
    AstNode *n = ast_node(ctx, AST_CASE, span);
    n->a = pattern;
    n->b = guard;
    n->list = *body;
    ast_deepen(ctx, n, guard);
    return n;
}

AstNode *ast_pattern(ParseCtx *ctx, Span span) { return ast_node(ctx, AST_PATTERN, span); }

AstNode *ast_starred(ParseCtx *ctx, int double_star, AstNode *value, Span span)
{
    AstNode *n = ast_node(ctx, AST_STARRED, span);
    n->a = value;
    n->op = (uint8_t)double_star;
    ast_deepen(ctx, n, value);
    return n;
}

AstNode *ast_namedexpr(ParseCtx *ctx, AstNode *target, AstNode *value, Span span)
{
    AstNode *n = ast_node(ctx, AST_NAMEDEXPR, span);
    n->a = target;
    n->b = value;
    ast_deepen(ctx, n, target);
    ast_deepen(ctx, n, value);
    return n;
}

AstNode *ast_ifexp(ParseCtx *ctx, AstNode *test, AstNode *body, AstNode *orelse, Span span)
{
    AstNode *n = ast_node(ctx, AST_IFEXP, span);
    n->a = test;
    n->b = body;
    n->c = orelse;
    ast_deepen(ctx, n, test);
    ast_deepen(ctx, n, body);
    ast_deepen(ctx, n, orelse);
    return n;
}

AstNode *ast_lambda(ParseCtx *ctx, AstList *params, AstNode *body, Span span)
{
    AstNode *n = ast_node(ctx, AST_LAMBDA, span);
    if (params) {
        ast_params_check(ctx, params, 1);
        n->list = *params;
        for (uint32_t i = 0; i < params->n; i++)
            ast_deepen(ctx, n, params->items[i]);
    }
    n->a = body;
    ast_deepen(ctx, n, body);
    return n;
}

AstNode *ast_paren_items(ParseCtx *ctx, AstList *items, int trailing_comma, Span span)
{
    AstNode *n;
    int as_items = 0;
    for (uint32_t i = 0; i < items->n; i++)
        as_items |= items->items[i]->kind == AST_WITH_ITEM;
    if (!as_items)
        return ast_parens(ctx, ast_testlist(ctx, items, trailing_comma, span), span);
    if (items->n == 1 && !trailing_comma)
        return ast_parens(ctx, items->items[0], span);
    /* with (a as b, c): a holder that only ast_with accepts. */
    n = ast_node(ctx, AST_WITH_ITEMS, span);
    n->list = *items;
    n->flags |= AST_PARENS;
    for (uint32_t i = 0; i < items->n; i++)
        if (items->items[i]->depth + 1 > n->depth)
            n->depth = items->items[i]->depth + 1;
    return n;
}

AstNode *ast_comp(ParseCtx *ctx, int kind, AstNode *elt, AstNode *value, AstList *fors, Span span)
{
    AstNode *n = ast_node(ctx, AST_COMP, span);
    n->op = (uint8_t)kind;
    n->a = elt;
    n->b = value;
    n->list = *fors;
    if (kind == AST_COMP_GEN && span.lo < span.hi && *source_text_at(ctx->src, span.lo) == '(')
        n->flags |= AST_PARENS;
    if (elt->kind == AST_STARRED)
        diag_error(ctx->diag, elt->span, "iterable unpacking cannot be used in comprehension");
    ast_deepen(ctx, n, elt);
    ast_deepen(ctx, n, value);
    for (uint32_t i = 0; i < fors->n; i++)
        ast_deepen(ctx, n, fors->items[i]);
    return n;
}

AstNode *ast_comp_for(ParseCtx *ctx, AstNode *target, AstNode *iter, AstList *ifs, int async, Span span)
{
    AstNode *n = ast_node(ctx, AST_COMP_FOR, span);
    ast_check_target(ctx, target, AST_FOR);
    n->a = target;
    n->b = iter;
    n->list = *ifs;
    n->op = (uint8_t)async;
    ast_deepen(ctx, n, target);
    ast_deepen(ctx, n, iter);
    for (uint32_t i = 0; i < ifs->n; i++)
        ast_deepen(ctx, n, ifs->items[i]);
    return n;
}

AstNode *ast_pair(ParseCtx *ctx, AstNode *key, AstNode *value, Span span)
{
    AstNode *n = ast_node(ctx, AST_PAIR, span);
    n->a = key;
    n->b = value;
    ast_deepen(ctx, n, key);
    ast_deepen(ctx, n, value);
    return n;
}

AstNode *ast_slice(ParseCtx *ctx, AstNode *lower, AstNode *upper, AstNode *step, int step_colon, Span span)
{
    AstNode *n = ast_node(ctx, AST_SLICE, span);
    n->a = lower;
    n->b = upper;
    n->c = step;
    n->op = (uint8_t)step_colon;
    ast_deepen(ctx, n, lower);
    ast_deepen(ctx, n, upper);
    ast_deepen(ctx, n, step);
    return n;
}
