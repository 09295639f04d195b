/* arena.c: chunked bump allocator.  Chunks grow geometrically up to 1 MiB so
 * small compilations stay small and large ones make few system calls. */
#include "config.h"
#include "support/arena.h"
#include "support/xalloc.h"

#include <stdint.h>

struct ArenaChunk {
    ArenaChunk *prev;   /* older chunk */
    size_t size;        /* usable bytes in data */
    char *data;         /* points just past the header, 8-aligned */
};

enum { ARENA_MIN_CHUNK = 16 * 1024, ARENA_MAX_CHUNK = 1024 * 1024 };

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
        xfree(c);
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
    c = xmalloc(hdr + want);
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
        xfree(a->head);
        a->head = prev;
    }
    if (a->head) {
        a->cur = mark.cur;
        a->end = a->head->data + a->head->size;
    } else {
        a->cur = a->end = NULL;
    }
}
