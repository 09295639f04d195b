/* deduce.c: the generic parts of type deduction: running an op's
 * deduction (after the value checks of shape and index lists), error
 * reporting, kwarg lookup, type rendering for messages, and
 * BroadcastShapes (ops.md 3.1).  The ops themselves are ir/ops.def. */
#include "config.h"
#include "ir/int_arith.h"
#include "ir/op_registry.h"
#include "ir/ops_internal.h"
#include "ir/printer.h"
#include "support/strbuf.h"

#include <stdio.h>
#include <string.h>

/* The constant elements of shape and index lists, by value: an extent is
 * positive, a position is not negative, and arithmetic that fails
 * (overflow, division by zero) is reported where it was written.  This
 * is the one place these rules live, so `-64`, `~63`, `64 - 128`, `2 **
 * 70` and a module constant are judged alike.  Elements that are not
 * constants are the op's own business. */
static int check_constant_elements(DeduceCtx *dc)
{
    uint32_t argi = 0;
    for (uint32_t p = 0; p < dc->op->nparams; p++) {
        const OpParam *prm = &dc->op->params[p];
        const IrExpr *list;
        if (prm->kw >= 0)
            continue;
        list = dc->args[argi++];
        if (prm->role == ARG_VALUE || list->kind != EXPR_MAKE_TUPLE)
            continue;
        for (uint32_t k = 0; k < IR_AS(IrMakeTuple, list)->n; k++) {
            const IrExpr *el = IR_AS(IrMakeTuple, list)->elems[k];
            const char *what = prm->role == ARG_SHAPE ? "shape" : prm->name;
            int64_t v;
            IntStatus st = ir_int_eval(el, &v);
            if (st == INT_NOT_CONST)
                continue;
            if (st != INT_OK)
                op_fail(dc, (int)argi - 1, "%s element %u %s", what, (unsigned)k, int_status_text(st));
            else if (prm->role == ARG_SHAPE && ir_dead_empty_extent(dc->ir, v))
                continue;   /* code that never runs: pypto builds it as it is */
            else if (prm->role == ARG_SHAPE && v <= 0)
                op_fail(dc, (int)argi - 1, "%s element %u is %lld; an extent must be positive",
                        prm->from ? prm->name : "shape", (unsigned)k, (long long)v);
            else if (prm->role == ARG_INDEX && v < 0)
                op_fail(dc, (int)argi - 1, "%s element %u is %lld; a position must not be negative", what,
                        (unsigned)k, (long long)v);
            else
                continue;
            dc->err->elem = (int)k;
            return 0;
        }
    }
    return 1;
}

/* An elementwise op, a conversion included, computes its operands' valid
 * part (pto-isa's elementwise intrinsics assert equal valid shapes of
 * source and destination): its tile result has the valid shape of its
 * first operand of the result's shape that has one; a broadcast, that of
 * its target.  A tensor op that
 * becomes such a block op does the same on tensor views (pypto
 * docs/en/dev/ir/05-operators.md: tensor arithmetic keeps the effective
 * valid_shape and drops the pad mode: its result is fresh storage). */
/* Whether shaped types a and b have the same dimensions; their element
 * types may differ (a conversion's operand and result), but for a
 * compare's packed mask (UINT8), whose valid part counts bytes, not the
 * elements of the result. */
static int same_dims(const IrType *a, const IrType *b)
{
    if (a->n != b->n || (a->dtype != b->dtype && a->dtype == DT_UINT8))
        return 0;
    for (uint32_t i = 0; i < a->n; i++) {
        int64_t x, y;
        if (a->dims[i] != b->dims[i] && !(ir_dim_value(a->dims[i], &x) && ir_dim_value(b->dims[i], &y) && x == y))
            return 0;
    }
    return 1;
}

static const IrType *with_operand_valid(DeduceCtx *dc, const IrType *t)
{
    const OpDef *form_op = dc->op;
    const OpTraits *tr;
    if (t && t->kind == TYPE_TENSOR && dc->op->cls == OPCL_TENSOR && dc->op->block)
        form_op = op_ref(dc->op->block);
    uint32_t first, end;
    tr = &op_class_traits[form_op->cls];
    if (!t)
        return t;
    first = (uint32_t)tr->eq_first;
    end = first + (tr->eq_n ? tr->eq_n : 1);
    /* A broadcast keeps its target's valid shape (pypto's tile.col_expand,
     * row_expand, expands: issue #1450 there). */
    if (tr->form == FORM_COL_EXPAND || tr->form == FORM_ROW_EXPAND || tr->form == FORM_EXPANDS) {
        first = 0;
        end = 1;
    } else if (tr->form != FORM_ELEM && tr->form != FORM_SCALAR && tr->form != FORM_UNARY && tr->form != FORM_CAST) {
        return t;
    }
    if (t->kind == TYPE_TILE && !(t->tile_view && t->tile_view->nvalid)) {
        for (uint32_t i = first; i < dc->nargs && i < end; i++) {
            const IrType *a = ir_expr_type(dc->ir, dc->args[i]);
            if (a->kind == TYPE_TILE && a->n == t->n && a->tile_view && a->tile_view->nvalid == a->n &&
                same_dims(a, t))
                return ir_type_tile(dc->ir, (DataType)t->dtype, t->n, t->dims, t->memref,
                                    op_view_with_valid(dc, t->tile_view, t->n, a->tile_view->valid_shape));
        }
    }
    if (t->kind == TYPE_TENSOR && form_op != dc->op && !t->tensor_view) {
        for (uint32_t i = first; i < dc->nargs && i < end; i++) {
            const IrType *a = ir_expr_type(dc->ir, dc->args[i]);
            if (a->kind == TYPE_TENSOR && a->n == t->n && a->tensor_view && a->tensor_view->nvalid == a->n &&
                same_dims(a, t))
                return ir_type_tensor(dc->ir, (DataType)t->dtype, t->n, t->dims, t->memref,
                                      ir_tensor_view_valid(dc->ir, 0, NULL, TENSOR_ND, t->n,
                                                           a->tensor_view->valid_shape, TP_NULL));
        }
    }
    return t;
}

/* A call's type names no MemRef, even where it is an argument's type
 * (tile.write, a store's tensor): the variable it is assigned to has one
 * (InitMemRef), and a pass that moves MemRefs rebuilds variables, not the
 * types of the calls that use them. */
static const IrType *without_memref(IrCtx *ir, const IrType *t)
{
    if (t && ir_type_is_shaped(t) && t->memref)
        return ir_type_with_memref(ir, t, NULL);
    return t;
}

const IrType *op_deduce(IrCtx *ir, const OpDef *op, const IrExpr *const *args, uint32_t nargs, const IrKwarg *kwargs,
                        uint32_t nkwargs, OpError *err)
{
    DeduceCtx dc;
    dc.ir = ir;
    dc.op = op;
    dc.args = args;
    dc.nargs = nargs;
    dc.kwargs = kwargs;
    dc.nkwargs = nkwargs;
    dc.err = err;
    /* A tensor op with its block op's deduction runs it on tensors. */
    dc.as_tensor = op->cls == OPCL_TENSOR && op->block && op_ref(op->block)->deduce == op->deduce;
    err->msg[0] = '\0';
    err->arg = -1;
    err->elem = -1;
    /* The front end's binding guarantees the arity; passes that rebuild
     * calls do not go through it, so check here as well rather than let a
     * deduction function read past the arguments. */
    if (nargs != op->nargs)
        return op_fail(&dc, -1, "expects %u argument%s, got %u", (unsigned)op->nargs, op->nargs == 1 ? "" : "s",
                       (unsigned)nargs);
    if (!check_constant_elements(&dc))
        return NULL;
    return without_memref(ir, with_operand_valid(&dc, op->deduce(&dc)));
}

const IrType *deduce_fail(DeduceCtx *dc, int arg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dc->err->msg, sizeof dc->err->msg, fmt, ap);
    va_end(ap);
    dc->err->arg = arg;
    return NULL;
}

const IrKwarg *deduce_kwarg(const DeduceCtx *dc, const char *name)
{
    for (uint32_t i = 0; i < dc->nkwargs; i++)
        if (strcmp(dc->kwargs[i].key, name) == 0)
            return &dc->kwargs[i];
    return NULL;
}

const char *type_to_string(IrCtx *ir, const IrType *t, char *buf, size_t cap)
{
    StrBuf sb;
    size_t n;
    if (cap == 0)
        return buf;
    sb_init(&sb);
    ir_print_type(&sb, ir, t, "pl", IR_SYNTAX_TODAY);
    n = sb.len < cap - 1 ? sb.len : cap - 1;
    if (n)
        memcpy(buf, sb.data, n);
    buf[n] = '\0';
    sb_free(&sb);
    return buf;
}

/* ops.md 3.1 rule 3: the same expression, or equal constants. */
static int dims_equal(const IrExpr *a, const IrExpr *b)
{
    int64_t va, vb;
    if (a == b)
        return 1;
    return ir_dim_value(a, &va) && ir_dim_value(b, &vb) && va == vb;
}

static int dim_is_one(const IrExpr *d)
{
    int64_t v;
    return ir_dim_value(d, &v) && v == 1;
}

int broadcast_shapes(uint32_t na, const IrExpr *const *a, uint32_t nb, const IrExpr *const *b, const IrExpr **out_dims,
                     uint32_t *nout)
{
    uint32_t n = na > nb ? na : nb;
    /* Walk right to left; out_dims is filled from its end, so no reversal
     * is needed.  A side that has run out of dimensions yields the other
     * side's dimension (rules 1 and 2). */
    for (uint32_t k = 0; k < n; k++) {
        const IrExpr *da = k < na ? a[na - 1 - k] : NULL;
        const IrExpr *db = k < nb ? b[nb - 1 - k] : NULL;
        const IrExpr *r;
        if (!da)
            r = db;
        else if (!db)
            r = da;
        else if (dims_equal(da, db))
            r = da;
        else if (dim_is_one(da))
            r = db;
        else if (dim_is_one(db))
            r = da;
        else
            return 0;
        out_dims[n - 1 - k] = r;
    }
    *nout = n;
    return 1;
}
