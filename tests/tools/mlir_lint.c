/* mlir_lint.c: a small well-formedness checker for the PTO MLIR text
 * pyptocc emits, as a function: tests/tools/mlir_check (tests/pto.test)
 * runs it on files, and fuzz_pipeline on every module it emits.
 *
 * It knows only the line-oriented shape of that text, not MLIR's grammar,
 * and checks what a careless emitter gets wrong without PTOAS noticing
 * early:
 *   - brackets balance: (), [] and {} nest properly outside strings, and
 *     every region is closed at the end;
 *   - the text is one module and ends with "}\n";
 *   - every %value is defined once per function and before its use, and a
 *     value defined inside a region is not used after the region ends
 *     (results of a region op become visible after its last region);
 *   - every !pto.tile_buf<...> has its 10 fields in order with valid
 *     values;
 *   - every pto op that pyptocc emits keeps the operand rules of PTOAS's
 *     verifiers for the module's target (mlir_ops.c);
 *   - a pto.alloc_tile at a constant address has it aligned as PTOAS 0.60
 *     wants: 512 bytes in left, right and acc, 32 elsewhere (PTOAS
 *     e32488c9, lib/PTO/IR/PTO.cpp verifyConstantLocalAddress). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir_lint.h"
#include "mlir_ops.h"

#define MAX_DEPTH 256

typedef struct Name {
    char *s;
    int depth;      /* scope depth it is visible at */
    int constant;   /* defined by an integer arith.constant */
    long long value;
} Name;

typedef struct Checker {
    const char *file;
    FILE *out;          /* where problems go; NULL: only counted */
    int line;
    int errors;
    /* Names of the current function, innermost last. */
    Name *names;
    size_t nnames, cap;
    /* Per open region (depth): the results of the op that opened it,
     * defined when its last region closes. */
    char *pending[MAX_DEPTH];
    int depth;          /* open regions (braces) */
    int a5;             /* pto.target_arch = "a5" */
    char brackets[4096];
    int nbrackets;
} Checker;

static void problem(Checker *c, const char *fmt, const char *arg)
{
    c->errors++;
    if (!c->out)
        return;
    fprintf(c->out, "%s:%d: ", c->file, c->line);
    fprintf(c->out, fmt, arg);
    fputc('\n', c->out);
}

static void report_op(void *ctx, const char *fmt, const char *arg) { problem(ctx, fmt, arg); }

static int is_name_char(int ch) { return isalnum(ch) || ch == '_' || ch == '.' || ch == '$'; }

static Name *find(Checker *c, const char *s, size_t n)
{
    for (size_t i = c->nnames; i-- > 0;)
        if (strlen(c->names[i].s) == n && memcmp(c->names[i].s, s, n) == 0)
            return &c->names[i];
    return NULL;
}

static void define(Checker *c, const char *s, size_t n, int depth)
{
    char buf[256];
    if (find(c, s, n)) {
        snprintf(buf, sizeof buf, "%.*s", (int)n, s);
        problem(c, "%s is defined twice in this function", buf);
        return;
    }
    if (c->nnames == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 64;
        c->names = realloc(c->names, c->cap * sizeof *c->names);
        if (!c->names) {
            perror("mlir_check");
            exit(2);
        }
    }
    c->names[c->nnames].s = malloc(n + 1);
    if (!c->names[c->nnames].s) {
        perror("mlir_check");
        exit(2);
    }
    memcpy(c->names[c->nnames].s, s, n);
    c->names[c->nnames].s[n] = '\0';
    c->names[c->nnames].depth = depth;
    c->names[c->nnames].constant = 0;
    c->nnames++;
}

static void use(Checker *c, const char *s, size_t n)
{
    char buf[256];
    if (!find(c, s, n)) {
        snprintf(buf, sizeof buf, "%.*s", (int)n, s);
        problem(c, "%s is used but not defined before (in a region that encloses this use)", buf);
    }
}

/* Names defined inside regions deeper than depth go out of scope. */
static void forget_below(Checker *c, int depth)
{
    while (c->nnames && c->names[c->nnames - 1].depth > depth)
        free(c->names[--c->nnames].s);
}

static void forget_all(Checker *c)
{
    forget_below(c, -1);
    for (int i = 0; i < MAX_DEPTH; i++) {
        free(c->pending[i]);
        c->pending[i] = NULL;
    }
}

/* Defines the comma-separated names of list (the results "%a, %b"). */
static void define_list(Checker *c, const char *list, int depth)
{
    const char *p = list;
    while ((p = strchr(p, '%'))) {
        const char *q = p + 1;
        while (is_name_char((unsigned char)*q))
            q++;
        define(c, p, (size_t)(q - p), depth);
        p = q;
    }
}

/* The 10 fields of !pto.tile_buf<...> (pto-mlir.md 5.1). */
static const char *const tile_fields[] = {"loc", "dtype", "rows", "cols", "v_row", "v_col",
                                          "blayout", "slayout", "fractal", "pad"};

static int in_set(const char *v, size_t n, const char *const *set)
{
    for (; *set; set++)
        if (strlen(*set) == n && memcmp(*set, v, n) == 0)
            return 1;
    return 0;
}

static int is_count(const char *v, size_t n, int allow_dynamic)
{
    if (allow_dynamic && n == 1 && *v == '?')
        return 1;
    if (n == 0 || *v == '0')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)v[i]))
            return 0;
    return 1;
}

static void check_tile_buf(Checker *c, const char *start)
{
    static const char *const locs[] = {"vec", "mat", "left", "right", "acc", "bias", NULL};
    static const char *const dtypes[] = {"i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64",
                                         "f16", "bf16", "f32", NULL};
    static const char *const blayouts[] = {"row_major", "col_major", NULL};
    static const char *const slayouts[] = {"none_box", "row_major", "col_major", NULL};
    static const char *const pads[] = {"0", "1", "2", "3", NULL};
    const char *p = start + strlen("!pto.tile_buf<"), *end = strchr(p, '>');
    char field[64];
    if (!end) {
        problem(c, "%s: unterminated", "!pto.tile_buf<");
        return;
    }
    for (int i = 0; i < 10; i++) {
        const char *comma = memchr(p, ',', (size_t)(end - p)), *stop = comma ? comma : end, *eq;
        size_t klen, vlen;
        int ok;
        eq = memchr(p, '=', (size_t)(stop - p));
        if (!eq) {
            problem(c, "!pto.tile_buf: field '%s' is missing", tile_fields[i]);
            return;
        }
        klen = (size_t)(eq - p);
        vlen = (size_t)(stop - eq - 1);
        if (klen != strlen(tile_fields[i]) || memcmp(p, tile_fields[i], klen) != 0) {
            snprintf(field, sizeof field, "%.*s' where '%s", (int)(klen < 40 ? klen : 40), p, tile_fields[i]);
            problem(c, "!pto.tile_buf: field '%s' belongs", field);
            return;
        }
        switch (i) {
        case 0:
            ok = in_set(eq + 1, vlen, locs);
            break;
        case 1:
            ok = in_set(eq + 1, vlen, dtypes);
            break;
        case 2:
        case 3:
        case 8:
            ok = is_count(eq + 1, vlen, 0);
            break;
        case 4:
        case 5:
            ok = is_count(eq + 1, vlen, 1);
            break;
        case 6:
            ok = in_set(eq + 1, vlen, blayouts);
            break;
        case 7:
            ok = in_set(eq + 1, vlen, slayouts);
            break;
        default:
            ok = in_set(eq + 1, vlen, pads);
            break;
        }
        if (!ok)
            problem(c, "!pto.tile_buf: field '%s' has an invalid value", tile_fields[i]);
        if (i < 9) {
            if (!comma) {
                problem(c, "!pto.tile_buf: field '%s' is missing", tile_fields[i + 1]);
                return;
            }
            if (comma[1] != ' ') {
                problem(c, "!pto.tile_buf: no space after the comma before '%s'", tile_fields[i + 1]);
                return;
            }
            p = comma + 2;
        } else if (comma) {
            problem(c, "!pto.tile_buf: %s", "more than 10 fields");
        }
    }
}

/* Brackets of one line, outside string literals. */
static void check_brackets(Checker *c, const char *s)
{
    int in_string = 0;
    for (; *s; s++) {
        char open;
        if (*s == '"') {
            in_string = !in_string;
            continue;
        }
        if (in_string)
            continue;
        if (*s == '(' || *s == '[' || *s == '{') {
            if (c->nbrackets == (int)sizeof c->brackets) {
                problem(c, "%s", "brackets nest too deeply");
                return;
            }
            c->brackets[c->nbrackets++] = *s;
            continue;
        }
        if (*s != ')' && *s != ']' && *s != '}')
            continue;
        open = *s == ')' ? '(' : *s == ']' ? '[' : '{';
        if (c->nbrackets == 0 || c->brackets[c->nbrackets - 1] != open) {
            char buf[2] = {*s, 0};
            problem(c, "unbalanced '%s'", buf);
            return;
        }
        c->nbrackets--;
    }
    if (in_string)
        problem(c, "%s", "unterminated string");
}

/* "%c = arith.constant 256 : i64" (the name at [p, eq)): the value, for
 * the addresses of pto.alloc_tile. */
static void note_constant(Checker *c, const char *p, const char *eq, const char *rest)
{
    static const char k[] = "arith.constant ";
    Name *n = find(c, p, (size_t)(eq - p));
    char *end;
    long long v;
    if (!n || strncmp(rest, k, sizeof k - 1) != 0)
        return;
    v = strtoll(rest + sizeof k - 1, &end, 10);
    if (end != rest + sizeof k - 1 && strncmp(end, " : i", 4) == 0) {
        n->constant = 1;
        n->value = v;
    }
}

/* "pto.alloc_tile addr = %c : !pto.tile_buf<loc=L, ...>": a constant
 * address is non-negative and aligned for L. */
static void check_alloc_addr(Checker *c, const char *rest)
{
    static const char k[] = "pto.alloc_tile addr = ";
    const char *q, *e, *loc;
    const Name *n;
    long long align;
    char buf[96];
    if (strncmp(rest, k, sizeof k - 1) != 0 || rest[sizeof k - 1] != '%')
        return;
    q = rest + sizeof k - 1;
    for (e = q + 1; is_name_char((unsigned char)*e); e++)
        ;
    if (!(n = find(c, q, (size_t)(e - q))) || !n->constant || !(loc = strstr(e, "loc=")))
        return;
    loc += 4;
    align = strncmp(loc, "left,", 5) == 0 || strncmp(loc, "right,", 6) == 0 || strncmp(loc, "acc,", 4) == 0 ? 512 : 32;
    if (n->value < 0 || n->value % align != 0) {
        snprintf(buf, sizeof buf, "%lld, which is not a multiple of %lld", n->value, align);
        problem(c, "pto.alloc_tile: addr must be aligned for its local memory space (PTOAS 0.60): %s", buf);
    }
}

/* One line: definitions, uses, tile_buf types and region structure. */
static void check_line(Checker *c, char *line)
{
    char *p = line, *eq, *rest, *tb;
    size_t len = strlen(line);
    int opens = len && line[len - 1] == '{';
    int closes;
    while (*p == ' ')
        p++;
    closes = *p == '}';
    if (strncmp(p, "module", 6) == 0)
        c->a5 = strstr(p, "pto.target_arch = \"a5\"") != NULL;
    mlir_ops_check_line(p, c->a5, report_op, c);
    check_brackets(c, line);
    for (tb = line; (tb = strstr(tb, "!pto.tile_buf<")); tb++)
        check_tile_buf(c, tb);
    if (strncmp(p, "func.func ", 10) == 0) {
        forget_all(c);
        c->depth = 1;
    }
    /* "}" ends a region; "} else {" / "} do {" start the next one of the
     * same op, which does not see the previous region's values. */
    if (closes) {
        if (c->depth <= 0) {
            problem(c, "%s", "'}' without an open region");
            return;
        }
        forget_below(c, c->depth - 1);
        if (!opens) {
            c->depth--;
            if (c->pending[c->depth + 1]) {
                define_list(c, c->pending[c->depth + 1], c->depth);
                free(c->pending[c->depth + 1]);
                c->pending[c->depth + 1] = NULL;
            }
            return;
        }
        c->depth--;   /* reopened below, keeping the pending results */
        p++;
    }
    /* Results "%a, %b = " at the start of the line. */
    rest = p;
    if (*p == '%' && (eq = strstr(p, " = ")) != NULL) {
        int all_names = 1;
        for (char *q = p; q < eq; q++)
            if (!(is_name_char((unsigned char)*q) || *q == '%' || *q == ',' || *q == ' '))
                all_names = 0;
        if (all_names)
            rest = eq + 3;
        else
            eq = NULL;
    } else {
        eq = NULL;
    }
    /* Everything after the results: uses, and the definitions of a region
     * header (%i = in scf.for, iter_args, scf.while) and of parameters and
     * block arguments (%x: type). */
    for (char *q = rest; (q = strchr(q, '%'));) {
        char *e = q + 1, *after;
        while (is_name_char((unsigned char)*e))
            e++;
        if (e == q + 1) {
            q = e;
            continue;
        }
        after = e;
        if (*after == ':' || (after[0] == ' ' && after[1] == '=' && after[2] == ' '))
            define(c, q, (size_t)(e - q), c->depth + (opens ? 1 : 0));
        else
            use(c, q, (size_t)(e - q));
        q = e;
    }
    if (opens) {
        if (c->depth + 1 >= MAX_DEPTH) {
            problem(c, "%s", "regions nest too deeply");
            return;
        }
        c->depth++;
        if (eq && !closes) {
            free(c->pending[c->depth]);
            c->pending[c->depth] = malloc((size_t)(eq - p) + 1);
            if (!c->pending[c->depth]) {
                perror("mlir_check");
                exit(2);
            }
            memcpy(c->pending[c->depth], p, (size_t)(eq - p));
            c->pending[c->depth][eq - p] = '\0';
        }
    } else if (eq) {
        *eq = '\0';
        define_list(c, p, c->depth);
        *eq = ' ';
        note_constant(c, p, eq, rest);
    }
    check_alloc_addr(c, rest);
}

int mlir_lint_text(const char *name, const char *text, size_t len, FILE *out)
{
    Checker c;
    char *buf = NULL;
    size_t cap = 0, pos = 0;
    int first_line = 1;
    memset(&c, 0, sizeof c);
    c.file = name;
    c.out = out;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
        if (n + 1 > cap) {
            cap = n + 1 > 2 * cap ? n + 1 : 2 * cap;
            buf = realloc(buf, cap);
            if (!buf) {
                perror("mlir_lint");
                exit(2);
            }
        }
        memcpy(buf, text + pos, n);
        buf[n] = '\0';
        pos += n + (nl != NULL);
        c.line++;
        if (n == 0)
            continue;
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)buf[i] >= 0x80 || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\0')
                problem(&c, "%s", "a character outside printable ASCII");
        if (first_line && strncmp(buf, "module", 6) != 0)
            problem(&c, "%s", "the text does not start with a module");
        first_line = 0;
        check_line(&c, buf);
    }
    if (len == 0)
        problem(&c, "%s", "empty input");
    else if (text[len - 1] != '\n')
        problem(&c, "%s", "the last line has no newline");
    if (c.nbrackets != 0 || c.depth != 0)
        problem(&c, "%s", "a region or bracket is still open at the end");
    forget_all(&c);
    free(c.names);
    free(buf);
    return c.errors;
}
