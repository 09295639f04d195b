/* allocate_memory_addr.c: AllocateMemoryAddr (passes.md 5.8).
 *
 * Every on-chip MemRef a Tile variable or iter_arg refers to gets a byte
 * address: per memory space, in order of id, from 0, each one at the
 * aligned end of the previous one (target_align: 32 bytes, 512 in Left,
 * Right and Acc).  (MemoryReuse has already put tiles that may share
 * storage on one MemRef, so MemRefs never overlap.)
 * DDR MemRefs keep address -1.
 *
 * A function that uses an op needing a scratch tile (ops.md tmp†) gets one
 * Vec scratch region after the Vec allocations, as large as the largest
 * tmp such an op needs (its result, or for a row reduction its source;
 * pyptocc: passes.md 5.8 sizes it by the result).  The region is IR, so
 * that it prints, compares and survives every later rebuild: a MemRef
 * with the next free id, allocated after the function's other alloc
 * statements by
 *     mem_vec_<id>: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, <addr>, <size>, <id>, scratch=True)
 * (ir_func_scratch finds it).  The emitters place every scratch tile there
 * (vector ops execute in order, so they can all share it).  A scratch
 * alloc of an earlier plan is kept when it is the one wanted, else
 * replaced or dropped.
 *
 * The cross-core pipe's reserved buffers (system.reserve_buffer, in the
 * consuming core's memory: Mat on the AIC, Vec on an AIV) come first:
 * one at an explicit base keeps it, one at pl.AUTO (-1) gets the next
 * aligned address after them (its base kwarg rewritten), and the tiles
 * are placed above all of them (pypto docs/en/dev/passes/
 * 21-expand_mixed_kernel.md: "reserve-buffer base: AUTO on insertion,
 * then resolved to an explicit address by AllocateMemoryAddr";
 * 03-mixed-kernel.md: "tiles are allocated above them").
 *
 * Then each space's high-water mark (the scratch included for Vec) must
 * fit the target's capacity; an overflow is an error at the definition of
 * the first tile whose MemRef ends beyond the capacity.  A MemRef of size
 * 0 (a tile whose shape is not constant) cannot be placed without
 * overlapping the next one: an error too (pyptocc).
 *
 * MemRefs are immutable: each planned one is made again with its address,
 * and the mutator re-creates every variable that refers to it and every
 * alloc statement (whose address argument is the MemRef's address node,
 * as when the front end reads the printed plan back). */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "targets/arch.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Seen {
    const IrMemRef *memref;
    const char *name;            /* the first variable using it */
    Span def;                    /* where that variable is defined */
} Seen;

typedef struct Alloc {
    IrWalker w;                  /* first: walker hooks get the Alloc back */
    PassCtx *pc;
    IrCtx *ir;
    const IrStmt *stmt;          /* the statement being walked */
    PtrMap seen;                 /* on-chip MemRef -> 1 */
    VEC(Seen) order;             /* on-chip MemRefs in order of first use */
    uint64_t scratch;            /* the largest tmp† result, 0 if none */
    uint32_t next_id;            /* an id no MemRef of the function has (scratch regions aside) */
    Span scratch_at;             /* the first op that needs the scratch */
    PtrMap placed;               /* old MemRef -> MemRef with its address */
    PtrMap rebuilt;              /* node given to the mutator hook -> its replacement */
    VEC(const IrCall *) reserves;   /* the function's system.reserve_buffer calls */
} Alloc;

/* x rounded up to the alignment of space ms (target_align). */
static uint64_t align_up(uint64_t x, int ms)
{
    uint64_t a = target_align((MemorySpace)ms);
    return (x + (a - 1)) / a * a;
}

/* ------------------------------------------------------------- collect */

static void see_id(Alloc *A, const IrMemRef *m)
{
    if (m->ref_id >= A->next_id)
        A->next_id = m->ref_id + 1;
}

static void see_var(Alloc *A, const IrVar *v, Span at)
{
    const IrMemRef *m = v->type->memref;
    Seen s;
    if (!ir_type_is_shaped(v->type) || !m)
        return;
    see_id(A, m);
    if (m->space == MS_DDR || ptrmap_get(&A->seen, m))
        return;
    ptrmap_put(&A->seen, m, (void *)1);
    s.memref = m;
    s.name = v->name;
    s.def = span_is_known(v->e.span) ? v->e.span : at;
    vec_push(A->order, s);
}

static int collect_expr(IrWalker *w, const IrExpr *e)
{
    Alloc *A = w->data;
    uint64_t size;
    if (op_called(e, OP_SYSTEM_RESERVE_BUFFER))
        vec_push(A->reserves, IR_AS(IrCall, e));
    if (e->kind == EXPR_CALL && pass_needs_scratch(A->ir, A->pc->arch, IR_AS(IrCall, e), &size)) {
        if (!A->scratch && span_is_known(e->span))
            A->scratch_at = e->span;
        else if (!A->scratch)
            A->scratch_at = A->stmt->span;
        if (size > A->scratch)
            A->scratch = size;
    }
    return 1;
}

static int collect_stmt(IrWalker *w, const IrStmt *s)
{
    Alloc *A = w->data;
    A->stmt = s;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        if (IR_AS(IrAssign, s)->var->e.kind != EXPR_MEMREF)
            see_var(A, IR_AS(IrAssign, s)->var, s->span);
        else if (!ir_scratch_alloc(s))
            see_id(A, (const IrMemRef *)IR_AS(IrAssign, s)->var);
        break;
    case STMT_FOR:
        for (uint32_t i = 0; i < IR_AS(IrFor, s)->niter; i++)
            see_var(A, &IR_AS(IrFor, s)->iter_args[i]->v, s->span);
        break;
    case STMT_WHILE:
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++)
            see_var(A, &IR_AS(IrWhile, s)->iter_args[i]->v, s->span);
        break;
    default:
        break;
    }
    return 1;
}

/* Return variables are defined after their construct's body. */
static void collect_post(IrWalker *w, const IrStmt *s)
{
    Alloc *A = w->data;
    uint32_t n = 0;
    const IrVar *const *ret = NULL;
    if (s->kind == STMT_IF) {
        n = IR_AS(IrIf, s)->nret;
        ret = IR_AS(IrIf, s)->ret;
    } else if (s->kind == STMT_FOR) {
        n = IR_AS(IrFor, s)->niter;
        ret = IR_AS(IrFor, s)->ret;
    } else if (s->kind == STMT_WHILE) {
        n = IR_AS(IrWhile, s)->niter;
        ret = IR_AS(IrWhile, s)->ret;
    }
    for (uint32_t i = 0; i < n; i++)
        see_var(A, ret[i], s->span);
}

/* -------------------------------------------------------------- rebuild */

static const IrExpr *rebuild_expr(IrMutator *m, const IrExpr *e)
{
    Alloc *A = m->data;
    const IrVar *v;
    const IrMemRef *to;
    const IrExpr *done;
    if (op_called(e, OP_SYSTEM_RESERVE_BUFFER) && (done = ptrmap_get(&A->rebuilt, e)))
        return done;   /* at the address place_reserves gave it */
    if (e->kind == EXPR_MEMREF) {
        /* An alloc statement's definition. */
        to = ptrmap_get(&A->placed, e);
        return to ? &to->v.e : e;
    }
    if (e->kind != EXPR_VAR && e->kind != EXPR_ITER_ARG)
        return e;
    if ((done = ptrmap_get(&A->rebuilt, e)))
        return done;
    v = IR_AS(IrVar, e);
    if (!ir_type_is_shaped(v->type) || !v->type->memref || !(to = ptrmap_get(&A->placed, v->type->memref)))
        return e;
    if (e->kind == EXPR_ITER_ARG)
        done = &ir_iter_arg_new(A->ir, v->name, ir_type_with_memref(A->ir, v->type, to), IR_AS(IrIterArg, e)->init,
                                v->e.span)->v.e;
    else
        done = &ir_var_new(A->ir, v->name, ir_type_with_memref(A->ir, v->type, to), v->e.span)->e;
    ptrmap_put(&A->rebuilt, e, (void *)done);
    return done;
}

/* An alloc statement takes its MemRef's address as its address argument. */
static const IrStmt *rebuild_stmt(IrMutator *m, const IrStmt *s)
{
    const IrAssign *a;
    const IrMemRef *mr;
    const IrCall *c;
    const IrExpr *args[4];
    if (s->kind != STMT_ASSIGN || IR_AS(IrAssign, s)->var->e.kind != EXPR_MEMREF)
        return s;
    a = IR_AS(IrAssign, s);
    mr = (const IrMemRef *)a->var;
    if (a->value->kind != EXPR_CALL || IR_AS(IrCall, a->value)->nargs != 4 ||
        IR_AS(IrCall, a->value)->args[1] == mr->addr)
        return s;
    c = IR_AS(IrCall, a->value);
    memcpy(args, c->args, sizeof args);
    args[1] = mr->addr;
    return ir_assign(m->ctx, a->var, ir_call(m->ctx, c->callee, 4, args, c->nkwargs, c->kwargs, c->type, c->e.span),
                     s->span);
}

/* ------------------------------------------------------------- scratch */

static int is_alloc_stmt(const IrStmt *s)
{
    return s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_MEMREF;
}

/* mem_vec_<id>: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, addr, size, id, scratch=True) */
static const IrStmt *scratch_alloc_stmt(Alloc *A, int64_t addr)
{
    IrCtx *ir = A->ir;
    char name[48];
    const IrExpr *args[4];
    IrKwarg kw;
    Span at = A->scratch_at;
    IrMemRef *m;
    snprintf(name, sizeof name, "mem_%s_%u", memspace_lower(MS_VEC), A->next_id);
    m = ir_memref_new(ir, ir_name(ir, name), MS_VEC, ir_const_int(ir, addr, DT_INT64, span_unknown()), A->scratch,
                      A->next_id, at);
    args[0] = ir_const_int(ir, MS_VEC, DT_INT64, at);
    args[1] = m->addr;
    args[2] = ir_const_int(ir, (int64_t)A->scratch, DT_INT64, at);
    args[3] = ir_const_int(ir, A->next_id, DT_INT64, at);
    kw.key = ir_name(ir, "scratch");
    kw.kind = KW_BOOL;
    kw.v.i = 1;
    return ir_assign(ir, &m->v,
                     ir_call(ir, &op_by_id(OP_BLOCK_ALLOC)->callee, 4, args, 1, &kw, ir_type_memref(ir), at), at);
}

/* The body with the scratch region it needs (addr, A->scratch; none when
 * A->scratch is 0): an earlier plan's scratch alloc statement is kept if
 * it is that region, else dropped, and a missing one goes after the
 * alloc statements in front of the body. */
static const IrStmt *with_scratch(Alloc *A, const IrStmt *body, int64_t addr)
{
    const IrStmt *const *stmts = &body;
    uint32_t n = 1, lead = 0;
    const IrStmt *keep = NULL;
    int dropped = 0;
    VEC(const IrStmt *) all;
    const IrStmt *r;
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        stmts = IR_AS(IrSeq, body)->stmts;
        n = IR_AS(IrSeq, body)->n;
    }
    vec_init(all);
    for (uint32_t i = 0; i < n; i++) {
        const IrMemRef *m = ir_scratch_alloc(stmts[i]);
        int64_t at;
        if (!m) {
            if (all.len == lead && is_alloc_stmt(stmts[i]))
                lead++;
            vec_push(all, stmts[i]);
        } else if (!keep && A->scratch && m->size == A->scratch && ir_dim_value(m->addr, &at) && at == addr) {
            keep = stmts[i];
            vec_push(all, stmts[i]);
        } else {
            dropped = 1;
        }
    }
    if (!dropped && (keep || !A->scratch)) {
        vec_free(all);
        return body;
    }
    if (A->scratch && !keep) {
        vec_push(all, NULL);
        memmove(all.data + lead + 1, all.data + lead, (all.len - lead - 1) * sizeof *all.data);
        all.data[lead] = scratch_alloc_stmt(A, addr);
    }
    r = ir_seq(A->ir, STMT_SEQ, all.len, all.data, body->span);
    vec_free(all);
    return r;
}

/* ------------------------------------------------------------------ pass */

static int by_id(const void *a, const void *b)
{
    const Seen *x = a, *y = b;
    if (x->memref->space != y->memref->space)
        return x->memref->space < y->memref->space ? -1 : 1;
    return x->memref->ref_id < y->memref->ref_id ? -1 : x->memref->ref_id > y->memref->ref_id;
}

/* The reserved buffers of f at the bottom of its consumer space, the
 * pl.AUTO ones after those at a given base (their calls rebuilt with it). */
static void place_reserves(Alloc *A, const IrFunc *f, uint64_t end[MS_COUNT])
{
    MemorySpace ms = ir_kernel_kind(f) == KERNEL_CUBE ? MS_MAT : MS_VEC;
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < A->reserves.len; i++) {
            const IrCall *c = A->reserves.data[i];
            int64_t base = ir_call_kwarg_int(c, "base", -1), size = ir_call_kwarg_int(c, "size", 0);
            IrKwarg kw[8];
            uint32_t n = c->nkwargs < 8 ? c->nkwargs : 8;
            if (pass == 0 && base >= 0 && (uint64_t)(base + size) > end[ms])
                end[ms] = (uint64_t)(base + size);
            if (pass == 0 || base >= 0)
                continue;
            base = (int64_t)align_up(end[ms], ms);
            end[ms] = (uint64_t)(base + size);
            memcpy(kw, c->kwargs, n * sizeof *kw);
            for (uint32_t k = 0; k < n; k++)
                if (strcmp(kw[k].key, "base") == 0)
                    kw[k].v.i = base;
            ptrmap_put(&A->rebuilt, c,
                       (void *)ir_call(A->ir, c->callee, 0, NULL, n, ir_kwargs_intern(A->ir, n, kw), c->type,
                                       c->e.span));
        }
}

/* Collects f's MemRefs and places them: A->placed gets each one with its
 * address, end[] the high-water mark of each space (the scratch region
 * included); the scratch region's address, or -1. */
static int64_t place_function(Alloc *A, const IrFunc *f, uint64_t end[MS_COUNT])
{
    IrCtx *ir = A->ir;
    int64_t scratch_addr = -1;
    Seen *sorted;
    uint32_t n;

    /* Freed rather than cleared: clearing costs the capacity a large
     * earlier function left. */
    ptrmap_free(&A->seen);
    ptrmap_free(&A->placed);
    ptrmap_free(&A->rebuilt);
    A->order.len = 0;
    A->reserves.len = 0;
    A->scratch = 0;
    A->next_id = 0;
    A->scratch_at = f->span;
    A->stmt = NULL;
    for (uint32_t i = 0; i < f->nparams; i++)
        see_var(A, f->params[i].var, f->span);
    ir_walk_func(&A->w, f);
    place_reserves(A, f, end);

    /* Addresses: per space, by id, aligned one after the other. */
    n = A->order.len;
    sorted = xmalloc(xmul_size(n ? n : 1, sizeof *sorted));
    if (n)
        memcpy(sorted, A->order.data, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, by_id);
    for (uint32_t i = 0; i < n; i++) {
        const IrMemRef *m = sorted[i].memref;
        uint64_t addr = align_up(end[m->space], m->space);
        IrMemRef *placed = ir_memref_new(ir, m->v.name, (MemorySpace)m->space,
                                         ir_const_int(ir, (int64_t)addr, DT_INT64, span_unknown()), m->size, m->ref_id,
                                         m->v.e.span);
        end[m->space] = addr + m->size;
        ptrmap_put(&A->placed, m, placed);
    }
    xfree(sorted);
    if (A->scratch) {
        scratch_addr = (int64_t)align_up(end[MS_VEC], MS_VEC);
        end[MS_VEC] = (uint64_t)scratch_addr + A->scratch;
    }
    return scratch_addr;
}

/* f with its MemRefs at their addresses, or NULL when they do not fit
 * (reported). */
static const IrFunc *allocate_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Alloc *A = data;
    IrCtx *ir = A->ir;
    int failed = 0;
    uint64_t end[MS_COUNT] = {0};
    int64_t scratch_addr = place_function(A, f, end);
    IrParam *params = NULL;
    const IrStmt *body = f->body;
    int changed = 0;

    /* A tile of a dynamic shape has no size to plan with (pyptocc: an
     * error rather than buffers that overlap). */
    for (uint32_t i = 0; i < A->order.len; i++)
        if (!A->order.data[i].memref->size) {
            diag_error(A->pc->diag, A->order.data[i].def,
                       "cannot allocate %s memory for '%s' in %s: its shape is not constant",
                       memspace_name((MemorySpace)A->order.data[i].memref->space), A->order.data[i].name, f->name);
            failed = 1;
        }

    /* Capacities: the first tile whose MemRef ends beyond it is where the
     * plan stops fitting. */
    for (int s = MS_VEC; s < MS_COUNT; s++) {
        uint64_t cap = target_capacity(A->pc->arch, (MemorySpace)s);
        Span at = A->scratch_at;
        if (end[s] <= cap)
            continue;
        for (uint32_t i = 0; i < A->order.len; i++) {
            const IrMemRef *m = A->order.data[i].memref;
            const IrMemRef *p = ptrmap_get(&A->placed, m);
            if (m->space == s && (uint64_t)IR_AS(IrConstInt, p->addr)->value + p->size > cap) {
                at = A->order.data[i].def;
                break;
            }
        }
        diag_error(A->pc->diag, at, "%s buffer overflow in %s: %llu bytes needed, %llu available",
                   memspace_name((MemorySpace)s), f->name, (unsigned long long)end[s], (unsigned long long)cap);
        if (s == MS_VEC && A->scratch)
            diag_note(A->pc->diag, A->scratch_at,
                      "the Vec total includes a %llu-byte scratch region for the temporary tile of this operation",
                      (unsigned long long)A->scratch);
        failed = 1;
    }
    if (failed)
        return NULL;

    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *v = f->params[i].var;
        const IrMemRef *to = ir_type_is_shaped(v->type) && v->type->memref ? ptrmap_get(&A->placed, v->type->memref)
                                                                              : NULL;
        if (!to)
            continue;
        if (!params) {
            params = arena_array(&ir->arena, f->nparams, sizeof *params);
            memcpy(params, f->params, f->nparams * sizeof *params);
        }
        params[i].var = ir_var_new(ir, v->name, ir_type_with_memref(ir, v->type, to), v->e.span);
        ptrmap_put(&A->rebuilt, v, (void *)&params[i].var->e);
        changed = 1;
    }
    if (body) {
        IrMutator m;
        memset(&m, 0, sizeof m);
        m.ctx = ir;
        m.expr = rebuild_expr;
        m.stmt = rebuild_stmt;
        m.data = A;
        body = with_scratch(A, ir_mutate_stmt(&m, body), scratch_addr);
        changed |= body != f->body;
    }
    if (!changed)
        return f;
    return ir_func_rebuild(ir, f, f->nparams, params ? params : f->params, f->nret,
                       f->ret_types, body);
}

static void alloc_init(Alloc *A, PassCtx *pc)
{
    memset(A, 0, sizeof *A);
    A->w.data = A;
    A->w.pre_stmt = collect_stmt;
    A->w.post_stmt = collect_post;
    A->w.pre_expr = collect_expr;
    A->pc = pc;
    A->ir = pc->ir;
    ptrmap_init(&A->seen);
    ptrmap_init(&A->placed);
    ptrmap_init(&A->rebuilt);
    vec_init(A->order);
    vec_init(A->reserves);
}

static void alloc_free(Alloc *A)
{
    ptrmap_free(&A->seen);
    ptrmap_free(&A->placed);
    ptrmap_free(&A->rebuilt);
    vec_free(A->order);
    vec_free(A->reserves);
}

void pass_memory_footprint(PassCtx *pc, const IrFunc *f, uint64_t end[MS_COUNT])
{
    Alloc A;
    alloc_init(&A, pc);
    memset(end, 0, MS_COUNT * sizeof *end);
    place_function(&A, f, end);
    alloc_free(&A);
}

const IrProgram *pass_allocate_memory_addr(PassCtx *pc, const IrProgram *prog)
{
    Alloc A;
    const IrProgram *r;
    alloc_init(&A, pc);
    r = pass_map_functions_with(pc, prog, allocate_function, &A, MAP_CONTINUE);
    alloc_free(&A);
    return r;
}
