/* elab_bind_dynamic.c: p.bind_dynamic(axis, dim), pypto's hint that a
 * tensor parameter's dimension is a dynamic one: read into the
 * parameter's type while nothing has used it. */
#include "config.h"
#include "sema/elab_type.h"
#include "sema/elab_value.h"

#include <string.h>

int elab_is_bind_dynamic(const AstNode *call)
{
    return call->kind == AST_CALL && call->a->kind == AST_ATTR && call->a->a->kind == AST_NAME &&
           strcmp(call->a->name, "bind_dynamic") == 0;
}

/* p.bind_dynamic(axis, dim): pypto's specialisation hint (a no-op when it
 * runs) that dimension axis of tensor parameter p is the dynamic dimension
 * dim.  Where the annotation has that dimension already it says nothing;
 * otherwise the parameter's type takes it, which it may only while no
 * statement has used the parameter: before any statement of the body. */
void elab_bind_dynamic(FnCtx *fc, const AstNode *call)
{
    Elab *E = fc->E;
    const AstNode *who = call->a->a;
    IrVar *param = NULL;
    const IrType *t;
    const IrExpr *d, **dims;
    const ConstVal *axis;
    ConstError err;
    char b[256];
    for (uint32_t i = 0; fc->sig && i < fc->sig->nparams; i++)
        if (strcmp(fc->sig->params[i].var->name, who->name) == 0 &&
            scope_lookup(&fc->scope, who->name) == &fc->sig->params[i].var->e)
            param = (IrVar *)(uintptr_t)fc->sig->params[i].var;   /* its own arena node, typed here */
    if (!param) {
        diag_error(E->diag, who->span, "'%s.bind_dynamic' needs a tensor parameter of '%s'; '%s' is not one",
                   who->name, fc->sig ? fc->sig->name : "the function", who->name);
        return;
    }
    t = param->type;
    if (t->kind != TYPE_TENSOR) {
        diag_error(E->diag, who->span, "'%s.bind_dynamic': '%s' is %s, not a tensor", who->name, who->name,
                   elab_type_str(E, t, b, sizeof b));
        return;
    }
    if (call->list.n != 2 || call->list2.n) {
        diag_error(E->diag, call->span, "'%s.bind_dynamic' takes two positional arguments (axis, dimension), got %u%s",
                   who->name, call->list.n, call->list2.n ? " and keywords" : "");
        return;
    }
    if (!(axis = elab_const(E, fc, call->list.items[0], &err))) {
        elab_const_error(E, &err);
        return;
    }
    if (axis->kind != CV_INT || axis->v.i < 0 || axis->v.i >= (int64_t)t->n) {
        diag_error(E->diag, call->list.items[0]->span, "'%s.bind_dynamic': the axis must be an integer in [0, %u), "
                   "the dimensions of %s", who->name, t->n, elab_type_str(E, t, b, sizeof b));
        return;
    }
    if (!(d = elab_dim(E, fc, call->list.items[1])))
        return;
    if (t->dims[axis->v.i] == d)
        return;
    if (fc->blocks.len != 1 || fc->blocks.data[0].len) {
        diag_error(E->diag, call->span, "'%s.bind_dynamic' changes the type of '%s' after statements that may use it: "
                   "put it first in the body", who->name, who->name);
        return;
    }
    dims = arena_array(&E->ir->arena, t->n, sizeof *dims);
    memcpy(dims, t->dims, t->n * sizeof *dims);
    dims[axis->v.i] = d;
    param->type = ir_type_window(E->ir, ir_type_tensor(E->ir, (DataType)t->dtype, t->n, dims, t->memref, t->tensor_view),
                                 ir_type_is_window(t));
}
