/* type_set.h: the open-addressing hash sets the IR context interns into
 * (types, views, dimension expressions, kwarg and constant lists), and the
 * hash mixer; private to ir/type.c and ir/interned_lists.c. */
#ifndef PYPTOCC_IR_TYPE_SET_H
#define PYPTOCC_IR_TYPE_SET_H

#include "ir/ir.h"
#include "support/xalloc.h"

typedef uint32_t (*SetHashFn)(const void *obj);

static inline void set_init(IrTypeSet *s)
{
    s->cap = 256;
    s->count = 0;
    s->slots = xcalloc(s->cap, sizeof *s->slots);
}

static inline void set_free(IrTypeSet *s)
{
    xfree(s->slots);
    s->slots = NULL;
    s->cap = s->count = 0;
}

static inline void set_insert_slot(IrTypeSet *s, void *obj, uint32_t h)
{
    uint32_t mask = s->cap - 1, i = h & mask;
    while (s->slots[i])
        i = (i + 1) & mask;
    s->slots[i] = obj;
}

static inline void set_add(IrTypeSet *s, void *obj, uint32_t h, SetHashFn hash)
{
    if ((s->count + 1) * 2 > s->cap) {
        void **old = s->slots;
        uint32_t old_cap = s->cap;
        if (s->cap > UINT32_MAX / 2)
            xalloc_die();
        s->cap *= 2;
        s->slots = xcalloc(s->cap, sizeof *s->slots);
        for (uint32_t i = 0; i < old_cap; i++)
            if (old[i])
                set_insert_slot(s, old[i], hash(old[i]));
        xfree(old);
    }
    set_insert_slot(s, obj, h);
    s->count++;
}

static inline uint32_t mix(uint32_t h, uint64_t v)
{
    h ^= (uint32_t)v + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= (uint32_t)(v >> 32) + 0x9e3779b9u + (h << 6) + (h >> 2);
    return h;
}

#endif
