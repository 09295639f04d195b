/* elab_convert.c: mismatches that the reference accepted without a word,
 * accepted here with a warning of their own and converted where the
 * meaning is clear (README, "Warnings"; Decision 2 of the spec: checks
 * beyond the reference are warnings).
 *
 *  -Wreturn-dtype   a returned value of the declared kind and shape whose
 *                   dtype is a wider one of the same family (integer or
 *                   floating point) than the declared return type's: what
 *                   a literal operand's promotion gives (x * 2 of an INT32
 *                   x is INT64).  The value is converted to the declared
 *                   dtype, which is what the caller sees.
 *  -Wint-to-bool    an integer scalar passed to a BOOL parameter (a flag
 *                   read with pl.tensor.read is INT64).  Passed as x != 0
 *                   (a literal 0 or 1 as False or True, without a warning).
 *  -Wargument-shape a tensor argument of static shape other than its
 *                   parameter's, with as many elements or more.  Passed as
 *                   it is: the callee addresses its argument's elements in
 *                   row-major order by its parameter's shape, as the
 *                   reference's code does, so it sees the argument's
 *                   leading elements (all of them when the counts agree).
 *
 * Anything else stays the error (or -Wannotation warning) of the callers. */
#include "config.h"
#include "sema/elab_convert.h"
#include "ir/op_registry.h"

#include <string.h>

/* A dtype wider than `want` of its family: what promotion by a literal gives. */
static int promoted_from(DataType got, DataType want)
{
    if (dtype_is_int(got) && dtype_is_int(want))
        return dtype_bits(got) > dtype_bits(want);
    if (dtype_is_float(got) && dtype_is_float(want))
        return dtype_bits(got) > dtype_bits(want);
    return 0;
}

/* The shapes equal where both are known. */
static int same_shape(const IrType *a, const IrType *b)
{
    int64_t x, y;
    if (a->n != b->n)
        return 0;
    for (uint32_t i = 0; i < a->n; i++)
        if (a->dims[i] != b->dims[i] && ir_dim_value(a->dims[i], &x) && ir_dim_value(b->dims[i], &y) && x != y)
            return 0;
    return 1;
}

/* v converted to dtype dt: a scalar cast, or tensor.cast / block.cast. */
static const IrExpr *convert_dtype(Elab *E, const IrExpr *v, const IrType *t, DataType dt, Span at)
{
    const OpDef *op;
    IrKwarg kw[2];
    const IrType *rt;
    OpError err;
    if (t->kind == TYPE_SCALAR)
        return ir_unary(E->ir, UN_CAST, dt, v, at);
    op = op_by_id(t->kind == TYPE_TILE ? OP_BLOCK_CAST : OP_TENSOR_CAST);
    kw[0].key = ir_name(E->ir, "target_type");
    kw[0].kind = KW_DTYPE;
    kw[0].v.i = dt;
    kw[1].key = ir_name(E->ir, "mode");
    kw[1].kind = KW_INT;
    kw[1].v.i = op->kwargs[1].idefault;
    if (!(rt = op_deduce(E->ir, op, &v, 1, kw, 2, &err)))
        return NULL;
    return ir_call(E->ir, &op->callee, 1, &v, 2, ir_kwargs_intern(E->ir, 2, kw), rt, at);
}

const IrExpr *elab_convert_return(FnCtx *fc, const IrExpr *v, const IrType *want, Span at)
{
    Elab *E = fc->E;
    const IrType *t = ir_expr_type(E->ir, v);
    const IrExpr *c;
    char a[256], b[256];
    if (t->kind != want->kind || (t->kind != TYPE_SCALAR && t->kind != TYPE_TENSOR && t->kind != TYPE_TILE) ||
        !same_shape(t, want) || !promoted_from((DataType)t->dtype, (DataType)want->dtype))
        return NULL;
    if (!(c = convert_dtype(E, v, t, (DataType)want->dtype, at)))
        return NULL;
    diag_warning(E->diag, W_RETURN_DTYPE, at,
                 "returned value has type %s but the function declares %s; it is converted to %s",
                 elab_type_str(E, t, a, sizeof a), elab_type_str(E, want, b, sizeof b),
                 dtype_name((DataType)want->dtype));
    return c;
}

static uint64_t elements(const IrType *t, int *known)
{
    uint64_t n = 1;
    int64_t d;
    for (uint32_t i = 0; i < t->n; i++) {
        if (!ir_dim_value(t->dims[i], &d) || d < 0) {
            *known = 0;
            return 0;
        }
        if (__builtin_mul_overflow(n, (uint64_t)d, &n))
            n = UINT64_MAX;
    }
    return n;
}

int elab_convert_arg(FnCtx *fc, const IrExpr **arg, const IrVar *param, const char *callee, uint32_t index, Span at)
{
    Elab *E = fc->E;
    const IrType *t = ir_expr_type(E->ir, *arg), *p = param->type;
    char a[256], b[256];
    if (t->kind == TYPE_SCALAR && p->kind == TYPE_SCALAR && p->dtype == DT_BOOL && dtype_is_int((DataType)t->dtype)) {
        if ((*arg)->kind == EXPR_CONST_INT) {
            int64_t v = IR_AS(IrConstInt, *arg)->value;
            *arg = ir_const_bool(E->ir, v != 0, at);
            if (v == 0 || v == 1)
                return 1;   /* a literal 0 or 1: False or True, as in C */
        } else {
            *arg = ir_binary(E->ir, BIN_NE, DT_BOOL, *arg, ir_const_int(E->ir, 0, (DataType)t->dtype, at), at);
        }
        diag_warning(E->diag, W_INT_TO_BOOL, at,
                     "argument %u of '%s' is %s, but parameter '%s' is BOOL; it is passed as (argument != 0)",
                     index + 1, callee, dtype_name((DataType)t->dtype), param->name);
        return 1;
    }
    if (t->kind == TYPE_SCALAR && p->kind == TYPE_SCALAR && dtype_is_int((DataType)t->dtype) &&
        dtype_is_int((DataType)p->dtype)) {
        /* An integer passed to an integer parameter of another width, as
         * a loop index to a rank (06-hello_rank.md: per_rank(..., r)
         * into pl.Scalar[pl.INT32]): converted, as Python's int is. */
        if ((*arg)->kind == EXPR_CONST_INT && dtype_int_fits((DataType)p->dtype, IR_AS(IrConstInt, *arg)->value))
            *arg = ir_const_int(E->ir, IR_AS(IrConstInt, *arg)->value, (DataType)p->dtype, at);
        else
            *arg = ir_unary(E->ir, UN_CAST, (DataType)p->dtype, *arg, at);
        return 1;
    }
    if (t->kind == TYPE_TENSOR && p->kind == TYPE_TENSOR && t->dtype == p->dtype) {
        int known = 1;
        uint64_t have = elements(t, &known), need = elements(p, &known);
        if (!known || have < need)
            return -1;
        diag_warning(E->diag, W_ARGUMENT_SHAPE, at,
                     have == need ? "argument %u of '%s' has type %s, but parameter '%s' is %s; '%s' sees the same "
                                    "elements in its own shape"
                                  : "argument %u of '%s' has type %s, but parameter '%s' is %s; '%s' sees only the "
                                    "leading elements, in its own shape",
                     index + 1, callee, elab_type_str(E, t, a, sizeof a), param->name, elab_type_str(E, p, b, sizeof b),
                     callee);
        diag_note(E->diag, param->e.span, "parameter '%s' is declared here", param->name);
        return 1;
    }
    return -1;
}
