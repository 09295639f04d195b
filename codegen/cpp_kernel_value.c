/* cpp_kernel_value.c: the C++ kernel emitter's values (cpp_kernel.c says
 * how the emitter works): output lines, C++ names, what each IR
 * variable stands for, scalar expressions (cpp.md 4.4), and Tile objects
 * with their Tile<...> types at their planned addresses (cpp.md 4.1).
 * The lowering checked every scalar expression in the list
 * (lower_scalar.c): what it refuses is an internal error here, and only
 * an expression whose text is too large (cpp_emit.c) fails. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"


/* Starts an output line at the current indentation. */
StrBuf *ck_line(Kern *K)
{
    if (K->k.o->debug)
        cpp_line_directive(K->k.out, K->k.diag->src, K->k.loc_span, &K->k.line);
    sb_indent(K->k.out, K->k.indent);
    return K->k.out;
}

static const char *copy_text(Kern *K, const char *s, size_t n) { return arena_strndup(&K->k.arena, s, n); }

/* The C++ identifier of IR name n. */

/* A name the emitter makes up ("a_0_gt0", "x_0_tmp"): base + suffix, or
 * with "_<k>" added if an IR variable or an earlier made-up name has it. */
const char *ck_fresh_name(Kern *K, const char *base, const char *suffix)
{
    StrBuf sb;
    const char *r;
    size_t len;
    sb_init(&sb);
    sb_printf(&sb, "%s%s", base, suffix);
    len = sb.len;
    for (unsigned k = 1;; k++) {
        r = intern(K->k.ir->names, sb.data, sb.len);
        if (!ptrmap_get(&K->names, r))
            break;
        sb.len = len;
        sb_printf(&sb, "_%u", k);
    }
    sb_free(&sb);
    ptrmap_put(&K->names, r, (void *)r);
    return r;
}

CVal *ck_new_val(Kern *K, CvKind kind, const char *name, int dtype)
{
    CVal *v = arena_zalloc(&K->k.arena, sizeof *v);
    v->kind = (uint8_t)kind;
    v->name = name;
    v->dtype = (uint8_t)dtype;
    return v;
}

const CVal *ck_lookup(Kern *K, const IrExpr *x)
{
    const CVal *v = ptrmap_get(&K->vals, x);
    if (!v)
        ICE("'%s', which the lowering gave a value, has none in the C++ printer", IR_AS(IrVar, x)->name);
    return v;
}

/* "(void)x;" for a scalar nobody reads (-Wunused-variable). */
void ck_mark_unused(Kern *K, const IrVar *v, const char *name)
{
    if (uses_of(K, v) == 0)
        sb_printf(ck_line(K), "(void)%s;\n", name);
}

/* --------------------------------------------------------- scalar code */

/* What the walk should have refused (lower_scalar.c). */
#define UNCHECKED(what) ICE("a scalar expression the walk did not check reached the C++ printer: %s", what)

/* The C++ name of scalar variable v, which the walk found defined; NULL
 * when its definition was too large to write (reported then). */
const char *ck_var_text(CppExpr *x, const IrVar *v, Span at)
{
    Kern *K = x->data;
    const CVal *c = ptrmap_get(&K->vals, v);
    (void)at;
    if (c == &K->poison)
        return NULL;
    if (!c || c->kind != CV_SCALAR)
        UNCHECKED("a variable with no scalar value");
    ((CVal *)c)->named = 1;
    return c->name;
}

/* Scalar expression x, converted to dtype to (-1: its own). */
int ck_scalar(Kern *K, StrBuf *o, const IrExpr *x, int to)
{
    const IrType *t = ir_expr_type(K->k.ir, x);
    int cast = to >= 0 && t && t->kind == TYPE_SCALAR && t->dtype != to && x->kind != EXPR_CONST_INT &&
               x->kind != EXPR_CONST_FLOAT && x->kind != EXPR_CONST_BOOL;
    int rc;
    K->ex.at = K->k.stmt_span;
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
int ck_tile_scalar(Kern *K, StrBuf *o, const IrExpr *x, int dt)
{
    char buf[80];
    if (!cpp_ctype((DataType)dt))
        UNCHECKED("an operand of an element type with no C++ type");
    if (x->kind == EXPR_CONST_INT || x->kind == EXPR_CONST_FLOAT || x->kind == EXPR_CONST_BOOL) {
        int is_float = x->kind == EXPR_CONST_FLOAT;
        double d = is_float ? IR_AS(IrConstFloat, x)->value : 0.0;
        int64_t i = x->kind == EXPR_CONST_INT ? IR_AS(IrConstInt, x)->value : x->kind == EXPR_CONST_BOOL ? x->op : 0;
        if (dtype_is_float((DataType)dt)) {
            if (!cpp_float_literal(is_float ? d : (double)i, (DataType)dt, buf, sizeof buf))
                UNCHECKED("a constant that does not fit its float type");
            sb_puts(o, buf);
            return 0;
        }
        if (is_float) {
            if (!lower_is_whole(d))
                UNCHECKED("a fractional constant wanted as an integer");
            i = (int64_t)d;
        }
        if (!int_fits(i, (DataType)dt))
            UNCHECKED("a constant that does not fit its integer type");
        if (dt == DT_BOOL)
            sb_puts(o, i ? "true" : "false");
        else if (i == INT64_MIN)
            sb_puts(o, "(-9223372036854775807 - 1)");
        else
            sb_printf(o, "%" PRId64, i);
        return 0;
    }
    return ck_scalar(K, o, x, dt);
}

/* "<ctype> name = <value>;", and "(void)name;" when nothing reads it
 * and read_later is not set. */
void ck_declare_scalar(Kern *K, const IrVar *v, const IrExpr *value, int read_later)
{
    const char *ct = cpp_ctype((DataType)v->type->dtype);
    StrBuf text;
    CVal *c;
    if (!ct)
        UNCHECKED("a variable of a type with no C++ type");
    sb_init(&text);
    if (ck_scalar(K, &text, value, v->type->dtype) == 0) {
        c = ck_new_val(K, CV_SCALAR, ident(K, v->name), v->type->dtype);
        sb_printf(ck_line(K), "%s %s = %.*s;\n", ct, c->name, (int)text.len, text.data);
        bind(K, v, c);
        if (!read_later)
            ck_mark_unused(K, v, c->name);
    } else {
        bind(K, v, &K->poison);
    }
    sb_free(&text);
}

/* ------------------------------------------------------------- tiles */

static const char *const tile_loc[MS_COUNT] = {"?", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "ScaleLeft", "ScaleRight"};
static const char *const blayout_text[TL_COUNT] = {"?", "RowMajor", "ColMajor"};
static const char *const slayout_text[TL_COUNT] = {"NoneBox", "RowMajor", "ColMajor"};
static const char *const pad_text[TP_COUNT] = {"Null", "Zero", "Max", "Min"};

/* The Tile<...> type of Tile type t (cpp.md 4.1).  The walk checked its
 * geometry (lower_tile.c) before any buffer of it is spelled. */
const char *ck_tile_type(Kern *K, const IrType *t, int fillpad)
{
    char buf[320], vr[24], vc[24];
    TileGeom g;
    int n;
    if (isa_tile_geom(K->k.o->arch, t, fillpad, "?", "C++", &g, buf, sizeof buf) != 0)
        ICE("a tile type the walk did not check reached the C++ printer: %s", buf);
    snprintf(vr, sizeof vr, g.vrows < 0 ? "DYNAMIC" : "%" PRId64, g.vrows);
    snprintf(vc, sizeof vc, g.vcols < 0 ? "DYNAMIC" : "%" PRId64, g.vcols);
    n = snprintf(buf, sizeof buf,
                 "Tile<TileType::%s, %s, %" PRId64 ", %" PRId64 ", BLayout::%s, %s, %s, SLayout::%s, %u, PadValue::%s, "
                 "CompactMode::Null>",
                 tile_loc[g.space], cpp_ctype((DataType)t->dtype), g.rows, g.cols, blayout_text[g.L.blayout], vr, vc,
                 slayout_text[g.L.slayout], g.L.fractal, pad_text[g.L.pad]);
    return copy_text(K, buf, (size_t)n);
}

/* Declares a Tile object named name, of type t, in buffer T (cpp.md 4.1),
 * off bytes (an INT64 expression) into it when off is given; a run-time
 * valid extent is its constructor's argument (pto-isa's Tile
 * constructors take the DYNAMIC ones, rows first). */
static CVal *declare_tile_at(Kern *K, const char *name, const IrType *t, int fillpad, const LowerTile *T,
                             const IrExpr *off)
{
    CVal *c = ck_new_val(K, CV_TILE, name, t->dtype);
    TileGeom g;
    char msg[160];
    StrBuf args;
    c->type = ck_tile_type(K, t, fillpad);
    sb_init(&args);
    if (isa_tile_geom(K->k.o->arch, t, fillpad, "?", "C++", &g, msg, sizeof msg) == 0) {
        for (int k = 0; k < 2; k++) {
            const IrExpr *x = k ? g.vcol_x : g.vrow_x;
            if (x && (sb_puts(&args, args.len ? ", " : "("), ck_scalar(K, &args, x, -1) != 0))
                sb_puts(&args, "0");
        }
    }
    sb_printf(ck_line(K), "%s %s%.*s%s;\n", c->type, name, (int)args.len, args.data, args.len ? ")" : "");
    sb_reset(&args);
    if (off && ck_scalar(K, &args, off, DT_INT64) != 0)
        sb_puts(&args, "0");
    if (off)
        sb_printf(ck_line(K), "TASSIGN(%s, 0x%" PRIx64 " + (%.*s));\n", name, (uint64_t)T->addr, (int)args.len,
                  args.data);
    else
        sb_printf(ck_line(K), "TASSIGN(%s, 0x%" PRIx64 ");\n", name, (uint64_t)T->addr);
    sb_free(&args);
    return c;
}

static CVal *declare_tile(Kern *K, const char *name, const IrType *t, int fillpad, const LowerTile *T)
{
    return declare_tile_at(K, name, t, fillpad, T, NULL);
}

/* A Tile object of type t off bytes into buffer T, named after variable
 * d (a sub-view of d's buffer: tile.gather_row loads into one). */
const char *ck_sub_tile(Kern *K, const IrVar *d, const IrType *t, const LowerTile *T, const IrExpr *off)
{
    const char *name = ck_fresh_name(K, ident(K, d->name), "_row");
    declare_tile_at(K, name, t, 0, T, off);
    return name;
}

/* A second Tile object of type t (fillpad: typed as a fillpad
 * destination) at buffer T's address, named after base: the same bytes
 * seen through another Tile type, as a reshape is (cpp.md 4.1). */
const char *ck_tile_view_as(Kern *K, const char *base, const IrType *t, int fillpad, const LowerTile *T)
{
    const char *name = ck_fresh_name(K, base, "_as");
    declare_tile(K, name, t, fillpad, T);
    return name;
}

/* Tile variable v's own object in buffer T, which the walk decided: every
 * Tile variable is a C++ object of its type at its buffer's address. */
const CVal *ck_def_tile(Kern *K, const IrVar *v, int fillpad, const LowerTile *T)
{
    const CVal *c = declare_tile(K, ident(K, v->name), v->type, fillpad, T);
    bind(K, v, c);
    return c;
}

/* The scratch tile T of the op defining d (ops.md 5), in the function's
 * scratch region (passes.md 5.8); typed like the result, or for a row
 * reduction its source (as the PTO emitter, for PTOAS's trowmin). */
const char *ck_scratch_tile(Kern *K, const IrVar *d, const LowerTile *T)
{
    const char *name = ck_fresh_name(K, ident(K, d->name), "_tmp");
    declare_tile(K, name, T->type, 0, T);
    return name;
}

/* The tile of argument i of a call, a tile variable (lower_op.c checked);
 * NULL after an error. */
const CVal *ck_tile_arg(Kern *K, const IrCall *c, uint32_t i)
{
    const CVal *v = ck_lookup(K, c->args[i]);   /* reports an unbound variable */
    if (!v || v == &K->poison)
        return NULL;
    if (v->kind != CV_TILE)
        ICE("tile variable '%s' stands for a value of kind %d", IR_AS(IrVar, c->args[i])->name, v->kind);
    return v;
}

