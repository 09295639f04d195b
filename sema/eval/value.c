/* value.c: the evaluator's values (value.h): hash tables, equality and
 * hashing as Python defines them, and short renderings for messages. */
#include "config.h"
#include "sema/eval/eval_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- tables */

/* Below this many entries a table is scanned; above, it has an index. */
enum { TABLE_SCAN_MAX = 8 };

void ev_table_init(EvTable *t, int by_value)
{
    memset(t, 0, sizeof *t);
    t->by_value = (uint8_t)by_value;
}

static uint32_t key_hash(const EvTable *t, const void *key)
{
    if (t->by_value)
        return cv_hash(key);
    /* an interned name: its address is its identity (lookups only; the
     * order of a table never depends on it) */
    uint64_t x = (uint64_t)(uintptr_t)key;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (uint32_t)x;
}

static int key_equal(const EvTable *t, const void *a, const void *b)
{
    return a == b || (t->by_value && cv_equal(a, b));
}

static void index_insert(EvTable *t, uint32_t entry)
{
    uint32_t mask = t->icap - 1, h = t->hashes[entry] & mask;
    while (t->index[h])
        h = (h + 1) & mask;
    t->index[h] = entry + 1;
}

/* Rebuilds the entries without deleted ones and, when large, the index. */
static void rebuild(EvTable *t, Arena *a, uint32_t cap)
{
    const void **keys = arena_array(a, cap, sizeof *keys);
    const ConstVal **vals = arena_array(a, cap, sizeof *vals);
    uint32_t *hashes = arena_array(a, cap, sizeof *hashes);
    uint32_t k = 0;
    for (uint32_t i = 0; i < t->n; i++) {
        if (!t->keys[i])
            continue;
        keys[k] = t->keys[i];
        vals[k] = t->vals[i];
        hashes[k] = t->hashes[i];
        k++;
    }
    t->keys = keys;
    t->vals = vals;
    t->hashes = hashes;
    t->n = t->live = k;
    t->cap = cap;
    t->index = NULL;
    t->icap = 0;
    if (cap > TABLE_SCAN_MAX) {
        t->icap = 16;
        while (t->icap < cap * 2)
            t->icap *= 2;
        t->index = arena_zalloc(a, (size_t)t->icap * sizeof *t->index);
        for (uint32_t i = 0; i < t->n; i++)
            index_insert(t, i);
    }
}

static int64_t find(const EvTable *t, const void *key, uint32_t h)
{
    if (!t->index) {
        for (uint32_t i = 0; i < t->n; i++)
            if (t->keys[i] && t->hashes[i] == h && key_equal(t, t->keys[i], key))
                return i;
        return -1;
    }
    {
        uint32_t mask = t->icap - 1, p = h & mask;
        while (t->index[p]) {
            uint32_t e = t->index[p] - 1;
            if (t->keys[e] && t->hashes[e] == h && key_equal(t, t->keys[e], key))
                return e;
            p = (p + 1) & mask;
        }
        return -1;
    }
}

const ConstVal *ev_table_get(const EvTable *t, const void *key)
{
    int64_t i;
    if (!t->live)
        return NULL;
    i = find(t, key, key_hash(t, key));
    return i < 0 ? NULL : t->vals[i];
}

void ev_table_put(EvTable *t, Arena *a, const void *key, const ConstVal *val)
{
    uint32_t h = key_hash(t, key);
    int64_t i = t->live ? find(t, key, h) : -1;
    if (i >= 0) {
        t->vals[i] = val;
        return;
    }
    if (t->n == t->cap)
        rebuild(t, a, t->live * 2 >= t->cap ? (t->cap ? t->cap * 2 : 4) : t->cap);
    t->keys[t->n] = key;
    t->vals[t->n] = val;
    t->hashes[t->n] = h;
    if (t->index)
        index_insert(t, t->n);
    t->n++;
    t->live++;
}

int ev_table_del(EvTable *t, const void *key)
{
    int64_t i;
    if (!t->live)
        return 0;
    i = find(t, key, key_hash(t, key));
    if (i < 0)
        return 0;
    t->keys[i] = NULL;   /* the index keeps the slot: probing passes over it */
    t->vals[i] = NULL;
    t->live--;
    return 1;
}

/* ---------------------------------------------------------------- values */

const char *const_kind_name(ConstKind k)
{
    static const char *const names[CV_KIND_COUNT] = {
        [CV_INT] = "int", [CV_FLOAT] = "float", [CV_BOOL] = "bool", [CV_STR] = "str", [CV_NONE] = "None",
        [CV_LIST] = "list", [CV_TUPLE] = "tuple", [CV_DTYPE] = "data type", [CV_MEMSPACE] = "memory space",
        [CV_PIPE] = "pipe", [CV_TILE_LAYOUT] = "tile layout", [CV_TILE_PAD] = "tile pad",
        [CV_TENSOR_LAYOUT] = "tensor layout", [CV_FUNC_TYPE] = "function type",
        [CV_DYNVAR] = "dynamic dimension", [CV_LEVEL] = "level", [CV_ROLE] = "role",
        [CV_SPLIT_MODE] = "split mode", [CV_SCOPE_MODE] = "scope mode", [CV_ARG_DIR] = "argument direction", [CV_DICT] = "dict", [CV_SET] = "set", [CV_RANGE] = "range",
        [CV_SLICE] = "slice", [CV_ELLIPSIS] = "ellipsis", [CV_FUNC] = "function",
        [CV_BUILTIN] = "built-in function", [CV_BOUND] = "method", [CV_CLASS] = "class",
        [CV_INSTANCE] = "object", [CV_MODULE] = "module", [CV_PROPERTY] = "property",
        [CV_STATIC] = "staticmethod", [CV_CLASSMETHOD] = "classmethod", [CV_DSL] = "DSL name",
        [CV_KERNEL] = "pypto kernel", [CV_UNKNOWN] = "unknown value",
    };
    return k < CV_KIND_COUNT && names[k] ? names[k] : "value";
}

static int is_intenum(const ConstVal *v)
{
    return v->kind == CV_INSTANCE && (v->v.obj->cls->flags & CLS_INTENUM);
}

/* An IntEnum member's int value. */
static const ConstVal *intenum_value(const ConstVal *v) { return v->v.obj->member_value; }

int cv_as_int(const ConstVal *v, int64_t *out)
{
    if (v->kind == CV_INT || v->kind == CV_BOOL) {
        *out = v->v.i;
        return 1;
    }
    if (is_intenum(v) && intenum_value(v))
        return cv_as_int(intenum_value(v), out);
    return 0;
}

int cv_as_double(const ConstVal *v, double *out)
{
    int64_t i;
    if (v->kind == CV_FLOAT) {
        *out = v->v.f;
        return 1;
    }
    if (cv_as_int(v, &i)) {
        *out = (double)i;
        return 1;
    }
    return 0;
}

int cv_truthy(const ConstVal *v)
{
    switch ((ConstKind)v->kind) {
    case CV_INT:
    case CV_BOOL:
        return v->v.i != 0;
    case CV_FLOAT:
        return v->v.f != 0;
    case CV_STR:
        return v->v.str.s[0] != 0 || intern_len(v->v.str.s) != 0;
    case CV_NONE:
        return 0;
    case CV_LIST:
    case CV_TUPLE:
        return v->v.seq.n != 0;
    case CV_DICT:
    case CV_SET:
        return v->v.table->live != 0;
    case CV_RANGE: {
        int64_t s = v->v.range.step;
        return s > 0 ? v->v.range.start < v->v.range.stop : v->v.range.start > v->v.range.stop;
    }
    case CV_INSTANCE:
        if (is_intenum(v))
            return cv_truthy(intenum_value(v));
        if (v->v.obj->tuple)
            return v->v.obj->tuple->v.seq.n != 0;
        return 1;
    default:
        return 1;
    }
}

static int seq_equal(const ConstVal *a, const ConstVal *b)
{
    if (a->v.seq.n != b->v.seq.n)
        return 0;
    for (uint32_t i = 0; i < a->v.seq.n; i++)
        if (!cv_equal(a->v.seq.items[i], b->v.seq.items[i]))
            return 0;
    return 1;
}

static int table_equal(const EvTable *a, const EvTable *b, int values)
{
    if (a->live != b->live)
        return 0;
    for (uint32_t i = 0; i < a->n; i++) {
        const ConstVal *w;
        if (!a->keys[i])
            continue;
        w = ev_table_get(b, a->keys[i]);
        if (!w || (values && !cv_equal(a->vals[i], w)))
            return 0;
    }
    return 1;
}

int cv_equal(const ConstVal *a, const ConstVal *b)
{
    double x, y;
    if (a == b)
        return a->kind != CV_FLOAT || a->v.f == a->v.f;   /* nan != nan */
    if (cv_as_double(a, &x) && cv_as_double(b, &y)) {
        int64_t i, j;
        if (cv_as_int(a, &i) && cv_as_int(b, &j))
            return i == j;
        return x == y;
    }
    if (a->kind == CV_INSTANCE && a->v.obj->tuple && b->kind == CV_TUPLE)
        return seq_equal(a->v.obj->tuple, b);
    if (b->kind == CV_INSTANCE && b->v.obj->tuple && a->kind == CV_TUPLE)
        return seq_equal(a, b->v.obj->tuple);
    if (a->kind != b->kind)
        return 0;
    if (cv_is_enum(a->kind))
        return a->v.i == b->v.i;
    switch ((ConstKind)a->kind) {
    case CV_STR:
        return a->v.str.s == b->v.str.s;
    case CV_NONE:
    case CV_ELLIPSIS:
        return 1;
    case CV_LIST:
    case CV_TUPLE:
        return seq_equal(a, b);
    case CV_DYNVAR:
        return a->v.var == b->v.var;
    case CV_DICT:
        return table_equal(a->v.table, b->v.table, 1);
    case CV_SET:
        return table_equal(a->v.table, b->v.table, 0);
    case CV_RANGE:
        return a->v.range.start == b->v.range.start && a->v.range.stop == b->v.range.stop &&
               a->v.range.step == b->v.range.step;
    case CV_DSL:
        return a->v.dsl.path == b->v.dsl.path && !(a->flags & CVF_CALLED) && !(b->flags & CVF_CALLED);
    case CV_BOUND:
        return a->v.bound.fn == b->v.bound.fn && a->v.bound.self == b->v.bound.self;
    case CV_BUILTIN:
        return a->v.builtin.def == b->v.builtin.def && a->v.builtin.self == b->v.builtin.self;
    case CV_INSTANCE: {
        const EvObj *p = a->v.obj, *q = b->v.obj;
        if (p->tuple && q->tuple)
            return seq_equal(p->tuple, q->tuple);
        if (p->cls != q->cls || !(p->cls->flags & CLS_EQ))
            return 0;
        for (uint32_t i = 0; i < p->cls->nfields; i++) {
            const ConstVal *x1 = ev_table_get(&p->attrs, p->cls->fields[i]);
            const ConstVal *y1 = ev_table_get(&q->attrs, p->cls->fields[i]);
            if (!x1 || !y1 ? x1 != y1 : !cv_equal(x1, y1))
                return 0;
        }
        return 1;
    }
    default:
        return 0;   /* identity, tested first */
    }
}

static uint32_t mix(uint32_t h, uint32_t x) { return (h ^ x) * 16777619u; }

uint32_t cv_hash(const ConstVal *v)
{
    double d;
    int64_t i;
    if (cv_as_int(v, &i))
        return (uint32_t)((uint64_t)i * 0x9E3779B97F4A7C15ULL >> 32);
    if (cv_as_double(v, &d)) {
        if (d == floor(d) && fabs(d) < 9.2e18)
            return (uint32_t)((uint64_t)(int64_t)d * 0x9E3779B97F4A7C15ULL >> 32);
        return hash_bytes(&d, sizeof d);
    }
    if (cv_is_enum(v->kind))
        return mix((uint32_t)v->kind * 7919u, (uint32_t)v->v.i);
    switch ((ConstKind)v->kind) {
    case CV_STR:
        return hash_bytes(v->v.str.s, intern_len(v->v.str.s));
    case CV_TUPLE:
    case CV_LIST: {
        uint32_t h = 2166136261u + v->v.seq.n;
        for (uint32_t k = 0; k < v->v.seq.n; k++)
            h = mix(h, cv_hash(v->v.seq.items[k]));
        return h;
    }
    case CV_INSTANCE:
        if (v->v.obj->tuple)
            return cv_hash(v->v.obj->tuple);
        if (v->v.obj->cls->flags & CLS_EQ) {
            uint32_t h = 2166136261u;
            for (uint32_t k = 0; k < v->v.obj->cls->nfields; k++) {
                const ConstVal *f = ev_table_get(&v->v.obj->attrs, v->v.obj->cls->fields[k]);
                h = mix(h, f ? cv_hash(f) : 0);
            }
            return h;
        }
        break;
    case CV_NONE:
    case CV_ELLIPSIS:
        return 0x5bd1e995u + v->kind;
    case CV_DYNVAR:
        return hash_bytes(v->v.var->name, strlen(v->v.var->name));
    case CV_DSL:
        return hash_bytes(v->v.dsl.path, strlen(v->v.dsl.path));
    case CV_RANGE:
        return mix(mix((uint32_t)v->v.range.start, (uint32_t)v->v.range.stop), (uint32_t)v->v.range.step);
    default:
        break;
    }
    {
        uint64_t x = (uint64_t)(uintptr_t)v;   /* identity: lookups only, never an order */
        x ^= x >> 29;
        x *= 0xbf58476d1ce4e5b9ULL;
        return (uint32_t)(x >> 32);
    }
}

/* ------------------------------------------------------------- rendering */

void cv_float_repr(double f, char *buf, size_t cap)
{
    char digits[40], *e;
    int prec, exp10;
    if (isnan(f)) {
        snprintf(buf, cap, "nan");
        return;
    }
    if (isinf(f)) {
        snprintf(buf, cap, f < 0 ? "-inf" : "inf");
        return;
    }
    /* the fewest significant digits that read back as f */
    for (prec = 1; prec <= 17; prec++) {
        snprintf(digits, sizeof digits, "%.*e", prec - 1, f);
        if (strtod(digits, NULL) == f)
            break;
    }
    e = strchr(digits, 'e');
    exp10 = atoi(e + 1);
    *e = '\0';
    if (exp10 < -4 || exp10 >= 16) {
        /* Python: d.ddde+XX, and no ".0" */
        snprintf(buf, cap, "%se%c%02d", digits, exp10 < 0 ? '-' : '+', abs(exp10));
        return;
    }
    {
        /* fixed notation from the digits of the mantissa */
        char mant[40];
        size_t k = 0, n;
        int neg = digits[0] == '-';
        const char *p = digits + neg;
        for (; *p; p++)
            if (*p != '.')
                mant[k++] = *p;
        mant[k] = '\0';
        n = k;
        k = 0;
        if (neg && k + 1 < cap)
            buf[k++] = '-';
        if (exp10 < 0) {
            k += (size_t)snprintf(buf + k, cap > k ? cap - k : 0, "0.");
            for (int z = 0; z < -exp10 - 1 && k + 1 < cap; z++)
                buf[k++] = '0';
            for (size_t j = 0; j < n && k + 1 < cap; j++)
                buf[k++] = mant[j];
        } else {
            size_t whole = (size_t)exp10 + 1;
            for (size_t j = 0; j < whole && k + 1 < cap; j++)
                buf[k++] = j < n ? mant[j] : '0';
            if (k + 1 < cap)
                buf[k++] = '.';
            if (n > whole)
                for (size_t j = whole; j < n && k + 1 < cap; j++)
                    buf[k++] = mant[j];
            else if (k + 1 < cap)
                buf[k++] = '0';
        }
        buf[k < cap ? k : cap - 1] = '\0';
    }
}

/* A member of one of the DSL's enumerations as a program writes it:
 * pl.FP32, pl.MemorySpace.Vec, pl.Level.CORE_GROUP. */
static void enum_format(const ConstVal *v, char *buf, size_t cap)
{
    const char *group = NULL, *name = "?";
    switch ((ConstKind)v->kind) {
    case CV_DTYPE: name = dtype_name((DataType)v->v.i); break;
    case CV_MEMSPACE: group = "MemorySpace", name = memspace_name((MemorySpace)v->v.i); break;
    case CV_PIPE: group = "PipeType", name = pipe_name((PipeKind)v->v.i); break;
    case CV_TILE_LAYOUT: group = "TileLayout", name = tile_layout_name((TileLayout)v->v.i); break;
    case CV_TILE_PAD: group = "TilePad", name = tile_pad_name((TilePad)v->v.i); break;
    case CV_TENSOR_LAYOUT: group = "TensorLayout", name = tensor_layout_name((TensorLayout)v->v.i); break;
    case CV_FUNC_TYPE: group = "FunctionType", name = func_type_name((FuncType)v->v.i); break;
    case CV_LEVEL: group = "Level", name = level_name((Level)v->v.i); break;
    case CV_ROLE: group = "Role", name = role_name((Role)v->v.i); break;
    case CV_SPLIT_MODE: group = "SplitMode", name = split_mode_name((SplitMode)v->v.i); break;
    case CV_SCOPE_MODE: group = "ScopeMode", name = scope_mode_name((ScopeMode)v->v.i); break;
    case CV_ARG_DIR: group = "adir", name = arg_dir_name((ArgDir)v->v.i); break;
    default: break;
    }
    if (group)
        snprintf(buf, cap, "pl.%s.%s", group, name);
    else
        snprintf(buf, cap, "pl.%s", name);
}

void const_format(const ConstVal *v, char *buf, size_t cap)
{
    size_t k = 0;
    if (cap == 0)
        return;
    if (cv_is_enum(v->kind)) {
        enum_format(v, buf, cap);
        return;
    }
    switch ((ConstKind)v->kind) {
    case CV_INT:
        snprintf(buf, cap, "%lld", (long long)v->v.i);
        return;
    case CV_FLOAT:
        cv_float_repr(v->v.f, buf, cap);
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
        for (uint32_t i = 0; i < v->v.seq.n; i++) {
            if (k + 8 >= cap) {
                k += (size_t)snprintf(buf + k, cap - k, "...");
                break;
            }
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
    case CV_CLASS:
        snprintf(buf, cap, "class '%s'", v->v.cls->name);
        return;
    case CV_INSTANCE:
        snprintf(buf, cap, "a '%s' object", v->v.obj->cls->name);
        return;
    case CV_FUNC:
        snprintf(buf, cap, "function '%s'", v->v.func->name);
        return;
    case CV_MODULE:
        snprintf(buf, cap, "module '%s'", v->v.mod->name);
        return;
    case CV_KERNEL:
        snprintf(buf, cap, "'%s'", v->v.kernel->name);
        return;
    case CV_DSL:
        snprintf(buf, cap, "%s", v->v.dsl.path);
        return;
    default:
        snprintf(buf, cap, "a %s", const_kind_name((ConstKind)v->kind));
        return;
    }
}
