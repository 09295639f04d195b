/* elab_deps.c: lists of task ids (user/tasks/02-submit.md "Declaring an
 * edge", "Fan-in through a TaskId array"; 03-tuning.md
 * "pl.system.task_dummy").
 *
 *   deps=[tid, None, tids, tids[0]]    deps=[a[i] for i in range(N)]
 *
 * An entry is a task id (pl.Scalar[pl.TASK_ID]), an array of them (the
 * task waits on every element), or None (no producer yet: no edge).  A
 * list comprehension over range() of constants is a list of task ids,
 * expanded here with its name bound to each value in turn.
 * pl.system.task_dummy(deps=[...]) joins its deps in one task that does no
 * work and gives that task's id. */
#include "config.h"
#include "sema/elab_deps.h"
#include "sema/elab_assign.h"
#include "sema/elab_expr.h"
#include "ir/op_registry.h"
#include "support/xalloc.h"

/* The most entries a comprehension expands to. */
#define COMP_MAX 4096

static int task_id_entry(FnCtx *fc, const AstNode *x, ExprVec *out);

/* [elt for name in range(a[, b[, c]])] with constant bounds. */
static int comprehension(FnCtx *fc, const AstNode *c, ExprVec *out)
{
    Elab *E = fc->E;
    const AstNode *f, *it;
    int64_t b[3] = {0, 0, 1};
    uint32_t n, count = 0;
    int ok = 1;
    if (c->op != AST_COMP_LIST || c->list.n != 1)
        return !!elab_error(E, c->span, "deps= takes a list comprehension with one 'for' over range()");
    f = c->list.items[0];
    it = f->b;
    if (f->a->kind != AST_NAME)
        return !!elab_error(E, f->a->span, "a comprehension in deps= binds one name");
    if (f->list.n)
        return !!elab_error(E, f->list.items[0]->span, "a comprehension in deps= takes no 'if'");
    if (it->kind != AST_CALL || it->a->kind != AST_NAME || it->a->name != E->n.range ||
        scope_lookup(&fc->scope, it->a->name) || it->list2.n || it->list.n < 1 || it->list.n > 3)
        return !!elab_error(E, it->span, "a comprehension in deps= runs over range() of integer constants");
    n = it->list.n;
    for (uint32_t i = 0; i < n; i++) {
        ConstError err;
        const ConstVal *v = elab_const(E, fc, it->list.items[i], &err);
        if (!v || v->kind != CV_INT)
            return !!elab_error(E, it->list.items[i]->span,
                                "a comprehension in deps= runs over range() of integer constants");
        b[n == 1 ? 1 : i] = v->v.i;
    }
    if (b[2] == 0)
        return !!elab_error(E, it->list.items[2]->span, "the step of a range must not be zero");
    for (int64_t v = b[0]; b[2] > 0 ? v < b[1] : v > b[1]; v += b[2])
        if (++count > COMP_MAX)
            return !!elab_error(E, it->span, "a comprehension in deps= of more than %d entries", COMP_MAX);
    scope_enter(&fc->scope);
    for (int64_t v = b[0]; ok && (b[2] > 0 ? v < b[1] : v > b[1]); v += b[2]) {
        elab_define_name(fc, f->a->name, ir_const_int(E->ir, v, DT_INDEX, f->a->span), f->a->span);
        ok = task_id_entry(fc, c->a, out);
    }
    scope_exit(&fc->scope, 0);
    return ok;
}

static int task_id_entry(FnCtx *fc, const AstNode *x, ExprVec *out)
{
    Elab *E = fc->E;
    const IrExpr *v;
    const IrType *t;
    if (x->kind == AST_NONE)
        return 1;
    if (!(v = elab_expr(fc, x)))
        return 0;
    t = ir_expr_type(E->ir, v);
    if ((t->kind != TYPE_SCALAR && t->kind != TYPE_ARRAY) || t->dtype != DT_TASK_ID) {
        char b[256];
        diag_error(E->diag, x->span, "deps= takes task ids (pl.Scalar[pl.TASK_ID]) and arrays of them, got %s",
                   elab_type_str(E, t, b, sizeof b));
        return 0;
    }
    vec_push(*out, v);
    return 1;
}

int elab_task_ids(FnCtx *fc, const AstNode *l, ExprVec *out)
{
    if (l->kind == AST_COMP)
        return comprehension(fc, l, out);
    if (l->kind != AST_LIST && l->kind != AST_TUPLE) {
        diag_error(fc->E->diag, l->span, "deps= takes a list of task ids: deps=[tid]");
        return 0;
    }
    for (uint32_t i = 0; i < l->list.n; i++)
        if (!task_id_entry(fc, l->list.items[i], out))
            return 0;
    return 1;
}

const IrExpr *elab_task_dummy(FnCtx *fc, const AstNode *call)
{
    Elab *E = fc->E;
    const OpDef *op = op_by_id(OP_SYSTEM_TASK_DUMMY);
    ExprVec deps;
    const IrExpr *list, *r = NULL;
    OpError err;
    const IrType *t;
    if (call->list.n || call->list2.n != 1 || call->list2.items[0]->name != E->n.deps)
        return elab_error(E, call->span, "pl.system.task_dummy() takes one keyword argument: deps=[...]");
    vec_init(deps);
    if (elab_task_ids(fc, call->list2.items[0]->a, &deps)) {
        list = ir_make_tuple(E->ir, deps.len, deps.data, call->list2.items[0]->a->span);
        if ((t = op_deduce(E->ir, op, &list, 1, NULL, 0, &err)))
            r = ir_call(E->ir, &op->callee, 1, &list, 0, NULL, t, call->span);
        else
            diag_error(E->diag, call->span, "%s", err.msg);
    }
    vec_free(deps);
    return r;
}
