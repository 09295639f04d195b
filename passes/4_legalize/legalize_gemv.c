/* legalize_gemv.c: gemv, gemv_acc and gemv_bias as matrix products whose
 * Left tile has 16 rows, one of them valid.
 *
 * PTOAS (e32488c9) and pto-isa take the left operand of a matrix-vector
 * product as a Left tile of whole 16-row fractal boxes with one valid row,
 * and a move from Mat to Left only between tiles of one shape ("expects
 * mat-source tmov to use matching src/dst shapes"), while a one-row Mat
 * tile is a bias row, held in one row.  So the [1, K] vector is loaded
 * into Mat as a [16, K] tile with one valid row (the load reads that row
 * only), moved to Left as it is, and multiplied: the product is
 * [16, N] with one valid row, which the ops after it read as its valid
 * row (a store writes it; gemv_acc accumulates into it).  Every call
 * after it whose operands changed type is typed again.
 *
 * The rewrite applies where the vector comes straight from such a load
 * (load into Mat, each of whose uses a move to Left, or the product's
 * operand itself) and the changed tiles are
 * read by op calls only (not carried by a loop, yielded or returned);
 * elsewhere the op keeps its lowering's located error. */
#include "config.h"
#include "ir/op_registry.h"
#include "passes/4_legalize/legalize.h"

#include <string.h>

typedef struct Gemv {
    IrWalker w;                  /* first: the walker's data */
    Legal *L;
    PtrMap def;                  /* var -> its assignment */
    PtrMap uses;                 /* var -> number of reads */
    PtrMap left_moves;           /* var -> number of its moves to Left */
    PtrMap affected;             /* var -> 1: its type changes */
    PtrMap loads;                /* load assignment -> 1: to be read into 16 rows */
    VEC(const IrAssign *) gemvs;
    const IrStmt *stmt;          /* the statement the walk is in */
    int blocked;                 /* a changed tile is read other than by an op call */
} Gemv;

static int is_gemv(const OpDef *op)
{
    return op && (op->id == OP_BLOCK_GEMV || op->id == OP_BLOCK_GEMV_ACC || op->id == OP_BLOCK_GEMV_BIAS);
}

static const IrCall *assign_call(const IrAssign *a)
{
    return a && a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
}

static int note_defs(IrWalker *w, const IrStmt *s)
{
    Gemv *G = w->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c = assign_call(a);
    if (a)
        ptrmap_put(&G->def, a->var, (void *)a);
    if (c && callee_op(c->callee) && callee_op(c->callee)->id == OP_BLOCK_MOVE && c->nargs &&
        ir_call_kwarg_int(c, "target_memory", -1) == MS_LEFT)
        ptrmap_put(&G->left_moves, c->args[0], (void *)((uintptr_t)ptrmap_get(&G->left_moves, c->args[0]) + 1));
    if (c && is_gemv(callee_op(c->callee)))
        vec_push(G->gemvs, a);
    return 1;
}

static int count_reads(IrWalker *w, const IrExpr *e)
{
    Gemv *G = w->data;
    if (ir_is_var_like(e))
        ptrmap_put(&G->uses, e, (void *)((uintptr_t)ptrmap_get(&G->uses, e) + 1));
    return 1;
}

static uintptr_t uses_of(const Gemv *G, const IrExpr *v) { return (uintptr_t)ptrmap_get(&G->uses, v); }

/* The load of gemv a's vector into Mat, when a's left operand comes
 * straight from it: a [1, K] load (its valid shape, if given, one row),
 * moved to Left or not (Legalize moves a matrix product's Mat operands),
 * each used once. */
static const IrAssign *vector_load(const Gemv *G, const IrAssign *a)
{
    const IrCall *c = assign_call(a), *mv, *ld;
    const OpDef *op = callee_op(c->callee);
    const IrAssign *dl;
    const IrExpr *x = c->args[op->id == OP_BLOCK_GEMV_ACC ? 1 : 0];
    const IrType *t;
    int64_t rows;
    if (c->nkwargs || !ir_is_var_like(x) || uses_of(G, x) != 1 || !(dl = ptrmap_get(&G->def, x)) ||
        !(ld = assign_call(dl)))
        return NULL;
    if (callee_op(ld->callee)->id == OP_BLOCK_MOVE) {
        /* the Mat tile: every use a move to Left (a one-row Mat tile moved
         * to Bias keeps its one row) */
        mv = ld;
        if (ir_call_kwarg_int(mv, "target_memory", -1) != MS_LEFT || !ir_is_var_like(x = mv->args[0]) ||
            uses_of(G, x) != (uintptr_t)ptrmap_get(&G->left_moves, x) || !(dl = ptrmap_get(&G->def, x)) ||
            !(ld = assign_call(dl)))
            return NULL;
    }
    if (callee_op(ld->callee)->id != OP_BLOCK_LOAD || ir_call_kwarg_int(ld, "target_memory", -1) != MS_MAT)
        return NULL;
    t = dl->var->type;
    if (t->kind != TYPE_TILE || t->n != 2 || !ir_dim_value(t->dims[0], &rows) || rows != 1 ||
        (t->tile_view && t->tile_view->nvalid))
        return NULL;
    return dl;
}

/* The changed tiles, forward in program order: a call reading one makes
 * its result change too; any other read blocks the rewrite. */
static int spread_pre_stmt(IrWalker *w, const IrStmt *s)
{
    Gemv *G = w->data;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c = assign_call(a);
    G->stmt = s;
    if (c && a->var->type->kind == TYPE_TILE)   /* a store's result keeps its tensor's type */
        for (uint32_t i = 0; i < c->nargs; i++)
            if (ptrmap_get(&G->affected, c->args[i]))
                ptrmap_put(&G->affected, a->var, (void *)1);
    return 1;
}

static int spread_expr(IrWalker *w, const IrExpr *e)
{
    Gemv *G = w->data;
    const IrAssign *a = G->stmt && G->stmt->kind == STMT_ASSIGN ? IR_AS(IrAssign, G->stmt) : NULL;
    if (ir_is_var_like(e) && ptrmap_get(&G->affected, e) && !assign_call(a))
        G->blocked = 1;
    return 1;
}

/* The product's shapes: [16, K] read as [1, K]. */
static const IrExpr *two_dims(IrCtx *ir, int64_t r, const IrExpr *c, Span at)
{
    const IrExpr *d[2] = {ir_const_int(ir, r, DT_INT64, at), c};
    return ir_make_tuple(ir, 2, d, at);
}

static const IrStmt *retype_stmt(IrMutator *m, const IrStmt *s)
{
    Gemv *G = m->data;
    IrCtx *ir = G->L->ir;
    const IrAssign *a = s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s) : NULL;
    const IrCall *c = assign_call(a);
    const IrCallee *callee;
    const IrExpr *args[8];
    const IrType *t;
    const OpDef *op;
    OpError err;
    IrVar *v;
    uint32_t n;
    if (!c || c->nargs > 7 || !(op = callee_op(c->callee)))
        return s;
    n = c->nargs;
    if (n)
        memcpy(args, c->args, n * sizeof *args);
    callee = c->callee;
    if (ptrmap_get(&G->loads, s)) {
        const IrType *lt = a->var->type;
        args[2] = two_dims(ir, 16, lt->dims[1], c->e.span);
        args[3] = two_dims(ir, 1, lt->dims[1], c->e.span);
        n = 4;
    } else if (is_gemv(op)) {
        callee = &op_by_id(op->id == OP_BLOCK_GEMV       ? OP_BLOCK_MATMUL
                           : op->id == OP_BLOCK_GEMV_ACC ? OP_BLOCK_MATMUL_ACC
                                                         : OP_BLOCK_MATMUL_BIAS)->callee;
    } else if (!ptrmap_get(&G->affected, a->var)) {
        return s;
    }
    if (!(t = op_deduce(ir, callee_op(callee), args, n, c->kwargs, c->nkwargs, &err))) {
        G->blocked = 1;   /* checked by the caller: the body is left as it was */
        return s;
    }
    if (t == a->var->type && callee == c->callee && n == c->nargs)
        return s;   /* its operands were replaced already */
    v = ir_var_new(ir, a->var->name, t, a->var->e.span);
    ir_mutator_replace(m, a->var, &v->e);
    return ir_assign(ir, v, ir_call(ir, callee, n, args, c->nkwargs, c->kwargs, t, c->e.span), s->span);
}

const IrStmt *legal_gemv_as_matmul(Legal *L, const IrStmt *body)
{
    Gemv G;
    IrMutator m;
    const IrStmt *out = body;
    memset(&G, 0, sizeof G);
    G.L = L;
    G.w.data = &G;
    ptrmap_init(&G.def);
    ptrmap_init(&G.uses);
    ptrmap_init(&G.left_moves);
    ptrmap_init(&G.affected);
    ptrmap_init(&G.loads);
    G.w.pre_stmt = note_defs;
    G.w.pre_expr = count_reads;
    ir_walk_stmt(&G.w, body);
    for (uint32_t i = 0; i < G.gemvs.len; i++) {
        const IrAssign *ld = vector_load(&G, G.gemvs.data[i]);
        if (!ld)
            continue;
        ptrmap_put(&G.loads, ld, (void *)1);
        ptrmap_put(&G.affected, ld->var, (void *)1);
    }
    if (G.loads.count) {
        memset(&G.w, 0, sizeof G.w);
        G.w.data = &G;
        G.w.pre_stmt = spread_pre_stmt;
        G.w.pre_expr = spread_expr;
        ir_walk_stmt(&G.w, body);
    }
    if (G.loads.count && !G.blocked) {
        memset(&m, 0, sizeof m);
        m.ctx = L->ir;
        m.stmt = retype_stmt;
        m.data = &G;
        out = ir_mutate_stmt(&m, body);
        if (G.blocked)
            out = body;
    }
    ptrmap_free(&G.def);
    ptrmap_free(&G.uses);
    ptrmap_free(&G.left_moves);
    ptrmap_free(&G.affected);
    ptrmap_free(&G.loads);
    vec_free(G.gemvs);
    return out;
}
