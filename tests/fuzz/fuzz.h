/* fuzz.h: what the libFuzzer targets share: the input as a NUL-terminated
 * source, and a diagnostics engine that renders every message (so the
 * rendering code is fuzzed too) into /dev/null.
 *
 * A target's oracle is the compiler's own contract: no crash, no hang, no
 * sanitizer report, no internal error (an internal error aborts, which the
 * fuzzer reports), and properties the target states itself. */
#ifndef PYPTOCC_FUZZ_H
#define PYPTOCC_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/diag.h"
#include "support/fileset.h"
#include "support/source.h"
#include "support/xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property the target states does not hold: say which on stderr (CI's
 * log keeps stderr, not the diagnostics, which go to /dev/null), then
 * abort, which libFuzzer reports as a finding. */
static inline void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz check failed: %s\n", what);
    abort();
}

static inline FILE *fuzz_null(void)
{
    static FILE *null;
    if (!null && !(null = fopen("/dev/null", "w")))
        abort();
    return null;
}

/* The input as source text; NULL when it is too large to be a source. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text;
    if (size > SOURCE_MAX_BYTES)
        return NULL;
    text = xmalloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* The compile-time evaluator's step limit in the fuzz targets: a tenth of
 * the compiler's, so that a runaway loop ends well inside libFuzzer's
 * timeout under the sanitizers (10 million steps took 11 s there). */
#define FUZZ_STEP_LIMIT 1000000u

/* The input as a bundle (support/fileset.h): the main file's text (up to
 * the first "#--- NAME" line) and the modules after it, in a file set in
 * memory, so that a multi-file input is one byte string and nothing of
 * the disk is ever read.  NULL when the input is too large. */
typedef struct FuzzInput {
    char *whole;      /* every file's text (the modules' live here) */
    char *main;       /* the main file's, NUL-terminated */
    uint32_t len;
    FileSet files;
} FuzzInput;

static inline FuzzInput *fuzz_input(FuzzInput *in, const uint8_t *data, size_t size)
{
    if (!(in->whole = fuzz_text(data, size)))
        return NULL;
    fileset_mem_init(&in->files);
    in->len = fileset_mem_split(&in->files, in->whole, (uint32_t)size);
    in->main = xmalloc((size_t)in->len + 1);
    memcpy(in->main, in->whole, in->len);
    in->main[in->len] = '\0';
    return in;
}

static inline void fuzz_input_free(FuzzInput *in)
{
    fileset_mem_free(&in->files);
    xfree(in->main);
    xfree(in->whole);
}

/* FUZZ_VERBOSE=1 in the environment shows the diagnostics on stderr, to
 * see what a replayed finding reports. */
static inline void fuzz_diag(DiagEngine *diag, SourceFile *src)
{
    diag_init(diag, getenv("FUZZ_VERBOSE") ? stderr : fuzz_null());
    diag_set_source(diag, src);
}

#endif
