/* readfile.c: whole-file input with a size limit and clear failures. */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS (not in POSIX 2008) */
#include "config.h"
#include "support/readfile.h"
#include "support/source.h"
#include "support/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

char *read_file(const char *path, uint32_t *len_out, char *msg, size_t msgcap)
{
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    size_t cap = 1 << 16, len = 0;
    char *buf = NULL;
    struct stat st;
    if (!f) {
        snprintf(msg, msgcap, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(msg, msgcap, "'%s' is a directory", path);
            goto fail;
        }
        if (S_ISREG(st.st_mode) && (uint64_t)st.st_size + 2 > cap && (uint64_t)st.st_size + 2 <= SOURCE_MAX_BYTES)
            cap = (size_t)st.st_size + 2;
    }
    buf = xmalloc(cap);
    for (;;) {
        size_t n;
        if (len + 1 >= cap) {
            if (cap >= SOURCE_MAX_BYTES) {
                snprintf(msg, msgcap, "'%s' is too large (the limit is %u bytes)", path, SOURCE_MAX_BYTES);
                goto fail;
            }
            cap = cap > SOURCE_MAX_BYTES / 2 ? SOURCE_MAX_BYTES : cap * 2;
            buf = xrealloc(buf, cap);
        }
        n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(msg, msgcap, "cannot read '%s': %s", path, strerror(errno));
        goto fail;
    }
    if (!is_stdin)
        fclose(f);
    buf[len] = '\0';
    *len_out = (uint32_t)len;
    return buf;
fail:
    xfree(buf);
    if (!is_stdin)
        fclose(f);
    return NULL;
}

/* Files smaller than this are read: mapping them saves nothing. */
#define MAP_THRESHOLD (1024u * 1024u)

/* The file mapped at the start of a zeroed region one byte longer, so the
 * text is NUL-terminated even when its length is a multiple of the page
 * size.  NULL when it cannot be mapped (the caller reads it instead). */
static char *map_file(const char *path, uint32_t *len_out)
{
    struct stat st;
    size_t page, len, total;
    char *base;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)MAP_THRESHOLD ||
        (uint64_t)st.st_size > SOURCE_MAX_BYTES) {
        close(fd);
        return NULL;
    }
    len = (size_t)st.st_size;
    page = (size_t)sysconf(_SC_PAGESIZE);
    total = (len + 1 + page - 1) / page * page;
    base = mmap(NULL, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        close(fd);
        return NULL;
    }
    if (mmap(base, len, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        munmap(base, total);
        close(fd);
        return NULL;
    }
    close(fd);
    *len_out = (uint32_t)len;
    return base;
}

char *input_load(const char *path, uint32_t *len_out, int *mapped, char *msg, size_t msgcap)
{
    char *text = strcmp(path, "-") == 0 ? NULL : map_file(path, len_out);
    *mapped = text != NULL;
    return text ? text : read_file(path, len_out, msg, msgcap);
}

void input_free(char *text, uint32_t len, int mapped)
{
    if (mapped) {
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        munmap(text, ((size_t)len + 1 + page - 1) / page * page);
    } else {
        xfree(text);
    }
}
