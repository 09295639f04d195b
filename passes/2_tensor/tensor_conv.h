/* tensor_conv.h: what the files of ConvertTensorToBlockOps share.
 *
 *   convert_tensor_to_block_ops.c  the pass: the program-level phases
 *   tensor_split.c                 mixed kernels split into cube and vector
 *                                  parts, and the parts' caller inlined
 *   tensor_kernel.c                one InCore function: where its values
 *                                  live, and the choice of block sizes
 *                                  (tensor_kernel.h: its state)
 *   tensor_func.c                  the converted function: parameters,
 *                                  loads, stores, the loop over row blocks
 *   tensor_walk.c                  its statements, converted
 *   tensor_columns.c               rows too long for UB: blocks of columns
 *   tensor_l1.c                    L1 accumulators (pl.create_l1,
 *                                  pl.gather_row) and products of them
 *   tensor_ops.c                   one tensor op as block ops (broadcasts,
 *                                  casts, reductions, the matmul nest)
 *   tensor_plan.c                  a plan's footprint by the memory passes
 *   tensor_build.c                 building IR: op calls, names, indices
 *   tensor_results.c               kernels' scalar results, computed by
 *                                  the orchestration code that calls them
 *
 * Nothing outside these files includes this header. */
#ifndef PYPTOCC_TENSOR_CONV_H
#define PYPTOCC_TENSOR_CONV_H

#include "ir/op_registry.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef PassStmts TcStmts;

/* ------------------------------------------------ orchestration code */

/* Orchestration function f with every scalar result of a kernel call that
 * is arithmetic on the kernel's parameters computed from the call's
 * arguments (kernels found in prog); f itself when there is none. */
const IrFunc *tc_scalar_results(IrCtx *ir, const IrProgram *prog, const IrFunc *f);
/* Whether no function but a kernel calls a kernel with tensor ops (one
 * the conversion makes) that returns a tile; each such call is a located
 * error. */
int tc_check_tile_results(PassCtx *pc, const IrProgram *prog);

/* ----------------------------------------------------------- building */

/* The names of one function, for fresh ones.  Names are also compared
 * without their SSA suffix ("x_0" and "x_1" are both "x" in C++ code),
 * so two fresh names never collapse into one C++ variable. */
typedef struct TcNames {
    IrCtx *ir;
    PtrMap used;       /* interned name -> non-NULL */
    PtrMap stripped;   /* interned name without its SSA suffix -> non-NULL */
    PtrMap next;       /* interned stem -> the number its next numbered candidate tries (those below are taken:
                          names are only added, so a function of many inlined copies is not quadratic) */
    int strict;        /* also compare without SSA suffixes (set by tc_names_init) */
} TcNames;

void tc_names_init(TcNames *n, IrCtx *ir);
/* Every name the function defines or takes as a parameter. */
void tc_names_add_func(TcNames *n, const IrFunc *f);
void tc_names_add(TcNames *n, const char *name);
/* base if it is new, else base2, base3, ... (no underscore before the
 * number: that would be an SSA suffix); the name is then in the set. */
const char *tc_fresh(TcNames *n, const char *base);
/* Is the name in the set? */
int tc_name_taken(TcNames *n, const char *name);
/* "<base><suffix>" made fresh. */
const char *tc_fresh2(TcNames *n, const char *base, const char *suffix);
void tc_names_free(TcNames *n);


/* A kwarg given to tc_op by name; the kind comes from the op's schema. */
typedef struct TcKw {
    const char *key;
    int64_t value;
} TcKw;

/* A call of op `id` with the arguments and the given kwargs, the other
 * kwargs at their schema defaults (as the front end stores them), the
 * op's normalisation applied and its type deduced.  NULL with err filled
 * when the deduction fails. */
const IrExpr *tc_op(IrCtx *ir, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                    const TcKw *kw, Span at, OpError *err);
/* A new variable `name: <type of value> = value` appended to out. */
const IrVar *tc_let(IrCtx *ir, TcStmts *out, const char *name, const IrExpr *value, Span at);

/* Index arithmetic (INT64) with constants folded: a + b, a * b. */
const IrExpr *tc_add(IrCtx *ir, const IrExpr *a, const IrExpr *b);
const IrExpr *tc_mul(IrCtx *ir, const IrExpr *a, const IrExpr *b);
const IrExpr *tc_int(IrCtx *ir, int64_t v);
/* The valid extent of a block of `extent` elements starting `at` (NULL:
 * 0) into a dimension valid up to `valid`: clamp(valid - at, 0, extent),
 * folded when all are constants. */
const IrExpr *tc_valid_extent(IrCtx *ir, const IrExpr *valid, const IrExpr *at, const IrExpr *extent);
/* A list literal [a, b]: shared constants when every element is one. */
const IrExpr *tc_tuple(IrCtx *ir, uint32_t n, const IrExpr *const *elems);
/* The proper divisors of x that are multiples of align and at most most,
 * largest first (at most cap of them). */
uint32_t tc_divisors(int64_t x, int64_t align, int64_t most, int64_t *out, uint32_t cap);
/* No block of rows or columns is larger than this (the largest on-chip
 * buffer holds fewer elements). */
#define TC_MOST_BLOCK (1 << 20)
/* The constant value of x, if it has one. */
int tc_const(const IrExpr *x, int64_t *v);
/* Dimension i of shaped type t when it is a constant, else -1. */
static inline int64_t tc_dim(const IrType *t, uint32_t i)
{
    int64_t v = -1;
    tc_const(t->dims[i], &v);
    return v;
}

/* A shaped type with other dims (and no memref or view). */
const IrType *tc_reshaped(IrCtx *ir, const IrType *t, IrTypeKind kind, uint32_t n, const IrExpr *const *dims);
/* The statement list as one SeqStmts. */
const IrStmt *tc_seq(IrCtx *ir, TcStmts *s, Span at);
/* body with statement lists nested in lists spliced into them. */
const IrStmt *tc_splice(IrCtx *ir, const IrStmt *body);
/* "[64, 128] FP32" for messages. */
const char *tc_shape_text(const IrType *t, char *buf, size_t cap);
/* The memory space tile x is in: the target_memory= of the block.move
 * that defines it (defs: variable -> its defining call; a Vec tile moved
 * into Mat has no Mat layout until ExpandMixedKernel makes the move the
 * cross-core pipe), else its type's. */
int tc_tile_space(const PtrMap *defs, IrCtx *ir, const IrExpr *x);
/* One walk of body: each variable's number of uses into uses (variable ->
 * count), each variable a call defines into defs (variable -> the call);
 * either map may be NULL. */
void tc_uses_defs(const IrStmt *body, PtrMap *uses, PtrMap *defs);
/* The op of a call statement's value (NULL if it is not an op call). */
const OpDef *tc_call_op(const IrExpr *e);
int tc_is_op(const IrExpr *e, OpId id);
/* A matrix product (tensor.matmul, tensor.matmul_acc): the argument its
 * lhs is (rhs follows); -1 for other expressions. */
static inline int tc_product_lhs(const IrExpr *e)
{
    return tc_is_op(e, OP_TENSOR_MATMUL) ? 0 : tc_is_op(e, OP_TENSOR_MATMUL_ACC) ? 1 : -1;
}

/* ----------------------------------------------------------- block ops */

/* f with each `v = pl.tensor.expand_clone(input, target)` as the block ops
 * that write target (tensor_expand_clone.c); *failed set after an error
 * (reported). */
const IrFunc *tc_expand_clones(PassCtx *pc, const IrFunc *f, int *failed);

/* Where the block ops of one tensor op go, and how they are named. */
typedef struct TcEmit {
    PassCtx *pc;
    IrCtx *ir;
    TcStmts *out;
    TcNames *names;
    Span at;             /* the tensor op's statement */
    const char *what;    /* the tensor op, as messages name it ("pl.tensor.add"), or NULL */
    int report;          /* report errors (else only note that one happened) */
    int failed;
} TcEmit;

void tc_error(TcEmit *e, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A call built by tc_op, or an error naming what could not be built. */
const IrExpr *tc_emit_op(TcEmit *e, OpId op, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                         const TcKw *kw);
/* tc_let of a tc_emit_op call; NULL after an error. */
const IrExpr *tc_emit(TcEmit *e, const char *name, OpId op, uint32_t nargs, const IrExpr *const *args,
                      uint32_t nkw, const TcKw *kw);

/* The block ops computing tensor op c on operands: a tile (one block) for
 * every tensor argument, the other arguments as they are.  For the ops of
 * tc_op_unit TU_VECTOR except assemble.  The result tile, named `name`
 * (intermediates `<name>_<what>`), or NULL after an error. */
const IrExpr *tc_lower_op(TcEmit *e, const IrCall *c, const IrExpr *const *operands, const char *name);
/* scatter_update (c, of tensors or tiles) on the tiles operands as
 * tile.scatter and a blend of bits; the result named `name`, or NULL
 * after an error (Legalize expands tile.scatter_update with it too). */
const IrExpr *tc_scatter_update(TcEmit *e, const IrCall *c, const IrExpr *const *operands, const char *name);
/* For a row reduction (tensor.row_max, ...): the elementwise block op
 * that combines the reductions of two blocks of its columns; NULL for
 * other ops. */
const char *tc_row_reduce_combine(const char *op);

/* A region of a tensor in global memory: the tensor variable, the offset
 * of the region in it (one per dimension of the tensor) and the region's
 * type (the tensor value it holds). */
/* A region of a tensor of rank 3 to 5 is a 2-D window of its last
 * dimension and one other (rowdim: the last but one, or the one dimension
 * before the last whose extent is not 1), at fixed positions of the rest
 * (each of extent 1: tc_squeeze).  Loads and stores name all of them. */
#define TC_MAX_LEAD 3
typedef struct TcRegion {
    const IrExpr *base;
    const IrExpr *off[2];
    const IrExpr *lead[TC_MAX_LEAD];   /* offsets in the other dimensions of base, in order */
    uint8_t nlead;                     /* base's rank minus 2, when above 2 */
    uint8_t rowdim;                    /* the dimension of base that off[0] and the window's rows are in */
    const IrType *type;
    uint8_t atomic_add;   /* a store into it adds (pl.assemble(..., atomic=pl.AtomicType.Add)) */
    uint8_t trans;        /* a matrix product's operand: the transpose of the region (a_trans=, b_trans=) */
    const IrExpr *mat;    /* a matrix product's operand held in L1 (pl.create_l1): its Mat tile, no base */
} TcRegion;

/* Region r as all of tensor `base` (offsets 0), of Val type `type`. */
void tc_region_at(IrCtx *ir, TcRegion *r, const IrExpr *base, const IrType *type);
/* Region dst: src moved by the offset tuple offs (a view's, an
 * assemble's), whose length is the rank of src's tensor; 0 when that is
 * not a literal tuple of the region's rank. */
int tc_region_move(IrCtx *ir, TcRegion *dst, const TcRegion *src, const IrExpr *offs);
/* The offset of region r in each dimension of its base (rank nlead + 2,
 * when nlead is set). */
void tc_region_offsets(const TcRegion *r, const IrExpr **o);
/* Region r (of a base of rank 3 to 5) as a window whose rows are those of
 * `full`, the type of rank r's base has that r holds (tc_row_dim): a view
 * [R, 1, C] of [T, H, D] is rows of its first dimension. */
void tc_region_rows(TcRegion *r, const IrType *full);
/* The tensor type t of rank 3 to 5 whose dimensions are all 1 but its
 * last and at most one other (tc_row_dim) as those two: the conversion
 * computes it as a 2-D tile (its bytes are the same).  t itself
 * otherwise. */
const IrType *tc_squeeze(IrCtx *ir, const IrType *t);
/* The dimension of t that such a tile's rows are; -1 when t is not one. */
int tc_row_dim(const IrType *t);

/* Operand `which` (0: lhs, 1: rhs) of the product c, in region r: r
 * with the product's a_trans= or b_trans=. */
TcRegion tc_mm_operand(const TcRegion *r, const IrCall *c, int which);

/* block.load of `dims` at the region's offset plus `add` (per dimension,
 * NULL for none) into space ms. */
const IrExpr *tc_load(TcEmit *e, const char *name, const TcRegion *r, const IrExpr *const *add, uint32_t n,
                      const IrExpr *const *dims, MemorySpace ms);
/* block.store (block.l0c_store for a tile in Acc) of the tile at the
 * region's offset plus `add`; the result is the region's tensor,
 * written. */
const IrExpr *tc_store(TcEmit *e, const char *name, const IrExpr *tile, const TcRegion *r, const IrExpr *const *add);

/* Block sizes of one matrix multiply [M, K] x [K, N]. */
typedef struct TcMmPlan {
    int64_t bm, bn, bk;
} TcMmPlan;
/* The blocks that fit Left, Right, Acc and Mat of arch a with the fewest
 * loads (whole: one block of M and N, blocks of K only); 0, or -1 and
 * why. */
int tc_matmul_plan(Arch a, int64_t m, int64_t n, int64_t k, DataType in, int whole, TcMmPlan *p, char *why,
                   size_t cap);
/* a @ b (+ acc, an Acc tile, unless NULL) into an Acc tile of the whole
 * product, accumulated over the blocks of K of plan p (one block of M
 * and N); the tile, or NULL after an error. */
const IrExpr *tc_matmul_acc_tile(TcEmit *e, const char *name, const TcRegion *a, const TcRegion *b,
                                 const IrExpr *acc, const TcMmPlan *p);
/* dst = a @ b as loads into Mat, moves into Left and Right, matmul into
 * Acc accumulated over K, stores into dst: loops over the blocks of plan
 * p.  The new tensor variable of dst, or NULL after an error. */
const IrExpr *tc_matmul(TcEmit *e, const char *name, const TcRegion *a, const TcRegion *b, const TcRegion *dst,
                        const TcMmPlan *p);

/* The high-water marks of f's on-chip spaces after InitMemRef and
 * MemoryReuse; -1 when those passes fail on it. */
int tc_footprint(PassCtx *pc, const IrFunc *f, uint64_t end[MS_COUNT]);
/* The first on-chip space whose high-water mark exceeds the capacity of
 * --arch, or -1. */
int tc_overflow(PassCtx *pc, const uint64_t end[MS_COUNT]);

/* ------------------------------------------------------ the conversion */

/* Which unit an op runs on after conversion. */
typedef enum TcUnit { TU_NONE, TU_VECTOR, TU_CUBE } TcUnit;

/* One converted InCore function. */
typedef struct TcFunc {
    const IrFunc *func;      /* the converted function */
    uint32_t norig;          /* its parameters before conversion: the rest are added Out parameters */
    /* Per added parameter: the return position it backs (its value is the
     * function's result there), or -1 for a buffer that is not returned. */
    const int32_t *backs;
} TcFunc;

/* Converts one InCore function with tensor ops (tensor_kernel.c).  0 and
 * *out filled, or -1 after reporting errors. */
int tc_convert_function(PassCtx *pc, const IrFunc *f, TcFunc *out);

/* The copy kernel `name` (src In, dst Out, returning dst) of tensors of
 * type t, of rank 3 up to TC_COPY_MAX_RANK and a constant shape, as block
 * ops on tiles of t's rank (tensor_copy_nd.c); NULL where its blocks
 * would not be whole 32-byte rows. */
#define TC_COPY_MAX_RANK 8
const IrFunc *tc_copy_kernel_nd(IrCtx *ir, const IrType *t, const char *name, Span at);

/* Does the function hold tensor ops that conversion must handle? */
int tc_has_tensor_ops(const IrFunc *f);

/* The unit of a tensor op: matmul on the cube, the rest on the vector
 * unit; TU_NONE for ops that move no data on the core (view, dim, create,
 * read). */
TcUnit tc_op_unit(const OpDef *op);

/* ------------------------------------------------------------ the split */

/* Rewrites tensor ops the split needs in plain form (matmul transposes and
 * operand casts as their own ops), in function f of a program with SSA
 * names; f itself when nothing changes, NULL after errors. */
const IrFunc *tc_normalize(PassCtx *pc, const IrFunc *f);
/* Does f (normalised) need both units, or orchestration-only ops
 * (tensor.read), so that it must be split? */
int tc_needs_split(const IrFunc *f);
/* Splits f: the result program holds f as an Orchestration function that
 * calls new InCore functions `<f>_incore_<k>`, one per run of ops of one
 * unit.  NULL after errors. */
const IrProgram *tc_split(PassCtx *pc, const IrProgram *prog, const IrFunc *f);
/* Replaces every call of the functions in `orch` (name -> IrFunc, each an
 * Orchestration function made by tc_split) in function g by its body.
 * g itself when it calls none. */
const IrFunc *tc_inline_calls(PassCtx *pc, const IrFunc *g, const PtrMap *orch);

#endif
