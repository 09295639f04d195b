/* lower.c: the lowering facts both kernel emitters share (see lower.h). */
#include "config.h"
#include "codegen/lower.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "support/ptrmap.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const Lowering *lower_of(const OpDef *op, Lowering *lw)
{
    const OpTraits *t = op_traits(op);
    char cpp_buf[4];
    lw->how = t->form;
    lw->tmp = t->scratch == SCRATCH_RESULT         ? LOWER_TMP_RESULT
              : t->scratch == SCRATCH_RESULT_WORDS ? LOWER_TMP_WORDS
                                                   : LOWER_TMP_NONE;
    lw->eq_first = t->eq_first;
    lw->eq_n = t->eq_n;
    lw->pto = op_spelling(op, OUT_MLIR, lw->pto_buf, sizeof lw->pto_buf, &lw->why_pto);
    lw->cpp = op_spelling(op, OUT_CPP, cpp_buf, sizeof cpp_buf, &lw->why_cpp);
    if (lw->why_pto || lw->why_cpp)
        lw->how = FORM_NONE;
    return lw;
}

int lower_system(const IrCall *c, const OpDef *op, SystemLowering *s, char *msg, size_t cap)
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
    default:
        snprintf(msg, cap, "'%s' is not a system op", op_name(op));
        return -1;
    }
}

Span lower_span_of(Span stmt, const IrExpr *x)
{
    if (!x || ir_is_var_like(x) || x->span.lo == SPAN_UNKNOWN_OFFSET)
        return stmt;
    return x->span;
}

/* ops.md 2: the MLIR and the C++ element types cover the same dtypes. */
int lower_dtype_ok(DataType dt) { return mlir_elem_type(dt) != NULL; }

int lower_tile_geom(Arch a, const IrType *t, int fillpad, const char *what, const char *output, TileGeom *g,
                    char *msg, size_t cap)
{
    char dims[64];
    int space = t->kind == TYPE_TILE ? ir_type_space(t) : -1;
    int64_t rows = 1, cols = 1, bytes = dtype_bytes((DataType)t->dtype);
    TileLayoutInfo L;
    if (t->kind != TYPE_TILE) {
        snprintf(msg, cap, "'%s' is not a tile", what);
        return -1;
    }
    if (space < 0 || space == MS_DDR) {
        snprintf(msg, cap, "tile '%s' has no on-chip MemRef; run init_memref before emitting %s", what, output);
        return -1;
    }
    if (!lower_dtype_ok((DataType)t->dtype)) {
        snprintf(msg, cap, "tile '%s' has data type %s, which has no %s lowering", what,
                 dtype_name((DataType)t->dtype), output);
        return -1;
    }
    if (t->n < 1 || t->n > 2) {
        snprintf(msg, cap, "tile '%s' has rank %u; %s tiles have rank 1 or 2", what, t->n, output);
        return -1;
    }
    if (!ir_dim_value(t->dims[t->n - 1], &cols) || (t->n == 2 && !ir_dim_value(t->dims[0], &rows)) || rows <= 0 ||
        cols <= 0) {
        snprintf(msg, cap, "tile '%s' has shape %s; %s tiles need a static positive shape", what,
                 lower_dims_text(t, dims, sizeof dims), output);
        return -1;
    }
    L = target_tile_layout(a, t, (MemorySpace)space);
    if (fillpad && L.pad == TP_NULL)
        L.pad = TP_ZERO;
    /* pto-isa's static shape rules for the layout; none_box is a small
     * layout only. */
    if (L.blayout == TL_NONE_BOX) {
        snprintf(msg, cap, "tile '%s' has the big layout none_box; %s tiles have a row_major or col_major blayout",
                 what, output);
        return -1;
    } else if (L.slayout == TL_NONE_BOX) {
        int64_t n = L.blayout == TL_COL_MAJOR ? rows : cols;
        if (n * bytes % 32 != 0) {
            snprintf(msg, cap,
                     "tile '%s' %s of %s breaks the %s layout rule: %s (%" PRId64 ") x %" PRId64
                     " bytes is not a multiple of 32",
                     what, lower_dims_text(t, dims, sizeof dims), dtype_name((DataType)t->dtype),
                     tile_layout_name(L.blayout), L.blayout == TL_COL_MAJOR ? "rows" : "cols", n, bytes);
            return -1;
        }
    } else {
        int64_t inner = (int64_t)L.fractal / (16 * bytes);
        int64_t box_r = L.slayout == TL_ROW_MAJOR ? 16 : inner, box_c = L.slayout == TL_ROW_MAJOR ? inner : 16;
        if (inner <= 0 || rows % box_r != 0 || cols % box_c != 0) {
            snprintf(msg, cap,
                     "tile '%s' %s of %s in %s is not a whole number of %" PRId64 "x%" PRId64
                     " fractal boxes (fractal=%u, slayout=%s)",
                     what, lower_dims_text(t, dims, sizeof dims), dtype_name((DataType)t->dtype),
                     memspace_name((MemorySpace)space), box_r, box_c, L.fractal, tile_layout_name(L.slayout));
            return -1;
        }
    }
    g->rows = rows;
    g->cols = cols;
    /* A constant valid shape within the tile (a compare's mask: its bits
     * fill the first cols/8 bytes of each row) is the valid part that
     * PTOAS's v_row/v_col and pto-isa's ValidRow/ValidCol carry; a
     * dynamic one is not spelled. */
    g->vrows = rows;
    g->vcols = cols;
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
    }
    g->space = space;
    g->L = L;
    return 0;
}

int lower_tile_addr(const IrType *t, const char *what, const char *hint, int64_t *addr, char *msg, size_t cap)
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

int lower_scratch(const IrFunc *f, const IrMemRef *region, uint64_t need, const char *op, const char *hint,
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

int lower_move(Arch a, int from, int to, char *msg, size_t cap)
{
    if (from < 0 || to < 0 || !target_move_ok(a, from, to)) {
        snprintf(msg, cap, "a move from %s to %s is not supported on %s (supported: %s)",
                 from < 0 ? "?" : memspace_name((MemorySpace)from), to < 0 ? "?" : memspace_name((MemorySpace)to),
                 arch_name(a), target_moves_text(a));
        return -1;
    }
    return 0;
}

KernelKind lower_kernel_kind(const IrFunc *f, DiagEngine *diag)
{
    return target_report_mixed_kernel(f, diag) ? KERNEL_NONE : ir_kernel_kind(f);
}

uint32_t lower_kernel_params(LowerKernel *k, OpOutput out, LowerParam **list)
{
    /* What the outputs call a parameter's type and themselves. */
    const char *tensor_type = out == OUT_CPP ? "C++ type" : "PTO lowering";
    const char *scalar_type = out == OUT_CPP ? "C++ type" : "MLIR scalar type";
    const char *output = out == OUT_CPP ? "C++" : "PTO";
    const IrFunc *f = k->f;
    size_t cap = f->nparams;
    uint32_t n = 0;
    LowerParam *ps;
    PtrMap held;               /* variables a parameter or an earlier dimension holds */
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i].var->type->kind == TYPE_TENSOR)
            cap += f->params[i].var->type->n;
    ps = arena_array(&k->arena, cap + 1, sizeof *ps);
    ptrmap_init(&held);
    for (int round = 0; round < 3; round++) {
        for (uint32_t i = 0; i < f->nparams; i++) {
            const IrVar *p = f->params[i].var;
            const IrType *t = p->type;
            if (round == 0 && t->kind == TYPE_TENSOR) {
                if (!lower_dtype_ok((DataType)t->dtype))
                    diag_error(k->diag, p->e.span, "tensor '%s' has data type %s, which has no %s", p->name,
                               dtype_name((DataType)t->dtype), tensor_type);
                ps[n++] = (LowerParam){p, NULL, 0, LOWER_PARAM_TENSOR};
                ptrmap_put(&held, p, (void *)p);
            } else if (round == 1 && t->kind == TYPE_SCALAR) {
                if (!lower_dtype_ok((DataType)t->dtype))
                    diag_error(k->diag, p->e.span, "parameter '%s' has data type %s, which has no %s", p->name,
                               dtype_name((DataType)t->dtype), scalar_type);
                ps[n++] = (LowerParam){p, NULL, 0, LOWER_PARAM_SCALAR};
                ptrmap_put(&held, p, (void *)p);
            } else if (round == 2 && t->kind == TYPE_TENSOR) {
                for (uint32_t d = 0; d < t->n; d++) {
                    const IrExpr *x = t->dims[d];
                    int64_t cv;
                    if (ir_dim_value(x, &cv) || ptrmap_get(&held, x))
                        continue;
                    if (x->kind != EXPR_VAR) {
                        diag_error(k->diag, p->e.span, "tensor '%s' has a dimension expression %s cannot express",
                                   p->name, output);
                        continue;
                    }
                    ps[n++] = (LowerParam){IR_AS(IrVar, x), p, d, LOWER_PARAM_DIM};
                    ptrmap_put(&held, x, (void *)x);
                }
            } else if (round == 0 && t->kind != TYPE_TENSOR && t->kind != TYPE_SCALAR) {
                diag_error(k->diag, p->e.span, "parameter '%s' is neither a Tensor nor a Scalar; kernels cannot take it",
                           p->name);
            }
        }
    }
    ptrmap_free(&held);
    *list = ps;
    return n;
}
