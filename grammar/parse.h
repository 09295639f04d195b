/* parse.h: running the parser over one source file.
 *
 * The parser does not build one tree for the whole file.  It hands each
 * complete top-level statement, and each member of a class body, to a sink
 * as soon as it is reduced; the sink (elaboration) turns it into IR and the
 * syntax arena is then rewound, so memory holds one definition's tree at a
 * time.  parse_keep() asks that the tree just handed over survive (inline
 * functions are expanded later, at their call sites). */
#ifndef PYPTOCC_PARSE_H
#define PYPTOCC_PARSE_H

#include "grammar/ast.h"
#include "lexer/layout.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

/* Sink callbacks receive trees whose flags carry AST_SYNTAX_ERROR when a
 * syntax error was reported inside them: their meaning is unreliable and
 * elaborating them would only produce follow-on errors. */
typedef struct ParseSink {
    void (*toplevel)(void *data, AstNode *stmt);
    void (*class_begin)(void *data, AstNode *classdef);
    void (*class_member)(void *data, AstNode *stmt);
    void (*class_end)(void *data, AstNode *classdef);
    void *data;
} ParseSink;

typedef struct ParseCtx {
    Arena arena;            /* the syntax arena */
    ArenaMark mark;         /* rewind point for the next top-level statement */
    ArenaMark class_mark;   /* rewind point for the next class member */
    AstNode *open_class;    /* class whose members are being handed over */
    int keep;               /* the sink asked to keep the last tree */
    Interner *names;
    DiagEngine *diag;
    SourceFile *src;
    ParseSink sink;
    Layout layout;
    void *scanner;
    unsigned errors;        /* syntax errors reported */
    uint32_t block_kw_at;   /* last block keyword ('if', 'def', ...) */
    int block_kw;           /* its token code, 0 if none yet */
    unsigned errors_at_handoff; /* diagnostics count when the last tree was handed over */
    /* Python constructs outside the DSL's subset built so far (lambda, f-string,
     * try, ...; ast_note_python), and that count at the last hand-over: a tree
     * built without any is marked so, and elaboration skips looking for them. */
    unsigned python_nodes, python_at_handoff;
    int non_ascii_names;        /* the scanner has read a non-ASCII identifier */
} ParseCtx;

/* Parses src, calling the sink; returns the number of errors reported
 * meanwhile (lexical, syntax, and those of the sink's elaboration).  The
 * caller owns nothing afterwards but what the sink kept. */
unsigned parse_source(ParseCtx *ctx, SourceFile *src, DiagEngine *diag, Interner *names, ParseSink sink);
void parse_ctx_free(ParseCtx *ctx);
/* The text [lo, hi) of src (global offsets) as one expression, such as
 * an f-string's replacement field: its tree (in ctx's arena, which the
 * caller frees with parse_ctx_free), or NULL after reporting an error. */
AstNode *parse_expression(ParseCtx *ctx, SourceFile *src, uint32_t lo, uint32_t hi, DiagEngine *diag,
                          Interner *names);
/* The scanner and layout filter alone, to the end of src (fuzzing and
 * tests): the number of tokens in *ntokens, the errors reported. */
unsigned parse_scan_only(SourceFile *src, DiagEngine *diag, Interner *names, uint32_t *ntokens);
/* Called by a sink: keep the tree it was just given (do not rewind). */
void parse_keep(ParseCtx *ctx);

/* Hand-off points used by the grammar's actions. */
void parse_toplevel(ParseCtx *ctx, AstList *stmts);
void parse_class_begin(ParseCtx *ctx, AstNode *classdef);
void parse_class_member(ParseCtx *ctx, AstList *stmts);
void parse_class_end(ParseCtx *ctx, AstNode *classdef, Span span);

/* Syntax-error reporting (called from the grammar's error hook). */
enum ParseSym { PSYM_OTHER, PSYM_INDENT, PSYM_DEDENT, PSYM_NEWLINE, PSYM_NAME, PSYM_NUMBER, PSYM_UNSUPPORTED };
void parse_syntax_error(ParseCtx *ctx, Span at, int unexpected, const char *unexpected_name,
                        const int *expected, const char *const *expected_names, int nexpected);

#endif
