/* eval_mathlib.c: the functions of the math, itertools, copy and
 * operator modules the evaluator provides (eval_stdlib.c makes the
 * modules). */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <math.h>
#include <string.h>

/* (PI is not C11's) */
#define PI 3.14159265358979323846
#define EULER 2.71828182845904523536

#define KW(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NOKW ((const char *const *)NULL)

/* ------------------------------------------------------------------ math */

static const ConstVal *to_int(Ev *ev, double d, Span at)
{
    if (!isfinite(d))
        return ev_raise(ev, isnan(d) ? ev->e_value : ev->e_overflow, at, "cannot convert float %s to integer",
                        isnan(d) ? "NaN" : "infinity");
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
        return ev_unknown(ev, at, "the result does not fit in a 64-bit integer");
    return ev_int(ev, (int64_t)d);
}

static int num(Ev *ev, const EvArgs *a, uint32_t i, double *out)
{
    if (i < a->n && cv_as_double(a->pos[i], out))
        return 1;
    ev_raise(ev, ev->e_type, a->at, "%s() needs a number%s", a->def->name,
             i < a->n ? ", not a " : "");
    return 0;
}

/* ceil, floor, trunc: ints stay ints. */
static const ConstVal *m_round(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    double d;
    int64_t i;
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    if (cv_as_int(a->pos[0], &i))
        return ev_int(ev, i);
    if (!num(ev, a, 0, &d))
        return NULL;
    return to_int(ev, a->data == 0 ? ceil(d) : a->data == 1 ? floor(d) : trunc(d), a->at);
}

static const ConstVal *m_unary(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    double d, r;
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 1, a->data == 1 ? 2 : 1, NOKW) || !num(ev, a, 0, &d))
        return NULL;
    switch (a->data) {
    case 0: /* sqrt */
        if (d < 0)
            return ev_raise(ev, ev->e_value, a->at, "math domain error");
        r = sqrt(d);
        break;
    case 1: /* log */
        if (d <= 0)
            return ev_raise(ev, ev->e_value, a->at, "math domain error");
        r = log(d);
        if (a->n == 2) {
            double b;
            if (!num(ev, a, 1, &b))
                return NULL;
            if (b <= 0 || b == 1)
                return ev_raise(ev, ev->e_value, a->at, "math domain error");
            r /= log(b);
        }
        break;
    case 2:
        if (d <= 0)
            return ev_raise(ev, ev->e_value, a->at, "math domain error");
        r = log2(d);
        break;
    case 3:
        if (d <= 0)
            return ev_raise(ev, ev->e_value, a->at, "math domain error");
        r = log10(d);
        break;
    case 4: r = exp(d); break;
    case 5: r = fabs(d); break;
    case 6: r = sin(d); break;
    case 7: r = cos(d); break;
    case 8: r = tan(d); break;
    case 9: r = atan(d); break;
    case 10: r = d * PI / 180.0; break;
    case 11: r = d * 180.0 / PI; break;
    case 12: return ev_bool(ev, isfinite(d));
    case 13: return ev_bool(ev, isinf(d));
    case 14: return ev_bool(ev, isnan(d));
    case 15: r = tanh(d); break;
    case 16:
        if (d <= -1)
            return ev_raise(ev, ev->e_value, a->at, "math domain error");
        r = log1p(d);
        break;
    default: r = expm1(d); break;
    }
    if (isinf(r) && isfinite(d))
        return ev_raise(ev, ev->e_overflow, a->at, "math range error");
    return ev_float(ev, r);
}

static const ConstVal *m_binary(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    double x, y;
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 2, 2, NOKW) || !num(ev, a, 0, &x) || !num(ev, a, 1, &y))
        return NULL;
    switch (a->data) {
    case 0: return ev_float(ev, pow(x, y));
    case 1: return ev_float(ev, atan2(x, y));
    case 2: return ev_float(ev, copysign(x, y));
    case 3:
        if (y == 0)
            return ev_raise(ev, ev->e_value, a->at, "math domain error");
        return ev_float(ev, fmod(x, y));
    default: return ev_float(ev, hypot(x, y));
    }
}

static int64_t gcd64(int64_t a, int64_t b)
{
    uint64_t x = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, y = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return (int64_t)x;
}

static const ConstVal *m_gcd(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t acc = a->data ? 1 : 0;
    (void)self;
    for (uint32_t i = 0; i < a->n; i++) {
        int64_t v;
        if (!ev_arg_int(ev, a->def->name, a->pos[i], &v, a->at))
            return NULL;
        if (a->data) {   /* lcm */
            int64_t g = gcd64(acc, v), r;
            if (v == 0 || acc == 0) {
                acc = 0;
                continue;
            }
            if (__builtin_mul_overflow(acc / g, v < 0 ? -v : v, &r))
                return ev_unknown(ev, a->at, "lcm() does not fit in 64 bits");
            acc = r;
        } else {
            acc = gcd64(acc, v);
        }
    }
    return ev_int(ev, acc);
}

static const ConstVal *m_prod(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *acc = ev_arg(a, 1, "start");
    ConstVal *l;
    (void)self;
    if (!ev_check_args(ev, "math.prod", a, 1, 1, KW("start")) || !(l = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    if (!acc)
        acc = ev_int(ev, 1);
    for (uint32_t i = 0; i < l->v.seq.n; i++)
        if (!(acc = ev_binop(ev, AST_MUL, acc, l->v.seq.items[i], a->at)))
            return NULL;
    return acc;
}

static const ConstVal *m_isqrt(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t n;
    uint64_t r;
    (void)self;
    if (!ev_check_args(ev, "math.isqrt", a, 1, 1, NOKW) || !ev_arg_int(ev, "isqrt", a->pos[0], &n, a->at))
        return NULL;
    if (n < 0)
        return ev_raise(ev, ev->e_value, a->at, "isqrt() argument must be nonnegative");
    r = (uint64_t)sqrtl((long double)n);
    while (r * r > (uint64_t)n)
        r--;
    while ((r + 1) * (r + 1) <= (uint64_t)n)
        r++;
    return ev_int(ev, (int64_t)r);
}

static const ConstVal *m_factorial(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t n, k = 0, r = 1, nn = 0, kk;
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, a->data ? 2 : 1, a->data ? 2 : 1, NOKW) ||
        !ev_arg_int(ev, a->def->name, a->pos[0], &n, a->at))
        return NULL;
    if (a->data && !ev_arg_int(ev, a->def->name, a->pos[1], &k, a->at))
        return NULL;
    if (n < 0 || k < 0)
        return ev_raise(ev, ev->e_value, a->at, "%s() not defined for negative values", a->def->name);
    if (a->data == 1) {   /* comb(n, k) */
        if (k > n)
            return ev_int(ev, 0);
        if (k > n - k)
            k = n - k;
        for (kk = 1; kk <= k; kk++) {
            __int128 t = (__int128)r * (n - k + kk);
            if (t / kk > INT64_MAX)
                return ev_unknown(ev, a->at, "comb() does not fit in 64 bits");
            r = (int64_t)(t / kk);
        }
        return ev_int(ev, r);
    }
    if (a->data == 2) {   /* perm(n, k) */
        if (k > n)
            return ev_int(ev, 0);
        nn = n - k;
    }
    for (int64_t i = nn + 1; i <= n; i++)
        if (__builtin_mul_overflow(r, i, &r))
            return ev_unknown(ev, a->at, "%s() does not fit in 64 bits", a->def->name);
    return ev_int(ev, r);
}

static const ConstVal *m_isclose(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    double x, y, rt = 1e-9, at = 0;
    const ConstVal *r = ev_arg(a, UINT32_MAX, "rel_tol"), *t = ev_arg(a, UINT32_MAX, "abs_tol");
    (void)self;
    if (!ev_check_args(ev, "math.isclose", a, 2, 2, KW("rel_tol", "abs_tol")) || !num(ev, a, 0, &x) ||
        !num(ev, a, 1, &y))
        return NULL;
    if (r)
        cv_as_double(r, &rt);
    if (t)
        cv_as_double(t, &at);
    if (x == y)
        return ev->true_;
    return ev_bool(ev, fabs(x - y) <= fmax(rt * fmax(fabs(x), fabs(y)), at));
}

const EvBuiltinDef ev_math_defs[] = {
    {"math.ceil", m_round, 0, 0},   {"math.floor", m_round, 1, 0},  {"math.trunc", m_round, 2, 0},
    {"math.sqrt", m_unary, 0, 0},   {"math.log", m_unary, 1, 0},    {"math.log2", m_unary, 2, 0},
    {"math.log10", m_unary, 3, 0},  {"math.exp", m_unary, 4, 0},    {"math.fabs", m_unary, 5, 0},
    {"math.sin", m_unary, 6, 0},    {"math.cos", m_unary, 7, 0},    {"math.tan", m_unary, 8, 0},
    {"math.atan", m_unary, 9, 0},   {"math.radians", m_unary, 10, 0}, {"math.degrees", m_unary, 11, 0},
    {"math.isfinite", m_unary, 12, 0}, {"math.isinf", m_unary, 13, 0}, {"math.isnan", m_unary, 14, 0},
    {"math.tanh", m_unary, 15, 0},  {"math.log1p", m_unary, 16, 0}, {"math.expm1", m_unary, 17, 0},
    {"math.pow", m_binary, 0, 0},   {"math.atan2", m_binary, 1, 0}, {"math.copysign", m_binary, 2, 0},
    {"math.fmod", m_binary, 3, 0},  {"math.hypot", m_binary, 4, 0}, {"math.gcd", m_gcd, 0, 0},
    {"math.lcm", m_gcd, 1, 0},      {"math.prod", m_prod, 0, 0},    {"math.isqrt", m_isqrt, 0, 0},
    {"math.factorial", m_factorial, 0, 0}, {"math.comb", m_factorial, 1, 0}, {"math.perm", m_factorial, 2, 0},
    {"math.isclose", m_isclose, 0, 0},
    {NULL, NULL, 0, 0},
};

/* ------------------------------------------ itertools, copy, operator */

static const ConstVal *it_product(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *rep = ev_arg(a, UINT32_MAX, "repeat");
    int64_t r = 1;
    uint32_t n, total = 1;
    ConstVal **lists, *out;
    uint32_t *ix;
    (void)self;
    if (rep && !ev_arg_int(ev, "product", rep, &r, a->at))
        return NULL;
    if (r < 0 || r > 64)
        return ev_raise(ev, ev->e_value, a->at, "repeat argument out of range");
    n = a->n * (uint32_t)r;
    lists = arena_array(&ev->arena, n ? n : 1, sizeof *lists);
    ix = arena_zalloc(&ev->arena, (n ? n : 1) * sizeof *ix);
    for (uint32_t i = 0; i < a->n; i++) {
        ConstVal *l = ev_to_list(ev, a->pos[i], a->at);
        if (!l)
            return NULL;
        for (int64_t k = 0; k < r; k++)
            lists[(uint32_t)k * a->n + i] = l;
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((uint64_t)total * lists[i]->v.seq.n > 10000000u)
            return ev_raise(ev, ev->e_overflow, a->at, "product() too large for compile-time evaluation");
        total *= lists[i]->v.seq.n;
    }
    out = ev_list_new(ev, total);
    for (uint32_t t = 0; t < total; t++) {
        const ConstVal **items = arena_array(&ev->arena, n ? n : 1, sizeof *items);
        for (uint32_t i = 0; i < n; i++)
            items[i] = lists[i]->v.seq.items[ix[i]];
        ev_list_append(ev, out, ev_seq(ev, CV_TUPLE, n, items));
        for (uint32_t i = n; i-- > 0;) {
            if (++ix[i] < lists[i]->v.seq.n)
                break;
            ix[i] = 0;
        }
    }
    return out;
}

static const ConstVal *it_chain(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *out = ev_list_new(ev, 0);
    (void)self;
    for (uint32_t i = 0; i < a->n; i++) {
        ConstVal *l = ev_to_list(ev, a->pos[i], a->at);
        if (!l)
            return NULL;
        for (uint32_t k = 0; k < l->v.seq.n; k++)
            ev_list_append(ev, out, l->v.seq.items[k]);
    }
    return out;
}

static const ConstVal *it_accumulate(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l, *out;
    const ConstVal *acc = NULL, *init = ev_arg(a, UINT32_MAX, "initial");
    (void)self;
    if (a->n < 1 || !(l = ev_to_list(ev, a->pos[0], a->at)))
        return a->n < 1 ? ev_raise(ev, ev->e_type, a->at, "accumulate() takes an iterable") : NULL;
    out = ev_list_new(ev, l->v.seq.n + 1);
    if (init && init->kind != CV_NONE) {
        acc = init;
        ev_list_append(ev, out, acc);
    }
    for (uint32_t i = 0; i < l->v.seq.n; i++) {
        const ConstVal *x = l->v.seq.items[i];
        if (!acc)
            acc = x;
        else if (a->n > 1) {
            const ConstVal *args[2] = {acc, x};
            if (!(acc = ev_call_n(ev, a->pos[1], a->at, 2, args)))
                return NULL;
        } else if (!(acc = ev_binop(ev, AST_ADD, acc, x, a->at))) {
            return NULL;
        }
        ev_list_append(ev, out, acc);
    }
    return out;
}

static const ConstVal *it_repeat(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t n;
    ConstVal *out;
    (void)self;
    if (a->n != 2 || !ev_arg_int(ev, "repeat", a->pos[1], &n, a->at))
        return a->n == 1 ? ev_unknown(ev, a->at, "an endless itertools.repeat() is not evaluated") : NULL;
    if (n < 0)
        n = 0;
    if (n > 10000000)
        return ev_raise(ev, ev->e_overflow, a->at, "repeat() too large for compile-time evaluation");
    out = ev_list_new(ev, (uint32_t)n);
    for (int64_t i = 0; i < n; i++)
        ev_list_append(ev, out, a->pos[0]);
    return out;
}

static const ConstVal *cp_copy(Ev *ev, const ConstVal *v, int deep, int depth)
{
    if (depth > 100)
        return v;
    switch (v->kind) {
    case CV_LIST: {
        ConstVal *l = ev_list_new(ev, v->v.seq.n);
        for (uint32_t i = 0; i < v->v.seq.n; i++)
            ev_list_append(ev, l, deep ? cp_copy(ev, v->v.seq.items[i], 1, depth + 1) : v->v.seq.items[i]);
        return l;
    }
    case CV_DICT:
    case CV_SET: {
        ConstVal *d = ev_dict_new(ev, (ConstKind)v->kind);
        for (uint32_t i = 0; i < v->v.table->n; i++)
            if (v->v.table->keys[i])
                ev_table_put(d->v.table, &ev->arena, v->v.table->keys[i],
                             deep ? cp_copy(ev, v->v.table->vals[i], 1, depth + 1) : v->v.table->vals[i]);
        return d;
    }
    case CV_INSTANCE: {
        ConstVal *o;
        if (v->v.obj->cls->flags & (CLS_ENUM | CLS_BUILTIN))
            return v;
        o = (ConstVal *)ev_val(ev, CV_INSTANCE);
        *o = *v;
        o->v.obj = arena_alloc(&ev->arena, sizeof *o->v.obj);
        *o->v.obj = *v->v.obj;
        ev_table_init(&o->v.obj->attrs, 0);
        for (uint32_t i = 0; i < v->v.obj->attrs.n; i++)
            if (v->v.obj->attrs.keys[i])
                ev_table_put(&o->v.obj->attrs, &ev->arena, v->v.obj->attrs.keys[i],
                             deep ? cp_copy(ev, v->v.obj->attrs.vals[i], 1, depth + 1) : v->v.obj->attrs.vals[i]);
        return o;
    }
    default:
        return v;
    }
}

static const ConstVal *b_copy(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, KW("memo")))
        return NULL;
    return cp_copy(ev, a->pos[0], a->data, 0);
}

static const ConstVal *op_binary(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 2, 2, NOKW))
        return NULL;
    return ev_binop(ev, a->data, a->pos[0], a->pos[1], a->at);
}

static const ConstVal *getter_call(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *keys = self->v.seq.items[1], **out;
    int attr = cv_truthy(self->v.seq.items[0]);
    if (!ev_check_args(ev, "getter", a, 1, 1, NOKW))
        return NULL;
    out = arena_array(&ev->arena, keys->v.seq.n ? keys->v.seq.n : 1, sizeof *out);
    for (uint32_t i = 0; i < keys->v.seq.n; i++) {
        const ConstVal *k = keys->v.seq.items[i];
        out[i] = attr ? (k->kind == CV_STR ? ev_getattr(ev, a->pos[0], k->v.str.s, a->at) : NULL)
                      : ev_getitem(ev, a->pos[0], k, a->at);
        if (!out[i])
            return attr && k->kind != CV_STR ? ev_raise(ev, ev->e_type, a->at, "attribute name must be a string") : NULL;
    }
    return keys->v.seq.n == 1 ? out[0] : ev_seq(ev, CV_TUPLE, keys->v.seq.n, out);
}

static const EvBuiltinDef getter_def = {"operator.getter", getter_call, 0, 0};

static const ConstVal *op_getter(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *parts[2] = {ev_bool(ev, a->data), ev_seq(ev, CV_TUPLE, a->n, a->pos)};
    (void)self;
    return ev_builtin(ev, &getter_def, ev_seq(ev, CV_TUPLE, 2, parts));
}

const EvBuiltinDef ev_itertools_defs[] = {
    {"itertools.product", it_product, 0, 0},      {"itertools.chain", it_chain, 0, 0},
    {"itertools.accumulate", it_accumulate, 0, 0}, {"itertools.repeat", it_repeat, 0, 0},
    {NULL, NULL, 0, 0},
};

const EvBuiltinDef ev_copy_defs[] = {
    {"copy.copy", b_copy, 0, 1},
    {"copy.deepcopy", b_copy, 1, 1},
    {NULL, NULL, 0, 0},
};

const EvBuiltinDef ev_operator_defs[] = {
    {"operator.add", op_binary, AST_ADD, 0},       {"operator.sub", op_binary, AST_SUB, 0},
    {"operator.mul", op_binary, AST_MUL, 0},       {"operator.truediv", op_binary, AST_DIV, 0},
    {"operator.floordiv", op_binary, AST_FLOORDIV, 0}, {"operator.mod", op_binary, AST_MOD, 0},
    {"operator.pow", op_binary, AST_POW, 0},       {"operator.and_", op_binary, AST_BITAND, 0},
    {"operator.or_", op_binary, AST_BITOR, 0},     {"operator.xor", op_binary, AST_BITXOR, 0},
    {"operator.lshift", op_binary, AST_SHL, 0},    {"operator.rshift", op_binary, AST_SHR, 0},
    {"operator.itemgetter", op_getter, 0, 0},
    {"operator.attrgetter", op_getter, 1, 0},
    {NULL, NULL, 0, 0},
};



