/* eval_format.c: text from values: f-strings (their fields are parsed
 * from the source when the f-string is evaluated: the syntax tree keeps
 * an f-string's text only), format() and its specification mini-language,
 * str.format and printf-style '%'. */
#include "config.h"
#include "sema/eval/eval_internal.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ format specs */

typedef struct Spec {
    char fill, align, sign, type, grouping;
    int alt, zero;
    int64_t width, precision;   /* -1: none */
} Spec;

static int parse_spec(Ev *ev, const char *s, size_t n, Spec *sp, Span at)
{
    size_t i = 0;
    memset(sp, 0, sizeof *sp);
    sp->fill = ' ';
    sp->width = sp->precision = -1;
    if (n >= 2 && strchr("<>=^", s[1])) {
        sp->fill = s[0];
        sp->align = s[1];
        i = 2;
    } else if (n >= 1 && strchr("<>=^", s[0])) {
        sp->align = s[0];
        i = 1;
    }
    if (i < n && strchr("+- ", s[i]))
        sp->sign = s[i++];
    if (i < n && s[i] == 'z')
        i++;
    if (i < n && s[i] == '#')
        sp->alt = 1, i++;
    if (i < n && s[i] == '0') {
        sp->zero = 1;
        i++;
    }
    if (i < n && isdigit((unsigned char)s[i])) {
        sp->width = 0;
        while (i < n && isdigit((unsigned char)s[i]) && sp->width < 100000000)
            sp->width = sp->width * 10 + (s[i++] - '0');
    }
    if (i < n && (s[i] == ',' || s[i] == '_'))
        sp->grouping = s[i++];
    if (i < n && s[i] == '.') {
        i++;
        sp->precision = 0;
        if (i >= n || !isdigit((unsigned char)s[i]))
            goto bad;
        while (i < n && isdigit((unsigned char)s[i]) && sp->precision < 1000)
            sp->precision = sp->precision * 10 + (s[i++] - '0');
    }
    if (i < n)
        sp->type = s[i++];
    if (i != n)
        goto bad;
    if (sp->zero && !sp->align) {
        sp->fill = '0';
        sp->align = '=';
    }
    return 1;
bad:
    ev_raise(ev, ev->e_value, at, "invalid format specifier '%.*s'", (int)n, s);
    return 0;
}

/* Digits with a grouping character every three. */
static void group_digits(StrBuf *out, const char *digits, size_t n, char g)
{
    for (size_t i = 0; i < n; i++) {
        if (g && i && (n - i) % 3 == 0)
            sb_putc(out, g);
        sb_putc(out, digits[i]);
    }
}

/* body (sign separate) padded to the spec's width. */
static void pad(StrBuf *out, const Spec *sp, const char *sign, const char *body, size_t blen, char dflt_align)
{
    size_t len = strlen(sign) + blen;
    int64_t fill = sp->width > (int64_t)len ? sp->width - (int64_t)len : 0, left = 0;
    char align = sp->align ? sp->align : dflt_align;
    if (align == '>')
        left = fill;
    else if (align == '^')
        left = fill / 2;
    if (align == '=') {
        sb_puts(out, sign);
        for (int64_t i = 0; i < fill; i++)
            sb_putc(out, sp->fill);
        sb_put(out, body, blen);
        return;
    }
    for (int64_t i = 0; i < left; i++)
        sb_putc(out, sp->fill);
    sb_puts(out, sign);
    sb_put(out, body, blen);
    for (int64_t i = left; i < fill; i++)
        sb_putc(out, sp->fill);
}

static int format_int(Ev *ev, int64_t v, const Spec *sp, StrBuf *out, Span at)
{
    char digits[80], prefix[4] = "";
    const char *sign = v < 0 ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    int base = 10;
    size_t k = sizeof digits;
    StrBuf body;
    const char *dig = "0123456789abcdef";
    char full[96];
    switch (sp->type) {
    case 0: case 'd': case 'n': break;
    case 'b': base = 2; break;
    case 'o': base = 8; break;
    case 'x': base = 16; break;
    case 'X': base = 16; dig = "0123456789ABCDEF"; break;
    case 'c': {
        char c = (char)v;
        if (v < 0 || v > 127) {
            ev_raise(ev, ev->e_overflow, at, "%%c arg not in range(0x80)");
            return 0;
        }
        pad(out, sp, "", &c, 1, '<');
        return 1;
    }
    default:
        ev_raise(ev, ev->e_value, at, "unknown format code '%c' for object of type 'int'", sp->type);
        return 0;
    }
    if (sp->alt && base != 10)
        snprintf(prefix, sizeof prefix, "0%c", base == 2 ? 'b' : base == 8 ? 'o' : sp->type);
    do {
        digits[--k] = dig[u % (uint64_t)base];
        u /= (uint64_t)base;
    } while (u);
    sb_init(&body);
    group_digits(&body, digits + k, sizeof digits - k, base == 10 ? sp->grouping : 0);
    snprintf(full, sizeof full, "%s%s", sign, prefix);   /* '=' pads after the sign and 0x */
    pad(out, sp, full, body.data, body.len, '>');
    sb_free(&body);
    return 1;
}

static int format_float(Ev *ev, double d, const Spec *sp, StrBuf *out, Span at)
{
    char buf[512], type = sp->type;
    const char *sign;
    int64_t prec = sp->precision;
    StrBuf body;
    int pct = type == '%';
    if (pct) {
        d *= 100;
        type = 'f';
    }
    sign = signbit(d) && !isnan(d) ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
    d = fabs(d);
    if (prec > 400)
        prec = 400;
    switch (type) {
    case 0:
        if (prec < 0) {
            cv_float_repr(d, buf, sizeof buf);
        } else {
            snprintf(buf, sizeof buf, "%.*g", (int)(prec ? prec : 1), d);
            if (isfinite(d) && !strpbrk(buf, ".e"))
                strcat(buf, ".0");
        }
        break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': {
        char f[8];
        snprintf(f, sizeof f, "%%%s.*%c", sp->alt ? "#" : "", type);
        snprintf(buf, sizeof buf, f, (int)(prec < 0 ? 6 : prec), d);
        break;
    }
    case 'n':
        snprintf(buf, sizeof buf, "%.*g", (int)(prec < 0 ? 6 : prec), d);
        break;
    default:
        ev_raise(ev, ev->e_value, at, "unknown format code '%c' for object of type 'float'", sp->type);
        return 0;
    }
    sb_init(&body);
    if (sp->grouping && isfinite(d)) {
        size_t n = strspn(buf, "0123456789");
        group_digits(&body, buf, n, sp->grouping);
        sb_puts(&body, buf + n);
    } else {
        sb_puts(&body, buf);
    }
    if (pct)
        sb_putc(&body, '%');
    pad(out, sp, sign, body.data, body.len, '>');
    sb_free(&body);
    return 1;
}

int ev_format_value(Ev *ev, const ConstVal *v, const char *spec, size_t n, StrBuf *out, Span at)
{
    Spec sp;
    int64_t i;
    double d;
    if (v->kind == CV_INSTANCE && !(v->v.obj->cls->flags & CLS_INTENUM)) {
        const ConstVal *m = ev_class_lookup(v->v.obj->cls, ev_cstr(ev, "__format__"));
        if (m && m->kind == CV_FUNC) {
            const ConstVal *s = ev_str(ev, spec, n), *r;
            if (!(m = ev_method(ev, v, ev_cstr(ev, "__format__"))) || !(r = ev_call_n(ev, m, at, 1, &s)))
                return 0;
            if (r->kind != CV_STR) {
                ev_raise(ev, ev->e_type, at, "__format__ must return a str");
                return 0;
            }
            sb_put(out, r->v.str.s, intern_len(r->v.str.s));
            return 1;
        }
    }
    if (n == 0)
        return ev_to_str(ev, v, out, at);
    if (!parse_spec(ev, spec, n, &sp, at))
        return 0;
    if (v->kind != CV_BOOL || sp.type) {
        if (cv_as_int(v, &i) && (!sp.type || strchr("bcdoxXn", sp.type)))
            return format_int(ev, i, &sp, out, at);
        if (cv_as_double(v, &d))
            return format_float(ev, d, &sp, out, at);
    }
    {
        StrBuf s;
        int ok;
        if (sp.type && sp.type != 's') {
            ev_raise(ev, ev->e_value, at, "unknown format code '%c' for object of type '%s'", sp.type,
                     ev_type_name(ev, v));
            return 0;
        }
        sb_init(&s);
        ok = ev_to_str(ev, v, &s, at);
        if (ok) {
            size_t len = s.len;
            if (sp.precision >= 0 && (size_t)sp.precision < len)
                len = (size_t)sp.precision;
            pad(out, &sp, "", s.data ? s.data : "", len, '<');
        }
        sb_free(&s);
        return ok;
    }
}

/* ---------------------------------------------------------------- f-strings */

/* Decodes literal text [p, p + n) of a string with quote q as the scanner's
 * literal_string would: escapes, unless raw. */
static void literal_chunk(Ev *ev, StrBuf *out, const char *p, size_t n, int raw, char q)
{
    StrBuf tok;
    size_t len;
    char *s;
    Arena tmp;
    if (!n)
        return;
    sb_init(&tok);
    if (raw)
        sb_putc(&tok, 'r');
    for (int k = 0; k < 3; k++)
        sb_putc(&tok, q);
    sb_put(&tok, p, n);
    /* a backslash before the closing quotes would escape one of them */
    if (!raw && n && p[n - 1] == '\\')
        sb_putc(&tok, '\\');
    for (int k = 0; k < 3; k++)
        sb_putc(&tok, q);
    arena_init(&tmp);
    s = literal_string(&tmp, tok.data, tok.len, &len);
    sb_put(out, s, len);
    arena_free(&tmp);
    sb_free(&tok);
    (void)ev;
}

/* The end of a replacement field's expression at t[i]: the first '}',
 * '!' (not '!='), ':' or '=' (a {x=} field) outside brackets and strings. */
static size_t field_expr_end(const char *t, size_t i, size_t end)
{
    int depth = 0;
    while (i < end) {
        char c = t[i];
        if (c == '\'' || c == '"') {
            char q = c;
            int triple = i + 2 < end && t[i + 1] == q && t[i + 2] == q;
            i += triple ? 3 : 1;
            while (i < end) {
                if (t[i] == '\\') {
                    i += 2;
                    continue;
                }
                if (t[i] == q && (!triple || (i + 2 < end && t[i + 1] == q && t[i + 2] == q))) {
                    i += triple ? 3 : 1;
                    break;
                }
                i++;
            }
            continue;
        }
        if (c == '(' || c == '[' || c == '{')
            depth++;
        else if ((c == ')' || c == ']' || c == '}') && depth > 0)
            depth--;
        else if (depth == 0) {
            if (c == '}' || c == ':')
                return i;
            if (c == '!' && i + 1 < end && t[i + 1] != '=')
                return i;
            if (c == '=' && i + 1 < end && t[i + 1] != '=' && (i == 0 || !strchr("=!<>", t[i - 1])))
                return i;
        }
        i++;
    }
    return end;
}

static const ConstVal *field_value(Ev *ev, EvEnv *env, SourceFile *sf, uint32_t lo, uint32_t hi)
{
    ParseCtx *pc = xmalloc(sizeof *pc);
    AstNode *e;
    const ConstVal *v = NULL;
    unsigned errors = ev->diag->errors;
    uint64_t made = ev->made;
    e = parse_expression(pc, sf, lo, hi, ev->diag, ev->names);
    if (e)
        v = ev_expr(ev, env, e);
    else if (ev->diag->errors != errors)
        v = ev_unknown(ev, span_make(lo, hi), "the f-string has a syntax error");
    if (ev->made != made) {
        vec_push(ev->parses, pc);   /* a lambda in it may outlive it */
    } else {
        parse_ctx_free(pc);
        xfree(pc);
    }
    return v;
}

/* The fields of the f-string body t[i, end) (global offset of t[0] is
 * base), appended to out.  *unknown: a field's value is unknown. */
static int fstring_body(Ev *ev, EvEnv *env, SourceFile *sf, const char *t, size_t i, size_t end, int raw, char q,
                        StrBuf *out, const ConstVal **unknown)
{
    size_t chunk = i;
    while (i < end) {
        if (t[i] == '\\' && !raw && i + 1 < end) {
            if (t[i + 1] == 'N' && i + 2 < end && t[i + 2] == '{') {
                /* \N{NAME}: a character by its name, not a field */
                while (i < end && t[i] != '}')
                    i++;
            }
            i += 2;
            continue;
        }
        if ((t[i] == '{' || t[i] == '}') && i + 1 < end && t[i + 1] == t[i]) {
            literal_chunk(ev, out, t + chunk, i - chunk + 1, raw, q);
            i += 2;
            chunk = i;
            continue;
        }
        if (t[i] == '{') {
            size_t e0, e1, s0;
            char conv = 0;
            const ConstVal *v;
            StrBuf spec;
            int ok = 1;
            literal_chunk(ev, out, t + chunk, i - chunk, raw, q);
            e0 = i + 1;
            e1 = field_expr_end(t, e0, end);
            s0 = e1;
            if (s0 < end && t[s0] == '=') {
                /* {x=}: the expression's text, then its repr */
                sb_put(out, t + e0, s0 - e0 + 1);
                conv = 'r';
                s0++;
            }
            if (!(v = field_value(ev, env, sf, sf->base + (uint32_t)e0, sf->base + (uint32_t)e1)))
                return 0;
            if (s0 < end && t[s0] == '!' && s0 + 1 < end) {
                conv = t[s0 + 1];
                s0 += 2;
            }
            sb_init(&spec);
            if (s0 < end && t[s0] == ':') {
                /* the spec, up to the field's '}', its own {fields} replaced */
                size_t e = s0 + 1;
                int depth = 0;
                while (e < end && (t[e] != '}' || depth)) {
                    if (t[e] == '{')
                        depth++;
                    else if (t[e] == '}')
                        depth--;
                    e++;
                }
                if (!fstring_body(ev, env, sf, t, s0 + 1, e, raw, q, &spec, unknown))
                    ok = 0;
                s0 = e;
            }
            if (ok && v->kind == CV_UNKNOWN)
                *unknown = v;
            else if (ok) {
                if (conv == 'r' || conv == 'a') {
                    StrBuf r;
                    sb_init(&r);
                    ok = ev_to_repr(ev, v, &r, span_make(sf->base + (uint32_t)e0, sf->base + (uint32_t)e1));
                    if (ok)
                        ok = ev_format_value(ev, ev_str(ev, r.data ? r.data : "", r.len), spec.data ? spec.data : "",
                                             spec.len, out, span_make(sf->base + (uint32_t)e0, sf->base + (uint32_t)e1));
                    sb_free(&r);
                } else if (conv == 's') {
                    const ConstVal *s = ev_str_of(ev, v, span_unknown());
                    ok = s && ev_format_value(ev, s, spec.data ? spec.data : "", spec.len, out, span_unknown());
                } else {
                    ok = ev_format_value(ev, v, spec.data ? spec.data : "", spec.len, out,
                                         span_make(sf->base + (uint32_t)e0, sf->base + (uint32_t)e1));
                }
            }
            sb_free(&spec);
            if (!ok)
                return 0;
            i = s0 < end ? s0 + 1 : end;
            chunk = i;
            continue;
        }
        i++;
    }
    literal_chunk(ev, out, t + chunk, end > chunk ? end - chunk : 0, raw, q);
    return 1;
}

const ConstVal *ev_fstring(Ev *ev, EvEnv *env, const AstNode *s)
{
    SourceFile *sf = diag_source_of(ev->diag, s->span.lo);
    const char *t;
    size_t i, end;
    StrBuf out;
    const ConstVal *unknown = NULL, *r = NULL;
    if (!sf)
        return ev_unknown(ev, s->span, "an f-string whose text is not available");
    t = sf->text;
    i = s->span.lo - sf->base;
    end = s->span.hi - sf->base;
    sb_init(&out);
    /* each string literal of an implicit concatenation */
    while (i < end) {
        int raw = 0, fmt = 0, bytes = 0;
        char q;
        size_t body, close;
        int triple;
        if (isspace((unsigned char)t[i]) || t[i] == '\\') {
            i++;
            continue;
        }
        if (t[i] == '#') {
            while (i < end && t[i] != '\n')
                i++;
            continue;
        }
        if (t[i] == '(' || t[i] == ')') {
            i++;
            continue;
        }
        while (i < end && t[i] != '\'' && t[i] != '"') {
            char c = (char)tolower((unsigned char)t[i]);
            raw |= c == 'r';
            fmt |= c == 'f';
            bytes |= c == 'b';
            i++;
        }
        if (i >= end)
            break;
        q = t[i];
        triple = i + 2 < end && t[i + 1] == q && t[i + 2] == q;
        body = i + (triple ? 3 : 1);
        /* the closing quotes */
        close = body;
        while (close < end) {
            if (t[close] == '\\' && !raw) {
                close += 2;
                continue;
            }
            if (fmt && t[close] == '{' && close + 1 < end && t[close + 1] != '{') {
                /* skip a field, whose strings may use other quotes */
                size_t e = field_expr_end(t, close + 1, end);
                int depth = 0;
                close = e;
                while (close < end && (t[close] != '}' || depth)) {
                    if (t[close] == '{')
                        depth++;
                    else if (t[close] == '}')
                        depth--;
                    close++;
                }
                close++;
                continue;
            }
            if (t[close] == q && (!triple || (close + 2 < end && t[close + 1] == q && t[close + 2] == q)))
                break;
            close++;
        }
        if (bytes) {
            sb_free(&out);
            return ev_unknown(ev, s->span, "bytes are not evaluated at compile time");
        }
        if (fmt) {
            if (!fstring_body(ev, env, sf, t, body, close, raw, q, &out, &unknown)) {
                sb_free(&out);
                return NULL;
            }
        } else {
            literal_chunk(ev, &out, t + body, close - body, raw, q);
        }
        i = close + (triple ? 3 : 1);
    }
    r = unknown ? unknown : ev_str(ev, out.data ? out.data : "", out.len);
    sb_free(&out);
    return r;
}

/* ------------------------------------------------------------- str.format */

const ConstVal *ev_str_format(Ev *ev, const char *fmt, const EvArgs *a)
{
    StrBuf out;
    uint32_t auto_ix = 0;
    const ConstVal *r = NULL;
    size_t n = strlen(fmt);
    sb_init(&out);
    for (size_t i = 0; i < n;) {
        if ((fmt[i] == '{' || fmt[i] == '}') && i + 1 < n && fmt[i + 1] == fmt[i]) {
            sb_putc(&out, fmt[i]);
            i += 2;
            continue;
        }
        if (fmt[i] == '}') {
            ev_raise(ev, ev->e_value, a->at, "Single '}' encountered in format string");
            goto out;
        }
        if (fmt[i] == '{') {
            size_t j = i + 1, k;
            const ConstVal *v;
            char conv = 0;
            int depth = 0;
            for (k = j; k < n && (fmt[k] != '}' || depth); k++) {
                if (fmt[k] == '{')
                    depth++;
                else if (fmt[k] == '}')
                    depth--;
            }
            if (k >= n) {
                ev_raise(ev, ev->e_value, a->at, "expected '}' before end of string");
                goto out;
            }
            {
                /* field name: index or keyword, then .attr / [key] */
                size_t e = j;
                while (e < k && fmt[e] != '.' && fmt[e] != '[' && fmt[e] != '!' && fmt[e] != ':')
                    e++;
                if (e == j) {
                    if (auto_ix >= a->n) {
                        ev_raise(ev, ev->e_index, a->at, "Replacement index %u out of range for positional args tuple",
                                 auto_ix);
                        goto out;
                    }
                    v = a->pos[auto_ix++];
                } else if (isdigit((unsigned char)fmt[j])) {
                    uint32_t ix = (uint32_t)strtoul(fmt + j, NULL, 10);
                    if (ix >= a->n) {
                        ev_raise(ev, ev->e_index, a->at, "Replacement index %u out of range for positional args tuple",
                                 ix);
                        goto out;
                    }
                    v = a->pos[ix];
                } else {
                    const char *name = ev_intern(ev, fmt + j, e - j);
                    v = ev_arg(a, UINT32_MAX, name);
                    if (!v) {
                        ev_raise(ev, ev->e_key, a->at, "'%s'", name);
                        goto out;
                    }
                }
                while (e < k && (fmt[e] == '.' || fmt[e] == '[')) {
                    size_t b = e + 1, c = b;
                    if (fmt[e] == '.') {
                        while (c < k && fmt[c] != '.' && fmt[c] != '[' && fmt[c] != '!' && fmt[c] != ':')
                            c++;
                        if (!(v = ev_getattr(ev, v, ev_intern(ev, fmt + b, c - b), a->at)))
                            goto out;
                        e = c;
                    } else {
                        const ConstVal *key;
                        while (c < k && fmt[c] != ']')
                            c++;
                        key = isdigit((unsigned char)fmt[b]) ? ev_int(ev, strtoll(fmt + b, NULL, 10))
                                                             : ev_str(ev, fmt + b, c - b);
                        if (!(v = ev_getitem(ev, v, key, a->at)))
                            goto out;
                        e = c + 1;
                    }
                }
                if (e < k && fmt[e] == '!' && e + 1 < k) {
                    conv = fmt[e + 1];
                    e += 2;
                }
                if (v->kind == CV_UNKNOWN) {
                    r = v;
                    goto out;
                }
                if (conv == 'r') {
                    StrBuf rb;
                    sb_init(&rb);
                    if (!ev_to_repr(ev, v, &rb, a->at)) {
                        sb_free(&rb);
                        goto out;
                    }
                    v = ev_str(ev, rb.data ? rb.data : "", rb.len);
                    sb_free(&rb);
                }
                {
                    const char *spec = e < k && fmt[e] == ':' ? fmt + e + 1 : "";
                    size_t sl = e < k && fmt[e] == ':' ? k - e - 1 : 0;
                    if (!ev_format_value(ev, v, spec, sl, &out, a->at))
                        goto out;
                }
            }
            i = k + 1;
            continue;
        }
        sb_putc(&out, fmt[i++]);
    }
    r = ev_str(ev, out.data ? out.data : "", out.len);
out:
    sb_free(&out);
    return r;
}

/* ------------------------------------------------------------------ % */

const ConstVal *ev_percent_format(Ev *ev, const char *fmt, const ConstVal *args, Span at)
{
    StrBuf out;
    uint32_t next = 0;
    const ConstVal *const *items = args->kind == CV_TUPLE ? args->v.seq.items : &args;
    uint32_t n = args->kind == CV_TUPLE ? args->v.seq.n : 1;
    const ConstVal *r = NULL;
    size_t len = strlen(fmt);
    if (args->kind == CV_UNKNOWN)
        return args;
    sb_init(&out);
    for (size_t i = 0; i < len;) {
        char spec[32];
        size_t k = 0;
        const ConstVal *v;
        char conv;
        if (fmt[i] != '%') {
            sb_putc(&out, fmt[i++]);
            continue;
        }
        i++;
        if (i < len && fmt[i] == '%') {
            sb_putc(&out, '%');
            i++;
            continue;
        }
        if (i < len && fmt[i] == '(') {
            size_t e = i + 1;
            while (e < len && fmt[e] != ')')
                e++;
            if (args->kind != CV_DICT) {
                ev_raise(ev, ev->e_type, at, "format requires a mapping");
                goto out;
            }
            if (!(v = ev_getitem(ev, args, ev_str(ev, fmt + i + 1, e - i - 1), at)))
                goto out;
            i = e + 1;
        } else {
            v = NULL;
        }
        while (i < len && strchr("-+ #0", fmt[i]) && k < 8)
            spec[k++] = fmt[i++];
        while (i < len && isdigit((unsigned char)fmt[i]) && k < 20)
            spec[k++] = fmt[i++];
        if (i < len && fmt[i] == '.') {
            spec[k++] = fmt[i++];
            while (i < len && isdigit((unsigned char)fmt[i]) && k < 28)
                spec[k++] = fmt[i++];
        }
        if (i >= len) {
            ev_raise(ev, ev->e_value, at, "incomplete format");
            goto out;
        }
        conv = fmt[i++];
        if (!v) {
            if (next >= n) {
                ev_raise(ev, ev->e_type, at, "not enough arguments for format string");
                goto out;
            }
            v = items[next++];
        }
        if (v->kind == CV_UNKNOWN) {
            r = v;
            goto out;
        }
        spec[k] = '\0';
        if (strchr("diouxXeEfFgGc", conv)) {
            char f[48], buf[512];
            int64_t iv;
            double dv;
            if (strchr("diouxXc", conv)) {
                if (!cv_as_int(v, &iv)) {
                    if (!cv_as_double(v, &dv)) {
                        ev_raise(ev, ev->e_type, at, "%%%c format: a number is required, not %s", conv,
                                 ev_type_name(ev, v));
                        goto out;
                    }
                    iv = (int64_t)dv;
                }
                snprintf(f, sizeof f, "%%%sll%c", spec, conv == 'i' || conv == 'u' ? 'd' : conv);
                snprintf(buf, sizeof buf, f, (long long)iv);
            } else {
                if (!cv_as_double(v, &dv)) {
                    ev_raise(ev, ev->e_type, at, "must be real number, not %s", ev_type_name(ev, v));
                    goto out;
                }
                snprintf(f, sizeof f, "%%%s%c", spec, conv);
                snprintf(buf, sizeof buf, f, dv);
            }
            sb_puts(&out, buf);
        } else if (conv == 's' || conv == 'r' || conv == 'a') {
            StrBuf s;
            char f[40];
            sb_init(&s);
            if (!(conv == 's' ? ev_to_str(ev, v, &s, at) : ev_to_repr(ev, v, &s, at))) {
                sb_free(&s);
                goto out;
            }
            snprintf(f, sizeof f, "%%%ss", spec);
            sb_printf(&out, f, sb_cstr(&s));
            sb_free(&s);
        } else {
            ev_raise(ev, ev->e_value, at, "unsupported format character '%c'", conv);
            goto out;
        }
    }
    if (next < n && args->kind == CV_TUPLE) {
        ev_raise(ev, ev->e_type, at, "not all arguments converted during string formatting");
        goto out;
    }
    r = ev_str(ev, out.data ? out.data : "", out.len);
out:
    sb_free(&out);
    return r;
}
