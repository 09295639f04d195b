/* parser.y: the grammar of the PyPTO language (a Python subset).
 *
 * Conventions (PostgreSQL's gram.y): terminals are CAPITALS, nonterminals
 * lower case; every action is a one-line builder call with a location; no
 * name resolution, typing or other semantics happen here.  Conflicts are
 * resolved by the shape of the grammar (one nonterminal per precedence
 * level), never by raising %expect.  The layout filter (lexer/layout.c)
 * supplies NEWLINE, INDENT and DEDENT.  Errors recover at the statement
 * level so one run reports several. */

%define api.pure full
%define api.location.type {Span}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%param {ParseCtx *ctx}

%code requires {
#include "grammar/ast.h"
#include "support/source.h"
typedef struct ParseCtx ParseCtx;
}

%code {
int yylex(YYSTYPE *lval, YYLTYPE *lloc, ParseCtx *ctx);
void yyerror(YYLTYPE *loc, ParseCtx *ctx, const char *msg);

#include "grammar/build.h"
#include "grammar/parse.h"
#include "support/xalloc.h"

#define YYMALLOC xmalloc
#define YYFREE xfree
#define YYSTACK_USE_ALLOCA 0
/* Nesting deeper than this is reported as an error, not a crash. */
#define YYMAXDEPTH 20000

#define YYLLOC_DEFAULT(Cur, Rhs, N)                                   \
    do {                                                              \
        if (N) {                                                      \
            (Cur).lo = YYRHSLOC(Rhs, 1).lo;                           \
            (Cur).hi = YYRHSLOC(Rhs, N).hi;                           \
        } else {                                                      \
            (Cur).lo = (Cur).hi = YYRHSLOC(Rhs, 0).hi;                \
        }                                                             \
    } while (0)
}

%union {
    const char *name;
    uint64_t uval;
    double fval;
    int op;
    AstNode *node;
    AstList list;
}

%token YYEOF 0 "end of file"
%token <name> NAME "identifier"
%token <uval> INT "integer literal"
%token <fval> FLOAT "floating-point literal"
%token STRING "string literal"
%token NEWLINE "end of line"
%token INDENT "indent"
%token DEDENT "dedent"

%token AND "'and'" AS "'as'" ASSERT "'assert'" ASYNC "'async'" AWAIT "'await'" BREAK "'break'"
%token CLASS "'class'" CONTINUE "'continue'" DEF "'def'" DEL "'del'" ELIF "'elif'" ELSE "'else'"
%token EXCEPT "'except'" FALSE_ "'False'" FINALLY "'finally'" FOR "'for'" FROM "'from'"
%token GLOBAL "'global'" IF "'if'" IMPORT "'import'" IN "'in'" IS "'is'" LAMBDA "'lambda'"
%token NONE "'None'" NONLOCAL "'nonlocal'" NOT "'not'" OR "'or'" PASS "'pass'" RAISE "'raise'"
%token RETURN "'return'" TRUE_ "'True'" TRY "'try'" WHILE "'while'" WITH "'with'" XOR "'xor'"
%token YIELD "'yield'"

%token POW "'**'" FLOORDIV "'//'" SHL "'<<'" SHR "'>>'" LE "'<='" GE "'>='" EQ "'=='" NE "'!='"
%token ARROW "'->'" ELLIPSIS "'...'"
%token PLUSEQ "'+='" MINUSEQ "'-='" STAREQ "'*='" SLASHEQ "'/='" PERCENTEQ "'%='"

/* Operator precedence, lowest first (Python's, plus 'xor' between 'or' and
 * 'and' as the printer writes it).  Binary operators share one expression
 * nonterminal, so each operand costs one reduction instead of one per
 * precedence level; the declarations resolve the resulting conflicts. */
%left OR
%left XOR
%left AND
%right NOT
%left '<' '>' EQ NE LE GE IN IS
%left '|'
%left '^'
%left '&'
%left SHL SHR
%left '+' '-'
%left '*' '/' FLOORDIV '%' '@'
%precedence UNARY
%right POW

%type <list> stmt simple_stmt small_stmts stmts class_suite suite tests args params
%type <list> subscripts decorators dotted_as_names import_as_names with_items ftargets
%type <node> small_stmt expr_stmt assign_chain compound_stmt if_stmt elif_else for_stmt while_stmt
%type <node> with_stmt with_item funcdef decorated decorator param ret_opt class_head
%type <node> testlist ftarget ftargets_top expr atom_expr atom strings arg subscript
%type <node> import_stmt dotted_as_name import_as_name
%type <name> attr_name dotted_name
%type <op> augassign

%%

file_input
    : %empty
    | file_input NEWLINE
    | file_input top_stmt
    ;

top_stmt
    : stmt                                  { parse_toplevel(ctx, &$1); }
    | class_head ':' class_suite            { parse_class_end(ctx, $1, @$); }
    ;

class_head
    : CLASS NAME                            { $$ = ast_classdef(ctx, NULL, $2, NULL, @$); parse_class_begin(ctx, $$); }
    | CLASS NAME '(' ')'                    { $$ = ast_classdef(ctx, NULL, $2, NULL, @$); parse_class_begin(ctx, $$); }
    | CLASS NAME '(' args ')'               { $$ = ast_classdef(ctx, NULL, $2, &$4, @$); parse_class_begin(ctx, $$); }
    | decorators CLASS NAME                 { $$ = ast_classdef(ctx, &$1, $3, NULL, @$); parse_class_begin(ctx, $$); }
    | decorators CLASS NAME '(' ')'         { $$ = ast_classdef(ctx, &$1, $3, NULL, @$); parse_class_begin(ctx, $$); }
    | decorators CLASS NAME '(' args ')'    { $$ = ast_classdef(ctx, &$1, $3, &$5, @$); parse_class_begin(ctx, $$); }
    ;

class_suite
    : simple_stmt                           { parse_class_member(ctx, &$1); }
    | NEWLINE INDENT class_members DEDENT   { ast_list_init(&$$); }
    ;

class_members
    : class_member
    | class_members class_member
    ;

class_member
    : stmt                                  { parse_class_member(ctx, &$1); }
    ;

stmt
    : simple_stmt                           { $$ = $1; }
    | compound_stmt                         { ast_list_one(ctx, &$$, $1); }
    | error NEWLINE                         { ast_list_init(&$$); yyerrok; }
    | error NEWLINE INDENT stmts DEDENT     { ast_list_init(&$$); yyerrok; }
    ;

stmts
    : stmt                                  { $$ = $1; }
    | stmts stmt                            { ast_list_extend(ctx, &$1, &$2); $$ = $1; }
    ;

simple_stmt
    : small_stmts NEWLINE                   { $$ = $1; }
    | small_stmts ';' NEWLINE               { $$ = $1; }
    ;

small_stmts
    : small_stmt                            { ast_list_one(ctx, &$$, $1); }
    | small_stmts ';' small_stmt            { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

small_stmt
    : expr_stmt                             { $$ = $1; }
    | PASS                                  { $$ = ast_stmt0(ctx, AST_PASS, @$); }
    | BREAK                                 { $$ = ast_stmt0(ctx, AST_BREAK, @$); }
    | CONTINUE                              { $$ = ast_stmt0(ctx, AST_CONTINUE, @$); }
    | RETURN                                { $$ = ast_stmt1(ctx, AST_RETURN, NULL, @$); }
    | RETURN testlist                       { $$ = ast_stmt1(ctx, AST_RETURN, $2, @$); }
    | YIELD                                 { $$ = ast_stmt1(ctx, AST_YIELD, NULL, @$); }
    | YIELD testlist                        { $$ = ast_stmt1(ctx, AST_YIELD, $2, @$); }
    | import_stmt                           { $$ = $1; }
    ;

expr_stmt
    : testlist                              { $$ = ast_stmt1(ctx, AST_EXPR_STMT, $1, @$); }
    | testlist ':' expr                     { $$ = ast_annassign(ctx, $1, $3, NULL, @$); }
    | testlist ':' expr '=' testlist        { $$ = ast_annassign(ctx, $1, $3, $5, @$); }
    | assign_chain                          { $$ = $1; }
    | testlist augassign testlist           { $$ = ast_augassign(ctx, $2, $1, $3, @$); }
    ;

assign_chain
    : testlist '=' testlist                 { $$ = ast_assign(ctx, $1, $3, @$); }
    | assign_chain '=' testlist             { $$ = ast_assign_more(ctx, $1, $3, @$); }
    ;

augassign
    : PLUSEQ                                { $$ = AST_ADD; }
    | MINUSEQ                               { $$ = AST_SUB; }
    | STAREQ                                { $$ = AST_MUL; }
    | SLASHEQ                               { $$ = AST_DIV; }
    | PERCENTEQ                             { $$ = AST_MOD; }
    ;

import_stmt
    : IMPORT dotted_as_names                        { $$ = ast_import(ctx, NULL, &$2, @$); }
    | FROM dotted_name IMPORT import_as_names       { $$ = ast_import(ctx, $2, &$4, @$); }
    | FROM dotted_name IMPORT '(' import_as_names ')'   { $$ = ast_import(ctx, $2, &$5, @$); }
    ;

dotted_as_names
    : dotted_as_name                        { ast_list_one(ctx, &$$, $1); }
    | dotted_as_names ',' dotted_as_name    { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

dotted_as_name
    : dotted_name                           { $$ = ast_alias(ctx, $1, NULL, @$); }
    | dotted_name AS NAME                   { $$ = ast_alias(ctx, $1, ast_name(ctx, $3, @3), @$); }
    ;

import_as_names
    : import_as_name                        { ast_list_one(ctx, &$$, $1); }
    | import_as_names ',' import_as_name    { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

import_as_name
    : NAME                                  { $$ = ast_alias(ctx, $1, NULL, @$); }
    | NAME AS NAME                          { $$ = ast_alias(ctx, $1, ast_name(ctx, $3, @3), @$); }
    ;

dotted_name
    : NAME                                  { $$ = $1; }
    | dotted_name '.' NAME                  { $$ = ast_dotted(ctx, $1, $3); }
    ;

compound_stmt
    : if_stmt                               { $$ = $1; }
    | for_stmt                              { $$ = $1; }
    | while_stmt                            { $$ = $1; }
    | with_stmt                             { $$ = $1; }
    | funcdef                               { $$ = $1; }
    | decorated                             { $$ = $1; }
    ;

if_stmt
    : IF expr ':' suite elif_else           { $$ = ast_if(ctx, $2, &$4, $5, @$); }
    ;

elif_else
    : %empty                                { $$ = NULL; }
    | ELIF expr ':' suite elif_else         { $$ = ast_elif(ctx, $2, &$4, $5, @$); }
    | ELSE ':' suite                        { $$ = ast_else(ctx, &$3, @$); }
    ;

for_stmt
    : FOR ftargets_top IN testlist ':' suite    { $$ = ast_for(ctx, $2, $4, &$6, @$); }
    ;

while_stmt
    : WHILE expr ':' suite                  { $$ = ast_while(ctx, $2, &$4, @$); }
    ;

with_stmt
    : WITH with_items ':' suite             { $$ = ast_with(ctx, &$2, &$4, @$); }
    ;

with_items
    : with_item                             { ast_list_one(ctx, &$$, $1); }
    | with_items ',' with_item              { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

with_item
    : expr                                  { $$ = ast_with_item(ctx, $1, NULL, @$); }
    | expr AS expr                          { $$ = ast_with_item(ctx, $1, $3, @$); }
    ;

funcdef
    : DEF NAME '(' ')' ret_opt ':' suite            { $$ = ast_funcdef(ctx, $2, NULL, $5, &$7, @$); }
    | DEF NAME '(' params ')' ret_opt ':' suite     { $$ = ast_funcdef(ctx, $2, &$4, $6, &$8, @$); }
    | DEF NAME '(' params ',' ')' ret_opt ':' suite { $$ = ast_funcdef(ctx, $2, &$4, $7, &$9, @$); }
    ;

ret_opt
    : %empty                                { $$ = NULL; }
    | ARROW expr                            { $$ = $2; }
    ;

params
    : param                                 { ast_list_one(ctx, &$$, $1); }
    | params ',' param                      { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

param
    : NAME                                  { $$ = ast_param(ctx, $1, NULL, NULL, @$); }
    | NAME ':' expr                         { $$ = ast_param(ctx, $1, $3, NULL, @$); }
    | NAME '=' expr                         { $$ = ast_param(ctx, $1, NULL, $3, @$); }
    | NAME ':' expr '=' expr                { $$ = ast_param(ctx, $1, $3, $5, @$); }
    ;

decorated
    : decorators funcdef                    { $$ = ast_decorate(ctx, &$1, $2, @$); }
    ;

decorators
    : decorator                             { ast_list_one(ctx, &$$, $1); }
    | decorators decorator                  { ast_list_push(ctx, &$1, $2); $$ = $1; }
    ;

decorator
    : '@' expr NEWLINE                      { $$ = $2; }
    ;

suite
    : simple_stmt                           { $$ = $1; }
    | NEWLINE INDENT stmts DEDENT           { $$ = $3; }
    ;

/* ------------------------------------------------------------ expressions */

testlist
    : tests                                 { $$ = ast_testlist(ctx, &$1, 0, @$); }
    | tests ','                             { $$ = ast_testlist(ctx, &$1, 1, @$); }
    ;

tests
    : expr                                  { ast_list_one(ctx, &$$, $1); }
    | tests ',' expr                        { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

/* Loop targets: names and (nested) tuples of names.  A separate grammar
 * keeps 'in' of the for statement apart from the 'in' comparison. */
ftargets_top
    : ftargets                              { $$ = ast_testlist(ctx, &$1, 0, @$); }
    | ftargets ','                          { $$ = ast_testlist(ctx, &$1, 1, @$); }
    ;

ftargets
    : ftarget                               { ast_list_one(ctx, &$$, $1); }
    | ftargets ',' ftarget                  { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

ftarget
    : NAME                                  { $$ = ast_name(ctx, $1, @$); }
    | '(' ftargets ')'                      { $$ = ast_parens(ctx, ast_testlist(ctx, &$2, 0, @2), @$); }
    | '(' ftargets ',' ')'                  { $$ = ast_parens(ctx, ast_testlist(ctx, &$2, 1, @2), @$); }
    | '[' ftargets ']'                      { $$ = ast_seq(ctx, AST_LIST, &$2, 0, @$); }
    ;

expr
    : atom_expr                             { $$ = $1; }
    | expr OR expr                          { $$ = ast_boolop(ctx, AST_OR, $1, $3, @$); }
    | expr XOR expr                         { $$ = ast_boolop(ctx, AST_XOR, $1, $3, @$); }
    | expr AND expr                         { $$ = ast_boolop(ctx, AST_AND, $1, $3, @$); }
    | NOT expr                              { $$ = ast_unary(ctx, AST_NOT, $2, @$); }
    | expr '<' expr                         { $$ = ast_compare(ctx, AST_LT, $1, $3, @$); }
    | expr '>' expr                         { $$ = ast_compare(ctx, AST_GT, $1, $3, @$); }
    | expr EQ expr                          { $$ = ast_compare(ctx, AST_EQ, $1, $3, @$); }
    | expr NE expr                          { $$ = ast_compare(ctx, AST_NE, $1, $3, @$); }
    | expr LE expr                          { $$ = ast_compare(ctx, AST_LE, $1, $3, @$); }
    | expr GE expr                          { $$ = ast_compare(ctx, AST_GE, $1, $3, @$); }
    | expr IN expr                          { $$ = ast_compare(ctx, AST_IN, $1, $3, @$); }
    | expr NOT IN expr %prec IN             { $$ = ast_compare(ctx, AST_NOT_IN, $1, $4, @$); }
    | expr IS expr                          { $$ = ast_compare(ctx, AST_IS, $1, $3, @$); }
    | expr '|' expr                         { $$ = ast_binop(ctx, AST_BITOR, $1, $3, @$); }
    | expr '^' expr                         { $$ = ast_binop(ctx, AST_BITXOR, $1, $3, @$); }
    | expr '&' expr                         { $$ = ast_binop(ctx, AST_BITAND, $1, $3, @$); }
    | expr SHL expr                         { $$ = ast_binop(ctx, AST_SHL, $1, $3, @$); }
    | expr SHR expr                         { $$ = ast_binop(ctx, AST_SHR, $1, $3, @$); }
    | expr '+' expr                         { $$ = ast_binop(ctx, AST_ADD, $1, $3, @$); }
    | expr '-' expr                         { $$ = ast_binop(ctx, AST_SUB, $1, $3, @$); }
    | expr '*' expr                         { $$ = ast_binop(ctx, AST_MUL, $1, $3, @$); }
    | expr '/' expr                         { $$ = ast_binop(ctx, AST_DIV, $1, $3, @$); }
    | expr FLOORDIV expr                    { $$ = ast_binop(ctx, AST_FLOORDIV, $1, $3, @$); }
    | expr '%' expr                         { $$ = ast_binop(ctx, AST_MOD, $1, $3, @$); }
    | expr '@' expr                         { $$ = ast_binop(ctx, AST_MATMUL, $1, $3, @$); }
    | '+' expr %prec UNARY                  { $$ = ast_unary(ctx, AST_POS, $2, @$); }
    | '-' expr %prec UNARY                  { $$ = ast_unary(ctx, AST_NEG, $2, @$); }
    | '~' expr %prec UNARY                  { $$ = ast_unary(ctx, AST_INVERT, $2, @$); }
    | expr POW expr                         { $$ = ast_binop(ctx, AST_POW, $1, $3, @$); }
    ;

atom_expr
    : atom                                  { $$ = $1; }
    | atom_expr '(' ')'                     { $$ = ast_call(ctx, $1, NULL, @$); }
    | atom_expr '(' args ')'                { $$ = ast_call(ctx, $1, &$3, @$); }
    | atom_expr '(' args ',' ')'            { $$ = ast_call(ctx, $1, &$3, @$); }
    | atom_expr '[' subscripts ']'          { $$ = ast_subscript(ctx, $1, &$3, 0, @$); }
    | atom_expr '[' subscripts ',' ']'      { $$ = ast_subscript(ctx, $1, &$3, 1, @$); }
    | atom_expr '.' attr_name               { $$ = ast_attr(ctx, $1, $3, @$); }
    ;

atom
    : '(' ')'                               { $$ = ast_seq(ctx, AST_TUPLE, NULL, 0, @$); }
    | '(' testlist ')'                      { $$ = ast_parens(ctx, $2, @$); }
    | '[' ']'                               { $$ = ast_seq(ctx, AST_LIST, NULL, 0, @$); }
    | '[' tests ']'                         { $$ = ast_seq(ctx, AST_LIST, &$2, 0, @$); }
    | '[' tests ',' ']'                     { $$ = ast_seq(ctx, AST_LIST, &$2, 1, @$); }
    | NAME                                  { $$ = ast_name(ctx, $1, @$); }
    | INT                                   { $$ = ast_int(ctx, $1, @$); }
    | FLOAT                                 { $$ = ast_float(ctx, $1, @$); }
    | strings                               { $$ = $1; }
    | NONE                                  { $$ = ast_leaf(ctx, AST_NONE, @$); }
    | TRUE_                                 { $$ = ast_leaf(ctx, AST_TRUE, @$); }
    | FALSE_                                { $$ = ast_leaf(ctx, AST_FALSE, @$); }
    | ELLIPSIS                              { $$ = ast_leaf(ctx, AST_ELLIPSIS, @$); }
    ;

strings
    : STRING                                { $$ = ast_string(ctx, NULL, @$); }
    | strings STRING                        { $$ = ast_string(ctx, $1, @2); }
    ;

args
    : arg                                   { ast_list_one(ctx, &$$, $1); }
    | args ',' arg                          { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

arg
    : expr                                  { $$ = $1; }
    | NAME '=' expr                         { $$ = ast_keyword(ctx, $1, $3, @$); }
    ;

subscripts
    : subscript                             { ast_list_one(ctx, &$$, $1); }
    | subscripts ',' subscript              { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

subscript
    : expr                                  { $$ = $1; }
    | NAME '=' expr                         { $$ = ast_keyword(ctx, $1, $3, @$); }
    ;

/* Keywords may follow a dot: pl.block.and, pl.block.or, pl.block.not. */
attr_name
    : NAME                                  { $$ = $1; }
    | AND                                   { $$ = ast_keyword_name(ctx, "and"); }
    | OR                                    { $$ = ast_keyword_name(ctx, "or"); }
    | NOT                                   { $$ = ast_keyword_name(ctx, "not"); }
    | XOR                                   { $$ = ast_keyword_name(ctx, "xor"); }
    | IN                                    { $$ = ast_keyword_name(ctx, "in"); }
    | IS                                    { $$ = ast_keyword_name(ctx, "is"); }
    | IF                                    { $$ = ast_keyword_name(ctx, "if"); }
    | ELSE                                  { $$ = ast_keyword_name(ctx, "else"); }
    | FOR                                   { $$ = ast_keyword_name(ctx, "for"); }
    | WHILE                                 { $$ = ast_keyword_name(ctx, "while"); }
    | WITH                                  { $$ = ast_keyword_name(ctx, "with"); }
    | RETURN                                { $$ = ast_keyword_name(ctx, "return"); }
    | YIELD                                 { $$ = ast_keyword_name(ctx, "yield"); }
    | PASS                                  { $$ = ast_keyword_name(ctx, "pass"); }
    | NONE                                  { $$ = ast_keyword_name(ctx, "None"); }
    | TRUE_                                 { $$ = ast_keyword_name(ctx, "True"); }
    | FALSE_                                { $$ = ast_keyword_name(ctx, "False"); }
    ;

%%

/* The few symbol distinctions parse.c words messages by. */
static int classify(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_INDENT: return PSYM_INDENT;
    case YYSYMBOL_DEDENT: return PSYM_DEDENT;
    case YYSYMBOL_NEWLINE: return PSYM_NEWLINE;
    case YYSYMBOL_NAME: return PSYM_NAME;
    case YYSYMBOL_INT: case YYSYMBOL_FLOAT: return PSYM_NUMBER;
    case YYSYMBOL_LAMBDA: case YYSYMBOL_TRY: case YYSYMBOL_EXCEPT: case YYSYMBOL_FINALLY:
    case YYSYMBOL_RAISE: case YYSYMBOL_DEL: case YYSYMBOL_GLOBAL: case YYSYMBOL_NONLOCAL:
    case YYSYMBOL_ASSERT: case YYSYMBOL_ASYNC: case YYSYMBOL_AWAIT:
        return PSYM_UNSUPPORTED;
    default: return PSYM_OTHER;
    }
}

/* Collect what the parser expected and let parse.c word the message. */
static int yyreport_syntax_error(const yypcontext_t *yyctx, ParseCtx *ctx)
{
    enum { MAX_EXPECTED = 64 };
    yysymbol_kind_t expected[MAX_EXPECTED];
    int classes[MAX_EXPECTED];
    const char *names[MAX_EXPECTED];
    int n = yypcontext_expected_tokens(yyctx, expected, MAX_EXPECTED);
    yysymbol_kind_t tok = yypcontext_token(yyctx);
    if (n < 0)
        n = 0;   /* too many to list */
    for (int i = 0; i < n; i++) {
        classes[i] = classify(expected[i]);
        names[i] = yysymbol_name(expected[i]);
    }
    parse_syntax_error(ctx, *yypcontext_location(yyctx), classify(tok), yysymbol_name(tok), classes, names, n);
    return 0;
}
