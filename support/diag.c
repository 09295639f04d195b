/* diag.c: GCC-style and JSON diagnostics with source excerpts. */
#include "config.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int on;
    const char *desc;
} warning_table[W_COUNT] = {
#define X(e, name, on, desc) {name, on, desc},
    DIAG_WARNINGS(X)
#undef X
};

enum { DIAG_MAX_LINE_WIDTH = 200, DIAG_WINDOW_BEFORE = 60 };

/* GCC's colours. */
#define C_LOCUS "\033[01m"
#define C_ERROR "\033[01;31m"
#define C_WARN "\033[01;35m"
#define C_NOTE "\033[01;36m"
#define C_CARET "\033[01;32m"
#define C_RESET "\033[m"

void diag_init(DiagEngine *d, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->out = out;
    d->max_errors = 100;
    for (int i = 0; i < W_COUNT; i++)
        d->enabled[i] = (unsigned char)warning_table[i].on;
    sb_init(&d->pending);
    source_set_init(&d->sources);
}

void diag_set_source(DiagEngine *d, SourceFile *src)
{
    d->src = src;
    d->sources.n = 0;
    if (src)
        source_set_add(&d->sources, src);
}

int diag_add_source(DiagEngine *d, SourceFile *sf) { return source_set_add(&d->sources, sf); }

SourceFile *diag_source_of(const DiagEngine *d, uint32_t offset) { return source_set_find(&d->sources, offset); }

unsigned diag_line(const DiagEngine *d, uint32_t offset)
{
    SourceFile *sf = diag_source_of(d, offset);
    return sf ? source_pos(sf, offset).line : 0;
}

void diag_free(DiagEngine *d)
{
    diag_flush(d);
    sb_free(&d->pending);
    source_set_free(&d->sources);
}

int diag_warning_from_name(const char *name)
{
    for (int i = 0; i < W_COUNT; i++)
        if (strcmp(name, warning_table[i].name) == 0)
            return i;
    return -1;
}

const char *diag_warning_name(DiagWarning w) { return warning_table[w].name; }
const char *diag_warning_description(DiagWarning w) { return warning_table[w].desc; }

static const char *severity_name(DiagSeverity s)
{
    return s == DIAG_ERROR ? "error" : s == DIAG_WARNING ? "warning" : "note";
}

static const char *severity_color(DiagSeverity s)
{
    return s == DIAG_ERROR ? C_ERROR : s == DIAG_WARNING ? C_WARN : C_NOTE;
}

static void json_string(StrBuf *sb, const char *s)
{
    sb_putc(sb, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            sb_putc(sb, '\\');
            sb_putc(sb, (char)c);
        } else if (c == '\n') {
            sb_puts(sb, "\\n");
        } else if (c == '\t') {
            sb_puts(sb, "\\t");
        } else if (c < 0x20 || c == 0x7f) {
            sb_printf(sb, "\\u%04x", c);
        } else {
            sb_putc(sb, (char)c);
        }
    }
    sb_putc(sb, '"');
}

/* One display unit of a source line at byte i: its length in bytes and
 * its width in columns at column col (tabs advance to the next multiple of
 * 8).  Invalid UTF-8 bytes are shown as "<XX>" (4 columns), as GCC does. */
static uint32_t unit_len(const char *text, uint32_t i, uint32_t to, int *invalid)
{
    const unsigned char *s = (const unsigned char *)text + i;
    unsigned char c = s[0];
    uint32_t n, k;
    *invalid = 0;
    if (c < 0x80)
        return 1;
    n = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || i + n > to)
        goto bad;
    for (k = 1; k < n; k++)
        if ((s[k] & 0xC0) != 0x80)
            goto bad;
    return n;
bad:
    *invalid = 1;
    return 1;
}

static uint32_t unit_width(const char *text, uint32_t i, int invalid, uint32_t col)
{
    if (invalid)
        return 4;
    if (text[i] == '\t')
        return (col / 8 + 1) * 8 - col;
    return 1;
}

/* Display column reached after text[from, to) starting at column col0. */
static uint32_t display_advance(const char *text, uint32_t from, uint32_t to, uint32_t col0)
{
    uint32_t col = col0, i = from;
    while (i < to) {
        int bad;
        uint32_t n = unit_len(text, i, to, &bad);
        col += unit_width(text, i, bad, col);
        i += n;
    }
    return col;
}

static void put_display(StrBuf *sb, const char *text, uint32_t from, uint32_t to, uint32_t col0)
{
    uint32_t col = col0, i = from;
    while (i < to) {
        int bad;
        uint32_t n = unit_len(text, i, to, &bad);
        uint32_t w = unit_width(text, i, bad, col);
        unsigned char c = (unsigned char)text[i];
        if (bad)
            sb_printf(sb, "<%02x>", c);
        else if (c == '\t')
            sb_indent(sb, (int)w);
        else if (c < 0x20 || c == 0x7f)
            sb_putc(sb, ' ');   /* control characters would garble a terminal */
        else
            sb_put(sb, text + i, n);
        col += w;
        i += n;
    }
}

/* Index of the first unit at or after display column target. */
static uint32_t byte_at_column(const char *text, uint32_t from, uint32_t to, uint32_t target)
{
    uint32_t col = 0, i = from;
    while (i < to && col < target) {
        int bad;
        uint32_t n = unit_len(text, i, to, &bad);
        col += unit_width(text, i, bad, col);
        i += n;
    }
    return i;
}

static void render_excerpt(DiagEngine *d, StrBuf *sb, SourceFile *sf, Span span)
{
    SourcePos p = source_pos(sf, span.lo);
    /* local offsets from here on */
    uint32_t lo = span.lo - sf->base < p.line_start ? p.line_start : span.lo - sf->base;
    uint32_t hi = span.hi >= span.lo ? span.hi - sf->base : lo;
    uint32_t c0, c1, width, start_col = 0, from = p.line_start, to = p.line_end;
    char num[16];
    int numw;

    if (lo > p.line_end)
        lo = p.line_end;
    if (hi > p.line_end)
        hi = p.line_end;
    if (hi < lo)
        hi = lo;
    c0 = display_advance(sf->text, p.line_start, lo, 0);
    c1 = display_advance(sf->text, lo, hi, c0);
    width = display_advance(sf->text, p.line_start, p.line_end, 0);
    if (width > DIAG_MAX_LINE_WIDTH) {
        /* Show a window of the line around the caret. */
        start_col = c0 > DIAG_WINDOW_BEFORE ? c0 - DIAG_WINDOW_BEFORE : 0;
        from = byte_at_column(sf->text, p.line_start, p.line_end, start_col);
        start_col = display_advance(sf->text, p.line_start, from, 0);
        to = byte_at_column(sf->text, p.line_start, p.line_end, start_col + DIAG_MAX_LINE_WIDTH);
        if (c1 > start_col + DIAG_MAX_LINE_WIDTH)
            c1 = start_col + DIAG_MAX_LINE_WIDTH;
    }
    snprintf(num, sizeof num, "%u", p.line);
    numw = (int)strlen(num) < 4 ? 4 : (int)strlen(num);
    sb_printf(sb, " %*s | ", numw, num);
    if (from > p.line_start)
        sb_puts(sb, "...");
    put_display(sb, sf->text, from, to, start_col);
    if (to < p.line_end)
        sb_puts(sb, "...");
    sb_putc(sb, '\n');
    sb_printf(sb, " %*s | ", numw, "");
    sb_indent(sb, (int)(c0 - start_col) + (from > p.line_start ? 3 : 0));
    if (d->color)
        sb_puts(sb, C_CARET);
    sb_putc(sb, '^');
    for (uint32_t c = c0 + 1; c < c1; c++)
        sb_putc(sb, '~');
    if (d->color)
        sb_puts(sb, C_RESET);
    sb_putc(sb, '\n');
}

/* The file a span is in (NULL: none, or the span is unknown). */
static SourceFile *file_of(const DiagEngine *d, Span span)
{
    return span_is_known(span) ? diag_source_of(d, span.lo) : NULL;
}

static void emit_text(DiagEngine *d, DiagSeverity sev, const char *option, Span span, const char *msg)
{
    StrBuf sb;
    SourceFile *sf = file_of(d, span);
    sb_init(&sb);
    if (d->color)
        sb_puts(&sb, C_LOCUS);
    if (sf) {
        SourcePos p = source_pos(sf, span.lo);
        sb_printf(&sb, "%s:%u:%u:", sf->name, p.line, p.col);
    } else {
        sb_printf(&sb, "%s:", d->src ? d->src->name : "pyptocc");
    }
    if (d->color)
        sb_puts(&sb, C_RESET);
    sb_putc(&sb, ' ');
    if (d->color)
        sb_puts(&sb, severity_color(sev));
    sb_puts(&sb, severity_name(sev));
    sb_putc(&sb, ':');
    if (d->color)
        sb_puts(&sb, C_RESET);
    sb_printf(&sb, " %s", msg);
    if (option)
        sb_printf(&sb, " [%s]", option);
    sb_putc(&sb, '\n');
    if (sf)
        render_excerpt(d, &sb, sf, span);
    fwrite(sb.data, 1, sb.len, d->out);
    fflush(d->out);
    sb_free(&sb);
}

static void json_location(DiagEngine *d, StrBuf *sb, Span span)
{
    SourceFile *sf = file_of(d, span);
    sb_puts(sb, "\"file\":");
    json_string(sb, sf ? sf->name : d->src ? d->src->name : "pyptocc");
    if (sf) {
        SourcePos b = source_pos(sf, span.lo);
        SourcePos e = source_pos(sf, span.hi > span.lo ? span.hi : span.lo);
        sb_printf(sb, ",\"line\":%u,\"column\":%u,\"end\":{\"line\":%u,\"column\":%u}", b.line, b.col,
                  e.line, e.col);
    }
}

void diag_flush(DiagEngine *d)
{
    if (d->format == DIAG_FORMAT_JSON && d->pending.len) {
        sb_puts(&d->pending, "]}\n");
        fwrite(d->pending.data, 1, d->pending.len, d->out);
        fflush(d->out);
        sb_reset(&d->pending);
    }
}

static void emit(DiagEngine *d, DiagSeverity sev, const char *option, Span span, const char *fmt, va_list ap)
{
    StrBuf msg;
    sb_init(&msg);
    sb_vprintf(&msg, fmt, ap);
    if (d->format == DIAG_FORMAT_JSON) {
        StrBuf *sb = &d->pending;
        if (sev == DIAG_NOTE && sb->len) {
            if (d->pending_notes++)
                sb_putc(sb, ',');
            sb_putc(sb, '{');
            json_location(d, sb, span);
            sb_puts(sb, ",\"severity\":\"note\",\"message\":");
            json_string(sb, sb_cstr(&msg));
            sb_putc(sb, '}');
        } else {
            diag_flush(d);
            sb_putc(sb, '{');
            json_location(d, sb, span);
            sb_printf(sb, ",\"severity\":\"%s\",\"message\":", severity_name(sev));
            json_string(sb, sb_cstr(&msg));
            if (option) {
                sb_puts(sb, ",\"option\":");
                json_string(sb, option);
            }
            sb_puts(sb, ",\"notes\":[");
            d->pending_notes = 0;
        }
    } else {
        emit_text(d, sev, option, span, sb_cstr(&msg));
    }
    sb_free(&msg);
}

void diag_verror(DiagEngine *d, Span span, const char *fmt, va_list ap)
{
    d->errors++;
    if (d->errors > d->max_errors) {
        d->suppressed++;
        d->note_skip = 1;
        return;
    }
    d->note_skip = 0;
    emit(d, DIAG_ERROR, NULL, span, fmt, ap);
}

void diag_error(DiagEngine *d, Span span, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, span, fmt, ap);
    va_end(ap);
}

void diag_warning(DiagEngine *d, DiagWarning w, Span span, const char *fmt, ...)
{
    va_list ap;
    char option[64];
    if (d->no_warnings || !d->enabled[w]) {
        d->note_skip = 1;
        return;
    }
    va_start(ap, fmt);
    if (d->werror || d->as_error[w]) {
        snprintf(option, sizeof option, "-Werror=%s", warning_table[w].name);
        d->errors++;
        if (d->errors > d->max_errors) {
            d->suppressed++;
            d->note_skip = 1;
        } else {
            d->note_skip = 0;
            emit(d, DIAG_ERROR, option, span, fmt, ap);
        }
    } else {
        snprintf(option, sizeof option, "-W%s", warning_table[w].name);
        d->warnings++;
        d->note_skip = 0;
        emit(d, DIAG_WARNING, option, span, fmt, ap);
    }
    va_end(ap);
}

void diag_note(DiagEngine *d, Span span, const char *fmt, ...)
{
    va_list ap;
    if (d->note_skip)
        return;
    va_start(ap, fmt);
    emit(d, DIAG_NOTE, NULL, span, fmt, ap);
    va_end(ap);
}

_Noreturn void diag_ice(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "pyptocc: internal error: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (at %s:%d)\nPlease report this bug.\n", file, line);
    fatal_cleanup();
    abort();
}
