/* check_tile_ir.h: what the files of CheckTileIR share (check_tile_ir.c:
 * the pass, its values, parameters, scalar code, control flow;
 * check_tile_ir_ops.c: the ops).  Private to the pass. */
#ifndef PYPTOCC_CHECK_TILE_IR_H
#define PYPTOCC_CHECK_TILE_IR_H

#include "ir/visit.h"
#include "targets/legal_rules.h"
#include "passes/pass.h"
#include "targets/tile_ir_rules.h"
#include "support/arena.h"

/* What a kernel's variable is in seed 05's tile IR, as the printer will
 * have it: a tile in a location, a create_tile buffer (no value), a memref
 * (the parameter it is), a scalar. */
typedef enum TirKind { TV_TILE, TV_SCRATCH, TV_TENSOR, TV_SCALAR } TirKind;

typedef struct TirValue {
    uint8_t kind;            /* TirKind */
    uint8_t loc;             /* tile: MemorySpace */
    uint32_t param;          /* tensor: the kernel parameter */
    const IrType *type;      /* tile, tensor: the type it is written with */
    const char *producer;    /* tile, --async: the instruction whose event it carries, or NULL */
} TirValue;

typedef struct Check {
    PassCtx *pc;
    const IrFunc *f;             /* the kernel */
    Arena arena;
    PtrMap values;               /* IrVar -> TirValue, or &poison after an error */
    PtrMap tuples;               /* the tuples the kernel builds (reported once, where built) */
    PtrMap bad_types[MS_COUNT];  /* tile types reported, per location (each once) */
    uint8_t *loaded, *stored;    /* per parameter of the kernel (--async's memory rule) */
    int failed;
} Check;

void tile_ir_report(Check *K, Span at, const char *msg);
/* A variable's value; NULL, quietly, after an error or for one that is
 * not a variable. */
const TirValue *tile_ir_value(Check *K, const IrExpr *e);
/* The same where the output names the variable: NULL, reported, for one
 * without a value or an expression that is not a variable. */
const TirValue *tile_ir_lookup(Check *K, const IrExpr *e, Span at);
/* Whether e is a variable left without a value by an error. */
int tile_ir_poisoned(Check *K, const IrExpr *e);
const TirValue *tile_ir_new_value(Check *K, TirKind kind, const IrType *type, MemorySpace loc);
/* sb's text, kept until the pass ends. */
const char *tile_ir_text(Check *K, const StrBuf *sb);
/* e as a scalar of type dt, computed as the printer computes it (its
 * variables scalars with a value, its ops and literals ones seed 05 has):
 * 0 when it has none, reported, or quietly after an error. */
int tile_ir_scalar_as(Check *K, const IrExpr *e, DataType dt);
/* A tile type of a result in loc, checked (each bad one reported once). */
int tile_ir_result_type(Check *K, const IrType *t, MemorySpace loc, Span at);

/* A block or system op called in a kernel, its result kept in dest (or
 * NULL): the op's seed-05 form and its rules (check_tile_ir_ops.c); the
 * value of its result, or NULL after an error. */
const TirValue *tile_ir_check_call(Check *K, const IrCall *c, const IrVar *dest);

#endif
