/* ssa_names.c: the names a statement defines anywhere in it, for
 * ConvertToSSA's loop-carried values (convert_to_ssa.c); a tensor written
 * in place by a call statement (pl.tensor.write(t, i, v)) is one. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/1_front/ssa_escape.h"
#include "support/ptrmap.h"

#include <string.h>

/* Names defined anywhere in a body (assignment targets, loop variables and
 * return variables of nested loops and ifs), in first-seen order. */
typedef struct DefScan {
    IrWalker w;
    SsaNameList *names;
    PtrMap *seen;
} DefScan;

static void scan_def(DefScan *d, const char *name)
{
    if (!ptrmap_get(d->seen, name)) {
        ptrmap_put(d->seen, name, (void *)1);
        vec_push(*d->names, name);
    }
}

const IrVar *ssa_written_in_place(const IrExpr *e)
{
    const IrCall *c = e->kind == EXPR_CALL ? IR_AS(IrCall, e) : NULL;
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    if (!op || op->cls != OPCL_TENSOR_WRITE || !c->nargs || c->args[0]->kind != EXPR_VAR)
        return NULL;
    return IR_AS(IrVar, c->args[0]);
}

static int scan_stmt(IrWalker *w, const IrStmt *s)
{
    DefScan *d = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        if (IR_AS(IrAssign, s)->var->e.kind != EXPR_MEMREF)
            scan_def(d, IR_AS(IrAssign, s)->var->name);
        break;
    case STMT_EVAL: {
        const IrVar *t = ssa_written_in_place(IR_AS(IrEval, s)->expr);
        if (t)
            scan_def(d, t->name);
        break;
    }
    case STMT_FOR:
        scan_def(d, IR_AS(IrFor, s)->loop_var->name);
        for (uint32_t i = 0; i < IR_AS(IrFor, s)->niter; i++)
            scan_def(d, IR_AS(IrFor, s)->ret[i]->name);
        break;
    case STMT_WHILE:
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++)
            scan_def(d, IR_AS(IrWhile, s)->ret[i]->name);
        break;
    case STMT_IF:
        for (uint32_t i = 0; i < IR_AS(IrIf, s)->nret; i++)
            scan_def(d, IR_AS(IrIf, s)->ret[i]->name);
        break;
    default:
        break;
    }
    return 1;
}

void ssa_defined_names(const IrStmt *body, SsaNameList *out)
{
    PtrMap seen;
    DefScan d;
    ptrmap_init(&seen);
    memset(&d, 0, sizeof d);
    d.w.pre_stmt = scan_stmt;
    d.w.data = &d;
    d.names = out;
    d.seen = &seen;
    ir_walk_stmt(&d.w, body);
    ptrmap_free(&seen);
}
