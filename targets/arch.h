/* arch.h: facts about the hardware that passes and emitters share.
 *
 * The target architecture, the capacity of each on-chip memory space, the
 * default tile layouts per space (passes.md 6), the pipe each op runs on
 * and the kernel kind of a function (ops.md 8, passes.md 2).  These are
 * queries over the IR, not analyses: every answer follows from one call or
 * one function's ops. */
#ifndef PYPTOCC_TARGET_ARCH_H
#define PYPTOCC_TARGET_ARCH_H

#include "ir/ir.h"
#include "support/diag.h"

typedef enum Arch { ARCH_A2A3, ARCH_A5, ARCH_COUNT } Arch;
const char *arch_name(Arch a);               /* "a2a3", "a5" */
int arch_from_name(const char *name);        /* -1 if unknown */

/* The instruction set a pipeline compiles for.  The instruction sets of
 * one architecture differ in a few forms, which passes ask about through
 * the queries below, never by the output they end in. */
typedef enum TargetIsa {
    ISA_PTO,             /* pto-isa operations on tile buffers, as PTO MLIR for PTOAS (the default) */
    ISA_CPP,             /* pto-isa's C++ tile API */
    ISA_TILE,            /* seed 05's tile IR: tiles as SSA values */
    ISA_TILE_EVENTS,     /* the same with event tokens and wait clauses (--async) */
} TargetIsa;

/* A tensor view's strides are constants: pto-isa's C++ GlobalTensor
 * takes them as template arguments (cpp.md 4.2). */
int target_static_strides(TargetIsa isa);
/* Instructions produce event tokens and wait on their operands' events,
 * so that what a loop or an if carries has one producer (seed 05 8). */
int target_has_events(TargetIsa isa);
/* A for loop's lower bound is a constant: PTOAS 0.60's EmitC lowering
 * types a loop whose lower bound is a value (an outer loop's variable,
 * a parameter) apart from its upper bound and step ("'emitc.for' op
 * expected induction variable to be same type as bounds and step"), so the
 * PTO output counts such a loop from 0 (Legalize). */
int target_constant_loop_start(TargetIsa isa);

/* Bytes available in a memory space; 0 for DDR (not allocated). */
uint64_t target_capacity(Arch a, MemorySpace ms);

/* Estimated cycles of one instruction on pipe `pipe` (a PipeKind) that
 * moves or computes `bytes`, for the passes that weigh a schedule
 * (ChunkRows): a start-up plus bytes at the pipe's rate.  Coarse: the
 * runtime's cycle model (runtime/profile_costs.cpp) is the measure. */
uint64_t target_pipe_cycles(Arch a, int pipe, uint64_t bytes);

/* The same for an instruction of op class `cls` (an OpClass): the vector
 * unit's rate differs by instruction. */
uint64_t target_op_cycles(Arch a, int pipe, int cls, uint64_t bytes);

/* Every on-chip address is a multiple of this (passes.md 6). */
#define TARGET_ALIGN 32u
/* The alignment of a tile's address in space ms: TARGET_ALIGN, and 512
 * bytes in Left, Right and Acc, whose addresses PTOAS 0.60's verifiers
 * want at the L0 buffers' 4096-bit granularity (PTOAS e32488c9,
 * lib/PTO/IR/PTO.cpp getLocalAddressAlignmentBytes, since commit
 * 2a6e9b5a; pto-isa 3186c381's TASSIGN asks for 32 everywhere). */
uint32_t target_align(MemorySpace ms);

/* The bytes of the explicit scratch tile (an i8 [1, bytes] Vec tile) that
 * a conversion from src to dst of a [rows, cols] tile in a source of
 * src_cols columns takes on a; 0 when it takes none.  On A2/A3 the
 * conversions that narrow without saturation (f32 to a 16-bit integer,
 * f16 to an 8- or 16-bit one) stage through one: PTOAS 0.60 wants it
 * explicit ("requires explicit tmp for non-saturating narrowing tcvt when
 * PlanMemory is skipped") and sizes it as computed here (PTOAS e32488c9,
 * lib/PTO/Transforms/PTOMaterializeImplicitTmp.cpp tcvtNeedsTmp,
 * makeTCvtTmpType); without it pto-isa's A2/A3 TCVT uses the UB bytes at
 * TMP_UB_OFFSET (184 KiB, pto/common/constants.hpp), which a plan may
 * have given to a tile. */
uint64_t target_cvt_scratch(Arch a, DataType src, DataType dst, int64_t rows, int64_t cols, int64_t src_cols);
/* The same for a block.cast of a tile of type src to one of type dst (0
 * unless both have a static shape of rank 1 or 2). */
uint64_t target_cast_scratch(Arch a, const IrType *src, const IrType *dst);
/* The bytes of the Vec scratch tile (FP32, one row) that PTOAS 0.60 wants
 * explicit on a pto.tci with a dst of element type dt (TCIOp::verify,
 * PTOMaterializeImplicitTmp.cpp makeTCITmpType: 768 bytes for 32-bit, 1792
 * for 16-bit elements on A2/A3, where pto-isa's TCI runs on the vector
 * unit); 0: none (A5). */
uint64_t target_ci_scratch(Arch a, DataType dt);

/* The layout a tile is emitted with: the TileView's non-default fields,
 * the space's defaults for the rest (pto-mlir.md 5.1, passes.md 6). */
typedef struct TileLayoutInfo {
    TileLayout blayout, slayout;
    uint32_t fractal;
    TilePad pad;
} TileLayoutInfo;
TileLayoutInfo target_tile_layout(Arch a, const IrType *tile, MemorySpace ms);


/* Whether the target moves a tile from one space to another (TMOV), and
 * stores one from a space to global memory (TSTORE), as PTOAS's verifiers
 * and pto-isa take them: A2/A3 moves Mat to Left or Right, Vec to Vec and
 * Acc to Mat, and stores from Vec, Mat and Acc; A5 moves Acc to Vec and
 * Vec to Mat as well, and stores from Vec and Acc only. */
int target_move_ok(Arch a, int from, int to);
int target_store_ok(Arch a, int from);
const char *target_moves_text(Arch a);    /* "Mat to Left or Right, ..." */
const char *target_stores_text(Arch a);   /* "Vec, Mat and Acc" */

/* The pipe a call runs on (ops.md 8), or -1 for none (create_tile, alloc,
 * get_block_idx, system ops, tensor ops, function calls).  Stores and moves
 * look at the spaces of their operands: their MemRefs', or before
 * InitMemRef the space their layouts imply (an Acc tile is a matmul's). */
int ir_call_pipe(const IrCall *c);

typedef enum KernelKind {
    KERNEL_NONE,     /* not a kernel (passes.md 2) */
    KERNEL_VECTOR,   /* aiv */
    KERNEL_CUBE,     /* aic: uses the M pipe */
    KERNEL_MIXED,    /* uses both the M and the V pipe: an error to emit */
} KernelKind;
/* Kernel rule (passes.md 2): InCore, or Opaque with only block ops,
 * system ops and scalar code; then vector or cube by its pipes. */
KernelKind ir_kernel_kind(const IrFunc *f);
/* The first call in f (in program order) that keeps it from being a
 * kernel by that rule, a tensor op or a function call; NULL when none. */
const IrCall *ir_kernel_blocker(const IrFunc *f);

/* The rule of mixed kernels (ops.md 8, passes.md 2): a kernel runs on one
 * core, a cube (AIC) or a vector (AIV) one, so it uses the M pipe or the
 * V pipe, not both.  For a kernel f that uses both, reports so at f with
 * a note at its first op on each pipe, and returns 1; else 0. */
int target_report_mixed_kernel(const IrFunc *f, DiagEngine *diag);

#endif
