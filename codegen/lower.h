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

#include "codegen/codegen.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "targets/arch.h"
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

/* Whether data type dt has an element type in both outputs (ops.md 2). */
int lower_dtype_ok(DataType dt);

/* The static geometry of a tile buffer (pto-mlir.md 5.1, cpp.md 4.1). */
typedef struct TileGeom {
    int64_t rows, cols;    /* a 1-D tile [N] is 1 x N */
    int64_t vrows, vcols;  /* the valid part: a constant valid_shape, else all */
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

/* f's scratch region (ir_func_scratch: region, planned by passes.md 5.8)
 * holds a tmp of need bytes for op; *addr is its address. */
int lower_scratch(const IrFunc *f, const IrMemRef *region, uint64_t need, const char *op, const char *hint,
                  int64_t *addr, char *msg, size_t cap);

/* Rules Legalize checks too (targets/legal_rules.h), which the emitters
 * check again as a defence. */
static inline int lower_tensor_view(const IrType *t, const char *what, int *dn, char *msg, size_t cap)
{
    return legal_tensor_view(t, what, dn, msg, cap);
}
static inline int lower_static_strides(const IrType *t, int dn, const char *what, int64_t stride[2], int64_t *len,
                                       char *msg, size_t cap)
{
    return legal_static_strides(t, dn, what, stride, len, msg, cap);
}
static inline int lower_transfer_lists(const IrCall *c, const IrMakeTuple **offs, const IrMakeTuple **shapes,
                                       char *msg, size_t cap)
{
    return legal_transfer_lists(c, offs, shapes, msg, cap);
}
static inline int lower_transfer_shape(const IrCall *c, const IrType *tile, const IrMakeTuple *offs,
                                       const IrMakeTuple *shapes, uint32_t tensor_rank, int64_t size[2], Span *at,
                                       char *msg, size_t cap)
{
    return legal_transfer_shape(c, tile, offs, shapes, tensor_rank, size, at, msg, cap);
}
static inline int lower_equal_shapes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                                     const char *output, char *msg, size_t cap)
{
    return legal_equal_shapes(ir, c, result, from, n, output, msg, cap);
}
static inline int lower_equal_dtypes(IrCtx *ir, const IrCall *c, const IrType *result, uint32_t from, uint32_t n,
                                     const char *output, char *msg, size_t cap)
{
    return legal_equal_dtypes(ir, c, result, from, n, output, msg, cap);
}
static inline const char *lower_dims_text(const IrType *t, char *buf, size_t cap)
{
    return legal_dims_text(t, buf, cap);
}

/* block.move from space 'from' to 'to' on arch a (A2/A3 pairs: Mat to
 * Left or Right, Vec to Vec, Acc to Mat). */
int lower_move(Arch a, int from, int to, char *msg, size_t cap);

/* The operand spaces and sizes of a matrix multiply (legal_matmul). */
static inline int lower_matmul(int lspace, int rspace, int dspace, const IrType *lt, const IrType *rt, const char *op,
                               char *msg, size_t cap)
{
    return legal_matmul(lspace, rspace, dspace, lt, rt, op, msg, cap);
}

/* A block op with a tile result, classified for a pto-isa output
 * (lower_op.c): the IR arguments its instruction takes, in order after
 * the result, and what else the printers spell. */
typedef enum LowerTmp {
    LOWER_TMP_NONE,
    LOWER_TMP_RESULT,      /* a scratch tile typed like the result */
    LOWER_TMP_WORDS,       /* ... holding its bytes in 4-byte elements (SCRATCH_RESULT_WORDS) */
    LOWER_TMP_CVT,         /* an i8 [1, bytes] tile: a narrowing conversion's (target_cvt_scratch) */
    LOWER_TMP_SOURCE,      /* ... like argument 0 (a row reduction) */
} LowerTmp;

typedef struct LowerOp {
    uint8_t how;           /* IsaForm */
    uint8_t nin;           /* inputs, after the result */
    uint8_t in[8];         /* the IR argument of each input */
    int8_t in_dtype[8];    /* the element type a scalar input converts to */
    int8_t mode;           /* FORM_CAST: round mode 0-6; FORM_CMP: comparison 0-5; else -1 */
    uint8_t acc;           /* the result is also the first input, in argument 0's buffer (matmul_acc) */
    uint8_t tmp;           /* LowerTmp */
    uint8_t fillpad;       /* the result is a fillpad destination */
    int8_t apart;          /* the result must not share this argument's buffer (noalias); -1 */
    char isa[32];          /* the instruction in the output's spelling: "trowsum", "TROWSUM" */
} LowerOp;

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
    uint8_t how;                    /* FORM_LOAD, FORM_STORE, FORM_L0C_STORE */
    uint8_t tensor_arg;             /* the tensor's argument: 0 (load) or 3 (store) */
    const IrMakeTuple *offsets, *shapes;
    int64_t size[2];                /* the partition (the tile) shape */
    struct LowerTile *tile;   /* the buffer loaded into or stored from (lower_tile.h; set by the walk) */
    struct LowerTensor *tensor;     /* the parameter the tensor derives from (lower_tensor.h; set by the walk) */
} LowerTransfer;

/* Classifies transfer c (form how; dest its result, NULL when unused):
 * 0, or -1 with a message for *at. */
int lower_transfer_classify(IrCtx *ir, const IrVar *dest, const IrCall *c, IsaForm how, LowerTransfer *t, Span *at,
                            char *msg, size_t cap);

/* A kernel's parameters in the order both outputs take them (pto-mlir.md
 * 4.2, cpp.md 3): its Tensors, its Scalars, then each symbolic dimension
 * of a Tensor that no parameter or earlier dimension holds. */
typedef enum LowerParamKind { LOWER_PARAM_TENSOR, LOWER_PARAM_SCALAR, LOWER_PARAM_DIM } LowerParamKind;

typedef struct LowerParam {
    const IrVar *var;          /* the parameter, or the dimension's variable */
    const IrVar *tensor;       /* a dimension: the Tensor parameter it is read from */
    uint32_t axis;             /* a dimension: which */
    uint8_t kind;              /* LowerParamKind */
} LowerParam;

/* The parameters of k->f in *list (in k->arena), checked and reported for
 * output out (OUT_MLIR, OUT_CPP): element types, parameters that are
 * neither Tensors nor Scalars, dimensions that are expressions.  Returns
 * how many. */
uint32_t lower_kernel_params(LowerKernel *k, OpOutput out, LowerParam **list);

/* A system op (ops.md 7): a flag (set or wait) between two pipes with an
 * event id, or a barrier on a pipe ("V", "M", "ALL"). */
typedef struct SystemLowering {
    int flag;                /* 0: a barrier; 1: set_flag; 2: wait_flag */
    int set_pipe, wait_pipe; /* PipeKind */
    int64_t event;
    const char *barrier;
} SystemLowering;
int lower_system(const IrCall *c, const OpDef *op, SystemLowering *s, char *msg, size_t cap);

/* The kernel kind of f; KERNEL_NONE after reporting a kernel that uses
 * both the M and the V pipe (ops.md 8). */
KernelKind lower_kernel_kind(const IrFunc *f, DiagEngine *diag);

/* Where to report a problem with operand x of the statement at stmt: a
 * variable's own span is its definition, so a use is reported at the
 * statement. */
Span lower_span_of(Span stmt, const IrExpr *x);

#endif
