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

/* Kinds only the builders use (holders for grammar pieces). */
enum { AST_ELSE_BLOCK = AST_KIND_COUNT, AST_WITH_ITEM };

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
AstNode *ast_for(ParseCtx *ctx, AstNode *target, AstNode *iter, AstList *body, Span span);
AstNode *ast_while(ParseCtx *ctx, AstNode *test, AstList *body, Span span);
AstNode *ast_with(ParseCtx *ctx, AstList *items, AstList *body, Span span);
AstNode *ast_with_item(ParseCtx *ctx, AstNode *context, AstNode *target, Span span);
AstNode *ast_funcdef(ParseCtx *ctx, const char *name, AstList *params, AstNode *ret, AstList *body, Span span);
AstNode *ast_param(ParseCtx *ctx, const char *name, AstNode *annotation, AstNode *dflt, Span span);
AstNode *ast_decorate(ParseCtx *ctx, AstList *decorators, AstNode *def, Span span);
AstNode *ast_classdef(ParseCtx *ctx, AstList *decorators, const char *name, AstList *bases, Span span);

#endif
