/* tensor_matmul.c: a tensor matrix multiply as block ops, for
 * ConvertTensorToBlockOps: global memory -> Mat -> Left/Right -> Acc ->
 * global memory, in blocks that fit L0A, L0B, L0C and L1; loops over the
 * blocks of M and N carry the destination tensor, a loop over K
 * accumulates in Acc (matmul, then matmul_acc). */
#include "config.h"
#include "passes/2_tensor/tensor_conv.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const IrType *type_of(TcEmit *e, const IrExpr *x) { return ir_expr_type(e->ir, x); }

static const char *fresh(TcEmit *e, const char *name, const char *what) { return tc_fresh2(e->names, name, what); }

/* The divisors of x that are whole blocks: multiples of `align`, at most
 * `most`; x itself always (the user's shape, as written).  Descending. */
static uint32_t block_sizes(int64_t x, int64_t align, int64_t most, int64_t *out, uint32_t cap)
{
    uint32_t n = 0;
    if (x <= most)
        out[n++] = x;
    return n + tc_divisors(x, align, most, out + n, cap - n);
}

int tc_matmul_plan(Arch a, int64_t m, int64_t n, int64_t k, DataType in, int whole, TcMmPlan *p, char *why,
                   size_t cap)
{
    /* pto-isa's cube limits: m, k and n of one TMATMUL up to 4095; boxes of
     * 16 rows and 32 bytes of columns in L1 and L0. */
    int64_t bytes = dtype_bytes(in), kalign = 32 / (bytes ? bytes : 1);   /* K in boxes of 32 bytes */
    uint64_t left = target_capacity(a, MS_LEFT), right = target_capacity(a, MS_RIGHT);
    uint64_t acc = target_capacity(a, MS_ACC), mat = target_capacity(a, MS_MAT);
    int64_t ms[64], ns[64], ks[64];
    uint32_t nm, nn, nk;
    double best = -1;
    /* A product with an empty dimension has no block: none would divide. */
    if (m <= 0 || n <= 0 || k <= 0) {
        snprintf(why, cap, "[%" PRId64 ", %" PRId64 "] x [%" PRId64 ", %" PRId64 "] has an empty dimension; the cube "
                 "multiplies blocks of positive extents", m, k, k, n);
        return -1;
    }
    nm = block_sizes(m, 16, 4095, ms, 64);
    nn = block_sizes(n, 16, 4095, ns, 64);
    if (whole) {   /* one block of M and N: the product stays in Acc */
        nm = nn = m <= 4095 && n <= 4095;
        ms[0] = m;
        ns[0] = n;
    }
    nk = block_sizes(k, kalign, 4095, ks, 64);
    for (uint32_t i = 0; i < nm; i++)
        for (uint32_t j = 0; j < nn; j++)
            for (uint32_t q = 0; q < nk; q++) {
                uint64_t bm = (uint64_t)ms[i], bn = (uint64_t)ns[j], bk = (uint64_t)ks[q];
                double loads, score;
                if (bm * bk * (uint64_t)bytes > left || bk * bn * (uint64_t)bytes > right || bm * bn * 4 > acc ||
                    (bm * bk + bk * bn) * (uint64_t)bytes > mat)
                    continue;
                /* Elements moved from global memory: A once per block of N,
                 * B once per block of M; then the fewest K steps. */
                loads = (double)m * (double)k * (double)(n / (int64_t)bn) + (double)k * (double)n * (double)(m / (int64_t)bm);
                score = 1e30 / (loads + 1.0) + (double)bk * 1e-9;
                if (score > best) {
                    best = score;
                    p->bm = (int64_t)bm;
                    p->bn = (int64_t)bn;
                    p->bk = (int64_t)bk;
                }
            }
    if (best < 0 && whole) {
        snprintf(why, cap,
                 "a product kept in Acc is one block of M and N, and [%" PRId64 ", %" PRId64 "] x [%" PRId64 ", %"
                 PRId64 "] %s does not fit Left (%llu bytes), Right (%llu), Acc (%llu) and Mat (%llu) in any block of K",
                 m, k, k, n, dtype_name(in), (unsigned long long)left, (unsigned long long)right,
                 (unsigned long long)acc, (unsigned long long)mat);
        return -1;
    }
    if (best < 0) {
        snprintf(why, cap,
                 "no blocks of [%" PRId64 ", %" PRId64 "] x [%" PRId64 ", %" PRId64 "] %s fit Left (%llu bytes), Right "
                 "(%llu), Acc (%llu) and Mat (%llu) in whole 16-row boxes",
                 m, k, k, n, dtype_name(in), (unsigned long long)left, (unsigned long long)right,
                 (unsigned long long)acc, (unsigned long long)mat);
        return -1;
    }
    return 0;
}

typedef struct Mm {
    TcEmit *e;
    const char *name;
    const TcRegion *a, *b, *dst;
    const TcMmPlan *p;
    int64_t m, n, k;
} Mm;

static const IrVar *new_index_var(TcEmit *e, const char *base)
{
    return ir_var_new(e->ir, tc_fresh(e->names, base), ir_type_scalar(e->ir, DT_INT64), e->at);
}

TcRegion tc_mm_operand(const TcRegion *r, const IrCall *c, int which)
{
    TcRegion o = *r;
    o.trans = ir_call_kwarg_int(c, which ? "b_trans" : "a_trans", 0) != 0;
    return o;
}

/* Block [rows, cols] at (ri, ci) of operand r into Mat: a transposed
 * operand's block is loaded as it is stored, [cols, rows] at (ci, ri), and
 * read as its transpose (block.transpose_view: NZ read as ZN, which TMOV
 * takes into Left or Right; no vector transpose). */
static const IrExpr *mm_load(Mm *M, const char *suffix, const TcRegion *r, const IrExpr *ri, const IrExpr *ci,
                             int64_t rows, int64_t cols)
{
    TcEmit *e = M->e;
    const IrExpr *add[2] = {r->trans ? ci : ri, r->trans ? ri : ci};
    const IrExpr *d[2] = {tc_int(e->ir, r->trans ? cols : rows), tc_int(e->ir, r->trans ? rows : cols)};
    const IrExpr *t;
    int64_t o0 = -1, o1 = -1;
    if (r->mat) {
        /* An L1 tile (pl.create_l1) is moved whole: one block of it. */
        if (!tc_const(add[0], &o0) || !tc_const(add[1], &o1) || o0 || o1 || tc_dim(r->type, 0) != (r->trans ? cols : rows) ||
            tc_dim(r->type, 1) != (r->trans ? rows : cols)) {
            tc_error(e, e->at, "a matrix product takes an L1 operand (pl.create_l1) whole, and its %s does not fit "
                     "%s at once", r == M->a ? "lhs" : "rhs", r == M->a ? "Left (L0A)" : "Right (L0B)");
            return NULL;
        }
        t = r->mat;
    } else {
        t = tc_load(e, fresh(e, M->name, suffix), r, add, 2, d, MS_MAT);
    }
    if (!t || !r->trans)
        return t;
    return tc_emit(e, fresh(e, M->name, r == M->a ? "_at" : "_bt"), OP_BLOCK_TRANSPOSE_VIEW, 1, &t, 0, NULL);
}

/* The operands of block (mi, ki) x (ki, ni) in Left and Right. */
static int mm_operands(Mm *M, const IrExpr *mi, const IrExpr *ni, const IrExpr *ki, const IrExpr **l,
                       const IrExpr **r)
{
    TcEmit *e = M->e;
    const IrExpr *am, *bm;
    TcKw left = {"target_memory", MS_LEFT}, right = {"target_memory", MS_RIGHT};
    if (!(am = mm_load(M, "_a", M->a, mi, ki, M->p->bm, M->p->bk)) ||
        !(bm = mm_load(M, "_b", M->b, ki, ni, M->p->bk, M->p->bn)))
        return -1;
    if (!(*l = tc_emit(e, fresh(e, M->name, "_l"), OP_BLOCK_MOVE, 1, &am, 1, &left)) ||
        !(*r = tc_emit(e, fresh(e, M->name, "_r"), OP_BLOCK_MOVE, 1, &bm, 1, &right)))
        return -1;
    return 0;
}

/* A for loop over [from, to) by step carrying one value; body() fills
 * the body and returns the value to yield.  The loop's result. */
typedef const IrExpr *(*LoopBody)(Mm *M, const IrExpr *iv, const IrExpr *carried, void *data);

static const IrExpr *mm_loop(Mm *M, const char *ivname, int64_t from, int64_t to, int64_t step,
                             const IrExpr *init, const char *carried_name, LoopBody body, void *data)
{
    TcEmit *e = M->e;
    TcStmts *outer = e->out, inner;
    const IrVar *iv = new_index_var(e, ivname);
    const IrType *ct = type_of(e, init);
    const IrIterArg *it = ir_iter_arg_new(e->ir, fresh(e, carried_name, "_iter"), ct, init, e->at);
    const IrVar *ret = ir_var_new(e->ir, fresh(e, carried_name, "_done"), ct, e->at);
    const IrExpr *y;
    vec_init(inner);
    e->out = &inner;
    y = body(M, &iv->e, &it->v.e, data);
    e->out = outer;
    if (!y) {
        vec_free(inner);
        return NULL;
    }
    vec_push(inner, ir_yield(e->ir, 1, &y, e->at));
    vec_push(*outer, ir_for(e->ir, FOR_SEQUENTIAL, iv, tc_int(e->ir, from), tc_int(e->ir, to), tc_int(e->ir, step), 1,
                            &it, &ret, tc_seq(e->ir, &inner, e->at), e->at));
    vec_free(inner);
    return &ret->e;
}

typedef struct MmAt {
    const IrExpr *mi, *ni;
} MmAt;

static const IrExpr *k_body(Mm *M, const IrExpr *ki, const IrExpr *acc, void *data)
{
    const MmAt *at = data;
    const IrExpr *l, *r, *args[3];
    if (mm_operands(M, at->mi, at->ni, ki, &l, &r) != 0)
        return NULL;
    args[0] = acc;
    args[1] = l;
    args[2] = r;
    return tc_emit(M->e, fresh(M->e, M->name, "_acc"), OP_BLOCK_MATMUL_ACC, 3, args, 0, NULL);
}

/* Block (mi, ni) of the product as an Acc tile, accumulated over the
 * blocks of K; NULL after an error. */
static const IrExpr *mm_product(Mm *M, const IrExpr *mi, const IrExpr *ni)
{
    TcEmit *e = M->e;
    const IrExpr *l, *r, *args[2], *acc;
    MmAt at = {mi, ni};
    if (mm_operands(M, mi, ni, tc_int(e->ir, 0), &l, &r) != 0)
        return NULL;
    args[0] = l;
    args[1] = r;
    if (!(acc = tc_emit(e, fresh(e, M->name, "_acc"), OP_BLOCK_MATMUL, 2, args, 0, NULL)))
        return NULL;
    if (M->k > M->p->bk)
        acc = mm_loop(M, "ki", M->p->bk, M->k, M->p->bk, acc, IR_AS(IrVar, acc)->name, k_body, &at);
    return acc;
}

/* Block (mi, ni) of the result, stored into dst; the written dst. */
static const IrExpr *mm_block(Mm *M, const IrExpr *mi, const IrExpr *ni, const IrExpr *dst)
{
    const IrExpr *acc, *add[2] = {mi, ni};
    TcRegion d = *M->dst;
    if (!(acc = mm_product(M, mi, ni)))
        return NULL;
    d.base = dst;
    return tc_store(M->e, fresh(M->e, M->name, "_st"), acc, &d, add);
}

/* The destination tensor's name, for the loops that carry it. */
static const char *dst_name(Mm *M)
{
    const IrExpr *b = M->dst->base;
    return ir_is_var_like(b) ? ir_ssa_stem(M->e->ir, IR_AS(IrVar, b)->name) : M->name;
}

static const IrExpr *n_body(Mm *M, const IrExpr *ni, const IrExpr *dst, void *data)
{
    return mm_block(M, (const IrExpr *)data, ni, dst);
}

static const IrExpr *m_body(Mm *M, const IrExpr *mi, const IrExpr *dst, void *data)
{
    (void)data;
    if (M->n > M->p->bn)
        return mm_loop(M, "ni", 0, M->n, M->p->bn, dst, dst_name(M), n_body, (void *)mi);
    return mm_block(M, mi, tc_int(M->e->ir, 0), dst);
}

/* The state of one product a @ b of plan p; -1 (reported) when an
 * operand is only partly valid along K.  The cube tiles carry a partly
 * valid lhs's valid rows and rhs's valid columns into the product, which
 * a store writes only there; a K that is only partly valid would sum what
 * the load left outside it into every element. */
static int mm_begin(Mm *M, TcEmit *e, const char *name, const TcRegion *a, const TcRegion *b, const TcMmPlan *p)
{
    for (int i = 0; i < 2; i++) {
        const IrType *t = i ? b->type : a->type;
        int kd = (i ? 0 : 1) ^ (i ? b->trans : a->trans);   /* K's dimension of the stored operand */
        int64_t v, k;
        if (t && t->kind == TYPE_TENSOR && t->tensor_view && t->tensor_view->nvalid == 2 &&
            !(tc_const(t->tensor_view->valid_shape[kd], &v) && tc_const(t->dims[kd], &k) && v == k)) {
            tc_error(e, e->at, "a matrix product whose %s is only partly valid along K is not supported yet: the "
                     "padding would be summed into the product (pl.fillpad the operand first)", i ? "rhs" : "lhs");
            return -1;
        }
    }
    memset(M, 0, sizeof *M);
    M->e = e;
    M->name = name;
    M->a = a;
    M->b = b;
    M->p = p;
    M->m = tc_dim(a->type, a->trans);
    M->k = tc_dim(a->type, !a->trans);
    M->n = tc_dim(b->type, !b->trans);
    return 0;
}

const IrExpr *tc_matmul(TcEmit *e, const char *name, const TcRegion *a, const TcRegion *b, const TcRegion *dst,
                        const TcMmPlan *p)
{
    Mm M;
    if (mm_begin(&M, e, name, a, b, p) != 0)
        return NULL;
    M.dst = dst;
    if (M.m > p->bm)
        return mm_loop(&M, "mi", 0, M.m, p->bm, dst->base, dst_name(&M), m_body, NULL);
    return m_body(&M, tc_int(e->ir, 0), dst->base, NULL);
}

const IrExpr *tc_matmul_acc_tile(TcEmit *e, const char *name, const TcRegion *a, const TcRegion *b,
                                 const IrExpr *acc, const TcMmPlan *p)
{
    Mm M;
    MmAt at;
    const IrExpr *zero = tc_int(e->ir, 0);
    if (mm_begin(&M, e, name, a, b, p) != 0)
        return NULL;
    if (!acc)
        return mm_product(&M, zero, zero);
    at.mi = at.ni = zero;
    if (M.k <= p->bk)
        return k_body(&M, zero, acc, &at);
    return mm_loop(&M, "ki", 0, M.k, p->bk, acc, name, k_body, &at);
}
