/* eval_builtins.c: Python's built-in functions (len, min, sorted, round,
 * isinstance, getattr, ...), as far as configuration code uses them;
 * eval_types.c has the built-in types' constructors.  Those that would
 * touch the world (open, input, exec) give unknown values.  The names are
 * made by eval_init.c. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KW(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NOKW ((const char *const *)NULL)

/* ------------------------------------------------------------ functions */

static const ConstVal *b_len(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t n;
    (void)self;
    if (!ev_check_args(ev, "len", a, 1, 1, NOKW))
        return NULL;
    n = ev_len_of(ev, a->pos[0], a->at);
    return n < 0 ? NULL : ev_int(ev, n);
}

static const ConstVal *b_abs(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t i;
    (void)self;
    if (!ev_check_args(ev, "abs", a, 1, 1, NOKW))
        return NULL;
    if (cv_as_int(a->pos[0], &i)) {
        if (i == INT64_MIN)
            return ev_unknown(ev, a->at, "abs(%lld) does not fit in a 64-bit integer", (long long)i);
        return ev_int(ev, i < 0 ? -i : i);
    }
    if (a->pos[0]->kind == CV_FLOAT)
        return ev_float(ev, fabs(a->pos[0]->v.f));
    {
        const ConstVal *m = ev_method(ev, a->pos[0], ev_cstr(ev, "__abs__"));
        if (m && a->pos[0]->kind == CV_INSTANCE)
            return ev_call_n(ev, m, a->at, 0, NULL);
    }
    return ev_raise(ev, ev->e_type, a->at, "bad operand type for abs(): '%s'", ev_type_name(ev, a->pos[0]));
}

/* min() and max(): of an iterable or of the arguments, key= and default=. */
static const ConstVal *b_minmax(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int want_max = a->data;
    const char *fn = want_max ? "max" : "min";
    const ConstVal *key = ev_arg(a, UINT32_MAX, "key"), *dflt = ev_arg(a, UINT32_MAX, "default");
    const ConstVal *const *items;
    const ConstVal *best = NULL, *best_key = NULL;
    uint32_t n;
    if (!ev_check_args(ev, fn, a, 1, UINT32_MAX, KW("key", "default")))
        return NULL;
    if (a->n == 1) {
        ConstVal *l = ev_to_list(ev, a->pos[0], a->at);
        if (!l)
            return NULL;
        items = l->v.seq.items;
        n = l->v.seq.n;
    } else {
        items = a->pos;
        n = a->n;
    }
    if ((best = ev_first_unknown(items, n)) != NULL)
        return best;
    if (key && key->kind == CV_NONE)
        key = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const ConstVal *k = key ? ev_call_n(ev, key, a->at, 1, &items[i]) : items[i];
        int less;
        if (!k)
            return NULL;
        if (k->kind == CV_UNKNOWN)
            return k;
        if (!best) {
            best = items[i];
            best_key = k;
            continue;
        }
        less = want_max ? ev_less(ev, best_key, k, a->at) : ev_less(ev, k, best_key, a->at);
        if (less < 0)
            return NULL;
        if (less) {
            best = items[i];
            best_key = k;
        }
    }
    if (!best) {
        if (dflt)
            return dflt;
        return ev_raise(ev, ev->e_value, a->at, "%s() arg is an empty sequence", fn);
    }
    return best;
}

static const ConstVal *b_sum(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *acc = ev_arg(a, 1, "start"), *x;
    ConstVal *l;
    (void)self;
    if (!ev_check_args(ev, "sum", a, 1, 2, KW("start")))
        return NULL;
    if (!acc)
        acc = ev_int(ev, 0);
    if (!(l = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    for (uint32_t i = 0; i < l->v.seq.n; i++) {
        x = l->v.seq.items[i];
        if (!(acc = ev_binop(ev, AST_ADD, acc, x, a->at)))
            return NULL;
    }
    return acc;
}

static const ConstVal *b_anyall(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int all = a->data;
    ConstVal *l;
    if (!ev_check_args(ev, all ? "all" : "any", a, 1, 1, NOKW))
        return NULL;
    if (!(l = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    for (uint32_t i = 0; i < l->v.seq.n; i++) {
        int t;
        if (l->v.seq.items[i]->kind == CV_UNKNOWN)
            return l->v.seq.items[i];
        if ((t = ev_truthy(ev, l->v.seq.items[i], a->at)) < 0)
            return NULL;
        if (t != all)
            return ev_bool(ev, !all);
    }
    return ev_bool(ev, all);
}

static const ConstVal *b_enumerate(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *start = ev_arg(a, 1, "start");
    int64_t s = 0;
    ConstVal *l, *r;
    (void)self;
    if (!ev_check_args(ev, "enumerate", a, 1, 2, KW("start")))
        return NULL;
    if (start && !ev_arg_int(ev, "enumerate()", start, &s, a->at))
        return NULL;
    if (!(l = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    r = ev_list_new(ev, l->v.seq.n);
    for (uint32_t i = 0; i < l->v.seq.n; i++) {
        const ConstVal *pair[2] = {ev_int(ev, s + i), l->v.seq.items[i]};
        ev_list_append(ev, r, ev_seq(ev, CV_TUPLE, 2, pair));
    }
    return r;
}

static const ConstVal *b_zip(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal **lists = arena_array(&ev->arena, a->n ? a->n : 1, sizeof *lists), *r;
    const ConstVal *strict = ev_arg(a, UINT32_MAX, "strict");
    uint32_t n = UINT32_MAX;
    (void)self;
    if (!ev_check_args(ev, "zip", a, 0, UINT32_MAX, KW("strict")))
        return NULL;
    for (uint32_t i = 0; i < a->n; i++) {
        if (!(lists[i] = ev_to_list(ev, a->pos[i], a->at)))
            return NULL;
        if (strict && cv_truthy(strict) && n != UINT32_MAX && lists[i]->v.seq.n != n)
            return ev_raise(ev, ev->e_value, a->at, "zip() arguments have different lengths");
        if (lists[i]->v.seq.n < n)
            n = lists[i]->v.seq.n;
    }
    if (!a->n)
        n = 0;
    r = ev_list_new(ev, n);
    for (uint32_t k = 0; k < n; k++) {
        const ConstVal **t = arena_array(&ev->arena, a->n, sizeof *t);
        for (uint32_t i = 0; i < a->n; i++)
            t[i] = lists[i]->v.seq.items[k];
        ev_list_append(ev, r, ev_seq(ev, CV_TUPLE, a->n, t));
    }
    return r;
}

static const ConstVal *b_reversed(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l;
    (void)self;
    if (!ev_check_args(ev, "reversed", a, 1, 1, NOKW))
        return NULL;
    if (a->pos[0]->kind == CV_DICT || a->pos[0]->kind == CV_SET)
        return ev_raise(ev, ev->e_type, a->at, "'%s' object is not reversible", ev_type_name(ev, a->pos[0]));
    if (!(l = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    for (uint32_t i = 0, j = l->v.seq.n; i + 1 < j; i++, j--) {
        const ConstVal *t = l->v.seq.items[i];
        l->v.seq.items[i] = l->v.seq.items[j - 1];
        l->v.seq.items[j - 1] = t;
    }
    return l;
}

/* map(f, *iterables) and filter(f, iterable), made lists. */
static const ConstVal *b_map(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int filter = a->data;
    ConstVal *l, *r;
    if (!ev_check_args(ev, filter ? "filter" : "map", a, 2, filter ? 2 : UINT32_MAX, NOKW))
        return NULL;
    if (!filter && a->n > 2) {
        EvArgs z = *a;
        const ConstVal *zipped;
        z.pos = a->pos + 1;
        z.n = a->n - 1;
        if (!(zipped = b_zip(ev, NULL, &z)))
            return NULL;
        r = ev_list_new(ev, zipped->v.seq.n);
        for (uint32_t i = 0; i < zipped->v.seq.n; i++) {
            const ConstVal *t = zipped->v.seq.items[i], *x;
            if (!(x = ev_call_n(ev, a->pos[0], a->at, t->v.seq.n, t->v.seq.items)))
                return NULL;
            ev_list_append(ev, r, x);
        }
        return r;
    }
    if (!(l = ev_to_list(ev, a->pos[1], a->at)))
        return NULL;
    r = ev_list_new(ev, l->v.seq.n);
    for (uint32_t i = 0; i < l->v.seq.n; i++) {
        const ConstVal *x = l->v.seq.items[i], *y;
        if (filter) {
            int t;
            y = a->pos[0]->kind == CV_NONE ? x : ev_call_n(ev, a->pos[0], a->at, 1, &x);
            if (!y)
                return NULL;
            if (y->kind == CV_UNKNOWN)
                return y;
            if ((t = ev_truthy(ev, y, a->at)) < 0)
                return NULL;
            if (t)
                ev_list_append(ev, r, x);
        } else {
            if (!(y = ev_call_n(ev, a->pos[0], a->at, 1, &x)))
                return NULL;
            ev_list_append(ev, r, y);
        }
    }
    return r;
}

/* A stable merge sort that may fail (a comparison raises). */
static int merge_sort(Ev *ev, const ConstVal **v, const ConstVal **k, const ConstVal **tv, const ConstVal **tk,
                      uint32_t n, int reverse, Span at)
{
    uint32_t h, i, j, o;
    if (n < 2)
        return 1;
    h = n / 2;
    if (!merge_sort(ev, v, k, tv, tk, h, reverse, at) || !merge_sort(ev, v + h, k + h, tv, tk, n - h, reverse, at))
        return 0;
    for (i = 0, j = h, o = 0; i < h && j < n; o++) {
        /* take from the right only when it is strictly before the left */
        int lt = reverse ? ev_less(ev, k[i], k[j], at) : ev_less(ev, k[j], k[i], at);
        if (lt < 0)
            return 0;
        if (lt) {
            tv[o] = v[j];
            tk[o] = k[j++];
        } else {
            tv[o] = v[i];
            tk[o] = k[i++];
        }
    }
    for (; i < h; i++, o++) {
        tv[o] = v[i];
        tk[o] = k[i];
    }
    for (; j < n; j++, o++) {
        tv[o] = v[j];
        tk[o] = k[j];
    }
    ev_memcpy(v, tv, n * sizeof *v);
    ev_memcpy(k, tk, n * sizeof *k);
    return 1;
}

int ev_sort_list(Ev *ev, ConstVal *l, const ConstVal *key, int reverse, Span at)
{
    uint32_t n = l->v.seq.n;
    const ConstVal **k, **tv, **tk, *u;
    if ((u = ev_first_unknown(l->v.seq.items, n)) != NULL)
        return 1;
    k = arena_array(&ev->arena, n ? n : 1, sizeof *k);
    tv = arena_array(&ev->arena, n ? n : 1, sizeof *tv);
    tk = arena_array(&ev->arena, n ? n : 1, sizeof *tk);
    for (uint32_t i = 0; i < n; i++) {
        k[i] = key && key->kind != CV_NONE ? ev_call_n(ev, key, at, 1, &l->v.seq.items[i]) : l->v.seq.items[i];
        if (!k[i])
            return 0;
    }
    return merge_sort(ev, l->v.seq.items, k, tv, tk, n, reverse, at);
}

static const ConstVal *b_sorted(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *rev = ev_arg(a, UINT32_MAX, "reverse");
    ConstVal *l;
    (void)self;
    if (!ev_check_args(ev, "sorted", a, 1, 1, KW("key", "reverse")))
        return NULL;
    if (!(l = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    if (ev_first_unknown(l->v.seq.items, l->v.seq.n))
        return ev_first_unknown(l->v.seq.items, l->v.seq.n);
    if (!ev_sort_list(ev, l, ev_arg(a, UINT32_MAX, "key"), rev && cv_truthy(rev), a->at))
        return NULL;
    return l;
}

static const ConstVal *b_round(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *x, *nd;
    double d;
    int64_t i, n;
    (void)self;
    if (!ev_check_args(ev, "round", a, 1, 2, KW("ndigits")))
        return NULL;
    x = a->pos[0];
    nd = ev_arg(a, 1, "ndigits");
    if (nd && nd->kind == CV_NONE)
        nd = NULL;
    if (cv_as_int(x, &i)) {
        int64_t p = 1;
        if (!nd)
            return ev_int(ev, i);
        if (!ev_arg_int(ev, "round()", nd, &n, a->at))
            return NULL;
        if (n >= 0)
            return ev_int(ev, i);
        for (int64_t k = 0; k < -n && p < INT64_MAX / 10; k++)
            p *= 10;
        {
            /* round half to even on the integer */
            int64_t q = i / p, r = i % p;
            if (r < 0)
                r += p, q--;
            if (2 * r > p || (2 * r == p && (q & 1)))
                q++;
            return ev_int(ev, q * p);
        }
    }
    if (!cv_as_double(x, &d))
        return ev_raise(ev, ev->e_type, a->at, "type %s doesn't define __round__ method", ev_type_name(ev, x));
    if (!nd)
        return ev_float_to_int(ev, nearbyint(d), a->at);
    if (!ev_arg_int(ev, "round()", nd, &n, a->at))
        return NULL;
    if (!isfinite(d) || n > 300)
        return ev_float(ev, d);
    if (n < -300)
        return ev_float(ev, 0.0 * d);
    {
        /* the decimal text of the exact value, rounded half to even */
        char buf[512];
        if (n >= 0) {
            snprintf(buf, sizeof buf, "%.*f", (int)n, d);
            return ev_float(ev, strtod(buf, NULL));
        }
        {
            double p = pow(10.0, (double)-n), q = nearbyint(d / p) * p;
            return ev_float(ev, q);
        }
    }
}

static const ConstVal *b_divmod(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *q, *r, *pair[2];
    (void)self;
    if (!ev_check_args(ev, "divmod", a, 2, 2, NOKW))
        return NULL;
    if (!(q = ev_binop(ev, AST_FLOORDIV, a->pos[0], a->pos[1], a->at)) ||
        !(r = ev_binop(ev, AST_MOD, a->pos[0], a->pos[1], a->at)))
        return NULL;
    pair[0] = q;
    pair[1] = r;
    return ev_seq(ev, CV_TUPLE, 2, pair);
}

static const ConstVal *b_pow(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t b, e, m;
    (void)self;
    if (!ev_check_args(ev, "pow", a, 2, 3, KW("base", "exp", "mod")))
        return NULL;
    if (a->n == 3) {
        uint64_t r = 1, x;
        if (!cv_as_int(a->pos[0], &b) || !cv_as_int(a->pos[1], &e) || !cv_as_int(a->pos[2], &m) || e < 0 || m == 0)
            return ev_raise(ev, ev->e_value, a->at, "pow() with a modulus takes integers, a non-negative exponent "
                                                    "and a nonzero modulus");
        x = (uint64_t)((b % m + m) % m);
        for (; e; e >>= 1) {
            if (e & 1)
                r = (uint64_t)((__uint128_t)r * x % (uint64_t)(m < 0 ? -m : m));
            x = (uint64_t)((__uint128_t)x * x % (uint64_t)(m < 0 ? -m : m));
        }
        return ev_int(ev, (int64_t)r);
    }
    return ev_binop(ev, AST_POW, a->pos[0], a->pos[1], a->at);
}

static const ConstVal *b_isinstance(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *ci;
    int sub = a->data;
    if (!ev_check_args(ev, sub ? "issubclass" : "isinstance", a, 2, 2, NOKW))
        return NULL;
    ci = a->pos[1];
    if (sub && a->pos[0]->kind != CV_CLASS)
        return ev_raise(ev, ev->e_type, a->at, "issubclass() arg 1 must be a class");
    {
        const ConstVal *const *cs = ci->kind == CV_TUPLE ? ci->v.seq.items : &ci;
        uint32_t n = ci->kind == CV_TUPLE ? ci->v.seq.n : 1;
        for (uint32_t i = 0; i < n; i++) {
            const ConstVal *c = cs[i];
            if (c->kind == CV_DSL || c->kind == CV_UNKNOWN)
                return ev_unknown(ev, a->at, "%s() against a type pyptocc does not know",
                                  sub ? "issubclass" : "isinstance");
            if (c->kind != CV_CLASS)
                return ev_raise(ev, ev->e_type, a->at, "%s() arg 2 must be a type or tuple of types",
                                sub ? "issubclass" : "isinstance");
            if (sub ? ev_is_subclass(a->pos[0]->v.cls, c->v.cls) : ev_isinstance(ev, a->pos[0], c->v.cls))
                return ev->true_;
        }
    }
    return ev->false_;
}

static const ConstVal *b_getattr(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int which = a->data;   /* 0 getattr, 1 hasattr, 2 setattr, 3 delattr */
    static const char *const names[] = {"getattr", "hasattr", "setattr", "delattr"};
    const ConstVal *obj, *name, *v;
    int failed;
    if (!ev_check_args(ev, names[which], a, which == 2 ? 3 : 2, which == 0 ? 3 : which == 2 ? 3 : 2, NOKW))
        return NULL;
    obj = a->pos[0];
    name = a->pos[1];
    if (name->kind != CV_STR)
        return ev_raise(ev, ev->e_type, a->at, "attribute name must be string, not '%s'", ev_type_name(ev, name));
    if (obj->kind == CV_UNKNOWN)
        return obj;
    if (which == 2)
        return ev_setattr(ev, obj, name->v.str.s, a->pos[2], a->at) ? ev->none : NULL;
    if (which == 3)
        return ev_delattr(ev, obj, name->v.str.s, a->at) ? ev->none : NULL;
    v = ev_getattr_opt(ev, obj, name->v.str.s, a->at, &failed);
    if (failed) {
        /* an AttributeError from a property or __getattr__ means "no" */
        if (ev->exc && ev_isinstance(ev, ev->exc, ev->e_attr) && (which == 1 || a->n == 3)) {
            ev_catch(ev);
            return which == 1 ? ev->false_ : a->pos[2];
        }
        return NULL;
    }
    if (which == 1)
        return ev_bool(ev, v != NULL);
    if (v)
        return v;
    if (a->n == 3)
        return a->pos[2];
    return ev_getattr(ev, obj, name->v.str.s, a->at);
}

static const ConstVal *b_callable(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *x;
    (void)self;
    if (!ev_check_args(ev, "callable", a, 1, 1, NOKW))
        return NULL;
    x = a->pos[0];
    switch (x->kind) {
    case CV_FUNC:
    case CV_BUILTIN:
    case CV_BOUND:
    case CV_CLASS:
    case CV_KERNEL:
        return ev->true_;
    case CV_INSTANCE:
        return ev_bool(ev, ev_class_lookup(x->v.obj->cls, ev->n.call) != NULL);
    default:
        return ev->false_;
    }
}

static const ConstVal *b_chr_ord(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t c;
    if (!ev_check_args(ev, a->data ? "ord" : "chr", a, 1, 1, NOKW))
        return NULL;
    if (a->data) {
        const ConstVal *s = a->pos[0];
        uint32_t cp = 0;
        const unsigned char *p;
        if (s->kind != CV_STR || ev_len_of(ev, s, a->at) != 1)
            return ev_raise(ev, ev->e_type, a->at, "ord() expected a character");
        p = (const unsigned char *)s->v.str.s;
        if (p[0] < 0x80)
            cp = p[0];
        else if ((p[0] & 0xE0) == 0xC0)
            cp = ((uint32_t)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
        else if ((p[0] & 0xF0) == 0xE0)
            cp = ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
        else
            cp = ((uint32_t)(p[0] & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) |
                 (p[3] & 0x3F);
        return ev_int(ev, cp);
    }
    if (!ev_arg_int(ev, "chr()", a->pos[0], &c, a->at))
        return NULL;
    if (c < 0 || c > 0x10FFFF)
        return ev_raise(ev, ev->e_value, a->at, "chr() arg not in range(0x110000)");
    {
        char buf[4];
        size_t n;
        uint32_t u = (uint32_t)c;
        if (u < 0x80)
            buf[0] = (char)u, n = 1;
        else if (u < 0x800)
            buf[0] = (char)(0xC0 | (u >> 6)), buf[1] = (char)(0x80 | (u & 0x3F)), n = 2;
        else if (u < 0x10000)
            buf[0] = (char)(0xE0 | (u >> 12)), buf[1] = (char)(0x80 | ((u >> 6) & 0x3F)),
            buf[2] = (char)(0x80 | (u & 0x3F)), n = 3;
        else
            buf[0] = (char)(0xF0 | (u >> 18)), buf[1] = (char)(0x80 | ((u >> 12) & 0x3F)),
            buf[2] = (char)(0x80 | ((u >> 6) & 0x3F)), buf[3] = (char)(0x80 | (u & 0x3F)), n = 4;
        return ev_str(ev, buf, n);
    }
}

static const ConstVal *b_radix(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t v;
    int base = (int)a->data;
    char buf[80];
    size_t k = sizeof buf;
    uint64_t u;
    static const char digits[] = "0123456789abcdef";
    if (!ev_check_args(ev, base == 16 ? "hex" : base == 8 ? "oct" : "bin", a, 1, 1, NOKW) ||
        !ev_arg_int(ev, "hex()", a->pos[0], &v, a->at))
        return NULL;
    u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        buf[--k] = digits[u % (uint64_t)base];
        u /= (uint64_t)base;
    } while (u);
    buf[--k] = base == 16 ? 'x' : base == 8 ? 'o' : 'b';
    buf[--k] = '0';
    if (v < 0)
        buf[--k] = '-';
    return ev_str(ev, buf + k, sizeof buf - k);
}

static const ConstVal *b_format(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *spec = ev_arg(a, 1, NULL);
    StrBuf sb;
    const ConstVal *r = NULL;
    (void)self;
    if (!ev_check_args(ev, "format", a, 1, 2, NOKW))
        return NULL;
    if (spec && spec->kind != CV_STR)
        return ev_raise(ev, ev->e_type, a->at, "format() argument 2 must be str");
    sb_init(&sb);
    if (ev_format_value(ev, a->pos[0], spec ? spec->v.str.s : "", spec ? intern_len(spec->v.str.s) : 0, &sb, a->at))
        r = ev_str(ev, sb.data ? sb.data : "", sb.len);
    sb_free(&sb);
    return r;
}

static const ConstVal *b_hash(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, "hash", a, 1, 1, NOKW))
        return NULL;
    if (a->pos[0]->kind == CV_LIST || a->pos[0]->kind == CV_DICT || a->pos[0]->kind == CV_SET)
        return ev_raise(ev, ev->e_type, a->at, "unhashable type: '%s'", ev_type_name(ev, a->pos[0]));
    return ev_int(ev, cv_hash(a->pos[0]));
}

static const ConstVal *b_print(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    (void)a;
    return ev->none;   /* compile-time output goes nowhere */
}

static const ConstVal *b_vars(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, "vars", a, 1, 1, NOKW))
        return NULL;
    return ev_getattr(ev, a->pos[0], ev->n.dict_, a->at);
}

/* super(): the next class after the method's own in self's MRO. */
static const ConstVal *b_super(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *obj = ev->cur_self;
    const EvClass *owner = ev->cur_func ? ev->cur_func->owner : NULL;
    ConstVal *p;
    EvObj *o;
    (void)self;
    if (a->n == 2 && a->pos[0]->kind == CV_CLASS) {
        owner = a->pos[0]->v.cls;
        obj = a->pos[1];
    } else if (a->n) {
        return ev_raise(ev, ev->e_type, a->at, "super() takes no arguments or a class and an instance");
    }
    if (!owner || !obj)
        return ev_raise(ev, ev->e_runtime, a->at, "super(): no arguments");
    p = (ConstVal *)ev_val(ev, CV_INSTANCE);
    o = arena_zalloc(&ev->arena, sizeof *o);
    o->cls = ev->t_super;
    ev_table_init(&o->attrs, 0);
    ev_table_put(&o->attrs, &ev->arena, ev->n.self, obj);
    ev_table_put(&o->attrs, &ev->arena, ev->n.class_, owner->self);
    p->v.obj = o;
    return p;
}

/* An attribute through a super() proxy. */
const ConstVal *ev_super_attr(Ev *ev, const ConstVal *proxy, const char *name, Span at)
{
    const ConstVal *obj = ev_table_get(&proxy->v.obj->attrs, ev->n.self);
    const EvClass *owner = ev_table_get(&proxy->v.obj->attrs, ev->n.class_)->v.cls;
    const EvClass *c = obj->kind == CV_CLASS ? obj->v.cls : ev_type_of(ev, obj);
    uint32_t i = 0;
    while (i < c->nmro && c->mro[i] != owner)
        i++;
    for (i++; i < c->nmro; i++) {
        const ConstVal *v = ev_table_get(&c->mro[i]->ns, name);
        ConstVal *b;
        if (!v)
            continue;
        switch (v->kind) {
        case CV_FUNC:
            b = (ConstVal *)ev_val(ev, CV_BOUND);
            b->v.bound.fn = v;
            b->v.bound.self = obj;
            return b;
        case CV_BUILTIN:
            return ev_builtin(ev, v->v.builtin.def, obj);
        case CV_CLASSMETHOD:
            b = (ConstVal *)ev_val(ev, CV_BOUND);
            b->v.bound.fn = v->v.wrapped;
            b->v.bound.self = c->self;
            return b;
        case CV_STATIC:
            return v->v.wrapped;
        case CV_PROPERTY:
            return v->v.prop.get ? ev_call_n(ev, v->v.prop.get, at, 1, &obj) : NULL;
        default:
            return v;
        }
    }
    if (name == ev->n.init)
        return ev_builtin(ev, &ev_object_init_def, obj);
    return ev_raise(ev, ev->e_attr, at, "'super' object has no attribute '%s'", name);
}

static const ConstVal *b_world(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    return ev_unknown(ev, a->at, "'%s()' is not run at compile time", a->def->name);
}

static const ConstVal *b_object_init(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    (void)a;
    return ev->none;
}

const EvBuiltinDef ev_object_init_def = {"object.__init__", b_object_init, 0, 1};

/* ---------------------------------------------------------------- table */

const EvBuiltinDef ev_builtin_defs[] = {
    /* takes_unknown: only where an argument is kept as it is, not looked at */
    {"len", b_len, 0, 0}, {"abs", b_abs, 0, 0}, {"min", b_minmax, 0, 0},
    {"max", b_minmax, 1, 0}, {"sum", b_sum, 0, 0}, {"any", b_anyall, 0, 0},
    {"all", b_anyall, 1, 0}, {"enumerate", b_enumerate, 0, 0}, {"zip", b_zip, 0, 0},
    {"reversed", b_reversed, 0, 0}, {"map", b_map, 0, 0}, {"filter", b_map, 1, 0},
    {"sorted", b_sorted, 0, 0}, {"round", b_round, 0, 0}, {"divmod", b_divmod, 0, 0},
    {"pow", b_pow, 0, 0}, {"isinstance", b_isinstance, 0, 0}, {"issubclass", b_isinstance, 1, 0},
    {"getattr", b_getattr, 0, 0}, {"hasattr", b_getattr, 1, 0}, {"setattr", b_getattr, 2, 1},
    {"delattr", b_getattr, 3, 0}, {"callable", b_callable, 0, 0}, {"chr", b_chr_ord, 0, 0},
    {"ord", b_chr_ord, 1, 0}, {"hex", b_radix, 16, 0}, {"oct", b_radix, 8, 0},
    {"bin", b_radix, 2, 0}, {"format", b_format, 0, 0}, {"hash", b_hash, 0, 0},
    {"print", b_print, 0, 1}, {"vars", b_vars, 0, 0}, {"super", b_super, 0, 1},
    {"open", b_world, 0, 1}, {"input", b_world, 0, 1}, {"exec", b_world, 0, 1},
    {"eval", b_world, 0, 1}, {"compile", b_world, 0, 1}, {"globals", b_world, 0, 1},
    {"locals", b_world, 0, 1}, {"__import__", b_world, 0, 1}, {"iter", b_world, 0, 1},
    {"next", b_world, 0, 1}, {"id", b_world, 0, 1}, {"exit", b_world, 0, 1},
    {"quit", b_world, 0, 1}, {"breakpoint", b_world, 0, 1}, {"memoryview", b_world, 0, 1},
    {"bytearray", b_world, 0, 1}, {"bytes", b_world, 0, 1}, {"complex", b_world, 0, 1},
    {"dir", b_world, 0, 1}, {"help", b_world, 0, 1},
    {NULL, NULL, 0, 0},
};

/* What would touch the world: unknown values. */
const EvBuiltinDef ev_world_defs[] = {
    {"open", b_world, 0, 1},    {"input", b_world, 0, 1},   {"exec", b_world, 0, 1},
    {"eval", b_world, 0, 1},    {"compile", b_world, 0, 1}, {"globals", b_world, 0, 1},
    {"locals", b_world, 0, 1},  {"__import__", b_world, 0, 1}, {"iter", b_world, 0, 1},
    {"next", b_world, 0, 1},    {"id", b_world, 0, 1},      {"exit", b_world, 0, 1},
    {"quit", b_world, 0, 1},    {"breakpoint", b_world, 0, 1}, {"memoryview", b_world, 0, 1},
    {"bytearray", b_world, 0, 1}, {"bytes", b_world, 0, 1}, {"complex", b_world, 0, 1},
    {"dir", b_world, 0, 1},     {"help", b_world, 0, 1},
    {NULL, NULL, 0, 0},
};

