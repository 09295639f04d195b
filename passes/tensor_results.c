/* tensor_results.c: a kernel's scalar results, computed by its caller
 * (ConvertTensorToBlockOps, orchestration code).
 *
 * A task gives back only what it writes to its Out tensors, so C++
 * orchestration code has no form for a kernel's scalar result (cpp.md
 * 6.2).  Outlining a `with pl.incore():` scope makes a result of every
 * scalar that the scope computes and the code after it uses: a counter, an
 * offset (`total = total + i` in a loop's scope).  Where such a result is
 * scalar arithmetic on the kernel's parameters and constants, the caller
 * computes it from the call's arguments instead of unpacking it:
 *     ret = self.main_incore_0(a, acc_iter_1, i, total_iter_1)
 *     total_3 = ret[1]          becomes      total_3 = total_iter_1 + i
 * The kernel stays as it is (the result is then unused).  A result that
 * the kernel computes otherwise (from a tile, in a loop) stays, and the
 * orchestration printer reports it where it is unpacked. */
#include "config.h"
#include "ir/visit.h"
#include "passes/tensor_conv.h"

#include <string.h>

/* The expression is copied as a tree, once per use: bound its size. */
#define MOST_NODES 64

typedef struct Recompute {
    IrCtx *ir;
    const IrFunc *kernel;
    const IrCall *call;
    PtrMap def;                /* the kernel's variable -> its top-level scalar definition's value */
    uint32_t nodes;
    int failed;
} Recompute;

/* e in the kernel, as an expression of the call's arguments. */
static const IrExpr *in_caller(void *data, const IrExpr *e)
{
    Recompute *R = data;
    const IrExpr *x;
    if (R->failed || ++R->nodes > MOST_NODES) {
        R->failed = 1;
        return e;
    }
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
        for (uint32_t i = 0; i < R->kernel->nparams; i++)
            if (&R->kernel->params[i].var->e == e)
                return i < R->call->nargs ? R->call->args[i] : (R->failed = 1, e);
        if (!(x = ptrmap_get(&R->def, e))) {
            R->failed = 1;
            return e;
        }
        return in_caller(R, x);
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
        return e;
    case EXPR_BINARY:
    case EXPR_UNARY:
        return ir_expr_map_operands(R->ir, e, in_caller, R);
    default:
        R->failed = 1;
        return e;
    }
}

/* Result `index` of the kernel call c as an expression of c's arguments,
 * of type t; NULL when the kernel computes it otherwise. */
static const IrExpr *result_in_caller(IrCtx *ir, const IrProgram *prog, const IrCall *c, uint32_t index,
                                      const IrType *t)
{
    const IrFunc *k;
    Recompute R;
    TcStmts body;
    const IrValues *ret;
    const IrExpr *x = NULL;
    if (c->callee->kind != CALLEE_GLOBAL || !(k = ir_program_find(prog, c->callee->name)) ||
        k->type != FUNC_INCORE || !k->body || t->kind != TYPE_SCALAR)
        return NULL;
    vec_init(body);
    tc_flatten(&body, k->body);
    ret = body.len && body.data[body.len - 1]->kind == STMT_RETURN ? IR_AS(IrValues, body.data[body.len - 1]) : NULL;
    if (ret && index < ret->n) {
        memset(&R, 0, sizeof R);
        R.ir = ir;
        R.kernel = k;
        R.call = c;
        ptrmap_init(&R.def);
        for (uint32_t i = 0; i + 1 < body.len; i++) {
            const IrAssign *a = body.data[i]->kind == STMT_ASSIGN ? IR_AS(IrAssign, body.data[i]) : NULL;
            if (a && a->var->type->kind == TYPE_SCALAR)
                ptrmap_put(&R.def, a->var, (void *)a->value);
        }
        x = in_caller(&R, ret->values[index]);
        if (R.failed || ir_expr_type(ir, x) != t)
            x = NULL;
        ptrmap_free(&R.def);
    }
    vec_free(body);
    return x;
}

typedef struct Results {
    IrCtx *ir;
    const IrProgram *prog;
    PtrMap calls;              /* variable -> the kernel call it holds the result (tuple) of */
    int changed;
} Results;

static int note_call(IrWalker *w, const IrStmt *s)
{
    Results *S = w->data;
    if (s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->value->kind == EXPR_CALL)
        ptrmap_put(&S->calls, IR_AS(IrAssign, s)->var, (void *)IR_AS(IrAssign, s)->value);
    return 1;
}

static const IrStmt *recompute_result(IrMutator *m, const IrStmt *s)
{
    Results *S = m->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c;
    const IrExpr *x;
    if (!a || a->var->type->kind != TYPE_SCALAR)
        return s;
    if (a->value->kind == EXPR_TUPLE_GET) {
        /* x = ret[k] */
        const IrTupleGet *g = IR_AS(IrTupleGet, a->value);
        if (!ir_is_var_like(g->tuple) || !(c = ptrmap_get(&S->calls, g->tuple)) ||
            !(x = result_in_caller(S->ir, S->prog, c, g->index, a->var->type)))
            return s;
        S->changed = 1;
        return ir_assign(S->ir, a->var, x, s->span);
    }
    if (a->value->kind == EXPR_CALL) {
        /* x = kernel(...) with one scalar result: the call stays, for what it stores. */
        const IrStmt *two[2];
        c = IR_AS(IrCall, a->value);
        if (!(x = result_in_caller(S->ir, S->prog, c, 0, a->var->type)))
            return s;
        two[0] = ir_eval(S->ir, a->value, s->span);
        two[1] = ir_assign(S->ir, a->var, x, s->span);
        S->changed = 1;
        return ir_seq(S->ir, STMT_SEQ, 2, two, s->span);
    }
    return s;
}

const IrFunc *tc_scalar_results(IrCtx *ir, const IrProgram *prog, const IrFunc *f)
{
    Results S;
    IrWalker w;
    IrMutator m;
    const IrStmt *body;
    if (f->type != FUNC_ORCHESTRATION || !f->body)
        return f;
    memset(&S, 0, sizeof S);
    S.ir = ir;
    S.prog = prog;
    ptrmap_init(&S.calls);
    memset(&w, 0, sizeof w);
    w.pre_stmt = note_call;
    w.data = &S;
    ir_walk_func(&w, f);
    memset(&m, 0, sizeof m);
    m.ctx = ir;
    m.stmt = recompute_result;
    m.data = &S;
    body = ir_mutate_stmt(&m, f->body);
    ptrmap_free(&S.calls);
    if (!S.changed)
        return f;
    return ir_func_new(ir, f->name, (FuncType)f->type, f->nparams, f->params, f->nret, f->ret_types,
                       tc_splice(ir, body), f->span);
}
