/* ast.h: the syntax tree the grammar builds (a Python subset).
 *
 * The tree records what was written, with a byte span per node; it does no
 * name resolution and no typing (that is elaboration's job).  All nodes
 * share one layout and live in the parser's syntax arena, which is rewound
 * after each top-level definition or class member has been elaborated.
 *
 * Field use per kind:
 *   NAME        name
 *   INT         u (value; may exceed INT64_MAX, see AST_BIG; op = 1: it
 *               exceeds 2^64 - 1 and u holds nothing)   FLOAT  f
 *   COMPLEX     f (an imaginary literal: its imaginary part)
 *   STRING      name (decoded bytes, NUL-terminated), u = length; flags
 *               AST_FSTRING, AST_BYTES say what was written (an f-string
 *               is kept as its text only)
 *   TRUE FALSE NONE ELLIPSIS   -
 *   ATTR        a = value, name = attribute
 *   CALL        a = callee, list = positional args, list2 = KEYWORD nodes
 *   KEYWORD     name, a = value
 *   SUBSCRIPT   a = value, list = indices (expressions or KEYWORD nodes)
 *   TUPLE LIST  list = elements
 *   BINOP       op (AstBinOp), a, b       UNARY  op (AstUnaryOp), a
 *   BOOLOP      op (AST_AND / AST_OR / AST_XOR), a, b
 *   COMPARE     op (AstCmpOp), a, b
 *   EXPR_STMT   a          ASSIGN a = target, b = value, list = extra targets
 *   ANNASSIGN   a = target, b = annotation, c = value (may be NULL)
 *   AUGASSIGN   op (AstBinOp), a = target, b = value
 *   RETURN      a (may be NULL)        YIELD  a (may be NULL)
 *   PASS BREAK CONTINUE
 *   IF          a = test, list = body, list2 = orelse (AST_HAS_ELSE)
 *   FOR         a = target, b = iterable, list = body, list2 = else block
 *               (AST_HAS_ELSE), op = 1 for 'async for'
 *   WHILE       a = test, list = body, list2 = else block (AST_HAS_ELSE)
 *   WITH        a = context, b = 'as' target (NULL), list = body, list2 = extra
 *               items (a = context, b = target), op = 1 for 'async with'
 *   FUNCDEF     name, list = PARAM nodes, list2 = body, a = return annotation,
 *               b = decorators (a LIST node, may be NULL), c = TYPE_PARAMS
 *               (PEP 695, may be NULL), op = 1 for 'async def'
 *   PARAM       name, a = annotation, b = default, op = AstParamKind
 *   CLASSDEF    name, b = decorators, list = bases and keywords, c = TYPE_PARAMS;
 *               a top-level class's members are streamed (parse.h), any other
 *               class has op = 1 and its body in list2
 *   IMPORT      list = ALIAS nodes      IMPORTFROM  name = module, list = ALIAS
 *               (op = 1: 'from m import *', list empty)
 *   ALIAS       name = dotted name, a = NAME of the 'as' name (may be NULL)
 *
 * The rest of Python, parsed so that ordinary modules compile and skipped
 * outside pypto definitions:
 *   YIELD_FROM  a          AWAIT  a          STARRED  a, op = 1 for '**'
 *   NAMEDEXPR   a = NAME, b = value          IFEXP  a = test, b = body, c = orelse
 *   LAMBDA      list = PARAM nodes, a = body
 *   COMP        op = AstCompKind, a = element (key), b = value (dict), list = COMP_FOR
 *   COMP_FOR    a = target, b = iterable, list = conditions, op = 1 for 'async for'
 *   DICT        list = PAIR nodes and STARRED ('**') ones     SET  list = elements
 *   PAIR        a = key, b = value
 *   SLICE       a = lower, b = upper, c = step (each may be NULL), op = 1 with a step colon
 *   RAISE       a = exception, b = cause          ASSERT  a = test, b = message
 *   DEL         list = targets       GLOBAL NONLOCAL  list = NAME nodes
 *   TRY         list = body, list2 = EXCEPT nodes, a = else BLOCK, b = finally BLOCK
 *   EXCEPT      a = type, name = 'as' name, list = body, op = 1 for 'except*'
 *   MATCH       a = subject, list = CASE nodes
 *   CASE        a = pattern (a PATTERN: only its span), b = guard, list = body
 *   TYPE_ALIAS  name, a = value, c = TYPE_PARAMS      TYPE_PARAMS  (span only)
 *   BLOCK       list = statements (an else or finally block) */
#ifndef PYPTOCC_AST_H
#define PYPTOCC_AST_H

#include <stdint.h>

#include "support/arena.h"
#include "support/source.h"

typedef struct AstNode AstNode;

typedef struct AstList {
    AstNode **items;
    uint32_t n, cap;
} AstList;

typedef enum AstKind {
    AST_NAME, AST_INT, AST_FLOAT, AST_STRING, AST_TRUE, AST_FALSE, AST_NONE, AST_ELLIPSIS,
    AST_ATTR, AST_CALL, AST_KEYWORD, AST_SUBSCRIPT, AST_TUPLE, AST_LIST,
    AST_BINOP, AST_UNARY, AST_BOOLOP, AST_COMPARE,
    AST_EXPR_STMT, AST_ASSIGN, AST_ANNASSIGN, AST_AUGASSIGN, AST_RETURN, AST_YIELD,
    AST_PASS, AST_BREAK, AST_CONTINUE, AST_IF, AST_FOR, AST_WHILE, AST_WITH,
    AST_FUNCDEF, AST_PARAM, AST_CLASSDEF, AST_IMPORT, AST_IMPORTFROM, AST_ALIAS,
    AST_ERROR,                /* placeholder left by error recovery */
    AST_COMPLEX, AST_YIELD_FROM, AST_AWAIT, AST_STARRED, AST_NAMEDEXPR, AST_IFEXP, AST_LAMBDA,
    AST_COMP, AST_COMP_FOR, AST_DICT, AST_SET, AST_PAIR, AST_SLICE,
    AST_RAISE, AST_ASSERT, AST_DEL, AST_GLOBAL, AST_NONLOCAL, AST_TRY, AST_EXCEPT,
    AST_MATCH, AST_CASE, AST_PATTERN, AST_TYPE_ALIAS, AST_TYPE_PARAMS, AST_BLOCK,
    AST_KIND_COUNT
} AstKind;

typedef enum AstBinOp {
    AST_ADD, AST_SUB, AST_MUL, AST_DIV, AST_FLOORDIV, AST_MOD, AST_POW,
    AST_SHL, AST_SHR, AST_BITAND, AST_BITOR, AST_BITXOR, AST_MATMUL
} AstBinOp;

typedef enum AstCompKind { AST_COMP_LIST, AST_COMP_SET, AST_COMP_GEN, AST_COMP_DICT } AstCompKind;

/* PARAM kinds ('*' and '/' are not kept as parameters: they set the
 * kinds of their neighbours). */
typedef enum AstParamKind {
    AST_PARAM_PLAIN, AST_PARAM_POSONLY, AST_PARAM_KWONLY, AST_PARAM_VARARG, AST_PARAM_VARKW,
    AST_PARAM_STAR_MARK, AST_PARAM_SLASH_MARK   /* the markers, as the grammar reads them */
} AstParamKind;

typedef enum AstUnaryOp { AST_NEG, AST_POS, AST_INVERT, AST_NOT } AstUnaryOp;
typedef enum AstBoolOp { AST_AND, AST_OR, AST_XOR } AstBoolOp;
typedef enum AstCmpOp { AST_EQ, AST_NE, AST_LT, AST_LE, AST_GT, AST_GE, AST_IN, AST_NOT_IN, AST_IS, AST_IS_NOT } AstCmpOp;

enum {
    AST_PARENS = 1,          /* written inside parentheses */
    AST_HAS_ELSE = 2,        /* IF with an else (or elif) part */
    AST_BIG = 4,             /* INT literal > INT64_MAX (only valid negated) */
    AST_TRAILING_COMMA = 8,  /* TUPLE/LIST/SUBSCRIPT written with a final comma */
    AST_ELIF = 16,           /* IF produced by 'elif' */
    AST_SYNTAX_ERROR = 32,   /* a syntax error was reported inside this statement */
    AST_FSTRING = 64,        /* STRING: an f-string (or one was concatenated) */
    AST_BYTES = 128,         /* STRING: a bytes literal */
};

struct AstNode {
    uint8_t kind;       /* AstKind */
    uint8_t op;
    uint8_t flags;
    uint8_t python;     /* a statement handed to the sink: it contains Python outside
                           the DSL's subset (see ParseCtx.python_nodes) */
    uint32_t depth;     /* expression nesting depth (for the recursion limit) */
    Span span;
    const char *name;
    AstNode *a, *b;
    union {
        AstNode *c;
        uint64_t u;
        double f;
    };
    AstList list, list2;
};

/* Expression nesting beyond this is an error (keeps every later recursive
 * walk well inside the C stack). */
#define AST_MAX_DEPTH 1000
/* Arguments of one call and parameters of one function (generous: kernels
 * have a handful; the IR's own limit is IR_MAX_ARGS). */
#define ELAB_MAX_ARGS 4096

#endif
