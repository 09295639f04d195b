/* canonicalize_tile_slice.c: CanonicalizeTileSlice (pypto@e2d0f78a
 * docs/en/dev/passes/16-canonicalize_tile_slice.md), its Mat half.  A
 * tile.slice (block.view) of a Mat tile is a window of L1 that the cube
 * reads through a move into Left or Right (TEXTRACT); as a view of its
 * own it would be a vector-pipe copy, which would make the kernel both a
 * cube and a vector kernel.  So each consumer reads the base tile at the
 * summed offset instead:
 *
 *   block.extract(s, r, c, shape, target_memory=T)  -> extract(base, r + or, c + oc, shape, T)
 *   block.move(s, target_memory=Left|Right)          -> extract(base, or, oc, s's shape, Left|Right)
 *   a matmul's lhs or rhs s                          -> extract(base, or, oc, s's shape, Left|Right) first
 *
 * (a slice of a slice is peeled into one offset), and a slice nothing
 * reads any more is dropped.  A slice with a valid shape of its own, or
 * with another consumer, stays as it is. */
#include "config.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_conv.h"

#include <string.h>

typedef struct MatSlice {
    const IrExpr *base, *row, *col;   /* the base tile and the summed offset */
    const IrType *type;               /* the slice's */
} MatSlice;

typedef struct Canon {
    PassCtx *pc;
    IrCtx *ir;
    TcNames names;
    PtrMap slices;   /* slice var -> MatSlice */
    PtrMap uses;     /* var -> number of uses */
    int changed, failed;
} Canon;

/* `v = block.view(src, [rows, cols], [r, c])` of a static 2-D Mat tile
 * without a valid shape: its window, src's own slices peeled. */
static void note_slice(Canon *C, const IrAssign *a)
{
    const IrCall *c = IR_AS(IrCall, a->value);
    const IrType *t = a->var->type, *st;
    const IrMakeTuple *off;
    const MatSlice *parent;
    MatSlice *m;
    if (c->nargs < 3 || c->nargs > 4 || c->nkwargs || t->kind != TYPE_TILE || t->n != 2 || ir_tile_space(t) != MS_MAT ||
        c->args[2]->kind != EXPR_MAKE_TUPLE || (t->tile_view && t->tile_view->nvalid))
        return;
    st = ir_expr_type(C->ir, c->args[0]);
    off = IR_AS(IrMakeTuple, c->args[2]);
    if (!st || st->kind != TYPE_TILE || st->n != 2 || ir_tile_space(st) != MS_MAT || off->n != 2 ||
        tc_dim(t, 0) <= 0 || tc_dim(t, 1) <= 0)
        return;
    m = arena_alloc(&C->ir->arena, sizeof *m);
    parent = ptrmap_get(&C->slices, c->args[0]);
    m->base = parent ? parent->base : c->args[0];
    m->row = parent ? tc_add(C->ir, parent->row, off->elems[0]) : off->elems[0];
    m->col = parent ? tc_add(C->ir, parent->col, off->elems[1]) : off->elems[1];
    m->type = t;
    ptrmap_put(&C->slices, a->var, m);
}

static int collect(IrWalker *w, const IrStmt *s)
{
    Canon *C = w->data;
    if (s->kind == STMT_ASSIGN && tc_is_op(IR_AS(IrAssign, s)->value, OP_BLOCK_VIEW))
        note_slice(C, IR_AS(IrAssign, s));
    return 1;
}

/* extract(base, row, col, shape, target_memory=space) of slice m, bound
 * to a fresh name in out. */
static const IrExpr *extract(Canon *C, TcStmts *out, const MatSlice *m, const IrExpr *row, const IrExpr *col,
                             const IrExpr *shape, int space, const char *name, Span at)
{
    const IrExpr *args[4] = {m->base, row, col, shape};
    TcKw kw = {"target_memory", space};
    OpError err;
    const IrExpr *c = tc_op(C->ir, OP_BLOCK_EXTRACT, 4, args, 1, &kw, at, &err);
    if (!c) {
        diag_error(C->pc->diag, at, "the Mat window cannot be read through its base tile: %s", err.msg);
        C->failed = 1;
        return NULL;
    }
    return name ? &tc_let(C->ir, out, tc_fresh2(&C->names, name, space == MS_LEFT ? "_left" : "_right"), c, at)->e : c;
}

static const IrExpr *slice_shape(Canon *C, const MatSlice *m) { return tc_tuple(C->ir, 2, m->type->dims); }

/* The assignment a rewritten into out when it reads a Mat slice; 0 to keep it. */
static int rewrite_one(Canon *C, const IrAssign *a, TcStmts *out)
{
    const IrCall *c = IR_AS(IrCall, a->value);
    const OpDef *op = tc_call_op(a->value);
    const MatSlice *m = c->nargs ? ptrmap_get(&C->slices, c->args[0]) : NULL;
    const IrExpr *v;
    if (!op)
        return 0;
    if (op_is(op, OP_BLOCK_EXTRACT) && m && c->nargs == 4) {
        const IrKwarg *space = ir_call_kwarg(c, "target_memory");
        if (!space || space->kind != KW_MEMSPACE)
            return 0;
        v = extract(C, out, m, tc_add(C->ir, m->row, c->args[1]), tc_add(C->ir, m->col, c->args[2]), c->args[3],
                    (int)space->v.i, NULL, a->s.span);
    } else if (op_is(op, OP_BLOCK_MOVE) && m && c->nargs == 1 && !ir_call_kwarg_int(c, "transpose", 0) &&
               !ir_call_kwarg(c, "blayout") && !ir_call_kwarg(c, "slayout") &&
               (ir_tile_space(a->var->type) == MS_LEFT || ir_tile_space(a->var->type) == MS_RIGHT)) {
        v = extract(C, out, m, m->row, m->col, slice_shape(C, m), ir_tile_space(a->var->type), NULL, a->s.span);
    } else if (op->cls == OPCL_MATMUL || op->cls == OPCL_MATMUL_ACC || op->cls == OPCL_MATMUL_BIAS) {
        const IrExpr *args[4];
        uint32_t first = op->cls == OPCL_MATMUL_ACC;
        int any = 0;
        OpError err;
        if (c->nargs > 4 || c->nargs < first + 2)
            return 0;
        memcpy(args, c->args, c->nargs * sizeof *args);
        for (uint32_t k = 0; k < 2; k++) {
            const MatSlice *s = ptrmap_get(&C->slices, c->args[first + k]);
            if (!s)
                continue;
            if (!(args[first + k] = extract(C, out, s, s->row, s->col, slice_shape(C, s), k ? MS_RIGHT : MS_LEFT,
                                            ir_ssa_stem(C->ir, IR_AS(IrVar, c->args[first + k])->name), a->s.span)))
                return 1;
            any = 1;
        }
        if (!any)
            return 0;
        if (!(v = tc_op(C->ir, op->id, c->nargs, args, 0, NULL, a->s.span, &err))) {
            diag_error(C->pc->diag, a->s.span, "the product of Mat windows cannot be formed: %s", err.msg);
            C->failed = 1;
            return 1;
        }
    } else {
        return 0;
    }
    if (!v)
        return 1;
    if (ir_expr_type(C->ir, v) != a->var->type) {
        /* Another layout than the consumer had: keep the consumer. */
        return 0;
    }
    vec_push(*out, ir_assign(C->ir, a->var, v, a->s.span));
    C->changed = 1;
    return 1;
}

static int rewrite_stmt(void *data, const IrSeq *q, uint32_t i, TcStmts *out, uint32_t *skip)
{
    const IrStmt *st = q->stmts[i];
    (void)skip;
    return st->kind == STMT_ASSIGN && IR_AS(IrAssign, st)->value->kind == EXPR_CALL &&
           rewrite_one(data, IR_AS(IrAssign, st), out);
}

static const IrStmt *rewrite_block(IrMutator *mu, const IrStmt *s)
{
    return pass_rewrite_seq(((Canon *)mu->data)->ir, s, rewrite_stmt, mu->data);
}

/* Drops the Mat slices nothing reads. */
static int drop_stmt(void *data, const IrSeq *q, uint32_t i, TcStmts *out, uint32_t *skip)
{
    Canon *C = data;
    const IrStmt *st = q->stmts[i];
    (void)out;
    (void)skip;
    if (st->kind == STMT_ASSIGN && ptrmap_get(&C->slices, IR_AS(IrAssign, st)->var) &&
        !ptrmap_get(&C->uses, IR_AS(IrAssign, st)->var)) {
        C->changed = 1;
        return 1;
    }
    return 0;
}

static const IrStmt *drop_block(IrMutator *mu, const IrStmt *s)
{
    return pass_rewrite_seq(((Canon *)mu->data)->ir, s, drop_stmt, mu->data);
}

static const IrFunc *canon_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Canon C;
    IrMutator m;
    IrWalker w;
    const IrStmt *body;
    (void)prog;
    (void)data;
    if (!f->body || ir_kernel_kind(f) == KERNEL_NONE)
        return f;
    memset(&C, 0, sizeof C);
    C.pc = pc;
    C.ir = pc->ir;
    ptrmap_init(&C.slices);
    ptrmap_init(&C.uses);
    memset(&w, 0, sizeof w);
    w.pre_stmt = collect;
    w.data = &C;
    ir_walk_stmt(&w, f->body);
    body = f->body;
    if (C.slices.count) {
        tc_names_init(&C.names, pc->ir);
        tc_names_add_func(&C.names, f);
        memset(&m, 0, sizeof m);
        m.ctx = pc->ir;
        m.stmt = rewrite_block;
        m.data = &C;
        body = ir_mutate_stmt(&m, body);
        /* Chains die from their ends: recount and drop until none is left. */
        for (int round = 0; C.changed && !C.failed && round < 8; round++) {
            C.changed = 0;
            ptrmap_free(&C.uses);
            ptrmap_init(&C.uses);
            tc_uses_defs(body, &C.uses, NULL);
            memset(&m, 0, sizeof m);
            m.ctx = pc->ir;
            m.stmt = drop_block;
            m.data = &C;
            body = ir_mutate_stmt(&m, body);
        }
        tc_names_free(&C.names);
    }
    ptrmap_free(&C.slices);
    ptrmap_free(&C.uses);
    if (C.failed)
        return NULL;
    if (body == f->body)
        return f;
    return ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_canonicalize_tile_slice(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, canon_function, NULL, MAP_CONTINUE);
}
