/* tensor_collect.c: the Vals of one InCore function (ConvertTensorToBlockOps):
 * every tensor variable with how it is defined (a parameter, a tensor op,
 * a copy or an identity view, a loop's iter_arg and result, an if's
 * result, a block op's result), in definition order, for the analysis of
 * tensor_kernel.c. */
#include "config.h"
#include "passes/2_tensor/tensor_kernel.h"

static int is_tensor(const IrType *t) { return t && t->kind == TYPE_TENSOR; }

static const char *pname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }


static Val *new_val(Kc *K, const IrVar *v, DefKind def, const IrStmt *site, Span at)
{
    Val *x = arena_zalloc(&K->arena, sizeof *x);
    x->old = v;
    x->type = tc_squeeze(K->ir, v->type);
    x->def = (uint8_t)def;
    x->site = site;
    x->at = span_is_known(at) ? at : v->e.span;
    ptrmap_put(&K->vals, v, x);
    vec_push(K->all, x);
    return x;
}

static int identity_view(const IrCall *c, const Val *src)
{
    const IrType *t = c->type;
    const IrExpr *off = c->args[2];
    int64_t a, b;
    if (!src || t->n != src->type->n || off->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, off)->n != t->n)
        return 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (ir_tensor_valid_dims(t)[i] != t->dims[i] &&
            !(tc_const(ir_tensor_valid_dims(t)[i], &a) && tc_const(t->dims[i], &b) && a == b))
            return 0;   /* narrows the valid part: not all of it */
    for (uint32_t i = 0; i < t->n; i++)
        if (!tc_const(t->dims[i], &a) || !tc_const(src->type->dims[i], &b) || a != b ||
            !tc_const(IR_AS(IrMakeTuple, off)->elems[i], &a) || a != 0)
            return 0;
    return 1;
}

/* A reshape into the shape the tensor has (pypto's FoldNoOpReshape,
 * docs/en/dev/passes/35-fold_no_op_reshape.md): the tensor itself. */
static int identity_reshape(const IrCall *c, const Val *src)
{
    const IrType *t = c->type;
    int64_t a, b;
    if (!src || t->n != src->type->n || (src->type->tensor_view && src->type->tensor_view->nvalid))
        return 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (!tc_const(t->dims[i], &a) || !tc_const(src->type->dims[i], &b) || a != b)
            return 0;
    return 1;
}

static void collect(Kc *K, const IrStmt *s);

static void collect_loop(Kc *K, const IrStmt *s, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret,
                         const IrStmt *body)
{
    const IrValues *y;
    for (uint32_t k = 0; k < n; k++)
        if (is_tensor(it[k]->v.type)) {
            Val *v = new_val(K, &it[k]->v, DK_ITER, s, it[k]->v.e.span);
            v->idx = k;
            v->src = kc_val(K, it[k]->init);
        }
    collect(K, body);
    y = ir_body_yield(body);
    for (uint32_t k = 0; k < n; k++) {
        Val *iv = kc_val(K, &it[k]->v.e);
        Val *rv;
        if (!iv)
            continue;
        iv->y[0] = y && k < y->n ? kc_val(K, y->values[k]) : NULL;
        rv = new_val(K, ret[k], DK_LOOP_RET, s, s->span);
        rv->idx = k;
        rv->src = iv;
    }
}

static void collect(Kc *K, const IrStmt *s)
{
    if (!s)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            collect(K, IR_AS(IrSeq, s)->stmts[i]);
        break;
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const OpDef *op = tc_call_op(a->value);
        Val *v;
        if (!is_tensor(a->var->type))
            break;
        if (op && (op_is(op, OP_TENSOR_VIEW_LAYOUT) || op_is(op, OP_TENSOR_VIEW_SHAPE_LAYOUT))) {
            /* A view in another layout: the kernel reads its tensor
             * through it, which neither output emits (the row says why). */
            char name[64];
            kc_error(K, a->value->span, "'%s' has no block form: %s", pname(op, name, sizeof name), op->why_pto);
            break;
        }
        if (op && op->category == OPC_TENSOR) {
            const IrCall *c = IR_AS(IrCall, a->value);
            Val *src = c->nargs ? kc_val(K, c->args[0]) : NULL;
            if ((op_is(op, OP_TENSOR_VIEW) && identity_view(c, src)) ||
                (op_is(op, OP_TENSOR_RESHAPE) && identity_reshape(c, src))) {
                v = new_val(K, a->var, DK_COPY, s, s->span);
                v->src = src;
                break;
            }
            v = new_val(K, a->var, DK_OP, s, a->value->span);
            v->call = c;
            if (op_is(op, OP_TENSOR_VIEW) || op_is(op, OP_TENSOR_WRITE))
                v->src = src;   /* a view's tensor; the tensor an element is written into */
            if (tc_product_lhs(a->value) >= 0)
                K->cube = 1;
        } else if (kc_val(K, a->value)) {
            v = new_val(K, a->var, DK_COPY, s, s->span);
            v->src = kc_val(K, a->value);
        } else {
            new_val(K, a->var, DK_OTHER, s, s->span);
        }
        break;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        collect_loop(K, s, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        collect_loop(K, s, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrValues *yt, *ye;
        collect(K, f->then_body);
        collect(K, f->else_body);
        yt = ir_body_yield(f->then_body);
        ye = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t k = 0; k < f->nret; k++)
            if (is_tensor(f->ret[k]->type)) {
                Val *v = new_val(K, f->ret[k], DK_IF_RET, s, s->span);
                v->idx = k;
                v->y[0] = yt && k < yt->n ? kc_val(K, yt->values[k]) : NULL;
                v->y[1] = ye && k < ye->n ? kc_val(K, ye->values[k]) : NULL;
            }
        break;
    }
    default:
        break;
    }
}

void kc_collect(Kc *K, const IrFunc *f)
{
    for (uint32_t i = 0; i < f->nparams; i++)
        if (is_tensor(f->params[i].var->type))
            new_val(K, f->params[i].var, DK_PARAM, NULL, f->params[i].var->e.span)->idx = i;
    collect(K, f->body);
}
