/* mlir_text.h: the bookkeeping of an MLIR text emitter: SSA value names,
 * the constant pool and indentation (pto-mlir.md 4).
 *
 * Names: every SSA name of a function is claimed once; a wanted name that
 * is already taken falls back to the next free numeric name (%0, %1, ...),
 * whose counter starts at 0 per function and skips taken names.
 *
 * Constants: every constant of a function is emitted once at the top of its
 * body, deduplicated by (value, type) and ordered by group (tile addresses,
 * tensor-view operands, then the body's constants) and, within a group, by
 * first use.  The float names (%cst, %cst_<n>) depend on that final
 * position, so an emitter interns every constant in a first pass, orders the
 * pool, and only then writes text. */
#ifndef PYPTOCC_MLIR_TEXT_H
#define PYPTOCC_MLIR_TEXT_H

#include <stdint.h>

#include "support/intern.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

typedef struct MlirNames {
    Interner strs;       /* every name and type string handed out */
    PtrMap taken;        /* interned name -> non-NULL when claimed */
    uint32_t next;       /* next numeric name to try */
} MlirNames;

void mlir_names_init(MlirNames *n);
void mlir_names_free(MlirNames *n);
/* A new function: nothing taken, numeric names from %0 again. */
void mlir_names_reset(MlirNames *n);
/* An interned copy of s (names, MLIR type strings). */
const char *mlir_str(MlirNames *n, const char *s);
/* Claims "%<sanitised base><suffix>", or the next free numeric name if that
 * is taken.  Sanitising maps every character outside [A-Za-z0-9_.$] to '_'
 * and prefixes a leading digit with '_'. */
const char *mlir_name_claim(MlirNames *n, const char *base, const char *suffix);
/* Claims exactly this name (with its '%'); NULL when already taken. */
const char *mlir_name_claim_exact(MlirNames *n, const char *name);
/* The next free numeric name. */
const char *mlir_name_fresh(MlirNames *n);

typedef enum MlirConstKind { MLIR_CONST_INT, MLIR_CONST_FLOAT, MLIR_CONST_BOOL } MlirConstKind;

typedef struct MlirConst {
    uint8_t kind;        /* MlirConstKind */
    uint8_t group;       /* lower groups are emitted first */
    const char *type;    /* interned MLIR type: "index", "i64", "f32"; NULL for bool */
    int64_t i;           /* int and bool value */
    double d;            /* float value */
    uint32_t seq;        /* first use within its group */
    const char *name;    /* after mlir_consts_finish */
} MlirConst;

typedef struct MlirConstPool {
    MlirConst *items;
    uint32_t n, cap;
    uint32_t *slots;     /* open addressing: item index + 1, 0 = empty */
    uint32_t nslots;
    uint32_t seq;
} MlirConstPool;

void mlir_consts_init(MlirConstPool *p);
void mlir_consts_free(MlirConstPool *p);
void mlir_consts_reset(MlirConstPool *p);
/* Finds or adds a constant (type interned by the caller; NULL for bool) and
 * returns it.  A constant used again from a lower group moves there. */
const MlirConst *mlir_const(MlirConstPool *p, MlirConstKind kind, const char *type, int64_t i, double d,
                            unsigned group);
/* Orders the pool by (group, first use) and names every constant, claiming
 * the names in n. */
void mlir_consts_finish(MlirConstPool *p, MlirNames *n);
/* "  %c64_index = arith.constant 64 : index" lines, in pool order. */
void mlir_consts_print(const MlirConstPool *p, StrBuf *out, int indent);

/* A double as the pool prints it ("%.17e"); 0 when it is not finite. */
int mlir_float_text(double d, char *buf, size_t cap);

#endif
