/* check_ops_registry.c: the operator registry (ir/deduce.c): the op table
 * is sorted, every op of ops.md is registered with its schema and keyword
 * order; the deduction helpers; broadcasting (ops.md 3.1) and dtype
 * promotion (3.2).  Builders are in check_ops.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_ops.h"
#include "ir/ops_internal.h"

/* ------------------------------------------------------------- registry */

/* Every op of ops.md 5-7. */
/* clang-format off */
static const char *const all_ops[] = {
    "block.abs", "block.add", "block.addc", "block.adds", "block.addsc", "block.alloc", "block.and",
    "block.ands", "block.batch_matmul", "block.cast", "block.cmp", "block.cmps", "block.col_expand",
    "block.col_expand_div", "block.col_expand_mul", "block.col_expand_sub", "block.create_tile", "block.div",
    "block.divs", "block.exp", "block.expands", "block.fillpad", "block.full", "block.gemv", "block.gemv_acc",
    "block.gemv_bias", "block.get_block_idx", "block.l0c_store", "block.load", "block.log", "block.lrelu",
    "block.matmul", "block.matmul_acc", "block.matmul_bias", "block.max", "block.maximum", "block.maxs",
    "block.min", "block.minimum", "block.mins", "block.move", "block.mul", "block.muls", "block.neg",
    "block.not", "block.or", "block.ors", "block.prelu", "block.recip", "block.relu", "block.rem", "block.rems",
    "block.reshape", "block.row_expand", "block.row_expand_add", "block.row_expand_div", "block.row_expand_mul",
    "block.row_expand_sub", "block.row_max", "block.row_min", "block.row_sum", "block.rsqrt", "block.sel",
    "block.sels", "block.shl", "block.shls", "block.shr", "block.shrs", "block.sqrt", "block.store", "block.sub",
    "block.subc", "block.subs", "block.subsc", "block.sum", "block.transpose", "block.vec_move", "block.view",
    "block.xor", "block.xors", "system.bar_all", "system.bar_m", "system.bar_v", "system.sync_dst",
    "system.sync_src", "tensor.abs", "tensor.add", "tensor.add_scalar", "tensor.assemble", "tensor.cast",
    "tensor.col_expand", "tensor.col_expand_div", "tensor.col_expand_mul", "tensor.col_expand_sub", "tensor.create",
    "tensor.dim", "tensor.div", "tensor.div_scalar", "tensor.exp", "tensor.full", "tensor.log", "tensor.matmul", "tensor.maximum",
    "tensor.minimum", "tensor.mul", "tensor.mul_scalar", "tensor.neg", "tensor.read", "tensor.recip",
    "tensor.reshape", "tensor.row_expand_add", "tensor.row_expand_div", "tensor.row_expand_mul",
    "tensor.row_expand_sub", "tensor.row_max", "tensor.row_min", "tensor.row_sum", "tensor.rsqrt", "tensor.sqrt",
    "tensor.sub", "tensor.sub_scalar", "tensor.transpose", "tensor.view", "tensor.write",
};
/* clang-format on */

/* The op table (ir/ops.def) is sorted by name, so lookup can search it,
 * and an op's id is its index. */
START_TEST(test_tables_sorted)
{
    /* The order is strictly increasing, so names are unique. */
    for (uint32_t i = 1; i < op_count(); i++)
        ck_assert_msg(strcmp(op_name(op_at(i - 1)), op_name(op_at(i))) < 0, "%s is not before %s",
                      op_name(op_at(i - 1)), op_name(op_at(i)));
    ck_assert_ptr_null(op_at(op_count()));
    ck_assert_uint_eq(op_count(), OP_COUNT);
    for (uint32_t i = 0; i < op_count(); i++) {
        ck_assert_ptr_eq(op_lookup(op_name(op_at(i))), op_at(i));
        ck_assert_uint_eq(op_at(i)->id, i);
        ck_assert_ptr_eq(op_by_id((OpId)i), op_at(i));
    }
    ck_assert(op_is(op_lookup("block.add"), OP_BLOCK_ADD));
    ck_assert(op_is(op_lookup("tensor.view"), OP_TENSOR_VIEW));
}
END_TEST


START_TEST(test_all_ops_registered)
{
    size_t n = sizeof all_ops / sizeof all_ops[0];
    /* At least these: a new op is one more row of ops.def, not of this list. */
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(op_lookup(all_ops[i]) != NULL, "%s is not registered", all_ops[i]);
    ck_assert_uint_ge(op_count(), n);
    ck_assert_ptr_null(op_lookup("block.and_"));
    ck_assert_ptr_null(op_lookup("tensor.create_tensor"));
    ck_assert_ptr_null(op_lookup(""));
    ck_assert_ptr_null(op_lookup("zzz"));
    ck_assert_ptr_null(op_lookup(NULL));
}
END_TEST

static int default_in_range(const KwSpec *k)
{
    switch ((KwType)k->type) {
    case KWT_BOOL:
        return k->idefault == 0 || k->idefault == 1;
    case KWT_DTYPE:
        return k->idefault >= 0 && k->idefault < DT_COUNT;
    case KWT_MEMSPACE:
        return k->idefault >= 0 && k->idefault < MS_COUNT;
    case KWT_CAST_MODE:
        return k->idefault >= 0 && k->idefault <= 6;
    case KWT_PIPE:
        return k->idefault >= 0 && k->idefault < PIPE_COUNT;
    case KWT_TILE_LAYOUT:
        return k->idefault >= 0 && k->idefault < TL_COUNT;
    case KWT_TENSOR_LAYOUT:
        return k->idefault >= 0 && k->idefault < TENSOR_LAYOUT_COUNT;
    case KWT_COALESCE:
        return coalesce_name((int)k->idefault) != NULL;
    case KWT_GATHER_OOB:
        return gather_oob_name((int)k->idefault) != NULL;
    case KWT_CMP_MODE:
        return cmp_mode_name((int)k->idefault) != NULL;
    case KWT_PAD:
        return k->idefault > TP_NULL && k->idefault < TP_COUNT;
    case KWT_NOTIFY_OP:
        return comm_enum_member(CE_NOTIFY_OP, (int)k->idefault) != NULL;
    case KWT_WAIT_CMP:
        return comm_enum_member(CE_WAIT_CMP, (int)k->idefault) != NULL;
    case KWT_ATOMIC_TYPE:
        return comm_enum_member(CE_ATOMIC_TYPE, (int)k->idefault) != NULL;
    case KWT_REDUCE_OP:
        return comm_enum_member(CE_REDUCE_OP, (int)k->idefault) != NULL;
    case KWT_INT:
    case KWT_DOUBLE:
    case KWT_STRING:
        return 1;
    case KWT_COUNT:   /* no kwarg's type */
        break;
    }
    return 0;
}

START_TEST(test_op_schemas)
{
    for (uint32_t i = 0; i < op_count(); i++) {
        const OpDef *op = op_at(i);
        const char *name = op_name(op);
        uint32_t nir = 0, seen[16] = {0};
        ck_assert_ptr_eq(callee_op(&op->callee), op);
        ck_assert_int_eq(op->callee.kind, CALLEE_OP);
        ck_assert_ptr_nonnull(op->deduce);
        ck_assert_msg(op->description && op->description[0], "%s has no description", name);
        ck_assert_msg(!strchr(op->description, '\n'), "%s: description is not one line", name);
        if (!strncmp(name, "block.", 6))
            ck_assert_int_eq(op->category, OPC_BLOCK);
        else if (!strncmp(name, "tensor.", 7))
            ck_assert_int_eq(op->category, OPC_TENSOR);
        else if (!strncmp(name, "array.", 6))
            ck_assert_int_eq(op->category, OPC_ARRAY);
        else if (!strncmp(name, "pld.", 4))   /* the distributed layer: a tile's remote load is a block op */
            ck_assert_msg(op->category == (op->cls == OPCL_REMOTE_LOAD || op->cls == OPCL_REMOTE_STORE ? OPC_BLOCK : OPC_SYSTEM), "%s: category", name);
        else   /* system ops, and the prefetch's (pl.prefetch.*) */
            ck_assert_msg((!strncmp(name, "system.", 7) || !strncmp(name, "prefetch.", 9)) && op->category == OPC_SYSTEM,
                          "%s: category", name);
        ck_assert_msg(op->nkw <= 16, "%s: too many kwargs", name);
        ck_assert_msg(op->nparams == 0 || op->params != NULL, "%s: params", name);
        ck_assert_msg(op->nkw == 0 || op->kwargs != NULL, "%s: kwargs", name);
        for (uint32_t p = 0; p < op->nparams; p++) {
            const OpParam *pp = &op->params[p];
            ck_assert_msg(pp->name && pp->name[0], "%s: unnamed param", name);
            for (uint32_t q = 0; q < p; q++)
                ck_assert_msg(strcmp(op->params[q].name, pp->name) != 0, "%s: param %s twice", name, pp->name);
            if (pp->kw < 0) {
                ck_assert_int_eq(pp->kw, -1);
                nir++;
            } else {
                ck_assert_msg((uint32_t)pp->kw < op->nkw, "%s: param %s has kw %d", name, pp->name, pp->kw);
                ck_assert_str_eq(op->kwargs[pp->kw].name, pp->name);
                seen[pp->kw]++;
            }
        }
        ck_assert_msg(nir == op->nargs, "%s: %u IR params, nargs %u", name, nir, (unsigned)op->nargs);
        for (uint32_t k = 0; k < op->nkw; k++) {
            const KwSpec *s = &op->kwargs[k];
            ck_assert_msg(seen[k] == 1, "%s: kwarg %s is bound by %u params", name, s->name, seen[k]);
            ck_assert_msg(s->presence <= KW_OPTIONAL, "%s: kwarg %s presence", name, s->name);
            ck_assert_msg(s->type < KWT_COUNT, "%s: kwarg %s type", name, s->name);
            if (s->presence == KW_DEFAULTED)
                ck_assert_msg(default_in_range(s), "%s: kwarg %s has default %lld", name, s->name,
                              (long long)s->idefault);
            for (uint32_t q = 0; q < k; q++)
                ck_assert_msg(strcmp(op->kwargs[q].name, s->name) != 0, "%s: kwarg %s twice", name, s->name);
        }
        /* the ops that type a literal argument with their dtype */
        ck_assert_msg((op->normalize != NULL) == (strcmp(name, "block.full") == 0 || strcmp(name, "tensor.full") == 0 ||
                                                  strcmp(name, "block.ci") == 0 || strcmp(name, "tensor.ci") == 0 ||
                                                  strcmp(name, "block.random") == 0 || strcmp(name, "tensor.random") == 0),
                      "%s: normalize", name);
    }
}
END_TEST

/* Stored/printed kwarg order of printer.md 5.4 and the DSL order of the
 * reference's wrappers. */
static void expect_schema(const char *name, const char *params, const char *kwargs)
{
    const OpDef *op = op_lookup(name);
    char p[256] = "", k[256] = "";
    ck_assert_ptr_nonnull(op);
    for (uint32_t i = 0; i < op->nparams; i++) {
        strcat(p, i ? "," : "");
        strcat(p, op->params[i].name);
    }
    for (uint32_t i = 0; i < op->nkw; i++) {
        static const char *const pres[] = {"", "?", "*"};
        strcat(k, i ? "," : "");
        strcat(k, op->kwargs[i].name);
        strcat(k, pres[op->kwargs[i].presence]);
    }
    ck_assert_str_eq(p, params);
    ck_assert_str_eq(k, kwargs);
}

START_TEST(test_schema_orders)
{
    /* "?" marks a defaulted kwarg, "*" an optional one. */
    expect_schema("block.load", "tensor,offsets,shapes,valid_shape,target_memory", "target_memory?");
    expect_schema("block.create_tile", "shape,dtype,target_memory", "dtype,target_memory?");
    expect_schema("block.move", "tile,target_memory,blayout,slayout,transpose", "target_memory,transpose?,blayout*,slayout*");
    expect_schema("block.full", "shape,dtype,value", "dtype");
    /* The reference's order: layout= third, by position too. */
    expect_schema("tensor.create", "shape,dtype,layout,manual_dep,init_value", "dtype,layout*,manual_dep*,init_value*");
    expect_schema("block.cast", "tile,target_type,mode", "target_type,mode?");
    expect_schema("tensor.cast", "input,target_type,mode", "target_type,mode?");
    expect_schema("block.cmp", "lhs,rhs,cmp_type", "cmp_type?");
    expect_schema("block.cmps", "lhs,rhs,cmp_type", "cmp_type?");
    expect_schema("block.sum", "tile,axis,keepdim", "axis,keepdim?");
    expect_schema("block.max", "tile,axis,keepdim", "axis,keepdim?");
    expect_schema("block.min", "tile,axis,keepdim", "axis,keepdim?");
    expect_schema("tensor.matmul", "lhs,rhs,out_dtype,a_trans,b_trans,c_matrix_nz",
                  "a_trans?,b_trans?,c_matrix_nz?,out_dtype*");
    expect_schema("system.sync_src", "set_pipe,wait_pipe,event_id", "set_pipe,wait_pipe,event_id");
    expect_schema("system.sync_dst", "set_pipe,wait_pipe,event_id", "set_pipe,wait_pipe,event_id");
    expect_schema("block.store", "tile,offsets,shapes,output_tensor,atomic", "atomic*");
    expect_schema("tensor.assemble", "target,source,offset,atomic", "atomic*");
    expect_schema("tensor.row_max", "input", "");
    expect_schema("system.bar_v", "", "");
    ck_assert_int_eq(op_lookup("block.cast")->kwargs[1].idefault, 2);
    ck_assert_int_eq(op_lookup("block.load")->kwargs[0].idefault, MS_VEC);
    ck_assert_int_eq(op_lookup("system.sync_src")->kwargs[0].type, KWT_PIPE);
    ck_assert_int_eq(op_lookup("system.sync_src")->kwargs[2].type, KWT_INT);
}
END_TEST

START_TEST(test_deduce_helpers)
{
    char buf[16];
    IrKwarg k[2];
    DeduceCtx dc;
    k[0] = kw("axis", KW_INT, 1);
    k[1] = kw("keepdim", KW_BOOL, 1);
    memset(&dc, 0, sizeof dc);
    dc.ir = &ctx;
    dc.op = op_lookup("block.sum");
    dc.kwargs = k;
    dc.nkwargs = 2;
    dc.err = &err;
    ck_assert_ptr_eq(deduce_kwarg(&dc, "keepdim"), &k[1]);
    ck_assert_ptr_null(deduce_kwarg(&dc, "keep_dim"));
    ck_assert_ptr_null(deduce_fail(&dc, 3, "x=%d", 5));
    ck_assert_str_eq(err.msg, "x=5");
    ck_assert_int_eq(err.arg, 3);
    /* Truncated safely. */
    type_to_string(&ctx, tile_type(DT_FP32, 2, 64, 64), buf, sizeof buf);
    ck_assert_str_eq(buf, "pl.Tile[[64, 64");
    ck_assert_str_eq(type_to_string(&ctx, ir_type_scalar(&ctx, DT_BF16), buf, sizeof buf), "pl.Scalar[pl.BF");
}
END_TEST

/* ------------------------------------------------------ 3.1 broadcasting */

static const char *bcast_str(int na, const int *a, int nb, const int *b)
{
    static char out[128];
    const IrExpr *da[8], *db[8], *r[8];
    uint32_t n;
    for (int i = 0; i < na; i++)
        da[i] = ir_dim_const(&ctx, a[i]);
    for (int i = 0; i < nb; i++)
        db[i] = ir_dim_const(&ctx, b[i]);
    if (!broadcast_shapes((uint32_t)na, da, (uint32_t)nb, db, r, &n))
        return "error";
    strcpy(out, "[");
    for (uint32_t i = 0; i < n; i++) {
        int64_t v;
        char num[32];
        ck_assert(ir_dim_value(r[i], &v));
        snprintf(num, sizeof num, "%s%lld", i ? ", " : "", (long long)v);
        strcat(out, num);
    }
    strcat(out, "]");
    return out;
}

START_TEST(test_broadcast)
{
    ck_assert_str_eq(bcast_str(2, (int[]){4, 8}, 1, (int[]){8}), "[4, 8]");
    ck_assert_str_eq(bcast_str(2, (int[]){4, 1}, 1, (int[]){8}), "[4, 8]");
    ck_assert_str_eq(bcast_str(2, (int[]){1, 8}, 2, (int[]){4, 8}), "[4, 8]");
    ck_assert_str_eq(bcast_str(2, (int[]){4, 8}, 1, (int[]){5}), "error");
    ck_assert_str_eq(bcast_str(2, (int[]){4, 8}, 2, (int[]){3, 5}), "error");
    ck_assert_str_eq(bcast_str(0, NULL, 0, NULL), "[]");
    ck_assert_str_eq(bcast_str(0, NULL, 2, (int[]){2, 3}), "[2, 3]");
    ck_assert_str_eq(bcast_str(3, (int[]){2, 1, 3}, 0, NULL), "[2, 1, 3]");
    ck_assert_str_eq(bcast_str(3, (int[]){2, 1, 3}, 2, (int[]){4, 1}), "[2, 4, 3]");
}
END_TEST

START_TEST(test_broadcast_symbolic)
{
    const IrExpr *n = scalar(DT_INT64), *m = scalar(DT_INT64);
    const IrExpr *one = ir_dim_const(&ctx, 1), *eight = ir_dim_const(&ctx, 8);
    const IrExpr *r[2];
    uint32_t k;
    /* Same expression object: equal; the left one is taken. */
    ck_assert(broadcast_shapes(2, ARGS(n, eight), 2, ARGS(n, eight), r, &k));
    ck_assert_ptr_eq(r[0], n);
    /* 1 against a symbolic dim takes the symbolic one. */
    ck_assert(broadcast_shapes(2, ARGS(one, eight), 2, ARGS(m, eight), r, &k));
    ck_assert_ptr_eq(r[0], m);
    ck_assert(broadcast_shapes(1, ARGS(n), 1, ARGS(one), r, &k));
    ck_assert_ptr_eq(r[0], n);
    /* Distinct symbolic dims compare by identity only. */
    ck_assert(!broadcast_shapes(1, ARGS(n), 1, ARGS(m), r, &k));
    ck_assert(!broadcast_shapes(1, ARGS(n), 1, ARGS(eight), r, &k));
    /* Equal constants that are different nodes are equal (left taken). */
    {
        const IrExpr *c1 = ci(8), *c2 = ci(8);
        ck_assert(broadcast_shapes(1, ARGS(c1), 1, ARGS(c2), r, &k));
        ck_assert_ptr_eq(r[0], c1);
    }
}
END_TEST

/* --------------------------------------------------------- 3.2 promotion */

START_TEST(test_promotion)
{
    ck_assert_int_eq(dtype_promote(DT_INT32, DT_FP32), DT_FP32);
    ck_assert_int_eq(dtype_promote(DT_INT32, DT_INT64), DT_INT64);
    ck_assert_int_eq(dtype_promote(DT_UINT32, DT_INT32), DT_INT32);
    ck_assert_int_eq(dtype_promote(DT_INT32, DT_UINT32), DT_INT32);
    ck_assert_int_eq(dtype_promote(DT_FP16, DT_FP32), DT_FP32);
    ck_assert_int_eq(dtype_promote(DT_FP16, DT_BF16), DT_FP16);
    ck_assert_int_eq(dtype_promote(DT_BF16, DT_FP16), DT_BF16);
    ck_assert_int_eq(dtype_promote(DT_INT8, DT_INT8), DT_INT8);
    /* Through an op: Tile INT32 + Tile FP16 -> FP16. */
    EXPECT_TYPE(run("block.add", 2, ARGS(var(tile_type(DT_INT32, 2, 8, 8)), var(tile_type(DT_FP16, 2, 8, 8))), 0, NULL),
                "pl.Tile[[8, 8], pl.FP16]");
}
END_TEST


void ops_registry_tests(Suite *s)
{
    TCase *tc;

    tc = tcase_create("registry");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_tables_sorted);
    tcase_add_test(tc, test_all_ops_registered);
    tcase_add_test(tc, test_op_schemas);
    tcase_add_test(tc, test_schema_orders);
    tcase_add_test(tc, test_deduce_helpers);
    suite_add_tcase(s, tc);

    tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_broadcast);
    tcase_add_test(tc, test_broadcast_symbolic);
    tcase_add_test(tc, test_promotion);
    suite_add_tcase(s, tc);
}
