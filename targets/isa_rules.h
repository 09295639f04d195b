/* isa_rules.h: pto-isa's rules of instruction forms (isa_rules.c), which
 * the PTO MLIR and C++ lowering relies on and Legalize reports where it
 * can: a tile's shape and layout (isa_tile_shape, isa_tile_layout, which
 * Legalize reports at each tile's definition), its geometry, planned
 * address and scratch region, the moves and the cube's operands, the
 * operands of flags and barriers.  Each returns 0, or -1 with a message
 * in msg for the caller to report at the location it knows. */
#ifndef PYPTOCC_TARGETS_ISA_RULES_H
#define PYPTOCC_TARGETS_ISA_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "ir/op_registry.h"
#include "targets/arch.h"
#include "targets/legal_rules.h"

/* Whether data type dt has an element type in both pto-isa outputs
 * (ops.md 2). */
int isa_dtype_ok(DataType dt);

/* A tile's rank (1 or 2) and static positive shape: *rows x *cols (a 1-D
 * tile [N] is 1 x N).  what names it in the message. */
int isa_tile_shape(const IrType *t, const char *what, int64_t *rows, int64_t *cols, char *msg, size_t cap);
/* pto-isa's static layout rules (cpp.md 4.1, pto-mlir.md 5.1) for a tile
 * of rows x cols in layout (bl, sl, fractal): a row-major row, or a
 * col_major column, of a multiple of 32 bytes; none_box a small layout
 * only; a fractal tile whole boxes. */
int isa_tile_layout(const IrType *t, const char *what, int64_t rows, int64_t cols, TileLayout bl, TileLayout sl,
                    uint32_t fractal, char *msg, size_t cap);

/* The static geometry of a tile buffer (pto-mlir.md 5.1, cpp.md 4.1). */
typedef struct TileGeom {
    int64_t rows, cols;    /* a 1-D tile [N] is 1 x N */
    int64_t vrows, vcols;  /* the valid part: a constant valid_shape, else all; -1: known at run time */
    const IrExpr *vrow_x, *vcol_x;   /* the run-time extent where vrows or vcols is -1, else NULL */
    int space;             /* MemorySpace */
    TileLayoutInfo L;
} TileGeom;

/* The geometry of Tile type t of variable what on arch a, with pad zero
 * for a fillpad destination; checks what PTOAS and pto-isa's C++ do not
 * (pto-mlir.md 12): an on-chip MemRef, a dtype both outputs have, the
 * shape and layout rules.  output names the output in messages ("PTO",
 * "C++"). */
int isa_tile_geom(Arch a, const IrType *t, int fillpad, const char *what, const char *output, TileGeom *g,
                  char *msg, size_t cap);

/* The planned address of a tile (AllocateMemoryAddr), 32-byte aligned.
 * hint ends the message when there is none (", or use --no-addr"). */
int isa_tile_addr(const IrType *t, const char *what, const char *hint, int64_t *addr, char *msg, size_t cap);

/* f's scratch region (ir_func_scratch: region, planned by passes.md 5.8)
 * holds a tmp of need bytes for op; *addr is its address. */
int isa_scratch(const IrFunc *f, const IrMemRef *region, uint64_t need, const char *op, const char *hint,
                int64_t *addr, char *msg, size_t cap);

/* block.move from space 'from' to 'to' on arch a (A2/A3 pairs: Mat to
 * Left or Right, Vec to Vec, Acc to Mat). */
int isa_move(Arch a, int from, int to, char *msg, size_t cap);

/* block.extract (TEXTRACT) of tile src in space 'from' into tile dst in
 * 'to' on arch a: the pairs a move has; a Vec window between row-major
 * Vec tiles; on A2/A3 no window of Acc, which TEXTRACT there only
 * converts from FP32 to FP16 or BF16 (PTOAS e32488c9 TExtractOp::verify). */
int isa_extract(Arch a, int from, int to, const IrType *src, const IrType *dst, char *msg, size_t cap);
/* tile.read / tile.write of tile t: the scalar unit reaches Vec tiles only
 * (pto-isa's Tile::GetValue and SetValue, PTOAS TGetValOp). */
int isa_element_access(const OpDef *op, const IrType *t, char *msg, size_t cap);

/* block.assemble (TINSERT) of tile src in space 'from' into tile dst in
 * 'to' on arch a: Vec into Vec between row-major tiles of one element
 * type; Acc into Mat on A2/A3 only from FP32 to FP16 or BF16; on A5 also
 * Acc into Vec and Vec into Mat (PTOAS e32488c9 TInsertOp::verify). */
int isa_insert(Arch a, int from, int to, const IrType *src, const IrType *dst, char *msg, size_t cap);

/* The operand spaces and sizes of a matrix multiply (lhs Left, rhs Right,
 * result Acc; m, k, n up to 4095). */
int isa_matmul(int lspace, int rspace, int dspace, const IrType *lt, const IrType *rt, const char *op, char *msg,
               size_t cap);

/* A biased matmul's bias in Bias (pto-isa's TMATMUL_BIAS: TileType::Bias). */
int isa_bias_operand(int bspace, const char *op, char *msg, size_t cap);

/* A system op (ops.md 7): a flag (set or wait) between two pipes with an
 * event id, a barrier on a pipe ("V", "M", "ALL"), or an operation on
 * global memory (pl.system.fence, pl.system.cacheinvalid). */
typedef enum GmSystemOp { GM_NONE, GM_FENCE, GM_CACHE_INVALIDATE, GM_SYNCALL } GmSystemOp;
typedef struct SystemLowering {
    int flag;                /* 0: a barrier or a GmSystemOp; 1: set_flag; 2: wait_flag */
    int set_pipe, wait_pipe; /* PipeKind */
    int64_t event;
    const char *barrier;     /* NULL for a GmSystemOp */
    GmSystemOp gm;
    const char *core_type;   /* GM_SYNCALL: "aiv_only", "aic_only" or "mix" */
    /* A cross-core event (xsync 1: pto.sync.set, 2: pto.sync.wait) on
     * set_pipe, its id event or, read at run time, the INDEX scalar
     * event_x; ffts_mode or -1.  xsync 3: pto.set_ffts of the tensor
     * parameter workspace. */
    int xsync;
    const char *xcore_type;  /* its core_type= ("aic", "aiv"), or NULL */
    const IrExpr *event_x;
    int64_t ffts_mode;
    const IrVar *workspace;
} SystemLowering;
int isa_system(const IrCall *c, const OpDef *op, SystemLowering *s, char *msg, size_t cap);
/* The target's rules of a cross-core event s (isa_system's xsync 1 or
 * 2) on arch a, in a kernel of kind k that has (ffts_set) or has not
 * given the FFTS unit its workspace before: on A2/A3 it must have (PTOAS
 * 0.60: "A3 inter-core sync requires explicit pto.set_ffts in the same
 * function"); on A5 the pipe is FIX, MTE1, MTE2, MTE3 or V (PTOAS's
 * SyncSetOp, SyncWaitOp); a core_type names the kernel's own core (pypto's
 * ExpandMixedKernel moves it to the other one, which pyptocc's does not). */
int isa_xcore_sync(Arch a, KernelKind k, const SystemLowering *s, int ffts_set, char *msg, size_t cap);

#endif
