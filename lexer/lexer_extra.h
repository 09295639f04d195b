/* lexer_extra.h: the state the reentrant scanner carries (its "extra"). */
#ifndef PYPTOCC_LEXER_EXTRA_H
#define PYPTOCC_LEXER_EXTRA_H

#include <stdint.h>

#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

struct LexExtra {
    SourceFile *src;
    DiagEngine *diag;
    Interner *names;
    uint32_t read_pos;   /* next byte YY_INPUT hands to flex */
    uint32_t offset;     /* byte offset of the next token */
    uint32_t tok_lo;     /* start of a multi-part token (triple-quoted string) */
};

#endif
