/* strbuf.c: growable text buffers. */
#include "config.h"
#include "support/strbuf.h"
#include "support/xalloc.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

enum { SB_FLUSH_AT = 64 * 1024 };

void sb_init(StrBuf *sb)
{
    sb->data = NULL;
    sb->len = sb->cap = 0;
    sb->sink = NULL;
    sb->error = 0;
    sb->discard = 0;
}

void sb_init_sink(StrBuf *sb, FILE *sink)
{
    sb_init(sb);
    sb->sink = sink;
}

void sb_free(StrBuf *sb)
{
    xfree(sb->data);
    sb_init(sb);
}

void sb_reset(StrBuf *sb) { sb->len = 0; }

void sb_reserve(StrBuf *sb, size_t extra)
{
    size_t need;
    if (extra > (size_t)-1 - sb->len - 1)
        xalloc_die();
    need = sb->len + extra + 1;
    if (need > sb->cap) {
        size_t cap = sb->cap ? sb->cap : 256;
        while (cap < need) {
            if (cap > (size_t)-1 / 2)
                xalloc_die();
            cap *= 2;
        }
        sb->data = xrealloc(sb->data, cap);
        sb->cap = cap;
    }
}

static void maybe_flush(StrBuf *sb)
{
    if (sb->sink && sb->len >= SB_FLUSH_AT)
        sb_flush(sb);
}

int sb_flush(StrBuf *sb)
{
    if (sb->sink && sb->len) {
        if (!sb->error && fwrite(sb->data, 1, sb->len, sb->sink) != sb->len)
            sb->error = errno ? errno : EIO;
        sb->len = 0;
    }
    return sb->error;
}

void sb_init_discard(StrBuf *sb)
{
    sb_init(sb);
    sb->discard = 1;
}

void sb_putc(StrBuf *sb, char c)
{
    if (sb->discard)
        return;
    sb_reserve(sb, 1);
    sb->data[sb->len++] = c;
    maybe_flush(sb);
}

void sb_put(StrBuf *sb, const char *s, size_t n)
{
    if (n == 0 || sb->discard)   /* s may be the NULL data of an empty buffer */
        return;
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    maybe_flush(sb);
}

void sb_puts(StrBuf *sb, const char *s) { sb_put(sb, s, strlen(s)); }

/* The printers' plain formats, done here: vsnprintf costs several hundred
 * instructions a call before its first character (about a tenth of a
 * whole compile to PTO).  Plain means each conversion is %s, %.*s, %c,
 * %d, %i or %u (with l, ll or z before the last three) or %%; any other
 * (flags, widths, floating point) goes to vsnprintf. */
static int plain_format(const char *fmt)
{
    for (const char *p = fmt; (p = strchr(p, '%')) != NULL;) {
        p++;
        if (p[0] == '.' && p[1] == '*' && p[2] == 's') {
            p += 3;
            continue;
        }
        if (*p == 'z')
            p += p[1] == 'u';
        else if (*p == 'l')
            p += 1 + (p[1] == 'l');
        if (!*p || !strchr(p[-1] == 'z' || p[-1] == 'l' ? "diu" : "%scdiu", *p))
            return 0;
        p++;
    }
    return 1;
}

/* Where a plain format's text goes: a StrBuf (flushed only at the end of
 * the call), or a fixed buffer cut as snprintf cuts (len counts it all). */
typedef struct PlainOut {
    StrBuf *sb;
    char *buf;
    size_t cap, len;
} PlainOut;

static void append(PlainOut *o, const char *s, size_t n)
{
    if (n == 0)
        return;
    if (o->sb) {
        sb_reserve(o->sb, n);
        memcpy(o->sb->data + o->sb->len, s, n);
        o->sb->len += n;
        return;
    }
    if (o->len + 1 < o->cap)
        memcpy(o->buf + o->len, s, n < o->cap - 1 - o->len ? n : o->cap - 1 - o->len);
    o->len += n;
}

static void put_unsigned(PlainOut *sb, unsigned long long u, int minus)
{
    char tmp[24];
    int i = (int)sizeof tmp;
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (minus)
        tmp[--i] = '-';
    append(sb, tmp + i, sizeof tmp - (size_t)i);
}

static void put_signed(PlainOut *sb, long long v)
{
    put_unsigned(sb, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, v < 0);
}

static void plain_vprintf(PlainOut *sb, const char *fmt, va_list ap)
{
    const char *p = fmt, *pct;
    while ((pct = strchr(p, '%')) != NULL) {
        char size = 0;
        append(sb, p, (size_t)(pct - p));
        p = pct + 1;
        if (p[0] == '.' && p[1] == '*' && p[2] == 's') {
            int prec = va_arg(ap, int);
            const char *s = va_arg(ap, const char *);
            if (!s)   /* as the C library prints it */
                s = prec < 0 || prec >= 6 ? "(null)" : "";
            append(sb, s, prec < 0 ? strlen(s) : strnlen(s, (size_t)prec));
            p += 3;
            continue;
        }
        if (*p == 'z' || *p == 'l')
            size = *p++;
        if (size == 'l' && *p == 'l')
            size = 'L', p++;
        switch (*p++) {
        case '%':
            append(sb, "%", 1);
            break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            s = s ? s : "(null)";
            append(sb, s, strlen(s));
            break;
        }
        case 'c': {
            char c = (char)va_arg(ap, int);
            append(sb, &c, 1);
            break;
        }
        case 'u':
            put_unsigned(sb,
                         size == 'z'   ? va_arg(ap, size_t)
                         : size == 'l' ? va_arg(ap, unsigned long)
                         : size == 'L' ? va_arg(ap, unsigned long long)
                                       : va_arg(ap, unsigned),
                         0);
            break;
        default:   /* d, i */
            put_signed(sb, size == 'z'   ? (long long)va_arg(ap, size_t)
                           : size == 'l' ? va_arg(ap, long)
                           : size == 'L' ? va_arg(ap, long long)
                                         : va_arg(ap, int));
            break;
        }
    }
    append(sb, p, strlen(p));
}

void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap)
{
    va_list ap2;
    int n;
    if (sb->discard)
        return;
    if (plain_format(fmt)) {
        PlainOut o = {sb, NULL, 0, 0};
        sb_reserve(sb, 0);
        plain_vprintf(&o, fmt, ap);
        sb->data[sb->len] = '\0';   /* as vsnprintf leaves it: callers read data as a string */
        maybe_flush(sb);             /* once, as after vsnprintf */
        return;
    }
    va_copy(ap2, ap);
    sb_reserve(sb, 64);
    n = vsnprintf(sb->data + sb->len, sb->cap - sb->len, fmt, ap);
    if (n < 0) {
        va_end(ap2);
        return;
    }
    if ((size_t)n >= sb->cap - sb->len) {
        sb_reserve(sb, (size_t)n);
        vsnprintf(sb->data + sb->len, sb->cap - sb->len, fmt, ap2);
    }
    va_end(ap2);
    sb->len += (size_t)n;
    maybe_flush(sb);
}

void sb_printf(StrBuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

void sb_put_i64(StrBuf *sb, long long v)
{
    char tmp[24];
    int i = (int)sizeof tmp;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[--i] = '-';
    sb_put(sb, tmp + i, sizeof tmp - (size_t)i);
}

void sb_indent(StrBuf *sb, int spaces)
{
    static const char blanks[] = "                                ";
    while (spaces > 0) {
        int n = spaces > 32 ? 32 : spaces;
        sb_put(sb, blanks, (size_t)n);
        spaces -= n;
    }
}

const char *sb_cstr(StrBuf *sb)
{
    sb_reserve(sb, 0);
    sb->data[sb->len] = '\0';
    return sb->data;
}

int str_printf(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    if (plain_format(fmt)) {
        PlainOut o = {NULL, buf, cap, 0};
        plain_vprintf(&o, fmt, ap);
        if (cap)
            buf[o.len < cap ? o.len : cap - 1] = '\0';
        n = o.len > INT_MAX ? -1 : (int)o.len;
    } else {
        n = vsnprintf(buf, cap, fmt, ap);
    }
    va_end(ap);
    return n;
}
