/* mlir_ops.c: the operand rules that PTOAS's op verifiers (PTOAS a56b18c3,
 * lib/PTO/IR/PTO.cpp, and where PTOAS 0.60 (e32488c9) is stricter, its
 * rule) enforce for the pto ops pyptocc emits, written from what those
 * verifiers check: address spaces, layouts, element types per
 * target (a2a3 or a5), equal element types and valid shapes, the shapes of
 * reductions, broadcasts and matrix multiplications, the i8 destination of
 * tcmp, the transfer rules of tload/tstore/tmov.  mlir_check runs it on
 * every op line of the text pyptocc emits, so that pyptocc's tests see what
 * PTOAS would reject without PTOAS.  It stays on the safe side: a rule it
 * is unsure about is left out, never made stricter than PTOAS.
 *
 * An op line looks like
 *   pto.NAME ins(%a, %b{attrs} : TYPE, TYPE) outs(%d : TYPE)
 * with !pto.tile_buf<...>, !pto.partition_tensor_view<RxCxT> or scalar
 * types. */
#include "mlir_ops.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPERANDS 8

typedef enum { K_NONE, K_TILE, K_VIEW, K_SCALAR } Kind;

typedef struct Operand {
    char name[96];
    Kind kind;
    char elem[12];           /* element type (tiles, views) or the scalar type */
    /* tiles */
    char loc[8];
    long rows, cols, vrow, vcol; /* -1: ? */
    int row_major;               /* blayout */
    char slayout[12];
    long fractal;
    int pad;
    /* views */
    long shape[8];
    int rank;
} Operand;

typedef struct Op {
    char name[40];
    Operand in[MAX_OPERANDS];
    int nin;
    Operand out[MAX_OPERANDS];
    int nout;
    int a5;
    int problems;
    MlirOpsReport report;
    void *ctx;
} Op;

/* ------------------------------------------------------------- parsing */

static int is_open(char c) { return c == '(' || c == '<' || c == '[' || c == '{'; }
static int is_close(char c) { return c == ')' || c == '>' || c == ']' || c == '}'; }

/* The end of the bracketed text that starts after `open` (at its matching
 * close bracket), or NULL. */
static const char *matching(const char *p)
{
    int depth = 1;
    for (; *p; p++) {
        if (*p == '-' && p[1] == '>') { /* "->" is not a bracket */
            p++;
            continue;
        }
        if (is_open(*p))
            depth++;
        else if (is_close(*p) && --depth == 0)
            return p;
    }
    return NULL;
}

/* Splits [s, e) at commas outside brackets into at most max trimmed parts. */
static int split(const char *s, const char *e, char parts[][160], int max)
{
    int n = 0, depth = 0;
    const char *start = s;
    for (const char *p = s;; p++) {
        if (p == e || (*p == ',' && depth == 0)) {
            const char *a = start, *b = p;
            while (a < b && isspace((unsigned char)*a))
                a++;
            while (b > a && isspace((unsigned char)b[-1]))
                b--;
            if (b > a) {
                if (n == max)
                    return -1;
                snprintf(parts[n++], 160, "%.*s", (int)(b - a), a);
            }
            if (p == e)
                break;
            start = p + 1;
            continue;
        }
        if (*p == '-' && p + 1 < e && p[1] == '>') {
            p++;
            continue;
        }
        if (is_open(*p))
            depth++;
        else if (is_close(*p))
            depth--;
    }
    return n;
}

static long count(const char *v)
{
    return *v == '?' ? -1 : strtol(v, NULL, 10);
}

static void parse_type(Operand *o, const char *t)
{
    static const char tb[] = "!pto.tile_buf<", pv[] = "!pto.partition_tensor_view<";
    if (strncmp(t, tb, sizeof tb - 1) == 0) {
        char fields[12][160];
        const char *s = t + sizeof tb - 1, *e = strrchr(s, '>');
        int n = e ? split(s, e, fields, 12) : -1;
        if (n != 10)
            return;
        o->kind = K_TILE;
        for (int i = 0; i < n; i++) {
            char *eq = strchr(fields[i], '=');
            const char *v;
            if (!eq)
                continue;
            *eq = '\0';
            v = eq + 1;
            if (strcmp(fields[i], "loc") == 0)
                snprintf(o->loc, sizeof o->loc, "%.7s", v);
            else if (strcmp(fields[i], "dtype") == 0)
                snprintf(o->elem, sizeof o->elem, "%.11s", v);
            else if (strcmp(fields[i], "rows") == 0)
                o->rows = count(v);
            else if (strcmp(fields[i], "cols") == 0)
                o->cols = count(v);
            else if (strcmp(fields[i], "v_row") == 0)
                o->vrow = count(v);
            else if (strcmp(fields[i], "v_col") == 0)
                o->vcol = count(v);
            else if (strcmp(fields[i], "blayout") == 0)
                o->row_major = strcmp(v, "row_major") == 0;
            else if (strcmp(fields[i], "slayout") == 0)
                snprintf(o->slayout, sizeof o->slayout, "%.11s", v);
            else if (strcmp(fields[i], "fractal") == 0)
                o->fractal = count(v);
            else if (strcmp(fields[i], "pad") == 0)
                o->pad = (int)count(v);
        }
        return;
    }
    if (strncmp(t, pv, sizeof pv - 1) == 0) {
        const char *s = t + sizeof pv - 1, *x;
        o->kind = K_VIEW;
        while ((x = strchr(s, 'x')) != NULL && (isdigit((unsigned char)*s) || *s == '?') && o->rank < 8) {
            o->shape[o->rank++] = count(s);
            s = x + 1;
        }
        snprintf(o->elem, sizeof o->elem, "%.*s", (int)strcspn(s, ">"), s);
        return;
    }
    o->kind = K_SCALAR;
    snprintf(o->elem, sizeof o->elem, "%.11s", t);
}

/* Parses "ins(...)" or "outs(...)" at p into ops[]; returns the count or -1. */
static int parse_group(const char *p, Operand *ops)
{
    char names[MAX_OPERANDS][160], types[MAX_OPERANDS][160];
    const char *e = matching(p), *colon = NULL;
    int depth = 0, n, m;
    if (!e)
        return -1;
    for (const char *q = p; q < e; q++) {
        if (is_open(*q))
            depth++;
        else if (is_close(*q))
            depth--;
        else if (*q == ':' && depth == 0) {
            colon = q;
            break;
        }
    }
    if (!colon)
        return -1;
    n = split(p, colon, names, MAX_OPERANDS);
    m = split(colon + 1, e, types, MAX_OPERANDS);
    if (n < 0 || n != m)
        return -1;
    for (int i = 0; i < n; i++) {
        memset(&ops[i], 0, sizeof ops[i]);
        snprintf(ops[i].name, sizeof ops[i].name, "%.*s", (int)strcspn(names[i], "{ "), names[i]);
        parse_type(&ops[i], types[i]);
    }
    return n;
}

/* ------------------------------------------------------------ the facts */

static void bad(Op *op, const char *fmt, ...)
{
    char msg[400], full[480];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "pto.%s: %s (a PTOAS verifier rule)", op->name, msg);
    op->report(op->ctx, "%s", full);
    op->problems++;
}

static int bits(const char *dt)
{
    const char *d = dt;
    while (*d && !isdigit((unsigned char)*d))
        d++;
    return atoi(d);
}
static int is_int(const char *dt) { return dt[0] == 'i' || (dt[0] == 'u' && dt[1] == 'i'); }

/* dt in a set of names: "iN" is any integer of N bits (MLIR's isInteger),
 * "uN" an unsigned one, others (f16, bf16, f32) themselves. */
static int in_set(const char *dt, const char *set)
{
    char name[12];
    const char *p = set;
    while (*p) {
        size_t n = strcspn(p, " ");
        snprintf(name, sizeof name, "%.*s", (int)n, p);
        if (name[0] == 'i' && is_int(dt) && bits(dt) == atoi(name + 1))
            return 1;
        if (name[0] == 'u' && dt[0] == 'u' && bits(dt) == atoi(name + 1))
            return 1;
        if (strcmp(name, dt) == 0)
            return 1;
        p += n;
        while (*p == ' ')
            p++;
    }
    return 0;
}

static int tile(Op *op, const Operand *o, const char *role)
{
    if (o->kind != K_TILE) {
        bad(op, "expects %s to be a !pto.tile_buf", role);
        return 0;
    }
    if ((o->rows >= 0 && o->vrow > o->rows) || (o->cols >= 0 && o->vcol > o->cols)) {
        bad(op, "expects %s to satisfy valid_shape <= shape", role);
        return 0;
    }
    return 1;
}

static int known_differ(long a, long b) { return a >= 0 && b >= 0 && a != b; }

static void same_elem(Op *op, const Operand *a, const Operand *b, const char *an, const char *bn)
{
    if (strcmp(a->elem, b->elem) != 0)
        bad(op, "expects %s and %s to have the same element type", an, bn);
}
static void same_valid(Op *op, const Operand *a, const Operand *b, const char *an, const char *bn)
{
    if (known_differ(a->vrow, b->vrow) || known_differ(a->vcol, b->vcol))
        bad(op, "expects %s and %s to have the same valid_shape", an, bn);
}
static void same_shape(Op *op, const Operand *a, const Operand *b, const char *an, const char *bn)
{
    if (a->rows != b->rows || a->cols != b->cols)
        bad(op, "expects %s and %s to have the same shape", an, bn);
}
static void vec(Op *op, const Operand *o, const char *role)
{
    if (strcmp(o->loc, "vec") != 0)
        bad(op, "expects %s to be in the vec address space", role);
}
static void row_major(Op *op, const Operand *o, const char *role)
{
    if (!o->row_major)
        bad(op, "expects %s to use the row_major blayout", role);
}
static void none_box(Op *op, const Operand *o, const char *role)
{
    if (strcmp(o->slayout, "none_box") != 0)
        bad(op, "expects %s to use the none_box slayout", role);
}
static void nd_vec(Op *op, const Operand *o, const char *role)
{
    vec(op, o, role);
    row_major(op, o, role);
    none_box(op, o, role);
}
static void elem_in(Op *op, const Operand *o, const char *a2, const char *a5, const char *role)
{
    const char *set = op->a5 ? a5 : a2;
    if (set && !in_set(o->elem, set))
        bad(op, "expects the %s element type to be one of %s", role, set);
}

/* ------------------------------------------------------------ the rules */

typedef struct Rule Rule;
typedef void (*Check)(Op *op, const Rule *r);
struct Rule {
    const char *name;
    Check check;
    int nin;         /* operands in ins(...) */
    const char *a2;  /* element types on a2a3 (NULL: any) */
    const char *a5;  /* on a5 */
    int optional;    /* operands ins(...) may have beyond nin */
};

/* tadd tsub tmul tdiv tmax tmin: three row-major tiles of one element type
 * and one valid shape. */
static void check_binary(Op *op, const Rule *r)
{
    const Operand *s0 = &op->in[0], *s1 = &op->in[1], *d = &op->out[0];
    if (!tile(op, s0, "src0") || !tile(op, s1, "src1") || !tile(op, d, "dst"))
        return;
    same_elem(op, s0, s1, "src0", "src1");
    same_elem(op, s0, d, "src0", "dst");
    same_valid(op, s0, s1, "src0", "src1");
    same_valid(op, s0, d, "src0", "dst");
    if (!s0->row_major || !s1->row_major || !d->row_major)
        bad(op, "expects src0, src1, and dst to use row-major layout");
    elem_in(op, s0, r->a2, r->a5, "src0");
}

/* tand tor txor tshl tshr (and trem, tprelu with their scratch): the same,
 * with the scratch of txor/trem in the destination's element type. */
static void check_bitwise(Op *op, const Rule *r)
{
    check_binary(op, r);
    if (op->nin > 2 && strcmp(op->name, "tprelu") != 0) {
        const Operand *t = &op->in[2];
        if (!tile(op, t, "tmp"))
            return;
        same_elem(op, t, &op->out[0], "tmp", "dst");
        row_major(op, t, "tmp");
    }
}

/* tprelu: f16/f32 operands of one shape; on a2a3 a row-major ui8 scratch
 * of at least one row more than the destination's valid rows and a bit
 * per valid column (PTOAS 0.60 TPReluOp::verify: the A2/A3 TPRELU takes
 * its select mask from the row after them; pto-isa 3186c381's
 * npu/a2a3/TPrelu.hpp asserts tmp valid rows > dst valid rows). */
static void check_prelu(Op *op, const Rule *r)
{
    const Operand *t = &op->in[2], *d = &op->out[0];
    long cols8, row_bytes;
    check_binary(op, r);
    if (!tile(op, t, "tmp"))
        return;
    same_shape(op, &op->in[0], d, "src0", "dst");
    if (op->a5)
        return;
    if (!in_set(t->elem, "u8"))
        bad(op, "expects the A2/A3 tmp element type to be ui8");
    row_major(op, t, "tmp");
    if (d->vrow >= 0 && t->rows >= 0 && t->rows < d->vrow + 1)
        bad(op, "expects A2/A3 tmp shape[0] to be at least dst valid_shape[0] + 1 (%ld)", d->vrow + 1);
    if (d->vcol < 0 || t->vcol < 0 || t->rows < 0 || t->cols < 0)
        return;
    cols8 = (d->vcol + 7) / 8;
    row_bytes = (cols8 + 31) / 32 * 32;
    if (t->vcol < cols8)
        bad(op, "expects A2/A3 tmp valid_shape[1] to be at least ceil(dst valid_shape[1] / 8) (%ld)", cols8);
    if (t->rows * t->cols < (d->vrow + 1) * (row_bytes < 32 ? 32 : row_bytes))
        bad(op, "expects A2/A3 tmp to hold (dst valid_shape[0] + 1) rows of %ld bytes", row_bytes < 32 ? 32 : row_bytes);
}

/* tadds tsubs tmuls tdivs tmaxs tmins: Vec tiles of one element type and
 * one valid shape, and a scalar. */
static void check_scalar(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *x = &op->in[1], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    vec(op, s, "src");
    vec(op, d, "dst");
    same_elem(op, s, d, "src", "dst");
    if (known_differ(s->vcol, d->vcol) || (!op->a5 && known_differ(s->vrow, d->vrow)))
        bad(op, "expects src and dst to have the same valid_shape");
    if (x->kind != K_SCALAR)
        bad(op, "expects the scalar operand to be a scalar");
    elem_in(op, s, r->a2, r->a5, "src");
}

/* tands tors txors: different storage, row-major, one element type and
 * valid shape. */
static void check_bitwise_scalar(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    if (strcmp(s->name, d->name) == 0)
        bad(op, "expects src and dst to use different storage");
    same_elem(op, s, d, "src", "dst");
    if (!s->row_major || !d->row_major)
        bad(op, "expects src and dst to use row-major layout");
    same_valid(op, s, d, "src", "dst");
    elem_in(op, s, r->a2, r->a5, "src");
}

/* tshls: integers of one type.  tshrs: Vec row-major, one valid shape. */
static void check_shift_scalar(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    same_elem(op, s, d, "src", "dst");
    if (!is_int(s->elem))
        bad(op, "expects integral element types");
    if (strcmp(op->name, "tshrs") == 0) {
        vec(op, s, "src");
        vec(op, d, "dst");
        row_major(op, s, "src");
        row_major(op, d, "dst");
        same_valid(op, s, d, "src", "dst");
        elem_in(op, s, r->a2, r->a5, "src");
    }
}

/* trems: row-major src, tmp and dst; tmp of the destination's type; the
 * scalar of the element type. */
static void check_rems(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *x = &op->in[1], *t = &op->in[2], *d = &op->out[0];
    (void)r;
    if (!tile(op, s, "src") || !tile(op, t, "tmp") || !tile(op, d, "dst"))
        return;
    same_elem(op, s, d, "src", "dst");
    same_valid(op, s, d, "src", "dst");
    same_elem(op, t, d, "tmp", "dst");
    if (!s->row_major || !t->row_major || !d->row_major)
        bad(op, "expects src, tmp, and dst to use row-major layout");
    if (strcmp(x->elem, s->elem) != 0)
        bad(op, "expects the scalar type to match the tile element type");
}

/* texp tlog tsqrt trsqrt trecip tabs tnot trelu: Vec row-major tiles of
 * one element type and valid shape. */
static void check_unary(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    vec(op, s, "src");
    vec(op, d, "dst");
    row_major(op, s, "src");
    row_major(op, d, "dst");
    same_elem(op, s, d, "src", "dst");
    same_valid(op, s, d, "src", "dst");
    elem_in(op, s, r->a2, r->a5, "src");
    /* trsqrt's optional tmp (TRsqrtOp::verify): a Vec tile of 32 bytes or more */
    if (op->nin == 2 && tile(op, &op->in[1], "tmp")) {
        const Operand *t = &op->in[1];
        vec(op, t, "tmp");
        if (t->rows > 0 && t->cols > 0 && bits(t->elem) > 0 && t->rows * t->cols * bits(t->elem) / 8 < 32)
            bad(op, "expects tmp to be at least 32 bytes when provided");
    }
}

/* tneg tlrelu: Vec tiles of one element type and valid shape, any layout. */
static void check_unary_any_layout(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    vec(op, s, "src");
    vec(op, d, "dst");
    same_elem(op, s, d, "src", "dst");
    if (known_differ(s->vcol, d->vcol) || (!op->a5 && known_differ(s->vrow, d->vrow)))
        bad(op, "expects src and dst to have the same valid_shape");
    elem_in(op, s, r->a2, r->a5, "src");
}

/* taddc taddsc: every tile operand has the destination's shape. */
static void check_same_shapes(Op *op, const Rule *r)
{
    (void)r;
    for (int i = 0; i < op->nin; i++)
        if (op->in[i].kind == K_TILE && op->out[0].kind == K_TILE)
            same_shape(op, &op->in[i], &op->out[0], "the sources", "dst");
}

/* tcmp: sources of one element type, an 8-bit integer destination. */
static void check_cmp(Op *op, const Rule *r)
{
    const Operand *s0 = &op->in[0], *s1 = &op->in[1], *d = &op->out[0];
    if (!tile(op, s0, "src0") || !tile(op, s1, "src1") || !tile(op, d, "dst"))
        return;
    if (!op->a5) {
        vec(op, s0, "src0");
        vec(op, s1, "src1");
        vec(op, d, "dst");
    }
    same_elem(op, s0, s1, "src0", "src1");
    elem_in(op, s0, r->a2, r->a5, "input");
    if (!in_set(d->elem, "i8"))
        bad(op, "expects dst element type to be i8");
    if (known_differ(s0->vrow, s1->vrow) || known_differ(s0->vcol, s1->vcol))
        bad(op, "expects src0 and src1 to have the same valid shape");
    if (!op->a5 && known_differ(s0->vrow, d->vrow))
        bad(op, "expects src0 valid row to equal dst valid row");
    if (op->a5 && (s0->rows != d->rows || s0->cols != d->cols || s0->rows != s1->rows || s0->cols != s1->cols))
        bad(op, "expects src0, src1, and dst to have the same shape");
}

/* tcmps: Vec tiles, the valid rows of the source. */
static void check_cmps(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    vec(op, s, "src");
    vec(op, d, "dst");
    elem_in(op, s, r->a2, r->a5, "input");
    if (known_differ(s->vrow, d->vrow))
        bad(op, "expects src and dst to have the same valid_shape[0]");
}

/* tsel ins(mask, src0, src1, tmp): row-major data tiles of one type; on
 * a2a3 a scratch of 4-byte elements (PTOAS 0.60 TSelOp::verify: the A2/A3
 * TSEL writes its compare mask there as uint32_t words). */
static void check_sel(Op *op, const Rule *r)
{
    const Operand *s0 = &op->in[1], *s1 = &op->in[2], *t = &op->in[3], *d = &op->out[0];
    if (!tile(op, s0, "src0") || !tile(op, s1, "src1") || !tile(op, d, "dst") || !tile(op, t, "tmp"))
        return;
    same_elem(op, s0, s1, "src0", "src1");
    same_elem(op, s0, d, "src0", "dst");
    if (!s0->row_major || !s1->row_major || !d->row_major)
        bad(op, "expects src0, src1, and dst to use row-major layout");
    elem_in(op, s0, r->a2, r->a5, "src0");
    if (!op->a5 && bits(t->elem) != 32)
        bad(op, "expects A2/A3 tsel tmp element type to be 4 bytes wide");
}

/* tcvt ins(src[, tmp]): one shape and valid shape.  On a2a3 a narrowing
 * conversion without saturation (f32 to a 16-bit integer, f16 to an 8- or
 * 16-bit one) takes an explicit i8 scratch at --pto-level=level3 (PTOAS
 * 0.60, lib/PTO/Transforms/PTOMaterializeImplicitTmp.cpp tcvtNeedsTmp:
 * "requires explicit tmp for non-saturating narrowing tcvt when
 * PlanMemory is skipped"). */
static void check_cvt(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    int needs;
    (void)r;
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    same_shape(op, s, d, "src", "dst");
    same_valid(op, s, d, "src", "dst");
    needs = !op->a5 && is_int(d->elem) &&
            ((strcmp(s->elem, "f32") == 0 && bits(d->elem) == 16) ||
             (strcmp(s->elem, "f16") == 0 && (bits(d->elem) == 16 || bits(d->elem) == 8)));
    if (needs && op->nin < 2)
        bad(op, "requires explicit tmp for non-saturating narrowing tcvt when PlanMemory is skipped");
    if (op->nin == 2 && tile(op, &op->in[1], "tmp"))
        vec(op, &op->in[1], "tmp");
}

/* texpands: a Vec (row-major on a2a3) or Mat destination of the scalar's
 * type. */
static void check_expands(Op *op, const Rule *r)
{
    const Operand *x = &op->in[0], *d = &op->out[0];
    if (!tile(op, d, "dst"))
        return;
    if (strcmp(d->loc, "vec") != 0 && strcmp(d->loc, "mat") != 0)
        bad(op, "expects dst to be in the vec or mat address space");
    if (strcmp(x->elem, d->elem) != 0)
        bad(op, "expects scalar type == dst element type");
    if (!op->a5 && strcmp(d->loc, "vec") == 0)
        row_major(op, d, "dst");
    elem_in(op, d, r->a2, r->a5, "dst");
}

/* tfillpad: elements of 1, 2 or 4 bytes, one size, a destination with a
 * pad value; one static shape, except that a Vec destination may be
 * larger (PTOAS 0.60's verifyTFillPadLike: the heterogeneous overload,
 * lowered to TFILLPAD<Expand>, is for loc=vec). */
static void check_fillpad(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    int b = bits(s->elem);
    (void)r;
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    if (b != bits(d->elem))
        bad(op, "expects sizeof(src element) == sizeof(dst element)");
    if (b != 8 && b != 16 && b != 32)
        bad(op, "expects element size to be 1, 2, or 4 bytes");
    if (d->pad == 0)
        bad(op, "expects dst PadVal != Null");
    if (strcmp(s->loc, "vec") == 0 && strcmp(d->loc, "vec") == 0) {
        if (d->rows < s->rows || d->cols < s->cols)
            bad(op, "expects dst to be no smaller than src");
    } else {
        same_shape(op, s, d, "src", "dst");
    }
}

/* trowsum trowmax trowmin: an ND source, a DN [M, 1] (or ND) destination,
 * one element type, equal valid rows, one valid column. */
static void check_row_reduce(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    nd_vec(op, s, "src");
    vec(op, d, "dst");
    none_box(op, d, "dst");
    if (!d->row_major && d->cols >= 0 && d->cols != 1)
        bad(op, "expects DN-style dst to have shape[1] == 1");
    same_elem(op, s, d, "src", "dst");
    if (s->vrow == 0 || s->vcol == 0)
        bad(op, "expects a non-empty src valid_shape");
    if (known_differ(s->vrow, d->vrow))
        bad(op, "expects src and dst to have the same valid_shape[0]");
    if (d->vcol >= 0 && d->vcol != 1)
        bad(op, "expects dst valid_shape[1] to be 1");
    elem_in(op, s, r->a2, r->a5, "src");
}

/* tcolsum tcolmax tcolmin: ND source and destination, one element type,
 * equal valid columns; tcolsum's binary-tree form (a tmp operand, with
 * {isBinary = true}) a static source valid shape and a tmp row that holds
 * its valid columns. */
static void check_col_reduce(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    nd_vec(op, s, "src");
    nd_vec(op, d, "dst");
    same_elem(op, s, d, "src", "dst");
    if (known_differ(s->vcol, d->vcol))
        bad(op, "expects src and dst to have the same valid_shape[1]");
    elem_in(op, s, r->a2, r->a5, "src");
    if (op->nin == 2 && tile(op, &op->in[1], "tmp")) {
        const Operand *t = &op->in[1];
        nd_vec(op, t, "tmp");
        same_elem(op, s, t, "src", "tmp");
        if (s->vrow < 0 || s->vcol < 0)
            bad(op, "expects static src valid_shape and element size to verify tcolsum tmp");
        else if (t->cols >= 0 && t->cols < s->vcol)
            bad(op, "expects tmp shape[1] to be at least src valid_shape[1] when isBinary is true");
    }
}

/* trowexpand: a Vec unboxed source, an ND destination, equal valid rows. */
static void check_row_expand(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    (void)r;
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    vec(op, s, "src");
    none_box(op, s, "src");
    nd_vec(op, d, "dst");
    same_elem(op, s, d, "src", "dst");
    if (known_differ(s->vrow, d->vrow))
        bad(op, "expects src and dst to have the same valid_shape[0]");
}

/* tcolexpand: ND source and destination, equal valid columns. */
static void check_col_expand(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    (void)r;
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    nd_vec(op, s, "src");
    nd_vec(op, d, "dst");
    same_elem(op, s, d, "src", "dst");
    if (known_differ(s->vcol, d->vcol))
        bad(op, "expects src and dst to have the same valid_shape[1]");
}

/* trowexpand{add,sub,mul,div}: one element type, a row-major destination
 * (and tile source for add), the vector's valid rows are the destination's;
 * for add a row-major vector is one 32-byte block wide, another one column. */
static void check_row_expand_op(Op *op, const Rule *r)
{
    const Operand *s0 = &op->in[0], *s1 = &op->in[1], *d = &op->out[0];
    if (!tile(op, s0, "src0") || !tile(op, s1, "src1") || !tile(op, d, "dst"))
        return;
    same_elem(op, s0, d, "src0", "dst");
    same_elem(op, s0, s1, "src0", "src1");
    row_major(op, d, "dst");
    elem_in(op, d, r->a2, r->a5, "dst");
    if (strcmp(op->name, "trowexpandadd") == 0) {
        long want = 256 / (bits(s1->elem) ? bits(s1->elem) : 32);
        row_major(op, s0, "src0");
        same_valid(op, s0, d, "src0", "dst");
        if (known_differ(s1->vrow, d->vrow))
            bad(op, "expects src1 valid_shape[0] to equal dst valid_shape[0]");
        if (s1->row_major && s1->vcol >= 0 && s1->vcol != want)
            bad(op, "expects row-major src1 valid_shape[1] to be 32/sizeof(dtype)");
        if (!s1->row_major && s1->vcol >= 0 && s1->vcol != 1)
            bad(op, "expects non-row-major src1 valid_shape[1] to be 1");
        /* the form with tmp on A2/A3 (verifyTRowExpandImplicitTmpContract):
         * a column vector, a Vec tmp of dst's element type holding
         * ceil(rows / 8) * 256 bytes (30 * 256 from 256 rows); A5's reads
         * no tmp, and Legalize leaves the user's there */
        if (op->nin == 3 && tile(op, &op->in[2], "tmp") && !op->a5) {
            const Operand *t = &op->in[2];
            long rows = d->vrow, need = rows < 0 ? 8192 : rows < 256 ? (rows + 7) / 8 * 256 : 30 * 256;
            if (s1->row_major)
                bad(op, "expects A2/A3 tmp-form trowexpand to use mode 1 (ColMajor per-row scalar expanded operand)");
            vec(op, t, "tmp");
            if (strcmp(t->elem, d->elem) != 0)
                bad(op, "expects tmp and dst to have the same element type");
            if (t->rows > 0 && t->cols > 0 && bits(t->elem) > 0 && t->rows * t->cols * bits(t->elem) / 8 < need)
                bad(op, "expects A2/A3 trowexpand tmp capacity to be at least the rows' 32-byte blocks");
        }
    }
}

/* tcolexpand{mul,sub,div}: row-major tiles, src0 of the destination's shape
 * and valid shape, the vector's valid columns are the destination's. */
static void check_col_expand_op(Op *op, const Rule *r)
{
    const Operand *s0 = &op->in[0], *s1 = &op->in[1], *d = &op->out[0];
    if (!tile(op, s0, "src0") || !tile(op, s1, "src1") || !tile(op, d, "dst"))
        return;
    elem_in(op, s0, r->a2, r->a5, "src0");
    elem_in(op, s1, r->a2, r->a5, "src1");
    elem_in(op, d, r->a2, r->a5, "dst");
    same_shape(op, s0, d, "src0", "dst");
    same_valid(op, s0, d, "src0", "dst");
    row_major(op, s0, "src0");
    row_major(op, s1, "src1");
    row_major(op, d, "dst");
    if (known_differ(s1->vcol, d->vcol))
        bad(op, "expects src1 valid_shape[1] to equal dst valid_shape[1]");
}

/* tload: a view into a tile of one element size; on a2a3 a Vec or Mat tile
 * of a load/store element type. */
static void check_load(Op *op, const Rule *r)
{
    const Operand *v = &op->in[0], *d = &op->out[0];
    if (v->kind != K_VIEW) {
        bad(op, "expects src to be !pto.partition_tensor_view");
        return;
    }
    if (!tile(op, d, "dst"))
        return;
    if (d->vrow == 0 || d->vcol == 0)
        bad(op, "expects a positive dst valid_shape");
    if (bits(v->elem) != bits(d->elem))
        bad(op, "expects src and dst element types to have the same bitwidth");
    if (!op->a5) {
        elem_in(op, d, r->a2, NULL, "dst");
        if (strcmp(d->loc, "vec") != 0 && strcmp(d->loc, "mat") != 0)
            bad(op, "expects A2/A3 tload dst to use loc=vec or loc=mat");
    }
}

/* tstore: a tile into a view of as many elements as its valid shape; Vec
 * (and Mat on a2a3) sources keep their element size, Acc sources are
 * i32/f32 into i32/f32/f16/bf16 memory. */
static void check_store(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *v = &op->out[0];
    long n = 1;
    (void)r;
    if (v->kind != K_VIEW) {
        bad(op, "expects dst to be !pto.partition_tensor_view");
        return;
    }
    if (!tile(op, s, "src"))
        return;
    for (int i = 0; i < v->rank; i++)
        n = v->shape[i] < 0 || n < 0 ? -1 : n * v->shape[i];
    if (n >= 0 && s->vrow >= 0 && s->vcol >= 0 && n != s->vrow * s->vcol)
        bad(op, "expects dst static element count to match src valid_shape static element count");
    if (strcmp(s->loc, "acc") == 0) {
        if (!in_set(s->elem, "f32") && strcmp(s->elem, "i32") != 0)
            bad(op, "expects acc tstore src element type to be i32 or f32");
        if (!in_set(v->elem, "f32 f16 bf16") && strcmp(v->elem, "i32") != 0)
            bad(op, "expects acc tstore dst element type to be i32/f32/f16/bf16");
        if (!op->a5 && (s->cols > 4095 || s->vcol > 4095))
            bad(op, "expects A2/A3 acc tstore src cols to be in [1, 4095]");
    } else if (strcmp(s->loc, "vec") == 0 || (!op->a5 && strcmp(s->loc, "mat") == 0)) {
        if (bits(s->elem) != bits(v->elem))
            bad(op, "expects vec/mat tstore src and dst element types to have the same bitwidth");
    } else {
        bad(op, "expects tstore src to use loc=vec, loc=acc (or loc=mat on A2/A3)");
    }
}

/* tmov: the supported pairs of address spaces, one shape where pto.tmov
 * needs it, a 512-byte fractal for acc to mat on a2a3. */
static void check_mov(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *d = &op->out[0];
    const char *from = s->loc, *to = d->loc;
    int mat_to_tile, ok, shapes = s->rows == d->rows && s->cols == d->cols;
    (void)r;
    if (!tile(op, s, "src") || !tile(op, d, "dst"))
        return;
    mat_to_tile = strcmp(from, "mat") == 0 &&
                  (strcmp(to, "left") == 0 || strcmp(to, "right") == 0 || strcmp(to, "bias") == 0);
    ok = mat_to_tile || (strcmp(from, "vec") == 0 && strcmp(to, "vec") == 0) ||
         (strcmp(from, "acc") == 0 && (strcmp(to, "mat") == 0 || strcmp(to, "vec") == 0)) ||
         (op->a5 && strcmp(from, "vec") == 0 && strcmp(to, "mat") == 0);
    if (!ok)
        bad(op, "expects a supported tmov address-space pair for this target (not %s to %s)", from, to);
    if (!shapes && (strcmp(from, "mat") == 0 || !op->a5))
        bad(op, "expects matching src/dst shapes");
    if (!op->a5 && strcmp(from, "acc") == 0 && strcmp(to, "mat") == 0 && d->fractal != 512)
        bad(op, "expects A2/A3 acc-to-mat tmov destination fractal to be 512");
}

/* tmatmul ins(lhs, rhs), tmatmul.acc ins(acc, lhs, rhs), tmatmul.bias
 * ins(lhs, rhs, bias): Left, Right and Acc tiles of shapes [M, K] x [K, N]
 * -> [M, N] (1 <= m, k, n <= 4095), the element types of the units, the
 * A5 fractal layouts; a bias in loc=bias (PTOAS 0.60 checks no more of
 * it: a bias narrower than the result passes). */
static void check_matmul(Op *op, const Rule *r)
{
    int bias = strcmp(op->name, "tmatmul.bias") == 0, k = op->nin == 3 && !bias;
    const Operand *l = &op->in[k], *rr = &op->in[k + 1], *d = &op->out[0];
    (void)r;
    if (!tile(op, l, "lhs") || !tile(op, rr, "rhs") || !tile(op, d, "dst"))
        return;
    if (bias && tile(op, &op->in[2], "bias")) {
        if (strcmp(op->in[2].loc, "bias") != 0)
            bad(op, "expects bias to be in the bias address space");
    }
    if (strcmp(l->loc, "left") != 0 || strcmp(rr->loc, "right") != 0 || strcmp(d->loc, "acc") != 0)
        bad(op, "expects lhs, rhs, and dst to use the left, right, and acc address spaces");
    if (l->rows != d->rows || rr->cols != d->cols || l->cols != rr->rows)
        bad(op, "expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N]");
    if (l->vrow > 4095 || l->vcol > 4095 || rr->vcol > 4095 || l->vrow == 0 || l->vcol == 0 || rr->vcol == 0)
        bad(op, "expects m, k, and n valid sizes to be in [1, 4095]");
    if (!((in_set(d->elem, "i32") && in_set(l->elem, "i8") && in_set(rr->elem, "i8")) ||
          (strcmp(d->elem, "f32") == 0 && strcmp(l->elem, rr->elem) == 0 && in_set(l->elem, "f16 bf16 f32"))))
        bad(op, "expects (dst, lhs, rhs) element types (i32, i8, i8), (f32, f16, f16), (f32, bf16, bf16) or (f32, f32, f32)");
    /* The A5 fractal layouts (PTOAS's parser gives Left tiles the target's
     * layout, so the lhs is not checked here). */
    if (op->a5) {
        if (!rr->row_major || strcmp(rr->slayout, "col_major") != 0)
            bad(op, "expects rhs to use the row_major blayout and the col_major slayout on A5");
        if (d->row_major || strcmp(d->slayout, "row_major") != 0)
            bad(op, "expects dst to use the col_major blayout and the row_major slayout on A5");
    }
}

/* ttrans ins(src, tmp): one element type of 1, 2 or 4 bytes; a row-major
 * source on a2a3. */
static void check_trans(Op *op, const Rule *r)
{
    const Operand *s = &op->in[0], *t = &op->in[1], *d = &op->out[0];
    int b = bits(s->elem);
    (void)r;
    if (!tile(op, s, "src") || !tile(op, t, "tmp") || !tile(op, d, "dst"))
        return;
    same_elem(op, s, d, "src", "dst");
    same_elem(op, s, t, "src", "tmp");
    if (!op->a5)
        row_major(op, s, "src");
    if (b != 8 && b != 16 && b != 32)
        bad(op, "expects transpose element size to be 1, 2, or 4 bytes");
}

static const Rule rules[] = {
    {"tabs", check_unary, 1, "f16 f32", "f16 f32", 0},
    {"tadd", check_binary, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 bf16 f32", 0},
    {"taddc", check_same_shapes, 3, NULL, NULL, 0},
    {"tadds", check_scalar, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 bf16 f32", 0},
    {"taddsc", check_same_shapes, 3, NULL, NULL, 0},
    {"tand", check_bitwise, 2, "i8 i16", "i8 i16 i32", 0},
    {"tands", check_bitwise_scalar, 2, "i8 i16", "i8 i16 i32", 0},
    {"tcmp", check_cmp, 2, "i32 f16 f32", "i8 i16 i32 f16 bf16 f32", 0},
    {"tcmps", check_cmps, 2, "i16 i32 f16 f32", "i8 i16 i32 f16 f32", 0},
    {"tcolexpand", check_col_expand, 1, NULL, NULL, 0},
    {"tcolexpanddiv", check_col_expand_op, 2, "f16 f32", "f16 f32", 0},
    {"tcolexpandmul", check_col_expand_op, 2, "f16 f32 i16 i32", "f16 f32 i8 i16 i32", 0},
    {"tcolexpandsub", check_col_expand_op, 2, "f16 f32 i16 i32", "f16 f32 i8 i16 i32", 0},
    {"tcolmax", check_col_reduce, 1, "f16 f32 i16 i32", "f16 bf16 f32 i8 i16 i32", 0},
    {"tcolmin", check_col_reduce, 1, "f16 f32 i16 i32", "f16 bf16 f32 i8 i16 i32", 0},
    {"tcolsum", check_col_reduce, 1, "f16 f32 i16 i32", "f16 bf16 f32 i8 i16 i32", 1},
    {"tcvt", check_cvt, 1, NULL, NULL, 1},
    {"tdiv", check_binary, 2, "f16 f32", "i32 i16 f16 f32", 0},
    {"tdivs", check_scalar, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 f32", 0},
    {"texp", check_unary, 1, "f16 f32", "f16 f32", 0},
    {"texpands", check_expands, 1, "i16 i32 f16 bf16 f32", "i8 i16 i32 f16 bf16 f32", 0},
    {"tfillpad", check_fillpad, 1, NULL, NULL, 0},
    {"tload", check_load, 1, "i8 i16 i32 i64 f16 bf16 f32", NULL, 0},
    {"tlog", check_unary, 1, "f16 f32", "f16 f32", 0},
    {"tlrelu", check_unary_any_layout, 2, "f16 f32", "f16 f32", 0},
    {"tmatmul", check_matmul, 2, NULL, NULL, 0},
    {"tmatmul.acc", check_matmul, 3, NULL, NULL, 0},
    {"tmatmul.bias", check_matmul, 3, NULL, NULL, 0},
    {"tmax", check_binary, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 f32", 0},
    {"tmaxs", check_scalar, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 f32", 0},
    {"tmin", check_binary, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 f32", 0},
    {"tmins", check_scalar, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 bf16 f32", 0},
    {"tmov", check_mov, 1, NULL, NULL, 0},
    {"tmul", check_binary, 2, "i32 i16 f16 f32", "i32 i16 f16 f32", 0},
    {"tmuls", check_scalar, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 bf16 f32", 0},
    {"tneg", check_unary_any_layout, 1, "i16 i32 f16 f32", "i8 i16 i32 f16 bf16 f32", 0},
    {"tnot", check_unary, 1, "i16", "i8 i16 i32", 0},
    {"tor", check_bitwise, 2, "i8 i16", "i8 i16 i32", 0},
    {"tors", check_bitwise_scalar, 2, "i8 i16", "i8 i16 i32", 0},
    {"tprelu", check_prelu, 3, "f16 f32", "f16 f32", 0},
    {"trecip", check_unary, 1, "f16 f32", "f16 f32", 0},
    {"trelu", check_unary, 1, "i32 f16 f32", "i32 f16 f32", 0},
    {"trem", check_bitwise, 3, "i32 f32", "i32 i16 f16 f32", 0},
    {"trems", check_rems, 3, NULL, NULL, 0},
    {"trowexpand", check_row_expand, 1, NULL, NULL, 0},
    {"trowexpandadd", check_row_expand_op, 2, "f16 f32 i16 i32", "f16 f32 i8 i16 i32", 1},
    {"trowexpanddiv", check_row_expand_op, 2, "f16 f32", "f16 f32", 0},
    {"trowexpandmul", check_row_expand_op, 2, "f16 f32 i16 i32", "f16 f32 i8 i16 i32", 0},
    {"trowexpandsub", check_row_expand_op, 2, "f16 f32 i16 i32", "f16 f32 i8 i16 i32", 0},
    {"trowmax", check_row_reduce, 2, "i16 i32 f16 f32", "i16 i32 f16 f32", 0},
    {"trowmin", check_row_reduce, 2, "i16 i32 f16 f32", "i16 i32 f16 f32", 0},
    {"trowsum", check_row_reduce, 2, "i16 i32 f16 f32", "i16 i32 f16 f32", 0},
    {"trsqrt", check_unary, 1, "f16 f32", "f16 f32", 1},
    {"tsel", check_sel, 4, "i16 i32 f16 f32", "i8 i16 i32 f16 f32", 0},
    {"tshl", check_bitwise, 2, "i8 i16 i32", "i8 i16 i32", 0},
    {"tshls", check_shift_scalar, 2, NULL, NULL, 0},
    {"tshr", check_bitwise, 2, "i8 i16 i32", "i8 i16 i32", 0},
    {"tshrs", check_shift_scalar, 2, "i16 i32", "i8 i16 i32", 0},
    {"tsqrt", check_unary, 1, "f16 f32", "f16 f32", 0},
    {"tstore", check_store, 1, NULL, NULL, 0},
    {"tsub", check_binary, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 f32", 0},
    {"tsubs", check_scalar, 2, "i32 i16 f16 f32", "i32 i16 i8 f16 bf16 f32", 0},
    {"ttrans", check_trans, 2, NULL, NULL, 0},
    {"txor", check_bitwise, 3, "i8 i16", "i8 i16 i32", 0},
    {"txors", check_bitwise_scalar, 3, "i8 i16", "i8 i16 i32", 0},
};

int mlir_ops_check_line(const char *line, int a5, MlirOpsReport report, void *ctx)
{
    static Op op;
    const char *p = strstr(line, "pto."), *ins, *outs;
    size_t n;
    const Rule *r = NULL;
    while (p && p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '!' || p[-1] == '%'))
        p = strstr(p + 1, "pto.");
    if (!p)
        return 0;
    p += 4;
    n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_.");
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strlen(rules[i].name) == n && strncmp(rules[i].name, p, n) == 0)
            r = &rules[i];
    if (!r || strncmp(p + n, " ins(", 5) != 0)
        return 0;
    memset(&op, 0, sizeof op);
    snprintf(op.name, sizeof op.name, "%s", r->name);
    op.a5 = a5;
    op.report = report;
    op.ctx = ctx;
    ins = p + n + 5;
    outs = strstr(ins, ") outs(");
    op.nin = parse_group(ins, op.in);
    op.nout = outs ? parse_group(outs + 7, op.out) : -1;
    if (op.nin < r->nin || op.nin > r->nin + r->optional || op.nout != 1) {
        bad(&op, "expects %s", r->nin == 1 ? "one operand in ins(...) and one in outs(...)"
                                           : "the operands of its form in ins(...) and one in outs(...)");
        return op.problems;
    }
    r->check(&op, r);
    return op.problems;
}
