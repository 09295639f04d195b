/* ops_block_elem.c: elementwise block ops (ops.md 5.2 tile with tile, 5.3
 * tile with scalar, 5.4 unary and cast).
 *
 * Results are fresh tile types (shape and dtype only): an operand's
 * TileView and MemRef describe where that operand lives, not the result.
 * Shapes broadcast (ops.md 3.1) and dtypes promote (3.2) at the type
 * level; that lowering needs equal shapes is the emitters' concern.
 *
 * The table at the end is sorted by name (checked by the unit test). */
#include "config.h"
#include "ir/ops_internal.h"

/* ---------------------------------------------------------- tile, tile */

static const IrType *deduce_binary(DeduceCtx *dc) { return op_deduce_elementwise(dc, TYPE_TILE); }

/* Tiles at args[0..n) must all be tiles; *t filled. */
static int need_tiles(DeduceCtx *dc, uint32_t n, const IrType **t)
{
    for (uint32_t i = 0; i < n; i++)
        if (!(t[i] = op_need_tile(dc, i)))
            return 0;
    return 1;
}

/* and, or: integer tiles only. */
static const IrType *deduce_int_binary(DeduceCtx *dc)
{
    const IrType *t[2];
    if (!need_tiles(dc, 2, t) || !op_need_int_dtype(dc, 0, t[0]) || !op_need_int_dtype(dc, 1, t[1]))
        return NULL;
    return op_deduce_elementwise(dc, TYPE_TILE);
}

/* shl, shr: the rhs is a shift amount, so the element type is the lhs's. */
static const IrType *deduce_shift(DeduceCtx *dc)
{
    const IrType *t[2];
    const IrExpr *buf[8], **dims;
    uint32_t n;
    if (!need_tiles(dc, 2, t) || !op_need_int_dtype(dc, 0, t[0]) || !op_need_int_dtype(dc, 1, t[1]))
        return NULL;
    dims = op_dims_scratch(dc, t[0]->n > t[1]->n ? t[0]->n : t[1]->n, buf, 8);
    if (!op_broadcast(dc, t[0], t[1], dims, &n))
        return NULL;
    return op_make_tile(dc, (DataType)t[0]->dtype, n, dims, NULL);
}

/* Tile(bcast(a, b), promote(a, b)) of two already checked tiles. */
static const IrType *bcast_promote(DeduceCtx *dc, const IrType *a, const IrType *b)
{
    const IrExpr *buf[8], **dims = op_dims_scratch(dc, a->n > b->n ? a->n : b->n, buf, 8);
    uint32_t n;
    if (!op_broadcast(dc, a, b, dims, &n))
        return NULL;
    return op_make_tile(dc, dtype_promote((DataType)a->dtype, (DataType)b->dtype), n, dims, NULL);
}

/* xor (lhs, rhs, tmp): tmp is scratch and does not shape the result. */
static const IrType *deduce_xor(DeduceCtx *dc)
{
    const IrType *t[3];
    if (!need_tiles(dc, 3, t) || !op_need_int_dtype(dc, 0, t[0]) || !op_need_int_dtype(dc, 1, t[1]))
        return NULL;
    return bcast_promote(dc, t[0], t[1]);
}

/* prelu (tile, slope, tmp). */
static const IrType *deduce_prelu(DeduceCtx *dc)
{
    const IrType *t[3];
    if (!need_tiles(dc, 3, t))
        return NULL;
    return bcast_promote(dc, t[0], t[1]);
}

/* addc, subc: all three tiles are inputs. */
static const IrType *deduce_tri(DeduceCtx *dc)
{
    const IrType *t[3];
    const IrExpr *ab[8], *abc[8], **d1, **d2;
    uint32_t n1, n2, max;
    char s0[110], s1[110], s2[110];
    if (!need_tiles(dc, 3, t))
        return NULL;
    max = t[0]->n > t[1]->n ? t[0]->n : t[1]->n;
    d1 = op_dims_scratch(dc, max, ab, 8);
    if (!op_broadcast(dc, t[0], t[1], d1, &n1))
        return NULL;
    d2 = op_dims_scratch(dc, n1 > t[2]->n ? n1 : t[2]->n, abc, 8);
    if (!broadcast_shapes(n1, d1, t[2]->n, t[2]->dims, d2, &n2))
        return op_fail(dc, -1, "cannot broadcast %s, %s and %s", type_to_string(dc->ir, t[0], s0, sizeof s0),
                       type_to_string(dc->ir, t[1], s1, sizeof s1), type_to_string(dc->ir, t[2], s2, sizeof s2));
    return op_make_tile(
        dc, dtype_promote(dtype_promote((DataType)t[0]->dtype, (DataType)t[1]->dtype), (DataType)t[2]->dtype), n2, d2,
        NULL);
}

/* sel (mask, lhs, rhs): the mask's encoding is target-defined, so only
 * lhs and rhs shape the result. */
static const IrType *deduce_sel(DeduceCtx *dc)
{
    const IrType *t[3];
    if (!need_tiles(dc, 3, t))
        return NULL;
    return bcast_promote(dc, t[1], t[2]);
}

/* cmp_type kwarg: 0 EQ .. 5 GE. */
static int cmp_type_ok(DeduceCtx *dc)
{
    int64_t v;
    if (op_kwarg_int(dc, "cmp_type", &v) != 1)
        return 0;
    if (v < 0 || v > 5) {
        op_fail(dc, -1, "cmp_type must be between 0 and 5, got %lld", (long long)v);
        return 0;
    }
    return 1;
}

/* cmp: like add; the seed types the mask with the promoted dtype. */
static const IrType *deduce_cmp(DeduceCtx *dc)
{
    const IrType *r = op_deduce_elementwise(dc, TYPE_TILE);
    return r && cmp_type_ok(dc) ? r : NULL;
}

/* --------------------------------------------------------- tile, scalar */

static const IrType *deduce_tile_scalar(DeduceCtx *dc) { return op_deduce_shaped_scalar(dc, TYPE_TILE); }

static const IrType *deduce_cmps(DeduceCtx *dc)
{
    const IrType *r = op_deduce_shaped_scalar(dc, TYPE_TILE);
    return r && cmp_type_ok(dc) ? r : NULL;
}

/* shls, shrs, ands, ors (and xors with its tmp): integer tile, integer
 * scalar; the result keeps the tile's type. */
static const IrType *int_tile_scalar(DeduceCtx *dc)
{
    const IrType *t, *s;
    if (!(t = op_need_tile(dc, 0)) || !op_need_int_dtype(dc, 0, t) || !(s = op_need_scalar(dc, 1)) ||
        !op_need_int_dtype(dc, 1, s))
        return NULL;
    return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL);
}

static const IrType *deduce_int_scalar(DeduceCtx *dc) { return int_tile_scalar(dc); }

static const IrType *deduce_xors(DeduceCtx *dc)
{
    const IrType *r = int_tile_scalar(dc);
    return r && op_need_tile(dc, 2) ? r : NULL;
}

/* addsc, subsc (a, s, b): Tile(bcast(a, b), promote(a, s, b)). */
static const IrType *deduce_tile_scalar_tile(DeduceCtx *dc)
{
    const IrType *a, *s, *b;
    const IrExpr *buf[8], **dims;
    uint32_t n;
    if (!(a = op_need_tile(dc, 0)) || !(s = op_need_scalar(dc, 1)) || !(b = op_need_tile(dc, 2)))
        return NULL;
    dims = op_dims_scratch(dc, a->n > b->n ? a->n : b->n, buf, 8);
    if (!op_broadcast(dc, a, b, dims, &n))
        return NULL;
    return op_make_tile(dc, dtype_promote(dtype_promote((DataType)a->dtype, (DataType)s->dtype), (DataType)b->dtype), n,
                        dims, NULL);
}

/* sels (lhs, rhs, select_mode). */
static const IrType *deduce_sels(DeduceCtx *dc)
{
    const IrType *t[2];
    if (!need_tiles(dc, 2, t) || !op_need_scalar(dc, 2))
        return NULL;
    return bcast_promote(dc, t[0], t[1]);
}

/* ---------------------------------------------------------------- unary */

static const IrType *deduce_unary(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    return t ? op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL) : NULL;
}

static const IrType *deduce_not(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    char buf[160];
    if (!t)
        return NULL;
    if (t->dtype != DT_INT16 && t->dtype != DT_UINT16)
        return op_fail(dc, 0, "requires an INT16 or UINT16 tile, got %s", type_to_string(dc->ir, t, buf, sizeof buf));
    return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL);
}

static const IrType *deduce_cast(DeduceCtx *dc) { return op_deduce_cast(dc, TYPE_TILE); }

/* --------------------------------------------------------------- schema */

static const OpParam p_lhs_rhs[] = {PARG("lhs"), PARG("rhs")};
static const OpParam p_lhs_rhs_tmp[] = {PARG("lhs"), PARG("rhs"), PARG("tmp")};
static const OpParam p_lhs_rhs_rhs2[] = {PARG("lhs"), PARG("rhs"), PARG("rhs2")};
static const OpParam p_prelu[] = {PARG("tile"), PARG("slope"), PARG("tmp")};
static const OpParam p_lrelu[] = {PARG("tile"), PARG("slope")};
static const OpParam p_sel[] = {PARG("mask"), PARG("lhs"), PARG("rhs")};
static const OpParam p_sels[] = {PARG("lhs"), PARG("rhs"), PARG("select_mode")};
static const OpParam p_cmp[] = {PARG("lhs"), PARG("rhs"), PKW("cmp_type", 0)};
static const KwSpec k_cmp[] = {KW_DEF("cmp_type", KWT_INT, 0)};
static const OpParam p_tile[] = {PARG("tile")};
static const OpParam p_cast[] = {PARG("tile"), PKW("target_type", 0), PKW("mode", 1)};
static const KwSpec k_cast[] = {KW_REQ("target_type", KWT_DTYPE), KW_DEF("mode", KWT_CAST_MODE, 2)};

#define BIN(NAME, FN, DESC) OPDEF(NAME, OPC_BLOCK, 2, p_lhs_rhs, FN, DESC)
#define UNARY(NAME, DESC) OPDEF(NAME, OPC_BLOCK, 1, p_tile, deduce_unary, DESC)

const OpDef ops_block_elem[] = {
    UNARY("block.abs", "Elementwise absolute value"),
    BIN("block.add", deduce_binary, "Elementwise tile + tile"),
    OPDEF("block.addc", OPC_BLOCK, 3, p_lhs_rhs_rhs2, deduce_tri, "Elementwise sum of three tiles"),
    BIN("block.adds", deduce_tile_scalar, "Elementwise tile + scalar"),
    OPDEF("block.addsc", OPC_BLOCK, 3, p_lhs_rhs_rhs2, deduce_tile_scalar_tile, "Elementwise tile + scalar + tile"),
    BIN("block.and", deduce_int_binary, "Elementwise bitwise AND of integer tiles"),
    BIN("block.ands", deduce_int_scalar, "Elementwise bitwise AND of an integer tile and scalar"),
    OPDEF_KW("block.cast", OPC_BLOCK, 1, p_cast, k_cast, deduce_cast, "Convert a tile to another dtype"),
    OPDEF_KW("block.cmp", OPC_BLOCK, 2, p_cmp, k_cmp, deduce_cmp, "Elementwise comparison of two tiles"),
    OPDEF_KW("block.cmps", OPC_BLOCK, 2, p_cmp, k_cmp, deduce_cmps, "Elementwise comparison of a tile and scalar"),
    BIN("block.div", deduce_binary, "Elementwise tile / tile"),
    BIN("block.divs", deduce_tile_scalar, "Elementwise tile / scalar"),
    UNARY("block.exp", "Elementwise exponential"),
    UNARY("block.fillpad", "Copy a tile and pad the elements outside its valid shape"),
    UNARY("block.log", "Elementwise natural logarithm"),
    OPDEF("block.lrelu", OPC_BLOCK, 2, p_lrelu, deduce_tile_scalar, "Elementwise leaky ReLU with a scalar slope"),
    BIN("block.maximum", deduce_binary, "Elementwise maximum of two tiles"),
    BIN("block.maxs", deduce_tile_scalar, "Elementwise maximum of a tile and scalar"),
    BIN("block.minimum", deduce_binary, "Elementwise minimum of two tiles"),
    BIN("block.mins", deduce_tile_scalar, "Elementwise minimum of a tile and scalar"),
    BIN("block.mul", deduce_binary, "Elementwise tile * tile"),
    BIN("block.muls", deduce_tile_scalar, "Elementwise tile * scalar"),
    UNARY("block.neg", "Elementwise negation"),
    OPDEF("block.not", OPC_BLOCK, 1, p_tile, deduce_not, "Elementwise bitwise NOT of an INT16/UINT16 tile"),
    BIN("block.or", deduce_int_binary, "Elementwise bitwise OR of integer tiles"),
    BIN("block.ors", deduce_int_scalar, "Elementwise bitwise OR of an integer tile and scalar"),
    OPDEF("block.prelu", OPC_BLOCK, 3, p_prelu, deduce_prelu, "Elementwise parametric ReLU with a slope tile"),
    UNARY("block.recip", "Elementwise reciprocal"),
    UNARY("block.relu", "Elementwise ReLU"),
    BIN("block.rem", deduce_binary, "Elementwise remainder of two tiles"),
    BIN("block.rems", deduce_tile_scalar, "Elementwise remainder of a tile and scalar"),
    UNARY("block.rsqrt", "Elementwise reciprocal square root"),
    OPDEF("block.sel", OPC_BLOCK, 3, p_sel, deduce_sel, "Select from two tiles by a mask tile"),
    OPDEF("block.sels", OPC_BLOCK, 3, p_sels, deduce_sels, "Select from two tiles by a scalar mode"),
    BIN("block.shl", deduce_shift, "Elementwise left shift of integer tiles"),
    BIN("block.shls", deduce_int_scalar, "Elementwise left shift of an integer tile by a scalar"),
    BIN("block.shr", deduce_shift, "Elementwise right shift of integer tiles"),
    BIN("block.shrs", deduce_int_scalar, "Elementwise right shift of an integer tile by a scalar"),
    UNARY("block.sqrt", "Elementwise square root"),
    BIN("block.sub", deduce_binary, "Elementwise tile - tile"),
    OPDEF("block.subc", OPC_BLOCK, 3, p_lhs_rhs_rhs2, deduce_tri, "Elementwise tile - tile - tile"),
    BIN("block.subs", deduce_tile_scalar, "Elementwise tile - scalar"),
    OPDEF("block.subsc", OPC_BLOCK, 3, p_lhs_rhs_rhs2, deduce_tile_scalar_tile, "Elementwise tile - scalar - tile"),
    OPDEF("block.xor", OPC_BLOCK, 3, p_lhs_rhs_tmp, deduce_xor, "Elementwise bitwise XOR of integer tiles"),
    OPDEF("block.xors", OPC_BLOCK, 3, p_lhs_rhs_tmp, deduce_xors,
          "Elementwise bitwise XOR of an integer tile and scalar"),
};
const uint32_t ops_block_elem_count = OPS_ARRAY_LEN(ops_block_elem);
