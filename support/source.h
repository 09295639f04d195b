/* source.h: the texts being compiled and locations in them.
 *
 * A compilation reads several files (the input, the modules it imports,
 * -D values).  They share one offset space: each file starts at its own
 * base offset (SourceSet), so a Span, a half-open byte range [lo, hi),
 * names a file as well as a range, and IR built from any module carries
 * spans that diagnostics resolve to the right file.  Line and column
 * numbers are derived only when a diagnostic is printed, from a line table
 * built on first use. */
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
    uint32_t base;       /* the offset of text[0] in the compilation's span space */
    uint32_t *lines;     /* byte offset of each line start; built lazily */
    uint32_t nlines;
    int mapped;          /* text is a read-only mapping of the file */
    uint32_t released;   /* bytes below this were released (page-aligned) */
} SourceFile;

/* The largest input pyptocc accepts (offsets are 32-bit). */
#define SOURCE_MAX_BYTES (UINT32_MAX - 16u)

/* The byte at global offset `offset` of sf (base <= offset <= base + len). */
static inline const char *source_text_at(const SourceFile *sf, uint32_t offset) { return sf->text + (offset - sf->base); }

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
    uint32_t line_start, line_end;  /* byte range of the line in sf->text (local), without newline */
} SourcePos;

/* The position of global offset `offset` in sf. */
SourcePos source_pos(SourceFile *sf, uint32_t offset);

/* Files a compilation reads besides its input (imported modules, -D
 * values): each keeps its text and name until the store is freed, after
 * the last diagnostic that may show them. */
typedef struct SourceStore {
    SourceFile **files;
    uint32_t n, cap;
} SourceStore;

void source_store_init(SourceStore *st);
/* A new file owning text (malloc'd, NUL-terminated, len bytes) and a copy
 * of name. */
SourceFile *source_store_add(SourceStore *st, const char *name, char *text, uint32_t len);
void source_store_free(SourceStore *st);

/* The files of one compilation in their offset space: a file added gets
 * the base after the last one's end, so no two share an offset. */
typedef struct SourceSet {
    SourceFile **files;
    uint32_t n, cap;
} SourceSet;

void source_set_init(SourceSet *set);
/* Forgets the files (they belong to whoever read them). */
void source_set_free(SourceSet *set);
/* Gives sf its base and adds it; -1 when the offset space is full. */
int source_set_add(SourceSet *set, SourceFile *sf);
/* The file holding offset, or NULL. */
SourceFile *source_set_find(const SourceSet *set, uint32_t offset);

#endif
