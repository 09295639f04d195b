/* check_ops.c: unit tests of the operator registry (ir/deduce.c) and the
 * type deduction of every op family (ir/ops_*.c), against ops.md.  This
 * file holds the fixture, the builders and the suite; the tests are in
 * check_ops_registry.c (the registry, broadcasting and promotion),
 * check_ops_block.c (block ops) and check_ops_tensor.c (tensor and system
 * ops, and every op's output forms).
 *
 * Calls are built by hand the way the front end binds them: exactly
 * op->nargs IR arguments, kwargs in schema order with defaults filled.
 * Types are compared through their printed form, which is what users see
 * and is stable across runs. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ops.h"

Interner names;
IrCtx ctx;
OpError err;

void setup(void)
{
    interner_init(&names);
    ir_ctx_init(&ctx, &names);
    memset(&err, 0, sizeof err);
}

void teardown(void)
{
    ir_ctx_free(&ctx);
    interner_free(&names);
}

/* ------------------------------------------------------------- builders */

const IrExpr *ci(int64_t v) { return ir_const_int(&ctx, v, DT_INT64, span_unknown()); }
const IrExpr *cf(double v) { return ir_const_float(&ctx, v, DT_FP32, span_unknown()); }

static const IrType *shaped_v(IrTypeKind kind, DataType dt, int n, va_list ap)
{
    const IrExpr *dims[8];
    for (int i = 0; i < n; i++)
        dims[i] = ir_dim_const(&ctx, va_arg(ap, int));
    return kind == TYPE_TILE ? ir_type_tile(&ctx, dt, (uint32_t)n, dims, NULL, NULL)
                             : ir_type_tensor(&ctx, dt, (uint32_t)n, dims, NULL, NULL);
}

const IrType *tile_type(DataType dt, int n, ...)
{
    va_list ap;
    const IrType *t;
    va_start(ap, n);
    t = shaped_v(TYPE_TILE, dt, n, ap);
    va_end(ap);
    return t;
}

const IrType *tensor_type(DataType dt, int n, ...)
{
    va_list ap;
    const IrType *t;
    va_start(ap, n);
    t = shaped_v(TYPE_TENSOR, dt, n, ap);
    va_end(ap);
    return t;
}

const IrExpr *var(const IrType *t) { return &ir_var_new(&ctx, ir_name(&ctx, "v"), t, span_unknown())->e; }
const IrExpr *scalar(DataType dt) { return var(ir_type_scalar(&ctx, dt)); }

/* A DSL list of integer literals: MakeTuple of ConstInt(INT64). */
const IrExpr *list(int n, ...)
{
    const IrExpr *e[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        e[i] = ci(va_arg(ap, int));
    va_end(ap);
    return ir_make_tuple(&ctx, (uint32_t)n, e, span_unknown());
}

IrKwarg kw(const char *key, IrKwKind kind, int64_t v)
{
    IrKwarg k;
    memset(&k, 0, sizeof k);
    k.key = ir_name(&ctx, key);
    k.kind = (uint8_t)kind;
    k.v.i = v;
    return k;
}

const IrType *run(const char *name, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                         const IrKwarg *kwargs)
{
    const OpDef *op = op_lookup(name);
    ck_assert_msg(op != NULL, "op %s is not registered", name);
    return op_deduce(&ctx, op, args, nargs, kwargs, nkw, &err);
}

/* Printed type, from a small ring of buffers so two can be compared. */
const char *ts(const IrType *t)
{
    static char bufs[4][512];
    static int k;
    char *b = bufs[k++ & 3];
    if (!t) {
        snprintf(b, 512, "NULL (%s)", err.msg);
        return b;
    }
    return type_to_string(&ctx, t, b, 512);
}

void expect_error(const IrType *t, int arg, const char *msg)
{
    ck_assert_msg(t == NULL, "expected an error, got %s", ts(t));
    ck_assert_str_eq(err.msg, msg);
    ck_assert_int_eq(err.arg, arg);
}

void expect_error_prefix(const IrType *t, const char *prefix)
{
    ck_assert_msg(t == NULL, "expected an error, got %s", ts(t));
    ck_assert_msg(strncmp(err.msg, prefix, strlen(prefix)) == 0, "message '%s' does not start with '%s'", err.msg,
                  prefix);
}

void expect_view(const IrType *t, TileLayout bl, TileLayout sl, uint32_t fractal)
{
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(t->tile_view);
    ck_assert_int_eq(t->tile_view->blayout, bl);
    ck_assert_int_eq(t->tile_view->slayout, sl);
    ck_assert_uint_eq(t->tile_view->fractal, fractal);
}

/* ------------------------------------------------------------------ main */

static Suite *ops_suite(void)
{
    Suite *s = suite_create("ops");
    ops_registry_tests(s);
    ops_facts_tests(s);
    ops_padded_tests(s);
    ops_block_tests(s);
    ops_tensor_tests(s);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(ops_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
