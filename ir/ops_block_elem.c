/* ops_block_elem.c: elementwise block ops (ops.md 5.2 tile with tile, 5.3
 * tile with scalar, 5.4 unary and cast).
 *
 * Results are fresh tile types (shape and dtype only): an operand's
 * TileView and MemRef describe where that operand lives, not the result.
 * Shapes broadcast (ops.md 3.1) and dtypes promote (3.2) at the type
 * level; that lowering needs equal shapes is the emitters' concern.
 *
 * The ops themselves are rows of ir/ops.def (sorted by name, once). */
#include "config.h"
#include "ir/ops_internal.h"

/* ---------------------------------------------------------- tile, tile */

const IrType *deduce_binary(DeduceCtx *dc) { return op_deduce_elementwise(dc, TYPE_TILE); }

/* Tiles at args[0..n) must all be tiles; *t filled. */
static int need_tiles(DeduceCtx *dc, uint32_t n, const IrType **t)
{
    for (uint32_t i = 0; i < n; i++)
        if (!(t[i] = op_need_tile(dc, i)))
            return 0;
    return 1;
}

/* and, or: integer tiles only. */
const IrType *deduce_int_binary(DeduceCtx *dc)
{
    const IrType *t[2];
    if (!need_tiles(dc, 2, t) || !op_need_int_dtype(dc, 0, t[0]) || !op_need_int_dtype(dc, 1, t[1]))
        return NULL;
    return op_deduce_elementwise(dc, TYPE_TILE);
}

/* part_add, part_max, part_min, part_mul: two tiles of one shape and
 * element type whose valid shapes may differ (pto-isa TPARTADD ...); the
 * result has the lhs's type (pypto's tile.part_*), valid where it is. */
const IrType *deduce_part(DeduceCtx *dc)
{
    const IrType *t[2];
    char a[32], b[32];
    if (!need_tiles(dc, 2, t))
        return NULL;
    if (t[0]->dtype != t[1]->dtype)
        return op_fail(dc, 1, "both tiles need one element type, got %s and %s", op_dtype_str((DataType)t[0]->dtype, a, sizeof a),
                       op_dtype_str((DataType)t[1]->dtype, b, sizeof b));
    if (t[0]->n != t[1]->n)
        return op_fail(dc, 1, "both tiles need one shape, got ranks %u and %u", (unsigned)t[0]->n, (unsigned)t[1]->n);
    for (uint32_t d = 0; d < t[0]->n; d++) {
        int64_t x, y;
        if (!op_dims_may_match(t[0]->dims[d], t[1]->dims[d], &x, &y))
            return op_fail(dc, 1, "both tiles need one shape; dimension %u is %lld and %lld", (unsigned)d, (long long)x,
                           (long long)y);
    }
    return op_make_tile(dc, (DataType)t[0]->dtype, t[0]->n, t[0]->dims, t[0]->tile_view);
}

/* shl, shr: the rhs is a shift amount, so the element type is the lhs's. */
const IrType *deduce_shift(DeduceCtx *dc)
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
const IrType *deduce_xor(DeduceCtx *dc)
{
    const IrType *t[3];
    if (!need_tiles(dc, 3, t) || !op_need_int_dtype(dc, 0, t[0]) || !op_need_int_dtype(dc, 1, t[1]))
        return NULL;
    return bcast_promote(dc, t[0], t[1]);
}

/* prelu (tile, slope, tmp); rem's form with its scratch tile (a, b, tmp). */
const IrType *deduce_prelu(DeduceCtx *dc)
{
    const IrType *t[3];
    if (!need_tiles(dc, 3, t))
        return NULL;
    return bcast_promote(dc, t[0], t[1]);
}

/* addc, subc: all three tiles are inputs. */
const IrType *deduce_tri(DeduceCtx *dc)
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
const IrType *deduce_sel(DeduceCtx *dc)
{
    /* (mask, lhs, rhs[, tmp]): the scratch of sel_tmp any tile (Legalize
     * gives the instruction one of the form it wants, TMP_RESULT_WORDS) */
    const IrType *t[4];
    if (!need_tiles(dc, dc->nargs < 4 ? dc->nargs : 4, t))
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

/* The mask a comparison of tiles of type like writes: one bit per
 * element, LSB first, the bits of row r in the first ceil(C/8) bytes of
 * row r (pto-isa 3186c381 cpu/TCmp.h, cpu/TSel.hpp; pypto@e2d0f78a types
 * it as a packed UINT8 predicate, where the seed typed it like its
 * inputs).  The tile holds C bytes a row, rounded up to 32 (a Vec row is
 * 32-byte aligned), so that it has its sources' shape whenever C is a
 * multiple of 32, as PTOAS's A5 tcmp verifier asks; its valid shape
 * [R, ceil(C/8)] is what TSEL and TCMPS read back.  A symbolic column
 * count keeps the shape and no valid shape. */
static const IrType *packed_mask(DeduceCtx *dc, const IrType *like)
{
    const IrExpr *dims[2], *valid[2];
    int64_t cols;
    uint32_t n = like->n, last = n ? n - 1 : 0;
    if (n < 1 || n > 2 || !ir_dim_value(like->dims[last], &cols) || cols <= 0)
        return op_make_tile(dc, DT_UINT8, n, like->dims, NULL);
    for (uint32_t d = 0; d < n; d++)
        dims[d] = valid[d] = like->dims[d];
    dims[last] = ir_const_int(dc->ir, (cols + 31) / 32 * 32, DT_INT64, like->dims[last]->span);
    valid[last] = ir_const_int(dc->ir, (cols + 7) / 8, DT_INT64, like->dims[last]->span);
    return op_make_tile(dc, DT_UINT8, n, dims,
                        ir_tile_view(dc->ir, n, valid, 0, NULL, NULL, TL_ROW_MAJOR, TL_NONE_BOX, 512, TP_NULL));
}

/* cmp: shapes as add's; the result is the packed mask. */
const IrType *deduce_cmp(DeduceCtx *dc)
{
    const IrType *r = op_deduce_elementwise(dc, TYPE_TILE);
    return r && cmp_type_ok(dc) ? packed_mask(dc, r) : NULL;
}

/* tensor.cmp (a, b) or (a, s): the operands' broadcast shape and promoted
 * type, holding 1 and 0 (pypto's conversion selects ones and zeros by the
 * mask). */
const IrType *deduce_tensor_cmp(DeduceCtx *dc)
{
    const IrType *r, *rhs = dc->nargs > 1 && dc->args[1] ? ir_expr_type(dc->ir, dc->args[1]) : NULL;
    r = rhs && rhs->kind == TYPE_SCALAR ? op_deduce_shaped_scalar(dc, TYPE_TENSOR) : op_deduce_elementwise(dc, TYPE_TENSOR);
    return r && cmp_type_ok(dc) ? r : NULL;
}

/* --------------------------------------------------------- tile, scalar */

const IrType *deduce_tile_scalar(DeduceCtx *dc) { return op_deduce_shaped_scalar(dc, TYPE_TILE); }

const IrType *deduce_cmps(DeduceCtx *dc)
{
    const IrType *r = op_deduce_shaped_scalar(dc, TYPE_TILE);
    return r && cmp_type_ok(dc) ? packed_mask(dc, r) : NULL;
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

const IrType *deduce_int_scalar(DeduceCtx *dc) { return int_tile_scalar(dc); }

const IrType *deduce_xors(DeduceCtx *dc)
{
    const IrType *r = int_tile_scalar(dc);
    return r && op_need_tile(dc, 2) ? r : NULL;
}

/* rems's form with its scratch tile (a, s, tmp). */
const IrType *deduce_tile_scalar_tmp(DeduceCtx *dc)
{
    const IrType *r = deduce_tile_scalar(dc);
    return r && op_need_tile(dc, 2) ? r : NULL;
}

/* addsc, subsc (a, s, b): Tile(bcast(a, b), promote(a, s, b)). */
const IrType *deduce_tile_scalar_tile(DeduceCtx *dc)
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
const IrType *deduce_sels(DeduceCtx *dc)
{
    const IrType *t[2];
    if (!need_tiles(dc, 2, t) || !op_need_scalar(dc, 2))
        return NULL;
    return bcast_promote(dc, t[0], t[1]);
}

/* sels (mask, src, tmp, scalar): today's TSELS, src where the mask's bit
 * is set, else the scalar (pto-isa cpu/TSelS.hpp: bit c % w of mask
 * element (r, c / w) for w-bit mask elements).  The mask is a tile of 8-,
 * 16- or 32-bit integers whose rows cover src's (pypto's tile.sels); the
 * scratch any tile (Legalize gives the instruction one of the form it
 * wants, TMP_SCALAR_SLOT).  The result has src's shape and type. */
const IrType *deduce_sels_tmp(DeduceCtx *dc)
{
    const IrType *t[3];
    char b[32];
    int64_t mr, mc, sr, sc;
    if (!need_tiles(dc, 3, t) || !op_need_scalar(dc, 3))
        return NULL;
    if (!dtype_is_int((DataType)t[0]->dtype) || dtype_bits((DataType)t[0]->dtype) > 32)
        return op_fail(dc, 0, "the mask must be a tile of 8-, 16- or 32-bit integers, got %s",
                       op_dtype_str((DataType)t[0]->dtype, b, sizeof b));
    switch ((DataType)t[1]->dtype) {
    case DT_INT8: case DT_UINT8: case DT_INT16: case DT_UINT16: case DT_INT32: case DT_UINT32: case DT_FP16: case DT_FP32:
        break;
    default:
        return op_fail(dc, 1, "src must be a tile of INT8, UINT8, INT16, UINT16, INT32, UINT32, FP16 or FP32, got %s",
                       op_dtype_str((DataType)t[1]->dtype, b, sizeof b));
    }
    for (int i = 0; i < 2; i++)
        if (t[i]->n != 2)
            return op_fail(dc, i, "%s must be a 2-D tile, got rank %u", i ? "src" : "the mask", (unsigned)t[i]->n);
    if (ir_dim_value(ir_tile_valid_dims(t[0])[0], &mr) && ir_dim_value(ir_tile_valid_dims(t[1])[0], &sr) && mr < sr)
        return op_fail(dc, 0, "the mask has %lld valid rows for src's %lld", (long long)mr, (long long)sr);
    if (ir_dim_value(ir_tile_valid_dims(t[0])[1], &mc) && ir_dim_value(ir_tile_valid_dims(t[1])[1], &sc) &&
        mc * (int64_t)dtype_bits((DataType)t[0]->dtype) < sc)
        return op_fail(dc, 0, "a valid row of the mask holds %lld bits, for src's %lld valid columns",
                       (long long)(mc * (int64_t)dtype_bits((DataType)t[0]->dtype)), (long long)sc);
    return op_make_tile(dc, (DataType)t[1]->dtype, t[1]->n, t[1]->dims, NULL);
}

/* ---------------------------------------------------------------- unary */

const IrType *deduce_unary(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    return t ? op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL) : NULL;
}

/* rsqrt (tile, tmp): the form with a scratch tile (pypto tile_ops.py
 * rsqrt: "same shape/dtype as tile"), which selects the high-precision
 * lowering. */
const IrType *deduce_unary_tmp(DeduceCtx *dc)
{
    const IrType *t[2];
    char b0[160], b1[160];
    if (!need_tiles(dc, 2, t))
        return NULL;
    int same = t[0]->dtype == t[1]->dtype && t[0]->n == t[1]->n;
    for (uint32_t d = 0; same && d < t[0]->n; d++) {
        int64_t x, y;
        if (t[0]->dims[d] != t[1]->dims[d] &&
            !(ir_dim_value(t[0]->dims[d], &x) && ir_dim_value(t[1]->dims[d], &y) && x == y))
            same = 0;
    }
    if (!same)
        return op_fail(dc, 1, "the scratch tile must have the source's shape and element type: %s, got %s",
                       type_to_string(dc->ir, t[0], b0, sizeof b0), type_to_string(dc->ir, t[1], b1, sizeof b1));
    return op_make_tile(dc, (DataType)t[0]->dtype, t[0]->n, t[0]->dims, NULL);
}

/* sin, cos: FP32 tiles only (pypto tile_ops.py: "Non-FP32 inputs are
 * rejected rather than promoted"). */
const IrType *deduce_fp32_unary(DeduceCtx *dc) { return op_deduce_fp32_unary(dc, TYPE_TILE); }

const IrType *deduce_not(DeduceCtx *dc)
{
    const IrType *t = op_need_tile(dc, 0);
    char buf[160];
    if (!t)
        return NULL;
    if (t->dtype != DT_INT16 && t->dtype != DT_UINT16)
        return op_fail(dc, 0, "requires an INT16 or UINT16 tile, got %s", type_to_string(dc->ir, t, buf, sizeof buf));
    return op_make_tile(dc, (DataType)t->dtype, t->n, t->dims, NULL);
}

const IrType *deduce_cast(DeduceCtx *dc) { return op_deduce_cast(dc, TYPE_TILE); }
