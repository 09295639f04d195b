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
#include "passes/2_tensor/tensor_conv.h"
#include "support/xalloc.h"
#include "targets/arch.h"

#include <string.h>

/* The expression is copied as a tree, once per use: bound its size. */
#define MOST_NODES 64

/* What a kernel's scalar results are made of, found once per kernel. */
typedef struct KernelScalars {
    const IrValues *ret;       /* the return that ends its body, or NULL */
    PtrMap def;                /* variable -> the value of its top-level scalar definition */
} KernelScalars;

typedef struct Recompute {
    IrCtx *ir;
    const IrFunc *kernel;
    const IrCall *call;
    const PtrMap *def;         /* the kernel's KernelScalars.def */
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
        if (!(x = ptrmap_get(R->def, e))) {
            R->failed = 1;
            return e;
        }
        return in_caller(R, x);
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
        return e;
    case EXPR_CALL:   /* a value of the machine, as a constant is (the invalid task id) */
        if (ir_call_is_atom(e))
            return e;
        R->failed = 1;
        return e;
    case EXPR_BINARY:
    case EXPR_UNARY:
        return ir_expr_map_operands(R->ir, e, in_caller, R);
    default:
        R->failed = 1;
        return e;
    }
}

typedef struct Results {
    IrCtx *ir;
    const IrProgram *prog;
    PtrMap calls;              /* variable -> the kernel call it holds the result (tuple) of */
    PtrMap kernels;            /* kernel -> its KernelScalars */
    VEC(KernelScalars *) made;
    int changed;
} Results;

static const KernelScalars *kernel_scalars(Results *S, const IrFunc *k)
{
    KernelScalars *K = ptrmap_get(&S->kernels, k);
    TcStmts body;
    if (K)
        return K;
    K = xmalloc(sizeof *K);
    ptrmap_init(&K->def);
    vec_init(body);
    pass_flatten(&body, k->body);
    K->ret = body.len && body.data[body.len - 1]->kind == STMT_RETURN ? IR_AS(IrValues, body.data[body.len - 1])
                                                                     : NULL;
    for (uint32_t i = 0; K->ret && i + 1 < body.len; i++) {
        const IrAssign *a = body.data[i]->kind == STMT_ASSIGN ? IR_AS(IrAssign, body.data[i]) : NULL;
        if (a && a->var->type->kind == TYPE_SCALAR)
            ptrmap_put(&K->def, a->var, (void *)a->value);
    }
    vec_free(body);
    ptrmap_put(&S->kernels, k, K);
    vec_push(S->made, K);
    return K;
}

/* Result `index` of the kernel call c as an expression of c's arguments,
 * of type t; NULL when the kernel computes it otherwise. */
static const IrExpr *result_in_caller(Results *S, const IrCall *c, uint32_t index, const IrType *t)
{
    const IrFunc *k;
    const KernelScalars *K;
    Recompute R;
    const IrExpr *x;
    if (c->callee->kind != CALLEE_GLOBAL || !(k = ir_program_find(S->prog, c->callee->name)) ||
        ir_kernel_kind(k) == KERNEL_NONE || !k->body || t->kind != TYPE_SCALAR)
        return NULL;
    K = kernel_scalars(S, k);
    if (!K->ret || index >= K->ret->n)
        return NULL;
    memset(&R, 0, sizeof R);
    R.ir = S->ir;
    R.kernel = k;
    R.call = c;
    R.def = &K->def;
    x = in_caller(&R, K->ret->values[index]);
    return R.failed || ir_expr_type(S->ir, x) != t ? NULL : x;
}

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
            !(x = result_in_caller(S, c, g->index, a->var->type)))
            return s;
        S->changed = 1;
        return ir_assign(S->ir, a->var, x, s->span);
    }
    if (a->value->kind == EXPR_CALL) {
        /* x = kernel(...) with one scalar result: the call stays, for what it stores. */
        const IrStmt *two[2];
        c = IR_AS(IrCall, a->value);
        if (!(x = result_in_caller(S, c, 0, a->var->type)))
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
    if (!func_type_is_orchestration((FuncType)f->type) || !f->body)
        return f;
    memset(&S, 0, sizeof S);
    S.ir = ir;
    S.prog = prog;
    ptrmap_init(&S.calls);
    ptrmap_init(&S.kernels);
    vec_init(S.made);
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
    ptrmap_free(&S.kernels);
    for (uint32_t i = 0; i < S.made.len; i++) {
        ptrmap_free(&S.made.data[i]->def);
        xfree(S.made.data[i]);
    }
    vec_free(S.made);
    if (!S.changed)
        return f;
    return ir_func_rebuild(ir, f, f->nparams, f->params, f->nret, f->ret_types,
                       tc_splice(ir, body));
}

/* A kernel hands its results back in global memory: a tile lives in a
 * core's buffers and cannot reach the function that launched the kernel.
 * A kernel of block ops that does (an outlined scope, before a later
 * pass fuses it) stays as written; one that this pass converts would
 * leave its caller a tile of another type. */
typedef struct TileResults {
    PassCtx *pc;
    const IrProgram *prog;
    const IrFunc *caller;
    int ok;
} TileResults;

static int tile_result_expr(IrWalker *w, const IrExpr *e)
{
    TileResults *T = w->data;
    const IrCall *c = e->kind == EXPR_CALL ? IR_AS(IrCall, e) : NULL;
    const IrFunc *g = c && c->callee->kind == CALLEE_GLOBAL ? ir_program_find(T->prog, c->callee->name) : NULL;
    if (!g || !func_type_is_kernel((FuncType)g->type) || !tc_has_tensor_ops(g))
        return 1;
    for (uint32_t i = 0; i < g->nret; i++)
        if (g->ret_types[i]->kind == TYPE_TILE) {
            diag_error(T->pc->diag, e->span,
                       "%s function '%s' returns a tile to '%s', which runs off the core: a kernel gives back its "
                       "results in tensors (pl.store the tile into a pl.Out tensor and return that)",
                       func_type_name((FuncType)g->type), g->name, T->caller->name);
            T->ok = 0;
            break;
        }
    return 1;
}

int tc_check_tile_results(PassCtx *pc, const IrProgram *prog)
{
    TileResults T = {pc, prog, NULL, 1};
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = tile_result_expr;
    w.data = &T;
    for (uint32_t i = 0; i < prog->n; i++)
        if (!func_type_is_kernel((FuncType)prog->funcs[i]->type)) {
            T.caller = prog->funcs[i];
            ir_walk_func(&w, T.caller);
        }
    return T.ok;
}
