/* check_support.c: unit tests of the support library: the arena
 * (support/arena.c), the string interner (intern.c), text buffers
 * (strbuf.c), the pointer map (ptrmap.c), the VEC macros (vec.h) and the
 * file sets in memory that the fuzzers read bundles into (fileset.c).
 * Source positions and diagnostics have their own program, check_diag.c. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <wchar.h>

#include "support/arena.h"
#include "support/fileset.h"
#include "support/intern.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"
#include "support/vec.h"

/* ================================================================ arena */

static int aligned8(const void *p) { return ((uintptr_t)p & 7u) == 0; }

START_TEST(test_arena_many_small)
{
    Arena a;
    enum { N = 20000 };
    unsigned char **ptrs = malloc(N * sizeof *ptrs);
    arena_init(&a);
    ck_assert_ptr_null(a.head);
    ck_assert_uint_eq(a.total, 0);
    for (int i = 0; i < N; i++) {
        size_t size = (size_t)(i % 37) + 1;
        ptrs[i] = arena_alloc(&a, size);
        ck_assert_msg(aligned8(ptrs[i]), "allocation %d of %zu bytes is not 8-aligned", i, size);
        memset(ptrs[i], i & 0xff, size);
    }
    /* Nothing was overwritten by a later allocation. */
    /* One assertion per allocation, not per byte: under ASan on a loaded
     * machine a million ck_assert calls outran Check's 4-second timeout. */
    for (int i = 0; i < N; i++) {
        size_t size = (size_t)(i % 37) + 1, k = 0;
        while (k < size && ptrs[i][k] == (unsigned char)(i & 0xff))
            k++;
        ck_assert_msg(k == size, "allocation %d was overwritten at byte %zu", i, k);
    }
    ck_assert_uint_gt(a.total, 0);
    arena_free(&a);
    free(ptrs);
}
END_TEST

START_TEST(test_arena_alignment_odd_sizes)
{
    Arena a;
    arena_init(&a);
    for (size_t size = 0; size < 100; size++) {
        void *p = arena_alloc(&a, size);
        void *z = arena_zalloc(&a, size + 1);
        ck_assert(aligned8(p));
        ck_assert(aligned8(z));
        for (size_t k = 0; k <= size; k++)
            ck_assert_int_eq(((unsigned char *)z)[k], 0);
    }
    arena_free(&a);
}
END_TEST

START_TEST(test_arena_large)
{
    Arena a;
    size_t big = 3u * 1024 * 1024 + 5;   /* larger than the largest chunk (1 MiB) */
    char *small, *p, *after;
    arena_init(&a);
    small = arena_alloc(&a, 16);
    memcpy(small, "0123456789abcde", 16);
    p = arena_alloc(&a, big);
    ck_assert(aligned8(p));
    memset(p, 'x', big);
    ck_assert_uint_ge(a.total, big);
    after = arena_alloc(&a, 8);
    ck_assert(aligned8(after));
    memcpy(after, "tail", 5);
    ck_assert_str_eq(small, "0123456789abcde");
    ck_assert_int_eq(p[0], 'x');
    ck_assert_int_eq(p[big - 1], 'x');
    ck_assert_str_eq(after, "tail");
    arena_free(&a);
    ck_assert_uint_eq(a.total, 0);
}
END_TEST

START_TEST(test_arena_mark_reset)
{
    Arena a;
    ArenaMark m;
    size_t total_at_mark;
    char *keep, *p1, *p2;
    arena_init(&a);
    keep = arena_strndup(&a, "survivor", 8);
    m = arena_mark(&a);
    total_at_mark = a.total;
    p1 = arena_alloc(&a, 40);
    memset(p1, 'q', 40);
    /* Force several new chunks after the mark. */
    for (int i = 0; i < 50; i++)
        memset(arena_alloc(&a, 100 * 1024), 'z', 100 * 1024);
    ck_assert_uint_gt(a.total, total_at_mark);
    arena_reset(&a, m);
    ck_assert_uint_eq(a.total, total_at_mark);
    ck_assert_str_eq(keep, "survivor");
    /* Memory after the mark is handed out again. */
    p2 = arena_alloc(&a, 40);
    ck_assert_ptr_eq(p1, p2);
    /* Resetting twice to the same mark is harmless. */
    arena_reset(&a, m);
    ck_assert_ptr_eq(arena_alloc(&a, 40), p1);
    ck_assert_str_eq(keep, "survivor");
    arena_free(&a);
}
END_TEST

START_TEST(test_arena_mark_empty)
{
    Arena a;
    ArenaMark m;
    arena_init(&a);
    m = arena_mark(&a);   /* before the first chunk exists */
    memset(arena_alloc(&a, 5000), 1, 5000);
    memset(arena_alloc(&a, 2u * 1024 * 1024), 2, 2u * 1024 * 1024);
    arena_reset(&a, m);
    ck_assert_uint_eq(a.total, 0);
    ck_assert_ptr_null(a.head);
    /* Still usable afterwards. */
    ck_assert(aligned8(arena_alloc(&a, 3)));
    arena_free(&a);
}
END_TEST

START_TEST(test_arena_free_twice)
{
    Arena a, never;
    arena_init(&a);
    arena_init(&never);
    memset(arena_alloc(&a, 100), 0, 100);
    arena_free(&a);
    ck_assert_ptr_null(a.head);
    ck_assert_uint_eq(a.total, 0);
    arena_free(&a);   /* arena_free leaves an initialised, empty arena */
    arena_free(&never);
    /* And it can be used again. */
    ck_assert_str_eq(arena_strndup(&a, "again", 5), "again");
    arena_free(&a);
}
END_TEST

START_TEST(test_arena_strndup_memdup)
{
    Arena a;
    const char *src = "hello world";
    char *s, *e;
    int nums[5] = {1, 2, 3, 4, 5};
    int *copy;
    arena_init(&a);
    s = arena_strndup(&a, src, 5);
    ck_assert_str_eq(s, "hello");
    ck_assert_int_eq(s[5], '\0');
    ck_assert_ptr_ne(s, src);
    e = arena_strndup(&a, src, 0);
    ck_assert_str_eq(e, "");
    s = arena_strndup(&a, "a\0b", 3);   /* embedded NUL copied, still terminated */
    ck_assert_int_eq(memcmp(s, "a\0b\0", 4), 0);
    copy = arena_memdup(&a, nums, sizeof nums);
    ck_assert_int_eq(memcmp(copy, nums, sizeof nums), 0);
    ck_assert(aligned8(copy));
    arena_memdup(&a, NULL, 0);   /* size 0: nothing is read */
    copy = arena_array(&a, 1000, sizeof(int));
    for (int i = 0; i < 1000; i++)
        copy[i] = i;
    ck_assert_int_eq(copy[999], 999);
    arena_free(&a);
}
END_TEST

/* ============================================================= interner */

START_TEST(test_intern_identity)
{
    Interner in;
    char buf1[] = "kernel", buf2[] = "kernel";
    const char *a, *b, *c;
    interner_init(&in);
    a = intern(&in, buf1, 6);
    b = intern(&in, buf2, 6);
    c = intern_cstr(&in, "kernel");
    ck_assert_ptr_eq(a, b);
    ck_assert_ptr_eq(a, c);
    ck_assert_ptr_ne(a, buf1);
    ck_assert_str_eq(a, "kernel");
    ck_assert_uint_eq(intern_len(a), 6);
    ck_assert_uint_eq(in.count, 1);
    interner_free(&in);
}
END_TEST

START_TEST(test_intern_prefixes_differ)
{
    Interner in;
    const char *ab, *abc, *abcd, *a0b, *a;
    interner_init(&in);
    abc = intern_cstr(&in, "abc");
    ab = intern(&in, "abcd", 2);
    abcd = intern(&in, "abcd", 4);
    a0b = intern(&in, "a\0b", 3);
    a = intern(&in, "a", 1);
    ck_assert_ptr_ne(ab, abc);
    ck_assert_ptr_ne(abc, abcd);
    ck_assert_ptr_ne(ab, abcd);
    ck_assert_ptr_ne(a0b, a);
    ck_assert_str_eq(ab, "ab");
    ck_assert_str_eq(abcd, "abcd");
    ck_assert_uint_eq(intern_len(ab), 2);
    ck_assert_uint_eq(intern_len(abc), 3);
    ck_assert_uint_eq(intern_len(abcd), 4);
    ck_assert_uint_eq(intern_len(a0b), 3);
    ck_assert_int_eq(memcmp(a0b, "a\0b", 4), 0);   /* NUL-terminated after the 3 bytes */
    ck_assert_ptr_eq(intern(&in, "a\0b", 3), a0b);
    ck_assert_ptr_eq(intern_lookup(&in, "ab", 2), ab);
    ck_assert_ptr_null(intern_lookup(&in, "abcde", 5));
    ck_assert_uint_eq(in.count, 5);
    interner_free(&in);
}
END_TEST

START_TEST(test_intern_nul_terminated)
{
    Interner in;
    char text[] = "pl.block.add(x)";
    const char *p;
    interner_init(&in);
    p = intern(&in, text + 3, 5);   /* "block" out of the middle of a buffer */
    ck_assert_int_eq(p[5], '\0');
    ck_assert_str_eq(p, "block");
    ck_assert_uint_eq(strlen(p), intern_len(p));
    interner_free(&in);
}
END_TEST

START_TEST(test_intern_empty)
{
    Interner in;
    const char *e1, *e2;
    interner_init(&in);
    e1 = intern(&in, "", 0);
    e2 = intern_cstr(&in, "");
    ck_assert_ptr_eq(e1, e2);
    ck_assert_str_eq(e1, "");
    ck_assert_uint_eq(intern_len(e1), 0);
    ck_assert_ptr_eq(intern_lookup(&in, "x", 0), e1);
    ck_assert_ptr_ne(intern_cstr(&in, "x"), e1);
    interner_free(&in);
}
END_TEST

START_TEST(test_intern_growth)
{
    Interner in;
    enum { N = 100000 };
    const char **ptrs = malloc(N * sizeof *ptrs);
    char buf[32];
    size_t cap0;
    interner_init(&in);
    cap0 = in.cap;
    ck_assert_ptr_null(intern_lookup(&in, "name_0", 6));
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "name_%d", i);
        ptrs[i] = intern(&in, buf, (size_t)n);
    }
    ck_assert_uint_eq(in.count, N);
    ck_assert_uint_gt(in.cap, cap0);
    ck_assert_uint_ge(in.cap, 2 * (size_t)N);
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "name_%d", i);
        ck_assert_ptr_eq(intern_lookup(&in, buf, (size_t)n), ptrs[i]);
        ck_assert_str_eq(ptrs[i], buf);
        ck_assert_uint_eq(intern_len(ptrs[i]), (uint32_t)n);
    }
    /* Interning again adds nothing. */
    for (int i = 0; i < N; i += 997) {
        int n = snprintf(buf, sizeof buf, "name_%d", i);
        ck_assert_ptr_eq(intern(&in, buf, (size_t)n), ptrs[i]);
    }
    ck_assert_uint_eq(in.count, N);
    ck_assert_ptr_null(intern_lookup(&in, "name_100000", 11));
    ck_assert_ptr_null(intern_lookup(&in, "name_", 5));
    interner_free(&in);
    free(ptrs);
}
END_TEST

START_TEST(test_hash_bytes_fnv1a)
{
    /* FNV-1a 32-bit reference values. */
    ck_assert_uint_eq(hash_bytes("", 0), 2166136261u);
    ck_assert_uint_eq(hash_bytes("a", 1), 0xe40c292cu);
    ck_assert_uint_eq(hash_bytes("foobar", 6), 0xbf9cf968u);
}
END_TEST

/* =============================================================== strbuf */

START_TEST(test_sb_basic)
{
    StrBuf sb;
    sb_init(&sb);
    ck_assert_str_eq(sb_cstr(&sb), "");
    sb_puts(&sb, "x = ");
    sb_put_i64(&sb, 42);
    sb_putc(&sb, ';');
    sb_printf(&sb, " %s=%d", "y", -7);
    sb_put(&sb, "abcdef", 3);
    ck_assert_str_eq(sb_cstr(&sb), "x = 42; y=-7abc");
    ck_assert_uint_eq(sb.len, strlen("x = 42; y=-7abc"));
    sb_reset(&sb);
    ck_assert_uint_eq(sb.len, 0);
    ck_assert_str_eq(sb_cstr(&sb), "");
    sb_puts(&sb, "again");
    ck_assert_str_eq(sb_cstr(&sb), "again");
    ck_assert_int_eq(sb.error, 0);
    sb_free(&sb);
    ck_assert_ptr_null(sb.data);
    sb_free(&sb);   /* freeing an emptied buffer again is harmless */
}
END_TEST

/* A discarding buffer formats nothing and holds nothing; sb_put of an
 * empty buffer's NULL data is allowed. */
START_TEST(test_sb_discard)
{
    StrBuf d, empty, sb;
    sb_init_discard(&d);
    sb_init(&empty);
    sb_printf(&d, "%s %d", "x", 42);
    sb_puts(&d, "abc");
    sb_putc(&d, 'z');
    sb_put_i64(&d, -7);
    sb_indent(&d, 40);
    ck_assert_uint_eq(d.len, 0);
    ck_assert_str_eq(sb_cstr(&d), "");
    sb_init(&sb);
    sb_put(&sb, empty.data, empty.len);
    sb_puts(&sb, "ok");
    ck_assert_str_eq(sb_cstr(&sb), "ok");
    sb_free(&d);
    sb_free(&empty);
    sb_free(&sb);
}
END_TEST

START_TEST(test_sb_put_i64)
{
    StrBuf sb;
    sb_init(&sb);
    sb_put_i64(&sb, INT64_MIN);
    sb_putc(&sb, '|');
    sb_put_i64(&sb, INT64_MAX);
    sb_putc(&sb, '|');
    sb_put_i64(&sb, 0);
    sb_putc(&sb, '|');
    sb_put_i64(&sb, -1);
    sb_putc(&sb, '|');
    sb_put_i64(&sb, -1234567890123LL);
    sb_putc(&sb, '|');
    sb_put_i64(&sb, 10);
    ck_assert_str_eq(sb_cstr(&sb), "-9223372036854775808|9223372036854775807|0|-1|-1234567890123|10");
    sb_free(&sb);
}
END_TEST

START_TEST(test_sb_indent)
{
    StrBuf sb;
    char expect[101];
    sb_init(&sb);
    sb_indent(&sb, 0);
    sb_indent(&sb, -5);
    ck_assert_uint_eq(sb.len, 0);
    sb_indent(&sb, 4);
    sb_putc(&sb, 'x');
    ck_assert_str_eq(sb_cstr(&sb), "    x");
    sb_reset(&sb);
    sb_indent(&sb, 100);   /* more than the 32-blank block */
    memset(expect, ' ', 100);
    expect[100] = '\0';
    ck_assert_str_eq(sb_cstr(&sb), expect);
    sb_free(&sb);
}
END_TEST

START_TEST(test_sb_long_printf)
{
    StrBuf sb;
    size_t n = 100000;   /* > 64 KiB, beyond vsnprintf's first attempt */
    char *big = malloc(n + 1);
    const char *out;
    memset(big, 'k', n);
    big[n] = '\0';
    big[n / 2] = 'M';
    sb_init(&sb);
    sb_puts(&sb, "<<");
    sb_printf(&sb, "[%s]%d", big, 77);
    out = sb_cstr(&sb);
    ck_assert_uint_eq(sb.len, n + 6);
    ck_assert_uint_eq(strlen(out), n + 6);
    ck_assert_int_eq(memcmp(out, "<<[", 3), 0);
    ck_assert_int_eq(memcmp(out + 3, big, n), 0);
    ck_assert_str_eq(out + 3 + n, "]77");
    sb_free(&sb);
    free(big);
}
END_TEST

/* sb_printf formats the plain conversions itself (strbuf.c): the text is
 * the C library's, at the limits of each size too. */
START_TEST(test_sb_printf_as_snprintf)
{
    StrBuf sb;
    char want[512];
    sb_init(&sb);
    sb_printf(&sb, "%d|%i|%u|%ld|%lu|%lld|%llu|%zu|%c|%%|%s|%.*s|%.*s|%.*s|tail", INT32_MIN, -0, UINT32_MAX,
              (long)INT64_MIN, (unsigned long)UINT64_MAX, (long long)INT64_MIN, (unsigned long long)UINT64_MAX,
              (size_t)SIZE_MAX, 'q', "str", 3, "abcdef", -1, "whole", 9, "ab");
    snprintf(want, sizeof want, "%d|%i|%u|%ld|%lu|%lld|%llu|%zu|%c|%%|%s|%.*s|%.*s|%.*s|tail", INT32_MIN, -0,
             UINT32_MAX, (long)INT64_MIN, (unsigned long)UINT64_MAX, (long long)INT64_MIN,
             (unsigned long long)UINT64_MAX, (size_t)SIZE_MAX, 'q', "str", 3, "abcdef", -1, "whole", 9, "ab");
    ck_assert_str_eq(sb_cstr(&sb), want);
    sb_reset(&sb);
    /* and those it leaves to the C library, in the same format */
    sb_printf(&sb, "%s=%5d %-3u|%x %.2f %zd %lc%%", "k", 42, 7u, 255u, 1.5, (ssize_t)-3, (wint_t)'w');
    snprintf(want, sizeof want, "%s=%5d %-3u|%x %.2f %zd %lc%%", "k", 42, 7u, 255u, 1.5, (ssize_t)-3, (wint_t)'w');
    ck_assert_str_eq(sb_cstr(&sb), want);
    /* data is a string after each sb_printf, as vsnprintf left it (the
     * C++ printer reads a StrBuf's data so) */
    sb_reset(&sb);
    sb_puts(&sb, "xxxxxxxx");
    sb_reset(&sb);
    sb_printf(&sb, "%d", 7);
    ck_assert_str_eq(sb.data, "7");
    sb_free(&sb);
}
END_TEST

/* str_printf is snprintf: the same text, cut the same way at every
 * buffer size, the same count. */
START_TEST(test_str_printf_as_snprintf)
{
    for (size_t cap = 0; cap < 40; cap++) {
        char got[40], want[40];
        int a, b;
        memset(got, '#', sizeof got);
        memset(want, '#', sizeof want);
        a = str_printf(got, cap, "mem_%s_%u|%lld|%.*s|%zu%%", "vec", 4294967295u, -12345678901LL, 2, "xyz",
                       (size_t)77);
        b = snprintf(want, cap, "mem_%s_%u|%lld|%.*s|%zu%%", "vec", 4294967295u, -12345678901LL, 2, "xyz",
                     (size_t)77);
        ck_assert_int_eq(a, b);
        ck_assert_int_eq(memcmp(got, want, sizeof got), 0);
        a = str_printf(got, cap, "%5.1f", 2.25);   /* not plain: the C library's */
        b = snprintf(want, cap, "%5.1f", 2.25);
        ck_assert_int_eq(a, b);
        ck_assert_int_eq(memcmp(got, want, sizeof got), 0);
    }
}
END_TEST

static char *read_all(FILE *f, size_t *len)
{
    long n;
    char *buf;
    fflush(f);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    buf = malloc((size_t)n + 1);
    *len = fread(buf, 1, (size_t)n, f);
    buf[*len] = '\0';
    return buf;
}

START_TEST(test_sb_sink)
{
    FILE *f = tmpfile();
    StrBuf sb;
    char *got, *want;
    size_t len, k = 0, total = 0;
    ck_assert_ptr_nonnull(f);
    sb_init_sink(&sb, f);
    /* About 300 KB of numbered lines: several automatic flushes. */
    for (int i = 0; i < 30000; i++) {
        sb_printf(&sb, "line %d\n", i);
        ck_assert_uint_lt(sb.len, 64 * 1024 + 64);   /* the buffer is drained at the threshold */
    }
    sb_puts(&sb, "end");
    ck_assert_int_eq(sb_flush(&sb), 0);
    ck_assert_uint_eq(sb.len, 0);
    ck_assert_int_eq(sb.error, 0);
    got = read_all(f, &len);
    for (int i = 0; i < 30000; i++)
        total += (size_t)snprintf(NULL, 0, "line %d\n", i);
    total += 3;
    want = malloc(total + 1);
    for (int i = 0; i < 30000; i++)
        k += (size_t)sprintf(want + k, "line %d\n", i);
    memcpy(want + k, "end", 4);
    ck_assert_uint_eq(len, total);
    ck_assert_int_eq(memcmp(got, want, total), 0);
    /* A flush with nothing buffered writes nothing and succeeds. */
    ck_assert_int_eq(sb_flush(&sb), 0);
    sb_free(&sb);
    free(got);
    free(want);
    fclose(f);
}
END_TEST

START_TEST(test_sb_sink_big_printf)
{
    FILE *f = tmpfile();
    StrBuf sb;
    size_t n = 200000, len;
    char *big = malloc(n + 1), *got;
    memset(big, 'z', n);
    big[n] = '\0';
    sb_init_sink(&sb, f);
    sb_printf(&sb, "%s!", big);
    ck_assert_uint_eq(sb.len, 0);   /* flushed: past the threshold */
    ck_assert_int_eq(sb_flush(&sb), 0);
    got = read_all(f, &len);
    ck_assert_uint_eq(len, n + 1);
    ck_assert_int_eq(memcmp(got, big, n), 0);
    ck_assert_int_eq(got[n], '!');
    sb_free(&sb);
    free(big);
    free(got);
    fclose(f);
}
END_TEST

START_TEST(test_sb_sink_error)
{
    FILE *ro = fopen("/dev/null", "r");
    StrBuf sb;
    int err;
    ck_assert_ptr_nonnull(ro);
    sb_init_sink(&sb, ro);
    sb_puts(&sb, "cannot be written");
    ck_assert_int_eq(sb.error, 0);   /* not written yet: below the threshold */
    err = sb_flush(&sb);
    ck_assert_int_ne(err, 0);
    ck_assert_int_eq(sb.error, err);
    ck_assert_uint_eq(sb.len, 0);
    /* The error stays remembered. */
    sb_puts(&sb, "more");
    ck_assert_int_eq(sb_flush(&sb), err);
    sb_free(&sb);
    fclose(ro);
}
END_TEST

/* =============================================================== ptrmap */

START_TEST(test_ptrmap_basic)
{
    PtrMap m;
    int k1, k2, k3, v1, v2, v3;
    ptrmap_init(&m);
    ck_assert_ptr_null(ptrmap_get(&m, &k1));   /* empty map */
    ptrmap_put(&m, &k1, &v1);
    ptrmap_put(&m, &k2, &v2);
    ck_assert_ptr_eq(ptrmap_get(&m, &k1), &v1);
    ck_assert_ptr_eq(ptrmap_get(&m, &k2), &v2);
    ck_assert_ptr_null(ptrmap_get(&m, &k3));
    ptrmap_put(&m, &k1, &v3);   /* overwrite */
    ck_assert_ptr_eq(ptrmap_get(&m, &k1), &v3);
    ck_assert_uint_eq(m.count, 2);
    ptrmap_put(&m, &k3, NULL);   /* NULL values are stored */
    ck_assert_uint_eq(m.count, 3);
    ck_assert_ptr_null(ptrmap_get(&m, &k3));
    ptrmap_clear(&m);
    ck_assert_uint_eq(m.count, 0);
    ck_assert_ptr_null(ptrmap_get(&m, &k1));
    ck_assert_ptr_null(ptrmap_get(&m, &k2));
    ptrmap_put(&m, &k2, &v1);
    ck_assert_ptr_eq(ptrmap_get(&m, &k2), &v1);
    ptrmap_free(&m);
    ck_assert_ptr_null(ptrmap_get(&m, &k2));
    ptrmap_free(&m);
}
END_TEST

START_TEST(test_ptrmap_many)
{
    PtrMap m;
    enum { N = 100000 };
    char *keys = malloc(N + 1);
    ptrmap_init(&m);
    for (uintptr_t i = 0; i < N; i++)
        ptrmap_put(&m, keys + i, (void *)(i + 1));
    ck_assert_uint_eq(m.count, N);
    ck_assert_uint_ge(m.cap, 2u * N);
    for (uintptr_t i = 0; i < N; i++)
        ck_assert_ptr_eq(ptrmap_get(&m, keys + i), (void *)(i + 1));
    ck_assert_ptr_null(ptrmap_get(&m, keys + N));
    ck_assert_ptr_null(ptrmap_get(&m, &m));
    /* Overwriting every other key keeps the count. */
    for (uintptr_t i = 0; i < N; i += 2)
        ptrmap_put(&m, keys + i, (void *)(i + 7));
    ck_assert_uint_eq(m.count, N);
    for (uintptr_t i = 0; i < N; i++)
        ck_assert_ptr_eq(ptrmap_get(&m, keys + i), (void *)(i % 2 ? i + 1 : i + 7));
    ptrmap_free(&m);
    free(keys);
}
END_TEST

/* ================================================================== vec */

START_TEST(test_vec)
{
    VEC(int) v;
    Arena a;
    int *copy;
    vec_init(v);
    ck_assert_uint_eq(v.len, 0);
    ck_assert_ptr_null(v.data);
    arena_init(&a);
    ck_assert_ptr_null(vec_to_arena(&a, v));   /* empty -> NULL */
    for (int i = 0; i < 1000; i++) {
        vec_push(v, i * 3);
        ck_assert_int_eq(vec_last(v), i * 3);
        ck_assert_uint_ge(v.cap, v.len);
    }
    ck_assert_uint_eq(v.len, 1000);
    for (int i = 0; i < 1000; i++)
        ck_assert_int_eq(v.data[i], i * 3);
    copy = vec_to_arena(&a, v);
    ck_assert_ptr_ne(copy, v.data);
    ck_assert_int_eq(memcmp(copy, v.data, 1000 * sizeof(int)), 0);
    ck_assert_int_eq(vec_pop(v), 999 * 3);
    ck_assert_int_eq(vec_pop(v), 998 * 3);
    ck_assert_uint_eq(v.len, 998);
    ck_assert_int_eq(vec_last(v), 997 * 3);
    vec_push(v, -1);
    ck_assert_int_eq(vec_last(v), -1);
    ck_assert_int_eq(copy[998], 998 * 3);   /* the arena copy is independent */
    vec_free(v);
    ck_assert_ptr_null(v.data);
    ck_assert_uint_eq(v.len, 0);
    ck_assert_uint_eq(v.cap, 0);
    vec_push(v, 5);   /* usable after vec_free */
    ck_assert_int_eq(v.data[0], 5);
    vec_free(v);
    arena_free(&a);
}
END_TEST

START_TEST(test_vec_struct_elems)
{
    typedef struct {
        double d;
        char c;
    } Pair;
    VEC(Pair) v;
    vec_init(v);
    for (int i = 0; i < 100; i++) {
        Pair p = {i * 0.5, (char)('a' + i % 26)};
        vec_push(v, p);
    }
    ck_assert_uint_eq(v.len, 100);
    ck_assert(v.data[99].d == 49.5);
    ck_assert_int_eq(v.data[27].c, 'b');
    ck_assert_int_eq(vec_last(v).c, 'a' + 99 % 26);
    vec_free(v);
}
END_TEST


/* ================================================================ main */


/* ============================================================== fileset */

static void expect_norm(const char *in, const char *want)
{
    char *got = fileset_normalise(in);
    ck_assert_msg(strcmp(got, want) == 0, "normalise(\"%s\") = \"%s\", expected \"%s\"", in, got, want);
    free(got);
}

START_TEST(test_fileset_normalise)
{
    expect_norm("a/b.py", "a/b.py");
    expect_norm("./a//b/./c.py", "a/b/c.py");
    expect_norm("a/../b.py", "b.py");
    expect_norm("a/b/../../c", "c");
    expect_norm("../x/../../y", "../../y");
    expect_norm("a/..", ".");
    expect_norm("", ".");
    expect_norm(".", ".");
    expect_norm("/a/../..", "/");
    expect_norm("/../a/", "/a");
    expect_norm("a/", "a");
}
END_TEST

START_TEST(test_fileset_bundle)
{
    static const char text[] = "import cfg\n#--- cfg/__init__.py\nX = 1\n#--- cfg/m.py  \nY = 2\n"
                               "#--- /abs.py\nZ = 3\n#--- cfg/m.py\nDUP = 1\n#--- ../up.py\nU = 1\n#--- e.py";
    FileSet fs;
    uint32_t main_len, len;
    char msg[128], *t;
    fileset_mem_init(&fs);
    main_len = fileset_mem_split(&fs, text, (uint32_t)strlen(text));
    ck_assert_uint_eq(main_len, strlen("import cfg\n"));
    /* the absolute name, the repeated one and the one above are skipped */
    ck_assert_uint_eq(fs.n, 3);
    ck_assert_str_eq(fs.files[0].path, "cfg/__init__.py");
    ck_assert_str_eq(fs.files[1].path, "cfg/m.py");
    ck_assert_str_eq(fs.files[2].path, "e.py");
    ck_assert_int_eq(fileset_kind(&fs, "cfg"), FS_DIR);
    ck_assert_int_eq(fileset_kind(&fs, "./cfg/"), FS_DIR);
    ck_assert_int_eq(fileset_kind(&fs, "."), FS_DIR);
    ck_assert_int_eq(fileset_kind(&fs, "cfg/m.py"), FS_FILE);
    ck_assert_int_eq(fileset_kind(&fs, "cfg/x/../m.py"), FS_FILE);
    ck_assert_int_eq(fileset_kind(&fs, "cf"), FS_NONE);
    ck_assert_int_eq(fileset_kind(&fs, "cfg/m"), FS_NONE);
    t = fileset_read(&fs, "./cfg/m.py", &len, msg, sizeof msg);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(len, 6);
    ck_assert_str_eq(t, "Y = 2\n");
    free(t);
    t = fileset_read(&fs, "e.py", &len, msg, sizeof msg);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(len, 0);
    free(t);
    ck_assert_ptr_null(fileset_read(&fs, "nope.py", &len, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "nope.py"));
    t = fileset_canonical(&fs, "cfg/./m.py");
    ck_assert_str_eq(t, "cfg/m.py");
    free(t);
    fileset_mem_free(&fs);
}
END_TEST

START_TEST(test_fileset_no_markers)
{
    FileSet fs;
    fileset_mem_init(&fs);
    ck_assert_uint_eq(fileset_mem_split(&fs, "x = 1\n# --- not a marker\n#---x.py\n", 34), 34);
    ck_assert_uint_eq(fs.n, 0);
    ck_assert_uint_eq(fileset_mem_split(&fs, "", 0), 0);
    fileset_mem_free(&fs);
    ck_assert_int_eq(fileset_kind(fileset_disk(), "."), FS_DIR);
    ck_assert_int_eq(fileset_kind(fileset_disk(), "/nonexistent/x.py"), FS_NONE);
}
END_TEST

static Suite *support_suite(void)
{
    Suite *s = suite_create("support");
    TCase *tc;

    tc = tcase_create("arena");
    tcase_add_test(tc, test_arena_many_small);
    tcase_add_test(tc, test_arena_alignment_odd_sizes);
    tcase_add_test(tc, test_arena_large);
    tcase_add_test(tc, test_arena_mark_reset);
    tcase_add_test(tc, test_arena_mark_empty);
    tcase_add_test(tc, test_arena_free_twice);
    tcase_add_test(tc, test_arena_strndup_memdup);
    suite_add_tcase(s, tc);

    tc = tcase_create("intern");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_intern_identity);
    tcase_add_test(tc, test_intern_prefixes_differ);
    tcase_add_test(tc, test_intern_nul_terminated);
    tcase_add_test(tc, test_intern_empty);
    tcase_add_test(tc, test_intern_growth);
    tcase_add_test(tc, test_hash_bytes_fnv1a);
    suite_add_tcase(s, tc);

    tc = tcase_create("strbuf");
    tcase_add_test(tc, test_sb_basic);
    tcase_add_test(tc, test_sb_put_i64);
    tcase_add_test(tc, test_sb_discard);
    tcase_add_test(tc, test_sb_indent);
    tcase_add_test(tc, test_sb_long_printf);
    tcase_add_test(tc, test_sb_printf_as_snprintf);
    tcase_add_test(tc, test_str_printf_as_snprintf);
    tcase_add_test(tc, test_sb_sink);
    tcase_add_test(tc, test_sb_sink_big_printf);
    tcase_add_test(tc, test_sb_sink_error);
    suite_add_tcase(s, tc);

    tc = tcase_create("ptrmap_vec");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_ptrmap_basic);
    tcase_add_test(tc, test_ptrmap_many);
    tcase_add_test(tc, test_vec);
    tcase_add_test(tc, test_vec_struct_elems);
    suite_add_tcase(s, tc);

    tc = tcase_create("fileset");
    tcase_add_test(tc, test_fileset_normalise);
    tcase_add_test(tc, test_fileset_bundle);
    tcase_add_test(tc, test_fileset_no_markers);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(support_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

