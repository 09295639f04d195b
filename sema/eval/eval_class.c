/* eval_class.c: classes and instances (eval_internal.h): method
 * resolution, attributes (properties, static and class methods, bound
 * methods), instantiation, and what @dataclass, enum.Enum, IntEnum and
 * NamedTuple make of a class.  Attributes of modules and of the DSL's
 * names are here too: an attribute of a module that is not available is
 * unknown, one of a module still being imported names the import cycle. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

/* --------------------------------------------------------------- classes */

/* C3 linearisation of c's bases; 0 when there is none. */
static int c3(Ev *ev, EvClass *c)
{
    uint32_t nseq = c->nbases + 1, total = 1, k = 0;
    EvClass ***seqs = arena_array(&ev->arena, nseq, sizeof *seqs);
    uint32_t *len = arena_array(&ev->arena, nseq, sizeof *len), *pos = arena_zalloc(&ev->arena, nseq * sizeof *pos);
    EvClass **out;
    for (uint32_t i = 0; i < c->nbases; i++) {
        seqs[i] = c->bases[i]->mro;
        len[i] = c->bases[i]->nmro;
        total += len[i];
    }
    seqs[c->nbases] = c->bases;
    len[c->nbases] = c->nbases;
    out = arena_array(&ev->arena, total, sizeof *out);
    out[k++] = c;
    for (;;) {
        EvClass *pick = NULL;
        int any = 0;
        for (uint32_t i = 0; i < nseq && !pick; i++) {
            EvClass *cand;
            int bad = 0;
            if (pos[i] >= len[i])
                continue;
            any = 1;
            cand = seqs[i][pos[i]];
            for (uint32_t j = 0; j < nseq && !bad; j++)
                for (uint32_t t = pos[j] + 1; t < len[j]; t++)
                    if (seqs[j][t] == cand) {
                        bad = 1;
                        break;
                    }
            if (!bad)
                pick = cand;
        }
        if (!any)
            break;
        if (!pick)
            return 0;
        out[k++] = pick;
        for (uint32_t i = 0; i < nseq; i++)
            if (pos[i] < len[i] && seqs[i][pos[i]] == pick)
                pos[i]++;
    }
    c->mro = out;
    c->nmro = k;
    return 1;
}

EvClass *ev_class_new(Ev *ev, const char *name, EvModule *mod, uint32_t nbases, EvClass *const *bases, Span at)
{
    EvClass *c = arena_zalloc(&ev->arena, sizeof *c);
    ConstVal *self = (ConstVal *)ev_val(ev, CV_CLASS);
    c->name = name;
    c->mod = mod;
    c->span = at;
    c->kind = CV_KIND_COUNT;
    ev_table_init(&c->ns, 0);
    if (nbases == 0 && ev->t_object) {
        bases = &ev->t_object;
        nbases = 1;
    }
    c->nbases = nbases;
    c->bases = nbases ? arena_memdup(&ev->arena, bases, nbases * sizeof *bases) : NULL;
    for (uint32_t i = 0; i < nbases; i++) {
        c->flags |= bases[i]->flags & (CLS_EXCEPTION | CLS_ENUM | CLS_INTENUM | CLS_NAMEDTUPLE);
        if (bases[i]->flags & CLS_NAMEDTUPLE) {
            c->fields = bases[i]->fields;
            c->field_default = bases[i]->field_default;
            c->field_factory = bases[i]->field_factory;
            c->field_init = bases[i]->field_init;
            c->nfields = bases[i]->nfields;
        }
    }
    if (!c3(ev, c)) {
        ev_raise(ev, ev->e_type, at, "cannot create a consistent method resolution order for the bases of '%s'", name);
        return NULL;
    }
    self->v.cls = c;
    c->self = self;
    return c;
}

const ConstVal *ev_class_lookup(const EvClass *c, const char *name)
{
    for (uint32_t i = 0; i < c->nmro; i++) {
        const ConstVal *v = ev_table_get(&c->mro[i]->ns, name);
        if (v)
            return v;
    }
    return NULL;
}

int ev_is_subclass(const EvClass *c, const EvClass *base)
{
    for (uint32_t i = 0; i < c->nmro; i++)
        if (c->mro[i] == base)
            return 1;
    return 0;
}

static int is_dunder(const char *s)
{
    size_t n = strlen(s);
    return n > 4 && s[0] == '_' && s[1] == '_' && s[n - 1] == '_' && s[n - 2] == '_';
}

static int is_descriptor(const ConstVal *v)
{
    switch (v->kind) {
    case CV_FUNC:
    case CV_BUILTIN:
    case CV_PROPERTY:
    case CV_STATIC:
    case CV_CLASSMETHOD:
    case CV_CLASS:
        return 1;
    default:
        return 0;
    }
}

/* enum.Enum subclasses: their plain class attributes become members. */
static const ConstVal *make_enum_members(Ev *ev, EvClass *c, Span at)
{
    int64_t next = 1;
    EvTable *ns = &c->ns;
    for (uint32_t i = 0; i < ns->n; i++) {
        const char *name = ns->keys[i];
        const ConstVal *val = ns->vals[i];
        ConstVal *m;
        EvObj *o;
        if (!name || is_dunder(name) || name[0] == '_' || is_descriptor(val))
            continue;
        if (val->kind == CV_INSTANCE && val->v.obj->cls == ev->c_auto) {
            val = ev_int(ev, next);
        }
        if (c->flags & CLS_INTENUM) {
            int64_t x;
            if (val->kind == CV_UNKNOWN)
                continue;
            if (!cv_as_int(val, &x))
                return ev_raise(ev, ev->e_type, at, "IntEnum member '%s' must be an int, not %s", name,
                                ev_type_name(ev, val));
            val = ev_int(ev, x);
        }
        {
            int64_t x;
            if (cv_as_int(val, &x))
                next = x + 1;
        }
        /* a second name for a value is an alias of the first member */
        m = NULL;
        for (uint32_t k = 0; k < c->members.len; k++)
            if (cv_equal(c->members.data[k]->v.obj->member_value, val)) {
                m = (ConstVal *)c->members.data[k];
                break;
            }
        if (!m) {
            m = (ConstVal *)ev_val(ev, CV_INSTANCE);
            o = arena_zalloc(&ev->arena, sizeof *o);
            o->cls = c;
            ev_table_init(&o->attrs, 0);
            ev_table_put(&o->attrs, &ev->arena, ev->n.name, ev_str_c(ev, name));
            ev_table_put(&o->attrs, &ev->arena, ev->n.value, val);
            ev_table_put(&o->attrs, &ev->arena, ev_cstr(ev, "_name_"), ev_str_c(ev, name));
            ev_table_put(&o->attrs, &ev->arena, ev_cstr(ev, "_value_"), val);
            o->member_value = val;
            m->v.obj = o;
            ev_grow(ev, (void **)&c->members.data, &c->members.cap, c->members.len, sizeof *c->members.data);
            c->members.data[c->members.len++] = m;
        }
        ns->vals[i] = m;
    }
    return c->self;
}

static int is_classvar(Ev *ev, const AstNode *ann, const char *which)
{
    const AstNode *n = ann;
    if (!n)
        return 0;
    if (n->kind == AST_SUBSCRIPT)
        n = n->a;
    if (n->kind == AST_STRING)
        return strstr(n->name, which) != NULL;
    if (n->kind == AST_ATTR)
        return n->name == ev_cstr(ev, which);
    return n->kind == AST_NAME && n->name == ev_cstr(ev, which);
}

int ev_annotation_not_field(Ev *ev, const AstNode *ann)
{
    return is_classvar(ev, ann, "ClassVar") || is_classvar(ev, ann, "KW_ONLY");
}

static void add_field(Ev *ev, EvClass *c, uint32_t *cap, const char *name, const ConstVal *dflt,
                      const ConstVal *factory, int init)
{
    uint32_t i;
    for (i = 0; i < c->nfields; i++)
        if (c->fields[i] == name)
            break;   /* a subclass redefines it: it keeps its place */
    if (i == c->nfields) {
        if (c->nfields == *cap) {
            uint32_t ncap = *cap ? *cap * 2 : 8;
            const char **f = arena_array(&ev->arena, ncap, sizeof *f);
            const ConstVal **d = arena_array(&ev->arena, ncap, sizeof *d);
            const ConstVal **fa = arena_array(&ev->arena, ncap, sizeof *fa);
            uint8_t *in = arena_array(&ev->arena, ncap, sizeof *in);
            if (c->nfields) {
                ev_memcpy(f, c->fields, c->nfields * sizeof *f);
                ev_memcpy(d, c->field_default, c->nfields * sizeof *d);
                ev_memcpy(fa, c->field_factory, c->nfields * sizeof *fa);
                ev_memcpy(in, c->field_init, c->nfields);
            }
            c->fields = f;
            c->field_default = d;
            c->field_factory = fa;
            c->field_init = in;
            *cap = ncap;
        }
        c->nfields++;
    }
    c->fields[i] = name;
    c->field_default[i] = dflt;
    c->field_factory[i] = factory;
    c->field_init[i] = (uint8_t)init;
}

/* The fields of a class from its annotations (and its bases'). */
static void collect_fields(Ev *ev, EvClass *c, int inherit_flag)
{
    uint32_t cap = 0;
    c->nfields = 0;
    c->fields = NULL;
    /* the bases' fields first, the base-most first */
    for (uint32_t k = c->nmro; k-- > 1;) {
        const EvClass *b = c->mro[k];
        if (!(b->flags & inherit_flag))
            continue;
        for (uint32_t i = 0; i < b->nfields; i++)
            add_field(ev, c, &cap, b->fields[i], b->field_default[i], b->field_factory[i], b->field_init[i]);
    }
    for (uint32_t i = 0; i < c->nann; i++) {
        const char *name = c->ann[i].name;
        const ConstVal *d = ev_table_get(&c->ns, name), *factory = NULL;
        int init = 1;
        if (c->ann[i].not_field)
            continue;
        if (d && d->kind == CV_INSTANCE && d->v.obj->cls == ev->c_field) {
            const EvTable *fa = &d->v.obj->attrs;
            const ConstVal *x;
            factory = ev_table_get(fa, ev_cstr(ev, "default_factory"));
            x = ev_table_get(fa, ev_cstr(ev, "init"));
            init = !x || cv_truthy(x);
            d = ev_table_get(fa, ev_cstr(ev, "default"));
            /* the class keeps the default as its attribute, or nothing */
            if (d)
                ev_table_put(&c->ns, &ev->arena, name, d);
            else
                ev_table_del(&c->ns, name);
        }
        add_field(ev, c, &cap, name, d, factory, init);
    }
}

const ConstVal *ev_class_finish(Ev *ev, EvClass *c, Span at)
{
    if ((c->flags & CLS_ENUM) && c != ev->c_enum && c != ev->c_intenum)
        return make_enum_members(ev, c, at);
    if (c->flags & CLS_NAMEDTUPLE) {
        collect_fields(ev, c, CLS_NAMEDTUPLE);
        for (uint32_t i = 0; i < c->nfields; i++)
            ev_table_del(&c->ns, c->fields[i]);   /* read from the instance's tuple */
    }
    return c->self;
}

const ConstVal *ev_make_dataclass(Ev *ev, EvClass *c, const EvArgs *opts, Span at)
{
    const ConstVal *x;
    (void)at;
    c->flags |= CLS_DATACLASS | CLS_EQ;
    if ((x = ev_arg(opts, UINT32_MAX, "frozen")) && cv_truthy(x))
        c->flags |= CLS_FROZEN;
    if ((x = ev_arg(opts, UINT32_MAX, "eq")) && !cv_truthy(x))
        c->flags &= (uint16_t)~CLS_EQ;
    if ((x = ev_arg(opts, UINT32_MAX, "order")) && cv_truthy(x))
        c->flags |= CLS_ORDER;
    collect_fields(ev, c, CLS_DATACLASS);
    return c->self;
}

const ConstVal *ev_namedtuple_fields(const ConstVal *v)
{
    return v->kind == CV_INSTANCE ? v->v.obj->tuple : NULL;
}

/* ------------------------------------------------------------- instances */

static ConstVal *new_obj(Ev *ev, EvClass *c)
{
    ConstVal *v = (ConstVal *)ev_val(ev, CV_INSTANCE);
    EvObj *o = arena_zalloc(&ev->arena, sizeof *o);
    o->cls = c;
    ev_table_init(&o->attrs, 0);
    v->v.obj = o;
    if (c->flags & CLS_FROZEN)
        v->flags |= CVF_FROZEN;
    return v;
}

const ConstVal *ev_exception_args(Ev *ev, EvClass *c, uint32_t n, const ConstVal *const *args)
{
    ConstVal *v = new_obj(ev, c);
    ev_table_put(&v->v.obj->attrs, &ev->arena, ev->n.args, ev_seq(ev, CV_TUPLE, n, args));
    return v;
}

const ConstVal *ev_exception(Ev *ev, EvClass *c, const char *msg)
{
    const ConstVal *m = msg ? ev_str_c(ev, msg) : NULL;
    return ev_exception_args(ev, c, msg ? 1 : 0, &m);
}

/* Fields bound from the arguments as a dataclass's or named tuple's
 * generated __init__ binds them: values in *out (c->nfields of them). */
static int bind_fields(Ev *ev, EvClass *c, const EvArgs *a, const ConstVal **out)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < c->nfields; i++)
        out[i] = NULL;
    for (uint32_t p = 0; p < a->n; p++) {
        while (k < c->nfields && !c->field_init[k])
            k++;
        if (k == c->nfields) {
            ev_raise(ev, ev->e_type, a->at, "%s() takes %u positional arguments but %u were given", c->name, k + 1,
                     a->n + 1);
            return 0;
        }
        out[k++] = a->pos[p];
    }
    for (uint32_t j = 0; j < a->nkw; j++) {
        uint32_t i;
        for (i = 0; i < c->nfields; i++)
            if (c->fields[i] == a->kwname[j] && c->field_init[i])
                break;
        if (i == c->nfields) {
            ev_raise(ev, ev->e_type, a->at, "%s.__init__() got an unexpected keyword argument '%s'", c->name,
                     a->kwname[j]);
            return 0;
        }
        if (out[i]) {
            ev_raise(ev, ev->e_type, a->at, "%s.__init__() got multiple values for argument '%s'", c->name,
                     a->kwname[j]);
            return 0;
        }
        out[i] = a->kw[j];
    }
    for (uint32_t i = 0; i < c->nfields; i++) {
        if (out[i])
            continue;
        if (c->field_factory[i]) {
            if (!(out[i] = ev_call_n(ev, c->field_factory[i], a->at, 0, NULL)))
                return 0;
        } else if (c->field_default[i]) {
            out[i] = c->field_default[i];
        } else if (c->field_init[i]) {
            ev_raise(ev, ev->e_type, a->at, "%s.__init__() missing 1 required positional argument: '%s'", c->name,
                     c->fields[i]);
            return 0;
        }
    }
    return 1;
}

/* The class of c's MRO whose __init__ runs: its own def, or a dataclass's
 * generated one (NULL: object's, which takes no arguments). */
static const EvClass *init_owner(const EvClass *c, const char *init_name, const ConstVal **fn)
{
    for (uint32_t i = 0; i < c->nmro; i++) {
        const EvClass *k = c->mro[i];
        const ConstVal *f = ev_table_get(&k->ns, init_name);
        if (f) {
            *fn = f;
            return k;
        }
        if (k->flags & CLS_DATACLASS) {
            *fn = NULL;
            return k;
        }
    }
    *fn = NULL;
    return NULL;
}

static const ConstVal *post_init(Ev *ev, const ConstVal *self, Span at)
{
    const ConstVal *m = ev_class_lookup(self->v.obj->cls, ev->n.post_init);
    if (!m)
        return self;
    if (!(m = ev_method(ev, self, ev->n.post_init)))
        return NULL;
    if (!ev_call_n(ev, m, at, 0, NULL)) {
        ev_trace(ev, at, "__post_init__");
        return NULL;
    }
    return self;
}

static const ConstVal *enum_lookup(Ev *ev, EvClass *c, const EvArgs *a)
{
    StrBuf sb;
    if (a->n != 1 || a->nkw)
        return ev_raise(ev, ev->e_type, a->at, "%s() takes one value", c->name);
    for (uint32_t k = 0; k < c->members.len; k++)
        if (cv_equal(c->members.data[k]->v.obj->member_value, a->pos[0]) || c->members.data[k] == a->pos[0])
            return c->members.data[k];
    sb_init(&sb);
    ev_to_repr(ev, a->pos[0], &sb, a->at);
    ev_raise(ev, ev->e_value, a->at, "%s is not a valid %s", sb_cstr(&sb), c->name);
    sb_free(&sb);
    return NULL;
}

const ConstVal *ev_instantiate(Ev *ev, EvClass *c, const EvArgs *a)
{
    ConstVal *v;
    const ConstVal *fn;
    const EvClass *owner;
    if (c->flags & CLS_BUILTIN && c->ctor) {
        EvArgs b = *a;
        if (!c->ctor->takes_unknown) {
            const ConstVal *u = ev_first_unknown(a->pos, a->n);
            if (u || (u = ev_first_unknown(a->kw, a->nkw)) != NULL)
                return u;
        }
        b.def = c->ctor;
        b.data = c->ctor->data;
        return c->ctor->fn(ev, c->self, &b);
    }
    if ((c->flags & CLS_ENUM) && c->members.len)
        return enum_lookup(ev, c, a);
    if (c->flags & CLS_NAMEDTUPLE) {
        const ConstVal **vals = arena_array(&ev->arena, c->nfields ? c->nfields : 1, sizeof *vals);
        if (!bind_fields(ev, c, a, vals))
            return NULL;
        v = new_obj(ev, c);
        v->v.obj->tuple = ev_seq(ev, CV_TUPLE, c->nfields, vals);
        return v;
    }
    v = new_obj(ev, c);
    if (c->flags & CLS_EXCEPTION)
        ev_table_put(&v->v.obj->attrs, &ev->arena, ev->n.args, ev_seq(ev, CV_TUPLE, a->n, a->pos));
    owner = init_owner(c, ev->n.init, &fn);
    if (owner && !fn && (owner->flags & CLS_DATACLASS)) {
        const ConstVal **vals = arena_array(&ev->arena, owner->nfields ? owner->nfields : 1, sizeof *vals);
        if (!bind_fields(ev, (EvClass *)owner, a, vals))
            return NULL;
        for (uint32_t i = 0; i < owner->nfields; i++)
            if (vals[i])
                ev_table_put(&v->v.obj->attrs, &ev->arena, owner->fields[i], vals[i]);
        return post_init(ev, v, a->at);
    }
    if (fn) {
        const ConstVal *m = ev_method(ev, v, ev->n.init), *r;
        if (!m)
            return NULL;
        if (!(r = ev_call(ev, m, a))) {
            ev_trace(ev, a->at, "__init__");
            return NULL;
        }
        if (r->kind != CV_NONE && r->kind != CV_UNKNOWN)
            return ev_raise(ev, ev->e_type, a->at, "__init__() should return None, not '%s'", ev_type_name(ev, r));
        return v;
    }
    if ((a->n || a->nkw) && !(c->flags & CLS_EXCEPTION))
        return ev_raise(ev, ev->e_type, a->at, "%s() takes no arguments", c->name);
    return v;
}

/* ------------------------------------------------------------ attributes */

EvClass *ev_type_of(Ev *ev, const ConstVal *v)
{
    switch ((ConstKind)v->kind) {
    case CV_INT: return ev->t_int;
    case CV_FLOAT: return ev->t_float;
    case CV_BOOL: return ev->t_bool;
    case CV_STR: return ev->t_str;
    case CV_NONE: return ev->t_none;
    case CV_LIST: return ev->t_list;
    case CV_TUPLE: return ev->t_tuple;
    case CV_DICT: return ev->t_dict;
    case CV_SET: return ev->t_set;
    case CV_RANGE: return ev->t_range;
    case CV_SLICE: return ev->t_slice;
    case CV_INSTANCE: return v->v.obj->cls;
    case CV_CLASS: return ev->t_type;
    case CV_MODULE: return ev->t_module;
    case CV_FUNC:
    case CV_BUILTIN:
    case CV_BOUND: return ev->t_function;
    case CV_PROPERTY: return ev->t_property;
    default: return ev->t_object;
    }
}

int ev_isinstance(Ev *ev, const ConstVal *v, const EvClass *c)
{
    if (c == ev->t_object)
        return 1;
    if (c == ev->t_int && (v->kind == CV_BOOL || (v->kind == CV_INSTANCE && (v->v.obj->cls->flags & CLS_INTENUM))))
        return 1;
    if (c == ev->t_tuple && v->kind == CV_INSTANCE && v->v.obj->tuple)
        return 1;
    return ev_is_subclass(ev_type_of(ev, v), c);
}

const char *ev_type_name(Ev *ev, const ConstVal *v)
{
    if (v->kind == CV_NONE)
        return "NoneType";
    if (v->kind == CV_INSTANCE)
        return v->v.obj->cls->name;
    (void)ev;
    return const_kind_name((ConstKind)v->kind);
}

static const ConstVal *bind_method(Ev *ev, const ConstVal *fn, const ConstVal *self)
{
    ConstVal *b = (ConstVal *)ev_val(ev, CV_BOUND);
    b->v.bound.fn = fn;
    b->v.bound.self = self;
    return b;
}

const ConstVal *ev_method(Ev *ev, const ConstVal *v, const char *name)
{
    const ConstVal *m;
    if (v->kind != CV_INSTANCE || (v->v.obj->cls->flags & CLS_BUILTIN && !(v->v.obj->cls->flags & CLS_EXCEPTION)))
        return ev_builtin_method(ev, v, name);
    m = ev_class_lookup(v->v.obj->cls, name);
    if (!m)
        return NULL;
    switch (m->kind) {
    case CV_FUNC:
        return bind_method(ev, m, v);
    case CV_BUILTIN:
        return m->v.builtin.self ? m : ev_builtin(ev, m->v.builtin.def, v);
    case CV_STATIC:
        return m->v.wrapped;
    case CV_CLASSMETHOD:
        return bind_method(ev, m->v.wrapped, v->v.obj->cls->self);
    default:
        return m;
    }
}

/* The DSL's names: pl.FP32 is a data type, pl.MemorySpace.Vec a memory
 * space, ...; anything else is a DSL name whose meaning is elaboration's. */
static const ConstVal *dsl_attr(Ev *ev, const ConstVal *obj, const char *attr, Span at)
{
    const char *path = obj->v.dsl.path;
    ConstVal *r;
    char buf[512];
    if (obj->flags & CVF_CALLED)
        return ev_unknown(ev, at, "'.%s' of a %s value is not a compile-time value", attr, path);
    if (strcmp(path, "pypto") == 0 && strcmp(attr, "language") != 0)   /* pypto.ir, pypto.passes: the rest of pypto */
        return ev_unknown(ev, at, "module 'pypto.%s' is not available at compile time", attr);
    if (strcmp(path, "pypto.language") == 0) {
        int dt = dtype_from_name(attr), tl = tensor_layout_from_name(attr);
        if (dt >= 0) {
            r = (ConstVal *)ev_val(ev, CV_DTYPE);
            r->v.i = dt;
            return r;
        }
        if (tl >= 0) {
            r = (ConstVal *)ev_val(ev, CV_TENSOR_LAYOUT);
            r->v.i = tl;
            return r;
        }
        if (strcmp(attr, "AUTO") == 0) {   /* reserve_buffer(base=pl.AUTO): the compiler's address */
            r = (ConstVal *)ev_val(ev, CV_INT);
            r->v.i = -1;
            return r;
        }
    } else if (strncmp(path, "pypto.language.", 15) == 0 &&
               (!strchr(path + 15, '.') || strcmp(path + 15, "tile.MaskPattern") == 0)) {
        /* The DSL's enumerations; pl.Mem is pl.MemorySpace and pl.PadValue
         * pl.TilePad under today's names (00-python_syntax.md). */
        static const struct {
            const char *group;
            ConstKind kind;
            int (*from_name)(const char *);
        } groups[] = {
            {"MemorySpace", CV_MEMSPACE, memspace_from_name},  {"Mem", CV_MEMSPACE, memspace_from_name},
            {"PipeType", CV_PIPE, pipe_from_name},              {"TileLayout", CV_TILE_LAYOUT, tile_layout_from_name},
            {"TilePad", CV_TILE_PAD, tile_pad_from_name},       {"PadValue", CV_TILE_PAD, tile_pad_from_name},
            {"TensorLayout", CV_TENSOR_LAYOUT, tensor_layout_from_name},
            {"FunctionType", CV_FUNC_TYPE, func_type_from_name}, {"DataType", CV_DTYPE, dtype_from_name},
            {"Level", CV_LEVEL, level_from_name},               {"Role", CV_ROLE, role_from_name},
            {"SplitMode", CV_SPLIT_MODE, split_mode_from_name}, {"ScopeMode", CV_SCOPE_MODE, scope_mode_from_name},
            {"adir", CV_ARG_DIR, arg_dir_from_name},
            {"tile.MaskPattern", CV_INT, mask_pattern_from_name},   /* plain integers in pypto */
        };
        const char *group = path + 15;
        int k = -2;
        ConstKind kind = CV_INT;
        for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
            if (strcmp(group, groups[i].group) == 0) {
                k = groups[i].from_name(attr);
                kind = groups[i].kind;
                break;
            }
        if (k >= 0) {
            r = (ConstVal *)ev_val(ev, kind);
            r->v.i = k;
            return r;
        }
        if (k == -1)
            return ev_raise(ev, ev->e_attr, at, "'%s' is not a member of pl.%s", attr, group);
    }
    snprintf(buf, sizeof buf, "%s.%s", path, attr);
    r = (ConstVal *)ev_val(ev, CV_DSL);
    r->v.dsl.path = ev_cstr(ev, buf);
    return r;
}

static const ConstVal *no_attr(Ev *ev, const ConstVal *obj, const char *name, Span at)
{
    if (obj->kind == CV_MODULE)
        return ev_raise(ev, ev->e_attr, at, "module '%s' has no attribute '%s'", obj->v.mod->name, name);
    if (obj->kind == CV_CLASS)
        return ev_raise(ev, ev->e_attr, at, "type object '%s' has no attribute '%s'", obj->v.cls->name, name);
    return ev_raise(ev, ev->e_attr, at, "'%s' object has no attribute '%s'", ev_type_name(ev, obj), name);
}

const char *ev_import_cycle(Ev *ev, EvModule *m);

static const ConstVal *module_attr(Ev *ev, const ConstVal *obj, const char *name, Span at, int *failed)
{
    EvModule *m = obj->v.mod;
    const ConstVal *v = ev_table_get(&m->env.vars, name);
    if (v)
        return v;
    if (m->missing)
        return ev_unknown(ev, at, "'%s.%s' comes from module '%s', which is not available at compile time", m->name,
                          name, m->name);
    if (m->open_names) {
        /* typing.Optional, __future__.annotations: names for annotations only */
        char buf[256];
        ConstVal *r = (ConstVal *)ev_val(ev, CV_DSL);
        snprintf(buf, sizeof buf, "%s.%s", m->name, name);
        r->v.dsl.path = ev_cstr(ev, buf);
        return r;
    }
    if (m->state == MOD_LOADING) {
        *failed = 1;
        return ev_raise(ev, ev->e_attr, at,
                        "partially initialized module '%s' has no attribute '%s' (an import cycle: %s)", m->name, name,
                        ev_import_cycle(ev, m));
    }
    if (name == ev->n.name_)
        return ev_str_c(ev, m->name);
    return NULL;
}

const ConstVal *ev_getattr_opt(Ev *ev, const ConstVal *obj, const char *name, Span at, int *failed)
{
    const ConstVal *v;
    *failed = 0;
    switch ((ConstKind)obj->kind) {
    case CV_UNKNOWN:
        return obj;
    case CV_MODULE:
        return module_attr(ev, obj, name, at, failed);
    case CV_DSL:
        return dsl_attr(ev, obj, name, at);
    case CV_INSTANCE: {
        const EvObj *o = obj->v.obj;
        const ConstVal *cattr = ev_class_lookup(o->cls, name);
        if (o->cls == ev->t_super) {
            v = ev_super_attr(ev, obj, name, at);
            *failed = !v;
            return v;
        }
        if (cattr && cattr->kind == CV_PROPERTY) {
            if (cattr->flags & CVF_CACHED && (v = ev_table_get(&o->attrs, name)) != NULL)
                return v;
            if (!cattr->v.prop.get)
                return ev_raise(ev, ev->e_attr, at, "property '%s' of '%s' object has no getter", name, o->cls->name);
            v = ev_call_n(ev, cattr->v.prop.get, at, 1, &obj);
            if (!v) {
                ev_trace(ev, at, name);
                *failed = 1;
                return NULL;
            }
            if (cattr->flags & CVF_CACHED)
                ev_table_put(&((EvObj *)o)->attrs, &ev->arena, name, v);
            return v;
        }
        if ((v = ev_table_get(&o->attrs, name)) != NULL)
            return v;
        if (o->tuple) {
            for (uint32_t i = 0; i < o->cls->nfields; i++)
                if (o->cls->fields[i] == name)
                    return o->tuple->v.seq.items[i];
        }
        if (cattr) {
            if (cattr->kind == CV_FUNC || cattr->kind == CV_STATIC || cattr->kind == CV_CLASSMETHOD ||
                cattr->kind == CV_BUILTIN)
                return ev_method(ev, obj, name);
            return cattr;
        }
        if (name == ev->n.class_)
            return o->cls->self;
        if (name == ev->n.dict_) {
            ConstVal *d = ev_dict_new(ev, CV_DICT);
            for (uint32_t i = 0; i < o->attrs.n; i++)
                if (o->attrs.keys[i])
                    ev_table_put(d->v.table, &ev->arena, ev_str_c(ev, o->attrs.keys[i]), o->attrs.vals[i]);
            return d;
        }
        if ((v = ev_builtin_method(ev, obj, name)) != NULL)
            return v;
        {
            /* __getattr__ runs for what is not found */
            const ConstVal *ga = ev_class_lookup(o->cls, ev->n.getattr);
            if (ga && ga->kind == CV_FUNC) {
                const ConstVal *nm = ev_str_c(ev, name), *args[2] = {obj, nm};
                v = ev_call_n(ev, ga, at, 2, args);
                if (!v)
                    *failed = 1;
                return v;
            }
        }
        return NULL;
    }
    case CV_CLASS: {
        const EvClass *c = obj->v.cls;
        if ((v = ev_class_lookup(c, name)) != NULL) {
            if (v->kind == CV_STATIC)
                return v->v.wrapped;
            if (v->kind == CV_CLASSMETHOD)
                return bind_method(ev, v->v.wrapped, obj);
            return v;
        }
        if (name == ev->n.name_ || name == ev->n.qualname)
            return ev_str_c(ev, c->name);
        if (name == ev->n.members_ && (c->flags & CLS_ENUM)) {
            ConstVal *d = ev_dict_new(ev, CV_DICT);
            for (uint32_t i = 0; i < c->members.len; i++)
                ev_table_put(d->v.table, &ev->arena, ev_table_get(&c->members.data[i]->v.obj->attrs, ev->n.name),
                             c->members.data[i]);
            return d;
        }
        if (name == ev->n.fields_ && (c->flags & CLS_NAMEDTUPLE)) {
            const ConstVal **items = arena_array(&ev->arena, c->nfields ? c->nfields : 1, sizeof *items);
            for (uint32_t i = 0; i < c->nfields; i++)
                items[i] = ev_str_c(ev, c->fields[i]);
            return ev_seq(ev, CV_TUPLE, c->nfields, items);
        }
        if (c->flags & CLS_BUILTIN && (v = ev_builtin_method(ev, obj, name)) != NULL)
            return v;
        return NULL;
    }
    case CV_FUNC:
        if (obj->v.func->attrs && (v = ev_table_get(obj->v.func->attrs, name)) != NULL)
            return v;
        if (name == ev->n.name_ || name == ev->n.qualname)
            return ev_str_c(ev, obj->v.func->name);
        if (name == ev->n.doc)
            return ev->none;
        return NULL;
    case CV_KERNEL:
        if (name == ev->n.name_)
            return ev_str_c(ev, obj->v.kernel->name);
        return ev_unknown(ev, at, "'%s.%s' is not a compile-time value (a pypto kernel's attribute)",
                          obj->v.kernel->name, name);
    default:
        return ev_builtin_method(ev, obj, name);
    }
}

const ConstVal *ev_getattr(Ev *ev, const ConstVal *obj, const char *name, Span at)
{
    int failed;
    const ConstVal *v = ev_getattr_opt(ev, obj, name, at, &failed);
    if (v || failed || ev->exc)
        return v;
    if (obj->kind == CV_MODULE && obj->v.mod->builtin)
        /* sys._getframe: the standard library is modelled in part; the
         * rest is Python outside the subset, an error only where a kernel
         * needs its value.  (Introspection, ev_getattr_opt, answers from
         * what is modelled: hasattr(math, "nothing") is False.) */
        return ev_unknown(ev, at, "'%s.%s' is outside the part of module '%s' that is evaluated at compile time",
                          obj->v.mod->name, name, obj->v.mod->name);
    return no_attr(ev, obj, name, at);
}

int ev_setattr(Ev *ev, const ConstVal *obj, const char *name, const ConstVal *v, Span at)
{
    switch ((ConstKind)obj->kind) {
    case CV_UNKNOWN:
        return 1;
    case CV_INSTANCE: {
        EvObj *o = obj->v.obj;
        const ConstVal *cattr = ev_class_lookup(o->cls, name);
        if (cattr && cattr->kind == CV_PROPERTY && !(cattr->flags & CVF_CACHED)) {
            const ConstVal *args[2] = {obj, v};
            if (!cattr->v.prop.set) {
                ev_raise(ev, ev->e_attr, at, "property '%s' of '%s' object has no setter", name, o->cls->name);
                return 0;
            }
            return ev_call_n(ev, cattr->v.prop.set, at, 2, args) != NULL;
        }
        if (obj->flags & CVF_FROZEN) {
            ev_raise(ev, ev->e_frozen, at, "cannot assign to field '%s'", name);
            return 0;
        }
        if (o->tuple || (o->cls->flags & CLS_ENUM)) {
            ev_raise(ev, ev->e_attr, at, "can't set attribute '%s' of a '%s'", name, o->cls->name);
            return 0;
        }
        ev_table_put(&o->attrs, &ev->arena, name, v);
        return 1;
    }
    case CV_CLASS:
        ev_table_put(&obj->v.cls->ns, &ev->arena, name, v);
        return 1;
    case CV_MODULE:
        ev_table_put(&obj->v.mod->env.vars, &ev->arena, name, v);
        return 1;
    case CV_FUNC:
        if (!obj->v.func->attrs) {
            obj->v.func->attrs = arena_alloc(&ev->arena, sizeof *obj->v.func->attrs);
            ev_table_init(obj->v.func->attrs, 0);
        }
        ev_table_put(obj->v.func->attrs, &ev->arena, name, v);
        return 1;
    default:
        ev_raise(ev, ev->e_attr, at, "'%s' object has no attribute '%s'", ev_type_name(ev, obj), name);
        return 0;
    }
}

int ev_delattr(Ev *ev, const ConstVal *obj, const char *name, Span at)
{
    if (obj->kind == CV_INSTANCE && !(obj->flags & CVF_FROZEN) && ev_table_del(&obj->v.obj->attrs, name))
        return 1;
    if (obj->kind == CV_CLASS && ev_table_del(&obj->v.cls->ns, name))
        return 1;
    if (obj->kind == CV_MODULE && ev_table_del(&obj->v.mod->env.vars, name))
        return 1;
    if (obj->kind == CV_INSTANCE && (obj->flags & CVF_FROZEN)) {
        ev_raise(ev, ev->e_frozen, at, "cannot delete field '%s'", name);
        return 0;
    }
    no_attr(ev, obj, name, at);
    return 0;
}

const ConstVal *ev_dataclass_replace(Ev *ev, const ConstVal *obj, const EvArgs *changes)
{
    const EvClass *c;
    EvArgs a;
    const ConstVal **kw;
    const char **names;
    uint32_t n = 0;
    if (obj->kind != CV_INSTANCE || !(obj->v.obj->cls->flags & (CLS_DATACLASS | CLS_NAMEDTUPLE)))
        return ev_raise(ev, ev->e_type, changes->at, "replace() should be called on dataclass instances");
    c = obj->v.obj->cls;
    kw = arena_array(&ev->arena, c->nfields + changes->nkw + 1, sizeof *kw);
    names = arena_array(&ev->arena, c->nfields + changes->nkw + 1, sizeof *names);
    for (uint32_t i = 0; i < c->nfields; i++) {
        int changed = 0;
        if (!c->field_init[i])
            continue;
        for (uint32_t j = 0; j < changes->nkw; j++)
            changed |= changes->kwname[j] == c->fields[i];
        if (changed)
            continue;
        names[n] = c->fields[i];
        kw[n] = obj->v.obj->tuple ? obj->v.obj->tuple->v.seq.items[i] : ev_table_get(&obj->v.obj->attrs, c->fields[i]);
        if (!kw[n])
            kw[n] = ev->none;
        n++;
    }
    for (uint32_t j = 0; j < changes->nkw; j++) {
        names[n] = changes->kwname[j];
        kw[n++] = changes->kw[j];
    }
    memset(&a, 0, sizeof a);
    a.at = changes->at;
    a.nkw = n;
    a.kwname = names;
    a.kw = kw;
    return ev_instantiate(ev, (EvClass *)c, &a);
}
