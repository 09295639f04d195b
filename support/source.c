/* source.c: line table and offset-to-position conversion. */
#define _DEFAULT_SOURCE 1   /* madvise (not in POSIX; posix_madvise's DONTNEED is a no-op on glibc) */
#include "config.h"
#include "support/source.h"
#include "support/xalloc.h"

#include <sys/mman.h>
#include <unistd.h>

void source_init(SourceFile *sf, const char *name, const char *text, uint32_t len)
{
    sf->name = name;
    sf->text = text;
    sf->len = len;
    sf->lines = NULL;
    sf->nlines = 0;
    sf->mapped = 0;
    sf->released = 0;
}

void source_set_mapped(SourceFile *sf) { sf->mapped = 1; }

/* How far behind the reader pages are kept, and the least worth a call. */
#define RELEASE_LAG (256u * 1024u)
#define RELEASE_STEP (1024u * 1024u)

void source_release(SourceFile *sf, uint32_t offset)
{
    uintptr_t page, base, lo, hi;
    if (offset < sf->released)
        sf->released = 0;   /* another reader, from the start */
    if (!sf->mapped || offset < RELEASE_LAG || offset - RELEASE_LAG < sf->released + RELEASE_STEP)
        return;
    page = (uintptr_t)sysconf(_SC_PAGESIZE);
    base = (uintptr_t)sf->text;
    lo = base + sf->released;
    hi = (base + offset - RELEASE_LAG) & ~(page - 1);
    /* The mapping starts on a page boundary, so lo is one too.  Failure
     * only means the pages stay resident. */
    if (hi > lo && madvise((void *)lo, hi - lo, MADV_DONTNEED) == 0)
        sf->released = (uint32_t)(hi - base);
}

void source_free(SourceFile *sf)
{
    xfree(sf->lines);
    sf->lines = NULL;
    sf->nlines = 0;
}

static void build_lines(SourceFile *sf)
{
    uint32_t n = 1, i, k = 0;
    for (i = 0; i < sf->len; i++)
        if (sf->text[i] == '\n')
            n++;
    sf->lines = xmalloc(xmul_size(n, sizeof *sf->lines));
    sf->lines[k++] = 0;
    for (i = 0; i < sf->len; i++)
        if (sf->text[i] == '\n')
            sf->lines[k++] = i + 1;
    sf->nlines = n;
}

SourcePos source_pos(SourceFile *sf, uint32_t offset)
{
    SourcePos p;
    uint32_t lo = 0, hi, i, col = 1;
    if (!sf->lines)
        build_lines(sf);
    if (offset > sf->len)
        offset = sf->len;
    hi = sf->nlines;
    while (hi - lo > 1) {   /* last line start <= offset */
        uint32_t mid = lo + (hi - lo) / 2;
        if (sf->lines[mid] <= offset)
            lo = mid;
        else
            hi = mid;
    }
    p.line = lo + 1;
    p.line_start = sf->lines[lo];
    p.line_end = lo + 1 < sf->nlines ? sf->lines[lo + 1] - 1 : sf->len;
    if (p.line_end > p.line_start && sf->text[p.line_end - 1] == '\r')
        p.line_end--;
    for (i = p.line_start; i < offset; i++)
        if (((unsigned char)sf->text[i] & 0xC0) != 0x80)
            col++;
    p.col = col;
    return p;
}
