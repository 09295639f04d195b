/* vec.h: growable arrays for temporary lists (malloc-backed, amortised
 * doubling).  Long-lived arrays are copied into an arena with vec_to_arena
 * once complete, so the IR itself never owns malloc'd memory. */
#ifndef PYPTOCC_VEC_H
#define PYPTOCC_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"
#include "support/xalloc.h"

#define VEC(T)            \
    struct {              \
        T *data;          \
        uint32_t len, cap; \
    }

void vec_grow_(void **data, uint32_t *cap, size_t elem);

#define vec_init(v) ((v).data = NULL, (v).len = (v).cap = 0)
#define vec_push(v, x)                                                           \
    do {                                                                         \
        if ((v).len == (v).cap)                                                  \
            vec_grow_((void **)&(v).data, &(v).cap, sizeof *(v).data);           \
        (v).data[(v).len++] = (x);                                               \
    } while (0)
#define vec_pop(v) ((v).data[--(v).len])
#define vec_last(v) ((v).data[(v).len - 1])
#define vec_free(v) (xfree((v).data), vec_init(v))
/* Copy the elements into arena memory (NULL when empty). */
#define vec_to_arena(arena, v) \
    ((v).len ? arena_memdup((arena), (v).data, (size_t)(v).len * sizeof *(v).data) : NULL)

#endif
