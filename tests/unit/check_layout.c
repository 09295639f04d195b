/* check_layout.c: unit tests of the layout filter (lexer/layout.c) through
 * the real front end, and of the literal and encoding helpers
 * (lexer/literal.c).  This file holds the harness and the suite; the tests
 * are in check_layout_blocks.c (statements, blocks and indentation),
 * check_layout_brackets.c (brackets and the file header) and
 * check_literal.c (encoding and literals).
 *
 * Each source text is run through parse_source() with a sink that records
 * every statement it is handed as "kind@line", nested bodies in brackets
 * ("def@1[assign@2 if@3[pass@4]]"), so the NEWLINE/INDENT/DEDENT stream
 * the filter produced can be read off the tree shape.  Diagnostics go to a
 * memory stream and are compared as text. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/ast.h"
#include "grammar/parse.h"
#include "check_layout.h"

/* ============================================================ harness */

static const char *kind_name(int kind)
{
    switch (kind) {
    case AST_EXPR_STMT: return "expr";
    case AST_ASSIGN: return "assign";
    case AST_ANNASSIGN: return "annassign";
    case AST_AUGASSIGN: return "augassign";
    case AST_RETURN: return "return";
    case AST_YIELD: return "yield";
    case AST_PASS: return "pass";
    case AST_BREAK: return "break";
    case AST_CONTINUE: return "continue";
    case AST_IF: return "if";
    case AST_FOR: return "for";
    case AST_WHILE: return "while";
    case AST_WITH: return "with";
    case AST_FUNCDEF: return "def";
    case AST_CLASSDEF: return "class";
    case AST_IMPORT: return "import";
    case AST_IMPORTFROM: return "from";
    case AST_ERROR: return "error";
    default: return "?";
    }
}

static void describe_list(PT *t, const AstList *l);

static void describe(PT *t, const AstNode *n)
{
    SourcePos p = source_pos(&t->sf, n->span.lo);
    sb_printf(&t->trace, "%s@%u", kind_name(n->kind), p.line);
    switch (n->kind) {
    case AST_FUNCDEF:
        describe_list(t, &n->list2);
        break;
    case AST_IF:
        describe_list(t, &n->list);
        if (n->flags & AST_HAS_ELSE) {
            sb_puts(&t->trace, "else");
            describe_list(t, &n->list2);
        }
        break;
    case AST_FOR:
    case AST_WHILE:
    case AST_WITH:
        describe_list(t, &n->list);
        break;
    default:
        break;
    }
}

static void describe_list(PT *t, const AstList *l)
{
    sb_putc(&t->trace, '[');
    for (uint32_t i = 0; i < l->n; i++) {
        if (i)
            sb_putc(&t->trace, ' ');
        describe(t, l->items[i]);
    }
    sb_putc(&t->trace, ']');
}

static void sep(PT *t)
{
    if (t->items++)
        sb_putc(&t->trace, ' ');
}

static void on_toplevel(void *data, AstNode *stmt)
{
    PT *t = data;
    sep(t);
    describe(t, stmt);
}

static void on_class_begin(void *data, AstNode *cls)
{
    PT *t = data;
    sep(t);
    sb_printf(&t->trace, "class@%u{", source_pos(&t->sf, cls->span.lo).line);
    t->items = 0;
}

static void on_class_member(void *data, AstNode *stmt)
{
    PT *t = data;
    sep(t);
    describe(t, stmt);
}

static void on_class_end(void *data, AstNode *cls)
{
    PT *t = data;
    (void)cls;
    sb_putc(&t->trace, '}');
    t->items = 1;
}

void pt_run(PT *t, const char *text, size_t len)
{
    ParseSink sink = {on_toplevel, on_class_begin, on_class_member, on_class_end, NULL};
    memset(t, 0, sizeof *t);
    interner_init(&t->names);
    t->out = open_memstream(&t->buf, &t->len);
    ck_assert_ptr_nonnull(t->out);
    source_init(&t->sf, "t.py", text, (uint32_t)len);
    diag_init(&t->d, t->out);
    diag_set_source(&t->d, &t->sf);
    sb_init(&t->trace);
    sink.data = t;
    t->nerr = parse_source(&t->ctx, &t->sf, &t->d, &t->names, sink);
}

const char *pt_trace(PT *t) { return sb_cstr(&t->trace); }

const char *pt_diag(PT *t)
{
    fflush(t->out);
    return t->buf ? t->buf : "";
}

void pt_free(PT *t)
{
    parse_ctx_free(&t->ctx);
    diag_free(&t->d);
    fclose(t->out);
    free(t->buf);
    sb_free(&t->trace);
    source_free(&t->sf);
    interner_free(&t->names);
}

/* Number of lines of the diagnostics output that contain "error:". */
int count_errors(PT *t)
{
    int n = 0;
    for (const char *p = pt_diag(t); (p = strstr(p, "error:")) != NULL; p++)
        n++;
    return n;
}

/* ================================================================ main */

static Suite *layout_suite(void)
{
    Suite *s = suite_create("layout");
    layout_block_tests(s);
    layout_bracket_tests(s);
    layout_literal_tests(s);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(layout_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
