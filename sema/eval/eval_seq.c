/* eval_seq.c: indexing and slicing (get, set, delete), truth and len(),
 * and iteration over any iterable (eval_internal.h). */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ indexing */

/* Python's slice indices for a sequence of n: start, stop, step, count. */
static int slice_indices(Ev *ev, const ConstVal *sl, int64_t n, int64_t *start, int64_t *stop, int64_t *step,
                         int64_t *count, Span at)
{
    int64_t s = 1, lo, hi;
    if (sl->v.slice.step && sl->v.slice.step->kind != CV_NONE) {
        if (!ev_arg_int(ev, "slice", sl->v.slice.step, &s, at))
            return 0;
        if (s == 0) {
            ev_raise(ev, ev->e_value, at, "slice step cannot be zero");
            return 0;
        }
    }
    if (sl->v.slice.lo && sl->v.slice.lo->kind != CV_NONE) {
        if (!ev_arg_int(ev, "slice", sl->v.slice.lo, &lo, at))
            return 0;
        if (lo < 0)
            lo += n;
        if (lo < 0)
            lo = s < 0 ? -1 : 0;
        if (lo >= n)
            lo = s < 0 ? n - 1 : n;
    } else {
        lo = s < 0 ? n - 1 : 0;
    }
    if (sl->v.slice.hi && sl->v.slice.hi->kind != CV_NONE) {
        if (!ev_arg_int(ev, "slice", sl->v.slice.hi, &hi, at))
            return 0;
        if (hi < 0)
            hi += n;
        if (hi < 0)
            hi = s < 0 ? -1 : 0;
        if (hi >= n)
            hi = s < 0 ? n - 1 : n;
    } else {
        hi = s < 0 ? -1 : n;
    }
    *start = lo;
    *stop = hi;
    *step = s;
    if (s > 0)
        *count = hi > lo ? (hi - lo + s - 1) / s : 0;
    else
        *count = lo > hi ? (lo - hi - s - 1) / -s : 0;
    return 1;
}

static int index_of(Ev *ev, const ConstVal *ix, int64_t n, int64_t *out, const char *what, Span at)
{
    int64_t i;
    const ConstVal *m;
    if (!cv_as_int(ix, &i)) {
        if ((m = ev_dunder(ev, ix, ev->n.index)) != NULL) {
            const ConstVal *r = ev_call_n(ev, m, at, 0, NULL);
            if (!r || !cv_as_int(r, &i))
                return 0;
        } else {
            ev_raise(ev, ev->e_type, at, "%s indices must be integers or slices, not %s", what, ev_type_name(ev, ix));
            return 0;
        }
    }
    if (i < 0)
        i += n;
    if (i < 0 || i >= n) {
        ev_raise(ev, ev->e_index, at, "%s index out of range", what);
        return 0;
    }
    *out = i;
    return 1;
}

const ConstVal *ev_getitem(Ev *ev, const ConstVal *obj, const ConstVal *ix, Span at)
{
    int64_t i;
    const ConstVal *m;
    if (obj->kind == CV_UNKNOWN)
        return obj;
    if (ix->kind == CV_UNKNOWN)
        return ix;
    switch ((ConstKind)obj->kind) {
    case CV_LIST:
    case CV_TUPLE:
        if (ix->kind == CV_SLICE) {
            int64_t start, stop, step, count;
            ConstVal *r;
            if (!slice_indices(ev, ix, obj->v.seq.n, &start, &stop, &step, &count, at))
                return NULL;
            r = ev_list_new(ev, (uint32_t)count);
            r->kind = obj->kind;
            for (int64_t k = 0; k < count; k++)
                r->v.seq.items[k] = obj->v.seq.items[start + k * step];
            r->v.seq.n = (uint32_t)count;
            return r;
        }
        if (!index_of(ev, ix, obj->v.seq.n, &i, obj->kind == CV_LIST ? "list" : "tuple", at))
            return NULL;
        return obj->v.seq.items[i];
    case CV_STR: {
        const char *s = obj->v.str.s;
        size_t len = intern_len(s), chars = ev_str_chars(s, len);
        if (ix->kind == CV_SLICE) {
            int64_t start, stop, step, count;
            StrBuf sb;
            const ConstVal *r;
            if (!slice_indices(ev, ix, (int64_t)chars, &start, &stop, &step, &count, at))
                return NULL;
            sb_init(&sb);
            for (int64_t k = 0; k < count; k++) {
                size_t b = ev_str_offset(s, len, (size_t)(start + k * step));
                size_t e = ev_str_offset(s, len, (size_t)(start + k * step) + 1);
                sb_put(&sb, s + b, e - b);
            }
            r = ev_str(ev, sb.data ? sb.data : "", sb.len);
            sb_free(&sb);
            return r;
        }
        if (!index_of(ev, ix, (int64_t)chars, &i, "string", at))
            return NULL;
        {
            size_t b = ev_str_offset(s, len, (size_t)i), e = ev_str_offset(s, len, (size_t)i + 1);
            return ev_str(ev, s + b, e - b);
        }
    }
    case CV_DICT: {
        const ConstVal *v = ev_table_get(obj->v.table, ix);
        StrBuf sb;
        if (v)
            return v;
        sb_init(&sb);
        ev_to_repr(ev, ix, &sb, at);
        ev_raise_value(ev, ev_exception(ev, ev->e_key, sb_cstr(&sb)), at);
        sb_free(&sb);
        return NULL;
    }
    case CV_RANGE: {
        int64_t n = ev_len_of(ev, obj, at);
        if (n < 0)
            return NULL;
        if (ix->kind == CV_SLICE) {
            int64_t start, stop, step, count;
            ConstVal *r;
            if (!slice_indices(ev, ix, n, &start, &stop, &step, &count, at))
                return NULL;
            r = (ConstVal *)ev_val(ev, CV_RANGE);
            r->v.range.start = obj->v.range.start + start * obj->v.range.step;
            r->v.range.step = obj->v.range.step * step;
            r->v.range.stop = r->v.range.start + count * r->v.range.step;
            return r;
        }
        if (!index_of(ev, ix, n, &i, "range object", at))
            return NULL;
        return ev_int(ev, obj->v.range.start + i * obj->v.range.step);
    }
    case CV_INSTANCE:
        if (obj->v.obj->tuple)
            return ev_getitem(ev, obj->v.obj->tuple, ix, at);
        if ((m = ev_dunder(ev, obj, ev->n.getitem)) != NULL)
            return ev_call_n(ev, m, at, 1, &ix);
        break;
    case CV_CLASS:
        if ((obj->v.cls->flags & CLS_ENUM) && ix->kind == CV_STR) {
            for (uint32_t k = 0; k < obj->v.cls->members.len; k++) {
                const ConstVal *mem = obj->v.cls->members.data[k];
                if (ev_table_get(&mem->v.obj->attrs, ev->n.name) == NULL)
                    continue;
                if (ev_table_get(&mem->v.obj->attrs, ev->n.name)->v.str.s == ix->v.str.s)
                    return mem;
            }
            return ev_raise(ev, ev->e_key, at, "'%s'", ix->v.str.s);
        }
        /* list[int], dict[str, int]: types in annotations */
        return obj;
    case CV_DSL: {
        ConstVal *r = (ConstVal *)ev_val(ev, CV_DSL);
        r->v.dsl.path = obj->v.dsl.path;
        r->flags = CVF_CALLED;
        return r;
    }
    default:
        break;
    }
    return ev_raise(ev, ev->e_type, at, "'%s' object is not subscriptable", ev_type_name(ev, obj));
}

int ev_setitem(Ev *ev, const ConstVal *obj, const ConstVal *ix, const ConstVal *v, Span at)
{
    int64_t i;
    const ConstVal *m;
    switch ((ConstKind)obj->kind) {
    case CV_LIST: {
        ConstVal *l = (ConstVal *)obj;
        if (ix->kind == CV_SLICE) {
            int64_t start, stop, step, count;
            ConstVal *items = ev_to_list(ev, v, at), *r;
            if (!items || !slice_indices(ev, ix, l->v.seq.n, &start, &stop, &step, &count, at))
                return 0;
            if (step != 1) {
                if (count != items->v.seq.n) {
                    ev_raise(ev, ev->e_value, at, "attempt to assign sequence of size %u to extended slice of size %lld",
                             items->v.seq.n, (long long)count);
                    return 0;
                }
                for (int64_t k = 0; k < count; k++)
                    l->v.seq.items[start + k * step] = items->v.seq.items[k];
                return 1;
            }
            if (stop < start)
                stop = start;
            r = ev_list_new(ev, (uint32_t)(l->v.seq.n - (stop - start) + items->v.seq.n));
            for (int64_t k = 0; k < start; k++)
                ev_list_append(ev, r, l->v.seq.items[k]);
            for (uint32_t k = 0; k < items->v.seq.n; k++)
                ev_list_append(ev, r, items->v.seq.items[k]);
            for (uint32_t k = (uint32_t)stop; k < l->v.seq.n; k++)
                ev_list_append(ev, r, l->v.seq.items[k]);
            l->v.seq = r->v.seq;
            return 1;
        }
        if (!index_of(ev, ix, l->v.seq.n, &i, "list assignment", at))
            return 0;
        l->v.seq.items[i] = v;
        return 1;
    }
    case CV_DICT:
        if (ix->kind == CV_UNKNOWN)
            return 1;   /* an unknown key: nothing known is changed */
        ev_table_put(obj->v.table, &ev->arena, ix, v);
        return 1;
    case CV_INSTANCE:
        if ((m = ev_dunder(ev, obj, ev_cstr(ev, "__setitem__"))) != NULL) {
            const ConstVal *args[2] = {ix, v};
            return ev_call_n(ev, m, at, 2, args) != NULL;
        }
        break;
    case CV_UNKNOWN:
        return 1;
    default:
        break;
    }
    ev_raise(ev, ev->e_type, at, "'%s' object does not support item assignment", ev_type_name(ev, obj));
    return 0;
}

int ev_delitem(Ev *ev, const ConstVal *obj, const ConstVal *ix, Span at)
{
    int64_t i;
    if (obj->kind == CV_LIST) {
        ConstVal *l = (ConstVal *)obj;
        if (ix->kind == CV_SLICE) {
            int64_t start, stop, step, count, w = 0;
            if (!slice_indices(ev, ix, l->v.seq.n, &start, &stop, &step, &count, at))
                return 0;
            for (int64_t k = 0; k < (int64_t)l->v.seq.n; k++) {
                int gone = 0;
                if (step > 0 ? (k >= start && k < stop) : (k <= start && k > stop))
                    gone = (k - start) % step == 0;
                if (!gone)
                    l->v.seq.items[w++] = l->v.seq.items[k];
            }
            l->v.seq.n = (uint32_t)w;
            return 1;
        }
        if (!index_of(ev, ix, l->v.seq.n, &i, "list assignment", at))
            return 0;
        ev_memmove(&l->v.seq.items[i], &l->v.seq.items[i + 1], (size_t)(l->v.seq.n - i - 1) * sizeof *l->v.seq.items);
        l->v.seq.n--;
        return 1;
    }
    if (obj->kind == CV_DICT) {
        if (!ev_table_del(obj->v.table, ix)) {
            StrBuf sb;
            sb_init(&sb);
            ev_to_repr(ev, ix, &sb, at);
            ev_raise_value(ev, ev_exception(ev, ev->e_key, sb_cstr(&sb)), at);
            sb_free(&sb);
            return 0;
        }
        return 1;
    }
    ev_raise(ev, ev->e_type, at, "'%s' object does not support item deletion", ev_type_name(ev, obj));
    return 0;
}

/* --------------------------------------------------------- truth, len */

int ev_truthy(Ev *ev, const ConstVal *v, Span at)
{
    const ConstVal *m;
    if (v->kind == CV_INSTANCE && !v->v.obj->tuple && !(v->v.obj->cls->flags & CLS_INTENUM)) {
        if ((m = ev_dunder(ev, v, ev->n.bool_)) != NULL || (m = ev_dunder(ev, v, ev->n.len)) != NULL) {
            const ConstVal *r = ev_call_n(ev, m, at, 0, NULL);
            if (!r)
                return -1;
            return cv_truthy(r);
        }
    }
    return cv_truthy(v);
}

int64_t ev_len_of(Ev *ev, const ConstVal *v, Span at)
{
    const ConstVal *m;
    switch ((ConstKind)v->kind) {
    case CV_LIST:
    case CV_TUPLE:
        return v->v.seq.n;
    case CV_STR:
        return (int64_t)ev_str_chars(v->v.str.s, intern_len(v->v.str.s));
    case CV_DICT:
    case CV_SET:
        return v->v.table->live;
    case CV_RANGE: {
        int64_t a = v->v.range.start, b = v->v.range.stop, s = v->v.range.step;
        if (s > 0)
            return b > a ? (int64_t)(((uint64_t)b - (uint64_t)a - 1) / (uint64_t)s + 1) : 0;
        return a > b ? (int64_t)(((uint64_t)a - (uint64_t)b - 1) / (uint64_t)-s + 1) : 0;
    }
    case CV_CLASS:
        if (v->v.cls->flags & CLS_ENUM)
            return v->v.cls->members.len;
        break;
    case CV_INSTANCE:
        if (v->v.obj->tuple)
            return v->v.obj->tuple->v.seq.n;
        if ((m = ev_dunder(ev, v, ev->n.len)) != NULL) {
            const ConstVal *r = ev_call_n(ev, m, at, 0, NULL);
            int64_t n;
            if (!r)
                return -1;
            if (!cv_as_int(r, &n) || n < 0) {
                ev_raise(ev, ev->e_type, at, "__len__() should return a non-negative int");
                return -1;
            }
            return n;
        }
        break;
    default:
        break;
    }
    ev_raise(ev, ev->e_type, at, "object of type '%s' has no len()", ev_type_name(ev, v));
    return -1;
}

/* ----------------------------------------------------------- iteration */

int ev_iter_begin(Ev *ev, const ConstVal *v, EvIter *it, Span at)
{
    const ConstVal *m;
    memset(it, 0, sizeof *it);
    it->src = v;
    switch ((ConstKind)v->kind) {
    case CV_LIST:
    case CV_TUPLE:
    case CV_STR:
    case CV_DICT:
    case CV_SET:
        return 1;
    case CV_RANGE:
        it->cur = v->v.range.start;
        return 1;
    case CV_CLASS:
        if (v->v.cls->flags & CLS_ENUM)
            return 1;
        break;
    case CV_INSTANCE:
        if (v->v.obj->tuple) {
            it->src = v->v.obj->tuple;
            return 1;
        }
        if ((m = ev_dunder(ev, v, ev->n.iter)) != NULL) {
            const ConstVal *r = ev_call_n(ev, m, at, 0, NULL);
            if (!r)
                return 0;
            if (r->kind != CV_INSTANCE)
                return ev_iter_begin(ev, r, it, at);
        }
        break;
    default:
        break;
    }
    ev_raise(ev, ev->e_type, at, "'%s' object is not iterable", ev_type_name(ev, v));
    return 0;
}

const ConstVal *ev_iter_next(Ev *ev, EvIter *it)
{
    const ConstVal *v = it->src;
    switch ((ConstKind)v->kind) {
    case CV_LIST:
    case CV_TUPLE:
        return it->i < v->v.seq.n ? v->v.seq.items[it->i++] : NULL;
    case CV_STR: {
        const char *s = v->v.str.s;
        size_t n = intern_len(s), b = (size_t)it->i, e = b;
        if (b >= n)
            return NULL;
        e++;
        while (e < n && ((unsigned char)s[e] & 0xC0) == 0x80)
            e++;
        it->i = e;
        return ev_str(ev, s + b, e - b);
    }
    case CV_DICT:
    case CV_SET: {
        const EvTable *t = v->v.table;
        while (it->i < t->n && !t->keys[it->i])
            it->i++;
        return it->i < t->n ? t->keys[it->i++] : NULL;
    }
    case CV_RANGE: {
        int64_t s = v->v.range.step, c = it->cur;
        if (s > 0 ? c >= v->v.range.stop : c <= v->v.range.stop)
            return NULL;
        if (__builtin_add_overflow(c, s, &it->cur))
            it->cur = v->v.range.stop;
        return ev_int(ev, c);
    }
    case CV_CLASS:
        return it->i < v->v.cls->members.len ? v->v.cls->members.data[it->i++] : NULL;
    default:
        return NULL;
    }
}

ConstVal *ev_to_list(Ev *ev, const ConstVal *v, Span at)
{
    EvIter it;
    ConstVal *r;
    const ConstVal *x;
    if (v->kind == CV_LIST || v->kind == CV_TUPLE) {
        r = ev_list_new(ev, v->v.seq.n);
        ev_memcpy(r->v.seq.items, v->v.seq.items, (size_t)v->v.seq.n * sizeof *r->v.seq.items);
        r->v.seq.n = v->v.seq.n;
        return r;
    }
    if (!ev_iter_begin(ev, v, &it, at))
        return NULL;
    r = ev_list_new(ev, 0);
    while ((x = ev_iter_next(ev, &it)) != NULL) {
        if (!ev_step(ev, at))
            return NULL;
        ev_list_append(ev, r, x);
    }
    return r;
}
