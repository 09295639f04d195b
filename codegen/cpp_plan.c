/* cpp_plan.c: the plan of a C++ program, computed once per output and
 * read by the orchestration emitter, the single translation unit's
 * program table and kernel_config.py: the Orchestration function, the
 * kernels with their func ids, what each kernel does with its parameters,
 * and the Orchestration function's argument slots with the created
 * tensors that are their buffers (cpp_orch_slots.c traces those).
 *
 * The plan reads the IR, not the kernels' lowered lists (lower_list.h):
 * the walks of the Orchestration function (the kernels it calls, the
 * definitions cpp_orch_slots.c traces) are of code that is never
 * lowered, and what a kernel does with its parameters (cpp_param_use)
 * is a fact of its interface that the orchestration file and
 * kernel_config.py need in runs that lower no kernel (--output-dir
 * writes each on its own); it also reads the kernel's return, which
 * the lowering leaves out. */
#include "config.h"
#include "codegen/cpp_emit.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/xalloc.h"

#include <string.h>

/* ------------------------------------------------------ kernels and ids */

typedef struct IdScan {
    const IrProgram *prog;
    CppKernel *k;
    uint32_t n;
    PtrMap seen;        /* callee name -> non-NULL once numbered */
} IdScan;

static void add_kernel(IdScan *s, const IrFunc *f, int called)
{
    KernelKind kind = ir_kernel_kind(f);
    if (kind == KERNEL_NONE || ptrmap_get(&s->seen, f->name))
        return;
    ptrmap_put(&s->seen, f->name, (void *)f);
    s->k[s->n].f = f;
    s->k[s->n].kind = kind;
    s->k[s->n].id = (int32_t)s->n;
    s->k[s->n].called = called;
    s->n++;
}

static int scan_call(IrWalker *w, const IrExpr *e)
{
    IdScan *s = w->data;
    if (e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL) {
        const IrFunc *f = ir_program_find(s->prog, IR_AS(IrCall, e)->callee->name);
        if (f)
            add_kernel(s, f, 1);
    }
    return 1;
}

/* The kernels in order of first call from orchs[0], orchs[1], ... (their
 * code is never lowered: the walk is the only reading of it), then the
 * others. */
static uint32_t kernels_of(const IrProgram *prog, const IrFunc *const *orchs, uint32_t norchs, CppKernel *k)
{
    IdScan s;
    s.prog = prog;
    s.k = k;
    s.n = 0;
    ptrmap_init(&s.seen);
    for (uint32_t i = 0; i < norchs; i++) {
        IrWalker w;
        memset(&w, 0, sizeof w);
        w.pre_expr = scan_call;
        w.data = &s;
        ir_walk_func(&w, orchs[i]);
    }
    for (uint32_t i = 0; i < prog->n; i++)
        add_kernel(&s, prog->funcs[i], 0);
    ptrmap_free(&s.seen);
    return s.n;
}

uint32_t cpp_kernels(const IrProgram *prog, const IrFunc *orch, CppKernel *k)
{
    return kernels_of(prog, &orch, orch ? 1 : 0, k);
}

/* -------------------------------------------------- parameter use */

typedef struct UseScan {
    const IrFunc *k;
    CppDefs defs;
    PtrMap stored, loaded;     /* parameter IrVar -> non-NULL */
} UseScan;

/* The tensor a store's call (block.store, block.l0c_store, a scatter:
 * the op table's RES_ARG3 and RES_ARG2) writes, and a load's (a gather
 * from memory too) reads; NULL for other expressions. */
static const IrExpr *stored_tensor(const IrExpr *x)
{
    const OpDef *op = x && x->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, x)->callee) : NULL;
    int at = !op ? -1 : op_traits(op)->result == RES_ARG3 ? 3 : op_traits(op)->result == RES_ARG2 ? 2 : -1;
    return at >= 0 && (uint32_t)at < IR_AS(IrCall, x)->nargs && op->category == OPC_BLOCK ? IR_AS(IrCall, x)->args[at]
                                                                                           : NULL;
}

static const IrExpr *loaded_tensor(const IrExpr *x)
{
    const OpDef *op = x && x->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, x)->callee) : NULL;
    if (op && op->cls == OPCL_GATHER_ROW && IR_AS(IrCall, x)->nargs > 1)
        return IR_AS(IrCall, x)->args[1];   /* the tensor a gather_row reads */
    return op && (op->cls == OPCL_LOAD || op->cls == OPCL_MGATHER) ? IR_AS(IrCall, x)->args[0] : NULL;
}

/* The parameter tensor variable v is (a store's result is its output
 * tensor; loop-carried values start as their init); NULL if none. */
static const IrVar *param_of(const UseScan *S, const IrExpr *x)
{
    for (uint32_t steps = 0; x && ir_is_var_like(x) && steps < 100000; steps++) {
        const IrVar *v = IR_AS(IrVar, x);
        for (uint32_t i = 0; i < S->k->nparams; i++)
            if (S->k->params[i].var == v)
                return v;
        x = x->kind == EXPR_ITER_ARG ? IR_AS(IrIterArg, x)->init : ptrmap_get(&S->defs.def, v);
        if (stored_tensor(x))
            x = stored_tensor(x);
    }
    return NULL;
}

static int defs_stmt(IrWalker *w, const IrStmt *s)
{
    CppDefs *D = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        ptrmap_put(&D->def, IR_AS(IrAssign, s)->var, (void *)IR_AS(IrAssign, s)->value);
        break;
    case STMT_FOR:
    case STMT_WHILE: {
        const IrFor *f = s->kind == STMT_FOR ? IR_AS(IrFor, s) : NULL;
        const IrWhile *wl = f ? NULL : IR_AS(IrWhile, s);
        uint32_t n = f ? f->niter : wl->niter;
        const IrValues *y = ir_body_yield(f ? f->body : wl->body);
        for (uint32_t i = 0; i < n; i++) {
            const IrVar *r = f ? f->ret[i] : wl->ret[i];
            ptrmap_put(&D->def, r, (void *)(f ? f->iter_args[i] : wl->iter_args[i])->init);
            if (y && i < y->n)
                ptrmap_put(&D->yielded, r, (void *)y->values[i]);
        }
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrValues *yt = ir_body_yield(f->then_body), *ye = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t i = 0; i < f->nret; i++) {
            if (yt && i < yt->n)
                ptrmap_put(&D->def, f->ret[i], (void *)yt->values[i]);
            if (ye && i < ye->n)
                ptrmap_put(&D->other, f->ret[i], (void *)ye->values[i]);
        }
        break;
    }
    case STMT_RETURN:
        if (!D->ret)
            D->ret = IR_AS(IrValues, s);
        break;
    default:
        break;
    }
    return 1;
}

/* For the Orchestration function (cpp_orch_slots.c) and for a kernel's
 * parameter use (cpp_param_use): see the top of this file for why that
 * is not the lowered list. */
void cpp_defs_init(CppDefs *d, const IrFunc *f)
{
    IrWalker w;
    memset(d, 0, sizeof *d);
    ptrmap_init(&d->def);
    ptrmap_init(&d->yielded);
    ptrmap_init(&d->other);
    memset(&w, 0, sizeof w);
    w.pre_stmt = defs_stmt;
    w.data = d;
    ir_walk_func(&w, f);
}

void cpp_defs_free(CppDefs *d)
{
    ptrmap_free(&d->def);
    ptrmap_free(&d->yielded);
    ptrmap_free(&d->other);
}

static int use_expr(IrWalker *w, const IrExpr *e)
{
    UseScan *S = w->data;
    const IrVar *p;
    if (loaded_tensor(e) && (p = param_of(S, loaded_tensor(e))))
        ptrmap_put(&S->loaded, p, (void *)p);
    if (stored_tensor(e) && (p = param_of(S, stored_tensor(e))))
        ptrmap_put(&S->stored, p, (void *)p);
    return 1;
}

/* Kernel k's body is walked here, once per kernel (cached), whether or
 * not the run lowers it: see the top of this file. */
const CppParamUse *cpp_param_use(IrCtx *ir, const IrFunc *k, PtrMap *cache)
{
    CppParamUse *u = ptrmap_get(cache, k);
    UseScan S;
    IrWalker w;
    if (u)
        return u;
    memset(&S, 0, sizeof S);
    S.k = k;
    /* Definitions first: a load may name a value defined after it in the
     * walk (a loop's return variable, defined at the loop). */
    cpp_defs_init(&S.defs, k);
    ptrmap_init(&S.stored);
    ptrmap_init(&S.loaded);
    memset(&w, 0, sizeof w);
    w.pre_expr = use_expr;
    w.data = &S;
    ir_walk_func(&w, k);
    u = arena_alloc(&ir->arena, sizeof *u);
    u->nparams = k->nparams;
    u->nret = S.defs.ret ? S.defs.ret->n : 0;
    u->dir = arena_array(&ir->arena, k->nparams + 1, sizeof *u->dir);
    u->ret = arena_array(&ir->arena, u->nret + 1, sizeof *u->ret);
    for (uint32_t i = 0; i < k->nparams; i++) {
        const IrVar *p = k->params[i].var;
        int d = k->params[i].dir == DIR_OUT ? CPP_ARG_OUT : k->params[i].dir == DIR_INOUT ? CPP_ARG_INOUT : CPP_ARG_IN;
        if (d == CPP_ARG_IN && ptrmap_get(&S.stored, p))
            d = ptrmap_get(&S.loaded, p) ? CPP_ARG_INOUT : CPP_ARG_OUT;
        u->dir[i] = d;
    }
    for (uint32_t j = 0; j < u->nret; j++) {
        const IrVar *p = param_of(&S, S.defs.ret->values[j]);
        u->ret[j] = -1;
        for (uint32_t i = 0; p && i < k->nparams; i++)
            if (k->params[i].var == p)
                u->ret[j] = (int)i;
    }
    cpp_defs_free(&S.defs);
    ptrmap_free(&S.stored);
    ptrmap_free(&S.loaded);
    ptrmap_put(cache, k, u);
    return u;
}

/* A per-rank dispatch, f(..., device=r), of host orchestration: the
 * first one's span. */
static int find_dispatch(IrWalker *w, const IrExpr *e)
{
    Span *at = w->data;
    if (span_is_known(*at))
        return 0;
    if (e->kind == EXPR_CALL && ir_call_device_arg(IR_AS(IrCall, e)) >= 0)
        *at = e->span;
    return 1;
}

uint32_t cpp_orchestrations(const IrProgram *prog, const IrFunc **o)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < prog->n; i++)
        if (func_type_is_orchestration((FuncType)prog->funcs[i]->type))
            o[n++] = prog->funcs[i];
    return n;
}

const IrFunc *cpp_orchestration(const IrProgram *prog, DiagEngine *diag, int *bad, const IrFunc **host, Span *at_out)
{
    const IrFunc *orch = NULL;
    int multi = 0;
    if (host)
        *host = NULL;
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        Span at = span_unknown();
        IrWalker w;
        memset(&w, 0, sizeof w);
        w.pre_expr = find_dispatch;
        w.data = &at;
        ir_walk_func(&w, f);
        if (span_is_known(at) && host && !*host) {
            /* Host orchestration of a multi-rank program: cpp_host.c
             * reads it, with every Orchestration function it launches. */
            *host = f;
            *at_out = at;
            multi = 1;
        } else if (span_is_known(at)) {
            diag_error(diag, at,
                       host ? "a second host function that dispatches to ranks (device=); C++ output takes one"
                            : "host orchestration that dispatches to ranks (device=) has no form in this output: "
                              "--emit=cpp writes the multi-rank program in one translation unit");
            *bad = 1;
        }
    }
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        if (!func_type_is_orchestration((FuncType)f->type))
            continue;
        if (!orch) {
            orch = f;
            continue;
        }
        if (multi)
            continue;
        diag_error(diag, f->span,
                   "a second Orchestration function '%s'; C++ output takes at most one per program", f->name);
        diag_note(diag, orch->span, "the first is '%s'", orch->name);
        *bad = 1;
    }
    return orch;
}

/* ------------------------------------------------------------ the plan */

void cpp_plan_init(CppPlan *p, IrCtx *ir, const IrProgram *prog, const IrFunc *orch)
{
    memset(p, 0, sizeof *p);
    p->ir = ir;
    p->prog = prog;
    p->orch = orch;
    p->kernels = xcalloc(prog->n ? prog->n : 1, sizeof *p->kernels);
    p->nkernels = cpp_kernels(prog, p->orch, p->kernels);
    ptrmap_init(&p->by_name);
    ptrmap_init(&p->uses);
    ptrmap_init(&p->roots);
    for (uint32_t i = 0; i < p->nkernels; i++)
        ptrmap_put(&p->by_name, p->kernels[i].f->name, &p->kernels[i]);
}

void cpp_plan_init_orchs(CppPlan *p, IrCtx *ir, const IrProgram *prog, const IrFunc *const *orchs, uint32_t n)
{
    cpp_plan_init(p, ir, prog, NULL);
    p->orch = n ? orchs[0] : NULL;
    ptrmap_free(&p->by_name);
    ptrmap_init(&p->by_name);
    p->nkernels = kernels_of(prog, orchs, n, p->kernels);
    for (uint32_t i = 0; i < p->nkernels; i++)
        ptrmap_put(&p->by_name, p->kernels[i].f->name, &p->kernels[i]);
}

void cpp_plan_sub_init(CppPlan *p, const CppPlan *whole, const IrFunc *orch)
{
    *p = *whole;   /* the kernels, their ids and by_name are whole's, read only */
    p->orch = orch;
    p->slots_state = 0;
    p->slots = NULL;
    p->nslots = 0;
    ptrmap_init(&p->uses);
    ptrmap_init(&p->roots);
}

void cpp_plan_sub_free(CppPlan *p)
{
    ptrmap_free(&p->uses);
    ptrmap_free(&p->roots);
}

void cpp_plan_free(CppPlan *p)
{
    xfree(p->kernels);
    ptrmap_free(&p->by_name);
    ptrmap_free(&p->uses);
    ptrmap_free(&p->roots);
}

const CppKernel *cpp_plan_kernel(const CppPlan *p, const char *name) { return ptrmap_get(&p->by_name, name); }

const CppParamUse *cpp_plan_use(CppPlan *p, const IrFunc *k) { return cpp_param_use(p->ir, k, &p->uses); }

int cpp_plan_slots(CppPlan *p, DiagEngine *diag)
{
    if (!p->orch)
        return -1;
    if (p->slots_state == 0)
        p->slots_state = cpp_trace_slots(p, diag) == 0 ? 1 : -1;
    return p->slots_state > 0 ? 0 : -1;
}
