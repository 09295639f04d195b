/* xalloc.h: the one checked allocator every part of pyptocc goes through.
 *
 * No code calls malloc/realloc/free directly: arenas, growable vectors, the
 * flex scanner and the bison stack all allocate here.  On exhaustion the
 * process reports "out of memory" and exits with status 70 after running the
 * registered cleanup (the driver removes its temporary output file), so no
 * caller ever sees NULL.  Test builds can make the N-th allocation fail
 * (xalloc_fail_after) to prove that every path survives exhaustion. */
#ifndef PYPTOCC_XALLOC_H
#define PYPTOCC_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
void xfree(void *ptr);

/* Overflow-checked size computation: count * size, or out of memory. */
size_t xmul_size(size_t count, size_t size);

/* Cleanup run before a fatal exit (out of memory, internal error, signal):
 * the driver removes its temporary output file here.  Runs at most once. */
void fatal_set_cleanup(void (*handler)(void));
void fatal_cleanup(void);

/* Test hook: the n-th allocation from now on fails (n >= 1); 0 disables. */
void xalloc_fail_after(unsigned long n);
unsigned long xalloc_count(void);

_Noreturn void xalloc_die(void);

#endif
