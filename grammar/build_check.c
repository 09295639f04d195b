/* build_check.c: the rules of Python's syntax that the grammar cannot
 * express, checked as the trees are built (the parser's share of Python's
 * own checks): what may be assigned to or deleted, and the order of
 * parameters ('/', '*', defaults, '**').  Used by build.c and build_py.c;
 * needs nothing of either. */
#include "config.h"
#include "grammar/build_check.h"

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
    if (t->kind >= AST_KIND_COUNT)
        return 1;   /* a holder kind of the builders ('x as y'): reported by ast_deepen */
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
