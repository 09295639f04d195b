/* pto_tile.c: --emit=pto-tile, the seed-05 tile-level IR (pto-mlir.md 13).
 *
 * Seed 05 writes PTO programs with tiles as SSA values: no buffers, no
 * addresses, no memory planning.  One module holds every kernel (passes.md
 * 2) as a func.func whose Tensor parameters are pto.memrefs.  The mapping
 * follows one rule per kind of code, so that ops seed 05 does not list by
 * name still have exactly one spelling:
 *   - block ops become pto.tile.<isa> ops named after the pto-isa
 *     instruction of ops.md, lower case without the T, '_' as '.'
 *     (TADD -> pto.tile.add, TMATMUL_ACC -> pto.tile.matmul.acc); modes
 *     become name suffixes as seed 05 6.1 recommends for TMOV
 *     (pto.tile.mov.m2l, pto.tile.cmp.lt, pto.tile.cvt.round);
 *   - scratch operands of the ISA (row-reduction tmp tiles, xor tmp) are
 *     buffers, which value semantics leaves to bufferization (seed 05 8.6):
 *     they are dropped, and block.create_tile, which only makes such
 *     buffers, emits nothing;
 *   - scalar code becomes pto.<arith op> (seed 05's pto.constant, pto.muli);
 *   - control flow is scf (for, if, while), the upstream dialect seed 05's
 *     MLIR implies; only scalars and tiles are carried through it, Tensors
 *     stay the memref they came from.
 * Types: `tile<RxCxT>` for Vec tiles in the ND layout; any other tile
 * carries `#pto.tile_info<loc=L, layout=X>`, X being the pto-isa name of
 * its (blayout, slayout) pair (ND DN Zz Zn Nz Nn).
 *
 * --async gives every load, store and compute op an event token of seed
 * 05's type (producer = the ISA instruction, scope intra: a kernel runs on
 * one core) and a wait clause listing the events of the ops that produced
 * its tile operands.  Loop-carried and branch-merged tiles carry their
 * event along as an extra scf value; memrefs are kernel arguments that no
 * op produces, so nothing orders accesses to global memory, and a kernel
 * that loads from a tensor it also stores to is an error in this mode.
 *
 * Everything is checked before it is written: seed 05's verifier rules
 * (section 7: equal rank, shape and element type of elementwise operands,
 * 0 < valid <= shape, extract bounds) and every op or construct seed 05
 * has no form for are located errors; the driver then discards the
 * output. */
#include "config.h"
#include "codegen/codegen.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/ptrmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ the op map */

typedef enum TileForm {
    TF_NONE,             /* no seed-05 form: TileOp.why says why */
    TF_CREATE_TILE,      /* an uninitialised buffer: nothing is emitted */
    TF_LOAD,
    TF_STORE,
    TF_MOVE,
    TF_VEC_MOVE,
    TF_UNARY,            /* (t) -> same type */
    TF_BINARY,           /* (a, b[, tmp]) -> same type */
    TF_TERNARY,          /* (a, b, c) -> same type */
    TF_TILE_SCALAR,      /* (t, s[, tmp]) */
    TF_TILE_SCALAR_TILE, /* (a, s, b) */
    TF_SEL,              /* (mask, a, b) */
    TF_CMP,              /* (a, b), cmp_type */
    TF_CMPS,             /* (t, s), cmp_type */
    TF_CAST,             /* (t), target_type, mode */
    TF_ROW_REDUCE,       /* (t, tmp) -> [M, 1] */
    TF_REDUCE,           /* (t), axis, keepdim */
    TF_ROW_EXPAND,       /* (src) */
    TF_ROW_EXPAND_OP,    /* (t [M, N], r [M, 1]) */
    TF_COL_EXPAND,       /* (target, c [1, N]): target only gives the shape */
    TF_COL_EXPAND_OP,    /* (t [M, N], c [1, N]) */
    TF_EXPANDS,          /* (target, s): target only gives the shape */
    TF_FULL,             /* (shape, s) */
    TF_MATMUL,           /* (lhs, rhs) */
    TF_MATMUL_ACC,       /* (acc, lhs, rhs) */
    TF_EXTRACT,          /* block.view (t, shape, offset) */
    TF_RESHAPE,
    TF_TRANSPOSE,
} TileForm;

typedef struct TileOp {
    const char *mnemonic;   /* after "pto.tile." */
    const char *isa;        /* the event's producer */
    uint8_t form;           /* TileForm */
    const char *why;        /* TF_NONE */
    char buf[32];
} TileOp;

/* The seed-05 form of each op class (ir/op_registry.h). */
static const uint8_t class_forms[OPCL_COUNT] = {
    [OPCL_UNARY] = TF_UNARY,
    [OPCL_ELEM2] = TF_BINARY,
    [OPCL_ELEM2_SCRATCH] = TF_BINARY,
    [OPCL_ELEM2_TMP_ARG] = TF_BINARY,
    [OPCL_ELEM3] = TF_TERNARY,
    [OPCL_SEL] = TF_SEL,
    [OPCL_TILE_SCALAR] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_SCRATCH] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_TMP_ARG] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_TILE] = TF_TILE_SCALAR_TILE,
    [OPCL_CMP] = TF_CMP,
    [OPCL_CMPS] = TF_CMPS,
    [OPCL_CAST] = TF_CAST,
    [OPCL_CREATE] = TF_CREATE_TILE,
    [OPCL_FULL] = TF_FULL,
    [OPCL_EXPANDS] = TF_EXPANDS,
    [OPCL_LOAD] = TF_LOAD,
    [OPCL_STORE] = TF_STORE,
    [OPCL_L0C_STORE] = TF_STORE,
    [OPCL_MOVE] = TF_MOVE,
    [OPCL_VEC_MOVE] = TF_VEC_MOVE,
    [OPCL_RESHAPE] = TF_RESHAPE,
    [OPCL_TRANSPOSE] = TF_TRANSPOSE,
    [OPCL_VIEW] = TF_EXTRACT,
    [OPCL_ROW_REDUCE] = TF_ROW_REDUCE,
    [OPCL_REDUCE] = TF_REDUCE,
    [OPCL_ROW_EXPAND] = TF_ROW_EXPAND,
    [OPCL_ROW_EXPAND_OP] = TF_ROW_EXPAND_OP,
    [OPCL_COL_EXPAND] = TF_COL_EXPAND,
    [OPCL_COL_EXPAND_OP] = TF_COL_EXPAND_OP,
    [OPCL_MATMUL] = TF_MATMUL,
    [OPCL_MATMUL_ACC] = TF_MATMUL_ACC,
};

/* The seed-05 form of block op `op`, from the op table. */
static const TileOp *tile_op_of(const OpDef *op, TileOp *t)
{
    t->mnemonic = op_spelling(op, OUT_TILE, t->buf, sizeof t->buf, &t->why);
    t->isa = op->isa;
    t->form = t->why ? TF_NONE : class_forms[op->cls];
    return t;
}

/* cmp_type 0..5 and cast mode 0..6 (ops.md 5.2, 5.4) as name suffixes. */
static const char *const cmp_modes[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const round_modes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};

/* ----------------------------------------------------------------- values */

typedef enum ValueKind {
    VAL_SCALAR,
    VAL_TILE,
    VAL_TENSOR,
    VAL_SCRATCH,   /* block.create_tile: usable only where a scratch operand is dropped */
    VAL_POISON,    /* its definition was an error (already reported) */
} ValueKind;

/* What an IR variable is in the output. */
typedef struct Value {
    uint8_t kind;            /* ValueKind */
    uint8_t loc;             /* tile: MemorySpace */
    uint8_t dtype;           /* scalar: DataType */
    uint32_t param;          /* tensor: the parameter whose memref it is */
    const char *name;        /* SSA name; a tensor's is its parameter's */
    const char *type;        /* rendered type */
    const char *event;       /* tile, --async: its producer's event, or NULL */
    const char *producer;    /* ISA name in that event's type */
    const IrType *ir_type;   /* tile, tensor */
} Value;

/* One scf-carried value (iter_arg, if result) and where its copies live. */
typedef struct Carry {
    uint8_t kind;            /* VAL_SCALAR, VAL_TILE; VAL_TENSOR is not carried */
    uint8_t dtype;           /* scalar */
    uint8_t loc;             /* tile */
    const char *type;
    const char *producer;    /* tile with an event (--async) */
    const Value *tensor;     /* VAL_TENSOR: the memref that stands for it */
    const char *init, *init_event;
    const IrType *ir_type;
    const char *var;         /* the IR variable, for messages */
} Carry;

/* One kernel being written. */
typedef struct Fn {
    IrCtx *ir;
    DiagEngine *diag;
    const CodegenOptions *o;
    const IrFunc *func;
    Arena arena;               /* names, types and values of this function */
    PtrMap values;             /* IrVar -> Value */
    PtrMap consts;             /* interned "type literal" -> name */
    PtrMap tile_types[MS_COUNT]; /* IrType -> rendered tile type ("" after an error) */
    StrBuf consts_text;        /* constants, written at the top of the body */
    StrBuf *out;               /* the region being written */
    int indent;
    int depth;                 /* regions entered */
    uint32_t next_tile, next_num, next_float;
    uint8_t *loaded, *stored;  /* per parameter (--async memory rule) */
    const IrCall *cube_op, *vector_op; /* the first of each (ops.md 8: not both) */
    unsigned errors;
} Fn;

static const char *fmt(Fn *F, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Text in the function's arena. */
static const char *fmt(Fn *F, const char *format, ...)
{
    va_list ap, aq;
    int n;
    char *s;
    va_start(ap, format);
    va_copy(aq, ap);
    n = vsnprintf(NULL, 0, format, ap);
    va_end(ap);
    s = arena_alloc(&F->arena, (size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, format, aq);
    va_end(aq);
    return s;
}

static const char *sb_arena(Fn *F, StrBuf *sb)
{
    return arena_strndup(&F->arena, sb->len ? sb->data : "", sb->len);
}

static void error(Fn *F, Span span, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void error(Fn *F, Span span, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    diag_verror(F->diag, span, format, ap);
    va_end(ap);
    F->errors++;
}

/* An error about one call: "'pl.block.add': ...". */
static void op_error(Fn *F, const IrCall *c, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void op_error(Fn *F, const IrCall *c, const char *format, ...)
{
    char name[64], body[512];
    const OpDef *op = callee_op(c->callee);
    va_list ap;
    va_start(ap, format);
    vsnprintf(body, sizeof body, format, ap);
    va_end(ap);
    if (op)
        op_printed_name(op, name, sizeof name);
    else
        snprintf(name, sizeof name, "%s", c->callee->name);
    error(F, c->e.span, "'%s': %s", name, body);
}

/* Append what a region or section buffer holds (nothing allocated yet
 * when it is empty). */
static void put_text(StrBuf *out, const StrBuf *text)
{
    if (text->len)
        sb_put(out, text->data, text->len);
}

static void begin(Fn *F) { sb_indent(F->out, F->indent); }
static void end(Fn *F) { sb_putc(F->out, '\n'); }

static Value *new_value(Fn *F, ValueKind kind, const char *name, const char *type)
{
    Value *v = arena_zalloc(&F->arena, sizeof *v);
    v->kind = (uint8_t)kind;
    v->name = name;
    v->type = type;
    return v;
}

static void bind(Fn *F, const IrVar *var, const Value *v)
{
    if (var && v)
        ptrmap_put(&F->values, var, (void *)v);
}

static const Value *lookup(Fn *F, const IrExpr *e, Span span)
{
    const Value *v;
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF) {
        error(F, span, "expected a variable here");
        return NULL;
    }
    if (!(v = ptrmap_get(&F->values, e)))
        error(F, span, "'%s' has no value in the kernel", IR_AS(IrVar, e)->name);
    return v && v->kind != VAL_POISON ? v : NULL;
}

/* After an error, later uses of what could not be defined stay quiet. */
static void poison_unbound(Fn *F, const IrVar *var)
{
    static const Value poison = {.kind = VAL_POISON};
    if (var && !ptrmap_get(&F->values, var))
        ptrmap_put(&F->values, var, (void *)&poison);
}

/* ------------------------------------------------------------------ types */

/* MLIR spelling of a dtype (ops.md 2); NULL when it has none (FP8, FP4,
 * INT4, ...).  INT64 scalars are `index`; INT64 tiles hold i64. */
static const char *mlir_dtype(DataType dt, int scalar)
{
    if (dt == DT_INT64 && scalar)
        return "index";
    return mlir_elem_type(dt);   /* NULL for FP8 and the other dtypes ops.md 2 gives no MLIR type */
}

/* pto-isa's names of the (blayout, slayout) pairs: a big layout and, for
 * fractal tiles, the layout inside each box. */
static const char *seed_layout(TileLayout b, TileLayout s)
{
    static const char *const row[] = {[TL_NONE_BOX] = "ND", [TL_ROW_MAJOR] = "Zz", [TL_COL_MAJOR] = "Zn"};
    static const char *const col[] = {[TL_NONE_BOX] = "DN", [TL_ROW_MAJOR] = "Nz", [TL_COL_MAJOR] = "Nn"};
    if (b == TL_ROW_MAJOR)
        return row[s];
    if (b == TL_COL_MAJOR)
        return col[s];
    return NULL;
}

/* A dtype in messages: its MLIR spelling when it has one. */
static const char *dtype_text(DataType dt) { return mlir_dtype(dt, 0) ? mlir_dtype(dt, 0) : dtype_name(dt); }

static int shape_const(const IrType *t, uint32_t d, int64_t *v) { return ir_dim_value(t->dims[d], v); }

/* "64x64" (symbolic dimensions as '?'), for types and messages. */
static void put_shape(StrBuf *sb, const IrType *t)
{
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t v;
        if (d)
            sb_putc(sb, 'x');
        if (shape_const(t, d, &v))
            sb_put_i64(sb, v);
        else
            sb_putc(sb, '?');
    }
}

static const char *shape_text(Fn *F, const IrType *t)
{
    StrBuf sb;
    const char *s;
    sb_init(&sb);
    if (t->n == 0)
        sb_puts(&sb, "scalar");
    put_shape(&sb, t);
    s = sb_arena(F, &sb);
    sb_free(&sb);
    return s;
}

/* `tile<64x64xf32>`, or with `#pto.tile_info<loc=.., layout=..>` for a
 * tile outside Vec or not in the ND layout.  NULL after an error (each
 * type is reported once). */
static const char *tile_type(Fn *F, const IrType *t, MemorySpace loc, Span span)
{
    const char *got = ptrmap_get(&F->tile_types[loc], t), *elem, *layout, *s;
    TileLayoutInfo li;
    StrBuf sb;
    if (got)
        return *got ? got : NULL;
    ptrmap_put(&F->tile_types[loc], t, (void *)"");
    if (!(elem = mlir_dtype((DataType)t->dtype, 0))) {
        error(F, span, "tiles of pl.%s have no seed-05 element type", dtype_name((DataType)t->dtype));
        return NULL;
    }
    for (uint32_t d = 0; d < t->n; d++) {
        int64_t v;
        if (!shape_const(t, d, &v)) {
            error(F, span, "tile dimension %u is not a constant; pyptocc writes seed-05 tiles with static shapes",
                  (unsigned)d);
            return NULL;
        }
    }
    li = target_tile_layout(F->o->arch, t, loc);
    layout = seed_layout(li.blayout, li.slayout);
    if (!layout) {
        error(F, span, "a tile with blayout %s has no seed-05 layout", tile_layout_name(li.blayout));
        return NULL;
    }
    if (li.fractal != (loc == MS_ACC ? 1024u : 512u)) {
        error(F, span, "a %s tile with fractal=%u: seed 05's tile_info has no fractal size", memspace_name(loc),
              (unsigned)li.fractal);
        return NULL;
    }
    if (li.pad != TP_NULL) {
        error(F, span, "a tile with pad=%s: seed 05's tile_info has no pad value", tile_pad_name(li.pad));
        return NULL;
    }
    sb_init(&sb);
    sb_puts(&sb, "tile<");
    put_shape(&sb, t);
    sb_printf(&sb, "x%s", elem);
    if (loc != MS_VEC || strcmp(layout, "ND") != 0)
        sb_printf(&sb, ", #pto.tile_info<loc=%s, layout=%s>", memspace_name(loc), layout);
    sb_putc(&sb, '>');
    s = sb_arena(F, &sb);
    sb_free(&sb);
    ptrmap_put(&F->tile_types[loc], t, (void *)s);
    return s;
}

/* The memref of a Tensor parameter: `pto.memref<64x64xf32>` (seed 05
 * 4.2's spelling; the space is gm for every kernel argument). */
static const char *memref_type(Fn *F, const IrType *t, Span span)
{
    const char *elem = mlir_dtype((DataType)t->dtype, 0), *s;
    StrBuf sb;
    if (!elem) {
        error(F, span, "tensors of pl.%s have no seed-05 element type", dtype_name((DataType)t->dtype));
        return NULL;
    }
    if (t->tensor_view) {
        error(F, span, "tensor parameters with a TensorView (layout %s) are not emitted; pyptocc writes row-major "
                       "memrefs only", tensor_layout_name((TensorLayout)t->tensor_view->layout));
        return NULL;
    }
    if (t->n == 0) {
        error(F, span, "a tensor of rank 0 has no memref form");
        return NULL;
    }
    sb_init(&sb);
    sb_puts(&sb, "pto.memref<");
    put_shape(&sb, t);
    sb_printf(&sb, "x%s>", elem);
    s = sb_arena(F, &sb);
    sb_free(&sb);
    return s;
}

/* --------------------------------------------------------------- constants */

/* The constant `literal : type` (value i for ints and bools), declared
 * once at the top of the body in order of first use.  Names follow PTO
 * MLIR's (mlir_const_name) but for two things: an index constant has no
 * type suffix (`%c64`, as in seed 05's examples), and the floats are
 * numbered among themselves (%cst, %cst_1, ...), not by position. */
static const char *constant(Fn *F, MlirConstKind kind, int64_t i, const char *type, const char *literal)
{
    const char *k = intern_cstr(F->ir->names, fmt(F, "%s %s", type, literal)), *got;
    char name[64];
    if ((got = ptrmap_get(&F->consts, k)))
        return got;
    mlir_const_name(name, sizeof name, kind, i, strcmp(type, "index") == 0 ? NULL : type, F->next_float);
    if (kind == MLIR_CONST_FLOAT)
        F->next_float++;
    got = arena_strndup(&F->arena, name, strlen(name));
    sb_printf(&F->consts_text, "    %s = pto.constant %s : %s\n", got, literal, type);
    ptrmap_put(&F->consts, k, (void *)got);
    return got;
}

static const char *bool_const(Fn *F, int v) { return constant(F, MLIR_CONST_BOOL, v, "i1", v ? "true" : "false"); }

static const char *int_const(Fn *F, int64_t v, DataType dt)
{
    char lit[32];
    if (dt == DT_BOOL)
        return bool_const(F, v != 0);
    snprintf(lit, sizeof lit, "%lld", (long long)v);
    return constant(F, MLIR_CONST_INT, v, mlir_dtype(dt, 1), lit);
}

static const char *float_const(Fn *F, double v, DataType dt, Span span)
{
    char lit[408];   /* whole numbers print in full: up to 309 digits */
    if (!mlir_float_text_shortest(v, lit, sizeof lit)) {
        error(F, span, "a non-finite float constant has no seed-05 literal");
        return NULL;
    }
    return constant(F, MLIR_CONST_FLOAT, 0, mlir_dtype(dt, 1), lit);
}

/* A numeric constant as a value of dtype dt (a literal on an f32 tile is
 * an f32 constant whatever its IR dtype, pto-mlir.md 6.3). */
static const char *number_const(Fn *F, const IrExpr *e, DataType dt)
{
    if (dtype_is_float(dt))
        return float_const(F, e->kind == EXPR_CONST_INT ? (double)IR_AS(IrConstInt, e)->value
                                                        : IR_AS(IrConstFloat, e)->value,
                           dt, e->span);
    if (e->kind == EXPR_CONST_FLOAT) {
        double v = IR_AS(IrConstFloat, e)->value;
        if (!(v > -9.2e18 && v < 9.2e18)) {
            error(F, e->span, "the float constant is out of range for pl.%s", dtype_name(dt));
            return NULL;
        }
        return int_const(F, (int64_t)v, dt);
    }
    return int_const(F, IR_AS(IrConstInt, e)->value, dt);
}

/* ------------------------------------------------------------- scalar code */

static const char *next_num(Fn *F) { return fmt(F, "%%%u", F->next_num++); }

static const char *sop2(Fn *F, const char *op, const char *a, const char *b, const char *type)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->out, "%s = pto.%s %s, %s : %s", r, op, a, b, type);
    end(F);
    return r;
}

static const char *scmp(Fn *F, const char *op, const char *pred, const char *a, const char *b, const char *type)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->out, "%s = pto.%s %s, %s, %s : %s", r, op, pred, a, b, type);
    end(F);
    return r;
}

static const char *sop1(Fn *F, const char *op, const char *a, const char *type)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->out, "%s = pto.%s %s : %s", r, op, a, type);
    end(F);
    return r;
}

static const char *scast_t(Fn *F, const char *op, const char *a, const char *from, const char *to)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->out, "%s = pto.%s %s : %s to %s", r, op, a, from, to);
    end(F);
    return r;
}

static const char *scast(Fn *F, const char *op, const char *a, DataType from, DataType to)
{
    return scast_t(F, op, a, mlir_dtype(from, 1), mlir_dtype(to, 1));
}

/* v (of dtype from) as a value of dtype to; the arith conversions. */
static const char *convert(Fn *F, const char *v, DataType from, DataType to, Span span)
{
    int fi = dtype_is_float(from), ti = dtype_is_float(to);
    if (!v || from == to)
        return v;
    if (!mlir_dtype(from, 1) || !mlir_dtype(to, 1)) {
        error(F, span, "a conversion from pl.%s to pl.%s has no seed-05 form", dtype_name(from), dtype_name(to));
        return NULL;
    }
    if (to == DT_BOOL)
        return fi ? scmp(F, "cmpf", "une", v, float_const(F, 0.0, from, span), mlir_dtype(from, 1))
                  : scmp(F, "cmpi", "ne", v, int_const(F, 0, from), mlir_dtype(from, 1));
    if (from == DT_BOOL) {
        if (ti)
            return scast(F, "uitofp", v, from, to);
        return scast(F, to == DT_INT64 ? "index_castui" : "extui", v, from, to);
    }
    if (!fi && !ti) {
        if (from == DT_INT64 || to == DT_INT64)
            return scast(F, dtype_is_unsigned_int(from) ? "index_castui" : "index_cast", v, from, to);
        if (dtype_bits(to) > dtype_bits(from))
            return scast(F, dtype_is_unsigned_int(from) ? "extui" : "extsi", v, from, to);
        if (dtype_bits(to) < dtype_bits(from))
            return scast(F, "trunci", v, from, to);
        return scast(F, "bitcast", v, from, to);
    }
    /* index has no float conversions of its own: through i64. */
    if (!fi) {
        if (from == DT_INT64)
            return scast_t(F, "sitofp", scast_t(F, "index_cast", v, "index", "i64"), "i64", mlir_dtype(to, 1));
        return scast(F, dtype_is_unsigned_int(from) ? "uitofp" : "sitofp", v, from, to);
    }
    if (!ti) {
        if (to == DT_INT64)
            return scast_t(F, "index_cast", scast_t(F, "fptosi", v, mlir_dtype(from, 1), "i64"), "i64", "index");
        return scast(F, dtype_is_unsigned_int(to) ? "fptoui" : "fptosi", v, from, to);
    }
    if (dtype_bits(to) > dtype_bits(from))
        return scast(F, "extf", v, from, to);
    if (dtype_bits(to) < dtype_bits(from))
        return scast(F, "truncf", v, from, to);
    return scast(F, "truncf", scast(F, "extf", v, from, DT_FP32), DT_FP32, to);
}

static DataType expr_dtype(const IrExpr *e)
{
    if (ir_is_var_like(e)) {
        const IrType *t = IR_AS(IrVar, e)->type;
        return t->kind == TYPE_SCALAR ? (DataType)t->dtype : DT_COUNT;
    }
    return (DataType)e->dtype;
}

static const char *scalar_value(Fn *F, const IrExpr *e);

static const char *binary_value(Fn *F, const IrBinary *b)
{
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    DataType lt = expr_dtype(b->lhs), rt = expr_dtype(b->rhs), t;
    const char *x, *y, *type;
    int fl, un;
    if (lt >= DT_COUNT || rt >= DT_COUNT) {
        error(F, b->e.span, "this operand is not a scalar");
        return NULL;
    }
    if (op == BIN_POW) {
        error(F, b->e.span, "'**' has no seed-05 scalar op");
        return NULL;
    }
    t = ir_binary_is_comparison(op) ? dtype_promote(lt, rt) : (DataType)b->e.dtype;
    if (op == BIN_AND || op == BIN_OR || op == BIN_XOR)
        t = DT_BOOL;
    x = convert(F, scalar_value(F, b->lhs), lt, t, b->lhs->span);
    y = convert(F, scalar_value(F, b->rhs), rt, t, b->rhs->span);
    if (!x || !y)
        return NULL;
    if (!(type = mlir_dtype(t, 1))) {
        error(F, b->e.span, "scalars of pl.%s have no seed-05 type", dtype_name(t));
        return NULL;
    }
    fl = dtype_is_float(t);
    un = dtype_is_unsigned_int(t);
    if (fl && (op == BIN_BIT_AND || op == BIN_BIT_OR || op == BIN_BIT_XOR || op == BIN_SHL || op == BIN_SHR)) {
        error(F, b->e.span, "'%s' on floats has no seed-05 scalar op", ir_binary_symbol(op));
        return NULL;
    }
    switch (op) {
    case BIN_ADD: return sop2(F, fl ? "addf" : "addi", x, y, type);
    case BIN_SUB: return sop2(F, fl ? "subf" : "subi", x, y, type);
    case BIN_MUL: return sop2(F, fl ? "mulf" : "muli", x, y, type);
    case BIN_FLOAT_DIV: return sop2(F, fl ? "divf" : un ? "divui" : "divsi", x, y, type);
    case BIN_FLOOR_DIV:
        if (fl) {
            error(F, b->e.span, "'//' on floats has no seed-05 scalar op (no floor)");
            return NULL;
        }
        return sop2(F, un ? "divui" : "floordivsi", x, y, type);
    case BIN_FLOOR_MOD: {
        /* Python's % takes the divisor's sign: ((x rem y) + y) rem y. */
        const char *rem = fl ? "remf" : un ? "remui" : "remsi";
        if (un)
            return sop2(F, rem, x, y, type);
        return sop2(F, rem, sop2(F, fl ? "addf" : "addi", sop2(F, rem, x, y, type), y, type), y, type);
    }
    case BIN_MIN: return sop2(F, fl ? "minimumf" : un ? "minui" : "minsi", x, y, type);
    case BIN_MAX: return sop2(F, fl ? "maximumf" : un ? "maxui" : "maxsi", x, y, type);
    case BIN_EQ: case BIN_NE: case BIN_LT: case BIN_LE: case BIN_GT: case BIN_GE:
        return scmp(F, fl ? "cmpf" : "cmpi", mlir_cmp_predicate(op, fl, un), x, y, type);
    case BIN_AND: case BIN_BIT_AND: return sop2(F, "andi", x, y, type);
    case BIN_OR: case BIN_BIT_OR: return sop2(F, "ori", x, y, type);
    case BIN_XOR: case BIN_BIT_XOR: return sop2(F, "xori", x, y, type);
    case BIN_SHL: return sop2(F, "shli", x, y, type);
    case BIN_SHR: return sop2(F, un ? "shrui" : "shrsi", x, y, type);
    default: break;
    }
    error(F, b->e.span, "'%s' has no seed-05 scalar op", ir_binary_symbol(op));
    return NULL;
}

static const char *unary_value(Fn *F, const IrUnary *u)
{
    DataType from = expr_dtype(u->operand), t = (DataType)u->e.dtype;
    const char *x = scalar_value(F, u->operand), *type;
    if (!x)
        return NULL;
    if (u->e.op == UN_CAST)
        return convert(F, x, from, t, u->e.span);
    if (u->e.op == UN_NOT) {
        x = convert(F, x, from, DT_BOOL, u->e.span);
        return x ? sop2(F, "xori", x, bool_const(F, 1), "i1") : NULL;
    }
    if (!(x = convert(F, x, from, t, u->e.span)) || !(type = mlir_dtype(t, 1)))
        return NULL;
    switch (u->e.op) {
    case UN_NEG:
        return dtype_is_float(t) ? sop1(F, "negf", x, type) : sop2(F, "subi", int_const(F, 0, t), x, type);
    case UN_ABS:
        if (dtype_is_float(t))
            return sop2(F, "maximumf", x, sop1(F, "negf", x, type), type);
        return sop2(F, dtype_is_unsigned_int(t) ? "maxui" : "maxsi", x, sop2(F, "subi", int_const(F, 0, t), x, type),
                    type);
    case UN_BIT_NOT:
        if (dtype_is_float(t))
            break;
        return sop2(F, "xori", x, int_const(F, -1, t), type);
    default:
        break;
    }
    error(F, u->e.span, "'%s' has no seed-05 scalar op", ir_unary_name((IrUnaryOp)u->e.op));
    return NULL;
}

/* The SSA value of a scalar expression, computing it first; NULL after an
 * error. */
static const char *scalar_value(Fn *F, const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG: {
        const Value *v = lookup(F, e, e->span);
        if (!v)
            return NULL;
        if (v->kind != VAL_SCALAR) {
            error(F, e->span, "'%s' is not a scalar", IR_AS(IrVar, e)->name);
            return NULL;
        }
        return v->name;
    }
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
        if (!mlir_dtype((DataType)e->dtype, 1)) {
            error(F, e->span, "constants of pl.%s have no seed-05 type", dtype_name((DataType)e->dtype));
            return NULL;
        }
        return number_const(F, e, (DataType)e->dtype);
    case EXPR_CONST_BOOL:
        return bool_const(F, e->op);
    case EXPR_BINARY:
        return binary_value(F, IR_AS(IrBinary, e));
    case EXPR_UNARY:
        return unary_value(F, IR_AS(IrUnary, e));
    default:
        break;
    }
    error(F, e->span, "this expression has no seed-05 scalar form");
    return NULL;
}

/* e as a value of dtype dt: constants directly, anything else converted. */
static const char *scalar_as(Fn *F, const IrExpr *e, DataType dt)
{
    if (e->kind == EXPR_CONST_INT || e->kind == EXPR_CONST_FLOAT)
        return number_const(F, e, dt);
    if (expr_dtype(e) >= DT_COUNT) {
        error(F, e->span, "expected a scalar here");
        return NULL;
    }
    return convert(F, scalar_value(F, e), expr_dtype(e), dt, e->span);
}

static const char *index_value(Fn *F, const IrExpr *e) { return scalar_as(F, e, DT_INT64); }

/* ------------------------------------------------------- verifier rules */

/* The elements of a tuple argument (offsets, shapes). */
static const IrMakeTuple *tuple_arg(Fn *F, const IrCall *c, uint32_t i, const char *what)
{
    if (i >= c->nargs || c->args[i]->kind != EXPR_MAKE_TUPLE) {
        op_error(F, c, "%s must be a list", what);
        return NULL;
    }
    return IR_AS(IrMakeTuple, c->args[i]);
}

/* Argument i as a tile; a scratch (create_tile) tile has no value. */
static const Value *tile_arg(Fn *F, const IrCall *c, uint32_t i)
{
    const Value *v = lookup(F, c->args[i], c->e.span);
    if (!v)
        return NULL;
    if (v->kind == VAL_SCRATCH) {
        op_error(F, c, "'%s' is an uninitialised tile (pl.block.create_tile); seed 05 has no op that makes one",
                 IR_AS(IrVar, c->args[i])->name);
        return NULL;
    }
    if (v->kind != VAL_TILE) {
        op_error(F, c, "argument %u is not a tile", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

/* Vector instructions read and write Vec tiles. */
static int need_vec(Fn *F, const IrCall *c, const Value *v, const char *what)
{
    if (v->loc == MS_VEC)
        return 1;
    op_error(F, c, "%s is a %s tile; vector ops work on Vec tiles", what, memspace_name((MemorySpace)v->loc));
    return 0;
}

/* Seed 05 4.4: elementwise operands have the same rank, shape and element
 * type (and, so that one type describes them, the same location and
 * layout). */
static int same_tile(Fn *F, const IrCall *c, const IrType *a, const char *ta, const IrType *b, const char *tb,
                     const char *what)
{
    if (a->n != b->n) {
        op_error(F, c, "%s must have the same rank (seed 05 4.4), got %u and %u", what, (unsigned)a->n,
                 (unsigned)b->n);
        return 0;
    }
    for (uint32_t d = 0; d < a->n; d++) {
        int64_t x, y;
        if (!shape_const(a, d, &x) || !shape_const(b, d, &y) || x != y) {
            op_error(F, c, "%s must have the same shape (seed 05 4.4), got %s and %s", what, shape_text(F, a),
                     shape_text(F, b));
            return 0;
        }
    }
    if (a->dtype != b->dtype) {
        op_error(F, c, "%s must have the same element type (seed 05 4.4), got %s and %s", what,
                 dtype_text((DataType)a->dtype), dtype_text((DataType)b->dtype));
        return 0;
    }
    if (ta && tb && strcmp(ta, tb) != 0) {
        op_error(F, c, "%s must have the same tile type, got %s and %s", what, ta, tb);
        return 0;
    }
    return 1;
}

/* Seed 05 3.2: ` {valid = [...]}` for a tile type with a valid shape other
 * than its shape, after checking 0 < valid[d] <= shape[d]; "" without one;
 * NULL after an error.  Symbolic entries are index values. */
static const char *valid_attr(Fn *F, const IrType *t, Span span)
{
    const IrTileView *v = t->tile_view;
    const char **names;
    int differs = 0;
    StrBuf sb;
    const char *s;
    if (!v || !v->nvalid)
        return "";
    if (v->nvalid != t->n) {
        error(F, span, "the valid shape lists %u dimensions for a %u-D tile", (unsigned)v->nvalid, (unsigned)t->n);
        return NULL;
    }
    names = arena_array(&F->arena, v->nvalid, sizeof *names);
    for (uint32_t d = 0; d < v->nvalid; d++) {
        int64_t x, dim;
        if (ir_dim_value(v->valid_shape[d], &x)) {
            if (!shape_const(t, d, &dim) || x <= 0 || x > dim) {
                error(F, span, "valid[%u] = %lld is outside 0 < valid <= %s (seed 05 4.4)", (unsigned)d, (long long)x,
                      shape_const(t, d, &dim) ? fmt(F, "%lld", (long long)dim) : "?");
                return NULL;
            }
            names[d] = fmt(F, "%lld", (long long)x);
            differs |= x != dim;
        } else {
            if (!(names[d] = index_value(F, v->valid_shape[d])))
                return NULL;
            differs = 1;
        }
    }
    if (!differs)
        return "";
    sb_init(&sb);
    sb_puts(&sb, " {valid = [");
    for (uint32_t d = 0; d < v->nvalid; d++)
        sb_printf(&sb, "%s%s", d ? ", " : "", names[d]);
    sb_puts(&sb, "]}");
    s = sb_arena(F, &sb);
    sb_free(&sb);
    return s;
}

/* --------------------------------------------------------------- tile ops */

static void put_event_type(Fn *F, const char *isa)
{
    sb_printf(F->out, "!pto.event<producer = #pto.op<%s>, scope = #pto.scope<intra>>", isa);
}

/* `%tN[, %eN] = ` (or `%eN = ` for an op without a tile result). */
static void put_results(Fn *F, uint32_t id, int tile)
{
    if (tile)
        sb_printf(F->out, "%%t%u", (unsigned)id);
    if (F->o->async)
        sb_printf(F->out, "%s%%e%u", tile ? ", " : "", (unsigned)id);
    if (tile || F->o->async)
        sb_puts(F->out, " = ");
}

/* ` wait(...)`: the events of the ops that produced the tile operands,
 * each once, in operand order. */
static void put_waits(Fn *F, const Value *const *tiles, uint32_t n)
{
    int first = 1;
    if (!F->o->async)
        return;
    for (uint32_t i = 0; i < n; i++) {
        int seen = 0;
        if (!tiles[i] || !tiles[i]->event)
            continue;
        for (uint32_t j = 0; j < i; j++)
            seen |= tiles[j] && tiles[j]->event && strcmp(tiles[j]->event, tiles[i]->event) == 0;
        if (seen)
            continue;
        sb_puts(F->out, first ? " wait(" : ", ");
        sb_puts(F->out, tiles[i]->event);
        first = 0;
    }
    if (!first)
        sb_putc(F->out, ')');
}

static Value *tile_value(Fn *F, uint32_t id, const char *type, const IrType *t, MemorySpace loc, const char *isa)
{
    Value *v = new_value(F, VAL_TILE, fmt(F, "%%t%u", (unsigned)id), type);
    v->loc = (uint8_t)loc;
    v->ir_type = t;
    if (F->o->async && isa) {
        v->event = fmt(F, "%%e%u", (unsigned)id);
        v->producer = isa;
    }
    return v;
}

typedef struct Operand {
    const char *name;
    const char *type;
    const Value *tile;       /* for the wait clause; NULL for scalars */
} Operand;

static Operand tile_operand(const Value *v)
{
    Operand o;
    o.name = v->name;
    o.type = v->type;
    o.tile = v;
    return o;
}

static Operand scalar_operand(const char *name, DataType dt)
{
    Operand o;
    o.name = name;
    o.type = mlir_dtype(dt, 1);
    o.tile = NULL;
    return o;
}

/* The type a call's result is written with: the variable's (annotations
 * may add a valid shape or layout), else the call's. */
static const IrType *result_type(const IrCall *c, const IrVar *result)
{
    return result && result->type->kind == TYPE_TILE ? result->type : c->type;
}

/* One compute op:
 *   %tN[, %eN] = pto.tile.M a[idx], b[ wait(..)][ {valid}] : T | Ta, Tb -> T[, event]
 * same_type: every operand has the result's type (seed 05 4.4's form). */
static void compute(Fn *F, const IrCall *c, const char *mnemonic, const char *isa, const Operand *ops, uint32_t n,
                    const char *index_text, int same_type, const IrVar *result, const IrType *rt, MemorySpace loc)
{
    const char *rty = tile_type(F, rt, loc, c->e.span), *valid;
    const Value *waits[4];
    uint32_t id, nw = 0;
    if (!rty || !(valid = valid_attr(F, rt, c->e.span)))
        return;
    for (uint32_t i = 0; i < n; i++) {
        if (!ops[i].name || !ops[i].type)
            return;
        if (ops[i].tile && nw < 4)
            waits[nw++] = ops[i].tile;
    }
    if (same_type)
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(ops[i].type, rty) != 0) {
                op_error(F, c, "the result type %s differs from the operand type %s; seed 05's elementwise form has "
                               "one type", rty, ops[i].type);
                return;
            }
    id = F->next_tile++;
    begin(F);
    put_results(F, id, 1);
    sb_printf(F->out, "pto.tile.%s", mnemonic);
    for (uint32_t i = 0; i < n; i++) {
        sb_printf(F->out, "%s%s", i ? ", " : " ", ops[i].name);
        if (i == 0 && index_text)
            sb_puts(F->out, index_text);
    }
    put_waits(F, waits, nw);
    sb_puts(F->out, valid);
    sb_puts(F->out, " : ");
    if (same_type) {
        sb_puts(F->out, rty);
    } else {
        for (uint32_t i = 0; i < n; i++)
            sb_printf(F->out, "%s%s", i ? ", " : "", ops[i].type);
        sb_printf(F->out, " -> %s", rty);
    }
    if (F->o->async) {
        sb_puts(F->out, ", ");
        put_event_type(F, isa);
    }
    end(F);
    bind(F, result, tile_value(F, id, rty, rt, loc, isa));
}

/* The parameter a Tensor argument stands for. */
static const Value *tensor_arg(Fn *F, const IrCall *c, uint32_t i)
{
    const Value *v = lookup(F, c->args[i], c->e.span);
    if (v && v->kind != VAL_TENSOR) {
        op_error(F, c, "argument %u is not a tensor", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

/* --async: nothing orders two accesses to one global tensor (module
 * comment), so a kernel may load from a tensor or store to it, not both. */
static int memory_rule(Fn *F, const IrCall *c, const Value *t, int store)
{
    if (!F->o->async)
        return 1;
    if (store ? F->loaded[t->param] : F->stored[t->param]) {
        op_error(F, c, "--async: the kernel both loads from and stores to '%s'; seed-05 events order tile values, "
                       "not accesses to global memory", F->func->params[t->param].var->name);
        return 0;
    }
    (store ? F->stored : F->loaded)[t->param] = 1;
    return 1;
}

/* The memref a load or store accesses: the parameter itself when the
 * window is all of it (seed 05 loads straight from a memref, as in the
 * GP1 sketch), else a pto.memref.subview at the offsets (seed 05 4.2).
 * Constant windows are checked against the tensor's bounds. */
static int window(Fn *F, const IrCall *c, const Value *tensor, const IrMakeTuple *offs, const IrType *tile, uint32_t id,
                  const char **src, const char **srctype)
{
    const IrType *tt = tensor->ir_type;
    const char **names;
    int whole = 1;
    StrBuf sb;
    if (offs->n != tt->n || tile->n != tt->n) {
        op_error(F, c, "%u offsets and a %u-D tile on a %u-D tensor; seed-05 subviews keep the tensor's rank",
                 (unsigned)offs->n, (unsigned)tile->n, (unsigned)tt->n);
        return 0;
    }
    for (uint32_t d = 0; d < tt->n; d++) {
        int64_t off, size, dim;
        int koff = ir_dim_value(offs->elems[d], &off), kdim = shape_const(tt, d, &dim);
        shape_const(tile, d, &size);
        if (koff && kdim && (off < 0 || off + size > dim)) {
            op_error(F, c, "the window [%lld, %lld) of dimension %u is outside the tensor (size %lld)", (long long)off,
                     (long long)(off + size), (unsigned)d, (long long)dim);
            return 0;
        }
        whole &= koff && off == 0 && kdim && size == dim;
    }
    if (whole) {
        *src = tensor->name;
        *srctype = tensor->type;
        return 1;
    }
    names = arena_array(&F->arena, tt->n, sizeof *names);
    for (uint32_t d = 0; d < tt->n; d++)
        if (!(names[d] = index_value(F, offs->elems[d])))
            return 0;
    /* The view's strides are the tensor's row-major ones. */
    sb_init(&sb);
    sb_puts(&sb, "pto.memref<");
    put_shape(&sb, tile);
    sb_printf(&sb, "x%s, strided<[", mlir_dtype((DataType)tt->dtype, 0));
    for (uint32_t d = 0; d < tt->n; d++) {
        int64_t stride = 1, v;
        int known = 1;
        for (uint32_t k = d + 1; k < tt->n; k++) {
            if (shape_const(tt, k, &v))
                stride *= v;
            else
                known = 0;
        }
        if (d)
            sb_puts(&sb, ", ");
        if (known)
            sb_put_i64(&sb, stride);
        else
            sb_putc(&sb, '?');
    }
    sb_puts(&sb, "], offset: ?>>");
    *srctype = sb_arena(F, &sb);
    sb_free(&sb);
    *src = fmt(F, "%%sv%u", (unsigned)id);
    begin(F);
    sb_printf(F->out, "%s = pto.memref.subview %s[", *src, tensor->name);
    for (uint32_t d = 0; d < tt->n; d++)
        sb_printf(F->out, "%s%s", d ? ", " : "", names[d]);
    sb_puts(F->out, "] [");
    for (uint32_t d = 0; d < tt->n; d++) {
        int64_t size = 0;
        shape_const(tile, d, &size);
        sb_printf(F->out, "%s%lld", d ? ", " : "", (long long)size);
    }
    sb_puts(F->out, "] [");
    for (uint32_t d = 0; d < tt->n; d++)
        sb_puts(F->out, d ? ", 1" : "1");
    sb_printf(F->out, "] : %s to %s", tensor->type, *srctype);
    end(F);
    return 1;
}

/* `[%c0, %c0]`: loads and stores index their view at its origin. */
static void put_origin(Fn *F, uint32_t rank)
{
    const char *zero = int_const(F, 0, DT_INT64);
    sb_putc(F->out, '[');
    for (uint32_t d = 0; d < rank; d++)
        sb_printf(F->out, "%s%s", d ? ", " : "", zero);
    sb_putc(F->out, ']');
}

static void emit_load(Fn *F, const IrCall *c, const IrVar *result)
{
    const Value *tensor = tensor_arg(F, c, 0);
    const IrMakeTuple *offs = tuple_arg(F, c, 1, "offsets");
    const IrType *rt = result_type(c, result);
    MemorySpace loc = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
    const char *rty, *valid, *src, *srctype;
    uint32_t id;
    if (!tensor || !offs || !(rty = tile_type(F, rt, loc, c->e.span)) || !memory_rule(F, c, tensor, 0))
        return;
    id = F->next_tile;
    if (!window(F, c, tensor, offs, rt, id, &src, &srctype) || !(valid = valid_attr(F, rt, c->e.span)))
        return;
    F->next_tile++;
    begin(F);
    put_results(F, id, 1);
    sb_printf(F->out, "pto.tile.load %s", src);
    put_origin(F, rt->n);
    sb_printf(F->out, "%s : %s, %s", valid, srctype, rty);
    if (F->o->async) {
        sb_puts(F->out, ", ");
        put_event_type(F, "TLOAD");
    }
    end(F);
    bind(F, result, tile_value(F, id, rty, rt, loc, "TLOAD"));
}

static void emit_store(Fn *F, const IrCall *c, const IrVar *result)
{
    const Value *tile = tile_arg(F, c, 0), *tensor = tensor_arg(F, c, 3);
    const IrMakeTuple *offs = tuple_arg(F, c, 1, "offsets"), *shapes = tuple_arg(F, c, 2, "shapes");
    const char *isa, *src, *srctype;
    uint32_t id;
    if (!tile || !tensor || !offs || !shapes)
        return;
    switch (tile->loc) {
    case MS_VEC: isa = "TSTORE_VEC"; break;
    case MS_ACC: isa = "TSTORE_ACC"; break;
    case MS_MAT: isa = "TSTORE_MAT"; break;
    default:
        op_error(F, c, "a %s tile cannot be stored; store from Vec, Mat or Acc", memspace_name((MemorySpace)tile->loc));
        return;
    }
    if (shapes->n != tile->ir_type->n) {
        op_error(F, c, "shapes lists %u dimensions for a %u-D tile", (unsigned)shapes->n,
                 (unsigned)tile->ir_type->n);
        return;
    }
    for (uint32_t d = 0; d < shapes->n; d++) {
        int64_t a, b;
        if (!ir_dim_value(shapes->elems[d], &a) || !shape_const(tile->ir_type, d, &b) || a != b) {
            op_error(F, c, "shapes must be the tile's shape %s; seed-05 stores write the whole tile",
                     shape_text(F, tile->ir_type));
            return;
        }
    }
    if (!memory_rule(F, c, tensor, 1))
        return;
    id = F->next_tile;
    if (!window(F, c, tensor, offs, tile->ir_type, id, &src, &srctype))
        return;
    F->next_tile++;
    begin(F);
    put_results(F, id, 0);
    sb_printf(F->out, "pto.tile.store %s, %s", tile->name, src);
    put_origin(F, tile->ir_type->n);
    put_waits(F, &tile, 1);
    sb_printf(F->out, " : %s, %s", srctype, tile->type);
    if (F->o->async) {
        sb_puts(F->out, ", ");
        put_event_type(F, isa);
    }
    end(F);
    bind(F, result, tensor);
}

/* Seed 05 6.1's TMOV family, by (source, destination) location. */
static const char *move_mnemonic(MemorySpace from, MemorySpace to)
{
    if (from == MS_MAT && to == MS_LEFT)
        return "mov.m2l";
    if (from == MS_MAT && to == MS_RIGHT)
        return "mov.m2r";
    if (from == MS_ACC && to == MS_VEC)
        return "mov.a2v";
    if (from == MS_VEC && to == MS_VEC)
        return "mov.v2v";
    return NULL;
}

static int rank2(Fn *F, const IrCall *c, const Value *v, const char *what)
{
    if (v->ir_type->n == 2)
        return 1;
    op_error(F, c, "%s must be a 2-D tile, got %s", what, v->type);
    return 0;
}

static int same_dtype(Fn *F, const IrCall *c, const IrType *a, const IrType *b, const char *what)
{
    if (a->dtype == b->dtype)
        return 1;
    op_error(F, c, "%s must have the same element type, got %s and %s", what, dtype_text((DataType)a->dtype),
             dtype_text((DataType)b->dtype));
    return 0;
}

static int mask_dtype(Fn *F, const IrCall *c, const IrType *t, const char *what)
{
    if (t->dtype == DT_INT8 || t->dtype == DT_UINT8)
        return 1;
    op_error(F, c, "%s must be an 8-bit integer tile (a compare mask), got %s elements", what,
             dtype_text((DataType)t->dtype));
    return 0;
}

/* Tile-scalar ops keep the tile's element type; the IR promotes it when
 * the scalar is wider (an INT64 literal on an INT32 tile, ops.md 3.2). */
static int keeps_dtype(Fn *F, const IrCall *c, const IrType *tile, const IrType *result)
{
    if (tile->dtype == result->dtype)
        return 1;
    op_error(F, c, "the scalar promotes the %s tile to %s; seed-05 tile-scalar ops keep the tile's element type "
                   "(write the scalar as pl.const(v, pl.%s))", dtype_text((DataType)tile->dtype),
             dtype_text((DataType)result->dtype), dtype_name((DataType)tile->dtype));
    return 0;
}

/* The pipe classes of ops.md 8, from the locations the emitter knows
 * (ir_kernel_kind cannot see them without MemRefs). */
static void note_pipe(Fn *F, const IrCall *c, const TileOp *op)
{
    int cube = op->form == TF_MATMUL || op->form == TF_MATMUL_ACC, vector;
    if (op->form == TF_MOVE) {
        const Value *v = ptrmap_get(&F->values, c->args[0]);
        vector = v && v->kind == VAL_TILE && v->loc == MS_VEC &&
                 ir_call_kwarg_int(c, "target_memory", MS_VEC) == MS_VEC;
    } else {
        vector = !cube && op->form != TF_NONE && op->form != TF_CREATE_TILE && op->form != TF_LOAD &&
                 op->form != TF_STORE;
    }
    if (cube && !F->cube_op)
        F->cube_op = c;
    if (vector && !F->vector_op)
        F->vector_op = c;
}

static void emit_tile_op(Fn *F, const IrCall *c, const TileOp *op, const IrVar *result)
{
    const IrType *rt = result_type(c, result);
    Operand ops[3];
    const Value *a, *b, *m;
    note_pipe(F, c, op);
    switch ((TileForm)op->form) {
    case TF_NONE:
        op_error(F, c, "no seed-05 form: %s", op->why);
        return;
    case TF_CREATE_TILE:
        bind(F, result, new_value(F, VAL_SCRATCH, NULL, NULL));
        return;
    case TF_LOAD:
        emit_load(F, c, result);
        return;
    case TF_STORE:
        emit_store(F, c, result);
        return;
    case TF_MOVE: {
        MemorySpace to = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
        const char *mn;
        if (!(a = tile_arg(F, c, 0)))
            return;
        if (ir_call_kwarg_int(c, "transpose", 0)) {
            op_error(F, c, "no seed-05 form for transpose=True (the TMOV family moves without transposing)");
            return;
        }
        if (!(mn = move_mnemonic((MemorySpace)a->loc, to))) {
            op_error(F, c, "seed 05 has no move from %s to %s (its TMOV family is m2l, m2r, m2b, m2s, a2v, v2v)",
                     memspace_name((MemorySpace)a->loc), memspace_name(to));
            return;
        }
        ops[0] = tile_operand(a);
        compute(F, c, mn, op->isa, ops, 1, NULL, 0, result, rt, to);
        return;
    }
    case TF_VEC_MOVE:
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the source"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_UNARY:
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the operand"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 1, result, rt, MS_VEC);
        return;
    case TF_BINARY:
    case TF_TERNARY: {
        /* xor and prelu's third argument is a scratch tile: dropped. */
        uint32_t n = op->form == TF_TERNARY ? 3 : 2;
        const Value *v[3];
        for (uint32_t i = 0; i < n; i++)
            if (!(v[i] = tile_arg(F, c, i)) || !need_vec(F, c, v[i], i == 0 ? "the first operand" : "an operand"))
                return;
        for (uint32_t i = 1; i < n; i++)
            if (!same_tile(F, c, v[0]->ir_type, v[0]->type, v[i]->ir_type, v[i]->type, "elementwise operands"))
                return;
        for (uint32_t i = 0; i < n; i++)
            ops[i] = tile_operand(v[i]);
        compute(F, c, op->mnemonic, op->isa, ops, n, NULL, 1, result, rt, MS_VEC);
        return;
    }
    case TF_TILE_SCALAR:
        /* xors' third argument is a scratch tile: dropped. */
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !keeps_dtype(F, c, a->ir_type, rt) ||
            !same_tile(F, c, a->ir_type, NULL, rt, NULL, "the tile and the result"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = scalar_operand(scalar_as(F, c->args[1], (DataType)a->ir_type->dtype), (DataType)a->ir_type->dtype);
        compute(F, c, op->mnemonic, op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_TILE_SCALAR_TILE:
        if (!(a = tile_arg(F, c, 0)) || !(b = tile_arg(F, c, 2)) || !need_vec(F, c, a, "the first tile") ||
            !need_vec(F, c, b, "the second tile") ||
            !same_tile(F, c, a->ir_type, a->type, b->ir_type, b->type, "elementwise operands") ||
            !same_tile(F, c, a->ir_type, NULL, rt, NULL, "the tiles and the result"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = scalar_operand(scalar_as(F, c->args[1], (DataType)a->ir_type->dtype), (DataType)a->ir_type->dtype);
        ops[2] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 3, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_SEL:
        if (!(m = tile_arg(F, c, 0)) || !(a = tile_arg(F, c, 1)) || !(b = tile_arg(F, c, 2)) ||
            !need_vec(F, c, m, "the mask") || !need_vec(F, c, a, "the first tile") ||
            !need_vec(F, c, b, "the second tile") ||
            !same_tile(F, c, a->ir_type, a->type, b->ir_type, b->type, "elementwise operands") ||
            !mask_dtype(F, c, m->ir_type, "the mask"))
            return;
        ops[0] = tile_operand(m);
        ops[1] = tile_operand(a);
        ops[2] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 3, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_CMP:
    case TF_CMPS: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the first operand"))
            return;
        if (mode < 0 || mode > 5) {
            op_error(F, c, "cmp_type %lld is not 0..5", (long long)mode);
            return;
        }
        if (!mask_dtype(F, c, rt, "the result"))
            return;
        ops[0] = tile_operand(a);
        if (op->form == TF_CMP) {
            if (!(b = tile_arg(F, c, 1)) || !need_vec(F, c, b, "the second operand") ||
                !same_tile(F, c, a->ir_type, a->type, b->ir_type, b->type, "elementwise operands"))
                return;
            ops[1] = tile_operand(b);
        } else {
            ops[1] = scalar_operand(scalar_as(F, c->args[1], (DataType)a->ir_type->dtype), (DataType)a->ir_type->dtype);
        }
        compute(F, c, fmt(F, "%s.%s", op->mnemonic, cmp_modes[mode]), op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    }
    case TF_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the operand"))
            return;
        if (mode < 0 || mode > 6) {
            op_error(F, c, "mode %lld is not 0..6", (long long)mode);
            return;
        }
        ops[0] = tile_operand(a);
        compute(F, c, fmt(F, "%s.%s", op->mnemonic, round_modes[mode]), op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    }
    case TF_ROW_REDUCE:
        /* The tmp tile is scratch: dropped. */
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_REDUCE: {
        int64_t axis = ir_call_kwarg_int(c, "axis", -1);
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile"))
            return;
        if (!ir_call_kwarg_int(c, "keepdim", 0)) {
            op_error(F, c, "no seed-05 form without keepdim=True (the ISA's row and column reductions keep the "
                           "axis)");
            return;
        }
        if (axis < 0)
            axis += 2;
        ops[0] = tile_operand(a);
        compute(F, c, fmt(F, "%s%s", axis == 1 ? "row" : "col", op->mnemonic),
                fmt(F, "T%s%s", axis == 1 ? "ROW" : "COL", op->isa), ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    }
    case TF_ROW_EXPAND:
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the source") || !rank2(F, c, a, "the source"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_ROW_EXPAND_OP:
    case TF_COL_EXPAND_OP:
        if (!(a = tile_arg(F, c, 0)) || !(b = tile_arg(F, c, 1)) || !need_vec(F, c, a, "the tile") ||
            !need_vec(F, c, b, op->form == TF_ROW_EXPAND_OP ? "the row vector" : "the column vector") ||
            !rank2(F, c, a, "the tile") || !rank2(F, c, b, "the vector") ||
            !same_dtype(F, c, a->ir_type, b->ir_type, "the tile and the vector"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_COL_EXPAND:
        /* The target only gives the result's shape, which its type states. */
        if (!(b = tile_arg(F, c, 1)) || !need_vec(F, c, b, "the column vector") ||
            !same_dtype(F, c, b->ir_type, rt, "the column vector and the result"))
            return;
        ops[0] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_EXPANDS:
    case TF_FULL:
        ops[0] = scalar_operand(scalar_as(F, c->args[1], (DataType)rt->dtype), (DataType)rt->dtype);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_MATMUL:
    case TF_MATMUL_ACC: {
        uint32_t k = op->form == TF_MATMUL_ACC, n = 0;
        const Value *acc = NULL;
        if (k && !(acc = tile_arg(F, c, 0)))
            return;
        if (!(a = tile_arg(F, c, k)) || !(b = tile_arg(F, c, k + 1)))
            return;
        if (acc && acc->loc != MS_ACC) {
            op_error(F, c, "the accumulator must be an Acc tile, got a %s tile", memspace_name((MemorySpace)acc->loc));
            return;
        }
        if (a->loc != MS_LEFT || b->loc != MS_RIGHT) {
            op_error(F, c, "the cube unit reads a Left lhs and a Right rhs (seed 05 6.3), got %s and %s tiles",
                     memspace_name((MemorySpace)a->loc), memspace_name((MemorySpace)b->loc));
            return;
        }
        if (acc)
            ops[n++] = tile_operand(acc);
        ops[n++] = tile_operand(a);
        ops[n++] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, n, NULL, 0, result, rt, MS_ACC);
        if (acc && result) {
            const Value *r = ptrmap_get(&F->values, result);
            if (r && strcmp(r->type, acc->type) != 0)
                op_error(F, c, "the result type %s differs from the accumulator's %s", r->type, acc->type);
        }
        return;
    }
    case TF_EXTRACT: {
        const IrMakeTuple *offs;
        const IrType *st;
        StrBuf sb;
        const char *idx;
        if (!(a = tile_arg(F, c, 0)) || !(offs = tuple_arg(F, c, 2, "offset")))
            return;
        st = a->ir_type;
        if (offs->n != st->n || rt->n != st->n) {
            op_error(F, c, "%u offsets and a %u-D view of a %u-D tile; seed-05 extract keeps the tile's rank",
                     (unsigned)offs->n, (unsigned)rt->n, (unsigned)st->n);
            return;
        }
        /* Seed 05 7: the extracted tile lies inside its source. */
        for (uint32_t d = 0; d < st->n; d++) {
            int64_t off, size, dim;
            if (ir_dim_value(offs->elems[d], &off) && shape_const(rt, d, &size) && shape_const(st, d, &dim) &&
                (off < 0 || off + size > dim)) {
                op_error(F, c, "extract bounds (seed 05 7): the window [%lld, %lld) of dimension %u is outside the "
                               "source tile (size %lld)", (long long)off, (long long)(off + size), (unsigned)d,
                         (long long)dim);
                return;
            }
        }
        sb_init(&sb);
        sb_putc(&sb, '[');
        for (uint32_t d = 0; d < offs->n; d++) {
            const char *o = index_value(F, offs->elems[d]);
            if (!o) {
                sb_free(&sb);
                return;
            }
            sb_printf(&sb, "%s%s", d ? ", " : "", o);
        }
        sb_putc(&sb, ']');
        idx = sb_arena(F, &sb);
        sb_free(&sb);
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, idx, 0, result, rt, (MemorySpace)a->loc);
        return;
    }
    case TF_RESHAPE:
        if (!(a = tile_arg(F, c, 0)))
            return;
        {
            uint64_t na = ir_type_byte_size(a->ir_type), nr = ir_type_byte_size(rt);
            if (!na || na != nr) {
                op_error(F, c, "reshape from %s to %s changes the element count", a->type,
                         shape_text(F, rt));
                return;
            }
        }
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, (MemorySpace)a->loc);
        return;
    case TF_TRANSPOSE:
        if (!(a = tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    }
}

static void emit_call(Fn *F, const IrCall *c, const IrVar *result)
{
    const OpDef *op = callee_op(c->callee);
    TileOp t;
    if (!op) {
        error(F, c->e.span, "a call of '%s' in a kernel has no seed-05 form (kernels are single functions)",
              c->callee->name);
        return;
    }
    if (op->category == OPC_SYSTEM) {
        op_error(F, c, "no seed-05 form: seed 05 orders ops with event tokens (--async), not with pipe flags or "
                       "barriers");
        return;
    }
    if (op->category == OPC_TENSOR) {
        op_error(F, c, "no seed-05 form: tensor ops have no tile-level lowering");
        return;
    }
    emit_tile_op(F, c, tile_op_of(op, &t), result);
}

/* ------------------------------------------------------------ control flow */

static void emit_stmts(Fn *F, const IrStmt *s, const IrStmt *skip);

/* The yield that ends a body carrying n > 0 values. */
static const IrValues *trailing_yield(const IrStmt *body, uint32_t n)
{
    const IrValues *y = n ? ir_body_yield(body) : NULL;
    return y && y->n == n ? y : NULL;
}

/* How a loop's iter_arg is carried, from its initial value. */
static int carry_init(Fn *F, Carry *cr, const IrVar *var, const IrExpr *init, Span span)
{
    const IrType *t = var->type;
    const Value *v;
    memset(cr, 0, sizeof *cr);
    cr->ir_type = t;
    cr->var = var->name;
    if (t->kind == TYPE_SCALAR) {
        cr->kind = VAL_SCALAR;
        cr->dtype = t->dtype;
        if (!(cr->type = mlir_dtype((DataType)t->dtype, 1))) {
            error(F, span, "loop-carried scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
            return 0;
        }
        return (cr->init = scalar_as(F, init, (DataType)t->dtype)) != NULL;
    }
    if ((t->kind != TYPE_TILE && t->kind != TYPE_TENSOR) || !(v = lookup(F, init, span)))
        goto bad;
    if (t->kind == TYPE_TENSOR && v->kind == VAL_TENSOR) {
        cr->kind = VAL_TENSOR;
        cr->tensor = v;
        return 1;
    }
    if (v->kind == VAL_SCRATCH) {
        error(F, span, "'%s' starts as an uninitialised tile (pl.block.create_tile); seed 05 has no op that makes one",
              var->name);
        return 0;
    }
    if (v->kind != VAL_TILE)
        goto bad;
    cr->kind = VAL_TILE;
    cr->loc = v->loc;
    cr->type = v->type;
    cr->ir_type = v->ir_type;
    cr->init = v->name;
    cr->init_event = v->event;
    cr->producer = v->producer;
    return 1;
bad:
    error(F, span, "the loop-carried '%s' has no seed-05 form", var->name);
    return 0;
}

/* Fresh names for a carried value and its event: tiles take the next tile
 * number, scalars the next plain one. */
static void carry_names(Fn *F, const Carry *cr, const char **name, const char **event)
{
    *name = *event = NULL;
    if (cr->kind == VAL_TILE) {
        uint32_t id = F->next_tile++;
        *name = fmt(F, "%%t%u", (unsigned)id);
        if (cr->producer)
            *event = fmt(F, "%%e%u", (unsigned)id);
    } else if (cr->kind == VAL_SCALAR) {
        *name = next_num(F);
    }
}

static const Value *carry_value(Fn *F, const Carry *cr, const char *name, const char *event)
{
    Value *v;
    if (cr->kind == VAL_TENSOR)
        return cr->tensor;
    v = new_value(F, (ValueKind)cr->kind, name, cr->type);
    v->dtype = cr->dtype;
    v->loc = cr->loc;
    v->ir_type = cr->ir_type;
    v->event = event;
    v->producer = event ? cr->producer : NULL;
    return v;
}

static uint32_t carried_count(const Carry *cr, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += cr[i].kind != VAL_TENSOR;
    return k;
}

/* `a, ea, b`: the carried names, each tile's event after it; with types
 * (`a: T`) for block arguments; with `= init` for iter_args. */
static void put_carried(Fn *F, const Carry *cr, uint32_t n, const char *const *names, const char *const *events,
                        int typed, int with_init)
{
    int first = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (cr[i].kind == VAL_TENSOR)
            continue;
        sb_printf(F->out, "%s%s", first ? "" : ", ", names[i]);
        if (typed)
            sb_printf(F->out, ": %s", cr[i].type);
        if (with_init)
            sb_printf(F->out, " = %s", cr[i].init);
        if (events[i]) {
            sb_printf(F->out, ", %s", events[i]);
            if (typed) {
                sb_puts(F->out, ": ");
                put_event_type(F, cr[i].producer);
            }
            if (with_init)
                sb_printf(F->out, " = %s", cr[i].init_event);
        }
        first = 0;
    }
}

static void put_carried_types(Fn *F, const Carry *cr, uint32_t n)
{
    int first = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (cr[i].kind == VAL_TENSOR)
            continue;
        sb_printf(F->out, "%s%s", first ? "" : ", ", cr[i].type);
        if (cr[i].producer) {
            sb_puts(F->out, ", ");
            put_event_type(F, cr[i].producer);
        }
        first = 0;
    }
}

static const char *producer_text(const char *isa) { return isa ? isa : "no op with an event"; }

/* A value a loop body yields for carried entry cr: scalars converted to
 * its type, tiles of its type with an event of its producer, tensors the
 * same memref. */
static int yielded(Fn *F, const Carry *cr, const IrExpr *e, Span span, const char **name, const char **event)
{
    const Value *v;
    *event = NULL;
    if (cr->kind == VAL_SCALAR)
        return (*name = scalar_as(F, e, (DataType)cr->dtype)) != NULL;
    if (!(v = lookup(F, e, span)))
        return 0;
    if (cr->kind == VAL_TENSOR) {
        if (v->kind != VAL_TENSOR || v->param != cr->tensor->param) {
            error(F, span, "the loop carries '%s' out as a different tensor than came in; seed-05 memrefs are kernel "
                           "arguments and do not change", cr->var);
            return 0;
        }
        return 1;
    }
    if (v->kind != VAL_TILE) {
        error(F, span, "the loop carries '%s' out as '%s', which is not an initialised tile", cr->var,
              IR_AS(IrVar, e)->name);
        return 0;
    }
    if (strcmp(v->type, cr->type) != 0) {
        error(F, span, "the loop carries '%s' in as a %s and out as a %s; an scf value has one type", cr->var,
              cr->type, v->type);
        return 0;
    }
    if ((cr->producer != NULL) != (v->event != NULL) ||
        (cr->producer && strcmp(cr->producer, v->producer) != 0)) {
        error(F, span, "--async: the loop-carried tile '%s' is produced by %s before the loop and by %s in it; a "
                       "seed-05 event type names one producer", cr->var, producer_text(cr->producer),
              producer_text(v->producer));
        return 0;
    }
    *name = v->name;
    *event = v->event;
    return 1;
}

/* `keyword v, ev, ... : T, Tev, ...` for the values a region passes on
 * (scf.yield, scf.condition(%c)); just `keyword` when nothing is carried. */
static void put_pass_on(Fn *F, const char *keyword, const Carry *cr, uint32_t n, const char *const *names,
                        const char *const *events)
{
    begin(F);
    sb_puts(F->out, keyword);
    if (carried_count(cr, n)) {
        sb_putc(F->out, ' ');
        put_carried(F, cr, n, names, events, 0, 0);
        sb_puts(F->out, " : ");
        put_carried_types(F, cr, n);
    }
    end(F);
}

/* The trailing yield of a loop body: checked and written. */
static void loop_yield(Fn *F, const Carry *cr, uint32_t n, const IrValues *y)
{
    const char **names = arena_array(&F->arena, n, sizeof *names), **events = arena_array(&F->arena, n, sizeof *events);
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        ok &= yielded(F, &cr[i], y->values[i], y->s.span, &names[i], &events[i]);
    if (ok && carried_count(cr, n))
        put_pass_on(F, "scf.yield", cr, n, names, events);
}

static const char **name_array(Fn *F, uint32_t n) { return arena_zalloc(&F->arena, (n ? n : 1) * sizeof(char *)); }

static void emit_for(Fn *F, const IrFor *f)
{
    uint32_t n = f->niter, carried;
    const IrValues *y = trailing_yield(f->body, n);
    Carry *cr = arena_zalloc(&F->arena, (n ? n : 1) * sizeof *cr);
    const char **args = name_array(F, n), **aev = name_array(F, n), **res = name_array(F, n),
               **rev = name_array(F, n), *lb, *ub, *st, *iv;
    Value *ivv;
    int ok = 1;
    if (f->loop_var->type->kind != TYPE_SCALAR || f->loop_var->type->dtype != DT_INT64) {
        error(F, f->s.span, "the loop variable '%s' must be an INT64 (index) scalar", f->loop_var->name);
        return;
    }
    if (n && !y) {
        error(F, f->s.span, "a loop with iter_args must end in a yield");
        return;
    }
    lb = index_value(F, f->start);
    ub = index_value(F, f->stop);
    st = index_value(F, f->step);
    for (uint32_t i = 0; i < n; i++)
        ok &= carry_init(F, &cr[i], &f->iter_args[i]->v, f->iter_args[i]->init, f->s.span);
    if (!lb || !ub || !st || !ok)
        return;
    carried = carried_count(cr, n);
    iv = next_num(F);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &args[i], &aev[i]);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &res[i], &rev[i]);
    begin(F);
    if (carried) {
        put_carried(F, cr, n, res, rev, 0, 0);
        sb_puts(F->out, " = ");
    }
    sb_printf(F->out, "scf.for %s = %s to %s step %s", iv, lb, ub, st);
    if (carried) {
        sb_puts(F->out, " iter_args(");
        put_carried(F, cr, n, args, aev, 0, 1);
        sb_puts(F->out, ") -> (");
        put_carried_types(F, cr, n);
        sb_putc(F->out, ')');
    }
    sb_puts(F->out, " {");
    end(F);
    ivv = new_value(F, VAL_SCALAR, iv, "index");
    ivv->dtype = DT_INT64;
    bind(F, f->loop_var, ivv);
    for (uint32_t i = 0; i < n; i++)
        bind(F, &f->iter_args[i]->v, carry_value(F, &cr[i], args[i], aev[i]));
    F->indent += 2;
    F->depth++;
    emit_stmts(F, f->body, y ? &y->s : NULL);
    if (y)
        loop_yield(F, cr, n, y);
    F->indent -= 2;
    F->depth--;
    begin(F);
    sb_putc(F->out, '}');
    end(F);
    for (uint32_t i = 0; i < n; i++)
        bind(F, f->ret[i], carry_value(F, &cr[i], res[i], rev[i]));
}

/* One branch of an if into its own buffer; its yielded values. */
static void if_branch(Fn *F, StrBuf *buf, const IrStmt *body, const IrValues *y, const IrIf *s, const char **names,
                      const Value **vals)
{
    F->out = buf;
    emit_stmts(F, body, y ? &y->s : NULL);
    for (uint32_t i = 0; y && i < s->nret; i++) {
        const IrType *t = s->ret[i]->type;
        if (t->kind == TYPE_SCALAR)
            names[i] = mlir_dtype((DataType)t->dtype, 1) ? scalar_as(F, y->values[i], (DataType)t->dtype) : NULL;
        else
            vals[i] = lookup(F, y->values[i], y->s.span);
    }
}

/* How if result i is carried, from what the two branches yield. */
static int if_carry(Fn *F, const IrIf *s, uint32_t i, const Value *a, const Value *b, Carry *cr)
{
    const IrType *t = s->ret[i]->type;
    memset(cr, 0, sizeof *cr);
    if (t->kind == TYPE_SCALAR) {
        cr->kind = VAL_SCALAR;
        cr->dtype = t->dtype;
        if ((cr->type = mlir_dtype((DataType)t->dtype, 1)))
            return 1;
        error(F, s->s.span, "scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
        return 0;
    }
    if (!a || !b)
        return 0;
    if (a->kind == VAL_TENSOR && b->kind == VAL_TENSOR) {
        if (a->param != b->param) {
            error(F, s->s.span, "the branches yield different tensors for '%s'; seed-05 memrefs are kernel arguments "
                                "and cannot be chosen at run time", s->ret[i]->name);
            return 0;
        }
        cr->kind = VAL_TENSOR;
        cr->tensor = a;
        return 1;
    }
    if (a->kind != VAL_TILE || b->kind != VAL_TILE) {
        error(F, s->s.span, "the branches do not both yield an initialised tile for '%s'", s->ret[i]->name);
        return 0;
    }
    if (strcmp(a->type, b->type) != 0) {
        error(F, s->s.span, "the branches yield a %s and a %s for '%s'; the scf.if result has one type", a->type,
              b->type, s->ret[i]->name);
        return 0;
    }
    if ((a->producer != NULL) != (b->producer != NULL) || (a->producer && strcmp(a->producer, b->producer) != 0)) {
        error(F, s->s.span, "--async: the tile '%s' is produced by %s in one branch and by %s in the other; a seed-05 "
                            "event type names one producer", s->ret[i]->name, producer_text(a->producer),
              producer_text(b->producer));
        return 0;
    }
    cr->kind = VAL_TILE;
    cr->loc = a->loc;
    cr->type = a->type;
    cr->ir_type = a->ir_type;
    cr->producer = a->producer;
    return 1;
}

static void emit_if(Fn *F, const IrIf *s)
{
    uint32_t n = s->nret;
    const IrValues *yt = trailing_yield(s->then_body, n), *ye = trailing_yield(s->else_body, n);
    const char *cond = scalar_as(F, s->cond, DT_BOOL);
    const char **tn = name_array(F, n), **en = name_array(F, n), **tev = name_array(F, n),
               **eev = name_array(F, n), **res = name_array(F, n), **rev = name_array(F, n);
    const Value **tv = (const Value **)name_array(F, n), **ev = (const Value **)name_array(F, n);
    Carry *cr = arena_zalloc(&F->arena, (n ? n : 1) * sizeof *cr);
    StrBuf *outer = F->out, tb, eb;
    int ok = 1;
    if (!cond)
        return;
    if (n && (!yt || !ye)) {
        error(F, s->s.span, "an if with results needs a yield at the end of both branches");
        return;
    }
    sb_init(&tb);
    sb_init(&eb);
    F->indent += 2;
    F->depth++;
    if_branch(F, &tb, s->then_body, yt, s, tn, tv);
    if (s->else_body)
        if_branch(F, &eb, s->else_body, ye, s, en, ev);
    for (uint32_t i = 0; i < n; i++) {
        ok &= if_carry(F, s, i, tv[i], ev[i], &cr[i]);
        if (cr[i].kind == VAL_TILE && ok) {
            tn[i] = tv[i]->name, tev[i] = tv[i]->event;
            en[i] = ev[i]->name, eev[i] = ev[i]->event;
        }
        ok &= cr[i].kind != VAL_SCALAR || (tn[i] && en[i]);
    }
    if (ok && carried_count(cr, n)) {
        F->out = &tb;
        put_pass_on(F, "scf.yield", cr, n, tn, tev);
        F->out = &eb;
        put_pass_on(F, "scf.yield", cr, n, en, eev);
    }
    F->indent -= 2;
    F->depth--;
    F->out = outer;
    if (ok) {
        for (uint32_t i = 0; i < n; i++)
            carry_names(F, &cr[i], &res[i], &rev[i]);
        begin(F);
        if (carried_count(cr, n)) {
            put_carried(F, cr, n, res, rev, 0, 0);
            sb_puts(F->out, " = ");
        }
        sb_printf(F->out, "scf.if %s", cond);
        if (carried_count(cr, n)) {
            sb_puts(F->out, " -> (");
            put_carried_types(F, cr, n);
            sb_putc(F->out, ')');
        }
        sb_puts(F->out, " {");
        end(F);
        put_text(F->out, &tb);
        if (s->else_body) {
            begin(F);
            sb_puts(F->out, "} else {");
            end(F);
            put_text(F->out, &eb);
        }
        begin(F);
        sb_putc(F->out, '}');
        end(F);
        for (uint32_t i = 0; i < n; i++)
            bind(F, s->ret[i], carry_value(F, &cr[i], res[i], rev[i]));
    }
    sb_free(&tb);
    sb_free(&eb);
}

/* scf.while: the condition in the "before" region (on its own block
 * arguments), the body in the "do" region (on fresh ones). */
static void emit_while(Fn *F, const IrWhile *w)
{
    uint32_t n = w->niter, carried;
    const IrValues *y = trailing_yield(w->body, n);
    Carry *cr = arena_zalloc(&F->arena, (n ? n : 1) * sizeof *cr);
    const char **before = name_array(F, n), **bev = name_array(F, n), **after = name_array(F, n),
               **aev = name_array(F, n), **res = name_array(F, n), **rev = name_array(F, n), *cond;
    int ok = 1;
    if (n && !y) {
        error(F, w->s.span, "a while loop with iter_args must end in a yield");
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        ok &= carry_init(F, &cr[i], &w->iter_args[i]->v, w->iter_args[i]->init, w->s.span);
    if (!ok)
        return;
    carried = carried_count(cr, n);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &before[i], &bev[i]);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &after[i], &aev[i]);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &res[i], &rev[i]);
    begin(F);
    if (carried) {
        put_carried(F, cr, n, res, rev, 0, 0);
        sb_puts(F->out, " = scf.while (");
        put_carried(F, cr, n, before, bev, 0, 1);
        sb_puts(F->out, ") : (");
        put_carried_types(F, cr, n);
        sb_puts(F->out, ") -> (");
        put_carried_types(F, cr, n);
        sb_puts(F->out, ") {");
    } else {
        sb_puts(F->out, "scf.while : () -> () {");
    }
    end(F);
    for (uint32_t i = 0; i < n; i++)
        bind(F, &w->iter_args[i]->v, carry_value(F, &cr[i], before[i], bev[i]));
    F->indent += 2;
    F->depth++;
    if ((cond = scalar_as(F, w->cond, DT_BOOL)))
        put_pass_on(F, fmt(F, "scf.condition(%s)", cond), cr, n, before, bev);
    F->indent -= 2;
    begin(F);
    sb_puts(F->out, "} do {");
    end(F);
    if (carried) {
        begin(F);
        sb_puts(F->out, "^bb0(");
        put_carried(F, cr, n, after, aev, 1, 0);
        sb_puts(F->out, "):");
        end(F);
    }
    for (uint32_t i = 0; i < n; i++)
        bind(F, &w->iter_args[i]->v, carry_value(F, &cr[i], after[i], aev[i]));
    F->indent += 2;
    emit_stmts(F, w->body, y ? &y->s : NULL);
    if (y)
        loop_yield(F, cr, n, y);
    if (!carried) {
        begin(F);
        sb_puts(F->out, "scf.yield");
        end(F);
    }
    F->indent -= 2;
    F->depth--;
    begin(F);
    sb_putc(F->out, '}');
    end(F);
    for (uint32_t i = 0; i < n; i++)
        bind(F, w->ret[i], carry_value(F, &cr[i], res[i], rev[i]));
}

/* ------------------------------------------------------------- statements */

static void emit_assign(Fn *F, const IrAssign *a)
{
    const IrExpr *v = a->value;
    const IrType *t = a->var->type;
    Value *x;
    const char *name;
    if (v->kind == EXPR_CALL) {
        emit_call(F, IR_AS(IrCall, v), a->var);
        poison_unbound(F, a->var);
        return;
    }
    if (ir_is_var_like(v) && v->kind != EXPR_MEMREF && t->kind != TYPE_SCALAR) {
        bind(F, a->var, lookup(F, v, a->s.span));
        poison_unbound(F, a->var);
        return;
    }
    if (t->kind != TYPE_SCALAR || v->kind == EXPR_TUPLE_GET || v->kind == EXPR_MAKE_TUPLE ||
        v->kind == EXPR_MEMREF) {
        error(F, a->s.span, "'%s' has no seed-05 form (kernels compute tiles and scalars)", a->var->name);
        return;
    }
    if (!mlir_dtype((DataType)t->dtype, 1)) {
        error(F, a->s.span, "scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
        return;
    }
    if (!(name = scalar_as(F, v, (DataType)t->dtype))) {
        poison_unbound(F, a->var);
        return;
    }
    x = new_value(F, VAL_SCALAR, name, mlir_dtype((DataType)t->dtype, 1));
    x->dtype = t->dtype;
    bind(F, a->var, x);
}

static void emit_stmts(Fn *F, const IrStmt *s, const IrStmt *skip)
{
    if (!s || s == skip)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            emit_stmts(F, IR_AS(IrSeq, s)->stmts[i], skip);
        return;
    case STMT_ASSIGN:
        emit_assign(F, IR_AS(IrAssign, s));
        return;
    case STMT_EVAL:
        if (IR_AS(IrEval, s)->expr->kind == EXPR_CALL)
            emit_call(F, IR_AS(IrCall, IR_AS(IrEval, s)->expr), NULL);
        return;
    case STMT_RETURN:
        /* The kernel's results are the tensors it stored to. */
        if (F->depth)
            error(F, s->span, "'return' inside a loop or branch has no seed-05 form");
        return;
    case STMT_YIELD:
        if (IR_AS(IrValues, s)->n)
            error(F, s->span, "a yield that does not end its body has no seed-05 form");
        return;
    case STMT_IF:
        emit_if(F, IR_AS(IrIf, s));
        for (uint32_t i = 0; i < IR_AS(IrIf, s)->nret; i++)
            poison_unbound(F, IR_AS(IrIf, s)->ret[i]);
        return;
    case STMT_FOR:
        emit_for(F, IR_AS(IrFor, s));
        for (uint32_t i = 0; i < IR_AS(IrFor, s)->niter; i++)
            poison_unbound(F, IR_AS(IrFor, s)->ret[i]);
        return;
    case STMT_WHILE:
        emit_while(F, IR_AS(IrWhile, s));
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++)
            poison_unbound(F, IR_AS(IrWhile, s)->ret[i]);
        return;
    case STMT_SCOPE:
        error(F, s->span, "'with pl.incore():' inside a kernel has no seed-05 form");
        return;
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind %d", s->kind);
}

/* -------------------------------------------------------------- functions */

typedef struct DimScan {
    IrWalker w;
    Fn *F;
    StrBuf *params;
    uint32_t next;
} DimScan;

/* A symbolic dimension (pl.dynamic) becomes one more index parameter,
 * as in pto-mlir.md 3. */
static int dim_var(IrWalker *w, const IrExpr *e)
{
    DimScan *ds = w->data;
    Value *v;
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF || ptrmap_get(&ds->F->values, e))
        return 1;
    v = new_value(ds->F, VAL_SCALAR, fmt(ds->F, "%%arg%u", (unsigned)ds->next++), "index");
    v->dtype = DT_INT64;
    bind(ds->F, IR_AS(IrVar, e), v);
    sb_printf(ds->params, "%s%s: index", ds->next > 1 ? ", " : "", v->name);
    return 0;
}

static const char *param_value(Fn *F, uint32_t i, Value **out)
{
    const IrVar *var = F->func->params[i].var;
    const IrType *t = var->type;
    const char *name = fmt(F, "%%arg%u", (unsigned)i), *type = NULL;
    Value *v = NULL;
    switch (t->kind) {
    case TYPE_TENSOR:
        if ((type = memref_type(F, t, var->e.span))) {
            v = new_value(F, VAL_TENSOR, name, type);
            v->param = i;
        }
        break;
    case TYPE_SCALAR:
        if ((type = mlir_dtype((DataType)t->dtype, 1))) {
            v = new_value(F, VAL_SCALAR, name, type);
            v->dtype = t->dtype;
        } else {
            error(F, var->e.span, "scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
        }
        break;
    case TYPE_TILE: {
        MemorySpace loc = t->memref ? (MemorySpace)t->memref->space : MS_VEC;
        if (loc == MS_DDR)
            error(F, var->e.span, "a tile parameter in DDR has no seed-05 form");
        else if (t->tile_view && t->tile_view->nvalid)
            error(F, var->e.span, "a tile parameter with a valid shape has no seed-05 form (seed 05 writes valid on "
                                  "the op that makes a tile)");
        else if ((type = tile_type(F, t, loc, var->e.span))) {
            v = new_value(F, VAL_TILE, name, type);
            v->loc = (uint8_t)loc;
        }
        break;
    }
    default:
        error(F, var->e.span, "the parameter '%s' has no seed-05 form", var->name);
        break;
    }
    if (v)
        v->ir_type = t;
    *out = v;
    return type;
}

static void fn_init(Fn *F, IrCtx *ir, DiagEngine *diag, const CodegenOptions *o, const IrFunc *f)
{
    memset(F, 0, sizeof *F);
    F->ir = ir;
    F->diag = diag;
    F->o = o;
    F->func = f;
    arena_init(&F->arena);
    ptrmap_init(&F->values);
    ptrmap_init(&F->consts);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_init(&F->tile_types[i]);
    sb_init(&F->consts_text);
    F->loaded = arena_zalloc(&F->arena, f->nparams + 1);
    F->stored = arena_zalloc(&F->arena, f->nparams + 1);
}

static void fn_free(Fn *F)
{
    sb_free(&F->consts_text);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_free(&F->tile_types[i]);
    ptrmap_free(&F->consts);
    ptrmap_free(&F->values);
    arena_free(&F->arena);
}

/*   func.func @name(%arg0: pto.memref<..>, ...) {
 *     <constants>
 *     <body>
 *     return
 *   }                                            (the GP1 sketch's layout) */
static void emit_kernel(StrBuf *out, Fn *F)
{
    const IrFunc *f = F->func;
    StrBuf params, body;
    DimScan ds;
    sb_init(&params);
    sb_init(&body);
    for (uint32_t i = 0; i < f->nparams; i++) {
        Value *v;
        const char *type = param_value(F, i, &v);
        sb_printf(&params, "%s%%arg%u: %s", i ? ", " : "", (unsigned)i, type ? type : "?");
        bind(F, f->params[i].var, v);
        poison_unbound(F, f->params[i].var);
    }
    memset(&ds, 0, sizeof ds);
    ds.w.pre_expr = dim_var;
    ds.w.data = &ds;
    ds.F = F;
    ds.params = &params;
    ds.next = f->nparams;
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        if (ir_type_is_shaped(t))
            for (uint32_t d = 0; d < t->n; d++)
                ir_walk_expr(&ds.w, t->dims[d]);
    }
    F->out = &body;
    F->indent = 4;
    emit_stmts(F, f->body, NULL);
    sb_printf(out, "  func.func @%s(", f->name);
    put_text(out, &params);
    sb_puts(out, ") {\n");
    put_text(out, &F->consts_text);
    put_text(out, &body);
    sb_puts(out, "    return\n  }\n");
    sb_free(&params);
    sb_free(&body);
}

int codegen_pto_tile(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    unsigned errors = 0;
    /* Seed 05 7 names the target a3; A2 and A3 share one ISA. */
    sb_printf(out, "module attributes { pto.target = #pto.target<%s> } {\n", o->arch == ARCH_A5 ? "a5" : "a3");
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        Fn F;
        if (ir_kernel_kind(f) == KERNEL_NONE)
            continue;
        fn_init(&F, ir, diag, o, f);
        emit_kernel(out, &F);
        if (F.cube_op && F.vector_op) {
            char name[64];
            diag_error(diag, f->span,
                       "kernel '%s' uses both the cube (M) and the vector (V) pipe; split it into a cube and a vector "
                       "kernel", f->name);
            diag_note(diag, F.cube_op->e.span, "'%s' runs on the cube pipe",
                      op_printed_name(callee_op(F.cube_op->callee), name, sizeof name));
            diag_note(diag, F.vector_op->e.span, "'%s' runs on the vector pipe",
                      op_printed_name(callee_op(F.vector_op->callee), name, sizeof name));
            F.errors++;
        }
        errors += F.errors;
        fn_free(&F);
    }
    sb_puts(out, "}\n");
    return errors != 0;
}
