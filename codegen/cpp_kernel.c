/* cpp_kernel.c: C++ kernels on the pto-isa tile API (--emit=cpp; spec
 * cpp.md 3-5) and the single translation unit that holds a whole program
 * (README "single output", runtime/include/pyptocc_runtime.h).
 *
 * Each kernel function (passes.md 2) becomes a static C++ function with
 * an extern "C" kernel_entry that unpacks the runtime's argument array.
 * The emitter walks the function once, in program order, and writes text;
 * the planned memory (MemRef addresses, the scratch region) and the sync
 * statements of InsertSync are already in the IR.  What it keeps is local
 * bookkeeping: what each IR variable stands for in C++ (a scalar, a Tile
 * object at an address, or the Tensor parameter a tensor derives from),
 * and the loop or if whose body is being written, for its yields.
 *
 * Every Tile variable is its own C++ object bound with TASSIGN to its
 * planned address (cpp.md 4.1): variables sharing a MemRef are separate
 * objects at one address, so a value carried by a loop or an if needs no
 * copy, only the check that it really is at the carried address.
 *
 * -Wall -Wextra: a scalar the IR never reads, or a parameter the C++ never
 * names, gets a "(void)x;" line (cpp.md shows no such case). */
#include "config.h"
#include "codegen/codegen.h"
#include "codegen/cpp_emit.h"
#include "codegen/lower.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ the state */

typedef enum CvKind { CV_SCALAR, CV_TILE, CV_TENSOR } CvKind;

/* What an IR variable stands for in C++. */
typedef struct CVal {
    const char *name;          /* C++ identifier (scalars, tiles, tensor parameters) */
    uint8_t kind;              /* CvKind */
    uint8_t dtype;
    uint8_t space;             /* tiles: MemorySpace */
    uint8_t named;             /* a parameter the C++ has named (for "(void)") */
    int64_t addr;              /* tiles: the bound address */
    const char *type;          /* tiles: "Tile<...>" */
    const IrVar *param;        /* tensors: the parameter it derives from */
} CVal;

/* A tuple built in the kernel ("a, b = b, a + b"): its elements, scalars
 * rendered where they are unpacked (SSA values do not change). */
typedef struct Tuple {
    uint32_t n;
    const IrExpr *const *elems;
    const CVal **vals;         /* tiles and tensors */
} Tuple;

/* The loop or if whose body is being written, for its yields. */
typedef struct Region {
    struct Region *up;
    uint32_t n;
    const IrVar *const *ret;   /* return variables */
    const CVal **carried;      /* Tile positions: where the yielded tile must be */
    const IrVar **param;       /* Tensor positions: the parameter the value derives from */
    int yielded;
} Region;

typedef struct Kern {
    IrCtx *ir;
    const CodegenOptions *o;
    DiagEngine *diag;
    const IrFunc *f;
    const IrMemRef *scratch;   /* f's scratch region, or NULL */
    StrBuf *out;
    int indent;
    int depth;                 /* control-flow nesting */
    uint32_t gt;               /* GlobalTensors so far (cpp.md 4.2) */
    Arena arena;               /* CVals, Regions, Tuples, texts of the function */
    PtrMap vals;               /* IrVar -> CVal */
    PtrMap uses;               /* IrVar -> its number of uses (as a pointer-sized integer) */
    PtrMap names;              /* interned C++ name -> non-NULL once taken */
    PtrMap tuples;             /* IrVar -> Tuple */
    Region *region;
    Span stmt_span;            /* the statement being written */
    int in_return;             /* counting uses: inside a return, whose values the C++ does not read */
    CppExpr ex;
    CVal poison;               /* what a variable is after the op defining it failed */
} Kern;

static void err(Kern *K, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void err(Kern *K, Span sp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(K->diag, sp, fmt, ap);
    va_end(ap);
}

static Span span_of(const Kern *K, const IrExpr *x)
{
    if (!x || ir_is_var_like(x) || x->span.lo == SPAN_UNKNOWN_OFFSET)
        return K->stmt_span;
    return x->span;
}

/* Starts an output line at the current indentation. */
static StrBuf *line(Kern *K)
{
    sb_indent(K->out, K->indent);
    return K->out;
}

static const char *opname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }

static const char *copy_text(Kern *K, const char *s, size_t n) { return arena_strndup(&K->arena, s, n); }

/* The C++ identifier of IR name n. */
static const char *ident(Kern *K, const char *n) { return cpp_ident(K->ir, n, NULL); }

/* A name the emitter makes up ("a_0_gt0", "x_0_tmp"): base + suffix, or
 * with "_<k>" added if an IR variable or an earlier made-up name has it. */
static const char *fresh_name(Kern *K, const char *base, const char *suffix)
{
    StrBuf sb;
    const char *r;
    size_t len;
    sb_init(&sb);
    sb_printf(&sb, "%s%s", base, suffix);
    len = sb.len;
    for (unsigned k = 1;; k++) {
        r = intern(K->ir->names, sb.data, sb.len);
        if (!ptrmap_get(&K->names, r))
            break;
        sb.len = len;
        sb_printf(&sb, "_%u", k);
    }
    sb_free(&sb);
    ptrmap_put(&K->names, r, (void *)r);
    return r;
}

static CVal *new_val(Kern *K, CvKind kind, const char *name, int dtype)
{
    CVal *v = arena_zalloc(&K->arena, sizeof *v);
    v->kind = (uint8_t)kind;
    v->name = name;
    v->dtype = (uint8_t)dtype;
    v->addr = -1;
    return v;
}

static void bind(Kern *K, const IrVar *v, const CVal *c) { ptrmap_put(&K->vals, v, (void *)c); }

static const CVal *lookup(Kern *K, const IrExpr *x)
{
    const CVal *v = ptrmap_get(&K->vals, x);
    if (!v)
        err(K, span_of(K, x), "'%s' has no value here", IR_AS(IrVar, x)->name);
    return v;
}

static size_t uses_of(Kern *K, const IrVar *v) { return (size_t)(uintptr_t)ptrmap_get(&K->uses, v); }

/* "(void)x;" for a scalar nobody reads (-Wunused-variable). */
static void mark_unused(Kern *K, const IrVar *v, const char *name)
{
    if (uses_of(K, v) == 0)
        sb_printf(line(K), "(void)%s;\n", name);
}

/* --------------------------------------------------------- scalar code */

static const char *var_text(CppExpr *x, const IrVar *v, Span at)
{
    Kern *K = x->data;
    const CVal *c = ptrmap_get(&K->vals, v);
    if (c == &K->poison)
        return NULL;
    if (!c) {
        err(K, at, "'%s' has no value here", v->name);
        return NULL;
    }
    if (c->kind != CV_SCALAR) {
        err(K, at, "'%s' is not a scalar", v->name);
        return NULL;
    }
    ((CVal *)c)->named = 1;
    return c->name;
}

/* Scalar expression x, converted to dtype to (-1: its own). */
static int scalar(Kern *K, StrBuf *o, const IrExpr *x, int to)
{
    const IrType *t = ir_expr_type(K->ir, x);
    int cast = to >= 0 && t && t->kind == TYPE_SCALAR && t->dtype != to && x->kind != EXPR_CONST_INT &&
               x->kind != EXPR_CONST_FLOAT && x->kind != EXPR_CONST_BOOL;
    int rc;
    K->ex.at = K->stmt_span;
    if (cast)
        sb_printf(o, "static_cast<%s>(", cpp_ctype((DataType)to));
    rc = cpp_expr(&K->ex, o, x);
    if (cast)
        sb_putc(o, ')');
    return rc;
}

/* The range of an integer dtype's values, for constants (cpp.md 4.3). */
static int int_fits(int64_t v, DataType dt)
{
    if (dt == DT_BOOL)
        return v == 0 || v == 1;
    return dtype_int_fits(dt, v);
}

/* A scalar operand of a tile op with elements of dtype dt (cpp.md 4.3):
 * a constant as a literal of that type, a variable cast when its type
 * differs. */
static int tile_scalar(Kern *K, StrBuf *o, const IrExpr *x, int dt)
{
    char buf[80];
    if (!cpp_ctype((DataType)dt)) {
        err(K, span_of(K, x), "data type %s has no C++ type", dtype_name((DataType)dt));
        return -1;
    }
    if (x->kind == EXPR_CONST_INT || x->kind == EXPR_CONST_FLOAT || x->kind == EXPR_CONST_BOOL) {
        int is_float = x->kind == EXPR_CONST_FLOAT;
        double d = is_float ? IR_AS(IrConstFloat, x)->value : 0.0;
        int64_t i = x->kind == EXPR_CONST_INT ? IR_AS(IrConstInt, x)->value : x->kind == EXPR_CONST_BOOL ? x->op : 0;
        if (dtype_is_float((DataType)dt)) {
            if (!cpp_float_literal(is_float ? d : (double)i, (DataType)dt, buf, sizeof buf)) {
                err(K, span_of(K, x), "the constant %g does not fit %s", is_float ? d : (double)i,
                    dtype_name((DataType)dt));
                return -1;
            }
            sb_puts(o, buf);
            return 0;
        }
        if (is_float) {
            if (d != (double)(int64_t)d) {
                err(K, span_of(K, x), "the constant %g is not an integer, but an integer of type %s is needed", d,
                    dtype_name((DataType)dt));
                return -1;
            }
            i = (int64_t)d;
        }
        if (!int_fits(i, (DataType)dt)) {
            err(K, span_of(K, x), "the constant %" PRId64 " does not fit %s", i, dtype_name((DataType)dt));
            return -1;
        }
        if (dt == DT_BOOL)
            sb_puts(o, i ? "true" : "false");
        else if (i == INT64_MIN)
            sb_puts(o, "(-9223372036854775807 - 1)");
        else
            sb_printf(o, "%" PRId64, i);
        return 0;
    }
    return scalar(K, o, x, dt);
}

/* "<ctype> name = <value>;", and "(void)name;" when nothing reads it
 * and read_later is not set. */
static void declare_scalar(Kern *K, const IrVar *v, const IrExpr *value, int read_later)
{
    const char *ct = cpp_ctype((DataType)v->type->dtype);
    StrBuf text;
    CVal *c;
    if (!ct) {
        err(K, v->e.span, "'%s' has data type %s, which has no C++ type", v->name, dtype_name((DataType)v->type->dtype));
        bind(K, v, &K->poison);
        return;
    }
    sb_init(&text);
    if (scalar(K, &text, value, v->type->dtype) == 0) {
        c = new_val(K, CV_SCALAR, ident(K, v->name), v->type->dtype);
        sb_printf(line(K), "%s %s = %.*s;\n", ct, c->name, (int)text.len, text.data);
        bind(K, v, c);
        if (!read_later)
            mark_unused(K, v, c->name);
    } else {
        bind(K, v, &K->poison);
    }
    sb_free(&text);
}

/* ------------------------------------------------------------- tiles */

static const char *const tile_loc[MS_COUNT] = {"?", "Vec", "Mat", "Left", "Right", "Acc"};
static const char *const blayout_text[TL_COUNT] = {"?", "RowMajor", "ColMajor"};
static const char *const slayout_text[TL_COUNT] = {"NoneBox", "RowMajor", "ColMajor"};
static const char *const pad_text[TP_COUNT] = {"Null", "Zero", "Max", "Min"};

/* The Tile<...> type of Tile type t (cpp.md 4.1), or NULL after an error. */
static const char *tile_type(Kern *K, const IrType *t, int fillpad, const char *what, Span sp, TileGeom *g)
{
    char buf[320];
    int n;
    if (lower_tile_geom(K->o->arch, t, fillpad, what, "C++", g, buf, sizeof buf) != 0) {
        err(K, sp, "%s", buf);
        return NULL;
    }
    n = snprintf(buf, sizeof buf,
                 "Tile<TileType::%s, %s, %" PRId64 ", %" PRId64 ", BLayout::%s, %" PRId64 ", %" PRId64
                 ", SLayout::%s, %u, PadValue::%s, CompactMode::Null>",
                 tile_loc[g->space], cpp_ctype((DataType)t->dtype), g->rows, g->cols, blayout_text[g->L.blayout],
                 g->rows, g->cols, slayout_text[g->L.slayout], g->L.fractal, pad_text[g->L.pad]);
    return copy_text(K, buf, (size_t)n);
}

/* Declares a Tile object of type t named name at addr (cpp.md 4.1). */
static const CVal *declare_tile(Kern *K, const char *name, const char *type, int space, int dtype, int64_t addr)
{
    CVal *c = new_val(K, CV_TILE, name, dtype);
    c->type = type;
    c->space = (uint8_t)space;
    c->addr = addr;
    sb_printf(line(K), "%s %s;\n", type, name);
    sb_printf(line(K), "TASSIGN(%s, 0x%" PRIx64 ");\n", name, (uint64_t)addr);
    return c;
}

/* Tile variable v declared at addr (its planned address when addr < 0);
 * NULL after an error. */
static const CVal *def_tile(Kern *K, const IrVar *v, Span sp, int fillpad, int64_t addr)
{
    char msg[256];
    TileGeom g;
    const char *type = tile_type(K, v->type, fillpad, v->name, sp, &g);
    const CVal *c;
    if (!type)
        return NULL;
    if (addr < 0 && lower_tile_addr(v->type, v->name, "", &addr, msg, sizeof msg) != 0) {
        err(K, sp, "%s", msg);
        return NULL;
    }
    c = declare_tile(K, ident(K, v->name), type, g.space, v->type->dtype, addr);
    bind(K, v, c);
    return c;
}

/* The scratch tile of an op marked tmp† (ops.md 5) in the function's
 * scratch region (passes.md 5.8), typed like model_type: the result's, or
 * for a row reduction its source's (as the PTO emitter, for PTOAS's
 * trowmin; AllocateMemoryAddr sizes the region for it). */
static const char *scratch_tile(Kern *K, const IrVar *d, const IrType *model_type, const OpDef *op, Span sp)
{
    char buf[64], msg[320];
    TileGeom g;
    const char *type = tile_type(K, model_type, 0, d->name, sp, &g);
    const char *name;
    int64_t addr;
    if (!type)
        return NULL;
    if (lower_scratch(K->f, K->scratch, ir_type_byte_size(model_type), opname(op, buf, sizeof buf), "", &addr, msg,
                      sizeof msg)) {
        err(K, sp, "%s", msg);
        return NULL;
    }
    name = fresh_name(K, ident(K, d->name), "_tmp");
    declare_tile(K, name, type, MS_VEC, model_type->dtype, addr);
    return name;
}

/* The tile of argument i of a call; NULL after an error. */
static const CVal *tile_arg(Kern *K, const IrCall *c, uint32_t i)
{
    const IrExpr *a = i < c->nargs ? c->args[i] : NULL;
    const CVal *v;
    if (!a || !(a->kind == EXPR_VAR || a->kind == EXPR_ITER_ARG)) {
        err(K, a ? span_of(K, a) : c->e.span, "a tile variable is expected here (run flatten_call_expr first)");
        return NULL;
    }
    v = lookup(K, a);
    if (!v || v == &K->poison)
        return NULL;
    if (v->kind != CV_TILE) {
        err(K, c->e.span, "'%s' is not a tile", IR_AS(IrVar, a)->name);
        return NULL;
    }
    return v;
}

/* The parameter tensor x derives from; NULL after an error. */
static const IrVar *param_of(Kern *K, const IrExpr *x)
{
    const CVal *v = NULL;
    if (x && (x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG))
        v = ptrmap_get(&K->vals, x);
    if (v == &K->poison)
        return NULL;
    if (!v || v->kind != CV_TENSOR) {
        err(K, span_of(K, x), "this tensor is not derived from a parameter of the kernel");
        return NULL;
    }
    return v->param;
}

static const IrType *arg_type(Kern *K, const IrCall *c, uint32_t i) { return ir_expr_type(K->ir, c->args[i]); }

/* ------------------------------------------------- loads and stores */

/* The GlobalTensor of a transfer of a [size] tile at offsets offs of
 * parameter p (cpp.md 4.2); writes its declaration and returns its name,
 * NULL after an error. */
static const char *global_tensor(Kern *K, const IrCall *c, const IrVar *p, const IrMakeTuple *offs,
                                 const int64_t size[2])
{
    char msg[320], gtsuf[32];
    const IrType *t = p->type;
    const CVal *pv = ptrmap_get(&K->vals, p);
    int dn;
    int64_t stride[2], dimv, rows, cols, konst = 0;
    uint32_t nterms = 0;
    StrBuf off;
    const char *name;
    if (lower_tensor_view(t, p->name, &dn, msg, sizeof msg) != 0) {
        err(K, c->e.span, "%s", msg);
        return NULL;
    }
    /* Strides in elements of the tensor's dimensions: nd [TR, TC] (TC, 1),
     * a column vector [M, 1] (1, M), 1-D [N] (1). */
    if (t->n == 1) {
        stride[0] = 1;
    } else if (dn) {
        stride[0] = 1;
        if (!ir_dim_value(t->dims[0], &stride[1]))
            stride[1] = -1;
    } else {
        stride[1] = 1;
        if (!ir_dim_value(t->dims[1], &stride[0]))
            stride[0] = -1;
    }
    if (!ir_dim_value(t->dims[t->n == 1 ? 0 : dn ? 0 : 1], &dimv) || stride[0] < 0 || (t->n == 2 && stride[1] < 0)) {
        err(K, c->e.span,
            "tensor '%s' has a dimension only known at run time, which a GlobalTensor's static strides cannot "
            "express (cpp.md 4.2)",
            p->name);
        return NULL;
    }
    rows = t->n == 1 ? 1 : size[0];
    cols = t->n == 1 ? size[0] : size[1];
    /* The element offset: non-constant terms in order, constants folded. */
    sb_init(&off);
    for (uint32_t d = 0; d < offs->n; d++) {
        const IrExpr *x = offs->elems[d];
        const IrType *xt = ir_expr_type(K->ir, x);
        int64_t v;
        if (ir_dim_value(x, &v)) {
            konst += v * stride[d];
            continue;
        }
        if (!xt || xt->kind != TYPE_SCALAR || !dtype_is_int((DataType)xt->dtype)) {
            err(K, span_of(K, x), "an offset must be an integer scalar");
            sb_free(&off);
            return NULL;
        }
        if (nterms++)
            sb_puts(&off, " + ");
        if (scalar(K, &off, x, -1) != 0) {
            sb_free(&off);
            return NULL;
        }
        if (stride[d] != 1)
            sb_printf(&off, " * %" PRId64, stride[d]);
    }
    if (konst > 0 || (konst < 0 && !nterms))
        sb_printf(&off, "%s%" PRId64, nterms ? " + " : "", konst);
    else if (konst < 0)
        sb_printf(&off, " - %" PRIu64, (uint64_t)0 - (uint64_t)konst);
    else if (!nterms)
        sb_puts(&off, "0");
    snprintf(gtsuf, sizeof gtsuf, "_gt%" PRIu32, K->gt++);
    name = fresh_name(K, pv->name, gtsuf);
    ((CVal *)pv)->named = 1;
    /* Stride <R*s3, R*s3, R*s3, s3, s4> with (s3, s4) the row and column
     * strides: nd (TC, 1), dn (1, M), 1-D (N, 1). */
    {
        int64_t s3 = t->n == 1 ? dimv : dn ? 1 : stride[0], s4 = t->n == 1 ? 1 : dn ? stride[1] : 1;
        sb_printf(line(K),
                  "GlobalTensor<%s, pto::Shape<1, 1, 1, %" PRId64 ", %" PRId64 ">, pto::Stride<%" PRId64 ", %" PRId64
                  ", %" PRId64 ", %" PRId64 ", %" PRId64 ">, pto::Layout::%s> %s(%s + %.*s);\n",
                  cpp_ctype((DataType)t->dtype), rows, cols, rows * s3, rows * s3, rows * s3, s3, s4, dn ? "DN" : "ND",
                  name, pv->name, (int)off.len, off.data);
    }
    sb_free(&off);
    return name;
}

/* block.load / block.store / block.l0c_store (cpp.md 4.2). */
static void emit_transfer(Kern *K, const IrVar *dest, const IrCall *c, IsaForm how)
{
    char buf[64], msg[320];
    const OpDef *op = callee_op(c->callee);
    int is_load = how == FORM_LOAD;
    const IrMakeTuple *ot, *st;
    const IrType *tile_t = is_load ? (dest ? dest->type : c->type) : arg_type(K, c, 0);
    const IrVar *p = param_of(K, c->args[is_load ? 0 : 3]);
    const CVal *tile = NULL;
    const char *gt;
    int64_t size[2] = {0, 0};
    Span at;
    if (is_load && !dest)
        return;   /* a load whose result is unused has no effect */
    if (lower_transfer_lists(c, &ot, &st, msg, sizeof msg) != 0) {
        err(K, c->e.span, "%s", msg);
        return;
    }
    if (!p)
        return;
    if (lower_transfer_shape(c, tile_t, ot, st, p->type->n, size, &at, msg, sizeof msg) != 0) {
        err(K, at, "%s", msg);
        return;
    }
    if (is_load) {
        int space = ir_type_space(dest->type);
        if (space != MS_VEC && space != MS_MAT && space >= 0) {
            err(K, c->e.span, "'%s' can load only into Vec or Mat, not %s", opname(op, buf, sizeof buf),
                memspace_name((MemorySpace)space));
            return;
        }
        if (!(tile = def_tile(K, dest, c->e.span, 0, -1)))
            return;
    } else {
        if (!(tile = tile_arg(K, c, 0)))
            return;
        if (how == FORM_L0C_STORE ? tile->space != MS_ACC
                                : tile->space != MS_VEC && tile->space != MS_MAT && tile->space != MS_ACC) {
            err(K, c->e.span, "'%s' cannot store a tile from %s", opname(op, buf, sizeof buf),
                memspace_name((MemorySpace)tile->space));
            return;
        }
    }
    if (!(gt = global_tensor(K, c, p, ot, size)))
        return;
    if (is_load) {
        sb_printf(line(K), "TLOAD(%s, %s);\n", tile->name, gt);
    } else {
        sb_printf(line(K), "TSTORE(%s, %s);\n", gt, tile->name);
        if (dest) {
            CVal *r = new_val(K, CV_TENSOR, NULL, dest->type->dtype);
            r->param = p;
            bind(K, dest, r);
        }
    }
}

/* ------------------------------------------------------------- ops */

static const char *const cmp_modes[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
static const char *const round_modes[] = {"CAST_NONE", "CAST_RINT", "CAST_ROUND", "CAST_FLOOR",
                                          "CAST_CEIL", "CAST_TRUNC", "CAST_ODD"};

/* The element dtype scalar operands take: that of the first tile operand,
 * or the result's (as pto-mlir.md 6.3). */
static int scalar_elem_dtype(Kern *K, const IrCall *c, const IrVar *dest)
{
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = arg_type(K, c, i);
        if (t->kind == TYPE_TILE)
            return t->dtype;
    }
    return dest->type->dtype;
}

/* Appends ", <argument i>": a tile's name or a scalar converted to
 * elem_dt.  last_tile gets the tile. */
static int add_arg(Kern *K, StrBuf *args, const IrCall *c, uint32_t i, int elem_dt, const CVal **last_tile)
{
    const IrType *t = arg_type(K, c, i);
    sb_puts(args, ", ");
    if (t->kind == TYPE_TILE) {
        const CVal *v = tile_arg(K, c, i);
        if (!v)
            return -1;
        sb_puts(args, v->name);
        if (last_tile)
            *last_tile = v;
        return 0;
    }
    if (t->kind == TYPE_SCALAR)
        return tile_scalar(K, args, c->args[i], elem_dt);
    err(K, c->e.span, "this operand cannot be emitted");
    return -1;
}

/* The tile operands from..from+n have the result's shape and data type
 * (the runtime checks the second statically, pto-isa as well). */
static int check_equal_shapes(Kern *K, const IrCall *c, const IrVar *dest, uint32_t from, uint32_t n)
{
    char msg[320];
    if (lower_equal_shapes(K->ir, c, dest->type, from, n, "C++", msg, sizeof msg) != 0 ||
        lower_equal_dtypes(K->ir, c, dest->type, from, n, "C++", msg, sizeof msg) != 0) {
        err(K, c->e.span, "%s", msg);
        return -1;
    }
    return 0;
}

/* block.reshape: the result is a second Tile object at the input's
 * address (cpp.md 4.1); no intrinsic. */
static void emit_reshape(Kern *K, const IrVar *dest, const IrCall *c)
{
    char msg[256];
    const CVal *src = tile_arg(K, c, 0);
    int64_t a;
    if (!src)
        return;
    if (lower_tile_addr(dest->type, dest->name, "", &a, msg, sizeof msg) != 0) {
        err(K, c->e.span, "%s", msg);
        return;
    }
    if (a != src->addr) {
        err(K, c->e.span, "the reshape '%s' is at address %" PRId64 ", not at its input's address %" PRId64,
            dest->name, a, src->addr);
        return;
    }
    def_tile(K, dest, c->e.span, 0, a);
}

/* A block op (ops.md 5) whose result, if any, is dest. */
static void emit_block_op(Kern *K, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    char buf[64], msg[320], intrin[32];
    Lowering lwbuf;
    const Lowering *lw = lower_of(op, &lwbuf);
    const IrType *tmp_model = NULL;
    const CVal *d = NULL, *first = NULL, *third = NULL;
    Span sp = c->e.span;
    StrBuf args;
    int elem_dt, bad = 0, fillpad = 0;
    if (lw->why_cpp) {
        err(K, sp, "'%s' has no C++ lowering: %s", opname(op, buf, sizeof buf), lw->why_cpp);
        return;
    }
    switch ((IsaForm)lw->how) {
    case FORM_ALLOC:
        return;
    case FORM_LOAD:
    case FORM_STORE:
    case FORM_L0C_STORE:
        emit_transfer(K, dest, c, (IsaForm)lw->how);
        return;
    default:
        break;
    }
    /* Every other op only defines its result: unused, it does nothing. */
    if (!dest)
        return;
    if (lw->how == FORM_BLOCK_IDX) {
        const char *ct = cpp_ctype((DataType)dest->type->dtype);
        CVal *v;
        if (dest->type->kind != TYPE_SCALAR || !ct) {
            err(K, sp, "'%s' needs an integer scalar result", opname(op, buf, sizeof buf));
            return;
        }
        v = new_val(K, CV_SCALAR, ident(K, dest->name), dest->type->dtype);
        sb_printf(line(K), "%s %s = get_block_idx();\n", ct, v->name);
        bind(K, dest, v);
        mark_unused(K, dest, v->name);
        return;
    }
    if (dest->type->kind != TYPE_TILE) {
        err(K, sp, "'%s' with a %s result has no C++ lowering", opname(op, buf, sizeof buf),
            dest->type->kind == TYPE_SCALAR ? "scalar" : "non-tile");
        return;
    }
    if (lw->how == FORM_CREATE) {
        def_tile(K, dest, sp, 0, -1);
        return;
    }
    if (lw->how == FORM_RESHAPE) {
        emit_reshape(K, dest, c);
        return;
    }
    elem_dt = scalar_elem_dtype(K, c, dest);
    snprintf(intrin, sizeof intrin, "%s", lw->cpp);
    if (lw->tmp)
        tmp_model = dest->type;
    sb_init(&args);
    switch ((IsaForm)lw->how) {
    case FORM_ELEM:
    case FORM_SCALAR:
        bad = check_equal_shapes(K, c, dest, lw->eq_first, lw->eq_n);
        for (uint32_t i = 0; i < c->nargs && !bad; i++) {
            bad = add_arg(K, &args, c, i, elem_dt, i == 2 ? &third : i == 0 ? &first : NULL);
        }
        break;
    case FORM_UNARY:
    case FORM_FILLPAD:
    case FORM_ROW_EXPAND:
        bad = check_equal_shapes(K, c, dest, 0, 1) || add_arg(K, &args, c, 0, elem_dt, &first);
        if (!bad && strcmp(intrin, "TNOT") == 0 && arg_type(K, c, 0)->dtype != DT_INT16 &&
            arg_type(K, c, 0)->dtype != DT_UINT16) {
            err(K, sp, "'%s' needs an INT16 or UINT16 tile", opname(op, buf, sizeof buf));
            bad = 1;
        }
        fillpad = lw->how == FORM_FILLPAD;
        break;
    case FORM_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (mode < 0 || mode > 6) {
            err(K, sp, "cast mode %" PRId64 " has no C++ round mode", mode);
            bad = 1;
            break;
        }
        bad = add_arg(K, &args, c, 0, elem_dt, NULL);
        sb_printf(&args, ", RoundMode::%s", round_modes[mode]);
        break;
    }
    case FORM_CMP: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode < 0 || mode > 5) {
            err(K, sp, "cmp_type %" PRId64 " is not a comparison (0-5)", mode);
            bad = 1;
            break;
        }
        if (dest->type->dtype != DT_INT8 && dest->type->dtype != DT_UINT8) {
            err(K, sp, "'%s' needs an INT8 or UINT8 result tile for C++ (%s writes a bit mask), got %s",
                opname(op, buf, sizeof buf), intrin, dtype_name((DataType)dest->type->dtype));
            bad = 1;
            break;
        }
        bad = lower_equal_shapes(K->ir, c, dest->type, 0, 2, "C++", msg, sizeof msg) != 0;
        if (bad)
            err(K, sp, "%s", msg);
        bad = bad || add_arg(K, &args, c, 0, elem_dt, NULL) || add_arg(K, &args, c, 1, elem_dt, NULL);
        sb_printf(&args, ", CmpMode::%s", cmp_modes[mode]);
        break;
    }
    case FORM_FULL:
    case FORM_EXPANDS:
        bad = add_arg(K, &args, c, 1, dest->type->dtype, NULL);
        break;
    case FORM_COL_EXPAND:
        bad = add_arg(K, &args, c, 1, elem_dt, NULL);
        break;
    case FORM_ROW_REDUCE:
        bad = add_arg(K, &args, c, 0, elem_dt, NULL) || add_arg(K, &args, c, 1, elem_dt, NULL);
        break;
    case FORM_REDUCE: {
        const IrType *t = arg_type(K, c, 0);
        int64_t axis = ir_call_kwarg_int(c, "axis", 0);
        if (t->n != 2 || !ir_call_kwarg_int(c, "keepdim", 0)) {
            err(K, sp, "'%s' is lowered only for 2-D tiles with keepdim=True", opname(op, buf, sizeof buf));
            bad = 1;
            break;
        }
        if (axis < 0)
            axis += 2;
        bad = add_arg(K, &args, c, 0, elem_dt, NULL);
        /* Along the rows (axis 1): a row reduction, which needs a tmp. */
        snprintf(intrin, sizeof intrin, "T%s%s", axis == 1 ? "ROW" : "COL", lw->cpp);
        tmp_model = axis == 1 ? t : NULL;
        break;
    }
    case FORM_TRANSPOSE:
        bad = add_arg(K, &args, c, 0, elem_dt, NULL);
        tmp_model = dest->type;
        break;
    case FORM_MOVE:
    case FORM_VEC_MOVE: {
        int to = ir_type_space(dest->type);
        const CVal *v;
        if (lw->how == FORM_MOVE && ir_call_kwarg_int(c, "transpose", 0)) {
            err(K, sp, "move with transpose is not supported");
            bad = 1;
            break;
        }
        if (!(v = tile_arg(K, c, 0))) {
            bad = 1;
            break;
        }
        sb_printf(&args, ", %s", v->name);
        if (lw->how == FORM_VEC_MOVE && (v->space != MS_VEC || to != MS_VEC)) {
            err(K, sp, "'%s' copies within Vec, but this moves %s to %s", opname(op, buf, sizeof buf),
                memspace_name((MemorySpace)v->space), to < 0 ? "?" : memspace_name((MemorySpace)to));
            bad = 1;
        } else if (lw->how == FORM_MOVE && lower_move(K->o->arch, v->space, to, msg, sizeof msg) != 0) {
            err(K, sp, "%s", msg);
            bad = 1;
        }
        break;
    }
    case FORM_MATMUL:
    case FORM_MATMUL_ACC: {
        int acc = lw->how == FORM_MATMUL_ACC;
        const CVal *l = tile_arg(K, c, acc), *r = tile_arg(K, c, acc + 1), *a = acc ? tile_arg(K, c, 0) : NULL;
        if (!l || !r || (acc && !a)) {
            bad = 1;
            break;
        }
        if (lower_matmul(l->space, r->space, ir_type_space(dest->type), arg_type(K, c, acc), arg_type(K, c, acc + 1),
                         opname(op, buf, sizeof buf), msg, sizeof msg) != 0) {
            err(K, sp, "%s", msg);
            bad = 1;
            break;
        }
        if (acc) {
            /* The result shares the acc argument's buffer (passes.md 5.5)
             * and is passed as both output and input (cpp.md 4.3). */
            if (!(d = def_tile(K, dest, sp, 0, -1))) {
                bad = 1;
                break;
            }
            if (d->addr != a->addr || d->space != a->space) {
                err(K, sp, "the result of '%s' must share the buffer of its acc argument",
                    opname(op, buf, sizeof buf));
                bad = 1;
                break;
            }
            sb_printf(&args, ", %s", d->name);
        }
        sb_printf(&args, ", %s, %s", l->name, r->name);
        break;
    }
    default:
        ICE("unhandled C++ lowering kind %d", lw->how);
    }
    if (!bad && !d && !(d = def_tile(K, dest, sp, fillpad, -1)))
        bad = 1;
    if (!bad && strcmp(intrin, "TRECIP") == 0 && K->o->arch == ARCH_A2A3 && first && first->addr == d->addr &&
        first->space == d->space) {
        err(K, sp, "on a2a3 the result of '%s' must not share the buffer of its input", opname(op, buf, sizeof buf));
        bad = 1;
    }
    if (!bad && (strcmp(intrin, "TADDC") == 0 || strcmp(intrin, "TSUBC") == 0) && third &&
        third->addr == d->addr && third->space == d->space) {
        /* PTOAS lowers these to two adds: the first would overwrite c. */
        err(K, sp, "the result of '%s' must not share the buffer of its third operand", opname(op, buf, sizeof buf));
        bad = 1;
    }
    if (!bad && tmp_model) {
        const char *tmp = scratch_tile(K, dest, tmp_model, op, sp);
        if (tmp)
            sb_printf(&args, ", %s", tmp);
        else
            bad = 1;
    }
    if (!bad)
        sb_printf(line(K), "%s(%s%.*s);\n", intrin, d->name, (int)args.len, args.data);
    sb_free(&args);
}

/* system.* (cpp.md 4.6). */
static void emit_system(Kern *K, const IrCall *c, const OpDef *op)
{
    SystemLowering s;
    char msg[128];
    if (lower_system(c, op, &s, msg, sizeof msg) != 0) {
        err(K, c->e.span, "%s", msg);
        return;
    }
    if (s.flag)
        sb_printf(line(K), "%s(PIPE_%s, PIPE_%s, EVENT_ID%" PRId64 ");\n", s.flag == 1 ? "set_flag" : "wait_flag",
                  pipe_name((PipeKind)s.set_pipe), pipe_name((PipeKind)s.wait_pipe), s.event);
    else
        sb_printf(line(K), "pipe_barrier(PIPE_%s);\n", s.barrier);
}

static void emit_call(Kern *K, const IrVar *dest, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    char buf[64];
    if (!op) {
        err(K, c->e.span, "the call of '%s' cannot be emitted inside a kernel", c->callee->name);
        return;
    }
    if (op->category == OPC_TENSOR) {
        err(K, c->e.span, "the tensor operation '%s' cannot be emitted inside a kernel", opname(op, buf, sizeof buf));
        return;
    }
    if (op->category == OPC_SYSTEM) {
        emit_system(K, c, op);
        return;
    }
    emit_block_op(K, dest, c, op);
}

/* ----------------------------------------------------------- statements */

static void emit_stmt(Kern *K, const IrStmt *s);

static Region *new_region(Kern *K, uint32_t n, const IrVar *const *ret)
{
    Region *R = arena_zalloc(&K->arena, sizeof *R);
    R->n = n;
    R->ret = ret;
    R->carried = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *R->carried);
    R->param = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *R->param);
    return R;
}

static void emit_body(Kern *K, Region *R, const IrStmt *body)
{
    R->up = K->region;
    K->region = R;
    K->depth++;
    emit_stmt(K, body);
    K->depth--;
    K->region = R->up;
}

static int is_scalar_var(const IrVar *v) { return v->type->kind == TYPE_SCALAR; }

static void emit_yield(Kern *K, const IrValues *y, Span sp)
{
    Region *R = K->region;
    if (!R) {
        err(K, sp, "a yield outside a loop or if");
        return;
    }
    if (y->n != R->n) {
        err(K, sp, "this yield has %u values for %u results", y->n, R->n);
        return;
    }
    R->yielded = 1;
    for (uint32_t k = 0; k < y->n; k++) {
        const IrVar *r = R->ret[k];
        const IrExpr *x = y->values[k];
        const CVal *rv = ptrmap_get(&K->vals, r);
        if (is_scalar_var(r)) {
            StrBuf text;
            if (!rv || rv == &K->poison)
                continue;
            sb_init(&text);
            if (scalar(K, &text, x, r->type->dtype) == 0 &&
                !(text.len == strlen(rv->name) && memcmp(text.data, rv->name, text.len) == 0))
                sb_printf(line(K), "%s = %.*s;\n", rv->name, (int)text.len, text.data);
            sb_free(&text);
        } else if (r->type->kind == TYPE_TILE) {
            const CVal *v = ir_is_var_like(x) ? ptrmap_get(&K->vals, x) : NULL;
            if (v == &K->poison || R->carried[k] == NULL)
                continue;
            if (!v || v->kind != CV_TILE)
                err(K, span_of(K, x), "a tile variable is expected here");
            else if (v->addr != R->carried[k]->addr || v->space != R->carried[k]->space)
                err(K, span_of(K, x), "the yielded tile '%s' is at 0x%" PRIx64 ", not at the carried address 0x%" PRIx64,
                    IR_AS(IrVar, x)->name, (uint64_t)v->addr, (uint64_t)R->carried[k]->addr);
        } else if (r->type->kind == TYPE_TENSOR) {
            const IrVar *p = param_of(K, x);
            if (!p)
                continue;
            if (!R->param[k])
                R->param[k] = p;
            else if (R->param[k] != p)
                err(K, span_of(K, x), "the yielded tensor derives from '%s', the carried one from '%s'", p->name,
                    R->param[k]->name);
        } else {
            err(K, span_of(K, x), "a value of this type cannot be yielded in a kernel");
        }
    }
}

/* Before a loop: the return variable of every scalar position declared
 * with its initial value, the iter_arg and return variable of every Tile
 * position declared at the initial value's address (cpp.md 4.5, 4.1). */
static int carry_inits(Kern *K, Region *R, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret)
{
    int ok = 1;
    for (uint32_t k = 0; k < n; k++) {
        const IrVar *a = &it[k]->v;
        const IrExpr *x = it[k]->init;
        if (is_scalar_var(a)) {
            declare_scalar(K, ret[k], x, 1);   /* the loop body's first line reads it */
            ok &= ptrmap_get(&K->vals, ret[k]) != &K->poison;
        } else if (a->type->kind == TYPE_TILE) {
            const CVal *v = ir_is_var_like(x) ? ptrmap_get(&K->vals, x) : NULL;
            if (v == &K->poison) {
                ok = 0;
                continue;
            }
            if (!v || v->kind != CV_TILE) {
                err(K, span_of(K, x), "a tile variable is expected as the initial value of '%s'", a->name);
                ok = 0;
                continue;
            }
            if (!(R->carried[k] = def_tile(K, a, a->e.span, 0, v->addr)) || !def_tile(K, ret[k], ret[k]->e.span, 0, v->addr))
                ok = 0;
        } else if (a->type->kind == TYPE_TENSOR) {
            const IrVar *p = param_of(K, x);
            CVal *c;
            if (!p) {
                ok = 0;
                continue;
            }
            c = new_val(K, CV_TENSOR, NULL, a->type->dtype);
            c->param = p;
            R->param[k] = p;
            bind(K, a, c);
            bind(K, ret[k], c);
        } else {
            err(K, a->e.span, "the loop-carried value '%s' cannot be emitted", a->name);
            ok = 0;
        }
    }
    return ok;
}

/* First lines of a loop body: "<ctype> x_iter_1 = x_2;" per scalar position. */
static void iter_copies(Kern *K, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret)
{
    for (uint32_t k = 0; k < n; k++) {
        const IrVar *a = &it[k]->v;
        const CVal *rv = ptrmap_get(&K->vals, ret[k]);
        CVal *c;
        if (!is_scalar_var(a) || !rv || rv == &K->poison)
            continue;
        c = new_val(K, CV_SCALAR, ident(K, a->name), a->type->dtype);
        sb_printf(line(K), "%s %s = %s;\n", cpp_ctype((DataType)a->type->dtype), c->name, rv->name);
        bind(K, a, c);
        mark_unused(K, a, c->name);
    }
}

static void emit_for(Kern *K, const IrFor *f)
{
    Region *R = new_region(K, f->niter, f->ret);
    StrBuf hdr;
    int64_t step;
    int ok;
    sb_init(&hdr);
    if (f->loop_var->type->kind != TYPE_SCALAR || f->loop_var->type->dtype != DT_INT64)
        err(K, f->loop_var->e.span, "the loop variable '%s' must be INT64", f->loop_var->name);
    if (ir_dim_value(f->step, &step) && step <= 0)
        err(K, span_of(K, f->step), "the loop step is %" PRId64 "; C++ loops count up, so the step must be positive",
            step);
    ok = carry_inits(K, R, f->niter, f->iter_args, f->ret);
    {
        CVal *iv = new_val(K, CV_SCALAR, ident(K, f->loop_var->name), DT_INT64);
        sb_printf(&hdr, "for (int64_t %s = ", iv->name);
        if (scalar(K, &hdr, f->start, DT_INT64) == 0) {
            sb_printf(&hdr, "; %s < ", iv->name);
            if (scalar(K, &hdr, f->stop, DT_INT64) == 0) {
                sb_printf(&hdr, "; %s += ", iv->name);
                if (scalar(K, &hdr, f->step, DT_INT64) == 0)
                    sb_puts(&hdr, ") {\n");
            }
        }
        bind(K, f->loop_var, iv);
    }
    sb_put(line(K), hdr.data, hdr.len);
    sb_free(&hdr);
    K->indent += 2;
    iter_copies(K, f->niter, f->iter_args, f->ret);
    emit_body(K, R, f->body);
    K->indent -= 2;
    if (f->niter && ok && !R->yielded)
        err(K, f->s.span, "this loop has no yield for its loop-carried values");
    sb_puts(line(K), "}\n");
}

static void emit_while(Kern *K, const IrWhile *w)
{
    Region *R = new_region(K, w->niter, w->ret);
    uint32_t ns = 0;
    StrBuf cond;
    int ok;
    for (uint32_t k = 0; k < w->niter; k++)
        ns += is_scalar_var(&w->iter_args[k]->v);
    ok = carry_inits(K, R, w->niter, w->iter_args, w->ret);
    sb_init(&cond);
    if (ns == 0) {
        /* A natural while. */
        if (scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(line(K), "while (%.*s) {\n", (int)cond.len, cond.data);
        K->indent += 2;
    } else {
        /* The SSA while of cpp.md 4.5: the condition on fresh copies. */
        sb_puts(line(K), "while (true) {\n");
        K->indent += 2;
        iter_copies(K, w->niter, w->iter_args, w->ret);
        if (scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(line(K), "if (!(%.*s)) break;\n", (int)cond.len, cond.data);
    }
    sb_free(&cond);
    emit_body(K, R, w->body);
    K->indent -= 2;
    if (ns && ok && !R->yielded)
        err(K, w->s.span, "this loop has no yield for its loop-carried values");
    sb_puts(line(K), "}\n");
}

static void emit_if(Kern *K, const IrIf *f)
{
    Region *R = new_region(K, f->nret, f->ret);
    StrBuf cond;
    int ns = 0;
    for (uint32_t k = 0; k < f->nret; k++) {
        const IrVar *r = f->ret[k];
        if (is_scalar_var(r)) {
            const char *ct = cpp_ctype((DataType)r->type->dtype);
            CVal *c;
            ns++;
            if (!ct) {
                err(K, r->e.span, "'%s' has data type %s, which has no C++ type", r->name,
                    dtype_name((DataType)r->type->dtype));
                bind(K, r, &K->poison);
                continue;
            }
            c = new_val(K, CV_SCALAR, ident(K, r->name), r->type->dtype);
            sb_printf(line(K), "%s %s;\n", ct, c->name);
            bind(K, r, c);
            mark_unused(K, r, c->name);
        } else if (r->type->kind == TYPE_TILE) {
            R->carried[k] = def_tile(K, r, r->e.span, 0, -1);   /* declared before the if */
        } else if (r->type->kind != TYPE_TENSOR) {
            err(K, r->e.span, "the if result '%s' cannot be emitted", r->name);
        }
    }
    sb_init(&cond);
    if (scalar(K, &cond, f->cond, DT_BOOL) == 0)
        sb_printf(line(K), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    K->indent += 2;
    emit_body(K, R, f->then_body);
    if (f->nret && !R->yielded)
        err(K, f->s.span, "the then-branch has no yield for the results of this if");
    if (f->else_body) {
        /* An else branch that writes nothing is left out. */
        StrBuf *outer = K->out, text;
        sb_init(&text);
        K->out = &text;
        R->yielded = 0;
        emit_body(K, R, f->else_body);
        K->out = outer;
        if (f->nret && !R->yielded)
            err(K, f->s.span, "the else-branch has no yield for the results of this if");
        if (text.len) {
            K->indent -= 2;
            sb_puts(line(K), "} else {\n");
            K->indent += 2;
            sb_put(K->out, text.data, text.len);
        }
        sb_free(&text);
    } else if (ns) {
        err(K, f->s.span, "an if with results needs an else-branch");
    }
    K->indent -= 2;
    sb_puts(line(K), "}\n");
    for (uint32_t k = 0; k < f->nret; k++)
        if (f->ret[k]->type->kind == TYPE_TENSOR && R->param[k]) {
            CVal *c = new_val(K, CV_TENSOR, NULL, f->ret[k]->type->dtype);
            c->param = R->param[k];
            bind(K, f->ret[k], c);
        }
}

static void emit_assign(Kern *K, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        emit_call(K, v, IR_AS(IrCall, x));
        /* A failed op (or one whose operand failed) leaves its result
         * undefined: uses stay quiet. */
        if (!ptrmap_get(&K->vals, v))
            bind(K, v, &K->poison);
        return;
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        /* A copy of a tile or tensor names the same object. */
        if (!is_scalar_var(v)) {
            const CVal *w = lookup(K, x);
            bind(K, v, w ? w : &K->poison);
            return;
        }
        declare_scalar(K, v, x, 0);
        return;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (!is_scalar_var(v)) {
            err(K, a->s.span, "'%s' cannot be emitted", v->name);
            return;
        }
        declare_scalar(K, v, x, 0);
        return;
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *m = IR_AS(IrMakeTuple, x);
        Tuple *t = arena_zalloc(&K->arena, sizeof *t);
        t->n = m->n;
        t->elems = m->elems;
        t->vals = arena_zalloc(&K->arena, (m->n ? m->n : 1) * sizeof *t->vals);
        for (uint32_t i = 0; i < m->n; i++) {
            const IrType *et = ir_expr_type(K->ir, m->elems[i]);
            if (et->kind == TYPE_TILE || et->kind == TYPE_TENSOR) {
                if (ir_is_var_like(m->elems[i]))
                    t->vals[i] = lookup(K, m->elems[i]);
                else
                    err(K, a->s.span, "this tuple element cannot be emitted inside a kernel");
            } else if (et->kind != TYPE_SCALAR) {
                err(K, a->s.span, "this tuple element cannot be emitted inside a kernel");
            }
        }
        ptrmap_put(&K->tuples, v, t);
        return;
    }
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const Tuple *t = ir_is_var_like(g->tuple) ? ptrmap_get(&K->tuples, g->tuple) : NULL;
        if (!t || g->index >= t->n) {
            err(K, a->s.span, "only tuples built in the kernel can be unpacked");
            return;
        }
        if (is_scalar_var(v))
            declare_scalar(K, v, t->elems[g->index], 0);
        else
            bind(K, v, t->vals[g->index] ? t->vals[g->index] : &K->poison);
        return;
    }
    default:
        err(K, a->s.span, "this value cannot be emitted inside a kernel");
        return;
    }
}

static void emit_stmt(Kern *K, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        K->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        /* After an error, a definition that gave its variable no value
         * (it failed, or an operand had) leaves it poisoned, so that its
         * uses say nothing more: one error per mistake. */
        const IrAssign *a = IR_AS(IrAssign, s);
        emit_assign(K, a);
        if (K->diag->errors != 0 && !ptrmap_get(&K->vals, a->var))
            bind(K, a->var, &K->poison);
        break;
    }
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            emit_call(K, NULL, IR_AS(IrCall, x));
        break;
    }
    case STMT_YIELD:
        emit_yield(K, IR_AS(IrValues, s), s->span);
        break;
    case STMT_RETURN:
        /* The kernel has no results; only a return at the end is allowed. */
        if (K->depth)
            err(K, s->span, "a return inside control flow cannot be emitted in a kernel");
        break;
    case STMT_IF:
        emit_if(K, IR_AS(IrIf, s));
        break;
    case STMT_FOR:
        emit_for(K, IR_AS(IrFor, s));
        break;
    case STMT_WHILE:
        emit_while(K, IR_AS(IrWhile, s));
        break;
    case STMT_SCOPE:
        emit_stmt(K, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            emit_stmt(K, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

/* ------------------------------------------------------------ functions */

/* Before writing: every variable's number of uses, and every C++ name the
 * function's variables take (so made-up names avoid them). */
static int count_use(IrWalker *w, const IrExpr *e)
{
    Kern *K = w->data;
    if ((e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG) && !K->in_return)
        ptrmap_put(&K->uses, e, (void *)(uintptr_t)(uses_of(K, IR_AS(IrVar, e)) + 1));
    return 1;
}

static void take(Kern *K, const IrVar *v)
{
    const char *n = ident(K, v->name);
    ptrmap_put(&K->names, n, (void *)n);
}

static void end_return(IrWalker *w, const IrStmt *s)
{
    if (s->kind == STMT_RETURN)
        ((Kern *)w->data)->in_return = 0;
}

static int take_defs(IrWalker *w, const IrStmt *s)
{
    Kern *K = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        take(K, IR_AS(IrAssign, s)->var);
        break;
    case STMT_RETURN:
        K->in_return = 1;
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        take(K, f->loop_var);
        for (uint32_t i = 0; i < f->niter; i++) {
            take(K, &f->iter_args[i]->v);
            take(K, f->ret[i]);
        }
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < f->niter; i++) {
            take(K, &f->iter_args[i]->v);
            take(K, f->ret[i]);
        }
        break;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        for (uint32_t i = 0; i < f->nret; i++)
            take(K, f->ret[i]);
        break;
    }
    default:
        break;
    }
    return 1;
}

/* The kernel's parameters (cpp.md 3): Tensors, Scalars, then one int64_t
 * per distinct symbolic dimension of the tensors, each with the tensor
 * and axis it is read from.  Binds them all. */
typedef struct Param {
    const CVal *val;
    const IrVar *var;          /* the parameter, or for a dimension its tensor */
    uint32_t axis;             /* dimensions */
    uint8_t round;             /* 0 tensor, 1 scalar, 2 dimension */
    const char *desc;          /* tensors: the name of its Tensor descriptor in kernel_entry */
} Param;

static uint32_t bind_params(Kern *K, Param *out)
{
    const IrFunc *f = K->f;
    uint32_t n = 0;
    for (int round = 0; round < 3; round++) {
        for (uint32_t i = 0; i < f->nparams; i++) {
            const IrVar *p = f->params[i].var;
            const IrType *t = p->type;
            if (round == 0 && t->kind == TYPE_TENSOR) {
                CVal *c = new_val(K, CV_TENSOR, ident(K, p->name), t->dtype);
                if (!cpp_ctype((DataType)t->dtype))
                    err(K, p->e.span, "tensor '%s' has data type %s, which has no C++ type", p->name,
                        dtype_name((DataType)t->dtype));
                c->param = p;
                bind(K, p, c);
                out[n++] = (Param){c, p, 0, 0, NULL};
            } else if (round == 1 && t->kind == TYPE_SCALAR) {
                CVal *c = new_val(K, CV_SCALAR, ident(K, p->name), t->dtype);
                if (!cpp_ctype((DataType)t->dtype))
                    err(K, p->e.span, "parameter '%s' has data type %s, which has no C++ type", p->name,
                        dtype_name((DataType)t->dtype));
                bind(K, p, c);
                out[n++] = (Param){c, p, 0, 1, NULL};
            } else if (round == 2 && t->kind == TYPE_TENSOR) {
                for (uint32_t d = 0; d < t->n; d++) {
                    const IrExpr *x = t->dims[d];
                    int64_t cv;
                    CVal *c;
                    if (ir_dim_value(x, &cv) || ptrmap_get(&K->vals, x))
                        continue;   /* constant, or already bound (a parameter, an earlier dimension) */
                    if (x->kind != EXPR_VAR) {
                        err(K, p->e.span, "tensor '%s' has a dimension expression C++ cannot express", p->name);
                        continue;
                    }
                    c = new_val(K, CV_SCALAR, ident(K, IR_AS(IrVar, x)->name), DT_INT64);
                    bind(K, IR_AS(IrVar, x), c);
                    out[n++] = (Param){c, p, d, 2, NULL};
                }
            } else if (round == 0 && t->kind != TYPE_TENSOR && t->kind != TYPE_SCALAR) {
                err(K, p->e.span, "parameter '%s' is neither a Tensor nor a Scalar; kernels cannot take it", p->name);
            }
        }
    }
    return n;
}

static void kern_init(Kern *K, IrCtx *ir, const CodegenOptions *o, DiagEngine *diag, const IrFunc *f, StrBuf *out)
{
    memset(K, 0, sizeof *K);
    K->ir = ir;
    K->o = o;
    K->diag = diag;
    K->f = f;
    K->scratch = ir_func_scratch(f);
    K->out = out;
    K->poison.kind = CV_SCALAR;
    K->poison.name = "error";
    arena_init(&K->arena);
    ptrmap_init(&K->vals);
    ptrmap_init(&K->uses);
    ptrmap_init(&K->names);
    ptrmap_init(&K->tuples);
    K->ex.ir = ir;
    K->ex.diag = diag;
    K->ex.style = CPP_KERNEL;
    K->ex.var = var_text;
    K->ex.data = K;
}

static void kern_free(Kern *K)
{
    arena_free(&K->arena);
    ptrmap_free(&K->vals);
    ptrmap_free(&K->uses);
    ptrmap_free(&K->names);
    ptrmap_free(&K->tuples);
}

/* The kernel function and its entry point named entry (cpp.md 3, from
 * "static AICORE void" on).  0, or nonzero after reporting. */
static int emit_kernel(StrBuf *out, IrCtx *ir, const IrFunc *f, KernelKind kind, const char *entry,
                       const CodegenOptions *o, DiagEngine *diag)
{
    Kern K;
    IrWalker w;
    Param *params;
    uint32_t np, ntensors = 0;
    size_t maxp = f->nparams;
    unsigned errors = diag->errors;
    const char *fname;
    kern_init(&K, ir, o, diag, f, out);
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i].var->type->kind == TYPE_TENSOR)
            maxp += f->params[i].var->type->n;
    params = arena_array(&K.arena, maxp + 1, sizeof *params);
    memset(&w, 0, sizeof w);
    w.pre_expr = count_use;
    w.pre_stmt = take_defs;
    w.post_stmt = end_return;
    w.data = &K;
    ir_walk_func(&w, f);
    for (uint32_t i = 0; i < f->nparams; i++)
        take(&K, f->params[i].var);
    fname = cpp_ident(ir, f->name, (const char *const[]){"main", "kernel_entry*", "float_to_u64",
                                                          "aicpu_orchestration_*", "pyptocc_*", NULL});
    np = bind_params(&K, params);
    sb_printf(out, "static AICORE void %s(", fname);
    for (uint32_t i = 0; i < np; i++) {
        const Param *p = &params[i];
        const char *sep = i ? ", " : "";
        if (p->round == 0)
            sb_printf(out, "%s__gm__ %s* %s", sep, cpp_ctype((DataType)p->val->dtype) ? cpp_ctype((DataType)p->val->dtype) : "?",
                      p->val->name);
        else
            sb_printf(out, "%s%s %s", sep, cpp_ctype((DataType)p->val->dtype) ? cpp_ctype((DataType)p->val->dtype) : "?",
                      p->val->name);
    }
    sb_puts(out, ") {\n");
    K.indent = 2;
    if (kind == KERNEL_VECTOR) {
        sb_puts(out, "  set_mask_norm();\n");
        sb_puts(out, "  set_vector_mask(-1, -1);\n");
    }
    emit_stmt(&K, f->body);
    /* Parameters the C++ never names (-Wunused-parameter). */
    for (uint32_t i = 0; i < np; i++)
        if (!params[i].val->named)
            sb_printf(out, "  (void)%s;\n", params[i].val->name);
    sb_puts(out, "  pipe_barrier(PIPE_ALL);\n}\n\n");
    /* The entry point (cpp.md 3): Tensor descriptors, then scalars. */
    sb_printf(out, "extern \"C\" AICORE void %s(__gm__ int64_t* args) {\n", entry);
    for (uint32_t i = 0; i < np; i++) {
        const Param *p = &params[i];
        const char *ct = cpp_ctype((DataType)p->val->dtype);
        const char *n = p->val->name;
        if (p->round == 0) {
            const char *tn = fresh_name(&K, n, "_tensor");
            params[i].desc = tn;
            sb_printf(out, "  __gm__ Tensor* %s = reinterpret_cast<__gm__ Tensor*>(args[%" PRIu32 "]);\n", tn, i);
            sb_printf(out, "  __gm__ %s* %s = reinterpret_cast<__gm__ %s*>(%s->buffer.addr) + %s->start_offset;\n", ct,
                      n, ct, tn, tn);
            ntensors++;
        } else if (p->round == 1) {
            const char *cn = fresh_name(&K, n, "_conv");
            sb_printf(out, "  union { uint64_t u64; %s val; } %s;\n", ct, cn);
            sb_printf(out, "  %s.u64 = args[%" PRIu32 "];\n", cn, i);
            sb_printf(out, "  %s %s = %s.val;\n", ct, n, cn);
        } else {
            /* Read from the first tensor parameter that has it. */
            const char *tn = NULL;
            for (uint32_t j = 0; j < ntensors; j++)
                if (params[j].var == p->var)
                    tn = params[j].desc;
            sb_printf(out, "  int64_t %s = static_cast<int64_t>(%s->shapes[%" PRIu32 "]);\n", n, tn ? tn : "?", p->axis);
        }
    }
    if (np == 0)
        sb_puts(out, "  (void)args;\n");

    sb_printf(out, "  ::%s(", fname);   /* qualified: pto-isa brings std into the global namespace */
    for (uint32_t i = 0; i < np; i++)
        sb_printf(out, "%s%s", i ? ", " : "", params[i].val->name);
    sb_puts(out, ");\n}\n");
    kern_free(&K);
    return diag->errors != errors;
}

/* ------------------------------------------------------- the two outputs */

static void kernel_header(StrBuf *out, const char *name)
{
    sb_printf(out, "// Kernel Function: %s\n// Generated by PyPTO IR Compiler\n\n", name);
    sb_puts(out, "#include <cstdint>\n#include <pto/pto-inst.hpp>\n#include \"tensor.h\"\n\nusing namespace pto;\n\n");
}

int codegen_cpp_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag)
{
    KernelKind k = lower_kernel_kind(kernel, diag);
    (void)prog;
    if (k == KERNEL_NONE) {
        if (ir_kernel_kind(kernel) == KERNEL_NONE)
            diag_error(diag, kernel->span, "'%s' is not a kernel", kernel->name);
        return 1;
    }
    kernel_header(out, kernel->name);
    return emit_kernel(out, ir, kernel, k, "kernel_entry", o, diag);
}

static const char *const dir_text[] = {"PYPTOCC_ARG_IN", "PYPTOCC_ARG_OUT", "PYPTOCC_ARG_INOUT"};

/* One PyptoccArg initialiser; 0, or -1 after reporting. */
static int program_arg(StrBuf *out, const char *name, const IrType *t, int dir, Span at, DiagEngine *diag)
{
    const char *dt = cpp_datatype((DataType)t->dtype);
    uint32_t rank = t->kind == TYPE_TENSOR ? t->n : 0;
    if (!dt) {
        diag_error(diag, at, "'%s' has data type %s, which the runtime has no DataType for", name,
                   dtype_name((DataType)t->dtype));
        return -1;
    }
    if (rank > 5) {
        diag_error(diag, at, "'%s' has rank %u; the runtime takes tensors of rank up to 5", name, rank);
        return -1;
    }
    sb_printf(out, "    {\"%s\", DataType::%s, %u, {", name, dt, rank);
    for (uint32_t d = 0; d < 5; d++) {
        int64_t v = 0;
        if (d < rank && !ir_dim_value(t->dims[d], &v))
            v = 0;   /* known at run time */
        sb_printf(out, "%s%" PRId64, d ? ", " : "", v);
    }
    sb_printf(out, "}, %s},\n", dir_text[dir]);
    return 0;
}

/* The external arguments of a program run without orchestration: the
 * kernel's parameters, tensors then scalars (cpp.md 3), each in the
 * direction the kernel uses it in; named "<kernel>.<parameter>" when the
 * program runs several kernels (prefixed). */
static int direct_args(StrBuf *out, IrCtx *ir, const IrFunc *f, int prefixed, uint32_t *n, DiagEngine *diag)
{
    PtrMap cache;
    const CppParamUse *u;
    StrBuf name;
    int bad = 0;
    ptrmap_init(&cache);
    u = cpp_param_use(ir, f, &cache);
    sb_init(&name);
    *n = 0;
    for (int round = 0; round < 2; round++)
        for (uint32_t i = 0; i < f->nparams; i++) {
            const IrVar *p = f->params[i].var;
            if (p->type->kind != (round ? TYPE_SCALAR : TYPE_TENSOR))
                continue;
            sb_reset(&name);
            if (prefixed)
                sb_printf(&name, "%s.", f->name);
            sb_puts(&name, cpp_strip(ir, p->name));
            bad |= program_arg(out, sb_cstr(&name), p->type, round ? CPP_ARG_IN : u->dir[i], p->e.span, diag);
            ++*n;
        }
    sb_free(&name);
    ptrmap_free(&cache);
    return bad;
}

/* The single translation unit (README "single output"): every kernel with
 * its entry point renamed kernel_entry_<name>, the orchestration file, and
 * the PyptoccProgram of pyptocc_runtime.h.  Without an Orchestration
 * function the program runs its kernels directly, in the order of the
 * kernel table, each on arguments of its own (named "<kernel>.<parameter>"
 * when there are several): nothing connects one kernel's outputs to
 * another's inputs, so the order cannot change a result. */
int codegen_cpp(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    int bad = 0;
    const IrFunc *orch = cpp_orchestration(prog, diag, &bad);
    CppKernel *ks = xcalloc(prog->n ? prog->n : 1, sizeof *ks);
    uint32_t nk = cpp_kernels(prog, orch, ks), nargs = 0;
    const char *name = prog->name && *prog->name ? prog->name : "Program";
    StrBuf args;
    if (nk == 0 && !orch) {
        diag_error(diag, prog->span,
                   "no kernel to emit: --emit=cpp emits InCore functions, Opaque functions that use only block ops, "
                   "system ops and scalar code, and an Orchestration function");
        xfree(ks);
        return 1;
    }
    sb_printf(out, "// Program: %s\n// Generated by pyptocc (--emit=cpp): every kernel, the orchestration code and\n"
                   "// the program description of pyptocc_runtime.h in one translation unit.\n\n",
              name);
    sb_puts(out, "#include <cstdint>\n#include <pto/pto-inst.hpp>\n#include \"tensor.h\"\n#include "
                 "\"pyptocc_runtime.h\"\n\nusing namespace pto;\n\n");
    for (uint32_t i = 0; i < nk; i++) {
        StrBuf entry;
        KernelKind kind = lower_kernel_kind(ks[i].f, diag);
        if (kind == KERNEL_NONE) {
            bad = 1;
            continue;
        }
        sb_init(&entry);
        sb_printf(&entry, "kernel_entry_%s", cpp_ident(ir, ks[i].f->name, NULL));
        sb_printf(out, "// Kernel Function: %s\n", ks[i].f->name);
        bad |= emit_kernel(out, ir, ks[i].f, kind, sb_cstr(&entry), o, diag);
        sb_putc(out, '\n');
        sb_free(&entry);
    }
    sb_init(&args);
    if (orch) {
        CppSlot *slots;
        /* The orchestration file's helper is unused when no task takes a
         * float (-Wunused-function). */
        sb_puts(out, "[[maybe_unused]] static uint64_t float_to_u64(float f);\n\n");
        /* The slots' problems are reported with the orchestration code. */
        if (codegen_cpp_orchestration(out, ir, prog, orch, o, diag) != 0)
            bad = 1;
        else if (cpp_orch_slots(ir, prog, orch, &slots, &nargs, diag) == 0) {
            for (uint32_t i = 0; i < nargs; i++)
                bad |= program_arg(&args, slots[i].name, slots[i].type, slots[i].dir, orch->span, diag) != 0;
        }
        sb_putc(out, '\n');
    } else {
        for (uint32_t i = 0; i < nk; i++) {
            uint32_t n;
            bad |= direct_args(&args, ir, ks[i].f, nk > 1, &n, diag);
            nargs += n;
        }
    }
    sb_puts(out, "// The program for pyptocc_runtime.h.\n");
    if (nk) {
        sb_puts(out, "static const PyptoccKernel pyptocc_kernels[] = {\n");
        for (uint32_t i = 0; i < nk; i++)
            sb_printf(out, "    {%" PRId32 ", \"%s\", kernel_entry_%s},\n", ks[i].id, ks[i].f->name,
                      cpp_ident(ir, ks[i].f->name, NULL));
        sb_puts(out, "};\n\n");
    }
    if (nargs) {
        sb_puts(out, "static const PyptoccArg pyptocc_args[] = {\n");
        sb_put(out, args.data, args.len);
        sb_puts(out, "};\n\n");
    }
    sb_free(&args);
    sb_printf(out, "extern \"C\" const PyptoccProgram pyptocc_program = {\n    .name = \"%s\",\n", name);
    sb_printf(out, "    .kernels = %s,\n    .nkernels = %" PRIu32 ",\n", nk ? "pyptocc_kernels" : "nullptr", nk);
    sb_printf(out, "    .args = %s,\n    .nargs = %" PRIu32 ",\n", nargs ? "pyptocc_args" : "nullptr", nargs);
    if (orch)
        sb_puts(out, "    .config = aicpu_orchestration_config,\n    .orchestrate = aicpu_orchestration_entry,\n"
                     "    .direct_kernel = -1,\n");
    else
        sb_printf(out, "    .config = nullptr,\n    .orchestrate = nullptr,\n    .direct_kernel = %" PRId32 ",\n",
                  nk == 1 ? ks[0].id : -1);
    sb_puts(out, "};\n\n#ifndef PYPTOCC_NO_MAIN\nint main(int argc, char** argv)\n{\n"
                 "    return pyptocc_run_main(&pyptocc_program, argc, argv);\n}\n#endif\n");
    xfree(ks);
    return bad;
}
