/* isa_rules.h: pto-isa's rules of instruction forms (isa_rules.c), which
 * the PTO MLIR and C++ lowering relies on and Legalize reports where it
 * can: a tile's shape and layout (isa_tile_shape, isa_tile_layout, which
 * Legalize reports at each tile's definition), its geometry, planned
 * address and scratch region, the moves and the cube's operands, the
 * operands of flags and barriers; a narrow Vec tile's padding to whole
 * 32-byte rows and the rules a padded tile breaks (isa_padded.c, from
 * isa_tile_padded to isa_row_reduce_rows).  Each returns 0, or -1 with a
 * message in msg for the caller to report at the location it knows. */
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
 * col_major column, of a multiple of 32 bytes outside Vec (a Vec tile is
 * padded to it: isa_tile_padded); none_box a small layout only; a fractal
 * tile whole boxes. */
int isa_tile_layout(const IrType *t, const char *what, int64_t rows, int64_t cols, TileLayout bl, TileLayout sl,
                    uint32_t fractal, char *msg, size_t cap);

/* A Vec tile of the small layout (none_box) whose row-major rows, or
 * col_major columns, are not whole 32-byte blocks, which PTOAS and
 * pto-isa need, is laid out padded to the next whole block; a boxed tile
 * (slayout row_major or col_major: Mat, Left, Right, Acc) that is not
 * whole fractal boxes is padded to whole boxes (but a one-row tile outside
 * Vec and an MX scale tile keep their rows).  *prows x *pcols is the tile
 * of rows x cols of dt in space with layouts bl, sl, fractal as the
 * target holds it (its logical shape is its valid part); -1 when that
 * overflows.  Other tiles are as they are. */
int isa_tile_padded(int space, TileLayout bl, TileLayout sl, uint32_t fractal, DataType dt, int64_t rows,
                    int64_t cols, int64_t *prows, int64_t *pcols);
/* The rows and columns of Tile type t in space (-1: its own) as arch a
 * lays it out (isa_tile_padded); -1 when its shape is not static. */
int isa_tile_laid_out(Arch a, const IrType *t, int space, int64_t *rows, int64_t *cols);
/* A reshape (op names it) of tile src into tile dst, which renames its
 * bytes, keeps every element where it is on arch a: both unpadded or of
 * one row, or padded alike. */
int isa_reshape(Arch a, const IrType *src, const IrType *dst, const char *op, char *msg, size_t cap);
/* An elementwise op (a conversion included) reads a tile src of the
 * shape of its result dst laid out alike on arch a: element types of
 * other sizes pad a narrow shape differently. */
int isa_same_layout(Arch a, const OpDef *op, const IrType *src, const IrType *dst, char *msg, size_t cap);
/* An op whose instruction writes whole rows of its result t (a gather:
 * PTOAS 0.60's tgather wants dst's valid columns equal its columns) takes
 * no padded result on arch a. */
int isa_whole_rows(Arch a, const OpDef *op, const IrType *t, char *msg, size_t cap);
/* A row reduction of tile src into column vector dst on arch a: the two
 * have as many rows as laid out (pto-isa 3186c381 cpu/TRowSum.hpp; the
 * runtime asks it of every row reduction), so not a padded column vector
 * of fewer valid rows than its own. */
int isa_row_reduce_rows(Arch a, const OpDef *op, const IrType *src, const IrType *dst, char *msg, size_t cap);
/* A compare (TCMP, TCMPS) of tile t, or a select by a compare mask
 * (TSEL) into tile t, on arch a: not of a padded tile of several rows,
 * whose mask pto-isa's compare and select lay out differently. */
int isa_mask_rows(Arch a, const OpDef *op, const IrType *t, char *msg, size_t cap);
/* The bytes Tile type t takes in space (-1: its own) on arch a, padded
 * (isa_tile_padded): what the memory plan gives it; any other type's
 * ir_type_byte_size; 0 when unknown or too large. */
uint64_t isa_tile_bytes(Arch a, const IrType *t, int space);

/* The static geometry of a tile buffer (pto-mlir.md 5.1, cpp.md 4.1). */
typedef struct TileGeom {
    int64_t rows, cols;    /* as laid out (isa_tile_padded); a 1-D tile [N] is 1 x N */
    int64_t vrows, vcols;  /* the valid part: a constant valid_shape, else the tile's own shape (less than
                              rows x cols when padded); -1: known at run time */
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
/* A2/A3's moves between tiles outside Mat (Vec to Vec) copy a tile as it
 * is held: src and dst held at one shape (PTOAS 0.60: "expects A2/A3
 * non-mat tmov to use matching src/dst shapes"), which a Vec tile in NZ
 * boxes, padded to whole boxes, may not be. */
int isa_move_shapes(Arch a, const IrType *src, int from, const IrType *dst, int to, char *msg, size_t cap);

/* block.extract (TEXTRACT) of tile src in space 'from' into tile dst in
 * 'to' on arch a: the pairs a move has; a Vec window between row-major
 * Vec tiles; on A2/A3 no window of Acc, which TEXTRACT there only
 * converts from FP32 to FP16 or BF16 (PTOAS e32488c9 TExtractOp::verify). */
int isa_extract(Arch a, int from, int to, const IrType *src, const IrType *dst, char *msg, size_t cap);
/* tile.read / tile.write of tile t on arch a: the scalar unit reaches Vec
 * tiles only (pto-isa's Tile::GetValue and SetValue, PTOAS TGetValOp),
 * and not a padded tile of several rows (isa_tile_padded), whose flat
 * offsets are not those of its shape. */
int isa_element_access(Arch a, const OpDef *op, const IrType *t, char *msg, size_t cap);

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
