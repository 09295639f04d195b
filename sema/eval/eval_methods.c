/* eval_methods.c: the methods of the built-in types (str, list, tuple,
 * dict, set, int, float), of properties (.setter) and of named tuples
 * (_replace, _asdict), as bound built-in functions. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "ir/enums.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <string.h>

#define KW(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NOKW ((const char *const *)NULL)

static size_t slen(const ConstVal *s) { return intern_len(s->v.str.s); }

static const ConstVal *need_str(Ev *ev, const ConstVal *v, const char *fn, Span at)
{
    if (v && v->kind == CV_STR)
        return v;
    return ev_raise(ev, ev->e_type, at, "%s() argument must be str, not %s", fn, v ? ev_type_name(ev, v) : "nothing");
}

/* ---------------------------------------------------------------- str */

static const ConstVal *s_case(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    size_t n = slen(self);
    char *buf;
    const ConstVal *r;
    int word = 1;
    if (!ev_check_args(ev, a->def->name, a, 0, 0, NOKW))
        return NULL;
    buf = xmalloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)self->v.str.s[i];
        switch (a->data) {
        case 0: c = (unsigned char)toupper(c); break;
        case 1: c = (unsigned char)tolower(c); break;
        case 2: c = (unsigned char)(i == 0 ? toupper(c) : tolower(c)); break;   /* capitalize */
        case 3: c = (unsigned char)(word ? toupper(c) : tolower(c)); break;     /* title */
        case 4: c = (unsigned char)(isupper(c) ? tolower(c) : toupper(c)); break;
        }
        word = !isalpha(c);
        buf[i] = (char)c;
    }
    r = ev_str(ev, buf, n);
    xfree(buf);
    return r;
}

static const ConstVal *s_is(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const char *s = self->v.str.s;
    size_t n = slen(self);
    int ok = n > 0, cased = 0;
    if (!ev_check_args(ev, a->def->name, a, 0, 0, NOKW))
        return NULL;
    for (size_t i = 0; i < n && ok; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (a->data) {
        case 0: ok = isdigit(c) != 0; break;
        case 1: ok = isalpha(c) != 0; break;
        case 2: ok = isalnum(c) != 0; break;
        case 3: ok = isspace(c) != 0; break;
        case 4: ok = !islower(c); cased |= isupper(c) != 0; break;
        case 5: ok = !isupper(c); cased |= islower(c) != 0; break;
        case 6: ok = c == '_' || isalpha(c) || (i && isdigit(c)) || c >= 0x80; break;
        }
    }
    if (a->data >= 4 && a->data <= 5)
        ok = ok && cased;
    return ev_bool(ev, ok);
}

static int in_chars(const char *chars, char c) { return chars ? strchr(chars, c) != NULL : isspace((unsigned char)c); }

static const ConstVal *s_strip(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const char *s = self->v.str.s, *chars = NULL;
    size_t b = 0, e = slen(self);
    const ConstVal *c = ev_arg(a, 0, NULL);
    if (!ev_check_args(ev, a->def->name, a, 0, 1, NOKW))
        return NULL;
    if (c && c->kind != CV_NONE) {
        if (!need_str(ev, c, a->def->name, a->at))
            return NULL;
        chars = c->v.str.s;
    }
    if (a->data != 2)
        while (b < e && in_chars(chars, s[b]))
            b++;
    if (a->data != 1)
        while (e > b && in_chars(chars, s[e - 1]))
            e--;
    return ev_str(ev, s + b, e - b);
}

static const ConstVal *s_split(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const char *s = self->v.str.s;
    size_t n = slen(self);
    const ConstVal *sep = ev_arg(a, 0, "sep"), *mx = ev_arg(a, 1, "maxsplit");
    int64_t maxsplit = -1;
    ConstVal *r = ev_list_new(ev, 0);
    int right = a->data;
    if (!ev_check_args(ev, a->def->name, a, 0, 2, KW("sep", "maxsplit")))
        return NULL;
    if (mx && !ev_arg_int(ev, a->def->name, mx, &maxsplit, a->at))
        return NULL;
    if (sep && sep->kind == CV_NONE)
        sep = NULL;
    if (sep && !need_str(ev, sep, a->def->name, a->at))
        return NULL;
    if (sep && slen(sep) == 0)
        return ev_raise(ev, ev->e_value, a->at, "empty separator");
    if (!right) {
        size_t i = 0;
        if (!sep) {
            for (;;) {
                size_t b;
                while (i < n && isspace((unsigned char)s[i]))
                    i++;
                if (i >= n)
                    break;
                if (maxsplit >= 0 && (int64_t)r->v.seq.n == maxsplit) {
                    size_t e = n;
                    while (e > i && isspace((unsigned char)s[e - 1]))
                        e--;
                    ev_list_append(ev, r, ev_str(ev, s + i, e - i));
                    break;
                }
                b = i;
                while (i < n && !isspace((unsigned char)s[i]))
                    i++;
                ev_list_append(ev, r, ev_str(ev, s + b, i - b));
            }
            return r;
        }
        for (;;) {
            const char *hit = maxsplit >= 0 && (int64_t)r->v.seq.n == maxsplit ? NULL : strstr(s + i, sep->v.str.s);
            if (!hit) {
                ev_list_append(ev, r, ev_str(ev, s + i, n - i));
                return r;
            }
            ev_list_append(ev, r, ev_str(ev, s + i, (size_t)(hit - (s + i))));
            i = (size_t)(hit - s) + slen(sep);
        }
    }
    /* rsplit: from the right, then reversed */
    {
        size_t e = n, k = slen(sep ? sep : self);
        ConstVal *rev = ev_list_new(ev, 0);
        for (;;) {
            size_t j;
            int found = 0;
            if (maxsplit >= 0 && (int64_t)rev->v.seq.n == maxsplit)
                break;
            if (!sep) {
                while (e > 0 && isspace((unsigned char)s[e - 1]))
                    e--;
                if (e == 0)
                    break;
                j = e;
                while (j > 0 && !isspace((unsigned char)s[j - 1]))
                    j--;
                ev_list_append(ev, rev, ev_str(ev, s + j, e - j));
                e = j;
                continue;
            }
            for (j = e >= k ? e - k + 1 : 0; j-- > 0;)
                if (memcmp(s + j, sep->v.str.s, k) == 0) {
                    found = 1;
                    break;
                }
            if (!found)
                break;
            ev_list_append(ev, rev, ev_str(ev, s + j + k, e - j - k));
            e = j;
        }
        if (sep || e > 0) {
            size_t b = 0;
            if (!sep)
                while (b < e && isspace((unsigned char)s[b]))
                    b++;
            if (sep || e > b)
                ev_list_append(ev, rev, ev_str(ev, s + b, e - b));
        }
        for (uint32_t i = rev->v.seq.n; i-- > 0;)
            ev_list_append(ev, r, rev->v.seq.items[i]);
        return r;
    }
}

static const ConstVal *s_join(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *items;
    StrBuf sb;
    const ConstVal *r;
    if (!ev_check_args(ev, "str.join", a, 1, 1, NOKW) || !(items = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    if (ev_first_unknown(items->v.seq.items, items->v.seq.n))
        return ev_first_unknown(items->v.seq.items, items->v.seq.n);
    sb_init(&sb);
    for (uint32_t i = 0; i < items->v.seq.n; i++) {
        const ConstVal *x = items->v.seq.items[i];
        if (x->kind != CV_STR) {
            sb_free(&sb);
            return ev_raise(ev, ev->e_type, a->at, "sequence item %u: expected str instance, %s found", i,
                            ev_type_name(ev, x));
        }
        if (i)
            sb_put(&sb, self->v.str.s, slen(self));
        sb_put(&sb, x->v.str.s, slen(x));
    }
    r = ev_str(ev, sb.data ? sb.data : "", sb.len);
    sb_free(&sb);
    return r;
}

static int affix_match(const ConstVal *self, const ConstVal *p, int end)
{
    size_t n = slen(self), k = slen(p);
    if (k > n)
        return 0;
    return memcmp(self->v.str.s + (end ? n - k : 0), p->v.str.s, k) == 0;
}

static const ConstVal *s_affix(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *p = ev_arg(a, 0, NULL);
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    if (p->kind == CV_TUPLE) {
        for (uint32_t i = 0; i < p->v.seq.n; i++) {
            if (!need_str(ev, p->v.seq.items[i], a->def->name, a->at))
                return NULL;
            if (affix_match(self, p->v.seq.items[i], a->data))
                return ev->true_;
        }
        return ev->false_;
    }
    if (!need_str(ev, p, a->def->name, a->at))
        return NULL;
    return ev_bool(ev, affix_match(self, p, a->data));
}

static const ConstVal *s_remove_affix(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *p = ev_arg(a, 0, NULL);
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW) || !need_str(ev, p, a->def->name, a->at))
        return NULL;
    if (!affix_match(self, p, a->data))
        return self;
    return a->data ? ev_str(ev, self->v.str.s, slen(self) - slen(p)) : ev_str(ev, self->v.str.s + slen(p), slen(self) - slen(p));
}

static const ConstVal *s_replace(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *old = ev_arg(a, 0, NULL), *new_ = ev_arg(a, 1, NULL), *cnt = ev_arg(a, 2, "count");
    int64_t count = -1;
    StrBuf sb;
    const char *s = self->v.str.s;
    const ConstVal *r;
    size_t k;
    if (!ev_check_args(ev, "str.replace", a, 2, 3, KW("count")) || !need_str(ev, old, "replace", a->at) ||
        !need_str(ev, new_, "replace", a->at))
        return NULL;
    if (cnt && !ev_arg_int(ev, "replace", cnt, &count, a->at))
        return NULL;
    k = slen(old);
    sb_init(&sb);
    if (k == 0) {
        sb_put(&sb, s, slen(self));
    } else {
        for (;;) {
            const char *hit = count == 0 ? NULL : strstr(s, old->v.str.s);
            if (!hit) {
                sb_puts(&sb, s);
                break;
            }
            sb_put(&sb, s, (size_t)(hit - s));
            sb_put(&sb, new_->v.str.s, slen(new_));
            s = hit + k;
            if (count > 0)
                count--;
        }
    }
    r = ev_str(ev, sb.data ? sb.data : "", sb.len);
    sb_free(&sb);
    return r;
}

static const ConstVal *s_find(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *sub = ev_arg(a, 0, NULL);
    const char *s = self->v.str.s, *hit = NULL;
    size_t n = slen(self), k;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW) || !need_str(ev, sub, a->def->name, a->at))
        return NULL;
    k = slen(sub);
    if (a->data & 1) {   /* from the right */
        for (size_t j = n >= k ? n - k + 1 : 0; j-- > 0;)
            if (memcmp(s + j, sub->v.str.s, k) == 0) {
                hit = s + j;
                break;
            }
    } else {
        hit = strstr(s, sub->v.str.s);
    }
    if (!hit && (a->data & 2))
        return ev_raise(ev, ev->e_value, a->at, "substring not found");
    return ev_int(ev, hit ? (int64_t)(hit - s) : -1);
}

static const ConstVal *s_count(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *sub = ev_arg(a, 0, NULL);
    const char *s = self->v.str.s;
    int64_t c = 0;
    if (!ev_check_args(ev, "str.count", a, 1, 1, NOKW) || !need_str(ev, sub, "count", a->at))
        return NULL;
    if (!slen(sub))
        return ev_int(ev, ev_len_of(ev, self, a->at) + 1);
    while ((s = strstr(s, sub->v.str.s)) != NULL) {
        c++;
        s += slen(sub);
    }
    return ev_int(ev, c);
}

static const ConstVal *s_pad(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *w = ev_arg(a, 0, NULL), *f = ev_arg(a, 1, NULL);
    int64_t width, len = ev_len_of(ev, self, a->at), pad, left;
    char fill = ' ';
    StrBuf sb;
    const ConstVal *r;
    if (!ev_check_args(ev, a->def->name, a, 1, a->data == 3 ? 1 : 2, NOKW) ||
        !ev_arg_int(ev, a->def->name, w, &width, a->at))
        return NULL;
    if (f) {
        if (!need_str(ev, f, a->def->name, a->at))
            return NULL;
        if (slen(f) != 1)
            return ev_raise(ev, ev->e_type, a->at, "the fill character must be exactly one character long");
        fill = f->v.str.s[0];
    }
    if (width <= len || width > 100000000)
        return self;
    pad = width - len;
    left = a->data == 0 ? 0 : a->data == 1 ? pad : a->data == 2 ? pad / 2 + (pad & width & 1) : pad;
    sb_init(&sb);
    if (a->data == 3) {   /* zfill: after the sign */
        const char *s = self->v.str.s;
        size_t skip = (*s == '-' || *s == '+') ? 1 : 0;
        sb_put(&sb, s, skip);
        for (int64_t i = 0; i < pad; i++)
            sb_putc(&sb, '0');
        sb_puts(&sb, s + skip);
    } else {
        for (int64_t i = 0; i < left; i++)
            sb_putc(&sb, fill);
        sb_put(&sb, self->v.str.s, slen(self));
        for (int64_t i = left; i < pad; i++)
            sb_putc(&sb, fill);
    }
    r = ev_str(ev, sb.data, sb.len);
    sb_free(&sb);
    return r;
}

static const ConstVal *s_partition(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *sep = ev_arg(a, 0, NULL), *parts[3];
    const char *s = self->v.str.s, *hit = NULL;
    size_t n = slen(self), k;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW) || !need_str(ev, sep, a->def->name, a->at))
        return NULL;
    k = slen(sep);
    if (!k)
        return ev_raise(ev, ev->e_value, a->at, "empty separator");
    if (a->data) {
        for (size_t j = n >= k ? n - k + 1 : 0; j-- > 0;)
            if (memcmp(s + j, sep->v.str.s, k) == 0) {
                hit = s + j;
                break;
            }
    } else {
        hit = strstr(s, sep->v.str.s);
    }
    if (!hit) {
        parts[0] = a->data ? ev->empty_str : self;
        parts[1] = ev->empty_str;
        parts[2] = a->data ? self : ev->empty_str;
    } else {
        parts[0] = ev_str(ev, s, (size_t)(hit - s));
        parts[1] = sep;
        parts[2] = ev_str(ev, hit + k, n - (size_t)(hit - s) - k);
    }
    return ev_seq(ev, CV_TUPLE, 3, parts);
}

static const ConstVal *s_splitlines(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const char *s = self->v.str.s;
    size_t n = slen(self), b = 0;
    ConstVal *r = ev_list_new(ev, 0);
    if (!ev_check_args(ev, "str.splitlines", a, 0, 1, KW("keepends")))
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n' || s[i] == '\r') {
            size_t e = i;
            if (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n')
                i++;
            ev_list_append(ev, r, ev_str(ev, s + b, e - b));
            b = i + 1;
        }
    }
    if (b < n)
        ev_list_append(ev, r, ev_str(ev, s + b, n - b));
    return r;
}

static const ConstVal *s_format(Ev *ev, const ConstVal *self, const EvArgs *a) { return ev_str_format(ev, self->v.str.s, a); }

static const ConstVal *s_encode(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    (void)self;
    return ev_unknown(ev, a->at, "bytes are not evaluated at compile time");
}

static const EvBuiltinDef str_methods[] = {
    {"str.upper", s_case, 0, 0},       {"str.lower", s_case, 1, 0},         {"str.capitalize", s_case, 2, 0},
    {"str.title", s_case, 3, 0},       {"str.swapcase", s_case, 4, 0},      {"str.casefold", s_case, 1, 0},
    {"str.isdigit", s_is, 0, 0},       {"str.isalpha", s_is, 1, 0},         {"str.isalnum", s_is, 2, 0},
    {"str.isspace", s_is, 3, 0},       {"str.isupper", s_is, 4, 0},         {"str.islower", s_is, 5, 0},
    {"str.isidentifier", s_is, 6, 0},  {"str.isdecimal", s_is, 0, 0},       {"str.isnumeric", s_is, 0, 0},
    {"str.strip", s_strip, 0, 0},      {"str.lstrip", s_strip, 1, 0},       {"str.rstrip", s_strip, 2, 0},
    {"str.split", s_split, 0, 0},      {"str.rsplit", s_split, 1, 0},       {"str.join", s_join, 0, 0},
    {"str.startswith", s_affix, 0, 0}, {"str.endswith", s_affix, 1, 0},     {"str.removeprefix", s_remove_affix, 0, 0},
    {"str.removesuffix", s_remove_affix, 1, 0},                             {"str.replace", s_replace, 0, 0},
    {"str.find", s_find, 0, 0},        {"str.rfind", s_find, 1, 0},         {"str.index", s_find, 2, 0},
    {"str.rindex", s_find, 3, 0},      {"str.count", s_count, 0, 0},        {"str.ljust", s_pad, 0, 0},
    {"str.rjust", s_pad, 1, 0},        {"str.center", s_pad, 2, 0},         {"str.zfill", s_pad, 3, 0},
    {"str.partition", s_partition, 0, 0}, {"str.rpartition", s_partition, 1, 0},
    {"str.splitlines", s_splitlines, 0, 0}, {"str.format", s_format, 0, 1}, {"str.encode", s_encode, 0, 1},
    {NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------ sequences */

static const ConstVal *l_append(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, "list.append", a, 1, 1, NOKW))
        return NULL;
    ev_list_append(ev, (ConstVal *)self, a->pos[0]);
    return ev->none;
}

static const ConstVal *l_extend(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *items;
    if (!ev_check_args(ev, "list.extend", a, 1, 1, NOKW))
        return NULL;
    if (a->pos[0]->kind == CV_UNKNOWN)
        return a->pos[0];
    if (!(items = ev_to_list(ev, a->pos[0], a->at)))
        return NULL;
    for (uint32_t i = 0; i < items->v.seq.n; i++)
        ev_list_append(ev, (ConstVal *)self, items->v.seq.items[i]);
    return ev->none;
}

static const ConstVal *l_insert(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l = (ConstVal *)self;
    int64_t i, n = l->v.seq.n;
    if (!ev_check_args(ev, "list.insert", a, 2, 2, NOKW) || !ev_arg_int(ev, "insert", a->pos[0], &i, a->at))
        return NULL;
    if (i < 0)
        i += n;
    if (i < 0)
        i = 0;
    if (i > n)
        i = n;
    ev_list_append(ev, l, a->pos[1]);
    ev_memmove(&l->v.seq.items[i + 1], &l->v.seq.items[i], (size_t)(n - i) * sizeof *l->v.seq.items);
    l->v.seq.items[i] = a->pos[1];
    return ev->none;
}

static const ConstVal *l_pop(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l = (ConstVal *)self;
    int64_t i = -1, n = l->v.seq.n;
    const ConstVal *v;
    if (!ev_check_args(ev, "list.pop", a, 0, 1, NOKW))
        return NULL;
    if (a->n && !ev_arg_int(ev, "pop", a->pos[0], &i, a->at))
        return NULL;
    if (n == 0)
        return ev_raise(ev, ev->e_index, a->at, "pop from empty list");
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return ev_raise(ev, ev->e_index, a->at, "pop index out of range");
    v = l->v.seq.items[i];
    ev_memmove(&l->v.seq.items[i], &l->v.seq.items[i + 1], (size_t)(n - i - 1) * sizeof *l->v.seq.items);
    l->v.seq.n--;
    return v;
}

static const ConstVal *l_remove(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l = (ConstVal *)self;
    if (!ev_check_args(ev, "list.remove", a, 1, 1, NOKW))
        return NULL;
    for (uint32_t i = 0; i < l->v.seq.n; i++)
        if (cv_equal(l->v.seq.items[i], a->pos[0])) {
            ev_memmove(&l->v.seq.items[i], &l->v.seq.items[i + 1], (l->v.seq.n - i - 1) * sizeof *l->v.seq.items);
            l->v.seq.n--;
            return ev->none;
        }
    return ev_raise(ev, ev->e_value, a->at, "list.remove(x): x not in list");
}

static const ConstVal *l_index(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t c = 0;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    for (uint32_t i = 0; i < self->v.seq.n; i++)
        if (cv_equal(self->v.seq.items[i], a->pos[0])) {
            if (!a->data)
                return ev_int(ev, i);
            c++;
        }
    if (a->data)
        return ev_int(ev, c);
    return ev_raise(ev, ev->e_value, a->at, "%s(x): x not in %s", a->def->name, ev_type_name(ev, self));
}

static const ConstVal *l_sort(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *rev = ev_arg(a, UINT32_MAX, "reverse");
    if (!ev_check_args(ev, "list.sort", a, 0, 0, KW("key", "reverse")))
        return NULL;
    return ev_sort_list(ev, (ConstVal *)self, ev_arg(a, UINT32_MAX, "key"), rev && cv_truthy(rev), a->at) ? ev->none
                                                                                                          : NULL;
}

static const ConstVal *l_reverse(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *l = (ConstVal *)self;
    if (!ev_check_args(ev, "list.reverse", a, 0, 0, NOKW))
        return NULL;
    for (uint32_t i = 0, j = l->v.seq.n; i + 1 < j; i++, j--) {
        const ConstVal *t = l->v.seq.items[i];
        l->v.seq.items[i] = l->v.seq.items[j - 1];
        l->v.seq.items[j - 1] = t;
    }
    return ev->none;
}

static const ConstVal *l_copy(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, "list.copy", a, 0, 0, NOKW))
        return NULL;
    return ev_to_list(ev, self, a->at);
}

static const ConstVal *l_clear(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, a->def->name, a, 0, 0, NOKW))
        return NULL;
    if (self->kind == CV_LIST)
        ((ConstVal *)self)->v.seq.n = 0;
    else
        ev_table_init(self->v.table, 1);
    return ev->none;
}

static const EvBuiltinDef list_methods[] = {
    {"list.append", l_append, 0, 1}, {"list.extend", l_extend, 0, 1}, {"list.insert", l_insert, 0, 1},
    {"list.pop", l_pop, 0, 0},       {"list.remove", l_remove, 0, 0}, {"list.index", l_index, 0, 0},
    {"list.count", l_index, 1, 0},   {"list.sort", l_sort, 0, 0},     {"list.reverse", l_reverse, 0, 0},
    {"list.copy", l_copy, 0, 0},     {"list.clear", l_clear, 0, 0},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef tuple_methods[] = {
    {"tuple.index", l_index, 0, 0},
    {"tuple.count", l_index, 1, 0},
    {NULL, NULL, 0, 0},
};

/* ---------------------------------------------------------- dict, set */

static const ConstVal *d_get(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *v, *d = ev_arg(a, 1, NULL);
    if (!ev_check_args(ev, "dict.get", a, 1, 2, NOKW))
        return NULL;
    if (a->pos[0]->kind == CV_UNKNOWN)
        return a->pos[0];
    v = ev_table_get(self->v.table, a->pos[0]);
    return v ? v : d ? d : ev->none;
}

static const ConstVal *d_view(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const EvTable *t = self->v.table;
    ConstVal *r;
    if (!ev_check_args(ev, a->def->name, a, 0, 0, NOKW))
        return NULL;
    r = ev_list_new(ev, t->live);
    for (uint32_t i = 0; i < t->n; i++) {
        if (!t->keys[i])
            continue;
        if (a->data == 0) {
            ev_list_append(ev, r, t->keys[i]);
        } else if (a->data == 1) {
            ev_list_append(ev, r, t->vals[i]);
        } else {
            const ConstVal *pair[2] = {t->keys[i], t->vals[i]};
            ev_list_append(ev, r, ev_seq(ev, CV_TUPLE, 2, pair));
        }
    }
    return r;
}

static const ConstVal *d_pop(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *v;
    if (!ev_check_args(ev, "dict.pop", a, 1, 2, NOKW))
        return NULL;
    v = ev_table_get(self->v.table, a->pos[0]);
    if (v) {
        ev_table_del(self->v.table, a->pos[0]);
        return v;
    }
    if (a->n == 2)
        return a->pos[1];
    return ev_getitem(ev, self, a->pos[0], a->at);   /* the KeyError */
}

static const ConstVal *d_setdefault(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const ConstVal *v;
    if (!ev_check_args(ev, "dict.setdefault", a, 1, 2, NOKW))
        return NULL;
    if (a->pos[0]->kind == CV_UNKNOWN)
        return a->pos[0];
    if ((v = ev_table_get(self->v.table, a->pos[0])) != NULL)
        return v;
    v = a->n == 2 ? a->pos[1] : ev->none;
    ev_table_put(self->v.table, &ev->arena, a->pos[0], v);
    return v;
}

static const ConstVal *d_update(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    EvArgs b = *a;
    const ConstVal *src;
    if (a->n > 1)
        return ev_raise(ev, ev->e_type, a->at, "update expected at most 1 argument, got %u", a->n);
    b.def = NULL;
    for (const EvBuiltinDef *d = ev_type_defs; d->name; d++)
        if (strcmp(d->name, "dict") == 0)
            b.def = d;
    if (!(src = b.def->fn(ev, NULL, &b)))
        return NULL;
    if (src->kind == CV_UNKNOWN)
        return src;
    for (uint32_t i = 0; i < src->v.table->n; i++)
        if (src->v.table->keys[i])
            ev_table_put(self->v.table, &ev->arena, src->v.table->keys[i], src->v.table->vals[i]);
    return ev->none;
}

static const ConstVal *d_copy(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *d = ev_dict_new(ev, (ConstKind)self->kind);
    if (!ev_check_args(ev, a->def->name, a, 0, 0, NOKW))
        return NULL;
    for (uint32_t i = 0; i < self->v.table->n; i++)
        if (self->v.table->keys[i])
            ev_table_put(d->v.table, &ev->arena, self->v.table->keys[i], self->v.table->vals[i]);
    return d;
}

static const ConstVal *d_popitem(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const EvTable *t = self->v.table;
    if (!ev_check_args(ev, a->def->name, a, 0, 0, NOKW))
        return NULL;
    for (uint32_t i = t->n; i-- > 0;)
        if (t->keys[i]) {
            const ConstVal *k = t->keys[i], *pair[2] = {k, t->vals[i]};
            ev_table_del(self->v.table, k);
            return self->kind == CV_SET ? k : ev_seq(ev, CV_TUPLE, 2, pair);
        }
    return ev_raise(ev, ev->e_key, a->at, "'popitem(): %s is empty'", ev_type_name(ev, self));
}

static const ConstVal *set_add(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    if (a->data == 0) {
        ev_table_put(self->v.table, &ev->arena, a->pos[0], ev->true_);
    } else if (!ev_table_del(self->v.table, a->pos[0]) && a->data == 2) {
        StrBuf sb;
        sb_init(&sb);
        ev_to_repr(ev, a->pos[0], &sb, a->at);
        ev_raise_value(ev, ev_exception(ev, ev->e_key, sb_cstr(&sb)), a->at);
        sb_free(&sb);
        return NULL;
    }
    return ev->none;
}

/* set.union/intersection/difference/symmetric_difference/issubset/issuperset/update */
static const ConstVal *set_op2(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    static const int ops[] = {AST_BITOR, AST_BITAND, AST_SUB, AST_BITXOR};
    const ConstVal *acc = self;
    for (uint32_t i = 0; i < a->n; i++) {
        const ConstVal *other = a->pos[i];
        EvArgs b;
        memset(&b, 0, sizeof b);
        b.at = a->at;
        b.n = 1;
        b.pos = &other;
        if (other->kind != CV_SET) {
            for (const EvBuiltinDef *d = ev_type_defs; d->name; d++)
                if (strcmp(d->name, "set") == 0 && !(other = d->fn(ev, NULL, &b)))
                    return NULL;
        }
        if (a->data == 4 || a->data == 5) {
            const ConstVal *x = a->data == 4 ? acc : other, *y = a->data == 4 ? other : acc;
            for (uint32_t k = 0; k < x->v.table->n; k++)
                if (x->v.table->keys[k] && !ev_table_get(y->v.table, x->v.table->keys[k]))
                    return ev->false_;
            return ev->true_;
        }
        if (a->data == 6) {
            for (uint32_t k = 0; k < other->v.table->n; k++)
                if (other->v.table->keys[k])
                    ev_table_put(self->v.table, &ev->arena, other->v.table->keys[k], ev->true_);
            continue;
        }
        if (!(acc = ev_binop(ev, ops[a->data], acc, other, a->at)))
            return NULL;
    }
    if (a->data == 6)
        return ev->none;
    return a->n ? acc : d_copy(ev, self, &(EvArgs){.at = a->at, .def = a->def});
}

static const EvBuiltinDef dict_methods[] = {
    {"dict.get", d_get, 0, 1},      {"dict.keys", d_view, 0, 0},     {"dict.values", d_view, 1, 0},
    {"dict.items", d_view, 2, 0},   {"dict.pop", d_pop, 0, 0},       {"dict.setdefault", d_setdefault, 0, 1},
    {"dict.update", d_update, 0, 1}, {"dict.copy", d_copy, 0, 0},    {"dict.clear", l_clear, 0, 0},
    {"dict.popitem", d_popitem, 0, 0},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef set_methods[] = {
    {"set.add", set_add, 0, 0},     {"set.discard", set_add, 1, 0},  {"set.remove", set_add, 2, 0},
    {"set.union", set_op2, 0, 0},   {"set.intersection", set_op2, 1, 0}, {"set.difference", set_op2, 2, 0},
    {"set.symmetric_difference", set_op2, 3, 0}, {"set.issubset", set_op2, 4, 0},
    {"set.issuperset", set_op2, 5, 0}, {"set.update", set_op2, 6, 0}, {"set.copy", d_copy, 0, 0},
    {"set.clear", l_clear, 0, 0},   {"set.pop", d_popitem, 0, 0},
    {NULL, NULL, 0, 0},
};

/* -------------------------------------------------------------- numbers */

static const ConstVal *i_bit_length(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    int64_t v;
    uint64_t u;
    int n = 0;
    if (!ev_check_args(ev, "int.bit_length", a, 0, 0, NOKW))
        return NULL;
    cv_as_int(self, &v);
    u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    while (u) {
        n++;
        u >>= 1;
    }
    return ev_int(ev, n);
}

static const ConstVal *f_is_integer(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, "float.is_integer", a, 0, 0, NOKW))
        return NULL;
    return ev_bool(ev, self->v.f == (double)(int64_t)self->v.f);
}

static const EvBuiltinDef int_methods[] = {
    {"int.bit_length", i_bit_length, 0, 0},
    {NULL, NULL, 0, 0},
};

/* pl.FP32.get_byte(), .get_bit() (pypto's DataType; 00-model.md sizes a
 * window buffer with them): a 4-bit type is half a byte, rounded up. */
static const ConstVal *dt_get_byte(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, "DataType.get_byte", a, 0, 0, NOKW))
        return NULL;
    return ev_int(ev, dtype_bytes((DataType)self->v.i));
}

static const ConstVal *dt_get_bit(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (!ev_check_args(ev, "DataType.get_bit", a, 0, 0, NOKW))
        return NULL;
    return ev_int(ev, dtype_bits((DataType)self->v.i));
}

static const EvBuiltinDef dtype_methods[] = {
    {"DataType.get_byte", dt_get_byte, 0, 0},
    {"DataType.get_bit", dt_get_bit, 0, 0},
    {NULL, NULL, 0, 0},
};

static const EvBuiltinDef float_methods[] = {
    {"float.is_integer", f_is_integer, 0, 0},
    {NULL, NULL, 0, 0},
};

/* ----------------------------------------------- properties, named tuples */

static const ConstVal *p_with(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    ConstVal *p;
    if (!ev_check_args(ev, a->def->name, a, 1, 1, NOKW))
        return NULL;
    p = (ConstVal *)ev_val(ev, CV_PROPERTY);
    *p = *self;
    if (a->data)
        p->v.prop.set = a->pos[0];
    else
        p->v.prop.get = a->pos[0];
    return p;
}

static const EvBuiltinDef property_methods[] = {
    {"property.setter", p_with, 1, 1},
    {"property.getter", p_with, 0, 1},
    {NULL, NULL, 0, 0},
};

static const ConstVal *nt_replace(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    if (a->n)
        return ev_raise(ev, ev->e_type, a->at, "_replace() takes keyword arguments only");
    return ev_dataclass_replace(ev, self, a);
}

static const ConstVal *nt_asdict(Ev *ev, const ConstVal *self, const EvArgs *a)
{
    const EvClass *c = self->v.obj->cls;
    ConstVal *d = ev_dict_new(ev, CV_DICT);
    (void)a;
    for (uint32_t i = 0; i < c->nfields; i++)
        ev_table_put(d->v.table, &ev->arena, ev_str_c(ev, c->fields[i]), self->v.obj->tuple->v.seq.items[i]);
    return d;
}

static const EvBuiltinDef namedtuple_methods[] = {
    {"_replace", nt_replace, 0, 1},
    {"_asdict", nt_asdict, 0, 0},
    {"index", l_index, 0, 0},
    {"count", l_index, 1, 0},
    {NULL, NULL, 0, 0},
};

/* ---------------------------------------------------------------- lookup */

static const EvBuiltinDef *find_method(const EvBuiltinDef *table, const char *name)
{
    for (const EvBuiltinDef *d = table; d->name; d++) {
        const char *dot = strrchr(d->name, '.');
        if (strcmp(dot ? dot + 1 : d->name, name) == 0)
            return d;
    }
    return NULL;
}

const ConstVal *ev_builtin_method(Ev *ev, const ConstVal *self, const char *name)
{
    const EvBuiltinDef *table = NULL, *d;
    switch ((ConstKind)self->kind) {
    case CV_STR: table = str_methods; break;
    case CV_LIST: table = list_methods; break;
    case CV_TUPLE: table = tuple_methods; break;
    case CV_DICT: table = dict_methods; break;
    case CV_SET: table = set_methods; break;
    case CV_INT:
    case CV_BOOL: table = int_methods; break;
    case CV_FLOAT: table = float_methods; break;
    case CV_DTYPE: table = dtype_methods; break;
    case CV_PROPERTY: table = property_methods; break;
    case CV_RANGE: {
        int64_t x = strcmp(name, "start") == 0 ? self->v.range.start
                    : strcmp(name, "stop") == 0 ? self->v.range.stop
                    : strcmp(name, "step") == 0 ? self->v.range.step
                                                : INT64_MIN;
        return x == INT64_MIN ? NULL : ev_int(ev, x);
    }
    case CV_INSTANCE:
        if (self->v.obj->tuple) {
            /* a named tuple: the tuple's self for index/count */
            if ((d = find_method(namedtuple_methods, name)) != NULL)
                return ev_builtin(ev, d, d->fn == l_index ? self->v.obj->tuple : self);
        }
        return NULL;
    default:
        return NULL;
    }
    if ((d = find_method(table, name)) != NULL)
        return ev_builtin(ev, d, self);
    if ((self->kind == CV_INT || self->kind == CV_FLOAT || self->kind == CV_BOOL) &&
        (strcmp(name, "real") == 0 || strcmp(name, "numerator") == 0))
        return self;
    return NULL;
}
