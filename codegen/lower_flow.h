/* lower_flow.h: the walk over a kernel's statements that the two
 * lowerings share: the pto-isa list for PTO MLIR and C++ (lower_list.c)
 * and the seed-05 tile IR's list (lower_tir.c).  No printer walks the IR.
 *
 * The walk classifies every statement once into target-neutral events (an
 * op call and its destination, a copy, a scalar definition, a tuple built
 * and unpacked, a yield with the loop or if whose results it gives, for /
 * while / if with their carried positions classified scalar, tile, tensor
 * or other) and makes the checks that do not depend on the output (an op
 * with no lowering in the client's spelling among them); a client
 * supplies one function per event and writes its list.  For the pto-isa
 * lowering (a client with isa_op) its pto-isa layer (lower_isa.c, called
 * at fixed points of the walk) also classifies each op and transfer and
 * checks its operand rules (lower_op.c), worded for the output, decides
 * and checks the buffer of every Tile variable (lower_tile.c: numbered
 * once, shared by copies, carried positions and yields, accumulators),
 * traces every tensor to the kernel parameter it derives from
 * (lower_tensor.c) and checks every scalar expression before the event
 * that hands it over (lower_scalar.c), so that the list it writes holds
 * decisions only and its printers have no user error left.
 *
 * What differs between the clients is a field or an optional event
 * (unkept ops for the tile IR, which checks them; its own wording of a
 * missing lowering; the body being walked, so that an if's branches can
 * be told apart). */
#ifndef PYPTOCC_LOWER_FLOW_H
#define PYPTOCC_LOWER_FLOW_H

#include <stdint.h>

#include "codegen/lower.h"
#include "codegen/lower_scalar.h"
#include "codegen/lower_tensor.h"
#include "codegen/lower_tile.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

/* What a value is in a kernel: the three kinds the lowerings model, and
 * everything else, which has no kernel form. */
typedef enum LowerValueKind { LOWER_SCALAR, LOWER_TILE, LOWER_TENSOR, LOWER_OTHER } LowerValueKind;

LowerValueKind lower_value_kind(const IrType *t);

/* A for, while or if whose body is being walked, for its yields. */
typedef struct LowerRegion {
    struct LowerRegion *up;
    const IrStmt *stmt;                  /* the for, while or if */
    uint32_t n;                          /* carried positions: the iter_args, or the if's results */
    const IrVar *const *ret;             /* what holds each position after the statement */
    const IrIterArg *const *iter_args;   /* loops: each position's iter_arg and initial value; NULL for an if */
    const uint8_t *kind;                 /* LowerValueKind of each position */
    uint32_t nscalar;                    /* positions of kind LOWER_SCALAR */
    const IrStmt *body;                  /* the body (loop) or branch (if) being walked */
    int yielded;                         /* the body (branch) walked last has yielded */
    LowerTile **tiles;             /* the pto-isa lowering, tile positions: the carried buffer */
    LowerTensor **tensors;         /* the pto-isa lowering, tensor positions: the carried parameter */
    /* the pto-isa lowering (lower_scalar.h): scalar positions whose type or
     * initial value failed its check (their yields are not handed over),
     * and whether the loop's bounds and step, or the while's or if's
     * condition, did (the list marks it). */
    uint8_t *bad;
    int head_failed;
    void *data;                          /* the client's */
} LowerRegion;

/* A tuple built in the kernel ("a, b = b, a + b"). */
typedef struct LowerTuple {
    const IrMakeTuple *make;
    const uint8_t *kind;                 /* LowerValueKind of each element; LOWER_OTHER after its error */
    LowerTile **tiles;             /* the pto-isa lowering: each tile element's buffer */
    LowerTensor **tensors;         /* the pto-isa lowering: each tensor element's parameter */
    void *data;                          /* what tuple_make returned */
} LowerTuple;

typedef struct LowerFlow LowerFlow;

/* The events, in the order the walk calls them.  W->client is the
 * client's state. */
typedef struct LowerFlowClient {
    OpOutput spelling;         /* OUT_MLIR, OUT_CPP, OUT_TILE: which of an op's lowerings */
    const char *output;        /* "PTO", "C++", "seed-05": the output, for messages */
    /* 1: an op whose result is not kept is still handed over (dest NULL),
     * for an output that writes and checks it; 0: it does nothing. */
    int unkept;
    void (*error)(LowerFlow *W, Span at, const char *msg);
    /* A block or system op with no lowering in this output (why says why,
     * from the op table); may be NULL: the walk's message. */
    void (*no_lowering)(LowerFlow *W, const IrCall *c, const OpDef *op, const char *why);
    /* Calls of registered ops; dest is NULL for a call whose value is not
     * kept.  A block op is a transfer (load, store, l0c_store), the block
     * index (a scalar), or an op with a Tile result (the others do
     * nothing when their result is not kept, unless unkept is set).  A
     * pto-isa lowering (isa_op) gets its transfers checked
     * (t, lower_transfer_classify) and no unused load; the others NULL. */
    void (*transfer)(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t);
    void (*block_idx)(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op);
    void (*tile_op)(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw);
    /* Instead of tile_op, for the pto-isa lowering: the op
     * classified and checked (lower_op_classify) for its spelling. */
    void (*isa_op)(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                   const LowerOpTiles *b);
    /* The pto-isa lowering gets its tile buffers decided and
     * checked (lower_tile.h): the hint that ends a message about a
     * missing address, and its spelling of a tile type in messages. */
    const char *addr_hint;
    const char *(*tile_text)(LowerFlow *W, const IrType *t, int fillpad);
    /* The pto-isa lowering gets every tensor traced to the
     * kernel's parameter it derives from (lower_tensor.h): each Tensor
     * parameter whose view passed its checks, before the body, for the
     * lowering to record its view (may be NULL); static_strides: the
     * output's views have static strides (C++'s GlobalTensor), which are
     * checked there too. */
    void (*tensor_param)(LowerFlow *W, LowerTensor *T);
    int static_strides;
    /* The pto-isa lowering: whether the output has a literal
     * of float value d in dtype (lower_scalar.c checks constants with it). */
    int (*float_spelled)(double d, int dtype);
    void (*system_op)(LowerFlow *W, const IrVar *dest, const SystemLowering *s);
    /* The pto-isa lowering: a communication op, checked (lower_isa_comm). */
    void (*comm)(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerComm *lc);
    /* a->var is a scalar defined by an expression or a copy (for a
     * pto-isa lowering, both checked: lower_scalar.h). */
    void (*scalar_def)(LowerFlow *W, const IrAssign *a);
    /* a->var, of kind k (not LOWER_SCALAR), copies a variable. */
    void (*copy)(LowerFlow *W, const IrAssign *a, LowerValueKind k);
    void *(*tuple_make)(LowerFlow *W, const IrAssign *a, const LowerTuple *t);
    void (*tuple_get)(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index);
    /* After an error, a definition that gave its variable no value leaves
     * it poisoned, so that its uses say nothing more. */
    int (*defined)(LowerFlow *W, const IrVar *v);
    void (*poison)(LowerFlow *W, const IrVar *v);
    /* for and while: begin; carry_init per position (not LOWER_OTHER),
     * 0 when it failed; open; the body; close. */
    void (*loop_begin)(LowerFlow *W, LowerRegion *R);
    int (*carry_init)(LowerFlow *W, LowerRegion *R, uint32_t k);
    void (*loop_open)(LowerFlow *W, LowerRegion *R);
    void (*loop_close)(LowerFlow *W, LowerRegion *R);
    /* if: begin; if_result per position (not LOWER_OTHER; may be NULL);
     * open; the then-branch; else_open and the else-branch, when the if
     * has one (a printer leaves out one that wrote nothing); close. */
    void (*if_begin)(LowerFlow *W, LowerRegion *R);
    void (*if_result)(LowerFlow *W, LowerRegion *R, uint32_t k);
    void (*if_open)(LowerFlow *W, LowerRegion *R);
    void (*else_open)(LowerFlow *W, LowerRegion *R);
    void (*if_close)(LowerFlow *W, LowerRegion *R);
    /* A yield of the right arity: each position not LOWER_OTHER, then
     * yield_end (may be NULL). */
    void (*yield_value)(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x);
    void (*yield_end)(LowerFlow *W, LowerRegion *R);
    /* Optional, before each statement's own events: every variable it
     * defines (an assignment's, a loop's variable, carried values and
     * results, an if's results), then every read of a variable in the
     * expressions it holds itself (not in its body's statements).  A
     * return's values are not read: a kernel gives nothing back. */
    void (*var_def)(LowerFlow *W, const IrVar *v);
    void (*var_read)(LowerFlow *W, const IrVar *v);
} LowerFlowClient;

struct LowerFlow {
    const LowerFlowClient *p;
    void *client;
    LowerKernel *k;            /* the client's: its program, options, output, statement, region; its arena has
                                  the walk's regions and tuples */
    int depth;                 /* control-flow nesting */
    PtrMap tuples;             /* IrVar -> LowerTuple */
    /* the pto-isa lowering: the tile buffers (lower_tile.c). */
    PtrMap tiles;              /* IrVar (Tile) -> LowerTile, or &poison_tile after an error */
    PtrMap preset;             /* IrVar (Tile) -> the carried buffer it is defined into */
    PtrMap by_memref;          /* without addresses: IrMemRef -> the buffer of its variables */
    uint32_t ntiles;
    LowerTile poison_tile;
    /* the pto-isa lowering: the tensors (lower_tensor.c). */
    PtrMap tensors;            /* IrVar (Tensor) -> LowerTensor, or &poison_tensor after an error */
    LowerTensor poison_tensor;
    /* the pto-isa lowering: which variables have a scalar value
     * (lower_scalar.c). */
    PtrMap scalars;            /* IrVar -> defined or poisoned */
    /* pl.system.set_ffts has given the FFTS unit its workspace (the
     * cross-core events of A2/A3 need it before them). */
    int ffts_set;
};

/* Reports a user error through the client. */
void lower_flow_error(LowerFlow *W, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Walks body for client p, whose state is `client` and begins with k. */
void lower_flow_run(const LowerFlowClient *p, void *client, LowerKernel *k, const IrStmt *body);

#endif
