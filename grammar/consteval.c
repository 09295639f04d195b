/* consteval.c: evaluation of constant expressions (see consteval.h). */
#include "config.h"
#include "grammar/consteval.h"
#include "ir/int_arith.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct Eval {
    ConstEnv *env;
    ConstError *err;
} Eval;

static const ConstVal *fail(Eval *ev, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static const ConstVal *fail(Eval *ev, Span at, const char *fmt, ...)
{
    va_list ap;
    if (ev->err->msg[0])
        return NULL;   /* keep the innermost reason */
    va_start(ap, fmt);
    vsnprintf(ev->err->msg, sizeof ev->err->msg, fmt, ap);
    va_end(ap);
    ev->err->at = at;
    return NULL;
}

/* A failure on what only Python could evaluate (see ConstError.unknown). */
static const ConstVal *unknown(Eval *ev, Span at, const char *fmt, const char *arg)
{
    if (!ev->err->msg[0])
        ev->err->unknown = 1;
    return fail(ev, at, fmt, arg);
}

static ConstVal *mk(Eval *ev, ConstKind k)
{
    ConstVal *v = arena_zalloc(ev->env->arena, sizeof *v);
    v->kind = (uint8_t)k;
    return v;
}

static const ConstVal *mk_int(Eval *ev, int64_t i)
{
    ConstVal *v = mk(ev, CV_INT);
    v->v.i = i;
    return v;
}

static const ConstVal *mk_float(Eval *ev, double f)
{
    ConstVal *v = mk(ev, CV_FLOAT);
    v->v.f = f;
    return v;
}

/* A float result of constant arithmetic: it must be finite (the IR has no
 * text for inf or nan, and Python's would overflow or be an error). */
static const ConstVal *float_result(Eval *ev, const AstNode *e, double f)
{
    if (!isfinite(f))
        return fail(ev, e->span, "float overflow in a constant expression (the result is not finite)");
    return mk_float(ev, f);
}

static const ConstVal *mk_bool(Eval *ev, int b)
{
    ConstVal *v = mk(ev, CV_BOOL);
    v->v.i = b != 0;
    return v;
}

static const ConstVal *mk_enum(Eval *ev, ConstKind k, int64_t i)
{
    ConstVal *v = mk(ev, k);
    v->v.i = i;
    return v;
}

static const ConstVal *mk_seq(Eval *ev, ConstKind k, uint32_t n, const ConstVal *const *items)
{
    ConstVal *v = mk(ev, k);
    v->v.seq.n = n;
    v->v.seq.items = n ? arena_memdup(ev->env->arena, items, n * sizeof *items) : NULL;
    return v;
}

const char *const_kind_name(ConstKind k)
{
    static const char *const names[] = {"int", "float", "bool", "str", "None", "list", "tuple", "data type",
                                        "memory space", "pipe", "tile layout", "tile pad", "tensor layout",
                                        "function type", "dynamic dimension"};
    return names[k];
}

void const_format(const ConstVal *v, char *buf, size_t cap)
{
    size_t k = 0;
    switch ((ConstKind)v->kind) {
    case CV_INT:
        snprintf(buf, cap, "%lld", (long long)v->v.i);
        return;
    case CV_FLOAT:
        snprintf(buf, cap, "%g", v->v.f);
        return;
    case CV_BOOL:
        snprintf(buf, cap, "%s", v->v.i ? "True" : "False");
        return;
    case CV_STR:
        snprintf(buf, cap, "'%s'", v->v.str.s);
        return;
    case CV_NONE:
        snprintf(buf, cap, "None");
        return;
    case CV_DTYPE:
        snprintf(buf, cap, "pl.%s", dtype_name((DataType)v->v.i));
        return;
    case CV_MEMSPACE:
        snprintf(buf, cap, "pl.MemorySpace.%s", memspace_name((MemorySpace)v->v.i));
        return;
    case CV_PIPE:
        snprintf(buf, cap, "pl.PipeType.%s", pipe_name((PipeKind)v->v.i));
        return;
    case CV_TILE_LAYOUT:
        snprintf(buf, cap, "pl.TileLayout.%s", tile_layout_name((TileLayout)v->v.i));
        return;
    case CV_TILE_PAD:
        snprintf(buf, cap, "pl.TilePad.%s", tile_pad_name((TilePad)v->v.i));
        return;
    case CV_TENSOR_LAYOUT:
        snprintf(buf, cap, "pl.TensorLayout.%s", tensor_layout_name((TensorLayout)v->v.i));
        return;
    case CV_FUNC_TYPE:
        snprintf(buf, cap, "pl.FunctionType.%s", func_type_name((FuncType)v->v.i));
        return;
    case CV_DYNVAR:
        snprintf(buf, cap, "pl.dynamic('%s')", v->v.var->name);
        return;
    case CV_LIST:
    case CV_TUPLE:
        if (cap < 8) {
            snprintf(buf, cap, "...");
            return;
        }
        buf[k++] = v->kind == CV_LIST ? '[' : '(';
        for (uint32_t i = 0; i < v->v.seq.n && k + 8 < cap; i++) {
            if (i) {
                buf[k++] = ',';
                buf[k++] = ' ';
            }
            const_format(v->v.seq.items[i], buf + k, cap - k - 4);
            k += strlen(buf + k);
        }
        if (v->kind == CV_TUPLE && v->v.seq.n == 1 && k + 3 < cap)
            buf[k++] = ',';
        buf[k++] = v->kind == CV_LIST ? ']' : ')';
        buf[k] = '\0';
        return;
    }
    snprintf(buf, cap, "?");
}

static int is_number(const ConstVal *v) { return v->kind == CV_INT || v->kind == CV_FLOAT || v->kind == CV_BOOL; }
static double as_double(const ConstVal *v) { return v->kind == CV_FLOAT ? v->v.f : (double)v->v.i; }

static const ConstVal *eval(Eval *ev, const AstNode *e);

/* pl.X / pl.MemorySpace.X / ...: the DSL's enumeration values. */
static const ConstVal *eval_attr(Eval *ev, const AstNode *e)
{
    const AstNode *base = e->a;
    const char *attr = e->name;
    if (base->kind == AST_NAME && ev->env->is_dsl_prefix(ev->env, base->name)) {
        int dt = dtype_from_name(attr);
        int tl = tensor_layout_from_name(attr);
        if (dt >= 0)
            return mk_enum(ev, CV_DTYPE, dt);
        if (tl >= 0)
            return mk_enum(ev, CV_TENSOR_LAYOUT, tl);
        return fail(ev, e->span, "'%s.%s' is not a constant", base->name, attr);
    }
    if (base->kind == AST_ATTR && base->a->kind == AST_NAME && ev->env->is_dsl_prefix(ev->env, base->a->name)) {
        const char *group = base->name;
        int k = -1;
        ConstKind kind = CV_INT;
        if (strcmp(group, "MemorySpace") == 0)
            k = memspace_from_name(attr), kind = CV_MEMSPACE;
        else if (strcmp(group, "PipeType") == 0)
            k = pipe_from_name(attr), kind = CV_PIPE;
        else if (strcmp(group, "TileLayout") == 0)
            k = tile_layout_from_name(attr), kind = CV_TILE_LAYOUT;
        else if (strcmp(group, "TilePad") == 0)
            k = tile_pad_from_name(attr), kind = CV_TILE_PAD;
        else if (strcmp(group, "TensorLayout") == 0)
            k = tensor_layout_from_name(attr), kind = CV_TENSOR_LAYOUT;
        else if (strcmp(group, "FunctionType") == 0)
            k = func_type_from_name(attr), kind = CV_FUNC_TYPE;
        else if (strcmp(group, "DataType") == 0)
            k = dtype_from_name(attr), kind = CV_DTYPE;
        else
            return fail(ev, e->span, "'%s.%s.%s' is not a constant", base->a->name, group, attr);
        if (k < 0)
            return fail(ev, e->span, "'%s' is not a member of %s.%s", attr, base->a->name, group);
        return mk_enum(ev, kind, k);
    }
    return unknown(ev, e->span, "%s", "attribute access is not a constant expression");
}

static const ConstVal *eval_name(Eval *ev, const AstNode *e)
{
    const char *why = NULL;
    const ConstVal *v = ev->env->lookup(ev->env, e->name, e->span, &why);
    int dt;
    if (v)
        return v;
    if (why)
        return unknown(ev, e->span, "%s", why);
    /* Bare data type names (FP32) are accepted as the reference does. */
    dt = dtype_from_name(e->name);
    if (dt >= 0)
        return mk_enum(ev, CV_DTYPE, dt);
    return unknown(ev, e->span, "name '%s' is not defined", e->name);
}

static const ConstVal *eval_seq(Eval *ev, const AstNode *e, ConstKind k)
{
    const ConstVal **items = e->list.n ? xmalloc(xmul_size(e->list.n, sizeof *items)) : NULL;
    const ConstVal *r = NULL;
    for (uint32_t i = 0; i < e->list.n; i++) {
        items[i] = eval(ev, e->list.items[i]);
        if (!items[i])
            goto out;
    }
    r = mk_seq(ev, k, e->list.n, items);
out:
    xfree(items);
    return r;
}

static const ConstVal *concat(Eval *ev, const ConstVal *a, const ConstVal *b)
{
    uint32_t n = a->v.seq.n + b->v.seq.n;
    const ConstVal **items = xmalloc(xmul_size(n ? n : 1, sizeof *items));
    const ConstVal *r;
    for (uint32_t i = 0; i < a->v.seq.n; i++)
        items[i] = a->v.seq.items[i];
    for (uint32_t i = 0; i < b->v.seq.n; i++)
        items[a->v.seq.n + i] = b->v.seq.items[i];
    r = mk_seq(ev, (ConstKind)a->kind, n, items);
    xfree(items);
    return r;
}

static const ConstVal *repeat(Eval *ev, const ConstVal *s, int64_t times, Span at)
{
    uint64_t n;
    const ConstVal **items;
    const ConstVal *r;
    if (times < 0)
        times = 0;
    n = (uint64_t)s->v.seq.n * (uint64_t)times;
    if (n > 1000000)
        return fail(ev, at, "constant sequence too long");
    items = xmalloc(xmul_size(n ? n : 1, sizeof *items));
    for (uint64_t i = 0; i < n; i++)
        items[i] = s->v.seq.items[i % s->v.seq.n];
    r = mk_seq(ev, (ConstKind)s->kind, (uint32_t)n, items);
    xfree(items);
    return r;
}

static const ConstVal *eval_binop(Eval *ev, const AstNode *e)
{
    const ConstVal *a = eval(ev, e->a), *b;
    if (!a)
        return NULL;
    b = eval(ev, e->b);
    if (!b)
        return NULL;
    if ((a->kind == CV_LIST || a->kind == CV_TUPLE) && e->op == AST_ADD && b->kind == a->kind)
        return concat(ev, a, b);
    if ((a->kind == CV_LIST || a->kind == CV_TUPLE) && e->op == AST_MUL && b->kind == CV_INT)
        return repeat(ev, a, b->v.i, e->span);
    if (!is_number(a) || !is_number(b))
        return fail(ev, e->span, "unsupported operand types for a constant expression: %s and %s",
                    const_kind_name((ConstKind)a->kind), const_kind_name((ConstKind)b->kind));
    if (a->kind != CV_FLOAT && b->kind != CV_FLOAT && e->op != AST_DIV) {
        static const IrBinaryOp int_ops[] = {
            [AST_ADD] = BIN_ADD, [AST_SUB] = BIN_SUB,         [AST_MUL] = BIN_MUL,         [AST_FLOORDIV] = BIN_FLOOR_DIV,
            [AST_MOD] = BIN_FLOOR_MOD, [AST_POW] = BIN_POW,   [AST_SHL] = BIN_SHL,         [AST_SHR] = BIN_SHR,
            [AST_BITAND] = BIN_BIT_AND, [AST_BITOR] = BIN_BIT_OR, [AST_BITXOR] = BIN_BIT_XOR, [AST_MATMUL] = BIN_COUNT,
        };
        int64_t r;
        if (e->op == AST_DIV || e->op >= sizeof int_ops / sizeof int_ops[0] || int_ops[e->op] == BIN_COUNT)
            return fail(ev, e->span, "unsupported operator in a constant expression");
        switch (int_binary(int_ops[e->op], a->v.i, b->v.i, &r)) {
        case INT_OK:
            return mk_int(ev, r);
        case INT_NEG_POW:   /* a float, as in Python */
            return float_result(ev, e, pow((double)a->v.i, (double)b->v.i));
        case INT_DIV_ZERO:
            return fail(ev, e->span, "division by zero in a constant expression");
        case INT_NEG_SHIFT:
            return fail(ev, e->span, "negative shift count");
        case INT_OVERFLOW:
            return fail(ev, e->span, "integer overflow in a constant expression");
        default:
            return fail(ev, e->span, "unsupported operator in a constant expression");
        }
    }
    {
        double x = as_double(a), y = as_double(b);
        switch ((AstBinOp)e->op) {
        case AST_ADD: return float_result(ev, e, x + y);
        case AST_SUB: return float_result(ev, e, x - y);
        case AST_MUL: return float_result(ev, e, x * y);
        case AST_DIV:
            if (y == 0)
                return fail(ev, e->span, "division by zero in a constant expression");
            return float_result(ev, e, x / y);
        case AST_FLOORDIV:
            if (y == 0)
                return fail(ev, e->span, "division by zero in a constant expression");
            return float_result(ev, e, floor(x / y));
        case AST_MOD:
            if (y == 0)
                return fail(ev, e->span, "division by zero in a constant expression");
            return float_result(ev, e, x - floor(x / y) * y);
        case AST_POW: return float_result(ev, e, pow(x, y));
        default:
            return fail(ev, e->span, "unsupported operator for float constants");
        }
    }
}

static int compare_values(const ConstVal *a, const ConstVal *b, int *result)
{
    if (is_number(a) && is_number(b)) {
        double x = as_double(a), y = as_double(b);
        *result = x < y ? -1 : x > y;
        return 1;
    }
    if (a->kind == b->kind && a->kind != CV_LIST && a->kind != CV_TUPLE && a->kind != CV_FLOAT) {
        if (a->kind == CV_STR)
            *result = strcmp(a->v.str.s, b->v.str.s);
        else if (a->kind == CV_DYNVAR)
            *result = a->v.var != b->v.var;
        else
            *result = a->v.i < b->v.i ? -1 : a->v.i > b->v.i;
        return 1;
    }
    return 0;
}

static const ConstVal *eval_compare(Eval *ev, const AstNode *e)
{
    const ConstVal *a = eval(ev, e->a), *b;
    int c;
    if (!a || !(b = eval(ev, e->b)))
        return NULL;
    if (!compare_values(a, b, &c))
        return fail(ev, e->span, "these constants cannot be compared");
    switch ((AstCmpOp)e->op) {
    case AST_EQ: return mk_bool(ev, c == 0);
    case AST_NE: return mk_bool(ev, c != 0);
    case AST_LT: return mk_bool(ev, c < 0);
    case AST_LE: return mk_bool(ev, c <= 0);
    case AST_GT: return mk_bool(ev, c > 0);
    case AST_GE: return mk_bool(ev, c >= 0);
    default: return fail(ev, e->span, "unsupported comparison in a constant expression");
    }
}

static int truthy(const ConstVal *v)
{
    switch ((ConstKind)v->kind) {
    case CV_FLOAT: return v->v.f != 0;
    case CV_LIST: case CV_TUPLE: return v->v.seq.n != 0;
    case CV_STR: return v->v.str.s[0] != 0;
    case CV_NONE: return 0;
    default: return v->v.i != 0;
    }
}

static const ConstVal *eval_call(Eval *ev, const AstNode *e)
{
    const AstNode *f = e->a;
    const ConstVal *args[4];
    uint32_t n = e->list.n;
    if (f->kind == AST_ATTR && f->a->kind == AST_NAME && ev->env->is_dsl_prefix(ev->env, f->a->name) &&
        strcmp(f->name, "dynamic") == 0) {
        const AstNode *arg = n == 1 ? e->list.items[0] : NULL;
        ConstVal *v;
        if (!arg || arg->kind != AST_STRING || e->list2.n)
            return fail(ev, e->span, "pl.dynamic() takes one string argument, the dimension's name");
        /* Types print the dimension by this name, so it must read back. */
        if (!literal_is_identifier(arg->name, (uint32_t)strlen(arg->name)))
            return fail(ev, arg->span, "the name of a dynamic dimension must be an identifier, not '%s'", arg->name);
        v = mk(ev, CV_DYNVAR);
        v->v.var = ev->env->dynvar(ev->env, intern_cstr(ev->env->names, arg->name), e->span);
        return v;
    }
    if (f->kind != AST_NAME)
        return unknown(ev, e->span, "%s", "this call is not a constant expression");
    if (e->list2.n)
        return fail(ev, e->span, "keyword arguments are not supported in constant expressions");
    if (n > 4)
        return fail(ev, e->span, "too many arguments in a constant expression");
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = eval(ev, e->list.items[i])))
            return NULL;
    if (strcmp(f->name, "len") == 0 && n == 1) {
        if (args[0]->kind == CV_LIST || args[0]->kind == CV_TUPLE)
            return mk_int(ev, args[0]->v.seq.n);
        if (args[0]->kind == CV_STR)
            return mk_int(ev, (int64_t)strlen(args[0]->v.str.s));
    } else if ((strcmp(f->name, "min") == 0 || strcmp(f->name, "max") == 0) && n >= 1) {
        int want_max = f->name[1] == 'a';
        const ConstVal *const *items = args;
        uint32_t m = n;
        const ConstVal *best;
        if (n == 1 && (args[0]->kind == CV_LIST || args[0]->kind == CV_TUPLE)) {
            items = args[0]->v.seq.items;
            m = args[0]->v.seq.n;
        }
        if (m == 0)
            return fail(ev, e->span, "%s() of an empty sequence", f->name);
        best = items[0];
        for (uint32_t i = 1; i < m; i++) {
            int c;
            if (!compare_values(items[i], best, &c))
                return fail(ev, e->span, "%s() of values that cannot be compared", f->name);
            if (want_max ? c > 0 : c < 0)
                best = items[i];
        }
        return best;
    } else if (strcmp(f->name, "abs") == 0 && n == 1 && is_number(args[0])) {
        if (args[0]->kind == CV_FLOAT)
            return mk_float(ev, fabs(args[0]->v.f));
        if (args[0]->v.i == INT64_MIN)
            return fail(ev, e->span, "integer overflow in a constant expression");
        return mk_int(ev, args[0]->v.i < 0 ? -args[0]->v.i : args[0]->v.i);
    } else if (strcmp(f->name, "int") == 0 && n == 1 && is_number(args[0])) {
        double d = as_double(args[0]);
        if (!(d > -9.3e18 && d < 9.3e18))
            return fail(ev, e->span, "integer overflow in a constant expression");
        return mk_int(ev, args[0]->kind == CV_FLOAT ? (int64_t)args[0]->v.f : args[0]->v.i);
    } else if (strcmp(f->name, "float") == 0 && n == 1 && is_number(args[0])) {
        return mk_float(ev, as_double(args[0]));
    } else if (strcmp(f->name, "bool") == 0 && n == 1) {
        return mk_bool(ev, truthy(args[0]));
    }
    return unknown(ev, e->span, "'%s(...)' is not a constant expression", f->name);
}

static const ConstVal *eval(Eval *ev, const AstNode *e)
{
    if (e->depth > AST_MAX_DEPTH)
        return fail(ev, e->span, "expression nested too deeply");
    switch ((AstKind)e->kind) {
    case AST_INT:
        if (e->flags & AST_BIG)
            return fail(ev, e->span, "integer literal is too large");
        return mk_int(ev, (int64_t)e->u);
    case AST_FLOAT:
        return mk_float(ev, e->f);
    case AST_TRUE:
    case AST_FALSE:
        return mk_bool(ev, e->kind == AST_TRUE);
    case AST_NONE:
        return mk(ev, CV_NONE);
    case AST_STRING: {
        ConstVal *v = mk(ev, CV_STR);
        v->v.str.s = intern(ev->env->names, e->name, (size_t)e->u);
        return v;
    }
    case AST_NAME:
        return eval_name(ev, e);
    case AST_ATTR:
        return eval_attr(ev, e);
    case AST_LIST:
        return eval_seq(ev, e, CV_LIST);
    case AST_TUPLE:
        return eval_seq(ev, e, CV_TUPLE);
    case AST_UNARY: {
        const ConstVal *a;
        if (e->op == AST_NEG && e->a->kind == AST_INT && (e->a->flags & AST_BIG) && !(e->a->flags & AST_PARENS) &&
            e->a->u == (uint64_t)INT64_MAX + 1)
            return mk_int(ev, INT64_MIN);
        if (!(a = eval(ev, e->a)))
            return NULL;
        if (e->op == AST_NOT)
            return mk_bool(ev, !truthy(a));
        if (!is_number(a))
            return fail(ev, e->span, "bad operand type for unary operator: %s", const_kind_name((ConstKind)a->kind));
        if (e->op == AST_POS)
            return a->kind == CV_BOOL ? mk_int(ev, a->v.i) : a;
        if (e->op == AST_INVERT) {
            if (a->kind == CV_FLOAT)
                return fail(ev, e->span, "'~' needs an integer");
            return mk_int(ev, ~a->v.i);
        }
        if (a->kind == CV_FLOAT)
            return mk_float(ev, -a->v.f);
        if (a->v.i == INT64_MIN)
            return fail(ev, e->span, "integer overflow in a constant expression");
        return mk_int(ev, -a->v.i);
    }
    case AST_BINOP:
        return eval_binop(ev, e);
    case AST_BOOLOP: {
        const ConstVal *a = eval(ev, e->a);
        if (!a)
            return NULL;
        if (e->op == AST_AND)
            return truthy(a) ? eval(ev, e->b) : a;
        if (e->op == AST_OR)
            return truthy(a) ? a : eval(ev, e->b);
        {
            const ConstVal *b = eval(ev, e->b);
            return b ? mk_bool(ev, truthy(a) != truthy(b)) : NULL;
        }
    }
    case AST_COMPARE:
        return eval_compare(ev, e);
    case AST_SUBSCRIPT: {
        const ConstVal *s = eval(ev, e->a), *ix;
        int64_t i;
        if (!s)
            return NULL;
        if (e->list.n != 1 || (e->flags & AST_TRAILING_COMMA) || e->list.items[0]->kind == AST_KEYWORD)
            return fail(ev, e->span, "only single indices are supported in constant expressions");
        if (!(ix = eval(ev, e->list.items[0])))
            return NULL;
        if (s->kind != CV_LIST && s->kind != CV_TUPLE)
            return fail(ev, e->span, "a %s cannot be indexed", const_kind_name((ConstKind)s->kind));
        if (ix->kind != CV_INT && ix->kind != CV_BOOL)
            return fail(ev, e->span, "indices must be integers");
        i = ix->v.i < 0 ? ix->v.i + (int64_t)s->v.seq.n : ix->v.i;
        if (i < 0 || i >= (int64_t)s->v.seq.n)
            return fail(ev, e->span, "index %lld out of range for a sequence of %u", (long long)ix->v.i, s->v.seq.n);
        return s->v.seq.items[i];
    }
    case AST_CALL:
        return eval_call(ev, e);
    default:
        return unknown(ev, e->span, "%s", "not a constant expression");
    }
}

const ConstVal *const_eval(ConstEnv *env, const AstNode *e, ConstError *err)
{
    Eval ev;
    ev.env = env;
    ev.err = err;
    err->msg[0] = '\0';
    err->at = e->span;
    err->unknown = 0;
    return eval(&ev, e);
}
