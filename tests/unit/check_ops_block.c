/* check_ops_block.c: type deduction of the block ops (ir/ops_*.c, ops.md
 * 6): elementwise tile-tile and tile-scalar ops, comparisons, unary ops and
 * casts, memory ops (load, store, move, create/full/alloc), reductions and
 * broadcasts, matmul, and reshape/transpose/view.  Builders are in
 * check_ops.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ops.h"

/* ------------------------------------------------ elementwise block ops */

START_TEST(test_tile_tile)
{
    const IrExpr *a = var(tile_type(DT_FP32, 2, 4, 8)), *b = var(tile_type(DT_FP32, 1, 8));
    const IrExpr *c = var(tile_type(DT_FP32, 2, 4, 1));
    const char *const ops[] = {"block.add",     "block.sub",     "block.mul", "block.div",
                               "block.maximum", "block.minimum", "block.rem"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        EXPECT_TYPE(run(ops[i], 2, ARGS(a, b), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    EXPECT_TYPE(run("block.add", 2, ARGS(c, b), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    expect_error(run("block.add", 2, ARGS(a, var(tile_type(DT_FP32, 1, 5))), 0, NULL), -1,
                 "'pl.tile.add': cannot broadcast pl.Tile[[4, 8], pl.FP32] with pl.Tile[[5], pl.FP32]");
    expect_error(run("block.add", 2, ARGS(a, scalar(DT_FP32)), 0, NULL), 1,
                 "'pl.tile.add': second argument must be a Tile, got pl.Scalar[pl.FP32]");
    expect_error(run("block.mul", 2, ARGS(var(tensor_type(DT_FP16, 1, 4)), a), 0, NULL), 0,
                 "'pl.tile.mul': first argument must be a Tile, got pl.Tensor[[4], pl.FP16]");
    /* Operand views are not inherited. */
    {
        const IrExpr *dims[2] = {ir_dim_const(&ctx, 16), ir_dim_const(&ctx, 16)};
        const IrType *viewed =
            ir_type_tile(&ctx, DT_FP32, 2, dims, NULL, ir_tile_view_layout(&ctx, TL_COL_MAJOR, TL_ROW_MAJOR, 512));
        const IrType *r = run("block.add", 2, ARGS(var(viewed), var(viewed)), 0, NULL);
        ck_assert_ptr_nonnull(r);
        ck_assert_ptr_null(r->tile_view);
    }
}
END_TEST

START_TEST(test_tile_tile_int_ops)
{
    const IrExpr *i32 = var(tile_type(DT_INT32, 2, 8, 8)), *i16 = var(tile_type(DT_INT16, 2, 8, 8));
    const IrExpr *f32 = var(tile_type(DT_FP32, 2, 8, 8));
    EXPECT_TYPE(run("block.and", 2, ARGS(i32, i16), 0, NULL), "pl.Tile[[8, 8], pl.INT32]");
    EXPECT_TYPE(run("block.or", 2, ARGS(i16, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT32]");
    expect_error(run("block.and", 2, ARGS(i32, f32), 0, NULL), 1,
                 "'pl.tile.and': second argument must have an integer dtype, got pl.Tile[[8, 8], pl.FP32]");
    /* Shifts keep the lhs dtype. */
    EXPECT_TYPE(run("block.shl", 2, ARGS(i16, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT16]");
    EXPECT_TYPE(run("block.shr", 2, ARGS(i16, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT16]");
    expect_error_prefix(run("block.shl", 2, ARGS(f32, i32), 0, NULL), "'pl.tile.shl': first argument");
    /* xor (lhs, rhs, tmp). */
    EXPECT_TYPE(run("block.xor", 3, ARGS(i16, i32, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT32]");
    expect_error(run("block.xor", 3, ARGS(i16, i32, scalar(DT_INT32)), 0, NULL), 2,
                 "'pl.tile.xor': third argument must be a Tile, got pl.Scalar[pl.INT32]");
    /* not: INT16/UINT16 only. */
    EXPECT_TYPE(run("block.not", 1, ARGS(i16), 0, NULL), "pl.Tile[[8, 8], pl.INT16]");
    expect_error(run("block.not", 1, ARGS(i32), 0, NULL), 0,
                 "'pl.tile.not': requires an INT16 or UINT16 tile, got pl.Tile[[8, 8], pl.INT32]");
}
END_TEST

START_TEST(test_tile_tile_three)
{
    const IrExpr *a = var(tile_type(DT_FP16, 2, 4, 8)), *b = var(tile_type(DT_FP32, 1, 8));
    const IrExpr *c = var(tile_type(DT_INT32, 2, 4, 1)), *mask = var(tile_type(DT_UINT8, 2, 4, 8));
    EXPECT_TYPE(run("block.addc", 3, ARGS(a, b, c), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    EXPECT_TYPE(run("block.subc", 3, ARGS(c, c, c), 0, NULL), "pl.Tile[[4, 1], pl.INT32]");
    expect_error(run("block.addc", 3, ARGS(a, b, var(tile_type(DT_FP32, 1, 3))), 0, NULL), -1,
                 "'pl.tile.addc': cannot broadcast pl.Tile[[4, 8], pl.FP16], pl.Tile[[8], pl.FP32] and "
                 "pl.Tile[[3], pl.FP32]");
    /* sel: the mask does not shape the result. */
    EXPECT_TYPE(run("block.sel", 3, ARGS(mask, a, b), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    EXPECT_TYPE(run("block.sels", 3, ARGS(a, b, scalar(DT_INT32)), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    expect_error_prefix(run("block.sels", 3, ARGS(a, b, c), 0, NULL),
                        "'pl.tile.sels': third argument must be a Scalar");
    /* prelu (tile, slope, tmp): result from the first two. */
    EXPECT_TYPE(run("block.prelu", 3, ARGS(a, a, c), 0, NULL), "pl.Tile[[4, 8], pl.FP16]");
    /* addsc (a, s, b): promote over all three. */
    EXPECT_TYPE(run("block.addsc", 3, ARGS(a, scalar(DT_FP32), a), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    EXPECT_TYPE(run("block.subsc", 3, ARGS(c, scalar(DT_INT8), b), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
}
END_TEST

START_TEST(test_cmp)
{
    const IrExpr *a = var(tile_type(DT_FP32, 2, 16, 16)), *b = var(tile_type(DT_FP16, 2, 16, 16));
    const IrExpr *w = var(tile_type(DT_INT32, 2, 4, 72));
    /* The packed mask: C bytes a row rounded up to 32, ceil(C/8) valid. */
    EXPECT_TYPE(run("block.cmp", 2, ARGS(a, b), 1, KWS(kw("cmp_type", KW_INT, 2))),
                "pl.Tile[[16, 32], pl.UINT8, pl.TileView(valid_shape=[16, 2])]");
    EXPECT_TYPE(run("block.cmps", 2, ARGS(b, cf(0.5)), 1, KWS(kw("cmp_type", KW_INT, 5))),
                "pl.Tile[[16, 32], pl.UINT8, pl.TileView(valid_shape=[16, 2])]");
    EXPECT_TYPE(run("block.cmp", 2, ARGS(w, w), 0, NULL),
                "pl.Tile[[4, 96], pl.UINT8, pl.TileView(valid_shape=[4, 9])]");
    /* Default from the schema when not stored. */
    EXPECT_TYPE(run("block.cmp", 2, ARGS(a, a), 0, NULL),
                "pl.Tile[[16, 32], pl.UINT8, pl.TileView(valid_shape=[16, 2])]");
    expect_error(run("block.cmp", 2, ARGS(a, b), 1, KWS(kw("cmp_type", KW_INT, 6))), -1,
                 "'pl.tile.cmp': cmp_type must be between 0 and 5, got 6");
}
END_TEST

START_TEST(test_tile_scalar)
{
    const IrExpr *f32 = var(tile_type(DT_FP32, 2, 32, 32)), *i32 = var(tile_type(DT_INT32, 2, 32, 32));
    const char *const ops[] = {"block.adds", "block.subs", "block.muls",  "block.divs",   "block.rems",
                               "block.maxs", "block.mins", "block.lrelu", "block.expands"};
    /* GP9: an integer literal is INT64. */
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        EXPECT_TYPE(run(ops[i], 2, ARGS(f32, ci(1)), 0, NULL), "pl.Tile[[32, 32], pl.FP32]");
        EXPECT_TYPE(run(ops[i], 2, ARGS(i32, ci(1)), 0, NULL), "pl.Tile[[32, 32], pl.INT64]");
    }
    EXPECT_TYPE(run("block.adds", 2, ARGS(i32, cf(2.0)), 0, NULL), "pl.Tile[[32, 32], pl.FP32]");
    EXPECT_TYPE(run("block.muls", 2, ARGS(i32, scalar(DT_INT8)), 0, NULL), "pl.Tile[[32, 32], pl.INT32]");
    expect_error(run("block.adds", 2, ARGS(f32, f32), 0, NULL), 1,
                 "'pl.tile.adds': second argument must be a Scalar, got pl.Tile[[32, 32], pl.FP32]");
    /* Integer-only scalar ops keep the tile's type. */
    {
        const char *const iops[] = {"block.shls", "block.shrs", "block.ands", "block.ors"};
        for (size_t i = 0; i < sizeof iops / sizeof iops[0]; i++)
            EXPECT_TYPE(run(iops[i], 2, ARGS(i32, ci(3)), 0, NULL), "pl.Tile[[32, 32], pl.INT32]");
    }
    expect_error(run("block.shls", 2, ARGS(i32, cf(1.0)), 0, NULL), 1,
                 "'pl.tile.shls': second argument must have an integer dtype, got pl.Scalar[pl.FP32]");
    expect_error_prefix(run("block.ands", 2, ARGS(f32, ci(1)), 0, NULL), "'pl.tile.ands': first argument must have");
    EXPECT_TYPE(run("block.xors", 3, ARGS(i32, ci(3), i32), 0, NULL), "pl.Tile[[32, 32], pl.INT32]");
}
END_TEST

START_TEST(test_unary_and_cast)
{
    const IrExpr *t = var(tile_type(DT_FP16, 2, 16, 64));
    const char *const ops[] = {"block.neg",   "block.exp", "block.log",  "block.sqrt",    "block.rsqrt",
                               "block.recip", "block.abs", "block.relu", "block.fillpad", "block.vec_move"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i], "block.fillpad") != 0)
            EXPECT_TYPE(run(ops[i], 1, ARGS(t), 0, NULL), "pl.Tile[[16, 64], pl.FP16]");
    /* fillpad's result is valid everywhere and carries its pad value. */
    EXPECT_TYPE(run("block.fillpad", 1, ARGS(t), 1, KWS(kw("pad_value", KW_INT, TP_MIN))),
                "pl.Tile[[16, 64], pl.FP16, pl.TileView(pad=pl.TilePad.min)]");
    expect_error(run("block.exp", 1, ARGS(scalar(DT_FP32)), 0, NULL), 0,
                 "'pl.tile.exp': first argument must be a Tile, got pl.Scalar[pl.FP32]");
    EXPECT_TYPE(run("block.cast", 1, ARGS(t), 2, KWS(kw("target_type", KW_DTYPE, DT_FP32), kw("mode", KW_INT, 2))),
                "pl.Tile[[16, 64], pl.FP32]");
    EXPECT_TYPE(run("block.cast", 1, ARGS(t), 1, KWS(kw("target_type", KW_DTYPE, DT_INT8))),
                "pl.Tile[[16, 64], pl.INT8]");
    expect_error(run("block.cast", 1, ARGS(t), 0, NULL), -1, "'pl.tile.cast': missing required kwarg 'target_type'");
    expect_error(run("block.cast", 1, ARGS(t), 2, KWS(kw("target_type", KW_DTYPE, DT_FP32), kw("mode", KW_INT, 9))), -1,
                 "'pl.tile.cast': mode must be between 0 and 6, got 9");
    EXPECT_TYPE(run("tensor.cast", 1, ARGS(var(tensor_type(DT_FP32, 3, 2, 3, 4))), 2,
                    KWS(kw("target_type", KW_DTYPE, DT_BF16), kw("mode", KW_INT, 1))),
                "pl.Tensor[[2, 3, 4], pl.BFLOAT16]");
}
END_TEST

/* ----------------------------------------------------- memory block ops */

START_TEST(test_load)
{
    const IrExpr *t = var(tensor_type(DT_FP16, 2, 128, 128));
    const IrType *r;
    r = run("block.load", 4, ARGS(t, list(2, 0, 64), list(2, 64, 32), list(2, 64, 32)), 1,
            KWS(kw("target_memory", KW_MEMSPACE, MS_VEC)));
    EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP16]");
    ck_assert_ptr_null(r->tile_view);
    r = run("block.load", 4, ARGS(t, list(2, 0, 0), list(2, 64, 32), list(2, 64, 32)), 1, KWS(kw("target_memory", KW_MEMSPACE, MS_MAT)));
    expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 512);
    ck_assert_uint_eq(r->n, 2);
    expect_error(run("block.load", 4, ARGS(t, list(2, 0, 0), list(2, 64, 32), list(2, 64, 32)), 1,
                     KWS(kw("target_memory", KW_MEMSPACE, MS_LEFT))),
                 -1,
                 "'pl.tile.load': target_memory must be pl.MemorySpace.Vec or pl.MemorySpace.Mat, got "
                 "pl.MemorySpace.Left");
    expect_error(run("block.load", 4, ARGS(t, list(1, 0), list(2, 64, 32), list(2, 64, 32)), 0, NULL), -1,
                 "'pl.tile.load': offsets and shapes must have the same length, got 1 offsets and 2 shapes");
    expect_error(run("block.load", 4, ARGS(t, list(0), list(0), list(0)), 0, NULL), 2,
                 "'pl.tile.load': shapes must have at least one dimension");
    expect_error(run("block.load", 4, ARGS(var(tile_type(DT_FP16, 2, 8, 8)), list(2, 0, 0), list(2, 8, 8), list(2, 8, 8)), 0, NULL), 0,
                 "'pl.tile.load': first argument must be a Tensor, got pl.Tile[[8, 8], pl.FP16]");
    expect_error(run("block.load", 4, ARGS(t, ci(0), list(2, 8, 8), list(2, 8, 8)), 0, NULL), 1,
                 "'pl.tile.load': offsets (second argument) must be a tuple, got pl.Scalar[pl.INT64]");
    /* A window of rank 3 is a tile of rank 3 (FlattenTileNdTo2D makes it 2-D). */
    EXPECT_TYPE(run("block.load", 4,
                    ARGS(var(tensor_type(DT_FP16, 3, 4, 128, 128)), list(3, 0, 0, 0), list(3, 2, 64, 64),
                         list(3, 2, 64, 64)),
                    0, NULL),
                "pl.Tile[[2, 64, 64], pl.FP16]");
    /* Symbolic shapes come from the tuple. */
    {
        const IrExpr *n = scalar(DT_INT64);
        const IrExpr *shapes = ir_make_tuple(&ctx, 2, ARGS(n, ci(32)), span_unknown());
        r = run("block.load", 4, ARGS(t, list(2, 0, 0), shapes, shapes), 0, NULL);
        ck_assert_ptr_nonnull(r);
        ck_assert_ptr_eq(r->dims[0], n);
        ck_assert_ptr_null(r->tile_view);
        /* A valid shape narrows the tile's view, statically or not; it
         * has the shape's rank and no constant larger than the shape's. */
        r = run("block.load", 4, ARGS(t, list(2, 0, 0), list(2, 64, 32), ir_make_tuple(&ctx, 2, ARGS(n, ci(30)), span_unknown())), 0, NULL);
        EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP16, pl.TileView(valid_shape=[v, 30])]");
        expect_error(run("block.load", 4, ARGS(t, list(2, 0, 0), list(2, 64, 32), list(1, 64)), 0, NULL), 3,
                     "'pl.tile.load': valid_shape has 1 dimensions for a shape of 2");
        expect_error(run("block.load", 4, ARGS(t, list(2, 0, 0), list(2, 64, 32), list(2, 64, 33)), 0, NULL), 3,
                     "'pl.tile.load': valid_shape element 1 is 33, more than the shape's 32");
        const IrExpr *bad = ir_make_tuple(&ctx, 2, ARGS(cf(1.0), ci(32)), span_unknown());
        expect_error(run("block.load", 4, ARGS(t, list(2, 0, 0), bad, bad), 0, NULL),
                     2, "'pl.tile.load': shapes element 0 must be an integer Scalar, got pl.Scalar[pl.FP32]");
    }
}
END_TEST

START_TEST(test_store)
{
    const IrExpr *tile = var(tile_type(DT_FP32, 2, 64, 64));
    const IrType *out = tensor_type(DT_FP32, 2, 128, 128);
    const IrExpr *o = var(out);
    ck_assert_ptr_eq(run("block.store", 4, ARGS(tile, list(2, 0, 0), list(2, 64, 64), o), 0, NULL), out);
    ck_assert_ptr_eq(run("block.l0c_store", 4, ARGS(tile, list(2, 0, 0), list(2, 64, 64), o), 0, NULL), out);
    expect_error(run("block.store", 4, ARGS(tile, list(2, 0, 0), list(2, 64, 64), tile), 0, NULL), 3,
                 "'pl.tile.store': fourth argument must be a Tensor, got pl.Tile[[64, 64], pl.FP32]");
    expect_error(run("block.store", 4, ARGS(o, list(2, 0, 0), list(2, 64, 64), o), 0, NULL), 0,
                 "'pl.tile.store': first argument must be a Tile, got pl.Tensor[[128, 128], pl.FP32]");
    expect_error_prefix(run("block.store", 4, ARGS(tile, list(2, 0, 0), list(1, 64), o), 0, NULL),
                        "'pl.tile.store': offsets and shapes must have the same length");
}
END_TEST

static const IrType *move(const IrExpr *t, MemorySpace ms, int transpose)
{
    return run("block.move", 1, ARGS(t), 2,
               KWS(kw("target_memory", KW_MEMSPACE, ms), kw("transpose", KW_BOOL, transpose)));
}

START_TEST(test_move)
{
    const IrExpr *t = var(tile_type(DT_FP16, 2, 16, 32));
    const IrType *r;
    r = move(t, MS_LEFT, 0);
    EXPECT_TYPE(r, "pl.Tile[[16, 32], pl.FP16, pl.TileView(slayout=pl.TileLayout.row_major)]");
    expect_view(r, TL_ROW_MAJOR, TL_ROW_MAJOR, 512);
    expect_view(move(t, MS_RIGHT, 0), TL_ROW_MAJOR, TL_COL_MAJOR, 512);
    r = move(t, MS_VEC, 0);
    EXPECT_TYPE(r, "pl.Tile[[16, 32], pl.FP16]");
    ck_assert_ptr_null(r->tile_view);
    ck_assert_ptr_null(move(t, MS_MAT, 0)->tile_view);
    /* Transposed: dims swapped; layouts swapped, or blayout flipped. */
    r = move(t, MS_RIGHT, 1);
    EXPECT_TYPE(r, "pl.Tile[[32, 16], pl.FP16, pl.TileView(blayout=pl.TileLayout.col_major, "
                   "slayout=pl.TileLayout.row_major)]");
    expect_view(move(t, MS_LEFT, 1), TL_ROW_MAJOR, TL_ROW_MAJOR, 512);
    r = move(t, MS_VEC, 1);
    expect_view(r, TL_COL_MAJOR, TL_NONE_BOX, 512);
    ck_assert_uint_eq(r->n, 2);
    /* transpose defaults to False when not stored. */
    EXPECT_TYPE(run("block.move", 1, ARGS(t), 1, KWS(kw("target_memory", KW_MEMSPACE, MS_VEC))),
                "pl.Tile[[16, 32], pl.FP16]");
    expect_error(run("block.move", 1, ARGS(t), 0, NULL), -1, "'pl.tile.move': missing required kwarg 'target_memory'");
    expect_error_prefix(move(var(tensor_type(DT_FP16, 1, 4)), MS_VEC, 0),
                        "'pl.tile.move': first argument must be a Tile");
}
END_TEST

START_TEST(test_create_full_alloc)
{
    const IrExpr *args[2];
    const OpDef *full = op_lookup("block.full");
    IrKwarg dt = kw("dtype", KW_DTYPE, DT_FP32);
    DeduceCtx dc;
    EXPECT_TYPE(run("block.create_tile", 1, ARGS(list(2, 64, 128)), 2,
                    KWS(kw("dtype", KW_DTYPE, DT_FP16), kw("target_memory", KW_MEMSPACE, MS_MAT))),
                "pl.Tile[[64, 128], pl.FP16, pl.TileView(blayout=pl.TileLayout.col_major, "
                "slayout=pl.TileLayout.row_major)]");   /* in Mat: the NZ layout, as a load into Mat */
    EXPECT_TYPE(run("block.create_tile", 1, ARGS(list(2, 64, 128)), 2,
                    KWS(kw("dtype", KW_DTYPE, DT_FP16), kw("target_memory", KW_MEMSPACE, MS_VEC))),
                "pl.Tile[[64, 128], pl.FP16]");
    expect_error(run("block.create_tile", 1, ARGS(list(2, 64, 0)), 1, KWS(kw("dtype", KW_DTYPE, DT_FP16))), 0,
                 "'pl.tile.create': shape element 1 is 0; an extent must be positive");
    expect_error(run("block.create_tile", 1,
                     ARGS(ir_make_tuple(&ctx, 2, ARGS(scalar(DT_INT64), ci(4)), span_unknown())), 1,
                     KWS(kw("dtype", KW_DTYPE, DT_FP16))),
                 0, "'pl.tile.create': shape element 0 must be an integer constant");
    EXPECT_TYPE(run("block.create_tile", 1, ARGS(list(3, 2, 2, 2)), 1, KWS(kw("dtype", KW_DTYPE, DT_FP16))),
                "pl.Tile[[2, 2, 2], pl.FP16]");

    /* full: the normalize hook types a literal value with dtype. */
    memset(&dc, 0, sizeof dc);
    dc.ir = &ctx;
    dc.op = full;
    dc.kwargs = &dt;
    dc.nkwargs = 1;
    dc.err = &err;
    args[0] = list(2, 64, 64);
    args[1] = ci(0);
    dc.args = args;
    dc.nargs = 2;
    full->normalize(&dc, args);
    ck_assert_int_eq(args[1]->kind, EXPR_CONST_INT);
    ck_assert_int_eq(args[1]->dtype, DT_FP32);
    args[1] = cf(1.5);
    dt = kw("dtype", KW_DTYPE, DT_FP16);
    full->normalize(&dc, args);
    ck_assert_int_eq(args[1]->kind, EXPR_CONST_FLOAT);
    ck_assert_int_eq(args[1]->dtype, DT_FP16);
    ck_assert(IR_AS(IrConstFloat, args[1])->value == 1.5);
    args[1] = ir_unary(&ctx, UN_NEG, DT_INT64, ci(3), span_unknown());
    dt = kw("dtype", KW_DTYPE, DT_INT32);
    full->normalize(&dc, args);
    ck_assert_int_eq(args[1]->kind, EXPR_CONST_INT);
    ck_assert_int_eq(IR_AS(IrConstInt, args[1])->value, -3);
    ck_assert_int_eq(args[1]->dtype, DT_INT32);
    {
        const IrExpr *x = scalar(DT_FP32);
        args[1] = x;
        full->normalize(&dc, args);
        ck_assert_ptr_eq(args[1], x);
    }
    EXPECT_TYPE(run("block.full", 2, args, 1, KWS(kw("dtype", KW_DTYPE, DT_FP32))), "pl.Tile[[64, 64], pl.FP32]");
    expect_error(run("block.full", 2, ARGS(list(2, 64, 64), var(tile_type(DT_FP32, 1, 4))), 1,
                     KWS(kw("dtype", KW_DTYPE, DT_FP32))),
                 1, "'pl.tile.full': second argument must be a Scalar, got pl.Tile[[4], pl.FP32]");

    ck_assert_int_eq(run("block.alloc", 4, ARGS(ci(MS_VEC), ci(0), ci(16384), ci(3)), 0, NULL)->kind, TYPE_MEMREF);
    expect_error_prefix(run("block.alloc", 4, ARGS(ci(99), ci(0), ci(16384), ci(3)), 0, NULL), "'pl.tile.alloc': ");
    EXPECT_TYPE(run("block.get_block_idx", 0, NO_ARGS, 0, NULL), "pl.Scalar[pl.UINT64]");
}
END_TEST

/* -------------------------------------------------- reductions, bcasts */

static const IrType *reduce(const char *op, const IrExpr *t, int axis, int keepdim)
{
    return run(op, 1, ARGS(t), 2, KWS(kw("axis", KW_INT, axis), kw("keepdim", KW_BOOL, keepdim)));
}

START_TEST(test_reductions)
{
    const IrExpr *t = var(tile_type(DT_FP32, 2, 32, 16)), *v = var(tile_type(DT_FP16, 1, 32));
    EXPECT_TYPE(reduce("block.sum", t, 1, 1), "pl.Tile[[32, 1], pl.FP32]");
    EXPECT_TYPE(reduce("block.sum", t, 1, 0), "pl.Tile[[32], pl.FP32]");
    EXPECT_TYPE(reduce("block.max", t, 0, 1), "pl.Tile[[1, 16], pl.FP32]");
    EXPECT_TYPE(reduce("block.min", t, -2, 0), "pl.Tile[[16], pl.FP32]");
    EXPECT_TYPE(reduce("block.sum", t, -1, 1), "pl.Tile[[32, 1], pl.FP32]");
    EXPECT_TYPE(reduce("block.sum", v, 0, 0), "pl.Scalar[pl.FP16]");
    EXPECT_TYPE(reduce("block.sum", v, -1, 1), "pl.Tile[[1], pl.FP16]");
    EXPECT_TYPE(run("block.sum", 1, ARGS(t), 1, KWS(kw("axis", KW_INT, 1))), "pl.Tile[[32], pl.FP32]");
    expect_error(reduce("block.sum", t, 2, 0), -1, "'pl.tile.sum': axis 2 is out of range for rank 2");
    expect_error(run("block.sum", 1, ARGS(t), 0, NULL), -1, "'pl.tile.sum': missing required kwarg 'axis'");

    EXPECT_TYPE(run("block.row_sum", 2, ARGS(t, t), 0, NULL), "pl.Tile[[32, 1], pl.FP32]");
    EXPECT_TYPE(run("block.row_max", 2, ARGS(t, t), 0, NULL), "pl.Tile[[32, 1], pl.FP32]");
    EXPECT_TYPE(run("block.row_min", 2, ARGS(t, t), 0, NULL), "pl.Tile[[32, 1], pl.FP32]");
    expect_error(run("block.row_sum", 2, ARGS(v, v), 0, NULL), 0,
                 "'pl.tile.row_sum': tile must have at least 2 dimensions, got pl.Tile[[32], pl.FP16]");
    expect_error_prefix(run("block.row_max", 2, ARGS(t, scalar(DT_FP32)), 0, NULL),
                        "'pl.tile.row_max': second argument must be a Tile");

    EXPECT_TYPE(run("tensor.row_max", 1, ARGS(var(tensor_type(DT_FP32, 3, 2, 8, 16))), 0, NULL),
                "pl.Tensor[[2, 8, 1], pl.FP32]");
    EXPECT_TYPE(run("tensor.row_sum", 1, ARGS(var(tensor_type(DT_INT32, 1, 8))), 0, NULL), "pl.Tensor[[1], pl.INT32]");
}
END_TEST

START_TEST(test_broadcast_ops)
{
    const IrExpr *t = var(tile_type(DT_FP32, 2, 32, 16)), *rv = var(tile_type(DT_FP16, 2, 32, 1));
    const IrExpr *cv = var(tile_type(DT_FP32, 2, 1, 16));
    const char *const rops[] = {"block.row_expand_add", "block.row_expand_sub", "block.row_expand_mul",
                                "block.row_expand_div"};
    const char *const cops[] = {"block.col_expand", "block.col_expand_mul", "block.col_expand_div",
                                "block.col_expand_sub"};
    EXPECT_TYPE(run("block.row_expand", 1, ARGS(t), 0, NULL), "pl.Tile[[32, 16], pl.FP32]");
    for (size_t i = 0; i < 4; i++) {
        EXPECT_TYPE(run(rops[i], 2, ARGS(t, rv), 0, NULL), "pl.Tile[[32, 16], pl.FP32]");
        EXPECT_TYPE(run(cops[i], 2, ARGS(t, cv), 0, NULL), "pl.Tile[[32, 16], pl.FP32]");
    }
    expect_error(run("block.row_expand_add", 2, ARGS(t, cv), 0, NULL), 1,
                 "'pl.tile.row_expand_add': row_vec's last dimension must be 1");
    expect_error(run("block.row_expand_add", 2, ARGS(t, var(tile_type(DT_FP32, 2, 16, 1))), 0, NULL), 1,
                 "'pl.tile.row_expand_add': row_vec has 16 rows, the tile has 32");
    /* the form with a scratch tile: the same type; the scratch must be a tile */
    EXPECT_TYPE(run("block.row_expand_add_tmp", 3, ARGS(t, rv, t), 0, NULL), "pl.Tile[[32, 16], pl.FP32]");
    ck_assert_ptr_null(run("block.row_expand_add_tmp", 3, ARGS(t, rv, scalar(DT_FP32)), 0, NULL));
    expect_error(run("block.col_expand", 2, ARGS(t, rv), 0, NULL), 1,
                 "'pl.tile.col_expand': col_vec must have shape [1, N], got pl.Tile[[32, 1], pl.FP16]");
    expect_error(run("block.col_expand_mul", 2, ARGS(t, var(tile_type(DT_FP32, 2, 1, 8))), 0, NULL), 1,
                 "'pl.tile.col_expand_mul': col_vec has 8 columns, the target has 16");
    EXPECT_TYPE(run("block.expands", 2, ARGS(t, scalar(DT_FP16)), 0, NULL), "pl.Tile[[32, 16], pl.FP32]");
}
END_TEST

/* --------------------------------------------------------------- matmul */

START_TEST(test_block_matmul)
{
    const IrExpr *a = var(tile_type(DT_FP16, 2, 64, 128)), *b = var(tile_type(DT_FP16, 2, 128, 32));
    const IrExpr *i8a = var(tile_type(DT_INT8, 2, 16, 32)), *i8b = var(tile_type(DT_INT8, 2, 32, 16));
    const IrType *r = run("block.matmul", 2, ARGS(a, b), 0, NULL);
    EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP32, pl.TileView(blayout=pl.TileLayout.col_major, "
                   "slayout=pl.TileLayout.row_major, fractal=1024)]");
    expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
    r = run("block.matmul", 2, ARGS(i8a, i8b), 0, NULL);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(r->dtype, DT_INT32);
    expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
    expect_error(run("block.matmul", 2, ARGS(a, var(tile_type(DT_FP16, 2, 32, 32))), 0, NULL), -1,
                 "'pl.tile.matmul': inner dimensions differ: lhs K=128, rhs K=32");
    expect_error(run("block.matmul", 2, ARGS(a, var(tile_type(DT_FP32, 2, 128, 32))), 0, NULL), -1,
                 "'pl.tile.matmul': lhs and rhs must have the same dtype, got pl.FP16 and pl.FP32");
    expect_error(run("block.matmul", 2, ARGS(var(tile_type(DT_FP16, 1, 128)), b), 0, NULL), 0,
                 "'pl.tile.matmul': lhs must have 2 dimensions, got pl.Tile[[128], pl.FP16]");
    /* gemv: like matmul. */
    EXPECT_TYPE(
        run("block.gemv", 2, ARGS(var(tile_type(DT_BF16, 2, 1, 128)), var(tile_type(DT_BF16, 2, 128, 64))), 0, NULL),
        "pl.Tile[[1, 64], pl.FP32, pl.TileView(blayout=pl.TileLayout.col_major, "
        "slayout=pl.TileLayout.row_major, fractal=1024)]");
    /* matmul_acc: acc's shape. */
    {
        const IrExpr *acc = var(tile_type(DT_FP32, 2, 64, 32));
        r = run("block.matmul_acc", 3, ARGS(acc, a, b), 0, NULL);
        expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
        ck_assert_int_eq(r->dtype, DT_FP32);
        expect_error(run("block.matmul_acc", 3, ARGS(var(tile_type(DT_FP32, 2, 32, 32)), a, b), 0, NULL), -1,
                     "'pl.tile.matmul_acc': M dimensions differ: acc M=32, lhs M=64");
        expect_error(run("block.matmul_acc", 3, ARGS(var(tile_type(DT_FP32, 2, 64, 16)), a, b), 0, NULL), -1,
                     "'pl.tile.matmul_acc': N dimensions differ: acc N=16, rhs N=32");
        ck_assert_ptr_nonnull(run("block.gemv_acc", 3, ARGS(acc, a, b), 0, NULL));
    }
    /* matmul_bias: the accumulator's type and Acc layout, as matmul;
     * the bias of the accumulator's dtype (pypto's
     * DeduceTileMatMulBiasType). */
    r = run("block.matmul_bias", 3, ARGS(a, b, var(tile_type(DT_FP32, 2, 1, 32))), 0, NULL);
    EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP32, pl.TileView(blayout=pl.TileLayout.col_major, "
                   "slayout=pl.TileLayout.row_major, fractal=1024)]");
    expect_error(run("block.matmul_bias", 3, ARGS(a, b, var(tile_type(DT_FP16, 2, 1, 32))), 0, NULL), 2,
                 "'pl.tile.matmul_bias': bias must have the accumulator's dtype pl.FP32, got pl.FP16");
    expect_error(run("block.matmul_bias", 3, ARGS(a, b, var(tile_type(DT_FP32, 2, 2, 32))), 0, NULL), 2,
                 "'pl.tile.matmul_bias': bias must have shape [1, N], got pl.Tile[[2, 32], pl.FP32]");
    expect_error(run("block.gemv_bias", 3, ARGS(a, b, var(tile_type(DT_FP32, 2, 1, 16))), 0, NULL), 2,
                 "'pl.tile.gemv_bias': bias has N=16, the result has N=32");
    /* batch_matmul: 2-D tiles give [M, N]; one input type, FP32 in Acc's
     * layout (pypto's DeduceTileBatchMatMulType). */
    EXPECT_TYPE(run("block.batch_matmul", 2, ARGS(a, var(tile_type(DT_FP16, 2, 128, 8))), 0, NULL),
                "pl.Tile[[64, 8], pl.FP32, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)]");
    expect_error_prefix(run("block.batch_matmul", 2, ARGS(a, var(tile_type(DT_FP32, 2, 128, 8))), 0, NULL),
                        "'pl.tile.batch_matmul': lhs and rhs must have the same dtype");
    expect_error_prefix(run("block.batch_matmul", 2, ARGS(a, a), 0, NULL), "'pl.tile.batch_matmul': inner dimensions");
}
END_TEST


START_TEST(test_reshape_transpose_view)
{
    const IrExpr *t = var(tile_type(DT_FP32, 2, 32, 32)), *x = var(tensor_type(DT_FP16, 3, 2, 4, 8));
    EXPECT_TYPE(run("block.reshape", 2, ARGS(t, list(2, 64, 16)), 0, NULL), "pl.Tile[[64, 16], pl.FP32]");
    EXPECT_TYPE(run("block.reshape", 2, ARGS(t, list(1, 1024)), 0, NULL), "pl.Tile[[1024], pl.FP32]");
    expect_error(run("block.reshape", 2, ARGS(t, list(2, 16, 32)), 0, NULL), 1,
                 "'pl.tile.reshape': cannot reshape 1024 elements into a shape of 512 elements");
    EXPECT_TYPE(run("block.reshape", 2, ARGS(t, list(3, 4, 16, 16)), 0, NULL), "pl.Tile[[4, 16, 16], pl.FP32]");
    EXPECT_TYPE(run("tensor.reshape", 2, ARGS(x, list(2, 8, 8)), 0, NULL), "pl.Tensor[[8, 8], pl.FP16]");
    expect_error(run("tensor.reshape", 2, ARGS(x, list(2, 8, 9)), 0, NULL), 1,
                 "'pl.tensor.reshape': cannot reshape 64 elements into a shape of 72 elements");
    /* Symbolic dims are not compared. */
    EXPECT_TYPE(run("tensor.reshape", 2, ARGS(x, ir_make_tuple(&ctx, 2, ARGS(scalar(DT_INT64), ci(9)), span_unknown())),
                    0, NULL),
                "pl.Tensor[[v, 9], pl.FP16]");

    EXPECT_TYPE(run("block.transpose", 3, ARGS(var(tile_type(DT_FP32, 2, 16, 32)), ci(0), ci(1)), 0, NULL),
                "pl.Tile[[32, 16], pl.FP32]");
    EXPECT_TYPE(run("tensor.transpose", 3, ARGS(x, ci(0), ci(-1)), 0, NULL), "pl.Tensor[[8, 4, 2], pl.FP16]");
    expect_error(run("tensor.transpose", 3, ARGS(x, ci(1), ci(-2)), 0, NULL), -1,
                 "'pl.tensor.transpose': axis1 and axis2 must be different, both are 1");
    expect_error(run("tensor.transpose", 3, ARGS(x, ci(3), ci(0)), 0, NULL), 1,
                 "'pl.tensor.transpose': axis1 3 is out of range for rank 3");
    expect_error(run("block.transpose", 3, ARGS(var(tile_type(DT_FP32, 1, 16)), ci(0), ci(1)), 0, NULL), 0,
                 "'pl.tile.transpose': first argument must have at least 2 dimensions, got pl.Tile[[16], pl.FP32]");
    expect_error(run("block.transpose", 3, ARGS(t, scalar(DT_INT64), ci(1)), 0, NULL), 1,
                 "'pl.tile.transpose': axis1 must be an integer constant");

    EXPECT_TYPE(run("block.view", 4, ARGS(t, list(2, 16, 16), list(2, 16, 0), list(2, 16, 16)), 0, NULL),
                "pl.Tile[[16, 16], pl.FP32]");
    EXPECT_TYPE(run("block.view", 4, ARGS(t, list(3, 2, 2, 2), list(2, 0, 0), list(3, 2, 2, 2)), 0, NULL),
                "pl.Tile[[2, 2, 2], pl.FP32]");
    /* Tile views take INT64/UINT64 elements only. */
    {
        const IrExpr *i32 = ir_make_tuple(&ctx, 1, ARGS(scalar(DT_INT32)), span_unknown());
        expect_error(run("block.view", 4, ARGS(t, i32, list(1, 0), i32), 0, NULL), 1,
                     "'pl.tile.slice': shape element 0 must be an INT64 or UINT64 Scalar, got pl.Scalar[pl.INT32]");
    }
    /* reinterpret_view: the contiguous dimension scales by the size ratio */
    EXPECT_TYPE(run("block.reinterpret_view", 1, ARGS(var(tile_type(DT_INT32, 2, 16, 64))), 1,
                    KWS(kw("dtype", KW_DTYPE, DT_INT16))),
                "pl.Tile[[16, 128], pl.INT16]");
    EXPECT_TYPE(run("block.reinterpret_view", 1, ARGS(var(tile_type(DT_INT16, 2, 16, 64))), 1,
                    KWS(kw("dtype", KW_DTYPE, DT_FP32))),
                "pl.Tile[[16, 32], pl.FP32]");
    expect_error(run("block.reinterpret_view", 1, ARGS(var(tile_type(DT_INT16, 2, 16, 64))), 1,
                     KWS(kw("dtype", KW_DTYPE, DT_INT16))),
                 -1, "'pl.tile.reinterpret_view': dtype must differ from the tile's (pl.INT16)");
    expect_error(run("block.reinterpret_view", 1, ARGS(var(tile_type(DT_INT16, 2, 16, 3))), 1,
                     KWS(kw("dtype", KW_DTYPE, DT_INT32))),
                 0, "'pl.tile.reinterpret_view': the contiguous dimension of pl.Tile[[16, 3], pl.INT16] does not hold a "
                    "whole number of pl.INT32 elements");

    /* valid_shape narrows the window; a partly valid source narrows it too
     * (its valid part shifted by the offset), never below zero. */
    EXPECT_TYPE(run("block.view", 4, ARGS(t, list(2, 16, 16), list(2, 0, 0), list(2, 8, 16)), 0, NULL),
                "pl.Tile[[16, 16], pl.FP32, pl.TileView(valid_shape=[8, 16])]");
    expect_error(run("block.view", 4, ARGS(t, list(2, 16, 16), list(2, 0, 0), list(2, 17, 16)), 0, NULL), 3,
                 "'pl.tile.slice': valid_shape element 0 is 17, more than the shape's 16");
    {
        const IrType *pt = ir_type_tile(&ctx, DT_FP32, 2, ARGS(ci(32), ci(32)), NULL,
                                        ir_tile_view(&ctx, 2, ARGS(ci(20), ci(32)), 0, NULL, NULL, TL_ROW_MAJOR,
                                                     TL_NONE_BOX, 512, TP_NULL));
        const IrExpr *p = var(pt);
        EXPECT_TYPE(run("block.view", 4, ARGS(p, list(2, 16, 16), list(2, 8, 0), list(2, 16, 16)), 0, NULL),
                    "pl.Tile[[16, 16], pl.FP32, pl.TileView(valid_shape=[12, 16])]");
        EXPECT_TYPE(run("block.view", 4, ARGS(p, list(2, 8, 16), list(2, 24, 0), list(2, 8, 16)), 0, NULL),
                    "pl.Tile[[8, 16], pl.FP32, pl.TileView(valid_shape=[0, 16])]");
    }
}
END_TEST


/* Bias, LeftScale, RightScale: a move into one gives the buffer's fixed
 * layout and names the space in the view (the layout cannot say it); the
 * MX matmuls check their data, scale and bias tiles. */
START_TEST(test_side_buffers)
{
    const IrType *bias = tile_type(DT_FP32, 2, 1, 32), *r;
    r = run("block.move", 1, ARGS(var(bias)), 2,
            KWS(kw("target_memory", KW_MEMSPACE, MS_BIAS), kw("transpose", KW_BOOL, 0)));
    EXPECT_TYPE(r, "pl.Tile[[1, 32], pl.FP32, pl.Mem.Bias]");
    ck_assert_int_eq(ir_tile_space(r), MS_BIAS);
    ck_assert_int_eq(ir_tile_space(bias), MS_VEC);
    expect_error(run("block.move", 1, ARGS(var(tile_type(DT_FP32, 2, 2, 32))), 2,
                     KWS(kw("target_memory", KW_MEMSPACE, MS_BIAS), kw("transpose", KW_BOOL, 0))),
                 0, "'pl.tile.move': a Bias tile is one row [1, N], got pl.Tile[[2, 32], pl.FP32]");
    expect_error(run("block.move", 1, ARGS(var(tile_type(DT_FP32, 2, 1, 8))), 2,
                     KWS(kw("target_memory", KW_MEMSPACE, MS_BIAS), kw("transpose", KW_BOOL, 0))),
                 0, "'pl.tile.move': a Bias tile's row is whole 64-byte units (N a multiple of 16), got N=8");
    expect_error(run("block.move", 1, ARGS(var(tile_type(DT_FP16, 2, 1, 32))), 2,
                     KWS(kw("target_memory", KW_MEMSPACE, MS_BIAS), kw("transpose", KW_BOOL, 0))),
                 0, "'pl.tile.move': a Bias tile holds the accumulator's FP32 or INT32, got pl.FP16");
    expect_error(run("block.create_tile", 1, ARGS(list(2, 1, 32)), 2,
                     KWS(kw("dtype", KW_DTYPE, DT_FP32), kw("target_memory", KW_MEMSPACE, MS_BIAS))),
                 -1, "'pl.tile.create': a tile in pl.Mem.Bias is made by pl.move from a Mat tile");
    r = run("block.move", 1, ARGS(var(tile_type(DT_FP8E8M0, 2, 16, 2))), 2,
            KWS(kw("target_memory", KW_MEMSPACE, MS_LEFT_SCALE), kw("transpose", KW_BOOL, 0)));
    EXPECT_TYPE(r, "pl.Tile[[16, 2], pl.FP8E8M0, pl.Mem.LeftScale, pl.TileView(slayout=pl.TileLayout.row_major, "
                   "fractal=32)]");
    ck_assert_int_eq(ir_tile_space(r), MS_LEFT_SCALE);
    r = run("block.move", 1, ARGS(var(tile_type(DT_FP8E8M0, 2, 2, 32))), 2,
            KWS(kw("target_memory", KW_MEMSPACE, MS_RIGHT_SCALE), kw("transpose", KW_BOOL, 0)));
    ck_assert_int_eq(ir_tile_space(r), MS_RIGHT_SCALE);
    expect_view(r, TL_COL_MAJOR, TL_COL_MAJOR, 32);
    expect_error(run("block.move", 1, ARGS(var(tile_type(DT_UINT8, 2, 16, 2))), 2,
                     KWS(kw("target_memory", KW_MEMSPACE, MS_LEFT_SCALE), kw("transpose", KW_BOOL, 0))),
                 0, "'pl.tile.move': a LeftScale tile holds FP8E8M0 scales, got pl.UINT8");
    /* matmul_mx: [16, 64] x [64, 32], scales [16, 2] and [2, 32] */
    {
        const IrExpr *l = var(tile_type(DT_FP8E4M3FN, 2, 16, 64)), *ls = var(tile_type(DT_FP8E8M0, 2, 16, 2));
        const IrExpr *rr = var(tile_type(DT_FP8E4M3FN, 2, 64, 32)), *rs = var(tile_type(DT_FP8E8M0, 2, 2, 32));
        const IrExpr *acc = var(tile_type(DT_FP32, 2, 16, 32));
        r = run("block.matmul_mx", 4, ARGS(l, ls, rr, rs), 0, NULL);
        EXPECT_TYPE(r, "pl.Tile[[16, 32], pl.FP32, pl.TileView(blayout=pl.TileLayout.col_major, "
                       "slayout=pl.TileLayout.row_major, fractal=1024)]");
        ck_assert_ptr_eq(run("block.matmul_mx_acc", 5, ARGS(acc, l, ls, rr, rs), 0, NULL), r);
        ck_assert_ptr_eq(run("block.matmul_mx_bias", 5, ARGS(l, ls, rr, rs, var(bias)), 0, NULL), r);
        expect_error(run("block.matmul_mx", 4, ARGS(var(tile_type(DT_FP4, 2, 16, 64)), ls, rr, rs), 0, NULL), 0,
                     "'pl.tile.matmul_mx': lhs must be FP8E4M3FN, got pl.FP4 (cast an FP4 operand to FP8E4M3FN "
                     "with pl.cast first)");
        expect_error(run("block.matmul_mx", 4, ARGS(l, var(tile_type(DT_FP8E8M0, 2, 16, 4)), rr, rs), 0, NULL), 1,
                     "'pl.tile.matmul_mx': lhs_scale's columns must be 2, got 4");
        expect_error(run("block.matmul_mx", 4,
                         ARGS(var(tile_type(DT_FP8E4M3FN, 2, 16, 32)), ls, var(tile_type(DT_FP8E4M3FN, 2, 32, 32)),
                              rs),
                         0, NULL),
                     0, "'pl.tile.matmul_mx': K must be a multiple of 64 for an MX matmul, got 32");
        expect_error(run("block.matmul_mx_acc", 5, ARGS(var(tile_type(DT_FP32, 2, 16, 64)), l, ls, rr, rs), 0, NULL),
                     0, "'pl.tile.matmul_mx_acc': acc has N=64, the product 32");
        expect_error(run("block.matmul_mx_bias", 5, ARGS(l, ls, rr, rs, var(tile_type(DT_FP32, 2, 1, 64))), 0, NULL),
                     4, "'pl.tile.matmul_mx_bias': bias has N=64, the result has N=32");
    }
}
END_TEST

void ops_block_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("block");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_tile_tile);
    tcase_add_test(tc, test_tile_tile_int_ops);
    tcase_add_test(tc, test_tile_tile_three);
    tcase_add_test(tc, test_cmp);
    tcase_add_test(tc, test_tile_scalar);
    tcase_add_test(tc, test_unary_and_cast);
    tcase_add_test(tc, test_load);
    tcase_add_test(tc, test_store);
    tcase_add_test(tc, test_move);
    tcase_add_test(tc, test_create_full_alloc);
    tcase_add_test(tc, test_reductions);
    tcase_add_test(tc, test_broadcast_ops);
    tcase_add_test(tc, test_block_matmul);
    tcase_add_test(tc, test_side_buffers);
    tcase_add_test(tc, test_reshape_transpose_view);
    suite_add_tcase(s, tc);
}
