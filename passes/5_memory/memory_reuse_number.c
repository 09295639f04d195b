/* memory_reuse_number.c: MemoryReuse's numbering (passes.md 5.6, stage 1
 * and the analysis stage 0 starts from).  One pre-order walk numbers the
 * statements of a function and tracks every Tile variable with an on-chip
 * MemRef (a Member, in its MemRef's Group): where it is defined, where it
 * is last used, what it shares its MemRef from, and the loops and ifs
 * (Constructs) around it. */
#include "config.h"
#include "passes/5_memory/memory_reuse.h"

#include <string.h>

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
    mb->def = mb->last = mb->use = def;
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
            mb->last = mb->use = at;
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
        else {
            Member *mb = track(R, a->var, n, DEF_ASSIGN, is_noalias(a->value), share_source(a->value));
            if (mb)
                mb->value = a->value;
        }
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
void reuse_number_function(Reuse *R, const IrFunc *f)
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
