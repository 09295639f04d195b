/* pto_tile_value.c: the tile IR printer's values (pto_tile.c says how the
 * printer works): output text, what each IR variable is in the output,
 * MLIR and tile types, the constants at the top of the body, and scalar
 * code as pto arith ops with its conversions.  The lowering checked every
 * type, constant and scalar expression (lower_tir.c): what it let through
 * has a spelling here. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* Text in the function's arena. */
const char *pt_fmt(Fn *F, const char *format, ...)
{
    va_list ap, aq;
    int n;
    char *s;
    va_start(ap, format);
    va_copy(aq, ap);
    n = vsnprintf(NULL, 0, format, ap);
    va_end(ap);
    s = arena_alloc(&F->k.arena, (size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, format, aq);
    va_end(aq);
    return s;
}

const char *pt_sb_arena(Fn *F, StrBuf *sb)
{
    return arena_strndup(&F->k.arena, sb->len ? sb->data : "", sb->len);
}

/* Append what a region or section buffer holds (nothing allocated yet
 * when it is empty). */
void pt_put_text(StrBuf *out, const StrBuf *text)
{
    if (text->len)
        sb_put(out, text->data, text->len);
}

Value *pt_new_value(Fn *F, const TirValue *tv, const char *name, const char *type)
{
    Value *v = arena_zalloc(&F->k.arena, sizeof *v);
    v->v = tv;
    v->name = name;
    v->type = type;
    return v;
}

void pt_bind(Fn *F, const IrVar *var, const Value *v)
{
    if (var && v)
        ptrmap_put(&F->values, var, (void *)v);
}

const Value *pt_lookup(Fn *F, const IrExpr *e)
{
    const Value *v = ir_is_var_like(e) ? ptrmap_get(&F->values, e) : NULL;
    if (!v)
        ICE("a variable the lowering did not bind reached the tile IR printer");
    return v;
}

/* ------------------------------------------------------------------ types */

/* MLIR spelling of a dtype (ops.md 2); NULL when it has none (FP8, FP4,
 * INT4, ...).  INT64 scalars are `index`; INT64 tiles hold i64. */
const char *pt_mlir_dtype(DataType dt, int scalar)
{
    if (dt == DT_INT64 && scalar)
        return "index";
    return mlir_elem_type(dt);   /* NULL for FP8 and the other dtypes ops.md 2 gives no MLIR type */
}

/* `tile<64x64xf32>`, or with `#pto.tile_info<loc=.., layout=..>` for a
 * tile outside Vec or not in the ND layout (made once per type). */
const char *pt_tile_type(Fn *F, const IrType *t, MemorySpace loc)
{
    const char *got = ptrmap_get(&F->tile_types[loc], t), *s;
    StrBuf sb;
    if (got)
        return got;
    sb_init(&sb);
    tile_ir_put_tile_type(&sb, F->k.o->arch, t, loc);
    s = pt_sb_arena(F, &sb);
    sb_free(&sb);
    ptrmap_put(&F->tile_types[loc], t, (void *)s);
    return s;
}

/* The memref of a Tensor parameter: `pto.memref<64x64xf32>` (seed 05
 * 4.2's spelling; the space is gm for every kernel argument). */
const char *pt_memref_type(Fn *F, const IrType *t)
{
    const char *s;
    StrBuf sb;
    sb_init(&sb);
    sb_puts(&sb, "pto.memref<");
    tile_ir_put_shape(&sb, t);
    sb_printf(&sb, "x%s>", pt_mlir_dtype((DataType)t->dtype, 0));
    s = pt_sb_arena(F, &sb);
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
    const char *k = intern_cstr(F->k.ir->names, pt_fmt(F, "%s %s", type, literal)), *got;
    char name[64];
    if ((got = ptrmap_get(&F->consts, k)))
        return got;
    mlir_const_name(name, sizeof name, kind, i, strcmp(type, "index") == 0 ? NULL : type, F->next_float);
    if (kind == MLIR_CONST_FLOAT)
        F->next_float++;
    got = arena_strndup(&F->k.arena, name, strlen(name));
    sb_printf(&F->consts_text, "    %s = pto.constant %s : %s%s\n", got, literal, type, F->func_loc);
    ptrmap_put(&F->consts, k, (void *)got);
    return got;
}

static const char *bool_const(Fn *F, int v) { return constant(F, MLIR_CONST_BOOL, v, "i1", v ? "true" : "false"); }

const char *pt_int_const(Fn *F, int64_t v, DataType dt)
{
    char lit[32];
    if (dt == DT_BOOL)
        return bool_const(F, v != 0);
    snprintf(lit, sizeof lit, "%lld", (long long)v);
    return constant(F, MLIR_CONST_INT, v, pt_mlir_dtype(dt, 1), lit);
}

static const char *float_const(Fn *F, double v, DataType dt)
{
    char lit[408];   /* whole numbers print in full: up to 309 digits */
    if (!mlir_float_text_shortest(v, lit, sizeof lit))
        ICE("a float constant the lowering did not check reached the tile IR printer");
    return constant(F, MLIR_CONST_FLOAT, 0, pt_mlir_dtype(dt, 1), lit);
}

/* A numeric constant as a value of dtype dt (a literal on an f32 tile is
 * an f32 constant whatever its IR dtype, pto-mlir.md 6.3). */
static const char *number_const(Fn *F, const IrExpr *e, DataType dt)
{
    if (dtype_is_float(dt))
        return float_const(F, e->kind == EXPR_CONST_INT ? (double)IR_AS(IrConstInt, e)->value
                                                        : IR_AS(IrConstFloat, e)->value,
                           dt);
    if (e->kind == EXPR_CONST_FLOAT)
        return pt_int_const(F, (int64_t)IR_AS(IrConstFloat, e)->value, dt);
    return pt_int_const(F, IR_AS(IrConstInt, e)->value, dt);
}

/* ------------------------------------------------------------- scalar code */

static const char *sop2(Fn *F, const char *op, const char *a, const char *b, const char *type)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->k.out, "%s = pto.%s %s, %s : %s", r, op, a, b, type);
    end(F);
    return r;
}

static const char *scmp(Fn *F, const char *op, const char *pred, const char *a, const char *b, const char *type)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->k.out, "%s = pto.%s %s, %s, %s : %s", r, op, pred, a, b, type);
    end(F);
    return r;
}

static const char *sop1(Fn *F, const char *op, const char *a, const char *type)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->k.out, "%s = pto.%s %s : %s", r, op, a, type);
    end(F);
    return r;
}

static const char *scast_t(Fn *F, const char *op, const char *a, const char *from, const char *to)
{
    const char *r = next_num(F);
    begin(F);
    sb_printf(F->k.out, "%s = pto.%s %s : %s to %s", r, op, a, from, to);
    end(F);
    return r;
}

static const char *scast(Fn *F, const char *op, const char *a, DataType from, DataType to)
{
    return scast_t(F, op, a, pt_mlir_dtype(from, 1), pt_mlir_dtype(to, 1));
}

/* v (of dtype from) as a value of dtype to; the arith conversions. */
static const char *convert(Fn *F, const char *v, DataType from, DataType to)
{
    int fi = dtype_is_float(from), ti = dtype_is_float(to);
    if (from == to)
        return v;
    if (to == DT_BOOL)
        return fi ? scmp(F, "cmpf", "une", v, float_const(F, 0.0, from), pt_mlir_dtype(from, 1))
                  : scmp(F, "cmpi", "ne", v, pt_int_const(F, 0, from), pt_mlir_dtype(from, 1));
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
            return scast_t(F, "sitofp", scast_t(F, "index_cast", v, "index", "i64"), "i64", pt_mlir_dtype(to, 1));
        return scast(F, dtype_is_unsigned_int(from) ? "uitofp" : "sitofp", v, from, to);
    }
    if (!ti) {
        if (to == DT_INT64)
            return scast_t(F, "index_cast", scast_t(F, "fptosi", v, pt_mlir_dtype(from, 1), "i64"), "i64", "index");
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
    DataType lt = expr_dtype(b->lhs), rt = expr_dtype(b->rhs), t = tile_ir_binary_type(b, lt, rt);
    const char *x, *y, *type;
    int fl, un;
    x = convert(F, scalar_value(F, b->lhs), lt, t);
    y = convert(F, scalar_value(F, b->rhs), rt, t);
    type = pt_mlir_dtype(t, 1);
    fl = dtype_is_float(t);
    un = dtype_is_unsigned_int(t);
    switch (op) {
    case BIN_ADD: return sop2(F, fl ? "addf" : "addi", x, y, type);
    case BIN_SUB: return sop2(F, fl ? "subf" : "subi", x, y, type);
    case BIN_MUL: return sop2(F, fl ? "mulf" : "muli", x, y, type);
    case BIN_FLOAT_DIV: return sop2(F, fl ? "divf" : un ? "divui" : "divsi", x, y, type);
    case BIN_FLOOR_DIV: return sop2(F, un ? "divui" : "floordivsi", x, y, type);
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
    ICE("pto-tile: tile_ir_binary took '%s'", ir_binary_symbol(op));
}

static const char *unary_value(Fn *F, const IrUnary *u)
{
    DataType from = expr_dtype(u->operand), t = (DataType)u->e.dtype;
    const char *x = scalar_value(F, u->operand), *type = pt_mlir_dtype(t, 1);
    if (u->e.op == UN_CAST)
        return convert(F, x, from, t);
    if (u->e.op == UN_NOT)
        return sop2(F, "xori", convert(F, x, from, DT_BOOL), bool_const(F, 1), "i1");
    x = convert(F, x, from, t);
    if (u->e.op == UN_NEG)
        return dtype_is_float(t) ? sop1(F, "negf", x, type) : sop2(F, "subi", pt_int_const(F, 0, t), x, type);
    if (u->e.op == UN_ABS) {
        if (dtype_is_float(t))
            return sop2(F, "maximumf", x, sop1(F, "negf", x, type), type);
        return sop2(F, dtype_is_unsigned_int(t) ? "maxui" : "maxsi", x, sop2(F, "subi", pt_int_const(F, 0, t), x, type),
                    type);
    }
    return sop2(F, "xori", x, pt_int_const(F, -1, t), type);   /* UN_BIT_NOT on an integer */
}

/* The SSA value of a scalar expression, computing it first. */
static const char *scalar_value(Fn *F, const IrExpr *e)
{
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        return pt_lookup(F, e)->name;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
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
    ICE("a scalar expression the lowering did not check reached the tile IR printer");
}

/* e as a value of dtype dt: constants directly, anything else converted. */
const char *pt_scalar_as(Fn *F, const IrExpr *e, DataType dt)
{
    if (e->kind == EXPR_CONST_INT || e->kind == EXPR_CONST_FLOAT)
        return number_const(F, e, dt);
    return convert(F, scalar_value(F, e), expr_dtype(e), dt);
}
