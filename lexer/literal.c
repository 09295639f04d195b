/* literal.c: numeric and string literal values; input encoding check. */
#include "config.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

int literal_int(const char *text, size_t len, uint64_t *out)
{
    unsigned base = 10;
    size_t i = 0;
    uint64_t v = 0;
    if (len > 1 && text[0] == '0') {
        char b = text[1];
        if (b == 'x' || b == 'X')
            base = 16, i = 2;
        else if (b == 'o' || b == 'O')
            base = 8, i = 2;
        else if (b == 'b' || b == 'B')
            base = 2, i = 2;
    }
    for (; i < len; i++) {
        int d;
        if (text[i] == '_')
            continue;
        d = digit_value(text[i]);
        if (d >= (int)base)
            return -1;
        if (v > (UINT64_MAX - (uint64_t)d) / base)
            return -1;
        v = v * base + (uint64_t)d;
    }
    *out = v;
    return 0;
}

double literal_float(const char *text, size_t len)
{
    char buf[128];
    char *tmp = len < sizeof buf ? buf : xmalloc(len + 1);
    size_t k = 0;
    double d;
    for (size_t i = 0; i < len; i++)
        if (text[i] != '_')
            tmp[k++] = text[i];
    tmp[k] = '\0';
    d = strtod(tmp, NULL);
    if (tmp != buf)
        xfree(tmp);
    return d;
}

static void put_utf8(char *out, size_t *k, uint32_t cp)
{
    if (cp < 0x80) {
        out[(*k)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*k)++] = (char)(0xC0 | (cp >> 6));
        out[(*k)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*k)++] = (char)(0xE0 | (cp >> 12));
        out[(*k)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*k)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[(*k)++] = (char)(0xF0 | (cp >> 18));
        out[(*k)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[(*k)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*k)++] = (char)(0x80 | (cp & 0x3F));
    }
}

static int hex_run(const char *s, size_t avail, int n, uint32_t *v)
{
    uint32_t x = 0;
    if ((size_t)n > avail)
        return 0;
    for (int i = 0; i < n; i++) {
        int d = digit_value(s[i]);
        if (d > 15)
            return 0;
        x = x * 16 + (uint32_t)d;
    }
    *v = x;
    return 1;
}

int literal_string_prefix(const char *text, size_t n)
{
    int flags = 0;
    for (size_t i = 0; i < n && text[i] != '\'' && text[i] != '"'; i++) {
        char c = text[i];
        flags |= (c == 'r' || c == 'R') ? LIT_RAW : (c == 'b' || c == 'B') ? LIT_BYTES : (c == 'f' || c == 'F') ? LIT_FSTRING : 0;
    }
    return flags;
}

char *literal_string(Arena *arena, const char *text, size_t n, size_t *len)
{
    size_t i = 0, q, end, k = 0;
    int raw = 0;
    char *out;
    while (i < n && text[i] != '\'' && text[i] != '"') {
        if (text[i] == 'r' || text[i] == 'R')
            raw = 1;
        i++;
    }
    /* Opening and closing quotes: one or three. */
    q = (i + 2 < n && text[i + 1] == text[i] && text[i + 2] == text[i] && n - i >= 6) ? 3 : 1;
    i += q;
    end = n >= q ? n - q : i;
    if (end < i)
        end = i;
    out = arena_alloc(arena, end - i + 1);   /* decoding never grows the text */
    while (i < end) {
        char c = text[i++];
        uint32_t v;
        if (c != '\\' || raw || i >= end) {
            if (c == '\\' && raw && i < end) {
                out[k++] = c;
                out[k++] = text[i++];
                continue;
            }
            out[k++] = c;
            continue;
        }
        c = text[i++];
        switch (c) {
        case '\n':
            break;   /* line continuation inside a string */
        case '\\': out[k++] = '\\'; break;
        case '\'': out[k++] = '\''; break;
        case '"': out[k++] = '"'; break;
        case 'a': out[k++] = '\a'; break;
        case 'b': out[k++] = '\b'; break;
        case 'f': out[k++] = '\f'; break;
        case 'n': out[k++] = '\n'; break;
        case 'r': out[k++] = '\r'; break;
        case 't': out[k++] = '\t'; break;
        case 'v': out[k++] = '\v'; break;
        case 'x':
            if (hex_run(text + i, end - i, 2, &v)) {
                i += 2;
                put_utf8(out, &k, v);
                break;
            }
            goto keep;
        case 'u':
            if (hex_run(text + i, end - i, 4, &v)) {
                i += 4;
                put_utf8(out, &k, v);
                break;
            }
            goto keep;
        case 'U':
            if (hex_run(text + i, end - i, 8, &v) && v <= 0x10FFFF) {
                i += 8;
                put_utf8(out, &k, v);
                break;
            }
            goto keep;
        default:
            if (c >= '0' && c <= '7') {
                v = (uint32_t)(c - '0');
                for (int d = 0; d < 2 && i < end && text[i] >= '0' && text[i] <= '7'; d++)
                    v = v * 8 + (uint32_t)(text[i++] - '0');
                put_utf8(out, &k, v);
                break;
            }
        keep:
            out[k++] = '\\';
            out[k++] = c;
            break;
        }
    }
    out[k] = '\0';
    *len = k;
    return out;
}

int utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp)
{
    unsigned char c = s[0];
    int n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if ((c & 0xE0) == 0xC0)
        n = 2, v = c & 0x1F, min = 0x80;
    else if ((c & 0xF0) == 0xE0)
        n = 3, v = c & 0x0F, min = 0x800;
    else if ((c & 0xF8) == 0xF0)
        n = 4, v = c & 0x07, min = 0x10000;
    else
        return -1;
    if ((size_t)n > avail)
        return -1;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return -1;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return -1;
    *cp = v;
    return n;
}

unsigned source_check_encoding(SourceFile *src, DiagEngine *diag)
{
    const unsigned char *t = (const unsigned char *)src->text;
    unsigned problems = 0;
    uint32_t i = 0;
    /* A UTF-8 byte order mark at the very start is allowed (Python skips it). */
    if (src->len >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF)
        i = 3;
    while (i < src->len) {
        uint32_t cp;
        int n;
        if ((i & 0xFFFF) == 0)
            source_release(src, i);
        if ((i & 7) == 0 && src->len - i >= 8) {
            /* eight bytes at once while they are ASCII and none is NUL
             * (the steps keep i a multiple of 8, so the release above
             * still comes at each 64 KiB) */
            uint64_t w;
            memcpy(&w, t + i, sizeof w);
            if (!(w & 0x8080808080808080ULL) && !((w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL)) {
                i += 8;
                continue;
            }
        }
        if (t[i] == 0) {
            diag_error(diag, span_make(src->base + i, src->base + i + 1), "source contains a NUL byte");
            problems++;
            i++;
            continue;
        }
        if (t[i] < 0x80) {
            i++;
            continue;
        }
        n = utf8_decode(t + i, src->len - i, &cp);
        if (n < 0) {
            diag_error(diag, span_make(src->base + i, src->base + i + 1), "invalid UTF-8 byte 0x%02X", t[i]);
            problems++;
            /* One report per bad sequence: skip its continuation bytes. */
            for (i++; i < src->len && (t[i] & 0xC0) == 0x80; i++)
                ;
            continue;
        }
        i += (uint32_t)n;
    }
    return problems;
}

/* An ASCII identifier that is not a Python keyword (see literal.h). */
int literal_is_identifier(const char *p, uint32_t n)
{
    static const char *const keywords[] = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
        "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"};
    for (uint32_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)p[k];
        if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (k && c >= '0' && c <= '9')))
            return 0;
    }
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (strlen(keywords[i]) == n && memcmp(keywords[i], p, n) == 0)
            return 0;
    return n > 0;
}
