/* op_registry.h: the operator registry (seed 03, spec ops.md).
 *
 * Every operator is one static OpDef: its name, its DSL signature (the
 * order in which positional arguments bind to IR arguments and kwargs), its
 * kwarg schema in printed order, and a type-deduction function.  The front
 * end binds a call's arguments against the DSL signature (checking arity
 * and kwarg types, filling defaults), then asks op_deduce() for the result
 * type.
 * Deduction never prints: it returns NULL and fills an OpError whose
 * message the caller reports at the call (or at the offending argument). */
#ifndef PYPTOCC_OP_REGISTRY_H
#define PYPTOCC_OP_REGISTRY_H

#include <stdarg.h>
#include <stdint.h>

#include "ir/ir.h"

typedef enum OpCategory { OPC_TENSOR, OPC_BLOCK, OPC_SYSTEM } OpCategory;

/* Kwarg value types of the schema. */
typedef enum KwType {
    KWT_BOOL,       /* True / False */
    KWT_INT,        /* integer */
    KWT_DOUBLE,     /* float (integers accepted) */
    KWT_STRING,     /* string literal */
    KWT_DTYPE,      /* pl.FP32 */
    KWT_MEMSPACE,   /* pl.MemorySpace.Vec */
    KWT_CAST_MODE,  /* "round" or 0..6, stored as int */
    KWT_PIPE,       /* pl.PipeType.V or 0..7, stored as int, printed by name */
} KwType;

typedef enum KwPresence {
    KW_REQUIRED,    /* must be given; stored */
    KW_DEFAULTED,   /* always stored; the default when not given */
    KW_OPTIONAL,    /* stored only when given */
} KwPresence;

typedef struct KwSpec {
    const char *name;
    uint8_t type;       /* KwType */
    uint8_t presence;   /* KwPresence */
    int64_t idefault;   /* bool/int/dtype/memspace/mode/pipe default */
    double ddefault;    /* double default */
} KwSpec;

/* What an IR argument's value means, where the meaning constrains
 * constants: the elements of a shape are extents (positive), those of an
 * offset or index list are positions (not negative).  op_deduce checks
 * every constant element by its value, however it was written. */
typedef enum ArgRole {
    ARG_VALUE,          /* no constraint beyond the op's own deduction */
    ARG_SHAPE,          /* a list of extents */
    ARG_INDEX,          /* a list of offsets or element indices */
} ArgRole;

/* One DSL parameter: an IR argument slot or a kwarg of the schema. */
typedef struct OpParam {
    const char *name;
    int8_t kw;          /* -1: the next IR argument; else index into kwargs */
    uint8_t role;       /* ArgRole of the IR argument */
} OpParam;

/* Deduction failure: message and, when it concerns one argument, which
 * (and which element, when the argument is a list). */
typedef struct OpError {
    char msg[320];
    int arg;            /* IR argument index, or -1 for the whole call */
    int elem;           /* element of that list argument, or -1 */
} OpError;

typedef struct DeduceCtx {
    IrCtx *ir;
    const OpDef *op;
    const IrExpr *const *args;
    uint32_t nargs;
    const IrKwarg *kwargs;
    uint32_t nkwargs;
    OpError *err;
} DeduceCtx;

typedef const IrType *(*DeduceFn)(DeduceCtx *dc);

struct OpDef {
    IrCallee callee;           /* first member: {CALLEE_OP, registered name, e.g. "block.add"} */
    uint8_t category;          /* OpCategory */
    uint8_t nargs;             /* IR arguments */
    uint8_t nparams;           /* DSL parameters (IR arguments + positional kwargs) */
    uint8_t nkw;
    const OpParam *params;
    const KwSpec *kwargs;      /* printed/stored order */
    DeduceFn deduce;
    /* Optional: rewrite the bound IR arguments before deduction (e.g.
     * block.full types a literal fill value with the dtype kwarg).  args
     * is writable and has nargs entries. */
    void (*normalize)(DeduceCtx *dc, const IrExpr **args);
    const char *description;
};

static inline const char *op_name(const OpDef *op) { return op->callee.name; }
static inline const OpDef *callee_op(const IrCallee *c)
{
    return c->kind == CALLEE_OP ? (const OpDef *)(const void *)c : NULL;
}

/* The op's name as printed IR writes it, with the prefix "pl": "pl.block.add";
 * "_scalar" and what follows it are dropped ("pl.tensor.add" for
 * tensor.add_scalar).  Used for messages. */
const char *op_printed_name(const OpDef *op, char *buf, size_t cap);

/* Lookup by registered name ("block.add"); NULL if unknown. */
const OpDef *op_lookup(const char *name);
/* All ops in name order. */
uint32_t op_count(void);
const OpDef *op_at(uint32_t i);

/* Type deduction for an already bound call.  NULL on error (err filled). */
const IrType *op_deduce(IrCtx *ir, const OpDef *op, const IrExpr *const *args, uint32_t nargs,
                        const IrKwarg *kwargs, uint32_t nkwargs, OpError *err);

/* Helpers for deduction functions (ir/deduce.c). */
const IrType *deduce_fail(DeduceCtx *dc, int arg, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const IrKwarg *deduce_kwarg(const DeduceCtx *dc, const char *name);
/* Printer-syntax rendering of a type into buf (for messages). */
const char *type_to_string(IrCtx *ir, const IrType *t, char *buf, size_t cap);

/* BroadcastShapes (ops.md 3.1): 1 on success with out_dims (capacity
 * max(na, nb)) and *nout filled; 0 if incompatible. */
int broadcast_shapes(uint32_t na, const IrExpr *const *a, uint32_t nb, const IrExpr *const *b,
                     const IrExpr **out_dims, uint32_t *nout);

#endif
