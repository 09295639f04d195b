/* tile_ir_rules.h: what seed 05's tile IR has a form for (tile_ir_rules.c):
 * element types, tile and memref types, kernel parameters and scalar
 * code.  The tile IR's lowering (codegen/lower_tir.c) reports a program
 * that breaks them before anything is printed.  Each returns 0, or -1
 * with a message in msg. */
#ifndef PYPTOCC_TILE_IR_RULES_H
#define PYPTOCC_TILE_IR_RULES_H

#include <stddef.h>

#include "ir/ir.h"
#include "ir/op_registry.h"
#include "support/strbuf.h"
#include "targets/arch.h"

/* A variable an expression of the output names: one with a value in the
 * kernel (a parameter, a definition, a symbolic dimension of a
 * parameter), and a scalar where scalar code reads it. */
int tile_ir_rule_unbound(const char *name, char *msg, size_t cap);
int tile_ir_rule_not_scalar(const char *name, char *msg, size_t cap);

/* The size of a message buffer for these rules (names are the user's). */
enum { TILE_IR_MSG = 1024 };

/* The seed-05 form of each op class: the tile IR's lowering goes by it. */
typedef enum TileForm {
    TF_NONE,             /* no seed-05 form: tile_ir_form's why says why */
    TF_CREATE_TILE,      /* an uninitialised buffer: nothing is emitted */
    TF_LOAD,
    TF_STORE,
    TF_MOVE,
    TF_VEC_MOVE,
    TF_UNARY,            /* (t) -> same type */
    TF_BINARY,           /* (a, b[, tmp]) -> same type */
    TF_TERNARY,          /* (a, b, c) -> same type */
    TF_TILE_SCALAR,      /* (t, s[, tmp]) */
    TF_TILE_SCALAR_TILE, /* (a, s, b) */
    TF_SEL,              /* (mask, a, b) */
    TF_CMP,              /* (a, b), cmp_type */
    TF_CMPS,             /* (t, s), cmp_type */
    TF_CAST,             /* (t), target_type, mode */
    TF_ROW_REDUCE,       /* (t, tmp) -> [M, 1] */
    TF_REDUCE,           /* (t), axis, keepdim */
    TF_ROW_EXPAND,       /* (src) */
    TF_ROW_EXPAND_OP,    /* (t [M, N], r [M, 1]) */
    TF_COL_EXPAND,       /* (target, c [1, N]): target only gives the shape */
    TF_COL_EXPAND_OP,    /* (t [M, N], c [1, N]) */
    TF_EXPANDS,          /* (target, s): target only gives the shape */
    TF_FULL,             /* (shape, s) */
    TF_MATMUL,           /* (lhs, rhs) */
    TF_MATMUL_ACC,       /* (acc, lhs, rhs) */
    TF_EXTRACT,          /* block.view (t, shape, offset) */
    TF_RESHAPE,
    TF_TRANSPOSE,
} TileForm;
/* Block or system op op's form; TF_NONE with *why when seed 05 has none
 * (the op table's why_tile).  *mnemonic (in buf) is its pto.tile name. */
TileForm tile_ir_form(const OpDef *op, char *buf, size_t cap, const char **mnemonic, const char **why);

/* Whether seed 05 has an element type for dt (an MLIR integer or float
 * type: i1 to i64, ui8 to ui64, f16, bf16, f32). */
int tile_ir_dtype(DataType dt);

/* A scalar of type dt ("scalars", "loop-carried scalars": what names it
 * in the message). */
int tile_ir_scalar(DataType dt, const char *what, char *msg, size_t cap);

/* A tuple, which kernels of seed 05 do not build (always -1). */
int tile_ir_tuple(char *msg, size_t cap);

/* `tile<RxCxT>` with its tile_info: a static shape, an element type, a
 * layout pto-isa names (ND DN Zz Zn Nz Nn), the fractal size of its space
 * and no pad value. */
int tile_ir_tile_type(Arch arch, const IrType *t, MemorySpace loc, char *msg, size_t cap);
/* A tile an op reads or writes: its type and location. */
typedef struct TileIrTile {
    const IrType *type;
    MemorySpace loc;
} TileIrTile;

static inline TileIrTile tile_ir_tile(const IrType *type, int loc)
{
    TileIrTile t;
    t.type = type;
    t.loc = (MemorySpace)loc;
    return t;
}

/* pto-isa's name of its layout (ND DN Zz Zn Nz Nn), once tile_ir_tile_type
 * took it. */
const char *tile_ir_layout_name(Arch arch, const TileIrTile *t);
/* Its spelling, once tile_ir_tile_type took it: `tile<64x64xf32>`, with
 * `#pto.tile_info<loc=L, layout=X>` outside Vec or the ND layout. */
void tile_ir_put_tile_type(StrBuf *sb, Arch arch, const IrType *t, MemorySpace loc);
/* "64x64" (a symbolic dimension as '?'), for types and messages. */
void tile_ir_put_shape(StrBuf *sb, const IrType *t);
/* `pto.memref<...>` of a Tensor parameter: row-major, rank 1 or more. */
int tile_ir_tensor_type(const IrType *t, char *msg, size_t cap);
/* A kernel parameter: a memref, a scalar, or a tile outside DDR without a
 * valid shape.  *loc gets a tile's space. */
int tile_ir_param(Arch arch, const IrVar *var, MemorySpace *loc, char *msg, size_t cap);

/* The element type a scalar binary expression computes in: a comparison
 * in its operands' promoted type, and/or/xor on booleans, the rest in the
 * expression's own. */
DataType tile_ir_binary_type(const IrBinary *b, DataType lhs, DataType rhs);
/* A tile type's valid shape (seed 05 4.4): one entry per dimension, each
 * constant one in 0 < valid <= dim. */
int tile_ir_valid(const IrType *t, char *msg, size_t cap);
/* Seed 05 6.1's TMOV family by (source, destination) location: its
 * mnemonic, or NULL when it has no such move. */
const char *tile_ir_move(MemorySpace from, MemorySpace to);

/* A scalar binary or unary op of seed 05 (pto.<arith op>) in type t. */
int tile_ir_binary(IrBinaryOp op, DataType t, char *msg, size_t cap);
int tile_ir_unary(IrUnaryOp op, DataType t, char *msg, size_t cap);
/* A scalar conversion (pto.extsi, pto.sitofp, ...) between two types. */
int tile_ir_conversion(DataType from, DataType to, char *msg, size_t cap);
/* A float literal as a value of type dt: finite, and within range when dt
 * is an integer type. */
int tile_ir_float_literal(double v, DataType dt, char *msg, size_t cap);

/* ------------------------------------------- the ops (tile_ir_op_rules.c) */

/* Whether a and b are written as one tile type. */
int tile_ir_same_type(Arch arch, const TileIrTile *a, const TileIrTile *b);
/* A create_tile buffer where a tile is read (always -1). */
int tile_ir_rule_scratch(const char *name, char *msg, size_t cap);
/* Vector instructions read and write Vec tiles. */
int tile_ir_rule_vec(const TileIrTile *v, const char *what, char *msg, size_t cap);
/* Seed 05 4.4: elementwise operands have the same rank, shape and element
 * type, and (bt given) one tile type. */
int tile_ir_rule_same(Arch arch, const TileIrTile *a, const IrType *b, const TileIrTile *bt, const char *what, char *msg,
                      size_t cap);
/* An elementwise op's result has its operands' type. */
int tile_ir_rule_one_type(Arch arch, const TileIrTile *result, const TileIrTile *operand, char *msg, size_t cap);
int tile_ir_rule_rank2(Arch arch, const TileIrTile *v, const char *what, char *msg, size_t cap);
int tile_ir_rule_same_dtype(const IrType *a, const IrType *b, const char *what, char *msg, size_t cap);
/* A compare's mask: 8-bit integers. */
int tile_ir_rule_mask(const IrType *t, const char *what, char *msg, size_t cap);
/* A tile-scalar op keeps the tile's element type. */
int tile_ir_rule_keeps_dtype(const IrType *tile, const IrType *result, char *msg, size_t cap);
/* The kwargs of an op of form `form`: cmp_type 0..5, cast mode 0..6,
 * keepdim of a reduction, no transposing move. */
int tile_ir_rule_mode(TileForm form, const IrCall *c, char *msg, size_t cap);
int tile_ir_rule_move(MemorySpace from, MemorySpace to, char *msg, size_t cap);
/* A load's or store's window of a tensor: its rank, inside its bounds. */
int tile_ir_rule_window(const IrType *tensor, const IrMakeTuple *offs, const IrType *tile, char *msg, size_t cap);
/* Whether that window is all of the tensor (the memref itself, not a
 * subview); for a window tile_ir_rule_window took. */
int tile_ir_whole_window(const IrType *tensor, const IrMakeTuple *offs, const IrType *tile);
/* A store writes a whole Vec, Mat or Acc tile. */
int tile_ir_rule_store(const TileIrTile *tile, const IrMakeTuple *shapes, char *msg, size_t cap);
/* The cube reads Left and Right tiles into an Acc one of the result's type. */
int tile_ir_rule_matmul(const TileIrTile *acc, const TileIrTile *a, const TileIrTile *b, char *msg, size_t cap);
int tile_ir_rule_acc_result(Arch arch, const TileIrTile *result, const TileIrTile *acc, char *msg, size_t cap);
/* Seed 05 7: an extracted tile keeps the rank and lies inside its source. */
int tile_ir_rule_extract(const IrMakeTuple *offs, const IrType *src, const IrType *rt, char *msg, size_t cap);
int tile_ir_rule_reshape(Arch arch, const TileIrTile *a, const IrType *rt, char *msg, size_t cap);

/* Control flow: what scf carries has one type, and with --async one
 * producer (isa: the instruction whose event a tile carries, or NULL). */
int tile_ir_rule_carry_init(const char *name, int scratch, char *msg, size_t cap);
/* A loop's yield for carried `carried`: out NULL when the yielded value
 * (out_name) is not an initialised tile. */
int tile_ir_rule_yield(Arch arch, const char *carried, const TileIrTile *in, const char *in_isa, const char *out_name,
                       const TileIrTile *out, const char *out_isa, char *msg, size_t cap);
/* An if result from the two branches' tiles (NULL: not an initialised tile). */
int tile_ir_rule_branches(Arch arch, const char *name, const TileIrTile *a, const char *a_isa, const TileIrTile *b,
                          const char *b_isa, char *msg, size_t cap);
/* A memref carried by a loop (loop) or an if that changes (always -1). */
int tile_ir_rule_tensor_carry(const char *name, int loop, char *msg, size_t cap);
/* --async: a tensor both loaded from and stored to (always -1). */
int tile_ir_rule_memory(const char *tensor, char *msg, size_t cap);

#endif
