/* check_support.c: unit tests of the support library: the arena
 * (support/arena.c), the string interner (intern.c), text buffers
 * (strbuf.c), the pointer map (ptrmap.c), the VEC macros (vec.h), source
 * positions (source.c) and the diagnostics engine (diag.c), whose text and
 * JSON output is captured in a memory stream and compared byte for byte. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/arena.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/ptrmap.h"
#include "support/source.h"
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

/* =========================================================== source_pos */

START_TEST(test_source_pos_lines)
{
    static const char text[] = "ab\ncd\r\nef";
    SourceFile sf;
    SourcePos p;
    source_init(&sf, "t.py", text, (uint32_t)strlen(text));
    p = source_pos(&sf, 0);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 0);
    ck_assert_uint_eq(p.line_end, 2);
    p = source_pos(&sf, 1);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 2);   /* the newline itself belongs to line 1 */
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 3);
    p = source_pos(&sf, 3);
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 3);
    ck_assert_uint_eq(p.line_end, 5);   /* "\r\n": the '\r' is not part of the line */
    p = source_pos(&sf, 4);
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 7);
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 7);
    ck_assert_uint_eq(p.line_end, 9);   /* last line without a newline ends at len */
    p = source_pos(&sf, 8);
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 9);   /* end of input */
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 3);
    p = source_pos(&sf, 1000);   /* clamped to the end */
    ck_assert_uint_eq(p.line, 3);
    ck_assert_uint_eq(p.col, 3);
    ck_assert_uint_eq(sf.nlines, 3);
    source_free(&sf);
    source_free(&sf);
}
END_TEST

START_TEST(test_source_pos_trailing_newline_and_empty)
{
    static const char text[] = "x\n\ny\n";
    SourceFile sf, empty;
    SourcePos p;
    source_init(&sf, "t.py", text, (uint32_t)strlen(text));
    p = source_pos(&sf, 2);   /* the empty second line */
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 2);
    ck_assert_uint_eq(p.line_end, 2);
    p = source_pos(&sf, 3);
    ck_assert_uint_eq(p.line, 3);
    p = source_pos(&sf, 5);   /* after the final newline: an empty line 4 */
    ck_assert_uint_eq(p.line, 4);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 5);
    ck_assert_uint_eq(p.line_end, 5);
    source_free(&sf);

    source_init(&empty, "e.py", "", 0);
    p = source_pos(&empty, 0);
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 1);
    ck_assert_uint_eq(p.line_start, 0);
    ck_assert_uint_eq(p.line_end, 0);
    source_free(&empty);
}
END_TEST

START_TEST(test_source_pos_utf8_columns)
{
    /* "é" is 2 bytes, "€" 3, U+1F600 4: each counts as one column. */
    static const char text[] = "\xc3\xa9=1\n\xe2\x82\xac\xf0\x9f\x98\x80x";
    SourceFile sf;
    SourcePos p;
    source_init(&sf, "t.py", text, (uint32_t)strlen(text));
    p = source_pos(&sf, 2);   /* '=' after "é" */
    ck_assert_uint_eq(p.line, 1);
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 3);
    ck_assert_uint_eq(p.col, 3);
    p = source_pos(&sf, 5);   /* '€' */
    ck_assert_uint_eq(p.line, 2);
    ck_assert_uint_eq(p.col, 1);
    p = source_pos(&sf, 8);   /* the emoji */
    ck_assert_uint_eq(p.col, 2);
    p = source_pos(&sf, 12);   /* 'x' */
    ck_assert_uint_eq(p.col, 3);
    source_free(&sf);
}
END_TEST

START_TEST(test_span_helpers)
{
    Span u = span_unknown(), a = span_make(3, 7), b = span_make(5, 12), j;
    ck_assert(!span_is_known(u));
    ck_assert(span_is_known(a));
    j = span_join(a, b);
    ck_assert_uint_eq(j.lo, 3);
    ck_assert_uint_eq(j.hi, 12);
    j = span_join(u, b);
    ck_assert_uint_eq(j.lo, 5);
    j = span_join(a, u);
    ck_assert_uint_eq(j.hi, 7);
}
END_TEST

/* ================================================================= diag */

typedef struct DiagT {
    char *buf;
    size_t len;
    FILE *out;
    SourceFile sf;
    DiagEngine d;
} DiagT;

static void dt_open(DiagT *t, const char *name, const char *text, size_t len)
{
    t->buf = NULL;
    t->len = 0;
    t->out = open_memstream(&t->buf, &t->len);
    ck_assert_ptr_nonnull(t->out);
    source_init(&t->sf, name, text, (uint32_t)len);
    diag_init(&t->d, t->out);
    diag_set_source(&t->d, &t->sf);
}

#define DT_OPEN(t, text) dt_open((t), "t.py", (text), sizeof(text) - 1)

static const char *dt_text(DiagT *t)
{
    fflush(t->out);
    return t->buf ? t->buf : "";
}

static void dt_close(DiagT *t)
{
    diag_free(&t->d);
    fclose(t->out);
    free(t->buf);
    source_free(&t->sf);
}

/* Offset of the first occurrence of needle in the source. */
static uint32_t at(const DiagT *t, const char *needle)
{
    const char *p = strstr(t->sf.text, needle);
    ck_assert_msg(p != NULL, "'%s' not in the source", needle);
    return (uint32_t)(p - t->sf.text);
}

static Span word(const DiagT *t, const char *needle)
{
    uint32_t lo = at(t, needle);
    return span_make(lo, lo + (uint32_t)strlen(needle));
}

START_TEST(test_diag_error_excerpt)
{
    DiagT t;
    DT_OPEN(&t, "x = 1\ny = foo(a)\n");
    diag_error(&t.d, word(&t, "foo"), "unknown name '%s'", "foo");
    ck_assert_str_eq(dt_text(&t), "t.py:2:5: error: unknown name 'foo'\n"
                                  "    2 | y = foo(a)\n"
                                  "      |     ^~~\n");
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_single_caret_and_line_one)
{
    DiagT t;
    DT_OPEN(&t, "abc");
    diag_error(&t.d, span_make(0, 0), "empty span");
    diag_error(&t.d, span_make(0, 1), "one char");
    diag_error(&t.d, span_make(3, 3), "at end of input");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: empty span\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:1: error: one char\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:4: error: at end of input\n"
                                  "    1 | abc\n"
                                  "      |    ^\n");
    ck_assert_uint_eq(t.d.errors, 3);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_range_clipped_to_line)
{
    DiagT t;
    /* A span running onto the next line is underlined to the end of its first line. */
    DT_OPEN(&t, "if x and\r\n   y:\n");
    diag_error(&t.d, span_make(3, 15), "multi-line");
    ck_assert_str_eq(dt_text(&t), "t.py:1:4: error: multi-line\n"
                                  "    1 | if x and\n"
                                  "      |    ^~~~~\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_wide_line_numbers)
{
    DiagT t;
    enum { LINES = 12345 };
    char *text = malloc(LINES * 2 + 16);
    size_t n = 0;
    for (int i = 1; i < LINES; i++) {
        text[n++] = 'x';
        text[n++] = '\n';
    }
    memcpy(text + n, "bad", 3);
    n += 3;
    text[n] = '\0';
    dt_open(&t, "long.py", text, n);
    diag_error(&t.d, span_make((uint32_t)n - 3, (uint32_t)n), "here");
    diag_error(&t.d, span_make(2 * 999, 2 * 999 + 1), "line 1000");
    ck_assert_str_eq(dt_text(&t), "long.py:12345:1: error: here\n"
                                  " 12345 | bad\n"
                                  "       | ^~~\n"
                                  "long.py:1000:1: error: line 1000\n"
                                  " 1000 | x\n"
                                  "      | ^\n");
    dt_close(&t);
    free(text);
}
END_TEST

START_TEST(test_diag_note_and_warning)
{
    DiagT t;
    DT_OPEN(&t, "a: pl.INT32 = n + 1\n");
    diag_warning(&t.d, W_ANNOTATION, word(&t, "pl.INT32"), "annotation %s disagrees", "'pl.INT32'");
    diag_note(&t.d, word(&t, "n + 1"), "inferred here");
    ck_assert_str_eq(dt_text(&t), "t.py:1:4: warning: annotation 'pl.INT32' disagrees [-Wannotation]\n"
                                  "    1 | a: pl.INT32 = n + 1\n"
                                  "      |    ^~~~~~~~\n"
                                  "t.py:1:15: note: inferred here\n"
                                  "    1 | a: pl.INT32 = n + 1\n"
                                  "      |               ^~~~~\n");
    ck_assert_uint_eq(t.d.warnings, 1);
    ck_assert_uint_eq(t.d.errors, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_werror)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.werror = 1;
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "mismatch");
    diag_note(&t.d, span_make(4, 5), "see here");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: mismatch [-Werror=annotation]\n"
                                  "    1 | a = b\n"
                                  "      | ^\n"
                                  "t.py:1:5: note: see here\n"
                                  "    1 | a = b\n"
                                  "      |     ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_werror_one_warning)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.as_error[W_HEADER] = 1;   /* -Werror=header */
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "stays a warning");
    diag_warning(&t.d, W_HEADER, span_make(0, 1), "becomes an error");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: warning: stays a warning [-Wannotation]\n"
                                  "    1 | a = b\n"
                                  "      | ^\n"
                                  "t.py:1:1: error: becomes an error [-Werror=header]\n"
                                  "    1 | a = b\n"
                                  "      | ^\n");
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 1);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_warning_disabled)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.enabled[W_ANNOTATION] = 0;
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "hidden");
    diag_note(&t.d, span_make(0, 1), "hidden note of a hidden warning");
    diag_warning(&t.d, W_UNUSED_FUNCTION, span_make(4, 5), "shown");
    ck_assert_str_eq(dt_text(&t), "t.py:1:5: warning: shown [-Wunused-function]\n"
                                  "    1 | a = b\n"
                                  "      |     ^\n");
    ck_assert_uint_eq(t.d.warnings, 1);
    ck_assert_uint_eq(t.d.errors, 0);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_no_warnings)
{
    DiagT t;
    DT_OPEN(&t, "a = b\n");
    t.d.no_warnings = 1;
    t.d.werror = 1;   /* -w wins over -Werror, as in GCC */
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "hidden");
    diag_note(&t.d, span_make(0, 1), "hidden too");
    ck_assert_str_eq(dt_text(&t), "");
    ck_assert_uint_eq(t.d.warnings, 0);
    ck_assert_uint_eq(t.d.errors, 0);
    diag_error(&t.d, span_make(0, 1), "errors still shown");
    diag_note(&t.d, span_make(4, 5), "with their notes");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: errors still shown\n"
                                  "    1 | a = b\n"
                                  "      | ^\n"
                                  "t.py:1:5: note: with their notes\n"
                                  "    1 | a = b\n"
                                  "      |     ^\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_warning_names)
{
    ck_assert_int_eq(diag_warning_from_name("annotation"), W_ANNOTATION);
    ck_assert_int_eq(diag_warning_from_name("unused-function"), W_UNUSED_FUNCTION);
    ck_assert_int_eq(diag_warning_from_name("ignored"), W_IGNORED);
    ck_assert_int_eq(diag_warning_from_name("header"), W_HEADER);
    ck_assert_int_eq(diag_warning_from_name("nope"), -1);
    ck_assert_int_eq(diag_warning_from_name(""), -1);
    ck_assert_str_eq(diag_warning_name(W_UNUSED_FUNCTION), "unused-function");
    ck_assert_ptr_nonnull(diag_warning_description(W_ANNOTATION));
}
END_TEST

START_TEST(test_diag_max_errors)
{
    DiagT t;
    DT_OPEN(&t, "abc\n");
    t.d.max_errors = 2;
    diag_error(&t.d, span_make(0, 1), "first");
    diag_error(&t.d, span_make(1, 2), "second");
    diag_note(&t.d, span_make(0, 1), "note of second");
    diag_error(&t.d, span_make(2, 3), "third");
    diag_note(&t.d, span_make(0, 1), "note of third");
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "warnings are not limited");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: first\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:2: error: second\n"
                                  "    1 | abc\n"
                                  "      |  ^\n"
                                  "t.py:1:1: note: note of second\n"
                                  "    1 | abc\n"
                                  "      | ^\n"
                                  "t.py:1:1: warning: warnings are not limited [-Wannotation]\n"
                                  "    1 | abc\n"
                                  "      | ^\n");
    ck_assert_uint_eq(t.d.errors, 3);
    ck_assert_uint_eq(t.d.suppressed, 1);
    ck_assert_uint_eq(t.d.warnings, 1);
    /* A -Werror warning beyond the limit is counted and suppressed too. */
    t.d.werror = 1;
    diag_warning(&t.d, W_ANNOTATION, span_make(0, 1), "suppressed");
    ck_assert_uint_eq(t.d.errors, 4);
    ck_assert_uint_eq(t.d.suppressed, 2);
    ck_assert_ptr_null(strstr(dt_text(&t), "suppressed"));
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_unknown_span_and_no_source)
{
    DiagT t;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    DiagEngine d;
    DT_OPEN(&t, "abc\n");
    diag_error(&t.d, span_unknown(), "no location");
    ck_assert_str_eq(dt_text(&t), "t.py: error: no location\n");
    dt_close(&t);

    diag_init(&d, out);   /* before the input is read */
    diag_error(&d, span_make(0, 1), "cannot read '%s'", "x.py");
    fflush(out);
    ck_assert_str_eq(buf, "pyptocc: error: cannot read 'x.py'\n");
    diag_free(&d);
    fclose(out);
    free(buf);
}
END_TEST

START_TEST(test_diag_tabs)
{
    DiagT t;
    DT_OPEN(&t, "\tx = foo\nab\tc\n");
    diag_error(&t.d, word(&t, "foo"), "after a leading tab");
    diag_error(&t.d, word(&t, "c\n"), "after an inner tab");
    ck_assert_str_eq(dt_text(&t), "t.py:1:6: error: after a leading tab\n"
                                  "    1 |         x = foo\n"
                                  "      |             ^~~\n"
                                  "t.py:2:4: error: after an inner tab\n"
                                  "    2 | ab      c\n"
                                  "      |         ^\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_tab_inside_range)
{
    DiagT t;
    DT_OPEN(&t, "a\tb = 1\n");
    diag_error(&t.d, span_make(0, 3), "range across a tab");
    ck_assert_str_eq(dt_text(&t), "t.py:1:1: error: range across a tab\n"
                                  "    1 | a       b = 1\n"
                                  "      | ^~~~~~~~~\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_invalid_utf8)
{
    DiagT t;
    DT_OPEN(&t, "x = \xe9\n\xe9 = y\n\xc3\xa9 = z\n");
    diag_error(&t.d, span_make(4, 5), "invalid UTF-8 byte 0x%02X", 0xE9);
    diag_error(&t.d, word(&t, "y"), "after an invalid byte");
    diag_error(&t.d, word(&t, "z"), "after a valid 2-byte character");
    ck_assert_str_eq(dt_text(&t), "t.py:1:5: error: invalid UTF-8 byte 0xE9\n"
                                  "    1 | x = <e9>\n"
                                  "      |     ^~~~\n"
                                  "t.py:2:5: error: after an invalid byte\n"
                                  "    2 | <e9> = y\n"
                                  "      |        ^\n"
                                  "t.py:3:5: error: after a valid 2-byte character\n"
                                  "    3 | \xc3\xa9 = z\n"
                                  "      |     ^\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_control_chars)
{
    DiagT t;
    DT_OPEN(&t, "a\x01" "b = c\n");
    diag_error(&t.d, word(&t, "c"), "control character shown as a space");
    ck_assert_str_eq(dt_text(&t), "t.py:1:7: error: control character shown as a space\n"
                                  "    1 | a b = c\n"
                                  "      |       ^\n");
    dt_close(&t);
}
END_TEST

/* A line of `a` x na, "XYZ", `b` x nb. */
static char *long_line(int na, int nb, size_t *len)
{
    char *s = malloc((size_t)na + (size_t)nb + 8);
    size_t n = 0;
    memset(s, 'a', (size_t)na);
    n += (size_t)na;
    memcpy(s + n, "XYZ", 3);
    n += 3;
    memset(s + n, 'b', (size_t)nb);
    n += (size_t)nb;
    s[n++] = '\n';
    s[n] = '\0';
    *len = n;
    return s;
}

static char *repeat(char c, int n)
{
    char *s = malloc((size_t)n + 1);
    memset(s, c, (size_t)n);
    s[n] = '\0';
    return s;
}

START_TEST(test_diag_long_line_window)
{
    DiagT t;
    size_t len;
    char *text = long_line(250, 300, &len);
    char *as = repeat('a', 60), *bs = repeat('b', 137), *pad = repeat(' ', 63);
    char expect[1024];
    dt_open(&t, "t.py", text, len);
    diag_error(&t.d, word(&t, "XYZ"), "far right");
    /* 60 columns before the caret, 200 columns shown in all. */
    snprintf(expect, sizeof expect,
             "t.py:1:251: error: far right\n"
             "    1 | ...%sXYZ%s...\n"
             "      | %s^~~\n",
             as, bs, pad);
    ck_assert_str_eq(dt_text(&t), expect);
    dt_close(&t);
    free(text);
    free(as);
    free(bs);
    free(pad);
}
END_TEST

START_TEST(test_diag_long_line_near_start)
{
    DiagT t;
    size_t len;
    char *text = long_line(10, 300, &len);
    char *as = repeat('a', 10), *bs = repeat('b', 187), *pad = repeat(' ', 10);
    char expect[1024];
    dt_open(&t, "t.py", text, len);
    diag_error(&t.d, word(&t, "XYZ"), "near the start");
    snprintf(expect, sizeof expect,
             "t.py:1:11: error: near the start\n"
             "    1 | %sXYZ%s...\n"
             "      | %s^~~\n",
             as, bs, pad);
    ck_assert_str_eq(dt_text(&t), expect);
    dt_close(&t);
    free(text);
    free(as);
    free(bs);
    free(pad);
}
END_TEST

START_TEST(test_diag_long_line_at_end)
{
    DiagT t;
    size_t len;
    char *text = long_line(300, 0, &len);   /* the caret near the end of the line */
    char *as = repeat('a', 60), *pad = repeat(' ', 63);
    char expect[1024];
    dt_open(&t, "t.py", text, len);
    diag_error(&t.d, word(&t, "XYZ"), "at the end");
    snprintf(expect, sizeof expect,
             "t.py:1:301: error: at the end\n"
             "    1 | ...%sXYZ\n"
             "      | %s^~~\n",
             as, pad);
    ck_assert_str_eq(dt_text(&t), expect);
    dt_close(&t);
    free(text);
    free(as);
    free(pad);
}
END_TEST

START_TEST(test_diag_json)
{
    DiagT t;
    DT_OPEN(&t, "x = 1\ny = foo(a)\n");
    t.d.format = DIAG_FORMAT_JSON;
    diag_error(&t.d, word(&t, "foo"), "unknown name 'foo'");
    diag_note(&t.d, span_make(0, 1), "defined \"here\"");
    diag_note(&t.d, span_unknown(), "second note");
    /* Nothing is written until the diagnostic is complete. */
    ck_assert_str_eq(dt_text(&t), "");
    diag_warning(&t.d, W_ANNOTATION, span_make(6, 7), "w");
    ck_assert_str_eq(dt_text(&t),
                     "{\"file\":\"t.py\",\"line\":2,\"column\":5,\"end\":{\"line\":2,\"column\":8},"
                     "\"severity\":\"error\",\"message\":\"unknown name 'foo'\",\"notes\":["
                     "{\"file\":\"t.py\",\"line\":1,\"column\":1,\"end\":{\"line\":1,\"column\":2},"
                     "\"severity\":\"note\",\"message\":\"defined \\\"here\\\"\"},"
                     "{\"file\":\"t.py\",\"severity\":\"note\",\"message\":\"second note\"}]}\n");
    diag_flush(&t.d);
    ck_assert_str_eq(strchr(dt_text(&t), '\n') + 1,
                     "{\"file\":\"t.py\",\"line\":2,\"column\":1,\"end\":{\"line\":2,\"column\":2},"
                     "\"severity\":\"warning\",\"message\":\"w\",\"option\":\"-Wannotation\",\"notes\":[]}\n");
    diag_flush(&t.d);   /* nothing pending: writes nothing */
    ck_assert_uint_eq(t.d.errors, 1);
    ck_assert_uint_eq(t.d.warnings, 1);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_json_escaping)
{
    DiagT t;
    DT_OPEN(&t, "a\n");
    t.d.format = DIAG_FORMAT_JSON;
    diag_error(&t.d, span_make(0, 1), "q\"uote b\\ack\nnew\ttab\x01" "end");
    diag_free(&t.d);   /* flushes the pending object */
    ck_assert_str_eq(dt_text(&t), "{\"file\":\"t.py\",\"line\":1,\"column\":1,\"end\":{\"line\":1,\"column\":2},"
                                  "\"severity\":\"error\",\"message\":\"q\\\"uote b\\\\ack\\nnew\\ttab\\u0001end\","
                                  "\"notes\":[]}\n");
    diag_init(&t.d, t.out);   /* so that dt_close may free it */
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_json_file_name_escaped)
{
    DiagT t;
    dt_open(&t, "dir\\\"x\".py", "a\n", 2);
    t.d.format = DIAG_FORMAT_JSON;
    diag_error(&t.d, span_make(0, 1), "m");
    diag_flush(&t.d);
    ck_assert_str_eq(dt_text(&t), "{\"file\":\"dir\\\\\\\"x\\\".py\",\"line\":1,\"column\":1,"
                                  "\"end\":{\"line\":1,\"column\":2},\"severity\":\"error\",\"message\":\"m\","
                                  "\"notes\":[]}\n");
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_json_one_object_per_line)
{
    DiagT t;
    const char *s;
    int lines = 0;
    DT_OPEN(&t, "abc\n");
    t.d.format = DIAG_FORMAT_JSON;
    t.d.max_errors = 3;
    for (int i = 0; i < 5; i++) {
        diag_error(&t.d, span_make(0, 1), "e%d", i);
        diag_note(&t.d, span_make(1, 2), "n%d", i);
    }
    diag_flush(&t.d);
    s = dt_text(&t);
    for (const char *p = s; *p; p++)
        if (*p == '\n')
            lines++;
    ck_assert_int_eq(lines, 3);
    ck_assert_ptr_nonnull(strstr(s, "\"message\":\"e2\",\"notes\":[{"));
    ck_assert_ptr_null(strstr(s, "e3"));
    ck_assert_ptr_null(strstr(s, "n3"));   /* notes of suppressed errors are dropped */
    ck_assert_uint_eq(t.d.suppressed, 2);
    dt_close(&t);
}
END_TEST

START_TEST(test_diag_color)
{
    DiagT t;
    DT_OPEN(&t, "ab\n");
    t.d.color = 1;
    diag_error(&t.d, span_make(0, 2), "m");
    ck_assert_str_eq(dt_text(&t), "\033[01mt.py:1:1:\033[m \033[01;31merror:\033[m m\n"
                                  "    1 | ab\n"
                                  "      | \033[01;32m^~\033[m\n");
    dt_close(&t);
}
END_TEST

/* ================================================================ main */

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

    tc = tcase_create("source");
    tcase_add_test(tc, test_source_pos_lines);
    tcase_add_test(tc, test_source_pos_trailing_newline_and_empty);
    tcase_add_test(tc, test_source_pos_utf8_columns);
    tcase_add_test(tc, test_span_helpers);
    suite_add_tcase(s, tc);

    tc = tcase_create("diag");
    tcase_add_test(tc, test_diag_error_excerpt);
    tcase_add_test(tc, test_diag_single_caret_and_line_one);
    tcase_add_test(tc, test_diag_range_clipped_to_line);
    tcase_add_test(tc, test_diag_wide_line_numbers);
    tcase_add_test(tc, test_diag_note_and_warning);
    tcase_add_test(tc, test_diag_werror);
    tcase_add_test(tc, test_diag_werror_one_warning);
    tcase_add_test(tc, test_diag_warning_disabled);
    tcase_add_test(tc, test_diag_no_warnings);
    tcase_add_test(tc, test_diag_warning_names);
    tcase_add_test(tc, test_diag_max_errors);
    tcase_add_test(tc, test_diag_unknown_span_and_no_source);
    tcase_add_test(tc, test_diag_tabs);
    tcase_add_test(tc, test_diag_tab_inside_range);
    tcase_add_test(tc, test_diag_invalid_utf8);
    tcase_add_test(tc, test_diag_control_chars);
    tcase_add_test(tc, test_diag_long_line_window);
    tcase_add_test(tc, test_diag_long_line_near_start);
    tcase_add_test(tc, test_diag_long_line_at_end);
    tcase_add_test(tc, test_diag_json);
    tcase_add_test(tc, test_diag_json_escaping);
    tcase_add_test(tc, test_diag_json_file_name_escaped);
    tcase_add_test(tc, test_diag_json_one_object_per_line);
    tcase_add_test(tc, test_diag_color);
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
