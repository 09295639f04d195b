/* source.h: the text being compiled and locations in it.
 *
 * A Span is a half-open byte range [lo, hi) in the one source file of a
 * compilation.  Line and column numbers are derived only when a diagnostic
 * is printed, from a line table built on first use. */
#ifndef PYPTOCC_SOURCE_H
#define PYPTOCC_SOURCE_H

#include <stddef.h>
#include <stdint.h>

typedef struct Span {
    uint32_t lo, hi;
} Span;

#define SPAN_UNKNOWN_OFFSET UINT32_MAX

static inline Span span_make(uint32_t lo, uint32_t hi)
{
    Span s;
    s.lo = lo;
    s.hi = hi;
    return s;
}

static inline Span span_unknown(void) { return span_make(SPAN_UNKNOWN_OFFSET, SPAN_UNKNOWN_OFFSET); }
static inline int span_is_known(Span s) { return s.lo != SPAN_UNKNOWN_OFFSET; }
static inline Span span_join(Span a, Span b)
{
    if (!span_is_known(a))
        return b;
    if (!span_is_known(b))
        return a;
    return span_make(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
}

typedef struct SourceFile {
    const char *name;    /* as shown in diagnostics ("<stdin>" for -) */
    const char *text;    /* the bytes, NUL-terminated (text[len] == 0) */
    uint32_t len;
    uint32_t *lines;     /* byte offset of each line start; built lazily */
    uint32_t nlines;
    int mapped;          /* text is a read-only mapping of the file */
    uint32_t released;   /* bytes below this were released (page-aligned) */
} SourceFile;

/* The largest input pyptocc accepts (offsets are 32-bit). */
#define SOURCE_MAX_BYTES (UINT32_MAX - 16u)

void source_init(SourceFile *sf, const char *name, const char *text, uint32_t len);
void source_free(SourceFile *sf);

/* The text is a mapping of the file (support/readfile.h): the pages that a
 * reader has moved past can be given back, and come back from the file
 * when read again (a diagnostic that shows an early line).  This keeps a
 * large input from staying resident while its IR is built. */
void source_set_mapped(SourceFile *sf);
/* Called by sequential readers: the bytes before offset are not needed
 * soon.  Gives back whole pages well behind offset, a megabyte at a time. */
void source_release(SourceFile *sf, uint32_t offset);

typedef struct SourcePos {
    uint32_t line;   /* 1-based */
    uint32_t col;    /* 1-based, counted in characters (UTF-8 code points) */
    uint32_t line_start, line_end;  /* byte range of the line, without newline */
} SourcePos;

SourcePos source_pos(SourceFile *sf, uint32_t offset);

#endif
