/* legalize_dtype.c: Legalize's element-type step (see legalize.c): every
 * op in an element type its instruction takes on the target (the op
 * table's DTYPES), converted where the result is the same, else a located
 * error; and the rewrites of an op into others the target has. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/4_legalize/legalize.h"
#include "targets/isa_rules.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

unsigned legal_allowed_dtypes(const Legal *L, const OpDef *op)
{
    return L->pc->arch == ARCH_A5 ? op->dt_a5 : op->dt_a2a3;
}

/* The element type an op's rule is about: its first tile data operand's,
 * or its result's when it has none (block.full). */
DataType legal_rule_dtype(Legal *L, const IrCall *c, const OpDef *op, const IrType *result)
{
    uint32_t first = op_traits(op)->eq_first;   /* block.sel: its data, not its mask */
    for (uint32_t i = first < c->nargs ? first : 0; i < c->nargs; i++) {
        const IrType *t = ir_expr_type(L->ir, c->args[i]);
        if (t->kind == TYPE_TILE)
            return (DataType)t->dtype;
    }
    return (DataType)result->dtype;
}

/* The type op can run in instead of dt on this target, computing the same
 * result once narrowed back: FP32 for the 16-bit floats, a 32-bit integer
 * for the small ones where the op table says it widens. */
static int wider_dtype(const OpDef *op, DataType dt, unsigned ok, DataType *w)
{
    /* A comparison's result is its mask, which is not narrowed back:
     * widening its operands is a rewrite of its own (not done). */
    if (op->cls == OPCL_CMP || op->cls == OPCL_CMPS)
        return 0;
    if ((dt == DT_FP16 || dt == DT_BF16) && (ok & DS_F32)) {
        *w = DT_FP32;
        return 1;
    }
    if (dtype_is_int(dt) && dtype_bits(dt) < 32 && op->widens) {
        *w = dtype_is_signed_int(dt) ? DT_INT32 : DT_UINT32;   /* extension keeps the signedness */
        return (ok & dtype_set_bit(*w)) != 0;
    }
    return 0;
}

/* The set as a message says it: "INT16, UINT16, INT32, FP16, FP32", an
 * integer width in either signedness as "8-bit integers". */
static const char *dtype_set_text(unsigned set, char *buf, size_t cap)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {{DS_X8, "8-bit integers"}, {DS_I8, "INT8"},   {DS_U8, "UINT8"},   {DS_X16, "16-bit integers"},
                 {DS_I16, "INT16"},         {DS_U16, "UINT16"}, {DS_X32, "32-bit integers"},
                 {DS_I32, "INT32"},         {DS_U32, "UINT32"}, {DS_X64, "64-bit integers"},
                 {DS_I64, "INT64"},         {DS_U64, "UINT64"}, {DS_F16, "FP16"},
                 {DS_BF16, "BFLOAT16"},     {DS_F32, "FP32"}};
    size_t k = 0;
    unsigned said = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0] && k < cap; i++) {
        if ((set & names[i].bit) != names[i].bit || (said & names[i].bit))
            continue;
        k += (size_t)snprintf(buf + k, cap - k, "%s%s", said ? ", " : "", names[i].name);
        said |= names[i].bit;
    }
    return buf;
}

/* y = op(args) with element type dt, which op's instruction does not take
 * on this target: the op in w on converted operands (a tmp operand is a
 * new scratch tile of w), and y its result converted back.  0 (and
 * nothing added) when it does not type-check that way. */
static int run_wider(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, DataType dt, DataType w,
                     StmtList *out)
{
    IrCtx *ir = L->ir;
    Span at = a->s.span;
    const IrExpr **args = xmalloc(xmul_size(c->nargs ? c->nargs : 1, sizeof *args));
    IrKwarg *kw = xmalloc(xmul_size(c->nkwargs ? c->nkwargs : 1, sizeof *kw));
    const IrType *t;
    OpError err;
    uint32_t mark = out->len;
    int writes = op_traits(op)->writes_arg;
    char msg[512], name[64];
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrExpr *x = c->args[i];
        const IrType *xt = ir_expr_type(ir, x);
        uint32_t j;
        args[i] = x;
        if (xt->kind != TYPE_TILE || xt->dtype != dt)
            continue;
        /* The conversions to and from w take tiles of one laid-out shape,
         * which a narrow shape padded in one element type and not the
         * other lacks (targets/isa_rules.h). */
        if (isa_same_layout(L->pc->arch, op_by_id(OP_BLOCK_CAST), xt, ir_type_with_dtype(ir, xt, w), msg,
                            sizeof msg) != 0) {
            diag_error(L->pc->diag, c->e.span, "'%s' on %s tiles runs on %s ones on %s (it has no %s instruction), "
                       "through conversions: %s",
                       op_printed_name(op, name, sizeof name), dtype_name(dt), dtype_name(w),
                       L->pc->arch == ARCH_A5 ? "a5" : "a2a3", dtype_name(dt), msg);
            L->failed = 1;
            xfree(args);
            xfree(kw);
            return 1;
        }
        for (j = 0; j < i && !((int)i != writes && (int)j != writes && c->args[j] == x); j++)
            ;
        if (j < i) {
            args[i] = args[j];   /* the same operand twice: converted once */
            continue;
        }
        /* A scratch operand is a new tile of the wider type (nothing to
         * convert); any other is converted. */
        args[i] = legal_bind_typed(L, x, (int)i == writes ? legal_scratch_tile(L, xt, w, at) : legal_cast(L, x, w, at),
                                   w, at, out);
    }
    for (uint32_t k = 0; k < c->nkwargs; k++) {
        kw[k] = c->kwargs[k];
        if (kw[k].kind == KW_DTYPE && kw[k].v.i == dt && strcmp(kw[k].key, "dtype") == 0)
            kw[k].v.i = w;   /* block.full's element type */
    }
    if (!(t = op_deduce(ir, op, args, c->nargs, kw, c->nkwargs, &err)))
        goto fail;
    if (t->kind == TYPE_TILE && t->dtype == w && a->var->type->kind == TYPE_TILE && a->var->type->dtype == dt) {
        IrVar *v = ir_var_new(ir, legal_typed_name(L, a->var->name, w), t, a->var->e.span);
        vec_push(*out, ir_assign(ir, v, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, kw, t, c->e.span), at));
        vec_push(*out, ir_assign(ir, a->var, legal_cast(L, &v->e, dt, at), at));
    } else {
        vec_push(*out, ir_assign(ir, a->var, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, kw, t, c->e.span), at));
    }
    xfree(args);
    xfree(kw);
    return 1;
fail:
    out->len = mark;
    xfree(args);
    xfree(kw);
    return 0;
}

/* y = op(args) whose data operands differ in element type from y, for an
 * instruction that converts nothing (PTOAS: src and dst of one element
 * type): the deduction promoted them (muls of a BF16 tile by 0.5 is FP32),
 * so the differing operands are converted to y's type first, which is the
 * promotion's meaning.  0 when all agree or it does not type-check. */
static int run_unified(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpTraits *tr = op_traits(op);
    const IrType *rt = a->var->type, *t;
    const IrExpr **args;
    OpError err;
    Span at = a->s.span;
    int changed = 0;
    uint32_t mark = out->len;
    if ((tr->form != FORM_ELEM && tr->form != FORM_SCALAR && tr->form != FORM_COL_EXPAND) || rt->kind != TYPE_TILE)
        return 0;
    args = xmalloc(xmul_size(c->nargs ? c->nargs : 1, sizeof *args));
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *xt = ir_expr_type(ir, c->args[i]);
        args[i] = c->args[i];
        if (i < tr->eq_first || (int)i == tr->writes_arg || xt->kind != TYPE_TILE || xt->dtype == rt->dtype)
            continue;
        args[i] = legal_bind_typed(L, c->args[i], legal_cast(L, c->args[i], (DataType)rt->dtype, at),
                                   (DataType)rt->dtype, at, out);
        changed = 1;
    }
    if (changed && (t = op_deduce(ir, op, args, c->nargs, c->kwargs, c->nkwargs, &err)) && t->kind == TYPE_TILE &&
        t->dtype == rt->dtype)
        vec_push(*out, ir_assign(ir, a->var, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, t, c->e.span),
                                 at));
    else {
        out->len = mark;   /* the casts too: nothing applies */
        changed = 0;
    }
    xfree(args);
    return changed;
}

/* The element type op can run in on the bits of dt's elements, computing
 * the same bits: a copy (TEXTRACT, TINSERT; A2/A3: 8-bit integers and
 * floats) in the float of dt's width, as a copy converts nothing; a
 * bitwise op (A2/A3: TAND, TOR, TXOR on 8- and 16-bit integers) in
 * the widest narrower integer of dt's signedness it takes, as each bit of
 * the result depends on that bit of the operands only.  1 and *b, or 0. */
static int bits_dtype(const Legal *L, const OpDef *op, DataType dt, DataType *b)
{
    unsigned ok = legal_allowed_dtypes(L, op);
    int u = dtype_is_unsigned_int(dt);
    if (!dtype_is_int(dt))
        return 0;
    switch (op->id) {
    case OP_BLOCK_EXTRACT:
    case OP_BLOCK_ASSEMBLE:
        *b = dtype_bits(dt) == 32 ? DT_FP32 : dtype_bits(dt) == 16 ? DT_FP16 : DT_COUNT;
        return *b != DT_COUNT && (ok & dtype_set_bit(*b));
    case OP_BLOCK_AND:
    case OP_BLOCK_OR:
    case OP_BLOCK_XOR: {
        static const DataType narrow[2][2] = {{DT_INT16, DT_INT8}, {DT_UINT16, DT_UINT8}};
        for (int k = 0; k < 2; k++)
            if (dtype_bits(narrow[u][k]) < dtype_bits(dt) && (ok & dtype_set_bit(narrow[u][k]))) {
                *b = narrow[u][k];
                return 1;
            }
        return 0;
    }
    default:
        return 0;
    }
}

/* y = op(x, ...) of an element type dt op's instruction does not take, on
 * the bits of its tiles (bits_dtype): every tile operand of type dt read
 * as b, x' = reinterpret_view(x, b), y' = op(x', ...), and
 * y = reinterpret_view(y', dt).  A view moves nothing; a narrower b
 * widens the contiguous dimension (INT32 [R, C] is INT16 [R, 2C]).
 * 0 (nothing added) when it does not type-check that way. */
static int run_as_bits(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, DataType dt, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *view = op_by_id(OP_BLOCK_REINTERPRET_VIEW);
    const IrExpr *args[8];
    const IrType *t;
    IrKwarg kw;
    OpError err;
    IrVar *y;
    DataType b;
    Span at = a->s.span;
    uint32_t mark = out->len;
    if (c->nargs > 8 || !bits_dtype(L, op, dt, &b))
        return 0;
    kw.key = ir_name(ir, "dtype");
    kw.kind = KW_DTYPE;
    kw.v.i = b;
    for (uint32_t i = 0; i < c->nargs; i++) {
        const IrType *xt = ir_expr_type(ir, c->args[i]);
        uint32_t j;
        IrVar *x;
        args[i] = c->args[i];
        if (xt->kind != TYPE_TILE || xt->dtype != dt)
            continue;
        for (j = 0; j < i && c->args[j] != c->args[i]; j++)
            ;
        if (j < i) {
            args[i] = args[j];   /* the same operand twice: viewed once */
            continue;
        }
        if (!(t = op_deduce(ir, view, &c->args[i], 1, &kw, 1, &err)))
            goto fail;
        x = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_src_bits"), t, at);
        vec_push(*out, ir_assign(ir, x, ir_call(ir, &view->callee, 1, &c->args[i], 1, &kw, t, at), at));
        args[i] = &x->e;
    }
    if (!(t = op_deduce(ir, op, args, c->nargs, c->kwargs, c->nkwargs, &err)) || t->kind != TYPE_TILE ||
        t->dtype != b)
        goto fail;
    y = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_bits"), t, at);
    vec_push(*out, ir_assign(ir, y, ir_call(ir, c->callee, c->nargs, args, c->nkwargs, c->kwargs, t, c->e.span), at));
    if (!legal_view_as(L, a, &y->e, out))
        goto fail;
    return 1;
fail:
    out->len = mark;
    return 0;
}

int legal_view_as(Legal *L, const IrAssign *a, const IrExpr *y, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *view = op_by_id(OP_BLOCK_REINTERPRET_VIEW);
    const IrType *t;
    IrKwarg kw;
    OpError err;
    kw.key = ir_name(ir, "dtype");
    kw.kind = KW_DTYPE;
    kw.v.i = a->var->type->dtype;
    /* a's type, but for the buffer a program may have given a */
    if (!(t = op_deduce(ir, view, &y, 1, &kw, 1, &err)) ||
        (t != a->var->type && ir_type_with_memref(ir, t, a->var->type->memref) != a->var->type))
        return 0;
    vec_push(*out, ir_assign(ir, a->var, ir_call(ir, &view->callee, 1, &y, 1, &kw, t, a->s.span), a->s.span));
    return 1;
}

static int legal_stmt(Legal *L, const IrStmt *st, StmtList *out);

/* y = op(t, s[, tmp]), a tile-with-scalar op the target lacks for t's
 * element type, as its tile-with-tile twin on s broadcast:
 * s_t = expands(t, s), y = twin(t, s_t[, tmp]), the twin legalized in
 * turn (INT32 ands: and on the bits, run_as_bits).  0 when the twin or
 * the broadcast is missing too. */
static int run_as_twin(Legal *L, const IrAssign *a, const IrCall *c, const OpDef *op, DataType dt, StmtList *out)
{
    IrCtx *ir = L->ir;
    const OpDef *twin = op_ref(op->twin), *expands = op_by_id(OP_BLOCK_EXPANDS);
    unsigned bit = dtype_set_bit(dt);
    const IrExpr *args[3], *fill[2];
    const IrType *t, *st_type;
    const IrStmt *st;
    OpError err;
    IrVar *v;
    DataType b;
    Span at = a->s.span;
    if (!twin || !(c->nargs == 2 || (c->nargs == 3 && twin->nparams == 3)) ||
        !((legal_allowed_dtypes(L, twin) & bit) || bits_dtype(L, twin, dt, &b)) ||
        !(legal_allowed_dtypes(L, expands) & bit) || (st_type = ir_expr_type(ir, c->args[1]))->kind != TYPE_SCALAR)
        return 0;
    /* s in t's element type, as the op reads it (an untyped 255 would
     * make expands an INT64 tile) */
    fill[0] = c->args[0];
    fill[1] = st_type->dtype == dt                 ? c->args[1]
              : c->args[1]->kind == EXPR_CONST_INT ? ir_const_int(ir, IR_AS(IrConstInt, c->args[1])->value, dt, at)
                                                   : ir_unary(ir, UN_CAST, dt, c->args[1], at);
    if (!(t = op_deduce(ir, expands, fill, 2, NULL, 0, &err)) || t->dtype != dt)
        return 0;
    v = ir_var_new(ir, legal_fresh_name(L, a->var->name, "_scalar"), t, at);
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[1] = &v->e;
    if (!(t = op_deduce(ir, twin, args, c->nargs, NULL, 0, &err)))
        return 0;
    st = ir_assign(ir, v, ir_call(ir, &expands->callee, 2, fill, 0, NULL, v->type, at), at);
    if (!legal_stmt(L, st, out))
        vec_push(*out, st);
    st = ir_assign(ir, a->var, ir_call(ir, &twin->callee, c->nargs, args, 0, NULL, t, c->e.span), at);
    if (!legal_stmt(L, st, out))
        vec_push(*out, st);
    return 1;
}

/* Assignment a in ops and element types the target takes (legal_stmt). */
static int legal_assign(Legal *L, const IrAssign *a, StmtList *out)
{
    const IrCall *c = a->value->kind == EXPR_CALL ? IR_AS(IrCall, a->value) : NULL;
    const OpDef *op = c ? callee_op(c->callee) : NULL;
    unsigned ok = op ? legal_allowed_dtypes(L, op) : 0;
    DataType dt, w;
    StmtList made;
    if (op) {
        legal_note_alias(L, a);
        vec_init(made);
        if (legal_rewrite_op(L, a, c, op, &made) || (made.len = 0, run_unified(L, a, c, op, &made))) {
            for (uint32_t k = 0; k < made.len; k++)
                if (!legal_stmt(L, made.data[k], out))
                    vec_push(*out, made.data[k]);
            vec_free(made);
            return 1;
        }
        vec_free(made);
    }
    if (!ok || (ok & dtype_set_bit(dt = legal_rule_dtype(L, c, op, a->var->type))))
        return 0;
    if (run_as_twin(L, a, c, op, dt, out) || (wider_dtype(op, dt, ok, &w) && run_wider(L, a, c, op, dt, w, out)) ||
        run_as_bits(L, a, c, op, dt, out))
        return 1;
    {
        char name[64], set[128], isa[32];
        const char *why;
        const char *mn = op_spelling(op, OUT_MLIR, isa, sizeof isa, &why);
        if (ok == DS_NONE)   /* the instruction is the other target's only */
            diag_error(L->pc->diag, c->e.span, "'%s' has no %s instruction: %s exists on %s only (--arch=%s)",
                       op_printed_name(op, name, sizeof name), L->pc->arch == ARCH_A5 ? "A5" : "A2/A3",
                       mn ? mn : op_name(op), L->pc->arch == ARCH_A5 ? "A2/A3" : "A5",
                       L->pc->arch == ARCH_A5 ? "a2a3" : "a5");
        else
            diag_error(L->pc->diag, c->e.span, "'%s' on %s tiles has no %s instruction: %s takes %s",
                       op_printed_name(op, name, sizeof name), dtype_name(dt), L->pc->arch == ARCH_A5 ? "A5" : "A2/A3",
                       mn ? mn : op_name(op), dtype_set_text(ok, set, sizeof set));
        L->failed = 1;
    }
    return 0;
}

/* One statement in ops and element types the target takes: its rewrite
 * (whose statements are legalized in turn: every rewrite makes one that
 * does not apply again), or the op in a wider type, or an error.  1 when
 * it changed.  A block op whose result is not kept (a store as a
 * statement) obeys the same rules, as an assignment to a fresh variable
 * that only a rewrite puts into the IR. */
static int legal_stmt(Legal *L, const IrStmt *st, StmtList *out)
{
    const IrCall *c;
    const OpDef *op;
    const IrType *t;
    const char *name;
    if (st->kind == STMT_ASSIGN)
        return legal_assign(L, IR_AS(IrAssign, st), out);
    if (st->kind != STMT_EVAL || IR_AS(IrEval, st)->expr->kind != EXPR_CALL)
        return 0;
    c = IR_AS(IrCall, IR_AS(IrEval, st)->expr);
    op = callee_op(c->callee);
    t = ir_expr_type(L->ir, &c->e);
    if (!op || op->category != OPC_BLOCK || !t || (t->kind != TYPE_TILE && t->kind != TYPE_TENSOR))
        return 0;
    name = legal_fresh_name(L, "_t", "");
    if (legal_assign(L, IR_AS(IrAssign, ir_assign(L->ir, ir_var_new(L->ir, name, t, st->span), &c->e, st->span)),
                     out))
        return 1;
    legal_release_name(L, name);
    return 0;
}

/* Each block's ops in element types their instructions take on the
 * target, converted where the result is the same, else an error. */
const IrStmt *legal_dtypes_block(IrMutator *m, const IrStmt *s)
{
    Legal *L = m->data;
    StmtList out;
    const IrSeq *q;
    int changed = 0;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return s;
    q = IR_AS(IrSeq, s);
    vec_init(out);
    for (uint32_t i = 0; i < q->n; i++) {
        if (legal_stmt(L, q->stmts[i], &out))
            changed = 1;
        else
            vec_push(out, q->stmts[i]);
    }
    if (changed)
        s = ir_seq(L->ir, (IrStmtKind)s->kind, out.len, out.data, s->span);
    vec_free(out);
    return s;
}

