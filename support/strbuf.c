/* strbuf.c: growable text buffers. */
#include "config.h"
#include "support/strbuf.h"
#include "support/xalloc.h"

#include <errno.h>
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

void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap)
{
    va_list ap2;
    int n;
    if (sb->discard)
        return;
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
