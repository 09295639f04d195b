/* check_ops_tensor.c: type deduction of the tensor ops (ops.md 5: matmul,
 * elementwise, dim, memory) and the system ops (ops.md 7), and the form
 * every op has in each output kind.  Builders are in check_ops.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ops.h"
#include "codegen/lower.h"

/* --------------------------------------------------------------- matmul */

static const IrType *tmatmul(const IrType *l, const IrType *r, int at, int bt, int out)
{
    IrKwarg k[4];
    uint32_t n = 3;
    k[0] = kw("a_trans", KW_BOOL, at);
    k[1] = kw("b_trans", KW_BOOL, bt);
    k[2] = kw("c_matrix_nz", KW_BOOL, 0);
    if (out >= 0)
        k[n++] = kw("out_dtype", KW_DTYPE, out);
    return run("tensor.matmul", 2, ARGS(var(l), var(r)), n, k);
}

START_TEST(test_tensor_matmul)
{
    const IrType *a = tensor_type(DT_FP16, 2, 64, 128), *b = tensor_type(DT_FP16, 2, 128, 32);
    EXPECT_TYPE(tmatmul(a, b, 0, 0, -1), "pl.Tensor[[64, 32], pl.FP16]");
    EXPECT_TYPE(tmatmul(a, b, 0, 0, DT_FP32), "pl.Tensor[[64, 32], pl.FP32]");
    /* a_trans: M is lhs dim 1; b_trans: N is rhs dim 0. */
    EXPECT_TYPE(tmatmul(tensor_type(DT_FP16, 2, 128, 64), b, 1, 0, -1), "pl.Tensor[[64, 32], pl.FP16]");
    EXPECT_TYPE(tmatmul(a, tensor_type(DT_FP16, 2, 32, 128), 0, 1, -1), "pl.Tensor[[64, 32], pl.FP16]");
    EXPECT_TYPE(tmatmul(tensor_type(DT_FP16, 2, 128, 64), tensor_type(DT_FP32, 2, 32, 128), 1, 1, -1),
                "pl.Tensor[[64, 32], pl.FP32]");
    /* 1-D cases. */
    EXPECT_TYPE(tmatmul(tensor_type(DT_FP32, 1, 128), tensor_type(DT_FP32, 1, 128), 0, 0, -1),
                "pl.Tensor[[], pl.FP32]");
    EXPECT_TYPE(tmatmul(a, tensor_type(DT_FP16, 1, 128), 0, 0, -1), "pl.Tensor[[64], pl.FP16]");
    EXPECT_TYPE(tmatmul(tensor_type(DT_FP16, 1, 64), b, 0, 0, -1), "pl.Tensor[[32], pl.FP16]");
    /* Batched. */
    EXPECT_TYPE(tmatmul(tensor_type(DT_FP16, 3, 4, 64, 128), b, 0, 0, -1), "pl.Tensor[[4, 64, 32], pl.FP16]");
    EXPECT_TYPE(tmatmul(tensor_type(DT_FP16, 3, 4, 64, 128), tensor_type(DT_FP16, 4, 2, 1, 128, 32), 0, 0, -1),
                "pl.Tensor[[2, 4, 64, 32], pl.FP16]");
    expect_error_prefix(tmatmul(tensor_type(DT_FP16, 3, 4, 64, 128), tensor_type(DT_FP16, 3, 3, 128, 32), 0, 0, -1),
                        "'pl.tensor.matmul': cannot broadcast the batch dimensions");
    expect_error_prefix(tmatmul(tensor_type(DT_FP16, 1, 64), tensor_type(DT_FP16, 3, 4, 64, 128), 0, 0, -1),
                        "'pl.tensor.matmul': ");
    /* Kwargs not stored fall back to the schema. */
    EXPECT_TYPE(run("tensor.matmul", 2, ARGS(var(a), var(b)), 0, NULL), "pl.Tensor[[64, 32], pl.FP16]");
}
END_TEST

/* ---------------------------------------------------------- tensor ops */

START_TEST(test_tensor_elementwise)
{
    const IrExpr *a = var(tensor_type(DT_FP32, 2, 4, 8)), *b = var(tensor_type(DT_INT32, 1, 8));
    const char *const ops[] = {"tensor.add", "tensor.sub", "tensor.mul", "tensor.div", "tensor.maximum"};
    const char *const sops[] = {"tensor.add_scalar", "tensor.sub_scalar", "tensor.mul_scalar", "tensor.div_scalar"};
    for (size_t i = 0; i < 5; i++)
        EXPECT_TYPE(run(ops[i], 2, ARGS(a, b), 0, NULL), "pl.Tensor[[4, 8], pl.FP32]");
    for (size_t i = 0; i < 4; i++)
        EXPECT_TYPE(run(sops[i], 2, ARGS(b, ci(2)), 0, NULL), "pl.Tensor[[8], pl.INT64]");
    expect_error(run("tensor.add", 2, ARGS(a, var(tensor_type(DT_FP32, 1, 5))), 0, NULL), -1,
                 "'pl.tensor.add': cannot broadcast pl.Tensor[[4, 8], pl.FP32] with pl.Tensor[[5], pl.FP32]");
    /* _scalar ops are named as printed. */
    expect_error(run("tensor.add_scalar", 2, ARGS(a, var(tile_type(DT_FP32, 2, 4, 8))), 0, NULL), 1,
                 "'pl.tensor.adds': second argument must be a Scalar, got pl.Tile[[4, 8], pl.FP32]");
    expect_error(run("tensor.mul_scalar", 2, ARGS(scalar(DT_FP32), cf(1.0)), 0, NULL), 0,
                 "'pl.tensor.muls': first argument must be a Tensor, got pl.Scalar[pl.FP32]");
    EXPECT_TYPE(run("tensor.exp", 1, ARGS(b), 0, NULL), "pl.Tensor[[8], pl.FP32]");
    EXPECT_TYPE(run("tensor.exp", 1, ARGS(var(tensor_type(DT_FP16, 1, 8))), 0, NULL), "pl.Tensor[[8], pl.FP16]");
    /* Arity is checked even outside the front end. */
    expect_error(run("tensor.add", 1, ARGS(a), 0, NULL), -1, "'pl.tensor.add': expects 2 arguments, got 1");
}
END_TEST

START_TEST(test_tensor_dim)
{
    const IrExpr *t = var(tensor_type(DT_FP16, 2, 64, 128));
    EXPECT_TYPE(run("tensor.dim", 2, ARGS(t, ci(0)), 0, NULL), "pl.Scalar[pl.INT64]");
    EXPECT_TYPE(run("tensor.dim", 2, ARGS(t, ci(-1)), 0, NULL), "pl.Scalar[pl.INT64]");
    EXPECT_TYPE(run("tensor.dim", 2, ARGS(t, ir_unary(&ctx, UN_NEG, DT_INT64, ci(2), span_unknown())), 0, NULL),
                "pl.Scalar[pl.INT64]");
    expect_error(run("tensor.dim", 2, ARGS(t, ci(2)), 0, NULL), 1,
                 "'pl.tensor.dim': axis 2 is out of range for rank 2");
    expect_error(run("tensor.dim", 2, ARGS(t, ci(-3)), 0, NULL), 1,
                 "'pl.tensor.dim': axis -3 is out of range for rank 2");
    expect_error(run("tensor.dim", 2, ARGS(t, scalar(DT_INT64)), 0, NULL), 1,
                 "'pl.tensor.dim': axis must be an integer constant");
}
END_TEST

START_TEST(test_tensor_memory)
{
    const IrExpr *t = var(tensor_type(DT_FP32, 2, 64, 128));
    const IrExpr *n = scalar(DT_INT64);
    const IrType *r;
    EXPECT_TYPE(run("tensor.create", 1, ARGS(list(2, 64, 32)), 1, KWS(kw("dtype", KW_DTYPE, DT_FP16))),
                "pl.Tensor[[64, 32], pl.FP16]");
    r = run("tensor.create", 1, ARGS(ir_make_tuple(&ctx, 2, ARGS(n, ci(4)), span_unknown())), 1,
            KWS(kw("dtype", KW_DTYPE, DT_FP16)));
    ck_assert_ptr_nonnull(r);
    ck_assert_ptr_eq(r->dims[0], n);
    /* A tuple-valued variable: dims are TupleGet nodes. */
    {
        const IrType *tt = ir_type_tuple(
            &ctx, 2, (const IrType *const[]){ir_type_scalar(&ctx, DT_INT64), ir_type_scalar(&ctx, DT_INT64)});
        r = run("tensor.create", 1, ARGS(var(tt)), 1, KWS(kw("dtype", KW_DTYPE, DT_FP32)));
        ck_assert_ptr_nonnull(r);
        ck_assert_uint_eq(r->n, 2);
        ck_assert_int_eq(r->dims[1]->kind, EXPR_TUPLE_GET);
    }
    expect_error(run("tensor.create", 1, ARGS(list(1, 4)), 0, NULL), -1,
                 "'pl.tensor.create': missing required kwarg 'dtype'");
    EXPECT_TYPE(run("tensor.view", 4, ARGS(t, list(2, 32, 64), list(2, 0, 64), list(2, 32, 64)), 0, NULL),
                "pl.Tensor[[32, 64], pl.FP32]");
    EXPECT_TYPE(run("tensor.view", 4, ARGS(t, list(1, 32), list(2, 0, 64), list(1, 32)), 0, NULL),
                "pl.Tensor[[32], pl.FP32]");
    /* A partly valid view (tensor.slice's valid_shape): the request, cut
     * by a partly valid source shifted by the offset; clamp= cuts a window
     * past the edge; pad_value= (or the source's) is kept. */
    EXPECT_TYPE(run("tensor.view", 4, ARGS(t, list(2, 32, 64), list(2, 0, 64), list(2, 5, 64)), 0, NULL),
                "pl.Tensor[[32, 64], pl.FP32, pl.TensorView(valid_shape=[5, 64], stride=[], layout=pl.TensorLayout.ND)]");
    {
        const IrType *part = ir_type_tensor(&ctx, DT_FP32, 2, (const IrExpr *const[]){ir_dim_const(&ctx, 32),
                                                                                      ir_dim_const(&ctx, 64)},
                                            NULL,
                                            ir_tensor_view_valid(&ctx, 0, NULL, TENSOR_ND, 2,
                                                                 (const IrExpr *const[]){ir_dim_const(&ctx, 20),
                                                                                         ir_dim_const(&ctx, 64)},
                                                                 TP_MIN));
        const IrExpr *p = var(part);
        EXPECT_TYPE(run("tensor.view", 4, ARGS(p, list(2, 16, 64), list(2, 8, 0), list(2, 16, 64)), 0, NULL),
                    "pl.Tensor[[16, 64], pl.FP32, pl.TensorView(valid_shape=[12, 64], stride=[], "
                    "layout=pl.TensorLayout.ND, pad=pl.PadValue.min)]");
        EXPECT_TYPE(run("tensor.view", 4, ARGS(p, list(2, 8, 64), list(2, 24, 0), list(2, 8, 64)), 0, NULL),
                    "pl.Tensor[[8, 64], pl.FP32, pl.TensorView(valid_shape=[0, 64], stride=[], "
                    "layout=pl.TensorLayout.ND, pad=pl.PadValue.min)]");
        EXPECT_TYPE(run("tensor.view", 4, ARGS(p, list(2, 16, 64), list(2, 0, 0), list(2, 16, 64)), 1,
                        KWS(kw("pad_value", KW_INT, TP_ZERO))),
                    "pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.ND, "
                    "pad=pl.PadValue.zero)]");
    }
    EXPECT_TYPE(run("tensor.view", 4, ARGS(t, list(2, 32, 64), list(2, 48, 0), list(2, 32, 64)), 1,
                    KWS(kw("clamp", KW_BOOL, 1))),
                "pl.Tensor[[32, 64], pl.FP32, pl.TensorView(valid_shape=[16, 64], stride=[], layout=pl.TensorLayout.ND)]");
    expect_error(run("tensor.view", 4, ARGS(t, list(2, 32, 64), list(2, 0, 0), list(2, 33, 64)), 0, NULL), 3,
                 "'pl.tensor.slice': valid_shape element 0 is 33, more than the shape's 32");
    expect_error(run("tensor.view", 4, ARGS(t, list(2, 32, 64), list(2, 48, 0), list(2, 24, 64)), 0, NULL), 2,
                 "'pl.tensor.slice': the valid part [48:72] runs past dimension 0, of extent 64 (clamp=True would "
                 "cut it at the edge)");
    expect_error(run("tensor.view", 3, ARGS(t, list(2, 32, 64), list(2, 0, 64)), 0, NULL), -1,
                 "'pl.tensor.slice': expects 4 arguments, got 3");
    expect_error_prefix(run("tensor.view", 4, ARGS(t, ci(3), list(2, 0, 64), list(2, 1, 1)), 0, NULL),
                        "'pl.tensor.slice': shape (second argument) must be a tuple");
    EXPECT_TYPE(run("tensor.assemble", 3, ARGS(t, var(tensor_type(DT_FP16, 2, 8, 8)), list(2, 0, 8)), 0, NULL),
                "pl.Tensor[[64, 128], pl.FP32]");
    expect_error_prefix(run("tensor.assemble", 3, ARGS(t, var(tile_type(DT_FP16, 2, 8, 8)), list(2, 0, 8)), 0, NULL),
                        "'pl.tensor.assemble': second argument must be a Tensor");
    EXPECT_TYPE(run("tensor.read", 2, ARGS(t, list(2, 1, 2)), 0, NULL), "pl.Scalar[pl.FP32]");
    expect_error(run("tensor.read", 2, ARGS(t, list(1, 1)), 0, NULL), 1,
                 "'pl.tensor.read': expects 2 indices for a tensor of rank 2, got 1");
    /* A window past a static extent (00-python_syntax.md). */
    expect_error(run("tensor.view", 4, ARGS(t, list(2, 32, 64), list(2, 40, 0), list(2, 32, 64)), 0, NULL), 2,
                 "'pl.tensor.slice': the window [40:72] runs past dimension 0, of extent 64");
    /* tensor.write: the tensor with one element replaced. */
    EXPECT_TYPE(run("tensor.write", 3, ARGS(t, list(2, 1, 2), cf(1.5)), 0, NULL), "pl.Tensor[[64, 128], pl.FP32]");
    expect_error(run("tensor.write", 3, ARGS(t, list(1, 1), cf(1.5)), 0, NULL), 1,
                 "'pl.tensor.write': expects 2 indices for a tensor of rank 2, got 1");
    expect_error(run("tensor.write", 3, ARGS(t, list(2, 1, 2), t), 0, NULL), 2,
                 "'pl.tensor.write': the value must be a scalar");
}
END_TEST

/* ----------------------------------------------------------- system ops */

START_TEST(test_system)
{
    const IrType *unknown = ir_type_unknown(&ctx);
    ck_assert_ptr_eq(run("system.bar_v", 0, NO_ARGS, 0, NULL), unknown);
    ck_assert_ptr_eq(run("system.bar_m", 0, NO_ARGS, 0, NULL), unknown);
    ck_assert_ptr_eq(run("system.bar_all", 0, NO_ARGS, 0, NULL), unknown);
    ck_assert_ptr_eq(
        run("system.sync_src", 0, NO_ARGS, 3,
            KWS(kw("set_pipe", KW_INT, PIPE_MTE2), kw("wait_pipe", KW_INT, PIPE_V), kw("event_id", KW_INT, 0))),
        unknown);
    ck_assert_ptr_eq(
        run("system.sync_dst", 0, NO_ARGS, 3,
            KWS(kw("set_pipe", KW_INT, PIPE_V), kw("wait_pipe", KW_INT, PIPE_MTE3), kw("event_id", KW_INT, 7))),
        unknown);
    expect_error(run("system.sync_src", 0, NO_ARGS, 3,
                     KWS(kw("set_pipe", KW_INT, 8), kw("wait_pipe", KW_INT, PIPE_V), kw("event_id", KW_INT, 0))),
                 -1, "'pl.system.sync_src': set_pipe must be a pipe (0 to 7), got 8");
    expect_error(run("system.sync_dst", 0, NO_ARGS, 3,
                     KWS(kw("set_pipe", KW_INT, 1), kw("wait_pipe", KW_INT, PIPE_V), kw("event_id", KW_INT, 8))),
                 -1, "'pl.system.sync_dst': event_id must be between 0 and 7, got 8");
    expect_error(run("system.sync_dst", 0, NO_ARGS, 1, KWS(kw("set_pipe", KW_INT, 1))), -1,
                 "'pl.system.sync_dst': missing required kwarg 'wait_pipe'");
    expect_error(run("system.bar_v", 1, ARGS(ci(1)), 0, NULL), -1, "'pl.system.bar_v': expects 0 arguments, got 1");
}
END_TEST

/* ------------------------------------------------------------ op forms */

/* Every op has a form in every output kind (MLIR, C++, seed-05 tile IR),
 * or a stated reason why not; the ops that are no instruction at all
 * (buffers, synchronisation, tensor-level ops, the distributed layer's
 * handles and numbers, which the lowering reads from a context) are
 * exactly the classes that say so. */
START_TEST(test_op_forms)
{
    static const OpOutput outs[] = {OUT_MLIR, OUT_CPP, OUT_TILE};
    for (uint32_t i = 0; i < op_count(); i++) {
        const OpDef *op = op_at(i);
        const OpTraits *t = op_traits(op);
        int no_instruction = op->cls == OPCL_CREATE || op->cls == OPCL_ALLOC || op->cls == OPCL_BARRIER ||
                             op->cls == OPCL_FLAG || op->cls == OPCL_TENSOR || op->cls == OPCL_TENSOR_WRITE ||
                             op->cls == OPCL_ARRAY || op->cls == OPCL_TASK || op->cls == OPCL_COMM_VALUE;
        ck_assert_int_eq(op->category, t->category);
        ck_assert_msg((op->isa == NULL) == no_instruction || op->why_pto || op->why_tile, "%s: isa %s for class %d", op_name(op),
                      op->isa ? op->isa : "(none)", op->cls);
        for (size_t k = 0; k < sizeof outs / sizeof outs[0]; k++) {
            char buf[32];
            const char *why = NULL;
            const char *name = op_spelling(op, outs[k], buf, sizeof buf, &why);
            if (name)
                ck_assert_msg(name[0], "%s: empty spelling in output %d", op_name(op), (int)k);
            else
                ck_assert_msg((why && why[0]) || no_instruction, "%s has no form in output %d and no reason",
                              op_name(op), (int)k);
        }
        /* Traits that name arguments name real ones. */
        ck_assert_msg(t->writes_arg < (int)op->nargs, "%s writes argument %d of %u", op_name(op), t->writes_arg,
                      op->nargs);
        ck_assert_msg(t->eq_first + t->eq_n <= op->nargs || t->form == FORM_CMP, "%s: operands %u+%u of %u",
                      op_name(op), t->eq_first, t->eq_n, op->nargs);
        ck_assert_msg((op->noalias >> op->nargs) == 0, "%s: noalias names a missing argument", op_name(op));
    }
    /* The spelling rule, and where it is overridden. */
    {
        char buf[32];
        const char *why;
        ck_assert_str_eq(op_spelling(op_by_id(OP_BLOCK_ADD), OUT_MLIR, buf, sizeof buf, &why), "tadd");
        ck_assert_str_eq(op_spelling(op_by_id(OP_BLOCK_ADD), OUT_CPP, buf, sizeof buf, &why), "TADD");
        ck_assert_str_eq(op_spelling(op_by_id(OP_BLOCK_ADD), OUT_TILE, buf, sizeof buf, &why), "add");
        ck_assert_str_eq(op_spelling(op_by_id(OP_BLOCK_MATMUL_ACC), OUT_MLIR, buf, sizeof buf, &why), "tmatmul.acc");
        ck_assert_str_eq(op_spelling(op_by_id(OP_BLOCK_MATMUL_ACC), OUT_TILE, buf, sizeof buf, &why), "matmul.acc");
        ck_assert_str_eq(op_spelling(op_by_id(OP_BLOCK_VEC_MOVE), OUT_TILE, buf, sizeof buf, &why), "mov.v2v");
        ck_assert_ptr_null(op_spelling(op_by_id(OP_BLOCK_SELS), OUT_CPP, buf, sizeof buf, &why));
        ck_assert_ptr_nonnull(why);
    }
}
END_TEST


void ops_tensor_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("tensor_system");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_tensor_matmul);
    tcase_add_test(tc, test_tensor_elementwise);
    tcase_add_test(tc, test_tensor_dim);
    tcase_add_test(tc, test_tensor_memory);
    tcase_add_test(tc, test_system);
    tcase_add_test(tc, test_op_forms);
    suite_add_tcase(s, tc);
}
