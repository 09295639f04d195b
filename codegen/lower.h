/* lower.h: what the PTO MLIR and the C++ emitters share about lowering
 * kernels.
 *
 * Both emitters turn the same block ops into the same pto-isa operations,
 * one as pto.* MLIR (pto-mlir.md 6), one as C++ intrinsics (cpp.md 4.3).
 * What does not depend on the output language lives here: which ops have
 * a lowering and of what shape (one table with both spellings), the static
 * shape and layout of a tile buffer under pto-isa's rules, a tile's planned
 * address, the scratch region of the tmp operands, the tensor views of
 * kernel parameters, and the kernel kind.
 *
 * The checks do not report: each returns 0, or -1 with a message in msg
 * that the emitter reports at the location it knows.  Messages name the
 * output ("PTO", "C++") where the two differ. */
#ifndef PYPTOCC_LOWER_H
#define PYPTOCC_LOWER_H

#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "ir/target.h"
#include "support/diag.h"

/* How a block op is lowered (ops.md 5). */
typedef enum LowerHow {
    LW_NONE,        /* no lowering for this output: why_pto / why_cpp says why */
    LW_ALLOC,       /* block.alloc: nothing */
    LW_CREATE,      /* a tile buffer only */
    LW_LOAD,
    LW_STORE,
    LW_L0C_STORE,
    LW_ELEM,        /* the IR arguments in order; tile operands eq_n from eq_first have the result's shape */
    LW_SCALAR,      /* tile op scalar [op tile]: IR arguments in order */
    LW_UNARY,
    LW_CAST,
    LW_CMP,
    LW_FULL,
    LW_EXPANDS,
    LW_FILLPAD,
    LW_MOVE,
    LW_VEC_MOVE,
    LW_TRANSPOSE,
    LW_RESHAPE,
    LW_ROW_REDUCE,  /* (tile, tmp) */
    LW_REDUCE,      /* sum/max/min with axis */
    LW_ROW_EXPAND,
    LW_COL_EXPAND,  /* (target, col): the target only fixes the shape */
    LW_MATMUL,
    LW_MATMUL_ACC,
    LW_BLOCK_IDX,
} LowerHow;

typedef struct Lowering {
    const char *op;        /* "block.add" */
    uint8_t how;           /* LowerHow, for both outputs unless one has NULL below */
    uint8_t tmp;           /* the op needs a scratch tile the IR does not have (tmp†) */
    uint8_t eq_first, eq_n;
    const char *pto;       /* "tadd"; NULL: no PTO lowering */
    const char *cpp;       /* "TADD"; NULL: no C++ lowering */
    const char *why_pto;   /* why not, when pto is NULL */
    const char *why_cpp;   /* why not, when cpp is NULL */
} Lowering;

/* The row of a block op ("block.add"); every registered block op has one
 * (checked once, an internal error otherwise).  An op has no lowering for
 * an output when that output's why_ text is set. */
const Lowering *lower_find(const char *op);
/* 1 if the table is sorted and has a row for every block op; else 0 and
 * why (for the unit tests). */
int lower_table_check(char *why, size_t cap);

/* Whether data type dt has an element type in both outputs (ops.md 2). */
int lower_dtype_ok(DataType dt);

/* The static geometry of a tile buffer (pto-mlir.md 5.1, cpp.md 4.1). */
typedef struct TileGeom {
    int64_t rows, cols;    /* a 1-D tile [N] is 1 x N */
    int space;             /* MemorySpace */
    TileLayoutInfo L;
} TileGeom;

/* The geometry of Tile type t of variable what, with pad zero for a
 * fillpad destination; checks what PTOAS and pto-isa's C++ do not
 * (pto-mlir.md 12): an on-chip MemRef, rank 1 or 2, a static positive
 * shape, a lowered dtype and pto-isa's layout rules.  output names the
 * output in messages ("PTO", "C++"). */
int lower_tile_geom(Arch a, const IrType *t, int fillpad, const char *what, const char *output, TileGeom *g,
                    char *msg, size_t cap);

/* The planned address of a tile (AllocateMemoryAddr), 32-byte aligned.
 * hint ends the message when there is none (", or use --no-addr"). */
int lower_tile_addr(const IrType *t, const char *what, const char *hint, int64_t *addr, char *msg, size_t cap);

/* f's scratch region (passes.md 5.8) holds a tmp of need bytes for op. */
int lower_scratch(const IrFunc *f, uint64_t need, const char *op, const char *hint, char *msg, size_t cap);

/* The tensor view of a kernel's Tensor parameter (pto-mlir.md 4.3): rank
 * 1 or 2, an nd layout; *dn is set for a column vector [M, 1] (M not a
 * constant 1 or less), which is viewed column-major. */
int lower_tensor_view(const IrType *t, const char *what, int *dn, char *msg, size_t cap);

/* The offset and shape lists of a block.load/store/l0c_store: literal
 * lists of rank 1 or 2. */
int lower_transfer_lists(const IrCall *c, const IrMakeTuple **offs, const IrMakeTuple **shapes, char *msg,
                         size_t cap);
/* The lists against the tensor's rank and the tile: the shape must be the
 * tile's (size[] gets it).  *at is set to where to report. */
int lower_transfer_shape(const IrCall *c, const IrType *tile, const IrMakeTuple *offs, const IrMakeTuple *shapes,
                         uint32_t tensor_rank, int64_t size[2], Span *at, char *msg, size_t cap);

/* The tile operands from..from+n of c have the result's shape (ops.md
 * 5.2: the operations do not broadcast). */
int lower_equal_shapes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                       const char *output, char *msg, size_t cap);

/* The tile operands from..from+n of c have the result's data type
 * (pto-isa's elementwise operations do not convert). */
int lower_equal_dtypes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                       const char *output, char *msg, size_t cap);

/* block.move from space 'from' to 'to' on arch a (A2/A3 pairs: Mat to
 * Left or Right, Vec to Vec, Acc to Mat). */
int lower_move(Arch a, int from, int to, char *msg, size_t cap);

/* The operand spaces and sizes of a matrix multiply (lhs Left, rhs Right,
 * result Acc; m, k, n up to 4095). */
int lower_matmul(int lspace, int rspace, int dspace, const IrType *lt, const IrType *rt, const char *op, char *msg,
                 size_t cap);

/* The kernel kind of f; KERNEL_NONE after reporting a kernel that uses
 * both the M and the V pipe (ops.md 8). */
KernelKind lower_kernel_kind(const IrFunc *f, DiagEngine *diag);

/* "[64, 64]" (a '?' for a symbolic dimension), for messages. */
const char *lower_dims_text(const IrType *t, char *buf, size_t cap);

#endif
