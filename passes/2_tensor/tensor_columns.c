/* tensor_columns.c: rows too long for UB, in blocks of columns
 * (ConvertTensorToBlockOps; tensor_kernel.c decides when).
 *
 * When even the smallest block of whole rows does not fit UB (a softmax
 * over 64K columns), the rows are split as well: for each block of B rows,
 * loops over blocks of C columns.  Elementwise work is done block by
 * block; a row reduction (row_max, row_sum) reduces each block to a
 * partial [B, 1] and combines the partials in a loop-carried accumulator
 * (maximum, add) that starts from the first block's partial (done before
 * the loop).  A value that needs a complete reduction can only be computed in
 * a later pass over the columns, so every value gets a phase: the first
 * column loop that can compute it (0 for loaded tensors; one more than the
 * phase of the reduced tensor for a reduction; the largest phase of the
 * operands otherwise).  Loop k computes the values of phase k that a
 * reduction of that loop or a store needs, computing again, from the
 * loaded inputs, the full-width values of earlier phases they use (they
 * cannot be kept: that is why the rows were split).  Row vectors [B, 1]
 * (reductions and what is computed from them) are kept between the loops
 * and computed as soon as their phase is reached.  A softmax takes three
 * passes over x: the maximum, the sum of exp(x - max), the result.
 *
 * Only straight-line bodies of elementwise ops, casts, exp and row
 * reductions over tensors of M or 1 rows and N or 1 columns are done so;
 * the stores write their parameters in place. */
#include "config.h"
#include "passes/2_tensor/tensor_kernel.h"
#include "support/xalloc.h"

#include <string.h>

/* The op a value is the result of; OP_COUNT for none. */
static OpId op_of(const Val *v)
{
    const OpDef *op = v->def == DK_OP ? callee_op(v->call->callee) : NULL;
    return op ? (OpId)op->id : OP_COUNT;
}

/* The op that merges the partial results of a row reduction split into
 * column blocks (the op table's merge), or NULL for other values. */
static const OpDef *merge_of(const Val *v)
{
    return v->def == DK_OP && callee_op(v->call->callee) ? op_ref(callee_op(v->call->callee)->merge) : NULL;
}

static int is_reduce(const Val *v) { return merge_of(v) != NULL; }

/* Values that exist as tiles. */
static int is_tile(const Val *v) { return !v->lazy && (!v->ddr || v->need_tile); }

static int64_t cols_of(const IrType *t) { return kc_dim(t, t->n - 1); }

/* Full-width values are recomputed in each column loop; row vectors and
 * single elements are kept. */
static int full_width(Kc *K, const Val *v) { return K->N > 1 && cols_of(v->type) == K->N; }

/* A value held in global memory that is loaded (a parameter, a view). */
static int loaded(const Val *v) { return v->ddr && v->need_tile; }

const char *kc_columns_why(Kc *K, Span *at)
{
    TcStmts list;
    const char *why = NULL;
    *at = K->f->span;
    if (K->cube)
        return "matrix products are not done in blocks of columns";
    if (K->elements)
        return "element reads and writes are not done in blocks of columns";
    vec_init(list);
    pass_flatten(&list, K->f->body);
    for (uint32_t i = 0; i < list.len && !why; i++)
        if (list.data[i]->kind != STMT_ASSIGN && list.data[i]->kind != STMT_EVAL &&
            list.data[i]->kind != STMT_RETURN) {
            why = "rows are split only in straight-line code (this has loops or ifs)";
            *at = list.data[i]->span;
        }
    vec_free(list);
    K->N = 1;
    for (uint32_t i = 0; i < K->all.len && !why; i++)
        if (is_tile(K->all.data[i]) && cols_of(K->all.data[i]->type) > K->N)
            K->N = cols_of(K->all.data[i]->type);
    for (uint32_t i = 0; i < K->all.len && !why; i++) {
        Val *v = K->all.data[i];
        OpId o = op_of(v);
        const OpDef *block = o < OP_COUNT ? op_ref(op_by_id(o)->block) : NULL;
        int64_t r, c;
        if (!is_tile(v) && !(v->def == DK_OP && o == OP_TENSOR_ASSEMBLE))
            continue;
        *at = v->at;
        r = kc_rows(v->type);
        c = cols_of(v->type);
        if (v->def == DK_OTHER || v->def == DK_ITER || v->def == DK_LOOP_RET || v->def == DK_IF_RET)
            why = "rows are split only in straight-line code of tensor ops";
        else if (v->tsplit || o == OP_TENSOR_TRANSPOSE || o == OP_TENSOR_RESHAPE)
            why = "'pl.tensor.transpose' and 'pl.tensor.reshape' move elements between rows and columns";
        else if (o == OP_TENSOR_GATHER || o == OP_TENSOR_GATHER_MASK)
            why = "'pl.gather' moves elements between the columns of a row";
        else if (o == OP_TENSOR_SCATTER || o == OP_TENSOR_SCATTER_MASK || o == OP_TENSOR_SCATTER_UPDATE)
            why = "'pl.scatter' moves elements between the columns of a row";
        else if (o == OP_TENSOR_CONCAT)
            why = "'pl.concat' moves the columns of its second operand";
        else if (v->window)
            why = "a view of a tensor the kernel computes is a window of its whole tile";
        else if (block && block->cls == OPCL_ROW_REDUCE && !merge_of(v))
            why = "'pl.row_argmax' and 'pl.row_argmin' need whole rows (their column blocks' indices do not merge)";
        else if (block && (block->cls == OPCL_SORT32 || block->cls == OPCL_MRGSORT || block->cls == OPCL_MRGSORT2))
            why = "'pl.sort32' and 'pl.mrgsort' move elements between the columns of a row";
        else if (v->written && v->need_tile)
            why = "a tensor is read back after pl.assemble wrote it";
        else if ((r != 1 && r != K->M) || (c != 1 && c != K->N))
            why = "its tensors have different shapes";
    }
    return why;
}

/* ------------------------------------------------------------- phases */

static int32_t phase_of(Kc *K, Val *v)
{
    int32_t p = 0;
    if (v->def == DK_COPY)
        return v->src ? v->src->phase : 0;
    if (v->def != DK_OP || loaded(v))
        return 0;
    for (uint32_t i = 0; i < v->call->nargs; i++) {
        Val *a = kc_val(K, v->call->args[i]);
        if (a && a->phase > p)
            p = a->phase;
    }
    return is_reduce(v) ? p + 1 : p;
}

/* Marks the full-width values loop k computes for v (v and its operands
 * of phase <= k, transitively). */
static void need_in_loop(Kc *K, Val *v, PtrMap *need)
{
    if (!v || !full_width(K, v) || ptrmap_get(need, v))
        return;
    ptrmap_put(need, v, v);
    if (v->def == DK_COPY)
        need_in_loop(K, v->src, need);
    else if (v->def == DK_OP && !loaded(v))
        for (uint32_t i = 0; i < v->call->nargs; i++)
            need_in_loop(K, kc_val(K, v->call->args[i]), need);
}

/* ------------------------------------------------------------ emitting */

static void block_dims(Kc *K, const Val *v, const IrExpr **dims, const IrExpr **add)
{
    uint32_t n = v->type->n;
    for (uint32_t i = 0; i < n; i++) {
        dims[i] = v->type->dims[i];
        add[i] = NULL;
    }
    if (n == 2 && K->M > 1 && kc_dim(v->type, 0) == K->M) {
        dims[0] = tc_int(K->ir, K->B);
        add[0] = K->row;
    }
    if (full_width(K, v)) {
        dims[n - 1] = tc_int(K->ir, K->C);
        add[n - 1] = K->col;
    }
}

static int load_val(Kc *K, Val *v)
{
    const IrExpr *dims[2], *add[2];
    block_dims(K, v, dims, add);
    v->tile = tc_load(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), &v->r, add, v->type->n, dims, MS_VEC);
    return v->tile ? 0 : -1;
}

/* The tile of one value (its operands' tiles already made). */
static int compute_val(Kc *K, Val *v)
{
    const IrExpr *ops[8];
    if (v->def == DK_COPY) {
        v->tile = v->src->tile;
        return 0;
    }
    if (loaded(v))
        return load_val(K, v);
    if (op_of(v) == OP_TENSOR_CREATE) {
        const IrExpr *dims[2], *add[2], *args[2];
        DataType dt = (DataType)v->type->dtype;
        TcKw kw = {"dtype", dt};
        block_dims(K, v, dims, add);
        args[0] = tc_tuple(K->ir, v->type->n, dims);
        args[1] = dtype_is_float(dt) ? ir_const_float(K->ir, 0.0, DT_FP32, span_unknown())
                                     : ir_const_int(K->ir, 0, DT_INT64, span_unknown());
        v->tile = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), OP_BLOCK_FULL, 2, args, 1, &kw);
        return v->tile ? 0 : -1;
    }
    if (v->call->nargs > 8)
        return -1;
    for (uint32_t i = 0; i < v->call->nargs; i++) {
        Val *a = kc_val(K, v->call->args[i]);
        ops[i] = a ? a->tile : v->call->args[i];
        if (a && !a->tile) {
            tc_error(&K->e, v->at, "internal error: '%s' has no tile in this column loop", a->old->name);
            return -1;
        }
    }
    K->e.at = v->at;
    K->e.what = op_printed_name(callee_op(v->call->callee), K->opname, sizeof K->opname);
    v->tile = tc_lower_op(&K->e, v->call, ops, tc_fresh2(&K->names, v->old->name, "_tile"));
    K->e.what = NULL;
    return v->tile ? 0 : -1;
}

/* The stores of a value: the results it is and the assembles of it. */
static int store_val(Kc *K, Val *v, Slot *slots, uint32_t nret)
{
    const IrExpr *dims[2], *add[2];
    block_dims(K, v, dims, add);
    for (uint32_t i = 0; i < nret; i++)
        if (slots[i].kind == SLOT_STORE && slots[i].v == v) {
            TcRegion d;
            tc_region_at(K->ir, &d, &slots[i].out->e, v->type);
            if (!tc_store(&K->e, tc_fresh2(&K->names, v->old->name, "_st"), v->tile, &d, add))
                return -1;
        }
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *a = K->all.data[i];
        Val *t;
        TcRegion d;
        const IrExpr *offs;
        if (a->def != DK_OP || op_of(a) != OP_TENSOR_ASSEMBLE || kc_val(K, a->call->args[1]) != v)
            continue;
        t = kc_val(K, a->call->args[0]);
        offs = a->call->args[2];
        tc_region_move(K->ir, &d, &t->r, offs);
        tc_region_rows(&d, v->old->type);
        d.type = v->type;
        d.atomic_add = (uint8_t)ir_call_atomic_add(a->call);
        /* The result of the assemble is its target, written in place. */
        a->r = t->r;
        a->r.type = a->type;
        if (!tc_store(&K->e, tc_fresh2(&K->names, a->old->name, "_st"), v->tile, &d, add))
            return -1;
    }
    return 0;
}

static int is_stored(Kc *K, const Val *v, Slot *slots, uint32_t nret)
{
    for (uint32_t i = 0; i < nret; i++)
        if (slots[i].kind == SLOT_STORE && slots[i].v == v)
            return 1;
    for (uint32_t i = 0; i < K->all.len; i++) {
        const Val *a = K->all.data[i];
        if (a->def == DK_OP && op_of(a) == OP_TENSOR_ASSEMBLE && kc_val(K, a->call->args[1]) == v)
            return 1;
    }
    return 0;
}

/* One block of columns of loop k at column `col`: the needed values, the
 * partial reductions (combined with acc when given) into ys, the stores. */
static int column_block(Kc *K, int32_t k, const IrExpr *col, PtrMap *need, Val **red, uint32_t nred,
                        const IrIterArg *const *acc, const IrExpr **ys, Slot *slots, uint32_t nret)
{
    K->col = col;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (full_width(K, v))
            v->tile = NULL;
    }
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (ptrmap_get(need, v) && compute_val(K, v) != 0)
            return -1;
    }
    for (uint32_t r = 0; r < nred; r++) {
        Val *v = red[r];
        const IrExpr *args[2];
        args[0] = kc_val(K, v->call->args[0])->tile;
        K->e.at = v->at;
        if (!(ys[r] = tc_lower_op(&K->e, v->call, args, tc_fresh2(&K->names, v->old->name, acc ? "_part" : "_first"))))
            return -1;
        if (!acc)
            continue;
        args[0] = &acc[r]->v.e;
        args[1] = ys[r];
        if (!(ys[r] = tc_emit(&K->e, tc_fresh2(&K->names, v->old->name, "_acc"),
                              (OpId)merge_of(v)->id, 2, args, 0, NULL)))
            return -1;
    }
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (ptrmap_get(need, v) && v->phase == k && store_val(K, v, slots, nret) != 0)
            return -1;
    }
    return 0;
}

/* Column loop k: the full-width values it needs, the reductions of phase
 * k, the stores of full-width values of phase k.  With reductions, the
 * first block is done before the loop and starts the accumulators (no
 * identity value is needed). */
static int column_loop(Kc *K, int32_t k, Slot *slots, uint32_t nret)
{
    IrCtx *ir = K->ir;
    PtrMap need;
    VEC(Val *) red;
    TcStmts body, *outer = K->e.out;
    const IrIterArg **its = NULL;
    const IrVar **rets = NULL;
    const IrExpr **ys = NULL;
    const IrVar *cv;
    int64_t from = 0;
    int rc = -1;
    ptrmap_init(&need);
    vec_init(red);
    vec_init(body);
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (!is_tile(v))
            continue;
        if (is_reduce(v) && v->phase == k + 1) {
            vec_push(red, v);
            need_in_loop(K, kc_val(K, v->call->args[0]), &need);
        } else if (full_width(K, v) && v->phase == k && is_stored(K, v, slots, nret)) {
            need_in_loop(K, v, &need);
        }
    }
    if (!need.count) {
        rc = 0;
        goto done;
    }
    its = xmalloc(xmul_size(red.len + 1, sizeof *its));
    rets = xmalloc(xmul_size(red.len + 1, sizeof *rets));
    ys = xmalloc(xmul_size(red.len + 1, sizeof *ys));
    if (red.len) {
        if (column_block(K, k, tc_int(ir, 0), &need, red.data, red.len, NULL, ys, slots, nret) != 0)
            goto done;
        for (uint32_t r = 0; r < red.len; r++)
            its[r] = ir_iter_arg_new(ir, tc_fresh2(&K->names, red.data[r]->old->name, "_iter"),
                                     ir_expr_type(ir, ys[r]), ys[r], red.data[r]->at);
        from = K->C;
    }
    cv = ir_var_new(ir, tc_fresh(&K->names, "col"), ir_type_scalar(ir, DT_INT64), K->f->span);
    K->e.out = &body;
    if (column_block(K, k, &cv->e, &need, red.data, red.len, its, ys, slots, nret) != 0)
        goto done;
    if (red.len)
        vec_push(body, ir_yield(ir, red.len, ys, K->f->span));
    for (uint32_t r = 0; r < red.len; r++) {
        rets[r] = ir_var_new(ir, tc_fresh2(&K->names, red.data[r]->old->name, "_tile"), its[r]->v.type,
                             red.data[r]->at);
        red.data[r]->tile = &rets[r]->e;
    }
    vec_push(*outer, ir_for(ir, FOR_SEQUENTIAL, cv, tc_int(ir, from), tc_int(ir, K->N), tc_int(ir, K->C), red.len,
                            its, rets, tc_seq(ir, &body, K->f->span), K->f->span));
    rc = 0;
done:
    K->e.out = outer;
    xfree(its);
    xfree(rets);
    xfree(ys);
    vec_free(body);
    vec_free(red);
    ptrmap_free(&need);
    return K->e.failed ? -1 : rc;
}

/* The values kept between the loops (row vectors, elements) that become
 * computable at phase k, and their stores. */
static int kept_values(Kc *K, int32_t k, Slot *slots, uint32_t nret)
{
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (!is_tile(v) || full_width(K, v) || v->phase != k)
            continue;
        if (!is_reduce(v) && compute_val(K, v) != 0)
            return -1;
        if (store_val(K, v, slots, nret) != 0)
            return -1;
    }
    return 0;
}

const IrFunc *kc_build_columns(Kc *K, int64_t B, int64_t C, int report)
{
    IrCtx *ir = K->ir;
    const IrFunc *f = K->f;
    uint32_t nret = K->ret ? K->ret->n : 0, np;
    int32_t phases = 0;
    Slot *slots;
    IrParam *params;
    TcStmts top, inner, *body;
    const IrExpr **rets;
    IrFunc *g = NULL;
    const IrVar *rv = NULL;

    kc_begin(K, B, report, &top);
    vec_init(inner);
    K->C = C;
    params = kc_params(K, &slots, &np);
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        v->phase = phase_of(K, v);
        if (v->phase > phases)
            phases = v->phase;
    }
    body = &top;
    if (B < K->M) {
        rv = ir_var_new(ir, tc_fresh(&K->names, "row"), ir_type_scalar(ir, DT_INT64), f->span);
        K->row = &rv->e;
        body = &inner;
    } else {
        K->row = tc_int(ir, 0);
    }
    K->e.out = body;
    /* Views move regions; everything else is computed by phase. */
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (v->def == DK_OP && op_of(v) == OP_TENSOR_VIEW && v->src) {
            tc_region_move(ir, &v->r, &v->src->r, v->call->args[2]);
            tc_region_rows(&v->r, v->old->type);
            v->r.type = v->type;
        } else if (v->def == DK_COPY && v->src) {
            v->r = v->src->r;
            v->r.type = v->type;
        }
    }
    if (kept_values(K, 0, slots, nret) != 0)
        goto fail;
    for (int32_t k = 0; k <= phases; k++) {
        if (column_loop(K, k, slots, nret) != 0 || kept_values(K, k + 1, slots, nret) != 0)
            goto fail;
    }
    if (K->e.failed)
        goto fail;
    if (rv)
        vec_push(top, ir_for(ir, FOR_SEQUENTIAL, rv, tc_int(ir, 0), tc_int(ir, K->M), tc_int(ir, B), 0, NULL, NULL,
                             tc_seq(ir, &inner, f->span), f->span));
    rets = arena_array(&ir->arena, nret ? nret : 1, sizeof *rets);
    for (uint32_t i = 0; i < nret; i++) {
        Slot *s = &slots[i];
        rets[i] = s->kind == SLOT_STORE ? &s->out->e
                  : s->kind == SLOT_DIRECT ? &kc_root_param(K, s->v->root)->e
                                           : s->value;
    }
    vec_push(top, ir_return(ir, nret, rets, K->ret ? K->ret->s.span : f->span));
    g = ir_func_rebuild(ir, f, np, params, f->nret, f->ret_types,
                    tc_seq(ir, &top, f->body ? f->body->span : f->span));
fail:
    K->C = 0;
    K->col = NULL;
    vec_free(top);
    vec_free(inner);
    tc_names_free(&K->names);
    return g;
}
