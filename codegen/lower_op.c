/* lower_op.c: one block op with a tile result, classified for a pto-isa
 * output (PTO MLIR, C++) and checked against the instruction's static
 * operand rules (see LowerOp in lower.h).
 *
 * The two the pto-isa lowering used to decide, each in its own
 * per-op switch, which IR arguments an instruction takes and in what
 * order, which scalar type converts them, which mode attribute and
 * scratch tile it needs, and to check the same rules with the same
 * messages.  That is decided here once; a printer binds the inputs in its
 * value model and spells them.  Only what depends on a printer's buffers
 * (an accumulator's, a noalias operand's) is left to it, stated here as
 * data. */
#include "config.h"
#include "codegen/lower.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* What the two outputs call things in messages. */
static const struct {
    const char *name;      /* "PTO", "C++" */
    const char *mask;      /* what the compare instruction writes */
} output_words[] = {
    [OUT_MLIR] = {"PTO", "an i8 mask"},
    [OUT_CPP] = {"C++", "a bit mask"},
};

static const IrType *arg_type(IrCtx *ir, const IrCall *c, uint32_t i) { return ir_expr_type(ir, c->args[i]); }

static void add_input(LowerOp *lo, uint32_t arg, int dtype)
{
    lo->in[lo->nin] = (uint8_t)arg;
    lo->in_elem[lo->nin] = -1;
    lo->in_dtype[lo->nin] = (int8_t)dtype;
    lo->nin++;
}

/* Element e of list argument arg (a tile position's coordinate). */
static void add_input_elem(LowerOp *lo, uint32_t arg, uint32_t e, int dtype)
{
    add_input(lo, arg, dtype);
    lo->in_elem[lo->nin - 1] = (int8_t)e;
}

/* The element type scalar operands convert to (pto-mlir.md 6.3): that of
 * the first tile operand from the first of the result's shape (after a
 * select's mask), or the result's. */
static int scalar_elem_dtype(IrCtx *ir, const IrCall *c, const IrVar *dest, uint32_t from)
{
    for (uint32_t i = from; i < c->nargs; i++) {
        const IrType *t = arg_type(ir, c, i);
        if (t->kind == TYPE_TILE)
            return t->dtype;
    }
    return dest->type->dtype;
}

/* Tile operands from..from+n have the result's shape, and for C++ its
 * element type (pto-isa's C++ templates take one element type; the
 * runtime and pto-isa check it statically). */
static int equal_operands(IrCtx *ir, OpOutput out, const IrCall *c, const IrVar *dest, uint32_t from, uint32_t n,
                          int dtypes, char *msg, size_t cap)
{
    const char *name = output_words[out].name;
    if (legal_equal_shapes(ir, c, dest->type, from, n, name, msg, cap) != 0)
        return -1;
    if (dtypes && out == OUT_CPP && legal_equal_dtypes(ir, c, dest->type, from, n, name, msg, cap) != 0)
        return -1;
    return 0;
}

/* The argument whose buffer the result must not share (the op table's
 * noalias), or -1.  MemoryReuse keeps such operands apart on every
 * target; pto-isa states TRECIP's rule for A2/A3 only ("A3's TRECIP
 * instruction does not support setting the source Tile and destination
 * Tile to the same memory", pto/common/pto_instr.hpp), so that is where
 * the printers check it. */
static int apart_arg(Arch arch, const OpDef *op)
{
    for (int i = 0; i < 8; i++)
        if (op->noalias & (1u << i))
            return op_is(op, OP_BLOCK_RECIP) && arch != ARCH_A2A3 ? -1 : i;
    return -1;
}

/* Argument i of c is a tile variable (flatten_call_expr names every nested
 * call; a use of a scalar or tensor where the instruction takes a tile is
 * no tile); with scalars_too, a scalar of any form is taken as well. */
static int operand_form(IrCtx *ir, const IrCall *c, const IrExpr *a, int scalars_too, Span *at, char *msg,
                        size_t cap)
{
    const IrType *t = a ? ir_expr_type(ir, a) : NULL;
    if (a && scalars_too && t->kind == TYPE_SCALAR)
        return 0;
    if (a && scalars_too && t->kind != TYPE_TILE) {
        snprintf(msg, cap, "this operand cannot be emitted");
        return -1;
    }
    if (!a || !ir_is_var_like(a)) {
        *at = lower_span_of(c->e.span, a);
        snprintf(msg, cap, "a tile variable is expected here (run flatten_call_expr first)");
        return -1;
    }
    if (t->kind != TYPE_TILE) {
        snprintf(msg, cap, "'%s' is not a tile", IR_AS(IrVar, a)->name);
        return -1;
    }
    return 0;
}

/* The operands are of a form the printers take: tiles as variables,
 * scalars as expressions, and tiles only where the instruction takes
 * nothing else (moves, matrix multiplies, a reshape, an accumulator). */
static int operand_forms(IrCtx *ir, const IrCall *c, const LowerOp *lo, Span *at, char *msg, size_t cap)
{
    int tiles_only = lo->how == FORM_MOVE || lo->how == FORM_VEC_MOVE || lo->how == FORM_RESHAPE ||
                     lo->how == FORM_MATMUL || lo->how == FORM_MATMUL_ACC;
    for (uint32_t k = 0; k < lo->nin; k++)
        if (operand_form(ir, c, lower_op_input(c, lo, k), !tiles_only, at, msg, cap) != 0)
            return -1;
    return lo->acc || lo->in_place ? operand_form(ir, c, c->nargs ? c->args[0] : NULL, 0, at, msg, cap) : 0;
}

int lower_op_classify(IrCtx *ir, Arch arch, OpOutput out, const IrVar *dest, const IrCall *c, const OpDef *op,
                      const Lowering *lw, LowerOp *lo, Span *at, char *msg, size_t cap)
{
    char buf[64];
    const char *isa = out == OUT_CPP ? lw->cpp : lw->pto;
    int elem_dt = scalar_elem_dtype(ir, c, dest, lw->eq_first);
    memset(lo, 0, sizeof *lo);
    *at = c->e.span;
    lo->how = lw->how;
    lo->mode = -1;
    lo->apart = -1;
    lo->tmp = lw->tmp;
    snprintf(lo->isa, sizeof lo->isa, "%s", isa ? isa : "");
    lo->precise = ir_call_kwarg_int(c, "high_precision", 0) != 0;
    /* An instruction the target lacks (the op table's DS_NONE; Legalize
     * says so first where it runs) */
    if ((arch == ARCH_A5 ? op->dt_a5 : op->dt_a2a3) == DS_NONE) {
        snprintf(msg, cap, "'%s' has no %s instruction: %s exists on %s only (--arch=%s)",
                 op_printed_name(op, buf, sizeof buf), arch == ARCH_A5 ? "A5" : "A2/A3", lo->isa,
                 arch == ARCH_A5 ? "A2/A3" : "A5", arch == ARCH_A5 ? "a2a3" : "a5");
        return -1;
    }
    switch ((IsaForm)lw->how) {
    case FORM_CREATE:
        return 0;
    case FORM_RESHAPE:
        add_input(lo, 0, elem_dt);
        return operand_forms(ir, c, lo, at, msg, cap);
    case FORM_ELEM:
    case FORM_SCALAR:
        if (equal_operands(ir, out, c, dest, lw->eq_first, lw->eq_n, 1, msg, cap) != 0)
            return -1;
        for (uint32_t i = 0; i < c->nargs && i < sizeof lo->in; i++)
            add_input(lo, i, elem_dt);
        break;
    case FORM_UNARY:
    case FORM_FILLPAD:
    case FORM_ROW_EXPAND:
        /* pto-isa's C++ templates want the result's shape and type;
         * PTOAS's verifiers judge these ops by their own rules.  A fillpad
         * has its operand's shape, or a larger one (fillpad_expand), by
         * its deduction. */
        if (out == OUT_CPP && lw->how != FORM_FILLPAD && equal_operands(ir, out, c, dest, 0, 1, 1, msg, cap) != 0)
            return -1;
        add_input(lo, 0, elem_dt);
        lo->fillpad = lw->how == FORM_FILLPAD;
        if (op_is(op, OP_BLOCK_NOT) && arg_type(ir, c, 0)->dtype != DT_INT16 &&
            arg_type(ir, c, 0)->dtype != DT_UINT16) {
            snprintf(msg, cap, "'%s' needs an INT16 or UINT16 tile", op_printed_name(op, buf, sizeof buf));
            return -1;
        }
        break;
    case FORM_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (mode < 0 || mode > 6) {
            snprintf(msg, cap, "cast mode %" PRId64 " has no %s round mode", mode, output_words[out].name);
            return -1;
        }
        lo->mode = (int8_t)mode;
        add_input(lo, 0, elem_dt);
        if (target_cast_scratch(arch, arg_type(ir, c, 0), dest->type))
            lo->tmp = LOWER_TMP_CVT;
        break;
    }
    case FORM_CMP: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode < 0 || mode > 5) {
            snprintf(msg, cap, "cmp_type %" PRId64 " is not a comparison (0-5)", mode);
            return -1;
        }
        if (dest->type->dtype != DT_INT8 && dest->type->dtype != DT_UINT8) {
            snprintf(msg, cap, "'%s' needs an INT8 or UINT8 result tile for %s (%s writes %s), got %s",
                     op_printed_name(op, buf, sizeof buf), output_words[out].name, isa, output_words[out].mask,
                     dtype_name((DataType)dest->type->dtype));
            return -1;
        }
        /* A cmp's two tiles have the mask's shape on A5, its rows on
         * A2/A3 (a cmps's one tile need not: its mask may be wider, PTOAS
         * and pto-isa ask only for equal valid rows), as Legalize checks
         * them. */
        if (legal_cmp_shapes(ir, arch, c, dest->type, lw->eq_first, lw->eq_n, output_words[out].name, msg, cap) != 0)
            return -1;
        lo->mode = (int8_t)mode;
        add_input(lo, 0, elem_dt);
        add_input(lo, 1, elem_dt);
        break;
    }
    case FORM_FULL:
    case FORM_EXPANDS:
        add_input(lo, 1, dest->type->dtype);
        break;
    case FORM_TRI:
        /* the diagonal, an i32 (pto.ttri); upper as the mode */
        add_input(lo, 0, DT_INT32);
        lo->mode = (int8_t)(ir_call_kwarg_int(c, "upper", 0) != 0);
        break;
    case FORM_RANDOM: {
        /* the six seed words as i32 (pto.trandom's operands); the round
         * count, 7 or 10 by the deduction, as the mode */
        int64_t rounds = ir_call_kwarg_int(c, "rounds", 10);
        for (uint32_t i = 0; i < 6; i++)
            add_input(lo, i, DT_INT32);
        lo->mode = (int8_t)rounds;
        break;
    }
    case FORM_CI:
        /* the start, of the sequence's type; descending as the mode */
        add_input(lo, 0, dest->type->dtype);
        lo->mode = (int8_t)(ir_call_kwarg_int(c, "descending", 0) != 0);
        /* PTOAS wants the scratch explicit; pto-isa's C++ takes the form
         * without one (its CPU simulator has no other) */
        if (out == OUT_MLIR && target_ci_scratch(arch, (DataType)dest->type->dtype))
            lo->tmp = LOWER_TMP_CI;
        break;
    case FORM_COL_EXPAND:
        add_input(lo, 1, elem_dt);
        break;
    case FORM_ROW_REDUCE:
        add_input(lo, 0, elem_dt);
        add_input(lo, 1, elem_dt);
        break;
    case FORM_COL_REDUCE:
        add_input(lo, 0, elem_dt);
        if (c->nargs == 2)   /* the scratch: of the binary-tree sum (isBinary), or of an arg reduction */
            add_input(lo, 1, elem_dt);
        if (c->nargs == 2 && op->cls == OPCL_COL_REDUCE_TMP)
            lo->mode = 1;
        break;
    case FORM_REDUCE: {
        const IrType *t = arg_type(ir, c, 0);
        int64_t axis = ir_call_kwarg_int(c, "axis", 0);
        if (t->n != 2 || !ir_call_kwarg_int(c, "keepdim", 0)) {
            snprintf(msg, cap, "'%s' is lowered only for 2-D tiles with keepdim=True",
                     op_printed_name(op, buf, sizeof buf));
            return -1;
        }
        if (axis < 0)
            axis += 2;
        add_input(lo, 0, elem_dt);
        /* Along the rows (axis 1): a row reduction, whose tmp is shaped
         * like its source (PTOAS's trowmin wants a source-shaped tmp). */
        if (out == OUT_CPP)
            snprintf(lo->isa, sizeof lo->isa, "T%s%s", axis == 1 ? "ROW" : "COL", isa);
        else
            snprintf(lo->isa, sizeof lo->isa, "t%s%s", axis == 1 ? "row" : "col", isa);
        lo->tmp = axis == 1 ? LOWER_TMP_SOURCE : LOWER_TMP_NONE;
        break;
    }
    case FORM_TRANSPOSE:
        add_input(lo, 0, elem_dt);
        lo->tmp = LOWER_TMP_LARGER;
        break;
    case FORM_MOVE:
    case FORM_VEC_MOVE: {
        const IrType *from = arg_type(ir, c, 0);
        int to = ir_type_space(dest->type);
        if (lw->how == FORM_MOVE && ir_call_kwarg_int(c, "transpose", 0)) {
            snprintf(msg, cap, "move with transpose is not supported");
            return -1;
        }
        add_input(lo, 0, elem_dt);
        /* A non-tile operand, or a tile without an on-chip MemRef: the
         * printer says what it is, where it is defined or used. */
        if (from->kind != TYPE_TILE || ir_type_space(from) < 0 || to < 0)
            break;
        if (lw->how == FORM_VEC_MOVE && (ir_type_space(from) != MS_VEC || to != MS_VEC)) {
            snprintf(msg, cap, "'%s' copies within Vec, but this moves %s to %s", op_printed_name(op, buf, sizeof buf),
                     memspace_name((MemorySpace)ir_type_space(from)),
                     memspace_name((MemorySpace)to));
            return -1;
        }
        if (lw->how == FORM_MOVE && (isa_move(arch, ir_type_space(from), to, msg, cap) != 0 ||
                                     isa_move_shapes(arch, from, ir_type_space(from), dest->type, to, msg, cap) != 0))
            return -1;
        break;
    }
    case FORM_TINSERT: {
        /* TINSERT(dst, src, index_row, index_col), dst the target's
         * buffer. */
        const IrType *to = arg_type(ir, c, 0), *from = arg_type(ir, c, 1);
        lo->in_place = 1;
        add_input(lo, 1, elem_dt);
        add_input_elem(lo, 2, 0, DT_INDEX);
        add_input_elem(lo, 2, 1, DT_INDEX);
        if (c->args[2]->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, c->args[2])->n != 2) {
            snprintf(msg, cap, "'%s' needs an offset of two coordinates written in the call", op_printed_name(op, buf, sizeof buf));
            return -1;
        }
        if (from->kind == TYPE_TILE && to->kind == TYPE_TILE && ir_type_space(from) >= 0 && ir_type_space(to) >= 0 &&
            isa_insert(arch, ir_type_space(from), ir_type_space(to), from, to, msg, cap) != 0)
            return -1;
        break;
    }
    case FORM_SCATTER: {
        /* TSCATTER(dst, src, indexes), dst the destination's buffer: its
         * flat offsets are in that buffer (pto-isa npu/a2a3/TScatter.hpp) */
        lo->in_place = 1;
        add_input(lo, 1, elem_dt);
        add_input(lo, 2, arg_type(ir, c, 2)->dtype);
        break;
    }
    case FORM_SCATTER_MASK:
        /* TSCATTER<MaskPattern::P>(dst, src), dst the destination's buffer */
        lo->in_place = 1;
        lo->mode = (int8_t)ir_call_kwarg_int(c, "mask_pattern", 7);
        add_input(lo, 1, elem_dt);
        break;
    case FORM_GETVAL:
    case FORM_SETVAL: {
        /* (tile, offset) -> scalar; (offset, value) into the tile: the
         * Vec tile's element at one flat offset (Legalize flattens the
         * indices), on the scalar unit (pto-isa's Tile::GetValue and
         * SetValue take Vec tiles only; PTOAS TGetValOp says the same). */
        const IrType *t = arg_type(ir, c, 0);
        if (isa_element_access(arch, op, t, msg, cap) != 0)
            return -1;
        if (c->args[1]->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, c->args[1])->n != 1) {
            snprintf(msg, cap, "'%s' takes one flat index here (Legalize flattens the indices)",
                     op_printed_name(op, buf, sizeof buf));
            return -1;
        }
        if (lw->how == FORM_GETVAL)
            add_input(lo, 0, elem_dt);
        else
            lo->in_place = 1;
        add_input_elem(lo, 1, 0, DT_INDEX);
        if (lw->how == FORM_SETVAL)
            add_input(lo, 2, t->dtype);
        break;
    }
    case FORM_TEXTRACT: {
        /* TEXTRACT(dst, src, index_row, index_col): the shape is the
         * result's; the window's corner converts to index. */
        const IrType *from = arg_type(ir, c, 0);
        int to = ir_type_space(dest->type);
        add_input(lo, 0, elem_dt);
        add_input(lo, 1, DT_INDEX);
        add_input(lo, 2, DT_INDEX);
        if (from->kind == TYPE_TILE && ir_type_space(from) >= 0 && to >= 0 &&
            isa_extract(arch, ir_type_space(from), to, from, dest->type, msg, cap) != 0)
            return -1;
        break;
    }
    case FORM_MATMUL:
    case FORM_MATMUL_ACC: {
        uint32_t first = lw->how == FORM_MATMUL_ACC;
        const IrType *lt = arg_type(ir, c, first), *rt = arg_type(ir, c, first + 1);
        lo->acc = lw->how == FORM_MATMUL_ACC;
        add_input(lo, first, elem_dt);
        add_input(lo, first + 1, elem_dt);
        if (op->cls == OPCL_MATMUL_BIAS) {
            const IrType *bt = arg_type(ir, c, 2);
            add_input(lo, 2, bt->dtype);
            if (bt->kind == TYPE_TILE && isa_bias_operand(ir_type_space(bt), op_printed_name(op, buf, sizeof buf), msg,
                                                          cap) != 0)
                return -1;
        }
        if (lt->kind == TYPE_TILE && rt->kind == TYPE_TILE && ir_type_space(lt) >= 0 && ir_type_space(rt) >= 0 &&
            ir_type_space(dest->type) >= 0 &&
            isa_matmul(ir_type_space(lt), ir_type_space(rt), ir_type_space(dest->type), lt, rt,
                         op_printed_name(op, buf, sizeof buf), msg, cap) != 0)
            return -1;
        break;
    }
    case FORM_GATHER:
        /* (src, indices, tmp): the result has the indices' shape; the
         * source is any tile the indices point into */
        if (legal_equal_shapes(ir, c, dest->type, 1, 1, output_words[out].name, msg, cap) != 0)
            return -1;
        add_input(lo, 0, elem_dt);
        add_input(lo, 1, arg_type(ir, c, 1)->dtype);
        add_input(lo, 2, arg_type(ir, c, 2)->dtype);
        break;
    case FORM_TILES:
        /* concat (src0, src1): the deduction matched their rows; PTOAS and
         * pto-isa check the valid extents.  sort32 (src, idx): pto-isa's
         * TSORT32 takes uint32_t indices only (a static_assert), PTOAS
         * i32 or u32. */
        if (op_is(op, OP_BLOCK_SORT32) && out == OUT_CPP && arg_type(ir, c, 1)->dtype != DT_UINT32) {
            snprintf(msg, cap, "'%s' needs UINT32 indices in C++: pto-isa's TSORT32 takes uint32_t only",
                     op_printed_name(op, buf, sizeof buf));
            return -1;
        }
        for (uint32_t i = 0; i < c->nargs && i < sizeof lo->in; i++)
            add_input(lo, i, arg_type(ir, c, i)->dtype);
        break;
    case FORM_MRGSORT2:
        /* (src0, ..., tmp): the sources, then the workspace; exhausted is
         * the mode (the printers add the executed-counts output) */
        lo->mode = (int8_t)(ir_call_kwarg_int(c, "exhausted", 0) != 0);
        for (uint32_t i = 0; i < c->nargs && i < sizeof lo->in; i++)
            add_input(lo, i, elem_dt);
        break;
    case FORM_MRGSORT:
        /* (src, block_len): TMRGSORT(dst, src, uint32_t blockLen); PTOAS
         * takes any integer, i32 here */
        add_input(lo, 0, elem_dt);
        add_input(lo, 1, DT_INT32);
        break;
    case FORM_GATHER_MASK:
        lo->mode = (int8_t)ir_call_kwarg_int(c, "mask_pattern", 7);
        add_input(lo, 0, elem_dt);
        break;
    default:
        ICE("unhandled lowering kind %d of '%s'", lw->how, op_name(op));
    }
    /* A row reduction (its tmp is source-shaped) */
    if (lo->tmp == LOWER_TMP_SOURCE || lw->how == FORM_ROW_REDUCE) {
        if (c->nargs && dest && isa_row_reduce_rows(arch, op, arg_type(ir, c, 0), dest->type, msg, cap) != 0)
            return -1;
    }
    lo->apart = (int8_t)apart_arg(arch, op);
    return operand_forms(ir, c, lo, at, msg, cap);
}

void lower_op_apart_message(const OpDef *op, const LowerOp *lo, Arch arch, char *msg, size_t cap)
{
    char buf[64];
    if (lo->apart == 0)
        snprintf(msg, cap, "%sthe result of '%s' must not share the buffer of its input",
                 arch == ARCH_A2A3 ? "on a2a3 " : "", op_printed_name(op, buf, sizeof buf));
    else
        snprintf(msg, cap, "the result of '%s' must not share the buffer of its %s operand",
                 op_printed_name(op, buf, sizeof buf), lo->apart == 1 ? "second" : lo->apart == 2 ? "third" : "other");
}

/* A gather from or scatter to memory: the whole tensor is the window
 * (offsets 0, its extents); the forms the targets take are Legalize's
 * rule (legal_memory_indexed), checked again here. */
static int memory_indexed_classify(IrCtx *ir, const IrVar *dest, const IrCall *c, IsaForm how, LowerTransfer *t,
                                   Span *at, char *msg, size_t cap)
{
    int gather = how == FORM_MGATHER;
    const IrType *tensor = ir_expr_type(ir, c->args[t->tensor_arg]);
    const IrType *data = gather ? (dest ? dest->type : c->type) : ir_expr_type(ir, c->args[0]);
    const IrType *idx = ir_expr_type(ir, c->args[1]);
    const IrExpr *zeros[LEGAL_MAX_RANK];
    *at = c->e.span;
    t->index = c->args[1];
    t->coalesce = (int8_t)(gather ? ir_call_kwarg_int(c, "coalesce", 0) : 1);
    t->oob = (int8_t)(gather ? ir_call_kwarg_int(c, "gather_oob", 0) : 0);
    if (tensor->kind != TYPE_TENSOR || data->kind != TYPE_TILE || idx->kind != TYPE_TILE)
        return 0;   /* reported where they are defined */
    if (legal_memory_indexed(ir, c, data, msg, cap) != 0)
        return -1;
    for (uint32_t d = 0; d < tensor->n; d++) {
        zeros[d] = ir_const_int(ir, 0, DT_INDEX, c->e.span);
        if (!ir_dim_value(tensor->dims[d], &t->size[d]))
            t->size_x[d] = tensor->dims[d];
    }
    t->offsets = IR_AS(IrMakeTuple, ir_make_tuple(ir, tensor->n, zeros, c->e.span));
    t->shapes = t->offsets;
    return 0;
}

/* A load into a sub-view of the destination (tile.gather_row): src's
 * window at src_offset, valid_shape of it, into the sub-view the rule
 * gives (legal_gather_row), which has the destination's MemRef and
 * layout and the transfer's valid shape. */
static const IrType *sub_view_type(IrCtx *ir, const IrType *dst, int64_t rows, int64_t cols,
                                   const IrMakeTuple *valid)
{
    const IrTileView *v = dst->tile_view;
    const IrExpr *dims[2];
    dims[0] = ir_dim_const(ir, rows);
    dims[1] = ir_dim_const(ir, cols);
    v = v ? ir_tile_view_in(ir,
                            ir_tile_view(ir, 2, valid->elems, v->nstride, v->stride, v->start_offset,
                                         (TileLayout)v->blayout, (TileLayout)v->slayout, v->fractal, (TilePad)v->pad),
                            v->space)
          : ir_tile_view(ir, 2, valid->elems, 0, NULL, NULL, TL_ROW_MAJOR, TL_NONE_BOX, 512, TP_NULL);
    return ir_type_tile(ir, (DataType)dst->dtype, 2, dims, dst->memref, v);
}

static int gather_row_classify(IrCtx *ir, const IrVar *dest, const IrCall *c, LowerTransfer *t, char *msg, size_t cap)
{
    const IrType *dst = dest ? dest->type : c->type, *tensor = ir_expr_type(ir, c->args[1]);
    const IrExpr *row;
    int64_t r;
    t->tensor_arg = 1;
    if (dst->kind != TYPE_TILE || tensor->kind != TYPE_TENSOR || ir_type_space(dst) < 0)
        return 0;   /* reported where they are defined */
    if (legal_gather_row(c, dst, ir_type_space(dst), &t->row, msg, cap) != 0)
        return -1;
    if (!t->row.valid)
        return 0;
    t->offsets = t->row.src_off;
    t->shapes = t->row.valid;
    for (uint32_t d = 0; d < 2; d++)
        if (!ir_dim_value(t->row.valid->elems[d], &t->size[d]))
            t->size_x[d] = t->row.valid->elems[d];
    t->sub_pto = sub_view_type(ir, dst, t->row.rows, t->row.cols, t->row.valid);
    t->sub_cpp = sub_view_type(ir, dst, t->row.cpp_rows, t->row.cpp_cols, t->row.valid);
    row = t->row.dst_off->elems[0];
    if (ir_dim_value(row, &r))
        t->sub_off = ir_const_int(ir, r * t->row.row_bytes + t->row.const_bytes, DT_INT64, c->e.span);
    else
        t->sub_off = ir_binary(ir, BIN_ADD, DT_INT64,
                               ir_binary(ir, BIN_MUL, DT_INT64, ir_unary(ir, UN_CAST, DT_INT64, row, c->e.span),
                                         ir_const_int(ir, t->row.row_bytes, DT_INT64, c->e.span), c->e.span),
                               ir_const_int(ir, t->row.const_bytes, DT_INT64, c->e.span), c->e.span);
    return 0;
}

int lower_transfer_classify(IrCtx *ir, OpOutput out, const IrVar *dest, const IrCall *c, IsaForm how,
                            LowerTransfer *t, Span *at, char *msg, size_t cap)
{
    char buf[64];
    const OpDef *op = callee_op(c->callee);
    int is_load = how == FORM_LOAD;
    const IrType *tensor, *tile = is_load ? (dest ? dest->type : c->type) : ir_expr_type(ir, c->args[0]);
    int space = ir_type_space(tile);
    memset(t, 0, sizeof *t);
    t->how = (uint8_t)how;
    t->tensor_arg = is_load ? 0 : 3;
    t->peer = op && op->cls == OPCL_REMOTE_LOAD ? c->args[1] : NULL;
    t->atomic_add = (uint8_t)(!is_load && ir_call_atomic_add(c));
    *at = c->e.span;
    if (how == FORM_MGATHER || how == FORM_MSCATTER) {
        t->tensor_arg = how == FORM_MGATHER ? 0 : 2;
        return memory_indexed_classify(ir, dest, c, how, t, at, msg, cap);
    }
    if (how == FORM_GATHER_ROW)
        return gather_row_classify(ir, dest, c, t, msg, cap);
    if (op && op->cls == OPCL_REMOTE_STORE) {
        t->tensor_arg = 1;
        t->peer = c->args[2];
        if (legal_remote_store_lists(ir, c, &t->offsets, &t->shapes, msg, cap) != 0)
            return -1;
    } else if (legal_transfer_lists(c, &t->offsets, &t->shapes, msg, cap) != 0) {
        return -1;
    }
    tensor = ir_expr_type(ir, c->args[t->tensor_arg]);
    if (tensor->kind != TYPE_TENSOR)
        return 0;   /* the printer says where the tensor should come from */
    if (legal_transfer_shape(c, tile, t->offsets, t->shapes, tensor->n, t->size, at, msg, cap) != 0)
        return -1;
    /* A valid extent known only at run time is the partition's there: a
     * transfer moves the tile's valid part (pto-isa's TLOAD and TSTORE
     * check the GlobalTensor's shape against it); beside one, a constant
     * valid extent is the partition's too (a [16, K] tile of 8 valid rows
     * and a run-time K remainder moves 8 rows). */
    /* (A window of rank 3 or more has the 2-D tile's rows as its last
     * leading dimension: legal_transfer_shape.) */
    if (tile->kind == TYPE_TILE && tile->tile_view && tile->tile_view->nvalid == tile->n && tile->n <= 2 &&
        (tile->n == t->shapes->n || (tile->n == 2 && t->shapes->n > 2)) && !ir_tile_const_valid(tile))
        for (uint32_t d = 0; d < tile->n; d++) {
            int64_t v;
            if (!ir_dim_value(tile->tile_view->valid_shape[d], &v))
                t->size_x[t->shapes->n - tile->n + d] = tile->tile_view->valid_shape[d];
            else if (v >= 0 && v < t->size[t->shapes->n - tile->n + d])
                t->size[t->shapes->n - tile->n + d] = v;
        }
    *at = c->e.span;
    if (!is_load && operand_form(ir, c, c->nargs ? c->args[0] : NULL, 0, at, msg, cap) != 0)
        return -1;
    if (tile->kind != TYPE_TILE || space < 0)
        return 0;   /* a tile without an on-chip MemRef: reported where it is defined */
    if (!is_load &&
        (how == FORM_L0C_STORE ? space != MS_ACC : space != MS_VEC && space != MS_MAT && space != MS_ACC)) {
        snprintf(msg, cap, "'%s' cannot store a tile from %s", op_printed_name(op, buf, sizeof buf),
                 memspace_name((MemorySpace)space));
        return -1;
    }
    if (is_load && space != MS_VEC && space != MS_MAT) {
        snprintf(msg, cap, "'%s' can load only into Vec or Mat, not %s", op_printed_name(op, buf, sizeof buf),
                 memspace_name((MemorySpace)space));
        return -1;
    }
    return legal_transfer_layout(c, tensor, tile, space, msg, cap);
}
