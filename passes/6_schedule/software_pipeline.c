/* software_pipeline.c: SoftwarePipeline (-O2; seed 05 section 8 step 5).
 *
 * A kernel loop whose iterations load, compute and store tiles of their
 * own runs, once synchronised, as load i, compute i, store i, load i+1...
 * with each pipe waiting for the others: the tiles of step i+1 are the
 * tiles of step i, so the load of i+1 must wait until the compute of i
 * has read them.  This pass gives every other step a second set of
 * buffers (ping-pong): the loop is unrolled twice, the second copy of the
 * body (pong) has its own MemRef for every tile that the body defines, and
 * the copies' dependencies are then only the ones between iterations two
 * apart.  InsertSync turns those into flag pairs across the back edge,
 * with ping's event ids and pong's apart, so the load of step i+1 and the
 * store of step i-1 overlap the compute of step i; PTOAS does the same
 * with --enable-insert-sync for the MLIR.
 *
 *   for i in range(a, b, s): B(i)       (n = trip count)
 * becomes, for n even,
 *   for i in range(a, a + n*s, 2*s): B(i); B'(i + s)
 * and for n odd the first step is peeled off (on the pong buffers, so the
 * loop's first ping step need not wait for it) and the loop starts at
 * a + s.  B' is B with fresh SSA names and the pong MemRefs; its iter_args
 * are the values B yields; the loop's return variables stay as they are.
 *
 * A loop qualifies when it is in a kernel, its body is straight-line code
 * (no nested loop or if: an outer loop's inner loops are the candidates)
 * with tile work on at least two pipes, and then only if
 *  - its trip count is a compile-time constant, at least 2;
 *  - its body has no explicit synchronisation;
 *  - it defines a tile of its own to double: a MemRef that neither a
 *    carried value (iter_arg, yielded or return value) nor a value
 *    defined before the loop and read in it uses, of constant size;
 *  - the doubled buffers fit the capacities of --arch: every on-chip
 *    MemRef of the function and the Vec scratch region (as
 *    AllocateMemoryAddr will place them) plus the pong copies, per space.
 * Otherwise the loop stays as it is and -Wpipelining says why.  Results do
 * not change: each copy computes what its step computed, from the same
 * values, in the same order per pipe.
 *
 * Runs after MemoryReuse (whose sharing each copy keeps: the pong copy
 * maps each shared MemRef to one clone) and before AllocateMemoryAddr
 * (which places the clones) and InsertSync. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

typedef PassStmts StmtVec;
typedef VEC(const IrMemRef *) MemRefVec;

typedef struct Pipeliner {
    PassCtx *pc;
    IrCtx *ir;
    PtrMap names;             /* every name defined in the function -> 1 */
    PtrMap stems;             /* interned stem -> next suffix to try */
    uint32_t next_ref_id;
    uint64_t used[MS_COUNT];  /* bytes the planned memory takes per space */
    uint64_t scratch;         /* the Vec scratch region AllocateMemoryAddr adds */
    PtrMap counted;           /* on-chip MemRef -> 1 once in used[] */
    MemRefVec clones;         /* MemRefs this function gained */
    const OpDef *alloc_op;
    int failed;               /* an error was reported */
} Pipeliner;

/* What one copy of a loop body becomes. */
typedef struct Copy {
    PtrMap subst;             /* expression -> replacement (uses) */
    const PtrMap *memrefs;    /* MemRef -> its pong clone, or NULL */
    int rename;               /* give each definition a fresh name */
} Copy;

/* x rounded up to the alignment of space ms, as AllocateMemoryAddr places
 * buffers. */
static uint64_t align_up(uint64_t x, int ms)
{
    uint64_t a = target_align((MemorySpace)ms);
    return (x + (a - 1)) / a * a;
}

/* ---------------------------------------------------- the function's facts */

static void count_memref(Pipeliner *P, const IrType *t)
{
    const IrMemRef *m;
    if (!ir_type_is_shaped(t) || !(m = t->memref))
        return;
    if (m->ref_id >= P->next_ref_id)
        P->next_ref_id = m->ref_id + 1;
    if (m->space == MS_DDR || ptrmap_get(&P->counted, m))
        return;
    ptrmap_put(&P->counted, m, (void *)1);
    P->used[m->space] += align_up(m->size, m->space);
}

static void see_def(Pipeliner *P, const IrVar *v)
{
    ptrmap_put(&P->names, v->name, (void *)1);
    count_memref(P, v->type);
}

static void see_defs(Pipeliner *P, uint32_t n, const IrVar *const *v)
{
    for (uint32_t i = 0; i < n; i++)
        see_def(P, v[i]);
}

static int facts_stmt(IrWalker *w, const IrStmt *s)
{
    Pipeliner *P = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        if (IR_AS(IrAssign, s)->var->e.kind == EXPR_MEMREF) {
            const IrMemRef *m = (const IrMemRef *)IR_AS(IrAssign, s)->var;
            ptrmap_put(&P->names, m->v.name, (void *)1);
            if (m->ref_id >= P->next_ref_id)
                P->next_ref_id = m->ref_id + 1;
        } else {
            see_def(P, IR_AS(IrAssign, s)->var);
        }
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        see_def(P, f->loop_var);
        for (uint32_t i = 0; i < f->niter; i++)
            see_def(P, &f->iter_args[i]->v);
        see_defs(P, f->niter, f->ret);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *wh = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < wh->niter; i++)
            see_def(P, &wh->iter_args[i]->v);
        see_defs(P, wh->niter, wh->ret);
        break;
    }
    case STMT_IF:
        see_defs(P, IR_AS(IrIf, s)->nret, IR_AS(IrIf, s)->ret);
        break;
    default:
        break;
    }
    return 1;
}

/* The Vec scratch region AllocateMemoryAddr will add. */
static int facts_expr(IrWalker *w, const IrExpr *e)
{
    Pipeliner *P = w->data;
    uint64_t size;
    if (e->kind == EXPR_CALL && pass_needs_scratch(P->ir, P->pc->arch, IR_AS(IrCall, e), &size) && size > P->scratch)
        P->scratch = size;
    return 1;
}

/* ------------------------------------------------------------- copying */

/* A fresh name like v's: tile_a_0 gives tile_a_1 (or the next free one),
 * _t0 gives _t1, acc gives acc_1. */
static const char *fresh_name(Pipeliner *P, const char *name)
{
    size_t len = strlen(name), stem_len = len;
    const char *sep = "_", *stem, *r;
    uintptr_t k;
    char *buf;
    while (stem_len > 0 && name[stem_len - 1] >= '0' && name[stem_len - 1] <= '9')
        stem_len--;
    if (stem_len < len && stem_len > 1 && name[stem_len - 1] == '_')
        stem_len--;
    else if (stem_len < len && stem_len > 0)
        sep = "";
    else
        stem_len = len;
    buf = xmalloc(stem_len + 1);
    memcpy(buf, name, stem_len);
    buf[stem_len] = 0;
    stem = ir_name(P->ir, buf);
    xfree(buf);
    k = (uintptr_t)ptrmap_get(&P->stems, stem);
    for (k = k ? k : 1;; k++) {
        r = pass_versioned_name(P->ir, stem, sep, k);
        if (!ptrmap_get(&P->names, r))
            break;
    }
    ptrmap_put(&P->stems, stem, (void *)(k + 1));
    ptrmap_put(&P->names, r, (void *)1);
    return r;
}

/* What copy_expr's callbacks get: the copy and the context to build in. */
typedef struct CopyCtx {
    Copy *copy;
    IrCtx *ir;
} CopyCtx;

static const IrExpr *copy_expr(void *data, const IrExpr *e);

static const IrExpr *copy_dim(void *data, const IrExpr *e) { return copy_expr(data, e); }

/* The type with its expressions copied and, in a pong copy, its MemRef
 * replaced by its clone. */
static const IrType *copy_type(CopyCtx *X, const IrType *t)
{
    IrCtx *ir = X->ir;
    Copy *C = X->copy;
    const IrType *r = ir_type_map_exprs(ir, t, copy_dim, X);
    const IrMemRef *m;
    if (!C->memrefs || !ir_type_is_shaped(r) || !r->memref || !(m = ptrmap_get(C->memrefs, r->memref)))
        return r;
    if (r->kind == TYPE_TILE)
        return ir_type_tile(ir, (DataType)r->dtype, r->n, r->dims, m, r->tile_view);
    return ir_type_window(ir, ir_type_tensor(ir, (DataType)r->dtype, r->n, r->dims, m, r->tensor_view), ir_type_is_window(r));
}

static const IrExpr *copy_expr(void *data, const IrExpr *e)
{
    CopyCtx *X = data;
    const IrExpr *to = ptrmap_get(&X->copy->subst, e);
    if (to)
        return to;
    if (ir_is_var_like(e) || e->kind == EXPR_CONST_INT || e->kind == EXPR_CONST_FLOAT || e->kind == EXPR_CONST_BOOL)
        return e;
    if (e->kind == EXPR_CALL) {
        const IrCall *c = IR_AS(IrCall, e);
        const IrExpr **args = ir_expr_map_list(c->nargs, c->args, copy_expr, X);
        const IrType *t = c->type ? ir_type_map_exprs(X->ir, c->type, copy_dim, X) : NULL;
        const IrExpr *r;
        if (!args && t == c->type)
            return e;
        r = ir_call(X->ir, c->callee, c->nargs, args ? args : c->args, c->nkwargs, c->kwargs, t, e->span);
        xfree(args);
        return r;
    }
    return ir_expr_map_operands(X->ir, e, copy_expr, X);
}

/* Copies the statements of a straight-line body (its final yield left
 * out) into out; *yields gets the copied yield's values. */
static void copy_body(Pipeliner *P, Copy *C, const IrStmt *const *stmts, uint32_t n, StmtVec *out,
                      const IrExpr ***yields, uint32_t *nyields)
{
    CopyCtx X;
    X.copy = C;
    X.ir = P->ir;
    *yields = NULL;
    *nyields = 0;
    for (uint32_t i = 0; i < n; i++) {
        const IrStmt *s = stmts[i];
        if (s->kind == STMT_YIELD) {
            const IrValues *y = IR_AS(IrValues, s);
            const IrExpr **v = arena_array(&P->ir->arena, y->n ? y->n : 1, sizeof *v);
            for (uint32_t k = 0; k < y->n; k++)
                v[k] = copy_expr(&X, y->values[k]);
            *yields = v;
            *nyields = y->n;
        } else if (s->kind == STMT_ASSIGN) {
            const IrAssign *a = IR_AS(IrAssign, s);
            const IrExpr *value = copy_expr(&X, a->value);
            const IrType *t = copy_type(&X, a->var->type);
            const IrVar *var = a->var;
            if (C->rename || t != var->type) {
                IrVar *nv = ir_var_new(P->ir, C->rename ? fresh_name(P, var->name) : var->name, t, var->e.span);
                nv->e.flags = var->e.flags;   /* what the variable is (a context's address) */
                var = nv;
                ptrmap_put(&C->subst, a->var, (void *)&var->e);
            }
            vec_push(*out, value == a->value && var == a->var ? s : ir_assign(P->ir, var, value, s->span));
        } else if (s->kind == STMT_EVAL) {
            const IrExpr *e = copy_expr(&X, IR_AS(IrEval, s)->expr);
            vec_push(*out, e == IR_AS(IrEval, s)->expr ? s : ir_eval(P->ir, e, s->span));
        } else {
            ICE("SoftwarePipeline: statement kind %d in a straight-line body", s->kind);
        }
    }
}

/* ---------------------------------------------------------- candidates */

static int has_loop(const IrStmt *s)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_FOR:
    case STMT_WHILE:
        return 1;
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            if (has_loop(IR_AS(IrSeq, s)->stmts[i]))
                return 1;
        return 0;
    case STMT_IF:
        return has_loop(IR_AS(IrIf, s)->then_body) ||
               (IR_AS(IrIf, s)->else_body && has_loop(IR_AS(IrIf, s)->else_body));
    case STMT_SCOPE:
        return has_loop(IR_AS(IrScope, s)->body);
    default:
        return 0;
    }
}

/* Pipes that calls anywhere in s run on (a bit per PipeKind). */
static unsigned pipes_of(const IrStmt *s)
{
    const IrCall *c;
    unsigned r = 0;
    int pipe;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            r |= pipes_of(IR_AS(IrSeq, s)->stmts[i]);
        return r;
    case STMT_IF:
        return pipes_of(IR_AS(IrIf, s)->then_body) |
               (IR_AS(IrIf, s)->else_body ? pipes_of(IR_AS(IrIf, s)->else_body) : 0);
    case STMT_FOR:
        return pipes_of(IR_AS(IrFor, s)->body);
    case STMT_WHILE:
        return pipes_of(IR_AS(IrWhile, s)->body);
    case STMT_SCOPE:
        return pipes_of(IR_AS(IrScope, s)->body);
    default:
        c = ir_stmt_call(s);
        return c && (pipe = ir_call_pipe(c)) >= 0 ? 1u << pipe : 0;
    }
}

static int two_pipes(unsigned pipes) { return (pipes & (pipes - 1)) != 0; }

/* Marks the MemRef of an expression's type (a value the copies share). */
static void keep_memref(PtrMap *keep, IrCtx *ir, const IrExpr *e)
{
    const IrType *t = ir_expr_type(ir, e);
    if (ir_type_is_shaped(t) && t->memref)
        ptrmap_put(keep, t->memref, (void *)1);
}

typedef struct Uses {
    PtrMap *defined;          /* variables the body defines */
    PtrMap *keep;             /* MemRefs the copies share */
    IrCtx *ir;
} Uses;

/* A variable read in the body but defined before it: its storage is
 * shared by the copies. */
static int outside_use(IrWalker *w, const IrExpr *e)
{
    Uses *U = w->data;
    if ((e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG) && !ptrmap_get(U->defined, e))
        keep_memref(U->keep, U->ir, e);
    return 1;
}

/* A loop being pipelined: its body's statements, trip count, and the pong
 * clones of its MemRefs. */
typedef struct Loop {
    const IrFor *f;
    StmtVec stmts;            /* the body, flat, its yield last */
    int64_t start, step, n;
    PtrMap clones;            /* MemRef -> its pong clone */
    MemRefVec order;          /* the clones, in order of first definition */
    uint64_t added[MS_COUNT]; /* bytes the clones take per space */
    char why[256];            /* why it is not pipelined */
} Loop;

/* The pong clones of the body's own MemRefs; 0 with L->why set when the
 * loop cannot have them. */
static int plan_clones(Pipeliner *P, Loop *L)
{
    const IrFor *f = L->f;
    const IrValues *y = ir_body_yield(f->body);
    PtrMap keep, defined;
    IrWalker w;
    Uses U;
    ptrmap_init(&keep);
    ptrmap_init(&defined);
    for (uint32_t i = 0; i < f->niter; i++) {
        keep_memref(&keep, P->ir, &f->iter_args[i]->v.e);
        keep_memref(&keep, P->ir, &f->ret[i]->e);
    }
    for (uint32_t i = 0; y && i < y->n; i++)
        keep_memref(&keep, P->ir, y->values[i]);
    for (uint32_t i = 0; i < L->stmts.len; i++)
        if (L->stmts.data[i]->kind == STMT_ASSIGN)
            ptrmap_put(&defined, IR_AS(IrAssign, L->stmts.data[i])->var, (void *)1);
    memset(&w, 0, sizeof w);
    U.defined = &defined;
    U.keep = &keep;
    U.ir = P->ir;
    w.pre_expr = outside_use;
    w.data = &U;
    for (uint32_t i = 0; i < L->stmts.len; i++)
        ir_walk_stmt(&w, L->stmts.data[i]);
    for (uint32_t i = 0; i < L->stmts.len && !L->why[0]; i++) {
        const IrVar *v;
        const IrMemRef *m, *clone;
        char name[48];
        uint32_t id;
        if (L->stmts.data[i]->kind != STMT_ASSIGN)
            continue;
        v = IR_AS(IrAssign, L->stmts.data[i])->var;
        if (v->e.kind == EXPR_MEMREF || !ir_type_is_shaped(v->type) || !(m = v->type->memref) ||
            m->space == MS_DDR || ptrmap_get(&keep, m) || ptrmap_get(&L->clones, m))
            continue;
        if (!m->size) {
            snprintf(L->why, sizeof L->why, "the tile '%s' has no constant size to double", v->name);
            break;
        }
        id = P->next_ref_id + L->order.len;
        snprintf(name, sizeof name, "mem_%s_%u", memspace_lower((MemorySpace)m->space), id);
        clone = ir_memref_new(P->ir, ir_name(P->ir, name), (MemorySpace)m->space, m->addr, m->size, id, m->v.e.span);
        vec_push(L->order, clone);
        ptrmap_put(&L->clones, m, (void *)clone);
        L->added[m->space] += align_up(m->size, m->space);
    }
    if (!L->why[0] && !L->order.len)
        snprintf(L->why, sizeof L->why, "every tile it defines is carried from one iteration to the next");
    ptrmap_free(&keep);
    ptrmap_free(&defined);
    return !L->why[0];
}

/* Whether the loop is pipelined; 0 and nothing set when it is no
 * candidate, 0 with L->why set when it is one that stays as it is. */
static int qualifies(Pipeliner *P, Loop *L)
{
    const IrFor *f = L->f;
    int64_t stop, extent, mag, end, twice;
    pass_flatten(&L->stmts, f->body);
    if (has_loop(f->body) || !two_pipes(pipes_of(f->body)))
        return 0; /* its inner loops are the candidates, or nothing overlaps */
    for (uint32_t i = 0; i < L->stmts.len; i++) {
        const IrStmt *s = L->stmts.data[i];
        const IrCall *c = ir_stmt_call(s);
        const OpDef *op = c ? callee_op(c->callee) : NULL;
        if (s->kind != STMT_ASSIGN && s->kind != STMT_EVAL && s->kind != STMT_YIELD) {
            snprintf(L->why, sizeof L->why, "its body branches (only straight-line bodies are pipelined)");
            return 0;
        }
        if (op && op->category == OPC_SYSTEM) {
            snprintf(L->why, sizeof L->why, "its body has explicit synchronisation");
            return 0;
        }
    }
    if (!ir_dim_value(f->start, &L->start) || !ir_dim_value(f->stop, &stop) || !ir_dim_value(f->step, &L->step) ||
        L->step == 0) {
        snprintf(L->why, sizeof L->why, "its trip count is not a compile-time constant");
        return 0;
    }
    /* The trips, and the bounds the rewrite writes (start + n * step,
     * 2 * step), in 64 bits: a range that does not fit stays as it is. */
    if (__builtin_mul_overflow(L->step, 2, &twice) ||
        (L->step > 0 ? __builtin_sub_overflow(stop, L->start, &extent)
                     : __builtin_sub_overflow(L->start, stop, &extent))) {
        snprintf(L->why, sizeof L->why, "its range does not fit 64 bits");
        return 0;
    }
    mag = L->step > 0 ? L->step : -L->step;   /* not INT64_MIN: 2 * step fits */
    L->n = extent > 0 ? extent / mag + (extent % mag != 0) : 0;
    if (L->n >= 2 && (__builtin_mul_overflow(L->n, L->step, &end) || __builtin_add_overflow(L->start, end, &end))) {
        snprintf(L->why, sizeof L->why, "its range does not fit 64 bits");
        return 0;
    }
    if (L->n < 2) {
        snprintf(L->why, sizeof L->why, "it runs %s", L->n == 1 ? "only one iteration" : "no iteration");
        return 0;
    }
    if (!plan_clones(P, L))
        return 0;
    for (int s = MS_VEC; s < MS_COUNT; s++) {
        uint64_t cap = target_capacity(P->pc->arch, (MemorySpace)s);
        if (L->added[s] && P->used[s] + L->added[s] > cap) {
            snprintf(L->why, sizeof L->why,
                     "the doubled buffers need %llu bytes of %s memory, %llu available on %s (%llu without "
                     "doubling)",
                     (unsigned long long)(P->used[s] + L->added[s]), memspace_name((MemorySpace)s),
                     (unsigned long long)cap, arch_name(P->pc->arch), (unsigned long long)P->used[s]);
            return 0;
        }
    }
    return 1;
}

static const IrExpr *int_const(IrCtx *ir, const IrExpr *like, int64_t v, DataType dt)
{
    return ir_const_int(ir, v, like->kind == EXPR_CONST_INT ? (DataType)like->dtype : dt, like->span);
}

/* The statements that replace the loop, into out: for an odd trip count
 * the peeled first step (on the pong buffers), then the loop running two
 * steps per iteration, ping then pong:
 *   start' = start (+ step when the first step is peeled off),
 *   stop' = start + n*step, step' = 2*step. */
static void unroll(Pipeliner *P, Loop *L, StmtVec *out)
{
    IrCtx *ir = P->ir;
    const IrFor *f = L->f;
    const IrStmt *const *stmts = (const IrStmt *const *)L->stmts.data;
    const IrValues *yield = ir_body_yield(f->body);
    DataType dt = (DataType)f->loop_var->type->dtype;
    Copy ping, pong, peel;
    const IrExpr **ping_y, **pong_y, **peel_y;
    uint32_t nping, npong, npeel;
    const IrIterArg **iters = NULL;
    int64_t first = L->start;
    StmtVec body;

    memset(&ping, 0, sizeof ping);
    memset(&pong, 0, sizeof pong);
    memset(&peel, 0, sizeof peel);
    ptrmap_init(&ping.subst);
    ptrmap_init(&pong.subst);
    ptrmap_init(&peel.subst);
    vec_init(body);
    if (L->n % 2) {
        peel.rename = 1;
        peel.memrefs = &L->clones;
        ptrmap_put(&peel.subst, f->loop_var, (void *)int_const(ir, f->start, L->start, dt));
        for (uint32_t i = 0; i < f->niter; i++)
            ptrmap_put(&peel.subst, f->iter_args[i], (void *)f->iter_args[i]->init);
        copy_body(P, &peel, stmts, L->stmts.len, out, &peel_y, &npeel);
        if (npeel != f->niter)
            ICE("SoftwarePipeline: a loop body yields %u values for %u iter_args", npeel, f->niter);
        /* The loop starts from what the peeled step yields. */
        iters = arena_array(&ir->arena, f->niter ? f->niter : 1, sizeof *iters);
        for (uint32_t i = 0; i < f->niter; i++) {
            const IrIterArg *a = f->iter_args[i];
            iters[i] = ir_iter_arg_new(ir, a->v.name, a->v.type, peel_y[i], a->v.e.span);
            ptrmap_put(&ping.subst, a, (void *)&iters[i]->v.e);
        }
        first = L->start + L->step;
    }
    copy_body(P, &ping, stmts, L->stmts.len, &body, &ping_y, &nping);
    pong.rename = 1;
    pong.memrefs = &L->clones;
    ptrmap_put(&pong.subst, f->loop_var,
               (void *)ir_binary(ir, BIN_ADD, dt, &f->loop_var->e, int_const(ir, f->step, L->step, dt), f->step->span));
    for (uint32_t i = 0; i < f->niter && i < nping; i++)
        ptrmap_put(&pong.subst, f->iter_args[i], (void *)ping_y[i]);
    copy_body(P, &pong, stmts, L->stmts.len, &body, &pong_y, &npong);
    if (nping != f->niter || npong != f->niter)
        ICE("SoftwarePipeline: a loop body yields %u values for %u iter_args", nping, f->niter);
    if (yield)
        vec_push(body, ir_yield(ir, npong, pong_y, yield->s.span));
    vec_push(*out, ir_for_staged(ir_for(ir, (ForKind)f->s.sub, f->loop_var, int_const(ir, f->start, first, dt),
                                        int_const(ir, f->stop, L->start + L->n * L->step, dt),
                                        int_const(ir, f->step, 2 * L->step, dt), f->niter,
                                        iters ? iters : f->iter_args, f->ret,
                                        ir_seq(ir, STMT_SEQ, body.len, body.data, f->body->span), f->s.span),
                                 f->stage));
    for (uint32_t i = 0; i < L->order.len; i++)
        vec_push(P->clones, L->order.data[i]);
    for (int s = 0; s < MS_COUNT; s++)
        P->used[s] += L->added[s];
    P->next_ref_id += L->order.len;
    vec_free(body);
    ptrmap_free(&ping.subst);
    ptrmap_free(&pong.subst);
    ptrmap_free(&peel.subst);
}

/* Pipelines the loop into out when it qualifies (1), else says why when
 * it is a candidate (0). */
static int pipeline_loop(Pipeliner *P, const IrFor *f, StmtVec *out)
{
    Loop L;
    int ok;
    memset(&L, 0, sizeof L);
    L.f = f;
    vec_init(L.stmts);
    vec_init(L.order);
    ptrmap_init(&L.clones);
    ok = qualifies(P, &L);
    if (ok)
        unroll(P, &L, out);
    else if (L.why[0])
        diag_warning(P->pc->diag, W_PIPELINING, f->s.span, "loop not software-pipelined: %s", L.why);
    vec_free(L.stmts);
    vec_free(L.order);
    ptrmap_free(&L.clones);
    return ok;
}

/* ------------------------------------------------------------- the walk */

static const IrStmt *pipeline_stmt(Pipeliner *P, const IrStmt *s);

/* A statement list with its loops pipelined; s itself when none is. */
static const IrStmt *pipeline_list(Pipeliner *P, const IrStmt *s)
{
    StmtVec in, out;
    const IrStmt *r = s;
    int changed = 0;
    vec_init(in);
    vec_init(out);
    pass_flatten(&in, s);
    for (uint32_t i = 0; i < in.len; i++) {
        const IrStmt *t = pipeline_stmt(P, in.data[i]);
        changed |= t != in.data[i];
        if (t->kind == STMT_FOR && pipeline_loop(P, IR_AS(IrFor, t), &out))
            changed = 1;
        else
            vec_push(out, t);
    }
    if (changed)
        r = ir_seq(P->ir, STMT_SEQ, out.len, out.data, s->span);
    vec_free(in);
    vec_free(out);
    return r;
}

/* s with the loops inside its bodies pipelined (inner loops first). */
static const IrStmt *pipeline_stmt(Pipeliner *P, const IrStmt *s)
{
    IrCtx *ir = P->ir;
    switch ((IrStmtKind)s->kind) {
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        const IrStmt *body = pipeline_list(P, f->body);
        return body == f->body ? s
                               : ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step,
                                                      f->niter, f->iter_args, f->ret, body, s->span),
                                               f->stage);
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        const IrStmt *body = pipeline_list(P, w->body);
        if (body == w->body && !has_loop(w->body) && two_pipes(pipes_of(w->body)))
            diag_warning(P->pc->diag, W_PIPELINING, s->span,
                         "loop not software-pipelined: the trip count of a while loop is not known at compile time");
        return body == w->body ? s : ir_while(ir, w->cond, w->niter, w->iter_args, w->ret, body, s->span);
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *then_body = pipeline_list(P, f->then_body);
        const IrStmt *else_body = f->else_body ? pipeline_list(P, f->else_body) : NULL;
        return then_body == f->then_body && else_body == f->else_body
                   ? s
                   : ir_if(ir, f->cond, then_body, else_body, f->nret, f->ret, s->span);
    }
    case STMT_SCOPE: {
        const IrStmt *body = pipeline_list(P, IR_AS(IrScope, s)->body);
        return body == IR_AS(IrScope, s)->body ? s : ir_scope_rebody(ir, s, body);
    }
    default:
        return s;
    }
}

/* mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, -1, 16384, 6) */
static const IrStmt *alloc_stmt(Pipeliner *P, const IrMemRef *m)
{
    IrCtx *ir = P->ir;
    Span at = m->v.e.span;
    const IrExpr *args[4];
    args[0] = ir_const_int(ir, m->space, DT_INT64, at);
    args[1] = m->addr;
    args[2] = ir_const_int(ir, (int64_t)m->size, DT_INT64, at);
    args[3] = ir_const_int(ir, m->ref_id, DT_INT64, at);
    return ir_assign(ir, &m->v, ir_call(ir, &P->alloc_op->callee, 4, args, 0, NULL, ir_type_memref(ir), at), at);
}

static int is_alloc(const IrStmt *s)
{
    return s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_MEMREF;
}

/* The body with the clones' alloc statements after the leading ones. */
static const IrStmt *declare_clones(Pipeliner *P, const IrStmt *body)
{
    StmtVec in, out;
    const IrStmt *r;
    uint32_t i = 0;
    vec_init(in);
    vec_init(out);
    pass_flatten(&in, body);
    for (; i < in.len && is_alloc(in.data[i]); i++)
        vec_push(out, in.data[i]);
    for (uint32_t k = 0; k < P->clones.len; k++)
        vec_push(out, alloc_stmt(P, P->clones.data[k]));
    for (; i < in.len; i++)
        vec_push(out, in.data[i]);
    r = ir_seq(P->ir, STMT_SEQ, out.len, out.data, body->span);
    vec_free(in);
    vec_free(out);
    return r;
}

/* Has an on-chip MemRef of the function an address already? */
static int placed(IrWalker *w, const IrStmt *s)
{
    const IrVar *v;
    int64_t addr;
    if (s->kind != STMT_ASSIGN)
        return 1;
    v = IR_AS(IrAssign, s)->var;
    if (ir_type_is_shaped(v->type) && v->type->memref && v->type->memref->space != MS_DDR &&
        ir_dim_value(v->type->memref->addr, &addr) && addr >= 0)
        *(int *)w->data = 1;
    return 1;
}

static const IrFunc *pipeline_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f)
{
    Pipeliner P;
    IrWalker w;
    const IrStmt *body;
    const IrFunc *r;
    int addressed = 0;
    KernelKind kind = ir_kernel_kind(f);
    (void)prog;
    if (!f->body || kind == KERNEL_NONE || kind == KERNEL_MIXED)
        return f;
    memset(&w, 0, sizeof w);
    w.pre_stmt = placed;
    w.data = &addressed;
    ir_walk_func(&w, f);
    if (addressed) {
        diag_error(pc->diag, f->span,
                   "software_pipeline needs tiles without addresses; run it before allocate_memory_addr");
        return NULL;
    }
    memset(&P, 0, sizeof P);
    P.pc = pc;
    P.ir = pc->ir;
    P.alloc_op = op_by_id(OP_BLOCK_ALLOC);
    ptrmap_init(&P.names);
    ptrmap_init(&P.stems);
    ptrmap_init(&P.counted);
    vec_init(P.clones);
    for (uint32_t i = 0; i < f->nparams; i++)
        see_def(&P, f->params[i].var);
    memset(&w, 0, sizeof w);
    w.pre_stmt = facts_stmt;
    w.pre_expr = facts_expr;
    w.data = &P;
    ir_walk_func(&w, f);
    P.used[MS_VEC] += align_up(P.scratch, MS_VEC);
    body = pipeline_list(&P, f->body);
    if (P.clones.len)
        body = declare_clones(&P, body);
    r = body == f->body ? f
                        : ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret,
                                      f->ret_types, body);
    ptrmap_free(&P.names);
    ptrmap_free(&P.stems);
    ptrmap_free(&P.counted);
    vec_free(P.clones);
    return r;
}

const IrProgram *pass_software_pipeline(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions(pc, prog, pipeline_function);
}
