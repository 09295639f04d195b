/* check_layout.h: what the files of the check_layout program share: the
 * harness that runs a source text through parse_source() and records the
 * statements it is handed (check_layout.c), and each file's test cases. */
#ifndef PYPTOCC_CHECK_LAYOUT_H
#define PYPTOCC_CHECK_LAYOUT_H

#include <check.h>
#include <stdio.h>

#include "grammar/parse.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"
#include "support/strbuf.h"

typedef struct PT {
    Interner names;
    SourceFile sf;
    DiagEngine d;
    char *buf;
    size_t len;
    FILE *out;
    ParseCtx ctx;
    StrBuf trace;
    unsigned nerr;   /* parse_source's result */
    int items;       /* statements recorded at the top level */
} PT;

void pt_run(PT *t, const char *text, size_t len);
const char *pt_trace(PT *t);
const char *pt_diag(PT *t);
void pt_free(PT *t);
int count_errors(PT *t);

#define PT_RUN(t, text) pt_run((t), (text), sizeof(text) - 1)

/* The text parses without any diagnostic and yields this trace. */
#define ASSERT_PARSES(text, expect)                                  \
    do {                                                             \
        PT t_;                                                       \
        PT_RUN(&t_, text);                                           \
        ck_assert_str_eq(pt_diag(&t_), "");                          \
        ck_assert_uint_eq(t_.nerr, 0);                               \
        ck_assert_uint_eq(t_.d.errors, 0);                           \
        ck_assert_str_eq(pt_trace(&t_), expect);                     \
        pt_free(&t_);                                                \
    } while (0)

/* The test cases of each file, added to the suite in this order. */
void layout_block_tests(Suite *s);
void layout_bracket_tests(Suite *s);
void layout_literal_tests(Suite *s);

#endif
