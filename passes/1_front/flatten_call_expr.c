/* flatten_call_expr.c: FlattenCallExpr (passes.md 5.2).
 *
 * Afterwards every Call is the direct value of an AssignStmt or EvalStmt
 * (property NoNestedCall), which is what the emitters expect.  A call
 * anywhere else (an argument of another call, an operand of an operator or
 * of a tuple access, a tuple element, an if condition, a for bound, an
 * iter_arg init value, a yield or return value) is hoisted into a
 * temporary `_t<k>: <type of the call> = <call>` placed just before the
 * statement that contained it (for if/for/while: before the whole
 * statement, so it is evaluated once, where the value was computed).
 * Hoisting is innermost-first and left to right; the counter k is per
 * function, from 0.
 *
 * A call in a while condition cannot be hoisted without changing the
 * program (the condition is evaluated on every iteration, a temporary
 * before the loop only once), so it is an error (pyptocc; the reference
 * hoisted it anyway).
 *
 * An argument-less distributed query, pld.world_size(), is not hoisted:
 * types name it as a dimension (a window of [pld.world_size(), 1]), and a
 * temporary would make the value differ from its type.
 *
 * Unchanged statements and expressions are shared, and a function with no
 * nested call comes back as the same node. */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <string.h>

typedef VEC(const IrStmt *) StmtList;

typedef struct Flat {
    PassCtx *pc;
    IrCtx *ir;
    const char *tmp_base;    /* "_t", interned */
    uint64_t next_tmp;       /* the k of the next _t<k> */
    /* Iter args rebuilt because their init value changed -> the new node:
     * the loop's body and condition must use the new one. */
    PtrMap subst;
    /* Set while rewriting a while condition: calls there are errors. */
    int in_while_cond;
    int failed;
} Flat;

/* ------------------------------------------------------- expressions */

/* What flat_operand needs as an ir_expr_map_operands callback. */
typedef struct FlatArg {
    Flat *F;
    StmtList *pre;
} FlatArg;

static const IrExpr *flat_operand(Flat *F, const IrExpr *e, StmtList *pre);

static const IrExpr *flat_operand_cb(void *data, const IrExpr *e)
{
    FlatArg *a = data;
    return flat_operand(a->F, e, a->pre);
}

/* e with its operands flattened (e itself stays, even when a call). */
static const IrExpr *flat_children(Flat *F, const IrExpr *e, StmtList *pre)
{
    FlatArg a;
    a.F = F;
    a.pre = pre;
    return ir_expr_map_operands(F->ir, e, flat_operand_cb, &a);
}

/* e rewritten so that it contains no call: every call (its own arguments
 * first, left to right) is assigned to a new temporary appended to pre,
 * and the temporary is used instead. */
static const IrExpr *flat_operand(Flat *F, const IrExpr *e, StmtList *pre)
{
    IrCtx *ir = F->ir;
    if (ir_is_var_like(e)) {
        const IrExpr *s = ptrmap_get(&F->subst, e);
        return s ? s : e;
    }
    if (ir_call_is_atom(e))
        return e;
    if (e->kind == EXPR_CALL) {
        const IrExpr *c;
        IrVar *t;
        if (F->in_while_cond) {
            /* Reported at the outermost call only: the nested ones are
             * part of the same problem. */
            diag_error(F->pc->diag, e->span, "call in while condition is not supported");
            F->failed = 1;
            return e;
        }
        c = flat_children(F, e, pre);
        t = ir_var_new(ir, pass_versioned_name(ir, F->tmp_base, "", F->next_tmp++), ir_expr_type(ir, c), e->span);
        vec_push(*pre, ir_assign(ir, t, c, e->span));
        return &t->e;
    }
    return flat_children(F, e, pre);
}

/* The value of an AssignStmt or EvalStmt: a call there may stay. */
static const IrExpr *flat_value(Flat *F, const IrExpr *e, StmtList *pre)
{
    if (e->kind == EXPR_CALL)
        return flat_children(F, e, pre);
    return flat_operand(F, e, pre);
}

/* ---------------------------------------------------------- statements */

static const IrStmt *flat_body(Flat *F, const IrStmt *body);

static void push_all(StmtList *out, StmtList *pre)
{
    for (uint32_t i = 0; i < pre->len; i++)
        vec_push(*out, pre->data[i]);
    vec_free(*pre);
}

/* Iter args with flattened init values (hoisted into pre); a changed one
 * is rebuilt and recorded in F->subst for the uses in the loop.  Returns
 * NULL when none changed, else a new array (the caller frees it). */
static const IrIterArg **flat_iter_args(Flat *F, uint32_t n, const IrIterArg *const *it, StmtList *pre)
{
    const IrIterArg **out = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const IrIterArg *a = it[i];
        const IrExpr *init = flat_operand(F, a->init, pre);
        if (init != a->init) {
            IrIterArg *na = ir_iter_arg_new(F->ir, a->v.name, a->v.type, init, a->v.e.span);
            if (!out) {
                out = xmalloc(xmul_size(n, sizeof *out));
                memcpy(out, it, i * sizeof *out);
            }
            ptrmap_put(&F->subst, a, na);
            a = na;
        }
        if (out)
            out[i] = a;
    }
    return out;
}

/* Appends s, rewritten, to out, preceded by the temporaries it needs. */
static void flat_stmt(Flat *F, const IrStmt *s, StmtList *out)
{
    IrCtx *ir = F->ir;
    StmtList pre;
    vec_init(pre);
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        const IrExpr *v = flat_value(F, a->value, &pre);
        push_all(out, &pre);
        vec_push(*out, v == a->value ? s : ir_assign(ir, a->var, v, s->span));
        return;
    }
    case STMT_EVAL: {
        const IrEval *ev = IR_AS(IrEval, s);
        const IrExpr *x = flat_value(F, ev->expr, &pre);
        push_all(out, &pre);
        vec_push(*out, x == ev->expr ? s : ir_eval(ir, x, s->span));
        return;
    }
    case STMT_YIELD:
    case STMT_RETURN: {
        /* pyptocc: calls as yield/return values are hoisted too, since the
         * emitters need every call as an assignment value. */
        const IrValues *v = IR_AS(IrValues, s);
        const IrExpr **vals = NULL;
        for (uint32_t i = 0; i < v->n; i++) {
            const IrExpr *x = flat_operand(F, v->values[i], &pre);
            if (x != v->values[i] && !vals) {
                vals = xmalloc(xmul_size(v->n, sizeof *vals));
                memcpy(vals, v->values, i * sizeof *vals);
            }
            if (vals)
                vals[i] = x;
        }
        push_all(out, &pre);
        if (vals) {
            vec_push(*out, s->kind == STMT_YIELD ? ir_yield(ir, v->n, vals, s->span) : ir_return(ir, v->n, vals, s->span));
            xfree(vals);
        } else {
            vec_push(*out, s);
        }
        return;
    }
    case STMT_IF: {
        /* The condition's temporaries come before those of the branches. */
        const IrIf *f = IR_AS(IrIf, s);
        const IrExpr *c = flat_operand(F, f->cond, &pre);
        const IrStmt *t = flat_body(F, f->then_body);
        const IrStmt *e = f->else_body ? flat_body(F, f->else_body) : NULL;
        push_all(out, &pre);
        vec_push(*out, c == f->cond && t == f->then_body && e == f->else_body
                           ? s
                           : ir_if(ir, c, t, e, f->nret, f->ret, s->span));
        return;
    }
    case STMT_FOR: {
        /* Bounds and init values are evaluated once, before the loop. */
        const IrFor *f = IR_AS(IrFor, s);
        const IrExpr *a = flat_operand(F, f->start, &pre);
        const IrExpr *b = flat_operand(F, f->stop, &pre);
        const IrExpr *c = flat_operand(F, f->step, &pre);
        const IrIterArg **it = flat_iter_args(F, f->niter, f->iter_args, &pre);
        const IrStmt *body = flat_body(F, f->body);
        push_all(out, &pre);
        if (a == f->start && b == f->stop && c == f->step && !it && body == f->body)
            vec_push(*out, s);
        else
            vec_push(*out, ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, a, b, c, f->niter,
                                                it ? it : f->iter_args, f->ret, body, s->span),
                                         f->stage));
        xfree(it);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        const IrIterArg **it = flat_iter_args(F, w->niter, w->iter_args, &pre);
        const IrExpr *c;
        const IrStmt *body;
        F->in_while_cond = 1;
        c = flat_operand(F, w->cond, &pre);
        F->in_while_cond = 0;
        body = flat_body(F, w->body);
        push_all(out, &pre);
        vec_push(*out, c == w->cond && !it && body == w->body
                           ? s
                           : ir_while(ir, c, w->niter, it ? it : w->iter_args, w->ret, body, s->span));
        xfree(it);
        return;
    }
    case STMT_SCOPE: {
        const IrScope *sc = IR_AS(IrScope, s);
        const IrStmt *body = flat_body(F, sc->body);
        vec_push(*out, body == sc->body ? s : ir_scope_rebody(ir, s, body));
        return;
    }
    case STMT_SEQ:
    case STMT_OPS:
        vec_push(*out, flat_body(F, s));
        return;
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind");
}

/* A body (a SeqStmts, or a single statement) rewritten; the same node when
 * nothing changed. */
static const IrStmt *flat_body(Flat *F, const IrStmt *body)
{
    StmtList out;
    const IrStmt *r = body;
    vec_init(out);
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, body);
        int changed = 0;
        for (uint32_t i = 0; i < q->n; i++)
            flat_stmt(F, q->stmts[i], &out);
        changed = out.len != q->n;
        for (uint32_t i = 0; i < q->n && !changed; i++)
            changed = out.data[i] != q->stmts[i];
        if (changed)
            r = ir_seq(F->ir, (IrStmtKind)body->kind, out.len, out.data, body->span);
    } else {
        flat_stmt(F, body, &out);
        if (out.len != 1)
            r = ir_seq(F->ir, STMT_SEQ, out.len, out.data, body->span);
        else
            r = out.data[0];
    }
    vec_free(out);
    return r;
}

/* The function flattened; the same node when it has no nested call; NULL
 * after an error. */
static const IrFunc *flatten_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Flat F;
    const IrStmt *body;
    const IrFunc *r;
    if (!f->body)
        return f;
    memset(&F, 0, sizeof F);
    F.pc = pc;
    F.ir = pc->ir;
    F.tmp_base = ir_name(pc->ir, "_t");
    ptrmap_init(&F.subst);
    body = flat_body(&F, f->body);
    ptrmap_free(&F.subst);
    if (F.failed)
        return NULL;
    if (body == f->body)
        return f;
    r = ir_func_rebuild(pc->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
    return r;
}

const IrProgram *pass_flatten_call_expr(PassCtx *pc, const IrProgram *prog)
{
    /* Every function is flattened, so the errors of all of them are
     * reported in one run. */
    return pass_map_functions_with(pc, prog, flatten_function, NULL, MAP_CONTINUE);
}
