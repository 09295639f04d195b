/* tensor_kernel.c: one InCore function's tensor ops as block ops
 * (ConvertTensorToBlockOps): the analysis and the plan; tensor_func.c
 * builds the function, tensor_walk.c converts its statements.
 *
 * Analysis.  Every tensor variable of the function gets a Val
 * (tensor_collect.c) saying where it lives after conversion:
 *  - in global memory: parameters, views of them, the results of
 *    pl.assemble (a store into the target, in place), tensor.create used
 *    as an assemble target (a new Out parameter the caller creates), and
 *    loop and if values that are all of these;
 *  - as a tile: everything a tensor op computes, and tensor.create used as
 *    a value (a zero tile, as the runtime's tensors start).
 * A value in global memory that a computation uses is loaded where it is
 * defined (parameters at the start of the function).  The function's
 * tensor results that are tiles are stored into new Out parameters, one
 * per result, named `<result>_out`; a result written in place by
 * pl.assemble is returned as it is; a result that is a parameter is
 * copied (loaded and stored), as the reference does.  Matrix products are
 * computed where they are stored, so that they can be done in blocks.
 *
 * Tiling.  The function is first converted whole (every tile the size of
 * its tensor) and planned by the memory passes.  If a space overflows the
 * capacity of --arch, elementwise and row-wise work is done in blocks of
 * rows: one loop over blocks of B rows around the whole body, each tensor
 * of M rows loaded, computed and stored B rows at a time (row reductions
 * keep whole rows; a transpose that is only stored turns a block of rows
 * into a block of columns).  B is the largest divisor of M that is a
 * whole number of 32-byte column-vector boxes and fits, found by bisection
 * (converting and planning again).  Rows too long even for the smallest
 * block are split into blocks of columns too (tensor_columns.c).  Matrix
 * products take blocks of M, N and K chosen to fit L0A, L0B, L0C and L1
 * (tensor_ops.c).  What cannot be blocked, or does not fit even in the
 * smallest block, is an error naming the op, the sizes and the capacity. */
#include "config.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_kernel.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

Val *kc_val(Kc *K, const IrExpr *x)
{
    return x && ir_is_var_like(x) ? ptrmap_get(&K->vals, x) : NULL;
}

void kc_error(Kc *K, Span at, const char *fmt, ...)
{
    va_list ap;
    K->failed = 1;
    va_start(ap, fmt);
    diag_verror(K->pc->diag, span_is_known(at) ? at : K->f->span, fmt, ap);
    va_end(ap);
}

#define dimv kc_dim
#define rows_of kc_rows
#define op_of kc_op_of

static const char *pname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }

int tc_has_tensor_ops(const IrFunc *f);

TcUnit tc_op_unit(const OpDef *op)
{
    OpId n = (OpId)op->id;
    if (op->category != OPC_TENSOR)
        return TU_NONE;
    if (n == OP_TENSOR_MATMUL || n == OP_TENSOR_MATMUL_ACC || n == OP_TENSOR_MATMUL_ACC_COND || kc_is_l1_op(n))
        return TU_CUBE;   /* L1 accumulators: operands of the cube's products */
    if (n == OP_TENSOR_VIEW || n == OP_TENSOR_DIM || n == OP_TENSOR_CREATE || n == OP_TENSOR_READ ||
        n == OP_TENSOR_WRITE)
        return TU_NONE;   /* (an element: the scalar unit's, on either core) */
    return TU_VECTOR;
}

/* A tensor op other than pl.tensor.dim, which reads a shape and has
 * nothing to convert: a kernel of block ops may ask its tensors' run-time
 * dimensions. */
static int is_tensor_call(const IrExpr *e, const void *ctx)
{
    const OpDef *op = tc_call_op(e);
    (void)ctx;
    return op && op->category == OPC_TENSOR && op->id != OP_TENSOR_DIM;
}

int tc_has_tensor_ops(const IrFunc *f) { return ir_func_any(f, NULL, is_tensor_call, NULL); }

/* -------------------------------------------------------------- analysis */

/* The op a value is the result of; OP_COUNT for none. */
OpId kc_op_of(const Val *v)
{
    const OpDef *op = v->def == DK_OP ? callee_op(v->call->callee) : NULL;
    return op ? (OpId)op->id : OP_COUNT;
}

static void demand(Val *v, Span at, const char *op)
{
    if (!v || v->demanded)
        return;
    v->demanded = 1;
    v->demand_at = at;
    v->demand_op = op;
    switch ((DefKind)v->def) {
    case DK_COPY:
    case DK_LOOP_RET:
        demand(v->src, at, op);
        break;
    case DK_OP:
        if (v->src)
            demand(v->src, at, op);   /* a view */
        break;
    case DK_ITER:
        demand(v->src, at, op);
        demand(v->y[0], at, op);
        break;
    case DK_IF_RET:
        demand(v->y[0], at, op);
        demand(v->y[1], at, op);
        break;
    default:
        break;
    }
}

static void need_tile(Val *v)
{
    while (v && !v->need_tile) {
        v->need_tile = 1;
        v = v->def == DK_COPY ? v->src : NULL;
    }
}

/* A use as an operand of a computation (not only a store). */
static void use_tile(Val *v)
{
    need_tile(v);
    for (; v; v = v->def == DK_COPY ? v->src : NULL)
        v->operand = 1;
}

/* Is s a tensor the kernel computes, held as a tile (no buffer in global
 * memory to view): the result of an op that computes, a window of one, an
 * assemble into one, a loop's value that starts as one or is one after a
 * step, or an if's value that is one in a branch (the others are loaded
 * into tiles too).  Products are computed where they are stored, and the
 * accumulators are in Acc: neither has a tile to cut.  depth bounds the
 * walk around a loop that yields its own value. */
static int computed_depth(const Val *s, int depth)
{
    OpId o;
    if (!s || depth > 16 || s->l1)
        return 0;   /* an L1 tile is in Mat: not a Vec tile to cut or write into */
    switch ((DefKind)s->def) {
    case DK_COPY:
    case DK_LOOP_RET:
        return computed_depth(s->src, depth + 1);
    case DK_ITER:
        return computed_depth(s->src, depth + 1) || computed_depth(s->y[0], depth + 1);
    case DK_IF_RET:
        return computed_depth(s->y[0], depth + 1) || computed_depth(s->y[1], depth + 1);
    case DK_OP:
        break;
    default:
        return 0;
    }
    o = op_of(s);
    if (o == OP_TENSOR_VIEW)
        return s->window;
    if (o == OP_TENSOR_ASSEMBLE)
        return s->tinsert;
    if (o == OP_TENSOR_WRITE)
        return computed_depth(s->src, depth + 1);   /* an element of it written: where it is */
    return o != OP_TENSOR_CREATE && o != OP_TENSOR_MATMUL && o != OP_TENSOR_MATMUL_ACC && !s->acc_operand;
}

static int computed_on_core(const Val *s) { return computed_depth(s, 0); }

/* Assembles into tensors the kernel computes (pl.full, then a window of
 * it written): tiles, in definition order, so that one into the result
 * of another is one too. */
static void mark_inserts(Kc *K)
{
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (v->def == DK_OP && op_of(v) == OP_TENSOR_ASSEMBLE)
            v->tinsert = (uint8_t)computed_on_core(kc_val(K, v->call->args[0]));
    }
}

/* The uses of tensor values by ops: what they need. */
static int use_expr(IrWalker *w, const IrExpr *e)
{
    Kc *K = w->data;
    const OpDef *op = tc_call_op(e);
    const IrCall *c;
    const char *what;
    OpId n;
    if (!op && !(e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL))
        return 1;
    c = IR_AS(IrCall, e);
    n = op ? (OpId)op->id : OP_COUNT;
    for (uint32_t i = 0; i < c->nargs; i++) {
        Val *u = kc_val(K, c->args[i]);
        if (u) {
            u->nuses++;
            u->nacc_uses += i == 0 && tc_product_lhs(e) == 1;
        }
    }
    if (op)
        op_printed_name(op, K->opname, sizeof K->opname);
    what = ir_name(K->ir, op ? K->opname : c->callee->name);
    if (!op) {
        /* Verify's rule, reported here because the call's tensor arguments
         * could not be converted anyway. */
        kc_error(K, e->span, "InCore function '%s' calls function '%s' (only Orchestration and Opaque functions call "
                             "functions)",
                 K->f->name, c->callee->name);
        return 1;
    }
    if (n == OP_PLD_TENSOR_REMOTE_STORE) {
        /* The reference converts it to pld.tile.remote_store of its source
         * in a Vec tile: a source the kernel computes is that tile; one in
         * global memory is pushed from there (tensor_walk.c loads a view
         * at an offset where it is pushed). */
        Val *s = kc_val(K, c->args[0]);
        if (computed_on_core(s))
            use_tile(s);
        else
            demand(s, e->span, what);
        for (uint32_t i = 1; i < c->nargs; i++)
            demand(kc_val(K, c->args[i]), e->span, what);
    } else if (op->category != OPC_TENSOR) {
        for (uint32_t i = 0; i < c->nargs; i++)
            demand(kc_val(K, c->args[i]), e->span, what);
    } else if (n == OP_TENSOR_VIEW) {
        /* Identity views are copies; others need the source in memory. */
    } else if (n == OP_TENSOR_ASSEMBLE) {
        Val *t = kc_val(K, c->args[0]), *s = kc_val(K, c->args[1]);
        if (computed_on_core(t)) {
            use_tile(t);   /* a window of its tile written (mark_inserts) */
            if (s)
                use_tile(s);
        } else {
            demand(t, e->span, what);
            if (s && !(s->def == DK_OP && op_of(s) == OP_TENSOR_MATMUL))
                need_tile(s);
        }
    } else if (tc_product_lhs(e) >= 0) {
        int l = tc_product_lhs(e);
        for (int i = l; i < l + 2; i++) {
            Val *o = kc_val(K, c->args[i]);
            if (o && o->l1)
                use_tile(o);   /* moved from L1 into Left or Right */
            else
                demand(o, e->span, what);
        }
        if (l) {   /* the accumulator stays in Acc */
            Val *acc = kc_val(K, c->args[0]);
            if (acc)
                acc->acc_operand = 1;
        }
    } else if (n == OP_TENSOR_GATHER_ROW) {
        use_tile(kc_val(K, c->args[0]));
        demand(kc_val(K, c->args[1]), e->span, what);   /* rows loaded from global memory */
    } else if (n == OP_TENSOR_CREATE) {
        /* The reference's init_value= is a fill of the buffer the runtime
         * allocates for orchestration code (tensor.create's docstring). */
        if (ir_call_kwarg(c, "init_value"))
            kc_error(K, e->span, "init_value= fills a tensor that orchestration code creates; a kernel's tensor "
                                 "starts as a tile: fill it with pl.full");
    } else if (n == OP_TENSOR_READ || n == OP_TENSOR_WRITE) {
        /* An element: of its tile where the kernel computes the tensor,
         * else of its buffer in global memory (tensor_elements.c). */
        Val *t = kc_val(K, c->args[0]);
        K->elements = 1;
        if (computed_on_core(t)) {
            use_tile(t);
            if (!K->tile_element) {
                K->tile_element = 1;
                K->tile_element_at = e->span;
            }
        } else {
            demand(t, e->span, what);
        }
    } else if (n != OP_TENSOR_DIM) {
        for (uint32_t i = 0; i < c->nargs; i++)
            use_tile(kc_val(K, c->args[i]));
    }
    return 1;
}

/* The tensor whose storage a block op's result v (DK_OTHER) is, by the
 * op table's result place: a store's output tensor; NULL for none. */
static Val *stored_into(Kc *K, const Val *v)
{
    const IrExpr *x = v->site && v->site->kind == STMT_ASSIGN ? IR_AS(IrAssign, v->site)->value : NULL;
    const OpDef *op = x && x->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, x)->callee) : NULL;
    uint32_t arg = op && op->category == OPC_BLOCK ? op_result_arg(op) : UINT32_MAX;
    if (arg == UINT32_MAX || arg >= IR_AS(IrCall, x)->nargs)
        return NULL;
    return kc_val(K, IR_AS(IrCall, x)->args[arg]);
}

static void analyse_forms(Kc *K)
{
    int changed = 1;
    /* A view needs its tensor in global memory, unless the kernel computes
     * that tensor: then the view is a window of its tile, copied out
     * (TEXTRACT within Vec).  Definition order: a view's source first. */
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        OpId o = op_of(v);
        if (v->def != DK_OP || o != OP_TENSOR_VIEW)
            continue;
        if (computed_on_core(v->src) && v->type->n == 2) {
            v->window = 1;
            use_tile(v->src);
        } else {
            demand(v->src, v->at, "pl.tensor.view");
        }
    }
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        OpId o = op_of(v);
        switch ((DefKind)v->def) {
        case DK_PARAM:
        case DK_OTHER:
        case DK_ITER:
        case DK_LOOP_RET:
        case DK_IF_RET:
        case DK_COPY:
            v->ddr = 1;
            break;
        case DK_OP:
            v->ddr = (o == OP_TENSOR_ASSEMBLE && !v->tinsert) || o == OP_TENSOR_VIEW ||
                     (o == OP_TENSOR_WRITE && v->src && v->src->ddr) ||
                     (o == OP_TENSOR_CREATE && v->demanded);
            v->created = o == OP_TENSOR_CREATE && v->demanded;
            v->lazy = o == OP_TENSOR_MATMUL;
            v->inacc = o == OP_TENSOR_MATMUL_ACC || v->acc_operand;
            break;
        }
    }
    kc_spread_acc(K);
    while (changed) {
        changed = 0;
        for (uint32_t i = 0; i < K->all.len; i++) {
            Val *v = K->all.data[i];
            uint8_t d = v->ddr;
            switch ((DefKind)v->def) {
            case DK_COPY:
                d = v->src && v->src->ddr;
                break;
            case DK_OP:
                if (op_of(v) == OP_TENSOR_VIEW || op_of(v) == OP_TENSOR_WRITE)
                    d = v->src && v->src->ddr;
                break;
            case DK_ITER:
                d = d && v->src && v->src->ddr && v->y[0] && v->y[0]->ddr;
                break;
            case DK_LOOP_RET:
                d = v->src->ddr;
                break;
            case DK_IF_RET:
                d = d && v->y[0] && v->y[0]->ddr && v->y[1] && v->y[1]->ddr;
                break;
            default:
                break;
            }
            if (v->inacc)
                d = 0;
            if (d != v->ddr) {
                v->ddr = d;
                changed = 1;
            }
        }
    }
    /* Roots, written, whole: in definition order (sources come first),
     * until nothing changes: an iter_arg's yield comes later, and in
     * nested loops and ifs the yield of one is the result of another, so
     * a write deep inside reaches the outer loop's result one pass per
     * level.  Each is a function of values settled before it or of
     * written, which only turns on: at most one pass per value. */
    for (uint32_t pass = 0, again = 1; again && pass <= K->all.len; pass++) {
        again = 0;
        for (uint32_t i = 0; i < K->all.len; i++) {
            Val *v = K->all.data[i];
            OpId o = op_of(v);
            const Val *root = v->root;
            uint8_t written = v->written, whole = v->whole;
            if (!v->ddr)
                continue;
            switch ((DefKind)v->def) {
            case DK_PARAM:
                v->root = v;
                v->whole = 1;
                break;
            case DK_OP:
                if (v->created) {
                    v->root = v;
                    v->whole = 1;
                } else if (o == OP_TENSOR_VIEW) {
                    v->root = v->src->root;
                    v->written = v->src->written;
                } else if (o == OP_TENSOR_WRITE && v->src) {
                    v->root = v->src->root;
                    v->written = 1;
                    v->whole = v->src->whole;
                } else if (o == OP_TENSOR_ASSEMBLE) {
                    Val *t = kc_val(K, v->call->args[0]);
                    v->root = t ? t->root : NULL;
                    v->written = 1;
                    v->whole = t && t->whole;
                }
                break;
            case DK_COPY:
            case DK_LOOP_RET:
                v->root = v->src->root;
                v->written = v->src->written;
                v->whole = v->src->whole;
                break;
            case DK_ITER:
                v->root = v->src->root;
                v->written = v->src->written || (v->y[0] && v->y[0]->written);
                v->whole = v->src->whole;
                break;
            case DK_IF_RET:
                v->root = v->y[0]->root;
                v->written = v->y[0]->written || v->y[1]->written;
                v->whole = v->y[0]->whole && v->y[1]->whole;
                break;
            case DK_OTHER: {
                /* A block op's result in a tensor argument's storage (a
                 * store's output): that tensor, written. */
                Val *t = stored_into(K, v);
                if (t && t->ddr) {
                    v->root = t->root;
                    v->written = 1;
                    v->whole = t->whole;
                }
                break;
            }
            }
            if (v->root != root || v->written != written || v->whole != whole)
                again = 1;
        }
    }
}

/* Which return positions are stored into new Out parameters. */
/* A whole tensor in global memory that the kernel wrote, or a whole
 * window (pld.DistributedTensor: the ranks' shared buffer, which a signal
 * or a remote store changes without the kernel writing it), is its
 * result as it is. */
int kc_returned_directly(const Val *v)
{
    return v->ddr && v->whole && v->root && (v->written || ir_type_is_window(v->type));
}

static void analyse_uses(Kc *K)
{
    IrWalker w;
    char buf[96];
    kc_mark_l1(K);
    mark_inserts(K);
    memset(&w, 0, sizeof w);
    w.pre_expr = use_expr;
    w.data = K;
    ir_walk_func(&w, K->f);
    analyse_forms(K);
    /* A value in Acc that cannot be there explains the other problems of
     * its values: report only that. */
    kc_check_acc(K);
    if (K->failed)
        return;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (v->demanded && !v->ddr) {
            if (v->lazy)
                kc_error(K, v->demand_at, "the matrix product '%s' cannot be used here: a product is computed where "
                                          "it is stored (returned or assembled into a tensor)",
                         v->old->name);
            else
                kc_error(K, v->demand_at,
                         "'%s' needs '%s' in global memory, but it is computed on the core (a kernel assembles into, "
                         "views and multiplies parameters, created tensors and views of them)",
                         v->demand_op, v->old->name);
        }
        if ((v->def == DK_ITER || v->def == DK_IF_RET) && !v->ddr) {
            if (v->def == DK_ITER) {
                use_tile(v->src);
                use_tile(v->y[0]);
            } else {
                use_tile(v->y[0]);
                use_tile(v->y[1]);
            }
        }
        if (v->ddr && v->def == DK_ITER && v->y[0] && v->y[0]->root != v->root)
            kc_error(K, v->at, "'%s' carries different tensors through the loop; a tensor in global memory must stay "
                               "one buffer",
                     v->old->name);
        if (v->ddr && v->def == DK_IF_RET && v->y[0]->root != v->y[1]->root)
            kc_error(K, v->at, "the branches give '%s' different tensors; a tensor in global memory must stay one "
                               "buffer",
                     v->old->name);
        if (v->def == DK_OP && op_of(v) == OP_TENSOR_VIEW && v->src &&
            v->old->type->n != v->src->old->type->n)
            kc_error(K, v->at, "'%s' cannot be converted: a view must keep the rank of its tensor",
                     pname(callee_op(v->call->callee), buf, sizeof buf));
    }
    if (K->ret)
        for (uint32_t i = 0; i < K->ret->n; i++) {
            Val *v = kc_val(K, K->ret->values[i]);
            if (v && !v->lazy && !kc_returned_directly(v))
                need_tile(v);
        }
}

/* The row domain: the rows of every tile, and whether blocks of them can
 * be computed one at a time. */
static void analyse_rows(Kc *K)
{
    char d1[64];
    K->M = 1;
    K->unit = 1;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (v->lazy || (v->ddr && !v->need_tile))
            continue;
        for (uint32_t d = 0; d < v->type->n; d++)
            if (dimv(v->type, d) < 0) {
                kc_error(K, v->at, "'%s' has the shape %s; converting tensor ops needs static shapes", v->old->name,
                         tc_shape_text(v->type, d1, sizeof d1));
                return;
            }
        if (v->type->n > 2) {
            kc_error(K, v->at, "'%s' has rank %u; tensor ops convert to tiles of rank 1 or 2", v->old->name,
                     v->type->n);
            return;
        }
        if (rows_of(v->type) > K->M && !(v->def == DK_OP && op_of(v) == OP_TENSOR_TRANSPOSE && !v->operand))
            K->M = rows_of(v->type);
    }
    /* A transpose of M rows that is only stored is done in blocks too: a
     * block of B rows becomes B columns of the result. */
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        Val *s = v->def == DK_OP && op_of(v) == OP_TENSOR_TRANSPOSE ? kc_val(K, v->call->args[0]) : NULL;
        if (s && !v->operand && v->type->n == 2 && s->type->n == 2 && rows_of(s->type) == K->M && K->M > 1 &&
            dimv(v->type, 1) == K->M) {
            int64_t u = 32 / dtype_bytes((DataType)v->type->dtype);
            v->tsplit = 1;
            if (u > K->unit && u % K->unit == 0)
                K->unit = u;
            else if (u > K->unit)
                K->unit *= u;
        }
    }
    if (K->tile_element) {
        K->no_tiling = "an element read or write of a tensor the kernel computes is one of its whole tile";
        K->no_tiling_at = K->tile_element_at;
    }
    for (uint32_t i = 0; i < K->all.len && !K->no_tiling; i++) {
        Val *v = K->all.data[i];
        OpId o = op_of(v);
        const OpDef *block = o < OP_COUNT ? op_ref(op_by_id(o)->block) : NULL;
        if (v->lazy || (v->ddr && !v->need_tile) || v->tsplit)
            continue;
        if (o == OP_TENSOR_TRANSPOSE || o == OP_TENSOR_RESHAPE) {
            K->no_tiling = o == OP_TENSOR_TRANSPOSE ? "'pl.tensor.transpose' exchanges rows and columns"
                                                             : "'pl.tensor.reshape' moves elements between rows";
            K->no_tiling_at = v->at;
        } else if (v->window) {
            K->no_tiling = "a view of a tensor the kernel computes is a window of its whole tile";
            K->no_tiling_at = v->at;
        } else if (v->tinsert) {
            K->no_tiling = "an assemble into a tensor the kernel computes writes a window of its whole tile";
            K->no_tiling_at = v->at;
        } else if (block && (block->cls == OPCL_COL_REDUCE || block->cls == OPCL_COL_ARG)) {
            /* Blocks of columns hold every row of a column; blocks of rows do not. */
            K->no_tiling = "a column reduction needs every row of its columns";
            K->no_tiling_at = v->at;
            K->all_rows = 1;
        }
    }
    for (uint32_t i = 0; i < K->all.len && !K->no_tiling; i++) {
        Val *v = K->all.data[i];
        int64_t r;
        if (v->lazy || (v->ddr && !v->need_tile) || v->tsplit)
            continue;
        r = rows_of(v->type);
        if (r != 1 && r != K->M) {
            K->no_tiling = "tensors of different row counts";
            K->no_tiling_at = v->at;
        } else if (v->def == DK_OTHER) {
            K->no_tiling = "block operations of the function work on whole tensors";
            K->no_tiling_at = v->at;
        }
        /* A row vector [B, 1] is column-major: B elements must fill whole
         * 32-byte blocks. */
        if (r == K->M && v->type->n == 2 && dimv(v->type, 1) == 1) {
            int64_t u = 32 / dtype_bytes((DataType)v->type->dtype);
            if (u > K->unit && u % K->unit == 0)
                K->unit = u;
            else if (u > K->unit)
                K->unit *= u;
        }
    }
}

/* ------------------------------------------------------------- planning */

static int plan_matmuls(Kc *K)
{
    char why[320], buf[96], sa[64], sb[64];
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        const IrType *a, *b;
        TcMmPlan *p;
        int l, at, bt;
        if (!v->lazy && !(v->inacc && v->def == DK_OP))
            continue;
        if ((l = tc_product_lhs(&v->call->e)) < 0)
            continue;   /* reported: a value in Acc that is not a product */
        a = tc_squeeze(K->ir, ir_expr_type(K->ir, v->call->args[l]));
        b = tc_squeeze(K->ir, ir_expr_type(K->ir, v->call->args[l + 1]));
        at = ir_call_kwarg_int(v->call, "a_trans", 0) != 0;
        bt = ir_call_kwarg_int(v->call, "b_trans", 0) != 0;
        if (a->n != 2 || b->n != 2 || a->dtype != b->dtype || dimv(a, 0) < 0 || dimv(a, 1) < 0 || dimv(b, 0) < 0 ||
            dimv(b, 1) < 0) {
            kc_error(K, v->at, "'%s' of %s and %s cannot be converted: block matrix multiplies take 2-D operands of "
                               "one data type and static shapes",
                     pname(callee_op(v->call->callee), buf, sizeof buf), tc_shape_text(a, sa, sizeof sa),
                     tc_shape_text(b, sb, sizeof sb));
            continue;
        }
        {
            /* The cube unit works on whole boxes of 16 rows and 32 bytes. */
            int64_t m = dimv(a, at), k = dimv(a, !at), n = dimv(b, !bt), kb = 32 / dtype_bytes((DataType)a->dtype);
            const char *dim = m % 16 ? "M" : n % 16 ? "N" : k % kb ? "K" : NULL;
            if (dim) {
                kc_error(K, v->at,
                         "'%s' of %s and %s cannot be converted: the cube unit multiplies whole boxes of 16 rows "
                         "and 32 bytes, and %s = %lld is not a multiple of %lld",
                         pname(callee_op(v->call->callee), buf, sizeof buf), tc_shape_text(a, sa, sizeof sa),
                         tc_shape_text(b, sb, sizeof sb), dim, (long long)(dim[0] == 'M' ? m : dim[0] == 'N' ? n : k),
                         (long long)(dim[0] == 'K' ? kb : 16));
                continue;
            }
        }
        p = arena_alloc(&K->arena, sizeof *p);
        if (tc_matmul_plan(K->pc->arch, dimv(a, at), dimv(b, !bt), dimv(a, !at), (DataType)a->dtype, v->inacc, p, why,
                           sizeof why) != 0) {
            kc_error(K, v->at, "'%s' cannot be tiled for %s: %s", pname(callee_op(v->call->callee), buf, sizeof buf),
                     arch_name(K->pc->arch), why);
            continue;
        }
        ptrmap_put(&K->plans, v->call, p);
    }
    return K->failed ? -1 : 0;
}

static const char *space_text(MemorySpace ms)
{
    switch (ms) {
    case MS_VEC:
        return "Vec (UB)";
    case MS_MAT:
        return "Mat (L1)";
    case MS_LEFT:
        return "Left (L0A)";
    case MS_RIGHT:
        return "Right (L0B)";
    case MS_ACC:
        return "Acc (L0C)";
    default:
        return memspace_name(ms);
    }
}

/* The tile whose rows are the longest (for the message when even the
 * smallest block does not fit). */
static const Val *longest_row(Kc *K)
{
    const Val *best = NULL;
    int64_t most = -1;
    for (uint32_t i = 0; i < K->all.len; i++) {
        const Val *v = K->all.data[i];
        int64_t b;
        if (v->lazy || (v->ddr && !v->need_tile))
            continue;
        b = dimv(v->type, v->type->n - 1) * dtype_bytes((DataType)v->type->dtype);
        if (b > most) {
            most = b;
            best = v;
        }
    }
    return best;
}

/* Does the function fit with blocks of b rows (c columns: 0 for whole
 * rows)?  *got: its UB high-water mark. */
static int fits(Kc *K, int64_t b, int64_t c, uint64_t *got)
{
    uint64_t end[MS_COUNT];
    const IrFunc *g = c ? kc_build_columns(K, b, c, 0) : kc_build(K, b, 0);
    if (!g)
        return -1;
    if (tc_footprint(K->pc, g, end) != 0)
        return 1;   /* the pipeline reports what is wrong */
    *got = end[MS_VEC];
    return tc_overflow(K->pc, end) < 0;
}

/* The largest size of cand (descending) that fits, by bisection (the
 * footprint grows with the block); -1 if none does, -2 after errors. */
static int64_t largest_fit(Kc *K, const int64_t *cand, uint32_t n, int rows, int64_t other, uint64_t *got)
{
    uint32_t lo = 0, hi = n;   /* cand[hi] fits (hi == n: none known), cand[< lo] do not */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int r = rows ? fits(K, cand[mid], 0, got) : fits(K, other, cand[mid], got);
        if (r < 0)
            return -2;
        if (r)
            hi = mid;
        else
            lo = mid + 1;
    }
    return hi < n ? cand[hi] : -1;
}

static const IrFunc *plan_rows(Kc *K, uint64_t need, int64_t *smallest, uint64_t *got)
{
    int64_t cand[256], b;
    uint32_t n = tc_divisors(K->M, K->unit, TC_MOST_BLOCK, cand, 256);
    *got = need;
    if ((b = largest_fit(K, cand, n, 1, 0, got)) > 0)
        return kc_build(K, b, 1);   /* again with reporting, for the final names */
    *smallest = n ? cand[n - 1] : K->M;
    if (b == -1 && n)
        fits(K, *smallest, 0, got);
    return NULL;
}

/* The smallest block of rows whose column vectors fill whole 32-byte
 * blocks. */
static int64_t smallest_rows(Kc *K)
{
    for (int64_t b = K->unit; b < K->M && b <= TC_MOST_BLOCK; b += K->unit)
        if (K->M % b == 0)
            return b;
    return K->M;
}

/* Rows too long for UB: blocks of the smallest number of rows and of as
 * many columns as fit (tensor_columns.c). */
static const IrFunc *plan_columns(Kc *K)
{
    uint64_t cap = target_capacity(K->pc->arch, MS_VEC), got = 0;
    int64_t B = K->all_rows ? K->M : smallest_rows(K), cunit = 1, last = 0, cols[256], c;
    uint32_t nc;
    char d1[64];
    const Val *lv = longest_row(K);
    for (uint32_t i = 0; i < K->all.len; i++) {
        const Val *v = K->all.data[i];
        int64_t u = 32 / dtype_bytes((DataType)v->type->dtype);
        if (u > cunit && u % cunit == 0)
            cunit = u;
        else if (u > cunit)
            cunit *= u;
    }
    nc = tc_divisors(K->N, cunit, TC_MOST_BLOCK, cols, 256);
    if ((c = largest_fit(K, cols, nc, 0, B, &got)) > 0)
        return kc_build_columns(K, B, c, 1);
    if (c == -2) {
        /* a block that could not be built: again, saying why */
        if (nc)
            kc_build_columns(K, B, cols[nc - 1], 1);
        return NULL;
    }
    if (!nc) {
        kc_error(K, lv ? lv->at : K->f->span,
                 "rows of '%s' (%s) are too long for %s, %llu bytes on %s, and their %" PRId64
                 " columns do not split into blocks of whole 32-byte rows",
                 lv ? lv->old->name : "?", lv ? tc_shape_text(lv->type, d1, sizeof d1) : "?", space_text(MS_VEC),
                 (unsigned long long)cap, arch_name(K->pc->arch), K->N);
        return NULL;
    }
    last = cols[nc - 1];
    fits(K, B, last, &got);
    kc_error(K, lv ? lv->at : K->f->span,
             "the tensor operations of '%s' do not fit %s even in blocks of %" PRId64 " row%s and %" PRId64
             " columns: they need %llu bytes, %llu are available on %s ('%s' is %s)",
             K->f->name, space_text(MS_VEC), B, B == 1 ? "" : "s", last, (unsigned long long)got,
             (unsigned long long)cap, arch_name(K->pc->arch), lv ? lv->old->name : "?",
             lv ? tc_shape_text(lv->type, d1, sizeof d1) : "?");
    return NULL;
}

static void kc_free(Kc *K)
{
    arena_free(&K->arena);
    ptrmap_free(&K->vals);
    ptrmap_free(&K->plans);
    vec_free(K->all);
}

int tc_convert_function(PassCtx *pc, const IrFunc *f, TcFunc *out)
{
    Kc K;
    const IrFunc *g;
    uint64_t end[MS_COUNT];
    int over;
    TcStmts body;
    memset(&K, 0, sizeof K);
    K.pc = pc;
    K.ir = pc->ir;
    K.f = f;
    arena_init(&K.arena);
    ptrmap_init(&K.vals);
    ptrmap_init(&K.plans);
    vec_init(K.all);
    kc_collect(&K, f);
    if (K.failed) {
        kc_free(&K);
        return -1;
    }
    vec_init(body);
    pass_flatten(&body, f->body);
    if (body.len && body.data[body.len - 1]->kind == STMT_RETURN)
        K.ret = IR_AS(IrValues, body.data[body.len - 1]);
    vec_free(body);
    analyse_uses(&K);
    if (!K.failed)
        analyse_rows(&K);
    if (K.failed || plan_matmuls(&K) != 0 || !(g = kc_build(&K, K.M, 1))) {
        kc_free(&K);
        return -1;
    }
    /* Whole tensors as tiles, if they fit; else blocks of rows, else
     * blocks of rows and columns. */
    if (tc_footprint(pc, g, end) == 0 && (over = tc_overflow(pc, end)) >= 0) {
        char why[320];
        const char *cols_why = NULL;
        Span cols_at;
        int64_t smallest = 0;
        uint64_t got = 0;
        g = NULL;
        if (over == MS_VEC && !K.cube && K.M > 1 && !K.no_tiling)
            g = plan_rows(&K, end[MS_VEC], &smallest, &got);
        if (!g && !K.failed && over == MS_VEC && !(cols_why = kc_columns_why(&K, &cols_at)))
            g = plan_columns(&K);
        if (!g && !K.failed) {
            const Val *v = longest_row(&K);
            char d1[64];
            if (smallest) {
                kc_error(&K, v ? v->at : f->span,
                         "the tensor operations of '%s' do not fit %s even in blocks of %" PRId64 " row%s: they need "
                         "%llu bytes, %llu are available on %s; rows of '%s' (%s) are too long, and cannot be split: %s",
                         f->name, space_text(MS_VEC), smallest, smallest == 1 ? "" : "s", (unsigned long long)got,
                         (unsigned long long)target_capacity(pc->arch, MS_VEC), arch_name(pc->arch),
                         v ? v->old->name : "?", v ? tc_shape_text(v->type, d1, sizeof d1) : "?",
                         cols_why ? cols_why : "its blocks of columns cannot be built");
            } else {
                if (K.no_tiling)
                    snprintf(why, sizeof why, ", and cannot be done in blocks of rows (%s)%s%s", K.no_tiling,
                             cols_why ? " or of columns: " : "", cols_why ? cols_why : "");
                else if (over == MS_VEC && cols_why)
                    snprintf(why, sizeof why, ", and cannot be done in blocks: %s", cols_why);
                else
                    why[0] = '\0';
                kc_error(&K, K.no_tiling ? K.no_tiling_at : cols_why ? cols_at : f->span,
                         "the tensor operations of '%s' need %llu bytes of %s, more than the %llu available on %s%s",
                         f->name, (unsigned long long)end[over], space_text((MemorySpace)over),
                         (unsigned long long)target_capacity(pc->arch, (MemorySpace)over), arch_name(pc->arch), why);
            }
        }
    }
    if (!g) {
        kc_free(&K);
        return -1;
    }
    out->func = g;
    out->norig = f->nparams;
    {
        int32_t *backs = arena_array(&pc->ir->arena, g->nparams - f->nparams + 1, sizeof *backs);
        uint32_t k = 0;
        for (uint32_t i = 0; i < K.all.len; i++)
            if (K.all.data[i]->created)
                backs[k++] = -1;
        for (uint32_t i = 0; K.ret && i < K.ret->n; i++) {
            Val *v = kc_val(&K, K.ret->values[i]);
            if (v && (v->lazy || !kc_returned_directly(v)))
                backs[k++] = (int32_t)i;
        }
        out->backs = backs;
    }
    kc_free(&K);
    return 0;
}
