/* memory_reuse_plan.c: MemoryReuse's greedy reuse (passes.md 5.6, stages
 * 1-2): each MemRef's interval, then in definition order the first free
 * slot of its space large enough, found in a segment tree of free sizes;
 * a heap releases the slots as the definitions pass their last use. */
#include "config.h"
#include "passes/5_memory/memory_reuse.h"

#include <stdint.h>
#include <stdlib.h>

/* The slots of one memory space: MemRefs that later ones may take, in
 * definition order.  A segment tree over them holds, for each range, the
 * largest size among the slots that are free (every user's interval ended
 * before the definition being placed); a busy slot counts as size 0. */
typedef struct SlotTree {
    uint32_t cap, n;
    uint64_t *max_free;
    uint64_t *size;
    const IrMemRef **memref;
} SlotTree;

/* A slot that becomes free once the definitions pass its last use. */
typedef struct Busy {
    int64_t last;
    uint32_t slot;
    uint8_t space;
} Busy;

typedef struct BusyHeap {
    Busy *v;
    uint32_t n;
} BusyHeap;

static void tree_init(SlotTree *T, Arena *a, uint32_t count)
{
    uint32_t cap = 1;
    while (cap < count)
        cap *= 2;
    T->cap = cap;
    T->n = 0;
    T->max_free = arena_zalloc(a, 2 * (size_t)cap * sizeof *T->max_free);
    T->size = arena_array(a, cap, sizeof *T->size);
    T->memref = arena_array(a, cap, sizeof *T->memref);
}

static void tree_set(SlotTree *T, uint32_t slot, uint64_t free_size)
{
    uint32_t i = T->cap + slot;
    T->max_free[i] = free_size;
    for (i /= 2; i; i /= 2) {
        uint64_t x = T->max_free[2 * i], y = T->max_free[2 * i + 1];
        T->max_free[i] = x > y ? x : y;
    }
}

/* The first free slot of at least size bytes; -1 if none. */
static int64_t tree_find(const SlotTree *T, uint64_t size)
{
    uint32_t i = 1;
    if (T->max_free[1] < size)
        return -1;
    while (i < T->cap)
        i = T->max_free[2 * i] >= size ? 2 * i : 2 * i + 1;
    return (int64_t)(i - T->cap);
}

static void heap_push(BusyHeap *H, Busy b)
{
    uint32_t i = H->n++;
    while (i && H->v[(i - 1) / 2].last > b.last) {
        H->v[i] = H->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    H->v[i] = b;
}

static Busy heap_pop(BusyHeap *H)
{
    Busy top = H->v[0], x = H->v[--H->n];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= H->n)
            break;
        if (c + 1 < H->n && H->v[c + 1].last < H->v[c].last)
            c++;
        if (H->v[c].last >= x.last)
            break;
        H->v[i] = H->v[c];
        i = c;
    }
    if (H->n)
        H->v[i] = x;
    return top;
}

static int by_definition(const void *a, const void *b)
{
    const Group *x = *(Group *const *)a, *y = *(Group *const *)b;
    if (x->def != y->def)
        return x->def < y->def ? -1 : 1;
    return x->memref->ref_id < y->memref->ref_id ? -1 : x->memref->ref_id > y->memref->ref_id;
}

/* Intervals (step 2), then the greedy assignment (steps 3-4); fills
 * R->remap and R->live. */
void reuse_plan(Reuse *R)
{
    uint32_t ng = R->group_list.len, count[MS_COUNT] = {0};
    Group **order = arena_array(&R->scratch, ng ? ng : 1, sizeof *order);
    SlotTree trees[MS_COUNT];
    BusyHeap busy;
    /* [first assignment, last use]; a MemRef only iter_args and return
     * variables refer to starts at its first definition of any kind. */
    for (uint32_t k = 0; k < ng; k++) {
        R->group_list.data[k]->def = INT64_MAX;
        R->group_list.data[k]->last = INT64_MIN;
    }
    for (uint32_t k = 0; k < R->member_list.len; k++) {
        const Member *mb = R->member_list.data[k];
        Group *g = mb->group;
        if (mb->kind == DEF_ASSIGN && mb->def < g->def)
            g->def = mb->def;
        if (mb->last > g->last)
            g->last = mb->last;
    }
    for (uint32_t k = 0; k < ng; k++)
        if (R->group_list.data[k]->def == INT64_MAX)
            R->group_list.data[k]->def = R->group_list.data[k]->min_def;
    /* A loop-carried MemRef is in use during the whole loop. */
    for (uint32_t k = 0; k < R->constructs.len; k++) {
        const Construct *c = &R->constructs.data[k];
        const IrStmt *s = c->stmt;
        uint32_t n;
        const IrIterArg *const *it;
        if (s->kind == STMT_IF)
            continue;
        n = s->kind == STMT_FOR ? IR_AS(IrFor, s)->niter : IR_AS(IrWhile, s)->niter;
        it = s->kind == STMT_FOR ? IR_AS(IrFor, s)->iter_args : IR_AS(IrWhile, s)->iter_args;
        for (uint32_t i = 0; i < n; i++) {
            Member *mb = ptrmap_get(&R->members, &it[i]->v);
            if (!mb)
                continue;
            if (mb->group->def > c->start)
                mb->group->def = c->start;
            if (mb->group->last < c->end)
                mb->group->last = c->end;
        }
    }
    for (uint32_t k = 0; k < ng; k++) {
        order[k] = R->group_list.data[k];
        count[order[k]->memref->space]++;
    }
    qsort(order, ng, sizeof *order, by_definition);
    for (int s = 0; s < MS_COUNT; s++)
        tree_init(&trees[s], &R->scratch, count[s] ? count[s] : 1);
    /* Definitions come in order, so a slot whose last use is before the
     * current definition stays free until a MemRef takes it: the heap
     * releases each slot when the definitions pass its end. */
    busy.v = arena_array(&R->scratch, ng ? ng : 1, sizeof *busy.v);
    busy.n = 0;
    for (uint32_t k = 0; k < ng; k++) {
        Group *g = order[k];
        SlotTree *T = &trees[g->memref->space];
        uint64_t size = g->memref->size;
        int64_t slot;
        Busy b;
        while (busy.n && busy.v[0].last < g->def) {
            Busy f = heap_pop(&busy);
            tree_set(&trees[f.space], f.slot, trees[f.space].size[f.slot]);
        }
        if (!size) {
            ptrmap_put(&R->live, g->memref, (void *)1);
            continue;
        }
        slot = tree_find(T, size);
        if (slot >= 0) {
            ptrmap_put(&R->remap, g->memref, (void *)T->memref[slot]);
            tree_set(T, (uint32_t)slot, 0);
        } else {
            slot = T->n++;
            T->memref[slot] = g->memref;
            T->size[slot] = size;
            ptrmap_put(&R->live, g->memref, (void *)1);
        }
        b.last = g->last;
        b.slot = (uint32_t)slot;
        b.space = g->memref->space;
        heap_push(&busy, b);
    }
}
