/* lower_tir_internal.h: what the files of the tile IR's lowering share
 * (lower_tir.c: the kernel, its values, scalar code and control flow;
 * lower_tir_ops.c: the ops; lower_tir_dump.c: the list as text).  Private
 * to them; lower_tir.h is the interface. */
#ifndef PYPTOCC_LOWER_TIR_INTERNAL_H
#define PYPTOCC_LOWER_TIR_INTERNAL_H

#include "codegen/lower_tir.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/ptrmap.h"

typedef struct Tir {
    LowerKernel *k;
    int events;                  /* instructions carry event tokens (target_has_events) */
    TirList *L;
    TirInst **tail;
    PtrMap values;               /* IrVar -> TirValue, or the poison after an error */
    PtrMap bad_types[MS_COUNT];  /* tile types reported, per location (each once) */
    uint8_t *loaded, *stored;    /* per parameter (events: the memory rule) */
} Tir;

void tir_report(Tir *K, Span at, const char *msg);
/* "'pl.block.add': ..." at the call. */
void tir_op_error(Tir *K, const IrCall *c, const char *format, ...) __attribute__((format(printf, 3, 4)));
/* A variable's value; NULL, quietly, after an error or for one that is
 * not a variable. */
const TirValue *tir_value(Tir *K, const IrExpr *e);
/* The same where the output names the variable: NULL, reported, for one
 * without a value or an expression that is not a variable. */
const TirValue *tir_lookup(Tir *K, const IrExpr *e, Span at);
TirValue *tir_new_value(Tir *K, TirKind kind, const IrType *type, MemorySpace loc);
/* sb's text, kept with the list. */
const char *tir_text(Tir *K, const StrBuf *sb);
/* e as a scalar of type dt, as the printer computes it (its variables
 * scalars with a value, its ops and literals ones seed 05 has): 0 when it
 * has none, reported, or quietly after an error. */
int tir_scalar_as(Tir *K, const IrExpr *e, DataType dt);
/* A tile type of a result in loc, checked (each bad one reported once). */
int tir_result_type(Tir *K, const IrType *t, MemorySpace loc, Span at);
/* A new instruction at the end of the list. */
TirInst *tir_add(Tir *K, TirInstKind kind);

/* A block op called in a kernel, its result kept in dest (or NULL): its
 * seed-05 form and rules, and its instruction (lower_tir_ops.c); the value
 * of its result, or NULL after an error. */
const TirValue *tir_call(Tir *K, const IrCall *c, const IrVar *dest);

#endif
