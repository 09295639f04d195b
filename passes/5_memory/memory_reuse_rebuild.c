/* memory_reuse_rebuild.c: MemoryReuse's rebuilds (passes.md 5.6).  Stage 0
 * fixes yields (a value not in its target's MemRef is copied there with
 * pl.block.vec_move, the copies of one yield ordered as a parallel
 * assignment) and places the init copies of split loops; the final stage
 * re-creates every variable with its final MemRef and drops the alloc
 * statements no variable uses. */
#include "config.h"
#include "passes/5_memory/memory_reuse.h"
#include "targets/isa_rules.h"
#include "ir/visit.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

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
                          ir_type_with_memref(ir, ir_expr_type(ir, value), to), at);
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
                                     ir_type_with_memref(R->ir, ir_expr_type(R->ir, init), to), v->e.span);
            done = &ir_iter_arg_new(R->ir, v->name, ir_type_with_memref(R->ir, v->type, to), &dest->e, v->e.span)->v.e;
            ptrmap_put(&R->pending, done, (void *)init);
            R->npending++;
        } else if (to != v->type->memref) {
            done = &ir_iter_arg_new(R->ir, v->name, ir_type_with_memref(R->ir, v->type, to), init, v->e.span)->v.e;
        } else {
            return e;
        }
    } else if (to != v->type->memref) {
        done = &ir_var_new(R->ir, v->name, ir_type_with_memref(R->ir, v->type, to), v->e.span)->e;
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
                      isa_tile_bytes(R->pc->arch, t, MS_VEC), id, at);
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
                                   : ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop,
                                                          f->step, f->niter, f->iter_args, f->ret, body, s->span),
                                                   f->stage);
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
const IrStmt *reuse_add_allocs(Reuse *R, const IrStmt *body)
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

const IrStmt *reuse_rebuild(Reuse *R, const IrStmt *body, int stage)
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
