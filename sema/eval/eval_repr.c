/* eval_repr.c: str() and repr() of values as Python writes them:
 * numbers, strings (quoted and escaped), containers, instances (a user
 * class's __str__/__repr__, dataclasses, enum members, exceptions). */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

/* ----------------------------------------------------------------- text */

static void repr_string(StrBuf *out, const char *s, size_t n)
{
    char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
    sb_putc(out, q);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == (unsigned char)q || c == '\\') {
            sb_putc(out, '\\');
            sb_putc(out, (char)c);
        } else if (c == '\n') {
            sb_puts(out, "\\n");
        } else if (c == '\t') {
            sb_puts(out, "\\t");
        } else if (c == '\r') {
            sb_puts(out, "\\r");
        } else if (c < 0x20 || c == 0x7f) {
            sb_printf(out, "\\x%02x", c);
        } else {
            sb_putc(out, (char)c);
        }
    }
    sb_putc(out, q);
}

static int to_text(Ev *ev, const ConstVal *v, StrBuf *out, Span at, int repr, int depth);

static int seq_text(Ev *ev, const ConstVal *const *items, uint32_t n, StrBuf *out, Span at, int depth)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(out, ", ");
        if (!to_text(ev, items[i], out, at, 1, depth + 1))
            return 0;
    }
    return 1;
}

/* A user class's __repr__ or __str__ (str falls back to repr). */
static int user_text(Ev *ev, const ConstVal *v, StrBuf *out, Span at, int repr, int *done)
{
    const ConstVal *m = NULL, *r;
    *done = 0;
    if (!repr)
        m = ev_dunder(ev, v, ev->n.str);
    if (!m)
        m = ev_dunder(ev, v, ev->n.repr);
    if (!m)
        return 1;
    *done = 1;
    if (!(r = ev_call_n(ev, m, at, 0, NULL)))
        return 0;
    if (r->kind != CV_STR) {
        ev_raise(ev, ev->e_type, at, "__%s__ returned non-string (type %s)", repr ? "repr" : "str", ev_type_name(ev, r));
        return 0;
    }
    sb_put(out, r->v.str.s, intern_len(r->v.str.s));
    return 1;
}

static int instance_text(Ev *ev, const ConstVal *v, StrBuf *out, Span at, int repr, int depth)
{
    const EvObj *o = v->v.obj;
    const EvClass *c = o->cls;
    int done;
    if (!user_text(ev, v, out, at, repr, &done) || done)
        return !ev->exc;
    if (c->flags & CLS_ENUM) {
        const ConstVal *name = ev_table_get(&o->attrs, ev->n.name);
        if ((c->flags & CLS_INTENUM) && !repr)
            return to_text(ev, o->member_value, out, at, 0, depth);
        if (repr)
            sb_printf(out, "<%s.%s: ", c->name, name ? name->v.str.s : "?");
        else
            sb_printf(out, "%s.%s", c->name, name ? name->v.str.s : "?");
        if (repr) {
            if (!to_text(ev, o->member_value, out, at, 1, depth + 1))
                return 0;
            sb_putc(out, '>');
        }
        return 1;
    }
    if (c->flags & CLS_EXCEPTION) {
        const ConstVal *args = ev_table_get(&o->attrs, ev->n.args);
        if (!repr) {
            if (args && args->kind == CV_TUPLE && args->v.seq.n == 1)
                return to_text(ev, args->v.seq.items[0], out, at, 0, depth + 1);
            if (args && args->kind == CV_TUPLE && args->v.seq.n > 1)
                return to_text(ev, args, out, at, 0, depth + 1);
            return 1;
        }
        sb_printf(out, "%s(", c->name);
        if (args && args->kind == CV_TUPLE && !seq_text(ev, args->v.seq.items, args->v.seq.n, out, at, depth))
            return 0;
        sb_putc(out, ')');
        return 1;
    }
    if ((c->flags & (CLS_DATACLASS | CLS_NAMEDTUPLE)) && c->nfields) {
        sb_printf(out, "%s(", c->name);
        for (uint32_t k = 0; k < c->nfields; k++) {
            const ConstVal *f = o->tuple ? o->tuple->v.seq.items[k] : ev_table_get(&o->attrs, c->fields[k]);
            if (k)
                sb_puts(out, ", ");
            sb_printf(out, "%s=", c->fields[k]);
            if (!to_text(ev, f ? f : ev->none, out, at, 1, depth + 1))
                return 0;
        }
        sb_putc(out, ')');
        return 1;
    }
    if (c->flags & CLS_DATACLASS) {
        sb_printf(out, "%s()", c->name);
        return 1;
    }
    sb_printf(out, "<%s.%s object>", c->mod ? c->mod->name : "builtins", c->name);
    return 1;
}

static int to_text(Ev *ev, const ConstVal *v, StrBuf *out, Span at, int repr, int depth)
{
    char buf[64];
    if (depth > 100) {
        sb_puts(out, "...");
        return 1;
    }
    switch ((ConstKind)v->kind) {
    case CV_INT:
        sb_put_i64(out, v->v.i);
        return 1;
    case CV_FLOAT:
        cv_float_repr(v->v.f, buf, sizeof buf);
        sb_puts(out, buf);
        return 1;
    case CV_BOOL:
        sb_puts(out, v->v.i ? "True" : "False");
        return 1;
    case CV_NONE:
        sb_puts(out, "None");
        return 1;
    case CV_ELLIPSIS:
        sb_puts(out, "Ellipsis");
        return 1;
    case CV_STR:
        if (repr)
            repr_string(out, v->v.str.s, intern_len(v->v.str.s));
        else
            sb_put(out, v->v.str.s, intern_len(v->v.str.s));
        return 1;
    case CV_LIST:
    case CV_TUPLE:
        sb_putc(out, v->kind == CV_LIST ? '[' : '(');
        if (!seq_text(ev, v->v.seq.items, v->v.seq.n, out, at, depth))
            return 0;
        if (v->kind == CV_TUPLE && v->v.seq.n == 1)
            sb_putc(out, ',');
        sb_putc(out, v->kind == CV_LIST ? ']' : ')');
        return 1;
    case CV_DICT:
    case CV_SET: {
        const EvTable *t = v->v.table;
        int first = 1;
        if (v->kind == CV_SET && !t->live) {
            sb_puts(out, "set()");
            return 1;
        }
        sb_putc(out, '{');
        for (uint32_t i = 0; i < t->n; i++) {
            if (!t->keys[i])
                continue;
            if (!first)
                sb_puts(out, ", ");
            first = 0;
            if (!to_text(ev, t->keys[i], out, at, 1, depth + 1))
                return 0;
            if (v->kind == CV_DICT) {
                sb_puts(out, ": ");
                if (!to_text(ev, t->vals[i], out, at, 1, depth + 1))
                    return 0;
            }
        }
        sb_putc(out, '}');
        return 1;
    }
    case CV_RANGE:
        if (v->v.range.step == 1)
            sb_printf(out, "range(%lld, %lld)", (long long)v->v.range.start, (long long)v->v.range.stop);
        else
            sb_printf(out, "range(%lld, %lld, %lld)", (long long)v->v.range.start, (long long)v->v.range.stop,
                      (long long)v->v.range.step);
        return 1;
    case CV_SLICE:
        sb_puts(out, "slice(");
        for (int k = 0; k < 3; k++) {
            const ConstVal *p = k == 0 ? v->v.slice.lo : k == 1 ? v->v.slice.hi : v->v.slice.step;
            if (k)
                sb_puts(out, ", ");
            if (!to_text(ev, p ? p : ev->none, out, at, 1, depth + 1))
                return 0;
        }
        sb_putc(out, ')');
        return 1;
    case CV_INSTANCE:
        return instance_text(ev, v, out, at, repr, depth);
    case CV_CLASS:
        if (v->v.cls->mod)
            sb_printf(out, "<class '%s.%s'>", v->v.cls->mod->name, v->v.cls->name);
        else
            sb_printf(out, "<class '%s'>", v->v.cls->name);
        return 1;
    case CV_FUNC:
        sb_printf(out, "<function %s>", v->v.func->name);
        return 1;
    case CV_BUILTIN:
        sb_printf(out, "<built-in function %s>", v->v.builtin.def->name);
        return 1;
    case CV_BOUND:
        sb_printf(out, "<bound method %s>", ev_callable_name(ev, v));
        return 1;
    case CV_MODULE:
        sb_printf(out, "<module '%s'>", v->v.mod->name);
        return 1;
    case CV_UNKNOWN:
        sb_puts(out, "<unknown>");
        return 1;
    default: {
        char big[256];
        const_format(v, big, sizeof big);
        sb_puts(out, big);
        return 1;
    }
    }
}

int ev_to_str(Ev *ev, const ConstVal *v, StrBuf *out, Span at) { return to_text(ev, v, out, at, 0, 0); }
int ev_to_repr(Ev *ev, const ConstVal *v, StrBuf *out, Span at) { return to_text(ev, v, out, at, 1, 0); }

const ConstVal *ev_str_of(Ev *ev, const ConstVal *v, Span at)
{
    StrBuf sb;
    const ConstVal *r = NULL;
    if (v->kind == CV_STR)
        return v;
    if (v->kind == CV_UNKNOWN)
        return v;
    sb_init(&sb);
    if (ev_to_str(ev, v, &sb, at))
        r = ev_str(ev, sb.data ? sb.data : "", sb.len);
    sb_free(&sb);
    return r;
}
