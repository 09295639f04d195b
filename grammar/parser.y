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
%token BIGINT "large integer literal"
%token <fval> FLOAT "floating-point literal"
%token <fval> IMAG "imaginary literal"
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
%token YIELD "'yield'" MATCH "'match'" CASE "'case'" TYPE "'type'"

%token POW "'**'" FLOORDIV "'//'" SHL "'<<'" SHR "'>>'" LE "'<='" GE "'>='" EQ "'=='" NE "'!='"
%token ARROW "'->'" ELLIPSIS "'...'" COLONEQ "':='"
%token <op> AUGASSIGN "augmented assignment"

/* Operator precedence, lowest first (Python's, plus 'xor' between 'or' and
 * 'and' as the printer writes it).  Binary operators share one expression
 * nonterminal, so each operand costs one reduction instead of one per
 * precedence level; the declarations resolve the resulting conflicts.
 * ('not' as a comparison's operand, which this allows, is rejected by
 * ast_compare, as Python rejects it.) */
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

%type <list> stmt top_plain_stmt simple_stmt small_stmts stmts class_suite suite args arglist params plist
%type <list> subscripts decorators dotted_as_names import_as_names with_items exprlist
%type <list> star_items pitems set_items targets_l name_list comp_fors comp_ifs handlers case_blocks
%type <list> dict_items lparams lplist tparams
%type <node> small_stmt expr_stmt assign_chain compound_stmt if_stmt elif_else for_stmt while_stmt else_opt
%type <node> with_stmt with_item funcdef decorated decorator param lparam ret_opt class_head classdef
%type <node> testlist assign_rhs expr ternary atom_expr atom strings arg subscript slice_part test ntest star_expr
%type <node> pitem target targets lambdef yield_expr comp_for dict_item handler try_stmt
%type <node> import_stmt dotted_as_name import_as_name match_stmt case_block guard_opt
%type <node> pattern_top pattern or_pattern closed_pattern pattern_atom tparam class_args_opt
%type <node> raise_stmt assert_stmt del_stmt global_stmt type_stmt
%type <name> attr_name dotted_name import_from_module dots
%type <op> comp_op funcdef_head

%%

file_input
    : %empty
    | file_input NEWLINE
    | file_input top_stmt
    ;

/* A top-level class is handed over member by member (parse.h); a class
 * anywhere else is part of the statement that holds it. */
top_stmt
    : top_plain_stmt                        { parse_toplevel(ctx, &$1); }
    | class_head ':' class_suite            { parse_class_end(ctx, $1, @$); }
    ;

class_head
    : CLASS NAME tparams class_args_opt              { $$ = ast_classdef(ctx, NULL, $2, &$3, $4, @$); parse_class_begin(ctx, $$); }
    | decorators CLASS NAME tparams class_args_opt   { $$ = ast_classdef(ctx, &$1, $3, &$4, $5, @$); parse_class_begin(ctx, $$); }
    ;

class_args_opt
    : %empty                                { $$ = NULL; }
    | '(' ')'                               { $$ = ast_args(ctx, NULL, @$); }
    | '(' arglist ')'                       { $$ = ast_args(ctx, &$2, @$); }
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

classdef
    : CLASS NAME tparams class_args_opt ':' suite             { $$ = ast_classdef_full(ctx, NULL, $2, &$3, $4, &$6, @$); }
    | decorators CLASS NAME tparams class_args_opt ':' suite  { $$ = ast_classdef_full(ctx, &$1, $3, &$4, $5, &$7, @$); }
    ;

top_plain_stmt
    : simple_stmt                           { $$ = $1; }
    | compound_stmt                         { ast_list_one(ctx, &$$, $1); }
    | error NEWLINE                         { ast_list_init(&$$); yyerrok; }
    | error NEWLINE INDENT stmts DEDENT     { ast_list_init(&$$); yyerrok; }
    ;

/* top_plain_stmt and a class, written out (one reduction per statement). */
stmt
    : simple_stmt                           { $$ = $1; }
    | compound_stmt                         { ast_list_one(ctx, &$$, $1); }
    | classdef                              { ast_list_one(ctx, &$$, $1); }
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
    | yield_expr                            { $$ = $1; }
    | import_stmt                           { $$ = $1; }
    | raise_stmt                            { $$ = $1; }
    | assert_stmt                           { $$ = $1; }
    | del_stmt                              { $$ = $1; }
    | global_stmt                           { $$ = $1; }
    | type_stmt                             { $$ = $1; }
    ;

raise_stmt
    : RAISE                                 { $$ = ast_stmt2(ctx, AST_RAISE, NULL, NULL, @$); }
    | RAISE test                            { $$ = ast_stmt2(ctx, AST_RAISE, $2, NULL, @$); }
    | RAISE test FROM test                  { $$ = ast_stmt2(ctx, AST_RAISE, $2, $4, @$); }
    ;

assert_stmt
    : ASSERT test                           { $$ = ast_stmt2(ctx, AST_ASSERT, $2, NULL, @$); }
    | ASSERT test ',' test                  { $$ = ast_stmt2(ctx, AST_ASSERT, $2, $4, @$); }
    ;

del_stmt
    : DEL exprlist                          { $$ = ast_del(ctx, &$2, @$); }
    | DEL exprlist ','                      { $$ = ast_del(ctx, &$2, @$); }
    ;

exprlist
    : target                                { ast_list_one(ctx, &$$, $1); }
    | exprlist ',' target                   { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

global_stmt
    : GLOBAL name_list                      { $$ = ast_names_stmt(ctx, AST_GLOBAL, &$2, @$); }
    | NONLOCAL name_list                    { $$ = ast_names_stmt(ctx, AST_NONLOCAL, &$2, @$); }
    ;

name_list
    : NAME                                  { ast_list_one(ctx, &$$, ast_name(ctx, $1, @1)); }
    | name_list ',' NAME                    { ast_list_push(ctx, &$1, ast_name(ctx, $3, @3)); $$ = $1; }
    ;

type_stmt
    : TYPE NAME tparams '=' test            { $$ = ast_type_alias(ctx, $2, &$3, $5, @$); }
    ;

/* PEP 695 type parameters: def f[T](...), class C[T], type A[T] = ... */
tparams
    : %empty                                { ast_list_init(&$$); }
    | '[' tparam_list ']'                   { ast_list_one(ctx, &$$, ast_leaf(ctx, AST_TYPE_PARAMS, @$)); }
    | '[' tparam_list ',' ']'               { ast_list_one(ctx, &$$, ast_leaf(ctx, AST_TYPE_PARAMS, @$)); }
    ;

tparam_list
    : tparam
    | tparam_list ',' tparam
    ;

tparam
    : NAME                                  { $$ = NULL; }
    | NAME ':' test                         { $$ = $3; }
    | '*' NAME                              { $$ = NULL; }
    | POW NAME                              { $$ = NULL; }
    ;

expr_stmt
    : testlist                              { $$ = ast_stmt1(ctx, AST_EXPR_STMT, $1, @$); }
    | testlist ':' test                     { $$ = ast_annassign(ctx, $1, $3, NULL, @$); }
    | testlist ':' test '=' assign_rhs      { $$ = ast_annassign(ctx, $1, $3, $5, @$); }
    | assign_chain                          { $$ = $1; }
    | testlist AUGASSIGN assign_rhs         { $$ = ast_augassign(ctx, $2, $1, $3, @$); }
    ;

assign_chain
    : testlist '=' testlist                 { $$ = ast_assign(ctx, $1, $3, @$); }
    | testlist '=' yield_expr               { $$ = ast_assign(ctx, $1, $3, @$); }
    | assign_chain '=' testlist             { $$ = ast_assign_more(ctx, $1, $3, @$); }
    | assign_chain '=' yield_expr           { $$ = ast_assign_more(ctx, $1, $3, @$); }
    ;

assign_rhs
    : testlist                              { $$ = $1; }
    | yield_expr                            { $$ = $1; }
    ;

yield_expr
    : YIELD                                 { $$ = ast_stmt1(ctx, AST_YIELD, NULL, @$); }
    | YIELD testlist                        { $$ = ast_stmt1(ctx, AST_YIELD, $2, @$); }
    | YIELD FROM test                       { $$ = ast_stmt1(ctx, AST_YIELD_FROM, $3, @$); }
    ;

import_stmt
    : IMPORT dotted_as_names                            { $$ = ast_import(ctx, NULL, &$2, @$); }
    | FROM import_from_module IMPORT import_as_names        { $$ = ast_import(ctx, $2, &$4, @$); }
    | FROM import_from_module IMPORT import_as_names ','    { $$ = ast_import(ctx, $2, &$4, @$); }
    | FROM import_from_module IMPORT '(' import_as_names ')'      { $$ = ast_import(ctx, $2, &$5, @$); }
    | FROM import_from_module IMPORT '(' import_as_names ',' ')'  { $$ = ast_import(ctx, $2, &$5, @$); }
    | FROM import_from_module IMPORT '*'                { $$ = ast_import_star(ctx, $2, @$); }
    ;

/* Relative imports: from . import x, from ..pkg import y ('...' is one token). */
import_from_module
    : dotted_name                           { $$ = $1; }
    | dots                                  { $$ = $1; }
    | dots dotted_name                      { $$ = ast_dotted_join(ctx, $1, $2); }
    ;

dots
    : '.'                                   { $$ = ast_keyword_name(ctx, "."); }
    | ELLIPSIS                              { $$ = ast_keyword_name(ctx, "..."); }
    | dots '.'                              { $$ = ast_dotted_join(ctx, $1, ast_keyword_name(ctx, ".")); }
    | dots ELLIPSIS                         { $$ = ast_dotted_join(ctx, $1, ast_keyword_name(ctx, "...")); }
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
    | try_stmt                              { $$ = $1; }
    | match_stmt                            { $$ = $1; }
    | funcdef                               { $$ = $1; }
    | decorated                             { $$ = $1; }
    ;

if_stmt
    : IF ntest ':' suite elif_else          { $$ = ast_if(ctx, $2, &$4, $5, @$); }
    ;

elif_else
    : %empty                                { $$ = NULL; }
    | ELIF ntest ':' suite elif_else        { $$ = ast_elif(ctx, $2, &$4, $5, @$); }
    | ELSE ':' suite                        { $$ = ast_else(ctx, &$3, @$); }
    ;

else_opt
    : %empty                                { $$ = NULL; }
    | ELSE ':' suite                        { $$ = ast_else(ctx, &$3, @$); }
    ;

for_stmt
    : FOR targets IN testlist ':' suite else_opt        { $$ = ast_for(ctx, $2, $4, &$6, $7, 0, @$); }
    | ASYNC FOR targets IN testlist ':' suite else_opt  { $$ = ast_for(ctx, $3, $5, &$7, $8, 1, @$); }
    ;

while_stmt
    : WHILE ntest ':' suite else_opt        { $$ = ast_while(ctx, $2, &$4, $5, @$); }
    ;

with_stmt
    : WITH with_items ':' suite             { $$ = ast_with(ctx, &$2, &$4, 0, @$); }
    | ASYNC WITH with_items ':' suite       { $$ = ast_with(ctx, &$3, &$5, 1, @$); }
    ;

/* with (a as b, c as d): the parentheses are read as an atom whose items
 * may carry 'as' (star_items); ast_with unpacks them, and anywhere else
 * such an atom is an error. */
with_items
    : with_item                             { ast_list_one(ctx, &$$, $1); }
    | with_items ',' with_item              { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

with_item
    : test                                  { $$ = ast_with_item(ctx, $1, NULL, @$); }
    | test AS target                        { $$ = ast_with_item(ctx, $1, $3, @$); }
    ;

try_stmt
    : TRY ':' suite handlers else_opt                   { $$ = ast_try(ctx, &$3, &$4, $5, NULL, @$); }
    | TRY ':' suite handlers else_opt FINALLY ':' suite { $$ = ast_try(ctx, &$3, &$4, $5, ast_else(ctx, &$8, @6), @$); }
    | TRY ':' suite FINALLY ':' suite                   { $$ = ast_try(ctx, &$3, NULL, NULL, ast_else(ctx, &$6, @4), @$); }
    ;

handlers
    : handler                               { ast_list_one(ctx, &$$, $1); }
    | handlers handler                      { ast_list_push(ctx, &$1, $2); $$ = $1; }
    ;

handler
    : EXCEPT ':' suite                      { $$ = ast_except(ctx, NULL, NULL, 0, &$3, @$); }
    | EXCEPT test ':' suite                 { $$ = ast_except(ctx, $2, NULL, 0, &$4, @$); }
    | EXCEPT test AS NAME ':' suite         { $$ = ast_except(ctx, $2, $4, 0, &$6, @$); }
    | EXCEPT '*' test ':' suite             { $$ = ast_except(ctx, $3, NULL, 1, &$5, @$); }
    | EXCEPT '*' test AS NAME ':' suite     { $$ = ast_except(ctx, $3, $5, 1, &$7, @$); }
    ;

/* match (PEP 634).  Patterns are checked by this grammar and kept only as
 * spans: nothing compiles them. */
match_stmt
    : MATCH testlist ':' NEWLINE INDENT case_blocks DEDENT  { $$ = ast_match(ctx, $2, &$6, @$); }
    ;

case_blocks
    : case_block                            { ast_list_one(ctx, &$$, $1); }
    | case_blocks case_block                { ast_list_push(ctx, &$1, $2); $$ = $1; }
    ;

case_block
    : CASE pattern_top guard_opt ':' suite  { $$ = ast_case(ctx, $2, $3, &$5, @$); }
    ;

guard_opt
    : %empty                                { $$ = NULL; }
    | IF ntest                              { $$ = $2; }
    ;

pattern_top
    : pattern                               { $$ = $1; }
    | pattern ','                           { $$ = ast_pattern(ctx, @$); }
    | pattern ',' pattern_seq               { $$ = ast_pattern(ctx, @$); }
    | pattern ',' pattern_seq ','           { $$ = ast_pattern(ctx, @$); }
    ;

pattern_seq
    : pattern
    | pattern_seq ',' pattern
    ;

pattern
    : or_pattern                            { $$ = $1; }
    | or_pattern AS NAME                    { $$ = ast_pattern(ctx, @$); }
    | '*' NAME                              { $$ = ast_pattern(ctx, @$); }
    ;

or_pattern
    : closed_pattern                        { $$ = $1; }
    | or_pattern '|' closed_pattern         { $$ = ast_pattern(ctx, @$); }
    ;

closed_pattern
    : pattern_atom                          { $$ = $1; }
    | NAME                                  { $$ = ast_pattern(ctx, @$); }
    | dotted_value                          { $$ = ast_pattern(ctx, @$); }
    | pattern_class                         { $$ = ast_pattern(ctx, @$); }
    | '(' ')'                               { $$ = ast_pattern(ctx, @$); }
    | '(' pattern ')'                       { $$ = ast_pattern(ctx, @$); }
    | '(' pattern ',' ')'                   { $$ = ast_pattern(ctx, @$); }
    | '(' pattern ',' pattern_seq ')'       { $$ = ast_pattern(ctx, @$); }
    | '(' pattern ',' pattern_seq ',' ')'   { $$ = ast_pattern(ctx, @$); }
    | '[' ']'                               { $$ = ast_pattern(ctx, @$); }
    | '[' pattern_seq ']'                   { $$ = ast_pattern(ctx, @$); }
    | '[' pattern_seq ',' ']'               { $$ = ast_pattern(ctx, @$); }
    | '{' '}'                               { $$ = ast_pattern(ctx, @$); }
    | '{' pattern_map '}'                   { $$ = ast_pattern(ctx, @$); }
    | '{' pattern_map ',' '}'               { $$ = ast_pattern(ctx, @$); }
    ;

/* Literals: numbers (signed, complex as real +/- imaginary), strings, None, True, False. */
pattern_atom
    : pattern_number                        { $$ = ast_pattern(ctx, @$); }
    | pattern_number '+' IMAG               { $$ = ast_pattern(ctx, @$); }
    | pattern_number '-' IMAG               { $$ = ast_pattern(ctx, @$); }
    | strings                               { $$ = ast_pattern(ctx, @$); }
    | NONE                                  { $$ = ast_pattern(ctx, @$); }
    | TRUE_                                 { $$ = ast_pattern(ctx, @$); }
    | FALSE_                                { $$ = ast_pattern(ctx, @$); }
    ;

pattern_number
    : INT | BIGINT | FLOAT | IMAG
    | '-' INT | '-' BIGINT | '-' FLOAT | '-' IMAG
    ;

dotted_value
    : NAME '.' NAME
    | dotted_value '.' NAME
    ;

pattern_class
    : NAME '(' ')'
    | dotted_value '(' ')'
    | NAME '(' pattern_args ')'
    | dotted_value '(' pattern_args ')'
    | NAME '(' pattern_args ',' ')'
    | dotted_value '(' pattern_args ',' ')'
    ;

pattern_args
    : pattern_arg
    | pattern_args ',' pattern_arg
    ;

pattern_arg
    : pattern
    | NAME '=' pattern
    ;

pattern_map
    : pattern_map_item
    | pattern_map ',' pattern_map_item
    ;

pattern_map_item
    : pattern_atom ':' pattern
    | dotted_value ':' pattern
    | POW NAME
    ;

funcdef_head
    : DEF                                   { $$ = 0; }
    | ASYNC DEF                             { $$ = 1; }
    ;

funcdef
    : funcdef_head NAME tparams '(' params ')' ret_opt ':' suite  { $$ = ast_funcdef(ctx, $2, &$5, $7, &$9, &$3, $1, @$); }
    ;

ret_opt
    : %empty                                { $$ = NULL; }
    | ARROW test                            { $$ = $2; }
    ;

/* Parameters as a flat list (markers '*' and '/' included); ast_funcdef
 * checks their order and gives each its kind. */
params
    : %empty                                { ast_list_init(&$$); }
    | plist                                 { $$ = $1; }
    | plist ','                             { $$ = $1; }
    ;

plist
    : param                                 { ast_list_one(ctx, &$$, $1); }
    | plist ',' param                       { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

param
    : NAME                                  { $$ = ast_param(ctx, $1, NULL, NULL, AST_PARAM_PLAIN, @$); }
    | NAME ':' test                         { $$ = ast_param(ctx, $1, $3, NULL, AST_PARAM_PLAIN, @$); }
    | NAME '=' test                         { $$ = ast_param(ctx, $1, NULL, $3, AST_PARAM_PLAIN, @$); }
    | NAME ':' test '=' test                { $$ = ast_param(ctx, $1, $3, $5, AST_PARAM_PLAIN, @$); }
    | '*'                                   { $$ = ast_param(ctx, NULL, NULL, NULL, AST_PARAM_STAR_MARK, @$); }
    | '*' NAME                              { $$ = ast_param(ctx, $2, NULL, NULL, AST_PARAM_VARARG, @$); }
    | '*' NAME ':' test                     { $$ = ast_param(ctx, $2, $4, NULL, AST_PARAM_VARARG, @$); }
    | '*' NAME ':' star_expr                { $$ = ast_param(ctx, $2, $4, NULL, AST_PARAM_VARARG, @$); }
    | POW NAME                              { $$ = ast_param(ctx, $2, NULL, NULL, AST_PARAM_VARKW, @$); }
    | POW NAME ':' test                     { $$ = ast_param(ctx, $2, $4, NULL, AST_PARAM_VARKW, @$); }
    | '/'                                   { $$ = ast_param(ctx, NULL, NULL, NULL, AST_PARAM_SLASH_MARK, @$); }
    ;

lparams
    : lplist                                { $$ = $1; }
    | lplist ','                            { $$ = $1; }
    ;

lplist
    : lparam                                { ast_list_one(ctx, &$$, $1); }
    | lplist ',' lparam                     { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

lparam
    : NAME                                  { $$ = ast_param(ctx, $1, NULL, NULL, AST_PARAM_PLAIN, @$); }
    | NAME '=' test                         { $$ = ast_param(ctx, $1, NULL, $3, AST_PARAM_PLAIN, @$); }
    | '*'                                   { $$ = ast_param(ctx, NULL, NULL, NULL, AST_PARAM_STAR_MARK, @$); }
    | '*' NAME                              { $$ = ast_param(ctx, $2, NULL, NULL, AST_PARAM_VARARG, @$); }
    | POW NAME                              { $$ = ast_param(ctx, $2, NULL, NULL, AST_PARAM_VARKW, @$); }
    | '/'                                   { $$ = ast_param(ctx, NULL, NULL, NULL, AST_PARAM_SLASH_MARK, @$); }
    ;

decorated
    : decorators funcdef                    { $$ = ast_decorate(ctx, &$1, $2, @$); }
    ;

decorators
    : decorator                             { ast_list_one(ctx, &$$, $1); }
    | decorators decorator                  { ast_list_push(ctx, &$1, $2); $$ = $1; }
    ;

decorator
    : '@' ntest NEWLINE                     { $$ = $2; }
    ;

suite
    : simple_stmt                           { $$ = $1; }
    | NEWLINE INDENT stmts DEDENT           { $$ = $3; }
    ;

/* ------------------------------------------------------------ expressions */

/* Expression lists (tuples when a comma is written), starred items allowed. */
testlist
    : star_items                            { $$ = ast_testlist(ctx, &$1, 0, @$); }
    | star_items ','                        { $$ = ast_testlist(ctx, &$1, 1, @$); }
    ;

/* Written out, not through a nonterminal for one item: each element of a
 * list costs no reduction beyond its expression's.  A statement's list
 * (testlist) takes no 'x := v', which Python allows only inside brackets,
 * so that a name starting a statement needs no lookahead to reduce. */
star_items
    : expr                                  { ast_list_one(ctx, &$$, $1); }
    | ternary                               { ast_list_one(ctx, &$$, $1); }
    | lambdef                               { ast_list_one(ctx, &$$, $1); }
    | star_expr                             { ast_list_one(ctx, &$$, $1); }
    | star_items ',' expr                   { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | star_items ',' ternary                { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | star_items ',' lambdef                { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | star_items ',' star_expr              { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

/* Items in brackets: also 'x := v', and 'x as y' for 'with (a as b, c):'
 * (see with_items), which ast_deepen rejects anywhere else. */
pitems
    : expr                                  { ast_list_one(ctx, &$$, $1); }
    | ternary                               { ast_list_one(ctx, &$$, $1); }
    | lambdef                               { ast_list_one(ctx, &$$, $1); }
    | star_expr                             { ast_list_one(ctx, &$$, $1); }
    | pitem                                 { ast_list_one(ctx, &$$, $1); }
    | pitems ',' expr                       { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | pitems ',' ternary                    { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | pitems ',' lambdef                    { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | pitems ',' star_expr                  { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | pitems ',' pitem                      { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

pitem
    : NAME COLONEQ test                     { $$ = ast_namedexpr(ctx, ast_name(ctx, $1, @1), $3, @$); }
    | test AS target                        { $$ = ast_with_item(ctx, $1, $3, @$); }
    ;

star_expr
    : '*' expr                              { $$ = ast_starred(ctx, 0, $2, @$); }
    ;

/* Assignment targets of 'for', comprehensions, 'with ... as', 'del':
 * primaries, starred ones and (nested) tuples and lists of them, as
 * ast_check_target accepts.  No operator can appear at this level, so
 * the 'in' of a 'for' is never read as a comparison. */
targets
    : targets_l                             { $$ = ast_testlist(ctx, &$1, 0, @$); }
    | targets_l ','                         { $$ = ast_testlist(ctx, &$1, 1, @$); }
    ;

targets_l
    : target                                { ast_list_one(ctx, &$$, $1); }
    | targets_l ',' target                  { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

target
    : atom_expr                             { $$ = $1; }
    | '*' atom_expr                         { $$ = ast_starred(ctx, 0, $2, @$); }
    ;

/* Named expressions (x := value) where Python allows them unparenthesized. */
ntest
    : test                                  { $$ = $1; }
    | NAME COLONEQ test                     { $$ = ast_namedexpr(ctx, ast_name(ctx, $1, @1), $3, @$); }
    ;

/* In the frequent places (list items, arguments, subscripts) test's
 * alternatives are written out, which saves a reduction per expression. */
test
    : expr                                  { $$ = $1; }
    | ternary                               { $$ = $1; }
    | lambdef                               { $$ = $1; }
    ;

ternary
    : expr IF expr ELSE test                { $$ = ast_ifexp(ctx, $3, $1, $5, @$); }
    ;

lambdef
    : LAMBDA ':' test                       { $$ = ast_lambda(ctx, NULL, $3, @$); }
    | LAMBDA lparams ':' test               { $$ = ast_lambda(ctx, &$2, $4, @$); }
    ;

expr
    : atom_expr                             { $$ = $1; }
    | AWAIT atom_expr                       { $$ = ast_stmt1(ctx, AST_AWAIT, $2, @$); }
    | expr OR expr                          { $$ = ast_boolop(ctx, AST_OR, $1, $3, @$); }
    | expr XOR expr                         { $$ = ast_boolop(ctx, AST_XOR, $1, $3, @$); }
    | expr AND expr                         { $$ = ast_boolop(ctx, AST_AND, $1, $3, @$); }
    | NOT expr                              { $$ = ast_unary(ctx, AST_NOT, $2, @$); }
    | expr comp_op expr %prec IN            { $$ = ast_compare(ctx, $2, $1, $3, @$); }
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

comp_op
    : '<'                                   { $$ = AST_LT; }
    | '>'                                   { $$ = AST_GT; }
    | EQ                                    { $$ = AST_EQ; }
    | NE                                    { $$ = AST_NE; }
    | LE                                    { $$ = AST_LE; }
    | GE                                    { $$ = AST_GE; }
    | IN                                    { $$ = AST_IN; }
    | NOT IN                                { $$ = AST_NOT_IN; }
    | IS %prec OR                           { $$ = AST_IS; }
    | IS NOT                                { $$ = AST_IS_NOT; }
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
    | '(' pitems ')'                        { $$ = ast_paren_items(ctx, &$2, 0, @$); }
    | '(' pitems ',' ')'                    { $$ = ast_paren_items(ctx, &$2, 1, @$); }
    | '(' yield_expr ')'                    { $$ = ast_parens(ctx, $2, @$); }
    | '(' ntest comp_fors ')'               { $$ = ast_comp(ctx, AST_COMP_GEN, $2, NULL, &$3, @$); }
    | '[' ']'                               { $$ = ast_seq(ctx, AST_LIST, NULL, 0, @$); }
    | '[' pitems ']'                        { $$ = ast_seq(ctx, AST_LIST, &$2, 0, @$); }
    | '[' pitems ',' ']'                    { $$ = ast_seq(ctx, AST_LIST, &$2, 1, @$); }
    | '[' ntest comp_fors ']'               { $$ = ast_comp(ctx, AST_COMP_LIST, $2, NULL, &$3, @$); }
    | '{' '}'                               { $$ = ast_seq(ctx, AST_DICT, NULL, 0, @$); }
    | '{' dict_items '}'                    { $$ = ast_seq(ctx, AST_DICT, &$2, 0, @$); }
    | '{' dict_items ',' '}'                { $$ = ast_seq(ctx, AST_DICT, &$2, 1, @$); }
    | '{' set_items '}'                     { $$ = ast_seq(ctx, AST_SET, &$2, 0, @$); }
    | '{' set_items ',' '}'                 { $$ = ast_seq(ctx, AST_SET, &$2, 1, @$); }
    | '{' test ':' test comp_fors '}'       { $$ = ast_comp(ctx, AST_COMP_DICT, $2, $4, &$5, @$); }
    | '{' ntest comp_fors '}'               { $$ = ast_comp(ctx, AST_COMP_SET, $2, NULL, &$3, @$); }
    | NAME                                  { $$ = ast_name(ctx, $1, @$); }
    | INT                                   { $$ = ast_int(ctx, $1, @$); }
    | BIGINT                                { $$ = ast_bigint(ctx, @$); }
    | FLOAT                                 { $$ = ast_float(ctx, $1, @$); }
    | IMAG                                  { $$ = ast_imag(ctx, $1, @$); }
    | strings                               { $$ = $1; }
    | NONE                                  { $$ = ast_leaf(ctx, AST_NONE, @$); }
    | TRUE_                                 { $$ = ast_leaf(ctx, AST_TRUE, @$); }
    | FALSE_                                { $$ = ast_leaf(ctx, AST_FALSE, @$); }
    | ELLIPSIS                              { $$ = ast_leaf(ctx, AST_ELLIPSIS, @$); }
    ;

/* Items in parentheses: a 'with' item's 'as' is allowed here (see with_items). */
/* Braces have their own item list: after '{' test, a ':' makes a dict. */
set_items
    : ntest                                 { ast_list_one(ctx, &$$, $1); }
    | star_expr                             { ast_list_one(ctx, &$$, $1); }
    | set_items ',' ntest                   { ast_list_push(ctx, &$1, $3); $$ = $1; }
    | set_items ',' star_expr               { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

dict_items
    : dict_item                             { ast_list_one(ctx, &$$, $1); }
    | dict_items ',' dict_item              { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

dict_item
    : test ':' test                         { $$ = ast_pair(ctx, $1, $3, @$); }
    | POW expr                              { $$ = ast_starred(ctx, 1, $2, @$); }
    ;

comp_fors
    : comp_for                              { ast_list_one(ctx, &$$, $1); }
    | comp_fors comp_for                    { ast_list_push(ctx, &$1, $2); $$ = $1; }
    ;

comp_for
    : FOR targets IN expr comp_ifs          { $$ = ast_comp_for(ctx, $2, $4, &$5, 0, @$); }
    | ASYNC FOR targets IN expr comp_ifs    { $$ = ast_comp_for(ctx, $3, $5, &$6, 1, @$); }
    ;

comp_ifs
    : %empty                                { ast_list_init(&$$); }
    | comp_ifs IF expr                      { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

strings
    : STRING                                { $$ = ast_string(ctx, NULL, @$); }
    | strings STRING                        { $$ = ast_string(ctx, $1, @2); }
    ;

arglist
    : args                                  { $$ = $1; }
    | args ','                              { $$ = $1; }
    ;

args
    : arg                                   { ast_list_one(ctx, &$$, $1); }
    | args ',' arg                          { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

arg
    : expr                                  { $$ = $1; }
    | ternary                               { $$ = $1; }
    | lambdef                               { $$ = $1; }
    | NAME COLONEQ test                     { $$ = ast_namedexpr(ctx, ast_name(ctx, $1, @1), $3, @$); }
    | ntest comp_fors                       { $$ = ast_comp(ctx, AST_COMP_GEN, $1, NULL, &$2, @$); }
    | NAME '=' expr                         { $$ = ast_keyword(ctx, $1, $3, @$); }
    | NAME '=' ternary                      { $$ = ast_keyword(ctx, $1, $3, @$); }
    | NAME '=' lambdef                      { $$ = ast_keyword(ctx, $1, $3, @$); }
    | '*' test                              { $$ = ast_starred(ctx, 0, $2, @$); }
    | POW test                              { $$ = ast_starred(ctx, 1, $2, @$); }
    ;

subscripts
    : subscript                             { ast_list_one(ctx, &$$, $1); }
    | subscripts ',' subscript              { ast_list_push(ctx, &$1, $3); $$ = $1; }
    ;

subscript
    : expr                                  { $$ = $1; }
    | ternary                               { $$ = $1; }
    | lambdef                               { $$ = $1; }
    | NAME COLONEQ test                     { $$ = ast_namedexpr(ctx, ast_name(ctx, $1, @1), $3, @$); }
    | star_expr                             { $$ = $1; }
    | NAME '=' test                         { $$ = ast_keyword(ctx, $1, $3, @$); }
    | slice_part ':' slice_part             { $$ = ast_slice(ctx, $1, $3, NULL, 0, @$); }
    | slice_part ':' slice_part ':' slice_part  { $$ = ast_slice(ctx, $1, $3, $5, 1, @$); }
    ;

slice_part
    : %empty                                { $$ = NULL; }
    | test                                  { $$ = $1; }
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
    case YYSYMBOL_INT: case YYSYMBOL_BIGINT: case YYSYMBOL_FLOAT: case YYSYMBOL_IMAG: return PSYM_NUMBER;
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
