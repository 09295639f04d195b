/* ssa_escape.c: placeholders for the values ConvertToSSA carries out of a
 * loop that defines them.
 *
 * A name defined only inside a loop body keeps, in Python, the value of
 * the loop's last iteration.  ConvertToSSA makes such a name an iter_arg
 * of the loop (passes/1_front/convert_to_ssa.c); an iter_arg needs an initial
 * value, which is only read when the loop runs zero times.  For a loop
 * known to run at least once, that value is a placeholder built from the
 * variable's type: a zero scalar, an uninitialised tile in the tile's
 * memory space (so that the tile yielded by the body can live in the
 * carried buffer; only for tiles of the layout such a tile has, since the
 * body's tile takes the carried buffer's type), or a new tensor. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/1_front/ssa_escape.h"
#include "support/diag.h"

#include <stdio.h>

typedef struct BodyRef {
    IrWalker w;
    uint32_t first_id;
    int found;
} BodyRef;

static int body_ref_expr(IrWalker *w, const IrExpr *e)
{
    BodyRef *b = w->data;
    if ((e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG) && IR_AS(IrVar, e)->id >= b->first_id)
        b->found = 1;
    return !b->found;
}

static const IrExpr *body_ref_check(void *data, const IrExpr *e)
{
    ir_walk_expr(&((BodyRef *)data)->w, e);
    return e;
}

const char *ssa_placeholder_problem(IrCtx *ir, const IrType *t, int space, uint32_t first_id)
{
    BodyRef b = {{NULL, NULL, NULL, NULL}, first_id, 0};
    int64_t v;
    b.w.pre_expr = body_ref_expr;
    b.w.data = &b;
    switch ((IrTypeKind)t->kind) {
    case TYPE_SCALAR:
        return NULL;
    case TYPE_TILE:
        for (uint32_t i = 0; i < t->n; i++)
            if (!ir_dim_value(t->dims[i], &v))
                return "the shape of a tile carried out of a loop must be constant";
        if (space < 0 || space == MS_DDR)
            return "its memory space is not known before the loop";
        if (t->tile_view)
            return "a new tile (pl.block.create_tile) to start the loop with would have another layout";
        /* fall through */
    case TYPE_TENSOR:
        (void)ir_type_map_exprs(ir, t, body_ref_check, &b);
        return b.found ? "its type depends on values defined inside the loop" : NULL;
    default:
        return "values of this type cannot be carried through a loop";
    }
}

const IrExpr *ssa_placeholder(IrCtx *ir, const IrType *t, int space, Span span)
{
    const OpDef *op;
    IrKwarg kw[2];
    const IrExpr *shape, *call;
    const IrType *ct;
    OpError err;
    if (t->kind == TYPE_SCALAR) {
        if (t->dtype == DT_BOOL)
            return ir_const_bool(ir, 0, span);
        if (dtype_is_float((DataType)t->dtype))
            return ir_const_float(ir, 0.0, (DataType)t->dtype, span);
        return ir_const_int(ir, 0, (DataType)t->dtype, span);
    }
    op = op_by_id(t->kind == TYPE_TILE ? OP_BLOCK_CREATE_TILE : OP_TENSOR_CREATE);
    kw[0].key = ir_name(ir, "dtype");
    kw[0].kind = KW_DTYPE;
    kw[0].v.i = t->dtype;
    kw[1].key = ir_name(ir, "target_memory");
    kw[1].kind = KW_MEMSPACE;
    kw[1].v.i = space;
    {
        int64_t dims[8];
        uint32_t k = 0;
        while (k < t->n && k < 8 && ir_dim_value(t->dims[k], &dims[k]))
            k++;
        shape = k == t->n ? ir_const_tuple(ir, t->n, dims) : ir_make_tuple(ir, t->n, t->dims, span);
    }
    ct = op_deduce(ir, op, &shape, 1, kw, t->kind == TYPE_TILE ? 2 : 1, &err);
    if (!ct)
        ICE("placeholder for a carried value: %s", err.msg);
    call = ir_call(ir, &op->callee, 1, &shape, t->kind == TYPE_TILE ? 2 : 1,
                   ir_kwargs_intern(ir, t->kind == TYPE_TILE ? 2 : 1, kw), ct, span);
    return call;
}

SsaOrigin ssa_assign_origin(const IrAssign *a, const SsaOrigin *(*origin_of)(void *data, const char *name),
                            void *data)
{
    const IrExpr *x = a->value;
    SsaOrigin o = {a->var->type, -1, NULL};
    if (ir_is_var_like(x)) {
        const SsaOrigin *v = origin_of(data, IR_AS(IrVar, x)->name);
        o.space = v ? v->space : -1;
        o.alias = IR_AS(IrVar, x)->name;   /* a copy is another name of x */
    } else if (x->kind == EXPR_CALL && callee_op(IR_AS(IrCall, x)->callee)) {
        /* Where the op table puts the result (ResultPlace), as InitMemRef. */
        const IrCall *c = IR_AS(IrCall, x);
        const OpDef *op = callee_op(c->callee);
        const SsaOrigin *v;
        switch ((ResultPlace)op_traits(op)->result) {
        case RES_ARG3:
            if (c->nargs > 3 && ir_is_var_like(c->args[3]))
                o.alias = IR_AS(IrVar, c->args[3])->name;   /* a store's result is its output tensor */
            break;
        case RES_ARG2:
            if (c->nargs > 2 && ir_is_var_like(c->args[2]))
                o.alias = IR_AS(IrVar, c->args[2])->name;   /* a scatter's result is its output tensor */
            break;
        case RES_ARG0:
            v = c->nargs && ir_is_var_like(c->args[0]) ? origin_of(data, IR_AS(IrVar, c->args[0])->name) : NULL;
            o.space = v ? v->space : op_traits(op)->pipe == PIPE_M ? MS_ACC : -1;
            break;
        case RES_TARGET_MEMORY: {
            const IrKwarg *k = ir_call_kwarg(c, "target_memory");
            o.space = k && k->v.i >= 0 && k->v.i < MS_COUNT ? (int)k->v.i : MS_VEC;
            break;
        }
        case RES_ACC:
            o.space = MS_ACC;
            break;
        case RES_MAT:
            o.space = MS_MAT;
            break;
        case RES_VEC:
            o.space = MS_VEC;
            break;
        default:
            break;
        }
    }
    if (a->var->type->kind != TYPE_TENSOR)
        o.alias = NULL;
    return o;
}

const char *ssa_for_skip_why(const IrFor *f)
{
    int64_t a, b, c;
    if (!ir_dim_value(f->start, &a) || !ir_dim_value(f->stop, &b) || !ir_dim_value(f->step, &c))
        return "may run zero times (its bounds are not constants)";
    if (c > 0 ? a < b : c < 0 && a > b)
        return NULL;
    return "runs zero times (its range is empty)";
}
