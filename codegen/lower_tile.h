/* lower_tile.h: the tile buffers of a kernel, decided once for the
 * the pto-isa lowering (PTO MLIR, C++).
 *
 * Which buffer each Tile variable is in is a decision of the lowering,
 * not of a printer: the statement walk (lower_flow.c) makes it as it
 * meets each definition, checks what the buffers imply, and hands the
 * printer the buffers, which it spells (a PTO SSA buffer and its
 * pto.alloc_tile, a C++ Tile object and its TASSIGN).  With addresses a
 * buffer is where AllocateMemoryAddr put the variable: two buffers are
 * the same memory when their address and space are.  Without addresses
 * (PTO only) a buffer is an SSA value, and the variables MemoryReuse put
 * in one MemRef share it, as with addresses, where it has their type and
 * its alloc encloses them.  A Tile variable a loop or an if yields is
 * defined directly into the carried buffer; an accumulating op's result
 * is its accumulator's buffer. */
#ifndef PYPTOCC_LOWER_TILE_H
#define PYPTOCC_LOWER_TILE_H

#include <stdint.h>

#include "codegen/lower.h"
#include "ir/ir.h"

/* A tile buffer. */
typedef struct LowerTile {
    uint32_t id;               /* numbered once per kernel, in the order buffers are made */
    uint8_t space;             /* MemorySpace */
    uint8_t fillpad;           /* typed as a fillpad destination (pad zero) */
    int64_t addr;              /* the planned address; -1 without addresses */
    const IrType *type;        /* the Tile type it is made with */
    const IrVar *var;          /* the variable it is made for (messages name it) */
    const IrStmt *scope;       /* the body its allocation is in; NULL: the kernel's */
    TileGeom g;
    const struct IrCall *popped_by;   /* the cross-core pop that defines it (lower_tile_popped), or NULL */
    void *data;                /* the printer's spelling of it, made when it is first spelled */
} LowerTile;

/* The buffers of a block op's tiles, decided for the printer. */
typedef struct LowerOpTiles {
    LowerTile *dest;           /* the result's buffer */
    LowerTile *view;           /* a reshape without addresses: its new name of the input's bytes, copied into
                                  dest when dest is a carried buffer, else dest itself; an op writing in
                                  place: dest, a new name (treshape) of argument 0's bytes with dest's
                                  valid shape */
    LowerTile *view_of;        /* that op's argument 0's buffer, which view renames; NULL otherwise */
    LowerTile *in[8];          /* each input of the LowerOp that is a tile; NULL for a scalar */
    LowerTile *tmp;            /* the scratch tile; NULL when the op has none */
} LowerOpTiles;

/* The walk's side (lower_flow.c calls these for a printer with isa_op;
 * each reports what it finds and returns NULL or -1 then). */
struct LowerFlow;
struct LowerRegion;
struct LowerTuple;

/* The buffer tile variable x is in (x is a variable). */
LowerTile *lower_tile_use(struct LowerFlow *W, const IrExpr *x);
/* The buffer of Tile variable v defined by a transfer or an op (fillpad:
 * as a fillpad destination; share: the buffer it must be in, or NULL). */
LowerTile *lower_tile_def(struct LowerFlow *W, const IrVar *v, int fillpad, LowerTile *share, Span sp);
/* The buffer of dest, the result of op call c written in its first
 * argument's buffer (what names that argument in messages); without
 * addresses, where dest has another valid shape than the argument, a new
 * name of its bytes, also set in *view (NULL: the argument's own name). */
LowerTile *lower_tile_def_in_place(struct LowerFlow *W, const IrVar *dest, const struct IrCall *c, const OpDef *op,
                                   const char *what, Span sp, LowerTile **view);
/* The buffer of Tile variable v a cross-core pop defines: one of its own,
 * shared with no other variable (PTO names the pop's result; C++ gives it
 * v's planned address). */
LowerTile *lower_tile_popped(struct LowerFlow *W, const IrVar *v, Span sp);
/* The buffers of block op c (classified as lo) whose result is dest. */
int lower_tile_op(struct LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                  LowerOpTiles *b);
/* A copy of a tile variable names its buffer. */
int lower_tile_copy(struct LowerFlow *W, const IrAssign *a);
/* Loops: tile position k carries the buffer of its initial value. */
int lower_tile_carry_init(struct LowerFlow *W, struct LowerRegion *R, uint32_t k);
/* Ifs: tile result k gets a buffer before the if. */
int lower_tile_if_result(struct LowerFlow *W, struct LowerRegion *R, uint32_t k);
/* Before a body: x, yielded at tile position k, is defined into the
 * carried buffer. */
void lower_tile_preset(struct LowerFlow *W, struct LowerRegion *R, uint32_t k, const IrVar *x);
/* Before a body: copy a of a variable defined into a carried buffer; the
 * variable it copies, if not defined yet, is defined there too. */
void lower_tile_preset_copy(struct LowerFlow *W, const IrAssign *a);
/* A yield at tile position k: x is in the carried buffer. */
void lower_tile_yield(struct LowerFlow *W, struct LowerRegion *R, uint32_t k, const IrExpr *x);
/* A tuple's tile elements, and a tile unpacked from it. */
void lower_tile_tuple_make(struct LowerFlow *W, struct LowerTuple *t);
void lower_tile_tuple_get(struct LowerFlow *W, const IrVar *v, const struct LowerTuple *t, uint32_t i);
/* After an error: a Tile variable left without a buffer is poisoned. */
void lower_tile_poison(struct LowerFlow *W, const IrVar *v);

#endif
