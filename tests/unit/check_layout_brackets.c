/* check_layout_brackets.c: the layout filter (lexer/layout.c) inside
 * brackets (the nesting limit, unclosed, mismatched and unmatched
 * brackets) and the "# pypto.program: Name" header line.  The harness is
 * in check_layout.c. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_layout.h"

/* "x = " + n '(' + "1" + n ')' + "\ny = 2\n" */
static char *nested_parens(int n, size_t *len)
{
    char *s = malloc(2 * (size_t)n + 32);
    size_t k = 0;
    memcpy(s, "x = ", 4);
    k = 4;
    memset(s + k, '(', (size_t)n);
    k += (size_t)n;
    s[k++] = '1';
    memset(s + k, ')', (size_t)n);
    k += (size_t)n;
    memcpy(s + k, "\ny = 2\n", 8);   /* with the NUL */
    k += 7;
    *len = k;
    return s;
}

START_TEST(test_bracket_limit)
{
    PT t;
    size_t len;
    char *text = nested_parens(LAYOUT_MAX_BRACKETS, &len);   /* at the limit: fine */
    pt_run(&t, text, len);
    ck_assert_ptr_null(strstr(pt_diag(&t), "brackets"));
    pt_free(&t);
    free(text);
    text = nested_parens(LAYOUT_MAX_BRACKETS + 50, &len);   /* beyond it: one error, at the 201st '(' */
    pt_run(&t, text, len);
    ck_assert_ptr_nonnull(strstr(pt_diag(&t), "t.py:1:205: error: too many nested brackets (limit 200)\n"));
    ck_assert_int_eq(count_errors(&t), 1);
    ck_assert_ptr_null(strstr(pt_diag(&t), "unmatched"));
    pt_free(&t);
    free(text);
}
END_TEST

START_TEST(test_unclosed_bracket_at_eof)
{
    PT t;
    PT_RUN(&t, "x = 1\n"
               "y = f(1,\n"
               "      2\n");
    ck_assert_str_eq(pt_diag(&t), "t.py:2:6: error: '(' was never closed\n"
                                  "    2 | y = f(1,\n"
                                  "      |      ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    pt_free(&t);
}
END_TEST

START_TEST(test_unclosed_bracket_before_next_stmt)
{
    PT t;
    /* The bracket is reported at its opener, once; the next line parses. */
    PT_RUN(&t, "def f(t):\n"
               "    a = g(t, [0, 0], [64, 64]\n"
               "    return t\n");
    ck_assert_str_eq(pt_diag(&t), "t.py:2:10: error: '(' was never closed\n"
                                  "    2 |     a = g(t, [0, 0], [64, 64]\n"
                                  "      |          ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    pt_free(&t);
}
END_TEST

START_TEST(test_unclosed_nested_brackets_at_eof)
{
    PT t;
    /* Only the innermost unclosed bracket is reported. */
    PT_RUN(&t, "x = [(1,\n");
    ck_assert_str_eq(pt_diag(&t), "t.py:1:6: error: '(' was never closed\n"
                                  "    1 | x = [(1,\n"
                                  "      |      ^\n");
    pt_free(&t);
}
END_TEST

START_TEST(test_mismatched_closer)
{
    PT t;
    PT_RUN(&t, "x = f([0, 0), 1)\n");
    ck_assert_str_eq(pt_diag(&t),
                     "t.py:1:12: error: closing parenthesis ')' does not match opening bracket '['\n"
                     "    1 | x = f([0, 0), 1)\n"
                     "      |            ^\n"
                     "t.py:1:7: note: '[' opened here\n"
                     "    1 | x = f([0, 0), 1)\n"
                     "      |       ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    pt_free(&t);
}
END_TEST

START_TEST(test_mismatched_brace)
{
    PT t;
    PT_RUN(&t, "x = (1]\n");
    ck_assert_ptr_nonnull(
        strstr(pt_diag(&t), "t.py:1:7: error: closing bracket ']' does not match opening parenthesis '('\n"));
    ck_assert_ptr_nonnull(strstr(pt_diag(&t), "t.py:1:5: note: '(' opened here\n"));
    pt_free(&t);
}
END_TEST

START_TEST(test_unmatched_closer)
{
    PT t;
    PT_RUN(&t, "x = 1)\n"
               "y = 2\n");
    ck_assert_str_eq(pt_diag(&t), "t.py:1:6: error: unmatched ')'\n"
                                  "    1 | x = 1)\n"
                                  "      |      ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    /* Parsing recovers at the next line. */
    ck_assert_ptr_nonnull(strstr(pt_trace(&t), "assign@2"));
    pt_free(&t);
}
END_TEST

START_TEST(test_unmatched_closer_at_line_start)
{
    PT t;
    PT_RUN(&t, "]\n"
               "y = 2\n");
    ck_assert_ptr_nonnull(strstr(pt_diag(&t), "t.py:1:1: error: unmatched ']'\n"));
    ck_assert_int_eq(count_errors(&t), 1);
    pt_free(&t);
}
END_TEST

START_TEST(test_header)
{
    PT t;
    PT_RUN(&t, "# pypto.program: MyProg\n"
               "x = 1\n");
    ck_assert_str_eq(pt_diag(&t), "");
    ck_assert_int_eq(t.ctx.layout.has_header, 1);
    ck_assert_ptr_eq(t.ctx.layout.header_name, intern_cstr(&t.names, "MyProg"));
    ck_assert_uint_eq(t.ctx.layout.header_span.lo, 0);
    ck_assert_uint_eq(t.ctx.layout.header_span.hi, 23);
    ck_assert_str_eq(pt_trace(&t), "assign@2");
    pt_free(&t);
}
END_TEST

START_TEST(test_header_spacing_and_crlf)
{
    PT t;
    PT_RUN(&t, "#   pypto.program  :   Spaced  \r\n"
               "x = 1\r\n");
    ck_assert_int_eq(t.ctx.layout.has_header, 1);
    ck_assert_str_eq(t.ctx.layout.header_name, "Spaced");
    ck_assert_ptr_eq(t.ctx.layout.header_name, intern_cstr(&t.names, "Spaced"));
    pt_free(&t);
}
END_TEST

START_TEST(test_header_without_name)
{
    PT t;
    PT_RUN(&t, "# pypto.program\n"
               "x = 1\n");
    ck_assert_int_eq(t.ctx.layout.has_header, 1);
    ck_assert_ptr_nonnull(t.ctx.layout.header_name);
    ck_assert_str_eq(t.ctx.layout.header_name, "");
    pt_free(&t);
    PT_RUN(&t, "# pypto.program:\n");
    ck_assert_int_eq(t.ctx.layout.has_header, 1);
    ck_assert_str_eq(t.ctx.layout.header_name, "");
    pt_free(&t);
}
END_TEST

START_TEST(test_header_after_comment_and_blank)
{
    PT t;
    PT_RUN(&t, "# a licence comment\n"
               "\n"
               "# pypto.program: Second\n"
               "x = 1\n");
    ck_assert_int_eq(t.ctx.layout.has_header, 1);
    ck_assert_str_eq(t.ctx.layout.header_name, "Second");
    pt_free(&t);
}
END_TEST

START_TEST(test_header_after_code_ignored)
{
    PT t;
    PT_RUN(&t, "x = 1\n"
               "# pypto.program: Late\n"
               "y = 2\n");
    ck_assert_str_eq(pt_diag(&t), "");
    ck_assert_int_eq(t.ctx.layout.has_header, 0);
    ck_assert_ptr_null(t.ctx.layout.header_name);
    ck_assert_str_eq(pt_trace(&t), "assign@1 assign@3");
    pt_free(&t);
}
END_TEST

START_TEST(test_header_only_first_counts)
{
    PT t;
    PT_RUN(&t, "# pypto.program: First\n"
               "# pypto.program: Second\n");
    ck_assert_int_eq(t.ctx.layout.has_header, 1);
    ck_assert_str_eq(t.ctx.layout.header_name, "First");
    pt_free(&t);
}
END_TEST

START_TEST(test_header_indented_is_a_comment)
{
    PT t;
    PT_RUN(&t, "  # pypto.program: Indented\n"
               "x = 1\n");
    ck_assert_str_eq(pt_diag(&t), "");
    ck_assert_int_eq(t.ctx.layout.has_header, 0);
    pt_free(&t);
}
END_TEST

START_TEST(test_header_longer_word_is_not_a_header)
{
    PT t;
    /* Regression (once a bug in lexer/lexer.l header rule + layout.c read_header): the scanner
     * rule ^"#"[ \t]*"pypto.program"[^\n]* also matches comments that merely
     * start with the word, such as "# pypto.programs ...", and read_header
     * then records a header with the name "".  Expected: an ordinary
     * comment (has_header == 0). */
    int has_header;
    PT_RUN(&t, "# pypto.programs are compiled by pyptocc\n"
               "x = 1\n");
    has_header = t.ctx.layout.has_header;
    pt_free(&t);
    ck_assert_int_eq(has_header, 0);
}
END_TEST


void layout_bracket_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("brackets");
    tcase_add_test(tc, test_bracket_limit);
    tcase_add_test(tc, test_unclosed_bracket_at_eof);
    tcase_add_test(tc, test_unclosed_bracket_before_next_stmt);
    tcase_add_test(tc, test_unclosed_nested_brackets_at_eof);
    tcase_add_test(tc, test_mismatched_closer);
    tcase_add_test(tc, test_mismatched_brace);
    tcase_add_test(tc, test_unmatched_closer);
    tcase_add_test(tc, test_unmatched_closer_at_line_start);
    suite_add_tcase(s, tc);

    tc = tcase_create("header");
    tcase_add_test(tc, test_header);
    tcase_add_test(tc, test_header_spacing_and_crlf);
    tcase_add_test(tc, test_header_without_name);
    tcase_add_test(tc, test_header_after_comment_and_blank);
    tcase_add_test(tc, test_header_after_code_ignored);
    tcase_add_test(tc, test_header_only_first_counts);
    tcase_add_test(tc, test_header_indented_is_a_comment);
    tcase_add_test(tc, test_header_longer_word_is_not_a_header);
    suite_add_tcase(s, tc);
}
