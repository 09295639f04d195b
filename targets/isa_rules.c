/* isa_rules.c: pto-isa's rules of instruction forms (see isa_rules.h):
 * a tile's shape, layout, address and scratch region, the moves and the
 * cube's operands, the operands of flags and barriers. */
#include "config.h"
#include "targets/isa_rules.h"
#include "ir/op_registry.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* pto-isa's static rules of a tile's shape and layout (cpp.md 4.1,
 * pto-mlir.md 5.1), which Legalize reports at each tile's definition and
 * the lowering relies on. */
int isa_tile_shape(const IrType *t, const char *what, int64_t *rows, int64_t *cols, char *msg, size_t cap)
{
    char dims[64];
    *rows = *cols = 1;
    if (t->n < 1 || t->n > 2) {
        snprintf(msg, cap, "tile '%s' has rank %u; tiles have rank 1 or 2", what, t->n);
        return -1;
    }
    if (!ir_dim_value(t->dims[t->n - 1], cols) || (t->n == 2 && !ir_dim_value(t->dims[0], rows)) || *rows <= 0 ||
        *cols <= 0) {
        snprintf(msg, cap, "tile '%s' has shape %s; tiles need a static positive shape", what,
                 legal_dims_text(t, dims, sizeof dims));
        return -1;
    }
    return 0;
}

int isa_tile_layout(const IrType *t, const char *what, int64_t rows, int64_t cols, TileLayout bl, TileLayout sl,
                    uint32_t fractal, char *msg, size_t cap)
{
    int64_t bytes = dtype_bytes((DataType)t->dtype), pr, pc;
    int space = ir_tile_space(t);
    char dims[64];   /* written for a message only: every tile is checked */
    /* none_box is a small layout; pto-isa's BLayout is RowMajor or ColMajor
     * (cpp.md 2), and PTOAS's tile_buf blayout row_major or col_major. */
    if (bl == TL_NONE_BOX) {
        snprintf(msg, cap,
                 "tile '%s' has the big layout none_box; a tile's blayout is row_major or col_major (none_box is a "
                 "value of slayout only)",
                 what);
        return -1;
    }
    if (sl == TL_NONE_BOX) {
        int64_t n = bl == TL_COL_MAJOR ? rows : cols;
        /* A Vec tile is padded to whole 32-byte rows (isa_tile_padded);
         * a tile elsewhere must have them. */
        if (space == MS_VEC && isa_tile_padded(space, bl, sl, fractal, (DataType)t->dtype, rows, cols, &pr, &pc) != 0) {
            snprintf(msg, cap, "tile '%s' %s of %s is too large to pad to whole 32-byte %s", what,
                     legal_dims_text(t, dims, sizeof dims), dtype_name((DataType)t->dtype),
                     bl == TL_COL_MAJOR ? "columns" : "rows");
            return -1;
        }
        if (space != MS_VEC && n % 32 * bytes % 32 != 0) {   /* n * bytes % 32, without overflow */
            snprintf(msg, cap,
                     "tile '%s' %s of %s in %s is %s: its %s hold %" PRId64 " x %" PRId64
                     " bytes, and the target needs a multiple of 32",
                     what, legal_dims_text(t, dims, sizeof dims), dtype_name((DataType)t->dtype),
                     space < 0 ? "?" : memspace_name((MemorySpace)space),
                     bl == TL_COL_MAJOR ? "a column vector (col_major)" : "row-major",
                     bl == TL_COL_MAJOR ? "columns" : "rows", n, bytes);
            return -1;
        }
    } else if (fractal >= (uint32_t)(16 * bytes) &&
               isa_tile_padded(space, bl, sl, fractal, (DataType)t->dtype, rows, cols, &pr, &pc) != 0) {
        /* A boxed tile is padded to whole fractal boxes (isa_tile_padded). */
        snprintf(msg, cap, "tile '%s' %s of %s is too large to pad to whole fractal boxes", what,
                 legal_dims_text(t, dims, sizeof dims), dtype_name((DataType)t->dtype));
        return -1;
    }
    return 0;
}

/* ops.md 2: the MLIR and the C++ element types cover the same dtypes. */
int isa_dtype_ok(DataType dt) { return legal_mlir_dtype(dt) != NULL; }

int isa_tile_geom(Arch a, const IrType *t, int fillpad, const char *what, const char *output, TileGeom *g,
                    char *msg, size_t cap)
{
    int space = t->kind == TYPE_TILE ? ir_type_space(t) : -1;
    int64_t rows = 1, cols = 1, bytes = dtype_bytes((DataType)t->dtype);
    TileLayoutInfo L;
    char dims[64];
    if (t->kind != TYPE_TILE) {
        snprintf(msg, cap, "'%s' is not a tile", what);
        return -1;
    }
    if (space < 0 || space == MS_DDR) {
        snprintf(msg, cap, "tile '%s' has no on-chip MemRef; run init_memref before emitting %s", what, output);
        return -1;
    }
    if (!isa_dtype_ok((DataType)t->dtype)) {
        snprintf(msg, cap, "tile '%s' has data type %s, which has no %s lowering", what,
                 dtype_name((DataType)t->dtype), output);
        return -1;
    }
    if (isa_tile_shape(t, what, &rows, &cols, msg, cap) != 0)
        return -1;
    L = target_tile_layout(a, t, (MemorySpace)space);
    if (fillpad && L.pad == TP_NULL)
        L.pad = TP_ZERO;
    if (isa_tile_layout(t, what, rows, cols, L.blayout, L.slayout, L.fractal, msg, cap) != 0)
        return -1;
    /* A fractal layout's boxes are 16 rows of fractal / 16 bytes. */
    if (L.slayout != TL_NONE_BOX && (int64_t)L.fractal < 16 * bytes) {
        snprintf(msg, cap, "tile '%s' of %s in %s has fractal=%u, less than a 16-row box of its elements", what,
                 dtype_name((DataType)t->dtype), memspace_name((MemorySpace)space), L.fractal);
        return -1;
    }
    /* A Vec tile's rows (a column vector's columns) are whole 32-byte
     * blocks, a boxed tile whole fractal boxes: the tile is its padded
     * shape, valid in its own. */
    if (isa_tile_padded(space, L.blayout, L.slayout, L.fractal, (DataType)t->dtype, rows, cols, &g->rows, &g->cols) != 0) {
        snprintf(msg, cap, "tile '%s' is too large to pad to its layout's whole blocks", what);
        return -1;
    }
    /* Its MemRef (a program may give its own) holds it as laid out. */
    if ((g->rows != rows || g->cols != cols) && t->memref && t->memref->size &&
        t->memref->size < (uint64_t)(g->rows * g->cols * bytes)) {
        snprintf(msg, cap,
                 "tile '%s' %s of %s is held as %" PRId64 "x%" PRId64 " (its %s padded to whole %s), %" PRId64
                 " bytes, but its MemRef '%s' has %" PRIu64,
                 what, legal_dims_text(t, dims, sizeof dims), dtype_name((DataType)t->dtype), g->rows, g->cols,
                 L.slayout != TL_NONE_BOX ? "shape" : L.blayout == TL_COL_MAJOR ? "columns" : "rows",
                 L.slayout != TL_NONE_BOX ? "fractal boxes" : "32 bytes", g->rows * g->cols * bytes, t->memref->v.name,
                 t->memref->size);
        return -1;
    }
    /* A constant valid shape within the tile (a compare's mask: its bits
     * fill the first cols/8 bytes of each row) is the valid part that
     * PTOAS's v_row/v_col and pto-isa's ValidRow/ValidCol carry; a
     * dynamic one is not spelled. */
    g->vrows = rows;
    g->vcols = cols;
    g->vrow_x = g->vcol_x = NULL;
    const IrExpr *const *valid = ir_tile_const_valid(t);
    if (valid && valid != t->dims) {
        int64_t vr = 1, vc;
        ir_dim_value(valid[t->n - 1], &vc);
        if (t->n == 2)
            ir_dim_value(valid[0], &vr);
        if (vr > 0 && vr <= rows && vc > 0 && vc <= cols) {
            g->vrows = vr;
            g->vcols = vc;
        }
    } else if (t->tile_view && t->tile_view->nvalid == t->n) {
        /* A run-time extent (PTOAS v_row=? with alloc_tile's valid_row
         * operand, pto-isa's DYNAMIC ValidRow with the constructor's). */
        const IrExpr *const *v = t->tile_view->valid_shape;
        int64_t x;
        if (t->n == 2 && !ir_dim_value(v[0], &x)) {
            g->vrows = -1;
            g->vrow_x = v[0];
        } else if (t->n == 2 && x > 0 && x <= rows) {
            g->vrows = x;
        }
        if (!ir_dim_value(v[t->n - 1], &x)) {
            g->vcols = -1;
            g->vcol_x = v[t->n - 1];
        } else if (x > 0 && x <= cols) {
            g->vcols = x;
        }
    }
    g->space = space;
    g->L = L;
    return 0;
}

int isa_tile_addr(const IrType *t, const char *what, const char *hint, int64_t *addr, char *msg, size_t cap)
{
    int64_t a = -1;
    if (!t->memref || !ir_dim_value(t->memref->addr, &a) || a < 0) {
        snprintf(msg, cap, "tile '%s' has no address; run allocate_memory_addr%s", what, hint);
        return -1;
    }
    if (a % target_align((MemorySpace)t->memref->space) != 0) {
        snprintf(msg, cap, "tile '%s' is at address %" PRId64 " of %s, which is not %u-byte aligned", what, a,
                 memspace_name((MemorySpace)t->memref->space), target_align((MemorySpace)t->memref->space));
        return -1;
    }
    *addr = a;
    return 0;
}

int isa_scratch(const IrFunc *f, const IrMemRef *region, uint64_t need, const char *op, const char *hint,
                  int64_t *addr, char *msg, size_t cap)
{
    if (!region || !ir_dim_value(region->addr, addr) || *addr < 0) {
        snprintf(msg, cap, "'%s' needs a scratch tile, but '%s' has no scratch region; run allocate_memory_addr%s",
                 op, f->name, hint);
        return -1;
    }
    if (region->size < need) {
        snprintf(msg, cap, "'%s' needs a scratch tile of %" PRIu64 " bytes, but the scratch region of '%s' has %" PRIu64,
                 op, need, f->name, region->size);
        return -1;
    }
    if (*addr % TARGET_ALIGN != 0) {
        snprintf(msg, cap, "the scratch region of '%s' is not %u-byte aligned", f->name, TARGET_ALIGN);
        return -1;
    }
    return 0;
}

int isa_move(Arch a, int from, int to, char *msg, size_t cap)
{
    if (from < 0 || to < 0 || !target_move_ok(a, from, to)) {
        snprintf(msg, cap, "a move from %s to %s is not supported on %s (supported: %s)",
                 from < 0 ? "?" : memspace_name((MemorySpace)from), to < 0 ? "?" : memspace_name((MemorySpace)to),
                 arch_name(a), target_moves_text(a));
        return -1;
    }
    return 0;
}

int isa_move_shapes(Arch a, const IrType *src, int from, const IrType *dst, int to, char *msg, size_t cap)
{
    int64_t sr, sc, dr, dc;
    if (a == ARCH_A5 || from == MS_MAT || to == MS_MAT || src->kind != TYPE_TILE || dst->kind != TYPE_TILE ||
        isa_tile_laid_out(a, src, from, &sr, &sc) != 0 || isa_tile_laid_out(a, dst, to, &dr, &dc) != 0 ||
        (sr == dr && sc == dc))
        return 0;
    snprintf(msg, cap,
             "a move from %s to %s on %s copies the tile as it is held, and the source is held as [%" PRId64
             ", %" PRId64 "], the target as [%" PRId64 ", %" PRId64 "] (padded to its layout's whole boxes or "
             "rows): move between tiles held at one shape",
             memspace_name((MemorySpace)from), memspace_name((MemorySpace)to), arch_name(a), sr, sc, dr, dc);
    return -1;
}

static const char *space_text(int space) { return space < 0 ? "?" : memspace_name((MemorySpace)space); }

/* A copy within Vec (TEXTRACT, TINSERT) takes row-major tiles on both
 * sides. */
static int vec_copy_layouts(Arch a, const IrType *src, const IrType *dst, const char *op, char *msg, size_t cap)
{
    TileLayoutInfo ls = target_tile_layout(a, src, MS_VEC), ld = target_tile_layout(a, dst, MS_VEC);
    if (ls.blayout == TL_ROW_MAJOR && ls.slayout == TL_NONE_BOX && ld.blayout == TL_ROW_MAJOR &&
        ld.slayout == TL_NONE_BOX)
        return 0;
    snprintf(msg, cap, "tile.%s within Vec needs row-major tiles on both sides (a [M, 1] column is column-major)",
             op);
    return -1;
}

int isa_element_access(Arch a, const OpDef *op, const IrType *t, char *msg, size_t cap)
{
    char buf[64], dims[64];
    int64_t rows, cols, pr, pc;
    if (t->kind == TYPE_TILE && ir_tile_space(t) == MS_VEC) {
        /* A flat offset counts the tile's shape; in a padded tile of
         * several rows (columns) the element is elsewhere, and the op's
         * deduction bounds the offset by the shape. */
        if (t->n == 2 && isa_tile_laid_out(a, t, MS_VEC, &pr, &pc) == 0 && ir_dim_value(t->dims[0], &rows) &&
            ir_dim_value(t->dims[1], &cols) && ((pc != cols && rows > 1) || (pr != rows && cols > 1))) {
            snprintf(msg, cap,
                     "'%s' of a tile %s of %s, which is held padded to whole 32-byte rows as [%" PRId64 ", %" PRId64
                     "]: an element's flat offset there is not its offset in the tile's shape, which is what the op "
                     "takes (use a tile of whole 32-byte rows, or of one row)",
                     op_printed_name(op, buf, sizeof buf), legal_dims_text(t, dims, sizeof dims),
                     dtype_name((DataType)t->dtype), pr, pc);
            return -1;
        }
        return 0;
    }
    if (t->kind != TYPE_TILE)
        return 0;
    snprintf(msg, cap, "'%s' reads and writes Vec tiles only (the scalar unit reaches no other memory), here a %s tile",
             op_printed_name(op, buf, sizeof buf), memspace_name((MemorySpace)ir_tile_space(t)));
    return -1;
}

int isa_extract(Arch a, int from, int to, const IrType *src, const IrType *dst, char *msg, size_t cap)
{
    if (from < 0 || to < 0 || !target_move_ok(a, from, to)) {
        snprintf(msg, cap, "tile.extract from %s to %s is not supported on %s (supported: %s)",
                 from < 0 ? "?" : memspace_name((MemorySpace)from), to < 0 ? "?" : memspace_name((MemorySpace)to),
                 arch_name(a), target_moves_text(a));
        return -1;
    }
    if (a == ARCH_A2A3 && from == MS_ACC) {
        snprintf(msg, cap,
                 "on a2a3 tile.extract cannot copy out of Acc: TEXTRACT there only converts FP32 to FP16 or BF16, "
                 "and tile.extract keeps the element type (--arch=a5 takes it)");
        return -1;
    }
    if (from == MS_VEC && to == MS_VEC)
        return vec_copy_layouts(a, src, dst, "extract", msg, cap);
    return 0;
}

int isa_insert(Arch a, int from, int to, const IrType *src, const IrType *dst, char *msg, size_t cap)
{
    int ok = (from == MS_VEC && to == MS_VEC) || (from == MS_ACC && to == MS_MAT) ||
             (a == ARCH_A5 && ((from == MS_ACC && to == MS_VEC) || (from == MS_VEC && to == MS_MAT)));
    if (!ok) {
        snprintf(msg, cap, "tile.assemble of a %s tile into a %s tile is not supported on %s (supported: %s)",
                 space_text(from), space_text(to), arch_name(a),
                 a == ARCH_A5 ? "Vec into Vec or Mat, Acc into Mat or Vec" : "Vec into Vec, Acc into Mat");
        return -1;
    }
    if (a == ARCH_A2A3 && from == MS_ACC && (src->dtype != DT_FP32 || (dst->dtype != DT_FP16 && dst->dtype != DT_BF16))) {
        snprintf(msg, cap, "on a2a3 tile.assemble out of Acc converts FP32 to FP16 or BF16 only (TINSERT), here %s to %s "
                           "(--arch=a5 also keeps FP32)",
                 dtype_name((DataType)src->dtype), dtype_name((DataType)dst->dtype));
        return -1;
    }
    if (from == MS_VEC && to == MS_VEC)
        return vec_copy_layouts(a, src, dst, "assemble", msg, cap);
    return 0;
}

int isa_matmul(int lspace, int rspace, int dspace, const IrType *lt, const IrType *rt, const char *op, char *msg,
                 size_t cap)
{
    int64_t m = 0, k = 0, n = 0;
    if (lspace != MS_LEFT || rspace != MS_RIGHT || dspace != MS_ACC) {
        snprintf(msg, cap,
                 "'%s' needs its left operand in Left, its right operand in Right and its result in Acc (here: %s, "
                 "%s and %s)",
                 op, space_text(lspace), space_text(rspace), space_text(dspace));
        return -1;
    }
    if (lt->n == 2 && rt->n == 2 && ir_dim_value(lt->dims[0], &m) && ir_dim_value(lt->dims[1], &k) &&
        ir_dim_value(rt->dims[1], &n) && (m > 4095 || k > 4095 || n > 4095)) {
        snprintf(msg, cap, "'%s' is %" PRId64 "x%" PRId64 "x%" PRId64 "; the cube unit handles m, k and n up to 4095",
                 op, m, k, n);
        return -1;
    }
    /* A K that is not whole 32-byte box columns pads the operands
     * (isa_tile_padded) with K elements the cube would sum into the
     * product: the runtime and pto-isa's CPU model stop at the valid K, the
     * cube's boxes do not. */
    if (lt->n == 2 && ir_dim_value(lt->dims[1], &k) && dtype_bytes((DataType)lt->dtype) > 0 &&
        k % 32 * dtype_bytes((DataType)lt->dtype) % 32 != 0) {
        snprintf(msg, cap,
                 "'%s' has K = %" PRId64 " of %s, not whole 32-byte fractal box columns: its operands are held "
                 "padded to whole boxes and the cube would sum their padding into the product (make K a multiple "
                 "of %d)",
                 op, k, dtype_name((DataType)lt->dtype), 32 / dtype_bytes((DataType)lt->dtype));
        return -1;
    }
    /* PTOAS 0.60's tmatmul wants lhs [M, K] and rhs [K, N] of one K in
     * their valid shapes ("expects static matmul tile shapes"). */
    if (lt->n == 2 && rt->n == 2) {
        const IrExpr *lk = lt->tile_view && lt->tile_view->nvalid == 2 ? lt->tile_view->valid_shape[1] : lt->dims[1];
        const IrExpr *rk = rt->tile_view && rt->tile_view->nvalid == 2 ? rt->tile_view->valid_shape[0] : rt->dims[0];
        int64_t a, b;
        if (ir_dim_value(lk, &a) && ir_dim_value(rk, &b) && a != b) {
            snprintf(msg, cap,
                     "'%s' multiplies a left operand valid in %" PRId64 " columns by a right operand valid in %" PRId64
                     " rows; the valid K of the two must agree",
                     op, a, b);
            return -1;
        }
    }
    return 0;
}

int isa_bias_operand(int bspace, const char *op, char *msg, size_t cap)
{
    if (bspace == MS_BIAS)
        return 0;
    snprintf(msg, cap, "'%s' needs its bias in Bias (here: %s): move a Mat tile there with pl.move(..., "
                       "target_memory=pl.Mem.Bias)",
             op, space_text(bspace));
    return -1;
}

int isa_system(const IrCall *c, const OpDef *op, SystemLowering *s, char *msg, size_t cap)
{
    memset(s, 0, sizeof *s);
    switch ((OpId)op->id) {
    case OP_SYSTEM_SYNC_SRC:
    case OP_SYSTEM_SYNC_DST:
        s->flag = op->id == OP_SYSTEM_SYNC_SRC ? 1 : 2;
        s->set_pipe = (int)ir_call_kwarg_int(c, "set_pipe", 0);
        s->wait_pipe = (int)ir_call_kwarg_int(c, "wait_pipe", 0);
        s->event = ir_call_kwarg_int(c, "event_id", 0);
        if (s->set_pipe < 0 || s->set_pipe >= PIPE_COUNT || s->wait_pipe < 0 || s->wait_pipe >= PIPE_COUNT ||
            s->event < 0 || s->event > 7) {
            snprintf(msg, cap, "pipes must be 0-7 and event ids 0-7");
            return -1;
        }
        return 0;
    case OP_SYSTEM_BAR_V:
        s->barrier = "V";
        return 0;
    case OP_SYSTEM_BAR_M:
        s->barrier = "M";
        return 0;
    case OP_SYSTEM_BAR_ALL:
        s->barrier = "ALL";
        return 0;
    case OP_SYSTEM_FENCE:
        s->gm = GM_FENCE;
        return 0;
    case OP_SYSTEM_CACHEINVALID:
    case OP_SYSTEM_CACHEINVALID_LINE:   /* every line includes the region's */
        s->gm = GM_CACHE_INVALIDATE;
        return 0;
    case OP_SYSTEM_SYNCALL: {   /* the hard (FFTS) barrier; the soft one has no lowering yet (its row says why) */
        const IrKwarg *ct = ir_call_kwarg(c, "core_type");
        s->gm = GM_SYNCALL;
        s->core_type = ct && ct->kind == KW_STRING ? ct->v.s : "mix";
        return 0;
    }
    case OP_SYSTEM_SYNC_SET:
    case OP_SYSTEM_SYNC_WAIT: {
        const IrKwarg *mode = ir_call_kwarg(c, "ffts_mode");
        s->xsync = op->id == OP_SYSTEM_SYNC_SET ? 1 : 2;
        s->set_pipe = (int)ir_call_kwarg_int(c, "pipe", 0);
        s->ffts_mode = mode ? ir_call_kwarg_int(c, "ffts_mode", 0) : -1;
        {
            const IrKwarg *ct = ir_call_kwarg(c, "core_type");
            s->xcore_type = ct && ct->kind == KW_STRING ? ct->v.s : NULL;
        }
        if (c->nargs != 1 || s->set_pipe < 0 || s->set_pipe >= PIPE_COUNT) {
            snprintf(msg, cap, "'%s' needs an event id and a pipe", op_name(op));
            return -1;
        }
        if (c->args[0]->kind == EXPR_CONST_INT)
            s->event = IR_AS(IrConstInt, c->args[0])->value;
        else
            s->event_x = c->args[0];
        return 0;
    }
    case OP_SYSTEM_SET_FFTS:
        if (c->nargs != 1 || c->args[0]->kind != EXPR_VAR) {
            snprintf(msg, cap, "'%s' needs a tensor parameter", op_name(op));
            return -1;
        }
        s->xsync = 3;
        s->workspace = IR_AS(IrVar, c->args[0]);
        return 0;
    default:
        snprintf(msg, cap, "'%s' is not a system op", op_name(op));
        return -1;
    }
}

int isa_xcore_sync(Arch a, KernelKind k, const SystemLowering *s, int ffts_set, char *msg, size_t cap)
{
    const char *what = s->xsync == 1 ? "sync_set" : "sync_wait";
    const char *own = k == KERNEL_CUBE ? "aic" : "aiv";
    if (s->xcore_type && strcmp(s->xcore_type, own) != 0) {
        snprintf(msg, cap,
                 "'pl.system.%s' with core_type=\"%s\" in a%s kernel: it runs on the other core, where "
                 "ExpandMixedKernel puts it only from a mixed (InCore) kernel",
                 what, s->xcore_type, k == KERNEL_CUBE ? " cube (aic)" : " vector (aiv)");
        return -1;
    }
    if (a != ARCH_A5 && !ffts_set) {
        snprintf(msg, cap,
                 "'pl.system.%s' on A2/A3 needs the FFTS unit's workspace given first in the same kernel "
                 "(pl.system.set_ffts)",
                 what);
        return -1;
    }
    if (a == ARCH_A5 && s->set_pipe != PIPE_FIX && s->set_pipe != PIPE_MTE1 && s->set_pipe != PIPE_MTE2 &&
        s->set_pipe != PIPE_MTE3 && s->set_pipe != PIPE_V) {
        snprintf(msg, cap, "'pl.system.%s' on A5 takes the pipe FIX, MTE1, MTE2, MTE3 or V, got %s", what,
                 pipe_name((PipeKind)s->set_pipe));
        return -1;
    }
    return 0;
}

