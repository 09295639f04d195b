/* check_ops_padded.c: narrow tiles padded to whole 32-byte rows, cube
 * tiles to whole fractal boxes (targets/isa_rules.h): which tiles are
 * padded and to what, a matmul's K that padding would add to, the bytes the
 * memory plan gives them, the element accesses and reshapes that cannot
 * take them, and a transpose's scratch sized for the larger of its source
 * and result (the op table's SCRATCH_LARGER). */
#include "config.h"

#include <string.h>

#include "check_ops.h"
#include "passes/pass.h"
#include "targets/isa_rules.h"

static void expect_padded(int space, TileLayout bl, DataType dt, int64_t rows, int64_t cols, int64_t want_rows,
                          int64_t want_cols)
{
    int64_t r, c;
    ck_assert_int_eq(isa_tile_padded(space, bl, TL_NONE_BOX, 512, dt, rows, cols, &r, &c), 0);
    ck_assert_int_eq(r, want_rows);
    ck_assert_int_eq(c, want_cols);
}

START_TEST(test_padded_shapes)
{
    int64_t r, c;
    expect_padded(MS_VEC, TL_ROW_MAJOR, DT_FP32, 16, 2, 16, 8);     /* rows of 8 bytes to 32 */
    expect_padded(MS_VEC, TL_ROW_MAJOR, DT_FP16, 16, 17, 16, 32);   /* 34 bytes to 64 */
    expect_padded(MS_VEC, TL_ROW_MAJOR, DT_INT8, 16, 16, 16, 32);
    expect_padded(MS_VEC, TL_ROW_MAJOR, DT_FP32, 1, 1, 1, 8);       /* a scalar tile */
    expect_padded(MS_VEC, TL_ROW_MAJOR, DT_FP32, 4, 24, 4, 24);     /* whole rows stay */
    expect_padded(MS_VEC, TL_COL_MAJOR, DT_FP32, 3, 1, 8, 1);       /* a column vector's column */
    expect_padded(MS_MAT, TL_ROW_MAJOR, DT_FP32, 16, 2, 16, 2);     /* only Vec tiles */
    ck_assert_int_eq(isa_tile_padded(MS_VEC, TL_ROW_MAJOR, TL_NONE_BOX, 512, DT_FP32, 2, INT64_MAX, &r, &c), -1);
    ck_assert_int_eq(isa_tile_padded(MS_VEC, TL_ROW_MAJOR, TL_NONE_BOX, 512, DT_FP32, INT64_MAX / 8, 3, &r, &c), -1);
}
END_TEST

START_TEST(test_padded_bytes)
{
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tile_type(DT_FP32, 1, 4), -1), 32);
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tile_type(DT_FP32, 2, 16, 2), -1), 512);
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tile_type(DT_FP32, 2, 3, 1), -1), 32);   /* col_major [3, 1] */
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tile_type(DT_FP32, 2, 16, 64), -1), 4096);
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tensor_type(DT_FP32, 2, 16, 2), -1), 128);   /* not a tile */
}
END_TEST

START_TEST(test_padded_limits)
{
    char msg[512];
    const OpDef *rd = op_lookup("block.read");
    const IrType *narrow = tile_type(DT_FP32, 2, 16, 2), *row = tile_type(DT_FP32, 2, 1, 4);
    /* an element of a padded tile of several rows is not at its flat offset */
    ck_assert_int_eq(isa_element_access(ARCH_A2A3, rd, narrow, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "[16, 8]"));
    ck_assert_int_eq(isa_element_access(ARCH_A2A3, rd, row, msg, sizeof msg), 0);
    /* a reshape keeps elements in place: [1, 4] <-> [4] <-> [4, 1], not [16, 2] -> [1, 32] */
    ck_assert_int_eq(isa_reshape(ARCH_A2A3, row, tile_type(DT_FP32, 1, 4), "r", msg, sizeof msg), 0);
    ck_assert_int_eq(isa_reshape(ARCH_A2A3, row, tile_type(DT_FP32, 2, 4, 1), "r", msg, sizeof msg), 0);
    ck_assert_int_eq(isa_reshape(ARCH_A2A3, narrow, tile_type(DT_FP32, 2, 1, 32), "r", msg, sizeof msg), -1);
    /* a conversion between element types padded differently */
    ck_assert_int_eq(isa_same_layout(ARCH_A2A3, op_lookup("block.cast"), tile_type(DT_FP32, 2, 16, 4),
                                     tile_type(DT_FP16, 2, 16, 4), msg, sizeof msg),
                     -1);
    ck_assert_int_eq(isa_same_layout(ARCH_A2A3, op_lookup("block.cast"), tile_type(DT_FP32, 2, 16, 16),
                                     tile_type(DT_FP16, 2, 16, 16), msg, sizeof msg),
                     0);
}
END_TEST

static void expect_boxed(int space, TileLayout bl, TileLayout sl, uint32_t fractal, DataType dt, int64_t rows,
                         int64_t cols, int64_t want_rows, int64_t want_cols)
{
    int64_t r, c;
    ck_assert_int_eq(isa_tile_padded(space, bl, sl, fractal, dt, rows, cols, &r, &c), 0);
    ck_assert_int_eq(r, want_rows);
    ck_assert_int_eq(c, want_cols);
}

START_TEST(test_boxed_shapes)
{
    int64_t r, c;
    char msg[512];
    expect_boxed(MS_MAT, TL_COL_MAJOR, TL_ROW_MAJOR, 512, DT_BF16, 4, 128, 16, 128);    /* 16x16 boxes */
    expect_boxed(MS_LEFT, TL_ROW_MAJOR, TL_ROW_MAJOR, 512, DT_FP16, 4, 64, 16, 64);
    expect_boxed(MS_MAT, TL_COL_MAJOR, TL_ROW_MAJOR, 512, DT_BF16, 128, 8, 128, 16);
    expect_boxed(MS_RIGHT, TL_ROW_MAJOR, TL_COL_MAJOR, 512, DT_BF16, 128, 8, 128, 16);
    expect_boxed(MS_ACC, TL_COL_MAJOR, TL_ROW_MAJOR, 1024, DT_FP32, 4, 8, 16, 16);     /* 16x16 of FP32 */
    expect_boxed(MS_MAT, TL_COL_MAJOR, TL_ROW_MAJOR, 512, DT_FP32, 4, 2, 16, 8);       /* 16x8 of FP32 */
    expect_boxed(MS_MAT, TL_COL_MAJOR, TL_ROW_MAJOR, 512, DT_INT8, 128, 48, 128, 64);  /* 16x32 of INT8 */
    expect_boxed(MS_RIGHT, TL_ROW_MAJOR, TL_COL_MAJOR, 512, DT_INT8, 20, 48, 32, 48);  /* 32x16 of INT8 */
    expect_boxed(MS_MAT, TL_COL_MAJOR, TL_ROW_MAJOR, 512, DT_BF16, 32, 64, 32, 64);    /* whole boxes stay */
    expect_boxed(MS_MAT, TL_ROW_MAJOR, TL_ROW_MAJOR, 512, DT_FP32, 1, 36, 1, 40);      /* a bias row keeps 1 row */
    ck_assert_int_eq(isa_tile_padded(MS_MAT, TL_COL_MAJOR, TL_ROW_MAJOR, 512, DT_BF16, 4, INT64_MAX, &r, &c), -1);
    /* the memory plan gives a padded cube tile its whole boxes */
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tile_type(DT_BF16, 2, 4, 128), MS_MAT), 4096);
    ck_assert_uint_eq(isa_tile_bytes(ARCH_A2A3, tile_type(DT_FP32, 2, 4, 8), MS_ACC), 1024);
    /* a K of partial boxes would sum the padding into the product */
    ck_assert_int_eq(isa_matmul(MS_LEFT, MS_RIGHT, MS_ACC, tile_type(DT_BF16, 2, 4, 8), tile_type(DT_BF16, 2, 8, 16),
                                "m", msg, sizeof msg),
                     -1);
    ck_assert_ptr_nonnull(strstr(msg, "K = 8"));
    ck_assert_int_eq(isa_matmul(MS_LEFT, MS_RIGHT, MS_ACC, tile_type(DT_BF16, 2, 4, 128),
                                tile_type(DT_BF16, 2, 128, 8), "m", msg, sizeof msg),
                     0);
}
END_TEST

START_TEST(test_transpose_scratch)
{
    const OpDef *op = op_lookup("block.transpose");
    const IrExpr *x = var(tile_type(DT_FP32, 2, 16, 2));
    const IrExpr *args[3] = {x, ci(0), ci(1)};
    const IrType *t = run("block.transpose", 3, args, 0, NULL);
    uint64_t bytes = 0;
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(op_traits(op)->scratch, SCRATCH_LARGER);
    /* the [2, 16] result takes 128 bytes, the padded [16, 2] source 512 */
    ck_assert(pass_needs_scratch(&ctx, ARCH_A2A3, IR_AS(IrCall, ir_call(&ctx, &op->callee, 3, args, 0, NULL, t,
                                                                         span_unknown())),
                                 &bytes));
    ck_assert_uint_eq(bytes, 512);
}
END_TEST

void ops_padded_tests(Suite *s)
{
    TCase *tc = tcase_create("padded");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_padded_shapes);
    tcase_add_test(tc, test_padded_bytes);
    tcase_add_test(tc, test_padded_limits);
    tcase_add_test(tc, test_boxed_shapes);
    tcase_add_test(tc, test_transpose_scratch);
    suite_add_tcase(s, tc);
}
