/* check_verify.c: unit tests of the verifier (passes/3_verify/verify.c: check_ssa,
 * check_types, check_no_nested_call, check_outlined, the function-kind
 * rules and pass_verify) and of the Simplify pass (passes/3_verify/simplify.c).
 *
 * Verifier: one negative test per rule, on IR built by hand whose nodes
 * carry spans into a fake source, so that each test checks the one error
 * the rule gives, its location and its note; positive tests on
 * well-formed IR, and every golden program and example after the default
 * pipeline.  Simplify: folding of every operator and every case that must
 * stay unfolded; dead-code elimination of chains, and never of stores,
 * system ops, allocations, assembles or function calls.
 *
 * This file holds the fixture, the builders, the checker harness and the
 * suite; the tests are in check_verify_ssa.c, check_verify_rules.c (types,
 * nested calls, outlining, function kinds), check_verify_pipeline.c,
 * check_simplify.c, check_lower_flow.c and check_mlir_names.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check_verify.h"
#include "ir/op_registry.h"

Interner names;
IrCtx ctx;

/* The fake source the spans point into. */
char src_text[NLINES * (LINE_W + 1) + 1];

void setup(void)
{
    interner_init(&names);
    ir_ctx_init(&ctx, &names);
    for (int l = 0; l < NLINES; l++) {
        memset(src_text + l * (LINE_W + 1), 'a' + l % 26, LINE_W);
        src_text[l * (LINE_W + 1) + LINE_W] = '\n';
    }
    src_text[NLINES * (LINE_W + 1)] = '\0';
}

void teardown(void)
{
    ir_ctx_free(&ctx);
    interner_free(&names);
}

/* ------------------------------------------------------------- builders */

/* Line l, column c (1-based), n characters. */
Span at(unsigned l, unsigned c, unsigned n)
{
    uint32_t lo = (uint32_t)((l - 1) * (LINE_W + 1) + (c - 1));
    return span_make(lo, lo + n);
}

/* A statement on line l. */
Span line(unsigned l) { return at(l, 5, 20); }

const char *nm(const char *s) { return ir_name(&ctx, s); }
const IrType *sc(DataType dt) { return ir_type_scalar(&ctx, dt); }

const IrType *shaped(IrTypeKind kind, DataType dt, int64_t rows, int64_t cols)
{
    const IrExpr *d[2] = {ir_dim_const(&ctx, rows), ir_dim_const(&ctx, cols)};
    return kind == TYPE_TILE ? ir_type_tile(&ctx, dt, 2, d, NULL, NULL) : ir_type_tensor(&ctx, dt, 2, d, NULL, NULL);
}

const IrType *tile32(void) { return shaped(TYPE_TILE, DT_FP32, 64, 64); }
const IrType *tensor32(void) { return shaped(TYPE_TENSOR, DT_FP32, 64, 64); }

IrVar *var(const char *name, const IrType *t, Span sp) { return ir_var_new(&ctx, nm(name), t, sp); }
IrVar *ivar(const char *name, Span sp) { return var(name, sc(DT_INT64), sp); }
const IrExpr *E(const IrVar *v) { return &v->e; }
const IrExpr *ci(int64_t v) { return ir_const_int(&ctx, v, DT_INT64, NOSPAN); }
const IrExpr *cit(int64_t v, DataType dt) { return ir_const_int(&ctx, v, dt, NOSPAN); }
const IrExpr *cf(double v) { return ir_const_float(&ctx, v, DT_FP32, NOSPAN); }
const IrExpr *cft(double v, DataType dt) { return ir_const_float(&ctx, v, dt, NOSPAN); }
const IrExpr *cb(int v) { return ir_const_bool(&ctx, v, NOSPAN); }

/* Binary node with the dtype the front end gives it. */
const IrExpr *bin_at(IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span sp)
{
    int boolean = ir_binary_is_comparison(op) || op == BIN_AND || op == BIN_OR || op == BIN_XOR;
    const IrType *t = ir_expr_type(&ctx, a);   /* variables and calls carry no dtype of their own */
    return ir_binary(&ctx, op, boolean ? DT_BOOL : (DataType)t->dtype, a, b, sp);
}

const IrExpr *bin(IrBinaryOp op, const IrExpr *a, const IrExpr *b) { return bin_at(op, a, b, NOSPAN); }
const IrExpr *un(IrUnaryOp op, DataType dt, const IrExpr *x) { return ir_unary(&ctx, op, dt, x, NOSPAN); }

const IrStmt *asg(IrVar *v, const IrExpr *e, Span sp) { return ir_assign(&ctx, v, e, sp); }
const IrStmt *ret1(const IrExpr *e, Span sp) { return ir_return(&ctx, 1, &e, sp); }
const IrStmt *yield1(const IrExpr *e, Span sp) { return ir_yield(&ctx, 1, &e, sp); }

const IrExpr *call_typed(const char *op, uint32_t n, const IrExpr *const *args, const IrType *t, Span sp)
{
    const OpDef *d = op_lookup(op);
    ck_assert_msg(d != NULL, "no op %s", op);
    return ir_call(&ctx, &d->callee, n, args, 0, NULL, t, sp);
}

/* A call of a registered op typed by its deduction. */
const IrExpr *call_kw(const char *op, uint32_t n, const IrExpr *const *args, uint32_t nkw, const IrKwarg *kw,
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

const IrExpr *call(const char *op, uint32_t n, const IrExpr *const *args, Span sp)
{
    return call_kw(op, n, args, 0, NULL, sp);
}

const IrExpr *call_fn(const char *f, uint32_t n, const IrExpr *const *args, const IrType *t, Span sp)
{
    return ir_call(&ctx, ir_callee_global(&ctx, nm(f)), n, args, 0, NULL, t, sp);
}

const IrExpr *tuple2(int64_t a, int64_t b) { return ir_const_tuple(&ctx, 2, (const int64_t[]){a, b}); }

/* A function on line l (its span). */
const IrFunc *fn_at(const char *name, FuncType ft, uint32_t np, IrVar *const *params, uint32_t nr,
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

const IrFunc *fn(const char *name, uint32_t np, IrVar *const *params, const IrType *ret, const IrStmt *body)
{
    return fn_at(name, FUNC_OPAQUE, np, params, ret ? 1 : 0, &ret, body, 1);
}

const IrProgram *progn(uint32_t n, const IrFunc *const *f) { return ir_program_new(&ctx, nm("P"), n, f, at(1, 1, 1)); }
const IrProgram *prog1(const IrFunc *f) { return progn(1, &f); }

/* f(p: INT64) -> INT64 with the given body. */
const IrProgram *scalar_prog(IrVar *p, const IrStmt *body) { return prog1(fn("f", 1, &p, sc(DT_INT64), body)); }

/* ------------------------------------------------------ diagnostics */

void out_open(Out *o, unsigned props)
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

const char *out_text(Out *o)
{
    diag_flush(&o->d);
    fflush(o->f);
    return o->buf ? o->buf : "";
}

void out_close(Out *o)
{
    diag_free(&o->d);
    fclose(o->f);
    free(o->buf);
    source_free(&o->sf);
}

unsigned count_of(const char *hay, const char *needle)
{
    unsigned n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The function-kind rules have no checker of their own: Verify runs them. */
int verify_as_checker(PassCtx *pc, const IrProgram *p, int report)
{
    (void)report;
    return pass_verify(pc, p) == p;
}

/* Runs check on p: exactly one error, "t.py:<where>: error: <msg>" (a
 * whole line, unless msg ends in "..." which makes it a prefix), and, if
 * given, the note "t.py:<nwhere>: note: <nmsg>".  Without reporting, the
 * checker must fail silently. */
void expect_full(Checker check, const IrProgram *p, const char *where, const char *msg, const char *nwhere,
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

void expect(Checker check, const IrProgram *p, const char *where, const char *msg)
{
    expect_full(check, p, where, msg, NULL, NULL);
}

void expect_ok(Checker check, const IrProgram *p)
{
    Out o;
    int ok;
    out_open(&o, ALL_PROPS);
    ok = check(&o.pc, p, 1);
    ck_assert_msg(ok && !*out_text(&o), "expected no error, got:\n%s", out_text(&o));
    out_close(&o);
}

/* ------------------------------ shared by the SSA, type and Simplify tests */

const IrStmt *loop1(Loop1 *L, const IrStmt *body)
{
    const IrIterArg *its[1];
    const IrVar *rets[1];
    its[0] = L->xi;
    rets[0] = L->xr;
    return ir_for(&ctx, FOR_SEQUENTIAL, L->i, ci(0), ci(4), ci(1), 1, its, rets, body, line(2));
}

void loop1_init(Loop1 *L)
{
    L->p = ivar("p", at(1, 10, 1));
    L->i = ivar("i", at(2, 9, 1));
    L->xi = ir_iter_arg_new(&ctx, nm("xi"), sc(DT_INT64), E(L->p), at(2, 14, 2));
    L->xr = ivar("xr", at(2, 20, 2));
}

/* k(a: Tile, b: Tile) -> ret with the given body. */
const IrProgram *tile_prog(IrVar **a, IrVar **b, const IrType *ret, const IrStmt *(*body)(IrVar *a, IrVar *b))
{
    IrVar *ps[2];
    ps[0] = *a = var("a", tile32(), at(1, 10, 1));
    ps[1] = *b = var("b", tile32(), at(1, 20, 1));
    return prog1(fn_at("k", FUNC_INCORE, 2, ps, 1, &ret, body(*a, *b), 1));
}

const IrStmt *body_add_typed_fp16(IrVar *a, IrVar *b)
{
    IrVar *c = var("c", shaped(TYPE_TILE, DT_FP16, 64, 64), at(2, 5, 1));
    return SEQ(asg(c, call_typed("block.add", EXPRS(E(a), E(b)), c->type, at(2, 9, 20)), line(2)), ret1(E(c), line(3)));
}

/* ================================================================ main */

TCase *verify_tcase(Suite *s, const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return tc;
}

static Suite *verify_suite(void)
{
    Suite *s = suite_create("verify");
    verify_ssa_tests(s);
    verify_rule_tests(s);
    verify_pipeline_tests(s);
    simplify_tests(s);
    lower_flow_tests(s);
    mlir_names_tests(s);
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
