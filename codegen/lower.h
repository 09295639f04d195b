/* lower.h: what the PTO MLIR and the C++ emitters share about lowering
 * kernels.
 *
 * Both emitters turn the same block ops into the same pto-isa operations,
 * one as pto.* MLIR (pto-mlir.md 6), one as C++ intrinsics (cpp.md 4.3).
 * What does not depend on the output language lives here: which ops have
 * a lowering and of what shape (one table with both spellings), the tensor
 * views of kernel parameters, and the kernel kind.  The rules of the
 * instruction forms (a tile's static shape and layout, its address, the
 * scratch region, moves, matmuls, system ops) are the target's:
 * targets/isa_rules.h.
 *
 * The checks do not report: each returns 0, or -1 with a message in msg
 * that the emitter reports at the location it knows.  Messages name the
 * output ("PTO", "C++") where the two differ. */
#ifndef PYPTOCC_LOWER_H
#define PYPTOCC_LOWER_H

#include <stddef.h>
#include <stdint.h>

#include "codegen/codegen.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "targets/arch.h"
#include "targets/isa_rules.h"
#include "targets/legal_rules.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/strbuf.h"

/* What every kernel printer keeps while it writes one kernel (the first
 * member of its state), and what the statement walk reads and sets. */
typedef struct LowerKernel {
    IrCtx *ir;
    const CodegenOptions *o;
    DiagEngine *diag;
    const IrFunc *f;           /* the kernel */
    const IrMemRef *scratch;   /* its scratch region (ir_func_scratch), or NULL */
    StrBuf *out;               /* where lines go: the body, or a branch being tried */
    int indent;
    Span stmt_span;            /* the statement being written */
    struct LowerRegion *region; /* the innermost loop body or if branch being walked; NULL: the kernel's body */
    /* -g: the statement whose lines are being spelled (a loop's or an if's
     * for their own lines), the locations of an MLIR printer's lines
     * (lower_list.h), and a C++ printer's last #line. */
    Span loc_span;
    struct LowerLocs *locs;
    uint32_t line;
    Arena arena;               /* the printer's values of this kernel, the walk's regions and tuples */
} LowerKernel;

/* How a block op is lowered in the kernel outputs: its ISA form and
 * spellings, from the op table (ir/ops.def). */
typedef struct Lowering {
    uint8_t how;           /* IsaForm; FORM_NONE when why_pto/why_cpp say why not */
    uint8_t tmp;           /* the op needs a scratch tile the IR does not have (tmp-dagger): a LowerTmp */
    uint8_t eq_first, eq_n;
    const char *pto;       /* "tadd"; NULL: no PTO lowering */
    const char *cpp;       /* "TADD"; NULL: no C++ lowering */
    const char *why_pto;   /* why not, when pto is NULL */
    const char *why_cpp;   /* why not, when cpp is NULL */
    char pto_buf[32];
} Lowering;

/* The lowering of block op `op`, filled into *lw. */
const Lowering *lower_of(const OpDef *op, Lowering *lw);

/* A block op with a tile result, classified for a pto-isa output
 * (lower_op.c): the IR arguments its instruction takes, in order after
 * the result, and what else the printers spell. */
typedef enum LowerTmp {
    LOWER_TMP_NONE,
    LOWER_TMP_RESULT,      /* a scratch tile typed like the result */
    LOWER_TMP_WORDS,       /* ... holding its bytes in 4-byte elements (SCRATCH_RESULT_WORDS) */
    LOWER_TMP_CVT,         /* an i8 [1, bytes] tile: a narrowing conversion's (target_cvt_scratch) */
    LOWER_TMP_CI,          /* an f32 [1, bytes / 4] tile: pto.tci's on A2/A3 (target_ci_scratch) */
    LOWER_TMP_SOURCE,      /* ... like argument 0 (a row reduction) */
    LOWER_TMP_LARGER,      /* ... like argument 0 or the result, whichever is laid out in more
                              bytes (SCRATCH_LARGER: a transpose) */
} LowerTmp;

typedef struct LowerOp {
    uint8_t how;           /* IsaForm */
    uint8_t nin;           /* inputs, after the result */
    uint8_t in[8];         /* the IR argument of each input */
    int8_t in_elem[8];     /* its element, when the argument is a list (an offset); else -1 */
    int8_t in_dtype[8];    /* the element type a scalar input converts to */
    int8_t mode;           /* FORM_CAST: round mode 0-6; FORM_CMP: comparison 0-5; else -1 */
    uint8_t precise;       /* high_precision=True: the instruction's high-precision algorithm */
    uint8_t acc;           /* the result is also the first input, in argument 0's buffer (matmul_acc) */
    uint8_t in_place;      /* the result is written into argument 0's buffer, which is no input (tinsert) */
    uint8_t tmp;           /* LowerTmp */
    uint8_t fillpad;       /* the result is a fillpad destination */
    int8_t apart;          /* the result must not share this argument's buffer (noalias); -1 */
    char isa[32];          /* the instruction in the output's spelling: "trowsum", "TROWSUM" */
} LowerOp;

/* Input k of lo in call c: an IR argument, or an element of one. */
static inline const IrExpr *lower_op_input(const IrCall *c, const LowerOp *lo, uint32_t k)
{
    const IrExpr *a = c->args[lo->in[k]];
    return lo->in_elem[k] >= 0 ? IR_AS(IrMakeTuple, a)->elems[lo->in_elem[k]] : a;
}

/* Classifies block op `op` (lowering lw) whose result is Tile dest for
 * output out (OUT_MLIR or OUT_CPP), and checks the rules that depend only
 * on types and attributes, and that the operands are of a form the
 * printers take (tiles as variables): 0, or -1 with a message for *at. */
int lower_op_classify(IrCtx *ir, Arch arch, OpOutput out, const IrVar *dest, const IrCall *c, const OpDef *op,
                      const Lowering *lw, LowerOp *lo, Span *at, char *msg, size_t cap);

/* The message when the result shares the buffer of argument lo->apart. */
void lower_op_apart_message(const OpDef *op, const LowerOp *lo, Arch arch, char *msg, size_t cap);

/* A load or store (block.load, block.store, block.l0c_store), checked
 * for a pto-isa output: literal offset and shape lists of the tensor's
 * rank giving the tile's shape, and the tile's space. */
typedef struct LowerTransfer {
    uint8_t how;                    /* FORM_LOAD, FORM_STORE, FORM_L0C_STORE, FORM_MGATHER, FORM_MSCATTER,
                                       FORM_GATHER_ROW */
    uint8_t tensor_arg;             /* the tensor's argument: 0 (load, gather), 3 (store) or 2 (scatter) */
    const IrMakeTuple *offsets, *shapes;
    int64_t size[LEGAL_MAX_RANK];   /* the partition (the tile) shape, of the tensor's rank */
    const IrExpr *size_x[LEGAL_MAX_RANK]; /* a partition extent known at run time (the tile's valid extent), else NULL */
    uint8_t atomic_add;             /* a store that adds into the tensor (atomic=pl.AtomicType.Add) */
    const IrExpr *peer;             /* a remote load (pld.tile.remote_load): the rank whose copy of the
                                       window it reads; else NULL */
    struct LowerTile *tile;   /* the buffer loaded into or stored from (lower_tile.h; set by the walk) */
    /* A memory gather or scatter (FORM_MGATHER, FORM_MSCATTER): its index
     * tile (the IR argument, and its buffer, set by the walk), the whole
     * tensor as the window, and pto-isa's Coalesce and GatherOOB (a
     * scatter is Coalesce::Elem); else NULL. */
    const IrExpr *index;
    struct LowerTile *index_tile;
    int8_t coalesce, oob;
    struct LowerTensor *tensor;     /* the parameter the tensor derives from (lower_tensor.h; set by the walk) */
    /* A load into a sub-view of the destination (FORM_GATHER_ROW,
     * tile.gather_row): the rule's facts (targets/legal_gather_row.c), the
     * sub-view's Tile type as PTO's pto.subview gives it and as the C++
     * Tile object (in the destination's MemRef, valid as the transfer),
     * and its address: the destination's plus sub_off bytes (INT64). */
    LegalGatherRow row;
    const IrType *sub_pto, *sub_cpp;
    const IrExpr *sub_off;
} LowerTransfer;

/* A communication op of a kernel, checked: between ranks (pld.system.*),
 * the rank or the number of ranks its context holds, or a signal's notify
 * or wait on one INT32 cell of a window-bound tensor (runtime/README.md,
 * "Ranks"); between a cluster's cores, an op of the cross-core pipe
 * (ir/ops_xcore.c): a buffer reserved or a peer's imported (an INT32
 * address), the pipe set up on its consumer buffers, a tile pushed, one
 * popped into a buffer of its own, a popped slot freed; and the prefetch
 * ops (pl.prefetch.*): a context over the kernel's SDMA workspace, a whole
 * flat tensor pulled into L2, the context's session, a wait for a
 * prefetch's event; the soft barrier of the blocks of a launch on a GM
 * workspace (pl.system.syncall(mode="soft", ...)); and the scalar unit's
 * element read and write of a tensor in global memory (block.gm_read,
 * block.gm_write: PTOAS pto.load_scalar / pto.store_scalar on the
 * tensor's base pointer at the element's flat offset); and the kernel's
 * on-core arrays (array.create, get_element, update_element: a PTO local
 * array, a C++ stack array, zero-filled where declared), whose storage the
 * walk traces as it traces a tensor's (a LowerTensor whose param is the
 * array.create's variable). */
typedef enum LowerCommKind {
    COMM_RANK, COMM_NRANKS, COMM_NOTIFY, COMM_WAIT,
    COMM_PIPE_RESERVE, COMM_PIPE_IMPORT, COMM_PIPE_INIT, COMM_PIPE_PUSH, COMM_PIPE_POP, COMM_PIPE_FREE,
    COMM_PREFETCH_CONTEXT, COMM_PREFETCH, COMM_PREFETCH_SESSION, COMM_PREFETCH_WAIT,
    COMM_SYNCALL_SOFT,
    COMM_LOAD_SCALAR, COMM_STORE_SCALAR,
    COMM_ARRAY_CREATE, COMM_ARRAY_GET, COMM_ARRAY_SET
} LowerCommKind;
/* Is communication op kind `what` one of the cross-core pipe's? */
static inline int lower_comm_is_pipe(int what) { return what >= COMM_PIPE_RESERVE && what <= COMM_PIPE_FREE; }
/* ... one of the prefetch's? */
static inline int lower_comm_is_prefetch(int what) { return what >= COMM_PREFETCH_CONTEXT && what <= COMM_PREFETCH_WAIT; }
typedef struct LowerComm {
    uint8_t what;                   /* LowerCommKind */
    uint8_t mode;                   /* notify: NOTIFY_ATOMIC_ADD or NOTIFY_SET; wait: WAIT_EQ or WAIT_GE */
    const IrExpr *ctx;              /* rank, nranks: the context (a MaterializeCommContext scalar); prefetch,
                                       session: the prefetch context; prefetch wait: the event */
    const IrExpr *session;          /* prefetch wait: the session */
    struct LowerTensor *tensor;     /* notify, wait: the signal's parameter (a window); prefetch: the source */
    const IrMakeTuple *offsets;     /* notify, wait: the cell */
    const IrExpr *peer;             /* notify: the rank signalled */
    const IrExpr *value;            /* notify: the value; wait: the value awaited */
    const IrExpr *bufs[2];          /* pipe init: the C2V and V2C consumer buffers (INT32 scalars) */
    struct LowerTile *tile;         /* pipe push: the tile pushed; pop: the buffer popped into */
    const char *core_type;          /* syncall soft: "aiv_only", "aic_only" or "mix" (tensor: the workspace,
                                       value: the cores taking part, 0 for all) */
    int64_t sizes[2];               /* syncall soft: the workspace's static shape (rank 1 or 2) */
    const IrExpr *flat;             /* load/store scalar: the element's offset in elements from the tensor's base
                                       (tensor: the tensor; value: the value stored); array get and set: the
                                       index (tensor: the array; value: the value set) */
} LowerComm;

/* Classifies transfer c (form how; dest its result, NULL when unused)
 * for output out (OUT_MLIR, OUT_CPP): 0, or -1 with a message for *at. */
int lower_transfer_classify(IrCtx *ir, OpOutput out, const IrVar *dest, const IrCall *c, IsaForm how,
                            LowerTransfer *t, Span *at, char *msg, size_t cap);

/* A kernel's parameters in the order both outputs take them (pto-mlir.md
 * 4.2, cpp.md 3): its Tensors, its Scalars, then each symbolic dimension
 * of a Tensor that no parameter or earlier dimension holds. */
/* Last, LOWER_PARAM_WORKSPACE (var NULL): the SDMA workspace the runtime
 * gives a kernel that makes a prefetch context (pypto's codegen appends it
 * as a hidden parameter too). */
typedef enum LowerParamKind { LOWER_PARAM_TENSOR, LOWER_PARAM_SCALAR, LOWER_PARAM_DIM, LOWER_PARAM_WORKSPACE } LowerParamKind;

typedef struct LowerParam {
    const IrVar *var;          /* the parameter, or the dimension's variable */
    const IrVar *tensor;       /* a dimension: the Tensor parameter it is read from */
    uint32_t axis;             /* a dimension: which */
    uint8_t kind;              /* LowerParamKind */
    int64_t mul, add;          /* a dimension: the axis's extent is mul * var + add (ir_dim_affine) */
} LowerParam;

/* The parameters of k->f in *list (in k->arena), checked and reported for
 * output out (OUT_MLIR, OUT_CPP): element types, parameters that are
 * neither Tensors nor Scalars, dimensions that are expressions of more
 * than one name or not linear in it.  A name that no tensor has as a
 * dimension of its own is read from one that is linear in it (B * 128).
 * Returns how many. */
uint32_t lower_kernel_params(LowerKernel *k, OpOutput out, LowerParam **list);

/* The kernel kind of f; KERNEL_NONE after reporting a kernel that uses
 * both the M and the V pipe (ops.md 8). */
KernelKind lower_kernel_kind(const IrFunc *f, DiagEngine *diag);

/* Where to report a problem with operand x of the statement at stmt: a
 * variable's own span is its definition, so a use is reported at the
 * statement. */
Span lower_span_of(Span stmt, const IrExpr *x);

#endif
