/* build.h: syntax-tree builders, one per grammar action.
 *
 * Each takes the parse context and the node's span and allocates in the
 * syntax arena.  Builders check only what the grammar cannot express
 * (positional-after-keyword arguments, nesting depth); meaning is checked
 * by elaboration. */
#ifndef PYPTOCC_BUILD_H
#define PYPTOCC_BUILD_H

#include "grammar/ast.h"
#include "grammar/parse.h"

/* Kinds only the builders use (holders for grammar pieces): a 'with'
 * item ('x as y', also read inside parentheses), parentheses holding such
 * items, and a class's argument list.  Used anywhere but where they
 * belong they are reported (ast_deepen) and become AST_ERROR. */
enum { AST_WITH_ITEM = AST_KIND_COUNT, AST_WITH_ITEMS, AST_ARGS };

/* Shared by the builder files: a new node, and the bookkeeping for a
 * child (nesting depth; misplaced holders).  ast_node counts the kinds
 * outside the DSL's subset; ast_note_python counts the other such
 * constructs (an f-string, 'async for', '*args'; see ParseCtx.python_nodes). */
void ast_note_python(ParseCtx *ctx);
AstNode *ast_node(ParseCtx *ctx, int kind, Span span);
void ast_deepen(ParseCtx *ctx, AstNode *n, AstNode *child);
/* Is t a valid assignment target (Python's rules)?  Reports and returns 0
 * if not.  what: AST_ASSIGN, AST_ANNASSIGN, AST_AUGASSIGN, AST_DEL, AST_FOR
 * (also comprehensions and 'with ... as'). */
int ast_check_target(ParseCtx *ctx, AstNode *t, int what);

void ast_list_init(AstList *l);
void ast_list_one(ParseCtx *ctx, AstList *out, AstNode *n);
void ast_list_push(ParseCtx *ctx, AstList *l, AstNode *n);
void ast_list_extend(ParseCtx *ctx, AstList *dst, const AstList *src);

AstNode *ast_leaf(ParseCtx *ctx, AstKind kind, Span span);
AstNode *ast_name(ParseCtx *ctx, const char *name, Span span);
AstNode *ast_int(ParseCtx *ctx, uint64_t value, Span span);
AstNode *ast_float(ParseCtx *ctx, double value, Span span);
AstNode *ast_string(ParseCtx *ctx, AstNode *prev, Span span);
AstNode *ast_attr(ParseCtx *ctx, AstNode *value, const char *name, Span span);
AstNode *ast_call(ParseCtx *ctx, AstNode *func, AstList *args, Span span);
AstNode *ast_keyword(ParseCtx *ctx, const char *name, AstNode *value, Span span);
const char *ast_keyword_name(ParseCtx *ctx, const char *word);
AstNode *ast_subscript(ParseCtx *ctx, AstNode *value, AstList *items, int trailing_comma, Span span);
AstNode *ast_seq(ParseCtx *ctx, AstKind kind, AstList *items, int trailing_comma, Span span);
AstNode *ast_testlist(ParseCtx *ctx, AstList *items, int trailing_comma, Span span);
AstNode *ast_parens(ParseCtx *ctx, AstNode *inner, Span span);
AstNode *ast_binop(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span);
AstNode *ast_boolop(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span);
AstNode *ast_compare(ParseCtx *ctx, int op, AstNode *a, AstNode *b, Span span);
AstNode *ast_unary(ParseCtx *ctx, int op, AstNode *a, Span span);

AstNode *ast_stmt0(ParseCtx *ctx, AstKind kind, Span span);
AstNode *ast_stmt1(ParseCtx *ctx, AstKind kind, AstNode *a, Span span);
AstNode *ast_assign(ParseCtx *ctx, AstNode *target, AstNode *value, Span span);
AstNode *ast_assign_more(ParseCtx *ctx, AstNode *assign, AstNode *value, Span span);
AstNode *ast_annassign(ParseCtx *ctx, AstNode *target, AstNode *annotation, AstNode *value, Span span);
AstNode *ast_augassign(ParseCtx *ctx, int op, AstNode *target, AstNode *value, Span span);
AstNode *ast_import(ParseCtx *ctx, const char *module, AstList *aliases, Span span);
AstNode *ast_alias(ParseCtx *ctx, const char *dotted, AstNode *asname, Span span);
const char *ast_dotted(ParseCtx *ctx, const char *left, const char *right);
AstNode *ast_if(ParseCtx *ctx, AstNode *test, AstList *body, AstNode *orelse, Span span);
AstNode *ast_elif(ParseCtx *ctx, AstNode *test, AstList *body, AstNode *orelse, Span span);
AstNode *ast_else(ParseCtx *ctx, AstList *body, Span span);
AstNode *ast_for(ParseCtx *ctx, AstNode *target, AstNode *iter, AstList *body, AstNode *orelse, int async,
                 Span span);
AstNode *ast_while(ParseCtx *ctx, AstNode *test, AstList *body, AstNode *orelse, Span span);
AstNode *ast_with(ParseCtx *ctx, AstList *items, AstList *body, int async, Span span);
AstNode *ast_with_item(ParseCtx *ctx, AstNode *context, AstNode *target, Span span);
AstNode *ast_funcdef(ParseCtx *ctx, const char *name, AstList *params, AstNode *ret, AstList *body,
                     AstList *tparams, int async, Span span);
AstNode *ast_param(ParseCtx *ctx, const char *name, AstNode *annotation, AstNode *dflt, int kind, Span span);
AstNode *ast_decorate(ParseCtx *ctx, AstList *decorators, AstNode *def, Span span);
AstNode *ast_args(ParseCtx *ctx, AstList *args, Span span);
AstNode *ast_classdef(ParseCtx *ctx, AstList *decorators, const char *name, AstList *tparams, AstNode *args,
                      Span span);
AstNode *ast_classdef_full(ParseCtx *ctx, AstList *decorators, const char *name, AstList *tparams, AstNode *args,
                           AstList *body, Span span);

/* build_py.c: the rest of Python (skipped outside pypto definitions). */
AstNode *ast_bigint(ParseCtx *ctx, Span span);
AstNode *ast_imag(ParseCtx *ctx, double value, Span span);
AstNode *ast_stmt2(ParseCtx *ctx, AstKind kind, AstNode *a, AstNode *b, Span span);
AstNode *ast_del(ParseCtx *ctx, AstList *targets, Span span);
AstNode *ast_names_stmt(ParseCtx *ctx, AstKind kind, AstList *names, Span span);
AstNode *ast_type_alias(ParseCtx *ctx, const char *name, AstList *tparams, AstNode *value, Span span);
AstNode *ast_import_star(ParseCtx *ctx, const char *module, Span span);
const char *ast_dotted_join(ParseCtx *ctx, const char *left, const char *right);
AstNode *ast_try(ParseCtx *ctx, AstList *body, AstList *handlers, AstNode *orelse, AstNode *final, Span span);
AstNode *ast_except(ParseCtx *ctx, AstNode *type, const char *name, int star, AstList *body, Span span);
AstNode *ast_match(ParseCtx *ctx, AstNode *subject, AstList *cases, Span span);
AstNode *ast_case(ParseCtx *ctx, AstNode *pattern, AstNode *guard, AstList *body, Span span);
AstNode *ast_pattern(ParseCtx *ctx, Span span);
AstNode *ast_starred(ParseCtx *ctx, int double_star, AstNode *value, Span span);
AstNode *ast_namedexpr(ParseCtx *ctx, AstNode *target, AstNode *value, Span span);
AstNode *ast_ifexp(ParseCtx *ctx, AstNode *test, AstNode *body, AstNode *orelse, Span span);
AstNode *ast_lambda(ParseCtx *ctx, AstList *params, AstNode *body, Span span);
AstNode *ast_paren_items(ParseCtx *ctx, AstList *items, int trailing_comma, Span span);
AstNode *ast_comp(ParseCtx *ctx, int kind, AstNode *elt, AstNode *value, AstList *fors, Span span);
AstNode *ast_comp_for(ParseCtx *ctx, AstNode *target, AstNode *iter, AstList *ifs, int async, Span span);
AstNode *ast_pair(ParseCtx *ctx, AstNode *key, AstNode *value, Span span);
AstNode *ast_slice(ParseCtx *ctx, AstNode *lower, AstNode *upper, AstNode *step, int step_colon, Span span);
/* Parameters as the grammar reads them (markers included): checks their
 * order, gives each its AstParamKind and drops the markers. */
void ast_params_check(ParseCtx *ctx, AstList *params, int lambda);

#endif
