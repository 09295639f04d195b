/* build_check.h: the rules of Python's syntax that the grammar cannot
 * express (build_check.c), checked by the builders as they build. */
#ifndef PYPTOCC_BUILD_CHECK_H
#define PYPTOCC_BUILD_CHECK_H

#include "grammar/ast.h"
#include "grammar/parse.h"

/* Is t a valid assignment target (Python's rules)?  Reports and returns 0
 * if not.  what: AST_ASSIGN, AST_ANNASSIGN, AST_AUGASSIGN, AST_DEL, AST_FOR
 * (also comprehensions and 'with ... as'). */
int ast_check_target(ParseCtx *ctx, AstNode *t, int what);
/* Parameters as the grammar reads them (markers included): checks their
 * order, gives each its AstParamKind and drops the markers. */
void ast_params_check(ParseCtx *ctx, AstList *params, int lambda);

#endif
