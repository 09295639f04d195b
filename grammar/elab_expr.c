/* elab_expr.c: expressions and calls.
 *
 * Operator calls are resolved by the dispatch rules of ops.md 4 (explicit
 * pl.tensor.X / pl.block.X / pl.tile.X / pl.system.X, unified pl.X by the
 * type of the first argument), then bound against the op's DSL signature:
 * positional arguments fill the parameters not given by keyword, in order;
 * keyword-argument values are compile-time constants converted to the
 * schema's types; defaults are filled in.  The registry deduces the result
 * type.  Scalar arithmetic builds BinaryExpr nodes with the promotion casts
 * of ops.md 3.3. */
#include "config.h"
#include "grammar/elab.h"
#include "support/xalloc.h"

#include <math.h>
#include <string.h>

const char *elab_type_str(Elab *E, const IrType *t, char *buf, size_t cap) { return type_to_string(E->ir, t, buf, cap); }

static const IrExpr *err_at(FnCtx *fc, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static const IrExpr *err_at(FnCtx *fc, Span at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(fc->E->diag, at, fmt, ap);
    va_end(ap);
    return NULL;
}

int elab_is_dsl_call(Elab *E, const AstNode *e, const char *attr)
{
    return e->kind == AST_CALL && e->a->kind == AST_ATTR && e->a->name == attr && e->a->a->kind == AST_NAME &&
           elab_is_prefix(E, e->a->a->name);
}

static const IrType *type_of(FnCtx *fc, const IrExpr *e) { return ir_expr_type(fc->E->ir, e); }

/* ------------------------------------------------------- constant values */

/* Constants in function bodies: locals shadow module constants. */
static const ConstVal *const_in_fn(FnCtx *fc, const AstNode *e, ConstError *err)
{
    ConstEnv env = fc->E->env;
    env.function = fc;
    return const_eval(&env, e, err);
}

/* A float constant of dtype dt: its value must be representable (1e300 is
 * no FP32; the emitters could only write inf).  NULL after an error. */
static const IrExpr *float_const(FnCtx *fc, double v, DataType dt, Span span)
{
    double max = dtype_float_max(dt);
    if (max && fabs(v) > max)
        return err_at(fc, span, "the float constant %g is out of the range of %s", v, dtype_name(dt));
    return ir_const_float(fc->E->ir, v, dt, span);
}

/* A module constant as an IR expression (seed 01's closure variables). */
static const IrExpr *const_to_ir_in(FnCtx *fc, const ConstVal *v, Span span, int in_list)
{
    IrCtx *ir = fc->E->ir;
    switch ((ConstKind)v->kind) {
    case CV_INT:
        return in_list ? ir_dim_const(ir, v->v.i) : ir_const_int(ir, v->v.i, DT_INT64, span);
    case CV_FLOAT:
        return float_const(fc, v->v.f, DT_FP32, span);
    case CV_BOOL:
        return ir_const_bool(ir, (int)v->v.i, span);
    case CV_LIST:
    case CV_TUPLE: {
        const IrExpr **el = xmalloc(xmul_size(v->v.seq.n ? v->v.seq.n : 1, sizeof *el));
        const IrExpr *r = NULL;
        uint32_t i;
        for (i = 0; i < v->v.seq.n; i++)
            if (!(el[i] = const_to_ir_in(fc, v->v.seq.items[i], span, 1)))
                break;
        if (i == v->v.seq.n)
            r = ir_make_tuple(ir, v->v.seq.n, el, span);
        xfree(el);
        return r;
    }
    case CV_DYNVAR:
        return &v->v.var->e;
    case CV_MEMSPACE:
    case CV_PIPE:
    case CV_TILE_LAYOUT:
    case CV_TILE_PAD:
    case CV_TENSOR_LAYOUT:
        return ir_const_int(ir, v->v.i, DT_INT64, span);
    default: {
        char buf[128];
        const_format(v, buf, sizeof buf);
        return err_at(fc, span, "%s (a %s) cannot be used as a value here", buf, const_kind_name((ConstKind)v->kind));
    }
    }
}

static const IrExpr *const_to_ir(FnCtx *fc, const ConstVal *v, Span span) { return const_to_ir_in(fc, v, span, 0); }

int elab_kwarg_value(FnCtx *fc, const KwSpec *spec, const AstNode *value, const char *op, IrKwarg *out)
{
    ConstError err;
    const ConstVal *v = const_in_fn(fc, value, &err);
    const char *want = NULL;
    char got[128];
    out->key = intern_cstr(fc->E->names, spec->name);
    if (!v) {
        diag_error(fc->E->diag, err.at, "keyword argument '%s' of '%s' must be a compile-time constant: %s",
                   spec->name, op, err.msg);
        return 0;
    }
    /* What each schema type accepts, and how it is stored. */
    static const struct {
        uint8_t accept;   /* ConstKind taken as is (int payload) */
        uint8_t store;    /* IrKwKind */
        const char *want;
    } kinds[] = {
        [KWT_BOOL] = {CV_BOOL, KW_BOOL, "True or False"},
        [KWT_INT] = {CV_INT, KW_INT, "an integer"},
        [KWT_DOUBLE] = {CV_FLOAT, KW_DOUBLE, "a number"},
        [KWT_STRING] = {CV_STR, KW_STRING, "a string"},
        [KWT_DTYPE] = {CV_DTYPE, KW_DTYPE, "a data type such as pl.FP32"},
        [KWT_MEMSPACE] = {CV_MEMSPACE, KW_MEMSPACE, "a memory space such as pl.MemorySpace.Vec"},
        [KWT_CAST_MODE] = {CV_INT, KW_INT,
                           "a rounding mode: \"none\", \"rint\", \"round\", \"floor\", \"ceil\", \"trunc\", \"odd\" or 0-6"},
        [KWT_PIPE] = {CV_PIPE, KW_INT, "a pipe such as pl.PipeType.V"},
    };
    KwType t = (KwType)spec->type;
    int ok = v->kind == kinds[t].accept;
    out->kind = kinds[t].store;
    out->v.i = v->v.i;
    switch (t) {
    case KWT_DOUBLE:
        ok = v->kind == CV_INT || v->kind == CV_FLOAT;
        out->v.d = v->kind == CV_INT ? (double)v->v.i : v->v.f;
        break;
    case KWT_STRING:
        out->v.s = v->v.str.s;
        break;
    case KWT_CAST_MODE:
        if (v->kind == CV_STR && cast_mode_from_name(v->v.str.s) >= 0) {
            ok = 1;
            out->v.i = cast_mode_from_name(v->v.str.s);
        } else {
            ok = ok && v->v.i >= 0 && v->v.i <= 6;
        }
        break;
    case KWT_PIPE:
        ok = ok || (v->kind == CV_INT && v->v.i >= 0 && v->v.i < PIPE_COUNT);
        break;
    default:
        break;
    }
    if (ok)
        return 1;
    want = kinds[t].want;
    const_format(v, got, sizeof got);
    diag_error(fc->E->diag, value->span, "keyword argument '%s' of '%s' expects %s, got %s", spec->name, op, want, got);
    return 0;
}

/* ----------------------------------------------------- scalar operators */

static int is_scalar(const IrType *t) { return t->kind == TYPE_SCALAR; }

static const IrExpr *cast_to(FnCtx *fc, const IrExpr *e, DataType dt)
{
    if (e->kind == EXPR_CONST_BOOL || type_of(fc, e)->dtype == dt)
        return e;
    return ir_unary(fc->E->ir, UN_CAST, dt, e, e->span);
}

const IrExpr *elab_scalar_binary(FnCtx *fc, IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span span)
{
    const IrType *ta = type_of(fc, a), *tb = type_of(fc, b);
    DataType pt, rt;
    if (!is_scalar(ta) || !is_scalar(tb)) {
        char x[256], y[256];
        return err_at(fc, span, "operator '%s' needs scalars, got %s and %s%s", ir_binary_symbol(op),
                      elab_type_str(fc->E, ta, x, sizeof x), elab_type_str(fc->E, tb, y, sizeof y),
                      (ta->kind == TYPE_TILE || ta->kind == TYPE_TENSOR || tb->kind == TYPE_TILE ||
                       tb->kind == TYPE_TENSOR)
                          ? " (use the pl.* operations for tiles and tensors)"
                          : "");
    }
    pt = dtype_promote((DataType)ta->dtype, (DataType)tb->dtype);
    if ((op == BIN_BIT_AND || op == BIN_BIT_OR || op == BIN_BIT_XOR || op == BIN_SHL || op == BIN_SHR) &&
        dtype_is_float(pt))
        return err_at(fc, span, "operator '%s' needs integer operands, got %s", ir_binary_symbol(op), dtype_name(pt));
    a = cast_to(fc, a, pt);
    b = cast_to(fc, b, pt);
    rt = (ir_binary_is_comparison(op) || op == BIN_AND || op == BIN_OR || op == BIN_XOR) ? DT_BOOL : pt;
    return ir_binary(fc->E->ir, op, rt, a, b, span);
}

static const IrExpr *scalar_unary(FnCtx *fc, IrUnaryOp op, const IrExpr *x, Span span, const char *sym)
{
    const IrType *t = type_of(fc, x);
    if (!is_scalar(t)) {
        char b[256];
        return err_at(fc, span, "operator '%s' needs a scalar, got %s%s", sym, elab_type_str(fc->E, t, b, sizeof b),
                      (t->kind == TYPE_TILE || t->kind == TYPE_TENSOR) ? " (use the pl.* operations for tiles and tensors)"
                                                                       : "");
    }
    if (op == UN_BIT_NOT && dtype_is_float((DataType)t->dtype))
        return err_at(fc, span, "operator '~' needs an integer operand, got %s", dtype_name((DataType)t->dtype));
    return ir_unary(fc->E->ir, op, op == UN_NOT ? DT_BOOL : (DataType)t->dtype, x, span);
}

static const IrExpr *elab_unary(FnCtx *fc, const AstNode *e)
{
    const AstNode *x = e->a;
    const IrExpr *v;
    /* -5 directly before a literal is a negative constant; -(5) is Neg. */
    if (e->op == AST_NEG && !(x->flags & AST_PARENS)) {
        if (x->kind == AST_INT) {
            if ((x->flags & AST_BIG) && x->u != (uint64_t)INT64_MAX + 1)
                return err_at(fc, x->span, "integer literal is too large");
            return ir_const_int(fc->E->ir, (x->flags & AST_BIG) ? INT64_MIN : -(int64_t)x->u, DT_INT64, e->span);
        }
        if (x->kind == AST_FLOAT)
            return float_const(fc, -x->f, DT_FP32, e->span);
    }
    if (!(v = elab_expr(fc, x)))
        return NULL;
    switch ((AstUnaryOp)e->op) {
    case AST_NEG:
        return scalar_unary(fc, UN_NEG, v, e->span, "-");
    case AST_INVERT:
        return scalar_unary(fc, UN_BIT_NOT, v, e->span, "~");
    case AST_NOT:
        return scalar_unary(fc, UN_NOT, v, e->span, "not");
    case AST_POS:
        if (!is_scalar(type_of(fc, v)))
            return scalar_unary(fc, UN_NEG, v, e->span, "+");
        return v;
    }
    return NULL;
}

static const IrExpr *elab_binop(FnCtx *fc, const AstNode *e)
{
    static const IrBinaryOp map[] = {
        [AST_ADD] = BIN_ADD,       [AST_SUB] = BIN_SUB,         [AST_MUL] = BIN_MUL,     [AST_DIV] = BIN_FLOAT_DIV,
        [AST_FLOORDIV] = BIN_FLOOR_DIV, [AST_MOD] = BIN_FLOOR_MOD, [AST_POW] = BIN_POW,    [AST_SHL] = BIN_SHL,
        [AST_SHR] = BIN_SHR,       [AST_BITAND] = BIN_BIT_AND,  [AST_BITOR] = BIN_BIT_OR, [AST_BITXOR] = BIN_BIT_XOR,
    };
    const IrExpr *a, *b;
    if (e->op == AST_MATMUL)
        return err_at(fc, e->span, "operator '@' is not supported (use pl.matmul)");
    a = elab_expr(fc, e->a);
    b = elab_expr(fc, e->b);
    if (!a || !b)
        return NULL;
    return elab_scalar_binary(fc, map[e->op], a, b, e->span);
}

static const IrExpr *elab_boolop(FnCtx *fc, const AstNode *e)
{
    const IrExpr *a = elab_expr(fc, e->a), *b = elab_expr(fc, e->b);
    if (!a || !b)
        return NULL;
    return elab_scalar_binary(fc, e->op == AST_AND ? BIN_AND : e->op == AST_OR ? BIN_OR : BIN_XOR, a, b, e->span);
}

static const IrExpr *elab_compare(FnCtx *fc, const AstNode *e)
{
    static const IrBinaryOp map[] = {[AST_EQ] = BIN_EQ, [AST_NE] = BIN_NE, [AST_LT] = BIN_LT,
                                     [AST_LE] = BIN_LE, [AST_GT] = BIN_GT, [AST_GE] = BIN_GE};
    const IrExpr *a, *b;
    if (e->a->kind == AST_COMPARE && !(e->a->flags & AST_PARENS))
        return err_at(fc, e->span, "chained comparisons are not supported; write (a < b) and (b < c)");
    if (e->op > AST_GE)
        return err_at(fc, e->span, "'in' and 'is' comparisons are not supported");
    a = elab_expr(fc, e->a);
    b = elab_expr(fc, e->b);
    if (!a || !b)
        return NULL;
    return elab_scalar_binary(fc, map[e->op], a, b, e->span);
}

/* -------------------------------------------------------------- names */

static const IrExpr *elab_name(FnCtx *fc, const AstNode *e)
{
    Elab *E = fc->E;
    const IrExpr *v = scope_lookup(&fc->scope, e->name);
    Global *g;
    if (v)
        return v == &elab_poison ? NULL : v;
    g = elab_global(E, e->name);
    if (!g) {
        /* A dynamic dimension that a type named implicitly (printed programs
         * have no pl.dynamic() line) is a value too: its size. */
        const IrVar *dyn = ptrmap_get(&E->dynvars, e->name);
        if (dyn)
            return &dyn->e;
        if (elab_is_prefix(E, e->name))
            return err_at(fc, e->span, "'%s' is the DSL module; use it as %s.<operation>(...)", e->name, e->name);
        return err_at(fc, e->span, "name '%s' is not defined", e->name);
    }
    switch ((GlobalKind)g->kind) {
    case G_CONST:
        return const_to_ir(fc, g->val, e->span);
    case G_FUNC:
    case G_INLINE:
        return err_at(fc, e->span, "function '%s' can only be called", e->name);
    case G_PREFIX:
        return err_at(fc, e->span, "'%s' is the DSL module; use it as %s.<operation>(...)", e->name, e->name);
    case G_OPAQUE:
        diag_error(E->diag, e->span, "'%s' cannot be used here: %s", e->name, g->why);
        diag_note(E->diag, g->span, "'%s' is defined here", e->name);
        return NULL;
    }
    return NULL;
}

/* --------------------------------------------------------- op binding */

/* Elaborated positional arguments the dispatcher already needed. */
typedef struct PreArgs {
    const IrExpr *v[2];
    int n;
} PreArgs;

static uint32_t required_params(const OpDef *op)
{
    uint32_t r = 0;
    for (uint32_t i = 0; i < op->nparams; i++)
        if (op->params[i].kw < 0 || op->kwargs[op->params[i].kw].presence == KW_REQUIRED)
            r++;
    return r;
}

static void arity_error(FnCtx *fc, const OpDef *op, const AstNode *call, const char *name)
{
    uint32_t req = required_params(op), got = call->list.n + call->list2.n;
    if (req == op->nparams)
        diag_error(fc->E->diag, call->span, "'%s' expects %u argument%s, got %u", name, req, req == 1 ? "" : "s", got);
    else
        diag_error(fc->E->diag, call->span, "'%s' expects %u to %u arguments, got %u", name, req, op->nparams, got);
}

/* Where an op's error about argument node n points: at element elem
 * when n is a list or tuple written out, else at n. */
static Span arg_part_span(const AstNode *n, int elem)
{
    if (elem >= 0 && (n->kind == AST_LIST || n->kind == AST_TUPLE) && (uint32_t)elem < n->list.n)
        return n->list.items[elem]->span;
    return n->span;
}

static const IrExpr *call_op(FnCtx *fc, const OpDef *op, const AstNode *call, const PreArgs *pre)
{
    Elab *E = fc->E;
    char name[96];
    const AstNode *bound[64];
    IrKwarg kwbuf[32];
    const IrExpr *args[64];
    uint32_t nk = 0, pos = 0, argi = 0;
    int ok = 1;
    OpError err;
    const IrType *type;
    DeduceCtx dc;

    op_printed_name(op, name, sizeof name);
    if (op->nparams > 64 || op->nkw > 32)
        ICE("op %s has too many parameters", op_name(op));
    memset(bound, 0, sizeof bound);
    /* Keywords first, then positionals fill the remaining parameters. */
    for (uint32_t k = 0; k < call->list2.n; k++) {
        const AstNode *kw = call->list2.items[k];
        uint32_t p;
        for (p = 0; p < op->nparams; p++)
            if (strcmp(op->params[p].name, kw->name) == 0)
                break;
        if (p == op->nparams) {
            diag_error(E->diag, kw->span, "'%s' got an unexpected keyword argument '%s'", name, kw->name);
            ok = 0;
            continue;
        }
        bound[p] = kw->a;
    }
    for (uint32_t p = 0; p < op->nparams && pos < call->list.n; p++)
        if (!bound[p])
            bound[p] = call->list.items[pos++];
    if (pos < call->list.n) {
        arity_error(fc, op, call, name);
        return NULL;
    }
    for (uint32_t p = 0; p < op->nparams; p++) {
        const OpParam *prm = &op->params[p];
        if (prm->kw >= 0)
            continue;
        if (!bound[p]) {
            if (call->list2.n)
                diag_error(E->diag, call->span, "'%s' is missing argument '%s'", name, prm->name);
            else
                arity_error(fc, op, call, name);
            return NULL;
        }
    }
    if (!ok)
        return NULL;
    /* IR arguments, in order. */
    for (uint32_t p = 0; p < op->nparams; p++) {
        if (op->params[p].kw >= 0)
            continue;
        args[argi] = NULL;
        for (int j = 0; pre && j < pre->n; j++)
            if (pre->v[j] && bound[p] == call->list.items[j])
                args[argi] = pre->v[j];   /* already elaborated by the dispatcher */
        if (!args[argi])
            args[argi] = elab_expr(fc, bound[p]);
        if (!args[argi])
            ok = 0;
        argi++;
    }
    /* Kwargs in schema order. */
    for (uint32_t k = 0; k < op->nkw; k++) {
        const KwSpec *spec = &op->kwargs[k];
        const AstNode *given = NULL;
        for (uint32_t p = 0; p < op->nparams; p++)
            if (op->params[p].kw == (int)k)
                given = bound[p];
        if (given) {
            if (!elab_kwarg_value(fc, spec, given, name, &kwbuf[nk]))
                ok = 0;
            nk++;
        } else if (spec->presence == KW_DEFAULTED) {
            IrKwarg *kw = &kwbuf[nk++];
            kw->key = intern_cstr(E->names, spec->name);
            switch ((KwType)spec->type) {
            case KWT_BOOL: kw->kind = KW_BOOL; kw->v.i = spec->idefault; break;
            case KWT_DOUBLE: kw->kind = KW_DOUBLE; kw->v.d = spec->ddefault; break;
            case KWT_DTYPE: kw->kind = KW_DTYPE; kw->v.i = spec->idefault; break;
            case KWT_MEMSPACE: kw->kind = KW_MEMSPACE; kw->v.i = spec->idefault; break;
            case KWT_STRING: ICE("string kwargs have no default");
            default: kw->kind = KW_INT; kw->v.i = spec->idefault; break;
            }
        } else if (spec->presence == KW_REQUIRED) {
            diag_error(E->diag, call->span, "'%s' needs the argument '%s'", name, spec->name);
            ok = 0;
        }
    }
    if (!ok)
        return NULL;
    if (op->normalize) {
        memset(&dc, 0, sizeof dc);
        dc.ir = E->ir;
        dc.op = op;
        dc.args = args;
        dc.nargs = op->nargs;
        dc.kwargs = kwbuf;
        dc.nkwargs = nk;
        dc.err = &err;
        op->normalize(&dc, args);
    }
    type = op_deduce(E->ir, op, args, op->nargs, kwbuf, nk, &err);
    if (!type) {
        Span at = call->span;
        if (err.arg >= 0 && (uint32_t)err.arg < op->nargs) {
            /* Point at the argument the message is about, or at its
             * element. */
            uint32_t k = 0;
            for (uint32_t p = 0; p < op->nparams; p++) {
                if (op->params[p].kw >= 0)
                    continue;
                if (k++ == (uint32_t)err.arg && bound[p])
                    at = arg_part_span(bound[p], err.elem);
            }
        }
        diag_error(E->diag, at, "%s", err.msg);
        return NULL;
    }
    return ir_call(E->ir, &op->callee, op->nargs, args, nk, kwbuf, type, call->span);
}

/* ------------------------------------------------------------ dispatch */

static const char *const tensor_only[] = {"create_tensor", "dim", "assemble", "add_scalar", "sub_scalar",
                                          "mul_scalar", "div_scalar", NULL};
static const char *const block_only[] = {
    "load", "store", "l0c_store", "move", "neg", "sqrt", "rsqrt", "recip", "log", "relu", "matmul_acc", "minimum",
    "cmp", "cmps", "adds", "subs", "muls", "divs", "sum", "row_min", "row_expand", "row_expand_add",
    "row_expand_sub", "row_expand_mul", "row_expand_div", "col_expand", "col_expand_mul", "col_expand_div",
    "col_expand_sub", "expands", "matmul_bias", "gemv", "gemv_acc", "gemv_bias", "abs", "create_tile", NULL};

static int in_list(const char *const *list, const char *s)
{
    for (; *list; list++)
        if (strcmp(*list, s) == 0)
            return 1;
    return 0;
}

static int is_arith4(const char *s)
{
    return strcmp(s, "add") == 0 || strcmp(s, "sub") == 0 || strcmp(s, "mul") == 0 || strcmp(s, "div") == 0;
}

/* pl.store(tile, offsets, output): the April-2026 spelling without shapes
 * (ops.md 4.3); the shapes are the tile's. */
static const IrExpr *store_without_shapes(FnCtx *fc, const OpDef *op, const AstNode *call)
{
    Elab *E = fc->E;
    const IrExpr *args[4];
    const IrType *tt;
    OpError err;
    const IrType *type;
    for (int i = 0; i < 3; i++)
        if (!(args[i < 2 ? i : 3] = elab_expr(fc, call->list.items[i])))
            return NULL;
    tt = type_of(fc, args[0]);
    if (tt->kind != TYPE_TILE) {
        char b[256];
        return err_at(fc, call->list.items[0]->span, "the first argument of a store must be a Tile, got %s",
                      elab_type_str(E, tt, b, sizeof b));
    }
    args[2] = ir_make_tuple(E->ir, tt->n, tt->dims, call->span);
    if (!(type = op_deduce(E->ir, op, args, 4, NULL, 0, &err)))
        return err_at(fc, err.arg == 1 ? arg_part_span(call->list.items[1], err.elem) : call->span, "%s", err.msg);
    return ir_call(E->ir, &op->callee, 4, args, 0, NULL, type, call->span);
}

/* Resolve and call "<ns>.<name>", with DSL spelling conversions. */
static const IrExpr *call_named(FnCtx *fc, const char *ns, const char *dsl_name, const AstNode *call, const PreArgs *pre,
                                const char *written)
{
    char full[128];
    const char *name = dsl_name;
    const OpDef *op;
    if (strcmp(ns, "tensor") == 0 && strcmp(name, "create_tensor") == 0)
        name = "create";
    if (strcmp(ns, "block") == 0) {
        if (strcmp(name, "and_") == 0)
            name = "and";
        else if (strcmp(name, "or_") == 0)
            name = "or";
        else if (strcmp(name, "not_") == 0)
            name = "not";
    }
    snprintf(full, sizeof full, "%s.%s", ns, name);
    op = op_lookup(full);
    if (!op)
        return err_at(fc, call->a->span, "unknown operation '%s'", written);
    if ((strcmp(full, "block.store") == 0 || strcmp(full, "block.l0c_store") == 0) && call->list.n == 3 &&
        !call->list2.n)
        return store_without_shapes(fc, op, call);
    return call_op(fc, op, call, pre);
}

/* pl.tensor.add(t, scalar) is tensor.add_scalar. */
static const IrExpr *call_tensor(FnCtx *fc, const char *name, const AstNode *call, const char *written)
{
    PreArgs pre;
    memset(&pre, 0, sizeof pre);
    if (is_arith4(name) && call->list.n >= 2) {
        char scal[32];
        pre.v[0] = elab_expr(fc, call->list.items[0]);
        pre.v[1] = elab_expr(fc, call->list.items[1]);
        pre.n = 2;
        if (!pre.v[0] || !pre.v[1])
            return NULL;
        if (type_of(fc, pre.v[1])->kind == TYPE_SCALAR) {
            snprintf(scal, sizeof scal, "%s_scalar", name);
            return call_named(fc, "tensor", scal, call, &pre, written);
        }
    }
    return call_named(fc, "tensor", name, call, &pre, written);
}

static const IrExpr *typed_const(FnCtx *fc, const AstNode *call)
{
    ConstError err;
    const ConstVal *v, *dt;
    if (call->list.n != 2 || call->list2.n)
        return err_at(fc, call->span, "pl.const() takes two arguments: a number and a data type");
    if (!(v = const_in_fn(fc, call->list.items[0], &err)) || (v->kind != CV_INT && v->kind != CV_FLOAT))
        return err_at(fc, call->list.items[0]->span, "the first argument of pl.const() must be a number literal");
    if (!(dt = const_in_fn(fc, call->list.items[1], &err)) || dt->kind != CV_DTYPE)
        return err_at(fc, call->list.items[1]->span, "the second argument of pl.const() must be a data type such as pl.INT32");
    if (v->kind == CV_FLOAT) {
        if (!dtype_is_float((DataType)dt->v.i))
            return err_at(fc, call->span, "a float constant needs a float data type, got %s", dtype_name((DataType)dt->v.i));
        return float_const(fc, v->v.f, (DataType)dt->v.i, call->span);
    }
    if (dtype_is_int((DataType)dt->v.i) && dtype_bits((DataType)dt->v.i) < 64 && !dtype_int_fits((DataType)dt->v.i, v->v.i))
        return err_at(fc, call->span, "the constant %lld is out of the range of %s", (long long)v->v.i,
                      dtype_name((DataType)dt->v.i));
    return ir_const_int(fc->E->ir, v->v.i, (DataType)dt->v.i, call->span);
}

static const IrExpr *scalar_builtin(FnCtx *fc, const char *name, const AstNode *call, const PreArgs *pre)
{
    const IrExpr *a[2] = {NULL, NULL};
    int want = strcmp(name, "abs") == 0 ? 1 : 2;
    if (call->list2.n)
        return err_at(fc, call->list2.items[0]->span, "%s() takes no keyword arguments on scalars", name);
    if ((int)call->list.n != want)
        return err_at(fc, call->span, "%s() on scalars takes %d argument%s, got %u", name, want, want == 1 ? "" : "s",
                      call->list.n);
    for (int i = 0; i < want; i++) {
        a[i] = pre && i < pre->n && pre->v[i] ? pre->v[i] : elab_expr(fc, call->list.items[i]);
        if (!a[i])
            return NULL;
    }
    if (want == 1) {
        if (!is_scalar(type_of(fc, a[0]))) {
            char b[256];
            return err_at(fc, call->list.items[0]->span, "abs() needs a scalar, got %s (use pl.abs for tiles)",
                          elab_type_str(fc->E, type_of(fc, a[0]), b, sizeof b));
        }
        return ir_unary(fc->E->ir, UN_ABS, (DataType)type_of(fc, a[0])->dtype, a[0], call->span);
    }
    return elab_scalar_binary(fc, name[1] == 'i' ? BIN_MIN : BIN_MAX, a[0], a[1], call->span);
}

static const IrExpr *scalar_cast(FnCtx *fc, const AstNode *call, const IrExpr *x)
{
    ConstError err;
    const ConstVal *dt;
    if (call->list.n != 2 || call->list2.n)
        return err_at(fc, call->span, "pl.cast() of a scalar takes two arguments: the value and a data type");
    if (!(dt = const_in_fn(fc, call->list.items[1], &err)) || dt->kind != CV_DTYPE)
        return err_at(fc, call->list.items[1]->span, "the second argument of pl.cast() must be a data type such as pl.INT64");
    return ir_unary(fc->E->ir, UN_CAST, (DataType)dt->v.i, x, call->span);
}

/* pl.<name>(...): ops.md 4.2. */
static const IrExpr *call_unified(FnCtx *fc, const char *name, const AstNode *call, const char *written)
{
    PreArgs pre;
    const IrType *t0;
    memset(&pre, 0, sizeof pre);
    if (in_list(tensor_only, name))
        return call_tensor(fc, name, call, written);
    if (in_list(block_only, name))
        return call_named(fc, "block", name, call, NULL, written);
    if (call->list.n == 0)
        return err_at(fc, call->span, "'%s' needs a positional first argument to choose between tensor and block operations",
                      written);
    pre.v[0] = elab_expr(fc, call->list.items[0]);
    pre.n = 1;
    if (!pre.v[0])
        return NULL;
    t0 = type_of(fc, pre.v[0]);
    if (t0->kind == TYPE_TENSOR) {
        if (is_arith4(name) && call->list.n >= 2) {
            pre.v[1] = elab_expr(fc, call->list.items[1]);
            pre.n = 2;
            if (!pre.v[1])
                return NULL;
            if (type_of(fc, pre.v[1])->kind == TYPE_SCALAR) {
                char scal[32];
                snprintf(scal, sizeof scal, "%s_scalar", name);
                return call_named(fc, "tensor", scal, call, &pre, written);
            }
        }
        return call_named(fc, "tensor", name, call, &pre, written);
    }
    if (t0->kind == TYPE_TILE) {
        if (is_arith4(name) && call->list.n >= 2) {
            pre.v[1] = elab_expr(fc, call->list.items[1]);
            pre.n = 2;
            if (!pre.v[1])
                return NULL;
            if (type_of(fc, pre.v[1])->kind == TYPE_SCALAR) {
                char scal[32];
                snprintf(scal, sizeof scal, "%ss", name);
                return call_named(fc, "block", scal, call, &pre, written);
            }
        }
        return call_named(fc, "block", name, call, &pre, written);
    }
    if (t0->kind == TYPE_SCALAR) {
        if (strcmp(name, "min") == 0 || strcmp(name, "max") == 0)
            return scalar_builtin(fc, name, call, &pre);
        if (strcmp(name, "cast") == 0)
            return scalar_cast(fc, call, pre.v[0]);
        return err_at(fc, call->span, "'%s' is not defined for scalars (scalar operations: min, max, cast)", written);
    }
    {
        char b[256];
        return err_at(fc, call->span, "cannot dispatch '%s': the first argument has type %s; use %s.tensor.* or %s.block.*",
                      written, elab_type_str(fc->E, t0, b, sizeof b), call->a->a->name, call->a->a->name);
    }
}

/* ------------------------------------------------------- function calls */

static const IrType *sig_result_type(Elab *E, const FuncSig *sig)
{
    if (sig->nret == 0)
        return ir_type_unknown(E->ir);
    if (sig->nret == 1)
        return sig->ret[0];
    return ir_type_tuple(E->ir, sig->nret, sig->ret);
}

/* Argument types must agree with the parameters (symbolic dims excepted). */
static int arg_compatible(const IrType *arg, const IrType *param)
{
    int64_t a, b;
    if (arg->kind != param->kind || arg->dtype != param->dtype || arg->n != param->n)
        return 0;
    if (arg->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < arg->n; i++)
            if (!arg_compatible(arg->elems[i], param->elems[i]))
                return 0;
        return 1;
    }
    if (arg->kind != TYPE_TENSOR && arg->kind != TYPE_TILE)
        return 1;
    for (uint32_t i = 0; i < arg->n; i++)
        if (ir_dim_value(arg->dims[i], &a) && ir_dim_value(param->dims[i], &b) && a != b)
            return 0;
    return 1;
}

static const IrExpr *call_function(FnCtx *fc, const FuncSig *sig, const char *name, const AstNode *call, int self_call)
{
    Elab *E = fc->E;
    const IrExpr **args;
    const IrExpr *r = NULL;
    uint32_t n = call->list.n;
    int ok = 1;
    if (call->list2.n)
        return err_at(fc, call->list2.items[0]->span, "keyword arguments are not supported in calls of program functions");
    args = xmalloc(xmul_size(n ? n : 1, sizeof *args));
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = elab_expr(fc, call->list.items[i])))
            ok = 0;
    if (!sig->ok)
        ok = 0;   /* its signature already reported errors */
    else if (n != sig->nparams) {
        diag_error(E->diag, call->span, "'%s%s' expects %u argument%s, got %u", self_call ? "self." : "", name,
                   sig->nparams, sig->nparams == 1 ? "" : "s", n);
        diag_note(E->diag, sig->span, "'%s' is defined here", name);
        ok = 0;
    } else if (ok) {
        for (uint32_t i = 0; i < n; i++) {
            const IrType *at = type_of(fc, args[i]), *pt = sig->params[i].var->type;
            if (!arg_compatible(at, pt) &&
                elab_convert_arg(fc, &args[i], sig->params[i].var, name, i, call->list.items[i]->span) < 0) {
                char a[256], b[256];
                diag_error(E->diag, call->list.items[i]->span, "argument %u of '%s' has type %s, but parameter '%s' is %s",
                           i + 1, name, elab_type_str(E, at, a, sizeof a), sig->params[i].var->name,
                           elab_type_str(E, pt, b, sizeof b));
                diag_note(E->diag, sig->params[i].var->e.span, "parameter '%s' is declared here",
                          sig->params[i].var->name);
                ok = 0;
            }
        }
    }
    if (ok)
        r = ir_call(E->ir, ir_callee_global(E->ir, sig->name), n, args, 0, NULL, sig_result_type(E, sig), call->span);
    xfree(args);
    return r;
}

/* Expand an @pl.inline function at this call; its value is what it returns. */
static const IrExpr *expand_inline(FnCtx *fc, InlineFn *fn, const AstNode *call, int want_value)
{
    Elab *E = fc->E;
    const AstNode *def = fn->def;
    uint32_t n = call->list.n, np = def->list.n;
    const IrExpr **args;
    InlineFrame frame;
    VEC(ScopeUndo) keep;
    uint32_t mark;
    int ok = 1;
    if (fn->expanding)
        return err_at(fc, call->span, "inline function '%s' calls itself; recursion cannot be expanded", fn->name);
    if (call->list2.n)
        return err_at(fc, call->list2.items[0]->span, "keyword arguments are not supported in inline calls");
    if (n != np) {
        diag_error(E->diag, call->span, "inline function '%s' expects %u argument%s, got %u", fn->name, np,
                   np == 1 ? "" : "s", n);
        diag_note(E->diag, def->span, "'%s' is defined here", fn->name);
        return NULL;
    }
    args = xmalloc(xmul_size(n ? n : 1, sizeof *args));
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = elab_expr(fc, call->list.items[i])))
            ok = 0;
    if (!ok) {
        xfree(args);
        return NULL;
    }
    /* Parameters are bound to the argument expressions for the body only;
     * what the body defines stays visible to the caller afterwards. */
    scope_enter(&fc->scope);
    for (uint32_t i = 0; i < n; i++)
        scope_define(&fc->scope, def->list.items[i]->name, args[i]);
    mark = fc->scope.undo.len;
    memset(&frame, 0, sizeof frame);
    frame.fn = fn;
    frame.outer = fc->inl;
    fc->inl = &frame;
    fn->expanding = 1;
    elab_block(fc, &def->list2, 1);
    fn->expanding = 0;
    fc->inl = frame.outer;
    vec_init(keep);
    for (uint32_t i = mark; i < fc->scope.undo.len; i++) {
        ScopeUndo u;
        u.name = fc->scope.undo.data[i].name;
        u.old = scope_lookup(&fc->scope, u.name);
        vec_push(keep, u);
    }
    scope_exit(&fc->scope, 0);
    for (uint32_t i = 0; i < keep.len; i++)
        scope_define(&fc->scope, keep.data[i].name, keep.data[i].old);
    vec_free(keep);
    xfree(args);
    if (want_value && !frame.ret) {
        if (!frame.returned)
            diag_error(E->diag, call->span, "inline function '%s' does not return a value", fn->name);
        return NULL;
    }
    return frame.ret;
}

/* -------------------------------------------------------------- calls */

static const IrExpr *elab_call(FnCtx *fc, const AstNode *e, int want_value)
{
    Elab *E = fc->E;
    const AstNode *f = e->a;
    char written[160];

    if (e->list.n > ELAB_MAX_ARGS)
        return err_at(fc, e->span, "too many arguments in one call (%u; the limit is %u)", e->list.n,
                      (unsigned)ELAB_MAX_ARGS);

    if (f->kind == AST_ATTR && f->a->kind == AST_NAME && f->a->name == E->n.self &&
        !scope_lookup(&fc->scope, E->n.self)) {
        Method *m = elab_method(E, f->name);
        if (!fc->in_program)
            return err_at(fc, f->span, "'self.%s(...)' is only valid in a method of a @pl.program class", f->name);
        if (!m)
            return err_at(fc, f->span, "program '%s' has no function named '%s'", E->program_name, f->name);
        return call_function(fc, &m->sig, f->name, e, 1);
    }
    if (f->kind == AST_ATTR) {
        /* pl.X, pl.ns.X */
        const AstNode *root = f;
        const char *parts[3];
        int n = 0;
        while (root->kind == AST_ATTR && n < 3) {
            parts[n++] = root->name;
            root = root->a;
        }
        if (root->kind == AST_NAME && !scope_lookup(&fc->scope, root->name) && elab_is_prefix(E, root->name)) {
            const char *p = root->name;
            if (n == 1) {
                const char *name = parts[0];
                snprintf(written, sizeof written, "%s.%s", p, name);
                if (name == E->n.yield_)
                    return err_at(fc, e->span, "pl.yield_ must be a statement or the value of an assignment");
                if (name == E->n.cond)
                    return err_at(fc, e->span, "pl.cond() can only be the first statement of a pl.while_() loop");
                if (name == E->n.range || name == E->n.parallel || name == E->n.while_)
                    return err_at(fc, e->span, "%s() is only valid as the iterator of a for loop", written);
                if (name == E->n.incore)
                    return err_at(fc, e->span, "pl.incore() is only valid in a with statement");
                if (name == E->n.dynamic)
                    return err_at(fc, e->span, "pl.dynamic() defines a module-level constant");
                if (name == E->n.const_)
                    return typed_const(fc, e);
                return call_unified(fc, name, e, written);
            }
            if (n == 2) {
                const char *ns = parts[1], *name = parts[0];
                snprintf(written, sizeof written, "%s.%s.%s", p, ns, name);
                if (ns == E->n.tensor)
                    return call_tensor(fc, name, e, written);
                if (ns == E->n.block || ns == E->n.tile)
                    return call_named(fc, "block", name, e, NULL, written);
                if (ns == E->n.system)
                    return call_named(fc, "system", name, e, NULL, written);
                return err_at(fc, f->span, "unknown operation namespace '%s.%s'", p, ns);
            }
        }
        return err_at(fc, f->span, "unsupported call");
    }
    if (f->kind == AST_NAME) {
        Global *g;
        if (scope_lookup(&fc->scope, f->name))
            return err_at(fc, f->span, "'%s' is a variable, not a function", f->name);
        g = elab_global(E, f->name);
        if (g) {
            switch ((GlobalKind)g->kind) {
            case G_FUNC:
                if (fc->in_program && !fc->ext && elab_method(E, g->func->sig.name)) {
                    diag_error(E->diag, f->span, "function '%s' conflicts with program function '%s'",
                               g->func->sig.name, g->func->sig.name);
                    diag_note(E->diag, elab_method(E, g->func->sig.name)->sig.span, "program function '%s' is defined here",
                              g->func->sig.name);
                    return NULL;
                }
                elab_note_extern_call(fc, g->func);
                return call_function(fc, &g->func->sig, g->func->sig.name, e, 0);
            case G_INLINE:
                return expand_inline(fc, g->inl, e, want_value);
            case G_OPAQUE:
                diag_error(E->diag, f->span, "'%s' cannot be called: %s", f->name, g->why);
                diag_note(E->diag, g->span, "'%s' is defined here", f->name);
                return NULL;
            default:
                return err_at(fc, f->span, "'%s' is not a function", f->name);
            }
        }
        if (f->name == E->n.min || f->name == E->n.max || f->name == E->n.abs)
            return scalar_builtin(fc, f->name, e, NULL);
        if (f->name == E->n.range)
            return err_at(fc, e->span, "range() is only valid as the iterator of a for loop");
        return err_at(fc, f->span, "name '%s' is not defined", f->name);
    }
    return err_at(fc, f->span, "this expression cannot be called");
}

void elab_expr_stmt(FnCtx *fc, const AstNode *e)
{
    const IrExpr *v;
    if (e->kind != AST_CALL) {
        diag_error(fc->E->diag, e->span, "this expression statement has no effect");
        return;
    }
    v = elab_call(fc, e, 0);
    if (v && v->kind == EXPR_CALL)
        elab_emit(fc, ir_eval(fc->E->ir, v, e->span));
}

/* -------------------------------------------------------- subscripts */

static const IrExpr *elab_subscript(FnCtx *fc, const AstNode *e)
{
    const IrExpr *v = elab_expr(fc, e->a);
    const AstNode *ix;
    ConstError err;
    const ConstVal *c;
    const IrType *t;
    if (!v)
        return NULL;
    if (e->list.n != 1 || (e->flags & AST_TRAILING_COMMA) || e->list.items[0]->kind == AST_KEYWORD)
        return err_at(fc, e->span, "only a single constant index is supported");
    ix = e->list.items[0];
    c = const_in_fn(fc, ix, &err);
    if (!c || c->kind != CV_INT)
        return err_at(fc, ix->span, "a tuple index must be a constant integer");
    t = type_of(fc, v);
    if (t->kind != TYPE_TUPLE) {
        char b[256];
        return err_at(fc, e->span, "only tuples can be indexed, got %s", elab_type_str(fc->E, t, b, sizeof b));
    }
    if (c->v.i < 0 || c->v.i >= (int64_t)t->n)
        return err_at(fc, ix->span, "index %lld is out of range for a tuple of %u", (long long)c->v.i, t->n);
    return ir_tuple_get(fc->E->ir, v, (uint32_t)c->v.i, e->span);
}

/* An integer literal, or a minus sign directly before one. */
static int int_literal(const AstNode *e, int64_t *v)
{
    if (e->kind == AST_INT && !(e->flags & AST_BIG)) {
        *v = (int64_t)e->u;
        return 1;
    }
    if (e->kind == AST_UNARY && e->op == AST_NEG && e->a->kind == AST_INT && !(e->a->flags & AST_PARENS) &&
        (!(e->a->flags & AST_BIG) || e->a->u == (uint64_t)INT64_MAX + 1)) {
        *v = (e->a->flags & AST_BIG) ? INT64_MIN : -(int64_t)e->a->u;
        return 1;
    }
    return 0;
}

static const IrExpr *elab_seq(FnCtx *fc, const AstNode *e)
{
    const IrExpr **el;
    const IrExpr *r = NULL;
    int ok = 1;
    int64_t vals[16];
    uint32_t nlit = 0;
    while (nlit < e->list.n && nlit < 16 && int_literal(e->list.items[nlit], &vals[nlit]))
        nlit++;
    if (nlit == e->list.n && nlit > 0 && nlit <= 16)
        return ir_const_tuple(fc->E->ir, nlit, vals);
    el = xmalloc(xmul_size(e->list.n ? e->list.n : 1, sizeof *el));
    for (uint32_t i = 0; i < e->list.n; i++) {
        int64_t v;
        /* Offsets and shapes are lists of literals: their elements share
         * the canonical constants (the list keeps its own location). */
        if (int_literal(e->list.items[i], &v))
            el[i] = ir_dim_const(fc->E->ir, v);
        else if (!(el[i] = elab_expr(fc, e->list.items[i])))
            ok = 0;
    }
    if (ok)
        r = ir_make_tuple(fc->E->ir, e->list.n, el, e->span);
    xfree(el);
    return r;
}

static const IrExpr *elab_attr(FnCtx *fc, const AstNode *e)
{
    ConstError err;
    const ConstVal *c = const_in_fn(fc, e, &err);
    if (c)
        return const_to_ir(fc, c, e->span);
    return err_at(fc, e->span, "%s", err.msg);
}

/* ---------------------------------------------------------- dispatch */

const IrExpr *elab_expr(FnCtx *fc, const AstNode *e)
{
    if (e->depth > AST_MAX_DEPTH)
        return NULL;   /* reported by the parser */
    switch ((AstKind)e->kind) {
    case AST_NAME:
        return elab_name(fc, e);
    case AST_INT:
        if (e->flags & AST_BIG)
            return err_at(fc, e->span, "integer literal is too large");
        return ir_const_int(fc->E->ir, (int64_t)e->u, DT_INT64, e->span);
    case AST_FLOAT:
        return float_const(fc, e->f, DT_FP32, e->span);
    case AST_TRUE:
    case AST_FALSE:
        return ir_const_bool(fc->E->ir, e->kind == AST_TRUE, e->span);
    case AST_NONE:
        return err_at(fc, e->span, "None is not a value in PyPTO programs");
    case AST_STRING:
        return err_at(fc, e->span, "a string is only valid as a keyword argument value");
    case AST_ELLIPSIS:
        return err_at(fc, e->span, "'...' is not a value");
    case AST_LIST:
    case AST_TUPLE:
        return elab_seq(fc, e);
    case AST_UNARY:
        return elab_unary(fc, e);
    case AST_BINOP:
        return elab_binop(fc, e);
    case AST_BOOLOP:
        return elab_boolop(fc, e);
    case AST_COMPARE:
        return elab_compare(fc, e);
    case AST_CALL:
        return elab_call(fc, e, 1);
    case AST_SUBSCRIPT:
        return elab_subscript(fc, e);
    case AST_ATTR:
        return elab_attr(fc, e);
    case AST_KEYWORD:
        return err_at(fc, e->span, "a keyword argument is not valid here");
    default:
        return err_at(fc, e->span, "unsupported expression");
    }
}
