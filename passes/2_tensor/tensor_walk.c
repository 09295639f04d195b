/* tensor_walk.c: the statement walk of ConvertTensorToBlockOps for one
 * InCore function (tensor_kernel.c decides where each tensor value lives
 * and builds the function around this walk).
 *
 * Each tensor op becomes block ops on one block of its operands
 * (tensor_ops.c); a view moves the offset of its region in global memory;
 * pl.assemble stores into its target's region; a created tensor used as a
 * value is a zero tile; tensor.dim is the constant it is.  Loops and ifs
 * are rebuilt with the new types of their values: iter_args and return
 * variables that hold tiles become Tile variables of one block, those in
 * global memory stay Tensor variables (the in-place versions of one
 * buffer).  Statements without tensors are kept as they are; block ops and
 * calls that name a tensor get its buffer. */
#include "config.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_kernel.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <string.h>

/* Is region r at offset 0 in the leading dimensions of its tensor? */
static int region_at_start(const TcRegion *r)
{
    int64_t o;
    for (uint32_t i = 0; i < r->nlead; i++)
        if (!tc_const(r->lead[i], &o) || o != 0)
            return 0;
    return 1;
}

static const IrExpr *subst_fn(void *data, const IrExpr *e)
{
    Kc *K = data;
    if (ir_is_var_like(e)) {
        Val *v = kc_val(K, e);
        int64_t o0 = 0, o1 = 0;
        if (!v)
            return e;
        if (v->ddr && v->r.base && region_at_start(&v->r) && tc_const(v->r.off[0], &o0) && o0 == 0 &&
            (v->type->n < 2 || (tc_const(v->r.off[1], &o1) && o1 == 0)))
            return v->r.base;
        tc_error(&K->e, K->e.at,
                 "'%s' is a tensor computed by tensor operations (or a view of one); block operations and calls "
                 "cannot use it in the same function",
                 v->old->name);
        return e;
    }
    return ir_expr_map_operands(K->ir, e, subst_fn, K);
}

static const IrExpr *subst(Kc *K, const IrExpr *e) { return subst_fn(K, e); }

/* pld.tensor.remote_store(src, target, peer, offsets) whose source has no
 * buffer of its own to push from (a value the kernel computes, or a view
 * at an offset of a tensor in global memory): pld.tile.remote_store of
 * its tile, as the reference converts it (op_conversion_registry: the
 * source in Vec).  The tile of a view is loaded here, for this push
 * only.  0 when the source is all of a buffer (LowerCollectives pushes
 * it in chunks). */
static int conv_remote_store(Kc *K, const IrCall *c, TcStmts *out)
{
    Val *v = kc_val(K, c->args[0]);
    const IrExpr *args[4], *tile, *saved, *x;
    const IrType *t;
    const OpDef *op = op_by_id(OP_PLD_TILE_REMOTE_STORE);
    OpError err;
    int64_t o0 = 0, o1 = 0;
    if (!v || (v->ddr && v->r.base && region_at_start(&v->r) && tc_const(v->r.off[0], &o0) && o0 == 0 &&
               (v->type->n < 2 || (tc_const(v->r.off[1], &o1) && o1 == 0))))
        return 0;
    if (v->ddr) {
        saved = v->tile;
        if (kc_load(K, v) != 0)
            return 1;
        tile = v->tile;
        v->tile = saved;
    } else if (!(tile = v->tile)) {
        tc_error(&K->e, K->e.at, "internal error: '%s' has no tile", v->old->name);
        return 1;
    }
    args[0] = tile;
    for (uint32_t i = 1; i < 4; i++)
        args[i] = subst(K, c->args[i]);
    if (K->e.failed)
        return 1;
    if (!(t = op_deduce(K->ir, op, args, 4, c->kwargs, c->nkwargs, &err))) {
        tc_error(&K->e, K->e.at, "'pld.tensor.remote_store' cannot be converted to block ops: %s", err.msg);
        return 1;
    }
    x = ir_call(K->ir, &op->callee, 4, args, c->nkwargs, c->kwargs, t, c->e.span);
    vec_push(*out, ir_eval(K->ir, x, K->e.at));
    return 1;
}

/* A value for a position whose target holds it in global memory (ddr) or
 * as a tile. */
static const IrExpr *value_for(Kc *K, const IrExpr *old, int ddr, Span at)
{
    Val *v = kc_val(K, old);
    const IrExpr *r;
    if (!v)
        return old;
    r = ddr ? v->r.base : v->tile;
    if (!r)
        tc_error(&K->e, at, "internal error: '%s' has no %s form here", v->old->name, ddr ? "global memory" : "tile");
    return r;
}

static const IrExpr *offset_of(const IrCall *c, uint32_t arg, uint32_t i)
{
    const IrExpr *t = c->args[arg];
    if (t->kind == EXPR_MAKE_TUPLE && i < IR_AS(IrMakeTuple, t)->n)
        return IR_AS(IrMakeTuple, t)->elems[i];
    return NULL;
}

/* v's tile of one block filled with value (NULL: zeros): a created
 * tensor used as a value, or tensor.full. */
static void fill_tile(Kc *K, Val *v, const IrExpr *value)
{
    const IrExpr *dims[2], *args[2];
    DataType dt = (DataType)v->type->dtype;
    TcKw kw = {"dtype", dt};
    kc_block_dims(K, v, dims);
    args[0] = tc_tuple(K->ir, v->type->n, dims);
    args[1] = value                ? value
              : dtype_is_float(dt) ? ir_const_float(K->ir, 0.0, DT_FP32, span_unknown())
                                   : ir_const_int(K->ir, 0, DT_INT64, span_unknown());
    v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), OP_BLOCK_FULL, 2, args, 1, &kw);
}

/* An assemble into a tensor the kernel computes (Val.tinsert): the
 * source's tile written into a window of the target's (TINSERT). */
static void conv_insert(Kc *K, Val *v, Val *t, Val *s, const IrCall *c)
{
    const IrExpr *args[3], *off[2];
    if (!t->tile || !s->tile) {
        tc_error(&K->e, K->e.at, "internal error: '%s' has no tile", (!t->tile ? t : s)->old->name);
        return;
    }
    if (t->type->n != 2 || s->type->n != 2) {
        tc_error(&K->e, K->e.at, "'pl.tensor.assemble' into a tensor the kernel computes takes 2-D tensors");
        return;
    }
    for (uint32_t i = 0; i < 2; i++)
        if (!(off[i] = offset_of(c, 2, i))) {
            tc_error(&K->e, K->e.at, "'pl.tensor.assemble' needs a literal offset list of 2 elements");
            return;
        }
    args[0] = t->tile;
    args[1] = s->tile;
    args[2] = tc_tuple(K->ir, 2, off);
    v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), OP_BLOCK_ASSEMBLE, 3, args, 0, NULL);
}

static void conv_assemble(Kc *K, Val *v, const IrCall *c)
{
    Val *t = kc_val(K, c->args[0]), *s = kc_val(K, c->args[1]);
    TcRegion dst;
    const IrExpr *add[2] = {NULL, NULL}, *nb;
    const char *name;
    if (v && v->tinsert && t && s) {
        conv_insert(K, v, t, s, c);
        return;
    }
    if (!t || !t->r.base || !s) {
        tc_error(&K->e, K->e.at, "'pl.tensor.assemble' needs a tensor target and source");
        return;
    }
    /* Ranks agree as written, or as computed ([1, M, N] into [M', N']). */
    if (s->old->type->n != t->old->type->n && s->type->n != t->type->n) {
        tc_error(&K->e, K->e.at, "'pl.tensor.assemble' of a rank-%u tensor into a rank-%u one cannot be converted",
                 s->old->type->n, t->old->type->n);
        return;
    }
    if (!tc_region_move(K->ir, &dst, &t->r, c->args[2])) {
        tc_error(&K->e, K->e.at, "'pl.tensor.assemble' needs a literal offset list of %u elements",
                 ir_expr_type(K->ir, c->args[0])->n);
        return;
    }
    tc_region_rows(&dst, s->old->type);   /* a source [R, 1, C] is rows of the first dimension */
    dst.type = s->type;
    dst.atomic_add = (uint8_t)ir_call_atomic_add(c);
    /* In the row loop, the loop's result takes the value's name. */
    name = !v ? tc_fresh2(&K->names, t->old->name, "_st")
           : K->row ? tc_fresh2(&K->names, v->old->name, "_rows")
                    : tc_fresh(&K->names, v->old->name);
    if (s->lazy) {
        const IrCall *m = s->call;
        Val *a = kc_val(K, m->args[0]), *b = kc_val(K, m->args[1]);
        TcRegion ra = kc_mm_operand(a, m, 0), rb = kc_mm_operand(b, m, 1);
        nb = tc_matmul(&K->e, name, &ra, &rb, &dst, ptrmap_get(&K->plans, m));
    } else {
        kc_block_offset(K, s, add);
        if (!s->tile) {
            tc_error(&K->e, K->e.at, "internal error: '%s' has no tile", s->old->name);
            return;
        }
        nb = tc_store(&K->e, name, s->tile, &dst, add);
    }
    if (!nb || !v)
        return;
    v->r = t->r;
    v->r.base = nb;
    v->r.type = v->type;
    v->r.atomic_add = 0;
    if (v->need_tile)
        kc_load(K, v);
}

/* A view of a tensor the kernel computes (Val.window): the window of its
 * tile at the view's offset, copied into a Vec tile of the view's shape. */
static void conv_window(Kc *K, Val *v, const IrCall *c)
{
    const IrExpr *args[4];
    TcKw kw = {"target_memory", MS_VEC};
    if (!v->src->tile) {
        tc_error(&K->e, K->e.at, "internal error: window of '%s' without its tile", v->src->old->name);
        return;
    }
    args[0] = v->src->tile;
    for (uint32_t i = 0; i < 2; i++)
        if (!(args[1 + i] = offset_of(c, 2, i))) {
            tc_error(&K->e, K->e.at, "'pl.tensor.view' needs a literal offset list of 2 elements");
            return;
        }
    args[3] = tc_tuple(K->ir, v->type->n, v->type->dims);
    v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), OP_BLOCK_EXTRACT, 4, args, 1, &kw);
    /* pl.slice(t, shape, offset, valid_shape=): the window keeps only
     * that much valid (a store writes only it). */
    if (v->tile && v->type->tensor_view && v->type->tensor_view->nvalid == 2) {
        const IrExpr *vs[3] = {v->tile, v->type->tensor_view->valid_shape[0], v->type->tensor_view->valid_shape[1]};
        if (vs[1] != v->type->dims[0] || vs[2] != v->type->dims[1])
            v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_valid"), OP_BLOCK_SET_VALIDSHAPE, 3, vs, 0,
                              NULL);
    }
}

static void conv_view(Kc *K, Val *v, const IrCall *c)
{
    Val *s = v->src;
    if (v->window) {
        conv_window(K, v, c);
        return;
    }
    if (!s || !s->ddr || !s->r.base) {
        tc_error(&K->e, K->e.at, "internal error: view of '%s' without its buffer", s ? s->old->name : "?");
        return;
    }
    if (!tc_region_move(K->ir, &v->r, &s->r, c->args[2])) {
        tc_error(&K->e, K->e.at, "'pl.tensor.view' needs a literal offset list of %u elements",
                 ir_expr_type(K->ir, c->args[0])->n);
        return;
    }
    tc_region_rows(&v->r, v->old->type);   /* a view [R, 1, C]: rows of its first dimension */
    v->r.atomic_add = 0;
    v->r.type = v->type;
    if (v->need_tile)
        kc_load(K, v);
}

/* Is cond `i == c` or `c == i` with i the variable of loop f and c its
 * start? */
static int tests_first_step(const IrExpr *cond, const IrFor *f)
{
    const IrBinary *b = cond && cond->kind == EXPR_BINARY && cond->op == BIN_EQ ? IR_AS(IrBinary, cond) : NULL;
    int64_t v, start;
    if (!b || !tc_const(f->start, &start))
        return 0;
    return (b->lhs == &f->loop_var->e && tc_const(b->rhs, &v) && v == start) ||
           (b->rhs == &f->loop_var->e && tc_const(b->lhs, &v) && v == start);
}

/* matmul_acc into an accumulator that starts from zeros (Val.zero_start):
 * on the loop's first step a product, on the others an accumulation. */
static const IrExpr *first_step_product(Kc *K, Val *v, Val *acc, const TcRegion *a, const TcRegion *b,
                                        const TcMmPlan *p)
{
    const IrFor *f = IR_AS(IrFor, acc->site);
    TcStmts *outer = K->e.out, tb, eb;
    const IrExpr *x, *y, *cond;
    const IrVar *ret;
    const char *name = tc_fresh2(&K->names, v->old->name, "_acc");
    int first = tests_first_step(K->first, f);
    /* Inside the user's own test of the first step (the split-K `if k ==
     * 0:`), that test decides. */
    if (first || tests_first_step(K->later, f))
        return tc_matmul_acc_tile(&K->e, name, a, b, first ? NULL : acc->tile, p);
    vec_init(tb);
    vec_init(eb);
    K->e.out = &tb;
    x = tc_matmul_acc_tile(&K->e, tc_fresh2(&K->names, name, "_first"), a, b, NULL, p);
    K->e.out = &eb;
    y = x ? tc_matmul_acc_tile(&K->e, tc_fresh2(&K->names, name, "_accum"), a, b, acc->tile, p) : NULL;
    K->e.out = outer;
    if (x && y) {
        cond = ir_binary(K->ir, BIN_EQ, DT_BOOL, &f->loop_var->e, f->start, K->e.at);
        vec_push(tb, ir_yield(K->ir, 1, &x, K->e.at));
        vec_push(eb, ir_yield(K->ir, 1, &y, K->e.at));
        ret = ir_var_new(K->ir, name, ir_expr_type(K->ir, y), K->e.at);
        vec_push(*outer, ir_if(K->ir, cond, tc_seq(K->ir, &tb, K->e.at), tc_seq(K->ir, &eb, K->e.at), 1, &ret,
                               K->e.at));
    }
    vec_free(tb);
    vec_free(eb);
    return x && y ? &ret->e : NULL;
}

static void conv_tensor_op(Kc *K, Val *v, const IrCall *c)
{
    OpId n = (OpId)callee_op(c->callee)->id;
    const IrExpr *ops[8];
    if (n == OP_TENSOR_ASSEMBLE) {
        conv_assemble(K, v, c);
        return;
    }
    if (n == OP_TENSOR_WRITE) {
        kc_conv_write(K, v, c);
        return;
    }
    if (!v)
        return;   /* a pure op whose result is not used */
    if (n == OP_TENSOR_VIEW) {
        conv_view(K, v, c);
        return;
    }
    if (n == OP_TENSOR_CREATE) {
        if (v->zero_start)
            return;   /* the loop it starts makes an Acc tile */
        if (!v->created)
            fill_tile(K, v, NULL);
        return;
    }
    if (n == OP_TENSOR_FULL) {
        fill_tile(K, v, c->args[1]);   /* the fill value: a scalar of this kernel */
        return;
    }
    if ((n == OP_TENSOR_MATMUL || n == OP_TENSOR_MATMUL_ACC) && v->inacc) {
        /* Held in Acc: computed here, whole. */
        int l = n == OP_TENSOR_MATMUL_ACC;
        Val *a = kc_val(K, c->args[l]), *b = kc_val(K, c->args[l + 1]), *acc = l ? kc_val(K, c->args[0]) : NULL;
        if (!kc_has_operand(a) || !kc_has_operand(b) || (l && (!acc || !acc->tile))) {
            tc_error(&K->e, K->e.at, "internal error: the operands of '%s' have no form here", v->old->name);
            return;
        }
        {
            TcRegion ra = kc_mm_operand(a, c, 0), rb = kc_mm_operand(b, c, 1);
            if (acc && acc->zero_start) {
                v->tile = first_step_product(K, v, acc, &ra, &rb, ptrmap_get(&K->plans, c));
                return;
            }
            v->tile = tc_matmul_acc_tile(&K->e, tc_fresh2(&K->names, v->old->name, "_acc"), &ra, &rb,
                                         acc ? acc->tile : NULL, ptrmap_get(&K->plans, c));
        }
        return;
    }
    if (n == OP_TENSOR_MATMUL)
        return;   /* computed where it is stored */
    if (kc_is_l1_op(n)) {
        kc_conv_l1(K, v, c);
        return;
    }
    if (c->nargs > 8) {
        tc_error(&K->e, K->e.at, "'%s' has too many arguments", c->callee->name);
        return;
    }
    for (uint32_t i = 0; i < c->nargs; i++) {
        Val *a = kc_val(K, c->args[i]);
        ops[i] = a ? a->tile : c->args[i];
        if (a && !a->tile) {
            tc_error(&K->e, K->e.at, "internal error: '%s' has no tile", a->old->name);
            return;
        }
    }
    K->e.what = op_printed_name(callee_op(c->callee), K->opname, sizeof K->opname);
    v->tile = tc_lower_op(&K->e, c, ops, tc_fresh2(&K->names, v->old->name, "_tile"));
    K->e.what = NULL;
}

/* A scalar defined by a tensor op: tensor.dim is its constant, or the
 * expression of the names the kernel has for its tensors' dimensions
 * (ir_func_dim_names: each is a parameter of the kernel); tensor.read
 * an element (tensor_elements.c). */
static void conv_scalar_op(Kc *K, const IrAssign *a, const IrCall *c, TcStmts *out)
{
    OpId n = (OpId)callee_op(c->callee)->id;
    char d[64];
    if (n == OP_TENSOR_DIM) {
        const IrType *t = ir_expr_type(K->ir, c->args[0]);
        int64_t axis = 0, v;
        PtrMap names;
        int known;
        if (tc_const(c->args[1], &axis) && axis < 0)
            axis += t->n;
        if (axis >= 0 && axis < (int64_t)t->n && tc_const(t->dims[axis], &v)) {
            vec_push(*out, ir_assign(K->ir, a->var, ir_const_int(K->ir, v, DT_INT64, a->value->span), a->s.span));
            return;
        }
        ptrmap_init(&names);
        ir_func_dim_names(K->f, &names);
        known = axis >= 0 && axis < (int64_t)t->n && ir_dim_vars_in(t->dims[axis], &names);
        ptrmap_free(&names);
        if (known) {
            vec_push(*out, ir_assign(K->ir, a->var, t->dims[axis], a->s.span));
            return;
        }
        tc_error(&K->e, a->value->span,
                 "'pl.tensor.dim' of %s cannot be converted: the dimension is neither a constant nor one the "
                 "kernel's tensor parameters give",
                 tc_shape_text(t, d, sizeof d));
        return;
    }
    if (n == OP_TENSOR_READ)
        kc_conv_read(K, a, c, out);
    else
        tc_error(&K->e, a->value->span, "'%s' has no block form in a kernel", c->callee->name);
}

static void conv_assign(Kc *K, const IrAssign *a, TcStmts *out)
{
    Val *v = kc_val(K, &a->var->e);
    const OpDef *op = tc_call_op(a->value);
    if (v) {
        switch ((DefKind)v->def) {
        case DK_OP:
            conv_tensor_op(K, v, IR_AS(IrCall, a->value));
            return;
        case DK_COPY:
            v->tile = v->src->tile;
            v->r = v->src->r;
            v->r.type = v->type;
            return;
        default: {
            const IrExpr *x = subst(K, a->value);
            const IrVar *nv = ir_var_new(K->ir, a->var->name, ir_expr_type(K->ir, x), a->var->e.span);
            vec_push(*out, ir_assign(K->ir, nv, x, a->s.span));
            tc_region_at(K->ir, &v->r, &nv->e, v->type);
            if (v->need_tile)
                kc_load(K, v);
            return;
        }
        }
    }
    if (op && op->category == OPC_TENSOR) {
        conv_scalar_op(K, a, IR_AS(IrCall, a->value), out);
        return;
    }
    {
        const IrExpr *x = subst(K, a->value);
        vec_push(*out, x == a->value ? &a->s : ir_assign(K->ir, a->var, x, a->s.span));
    }
}

/* The product a loop's accumulator carries: the matmul or matmul_acc its
 * yielded value comes from, through copies and ifs; NULL if none. */
static const Val *carried_product(const Val *x, int depth)
{
    for (; x && depth < 64; depth++) {
        if (x->def == DK_OP)
            return kc_op_of(x) == OP_TENSOR_MATMUL || kc_op_of(x) == OP_TENSOR_MATMUL_ACC ? x : NULL;
        if (x->def == DK_IF_RET) {
            const Val *p = carried_product(x->y[0], depth + 1);
            return p ? p : carried_product(x->y[1], depth + 1);
        }
        if (x->def != DK_COPY && x->def != DK_LOOP_RET)
            return NULL;
        x = x->src;
    }
    return NULL;
}

/* Extent `axis` of operand `which` of the product p as the product sees
 * it (a_trans=, b_trans=): the valid extent of its tensor. */
static const IrExpr *operand_valid(Kc *K, const Val *p, int which, int axis)
{
    const IrCall *c = p->call;
    uint32_t l = kc_op_of(p) == OP_TENSOR_MATMUL_ACC;
    const Val *a = kc_val(K, c->args[l + (uint32_t)which]);
    int trans = ir_call_kwarg_int(c, which ? "b_trans" : "a_trans", 0) != 0;
    if (!a || a->type->n != 2)
        return NULL;
    return ir_tensor_valid_dims(a->type)[trans ? 1 - axis : axis];
}

static void add_def(void *names, const IrVar *v) { ptrmap_put(names, v, (void *)v); }
static int collect_defs(const IrStmt *s, const void *names)
{
    ir_stmt_defs(s, add_def, (void *)names);
    return 0;
}

/* Does dimension e name a variable of `names`? */
static int names_any(const IrExpr *e, const PtrMap *names)
{
    if (ir_is_var_like(e))   /* an iter_arg too */
        return ptrmap_get(names, e) != NULL;
    switch ((IrExprKind)e->kind) {
    case EXPR_UNARY: return names_any(IR_AS(IrUnary, e)->operand, names);
    case EXPR_BINARY: return names_any(IR_AS(IrBinary, e)->lhs, names) || names_any(IR_AS(IrBinary, e)->rhs, names);
    default: return 0;
    }
}

/* Equal extents: as linear forms over the same dimensions (ir_dim_difference). */
static int same_extent(IrCtx *ir, const IrExpr *a, const IrExpr *b)
{
    int64_t d;
    return a == b || (ir_dim_difference(ir, a, b, &d) && d == 0);
}

/* The start of an accumulator that starts from zeros (Val.zero_start):
 * an Acc tile of its products' type, which its first step overwrites.
 * The products are valid in the lhs's valid rows and the rhs's valid
 * columns (block.matmul's deduction), and so is the start, so that the
 * loop carries one type (PTOAS's tmatmul asks for the product's valid
 * shape on its destination). */
static const IrExpr *uninit_acc(Kc *K, Val *v)
{
    const IrExpr *dims[2], *shape, *t, *vs[3];
    TcKw kw[2] = {{"dtype", v->type->dtype}, {"target_memory", MS_ACC}};
    const Val *p = carried_product(v->y[0], 0);
    kc_block_dims(K, v, dims);
    shape = tc_tuple(K->ir, v->type->n, dims);
    t = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_start"), OP_BLOCK_CREATE_TILE, 1, &shape, 2, kw);
    if (!t || !p || v->type->n != 2 || !(vs[1] = operand_valid(K, p, 0, 0)) || !(vs[2] = operand_valid(K, p, 1, 1)) ||
        (same_extent(K->ir, vs[1], dims[0]) && same_extent(K->ir, vs[2], dims[1])))
        return t;
    /* Only extents known before the loop: where the loop computes one (a
     * tail's row count per step), the start is wholly valid in that
     * dimension, which PTOAS accepts beside a run-time extent. */
    {
        PtrMap inner;
        ptrmap_init(&inner);
        ir_stmt_any(v->site, collect_defs, NULL, &inner);
        for (uint32_t d = 0; d < 2; d++)
            if (names_any(vs[1 + d], &inner))
                vs[1 + d] = dims[d];
        ptrmap_free(&inner);
        if (same_extent(K->ir, vs[1], dims[0]) && same_extent(K->ir, vs[2], dims[1]))
            return t;
    }
    vs[0] = t;
    return tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_start_valid"), OP_BLOCK_SET_VALIDSHAPE, 3, vs, 0, NULL);
}

/* New iter_args for a loop: tiles or buffers as their Vals say. */
static int loop_iters(Kc *K, uint32_t n, const IrIterArg *const *it, const IrIterArg **nit, Val **targets)
{
    for (uint32_t k = 0; k < n; k++) {
        const IrIterArg *a = it[k];
        Val *tv = kc_val(K, &a->v.e), *iv;
        const IrExpr *init;
        targets[k] = tv;
        if (!tv) {
            nit[k] = a;
            continue;
        }
        if (tv->zero_start)
            init = uninit_acc(K, tv);
        else if (!(init = value_for(K, a->init, tv->ddr, K->e.at)))
            return -1;
        nit[k] = ir_iter_arg_new(K->ir, a->v.name, ir_expr_type(K->ir, init), init, a->v.e.span);
        if (tv->ddr) {
            iv = kc_val(K, a->init);
            tv->r = iv->r;
            tv->r.base = &nit[k]->v.e;
            tv->r.type = tv->type;
        } else {
            tv->tile = &nit[k]->v.e;
        }
    }
    return 0;
}

/* The loop body with the loads of iter_args held in global memory that
 * computations use, and its yield. */
static const IrStmt *loop_body(Kc *K, const IrStmt *body, uint32_t n, Val **targets)
{
    TcStmts b;
    const IrExpr **ys = xmalloc(xmul_size(n ? n : 1, sizeof *ys));
    const IrStmt *r = NULL;
    TcStmts *saved = K->e.out;
    vec_init(b);
    K->e.out = &b;
    for (uint32_t k = 0; k < n; k++)
        if (targets[k] && targets[k]->ddr && targets[k]->need_tile)
            kc_load(K, targets[k]);
    if (kc_walk_body(K, body, &b, targets, n, ys) == 0) {
        if (n || ir_body_yield(body))
            vec_push(b, ir_yield(K->ir, n, ys, ir_body_yield(body) ? ir_body_yield(body)->s.span : body->span));
        r = b.len ? tc_seq(K->ir, &b, body->span) : ir_seq(K->ir, STMT_SEQ, 0, NULL, body->span);
    }
    K->e.out = saved;
    vec_free(b);
    xfree(ys);
    return r;
}

/* Return variables of a loop or an if: the types of the new iter_args or
 * yielded values. */
static void new_rets(Kc *K, uint32_t n, const IrVar *const *ret, const IrType *const *types, const IrVar **nret,
                     TcStmts *after)
{
    for (uint32_t k = 0; k < n; k++) {
        Val *rv = kc_val(K, &ret[k]->e);
        nret[k] = ret[k];
        if (!rv)
            continue;
        nret[k] = ir_var_new(K->ir, ret[k]->name, types[k], ret[k]->e.span);
        if (rv->ddr) {
            Val *from = rv->def == DK_LOOP_RET ? rv->src : rv->y[0];
            rv->r = from ? from->r : rv->r;
            rv->r.base = &nret[k]->e;
            rv->r.type = rv->type;
        } else {
            rv->tile = &nret[k]->e;
        }
        (void)after;
    }
}

static void load_rets(Kc *K, uint32_t n, const IrVar *const *ret)
{
    for (uint32_t k = 0; k < n; k++) {
        Val *rv = kc_val(K, &ret[k]->e);
        if (rv && rv->ddr && rv->need_tile)
            kc_load(K, rv);
    }
}

/* A for or while loop (s) rebuilt with the iter_args and return
 * variables of the conversion. */
static void conv_loop(Kc *K, const IrStmt *s, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret,
                      const IrStmt *old_body, TcStmts *out)
{
    const IrIterArg **nit = xmalloc(xmul_size(n ? n : 1, sizeof *nit));
    const IrVar **nret = xmalloc(xmul_size(n ? n : 1, sizeof *nret));
    const IrType **types = xmalloc(xmul_size(n ? n : 1, sizeof *types));
    Val **targets = xmalloc(xmul_size(n ? n : 1, sizeof *targets));
    const IrStmt *body;
    Span at = K->e.at;
    if (loop_iters(K, n, it, nit, targets) == 0 && (body = loop_body(K, old_body, n, targets))) {
        for (uint32_t k = 0; k < n; k++)
            types[k] = nit[k]->v.type;
        new_rets(K, n, ret, types, nret, out);
        if (s->kind == STMT_FOR) {
            const IrFor *f = IR_AS(IrFor, s);
            vec_push(*out, ir_for_staged(ir_for(K->ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, n,
                                                nit, nret, body, s->span),
                                         f->stage));
        } else {
            vec_push(*out, ir_while(K->ir, IR_AS(IrWhile, s)->cond, n, nit, nret, body, s->span));
        }
        K->e.at = at;
        load_rets(K, n, ret);
    }
    xfree(nit);
    xfree(nret);
    xfree(types);
    xfree(targets);
}

static const IrStmt *branch(Kc *K, const IrStmt *body, uint32_t n, Val **targets, const IrExpr **ys)
{
    TcStmts b;
    const IrStmt *r = NULL;
    TcStmts *saved = K->e.out;
    const IrValues *y = ir_body_yield(body);
    vec_init(b);
    K->e.out = &b;
    if (kc_walk_body(K, body, &b, targets, n, ys) == 0) {
        if (y)
            vec_push(b, ir_yield(K->ir, n, ys, y->s.span));
        r = b.len ? tc_seq(K->ir, &b, body->span) : ir_seq(K->ir, STMT_SEQ, 0, NULL, body->span);
    }
    K->e.out = saved;
    vec_free(b);
    return r;
}

static void conv_if(Kc *K, const IrIf *f, TcStmts *out)
{
    uint32_t n = f->nret;
    const IrExpr **yt = xmalloc(xmul_size(n ? n : 1, sizeof *yt));
    const IrExpr **ye = xmalloc(xmul_size(n ? n : 1, sizeof *ye));
    const IrVar **nret = xmalloc(xmul_size(n ? n : 1, sizeof *nret));
    const IrType **types = xmalloc(xmul_size(n ? n : 1, sizeof *types));
    Val **targets = xmalloc(xmul_size(n ? n : 1, sizeof *targets));
    const IrStmt *t, *e = NULL;
    const IrExpr *first = K->first, *later = K->later;
    for (uint32_t k = 0; k < n; k++)
        targets[k] = kc_val(K, &f->ret[k]->e);
    K->first = f->cond;
    t = branch(K, f->then_body, n, targets, yt);
    K->first = first;
    K->later = f->cond;
    if (t && f->else_body)
        e = branch(K, f->else_body, n, targets, ye);
    K->later = later;
    if (t && (e || !f->else_body)) {
        for (uint32_t k = 0; k < n; k++)
            types[k] = ir_expr_type(K->ir, yt[k] ? yt[k] : &f->ret[k]->e);
        new_rets(K, n, f->ret, types, nret, out);
        vec_push(*out, ir_if(K->ir, f->cond, t, e, n, nret, f->s.span));
        load_rets(K, n, f->ret);
    }
    xfree(yt);
    xfree(ye);
    xfree(nret);
    xfree(types);
    xfree(targets);
}

/* pld.tensor.remote_store or pld.tensor.put (c) of a tensor the kernel
 * computes (src, a tile): its tile (the block of this pass through the
 * row loop, at its place) stored into the peer's window at the offsets. */
static void conv_push(Kc *K, const IrCall *c, Val *src, TcStmts *out)
{
    int store = callee_op(c->callee)->id == OP_PLD_TENSOR_REMOTE_STORE;
    const IrExpr *target = subst(K, c->args[store ? 1 : 0]), *peer = subst(K, c->args[store ? 2 : 1]);
    const IrType *tt = ir_expr_type(K->ir, target), *st = ir_expr_type(K->ir, src->tile);
    const IrExpr *offs[8], *add[2] = {NULL, NULL}, *args[4];
    const IrKwarg *atomic = ir_call_kwarg(c, "atomic");
    TcKw kw = {"atomic", atomic ? atomic->v.i : 0};
    uint32_t n = tt->kind == TYPE_TENSOR ? tt->n : 0;
    if (n == 0 || n > 8 || !src->tile || st->kind != TYPE_TILE || st->n > n ||
        (store && (c->args[3]->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, c->args[3])->n != n)) || K->col) {
        tc_error(&K->e, K->e.at, "'%s' of '%s', which the kernel computes, needs a literal list of offsets, one per "
                                 "dimension of the window, and whole rows",
                 store ? "pld.tensor.remote_store" : "pld.tensor.put", src->old->name);
        return;
    }
    for (uint32_t d = 0; d < n; d++)
        offs[d] = store ? subst(K, IR_AS(IrMakeTuple, c->args[3])->elems[d]) : tc_int(K->ir, 0);
    kc_block_offset(K, src, add);
    for (uint32_t d = 0; d < 2 && d < st->n; d++)
        if (add[d]) {
            uint32_t at = n - st->n + d;
            offs[at] = ir_binary(K->ir, BIN_ADD, DT_INT64, ir_unary(K->ir, UN_CAST, DT_INT64, offs[at], K->e.at),
                                 ir_unary(K->ir, UN_CAST, DT_INT64, add[d], K->e.at), K->e.at);
        }
    args[0] = src->tile;
    args[1] = target;
    args[2] = peer;
    args[3] = ir_make_tuple(K->ir, n, offs, K->e.at);
    const IrExpr *x = tc_emit_op(&K->e, OP_PLD_TILE_REMOTE_STORE, 4, args, atomic ? 1 : 0, &kw);
    if (x)
        vec_push(*out, ir_eval(K->ir, x, K->e.at));
}

static void conv_stmt(Kc *K, const IrStmt *s, TcStmts *out)
{
    K->e.at = s->span;
    K->e.out = out;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        conv_assign(K, IR_AS(IrAssign, s), out);
        break;
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        const OpDef *op = tc_call_op(x);
        uint32_t pushed = op ? kc_pushed_arg(IR_AS(IrCall, x)) : UINT32_MAX;
        Val *src = pushed != UINT32_MAX ? kc_val(K, IR_AS(IrCall, x)->args[pushed]) : NULL;
        if (op && op->category == OPC_TENSOR) {
            conv_tensor_op(K, NULL, IR_AS(IrCall, x));
        } else if (src && !src->ddr) {
            conv_push(K, IR_AS(IrCall, x), src, out);
        } else if (op && op->id == OP_PLD_TENSOR_REMOTE_STORE && conv_remote_store(K, IR_AS(IrCall, x), out)) {
            break;
        } else {
            const IrExpr *y = subst(K, x);
            vec_push(*out, y == x ? s : ir_eval(K->ir, y, s->span));
        }
        break;
    }
    case STMT_FOR:
        conv_loop(K, s, IR_AS(IrFor, s)->niter, IR_AS(IrFor, s)->iter_args, IR_AS(IrFor, s)->ret,
                  IR_AS(IrFor, s)->body, out);
        break;
    case STMT_WHILE:
        conv_loop(K, s, IR_AS(IrWhile, s)->niter, IR_AS(IrWhile, s)->iter_args, IR_AS(IrWhile, s)->ret,
                  IR_AS(IrWhile, s)->body, out);
        break;
    case STMT_IF:
        conv_if(K, IR_AS(IrIf, s), out);
        break;
    case STMT_RETURN:
        tc_error(&K->e, s->span, "a return inside control flow cannot be converted; return at the end of '%s'",
                 K->f->name);
        break;
    case STMT_YIELD:
        tc_error(&K->e, s->span, "a yield must end its body");
        break;
    case STMT_SCOPE:
        tc_error(&K->e, s->span, "'with pl.incore():' scope in an InCore function");
        break;
    case STMT_SEQ:
    case STMT_OPS:
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    K->e.out = out;
}

int kc_walk_body(Kc *K, const IrStmt *body, TcStmts *out, Val *const *targets, uint32_t ny, const IrExpr **yout)
{
    TcStmts list;
    vec_init(list);
    pass_flatten(&list, body);
    for (uint32_t i = 0; i < list.len && !K->e.failed; i++) {
        const IrStmt *s = list.data[i];
        if (K->ret && s == &K->ret->s)
            break;
        if (s->kind == STMT_YIELD && i + 1 == list.len) {
            const IrValues *y = IR_AS(IrValues, s);
            for (uint32_t k = 0; k < ny && k < y->n; k++)
                yout[k] = targets[k] ? value_for(K, y->values[k], targets[k]->ddr, s->span) : y->values[k];
            continue;
        }
        conv_stmt(K, s, out);
    }
    vec_free(list);
    return K->e.failed ? -1 : 0;
}
