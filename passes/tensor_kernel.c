/* tensor_kernel.c: one InCore function's tensor ops as block ops
 * (ConvertTensorToBlockOps; the statements themselves are converted by
 * tensor_walk.c).
 *
 * Analysis.  Every tensor variable of the function gets a Val saying
 * where it lives after conversion:
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
 * keep whole rows).  B is the largest divisor of M that is a whole number
 * of 32-byte column-vector boxes and fits, found by converting and
 * planning again.  Matrix products take blocks of M, N and K chosen to
 * fit L0A, L0B, L0C and L1 (tensor_ops.c).  What cannot be blocked, or
 * does not fit even in the smallest block, is an error naming the op, the
 * sizes and the capacity. */
#include "config.h"
#include "ir/visit.h"
#include "passes/tensor_kernel.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static int is_tensor(const IrType *t) { return t && t->kind == TYPE_TENSOR; }

Val *kc_val(Kc *K, const IrExpr *x)
{
    return x && ir_is_var_like(x) ? ptrmap_get(&K->vals, x) : NULL;
}

static void kc_error(Kc *K, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void kc_error(Kc *K, Span at, const char *fmt, ...)
{
    va_list ap;
    K->failed = 1;
    va_start(ap, fmt);
    diag_verror(K->pc->diag, span_is_known(at) ? at : K->f->span, fmt, ap);
    va_end(ap);
}

static int64_t dimv(const IrType *t, uint32_t i)
{
    int64_t v = -1;
    tc_const(t->dims[i], &v);
    return v;
}

static int64_t rows_of(const IrType *t) { return t->n == 2 ? dimv(t, 0) : 1; }

static const char *pname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }

int tc_has_tensor_ops(const IrFunc *f);

TcUnit tc_op_unit(const OpDef *op)
{
    const char *n = op_name(op);
    if (op->category != OPC_TENSOR)
        return TU_NONE;
    if (strcmp(n, "tensor.matmul") == 0)
        return TU_CUBE;
    if (strcmp(n, "tensor.view") == 0 || strcmp(n, "tensor.dim") == 0 || strcmp(n, "tensor.create") == 0 ||
        strcmp(n, "tensor.read") == 0)
        return TU_NONE;
    return TU_VECTOR;
}

static int has_tensor_expr(IrWalker *w, const IrExpr *e)
{
    const OpDef *op = tc_call_op(e);
    if (op && op->category == OPC_TENSOR)
        *(int *)w->data = 1;
    return !*(int *)w->data;
}

int tc_has_tensor_ops(const IrFunc *f)
{
    IrWalker w;
    int found = 0;
    memset(&w, 0, sizeof w);
    w.pre_expr = has_tensor_expr;
    w.data = &found;
    ir_walk_func(&w, f);
    return found;
}

/* ----------------------------------------------------------- collection */

static Val *new_val(Kc *K, const IrVar *v, DefKind def, const IrStmt *site, Span at)
{
    Val *x = arena_zalloc(&K->arena, sizeof *x);
    x->old = v;
    x->type = v->type;
    x->def = (uint8_t)def;
    x->site = site;
    x->at = span_is_known(at) ? at : v->e.span;
    ptrmap_put(&K->vals, v, x);
    vec_push(K->all, x);
    return x;
}

static int identity_view(const IrCall *c, const Val *src)
{
    const IrType *t = c->type;
    const IrExpr *off = c->args[2];
    int64_t a, b;
    if (!src || t->n != src->type->n || off->kind != EXPR_MAKE_TUPLE)
        return 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (!tc_const(t->dims[i], &a) || !tc_const(src->type->dims[i], &b) || a != b ||
            !tc_const(IR_AS(IrMakeTuple, off)->elems[i], &a) || a != 0)
            return 0;
    return 1;
}

static void collect(Kc *K, const IrStmt *s);

static void collect_loop(Kc *K, const IrStmt *s, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret,
                         const IrStmt *body)
{
    const IrValues *y;
    for (uint32_t k = 0; k < n; k++)
        if (is_tensor(it[k]->v.type)) {
            Val *v = new_val(K, &it[k]->v, DK_ITER, s, it[k]->v.e.span);
            v->idx = k;
            v->src = kc_val(K, it[k]->init);
        }
    collect(K, body);
    y = ir_body_yield(body);
    for (uint32_t k = 0; k < n; k++) {
        Val *iv = kc_val(K, &it[k]->v.e);
        Val *rv;
        if (!iv)
            continue;
        iv->y[0] = y && k < y->n ? kc_val(K, y->values[k]) : NULL;
        rv = new_val(K, ret[k], DK_LOOP_RET, s, s->span);
        rv->idx = k;
        rv->src = iv;
    }
}

static void collect(Kc *K, const IrStmt *s)
{
    if (!s)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            collect(K, IR_AS(IrSeq, s)->stmts[i]);
        break;
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const OpDef *op = tc_call_op(a->value);
        Val *v;
        if (!is_tensor(a->var->type))
            break;
        if (op && op->category == OPC_TENSOR) {
            const IrCall *c = IR_AS(IrCall, a->value);
            Val *src = c->nargs ? kc_val(K, c->args[0]) : NULL;
            if (strcmp(op_name(op), "tensor.view") == 0 && identity_view(c, src)) {
                v = new_val(K, a->var, DK_COPY, s, s->span);
                v->src = src;
                break;
            }
            v = new_val(K, a->var, DK_OP, s, a->value->span);
            v->call = c;
            if (strcmp(op_name(op), "tensor.view") == 0)
                v->src = src;
            if (strcmp(op_name(op), "tensor.matmul") == 0)
                K->cube = 1;
        } else if (kc_val(K, a->value)) {
            v = new_val(K, a->var, DK_COPY, s, s->span);
            v->src = kc_val(K, a->value);
        } else {
            new_val(K, a->var, DK_OTHER, s, s->span);
        }
        break;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        collect_loop(K, s, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        collect_loop(K, s, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrValues *yt, *ye;
        collect(K, f->then_body);
        collect(K, f->else_body);
        yt = ir_body_yield(f->then_body);
        ye = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t k = 0; k < f->nret; k++)
            if (is_tensor(f->ret[k]->type)) {
                Val *v = new_val(K, f->ret[k], DK_IF_RET, s, s->span);
                v->idx = k;
                v->y[0] = yt && k < yt->n ? kc_val(K, yt->values[k]) : NULL;
                v->y[1] = ye && k < ye->n ? kc_val(K, ye->values[k]) : NULL;
            }
        break;
    }
    default:
        break;
    }
}

/* -------------------------------------------------------------- analysis */

static const char *op_of(const Val *v) { return v->def == DK_OP ? v->call->callee->name : ""; }

static void demand(Val *v, Span at)
{
    if (!v || v->demanded)
        return;
    v->demanded = 1;
    v->demand_at = at;
    switch ((DefKind)v->def) {
    case DK_COPY:
    case DK_LOOP_RET:
        demand(v->src, at);
        break;
    case DK_OP:
        if (v->src)
            demand(v->src, at);   /* a view */
        break;
    case DK_ITER:
        demand(v->src, at);
        demand(v->y[0], at);
        break;
    case DK_IF_RET:
        demand(v->y[0], at);
        demand(v->y[1], at);
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

/* The uses of tensor values by ops: what they need. */
static int use_expr(IrWalker *w, const IrExpr *e)
{
    Kc *K = w->data;
    const OpDef *op = tc_call_op(e);
    const IrCall *c;
    const char *n;
    if (!op && !(e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL))
        return 1;
    c = IR_AS(IrCall, e);
    n = op ? op_name(op) : "";
    if (!op) {
        /* Verify's rule, reported here because the call's tensor arguments
         * could not be converted anyway. */
        kc_error(K, e->span, "InCore function '%s' calls function '%s' (only Orchestration and Opaque functions call "
                             "functions)",
                 K->f->name, c->callee->name);
        return 1;
    }
    if (op->category != OPC_TENSOR) {
        for (uint32_t i = 0; i < c->nargs; i++)
            demand(kc_val(K, c->args[i]), e->span);
    } else if (strcmp(n, "tensor.view") == 0) {
        /* Identity views are copies; others need the source in memory. */
    } else if (strcmp(n, "tensor.assemble") == 0) {
        Val *s = kc_val(K, c->args[1]);
        demand(kc_val(K, c->args[0]), e->span);
        if (s && !(s->def == DK_OP && strcmp(op_of(s), "tensor.matmul") == 0))
            need_tile(s);
    } else if (strcmp(n, "tensor.matmul") == 0) {
        demand(kc_val(K, c->args[0]), e->span);
        demand(kc_val(K, c->args[1]), e->span);
    } else if (strcmp(n, "tensor.dim") != 0 && strcmp(n, "tensor.read") != 0 && strcmp(n, "tensor.create") != 0) {
        for (uint32_t i = 0; i < c->nargs; i++)
            use_tile(kc_val(K, c->args[i]));
    }
    return 1;
}

static void analyse_forms(Kc *K)
{
    int changed = 1;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        const char *o = op_of(v);
        if (v->def == DK_OP && strcmp(o, "tensor.view") == 0)
            demand(v->src, v->at);
    }
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        const char *o = op_of(v);
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
            v->ddr = strcmp(o, "tensor.assemble") == 0 || strcmp(o, "tensor.view") == 0 ||
                     (strcmp(o, "tensor.create") == 0 && v->demanded);
            v->created = strcmp(o, "tensor.create") == 0 && v->demanded;
            v->lazy = strcmp(o, "tensor.matmul") == 0;
            break;
        }
    }
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
                if (strcmp(op_of(v), "tensor.view") == 0)
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
            if (d != v->ddr) {
                v->ddr = d;
                changed = 1;
            }
        }
    }
    /* Roots, written, whole: in definition order (sources come first;
     * an iter_arg's yield comes later, so loops are settled after). */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < K->all.len; i++) {
            Val *v = K->all.data[i];
            const char *o = op_of(v);
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
                } else if (strcmp(o, "tensor.view") == 0) {
                    v->root = v->src->root;
                    v->written = v->src->written;
                } else if (strcmp(o, "tensor.assemble") == 0) {
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
            case DK_OTHER:
                break;
            }
        }
}

/* Which return positions are stored into new Out parameters. */
static int returned_directly(const Val *v) { return v->ddr && v->written && v->whole && v->root; }

static void analyse_uses(Kc *K)
{
    IrWalker w;
    char buf[96];
    memset(&w, 0, sizeof w);
    w.pre_expr = use_expr;
    w.data = K;
    ir_walk_func(&w, K->f);
    analyse_forms(K);
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (v->demanded && !v->ddr) {
            if (v->lazy)
                kc_error(K, v->demand_at, "the matrix product '%s' cannot be used here: a product is computed where "
                                          "it is stored (returned or assembled into a tensor)",
                         v->old->name);
            else
                kc_error(K, v->demand_at,
                         "'%s' is computed on the core, but this use needs it in global memory (assemble into a "
                         "parameter or a created tensor, and view only those)",
                         v->old->name);
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
        if ((v->def == DK_ITER && v->y[0] && v->y[0]->lazy) || (v->def == DK_IF_RET && v->y[0] && v->y[0]->lazy) ||
            (v->def == DK_IF_RET && v->y[1] && v->y[1]->lazy))
            kc_error(K, v->at, "a matrix product carried by '%s' cannot be converted: products are computed where "
                               "they are stored",
                     v->old->name);
        if (v->ddr && v->def == DK_ITER && v->y[0] && v->y[0]->root != v->root)
            kc_error(K, v->at, "'%s' carries different tensors through the loop; a tensor in global memory must stay "
                               "one buffer",
                     v->old->name);
        if (v->ddr && v->def == DK_IF_RET && v->y[0]->root != v->y[1]->root)
            kc_error(K, v->at, "the branches give '%s' different tensors; a tensor in global memory must stay one "
                               "buffer",
                     v->old->name);
        if (v->def == DK_OP && strcmp(op_of(v), "tensor.view") == 0 && v->src &&
            (v->type->n != v->src->type->n))
            kc_error(K, v->at, "'%s' cannot be converted: a view must keep the rank of its tensor", 
                     pname(callee_op(v->call->callee), buf, sizeof buf));
    }
    if (K->ret)
        for (uint32_t i = 0; i < K->ret->n; i++) {
            Val *v = kc_val(K, K->ret->values[i]);
            if (v && !v->lazy && !returned_directly(v))
                need_tile(v);
        }
}

/* The row domain: the rows of every tile, and whether blocks of them can
 * be computed one at a time. */
static void analyse_rows(Kc *K)
{
    char buf[96], d1[64];
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
        if (rows_of(v->type) > K->M && !(v->def == DK_OP && strcmp(op_of(v), "tensor.transpose") == 0 && !v->operand))
            K->M = rows_of(v->type);
    }
    /* A transpose of M rows that is only stored is done in blocks too: a
     * block of B rows becomes B columns of the result. */
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        Val *s = v->def == DK_OP && strcmp(op_of(v), "tensor.transpose") == 0 ? kc_val(K, v->call->args[0]) : NULL;
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
    for (uint32_t i = 0; i < K->all.len && !K->no_tiling; i++) {
        Val *v = K->all.data[i];
        const char *o = op_of(v);
        int64_t r;
        if (v->lazy || (v->ddr && !v->need_tile) || v->tsplit)
            continue;
        r = rows_of(v->type);
        if (r != 1 && r != K->M) {
            K->no_tiling = "tensors of different row counts";
            K->no_tiling_at = v->at;
        } else if (strcmp(o, "tensor.transpose") == 0 || strcmp(o, "tensor.reshape") == 0) {
            K->no_tiling = strcmp(o, "tensor.transpose") == 0 ? "'pl.tensor.transpose' exchanges rows and columns"
                                                             : "'pl.tensor.reshape' moves elements between rows";
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
    (void)buf;
}

/* ---------------------------------------------------------- the function */

int kc_rowsplit(Kc *K, const Val *v) { return K->row && !v->tsplit && v->type->n == 2 && dimv(v->type, 0) == K->M; }

void kc_block_dims(Kc *K, const Val *v, const IrExpr **dims)
{
    for (uint32_t i = 0; i < v->type->n; i++)
        dims[i] = v->type->dims[i];
    if (kc_rowsplit(K, v))
        dims[0] = tc_int(K->ir, K->B);
    else if (K->row && v->tsplit)
        dims[1] = tc_int(K->ir, K->B);
}

void kc_block_offset(Kc *K, const Val *v, const IrExpr **add)
{
    add[0] = add[1] = NULL;
    if (kc_rowsplit(K, v))
        add[0] = K->row;
    else if (K->row && v->tsplit)
        add[1] = K->row;
}

int kc_load(Kc *K, Val *v)
{
    const IrExpr *dims[2], *add[2] = {NULL, NULL};
    kc_block_dims(K, v, dims);
    kc_block_offset(K, v, add);
    v->tile = tc_load(&K->e, tc_fresh2(&K->names, v->old->name, "_tile"), &v->r, add, v->type->n, dims, MS_VEC);
    return v->tile ? 0 : -1;
}

typedef enum SlotKind { SLOT_SCALAR, SLOT_DIRECT, SLOT_STORE, SLOT_NEST } SlotKind;

typedef struct Slot {
    SlotKind kind;
    Val *v;
    const IrVar *out;        /* SLOT_STORE, SLOT_NEST: the new Out parameter */
    const IrExpr *value;     /* the value returned */
} Slot;

/* Carried through the row loop: a buffer the body writes and returns. */
typedef struct Carry {
    const IrVar *param;      /* the parameter (an Out parameter, a created tensor, a parameter assembled into) */
    Val *root;               /* its Val, if it is one of the function's */
    const IrIterArg *it;
    const IrExpr *last;      /* its version at the end of the body */
    const char *name;        /* the loop result's name */
} Carry;

static const IrVar *root_param(Kc *K, const Val *root)
{
    return root->def == DK_PARAM ? K->f->params[root->idx].var : root->old;
}

static ParamDir new_dir(const Val *p, ParamDir dir, int written)
{
    if (dir != DIR_IN || !written)
        return dir;
    return p->need_tile ? DIR_INOUT : DIR_OUT;
}

static Slot *make_slots(Kc *K, uint32_t n)
{
    Slot *slots = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *slots);
    for (uint32_t i = 0; i < n; i++) {
        Val *v = kc_val(K, K->ret->values[i]);
        slots[i].v = v;
        slots[i].value = K->ret->values[i];
        if (!v)
            slots[i].kind = SLOT_SCALAR;
        else if (v->lazy)
            slots[i].kind = SLOT_NEST;
        else if (returned_directly(v))
            slots[i].kind = SLOT_DIRECT;
        else
            slots[i].kind = SLOT_STORE;
    }
    return slots;
}

static int root_written(Kc *K, const Val *root)
{
    for (uint32_t i = 0; i < K->all.len; i++)
        if (K->all.data[i]->written && K->all.data[i]->root == root)
            return 1;
    return 0;
}

static void set_region(Val *v, const IrExpr *base, IrCtx *ir)
{
    v->r.base = base;
    v->r.off[0] = v->r.off[1] = tc_int(ir, 0);
    v->r.type = v->type;
}

/* The value to store or nest into the region of out parameter o (its
 * version `cur`); the written version. */
static const IrExpr *emit_slot(Kc *K, Slot *s, const IrExpr *cur)
{
    TcRegion dst;
    const IrExpr *add[2] = {NULL, NULL};
    const char *vn = s->v->old->name;
    const char *name = K->row || tc_name_taken(&K->names, vn) ? tc_fresh2(&K->names, vn, K->row ? "_rows" : "_st")
                                                              : tc_fresh(&K->names, vn);
    dst.base = cur;
    dst.off[0] = dst.off[1] = tc_int(K->ir, 0);
    dst.type = s->v->type;
    if (s->kind == SLOT_NEST) {
        const IrCall *c = s->v->call;
        Val *a = kc_val(K, c->args[0]), *b = kc_val(K, c->args[1]);
        const TcMmPlan *p = ptrmap_get(&K->plans, c);
        return tc_matmul(&K->e, name, &a->r, &b->r, &dst, p);
    }
    kc_block_offset(K, s->v, add);
    if (!s->v->tile) {
        tc_error(&K->e, s->v->at, "internal: '%s' has no tile", s->v->old->name);
        return NULL;
    }
    return tc_store(&K->e, name, s->v->tile, &dst, add, 0);
}

static const IrFunc *kc_build(Kc *K, int64_t B, int report)
{
    IrCtx *ir = K->ir;
    const IrFunc *f = K->f;
    uint32_t nret = K->ret ? K->ret->n : 0, ncreated = 0, np, ncarry = 0;
    Slot *slots;
    Carry *carry;
    IrParam *params;
    TcStmts top, inner, *body;
    const IrExpr **rets;
    const IrStmt *fbody;
    IrFunc *g;

    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        v->tile = NULL;
        memset(&v->r, 0, sizeof v->r);
        ncreated += v->created;
    }
    /* Names: the function's, except those of computed values, which
     * become `<name>_tile` (a stored result takes its value's name back). */
    tc_names_init(&K->names, ir);
    K->names.strict = 0;
    tc_names_add_func(&K->names, f);
    for (uint32_t i = 0; i < K->all.len; i++) {
        const Val *v = K->all.data[i];
        if (!v->created && (v->def == DK_OP || v->def == DK_COPY))
            ptrmap_put(&K->names.used, ir_name(ir, v->old->name), NULL);
    }
    K->B = B;
    K->row = NULL;
    memset(&K->e, 0, sizeof K->e);
    K->e.pc = K->pc;
    K->e.ir = ir;
    K->e.names = &K->names;
    K->e.at = f->span;
    K->e.report = report;
    vec_init(top);
    vec_init(inner);
    K->e.out = &top;

    /* Parameters: the function's, the created tensors, the new Out ones. */
    slots = make_slots(K, nret);
    np = f->nparams + ncreated;
    for (uint32_t i = 0; i < nret; i++)
        np += slots[i].kind == SLOT_STORE || slots[i].kind == SLOT_NEST;
    params = arena_array(&ir->arena, np ? np : 1, sizeof *params);
    carry = arena_zalloc(&K->arena, (np ? np : 1) * sizeof *carry);
    for (uint32_t i = 0; i < f->nparams; i++) {
        Val *v = kc_val(K, &f->params[i].var->e);
        params[i] = f->params[i];
        if (v) {
            params[i].dir = (uint8_t)new_dir(v, (ParamDir)f->params[i].dir, root_written(K, v));
            set_region(v, &f->params[i].var->e, ir);
        }
    }
    np = f->nparams;
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        if (!v->created)
            continue;
        params[np].var = v->old;
        params[np++].dir = v->need_tile ? DIR_INOUT : DIR_OUT;
        set_region(v, &v->old->e, ir);
    }
    for (uint32_t i = 0; i < nret; i++) {
        Slot *s = &slots[i];
        const char *base;
        if (s->kind != SLOT_STORE && s->kind != SLOT_NEST)
            continue;
        /* `<result>_out`; just `out` for a compiler temporary (_t0). */
        base = tc_strip(ir, s->v->old->name);
        s->out = ir_var_new(ir, base[0] == '_' ? tc_fresh(&K->names, "out") : tc_fresh2(&K->names, base, "_out"),
                            tc_reshaped(ir, s->v->type, TYPE_TENSOR, s->v->type->n, s->v->type->dims), f->span);
        params[np].var = s->out;
        params[np++].dir = DIR_OUT;
    }

    /* The row loop carries every buffer the function returns. */
    body = &top;
    if (B < K->M) {
        for (uint32_t i = 0; i < nret; i++) {
            Slot *s = &slots[i];
            const IrVar *p;
            uint32_t k;
            if (s->kind == SLOT_SCALAR)
                continue;
            p = s->out ? s->out : root_param(K, s->v->root);
            for (k = 0; k < ncarry && carry[k].param != p; k++)
                ;
            if (k == ncarry) {
                carry[k].param = p;
                carry[k].root = s->out ? NULL : s->v->root;
                carry[k].name = s->v->old->name;
                carry[k].it = ir_iter_arg_new(ir, tc_fresh2(&K->names, p->name, "_iter"), p->type, &p->e, f->span);
                if (carry[k].root)
                    carry[k].root->r.base = &carry[k].it->v.e;
                ncarry++;
            }
        }
        K->row = &ir_var_new(ir, tc_fresh(&K->names, "row"), ir_type_scalar(ir, DT_INT64), f->span)->e;
        body = &inner;
        K->e.out = body;
    }

    /* Loads of the parameters that computations use; in the row loop a
     * parameter without the rows (a broadcast row, a buffer the loop does
     * not carry) is loaded once before it. */
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        int before = 0;
        if (!(v->def == DK_PARAM || v->created) || !v->need_tile)
            continue;
        if (K->row && !kc_rowsplit(K, v)) {
            before = 1;
            for (uint32_t k = 0; k < ncarry; k++)
                before &= carry[k].root != v;
        }
        K->e.out = before ? &top : body;
        if (kc_load(K, v) != 0)
            goto fail;
    }
    K->e.out = body;
    if (kc_walk_body(K, f->body, body, NULL, 0, NULL) != 0 || K->e.failed)
        goto fail;
    K->e.out = body;
    K->e.at = K->ret ? K->ret->s.span : f->span;

    /* The results. */
    for (uint32_t i = 0; i < nret; i++) {
        Slot *s = &slots[i];
        uint32_t k;
        const IrExpr *cur;
        if (s->kind == SLOT_SCALAR)
            continue;
        if (s->kind == SLOT_DIRECT) {
            s->value = s->v->r.base;
        } else {
            for (k = 0; k < ncarry && carry[k].param != s->out; k++)
                ;
            cur = k < ncarry ? (carry[k].last ? carry[k].last : &carry[k].it->v.e) : &s->out->e;
            if (!(s->value = emit_slot(K, s, cur)))
                goto fail;
        }
        for (k = 0; k < ncarry; k++)
            if (carry[k].param == (s->out ? s->out : root_param(K, s->v->root)))
                carry[k].last = s->value;
    }
    rets = arena_array(&ir->arena, nret ? nret : 1, sizeof *rets);
    for (uint32_t i = 0; i < nret; i++)
        rets[i] = slots[i].value;
    if (K->row) {
        const IrIterArg **its = xmalloc(xmul_size(ncarry ? ncarry : 1, sizeof *its));
        const IrVar **rv = xmalloc(xmul_size(ncarry ? ncarry : 1, sizeof *rv));
        const IrExpr **ys = xmalloc(xmul_size(ncarry ? ncarry : 1, sizeof *ys));
        for (uint32_t k = 0; k < ncarry; k++) {
            its[k] = carry[k].it;
            ys[k] = carry[k].last ? carry[k].last : &carry[k].it->v.e;
            rv[k] = ir_var_new(ir, tc_fresh(&K->names, carry[k].name), carry[k].param->type, f->span);
        }
        vec_push(inner, ir_yield(ir, ncarry, ys, K->e.at));
        vec_push(top, ir_for(ir, FOR_SEQUENTIAL, IR_AS(IrVar, K->row), tc_int(ir, 0), tc_int(ir, K->M), tc_int(ir, B),
                             ncarry, its, rv, tc_seq(ir, &inner, f->span), f->span));
        for (uint32_t i = 0; i < nret; i++) {
            Slot *s = &slots[i];
            if (s->kind == SLOT_SCALAR) {
                if (ir_is_var_like(s->value) && !ptrmap_get(&K->vals, s->value)) {
                    int param = 0;
                    for (uint32_t q = 0; q < f->nparams; q++)
                        param |= &f->params[q].var->e == s->value;
                    if (!param) {
                        tc_error(&K->e, K->ret->s.span,
                                 "'%s' cannot be done in blocks of rows: it returns the scalar '%s' computed in the "
                                 "kernel",
                                 f->name, IR_AS(IrVar, s->value)->name);
                        xfree(its);
                        xfree(rv);
                        xfree(ys);
                        goto fail;
                    }
                }
                continue;
            }
            for (uint32_t k = 0; k < ncarry; k++)
                if (carry[k].param == (s->out ? s->out : root_param(K, s->v->root)))
                    rets[i] = &rv[k]->e;
        }
        xfree(its);
        xfree(rv);
        xfree(ys);
    }
    vec_push(top, ir_return(ir, nret, rets, K->ret ? K->ret->s.span : f->span));
    fbody = tc_seq(ir, &top, f->body ? f->body->span : f->span);
    g = ir_func_new(ir, f->name, (FuncType)f->type, np, params, f->nret, f->ret_types, fbody, f->span);
    vec_free(top);
    vec_free(inner);
    tc_names_free(&K->names);
    return g;
fail:
    vec_free(top);
    vec_free(inner);
    tc_names_free(&K->names);
    return NULL;
}

/* ------------------------------------------------------------- planning */

static int plan_matmuls(Kc *K)
{
    char why[320], buf[96], sa[64], sb[64];
    for (uint32_t i = 0; i < K->all.len; i++) {
        Val *v = K->all.data[i];
        const IrType *a, *b;
        TcMmPlan *p;
        if (!v->lazy)
            continue;
        a = ir_expr_type(K->ir, v->call->args[0]);
        b = ir_expr_type(K->ir, v->call->args[1]);
        if (a->n != 2 || b->n != 2 || ir_call_kwarg_int(v->call, "a_trans", 0) ||
            ir_call_kwarg_int(v->call, "b_trans", 0) || a->dtype != b->dtype || dimv(a, 0) < 0 || dimv(a, 1) < 0 ||
            dimv(b, 1) < 0) {
            kc_error(K, v->at, "'%s' of %s and %s cannot be converted: block matrix multiplies take 2-D operands of "
                               "one data type and static shapes",
                     pname(callee_op(v->call->callee), buf, sizeof buf), tc_shape_text(a, sa, sizeof sa),
                     tc_shape_text(b, sb, sizeof sb));
            continue;
        }
        p = arena_alloc(&K->arena, sizeof *p);
        if (tc_matmul_plan(K->pc->arch, dimv(a, 0), dimv(b, 1), dimv(a, 1), (DataType)a->dtype, p, why, sizeof why) !=
            0) {
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

static const IrFunc *plan_rows(Kc *K, const IrFunc *whole, uint64_t need)
{
    uint64_t cap = target_capacity(K->pc->arch, MS_VEC), end[MS_COUNT];
    int64_t cand[64], best_fit = 0;
    uint32_t n = 0, start;
    const IrFunc *best = NULL;
    char d1[64];
    /* Divisors of M that are whole units, largest first. */
    for (int64_t b = K->M / 2; b >= K->unit && n < 64; b--)
        if (K->M % b == 0 && b % K->unit == 0)
            cand[n++] = b;
    (void)whole;
    /* Start near the block that scales the whole footprint to the capacity. */
    for (start = 0; start + 1 < n && (double)cand[start] > (double)K->M * (double)cap / (double)need; start++)
        ;
    for (uint32_t i = start; i < n; i++) {
        const IrFunc *g = kc_build(K, cand[i], 0);
        if (!g)
            return NULL;
        if (tc_footprint(K->pc, g, end) != 0 || tc_overflow(K->pc, end) < 0) {
            best = g;
            best_fit = cand[i];
            break;
        }
    }
    /* Larger blocks than the estimate may fit too. */
    for (uint32_t i = start; best && i-- > 0;) {
        const IrFunc *g = kc_build(K, cand[i], 0);
        if (!g || (tc_footprint(K->pc, g, end) == 0 && tc_overflow(K->pc, end) >= 0))
            break;
        best = g;
        best_fit = cand[i];
    }
    if (best) {
        /* Built again with reporting, so that the names are the final ones. */
        return kc_build(K, best_fit, 1);
    }
    {
        const Val *v = longest_row(K);
        int64_t smallest = n ? cand[n - 1] : K->M;
        const IrFunc *g = kc_build(K, smallest, 0);
        uint64_t got = need;
        if (g && tc_footprint(K->pc, g, end) == 0)
            got = end[MS_VEC];
        kc_error(K, v ? v->at : K->f->span,
                 "the tensor operations of '%s' do not fit %s even in blocks of %" PRId64 " rows: they need %llu "
                 "bytes, %llu are available on %s; rows of '%s' (%s) are too long",
                 K->f->name, space_text(MS_VEC), smallest, (unsigned long long)got, (unsigned long long)cap,
                 arch_name(K->pc->arch), v ? v->old->name : "?", v ? tc_shape_text(v->type, d1, sizeof d1) : "?");
    }
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
    for (uint32_t i = 0; i < f->nparams; i++)
        if (is_tensor(f->params[i].var->type))
            new_val(&K, f->params[i].var, DK_PARAM, NULL, f->params[i].var->e.span)->idx = i;
    collect(&K, f->body);
    vec_init(body);
    tc_flatten(&body, f->body);
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
    /* Whole tensors as tiles, if they fit. */
    if (tc_footprint(pc, g, end) == 0 && (over = tc_overflow(pc, end)) >= 0) {
        char why[256];
        if (over == MS_VEC && !K.cube && K.M > 1 && !K.no_tiling) {
            g = plan_rows(&K, g, end[MS_VEC]);
        } else {
            if (K.no_tiling)
                snprintf(why, sizeof why, ", and cannot be done in blocks of rows: %s", K.no_tiling);
            else if (over == MS_VEC && K.M <= 1)
                snprintf(why, sizeof why, ", and has no rows to block");
            else
                why[0] = '\0';
            kc_error(&K, K.no_tiling ? K.no_tiling_at : f->span,
                     "the tensor operations of '%s' need %llu bytes of %s, more than the %llu available on %s%s",
                     f->name, (unsigned long long)end[over], space_text((MemorySpace)over),
                     (unsigned long long)target_capacity(pc->arch, (MemorySpace)over), arch_name(pc->arch), why);
            g = NULL;
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
            if (v && (v->lazy || !returned_directly(v)))
                backs[k++] = (int32_t)i;
        }
        out->backs = backs;
    }
    kc_free(&K);
    return 0;
}
