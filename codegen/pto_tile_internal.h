/* pto_tile_internal.h: what the files of the seed-05 tile IR printer share
 * (pto_tile.c, pto_tile_value.c, pto_tile_op.c, pto_tile_mem.c,
 * pto_tile_flow.c): the values as spelled, the kernel being written and
 * the printer's internal functions.  Private to the printer; codegen.h is
 * the interface. */
#ifndef CODEGEN_PTO_TILE_INTERNAL_H
#define CODEGEN_PTO_TILE_INTERNAL_H

#include "codegen/codegen.h"
#include "codegen/lower.h"
#include "codegen/lower_tir.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "support/arena.h"
#include "support/ptrmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* What an IR variable is in the output: the lowering's value (what it is)
 * and its spelling. */
typedef struct Value {
    const TirValue *v;       /* kind, location, type, producer; a scalar's type */
    uint8_t dtype;           /* scalar: DataType */
    const char *name;        /* SSA name; a memref's is its parameter's */
    const char *type;        /* rendered type */
    const char *event;       /* tile with events: its producer's event, or NULL */
} Value;

/* One kernel being written. */
typedef struct Fn {
    LowerKernel k;             /* the program, options, function, output, arena */
    PtrMap values;             /* IrVar -> Value */
    PtrMap consts;             /* interned "type literal" -> name */
    PtrMap tile_types[MS_COUNT]; /* IrType -> rendered tile type */
    StrBuf consts_text;        /* constants, written at the top of the body */
    uint32_t next_tile, next_num, next_float;
    MlirLocs locs;             /* -g: the locations of the lines */
    size_t line_start;         /* where the line being written begins */
    char func_loc[4096];       /* -g: the function's location, for its constants and its return; else "" */
} Fn;

const char *pt_fmt(Fn *F, const char *format, ...) __attribute__((format(printf, 2, 3)));
const char *pt_sb_arena(Fn *F, StrBuf *sb);
void pt_put_text(StrBuf *out, const StrBuf *text);
Value *pt_new_value(Fn *F, const TirValue *v, const char *name, const char *type);
void pt_bind(Fn *F, const IrVar *var, const Value *v);
/* The value of variable e, which the lowering bound. */
const Value *pt_lookup(Fn *F, const IrExpr *e);
const char *pt_mlir_dtype(DataType dt, int scalar);
const char *pt_tile_type(Fn *F, const IrType *t, MemorySpace loc);
const char *pt_memref_type(Fn *F, const IrType *t);
const char *pt_int_const(Fn *F, int64_t v, DataType dt);
const char *pt_scalar_as(Fn *F, const IrExpr *e, DataType dt);
const char *pt_valid_attr(Fn *F, const IrType *t);
void pt_put_event_type(Fn *F, const char *isa);
void pt_put_results(Fn *F, uint32_t id, int tile);
void pt_put_waits(Fn *F, const Value *const *tiles, uint32_t n);
Value *pt_tile_value(Fn *F, uint32_t id, const TirValue *v, const char *type);
void pt_emit_compute(Fn *F, const IrVar *dest, const TirCompute *c);
void pt_emit_load(Fn *F, const IrVar *dest, const TirTransfer *t);
void pt_emit_store(Fn *F, const IrVar *dest, const TirTransfer *t);
void pt_print_list(Fn *F, const TirList *L);

static inline void begin(Fn *F)
{
    F->line_start = F->k.out->len;
    sb_indent(F->k.out, F->k.indent);
}

/* Ends the line; with -g, with the location of the statement being
 * spelled (an op's), or none (MlirLocs: a region's goes on its closing
 * brace). */
static inline void end(Fn *F)
{
    sb_putc(F->k.out, '\n');
    if (F->k.o->debug)
        mlir_locs_lines(&F->locs, F->k.out, F->line_start, F->k.loc_span);
}
static inline int shape_const(const IrType *t, uint32_t d, int64_t *v) { return ir_dim_value(t->dims[d], v); }
static inline const char *next_num(Fn *F) { return pt_fmt(F, "%%%u", F->next_num++); }
static inline const char *index_value(Fn *F, const IrExpr *e) { return pt_scalar_as(F, e, DT_INT64); }

#endif
