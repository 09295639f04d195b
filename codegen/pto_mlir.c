/* pto_mlir.c: the PTO MLIR emitter (--emit=pto; spec pto-mlir.md).
 *
 * Each kernel function (passes.md 2) becomes one func.func in the pto
 * dialect that PTOAS v0.26 accepts.  The emitter walks the function in
 * program order and writes text; it does no analysis.  What it keeps is
 * local bookkeeping: the SSA name and MLIR type of every IR variable, the
 * tensor view a Tensor variable stands for, the constant pool, and the
 * buffer a loop or if carries a Tile in.
 *
 * Two passes over each function: the first checks everything (every
 * emission error is reported there) and collects the constants, whose
 * final order decides their names (pto-mlir.md 4.2); the second writes the
 * text.  Both passes run the same code; only the first may report.
 *
 * Buffers.  A Tile variable names one buffer: normally a pto.alloc_tile of
 * its own placed just before the op that defines it.  Some variables name
 * an existing buffer instead (pto-mlir.md 5.2, 7): Tile iter_args and loop
 * results name the init value's buffer, and a Tile value yielded to a loop
 * or an if is defined directly into the carried buffer.  In no-address
 * mode, where PTOAS plans memory itself and only SSA identity says that
 * two tiles share memory, the result of matmul_acc/gemv_acc also names the
 * acc argument's buffer. */
#include "config.h"
#include "codegen/codegen.h"
#include "codegen/lower.h"
#include "codegen/mlir_text.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ MLIR types */

/* Scalar MLIR types (pto-mlir.md 8). */
typedef enum Sc { SC_NONE, SC_I1, SC_I8, SC_I16, SC_I32, SC_I64, SC_INDEX, SC_F16, SC_BF16, SC_F32 } Sc;
static const char *const sc_text[] = {"?", "i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32"};
static const int sc_bits[] = {0, 1, 8, 16, 32, 64, 64, 16, 16, 32};

static int sc_is_float(Sc s) { return s >= SC_F16; }
static int sc_is_int(Sc s) { return s >= SC_I1 && s <= SC_INDEX; }

/* The MLIR type of a scalar of dtype dt.  Scalars use index for INT64;
 * a scalar operand of a tile op uses the tile's element type (elem), where
 * INT64 is i64.  Unsigned integers are signless (arith has no unsigned
 * types); the operations choose the unsigned forms. */
static Sc sc_of(int dt, int elem)
{
    switch (dt) {
    case DT_BOOL:
        return SC_I1;
    case DT_INT8:
    case DT_UINT8:
        return SC_I8;
    case DT_INT16:
    case DT_UINT16:
        return SC_I16;
    case DT_INT32:
    case DT_UINT32:
        return SC_I32;
    case DT_INT64:
        return elem ? SC_I64 : SC_INDEX;
    case DT_UINT64:
        return SC_I64;
    case DT_FP16:
        return SC_F16;
    case DT_BF16:
        return SC_BF16;
    case DT_FP32:
        return SC_F32;
    default:
        return SC_NONE;
    }
}

static const char *const loc_text[MS_COUNT] = {"gm", "vec", "mat", "left", "right", "acc"};

/* ------------------------------------------------------------ the state */

/* What an SSA value stands for. */
typedef struct Value {
    const char *name;          /* "%tile_a_0" (interned) */
    const char *type;          /* MLIR type text (interned) */
    uint8_t sc;                /* Sc of a scalar; SC_NONE for a tile */
    uint8_t uns;               /* unsigned integer scalar */
    uint8_t space;             /* tiles: MemorySpace */
    int64_t addr;              /* tiles in address mode: the planned address */
} Value;

/* The tensor view of a kernel parameter. */
typedef struct View {
    const char *name;          /* "%a_0_view" */
    const char *base;          /* "a_0": partition views are "%a_0_pview" */
    const char *type;          /* "!pto.tensor_view<?x?xf32>" */
    const char *elem;          /* "f32" */
    uint32_t rank;
} View;

/* A tuple variable (tuple unpacking, "a, b = b, a + b"): what each element
 * stands for. */
typedef struct Tuple {
    uint32_t n;
    const Value **vals;        /* scalars and tiles */
    const View **views;        /* tensors */
} Tuple;

/* The loop or if whose body is being emitted, for its yields. */
typedef struct Region {
    struct Region *up;
    IrStmtKind kind;
    uint32_t n;
    const IrVar *const *ret;   /* return variables (their types say scalar/tile/tensor) */
    const Value **carried;     /* Tile positions: the buffer the yielded value must be in */
    const View **views;        /* Tensor positions: the view the yielded value must have */
    int yielded;
} Region;

typedef struct Emitter {
    IrCtx *ir;
    const CodegenOptions *o;
    DiagEngine *diag;
    const IrFunc *f;
    const IrMemRef *scratch;   /* f's scratch region, or NULL */
    int pass;                  /* 1: check and collect constants; 2: write */
    StrBuf *out;
    StrBuf discard;            /* pass 1 writes here, one line at a time */
    int indent;
    unsigned errors;
    unsigned const_group;      /* group of the constants interned now: 0 addresses, 1 views, 2 body */
    MlirNames names;
    MlirConstPool consts;
    Arena arena;               /* Values, Views, Regions of the current function */
    PtrMap values;             /* IrVar -> Value */
    PtrMap views;              /* IrVar (Tensor) -> View */
    PtrMap preset;             /* IrVar (Tile) -> Value: defined into this carried buffer */
    PtrMap tuples;             /* IrVar (Tuple) -> Tuple: the values of its elements */
    PtrMap tile_types;         /* IrType (+1 with fillpad) -> its !pto.tile_buf spelling, for the module */
    Region *region;
    int depth;                 /* control-flow nesting */
    Span stmt_span;            /* the statement being emitted */
    /* What a variable stands for after the op defining it failed: uses of
     * it report nothing more. */
    Value poison;
    View poison_view;
} Emitter;

enum { GROUP_ADDR, GROUP_VIEW, GROUP_BODY };

static void err(Emitter *E, Span sp, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void err(Emitter *E, Span sp, const char *fmt, ...)
{
    va_list ap;
    if (E->pass != 1)
        ICE("PTO emitter: an error found only while writing");
    va_start(ap, fmt);
    diag_verror(E->diag, sp, fmt, ap);
    va_end(ap);
    E->errors++;
}

/* Where to report a problem with operand x: a variable's own span is its
 * definition, so a use is reported at the statement. */
static Span span_of(const Emitter *E, const IrExpr *x)
{
    if (!x || ir_is_var_like(x) || x->span.lo == SPAN_UNKNOWN_OFFSET)
        return E->stmt_span;
    return x->span;
}

/* Starts an output line at the current indentation. */
static StrBuf *line(Emitter *E)
{
    if (E->pass == 1)
        sb_reset(E->out);
    sb_indent(E->out, E->indent);
    return E->out;
}

static const char *opname(const OpDef *op, char *buf, size_t cap) { return op_printed_name(op, buf, cap); }

static Value *new_value(Emitter *E, const char *name, const char *type, Sc sc, int uns)
{
    Value *v = arena_zalloc(&E->arena, sizeof *v);
    v->name = name;
    v->type = type;
    v->sc = (uint8_t)sc;
    v->uns = (uint8_t)uns;
    v->addr = -1;
    return v;
}

static Value *scalar_value(Emitter *E, const char *name, Sc sc, int uns)
{
    return new_value(E, name, mlir_str(&E->names, sc_text[sc]), sc, uns);
}

static void bind(Emitter *E, const IrVar *v, const Value *val) { ptrmap_put(&E->values, v, (void *)val); }

/* The name for the result of an op: the variable's, or the next number. */
static const char *result_name(Emitter *E, const IrVar *dest)
{
    return dest ? mlir_name_claim(&E->names, dest->name, NULL) : mlir_name_fresh(&E->names);
}

/* -------------------------------------------------------------- constants */

static const char *const_name(Emitter *E, const MlirConst *c)
{
    if (E->pass == 1)
        return "%c";
    if (!c->name)
        ICE("PTO emitter: a constant first seen while writing");
    return c->name;
}

static const Value *const_int(Emitter *E, Sc sc, int64_t v)
{
    const MlirConst *c;
    if (sc == SC_I1)
        c = mlir_const(&E->consts, MLIR_CONST_BOOL, NULL, v, 0.0, E->const_group);
    else
        c = mlir_const(&E->consts, MLIR_CONST_INT, mlir_str(&E->names, sc_text[sc]), v, 0.0, E->const_group);
    return scalar_value(E, const_name(E, c), sc, 0);
}

static const Value *const_float(Emitter *E, Sc sc, double d, Span sp)
{
    const MlirConst *c;
    char buf[64];
    if (!mlir_float_text(d, buf, sizeof buf))
        err(E, sp, "the constant %g has no MLIR spelling", d);
    c = mlir_const(&E->consts, MLIR_CONST_FLOAT, mlir_str(&E->names, sc_text[sc]), 0, d, E->const_group);
    return scalar_value(E, const_name(E, c), sc, 0);
}

static const Value *const_index(Emitter *E, int64_t v) { return const_int(E, SC_INDEX, v); }

/* A tile address constant (group 0, pto-mlir.md 4.2). */
static const char *addr_const(Emitter *E, int64_t addr)
{
    unsigned g = E->const_group;
    const Value *v;
    E->const_group = GROUP_ADDR;
    v = const_int(E, SC_I64, addr);
    E->const_group = g;
    return v->name;
}

/* --------------------------------------------------------- scalar code */

static const Value *scalar(Emitter *E, const IrExpr *x, int to_dt, int elem, const IrVar *dest);

static int expr_dtype(Emitter *E, const IrExpr *x)
{
    const IrType *t = ir_expr_type(E->ir, x);
    return t && t->kind == TYPE_SCALAR ? t->dtype : -1;
}

static const Value *cast_op(Emitter *E, const char *op, const Value *v, Sc to, int uns, const IrVar *dest)
{
    const char *name = result_name(E, dest);
    sb_printf(line(E), "%s = arith.%s %s : %s to %s\n", name, op, v->name, sc_text[v->sc], sc_text[to]);
    return scalar_value(E, name, to, uns);
}

static const Value *binop(Emitter *E, const char *op, const Value *a, const Value *b, Sc sc, int uns,
                          const IrVar *dest)
{
    const char *name = result_name(E, dest);
    sb_printf(line(E), "%s = arith.%s %s, %s : %s\n", name, op, a->name, b->name, sc_text[sc]);
    return scalar_value(E, name, sc, uns);
}

static const Value *cmpop(Emitter *E, const char *op, const char *pred, const Value *a, const Value *b,
                          const IrVar *dest)
{
    const char *name = result_name(E, dest);
    sb_printf(line(E), "%s = arith.%s %s, %s, %s : %s\n", name, op, pred, a->name, b->name, sc_text[a->sc]);
    return scalar_value(E, name, SC_I1, 0);
}

static const Value *unop(Emitter *E, const char *op, const Value *a, const IrVar *dest)
{
    const char *name = result_name(E, dest);
    sb_printf(line(E), "%s = arith.%s %s : %s\n", name, op, a->name, sc_text[a->sc]);
    return scalar_value(E, name, (Sc)a->sc, a->uns);
}

static const Value *select_op(Emitter *E, const Value *c, const Value *a, const Value *b, const IrVar *dest)
{
    const char *name = result_name(E, dest);
    sb_printf(line(E), "%s = arith.select %s, %s, %s : %s\n", name, c->name, a->name, b->name, sc_text[a->sc]);
    return scalar_value(E, name, (Sc)a->sc, a->uns);
}

/* floor(q) of a float scalar in arith alone (PTOAS has no math dialect):
 * t = (float)(int64)q, less one where that rounded up; a |q| of 2^p or
 * more (p the significand's fraction bits), an infinity or a NaN is
 * integral already and stays itself. */
static const Value *floor_float(Emitter *E, const Value *q, Sc sc, Span sp, const IrVar *dest)
{
    double big = sc == SC_F16 ? 1024.0 : sc == SC_BF16 ? 128.0 : 8388608.0;
    const Value *t = cast_op(E, "sitofp", cast_op(E, "fptosi", q, SC_I64, 0, NULL), sc, 0, NULL);
    const Value *down = binop(E, "subf", t, const_float(E, sc, 1.0, sp), sc, 0, NULL);
    const Value *up = cmpop(E, "cmpf", "ogt", t, q, NULL);
    const Value *f = select_op(E, up, down, t, NULL);
    /* One emitting call per statement: C leaves the order of arguments open. */
    const Value *above = cmpop(E, "cmpf", "ogt", q, const_float(E, sc, -big, sp), NULL);
    const Value *below = cmpop(E, "cmpf", "olt", q, const_float(E, sc, big, sp), NULL);
    const Value *in = binop(E, "andi", above, below, SC_I1, 0, NULL);
    return select_op(E, in, f, q, dest);
}

/* v converted to the MLIR type of dtype to_dt (pto-mlir.md 8, Cast). */
static const Value *convert(Emitter *E, const Value *v, int to_dt, int elem, const IrVar *dest, Span sp)
{
    Sc from = (Sc)v->sc, to = sc_of(to_dt, elem);
    int to_uns = dtype_is_unsigned_int((DataType)to_dt) || to == SC_I1;
    int from_uns = v->uns || from == SC_I1;
    if (v == &E->poison)
        return v;
    if (to == SC_NONE) {
        err(E, sp, "data type %s has no MLIR scalar type", dtype_name((DataType)to_dt));
        return v;
    }
    if (from == SC_NONE) {
        err(E, sp, "a tile is used where a scalar is expected");
        return v;
    }
    if (from == to) {
        if (v->uns == to_uns)
            return v;
        return scalar_value(E, v->name, to, to_uns);
    }
    if (to == SC_I1) {
        /* Truth value: x != 0. */
        if (sc_is_float(from))
            return cmpop(E, "cmpf", "une", v, const_float(E, from, 0.0, sp), dest);
        return cmpop(E, "cmpi", "ne", v, const_int(E, from, 0), dest);
    }
    if (sc_is_int(from) && sc_is_int(to)) {
        if (from == SC_INDEX)
            return cast_op(E, "index_cast", v, to, to_uns, dest);
        if (to == SC_INDEX) {
            if (from_uns && from != SC_I64)
                v = cast_op(E, "extui", v, SC_I64, 1, NULL);
            return cast_op(E, "index_cast", v, to, to_uns, dest);
        }
        if (sc_bits[to] > sc_bits[from])
            return cast_op(E, from_uns ? "extui" : "extsi", v, to, to_uns, dest);
        return cast_op(E, "trunci", v, to, to_uns, dest);
    }
    if (sc_is_int(from)) {   /* to a float */
        if (from == SC_INDEX)
            v = cast_op(E, "index_cast", v, SC_I64, 0, NULL);
        return cast_op(E, from_uns ? "uitofp" : "sitofp", v, to, 0, dest);
    }
    if (sc_is_int(to)) {     /* from a float */
        if (to == SC_INDEX)
            return cast_op(E, "index_cast", cast_op(E, "fptosi", v, SC_I64, 0, NULL), to, 0, dest);
        return cast_op(E, to_uns ? "fptoui" : "fptosi", v, to, to_uns, dest);
    }
    if (sc_bits[to] == sc_bits[from]) /* f16 <-> bf16 through f32 */
        v = cast_op(E, "extf", v, SC_F32, 0, NULL), from = SC_F32;
    return cast_op(E, sc_bits[to] > sc_bits[from] ? "extf" : "truncf", v, to, 0, dest);
}

/* A constant written directly in the wanted type (pto-mlir.md 6.3). */
static const Value *constant(Emitter *E, const IrExpr *x, int to_dt, int elem)
{
    Sc to = sc_of(to_dt, elem);
    double d = 0.0;
    int64_t i = 0;
    int is_float = x->kind == EXPR_CONST_FLOAT;
    if (to == SC_NONE) {
        err(E, span_of(E, x), "data type %s has no MLIR scalar type", dtype_name((DataType)to_dt));
        return const_int(E, SC_INDEX, 0);
    }
    if (x->kind == EXPR_CONST_BOOL)
        i = x->op != 0;
    else if (is_float)
        d = IR_AS(IrConstFloat, x)->value;
    else
        i = IR_AS(IrConstInt, x)->value;
    if (to == SC_I1)
        return const_int(E, SC_I1, is_float ? d != 0.0 : i != 0);
    if (sc_is_float(to))
        return const_float(E, to, is_float ? d : (double)i, span_of(E, x));
    if (is_float) {
        if (d != (double)(int64_t)d) {
            err(E, span_of(E, x), "the constant %g is not an integer, but an integer of type %s is needed", d,
                sc_text[to]);
            return const_int(E, to, 0);
        }
        i = (int64_t)d;
    }
    return const_int(E, to, i);
}

static const Value *lookup(Emitter *E, const IrExpr *x)
{
    const Value *v = ptrmap_get(&E->values, x);
    if (!v && ptrmap_get(&E->views, x) == &E->poison_view)
        return &E->poison;
    if (!v) {
        err(E, span_of(E, x), "'%s' has no value here", IR_AS(IrVar, x)->name);
        return scalar_value(E, "%undef", SC_INDEX, 0);
    }
    return v;
}

static const Value *binary(Emitter *E, const IrBinary *b, const IrVar *dest)
{
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    int rt = b->e.dtype, odt;
    const Value *l, *r, *t;
    Sc sc;
    int fl, uns;
    Span sp = b->e.span;
    if (op == BIN_POW) {
        err(E, sp, "'**' has no PTO lowering");
        return const_index(E, 0);
    }
    if (ir_binary_is_comparison(op)) {
        int dl = expr_dtype(E, b->lhs), dr = expr_dtype(E, b->rhs);
        odt = dl < 0 || dr < 0 ? DT_INT64 : dtype_promote((DataType)dl, (DataType)dr);
    } else if (op == BIN_AND || op == BIN_OR || op == BIN_XOR) {
        odt = DT_BOOL;
    } else {
        odt = rt;
    }
    sc = sc_of(odt, 0);
    if (sc == SC_NONE) {
        err(E, sp, "data type %s has no MLIR scalar type", dtype_name((DataType)odt));
        return const_index(E, 0);
    }
    fl = sc_is_float(sc);
    uns = dtype_is_unsigned_int((DataType)odt);
    if (fl && (op == BIN_BIT_AND || op == BIN_BIT_OR || op == BIN_BIT_XOR || op == BIN_SHL ||
               op == BIN_SHR)) {
        err(E, sp, "'%s' on %s scalars has no PTO lowering", ir_binary_symbol(op), dtype_name((DataType)odt));
        return const_float(E, sc, 0.0, sp);
    }
    l = scalar(E, b->lhs, odt, 0, NULL);
    r = scalar(E, b->rhs, odt, 0, NULL);
    if (ir_binary_is_comparison(op))
        return cmpop(E, fl ? "cmpf" : "cmpi", mlir_cmp_predicate(op, fl, uns || sc == SC_I1), l, r, dest);
    switch (op) {
    case BIN_ADD:
        /* This PTOAS cannot legalize a scalar arith.addf: a - (-b). */
        if (fl)
            return binop(E, "subf", l, unop(E, "negf", r, NULL), sc, 0, dest);
        return binop(E, "addi", l, r, sc, uns, dest);
    case BIN_SUB:
        return binop(E, fl ? "subf" : "subi", l, r, sc, uns, dest);
    case BIN_MUL:
        return binop(E, fl ? "mulf" : "muli", l, r, sc, uns, dest);
    case BIN_FLOAT_DIV:
        return binop(E, fl ? "divf" : uns ? "divui" : "divsi", l, r, sc, uns, dest);
    case BIN_FLOOR_DIV:
        if (fl)
            return floor_float(E, binop(E, "divf", l, r, sc, 0, NULL), (Sc)sc, sp, dest);
        return binop(E, uns ? "divui" : "floordivsi", l, r, sc, uns, dest);
    case BIN_FLOOR_MOD:
        /* Python's a % b takes b's sign: a - b * floor(a / b), as the C++
         * output computes it (arith.remf takes a's). */
        if (fl)
            return binop(E, "subf", l,
                         binop(E, "mulf", r, floor_float(E, binop(E, "divf", l, r, sc, 0, NULL), (Sc)sc, sp, NULL),
                               sc, 0, NULL),
                         sc, 0, dest);
        if (uns)
            return binop(E, "remui", l, r, sc, uns, dest);
        /* Floor semantics: ((a rem b) + b) rem b. */
        t = binop(E, "remsi", l, r, sc, uns, NULL);
        t = binop(E, "addi", t, r, sc, uns, NULL);
        return binop(E, "remsi", t, r, sc, uns, dest);
    case BIN_MIN:
        return binop(E, fl ? "minimumf" : uns ? "minui" : "minsi", l, r, sc, uns, dest);
    case BIN_MAX:
        return binop(E, fl ? "maximumf" : uns ? "maxui" : "maxsi", l, r, sc, uns, dest);
    case BIN_AND:
    case BIN_BIT_AND:
        return binop(E, "andi", l, r, sc, uns, dest);
    case BIN_OR:
    case BIN_BIT_OR:
        return binop(E, "ori", l, r, sc, uns, dest);
    case BIN_XOR:
    case BIN_BIT_XOR:
        return binop(E, "xori", l, r, sc, uns, dest);
    case BIN_SHL:
        return binop(E, "shli", l, r, sc, uns, dest);
    case BIN_SHR:
        return binop(E, uns ? "shrui" : "shrsi", l, r, sc, uns, dest);
    default:
        ICE("binary operator %d reached the PTO emitter", (int)op);
    }
}

static const Value *unary(Emitter *E, const IrUnary *u, const IrVar *dest)
{
    int dt = u->e.dtype;
    Sc sc = sc_of(dt, 0);
    const Value *a, *t;
    Span sp = u->e.span;
    if (u->e.op == UN_CAST) {
        int from = expr_dtype(E, u->operand);
        a = scalar(E, u->operand, from < 0 ? dt : from, 0, NULL);
        return convert(E, a, dt, 0, dest, sp);
    }
    if (sc == SC_NONE) {
        err(E, sp, "data type %s has no MLIR scalar type", dtype_name((DataType)dt));
        return const_index(E, 0);
    }
    a = scalar(E, u->operand, dt, 0, NULL);
    switch ((IrUnaryOp)u->e.op) {
    case UN_NEG:
        if (sc_is_float(sc))
            return unop(E, "negf", a, dest);
        return binop(E, "subi", const_int(E, sc, 0), a, sc, a->uns, dest);
    case UN_ABS:
        if (sc_is_float(sc))
            return binop(E, "maximumf", a, unop(E, "negf", a, NULL), sc, 0, dest);
        if (a->uns)
            return a;
        t = binop(E, "subi", const_int(E, sc, 0), a, sc, 0, NULL);
        return binop(E, "maxsi", a, t, sc, 0, dest);
    case UN_NOT:
        return binop(E, "xori", a, const_int(E, SC_I1, 1), sc, 0, dest);
    case UN_BIT_NOT:
        if (sc_is_float(sc))
            break;
        return binop(E, "xori", a, const_int(E, sc, -1), sc, a->uns, dest);
    default:
        break;
    }
    err(E, sp, "'%s' on %s scalars has no PTO lowering", ir_unary_name((IrUnaryOp)u->e.op),
        dtype_name((DataType)dt));
    return a;
}

/* Emits the scalar expression x as a value of dtype to_dt (to_dt < 0: its
 * own type).  dest, when given, names the final result. */
static const Value *scalar(Emitter *E, const IrExpr *x, int to_dt, int elem, const IrVar *dest)
{
    int own = expr_dtype(E, x);
    const Value *v;
    if (to_dt < 0)
        to_dt = own;
    switch ((IrExprKind)x->kind) {
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
        return constant(E, x, to_dt < 0 ? DT_INT64 : to_dt, elem);
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        v = lookup(E, x);
        break;
    case EXPR_BINARY:
        v = binary(E, IR_AS(IrBinary, x), sc_of(own, 0) == sc_of(to_dt, elem) ? dest : NULL);
        break;
    case EXPR_UNARY:
        v = unary(E, IR_AS(IrUnary, x), sc_of(own, 0) == sc_of(to_dt, elem) ? dest : NULL);
        break;
    default:
        err(E, span_of(E, x), "this expression cannot be emitted as a scalar (run flatten_call_expr first)");
        return const_index(E, 0);
    }
    if (to_dt < 0)
        return v;
    return convert(E, v, to_dt, elem, dest, span_of(E, x));
}

static const Value *index_value(Emitter *E, const IrExpr *x) { return scalar(E, x, DT_INT64, 0, NULL); }

/* ------------------------------------------------------------- tiles */

/* The tile_buf type of a Tile type (pto-mlir.md 5.1), or NULL after an
 * error (lower_tile_geom says what is checked). */
static const char *tile_type(Emitter *E, const IrType *t, int fillpad, const char *what, Span sp)
{
    char buf[512];
    TileGeom g;
    /* Types are interned, so the spelling is made once per type (it was a
     * sixth of the emitter's time); a type with no spelling is not cached,
     * so each use still reports its error. */
    const char *key = (const char *)t + (fillpad != 0);
    const char *known = ptrmap_get(&E->tile_types, key);
    if (known)
        return known;
    if (lower_tile_geom(E->o->arch, t, fillpad, what, "PTO", &g, buf, sizeof buf) != 0) {
        err(E, sp, "%s", buf);
        return NULL;
    }
    snprintf(buf, sizeof buf,
             "!pto.tile_buf<loc=%s, dtype=%s, rows=%" PRId64 ", cols=%" PRId64 ", v_row=%" PRId64 ", v_col=%" PRId64
             ", blayout=%s, slayout=%s, fractal=%u, pad=%d>",
             loc_text[g.space], mlir_elem_type((DataType)t->dtype), g.rows, g.cols, g.rows, g.cols,
             tile_layout_name(g.L.blayout), tile_layout_name(g.L.slayout), g.L.fractal, (int)g.L.pad);
    known = mlir_str(&E->names, buf);
    ptrmap_put(&E->tile_types, key, (void *)known);
    return known;
}

/* The planned address of a tile (address mode), or -1 after an error. */
static int64_t tile_addr(Emitter *E, const IrType *t, const char *what, Span sp)
{
    char msg[256];
    int64_t a = -1;
    if (lower_tile_addr(t, what, ", or use --no-addr", &a, msg, sizeof msg) != 0) {
        err(E, sp, "%s", msg);
        return -1;
    }
    return a;
}

static void print_alloc(Emitter *E, const char *name, const char *type, int64_t addr)
{
    if (E->o->addr)
        sb_printf(line(E), "%s = pto.alloc_tile addr = %s : %s\n", name, addr_const(E, addr), type);
    else
        sb_printf(line(E), "%s = pto.alloc_tile : %s\n", name, type);
}

/* Two tile values that must be the same memory. */
static int same_buffer(Emitter *E, const Value *a, const Value *b)
{
    return a->name == b->name || (E->o->addr && a->addr >= 0 && a->addr == b->addr);
}

/* The buffer Tile variable v is defined into (see the file comment): its
 * own pto.alloc_tile, a carried buffer, or (share) an existing one.  NULL
 * after an error. */
static const Value *def_tile(Emitter *E, const IrVar *v, Span sp, int fillpad, const Value *share)
{
    const char *type = tile_type(E, v->type, fillpad, v->name, sp);
    const Value *pre = ptrmap_get(&E->preset, v);
    Value *val;
    int64_t addr = -1;
    if (!type)
        return NULL;
    if (pre) {
        if (pre->type != type) {
            err(E, sp, "'%s' is yielded into a carried buffer of another type (%s, here %s)", v->name, pre->type,
                type);
            return NULL;
        }
        if (share && !same_buffer(E, share, pre)) {
            err(E, sp, "'%s' must be in two buffers at once (%s and %s)", v->name, share->name, pre->name);
            return NULL;
        }
        bind(E, v, pre);
        return pre;
    }
    if (share) {
        if (share->type != type) {
            err(E, sp, "'%s' shares the buffer %s of another type", v->name, share->name);
            return NULL;
        }
        bind(E, v, share);
        return share;
    }
    if (E->o->addr && (addr = tile_addr(E, v->type, v->name, sp)) < 0)
        return NULL;
    val = new_value(E, result_name(E, v), type, SC_NONE, 0);
    val->space = (uint8_t)ir_type_space(v->type);
    val->addr = addr;
    print_alloc(E, val->name, type, addr);
    bind(E, v, val);
    return val;
}

/* The scratch tile of an op marked tmp† (ops.md 5), in the function's
 * scratch region (passes.md 5.8): typed like `model` (the result, or for a
 * row reduction its source: PTOAS's trowmin wants a source-shaped tmp). */
static const Value *scratch_tile(Emitter *E, const IrVar *d, const Value *model, const IrType *model_type,
                                 const OpDef *op, Span sp)
{
    char buf[64], msg[256];
    Value *val;
    uint64_t need = ir_type_byte_size(model_type);
    int64_t addr = -1;
    if (E->o->addr && lower_scratch(E->f, E->scratch, need, opname(op, buf, sizeof buf), ", or use --no-addr", &addr,
                                    msg, sizeof msg)) {
        err(E, sp, "%s", msg);
        return NULL;
    }
    val = new_value(E, mlir_name_claim(&E->names, d->name, "_tmp"), model->type, SC_NONE, 0);
    val->space = MS_VEC;
    val->addr = addr;
    print_alloc(E, val->name, model->type, addr);
    return val;
}

/* The tile value of argument i of a call. */
static const Value *tile_arg(Emitter *E, const IrCall *c, uint32_t i)
{
    const IrExpr *a = i < c->nargs ? c->args[i] : NULL;
    const Value *v;
    if (!a || !(a->kind == EXPR_VAR || a->kind == EXPR_ITER_ARG)) {
        err(E, a ? span_of(E, a) : c->e.span, "a tile variable is expected here (run flatten_call_expr first)");
        return NULL;
    }
    v = lookup(E, a);
    if (v == &E->poison)
        return NULL;
    if (IR_AS(IrVar, a)->type->kind != TYPE_TILE || v->sc != SC_NONE || !v->type) {
        err(E, c->e.span, "'%s' is not a tile", IR_AS(IrVar, a)->name);
        return NULL;
    }
    return v;
}

static const View *view_of(Emitter *E, const IrExpr *a)
{
    const View *v = NULL;
    if (a && (a->kind == EXPR_VAR || a->kind == EXPR_ITER_ARG))
        v = ptrmap_get(&E->views, a);
    if (v == &E->poison_view || (a && ptrmap_get(&E->values, a) == &E->poison))
        return NULL;
    if (!v)
        err(E, span_of(E, a), "this tensor is not derived from a parameter of the kernel");
    return v;
}

/* ------------------------------------------------------------- ops */

/* One input operand of a PTO op. */
typedef struct Operand {
    const char *name, *type;
} Operand;

typedef struct Ins {
    Operand v[8];
    const Value *val[8];
    uint32_t n;
    const char *attr;      /* "{cmpMode = #pto<cmp lt>}" after the last input */
} Ins;

static void ins_add(Ins *in, const Value *v)
{
    if (v && in->n < sizeof in->v / sizeof in->v[0]) {
        in->v[in->n].name = v->name;
        in->v[in->n].type = v->type;
        in->val[in->n] = v;
        in->n++;
    }
}

/* pto.<op> ins(%a, %b{attr} : Ta, Tb) outs(%d : Td) */
static void print_op(Emitter *E, const char *pto, const Ins *in, const Value *dst)
{
    StrBuf *o = line(E);
    sb_printf(o, "pto.%s ins(", pto);
    for (uint32_t i = 0; i < in->n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", in->v[i].name);
    if (in->attr)
        sb_puts(o, in->attr);
    sb_puts(o, " : ");
    for (uint32_t i = 0; i < in->n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", in->v[i].type);
    sb_printf(o, ") outs(%s : %s)\n", dst->name, dst->type);
}

static const IrType *arg_type(Emitter *E, const IrCall *c, uint32_t i) { return ir_expr_type(E->ir, c->args[i]); }

/* The tile operands from..from+n must have the result's shape (ops.md 5.2). */
static int check_equal_shapes(Emitter *E, const IrCall *c, const IrVar *dest, uint32_t from, uint32_t n)
{
    char msg[320];
    if (lower_equal_shapes(E->ir, c, dest->type, from, n, "PTO", msg, sizeof msg) != 0) {
        err(E, c->e.span, "%s", msg);
        return 0;
    }
    return 1;
}

/* The element dtype scalar operands take (pto-mlir.md 6.3): that of the
 * first tile operand, or the result's. */
static int scalar_elem_dtype(Emitter *E, const IrCall *c, const IrVar *dest)
{
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *t = arg_type(E, c, i);
        if (t->kind == TYPE_TILE)
            return t->dtype;
    }
    return dest->type->dtype;
}

/* Adds IR argument i: a tile, or a scalar converted to elem_dt. */
static int add_arg(Emitter *E, Ins *in, const IrCall *c, uint32_t i, int elem_dt)
{
    const IrType *t = arg_type(E, c, i);
    const Value *v;
    if (t->kind == TYPE_TILE)
        v = tile_arg(E, c, i);
    else if (t->kind == TYPE_SCALAR)
        v = scalar(E, c->args[i], elem_dt, 1, NULL);
    else {
        err(E, c->e.span, "this operand cannot be emitted");
        v = NULL;
    }
    ins_add(in, v);
    return v != NULL;
}

/* block.load / block.store / block.l0c_store (pto-mlir.md 6.1). */
static void emit_transfer(Emitter *E, const IrVar *dest, const IrCall *c, IsaForm how)
{
    char buf[64], msg[320], pt[160];
    const OpDef *op = callee_op(c->callee);
    int is_load = how == FORM_LOAD;
    const IrExpr *tensor = c->args[is_load ? 0 : 3];
    const IrMakeTuple *ot, *st;
    const IrType *tile_t = is_load ? (dest ? dest->type : c->type) : arg_type(E, c, 0);
    const View *V = view_of(E, tensor);
    const Value *tile = NULL, *offv[2] = {NULL, NULL}, *sizev[2] = {NULL, NULL};
    int64_t size[2] = {0, 0};
    const char *pview;
    uint32_t n;
    Span at;
    StrBuf *o;
    if (is_load && !dest)
        return;   /* a load whose result is unused has no effect */
    if (lower_transfer_lists(c, &ot, &st, msg, sizeof msg) != 0) {
        err(E, c->e.span, "%s", msg);
        return;
    }
    if (!V)
        return;
    if (lower_transfer_shape(c, tile_t, ot, st, V->rank, size, &at, msg, sizeof msg) != 0) {
        err(E, at, "%s", msg);
        return;
    }
    n = ot->n;
    if (!is_load) {
        if (!(tile = tile_arg(E, c, 0)))
            return;
        if (how == FORM_L0C_STORE ? tile->space != MS_ACC
                               : tile->space != MS_VEC && tile->space != MS_MAT && tile->space != MS_ACC) {
            err(E, c->e.span, "'%s' cannot store a tile from %s", opname(op, buf, sizeof buf),
                memspace_name((MemorySpace)tile->space));
            return;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        offv[i] = index_value(E, ot->elems[i]);
    for (uint32_t i = 0; i < n; i++)
        sizev[i] = const_index(E, size[i]);
    if (is_load) {
        int space = ir_type_space(dest->type);
        if (space != MS_VEC && space != MS_MAT && space >= 0) {
            err(E, c->e.span, "'%s' can load only into Vec or Mat, not %s", opname(op, buf, sizeof buf),
                memspace_name((MemorySpace)space));
            return;
        }
        if (!(tile = def_tile(E, dest, c->e.span, 0, NULL)))
            return;
    }
    if (n == 2)
        snprintf(pt, sizeof pt, "!pto.partition_tensor_view<%" PRId64 "x%" PRId64 "x%s>", size[0], size[1], V->elem);
    else
        snprintf(pt, sizeof pt, "!pto.partition_tensor_view<%" PRId64 "x%s>", size[0], V->elem);
    pview = mlir_name_claim(&E->names, V->base, "_pview");
    o = line(E);
    sb_printf(o, "%s = pto.partition_view %s, offsets = [", pview, V->name);
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", offv[i]->name);
    sb_puts(o, "], sizes = [");
    for (uint32_t i = 0; i < n; i++)
        sb_printf(o, "%s%s", i ? ", " : "", sizev[i]->name);
    sb_printf(o, "] : %s -> %s\n", V->type, pt);
    if (is_load)
        sb_printf(line(E), "pto.tload ins(%s : %s) outs(%s : %s)\n", pview, pt, tile->name, tile->type);
    else
        sb_printf(line(E), "pto.tstore ins(%s : %s) outs(%s : %s)\n", tile->name, tile->type, pview, pt);
    if (!is_load && dest)
        ptrmap_put(&E->views, dest, (void *)V);
}

static const char *const cmp_modes[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const round_modes[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};

/* A block op (ops.md 5) whose result, if any, is dest. */
static void emit_block_op(Emitter *E, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    char buf[64], attr[64], msg[320], reduce_op[16];
    Lowering lwbuf;
    const Lowering *lw = lower_of(op, &lwbuf);
    int need_tmp, tmp_like_src = 0;
    Ins in;
    const Value *d = NULL, *v;
    const char *pto;
    Span sp = c->e.span;
    int elem_dt;
    memset(&in, 0, sizeof in);
    pto = lw->pto;
    need_tmp = lw->tmp;
    if (lw->why_pto) {
        err(E, sp, "'%s' has no PTO lowering: %s", opname(op, buf, sizeof buf), lw->why_pto);
        return;
    }
    switch ((IsaForm)lw->how) {
    case FORM_ALLOC:
        return;
    case FORM_LOAD:
    case FORM_STORE:
    case FORM_L0C_STORE:
        emit_transfer(E, dest, c, (IsaForm)lw->how);
        return;
    default:
        break;
    }
    /* Every other op only defines its result: unused, it does nothing. */
    if (!dest)
        return;
    if (lw->how == FORM_BLOCK_IDX) {
        const char *name = result_name(E, dest);
        sb_printf(line(E), "%s = pto.get_block_idx\n", name);
        bind(E, dest, scalar_value(E, name, SC_I64, 1));
        return;
    }
    if (dest->type->kind != TYPE_TILE) {
        err(E, sp, "'%s' with a %s result has no PTO lowering", opname(op, buf, sizeof buf),
            dest->type->kind == TYPE_SCALAR ? "scalar" : "non-tile");
        return;
    }
    elem_dt = scalar_elem_dtype(E, c, dest);
    switch ((IsaForm)lw->how) {
    case FORM_CREATE:
        def_tile(E, dest, sp, 0, NULL);
        return;
    case FORM_ELEM:
        if (!check_equal_shapes(E, c, dest, lw->eq_first, lw->eq_n))
            return;
        for (uint32_t i = 0; i < c->nargs; i++)
            if (!add_arg(E, &in, c, i, elem_dt))
                return;
        break;
    case FORM_SCALAR:
        if (!check_equal_shapes(E, c, dest, lw->eq_first, lw->eq_n))
            return;
        for (uint32_t i = 0; i < c->nargs; i++)
            if (!add_arg(E, &in, c, i, elem_dt))
                return;
        break;
    case FORM_UNARY:
    case FORM_FILLPAD:
    case FORM_ROW_EXPAND:
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        if (lw->how == FORM_UNARY && strcmp(pto, "tnot") == 0 && arg_type(E, c, 0)->dtype != DT_INT16 &&
            arg_type(E, c, 0)->dtype != DT_UINT16) {
            err(E, sp, "'%s' needs an INT16 or UINT16 tile", opname(op, buf, sizeof buf));
            return;
        }
        break;
    case FORM_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (mode < 0 || mode > 6) {
            err(E, sp, "cast mode %" PRId64 " has no PTO round mode", mode);
            return;
        }
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        snprintf(attr, sizeof attr, "{rmode = #pto<round_mode %s>}", round_modes[mode]);
        in.attr = attr;
        break;
    }
    case FORM_CMP: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (mode < 0 || mode > 5) {
            err(E, sp, "cmp_type %" PRId64 " is not a comparison (0-5)", mode);
            return;
        }
        if (dest->type->dtype != DT_INT8 && dest->type->dtype != DT_UINT8) {
            err(E, sp, "'%s' needs an INT8 or UINT8 result tile for PTO (%s writes an i8 mask), got %s",
                opname(op, buf, sizeof buf), pto, dtype_name((DataType)dest->type->dtype));
            return;
        }
        if (!check_equal_shapes(E, c, dest, 0, 2))
            return;
        if (!add_arg(E, &in, c, 0, elem_dt) || !add_arg(E, &in, c, 1, elem_dt))
            return;
        snprintf(attr, sizeof attr, "{cmpMode = #pto<cmp %s>}", cmp_modes[mode]);
        in.attr = attr;
        break;
    }
    case FORM_FULL:
        if (!add_arg(E, &in, c, 1, dest->type->dtype))
            return;
        break;
    case FORM_EXPANDS:
        if (!add_arg(E, &in, c, 1, dest->type->dtype))
            return;
        break;
    case FORM_COL_EXPAND:
        if (!add_arg(E, &in, c, 1, elem_dt))
            return;
        break;
    case FORM_ROW_REDUCE:
        if (!add_arg(E, &in, c, 0, elem_dt) || !add_arg(E, &in, c, 1, elem_dt))
            return;
        break;
    case FORM_REDUCE: {
        const IrType *t = arg_type(E, c, 0);
        int64_t axis = ir_call_kwarg_int(c, "axis", 0);
        if (t->n != 2 || !ir_call_kwarg_int(c, "keepdim", 0)) {
            err(E, sp, "'%s' is lowered only for 2-D tiles with keepdim=True", opname(op, buf, sizeof buf));
            return;
        }
        if (axis < 0)
            axis += 2;
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        /* Along the rows (axis 1): a row reduction, which needs a tmp. */
        snprintf(reduce_op, sizeof reduce_op, "t%s%s", axis == 1 ? "row" : "col", pto);
        pto = reduce_op;
        need_tmp = axis == 1;
        tmp_like_src = axis == 1;
        break;
    }
    case FORM_TRANSPOSE:
        if (!add_arg(E, &in, c, 0, elem_dt))
            return;
        need_tmp = 1;
        break;
    case FORM_MOVE:
    case FORM_VEC_MOVE: {
        int to = ir_type_space(dest->type);
        if (lw->how == FORM_MOVE && ir_call_kwarg_int(c, "transpose", 0)) {
            err(E, sp, "move with transpose is not supported");
            return;
        }
        if (!(v = tile_arg(E, c, 0)))
            return;
        ins_add(&in, v);
        if (lw->how == FORM_VEC_MOVE && (v->space != MS_VEC || to != MS_VEC)) {
            err(E, sp, "'%s' copies within Vec, but this moves %s to %s", opname(op, buf, sizeof buf),
                memspace_name((MemorySpace)v->space), to < 0 ? "?" : memspace_name((MemorySpace)to));
            return;
        }
        if (lw->how == FORM_MOVE && lower_move(E->o->arch, v->space, to, msg, sizeof msg) != 0) {
            err(E, sp, "%s", msg);
            return;
        }
        break;
    }
    case FORM_RESHAPE: {
        /* No op in address mode: the result is a second alloc at the input's
         * address (pto-mlir.md 5.2); otherwise the SSA pto.treshape. */
        const Value *src = tile_arg(E, c, 0);
        const char *type;
        const Value *pre = ptrmap_get(&E->preset, dest);
        if (!src || !(type = tile_type(E, dest->type, 0, dest->name, sp)))
            return;
        if (E->o->addr) {
            Value *r;
            int64_t a = tile_addr(E, dest->type, dest->name, sp);
            if (a < 0)
                return;
            if (a != src->addr) {
                err(E, sp, "the reshape '%s' is at address %" PRId64 ", not at its input's address %" PRId64,
                    dest->name, a, src->addr);
                return;
            }
            if (pre) {
                if (pre->type != type || pre->addr != a) {
                    err(E, sp, "the reshape '%s' is yielded into a carried buffer of another type or address",
                        dest->name);
                    return;
                }
                bind(E, dest, pre);
                return;
            }
            r = new_value(E, result_name(E, dest), type, SC_NONE, 0);
            r->space = src->space;
            r->addr = a;
            print_alloc(E, r->name, type, a);
            bind(E, dest, r);
            return;
        }
        /* PTOAS plans the memory: the SSA form of pto.treshape names
         * the same bytes with the new type.  A reshape yielded into a
         * carried buffer is copied into it (a carried buffer is written
         * in place, and a reshape writes nothing). */
        {
            Value *r = new_value(E, pre ? mlir_name_fresh(&E->names) : result_name(E, dest), type, SC_NONE, 0);
            r->space = src->space;
            sb_printf(line(E), "%s = pto.treshape %s : %s -> %s\n", r->name, src->name, src->type, type);
            if (pre) {
                Ins mv;
                memset(&mv, 0, sizeof mv);
                ins_add(&mv, r);
                print_op(E, "tmov", &mv, pre);
                bind(E, dest, pre);
            } else {
                bind(E, dest, r);
            }
        }
        return;
    }
    case FORM_MATMUL:
    case FORM_MATMUL_ACC: {
        int acc = lw->how == FORM_MATMUL_ACC;
        const Value *l = tile_arg(E, c, acc), *r = tile_arg(E, c, acc + 1), *a = acc ? tile_arg(E, c, 0) : NULL;
        if (!l || !r || (acc && !a))
            return;
        if (lower_matmul(l->space, r->space, ir_type_space(dest->type), arg_type(E, c, acc), arg_type(E, c, acc + 1),
                         opname(op, buf, sizeof buf), msg, sizeof msg) != 0) {
            err(E, sp, "%s", msg);
            return;
        }
        if (acc) {
            /* The result is the accumulator (passes.md 5.5): in address mode
             * a buffer at the acc's address, written as both input and
             * output; otherwise the acc's buffer itself. */
            if (!(d = def_tile(E, dest, sp, 0, E->o->addr ? NULL : a)))
                return;
            if (!same_buffer(E, a, d)) {
                err(E, sp, "the result of '%s' must share the buffer of its acc argument", opname(op, buf, sizeof buf));
                return;
            }
            ins_add(&in, d);
        }
        ins_add(&in, l);
        ins_add(&in, r);
        break;
    }
    default:
        ICE("unhandled PTO lowering kind %d", lw->how);
    }
    if (!d && !(d = def_tile(E, dest, sp, lw->how == FORM_FILLPAD, NULL)))
        return;
    if (lw->how == FORM_UNARY && strcmp(pto, "trecip") == 0 && E->o->arch == ARCH_A2A3 && same_buffer(E, in.val[0], d)) {
        err(E, sp, "on a2a3 the result of '%s' must not share the buffer of its input", opname(op, buf, sizeof buf));
        return;
    }
    if ((strcmp(pto, "taddc") == 0 || strcmp(pto, "tsubc") == 0) && same_buffer(E, in.val[2], d)) {
        /* PTOAS lowers these to two adds: the first would overwrite c. */
        err(E, sp, "the result of '%s' must not share the buffer of its third operand", opname(op, buf, sizeof buf));
        return;
    }
    if (need_tmp) {
        const Value *t = tmp_like_src ? scratch_tile(E, dest, in.val[0], arg_type(E, c, 0), op, sp)
                                      : scratch_tile(E, dest, d, dest->type, op, sp);
        if (!t)
            return;
        ins_add(&in, t);
    }
    print_op(E, pto, &in, d);
}

/* system.* (pto-mlir.md 9). */
static void emit_system(Emitter *E, const IrCall *c, const OpDef *op)
{
    SystemLowering s;
    char msg[128];
    if (lower_system(c, op, &s, msg, sizeof msg) != 0) {
        err(E, c->e.span, "%s", msg);
        return;
    }
    if (s.flag)
        sb_printf(line(E), "pto.%s[<PIPE_%s>, <PIPE_%s>, <EVENT_ID%" PRId64 ">]\n", s.flag == 1 ? "set_flag" : "wait_flag",
                  pipe_name((PipeKind)s.set_pipe), pipe_name((PipeKind)s.wait_pipe), s.event);
    else
        sb_printf(line(E), "pto.barrier <PIPE_%s>\n", s.barrier);
}

static void emit_call(Emitter *E, const IrVar *dest, const IrCall *c)
{
    const OpDef *op = callee_op(c->callee);
    char buf[64];
    if (!op) {
        err(E, c->e.span, "the call of '%s' cannot be emitted inside a kernel", c->callee->name);
        return;
    }
    if (op->category == OPC_TENSOR) {
        err(E, c->e.span, "the tensor operation '%s' cannot be emitted inside a kernel", opname(op, buf, sizeof buf));
        return;
    }
    if (op->category == OPC_SYSTEM) {
        emit_system(E, c, op);
        return;
    }
    emit_block_op(E, dest, c, op);
}

/* ----------------------------------------------------------- statements */

static void emit_stmt(Emitter *E, const IrStmt *s);

/* A Tile value yielded to a carried buffer is defined directly into it. */
static void preset_yield(Emitter *E, const IrStmt *body, const Region *R)
{
    const IrValues *y = ir_body_yield(body);
    if (!y)
        return;
    for (uint32_t k = 0; k < y->n && k < R->n; k++) {
        const IrExpr *x = y->values[k];
        if (R->carried[k] && R->carried[k] != &E->poison && x->kind == EXPR_VAR && !ptrmap_get(&E->values, x) &&
            !ptrmap_get(&E->preset, x))
            ptrmap_put(&E->preset, x, (void *)R->carried[k]);
    }
}

static Region *new_region(Emitter *E, IrStmtKind kind, uint32_t n, const IrVar *const *ret)
{
    Region *R = arena_zalloc(&E->arena, sizeof *R);
    R->kind = kind;
    R->n = n;
    R->ret = ret;
    R->carried = arena_zalloc(&E->arena, (n ? n : 1) * sizeof *R->carried);
    R->views = arena_zalloc(&E->arena, (n ? n : 1) * sizeof *R->views);
    return R;
}

static void emit_body(Emitter *E, Region *R, const IrStmt *body)
{
    R->up = E->region;
    E->region = R;
    E->indent += 2;
    E->depth++;
    emit_stmt(E, body);
    E->depth--;
    E->indent -= 2;
    E->region = R->up;
}

static int is_scalar_var(const IrVar *v) { return v->type->kind == TYPE_SCALAR; }

static void emit_yield(Emitter *E, const IrValues *y, Span sp)
{
    Region *R = E->region;
    const Value *vals[64];
    uint32_t nv = 0;
    StrBuf *o;
    if (!R) {
        err(E, sp, "a yield outside a loop or if");
        return;
    }
    if (y->n != R->n) {
        err(E, sp, "this yield has %u values for %u results", y->n, R->n);
        return;
    }
    R->yielded = 1;
    for (uint32_t k = 0; k < y->n; k++) {
        const IrVar *r = R->ret[k];
        const IrExpr *x = y->values[k];
        if (is_scalar_var(r)) {
            const Value *v = scalar(E, x, r->type->dtype, 0, NULL);
            if (nv < sizeof vals / sizeof vals[0])
                vals[nv++] = v;
        } else if (r->type->kind == TYPE_TILE) {
            const Value *v = x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG ? lookup(E, x) : NULL;
            if (v == &E->poison)
                continue;
            if (!v || v->sc != SC_NONE) {
                err(E, span_of(E, x), "a tile variable is expected here");
                continue;
            }
            if (R->carried[k] && R->carried[k] != &E->poison && !same_buffer(E, v, R->carried[k]))
                err(E, span_of(E, x), "the yielded tile '%s' is not in the carried buffer %s%s", IR_AS(IrVar, x)->name,
                    R->carried[k]->name,
                    E->o->addr ? "" : " (without addresses a loop-carried tile must be defined in its body)");
        } else if (r->type->kind == TYPE_TENSOR) {
            const View *v = view_of(E, x);
            if (!v)
                continue;
            if (!R->views[k])
                R->views[k] = v;
            else if (R->views[k] != v)
                err(E, span_of(E, x), "the yielded tensor is not the carried tensor %s", R->views[k]->name);
        } else {
            err(E, span_of(E, x), "a value of this type cannot be yielded in a kernel");
        }
    }
    if (nv == 0) {
        if (R->kind == STMT_WHILE)
            sb_puts(line(E), "scf.yield\n");
        return;
    }
    o = line(E);
    sb_puts(o, "scf.yield ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", vals[k]->name);
    sb_puts(o, " : ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", vals[k]->type);
    sb_putc(o, '\n');
}

/* Binds loop-carried Tiles and Tensors to their init values; returns the
 * number of scalar positions and fills the scalar inits. */
static uint32_t carry_inits(Emitter *E, Region *R, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret,
                            const Value **init)
{
    uint32_t ns = 0;
    for (uint32_t k = 0; k < n; k++) {
        const IrVar *a = &it[k]->v;
        const IrExpr *x = it[k]->init;
        init[k] = NULL;
        if (is_scalar_var(a)) {
            init[k] = scalar(E, x, a->type->dtype, 0, NULL);
            ns++;
        } else if (a->type->kind == TYPE_TILE) {
            const Value *v = x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG ? lookup(E, x) : NULL;
            if (!v || v->sc != SC_NONE) {
                err(E, span_of(E, x), "a tile variable is expected as the initial value of '%s'", a->name);
                continue;
            }
            R->carried[k] = v;
            bind(E, a, v);
            bind(E, ret[k], v);
        } else if (a->type->kind == TYPE_TENSOR) {
            const View *v = view_of(E, x);
            if (!v)
                continue;
            R->views[k] = v;
            ptrmap_put(&E->views, a, (void *)v);
            ptrmap_put(&E->views, ret[k], (void *)v);
        } else {
            err(E, a->e.span, "the loop-carried value '%s' cannot be emitted", a->name);
        }
    }
    return ns;
}

/* "(index, f32)" or, for one, "index" unless parens is set. */
static void type_list(StrBuf *o, const IrVar *const *v, uint32_t n, int parens)
{
    uint32_t ns = 0, k = 0;
    for (uint32_t i = 0; i < n; i++)
        ns += is_scalar_var(v[i]);
    if (parens || ns != 1)
        sb_putc(o, '(');
    for (uint32_t i = 0; i < n; i++)
        if (is_scalar_var(v[i]))
            sb_printf(o, "%s%s", k++ ? ", " : "", sc_text[sc_of(v[i]->type->dtype, 0)]);
    if (parens || ns != 1)
        sb_putc(o, ')');
}

/* Names the scalar results and writes "%a, %b = ". */
static void result_list(Emitter *E, StrBuf *o, const IrVar *const *ret, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!is_scalar_var(ret[i]))
            continue;
        const Value *v = scalar_value(E, result_name(E, ret[i]), sc_of(ret[i]->type->dtype, 0),
                                      dtype_is_unsigned_int((DataType)ret[i]->type->dtype));
        bind(E, ret[i], v);
        sb_printf(o, "%s%s", k++ ? ", " : "", v->name);
    }
    if (k)
        sb_puts(o, " = ");
}

static void check_scalar_type(Emitter *E, const IrVar *v)
{
    if (is_scalar_var(v) && sc_of(v->type->dtype, 0) == SC_NONE)
        err(E, v->e.span, "'%s' has data type %s, which has no MLIR scalar type", v->name,
            dtype_name((DataType)v->type->dtype));
}

static void emit_for(Emitter *E, const IrFor *f)
{
    Region *R = new_region(E, STMT_FOR, f->niter, f->ret);
    const Value *lb = index_value(E, f->start), *ub = index_value(E, f->stop), *st = index_value(E, f->step);
    const Value **init = arena_zalloc(&E->arena, (f->niter ? f->niter : 1) * sizeof *init);
    uint32_t ns;
    StrBuf *o;
    const char *iv;
    for (uint32_t k = 0; k < f->niter; k++)
        check_scalar_type(E, f->ret[k]);
    ns = carry_inits(E, R, f->niter, f->iter_args, f->ret, init);
    preset_yield(E, f->body, R);
    o = line(E);
    result_list(E, o, f->ret, f->niter);
    iv = result_name(E, f->loop_var);
    bind(E, f->loop_var, scalar_value(E, iv, SC_INDEX, 0));
    if (sc_of(f->loop_var->type->dtype, 0) != SC_INDEX)
        err(E, f->loop_var->e.span, "the loop variable '%s' must be INT64", f->loop_var->name);
    sb_printf(o, "scf.for %s = %s to %s step %s ", iv, lb->name, ub->name, st->name);
    if (ns) {
        uint32_t k = 0;
        sb_puts(o, "iter_args(");
        for (uint32_t i = 0; i < f->niter; i++) {
            const IrVar *a = &f->iter_args[i]->v;
            if (!is_scalar_var(a))
                continue;
            const Value *v = scalar_value(E, result_name(E, a), sc_of(a->type->dtype, 0),
                                          dtype_is_unsigned_int((DataType)a->type->dtype));
            bind(E, a, v);
            sb_printf(o, "%s%s = %s", k++ ? ", " : "", v->name, init[i] ? init[i]->name : "%undef");
        }
        sb_puts(o, ") -> ");
        type_list(o, f->ret, f->niter, 1);
        sb_putc(o, ' ');
    }
    sb_puts(o, "{\n");
    emit_body(E, R, f->body);
    if (ns && !R->yielded)
        err(E, f->s.span, "this loop has no yield for its loop-carried values");
    sb_puts(line(E), "}\n");
}

static void emit_while(Emitter *E, const IrWhile *w)
{
    Region *R = new_region(E, STMT_WHILE, w->niter, w->ret);
    const Value **init = arena_zalloc(&E->arena, (w->niter ? w->niter : 1) * sizeof *init);
    const Value *cond;
    uint32_t ns, k = 0;
    StrBuf *o;
    for (uint32_t i = 0; i < w->niter; i++)
        check_scalar_type(E, w->ret[i]);
    ns = carry_inits(E, R, w->niter, w->iter_args, w->ret, init);
    preset_yield(E, w->body, R);
    o = line(E);
    result_list(E, o, w->ret, w->niter);
    sb_puts(o, "scf.while ");
    if (ns) {
        sb_putc(o, '(');
        for (uint32_t i = 0; i < w->niter; i++) {
            const IrVar *a = &w->iter_args[i]->v;
            if (!is_scalar_var(a))
                continue;
            const Value *v = scalar_value(E, result_name(E, a), sc_of(a->type->dtype, 0),
                                          dtype_is_unsigned_int((DataType)a->type->dtype));
            bind(E, a, v);
            sb_printf(o, "%s%s = %s", k++ ? ", " : "", v->name, init[i] ? init[i]->name : "%undef");
        }
        sb_puts(o, ") ");
    }
    sb_puts(o, ": ");
    type_list(o, w->ret, w->niter, 1);
    sb_puts(o, " -> ");
    type_list(o, w->ret, w->niter, 0);
    sb_puts(o, " {\n");
    /* The "before" region: the condition, on the iter_args. */
    E->indent += 2;
    E->depth++;
    cond = scalar(E, w->cond, DT_BOOL, 0, NULL);
    o = line(E);
    sb_printf(o, "scf.condition(%s)", cond->name);
    if (ns) {
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (is_scalar_var(&w->iter_args[i]->v))
                sb_printf(o, "%s%s", k++ ? ", " : " ", ((const Value *)ptrmap_get(&E->values, w->iter_args[i]))->name);
        sb_puts(o, " : ");
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (is_scalar_var(&w->iter_args[i]->v))
                sb_printf(o, "%s%s", k++ ? ", " : "", sc_text[sc_of(w->iter_args[i]->v.type->dtype, 0)]);
    }
    sb_putc(o, '\n');
    E->depth--;
    E->indent -= 2;
    sb_puts(line(E), "} do {\n");
    /* The "after" region gets the same values as fresh block arguments. */
    if (ns) {
        o = line(E);
        sb_puts(o, "^bb0(");
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++) {
            const IrVar *a = &w->iter_args[i]->v;
            if (!is_scalar_var(a))
                continue;
            const Value *v = scalar_value(E, mlir_name_claim(&E->names, a->name, "_b"), sc_of(a->type->dtype, 0),
                                          dtype_is_unsigned_int((DataType)a->type->dtype));
            bind(E, a, v);
            sb_printf(o, "%s%s: %s", k++ ? ", " : "", v->name, v->type);
        }
        sb_puts(o, "):\n");
    }
    emit_body(E, R, w->body);
    if (!R->yielded) {
        if (ns)
            err(E, w->s.span, "this loop has no yield for its loop-carried values");
        else {
            E->indent += 2;
            sb_puts(line(E), "scf.yield\n");
            E->indent -= 2;
        }
    }
    sb_puts(line(E), "}\n");
}

static void emit_if(Emitter *E, const IrIf *f)
{
    Region *R = new_region(E, STMT_IF, f->nret, f->ret);
    const Value *cond = scalar(E, f->cond, DT_BOOL, 0, NULL);
    uint32_t ns = 0;
    StrBuf *o;
    for (uint32_t k = 0; k < f->nret; k++) {
        const IrVar *r = f->ret[k];
        check_scalar_type(E, r);
        if (is_scalar_var(r))
            ns++;
        else if (r->type->kind == TYPE_TILE)
            R->carried[k] = def_tile(E, r, r->e.span, 0, NULL);   /* its alloc precedes the scf.if */
        else if (r->type->kind != TYPE_TENSOR)
            err(E, r->e.span, "the if result '%s' cannot be emitted", r->name);
    }
    preset_yield(E, f->then_body, R);
    if (f->else_body)
        preset_yield(E, f->else_body, R);
    o = line(E);
    result_list(E, o, f->ret, f->nret);
    sb_printf(o, "scf.if %s ", cond->name);
    if (ns) {
        sb_puts(o, "-> ");
        type_list(o, f->ret, f->nret, 1);
        sb_putc(o, ' ');
    }
    sb_puts(o, "{\n");
    emit_body(E, R, f->then_body);
    if (f->nret && !R->yielded)
        err(E, f->s.span, "the then-branch has no yield for the results of this if");
    if (f->else_body) {
        /* An else branch that emits nothing is left out. */
        StrBuf *outer = E->out, text;
        sb_init(&text);
        if (E->pass == 2)
            E->out = &text;
        R->yielded = 0;
        emit_body(E, R, f->else_body);
        E->out = outer;
        if (f->nret && !R->yielded)
            err(E, f->s.span, "the else-branch has no yield for the results of this if");
        if (text.len) {
            sb_puts(line(E), "} else {\n");
            sb_put(E->out, text.data, text.len);
        }
        sb_free(&text);
    } else if (ns) {
        err(E, f->s.span, "an if with results needs an else-branch");
    }
    sb_puts(line(E), "}\n");
    for (uint32_t k = 0; k < f->nret; k++)
        if (f->ret[k]->type->kind == TYPE_TENSOR && R->views[k])
            ptrmap_put(&E->views, f->ret[k], (void *)R->views[k]);
}

static void emit_assign(Emitter *E, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL: {
        unsigned errors = E->errors;
        emit_call(E, v, IR_AS(IrCall, x));
        /* A failed op leaves its result undefined: uses stay quiet. */
        if (E->errors != errors && !ptrmap_get(&E->values, v) && !ptrmap_get(&E->views, v)) {
            if (v->type->kind == TYPE_TENSOR)
                ptrmap_put(&E->views, v, &E->poison_view);
            else
                bind(E, v, &E->poison);
        }
        return;
    }
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        /* A copy names the same value, buffer or view. */
        if (v->type->kind == TYPE_TENSOR) {
            const View *w = view_of(E, x);
            if (w)
                ptrmap_put(&E->views, v, (void *)w);
        } else if (v->type->kind == TYPE_TILE) {
            const Value *w = lookup(E, x), *pre = ptrmap_get(&E->preset, v);
            if (pre && !same_buffer(E, w, pre))
                err(E, a->s.span, "the tile '%s' is yielded into %s but is a copy of %s", v->name, pre->name, w->name);
            bind(E, v, w);
        } else if (is_scalar_var(v)) {
            check_scalar_type(E, v);
            bind(E, v, scalar(E, x, v->type->dtype, 0, v));
        }
        return;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (!is_scalar_var(v)) {
            err(E, a->s.span, "'%s' cannot be emitted", v->name);
            return;
        }
        check_scalar_type(E, v);
        bind(E, v, scalar(E, x, v->type->dtype, 0, v));
        return;
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *m = IR_AS(IrMakeTuple, x);
        Tuple *t = arena_zalloc(&E->arena, sizeof *t);
        t->n = m->n;
        t->vals = arena_zalloc(&E->arena, (m->n ? m->n : 1) * sizeof *t->vals);
        t->views = arena_zalloc(&E->arena, (m->n ? m->n : 1) * sizeof *t->views);
        for (uint32_t i = 0; i < m->n; i++) {
            const IrExpr *el = m->elems[i];
            const IrType *et = ir_expr_type(E->ir, el);
            if (et->kind == TYPE_SCALAR)
                t->vals[i] = scalar(E, el, et->dtype, 0, NULL);
            else if (et->kind == TYPE_TILE && ir_is_var_like(el))
                t->vals[i] = lookup(E, el);
            else if (et->kind == TYPE_TENSOR)
                t->views[i] = view_of(E, el);
            else
                err(E, a->s.span, "this tuple element cannot be emitted inside a kernel");
        }
        ptrmap_put(&E->tuples, v, t);
        return;
    }
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const Tuple *t = ir_is_var_like(g->tuple) ? ptrmap_get(&E->tuples, g->tuple) : NULL;
        if (!t || g->index >= t->n) {
            err(E, a->s.span, "only tuples built in the kernel can be unpacked");
            return;
        }
        if (t->views[g->index])
            ptrmap_put(&E->views, v, (void *)t->views[g->index]);
        else if (t->vals[g->index] && is_scalar_var(v))
            bind(E, v, convert(E, t->vals[g->index], v->type->dtype, 0, NULL, a->s.span));
        else if (t->vals[g->index])
            bind(E, v, t->vals[g->index]);
        return;
    }
    default:
        err(E, a->s.span, "this value cannot be emitted inside a kernel");
        return;
    }
}

static void emit_stmt(Emitter *E, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        E->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        /* After an error, a definition that gave its variable no value
         * (it failed, or an operand had) leaves it poisoned, so that its
         * uses say nothing more: one error per mistake. */
        const IrAssign *a = IR_AS(IrAssign, s);
        emit_assign(E, a);
        if (E->diag->errors != 0 && !ptrmap_get(&E->values, a->var) && !ptrmap_get(&E->views, a->var))
            ptrmap_put(&E->values, a->var, (void *)&E->poison);
        break;
    }
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            emit_call(E, NULL, IR_AS(IrCall, x));
        break;
    }
    case STMT_YIELD:
        emit_yield(E, IR_AS(IrValues, s), s->span);
        break;
    case STMT_RETURN:
        /* The kernel has no results; only a return at the end is allowed. */
        if (E->depth)
            err(E, s->span, "a return inside control flow cannot be emitted in a kernel");
        break;
    case STMT_IF:
        emit_if(E, IR_AS(IrIf, s));
        break;
    case STMT_FOR:
        emit_for(E, IR_AS(IrFor, s));
        break;
    case STMT_WHILE:
        emit_while(E, IR_AS(IrWhile, s));
        break;
    case STMT_SCOPE:
        emit_stmt(E, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            emit_stmt(E, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

/* ------------------------------------------------------------ functions */

/* The signature (pto-mlir.md 3): Tensor parameters, Scalar parameters, then
 * one index per symbolic dimension of the tensors.  Binds every parameter;
 * in pass 2 writes "%arg0: !pto.ptr<f32>, ..." to sig. */
static void bind_params(Emitter *E, StrBuf *sig)
{
    const IrFunc *f = E->f;
    uint32_t argno = 0;
    char name[32];
    for (int round = 0; round < 3; round++) {
        for (uint32_t i = 0; i < f->nparams; i++) {
            const IrVar *p = f->params[i].var;
            const IrType *t = p->type;
            if (round == 0 && t->kind == TYPE_TENSOR) {
                const char *elem = mlir_elem_type((DataType)t->dtype);
                if (!elem)
                    err(E, p->e.span, "tensor '%s' has data type %s, which has no PTO lowering", p->name,
                        dtype_name((DataType)t->dtype));
                snprintf(name, sizeof name, "%%arg%" PRIu32, argno++);
                bind(E, p, new_value(E, mlir_name_claim_exact(&E->names, name), NULL, SC_NONE, 0));
                if (sig)
                    sb_printf(sig, "%s%s: !pto.ptr<%s>", argno > 1 ? ", " : "", name, elem ? elem : "?");
            } else if (round == 1 && t->kind == TYPE_SCALAR) {
                Sc sc = sc_of(t->dtype, 0);
                if (sc == SC_NONE)
                    err(E, p->e.span, "parameter '%s' has data type %s, which has no MLIR scalar type", p->name,
                        dtype_name((DataType)t->dtype));
                snprintf(name, sizeof name, "%%arg%" PRIu32, argno++);
                bind(E, p, scalar_value(E, mlir_name_claim_exact(&E->names, name), sc,
                                        dtype_is_unsigned_int((DataType)t->dtype)));
                if (sig)
                    sb_printf(sig, "%s%s: %s", argno > 1 ? ", " : "", name, sc_text[sc]);
            } else if (round == 2 && t->kind == TYPE_TENSOR) {
                for (uint32_t d = 0; d < t->n; d++) {
                    const IrExpr *x = t->dims[d];
                    int64_t cv;
                    if (ir_dim_value(x, &cv) || ptrmap_get(&E->values, x))
                        continue;   /* constant, or already bound (a parameter, an earlier dimension) */
                    if (x->kind != EXPR_VAR) {
                        err(E, p->e.span, "tensor '%s' has a dimension expression PTO cannot express", p->name);
                        continue;
                    }
                    snprintf(name, sizeof name, "%%arg%" PRIu32, argno++);
                    bind(E, IR_AS(IrVar, x), scalar_value(E, mlir_name_claim_exact(&E->names, name), SC_INDEX, 0));
                    if (sig)
                        sb_printf(sig, "%s%s: index", argno > 1 ? ", " : "", name);
                }
            } else if (round == 0 && t->kind != TYPE_TENSOR && t->kind != TYPE_SCALAR) {
                err(E, p->e.span, "parameter '%s' is neither a Tensor nor a Scalar; kernels cannot take it", p->name);
            }
        }
    }
}

/* The dimension operand of a tensor view: an index constant or the
 * parameter that holds a symbolic dimension. */
static const char *dim_operand(Emitter *E, const IrExpr *x)
{
    int64_t v;
    const Value *val;
    if (ir_dim_value(x, &v))
        return const_index(E, v)->name;
    val = ptrmap_get(&E->values, x);
    if (!val)
        return "%undef";   /* reported by bind_params */
    if (val->sc != SC_INDEX)
        err(E, span_of(E, x), "the symbolic dimension '%s' must be INT64", IR_AS(IrVar, x)->name);
    return val->name;
}

/* One pto.make_tensor_view per Tensor parameter (pto-mlir.md 4.3). */
static void make_views(Emitter *E)
{
    const IrFunc *f = E->f;
    unsigned g = E->const_group;
    E->const_group = GROUP_VIEW;
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *p = f->params[i].var;
        const IrType *t = p->type;
        const char *shape[2], *stride[2], *layout = "nd";
        char buf[320];
        View *V;
        int dn;
        StrBuf *o;
        if (t->kind != TYPE_TENSOR)
            continue;
        if (lower_tensor_view(t, p->name, &dn, buf, sizeof buf) != 0) {
            err(E, p->e.span, "%s", buf);
            ptrmap_put(&E->views, p, &E->poison_view);
            continue;
        }
        V = arena_zalloc(&E->arena, sizeof *V);
        V->rank = t->n;
        V->elem = mlir_elem_type((DataType)t->dtype) ? mlir_elem_type((DataType)t->dtype) : "?";
        V->base = p->name;
        snprintf(buf, sizeof buf, "!pto.tensor_view<%s%s>", t->n == 2 ? "?x?x" : "?x", V->elem);
        V->type = mlir_str(&E->names, buf);
        /* Constants in order: the shape, then the strides. */
        for (uint32_t d = 0; d < t->n; d++)
            shape[d] = dim_operand(E, t->dims[d]);
        if (t->n == 1) {
            stride[0] = const_index(E, 1)->name;
        } else if (dn) {
            /* A column vector [M, 1]: column-major (dn). */
            stride[0] = const_index(E, 1)->name;
            stride[1] = shape[0];
            layout = "dn";
        } else {
            stride[0] = shape[1];
            stride[1] = const_index(E, 1)->name;
        }
        if (E->pass != 2) {
            V->name = "%view";
        } else {
            V->name = mlir_name_claim(&E->names, p->name, "_view");
            o = line(E);
            sb_printf(o, "%s = pto.make_tensor_view %s, shape = [", V->name,
                      ((const Value *)ptrmap_get(&E->values, p))->name);
            for (uint32_t d = 0; d < t->n; d++)
                sb_printf(o, "%s%s", d ? ", " : "", shape[d]);
            sb_puts(o, "], strides = [");
            for (uint32_t d = 0; d < t->n; d++)
                sb_printf(o, "%s%s", d ? ", " : "", stride[d]);
            sb_printf(o, "] {layout = #pto.layout<%s>}: %s\n", layout, V->type);
        }
        ptrmap_put(&E->views, p, V);
    }
    E->const_group = g;
}

static void begin_pass(Emitter *E, int pass, StrBuf *out)
{
    E->pass = pass;
    E->out = pass == 1 ? &E->discard : out;
    E->indent = 2;
    E->depth = 0;
    E->region = NULL;
    E->const_group = GROUP_BODY;
    mlir_names_reset(&E->names);
    ptrmap_clear(&E->values);
    ptrmap_clear(&E->views);
    ptrmap_clear(&E->preset);
    ptrmap_clear(&E->tuples);
}

static const char *const kind_text[] = {"", "vector", "cube", ""};

/* One func.func (pto-mlir.md 3). */
static int emit_function(Emitter *E, const IrFunc *f, KernelKind kind, StrBuf *out)
{
    StrBuf sig;
    ArenaMark mark = arena_mark(&E->arena);
    unsigned errors = E->errors;
    E->f = f;
    E->scratch = ir_func_scratch(f);
    mlir_consts_reset(&E->consts);
    /* Pass 1: every check, and the constants. */
    begin_pass(E, 1, out);
    bind_params(E, NULL);
    make_views(E);
    emit_stmt(E, f->body);
    arena_reset(&E->arena, mark);
    if (E->errors != errors)
        return 1;
    /* Pass 2: the text. */
    begin_pass(E, 2, out);
    sb_init(&sig);
    bind_params(E, &sig);
    mlir_consts_finish(&E->consts, &E->names);
    sb_printf(out, "  func.func @%s(", f->name);
    sb_put(out, sig.data, sig.len);
    sb_printf(out, ") attributes {pto.kernel_kind = #pto.kernel_kind<%s>} {\n", kind_text[kind]);
    sb_free(&sig);
    mlir_consts_print(&E->consts, out, 2);
    make_views(E);
    emit_stmt(E, f->body);
    sb_puts(out, "  return\n  }\n");
    arena_reset(&E->arena, mark);
    return 0;
}

static void emitter_init(Emitter *E, IrCtx *ir, const CodegenOptions *o, DiagEngine *diag)
{
    memset(E, 0, sizeof *E);
    E->poison.name = "%error";
    E->poison.type = "!error";
    E->poison.addr = -1;
    E->poison_view.name = "%error";
    E->poison_view.base = "error";
    E->poison_view.type = "!error";
    E->poison_view.elem = "?";
    E->ir = ir;
    E->o = o;
    E->diag = diag;
    sb_init_discard(&E->discard);
    mlir_names_init(&E->names);
    mlir_consts_init(&E->consts);
    arena_init(&E->arena);
    ptrmap_init(&E->values);
    ptrmap_init(&E->views);
    ptrmap_init(&E->preset);
    ptrmap_init(&E->tuples);
    ptrmap_init(&E->tile_types);
}

static void emitter_free(Emitter *E)
{
    sb_free(&E->discard);
    mlir_names_free(&E->names);
    mlir_consts_free(&E->consts);
    arena_free(&E->arena);
    ptrmap_free(&E->values);
    ptrmap_free(&E->views);
    ptrmap_free(&E->preset);
    ptrmap_free(&E->tuples);
    ptrmap_free(&E->tile_types);
}

static void module_open(StrBuf *out, const CodegenOptions *o)
{
    sb_printf(out, "module attributes {pto.target_arch = \"%s\"} {\n", arch_name(o->arch));
}

/* A walker that finds the first tensor op or function call (for the note
 * that says why an Opaque function is not a kernel). */
static int first_non_kernel_call(IrWalker *w, const IrExpr *e)
{
    const IrExpr **found = w->data;
    if (!*found && e->kind == EXPR_CALL) {
        const OpDef *op = callee_op(IR_AS(IrCall, e)->callee);
        if (!op || op->category == OPC_TENSOR)
            *found = e;
    }
    return *found == NULL;
}

/* pto-mlir.md 2: a program without a kernel is an error that says what
 * each function is. */
static void no_kernel(const IrProgram *prog, DiagEngine *diag)
{
    diag_error(diag, prog->span,
               "no kernel to emit: --emit=pto emits InCore functions and Opaque functions that use only block ops, "
               "system ops and scalar code");
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        const IrExpr *found = NULL;
        IrWalker w;
        if (f->type == FUNC_ORCHESTRATION) {
            diag_note(diag, f->span, "'%s' is an Orchestration function", f->name);
            continue;
        }
        memset(&w, 0, sizeof w);
        w.pre_expr = first_non_kernel_call;
        w.data = &found;
        ir_walk_func(&w, f);
        if (found && callee_op(IR_AS(IrCall, found)->callee)) {
            char buf[64];
            diag_note(diag, found->span, "'%s' is an Opaque function that uses the tensor operation '%s'", f->name,
                      opname(callee_op(IR_AS(IrCall, found)->callee), buf, sizeof buf));
        }
        else if (found)
            diag_note(diag, found->span, "'%s' is an Opaque function that calls '%s'", f->name,
                      IR_AS(IrCall, found)->callee->name);
        else
            diag_note(diag, f->span, "'%s' has no body", f->name);
    }
}

int codegen_pto(StrBuf *out, IrCtx *ir, const IrProgram *prog, const CodegenOptions *o, DiagEngine *diag)
{
    Emitter E;
    int bad = 0, any = 0;
    emitter_init(&E, ir, o, diag);
    module_open(out, o);
    for (uint32_t i = 0; i < prog->n; i++) {
        const IrFunc *f = prog->funcs[i];
        KernelKind k = ir_kernel_kind(f);
        if (k == KERNEL_NONE)
            continue;
        any = 1;
        if ((k = lower_kernel_kind(f, diag)) == KERNEL_NONE || emit_function(&E, f, k, out) != 0)
            bad = 1;
    }
    sb_puts(out, "}\n");
    emitter_free(&E);
    if (!any) {
        no_kernel(prog, diag);
        return 1;
    }
    return bad;
}

int codegen_pto_kernel(StrBuf *out, IrCtx *ir, const IrProgram *prog, const IrFunc *kernel,
                       const CodegenOptions *o, DiagEngine *diag)
{
    Emitter E;
    KernelKind k = lower_kernel_kind(kernel, diag);
    int bad;
    (void)prog;
    if (k == KERNEL_NONE) {
        if (ir_kernel_kind(kernel) == KERNEL_NONE)
            diag_error(diag, kernel->span, "'%s' is not a kernel", kernel->name);
        return 1;
    }
    emitter_init(&E, ir, o, diag);
    module_open(out, o);
    bad = emit_function(&E, kernel, k, out);
    sb_puts(out, "}\n");
    emitter_free(&E);
    return bad;
}
