/* check_ir_print.c: the IR printer (ir/printer.c, printer.md 5): the float
 * format, atoms, expression parenthesisation by precedence and
 * associativity, statements, signatures, functions and programs, and the
 * round trip of a parsed program.  Builders are in check_ir.c. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ir.h"
#include "ir/equal.h"
#include "ir/printer.h"

/* ============================================================== printer */

static const char *ff(double v)
{
    static char buf[4][512];   /* room for DBL_MAX in fixed notation */
    static int i;
    char *b = buf[i++ % 4];
    ck_assert_msg(ir_format_float(v, b, sizeof buf[0]) == 1, "ir_format_float(%g) failed", v);
    return b;
}

START_TEST(test_format_float)
{
    char buf[64];
    ck_assert_str_eq(ff(2.0), "2.0");
    ck_assert_str_eq(ff(-3.0), "-3.0");
    ck_assert_str_eq(ff(0.0), "0.0");
    ck_assert_str_eq(ff(-0.0), "-0.0");
    ck_assert_str_eq(ff(1e20), "100000000000000000000.0");
    ck_assert_str_eq(ff(0.5), "0.5");
    ck_assert_str_eq(ff(-0.5), "-0.5");
    ck_assert_str_eq(ff(1e-05), "1e-05");
    ck_assert_str_eq(ff(3.14159265), "3.14159265");
    ck_assert_str_eq(ff(0.08838834764831845), "0.08838834764831845");
    ck_assert_str_eq(ff(0.1), "0.1");
    ck_assert_str_eq(ff(1.0 / 3.0), "0.3333333333333333");
    ck_assert_str_eq(ff(2.5e-10), "2.5e-10");
    ck_assert_str_eq(ff(123456.5), "123456.5");
    ck_assert_str_eq(ff(1234567.5), "1234567.5");
    ck_assert_int_eq(ir_format_float(NAN, buf, sizeof buf), 0);
    ck_assert_int_eq(ir_format_float(INFINITY, buf, sizeof buf), 0);
    ck_assert_int_eq(ir_format_float(-INFINITY, buf, sizeof buf), 0);
}
END_TEST

START_TEST(test_format_float_round_trips)
{
    /* Every finite value's text reads back as the same double. */
    const double vals[] = {0.1, 0.2, 0.3, 1.1, 2.675, 1e-300, 5e-324, 1.7976931348623157e308, 0.1 + 0.2,
                           6.02214076e23, 1.0 / 7.0, -2.220446049250313e-16, 4.35, 100.25, 1e16 + 2};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        const char *s = ff(vals[i]);
        ck_assert_msg(strtod(s, NULL) == vals[i], "%s does not read back as %.17g", s, vals[i]);
    }
}
END_TEST

START_TEST(test_print_atoms)
{
    ck_assert_str_eq(pe(sv("abc")), "abc");
    ck_assert_str_eq(pe(ci(42)), "42");
    ck_assert_str_eq(pe(ci(-5)), "-5");
    ck_assert_str_eq(pe(ci(INT64_MIN)), "-9223372036854775808");
    ck_assert_str_eq(pe(ir_const_int(&ctx, 7, DT_INT32, NOSPAN)), "pl.const(7, pl.INT32)");
    ck_assert_str_eq(pe(ir_const_int(&ctx, -7, DT_UINT8, NOSPAN)), "pl.const(-7, pl.UINT8)");
    ck_assert_str_eq(pe(cf(2.0)), "2.0");
    ck_assert_str_eq(pe(cf(0.5)), "0.5");
    ck_assert_str_eq(pe(ir_const_float(&ctx, 1.5, DT_FP16, NOSPAN)), "pl.const(1.5, pl.FP16)");
    ck_assert_str_eq(pe(ir_const_float(&ctx, -2.5, DT_BF16, NOSPAN)), "pl.const(-2.5, pl.BFLOAT16)");
    ck_assert_str_eq(pe(ir_const_bool(&ctx, 1, NOSPAN)), "True");
    ck_assert_str_eq(pe(ir_const_bool(&ctx, 0, NOSPAN)), "False");
    {
        const IrExpr *el[2] = {ci(1), sv("t")};
        const IrExpr *tup = ir_make_tuple(&ctx, 2, el, NOSPAN);
        ck_assert_str_eq(pe(tup), "[1, t]");
        ck_assert_str_eq(pe(ir_make_tuple(&ctx, 0, NULL, NOSPAN)), "[]");
        ck_assert_str_eq(pe(ir_tuple_get(&ctx, tup, 1, NOSPAN)), "[1, t][1]");
    }
}
END_TEST

START_TEST(test_print_associativity)
{
    const IrExpr *a = sv("a"), *b = sv("b"), *c = sv("c"), *d = sv("d");
    ck_assert_str_eq(pe(bin(BIN_SUB, bin(BIN_SUB, a, bin(BIN_SUB, b, c)), d)), "a - (b - c) - d");
    ck_assert_str_eq(pe(bin(BIN_SUB, bin(BIN_SUB, a, b), c)), "a - b - c");
    ck_assert_str_eq(pe(bin(BIN_SUB, a, bin(BIN_ADD, b, c))), "a - (b + c)");
    ck_assert_str_eq(pe(bin(BIN_ADD, a, bin(BIN_ADD, b, c))), "a + (b + c)");
    ck_assert_str_eq(pe(bin(BIN_MUL, bin(BIN_ADD, a, b), c)), "(a + b) * c");
    ck_assert_str_eq(pe(bin(BIN_ADD, a, bin(BIN_MUL, b, c))), "a + b * c");
    ck_assert_str_eq(pe(bin(BIN_ADD, bin(BIN_MUL, a, b), c)), "a * b + c");
    ck_assert_str_eq(pe(bin(BIN_FLOOR_DIV, a, bin(BIN_FLOOR_MOD, b, c))), "a // (b % c)");
    ck_assert_str_eq(pe(bin(BIN_FLOOR_MOD, bin(BIN_FLOOR_DIV, a, b), c)), "a // b % c");
    ck_assert_str_eq(pe(bin(BIN_POW, a, bin(BIN_POW, b, c))), "a ** b ** c");
    ck_assert_str_eq(pe(bin(BIN_POW, bin(BIN_POW, a, b), c)), "(a ** b) ** c");
    ck_assert_str_eq(pe(bin(BIN_MUL, a, bin(BIN_POW, b, c))), "a * b ** c");
    ck_assert_str_eq(pe(bin(BIN_POW, bin(BIN_MUL, a, b), c)), "(a * b) ** c");
}
END_TEST

START_TEST(test_print_bit_and_shift)
{
    const IrExpr *a = sv("a"), *b = sv("b"), *c = sv("c");
    ck_assert_str_eq(pe(bin(BIN_BIT_OR, bin(BIN_BIT_AND, a, b), c)), "a & b | c");
    ck_assert_str_eq(pe(bin(BIN_BIT_AND, a, bin(BIN_BIT_OR, b, c))), "a & (b | c)");
    ck_assert_str_eq(pe(bin(BIN_BIT_XOR, a, bin(BIN_BIT_AND, b, c))), "a ^ b & c");
    ck_assert_str_eq(pe(bin(BIN_SHL, bin(BIN_ADD, a, b), c)), "a + b << c");
    ck_assert_str_eq(pe(bin(BIN_ADD, a, bin(BIN_SHR, b, c))), "a + (b >> c)");
}
END_TEST

START_TEST(test_print_unary)
{
    const IrExpr *a = sv("a"), *b = sv("b");
    ck_assert_str_eq(pe(un(UN_NEG, ci(5))), "-(5)");
    ck_assert_str_eq(pe(un(UN_NEG, cf(2.5))), "-(2.5)");
    ck_assert_str_eq(pe(un(UN_NEG, ci(-5))), "-(-5)");
    ck_assert_str_eq(pe(un(UN_NEG, a)), "-a");
    ck_assert_str_eq(pe(un(UN_NEG, bin(BIN_ADD, a, b))), "-(a + b)");
    ck_assert_str_eq(pe(un(UN_NEG, bin(BIN_MUL, a, b))), "-(a * b)");
    ck_assert_str_eq(pe(un(UN_NEG, bin(BIN_POW, a, b))), "-a ** b");
    ck_assert_str_eq(pe(un(UN_NEG, un(UN_NEG, a))), "--a");
    ck_assert_str_eq(pe(un(UN_BIT_NOT, a)), "~a");
    ck_assert_str_eq(pe(un(UN_BIT_NOT, bin(BIN_BIT_AND, a, b))), "~(a & b)");
    ck_assert_str_eq(pe(bin(BIN_MUL, un(UN_NEG, a), b)), "-a * b");
    ck_assert_str_eq(pe(bin(BIN_POW, un(UN_NEG, a), b)), "(-a) ** b");
    ck_assert_str_eq(pe(bin(BIN_POW, a, un(UN_NEG, b))), "a ** (-b)");
    ck_assert_str_eq(pe(un(UN_ABS, bin(BIN_ADD, a, b))), "abs(a + b)");
    ck_assert_str_eq(pe(bin(BIN_MUL, un(UN_ABS, a), b)), "abs(a) * b");
    ck_assert_str_eq(pe(ir_unary(&ctx, UN_CAST, DT_INT64, &var_of("x", DT_INT32)->e, NOSPAN)),
                     "pl.cast(x, pl.INT64)");
    ck_assert_str_eq(pe(ir_unary(&ctx, UN_CAST, DT_FP32, bin(BIN_ADD, a, b), NOSPAN)), "pl.cast(a + b, pl.FP32)");
}
END_TEST

START_TEST(test_print_pow_negative_constants)
{
    const IrExpr *x = sv("x");
    ck_assert_str_eq(pe(bin(BIN_POW, ci(-2), x)), "(-2) ** x");
    ck_assert_str_eq(pe(bin(BIN_POW, cf(-2.5), x)), "(-2.5) ** x");
    ck_assert_str_eq(pe(bin(BIN_POW, cf(-0.0), x)), "(-0.0) ** x");
    ck_assert_str_eq(pe(bin(BIN_POW, ci(2), x)), "2 ** x");
    ck_assert_str_eq(pe(bin(BIN_POW, x, ci(-2))), "x ** -2");
    ck_assert_str_eq(pe(bin(BIN_MUL, ci(-2), x)), "-2 * x");
}
END_TEST

START_TEST(test_print_logic_and_comparisons)
{
    const IrExpr *a = bv("a"), *b = bv("b"), *c = bv("c");
    const IrExpr *i = sv("i"), *j = sv("j"), *k = sv("k");
    ck_assert_str_eq(pe(bin(BIN_EQ, bin(BIN_LT, i, j), c)), "(i < j) == c");
    ck_assert_str_eq(pe(bin(BIN_EQ, c, bin(BIN_LT, i, j))), "c == (i < j)");
    ck_assert_str_eq(pe(bin(BIN_NE, bin(BIN_GE, i, j), bin(BIN_LE, j, k))), "(i >= j) != (j <= k)");
    ck_assert_str_eq(pe(bin(BIN_LT, bin(BIN_ADD, i, j), k)), "i + j < k");
    ck_assert_str_eq(pe(un(UN_NOT, bin(BIN_AND, a, b))), "not (a and b)");
    ck_assert_str_eq(pe(un(UN_NOT, bin(BIN_OR, a, b))), "not (a or b)");
    ck_assert_str_eq(pe(un(UN_NOT, a)), "not a");
    ck_assert_str_eq(pe(un(UN_NOT, bin(BIN_LT, i, j))), "not i < j");
    ck_assert_str_eq(pe(bin(BIN_AND, un(UN_NOT, a), b)), "not a and b");
    ck_assert_str_eq(pe(bin(BIN_OR, bin(BIN_AND, a, b), c)), "a and b or c");
    ck_assert_str_eq(pe(bin(BIN_AND, bin(BIN_OR, a, b), c)), "(a or b) and c");
    ck_assert_str_eq(pe(bin(BIN_AND, a, bin(BIN_AND, b, c))), "a and (b and c)");
    ck_assert_str_eq(pe(bin(BIN_XOR, a, bin(BIN_AND, b, c))), "a xor b and c");
    ck_assert_str_eq(pe(bin(BIN_AND, bin(BIN_XOR, a, b), c)), "(a xor b) and c");
    ck_assert_str_eq(pe(bin(BIN_AND, bin(BIN_LT, i, j), bin(BIN_GT, j, k))), "i < j and j > k");
}
END_TEST

START_TEST(test_print_min_max)
{
    const IrExpr *a = sv("a"), *b = sv("b"), *c = sv("c");
    ck_assert_str_eq(pe(bin(BIN_MIN, bin(BIN_ADD, a, b), c)), "min(a + b, c)");
    ck_assert_str_eq(pe(bin(BIN_MAX, a, bin(BIN_MIN, b, c))), "max(a, min(b, c))");
    ck_assert_str_eq(pe(bin(BIN_MUL, bin(BIN_MAX, a, b), c)), "max(a, b) * c");
    ck_assert_str_eq(pe(bin(BIN_POW, bin(BIN_MIN, a, b), c)), "min(a, b) ** c");
    ck_assert_str_eq(pe(un(UN_NEG, bin(BIN_MAX, a, b))), "-max(a, b)");
}
END_TEST

START_TEST(test_print_prefix)
{
    const IrExpr *x = sv("x");
    ck_assert_str_eq(pe_pfx(ir_unary(&ctx, UN_CAST, DT_INT64, x, NOSPAN), "pi"), "pi.cast(x, pi.INT64)");
    ck_assert_str_eq(pe_pfx(ir_const_int(&ctx, 7, DT_INT32, NOSPAN), "pi"), "pi.const(7, pi.INT32)");
    ck_assert_str_eq(pe_pfx(ir_const_float(&ctx, 0.25, DT_FP16, NOSPAN), "ir"), "ir.const(0.25, ir.FP16)");
    ck_assert_str_eq(pe_pfx(bin(BIN_ADD, x, ci(1)), "pi"), "x + 1");
    ck_assert_str_eq(pt(scalar_t(DT_INT64), "pi"), "pi.Scalar[pi.INT64]");
    {
        const int64_t d[] = {64, 128};
        ck_assert_str_eq(pt(shape_t(TYPE_TENSOR, DT_FP32, 2, d), "pi"), "pi.Tensor[[64, 128], pi.FP32]");
        ck_assert_str_eq(pt(shape_t(TYPE_TILE, DT_BF16, 2, d), "pl"), "pl.Tile[[64, 128], pl.BFLOAT16]");
    }
    /* A NULL prefix means "pl". */
    ck_assert_str_eq(pe_pfx(ir_const_int(&ctx, 7, DT_INT8, NOSPAN), NULL), "pl.const(7, pl.INT8)");
}
END_TEST

START_TEST(test_print_function)
{
    char *s = pf(build_fn(base_spec()));
    ck_assert_str_eq(s, "@pl.function\n"
                        "def f(a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
                        "    x: pl.Scalar[pl.INT64] = a - b\n"
                        "    y: pl.Scalar[pl.INT64] = x * 3\n"
                        "    return y");
    free(s);
}
END_TEST

START_TEST(test_print_program)
{
    const IrFunc *fs[1];
    StrBuf sb;
    fs[0] = build_fn(base_spec());
    sb_init(&sb);
    ir_print_program(&sb, &ctx, ir_program_new(&ctx, nm(""), 1, fs, NOSPAN), "pl", IR_SYNTAX_TODAY);
    ck_assert_str_eq(sb_cstr(&sb), "# pypto.program: Program\n"
                                   "import pypto.language as pl\n"
                                   "\n"
                                   "@pl.program\n"
                                   "class Program:\n"
                                   "    @pl.function\n"
                                   "    def f(self, a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> "
                                   "pl.Scalar[pl.INT64]:\n"
                                   "        x: pl.Scalar[pl.INT64] = a - b\n"
                                   "        y: pl.Scalar[pl.INT64] = x * 3\n"
                                   "        return y");
    sb_reset(&sb);
    ir_print_program(&sb, &ctx, ir_program_new(&ctx, nm("K"), 1, fs, NOSPAN), "pi", IR_SYNTAX_TODAY);
    {
        const char *expect = "# pypto.program: K\nfrom pypto import language as pi\n\n@pi.program\n"
                             "class K:\n    @pi.function\n    def f(self, a: pi.Scalar[pi.INT64], ";
        ck_assert_msg(strncmp(sb_cstr(&sb), expect, strlen(expect)) == 0, "got:\n%s", sb_cstr(&sb));
    }
    sb_free(&sb);
}
END_TEST

static const char *ps(const IrStmt *s)
{
    StrBuf sb;
    sb_init(&sb);
    ir_print_stmt(&sb, &ctx, s, "pl", IR_SYNTAX_TODAY);
    return keep(&sb);
}

START_TEST(test_print_statements)
{
    const IrExpr *a = sv("a"), *b = sv("b"), *n = sv("n"), *c = bv("c");
    IrVar *t = var_of("t", DT_INT64), *r = var_of("r", DT_INT64), *r2 = var_of("r2", DT_INT64);
    const IrStmt *then_s[2], *one;
    const IrExpr *yv[2];
    const IrVar *rets[2] = {r, r2};

    /* if/else whose branches yield into one return variable. */
    yv[0] = &t->e;
    then_s[0] = ir_assign(&ctx, t, bin(BIN_ADD, a, ci(1)), NOSPAN);
    then_s[1] = ir_yield(&ctx, 1, yv, NOSPAN);
    yv[0] = b;
    one = ir_if(&ctx, c, ir_seq(&ctx, STMT_SEQ, 2, then_s, NOSPAN), ir_yield(&ctx, 1, yv, NOSPAN), 1, rets, NOSPAN);
    ck_assert_str_eq(ps(one), "if c:\n"
                              "    t: pl.Scalar[pl.INT64] = a + 1\n"
                              "    r: pl.Scalar[pl.INT64] = pl.yield_(t)\n"
                              "else:\n"
                              "    r: pl.Scalar[pl.INT64] = pl.yield_(b)");

    /* Two return variables: no annotation. */
    yv[0] = a;
    yv[1] = b;
    one = ir_if(&ctx, c, ir_yield(&ctx, 2, yv, NOSPAN), ir_yield(&ctx, 2, yv, NOSPAN), 2, rets, NOSPAN);
    ck_assert_str_eq(ps(one), "if c:\n"
                              "    r, r2 = pl.yield_(a, b)\n"
                              "else:\n"
                              "    r, r2 = pl.yield_(a, b)");

    /* A yield without return variables, an empty then-body, no else. */
    one = ir_if(&ctx, c, ir_yield(&ctx, 2, yv, NOSPAN), NULL, 0, NULL, NOSPAN);
    ck_assert_str_eq(ps(one), "if c:\n"
                              "    pl.yield_(a, b)");
    one = ir_if(&ctx, c, ir_seq(&ctx, STMT_SEQ, 0, NULL, NOSPAN), NULL, 0, NULL, NOSPAN);
    ck_assert_str_eq(ps(one), "if c:\n"
                              "    pass");

    /* while, parallel for, scope, eval of an opaque call, nesting. */
    {
        const IrExpr *args[1] = {a};
        const IrStmt *ev = ir_eval(&ctx, ir_call(&ctx, ir_callee_opaque(&ctx, nm("foo")), 1, args, 0, NULL,
                                                 ir_type_unknown(&ctx), NOSPAN),
                                   NOSPAN);
        const IrStmt *loop = ir_for(&ctx, FOR_PARALLEL, var_of("k", DT_INT64), ci(0), n, ci(2), 0, NULL, NULL,
                                    ir_scope(&ctx, SCOPE_INCORE, ev, NOSPAN), NOSPAN);
        one = ir_while(&ctx, bin(BIN_LT, a, n), 0, NULL, NULL, loop, NOSPAN);
        ck_assert_str_eq(ps(one), "while a < n:\n"
                                  "    for k in pl.parallel(0, n, 2):\n"
                                  "        with pl.at(level=pl.Level.CORE_GROUP):\n"
                                  "            foo(a)");
    }

    /* An SSA while: the condition is the first body line. */
    {
        IrIterArg *it = ir_iter_arg_new(&ctx, nm("x"), scalar_t(DT_INT64), ci(0), NOSPAN);
        IrVar *x2 = var_of("x2", DT_INT64), *xo = var_of("x_out", DT_INT64);
        const IrIterArg *its[1] = {it};
        const IrVar *ro[1] = {xo};
        const IrStmt *body[2];
        const IrExpr *y1[1] = {&x2->e};
        body[0] = ir_assign(&ctx, x2, bin(BIN_ADD, &it->v.e, ci(1)), NOSPAN);
        body[1] = ir_yield(&ctx, 1, y1, NOSPAN);
        one = ir_while(&ctx, bin(BIN_LT, &it->v.e, n), 1, its, ro, ir_seq(&ctx, STMT_SEQ, 2, body, NOSPAN),
                       NOSPAN);
        ck_assert_str_eq(ps(one), "for (x,) in pl.while_(init_values=(0,)):\n"
                                  "    pl.cond(x < n)\n"
                                  "    x2: pl.Scalar[pl.INT64] = x + 1\n"
                                  "    x_out: pl.Scalar[pl.INT64] = pl.yield_(x2)");
    }
}
END_TEST

START_TEST(test_print_function_signature)
{
    /* Directions, several return types, a function type, a yield at
     * function level printed as return. */
    IrVar *a = var_of("a", DT_INT64), *b = var_of("b", DT_FP32);
    const int64_t d[] = {16, 16};
    IrVar *o = ir_var_new(&ctx, nm("o"), shape_t(TYPE_TENSOR, DT_FP16, 2, d), NOSPAN);
    IrParam *params = arena_array(&ctx.arena, 3, sizeof *params);
    const IrType **rt = arena_array(&ctx.arena, 2, sizeof *rt);
    const IrExpr *yv[2] = {&a->e, &b->e};
    const IrFunc *f;
    char *s;
    params[0].var = a;
    params[0].dir = DIR_IN;
    params[1].var = b;
    params[1].dir = DIR_INOUT;
    params[2].var = o;
    params[2].dir = DIR_OUT;
    rt[0] = scalar_t(DT_INT64);
    rt[1] = scalar_t(DT_FP32);
    f = ir_func_new(&ctx, nm("k"), FUNC_INCORE, 3, params, 2, rt, ir_yield(&ctx, 2, yv, NOSPAN), NOSPAN);
    s = pf(f);
    ck_assert_str_eq(s, "@pl.function(type=pl.FunctionType.InCore)\n"
                        "def k(a: pl.Scalar[pl.INT64], b: pl.InOut[pl.Scalar[pl.FP32]], "
                        "o: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> tuple[pl.Scalar[pl.INT64], pl.Scalar[pl.FP32]]:\n"
                        "    return a, b");
    free(s);
}
END_TEST

START_TEST(test_print_frontend_round_trip)
{
    /* Printing the parsed function and parsing the text again gives a
     * structurally equal function. */
    FeT a, b;
    StrBuf sb;
    char *text;
    fe_run(&a, SRC_B);
    sb_init(&sb);
    sb_puts(&sb, "import pypto.language as pl\n\n");
    ir_print_function(&sb, &ctx, a.res.func, "pl", IR_SYNTAX_TODAY);
    sb_putc(&sb, '\n');
    text = strdup(sb_cstr(&sb));
    sb_free(&sb);
    fe_run(&b, text);
    ck_assert_msg(ir_equal_func(&ctx, a.res.func, b.res.func, why, sizeof why), "%s", why);
    fe_free(&a);
    fe_free(&b);
    free(text);
}
END_TEST


void ir_print_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("printer");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_format_float);
    tcase_add_test(tc, test_format_float_round_trips);
    tcase_add_test(tc, test_print_atoms);
    tcase_add_test(tc, test_print_associativity);
    tcase_add_test(tc, test_print_bit_and_shift);
    tcase_add_test(tc, test_print_unary);
    tcase_add_test(tc, test_print_pow_negative_constants);
    tcase_add_test(tc, test_print_logic_and_comparisons);
    tcase_add_test(tc, test_print_min_max);
    tcase_add_test(tc, test_print_prefix);
    tcase_add_test(tc, test_print_function);
    tcase_add_test(tc, test_print_program);
    tcase_add_test(tc, test_print_statements);
    tcase_add_test(tc, test_print_function_signature);
    tcase_add_test(tc, test_print_frontend_round_trip);
    suite_add_tcase(s, tc);
}
