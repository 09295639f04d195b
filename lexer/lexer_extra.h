/* lexer_extra.h: the state the reentrant scanner carries (its "extra"). */
#ifndef PYPTOCC_LEXER_EXTRA_H
#define PYPTOCC_LEXER_EXTRA_H

#include <stdint.h>

#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

/* f-strings nest (PEP 701): a string's replacement field may hold another
 * f-string, and a format spec another field.  One frame per open string
 * or field, innermost last. */
enum { LEX_MAX_FSTRING = 150 };
enum { FS_STRING, FS_FIELD };

typedef struct FStrFrame {
    uint8_t kind;        /* FS_STRING: in the text; FS_FIELD: in a replacement field */
    uint8_t quote;       /* the quote character of the string (of the enclosing one, for a field) */
    uint8_t triple;      /* triple-quoted */
    uint8_t raw;         /* r prefix: backslashes do not escape */
    uint8_t spec;        /* FS_FIELD: in its format specification */
    uint32_t depth;      /* FS_FIELD: brackets open in its expression */
} FStrFrame;

struct LexExtra {
    SourceFile *src;
    DiagEngine *diag;
    Interner *names;
    uint32_t read_pos;   /* next byte YY_INPUT hands to flex (local to src) */
    uint32_t end;        /* where YY_INPUT stops (local; src->len for a whole file) */
    uint32_t offset;     /* global offset (source.h) of the next token */
    uint32_t tok_lo;     /* start of a multi-part token (triple-quoted string) */
    uint32_t fstr_lo;    /* start of the outermost open f-string */
    uint32_t nfstr;      /* open f-string frames */
    int *non_ascii_names;/* set when a non-ASCII identifier is read */
    FStrFrame fstr[LEX_MAX_FSTRING];
};

#endif
