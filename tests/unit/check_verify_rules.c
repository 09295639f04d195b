/* check_verify_rules.c: check_types (passes/3_verify/verify_types.c: calls against
 * their deduction or callee, assignments, scalar operands, returns),
 * check_no_nested_call and check_outlined (passes/3_verify/verify.c), the
 * function-kind rules (passes/3_verify/verify_kinds.c), and Verify following the
 * known properties.  The harness is in check_verify.c. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_verify.h"
#include "ir/op_registry.h"

/* ============================================================== types */

START_TEST(types_call_against_deduction)
{
    IrVar *a, *b;
    const IrProgram *p = tile_prog(&a, &b, shaped(TYPE_TILE, DT_FP16, 64, 64), body_add_typed_fp16);
    expect(check_types, p, "2:9",
           "the call of 'pl.tile.add' has type pl.Tile[[64, 64], pl.FP16], but its arguments give "
           "pl.Tile[[64, 64], pl.FP32]");
}
END_TEST

START_TEST(types_call_ill_typed)
{
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *s = var("s", sc(DT_FP32), at(1, 20, 1)), *c = var("c", tile32(), at(2, 5, 1));
    IrVar *ps[2];
    ps[0] = a;
    ps[1] = s;
    expect(check_types,
           prog1(fn("k", 2, ps, tile32(),
                    SEQ(asg(c, call_typed("block.add", EXPRS(E(a), E(s)), tile32(), at(2, 9, 20)), line(2)),
                        ret1(E(c), line(3))))),
           "2:9", "the call of 'pl.tile.add' does not type-check: ...");
}
END_TEST

START_TEST(types_dims_compare_by_value)
{
    /* tensor.create([64, 64]) typed [2 * 32, 64]: types store constant
     * dimensions as values, so this is [64, 64] and equal; [2 * 32 + 1, 64]
     * is [65, 64], and not. */
    const IrKwarg kw[] = {{nm("dtype"), KW_DTYPE, {.i = DT_FP32}}};
    const IrExpr *d1[2], *d2[2];
    const IrType *t1, *t2;
    IrVar *x, *y;
    d1[0] = bin(BIN_MUL, ci(2), ci(32));
    d1[1] = ir_dim_const(&ctx, 64);
    d2[0] = bin(BIN_ADD, d1[0], ci(1));
    d2[1] = d1[1];
    t1 = ir_type_tensor(&ctx, DT_FP32, 2, d1, NULL, NULL);
    t2 = ir_type_tensor(&ctx, DT_FP32, 2, d2, NULL, NULL);
    x = var("x", t1, at(2, 5, 1));
    {
        const OpDef *op = op_lookup("tensor.create");
        const IrExpr *args[1] = {tuple2(64, 64)};
        const IrExpr *c = ir_call(&ctx, &op->callee, 1, args, 1, kw, t1, at(2, 9, 20));
        expect_ok(check_types, prog1(fn_at("o", FUNC_ORCHESTRATION, 0, NULL, 1, &t1,
                                           SEQ(asg(x, c, line(2)), ret1(E(x), line(3))), 1)));
        y = var("y", t2, at(2, 5, 1));
        c = ir_call(&ctx, &op->callee, 1, args, 1, kw, t2, at(2, 9, 20));
        expect(check_types,
               prog1(fn_at("o", FUNC_ORCHESTRATION, 0, NULL, 1, &t2, SEQ(asg(y, c, line(2)), ret1(E(y), line(3))), 1)),
               "2:9",
               "the call of 'pl.tensor.create' has type pl.Tensor[[65, 64], pl.FP32], but its arguments give "
               "pl.Tensor[[64, 64], pl.FP32]");
    }
}
END_TEST

START_TEST(types_assignment)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x = var("x", sc(DT_INT32), at(2, 5, 1));
    expect(check_types, scalar_prog(p, SEQ(asg(x, ci(0), line(2)), ret1(E(p), line(3)))), "2:5",
           "'x' has type pl.Scalar[pl.INT32], but its value has type pl.Scalar[pl.INT64]");
}
END_TEST

START_TEST(types_assignment_memref_and_view)
{
    /* The variable may carry a MemRef and a view its value lacks ... */
    IrMemRef *mr = ir_memref_new(&ctx, nm("mem_vec_0"), MS_VEC, ci(0), 16384, 0, NOSPAN);
    const IrTileView *view = ir_tile_view_layout(&ctx, TL_COL_MAJOR, TL_ROW_MAJOR, 512);
    const IrType *planned = ir_type_tile(&ctx, DT_FP32, tile32()->n, tile32()->dims, mr, view);
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *m = var("m", planned, at(1, 20, 1));
    IrVar *c = var("c", planned, at(2, 5, 1)), *d = var("d", tile32(), at(3, 5, 1));
    IrVar *ps[2];
    ps[0] = a;
    ps[1] = m;
    expect_ok(check_types, prog1(fn("k", 2, ps, tile32(),
                                    SEQ(asg(c, call("block.exp", EXPRS(E(a)), at(2, 9, 10)), line(2)),
                                        ret1(E(a), line(3))))));
    /* ... but not the other way round. */
    expect(check_types,
           prog1(fn("k", 2, ps, tile32(), SEQ(asg(d, E(m), line(3)), ret1(E(d), line(4))))), "3:5",
           "'d' has type pl.Tile[[64, 64], pl.FP32], but its value has type pl.Tile[[64, 64], pl.FP32, "
           "mem_vec_0, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)]");
}
END_TEST

START_TEST(types_scalar_operands)
{
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *x = ivar("x", at(2, 5, 1)), *y = var("y", sc(DT_FP32), at(2, 5, 1));
    expect(check_types,
           prog1(fn("f", 1, &a, sc(DT_INT64),
                    SEQ(asg(x, ir_binary(&ctx, BIN_ADD, DT_INT64, E(a), ci(1), at(2, 9, 5)), line(2)),
                        ret1(E(x), line(3))))),
           "2:9", "operand of '+' must be a scalar, got pl.Tile[[64, 64], pl.FP32]");
    expect(check_types,
           prog1(fn("f", 1, &a, sc(DT_FP32),
                    SEQ(asg(y, ir_unary(&ctx, UN_NEG, DT_FP32, E(a), at(2, 9, 2)), line(2)), ret1(E(y), line(3))))),
           "2:9", "operand of Neg must be a scalar, got pl.Tile[[64, 64], pl.FP32]");
}
END_TEST

START_TEST(types_global_calls)
{
    /* f(p: INT64, q: FP32) -> INT64: r = <call>; return p, and g(a: INT64) -> INT64 on line 10. */
    IrVar *p = ivar("p", at(1, 10, 1)), *q = var("q", sc(DT_FP32), at(1, 20, 1)), *a = ivar("a", at(10, 10, 1));
    IrVar *ps[2];
    const IrFunc *fs[2];
    const IrType *i64 = sc(DT_INT64);
    ps[0] = p;
    ps[1] = q;
#define GPROG(callexpr, rtype)                                                                                        \
    (fs[0] = fn("f", 2, ps, i64,                                                                                      \
                SEQ(asg(var("r", (rtype), at(2, 5, 1)), (callexpr), line(2)), ret1(E(p), line(3)))),                  \
     fs[1] = fn_at("g", FUNC_OPAQUE, 1, &a, 1, &i64, SEQ(ret1(E(a), line(11))), 10), progn(2, fs))
    expect_ok(check_types, GPROG(call_fn("g", EXPRS(E(p)), i64, at(2, 9, 8)), i64));
    expect(check_types, GPROG(call_fn("nope", EXPRS(E(p)), i64, at(2, 9, 8)), i64), "2:9",
           "call of 'nope', which is not a function of the program");
    expect_full(check_types, GPROG(call_fn("g", EXPRS(E(p), E(p)), i64, at(2, 9, 8)), i64), "2:9",
                "function 'g' takes 1 argument, but the call passes 2", "10:1", "'g' is defined here");
    expect(check_types, GPROG(call_fn("g", EXPRS(E(q)), i64, at(2, 9, 8)), i64), "2:9",
           "argument 1 of the call of 'g' has type pl.Scalar[pl.FP32], but parameter 'a' has type pl.Scalar[pl.INT64]");
    expect(check_types, GPROG(call_fn("g", EXPRS(E(p)), sc(DT_FP32), at(2, 9, 8)), sc(DT_FP32)), "2:9",
           "the call of 'g' has type pl.Scalar[pl.FP32], but the function returns pl.Scalar[pl.INT64]");
#undef GPROG
}
END_TEST

START_TEST(types_global_call_shapes)
{
    /* A parameter's dynamic dimension takes any size; constant ones must agree. */
    IrVar *n = ivar("N", NOSPAN);
    const IrExpr *dims[2] = {E(n), ir_dim_const(&ctx, 64)};
    const IrType *dyn = ir_type_tensor(&ctx, DT_FP32, 2, dims, NULL, NULL), *t32 = shaped(TYPE_TENSOR, DT_FP32, 32, 64);
    IrVar *t = var("t", dyn, at(10, 10, 1)), *x = var("x", shaped(TYPE_TENSOR, DT_FP32, 16, 64), at(1, 10, 1));
    IrVar *y = var("y", t32, at(1, 20, 1)), *u = var("t", t32, at(10, 10, 1));
    IrVar *ps[2];
    const IrFunc *fs[2];
    ps[0] = x;
    ps[1] = y;
    fs[0] = fn("f", 2, ps, NULL, SEQ(ir_eval(&ctx, call_fn("g", EXPRS(E(x)), ir_type_unknown(&ctx), at(2, 9, 8)), line(2))));
    fs[1] = fn_at("g", FUNC_OPAQUE, 1, &t, 0, NULL, SEQ(ir_return(&ctx, 0, NULL, line(11))), 10);
    expect_ok(check_types, progn(2, fs));
    fs[1] = fn_at("g", FUNC_OPAQUE, 1, &u, 0, NULL, SEQ(ir_return(&ctx, 0, NULL, line(11))), 10);
    expect(check_types, progn(2, fs), "2:9",
           "argument 1 of the call of 'g' has type pl.Tensor[[16, 64], pl.FP32], but parameter 't' has type "
           "pl.Tensor[[32, 64], pl.FP32]");
}
END_TEST

START_TEST(types_global_call_tuple_result)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *a = ivar("a", at(10, 10, 1)), *r = ivar("r", at(2, 5, 1));
    const IrType *two[2] = {sc(DT_INT64), sc(DT_INT64)};
    const IrFunc *fs[2];
    char want[512], buf[256];
    fs[0] = fn("f", 1, &p, sc(DT_INT64),
               SEQ(asg(r, call_fn("g", EXPRS(E(p)), sc(DT_INT64), at(2, 9, 8)), line(2)), ret1(E(r), line(3))));
    fs[1] = fn_at("g", FUNC_OPAQUE, 1, &a, 2, two, SEQ(ir_return(&ctx, EXPRS(E(a), E(a)), line(11))), 10);
    snprintf(want, sizeof want, "the call of 'g' has type pl.Scalar[pl.INT64], but the function returns %s",
             type_to_string(&ctx, ir_type_tuple(&ctx, 2, two), buf, sizeof buf));
    expect(check_types, progn(2, fs), "2:9", want);
}
END_TEST

START_TEST(types_returns)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *q = var("q", sc(DT_FP32), at(1, 20, 1));
    IrVar *ps[2];
    ps[0] = p;
    ps[1] = q;
    expect(check_types, prog1(fn("f", 2, ps, sc(DT_INT64), SEQ(ir_return(&ctx, EXPRS(E(p), E(p)), line(2))))), "2:5",
           "the return gives 2 values, but function 'f' returns 1");
    expect(check_types, prog1(fn("f", 2, ps, sc(DT_INT64), SEQ(ret1(E(q), line(2))))), "2:5",
           "the returned value has type pl.Scalar[pl.FP32], but function 'f' returns pl.Scalar[pl.INT64]");
}
END_TEST

/* ====================================================== nested calls */

/* A call that is only allowed as a statement's whole value. */
static const IrExpr *idx_call(void) { return call("block.get_block_idx", 0, NULL, at(3, 15, 10)); }

#define NESTED_MSG                                                                                                   \
    "the call of 'pl.tile.get_block_idx' is nested in another expression; a call must be the whole value of an "   \
    "assignment or an expression statement"

START_TEST(nested_calls)
{
    IrVar *p = ivar("p", at(1, 10, 1));
    const IrStmt *cases[10];
    int n = 0;
    /* Operand, argument, condition, bound, init value, while condition,
     * yield, return, tuple element, tuple access. */
    {
        IrVar *x = var("x", sc(DT_UINT64), at(3, 5, 1));
        cases[n++] = asg(x, bin(BIN_ADD, idx_call(), cit(1, DT_UINT64)), line(3));
    }
    {
        IrVar *x = var("x", sc(DT_UINT64), at(3, 5, 1));
        cases[n++] = asg(x, call("block.get_block_idx", 0, NULL, NOSPAN), line(2)); /* allowed */
        cases[n - 1] = SEQ(cases[n - 1], ir_eval(&ctx, call_fn("g", EXPRS(idx_call()), ir_type_unknown(&ctx), NOSPAN),
                                                 line(3)));
    }
    cases[n++] = ir_if(&ctx, bin(BIN_LT, idx_call(), cit(1, DT_UINT64)), SEQ(ir_eval(&ctx, ci(0), line(4))), NULL, 0,
                       NULL, line(3));
    {
        IrVar *i = var("i", sc(DT_UINT64), NOSPAN);
        cases[n++] = ir_for(&ctx, FOR_SEQUENTIAL, i, cit(0, DT_UINT64), idx_call(), cit(1, DT_UINT64), 0, NULL, NULL,
                            SEQ(ir_eval(&ctx, ci(0), line(4))), line(3));
    }
    {
        IrVar *i = ivar("i", NOSPAN), *xr = var("xr", sc(DT_UINT64), NOSPAN);
        IrIterArg *xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_UINT64), idx_call(), NOSPAN);
        const IrIterArg *its[] = {xi};
        const IrVar *rets[] = {xr};
        cases[n++] = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 1, its, rets, SEQ(yield1(E(&xi->v), line(4))),
                            line(3));
    }
    cases[n++] = ir_while(&ctx, bin(BIN_LT, idx_call(), cit(1, DT_UINT64)), 0, NULL, NULL,
                          SEQ(ir_eval(&ctx, ci(0), line(4))), line(3));
    {
        IrVar *i = ivar("i", NOSPAN), *xr = var("xr", sc(DT_UINT64), NOSPAN);
        IrIterArg *xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_UINT64), cit(0, DT_UINT64), NOSPAN);
        const IrIterArg *its[] = {xi};
        const IrVar *rets[] = {xr};
        cases[n++] = ir_for(&ctx, FOR_SEQUENTIAL, i, ci(0), ci(4), ci(1), 1, its, rets, SEQ(yield1(idx_call(), line(3))),
                            line(2));
    }
    cases[n++] = ret1(idx_call(), line(3));
    {
        const IrExpr *t = ir_make_tuple(&ctx, EXPRS(idx_call(), ci(1)), NOSPAN);
        IrVar *x = var("x", ir_expr_type(&ctx, t), at(3, 5, 1));
        cases[n++] = asg(x, t, line(3));
    }
    {
        const IrExpr *tc = ir_call(&ctx, ir_callee_global(&ctx, nm("g2")), 0, NULL, 0, NULL,
                                   ir_type_tuple(&ctx, 2, (const IrType *const[]){sc(DT_INT64), sc(DT_INT64)}),
                                   at(3, 15, 10));
        IrVar *x = ivar("x", at(3, 5, 1));
        Out o;
        int ok;
        cases[n++] = asg(x, ir_tuple_get(&ctx, tc, 0, NOSPAN), line(3));
        /* The message names the function. */
        out_open(&o, ALL_PROPS);
        ok = check_no_nested_call(&o.pc, scalar_prog(p, SEQ(cases[n - 1], ret1(E(p), line(9)))), 1);
        ck_assert(!ok);
        ck_assert_msg(strstr(out_text(&o), "t.py:3:15: error: the call of 'g2' is nested in another expression") != NULL,
                      "%s", out_text(&o));
        out_close(&o);
        n--;
    }
    for (int k = 0; k < n; k++)
        expect(check_no_nested_call, scalar_prog(p, SEQ(cases[k], ret1(E(p), line(9)))), "3:15", NESTED_MSG);
}
END_TEST

START_TEST(nested_call_unknown_span)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x = var("x", sc(DT_UINT64), at(3, 5, 1));
    const IrExpr *c = call("block.get_block_idx", 0, NULL, NOSPAN);
    expect(check_no_nested_call,
           scalar_prog(p, SEQ(asg(x, bin(BIN_ADD, c, cit(1, DT_UINT64)), line(3)), ret1(E(p), line(4)))), "3:5",
           NESTED_MSG);
}
END_TEST

START_TEST(flat_calls_are_fine)
{
    IrVar *a, *b;
    const IrProgram *p = tile_prog(&a, &b, shaped(TYPE_TILE, DT_FP16, 64, 64), body_add_typed_fp16);
    expect_ok(check_no_nested_call, p);
}
END_TEST

/* =========================================================== outlined */

START_TEST(outlined_scope_remains)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x = ivar("x", at(3, 9, 1));
    const IrStmt *scope = ir_scope(&ctx, SCOPE_INCORE, SEQ(asg(x, E(p), line(3))), line(2));
    expect(check_outlined, scalar_prog(p, SEQ(scope, ret1(E(x), line(4)))), "2:5",
           "function 'f' still contains a 'with pl.incore():' scope");
    /* Scopes are transparent to SSA: x is visible after it. */
    expect_ok(check_ssa, scalar_prog(p, SEQ(ir_scope(&ctx, SCOPE_INCORE, SEQ(asg(x, E(p), line(3))), line(2)),
                                            ret1(E(x), line(4)))));
}
END_TEST

/* ===================================================== function kinds */

static const IrFunc *kind_fn(const char *name, FuncType ft, uint32_t np, IrVar *const *ps, const IrStmt *body)
{
    return fn_at(name, ft, np, ps, 0, NULL, body, 1);
}

START_TEST(kinds_incore_tensor_op)
{
    IrVar *ps[2];
    ps[0] = var("x", tensor32(), at(1, 10, 1));
    ps[1] = var("y", tensor32(), at(1, 20, 1));
    expect(verify_as_checker,
           prog1(kind_fn("k", FUNC_INCORE, 2, ps,
                         SEQ(asg(var("z", tensor32(), at(2, 5, 1)), call("tensor.add", EXPRS(E(ps[0]), E(ps[1])), at(2, 9, 15)),
                                 line(2))))),
           "2:9", "tensor op 'pl.tensor.add' in InCore function 'k' (kernels use tile and system ops)");
}
END_TEST

/* Before ConvertTensorToBlockOps (no PROP_BLOCK_KERNELS) tensor ops in an
 * InCore function are what that pass converts, not an error. */
START_TEST(kinds_incore_tensor_op_before_conversion)
{
    IrVar *ps[2];
    Out o;
    int ok;
    const IrProgram *p;
    ps[0] = var("x", tensor32(), at(1, 10, 1));
    ps[1] = var("y", tensor32(), at(1, 20, 1));
    p = prog1(kind_fn("k", FUNC_INCORE, 2, ps,
                      SEQ(asg(var("z", tensor32(), at(2, 5, 1)), call("tensor.add", EXPRS(E(ps[0]), E(ps[1])), at(2, 9, 15)),
                              line(2)))));
    out_open(&o, ALL_PROPS & ~PROP_BLOCK_KERNELS);
    ok = verify_as_checker(&o.pc, p, 1);
    ck_assert_msg(ok && !*out_text(&o), "expected no error, got:\n%s", out_text(&o));
    out_close(&o);
}
END_TEST

START_TEST(kinds_incore_calls_function)
{
    const IrFunc *fs[2];
    fs[0] = kind_fn("g", FUNC_INCORE, 0, NULL, SEQ(ir_return(&ctx, 0, NULL, line(6))));
    fs[1] = kind_fn("k", FUNC_INCORE, 0, NULL,
                    SEQ(ir_eval(&ctx, call_fn("g", 0, NULL, ir_type_unknown(&ctx), at(2, 9, 8)), line(2))));
    expect(verify_as_checker, progn(2, fs), "2:9",
           "InCore function 'k' calls function 'g' (only Orchestration and Opaque functions call functions)");
}
END_TEST

START_TEST(kinds_orchestration_block_op)
{
    IrVar *ps[2];
    ps[0] = var("a", tile32(), at(1, 10, 1));
    ps[1] = var("b", tile32(), at(1, 20, 1));
    expect(verify_as_checker,
           prog1(kind_fn("o", FUNC_ORCHESTRATION, 2, ps,
                         SEQ(asg(var("c", tile32(), at(2, 5, 1)), call("block.add", EXPRS(E(ps[0]), E(ps[1])), at(2, 9, 15)),
                                 line(2))))),
           "2:9", "block op 'pl.tile.add' in Orchestration function 'o' (block ops belong in InCore functions)");
}
END_TEST

START_TEST(kinds_orchestration_system_op)
{
    expect(verify_as_checker,
           prog1(kind_fn("o", FUNC_ORCHESTRATION, 0, NULL,
                         SEQ(ir_eval(&ctx, call("system.bar_v", 0, NULL, at(2, 9, 12)), line(2))))),
           "2:9", "system op 'pl.system.bar_v' in Orchestration function 'o' (system ops belong in InCore functions)");
}
END_TEST

START_TEST(kinds_opaque_mixes)
{
    IrVar *ps[2];
    ps[0] = var("x", tensor32(), at(1, 10, 1));
    ps[1] = var("y", tensor32(), at(1, 20, 1));
    expect_ok(verify_as_checker,
              prog1(kind_fn("f", FUNC_OPAQUE, 2, ps,
                            SEQ(asg(var("z", tensor32(), at(2, 5, 1)), call("tensor.add", EXPRS(E(ps[0]), E(ps[1])), NOSPAN),
                                    line(2)),
                                ir_eval(&ctx, call("system.bar_v", 0, NULL, NOSPAN), line(3))))));
}
END_TEST

/* ============================================================ Verify */

START_TEST(verify_follows_properties)
{
    /* A program that is neither SSA nor flat nor outlined but well typed:
     * Verify checks only the properties the pass context says hold. */
    IrVar *p = ivar("p", at(1, 10, 1)), *x = var("x", sc(DT_UINT64), at(3, 9, 1));
    const IrStmt *body = SEQ(ir_scope(&ctx, SCOPE_INCORE,
                                      SEQ(asg(x, bin_at(BIN_ADD, idx_call(), cit(1, DT_UINT64), at(3, 13, 20)), line(3)),
                                          asg(x, cit(2, DT_UINT64), line(4))),
                                      line(2)),
                             ret1(E(p), line(5)));
    const IrProgram *pr = scalar_prog(p, body);
    static const unsigned props[] = {PROP_SSA, PROP_NO_NESTED_CALL, PROP_OUTLINED};
    static const char *const msgs[] = {"t.py:4:5: error: 'x' is defined more than once",
                                       "t.py:3:15: error: the call of 'pl.tile.get_block_idx' is nested",
                                       "t.py:2:5: error: function 'f' still contains a 'with pl.incore():' scope"};
    Out o;
    out_open(&o, PROP_TYPE_CHECKED);
    ck_assert_ptr_eq(pass_verify(&o.pc, pr), pr);
    ck_assert_str_eq(out_text(&o), "");
    out_close(&o);
    for (int i = 0; i < 3; i++) {
        out_open(&o, PROP_TYPE_CHECKED | props[i]);
        ck_assert_ptr_null(pass_verify(&o.pc, pr));
        ck_assert_msg(count_of(out_text(&o), ": error: ") == 1 && strstr(out_text(&o), msgs[i]), "%s", out_text(&o));
        out_close(&o);
    }
}
END_TEST


void verify_rule_tests(Suite *s)
{
    TCase *types = verify_tcase(s, "types");
    TCase *flat = verify_tcase(s, "flat");
    TCase *kinds = verify_tcase(s, "kinds");

    tcase_add_test(types, types_call_against_deduction);
    tcase_add_test(types, types_call_ill_typed);
    tcase_add_test(types, types_dims_compare_by_value);
    tcase_add_test(types, types_assignment);
    tcase_add_test(types, types_assignment_memref_and_view);
    tcase_add_test(types, types_scalar_operands);
    tcase_add_test(types, types_global_calls);
    tcase_add_test(types, types_global_call_shapes);
    tcase_add_test(types, types_global_call_tuple_result);
    tcase_add_test(types, types_returns);
    tcase_add_test(flat, nested_calls);
    tcase_add_test(flat, nested_call_unknown_span);
    tcase_add_test(flat, flat_calls_are_fine);
    tcase_add_test(flat, outlined_scope_remains);
    tcase_add_test(kinds, kinds_incore_tensor_op);
    tcase_add_test(kinds, kinds_incore_tensor_op_before_conversion);
    tcase_add_test(kinds, kinds_incore_calls_function);
    tcase_add_test(kinds, kinds_orchestration_block_op);
    tcase_add_test(kinds, kinds_orchestration_system_op);
    tcase_add_test(kinds, kinds_opaque_mixes);
    tcase_add_test(kinds, verify_follows_properties);
}
