/* arch.c: architectures, capacities, default tile layouts, op pipes and
 * kernel kinds (see arch.h). */
#include "config.h"
#include "targets/arch.h"
#include "ir/op_registry.h"
#include "ir/visit.h"

#include <string.h>

static const char *const arch_names[ARCH_COUNT] = {"a2a3", "a5"};

const char *arch_name(Arch a) { return arch_names[a]; }

int arch_from_name(const char *name)
{
    for (int i = 0; i < ARCH_COUNT; i++)
        if (strcmp(arch_names[i], name) == 0)
            return i;
    return -1;
}

int target_static_strides(TargetIsa isa) { return isa == ISA_CPP; }
int target_has_events(TargetIsa isa) { return isa == ISA_TILE_EVENTS; }
int target_constant_loop_start(TargetIsa isa) { return isa == ISA_PTO; }

/* passes.md 6: pto-isa's buffer limits per architecture. */
static const uint64_t capacities[ARCH_COUNT][MS_COUNT] = {
    /*             DDR  Vec          Mat          Left        Right       Acc           Bias
     *             LeftScale RightScale (pto/common/buffer_limits.hpp: A5 only) */
    [ARCH_A2A3] = {0, 192u * 1024u, 512u * 1024u, 64u * 1024u, 64u * 1024u, 128u * 1024u, 1u * 1024u, 0, 0},
    [ARCH_A5] = {0, 256u * 1024u, 512u * 1024u, 64u * 1024u, 64u * 1024u, 256u * 1024u, 4u * 1024u, 4u * 1024u,
                 4u * 1024u},
};

uint64_t target_capacity(Arch a, MemorySpace ms) { return capacities[a][ms]; }

/* The figures pto-isa 3186c381 publishes for A2/A3 (include/pto/costmodel/
 * arch_config.hpp, fitted transfer model: cycles = (K + bytes) / peak at
 * 1.85 GHz; GM->UB peak 247.16 GiB/s, K 30643 bytes; UB->GM 28.19 GiB/s,
 * K 1755 bytes), and for the vector unit an estimate from its formula
 * cost model (formula_params.csv): about 25 cycles of start-up per
 * instruction and, over the element-wise and row instructions of FP32
 * tiles, about 128 bytes a cycle.  A5 is taken alike (no figures). */
uint64_t target_pipe_cycles(Arch a, int pipe, uint64_t bytes)
{
    (void)a;
    switch (pipe) {
    case PIPE_MTE2:
        return (30643 + bytes) * 1000 / 143290;   /* 247.16 GiB/s at 1.85 GHz: 143.29 bytes a cycle */
    case PIPE_MTE3:
        return (1755 + bytes) * 1000 / 16361;     /* 28.19 GiB/s: 16.361 bytes a cycle */
    case PIPE_V:
        return 25 + bytes / 128;
    default:
        return 25 + bytes / 64;
    }
}

/* The vector unit's rate per class of instruction, as a multiple of the
 * element-wise ops' cycles per byte.  pto-isa's fitted formulas
 * (formula_params.csv, FP32 tiles of 64 and 128 columns) give element-wise
 * ops 0.016-0.033 cycles an element, TEXP 0.031, division by a scalar
 * 0.08, row reductions 0.06-0.11, column reductions 0.16-0.30, and a row
 * broadcast 0.12-0.22 before the op it feeds. */
static unsigned vector_weight(int cls)
{
    switch ((OpClass)cls) {
    case OPCL_ROW_REDUCE:
        return 3;
    case OPCL_COL_REDUCE:
    case OPCL_COL_REDUCE_TMP:
    case OPCL_COL_ARG:
        return 5;
    case OPCL_ROW_EXPAND:
    case OPCL_ROW_EXPAND_OP:
    case OPCL_ROW_EXPAND_OP_TMP_ARG:
    case OPCL_ROW_EXPAND_TO:
        return 6;
    default:
        return 1;
    }
}

uint64_t target_op_cycles(Arch a, int pipe, int cls, uint64_t bytes)
{
    if (pipe == PIPE_V)
        return 25 + bytes * vector_weight(cls) / 128;
    return target_pipe_cycles(a, pipe, bytes);
}

uint32_t target_align(MemorySpace ms)
{
    return ms == MS_LEFT || ms == MS_RIGHT || ms == MS_ACC ? 512u : TARGET_ALIGN;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

uint64_t target_cvt_scratch(Arch a, DataType src, DataType dst, int64_t rows, int64_t cols, int64_t src_cols)
{
    int int16 = dst == DT_INT16 || dst == DT_UINT16, int8 = dst == DT_INT8 || dst == DT_UINT8;
    int64_t bytes = 0;
    if (a != ARCH_A2A3 || rows <= 0 || cols <= 0 || !((src == DT_FP32 && int16) || (src == DT_FP16 && (int16 || int8))))
        return 0;
    if (src == DT_FP32) {
        /* Whole 64-element repeats stage 256 bytes each (at most 255 of
         * them); a partial one 32 bytes per 8 elements over the rows. */
        int64_t head = 256 * min64(cols / 64, 255), rem = cols % 64;
        int64_t tail = rem ? 32 * ((min64(rows, 255) - 1) * (src_cols / 8) + ceil_div(rem, 8)) : 0;
        bytes = head > tail ? head : tail;
    } else {
        int64_t width = min64(cols, 64), to16 = 32 * ceil_div(width, 8), to8 = 128 + 32 * ceil_div(width, 16);
        bytes = int8 && to8 > to16 ? to8 : to16;
    }
    bytes = ceil_div(bytes, 32) * 32;
    return (uint64_t)(bytes < 32 ? 32 : bytes);
}

uint64_t target_cast_scratch(Arch a, const IrType *src, const IrType *dst)
{
    int64_t rows = 1, cols, scols;
    if (src->kind != TYPE_TILE || dst->kind != TYPE_TILE || dst->n < 1 || dst->n > 2 || src->n != dst->n ||
        (dst->n == 2 && !ir_dim_value(dst->dims[0], &rows)) || !ir_dim_value(dst->dims[dst->n - 1], &cols) ||
        !ir_dim_value(src->dims[src->n - 1], &scols))
        return 0;
    return target_cvt_scratch(a, (DataType)src->dtype, (DataType)dst->dtype, rows, cols, scols);
}

uint64_t target_ci_scratch(Arch a, DataType dt)
{
    if (a == ARCH_A5)
        return 0;
    return dtype_bytes(dt) == 2 ? 1792 : 768;
}

int target_move_ok(Arch a, int from, int to)
{
    /* pto-isa's TMOV (npu/a2a3, npu/a5 TMov.hpp): Mat fills the bias
     * table on both, the MX scale buffers on A5 only */
    return (from == MS_MAT && (to == MS_LEFT || to == MS_RIGHT || to == MS_BIAS)) || (from == MS_VEC && to == MS_VEC) ||
           (from == MS_ACC && to == MS_MAT) ||
           (a == ARCH_A5 && ((from == MS_ACC && to == MS_VEC) || (from == MS_VEC && to == MS_MAT) ||
                             (from == MS_MAT && (to == MS_LEFT_SCALE || to == MS_RIGHT_SCALE))));
}

int target_store_ok(Arch a, int from)
{
    return from == MS_VEC || from == MS_ACC || (a == ARCH_A2A3 && from == MS_MAT);
}

const char *target_moves_text(Arch a)
{
    return a == ARCH_A5 ? "Mat to Left, Right, Bias, LeftScale or RightScale, Vec to Vec or Mat, Acc to Mat or Vec"
                        : "Mat to Left, Right or Bias, Vec to Vec, Acc to Mat";
}

const char *target_stores_text(Arch a) { return a == ARCH_A5 ? "Vec and Acc" : "Vec, Mat and Acc"; }

/* The TileView's defaults (printer.md 4.3): fields equal to these were not
 * set, and the space default applies. */
#define VIEW_BLAYOUT TL_ROW_MAJOR
#define VIEW_SLAYOUT TL_NONE_BOX
#define VIEW_FRACTAL 512u

TileLayoutInfo target_tile_layout(Arch a, const IrType *tile, MemorySpace ms)
{
    TileLayoutInfo r;
    const IrTileView *v = tile->tile_view;
    int64_t rows = 0, cols = 0;
    r.blayout = TL_ROW_MAJOR;
    r.slayout = TL_NONE_BOX;
    r.fractal = 512;
    r.pad = TP_NULL;
    switch (ms) {
    case MS_VEC:
        /* A column vector [M, 1] (M > 1) is col_major. */
        if (tile->n == 2 && ir_dim_value(tile->dims[0], &rows) && ir_dim_value(tile->dims[1], &cols) && cols == 1 &&
            rows > 1)
            r.blayout = TL_COL_MAJOR;
        break;
    case MS_MAT:
        r.blayout = TL_COL_MAJOR;
        r.slayout = TL_ROW_MAJOR;
        break;
    case MS_LEFT:
        r.blayout = a == ARCH_A5 ? TL_COL_MAJOR : TL_ROW_MAJOR;
        r.slayout = TL_ROW_MAJOR;
        break;
    case MS_RIGHT:
        r.slayout = TL_COL_MAJOR;
        break;
    case MS_ACC:
        r.blayout = TL_COL_MAJOR;
        r.slayout = TL_ROW_MAJOR;
        r.fractal = 1024;
        break;
    default:
        break;
    }
    if (v) {
        if (v->blayout != VIEW_BLAYOUT)
            r.blayout = (TileLayout)v->blayout;
        if (v->slayout != VIEW_SLAYOUT)
            r.slayout = (TileLayout)v->slayout;
        /* A Mat tile read as its transpose (transpose_view of NZ) is ZN:
         * its row-major blocks are written as the view's default, which
         * alone would leave Mat's column-major ones. */
        if (ms == MS_MAT && v->slayout == TL_COL_MAJOR)
            r.blayout = (TileLayout)v->blayout;
        if (v->fractal != VIEW_FRACTAL)
            r.fractal = v->fractal;
        r.pad = (TilePad)v->pad;
    }
    return r;
}

/* The space of a Tile/Tensor argument (a variable, or a nested call before
 * FlattenCallExpr); -1 when unknown. */
static int arg_space(const IrCall *c, uint32_t i)
{
    const IrExpr *a = i < c->nargs ? c->args[i] : NULL;
    const IrType *t = NULL;
    if (a && ir_is_var_like(a))
        t = IR_AS(IrVar, a)->type;
    else if (a && a->kind == EXPR_CALL)
        t = IR_AS(IrCall, a)->type;
    return t ? ir_tile_space(t) : -1;
}

int ir_call_pipe(const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    int pipe = op ? op_traits(op)->pipe : OP_PIPE_NONE;
    if (pipe == OP_PIPE_STORE || pipe == OP_PIPE_PUSH)
        return arg_space(c, 0) == MS_ACC ? PIPE_FIX : PIPE_MTE3;
    if (pipe == OP_PIPE_INSERT)   /* PTOAS TInsertOp::getPipe: Acc on FIX, Vec to Vec on V */
        return arg_space(c, 1) == MS_ACC ? PIPE_FIX : arg_space(c, 1) == MS_VEC && arg_space(c, 0) == MS_MAT ? PIPE_MTE3 : PIPE_V;
    if (pipe == OP_PIPE_MOVE) {
        int to = (int)ir_call_kwarg_int(c, "target_memory", -1), from = arg_space(c, 0);
        /* Mat into L0A/L0B and the side buffers beside them (copy_cbuf_to_bt,
         * the MX scale extracts) */
        if (to == MS_LEFT || to == MS_RIGHT || ir_space_in_view(to))
            return PIPE_MTE1;
        if (from == MS_ACC)
            return PIPE_FIX;
        return PIPE_V;
    }
    return pipe < 0 ? -1 : pipe;
}

/* The kernel rule's part on calls (passes.md 2): a tensor op or a
 * function call keeps an Opaque function from being a kernel. */
static int blocks_kernel(const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    return !op || op->category == OPC_TENSOR;
}

typedef struct KindScan {
    int kernel;       /* no tensor op, no function call so far */
    int m, v;         /* pipes seen */
    int pipe_aic, pipe_aiv;   /* the AIC's, the AIVs' side of the cross-core pipe seen */
} KindScan;

static int kind_expr(IrWalker *w, const IrExpr *e)
{
    KindScan *k = w->data;
    if (e->kind == EXPR_CALL) {
        const IrCall *c = IR_AS(IrCall, e);
        int pipe;
        if (blocks_kernel(c))
            k->kernel = 0;
        pipe = ir_call_pipe(c);
        k->m |= pipe == PIPE_M;
        k->v |= pipe == PIPE_V;
        /* the cross-core pipe's ops run on their own core's side */
        if (callee_op(c->callee) && op_pipe_side(callee_op(c->callee)) == FUNC_AIC)
            k->pipe_aic = 1;
        if (callee_op(c->callee) && op_pipe_side(callee_op(c->callee)) == FUNC_AIV)
            k->pipe_aiv = 1;
    }
    return 1;
}

KernelKind ir_kernel_kind(const IrFunc *f)
{
    KindScan k;
    IrWalker w;
    /* A function of a level above the chip (host orchestration, clusters)
     * runs on no core, whatever it holds. */
    if (func_type_is_orchestration((FuncType)f->type) || !f->body ||
        (f->level >= LEVEL_HOST && f->level < LEVEL_COUNT))
        return KERNEL_NONE;
    memset(&w, 0, sizeof w);
    k.kernel = 1;
    k.m = k.v = k.pipe_aic = k.pipe_aiv = 0;
    w.pre_expr = kind_expr;
    w.data = &k;
    ir_walk_func(&w, f);
    if (f->type == FUNC_OPAQUE && !k.kernel)
        return KERNEL_NONE;
    if (k.m && k.v)
        return KERNEL_MIXED;
    /* a kernel of neither M nor V ops: by its side of the cross-core pipe,
     * or an AIC function's */
    if (!k.m && !k.v && (k.pipe_aic || (!k.pipe_aiv && f->type == FUNC_AIC)))
        return KERNEL_CUBE;
    return k.m ? KERNEL_CUBE : KERNEL_VECTOR;
}

static int blocker_expr(IrWalker *w, const IrExpr *e)
{
    const IrCall **found = w->data;
    if (!*found && e->kind == EXPR_CALL && blocks_kernel(IR_AS(IrCall, e)))
        *found = IR_AS(IrCall, e);
    return *found == NULL;
}

const IrCall *ir_kernel_blocker(const IrFunc *f)
{
    const IrCall *found = NULL;
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = blocker_expr;
    w.data = &found;
    ir_walk_func(&w, f);
    return found;
}

/* The first call of a kernel on the M pipe and the first on V. */
typedef struct PipeScan {
    const IrCall *cube, *vector;
} PipeScan;

static int pipes_expr(IrWalker *w, const IrExpr *e)
{
    PipeScan *P = w->data;
    int pipe;
    if (e->kind != EXPR_CALL)
        return 1;
    pipe = ir_call_pipe(IR_AS(IrCall, e));
    if (pipe == PIPE_M && !P->cube)
        P->cube = IR_AS(IrCall, e);
    else if (pipe == PIPE_V && !P->vector)
        P->vector = IR_AS(IrCall, e);
    return 1;
}

int target_report_mixed_kernel(const IrFunc *f, DiagEngine *diag)
{
    PipeScan P;
    IrWalker w;
    char name[128];
    if (ir_kernel_kind(f) != KERNEL_MIXED)
        return 0;
    memset(&P, 0, sizeof P);
    memset(&w, 0, sizeof w);
    w.pre_expr = pipes_expr;
    w.data = &P;
    ir_walk_func(&w, f);
    diag_error(diag, f->span,
               "kernel '%s' contains both Matrix (M) and Vector (V) pipe types; split it into a cube and a vector kernel",
               f->name);
    if (P.cube)
        diag_note(diag, P.cube->e.span, "'%s' runs on the matrix pipe",
                  op_printed_name(callee_op(P.cube->callee), name, sizeof name));
    if (P.vector)
        diag_note(diag, P.vector->e.span, "'%s' runs on the vector pipe",
                  op_printed_name(callee_op(P.vector->callee), name, sizeof name));
    return 1;
}
