/* lower_tensor.c: the tensors of a kernel for the printers of pto-isa
 * operations, traced and checked once (see lower_tensor.h).  The
 * statement walk calls these at the kernel's start and at each
 * definition, copy, carried position and yield of a Tensor variable. */
#include "config.h"
#include "codegen/lower_flow.h"
#include "codegen/lower_tensor.h"

static void bind(LowerFlow *W, const IrVar *v, LowerTensor *T) { ptrmap_put(&W->tensors, v, (void *)T); }

/* The context parameter of window parameter p of f: f's last parameters
 * are its windows' contexts, in their order (IR_FUNC_COMM_CTX). */
static const IrVar *window_ctx(const IrFunc *f, const IrVar *p)
{
    uint32_t nw = ir_func_windows(f), k = 0;
    if (!(f->flags & IR_FUNC_COMM_CTX) || !ir_type_is_window(p->type))
        return NULL;
    for (uint32_t i = 0; i < f->nparams && f->params[i].var != p; i++)
        k += ir_type_is_window(f->params[i].var->type);
    return nw <= f->nparams ? f->params[f->nparams - nw + k].var : NULL;
}

void lower_tensor_params(LowerFlow *W)
{
    const IrFunc *f = W->k->f;
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *p = f->params[i].var;
        LowerTensor *T;
        char msg[320];
        int dn;
        if (p->type->kind != TYPE_TENSOR)
            continue;
        if (legal_tensor_view(p->type, p->name, &dn, msg, sizeof msg) != 0) {
            W->p->error(W, p->e.span, msg);
            bind(W, p, &W->poison_tensor);
            continue;
        }
        T = arena_zalloc(&W->k->arena, sizeof *T);
        T->param = p;
        T->dn = dn;
        T->ctx = window_ctx(f, p);
        /* (A tensor of rank 3 or more has constant strides in both
         * outputs: legal_tensor_view.) */
        if ((W->p->static_strides || p->type->n > 2) &&
            legal_strides(p->type, dn, p->name, T->stride, &T->len, &T->len_x, msg, sizeof msg) != 0) {
            W->p->error(W, p->e.span, msg);
            bind(W, p, &W->poison_tensor);
            continue;
        }
        /* A run-time stride is a dimension argument of the kernel. */
        if (T->len_x && lower_scalar_expr(W, T->len_x, DT_INT64, 0) != 0) {
            bind(W, p, &W->poison_tensor);
            continue;
        }
        bind(W, p, T);
        if (W->p->tensor_param)
            W->p->tensor_param(W, T);
    }
}

LowerTensor *lower_tensor_use(LowerFlow *W, const IrExpr *x)
{
    LowerTensor *T = x && ir_is_var_like(x) ? ptrmap_get(&W->tensors, x) : NULL;
    if (T == &W->poison_tensor)
        return NULL;
    if (!T)
        lower_flow_error(W, lower_span_of(W->k->stmt_span, x), "this tensor is not derived from a parameter of the kernel");
    return T;
}

void lower_tensor_define(LowerFlow *W, const IrVar *v, LowerTensor *T) { bind(W, v, T); }

void lower_tensor_copy(LowerFlow *W, const IrAssign *a)
{
    LowerTensor *T = lower_tensor_use(W, a->value);
    if (T)
        bind(W, a->var, T);
}

int lower_tensor_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    LowerTensor *T = lower_tensor_use(W, R->iter_args[k]->init);
    if (!T)
        return 0;
    R->tensors[k] = T;
    bind(W, &R->iter_args[k]->v, T);
    bind(W, R->ret[k], T);
    return 1;
}

/* The first yield of an if decides its result's parameter; every other
 * yield, and a loop's, must agree. */
void lower_tensor_yield(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    LowerTensor *T = lower_tensor_use(W, x);
    char msg[320];
    if (!T)
        return;
    if (!R->tensors[k])
        R->tensors[k] = T;
    else if (legal_carried_tensor(T->param, R->tensors[k]->param, msg, sizeof msg) != 0)
        W->p->error(W, lower_span_of(W->k->stmt_span, x), msg);
}

void lower_tensor_if_results(LowerFlow *W, const LowerRegion *R)
{
    for (uint32_t k = 0; k < R->n; k++)
        if (R->kind[k] == LOWER_TENSOR && R->tensors[k])
            bind(W, R->ret[k], R->tensors[k]);
}

void lower_tensor_tuple_make(LowerFlow *W, LowerTuple *t)
{
    const IrMakeTuple *m = t->make;
    t->tensors = arena_zalloc(&W->k->arena, (m->n ? m->n : 1) * sizeof *t->tensors);
    for (uint32_t i = 0; i < m->n; i++)
        if (t->kind[i] == LOWER_TENSOR)
            t->tensors[i] = lower_tensor_use(W, m->elems[i]);
}

void lower_tensor_tuple_get(LowerFlow *W, const IrVar *v, const LowerTuple *t, uint32_t i)
{
    if (t->kind[i] == LOWER_TENSOR && t->tensors[i])
        bind(W, v, t->tensors[i]);
}

void lower_tensor_poison(LowerFlow *W, const IrVar *v)
{
    if ((v->type->kind == TYPE_TENSOR || v->type->kind == TYPE_ARRAY) && !ptrmap_get(&W->tensors, v))
        bind(W, v, &W->poison_tensor);
}
