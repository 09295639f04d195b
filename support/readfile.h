/* readfile.h: reading a whole input file (or standard input) into memory. */
#ifndef PYPTOCC_READFILE_H
#define PYPTOCC_READFILE_H

#include <stddef.h>
#include <stdint.h>

/* Reads path ("-" is standard input) into a NUL-terminated malloc'd buffer.
 * On failure returns NULL and writes a message (without "error:") to msg. */
char *read_file(const char *path, uint32_t *len_out, char *msg, size_t msgcap);

/* The compiler's input: as read_file, except that a large regular file is
 * mapped read-only instead of copied (*mapped set), so that its pages can
 * be given back while it is compiled (source_release).  The text is
 * NUL-terminated either way.  Free with input_free. */
char *input_load(const char *path, uint32_t *len_out, int *mapped, char *msg, size_t msgcap);
void input_free(char *text, uint32_t len, int mapped);

#endif
