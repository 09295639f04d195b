/* diag.h: the one diagnostics module.
 *
 * Every user-facing problem goes through here and is printed the way GCC
 * prints it:
 *
 *     kernel.py:12:9: error: 'pl.block.add' expects 2 arguments, got 1
 *        12 |         c = pl.block.add(a)
 *           |             ^~~~~~~~~~~~~~~
 *
 * or, with --diagnostics-format=json, as one JSON object per line.  Notes
 * attach to the diagnostic before them.  Errors are counted, never fatal:
 * callers keep going to report several problems in one run.  Internal
 * compiler errors are different: diag_ice() prints "internal error" and
 * aborts. */
#ifndef PYPTOCC_DIAG_H
#define PYPTOCC_DIAG_H

#include <stdarg.h>
#include <stdio.h>

#include "support/source.h"
#include "support/strbuf.h"

/* X(enum suffix, option name, on by default, description) */
#define DIAG_WARNINGS(X)                                                                      \
    X(ANNOTATION, "annotation", 1, "an assignment annotation disagrees with the inferred type") \
    X(UNUSED_FUNCTION, "unused-function", 1, "a top-level function no program uses")          \
    X(IGNORED, "ignored", 0, "Python the compiler skips (one note per kind; off unless -Wall or -Wignored)") \
    X(HEADER, "header", 1, "a '# pypto.program:' header that disagrees with the program")                \
    X(RETURN_DTYPE, "return-dtype", 1, "a returned value's dtype is wider than the declared one (converted)") \
    X(INT_TO_BOOL, "int-to-bool", 1, "an integer scalar is passed to a BOOL parameter (passed as x != 0)")   \
    X(ARGUMENT_SHAPE, "argument-shape", 1, "a tensor argument's static shape differs from its parameter's") \
    X(PIPELINING, "pipelining", 0, "a loop that -O2 leaves as it is, and why") \
    X(INPLACE_READ, "inplace-read", 1, "a tile is read after an op wrote into its storage in place") \
    X(UNUSED_DEFINE, "unused-define", 1, "a -D NAME.FIELD that matches no module constant, field or parameter")

typedef enum DiagWarning {
#define X(e, name, on, desc) W_##e,
    DIAG_WARNINGS(X)
#undef X
    W_COUNT
} DiagWarning;

typedef enum DiagSeverity { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagSeverity;
typedef enum DiagFormat { DIAG_FORMAT_TEXT, DIAG_FORMAT_JSON } DiagFormat;

typedef struct DiagEngine {
    SourceFile *src;            /* the input (may be NULL before it is read) */
    SourceSet sources;          /* every file whose spans may be reported, the input first */
    FILE *out;                  /* standard error normally */
    DiagFormat format;
    int color;
    int werror;                 /* -Werror: every warning is an error */
    int no_warnings;            /* -w */
    unsigned char enabled[W_COUNT];
    unsigned char as_error[W_COUNT];   /* -Werror=NAME */
    unsigned errors, warnings;
    unsigned max_errors;        /* errors beyond this are counted, not printed */
    unsigned suppressed;        /* errors not printed */
    int note_skip;              /* the diagnostic a note would attach to was not shown */
    StrBuf pending;             /* JSON: the object being built (notes go inside) */
    int pending_notes;          /* JSON: notes added to pending */
} DiagEngine;

void diag_init(DiagEngine *d, FILE *out);
/* The input: spans of the input, and messages without a span, name it. */
void diag_set_source(DiagEngine *d, SourceFile *src);
/* Another file of the compilation (a module, a -D value): gives it its
 * base offset (source.h); -1 when the offset space is full. */
int diag_add_source(DiagEngine *d, SourceFile *sf);
/* The file holding offset (NULL if none), and the line of offset in it. */
SourceFile *diag_source_of(const DiagEngine *d, uint32_t offset);
unsigned diag_line(const DiagEngine *d, uint32_t offset);
void diag_free(DiagEngine *d);

void diag_error(DiagEngine *d, Span span, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_verror(DiagEngine *d, Span span, const char *fmt, va_list ap);
void diag_warning(DiagEngine *d, DiagWarning w, Span span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_note(DiagEngine *d, Span span, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Finish the last diagnostic (JSON objects are written when complete). */
void diag_flush(DiagEngine *d);

/* Option names: "annotation" -> W_ANNOTATION; -1 if unknown. */
int diag_warning_from_name(const char *name);
const char *diag_warning_name(DiagWarning w);
const char *diag_warning_description(DiagWarning w);

/* Internal compiler error: prints and aborts.  Use the ICE() macro. */
_Noreturn void diag_ice(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define ICE(...) diag_ice(__FILE__, __LINE__, __VA_ARGS__)

#endif
