/* eval_types.c: the constructors of Python's built-in types (int(),
 * float(), str(), list(), dict(), range(), property(), ...) and the
 * argument checks every built-in uses (eval_internal.h). */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ arguments */

const ConstVal *ev_arg(const EvArgs *a, uint32_t i, const char *kw)
{
    if (i < a->n)
        return a->pos[i];
    if (kw)
        for (uint32_t k = 0; k < a->nkw; k++)
            if (strcmp(a->kwname[k], kw) == 0)
                return a->kw[k];
    return NULL;
}

int ev_check_args(Ev *ev, const char *fn, const EvArgs *a, uint32_t lo, uint32_t hi, const char *const *kws)
{
    if (a->n < lo) {
        ev_raise(ev, ev->e_type, a->at, "%s() takes at least %u argument%s (%u given)", fn, lo, lo == 1 ? "" : "s",
                 a->n);
        return 0;
    }
    if (a->n > hi) {
        ev_raise(ev, ev->e_type, a->at, "%s() takes at most %u argument%s (%u given)", fn, hi, hi == 1 ? "" : "s",
                 a->n);
        return 0;
    }
    for (uint32_t k = 0; k < a->nkw; k++) {
        int ok = 0;
        for (uint32_t j = 0; kws && kws[j]; j++)
            ok |= strcmp(kws[j], a->kwname[k]) == 0;
        if (!ok) {
            ev_raise(ev, ev->e_type, a->at, "%s() got an unexpected keyword argument '%s'", fn, a->kwname[k]);
            return 0;
        }
    }
    return 1;
}

int ev_arg_int(Ev *ev, const char *fn, const ConstVal *v, int64_t *out, Span at)
{
    if (cv_as_int(v, out))
        return 1;
    ev_raise(ev, ev->e_type, at, "%s: an integer is required, not '%s'", fn, ev_type_name(ev, v));
    return 0;
}

#define KW(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NOKW ((const char *const *)NULL)

/* -------------------------------------------------------- constructors */

static const ConstVal *parse_int_text(Ev *ev, const char *s, int64_t base, Span at)
{
    const char *p = s, *start;
    int neg = 0;
    uint64_t acc = 0;
    int digits = 0;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    if (base == 0 || base == 16 || base == 8 || base == 2) {
        if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && (base == 0 || base == 16))
            p += 2, base = 16;
        else if (p[0] == '0' && (p[1] == 'o' || p[1] == 'O') && (base == 0 || base == 8))
            p += 2, base = 8;
        else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B') && (base == 0 || base == 2))
            p += 2, base = 2;
        else if (base == 0)
            base = 10;
    }
    start = p;
    for (; *p; p++) {
        int d;
        if (*p == '_' && p != start && p[1] && p[1] != '_')
            continue;
        d = isdigit((unsigned char)*p) ? *p - '0' : isalpha((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10 : 99;
        if (d >= base)
            break;
        if (acc > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return ev_unknown(ev, at, "int('%s') does not fit in 64 bits", s);
        acc = acc * (uint64_t)base + (uint64_t)d;
        digits++;
    }
    while (isspace((unsigned char)*p))
        p++;
    if (!digits || *p)
        return ev_raise(ev, ev->e_value, at, "invalid literal for int() with base %lld: '%s'", (long long)base, s);
    if (acc > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
        return ev_unknown(ev, at, "int('%s') does not fit in 64 bits", s);
    return ev_int(ev, neg ? (int64_t)(0 - acc) : (int64_t)acc);
}

const ConstVal *ev_float_to_int(Ev *ev, double d, Span at)
{
    if (isnan(d))
        return ev_raise(ev, ev->e_value, at, "cannot convert float NaN to integer");
    if (isinf(d))
        return ev_raise(ev, ev->e_overflow, at, "cannot convert float infinity to integer");
    d = trunc(d);
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
        return ev_unknown(ev, at, "int(%g) does not fit in 64 bits", d);
    return ev_int(ev, (int64_t)d);
}

static const ConstVal *b_int(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *x = ev_arg(a, 0, NULL), *base = ev_arg(a, 1, "base"), *m;
    int64_t i, b = 10;
    (void)self;
    if (!ev_check_args(ev, "int", a, 0, 2, KW("base")))
        return NULL;
    if (!x)
        return ev_int(ev, 0);
    if (base && !ev_arg_int(ev, "int", base, &b, a->at))
        return NULL;
    if (x->kind == CV_STR)
        return parse_int_text(ev, x->v.str.s, b, a->at);
    if (cv_as_int(x, &i))
        return ev_int(ev, i);
    if (x->kind == CV_FLOAT)
        return ev_float_to_int(ev, x->v.f, a->at);
    if ((m = ev_method(ev, x, ev->n.int_)) != NULL || (m = ev_method(ev, x, ev->n.index)) != NULL)
        return ev_call_n(ev, m, a->at, 0, NULL);
    return ev_raise(ev, ev->e_type, a->at, "int() argument must be a string or a number, not '%s'", ev_type_name(ev, x));
}

static const ConstVal *b_float(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *x = ev_arg(a, 0, NULL), *m;
    double d;
    (void)self;
    if (!ev_check_args(ev, "float", a, 0, 1, NOKW))
        return NULL;
    if (!x)
        return ev_float(ev, 0);
    if (cv_as_double(x, &d))
        return ev_float(ev, d);
    if (x->kind == CV_STR) {
        const char *s = x->v.str.s;
        char *end, buf[128];
        size_t k = 0;
        while (isspace((unsigned char)*s))
            s++;
        for (; *s && k + 1 < sizeof buf; s++)
            if (*s != '_')
                buf[k++] = *s;
        while (k && isspace((unsigned char)buf[k - 1]))
            k--;
        buf[k] = '\0';
        errno = 0;
        d = strtod(buf, &end);
        if (k == 0 || *end || (isinf(d) && !strpbrk(buf, "iI")) || strpbrk(buf, "xXpP"))
            return ev_raise(ev, ev->e_value, a->at, "could not convert string to float: '%s'", x->v.str.s);
        return ev_float(ev, d);
    }
    if ((m = ev_method(ev, x, ev->n.float_)) != NULL)
        return ev_call_n(ev, m, a->at, 0, NULL);
    return ev_raise(ev, ev->e_type, a->at, "float() argument must be a string or a number, not '%s'",
                    ev_type_name(ev, x));
}

static const ConstVal *b_bool(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *x = ev_arg(a, 0, NULL);
    int t;
    (void)self;
    if (!ev_check_args(ev, "bool", a, 0, 1, NOKW))
        return NULL;
    if (!x)
        return ev->false_;
    if ((t = ev_truthy(ev, x, a->at)) < 0)
        return NULL;
    return ev_bool(ev, t);
}

static const ConstVal *b_str(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *x = ev_arg(a, 0, "object");
    (void)self;
    if (!ev_check_args(ev, "str", a, 0, 1, KW("object")))
        return NULL;
    return x ? ev_str_of(ev, x, a->at) : ev->empty_str;
}

static const ConstVal *b_repr(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    StrBuf sb;
    const ConstVal *r = NULL;
    (void)self;
    if (!ev_check_args(ev, "repr", a, 1, 1, NOKW))
        return NULL;
    sb_init(&sb);
    if (ev_to_repr(ev, a->pos[0], &sb, a->at))
        r = ev_str(ev, sb.data ? sb.data : "", sb.len);
    sb_free(&sb);
    return r;
}

static const ConstVal *b_list(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, a->data ? "tuple" : "list", a, 0, 1, NOKW))
        return NULL;
    if (!a->n)
        return a->data ? ev->empty_tuple : ev_list_new(ev, 0);
    {
        ConstVal *l = ev_to_list(ev, a->pos[0], a->at);
        if (l && a->data)
            l->kind = CV_TUPLE;
        return l;
    }
}

static const ConstVal *b_set(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *s = ev_dict_new(ev, CV_SET), *items;
    (void)self;
    if (!ev_check_args(ev, "set", a, 0, 1, NOKW))
        return NULL;
    if (!a->n)
        return s;
    if (!(items = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    for (uint32_t i = 0; i < items->v.seq.n; i++) {
        if (items->v.seq.items[i]->kind == CV_UNKNOWN)
            return items->v.seq.items[i];
        ev_table_put(s->v.table, &ev->arena, items->v.seq.items[i], ev->true_);
    }
    return s;
}

/* dict(mapping or pairs, **kwargs) */
static const ConstVal *b_dict(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *d = ev_dict_new(ev, CV_DICT);
    (void)self;
    if (a->n > 1)
        return ev_raise(ev, ev->e_type, a->at, "dict expected at most 1 argument, got %u", a->n);
    if (a->n) {
        const ConstVal *src = a->pos[0];
        if (src->kind == CV_DICT) {
            const EvTable *t = src->v.table;
            for (uint32_t i = 0; i < t->n; i++)
                if (t->keys[i])
                    ev_table_put(d->v.table, &ev->arena, t->keys[i], t->vals[i]);
        } else {
            ConstVal *items = ev_to_list(ev, src, a->at);
            if (!items)
                return NULL;
            for (uint32_t i = 0; i < items->v.seq.n; i++) {
                ConstVal *kv = ev_to_list(ev, items->v.seq.items[i], a->at);
                if (!kv)
                    return NULL;
                if (kv->v.seq.n != 2)
                    return ev_raise(ev, ev->e_value, a->at,
                                    "dictionary update sequence element #%u has length %u; 2 is required", i,
                                    kv->v.seq.n);
                ev_table_put(d->v.table, &ev->arena, kv->v.seq.items[0], kv->v.seq.items[1]);
            }
        }
    }
    for (uint32_t k = 0; k < a->nkw; k++)
        ev_table_put(d->v.table, &ev->arena, ev_str_c(ev, a->kwname[k]), a->kw[k]);
    return d;
}

static const ConstVal *b_range(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t v[3] = {0, 0, 1};
    ConstVal *r;
    (void)self;
    if (!ev_check_args(ev, "range", a, 1, 3, NOKW))
        return NULL;
    for (uint32_t i = 0; i < a->n; i++)
        if (!ev_arg_int(ev, "range()", a->pos[i], &v[a->n == 1 ? 1 : i], a->at))
            return NULL;
    if (v[2] == 0)
        return ev_raise(ev, ev->e_value, a->at, "range() arg 3 must not be zero");
    r = (ConstVal *)ev_val(ev, CV_RANGE);
    r->v.range.start = v[0];
    r->v.range.stop = v[1];
    r->v.range.step = v[2];
    return r;
}

static const ConstVal *b_slice(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *s = (ConstVal *)ev_val(ev, CV_SLICE);
    (void)self;
    if (!ev_check_args(ev, "slice", a, 1, 3, NOKW))
        return NULL;
    if (a->n == 1) {
        s->v.slice.hi = a->pos[0];
    } else {
        s->v.slice.lo = a->pos[0];
        s->v.slice.hi = a->pos[1];
        s->v.slice.step = a->n == 3 ? a->pos[2] : NULL;
    }
    return s;
}

static const ConstVal *b_type(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (a->n == 3)
        return ev_unknown(ev, a->at, "type() with three arguments is not evaluated at compile time");
    if (!ev_check_args(ev, "type", a, 1, 1, NOKW))
        return NULL;
    return ev_type_of(ev, a->pos[0])->self;
}

static const ConstVal *b_object(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_INSTANCE);
    EvObj *o = arena_zalloc(&ev->arena, sizeof *o);
    (void)self;
    if (!ev_check_args(ev, "object", a, 0, 0, NOKW))
        return NULL;
    o->cls = ev->t_object;
    ev_table_init(&o->attrs, 0);
    v->v.obj = o;
    return v;
}

/* property(fget, fset), staticmethod(f), classmethod(f) */
static const ConstVal *b_property(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *p = (ConstVal *)ev_val(ev, CV_PROPERTY);
    (void)self;
    if (!ev_check_args(ev, "property", a, 0, 4, KW("fget", "fset", "fdel", "doc")))
        return NULL;
    p->v.prop.get = ev_arg(a, 0, "fget");
    p->v.prop.set = ev_arg(a, 1, "fset");
    return p;
}

static const ConstVal *b_wrapper(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *w;
    (void)self;
    if (a->n != 1 || a->nkw)
        return ev_raise(ev, ev->e_type, a->at, "a decorator takes one function");
    w = (ConstVal *)ev_val(ev, (ConstKind)a->data);
    w->v.wrapped = a->pos[0];
    return w;
}

/* object.__setattr__(obj, name, value): what a frozen dataclass's
 * __post_init__ uses to set a field. */
static const ConstVal *b_object_setattr(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *obj = self, *name, *v;
    uint32_t k = 0;
    if (!obj) {
        if (!a->n)
            return ev_raise(ev, ev->e_type, a->at, "__setattr__ needs an object");
        obj = a->pos[k++];
    }
    if (a->n - k != 2 || a->pos[k]->kind != CV_STR)
        return ev_raise(ev, ev->e_type, a->at, "__setattr__ takes a name and a value");
    name = a->pos[k];
    v = a->pos[k + 1];
    if (obj->kind == CV_INSTANCE) {
        ev_table_put(&obj->v.obj->attrs, &ev->arena, name->v.str.s, v);
        return ev->none;
    }
    return ev_setattr(ev, obj, name->v.str.s, v, a->at) ? ev->none : NULL;
}

static const ConstVal *b_exc_init(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (self && self->kind == CV_INSTANCE)
        ev_table_put(&self->v.obj->attrs, &ev->arena, ev->n.args, ev_seq(ev, CV_TUPLE, a->n, a->pos));
    return ev->none;
}

/* ---------------------------------------------------------------- table */

const EvBuiltinDef ev_object_setattr_def = {"object.__setattr__", b_object_setattr, 0, 1};

const EvBuiltinDef ev_type_defs[] = {
    {"int", b_int, 0, 0}, {"float", b_float, 0, 0}, {"bool", b_bool, 0, 0},
    {"str", b_str, 0, 0}, {"repr", b_repr, 0, 0}, {"list", b_list, 0, 0},
    {"tuple", b_list, 1, 0}, {"set", b_set, 0, 0}, {"dict", b_dict, 0, 0},
    {"range", b_range, 0, 0}, {"slice", b_slice, 0, 0}, {"type", b_type, 0, 0},
    {"object", b_object, 0, 0}, {"property", b_property, 0, 1}, {"staticmethod", b_wrapper, CV_STATIC, 1},
    {"classmethod", b_wrapper, CV_CLASSMETHOD, 1}, {"BaseException.__init__", b_exc_init, 0, 1}, {"frozenset", b_set, 0, 0},
    {NULL, NULL, 0, 0},
};
