/* ptrmap.c: open-addressing pointer map (linear probing, no deletion).
 * Keys and values share one allocation (values just past the keys), and a
 * map starts small: the passes make one for nearly every function, most
 * holding a handful of entries. */
#include "config.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <string.h>

static uint32_t ptr_hash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (uint32_t)x;
}

void ptrmap_init(PtrMap *m)
{
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->count = 0;
}

void ptrmap_free(PtrMap *m)
{
    xfree(m->keys);   /* the values' storage too */
    ptrmap_init(m);
}

void ptrmap_clear(PtrMap *m)
{
    if (m->cap) {
        memset(m->keys, 0, m->cap * sizeof *m->keys);
        m->count = 0;
    }
}

void *ptrmap_get(const PtrMap *m, const void *key)
{
    uint32_t mask, i;
    if (!m->cap)
        return NULL;
    mask = m->cap - 1;
    for (i = ptr_hash(key) & mask; m->keys[i]; i = (i + 1) & mask)
        if (m->keys[i] == key)
            return m->vals[i];
    return NULL;
}

static void insert(const void **keys, void **vals, uint32_t cap, const void *key, void *val)
{
    uint32_t mask = cap - 1, i = ptr_hash(key) & mask;
    while (keys[i] && keys[i] != key)
        i = (i + 1) & mask;
    keys[i] = key;
    vals[i] = val;
}

void ptrmap_put(PtrMap *m, const void *key, void *val)
{
    uint32_t mask, i;
    if (m->cap) {
        mask = m->cap - 1;
        for (i = ptr_hash(key) & mask; m->keys[i]; i = (i + 1) & mask)
            if (m->keys[i] == key) {
                m->vals[i] = val;
                return;
            }
    }
    if ((m->count + 1) * 2 > m->cap) {
        uint32_t cap = m->cap ? m->cap * 2 : 16;
        const void **keys = xcalloc(cap, sizeof *keys + sizeof(void *));
        void **vals = (void **)(keys + cap);
        for (uint32_t k = 0; k < m->cap; k++)
            if (m->keys[k])
                insert(keys, vals, cap, m->keys[k], m->vals[k]);
        xfree(m->keys);
        m->keys = keys;
        m->vals = vals;
        m->cap = cap;
    }
    insert(m->keys, m->vals, m->cap, key, val);
    m->count++;
}
