/* legalize_ops.c: Legalize's rewrites of an op into ops the target has
 * (see legalize.c): forms the instructions do not take become forms they
 * do, with the same result. */
#include "config.h"
#include "ir/op_registry.h"
#include "targets/arch.h"
#include "targets/isa_rules.h"
#include "passes/4_legalize/legalize.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

/* A new scratch tile [shape of like] of element type dt. */
const IrExpr *legal_scratch_tile(Legal *L, const IrType *like, DataType dt, Span at)
{
    const OpDef *create = op_by_id(OP_BLOCK_CREATE_TILE);
    IrKwarg ck[2];
    OpError err;
    const IrType *t;
    const IrExpr *shape = ir_make_tuple(L->ir, like->n, like->dims, at);
    ck[0].key = ir_name(L->ir, "dtype");
    ck[0].kind = KW_DTYPE;
    ck[0].v.i = dt;
    ck[1].key = ir_name(L->ir, "target_memory");
    ck[1].kind = KW_MEMSPACE;
    ck[1].v.i = MS_VEC;
    if (!(t = op_deduce(L->ir, create, &shape, 1, ck, 2, &err)))
        ICE("legalize: a scratch tile did not type-check: %s", err.msg);
    return ir_call(L->ir, &create->callee, 1, &shape, 2, ck, t, at);
}

/* block.cast(x, target_type=dt, mode=rint): exact when widening, rounded
 * to nearest even when narrowing back. */
const IrExpr *legal_cast(Legal *L, const IrExpr *x, DataType dt, Span at)
{
    const OpDef *op = op_by_id(OP_BLOCK_CAST);
    IrKwarg kw[2];
    OpError err;
    const IrType *t;
    kw[0].key = ir_name(L->ir, "target_type");
    kw[0].kind = KW_DTYPE;
    kw[0].v.i = dt;
    kw[1].key = ir_name(L->ir, "mode");
    kw[1].kind = KW_INT;
    kw[1].v.i = 1;
    if (!(t = op_deduce(L->ir, op, &x, 1, kw, 2, &err)))
        ICE("legalize: a cast did not type-check: %s", err.msg);
    return ir_call(L->ir, &op->callee, 1, &x, 2, kw, t, at);
}

const char *legal_typed_name(Legal *L, const char *base, DataType dt)
{
    char buf[160];
    snprintf(buf, sizeof buf, "%.120s_%s", base, dtype_name(dt));
    for (char *p = buf; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    return legal_fresh_name(L, buf, "");
}

const IrExpr *legal_bind_typed(Legal *L, const IrExpr *named_after, const IrExpr *value, DataType dt, Span at,
                               StmtList *out)
{
    const char *base = ir_is_var_like(named_after) ? IR_AS(IrVar, named_after)->name : "_t";
    IrVar *v = ir_var_new(L->ir, legal_typed_name(L, base, dt), ir_expr_type(L->ir, value), at);
    vec_push(*out, ir_assign(L->ir, v, value, at));
    return &v->e;
}

/* y = op(args) with a new argument i in place of the old one. */
static const IrExpr *with_arg(Legal *L, const IrCall *c, uint32_t i, const IrExpr *x)
{
    const IrExpr **args = xmalloc(xmul_size(c->nargs, sizeof *args));
    const IrExpr *r;
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[i] = x;
    r = ir_call(L->ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, c->type, c->e.span);
    xfree(args);
    return r;
}

/* The rewrites of one op into others the target has: |x| of an integer
 * tile, which A2/A3 has no instruction for, as max(x, -x) (exact; the
 * most negative value stays itself either way); a store that converts
 * element types, as a conversion and a store; a scratch argument the
 * instruction does not take (TmpRule: TPRELU's a ui8 mask one row taller
 * than the result on A2/A3, TXOR's and TXORS's like the result), as a
 * fresh one.  0 when none
 * applies. */
static int rewrite_target(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out);

/* A var named base+suffix for the value x, assigned before the op. */
static const IrExpr *bind_new(Legal *L, const char *base, const char *suffix, const IrExpr *x, Span at, StmtList *out)
{
    IrVar *v = ir_var_new(L->ir, legal_fresh_name(L, base, suffix), ir_expr_type(L->ir, x), at);
    vec_push(*out, ir_assign(L->ir, v, x, at));
    return &v->e;
}

/* sum/max/min(x, axis, keepdim=False) of a 2-D tile: the instructions
 * keep the reduced axis (trowsum's [M, 1], tcolsum's [1, N]), so reduce
 * with keepdim=True and reshape to the rank-1 result (the same bytes). */
static int reduce_keepdim(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    const IrType *x = ir_expr_type(ir, c->args[0]), *t;
    IrKwarg kw[8];
    OpError err;
    const IrExpr *kept, *args[2], *dims[1];
    const OpDef *reshape = op_by_id(OP_BLOCK_RESHAPE);
    Span at = a->s.span;
    if (x->kind != TYPE_TILE || x->n != 2 || a->var->type->kind != TYPE_TILE || a->var->type->n != 1 ||
        ir_call_kwarg_int(c, "keepdim", 0) || c->nkwargs > 8)
        return 0;
    for (uint32_t k = 0; k < c->nkwargs; k++) {
        kw[k] = c->kwargs[k];
        if (strcmp(kw[k].key, "keepdim") == 0)
            kw[k].v.i = 1;
    }
    if (!(t = op_deduce(ir, op, c->args, 1, kw, c->nkwargs, &err)))
        return 0;
    kept = bind_new(L, a->var->name, "_kept", ir_call(ir, c->callee, 1, c->args, c->nkwargs, kw, t, c->e.span), at,
                    out);
    dims[0] = a->var->type->dims[0];
    args[0] = kept;
    args[1] = ir_make_tuple(ir, 1, dims, at);
    if (!(t = op_deduce(ir, reshape, args, 2, NULL, 0, &err)))
        ICE("legalize: a reduction's reshape did not type-check: %s", err.msg);
    vec_push(*out, ir_assign(ir, a->var, ir_call(ir, &reshape->callee, 2, args, 0, NULL, t, at), at));
    return 1;
}

/* A matmul's operands must be in Left and Right (and a biased one's bias
 * in Bias): one still in Mat (as block.load leaves it, or a view of such a
 * tile: a transpose_view, whose layout alone would say Right) is moved
 * there first, as the reference inserts the moves. */
static int matmul_operands(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    uint32_t first = op->cls == OPCL_MATMUL_ACC, n = op->cls == OPCL_MATMUL_BIAS ? 3 : 2;
    static const int into[3] = {MS_LEFT, MS_RIGHT, MS_BIAS};
    static const char *const suffix[3] = {"_left", "_right", "_bias"};
    const IrExpr *args[3];
    const OpDef *move = op_by_id(OP_BLOCK_MOVE);
    const IrType *t;
    OpError err;
    int changed = 0;
    if (c->nargs != first + n)
        return 0;
    memcpy(args, c->args, c->nargs * sizeof *args);
    for (uint32_t k = 0; k < n; k++) {
        const IrExpr *x = c->args[first + k];
        IrKwarg kw[2];
        if (legal_tile_space(L, x) != MS_MAT)
            continue;
        kw[0].key = ir_name(ir, "target_memory");
        kw[0].kind = KW_MEMSPACE;
        kw[0].v.i = into[k];
        kw[1].key = ir_name(ir, "transpose");
        kw[1].kind = KW_BOOL;
        kw[1].v.i = 0;
        if (!(t = op_deduce(ir, move, &x, 1, kw, 2, &err)))
            return 0;
        args[first + k] = bind_new(L, ir_is_var_like(x) ? IR_AS(IrVar, x)->name : "_t", suffix[k],
                                   ir_call(ir, &move->callee, 1, &x, 2, kw, t, a->s.span), a->s.span, out);
        changed = 1;
    }
    if (!changed || !(t = op_deduce(ir, op, args, c->nargs, c->kwargs, c->nkwargs, &err)))
        return 0;
    vec_push(*out, ir_assign(ir, a->var, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, t, c->e.span),
                             a->s.span));
    return 1;
}

/* y = reshape(extract(src, row, col, [1, h]), [h, 1]): a window of one row
 * of Vec tile src read as the column y (assignment a), appended to out
 * after what the caller put there from mark on.  0 (out back at mark)
 * where that extract is not legal (its column offset in whole 32-byte
 * blocks on A2/A3). */
static int row_as_column(Legal *L, const IrAssign *a, const IrCall *c, const IrVar *src, const IrExpr *row,
                         const IrExpr *col, int64_t h, uint32_t mark, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *extract = op_by_id(OP_BLOCK_EXTRACT);
    const IrExpr *args[4], *dims[2];
    const IrType *t;
    char msg[320];
    IrKwarg kw;
    OpError err;
    IrVar *wv;
    Span at = a->s.span;
    dims[0] = ir_dim_const(ir, 1);
    dims[1] = ir_dim_const(ir, h);
    args[0] = &src->e;
    args[1] = row;
    args[2] = col;
    args[3] = ir_make_tuple(ir, 2, dims, at);
    kw.key = ir_name(ir, "target_memory");
    kw.kind = KW_MEMSPACE;
    kw.v.i = MS_VEC;
    if (!(t = op_deduce(ir, extract, args, 4, &kw, 1, &err)) ||
        isa_extract(L->pc->arch, MS_VEC, MS_VEC, src->type, t, msg, sizeof msg) != 0) {
        out->len = mark;
        return 0;
    }
    wv = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_row"), t, at);
    vec_push(*out, ir_assign(ir, wv, ir_call(ir, &extract->callee, 4, args, 1, &kw, t, c->e.span), at));
    vec_push(*out, ir_assign(ir, a->var, legal_reshape(L, &wv->e, h, 1, at), at));
    return 1;
}

/* A window of rows of a Vec column vector x [M, 1] (column-major, which
 * TEXTRACT within Vec does not take): the same elements are a window of
 * columns of its row form [1, M] (the same bytes), so that window is
 * extracted there and read back as a column:
 *   x_row = reshape(x, [1, M]); w = extract(x_row, 0, r, [1, h]);
 *   y = reshape(w, [h, 1]).
 * 0 (nothing added) when the window is not of that form or the row's
 * extract is not legal either (its column offset in whole 32-byte
 * blocks on A2/A3), which the caller then reports. */
static int column_window(Legal *L, const IrAssign *a, const IrCall *c, const IrMakeTuple *off, StmtList *out)
{
    IrCtx *ir = L->ir;
    const IrType *rt = a->var->type;
    const IrExpr *row;
    int64_t m = legal_column_rows(ir_expr_type(ir, c->args[0])), h, w, col;
    uint32_t mark = out->len;
    IrVar *rv;
    Span at = a->s.span;
    if (rt->kind != TYPE_TILE || rt->n != 2 || !ir_dim_value(rt->dims[0], &h) || !ir_dim_value(rt->dims[1], &w) ||
        w != 1 || !ir_dim_value(off->elems[1], &col) || col != 0 || (rt->tile_view && rt->tile_view->nvalid))
        return 0;
    row = legal_reshape(L, c->args[0], 1, m, at);
    rv = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_src_row"), ir_expr_type(ir, row), at);
    vec_push(*out, ir_assign(ir, rv, row, at));
    return row_as_column(L, a, c, rv, ir_const_int(ir, 0, DT_INT64, at), off->elems[0], h, mark, out);
}

/* A column [h, 1] of a row-major Vec tile x [M, N] (N > 1): a column
 * vector is column-major, which TEXTRACT within Vec does not write, and
 * a column of x is a row of its transpose.  So
 *   x_t = transpose(x); w = extract(x_t, c, r, [1, h]);
 *   y = reshape(w, [h, 1]).
 * 0 (nothing added) where the window is not one column or the row's
 * extract is not legal (its column offset r in whole 32-byte blocks on
 * A2/A3). */
static int column_of_rows(Legal *L, const IrAssign *a, const IrCall *c, const IrMakeTuple *off, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *trans = op_by_id(OP_BLOCK_TRANSPOSE);
    const IrType *x = ir_expr_type(ir, c->args[0]), *t, *rt = a->var->type;
    const IrExpr *args[3];
    int64_t h, w, n;
    uint32_t mark = out->len;
    OpError err;
    IrVar *tv;
    Span at = a->s.span;
    if (rt->kind != TYPE_TILE || rt->n != 2 || !ir_dim_value(rt->dims[0], &h) || !ir_dim_value(rt->dims[1], &w) ||
        w != 1 || h < 2 || !ir_dim_value(x->dims[1], &n) || n < 2 || (rt->tile_view && rt->tile_view->nvalid) ||
        (x->tile_view && (x->tile_view->nvalid || x->tile_view->blayout == TL_COL_MAJOR)))
        return 0;
    args[0] = c->args[0];
    args[1] = ir_const_int(ir, 0, DT_INT64, at);
    args[2] = ir_const_int(ir, 1, DT_INT64, at);
    if (!(t = op_deduce(ir, trans, args, 3, NULL, 0, &err)))
        return 0;
    tv = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_src_t"), t, at);
    vec_push(*out, ir_assign(ir, tv, ir_call(ir, &trans->callee, 3, args, 0, NULL, t, at), at));
    return row_as_column(L, a, c, tv, off->elems[1], off->elems[0], h, mark, out);
}

/* tile.slice(x, shape, offset) of a 2-D Vec tile: the window copied into
 * a tile of its own (block.extract, TEXTRACT within Vec).  The IR's view
 * is a value, so a copy computes it; PTOAS's pto.subview would alias the
 * parent instead, but pto-isa's instructions read every operand with the
 * destination's row stride (cpu/TAdd.hpp and the rest), so a window of a
 * wider parent cannot be an operand there. */
static int view_as_extract(Legal *L, const IrAssign *a, const IrCall *c, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *extract = op_by_id(OP_BLOCK_EXTRACT);
    const IrType *x = ir_expr_type(ir, c->args[0]), *t;
    const IrExpr *args[4];
    const IrMakeTuple *off;
    char msg[320];
    IrKwarg kw;
    OpError err;
    int space = ir_tile_space(x);
    if (c->nargs < 3 || x->kind != TYPE_TILE || x->n != 2 || c->args[2]->kind != EXPR_MAKE_TUPLE)
        return 0;
    off = IR_AS(IrMakeTuple, c->args[2]);
    if (off->n != 2)
        return 0;
    if (space == MS_VEC && legal_column_rows(x) && column_window(L, a, c, off, out))
        return 1;
    if (space == MS_VEC && !legal_column_rows(x) && column_of_rows(L, a, c, off, out))
        return 1;
    if (isa_extract(L->pc->arch, space, space, x, a->var->type, msg, sizeof msg) != 0) {
        diag_error(L->pc->diag, c->e.span, "tile.slice copies its window (TEXTRACT), and %s", msg);
        L->failed = 1;   /* the statement is left out: the pass fails */
        return 1;
    }
    args[0] = c->args[0];
    args[1] = off->elems[0];
    args[2] = off->elems[1];
    args[3] = c->args[1];
    kw.key = ir_name(ir, "target_memory");
    kw.kind = KW_MEMSPACE;
    kw.v.i = space;
    if (!(t = op_deduce(ir, extract, args, 4, &kw, 1, &err)))
        return 0;
    if (t == a->var->type) {
        vec_push(*out, ir_assign(ir, a->var, ir_call(ir, &extract->callee, 4, args, 1, &kw, t, c->e.span), a->s.span));
        return 1;
    }
    /* A view valid in part: the window copied whole, then given the
     * view's valid shape (block.set_validshape, no data moves). */
    {
        const OpDef *setv = op_by_id(OP_BLOCK_SET_VALIDSHAPE);
        const IrType *vt = a->var->type;
        const IrExpr *sa[3];
        const IrType *st;
        if (vt->n != 2 || !vt->tile_view || vt->tile_view->nvalid != 2)
            return 0;
        sa[0] = ir_call(ir, &extract->callee, 4, args, 1, &kw, t, c->e.span);
        sa[1] = vt->tile_view->valid_shape[0];
        sa[2] = vt->tile_view->valid_shape[1];
        if (!(st = op_deduce(ir, setv, sa, 3, NULL, 0, &err)) || st != vt)
            return 0;
        sa[0] = bind_new(L, a->var->name, "_window", sa[0], a->s.span, out);
        vec_push(*out, ir_assign(ir, a->var, ir_call(ir, &setv->callee, 3, sa, 0, NULL, st, c->e.span), a->s.span));
        return 1;
    }
}

/* tile.read / tile.write at one index per dimension of a 2-D tile: at
 * the one flat offset of that element in the tile's buffer instead, which
 * is what the instructions take (pto.tgetval/tsetval, Tile::GetValue and
 * SetValue): i * cols + j, or j * rows + i in a column-major tile. */
static int element_flat(Legal *L, const IrAssign *a, const IrCall *c, StmtList *out)
{
    IrCtx *ir = L->ir;
    const IrType *t = ir_expr_type(ir, c->args[0]);
    const IrExpr *args[3], *idx[1], *flat, *major, *minor;
    const IrMakeTuple *ix;
    int64_t stride, v0, v1;
    int col = t->tile_view && t->tile_view->blayout == TL_COL_MAJOR;
    DataType dt;
    if (t->kind != TYPE_TILE || t->n != 2 || c->args[1]->kind != EXPR_MAKE_TUPLE ||
        IR_AS(IrMakeTuple, c->args[1])->n != 2 || !ir_dim_value(t->dims[col ? 0 : 1], &stride))
        return 0;
    ix = IR_AS(IrMakeTuple, c->args[1]);
    major = ix->elems[col ? 1 : 0];
    minor = ix->elems[col ? 0 : 1];
    if (ir_dim_value(major, &v0) && ir_dim_value(minor, &v1)) {
        flat = ir_const_int(ir, v0 * stride + v1, DT_INDEX, c->e.span);
    } else {
        dt = (DataType)ir_expr_type(ir, major)->dtype;
        flat = ir_binary(ir, BIN_ADD, dt, ir_binary(ir, BIN_MUL, dt, major, ir_const_int(ir, stride, dt, c->e.span),
                                                    c->e.span), minor, c->e.span);
    }
    idx[0] = flat;
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[1] = ir_make_tuple(ir, 1, idx, c->e.span);
    vec_push(*out, ir_assign(ir, a->var, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, c->type,
                                                 c->e.span), a->s.span));
    return 1;
}

/* A column broadcast of a [1, N] vector valid in more columns than the
 * target: the instruction reads only the target's valid columns, and
 * PTOAS's tcolexpand asks for equal valid columns on both, so the vector
 * is read through a view with that many (block.set_validshape, no data
 * moves). */
static int col_vec_narrowed(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    const IrType *vt, *rt = a->var->type, *t;
    const IrExpr *const *vv, *const *rv;
    const IrExpr *args[3];
    const OpDef *narrow = op_by_id(OP_BLOCK_SET_VALIDSHAPE);
    int64_t vcols, rcols;
    OpError err;
    if (c->nargs != 2 || rt->kind != TYPE_TILE || rt->n != 2 || (vt = ir_expr_type(ir, c->args[1]))->kind != TYPE_TILE ||
        vt->n != 2)
        return 0;
    vv = ir_tile_valid_dims(vt);
    rv = ir_tile_valid_dims(rt);
    if (!ir_dim_value(vv[1], &vcols) || !ir_dim_value(rv[1], &rcols) || vcols <= rcols)
        return 0;
    args[0] = c->args[1];
    args[1] = vv[0];
    args[2] = ir_const_int(ir, rcols, DT_INDEX, a->s.span);
    if (!(t = op_deduce(ir, narrow, args, 3, NULL, 0, &err)))
        return 0;
    args[1] = bind_new(L, ir_is_var_like(args[0]) ? IR_AS(IrVar, args[0])->name : "_t", "_cols",
                       ir_call(ir, &narrow->callee, 3, args, 0, NULL, t, a->s.span), a->s.span, out);
    args[0] = c->args[0];
    if (!(t = op_deduce(ir, op, args, 2, c->kwargs, c->nkwargs, &err)))
        return 0;
    vec_push(*out, ir_assign(ir, a->var, ir_call(ir, c->callee, 2, args, c->nkwargs, c->kwargs, t, c->e.span),
                             a->s.span));
    return 1;
}

/* y = extract(x, r, c, [h, 1]) within Vec, a column that TEXTRACT does
 * not write (a column vector is column-major): the rewrites of the same
 * window taken by tile.slice.  0 where the extract is legal as it is or
 * the window is of no such form. */
static int extract_as_column(Legal *L, const IrAssign *a, const IrCall *c, StmtList *out)
{
    const IrType *x = c->nargs == 4 ? ir_expr_type(L->ir, c->args[0]) : NULL;
    const IrExpr *elems[2];
    const IrMakeTuple *off;
    char msg[320];
    if (!x || x->kind != TYPE_TILE || x->n != 2 || ir_tile_space(x) != MS_VEC || ir_tile_space(a->var->type) != MS_VEC ||
        isa_extract(L->pc->arch, MS_VEC, MS_VEC, x, a->var->type, msg, sizeof msg) == 0)
        return 0;
    elems[0] = c->args[1];
    elems[1] = c->args[2];
    off = IR_AS(IrMakeTuple, ir_make_tuple(L->ir, 2, elems, c->e.span));
    if (legal_column_rows(x))
        return column_window(L, a, c, off, out);
    return column_of_rows(L, a, c, off, out);
}

int legal_rewrite_op(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    uint32_t mark = out->len;
    if ((op->id == OP_BLOCK_READ || op->id == OP_BLOCK_WRITE) && element_flat(L, a, c, out))
        return 1;
    if (op->id == OP_BLOCK_VIEW && view_as_extract(L, a, c, out))
        return 1;
    if (op->id == OP_BLOCK_EXTRACT && extract_as_column(L, a, c, out))
        return 1;
    if (op->cls == OPCL_REDUCE && reduce_keepdim(L, a, c, op, out))
        return 1;
    if ((op->id == OP_BLOCK_MATMUL || op->id == OP_BLOCK_MATMUL_ACC || op->id == OP_BLOCK_MATMUL_BIAS) &&
        matmul_operands(L, a, c, op, out))
        return 1;
    out->len = mark;
    if ((op->cls == OPCL_COL_EXPAND || op->cls == OPCL_COL_EXPAND_OP) && col_vec_narrowed(L, a, c, op, out))
        return 1;
    out->len = mark;
    return rewrite_target(L, a, c, op, out);
}

/* The signed integer type of unsigned dt's width. */
static DataType signed_twin(DataType dt)
{
    switch (dt) {
    case DT_UINT8: return DT_INT8;
    case DT_UINT16: return DT_INT16;
    case DT_UINT32: return DT_INT32;
    case DT_UINT64: return DT_INT64;
    default: return dt;
    }
}

/* y = expands(t, s) or full(..., dtype=U, ...) of an unsigned type U,
 * which PTOAS's texpands cannot spell: its scalar must have the tile's
 * element type and be signless (PTOAS e32488c9 TExpandsOp: "expects
 * scalar type == dst element type", "operand #0 must be numeric"), and
 * arith has no unsigned values.  So the fill is of the signed view of the
 * same bytes, y' = expands(view(t, S), s), y = view(y', U): one bit
 * pattern either way.  0 when that does not type-check. */
static int fill_signed(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *view = op_by_id(OP_BLOCK_REINTERPRET_VIEW);
    DataType u = (DataType)a->var->type->dtype, sdt = signed_twin(u);
    const IrExpr *args[4];
    IrKwarg kw, kws[4];
    const IrType *t;
    OpError err;
    IrVar *y;
    Span at = a->s.span;
    uint32_t mark = out->len;
    if (sdt == u || c->nargs > 4 || c->nkwargs > 4)
        return 0;
    if (c->nargs)
        memcpy(args, c->args, c->nargs * sizeof *args);
    if (c->nkwargs)
        memcpy(kws, c->kwargs, c->nkwargs * sizeof *kws);
    kw.key = ir_name(ir, "dtype");
    kw.kind = KW_DTYPE;
    kw.v.i = sdt;
    if (op->id == OP_BLOCK_EXPANDS) {
        IrVar *x;
        if (!(t = op_deduce(ir, view, c->args, 1, &kw, 1, &err)))
            return 0;
        x = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_signed_dst"), t, at);
        vec_push(*out, ir_assign(ir, x, ir_call(ir, &view->callee, 1, c->args, 1, &kw, t, at), at));
        args[0] = &x->e;
    } else {
        for (uint32_t k = 0; k < c->nkwargs; k++)
            if (kws[k].kind == KW_DTYPE && strcmp(kws[k].key, "dtype") == 0)
                kws[k].v.i = sdt;
    }
    /* The value, as the signed number of its bits: a constant wrapped, a
     * variable cast (which keeps the bits). */
    for (uint32_t i = op->id == OP_BLOCK_EXPANDS; i < c->nargs; i++) {
        const IrType *xt = ir_expr_type(ir, args[i]);
        if (xt->kind != TYPE_SCALAR || !dtype_is_int((DataType)xt->dtype))
            continue;
        if (args[i]->kind == EXPR_CONST_INT) {
            uint64_t bits = (uint64_t)IR_AS(IrConstInt, args[i])->value;
            int w = dtype_bits(sdt);
            if (w < 64) {
                bits &= (UINT64_C(1) << w) - 1;
                if (bits >> (w - 1))
                    bits |= ~((UINT64_C(1) << w) - 1);
            }
            args[i] = ir_const_int(ir, (int64_t)bits, sdt, args[i]->span);
        } else if (xt->dtype != sdt) {
            args[i] = ir_unary(ir, UN_CAST, sdt, args[i], args[i]->span);
        }
    }
    if (!(t = op_deduce(ir, op, args, c->nargs, kws, c->nkwargs, &err)) || t->kind != TYPE_TILE || t->dtype != sdt)
        goto fail;
    y = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_signed"), t, at);
    vec_push(*out, ir_assign(ir, y, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, kws, t, c->e.span), at));
    if (!legal_view_as(L, a, &y->e, out))
        goto fail;
    return 1;
fail:
    out->len = mark;
    return 0;
}

/* The rewrites of one op into others the target has, per target. */
static int rewrite_target(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    Span at = a->s.span;
    if (op->id == OP_BLOCK_ABS && dtype_is_int((DataType)a->var->type->dtype)) {
        const OpDef *neg = op_by_id(OP_BLOCK_NEG), *mx = op_by_id(OP_BLOCK_MAXIMUM);
        unsigned bit = dtype_set_bit((DataType)a->var->type->dtype);
        const IrExpr *args[2];
        OpError err;
        const IrType *t;
        IrVar *n;
        if (!(legal_allowed_dtypes(L, neg) & bit) || !(legal_allowed_dtypes(L, mx) & bit) ||
            !(t = op_deduce(ir, neg, c->args, 1, NULL, 0, &err)))
            return 0;
        n = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_neg"), t, at);
        vec_push(*out, ir_assign(ir, n, ir_call(ir, &neg->callee, 1, c->args, 0, NULL, t, at), at));
        args[0] = c->args[0];
        args[1] = &n->e;
        if (!(t = op_deduce(ir, mx, args, 2, NULL, 0, &err)))
            ICE("legalize: max(x, -x) did not type-check: %s", err.msg);
        vec_push(*out, ir_assign(ir, a->var, ir_call(ir, &mx->callee, 2, args, 0, NULL, t, c->e.span), at));
        return 1;
    }
    if ((op->id == OP_BLOCK_EXPANDS || op->id == OP_BLOCK_FULL) &&
        dtype_is_unsigned_int((DataType)a->var->type->dtype))
        return fill_signed(L, a, c, op, out);
    if (op->id == OP_BLOCK_STORE && c->nargs == 4) {
        /* A store into a tensor of another element type: the values are
         * converted, and a Vec or Mat store copies bits of one width
         * (PTOAS: "src and dst element types to have the same bitwidth"),
         * so convert them first.  From Acc, the FIX pipe converts. */
        const IrType *tt = ir_expr_type(ir, c->args[0]), *ot = ir_expr_type(ir, c->args[3]);
        const IrExpr *x;
        int space;
        if (tt->kind != TYPE_TILE || ot->kind != TYPE_TENSOR || tt->dtype == ot->dtype)
            return 0;
        space = ir_tile_space(tt);
        if (space == MS_ACC)
            return 0;
        if (space != MS_VEC) {
            /* Only the vector pipe converts; a cast here would make a cube
             * kernel mixed.  Same-width types are PTOAS's reinterpretation. */
            if (dtype_bits((DataType)tt->dtype) != dtype_bits((DataType)ot->dtype))
                diag_error(L->pc->diag, c->e.span,
                           "a %s tile of %s elements cannot be stored into a tensor of %s: only the vector pipe "
                           "converts element types (store a Vec tile, or the accumulator of a matmul)",
                           memspace_name(space), dtype_name((DataType)tt->dtype), dtype_name((DataType)ot->dtype));
            return 0;
        }
        x = legal_bind_typed(L, c->args[0], legal_cast(L, c->args[0], (DataType)ot->dtype, at), (DataType)ot->dtype,
                             at, out);
        vec_push(*out, ir_assign(ir, a->var, with_arg(L, c, 0, x), at));
        return 1;
    }
    {
        uint32_t k = (uint32_t)op_traits(op)->writes_arg;
        const IrType *rt = a->var->type, *want;
        const IrExpr *tmp;
        IrVar *v;
        if (legal_tmp_fits(L, c, op, rt, &want))
            return 0;
        tmp = legal_scratch_tile(L, want, (DataType)want->dtype, at);
        v = ir_var_new(ir, legal_fresh_name(L, a->var->name, op_traits(op)->tmp == TMP_MASK ? "_mask" : "_tmp"),
                       ir_expr_type(ir, tmp), at);
        vec_push(*out, ir_assign(ir, v, tmp, at));
        vec_push(*out, ir_assign(ir, a->var, with_arg(L, c, k, &v->e), at));
        return 1;
    }
    return 0;
}

/* The scratch tile op's instruction takes for a result of type rt (its
 * TmpRule): rt's shape and element type, and for a mask (TPRELU) ui8
 * elements on A2/A3, in one row more than the result and rows of whole
 * 32-byte blocks: the A2/A3 TPRELU reads its select mask from the row
 * after the result's (PTOAS e32488c9 TPReluOp::verify, "tmp shape[0] to be
 * at least dst valid_shape[0] + 1"; pto-isa 3186c381 npu/a2a3/TPrelu.hpp
 * asserts tmp valid rows > dst valid rows).  NULL when rt has no static
 * 2-D shape to shape a mask like. */
static const IrType *tmp_wanted(const Legal *L, const IrCall *c, const OpDef *op, const IrType *rt)
{
    IrCtx *ir = L->ir;
    const IrType *t = ir_expr_type(ir, c->args[op_traits(op)->writes_arg]);
    const IrExpr *dims[2];
    int64_t rows = 1, cols;
    if (op_traits(op)->tmp == TMP_RESULT_WORDS) {
        int64_t bytes;
        if (dtype_bytes((DataType)rt->dtype) == 4)
            return ir_type_with_dtype(ir, rt, (DataType)rt->dtype);
        if (rt->n < 1 || rt->n > 2 || (rt->n == 2 && !ir_dim_value(rt->dims[0], &rows)) ||
            !ir_dim_value(rt->dims[rt->n - 1], &cols) || (bytes = cols * (int64_t)dtype_bytes((DataType)rt->dtype)) % 4)
            return NULL;
        dims[0] = ir_const_int(ir, rows, DT_INT64, c->e.span);
        dims[1] = ir_const_int(ir, bytes / 4, DT_INT64, c->e.span);
        return ir_type_tile(ir, DT_UINT32, 2, dims, NULL, NULL);
    }
    if (op_traits(op)->tmp == TMP_SCALAR_SLOT) {
        /* one row of the result (PTOAS e32488c9 TSelsOp on A2/A3: "tmp
         * to have the same element type as src and dst", "tmp capacity to
         * be at least" a row's bytes), in whole 32-byte blocks */
        int64_t per = 32 / dtype_bytes((DataType)rt->dtype);
        if (rt->n < 1 || !ir_dim_value(rt->dims[rt->n - 1], &cols))
            return NULL;
        dims[0] = ir_const_int(ir, 1, DT_INT64, c->e.span);
        dims[1] = ir_const_int(ir, (cols + per - 1) / per * per, DT_INT64, c->e.span);
        return ir_type_tile(ir, (DataType)rt->dtype, 2, dims, NULL, NULL);
    }
    if (op_traits(op)->tmp == TMP_ARG_BLOCKS) {
        /* three gaps of the source's elements: a repeat (256 bytes) each
         * where the valid columns fill one, else the valid columns in
         * whole 32-byte blocks (npu/a2a3/TColReduceIdx.hpp) */
        const IrType *src = ir_expr_type(ir, c->args[0]);
        int64_t size = dtype_bytes((DataType)src->dtype), gap;
        if (src->kind != TYPE_TILE || src->n != 2 ||
            !(ir_dim_value(ir_tile_valid_dims(src)[1], &cols) || ir_dim_value(src->dims[1], &cols)))
            return NULL;
        gap = cols >= 256 / size ? 256 / size : (cols + 32 / size - 1) / (32 / size) * (32 / size);
        dims[0] = ir_const_int(ir, 1, DT_INT64, c->e.span);
        dims[1] = ir_const_int(ir, 3 * gap, DT_INT64, c->e.span);
        return ir_type_tile(ir, (DataType)src->dtype, 2, dims, NULL, NULL);
    }
    if (op_traits(op)->tmp == TMP_ROW_BLOCKS) {
        /* a 32-byte block per row, the rows in whole 8s, 240 of them from
         * 256 rows on (PTOAS: ceil(rows / 8) * 256 bytes, else 30 * 256) */
        if (rt->n != 2 || !ir_dim_value(ir_tile_valid_dims(rt)[0], &rows))
            return NULL;
        dims[0] = ir_const_int(ir, rows >= 256 ? 240 : (rows + 7) / 8 * 8, DT_INT64, c->e.span);
        dims[1] = ir_const_int(ir, 32 / dtype_bytes((DataType)rt->dtype), DT_INT64, c->e.span);
        return ir_type_tile(ir, (DataType)rt->dtype, 2, dims, NULL, NULL);
    }
    if (op_traits(op)->tmp == TMP_LIKE_INDICES)
        return ir_type_with_dtype(ir, rt, (DataType)ir_expr_type(ir, c->args[1])->dtype);
    if (op_traits(op)->tmp != TMP_MASK)
        return ir_type_with_dtype(ir, rt, (DataType)rt->dtype);
    if (L->pc->arch != ARCH_A2A3) {
        /* A5's TPRELU takes any tmp (pto-isa npu/a5/TPrelu.hpp reads none):
         * the user's element type where that makes a legal tile of the
         * result's shape (the target's layout rule), else the result's */
        const IrType *w = ir_type_with_dtype(ir, rt, t->kind == TYPE_TILE ? (DataType)t->dtype : DT_UINT8);
        char msg[256];
        if (rt->n >= 1 && rt->n <= 2 && (rt->n == 1 || ir_dim_value(rt->dims[0], &rows)) &&
            ir_dim_value(rt->dims[rt->n - 1], &cols) &&
            isa_tile_layout(w, "tmp", rows, cols, TL_ROW_MAJOR, TL_NONE_BOX, 512, msg, sizeof msg) != 0)
            w = ir_type_with_dtype(ir, rt, (DataType)rt->dtype);
        return w;
    }
    if (rt->n < 1 || rt->n > 2 || (rt->n == 2 && !ir_dim_value(rt->dims[0], &rows)) ||
        !ir_dim_value(rt->dims[rt->n - 1], &cols))
        return NULL;
    dims[0] = ir_const_int(ir, rows + 1, DT_INT64, c->e.span);
    dims[1] = ir_const_int(ir, (cols + 31) / 32 * 32, DT_INT64, c->e.span);
    return ir_type_tile(ir, DT_UINT8, 2, dims, NULL, NULL);
}

/* The user's scratch of a TMP_SCALAR_SLOT or TMP_ARG_BLOCKS op: on A2/A3
 * a Vec tile of want's element type and at least its bytes that is none
 * of the operands before it, which the instruction reads while it writes
 * the scratch (pypto's tsels codegen: "tmp not to overlap mask or src");
 * A5's TSELS and TCOLARGMAX read no scratch (pto-isa 3186c381
 * npu/a5/TSels.hpp, TColReduceIdx.hpp), and PTOAS takes any tile there
 * (the deduction has fixed an arg reduction's element type). */
static int capacity_fits(const Legal *L, const IrCall *c, const OpDef *op, const IrType *t, const IrType *want)
{
    const IrExpr *tmp = c->args[op_traits(op)->writes_arg];
    if (t->kind != TYPE_TILE)
        return 0;
    if (L->pc->arch != ARCH_A2A3)
        return 1;
    if (ir_tile_space(t) != MS_VEC || t->dtype != want->dtype || isa_tile_bytes(L->pc->arch, t, MS_VEC) < isa_tile_bytes(L->pc->arch, want, MS_VEC))
        return 0;
    for (uint32_t k = 0; k < (uint32_t)op_traits(op)->writes_arg; k++)
        if (c->args[k] == tmp)   /* the same variable: after FlattenCallExpr, a use is the IrVar */
            return 0;
    return 1;
}

int legal_tmp_fits(const Legal *L, const IrCall *c, const OpDef *op, const IrType *rt, const IrType **want)
{
    const IrType *t;
    if (op_traits(op)->tmp == TMP_NONE || (uint32_t)op_traits(op)->writes_arg >= c->nargs || rt->kind != TYPE_TILE ||
        ir_type_byte_size(rt) == 0 || !(*want = tmp_wanted(L, c, op, rt)))
        return 1;   /* no scratch argument, or no static result to shape one like */
    t = ir_expr_type(L->ir, c->args[op_traits(op)->writes_arg]);
    if (op_traits(op)->tmp == TMP_SCALAR_SLOT || op_traits(op)->tmp == TMP_ARG_BLOCKS ||
        op_traits(op)->tmp == TMP_ROW_BLOCKS)
        return capacity_fits(L, c, op, t, *want);
    if (t->kind != TYPE_TILE || t->dtype != (*want)->dtype || ir_tile_space(t) != MS_VEC || t->n != (*want)->n)
        return 0;
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t x, y, v;
        /* the whole tile valid: the instruction reads the scratch tile's
         * valid shape (PTOAS checks tmp valid_shape against dst's) */
        if (!ir_dim_value(t->dims[d], &x) || !ir_dim_value((*want)->dims[d], &y) || x != y ||
            !ir_dim_value(ir_tile_valid_dims(t)[d], &v) || v != x)
            return 0;
    }
    return 1;
}
