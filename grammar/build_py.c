/* build_py.c: syntax-tree builders for the Python that pyptocc parses but
 * does not compile (ast.h lists the nodes): a pypto file is an ordinary
 * Python module, and everything outside its pypto definitions is read,
 * checked as Python checks it while parsing, and skipped.  The checks
 * here are the parser's share of Python's: assignment targets, parameter
 * order, and the like. */
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
    if (kind == AST_COMP_GEN && span.lo < span.hi && ctx->src->text[span.lo] == '(')
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

/* ------------------------------------------------------------- checks */

static const char *target_word(const AstNode *t)
{
    switch ((AstKind)t->kind) {
    case AST_CALL: return "function call";
    case AST_INT: case AST_FLOAT: case AST_COMPLEX: case AST_STRING: return "literal";
    case AST_TRUE: return "True";
    case AST_FALSE: return "False";
    case AST_NONE: return "None";
    case AST_ELLIPSIS: return "ellipsis";
    case AST_LAMBDA: return "lambda";
    case AST_IFEXP: return "conditional expression";
    case AST_NAMEDEXPR: return "named expression";
    case AST_AWAIT: return "await expression";
    case AST_YIELD: case AST_YIELD_FROM: return "yield expression";
    case AST_DICT: return "dict literal";
    case AST_SET: return "set display";
    case AST_COMPARE: return "comparison";
    case AST_COMP:
        return t->op == AST_COMP_GEN ? "generator expression"
               : t->op == AST_COMP_LIST ? "list comprehension"
               : t->op == AST_COMP_SET  ? "set comprehension"
                                        : "dict comprehension";
    default: return "expression";
    }
}

static int check_target(ParseCtx *ctx, AstNode *t, int what, int in_seq)
{
    const char *verb = what == AST_DEL ? "delete" : "assign to";
    switch ((AstKind)t->kind) {
    case AST_NAME:
    case AST_ATTR:
    case AST_SUBSCRIPT:
    case AST_ERROR:
        return 1;
    case AST_TUPLE:
    case AST_LIST: {
        int stars = 0, ok = 1;
        if (what == AST_ANNASSIGN || what == AST_AUGASSIGN) {
            diag_error(ctx->diag, t->span, what == AST_ANNASSIGN ? "only single target (not %s) can be annotated"
                                                               : "'%s' is an illegal expression for augmented assignment",
                       t->kind == AST_TUPLE ? "tuple" : "list");
            return 0;
        }
        for (uint32_t i = 0; i < t->list.n; i++) {
            AstNode *x = t->list.items[i];
            if (x->kind == AST_STARRED && ++stars == 2) {
                diag_error(ctx->diag, x->span, "multiple starred expressions in assignment");
                return 0;
            }
            ok &= check_target(ctx, x, what, 1);
        }
        return ok;
    }
    case AST_STARRED:
        if (what == AST_DEL) {
            diag_error(ctx->diag, t->span, "cannot delete starred");
            return 0;
        }
        if (!in_seq || t->op) {
            diag_error(ctx->diag, t->span, "starred assignment target must be in a list or tuple");
            return 0;
        }
        return check_target(ctx, t->a, what, 0);
    default:
        diag_error(ctx->diag, t->span, "cannot %s %s", verb, target_word(t));
        t->kind = AST_ERROR;
        return 0;
    }
}

int ast_check_target(ParseCtx *ctx, AstNode *t, int what)
{
    if (!t)
        return 1;
    if (t->kind == AST_WITH_ITEM || t->kind == AST_WITH_ITEMS)
        return 1;   /* reported by ast_deepen */
    return check_target(ctx, t, what, 0);
}

void ast_params_check(ParseCtx *ctx, AstList *params, int lambda)
{
    uint32_t k = 0;
    int seen_slash = 0, seen_star = 0, bare_star = 0, seen_default = 0, seen_varkw = 0;
    Span star_at = span_unknown();
    (void)lambda;
    for (uint32_t i = 0; i < params->n; i++) {
        AstNode *p = params->items[i];
        if (seen_varkw) {
            diag_error(ctx->diag, p->span, "arguments cannot follow var-keyword argument");
            seen_varkw = 0;
        }
        switch ((AstParamKind)p->op) {
        case AST_PARAM_SLASH_MARK:
            if (seen_slash)
                diag_error(ctx->diag, p->span, "/ may appear only once");
            else if (seen_star)
                diag_error(ctx->diag, p->span, "/ must be ahead of *");
            else if (k == 0)
                diag_error(ctx->diag, p->span, "at least one argument must precede /");
            seen_slash = 1;
            for (uint32_t j = 0; j < k; j++)
                params->items[j]->op = AST_PARAM_POSONLY;
            continue;   /* dropped */
        case AST_PARAM_STAR_MARK:
        case AST_PARAM_VARARG:
            if (seen_star)
                diag_error(ctx->diag, p->span, "* argument may appear only once");
            seen_star = 1;
            bare_star = p->op == AST_PARAM_STAR_MARK;
            star_at = p->span;
            if (bare_star)
                continue;   /* dropped */
            break;
        case AST_PARAM_VARKW:
            if (bare_star)
                diag_error(ctx->diag, star_at, "named arguments must follow bare *");
            bare_star = 0;
            seen_varkw = 1;
            break;
        default:
            if (seen_star) {
                p->op = AST_PARAM_KWONLY;
                bare_star = 0;
            } else if (p->b) {
                seen_default = 1;
            } else if (seen_default) {
                diag_error(ctx->diag, p->span, "parameter without a default follows parameter with a default");
            }
            break;
        }
        params->items[k++] = p;
    }
    if (bare_star)
        diag_error(ctx->diag, star_at, "named arguments must follow bare *");
    params->n = k;
}
