/* tile_ir_rules.c: what seed 05's tile IR has a form for (see
 * tile_ir_rules.h).  The tile IR's lowering reports them. */
#include "config.h"
#include "targets/legal_rules.h"
#include "targets/tile_ir_rules.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The seed-05 form of each op class (ir/op_registry.h). */
static const uint8_t class_forms[OPCL_COUNT] = {
    [OPCL_UNARY] = TF_UNARY,
    [OPCL_ELEM2] = TF_BINARY,
    [OPCL_ELEM2_SCRATCH] = TF_BINARY,
    [OPCL_ELEM2_TMP_ARG] = TF_BINARY,
    [OPCL_ELEM2_MASK_ARG] = TF_BINARY,
    [OPCL_ELEM3] = TF_TERNARY,
    [OPCL_SEL] = TF_SEL,
    [OPCL_SEL_TMP_ARG] = TF_SEL,
    [OPCL_TILE_SCALAR] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_SCRATCH] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_TMP_ARG] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_TILE] = TF_TILE_SCALAR_TILE,
    [OPCL_CMP] = TF_CMP,
    [OPCL_CMPS] = TF_CMPS,
    [OPCL_CAST] = TF_CAST,
    [OPCL_CREATE] = TF_CREATE_TILE,
    [OPCL_FULL] = TF_FULL,
    [OPCL_EXPANDS] = TF_EXPANDS,
    [OPCL_LOAD] = TF_LOAD,
    [OPCL_STORE] = TF_STORE,
    [OPCL_L0C_STORE] = TF_STORE,
    [OPCL_MOVE] = TF_MOVE,
    [OPCL_VEC_MOVE] = TF_VEC_MOVE,
    [OPCL_RESHAPE] = TF_RESHAPE,
    [OPCL_TRANSPOSE] = TF_TRANSPOSE,
    [OPCL_VIEW] = TF_EXTRACT,
    [OPCL_ROW_REDUCE] = TF_ROW_REDUCE,
    [OPCL_REDUCE] = TF_REDUCE,
    [OPCL_COL_REDUCE] = TF_ROW_REDUCE,   /* one 2-D Vec tile, as a row reduction without its tmp */
    [OPCL_ROW_EXPAND] = TF_ROW_EXPAND,
    [OPCL_ROW_EXPAND_OP] = TF_ROW_EXPAND_OP,
    [OPCL_COL_EXPAND] = TF_COL_EXPAND,
    [OPCL_ROW_EXPAND_TO] = TF_COL_EXPAND,   /* the target's shape, the vector's values */
    [OPCL_COL_EXPAND_OP] = TF_COL_EXPAND_OP,
    [OPCL_MATMUL] = TF_MATMUL,
    [OPCL_MATMUL_ACC] = TF_MATMUL_ACC,
};

TileForm tile_ir_form(const OpDef *op, char *buf, size_t cap, const char **mnemonic, const char **why)
{
    *mnemonic = op_spelling(op, OUT_TILE, buf, cap, why);
    return *why ? TF_NONE : (TileForm)class_forms[op->cls];
}

/* The same set as a kernel scalar's: the MLIR types of pto-mlir.md 8. */
int tile_ir_dtype(DataType dt) { return legal_scalar_dtype(dt); }

int tile_ir_scalar(DataType dt, const char *what, char *msg, size_t cap)
{
    if (tile_ir_dtype(dt))
        return 0;
    snprintf(msg, cap, "%s of pl.%s have no seed-05 type", what, dtype_name(dt));
    return -1;
}

int tile_ir_tuple(char *msg, size_t cap)
{
    snprintf(msg, cap, "a tuple has no seed-05 form (kernels compute tiles and scalars)");
    return -1;
}

/* pto-isa's names of the (blayout, slayout) pairs: a big layout, row or
 * column major, and for fractal tiles the layout inside each box; NULL
 * for a layout seed 05 does not name. */
static const char *seed_layout(TileLayout b, TileLayout s)
{
    static const char *const row[] = {[TL_NONE_BOX] = "ND", [TL_ROW_MAJOR] = "Zz", [TL_COL_MAJOR] = "Zn"};
    static const char *const col[] = {[TL_NONE_BOX] = "DN", [TL_ROW_MAJOR] = "Nz", [TL_COL_MAJOR] = "Nn"};
    if (b == TL_ROW_MAJOR)
        return row[s];
    if (b == TL_COL_MAJOR)
        return col[s];
    return NULL;
}

void tile_ir_put_shape(StrBuf *sb, const IrType *t)
{
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t v;
        if (d)
            sb_putc(sb, 'x');
        if (ir_dim_value(t->dims[d], &v))
            sb_put_i64(sb, v);
        else
            sb_putc(sb, '?');
    }
}

const char *tile_ir_layout_name(Arch arch, const TileIrTile *t)
{
    TileLayoutInfo li = target_tile_layout(arch, t->type, t->loc);
    return seed_layout(li.blayout, li.slayout);
}

void tile_ir_put_tile_type(StrBuf *sb, Arch arch, const IrType *t, MemorySpace loc)
{
    TileIrTile x = tile_ir_tile(t, loc);
    const char *layout = tile_ir_layout_name(arch, &x);
    sb_puts(sb, "tile<");
    tile_ir_put_shape(sb, t);
    sb_printf(sb, "x%s", legal_mlir_dtype((DataType)t->dtype));
    if (loc != MS_VEC || strcmp(layout, "ND") != 0)
        sb_printf(sb, ", #pto.tile_info<loc=%s, layout=%s>", memspace_name(loc), layout);
    sb_putc(sb, '>');
}

int tile_ir_tile_type(Arch arch, const IrType *t, MemorySpace loc, char *msg, size_t cap)
{
    TileLayoutInfo li;
    if (!tile_ir_dtype((DataType)t->dtype)) {
        snprintf(msg, cap, "tiles of pl.%s have no seed-05 element type", dtype_name((DataType)t->dtype));
        return -1;
    }
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t v;
        if (!ir_dim_value(t->dims[d], &v)) {
            snprintf(msg, cap, "tile dimension %u is not a constant; pyptocc writes seed-05 tiles with static shapes",
                     (unsigned)d);
            return -1;
        }
    }
    li = target_tile_layout(arch, t, loc);
    if (!seed_layout(li.blayout, li.slayout)) {
        snprintf(msg, cap, "a tile with blayout %s has no seed-05 layout", tile_layout_name(li.blayout));
        return -1;
    }
    if (li.fractal != (loc == MS_ACC ? 1024u : 512u)) {
        snprintf(msg, cap, "a %s tile with fractal=%u: seed 05's tile_info has no fractal size", memspace_name(loc),
                 (unsigned)li.fractal);
        return -1;
    }
    if (li.pad != TP_NULL) {
        snprintf(msg, cap, "a tile with pad=%s: seed 05's tile_info has no pad value", tile_pad_name(li.pad));
        return -1;
    }
    return 0;
}

int tile_ir_tensor_type(const IrType *t, char *msg, size_t cap)
{
    if (!tile_ir_dtype((DataType)t->dtype))
        snprintf(msg, cap, "tensors of pl.%s have no seed-05 element type", dtype_name((DataType)t->dtype));
    else if (t->tensor_view)
        snprintf(msg, cap,
                 "tensor parameters with a TensorView (layout %s) are not emitted; pyptocc writes row-major memrefs "
                 "only", tensor_layout_name((TensorLayout)t->tensor_view->layout));
    else if (t->n == 0)
        snprintf(msg, cap, "a tensor of rank 0 has no memref form");
    else
        return 0;
    return -1;
}

int tile_ir_param(Arch arch, const IrVar *var, MemorySpace *loc, char *msg, size_t cap)
{
    const IrType *t = var->type;
    *loc = MS_VEC;
    switch (t->kind) {
    case TYPE_TENSOR:
        return tile_ir_tensor_type(t, msg, cap);
    case TYPE_SCALAR:
        return tile_ir_scalar((DataType)t->dtype, "scalars", msg, cap);
    case TYPE_TILE:
        *loc = t->memref ? (MemorySpace)t->memref->space : MS_VEC;
        if (*loc == MS_DDR)
            snprintf(msg, cap, "a tile parameter in DDR has no seed-05 form");
        else if (t->tile_view && t->tile_view->nvalid)
            snprintf(msg, cap,
                     "a tile parameter with a valid shape has no seed-05 form (seed 05 writes valid on the op that "
                     "makes a tile)");
        else
            return tile_ir_tile_type(arch, t, *loc, msg, cap);
        return -1;
    default:
        snprintf(msg, cap, "the parameter '%s' has no seed-05 form", var->name);
        return -1;
    }
}

int tile_ir_valid(const IrType *t, char *msg, size_t cap)
{
    const IrTileView *v = t->tile_view;
    if (!v || !v->nvalid)
        return 0;
    if (v->nvalid != t->n) {
        snprintf(msg, cap, "the valid shape lists %u dimensions for a %u-D tile", (unsigned)v->nvalid, (unsigned)t->n);
        return -1;
    }
    for (uint32_t d = 0; d < v->nvalid; d++) {
        int64_t x, dim;
        int known = ir_dim_value(t->dims[d], &dim);
        if (ir_dim_value(v->valid_shape[d], &x) && (!known || x <= 0 || x > dim)) {
            if (known)
                snprintf(msg, cap, "valid[%u] = %lld is outside 0 < valid <= %lld (seed 05 4.4)", (unsigned)d,
                         (long long)x, (long long)dim);
            else
                snprintf(msg, cap, "valid[%u] = %lld is outside 0 < valid <= ? (seed 05 4.4)", (unsigned)d,
                         (long long)x);
            return -1;
        }
    }
    return 0;
}

const char *tile_ir_move(MemorySpace from, MemorySpace to)
{
    if (from == MS_MAT && to == MS_LEFT)
        return "mov.m2l";
    if (from == MS_MAT && to == MS_RIGHT)
        return "mov.m2r";
    if (from == MS_ACC && to == MS_VEC)
        return "mov.a2v";
    if (from == MS_VEC && to == MS_VEC)
        return "mov.v2v";
    return NULL;
}

int tile_ir_rule_unbound(const char *name, char *msg, size_t cap)
{
    snprintf(msg, cap, "'%s' has no value in the kernel", name);
    return -1;
}

int tile_ir_rule_not_scalar(const char *name, char *msg, size_t cap)
{
    snprintf(msg, cap, "'%s' is not a scalar", name);
    return -1;
}

/* ------------------------------------------------------------- scalar code */

DataType tile_ir_binary_type(const IrBinary *b, DataType lhs, DataType rhs)
{
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    if (op == BIN_AND || op == BIN_OR || op == BIN_XOR)
        return DT_BOOL;
    return ir_binary_is_comparison(op) ? dtype_promote(lhs, rhs) : (DataType)b->e.dtype;
}

int tile_ir_binary(IrBinaryOp op, DataType t, char *msg, size_t cap)
{
    int fl = dtype_is_float(t);
    if (op == BIN_POW) {
        snprintf(msg, cap, "'**' has no seed-05 scalar op");
        return -1;
    }
    if (tile_ir_scalar(t, "scalars", msg, cap))
        return -1;
    switch (op) {
    case BIN_BIT_AND: case BIN_BIT_OR: case BIN_BIT_XOR: case BIN_SHL: case BIN_SHR:
        if (fl) {
            snprintf(msg, cap, "'%s' on floats has no seed-05 scalar op", ir_binary_symbol(op));
            return -1;
        }
        return 0;
    case BIN_FLOOR_DIV:
        if (fl) {
            snprintf(msg, cap, "'//' on floats has no seed-05 scalar op (no floor)");
            return -1;
        }
        return 0;
    case BIN_ADD: case BIN_SUB: case BIN_MUL: case BIN_FLOAT_DIV: case BIN_FLOOR_MOD: case BIN_MIN: case BIN_MAX:
    case BIN_EQ: case BIN_NE: case BIN_LT: case BIN_LE: case BIN_GT: case BIN_GE:
    case BIN_AND: case BIN_OR: case BIN_XOR:
        return 0;
    default:
        snprintf(msg, cap, "'%s' has no seed-05 scalar op", ir_binary_symbol(op));
        return -1;
    }
}

int tile_ir_unary(IrUnaryOp op, DataType t, char *msg, size_t cap)
{
    switch (op) {
    case UN_CAST: case UN_NOT: case UN_NEG: case UN_ABS:
        return 0;
    case UN_BIT_NOT:
        if (!dtype_is_float(t))
            return 0;
        break;
    default:
        break;
    }
    snprintf(msg, cap, "'%s' has no seed-05 scalar op", ir_unary_name(op));
    return -1;
}

int tile_ir_conversion(DataType from, DataType to, char *msg, size_t cap)
{
    if (from == to || (tile_ir_dtype(from) && tile_ir_dtype(to)))
        return 0;
    snprintf(msg, cap, "a conversion from pl.%s to pl.%s has no seed-05 form", dtype_name(from), dtype_name(to));
    return -1;
}

int tile_ir_float_literal(double v, DataType dt, char *msg, size_t cap)
{
    if (dtype_is_float(dt) && !isfinite(v))
        snprintf(msg, cap, "a non-finite float constant has no seed-05 literal");
    else if (!dtype_is_float(dt) && !(v > -9.2e18 && v < 9.2e18))
        snprintf(msg, cap, "the float constant is out of range for pl.%s", dtype_name(dt));
    else
        return 0;
    return -1;
}
