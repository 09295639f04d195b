/* tensor_ops.c: one tensor op as block ops, for ConvertTensorToBlockOps.
 *
 *  - A tensor op becomes the block op the op table names (.block), by
 *    that op's class.  Elementwise ops (unary, tile-scalar, two tiles)
 *    work on operands of the result's data type: an operand of another
 *    type is cast first (the block ops do not convert).  Operands of the
 *    result's shape use the plain op; a row vector [M, 1] or a column
 *    vector [1, N] uses the fused broadcast op where the table gives one
 *    (.row_form, .col_form) and is otherwise expanded to the full shape
 *    first (a zero tile plus row_expand_add, or col_expand into a zero
 *    tile).  A 1-D operand of a 2-D op is a row vector [1, N].
 *  - Row reductions take a scratch tile of the input's shape.
 *  - Matrix multiplies are tensor_matmul.c's. */
#include "config.h"
#include "passes/2_tensor/tensor_conv.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- emitting */

void tc_error(TcEmit *e, Span at, const char *fmt, ...)
{
    va_list ap;
    e->failed = 1;
    if (!e->report)
        return;
    va_start(ap, fmt);
    diag_verror(e->pc->diag, at, fmt, ap);
    va_end(ap);
}

const IrExpr *tc_emit_op(TcEmit *e, OpId op, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                         const TcKw *kw)
{
    OpError err;
    const IrExpr *c = tc_op(e->ir, op, nargs, args, nkw, kw, e->at, &err);
    char name[64];
    if (!c) {
        /* Most deduction messages name the op already ("'pl.block.load': ..."). */
        int named = snprintf(name, sizeof name, "'pl.%s'", op_name(op_by_id(op))) > 0 &&
                    strncmp(err.msg, name, strlen(name)) == 0;
        tc_error(e, e->at, "%s%s%scannot be converted to block ops: %s%s%s", e->what ? "'" : "",
                 e->what ? e->what : "", e->what ? "' " : "", named ? "" : name, named ? "" : " ", err.msg);
    }
    return c;
}

const IrExpr *tc_emit(TcEmit *e, const char *name, OpId op, uint32_t nargs, const IrExpr *const *args,
                      uint32_t nkw, const TcKw *kw)
{
    const IrExpr *c = tc_emit_op(e, op, nargs, args, nkw, kw);
    return c ? &tc_let(e->ir, e->out, name, c, e->at)->e : NULL;
}

static const IrType *type_of(TcEmit *e, const IrExpr *x) { return ir_expr_type(e->ir, x); }

static const char *fresh(TcEmit *e, const char *name, const char *what) { return tc_fresh2(e->names, name, what); }

/* --------------------------------------------------------------- shapes */

/* Rows and columns of a tile: a 1-D tile [N] is a row [1, N]. */
static void rc(const IrType *t, int64_t *r, int64_t *c)
{
    *r = t->n == 2 ? tc_dim(t, 0) : 1;
    *c = tc_dim(t, t->n - 1);
}

static const IrExpr *shape_tuple(TcEmit *e, const IrType *t) { return tc_tuple(e->ir, t->n, t->dims); }

/* A tile of a shape (a tuple) filled with value (block.full). */
static const IrExpr *filled(TcEmit *e, const IrExpr *shape, DataType dt, int64_t value, const char *name,
                            const char *what)
{
    const IrExpr *args[2] = {shape, ir_const_float(e->ir, (double)value, DT_FP32, span_unknown())};
    TcKw kw = {"dtype", dt};
    if (dtype_is_int(dt) || dt == DT_BOOL)
        args[1] = ir_const_int(e->ir, value, DT_INT64, span_unknown());
    return tc_emit(e, fresh(e, name, what), OP_BLOCK_FULL, 2, args, 1, &kw);
}

static const IrExpr *zeros(TcEmit *e, int64_t rows, int64_t cols, DataType dt, const char *name)
{
    const IrExpr *dims[2] = {tc_int(e->ir, rows), tc_int(e->ir, cols)};
    return filled(e, tc_tuple(e->ir, 2, dims), dt, 0, name, "_zero");
}

static const IrExpr *cast_to(TcEmit *e, const IrExpr *t, DataType dt, const char *name)
{
    TcKw kw[2] = {{"target_type", dt}, {"mode", 2}};
    if (!t || type_of(e, t)->dtype == dt)
        return t;
    /* Integer to float and float widening are exact in every mode; the
     * reference's default (round) is the cast mode otherwise. */
    return tc_emit(e, fresh(e, name, "_cast"), OP_BLOCK_CAST, 1, &t, 2, kw);
}

/* A 1-D tile as a row [1, N]. */
static const IrExpr *as_row(TcEmit *e, const IrExpr *t, const char *name)
{
    const IrType *ty = type_of(e, t);
    const IrExpr *dims[2], *args[2];
    if (!t || ty->n != 1)
        return t;
    dims[0] = tc_int(e->ir, 1);
    dims[1] = ty->dims[0];
    args[0] = t;
    args[1] = tc_tuple(e->ir, 2, dims);
    return tc_emit(e, fresh(e, name, "_row"), OP_BLOCK_RESHAPE, 2, args, 0, NULL);
}

/* The vector v ([R, 1] or [1, C]) broadcast to [R, C].  A column vector
 * expands into the shape of `donor` when it is [R, C] (col_expand only
 * takes the shape of its target); a row vector is added to zeros. */
static const IrExpr *expand(TcEmit *e, const IrExpr *v, int64_t r, int64_t c, const IrExpr *donor, const char *name)
{
    const IrType *t = type_of(e, v);
    int64_t vr, vc, dr = 0, dc = 0;
    const IrExpr *z, *args[2];
    rc(t, &vr, &vc);
    if (vr == r && vc == c)
        return v;
    if (donor)
        rc(type_of(e, donor), &dr, &dc);
    if (vr == 1 && vc == c && donor && dr == r && dc == c && type_of(e, donor)->dtype == t->dtype) {
        args[0] = donor;
        args[1] = v;
        return tc_emit(e, fresh(e, name, "_bcast"), OP_BLOCK_COL_EXPAND, 2, args, 0, NULL);
    }
    if (!(z = zeros(e, r, c, (DataType)t->dtype, name)))
        return NULL;
    args[0] = z;
    args[1] = v;
    if (vr == r && vc == 1)
        return tc_emit(e, fresh(e, name, "_bcast"), OP_BLOCK_ROW_EXPAND_ADD, 2, args, 0, NULL);
    if (vr == 1 && vc == c)
        return tc_emit(e, fresh(e, name, "_bcast"), OP_BLOCK_COL_EXPAND, 2, args, 0, NULL);
    tc_error(e, e->at, "'%s' cannot be converted: a [%" PRId64 ", %" PRId64 "] operand does not broadcast to [%" PRId64
             ", %" PRId64 "] with the block ops' row and column expansions",
             e->what ? e->what : "the op", vr, vc, r, c);
    return NULL;
}

/* ----------------------------------------------------------- elementwise */

/* A tensor op whose block op is elementwise on two tiles (b): operands of
 * the result's shape use b; a vector right operand uses b's fused
 * broadcast (the op table's row_form, col_form) where it has one, and is
 * expanded otherwise; a vector left operand swaps with a full right one
 * when b commutes. */
static const IrExpr *lower_binary(TcEmit *e, const OpDef *b, const IrExpr *l, const IrExpr *r, DataType dt,
                                  const TcKw *precise, const char *name)
{
    int64_t lr, lc, rr, rcn, orow, ocol;
    const IrType *lt, *rt;
    const IrExpr *args[2];
    l = cast_to(e, l, dt, name);
    r = cast_to(e, r, dt, name);
    if (!l || !r)
        return NULL;
    lt = type_of(e, l);
    rt = type_of(e, r);
    if (lt->n == 1 && rt->n == 1) {
        args[0] = l;
        args[1] = r;
        return tc_emit(e, name, (OpId)b->id, 2, args, precise != NULL, precise);
    }
    if (!(l = as_row(e, l, name)) || !(r = as_row(e, r, name)))
        return NULL;
    rc(type_of(e, l), &lr, &lc);
    rc(type_of(e, r), &rr, &rcn);
    orow = lr > rr ? lr : rr;
    ocol = lc > rcn ? lc : rcn;
    if (lr == orow && lc == ocol && !(rr == orow && rcn == ocol)) {
        /* Full left operand, vector right operand: a fused op if there is
         * one (it has no high-precision form). */
        const OpDef *fused = precise ? NULL : op_ref(rr == orow && rcn == 1 ? b->row_form : rr == 1 && rcn == ocol ? b->col_form : 0);
        args[0] = l;
        if (fused) {
            args[1] = r;
            return tc_emit(e, name, (OpId)fused->id, 2, args, 0, NULL);
        }
        if (!(args[1] = expand(e, r, orow, ocol, l, name)))
            return NULL;
        return tc_emit(e, name, (OpId)b->id, 2, args, precise != NULL, precise);
    }
    if (b->commutes && rr == orow && rcn == ocol && !(lr == orow && lc == ocol))
        return lower_binary(e, b, r, l, dt, precise, name);
    if (!(args[0] = expand(e, l, orow, ocol, r, name)) || !(args[1] = expand(e, r, orow, ocol, args[0], name)))
        return NULL;
    return tc_emit(e, name, (OpId)b->id, 2, args, precise != NULL, precise);
}

/* row_max / row_min / row_sum: [.., N] -> [.., 1] with a scratch tile of the input's shape. */
static const IrExpr *lower_row_reduce(TcEmit *e, OpId op, const IrExpr *t, const char *name)
{
    const IrType *ty = type_of(e, t);
    const IrExpr *args[2], *tmp, *r, *dims[1];
    TcKw kw[2] = {{"dtype", ty->dtype}, {"target_memory", MS_VEC}};
    int one_d = ty->n == 1;
    if (one_d && !(t = as_row(e, t, name)))
        return NULL;
    ty = type_of(e, t);
    args[0] = shape_tuple(e, ty);
    if (!(tmp = tc_emit(e, fresh(e, name, "_tmp"), OP_BLOCK_CREATE_TILE, 1, args, 2, kw)))
        return NULL;
    args[0] = t;
    args[1] = tmp;
    if (!one_d)
        return tc_emit(e, name, op, 2, args, 0, NULL);
    /* A 1-D input gives a [1] result: the [1, 1] row reshaped. */
    if (!(r = tc_emit(e, fresh(e, name, "_row"), op, 2, args, 0, NULL)))
        return NULL;
    dims[0] = tc_int(e->ir, 1);
    args[0] = r;
    args[1] = tc_tuple(e->ir, 1, dims);
    return tc_emit(e, name, OP_BLOCK_RESHAPE, 2, args, 0, NULL);
}

/* The block op's longer form, given the keyword it is selected_by
 * (high_precision=True): its scratch tile has the operand's type
 * (tensor.rsqrt -> tile.rsqrt(src, tmp), as pypto's
 * op_conversion_registry.cpp does). */
static const IrExpr *lower_with_scratch(TcEmit *e, const OpDef *op, const IrExpr *t, const char *name)
{
    const IrType *ty = type_of(e, t);
    const IrExpr *args[2], *tmp;
    TcKw kw[2] = {{"dtype", ty->dtype}, {"target_memory", MS_VEC}};
    args[0] = shape_tuple(e, ty);
    if (!(tmp = tc_emit(e, fresh(e, name, "_tmp"), OP_BLOCK_CREATE_TILE, 1, args, 2, kw)))
        return NULL;
    args[0] = t;
    args[1] = tmp;
    return tc_emit(e, name, (OpId)op->id, 2, args, 0, NULL);
}

/* index (a tile of R rows of K column indices, INT32 or INT16) plus each
 * row's offset into a tile of C columns, r * C (what pypto's A5 lowering
 * computes, op_conversion_registry.cpp), in one of two forms whose every
 * tile has rows of whole 32-byte blocks:
 *  - R a multiple of a block: [1, R] of 0, 1, ... times C, as the column
 *    [R, 1], added along the rows;
 *  - else K a multiple of a block: the sequence 0, 1, ... of R * K
 *    elements as [R, K], divided by K (a right shift when K is a power of
 *    two: TDIVS of integers is a scalar loop on A2/A3) gives each
 *    element its row, times C its offset.
 * Other shapes are refused. */
static const IrExpr *add_row_offsets(TcEmit *e, const IrCall *c, const IrExpr *index, int64_t cols, const char *name)
{
    DataType it = (DataType)type_of(e, index)->dtype;
    const IrExpr *args[2], *dims[2], *seq, *off;
    TcKw kw[2] = {{"dtype", it}, {"target_memory", MS_VEC}};
    int64_t per_block = 32 / dtype_bytes(it), rows, k, shift = 0;
    int by_rows;
    rc(type_of(e, index), &rows, &k);
    if (rows < 0 || k < 0) {
        tc_error(e, e->at, "'pl.%s' is converted to block ops for indices of a constant shape", c->callee->name);
        return NULL;
    }
    if (rows <= 1)
        return index;
    by_rows = rows % per_block == 0;
    /* INT16 offsets: the sequence must stay below 32768. */
    if (!by_rows && (k % per_block != 0 || (dtype_bytes(it) == 2 && rows * k > 32768))) {
        tc_error(e, e->at, "'pl.%s' is converted to block ops for blocks of 1 row, a multiple of %" PRId64
                 " rows or rows of a multiple of %" PRId64 " indices, not %" PRId64 " rows of %" PRId64
                 " (the rows' offsets are integer sequences of whole 32-byte blocks)",
                 c->callee->name, per_block, per_block, rows, k);
        return NULL;
    }
    dims[0] = tc_int(e->ir, 1);
    dims[1] = tc_int(e->ir, by_rows ? rows : rows * k);
    args[0] = ir_const_int(e->ir, 0, it, span_unknown());
    args[1] = tc_tuple(e->ir, 2, dims);
    if (!(seq = tc_emit(e, fresh(e, name, by_rows ? "_row" : "_lin"), OP_BLOCK_CI, 2, args, 1, kw)))
        return NULL;
    if (!by_rows) {
        dims[0] = tc_int(e->ir, rows);
        dims[1] = tc_int(e->ir, k);
        args[0] = seq;
        args[1] = tc_tuple(e->ir, 2, dims);
        if (!(seq = tc_emit(e, fresh(e, name, "_lin"), OP_BLOCK_RESHAPE, 2, args, 0, NULL)))
            return NULL;
        while ((INT64_C(1) << shift) < k)
            shift++;
        args[0] = seq;
        args[1] = ir_const_int(e->ir, (INT64_C(1) << shift) == k ? shift : k, it, span_unknown());
        if (!(seq = tc_emit(e, fresh(e, name, "_rowid"), (INT64_C(1) << shift) == k ? OP_BLOCK_SHRS : OP_BLOCK_DIVS,
                            2, args, 0, NULL)))
            return NULL;
    }
    args[0] = seq;
    args[1] = ir_const_int(e->ir, cols, it, span_unknown());
    if (!(off = tc_emit(e, fresh(e, name, "_rowoff"), OP_BLOCK_MULS, 2, args, 0, NULL)))
        return NULL;
    if (!by_rows) {
        args[0] = index;
        args[1] = off;
        return tc_emit(e, fresh(e, name, "_flat"), OP_BLOCK_ADD, 2, args, 0, NULL);
    }
    dims[0] = tc_int(e->ir, rows);
    dims[1] = tc_int(e->ir, 1);
    args[0] = off;
    args[1] = tc_tuple(e->ir, 2, dims);
    if (!(off = tc_emit(e, fresh(e, name, "_rowoff"), OP_BLOCK_RESHAPE, 2, args, 0, NULL)))
        return NULL;
    args[0] = index;
    args[1] = off;
    return tc_emit(e, fresh(e, name, "_flat"), OP_BLOCK_ROW_EXPAND_ADD, 2, args, 0, NULL);
}

/* tensor.gather(input, index, dim=-1) on a block of R rows: tile.gather
 * reads its source by flat offset (row * C + column, C the source tile's
 * columns), so each row's column indices get their row's offset r * C
 * (add_row_offsets; pypto lowers so on A5, op_conversion_registry.cpp).
 * A row whose C elements fill no whole 32-byte blocks would be padded,
 * and its offsets with it: that is refused. */
static const IrExpr *lower_gather(TcEmit *e, const OpDef *block, const IrCall *c, const IrExpr *src,
                                  const IrExpr *index, const char *name)
{
    const IrType *st = type_of(e, src), *it;
    const IrExpr *args[3];
    int64_t rows, cols, dim = ir_call_kwarg_int(c, "dim", -1);
    TcKw kw[2] = {{"dtype", DT_INT32}, {"target_memory", MS_VEC}};
    rc(st, &rows, &cols);
    if (st->n != 2 || (dim != -1 && dim != 1)) {
        tc_error(e, e->at, "'pl.%s' is converted to block ops only for 2-D tensors gathered along the last "
                 "dimension (dim=-1)", c->callee->name);
        return NULL;
    }
    if (cols < 0 || (cols * dtype_bytes((DataType)st->dtype)) % 32 != 0) {
        tc_error(e, e->at, "'pl.%s' cannot gather from rows of %" PRId64 " %s elements: a row's flat offsets need "
                 "rows of whole 32-byte blocks", c->callee->name, cols, dtype_name((DataType)st->dtype));
        return NULL;
    }
    if (!(index = cast_to(e, index, DT_INT32, name)) || !(index = add_row_offsets(e, c, index, cols, name)))
        return NULL;
    it = type_of(e, index);
    args[0] = shape_tuple(e, it);
    if (!(args[2] = tc_emit(e, fresh(e, name, "_tmp"), OP_BLOCK_CREATE_TILE, 1, args, 2, kw)))
        return NULL;
    args[0] = src;
    args[1] = index;
    return tc_emit(e, name, (OpId)block->id, 3, args, 0, NULL);
}

/* Tile t's bytes as elements of dt (block.reinterpret_view; t itself
 * when it has them). */
static const IrExpr *as_dtype(TcEmit *e, const IrExpr *t, DataType dt, const char *name)
{
    TcKw kw = {"dtype", dt};
    if (!t || type_of(e, t)->dtype == dt)
        return t;
    return tc_emit(e, fresh(e, name, "_as"), OP_BLOCK_REINTERPRET_VIEW, 1, &t, 1, &kw);
}

/* A [rows, cols] tile of dt whose bits are all ones (an INT16 tile of -1
 * as dt's bytes). */
static const IrExpr *all_ones(TcEmit *e, const IrCall *c, int64_t rows, int64_t cols, DataType dt, const char *name)
{
    const IrExpr *args[2], *dims[2];
    TcKw kw = {"dtype", DT_INT16};
    if (cols * dtype_bytes(dt) % 2 != 0) {
        tc_error(e, e->at, "'pl.%s' of rows of %" PRId64 " %s elements: the bits of a row are blended as INT16, "
                 "which needs an even number of bytes", c->callee->name, cols, dtype_name(dt));
        return NULL;
    }
    dims[0] = tc_int(e->ir, rows);
    dims[1] = tc_int(e->ir, cols * dtype_bytes(dt) / 2);
    args[0] = tc_tuple(e->ir, 2, dims);
    args[1] = ir_const_int(e->ir, -1, DT_INT64, span_unknown());
    return as_dtype(e, tc_emit(e, fresh(e, name, "_ones"), OP_BLOCK_FULL, 2, args, 1, &kw), dt, name);
}

/* (base & ~mark) | put on the bytes as INT16 (the bitwise ops' type on
 * A2/A3), as base's element type: put where mark's bits are ones, base
 * where they are zeros, exact for any element type. */
static const IrExpr *blend_bits(TcEmit *e, const IrExpr *base, const IrExpr *mark, const IrExpr *put, const char *name)
{
    DataType dt = (DataType)type_of(e, base)->dtype;
    const IrExpr *args[2], *keep;
    TcKw kw = {"dtype", dt};
    if (!(args[0] = as_dtype(e, mark, DT_INT16, name)) ||
        !(args[1] = tc_emit(e, fresh(e, name, "_keep"), OP_BLOCK_NOT, 1, args, 0, NULL)) ||
        !(args[0] = as_dtype(e, base, DT_INT16, name)) ||
        !(keep = tc_emit(e, fresh(e, name, "_keep"), OP_BLOCK_AND, 2, args, 0, NULL)))
        return NULL;
    args[0] = keep;
    if (!(args[1] = as_dtype(e, put, DT_INT16, name)))
        return NULL;
    if (dt == DT_INT16)
        return tc_emit(e, name, OP_BLOCK_OR, 2, args, 0, NULL);
    if (!(args[0] = tc_emit(e, fresh(e, name, "_bits"), OP_BLOCK_OR, 2, args, 0, NULL)))
        return NULL;
    return tc_emit(e, name, OP_BLOCK_REINTERPRET_VIEW, 1, args, 1, &kw);
}

/* The NPU's TSCATTER zeroes its destination before it writes (pto-isa
 * npu/a2a3/TScatter.hpp), both forms, so a tensor scatter keeps the
 * elements it does not write by a blend of bits (pypto blends with a
 * select, op_conversion_registry.cpp; a compare's packed mask needs rows
 * of 32 elements here): what is written scattered into zeros is `put`,
 * tiles of all one bits scattered the same way the mark. */

/* tensor.scatter(input, index, src, dim=-1) on a block of R rows: the
 * flat offsets as a gather's (add_row_offsets) in the index's type, which
 * tile.scatter takes as they are. */
static const IrExpr *lower_scatter(TcEmit *e, const OpDef *block, const IrCall *c, const IrExpr *const *operands,
                                   const char *name)
{
    const IrExpr *input = operands[0], *index = operands[1], *src = operands[2];
    const IrType *in = type_of(e, input), *st = type_of(e, src);
    DataType dt = (DataType)in->dtype;
    int64_t rows, cols, srows, scols, dim = ir_call_kwarg_int(c, "dim", -1);
    const IrExpr *args[3], *put, *mark;
    rc(in, &rows, &cols);
    rc(st, &srows, &scols);
    if (in->n != 2 || (dim != -1 && dim != 1) || rows < 0 || cols < 0 || srows < 0 || scols < 0) {
        tc_error(e, e->at, "'pl.%s' is converted to block ops only for 2-D tensors of static shapes scattered along "
                 "the last dimension (dim=-1)", c->callee->name);
        return NULL;
    }
    if ((cols * dtype_bytes(dt)) % 32 != 0) {
        tc_error(e, e->at, "'pl.%s' cannot scatter into rows of %" PRId64 " %s elements: a row's flat offsets need "
                 "rows of whole 32-byte blocks", c->callee->name, cols, dtype_name(dt));
        return NULL;
    }
    if (dtype_bytes((DataType)type_of(e, index)->dtype) == 2 && rows * cols > 32768) {
        tc_error(e, e->at, "'pl.%s' into %" PRId64 " x %" PRId64 " elements: their flat offsets do not fit the "
                 "INT16 indices a %d-byte element takes", c->callee->name, rows, cols, dtype_bytes(dt));
        return NULL;
    }
    if (!(index = add_row_offsets(e, c, index, cols, name)) || !(args[0] = zeros(e, rows, cols, dt, name)))
        return NULL;
    args[1] = src;
    args[2] = index;
    if (!(put = tc_emit(e, fresh(e, name, "_put"), (OpId)block->id, 3, args, 0, NULL)) ||
        !(args[1] = all_ones(e, c, srows, scols, dt, name)) || !(args[0] = zeros(e, rows, cols, dt, name)) ||
        !(mark = tc_emit(e, fresh(e, name, "_mark"), (OpId)block->id, 3, args, 0, NULL)))
        return NULL;
    return blend_bits(e, input, mark, put, name);
}

/* tensor.scatter_mask(input, dst, mask_pattern=): input's rows in the
 * columns of dst's the pattern selects, dst's elsewhere. */
static const IrExpr *lower_scatter_mask(TcEmit *e, const OpDef *block, const IrCall *c, const IrExpr *const *operands,
                                        const char *name)
{
    const IrExpr *input = operands[0], *dst = operands[1], *args[2], *put, *mark;
    const IrType *it = type_of(e, input), *dt = type_of(e, dst);
    int64_t rows, cols, drows, dcols;
    TcKw kw = {"mask_pattern", ir_call_kwarg_int(c, "mask_pattern", 7)};
    rc(it, &rows, &cols);
    rc(dt, &drows, &dcols);
    if (it->n != 2 || rows < 0 || cols < 0 || drows < 0 || dcols < 0) {
        tc_error(e, e->at, "'pl.%s' is converted to block ops only for 2-D tensors of static shapes", c->callee->name);
        return NULL;
    }
    if (!(args[0] = zeros(e, drows, dcols, (DataType)dt->dtype, name)))
        return NULL;
    args[1] = input;
    if (!(put = tc_emit(e, fresh(e, name, "_put"), (OpId)block->id, 2, args, 1, &kw)) ||
        !(args[1] = all_ones(e, c, rows, cols, (DataType)dt->dtype, name)) ||
        !(args[0] = zeros(e, drows, dcols, (DataType)dt->dtype, name)) ||
        !(mark = tc_emit(e, fresh(e, name, "_mark"), (OpId)block->id, 2, args, 1, &kw)))
        return NULL;
    return blend_bits(e, dst, mark, put, name);
}

/* tensor.scatter_update(input, index, src, dim=-2): whole rows, as
 * tile.scatter of the flat offsets index.flat[k] * d + c of src's [n, d]
 * elements (built in INT32: the columns' sequence broadcast down the rows,
 * each row's index times d added; narrowed to INT16 for a 2-byte element),
 * then blended as tensor.scatter is. */
const IrExpr *tc_scatter_update(TcEmit *e, const IrCall *c, const IrExpr *const *operands, const char *name)
{
    const OpDef *scatter = op_by_id(OP_BLOCK_SCATTER);
    const IrExpr *input = operands[0], *index = operands[1], *src = operands[2];
    const IrType *in = type_of(e, input), *it = type_of(e, index), *st = type_of(e, src);
    DataType dt = (DataType)in->dtype;
    int64_t m, d, n, sd, b, s;
    const IrExpr *args[3], *dims[2], *flat, *put, *mark;
    TcKw ci_kw[2] = {{"dtype", DT_INT32}, {"target_memory", MS_VEC}};
    rc(in, &m, &d);
    rc(st, &n, &sd);
    rc(it, &b, &s);
    if (in->n != 2 || m < 0 || d < 0 || n < 0 || b < 0 || s < 0 || n != b * s || sd != d) {
        tc_error(e, e->at, "'pl.%s' is converted to block ops only for 2-D tensors of static shapes", c->callee->name);
        return NULL;
    }
    if ((d * dtype_bytes(dt)) % 32 != 0 || (d * 4) % 32 != 0) {
        tc_error(e, e->at, "'pl.%s' cannot update rows of %" PRId64 " %s elements: the rows' flat offsets need rows "
                 "of whole 32-byte blocks, of the elements and of their INT32 offsets", c->callee->name, d,
                 dtype_name(dt));
        return NULL;
    }
    if (op_scatter_index_dtype(dt) == DT_INT16 && m * d > 32768) {
        tc_error(e, e->at, "'pl.%s' into %" PRId64 " x %" PRId64 " elements: their flat offsets do not fit the "
                 "INT16 indices a %d-byte element takes", c->callee->name, m, d, dtype_bytes(dt));
        return NULL;
    }
    /* each row's index times d, as the column [n, 1] */
    dims[0] = tc_int(e->ir, n);
    dims[1] = tc_int(e->ir, 1);
    args[0] = cast_to(e, index, DT_INT32, name);
    args[1] = tc_tuple(e->ir, 2, dims);
    if (!args[0] || !(args[0] = tc_emit(e, fresh(e, name, "_rows"), OP_BLOCK_RESHAPE, 2, args, 0, NULL)))
        return NULL;
    args[1] = ir_const_int(e->ir, d, DT_INT32, span_unknown());
    if (!(args[1] = tc_emit(e, fresh(e, name, "_rowoff"), OP_BLOCK_MULS, 2, args, 0, NULL)))
        return NULL;
    mark = args[1];
    /* the columns 0 .. d - 1 down the n rows, plus the rows' offsets */
    dims[0] = tc_int(e->ir, 1);
    dims[1] = tc_int(e->ir, d);
    args[0] = ir_const_int(e->ir, 0, DT_INT32, span_unknown());
    args[1] = tc_tuple(e->ir, 2, dims);
    if (!(args[1] = tc_emit(e, fresh(e, name, "_col"), OP_BLOCK_CI, 2, args, 1, ci_kw)) ||
        !(args[0] = zeros(e, n, d, DT_INT32, name)) ||
        !(args[0] = tc_emit(e, fresh(e, name, "_cols"), OP_BLOCK_COL_EXPAND, 2, args, 0, NULL)))
        return NULL;
    args[1] = mark;
    if (!(flat = tc_emit(e, fresh(e, name, "_flat"), OP_BLOCK_ROW_EXPAND_ADD, 2, args, 0, NULL)) ||
        !(flat = cast_to(e, flat, (DataType)op_scatter_index_dtype(dt), name)))
        return NULL;
    if (!(args[0] = zeros(e, m, d, dt, name)))
        return NULL;
    args[1] = src;
    args[2] = flat;
    if (!(put = tc_emit(e, fresh(e, name, "_put"), (OpId)scatter->id, 3, args, 0, NULL)) ||
        !(args[1] = all_ones(e, c, n, d, dt, name)) || !(args[0] = zeros(e, m, d, dt, name)) ||
        !(mark = tc_emit(e, fresh(e, name, "_mark"), (OpId)scatter->id, 3, args, 0, NULL)))
        return NULL;
    return blend_bits(e, input, mark, put, name);
}

/* tensor.cmp: the mask of block.cmp (block.cmps against a scalar) on the
 * operands in the result's type, then ones where it is set and zeros
 * elsewhere (block.sel), as pypto's conversion (op_conversion_registry.cpp,
 * tensor.cmp) makes it. */
static const IrExpr *lower_cmp(TcEmit *e, const IrCall *c, const IrExpr *const *operands, DataType dt, const char *name)
{
    int scalar = type_of(e, operands[1])->kind == TYPE_SCALAR;
    TcKw kw = {"cmp_type", ir_call_kwarg_int(c, "cmp_type", 0)};
    const IrExpr *args[3], *shape;
    args[0] = cast_to(e, operands[0], dt, name);
    args[1] = scalar ? operands[1] : cast_to(e, operands[1], dt, name);
    if (!args[0] || !args[1])
        return NULL;
    if (!scalar && !ir_type_compatible(type_of(e, args[0]), type_of(e, args[1]), DIMS_EXACT)) {
        tc_error(e, e->at, "'pl.tensor.cmp' is converted to block ops for operands of one shape; expand the smaller "
                 "one first");
        return NULL;
    }
    if (!(args[0] = tc_emit(e, fresh(e, name, "_mask"), scalar ? OP_BLOCK_CMPS : OP_BLOCK_CMP, 2, args, 1, &kw)))
        return NULL;
    shape = shape_tuple(e, c->type);
    if (!(args[1] = filled(e, shape, dt, 1, name, "_one")) || !(args[2] = filled(e, shape, dt, 0, name, "_zero")))
        return NULL;
    return tc_emit(e, name, OP_BLOCK_SEL, 3, args, 0, NULL);
}

/* A tensor op as the block op the op table gives it, by that op's class. */
const IrExpr *tc_lower_op(TcEmit *e, const IrCall *c, const IrExpr *const *operands, const char *name)
{
    const OpDef *op = callee_op(c->callee), *block = op ? op_ref(op->block) : NULL;
    DataType dt = (DataType)c->type->dtype;
    const IrExpr *args[5];
    /* high_precision=True goes to the block op as it is */
    TcKw precise_kw = {"high_precision", 1}, *precise = ir_call_kwarg_int(c, "high_precision", 0) ? &precise_kw : NULL;
    switch (block ? (OpClass)block->cls : OPCL_COUNT) {
    case OPCL_ELEM2:
    case OPCL_ELEM2_PART:
        return lower_binary(e, block, operands[0], operands[1], dt, precise, name);
    case OPCL_TILE_SCALAR:
    case OPCL_UNARY:
        /* Operands of the result's type: the block ops do not convert. */
        if (!(args[0] = cast_to(e, operands[0], dt, name)))
            return NULL;
        if (op_longer_call(block) && op_longer_call(block)->selected_by &&
            ir_call_kwarg_int(c, op_longer_call(block)->selected_by, 0))
            return lower_with_scratch(e, op_longer_call(block), args[0], name);
        args[1] = block->nargs > 1 ? operands[1] : NULL;
        return tc_emit(e, name, (OpId)block->id, block->nargs, args, precise != NULL, precise);
    case OPCL_CMP:
        return lower_cmp(e, c, operands, dt, name);
    case OPCL_XCORE_SHARD: {
        /* 1:1, its split and lane stride kept (pypto's ConvertTensorToTileOps) */
        TcKw kw[2] = {{"split", ir_call_kwarg_int(c, "split", 0)}, {"lane_stride", ir_call_kwarg_int(c, "lane_stride", 0)}};
        return tc_emit(e, name, (OpId)block->id, 1, operands, ir_call_kwarg(c, "lane_stride") ? 2 : 1, kw);
    }
    case OPCL_CAST: {
        TcKw kw[2] = {{"target_type", ir_call_kwarg_int(c, "target_type", dt)}, {"mode", ir_call_kwarg_int(c, "mode", 2)}};
        return tc_emit(e, name, (OpId)block->id, 1, operands, 2, kw);
    }
    case OPCL_ROW_EXPAND_OP:
    case OPCL_COL_EXPAND_OP:
    case OPCL_COL_EXPAND:
    case OPCL_ROW_EXPAND_TO:
        /* The broadcasts on the operands' tiles, of the result's type. */
        for (uint32_t i = 0; i < block->nargs; i++)
            if (!(args[i] = cast_to(e, operands[i], dt, name)))
                return NULL;
        return tc_emit(e, name, (OpId)block->id, block->nargs, args, 0, NULL);
    case OPCL_ROW_REDUCE:
        return lower_row_reduce(e, (OpId)block->id, operands[0], name);
    case OPCL_COL_ARG:
        /* with a scratch tile of the operand's type (pypto's
         * MakeArgReductionConv) */
        return lower_with_scratch(e, block, operands[0], name);
    case OPCL_CI: {
        TcKw kw[2] = {{"dtype", ir_call_kwarg_int(c, "dtype", DT_INT32)},
                      {"descending", ir_call_kwarg_int(c, "descending", 0)}};
        args[0] = operands[0];
        args[1] = operands[1];
        return tc_emit(e, name, (OpId)block->id, 2, args, 2, kw);
    }
    case OPCL_RANDOM: {
        /* the seeds and shape as they are, the whole shape valid (pypto's
         * RegisterSimple("tensor.random", "tile.random")) */
        const IrExpr *rargs[8];
        TcKw kw[2] = {{"dtype", ir_call_kwarg_int(c, "dtype", DT_UINT32)},
                      {"rounds", ir_call_kwarg_int(c, "rounds", 10)}};
        for (uint32_t i = 0; i < 7; i++)
            rargs[i] = operands[i];
        rargs[7] = operands[6];
        return tc_emit(e, name, (OpId)block->id, 8, rargs, 2, kw);
    }
    case OPCL_RESHAPE:
        /* To a tensor of rank 3 to 5 that is one 2-D tile: that tile. */
        args[0] = operands[0];
        args[1] = shape_tuple(e, tc_squeeze(e->ir, c->type));
        return tc_emit(e, name, (OpId)block->id, 2, args, 0, NULL);
    case OPCL_TRANSPOSE:
    case OPCL_ALIAS:
        /* The tensor's tile, then the scalars (axes, valid extents) as they are. */
        args[0] = operands[0];
        args[1] = c->args[1];
        args[2] = c->args[2];
        return tc_emit(e, name, (OpId)block->id, 3, args, 0, NULL);
    case OPCL_CONCAT:
    case OPCL_COL_REDUCE:
    case OPCL_SORT32:
        return tc_emit(e, name, (OpId)block->id, block->nargs, operands, 0, NULL);
    case OPCL_MRGSORT2: {
        /* the lists' tiles, then a workspace of the result's shape */
        TcKw kw[2] = {{"dtype", dt}, {"target_memory", MS_VEC}};
        TcKw ex = {"exhausted", ir_call_kwarg_int(c, "exhausted", 0)};
        const IrExpr *shape = shape_tuple(e, c->type);
        for (uint32_t i = 0; i < c->nargs; i++)
            args[i] = operands[i];
        if (!(args[c->nargs] = tc_emit(e, fresh(e, name, "_tmp"), OP_BLOCK_CREATE_TILE, 1, &shape, 2, kw)))
            return NULL;
        return tc_emit(e, name, (OpId)block->id, c->nargs + 1, args, 1, &ex);
    }
    case OPCL_MRGSORT:
        /* the tile, then the run length as it is */
        args[0] = operands[0];
        args[1] = c->args[1];
        return tc_emit(e, name, (OpId)block->id, 2, args, 0, NULL);
    case OPCL_GATHER:
        return lower_gather(e, block, c, operands[0], operands[1], name);
    case OPCL_SCATTER:
        return lower_scatter(e, block, c, operands, name);
    case OPCL_SCATTER_MASK:
        return lower_scatter_mask(e, block, c, operands, name);
    case OPCL_SCATTER_UPDATE:
        return tc_scatter_update(e, c, operands, name);
    case OPCL_GATHER_MASK: {
        TcKw kw[2] = {{"mask_pattern", ir_call_kwarg_int(c, "mask_pattern", 7)}, {"output_dtype", dt}};
        return tc_emit(e, name, (OpId)block->id, 1, operands, 2, kw);
    }
    case OPCL_FILLPAD:
    case OPCL_FILLPAD_EXPAND: {
        /* The operand's tile carries its valid shape from its load. */
        TcKw kw = {"pad_value", ir_call_kwarg_int(c, "pad_value", TP_ZERO)};
        args[0] = operands[0];
        args[1] = shape_tuple(e, c->type);
        return tc_emit(e, name, (OpId)block->id, block->nargs, args, 1, &kw);
    }
    default:
        /* An op without one says why in its row (ir/ops.def). */
        if (op && !block && op->why_pto)
            tc_error(e, e->at, "'%s' has no block form: %s", c->callee->name, op->why_pto);
        else
            tc_error(e, e->at, "'%s' has no block form", c->callee->name);
        return NULL;
    }
}

/* ------------------------------------------------------- loads and stores */

void tc_region_at(IrCtx *ir, TcRegion *r, const IrExpr *base, const IrType *type)
{
    const IrType *bt = ir_expr_type(ir, base);
    memset(r, 0, sizeof *r);
    r->base = base;
    r->type = type;
    r->off[0] = r->off[1] = tc_int(ir, 0);
    r->nlead = (uint8_t)(bt->n > 2 && bt->n - 2 <= TC_MAX_LEAD ? bt->n - 2 : 0);
    r->rowdim = r->nlead;
    for (uint32_t i = 0; i < r->nlead; i++)
        r->lead[i] = r->off[0];
    if (r->nlead)
        tc_region_rows(r, bt);
}

/* The offset of region r in each dimension of its base (rank nlead + 2). */
void tc_region_offsets(const TcRegion *r, const IrExpr **o)
{
    uint32_t n = r->nlead + 2u, j = 0;
    for (uint32_t i = 0; i < n; i++)
        o[i] = i == r->rowdim ? r->off[0] : i == n - 1 ? r->off[1] : r->lead[j++];
}

/* Region r with the offsets o (one per dimension of its base) and its
 * rows in dimension rowdim. */
static void set_offsets(TcRegion *r, const IrExpr *const *o, uint32_t rowdim)
{
    uint32_t n = r->nlead + 2u, j = 0;
    r->rowdim = (uint8_t)rowdim;
    for (uint32_t i = 0; i < n; i++) {
        if (i == rowdim)
            r->off[0] = o[i];
        else if (i == n - 1)
            r->off[1] = o[i];
        else
            r->lead[j++] = o[i];
    }
}

void tc_region_rows(TcRegion *r, const IrType *full)
{
    const IrExpr *o[TC_MAX_LEAD + 2];
    int d = tc_row_dim(full);
    if (!r->nlead || full->n != r->nlead + 2u || d < 0 || d == r->rowdim)
        return;
    tc_region_offsets(r, o);
    set_offsets(r, o, (uint32_t)d);
}

int tc_region_move(IrCtx *ir, TcRegion *dst, const TcRegion *src, const IrExpr *offs)
{
    const IrMakeTuple *t = offs && offs->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, offs) : NULL;
    *dst = *src;
    if (!t || t->n < src->nlead || t->n - src->nlead > 2)
        return 0;
    if (src->nlead && t->n == src->nlead + 2u) {
        const IrExpr *o[TC_MAX_LEAD + 2];
        tc_region_offsets(src, o);
        for (uint32_t i = 0; i < t->n; i++)
            o[i] = tc_add(ir, o[i], t->elems[i]);
        set_offsets(dst, o, src->rowdim);
        return 1;
    }
    for (uint32_t i = 0; i < src->nlead; i++)
        dst->lead[i] = tc_add(ir, src->lead[i], t->elems[i]);
    for (uint32_t k = 0; k < t->n - src->nlead; k++)
        dst->off[k] = tc_add(ir, src->off[k], t->elems[src->nlead + k]);
    return 1;
}

int tc_row_dim(const IrType *t)
{
    const IrTensorView *tv = t->tensor_view;
    int64_t one;
    int row = -1;
    if (t->kind != TYPE_TENSOR || t->n <= 2 || t->n - 2 > TC_MAX_LEAD ||
        (tv && (tv->nstride || (tv->nvalid && tv->nvalid != t->n) || tv->layout != TENSOR_ND)))
        return -1;
    /* The dimensions other than the last: all 1 (valid all of it) but one,
     * the rows (the last but one when all are 1). */
    for (uint32_t i = 0; i + 1 < t->n; i++)
        if (!ir_dim_value(t->dims[i], &one) || one != 1 ||
            (tv && tv->nvalid && tv->valid_shape[i] != t->dims[i] &&
             !(ir_dim_value(tv->valid_shape[i], &one) && one == 1))) {
            if (row >= 0)
                return -1;
            row = (int)i;
        }
    return row >= 0 ? row : (int)t->n - 2;
}

const IrType *tc_squeeze(IrCtx *ir, const IrType *t)
{
    const IrTensorView *tv = t->tensor_view;
    int row = tc_row_dim(t);
    const IrExpr *dims[2], *valid[2];
    if (row < 0)
        return t;
    dims[0] = t->dims[row];
    dims[1] = t->dims[t->n - 1];
    if (tv && tv->nvalid) {
        valid[0] = tv->valid_shape[row];
        valid[1] = tv->valid_shape[t->n - 1];
        tv = ir_tensor_view_valid(ir, 0, NULL, TENSOR_ND, 2, valid, tv->pad);
    } else {
        tv = NULL;
    }
    return ir_type_tensor(ir, (DataType)t->dtype, 2, dims, t->memref, tv);
}

/* The offsets of a window of region r (plus add, per dimension of the
 * window) as a tuple of its base's rank. */
static const IrExpr *offsets(TcEmit *e, const TcRegion *r, const IrExpr *const *add, uint32_t n)
{
    const IrExpr *o[TC_MAX_LEAD + 2];
    if (r->nlead && n == 2) {
        TcRegion m = *r;
        for (uint32_t i = 0; i < 2; i++)
            m.off[i] = add && add[i] ? tc_add(e->ir, r->off[i], add[i]) : r->off[i];
        tc_region_offsets(&m, o);
        return tc_tuple(e->ir, r->nlead + 2u, o);
    }
    for (uint32_t i = 0; i < r->nlead; i++)
        o[i] = r->lead[i];
    for (uint32_t i = 0; i < n && i < 2; i++)
        o[r->nlead + i] = add && add[i] ? tc_add(e->ir, r->off[i], add[i]) : r->off[i];
    return tc_tuple(e->ir, r->nlead + n, o);
}

/* A window's extents dims (n of them) as a tuple of its base's rank: 1 in
 * each leading dimension. */
static const IrExpr *extents(TcEmit *e, const TcRegion *r, uint32_t n, const IrExpr *const *dims)
{
    const IrExpr *x[TC_MAX_LEAD + 2];
    if (r->nlead && n == 2) {
        for (uint32_t i = 0; i < r->nlead + 2u; i++)
            x[i] = i == r->rowdim ? dims[0] : i == r->nlead + 1u ? dims[1] : tc_int(e->ir, 1);
        return tc_tuple(e->ir, r->nlead + 2u, x);
    }
    for (uint32_t i = 0; i < r->nlead; i++)
        x[i] = tc_int(e->ir, 1);
    for (uint32_t i = 0; i < n && i < 2; i++)
        x[r->nlead + i] = dims[i];
    return tc_tuple(e->ir, r->nlead + n, x);
}

const IrExpr *tc_load(TcEmit *e, const char *name, const TcRegion *r, const IrExpr *const *add, uint32_t n,
                      const IrExpr *const *dims, MemorySpace ms)
{
    const IrExpr *args[4];
    TcKw kw = {"target_memory", ms};
    if (r->nlead && n != 2) {
        tc_error(e, e->at, "internal error: a window of rank %u of a tensor of rank %u", n, r->nlead + 2);
        return NULL;
    }
    args[0] = r->base;
    args[1] = offsets(e, r, add, n);
    args[2] = extents(e, r, n, dims);
    /* The window of a tensor of higher rank is read as a 2-D tile: its
     * valid shape, of rank 2, says so (block.load). */
    args[3] = tc_tuple(e->ir, n, dims);
    /* A view that is only partly valid (pl.slice(..., valid_shape=...)):
     * the block reads the part of it that is valid, the rest is padding
     * (pypto's tile.load valid_shape). */
    if (r->type && r->type->kind == TYPE_TENSOR && r->type->tensor_view && r->type->tensor_view->nvalid == n) {
        const IrExpr *valid[2];
        if (r->type->tensor_view->pad != TP_NULL) {
            tc_error(e, e->at, "a load of a view with pad_value= is not supported yet: its padding would have to "
                     "be filled as well; pad the loaded tile with pl.fillpad instead");
            return NULL;
        }
        for (uint32_t i = 0; i < n; i++) {
            const IrExpr *vs = r->type->tensor_view->valid_shape[i];
            int64_t a = 0, x, y;
            /* All of the view in this dimension: its valid extent, which
             * the view's type keeps within it. */
            if ((!add || !add[i] || (tc_const(add[i], &a) && a == 0)) &&
                (dims[i] == r->type->dims[i] || (tc_const(dims[i], &x) && tc_const(r->type->dims[i], &y) && x == y)))
                valid[i] = vs;
            else
                valid[i] = tc_valid_extent(e->ir, vs, add ? add[i] : NULL, dims[i]);
        }
        args[3] = tc_tuple(e->ir, n, valid);
    }
    return tc_emit(e, name, OP_BLOCK_LOAD, 4, args, 1, &kw);
}

const IrExpr *tc_store(TcEmit *e, const char *name, const IrExpr *tile, const TcRegion *r, const IrExpr *const *add)
{
    static const TcKw atomic = {"atomic", ATOMIC_ADD};
    const IrType *t = type_of(e, tile);
    const IrType *bt = type_of(e, r->base);
    const IrExpr *args[4];
    args[0] = tile;
    args[1] = offsets(e, r, add, bt->n - r->nlead);
    /* Only the valid part of a partly valid tile is written. */
    args[2] = extents(e, r, t->n, ir_tile_valid_dims(t));
    args[3] = r->base;
    return tc_emit(e, name, ir_tile_space(t) == MS_ACC ? OP_BLOCK_L0C_STORE : OP_BLOCK_STORE, 4, args,
                   r->atomic_add, &atomic);
}
