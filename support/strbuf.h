/* strbuf.h: growable text buffers, optionally draining to a FILE.
 *
 * Printers and emitters write through a StrBuf.  With a sink set, the buffer
 * is flushed whenever it passes a threshold, so printing a large program
 * does not hold the whole output in memory; without one it accumulates (for
 * tests and round-trip checks).  Write errors are remembered, not ignored. */
#ifndef PYPTOCC_STRBUF_H
#define PYPTOCC_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef struct StrBuf {
    char *data;
    size_t len, cap;
    FILE *sink;    /* when set, data is flushed to it in large blocks */
    int error;     /* a write to sink failed (errno saved) */
    int discard;   /* drop everything written (a dry run that need not format) */
} StrBuf;

void sb_init(StrBuf *sb);
/* A buffer that drops what is written to it without formatting it: for an
 * emitter's checking pass, whose text is never read. */
void sb_init_discard(StrBuf *sb);
void sb_init_sink(StrBuf *sb, FILE *sink);
void sb_free(StrBuf *sb);
void sb_reset(StrBuf *sb);
void sb_reserve(StrBuf *sb, size_t extra);
void sb_putc(StrBuf *sb, char c);
void sb_put(StrBuf *sb, const char *s, size_t n);
void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *sb, const char *fmt, va_list ap);
void sb_put_i64(StrBuf *sb, long long v);
void sb_indent(StrBuf *sb, int spaces);
/* snprintf, and the same text; the plain conversions that sb_printf
 * formats itself are formatted so here too, without the C library's
 * set-up (for names made at every node a pass or printer visits). */
int str_printf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Write buffered text to the sink; returns 0 or the saved errno. */
int sb_flush(StrBuf *sb);
/* NUL-terminated view of the accumulated text (no sink). */
const char *sb_cstr(StrBuf *sb);

#endif
