/* legal_gather_row.c: the forms of tile.gather_row the pto-isa outputs
 * take, and the sub-view of the destination it loads into.
 *
 * tile.gather_row(dst, src, dst_offset, src_offset, shapes, valid_shape)
 * is pypto's pto.subview of dst at dst_offset, sized by the window
 * `shapes` and valid as valid_shape, and a pto.tload from src's window
 * into it (pypto@e2d0f78a pto_ops_datamove.cpp MakeGatherRowCodegenPTO).
 * What PTOAS 0.60 takes of the sub-view, observed: a boxed (Mat, NZ)
 * sub-view's sizes are whole 16-row boxes of 32-byte rows, and its
 * constant offsets multiples of them ("boxed layout subview sizes /
 * offsets must be multiples of inner shape"); its C++ is a Tile of the
 * destination's rows (the stride of the NZ layout's columns of boxes) at
 * the destination's address plus row * 32 bytes.  A Vec sub-view's C++
 * is a row-major Tile of the window's rows and the destination's columns
 * (its row stride) at row * row bytes + column bytes.
 *
 * pyptocc takes: transpose=False (the transposing load needs a DN view of
 * src that the lowering does not make); a constant column offset (a
 * multiple of the 32-byte block, in Mat of the box's columns); in Mat a
 * constant row offset of whole boxes, as PTOAS.  The C++ output takes
 * PTOAS's form: pto-isa's CPU simulator (cpu/tile_offsets.hpp) and
 * pyptocc's runtime keep a Mat tile's NZ boxes, so the sub-view is an
 * address in them. */
#include "config.h"
#include "targets/legal_rules.h"
#include "ir/op_registry.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int literal_pair(const IrCall *c, uint32_t i, const IrMakeTuple **out)
{
    if (c->nargs <= i || c->args[i]->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, c->args[i])->n != 2)
        return 0;
    *out = IR_AS(IrMakeTuple, c->args[i]);
    return 1;
}

int legal_gather_row(const IrCall *c, const IrType *dst, int space, LegalGatherRow *g, char *msg, size_t cap)
{
    char buf[64];
    const OpDef *op = callee_op(c->callee);
    const IrMakeTuple *win;
    int64_t rows, cols, es, col, row;
    memset(g, 0, sizeof *g);
    op_printed_name(op, buf, sizeof buf);
    if (!dst || dst->kind != TYPE_TILE || dst->n != 2 || !ir_dim_value(dst->dims[0], &rows) ||
        !ir_dim_value(dst->dims[1], &cols))
        return 0;   /* reported where it is defined */
    if (!literal_pair(c, 2, &g->dst_off) || !literal_pair(c, 3, &g->src_off) || !literal_pair(c, 4, &win) ||
        !literal_pair(c, 5, &g->valid)) {
        snprintf(msg, cap, "'%s' needs its offsets, window and valid_shape written in the call", buf);
        return -1;
    }
    if (ir_call_kwarg_int(c, "transpose", 0)) {
        snprintf(msg, cap, "'%s' with transpose=True is not lowered yet (it loads through a DN view of the source)",
                 buf);
        return -1;
    }
    if (!ir_dim_value(win->elems[0], &g->win[0]) || !ir_dim_value(win->elems[1], &g->win[1]))
        return 0;   /* deduction said so */
    es = dtype_bytes((DataType)dst->dtype);
    g->space = space;
    if (!ir_dim_value(g->dst_off->elems[1], &col)) {
        snprintf(msg, cap, "'%s' needs a constant column in dst_offset (the sub-view's address is 32-byte aligned)", buf);
        return -1;
    }
    if (space == MS_VEC) {
        if ((col * es) % 32) {
            snprintf(msg, cap, "'%s' into Vec needs a column offset of whole 32-byte blocks", buf);
            return -1;
        }
        g->rows = g->win[0];
        g->cols = g->win[1];
        g->cpp_rows = g->win[0];
        g->cpp_cols = cols;
        g->row_bytes = cols * es;
        g->const_bytes = col * es;
        return 0;
    }
    if (space == MS_MAT) {
        int64_t c0 = 32 / es;   /* the columns of a box: one 32-byte row */
        if (col % c0) {
            snprintf(msg, cap, "'%s' into Mat needs a column offset of whole %" PRId64 "-column boxes", buf, c0);
            return -1;
        }
        if (ir_dim_value(g->dst_off->elems[0], &row) && row % 16) {
            snprintf(msg, cap,
                     "'%s' into Mat at the constant row %" PRId64 ": PTO takes a sub-view at whole 16-row boxes only "
                     "(a row from a loop or a scalar is taken)",
                     buf, row);
            return -1;
        }
        g->rows = (g->win[0] + 15) / 16 * 16;
        g->cols = (g->win[1] + c0 - 1) / c0 * c0;
        g->cpp_rows = rows;
        g->cpp_cols = g->cols;
        g->row_bytes = 32;
        g->const_bytes = col * rows * es;
        if (g->rows > rows || col + g->cols > cols) {
            snprintf(msg, cap, "'%s': the window's boxes (%" PRId64 " x %" PRId64 ") at column %" PRId64
                     " run past the destination's %" PRId64 " x %" PRId64, buf, g->rows, g->cols, col, rows, cols);
            return -1;
        }
        return 0;
    }
    snprintf(msg, cap, "'%s' loads into Vec or Mat, not %s", buf, memspace_name((MemorySpace)space));
    return -1;
}
