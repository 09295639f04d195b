/* mlir_text.c: the spellings the MLIR emitters share, SSA names and the
 * constant pool (see mlir_text.h). */
#include "config.h"
#include "codegen/mlir_text.h"
#include "ir/printer.h"
#include "targets/legal_rules.h"
#include "support/diag.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- spellings */

/* One table: the MLIR types kernels have (legal_rules.c). */
const char *mlir_elem_type(DataType dt) { return legal_mlir_dtype(dt); }

const char *mlir_cmp_predicate(IrBinaryOp op, int is_float, int is_unsigned)
{
    static const char *const spred[] = {"eq", "ne", "slt", "sle", "sgt", "sge"};
    static const char *const upred[] = {"eq", "ne", "ult", "ule", "ugt", "uge"};
    static const char *const fpred[] = {"oeq", "one", "olt", "ole", "ogt", "oge"};
    if (!ir_binary_is_comparison(op))
        ICE("'%s' is not a comparison", ir_binary_name(op));
    return (is_float ? fpred : is_unsigned ? upred : spred)[op - BIN_EQ];
}

void mlir_const_name(char *buf, size_t cap, MlirConstKind kind, int64_t i, const char *type, uint32_t n)
{
    switch (kind) {
    case MLIR_CONST_BOOL:
        str_printf(buf, cap, "%%%s", i ? "true" : "false");
        return;
    case MLIR_CONST_FLOAT:
        if (n == 0)
            str_printf(buf, cap, "%%cst");
        else
            str_printf(buf, cap, "%%cst_%" PRIu32, n);
        return;
    case MLIR_CONST_INT:
        if (i < 0)
            str_printf(buf, cap, "%%cn%" PRIu64 "%s%s", (uint64_t)0 - (uint64_t)i, type ? "_" : "", type ? type : "");
        else
            str_printf(buf, cap, "%%c%" PRId64 "%s%s", i, type ? "_" : "", type ? type : "");
        return;
    }
}

int mlir_float_text(double d, char *buf, size_t cap)
{
    if (!isfinite(d))
        return 0;
    snprintf(buf, cap, "%.17e", d);
    return 1;
}

int mlir_float_text_shortest(double d, char *buf, size_t cap)
{
    char text[400];
    const char *e;
    if (!ir_format_float(d, text, sizeof text))
        return 0;
    /* MLIR reads a number without a point as an integer. */
    e = strchr(text, 'e');
    if (strchr(text, '.') || !e)
        snprintf(buf, cap, "%s", text);
    else
        snprintf(buf, cap, "%.*s.0%s", (int)(e - text), text, e);
    return 1;
}

/* ------------------------------------------------------------------ names */

void mlir_names_init(MlirNames *n)
{
    interner_init(&n->strs);
    ptrmap_init(&n->taken);
    arena_init(&n->marks);
    n->next = 0;
    n->reqs = NULL;
    n->nreqs = n->cap = 0;
}

void mlir_names_free(MlirNames *n)
{
    xfree(n->reqs);
    arena_free(&n->marks);
    ptrmap_free(&n->taken);
    interner_free(&n->strs);
}

void mlir_names_reset(MlirNames *n)
{
    ptrmap_clear(&n->taken);
    arena_reset(&n->marks, (ArenaMark){0});
    n->next = 0;
    n->nreqs = 0;
}

const char *mlir_str(MlirNames *n, const char *s) { return intern_cstr(&n->strs, s); }

/* Claims name now; NULL when taken. */
static const char *claim_now(MlirNames *n, const char *name)
{
    const char *s = intern_cstr(&n->strs, name);
    if (ptrmap_get(&n->taken, s))
        return NULL;
    ptrmap_put(&n->taken, s, (void *)s);
    return s;
}

static const char *fresh_now(MlirNames *n)
{
    char buf[16];
    for (;;) {
        const char *s;
        snprintf(buf, sizeof buf, "%%%" PRIu32, n->next++);
        if ((s = claim_now(n, buf)))
            return s;
    }
}

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '$';
}

static const char *claim_or_fresh(MlirNames *n, const char *base, const char *suffix)
{
    size_t lb = strlen(base), ls = suffix ? strlen(suffix) : 0, k = 0;
    char small[128];
    char *buf = lb + ls + 3 <= sizeof small ? small : xmalloc(lb + ls + 3);
    const char *s;
    buf[k++] = '%';
    if (base[0] >= '0' && base[0] <= '9')
        buf[k++] = '_';
    for (size_t i = 0; i < lb; i++)
        buf[k++] = name_char(base[i]) ? base[i] : '_';
    memcpy(buf + k, suffix ? suffix : "", ls);
    buf[k + ls] = '\0';
    s = claim_now(n, buf);
    if (buf != small)
        xfree(buf);
    return s ? s : fresh_now(n);
}

/* Records a request and returns its placeholder. */
static const char *request(MlirNames *n, const char *base, const char *suffix, int konst)
{
    MlirNameReq *r;
    char digits[10], *mark;
    uint32_t id = n->nreqs, k = 0;
    if (n->nreqs == UINT32_MAX)
        ICE("too many SSA names in one function");
    if (n->nreqs == n->cap) {
        n->cap = n->cap ? n->cap * 2 : 256;
        n->reqs = xrealloc(n->reqs, xmul_size(n->cap, sizeof *n->reqs));
    }
    r = &n->reqs[n->nreqs++];
    r->base = base;
    r->suffix = suffix;
    r->name = NULL;
    r->konst = (uint8_t)konst;
    do
        digits[k++] = (char)('0' + id % 10);
    while ((id /= 10) != 0);
    mark = arena_alloc(&n->marks, k + 3);
    mark[0] = MLIR_NAME_MARK;
    for (uint32_t i = 0; i < k; i++)
        mark[1 + i] = digits[k - 1 - i];
    mark[k + 1] = MLIR_NAME_END;
    mark[k + 2] = '\0';
    return mark;
}

const char *mlir_name_claim(MlirNames *n, const char *base, const char *suffix)
{
    return request(n, base, suffix, 0);
}

const char *mlir_name_fresh(MlirNames *n) { return request(n, NULL, NULL, 0); }

const char *mlir_name_claim_exact(MlirNames *n, const char *name)
{
    /* Requests settled later would claim before it: the order of the
     * claims would not be the order of the calls. */
    if (n->nreqs)
        ICE("an exact SSA name claimed after a deferred one");
    return claim_now(n, name);
}

void mlir_names_settle(MlirNames *n)
{
    for (uint32_t k = 0; k < n->nreqs; k++) {
        MlirNameReq *r = &n->reqs[k];
        if (r->konst) {
            if (!r->name)
                ICE("a constant left unnamed");
            continue;
        }
        r->name = r->base ? claim_or_fresh(n, r->base, r->suffix) : fresh_now(n);
        r->len = intern_len(r->name);
    }
}

void mlir_names_write(const MlirNames *n, StrBuf *out, const char *text, size_t len)
{
    const char *p, *end;
    if (len == 0)
        return;   /* text may be the NULL data of an empty buffer */
    p = text;
    end = text + len;
    while (p < end) {
        const char *m = memchr(p, MLIR_NAME_MARK, (size_t)(end - p)), *q;
        uint64_t id = 0;
        if (!m) {
            sb_put(out, p, (size_t)(end - p));
            return;
        }
        sb_put(out, p, (size_t)(m - p));
        for (q = m + 1; q < end && *q >= '0' && *q <= '9' && id <= UINT32_MAX; q++)
            id = id * 10 + (uint64_t)(*q - '0');
        if (q == m + 1 || q == end || *q != MLIR_NAME_END || id >= n->nreqs) {
            sb_putc(out, *m);   /* not a placeholder */
            p = m + 1;
            continue;
        }
        if (!n->reqs[id].name)
            ICE("an SSA name written before it was settled");
        sb_put(out, n->reqs[id].name, n->reqs[id].len);
        p = q + 1;
    }
}

int mlir_has_placeholder(const char *text)
{
    for (const char *m = strchr(text, MLIR_NAME_MARK); m; m = strchr(m + 1, MLIR_NAME_MARK)) {
        const char *q = m + 1;
        while (*q >= '0' && *q <= '9')
            q++;
        if (q > m + 1 && *q == MLIR_NAME_END)
            return 1;
    }
    return 0;
}

/* -------------------------------------------------------------- constants */

void mlir_consts_init(MlirConstPool *p) { memset(p, 0, sizeof *p); }

void mlir_consts_free(MlirConstPool *p)
{
    xfree(p->items);
    xfree(p->slots);
    memset(p, 0, sizeof *p);
}

void mlir_consts_reset(MlirConstPool *p)
{
    p->n = 0;
    p->seq = 0;
    if (p->slots)
        memset(p->slots, 0, p->nslots * sizeof *p->slots);
}

static uint32_t const_hash(MlirConstKind kind, const char *type, int64_t i, double d)
{
    uint64_t bits = (uint64_t)i;
    uint64_t h;
    if (kind == MLIR_CONST_FLOAT)
        memcpy(&bits, &d, sizeof bits);
    h = bits * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uintptr_t)type ^ ((uint64_t)kind << 61);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return (uint32_t)(h ^ (h >> 32));
}

static int const_equal(const MlirConst *c, MlirConstKind kind, const char *type, int64_t i, double d)
{
    if (c->kind != kind || c->type != type)
        return 0;
    if (kind == MLIR_CONST_FLOAT)
        return memcmp(&c->d, &d, sizeof d) == 0;   /* -0.0 and 0.0 are different constants */
    return c->i == i;
}

static void slots_insert(MlirConstPool *p, uint32_t idx)
{
    const MlirConst *c = &p->items[idx];
    uint32_t mask = p->nslots - 1, h = const_hash((MlirConstKind)c->kind, c->type, c->i, c->d) & mask;
    while (p->slots[h])
        h = (h + 1) & mask;
    p->slots[h] = idx + 1;
}

static void slots_rebuild(MlirConstPool *p, uint32_t nslots)
{
    xfree(p->slots);
    p->nslots = nslots;
    p->slots = xcalloc(nslots, sizeof *p->slots);
    for (uint32_t k = 0; k < p->n; k++)
        slots_insert(p, k);
}

const MlirConst *mlir_const(MlirConstPool *p, MlirNames *n, MlirConstKind kind, const char *type, int64_t i,
                            double d, unsigned group)
{
    uint32_t mask, h;
    MlirConst *c;
    if (kind == MLIR_CONST_BOOL)
        i = i != 0;
    if (p->nslots == 0)
        slots_rebuild(p, 64);
    mask = p->nslots - 1;
    for (h = const_hash(kind, type, i, d) & mask; p->slots[h]; h = (h + 1) & mask) {
        c = &p->items[p->slots[h] - 1];
        if (const_equal(c, kind, type, i, d)) {
            if (group < c->group) {
                c->group = (uint8_t)group;
                c->seq = p->seq++;
            }
            return c;
        }
    }
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 32;
        p->items = xrealloc(p->items, xmul_size(p->cap, sizeof *p->items));
    }
    c = &p->items[p->n++];
    memset(c, 0, sizeof *c);
    c->kind = (uint8_t)kind;
    c->group = (uint8_t)group;
    c->type = type;
    c->i = i;
    c->d = d;
    c->seq = p->seq++;
    c->req = n->nreqs;
    c->name = request(n, NULL, NULL, 1);
    if ((uint64_t)p->n * 2 > p->nslots)
        slots_rebuild(p, p->nslots * 2);
    else
        slots_insert(p, p->n - 1);
    return c;
}

static int const_order(const void *a, const void *b)
{
    const MlirConst *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void mlir_consts_finish(MlirConstPool *p, MlirNames *n)
{
    char buf[96];
    if (p->n > 1)
        qsort(p->items, p->n, sizeof *p->items, const_order);
    for (uint32_t k = 0; k < p->n; k++) {
        MlirConst *c = &p->items[k];
        const char *name;
        /* A float's number is its position in the pool (pto-mlir.md 4.2). */
        mlir_const_name(buf, sizeof buf, (MlirConstKind)c->kind, c->i, c->type, k);
        /* Constants are named before anything but the parameters, whose
         * names (%arg<i>) cannot collide with these. */
        name = claim_now(n, buf);
        c->name = name ? name : fresh_now(n);
        n->reqs[c->req].name = c->name;
        n->reqs[c->req].len = intern_len(c->name);
    }
    slots_rebuild(p, p->nslots ? p->nslots : 64);
}

void mlir_consts_print(const MlirConstPool *p, StrBuf *out, int indent, const char *loc)
{
    char buf[64];
    for (uint32_t k = 0; k < p->n; k++) {
        const MlirConst *c = &p->items[k];
        sb_indent(out, indent);
        switch ((MlirConstKind)c->kind) {
        case MLIR_CONST_BOOL:
            sb_printf(out, "%s = arith.constant %s", c->name, c->i ? "true" : "false");
            break;
        case MLIR_CONST_FLOAT:
            mlir_float_text(c->d, buf, sizeof buf);
            sb_printf(out, "%s = arith.constant %s : %s", c->name, buf, c->type);
            break;
        case MLIR_CONST_INT:
            sb_printf(out, "%s = arith.constant %" PRId64 " : %s", c->name, c->i, c->type);
            break;
        }
        sb_printf(out, "%s\n", loc);
    }
}

/* ------------------------------------------------------------ locations */

const char *mlir_loc(const SourceFile *src, Span at, char *buf, size_t cap)
{
    StrBuf sb;
    SourcePos p;
    if (!src || !span_is_known(at) || at.lo > src->len) {
        snprintf(buf, cap, " loc(unknown)");
        return buf;
    }
    p = source_pos((SourceFile *)src, at.lo);
    sb_init(&sb);
    sb_puts(&sb, " loc(\"");
    for (const char *c = src->name; *c; c++) {
        if (*c == '"' || *c == '\\')
            sb_putc(&sb, '\\');
        sb_putc(&sb, *c);
    }
    sb_printf(&sb, "\":%" PRIu32 ":%" PRIu32 ")", p.line, p.col);
    snprintf(buf, cap, "%s", sb_cstr(&sb));
    sb_free(&sb);
    return buf;
}

void mlir_locs_init(MlirLocs *L, SourceFile *src)
{
    memset(L, 0, sizeof *L);
    L->src = src;
}

void mlir_locs_free(MlirLocs *L) { xfree(L->open); }

typedef enum LocLine { LOC_NONE, LOC_OP, LOC_OPEN, LOC_CLOSE } LocLine;

static LocLine loc_line(const char *s, size_t n)
{
    while (n && *s == ' ')
        s++, n--;
    if (n == 0 || *s == '^')
        return LOC_NONE;
    if (*s == '}')
        return n == 1 ? LOC_CLOSE : LOC_NONE;
    return s[n - 1] == '{' ? LOC_OPEN : LOC_OP;
}

size_t mlir_locs_lines(MlirLocs *L, StrBuf *sb, size_t from, Span at)
{
    size_t end = sb->len, last = end;
    char *text, loc[4096];
    while (last > from && sb->data[last - 1] != '\n')
        last--;
    if (last == from)
        return from;
    text = xmalloc(end - from);
    memcpy(text, sb->data + from, end - from);
    sb->len = from;
    for (size_t i = 0; i < last - from;) {
        const char *line = text + i, *nl = memchr(line, '\n', last - from - i);
        size_t n = (size_t)(nl - line);
        Span here = at;
        sb_put(sb, line, n);
        switch (loc_line(line, n)) {
        case LOC_OPEN:
            if (L->nopen == L->cap) {
                L->cap = L->cap ? 2 * L->cap : 8;
                L->open = xrealloc(L->open, L->cap * sizeof *L->open);
            }
            L->open[L->nopen++] = at;
            break;
        case LOC_CLOSE:
            here = L->nopen ? L->open[--L->nopen] : at;
            /* fall through */
        case LOC_OP:
            sb_puts(sb, mlir_loc(L->src, here, loc, sizeof loc));
            break;
        case LOC_NONE:
            break;
        }
        sb_putc(sb, '\n');
        i += n + 1;
    }
    {
        size_t done = sb->len;
        sb_put(sb, text + (last - from), end - last);   /* a line not yet complete */
        xfree(text);
        return done;
    }
}
