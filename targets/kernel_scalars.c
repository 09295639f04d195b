/* kernel_scalars.c: the rule of a kernel's scalar types (see
 * legal_rules.h), which Legalize reports for the PTO and C++ outputs and
 * the tile IR's lowering for seed 05: a kernel's scalars have a type in
 * every output (legal_scalar_dtype: i1 to i64, f16, bf16 and f32 in MLIR,
 * pto-mlir.md 8; their C++ types, cpp.md 4.4).  A scalar of another data
 * type (FP8, FP4, INT4, HF8...) is an error where the program brings it
 * in: a parameter, an annotation, a cast, a constant, an op's result.
 * What is computed from it is not reported again, so one mistake is one
 * message, and the printers never see it. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "targets/legal_rules.h"

#include <stdio.h>

typedef struct Scalars {
    IrCtx *ir;
    DiagEngine *diag;
    int failed;
} Scalars;

#define KERNEL_SCALARS "BOOL, INT8 to INT64, UINT8 to UINT64, FP16, BF16 or FP32"

/* Whether x is a scalar of a data type kernels have no scalars of. */
static int bad_scalar(const Scalars *L, const IrExpr *x)
{
    const IrType *t = x ? ir_expr_type(L->ir, x) : NULL;
    return t && t->kind == TYPE_SCALAR && !legal_scalar_dtype((DataType)t->dtype);
}

static void report(Scalars *L, Span at, const char *what, const IrType *t)
{
    diag_error(L->diag, at, "%s has data type %s; kernel scalars are " KERNEL_SCALARS, what,
               dtype_name((DataType)t->dtype));
    L->failed = 1;
}

/* Expressions that make a scalar of a bad type from operands that are
 * not: constants, casts, op results.  (An arithmetic result has its
 * operands' promoted type, which is bad only if one of them is.) */
static int scalar_expr(IrWalker *w, const IrExpr *e)
{
    Scalars *L = w->data;
    char what[96];
    if (!bad_scalar(L, e))
        return 1;
    switch ((IrExprKind)e->kind) {
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
        report(L, e->span, "this constant", ir_expr_type(L->ir, e));
        break;
    case EXPR_UNARY:
        if (e->op == UN_CAST && !bad_scalar(L, IR_AS(IrUnary, e)->operand))
            report(L, e->span, "this cast's result", ir_expr_type(L->ir, e));
        break;
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        const OpDef *op = callee_op(c->callee);
        uint32_t i = 0;
        while (i < c->nargs && !bad_scalar(L, c->args[i]))
            i++;
        if (i == c->nargs) {
            char name[64];
            snprintf(what, sizeof what, "the result of '%s'",
                     op ? op_printed_name(op, name, sizeof name) : c->callee->name);
            report(L, e->span, what, ir_expr_type(L->ir, e));
        }
        break;
    }
    default:
        break;
    }
    return 1;
}

/* Variables declared of a bad type whose value is not (an annotation),
 * and iter_args whose initial value is not. */
static int scalar_stmt(IrWalker *w, const IrStmt *s)
{
    Scalars *L = w->data;
    char what[96];
    const IrIterArg *const *its = NULL;
    uint32_t n = 0;
    if (s->kind == STMT_ASSIGN) {
        const IrAssign *a = IR_AS(IrAssign, s);
        if (bad_scalar(L, &a->var->e) && !bad_scalar(L, a->value)) {
            snprintf(what, sizeof what, "'%s'", a->var->name);
            report(L, a->var->e.span, what, a->var->type);
        }
        return 1;
    }
    if (s->kind == STMT_FOR)
        its = IR_AS(IrFor, s)->iter_args, n = IR_AS(IrFor, s)->niter;
    else if (s->kind == STMT_WHILE)
        its = IR_AS(IrWhile, s)->iter_args, n = IR_AS(IrWhile, s)->niter;
    for (uint32_t k = 0; k < n; k++)
        if (bad_scalar(L, &its[k]->v.e) && !bad_scalar(L, its[k]->init)) {
            snprintf(what, sizeof what, "'%s'", its[k]->v.name);
            report(L, its[k]->v.e.span, what, its[k]->v.type);
        }
    return 1;
}

/* The values of a return are not the core's: a kernel's scalar results
 * are computed by its callers (tensor_results.c), which is how a kernel
 * returns the invalid task id, a host value. */
static int skip_return(IrWalker *w, const IrStmt *s)
{
    return s->kind == STMT_RETURN ? 0 : scalar_stmt(w, s);
}

int legal_kernel_scalars(IrCtx *ir, DiagEngine *diag, const IrFunc *f, const IrStmt *body)
{
    Scalars S = {ir, diag, 0}, *L = &S;
    IrWalker w = {.pre_expr = scalar_expr, .pre_stmt = skip_return, .data = L};
    char what[96];
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *v = f->params[i].var;
        if (bad_scalar(L, &v->e)) {
            snprintf(what, sizeof what, "scalar parameter '%s'", v->name);
            report(L, v->e.span, what, v->type);
        }
    }
    ir_walk_stmt(&w, body);
    return S.failed;
}
