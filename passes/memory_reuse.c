/* memory_reuse.c: MemoryReuse (passes.md 5.6).
 *
 * Tiles whose lifetimes do not overlap share on-chip storage: a variable
 * takes the MemRef of an earlier one, and alloc statements nobody refers
 * to any more are deleted.  Per function:
 *
 *  0. Loop storage and yield fix-ups.  A loop carries a Tile iter_arg in
 *     its init value's MemRef; when something else still reads that
 *     storage after the loop starts (or two iter_args start from one
 *     tile), the loop gets a MemRef of its own and a copy of the init
 *     value (pyptocc; see plan_carried_storage).  Then the value a loop
 *     body yields for a Tile iter_arg must live in the iter_arg's MemRef,
 *     and the value each branch of an if yields for a Tile return variable
 *     in the return variable's.  When the yielded variable's storage
 *     belongs to that body alone (every variable sharing it is defined
 *     there), it is not defined by an op whose result must not share an
 *     argument's storage (block.recip, addc, subc), and, for loops, nothing
 *     that lives in the iter_arg's MemRef is used after that storage is
 *     first written, the storage is retargeted: the whole MemRef is merged
 *     into the required one (union-find), so a reshape or accumulation
 *     chain moves with it.  Otherwise a copy
 *     `<name>_mv = pl.block.vec_move(<value>)` in the required MemRef goes
 *     before the yield (Vec only; other spaces are an error); the copies
 *     of one yield are ordered as a parallel assignment.  Constructs are
 *     decided inner before outer, so an outer loop sees the merges of the
 *     ifs and loops inside it.
 *  1. Intervals.  One pre-order numbering walk gives every Tile variable
 *     with an on-chip MemRef its definition (assignments) and its last
 *     use; a use inside a loop that does not contain the definition counts
 *     as a use at the end of the outermost such loop.  A MemRef's interval
 *     spans all of its variables, and a loop-carried MemRef's the loop.
 *  2. Greedy reuse, in definition order, first fit per space.  Because the
 *     MemRefs are visited in order of their definitions, a MemRef v
 *     overlaps an earlier one p exactly when p's interval ends at or after
 *     v's definition, so each slot (a MemRef others may take) needs only
 *     the largest end of its users, and a slot that is free for v stays
 *     free for every later MemRef until one takes it.  A heap ordered by
 *     end releases the slots as the definitions pass them; the free slots
 *     of a space sit in a segment tree (by definition order) holding the
 *     largest free size of each range, where the first one large enough
 *     is found in one descent.  O(n log n) for n MemRefs, whatever the
 *     sizes and lifetimes.
 *  3. Rebuild: every variable re-created with its final MemRef; unused
 *     alloc statements dropped.
 *
 * pyptocc refinements of the rules: a MemRef of size 0 (a dynamic shape)
 * neither takes nor gives storage, since its real size is unknown; a
 * retarget also needs equal spaces and a required MemRef at least as
 * large; the loop-storage split and the ordering of copies above, without
 * which the plan would let a loop or a copy overwrite a tile still read.
 *
 * Stage 0 finds a split iter_arg again by name when the mutator hands it
 * over rebuilt (SSA names are unique; a function where iter_arg names
 * repeat gets an error instead of a split). */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef VEC(const IrStmt *) StmtList;

typedef enum DefKind { DEF_ASSIGN, DEF_ITER_ARG, DEF_RET } DefKind;

typedef struct Group Group;
typedef struct Member Member;

/* A Tile variable with an on-chip MemRef. */
struct Member {
    const IrVar *var;
    Group *group;            /* its MemRef's (stage 0: before merging) */
    int64_t def;             /* its defining statement (the loop or if for iter_args and return variables) */
    int64_t avail;           /* where its value exists: def, or the construct's end for return variables */
    int64_t last;            /* the last statement that uses it (raised, see number_function) */
    int32_t raise;           /* the loop whose end counts as a use, or -1 */
    int64_t carried;         /* iter_args: the end of their loop (their storage is written there), else 0 */
    uint8_t kind;            /* DefKind */
    uint8_t noalias;         /* defined by an op whose result must not share an argument's storage */
    /* Stage 0: the variable it shares its MemRef from (the source of a
     * copy, reshape or accumulation, an iter_arg's init value, a loop
     * result's iter_arg), and those sharing from it. */
    Member *parent, *first_child, *next_sibling;
    uint32_t group0;         /* stage 0: the index of its group before any split or merge */
};

/* The variables that share one MemRef. */
struct Group {
    const IrMemRef *memref;
    uint32_t index;          /* in group_list */
    Group *parent;           /* stage 0: the group it was merged into */
    int64_t min_def, max_def;    /* over all its variables (stage 0: of the merged group) */
    int64_t def, last;       /* the interval */
};

typedef struct LoopSpan {
    int64_t start, end;      /* the loop's number, its last statement's */
} LoopSpan;

typedef struct Construct {
    const IrStmt *stmt;
    int64_t start, end;
    int64_t then_lo, then_hi, else_lo, else_hi;   /* ifs: the branches' numbers */
    uint32_t inside_lo, inside_hi;   /* loops: the Members of the iter_args and the body */
} Construct;

typedef struct Reuse {
    PassCtx *pc;
    IrCtx *ir;
    const OpDef *vec_move;
    Arena scratch;               /* members and groups of the function */
    PtrMap members;              /* variable -> Member */
    VEC(Member *) member_list;   /* in order of definition (numbering order) */
    PtrMap groups;               /* MemRef -> Group */
    VEC(Group *) group_list;     /* in order of first appearance */
    VEC(LoopSpan) loops;         /* in order of their start */
    VEC(uint32_t) open;          /* the loops enclosing the statement being numbered */
    VEC(Construct) constructs;   /* loops and ifs, inner before outer */
    int64_t counter;
    PtrMap names;                /* names defined in the function (for the copies) */
    PtrMap remap;                /* MemRef -> the MemRef its variables move to */
    PtrMap live;                 /* MemRefs still referenced (their allocs stay) */
    PtrMap rebuilt;              /* node given to the mutator hook -> its replacement */
    uint32_t next_id;            /* stage 0: an id no MemRef of the function has */
    PtrMap var_memref;           /* stage 0: variable moved to a new MemRef -> it */
    PtrMap iter_memref;          /* stage 0: iter_arg (by name) moved to a new MemRef -> it */
    PtrMap init_copy;            /* stage 0: iter_arg (by name) whose init value is copied in */
    PtrMap pending;              /* stage 0: rebuilt iter_arg (init: its copy) -> the value to copy */
    uint32_t npending;           /* stage 0: copies not placed yet */
    int names_unique;            /* stage 0: no two iter_args of the function share a name */
    VEC(const IrMemRef *) new_allocs;   /* stage 0: MemRefs of split loops and swap temporaries */
    const OpDef *alloc_op;
    int stage;                   /* 0: yield fix-up rebuild; 1: final rebuild */
    int failed;
} Reuse;

/* ------------------------------------------------------------ numbering */

static void reset_analysis(Reuse *R)
{
    /* Maps are freed, not cleared: clearing costs their capacity, which a
     * large function before many small ones would make quadratic. */
    arena_free(&R->scratch);
    arena_init(&R->scratch);
    ptrmap_free(&R->members);
    ptrmap_free(&R->groups);
    R->group_list.len = 0;
    R->member_list.len = 0;
    R->loops.len = 0;
    R->open.len = 0;
    R->constructs.len = 0;
    R->counter = 0;
}

/* Every definition's name (copies get new ones) and MemRef id (swap
 * temporaries get new ones). */
static void add_name(Reuse *R, const IrVar *v)
{
    const IrMemRef *m = v->e.kind == EXPR_MEMREF ? (const IrMemRef *)v : ir_type_is_shaped(v->type) ? v->type->memref
                                                                                                      : NULL;
    ptrmap_put(&R->names, v->name, (void *)1);
    if (m && m->ref_id >= R->next_id)
        R->next_id = m->ref_id + 1;
}

/* Whether e is a call whose result must not share an argument's storage
 * (the op table's noalias: block.recip on A2/A3, addc, subc). */
static int is_noalias(const IrExpr *e)
{
    const OpDef *op;
    return e->kind == EXPR_CALL && (op = callee_op(IR_AS(IrCall, e)->callee)) && op->noalias;
}

/* Starts tracking v, defined at statement def, if it is a Tile with an
 * on-chip MemRef. */
static Member *track(Reuse *R, const IrVar *v, int64_t def, DefKind kind, int noalias, const IrExpr *source)
{
    const IrType *t = v->type;
    Group *g;
    Member *mb, *src;
    if (kind == DEF_ITER_ARG && ptrmap_get(&R->names, v->name))
        R->names_unique = 0;
    add_name(R, v);
    if (t->kind != TYPE_TILE || !t->memref || t->memref->space == MS_DDR)
        return NULL;
    if (!(g = ptrmap_get(&R->groups, t->memref))) {
        g = arena_zalloc(&R->scratch, sizeof *g);
        g->memref = t->memref;
        g->min_def = g->max_def = def;
        g->index = R->group_list.len;
        ptrmap_put(&R->groups, t->memref, g);
        vec_push(R->group_list, g);
    }
    if (def < g->min_def)
        g->min_def = def;
    if (def > g->max_def)
        g->max_def = def;
    mb = arena_zalloc(&R->scratch, sizeof *mb);
    mb->var = v;
    mb->group = g;
    mb->def = mb->last = def;
    mb->avail = kind == DEF_RET ? R->counter : def;
    mb->group0 = g->index;
    mb->raise = -1;
    mb->kind = (uint8_t)kind;
    mb->noalias = (uint8_t)noalias;
    vec_push(R->member_list, mb);
    ptrmap_put(&R->members, v, mb);
    if (source && ir_is_var_like(source) && (src = ptrmap_get(&R->members, source)) && src->group == g) {
        mb->parent = src;
        mb->next_sibling = src->first_child;
        src->first_child = mb;
    }
    return mb;
}

/* What an assignment's target shares its MemRef from (passes.md 5.5). */
static const IrExpr *share_source(const IrExpr *value)
{
    const OpDef *op;
    if (ir_is_var_like(value))
        return value;
    if (value->kind != EXPR_CALL || !(op = callee_op(IR_AS(IrCall, value)->callee)) || !IR_AS(IrCall, value)->nargs)
        return NULL;
    return op_traits(op)->result == RES_ARG0 ? IR_AS(IrCall, value)->args[0] : NULL;
}

/* The uses in e, at statement at. */
static void use_expr(Reuse *R, const IrExpr *e, int64_t at)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG: {
        Member *mb = ptrmap_get(&R->members, e);
        uint32_t lo = 0, hi = R->open.len;
        if (!mb)
            return;
        if (at > mb->last)
            mb->last = at;
        /* The outermost enclosing loop that does not contain the
         * definition: the first open loop starting after it. */
        while (lo < hi) {
            uint32_t mid = (lo + hi) / 2;
            if (R->loops.data[R->open.data[mid]].start > mb->def)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (lo < R->open.len)
            mb->raise = (int32_t)R->open.data[lo];
        return;
    }
    case EXPR_BINARY:
        use_expr(R, IR_AS(IrBinary, e)->lhs, at);
        use_expr(R, IR_AS(IrBinary, e)->rhs, at);
        return;
    case EXPR_UNARY:
        use_expr(R, IR_AS(IrUnary, e)->operand, at);
        return;
    case EXPR_CALL:
        for (uint32_t i = 0; i < IR_AS(IrCall, e)->nargs; i++)
            use_expr(R, IR_AS(IrCall, e)->args[i], at);
        return;
    case EXPR_TUPLE_GET:
        use_expr(R, IR_AS(IrTupleGet, e)->tuple, at);
        return;
    case EXPR_MAKE_TUPLE:
        for (uint32_t i = 0; i < IR_AS(IrMakeTuple, e)->n; i++)
            use_expr(R, IR_AS(IrMakeTuple, e)->elems[i], at);
        return;
    default:
        return;
    }
}

static uint32_t open_loop(Reuse *R, int64_t start)
{
    LoopSpan l;
    l.start = start;
    l.end = start;
    vec_push(R->loops, l);
    vec_push(R->open, R->loops.len - 1);
    return R->loops.len - 1;
}

/* The loop ends here; its Tile iter_args hold the carried values until
 * then (each iteration's yield writes them at its end). */
static void close_loop(Reuse *R, uint32_t idx, uint32_t n, const IrIterArg *const *it)
{
    R->loops.data[idx].end = R->counter;
    R->open.len--;
    for (uint32_t i = 0; i < n; i++) {
        Member *mb = ptrmap_get(&R->members, &it[i]->v);
        if (mb)
            mb->carried = R->counter;
    }
}

static void add_construct(Reuse *R, const IrStmt *s, int64_t start, int64_t tl, int64_t th, int64_t el, int64_t eh,
                          uint32_t inside_lo, uint32_t inside_hi)
{
    Construct c;
    c.stmt = s;
    c.inside_lo = inside_lo;
    c.inside_hi = inside_hi;
    c.start = start;
    c.end = R->counter;
    c.then_lo = tl;
    c.then_hi = th;
    c.else_lo = el;
    c.else_hi = eh;
    vec_push(R->constructs, c);
}

/* Numbers s and its statements in pre-order (statement lists are not
 * statements of their own). */
static void number_stmt(Reuse *R, const IrStmt *s)
{
    int64_t n;
    if (!s)
        return;
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            number_stmt(R, q->stmts[i]);
        return;
    }
    n = ++R->counter;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        use_expr(R, a->value, n);
        if (a->var->e.kind == EXPR_MEMREF)
            add_name(R, a->var);
        else
            track(R, a->var, n, DEF_ASSIGN, is_noalias(a->value), share_source(a->value));
        return;
    }
    case STMT_EVAL:
        use_expr(R, IR_AS(IrEval, s)->expr, n);
        return;
    case STMT_YIELD:
    case STMT_RETURN:
        for (uint32_t i = 0; i < IR_AS(IrValues, s)->n; i++)
            use_expr(R, IR_AS(IrValues, s)->values[i], n);
        return;
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        int64_t tl, th, el;
        use_expr(R, f->cond, n);
        tl = R->counter + 1;
        number_stmt(R, f->then_body);
        th = R->counter;
        el = R->counter + 1;
        number_stmt(R, f->else_body);
        for (uint32_t i = 0; i < f->nret; i++)
            track(R, f->ret[i], n, DEF_RET, 0, NULL);
        add_construct(R, s, n, tl, th, el, R->counter, 0, 0);
        return;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        uint32_t loop, inside;
        use_expr(R, f->start, n);
        use_expr(R, f->stop, n);
        use_expr(R, f->step, n);
        for (uint32_t i = 0; i < f->niter; i++)
            use_expr(R, f->iter_args[i]->init, n);
        loop = open_loop(R, n);
        add_name(R, f->loop_var);
        inside = R->member_list.len;
        for (uint32_t i = 0; i < f->niter; i++)
            track(R, &f->iter_args[i]->v, n, DEF_ITER_ARG, 0, f->iter_args[i]->init);
        number_stmt(R, f->body);
        close_loop(R, loop, f->niter, f->iter_args);
        add_construct(R, s, n, 0, 0, 0, 0, inside, R->member_list.len);
        for (uint32_t i = 0; i < f->niter; i++)
            track(R, f->ret[i], n, DEF_RET, 0, &f->iter_args[i]->v.e);
        return;
    }
    case STMT_WHILE: {
        /* The condition is evaluated in every iteration: inside the loop. */
        const IrWhile *w = IR_AS(IrWhile, s);
        uint32_t loop, inside;
        for (uint32_t i = 0; i < w->niter; i++)
            use_expr(R, w->iter_args[i]->init, n);
        loop = open_loop(R, n);
        inside = R->member_list.len;
        for (uint32_t i = 0; i < w->niter; i++)
            track(R, &w->iter_args[i]->v, n, DEF_ITER_ARG, 0, w->iter_args[i]->init);
        use_expr(R, w->cond, n);
        number_stmt(R, w->body);
        close_loop(R, loop, w->niter, w->iter_args);
        add_construct(R, s, n, 0, 0, 0, 0, inside, R->member_list.len);
        for (uint32_t i = 0; i < w->niter; i++)
            track(R, w->ret[i], n, DEF_RET, 0, &w->iter_args[i]->v.e);
        return;
    }
    case STMT_SCOPE:
        number_stmt(R, IR_AS(IrScope, s)->body);
        return;
    default:
        return;
    }
}

/* Numbers the function and applies the loop rule to the last uses. */
static void number_function(Reuse *R, const IrFunc *f)
{
    reset_analysis(R);
    R->next_id = 0;
    R->names_unique = 1;
    for (uint32_t i = 0; i < f->nparams; i++)
        add_name(R, f->params[i].var);
    number_stmt(R, f->body);
    for (uint32_t k = 0; k < R->member_list.len; k++) {
        Member *mb = R->member_list.data[k];
        if (mb->raise >= 0 && R->loops.data[mb->raise].end > mb->last)
            mb->last = R->loops.data[mb->raise].end;
    }
}

/* ------------------------------------------------------ stage 0: yields */

static Group *find(Group *g)
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

static void plan_carried_storage(Reuse *R)
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
        if (last > first_write && find(mb->group) == req)
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
    req = find(t->group);
    gy = find(y->group);
    if (req == gy || !can_retarget(y, gy, req, lo, hi))
        return;
    if (is_loop && !carried_dead_by(R, req, c, gy->min_def))
        return;
    merge_into(gy, req);
}

static void decide_yields(Reuse *R)
{
    for (uint32_t k = 0; k < R->constructs.len; k++) {
        const Construct *c = &R->constructs.data[k];
        const IrStmt *s = c->stmt;
        if (s->kind == STMT_IF) {
            const IrIf *f = IR_AS(IrIf, s);
            const IrValues *ty = ir_body_yield(f->then_body), *ey = ir_body_yield(f->else_body);
            for (uint32_t i = 0; i < f->nret; i++) {
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
        Group *g = R->group_list.data[k], *root = find(g);
        if (root != g)
            ptrmap_put(&R->remap, g->memref, (void *)root->memref);
    }
}

/* -------------------------------------------------------------- rebuild */

static const IrType *type_with_memref(IrCtx *ir, const IrType *t, const IrMemRef *m)
{
    if (t->kind == TYPE_TILE)
        return ir_type_tile(ir, (DataType)t->dtype, t->n, t->dims, m, t->tile_view);
    return ir_type_tensor(ir, (DataType)t->dtype, t->n, t->dims, m, t->tensor_view);
}

/* `<base>_mv`, or `<base>_mv_<k>` when that name is taken. */
static const char *copy_name(Reuse *R, const char *base)
{
    size_t len = strlen(base);
    char *buf = xmalloc(len + 4);
    const char *mv, *name;
    memcpy(buf, base, len);
    memcpy(buf + len, "_mv", 4);
    mv = name = ir_name(R->ir, buf);
    xfree(buf);
    for (uint64_t k = 1; ptrmap_get(&R->names, name); k++)
        name = pass_versioned_name(R->ir, mv, "_", k);
    ptrmap_put(&R->names, name, (void *)1);
    return name;
}

/* One copy of a parallel assignment: value (in MemRef from) into MemRef
 * to, as variable dest (made when emitted if NULL). */
typedef struct Move {
    uint32_t slot;
    const IrExpr *value;
    const IrMemRef *from, *to;
    const IrVar *dest;
    int done;
} Move;
typedef VEC(Move) MoveList;

/* `<name> = pl.block.vec_move(value)` in MemRef to (as dest when given),
 * appended to stmts. */
static const IrVar *emit_copy(Reuse *R, StmtList *stmts, const IrExpr *value, const IrMemRef *to, const IrVar *dest,
                              Span at)
{
    IrCtx *ir = R->ir;
    const IrType *ct;
    OpError err;
    ct = op_deduce(ir, R->vec_move, &value, 1, NULL, 0, &err);
    if (!ct)
        ICE("MemoryReuse: vec_move of '%s' does not type-check: %s", IR_AS(IrVar, value)->name, err.msg);
    if (!dest)
        dest = ir_var_new(ir, copy_name(R, IR_AS(IrVar, value)->name),
                          type_with_memref(ir, ir_expr_type(ir, value), to), at);
    vec_push(*stmts, ir_assign(ir, dest, ir_call(ir, &R->vec_move->callee, 1, &value, 0, NULL, ct, at), at));
    return dest;
}

static const IrMemRef *temp_memref(Reuse *R, const IrType *t, Span at);

/* The copies of a parallel assignment in an order that reads every value
 * before it is overwritten: a copy into a MemRef waits until the copies
 * reading it are done, and a cycle (values trading places) goes through a
 * temporary.  Fills each move's dest. */
static void emit_moves(Reuse *R, MoveList *moves, StmtList *stmts, Span at)
{
    uint32_t pending = moves->len;
    while (pending) {
        int progress = 0;
        for (uint32_t k = 0; k < moves->len; k++) {
            Move *mv = &moves->data[k];
            int blocked = 0;
            if (mv->done)
                continue;
            for (uint32_t j = 0; j < moves->len && !blocked; j++)
                blocked = j != k && !moves->data[j].done && moves->data[j].from == mv->to;
            if (blocked)
                continue;
            mv->dest = emit_copy(R, stmts, mv->value, mv->to, mv->dest, at);
            mv->done = 1;
            pending--;
            progress = 1;
        }
        if (!progress) {
            /* Every pending copy overwrites what another still reads: save
             * one value in a temporary first. */
            for (uint32_t k = 0; k < moves->len; k++) {
                Move *mv = &moves->data[k];
                if (mv->done)
                    continue;
                mv->from = temp_memref(R, ir_expr_type(R->ir, mv->value), at);
                mv->value = &emit_copy(R, stmts, mv->value, mv->from, NULL, at)->e;
                break;
            }
        }
    }
}

/* Mutator hook: variables whose MemRef moves are re-created.  Stage 0:
 * a split iter_arg takes the copy of its init value as init. */
static const IrExpr *rebuild_expr(IrMutator *m, const IrExpr *e)
{
    Reuse *R = m->data;
    const IrVar *v;
    const IrMemRef *from, *to;
    const IrExpr *done;
    if (e->kind != EXPR_VAR && e->kind != EXPR_ITER_ARG)
        return e;
    if ((done = ptrmap_get(&R->rebuilt, e)))
        return done;
    v = IR_AS(IrVar, e);
    if (!ir_type_is_shaped(v->type) || !v->type->memref)
        return e;
    from = NULL;
    if (R->stage == 0)
        from = e->kind == EXPR_ITER_ARG ? ptrmap_get(&R->iter_memref, v->name) : ptrmap_get(&R->var_memref, e);
    if (!from)
        from = v->type->memref;
    if (!(to = ptrmap_get(&R->remap, from)))
        to = from;
    if (e->kind == EXPR_ITER_ARG) {
        const IrExpr *init = IR_AS(IrIterArg, e)->init;
        if (R->stage == 0 && ptrmap_get(&R->init_copy, v->name) && ir_is_var_like(init) &&
            ir_expr_type(R->ir, init)->memref != to) {
            /* The copy's variable now; its statement is placed (and
             * ordered among the loop's other copies) before the loop. */
            IrVar *dest = ir_var_new(R->ir, copy_name(R, IR_AS(IrVar, init)->name),
                                     type_with_memref(R->ir, ir_expr_type(R->ir, init), to), v->e.span);
            done = &ir_iter_arg_new(R->ir, v->name, type_with_memref(R->ir, v->type, to), &dest->e, v->e.span)->v.e;
            ptrmap_put(&R->pending, done, (void *)init);
            R->npending++;
        } else if (to != v->type->memref) {
            done = &ir_iter_arg_new(R->ir, v->name, type_with_memref(R->ir, v->type, to), init, v->e.span)->v.e;
        } else {
            return e;
        }
    } else if (to != v->type->memref) {
        done = &ir_var_new(R->ir, v->name, type_with_memref(R->ir, v->type, to), v->e.span)->e;
    } else {
        return e;
    }
    ptrmap_put(&R->rebuilt, e, (void *)done);
    return done;
}

/* Stage 0: the copies of split iter_args' init values go right before
 * their loops. */
static const IrStmt *place_init_copies(Reuse *R, const IrStmt *s)
{
    const IrSeq *q = IR_AS(IrSeq, s);
    StmtList all;
    int any = 0;
    vec_init(all);
    for (uint32_t i = 0; i < q->n; i++) {
        const IrStmt *c = q->stmts[i];
        uint32_t n = c->kind == STMT_FOR     ? IR_AS(IrFor, c)->niter
                     : c->kind == STMT_WHILE ? IR_AS(IrWhile, c)->niter
                                             : 0;
        const IrIterArg *const *it = c->kind == STMT_FOR     ? IR_AS(IrFor, c)->iter_args
                                     : c->kind == STMT_WHILE ? IR_AS(IrWhile, c)->iter_args
                                                             : NULL;
        MoveList moves;
        vec_init(moves);
        for (uint32_t k = 0; k < n; k++) {
            const IrExpr *init = ptrmap_get(&R->pending, it[k]);
            Move mv;
            if (!init)
                continue;
            mv.slot = k;
            mv.value = init;
            mv.from = ir_expr_type(R->ir, init)->memref;
            mv.dest = IR_AS(IrVar, it[k]->init);
            mv.to = mv.dest->type->memref;
            mv.done = 0;
            vec_push(moves, mv);
            R->npending--;
            any = 1;
        }
        emit_moves(R, &moves, &all, c->span);
        vec_free(moves);
        vec_push(all, c);
    }
    if (any)
        s = ir_seq(R->ir, (IrStmtKind)s->kind, all.len, all.data, s->span);
    vec_free(all);
    return s;
}

/* A fresh Vec MemRef for a temporary of type t (its alloc statement goes
 * to the top of the function when the stage ends). */
static const IrMemRef *temp_memref(Reuse *R, const IrType *t, Span at)
{
    char name[48];
    uint32_t id = R->next_id++;
    const IrMemRef *m;
    snprintf(name, sizeof name, "mem_vec_%u", id);
    m = ir_memref_new(R->ir, ir_name(R->ir, name), MS_VEC, ir_const_int(R->ir, -1, DT_INT64, span_unknown()),
                      ir_type_byte_size(t), id, at);
    vec_push(R->new_allocs, m);
    return m;
}

/* The body with its yield fixed: each value that does not live in its
 * target's MemRef is copied there first.  The copies form a parallel
 * assignment: a copy into a MemRef waits until the copies reading it are
 * done, and a cycle (values trading places) goes through a temporary.
 * role/targets name what receives the values (iter_args or return
 * variables). */
static const IrStmt *fix_body(Reuse *R, const IrStmt *body, uint32_t n, const IrVar *const *targets, const char *role)
{
    IrCtx *ir = R->ir;
    const IrValues *y = ir_body_yield(body);
    const IrExpr **vals;
    MoveList moves;
    StmtList stmts;
    const IrStmt *r;
    if (!y)
        return body;
    vec_init(moves);
    for (uint32_t i = 0; i < n && i < y->n; i++) {
        const IrType *t = targets[i]->type, *vt = ir_expr_type(ir, y->values[i]);
        const IrMemRef *want = t->memref;
        const IrExpr *arg = y->values[i];
        Move mv;
        if (t->kind != TYPE_TILE || !want || want->space == MS_DDR || vt->memref == want)
            continue;
        if (!vt->memref || vt->memref->space != want->space || want->space != MS_VEC || !ir_is_var_like(arg)) {
            /* Shown at the yielded variable's definition, where the space
             * was chosen; a synthesised yield has only its construct's span. */
            const char *vname = ir_is_var_like(arg) ? IR_AS(IrVar, arg)->name : "?";
            Span at = ir_is_var_like(arg) && span_is_known(arg->span) ? arg->span : y->s.span;
            if (!vt->memref || vt->memref->space != want->space)
                diag_error(R->pc->diag, at,
                           "'%s' is a %s tile, but it is yielded for %s '%s', which lives in %s memory",
                           vname, vt->memref ? memspace_name((MemorySpace)vt->memref->space) : "unplanned", role,
                           targets[i]->name, memspace_name((MemorySpace)want->space));
            else
                diag_error(R->pc->diag, at,
                           "'%s' is yielded for %s '%s' and must be copied into its %s MemRef, but only Vec tiles can "
                           "be copied (pl.block.vec_move)",
                           vname, role, targets[i]->name, memspace_name((MemorySpace)want->space));
            R->failed = 1;
            continue;
        }
        mv.slot = i;
        mv.value = arg;
        mv.from = vt->memref;
        mv.to = want;
        mv.dest = NULL;
        mv.done = 0;
        vec_push(moves, mv);
    }
    if (!moves.len) {
        vec_free(moves);
        return body;
    }
    vec_init(stmts);
    emit_moves(R, &moves, &stmts, y->s.span);
    vals = xmalloc(xmul_size(y->n, sizeof *vals));
    memcpy(vals, y->values, y->n * sizeof *vals);
    for (uint32_t k = 0; k < moves.len; k++)
        vals[moves.data[k].slot] = &moves.data[k].dest->e;
    vec_free(moves);
    vec_push(stmts, ir_yield(ir, y->n, vals, y->s.span));
    xfree(vals);
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, body);
        StmtList all;
        vec_init(all);
        for (uint32_t i = 0; i + 1 < q->n; i++)
            vec_push(all, q->stmts[i]);
        for (uint32_t i = 0; i < stmts.len; i++)
            vec_push(all, stmts.data[i]);
        r = ir_seq(ir, (IrStmtKind)body->kind, all.len, all.data, body->span);
        vec_free(all);
    } else {
        r = ir_seq(ir, STMT_SEQ, stmts.len, stmts.data, body->span);
    }
    vec_free(stmts);
    return r;
}

static const IrStmt *fix_loop(Reuse *R, uint32_t n, const IrIterArg *const *it, const IrStmt *body)
{
    const IrVar **targets = xmalloc(xmul_size(n ? n : 1, sizeof *targets));
    const IrStmt *fixed;
    for (uint32_t i = 0; i < n; i++)
        targets[i] = &it[i]->v;
    fixed = fix_body(R, body, n, targets, "iter_arg");
    xfree(targets);
    return fixed;
}

static int is_alloc_stmt(const IrStmt *s)
{
    return s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_MEMREF;
}

/* Mutator hook.  Stage 0: yields fixed after their construct was rebuilt.
 * Final stage: alloc statements of MemRefs no variable uses dropped (not
 * a scratch region's: the ops that need it use it). */
static const IrStmt *rebuild_stmt(IrMutator *m, const IrStmt *s)
{
    Reuse *R = m->data;
    IrCtx *ir = R->ir;
    if (R->stage == 0) {
        switch ((IrStmtKind)s->kind) {
        case STMT_FOR: {
            const IrFor *f = IR_AS(IrFor, s);
            const IrStmt *body = fix_loop(R, f->niter, f->iter_args, f->body);
            return body == f->body ? s
                                   : ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter,
                                            f->iter_args, f->ret, body, s->span);
        }
        case STMT_WHILE: {
            const IrWhile *w = IR_AS(IrWhile, s);
            const IrStmt *body = fix_loop(R, w->niter, w->iter_args, w->body);
            return body == w->body ? s : ir_while(ir, w->cond, w->niter, w->iter_args, w->ret, body, s->span);
        }
        case STMT_SEQ:
        case STMT_OPS:
            return R->npending ? place_init_copies(R, s) : s;
        case STMT_IF: {
            const IrIf *f = IR_AS(IrIf, s);
            const IrStmt *t = fix_body(R, f->then_body, f->nret, f->ret, "return variable");
            const IrStmt *e = f->else_body ? fix_body(R, f->else_body, f->nret, f->ret, "return variable") : NULL;
            return t == f->then_body && e == f->else_body ? s : ir_if(ir, f->cond, t, e, f->nret, f->ret, s->span);
        }
        default:
            return s;
        }
    }
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        StmtList keep;
        int dropped = 0;
        vec_init(keep);
        for (uint32_t i = 0; i < q->n; i++) {
            if (is_alloc_stmt(q->stmts[i]) && !ptrmap_get(&R->live, IR_AS(IrAssign, q->stmts[i])->var) &&
                !ir_scratch_alloc(q->stmts[i]))
                dropped = 1;
            else
                vec_push(keep, q->stmts[i]);
        }
        if (dropped)
            s = ir_seq(ir, (IrStmtKind)s->kind, keep.len, keep.data, s->span);
        vec_free(keep);
    }
    return s;
}

/* The body with the alloc statements of the new MemRefs after the
 * leading allocs (one flat statement list, as the front end builds it). */
static const IrStmt *add_allocs(Reuse *R, const IrStmt *body)
{
    IrCtx *ir = R->ir;
    StmtList all;
    const IrSeq *q;
    const IrStmt *r;
    uint32_t lead = 0;
    if (!R->new_allocs.len)
        return body;
    vec_init(all);
    q = body->kind == STMT_SEQ || body->kind == STMT_OPS ? IR_AS(IrSeq, body) : NULL;
    while (q && lead < q->n && is_alloc_stmt(q->stmts[lead]))
        vec_push(all, q->stmts[lead++]);
    for (uint32_t i = 0; i < R->new_allocs.len; i++) {
        const IrMemRef *m = R->new_allocs.data[i];
        const IrExpr *args[4];
        args[0] = ir_const_int(ir, m->space, DT_INT64, m->v.e.span);
        args[1] = m->addr;
        args[2] = ir_const_int(ir, (int64_t)m->size, DT_INT64, m->v.e.span);
        args[3] = ir_const_int(ir, m->ref_id, DT_INT64, m->v.e.span);
        vec_push(all, ir_assign(ir, &m->v,
                                ir_call(ir, &R->alloc_op->callee, 4, args, 0, NULL, ir_type_memref(ir), m->v.e.span),
                                m->v.e.span));
    }
    if (q)
        for (uint32_t i = lead; i < q->n; i++)
            vec_push(all, q->stmts[i]);
    else
        vec_push(all, body);
    r = ir_seq(ir, STMT_SEQ, all.len, all.data, body->span);
    vec_free(all);
    return r;
}

static const IrStmt *rebuild(Reuse *R, const IrStmt *body, int stage)
{
    IrMutator m;
    const IrStmt *r;
    memset(&m, 0, sizeof m);
    m.ctx = R->ir;
    m.expr = rebuild_expr;
    m.stmt = rebuild_stmt;
    m.data = R;
    R->stage = stage;
    R->npending = 0;
    r = ir_mutate_stmt(&m, body);
    if (R->npending)
        ICE("MemoryReuse: a loop whose init value is copied is not in a statement list");
    ptrmap_free(&R->rebuilt);
    ptrmap_free(&R->remap);
    ptrmap_free(&R->pending);
    return r;
}

/* --------------------------------------------------- stages 1-2: reuse */

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
static void plan_reuse(Reuse *R)
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

/* ------------------------------------------------------------------ pass */

static const IrFunc *reuse_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Reuse *R = data;
    const IrStmt *body;
    if (!f->body)
        return f;
    ptrmap_free(&R->names);
    ptrmap_free(&R->live);
    ptrmap_free(&R->var_memref);
    ptrmap_free(&R->iter_memref);
    ptrmap_free(&R->init_copy);
    R->failed = 0;

    /* Stage 0. */
    number_function(R, f);
    R->new_allocs.len = 0;
    plan_carried_storage(R);
    if (R->failed)
        return NULL;
    decide_yields(R);
    body = add_allocs(R, rebuild(R, f->body, 0));
    if (R->failed)
        return NULL;

    /* Stages 1-3, on the fixed body. */
    {
        IrFunc tmp = *f;
        tmp.body = body;
        number_function(R, &tmp);
    }
    plan_reuse(R);
    body = rebuild(R, body, 1);
    if (body == f->body)
        return f;
    return ir_func_new(R->ir, f->name, (FuncType)f->type, f->nparams, f->params, f->nret, f->ret_types, body,
                       f->span);
}

const IrProgram *pass_memory_reuse(PassCtx *pc, const IrProgram *prog)
{
    Reuse R;
    const IrProgram *r;
    memset(&R, 0, sizeof R);
    R.pc = pc;
    R.ir = pc->ir;
    R.vec_move = op_by_id(OP_BLOCK_VEC_MOVE);
    R.alloc_op = op_by_id(OP_BLOCK_ALLOC);
    arena_init(&R.scratch);
    ptrmap_init(&R.members);
    ptrmap_init(&R.groups);
    ptrmap_init(&R.names);
    ptrmap_init(&R.remap);
    ptrmap_init(&R.live);
    ptrmap_init(&R.rebuilt);
    ptrmap_init(&R.var_memref);
    ptrmap_init(&R.iter_memref);
    ptrmap_init(&R.init_copy);
    ptrmap_init(&R.pending);
    vec_init(R.group_list);
    vec_init(R.member_list);
    vec_init(R.new_allocs);
    vec_init(R.loops);
    vec_init(R.open);
    vec_init(R.constructs);
    r = pass_map_functions_with(pc, prog, reuse_function, &R, MAP_CONTINUE);
    arena_free(&R.scratch);
    ptrmap_free(&R.members);
    ptrmap_free(&R.groups);
    ptrmap_free(&R.names);
    ptrmap_free(&R.remap);
    ptrmap_free(&R.live);
    ptrmap_free(&R.rebuilt);
    ptrmap_free(&R.var_memref);
    ptrmap_free(&R.iter_memref);
    ptrmap_free(&R.init_copy);
    ptrmap_free(&R.pending);
    vec_free(R.group_list);
    vec_free(R.member_list);
    vec_free(R.new_allocs);
    vec_free(R.loops);
    vec_free(R.open);
    vec_free(R.constructs);
    return r;
}
