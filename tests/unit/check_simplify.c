/* check_simplify.c: the Simplify pass (passes/3_verify/simplify.c): folding of every
 * operator and every case that must stay unfolded; dead-code elimination
 * of chains, and never of stores, system ops, allocations, assembles or
 * function calls.  Part of the check_verify program, whose fixture and
 * builders it uses (check_verify.c). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_verify.h"
#include <time.h>

#include "ir/printer.h"
#include "support/strbuf.h"

/* ============================================================ Simplify */

/* Runs Simplify with a fresh diagnostics sink; it must report nothing. */
static const IrProgram *simplify(const IrProgram *p)
{
    Out o;
    const IrProgram *r;
    out_open(&o, PROP_TYPE_CHECKED | PROP_SSA);
    r = pass_simplify(&o.pc, p);
    ck_assert_msg(r != NULL && !*out_text(&o), "%s", out_text(&o));
    out_close(&o);
    return r;
}

static char ring[8][512];
static int ring_i;

static const char *print_expr(const IrExpr *e)
{
    StrBuf sb;
    char *out = ring[ring_i++ % 8];
    sb_init(&sb);
    ir_print_expr(&sb, &ctx, e, "pl", IR_SYNTAX_TODAY);
    snprintf(out, sizeof ring[0], "%s", sb_cstr(&sb));
    sb_free(&sb);
    return out;
}

static const IrStmt *body_stmt(const IrProgram *p, uint32_t i)
{
    const IrSeq *q = IR_AS(IrSeq, p->funcs[0]->body);
    ck_assert_uint_lt(i, q->n);
    return q->stmts[i];
}

/* `x = e; return x` simplified: the printed value of x. */
static const char *folded(const IrExpr *e)
{
    IrVar *x = var("x", ir_expr_type(&ctx, e), at(2, 5, 1));
    const IrProgram *p = prog1(fn("f", 0, NULL, x->type, SEQ(asg(x, e, line(2)), ret1(E(x), line(3)))));
    const IrProgram *r = simplify(p);
    return print_expr(IR_AS(IrAssign, body_stmt(r, 0))->value);
}

/* e must stay as it is: Simplify returns the very same program. */
static void unfolded(const IrExpr *e)
{
    IrVar *x = var("x", ir_expr_type(&ctx, e), at(2, 5, 1));
    const IrProgram *p = prog1(fn("f", 0, NULL, x->type, SEQ(asg(x, e, line(2)), ret1(E(x), line(3)))));
    ck_assert_msg(simplify(p) == p, "%s was folded", print_expr(e));
}

START_TEST(fold_integers)
{
    ck_assert_str_eq(folded(bin(BIN_ADD, ci(2), ci(3))), "5");
    ck_assert_str_eq(folded(bin(BIN_SUB, ci(2), ci(5))), "-3");
    ck_assert_str_eq(folded(bin(BIN_MUL, ci(6), ci(7))), "42");
    ck_assert_str_eq(folded(bin(BIN_FLOOR_DIV, ci(7), ci(2))), "3");
    ck_assert_str_eq(folded(bin(BIN_FLOOR_DIV, ci(-7), ci(2))), "-4");
    ck_assert_str_eq(folded(bin(BIN_FLOOR_DIV, ci(7), ci(-2))), "-4");
    ck_assert_str_eq(folded(bin(BIN_FLOOR_MOD, ci(7), ci(3))), "1");
    ck_assert_str_eq(folded(bin(BIN_FLOOR_MOD, ci(-7), ci(3))), "2");
    ck_assert_str_eq(folded(bin(BIN_FLOOR_MOD, ci(7), ci(-3))), "-2");
    ck_assert_str_eq(folded(bin(BIN_MIN, ci(4), ci(-9))), "-9");
    ck_assert_str_eq(folded(bin(BIN_MAX, ci(4), ci(-9))), "4");
    ck_assert_str_eq(folded(bin(BIN_POW, ci(2), ci(10))), "1024");
    ck_assert_str_eq(folded(bin(BIN_POW, ci(-2), ci(3))), "-8");
    ck_assert_str_eq(folded(bin(BIN_POW, ci(0), ci(0))), "1");
    ck_assert_str_eq(folded(bin(BIN_POW, ci(-1), ci(7))), "-1");
    ck_assert_str_eq(folded(bin(BIN_BIT_AND, ci(12), ci(10))), "8");
    ck_assert_str_eq(folded(bin(BIN_BIT_OR, ci(12), ci(10))), "14");
    ck_assert_str_eq(folded(bin(BIN_BIT_XOR, ci(12), ci(10))), "6");
    ck_assert_str_eq(folded(bin(BIN_SHL, ci(1), ci(4))), "16");
    ck_assert_str_eq(folded(bin(BIN_SHR, ci(256), ci(4))), "16");
    ck_assert_str_eq(folded(bin(BIN_ADD, cit(100, DT_INT32), cit(27, DT_INT32))), "pl.const(127, pl.INT32)");
    ck_assert_str_eq(folded(bin(BIN_ADD, cit(200, DT_UINT8), cit(55, DT_UINT8))), "pl.const(255, pl.UINT8)");
    /* Nested: folded bottom-up. */
    ck_assert_str_eq(folded(bin(BIN_MUL, bin(BIN_ADD, ci(1), ci(2)), bin(BIN_SUB, ci(10), ci(7)))), "9");
}
END_TEST

START_TEST(fold_comparisons_and_logic)
{
    ck_assert_str_eq(folded(bin(BIN_EQ, ci(3), ci(3))), "True");
    ck_assert_str_eq(folded(bin(BIN_NE, ci(3), ci(3))), "False");
    ck_assert_str_eq(folded(bin(BIN_LT, ci(2), ci(3))), "True");
    ck_assert_str_eq(folded(bin(BIN_LE, ci(3), ci(3))), "True");
    ck_assert_str_eq(folded(bin(BIN_GT, ci(2), ci(3))), "False");
    ck_assert_str_eq(folded(bin(BIN_GE, ci(2), ci(3))), "False");
    ck_assert_str_eq(folded(bin(BIN_LT, cf(1.5), cf(2.5))), "True");
    ck_assert_str_eq(folded(bin(BIN_EQ, cf(0.1), cf(0.1))), "True");
    ck_assert_str_eq(folded(bin(BIN_EQ, cb(1), cb(0))), "False");
    ck_assert_str_eq(folded(bin(BIN_NE, cb(1), cb(0))), "True");
    ck_assert_str_eq(folded(bin(BIN_AND, cb(1), cb(0))), "False");
    ck_assert_str_eq(folded(bin(BIN_OR, cb(1), cb(0))), "True");
    ck_assert_str_eq(folded(bin(BIN_XOR, cb(1), cb(1))), "False");
    ck_assert_str_eq(folded(un(UN_NOT, DT_BOOL, cb(0))), "True");
    ck_assert_str_eq(folded(bin(BIN_AND, bin(BIN_LT, ci(1), ci(2)), un(UN_NOT, DT_BOOL, cb(0)))), "True");
}
END_TEST

START_TEST(fold_floats)
{
    ck_assert_str_eq(folded(bin(BIN_ADD, cf(1.5), cf(2.25))), "3.75");
    /* FP32 arithmetic, shown as the shortest decimal of the FP32 result. */
    ck_assert_str_eq(folded(bin(BIN_ADD, cf(0.1), cf(0.2))), "0.3");
    ck_assert_str_eq(folded(bin(BIN_FLOAT_DIV, cf(1.0), cf(3.0))), "0.33333334");
    ck_assert_str_eq(folded(bin(BIN_SUB, cf(1.0), cf(0.5))), "0.5");
    ck_assert_str_eq(folded(bin(BIN_MUL, cf(2.5), cf(4.0))), "10.0");
    ck_assert_str_eq(folded(bin(BIN_FLOAT_DIV, cf(1.0), cf(8.0))), "0.125");
    ck_assert_str_eq(folded(bin(BIN_MIN, cf(1.0), cf(-2.0))), "-2.0");
    ck_assert_str_eq(folded(bin(BIN_MAX, cf(1.0), cf(-2.0))), "1.0");
    ck_assert_str_eq(folded(bin(BIN_ADD, cft(1.5, DT_FP16), cft(2.0, DT_FP16))), "pl.const(3.5, pl.FP16)");
    ck_assert_str_eq(folded(bin(BIN_MUL, cft(3.0, DT_BF16), cft(0.5, DT_BF16))), "pl.const(1.5, pl.BFLOAT16)");
    /* FP16 has 11 bits: 2049 rounds to 2048. */
    ck_assert_str_eq(folded(bin(BIN_ADD, cft(2048.0, DT_FP16), cft(1.0, DT_FP16))), "pl.const(2048.0, pl.FP16)");
}
END_TEST

START_TEST(fold_unary)
{
    ck_assert_str_eq(folded(un(UN_NEG, DT_INT64, ci(5))), "-5");
    ck_assert_str_eq(folded(un(UN_ABS, DT_INT64, ci(-5))), "5");
    ck_assert_str_eq(folded(un(UN_NEG, DT_FP32, cf(2.5))), "-2.5");
    ck_assert_str_eq(folded(un(UN_ABS, DT_FP32, cf(-2.5))), "2.5");
    ck_assert_str_eq(folded(un(UN_BIT_NOT, DT_INT64, ci(5))), "-6");
    ck_assert_str_eq(folded(un(UN_BIT_NOT, DT_UINT8, cit(5, DT_UINT8))), "pl.const(250, pl.UINT8)");
}
END_TEST

START_TEST(fold_casts)
{
    ck_assert_str_eq(folded(un(UN_CAST, DT_FP32, ci(3))), "3.0");
    ck_assert_str_eq(folded(un(UN_CAST, DT_INT32, cf(2.0))), "pl.const(2, pl.INT32)");
    ck_assert_str_eq(folded(un(UN_CAST, DT_INT64, cf(-7.0))), "-7");
    ck_assert_str_eq(folded(un(UN_CAST, DT_BOOL, ci(0))), "False");
    ck_assert_str_eq(folded(un(UN_CAST, DT_BOOL, cf(2.5))), "True");
    ck_assert_str_eq(folded(un(UN_CAST, DT_INT8, ci(100))), "pl.const(100, pl.INT8)");
    ck_assert_str_eq(folded(un(UN_CAST, DT_INT32, cb(1))), "pl.const(1, pl.INT32)");
    ck_assert_str_eq(folded(un(UN_CAST, DT_FP16, cf(0.5))), "pl.const(0.5, pl.FP16)");
    ck_assert_str_eq(folded(un(UN_CAST, DT_FP32, bin(BIN_ADD, ci(1), ci(2)))), "3.0");
    ck_assert_str_eq(folded(un(UN_CAST, DT_FP32, ci(16777216))), "16777216.0");
}
END_TEST

START_TEST(fold_refusals)
{
    /* Division and modulo by zero. */
    unfolded(bin(BIN_FLOOR_DIV, ci(1), ci(0)));
    unfolded(bin(BIN_FLOOR_MOD, ci(1), ci(0)));
    unfolded(bin(BIN_FLOAT_DIV, cf(1.0), cf(0.0)));
    /* FloatDiv on integers is the reference's INT64 "/". */
    unfolded(bin(BIN_FLOAT_DIV, ci(7), ci(2)));
    /* Overflow of the dtype. */
    unfolded(bin(BIN_ADD, ci(INT64_MAX), ci(1)));
    unfolded(bin(BIN_SUB, ci(INT64_MIN), ci(1)));
    unfolded(bin(BIN_MUL, ci(INT64_MAX / 2 + 1), ci(2)));
    unfolded(bin(BIN_ADD, cit(2147483647, DT_INT32), cit(1, DT_INT32)));
    unfolded(bin(BIN_SUB, cit(0, DT_UINT32), cit(1, DT_UINT32)));
    unfolded(bin(BIN_FLOOR_DIV, ci(INT64_MIN), ci(-1)));
    unfolded(bin(BIN_POW, ci(2), ci(63)));
    unfolded(un(UN_NEG, DT_INT64, ci(INT64_MIN)));
    unfolded(un(UN_ABS, DT_INT64, ci(INT64_MIN)));
    unfolded(un(UN_NEG, DT_UINT8, cit(1, DT_UINT8)));
    unfolded(un(UN_BIT_NOT, DT_UINT64, cit(1, DT_UINT64)));
    /* Shifts out of range or of negative values. */
    unfolded(bin(BIN_SHL, ci(1), ci(64)));
    unfolded(bin(BIN_SHL, cit(1, DT_INT32), cit(32, DT_INT32)));
    unfolded(bin(BIN_SHL, ci(1), ci(-1)));
    unfolded(bin(BIN_SHL, ci(-1), ci(2)));
    unfolded(bin(BIN_SHR, ci(-16), ci(2)));
    unfolded(bin(BIN_SHL, cit(1, DT_INT8), cit(7, DT_INT8)));
    /* A negative exponent gives a float in the language. */
    unfolded(bin(BIN_POW, ci(2), ci(-1)));
    /* Float results that are not finite, and float ops the target decides. */
    unfolded(bin(BIN_MUL, cf(3e38), cf(10.0)));
    unfolded(bin(BIN_ADD, cft(60000.0, DT_FP16), cft(10000.0, DT_FP16)));
    unfolded(bin(BIN_FLOOR_DIV, cf(7.5), cf(2.0)));
    unfolded(bin(BIN_FLOOR_MOD, cf(7.5), cf(2.0)));
    unfolded(bin(BIN_POW, cf(2.0), cf(0.5)));
    unfolded(bin(BIN_ADD, cft(1.0, DT_FP8E4M3FN), cft(1.0, DT_FP8E4M3FN)));
    /* Casts that are not exact. */
    unfolded(un(UN_CAST, DT_INT32, cf(2.5)));
    unfolded(un(UN_CAST, DT_INT32, cf(3e9)));
    unfolded(un(UN_CAST, DT_INT8, ci(300)));
    unfolded(un(UN_CAST, DT_UINT8, ci(-1)));
    unfolded(un(UN_CAST, DT_FP32, ci(16777217)));
    unfolded(un(UN_CAST, DT_FP16, cf(0.1)));
    /* Operators that need BOOL operands, and ordering of bools. */
    unfolded(un(UN_NOT, DT_BOOL, ci(1)));
    unfolded(bin(BIN_AND, ci(1), ci(1)));
    unfolded(bin(BIN_LT, cb(0), cb(1)));
    /* A constant out of its own dtype's range is not trusted. */
    unfolded(bin(BIN_ADD, cit(300, DT_INT8), cit(1, DT_INT8)));
}
END_TEST

START_TEST(fold_everywhere)
{
    /* Call arguments, conditions, bounds, init values, yields and returns.
     * Types store constant dimensions as values ([2 * 32, 64] is [64, 64]),
     * so the shape arguments fold without changing the deduced types; the
     * view's offset folds, and so do a function's arguments.  The if,
     * whose condition folds to True, is replaced by its branch. */
    const IrKwarg kw[] = {{nm("dtype"), KW_DTYPE, {.i = DT_FP32}}};
    const IrExpr *shape = ir_make_tuple(&ctx, EXPRS(bin(BIN_MUL, ci(2), ci(32)), ci(64)), NOSPAN);
    const IrExpr *create = call_kw("tensor.create", 1, &shape, 1, kw, at(2, 9, 20));
    IrVar *t = var("t", ir_expr_type(&ctx, create), at(2, 5, 1));
    const IrExpr *vshape = ir_make_tuple(&ctx, EXPRS(bin(BIN_MUL, ci(16), ci(2)), ci(64)), NOSPAN);
    const IrExpr *view = call("tensor.view", EXPRS(E(t), vshape,
                                                   ir_make_tuple(&ctx, EXPRS(bin(BIN_ADD, ci(4), ci(4)), ci(0)), NOSPAN),
                                                   vshape),
                              NOSPAN);
    IrVar *v = var("v", ir_expr_type(&ctx, view), at(3, 5, 1)), *h = ivar("h", at(4, 5, 1));
    IrVar *p = ivar("p", at(1, 10, 1)), *i = ivar("i", at(5, 9, 1)), *xr = ivar("xr", at(5, 20, 2));
    IrIterArg *xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_INT64), bin(BIN_ADD, ci(1), ci(1)), at(5, 14, 2));
    const IrIterArg *its[] = {xi};
    const IrVar *rets[] = {xr};
    const IrStmt *loop = ir_for(&ctx, FOR_SEQUENTIAL, i, bin(BIN_SUB, ci(1), ci(1)), bin(BIN_MUL, ci(2), ci(4)), ci(1), 1,
                                its, rets, SEQ(yield1(bin(BIN_ADD, E(&xi->v), bin(BIN_MUL, ci(3), ci(3))), line(6))),
                                line(5));
    const IrStmt *branch = ir_if(&ctx, bin(BIN_LT, ci(1), ci(2)),
                                 SEQ(ir_eval(&ctx, call("system.bar_v", 0, NULL, NOSPAN), line(8))), NULL, 0, NULL,
                                 line(7));
    const IrType *rt[2];
    const IrFunc *fs[2];
    const IrProgram *r;
    StrBuf sb;
    Out o;
    IrVar *a = ivar("a", at(20, 10, 1));
    rt[0] = v->type;
    rt[1] = sc(DT_INT64);
    fs[0] = fn_at("f", FUNC_OPAQUE, 1, &p, 2, rt,
                  SEQ(asg(t, create, line(2)), asg(v, view, line(3)),
                      asg(h, call_fn("g", EXPRS(bin(BIN_ADD, ci(1), ci(2))), sc(DT_INT64), NOSPAN), line(4)), loop,
                      branch, ir_return(&ctx, EXPRS(E(v), bin(BIN_ADD, E(xr), bin(BIN_MUL, E(h), ci(5)))), line(9))),
                  1);
    fs[1] = fn_at("g", FUNC_OPAQUE, 1, &a, 1, &rt[1], SEQ(ret1(E(a), line(21))), 20);
    r = simplify(progn(2, fs));
    sb_init(&sb);
    ir_print_function(&sb, &ctx, r->funcs[0], "pl", IR_SYNTAX_TODAY);
    ck_assert_str_eq(sb_cstr(&sb),
                     "@pl.function\n"
                     "def f(p: pl.Scalar[pl.INT64]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Scalar[pl.INT64]]:\n"
                     "    t: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.create([64, 64], dtype=pl.FP32)\n"
                     "    v: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.slice(t, [32, 64], [8, 0])\n"
                     "    h: pl.Scalar[pl.INT64] = g(3)\n"
                     "    for i, (xi,) in pl.range(0, 8, 1, init_values=(2,)):\n"
                     "        xr: pl.Scalar[pl.INT64] = pl.yield_(xi + 9)\n"
                     "    pl.system.bar_v()\n"
                     "    return v, xr + h * 5");
    sb_free(&sb);
    out_open(&o, ALL_PROPS);
    ck_assert_msg(check_types(&o.pc, r, 1) && check_ssa(&o.pc, r, 1), "%s", out_text(&o));
    out_close(&o);
}
END_TEST

static uint32_t nstmts(const IrStmt *s) { return IR_AS(IrSeq, s)->n; }

START_TEST(dce_scalar_chain)
{
    /* a = p + 1; b = a * 2; c = b - 3 (unused): the whole chain dies. */
    IrVar *p = ivar("p", at(1, 10, 1)), *a = ivar("a", at(2, 5, 1)), *b = ivar("b", at(3, 5, 1));
    IrVar *c = ivar("c", at(4, 5, 1)), *g = ivar("g", at(6, 5, 1));
    const IrExpr *mt = ir_make_tuple(&ctx, EXPRS(E(p), E(p)), NOSPAN);
    IrVar *tup = var("tup", ir_expr_type(&ctx, mt), at(5, 5, 3));
    const IrProgram *r;
    r = simplify(scalar_prog(p, SEQ(asg(a, bin(BIN_ADD, E(p), ci(1)), line(2)), asg(b, bin(BIN_MUL, E(a), ci(2)), line(3)),
                                    asg(c, bin(BIN_SUB, E(b), ci(3)), line(4)), asg(tup, mt, line(5)),
                                    asg(g, ir_tuple_get(&ctx, E(tup), 1, NOSPAN), line(6)), ret1(E(p), line(7)))));
    ck_assert_uint_eq(nstmts(r->funcs[0]->body), 1);
    ck_assert_int_eq(body_stmt(r, 0)->kind, STMT_RETURN);
    ck_assert_uint_eq(body_stmt(r, 0)->span.lo, line(7).lo);
}
END_TEST

START_TEST(dce_keeps_effects)
{
    /* k(a, b: Tile, out: Tensor): t = add(a, b); u = exp(t) (dead);
     * v = muls(t, 2.0); r = store(v, out) (unused but a store);
     * s = bar_v() (system); w = assemble(out, out2) (writes out);
     * m = alloc(...) (allocation); h = self.h() (a call); return out. */
    IrVar *a = var("a", tile32(), at(1, 10, 1)), *b = var("b", tile32(), at(1, 20, 1));
    IrVar *out = var("out", tensor32(), at(1, 30, 3)), *src = var("src", tensor32(), at(1, 36, 3));
    const IrExpr *add = call("block.add", EXPRS(E(a), E(b)), NOSPAN);
    IrVar *t = var("t", ir_expr_type(&ctx, add), at(2, 5, 1));
    const IrExpr *ex = call("block.exp", EXPRS(E(t)), NOSPAN);
    IrVar *u = var("u", ir_expr_type(&ctx, ex), at(3, 5, 1));
    const IrExpr *mul = call("block.muls", EXPRS(E(t), cf(2.0)), NOSPAN);
    IrVar *v = var("v", ir_expr_type(&ctx, mul), at(4, 5, 1));
    const IrExpr *st = call("block.store", EXPRS(E(v), tuple2(0, 0), tuple2(64, 64), E(out)), NOSPAN);
    IrVar *r = var("r", ir_expr_type(&ctx, st), at(5, 5, 1));
    const IrExpr *bar = call("system.bar_v", 0, NULL, NOSPAN);
    IrVar *s = var("s", ir_expr_type(&ctx, bar), at(6, 5, 1));
    const IrExpr *asm_ = call("tensor.assemble", EXPRS(E(out), E(src), tuple2(0, 0)), NOSPAN);
    IrVar *w = var("w", ir_expr_type(&ctx, asm_), at(7, 5, 1));
    const IrExpr *al = call("block.alloc", EXPRS(cit(MS_VEC, DT_INT64), ci(0), ci(16384), ci(3)), NOSPAN);
    IrVar *m = var("m", ir_expr_type(&ctx, al), at(8, 5, 1));
    IrVar *h = var("h", sc(DT_INT64), at(9, 5, 1));
    IrVar *ps[4];
    const IrProgram *p, *res;
    ps[0] = a;
    ps[1] = b;
    ps[2] = out;
    ps[3] = src;
    p = prog1(fn("k", 4, ps, tensor32(),
                 SEQ(asg(t, add, line(2)), asg(u, ex, line(3)), asg(v, mul, line(4)), asg(r, st, line(5)),
                     asg(s, bar, line(6)), asg(w, asm_, line(7)), asg(m, al, line(8)),
                     asg(h, call_fn("h", 0, NULL, sc(DT_INT64), NOSPAN), line(9)), ret1(E(out), line(10)))));
    res = simplify(p);
    ck_assert_uint_eq(nstmts(res->funcs[0]->body), 8);
    for (uint32_t i = 0; i < 8; i++)
        if (body_stmt(res, i)->kind == STMT_ASSIGN)
            ck_assert_ptr_ne(IR_AS(IrAssign, body_stmt(res, i))->var, u);
}
END_TEST

START_TEST(dce_loops_and_branches)
{
    /* for i, (xi,) in range(4, init=(p,)): d = xi + 1 (yielded); e = xi * 2 (dead); yield d
     * if p < 1: y = p + 1 (dead)   -> the branch keeps an empty body
     * The loop and its unused return variable stay. */
    Loop1 L;
    IrVar *d, *e, *y;
    const IrProgram *r;
    const IrFor *lf;
    const IrIf *bf;
    loop1_init(&L);
    d = ivar("d", at(3, 9, 1));
    e = ivar("e", at(4, 9, 1));
    y = ivar("y", at(7, 9, 1));
    r = simplify(scalar_prog(
        L.p, SEQ(loop1(&L, SEQ(asg(d, bin(BIN_ADD, E(&L.xi->v), ci(1)), line(3)),
                                asg(e, bin(BIN_MUL, E(&L.xi->v), ci(2)), line(4)), yield1(E(d), line(5)))),
                 ir_if(&ctx, bin(BIN_LT, E(L.p), ci(1)), SEQ(asg(y, bin(BIN_ADD, E(L.p), ci(1)), line(7))), NULL, 0,
                       NULL, line(6)),
                 ret1(E(L.p), line(8)))));
    ck_assert_uint_eq(nstmts(r->funcs[0]->body), 3);
    lf = IR_AS(IrFor, body_stmt(r, 0));
    ck_assert_uint_eq(lf->niter, 1);
    ck_assert_uint_eq(nstmts(lf->body), 2);
    bf = IR_AS(IrIf, body_stmt(r, 1));
    ck_assert_int_eq(bf->then_body->kind, STMT_SEQ);
    ck_assert_uint_eq(nstmts(bf->then_body), 0);
    {
        Out o;
        out_open(&o, ALL_PROPS);
        ck_assert_msg(pass_verify(&o.pc, r) == r, "%s", out_text(&o));
        out_close(&o);
    }
}
END_TEST

START_TEST(dce_uses_in_types)
{
    /* n = p * 2 is used only in u's type (u: Tensor[[n, 64]]): kept. */
    IrVar *p = ivar("p", at(1, 10, 1)), *n = ivar("n", at(2, 5, 1));
    const IrExpr *dims[2] = {E(n), ir_dim_const(&ctx, 64)};
    const IrType *tn = ir_type_tensor(&ctx, DT_FP32, 2, dims, NULL, NULL);
    IrVar *x = var("x", tensor32(), at(1, 20, 1)), *u = var("u", tn, at(3, 5, 1));
    IrVar *ps[2];
    const IrProgram *pr;
    ps[0] = p;
    ps[1] = x;
    pr = prog1(fn("f", 2, ps, tn, SEQ(asg(n, bin(BIN_MUL, E(p), ci(2)), line(2)), asg(u, E(x), line(3)), ret1(E(u), line(4)))));
    ck_assert_ptr_eq(simplify(pr), pr);
}
END_TEST

START_TEST(dce_keeps_statements)
{
    /* A pure call as a statement, and used definitions: nothing changes. */
    IrVar *a, *b;
    const IrProgram *p = tile_prog(&a, &b, shaped(TYPE_TILE, DT_FP16, 64, 64), body_add_typed_fp16);
    IrVar *p2 = ivar("p", at(1, 10, 1));
    const IrProgram *q = scalar_prog(p2, SEQ(ir_eval(&ctx, call("block.get_block_idx", 0, NULL, NOSPAN), line(2)),
                                             ret1(E(p2), line(3))));
    ck_assert_ptr_eq(simplify(p), p);
    ck_assert_ptr_eq(simplify(q), q);
}
END_TEST

START_TEST(dce_long_chain)
{
    /* 200000 dead definitions, each using the previous one: removed in
     * linear time (a quadratic pass would take minutes). */
    enum { N = 200000 };
    IrVar *p = ivar("p", at(1, 10, 1));
    const IrStmt **stmts = malloc((N + 1) * sizeof *stmts);
    const IrExpr *prev = E(p);
    const IrProgram *r;
    clock_t t0;
    for (int i = 0; i < N; i++) {
        IrVar *v = ivar("v", NOSPAN);
        stmts[i] = asg(v, bin(BIN_ADD, prev, ci(1)), NOSPAN);
        prev = E(v);
    }
    stmts[N] = ret1(E(p), line(2));
    t0 = clock();
    r = simplify(scalar_prog(p, ir_seq(&ctx, STMT_SEQ, N + 1, stmts, NOSPAN)));
    ck_assert_uint_eq(nstmts(r->funcs[0]->body), 1);
    ck_assert_msg((double)(clock() - t0) / CLOCKS_PER_SEC < 10.0, "too slow");
    free(stmts);
}
END_TEST

START_TEST(simplify_unchanged_program)
{
    IrVar *p = ivar("p", at(1, 10, 1)), *x = ivar("x", at(2, 5, 1));
    const IrProgram *pr = scalar_prog(p, SEQ(asg(x, bin(BIN_ADD, E(p), ci(1)), line(2)), ret1(E(x), line(3))));
    ck_assert_ptr_eq(simplify(pr), pr);
}
END_TEST

/* ================================================================ main */


void simplify_tests(Suite *s)
{
    TCase *simp = verify_tcase(s, "simplify");

    tcase_add_test(simp, fold_integers);
    tcase_add_test(simp, fold_comparisons_and_logic);
    tcase_add_test(simp, fold_floats);
    tcase_add_test(simp, fold_unary);
    tcase_add_test(simp, fold_casts);
    tcase_add_test(simp, fold_refusals);
    tcase_add_test(simp, fold_everywhere);
    tcase_add_test(simp, dce_scalar_chain);
    tcase_add_test(simp, dce_keeps_effects);
    tcase_add_test(simp, dce_loops_and_branches);
    tcase_add_test(simp, dce_uses_in_types);
    tcase_add_test(simp, dce_keeps_statements);
    tcase_add_test(simp, dce_long_chain);
    tcase_add_test(simp, simplify_unchanged_program);
}
