/* cpp_emit.c: C++ spellings and scalar expressions, shared by the kernel
 * and the orchestration emitters (see cpp_emit.h); the program's plan
 * (func ids, parameter use, slots) is cpp_plan.c. */
#include "config.h"
#include "codegen/cpp_emit.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "support/arena.h"
#include "support/ptrmap.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *cpp_ctype(DataType dt)
{
    switch (dt) {
    case DT_BOOL: return "bool";
    case DT_INT8: return "int8_t";
    case DT_INT16: return "int16_t";
    case DT_INT32: return "int32_t";
    case DT_INT64: return "int64_t";
    case DT_UINT8: return "uint8_t";
    case DT_UINT16: return "uint16_t";
    case DT_UINT32: return "uint32_t";
    case DT_UINT64: return "uint64_t";
    case DT_FP16: return "half";
    case DT_FP32: return "float";
    case DT_BF16: return "bfloat16_t";
    case DT_TASK_ID: return "int64_t";   /* pyptocc::TaskId: orchestration code only (kernel_scalars.c) */
    default: return NULL;
    }
}

const char *cpp_datatype(DataType dt)
{
    switch (dt) {
    case DT_FP32: return "FLOAT32";
    case DT_FP16: return "FLOAT16";
    case DT_BF16: return "BFLOAT16";
    case DT_INT32: return "INT32";
    case DT_INT16: return "INT16";
    case DT_INT8: return "INT8";
    case DT_UINT8: return "UINT8";
    case DT_INT64: return "INT64";
    case DT_UINT64: return "UINT64";
    /* pyptocc's additions, after the reference's UNKNOWN (tensor.h). */
    case DT_UINT32: return "UINT32";
    case DT_UINT16: return "UINT16";
    case DT_BOOL: return "BOOL";
    default: return NULL;
    }
}

/* C++20 keywords and alternative tokens (Python allows all of these but
 * the last few as names), and the names of the types and namespaces the
 * generated code spells (a kernel or variable named half or int32_t would
 * hide pto-isa's type).  Sorted (bsearch). */
static const char *const keywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bfloat16_t", "bitand", "bitor", "bool", "break", "case",
    "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await", "co_return", "co_yield", "compl",
    "concept", "const", "const_cast", "consteval", "constexpr", "constinit", "continue", "decltype", "default",
    "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "half", "if", "inline", "int", "int16_t", "int32_t", "int64_t", "int8_t", "long", "mutable",
    "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected",
    "pto", "public", "register", "reinterpret_cast", "requires", "return", "short", "signed", "size_t", "sizeof",
    "static", "static_assert", "static_cast", "std", "struct", "switch", "template", "this", "thread_local", "throw",
    "true", "try", "typedef", "typeid", "typename", "uint16_t", "uint32_t", "uint64_t", "uint8_t", "union",
    "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
};

static int str_cmp(const void *a, const void *b) { return strcmp((const char *)a, *(const char *const *)b); }

const char *cpp_ident(IrCtx *ir, const char *name, const char *const *reserved)
{
    int clash = strncmp(name, "__", 2) == 0 ||
                bsearch(name, keywords, sizeof keywords / sizeof keywords[0], sizeof keywords[0], str_cmp) != NULL;
    for (; reserved && *reserved && !clash; reserved++) {
        const char *r = *reserved;
        size_t n = strlen(r);
        /* "ext_*": a prefix; "*_shapes": a suffix; otherwise the whole name. */
        if (r[n - 1] == '*')
            clash = strncmp(name, r, n - 1) == 0;
        else if (r[0] == '*')
            clash = strlen(name) >= n - 1 && strcmp(name + strlen(name) - (n - 1), r + 1) == 0;
        else
            clash = strcmp(name, r) == 0;
    }
    if (clash) {
        StrBuf sb;
        const char *r;
        sb_init(&sb);
        sb_printf(&sb, "v_%s", name);
        r = intern(ir->names, sb.data, sb.len);
        sb_free(&sb);
        return r;
    }
    return ir_name(ir, name);
}

const char *cpp_strip(IrCtx *ir, const char *name) { return ir_ssa_stem(ir, name); }

/* A value fits a float type when it rounds to a finite one: its
 * magnitude is below the midpoint between the largest finite value and
 * the next power of two (at the midpoint, to even is to infinity).  So
 * 3.4028235e38, the shortest decimal of FLT_MAX that Simplify stores,
 * fits FP32 although it is above FLT_MAX as a double.  The literal is
 * the value in 9 digits, or the float it rounds to where those 9 digits
 * would round to another float. */
int cpp_float_literal(double d, DataType dt, char *buf, size_t cap)
{
    char t[64];
    float f;
    double midpoint = dt == DT_FP16 ? 65520.0 : dt == DT_BF16 ? ldexp(1.0, 128) - ldexp(1.0, 119) : 0.0;
    if (dt != DT_FP32 && dt != DT_FP16 && dt != DT_BF16)
        return 0;
    if (!isfinite(d) || fabs(d) >= ldexp(1.0, 128) - ldexp(1.0, 103))
        return 0;
    f = (float)d;
    if (!isfinite(f) || (midpoint > 0 && fabs((double)f) >= midpoint))
        return 0;
    snprintf(t, sizeof t, "%.9g", d);
    if (strtof(t, NULL) != f)   /* 9 digits of d round past f (3.40282357e38 is infinite) */
        snprintf(t, sizeof t, "%.9g", (double)f);
    snprintf(buf, cap, "%s%s%s%s", dt == DT_FP16 ? "(half)" : dt == DT_BF16 ? "(bfloat16_t)" : "", t,
             strpbrk(t, ".e") ? "" : ".0", "f");
    return 1;
}

/* ------------------------------------------------------------ expressions */

/* Rendered expressions beyond this size are refused: floor division
 * repeats its operands, so nesting it grows the text exponentially. */
#define EXPR_LIMIT ((size_t)1 << 20)

static Span span_at(const CppExpr *x, const IrExpr *e)
{
    return e->span.lo != SPAN_UNKNOWN_OFFSET && !ir_is_var_like(e) ? e->span : x->at;
}

/* Reports what an orchestration expression has no C++ for.  A kernel's
 * expressions were checked by the statement walk (codegen/lower_scalar.c)
 * before they are written: there it is an internal error. */
static int refuse(CppExpr *x, const IrExpr *e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(CppExpr *x, const IrExpr *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (x->style == CPP_KERNEL) {
        char msg[256];
        vsnprintf(msg, sizeof msg, fmt, ap);
        ICE("a scalar expression the walk did not check reached the C++ printer: %s", msg);
    }
    diag_verror(x->diag, span_at(x, e), fmt, ap);
    va_end(ap);
    return -1;
}

static int scalar_dtype(CppExpr *x, const IrExpr *e)
{
    const IrType *t = ir_expr_type(x->ir, e);
    if (!t || t->kind != TYPE_SCALAR)
        return refuse(x, e, "a %s is used where a scalar is expected",
                      t && t->kind == TYPE_TILE ? "tile" : t && t->kind == TYPE_TENSOR ? "tensor" : "non-scalar value");
    return t->dtype;
}

static int render(CppExpr *x, StrBuf *out, const IrExpr *e, size_t start);

/* Operand e of an operation computing in dtype dt: converted when its own
 * dtype differs (constants convert implicitly and are written as they are). */
static int operand(CppExpr *x, StrBuf *out, const IrExpr *e, int dt, size_t start)
{
    int own = scalar_dtype(x, e);
    int cast = own >= 0 && own != dt && e->kind != EXPR_CONST_INT && e->kind != EXPR_CONST_FLOAT &&
               e->kind != EXPR_CONST_BOOL;
    int rc;
    if (own < 0)
        return -1;
    if (cast)
        sb_printf(out, "static_cast<%s>(", cpp_ctype((DataType)dt));
    rc = render(x, out, e, start);
    if (cast)
        sb_putc(out, ')');
    return rc;
}

/* "(a <op> b)" */
static int infix(CppExpr *x, StrBuf *out, const IrBinary *b, const char *op, int dt, size_t start)
{
    sb_putc(out, '(');
    if (operand(x, out, b->lhs, dt, start))
        return -1;
    sb_printf(out, " %s ", op);
    if (operand(x, out, b->rhs, dt, start))
        return -1;
    sb_putc(out, ')');
    return 0;
}

/* A template with operands: 'a' and 'b' stand for the operands. */
static int pattern(CppExpr *x, StrBuf *out, const IrBinary *b, const char *pat, int dt, size_t start)
{
    for (const char *p = pat; *p; p++) {
        if (*p == 'a' || *p == 'b') {
            if (operand(x, out, *p == 'a' ? b->lhs : b->rhs, dt, start))
                return -1;
            if (out->len - start > EXPR_LIMIT) {
                diag_error(x->diag, span_at(x, &b->e), "this expression is too large to emit as C++");
                return -1;
            }
        } else {
            sb_putc(out, *p);
        }
    }
    return 0;
}

static int no_lowering(CppExpr *x, const IrExpr *e, const char *what, int dt)
{
    if (x->style == CPP_ORCH)
        return refuse(x, e, "'%s' cannot be emitted in orchestration code", what);
    return refuse(x, e, "'%s' on %s scalars has no C++ lowering", what, dtype_name((DataType)dt));
}

static int binary(CppExpr *x, StrBuf *out, const IrBinary *b, size_t start)
{
    IrBinaryOp op = (IrBinaryOp)b->e.op;
    int dt = b->e.dtype, fl, uns;
    const char *sym = ir_binary_symbol(op);
    if (ir_binary_is_comparison(op)) {
        int dl = scalar_dtype(x, b->lhs), dr = scalar_dtype(x, b->rhs);
        if (dl < 0 || dr < 0)
            return -1;
        dt = dtype_promote((DataType)dl, (DataType)dr);
    } else if (op == BIN_AND || op == BIN_OR || op == BIN_XOR) {
        dt = DT_BOOL;
    }
    if (!cpp_ctype((DataType)dt))
        return refuse(x, &b->e, "data type %s has no C++ type", dtype_name((DataType)dt));
    fl = dtype_is_float((DataType)dt);
    uns = dtype_is_unsigned_int((DataType)dt) || dt == DT_BOOL;
    if (ir_binary_is_comparison(op) || op == BIN_ADD || op == BIN_SUB || op == BIN_MUL)
        return infix(x, out, b, sym, dt, start);
    if (op == BIN_MIN || op == BIN_MAX) {
        sb_printf(out, "std::%s<%s>(", op == BIN_MIN ? "min" : "max", cpp_ctype((DataType)dt));
        return pattern(x, out, b, "a, b)", dt, start);
    }
    if (x->style == CPP_ORCH) {
        /* cpp.md 6.2 item 9: truncating, as the reference. */
        if (op == BIN_FLOOR_DIV && !fl)
            return infix(x, out, b, "/", dt, start);
        if (op == BIN_FLOOR_MOD && !fl)
            return infix(x, out, b, "%", dt, start);
        /* Conditions of host code (pypto-lib's `if a > b and c < d:`),
         * which the reference's printer lacks: C++'s own. */
        if (op == BIN_AND || op == BIN_OR)
            return infix(x, out, b, op == BIN_AND ? "&&" : "||", dt, start);
        return no_lowering(x, &b->e, sym, dt);
    }
    switch (op) {
    case BIN_FLOAT_DIV:
        return infix(x, out, b, "/", dt, start);
    case BIN_FLOOR_DIV:
        if (fl)
            return pattern(x, out, b, "std::floor(a / b)", dt, start);
        if (uns)
            return infix(x, out, b, "/", dt, start);
        return pattern(x, out, b, "(a / b - ((a % b != 0) && ((a < 0) != (b < 0))))", dt, start);
    case BIN_FLOOR_MOD:
        if (fl)
            return pattern(x, out, b, "(a - b * std::floor(a / b))", dt, start);
        if (uns)
            return infix(x, out, b, "%", dt, start);
        return pattern(x, out, b, "(((a % b) + b) % b)", dt, start);
    case BIN_POW:
        return pattern(x, out, b, "std::pow(a, b)", dt, start);
    case BIN_AND:
        return infix(x, out, b, "&&", dt, start);
    case BIN_OR:
        return infix(x, out, b, "||", dt, start);
    case BIN_XOR:
        return infix(x, out, b, "!=", dt, start);
    case BIN_BIT_AND:
    case BIN_BIT_OR:
    case BIN_BIT_XOR:
    case BIN_SHL:
    case BIN_SHR:
        if (fl)
            return no_lowering(x, &b->e, sym, dt);
        return infix(x, out, b, sym, dt, start);
    default:
        ICE("binary operator %d reached the C++ emitter", (int)op);
    }
}

static int unary(CppExpr *x, StrBuf *out, const IrUnary *u, size_t start)
{
    int dt = u->e.dtype, rc;
    const char *ct = cpp_ctype((DataType)dt);
    if (!ct)
        return refuse(x, &u->e, "data type %s has no C++ type", dtype_name((DataType)dt));
    switch ((IrUnaryOp)u->e.op) {
    case UN_CAST:
        sb_printf(out, "static_cast<%s>(", ct);
        rc = render(x, out, u->operand, start);
        sb_putc(out, ')');
        return rc;
    case UN_NEG:
        sb_puts(out, "(-");
        rc = operand(x, out, u->operand, dt, start);
        sb_putc(out, ')');
        return rc;
    case UN_ABS:
        if (x->style == CPP_ORCH)
            break;
        if (dtype_is_unsigned_int((DataType)dt) || dt == DT_BOOL)   /* std::abs of unsigned is ambiguous */
            return operand(x, out, u->operand, dt, start);
        sb_puts(out, "std::abs(");
        rc = operand(x, out, u->operand, dt, start);
        sb_putc(out, ')');
        return rc;
    case UN_NOT:
    case UN_BIT_NOT:
        if ((x->style == CPP_ORCH && u->e.op == UN_BIT_NOT) || (u->e.op == UN_BIT_NOT && dtype_is_float((DataType)dt)))
            break;
        sb_puts(out, u->e.op == UN_NOT ? "(!" : "(~");
        rc = operand(x, out, u->operand, dt, start);
        sb_putc(out, ')');
        return rc;
    default:
        break;
    }
    return no_lowering(x, &u->e, ir_unary_name((IrUnaryOp)u->e.op), dt);
}

static int constant_int(CppExpr *x, StrBuf *out, const IrExpr *e)
{
    int64_t v = IR_AS(IrConstInt, e)->value;
    if (v == INT64_MIN)
        sb_puts(out, "(-9223372036854775807 - 1)");
    else if (v < 0 && dtype_is_unsigned_int((DataType)e->dtype) && x->style == CPP_KERNEL)
        sb_printf(out, "static_cast<%s>(%" PRId64 ")", cpp_ctype((DataType)e->dtype), v);
    else
        sb_printf(out, "%" PRId64, v);
    return 0;
}

static int render(CppExpr *x, StrBuf *out, const IrExpr *e, size_t start)
{
    char buf[80];
    const char *text;
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        if (scalar_dtype(x, e) < 0 || !(text = x->var(x, IR_AS(IrVar, e), span_at(x, e))))
            return -1;
        sb_puts(out, text);
        return 0;
    case EXPR_CONST_INT:
        return constant_int(x, out, e);
    case EXPR_CONST_FLOAT: {
        double d = IR_AS(IrConstFloat, e)->value;
        if (x->style == CPP_ORCH && isfinite(d)) {
            sb_printf(out, "%f", d);   /* std::to_string's form */
            return 0;
        }
        if (x->style == CPP_KERNEL && cpp_float_literal(d, (DataType)e->dtype, buf, sizeof buf)) {
            sb_puts(out, buf);
            return 0;
        }
        return refuse(x, e, "the constant %g has no C++ spelling as %s", d, dtype_name((DataType)e->dtype));
    }
    case EXPR_CONST_BOOL:
        if (x->style == CPP_ORCH)
            sb_puts(out, e->op ? "1" : "0");
        else
            sb_puts(out, e->op ? "true" : "false");
        return 0;
    case EXPR_BINARY:
        return binary(x, out, IR_AS(IrBinary, e), start);
    case EXPR_UNARY:
        return unary(x, out, IR_AS(IrUnary, e), start);
    case EXPR_CALL:
        if (x->call && (text = x->call(x, IR_AS(IrCall, e)))) {
            sb_puts(out, text);
            return 0;
        }
        return refuse(x, e, "this expression cannot be emitted as a C++ scalar");
    default:
        return refuse(x, e, "this expression cannot be emitted as a C++ scalar");
    }
}

int cpp_expr(CppExpr *x, StrBuf *out, const IrExpr *e) { return render(x, out, e, out->len); }

void cpp_line_directive(StrBuf *out, const SourceFile *src, Span at, uint32_t *last)
{
    SourcePos p;
    if (!src || !span_is_known(at) || at.lo > src->len)
        return;
    p = source_pos((SourceFile *)src, at.lo);
    if (p.line == *last)
        return;
    *last = p.line;
    sb_printf(out, "#line %" PRIu32 " \"", p.line);
    for (const char *c = src->name; *c; c++) {
        if (*c == '"' || *c == '\\')
            sb_putc(out, '\\');
        sb_putc(out, *c);
    }
    sb_puts(out, "\"\n");
}
