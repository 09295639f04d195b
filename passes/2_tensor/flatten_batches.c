/* flatten_batches.c: FlattenTileNdTo2D's batched matrix multiplies with a
 * batch above 1 (pypto@e2d0f78a docs/en/dev/passes/
 * 13-flatten_tile_nd_to_2d.md: "Expand to per-batch 2D tile.matmul,
 * honoring batch broadcast").
 *
 *   out = batch_matmul(l, r)            l [B.., M, K], r [B.., K, N]
 *   res = store(out, offsets, T)        its one use: a store of it whole
 *
 * becomes, for each batch index b of the result (an operand's batch
 * extent of 1 broadcast: its index 0 there),
 *
 *   l_b = view(l, [1.., M, K], [b.., 0, 0])   (or the load of batch b,
 *   r_b = view(r, [1.., K, N], [b.., 0, 0])    where l, r are loads)
 *   m_b = batch_matmul(l_b, r_b)        a batch of 1: the 2-D multiply
 *   res_b = store(m_b, offsets + [b.., 0, 0], [1.., M, N], res_{b-1})
 *
 * which the flattening then makes 2-D: the views are blocks of whole rows
 * of the operands' 2-D forms; a whole load left unused, Simplify drops.  The rest (a result read otherwise, shapes
 * or offsets known only at run time, batch_matmul_acc) is left to the
 * flattening, which says why it cannot. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/2_tensor/flatten_tile_nd.h"
#include "passes/2_tensor/tensor_conv.h"
#include "support/vec.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

#define MAX_RANK 8
#define MAX_BATCHES 256   /* unrolled: a product and a store each */

typedef struct Batches {
    PassCtx *pc;
    PtrMap uses;                 /* var -> reads (tc_uses_defs) */
    PtrMap def;                  /* var -> its defining call (tc_uses_defs) */
    PtrMap names;                /* the function's names (pass_names_of), and those made here */
    PtrMap pending;              /* the store of a dropped batched multiply -> the statements replacing it */
    VEC(PassStmts *) made;
    uint32_t fresh;
} Batches;

static const char *fresh_name(Batches *B, const char *base)
{
    char buf[160];
    const char *n;
    do {
        snprintf(buf, sizeof buf, "%s_b%u", base, B->fresh++);
        n = ir_name(B->pc->ir, buf);
    } while (ptrmap_get(&B->names, n));
    ptrmap_put(&B->names, n, (void *)1);
    return n;
}

static int static_dims(const IrType *t, int64_t *v)
{
    if (t->kind != TYPE_TILE || t->n < 3 || t->n > MAX_RANK || (t->tile_view && t->tile_view->nvalid))
        return 0;
    for (uint32_t d = 0; d < t->n; d++)
        if (!ir_dim_value(t->dims[d], &v[d]))
            return 0;
    return 1;
}

/* Whether out = call c (a batched multiply) can be expanded: static
 * shapes of one rank, batch extents that broadcast, a batch above 1. */
static int expandable(const IrCall *c, const IrExpr *out, const Batches *B)
{
    const IrType *l, *r, *o;
    int64_t lv[MAX_RANK], rv[MAX_RANK], ov[MAX_RANK];
    int64_t count = 1;
    int big = 0;
    if (c->nargs != 2 || c->nkwargs || (uintptr_t)ptrmap_get(&B->uses, out) != 1)
        return 0;
    l = ir_expr_type(B->pc->ir, c->args[0]);
    r = ir_expr_type(B->pc->ir, c->args[1]);
    o = ir_expr_type(B->pc->ir, out);
    if (!static_dims(l, lv) || !static_dims(r, rv) || !static_dims(o, ov) || l->n != o->n || r->n != o->n)
        return 0;
    for (uint32_t d = 0; d + 2 < o->n; d++) {
        if ((lv[d] != ov[d] && lv[d] != 1) || (rv[d] != ov[d] && rv[d] != 1) || ov[d] > MAX_BATCHES)
            return 0;
        big |= ov[d] > 1;
        count *= ov[d];
    }
    return big && count <= MAX_BATCHES;
}

static const IrExpr *dims_tuple(IrCtx *ir, uint32_t n, const int64_t *v, Span at)
{
    const IrExpr *e[MAX_RANK];
    for (uint32_t d = 0; d < n; d++)
        e[d] = ir_dim_const(ir, v[d]);
    return ir_make_tuple(ir, n, e, at);
}

/* Operand x's batch b (its extent-1 batch dimensions broadcast), as a
 * fresh variable: where x is a load of static offsets used only here, the
 * load of that batch's window (a window of one batch is rows of the
 * tensor that pto-isa's TLOAD takes into any tile; a window of several
 * is not, into the cube's column-major tiles), else the view of x's rows
 * of that batch. */
static const IrExpr *batch_operand(Batches *B, const IrExpr *x, const int64_t *b, uint32_t n, Span at,
                                   PassStmts *out)
{
    IrCtx *ir = B->pc->ir;
    const IrCall *lc = ir_is_var_like(x) ? ptrmap_get(&B->def, x) : NULL;
    const OpDef *op = op_by_id(OP_BLOCK_VIEW);
    const IrType *t = ir_expr_type(ir, x), *vt;
    const IrExpr *args[4];
    const IrKwarg *kw = NULL;
    uint32_t nkw = 0;
    int64_t shape[MAX_RANK], off[MAX_RANK], o;
    OpError err;
    IrVar *v;
    int load = lc && callee_op(lc->callee) && callee_op(lc->callee)->id == OP_BLOCK_LOAD && lc->nargs == 4 &&
               lc->args[1]->kind == EXPR_MAKE_TUPLE && IR_AS(IrMakeTuple, lc->args[1])->n == n &&
               (uintptr_t)ptrmap_get(&B->uses, x) == 1;
    for (uint32_t d = 0; d < n; d++) {
        int64_t e = 0;
        ir_dim_value(t->dims[d], &e);
        shape[d] = d + 2 < n ? 1 : e;
        off[d] = d + 2 < n && e != 1 ? b[d] : 0;
        if (load) {
            if (!ir_dim_value(IR_AS(IrMakeTuple, lc->args[1])->elems[d], &o))
                load = 0;
            else
                off[d] += o;
        }
    }
    if (!load)   /* (the view's offsets, not the load's) */
        for (uint32_t d = 0; d < n; d++) {
            int64_t e = 0;
            ir_dim_value(t->dims[d], &e);
            off[d] = d + 2 < n && e != 1 ? b[d] : 0;
        }
    if (load) {
        op = callee_op(lc->callee);
        args[0] = lc->args[0];
        args[1] = dims_tuple(ir, n, off, at);
        args[2] = dims_tuple(ir, n, shape, at);
        kw = lc->kwargs;
        nkw = lc->nkwargs;
    } else {
        args[0] = x;
        args[1] = dims_tuple(ir, n, shape, at);
        args[2] = dims_tuple(ir, n, off, at);
    }
    args[3] = args[load ? 2 : 1];   /* all of it valid */
    if (!(vt = op_deduce(ir, op, args, 4, kw, nkw, &err)))
        return NULL;
    v = ir_var_new(ir, fresh_name(B, x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG ? IR_AS(IrVar, x)->name : "x"),
                   vt, at);
    vec_push(*out, ir_assign(ir, v, ir_call(ir, &op->callee, 4, args, nkw, kw, vt, at), at));
    return &v->e;
}

/* The statements of res = store(out, offsets, shapes, T) for pending
 * multiply mm: one multiply and one store per batch.  0 (out untouched)
 * when something does not type-check. */
static int expand(Batches *B, const IrAssign *st, const IrCall *store, const IrCall *mm, PassStmts *out)
{
    IrCtx *ir = B->pc->ir;
    const IrType *o = ir_expr_type(ir, store->args[0]), *t;
    const IrMakeTuple *offs = store->args[1]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, store->args[1]) : NULL;
    int64_t ov[MAX_RANK], base[MAX_RANK], b[MAX_RANK], at_off[MAX_RANK], shape[MAX_RANK];
    const IrExpr *tensor = store->args[3];
    uint32_t n = o->n, mark = out->len;
    uint64_t count = 1;
    Span at = st->s.span;
    OpError err;
    if (!static_dims(o, ov) || !offs || offs->n != n || store->nargs != 4)
        return 0;
    for (uint32_t d = 0; d < n; d++)
        if (!ir_dim_value(offs->elems[d], &base[d]))
            return 0;
    for (uint32_t d = 0; d + 2 < n; d++) {
        count *= (uint64_t)ov[d];
        shape[d] = 1;
        b[d] = 0;
    }
    shape[n - 2] = ov[n - 2];
    shape[n - 1] = ov[n - 1];
    for (uint64_t k = 0; k < count; k++) {
        const IrExpr *lb, *rb, *args[4];
        IrVar *m, *res;
        if (!(lb = batch_operand(B, mm->args[0], b, n, at, out)) ||
            !(rb = batch_operand(B, mm->args[1], b, n, at, out)))
            goto fail;
        args[0] = lb;
        args[1] = rb;
        if (!(t = op_deduce(ir, callee_op(mm->callee), args, 2, NULL, 0, &err)))
            goto fail;
        m = ir_var_new(ir, fresh_name(B, "matmul"), t, at);
        vec_push(*out, ir_assign(ir, m, ir_call(ir, mm->callee, 2, args, 0, NULL, t, mm->e.span), at));
        for (uint32_t d = 0; d < n; d++)
            at_off[d] = base[d] + (d + 2 < n ? b[d] : 0);
        args[0] = &m->e;
        args[1] = dims_tuple(ir, n, at_off, at);
        args[2] = dims_tuple(ir, n, shape, at);
        args[3] = tensor;
        if (!(t = op_deduce(ir, callee_op(store->callee), args, 4, store->kwargs, store->nkwargs, &err)))
            goto fail;
        res = k + 1 == count ? (IrVar *)st->var : ir_var_new(ir, fresh_name(B, st->var->name), t, at);
        vec_push(*out, ir_assign(ir, res, ir_call(ir, store->callee, 4, args, store->nkwargs, store->kwargs, t,
                                                  store->e.span), at));
        tensor = &res->e;
        for (uint32_t d = n - 2; d-- > 0;)   /* the next batch index, last dimension fastest */
            if (++b[d] < ov[d])
                break;
            else
                b[d] = 0;
    }
    return 1;
fail:
    out->len = mark;
    return 0;
}

/* The store of pending's result in q after statement i, or NULL. */
static const IrAssign *store_of(const IrSeq *q, uint32_t i, const IrVar *out)
{
    for (uint32_t j = i + 1; j < q->n; j++) {
        const IrStmt *s = q->stmts[j];
        const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
        const IrCall *c = a && a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
        const OpDef *op = c ? callee_op(c->callee) : NULL;
        if (op && op->cls == OPCL_STORE && c->nargs && c->args[0] == &out->e)
            return a;
    }
    return NULL;
}

/* A batched multiply whose one use is a store later in the same list is
 * dropped, and its store becomes the statements expand made for it (made
 * here, so that the multiply stays where they cannot be). */
static int rewrite(void *data, const IrSeq *q, uint32_t i, PassStmts *out, uint32_t *skip)
{
    Batches *B = data;
    const IrStmt *s = q->stmts[i];
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c = a && a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    const IrAssign *st;
    PassStmts *made;
    (void)skip;
    if (!op)
        return 0;
    if ((made = ptrmap_get(&B->pending, s))) {
        for (uint32_t k = 0; k < made->len; k++)
            vec_push(*out, made->data[k]);
        return 1;
    }
    if (op->cls != OPCL_BATCH_MATMUL || !expandable(c, &a->var->e, B) || !(st = store_of(q, i, a->var)))
        return 0;
    made = xmalloc(sizeof *made);
    vec_init(*made);
    if (!expand(B, st, IR_AS(IrCall, st->value), c, made)) {
        vec_free(*made);
        xfree(made);
        return 0;
    }
    ptrmap_put(&B->pending, st, made);
    vec_push(B->made, made);
    return 1;   /* dropped: its store is made per batch */
}

static const IrStmt *rewrite_block(IrMutator *m, const IrStmt *s)
{
    return pass_rewrite_seq(m->ctx, s, rewrite, m->data);
}

const IrStmt *flatten_batches(PassCtx *pc, const IrFunc *f, const IrStmt *body)
{
    Batches B;
    IrMutator m;
    const IrStmt *r;
    memset(&B, 0, sizeof B);
    B.pc = pc;
    ptrmap_init(&B.uses);
    ptrmap_init(&B.def);
    ptrmap_init(&B.names);
    ptrmap_init(&B.pending);
    tc_uses_defs(body, &B.uses, &B.def);
    pass_names_of(f, &B.names);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = rewrite_block;
    m.data = &B;
    r = ir_mutate_stmt(&m, body);
    for (uint32_t k = 0; k < B.made.len; k++) {
        vec_free(*B.made.data[k]);
        xfree(B.made.data[k]);
    }
    vec_free(B.made);
    ptrmap_free(&B.uses);
    ptrmap_free(&B.def);
    ptrmap_free(&B.names);
    ptrmap_free(&B.pending);
    return r;
}
