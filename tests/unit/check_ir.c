/* check_ir.c: unit tests of the IR core: type hash-consing and sizes
 * (ir/type.c), structural equality and hashing (ir/equal.c), the printer's
 * float format and expression parenthesisation (ir/printer.c, printer.md
 * §5), and the generic walker and mutator (ir/visit.c).
 *
 * IR is built by hand with the ir.h constructors; two checks go through
 * frontend_run() to compare programs parsed from source text.  This file
 * holds the fixture, the builders and the suite; the tests are in
 * check_ir_types.c, check_ir_equal.c, check_ir_print.c and
 * check_ir_visit.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ir.h"
#include "ir/printer.h"
#include "support/arena.h"

Interner names;
IrCtx ctx;

void setup(void)
{
    interner_init(&names);
    ir_ctx_init(&ctx, &names);
}

void teardown(void)
{
    ir_ctx_free(&ctx);
    interner_free(&names);
}

/* ------------------------------------------------------------- builders */

const char *nm(const char *s) { return ir_name(&ctx, s); }
const IrType *scalar_t(DataType dt) { return ir_type_scalar(&ctx, dt); }
IrVar *var_of(const char *name, DataType dt) { return ir_var_new(&ctx, nm(name), scalar_t(dt), NOSPAN); }
const IrExpr *sv(const char *name) { return &var_of(name, DT_INT64)->e; }
const IrExpr *bv(const char *name) { return &var_of(name, DT_BOOL)->e; }
const IrExpr *ci(int64_t v) { return ir_const_int(&ctx, v, DT_INT64, NOSPAN); }
const IrExpr *cf(double v) { return ir_const_float(&ctx, v, DT_FP32, NOSPAN); }

const IrExpr *bin(IrBinaryOp op, const IrExpr *a, const IrExpr *b)
{
    return ir_binary(&ctx, op, ir_binary_is_comparison(op) || op == BIN_AND || op == BIN_OR || op == BIN_XOR
                                   ? DT_BOOL
                                   : (DataType)a->dtype,
                     a, b, NOSPAN);
}

const IrExpr *un(IrUnaryOp op, const IrExpr *x) { return ir_unary(&ctx, op, (DataType)x->dtype, x, NOSPAN); }

const IrType *shape_t(IrTypeKind kind, DataType dt, int n, const int64_t *dims)
{
    const IrExpr *d[8];
    for (int i = 0; i < n; i++)
        d[i] = ir_dim_const(&ctx, dims[i]);
    return kind == TYPE_TILE ? ir_type_tile(&ctx, dt, (uint32_t)n, d, NULL, NULL)
                             : ir_type_tensor(&ctx, dt, (uint32_t)n, d, NULL, NULL);
}

/* The first difference reported by the ir_equal_* functions. */
char why[256];

/* Printed forms, kept in a ring of buffers so several may be compared. */
static char ring[8][1024];
static int ring_i;

const char *keep(StrBuf *sb)
{
    char *out = ring[ring_i++ % 8];
    snprintf(out, sizeof ring[0], "%s", sb_cstr(sb));
    sb_free(sb);
    return out;
}

const char *pe_pfx(const IrExpr *e, const char *prefix)
{
    StrBuf sb;
    sb_init(&sb);
    ir_print_expr(&sb, &ctx, e, prefix, IR_SYNTAX_TODAY);
    return keep(&sb);
}

const char *pe(const IrExpr *e) { return pe_pfx(e, "pl"); }

const char *pt(const IrType *t, const char *prefix)
{
    StrBuf sb;
    sb_init(&sb);
    ir_print_type(&sb, &ctx, t, prefix, IR_SYNTAX_TODAY);
    return keep(&sb);
}

char *pf(const IrFunc *f)
{
    StrBuf sb;
    char *s;
    sb_init(&sb);
    ir_print_function(&sb, &ctx, f, "pl", IR_SYNTAX_TODAY);
    s = strdup(sb_cstr(&sb));
    sb_free(&sb);
    return s;
}

FnSpec base_spec(void)
{
    FnSpec s = {"f", "a", "b", "x", "y", 3, DT_INT64, 0};
    return s;
}

const IrFunc *build_fn(FnSpec s)
{
    IrVar *a = var_of(s.a, s.dt), *b = var_of(s.b, s.dt);
    IrVar *x = var_of(s.x, s.dt), *y = var_of(s.y, s.dt);
    const IrExpr *diff = s.swap ? ir_binary(&ctx, BIN_SUB, s.dt, &b->e, &a->e, NOSPAN)
                                : ir_binary(&ctx, BIN_SUB, s.dt, &a->e, &b->e, NOSPAN);
    const IrExpr *prod = ir_binary(&ctx, BIN_MUL, s.dt, &x->e, ir_const_int(&ctx, s.k, s.dt, NOSPAN), NOSPAN);
    const IrExpr *ret_vals[1] = {&y->e};
    const IrStmt *stmts[3];
    /* ir_func_new keeps params and ret_types: they must live in the arena. */
    IrParam *params = arena_array(&ctx.arena, 2, sizeof *params);
    const IrType **rt = arena_array(&ctx.arena, 1, sizeof *rt);
    params[0].var = a;
    params[0].dir = DIR_IN;
    params[1].var = b;
    params[1].dir = DIR_IN;
    rt[0] = scalar_t(s.dt);
    stmts[0] = ir_assign(&ctx, x, diff, NOSPAN);
    stmts[1] = ir_assign(&ctx, y, prod, NOSPAN);
    stmts[2] = ir_return(&ctx, 1, ret_vals, NOSPAN);
    return ir_func_new(&ctx, nm(s.fname), FUNC_OPAQUE, 2, params, 1, rt,
                       ir_seq(&ctx, STMT_SEQ, 3, stmts, NOSPAN), NOSPAN);
}

/* ---------------------------------------------------- through the front end */

void fe_run(FeT *t, const char *text)
{
    memset(t, 0, sizeof *t);
    t->out = open_memstream(&t->buf, &t->len);
    source_init(&t->sf, "t.py", text, (uint32_t)strlen(text));
    diag_init(&t->d, t->out);
    diag_set_source(&t->d, &t->sf);
    t->errors = frontend_run(&t->sf, &t->d, &ctx, &t->res);
    fflush(t->out);
    ck_assert_msg(t->errors == 0, "front end errors:\n%s", t->buf ? t->buf : "");
}

void fe_free(FeT *t)
{
    diag_free(&t->d);
    frontend_result_free(&t->res);
    fclose(t->out);
    free(t->buf);
    source_free(&t->sf);
}

const char *const SRC_A = "import pypto.language as pl\n"
                                 "\n"
                                 "@pl.function\n"
                                 "def f(a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
                                 "    x: pl.Scalar[pl.INT64] = a - b\n"
                                 "    y = x * 3\n"
                                 "    return y\n";

const char *const SRC_B = "# the same function, written differently\n"
                                 "import pypto.language as pl\n"
                                 "@pl.function\n"
                                 "def f(a:pl.Scalar[pl.INT64],\n"
                                 "      b : pl.Scalar[ pl.INT64 ]) -> pl.Scalar[pl.INT64]:   # signature\n"
                                 "\n"
                                 "        x: pl.Scalar[pl.INT64] = (a - b)  # parenthesised\n"
                                 "        # a comment line\n"
                                 "        y = x*3\n"
                                 "        return (y)";

const char *const SRC_C = "import pypto.language as pl\n"
                                 "\n"
                                 "@pl.function\n"
                                 "def f(a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:\n"
                                 "    x: pl.Scalar[pl.INT64] = a - b\n"
                                 "    y = x * 4\n"
                                 "    return y\n";

/* ================================================================ main */

static Suite *ir_suite(void)
{
    Suite *s = suite_create("ir");
    ir_type_tests(s);
    ir_equal_tests(s);
    ir_print_tests(s);
    ir_visit_tests(s);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(ir_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
