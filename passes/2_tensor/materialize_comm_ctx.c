/* materialize_comm_ctx.c: MaterializeCommContext (pypto@e2d0f78a
 * docs/en/dev/distributed_ops.md, "a CommContext pointer arg threaded for
 * [each] DistributedTensor").  A kernel reaches a peer's copy of a window
 * by the addresses in its window's communication context: the rank, the
 * number of ranks and where each rank's window memory is (runtime/README.md,
 * "Ranks").  So every function below the host that takes window-bound
 * tensors (pld.DistributedTensor) gets, after its own parameters, one more
 * per such tensor, in their order: the address of that window's context
 * (Scalar INT64, named <param>_ctx), and the flag IR_FUNC_COMM_CTX that
 * says its last parameters are those.  Then:
 *
 *   - a call of such a function passes, for each window argument, the
 *     context of the caller's window it derives from;
 *   - `c = pld.system.get_comm_ctx(t)` becomes `c = <t's context>`, an
 *     INT64 scalar marked IR_EXPR_COMM_CTX, which pld.system.rank and
 *     nranks then read;
 *   - a window value derives from the first window argument of the call
 *     that makes it (a store into it, a barrier on it), from the window
 *     it is assigned (an inlined function's parameter), a loop's carried
 *     window from its initial value, an if's from what both branches
 *     give (when it is one window).
 *
 * The host's dispatch, f(..., device=r), passes each window's context as
 * pld.system.get_comm_ctx(window), a pld.CommCtxType, which a context
 * parameter takes (Verify); each rank's runtime gives it the context of
 * its own windows (codegen/cpp_ranks.c).  Functions without windows are
 * unchanged. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

#include <string.h>

typedef struct CommCtx {
    PassCtx *pc;
    const IrProgram *prog;
    PtrMap names;              /* the (interned) names the function defines, and those given since */
    PtrMap ctx_of;             /* a window-typed variable -> its context variable */
    int failed;
} CommCtx;

/* A variable named <base>_ctx (or <base>_ctx_<n>, the first that is new
 * in the function) of type t, marked as a context. */
static IrVar *context_var(CommCtx *C, const char *base, const IrType *t, Span span)
{
    StrBuf sb;
    sb_init(&sb);
    sb_printf(&sb, "%s_ctx", base);
    IrVar *v = pass_fresh_var(C->pc->ir, &C->names, sb_cstr(&sb), t, span);
    sb_free(&sb);
    v->e.flags |= IR_EXPR_COMM_CTX;
    return v;
}

/* Functions the pass gives contexts: those with windows, but not the host
 * (its windows are the runtime's: pld.window). */
static int takes_contexts(const IrFunc *f) { return f->body && f->level != LEVEL_HOST && ir_func_windows(f); }

static const IrVar *ctx_of(CommCtx *C, const IrExpr *x)
{
    return ir_is_var_like(x) ? ptrmap_get(&C->ctx_of, x) : NULL;
}

/* A window value used at `at` has no context the pass can name: a
 * located error. */
static void no_context(CommCtx *C, Span at)
{
    diag_error(C->pc->diag, at, "this window-bound tensor does not derive from one window parameter: its "
                                     "communication context is unknown");
    C->failed = 1;
}

/* A value made by call c derives from its first window argument; one
 * that names another window (v = w, as inlining binds a parameter) is
 * that window. */
static void derive(CommCtx *C, const IrVar *v, const IrExpr *value)
{
    if (ir_type_is_window(v->type) && value && ir_is_var_like(value) && ctx_of(C, value)) {
        ptrmap_put(&C->ctx_of, v, (void *)ctx_of(C, value));
        return;
    }
    if (!ir_type_is_window(v->type) || !value || value->kind != EXPR_CALL)
        return;
    const IrCall *c = IR_AS(IrCall, value);
    for (uint32_t i = 0; i < c->nargs; i++)
        if (ir_type_is_window(ir_expr_type(C->pc->ir, c->args[i]))) {
            const IrVar *k = ctx_of(C, c->args[i]);
            if (k)
                ptrmap_put(&C->ctx_of, v, (void *)k);
            return;
        }
}

/* The callee of c when it takes contexts, and the number of its windows. */
static const IrFunc *context_callee(CommCtx *C, const IrCall *c, uint32_t *nw)
{
    const IrFunc *g = c->callee->kind == CALLEE_GLOBAL ? ir_program_find(C->prog, c->callee->name) : NULL;
    *nw = 0;
    if (!g || !takes_contexts(g) || ir_call_param_args(c) != g->nparams)
        return NULL;
    *nw = ir_func_windows(g);
    return g;
}

/* A call of a function that takes contexts: its window arguments'
 * contexts appended (before the device argument, which none has below
 * the host). */
static const IrExpr *pass_contexts(CommCtx *C, const IrCall *c)
{
    uint32_t nw, n = 0;
    const IrFunc *g = ir_call_device_arg(c) < 0 ? context_callee(C, c, &nw) : NULL;
    if (!g)
        return NULL;   /* (a wrong arity is Verify's to report) */
    const IrExpr **args = arena_array(&C->pc->ir->arena, (size_t)c->nargs + nw, sizeof *args);
    for (uint32_t i = 0; i < c->nargs; i++)
        args[n++] = c->args[i];
    for (uint32_t i = 0; i < g->nparams; i++) {
        const IrVar *k;
        if (!ir_type_is_window(g->params[i].var->type))
            continue;
        if (!(k = ctx_of(C, c->args[i]))) {
            no_context(C, c->e.span);
            return NULL;
        }
        args[n++] = &k->e;
    }
    return ir_call(C->pc->ir, c->callee, n, args, c->nkwargs, c->kwargs, c->type, c->e.span);
}

/* The host's statement s, a dispatch f(..., device=r) of a function that
 * takes contexts, as `k_i = pld.system.get_comm_ctx(w_i)` for each window
 * argument, then the dispatch with the k_i before its device argument;
 * appended to out.  0 when s is no such dispatch. */
static int host_dispatch(CommCtx *C, const IrStmt *s, const IrStmt **out, uint32_t *n)
{
    const IrExpr *value = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value
                          : s->kind == STMT_EVAL ? IR_AS(IrEval, s)->expr
                                                 : NULL;
    const IrCall *c = value && value->kind == EXPR_CALL ? IR_AS(IrCall, value) : NULL;
    const IrFunc *g;
    uint32_t nw, k = 0, dev;
    IrCtx *ir = C->pc->ir;
    if (!c || ir_call_device_arg(c) < 0 || !(g = context_callee(C, c, &nw)))
        return 0;
    dev = (uint32_t)ir_call_device_arg(c);
    const IrExpr **args = arena_array(&ir->arena, (size_t)c->nargs + nw, sizeof *args);
    IrKwarg *kw = arena_array(&ir->arena, (size_t)c->nkwargs + 1, sizeof *kw);
    for (uint32_t i = 0; i < dev; i++)
        args[k++] = c->args[i];
    for (uint32_t i = 0; i < g->nparams; i++) {
        if (!ir_type_is_window(g->params[i].var->type))
            continue;
        const IrExpr *w = c->args[i];
        const IrExpr *get = ir_call(ir, &op_by_id(OP_PLD_SYSTEM_GET_COMM_CTX)->callee, 1, &w, 0, NULL,
                                    ir_type_comm_ctx(ir), w->span);
        IrVar *v = context_var(C, ir_is_var_like(w) ? IR_AS(IrVar, w)->name : g->params[i].var->name,
                               ir_type_comm_ctx(ir), w->span);
        out[(*n)++] = ir_assign(ir, v, get, s->span);
        args[k++] = &v->e;
    }
    for (uint32_t i = dev; i < c->nargs; i++)
        args[k++] = c->args[i];
    for (uint32_t i = 0; i < c->nkwargs; i++) {
        kw[i] = c->kwargs[i];
        if (strcmp(kw[i].key, "device") == 0 && kw[i].kind == KW_INT)
            kw[i].v.i += nw;   /* it names the device argument by its place */
    }
    const IrExpr *call = ir_call(ir, c->callee, k, args, c->nkwargs, ir_kwargs_intern(ir, c->nkwargs, kw), c->type,
                                 c->e.span);
    out[(*n)++] = s->kind == STMT_ASSIGN ? ir_assign(ir, IR_AS(IrAssign, s)->var, call, s->span)
                                         : ir_eval(ir, call, s->span);
    return 1;
}

static const IrStmt *host_stmt(IrMutator *m, const IrStmt *s)
{
    CommCtx *C = m->data;
    uint32_t n = 0, nw;
    size_t cap;
    if (s->kind != STMT_SEQ)
        return s;
    const IrSeq *q = IR_AS(IrSeq, s);
    cap = q->n + 1;
    for (uint32_t i = 0; i < q->n; i++) {
        const IrCall *c = ir_stmt_call(q->stmts[i]);
        if (c && ir_call_device_arg(c) >= 0 && context_callee(C, c, &nw))
            cap += nw;
    }
    const IrStmt **out = arena_array(&m->ctx->arena, cap, sizeof *out);
    int changed = 0;
    for (uint32_t i = 0; i < q->n; i++)
        if (host_dispatch(C, q->stmts[i], out, &n))
            changed = 1;
        else
            out[n++] = q->stmts[i];
    return changed ? ir_seq(m->ctx, STMT_SEQ, n, out, s->span) : s;
}

static const IrStmt *comm_stmt(IrMutator *m, const IrStmt *s)
{
    CommCtx *C = m->data;
    if (s->kind == STMT_FOR || s->kind == STMT_WHILE) {
        uint32_t n = s->kind == STMT_FOR ? IR_AS(IrFor, s)->niter : IR_AS(IrWhile, s)->niter;
        const IrIterArg *const *it = s->kind == STMT_FOR ? IR_AS(IrFor, s)->iter_args : IR_AS(IrWhile, s)->iter_args;
        const IrVar *const *ret = s->kind == STMT_FOR ? IR_AS(IrFor, s)->ret : IR_AS(IrWhile, s)->ret;
        for (uint32_t i = 0; i < n; i++) {
            const IrVar *k = ctx_of(C, it[i]->init);
            if (k && ret && ret[i])
                ptrmap_put(&C->ctx_of, ret[i], (void *)k);
        }
        return s;
    }
    if (s->kind == STMT_IF) {
        /* an if's result of window type: the context both branches give */
        const IrIf *f = IR_AS(IrIf, s);
        const IrValues *a = ir_body_yield(f->then_body), *b = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t i = 0; a && b && i < f->nret && i < a->n && i < b->n; i++) {
            const IrVar *ka = ctx_of(C, a->values[i]), *kb = ctx_of(C, b->values[i]);
            if (ka && ka == kb)
                ptrmap_put(&C->ctx_of, f->ret[i], (void *)ka);
        }
        return s;
    }
    if (s->kind != STMT_ASSIGN && s->kind != STMT_EVAL)
        return s;
    const IrExpr *value = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value : IR_AS(IrEval, s)->expr;
    const IrExpr *call = value && value->kind == EXPR_CALL ? pass_contexts(C, IR_AS(IrCall, value)) : NULL;
    if (s->kind == STMT_EVAL)
        return call ? ir_eval(m->ctx, call, s->span) : s;
    const IrVar *v = IR_AS(IrAssign, s)->var;
    const OpDef *op = value && value->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, value)->callee) : NULL;
    if (op && op->id == OP_PLD_SYSTEM_GET_COMM_CTX) {
        const IrCall *c = IR_AS(IrCall, value);
        const IrVar *k = c->nargs ? ctx_of(C, c->args[0]) : NULL;
        if (!k) {
            no_context(C, c->e.span);
            return s;
        }
        IrVar *nv = ir_var_new(m->ctx, v->name, k->type, v->e.span);
        nv->e.flags |= IR_EXPR_COMM_CTX;
        ir_mutator_replace(m, v, &nv->e);
        return ir_assign(m->ctx, nv, &k->e, s->span);
    }
    derive(C, v, value);
    return call ? ir_assign(m->ctx, v, call, s->span) : s;
}

/* Iter args carry their initial value's context into the body. */
static const IrExpr *comm_expr(IrMutator *m, const IrExpr *e)
{
    CommCtx *C = m->data;
    if (e->kind == EXPR_ITER_ARG && ir_type_is_window(IR_AS(IrIterArg, e)->v.type)) {
        const IrVar *k = ctx_of(C, IR_AS(IrIterArg, e)->init);
        if (k)
            ptrmap_put(&C->ctx_of, e, (void *)k);
    }
    return e;
}

static int returns_context(const IrFunc *f)
{
    for (uint32_t i = 0; i < f->nret; i++)
        if (f->ret_types[i]->kind == TYPE_COMM_CTX)
            return 1;
    return 0;
}

static const IrFunc *materialize(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    CommCtx C;
    IrMutator m;
    IrParam *params;
    uint32_t n = 0, nw = 0;
    const IrStmt *body;
    (void)data;
    if (!f->body)
        return f;
    if (f->level != LEVEL_HOST && returns_context(f)) {
        /* a context is the address of its window's: no value of the
         * outputs a function hands back */
        diag_error(pc->diag, f->span,
                   "'%s' returns a communication context, which has no PTO or C++ form: a function below the "
                   "host passes its windows, and reads ranks from their contexts itself",
                   f->name);
        return NULL;
    }
    memset(&C, 0, sizeof C);
    C.pc = pc;
    C.prog = prog;
    ptrmap_init(&C.names);
    pass_names_of(f, &C.names);
    if (f->level == LEVEL_HOST) {
        memset(&m, 0, sizeof m);
        m.ctx = pc->ir;
        m.stmt = host_stmt;
        m.data = &C;
        body = ir_mutate_stmt(&m, f->body);
        ptrmap_free(&C.names);
        return body == f->body ? f : ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
    }
    ptrmap_init(&C.ctx_of);
    nw = ir_func_windows(f);
    params = arena_array(&pc->ir->arena, (size_t)f->nparams + nw + 1, sizeof *params);
    for (uint32_t i = 0; i < f->nparams; i++)
        params[n++] = f->params[i];
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *p = f->params[i].var;
        if (!ir_type_is_window(p->type))
            continue;
        IrVar *k = context_var(&C, p->name, ir_type_scalar(pc->ir, DT_INT64), p->e.span);
        params[n++] = (IrParam){k, DIR_IN};
        ptrmap_put(&C.ctx_of, p, k);
    }
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = comm_stmt;
    m.expr = comm_expr;
    m.data = &C;
    body = ir_mutate_stmt(&m, f->body);
    ptrmap_free(&C.ctx_of);
    ptrmap_free(&C.names);
    if (C.failed)
        return NULL;
    if (!nw && body == f->body)
        return f;
    IrFunc *g = ir_func_rebuild(pc->ir, f, n, params, f->nret, f->ret_types, body);
    if (nw)
        g->flags |= IR_FUNC_COMM_CTX;
    return g;
}

const IrProgram *pass_materialize_comm_ctx(PassCtx *pc, const IrProgram *prog)
{
    for (uint32_t i = 0; i < prog->n; i++)
        if (takes_contexts(prog->funcs[i]) || (prog->funcs[i]->level != LEVEL_HOST && returns_context(prog->funcs[i])))
            return pass_map_functions_with(pc, prog, materialize, NULL, MAP_CONTINUE);
    return prog;
}
