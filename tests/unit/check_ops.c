/* check_ops.c: unit tests of the operator registry (ir/deduce.c) and the
 * type deduction of every op family (ir/ops_*.c), against ops.md.
 *
 * Calls are built by hand the way the front end binds them: exactly
 * op->nargs IR arguments, kwargs in schema order with defaults filled.
 * Types are compared through their printed form, which is what users see
 * and is stable across runs. */
#include "config.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/lower.h"
#include "ir/ir.h"
#include "ir/op_registry.h"
#include "ir/ops_internal.h"
#include "support/intern.h"

static Interner names;
static IrCtx ctx;
static OpError err;

static void setup(void)
{
    interner_init(&names);
    ir_ctx_init(&ctx, &names);
    memset(&err, 0, sizeof err);
}

static void teardown(void)
{
    ir_ctx_free(&ctx);
    interner_free(&names);
}

/* ------------------------------------------------------------- builders */

#define ARGS(...) ((const IrExpr *const[]){__VA_ARGS__})
#define KWS(...) ((const IrKwarg[]){__VA_ARGS__})
#define NO_ARGS ((const IrExpr *const *)NULL)

static const IrExpr *ci(int64_t v) { return ir_const_int(&ctx, v, DT_INT64, span_unknown()); }
static const IrExpr *cf(double v) { return ir_const_float(&ctx, v, DT_FP32, span_unknown()); }

static const IrType *shaped_v(IrTypeKind kind, DataType dt, int n, va_list ap)
{
    const IrExpr *dims[8];
    for (int i = 0; i < n; i++)
        dims[i] = ir_dim_const(&ctx, va_arg(ap, int));
    return kind == TYPE_TILE ? ir_type_tile(&ctx, dt, (uint32_t)n, dims, NULL, NULL)
                             : ir_type_tensor(&ctx, dt, (uint32_t)n, dims, NULL, NULL);
}

static const IrType *tile_type(DataType dt, int n, ...)
{
    va_list ap;
    const IrType *t;
    va_start(ap, n);
    t = shaped_v(TYPE_TILE, dt, n, ap);
    va_end(ap);
    return t;
}

static const IrType *tensor_type(DataType dt, int n, ...)
{
    va_list ap;
    const IrType *t;
    va_start(ap, n);
    t = shaped_v(TYPE_TENSOR, dt, n, ap);
    va_end(ap);
    return t;
}

static const IrExpr *var(const IrType *t) { return &ir_var_new(&ctx, ir_name(&ctx, "v"), t, span_unknown())->e; }
static const IrExpr *scalar(DataType dt) { return var(ir_type_scalar(&ctx, dt)); }

/* A DSL list of integer literals: MakeTuple of ConstInt(INT64). */
static const IrExpr *list(int n, ...)
{
    const IrExpr *e[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        e[i] = ci(va_arg(ap, int));
    va_end(ap);
    return ir_make_tuple(&ctx, (uint32_t)n, e, span_unknown());
}

static IrKwarg kw(const char *key, IrKwKind kind, int64_t v)
{
    IrKwarg k;
    memset(&k, 0, sizeof k);
    k.key = ir_name(&ctx, key);
    k.kind = (uint8_t)kind;
    k.v.i = v;
    return k;
}

static const IrType *run(const char *name, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                         const IrKwarg *kwargs)
{
    const OpDef *op = op_lookup(name);
    ck_assert_msg(op != NULL, "op %s is not registered", name);
    return op_deduce(&ctx, op, args, nargs, kwargs, nkw, &err);
}

/* Printed type, from a small ring of buffers so two can be compared. */
static const char *ts(const IrType *t)
{
    static char bufs[4][512];
    static int k;
    char *b = bufs[k++ & 3];
    if (!t) {
        snprintf(b, 512, "NULL (%s)", err.msg);
        return b;
    }
    return type_to_string(&ctx, t, b, 512);
}

#define EXPECT_TYPE(t, text) ck_assert_str_eq(ts(t), text)

static void expect_error(const IrType *t, int arg, const char *msg)
{
    ck_assert_msg(t == NULL, "expected an error, got %s", ts(t));
    ck_assert_str_eq(err.msg, msg);
    ck_assert_int_eq(err.arg, arg);
}

static void expect_error_prefix(const IrType *t, const char *prefix)
{
    ck_assert_msg(t == NULL, "expected an error, got %s", ts(t));
    ck_assert_msg(strncmp(err.msg, prefix, strlen(prefix)) == 0, "message '%s' does not start with '%s'", err.msg,
                  prefix);
}

static void expect_view(const IrType *t, TileLayout bl, TileLayout sl, uint32_t fractal)
{
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(t->tile_view);
    ck_assert_int_eq(t->tile_view->blayout, bl);
    ck_assert_int_eq(t->tile_view->slayout, sl);
    ck_assert_uint_eq(t->tile_view->fractal, fractal);
}

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
    "system.sync_src", "tensor.add", "tensor.add_scalar", "tensor.assemble", "tensor.cast", "tensor.create",
    "tensor.dim", "tensor.div", "tensor.div_scalar", "tensor.exp", "tensor.matmul", "tensor.maximum",
    "tensor.mul", "tensor.mul_scalar", "tensor.read", "tensor.reshape", "tensor.row_max", "tensor.row_sum",
    "tensor.sub", "tensor.sub_scalar", "tensor.transpose", "tensor.view",
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

/* Every op has a form in every output kind (MLIR, C++, seed-05 tile IR),
 * or a stated reason why not; the ops that are no instruction at all
 * (buffers, synchronisation, tensor-level ops) are exactly the classes
 * that say so. */
START_TEST(test_op_forms)
{
    static const OpOutput outs[] = {OUT_MLIR, OUT_CPP, OUT_TILE};
    for (uint32_t i = 0; i < op_count(); i++) {
        const OpDef *op = op_at(i);
        const OpTraits *t = op_traits(op);
        int no_instruction = op->cls == OPCL_CREATE || op->cls == OPCL_ALLOC || op->cls == OPCL_BARRIER ||
                             op->cls == OPCL_FLAG || op->cls == OPCL_TENSOR || op->cls == OPCL_TENSOR_WRITE;
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

START_TEST(test_all_ops_registered)
{
    size_t n = sizeof all_ops / sizeof all_ops[0];
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(op_lookup(all_ops[i]) != NULL, "%s is not registered", all_ops[i]);
    ck_assert_uint_eq(op_count(), n);
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
    case KWT_INT:
    case KWT_DOUBLE:
    case KWT_STRING:
        return 1;
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
        else
            ck_assert_msg(!strncmp(name, "system.", 7) && op->category == OPC_SYSTEM, "%s: category", name);
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
            ck_assert_msg(s->type <= KWT_PIPE, "%s: kwarg %s type", name, s->name);
            if (s->presence == KW_DEFAULTED)
                ck_assert_msg(default_in_range(s), "%s: kwarg %s has default %lld", name, s->name,
                              (long long)s->idefault);
            for (uint32_t q = 0; q < k; q++)
                ck_assert_msg(strcmp(op->kwargs[q].name, s->name) != 0, "%s: kwarg %s twice", name, s->name);
        }
        ck_assert_msg((op->normalize != NULL) == (strcmp(name, "block.full") == 0), "%s: normalize", name);
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
    expect_schema("block.load", "tensor,offsets,shapes,target_memory", "target_memory?");
    expect_schema("block.create_tile", "shape,dtype,target_memory", "dtype,target_memory?");
    expect_schema("block.move", "tile,target_memory,transpose", "target_memory,transpose?");
    expect_schema("block.full", "shape,dtype,value", "dtype");
    expect_schema("tensor.create", "shape,dtype", "dtype");
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
    expect_schema("block.store", "tile,offsets,shapes,output_tensor", "");
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
                 "'pl.block.add': cannot broadcast pl.Tile[[4, 8], pl.FP32] with pl.Tile[[5], pl.FP32]");
    expect_error(run("block.add", 2, ARGS(a, scalar(DT_FP32)), 0, NULL), 1,
                 "'pl.block.add': second argument must be a Tile, got pl.Scalar[pl.FP32]");
    expect_error(run("block.mul", 2, ARGS(var(tensor_type(DT_FP16, 1, 4)), a), 0, NULL), 0,
                 "'pl.block.mul': first argument must be a Tile, got pl.Tensor[[4], pl.FP16]");
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
                 "'pl.block.and': second argument must have an integer dtype, got pl.Tile[[8, 8], pl.FP32]");
    /* Shifts keep the lhs dtype. */
    EXPECT_TYPE(run("block.shl", 2, ARGS(i16, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT16]");
    EXPECT_TYPE(run("block.shr", 2, ARGS(i16, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT16]");
    expect_error_prefix(run("block.shl", 2, ARGS(f32, i32), 0, NULL), "'pl.block.shl': first argument");
    /* xor (lhs, rhs, tmp). */
    EXPECT_TYPE(run("block.xor", 3, ARGS(i16, i32, i32), 0, NULL), "pl.Tile[[8, 8], pl.INT32]");
    expect_error(run("block.xor", 3, ARGS(i16, i32, scalar(DT_INT32)), 0, NULL), 2,
                 "'pl.block.xor': third argument must be a Tile, got pl.Scalar[pl.INT32]");
    /* not: INT16/UINT16 only. */
    EXPECT_TYPE(run("block.not", 1, ARGS(i16), 0, NULL), "pl.Tile[[8, 8], pl.INT16]");
    expect_error(run("block.not", 1, ARGS(i32), 0, NULL), 0,
                 "'pl.block.not': requires an INT16 or UINT16 tile, got pl.Tile[[8, 8], pl.INT32]");
}
END_TEST

START_TEST(test_tile_tile_three)
{
    const IrExpr *a = var(tile_type(DT_FP16, 2, 4, 8)), *b = var(tile_type(DT_FP32, 1, 8));
    const IrExpr *c = var(tile_type(DT_INT32, 2, 4, 1)), *mask = var(tile_type(DT_UINT8, 2, 4, 8));
    EXPECT_TYPE(run("block.addc", 3, ARGS(a, b, c), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    EXPECT_TYPE(run("block.subc", 3, ARGS(c, c, c), 0, NULL), "pl.Tile[[4, 1], pl.INT32]");
    expect_error(run("block.addc", 3, ARGS(a, b, var(tile_type(DT_FP32, 1, 3))), 0, NULL), -1,
                 "'pl.block.addc': cannot broadcast pl.Tile[[4, 8], pl.FP16], pl.Tile[[8], pl.FP32] and "
                 "pl.Tile[[3], pl.FP32]");
    /* sel: the mask does not shape the result. */
    EXPECT_TYPE(run("block.sel", 3, ARGS(mask, a, b), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    EXPECT_TYPE(run("block.sels", 3, ARGS(a, b, scalar(DT_INT32)), 0, NULL), "pl.Tile[[4, 8], pl.FP32]");
    expect_error_prefix(run("block.sels", 3, ARGS(a, b, c), 0, NULL),
                        "'pl.block.sels': third argument must be a Scalar");
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
    EXPECT_TYPE(run("block.cmp", 2, ARGS(a, b), 1, KWS(kw("cmp_type", KW_INT, 2))), "pl.Tile[[16, 16], pl.FP32]");
    EXPECT_TYPE(run("block.cmps", 2, ARGS(b, cf(0.5)), 1, KWS(kw("cmp_type", KW_INT, 5))),
                "pl.Tile[[16, 16], pl.FP32]");
    /* Default from the schema when not stored. */
    EXPECT_TYPE(run("block.cmp", 2, ARGS(a, a), 0, NULL), "pl.Tile[[16, 16], pl.FP32]");
    expect_error(run("block.cmp", 2, ARGS(a, b), 1, KWS(kw("cmp_type", KW_INT, 6))), -1,
                 "'pl.block.cmp': cmp_type must be between 0 and 5, got 6");
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
                 "'pl.block.adds': second argument must be a Scalar, got pl.Tile[[32, 32], pl.FP32]");
    /* Integer-only scalar ops keep the tile's type. */
    {
        const char *const iops[] = {"block.shls", "block.shrs", "block.ands", "block.ors"};
        for (size_t i = 0; i < sizeof iops / sizeof iops[0]; i++)
            EXPECT_TYPE(run(iops[i], 2, ARGS(i32, ci(3)), 0, NULL), "pl.Tile[[32, 32], pl.INT32]");
    }
    expect_error(run("block.shls", 2, ARGS(i32, cf(1.0)), 0, NULL), 1,
                 "'pl.block.shls': second argument must have an integer dtype, got pl.Scalar[pl.FP32]");
    expect_error_prefix(run("block.ands", 2, ARGS(f32, ci(1)), 0, NULL), "'pl.block.ands': first argument must have");
    EXPECT_TYPE(run("block.xors", 3, ARGS(i32, ci(3), i32), 0, NULL), "pl.Tile[[32, 32], pl.INT32]");
}
END_TEST

START_TEST(test_unary_and_cast)
{
    const IrExpr *t = var(tile_type(DT_FP16, 2, 16, 64));
    const char *const ops[] = {"block.neg",   "block.exp", "block.log",  "block.sqrt",    "block.rsqrt",
                               "block.recip", "block.abs", "block.relu", "block.fillpad", "block.vec_move"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        EXPECT_TYPE(run(ops[i], 1, ARGS(t), 0, NULL), "pl.Tile[[16, 64], pl.FP16]");
    expect_error(run("block.exp", 1, ARGS(scalar(DT_FP32)), 0, NULL), 0,
                 "'pl.block.exp': first argument must be a Tile, got pl.Scalar[pl.FP32]");
    EXPECT_TYPE(run("block.cast", 1, ARGS(t), 2, KWS(kw("target_type", KW_DTYPE, DT_FP32), kw("mode", KW_INT, 2))),
                "pl.Tile[[16, 64], pl.FP32]");
    EXPECT_TYPE(run("block.cast", 1, ARGS(t), 1, KWS(kw("target_type", KW_DTYPE, DT_INT8))),
                "pl.Tile[[16, 64], pl.INT8]");
    expect_error(run("block.cast", 1, ARGS(t), 0, NULL), -1, "'pl.block.cast': missing required kwarg 'target_type'");
    expect_error(run("block.cast", 1, ARGS(t), 2, KWS(kw("target_type", KW_DTYPE, DT_FP32), kw("mode", KW_INT, 9))), -1,
                 "'pl.block.cast': mode must be between 0 and 6, got 9");
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
    r = run("block.load", 3, ARGS(t, list(2, 0, 64), list(2, 64, 32)), 1,
            KWS(kw("target_memory", KW_MEMSPACE, MS_VEC)));
    EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP16]");
    ck_assert_ptr_null(r->tile_view);
    r = run("block.load", 3, ARGS(t, list(2, 0, 0), list(2, 64, 32)), 1, KWS(kw("target_memory", KW_MEMSPACE, MS_MAT)));
    expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 512);
    ck_assert_uint_eq(r->n, 2);
    expect_error(run("block.load", 3, ARGS(t, list(2, 0, 0), list(2, 64, 32)), 1,
                     KWS(kw("target_memory", KW_MEMSPACE, MS_LEFT))),
                 -1,
                 "'pl.block.load': target_memory must be pl.MemorySpace.Vec or pl.MemorySpace.Mat, got "
                 "pl.MemorySpace.Left");
    expect_error(run("block.load", 3, ARGS(t, list(1, 0), list(2, 64, 32)), 0, NULL), -1,
                 "'pl.block.load': offsets and shapes must have the same length, got 1 offsets and 2 shapes");
    expect_error(run("block.load", 3, ARGS(t, list(0), list(0)), 0, NULL), 2,
                 "'pl.block.load': shapes must have at least one dimension");
    expect_error(run("block.load", 3, ARGS(var(tile_type(DT_FP16, 2, 8, 8)), list(2, 0, 0), list(2, 8, 8)), 0, NULL), 0,
                 "'pl.block.load': first argument must be a Tensor, got pl.Tile[[8, 8], pl.FP16]");
    expect_error(run("block.load", 3, ARGS(t, ci(0), list(2, 8, 8)), 0, NULL), 1,
                 "'pl.block.load': offsets (second argument) must be a tuple, got pl.Scalar[pl.INT64]");
    /* A rank-3 tile is not a tile. */
    expect_error(run("block.load", 3,
                     ARGS(var(tensor_type(DT_FP16, 3, 4, 128, 128)), list(3, 0, 0, 0), list(3, 2, 64, 64)), 0, NULL),
                 -1, "TileType can have at most 2 dimensions, got 3");
    /* Symbolic shapes come from the tuple. */
    {
        const IrExpr *n = scalar(DT_INT64);
        const IrExpr *shapes = ir_make_tuple(&ctx, 2, ARGS(n, ci(32)), span_unknown());
        r = run("block.load", 3, ARGS(t, list(2, 0, 0), shapes), 0, NULL);
        ck_assert_ptr_nonnull(r);
        ck_assert_ptr_eq(r->dims[0], n);
        expect_error(run("block.load", 3,
                         ARGS(t, list(2, 0, 0), ir_make_tuple(&ctx, 2, ARGS(cf(1.0), ci(32)), span_unknown())), 0,
                         NULL),
                     2, "'pl.block.load': shapes element 0 must be an integer Scalar, got pl.Scalar[pl.FP32]");
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
                 "'pl.block.store': fourth argument must be a Tensor, got pl.Tile[[64, 64], pl.FP32]");
    expect_error(run("block.store", 4, ARGS(o, list(2, 0, 0), list(2, 64, 64), o), 0, NULL), 0,
                 "'pl.block.store': first argument must be a Tile, got pl.Tensor[[128, 128], pl.FP32]");
    expect_error_prefix(run("block.store", 4, ARGS(tile, list(2, 0, 0), list(1, 64), o), 0, NULL),
                        "'pl.block.store': offsets and shapes must have the same length");
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
    EXPECT_TYPE(r, "pl.Tile[[16, 32], pl.FP16, tile_view=pl.TileView(slayout=pl.TileLayout.row_major)]");
    expect_view(r, TL_ROW_MAJOR, TL_ROW_MAJOR, 512);
    expect_view(move(t, MS_RIGHT, 0), TL_ROW_MAJOR, TL_COL_MAJOR, 512);
    r = move(t, MS_VEC, 0);
    EXPECT_TYPE(r, "pl.Tile[[16, 32], pl.FP16]");
    ck_assert_ptr_null(r->tile_view);
    ck_assert_ptr_null(move(t, MS_MAT, 0)->tile_view);
    /* Transposed: dims swapped; layouts swapped, or blayout flipped. */
    r = move(t, MS_RIGHT, 1);
    EXPECT_TYPE(r, "pl.Tile[[32, 16], pl.FP16, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, "
                   "slayout=pl.TileLayout.row_major)]");
    expect_view(move(t, MS_LEFT, 1), TL_ROW_MAJOR, TL_ROW_MAJOR, 512);
    r = move(t, MS_VEC, 1);
    expect_view(r, TL_COL_MAJOR, TL_NONE_BOX, 512);
    ck_assert_uint_eq(r->n, 2);
    /* transpose defaults to False when not stored. */
    EXPECT_TYPE(run("block.move", 1, ARGS(t), 1, KWS(kw("target_memory", KW_MEMSPACE, MS_VEC))),
                "pl.Tile[[16, 32], pl.FP16]");
    expect_error(run("block.move", 1, ARGS(t), 0, NULL), -1, "'pl.block.move': missing required kwarg 'target_memory'");
    expect_error_prefix(move(var(tensor_type(DT_FP16, 1, 4)), MS_VEC, 0),
                        "'pl.block.move': first argument must be a Tile");
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
                "pl.Tile[[64, 128], pl.FP16]");
    expect_error(run("block.create_tile", 1, ARGS(list(2, 64, 0)), 1, KWS(kw("dtype", KW_DTYPE, DT_FP16))), 0,
                 "'pl.block.create_tile': shape element 1 is 0; an extent must be positive");
    expect_error(run("block.create_tile", 1,
                     ARGS(ir_make_tuple(&ctx, 2, ARGS(scalar(DT_INT64), ci(4)), span_unknown())), 1,
                     KWS(kw("dtype", KW_DTYPE, DT_FP16))),
                 0, "'pl.block.create_tile': shape element 0 must be an integer constant");
    expect_error(run("block.create_tile", 1, ARGS(list(3, 2, 2, 2)), 1, KWS(kw("dtype", KW_DTYPE, DT_FP16))), -1,
                 "TileType can have at most 2 dimensions, got 3");

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
                 1, "'pl.block.full': second argument must be a Scalar, got pl.Tile[[4], pl.FP32]");

    ck_assert_int_eq(run("block.alloc", 4, ARGS(ci(MS_VEC), ci(0), ci(16384), ci(3)), 0, NULL)->kind, TYPE_MEMREF);
    expect_error_prefix(run("block.alloc", 4, ARGS(ci(99), ci(0), ci(16384), ci(3)), 0, NULL), "'pl.block.alloc': ");
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
    expect_error(reduce("block.sum", t, 2, 0), -1, "'pl.block.sum': axis 2 is out of range for rank 2");
    expect_error(run("block.sum", 1, ARGS(t), 0, NULL), -1, "'pl.block.sum': missing required kwarg 'axis'");

    EXPECT_TYPE(run("block.row_sum", 2, ARGS(t, t), 0, NULL), "pl.Tile[[32, 1], pl.FP32]");
    EXPECT_TYPE(run("block.row_max", 2, ARGS(t, t), 0, NULL), "pl.Tile[[32, 1], pl.FP32]");
    EXPECT_TYPE(run("block.row_min", 2, ARGS(t, t), 0, NULL), "pl.Tile[[32, 1], pl.FP32]");
    expect_error(run("block.row_sum", 2, ARGS(v, v), 0, NULL), 0,
                 "'pl.block.row_sum': tile must have at least 2 dimensions, got pl.Tile[[32], pl.FP16]");
    expect_error_prefix(run("block.row_max", 2, ARGS(t, scalar(DT_FP32)), 0, NULL),
                        "'pl.block.row_max': second argument must be a Tile");

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
                 "'pl.block.row_expand_add': row_vec's last dimension must be 1");
    expect_error(run("block.row_expand_add", 2, ARGS(t, var(tile_type(DT_FP32, 2, 16, 1))), 0, NULL), 1,
                 "'pl.block.row_expand_add': row_vec has 16 rows, the tile has 32");
    expect_error(run("block.col_expand", 2, ARGS(t, rv), 0, NULL), 1,
                 "'pl.block.col_expand': col_vec must have shape [1, N], got pl.Tile[[32, 1], pl.FP16]");
    expect_error(run("block.col_expand_mul", 2, ARGS(t, var(tile_type(DT_FP32, 2, 1, 8))), 0, NULL), 1,
                 "'pl.block.col_expand_mul': col_vec has 8 columns, the target has 16");
    EXPECT_TYPE(run("block.expands", 2, ARGS(t, scalar(DT_FP16)), 0, NULL), "pl.Tile[[32, 16], pl.FP32]");
}
END_TEST

/* --------------------------------------------------------------- matmul */

START_TEST(test_block_matmul)
{
    const IrExpr *a = var(tile_type(DT_FP16, 2, 64, 128)), *b = var(tile_type(DT_FP16, 2, 128, 32));
    const IrExpr *i8a = var(tile_type(DT_INT8, 2, 16, 32)), *i8b = var(tile_type(DT_INT8, 2, 32, 16));
    const IrType *r = run("block.matmul", 2, ARGS(a, b), 0, NULL);
    EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, "
                   "slayout=pl.TileLayout.row_major, fractal=1024)]");
    expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
    r = run("block.matmul", 2, ARGS(i8a, i8b), 0, NULL);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(r->dtype, DT_INT32);
    expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
    expect_error(run("block.matmul", 2, ARGS(a, var(tile_type(DT_FP16, 2, 32, 32))), 0, NULL), -1,
                 "'pl.block.matmul': inner dimensions differ: lhs K=128, rhs K=32");
    expect_error(run("block.matmul", 2, ARGS(a, var(tile_type(DT_FP32, 2, 128, 32))), 0, NULL), -1,
                 "'pl.block.matmul': lhs and rhs must have the same dtype, got pl.FP16 and pl.FP32");
    expect_error(run("block.matmul", 2, ARGS(var(tile_type(DT_FP16, 1, 128)), b), 0, NULL), 0,
                 "'pl.block.matmul': lhs must have 2 dimensions, got pl.Tile[[128], pl.FP16]");
    /* gemv: like matmul. */
    EXPECT_TYPE(
        run("block.gemv", 2, ARGS(var(tile_type(DT_BF16, 2, 1, 128)), var(tile_type(DT_BF16, 2, 128, 64))), 0, NULL),
        "pl.Tile[[1, 64], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, "
        "slayout=pl.TileLayout.row_major, fractal=1024)]");
    /* matmul_acc: acc's shape. */
    {
        const IrExpr *acc = var(tile_type(DT_FP32, 2, 64, 32));
        r = run("block.matmul_acc", 3, ARGS(acc, a, b), 0, NULL);
        expect_view(r, TL_COL_MAJOR, TL_ROW_MAJOR, 1024);
        ck_assert_int_eq(r->dtype, DT_FP32);
        expect_error(run("block.matmul_acc", 3, ARGS(var(tile_type(DT_FP32, 2, 32, 32)), a, b), 0, NULL), -1,
                     "'pl.block.matmul_acc': M dimensions differ: acc M=32, lhs M=64");
        expect_error(run("block.matmul_acc", 3, ARGS(var(tile_type(DT_FP32, 2, 64, 16)), a, b), 0, NULL), -1,
                     "'pl.block.matmul_acc': N dimensions differ: acc N=16, rhs N=32");
        ck_assert_ptr_nonnull(run("block.gemv_acc", 3, ARGS(acc, a, b), 0, NULL));
    }
    /* matmul_bias: promote over all three, no view. */
    r = run("block.matmul_bias", 3, ARGS(a, b, var(tile_type(DT_FP32, 2, 1, 32))), 0, NULL);
    EXPECT_TYPE(r, "pl.Tile[[64, 32], pl.FP32]");
    expect_error(run("block.matmul_bias", 3, ARGS(a, b, var(tile_type(DT_FP32, 2, 2, 32))), 0, NULL), 2,
                 "'pl.block.matmul_bias': bias must have shape [1, N], got pl.Tile[[2, 32], pl.FP32]");
    expect_error(run("block.gemv_bias", 3, ARGS(a, b, var(tile_type(DT_FP32, 2, 1, 16))), 0, NULL), 2,
                 "'pl.block.gemv_bias': bias has N=16, the result has N=32");
    /* batch_matmul: 2-D tiles give [M, N]; promote. */
    EXPECT_TYPE(run("block.batch_matmul", 2, ARGS(a, var(tile_type(DT_FP32, 2, 128, 8))), 0, NULL),
                "pl.Tile[[64, 8], pl.FP32]");
    expect_error_prefix(run("block.batch_matmul", 2, ARGS(a, a), 0, NULL), "'pl.block.batch_matmul': inner dimensions");
}
END_TEST

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
                 "'pl.tensor.add': second argument must be a Scalar, got pl.Tile[[4, 8], pl.FP32]");
    expect_error(run("tensor.mul_scalar", 2, ARGS(scalar(DT_FP32), cf(1.0)), 0, NULL), 0,
                 "'pl.tensor.mul': first argument must be a Tensor, got pl.Scalar[pl.FP32]");
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
    EXPECT_TYPE(run("tensor.view", 3, ARGS(t, list(2, 32, 64), list(2, 0, 64)), 0, NULL),
                "pl.Tensor[[32, 64], pl.FP32]");
    EXPECT_TYPE(run("tensor.view", 3, ARGS(t, list(1, 32), list(2, 0, 64)), 0, NULL), "pl.Tensor[[32], pl.FP32]");
    expect_error_prefix(run("tensor.view", 3, ARGS(t, ci(3), list(2, 0, 64)), 0, NULL),
                        "'pl.tensor.view': shape (second argument) must be a tuple");
    EXPECT_TYPE(run("tensor.assemble", 3, ARGS(t, var(tensor_type(DT_FP16, 2, 8, 8)), list(2, 0, 8)), 0, NULL),
                "pl.Tensor[[64, 128], pl.FP32]");
    expect_error_prefix(run("tensor.assemble", 3, ARGS(t, var(tile_type(DT_FP16, 2, 8, 8)), list(2, 0, 8)), 0, NULL),
                        "'pl.tensor.assemble': second argument must be a Tensor");
    EXPECT_TYPE(run("tensor.read", 2, ARGS(t, list(2, 1, 2)), 0, NULL), "pl.Scalar[pl.FP32]");
    expect_error(run("tensor.read", 2, ARGS(t, list(1, 1)), 0, NULL), 1,
                 "'pl.tensor.read': expects 2 indices for a tensor of rank 2, got 1");
}
END_TEST

START_TEST(test_reshape_transpose_view)
{
    const IrExpr *t = var(tile_type(DT_FP32, 2, 32, 32)), *x = var(tensor_type(DT_FP16, 3, 2, 4, 8));
    EXPECT_TYPE(run("block.reshape", 2, ARGS(t, list(2, 64, 16)), 0, NULL), "pl.Tile[[64, 16], pl.FP32]");
    EXPECT_TYPE(run("block.reshape", 2, ARGS(t, list(1, 1024)), 0, NULL), "pl.Tile[[1024], pl.FP32]");
    expect_error(run("block.reshape", 2, ARGS(t, list(2, 16, 32)), 0, NULL), 1,
                 "'pl.block.reshape': cannot reshape 1024 elements into a shape of 512 elements");
    expect_error(run("block.reshape", 2, ARGS(t, list(3, 4, 16, 16)), 0, NULL), -1,
                 "TileType can have at most 2 dimensions, got 3");
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
                 "'pl.block.transpose': first argument must have at least 2 dimensions, got pl.Tile[[16], pl.FP32]");
    expect_error(run("block.transpose", 3, ARGS(t, scalar(DT_INT64), ci(1)), 0, NULL), 1,
                 "'pl.block.transpose': axis1 must be an integer constant");

    EXPECT_TYPE(run("block.view", 3, ARGS(t, list(2, 16, 16), list(2, 16, 0)), 0, NULL), "pl.Tile[[16, 16], pl.FP32]");
    expect_error(run("block.view", 3, ARGS(t, list(3, 2, 2, 2), list(2, 0, 0)), 0, NULL), -1,
                 "TileType can have at most 2 dimensions, got 3");
    /* Tile views take INT64/UINT64 elements only. */
    expect_error(run("block.view", 3,
                     ARGS(t, ir_make_tuple(&ctx, 1, ARGS(scalar(DT_INT32)), span_unknown()), list(1, 0)), 0, NULL),
                 1, "'pl.block.view': shape element 0 must be an INT64 or UINT64 Scalar, got pl.Scalar[pl.INT32]");
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

/* ------------------------------------------------------------------ main */

static Suite *ops_suite(void)
{
    Suite *s = suite_create("ops");
    TCase *tc = tcase_create("registry");
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
    tcase_add_test(tc, test_reshape_transpose_view);
    suite_add_tcase(s, tc);

    tc = tcase_create("tensor_system");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_tensor_matmul);
    tcase_add_test(tc, test_tensor_elementwise);
    tcase_add_test(tc, test_tensor_dim);
    tcase_add_test(tc, test_tensor_memory);
    tcase_add_test(tc, test_system);
    tcase_add_test(tc, test_op_forms);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(ops_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
