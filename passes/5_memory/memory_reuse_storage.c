/* memory_reuse_storage.c: MemoryReuse's stage 0 decisions (passes.md 5.6):
 * which loops get storage of their own for a Tile iter_arg (the split of
 * reuse_plan_carried_storage), and which yielded values' storage is merged into
 * the MemRef their target needs (union-find over Groups) rather than
 * copied there. */
#include "config.h"
#include "ir/visit.h"
#include "passes/5_memory/memory_reuse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Group *reuse_find(Group *g)
{
    Group *root = g, *next;
    while (root->parent)
        root = root->parent;
    for (; g != root; g = next) {
        next = g->parent;
        g->parent = root;
    }
    return root;
}

static void merge_into(Group *from, Group *into)
{
    from->parent = into;
    if (from->min_def < into->min_def)
        into->min_def = from->min_def;
    if (from->max_def > into->max_def)
        into->max_def = from->max_def;
}

/* A loop carries its Tile iter_arg in the init value's MemRef (passes.md
 * 5.5), so it overwrites whatever else lives there.  That is only sound
 * when nothing whose value exists before the loop reads that storage once
 * the loop has started (the init value itself, or a copy or reshape of it,
 * used in the body or after the loop), and when no two iter_args of the
 * loop start from the same storage.  Otherwise (pyptocc) the loop gets
 * storage of its own: a new MemRef for the iter_arg and everything that
 * shares from it (its body's in-place results, the loop's result and what
 * shares from that), and `<init>_mv = pl.block.vec_move(<init>)` before
 * the loop as its init value (Vec only; other spaces are an error).  The
 * test follows program order, so a read in the other branch of an if
 * counts too: a copy more than needed, never one too few.  Per group, the
 * variables sorted by when their values exist, with a running maximum of
 * their last uses, answer each loop in O(log n). */
typedef struct ByDef {
    int64_t def;
    const Member *mb;
} ByDef;

static int by_def(const void *a, const void *b)
{
    const ByDef *x = a, *y = b;
    return x->def < y->def ? -1 : x->def > y->def;
}

static Span var_span(const IrVar *v, Span fallback) { return span_is_known(v->e.span) ? v->e.span : fallback; }

/* Moves iter_arg ia of the loop starting at 'start' and everything sharing
 * from it (still in its group) to a new MemRef. */
static void split_carried(Reuse *R, Member *ia, int64_t start)
{
    Group *old = ia->group, *g = arena_zalloc(&R->scratch, sizeof *g);
    VEC(Member *) stack;
    char name[48];
    uint32_t id = R->next_id++;
    snprintf(name, sizeof name, "mem_%s_%u", memspace_lower((MemorySpace)old->memref->space), id);
    g->memref = ir_memref_new(R->ir, ir_name(R->ir, name), (MemorySpace)old->memref->space,
                              ir_const_int(R->ir, -1, DT_INT64, span_unknown()), old->memref->size, id,
                              old->memref->v.e.span);
    g->index = R->group_list.len;
    g->min_def = g->max_def = start;   /* the init copy, just before the loop */
    vec_push(R->group_list, g);
    vec_push(R->new_allocs, g->memref);
    ptrmap_put(&R->groups, g->memref, g);
    ptrmap_put(&R->init_copy, ia->var->name, (void *)1);
    vec_init(stack);
    vec_push(stack, ia);
    while (stack.len) {
        Member *mb = vec_pop(stack);
        if (mb->group != old)
            continue;
        mb->group = g;
        if (mb->def < g->min_def)
            g->min_def = mb->def;
        if (mb->def > g->max_def)
            g->max_def = mb->def;
        if (mb->kind == DEF_ITER_ARG)
            ptrmap_put(&R->iter_memref, mb->var->name, (void *)g->memref);
        else
            ptrmap_put(&R->var_memref, mb->var, (void *)g->memref);
        for (Member *c = mb->first_child; c; c = c->next_sibling)
            vec_push(stack, c);
    }
    vec_free(stack);
}

static int by_start(const void *a, const void *b)
{
    const Construct *x = *(const Construct *const *)a, *y = *(const Construct *const *)b;
    return x->start < y->start ? -1 : x->start > y->start;
}

void reuse_plan_carried_storage(Reuse *R)
{
    uint32_t ng = R->group_list.len, nm = R->member_list.len, nloops = 0;
    uint32_t *start = arena_zalloc(&R->scratch, ((size_t)ng + 1) * sizeof *start);
    ByDef *sorted = arena_array(&R->scratch, nm ? nm : 1, sizeof *sorted);
    const Member **reader = arena_array(&R->scratch, nm ? nm : 1, sizeof *reader);   /* running argmax of last */
    uint32_t *fill = arena_array(&R->scratch, ng ? ng : 1, sizeof *fill);
    const Construct **loops = arena_array(&R->scratch, R->constructs.len ? R->constructs.len : 1, sizeof *loops);
    for (uint32_t k = 0; k < nm; k++)
        start[R->member_list.data[k]->group0 + 1]++;
    for (uint32_t g = 0; g < ng; g++) {
        start[g + 1] += start[g];
        fill[g] = start[g];
    }
    for (uint32_t k = 0; k < nm; k++) {
        const Member *mb = R->member_list.data[k];
        ByDef *d = &sorted[fill[mb->group0]++];
        d->def = mb->avail;
        d->mb = mb;
    }
    for (uint32_t g = 0; g < ng; g++) {
        qsort(sorted + start[g], start[g + 1] - start[g], sizeof *sorted, by_def);
        for (uint32_t k = start[g]; k < start[g + 1]; k++)
            reader[k] = k > start[g] && reader[k - 1]->last >= sorted[k].mb->last ? reader[k - 1] : sorted[k].mb;
    }
    /* Outer loops first: an inner loop's split then takes its part out of
     * the outer loop's new storage. */
    for (uint32_t c = 0; c < R->constructs.len; c++)
        if (R->constructs.data[c].stmt->kind != STMT_IF)
            loops[nloops++] = &R->constructs.data[c];
    qsort(loops, nloops, sizeof *loops, by_start);
    for (uint32_t c = 0; c < nloops; c++) {
        const Construct *con = loops[c];
        const IrStmt *s = con->stmt;
        uint32_t n = s->kind == STMT_FOR ? IR_AS(IrFor, s)->niter : IR_AS(IrWhile, s)->niter;
        const IrIterArg *const *it = s->kind == STMT_FOR ? IR_AS(IrFor, s)->iter_args : IR_AS(IrWhile, s)->iter_args;
        for (uint32_t i = 0; i < n; i++) {
            Member *ia = ptrmap_get(&R->members, &it[i]->v);
            const IrVar *clash = NULL;
            uint32_t lo, hi, g;
            if (!ia)
                continue;
            for (uint32_t j = 0; j < i && !clash; j++) {
                const Member *other = ptrmap_get(&R->members, &it[j]->v);
                if (other && other->group == ia->group)
                    clash = &it[j]->v;
            }
            /* The variables of this storage whose values exist before the
             * loop starts, by the groups as first numbered (after an outer
             * loop's split a superset: at worst one copy too many). */
            g = ia->group0;
            if (!clash) {
                lo = start[g];
                hi = start[g + 1];
                while (lo < hi) {
                    uint32_t mid = lo + (hi - lo) / 2;
                    if (sorted[mid].def < con->start)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                if (lo > start[g] && reader[lo - 1]->last > con->start)
                    clash = reader[lo - 1]->var;
            }
            if (!clash)
                continue;
            if (ia->group->memref->space != MS_VEC || !R->names_unique) {
                diag_error(R->pc->diag, s->span,
                           "the loop would carry iter_arg '%s' in the buffer of '%s', which is still read after the "
                           "loop starts, and only Vec tiles can be copied (pl.block.vec_move)",
                           it[i]->v.name, clash->name);
                diag_note(R->pc->diag, var_span(clash, s->span), "'%s' is defined here", clash->name);
                R->failed = 1;
                continue;
            }
            split_carried(R, ia, con->start);
        }
    }
}

/* Can the storage of the value y yields move into group req?  Only if it
 * belongs to the body [lo, hi] alone (every variable in it is defined
 * there; then its first definition is where it is first written). */
static int can_retarget(const Member *y, const Group *gy, const Group *req, int64_t lo, int64_t hi)
{
    if (y->def < lo || y->def > hi || y->noalias)
        return 0;
    if (gy->memref->space != req->memref->space || gy->memref->size > req->memref->size)
        return 0;
    return gy->min_def >= lo && gy->max_def <= hi;
}

/* In loop c, is every variable living in the iter_arg's storage req (the
 * iter_arg, and what the body defines in it) used for the last time no
 * later than statement first_write?  The iter_args of loops nested in c
 * are in use until those loops end.  Scans the loop's own variables only,
 * so nested loops cost their depth, not the size of req. */
static int carried_dead_by(Reuse *R, Group *req, const Construct *c, int64_t first_write)
{
    for (uint32_t k = c->inside_lo; k < c->inside_hi; k++) {
        Member *mb = R->member_list.data[k];
        int64_t last = mb->kind == DEF_ITER_ARG && mb->def != c->start && mb->carried > mb->last ? mb->carried : mb->last;
        if (last > first_write && reuse_find(mb->group) == req)
            return 0;
    }
    return 1;
}

static void decide_yield(Reuse *R, const Construct *c, const IrVar *target, const IrExpr *value, int64_t lo,
                         int64_t hi, int is_loop)
{
    Member *t = ptrmap_get(&R->members, target), *y;
    Group *req, *gy;
    if (!t || !ir_is_var_like(value) || !(y = ptrmap_get(&R->members, value)))
        return;   /* nothing required, or a copy (decided when rebuilding) */
    req = reuse_find(t->group);
    gy = reuse_find(y->group);
    if (req == gy || !can_retarget(y, gy, req, lo, hi))
        return;
    if (is_loop && !carried_dead_by(R, req, c, gy->min_def))
        return;
    merge_into(gy, req);
}

/* Does the body read a variable of group g? */
typedef struct GroupReader {
    Reuse *R;
    Group *g;
    int found;
} GroupReader;

static int reads_group(IrWalker *w, const IrExpr *e)
{
    GroupReader *gr = w->data;
    Member *m = ir_is_var_like(e) ? ptrmap_get(&gr->R->members, e) : NULL;
    if (m && reuse_find(m->group) == gr->g)
        gr->found = 1;
    return !gr->found;
}

/* An if's return variable takes the storage of what one branch yields
 * when that storage is not the branch's own: an accumulator the branch
 * updates in place (matmul_acc into a loop's Acc iter_arg), which no copy
 * could move, since only Vec tiles are copied.  Sound when the return
 * variable's storage is its own (nothing before the if shares it) and
 * nothing in the branch's storage is read in the other branch or after
 * the if: the other branch's value may then be written there.  Tried for
 * the other spaces only (Vec values are copied). */
static void adopt_yield_storage(Reuse *R, const Construct *c, const IrVar *target, const IrExpr *value, int64_t lo,
                                int64_t hi, const IrStmt *other)
{
    Member *t = ptrmap_get(&R->members, target), *y;
    Group *req, *gy;
    GroupReader gr;
    IrWalker w;
    if (!t || !ir_is_var_like(value) || !(y = ptrmap_get(&R->members, value)))
        return;
    req = reuse_find(t->group);
    gy = reuse_find(y->group);
    if (req == gy || gy->memref->space == MS_VEC || gy->memref->space != req->memref->space ||
        req->memref->size > gy->memref->size || can_retarget(y, gy, req, lo, hi) || req->min_def < c->start)
        return;
    for (uint32_t k = 0; k < R->member_list.len; k++) {
        const Member *m = R->member_list.data[k];
        if (m->group && reuse_find(m->group) == gy && m->avail <= c->start && m->last > c->start &&
            !(m->last >= lo && m->last <= hi))
            return;
    }
    if (other) {
        memset(&w, 0, sizeof w);
        gr.R = R;
        gr.g = gy;
        gr.found = 0;
        w.pre_expr = reads_group;
        w.data = &gr;
        ir_walk_stmt(&w, other);
        if (gr.found)
            return;
    }
    merge_into(req, gy);
}

void reuse_decide_yields(Reuse *R)
{
    for (uint32_t k = 0; k < R->constructs.len; k++) {
        const Construct *c = &R->constructs.data[k];
        const IrStmt *s = c->stmt;
        if (s->kind == STMT_IF) {
            const IrIf *f = IR_AS(IrIf, s);
            const IrValues *ty = ir_body_yield(f->then_body), *ey = ir_body_yield(f->else_body);
            for (uint32_t i = 0; i < f->nret; i++) {
                if (ty && i < ty->n)
                    adopt_yield_storage(R, c, f->ret[i], ty->values[i], c->then_lo, c->then_hi, f->else_body);
                if (ey && i < ey->n)
                    adopt_yield_storage(R, c, f->ret[i], ey->values[i], c->else_lo, c->else_hi, f->then_body);
                if (ty && i < ty->n)
                    decide_yield(R, c, f->ret[i], ty->values[i], c->then_lo, c->then_hi, 0);
                if (ey && i < ey->n)
                    decide_yield(R, c, f->ret[i], ey->values[i], c->else_lo, c->else_hi, 0);
            }
        } else {
            uint32_t n = s->kind == STMT_FOR ? IR_AS(IrFor, s)->niter : IR_AS(IrWhile, s)->niter;
            const IrIterArg *const *it =
                s->kind == STMT_FOR ? IR_AS(IrFor, s)->iter_args : IR_AS(IrWhile, s)->iter_args;
            const IrValues *y = ir_body_yield(s->kind == STMT_FOR ? IR_AS(IrFor, s)->body : IR_AS(IrWhile, s)->body);
            for (uint32_t i = 0; y && i < n && i < y->n; i++)
                decide_yield(R, c, &it[i]->v, y->values[i], c->start + 1, c->end, 1);
        }
    }
    for (uint32_t k = 0; k < R->group_list.len; k++) {
        Group *g = R->group_list.data[k], *root = reuse_find(g);
        if (root != g)
            ptrmap_put(&R->remap, g->memref, (void *)root->memref);
    }
}
