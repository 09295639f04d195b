/* auto_tile_matmul.c: AutoTileMatmulL0 (pypto@e2d0f78a
 * docs/en/dev/passes/15-auto_tile_matmul_l0.md).  A kernel's
 * block.matmul or block.matmul_acc of two Mat (L1) tiles is a move of
 * each operand into Left (L0A) and Right (L0B) and one TMATMUL; operands
 * larger than L0A or L0B, or a product larger than L0C, fit no such
 * move.  Here such a product becomes a loop over blocks of K:
 *
 *     l = block.extract(a, mi, 0, [m, k], target_memory=Left)
 *     r = block.extract(b, 0, ni, [k, n], target_memory=Right)
 *     c0 = block.matmul(l, r)
 *     for ki in range(k, K, k) carrying c0:  matmul_acc of the next blocks
 *
 * and, where the product [M, N] itself does not fit L0C and its one use
 * is a store, a grid of [m, n] products, each stored at its place (the
 * reference's direct-store M/N tiling).  The first block is peeled off
 * the loop rather than chosen by an if in it (the reference's form), so
 * that every iteration is the same matmul_acc.
 *
 * The block sizes: the whole of M and N when the product fits L0C, else
 * the largest grid cell that does; then the largest K block, a multiple
 * of the cube's 16-element (32-byte) K box dividing K, whose operands fit
 * L0A and L0B twice over (so that SoftwarePipeline can double-buffer the
 * loop), else once.  A right operand may be the transposed view of a Mat
 * tile (b_trans): its blocks are extracted from the view.  A product nothing fits is left as it is, for the
 * memory planner's located overflow error.  Only static 2-D operands
 * in Mat are taken (a left one in Vec is moved there first): an operand
 * already in Left or Right is the program's own L0 schedule, which the
 * reference leaves alone too. */
#include "config.h"
#include "passes/2_tensor/tensor_conv.h"
#include "ir/visit.h"
#include "targets/arch.h"

#include <string.h>

typedef struct AutoTile {
    PassCtx *pc;
    IrCtx *ir;
    TcNames names;
    PtrMap uses;      /* var -> number of uses */
    PtrMap defs;      /* var -> its defining call */
    int failed;
} AutoTile;

typedef struct L0Plan {
    int64_t M, N, K, m, n, k;
} L0Plan;

static int64_t align_up(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

/* Bytes of a [rows, cols] L0 tile of `bytes`-byte elements: NZ boxes of
 * 16 rows and 32 bytes. */
static uint64_t l0_bytes(int64_t rows, int64_t cols, int64_t bytes)
{
    return (uint64_t)align_up(rows, 16) * (uint64_t)align_up(cols * bytes, 32);
}

/* The block sizes of x: x itself when at most `most`, then its divisors
 * that are multiples of align, largest first. */
static uint32_t sizes(int64_t x, int64_t align, int64_t most, int64_t *out, uint32_t cap)
{
    uint32_t n = 0;
    if (x <= most)
        out[n++] = x;
    return n + tc_divisors(x, align, most, out + n, cap - n);
}

/* The plan for a product [M, K] x [K, N]; 0 when the whole product fits
 * L0 (nothing to do) or no blocks fit (left to the overflow error). */
static int choose(Arch arch, int64_t ba, int64_t bb, int64_t bc, L0Plan *p, int fresh)
{
    uint64_t left = target_capacity(arch, MS_LEFT), right = target_capacity(arch, MS_RIGHT);
    uint64_t acc = target_capacity(arch, MS_ACC);
    int64_t kalign = 32 / (ba < bb ? ba : bb), ms[64], ns[64], ks[64];
    uint32_t nm, nn, nk;
    int64_t best_mn = 0;
    if (kalign < 16)
        kalign = 16;
    if (p->K % kalign != 0 || p->M % 16 != 0 || p->N % 16 != 0)
        return 0;   /* no whole boxes: the reference declines too (PH-AT-007) */
    if (l0_bytes(p->M, p->K, ba) <= left && l0_bytes(p->K, p->N, bb) <= right && l0_bytes(p->M, p->N, bc) <= acc)
        return 0;
    nm = sizes(p->M, 16, 4095, ms, 64);
    nn = sizes(p->N, 16, 4095, ns, 64);
    nk = sizes(p->K, kalign, 4095, ks, 64);
    p->m = p->n = p->k = 0;
    /* The largest cell of the grid that fits L0C (a product that must stay
     * whole, one cell), with the K block found for it. */
    for (uint32_t i = 0; i < nm; i++)
        for (uint32_t j = 0; j < nn; j++) {
            int64_t m = ms[i], n = ns[j], k = 0;
            if (l0_bytes(m, n, bc) > acc || m * n <= best_mn || (!fresh && (m != p->M || n != p->N)))
                continue;
            for (int twice = 2; twice >= 1 && !k; twice--)
                for (uint32_t q = 0; q < nk; q++)
                    if ((uint64_t)twice * l0_bytes(m, ks[q], ba) <= left &&
                        (uint64_t)twice * l0_bytes(ks[q], n, bb) <= right) {
                        k = ks[q];
                        break;
                    }
            if (!k)
                continue;
            best_mn = m * n;
            p->m = m;
            p->n = n;
            p->k = k;
        }
    return best_mn > 0;
}

/* ------------------------------------------------------------ emitting */

static const IrExpr *extract(TcEmit *e, const char *name, const IrExpr *src, const IrExpr *row, const IrExpr *col,
                             int64_t rows, int64_t cols, int space)
{
    const IrExpr *d[2] = {tc_int(e->ir, rows), tc_int(e->ir, cols)};
    const IrExpr *args[4] = {src, row, col, tc_tuple(e->ir, 2, d)};
    TcKw kw = {"target_memory", space};
    return tc_emit(e, tc_fresh2(e->names, name, space == MS_LEFT ? "_l0a" : "_l0b"), OP_BLOCK_EXTRACT, 4, args, 1,
                   &kw);
}

/* acc (NULL: a fresh product) plus block (mi, ki) x (ki, ni). */
static const IrExpr *step(TcEmit *e, const char *name, const IrExpr *a, const IrExpr *b, const IrExpr *mi,
                          const IrExpr *ni, const IrExpr *ki, const L0Plan *p, const IrExpr *acc)
{
    const IrExpr *l, *r, *args[3];
    if (!(l = extract(e, name, a, mi, ki, p->m, p->k, MS_LEFT)) || !(r = extract(e, name, b, ki, ni, p->k, p->n, MS_RIGHT)))
        return NULL;
    args[0] = acc;
    args[1] = l;
    args[2] = r;
    if (!acc)
        return tc_emit(e, tc_fresh2(e->names, name, "_k0"), OP_BLOCK_MATMUL, 2, args + 1, 0, NULL);
    return tc_emit(e, tc_fresh2(e->names, name, "_acc"), OP_BLOCK_MATMUL_ACC, 3, args, 0, NULL);
}

/* The product block (mi, ni) accumulated over K onto acc (NULL: fresh);
 * its value is `result` when given (the loop's result variable then). */
static const IrExpr *product(TcEmit *e, const char *name, const IrExpr *a, const IrExpr *b, const IrExpr *mi,
                             const IrExpr *ni, const L0Plan *p, const IrExpr *acc, const IrVar *result)
{
    IrCtx *ir = e->ir;
    TcStmts *outer = e->out, inner;
    const IrVar *ki, *ret;
    const IrIterArg *it;
    const IrExpr *first, *y;
    int64_t from = acc ? 0 : p->k;
    if (!acc && !(first = step(e, name, a, b, mi, ni, tc_int(ir, 0), p, NULL)))
        return NULL;
    if (acc)
        first = acc;
    if (from >= p->K)
        return first;
    ki = ir_var_new(ir, tc_fresh(e->names, "ki"), ir_type_scalar(ir, DT_INT64), e->at);
    it = ir_iter_arg_new(ir, tc_fresh2(e->names, name, "_iter"), ir_expr_type(ir, first), first, e->at);
    ret = result && result->type == it->v.type ? result
                                               : ir_var_new(ir, tc_fresh2(e->names, name, "_sum"), it->v.type, e->at);
    vec_init(inner);
    e->out = &inner;
    y = step(e, name, a, b, mi, ni, &ki->e, p, &it->v.e);
    e->out = outer;
    if (!y) {
        vec_free(inner);
        return NULL;
    }
    vec_push(inner, ir_yield(ir, 1, &y, e->at));
    vec_push(*outer, ir_for(ir, FOR_SEQUENTIAL, ki, tc_int(ir, from), tc_int(ir, p->K), tc_int(ir, p->k), 1, &it, &ret,
                            tc_seq(ir, &inner, e->at), e->at));
    vec_free(inner);
    return &ret->e;
}

/* ------------------------------------------------------------ rewriting */

static int static_mat(int space, const IrType *t, int64_t *rows, int64_t *cols, int vec_too)
{
    if (!t || t->kind != TYPE_TILE || t->n != 2 || !(space == MS_MAT || (vec_too && space == MS_VEC)))
        return 0;
    *rows = tc_dim(t, 0);
    *cols = tc_dim(t, 1);
    if (*rows <= 0 || *cols <= 0 || dtype_bytes(t->dtype) < 1)
        return 0;
    /* A partly valid operand keeps the whole-tile moves, whose valid
     * shape the cube carries. */
    return !t->tile_view || !t->tile_view->nvalid;
}

/* The store statement st when it is `v = block.store(tile, [o0, o1], shape, out)`
 * of tile x. */
static const IrCall *store_of(const IrStmt *st, const IrVar *x)
{
    const IrAssign *a = st && st->kind == STMT_ASSIGN ? IR_AS(IrAssign, st) : NULL;
    const IrCall *c = a && tc_is_op(a->value, OP_BLOCK_STORE) ? IR_AS(IrCall, a->value) : NULL;
    if (!c || c->nargs != 4 || c->nkwargs || c->args[0] != &x->e || c->args[1]->kind != EXPR_MAKE_TUPLE ||
        IR_AS(IrMakeTuple, c->args[1])->n != 2)
        return NULL;
    return c;
}

/* One matmul assignment a (statement i of q) rewritten into out; 1 when it
 * was (and *skip statements after it were consumed), 0 to keep it. */
static int tile_one(AutoTile *T, const IrSeq *q, uint32_t i, TcStmts *out, uint32_t *skip)
{
    const IrAssign *a = IR_AS(IrAssign, q->stmts[i]);
    const IrCall *c = IR_AS(IrCall, a->value);
    int accumulate = tc_is_op(a->value, OP_BLOCK_MATMUL_ACC);
    const IrExpr *A = c->args[accumulate], *B = c->args[accumulate + 1], *acc = accumulate ? c->args[0] : NULL;
    const IrType *ta = ir_expr_type(T->ir, A), *tb = ir_expr_type(T->ir, B);
    const IrCall *st = NULL;
    int64_t kb, bc = dtype_bytes(a->var->type->dtype);
    L0Plan p;
    TcEmit e;
    const char *name = ir_ssa_stem(T->ir, a->var->name);
    int spa = tc_tile_space(&T->defs, T->ir, A), spb = tc_tile_space(&T->defs, T->ir, B);
    const IrCall *bv = ptrmap_get(&T->defs, B);
    /* a transposed view of a Mat tile (b_trans) is extracted from as the
     * Mat tile it is (TEXTRACT into Right reads it transposed) */
    if (bv && tc_is_op(&bv->e, OP_BLOCK_TRANSPOSE_VIEW) && bv->nargs &&
        tc_tile_space(&T->defs, T->ir, bv->args[0]) == MS_MAT)
        spb = MS_MAT;
    if (c->nkwargs || !static_mat(spa, ta, &p.M, &p.K, 1) || !static_mat(spb, tb, &kb, &p.N, 0) || kb != p.K)
        return 0;
    /* The loop carries the accumulator as the product's type: one of
     * another (a Tile parameter, which has no layout) is left alone. */
    if (acc && ir_expr_type(T->ir, acc) != a->var->type)
        return 0;
    if (!choose(T->pc->arch, dtype_bytes(ta->dtype), dtype_bytes(tb->dtype), bc, &p, !accumulate))
        return 0;
    if (p.m != p.M || p.n != p.N) {
        /* A grid: only the store that is the product's one use can take it
         * block by block. */
        if ((uintptr_t)ptrmap_get(&T->uses, a->var) != 1 || i + 1 >= q->n || !(st = store_of(q->stmts[i + 1], a->var)))
            return 0;
    }
    memset(&e, 0, sizeof e);
    e.pc = T->pc;
    e.ir = T->ir;
    e.out = out;
    e.names = &T->names;
    e.at = a->s.span;
    e.report = 1;
    if (spa == MS_VEC) {
        /* A left operand in Vec (a score tile times V) is staged into Mat
         * once, by a move that ExpandMixedKernel turns into the cross-core
         * pipe, and its blocks are extracted from there. */
        TcKw kw = {"target_memory", MS_MAT};
        if (!(A = tc_emit(&e, tc_fresh2(&T->names, name, "_lhs_mat"), OP_BLOCK_MOVE, 1, &A, 1, &kw)))
            goto failed;
    }
    if (!st) {
        const IrExpr *zero = tc_int(T->ir, 0), *v = product(&e, name, A, B, zero, zero, &p, acc, a->var);
        if (!v)
            goto failed;
        if (v != &a->var->e) {
            if (ir_expr_type(T->ir, v) != a->var->type) {
                tc_error(&e, e.at, "internal: the K blocks of '%s' give another tile type", name);
                goto failed;
            }
            vec_push(*out, ir_assign(T->ir, a->var, v, e.at));
        }
        *skip = 0;
        return 1;
    } else {
        const IrAssign *sa = IR_AS(IrAssign, q->stmts[i + 1]);
        const IrMakeTuple *off = IR_AS(IrMakeTuple, st->args[1]);
        const IrExpr *dst = st->args[3];
        for (int64_t mi = 0; mi < p.M; mi += p.m)
            for (int64_t ni = 0; ni < p.N; ni += p.n) {
                const IrExpr *v, *o[2], *d[2], *args[4];
                const IrExpr *mx = tc_int(T->ir, mi), *nx = tc_int(T->ir, ni);
                int last = mi + p.m >= p.M && ni + p.n >= p.N;
                const IrExpr *call;
                OpError err;
                if (!(v = product(&e, name, A, B, mx, nx, &p, NULL, NULL)))
                    goto failed;
                o[0] = tc_add(T->ir, off->elems[0], mx);
                o[1] = tc_add(T->ir, off->elems[1], nx);
                d[0] = tc_int(T->ir, p.m);
                d[1] = tc_int(T->ir, p.n);
                args[0] = v;
                args[1] = tc_tuple(T->ir, 2, o);
                args[2] = tc_tuple(T->ir, 2, d);
                args[3] = dst;
                if (!(call = tc_op(T->ir, OP_BLOCK_STORE, 4, args, 0, NULL, e.at, &err))) {
                    tc_error(&e, e.at, "'%s' cannot be stored block by block: %s", name, err.msg);
                    goto failed;
                }
                if (last && ir_expr_type(T->ir, call) == sa->var->type)
                    vec_push(*out, ir_assign(T->ir, sa->var, call, sa->s.span));
                else
                    dst = &tc_let(T->ir, out, tc_fresh2(&T->names, ir_ssa_stem(T->ir, sa->var->name), "_part"), call,
                                  sa->s.span)->e;
                if (last && ir_expr_type(T->ir, call) != sa->var->type)
                    vec_push(*out, ir_assign(T->ir, sa->var, dst, sa->s.span));
            }
        *skip = 1;
        return 1;
    }
failed:
    T->failed = 1;
    return 1;
}

static int tile_stmt(void *data, const IrSeq *q, uint32_t i, TcStmts *out, uint32_t *skip)
{
    const IrStmt *st = q->stmts[i];
    return st->kind == STMT_ASSIGN &&
           (tc_is_op(IR_AS(IrAssign, st)->value, OP_BLOCK_MATMUL) ||
            tc_is_op(IR_AS(IrAssign, st)->value, OP_BLOCK_MATMUL_ACC)) &&
           tile_one(data, q, i, out, skip);
}

static const IrStmt *tile_block(IrMutator *m, const IrStmt *s)
{
    return pass_rewrite_seq(((AutoTile *)m->data)->ir, s, tile_stmt, m->data);
}

static int is_product(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return tc_is_op(e, OP_BLOCK_MATMUL) || tc_is_op(e, OP_BLOCK_MATMUL_ACC);
}

static const IrFunc *tile_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    AutoTile T;
    IrMutator m;
    const IrStmt *body;
    (void)prog;
    (void)data;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE || !ir_stmt_any(f->body, NULL, is_product, NULL))
        return f;
    memset(&T, 0, sizeof T);
    T.pc = pc;
    T.ir = pc->ir;
    tc_names_init(&T.names, pc->ir);
    tc_names_add_func(&T.names, f);
    ptrmap_init(&T.uses);
    ptrmap_init(&T.defs);
    tc_uses_defs(f->body, &T.uses, &T.defs);
    memset(&m, 0, sizeof m);
    m.ctx = pc->ir;
    m.stmt = tile_block;
    m.data = &T;
    body = ir_mutate_stmt(&m, f->body);
    tc_names_free(&T.names);
    ptrmap_free(&T.uses);
    ptrmap_free(&T.defs);
    if (T.failed)
        return NULL;
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, tc_splice(pc->ir, body));
}

const IrProgram *pass_auto_tile_matmul(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, tile_function, NULL, MAP_CONTINUE);
}
