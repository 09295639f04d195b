/* tensor_expand_clone.c: pl.expand_clone(input, target) in a kernel, as
 * the block ops that write input's values into target, broadcast along
 * the one dimension where input has 1 (pypto@e2d0f78a
 * op_conversion_registry.cpp, tensor.expand_clone; its tensors have rank
 * 3, which the rest of ConvertTensorToBlockOps does not take).
 *
 *   no broadcast   target = store(load(input))
 *   dimension 0    input's [1, N, K] tile stored at each [i, 0, 0]
 *   dimension 1    each [i, 0, :] row, col_expand-ed to [N, K], stored at
 *                  [i, 0, 0]
 *   dimension 2    each [i, :, 0] column, row_expand-ed to [N, K], stored
 *                  at [i, 0, 0]
 *
 * pypto loops over i; here the loop is unrolled (its extent is a
 * constant, at most EC_MOST_UNROLLED).  The statement's variable is the
 * last store's result: target, written.  Run before the conversion, so a
 * kernel whose tensor ops were only these has none left. */
#include "config.h"
#include "passes/2_tensor/tensor_conv.h"
#include "ir/visit.h"

#include <string.h>

#define EC_MOST_UNROLLED 256

typedef struct Ec {
    PassCtx *pc;
    TcNames names;
    int failed;
} Ec;

static const IrExpr *triple(IrCtx *ir, int64_t a, int64_t b, int64_t c)
{
    const IrExpr *e[3] = {tc_int(ir, a), tc_int(ir, b), tc_int(ir, c)};
    return tc_tuple(ir, 3, e);
}

static const IrExpr *pair(IrCtx *ir, int64_t a, int64_t b)
{
    const IrExpr *e[2] = {tc_int(ir, a), tc_int(ir, b)};
    return tc_tuple(ir, 2, e);
}

/* input[at : at + shape] as a Vec tile. */
static const IrExpr *load(TcEmit *e, const IrExpr *input, int64_t at, const int64_t *shape)
{
    TcKw kw = {"target_memory", MS_VEC};
    const IrExpr *args[4] = {input, triple(e->ir, at, 0, 0), triple(e->ir, shape[0], shape[1], shape[2]), NULL};
    args[3] = args[2];
    return tc_emit(e, tc_fresh(e->names, "expand_clone_input"), OP_BLOCK_LOAD, 4, args, 1, &kw);
}

/* t as a tile of shape (a list of constants); t itself if it has it. */
static const IrExpr *reshape(TcEmit *e, const IrExpr *t, const IrExpr *shape, const char *name)
{
    const IrExpr *args[2] = {t, shape};
    const IrMakeTuple *s = IR_AS(IrMakeTuple, shape);
    const IrType *ty;
    int same;
    if (!t)
        return NULL;
    ty = ir_expr_type(e->ir, t);
    same = ty->n == s->n;
    for (uint32_t d = 0; same && d < s->n; d++) {
        int64_t a, b;
        same = tc_const(ty->dims[d], &a) && tc_const(s->elems[d], &b) && a == b;
    }
    return same ? t : tc_emit(e, tc_fresh(e->names, name), OP_BLOCK_RESHAPE, 2, args, 0, NULL);
}

/* tile, reshaped to [rows, N, K] (rows of the window), stored at
 * [at, 0, 0] of into (a tensor of shape t): the store's call, bound to a
 * fresh variable unless it is the last. */
static const IrExpr *store(TcEmit *e, const IrExpr *tile, int64_t at, int64_t rows, const int64_t *t,
                           const IrExpr *into, int last)
{
    const IrExpr *args[4], *c;
    if (!into || !(tile = reshape(e, tile, triple(e->ir, rows, t[1], t[2]), "expand_clone_out")))
        return NULL;
    args[0] = tile;
    args[1] = triple(e->ir, at, 0, 0);
    args[2] = triple(e->ir, rows, t[1], t[2]);
    args[3] = into;
    if (!(c = tc_emit_op(e, OP_BLOCK_STORE, 4, args, 0, NULL)) || last)
        return c;
    return &tc_let(e->ir, e->out, tc_fresh(e->names, "expand_clone_acc"), c, e->at)->e;
}

/* A target-shaped Vec tile of rows x cols, to broadcast into. */
static const IrExpr *create(TcEmit *e, int64_t rows, int64_t cols, DataType dt)
{
    TcKw kw[2] = {{"dtype", dt}, {"target_memory", MS_VEC}};
    const IrExpr *shape = pair(e->ir, rows, cols);
    return tc_emit(e, tc_fresh(e->names, "expand_clone_target"), OP_BLOCK_CREATE_TILE, 1, &shape, 2, kw);
}

/* The statements of `var = expand_clone(input, target)`, or NULL after an
 * error. */
static const IrStmt *lower(Ec *E, const IrAssign *a, const IrCall *c)
{
    IrCtx *ir = E->pc->ir;
    const IrType *it = ir_expr_type(ir, c->args[0]), *tt = ir_expr_type(ir, c->args[1]);
    const IrExpr *into = c->args[1], *x, *v = NULL;
    int64_t s[3], t[3], n;
    int bd = -1;
    TcStmts out;
    TcEmit e;
    vec_init(out);
    memset(&e, 0, sizeof e);
    e.pc = E->pc;
    e.ir = ir;
    e.out = &out;
    e.names = &E->names;
    e.at = a->s.span;
    e.what = "pl.tensor.expand_clone";
    e.report = 1;
    for (int d = 0; d < 3; d++) {
        if ((s[d] = tc_dim(it, (uint32_t)d)) < 0 || (t[d] = tc_dim(tt, (uint32_t)d)) < 0) {
            tc_error(&e, a->s.span, "'pl.tensor.expand_clone' is converted for static shapes only");
            goto fail;
        }
        if (s[d] != t[d])
            bd = d;
    }
    n = bd >= 0 ? t[0] : 1;
    if (n > EC_MOST_UNROLLED) {
        tc_error(&e, a->s.span, "'pl.tensor.expand_clone' over %lld batches: pyptocc unrolls at most %d",
                 (long long)n, EC_MOST_UNROLLED);
        goto fail;
    }
    if (bd <= 0) {
        /* the whole input, stored once or at each batch */
        if (!(x = load(&e, c->args[0], 0, s)))
            goto fail;
        for (int64_t i = 0; i < n && into; i++)
            into = v = store(&e, x, i, s[0], t, into, i == n - 1);
    } else {
        /* each batch's [1, N, K] row (bd 1) or [N, 1] column (bd 2) of
         * input, broadcast into a [N, K] tile: a column is loaded batch by
         * batch, as pto-isa's TLOAD takes a window into a column-major
         * tile only with the leading extents 1 (cpu/TLoad.hpp
         * CheckTileData) */
        const int64_t part[3] = {1, bd == 1 ? 1 : s[1], bd == 1 ? s[2] : 1};
        const IrExpr *args[2];
        if (!(args[0] = create(&e, t[1], t[2], (DataType)it->dtype)))
            goto fail;
        for (int64_t i = 0; i < t[0] && into; i++) {
            if (!(args[1] = reshape(&e, load(&e, c->args[0], i, part), pair(ir, part[1], part[2]),
                                    bd == 1 ? "expand_clone_row" : "expand_clone_col")) ||
                !(x = tc_emit(&e, tc_fresh(&E->names, "expand_clone_wide"),
                              bd == 1 ? OP_BLOCK_COL_EXPAND : OP_BLOCK_ROW_EXPAND_TO, 2, args, 0, NULL)))
                goto fail;
            into = v = store(&e, x, i, 1, t, into, i == t[0] - 1);
        }
    }
    if (!v)
        goto fail;
    /* the last store's result is the statement's variable */
    {
        const IrStmt *last = ir_assign(ir, a->var, v, a->s.span);
        const IrStmt *body;
        vec_push(out, last);
        body = tc_seq(ir, &out, a->s.span);
        vec_free(out);
        return body;
    }
fail:
    vec_free(out);
    E->failed = 1;
    return NULL;
}

static const IrStmt *mutate_stmt(IrMutator *m, const IrStmt *s)
{
    Ec *E = m->data;
    const IrAssign *a = IR_AS(IrAssign, s);
    const IrStmt *r;
    if (s->kind != STMT_ASSIGN || !tc_is_op(a->value, OP_TENSOR_EXPAND_CLONE))
        return s;
    r = lower(E, a, IR_AS(IrCall, a->value));
    return r ? r : s;
}

const IrFunc *tc_expand_clones(PassCtx *pc, const IrFunc *f, int *failed)
{
    IrMutator m;
    Ec E;
    const IrStmt *body;
    memset(&m, 0, sizeof m);
    memset(&E, 0, sizeof E);
    E.pc = pc;
    tc_names_init(&E.names, pc->ir);
    tc_names_add_func(&E.names, f);
    m.ctx = pc->ir;
    m.stmt = mutate_stmt;
    m.data = &E;
    body = ir_mutate_stmt(&m, f->body);
    tc_names_free(&E.names);
    *failed |= E.failed;
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, tc_splice(pc->ir, body));
}
