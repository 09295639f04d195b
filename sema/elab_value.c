/* elab_value.c: names, module constants and keyword values as IR, and
 * scalar arithmetic: Python's int and float operators build BinaryExpr and
 * UnaryExpr nodes with the promotion casts of ops.md 3.3 (tiles and
 * tensors go through the pl.* operations instead). */
#include "config.h"
#include "sema/elab_value.h"
#include "support/xalloc.h"

#include <math.h>
#include <string.h>

static const IrType *type_of(FnCtx *fc, const IrExpr *e) { return ir_expr_type(fc->E->ir, e); }

/* ------------------------------------------------------- constant values */

const IrExpr *elab_float_const(FnCtx *fc, double v, DataType dt, Span span)
{
    double max = dtype_float_max(dt);
    if (max && fabs(v) > max)
        return elab_error(fc->E, span, "the float constant %g is out of the range of %s", v, dtype_name(dt));
    return ir_const_float(fc->E->ir, v, dt, span);
}

static const IrExpr *const_to_ir_in(FnCtx *fc, const ConstVal *v, Span span, int in_list)
{
    IrCtx *ir = fc->E->ir;
    switch ((ConstKind)v->kind) {
    case CV_INT:
        return in_list ? ir_dim_const(ir, v->v.i) : ir_const_int(ir, v->v.i, DT_INT64, span);
    case CV_FLOAT:
        return elab_float_const(fc, v->v.f, DT_FP32, span);
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
    case CV_UNKNOWN:
        elab_unknown_error(fc->E, span, NULL, v);
        return NULL;
    default: {
        char buf[128];
        const_format(v, buf, sizeof buf);
        return elab_error(fc->E, span, "%s (a %s) cannot be used as a value here", buf, const_kind_name((ConstKind)v->kind));
    }
    }
}

const IrExpr *elab_const_value(FnCtx *fc, const ConstVal *v, Span span) { return const_to_ir_in(fc, v, span, 0); }

int elab_kwarg_value(FnCtx *fc, const KwSpec *spec, const AstNode *value, const char *op, IrKwarg *out)
{
    ConstError err;
    const ConstVal *v = elab_const(fc->E, fc, value, &err);
    const char *want = NULL;
    char got[128];
    out->key = intern_cstr(fc->E->names, spec->name);
    if (!v) {
        diag_error(fc->E->diag, err.at, "keyword argument '%s' of '%s' must be a compile-time constant: %s",
                   spec->name, op, err.msg);
        if (err.unknown && span_is_known(err.origin))
            diag_note(fc->E->diag, err.origin, "it is not known from here");
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
        [KWT_TILE_LAYOUT] = {CV_TILE_LAYOUT, KW_INT, "a tile layout such as pl.TileLayout.row_major"},
        [KWT_PAD] = {CV_TILE_PAD, KW_INT, "a pad value: pl.PadValue.zero, max or min (or 0, math.inf, -math.inf)"},
        [KWT_NOTIFY_OP] = {CV_DSL, KW_COMM_ENUM, "pld.NotifyOp.AtomicAdd or pld.NotifyOp.Set"},
        [KWT_WAIT_CMP] = {CV_DSL, KW_COMM_ENUM, "pld.WaitCmp.Eq or pld.WaitCmp.Ge"},
        [KWT_ATOMIC_TYPE] = {CV_DSL, KW_COMM_ENUM, "pl.AtomicType.None_ or pl.AtomicType.Add"},
        [KWT_REDUCE_OP] = {CV_DSL, KW_COMM_ENUM, "pld.ReduceOp.Sum, Max, Min or Prod"},
        [KWT_TENSOR_LAYOUT] = {CV_TENSOR_LAYOUT, KW_INT, "a tensor layout such as pl.TensorLayout.ND"},
        [KWT_COALESCE] = {CV_INT, KW_INT, "a coalesce mode: \"row\", \"elem\", 0 or 1"},
        [KWT_GATHER_OOB] = {CV_INT, KW_INT, "an out-of-bounds mode: \"undefined\", \"clamp\", \"wrap\", \"zero\" or 0-3"},
        [KWT_CMP_MODE] = {CV_INT, KW_INT, "a comparison: \"eq\", \"ne\", \"lt\", \"le\", \"gt\", \"ge\" or 0-5"},
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
    case KWT_COALESCE:
    case KWT_GATHER_OOB:
    case KWT_CMP_MODE: {
        /* a name, or the integer pypto prints (its printed IR reads back) */
        int (*from)(const char *) = t == KWT_COALESCE     ? coalesce_from_name
                                    : t == KWT_GATHER_OOB ? gather_oob_from_name
                                                          : cmp_mode_from_name;
        const char *(*name)(int) = t == KWT_COALESCE ? coalesce_name : t == KWT_GATHER_OOB ? gather_oob_name : cmp_mode_name;
        if (v->kind == CV_STR && from(v->v.str.s) >= 0) {
            ok = 1;
            out->v.i = from(v->v.str.s);
        } else {
            ok = ok && v->v.i == (int)v->v.i && name((int)v->v.i) != NULL;
        }
        break;
    }
    case KWT_PIPE:
        ok = ok || (v->kind == CV_INT && v->v.i >= 0 && v->v.i < PIPE_COUNT);
        break;
    case KWT_PAD:
        /* The literal spellings of pypto's tile.fillpad: 0, +inf, -inf;
         * the hardware pads with zero, max or min only. */
        if (v->kind == CV_INT && v->v.i == 0) {
            ok = 1;
            out->v.i = TP_ZERO;
        } else if (v->kind == CV_FLOAT && (v->v.f == 0.0 || isinf(v->v.f))) {
            ok = 1;
            out->v.i = v->v.f == 0.0 ? TP_ZERO : v->v.f > 0 ? TP_MAX : TP_MIN;
        }
        ok = ok && out->v.i != TP_NULL;
        break;
    case KWT_NOTIFY_OP:
    case KWT_WAIT_CMP:
    case KWT_ATOMIC_TYPE:
    case KWT_REDUCE_OP: {
        /* pld.NotifyOp.Set, or the member's ABI integer (distributed_ops.md). */
        CommEnum g = t == KWT_NOTIFY_OP     ? CE_NOTIFY_OP
                     : t == KWT_WAIT_CMP    ? CE_WAIT_CMP
                     : t == KWT_ATOMIC_TYPE ? CE_ATOMIC_TYPE
                                            : CE_REDUCE_OP;
        int m = -1;
        if (v->kind == CV_DSL) {
            char prefix[64];
            size_t n = (size_t)snprintf(prefix, sizeof prefix, "pypto.language.distributed.%s.", comm_enum_name(g));
            if (strncmp(v->v.dsl.path, prefix, n) == 0)
                m = comm_enum_from_name(g, v->v.dsl.path + n);
            /* pl.AtomicType is the same enumeration (pypto exposes it in
             * pypto.language for tile.store and tensor.assemble) */
            n = (size_t)snprintf(prefix, sizeof prefix, "pypto.language.%s.", comm_enum_name(g));
            if (g == CE_ATOMIC_TYPE && strncmp(v->v.dsl.path, prefix, n) == 0)
                m = comm_enum_from_name(g, v->v.dsl.path + n);
        } else if (v->kind == CV_INT && comm_enum_member(g, (int)v->v.i) && v->v.i == (int)v->v.i) {
            m = (int)v->v.i;
        }
        ok = m >= 0;
        out->v.i = COMM_ENUM_PACK(g, m < 0 ? 0 : m);
        break;
    }
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

/* A task id is an opaque handle with no arithmetic, no comparison and no
 * conversion (pypto docs/en/dev/ir/02-types.md): an error naming what it
 * can do. */
const IrExpr *elab_task_id_operand(FnCtx *fc, Span span, const char *what)
{
    return elab_error(fc->E, span,
                      "%s is not defined on task ids: pl.TASK_ID is an opaque handle, which can be carried, stored in "
                      "a pl.array, passed in deps= and returned",
                      what);
}

const IrExpr *elab_scalar_binary(FnCtx *fc, IrBinaryOp op, const IrExpr *a, const IrExpr *b, Span span)
{
    const IrType *ta = type_of(fc, a), *tb = type_of(fc, b);
    DataType pt, rt;
    char what[32];
    if ((is_scalar(ta) && ta->dtype == DT_TASK_ID) || (is_scalar(tb) && tb->dtype == DT_TASK_ID)) {
        snprintf(what, sizeof what, "operator '%s'", ir_binary_symbol(op));
        return elab_task_id_operand(fc, span, what);
    }
    if (!is_scalar(ta) || !is_scalar(tb)) {
        char x[256], y[256];
        return elab_error(fc->E, span, "operator '%s' needs scalars, got %s and %s%s", ir_binary_symbol(op),
                          elab_type_str(fc->E, ta, x, sizeof x), elab_type_str(fc->E, tb, y, sizeof y),
                          (ta->kind == TYPE_TILE || ta->kind == TYPE_TENSOR || tb->kind == TYPE_TILE ||
                           tb->kind == TYPE_TENSOR)
                              ? " (use the pl.* operations for tiles and tensors)"
                              : "");
    }
    pt = dtype_promote((DataType)ta->dtype, (DataType)tb->dtype);
    if ((op == BIN_BIT_AND || op == BIN_BIT_OR || op == BIN_BIT_XOR || op == BIN_SHL || op == BIN_SHR) &&
        dtype_is_float(pt))
        return elab_error(fc->E, span, "operator '%s' needs integer operands, got %s", ir_binary_symbol(op), dtype_name(pt));
    a = cast_to(fc, a, pt);
    b = cast_to(fc, b, pt);
    rt = (ir_binary_is_comparison(op) || op == BIN_AND || op == BIN_OR || op == BIN_XOR) ? DT_BOOL : pt;
    return ir_binary(fc->E->ir, op, rt, a, b, span);
}

const IrExpr *elab_scalar_unary(FnCtx *fc, IrUnaryOp op, const IrExpr *x, Span span, const char *sym)
{
    const IrType *t = type_of(fc, x);
    if (!is_scalar(t)) {
        char b[256];
        return elab_error(fc->E, span, "operator '%s' needs a scalar, got %s%s", sym, elab_type_str(fc->E, t, b, sizeof b),
                          (t->kind == TYPE_TILE || t->kind == TYPE_TENSOR) ? " (use the pl.* operations for tiles and tensors)"
                                                                           : "");
    }
    if (t->dtype == DT_TASK_ID) {
        char what[32];
        snprintf(what, sizeof what, "operator '%s'", sym);
        return elab_task_id_operand(fc, span, what);
    }
    if (op == UN_BIT_NOT && dtype_is_float((DataType)t->dtype))
        return elab_error(fc->E, span, "operator '~' needs an integer operand, got %s", dtype_name((DataType)t->dtype));
    return ir_unary(fc->E->ir, op, op == UN_NOT ? DT_BOOL : (DataType)t->dtype, x, span);
}

/* -------------------------------------------------------------- names */

const IrExpr *elab_name(FnCtx *fc, const AstNode *e)
{
    Elab *E = fc->E;
    const IrExpr *v = scope_lookup(&fc->scope, e->name);
    const ConstVal *g;
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
            return elab_error(fc->E, e->span, "'%s' is the DSL module; use it as %s.<operation>(...)", e->name, e->name);
        return elab_error(fc->E, e->span, "name '%s' is not defined", e->name);
    }
    switch ((ConstKind)g->kind) {
    case CV_KERNEL:
        return elab_error(fc->E, e->span, "function '%s' can only be called", e->name);
    case CV_DSL:
        if (ev_is_dsl_root(g))
            return elab_error(fc->E, e->span, "'%s' is the DSL module; use it as %s.<operation>(...)", e->name,
                              e->name);
        return elab_error(fc->E, e->span, "'%s' (%s) is not a value", e->name, g->v.dsl.path);
    case CV_UNKNOWN:
        elab_unknown_error(E, e->span, e->name, g);
        return NULL;
    default:
        return elab_const_value(fc, g, e->span);
    }
}

/* ------------------------------------------------------------ attributes */

/* A constant as an attribute value (lists of them entry by entry). */
static int attr_value(FnCtx *fc, const ConstVal *c, const AstNode *at, const char *what, const char *key, IrKwarg *kw)
{
    Elab *E = fc->E;
    switch ((ConstKind)c->kind) {
    case CV_BOOL: kw->kind = KW_BOOL; kw->v.i = c->v.i; return 1;
    case CV_INT: kw->kind = KW_INT; kw->v.i = c->v.i; return 1;
    case CV_FLOAT: kw->kind = KW_DOUBLE; kw->v.d = c->v.f; return 1;
    case CV_STR: kw->kind = KW_STRING; kw->v.s = c->v.str.s; return 1;
    case CV_DTYPE: kw->kind = KW_DTYPE; kw->v.i = c->v.i; return 1;
    case CV_MEMSPACE: kw->kind = KW_MEMSPACE; kw->v.i = c->v.i; return 1;
    case CV_SPLIT_MODE: kw->kind = KW_SPLIT; kw->v.i = c->v.i; return 1;
    case CV_ARG_DIR: kw->kind = KW_ARG_DIR; kw->v.i = c->v.i; return 1;
    case CV_LIST:
    case CV_TUPLE: {
        uint32_t n = c->v.seq.n;
        IrKwarg *items = xmalloc(xmul_size(n ? n : 1, sizeof *items));
        int ok = 1;
        for (uint32_t i = 0; ok && i < n; i++) {
            memset(&items[i], 0, sizeof items[i]);
            items[i].key = intern_cstr(E->names, "");
            if (c->v.seq.items[i]->kind == CV_LIST || c->v.seq.items[i]->kind == CV_TUPLE) {
                diag_error(E->diag, at->span, "%s '%s' cannot hold a list in a list", what, key);
                ok = 0;
            } else {
                ok = attr_value(fc, c->v.seq.items[i], at, what, key, &items[i]);
            }
        }
        kw->kind = KW_LIST;
        kw->v.l = ok ? ir_kwargs_intern(E->ir, n, items) : NULL;
        xfree(items);
        return ok;
    }
    case CV_UNKNOWN:
        /* Task ids (compiler_manual_dep_edges), predicates: values of the
         * program, which the attributes pyptocc holds cannot name. */
        diag_error(E->diag, at->span, "%s '%s' holds constants only; this one is known only at run time", what, key);
        return 0;
    default: {
        char b[128];
        const_format(c, b, sizeof b);
        diag_error(E->diag, at->span, "%s '%s' cannot be %s", what, key, b);
        return 0;
    }
    }
}

int elab_attr_dict(FnCtx *fc, const AstNode *d, const char *what, int params, KwargVec *attrs)
{
    Elab *E = fc->E;
    for (uint32_t i = 0; i < d->list.n; i++) {
        const AstNode *pair = d->list.items[i], *key, *val;
        IrKwarg kw;
        memset(&kw, 0, sizeof kw);
        if (pair->kind != AST_PAIR) {
            diag_error(E->diag, pair->span, "'**' is not supported in a %s dict", what);
            return 0;
        }
        key = pair->a;
        val = pair->b;
        if (key->kind != AST_STRING || (key->flags & (AST_FSTRING | AST_BYTES)) || strlen(key->name) != key->u ||
            !key->name[0]) {
            diag_error(E->diag, key->span, "a %s's key is a string literal", what);
            return 0;
        }
        kw.key = intern_cstr(E->names, key->name);
        for (uint32_t k = 0; k < attrs->len; k++)
            if (attrs->data[k].key == kw.key) {
                diag_error(E->diag, key->span, "%s '%s' is given twice", what, kw.key);
                return 0;
            }
        if (params && val->kind == AST_NAME && scope_lookup(&fc->scope, val->name)) {
            /* A bare name is always a parameter (01-functions.md). */
            const IrExpr *pv = scope_lookup(&fc->scope, val->name);
            uint32_t p;
            for (p = 0; p < fc->sig->nparams; p++)
                if (&fc->sig->params[p].var->e == pv)
                    break;
            if (p == fc->sig->nparams) {
                diag_error(E->diag, val->span, "'%s' is not a parameter of '%s'", val->name, fc->sig->name);
                return 0;
            }
            kw.kind = KW_PARAM;
            kw.v.i = p;
        } else {
            ConstError err;
            const ConstVal *c = elab_const(E, fc, val, &err);
            if (!c) {
                diag_error(E->diag, err.at, "%s", err.msg);
                return 0;
            }
            if (!attr_value(fc, c, val, what, kw.key, &kw))
                return 0;
        }
        vec_push(*attrs, kw);
    }
    return 1;
}

int elab_op_attrs(FnCtx *fc, const AstNode *d, IrKwarg *out)
{
    KwargVec attrs;
    int ok;
    vec_init(attrs);
    if ((ok = elab_attr_dict(fc, d, "call attribute", 0, &attrs))) {
        memset(out, 0, sizeof *out);
        out->key = intern_cstr(fc->E->names, "attrs");
        out->kind = KW_LIST;
        out->v.l = ir_kwargs_intern(fc->E->ir, attrs.len, attrs.data);
    }
    vec_free(attrs);
    return ok;
}
