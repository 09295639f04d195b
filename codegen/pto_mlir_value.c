/* pto_mlir_value.c: the PTO MLIR emitter's values (pto_mlir.c says how
 * the emitter works): errors and output lines, the SSA value of each IR
 * variable, the constant pool, and scalar code as arith ops with its
 * conversions (pto-mlir.md 8).  The statement walk checked every scalar
 * expression it hands over (lower_scalar.c): what it refuses is an
 * internal error here. */
#include "config.h"
#include "codegen/pto_mlir_internal.h"

static int sc_is_float(Sc s) { return s >= SC_F16; }
static int sc_is_int(Sc s) { return s >= SC_I1 && s <= SC_INDEX; }

/* The MLIR type of a scalar of dtype dt.  Scalars use index for INT64;
 * a scalar operand of a tile op uses the tile's element type (elem), where
 * INT64 is i64.  Unsigned integers are signless (arith has no unsigned
 * types); the operations choose the unsigned forms. */
Sc pm_sc_of(int dt, int elem)
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



/* Starts an output line at the current indentation. */
StrBuf *pm_line(Emitter *E)
{
    sb_indent(E->k.out, E->k.indent);
    return E->k.out;
}

Value *pm_new_value(Emitter *E, const char *name, const char *type, Sc sc, int uns)
{
    Value *v = arena_zalloc(&E->k.arena, sizeof *v);
    v->name = name;
    v->type = type;
    v->sc = (uint8_t)sc;
    v->uns = (uint8_t)uns;
    return v;
}

Value *pm_scalar_value(Emitter *E, const char *name, Sc sc, int uns)
{
    return pm_new_value(E, name, mlir_str(&E->names, sc_text[sc]), sc, uns);
}

/* The name for the result of an op: the variable's, or the next number. */
const char *pm_result_name(Emitter *E, const IrVar *dest)
{
    return dest ? mlir_name_claim(&E->names, dest->name, NULL) : mlir_name_fresh(&E->names);
}

/* -------------------------------------------------------------- constants */

const Value *pm_const_int(Emitter *E, Sc sc, int64_t v)
{
    const MlirConst *c;
    if (sc == SC_I1)
        c = mlir_const(&E->consts, &E->names, MLIR_CONST_BOOL, NULL, v, 0.0, E->const_group);
    else
        c = mlir_const(&E->consts, &E->names, MLIR_CONST_INT, mlir_str(&E->names, sc_text[sc]), v, 0.0,
                       E->const_group);
    return pm_scalar_value(E, c->name, sc, 0);
}

/* What the walk should have refused (lower_scalar.c). */
#define UNCHECKED(what) ICE("a scalar expression the walk did not check reached the PTO printer: %s", what)

static const Value *const_float(Emitter *E, Sc sc, double d)
{
    const MlirConst *c;
    char buf[64];
    if (!mlir_float_text(d, buf, sizeof buf))
        UNCHECKED("a float constant with no spelling");
    c = mlir_const(&E->consts, &E->names, MLIR_CONST_FLOAT, mlir_str(&E->names, sc_text[sc]), 0, d, E->const_group);
    return pm_scalar_value(E, c->name, sc, 0);
}

/* A tile address constant (group 0, pto-mlir.md 4.2). */
const char *pm_addr_const(Emitter *E, int64_t addr)
{
    unsigned g = E->const_group;
    const Value *v;
    E->const_group = GROUP_ADDR;
    v = pm_const_int(E, SC_I64, addr);
    E->const_group = g;
    return v->name;
}

/* --------------------------------------------------------- scalar code */

static int expr_dtype(Emitter *E, const IrExpr *x)
{
    const IrType *t = ir_expr_type(E->k.ir, x);
    return t && t->kind == TYPE_SCALAR ? t->dtype : -1;
}

static const Value *cast_op(Emitter *E, const char *op, const Value *v, Sc to, int uns, const IrVar *dest)
{
    const char *name = pm_result_name(E, dest);
    sb_printf(pm_line(E), "%s = arith.%s %s : %s to %s\n", name, op, v->name, sc_text[v->sc], sc_text[to]);
    return pm_scalar_value(E, name, to, uns);
}

static const Value *binop(Emitter *E, const char *op, const Value *a, const Value *b, Sc sc, int uns,
                          const IrVar *dest)
{
    const char *name = pm_result_name(E, dest);
    sb_printf(pm_line(E), "%s = arith.%s %s, %s : %s\n", name, op, a->name, b->name, sc_text[sc]);
    return pm_scalar_value(E, name, sc, uns);
}

static const Value *cmpop(Emitter *E, const char *op, const char *pred, const Value *a, const Value *b,
                          const IrVar *dest)
{
    const char *name = pm_result_name(E, dest);
    sb_printf(pm_line(E), "%s = arith.%s %s, %s, %s : %s\n", name, op, pred, a->name, b->name, sc_text[a->sc]);
    return pm_scalar_value(E, name, SC_I1, 0);
}

static const Value *unop(Emitter *E, const char *op, const Value *a, const IrVar *dest)
{
    const char *name = pm_result_name(E, dest);
    sb_printf(pm_line(E), "%s = arith.%s %s : %s\n", name, op, a->name, sc_text[a->sc]);
    return pm_scalar_value(E, name, (Sc)a->sc, a->uns);
}

static const Value *select_op(Emitter *E, const Value *c, const Value *a, const Value *b, const IrVar *dest)
{
    const char *name = pm_result_name(E, dest);
    sb_printf(pm_line(E), "%s = arith.select %s, %s, %s : %s\n", name, c->name, a->name, b->name, sc_text[a->sc]);
    return pm_scalar_value(E, name, (Sc)a->sc, a->uns);
}

/* floor(q) of a float scalar in arith alone (PTOAS has no math dialect):
 * t = (float)(int64)q, less one where that rounded up; a |q| of 2^p or
 * more (p the significand's fraction bits), an infinity or a NaN is
 * integral already and stays itself. */
static const Value *floor_float(Emitter *E, const Value *q, Sc sc, const IrVar *dest)
{
    double big = sc == SC_F16 ? 1024.0 : sc == SC_BF16 ? 128.0 : 8388608.0;
    const Value *t = cast_op(E, "sitofp", cast_op(E, "fptosi", q, SC_I64, 0, NULL), sc, 0, NULL);
    const Value *down = binop(E, "subf", t, const_float(E, sc, 1.0), sc, 0, NULL);
    const Value *up = cmpop(E, "cmpf", "ogt", t, q, NULL);
    const Value *f = select_op(E, up, down, t, NULL);
    /* One emitting call per statement: C leaves the order of arguments open. */
    const Value *above = cmpop(E, "cmpf", "ogt", q, const_float(E, sc, -big), NULL);
    const Value *below = cmpop(E, "cmpf", "olt", q, const_float(E, sc, big), NULL);
    const Value *in = binop(E, "andi", above, below, SC_I1, 0, NULL);
    return select_op(E, in, f, q, dest);
}

/* v converted to the MLIR type of dtype to_dt (pto-mlir.md 8, Cast). */
const Value *pm_convert(Emitter *E, const Value *v, int to_dt, int elem, const IrVar *dest)
{
    Sc from = (Sc)v->sc, to = pm_sc_of(to_dt, elem);
    int to_uns = dtype_is_unsigned_int((DataType)to_dt) || to == SC_I1;
    int from_uns = v->uns || from == SC_I1;
    if (v == &E->poison || to == SC_NONE || from == SC_NONE)
        UNCHECKED("a conversion from or to a type with no scalar type");
    if (from == to) {
        if (v->uns == to_uns)
            return v;
        return pm_scalar_value(E, v->name, to, to_uns);
    }
    if (to == SC_I1) {
        /* Truth value: x != 0. */
        if (sc_is_float(from))
            return cmpop(E, "cmpf", "une", v, const_float(E, from, 0.0), dest);
        return cmpop(E, "cmpi", "ne", v, pm_const_int(E, from, 0), dest);
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

/* Integer scalar v, of an unsigned dtype, in the MLIR type that says so (ui32 for an unsigned
 * i32), for the ops whose verifier wants a scalar of exactly the tile's
 * element type (pto.tci): arith's values are signless, so this is a cast
 * that PTOAS spells as a C cast. */
const Value *pm_unsigned_typed(Emitter *E, const Value *v)
{
    char type[16];
    Value *r;
    if (!v || !sc_is_int((Sc)v->sc) || v->sc == SC_I1 || v->sc == SC_INDEX)
        return v;
    snprintf(type, sizeof type, "ui%d", sc_bits[v->sc]);
    r = pm_new_value(E, mlir_name_fresh(&E->names), mlir_str(&E->names, type), (Sc)v->sc, 1);
    sb_printf(pm_line(E), "%s = builtin.unrealized_conversion_cast %s : %s to %s\n", r->name, v->name, v->type,
              r->type);
    return r;
}

/* A constant written directly in the wanted type (pto-mlir.md 6.3). */
static const Value *constant(Emitter *E, const IrExpr *x, int to_dt, int elem)
{
    Sc to = pm_sc_of(to_dt, elem);
    double d = 0.0;
    int64_t i = 0;
    int is_float = x->kind == EXPR_CONST_FLOAT;
    if (to == SC_NONE)
        UNCHECKED("a constant wanted in a type with no scalar type");
    if (x->kind == EXPR_CONST_BOOL)
        i = x->op != 0;
    else if (is_float)
        d = IR_AS(IrConstFloat, x)->value;
    else
        i = IR_AS(IrConstInt, x)->value;
    if (to == SC_I1)
        return pm_const_int(E, SC_I1, is_float ? d != 0.0 : i != 0);
    if (sc_is_float(to))
        return const_float(E, to, is_float ? d : (double)i);
    if (is_float) {
        if (!lower_is_whole(d))
            UNCHECKED("a fractional constant wanted as an integer");
        i = (int64_t)d;
    }
    return pm_const_int(E, to, i);
}

/* The value of scalar variable x, which the walk found defined. */
static const Value *lookup(Emitter *E, const IrExpr *x)
{
    const Value *v = ptrmap_get(&E->values, x);
    if (!v || v == &E->poison || v->sc == SC_NONE)
        UNCHECKED("a variable with no scalar value");
    return v;
}

static const Value *binary(Emitter *E, const IrBinary *b, const IrVar *dest)
{
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    int rt = b->e.dtype, odt;
    const Value *l, *r, *t;
    Sc sc;
    int fl, uns;
    if (op == BIN_POW)
        UNCHECKED("'**'");
    if (ir_binary_is_comparison(op)) {
        int dl = expr_dtype(E, b->lhs), dr = expr_dtype(E, b->rhs);
        odt = dl < 0 || dr < 0 ? DT_INT64 : dtype_promote((DataType)dl, (DataType)dr);
    } else if (op == BIN_AND || op == BIN_OR || op == BIN_XOR) {
        odt = DT_BOOL;
    } else {
        odt = rt;
    }
    sc = pm_sc_of(odt, 0);
    if (sc == SC_NONE)
        UNCHECKED("an operation in a type with no scalar type");
    fl = sc_is_float(sc);
    uns = dtype_is_unsigned_int((DataType)odt);
    if (fl && (op == BIN_BIT_AND || op == BIN_BIT_OR || op == BIN_BIT_XOR || op == BIN_SHL || op == BIN_SHR))
        UNCHECKED("a bit operation on floats");
    l = pm_scalar(E, b->lhs, odt, 0, NULL);
    r = pm_scalar(E, b->rhs, odt, 0, NULL);
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
            return floor_float(E, binop(E, "divf", l, r, sc, 0, NULL), (Sc)sc, dest);
        return binop(E, uns ? "divui" : "floordivsi", l, r, sc, uns, dest);
    case BIN_FLOOR_MOD:
        /* Python's a % b takes b's sign: a - b * floor(a / b), as the C++
         * output computes it (arith.remf takes a's). */
        if (fl)
            return binop(E, "subf", l,
                         binop(E, "mulf", r, floor_float(E, binop(E, "divf", l, r, sc, 0, NULL), (Sc)sc, NULL),
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
    Sc sc = pm_sc_of(dt, 0);
    const Value *a, *t;
    if (u->e.op == UN_CAST) {
        int from = expr_dtype(E, u->operand);
        a = pm_scalar(E, u->operand, from < 0 ? dt : from, 0, NULL);
        return pm_convert(E, a, dt, 0, dest);
    }
    if (sc == SC_NONE)
        UNCHECKED("an operation in a type with no scalar type");
    a = pm_scalar(E, u->operand, dt, 0, NULL);
    switch ((IrUnaryOp)u->e.op) {
    case UN_NEG:
        if (sc_is_float(sc))
            return unop(E, "negf", a, dest);
        return binop(E, "subi", pm_const_int(E, sc, 0), a, sc, a->uns, dest);
    case UN_ABS:
        if (sc_is_float(sc))
            return binop(E, "maximumf", a, unop(E, "negf", a, NULL), sc, 0, dest);
        if (a->uns)
            return a;
        t = binop(E, "subi", pm_const_int(E, sc, 0), a, sc, 0, NULL);
        return binop(E, "maxsi", a, t, sc, 0, dest);
    case UN_NOT:
        return binop(E, "xori", a, pm_const_int(E, SC_I1, 1), sc, 0, dest);
    case UN_BIT_NOT:
        if (sc_is_float(sc))
            break;
        return binop(E, "xori", a, pm_const_int(E, sc, -1), sc, a->uns, dest);
    default:
        break;
    }
    UNCHECKED("a unary operation with no lowering");
}

/* Emits the scalar expression x as a value of dtype to_dt (to_dt < 0: its
 * own type).  dest, when given, names the final result. */
const Value *pm_scalar(Emitter *E, const IrExpr *x, int to_dt, int elem, const IrVar *dest)
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
        v = binary(E, IR_AS(IrBinary, x), pm_sc_of(own, 0) == pm_sc_of(to_dt, elem) ? dest : NULL);
        break;
    case EXPR_UNARY:
        v = unary(E, IR_AS(IrUnary, x), pm_sc_of(own, 0) == pm_sc_of(to_dt, elem) ? dest : NULL);
        break;
    default:
        UNCHECKED("an expression of another kind");
    }
    if (to_dt < 0)
        return v;
    return pm_convert(E, v, to_dt, elem, dest);
}
