/* check_verify_ssa.c: check_ssa (passes/3_verify/verify_ssa.c), one negative test
 * per rule: definitions once per Var and per name, uses in scope under
 * structured dominance, variables defined nowhere, yields of loops and
 * branches in count, type and position.  The harness is in
 * check_verify.c. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_verify.h"

/* ================================================================ SSA */

START_TEST(ssa_well_formed)
{
    /* x = p + 1; for i, (xi,) in range(0, x, 1, init=(x,)): y = xi + i; yield y
     * if xr < 5: t = xr * 2; r = yield t else: r = yield xr; return r */
    IrVar *p = ivar("p", at(1, 10, 1)), *x = ivar("x", at(2, 5, 1)), *i = ivar("i", at(3, 9, 1));
    IrIterArg *xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_INT64), E(x), at(3, 14, 2));
    IrVar *xr = ivar("xr", at(3, 20, 2)), *y = ivar("y", at(4, 9, 1)), *t = ivar("t", at(7, 9, 1));
    IrVar *r = ivar("r", at(6, 5, 1));
    const IrIterArg *its[] = {xi};
    const IrVar *rets[] = {xr}, *iret[] = {r};
    const IrStmt *loop =
        ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), E(x), ci(1), 1, its, rets,
               SEQ(asg(y, bin(BIN_ADD, E(&xi->v), E(i)), line(4)), yield1(E(y), line(5))), line(3));
    const IrStmt *branch = ir_if(&ctx, bin(BIN_LT, E(xr), ci(5)),
                                 SEQ(asg(t, bin(BIN_MUL, E(xr), ci(2)), line(7)), yield1(E(t), line(8))),
                                 SEQ(yield1(E(xr), line(10))), 1, iret, line(6));
    const IrProgram *pr = scalar_prog(p, SEQ(asg(x, bin(BIN_ADD, E(p), ci(1)), line(2)), loop, branch, ret1(E(r), line(11))));
    expect_ok(check_ssa, pr);
    expect_ok(check_types, pr);
    expect_ok(check_no_nested_call, pr);
    expect_ok(check_outlined, pr);
    expect_ok(verify_as_checker, pr);
}
END_TEST

START_TEST(ssa_var_defined_twice)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x = ivar("x", at(2, 5, 1));
    expect_full(check_ssa, scalar_prog(p, SEQ(asg(x, E(p), line(2)), asg(x, E(p), line(3)), ret1(E(x), line(4)))), "3:5",
                "'x' is defined more than once", "2:5", "'x' is first defined here");
}
END_TEST

START_TEST(ssa_param_redefined)
{
    IrVar *p = ivar("p", at(1, 10, 1));
    expect_full(check_ssa, scalar_prog(p, SEQ(asg(p, ci(1), line(2)), ret1(E(p), line(3)))), "2:5",
                "'p' is defined more than once", "1:10", "'p' is first defined here");
}
END_TEST

START_TEST(ssa_name_defined_twice)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x1 = ivar("x", at(2, 5, 1)), *x2 = ivar("x", at(3, 5, 1));
    expect_full(check_ssa, scalar_prog(p, SEQ(asg(x1, E(p), line(2)), asg(x2, E(x1), line(3)), ret1(E(x2), line(4)))),
                "3:5", "a second variable named 'x' is defined in function 'f'", "2:5", "the first 'x' is defined here");
}
END_TEST

START_TEST(ssa_use_before_definition)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *y = ivar("y", at(2, 5, 1)), *x = ivar("x", at(3, 5, 1));
    expect_full(check_ssa,
                scalar_prog(p, SEQ(asg(y, bin_at(BIN_ADD, E(x), ci(1), at(2, 9, 5)), line(2)), asg(x, E(p), line(3)),
                                   ret1(E(y), line(4)))),
                "2:9", "'x' is used before its definition", "3:5", "'x' is defined here");
}
END_TEST

/* for i in range(0, 4, 1): x = i;  then `return <after>` on line 4. */
static const IrProgram *loop_then_return(IrVar **i_out, IrVar **x_out, const IrExpr *(*after)(IrVar *i, IrVar *x))
{
    IrVar *p = ivar("p", at(1, 10, 1)), *i = ivar("i", at(2, 9, 1)), *x = ivar("x", at(3, 9, 1));
    const IrStmt *loop = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 0, NULL, NULL, SEQ(asg(x, E(i), line(3))),
                                line(2));
    *i_out = i;
    *x_out = x;
    return scalar_prog(p, SEQ(loop, ret1(after(i, x), line(4))));
}

static const IrExpr *pick_x(IrVar *i, IrVar *x) { (void)i; return E(x); }
static const IrExpr *pick_i(IrVar *i, IrVar *x) { (void)x; return E(i); }

START_TEST(ssa_body_definition_after_loop)
{
    IrVar *i, *x;
    expect_full(check_ssa, loop_then_return(&i, &x, pick_x), "4:5", "'x' is used outside the for loop that defines it",
                "3:9", "'x' is defined here");
}
END_TEST

START_TEST(ssa_loop_var_after_loop)
{
    IrVar *i, *x;
    expect_full(check_ssa, loop_then_return(&i, &x, pick_i), "4:5", "'i' is used outside the for loop that defines it",
                "2:9", "'i' is defined here");
}
END_TEST

START_TEST(ssa_iter_arg_after_loop)
{
    Loop1 L;
    loop1_init(&L);
    expect_full(check_ssa,
                scalar_prog(L.p, SEQ(loop1(&L, SEQ(yield1(E(&L.xi->v), line(3)))), ret1(E(&L.xi->v), line(4)))), "4:5",
                "'xi' is used outside the for loop that defines it", "2:14", "'xi' is defined here");
}
END_TEST

START_TEST(ssa_if_branch_definition_after_if)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *y = ivar("y", at(3, 9, 1));
    const IrStmt *branch = ir_if(&ctx, bin(BIN_LT, E(p), ci(1)), SEQ(asg(y, E(p), line(3))), NULL, 0, NULL, line(2));
    expect_full(check_ssa, scalar_prog(p, SEQ(branch, ret1(E(y), line(5)))), "5:5",
                "'y' is used outside the if branch that defines it", "3:9", "'y' is defined here");
}
END_TEST

START_TEST(ssa_other_branch)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *y = ivar("y", at(3, 9, 1)), *z = ivar("z", at(5, 9, 1));
    const IrStmt *branch = ir_if(&ctx, bin(BIN_LT, E(p), ci(1)), SEQ(asg(y, E(p), line(3))),
                                 SEQ(asg(z, bin_at(BIN_ADD, E(y), ci(1), at(5, 13, 5)), line(5))), 0, NULL, line(2));
    expect_full(check_ssa, scalar_prog(p, SEQ(branch, ret1(E(p), line(6)))), "5:13",
                "'y' is used outside the if branch that defines it", "3:9", "'y' is defined here");
}
END_TEST

START_TEST(ssa_never_defined)
{
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *t = var("t", tile32(), at(9, 9, 1));
    expect(check_ssa, prog1(fn("f", 1, &a, tile32(), SEQ(ret1(E(t), line(2))))), "2:5",
           "'t' is used but never defined in function 'f'");
}
END_TEST

START_TEST(ssa_dynamic_dimension)
{
    /* N appears in a parameter's type: a dynamic dimension, usable as a value. */
    IrVar *n = ivar("N", NOSPAN), *m = ivar("M", NOSPAN);
    const IrExpr *dims[2] = {E(n), ir_dim_const(&ctx, 64)};
    IrVar *x = var("x", ir_type_tensor(&ctx, DT_FP32, 2, dims, NULL, NULL), at(1, 10, 1));
    IrVar *y = ivar("y", at(2, 5, 1));
    expect_ok(check_ssa, prog1(fn("f", 1, &x, sc(DT_INT64), SEQ(asg(y, bin(BIN_MUL, E(n), ci(2)), line(2)),
                                                                   ret1(E(y), line(3))))));
    /* M is in no type: an undefined variable. */
    y = ivar("y", at(2, 5, 1));
    expect(check_ssa,
           prog1(fn("f", 1, &x, sc(DT_INT64),
                    SEQ(asg(y, bin_at(BIN_MUL, E(m), ci(2), at(2, 9, 5)), line(2)), ret1(E(y), line(3))))),
           "2:9", "'M' is used but never defined in function 'f'");
}
END_TEST

START_TEST(ssa_defined_in_other_function)
{
    IrVar *a = ivar("a", at(5, 10, 1)), *p = ivar("p", at(1, 10, 1));
    const IrFunc *fs[2];
    fs[0] = fn("f", 1, &p, sc(DT_INT64), SEQ(ret1(E(a), line(2))));
    fs[1] = fn_at("g", FUNC_OPAQUE, 1, &a, 1, (const IrType *const[]){sc(DT_INT64)}, SEQ(ret1(E(a), line(6))), 5);
    expect(check_ssa, progn(2, fs), "2:5", "'a' is used in function 'f' but defined in function 'g'");
}
END_TEST

START_TEST(ssa_shared_between_functions)
{
    /* OutlineIncoreScopes keeps the result variable in the parent while the
     * outlined function defines it too: per function, each is defined once. */
    IrVar *a = ivar("a", at(5, 10, 1)), *p = ivar("p", at(1, 10, 1)), *r = ivar("r", at(2, 5, 1));
    const IrFunc *fs[2];
    fs[0] = fn("f", 1, &p, sc(DT_INT64),
               SEQ(asg(r, call_fn("g", EXPRS(E(p)), sc(DT_INT64), at(2, 9, 8)), line(2)), ret1(E(r), line(3))));
    fs[1] = fn_at("g", FUNC_OPAQUE, 1, &a, 1, (const IrType *const[]){sc(DT_INT64)},
                  SEQ(asg(r, E(a), line(6)), ret1(E(r), line(7))), 5);
    expect_ok(check_ssa, progn(2, fs));
    expect_ok(check_types, progn(2, fs));
}
END_TEST

/* while with iter_arg xi (init p): cond on line 2; body: x1 = xi + 1; yield x1. */
static const IrProgram *while_prog(int cond_uses_body)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x1 = ivar("x1", at(3, 9, 2)), *xr = ivar("xr", at(2, 30, 2));
    IrIterArg *xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_INT64), E(p), at(2, 14, 2));
    const IrIterArg *its[] = {xi};
    const IrVar *rets[] = {xr};
    const IrExpr *cond = bin_at(BIN_LT, cond_uses_body ? E(x1) : E(&xi->v), ci(10), at(2, 20, 6));
    const IrStmt *w = ir_while(&ctx, cond, 1, its, rets,
                               SEQ(asg(x1, bin(BIN_ADD, E(&xi->v), ci(1)), line(3)), yield1(E(x1), line(4))), line(2));
    return scalar_prog(p, SEQ(w, ret1(E(xr), line(5))));
}

START_TEST(ssa_while_condition)
{
    expect_ok(check_ssa, while_prog(0));
    expect_full(check_ssa, while_prog(1), "2:20", "'x1' is used before its definition", "3:9", "'x1' is defined here");
}
END_TEST

START_TEST(ssa_loop_without_yield)
{
    Loop1 L;
    IrVar *x1;
    loop1_init(&L);
    x1 = ivar("x1", at(3, 9, 2));
    expect(check_ssa,
           scalar_prog(L.p, SEQ(loop1(&L, SEQ(asg(x1, E(&L.xi->v), line(3)))), ret1(E(L.xr), line(4)))), "2:5",
           "the body of the for loop does not end with a yield of its 1 iter_arg");
}
END_TEST

START_TEST(ssa_loop_yield_count)
{
    Loop1 L;
    loop1_init(&L);
    expect(check_ssa,
           scalar_prog(L.p, SEQ(loop1(&L, SEQ(ir_yield(&ctx, EXPRS(E(&L.xi->v), E(L.i)), line(3)))),
                                ret1(E(L.xr), line(4)))),
           "3:5", "the yield gives 2 values, but the for loop has 1 iter_arg");
}
END_TEST

START_TEST(ssa_loop_yield_type)
{
    Loop1 L;
    IrVar *q;
    IrVar *ps[2];
    loop1_init(&L);
    q = var("q", sc(DT_INT32), at(1, 20, 1));
    ps[0] = L.p;
    ps[1] = q;
    expect(check_ssa,
           prog1(fn("f", 2, ps, sc(DT_INT64), SEQ(loop1(&L, SEQ(yield1(E(q), line(3)))), ret1(E(L.xr), line(4))))),
           "3:5", "yielded value 1 has type pl.Scalar[pl.INT32], but iter_arg 'xi' has type pl.Scalar[pl.INT64]");
}
END_TEST

START_TEST(ssa_loop_return_var_type)
{
    Loop1 L;
    loop1_init(&L);
    L.xr = var("xr", sc(DT_FP32), at(2, 20, 2));
    expect(check_ssa, scalar_prog(L.p, SEQ(loop1(&L, SEQ(yield1(E(&L.xi->v), line(3)))), ret1(E(L.p), line(4)))),
           "2:20", "return variable 'xr' has type pl.Scalar[pl.FP32], but its iter_arg 'xi' has type pl.Scalar[pl.INT64]");
}
END_TEST

START_TEST(ssa_loop_yield_without_iter_args)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *i = ivar("i", at(2, 9, 1));
    const IrStmt *loop =
        ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 0, NULL, NULL, SEQ(yield1(E(i), line(3))), line(2));
    expect(check_ssa, scalar_prog(p, SEQ(loop, ret1(E(p), line(4)))), "3:5",
           "the yield gives 1 value, but the for loop has no iter_args");
}
END_TEST

/* if p < 1: <then> else: <else>, return variable r (line 2), return r. */
static const IrProgram *if_prog(IrVar *p, const IrStmt *then_body, const IrStmt *else_body, uint32_t nret, IrVar *r)
{
    const IrVar *rets[1];
    rets[0] = r;
    return scalar_prog(p, SEQ(ir_if(&ctx, bin(BIN_LT, E(p), ci(1)), then_body, else_body, nret, rets, line(2)),
                              ret1(nret ? E(r) : E(p), line(8))));
}

START_TEST(ssa_if_without_else)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *r = ivar("r", at(3, 5, 1));
    expect(check_ssa, if_prog(p, SEQ(yield1(E(p), line(3))), NULL, 1, r), "2:5",
           "the if has 1 return variable but no else branch");
}
END_TEST

START_TEST(ssa_if_branch_without_yield)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *r = ivar("r", at(3, 5, 1)), *t = ivar("t", at(3, 9, 1));
    expect(check_ssa, if_prog(p, SEQ(asg(t, E(p), line(3))), SEQ(yield1(E(p), line(5))), 1, r), "2:5",
           "the then branch of the if does not end with a yield of its 1 return variable");
}
END_TEST

START_TEST(ssa_if_yield_count)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *r = ivar("r", at(3, 5, 1));
    expect(check_ssa,
           if_prog(p, SEQ(yield1(E(p), line(3))), SEQ(ir_yield(&ctx, EXPRS(E(p), E(p)), line(5))), 1, r), "5:5",
           "the yield gives 2 values, but the if has 1 return variable");
}
END_TEST

START_TEST(ssa_if_yield_type)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *r = ivar("r", at(3, 5, 1));
    expect(check_ssa,
           if_prog(p, SEQ(yield1(E(p), line(3))), SEQ(yield1(ir_const_float(&ctx, 1.5, DT_FP32, at(5, 11, 3)), line(5))),
                   1, r),
           "5:11", "yielded value 1 has type pl.Scalar[pl.FP32], but return variable 'r' has type pl.Scalar[pl.INT64]");
}
END_TEST

START_TEST(ssa_if_yield_without_return_vars)
{
    IrVar *p = ivar("p", at(1, 10, 1));
    expect(check_ssa, if_prog(p, SEQ(yield1(E(p), line(3))), NULL, 0, NULL), "3:5",
           "the yield gives 1 value, but the if has no return variables");
}
END_TEST

START_TEST(ssa_yield_not_last)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *i = ivar("i", at(2, 9, 1)), *x = ivar("x", at(4, 9, 1));
    const IrStmt *loop = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 0, NULL, NULL,
                                SEQ(ir_yield(&ctx, 0, NULL, line(3)), asg(x, E(i), line(4))), line(2));
    expect(check_ssa, scalar_prog(p, SEQ(loop, ret1(E(p), line(5)))), "3:5",
           "a yield must be the last statement of a loop body or an if branch");
    /* At the top of a function, no yield is in place. */
    expect(check_ssa, scalar_prog(ivar("p", at(1, 10, 1)), SEQ(ir_yield(&ctx, 0, NULL, line(6)), ret1(ci(0), line(7)))),
           "6:5", "a yield must be the last statement of a loop body or an if branch");
}
END_TEST

/* (iter_args and return variables of a loop share one count in the IR,
 * IrFor.niter, so "iter_arg count == return variable count" cannot be
 * violated and has no negative test.) */

START_TEST(ssa_unknown_spans)
{
    /* A use with no spans around it is shown at its statement; a statement
     * without a span at its function. */
    IrVar *p = ivar("p", NOSPAN), *x = ivar("x", NOSPAN), *y = ivar("y", NOSPAN);
    expect(check_ssa,
           scalar_prog(p, SEQ(asg(y, bin(BIN_ADD, E(x), ci(1)), line(2)), asg(x, E(p), line(3)), ret1(E(y), line(4)))),
           "2:5", "'x' is used before its definition");
    x = ivar("x", NOSPAN);
    y = ivar("y", NOSPAN);
    expect(check_ssa,
           scalar_prog(p, SEQ(asg(y, bin(BIN_ADD, E(x), ci(1)), NOSPAN), asg(x, E(p), NOSPAN), ret1(E(y), NOSPAN))),
           "1:1", "'x' is used before its definition");
}
END_TEST


void verify_ssa_tests(Suite *s)
{
    TCase *ssa = verify_tcase(s, "ssa");

    tcase_add_test(ssa, ssa_well_formed);
    tcase_add_test(ssa, ssa_var_defined_twice);
    tcase_add_test(ssa, ssa_param_redefined);
    tcase_add_test(ssa, ssa_name_defined_twice);
    tcase_add_test(ssa, ssa_use_before_definition);
    tcase_add_test(ssa, ssa_body_definition_after_loop);
    tcase_add_test(ssa, ssa_loop_var_after_loop);
    tcase_add_test(ssa, ssa_iter_arg_after_loop);
    tcase_add_test(ssa, ssa_if_branch_definition_after_if);
    tcase_add_test(ssa, ssa_other_branch);
    tcase_add_test(ssa, ssa_never_defined);
    tcase_add_test(ssa, ssa_dynamic_dimension);
    tcase_add_test(ssa, ssa_defined_in_other_function);
    tcase_add_test(ssa, ssa_shared_between_functions);
    tcase_add_test(ssa, ssa_while_condition);
    tcase_add_test(ssa, ssa_loop_without_yield);
    tcase_add_test(ssa, ssa_loop_yield_count);
    tcase_add_test(ssa, ssa_loop_yield_type);
    tcase_add_test(ssa, ssa_loop_return_var_type);
    tcase_add_test(ssa, ssa_loop_yield_without_iter_args);
    tcase_add_test(ssa, ssa_if_without_else);
    tcase_add_test(ssa, ssa_if_branch_without_yield);
    tcase_add_test(ssa, ssa_if_yield_count);
    tcase_add_test(ssa, ssa_if_yield_type);
    tcase_add_test(ssa, ssa_if_yield_without_return_vars);
    tcase_add_test(ssa, ssa_yield_not_last);
    tcase_add_test(ssa, ssa_unknown_spans);
}
