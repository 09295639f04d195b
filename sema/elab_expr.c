/* elab_expr.c: expressions and calls.
 *
 * Operator calls are resolved by the dispatch rules of ops.md 4 (explicit
 * pl.tensor.X / pl.block.X / pl.tile.X / pl.system.X, unified pl.X by the
 * type of the first argument), their positional arguments elaborated here
 * and bound to the op's signature by elab_op.c.  Calls of program and
 * top-level functions check their arguments against the signature; an
 * @pl.inline call is expanded through FnCtx.expand_inline.  Names,
 * constants and scalar arithmetic are elab_value.c's. */
#include "config.h"
#include "sema/elab_expr.h"
#include "sema/elab_assign.h"
#include "sema/elab_func.h"
#include "sema/elab_convert.h"
#include "sema/elab_deps.h"
#include "sema/elab_index.h"
#include "sema/elab_jit.h"
#include "ir/visit.h"
#include "sema/elab_op.h"
#include "sema/elab_pld.h"
#include "sema/elab_store.h"
#include "sema/elab_value.h"
#include "support/xalloc.h"

#include <string.h>

static const IrType *type_of(FnCtx *fc, const IrExpr *e) { return ir_expr_type(fc->E->ir, e); }

static int is_scalar(const IrType *t) { return t->kind == TYPE_SCALAR; }

/* ------------------------------------------------------------ operators */

static const IrExpr *elab_unary(FnCtx *fc, const AstNode *e)
{
    const AstNode *x = e->a;
    const IrExpr *v;
    /* -5 directly before a literal is a negative constant; -(5) is Neg. */
    if (e->op == AST_NEG && !(x->flags & AST_PARENS)) {
        if (x->kind == AST_INT) {
            if ((x->flags & AST_BIG) && x->u != (uint64_t)INT64_MAX + 1)
                return elab_error(fc->E, x->span, "integer literal is too large");
            return ir_const_int(fc->E->ir, (x->flags & AST_BIG) ? INT64_MIN : -(int64_t)x->u, DT_INT64, e->span);
        }
        if (x->kind == AST_FLOAT)
            return elab_float_const(fc, -x->f, DT_FP32, e->span);
    }
    if (!(v = elab_expr(fc, x)))
        return NULL;
    switch ((AstUnaryOp)e->op) {
    case AST_NEG:
        return elab_scalar_unary(fc, UN_NEG, v, e->span, "-");
    case AST_INVERT:
        return elab_scalar_unary(fc, UN_BIT_NOT, v, e->span, "~");
    case AST_NOT:
        return elab_scalar_unary(fc, UN_NOT, v, e->span, "not");
    case AST_POS:
        if (!is_scalar(type_of(fc, v)))
            return elab_scalar_unary(fc, UN_NEG, v, e->span, "+");
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
        return elab_error(fc->E, e->span, "operator '@' is not supported (use pl.matmul)");
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
        return elab_error(fc->E, e->span, "chained comparisons are not supported; write (a < b) and (b < c)");
    if (e->op > AST_GE)
        return elab_error(fc->E, e->span, "'in' and 'is' comparisons are not supported");
    a = elab_expr(fc, e->a);
    b = elab_expr(fc, e->b);
    if (!a || !b)
        return NULL;
    return elab_scalar_binary(fc, map[e->op], a, b, e->span);
}

/* ----------------------------------------------------------- op calls */

/* Elaborated positional arguments the dispatcher already needed. */
typedef struct PreArgs {
    const IrExpr *v[2];
    int n;
} PreArgs;

/* A call of op, whose positional arguments the dispatcher may already
 * have elaborated (pre). */
/* Is call written with op's registered name (the part after the dot:
 * `view` for tensor.view), not another of its names (tensor.slice)? */
static int called_by_own_name(const OpDef *op, const AstNode *call)
{
    const char *dot = strchr(op_name(op), '.');
    const AstNode *f = call->a;
    return dot && f && (f->kind == AST_ATTR || f->kind == AST_NAME) && f->name && strcmp(f->name, dot + 1) == 0;
}

/* Does op take every keyword of the call that base does not? */
static int takes_keywords(const OpDef *op, const OpDef *base, const AstNode *call)
{
    int any = 0;
    for (uint32_t k = 0; k < call->list2.n; k++) {
        const char *name = call->list2.items[k]->name;
        if (op_param_named(base, name) >= 0)
            continue;
        if (op_param_named(op, name) < 0)
            return 0;
        any = 1;
    }
    return any;
}

/* op, or its longer form (OpDef.shorter) where the call gives more
 * positional arguments than op takes or names keywords only that form
 * has, the first along the chain that takes them all (pl.gather's mask
 * form, then its compare form; mgather's valid_shape=, scratch=, both);
 * or the op its first arguments alone make (OpDef.fewer). */
static uint32_t positional_params(const OpDef *op)
{
    uint32_t n = 0;
    for (uint32_t p = 0; p < op->nparams; p++)
        n += !op->params[p].keyword;
    return n;
}

/* A form a keyword selected, or its own longer form where the call gives
 * more positional arguments than it takes (pl.tensor.view(t, shape,
 * layout=L): layout= selects the layout view, the shape its shaped form). */
static const OpDef *with_positionals(const OpDef *op, const AstNode *call)
{
    while (op_longer_call(op) && call->list.n > positional_params(op))
        op = op_longer_call(op);
    return op;
}

static const OpDef *form_for_call(const OpDef *op, const AstNode *call)
{
    uint32_t positional = positional_params(op);
    if (op->fewer && call->list.n == op->fewer_args && !call->list2.n && called_by_own_name(op, call))
        return op_ref(op->fewer);
    for (const OpDef *longer = op_longer_call(op); longer; longer = op_longer_call(longer)) {
        if (longer == op_longer_call(op) && call->list.n > positional)
            return longer;
        if (takes_keywords(longer, op, call))
            return with_positionals(longer, call);
    }
    return op;
}

static const IrExpr *call_op(FnCtx *fc, const OpDef *op, const AstNode *call, const PreArgs *pre)
{
    OpBinding b;
    IrKwarg kwbuf[OP_MAX_KWARGS + 1];   /* and the call's attributes */
    const IrExpr *args[OP_MAX_PARAMS];
    uint32_t nk = 0, argi = 0;
    int ok = 1;
    op = form_for_call(op, call);
    if (!elab_op_bind(fc, op, call, &b))
        return NULL;
    /* IR arguments, in order. */
    for (uint32_t p = 0; p < op->nparams; p++) {
        if (op->params[p].kw >= 0)
            continue;
        args[argi] = NULL;
        for (int j = 0; pre && j < pre->n; j++)
            if (pre->v[j] && b.arg[p] == call->list.items[j])
                args[argi] = pre->v[j];   /* already elaborated by the dispatcher */
        if (!args[argi] && b.arg[p]) {
            args[argi] = elab_expr(fc, b.arg[p]);
            if (args[argi] && op->params[p].role == ARG_SHAPE)
                args[argi] = elab_shape_constants(fc, args[argi]);
            if (args[argi] && op->params[p].bare && type_of(fc, args[argi])->kind == TYPE_SCALAR)
                args[argi] = ir_make_tuple(fc->E->ir, 1, &args[argi], b.arg[p]->span);   /* read(t, i): [i] */
        }
        else if (!args[argi] && op->params[p].from)
            args[argi] = elab_param_default(fc, op, &op->params[p], call, args, argi);
        if (!args[argi])
            ok = 0;
        argi++;
    }
    if (!elab_op_kwargs(fc, &b, call, kwbuf, &nk))
        ok = 0;
    if (!ok)
        return NULL;
    return elab_op_call(fc, &b, call, args, kwbuf, nk);
}

const IrExpr *elab_op_call_ast(FnCtx *fc, const OpDef *op, const AstNode *call) { return call_op(fc, op, call, NULL); }

const IrExpr *elab_op_call_by_level(FnCtx *fc, const OpDef *tile_op, const OpDef *tensor_op, const AstNode *call)
{
    PreArgs pre;
    memset(&pre, 0, sizeof pre);
    if (!call->list.n)
        return call_op(fc, tensor_op, call, NULL);   /* reports the missing argument */
    if (!(pre.v[0] = elab_expr(fc, call->list.items[0])))
        return NULL;
    pre.n = 1;
    return call_op(fc, type_of(fc, pre.v[0])->kind == TYPE_TILE ? tile_op : tensor_op, call, &pre);
}

/* ------------------------------------------------------------ dispatch */

/* The form of a merge sort a call names (pypto@e2d0f78a tile_ops.py and
 * tensor_ops.py mrgsort, and the IR builders the printer's names reach):
 * block_len= (or mrgsort_format1) merges the runs of one list; otherwise
 * the call merges two to four lists, each a positional argument, after
 * which a tile merge takes its workspace (tmp=, or the last positional
 * argument).  One op a list count: tile.mrgsort_format2 of 2, 3, 4. */
static const OpDef *mrgsort_form(const char *ns, const char *name, const AstNode *call, uint32_t *nlists)
{
    static const OpId tile[3] = {OP_BLOCK_MRGSORT_FORMAT2, OP_BLOCK_MRGSORT_FORMAT2_3, OP_BLOCK_MRGSORT_FORMAT2_4};
    static const OpId tensor[3] = {OP_TENSOR_MRGSORT_FORMAT2, OP_TENSOR_MRGSORT_FORMAT2_3, OP_TENSOR_MRGSORT_FORMAT2_4};
    int is_tensor = strcmp(ns, "tensor") == 0;
    uint32_t lists = call->list.n;
    if (strcmp(name, "mrgsort") != 0 && strcmp(name, "mrgsort_format2") != 0)
        return NULL;
    if (strcmp(name, "mrgsort") == 0 && (elab_has_keyword(call, "block_len") || lists < 2))
        return op_by_id(is_tensor ? OP_TENSOR_MRGSORT_FORMAT1 : OP_BLOCK_MRGSORT_FORMAT1);
    if (!is_tensor && !elab_has_keyword(call, "tmp") && lists > 0)
        lists--;
    *nlists = lists;
    if (lists > 4)
        return NULL;   /* reported by the caller */
    lists = lists < 2 ? 2 : lists;   /* the two-list form reports the arity */
    return op_by_id(is_tensor ? tensor[lists - 2] : tile[lists - 2]);
}

/* Resolve and call "<ns>.<name>", name in the language's spelling (the
 * op table's DSL names: pl.tensor.create_tensor, pl.block.and_). */
static const IrExpr *call_named(FnCtx *fc, const char *ns, const char *dsl_name, const AstNode *call, const PreArgs *pre,
                                const char *written)
{
    uint32_t lists = 0;
    const OpDef *op = mrgsort_form(ns, dsl_name, call, &lists);
    if (lists > 4)
        return elab_error(fc->E, call->span, "'%s' merges two to four sorted lists, got %u", written, lists);
    if (!op)
        op = op_lookup_dsl(ns, dsl_name);
    if (!op)
        return elab_error(fc->E, call->a->span, "unknown operation '%s'", written);
    {
        int handled;
        const IrExpr *r = elab_store_call(fc, op, call, &handled);
        if (handled)
            return r;
    }
    return call_op(fc, op, call, pre);
}

/* An op of ns whose second argument is a scalar is its scalar form where
 * the op table gives one (scalar_call: pl.tensor.add(t, s) is
 * tensor.add_scalar, a tile's pl.add block.adds): the first two arguments
 * are elaborated to see (pre may hold the first). */
static const IrExpr *call_arith(FnCtx *fc, const char *ns, const char *name, const AstNode *call, PreArgs *pre,
                                const char *written)
{
    const OpDef *scalar = op_scalar_call(op_lookup_dsl(ns, name));
    if (scalar && call->list.n >= 2) {
        if (!pre->v[0])
            pre->v[0] = elab_expr(fc, call->list.items[0]);
        pre->v[1] = elab_expr(fc, call->list.items[1]);
        pre->n = 2;
        if (!pre->v[0] || !pre->v[1])
            return NULL;
        if (type_of(fc, pre->v[1])->kind == TYPE_SCALAR)
            return call_op(fc, scalar, call, pre);
    }
    return call_named(fc, ns, name, call, pre, written);
}

/* pl.tensor.X(...) */
static const IrExpr *call_tensor(FnCtx *fc, const char *name, const AstNode *call, const char *written)
{
    PreArgs pre;
    memset(&pre, 0, sizeof pre);
    return call_arith(fc, "tensor", name, call, &pre, written);
}

static const IrExpr *typed_const(FnCtx *fc, const AstNode *call)
{
    ConstError err;
    const ConstVal *v, *dt;
    if (call->list.n != 2 || call->list2.n)
        return elab_error(fc->E, call->span, "pl.const() takes two arguments: a number and a data type");
    if (!(v = elab_const(fc->E, fc, call->list.items[0], &err)) || (v->kind != CV_INT && v->kind != CV_FLOAT))
        return elab_error(fc->E, call->list.items[0]->span, "the first argument of pl.const() must be a number literal");
    if (!(dt = elab_const(fc->E, fc, call->list.items[1], &err)) || dt->kind != CV_DTYPE)
        return elab_error(fc->E, call->list.items[1]->span, "the second argument of pl.const() must be a data type such as pl.INT32");
    if (v->kind == CV_FLOAT) {
        if (!dtype_is_float((DataType)dt->v.i))
            return elab_error(fc->E, call->span, "a float constant needs a float data type, got %s", dtype_name((DataType)dt->v.i));
        return elab_float_const(fc, v->v.f, (DataType)dt->v.i, call->span);
    }
    if (dtype_is_int((DataType)dt->v.i) && dtype_bits((DataType)dt->v.i) < 64 && !dtype_int_fits((DataType)dt->v.i, v->v.i))
        return elab_error(fc->E, call->span, "the constant %lld is out of the range of %s", (long long)v->v.i,
                          dtype_name((DataType)dt->v.i));
    return ir_const_int(fc->E->ir, v->v.i, (DataType)dt->v.i, call->span);
}

static const IrExpr *scalar_builtin(FnCtx *fc, const char *name, const AstNode *call, const PreArgs *pre)
{
    const IrExpr *a[2] = {NULL, NULL};
    int want = strcmp(name, "abs") == 0 ? 1 : 2;
    if (call->list2.n)
        return elab_error(fc->E, call->list2.items[0]->span, "%s() takes no keyword arguments on scalars", name);
    if ((int)call->list.n != want)
        return elab_error(fc->E, call->span, "%s() on scalars takes %d argument%s, got %u", name, want, want == 1 ? "" : "s",
                          call->list.n);
    for (int i = 0; i < want; i++) {
        a[i] = pre && i < pre->n && pre->v[i] ? pre->v[i] : elab_expr(fc, call->list.items[i]);
        if (!a[i])
            return NULL;
    }
    if (want == 1) {
        if (!is_scalar(type_of(fc, a[0]))) {
            char b[256];
            return elab_error(fc->E, call->list.items[0]->span, "abs() needs a scalar, got %s (use pl.abs for tiles)",
                              elab_type_str(fc->E, type_of(fc, a[0]), b, sizeof b));
        }
        return ir_unary(fc->E->ir, UN_ABS, (DataType)type_of(fc, a[0])->dtype, a[0], call->span);
    }
    return elab_scalar_binary(fc, name[1] == 'i' ? BIN_MIN : BIN_MAX, a[0], a[1], call->span);
}

/* pl.cast(x, DT) or pl.cast(x, target_type=DT) of a scalar x. */
static const IrExpr *scalar_cast(FnCtx *fc, const AstNode *call, const IrExpr *x)
{
    ConstError err;
    const ConstVal *dt;
    const AstNode *to = call->list.n == 2 && !call->list2.n ? call->list.items[1] : NULL;
    if (call->list.n == 1 && call->list2.n == 1 && strcmp(call->list2.items[0]->name, "target_type") == 0)
        to = call->list2.items[0]->a;
    if (!to)
        return elab_error(fc->E, call->span,
                          "pl.cast() of a scalar takes the value and a data type: pl.cast(x, pl.INT64) or "
                          "pl.cast(x, target_type=pl.INT64)");
    if (!(dt = elab_const(fc->E, fc, to, &err)) || dt->kind != CV_DTYPE)
        return elab_error(fc->E, to->span, "the data type of pl.cast() must be a data type such as pl.INT64");
    if (ir_expr_type(fc->E->ir, x)->dtype == DT_TASK_ID || dt->v.i == DT_TASK_ID)
        return elab_task_id_operand(fc, call->span, "pl.cast()");
    return ir_unary(fc->E->ir, UN_CAST, (DataType)dt->v.i, x, call->span);
}

/* pl.<name>(tile, ..., out_dtype=DT) where the block op has no out_dtype:
 * the tensor form's keyword, which pypto's unified ops take on tiles only
 * where it names the dtype the tile op deduces anyway (unified_ops.py:
 * tile.matmul accumulates in FP32 or INT32). */
static const IrExpr *call_block_out_dtype(FnCtx *fc, const char *name, const AstNode *call, PreArgs *pre,
                                          const char *written)
{
    const OpDef *op = op_lookup_dsl("block", name);
    const AstNode *given = NULL;
    AstNode copy;
    AstNode **rest;
    const ConstVal *dt;
    ConstError err;
    const IrExpr *r;
    uint32_t n = 0;
    for (uint32_t k = 0; k < call->list2.n; k++)
        if (strcmp(call->list2.items[k]->name, "out_dtype") == 0)
            given = call->list2.items[k];
    if (!given || !op || op_param_named(op, "out_dtype") >= 0)
        return call_arith(fc, "block", name, call, pre, written);
    if (!(dt = elab_const(fc->E, fc, given->a, &err)) || dt->kind != CV_DTYPE)
        return elab_error(fc->E, given->a->span, "out_dtype= takes a data type such as pl.FP32");
    rest = xmalloc(xmul_size(call->list2.n, sizeof *rest));
    for (uint32_t k = 0; k < call->list2.n; k++)
        if (call->list2.items[k] != given)
            rest[n++] = call->list2.items[k];
    copy = *call;
    copy.list2.items = rest;
    copy.list2.n = copy.list2.cap = n;
    r = call_arith(fc, "block", name, &copy, pre, written);
    xfree(rest);
    if (r && type_of(fc, r)->dtype != (uint8_t)dt->v.i)
        return elab_error(fc->E, given->span,
                          "'%s' of tiles gives pl.%s; out_dtype=pl.%s chooses a result type on tensors only", written,
                          dtype_name((DataType)type_of(fc, r)->dtype), dtype_name((DataType)dt->v.i));
    return r;
}

/* pl.<name>(...): ops.md 4.2. */
static const IrExpr *call_unified(FnCtx *fc, const char *name, const AstNode *call, const char *written)
{
    PreArgs pre;
    const IrType *t0;
    const OpDef *direct = op_direct(name);
    memset(&pre, 0, sizeof pre);
    /* A name of one form calls that op (the op table's direct). */
    if (direct && direct->category == OPC_TENSOR)
        return call_tensor(fc, name, call, written);
    if (direct && direct->category == OPC_SYSTEM)   /* pl.reserve_buffer: pypto's promoted system ops */
        return call_named(fc, "system", name, call, NULL, written);
    if (direct)
        return call_named(fc, "block", name, call, NULL, written);
    if (call->list.n == 0 && !op_lookup_dsl("tensor", name) && !op_lookup_dsl("block", name))
        return elab_error(fc->E, call->a->span, "unknown operation '%s'", written);
    if (call->list.n == 0)
        return elab_error(fc->E, call->span,
                          "'%s' needs a positional first argument to choose between tensor and block operations", written);
    pre.v[0] = elab_expr(fc, call->list.items[0]);
    pre.n = 1;
    if (!pre.v[0])
        return NULL;
    t0 = type_of(fc, pre.v[0]);
    if (t0->kind == TYPE_TENSOR)
        return call_arith(fc, "tensor", name, call, &pre, written);
    if (t0->kind == TYPE_TILE)
        return call_block_out_dtype(fc, name, call, &pre, written);
    if (t0->kind == TYPE_SCALAR) {
        if (strcmp(name, "min") == 0 || strcmp(name, "max") == 0)
            return scalar_builtin(fc, name, call, &pre);
        if (strcmp(name, "cast") == 0)
            return scalar_cast(fc, call, pre.v[0]);
        {
            /* pl.add(a, b) of scalars is a + b (pypto's unified ops:
             * add, sub, mul, div) */
            static const struct { const char *name; IrBinaryOp op; } arith[] = {
                {"add", BIN_ADD}, {"sub", BIN_SUB}, {"mul", BIN_MUL}, {"div", BIN_FLOAT_DIV}};
            for (size_t i = 0; i < sizeof arith / sizeof arith[0]; i++)
                if (strcmp(name, arith[i].name) == 0 && call->list.n == 2 && call->list2.n == 0) {
                    const IrExpr *b = elab_expr(fc, call->list.items[1]);
                    return b ? elab_scalar_binary(fc, arith[i].op, pre.v[0], b, call->span) : NULL;
                }
        }
        return elab_error(fc->E, call->span,
                          "'%s' is not defined for scalars (scalar operations: add, sub, mul, div, min, max, cast)",
                          written);
    }
    {
        char b[256];
        return elab_error(fc->E, call->span,
                          "cannot dispatch '%s': the first argument has type %s; use %s.tensor.* or %s.block.*", written,
                          elab_type_str(fc->E, t0, b, sizeof b), call->a->a->name, call->a->a->name);
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

/* The dynamic dimensions of a callee's parameters bound to the
 * arguments' (a kernel of [M, 128] called with a [64, 128] tensor). */
static const IrExpr *bound_dim(void *map, const IrExpr *e)
{
    const IrExpr *b = e->kind == EXPR_VAR ? ptrmap_get(map, e) : NULL;
    return b ? b : e;
}

/* The call's result type: the callee's, with the dynamic dimensions its
 * parameters name as the arguments have them. */
static const IrType *bound_result(Elab *E, const FuncSig *sig, const IrExpr *const *args, const IrType *t)
{
    PtrMap map;
    ptrmap_init(&map);
    for (uint32_t i = 0; i < sig->nparams; i++)
        ir_bind_dim_symbols(&map, sig->params[i].var->type, ir_expr_type(E->ir, args[i]));
    if (map.count)
        t = ir_type_map_exprs(E->ir, t, bound_dim, &map);
    ptrmap_free(&map);
    return t;
}

/* t without MemRefs: a callee's MemRefs (a printed memory plan's) are
 * its own, and in the caller would be printed as the caller's of the
 * same number, another definition. */
static const IrType *without_memrefs(Elab *E, const IrType *t)
{
    switch ((IrTypeKind)t->kind) {
    case TYPE_TENSOR:
    case TYPE_TILE:
        return !t->memref ? t : ir_type_with_memref(E->ir, t, NULL);
    case TYPE_TUPLE: {
        const IrType **el = xmalloc(xmul_size(t->n ? t->n : 1, sizeof *el));
        int changed = 0;
        const IrType *r = t;
        for (uint32_t i = 0; i < t->n; i++)
            changed |= (el[i] = without_memrefs(E, t->elems[i])) != t->elems[i];
        if (changed)
            r = ir_type_tuple(E->ir, t->n, el);
        xfree(el);
        return r;
    }
    default:
        return t;
    }
}

/* A call of sig's function with its arguments elaborated (a NULL one
 * had an error). */
static const IrExpr *call_with_args(FnCtx *fc, const FuncSig *sig, const char *name, const AstNode *call,
                                    const IrExpr **args, int self_call)
{
    Elab *E = fc->E;
    const IrExpr *r = NULL;
    uint32_t n = call->list.n;
    /* A task may leave trailing pl.Out parameters to the runtime. */
    int gap = self_call && call == fc->submit_call && n < sig->nparams;
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        if (!args[i])
            ok = 0;
    if (!sig->ok)
        ok = 0;   /* its signature already reported errors */
    if (ok && sig->infer_ret) {
        diag_error(E->diag, call->span,
                   "the result of '%s' is not known here: it has no return annotation, and its return has not been "
                   "read yet; annotate it (-> ...)",
                   name);
        diag_note(E->diag, sig->span, "'%s' is defined here", name);
        ok = 0;
    }
    else if (gap && !elab_submit_gap_ok(fc, sig, call, name, n)) {
        ok = 0;
    } else if (n != sig->nparams && !gap) {
        diag_error(E->diag, call->span, "'%s%s' expects %u argument%s, got %u", self_call ? "self." : "", name,
                   sig->nparams, sig->nparams == 1 ? "" : "s", n);
        diag_note(E->diag, sig->span, "'%s' is defined here", name);
        ok = 0;
    } else if (ok) {
        for (uint32_t i = 0; i < n; i++) {
            const IrType *at = type_of(fc, args[i]), *pt = sig->params[i].var->type;
            if (at->kind == TYPE_ARRAY && sig->type != FUNC_INLINE) {
                diag_error(E->diag, call->list.items[i]->span, "an Array cannot be passed to '%s': arrays do not cross "
                           "function boundaries", name);
                ok = 0;
            } else if (!ir_type_compatible(at, pt, DIMS_ANY) &&
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
    if (ok && gap) {
        const IrExpr **all = xmalloc(xmul_size(sig->nparams, sizeof *all));
        memcpy(all, args, n * sizeof *all);
        if (elab_submit_outs(fc, sig, call, all, n))
            r = ir_call(E->ir, ir_callee_global(E->ir, sig->name), sig->nparams, all, 0, NULL,
                        without_memrefs(E, bound_result(E, sig, all, sig_result_type(E, sig))), call->span);
        xfree(all);
    } else if (ok) {
        r = ir_call(E->ir, ir_callee_global(E->ir, sig->name), n, args, 0, NULL,
                    without_memrefs(E, bound_result(E, sig, args, sig_result_type(E, sig))), call->span);
    }
    return r;
}

const IrExpr *elab_call_sig(FnCtx *fc, const FuncSig *sig, const AstNode *call, const IrExpr **args)
{
    return call_with_args(fc, sig, sig->name, call, args, 0);
}

static const IrExpr *call_function(FnCtx *fc, const FuncSig *sig, const char *name, const AstNode *call, int self_call)
{
    uint32_t n;
    const IrExpr **args;
    const IrExpr *r = NULL, *device;
    KwargVec attrs;
    const char **names = xmalloc(xmul_size(sig->nparams ? sig->nparams : 1, sizeof *names));
    AstNode copy, **own;
    const AstNode *written = call;
    for (uint32_t i = 0; i < sig->nparams; i++)
        names[i] = sig->params[i].var->name;
    call = elab_call_by_position(fc, name, sig->nparams, names, sig->span, written, &copy, &own);
    xfree(names);
    if (!call) {
        xfree(own);
        return NULL;
    }
    n = call->list.n;
    vec_init(attrs);
    if (elab_call_keywords(fc, call, name, "program functions", &device, &attrs)) {
        args = xmalloc(xmul_size(n ? n : 1, sizeof *args));
        for (uint32_t i = 0; i < n; i++)
            args[i] = elab_expr(fc, call->list.items[i]);
        r = call_with_args(fc, sig, name, call, args, self_call);
        if (r && r->kind == EXPR_CALL && IR_AS(IrCall, r)->nargs > n)   /* outputs the runtime allocates */
            elab_submit_directions(fc, &attrs, n, IR_AS(IrCall, r)->nargs);
        r = elab_with_call_keywords(fc, r, device, &attrs);
        xfree(args);
    }
    vec_free(attrs);
    xfree(own);
    return r;
}

/* -------------------------------------------------------------- calls */

/* A call of what the program's code binds a name (or a module's or
 * object's attribute) to: a kernel is called or expanded; a Python
 * function runs at compile time, and its result must be a value. */
static const IrExpr *call_value(FnCtx *fc, const AstNode *e, int want_value)
{
    Elab *E = fc->E;
    const AstNode *f = e->a;
    ConstError err;
    const ConstVal *g = elab_const(E, fc, f, &err), *r;
    const char *name = f->kind == AST_NAME ? f->name : f->name;
    if (!g) {
        if (err.unknown)
            diag_error(E->diag, err.at, "'%s' cannot be called: %s", name, err.msg);
        else
            diag_error(E->diag, err.at, "%s", err.msg);
        if (span_is_known(err.origin))
            diag_note(E->diag, err.origin, "it is not known from here");
        return NULL;
    }
    if (g->kind == CV_KERNEL && g->v.kernel->kind == KV_FUNC) {
        ExtFunc *fn = g->v.kernel->def;
        if (fc->in_program && !fc->ext && elab_method(E, fn->sig.name)) {
            diag_error(E->diag, f->span, "function '%s' conflicts with program function '%s'", fn->sig.name,
                       fn->sig.name);
            diag_note(E->diag, elab_method(E, fn->sig.name)->sig.span, "program function '%s' is defined here",
                      fn->sig.name);
            return NULL;
        }
        elab_note_extern_call(fc, fn);
        return call_function(fc, &fn->sig, fn->sig.name, e, 0);
    }
    if (g->kind == CV_KERNEL && g->v.kernel->kind == KV_INLINE)
        return fc->expand_inline(fc, g->v.kernel->def, e, want_value);
    if (g->kind == CV_KERNEL && g->v.kernel->kind == KV_JIT)
        return elab_jit_call(fc, g->v.kernel->def, e);
    if (g->kind == CV_KERNEL)
        return elab_error(E, f->span, "'%s' is a program, not a function", name);
    if (g->kind == CV_FUNC || g->kind == CV_BUILTIN || g->kind == CV_BOUND || g->kind == CV_CLASS) {
        /* Python code, run now: its arguments must be compile-time values */
        if (!(r = elab_const(E, fc, e, &err))) {
            if (err.unknown)
                diag_error(E->diag, err.at,
                           "'%s' is Python, run at compile time, and this call of it has no compile-time value: %s",
                           name, err.msg);
            else
                diag_error(E->diag, err.at, "%s", err.msg);
            if (span_is_known(err.origin))
                diag_note(E->diag, err.origin, "it is not known from here");
            return NULL;
        }
        return elab_const_value(fc, r, e->span);
    }
    return elab_error(E, f->span, "'%s' is not a function", name);
}

static const IrExpr *elab_call(FnCtx *fc, const AstNode *e, int want_value)
{
    Elab *E = fc->E;
    const AstNode *f = e->a;
    char written[160];

    if (e->list.n > ELAB_MAX_ARGS)
        return elab_error(fc->E, e->span, "too many arguments in one call (%u; the limit is %u)", e->list.n,
                          (unsigned)ELAB_MAX_ARGS);

    if (f->kind == AST_ATTR && f->a->kind == AST_NAME && f->a->name == E->n.self &&
        !scope_lookup(&fc->scope, E->n.self)) {
        Method *m = elab_method(E, f->name);
        if (!fc->in_program && E->jit_prog) {
            /* In the @pl.jit family, self.k is the kernel k, which the
             * entry's program holds as a method (pypto-lib writes
             * pl.spmd_submit(self.k, ...) so): the call of the name k. */
            AstNode callee = *f, named = *e;
            callee.kind = AST_NAME;
            callee.a = NULL;
            named.a = &callee;
            return elab_call(fc, &named, want_value);
        }
        if (!fc->in_program)
            return elab_error(fc->E, f->span, "'self.%s(...)' is only valid in a method of a @pl.program class", f->name);
        if (!m)
            return elab_error(fc->E, f->span, "program '%s' has no function named '%s'", E->program_name, f->name);
        if (m->deferred && m->sig.infer_ret) {
            /* Its result type is what its body returns: read the body now. */
            m->deferred = 0;
            m->func = elab_body(E, &m->sig, m->def, 1, NULL);
            m->def = NULL;
        }
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
        if (root->kind == AST_NAME && (n == 1 || n == 2) && !scope_lookup(&fc->scope, root->name) &&
            elab_is_pld_prefix(E, root->name))
            return elab_pld_call(fc, root->name, n == 2 ? parts[1] : NULL, parts[0], e);
        if (root->kind == AST_NAME && !scope_lookup(&fc->scope, root->name) && elab_is_prefix(E, root->name)) {
            const char *p = root->name;
            if (n == 1) {
                const char *name = parts[0];
                snprintf(written, sizeof written, "%s.%s", p, name);
                if (name == E->n.yield_)
                    return elab_error(fc->E, e->span, "pl.yield_ must be a statement or the value of an assignment");
                if (name == E->n.cond)
                    return elab_error(fc->E, e->span, "pl.cond() can only be the first statement of a pl.while_() loop");
                if (name == E->n.range || name == E->n.parallel || name == E->n.while_)
                    return elab_error(fc->E, e->span, "%s() is only valid as the iterator of a for loop", written);
                if (name == E->n.incore)
                    return elab_error(fc->E, e->span, "pl.incore() is only valid in a with statement");
                if (name == E->n.dynamic)
                    return elab_error(fc->E, e->span, "pl.dynamic() defines a module-level constant");
                if (name == E->n.const_)
                    return typed_const(fc, e);
                if (name == E->n.func_attr)
                    return elab_error(fc->E, e->span,
                                      "pl.func_attr() must precede every other statement of the function");
                return call_unified(fc, name, e, written);
            }
            if (n == 2) {
                const char *ns = parts[1], *name = parts[0];
                snprintf(written, sizeof written, "%s.%s.%s", p, ns, name);
                if (ns == E->n.tensor)
                    return call_tensor(fc, name, e, written);
                if (ns == E->n.block || ns == E->n.tile)
                    return call_named(fc, "block", name, e, NULL, written);
                if (ns == E->n.system && name == E->n.task_dummy)
                    return elab_task_dummy(fc, e);
                if (ns == E->n.system)
                    return call_named(fc, "system", name, e, NULL, written);
                if (ns == E->n.array)
                    return call_named(fc, "array", name, e, NULL, written);
                if (ns == E->n.prefetch)
                    return call_named(fc, "prefetch", name, e, NULL, written);   /* pl.prefetch.* */
                {
                    /* A method of a DSL value: pl.FP32.get_byte(). */
                    ConstError err;
                    const ConstVal *v = elab_const(E, fc, f->a, &err);
                    if (v && v->kind != CV_DSL)
                        return call_value(fc, e, want_value);
                }
                return elab_error(fc->E, f->span, "unknown operation namespace '%s.%s'", p, ns);
            }
        }
        if (root->kind == AST_NAME && !scope_lookup(&fc->scope, root->name) && elab_global(E, root->name))
            return call_value(fc, e, want_value);   /* config.kernel(...), M.helper(...) */
        return elab_error(fc->E, f->span, "unsupported call");
    }
    if (f->kind == AST_NAME) {
        if (scope_lookup(&fc->scope, f->name))
            return elab_error(fc->E, f->span, "'%s' is a variable, not a function", f->name);
        if (elab_global(E, f->name))
            return call_value(fc, e, want_value);
        if (f->name == E->n.min || f->name == E->n.max || f->name == E->n.abs)
            return scalar_builtin(fc, f->name, e, NULL);
        if (f->name == E->n.range)
            return elab_error(fc->E, e->span, "range() is only valid as the iterator of a for loop");
        if (ev_lookup(E->ev, E->env, f->name))
            return call_value(fc, e, want_value);   /* a built-in (len, int, float): run now */
        return elab_error(fc->E, f->span, "name '%s' is not defined", f->name);
    }
    return elab_error(fc->E, f->span, "this expression cannot be called");
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

/* The name a subscript's base starts with (CFG in CFG.dims[1]), or NULL. */
static const char *root_name(const AstNode *e)
{
    while (e->kind == AST_ATTR || e->kind == AST_SUBSCRIPT)
        e = e->a;
    return e->kind == AST_NAME ? e->name : NULL;
}

static const IrExpr *elab_subscript(FnCtx *fc, const AstNode *e)
{
    const IrExpr *v;
    const AstNode *ix;
    ConstError err;
    const ConstVal *c;
    const IrType *t;
    const char *root = root_name(e->a);
    if (root && !scope_lookup(&fc->scope, root) && elab_global(fc->E, root) &&
        (c = elab_const(fc->E, fc, e, &err)) != NULL)
        return elab_const_value(fc, c, e->span);   /* SHAPES[1]: a module value's item */
    if (!(v = elab_expr(fc, e->a)))
        return NULL;
    if (ir_type_is_shaped(type_of(fc, v)))
        return elab_shaped_subscript(fc, e, v);
    if (type_of(fc, v)->kind == TYPE_ARRAY)
        return elab_array_subscript(fc, e, v);
    if (e->list.n != 1 || (e->flags & AST_TRAILING_COMMA) || e->list.items[0]->kind == AST_KEYWORD)
        return elab_error(fc->E, e->span, "only a single constant index is supported");
    ix = e->list.items[0];
    c = elab_const(fc->E, fc, ix, &err);
    if (!c || c->kind != CV_INT)
        return elab_error(fc->E, ix->span, "a tuple index must be a constant integer");
    t = type_of(fc, v);
    if (t->kind != TYPE_TUPLE) {
        char b[256];
        return elab_error(fc->E, e->span, "only tuples can be indexed, got %s", elab_type_str(fc->E, t, b, sizeof b));
    }
    if (c->v.i < 0 || c->v.i >= (int64_t)t->n)
        return elab_error(fc->E, ix->span, "index %lld is out of range for a tuple of %u", (long long)c->v.i, t->n);
    if (v->kind == EXPR_MAKE_TUPLE)
        return IR_AS(IrMakeTuple, v)->elems[c->v.i];   /* a name bound to values (res = pl.submit(...)) */
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
    const ConstVal *c = elab_const(fc->E, fc, e, &err);
    if (c)
        return elab_const_value(fc, c, e->span);
    elab_const_error(fc->E, &err);
    return NULL;
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
            return elab_error(fc->E, e->span, "integer literal is too large");
        return ir_const_int(fc->E->ir, (int64_t)e->u, DT_INT64, e->span);
    case AST_FLOAT:
        return elab_float_const(fc, e->f, DT_FP32, e->span);
    case AST_TRUE:
    case AST_FALSE:
        return ir_const_bool(fc->E->ir, e->kind == AST_TRUE, e->span);
    case AST_NONE:
        /* In orchestration code None is the task id of no task, the seed of
         * a carried task id (dev/language/02-manual_dependencies.md). */
        if (fc->sig && fc->sig->type == FUNC_ORCHESTRATION)
            return ir_call(fc->E->ir, &op_by_id(OP_SYSTEM_TASK_INVALID)->callee, 0, NULL, 0, NULL,
                           ir_type_scalar(fc->E->ir, DT_TASK_ID), e->span);
        return elab_error(fc->E, e->span, "None is not a value in PyPTO programs (in orchestration code it is the "
                                          "task id of no task)");
    case AST_STRING:
        return elab_error(fc->E, e->span, "a string is only valid as a keyword argument value");
    case AST_ELLIPSIS:
        return elab_error(fc->E, e->span, "'...' is not a value");
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
        return elab_error(fc->E, e->span, "a keyword argument is not valid here");
    case AST_DICT:
        return elab_error(fc->E, e->span, "a dict display is only valid as function attributes: pl.func_attr({...})");
    case AST_SLICE:
        return elab_error(fc->E, e->span, "a slice is only valid in a subscript: x[a:b, :]");
    case AST_COMP:
        return elab_error(fc->E, e->span, "a list comprehension is only supported in deps= (a list of task ids)");
    default:
        return elab_error(fc->E, e->span, "unsupported expression");
    }
}
