/* check_ir.h: what the files of the check_ir program share: the IR
 * context each test gets fresh (setup, teardown), builders of scalar IR,
 * printing into buffers, the sample function, and a front-end run of
 * source text (check_ir.c); and each file's test cases. */
#ifndef PYPTOCC_CHECK_IR_H
#define PYPTOCC_CHECK_IR_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"
#include "sema/frontend.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"
#include "support/strbuf.h"

#define NOSPAN span_unknown()

/* The function used by the equality, printer and visitor tests:
 *
 *     def <fname>(<a>: Scalar[dt], <b>: Scalar[dt]) -> Scalar[dt]:
 *         <x> = a - b          (b - a when swap)
 *         y = x * <k>
 *         return y
 */
typedef struct FnSpec {
    const char *fname, *a, *b, *x, *y;
    int64_t k;
    DataType dt;
    int swap;
} FnSpec;

typedef struct FeT {
    SourceFile sf;
    DiagEngine d;
    char *buf;
    size_t len;
    FILE *out;
    FrontendResult res;
    unsigned errors;
} FeT;

extern Interner names;
extern IrCtx ctx;
void setup(void);
void teardown(void);
const char *nm(const char *s);
const IrType *scalar_t(DataType dt);
IrVar *var_of(const char *name, DataType dt);
const IrExpr *sv(const char *name);
const IrExpr *bv(const char *name);
const IrExpr *ci(int64_t v);
const IrExpr *cf(double v);
const IrExpr *bin(IrBinaryOp op, const IrExpr *a, const IrExpr *b);
const IrExpr *un(IrUnaryOp op, const IrExpr *x);
const IrType *shape_t(IrTypeKind kind, DataType dt, int n, const int64_t *dims);
extern char why[256];
const char *keep(StrBuf *sb);
const char *pe_pfx(const IrExpr *e, const char *prefix);
const char *pe(const IrExpr *e);
const char *pt(const IrType *t, const char *prefix);
char *pf(const IrFunc *f);
FnSpec base_spec(void);
const IrFunc *build_fn(FnSpec s);
void fe_run(FeT *t, const char *text);
void fe_free(FeT *t);
extern const char *const SRC_A;
extern const char *const SRC_B;
extern const char *const SRC_C;

/* The test cases of each file, added to the suite in this order. */
void ir_type_tests(Suite *s);
void ir_equal_tests(Suite *s);
void ir_print_tests(Suite *s);
void ir_visit_tests(Suite *s);

#endif
