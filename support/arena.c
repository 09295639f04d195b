/* arena.c: chunked bump allocator.  Chunks grow geometrically up to 1 MiB so
 * small compilations stay small and large ones make few system calls.
 * Chunks of 256 KiB and more are mapped from the system directly, so that
 * freeing an arena gives its memory back at once (the C library keeps
 * freed heap memory, and a compiler that moves its IR to a fresh arena
 * between passes, ir/compact.c, would otherwise keep both). */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS (not in POSIX 2008) */
#include "config.h"
#include "support/arena.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <unistd.h>
#include <sys/mman.h>

struct ArenaChunk {
    ArenaChunk *prev;   /* older chunk */
    size_t size;        /* usable bytes in data */
    char *data;         /* points just past the header, 8-aligned */
    size_t mapped;      /* the mapping's length, or 0 for heap memory */
};

enum { ARENA_MIN_CHUNK = 16 * 1024, ARENA_MAX_CHUNK = 1024 * 1024, ARENA_MAP_CHUNK = 256 * 1024 };

static ArenaChunk *chunk_new(size_t bytes)
{
    ArenaChunk *c;
#if defined(MAP_ANONYMOUS)
    if (bytes >= ARENA_MAP_CHUNK) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        size_t len = (bytes + page - 1) / page * page;
        void *p;
        if (len < bytes)
            xalloc_die();
        /* (a failed mapping falls back on the heap, whose failure is reported) */
        p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            c = p;
            c->mapped = len;
            return c;
        }
    }
#endif
    c = xmalloc(bytes);
    c->mapped = 0;
    return c;
}

static void chunk_free(ArenaChunk *c)
{
#if defined(MAP_ANONYMOUS)
    if (c->mapped) {
        munmap(c, c->mapped);
        return;
    }
#endif
    xfree(c);
}

void arena_init(Arena *a)
{
    a->head = NULL;
    a->cur = a->end = NULL;
    a->total = 0;
}

void arena_free(Arena *a)
{
    ArenaChunk *c = a->head;
    while (c) {
        ArenaChunk *prev = c->prev;
        chunk_free(c);
        c = prev;
    }
    arena_init(a);
}

void *arena_alloc_slow(Arena *a, size_t size)
{
    size_t want = a->head ? a->head->size * 2 : ARENA_MIN_CHUNK;
    size_t hdr = (sizeof(ArenaChunk) + 7) & ~(size_t)7;
    ArenaChunk *c;
    if (want > ARENA_MAX_CHUNK)
        want = ARENA_MAX_CHUNK;
    if (want < size)
        want = size;
    if (want > SIZE_MAX - hdr)
        xalloc_die();
    c = chunk_new(hdr + want);
    c->prev = a->head;
    c->size = want;
    c->data = (char *)c + hdr;
    a->head = c;
    a->total += hdr + want;
    a->cur = c->data + size;
    a->end = c->data + want;
    return c->data;
}

void *arena_memdup(Arena *a, const void *src, size_t size)
{
    void *p = arena_alloc(a, size);
    if (size)
        memcpy(p, src, size);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void *arena_array(Arena *a, size_t count, size_t size)
{
    return arena_alloc(a, xmul_size(count, size));
}

ArenaMark arena_mark(const Arena *a)
{
    ArenaMark m;
    m.chunk = a->head;
    m.cur = a->cur;
    return m;
}

void arena_reset(Arena *a, ArenaMark mark)
{
    while (a->head != mark.chunk) {
        ArenaChunk *prev = a->head->prev;
        a->total -= ((sizeof(ArenaChunk) + 7) & ~(size_t)7) + a->head->size;
        chunk_free(a->head);
        a->head = prev;
    }
    if (a->head) {
        a->cur = mark.cur;
        a->end = a->head->data + a->head->size;
    } else {
        a->cur = a->end = NULL;
    }
}
