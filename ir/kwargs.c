/* kwargs.c: the interned keyword-argument lists of calls (and of an op
 * call's attributes, a list of keyed entries), in the context's set. */
#include "config.h"
#include "ir/type_set.h"
#include "support/intern.h"

#include <stddef.h>
#include <string.h>

/* Calls store their kwargs in shared immutable arrays: most calls of an op
 * carry the same list (target_memory=pl.MemorySpace.Vec), so it is stored
 * once.  The array is preceded by a header with its length and hash. */
typedef struct KwList {
    uint32_t n, hash;
    IrKwarg items[];
} KwList;

static uint32_t kwarg_hash(uint32_t n, const IrKwarg *kw)
{
    uint32_t h = mix(41, n);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t v;
        if (kw[i].kind == KW_DOUBLE)
            memcpy(&v, &kw[i].v.d, sizeof v);
        else if (kw[i].kind == KW_STRING)
            v = hash_bytes(kw[i].v.s, strlen(kw[i].v.s));
        else if (kw[i].kind == KW_LIST)   /* interned: equal lists are one */
            v = (uint64_t)(uintptr_t)kw[i].v.l;
        else
            v = (uint64_t)kw[i].v.i;
        h = mix(mix(h, hash_bytes(kw[i].key, strlen(kw[i].key))), v * 31u + kw[i].kind);
    }
    return h;
}

static uint32_t kwlist_hash(const void *obj) { return ((const KwList *)obj)->hash; }

static int kwarg_equal(const IrKwarg *a, const IrKwarg *b)
{
    if (a->key != b->key || a->kind != b->kind)
        return 0;
    if (a->kind == KW_DOUBLE)
        return memcmp(&a->v.d, &b->v.d, sizeof a->v.d) == 0;
    if (a->kind == KW_STRING)
        return a->v.s == b->v.s;
    if (a->kind == KW_LIST)
        return a->v.l == b->v.l;
    return a->v.i == b->v.i;
}

uint32_t ir_kwargs_len(const IrKwarg *interned)
{
    return interned ? ((const KwList *)(const void *)((const char *)interned - offsetof(KwList, items)))->n : 0;
}

const IrKwarg *ir_kwargs_intern(IrCtx *ctx, uint32_t n, const IrKwarg *kw)
{
    uint32_t h, mask, i;
    KwList *l;
    if (!n)
        return NULL;
    h = kwarg_hash(n, kw);
    mask = ctx->kwarg_lists.cap - 1;
    for (i = h & mask; ctx->kwarg_lists.slots[i]; i = (i + 1) & mask) {
        const KwList *c = ctx->kwarg_lists.slots[i];
        uint32_t k;
        if (c->hash != h || c->n != n)
            continue;
        for (k = 0; k < n && kwarg_equal(&c->items[k], &kw[k]); k++)
            ;
        if (k == n)
            return c->items;
    }
    l = arena_alloc(&ctx->arena, sizeof *l + (size_t)n * sizeof l->items[0]);
    l->n = n;
    l->hash = h;
    memcpy(l->items, kw, n * sizeof *kw);
    set_add(&ctx->kwarg_lists, l, h, kwlist_hash);
    return l->items;
}
