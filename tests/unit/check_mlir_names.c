/* check_mlir_names.c: the PTO MLIR emitter's deferred names
 * (codegen/mlir_text.c): a claim hands out a placeholder, and the names
 * are settled after the walk, the parameters first, then the constants in
 * pool order, then every other request in request order.
 * mlir_names_write replaces the placeholders and nothing else, and
 * mlir_has_placeholder finds them (the emitter's messages must have none). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "check_verify.h"
#include "codegen/mlir_text.h"
#include "support/strbuf.h"

/* The requests of one small function, in the order a walk makes them:
 * a float constant (body group) met before an index constant (view
 * group), so that the float's name is only known at the end. */
typedef struct Names {
    MlirNames n;
    MlirConstPool p;
    const char *want[8];
} Names;

static void names_walk(Names *t)
{
    mlir_names_init(&t->n);
    mlir_consts_init(&t->p);
    ck_assert_str_eq(mlir_name_claim_exact(&t->n, "%arg0"), "%arg0");
    ck_assert_ptr_null(mlir_name_claim_exact(&t->n, "%arg0"));
    t->want[0] = mlir_const(&t->p, &t->n, MLIR_CONST_FLOAT, mlir_str(&t->n, "f32"), 0, 2.0, 2)->name;
    t->want[1] = mlir_name_claim(&t->n, "cst_1", NULL);
    t->want[2] = mlir_const(&t->p, &t->n, MLIR_CONST_INT, mlir_str(&t->n, "index"), 64, 0.0, 1)->name;
    t->want[3] = mlir_name_claim(&t->n, "c64", "_index");
    t->want[4] = mlir_name_claim(&t->n, "arg0", NULL);
    t->want[5] = mlir_name_fresh(&t->n);
    t->want[6] = mlir_name_claim(&t->n, "cst", NULL);
    t->want[7] = mlir_name_claim(&t->n, "a", "_view");
    /* A constant met again is the same placeholder. */
    ck_assert_ptr_eq(mlir_const(&t->p, &t->n, MLIR_CONST_FLOAT, mlir_str(&t->n, "f32"), 0, 2.0, 2)->name, t->want[0]);
}

static void names_free(Names *t)
{
    mlir_consts_free(&t->p);
    mlir_names_free(&t->n);
}

/* Every placeholder of t, written between bars. */
static void names_text(Names *t, StrBuf *text)
{
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(t->want[i][0], MLIR_NAME_MARK);
        sb_printf(text, "%s|", t->want[i]);
    }
}

START_TEST(names_settled_for_output)
{
    Names t;
    StrBuf text, out;
    sb_init(&text);
    sb_init(&out);
    names_walk(&t);
    names_text(&t, &text);
    mlir_consts_finish(&t.p, &t.n);
    mlir_names_settle(&t.n);
    mlir_names_write(&t.n, &out, text.data, text.len);
    /* The pool is c64_index (group 1), then the float, %cst_1 by its place;
     * names they or the parameter took fall back to numbers. */
    ck_assert_str_eq(sb_cstr(&out), "%cst_1|%0|%c64_index|%1|%2|%3|%cst|%a_view|");
    sb_reset(&out);
    mlir_consts_print(&t.p, &out, 1, "");
    ck_assert_str_eq(sb_cstr(&out), " %c64_index = arith.constant 64 : index\n"
                                    " %cst_1 = arith.constant 2.00000000000000000e+00 : f32\n");
    names_free(&t);
    sb_free(&text);
    sb_free(&out);
}
END_TEST

START_TEST(names_placeholders_found)
{
    Names t;
    char text[64];
    names_walk(&t);
    snprintf(text, sizeof text, "the tile '%s'", t.want[5]);
    ck_assert(mlir_has_placeholder(text));
    ck_assert(mlir_has_placeholder(t.want[0]));
    /* A mark without digits or without its end is not one. */
    ck_assert(!mlir_has_placeholder("the tile 'a' \001b \0017 \001\002"));
    ck_assert(!mlir_has_placeholder(""));
    names_free(&t);
}
END_TEST

START_TEST(names_write_only_placeholders)
{
    Names t;
    StrBuf out;
    char text[64];
    int len;
    sb_init(&out);
    names_walk(&t);
    mlir_consts_finish(&t.p, &t.n);
    mlir_names_settle(&t.n);
    /* A mark without digits, without its end, with a number no request
     * has, and at the very end is copied as it is. */
    len = snprintf(text, sizeof text, "a\001b \0017 \00199\002 %s.\0013", t.want[5]);
    mlir_names_write(&t.n, &out, text, (size_t)len);
    ck_assert_int_eq(out.len, (size_t)len - strlen(t.want[5]) + 2);
    ck_assert_int_eq(memcmp(out.data, "a\001b \0017 \00199\002 %3.\0013", out.len), 0);
    names_free(&t);
    sb_free(&out);
}
END_TEST

void mlir_names_tests(Suite *s)
{
    TCase *tc = verify_tcase(s, "mlir_names");
    tcase_add_test(tc, names_settled_for_output);
    tcase_add_test(tc, names_placeholders_found);
    tcase_add_test(tc, names_write_only_placeholders);
}
