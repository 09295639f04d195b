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
    sf->base = 0;
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
    offset = offset >= sf->base ? offset - sf->base : 0;
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

/* ------------------------------------------------------------ source sets */

void source_set_init(SourceSet *set)
{
    set->files = NULL;
    set->n = set->cap = 0;
}

void source_set_free(SourceSet *set)
{
    xfree(set->files);
    source_set_init(set);
}

int source_set_add(SourceSet *set, SourceFile *sf)
{
    uint64_t base = 0;
    if (set->n) {
        const SourceFile *last = set->files[set->n - 1];
        base = (uint64_t)last->base + last->len + 1;   /* +1: an end-of-file offset belongs to one file */
    }
    if (base + sf->len + 1 >= SPAN_UNKNOWN_OFFSET)
        return -1;
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 8;
        set->files = xrealloc(set->files, xmul_size(set->cap, sizeof *set->files));
    }
    sf->base = (uint32_t)base;
    set->files[set->n++] = sf;
    return 0;
}

SourceFile *source_set_find(const SourceSet *set, uint32_t offset)
{
    uint32_t lo = 0, hi = set->n;
    if (!set->n || offset == SPAN_UNKNOWN_OFFSET)
        return NULL;
    while (hi - lo > 1) {   /* the last file whose base <= offset */
        uint32_t mid = lo + (hi - lo) / 2;
        if (set->files[mid]->base <= offset)
            lo = mid;
        else
            hi = mid;
    }
    return set->files[lo]->base <= offset ? set->files[lo] : NULL;
}

/* ---------------------------------------------------------- source stores */

void source_store_init(SourceStore *st)
{
    st->files = NULL;
    st->n = st->cap = 0;
}

SourceFile *source_store_add(SourceStore *st, const char *name, char *text, uint32_t len)
{
    SourceFile *sf = xmalloc(sizeof *sf);
    if (st->n == st->cap) {
        st->cap = st->cap ? st->cap * 2 : 8;
        st->files = xrealloc(st->files, xmul_size(st->cap, sizeof *st->files));
    }
    source_init(sf, xstrdup(name), text, len);
    st->files[st->n++] = sf;
    return sf;
}

void source_store_free(SourceStore *st)
{
    for (uint32_t i = 0; i < st->n; i++) {
        SourceFile *sf = st->files[i];
        xfree((char *)sf->name);
        xfree((char *)sf->text);
        source_free(sf);
        xfree(sf);
    }
    xfree(st->files);
    source_store_init(st);
}
