/* layout.h: the token filter between the flex scanner and the bison parser.
 *
 * The scanner returns raw tokens, including a raw newline at the end of
 * every physical line.  The filter turns line starts into NEWLINE, INDENT
 * and DEDENT the way CPython's tokenizer does:
 *  - blank and comment-only lines produce nothing;
 *  - inside (), [] or {} layout is suspended (newlines are dropped);
 *  - a deeper indentation pushes a level (INDENT); a shallower one pops
 *    levels (one DEDENT each) and must land exactly on an enclosing level;
 *  - tabs advance to the next multiple of 8, and a line whose indentation
 *    compares differently with tabs counted as 1 column is an error
 *    ("inconsistent use of tabs and spaces") — the one stated tab policy;
 *  - at end of input a NEWLINE is supplied if missing, then DEDENTs to 0.
 * It also pairs brackets (mismatches and unclosed openers are reported at
 * the opener), reads the `# pypto.program: NAME` header comment, and
 * decides Python's soft keywords, which the scanner returns as names:
 *  - 'match' and 'case' are keywords at the start of a logical line that
 *    ends with ':' (an expression statement never does); the filter reads
 *    such a line ahead, so it costs only on lines that start with them;
 *  - 'type' is a keyword at the start of a logical line followed by a name
 *    (the PEP 695 alias statement);
 *  - 'xor', the DSL's logical operator, is an operator after an operand
 *    (a name, a literal or a closing bracket), where a name cannot stand,
 *    and an ordinary name everywhere else.
 * Errors are reported through the diagnostics engine; the parser is then
 * handed the error token so it recovers without a second message. */
#ifndef PYPTOCC_LAYOUT_H
#define PYPTOCC_LAYOUT_H

#include <stdint.h>

#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

/* Raw token codes the scanner returns besides the parser's own tokens. */
enum {
    LEX_RAW_NEWLINE = 10000,  /* end of a physical line */
    LEX_HEADER = 10001,       /* '# pypto.program...' comment at column 0 */
    LEX_ERROR = 10002,        /* the scanner reported an error */
    LEX_SOFT_XOR = 10003,     /* the names of the soft keywords (value: the name) */
    LEX_SOFT_MATCH = 10004,
    LEX_SOFT_CASE = 10005,
    LEX_SOFT_TYPE = 10006,
};

enum { LAYOUT_MAX_INDENT = 100, LAYOUT_MAX_BRACKETS = 200 };

typedef struct LayoutBracket {
    char ch;
    uint32_t offset;
} LayoutBracket;

/* A raw token as the filter holds it. */
typedef struct LayoutToken {
    int code;
    uint32_t lo, hi;
} LayoutToken;

/* The function that yields raw tokens; value points to the parser's
 * semantic value (opaque here). */
typedef int (*LayoutRawLex)(void *value, uint32_t *lo, uint32_t *hi, void *scanner);

typedef struct Layout {
    LayoutRawLex raw;
    void *scanner;
    SourceFile *src;
    DiagEngine *diag;
    int tok_newline, tok_indent, tok_dedent, tok_error, tok_eof;  /* parser codes */
    int tok_name, tok_xor, tok_match, tok_case, tok_type;         /* soft keywords and names */
    int (*ends_operand)(int code);   /* may a binary operator follow this parser token? */
    int prev;                        /* the last real token handed out */
    /* Raw tokens read ahead to decide a soft keyword (a ring, qlen of them from qhead). */
    LayoutToken *q;
    unsigned char *qval;
    uint32_t qhead, qlen, qcap;
    int col[LAYOUT_MAX_INDENT + 1], alt[LAYOUT_MAX_INDENT + 1];
    unsigned char stray[LAYOUT_MAX_INDENT + 1];   /* an unexpected indent: its DEDENT is dropped */
    int levels;                  /* indentation levels above 0 */
    int inline_expr;             /* an expression inside a line (an f-string's field): no
                                    line structure, as inside brackets */
    int pending;                 /* > 0: INDENTs to emit; < 0: DEDENTs */
    int at_bol;                  /* the next real token starts a logical line */
    int seen_token;              /* a real token has been returned */
    int eof;                     /* end of input reached */
    int error_pending;           /* hand the parser an error token next */
    int held;                    /* a raw token is held back behind pending */
    LayoutToken hold;
    unsigned char held_value[64];/* its semantic value */
    size_t value_size;
    LayoutBracket brackets[LAYOUT_MAX_BRACKETS];
    int nbrackets;
    int bracket_overflow;        /* brackets opened beyond the limit (counted only) */
    int indent_overflow;         /* lines indented beyond the limit (reported once) */
    uint32_t pending_at;         /* location of INDENT/DEDENT tokens */
    /* '# pypto.program: NAME' */
    int has_header;
    const char *header_name;     /* interned; "" when the header has no name */
    Span header_span;
    Interner *names;
} Layout;

void layout_init(Layout *L, LayoutRawLex raw, void *scanner, size_t value_size, SourceFile *src, DiagEngine *diag,
                 Interner *names);
/* The parser's codes for the tokens the filter makes. */
void layout_set_codes(Layout *L, int newline, int indent, int dedent, int error, int eof);
/* The parser's codes for names and the soft keywords, and its operand test. */
void layout_set_soft_codes(Layout *L, int name, int xor_, int match, int case_, int type,
                           int (*ends_operand)(int code));
void layout_free(Layout *L);
/* The innermost open bracket: 1 with its character and offset, 0 if none. */
int layout_open_bracket(const Layout *L, char *ch, uint32_t *offset);
/* The INDENT just handed out was unexpected (and reported): its level is
 * kept so the lines in it stay one block, but the DEDENT that would close
 * it is not produced, so the enclosing block continues after it. */
void layout_absorb_indent(Layout *L);
/* Forget the open brackets (after they were reported): layout resumes, so
 * the parser can recover at the next line. */
void layout_drop_brackets(Layout *L);
/* Next filtered token code; its value is left in *value by the scanner. */
int layout_next(Layout *L, void *value, uint32_t *lo, uint32_t *hi);

#endif
