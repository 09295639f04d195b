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
#include "passes/legalize.h"
#include "support/xalloc.h"

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

/* The yield ending body, if it ends in one. */
static const IrValues *final_yield(const IrStmt *body)
{
    while (body && body->kind == STMT_SEQ && IR_AS(IrSeq, body)->n)
        body = IR_AS(IrSeq, body)->stmts[IR_AS(IrSeq, body)->n - 1];
    return body && body->kind == STMT_YIELD ? IR_AS(IrValues, body) : NULL;
}

static void walk(Carried *C, const IrStmt *s);

/* The positions of a yield against what is carried: carried[k] is the
 * parameter of position k (NULL: not a tensor, or not followed); a yield
 * that derives from another parameter is an error, and an unset position
 * takes the yield's. */
static void check_yield(Carried *C, const IrStmt *body, const IrVar **carried, uint32_t n)
{
    const IrValues *y = final_yield(body);
    for (uint32_t k = 0; y && k < n && k < y->n; k++) {
        const IrVar *r = root_of(C, y->values[k]);
        if (!r || ir_expr_type(C->L->ir, y->values[k])->kind != TYPE_TENSOR)
            continue;
        if (!carried[k]) {
            carried[k] = r;
        } else if (carried[k] != r) {
            diag_error(C->L->pc->diag, y->s.span, "the yielded tensor derives from '%s', the carried one from '%s'",
                       r->name, carried[k]->name);
            C->L->failed = 1;
        }
    }
}

static void walk_loop(Carried *C, uint32_t n, const IrIterArg *const *iter_args, const IrVar *const *ret,
                      const IrStmt *body)
{
    const IrVar **carried = xcalloc(n ? n : 1, sizeof *carried);
    for (uint32_t k = 0; k < n; k++) {
        carried[k] = root_of(C, iter_args[k]->init);
        derive(C, &iter_args[k]->v, carried[k]);
    }
    walk(C, body);
    check_yield(C, body, carried, n);
    for (uint32_t k = 0; k < n; k++)
        derive(C, ret[k], carried[k]);
    xfree(carried);
}

static void walk(Carried *C, const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *x = a->value;
        const OpDef *op = x->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, x)->callee) : NULL;
        if (ir_is_var_like(x))
            derive(C, a->var, root_of(C, x));
        else if (op && op_traits(op)->result == RES_ARG3 && IR_AS(IrCall, x)->nargs > 3)
            derive(C, a->var, root_of(C, IR_AS(IrCall, x)->args[3]));
        break;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        walk_loop(C, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        walk_loop(C, w->niter, w->iter_args, w->ret, w->body);
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrVar **carried = xcalloc(f->nret ? f->nret : 1, sizeof *carried);
        walk(C, f->then_body);
        check_yield(C, f->then_body, carried, f->nret);
        if (f->else_body) {
            walk(C, f->else_body);
            check_yield(C, f->else_body, carried, f->nret);
        }
        for (uint32_t k = 0; k < f->nret; k++)
            derive(C, f->ret[k], carried[k]);
        xfree(carried);
        break;
    }
    case STMT_SCOPE:
        walk(C, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            walk(C, IR_AS(IrSeq, s)->stmts[i]);
        break;
    default:
        break;
    }
}

void legal_carried_tensors(Legal *L, const IrFunc *f, const IrStmt *body)
{
    Carried C;
    C.L = L;
    ptrmap_init(&C.root);
    for (uint32_t i = 0; i < f->nparams; i++)
        derive(&C, f->params[i].var, f->params[i].var);
    walk(&C, body);
    ptrmap_free(&C.root);
}
