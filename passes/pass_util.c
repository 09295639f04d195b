/* pass_util.c: helpers the passes share. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "targets/isa_rules.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

const IrProgram *pass_map_functions_with(PassCtx *pc, const IrProgram *prog, PassFuncDataFn fn, void *data,
                                         PassMapFailure on_failure)
{
    const IrFunc **out = xmalloc(xmul_size(prog->n ? prog->n : 1, sizeof *out));
    const IrProgram *r = prog;
    int changed = 0, failed = 0;
    for (uint32_t i = 0; i < prog->n && !(failed && on_failure == MAP_STOP); i++) {
        out[i] = fn(pc, prog, prog->funcs[i], data);
        if (!out[i])
            failed = 1;
        else
            changed |= out[i] != prog->funcs[i];
    }
    if (failed)
        r = NULL;
    else if (changed)
        r = ir_program_new(pc->ir, prog->name, prog->n, out, prog->span);
    xfree(out);
    return r;
}

typedef struct PlainFn {
    PassFuncFn fn;
} PlainFn;

static const IrFunc *call_plain(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    return ((const PlainFn *)data)->fn(pc, prog, f);
}

const IrProgram *pass_map_functions(PassCtx *pc, const IrProgram *prog, PassFuncFn fn)
{
    PlainFn plain = {fn};
    return pass_map_functions_with(pc, prog, call_plain, &plain, MAP_STOP);
}

const IrProgram *pass_program_add(PassCtx *pc, const IrProgram *prog, uint32_t n, const IrFunc *const *funcs)
{
    const IrFunc **all = xmalloc(xmul_size((size_t)prog->n + n + 1, sizeof *all));
    const IrProgram *r;
    if (prog->n)   /* memcpy takes no null pointer, even for no bytes */
        memcpy(all, prog->funcs, prog->n * sizeof *all);
    if (n)
        memcpy(all + prog->n, funcs, n * sizeof *all);
    r = ir_program_new(pc->ir, prog->name, prog->n + n, all, prog->span);
    xfree(all);
    return r;
}

/* base, sep and (with_n) n, interned: names of any length. */
static const char *joined_name(IrCtx *ir, const char *base, const char *sep, int with_n, uint64_t n)
{
    size_t len = strlen(base) + strlen(sep) + 24;
    char small[128];
    char *buf = len <= sizeof small ? small : xmalloc(len);
    const char *r;
    if (with_n)
        str_printf(buf, len, "%s%s%llu", base, sep, (unsigned long long)n);
    else
        str_printf(buf, len, "%s%s", base, sep);
    r = intern_cstr(ir->names, buf);
    if (buf != small)
        xfree(buf);
    return r;
}

const char *pass_versioned_name(IrCtx *ir, const char *base, const char *sep, uint64_t n)
{
    return joined_name(ir, base, sep, 1, n);
}

static void note_name(void *data, const IrVar *v) { ptrmap_put(data, v->name, (void *)v); }

static int note_defs(IrWalker *w, const IrStmt *s)
{
    ir_stmt_defs_all(s, note_name, w->data);
    return 1;
}

void pass_names_of(const IrFunc *f, PtrMap *names)
{
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_stmt = note_defs;
    w.data = names;
    for (uint32_t i = 0; i < f->nparams; i++)
        note_name(names, f->params[i].var);
    if (f->body)
        ir_walk_func(&w, f);
}

IrVar *pass_fresh_var(IrCtx *ir, PtrMap *names, const char *base, const IrType *t, Span span)
{
    const char *b = intern_cstr(ir->names, base), *name = b;
    for (uint64_t n = 1; ptrmap_get(names, name); n++)
        name = pass_versioned_name(ir, b, "_", n);
    IrVar *v = ir_var_new(ir, name, t, span);
    ptrmap_put(names, name, v);
    return v;
}

/* Does the call lower to a PTO/C++ op that needs a scratch tile the IR
 * does not have (ops.md tmp†)?  The reductions only along the last axis
 * (their column forms need none). */
int pass_needs_scratch(IrCtx *ir, Arch arch, const IrCall *c, uint64_t *bytes)
{
    const OpDef *op = callee_op(c->callee);
    const IrType *t;
    *bytes = 0;
    switch (op ? (ScratchRule)op_traits(op)->scratch : SCRATCH_NONE) {
    case SCRATCH_CAST:
        return c->nargs == 1 && (*bytes = target_cast_scratch(arch, ir_expr_type(ir, c->args[0]), c->type)) != 0;
    case SCRATCH_CI:
        return (*bytes = target_ci_scratch(arch, (DataType)c->type->dtype)) != 0;
    case SCRATCH_RESULT:
    case SCRATCH_RESULT_WORDS:
        t = c->type;
        break;
    case SCRATCH_LARGER:
        t = c->type;
        if (c->nargs && ir_expr_type(ir, c->args[0])->kind == TYPE_TILE &&
            isa_tile_bytes(arch, ir_expr_type(ir, c->args[0]), MS_VEC) > isa_tile_bytes(arch, t, MS_VEC))
            t = ir_expr_type(ir, c->args[0]);
        break;
    case SCRATCH_ROW_AXIS: {
        const IrKwarg *axis = ir_call_kwarg(c, "axis");
        const IrType *src = c->nargs ? ir_expr_type(ir, c->args[0]) : NULL;
        int64_t a;
        if (axis && src && ir_type_is_shaped(src)) {
            a = axis->v.i < 0 ? axis->v.i + (int64_t)src->n : axis->v.i;
            if (a != (int64_t)src->n - 1)
                return 0;
        }
        /* Row reductions take a source-shaped tmp (PTOAS's trowmin needs
         * one); the other ops a result-shaped one. */
        t = c->nargs ? ir_expr_type(ir, c->args[0]) : c->type;
        break;
    }
    default:
        return 0;
    }
    *bytes = ir_type_is_shaped(t) ? isa_tile_bytes(arch, t, -1) : (uint64_t)dtype_bytes((DataType)t->dtype);
    return 1;
}

const IrExpr *pass_stmt_value(const IrStmt *s)
{
    return s->kind == STMT_ASSIGN ? IR_AS(IrAssign, s)->value
           : s->kind == STMT_EVAL ? IR_AS(IrEval, s)->expr
                                  : NULL;
}

/* One form of a conditional accumulate: op on args, its kwargs, typed by
 * the op's deduction (which the original call's passing guarantees). */
static const IrExpr *acc_form(IrCtx *ir, OpId id, uint32_t nargs, const IrExpr *const *args, uint32_t nkw,
                              const IrKwarg *kw, Span at)
{
    const OpDef *op = op_by_id(id);
    OpError err;
    const IrType *t = op_deduce(ir, op, args, nargs, kw, nkw, &err);
    if (!t)
        ICE("expanding init_cond: %s", err.msg);
    return ir_call(ir, &op->callee, nargs, args, nkw, nkw ? ir_kwargs_intern(ir, nkw, kw) : NULL, t, at);
}

const IrStmt *pass_expand_init_cond(IrCtx *ir, const IrStmt *s)
{
    const IrAssign *a;
    const IrCall *c;
    const OpDef *op;
    const IrExpr *first, *accum, *cond;
    const IrStmt *tb, *eb;
    IrKwarg kw[4] = {{0}};
    uint32_t nkw = 0;
    int tensor;
    if (s->kind != STMT_ASSIGN || IR_AS(IrAssign, s)->value->kind != EXPR_CALL)
        return NULL;
    a = IR_AS(IrAssign, s);
    c = IR_AS(IrCall, a->value);
    op = callee_op(c->callee);
    if (!op || !(op_is(op, OP_TENSOR_MATMUL_ACC_COND) || op_is(op, OP_BLOCK_MATMUL_ACC_COND)))
        return NULL;
    tensor = op_is(op, OP_TENSOR_MATMUL_ACC_COND);
    cond = c->args[3];
    /* The product: tensor.matmul keeps the transposes and gives the
     * accumulator's type. */
    for (uint32_t i = 0; tensor && i < c->nkwargs && nkw < 3; i++)
        kw[nkw++] = c->kwargs[i];
    if (tensor) {
        memset(&kw[nkw], 0, sizeof kw[nkw]);
        kw[nkw].key = ir_name(ir, "out_dtype");
        kw[nkw].kind = KW_DTYPE;
        kw[nkw++].v.i = ir_expr_type(ir, c->args[0])->dtype;
    }
    first = acc_form(ir, tensor ? OP_TENSOR_MATMUL : OP_BLOCK_MATMUL, 2, c->args + 1, nkw, kw, c->e.span);
    accum = acc_form(ir, tensor ? OP_TENSOR_MATMUL_ACC : OP_BLOCK_MATMUL_ACC, 3, c->args, tensor ? c->nkwargs : 0,
                     c->kwargs, c->e.span);
    if (cond->kind == EXPR_CONST_BOOL)
        return ir_assign(ir, a->var, cond->op ? first : accum, s->span);
    {
        /* Named after the result, whose name is the function's only. */
        const IrVar *v1 = ir_var_new(ir, joined_name(ir, a->var->name, "_first", 0, 0), ir_expr_type(ir, first), s->span);
        const IrVar *v2 = ir_var_new(ir, joined_name(ir, a->var->name, "_accum", 0, 0), ir_expr_type(ir, accum), s->span);
        const IrStmt *st[2];
        st[0] = ir_assign(ir, v1, first, s->span);
        st[1] = ir_yield(ir, 1, (const IrExpr *const[]){&v1->e}, s->span);
        tb = ir_seq(ir, STMT_SEQ, 2, st, s->span);
        st[0] = ir_assign(ir, v2, accum, s->span);
        st[1] = ir_yield(ir, 1, (const IrExpr *const[]){&v2->e}, s->span);
        eb = ir_seq(ir, STMT_SEQ, 2, st, s->span);
    }
    return ir_if(ir, cond, tb, eb, 1, &a->var, s->span);
}

const IrStmt *pass_rewrite_seq(IrCtx *ir, const IrStmt *s, PassSeqFn fn, void *data)
{
    PassStmts out;
    const IrSeq *q;
    int changed = 0;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return s;
    q = IR_AS(IrSeq, s);
    vec_init(out);
    for (uint32_t i = 0; i < q->n; i++) {
        size_t mark = out.len;
        uint32_t skip = 0;
        if (fn(data, q, i, &out, &skip)) {
            changed = 1;
            i += skip;
            continue;
        }
        out.len = mark;   /* a declined rewrite leaves nothing behind */
        vec_push(out, q->stmts[i]);
    }
    if (changed)
        s = ir_seq(ir, (IrStmtKind)s->kind, (uint32_t)out.len, out.data, s->span);
    vec_free(out);
    return s;
}

void pass_flatten(PassStmts *out, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS) {
        vec_push(*out, s);
        return;
    }
    for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
        pass_flatten(out, IR_AS(IrSeq, s)->stmts[i]);
}
