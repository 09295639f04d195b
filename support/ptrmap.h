/* ptrmap.h: a hash map from pointers (interned names, IR nodes) to
 * pointers.  Lookups only: its iteration order depends on addresses, so no
 * output may ever depend on walking it. */
#ifndef PYPTOCC_PTRMAP_H
#define PYPTOCC_PTRMAP_H

#include <stdint.h>

typedef struct PtrMap {
    const void **keys;
    void **vals;
    uint32_t cap, count;
} PtrMap;

void ptrmap_init(PtrMap *m);
void ptrmap_free(PtrMap *m);
void ptrmap_clear(PtrMap *m);
/* The value for key, or NULL when absent. */
void *ptrmap_get(const PtrMap *m, const void *key);
/* Set key's value; a NULL value is stored like any other (use get()'s NULL
 * for absence only if you never store NULL). */
void ptrmap_put(PtrMap *m, const void *key, void *val);

#endif
