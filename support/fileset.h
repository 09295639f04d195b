/* fileset.h: the files a compilation may read besides its input (the
 * modules it imports): the disk, or a set of files in memory.
 *
 * The compiler reads the disk; the fuzz targets and tests give it a set
 * in memory, so that a multi-file input is one byte string (a bundle,
 * below) and nothing outside it is ever read. */
#ifndef PYPTOCC_FILESET_H
#define PYPTOCC_FILESET_H

#include <stddef.h>
#include <stdint.h>

typedef enum { FS_NONE, FS_FILE, FS_DIR } FsKind;

typedef struct MemFile {
    char *path;           /* normalised (fileset_normalise), xmalloc'd */
    const char *text;     /* not owned */
    uint32_t len;
} MemFile;

typedef struct FileSet {
    int in_memory;        /* 0: the disk */
    MemFile *files;
    uint32_t n, cap;
} FileSet;

/* The disk. */
const FileSet *fileset_disk(void);

/* What path is: a regular file, a folder, or nothing. */
FsKind fileset_kind(const FileSet *fs, const char *path);
/* The bytes of file path, NUL-terminated and xmalloc'd; NULL with a
 * message (without "error:") in msg. */
char *fileset_read(const FileSet *fs, const char *path, uint32_t *len, char *msg, size_t msgcap);
/* One name for each file however it is reached (realpath on the disk),
 * xmalloc'd: two imports of it are one module. */
char *fileset_canonical(const FileSet *fs, const char *path);

/* A set in memory: the root folder is ".", and every folder that a
 * file's path passes through exists.  fileset_mem_add keeps text, which
 * must outlive the set. */
void fileset_mem_init(FileSet *fs);
void fileset_mem_add(FileSet *fs, const char *path, const char *text, uint32_t len);
void fileset_mem_free(FileSet *fs);

/* path without "." parts, repeated or trailing slashes and "dir/.."
 * pairs ("" becomes "."), xmalloc'd. */
char *fileset_normalise(const char *path);

/* A bundle: one text holding several files, as split-file tools write
 * them.  A line "#--- NAME" (a Python comment) starts file NAME, which
 * runs to the next such line; what comes before the first is the main
 * file.  Adds the named files to fs (names that are not relative paths
 * of printable characters, or repeat, are skipped) and returns the length
 * of the main file's text. */
uint32_t fileset_mem_split(FileSet *fs, const char *text, uint32_t len);

#endif
