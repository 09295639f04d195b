/* flatten_tile_nd.c: FlattenTileNdTo2D (pypto@e2d0f78a
 * docs/en/dev/passes/13-flatten_tile_nd_to_2d.md).  PTO's tiles have two
 * dimensions; today's PyPTO lets a kernel hold tiles of any rank.  In
 * each kernel a tile of rank 3 or more becomes its 2-D form
 * (ir_type_tile_2d: [2, 3, 4] is [6, 4]), and so does every op on one:
 *
 *   - a load keeps its window of the tensor's rank and gives the 2-D tile,
 *     which a valid shape of rank 2 says (deduce_load; the transfer's
 *     partition has the tensor's rank, its rows merged);
 *   - a store takes the 2-D tile, with its window as it was; a remote
 *     load is a load's form, a remote store a store's where the tile's
 *     leading extents but the last are 1 (it has no shape list);
 *   - create, full and reshape take the 2-D shape;
 *   - a view (tile.slice) whose window is a block of whole rows of the
 *     2-D form (leading window extents 1, then whole extents) is the view
 *     of those rows; flatten_batches.c makes a batched multiply with a
 *     batch above 1 such views, a multiply and a store per batch;
 *   - a batched matrix multiply whose batch extents are all 1 becomes the
 *     2-D one (block.matmul, block.matmul_acc), and one of a larger batch
 *     whose result a store writes whole a multiply and a store per batch
 *     (flatten_batches.c); a transposed view of a
 *     tile whose leading extents are 1 the 2-D view;
 *   - element-wise ops, row reductions and expansions, casts, compares
 *     and selects run on the 2-D tiles, deduced anew: the result must be
 *     the 2-D form of what it was (a broadcast across a leading dimension
 *     is not, and is an error here);
 *   - any other op on a tile of rank 3 or more is a located error that
 *     says which ops flatten.
 *
 * Later passes see tiles of rank 1 and 2 only. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/2_tensor/flatten_tile_nd.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"
#include "targets/arch.h"

#include <string.h>

typedef struct Flat {
    PassCtx *pc;
    PtrMap flat;            /* a variable made 2-D -> its type of rank 3 or more */
    PtrMap reported;        /* a type that does not flatten, reported */
    int failed;
} Flat;

static int is_nd_tile(const IrType *t) { return t && t->kind == TYPE_TILE && t->n > 2; }

/* The classes whose ops compute each element (or each row) of the result
 * from the same element (row) of their operands, so that they compute the
 * same on the merged rows. */
static int flattens(const OpDef *op)
{
    switch ((OpClass)op->cls) {
    case OPCL_UNARY:
    case OPCL_ELEM2:
    case OPCL_ELEM2_SCRATCH:
    case OPCL_ELEM2_TMP_ARG:
    case OPCL_UNARY_TMP_ARG:
    case OPCL_ELEM2_MASK_ARG:
    case OPCL_ELEM3:
    case OPCL_SEL:
    case OPCL_SEL_TMP_ARG:
    case OPCL_TILE_SCALAR:
    case OPCL_TILE_SCALAR_SCRATCH:
    case OPCL_TILE_SCALAR_TMP_ARG:
    case OPCL_TILE_SCALAR_TILE:
    case OPCL_CMP:
    case OPCL_CMPS:
    case OPCL_CAST:
    case OPCL_SELS:
    case OPCL_CREATE:
    case OPCL_FULL:
    case OPCL_EXPANDS:
    case OPCL_RESHAPE:
    case OPCL_FILLPAD:
    case OPCL_FILLPAD_INPLACE:
    case OPCL_VEC_MOVE:
    case OPCL_ROW_REDUCE:
    case OPCL_REDUCE:
    case OPCL_ROW_EXPAND:
    case OPCL_ROW_EXPAND_OP:
    case OPCL_ROW_EXPAND_OP_TMP_ARG:
    case OPCL_ROW_EXPAND_TO:
    case OPCL_COL_EXPAND:
    case OPCL_COL_EXPAND_OP:
    case OPCL_ALIAS:   /* a transposed view: the 2-D one where the leading extents are 1 (checked below) */
        return 1;
    default:
        return 0;
    }
}

static const IrType *flat_type(Flat *F, const IrType *t, Span at, const char *what)
{
    const char *why = "";
    const IrType *r = ir_type_tile_2d(F->pc->ir, t, &why);
    /* (once per type: a definition's value was reported first) */
    if (!r && !ptrmap_get(&F->reported, t)) {
        ptrmap_put(&F->reported, t, (void *)1);
        diag_error(F->pc->diag, at, "%s of rank %u does not flatten to 2-D: %s", what, t->n, why);
    }
    if (!r)
        F->failed = 1;
    return r;
}

/* A shape list of a tile of rank 3 or more, merged like its dims. */
static const IrExpr *flat_shape(Flat *F, const IrExpr *shape)
{
    const IrMakeTuple *s = IR_AS(IrMakeTuple, shape);
    const IrExpr *e[2];
    int64_t rows;
    if (shape->kind != EXPR_MAKE_TUPLE || s->n <= 2 || !ir_dims_rows(s->n, s->elems, &rows))
        return shape;   /* (not constant: the deduction below says what is wrong) */
    e[0] = ir_dim_const(F->pc->ir, rows);
    e[1] = s->elems[s->n - 1];
    return ir_make_tuple(F->pc->ir, 2, e, shape->span);
}

/* Whether op call c involves a tile of rank 3 or more: its result, or an
 * argument that was one. */
static int involves_nd(Flat *F, const IrCall *c)
{
    if (is_nd_tile(c->type))
        return 1;
    for (uint32_t i = 0; i < c->nargs; i++)
        if (ptrmap_get(&F->flat, c->args[i]))
            return 1;
    return 0;
}

/* Equal but for the MemRef (types are hash-consed). */
static int same_type(const IrType *a, const IrType *b)
{
    if (a->kind != b->kind || a->dtype != b->dtype || a->n != b->n || a->tile_view != b->tile_view)
        return 0;
    for (uint32_t i = 0; i < a->n; i++)
        if (a->dims[i] != b->dims[i])
            return 0;
    return 1;
}

/* The type argument i had before it was flattened. */
static const IrType *orig_type(Flat *F, const IrCall *c, uint32_t i)
{
    const IrType *t = ptrmap_get(&F->flat, c->args[i]);
    return t ? t : ir_expr_type(F->pc->ir, c->args[i]);
}

/* A batched matrix multiply whose batch extents are all 1 is the 2-D one
 * of its flattened tiles (block.matmul, block.matmul_acc: a loop of one);
 * a larger batch is a located error (no loop of 2-D multiplies yet). */
static const IrExpr *flat_batch_matmul(Flat *F, const IrCall *c, const OpDef *op, const char *name)
{
    IrCtx *ir = F->pc->ir;
    const OpDef *mm = op_by_id(op->cls == OPCL_BATCH_MATMUL_ACC ? OP_BLOCK_MATMUL_ACC : OP_BLOCK_MATMUL);
    const IrType *want, *got;
    OpError err;
    char tb[160];
    for (uint32_t i = 0; i <= c->nargs; i++) {
        const IrType *t = i < c->nargs ? orig_type(F, c, i) : c->type;
        for (uint32_t d = 0; t->kind == TYPE_TILE && d + 2 < t->n; d++) {
            int64_t v = 0;
            if (!ir_dim_value(t->dims[d], &v) || v != 1) {
                const OpParam *p = i < c->nargs ? op_param(op, i) : NULL;
                snprintf(tb, sizeof tb, v > 1 ? "%lld" : "unknown at compile time", (long long)v);
                diag_error(F->pc->diag, c->e.span,
                           "'%s' multiplies a batch of %s (batch dimension %u of %s): pyptocc multiplies 2-D tiles, "
                           "and a batched multiply where every batch extent is 1, or, per batch, one of static shapes "
                           "whose result one store writes whole",
                           name, tb, (unsigned)d, p ? p->name : "the result");
                F->failed = 1;
                return &c->e;
            }
        }
    }
    if (!(want = is_nd_tile(c->type) ? flat_type(F, c->type, c->e.span, "the result") : c->type))
        return &c->e;
    got = op_deduce(ir, mm, c->args, c->nargs, NULL, 0, &err);
    if (!got || !same_type(got, want)) {
        if (got)
            type_to_string(ir, want, tb, sizeof tb);
        diag_error(F->pc->diag, c->e.span, "'%s' with a batch of 1 is not a 2-D multiply: %s%s", name,
                   got ? "its 2-D form would not give " : "", got ? tb : err.msg);
        F->failed = 1;
        return &c->e;
    }
    return ir_call(ir, &mm->callee, c->nargs, c->args, 0, NULL, want, c->e.span);
}

/* view(x, shape, offset) of a tile x of rank 3 or more, as the view of
 * the rows of x's 2-D form it covers: its window must be a block of whole
 * rows (the leading window extents 1 up to some dimension, whole extents
 * after it, offset 0 there), all of it static, with no valid shape but
 * the window's.  The call itself (reported) otherwise. */
static const IrExpr *flat_view(Flat *F, const IrCall *c, const char *name)
{
    IrCtx *ir = F->pc->ir;
    const IrType *t = orig_type(F, c, 0), *want, *got;
    const IrMakeTuple *w = c->args[1]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[1]) : NULL;
    const IrMakeTuple *o = c->args[2]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[2]) : NULL;
    const IrExpr *shape[2], *off[2], *args[4];
    int64_t rows = 1, roff = 0, stride = 1, wv, ov, dv;
    int whole = 1;
    OpError err;
    if (c->nargs < 3 || c->nargs > 4 || !w || !o || w->n != t->n || o->n != t->n)
        goto bad;
    if (c->nargs == 4) {   /* a valid shape: the window's own */
        const IrMakeTuple *v = c->args[3]->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, c->args[3]) : NULL;
        for (uint32_t d = 0; d < t->n; d++)
            if (!v || v->n != t->n || !ir_dim_value(v->elems[d], &ov) || !ir_dim_value(w->elems[d], &wv) || ov != wv)
                goto bad;
    }
    for (uint32_t d = t->n - 1; d-- > 0;) {   /* the row dimensions, last first */
        if (!ir_dim_value(w->elems[d], &wv) || !ir_dim_value(o->elems[d], &ov) || !ir_dim_value(t->dims[d], &dv))
            goto bad;
        if (!whole && (wv != 1))
            goto bad;
        if (whole && (wv != dv || ov != 0))
            whole = 0;   /* from here on: extents of 1 only (this one may be a partial run) */
        if (!whole && d + 2 < t->n && wv != 1 && !(wv == dv && ov == 0))
            goto bad;
        rows *= wv;
        roff += ov * stride;
        stride *= dv;
    }
    if (!ir_dim_value(o->elems[t->n - 1], &ov))
        goto bad;
    shape[0] = ir_dim_const(ir, rows);
    shape[1] = w->elems[t->n - 1];
    off[0] = ir_dim_const(ir, roff);
    off[1] = o->elems[t->n - 1];
    args[0] = c->args[0];
    args[1] = ir_make_tuple(ir, 2, shape, c->args[1]->span);
    args[2] = ir_make_tuple(ir, 2, off, c->args[2]->span);
    args[3] = args[1];   /* all of it valid */
    if (!(want = flat_type(F, c->type, c->e.span, "the view")) ||
        !(got = op_deduce(ir, callee_op(c->callee), args, 4, c->kwargs, c->nkwargs, &err)) || !same_type(got, want))
        goto bad;
    return ir_call(ir, c->callee, 4, args, c->nkwargs, c->kwargs, want, c->e.span);
bad:
    diag_error(F->pc->diag, c->e.span,
               "'%s' of a tile of rank %u flattens to 2-D only as a block of whole rows: a static window whose "
               "leading extents are 1 up to one dimension and whole after it",
               name, t->n);
    F->failed = 1;
    return &c->e;
}

static const IrExpr *flat_call(Flat *F, const IrCall *c)
{
    IrCtx *ir = F->pc->ir;
    const OpDef *op = callee_op(c->callee);
    char name[64];
    const IrType *want, *got;
    const IrExpr **args;
    IrKwarg *kw;
    OpError err;
    uint32_t rank = c->type->kind == TYPE_TILE ? c->type->n : 0;
    if (op && (op->cls == OPCL_BATCH_MATMUL || op->cls == OPCL_BATCH_MATMUL_ACC))
        return flat_batch_matmul(F, c, op, op_printed_name(op, name, sizeof name));
    if (!op || !involves_nd(F, c))
        return &c->e;
    op_printed_name(op, name, sizeof name);
    if (op->cls == OPCL_STORE)
        return &c->e;   /* the 2-D tile into the window of the tensor's rank */
    if (op->cls == OPCL_VIEW && c->nargs && ptrmap_get(&F->flat, c->args[0]))
        return flat_view(F, c, name);
    if (op->cls == OPCL_REMOTE_STORE) {
        /* The 2-D tile into the window of the tensor's rank, its rows the
         * last leading dimension's (legal_remote_store_lists): a store
         * without a shape list, so the tile's other leading extents must
         * be 1. */
        const IrType *t = orig_type(F, c, 0);
        int64_t v;
        for (uint32_t d = 0; d + 2 < t->n; d++)
            if (!ir_dim_value(t->dims[d], &v) || v != 1) {
                diag_error(F->pc->diag, c->e.span,
                           "'%s' of a tile of rank %u stores its 2-D form, whose rows are the window's last leading "
                           "dimension: its other leading extents must be 1",
                           name, t->n);
                F->failed = 1;
                break;
            }
        return &c->e;
    }
    int load = op->cls == OPCL_LOAD || op->cls == OPCL_REMOTE_LOAD;
    if (!flattens(op) && !load) {
        diag_error(F->pc->diag, c->e.span,
                   "'%s' takes tiles of rank 1 or 2: a tile of rank 3 or more is flattened to 2-D, and only loads, "
                   "stores, create, full, reshape, element-wise ops and row reductions and expansions flatten",
                   name);
        F->failed = 1;
        return &c->e;
    }
    want = is_nd_tile(c->type)
               ? flat_type(F, c->type, c->e.span, load ? "the tile loaded" : "the result")
               : c->type;
    if (!want)
        return &c->e;
    uint32_t nargs = op->cls == OPCL_REMOTE_LOAD && c->nargs == 4 ? 5 : c->nargs;
    args = xmalloc(xmul_size(nargs ? nargs : 1, sizeof *args));
    kw = xmalloc(xmul_size(c->nkwargs ? c->nkwargs : 1, sizeof *kw));
    for (uint32_t i = 0; i < c->nargs; i++) {
        const OpParam *p = op_param(op, i);
        args[i] = p && p->role == ARG_SHAPE && rank > 2 ? flat_shape(F, c->args[i]) : c->args[i];
    }
    /* A load keeps its window and says the 2-D tile by its valid shape
     * (deduce_load). */
    if (op->cls == OPCL_LOAD) {
        args[1] = c->args[1];
        args[2] = c->args[2];
        args[3] = ir_make_tuple(ir, 2, ir_tile_valid_dims(want), c->args[3]->span);
    }
    /* A remote load the same (deduce_remote_load), its offsets, shape and
     * valid shape one place later. */
    if (op->cls == OPCL_REMOTE_LOAD && is_nd_tile(c->type)) {
        args[2] = c->args[2];
        args[3] = c->args[3];
        args[4] = ir_make_tuple(ir, 2, ir_tile_valid_dims(want), c->args[3]->span);
    }
    for (uint32_t k = 0; k < c->nkwargs; k++) {
        const IrType *orig = c->nargs ? ptrmap_get(&F->flat, c->args[0]) : NULL;
        kw[k] = c->kwargs[k];
        /* A reduction along the last axis is one along the 2-D columns;
         * along another axis it keeps the axis and fails below. */
        if (op->cls == OPCL_REDUCE && orig && strcmp(kw[k].key, "axis") == 0 && kw[k].v.i == (int64_t)orig->n - 1)
            kw[k].v.i = 1;
    }
    got = op_deduce(ir, op, args, nargs, kw, c->nkwargs, &err);
    if (!got || !same_type(got, want)) {
        char tb[160];
        if (got)
            type_to_string(ir, want, tb, sizeof tb);
        diag_error(F->pc->diag, c->e.span, "'%s' on tiles of rank 3 or more does not flatten to 2-D: %s%s", name,
                   got ? "its 2-D form would not give " : "", got ? tb : err.msg);
        F->failed = 1;
        xfree(args);
        xfree(kw);
        return &c->e;
    }
    {
        const IrExpr *r = ir_call(ir, c->callee, nargs, args, c->nkwargs, kw, want, c->e.span);
        xfree(args);
        xfree(kw);
        return r;
    }
}

/* Definitions take their 2-D types; calls are rebuilt on them. */
static const IrExpr *flat_expr(IrMutator *m, const IrExpr *e)
{
    Flat *F = m->data;
    const IrType *t;
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG: {
        const IrVar *v = IR_AS(IrVar, e);
        const IrExpr *r;
        if (!is_nd_tile(v->type) || !(t = flat_type(F, v->type, e->span, "tile")))
            return e;
        if (e->kind == EXPR_ITER_ARG)
            r = &ir_iter_arg_new(F->pc->ir, v->name, t, IR_AS(IrIterArg, e)->init, e->span)->v.e;
        else
            r = &ir_var_new(F->pc->ir, v->name, t, e->span)->e;
        ptrmap_put(&F->flat, r, (void *)v->type);
        return r;
    }
    case EXPR_CALL:
        return flat_call(F, IR_AS(IrCall, e));
    default:
        return e;
    }
}

static int nd_type(const IrType *t)
{
    if (t->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < t->n; i++)
            if (nd_type(t->elems[i]))
                return 1;
        return 0;
    }
    return is_nd_tile(t);
}

static const IrFunc *flatten_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Flat F;
    IrMutator m;
    const IrStmt *body;
    (void)prog;
    (void)data;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE)
        return f;
    memset(&F, 0, sizeof F);
    F.pc = pc;
    for (uint32_t i = 0; i < f->nparams; i++)
        if (nd_type(f->params[i].var->type)) {
            diag_error(pc->diag, f->params[i].var->e.span,
                       "parameter '%s' of kernel '%s' is a tile of rank %u: a kernel takes tiles of rank 1 or 2",
                       f->params[i].var->name, f->name, f->params[i].var->type->n);
            return NULL;
        }
    for (uint32_t i = 0; i < f->nret; i++)
        if (nd_type(f->ret_types[i])) {
            diag_error(pc->diag, f->span, "kernel '%s' returns a tile of rank 3 or more: a kernel returns tensors",
                       f->name);
            return NULL;
        }
    ptrmap_init(&F.flat);
    ptrmap_init(&F.reported);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.expr = flat_expr;
    m.data = &F;
    body = ir_mutate_stmt(&m, flatten_batches(pc, f, f->body));
    ptrmap_free(&F.flat);
    ptrmap_free(&F.reported);
    if (F.failed)
        return NULL;
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

/* Every kernel's errors, not only the first failing kernel's. */
const IrProgram *pass_flatten_tile_nd(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, flatten_function, NULL, MAP_CONTINUE);
}
