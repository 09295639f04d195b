/* tensor_kernel.h: the state of converting one InCore function, shared by
 * tensor_kernel.c (analysis, planning, the function) and tensor_walk.c
 * (the statement walk).  Nothing else includes it. */
#ifndef PYPTOCC_TENSOR_KERNEL_H
#define PYPTOCC_TENSOR_KERNEL_H

#include "passes/tensor_conv.h"
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
    uint8_t created;          /* a tensor.create held in global memory: a new Out parameter */
    uint8_t operand;          /* an operand of a computation (or carried by a loop or an if) */
    uint8_t tsplit;           /* a transpose of rows only stored: its blocks are blocks of columns */
    uint32_t idx;             /* DK_PARAM: parameter index; loops and ifs: position */
    const IrCall *call;       /* DK_OP */
    const IrStmt *site;       /* the defining statement */
    Val *src;                 /* DK_COPY, view: the source; DK_ITER: the init value; DK_LOOP_RET: the iter_arg */
    Val *y[2];                /* DK_ITER: the value yielded; DK_IF_RET: the then and else values */
    Val *root;                /* in global memory: the parameter or created tensor whose buffer it is */
    Span at;                  /* the definition */
    Span demand_at;           /* the first use that needs it in global memory */
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
    int failed;
    const IrValues *ret;      /* the function's return (last statement of the body) */
    /* The row domain: every tile has M rows or 1, and blocks of rows are
     * multiples of unit.  no_tiling says why blocks are impossible. */
    int64_t M, unit;
    const char *no_tiling;
    Span no_tiling_at;
    PtrMap plans;             /* matmul IrCall -> TcMmPlan */
    /* per conversion */
    TcEmit e;
    TcNames names;
    int64_t B;                /* rows per block (M: one block) */
    const IrExpr *row;        /* the row loop's variable; NULL without the loop */
} Kc;

Val *kc_val(Kc *K, const IrExpr *x);
/* Does v hold blocks of rows (the row loop runs and v has M rows)? */
int kc_rowsplit(Kc *K, const Val *v);
/* v's block as a tile: v's dims with the rows of a block (the columns of
 * a transposed block). */
void kc_block_dims(Kc *K, const Val *v, const IrExpr **dims);
/* Where v's block starts within v: the row (or column) of the loop. */
void kc_block_offset(Kc *K, const Val *v, const IrExpr **add);
/* Loads v (in global memory) as a tile where it is defined. */
int kc_load(Kc *K, Val *v);
/* The converted statements of a body into out; *ret set to the body's
 * return when there is one (the function body), and the yield's values
 * converted for the targets (NULL: a scalar position) into yout. */
int kc_walk_body(Kc *K, const IrStmt *body, TcStmts *out, Val *const *targets, uint32_t ny, const IrExpr **yout);

#endif
