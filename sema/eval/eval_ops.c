/* eval_ops.c: making values, and what Python's operators do with them:
 * arithmetic, comparisons and containment (eval_seq.c indexes and
 * iterates, eval_repr.c makes text).  A user class's dunder methods
 * (__add__, __eq__, __lt__, __contains__, ...) are called where Python
 * would call them. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "ir/int_arith.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The longest sequence a compile-time computation may build. */
#define EV_MAX_SEQ 10000000u

/* ------------------------------------------------------------- making */

const ConstVal *ev_val(Ev *ev, ConstKind kind)
{
    ConstVal *v = arena_alloc(&ev->arena, sizeof *v);
    memset(v, 0, sizeof *v);
    v->kind = (uint8_t)kind;
    return v;
}

const ConstVal *ev_int(Ev *ev, int64_t i)
{
    ConstVal *v;
    if (i >= EV_SMALL_INT_MIN && i <= EV_SMALL_INT_MAX && ev->small_int[i - EV_SMALL_INT_MIN])
        return ev->small_int[i - EV_SMALL_INT_MIN];
    v = (ConstVal *)ev_val(ev, CV_INT);
    v->v.i = i;
    return v;
}

const ConstVal *ev_float(Ev *ev, double f)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_FLOAT);
    v->v.f = f;
    return v;
}

const ConstVal *ev_bool(Ev *ev, int b) { return b ? ev->true_ : ev->false_; }

const ConstVal *ev_str(Ev *ev, const char *s, size_t n)
{
    ConstVal *v;
    if (n == 0 && ev->empty_str)
        return ev->empty_str;
    v = (ConstVal *)ev_val(ev, CV_STR);
    v->v.str.s = intern(ev->names, s, n);
    return v;
}

const ConstVal *ev_str_c(Ev *ev, const char *s) { return ev_str(ev, s, strlen(s)); }

/* The storage of every sequence with no room: never written (an append
 * first makes room), but not a null pointer, so that copying from it or
 * taking items + 0 is defined. */
static const ConstVal *no_items[1];

const ConstVal *ev_seq(Ev *ev, ConstKind kind, uint32_t n, const ConstVal *const *items)
{
    ConstVal *v;
    if (kind == CV_TUPLE && n == 0 && ev->empty_tuple)
        return ev->empty_tuple;
    v = (ConstVal *)ev_val(ev, kind);
    v->v.seq.n = v->v.seq.cap = n;
    v->v.seq.items = no_items;
    if (n) {
        v->v.seq.items = arena_array(&ev->arena, n, sizeof *v->v.seq.items);
        ev_memcpy(v->v.seq.items, items, (size_t)n * sizeof *items);
    }
    return v;
}

ConstVal *ev_list_new(Ev *ev, uint32_t cap)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_LIST);
    v->v.seq.cap = cap;
    v->v.seq.items = cap ? arena_array(&ev->arena, cap, sizeof *v->v.seq.items) : no_items;
    return v;
}

void ev_list_append(Ev *ev, ConstVal *list, const ConstVal *x)
{
    if (list->v.seq.n == list->v.seq.cap) {
        uint32_t cap = list->v.seq.cap ? list->v.seq.cap * 2 : 4;
        const ConstVal **items = arena_array(&ev->arena, cap, sizeof *items);
        if (list->v.seq.n)
            ev_memcpy(items, list->v.seq.items, (size_t)list->v.seq.n * sizeof *items);
        list->v.seq.items = items;
        list->v.seq.cap = cap;
    }
    list->v.seq.items[list->v.seq.n++] = x;
}

ConstVal *ev_dict_new(Ev *ev, ConstKind kind)
{
    ConstVal *v = (ConstVal *)ev_val(ev, kind);
    v->v.table = arena_alloc(&ev->arena, sizeof *v->v.table);
    ev_table_init(v->v.table, 1);
    return v;
}

const ConstVal *ev_builtin(Ev *ev, const EvBuiltinDef *def, const ConstVal *self)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_BUILTIN);
    v->v.builtin.def = def;
    v->v.builtin.self = self;
    return v;
}

const ConstVal *ev_first_unknown(const ConstVal *const *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] && v[i]->kind == CV_UNKNOWN)
            return v[i];
    return NULL;
}

/* ------------------------------------------------------------- strings */

int ev_str_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return 0;
    return 1;
}

/* Characters (code points) of a valid UTF-8 string. */
size_t ev_str_chars(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    return c;
}

/* The byte offset of character k (k <= chars). */
size_t ev_str_offset(const char *s, size_t n, size_t k)
{
    size_t i = 0;
    if (ev_str_ascii(s, n))
        return k < n ? k : n;
    while (i < n && k) {
        i++;
        while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
        k--;
    }
    return i;
}

/* ----------------------------------------------------------- dunders */

/* A user class's special method of v (an instance), bound; NULL if none. */
const ConstVal *ev_dunder(Ev *ev, const ConstVal *v, const char *name)
{
    const ConstVal *m;
    if (v->kind != CV_INSTANCE || (v->v.obj->cls->flags & CLS_BUILTIN))
        return NULL;
    name = ev_cstr(ev, name);   /* (callers may pass a literal) */
    m = ev_class_lookup(v->v.obj->cls, name);
    if (!m || (m->kind != CV_FUNC && m->kind != CV_BUILTIN))
        return NULL;
    return ev_method(ev, v, name);
}

static const char *const binop_dunder[] = {
    [AST_ADD] = "__add__", [AST_SUB] = "__sub__", [AST_MUL] = "__mul__", [AST_DIV] = "__truediv__",
    [AST_FLOORDIV] = "__floordiv__", [AST_MOD] = "__mod__", [AST_POW] = "__pow__", [AST_SHL] = "__lshift__",
    [AST_SHR] = "__rshift__", [AST_BITAND] = "__and__", [AST_BITOR] = "__or__", [AST_BITXOR] = "__xor__",
    [AST_MATMUL] = "__matmul__",
};
static const char *const rbinop_dunder[] = {
    [AST_ADD] = "__radd__", [AST_SUB] = "__rsub__", [AST_MUL] = "__rmul__", [AST_DIV] = "__rtruediv__",
    [AST_FLOORDIV] = "__rfloordiv__", [AST_MOD] = "__rmod__", [AST_POW] = "__rpow__", [AST_SHL] = "__rlshift__",
    [AST_SHR] = "__rrshift__", [AST_BITAND] = "__rand__", [AST_BITOR] = "__ror__", [AST_BITXOR] = "__rxor__",
    [AST_MATMUL] = "__rmatmul__",
};
static const char *const binop_text[] = {
    [AST_ADD] = "+", [AST_SUB] = "-", [AST_MUL] = "*", [AST_DIV] = "/", [AST_FLOORDIV] = "//", [AST_MOD] = "%",
    [AST_POW] = "**", [AST_SHL] = "<<", [AST_SHR] = ">>", [AST_BITAND] = "&", [AST_BITOR] = "|",
    [AST_BITXOR] = "^", [AST_MATMUL] = "@",
};

/* ---------------------------------------------------------- arithmetic */

static const ConstVal *int_result(Ev *ev, IntStatus st, int64_t r, int op, Span at)
{
    switch (st) {
    case INT_OK:
        return ev_int(ev, r);
    case INT_DIV_ZERO:
        return ev_raise(ev, ev->e_zero, at, "integer division or modulo by zero");
    case INT_NEG_SHIFT:
        return ev_raise(ev, ev->e_value, at, "negative shift count");
    case INT_OVERFLOW:
        /* Python's integers have no limit; pyptocc's are 64-bit */
        return ev_unknown(ev, at, "the result of '%s' does not fit in a 64-bit integer", binop_text[op]);
    default:
        return ev_raise(ev, ev->e_type, at, "unsupported operand for '%s'", binop_text[op]);
    }
}

static const ConstVal *float_op(Ev *ev, int op, double x, double y, Span at)
{
    switch ((AstBinOp)op) {
    case AST_ADD: return ev_float(ev, x + y);
    case AST_SUB: return ev_float(ev, x - y);
    case AST_MUL: return ev_float(ev, x * y);
    case AST_DIV:
        if (y == 0)
            return ev_raise(ev, ev->e_zero, at, "division by zero");
        return ev_float(ev, x / y);
    case AST_FLOORDIV:
        if (y == 0)
            return ev_raise(ev, ev->e_zero, at, "float floor division by zero");
        return ev_float(ev, floor(x / y));
    case AST_MOD: {
        double m;
        if (y == 0)
            return ev_raise(ev, ev->e_zero, at, "float modulo by zero");
        m = fmod(x, y);
        if (m != 0 && ((m < 0) != (y < 0)))
            m += y;
        return ev_float(ev, m);
    }
    case AST_POW: {
        double r;
        if (x == 0 && y < 0)
            return ev_raise(ev, ev->e_zero, at, "zero to a negative power");
        if (x < 0 && y != floor(y))
            return ev_raise(ev, ev->e_value, at, "a negative number to a fractional power is complex");
        r = pow(x, y);
        if (isinf(r) && isfinite(x) && isfinite(y))
            return ev_raise(ev, ev->e_overflow, at, "numerical result out of range");
        return ev_float(ev, r);
    }
    default:
        return NULL;
    }
}

static const ConstVal *seq_concat(Ev *ev, const ConstVal *a, const ConstVal *b, Span at)
{
    uint64_t n = (uint64_t)a->v.seq.n + b->v.seq.n;
    ConstVal *r;
    if (n > EV_MAX_SEQ)
        return ev_raise(ev, ev->e_overflow, at, "sequence too long for compile-time evaluation");
    r = ev_list_new(ev, (uint32_t)n);
    r->kind = a->kind;
    ev_memcpy(r->v.seq.items, a->v.seq.items, (size_t)a->v.seq.n * sizeof *r->v.seq.items);
    ev_memcpy(r->v.seq.items + a->v.seq.n, b->v.seq.items, (size_t)b->v.seq.n * sizeof *r->v.seq.items);
    r->v.seq.n = (uint32_t)n;
    return r;
}

static const ConstVal *seq_repeat(Ev *ev, const ConstVal *s, int64_t times, Span at)
{
    uint64_t n;
    ConstVal *r;
    if (times < 0)
        times = 0;
    if (s->v.seq.n && (uint64_t)times > EV_MAX_SEQ / s->v.seq.n)
        return ev_raise(ev, ev->e_overflow, at, "sequence too long for compile-time evaluation");
    n = (uint64_t)s->v.seq.n * (uint64_t)times;
    r = ev_list_new(ev, (uint32_t)n);
    r->kind = s->kind;
    for (uint64_t i = 0; i < n; i++)
        r->v.seq.items[i] = s->v.seq.items[i % s->v.seq.n];
    r->v.seq.n = (uint32_t)n;
    return r;
}

static const ConstVal *str_repeat(Ev *ev, const ConstVal *s, int64_t times, Span at)
{
    size_t len = intern_len(s->v.str.s);
    char *buf;
    const ConstVal *r;
    if (times <= 0 || !len)
        return ev->empty_str;
    if ((uint64_t)times > EV_MAX_SEQ / len)
        return ev_raise(ev, ev->e_overflow, at, "string too long for compile-time evaluation");
    buf = xmalloc(len * (size_t)times);
    for (int64_t i = 0; i < times; i++)
        ev_memcpy(buf + (size_t)i * len, s->v.str.s, len);
    r = ev_str(ev, buf, len * (size_t)times);
    xfree(buf);
    return r;
}

static const ConstVal *set_op(Ev *ev, int op, const ConstVal *a, const ConstVal *b)
{
    ConstVal *r = ev_dict_new(ev, a->kind);
    const EvTable *ta = a->v.table, *tb = b->v.table;
    for (uint32_t i = 0; i < ta->n; i++) {
        int in_b;
        if (!ta->keys[i])
            continue;
        in_b = ev_table_get(tb, ta->keys[i]) != NULL;
        if (op == AST_BITOR || (op == AST_BITAND && in_b) || ((op == AST_SUB || op == AST_BITXOR) && !in_b))
            ev_table_put(r->v.table, &ev->arena, ta->keys[i], ta->vals[i]);
    }
    if (op == AST_BITOR || op == AST_BITXOR)
        for (uint32_t i = 0; i < tb->n; i++)
            if (tb->keys[i] && (op == AST_BITOR || !ev_table_get(ta, tb->keys[i])))
                ev_table_put(r->v.table, &ev->arena, tb->keys[i], tb->vals[i]);
    return r;
}

static const ConstVal *unsupported(Ev *ev, int op, const ConstVal *a, const ConstVal *b, Span at)
{
    return ev_raise(ev, ev->e_type, at, "unsupported operand type(s) for %s: '%s' and '%s'", binop_text[op],
                    ev_type_name(ev, a), ev_type_name(ev, b));
}

const ConstVal *ev_binop(Ev *ev, int op, const ConstVal *a, const ConstVal *b, Span at)
{
    int64_t i, j;
    double x, y;
    const ConstVal *m;
    if (a->kind == CV_UNKNOWN)
        return a;
    if (b->kind == CV_UNKNOWN)
        return b;
    if (cv_as_int(a, &i) && cv_as_int(b, &j)) {
        static const IrBinaryOp int_ops[] = {
            [AST_ADD] = BIN_ADD,          [AST_SUB] = BIN_SUB,      [AST_MUL] = BIN_MUL,
            [AST_FLOORDIV] = BIN_FLOOR_DIV, [AST_MOD] = BIN_FLOOR_MOD, [AST_POW] = BIN_POW,
            [AST_SHL] = BIN_SHL,          [AST_SHR] = BIN_SHR,      [AST_BITAND] = BIN_BIT_AND,
            [AST_BITOR] = BIN_BIT_OR,     [AST_BITXOR] = BIN_BIT_XOR, [AST_DIV] = BIN_COUNT,
            [AST_MATMUL] = BIN_COUNT,
        };
        int64_t r;
        IntStatus st;
        if (a->kind == CV_BOOL && b->kind == CV_BOOL &&
            (op == AST_BITAND || op == AST_BITOR || op == AST_BITXOR))
            return ev_bool(ev, op == AST_BITAND ? (i & j) : op == AST_BITOR ? (i | j) : (i ^ j));
        if (op == AST_DIV) {
            if (j == 0)
                return ev_raise(ev, ev->e_zero, at, "division by zero");
            return ev_float(ev, (double)i / (double)j);
        }
        if (op == AST_MATMUL)
            return unsupported(ev, op, a, b, at);
        st = int_binary(int_ops[op], i, j, &r);
        if (st == INT_NEG_POW)
            return float_op(ev, AST_POW, (double)i, (double)j, at);
        return int_result(ev, st, r, op, at);
    }
    if (cv_as_double(a, &x) && cv_as_double(b, &y) && op != AST_MATMUL && op != AST_SHL && op != AST_SHR &&
        op != AST_BITAND && op != AST_BITOR && op != AST_BITXOR)
        return float_op(ev, op, x, y, at);
    if ((m = ev_dunder(ev, a, binop_dunder[op])) != NULL)
        return ev_call_n(ev, m, at, 1, &b);
    if ((m = ev_dunder(ev, b, rbinop_dunder[op])) != NULL)
        return ev_call_n(ev, m, at, 1, &a);
    switch (a->kind) {
    case CV_STR:
        if (op == AST_ADD && b->kind == CV_STR) {
            size_t la = intern_len(a->v.str.s), lb = intern_len(b->v.str.s);
            char *buf = xmalloc(la + lb + 1);
            const ConstVal *r;
            ev_memcpy(buf, a->v.str.s, la);
            ev_memcpy(buf + la, b->v.str.s, lb);
            r = ev_str(ev, buf, la + lb);
            xfree(buf);
            return r;
        }
        if (op == AST_MUL && cv_as_int(b, &j))
            return str_repeat(ev, a, j, at);
        if (op == AST_MOD)
            return ev_percent_format(ev, a->v.str.s, b, at);
        break;
    case CV_LIST:
    case CV_TUPLE:
        if (op == AST_ADD && b->kind == a->kind)
            return seq_concat(ev, a, b, at);
        if (op == AST_MUL && cv_as_int(b, &j))
            return seq_repeat(ev, a, j, at);
        break;
    case CV_DICT:
        if (op == AST_BITOR && b->kind == CV_DICT) {
            ConstVal *r = ev_dict_new(ev, CV_DICT);
            for (int k = 0; k < 2; k++) {
                const EvTable *t = (k ? b : a)->v.table;
                for (uint32_t e = 0; e < t->n; e++)
                    if (t->keys[e])
                        ev_table_put(r->v.table, &ev->arena, t->keys[e], t->vals[e]);
            }
            return r;
        }
        break;
    case CV_SET:
        if (b->kind == CV_SET && (op == AST_BITOR || op == AST_BITAND || op == AST_SUB || op == AST_BITXOR))
            return set_op(ev, op, a, b);
        break;
    default:
        break;
    }
    if (op == AST_MUL && cv_as_int(a, &i) && (b->kind == CV_STR || b->kind == CV_LIST || b->kind == CV_TUPLE))
        return ev_binop(ev, op, b, a, at);
    if (a->kind == CV_DSL || b->kind == CV_DSL || a->kind == CV_DYNVAR || b->kind == CV_DYNVAR)
        return ev_unknown(ev, at, "'%s' on %s and %s is not a compile-time value", binop_text[op],
                          const_kind_name((ConstKind)a->kind), const_kind_name((ConstKind)b->kind));
    return unsupported(ev, op, a, b, at);
}

const ConstVal *ev_unary(Ev *ev, int op, const ConstVal *a, Span at)
{
    int64_t i;
    double x;
    const ConstVal *m;
    if (a->kind == CV_UNKNOWN)
        return a;
    if (op == AST_NOT) {
        int t = ev_truthy(ev, a, at);
        return t < 0 ? NULL : ev_bool(ev, !t);
    }
    if (cv_as_int(a, &i)) {
        if (op == AST_POS)
            return ev_int(ev, i);
        if (op == AST_INVERT)
            return ev_int(ev, ~i);
        if (i == INT64_MIN)
            return ev_unknown(ev, at, "-(%lld) does not fit in a 64-bit integer", (long long)i);
        return ev_int(ev, -i);
    }
    if (cv_as_double(a, &x)) {
        if (op == AST_INVERT)
            return ev_raise(ev, ev->e_type, at, "bad operand type for unary ~: 'float'");
        return ev_float(ev, op == AST_NEG ? -x : x);
    }
    if ((m = ev_dunder(ev, a, op == AST_NEG ? "__neg__" : op == AST_POS ? "__pos__" : "__invert__")) != NULL)
        return ev_call_n(ev, m, at, 0, NULL);
    return ev_raise(ev, ev->e_type, at, "bad operand type for unary %s: '%s'",
                    op == AST_NEG ? "-" : op == AST_POS ? "+" : "~", ev_type_name(ev, a));
}

/* ---------------------------------------------------------- comparison */

static int seq_less(Ev *ev, const ConstVal *a, const ConstVal *b, Span at)
{
    uint32_t n = a->v.seq.n < b->v.seq.n ? a->v.seq.n : b->v.seq.n;
    for (uint32_t k = 0; k < n; k++) {
        if (cv_equal(a->v.seq.items[k], b->v.seq.items[k]))
            continue;
        return ev_less(ev, a->v.seq.items[k], b->v.seq.items[k], at);
    }
    return a->v.seq.n < b->v.seq.n;
}

/* The fields of a dataclass instance as a tuple (order=True). */
static const ConstVal *field_tuple(Ev *ev, const ConstVal *v)
{
    const EvClass *c = v->v.obj->cls;
    const ConstVal **items = arena_array(&ev->arena, c->nfields ? c->nfields : 1, sizeof *items);
    for (uint32_t k = 0; k < c->nfields; k++) {
        items[k] = ev_table_get(&v->v.obj->attrs, c->fields[k]);
        if (!items[k])
            items[k] = ev->none;
    }
    return ev_seq(ev, CV_TUPLE, c->nfields, items);
}

int ev_less(Ev *ev, const ConstVal *a, const ConstVal *b, Span at)
{
    double x, y;
    int64_t i, j;
    const ConstVal *m;
    if (cv_as_int(a, &i) && cv_as_int(b, &j))
        return i < j;
    if (cv_as_double(a, &x) && cv_as_double(b, &y))
        return x < y;
    if (a->kind == CV_STR && b->kind == CV_STR)
        return strcmp(a->v.str.s, b->v.str.s) < 0;
    if ((a->kind == CV_LIST || a->kind == CV_TUPLE) && b->kind == a->kind)
        return seq_less(ev, a, b, at);
    if (ev_namedtuple_fields(a) || ev_namedtuple_fields(b)) {
        const ConstVal *p = ev_namedtuple_fields(a) ? ev_namedtuple_fields(a) : a;
        const ConstVal *q = ev_namedtuple_fields(b) ? ev_namedtuple_fields(b) : b;
        if (p->kind == CV_TUPLE && q->kind == CV_TUPLE)
            return seq_less(ev, p, q, at);
    }
    if (a->kind == CV_SET && b->kind == CV_SET) {
        const EvTable *ta = a->v.table;
        if (ta->live >= b->v.table->live)
            return 0;
        for (uint32_t k = 0; k < ta->n; k++)
            if (ta->keys[k] && !ev_table_get(b->v.table, ta->keys[k]))
                return 0;
        return 1;
    }
    if ((m = ev_dunder(ev, a, ev->n.lt)) != NULL) {
        const ConstVal *r = ev_call_n(ev, m, at, 1, &b);
        return r ? ev_truthy(ev, r, at) : -1;
    }
    if ((m = ev_dunder(ev, b, ev->n.gt)) != NULL) {
        const ConstVal *r = ev_call_n(ev, m, at, 1, &a);
        return r ? ev_truthy(ev, r, at) : -1;
    }
    if (a->kind == CV_INSTANCE && b->kind == CV_INSTANCE && a->v.obj->cls == b->v.obj->cls &&
        (a->v.obj->cls->flags & CLS_ORDER))
        return seq_less(ev, field_tuple(ev, a), field_tuple(ev, b), at);
    ev_raise(ev, ev->e_type, at, "'<' not supported between instances of '%s' and '%s'", ev_type_name(ev, a),
             ev_type_name(ev, b));
    return -1;
}

static int equal(Ev *ev, const ConstVal *a, const ConstVal *b, Span at)
{
    const ConstVal *m;
    if ((m = ev_dunder(ev, a, ev->n.eq)) != NULL) {
        const ConstVal *r = ev_call_n(ev, m, at, 1, &b);
        return r ? ev_truthy(ev, r, at) : -1;
    }
    return cv_equal(a, b);
}

int ev_compare(Ev *ev, int op, const ConstVal *a, const ConstVal *b, Span at)
{
    int r;
    switch ((AstCmpOp)op) {
    case AST_EQ:
        return equal(ev, a, b, at);
    case AST_NE:
        r = equal(ev, a, b, at);
        return r < 0 ? r : !r;
    case AST_LT:
        return ev_less(ev, a, b, at);
    case AST_GT:
        return ev_less(ev, b, a, at);
    case AST_LE:
        r = ev_less(ev, b, a, at);
        return r < 0 ? r : !r;
    case AST_GE:
        r = ev_less(ev, a, b, at);
        return r < 0 ? r : !r;
    case AST_IN:
        return ev_contains(ev, b, a, at);
    case AST_NOT_IN:
        r = ev_contains(ev, b, a, at);
        return r < 0 ? r : !r;
    case AST_IS:
    case AST_IS_NOT:
        r = a == b || (a->kind == b->kind && (a->kind == CV_NONE || a->kind == CV_ELLIPSIS)) ||
            (a->kind == b->kind && a->kind == CV_STR && a->v.str.s == b->v.str.s) ||
            (a->kind == b->kind && (a->kind == CV_BOOL || a->kind == CV_DTYPE) && a->v.i == b->v.i);
        return op == AST_IS ? r : !r;
    }
    return 0;
}

int ev_contains(Ev *ev, const ConstVal *c, const ConstVal *key, Span at)
{
    const ConstVal *m;
    switch ((ConstKind)c->kind) {
    case CV_LIST:
    case CV_TUPLE:
        for (uint32_t i = 0; i < c->v.seq.n; i++)
            if (cv_equal(c->v.seq.items[i], key))
                return 1;
        return 0;
    case CV_DICT:
    case CV_SET:
        return ev_table_get(c->v.table, key) != NULL;
    case CV_STR:
        if (key->kind != CV_STR) {
            ev_raise(ev, ev->e_type, at, "'in <string>' requires string as left operand, not %s", ev_type_name(ev, key));
            return -1;
        }
        return strstr(c->v.str.s, key->v.str.s) != NULL;
    case CV_RANGE: {
        int64_t k, s = c->v.range.step;
        if (!cv_as_int(key, &k))
            return 0;
        if (s > 0 ? (k < c->v.range.start || k >= c->v.range.stop) : (k > c->v.range.start || k <= c->v.range.stop))
            return 0;
        return (k - c->v.range.start) % s == 0;
    }
    case CV_CLASS:
        if (c->v.cls->flags & CLS_ENUM) {
            for (uint32_t i = 0; i < c->v.cls->members.len; i++)
                if (c->v.cls->members.data[i] == key)
                    return 1;
            return 0;
        }
        break;
    case CV_INSTANCE:
        if (c->v.obj->tuple)
            return ev_contains(ev, c->v.obj->tuple, key, at);
        if ((m = ev_dunder(ev, c, ev->n.contains)) != NULL) {
            const ConstVal *r = ev_call_n(ev, m, at, 1, &key);
            return r ? ev_truthy(ev, r, at) : -1;
        }
        break;
    default:
        break;
    }
    ev_raise(ev, ev->e_type, at, "argument of type '%s' is not iterable", ev_type_name(ev, c));
    return -1;
}
