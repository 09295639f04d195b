/* mlir_text.h: what the MLIR text emitters share (pto-mlir.md 4, 8, 13).
 *
 * Spellings, for both pto_mlir.c and pto_tile.c: element types (ops.md 2),
 * arith comparison predicates, constant names and float literals.  Where
 * the two targets differ on purpose, the difference is an argument (an
 * index constant is %c64 in seed 05 and %c64_index in PTO MLIR) or, for
 * the float literals, one function per form (PTO MLIR's "%.17e", seed 05's
 * shortest text).
 *
 * Bookkeeping, for the PTO MLIR emitter only (the seed-05 emitter numbers
 * its values by kind, %t<n> tiles, %e<n> events, %<n> scalars, and declares
 * each constant when it first meets it, so it needs neither):
 *
 * Names: every SSA name of a function is claimed once; a wanted name that
 * is already taken falls back to the next free numeric name (%0, %1, ...),
 * whose counter starts at 0 per function and skips taken names.
 *
 * Constants: every constant of a function is emitted once at the top of its
 * body, deduplicated by (value, type) and ordered by group (tile addresses,
 * tensor-view operands, then the body's constants) and, within a group, by
 * first use.  The float names (%cst, %cst_<n>) depend on that final
 * position, and the constants claim their names before any name of the
 * body, so no name is known before the whole function has been walked.
 *
 * Hence names are deferred.  A claim (mlir_name_claim, mlir_name_fresh, a
 * new constant) returns a placeholder: MLIR_NAME_MARK, the number of the
 * request, MLIR_NAME_END, bytes no MLIR text has.  The emitter stores and
 * prints placeholders as it would names, in one walk; each request has its
 * own, so two values are the same SSA value exactly when their name
 * pointers are equal.  At the end mlir_consts_finish orders the pool and
 * names the constants, and mlir_names_settle gives every other request its
 * name in request order; mlir_names_write then copies the text with each
 * placeholder replaced.  That is the order in which the names are printed
 * too: parameters, constants, body.  Only the parameters (%arg<i>, claimed
 * before anything else) are named at once, with mlir_name_claim_exact.
 * Time is linear: one vector of requests and an arena of placeholders per
 * function.
 *
 * Errors are reported by the lowering, before any name is asked for, so
 * the messages name IR variables, never SSA values.
 *
 * Locations (-g): every op line ends with ` loc("file.py":line:col)` of the
 * statement it came from; an op with regions has it after its closing
 * brace (MlirLocs). */
#ifndef PYPTOCC_MLIR_TEXT_H
#define PYPTOCC_MLIR_TEXT_H

#include <stdint.h>

#include "ir/ir.h"
#include "support/intern.h"
#include "support/source.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

/* ------------------------------------------------------------ locations */

/* ` loc("file.py":12:9)` of span at (` loc(unknown)` without a known span
 * or source), into buf. */
const char *mlir_loc(const SourceFile *src, Span at, char *buf, size_t cap);

/* The locations of one function's lines: the regions whose closing brace
 * is still to come keep their op's location. */
typedef struct MlirLocs {
    SourceFile *src;
    Span *open;
    uint32_t nopen, cap;
} MlirLocs;

void mlir_locs_init(MlirLocs *L, SourceFile *src);
void mlir_locs_free(MlirLocs *L);
/* Gives the complete lines of sb from offset from on, written for the
 * statement at, their locations: an op's line ends with at's, a line that
 * opens a region (ends with `{`) leaves at's for its lone closing `}`, and
 * `} else {`, `} do {`, a block label or an empty line take none.  Returns
 * the offset after the last of them. */
size_t mlir_locs_lines(MlirLocs *L, StrBuf *sb, size_t from, Span at);

/* The MLIR type of tile and tensor elements of dtype dt (ops.md 2: INT64
 * is i64, unsigned integers are ui<N>); NULL for a dtype without one. */
const char *mlir_elem_type(DataType dt);

/* The arith.cmpi or arith.cmpf predicate of comparison op (BIN_EQ ..
 * BIN_GE): "oeq" .. "oge" for floats, "eq" "ne" "ult" .. "uge" for
 * unsigned integers, "eq" "ne" "slt" .. "sge" otherwise. */
const char *mlir_cmp_predicate(IrBinaryOp op, int is_float, int is_unsigned);

/* A name asked for: what settling it claims. */
typedef struct MlirNameReq {
    const char *base;    /* wanted name (IR text, alive until settled); NULL: the next numeric name */
    const char *suffix;  /* appended to base, or NULL */
    const char *name;    /* once settled */
    uint32_t len;        /* strlen(name) */
    uint8_t konst;       /* a constant's: named by mlir_consts_finish */
} MlirNameReq;

typedef struct MlirNames {
    Interner strs;       /* every name and type string handed out */
    PtrMap taken;        /* interned name -> non-NULL when claimed */
    uint32_t next;       /* next numeric name to try */
    Arena marks;         /* the placeholders of the current function */
    MlirNameReq *reqs;   /* the requests of the current function, in order */
    uint32_t nreqs, cap;
} MlirNames;

/* The bytes that open and close a placeholder. */
#define MLIR_NAME_MARK '\x01'
#define MLIR_NAME_END '\x02'

void mlir_names_init(MlirNames *n);
void mlir_names_free(MlirNames *n);
/* A new function: nothing taken, no request, numeric names from %0 again. */
void mlir_names_reset(MlirNames *n);
/* An interned copy of s (names, MLIR type strings). */
const char *mlir_str(MlirNames *n, const char *s);
/* Asks for "%<sanitised base><suffix>", or the next free numeric name if
 * that is taken when settled; returns the placeholder.  Sanitising maps
 * every character outside [A-Za-z0-9_.$] to '_' and prefixes a leading
 * digit with '_'.  base and suffix must live until the names are settled. */
const char *mlir_name_claim(MlirNames *n, const char *base, const char *suffix);
/* Claims exactly this name (with its '%') at once, before any request;
 * NULL when already taken. */
const char *mlir_name_claim_exact(MlirNames *n, const char *name);
/* Asks for the next free numeric name; returns the placeholder. */
const char *mlir_name_fresh(MlirNames *n);
/* Settles every request but the constants' (after mlir_consts_finish), in
 * request order. */
void mlir_names_settle(MlirNames *n);
/* Appends text[0..len) to out with every placeholder replaced by its
 * settled name. */
void mlir_names_write(const MlirNames *n, StrBuf *out, const char *text, size_t len);
/* Whether text holds a placeholder (MLIR_NAME_MARK, digits, MLIR_NAME_END). */
int mlir_has_placeholder(const char *text);

typedef enum MlirConstKind { MLIR_CONST_INT, MLIR_CONST_FLOAT, MLIR_CONST_BOOL } MlirConstKind;

typedef struct MlirConst {
    uint8_t kind;        /* MlirConstKind */
    uint8_t group;       /* lower groups are emitted first */
    const char *type;    /* interned MLIR type: "index", "i64", "f32"; NULL for bool */
    int64_t i;           /* int and bool value */
    double d;            /* float value */
    uint32_t seq;        /* first use within its group */
    uint32_t req;        /* its name request */
    const char *name;    /* its placeholder; its name after mlir_consts_finish */
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
 * returns it; a new one asks n for its name.  A constant used again from a
 * lower group moves there.  The pointer is valid until the next call. */
const MlirConst *mlir_const(MlirConstPool *p, MlirNames *n, MlirConstKind kind, const char *type, int64_t i,
                            double d, unsigned group);
/* Orders the pool by (group, first use) and names every constant, claiming
 * the names in n (after the parameters', before any other). */
void mlir_consts_finish(MlirConstPool *p, MlirNames *n);
/* "  %c64_index = arith.constant 64 : index" lines, in pool order. */
void mlir_consts_print(const MlirConstPool *p, StrBuf *out, int indent, const char *loc);

/* The name of a constant (pto-mlir.md 4.2): "%true" or "%false";
 * "%c<i>_<type>" for an integer, "%cn<-i>_<type>" for a negative one, with
 * no "_<type>" when type is NULL; "%cst" for a float when n is 0, else
 * "%cst_<n>" (what n counts is the caller's choice). */
void mlir_const_name(char *buf, size_t cap, MlirConstKind kind, int64_t i, const char *type, uint32_t n);

/* A double as the pool prints it ("%.17e", pto-mlir.md 4.2); 0 when it is
 * not finite. */
int mlir_float_text(double d, char *buf, size_t cap);
/* A double in the fewest digits that read back as it (printer.md 5.2),
 * with the point MLIR float literals need ("1e-05" -> "1.0e-05"); 0 when it
 * is not finite.  Whole numbers print in full, up to 309 digits. */
int mlir_float_text_shortest(double d, char *buf, size_t cap);

#endif
