/* xalloc.c: checked allocation with an out-of-memory exit and a test hook. */
#include "config.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

static void (*cleanup_handler)(void);
static unsigned long fail_at;   /* allocation number that fails; 0 = never */
static unsigned long alloc_num; /* allocations made so far */

void fatal_set_cleanup(void (*handler)(void)) { cleanup_handler = handler; }

void fatal_cleanup(void)
{
    void (*h)(void) = cleanup_handler;
    cleanup_handler = NULL;
    if (h)
        h();
}

void xalloc_fail_after(unsigned long n)
{
    alloc_num = 0;
    fail_at = n;
}

unsigned long xalloc_count(void) { return alloc_num; }

_Noreturn void xalloc_die(void)
{
    static const char msg[] = "pyptocc: fatal error: out of memory\n";
    /* write(2) needs no memory; _exit flushes no stdio buffer, so no part
     * of a result reaches standard output, and skips exit handlers that
     * might allocate. */
    if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) {
        /* nothing more to do */
    }
    fatal_cleanup();
    _exit(70);
}

static int should_fail(void)
{
#ifdef PYPTOCC_ALLOC_HOOKS
    alloc_num++;
    return fail_at != 0 && alloc_num >= fail_at;
#else
    return 0;
#endif
}

void *xmalloc(size_t size)
{
    void *p;
    if (size == 0)
        size = 1;
    if (should_fail() || !(p = malloc(size)))
        xalloc_die();
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p;
    if (count == 0 || size == 0)
        count = size = 1;
    if (should_fail() || !(p = calloc(count, size)))
        xalloc_die();
    return p;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p;
    if (size == 0)
        size = 1;
    if (should_fail() || !(p = realloc(ptr, size)))
        xalloc_die();
    return p;
}

void xfree(void *ptr) { free(ptr); }

size_t xmul_size(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        xalloc_die();
    return count * size;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

#include "support/vec.h"

void vec_grow_(void **data, uint32_t *cap, size_t elem)
{
    uint32_t n = *cap ? *cap : 4;
    if (*cap) {
        if (*cap > UINT32_MAX / 2)
            xalloc_die();
        n = *cap * 2;
    }
    *data = xrealloc(*data, xmul_size(n, elem));
    *cap = n;
}
