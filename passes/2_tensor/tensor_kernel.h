/* tensor_kernel.h: the state of converting one InCore function, shared by
 * tensor_kernel.c (analysis, planning, the function) and tensor_walk.c
 * (the statement walk).  Nothing else includes it. */
#ifndef PYPTOCC_TENSOR_KERNEL_H
#define PYPTOCC_TENSOR_KERNEL_H

#include "passes/2_tensor/tensor_conv.h"
#include "support/arena.h"

/* How a tensor variable of the original function is defined. */
typedef enum DefKind {
    DK_PARAM,     /* a parameter */
    DK_OP,        /* a tensor op */
    DK_COPY,      /* another tensor variable (y = x), or a view of all of it */
    DK_ITER,      /* a loop's iter_arg */
    DK_LOOP_RET,  /* a loop's return variable */
    DK_IF_RET,    /* an if's return variable */
    DK_OTHER,     /* a block op or function call (a tensor in global memory) */
} DefKind;

typedef struct Val Val;
struct Val {
    const IrVar *old;
    const IrType *type;       /* its tensor type */
    uint8_t def;              /* DefKind */
    uint8_t ddr;              /* lives in global memory after conversion (else: a tile) */
    uint8_t demanded;         /* a use needs it in global memory (assemble target, view, matmul operand) */
    uint8_t need_tile;        /* a use needs it as a tile: loaded where it is defined when in global memory */
    uint8_t written;          /* the result of a write into global memory */
    uint8_t whole;            /* in global memory, all of its buffer */
    uint8_t lazy;             /* a matmul result, computed where it is used */
    uint8_t inacc;            /* a product held in Acc (L0C) where it is defined: accumulated into by
                                 matmul_acc, or carried by a loop or an if */
    uint8_t acc_operand;      /* the accumulator of a matmul_acc */
    uint8_t zero_start;       /* DK_ITER in Acc starting from a created (zero) tensor, only ever accumulated
                                 into: its first step multiplies instead (the reference's init_cond) */
    const char *why_not_zero; /* DK_ITER in Acc from a created tensor that is not zero_start: why */
    uint32_t nuses, nacc_uses;  /* arguments of calls; of those, accumulators of matmul_acc */
    uint32_t nrefs;           /* sources and yielded values of other Vals that name it (tensor_acc.c) */
    uint8_t created;          /* a tensor.create held in global memory: a new Out parameter */
    uint8_t operand;          /* an operand of a computation (or carried by a loop or an if) */
    uint8_t tsplit;           /* a transpose of rows only stored: its blocks are blocks of columns */
    uint8_t window;           /* a view of a tensor the kernel computes: a copy of a window of its tile */
    uint8_t tinsert;          /* an assemble into a tensor the kernel computes: a tile, written by TINSERT */
    uint8_t l1;               /* a tile in L1 (Mat): pl.create_l1's, filled by pl.gather_row (tensor_l1.c) */
    int32_t phase;            /* blocks of columns: the first column loop that can use it */
    uint32_t idx;             /* DK_PARAM: parameter index; loops and ifs: position */
    const IrCall *call;       /* DK_OP */
    const IrStmt *site;       /* the defining statement */
    Val *src;                 /* DK_COPY, view: the source; DK_ITER: the init value; DK_LOOP_RET: the iter_arg */
    Val *y[2];                /* DK_ITER: the value yielded; DK_IF_RET: the then and else values */
    Val *root;                /* in global memory: the parameter or created tensor whose buffer it is */
    Span at;                  /* the definition */
    Span demand_at;           /* the first use that needs it in global memory */
    const char *demand_op;    /* the op of that use ("pl.tensor.assemble") */
    /* per conversion */
    const IrExpr *tile;       /* the tile holding it (one block) */
    TcRegion r;               /* in global memory: where */
};

typedef struct Kc {
    PassCtx *pc;
    IrCtx *ir;
    const IrFunc *f;
    Arena arena;              /* Vals, plans */
    PtrMap vals;              /* old variable -> Val */
    VEC(Val *) all;           /* in order of definition */
    int cube;                 /* the function multiplies matrices */
    char opname[96];          /* scratch for printed op names */
    int failed;
    const IrValues *ret;      /* the function's return (last statement of the body) */
    /* The row domain: every tile has M rows or 1, and blocks of rows are
     * multiples of unit.  no_tiling says why blocks are impossible. */
    int64_t M, unit;
    const char *no_tiling;
    Span no_tiling_at;
    /* Element reads and writes (tensor_elements.c): any, and the first of
     * a tensor the kernel computes (its tile's element: no blocks). */
    int elements;
    Span tile_element_at;
    int tile_element;
    int all_rows;             /* a column reduction: blocks of columns hold all M rows */
    PtrMap plans;             /* matmul IrCall -> TcMmPlan */
    /* per conversion */
    TcEmit e;
    TcNames names;
    int64_t B;                /* rows per block (M: one block) */
    const IrExpr *row;        /* the row loop's variable; NULL without the loop */
    int64_t N, C;             /* blocks of columns: the columns, and per block (0: whole rows) */
    const IrExpr *col;        /* the column loop's variable */
    /* The conditions of the innermost ifs `if i == c:` whose then branch
     * (first) or else branch (later) is being converted: where i is a
     * loop's variable and c its start (the user's own test of the first
     * step), a zero-start accumulator needs no test of its own. */
    const IrExpr *first, *later;
} Kc;

/* How the function gives one of its results. */
typedef enum SlotKind {
    SLOT_SCALAR,   /* a scalar, as it is */
    SLOT_DIRECT,   /* a tensor written in place into all of its buffer */
    SLOT_STORE,    /* a tile stored into a new Out parameter */
    SLOT_NEST,     /* a matrix product computed into a new Out parameter */
} SlotKind;

typedef struct Slot {
    SlotKind kind;
    Val *v;
    const IrVar *out;        /* SLOT_STORE, SLOT_NEST: the new Out parameter */
    const IrExpr *value;     /* the value returned */
} Slot;

Val *kc_val(Kc *K, const IrExpr *x);
/* The Vals of f's parameters and tensor variables (tensor_collect.c). */
void kc_collect(Kc *K, const IrFunc *f);
/* An error at `at` (the function's span when unknown); K->failed set. */
void kc_error(Kc *K, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The op a value is the result of; OP_COUNT for none. */
OpId kc_op_of(const Val *v);
/* Products held in Acc (tensor_acc.c): marks every value a product held
 * in Acc flows through (Val.inacc), after the analysis of forms; then
 * finds the zero-start accumulators and reports values in Acc that are
 * not products. */
void kc_spread_acc(Kc *K);
void kc_check_acc(Kc *K);
/* A constant dimension's value, -1 when it is not constant. */
static inline int64_t kc_dim(const IrType *t, uint32_t i)
{
    int64_t v = -1;
    tc_const(t->dims[i], &v);
    return v;
}
/* Rows of a 2-D type; 1 for a 1-D one (a row). */
static inline int64_t kc_rows(const IrType *t) { return t->n == 2 ? kc_dim(t, 0) : 1; }
/* Is a returned value returned as it is (written in place into all of its
 * buffer), rather than stored into a new Out parameter? */
int kc_returned_directly(const Val *v);
/* The function converted with blocks of B rows (B == M: whole tensors);
 * NULL after errors, reported when report is set. */
const IrFunc *kc_build(Kc *K, int64_t B, int report);
/* The start of a conversion: state reset, names, the emitter on *top. */
void kc_begin(Kc *K, int64_t B, int report, TcStmts *top);
/* The converted function's parameters and its results' slots. */
IrParam *kc_params(Kc *K, Slot **slots, uint32_t *np);
/* The parameter whose buffer a root value is. */
const IrVar *kc_root_param(Kc *K, const Val *root);
/* The function converted with blocks of B rows and C columns, row
 * reductions combined over the column blocks (tensor_columns.c): for rows
 * too long for UB.  NULL after errors (reported when report is set). */
const IrFunc *kc_build_columns(Kc *K, int64_t B, int64_t C, int report);
/* Why the function cannot be done in blocks of columns (NULL: it can),
 * and where. */
const char *kc_columns_why(Kc *K, Span *at);
/* Does v hold blocks of rows (the row loop runs and v has M rows)? */
int kc_rowsplit(Kc *K, const Val *v);
/* v's block as a tile: v's dims with the rows of a block (the columns of
 * a transposed block). */
void kc_block_dims(Kc *K, const Val *v, const IrExpr **dims);
/* Where v's block starts within v: the row (or column) of the loop. */
void kc_block_offset(Kc *K, const Val *v, const IrExpr **add);
/* The argument of call c that a peer gets whole in its window: the source
 * of pld.tensor.remote_store and of pld.tensor.put without a region;
 * UINT32_MAX for none.  One the kernel computes is not put in global
 * memory first: its tile is stored (pld.tile.remote_store). */
uint32_t kc_pushed_arg(const IrCall *c);
/* L1 accumulators (tensor_l1.c): is o one of their ops; mark the values
 * that are L1 tiles (Val.l1); convert one of their ops (v its result);
 * v as operand `which` of the matrix product c (its Mat tile, or its
 * region: tc_mm_operand). */
int kc_is_l1_op(OpId o);
void kc_mark_l1(Kc *K);
void kc_conv_l1(Kc *K, Val *v, const IrCall *c);
TcRegion kc_mm_operand(const Val *v, const IrCall *c, int which);
/* Does v have a form as a product's operand: a region or an L1 tile? */
static inline int kc_has_operand(const Val *v) { return v && (v->l1 ? v->tile != NULL : v->r.base != NULL); }
/* Loads v (in global memory) as a tile where it is defined. */
int kc_load(Kc *K, Val *v);
/* Element reads and writes (tensor_elements.c): tensor.read assigned by
 * a, written into out; tensor.write c, v its result (NULL when unused). */
void kc_conv_read(Kc *K, const IrAssign *a, const IrCall *c, TcStmts *out);
void kc_conv_write(Kc *K, Val *v, const IrCall *c);
/* The converted statements of a body into out; *ret set to the body's
 * return when there is one (the function body), and the yield's values
 * converted for the targets (NULL: a scalar position) into yout. */
int kc_walk_body(Kc *K, const IrStmt *body, TcStmts *out, Val *const *targets, uint32_t ny, const IrExpr **yout);

#endif
