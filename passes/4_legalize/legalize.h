/* legalize.h: what the files of the Legalize pass share (legalize.c: the
 * pass, layouts and checks; legalize_dtype.c: element types;
 * legalize_loops.c: loops that count up; legalize_tensors.c: the tensors
 * loops and ifs carry; legalize_pipe.c: the cross-core pipe's rules). */
#ifndef PYPTOCC_LEGALIZE_H
#define PYPTOCC_LEGALIZE_H

#include "ir/ir.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef VEC(const IrStmt *) StmtList;

typedef struct Legal {
    PassCtx *pc;
    IrCtx *ir;
    PtrMap names;           /* interned names of the function's variables */
    PtrMap row_of;          /* a column vector defined as the reshape back of a row: that row */
    PtrMap back;            /* the reshapes back that the pass made: var -> 1 */
    PtrMap uses;            /* var -> uses (the removal step) */
    PtrMap alias_of;        /* a tile in another's storage (an op whose result is RES_ARG0): var -> that operand */
    const IrFunc *func;     /* the function legalized */
    const IrStmt *body;     /* its body as the final checks see it */
    int ffts_set;           /* the final checks have passed a pl.system.set_ffts */
    int failed;
} Legal;

/* The statements of block s with each tile op that has no instruction of
 * its own (tile.scatter_update) expanded into ops that do
 * (legalize_expand.c); NULL when s has none. */
const IrStmt *legal_expand_tile_ops(Legal *L, const IrStmt *s);
/* tile.sin or tile.cos (call c) as FP32 elementwise ops appended to e's
 * statements (legalize_trig.c); the result, named after name, or NULL
 * after an error. */
struct TcEmit;
const IrExpr *legal_sin_cos(struct TcEmit *e, const IrCall *c, const char *name);

/* body with each gemv, gemv_acc and gemv_bias whose vector comes from a
 * load made a matrix product of a 16-row Left tile with one valid row
 * (legalize_gemv.c); body itself when there is none. */
const IrStmt *legal_gemv_as_matmul(Legal *L, const IrStmt *body);
/* a's variable assigned reinterpret_view(y) in its element type (the same
 * bytes), added to out: 1, or 0 when that does not give a's type (but for
 * a MemRef a program gave it). */
int legal_view_as(Legal *L, const IrAssign *a, const IrExpr *y, StmtList *out);
/* Records that assignment a's tile lives in its operand's storage when its
 * op's result is there (a transpose_view, a reshape: RES_ARG0). */
void legal_note_alias(Legal *L, const IrAssign *a);
/* The memory space tile x lives in, as InitMemRef will place it: that of
 * the tile whose storage it shares, else what its type says.  (A Mat tile
 * read as its transpose has a Right tile's layout, so its type alone would
 * say Right.) */
int legal_tile_space(const Legal *L, const IrExpr *x);
/* reshape(x, [rows, cols]), typed (no data moves). */
const IrExpr *legal_reshape(Legal *L, const IrExpr *x, int64_t rows, int64_t cols, Span at);
/* M when t is a tile [M, 1] with a constant M > 1 (a column vector). */
int64_t legal_column_rows(const IrType *t);
void legal_note_name(Legal *L, const char *name);
/* Frees a name legal_fresh_name took that the IR did not use after all. */
void legal_release_name(Legal *L, const char *name);
/* base + suffix, or base + suffix + "_<n>", not yet a name in the
 * function (and now taken). */
const char *legal_fresh_name(Legal *L, const char *base, const char *suffix);

/* The element types (DS_ set) op's instruction takes on the target; 0:
 * any. */
unsigned legal_allowed_dtypes(const Legal *L, const OpDef *op);
/* The element type op's rule is about in call c with result type result. */
DataType legal_rule_dtype(Legal *L, const IrCall *c, const OpDef *op, const IrType *result);
/* A new scratch tile shaped like `like`, of element type dt. */
const IrExpr *legal_scratch_tile(Legal *L, const IrType *like, DataType dt, Span at);
/* Whether call c of op, whose result has type rt, passes the scratch tile
 * its instruction takes (its TmpRule; 1 when it has no scratch argument);
 * else *want is the type of that scratch tile. */
int legal_tmp_fits(const Legal *L, const IrCall *c, const OpDef *op, const IrType *rt, const IrType **want);
/* block.cast(x, target_type=dt, mode=rint). */
const IrExpr *legal_cast(Legal *L, const IrExpr *x, DataType dt, Span at);
/* A fresh name base_<dtype>. */
const char *legal_typed_name(Legal *L, const char *base, DataType dt);
/* A fresh variable named <named_after>_<dt> (or _t_<dt>) assigned value in
 * out, before the op that will use it; the variable. */
const IrExpr *legal_bind_typed(Legal *L, const IrExpr *named_after, const IrExpr *value, DataType dt, Span at,
                               StmtList *out);
/* The statements for y = op(args) (the assignment a of call c) in ops the
 * target has, added to out: 1, or 0 when no rewrite applies. */
int legal_rewrite_op(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out);

/* Reports what the cross-core pipe's rules (targets/legal_pipe.c) say of
 * call c of op in a kernel, whose result is result (legalize_pipe.c). */
void legal_check_pipe(Legal *L, const IrCall *c, const OpDef *op, const IrVar *result);
/* For PTO: reports each import and pipe setup of L's function that has no
 * peer in prog. */
void legal_check_pipe_pairs(Legal *L, const IrProgram *prog);

/* The mutator's statement hook of the loop step (legalize_loops.c): a for
 * loop with a negative step as one that counts up. */
const IrStmt *legal_count_up(IrMutator *m, const IrStmt *s);
/* Reports a kernel's loop or if that yields a tensor of another parameter
 * than the one it carries (legalize_tensors.c). */
void legal_carried_tensors(Legal *L, const IrFunc *f, const IrStmt *body);
/* The mutator's statement hook of the element-type step. */
const IrStmt *legal_dtypes_block(IrMutator *m, const IrStmt *s);

#endif
