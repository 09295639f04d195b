/* arena.h: bump allocation freed in one call.
 *
 * Every IR node, type and interned name of a compilation lives in an arena
 * and is released by arena_free; nothing is freed one node at a time.  The
 * parser's syntax-tree arena is also rewound with arena_mark/arena_reset
 * after each top-level definition has been elaborated, so peak memory holds
 * one function's syntax tree, not the whole file's. */
#ifndef PYPTOCC_ARENA_H
#define PYPTOCC_ARENA_H

#include <stddef.h>
#include <string.h>

typedef struct ArenaChunk ArenaChunk;

typedef struct Arena {
    ArenaChunk *head;  /* current chunk (most recent) */
    char *cur, *end;   /* free space in the current chunk */
    size_t total;      /* bytes obtained from the system (for statistics) */
} Arena;

typedef struct ArenaMark {
    ArenaChunk *chunk;
    char *cur;
} ArenaMark;

void arena_init(Arena *a);
void arena_free(Arena *a);
void *arena_alloc_slow(Arena *a, size_t size);

/* 8-byte aligned, uninitialised memory. */
static inline void *arena_alloc(Arena *a, size_t size)
{
    size = (size + 7) & ~(size_t)7;
    if ((size_t)(a->end - a->cur) >= size) {
        void *p = a->cur;
        a->cur += size;
        return p;
    }
    return arena_alloc_slow(a, size);
}

static inline void *arena_zalloc(Arena *a, size_t size)
{
    void *p = arena_alloc(a, size);
    memset(p, 0, size);
    return p;
}

void *arena_memdup(Arena *a, const void *src, size_t size);
char *arena_strndup(Arena *a, const char *s, size_t n);
/* Array of count elements of size bytes, overflow-checked. */
void *arena_array(Arena *a, size_t count, size_t size);

ArenaMark arena_mark(const Arena *a);
/* Release everything allocated after mark (chunks are kept for reuse). */
void arena_reset(Arena *a, ArenaMark mark);

#endif
