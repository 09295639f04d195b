/* readfile.c: whole-file input with a size limit and clear failures. */
#include "config.h"
#include "support/readfile.h"
#include "support/source.h"
#include "support/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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
