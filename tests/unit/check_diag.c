/* check_diag.c: unit tests of source positions (support/source.c) and of
 * the diagnostics engine (support/diag.c): excerpts, carets and ranges,
 * warnings and -Werror, the error limit, tabs, invalid UTF-8 and control
 * characters, long lines, JSON output and color.  The text and JSON output
 * is captured in a memory stream and compared byte for byte. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/diag.h"
#include "support/source.h"

/* =========================================================== source_pos */

START_TEST(test_source_pos_lines)
{
    static const char text[] = "ab\ncd\r\nef";
    SourceFile sf;
    SourcePos p;
    source_init(&sf, "t.py", text, (uint32_t)strlen(text));
    p = source_pos(&sf, 0);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 0);
    ck_assert_uint_eq(p.line_end, 2);
    p = source_pos(&sf, 1);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 2);   /* the newline itself belongs to line 1 */
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 3);
    p = source_pos(&sf, 3);
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 3);
    ck_assert_uint_eq(p.line_end, 5);   /* "\r\n": the '\r' is not part of the line */
    p = source_pos(&sf, 4);
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 7);
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 7);
    ck_assert_uint_eq(p.line_end, 9);   /* last line without a newline ends at len */
    p = source_pos(&sf, 8);
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 9);   /* end of input */
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 3);
    p = source_pos(&sf, 1000);   /* clamped to the end */
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 3);
    ck_assert_uint_eq(sf.nlines, 3);
    source_free(&sf);
    source_free(&sf);
}
END_TEST

START_TEST(test_source_pos_trailing_newline_and_empty)
{
    static const char text[] = "x\n\ny\n";
    SourceFile sf, empty;
    SourcePos p;
    source_init(&sf, "t.py", text, (uint32_t)strlen(text));
    p = source_pos(&sf, 2);   /* the empty second line */
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 2);
    ck_assert_uint_eq(p.line_end, 2);
    p = source_pos(&sf, 3);
    ck_assert_uint_eq(p.line, 3);
    p = source_pos(&sf, 5);   /* after the final newline: an empty line 4 */
    ck_assert_uint_eq(p.line, 4);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 5);
    ck_assert_uint_eq(p.line_end, 5);
    source_free(&sf);

    source_init(&empty, "e.py", "", 0);
    p = source_pos(&empty, 0);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 0);
    ck_assert_uint_eq(p.line_end, 0);
    source_free(&empty);
}
END_TEST

START_TEST(test_source_pos_utf8_columns)
{
    /* "é" is 2 bytes, "€" 3, U+1F600 4: each counts as one column. */
    static const char text[] = "\xc3\xa9=1\n\xe2\x82\xac\xf0\x9f\x98\x80x";
    SourceFile sf;
    SourcePos p;
    source_init(&sf, "t.py", text, (uint32_t)strlen(text));
    p = source_pos(&sf, 2);   /* '=' after "é" */
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 3);
    ck_assert_uint_eq(p.col, 3);
    p = source_pos(&sf, 5);   /* '€' */
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 1);
    p = source_pos(&sf, 8);   /* the emoji */
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 12);   /* 'x' */
    ck_assert_uint_eq(p.col, 3);
    source_free(&sf);
}
END_TEST

START_TEST(test_span_helpers)
{
    Span u = span_unknown(), a = span_make(3, 7), b = span_make(5, 12), j;
    ck_assert(!span_is_known(u));
    ck_assert(span_is_known(a));
    j = span_join(a, b);
    ck_assert_uint_eq(j.lo, 3);
    ck_assert_uint_eq(j.hi, 12);
    j = span_join(u, b);
    ck_assert_uint_eq(j.lo, 5);
    j = span_join(a, u);
    ck_assert_uint_eq(j.hi, 7);
}
END_TEST

/* ================================================================= diag */

typedef struct DiagT {
    char *buf;
    size_t len;
    FILE *out;
    SourceFile sf;
    DiagEngine d;
} DiagT;

static void dt_open(DiagT *t, const char *name, const char *text, size_t len)
{
    t->buf = NULL;
    t->len = 0;
    t->out = open_memstream(&t->buf, &t->len);
    ck_assert_ptr_nonnull(t->out);
    source_init(&t->sf, name, text, (uint32_t)len);
    diag_init(&t->d, t->out);
    diag_set_source(&t->d, &t->sf);
}

#define DT_OPEN(t, text) dt_open((t), "t.py", (text), sizeof(text) - 1)

static const char *dt_text(DiagT *t)
{
    fflush(t->out);
    return t->buf ? t->buf : "";
}

static void dt_close(DiagT *t)
{
    diag_free(&t->d);
    fclose(t->out);
    free(t->buf);
    source_free(&t->sf);
}

/* Offset of the first occurrence of needle in the source. */
static uint32_t at(const DiagT *t, const char *needle)
{
    const char *p = strstr(t->sf.text, needle);
    ck_assert_msg(p != NULL, "'%s' not in the source", needle);
    return (uint32_t)(p - t->sf.text);
}

static Span word(const DiagT *t, const char *needle)
{
    uint32_t lo = at(t, needle);
    return span_make(lo, lo + (uint32_t)strlen(needle));
}

START_TEST(test_diag_error_excerpt)
{
    DiagT t;
    DT_OPEN(&t, "x = 1\ny = foo(a)\n");
    diag_error(&t.d, word(&t, "foo"), "unknown name '%s'", "foo");
    ck_assert_str_eq(dt_text(&t), "t.py:2:5: error: unknown name 'foo'\n"
                                  "    2 | y = foo(a)\n"
                                  "      |     ^~~\n");
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_single_caret_and_line_one)
{
    DiagT t;
    DT_OPEN(&t, "abc");
    diag_error(&t.d, span_make(0, 0), "empty span");
    diag_error(&t.d, span_make(0, 1), "one char");
    diag_error(&t.d, span_make(3, 3), "at end of input");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: empty span\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:1: error: one char\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:4: error: at end of input\n"
                                  "    1 | abc\n"
                                  "      |    ^\n");
    ck_assert_uint_eq(t.d.errors, 3);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_range_clipped_to_line)
{
    DiagT t;
    /* A span running onto the next line is underlined to the end of its first line. */
    DT_OPEN(&t, "if x and\r\n   y:\n");
    diag_error(&t.d, span_make(3, 15), "multi-line");
    ck_assert_str_eq(dt_text(&t), "t.py:1:4: error: multi-line\n"
                                  "    1 | if x and\n"
                                  "      |    ^~~~~\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_wide_line_numbers)
{
    DiagT t;
    enum { LINES = 12345 };
    char *text = malloc(LINES * 2 + 16);
    size_t n = 0;
    for (int i = 1; i < LINES; i++) {
        text[n++] = 'x';
        text[n++] = '\n';
    }
    memcpy(text + n, "bad", 3);
    n += 3;
    text[n] = '\0';
    dt_open(&t, "long.py", text, n);
    diag_error(&t.d, span_make((uint32_t)n - 3, (uint32_t)n), "here");
    diag_error(&t.d, span_make(2 * 999, 2 * 999 + 1), "line 1000");
    ck_assert_str_eq(dt_text(&t), "long.py:12345:1: error: here\n"
                                  " 12345 | bad\n"
                                  "       | ^~~\n"
                                  "long.py:1000:1: error: line 1000\n"
                                  " 1000 | x\n"
                                  "      | ^\n");
    dt_close(&t);
    free(text);
}
END_TEST

START_TEST(test_diag_note_and_warning)
{
    DiagT t;
    DT_OPEN(&t, "a: pl.INT32 = n + 1\n");
    diag_warning(&t.d, W_ANNOTATION, word(&t, "pl.INT32"), "annotation %s disagrees", "'pl.INT32'");
    diag_note(&t.d, word(&t, "n + 1"), "inferred here");
    ck_assert_str_eq(dt_text(&t), "t.py:1:4: warning: annotation 'pl.INT32' disagrees [-Wannotation]\n"
                                  "    1 | a: pl.INT32 = n + 1\n"
                                  "      |    ^~~~~~~~\n"
                                  "t.py:1:15: note: inferred here\n"
                                  "    1 | a: pl.INT32 = n + 1\n"
                                  "      |               ^~~~~\n");
    ck_assert_uint_eq(t.d.warnings, 1);
    ck_assert_uint_eq(t.d.errors, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_werror)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.werror = 1;
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "mismatch");
    diag_note(&t.d, span_make(4, 5), "see here");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: mismatch [-Werror=annotation]\n"
                                  "    1 | a = b\n"
                                  "      | ^\n"
                                  "t.py:1:5: note: see here\n"
                                  "    1 | a = b\n"
                                  "      |     ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_werror_one_warning)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.as_error[W_HEADER] = 1;   /* -Werror=header */
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "stays a warning");
    diag_warning(&t.d, W_HEADER, span_make(0, 1), "becomes an error");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: warning: stays a warning [-Wannotation]\n"
                                  "    1 | a = b\n"
                                  "      | ^\n"
                                  "t.py:1:1: error: becomes an error [-Werror=header]\n"
                                  "    1 | a = b\n"
                                  "      | ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 1);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_warning_disabled)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.enabled[W_ANNOTATION] = 0;
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "hidden");
    diag_note(&t.d, span_make(0, 1), "hidden note of a hidden warning");
    diag_warning(&t.d, W_UNUSED_FUNCTION, span_make(4, 5), "shown");
    ck_assert_str_eq(dt_text(&t), "t.py:1:5: warning: shown [-Wunused-function]\n"
                                  "    1 | a = b\n"
                                  "      |     ^\n");
    ck_assert_uint_eq(t.d.warnings, 1);
    ck_assert_uint_eq(t.d.errors, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_no_warnings)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.no_warnings = 1;
    t.d.werror = 1;   /* -w wins over -Werror, as in GCC */
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "hidden");
    diag_note(&t.d, span_make(0, 1), "hidden too");
    ck_assert_str_eq(dt_text(&t), "");
    ck_assert_uint_eq(t.d.warnings, 0);
    ck_assert_uint_eq(t.d.errors, 0);
    diag_error(&t.d, span_make(0, 1), "errors still shown");
    diag_note(&t.d, span_make(4, 5), "with their notes");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: errors still shown\n"
                                  "    1 | a = b\n"
                                  "      | ^\n"
                                  "t.py:1:5: note: with their notes\n"
                                  "    1 | a = b\n"
                                  "      |     ^\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_warning_names)
{
    ck_assert_int_eq(diag_warning_from_name("annotation"), W_ANNOTATION);
    ck_assert_int_eq(diag_warning_from_name("unused-function"), W_UNUSED_FUNCTION);
    ck_assert_int_eq(diag_warning_from_name("ignored"), W_IGNORED);
    ck_assert_int_eq(diag_warning_from_name("header"), W_HEADER);
    ck_assert_int_eq(diag_warning_from_name("nope"), -1);
    ck_assert_int_eq(diag_warning_from_name(""), -1);
    ck_assert_str_eq(diag_warning_name(W_UNUSED_FUNCTION), "unused-function");
    ck_assert_ptr_nonnull(diag_warning_description(W_ANNOTATION));
}
END_TEST

START_TEST(test_diag_max_errors)
{
    DiagT t;
    DT_OPEN(&t, "abc\n");
    t.d.max_errors = 2;
    diag_error(&t.d, span_make(0, 1), "first");
    diag_error(&t.d, span_make(1, 2), "second");
    diag_note(&t.d, span_make(0, 1), "note of second");
    diag_error(&t.d, span_make(2, 3), "third");
    diag_note(&t.d, span_make(0, 1), "note of third");
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "warnings are not limited");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: first\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:2: error: second\n"
                                  "    1 | abc\n"
                                  "      |  ^\n"
                                  "t.py:1:1: note: note of second\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:1: warning: warnings are not limited [-Wannotation]\n"
                                  "    1 | abc\n"
                                  "      | ^\n");
    ck_assert_uint_eq(t.d.errors, 3);
    ck_assert_uint_eq(t.d.suppressed, 1);
    ck_assert_uint_eq(t.d.warnings, 1);
    /* A -Werror warning beyond the limit is counted and suppressed too. */
    t.d.werror = 1;
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "suppressed");
    ck_assert_uint_eq(t.d.errors, 4);
    ck_assert_uint_eq(t.d.suppressed, 2);
    ck_assert_ptr_null(strstr(dt_text(&t), "suppressed"));
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_unknown_span_and_no_source)
{
    DiagT t;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    DiagEngine d;
    DT_OPEN(&t, "abc\n");
    diag_error(&t.d, span_unknown(), "no location");
    ck_assert_str_eq(dt_text(&t), "t.py: error: no location\n");
    dt_close(&t);

    diag_init(&d, out);   /* before the input is read */
    diag_error(&d, span_make(0, 1), "cannot read '%s'", "x.py");
    fflush(out);
    ck_assert_str_eq(buf, "pyptocc: error: cannot read 'x.py'\n");
    diag_free(&d);
    fclose(out);
    free(buf);
}
END_TEST

START_TEST(test_diag_tabs)
{
    DiagT t;
    DT_OPEN(&t, "\tx = foo\nab\tc\n");
    diag_error(&t.d, word(&t, "foo"), "after a leading tab");
    diag_error(&t.d, word(&t, "c\n"), "after an inner tab");
    ck_assert_str_eq(dt_text(&t), "t.py:1:6: error: after a leading tab\n"
                                  "    1 |         x = foo\n"
                                  "      |             ^~~\n"
                                  "t.py:2:4: error: after an inner tab\n"
                                  "    2 | ab      c\n"
                                  "      |         ^\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_tab_inside_range)
{
    DiagT t;
    DT_OPEN(&t, "a\tb = 1\n");
    diag_error(&t.d, span_make(0, 3), "range across a tab");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: range across a tab\n"
                                  "    1 | a       b = 1\n"
                                  "      | ^~~~~~~~~\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_invalid_utf8)
{
    DiagT t;
    DT_OPEN(&t, "x = \xe9\n\xe9 = y\n\xc3\xa9 = z\n");
    diag_error(&t.d, span_make(4, 5), "invalid UTF-8 byte 0x%02X", 0xE9);
    diag_error(&t.d, word(&t, "y"), "after an invalid byte");
    diag_error(&t.d, word(&t, "z"), "after a valid 2-byte character");
    ck_assert_str_eq(dt_text(&t), "t.py:1:5: error: invalid UTF-8 byte 0xE9\n"
                                  "    1 | x = <e9>\n"
                                  "      |     ^~~~\n"
                                  "t.py:2:5: error: after an invalid byte\n"
                                  "    2 | <e9> = y\n"
                                  "      |        ^\n"
                                  "t.py:3:5: error: after a valid 2-byte character\n"
                                  "    3 | \xc3\xa9 = z\n"
                                  "      |     ^\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_control_chars)
{
    DiagT t;
    DT_OPEN(&t, "a\x01" "b = c\n");
    diag_error(&t.d, word(&t, "c"), "control character shown as a space");
    ck_assert_str_eq(dt_text(&t), "t.py:1:7: error: control character shown as a space\n"
                                  "    1 | a b = c\n"
                                  "      |       ^\n");
    dt_close(&t);
}
END_TEST

/* A line of `a` x na, "XYZ", `b` x nb. */
static char *long_line(int na, int nb, size_t *len)
{
    char *s = malloc((size_t)na + (size_t)nb + 8);
    size_t n = 0;
    memset(s, 'a', (size_t)na);
    n += (size_t)na;
    memcpy(s + n, "XYZ", 3);
    n += 3;
    memset(s + n, 'b', (size_t)nb);
    n += (size_t)nb;
    s[n++] = '\n';
    s[n] = '\0';
    *len = n;
    return s;
}

static char *repeat(char c, int n)
{
    char *s = malloc((size_t)n + 1);
    memset(s, c, (size_t)n);
    s[n] = '\0';
    return s;
}

START_TEST(test_diag_long_line_window)
{
    DiagT t;
    size_t len;
    char *text = long_line(250, 300, &len);
    char *as = repeat('a', 60), *bs = repeat('b', 137), *pad = repeat(' ', 63);
    char expect[1024];
    dt_open(&t, "t.py", text, len);
    diag_error(&t.d, word(&t, "XYZ"), "far right");
    /* 60 columns before the caret, 200 columns shown in all. */
    snprintf(expect, sizeof expect,
             "t.py:1:251: error: far right\n"
             "    1 | ...%sXYZ%s...\n"
             "      | %s^~~\n",
             as, bs, pad);
    ck_assert_str_eq(dt_text(&t), expect);
    dt_close(&t);
    free(text);
    free(as);
    free(bs);
    free(pad);
}
END_TEST

START_TEST(test_diag_long_line_near_start)
{
    DiagT t;
    size_t len;
    char *text = long_line(10, 300, &len);
    char *as = repeat('a', 10), *bs = repeat('b', 187), *pad = repeat(' ', 10);
    char expect[1024];
    dt_open(&t, "t.py", text, len);
    diag_error(&t.d, word(&t, "XYZ"), "near the start");
    snprintf(expect, sizeof expect,
             "t.py:1:11: error: near the start\n"
             "    1 | %sXYZ%s...\n"
             "      | %s^~~\n",
             as, bs, pad);
    ck_assert_str_eq(dt_text(&t), expect);
    dt_close(&t);
    free(text);
    free(as);
    free(bs);
    free(pad);
}
END_TEST

START_TEST(test_diag_long_line_at_end)
{
    DiagT t;
    size_t len;
    char *text = long_line(300, 0, &len);   /* the caret near the end of the line */
    char *as = repeat('a', 60), *pad = repeat(' ', 63);
    char expect[1024];
    dt_open(&t, "t.py", text, len);
    diag_error(&t.d, word(&t, "XYZ"), "at the end");
    snprintf(expect, sizeof expect,
             "t.py:1:301: error: at the end\n"
             "    1 | ...%sXYZ\n"
             "      | %s^~~\n",
             as, pad);
    ck_assert_str_eq(dt_text(&t), expect);
    dt_close(&t);
    free(text);
    free(as);
    free(pad);
}
END_TEST

START_TEST(test_diag_json)
{
    DiagT t;
    DT_OPEN(&t, "x = 1\ny = foo(a)\n");
    t.d.format = DIAG_FORMAT_JSON;
    diag_error(&t.d, word(&t, "foo"), "unknown name 'foo'");
    diag_note(&t.d, span_make(0, 1), "defined \"here\"");
    diag_note(&t.d, span_unknown(), "second note");
    /* Nothing is written until the diagnostic is complete. */
    ck_assert_str_eq(dt_text(&t), "");
    diag_warning(&t.d, W_ANNOTATION, span_make(6, 7), "w");
    ck_assert_str_eq(dt_text(&t),
                     "{\"file\":\"t.py\",\"line\":2,\"column\":5,\"end\":{\"line\":2,\"column\":8},"
                     "\"severity\":\"error\",\"message\":\"unknown name 'foo'\",\"notes\":["
                     "{\"file\":\"t.py\",\"line\":1,\"column\":1,\"end\":{\"line\":1,\"column\":2},"
                     "\"severity\":\"note\",\"message\":\"defined \\\"here\\\"\"},"
                     "{\"file\":\"t.py\",\"severity\":\"note\",\"message\":\"second note\"}]}\n");
    diag_flush(&t.d);
    ck_assert_str_eq(strchr(dt_text(&t), '\n') + 1,
                     "{\"file\":\"t.py\",\"line\":2,\"column\":1,\"end\":{\"line\":2,\"column\":2},"
                     "\"severity\":\"warning\",\"message\":\"w\",\"option\":\"-Wannotation\",\"notes\":[]}\n");
    diag_flush(&t.d);   /* nothing pending: writes nothing */
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 1);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_json_escaping)
{
    DiagT t;
    DT_OPEN(&t, "a\n");
    t.d.format = DIAG_FORMAT_JSON;
    diag_error(&t.d, span_make(0, 1), "q\"uote b\\ack\nnew\ttab\x01" "end");
    diag_free(&t.d);   /* flushes the pending object */
    ck_assert_str_eq(dt_text(&t), "{\"file\":\"t.py\",\"line\":1,\"column\":1,\"end\":{\"line\":1,\"column\":2},"
                                  "\"severity\":\"error\",\"message\":\"q\\\"uote b\\\\ack\\nnew\\ttab\\u0001end\","
                                  "\"notes\":[]}\n");
    diag_init(&t.d, t.out);   /* so that dt_close may free it */
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_json_file_name_escaped)
{
    DiagT t;
    dt_open(&t, "dir\\\"x\".py", "a\n", 2);
    t.d.format = DIAG_FORMAT_JSON;
    diag_error(&t.d, span_make(0, 1), "m");
    diag_flush(&t.d);
    ck_assert_str_eq(dt_text(&t), "{\"file\":\"dir\\\\\\\"x\\\".py\",\"line\":1,\"column\":1,"
                                  "\"end\":{\"line\":1,\"column\":2},\"severity\":\"error\",\"message\":\"m\","
                                  "\"notes\":[]}\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_json_one_object_per_line)
{
    DiagT t;
    const char *s;
    int lines = 0;
    DT_OPEN(&t, "abc\n");
    t.d.format = DIAG_FORMAT_JSON;
    t.d.max_errors = 3;
    for (int i = 0; i < 5; i++) {
        diag_error(&t.d, span_make(0, 1), "e%d", i);
        diag_note(&t.d, span_make(1, 2), "n%d", i);
    }
    diag_flush(&t.d);
    s = dt_text(&t);
    for (const char *p = s; *p; p++)
        if (*p == '\n')
            lines++;
    ck_assert_int_eq(lines, 3);
    ck_assert_ptr_nonnull(strstr(s, "\"message\":\"e2\",\"notes\":[{"));
    ck_assert_ptr_null(strstr(s, "e3"));
    ck_assert_ptr_null(strstr(s, "n3"));   /* notes of suppressed errors are dropped */
    ck_assert_uint_eq(t.d.suppressed, 2);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_color)
{
    DiagT t;
    DT_OPEN(&t, "ab\n");
    t.d.color = 1;
    diag_error(&t.d, span_make(0, 2), "m");
    ck_assert_str_eq(dt_text(&t), "\033[01mt.py:1:1:\033[m \033[01;31merror:\033[m m\n"
                                  "    1 | ab\n"
                                  "      | \033[01;32m^~\033[m\n");
    dt_close(&t);
}
END_TEST

/* ================================================================ main */

static Suite *diag_suite(void)
{
    Suite *s = suite_create("diag");
    TCase *tc;

    tc = tcase_create("source");
    tcase_add_test(tc, test_source_pos_lines);
    tcase_add_test(tc, test_source_pos_trailing_newline_and_empty);
    tcase_add_test(tc, test_source_pos_utf8_columns);
    tcase_add_test(tc, test_span_helpers);
    suite_add_tcase(s, tc);

    tc = tcase_create("diag");
    tcase_add_test(tc, test_diag_error_excerpt);
    tcase_add_test(tc, test_diag_single_caret_and_line_one);
    tcase_add_test(tc, test_diag_range_clipped_to_line);
    tcase_add_test(tc, test_diag_wide_line_numbers);
    tcase_add_test(tc, test_diag_note_and_warning);
    tcase_add_test(tc, test_diag_werror);
    tcase_add_test(tc, test_diag_werror_one_warning);
    tcase_add_test(tc, test_diag_warning_disabled);
    tcase_add_test(tc, test_diag_no_warnings);
    tcase_add_test(tc, test_diag_warning_names);
    tcase_add_test(tc, test_diag_max_errors);
    tcase_add_test(tc, test_diag_unknown_span_and_no_source);
    tcase_add_test(tc, test_diag_tabs);
    tcase_add_test(tc, test_diag_tab_inside_range);
    tcase_add_test(tc, test_diag_invalid_utf8);
    tcase_add_test(tc, test_diag_control_chars);
    tcase_add_test(tc, test_diag_long_line_window);
    tcase_add_test(tc, test_diag_long_line_near_start);
    tcase_add_test(tc, test_diag_long_line_at_end);
    tcase_add_test(tc, test_diag_json);
    tcase_add_test(tc, test_diag_json_escaping);
    tcase_add_test(tc, test_diag_json_file_name_escaped);
    tcase_add_test(tc, test_diag_json_one_object_per_line);
    tcase_add_test(tc, test_diag_color);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(diag_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
