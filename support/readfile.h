/* readfile.h: reading a whole input file (or standard input) into memory. */
#ifndef PYPTOCC_READFILE_H
#define PYPTOCC_READFILE_H

#include <stddef.h>
#include <stdint.h>

/* Reads path ("-" is standard input) into a NUL-terminated malloc'd buffer.
 * On failure returns NULL and writes a message (without "error:") to msg. */
char *read_file(const char *path, uint32_t *len_out, char *msg, size_t msgcap);

#endif
