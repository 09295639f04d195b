/* pto_mlir_internal.h: what the files of the PTO MLIR emitter share
 * (pto_mlir.c, pto_mlir_value.c, pto_mlir_op.c, pto_mlir_flow.c): the
 * scalar MLIR types, the emitter's state and its internal functions.
 * Private to the emitter; codegen.h is the interface. */
#ifndef CODEGEN_PTO_MLIR_INTERNAL_H
#define CODEGEN_PTO_MLIR_INTERNAL_H

#include "codegen/codegen.h"
#include "codegen/lower.h"
#include "codegen/lower_list.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ MLIR types */

/* Scalar MLIR types (pto-mlir.md 8). */
typedef enum Sc { SC_NONE, SC_I1, SC_I8, SC_I16, SC_I32, SC_I64, SC_INDEX, SC_F16, SC_BF16, SC_F32 } Sc;

/* ------------------------------------------------------------ the state */

/* What an SSA value stands for: a scalar, a tile buffer (lower_tile.h
 * decides which; its Value is the LowerTile's data), or a tensor
 * parameter's pointer. */
typedef struct Value {
    const char *name;          /* "%tile_a_0": a placeholder until settled (mlir_text.h) */
    const char *type;          /* MLIR type text (interned) */
    uint8_t sc;                /* Sc of a scalar; SC_NONE for a tile */
    uint8_t uns;               /* unsigned integer scalar */
} Value;

/* The tensor view of a kernel parameter: its LowerTensor's data. */
typedef struct View {
    const char *name;          /* "%a_0_view" (a placeholder) */
    const char *base;          /* "a_0", the parameter: partition views are "%a_0_pview" */
    const char *type;          /* "!pto.tensor_view<?x?xf32>" */
    const char *elem;          /* "f32" */
} View;

typedef struct Emitter {
    LowerKernel k;             /* the program, options, kernel, output, arena */
    StrBuf body;               /* the current function's body, with placeholders */
    unsigned errors;
    unsigned const_group;      /* group of the constants interned now: 0 addresses, 1 views, 2 body */
    MlirNames names;
    MlirConstPool consts;
    PtrMap values;             /* IrVar -> Value */
    const Value *workspace;    /* the kernel's SDMA workspace parameter (LOWER_PARAM_WORKSPACE), or NULL */
    PtrMap tile_types;         /* IrType (+1 with fillpad) -> its !pto.tile_buf spelling, for the module */
    /* What a variable stands for after the op defining it failed: uses of
     * it report nothing more. */
    Value poison;
    KernelKind kind;           /* of the kernel being written */
    const char *gm_pipe;       /* its cross-core pipe's global-memory rings (A2/A3), a parameter; or NULL */
} Emitter;

enum { GROUP_ADDR, GROUP_VIEW, GROUP_BODY };

static const char *const sc_text[] = {"?", "i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32"};
static const int sc_bits[] = {0, 1, 8, 16, 32, 64, 64, 16, 16, 32};
/* PTOAS 0.60 has one location for both MX scale buffers (its EmitC tells
 * them apart by the f8E8M0 element type). */
static const char *const loc_text[MS_COUNT] = {"gm", "vec", "mat", "left", "right", "acc", "bias", "scaling", "scaling"};

Sc pm_sc_of(int dt, int elem);
StrBuf *pm_line(Emitter *E);
Value *pm_new_value(Emitter *E, const char *name, const char *type, Sc sc, int uns);
Value *pm_scalar_value(Emitter *E, const char *name, Sc sc, int uns);
const char *pm_result_name(Emitter *E, const IrVar *dest);
const Value *pm_const_int(Emitter *E, Sc sc, int64_t v);
const char *pm_addr_const(Emitter *E, int64_t addr);
const Value *pm_convert(Emitter *E, const Value *v, int to_dt, int elem, const IrVar *dest);
const Value *pm_unsigned_typed(Emitter *E, const Value *v);
const Value *pm_scalar(Emitter *E, const IrExpr *x, int to_dt, int elem, const IrVar *dest);
const char *pm_tile_type(Emitter *E, const IrType *t, int fillpad);
const Value *pm_tile(Emitter *E, LowerTile *t, const IrVar *v, const char *suffix);
void pm_make_view(Emitter *E, LowerTensor *T);
View *pm_view_at(Emitter *E, const LowerTensor *T, const char *ptr, const char *suffix);
void pm_emit_comm(Emitter *E, const IrVar *dest, const LowerComm *lc);
void pm_emit_transfer(Emitter *E, const IrVar *dest, const IrCall *c, const LowerTransfer *t);
void pm_emit_isa_op(Emitter *E, const IrVar *dest, const IrCall *c, const LowerOp *lo, const LowerOpTiles *b);
void pm_print_list(Emitter *E, const LowerList *L);
/* pto_mlir_pipe.c: the cross-core pipe's ops, and the parameter of its
 * global-memory rings that a kernel setting one up on A2/A3 takes (its
 * name, or NULL). */
void pm_emit_pipe(Emitter *E, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerComm *lc);
const char *pm_pipe_gm_param(const LowerList *L, const CodegenOptions *o);
/* The functions of prog that share a cross-core pipe with kernel, directly
 * or through others (import_peer_buffer names them), in program order,
 * into out (room for prog->n): a kernel's own module holds them too, as
 * PTOAS checks each import against its peer's reserve and pipe. */
uint32_t pm_pipe_peers(const IrProgram *prog, const IrFunc *kernel, const IrFunc **out);
/* PTOAS's pairing of the pipe's two sides, as located errors in function
 * only (every one when NULL; 1 after one): an import names a peer function reserving that buffer; each
 * initialize_pipe has one of the other core, same id, dir_mask and
 * slot_size, in a function it shares a buffer with. */
int pm_pipe_pairs_check(const IrProgram *prog, const IrFunc *only, DiagEngine *diag);
int pm_float_spelled(double d, int dtype);

static inline const char *opname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }
static inline void bind(Emitter *E, const IrVar *v, const Value *val) { ptrmap_put(&E->values, v, (void *)val); }
static inline const Value *const_index(Emitter *E, int64_t v) { return pm_const_int(E, SC_INDEX, v); }
static inline const Value *index_value(Emitter *E, const IrExpr *x) { return pm_scalar(E, x, DT_INT64, 0, NULL); }

#endif
