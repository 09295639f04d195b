/* check_ir_equal.c: structural equality and hashing (ir/equal.c) of
 * functions, expressions and programs built by hand, and of programs the
 * front end parsed from differently written sources.  Builders are in
 * check_ir.c. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ir.h"
#include "ir/equal.h"

/* ============================================================= equality */

START_TEST(test_equal_identical_functions)
{
    const IrFunc *f1 = build_fn(base_spec()), *f2 = build_fn(base_spec());
    ck_assert_ptr_ne(f1, f2);
    ck_assert_msg(ir_equal_func(&ctx, f1, f2, why, sizeof why), "unequal: %s", why);
    ck_assert_str_eq(why, "");
    ck_assert_int_eq(ir_equal_func(&ctx, f1, f1, NULL, 0), 1);
    ck_assert(ir_hash_func(&ctx, f1) == ir_hash_func(&ctx, f2));
    /* The hash does not depend on addresses: the same in another context. */
    {
        Interner n2;
        IrCtx saved = ctx;
        uint64_t h;
        interner_init(&n2);
        ir_ctx_init(&ctx, &n2);
        h = ir_hash_func(&ctx, build_fn(base_spec()));
        ir_ctx_free(&ctx);
        interner_free(&n2);
        ctx = saved;
        ck_assert(h == ir_hash_func(&ctx, f1));
    }
}
END_TEST

static void assert_unequal(const IrFunc *f1, const IrFunc *f2, const char *what)
{
    why[0] = 'X';
    ck_assert_msg(!ir_equal_func(&ctx, f1, f2, why, sizeof why), "%s: compared equal", what);
    ck_assert_msg(why[0] != '\0' && strlen(why) < sizeof why, "%s: empty why", what);
    ck_assert_msg(!ir_equal_func(&ctx, f2, f1, NULL, 0), "%s: compared equal the other way round", what);
}

START_TEST(test_equal_differences)
{
    const IrFunc *base = build_fn(base_spec());
    FnSpec s;

    s = base_spec();
    s.k = 4;
    assert_unequal(base, build_fn(s), "another constant");
    ck_assert_ptr_nonnull(strstr(why, "3"));

    s = base_spec();
    s.x = "x2";
    assert_unequal(base, build_fn(s), "another local name");

    s = base_spec();
    s.a = "p";
    assert_unequal(base, build_fn(s), "another parameter name");

    s = base_spec();
    s.fname = "g";
    assert_unequal(base, build_fn(s), "another function name");

    s = base_spec();
    s.dt = DT_INT32;
    assert_unequal(base, build_fn(s), "another dtype");

    s = base_spec();
    s.swap = 1;
    assert_unequal(base, build_fn(s), "b - a instead of a - b");
}
END_TEST

START_TEST(test_equal_param_direction_and_type)
{
    const IrFunc *f1 = build_fn(base_spec()), *f2 = build_fn(base_spec());
    IrFunc *f3 = (IrFunc *)build_fn(base_spec());
    IrParam *ps = (IrParam *)f3->params;
    ps[1].dir = DIR_INOUT;
    assert_unequal(f1, f3, "parameter direction");
    ((IrFunc *)f2)->type = FUNC_INCORE;
    assert_unequal(f1, f2, "function type");
}
END_TEST

/* x = 1; x = 2 (two Vars both named x); return <one of them>. */
static const IrFunc *two_defs(int return_second)
{
    IrVar *x1 = var_of("x", DT_INT64), *x2 = var_of("x", DT_INT64);
    const IrExpr *rv[1] = {return_second ? &x2->e : &x1->e};
    const IrStmt *st[3];
    const IrType **rt = arena_array(&ctx.arena, 1, sizeof *rt);
    rt[0] = scalar_t(DT_INT64);
    st[0] = ir_assign(&ctx, x1, ci(1), NOSPAN);
    st[1] = ir_assign(&ctx, x2, ci(2), NOSPAN);
    st[2] = ir_return(&ctx, 1, rv, NOSPAN);
    return ir_func_new(&ctx, nm("f"), FUNC_OPAQUE, 0, NULL, 1, rt, ir_seq(&ctx, STMT_SEQ, 3, st, NOSPAN), NOSPAN);
}

START_TEST(test_equal_definitions_map_to_definitions)
{
    ck_assert_msg(ir_equal_func(&ctx, two_defs(0), two_defs(0), why, sizeof why), "unequal: %s", why);
    ck_assert_msg(ir_equal_func(&ctx, two_defs(1), two_defs(1), why, sizeof why), "unequal: %s", why);
    assert_unequal(two_defs(0), two_defs(1), "use of the first vs the second definition of x");
}
END_TEST

START_TEST(test_equal_expr_free_vars)
{
    /* Free variables map on first sight, consistently. */
    const IrExpr *a = sv("a"), *b = sv("b"), *a2 = sv("a"), *b2 = sv("b");
    ck_assert(ir_equal_expr(&ctx, bin(BIN_ADD, a, b), bin(BIN_ADD, a2, b2), why, sizeof why));
    ck_assert(ir_equal_expr(&ctx, bin(BIN_ADD, a, a), bin(BIN_ADD, a2, a2), why, sizeof why));
    ck_assert(!ir_equal_expr(&ctx, bin(BIN_ADD, a, a), bin(BIN_ADD, a2, sv("a")), why, sizeof why));
    ck_assert_str_ne(why, "");
    ck_assert(!ir_equal_expr(&ctx, bin(BIN_ADD, a, b), bin(BIN_SUB, a2, b2), why, sizeof why));
    ck_assert(!ir_equal_expr(&ctx, bin(BIN_ADD, a, b), bin(BIN_ADD, a2, ci(1)), why, sizeof why));
    ck_assert(ir_hash_expr(&ctx, bin(BIN_ADD, a, b)) == ir_hash_expr(&ctx, bin(BIN_ADD, a2, b2)));
}
END_TEST

START_TEST(test_equal_float_zero_sign)
{
    ck_assert(ir_equal_expr(&ctx, cf(0.0), cf(0.0), why, sizeof why));
    ck_assert(ir_equal_expr(&ctx, cf(-0.0), cf(-0.0), why, sizeof why));
    ck_assert(!ir_equal_expr(&ctx, cf(-0.0), cf(0.0), why, sizeof why));
    ck_assert_str_ne(why, "");
    ck_assert(!ir_equal_expr(&ctx, cf(0.1), cf(nextafter(0.1, 1.0)), why, sizeof why));
    ck_assert(!ir_equal_expr(&ctx, cf(1.5), ir_const_float(&ctx, 1.5, DT_FP16, NOSPAN), why, sizeof why));
    ck_assert(!ir_equal_expr(&ctx, ci(7), ir_const_int(&ctx, 7, DT_INT32, NOSPAN), why, sizeof why));
    ck_assert(ir_hash_expr(&ctx, cf(-0.0)) != ir_hash_expr(&ctx, cf(0.0)));
}
END_TEST

START_TEST(test_equal_why_truncated)
{
    char small[8];
    FnSpec s = base_spec();
    s.k = 123456789;
    memset(small, 'Z', sizeof small);
    ck_assert(!ir_equal_func(&ctx, build_fn(base_spec()), build_fn(s), small, sizeof small));
    ck_assert_uint_eq(strlen(small), sizeof small - 1);   /* truncated, terminated */
}
END_TEST

START_TEST(test_equal_program)
{
    FnSpec g = base_spec();
    const IrFunc *fa[2], *fb[2];
    const IrProgram *p1, *p2, *p3;
    g.fname = "g";
    fa[0] = build_fn(g);
    fa[1] = build_fn(base_spec());
    fb[0] = build_fn(base_spec());
    fb[1] = build_fn(g);
    p1 = ir_program_new(&ctx, nm("P"), 2, fa, NOSPAN);
    p2 = ir_program_new(&ctx, nm("P"), 2, fb, NOSPAN);   /* given in another order: sorted by name */
    p3 = ir_program_new(&ctx, nm("Q"), 2, fb, NOSPAN);
    ck_assert_str_eq(p1->funcs[0]->name, "f");
    ck_assert_ptr_eq(ir_program_find(p1, nm("g")), fa[0]);
    ck_assert_ptr_null(ir_program_find(p1, "h"));
    ck_assert_msg(ir_equal_program(&ctx, p1, p2, why, sizeof why), "unequal: %s", why);
    ck_assert(ir_hash_program(&ctx, p1) == ir_hash_program(&ctx, p2));
    ck_assert(!ir_equal_program(&ctx, p1, p3, why, sizeof why));
    ck_assert_str_ne(why, "");
}
END_TEST

START_TEST(test_equal_frontend)
{
    FeT a, b, c;
    fe_run(&a, SRC_A);
    fe_run(&b, SRC_B);
    fe_run(&c, SRC_C);
    ck_assert_ptr_nonnull(a.res.func);
    ck_assert_ptr_nonnull(b.res.func);
    ck_assert_ptr_nonnull(c.res.func);
    ck_assert_msg(ir_equal_func(&ctx, a.res.func, b.res.func, why, sizeof why), "A vs B: %s", why);
    ck_assert(ir_hash_func(&ctx, a.res.func) == ir_hash_func(&ctx, b.res.func));
    ck_assert(!ir_equal_func(&ctx, a.res.func, c.res.func, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "3"));
    /* The parsed function equals the one built by hand. */
    ck_assert_msg(ir_equal_func(&ctx, a.res.func, build_fn(base_spec()), why, sizeof why), "A vs hand-built: %s",
                  why);
    fe_free(&a);
    fe_free(&b);
    fe_free(&c);
}
END_TEST

START_TEST(test_equal_frontend_programs)
{
    FeT a, b;
    fe_run(&a, "import pypto.language as pl\n"
               "@pl.program\n"
               "class P:\n"
               "    @pl.function\n"
               "    def g(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
               "        return n + 1\n"
               "    @pl.function\n"
               "    def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
               "        r: pl.Scalar[pl.INT64] = self.g(n)\n"
               "        return r\n");
    fe_run(&b, "import pypto.language as pl\n"
               "@pl.program\n"
               "class P:\n"
               "  @pl.function\n"
               "  def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
               "    r: pl.Scalar[pl.INT64] = self.g(n)\n"
               "    return r\n"
               "  @pl.function\n"
               "  def g(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
               "    return n + 1\n");
    ck_assert_ptr_nonnull(a.res.program);
    ck_assert_ptr_nonnull(b.res.program);
    ck_assert_msg(ir_equal_program(&ctx, a.res.program, b.res.program, why, sizeof why), "%s", why);
    ck_assert(ir_hash_program(&ctx, a.res.program) == ir_hash_program(&ctx, b.res.program));
    fe_free(&a);
    fe_free(&b);
}
END_TEST


void ir_equal_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("equal");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_equal_identical_functions);
    tcase_add_test(tc, test_equal_differences);
    tcase_add_test(tc, test_equal_param_direction_and_type);
    tcase_add_test(tc, test_equal_definitions_map_to_definitions);
    tcase_add_test(tc, test_equal_expr_free_vars);
    tcase_add_test(tc, test_equal_float_zero_sign);
    tcase_add_test(tc, test_equal_why_truncated);
    tcase_add_test(tc, test_equal_program);
    tcase_add_test(tc, test_equal_frontend);
    tcase_add_test(tc, test_equal_frontend_programs);
    suite_add_tcase(s, tc);
}
