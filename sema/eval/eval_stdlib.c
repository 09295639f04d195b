/* eval_stdlib.c: the standard modules the evaluator provides, as far as
 * configuration code uses them: math, os and os.path, sys, dataclasses,
 * enum, typing (and __future__, abc, collections.abc: names for
 * annotations), functools, collections, itertools, copy, operator and
 * warnings.  os.environ is empty and sys.argv holds only the input's
 * name: a build's values come from -D, not from the environment. */
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

static void def(Ev *ev, EvModule *m, const EvBuiltinDef *d)
{
    const char *dot = strrchr(d->name, '.');
    ev_table_put(&m->env.vars, &ev->arena, ev_cstr(ev, dot ? dot + 1 : d->name), ev_builtin(ev, d, NULL));
}

static void defs(Ev *ev, EvModule *m, const EvBuiltinDef *table)
{
    for (const EvBuiltinDef *d = table; d->name; d++)
        def(ev, m, d);
}

static void put(Ev *ev, EvModule *m, const char *name, const ConstVal *v)
{
    ev_table_put(&m->env.vars, &ev->arena, ev_cstr(ev, name), v);
}

/* ------------------------------------------------------------- os, sys */

static const ConstVal *os_getenv(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, "os.getenv", a, 1, 2, KW("default")))
        return NULL;
    return ev_arg(a, 1, "default") ? ev_arg(a, 1, "default") : ev->none;
}

static const ConstVal *path_join(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    StrBuf sb;
    const ConstVal *r;
    (void)self;
    sb_init(&sb);
    for (uint32_t i = 0; i < a->n; i++) {
        const ConstVal *p = a->pos[i];
        if (p->kind != CV_STR) {
            sb_free(&sb);
            return ev_raise(ev, ev->e_type, a->at, "os.path.join() arguments must be str");
        }
        if (p->v.str.s[0] == '/')
            sb_reset(&sb);
        else if (sb.len && sb.data[sb.len - 1] != '/')
            sb_putc(&sb, '/');
        sb_puts(&sb, p->v.str.s);
    }
    r = ev_str(ev, sb.data ? sb.data : "", sb.len);
    sb_free(&sb);
    return r;
}

static const ConstVal *path_part(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const char *s, *slash, *dot;
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    if (a->pos[0]->kind != CV_STR)
        return ev_unknown(ev, a->at, "'%s()' of a path that is not a string", a->def->name);
    s = a->pos[0]->v.str.s;
    slash = strrchr(s, '/');
    switch (a->data) {
    case 0: /* dirname */
        return slash ? ev_str(ev, s, slash == s ? 1 : (size_t)(slash - s)) : ev->empty_str;
    case 1: /* basename */
        return ev_str_c(ev, slash ? slash + 1 : s);
    default: { /* splitext */
        const ConstVal *parts[2];
        dot = strrchr(slash ? slash + 1 : s, '.');
        if (dot && dot != (slash ? slash + 1 : s)) {
            parts[0] = ev_str(ev, s, (size_t)(dot - s));
            parts[1] = ev_str_c(ev, dot);
        } else {
            parts[0] = a->pos[0];
            parts[1] = ev->empty_str;
        }
        return ev_seq(ev, CV_TUPLE, 2, parts);
    }
    }
}

static const ConstVal *world(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    return ev_unknown(ev, a->at, "'%s()' is not run at compile time", a->def->name);
}

static const EvBuiltinDef os_defs[] = {
    {"os.getenv", os_getenv, 0, 1},   {"os.getcwd", world, 0, 1},   {"os.cpu_count", world, 0, 1},
    {"os.listdir", world, 0, 1},      {"os.makedirs", world, 0, 1}, {"os.remove", world, 0, 1},
    {"os.system", world, 0, 1},       {"os.getpid", world, 0, 1},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef path_defs[] = {
    {"os.path.join", path_join, 0, 0},  {"os.path.dirname", path_part, 0, 0}, {"os.path.basename", path_part, 1, 0},
    {"os.path.splitext", path_part, 2, 0}, {"os.path.exists", world, 0, 1},  {"os.path.isfile", world, 0, 1},
    {"os.path.isdir", world, 0, 1},     {"os.path.abspath", world, 0, 1},   {"os.path.realpath", world, 0, 1},
    {"os.path.expanduser", world, 0, 1}, {"os.path.getsize", world, 0, 1},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef sys_defs[] = {
    {"sys.exit", world, 0, 1},
    {"sys.getrecursionlimit", world, 0, 1},
    {"sys.setrecursionlimit", world, 0, 1},
    {NULL, NULL, 0, 0},
};

/* ------------------------------------------------------ dataclasses */

/* @dataclass or @dataclass(frozen=True, ...): with options, a decorator
 * that remembers them (its self is the dict of them). */
static const ConstVal *dc_dataclass(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (a->n == 1 && !a->nkw && a->pos[0]->kind == CV_CLASS) {
        EvArgs opts;
        memset(&opts, 0, sizeof opts);
        if (self && self->kind == CV_DICT) {
            const EvTable *t = self->v.table;
            opts.kwname = arena_array(&ev->arena, t->live + 1, sizeof *opts.kwname);
            opts.kw = arena_array(&ev->arena, t->live + 1, sizeof *opts.kw);
            for (uint32_t i = 0; i < t->n; i++)
                if (t->keys[i]) {
                    opts.kwname[opts.nkw] = ((const ConstVal *)t->keys[i])->v.str.s;
                    opts.kw[opts.nkw++] = t->vals[i];
                }
        }
        return ev_make_dataclass(ev, a->pos[0]->v.cls, &opts, a->at);
    }
    if (a->n == 0) {
        ConstVal *o = ev_dict_new(ev, CV_DICT);
        for (uint32_t k = 0; k < a->nkw; k++)
            ev_table_put(o->v.table, &ev->arena, ev_str_c(ev, a->kwname[k]), a->kw[k]);
        return ev_builtin(ev, a->def, o);
    }
    return ev_raise(ev, ev->e_type, a->at, "dataclass() should be applied to a class");
}

static const ConstVal *dc_field(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *f = (ConstVal *)ev_exception_args(ev, ev->c_field, 0, NULL);
    (void)self;
    if (!ev_check_args(ev, "dataclasses.field", a, 0, 0,
                       KW("default", "default_factory", "init", "repr", "hash", "compare", "metadata", "kw_only")))
        return NULL;
    ev_table_del(&f->v.obj->attrs, ev->n.args);
    for (uint32_t k = 0; k < a->nkw; k++)
        ev_table_put(&f->v.obj->attrs, &ev->arena, ev_cstr(ev, a->kwname[k]), a->kw[k]);
    return f;
}

static const ConstVal *dc_replace(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    EvArgs b = *a;
    (void)self;
    if (a->n != 1)
        return ev_raise(ev, ev->e_type, a->at, "replace() takes the object and keyword arguments");
    b.n = 0;
    if (a->pos[0]->kind == CV_UNKNOWN)
        return a->pos[0];
    return ev_dataclass_replace(ev, a->pos[0], &b);
}

static const EvClass *dc_class_of(const ConstVal *v)
{
    if (v->kind == CV_CLASS)
        return v->v.cls;
    if (v->kind == CV_INSTANCE)
        return v->v.obj->cls;
    return NULL;
}

static const ConstVal *dc_fields(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const EvClass *c;
    const ConstVal **items;
    (void)self;
    if (!ev_check_args(ev, "dataclasses.fields", a, 1, 1, NOKW))
        return NULL;
    c = dc_class_of(a->pos[0]);
    if (!c || !(c->flags & CLS_DATACLASS))
        return ev_raise(ev, ev->e_type, a->at, "must be called with a dataclass type or instance");
    items = arena_array(&ev->arena, c->nfields ? c->nfields : 1, sizeof *items);
    for (uint32_t i = 0; i < c->nfields; i++) {
        ConstVal *f = (ConstVal *)ev_exception_args(ev, ev->c_field, 0, NULL);
        ev_table_del(&f->v.obj->attrs, ev->n.args);
        ev_table_put(&f->v.obj->attrs, &ev->arena, ev->n.name, ev_str_c(ev, c->fields[i]));
        if (c->field_default[i])
            ev_table_put(&f->v.obj->attrs, &ev->arena, ev_cstr(ev, "default"), c->field_default[i]);
        items[i] = f;
    }
    return ev_seq(ev, CV_TUPLE, c->nfields, items);
}

static const ConstVal *as_data(Ev *ev, const ConstVal *v, int tuple, int depth)
{
    if (depth > 100)
        return v;
    if (v->kind == CV_INSTANCE && (v->v.obj->cls->flags & CLS_DATACLASS)) {
        const EvClass *c = v->v.obj->cls;
        ConstVal *d = tuple ? ev_list_new(ev, c->nfields) : ev_dict_new(ev, CV_DICT);
        for (uint32_t i = 0; i < c->nfields; i++) {
            const ConstVal *f = ev_table_get(&v->v.obj->attrs, c->fields[i]);
            f = as_data(ev, f ? f : ev->none, tuple, depth + 1);
            if (tuple)
                ev_list_append(ev, d, f);
            else
                ev_table_put(d->v.table, &ev->arena, ev_str_c(ev, c->fields[i]), f);
        }
        if (tuple)
            d->kind = CV_TUPLE;
        return d;
    }
    if (v->kind == CV_LIST || v->kind == CV_TUPLE) {
        ConstVal *l = ev_list_new(ev, v->v.seq.n);
        for (uint32_t i = 0; i < v->v.seq.n; i++)
            ev_list_append(ev, l, as_data(ev, v->v.seq.items[i], tuple, depth + 1));
        l->kind = v->kind;
        return l;
    }
    if (v->kind == CV_DICT) {
        ConstVal *d = ev_dict_new(ev, CV_DICT);
        for (uint32_t i = 0; i < v->v.table->n; i++)
            if (v->v.table->keys[i])
                ev_table_put(d->v.table, &ev->arena, v->v.table->keys[i],
                             as_data(ev, v->v.table->vals[i], tuple, depth + 1));
        return d;
    }
    return v;
}

static const ConstVal *dc_asdict(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    if (a->pos[0]->kind != CV_INSTANCE || !(a->pos[0]->v.obj->cls->flags & CLS_DATACLASS))
        return ev_raise(ev, ev->e_type, a->at, "%s() should be called on dataclass instances", a->def->name);
    return as_data(ev, a->pos[0], a->data, 0);
}

static const ConstVal *dc_is(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const EvClass *c;
    (void)self;
    if (!ev_check_args(ev, "dataclasses.is_dataclass", a, 1, 1, NOKW))
        return NULL;
    c = dc_class_of(a->pos[0]);
    return ev_bool(ev, c && (c->flags & CLS_DATACLASS));
}

static const EvBuiltinDef dataclass_defs[] = {
    {"dataclasses.dataclass", dc_dataclass, 0, 1}, {"dataclasses.field", dc_field, 0, 1},
    {"dataclasses.replace", dc_replace, 0, 1},     {"dataclasses.fields", dc_fields, 0, 0},
    {"dataclasses.asdict", dc_asdict, 0, 0},       {"dataclasses.astuple", dc_asdict, 1, 0},
    {"dataclasses.is_dataclass", dc_is, 0, 0},
    {NULL, NULL, 0, 0},
};

/* ------------------------------------------------- enum, typing, abc */

static const ConstVal *identity(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (a->n == 1 && !a->nkw)
        return a->pos[0];
    if (a->n == 0)   /* @decorator(options): a decorator that changes nothing */
        return ev_builtin(ev, a->def, NULL);
    return ev_raise(ev, ev->e_type, a->at, "%s() takes one function or class", a->def->name);
}

static const ConstVal *enum_auto(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, "enum.auto", a, 0, 0, NOKW))
        return NULL;
    return ev_exception_args(ev, ev->c_auto, 0, NULL);
}

static const ConstVal *typing_cast(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (!ev_check_args(ev, "typing.cast", a, 2, 2, NOKW))
        return NULL;
    return a->pos[1];
}

/* collections.namedtuple('P', 'x y') and typing.NamedTuple('P', [('x', int)]) */
static const ConstVal *namedtuple_fn(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *name = ev_arg(a, 0, "typename"), *fields = ev_arg(a, 1, "field_names");
    const ConstVal *dflt = ev_arg(a, UINT32_MAX, "defaults");
    EvClass *c;
    ConstVal *list;
    (void)self;
    if (!name || name->kind != CV_STR || !fields)
        return ev_raise(ev, ev->e_type, a->at, "namedtuple() takes a name and its fields");
    if (fields->kind == CV_STR) {
        EvArgs sa;
        const ConstVal *m = ev_builtin_method(ev, ev_str_c(ev, ""), "split");
        StrBuf sb;
        sb_init(&sb);
        for (const char *p = fields->v.str.s; *p; p++)
            sb_putc(&sb, *p == ',' ? ' ' : *p);
        memset(&sa, 0, sizeof sa);
        sa.at = a->at;
        fields = ev_str_c(ev, sb_cstr(&sb));
        sb_free(&sb);
        m = ev_builtin(ev, m->v.builtin.def, fields);
        if (!(fields = ev_call(ev, m, &sa)))
            return NULL;
    }
    if (!(list = ev_to_list(ev, fields, a->at)))
        return NULL;
    c = ev_class_new(ev, name->v.str.s, ev->running, 1, &ev->c_namedtuple, a->at);
    if (!c)
        return NULL;
    for (uint32_t i = 0; i < list->v.seq.n; i++) {
        const ConstVal *f = list->v.seq.items[i];
        if (f->kind == CV_TUPLE && f->v.seq.n == 2)
            f = f->v.seq.items[0];
        if (f->kind != CV_STR)
            return ev_raise(ev, ev->e_type, a->at, "namedtuple() field names must be strings");
        ev_grow(ev, (void **)&c->ann, &c->capann, c->nann, sizeof *c->ann);
        c->ann[c->nann].name = f->v.str.s;
        c->ann[c->nann++].not_field = 0;
    }
    if (dflt && dflt->kind != CV_NONE) {
        ConstVal *d = ev_to_list(ev, dflt, a->at);
        if (!d)
            return NULL;
        /* the defaults belong to the last fields */
        for (uint32_t i = 0; i < d->v.seq.n && i < c->nann; i++)
            ev_table_put(&c->ns, &ev->arena, c->ann[c->nann - d->v.seq.n + i].name, d->v.seq.items[i]);
    }
    return ev_class_finish(ev, c, a->at);
}

static const EvBuiltinDef enum_defs[] = {
    {"enum.auto", enum_auto, 0, 0},
    {"enum.unique", identity, 0, 1},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef typing_defs[] = {
    {"typing.cast", typing_cast, 0, 1},        {"typing.overload", identity, 0, 1},
    {"typing.final", identity, 0, 1},          {"typing.no_type_check", identity, 0, 1},
    {"typing.runtime_checkable", identity, 0, 1}, {"typing.dataclass_transform", identity, 0, 1},
    {"typing.get_type_hints", world, 0, 1},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef abc_defs[] = {
    {"abc.abstractmethod", identity, 0, 1},
    {NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------ functools */

/* A partial, or an operator.itemgetter/attrgetter: its self holds what it
 * was made with. */
static const ConstVal *partial_call(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *fn = self->v.seq.items[0], *pos = self->v.seq.items[1], *kw = self->v.seq.items[2];
    EvArgs b;
    uint32_t n = pos->v.seq.n + a->n, nk = kw->v.table->live + a->nkw, k = 0;
    memset(&b, 0, sizeof b);
    b.at = a->at;
    b.pos = arena_array(&ev->arena, n ? n : 1, sizeof *b.pos);
    ev_memcpy(b.pos, pos->v.seq.items, pos->v.seq.n * sizeof *b.pos);
    if (a->n)
        ev_memcpy(b.pos + pos->v.seq.n, a->pos, a->n * sizeof *b.pos);
    b.n = n;
    b.kwname = arena_array(&ev->arena, nk ? nk : 1, sizeof *b.kwname);
    b.kw = arena_array(&ev->arena, nk ? nk : 1, sizeof *b.kw);
    for (uint32_t i = 0; i < kw->v.table->n; i++)
        if (kw->v.table->keys[i]) {
            b.kwname[k] = ((const ConstVal *)kw->v.table->keys[i])->v.str.s;
            b.kw[k++] = kw->v.table->vals[i];
        }
    for (uint32_t i = 0; i < a->nkw; i++) {
        b.kwname[k] = a->kwname[i];
        b.kw[k++] = a->kw[i];
    }
    b.nkw = k;
    return ev_call(ev, fn, &b);
}

static const EvBuiltinDef partial_call_def = {"functools.partial", partial_call, 0, 1};

static const ConstVal *ft_partial(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *parts[3];
    ConstVal *kw = ev_dict_new(ev, CV_DICT);
    (void)self;
    if (a->n < 1)
        return ev_raise(ev, ev->e_type, a->at, "partial() takes a callable");
    for (uint32_t k = 0; k < a->nkw; k++)
        ev_table_put(kw->v.table, &ev->arena, ev_str_c(ev, a->kwname[k]), a->kw[k]);
    parts[0] = a->pos[0];
    parts[1] = ev_seq(ev, CV_TUPLE, a->n - 1, a->pos + 1);
    parts[2] = kw;
    return ev_builtin(ev, &partial_call_def, ev_seq(ev, CV_TUPLE, 3, parts));
}

static const ConstVal *ft_reduce(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l;
    const ConstVal *acc;
    uint32_t i = 0;
    (void)self;
    if (!ev_check_args(ev, "functools.reduce", a, 2, 3, NOKW) || !(l = ev_to_list(ev, a->pos[1], a->at)))
        return NULL;
    if (a->n == 3)
        acc = a->pos[2];
    else if (l->v.seq.n)
        acc = l->v.seq.items[i++];
    else
        return ev_raise(ev, ev->e_type, a->at, "reduce() of empty iterable with no initial value");
    for (; i < l->v.seq.n; i++) {
        const ConstVal *args[2] = {acc, l->v.seq.items[i]};
        if (!(acc = ev_call_n(ev, a->pos[0], a->at, 2, args)))
            return NULL;
    }
    return acc;
}

static const EvBuiltinDef wrapper_def = {"functools.wraps", identity, 0, 1};

static const ConstVal *ft_wraps(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    if (a->n < 1)
        return ev_raise(ev, ev->e_type, a->at, "wraps() takes the wrapped function");
    return ev_builtin(ev, &wrapper_def, NULL);
}

static const ConstVal *ft_cached_property(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *p;
    (void)self;
    if (!ev_check_args(ev, "functools.cached_property", a, 1, 1, NOKW))
        return NULL;
    p = (ConstVal *)ev_val(ev, CV_PROPERTY);
    p->v.prop.get = a->pos[0];
    p->flags |= CVF_CACHED;
    return p;
}

static const EvBuiltinDef functools_defs[] = {
    {"functools.lru_cache", identity, 0, 1}, {"functools.cache", identity, 0, 1},
    {"functools.total_ordering", identity, 0, 1}, {"functools.partial", ft_partial, 0, 1},
    {"functools.reduce", ft_reduce, 0, 0}, {"functools.wraps", ft_wraps, 0, 1},
    {"functools.cached_property", ft_cached_property, 0, 1},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef warnings_defs[] = {
    {"warnings.warn", identity, 0, 1},
    {"warnings.filterwarnings", world, 0, 1},
    {"warnings.simplefilter", world, 0, 1},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef collections_defs[] = {
    {"collections.namedtuple", namedtuple_fn, 0, 0},
    {"collections.defaultdict", world, 0, 1},
    {"collections.Counter", world, 0, 1},
    {"collections.deque", world, 0, 1},
    {NULL, NULL, 0, 0},
};

/* ---------------------------------------------------------------- modules */

EvModule *ev_stdlib_module(Ev *ev, const char *dotted)
{
    EvModule *m;
    if (strcmp(dotted, "math") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, ev_math_defs);
        put(ev, m, "pi", ev_float(ev, PI));
        put(ev, m, "e", ev_float(ev, EULER));
        put(ev, m, "tau", ev_float(ev, 2 * PI));
        put(ev, m, "inf", ev_float(ev, INFINITY));
        put(ev, m, "nan", ev_float(ev, NAN));
    } else if (strcmp(dotted, "os") == 0) {
        EvModule *path = ev_stdlib_module(ev, "os.path");
        m = ev_module_new(ev, dotted);
        defs(ev, m, os_defs);
        put(ev, m, "environ", ev_dict_new(ev, CV_DICT));
        put(ev, m, "sep", ev_str_c(ev, "/"));
        put(ev, m, "linesep", ev_str_c(ev, "\n"));
        put(ev, m, "path", path->self);
    } else if (strcmp(dotted, "os.path") == 0) {
        const ConstVal *c = ev_table_get(&ev->modules, ev_cstr(ev, dotted));
        if (c)
            return c->v.mod;
        m = ev_module_new(ev, dotted);
        defs(ev, m, path_defs);
        put(ev, m, "sep", ev_str_c(ev, "/"));
    } else if (strcmp(dotted, "sys") == 0) {
        ConstVal *argv = ev_list_new(ev, 1);
        const ConstVal *vi[5] = {ev_int(ev, 3), ev_int(ev, 12), ev_int(ev, 0), ev_str_c(ev, "final"), ev_int(ev, 0)};
        m = ev_module_new(ev, dotted);
        defs(ev, m, sys_defs);
        ev_list_append(ev, argv, ev_str_c(ev, ev->main && ev->main->path ? ev->main->path : ""));
        put(ev, m, "argv", argv);
        put(ev, m, "path", ev_list_new(ev, 0));
        put(ev, m, "maxsize", ev_int(ev, INT64_MAX));
        put(ev, m, "platform", ev_str_c(ev, "linux"));
        put(ev, m, "byteorder", ev_str_c(ev, "little"));
        put(ev, m, "version_info", ev_seq(ev, CV_TUPLE, 5, vi));
        put(ev, m, "modules", ev_unknown(ev, span_unknown(), "sys.modules is not known at compile time"));
    } else if (strcmp(dotted, "dataclasses") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, dataclass_defs);
        put(ev, m, "FrozenInstanceError", ev->e_frozen->self);
        put(ev, m, "Field", ev->c_field->self);
        put(ev, m, "MISSING", ev_exception_args(ev, ev->c_field, 0, NULL));
        put(ev, m, "InitVar", ev_unknown(ev, span_unknown(), "dataclasses.InitVar is for annotations"));
        put(ev, m, "KW_ONLY", ev_unknown(ev, span_unknown(), "dataclasses.KW_ONLY is for annotations"));
    } else if (strcmp(dotted, "enum") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, enum_defs);
        put(ev, m, "Enum", ev->c_enum->self);
        put(ev, m, "IntEnum", ev->c_intenum->self);
        put(ev, m, "Flag", ev->c_enum->self);
        put(ev, m, "IntFlag", ev->c_intenum->self);
        put(ev, m, "StrEnum", ev->c_enum->self);
    } else if (strcmp(dotted, "typing") == 0 || strcmp(dotted, "typing_extensions") == 0) {
        m = ev_module_new(ev, dotted);
        m->open_names = 1;
        defs(ev, m, typing_defs);
        put(ev, m, "NamedTuple", ev->c_namedtuple->self);
        put(ev, m, "TYPE_CHECKING", ev->false_);
    } else if (strcmp(dotted, "__future__") == 0 || strcmp(dotted, "collections.abc") == 0 ||
               strcmp(dotted, "types") == 0) {
        m = ev_module_new(ev, dotted);
        m->open_names = 1;
    } else if (strcmp(dotted, "abc") == 0) {
        EvClass *abc = ev_class_new(ev, ev_cstr(ev, "ABC"), NULL, 0, NULL, span_unknown());
        m = ev_module_new(ev, dotted);
        m->open_names = 1;
        defs(ev, m, abc_defs);
        put(ev, m, "ABC", abc->self);
    } else if (strcmp(dotted, "functools") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, functools_defs);
    } else if (strcmp(dotted, "collections") == 0) {
        const ConstVal *dict = ev_table_get(&ev->builtins, ev_cstr(ev, "dict"));
        m = ev_module_new(ev, dotted);
        defs(ev, m, collections_defs);
        put(ev, m, "OrderedDict", dict);
    } else if (strcmp(dotted, "itertools") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, ev_itertools_defs);
    } else if (strcmp(dotted, "copy") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, ev_copy_defs);
    } else if (strcmp(dotted, "operator") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, ev_operator_defs);
    } else if (strcmp(dotted, "warnings") == 0) {
        m = ev_module_new(ev, dotted);
        defs(ev, m, warnings_defs);
    } else {
        return NULL;
    }
    m->builtin = 1;
    m->state = MOD_DONE;
    return m;
}

