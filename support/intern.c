/* intern.c: string interning with an open-addressing table (FNV-1a hashes,
 * fixed seed, so iteration-independent and deterministic). */
#include "config.h"
#include "support/intern.h"
#include "support/xalloc.h"

#include <string.h>

uint32_t hash_bytes(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

void interner_init(Interner *in)
{
    arena_init(&in->arena);
    in->cap = 1024;
    in->count = 0;
    in->slots = xcalloc(in->cap, sizeof *in->slots);
    in->hashes = xcalloc(in->cap, sizeof *in->hashes);
}

void interner_free(Interner *in)
{
    arena_free(&in->arena);
    xfree(in->slots);
    xfree(in->hashes);
    in->slots = NULL;
    in->hashes = NULL;
    in->cap = in->count = 0;
}

static size_t find_slot(const Interner *in, const char *s, size_t len, uint32_t h)
{
    size_t mask = in->cap - 1;
    size_t i = h & mask;
    for (;;) {
        const char *e = in->slots[i];
        if (!e)
            return i;
        if (in->hashes[i] == h && intern_len(e) == len && memcmp(e, s, len) == 0)
            return i;
        i = (i + 1) & mask;
    }
}

static void grow(Interner *in)
{
    size_t old_cap = in->cap;
    const char **old_slots = in->slots;
    uint32_t *old_hashes = in->hashes;
    in->cap = old_cap * 2;
    in->slots = xcalloc(in->cap, sizeof *in->slots);
    in->hashes = xcalloc(in->cap, sizeof *in->hashes);
    for (size_t i = 0; i < old_cap; i++) {
        if (old_slots[i]) {
            size_t mask = in->cap - 1, j = old_hashes[i] & mask;
            while (in->slots[j])
                j = (j + 1) & mask;
            in->slots[j] = old_slots[i];
            in->hashes[j] = old_hashes[i];
        }
    }
    xfree(old_slots);
    xfree(old_hashes);
}

const char *intern(Interner *in, const char *s, size_t len)
{
    uint32_t h = hash_bytes(s, len);
    size_t i = find_slot(in, s, len, h);
    char *p;
    uint32_t n = (uint32_t)len;
    if (in->slots[i])
        return in->slots[i];
    if (len > UINT32_MAX - 8)
        xalloc_die();
    p = arena_alloc(&in->arena, sizeof(uint32_t) + len + 1);
    memcpy(p, &n, sizeof n);
    p += sizeof n;
    memcpy(p, s, len);
    p[len] = '\0';
    in->slots[i] = p;
    in->hashes[i] = h;
    if (++in->count * 2 > in->cap)
        grow(in);
    return p;
}

const char *intern_cstr(Interner *in, const char *s) { return intern(in, s, strlen(s)); }

const char *intern_lookup(const Interner *in, const char *s, size_t len)
{
    return in->slots[find_slot(in, s, len, hash_bytes(s, len))];
}
