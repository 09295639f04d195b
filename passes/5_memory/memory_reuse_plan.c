/* memory_reuse_plan.c: MemoryReuse's packing (passes.md 5.6, stages 1-2):
 * each MemRef's interval, then, largest first, every MemRef joins the
 * first buffer of its space none of whose members it overlaps, or opens
 * a buffer of its own.
 *
 * The reference packs so too (first fit, decreasing): a buffer is the size
 * of its first, largest member, so a later member never needs more room,
 * and a large tile late in the function can take the storage of small
 * tiles early in it (packed in definition order, a small tile early takes
 * a slot that a large one later cannot grow into, and a kernel that ends
 * with wide rows needs the sum of both).  Each buffer keeps its members
 * sorted by start: they are disjoint, so one binary search finds the two
 * a new interval could overlap.
 *
 * Intervals that touch (one ends at the statement where the other starts)
 * overlap unless that statement's op may write its result over the
 * operand that dies there, as the reference's in-place rule has it
 * (inputs are read before the output is written): an elementwise op of
 * the vector unit (unary, binary, ternary, with a scalar, with a
 * broadcast row or column vector, a conversion that does not widen),
 * over an operand of the result's shape that its op-table row does not
 * mark noalias (block.recip, addc, subc, fmod ...).  The broadcast vector,
 * scratch tiles, masks, and ops that move elements (reductions,
 * transposes, windows, sorts) never share.
 *
 * Only a kernel that does not fit its spaces otherwise is packed so: a
 * result in its operand's storage makes the next write of that operand
 * (the load of the next loop step) wait for the result's last reader
 * (its store), which costs the overlap of the pipes; where every space
 * fits without, the packing is kept apart (examples/tile_add at -O1:
 * 6,577 cycles in place, 5,687 apart). */
#include "config.h"
#include "passes/5_memory/memory_reuse.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A buffer: the MemRef of its first member and its members, by start. */
typedef struct Buffer {
    const IrMemRef *memref;
    uint8_t space;
    uint32_t n, cap;
    const Group **member;
} Buffer;

/* Whether e is or holds a variable whose MemRef is p's. */
static int mentions(Reuse *R, const IrExpr *e, const Group *p)
{
    const Member *mb;
    if (ir_is_var_like(e))
        return (mb = ptrmap_get(&R->members, e)) && mb->group == p;
    if (e->kind == EXPR_MAKE_TUPLE) {
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            if (mentions(R, IR_AS(IrMakeTuple, e)->elems[i], p))
                return 1;
    }
    return e->kind == EXPR_TUPLE_GET && mentions(R, IR_AS(IrTupleGet, e)->tuple, p);
}

/* Whether tiles a and b lay their elements out alike: the same static
 * shape and layout, no strides of their own. */
static int same_box(const IrType *a, const IrType *b)
{
    const IrTileView *va = a->tile_view, *vb = b->tile_view;
    if (a->n != b->n || (va && (va->nstride || va->start_offset)) || (vb && (vb->nstride || vb->start_offset)) ||
        (va ? va->blayout : TL_ROW_MAJOR) != (vb ? vb->blayout : TL_ROW_MAJOR) ||
        (va ? va->slayout : TL_NONE_BOX) != (vb ? vb->slayout : TL_NONE_BOX) ||
        (va ? va->fractal : 512) != (vb ? vb->fractal : 512))
        return 0;
    for (uint32_t d = 0; d < a->n; d++) {
        int64_t x, y;
        if (!ir_dim_value(a->dims[d], &x) || !ir_dim_value(b->dims[d], &y) || x != y)
            return 0;
    }
    return 1;
}

/* The classes whose op reads each element of an operand of the result's
 * shape before it writes the result's element in its place. */
static int elementwise(OpClass cls)
{
    switch (cls) {
    case OPCL_UNARY:
    case OPCL_ELEM2:
    case OPCL_ELEM3:
    case OPCL_TILE_SCALAR:
    case OPCL_ROW_EXPAND_OP:
    case OPCL_COL_EXPAND_OP:
    case OPCL_CAST:
        return 1;
    default:
        return 0;
    }
}

/* May q, starting where p ends, take p's storage: is every operand of q's
 * op that p holds one that its result may overwrite? */
static int in_place(Reuse *R, const Group *q, const Group *p)
{
    const IrCall *c;
    const OpDef *op;
    const IrType *rt;
    uint32_t lo, hi;
    int found = 0;
    if (!R->in_place_ok || !q->first || !p->ends_in_use || q->first->def != p->last || !q->first->value ||
        q->first->value->kind != EXPR_CALL)
        return 0;
    c = IR_AS(IrCall, q->first->value);
    rt = q->first->var->type;
    if (!(op = callee_op(c->callee)) || !elementwise((OpClass)op->cls))
        return 0;
    /* the operands of the result's shape; a conversion's is its source */
    lo = op->cls == OPCL_CAST ? 0 : op_traits(op)->eq_first;
    hi = op->cls == OPCL_CAST ? 1 : lo + op_traits(op)->eq_n;
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *at = ir_is_var_like(c->args[i]) ? ((const IrVar *)c->args[i])->type : NULL;
        if (!mentions(R, c->args[i], p))
            continue;
        if (!at || at->kind != TYPE_TILE || i < lo || i >= hi || (op->noalias >> i) & 1 || rt->kind != TYPE_TILE ||
            !same_box(at, rt) || dtype_bytes((DataType)rt->dtype) > dtype_bytes((DataType)at->dtype))
            return 0;
        found = 1;
    }
    return found;
}

/* Whether g overlaps a member of b; *at: where it goes in b's order. */
static int overlaps(Reuse *R, const Buffer *b, const Group *g, uint32_t *at)
{
    uint32_t lo = 0, hi = b->n;
    while (lo < hi) {   /* the first member starting after g */
        uint32_t mid = lo + (hi - lo) / 2;
        if (b->member[mid]->def > g->def)
            hi = mid;
        else
            lo = mid + 1;
    }
    *at = lo;
    if (lo < b->n) {
        const Group *next = b->member[lo];
        if (next->def < g->last || (next->def == g->last && !in_place(R, next, g)))
            return 1;
    }
    if (lo > 0) {
        const Group *prev = b->member[lo - 1];
        if (prev->last > g->def || (prev->last == g->def && !in_place(R, g, prev)))
            return 1;
    }
    return 0;
}

static void insert(Buffer *b, uint32_t at, const Group *g)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 4;
        b->member = xrealloc(b->member, xmul_size(b->cap, sizeof *b->member));
    }
    memmove(b->member + at + 1, b->member + at, (b->n - at) * sizeof *b->member);
    b->member[at] = g;
    b->n++;
}

/* Largest first; among equal sizes in definition order. */
static int by_size(const void *a, const void *b)
{
    const Group *x = *(Group *const *)a, *y = *(Group *const *)b;
    if (x->memref->size != y->memref->size)
        return x->memref->size > y->memref->size ? -1 : 1;
    if (x->def != y->def)
        return x->def < y->def ? -1 : 1;
    return x->memref->ref_id < y->memref->ref_id ? -1 : x->memref->ref_id > y->memref->ref_id;
}

/* The packing of the groups in order into bufs (reset first); the
 * number of buffers. */
static uint32_t pack(Reuse *R, Group **order, uint32_t ng, Buffer *bufs, uint32_t *where)
{
    uint32_t nb = 0;
    for (uint32_t k = 0; k < ng; k++) {
        Group *g = order[k];
        uint8_t space = (uint8_t)g->memref->space;
        uint32_t b = 0, at = 0;
        where[k] = UINT32_MAX;
        if (!g->memref->size)
            continue;   /* a dynamic shape: its real size is unknown */
        while (b < nb && (bufs[b].space != space || overlaps(R, &bufs[b], g, &at)))
            b++;
        if (b == nb) {
            bufs[nb].memref = g->memref;
            bufs[nb].space = space;
            nb++;
            at = 0;
        }
        insert(&bufs[b], at, g);
        where[k] = b;
    }
    return nb;
}

/* Whether the buffers fit every space of the target, each at its
 * alignment, the Vec scratch region of the function's largest scratch
 * tile and the pipe's reserved buffers included (as AllocateMemoryAddr
 * will place them). */
static int packing_fits(Reuse *R, const Buffer *bufs, uint32_t nb)
{
    uint64_t used[MS_COUNT] = {0}, scratch = 0, bytes;
    for (uint32_t k = 0; k < R->member_list.len; k++) {
        const IrExpr *v = R->member_list.data[k]->value;
        if (v && v->kind == EXPR_CALL && pass_needs_scratch(R->ir, R->pc->arch, IR_AS(IrCall, v), &bytes) &&
            bytes > scratch)
            scratch = bytes;
    }
    for (int s = 0; s < MS_COUNT; s++)
        used[s] = R->reserved[s];
    used[MS_VEC] += scratch;
    for (uint32_t b = 0; b < nb; b++) {
        uint64_t align = target_align((MemorySpace)bufs[b].space);
        if (bufs[b].space < MS_COUNT)
            used[bufs[b].space] += (bufs[b].memref->size + align - 1) / align * align;
    }
    for (int s = 0; s < MS_COUNT; s++) {
        uint64_t cap = target_capacity(R->pc->arch, (MemorySpace)s);
        if (cap && used[s] > cap)
            return 0;
    }
    return 1;
}

/* Intervals (step 2), then the packing (steps 3-4); fills R->remap and
 * R->live. */
void reuse_plan(Reuse *R)
{
    uint32_t ng = R->group_list.len, nb = 0;
    Group **order = arena_array(&R->scratch, ng ? ng : 1, sizeof *order);
    Buffer *bufs = arena_zalloc(&R->scratch, (ng ? ng : 1) * sizeof *bufs);
    uint32_t *where = arena_array(&R->scratch, ng ? ng : 1, sizeof *where);
    /* [first assignment, last use]; a MemRef only iter_args and return
     * variables refer to starts at its first definition of any kind. */
    int64_t *raised = arena_array(&R->scratch, ng ? ng : 1, sizeof *raised);
    for (uint32_t k = 0; k < ng; k++) {
        R->group_list.data[k]->def = INT64_MAX;
        R->group_list.data[k]->last = INT64_MIN;
        R->group_list.data[k]->first = NULL;
        raised[k] = INT64_MIN;
    }
    for (uint32_t k = 0; k < R->member_list.len; k++) {
        const Member *mb = R->member_list.data[k];
        Group *g = mb->group;
        if (mb->kind == DEF_ASSIGN && mb->def < g->def) {
            g->def = mb->def;
            g->first = mb;
        }
        if (mb->last > g->last)
            g->last = mb->last;
        if (mb->last != mb->use && mb->last > raised[g->index])
            raised[g->index] = mb->last;
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
            if (mb->group->def > c->start) {
                mb->group->def = c->start;
                mb->group->first = NULL;
            }
            if (mb->group->last < c->end)
                mb->group->last = c->end;
            if (raised[mb->group->index] < c->end)
                raised[mb->group->index] = c->end;
        }
    }
    for (uint32_t k = 0; k < ng; k++)
        R->group_list.data[k]->ends_in_use = raised[k] < R->group_list.data[k]->last;
    for (uint32_t k = 0; k < ng; k++)
        order[k] = R->group_list.data[k];
    qsort(order, ng, sizeof *order, by_size);
    /* apart first; in place only when that does not fit */
    R->in_place_ok = 0;
    nb = pack(R, order, ng, bufs, where);
    if (!packing_fits(R, bufs, nb)) {
        for (uint32_t b = 0; b < nb; b++)
            xfree(bufs[b].member);
        memset(bufs, 0, (ng ? ng : 1) * sizeof *bufs);
        R->in_place_ok = 1;
        nb = pack(R, order, ng, bufs, where);
    }
    for (uint32_t k = 0; k < ng; k++) {
        const Group *g = order[k];
        if (where[k] == UINT32_MAX || bufs[where[k]].memref == g->memref)
            ptrmap_put(&R->live, g->memref, (void *)1);
        else
            ptrmap_put(&R->remap, g->memref, (void *)bufs[where[k]].memref);
    }
    for (uint32_t b = 0; b < nb; b++)
        xfree(bufs[b].member);
}
