/* tensor_build.c: building IR for ConvertTensorToBlockOps: op calls with
 * their kwargs as the front end stores them, fresh names, index
 * arithmetic and statement lists (see tensor_conv.h). */
#include "config.h"
#include "ir/visit.h"
#include "passes/2_tensor/tensor_conv.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- names */


void tc_names_init(TcNames *n, IrCtx *ir)
{
    n->ir = ir;
    n->strict = 1;
    ptrmap_init(&n->used);
    ptrmap_init(&n->stripped);
    ptrmap_init(&n->next);
}

void tc_names_free(TcNames *n)
{
    ptrmap_free(&n->used);
    ptrmap_free(&n->stripped);
    ptrmap_free(&n->next);
}

void tc_names_add(TcNames *n, const char *name)
{
    const char *s = ir_name(n->ir, name);
    ptrmap_put(&n->used, s, (void *)s);
    s = ir_ssa_stem(n->ir, s);
    ptrmap_put(&n->stripped, s, (void *)s);
}

static int names_stmt(IrWalker *w, const IrStmt *s)
{
    TcNames *n = w->data;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        tc_names_add(n, IR_AS(IrAssign, s)->var->name);
        break;
    case STMT_IF:
        for (uint32_t i = 0; i < IR_AS(IrIf, s)->nret; i++)
            tc_names_add(n, IR_AS(IrIf, s)->ret[i]->name);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        tc_names_add(n, f->loop_var->name);
        for (uint32_t i = 0; i < f->niter; i++) {
            tc_names_add(n, f->iter_args[i]->v.name);
            tc_names_add(n, f->ret[i]->name);
        }
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < f->niter; i++) {
            tc_names_add(n, f->iter_args[i]->v.name);
            tc_names_add(n, f->ret[i]->name);
        }
        break;
    }
    default:
        break;
    }
    return 1;
}

void tc_names_add_func(TcNames *n, const IrFunc *f)
{
    IrWalker w;
    for (uint32_t i = 0; i < f->nparams; i++)
        tc_names_add(n, f->params[i].var->name);
    memset(&w, 0, sizeof w);
    w.pre_stmt = names_stmt;
    w.data = n;
    if (f->body)
        ir_walk_stmt(&w, f->body);
}

static int name_taken(TcNames *n, const char *s)
{
    return ptrmap_get(&n->used, s) || (n->strict && ptrmap_get(&n->stripped, ir_ssa_stem(n->ir, s)));
}

const char *tc_fresh2(TcNames *n, const char *base, const char *suffix)
{
    size_t len = strlen(base) + strlen(suffix) + 26;
    char small[160];
    char *buf = len <= sizeof small ? small : xmalloc(len);
    const char *r, *stem;
    snprintf(buf, len, "%s%s", base, suffix);
    r = ir_name(n->ir, buf);
    /* Numbered candidates: after the name itself, or in strict mode after
     * the name without its SSA suffix (a number after "_" would be one). */
    stem = n->strict ? ir_ssa_stem(n->ir, r) : r;
    if (name_taken(n, r)) {
        uintptr_t k = (uintptr_t)ptrmap_get(&n->next, stem);
        size_t sl = strlen(stem), d = sl;
        /* "v" before the number where the number would make an SSA
         * suffix: after "_", or after "_<digits>" ("x_1" + 2 is "x_12",
         * whose stem "x" may be taken whatever the number) */
        const char *sep;
        while (d && stem[d - 1] >= '0' && stem[d - 1] <= '9')
            d--;
        sep = sl && (stem[sl - 1] == '_' || (d < sl && d && stem[d - 1] == '_')) ? "v" : "";
        for (k = k ? k : 2;; k++) {
            snprintf(buf, len, "%s%s%" PRIuPTR, stem, sep, k);
            r = ir_name(n->ir, buf);
            if (!name_taken(n, r))
                break;
        }
        ptrmap_put(&n->next, stem, (void *)(k + 1));
    }
    tc_names_add(n, r);
    if (buf != small)
        xfree(buf);
    return r;
}

const char *tc_fresh(TcNames *n, const char *base) { return tc_fresh2(n, base, ""); }

int tc_name_taken(TcNames *n, const char *name) { return name_taken(n, ir_name(n->ir, name)); }

/* ---------------------------------------------------------------- calls */

static IrKwarg kwarg_of(IrCtx *ir, const KwSpec *spec, int64_t v)
{
    IrKwarg kw;
    memset(&kw, 0, sizeof kw);
    kw.key = ir_name(ir, spec->name);
    switch ((KwType)spec->type) {
    case KWT_BOOL:
        kw.kind = KW_BOOL;
        break;
    case KWT_DTYPE:
        kw.kind = KW_DTYPE;
        break;
    case KWT_MEMSPACE:
        kw.kind = KW_MEMSPACE;
        break;
    case KWT_ATOMIC_TYPE:   /* v: the member (ATOMIC_ADD) */
        kw.kind = KW_COMM_ENUM;
        v = COMM_ENUM_PACK(CE_ATOMIC_TYPE, v);
        break;
    case KWT_DOUBLE:
    case KWT_STRING:
        ICE("kwarg '%s' has no integer value", spec->name);
    default:
        kw.kind = KW_INT;
        break;
    }
    kw.v.i = v;
    return kw;
}

const IrExpr *tc_op(IrCtx *ir, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                    const TcKw *kw, Span at, OpError *err)
{
    const OpDef *op = op_by_id(id);
    const char *name = op_name(op);
    IrKwarg kws[8];
    const IrExpr *argv[8];
    const IrType *t;
    uint32_t n = 0;
    if (!op || op->nkw > 8 || nargs > 8)
        ICE("tc_op: '%s' is not an op this pass builds", name);
    for (uint32_t k = 0; k < op->nkw; k++) {
        const KwSpec *spec = &op->kwargs[k];
        const TcKw *given = NULL;
        for (uint32_t j = 0; j < nkw; j++)
            if (strcmp(kw[j].key, spec->name) == 0)
                given = &kw[j];
        if (given)
            kws[n++] = kwarg_of(ir, spec, given->value);
        else if (spec->presence == KW_DEFAULTED)
            kws[n++] = kwarg_of(ir, spec, spec->idefault);
        else if (spec->presence == KW_REQUIRED)
            ICE("tc_op: '%s' needs kwarg '%s'", name, spec->name);
    }
    memcpy(argv, args, nargs * sizeof *argv);
    if (op->normalize) {
        DeduceCtx dc;
        memset(&dc, 0, sizeof dc);
        dc.ir = ir;
        dc.op = op;
        dc.args = argv;
        dc.nargs = nargs;
        dc.kwargs = kws;
        dc.nkwargs = n;
        dc.err = err;
        op->normalize(&dc, argv);
    }
    t = op_deduce(ir, op, argv, nargs, kws, n, err);
    if (!t)
        return NULL;
    return ir_call(ir, &op->callee, nargs, argv, n, kws, t, at);
}

const IrVar *tc_let(IrCtx *ir, TcStmts *out, const char *name, const IrExpr *value, Span at)
{
    const IrVar *v = ir_var_new(ir, name, ir_expr_type(ir, value), at);
    vec_push(*out, ir_assign(ir, v, value, at));
    return v;
}

const OpDef *tc_call_op(const IrExpr *e)
{
    return e && e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
}

int tc_is_op(const IrExpr *e, OpId id) { return op_is(tc_call_op(e), id); }

/* -------------------------------------------------------------- indices */

uint32_t tc_divisors(int64_t x, int64_t align, int64_t most, int64_t *out, uint32_t cap)
{
    uint32_t n = 0;
    int64_t d = x - 1 < most ? x - 1 : most;
    if (align < 1)
        align = 1;
    /* Descending from the largest candidate; a block is never larger than
     * the largest buffer, so `most` bounds the work. */
    d -= d % align;
    for (; d >= align && n < cap; d -= align)
        if (x % d == 0)
            out[n++] = d;
    return n;
}

int tc_const(const IrExpr *x, int64_t *v)
{
    if (!x)
        return 0;
    if (x->kind == EXPR_CONST_INT) {
        *v = IR_AS(IrConstInt, x)->value;
        return 1;
    }
    return ir_dim_value(x, v);
}

const IrExpr *tc_int(IrCtx *ir, int64_t v) { return ir_dim_const(ir, v); }

static const IrExpr *as_index(IrCtx *ir, const IrExpr *x)
{
    const IrType *t = ir_expr_type(ir, x);
    if (t->kind == TYPE_SCALAR && t->dtype != DT_INT64)
        return ir_unary(ir, UN_CAST, DT_INT64, x, x->span);
    return x;
}

const IrExpr *tc_add(IrCtx *ir, const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    int ca = tc_const(a, &x), cb = tc_const(b, &y);
    if (ca && cb)
        return tc_int(ir, x + y);
    if (ca && x == 0)
        return b;
    if (cb && y == 0)
        return a;
    return ir_binary(ir, BIN_ADD, DT_INT64, as_index(ir, a), as_index(ir, b), span_unknown());
}

const IrExpr *tc_valid_extent(IrCtx *ir, const IrExpr *valid, const IrExpr *at, const IrExpr *extent)
{
    int64_t v, a = 0, x;
    int cv = tc_const(valid, &v), ca = !at || tc_const(at, &a), cx = tc_const(extent, &x);
    const IrExpr *r;
    if (cv && ca && cx)
        return tc_int(ir, v - a < 0 ? 0 : v - a > x ? x : v - a);
    r = ca && a == 0 ? as_index(ir, valid)
                     : ir_binary(ir, BIN_SUB, DT_INT64, as_index(ir, valid), as_index(ir, at), span_unknown());
    r = ir_binary(ir, BIN_MIN, DT_INT64, r, as_index(ir, extent), span_unknown());
    /* Past the valid part (a later block of a partly valid view) nothing is. */
    if (!(ca && a == 0))
        r = ir_binary(ir, BIN_MAX, DT_INT64, r, tc_int(ir, 0), span_unknown());
    return r;
}

const IrExpr *tc_mul(IrCtx *ir, const IrExpr *a, const IrExpr *b)
{
    int64_t x, y;
    int ca = tc_const(a, &x), cb = tc_const(b, &y);
    if (ca && cb)
        return tc_int(ir, x * y);
    if ((ca && x == 1))
        return b;
    if (cb && y == 1)
        return a;
    return ir_binary(ir, BIN_MUL, DT_INT64, as_index(ir, a), as_index(ir, b), span_unknown());
}

const IrExpr *tc_tuple(IrCtx *ir, uint32_t n, const IrExpr *const *elems)
{
    int64_t vals[16];
    uint32_t k;
    for (k = 0; k < n && n <= 16 && elems[k]->kind == EXPR_CONST_INT && elems[k]->dtype == DT_INT64; k++)
        vals[k] = IR_AS(IrConstInt, elems[k])->value;
    if (k == n && n <= 16)
        return ir_const_tuple(ir, n, vals);
    return ir_make_tuple(ir, n, elems, span_unknown());
}

/* ----------------------------------------------------------- types, text */

const IrType *tc_reshaped(IrCtx *ir, const IrType *t, IrTypeKind kind, uint32_t n, const IrExpr *const *dims)
{
    if (kind == TYPE_TILE)
        return ir_type_tile(ir, (DataType)t->dtype, n, dims, NULL, NULL);
    return ir_type_tensor(ir, (DataType)t->dtype, n, dims, NULL, NULL);
}

const char *tc_shape_text(const IrType *t, char *buf, size_t cap)
{
    size_t k = 0;
    int64_t v;
    k += (size_t)snprintf(buf, cap, "[");
    for (uint32_t i = 0; i < t->n && k < cap; i++) {
        if (tc_const(t->dims[i], &v))
            k += (size_t)snprintf(buf + k, cap - k, "%s%" PRId64, i ? ", " : "", v);
        else
            k += (size_t)snprintf(buf + k, cap - k, "%s?", i ? ", " : "");
    }
    if (k < cap)
        snprintf(buf + k, cap - k, "] %s", dtype_name((DataType)t->dtype));
    return buf;
}

/* ----------------------------------------------------------- statements */

const IrStmt *tc_seq(IrCtx *ir, TcStmts *s, Span at) { return ir_seq(ir, STMT_SEQ, s->len, s->data, at); }

/* A statement list holding lists splices them in, as the front end never
 * nests them (the printer does not show the nesting). */
static const IrStmt *splice_stmt(IrMutator *m, const IrStmt *s)
{
    const IrSeq *q;
    TcStmts out;
    int nested = 0;
    if (s->kind != STMT_SEQ)
        return s;
    q = IR_AS(IrSeq, s);
    for (uint32_t i = 0; i < q->n && !nested; i++)
        nested = q->stmts[i]->kind == STMT_SEQ;
    if (!nested)
        return s;
    vec_init(out);
    for (uint32_t i = 0; i < q->n; i++) {
        if (q->stmts[i]->kind == STMT_SEQ) {
            const IrSeq *r = IR_AS(IrSeq, q->stmts[i]);
            for (uint32_t k = 0; k < r->n; k++)
                vec_push(out, r->stmts[k]);
        } else {
            vec_push(out, q->stmts[i]);
        }
    }
    s = ir_seq(m->ctx, STMT_SEQ, out.len, out.data, s->span);
    vec_free(out);
    return s;
}

const IrStmt *tc_splice(IrCtx *ir, const IrStmt *body)
{
    IrMutator m;
    if (!body)
        return body;
    memset(&m, 0, sizeof m);
    m.ctx = ir;
    m.stmt = splice_stmt;
    return ir_mutate_stmt(&m, body);
}


int tc_tile_space(const PtrMap *defs, IrCtx *ir, const IrExpr *x)
{
    const IrCall *c = defs ? ptrmap_get(defs, x) : NULL;
    const IrKwarg *k = c && tc_is_op(&c->e, OP_BLOCK_MOVE) ? ir_call_kwarg(c, "target_memory") : NULL;
    if (k && k->kind == KW_MEMSPACE)
        return (int)k->v.i;
    return ir_tile_space(ir_expr_type(ir, x));
}

typedef struct UsesDefs {
    PtrMap *uses, *defs;
} UsesDefs;

static int note_def(IrWalker *w, const IrStmt *s)
{
    UsesDefs *u = w->data;
    if (u->defs && s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->value->kind == EXPR_CALL)
        ptrmap_put(u->defs, IR_AS(IrAssign, s)->var, (void *)IR_AS(IrAssign, s)->value);
    return 1;
}

static int count_use(IrWalker *w, const IrExpr *e)
{
    UsesDefs *u = w->data;
    if (u->uses && ir_is_var_like(e))
        ptrmap_put(u->uses, e, (void *)((uintptr_t)ptrmap_get(u->uses, e) + 1));
    return 1;
}

void tc_uses_defs(const IrStmt *body, PtrMap *uses, PtrMap *defs)
{
    UsesDefs u = {uses, defs};
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_stmt = note_def;
    w.pre_expr = count_use;
    w.data = &u;
    ir_walk_stmt(&w, body);
}
