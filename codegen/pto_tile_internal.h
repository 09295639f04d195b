/* pto_tile_internal.h: what the files of the seed-05 tile IR emitter
 * share (pto_tile.c, pto_tile_value.c, pto_tile_op.c, pto_tile_mem.c,
 * pto_tile_flow.c): the op map's types, the values, the kernel being
 * written and the emitter's internal functions.  Private to the emitter;
 * codegen.h is the interface. */
#ifndef CODEGEN_PTO_TILE_INTERNAL_H
#define CODEGEN_PTO_TILE_INTERNAL_H

#include "codegen/codegen.h"
#include "codegen/lower.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "targets/tile_ir_rules.h"
#include "support/arena.h"
#include "support/ptrmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ the op map */

/* TileForm (each op class's seed-05 form) is tile_ir_rules.h's. */

typedef struct TileOp {
    const char *mnemonic;   /* after "pto.tile." */
    const char *isa;        /* the event's producer */
    uint8_t form;           /* TileForm (tile_ir_rules.h) */
    const char *why;        /* TF_NONE */
    char buf[32];
} TileOp;

/* ----------------------------------------------------------------- values */

typedef enum ValueKind {
    VAL_SCALAR,
    VAL_TILE,
    VAL_TENSOR,
    VAL_SCRATCH,   /* block.create_tile: usable only where a scratch operand is dropped */
    VAL_POISON,    /* its definition was an error (already reported) */
} ValueKind;

/* What an IR variable is in the output. */
typedef struct Value {
    uint8_t kind;            /* ValueKind */
    uint8_t loc;             /* tile: MemorySpace */
    uint8_t dtype;           /* scalar: DataType */
    uint32_t param;          /* tensor: the parameter whose memref it is */
    const char *name;        /* SSA name; a tensor's is its parameter's */
    const char *type;        /* rendered type */
    const char *event;       /* tile, --async: its producer's event, or NULL */
    const char *producer;    /* ISA name in that event's type */
    const IrType *ir_type;   /* tile, tensor */
} Value;

/* One kernel being written. */
typedef struct Fn {
    LowerKernel k;             /* the program, options, function, output, arena */
    PtrMap values;             /* IrVar -> Value */
    PtrMap consts;             /* interned "type literal" -> name */
    PtrMap tile_types[MS_COUNT]; /* IrType -> rendered tile type ("" after an error) */
    StrBuf consts_text;        /* constants, written at the top of the body */
    uint32_t next_tile, next_num, next_float;
    uint8_t *loaded, *stored;  /* per parameter (--async memory rule) */
    unsigned errors;
} Fn;

const char *pt_fmt(Fn *F, const char *format, ...) __attribute__((format(printf, 2, 3)));
const char *pt_sb_arena(Fn *F, StrBuf *sb);
void pt_error(Fn *F, Span span, const char *format, ...) __attribute__((format(printf, 3, 4)));
void pt_op_error(Fn *F, const IrCall *c, const char *format, ...) __attribute__((format(printf, 3, 4)));
void pt_put_text(StrBuf *out, const StrBuf *text);
Value *pt_new_value(Fn *F, ValueKind kind, const char *name, const char *type);
void pt_bind(Fn *F, const IrVar *var, const Value *v);
const Value *pt_lookup(Fn *F, const IrExpr *e, Span span);
void pt_poison_unbound(Fn *F, const IrVar *var);
const char *pt_mlir_dtype(DataType dt, int scalar);
const char *pt_tile_type(Fn *F, const IrType *t, MemorySpace loc, Span span);
const char *pt_memref_type(Fn *F, const IrType *t, Span span);
const char *pt_int_const(Fn *F, int64_t v, DataType dt);
const char *pt_scalar_as(Fn *F, const IrExpr *e, DataType dt);
const IrMakeTuple *pt_tuple_arg(Fn *F, const IrCall *c, uint32_t i, const char *what);
const Value *pt_tile_arg(Fn *F, const IrCall *c, uint32_t i);
const char *pt_valid_attr(Fn *F, const IrType *t, Span span);
void pt_put_event_type(Fn *F, const char *isa);
void pt_put_results(Fn *F, uint32_t id, int tile);
void pt_put_waits(Fn *F, const Value *const *tiles, uint32_t n);
Value *pt_tile_value(Fn *F, uint32_t id, const char *type, const IrType *t, MemorySpace loc, const char *isa);
const IrType *pt_result_type(const IrCall *c, const IrVar *result);
void pt_emit_load(Fn *F, const IrCall *c, const IrVar *result);
void pt_emit_store(Fn *F, const IrCall *c, const IrVar *result);
void pt_emit_block_op(Fn *F, const IrCall *c, const OpDef *op, const IrVar *result);
void pt_emit_body(Fn *F, const IrStmt *body);

static inline void begin(Fn *F) { sb_indent(F->k.out, F->k.indent); }
static inline void end(Fn *F) { sb_putc(F->k.out, '\n'); }
static inline int shape_const(const IrType *t, uint32_t d, int64_t *v) { return ir_dim_value(t->dims[d], v); }
static inline const char *next_num(Fn *F) { return pt_fmt(F, "%%%u", F->next_num++); }
static inline const char *index_value(Fn *F, const IrExpr *e) { return pt_scalar_as(F, e, DT_INT64); }

#endif
