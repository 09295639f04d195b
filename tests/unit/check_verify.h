/* check_verify.h: what the files of the check_verify program share: the
 * IR context each test gets fresh, with a fake source its spans point into
 * (setup, teardown), builders of IR with spans, and the harness that runs
 * a checker and compares its one error and note (check_verify.c); and each
 * file's test cases. */
#ifndef PYPTOCC_CHECK_VERIFY_H
#define PYPTOCC_CHECK_VERIFY_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"
#include "passes/pass.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

/* The fake source the spans point into: lines of LINE_W characters. */
enum { NLINES = 40, LINE_W = 40 };

#define NOSPAN span_unknown()

#define COUNT(T, ...) ((uint32_t)(sizeof((T[]){__VA_ARGS__}) / sizeof(T)))
#define SEQ(...) ir_seq(&ctx, STMT_SEQ, COUNT(const IrStmt *, __VA_ARGS__), (const IrStmt *const[]){__VA_ARGS__}, NOSPAN)
#define EXPRS(...) COUNT(const IrExpr *, __VA_ARGS__), (const IrExpr *const[]){__VA_ARGS__}

typedef struct Out {
    FILE *f;
    char *buf;
    size_t len;
    SourceFile sf;
    DiagEngine d;
    PassCtx pc;
} Out;

typedef int (*Checker)(PassCtx *pc, const IrProgram *p, int report);

#define ALL_PROPS (PROP_TYPE_CHECKED | PROP_SSA | PROP_NO_NESTED_CALL | PROP_OUTLINED | PROP_BLOCK_KERNELS)

/* for i, (xi,) in range(0, 4, 1, init_values=(p,)): ...body...; xr after. */
typedef struct Loop1 {
    IrVar *p, *i, *xr;
    IrIterArg *xi;
} Loop1;

extern Interner names;
extern IrCtx ctx;
extern char src_text[NLINES * (LINE_W + 1) + 1];
void setup(void);
void teardown(void);
Span at(unsigned l, unsigned c, unsigned n);
Span line(unsigned l);
const char *nm(const char *s);
const IrType *sc(DataType dt);
const IrType *shaped(IrTypeKind kind, DataType dt, int64_t rows, int64_t cols);
const IrType *tile32(void);
const IrType *tensor32(void);
IrVar *var(const char *name, const IrType *t, Span sp);
IrVar *ivar(const char *name, Span sp);
const IrExpr *E(const IrVar *v);
const IrExpr *ci(int64_t v);
const IrExpr *cit(int64_t v, DataType dt);
const IrExpr *cf(double v);
const IrExpr *cft(double v, DataType dt);
const IrExpr *cb(int v);
const IrExpr *bin_at(IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span sp);
const IrExpr *bin(IrBinaryOp op, const IrExpr *a, const IrExpr *b);
const IrExpr *un(IrUnaryOp op, DataType dt, const IrExpr *x);
const IrStmt *asg(IrVar *v, const IrExpr *e, Span sp);
const IrStmt *ret1(const IrExpr *e, Span sp);
const IrStmt *yield1(const IrExpr *e, Span sp);
const IrExpr *call_typed(const char *op, uint32_t n, const IrExpr *const *args, const IrType *t, Span sp);
const IrExpr *call_kw(const char *op, uint32_t n, const IrExpr *const *args, uint32_t nkw, const IrKwarg *kw,
                             Span sp);
const IrExpr *call(const char *op, uint32_t n, const IrExpr *const *args, Span sp);
const IrExpr *call_fn(const char *f, uint32_t n, const IrExpr *const *args, const IrType *t, Span sp);
const IrExpr *tuple2(int64_t a, int64_t b);
const IrFunc *fn_at(const char *name, FuncType ft, uint32_t np, IrVar *const *params, uint32_t nr,
                           const IrType *const *rets, const IrStmt *body, unsigned l);
const IrFunc *fn(const char *name, uint32_t np, IrVar *const *params, const IrType *ret, const IrStmt *body);
const IrProgram *progn(uint32_t n, const IrFunc *const *f);
const IrProgram *prog1(const IrFunc *f);
const IrProgram *scalar_prog(IrVar *p, const IrStmt *body);
void out_open(Out *o, unsigned props);
const char *out_text(Out *o);
void out_close(Out *o);
unsigned count_of(const char *hay, const char *needle);
int verify_as_checker(PassCtx *pc, const IrProgram *p, int report);
void expect_full(Checker check, const IrProgram *p, const char *where, const char *msg, const char *nwhere,
                        const char *nmsg);
void expect(Checker check, const IrProgram *p, const char *where, const char *msg);
void expect_ok(Checker check, const IrProgram *p);
const IrStmt *loop1(Loop1 *L, const IrStmt *body);
void loop1_init(Loop1 *L);
const IrProgram *tile_prog(IrVar **a, IrVar **b, const IrType *ret, const IrStmt *(*body)(IrVar *a, IrVar *b));
const IrStmt *body_add_typed_fp16(IrVar *a, IrVar *b);

/* A test case of the suite, with the fixture and a timeout. */
TCase *verify_tcase(Suite *s, const char *name);

/* The test cases of each file, added to the suite in this order. */
void verify_ssa_tests(Suite *s);
void verify_rule_tests(Suite *s);
void verify_pipeline_tests(Suite *s);
void simplify_tests(Suite *s);
void lower_flow_tests(Suite *s);
void mlir_names_tests(Suite *s);

#endif
