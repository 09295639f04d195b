/* parse.c: runs scanner -> layout filter -> parser, words syntax errors,
 * and hands finished definitions to the sink (rewinding the syntax arena
 * behind them). */
#include "config.h"
#include "grammar/parse.h"
#include "grammar/parser.h"
#include "lexer/lexer_extra.h"

/* flex's header needs the parser's YYSTYPE/YYLTYPE first. */
#include "lexer/lexer.h"

#include <string.h>

static int raw_lex(void *value, uint32_t *lo, uint32_t *hi, void *scanner);

/* May a binary operator ('xor') follow this token? */
static int ends_operand(int code)
{
    switch (code) {
    case NAME: case INT: case BIGINT: case FLOAT: case IMAG: case STRING: case NONE: case TRUE_: case FALSE_:
    case ELLIPSIS: case ')': case ']': case '}':
        return 1;
    default:
        return 0;
    }
}

static void layout_setup(Layout *L, void *scanner, SourceFile *src, DiagEngine *diag, Interner *names)
{
    layout_init(L, raw_lex, scanner, sizeof(YYSTYPE), src, diag, names);
    layout_set_codes(L, NEWLINE, INDENT, DEDENT, YYerror, YYEOF);
    layout_set_soft_codes(L, NAME, XOR, MATCH, CASE, TYPE, ends_operand);
}

static int raw_lex(void *value, uint32_t *lo, uint32_t *hi, void *scanner)
{
    YYLTYPE loc;
    int tok = ppy_lex((YYSTYPE *)value, &loc, scanner);
    *lo = loc.lo;
    *hi = loc.hi;
    return tok;
}

/* The parser's hooks (declared inside parser.c only, so that flex's
 * renaming of yylex does not reach them). */
int yylex(YYSTYPE *lval, YYLTYPE *lloc, ParseCtx *ctx);
void yyerror(YYLTYPE *loc, ParseCtx *ctx, const char *msg);

int yylex(YYSTYPE *lval, YYLTYPE *lloc, ParseCtx *ctx)
{
    uint32_t lo, hi;
    int tok = layout_next(&ctx->layout, lval, &lo, &hi);
    lloc->lo = lo;
    lloc->hi = hi;
    switch (tok) {
    case IF: case ELIF: case ELSE: case FOR: case WHILE: case WITH: case DEF: case CLASS:
        ctx->block_kw = tok;
        ctx->block_kw_at = lo;
        break;
    default:
        break;
    }
    return tok;
}

void yyerror(YYLTYPE *loc, ParseCtx *ctx, const char *msg)
{
    /* With custom error reporting bison calls this only when its stack is
     * exhausted, i.e. for absurdly deep nesting. */
    (void)msg;
    ctx->errors++;
    diag_error(ctx->diag, *loc, "too deeply nested: the parser's stack is exhausted");
}

static const char *block_word(int tok)
{
    switch (tok) {
    case IF: return "'if' statement";
    case ELIF: return "'elif' statement";
    case ELSE: return "'else'";
    case FOR: return "'for' statement";
    case WHILE: return "'while' statement";
    case WITH: return "'with' statement";
    case DEF: return "function definition";
    case CLASS: return "class definition";
    default: return "':'";
    }
}

/* The token as the user wrote it, for the message. */
static void describe_token(ParseCtx *ctx, Span at, int tok, const char *name, char *buf, size_t cap)
{
    size_t len = at.hi > at.lo ? at.hi - at.lo : 0;
    if (tok == PSYM_NAME && len && len < 64)
        snprintf(buf, cap, "identifier '%.*s'", (int)len, source_text_at(ctx->src, at.lo));
    else if (tok == PSYM_NUMBER && len && len < 64)
        snprintf(buf, cap, "number '%.*s'", (int)len, source_text_at(ctx->src, at.lo));
    else
        snprintf(buf, cap, "%s", name);
}

void parse_syntax_error(ParseCtx *ctx, Span at, int unexpected, const char *unexpected_name,
                        const int *expected, const char *const *expected_names, int nexpected)
{
    char what[96], ch;
    uint32_t open_at;
    int colon = 0;
    ctx->errors++;
    if (unexpected == PSYM_INDENT) {
        diag_error(ctx->diag, at, "unexpected indent");
        layout_absorb_indent(&ctx->layout);
        return;
    }
    /* Inside an unclosed bracket, a token on a later line means the bracket
     * was never closed: say so at the opener, then let layout resume. */
    if (layout_open_bracket(&ctx->layout, &ch, &open_at) &&
        source_pos(ctx->src, open_at).line != source_pos(ctx->src, at.lo).line) {
        diag_error(ctx->diag, span_make(open_at, open_at + 1), "'%c' was never closed", ch);
        layout_drop_brackets(&ctx->layout);
        return;
    }
    for (int i = 0; i < nexpected; i++)
        if (strcmp(expected_names[i], "':'") == 0)
            colon = 1;
    if (colon && unexpected == PSYM_NEWLINE) {
        diag_error(ctx->diag, at, "expected ':'");
        return;
    }
    if (nexpected == 1 && expected[0] == PSYM_INDENT) {
        SourcePos p = source_pos(ctx->src, ctx->block_kw_at);
        diag_error(ctx->diag, at, "expected an indented block after %s on line %u", block_word(ctx->block_kw), p.line);
        return;
    }
    if (unexpected == PSYM_UNSUPPORTED) {
        diag_error(ctx->diag, at, "%s is not supported in PyPTO programs", unexpected_name);
        return;
    }
    describe_token(ctx, at, unexpected, unexpected_name, what, sizeof what);
    if (nexpected == 0 || nexpected > 6) {
        diag_error(ctx->diag, at, "invalid syntax: unexpected %s", what);
    } else {
        char list[512];
        size_t k = 0;
        list[0] = '\0';
        for (int i = 0; i < nexpected && k < sizeof list - 64; i++) {
            const char *sep = i == 0 ? "" : i == nexpected - 1 ? " or " : ", ";
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", sep, expected_names[i]);
        }
        diag_error(ctx->diag, at, "invalid syntax: unexpected %s, expected %s", what, list);
    }
}

void parse_keep(ParseCtx *ctx) { ctx->keep = 1; }

static void close_open_class(ParseCtx *ctx)
{
    AstNode *cls = ctx->open_class;
    if (!cls)
        return;
    ctx->open_class = NULL;
    ctx->keep = 0;
    if (ctx->sink.class_end)
        ctx->sink.class_end(ctx->sink.data, cls);
    ctx->errors_at_handoff = ctx->diag->errors;
    /* The sink keeps the class (its members' trees, kept one by one, with
     * it) or the class is released whole. */
    if (ctx->keep)
        ctx->mark = arena_mark(&ctx->arena);
    else
        arena_reset(&ctx->arena, ctx->mark);
    ctx->keep = 0;
}

/* Flag the trees of this hand-over if errors were reported while they
 * were parsed. */
static void flag_errors(ParseCtx *ctx, AstList *stmts)
{
    if (ctx->diag->errors != ctx->errors_at_handoff)
        for (uint32_t i = 0; i < stmts->n; i++)
            stmts->items[i]->flags |= AST_SYNTAX_ERROR;
    ctx->errors_at_handoff = ctx->diag->errors;
    if (ctx->python_nodes != ctx->python_at_handoff)
        for (uint32_t i = 0; i < stmts->n; i++)
            stmts->items[i]->python = 1;
    ctx->python_at_handoff = ctx->python_nodes;
}

/* Hand each statement to the sink, then rewind the syntax arena to mark
 * unless the sink kept a tree (then the mark moves past it). */
static void hand_over(ParseCtx *ctx, AstList *stmts, void (*to)(void *, AstNode *), ArenaMark *mark)
{
    int kept = 0;
    flag_errors(ctx, stmts);
    for (uint32_t i = 0; i < stmts->n; i++) {
        ctx->keep = 0;
        if (to)
            to(ctx->sink.data, stmts->items[i]);
        kept |= ctx->keep;
    }
    /* What the sink reported (elaboration errors) belongs to these trees,
     * not to the syntax of the next ones. */
    ctx->errors_at_handoff = ctx->diag->errors;
    if (kept)
        *mark = arena_mark(&ctx->arena);
    else
        arena_reset(&ctx->arena, *mark);
}

void parse_toplevel(ParseCtx *ctx, AstList *stmts)
{
    close_open_class(ctx);   /* a class whose body failed to parse */
    hand_over(ctx, stmts, ctx->sink.toplevel, &ctx->mark);
}

void parse_class_begin(ParseCtx *ctx, AstNode *classdef)
{
    close_open_class(ctx);
    ctx->open_class = classdef;
    ctx->errors_at_handoff = ctx->diag->errors;
    if (ctx->sink.class_begin)
        ctx->sink.class_begin(ctx->sink.data, classdef);
    ctx->errors_at_handoff = ctx->diag->errors;
    ctx->class_mark = arena_mark(&ctx->arena);
}

void parse_class_member(ParseCtx *ctx, AstList *stmts) { hand_over(ctx, stmts, ctx->sink.class_member, &ctx->class_mark); }

void parse_class_end(ParseCtx *ctx, AstNode *classdef, Span span)
{
    (void)span;
    if (ctx->open_class == classdef)
        close_open_class(ctx);
}

/* Parses src's bytes [from, to) (local offsets); inline_expr: as one
 * expression (parse_expression). */
static unsigned run_parser(ParseCtx *ctx, SourceFile *src, uint32_t from, uint32_t to, int inline_expr,
                           DiagEngine *diag, Interner *names, ParseSink sink)
{
    struct LexExtra extra;
    yyscan_t scanner;
    unsigned errors_before = diag->errors;

    memset(ctx, 0, sizeof *ctx);
    arena_init(&ctx->arena);
    ctx->names = names;
    ctx->diag = diag;
    ctx->src = src;
    ctx->sink = sink;
    memset(&extra, 0, sizeof extra);
    extra.src = src;
    extra.diag = diag;
    extra.names = names;
    extra.read_pos = from;
    extra.end = to;
    extra.offset = src->base + from;
    extra.non_ascii_names = &ctx->non_ascii_names;
    if (ppy_lex_init_extra(&extra, &scanner) != 0)
        diag_ice(__FILE__, __LINE__, "cannot create the scanner");
    ctx->scanner = scanner;
    layout_setup(&ctx->layout, scanner, src, diag, names);
    ctx->layout.inline_expr = inline_expr;
    ctx->mark = arena_mark(&ctx->arena);
    ctx->errors_at_handoff = diag->errors;
    yyparse(ctx);
    close_open_class(ctx);
    layout_free(&ctx->layout);
    ppy_lex_destroy(scanner);
    ctx->scanner = NULL;
    return diag->errors - errors_before;
}

unsigned parse_source(ParseCtx *ctx, SourceFile *src, DiagEngine *diag, Interner *names, ParseSink sink)
{
    const unsigned char *t = (const unsigned char *)src->text;
    uint32_t start = (src->len >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF) ? 3 : 0;
    return run_parser(ctx, src, start, src->len, 0, diag, names, sink);
}

typedef struct ExprCatch {
    ParseCtx *ctx;
    AstNode *expr;
    int statements;
} ExprCatch;

static void catch_expr(void *data, AstNode *s)
{
    ExprCatch *c = data;
    if (c->statements++ == 0 && s->kind == AST_EXPR_STMT && !(s->flags & AST_SYNTAX_ERROR))
        c->expr = s->a;
    parse_keep(c->ctx);
}

AstNode *parse_expression(ParseCtx *ctx, SourceFile *src, uint32_t lo, uint32_t hi, DiagEngine *diag,
                          Interner *names)
{
    ExprCatch c;
    ParseSink sink;
    unsigned errors;
    memset(&c, 0, sizeof c);
    memset(&sink, 0, sizeof sink);
    c.ctx = ctx;
    sink.toplevel = catch_expr;
    sink.data = &c;
    errors = run_parser(ctx, src, lo - src->base, hi - src->base, 1, diag, names, sink);
    if (!errors && (c.statements != 1 || !c.expr)) {
        diag_error(diag, span_make(lo, hi), "invalid expression in an f-string");
        return NULL;
    }
    return errors ? NULL : c.expr;
}

void parse_ctx_free(ParseCtx *ctx) { arena_free(&ctx->arena); }

unsigned parse_scan_only(SourceFile *src, DiagEngine *diag, Interner *names, uint32_t *ntokens)
{
    struct LexExtra extra;
    yyscan_t scanner;
    Layout layout;
    YYSTYPE value;
    const unsigned char *t = (const unsigned char *)src->text;
    uint32_t start = (src->len >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF) ? 3 : 0;
    unsigned errors_before = diag->errors;
    uint32_t lo, hi;
    int non_ascii = 0;
    memset(&extra, 0, sizeof extra);
    extra.non_ascii_names = &non_ascii;
    extra.src = src;
    extra.diag = diag;
    extra.names = names;
    extra.read_pos = start;
    extra.end = src->len;
    extra.offset = src->base + start;
    if (ppy_lex_init_extra(&extra, &scanner) != 0)
        diag_ice(__FILE__, __LINE__, "cannot create the scanner");
    layout_setup(&layout, scanner, src, diag, names);
    *ntokens = 0;
    while (layout_next(&layout, &value, &lo, &hi) != YYEOF)
        ++*ntokens;
    layout_free(&layout);
    ppy_lex_destroy(scanner);
    return diag->errors - errors_before;
}
