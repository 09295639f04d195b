/* check_verify.c: unit tests of the verifier (passes/verify.c: check_ssa,
 * check_types, check_no_nested_call, check_outlined, the function-kind
 * rules and pass_verify) and of the Simplify pass (passes/simplify.c).
 *
 * Verifier: one negative test per rule, on IR built by hand whose nodes
 * carry spans into a fake source, so that each test checks the one error
 * the rule gives, its location and its note; positive tests on
 * well-formed IR, and every golden program and example after the default
 * pipeline.  Simplify: folding of every operator and every case that must
 * stay unfolded; dead-code elimination of chains, and never of stores,
 * system ops, allocations, assembles or function calls. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sema/frontend.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "passes/pass.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/readfile.h"
#include "support/source.h"
#include "support/strbuf.h"

static Interner names;
static IrCtx ctx;

/* The fake source the spans point into: lines of LINE_W characters. */
enum { NLINES = 40, LINE_W = 40 };
static char src_text[NLINES * (LINE_W + 1) + 1];

static void setup(void)
{
    interner_init(&names);
    ir_ctx_init(&ctx, &names);
    for (int l = 0; l < NLINES; l++) {
        memset(src_text + l * (LINE_W + 1), 'a' + l % 26, LINE_W);
        src_text[l * (LINE_W + 1) + LINE_W] = '\n';
    }
    src_text[NLINES * (LINE_W + 1)] = '\0';
}

static void teardown(void)
{
    ir_ctx_free(&ctx);
    interner_free(&names);
}

/* ------------------------------------------------------------- builders */

#define NOSPAN span_unknown()

/* Line l, column c (1-based), n characters. */
static Span at(unsigned l, unsigned c, unsigned n)
{
    uint32_t lo = (uint32_t)((l - 1) * (LINE_W + 1) + (c - 1));
    return span_make(lo, lo + n);
}

/* A statement on line l. */
static Span line(unsigned l) { return at(l, 5, 20); }

static const char *nm(const char *s) { return ir_name(&ctx, s); }
static const IrType *sc(DataType dt) { return ir_type_scalar(&ctx, dt); }

static const IrType *shaped(IrTypeKind kind, DataType dt, int64_t rows, int64_t cols)
{
    const IrExpr *d[2] = {ir_dim_const(&ctx, rows), ir_dim_const(&ctx, cols)};
    return kind == TYPE_TILE ? ir_type_tile(&ctx, dt, 2, d, NULL, NULL) : ir_type_tensor(&ctx, dt, 2, d, NULL, NULL);
}

static const IrType *tile32(void) { return shaped(TYPE_TILE, DT_FP32, 64, 64); }
static const IrType *tensor32(void) { return shaped(TYPE_TENSOR, DT_FP32, 64, 64); }

static IrVar *var(const char *name, const IrType *t, Span sp) { return ir_var_new(&ctx, nm(name), t, sp); }
static IrVar *ivar(const char *name, Span sp) { return var(name, sc(DT_INT64), sp); }
static const IrExpr *E(const IrVar *v) { return &v->e; }
static const IrExpr *ci(int64_t v) { return ir_const_int(&ctx, v, DT_INT64, NOSPAN); }
static const IrExpr *cit(int64_t v, DataType dt) { return ir_const_int(&ctx, v, dt, NOSPAN); }
static const IrExpr *cf(double v) { return ir_const_float(&ctx, v, DT_FP32, NOSPAN); }
static const IrExpr *cft(double v, DataType dt) { return ir_const_float(&ctx, v, dt, NOSPAN); }
static const IrExpr *cb(int v) { return ir_const_bool(&ctx, v, NOSPAN); }

/* Binary node with the dtype the front end gives it. */
static const IrExpr *bin_at(IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span sp)
{
    int boolean = ir_binary_is_comparison(op) || op == BIN_AND || op == BIN_OR || op == BIN_XOR;
    const IrType *t = ir_expr_type(&ctx, a);   /* variables and calls carry no dtype of their own */
    return ir_binary(&ctx, op, boolean ? DT_BOOL : (DataType)t->dtype, a, b, sp);
}

static const IrExpr *bin(IrBinaryOp op, const IrExpr *a, const IrExpr *b) { return bin_at(op, a, b, NOSPAN); }
static const IrExpr *un(IrUnaryOp op, DataType dt, const IrExpr *x) { return ir_unary(&ctx, op, dt, x, NOSPAN); }

#define COUNT(T, ...) ((uint32_t)(sizeof((T[]){__VA_ARGS__}) / sizeof(T)))
#define SEQ(...) ir_seq(&ctx, STMT_SEQ, COUNT(const IrStmt *, __VA_ARGS__), (const IrStmt *const[]){__VA_ARGS__}, NOSPAN)
#define EXPRS(...) COUNT(const IrExpr *, __VA_ARGS__), (const IrExpr *const[]){__VA_ARGS__}

static const IrStmt *asg(IrVar *v, const IrExpr *e, Span sp) { return ir_assign(&ctx, v, e, sp); }
static const IrStmt *ret1(const IrExpr *e, Span sp) { return ir_return(&ctx, 1, &e, sp); }
static const IrStmt *yield1(const IrExpr *e, Span sp) { return ir_yield(&ctx, 1, &e, sp); }

static const IrExpr *call_typed(const char *op, uint32_t n, const IrExpr *const *args, const IrType *t, Span sp)
{
    const OpDef *d = op_lookup(op);
    ck_assert_msg(d != NULL, "no op %s", op);
    return ir_call(&ctx, &d->callee, n, args, 0, NULL, t, sp);
}

/* A call of a registered op typed by its deduction. */
static const IrExpr *call_kw(const char *op, uint32_t n, const IrExpr *const *args, uint32_t nkw, const IrKwarg *kw,
                             Span sp)
{
    const OpDef *d = op_lookup(op);
    OpError err;
    const IrType *t;
    ck_assert_msg(d != NULL, "no op %s", op);
    t = op_deduce(&ctx, d, args, n, kw, nkw, &err);
    ck_assert_msg(t != NULL, "%s: %s", op, err.msg);
    return ir_call(&ctx, &d->callee, n, args, nkw, kw, t, sp);
}

static const IrExpr *call(const char *op, uint32_t n, const IrExpr *const *args, Span sp)
{
    return call_kw(op, n, args, 0, NULL, sp);
}

static const IrExpr *call_fn(const char *f, uint32_t n, const IrExpr *const *args, const IrType *t, Span sp)
{
    return ir_call(&ctx, ir_callee_global(&ctx, nm(f)), n, args, 0, NULL, t, sp);
}

static const IrExpr *tuple2(int64_t a, int64_t b) { return ir_const_tuple(&ctx, 2, (const int64_t[]){a, b}); }

/* A function on line l (its span). */
static const IrFunc *fn_at(const char *name, FuncType ft, uint32_t np, IrVar *const *params, uint32_t nr,
                           const IrType *const *rets, const IrStmt *body, unsigned l)
{
    IrParam *ps = arena_array(&ctx.arena, np ? np : 1, sizeof *ps);
    const IrType **rt = arena_array(&ctx.arena, nr ? nr : 1, sizeof *rt);
    for (uint32_t i = 0; i < np; i++) {
        ps[i].var = params[i];
        ps[i].dir = DIR_IN;
    }
    for (uint32_t i = 0; i < nr; i++)
        rt[i] = rets[i];
    return ir_func_new(&ctx, nm(name), ft, np, ps, nr, rt, body, at(l, 1, 10));
}

static const IrFunc *fn(const char *name, uint32_t np, IrVar *const *params, const IrType *ret, const IrStmt *body)
{
    return fn_at(name, FUNC_OPAQUE, np, params, ret ? 1 : 0, &ret, body, 1);
}

static const IrProgram *progn(uint32_t n, const IrFunc *const *f) { return ir_program_new(&ctx, nm("P"), n, f, at(1, 1, 1)); }
static const IrProgram *prog1(const IrFunc *f) { return progn(1, &f); }

/* f(p: INT64) -> INT64 with the given body. */
static const IrProgram *scalar_prog(IrVar *p, const IrStmt *body) { return prog1(fn("f", 1, &p, sc(DT_INT64), body)); }

/* ------------------------------------------------------ diagnostics */

typedef struct Out {
    FILE *f;
    char *buf;
    size_t len;
    SourceFile sf;
    DiagEngine d;
    PassCtx pc;
} Out;

static void out_open(Out *o, unsigned props)
{
    memset(o, 0, sizeof *o);
    o->f = open_memstream(&o->buf, &o->len);
    ck_assert(o->f != NULL);
    source_init(&o->sf, "t.py", src_text, (uint32_t)strlen(src_text));
    diag_init(&o->d, o->f);
    diag_set_source(&o->d, &o->sf);
    o->pc.ir = &ctx;
    o->pc.diag = &o->d;
    o->pc.props = props;
}

static const char *out_text(Out *o)
{
    diag_flush(&o->d);
    fflush(o->f);
    return o->buf ? o->buf : "";
}

static void out_close(Out *o)
{
    diag_free(&o->d);
    fclose(o->f);
    free(o->buf);
    source_free(&o->sf);
}

static unsigned count_of(const char *hay, const char *needle)
{
    unsigned n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

typedef int (*Checker)(PassCtx *pc, const IrProgram *p, int report);

/* The function-kind rules have no checker of their own: Verify runs them. */
static int verify_as_checker(PassCtx *pc, const IrProgram *p, int report)
{
    (void)report;
    return pass_verify(pc, p) == p;
}

#define ALL_PROPS (PROP_TYPE_CHECKED | PROP_SSA | PROP_NO_NESTED_CALL | PROP_OUTLINED | PROP_BLOCK_KERNELS)

/* Runs check on p: exactly one error, "t.py:<where>: error: <msg>" (a
 * whole line, unless msg ends in "..." which makes it a prefix), and, if
 * given, the note "t.py:<nwhere>: note: <nmsg>".  Without reporting, the
 * checker must fail silently. */
static void expect_full(Checker check, const IrProgram *p, const char *where, const char *msg, const char *nwhere,
                        const char *nmsg)
{
    Out o;
    char want[1024];
    const char *text;
    size_t ml = strlen(msg);
    int prefix = ml >= 3 && strcmp(msg + ml - 3, "...") == 0;
    int ok;
    out_open(&o, ALL_PROPS);
    ok = check(&o.pc, p, 1);
    text = out_text(&o);
    snprintf(want, sizeof want, "t.py:%s: error: %.*s%s", where, (int)(prefix ? ml - 3 : ml), msg, prefix ? "" : "\n");
    ck_assert_msg(!ok, "the check passed; expected '%s'", want);
    ck_assert_msg(count_of(text, ": error: ") == 1, "expected one error '%s', got:\n%s", want, text);
    ck_assert_msg(strstr(text, want) != NULL, "expected '%s', got:\n%s", want, text);
    if (nmsg) {
        snprintf(want, sizeof want, "t.py:%s: note: %s\n", nwhere, nmsg);
        ck_assert_msg(strstr(text, want) != NULL, "expected note '%s', got:\n%s", want, text);
    }
    out_close(&o);
    if (check != verify_as_checker) {
        out_open(&o, ALL_PROPS);
        ok = check(&o.pc, p, 0);
        ck_assert_msg(!ok && !*out_text(&o), "silent check: %d '%s'", ok, out_text(&o));
        out_close(&o);
    }
}

static void expect(Checker check, const IrProgram *p, const char *where, const char *msg)
{
    expect_full(check, p, where, msg, NULL, NULL);
}

static void expect_ok(Checker check, const IrProgram *p)
{
    Out o;
    int ok;
    out_open(&o, ALL_PROPS);
    ok = check(&o.pc, p, 1);
    ck_assert_msg(ok && !*out_text(&o), "expected no error, got:\n%s", out_text(&o));
    out_close(&o);
}

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

/* for i, (xi,) in range(0, 4, 1, init_values=(p,)): ...body...; xr after. */
typedef struct Loop1 {
    IrVar *p, *i, *xr;
    IrIterArg *xi;
} Loop1;

static const IrStmt *loop1(Loop1 *L, const IrStmt *body)
{
    const IrIterArg *its[1];
    const IrVar *rets[1];
    its[0] = L->xi;
    rets[0] = L->xr;
    return ir_for(&ctx, FOR_SEQUENTIAL, L->i, ci(0), ci(4), ci(1), 1, its, rets, body, line(2));
}

static void loop1_init(Loop1 *L)
{
    L->p = ivar("p", at(1, 10, 1));
    L->i = ivar("i", at(2, 9, 1));
    L->xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_INT64), E(L->p), at(2, 14, 2));
    L->xr = ivar("xr", at(2, 20, 2));
}

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

/* ============================================================== types */

/* k(a: Tile, b: Tile) -> ret with the given body. */
static const IrProgram *tile_prog(IrVar **a, IrVar **b, const IrType *ret, const IrStmt *(*body)(IrVar *a, IrVar *b))
{
    IrVar *ps[2];
    ps[0] = *a = var("a", tile32(), at(1, 10, 1));
    ps[1] = *b = var("b", tile32(), at(1, 20, 1));
    return prog1(fn_at("k", FUNC_INCORE, 2, ps, 1, &ret, body(*a, *b), 1));
}

static const IrStmt *body_add_typed_fp16(IrVar *a, IrVar *b)
{
    IrVar *c = var("c", shaped(TYPE_TILE, DT_FP16, 64, 64), at(2, 5, 1));
    return SEQ(asg(c, call_typed("block.add", EXPRS(E(a), E(b)), c->type, at(2, 9, 20)), line(2)), ret1(E(c), line(3)));
}

START_TEST(types_call_against_deduction)
{
    IrVar *a, *b;
    const IrProgram *p = tile_prog(&a, &b, shaped(TYPE_TILE, DT_FP16, 64, 64), body_add_typed_fp16);
    expect(check_types, p, "2:9",
           "the call of 'pl.block.add' has type pl.Tile[[64, 64], pl.FP16], but its arguments give "
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
           "2:9", "the call of 'pl.block.add' does not type-check: ...");
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
           "memref=mem_vec_0, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)]");
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
    "the call of 'pl.block.get_block_idx' is nested in another expression; a call must be the whole value of an "   \
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
           "2:9", "tensor op 'pl.tensor.add' in InCore function 'k' (InCore functions use block and system ops)");
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
           "2:9", "block op 'pl.block.add' in Orchestration function 'o' (block ops belong in InCore functions)");
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
                                       "t.py:3:15: error: the call of 'pl.block.get_block_idx' is nested",
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

/* ----------------------------------------- the pipeline on real programs */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every program of dir that compiles goes through the default pipeline
 * (Verify last) without errors, and then passes every checker. */
static unsigned pipeline_dir(const char *dir)
{
    const char *top = getenv("top_srcdir");
    char path[1024];
    char *files[512];
    unsigned nfiles = 0, checked = 0;
    DIR *d;
    struct dirent *de;
    snprintf(path, sizeof path, "%s/%s", top ? top : ".", dir);
    d = opendir(path);
    ck_assert_msg(d != NULL, "cannot open %s", path);
    while ((de = readdir(d)) && nfiles < 512)
        if (ends_with(de->d_name, ".py"))
            files[nfiles++] = strdup(de->d_name);
    closedir(d);
    qsort(files, nfiles, sizeof *files, cmp_str);
    for (unsigned k = 0; k < nfiles; k++) {
        char msg[256], full[1200];
        uint32_t len;
        char *text;
        SourceFile sf;
        DiagEngine dg;
        FILE *f;
        char *buf = NULL;
        size_t blen = 0;
        FrontendResult res;
        PassCtx pc;
        const PassDef *const *pipe = pass_default_pipeline();
        uint32_t n = 0;
        const IrProgram *prog, *out;
        snprintf(full, sizeof full, "%s/%s", path, files[k]);
        text = read_file(full, &len, msg, sizeof msg);
        ck_assert_msg(text != NULL, "%s: %s", full, msg);
        f = open_memstream(&buf, &blen);
        source_init(&sf, files[k], text, len);
        diag_init(&dg, f);
        diag_set_source(&dg, &sf);
        memset(&res, 0, sizeof res);
        if (frontend_run(&sf, &dg, &ctx, &res) == 0) {
            prog = res.program ? res.program : ir_program_new(&ctx, nm(""), 1, &res.func, res.func->span);
            memset(&pc, 0, sizeof pc);
            pc.ir = &ctx;
            pc.diag = &dg;
            pc.props = PROP_TYPE_CHECKED;
            while (pipe[n])
                n++;
            out = pass_run(&pc, prog, pipe, n, NULL, NULL);
            diag_flush(&dg);
            fflush(f);
            ck_assert_msg(out != NULL && dg.errors == 0, "%s fails the pipeline:\n%s", full, buf ? buf : "");
            ck_assert_msg(check_ssa(&pc, out, 1) && check_types(&pc, out, 1) && check_no_nested_call(&pc, out, 1),
                          "%s", full);
            checked++;
        }
        diag_free(&dg);
        fclose(f);
        free(buf);
        source_free(&sf);
        free(text);
        free(files[k]);
    }
    return checked;
}

START_TEST(pipeline_golden_programs)
{
    ck_assert_uint_gt(pipeline_dir("tests/golden"), 10);
}
END_TEST

START_TEST(pipeline_examples)
{
    ck_assert_uint_gt(pipeline_dir("examples"), 3);
}
END_TEST

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
    ir_print_expr(&sb, &ctx, e, "pl");
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
     * view's offset folds, and so do a function's arguments. */
    const IrKwarg kw[] = {{nm("dtype"), KW_DTYPE, {.i = DT_FP32}}};
    const IrExpr *shape = ir_make_tuple(&ctx, EXPRS(bin(BIN_MUL, ci(2), ci(32)), ci(64)), NOSPAN);
    const IrExpr *create = call_kw("tensor.create", 1, &shape, 1, kw, at(2, 9, 20));
    IrVar *t = var("t", ir_expr_type(&ctx, create), at(2, 5, 1));
    const IrExpr *view = call("tensor.view", EXPRS(E(t), ir_make_tuple(&ctx, EXPRS(bin(BIN_MUL, ci(16), ci(2)), ci(64)), NOSPAN),
                                                   ir_make_tuple(&ctx, EXPRS(bin(BIN_ADD, ci(4), ci(4)), ci(0)), NOSPAN)),
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
    ir_print_function(&sb, &ctx, r->funcs[0], "pl");
    ck_assert_str_eq(sb_cstr(&sb),
                     "@pl.function\n"
                     "def f(p: pl.Scalar[pl.INT64]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Scalar[pl.INT64]]:\n"
                     "    t: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.create([64, 64], dtype=pl.FP32)\n"
                     "    v: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.view(t, [32, 64], [8, 0])\n"
                     "    h: pl.Scalar[pl.INT64] = g(3)\n"
                     "    for i, (xi,) in pl.range(0, 8, 1, init_values=(2,)):\n"
                     "        xr: pl.Scalar[pl.INT64] = pl.yield_(xi + 9)\n"
                     "    if True:\n"
                     "        pl.system.bar_v()\n"
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

static Suite *verify_suite(void)
{
    Suite *s = suite_create("verify");
    TCase *ssa = tcase_create("ssa"), *types = tcase_create("types"), *flat = tcase_create("flat");
    TCase *kinds = tcase_create("kinds"), *pipe = tcase_create("pipeline"), *simp = tcase_create("simplify");
    TCase *all[] = {ssa, types, flat, kinds, pipe, simp};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        tcase_add_checked_fixture(all[i], setup, teardown);
        tcase_set_timeout(all[i], 60);
        suite_add_tcase(s, all[i]);
    }
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
    tcase_add_test(pipe, pipeline_golden_programs);
    tcase_add_test(pipe, pipeline_examples);
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
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(verify_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
