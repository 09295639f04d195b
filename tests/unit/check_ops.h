/* check_ops.h: what the files of the check_ops program share: the IR
 * context each test gets fresh (setup, teardown), builders of arguments
 * and calls, and the checks of a deduced type or error (check_ops.c); and
 * each file's test cases. */
#ifndef PYPTOCC_CHECK_OPS_H
#define PYPTOCC_CHECK_OPS_H

#include <check.h>
#include <stdint.h>

#include "ir/ir.h"
#include "ir/op_registry.h"
#include "support/intern.h"

#define ARGS(...) ((const IrExpr *const[]){__VA_ARGS__})
#define KWS(...) ((const IrKwarg[]){__VA_ARGS__})
#define NO_ARGS ((const IrExpr *const *)NULL)
#define EXPECT_TYPE(t, text) ck_assert_str_eq(ts(t), text)

extern Interner names;
extern IrCtx ctx;
extern OpError err;
void setup(void);
void teardown(void);
const IrExpr *ci(int64_t v);
const IrExpr *cf(double v);
const IrType *tile_type(DataType dt, int n, ...);
const IrType *tensor_type(DataType dt, int n, ...);
const IrExpr *var(const IrType *t);
const IrExpr *scalar(DataType dt);
const IrExpr *list(int n, ...);
IrKwarg kw(const char *key, IrKwKind kind, int64_t v);
const IrType *run(const char *name, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                  const IrKwarg *kwargs);
const char *ts(const IrType *t);
void expect_error(const IrType *t, int arg, const char *msg);
void expect_error_prefix(const IrType *t, const char *prefix);
void expect_view(const IrType *t, TileLayout bl, TileLayout sl, uint32_t fractal);

/* The test cases of each file, added to the suite in this order. */
void ops_registry_tests(Suite *s);
void ops_facts_tests(Suite *s);
void ops_padded_tests(Suite *s);
void ops_block_tests(Suite *s);
void ops_tensor_tests(Suite *s);

#endif
