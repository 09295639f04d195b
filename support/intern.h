/* intern.h: interned strings.
 *
 * intern() returns one stable pointer per distinct byte string, so names are
 * compared with ==.  The strings live in the interner's own arena and are
 * NUL-terminated; their length is stored just before the first byte. */
#ifndef PYPTOCC_INTERN_H
#define PYPTOCC_INTERN_H

#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"

typedef struct Interner {
    Arena arena;
    const char **slots;  /* open addressing; NULL = empty */
    uint32_t *hashes;
    size_t cap, count;
} Interner;

void interner_init(Interner *in);
void interner_free(Interner *in);
const char *intern(Interner *in, const char *s, size_t len);
const char *intern_cstr(Interner *in, const char *s);
/* Returns the interned pointer if present, NULL otherwise (never inserts). */
const char *intern_lookup(const Interner *in, const char *s, size_t len);

static inline uint32_t intern_len(const char *interned)
{
    uint32_t n;
    memcpy(&n, interned - sizeof(uint32_t), sizeof n);
    return n;
}

uint32_t hash_bytes(const void *data, size_t len);

#endif
