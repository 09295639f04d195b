/* fileset.c: the disk or a set of files in memory (fileset.h). */
#define _DEFAULT_SOURCE 1   /* realpath (XSI) */
#include "config.h"
#include "support/fileset.h"
#include "support/readfile.h"
#include "support/strbuf.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const FileSet disk = {0, NULL, 0, 0};

const FileSet *fileset_disk(void) { return &disk; }

char *fileset_normalise(const char *path)
{
    size_t n = strlen(path), depth = 0;
    /* the parts kept so far: start and length of each */
    const char **part = xmalloc((n / 2 + 1) * sizeof *part);
    size_t *plen = xmalloc((n / 2 + 1) * sizeof *plen);
    int absolute = path[0] == '/';
    const char *p = path;
    StrBuf sb;
    char *r;
    while (*p) {
        const char *end = strchr(p, '/');
        size_t k = end ? (size_t)(end - p) : strlen(p);
        int dotdot = k == 2 && p[0] == '.' && p[1] == '.';
        if (k == 0 || (k == 1 && p[0] == '.')) {
            /* "a//b", "a/./b" */
        } else if (dotdot && depth && !(plen[depth - 1] == 2 && part[depth - 1][0] == '.' && part[depth - 1][1] == '.')) {
            depth--;   /* "a/.." */
        } else if (!(dotdot && absolute)) {   /* ("/.." is "/") */
            part[depth] = p;
            plen[depth++] = k;
        }
        p += k;
        if (*p == '/')
            p++;
    }
    sb_init(&sb);
    if (absolute)
        sb_putc(&sb, '/');
    for (size_t i = 0; i < depth; i++) {
        if (i)
            sb_putc(&sb, '/');
        sb_put(&sb, part[i], plen[i]);
    }
    if (!sb.len)
        sb_putc(&sb, '.');
    r = xstrdup(sb_cstr(&sb));
    sb_free(&sb);
    xfree(part);
    xfree(plen);
    return r;
}

/* ---------------------------------------------------------------- memory */

static const MemFile *mem_find(const FileSet *fs, const char *norm)
{
    for (uint32_t i = 0; i < fs->n; i++)
        if (strcmp(fs->files[i].path, norm) == 0)
            return &fs->files[i];
    return NULL;
}

static FsKind mem_kind(const FileSet *fs, const char *path)
{
    char *norm = fileset_normalise(path);
    size_t n = strlen(norm);
    FsKind k = FS_NONE;
    if (strcmp(norm, ".") == 0)
        k = FS_DIR;
    else if (mem_find(fs, norm))
        k = FS_FILE;
    else
        for (uint32_t i = 0; i < fs->n && k == FS_NONE; i++)
            if (strncmp(fs->files[i].path, norm, n) == 0 && fs->files[i].path[n] == '/')
                k = FS_DIR;
    xfree(norm);
    return k;
}

void fileset_mem_init(FileSet *fs)
{
    memset(fs, 0, sizeof *fs);
    fs->in_memory = 1;
}

void fileset_mem_add(FileSet *fs, const char *path, const char *text, uint32_t len)
{
    if (fs->n == fs->cap) {
        fs->cap = fs->cap ? fs->cap * 2 : 8;
        fs->files = xrealloc(fs->files, fs->cap * sizeof *fs->files);
    }
    fs->files[fs->n].path = fileset_normalise(path);
    fs->files[fs->n].text = text;
    fs->files[fs->n].len = len;
    fs->n++;
}

void fileset_mem_free(FileSet *fs)
{
    for (uint32_t i = 0; i < fs->n; i++)
        xfree(fs->files[i].path);
    xfree(fs->files);
    memset(fs, 0, sizeof *fs);
}

/* A bundle's file name: a relative path of printable ASCII without
 * spaces, inside the bundle's folder. */
static int bundle_name_ok(const char *s, size_t n)
{
    if (n == 0 || n > 255 || s[0] == '/')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] <= ' ' || s[i] > '~')
            return 0;
    return !(n >= 2 && s[0] == '.' && s[1] == '.');
}

uint32_t fileset_mem_split(FileSet *fs, const char *text, uint32_t len)
{
    static const char marker[] = "#--- ";
    const size_t ml = sizeof marker - 1;
    uint32_t main_len = len, start = 0, i = 0;
    char name[256];
    int in_file = 0;
    name[0] = '\0';
    while (i <= len) {
        uint32_t eol = i;
        while (eol < len && text[eol] != '\n')
            eol++;
        if (i == len || (eol - i >= ml && memcmp(text + i, marker, ml) == 0)) {
            /* the end of the current part */
            if (!in_file) {
                main_len = i;
            } else if (name[0]) {
                char *norm = fileset_normalise(name);
                int dup = mem_find(fs, norm) != NULL;
                xfree(norm);
                if (!dup)
                    fileset_mem_add(fs, name, text + start, i - start);
            }
            if (i == len)
                break;
            {
                const char *nm = text + i + ml;
                size_t nl = eol - i - ml;
                while (nl && (nm[nl - 1] == ' ' || nm[nl - 1] == '\r'))
                    nl--;
                if (bundle_name_ok(nm, nl)) {
                    memcpy(name, nm, nl);
                    name[nl] = '\0';
                } else {
                    name[0] = '\0';
                }
            }
            in_file = 1;
            start = eol < len ? eol + 1 : len;
        }
        if (eol >= len)
            i = len;
        else
            i = eol + 1;
    }
    return main_len;
}

/* --------------------------------------------------------------- either */

FsKind fileset_kind(const FileSet *fs, const char *path)
{
    struct stat st;
    if (fs->in_memory)
        return mem_kind(fs, path);
    if (stat(path, &st) != 0)
        return FS_NONE;
    return S_ISREG(st.st_mode) ? FS_FILE : S_ISDIR(st.st_mode) ? FS_DIR : FS_NONE;
}

char *fileset_read(const FileSet *fs, const char *path, uint32_t *len, char *msg, size_t msgcap)
{
    if (fs->in_memory) {
        char *norm = fileset_normalise(path);
        const MemFile *f = mem_find(fs, norm);
        char *text;
        xfree(norm);
        if (!f) {
            snprintf(msg, msgcap, "cannot open '%s': no such file", path);
            return NULL;
        }
        text = xmalloc((size_t)f->len + 1);
        memcpy(text, f->text, f->len);
        text[f->len] = '\0';
        *len = f->len;
        return text;
    }
    return read_file(path, len, msg, msgcap);
}

char *fileset_canonical(const FileSet *fs, const char *path)
{
    char real[PATH_MAX];
    if (fs->in_memory)
        return fileset_normalise(path);
    return xstrdup(realpath(path, real) ? real : path);
}
