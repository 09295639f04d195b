/* literal.h: the values of literal tokens and the input encoding check.
 *
 * The scanner only classifies text; these functions compute what a number
 * or string token means, and reject bytes no token may contain. */
#ifndef PYPTOCC_LITERAL_H
#define PYPTOCC_LITERAL_H

#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"
#include "support/diag.h"
#include "support/source.h"

/* Integer literal text (decimal, 0x, 0o, 0b, with '_' separators).
 * Returns 0 and *out on success; -1 if the value exceeds 2^64 - 1. */
int literal_int(const char *text, size_t len, uint64_t *out);

/* Float literal text ('_' allowed); the nearest double. */
double literal_float(const char *text, size_t len);

/* A string token [lo, hi) including prefix and quotes: decoded bytes in
 * arena memory, NUL-terminated, length in *len.  Escapes follow Python;
 * unknown escapes are kept as written (as Python does). */
char *literal_string(Arena *arena, const char *text, size_t n, size_t *len);

/* Whether p[0..n) is an ASCII identifier and not a Python keyword: a name
 * the printed program can spell (program names, dynamic dimensions). */
int literal_is_identifier(const char *p, uint32_t n);

/* Reports NUL bytes and invalid UTF-8 with locations; returns the number
 * of problems (0 means the text may be scanned). */
unsigned source_check_encoding(SourceFile *src, DiagEngine *diag);

/* PEP 3131: may code point cp start (continue) an identifier? */
int unicode_id_start(uint32_t cp);
int unicode_id_continue(uint32_t cp);

/* The prefix letters of a string token [text, text + n): flags below. */
enum { LIT_RAW = 1, LIT_BYTES = 2, LIT_FSTRING = 4 };
int literal_string_prefix(const char *text, size_t n);

/* Decode one UTF-8 sequence at s (validated input); returns its length. */
int utf8_decode(const unsigned char *s, size_t avail, uint32_t *cp);

#endif
