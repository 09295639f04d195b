/* lower_tir.h: a kernel lowered once for seed 05's tile IR (--emit=pto-tile),
 * as data.
 *
 * Seed 05 writes tiles as SSA values: the lowering follows the value each
 * variable is in the tile IR (a tile in a location, a memref, a scalar, a
 * create_tile buffer) and reports, where the program writes them, every
 * rule of seed 05 (targets/tile_ir_rules.h: element and tile types, the
 * parameters, scalar code, each op's form, operands and modes, the windows
 * of loads and stores, what scf carries, and with events one producer per
 * carried tile and no tensor both loaded from and stored to), after an
 * error keeping quiet about what depends on it.  It is driven by the
 * kernel statement walk (lower_flow.c), whose checks every output shares.
 *
 * What it decided is a list of instructions (TirInst), in statement order:
 * scalar definitions, compute ops with their mnemonic, operands and result,
 * loads and stores with their windows, and control flow with what each
 * position carries.  The tile IR printer (pto_tile*.c) spells that list:
 * SSA names, types, constants and scalar code; it checks nothing.  A kernel
 * the lowering reported an error in is not printed. */
#ifndef PYPTOCC_LOWER_TIR_H
#define PYPTOCC_LOWER_TIR_H

#include <stdint.h>

#include "codegen/lower_flow.h"
#include "targets/tile_ir_rules.h"

/* What a value is in the tile IR. */
typedef enum TirKind { TV_TILE, TV_SCRATCH, TV_TENSOR, TV_SCALAR } TirKind;

typedef struct TirValue {
    uint8_t kind;            /* TirKind */
    uint8_t loc;             /* tile: MemorySpace */
    uint32_t param;          /* tensor: the kernel parameter it is */
    const IrType *type;      /* tile, tensor: the type it is written with; scalar: its type */
    const char *producer;    /* tile, with events: the instruction whose event it carries, or NULL */
} TirValue;

/* An operand of a compute op: a tile variable, or a scalar expression as
 * a value of dtype. */
typedef struct TirOperand {
    const IrExpr *x;
    const TirValue *tile;    /* the tile x is; NULL for a scalar */
    uint8_t dtype;           /* a scalar's */
} TirOperand;

/* result = pto.tile.<mnemonic> operands (seed 05 6). */
typedef struct TirCompute {
    const char *mnemonic;    /* after "pto.tile.", with its mode ("cmp.lt", "rowsum", "mov.m2l") */
    const char *isa;         /* the instruction, the producer of its event */
    TirOperand ops[3];
    uint32_t n;
    const IrMakeTuple *index;  /* extract: the offsets that follow the first operand */
    uint8_t same_type;       /* every operand has the result's type: written once */
    const TirValue *result;
    const IrType *rt;        /* the result's tile type */
} TirCompute;

/* A load's result from a window of tensor, or a store of tile to one. */
typedef struct TirTransfer {
    const IrExpr *tensor_x, *tile_x;   /* the tensor and (a store's) tile variables */
    const TirValue *tensor;
    const TirValue *tile;    /* the stored tile; a load's result */
    const IrMakeTuple *offsets;   /* the window's offsets; NULL: the whole tensor */
    const IrType *window;    /* the window's shape (the tile's type) */
    const char *isa;         /* TLOAD, TSTORE_VEC, TSTORE_MAT, TSTORE_ACC */
} TirTransfer;

/* A for, a while or an if: what each position carries. */
typedef struct TirRegion {
    const IrStmt *stmt;
    uint32_t n;
    const TirValue **carried;  /* per position: its kind, type, location and producer */
    uint32_t ncarried;         /* positions that are scf values (not memrefs) */
    void *data;                /* the printer's */
} TirRegion;

typedef enum TirInstKind {
    TI_SCALAR,     /* var = scalar expression x as its type */
    TI_COPY,       /* var names the value of x (a tile or a memref) */
    TI_COMPUTE,    /* u.c; var holds its result, or NULL */
    TI_LOAD,       /* u.t; var holds the tile */
    TI_STORE,      /* u.t; var holds the tensor */
    TI_LOOP,       /* a for or a while begins (region) */
    TI_LOOP_END,
    TI_IF,         /* an if begins (region): its branches are written at its end */
    TI_ELSE,
    TI_IF_END,
    TI_YIELD,      /* position k of the body's or branch's yield gets x (region) */
    TI_YIELD_END,  /* the yield is complete (region) */
} TirInstKind;

typedef struct TirInst {
    struct TirInst *next;
    uint8_t kind;            /* TirInstKind */
    uint8_t branch;          /* TI_YIELD, TI_YIELD_END of an if: 0 then, 1 else */
    uint32_t k;              /* TI_YIELD: the position */
    Span span;               /* the statement it lowers */
    const IrVar *var;
    const IrExpr *x;
    TirRegion *region;
    union {
        TirCompute *c;
        TirTransfer *t;
    } u;
} TirInst;

/* One kernel's list. */
typedef struct TirList {
    const IrFunc *f;
    const TirValue **params;   /* per parameter of f */
    const IrVar **dims;        /* the symbolic dimensions of the parameters: index parameters after them */
    uint32_t ndims;
    TirInst *first;
    uint32_t ninsts;
    unsigned errors;
} TirList;

/* Lowers kernel k->f for seed 05 (with event tokens when events is set)
 * into *L, in k->arena; errors are reported, and counted in L->errors. */
void lower_tir_kernel(LowerKernel *k, int events, TirList *L);

/* The list as text (--dump-after=lower). */
void lower_tir_dump(StrBuf *out, LowerKernel *k, const TirList *L);

#endif
