/* legalize_tensors.c: Legalize's rule for the tensors a kernel's loops and
 * ifs carry.  In a kernel a Tensor value is always a view of one of its
 * Tensor parameters (a store gives back its output tensor, a copy or an
 * iter_arg names its source), and both outputs write that view once per
 * parameter: PTO MLIR makes one pto.make_tensor_view per parameter, and a
 * C++ kernel addresses every transfer from the parameter's pointer.  A
 * loop or if that carries a tensor therefore carries one parameter's view:
 * what its body or branches yield must derive from the same parameter as
 * what it carries, or the program switches tensors in a way neither
 * output can say.  The printers checked this themselves; it is a user
 * error, so it ends here (issue 12: after Legalize the printers report
 * nothing). */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "targets/legal_rules.h"
#include "passes/4_legalize/legalize.h"
#include "support/xalloc.h"

#include <string.h>

typedef struct Carried {
    PtrMap root;               /* Tensor variable -> the parameter it derives from */
    Legal *L;
} Carried;

/* The parameter x derives from, or NULL when the rule does not follow it
 * (a value of another kind, or one the front end's other rules reject). */
static const IrVar *root_of(Carried *C, const IrExpr *x)
{
    return ir_is_var_like(x) ? ptrmap_get(&C->root, x) : NULL;
}

static void derive(Carried *C, const IrVar *v, const IrVar *root)
{
    if (root && v->type->kind == TYPE_TENSOR)
        ptrmap_put(&C->root, v, (void *)root);
}

/* The positions of a yield against what is carried: carried[k] is the
 * parameter of position k (NULL: not a tensor, or not followed); a yield
 * that derives from another parameter is an error, and an unset position
 * takes the yield's. */
static void check_yield(Carried *C, const IrStmt *body, const IrVar **carried, uint32_t n)
{
    const IrValues *y = ir_body_yield(body);
    char msg[320];
    for (uint32_t k = 0; y && k < n && k < y->n; k++) {
        const IrVar *r = root_of(C, y->values[k]);
        if (!r || ir_expr_type(C->L->ir, y->values[k])->kind != TYPE_TENSOR)
            continue;
        if (!carried[k]) {
            carried[k] = r;
        } else if (legal_carried_tensor(r, carried[k], msg, sizeof msg) != 0) {
            diag_error(C->L->pc->diag, y->s.span, "%s", msg);
            C->L->failed = 1;
        }
    }
}

/* Definitions in program order: an iter_arg before its loop's body. */
static int pre_stmt(IrWalker *w, const IrStmt *s)
{
    Carried *C = w->data;
    const IrFor *f = s->kind == STMT_FOR ? IR_AS(IrFor, s) : NULL;
    const IrWhile *wh = s->kind == STMT_WHILE ? IR_AS(IrWhile, s) : NULL;
    if (s->kind == STMT_ASSIGN) {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *x = a->value;
        const OpDef *op = x->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, x)->callee) : NULL;
        if (ir_is_var_like(x))
            derive(C, a->var, root_of(C, x));
        else if (op && op_traits(op)->result == RES_ARG3 && IR_AS(IrCall, x)->nargs > 3)
            derive(C, a->var, root_of(C, IR_AS(IrCall, x)->args[3]));
        else if (op && op_traits(op)->result == RES_ARG2 && IR_AS(IrCall, x)->nargs > 2)
            derive(C, a->var, root_of(C, IR_AS(IrCall, x)->args[2]));
    }
    for (uint32_t k = 0; f && k < f->niter; k++)
        derive(C, &f->iter_args[k]->v, root_of(C, f->iter_args[k]->init));
    for (uint32_t k = 0; wh && k < wh->niter; k++)
        derive(C, &wh->iter_args[k]->v, root_of(C, wh->iter_args[k]->init));
    return 1;
}

/* After a loop's body or an if's branches: their yields, and the results. */
static void post_stmt(IrWalker *w, const IrStmt *s)
{
    Carried *C = w->data;
    const IrIterArg *const *iter_args = NULL;
    const IrVar *const *ret;
    const IrVar **carried;
    uint32_t n;
    if (s->kind == STMT_FOR)
        n = IR_AS(IrFor, s)->niter, iter_args = IR_AS(IrFor, s)->iter_args, ret = IR_AS(IrFor, s)->ret;
    else if (s->kind == STMT_WHILE)
        n = IR_AS(IrWhile, s)->niter, iter_args = IR_AS(IrWhile, s)->iter_args, ret = IR_AS(IrWhile, s)->ret;
    else if (s->kind == STMT_IF)
        n = IR_AS(IrIf, s)->nret, ret = IR_AS(IrIf, s)->ret;
    else
        return;
    carried = xcalloc(n ? n : 1, sizeof *carried);
    for (uint32_t k = 0; iter_args && k < n; k++)
        carried[k] = root_of(C, &iter_args[k]->v.e);
    if (s->kind == STMT_IF) {
        check_yield(C, IR_AS(IrIf, s)->then_body, carried, n);
        check_yield(C, IR_AS(IrIf, s)->else_body, carried, n);
    } else {
        check_yield(C, s->kind == STMT_FOR ? IR_AS(IrFor, s)->body : IR_AS(IrWhile, s)->body, carried, n);
    }
    for (uint32_t k = 0; k < n; k++)
        derive(C, ret[k], carried[k]);
    xfree(carried);
}

void legal_carried_tensors(Legal *L, const IrFunc *f, const IrStmt *body)
{
    Carried C;
    IrWalker w;
    C.L = L;
    ptrmap_init(&C.root);
    for (uint32_t i = 0; i < f->nparams; i++)
        derive(&C, f->params[i].var, f->params[i].var);
    memset(&w, 0, sizeof w);
    w.pre_stmt = pre_stmt;
    w.post_stmt = post_stmt;
    w.data = &C;
    ir_walk_stmt(&w, body);
    ptrmap_free(&C.root);
}
