/* lower_list.h: a kernel lowered once for a printer of pto-isa operations
 * (PTO MLIR, C++), as data.
 *
 * LowerTiles walks the kernel's statements once (lower_flow.c and its
 * pto-isa layer, lower_isa.c) and writes down what it decided, in
 * statement order: each Tensor parameter's view, each transfer with its
 * tile buffer, view and checked offsets, each op as classified with its
 * buffers, each system op with its pipes and event, each scalar
 * definition (checked), and the control flow with its carried positions.
 * Every instruction has the source span of the statement it came from.
 * Beside the instructions, the list has every variable the kernel
 * defines and each one's number of reads (outside a return), which a
 * printer needs for its names and its unused values, so that nothing
 * walks the IR after the lowering.
 * A kernel the lowering reported an error in has no list to print.
 *
 * The printers spell the list in order and decide nothing: a tile buffer
 * (LowerTile), a tensor view (LowerTensor) and a scalar value get a
 * spelling where the printer first needs one.  --dump-after=lower prints
 * the list (lower_list_dump). */
#ifndef PYPTOCC_LOWER_LIST_H
#define PYPTOCC_LOWER_LIST_H

#include <stdint.h>

#include "codegen/lower_flow.h"
#include "codegen/mlir_text.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

typedef enum LowerInstKind {
    LI_VIEW,          /* a Tensor parameter's view, before the body (tensor) */
    LI_TRANSFER,      /* a load, store or l0c_store (dest, call, u.t) */
    LI_OP,            /* a block op with a Tile result (dest, call, op, u.op) */
    LI_BLOCK_IDX,     /* dest = the block index (call, op) */
    LI_SYSTEM,        /* a flag or a barrier (u.sys) */
    LI_COMM,          /* a communication op (dest, call, op, u.comm) */
    LI_SCALAR,        /* a scalar definition, checked (assign) */
    LI_COPY,          /* a Tile variable names its value's buffer (assign, value_kind) */
    LI_TUPLE,         /* a tuple built (assign, tuple) */
    LI_UNPACK,        /* element k of a tuple unpacked (assign, tuple, k) */
    LI_LOOP,          /* a for or a while begins (region): its head */
    LI_CARRY,         /* its position k's initial value (region, k) */
    LI_LOOP_BODY,     /* its body begins */
    LI_LOOP_END,      /* its body ends */
    LI_IF,            /* an if begins (region): its condition */
    LI_IF_RESULT,     /* its result k, before it (region, k) */
    LI_THEN,          /* the then-branch begins */
    LI_ELSE,          /* the else-branch begins */
    LI_IF_END,        /* the if ends */
    LI_YIELD,         /* position k of a yield gets x (region, k, x) */
    LI_YIELD_END,     /* the yield's positions are given (region) */
} LowerInstKind;
enum { LI_COUNT = LI_YIELD_END + 1 };

/* A classified block op and its buffers. */
typedef struct LowerOpInst {
    LowerOp lo;
    LowerOpTiles b;
} LowerOpInst;

typedef struct LowerInst {
    struct LowerInst *next;
    uint8_t kind;              /* LowerInstKind */
    uint8_t value_kind;        /* LI_COPY: LowerValueKind */
    uint32_t k;                /* a position or a tuple element */
    Span span;                 /* the statement it lowers */
    const IrVar *dest;         /* the result; NULL when it is not kept */
    const IrCall *call;
    const OpDef *op;
    const IrAssign *assign;
    const IrExpr *x;           /* LI_YIELD: the yielded value */
    LowerRegion *region;
    LowerTuple *tuple;
    LowerTensor *tensor;       /* LI_VIEW */
    union {
        LowerOpInst *op;       /* LI_OP */
        LowerTransfer *t;      /* LI_TRANSFER */
        SystemLowering *sys;   /* LI_SYSTEM */
        LowerComm *comm;       /* LI_COMM */
    } u;
} LowerInst;

/* What the lowering needs to know of the output it lowers for: which of
 * an op's spellings, the words of its messages, and the forms its
 * instructions take (targets/arch.h, lower_flow.h). */
typedef struct LowerTarget {
    OpOutput spelling;         /* OUT_MLIR or OUT_CPP */
    const char *output;        /* "PTO", "C++": the output, for messages */
    const char *addr_hint;     /* ends a message about a missing address */
    int static_strides;        /* tensor views have static strides (target_static_strides) */
    int (*float_spelled)(double d, int dtype);   /* the output has a literal of value d in dtype */
    /* The output's spelling of a tile type, for messages. */
    const char *(*tile_text)(void *printer, const IrType *t, int fillpad);
    void *printer;
} LowerTarget;

/* One kernel's list. */
typedef struct LowerList {
    const IrFunc *f;
    LowerParam *params;        /* the parameters in the outputs' order (lower_kernel_params) */
    uint32_t nparams;
    LowerInst *first;
    LowerInst **tail;
    uint32_t ninsts;
    unsigned errors;           /* the lowering's reports: nothing to print when nonzero */
    /* The variables the kernel defines: its parameters, then in the order
     * of the statements that define them (lower_flow.h, var_def), so that
     * a name a printer makes up can avoid theirs; and how often each
     * variable is read outside a return (lower_list_reads). */
    const IrVar **defs;
    uint32_t ndefs, defs_cap;
    PtrMap reads;              /* IrVar -> its number of reads, as a pointer-sized integer */
} LowerList;

/* Lowers the kernel k->f for target t into *L (its instructions in
 * k->arena); the errors are reported, and counted in L->errors.
 * lower_list_free frees what is not in the arena. */
void lower_kernel_list(LowerKernel *k, const LowerTarget *t, LowerList *L);
void lower_list_free(LowerList *L);

/* How often the kernel reads v outside a return (0: never). */
static inline uint32_t lower_list_reads(const LowerList *L, const IrVar *v)
{
    return (uint32_t)(uintptr_t)ptrmap_get(&L->reads, v);
}

/* A printer spells each kind of instruction with a function of its own
 * (NULL: the kind writes nothing in its output).  lower_list_print calls
 * them in order, with k->stmt_span the instruction's. */
typedef void (*LowerSpell)(void *printer, const LowerInst *I);
void lower_list_print(LowerKernel *k, const LowerList *L, const LowerSpell spell[LI_COUNT], void *printer);

/* -g for an MLIR printer (k->locs): lower_list_print gives each
 * instruction's lines its statement's location, a region's lines its
 * loop's or if's (mlir_text.h, MlirLocs); the lines of each buffer are
 * given theirs once. */
typedef struct LowerLocMark {
    const StrBuf *buf;
    size_t done;
} LowerLocMark;
typedef struct LowerLocs {
    MlirLocs m;
    LowerLocMark *marks;
    uint32_t nmarks, cap;
} LowerLocs;
void lower_locs_init(LowerLocs *L, SourceFile *src);
void lower_locs_free(LowerLocs *L);

/* An else-branch written aside, so that one that writes nothing is left
 * out: lower_aside_begin at its LI_ELSE, lower_aside_join at the LI_IF_END,
 * which writes else_line (at the if's indentation) and the branch when it
 * wrote anything.  Joining an if with no else-branch does nothing. */
typedef struct LowerAside {
    StrBuf *outer;
    StrBuf text;
} LowerAside;
void lower_aside_begin(LowerKernel *k, LowerAside *a);
void lower_aside_join(LowerKernel *k, LowerAside *a, const char *else_line);

/* The list as text, for --dump-after=lower: one line per instruction,
 * naming IR variables and buffers by number. */
void lower_list_dump(StrBuf *out, LowerKernel *k, const LowerList *L, const char *output);

#endif
