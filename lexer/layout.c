/* layout.c: NEWLINE/INDENT/DEDENT, bracket pairing and the program header
 * (see layout.h for the rules). */
#include "config.h"
#include "lexer/layout.h"
#include "lexer/literal.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <string.h>

void layout_init(Layout *L, LayoutRawLex raw, void *scanner, size_t value_size, SourceFile *src, DiagEngine *diag,
                 Interner *names)
{
    memset(L, 0, sizeof *L);
    L->raw = raw;
    L->scanner = scanner;
    L->value_size = value_size;
    if (value_size > sizeof L->held_value)
        diag_ice(__FILE__, __LINE__, "parser value too large for the layout filter");
    L->src = src;
    L->diag = diag;
    L->names = names;
    L->at_bol = 1;
    L->header_span = span_unknown();
}

void layout_set_codes(Layout *L, int newline, int indent, int dedent, int error, int eof)
{
    L->tok_newline = newline;
    L->tok_indent = indent;
    L->tok_dedent = dedent;
    L->tok_error = error;
    L->tok_eof = eof;
}

/* Indentation of the line holding offset `at`, measured CPython's way:
 * col with tabs to multiples of 8, alt with tabs as one column. */
static void measure_indent(const Layout *L, uint32_t at, int *col, int *alt)
{
    const char *t = L->src->text;
    at -= L->src->base;   /* a local offset from here on */
    uint32_t start = at;
    int c = 0, a = 0;
    while (start > 0 && t[start - 1] != '\n')
        start--;
    for (uint32_t i = start; i < at; i++) {
        if (t[i] == ' ') {
            c++;
            a++;
        } else if (t[i] == '\t') {
            c = (c / 8 + 1) * 8;
            a++;
        } else if (t[i] == '\f') {
            c = a = 0;
        } else {
            break;   /* a backslash-continued line: only leading blanks count */
        }
        if (c > 1000000)
            break;
    }
    *col = c;
    *alt = a;
}


void layout_set_soft_codes(Layout *L, int name, int xor_, int match, int case_, int type,
                           int (*ends_operand)(int code))
{
    L->tok_name = name;
    L->tok_xor = xor_;
    L->tok_match = match;
    L->tok_case = case_;
    L->tok_type = type;
    L->ends_operand = ends_operand;
}

void layout_free(Layout *L)
{
    xfree(L->q);
    xfree(L->qval);
    L->q = NULL;
    L->qval = NULL;
    L->qlen = L->qcap = 0;
}

/* The next read-ahead token (qlen > 0). */
static int pop_queued(Layout *L, void *value, uint32_t *lo, uint32_t *hi)
{
    LayoutToken *t = &L->q[L->qhead];
    memcpy(value, L->qval + (size_t)L->qhead * L->value_size, L->value_size);
    *lo = t->lo;
    *hi = t->hi;
    L->qhead = (L->qhead + 1) % L->qcap;
    L->qlen--;
    return t->code;
}

/* Read one more raw token into the queue; its code. */
static int read_ahead(Layout *L)
{
    uint32_t at;
    LayoutToken *t;
    if (L->qlen == L->qcap) {
        /* Grow and unwrap the ring. */
        uint32_t cap = L->qcap ? L->qcap * 2 : 16;
        LayoutToken *q = xmalloc(xmul_size(cap, sizeof *q));
        unsigned char *v = xmalloc(xmul_size(cap, L->value_size ? L->value_size : 1));
        for (uint32_t i = 0; i < L->qlen; i++) {
            uint32_t k = (L->qhead + i) % L->qcap;
            q[i] = L->q[k];
            memcpy(v + (size_t)i * L->value_size, L->qval + (size_t)k * L->value_size, L->value_size);
        }
        xfree(L->q);
        xfree(L->qval);
        L->q = q;
        L->qval = v;
        L->qhead = 0;
        L->qcap = cap;
    }
    at = (L->qhead + L->qlen) % L->qcap;
    t = &L->q[at];
    t->code = L->raw(L->qval + (size_t)at * L->value_size, &t->lo, &t->hi, L->scanner);
    L->qlen++;
    return t->code;
}

static int is_open(int c) { return c == '(' || c == '[' || c == '{'; }
static int is_close(int c) { return c == ')' || c == ']' || c == '}'; }

/* A soft keyword (raw code) at the start of a logical line: the parser
 * code it stands for. */
static int line_start_soft(Layout *L, int code)
{
    if (code == LEX_SOFT_TYPE) {
        int next = L->qlen ? L->q[L->qhead].code : read_ahead(L);
        return next == L->tok_name || (next >= LEX_SOFT_XOR && next <= LEX_SOFT_TYPE) ? L->tok_type : L->tok_name;
    }
    if (code == LEX_SOFT_MATCH || code == LEX_SOFT_CASE) {
        /* Read the logical line: a keyword if it ends with ':'. */
        int depth = 0, last = 0;
        uint32_t i = 0;
        for (;; i++) {
            int c = i < L->qlen ? L->q[(L->qhead + i) % L->qcap].code : read_ahead(L);
            if (c == L->tok_eof || c == LEX_ERROR || (c == LEX_RAW_NEWLINE && depth == 0))
                break;
            if (c == LEX_RAW_NEWLINE || c == LEX_HEADER)
                continue;
            if (is_open(c))
                depth++;
            else if (is_close(c) && depth > 0)
                depth--;
            last = c;
        }
        return i > 1 && last == ':' ? (code == LEX_SOFT_MATCH ? L->tok_match : L->tok_case) : L->tok_name;
    }
    return L->tok_name;
}

/* A soft keyword anywhere else. */
static int inline_soft(Layout *L, int code)
{
    if (code == LEX_SOFT_XOR && L->ends_operand && L->ends_operand(L->prev))
        return L->tok_xor;
    return L->tok_name;
}

static void read_header(Layout *L, uint32_t lo, uint32_t hi)
{
    const char *t = L->src->text;
    uint32_t base = L->src->base, i;
    if (L->seen_token || L->has_header)
        return;   /* only before any code; later it is an ordinary comment */
    L->header_span = span_make(lo, hi);
    lo -= base;   /* local offsets from here on */
    hi -= base;
    i = lo + 1;
    while (i < hi && (t[i] == ' ' || t[i] == '\t'))
        i++;
    i += (uint32_t)strlen("pypto.program");
    while (i < hi && (t[i] == ' ' || t[i] == '\t'))
        i++;
    L->has_header = 1;
    if (i < hi && t[i] == ':') {
        uint32_t b, e;
        i++;
        while (i < hi && (t[i] == ' ' || t[i] == '\t'))
            i++;
        b = i;
        e = hi;
        while (e > b && isspace((unsigned char)t[e - 1]))
            e--;
        /* The name becomes the printed class name: an identifier, as the
         * scanner reads them, and not a keyword. */
        if (!literal_is_identifier(t + b, e - b)) {
            diag_error(L->diag, span_make(base + b, base + e),
                       "the program name in '# pypto.program:' must be an identifier");
            e = b;
        }
        L->header_name = intern(L->names, t + b, e - b);
    } else {
        L->header_name = intern(L->names, "", 0);
    }
}

/* Compare the new line's indentation with the stack; set pending. Returns
 * 0, or -1 after reporting an error. */
static int indent_line(Layout *L, uint32_t at)
{
    int col = 0, alt = 0, top = L->col[L->levels], topalt = L->alt[L->levels];
    if (!L->inline_expr)
        measure_indent(L, at, &col, &alt);
    if (col == top) {
        if (alt != topalt)
            goto inconsistent;
        return 0;
    }
    if (col > top) {
        if (alt <= topalt)
            goto inconsistent;
        if (L->levels >= LAYOUT_MAX_INDENT) {
            if (!L->indent_overflow++)
                diag_error(L->diag, span_make(at, at), "too many levels of indentation (limit %d)",
                           LAYOUT_MAX_INDENT);
            return -1;
        }
        L->levels++;
        L->col[L->levels] = col;
        L->alt[L->levels] = alt;
        L->stray[L->levels] = 0;
        L->pending = 1;
        return 0;
    }
    while (L->levels > 0 && col < L->col[L->levels]) {
        if (!L->stray[L->levels])
            L->pending--;
        L->levels--;
    }
    if (col != L->col[L->levels]) {
        diag_error(L->diag, span_make(at, at), "unindent does not match any outer indentation level");
        return -1;
    }
    if (alt != L->alt[L->levels])
        goto inconsistent;
    return 0;
inconsistent:
    diag_error(L->diag, span_make(at, at), "inconsistent use of tabs and spaces in indentation");
    return -1;
}

static char closer_for(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

static const char *bracket_word(char c)
{
    return (c == '(' || c == ')') ? "parenthesis" : (c == '[' || c == ']') ? "bracket" : "brace";
}

/* Bracket bookkeeping for a real token; -1 after reporting an error. */
static int track_bracket(Layout *L, int code, uint32_t lo)
{
    char c;
    if (code != '(' && code != '[' && code != '{' && code != ')' && code != ']' && code != '}')
        return 0;
    c = (char)code;
    if (c == '(' || c == '[' || c == '{') {
        if (L->nbrackets >= LAYOUT_MAX_BRACKETS) {
            /* Reported once; deeper brackets are only counted. */
            if (!L->bracket_overflow++)
                diag_error(L->diag, span_make(lo, lo + 1), "too many nested brackets (limit %d)",
                           LAYOUT_MAX_BRACKETS);
            return L->bracket_overflow == 1 ? -1 : 0;
        }
        L->brackets[L->nbrackets].ch = c;
        L->brackets[L->nbrackets].offset = lo;
        L->nbrackets++;
        return 0;
    }
    if (L->bracket_overflow) {
        L->bracket_overflow--;
        return 0;
    }
    if (L->nbrackets == 0) {
        diag_error(L->diag, span_make(lo, lo + 1), "unmatched '%c'", c);
        return -1;
    }
    L->nbrackets--;
    if (closer_for(L->brackets[L->nbrackets].ch) != c) {
        LayoutBracket *o = &L->brackets[L->nbrackets];
        diag_error(L->diag, span_make(lo, lo + 1), "closing %s '%c' does not match opening %s '%c'",
                   bracket_word(c), c, bracket_word(o->ch), o->ch);
        diag_note(L->diag, span_make(o->offset, o->offset + 1), "'%c' opened here", o->ch);
        return -1;
    }
    return 0;
}

int layout_open_bracket(const Layout *L, char *ch, uint32_t *offset)
{
    if (!L->nbrackets)
        return 0;
    *ch = L->brackets[L->nbrackets - 1].ch;
    *offset = L->brackets[L->nbrackets - 1].offset;
    return 1;
}

void layout_absorb_indent(Layout *L)
{
    if (L->levels > 0)
        L->stray[L->levels] = 1;
}

void layout_drop_brackets(Layout *L)
{
    L->nbrackets = 0;
    L->bracket_overflow = 0;
}

int layout_next(Layout *L, void *value, uint32_t *lo, uint32_t *hi)
{
    for (;;) {
        int code;
        uint32_t tlo, thi;
        if (L->pending > 0) {
            L->pending--;
            *lo = *hi = L->pending_at;
            return L->tok_indent;
        }
        if (L->pending < 0) {
            L->pending++;
            *lo = *hi = L->pending_at;
            return L->tok_dedent;
        }
        if (L->error_pending) {
            L->error_pending = 0;
            *lo = *hi = L->pending_at;
            return L->tok_error;
        }
        if (L->held) {
            L->held = 0;
            memcpy(value, L->held_value, L->value_size);
            *lo = L->hold.lo;
            *hi = L->hold.hi;
            L->prev = L->hold.code;
            return L->hold.code;
        }
        if (L->eof) {
            *lo = *hi = L->src->base + L->src->len;
            return L->tok_eof;
        }
        code = L->qlen ? pop_queued(L, value, &tlo, &thi) : L->raw(value, &tlo, &thi, L->scanner);
        if (code >= LEX_SOFT_XOR && code <= LEX_SOFT_TYPE)   /* rare: a soft keyword */
            code = L->at_bol && L->nbrackets == 0 ? line_start_soft(L, code) : inline_soft(L, code);
        if (code == LEX_HEADER) {
            read_header(L, tlo, thi);
            continue;
        }
        if (code == LEX_RAW_NEWLINE) {
            if (L->nbrackets > 0 || L->at_bol || L->inline_expr)
                continue;
            L->at_bol = 1;
            *lo = tlo;
            *hi = thi;
            return L->tok_newline;
        }
        if (code == LEX_ERROR) {
            /* The scanner reported it; let the parser recover quietly. */
            *lo = tlo;
            *hi = thi;
            if (L->at_bol && L->nbrackets == 0) {
                L->at_bol = 0;
                L->seen_token = 1;
            }
            return L->tok_error;
        }
        if (code == L->tok_eof) {
            uint32_t end = L->src->base + L->src->len;
            if (L->nbrackets > 0) {
                /* The innermost unclosed bracket is the one to point at. */
                LayoutBracket *b = &L->brackets[L->nbrackets - 1];
                diag_error(L->diag, span_make(b->offset, b->offset + 1), "'%c' was never closed", b->ch);
                L->nbrackets = 0;
                L->bracket_overflow = 0;
                if (!L->at_bol) {
                    L->at_bol = 1;
                    *lo = *hi = end;
                    return L->tok_error;
                }
            }
            if (!L->at_bol) {
                L->at_bol = 1;
                *lo = *hi = end;
                return L->tok_newline;
            }
            L->eof = 1;
            L->pending = 0;
            for (; L->levels > 0; L->levels--)
                if (!L->stray[L->levels])
                    L->pending--;
            L->pending_at = end;
            continue;
        }
        /* A real token.  The first of a logical line is held back while the
         * INDENT/DEDENTs (and any error token) before it are handed out. */
        if (L->at_bol && L->nbrackets == 0) {
            L->at_bol = 0;
            L->seen_token = 1;
            L->pending_at = tlo;
            L->error_pending = indent_line(L, tlo) < 0;
            memcpy(L->held_value, value, L->value_size);
            L->hold.code = code;
            L->hold.lo = tlo;
            L->hold.hi = thi;
            L->held = 1;
            if (track_bracket(L, code, tlo) < 0) {
                L->held = 0;
                L->error_pending = 1;
            }
            continue;
        }
        if (track_bracket(L, code, tlo) < 0) {
            *lo = tlo;
            *hi = thi;
            return L->tok_error;
        }
        *lo = tlo;
        *hi = thi;
        /* Only a real token in the middle of a line decides a soft keyword
         * after it (at a line's start every one is decided afresh). */
        L->prev = code;
        return code;
    }
}
