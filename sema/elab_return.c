/* elab_return.c: return statements, and returns inside an if.
 *
 * A return builds the function's Return, or inside an @pl.inline
 * expansion gives the call's value.  An if with a return in it (outside
 * loops) takes the statements after it into the branch that does not
 * return, so that every path ends in a return; its returns then yield
 * the values as the if's results (named _return, or _return0, _return1,
 * ...), and one return after the if returns those.  The IR is the
 * structured form pypto's ConvertToSSA would give, and prints as such. */
#include "config.h"
#include "sema/elab_assign.h"
#include "ir/visit.h"
#include "sema/elab_convert.h"
#include "sema/elab_expr.h"
#include "sema/elab_scope.h"
#include "sema/elab_stmt.h"
#include "sema/elab_type.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

/* Does the declared result type `declared` name, where t has a variable
 * of the body, an implicit dynamic dimension of that variable's name, and
 * agree with t in all else?  `-> pl.Tensor[[n, 128], ...]` over a body
 * that defines n = pl.tensor.dim(x, 0): the printer writes an inferred
 * result type so, and the header cannot see the body's n; the result
 * type is then the returned value's (the IR the printed text came from). */
static int names_body_dims(Elab *E, const IrType *t, const IrType *declared)
{
    int named = 0;
    if ((t->kind != TYPE_TENSOR && t->kind != TYPE_TILE) || t->kind != declared->kind || t->dtype != declared->dtype ||
        t->n != declared->n || t->memref != declared->memref || t->tile_view != declared->tile_view ||
        t->tensor_view != declared->tensor_view)
        return 0;
    for (uint32_t d = 0; d < t->n; d++) {
        const IrExpr *a = t->dims[d], *b = declared->dims[d];
        if (a == b)
            continue;
        if (a->kind != EXPR_VAR || b->kind != EXPR_VAR || IR_AS(IrVar, a)->name != IR_AS(IrVar, b)->name ||
            ptrmap_get(&E->dynvars, IR_AS(IrVar, b)->name) != b)
            return 0;
        named = 1;
    }
    return named;
}

/* ---------------------------------------------------------------- return */

static int in_returning_branch(const FnCtx *fc);
static void return_as_yield(FnCtx *fc, const AstNode *s);
static int loops_here(const FnCtx *fc);

void elab_return(FnCtx *fc, const AstNode *s)
{
    if (in_returning_branch(fc)) {
        return_as_yield(fc, s);
        return;
    }
    Elab *E = fc->E;
    const AstNode *v = s->a;
    uint32_t n = !v ? 0 : (v->kind == AST_TUPLE ? v->list.n : 1);
    const IrExpr **vals = xmalloc(xmul_size(n ? n : 1, sizeof *vals));
    int ok = 1;
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *x = v->kind == AST_TUPLE ? v->list.items[i] : v;
        vals[i] = elab_expr(fc, x);
        if (!vals[i]) {
            ok = 0;
        } else if (ir_expr_type(E->ir, vals[i])->kind == TYPE_ARRAY) {
            diag_error(E->diag, x->span, "an Array cannot be returned: arrays do not cross function boundaries");
            ok = 0;
        } else if (n > 1 && ir_expr_type(E->ir, vals[i])->kind == TYPE_TUPLE) {
            /* the results are one tuple; a tuple type does not nest (an
             * annotation cannot write one either) */
            diag_error(E->diag, x->span, "a tuple cannot be one of several returned values: return its elements");
            ok = 0;
        }
    }
    if (ok && n == 1 && fc->sig && fc->sig->ok && !fc->inl && fc->sig->nret > 1 &&
        ir_expr_type(E->ir, vals[0])->kind == TYPE_TUPLE &&
        ir_expr_type(E->ir, vals[0])->n == fc->sig->nret) {
        /* `return t` of a tuple where the function declares its elements
         * (return self.g(x), return res with res: pl.Tuple[...]); a call
         * is bound to a temporary first, so that it runs once */
        const IrExpr *t = vals[0];
        if (t->kind != EXPR_VAR) {
            IrVar *tmp = ir_var_new(E->ir, E->n.tuple_tmp, ir_expr_type(E->ir, t), v->span);
            elab_emit(fc, ir_assign(E->ir, tmp, t, v->span));
            scope_define(&fc->scope, E->n.tuple_tmp, &tmp->e);
            t = &tmp->e;
        }
        n = fc->sig->nret;
        xfree(vals);
        vals = xmalloc(xmul_size(n, sizeof *vals));
        for (uint32_t i = 0; i < n; i++)
            vals[i] = ir_tuple_get(E->ir, t, i, v->span);
    }
    if (ok && n == 1 && v->kind != AST_TUPLE && vals[0]->kind == EXPR_CALL &&
        ir_expr_type(E->ir, vals[0])->kind == TYPE_UNKNOWN) {
        /* `return f(...)` of a function that returns none: the call, then
         * a return of none, as in Python (its value is None). */
        elab_emit(fc, ir_eval(E->ir, vals[0], v->span));
        n = 0;
    }
    if (fc->inl) {
        /* Inside an inline expansion 'return' gives the call's value. */
        fc->inl->returned = 1;
        if (ok && n == 1 && v->kind != AST_TUPLE)
            fc->inl->ret = vals[0];
        else if (ok && n)
            fc->inl->ret = ir_make_tuple(E->ir, n, vals, v->span);
        else
            fc->inl->ret = NULL;
        xfree(vals);
        return;
    }
    if (ok && !fc->loops && !fc->ifs && fc->sig && fc->sig->infer_ret) {
        /* The function's results are what it returns (@pl.jit). */
        const IrType **ret = arena_array(&E->ir->arena, n ? n : 1, sizeof *ret);
        /* in the caller's terms: n = pl.tensor.dim(x, 0) is x's dimension */
        for (uint32_t i = 0; i < n; i++)
            ret[i] = ir_type_subst_vars(E->ir, ir_expr_type(E->ir, vals[i]), &fc->dim_vars);
        fc->sig->ret = ret;
        fc->sig->nret = n;
        fc->sig->infer_ret = 0;
    }
    if (fc->loops || fc->ifs) {
        if (loops_here(fc))
            diag_error(E->diag, s->span, "return inside a loop is not supported; yield the values (pl.yield_) and return after the loop");
        else
            diag_error(E->diag, s->span, "return inside a with block within an if is not supported; return after the if");
        ok = 0;
    } else if (fc->sig && fc->sig->infer_ret) {
        ok = 0;   /* a returned value had an error (reported): there is no type to infer */
    } else if (fc->sig && fc->sig->ok && n != fc->sig->nret) {
        diag_error(E->diag, s->span, "function '%s' returns %u value%s but declares %u", fc->sig->name, n,
                   n == 1 ? "" : "s", fc->sig->nret);
        ok = 0;
    } else if (ok && fc->sig && fc->sig->ok) {
        for (uint32_t i = 0; i < n; i++) {
            /* ts: in the caller's terms (n = pl.tensor.dim(x, 0) is x's dimension) */
            const IrType *t = ir_expr_type(E->ir, vals[i]), *ts = ir_type_subst_vars(E->ir, t, &fc->dim_vars);
            const IrExpr *c = NULL;
            if (names_body_dims(E, t, fc->sig->ret[i])) {
                fc->sig->ret[i] = ts;
            } else if (!ir_type_compatible(ts, fc->sig->ret[i], DIMS_EXACT) &&
                !(c = elab_convert_return(fc, vals[i], fc->sig->ret[i],
                                          v->kind == AST_TUPLE ? v->list.items[i]->span : v->span))) {
                char a[256], b[256];
                diag_warning(E->diag, W_ANNOTATION, v->kind == AST_TUPLE ? v->list.items[i]->span : v->span,
                             "returned value has type %s but the function declares %s", elab_type_str(E, t, a, sizeof a),
                             elab_type_str(E, fc->sig->ret[i], b, sizeof b));
            } else if (c) {
                vals[i] = c;
            }
        }
    }
    if (ok)
        elab_emit(fc, ir_return(E->ir, n, vals, s->span));
    xfree(vals);
}

/* ------------------------------------------------------ return in an if */

/* Loops around this point of the function (of the inline body being
 * expanded: the caller's loops are not its). */
static int loops_here(const FnCtx *fc) { return fc->loops - (fc->inl ? fc->inl->loops : 0); }

/* Does every path through body end in a return?  A path that leaves an if
 * returning only in part goes on to the statements after it, so one scan
 * decides: some statement is a return, or an if whose branches both are. */
static int always_returns(const AstList *body)
{
    for (uint32_t i = 0; i < body->n; i++) {
        const AstNode *s = body->items[i];
        if (s->kind == AST_RETURN || (s->kind == AST_IF && (s->flags & AST_HAS_ELSE) && always_returns(&s->list) &&
                                      always_returns(&s->list2)))
            return 1;
    }
    return 0;
}

/* The first return in body or in the branches of its ifs (not in loops or
 * with blocks: those keep their own rules). */
static const AstNode *first_return(const AstList *body)
{
    for (uint32_t i = 0; i < body->n; i++) {
        const AstNode *s = body->items[i], *r;
        if (s->kind == AST_RETURN)
            return s;
        if (s->kind == AST_IF && ((r = first_return(&s->list)) || (r = first_return(&s->list2))))
            return r;
    }
    return NULL;
}

static uint32_t return_count(const AstNode *ret);

/* A return in body (or its ifs' branches) giving other than n values. */
static const AstNode *other_count(const AstList *body, uint32_t n)
{
    for (uint32_t i = 0; i < body->n; i++) {
        const AstNode *s = body->items[i], *r;
        if (s->kind == AST_RETURN && return_count(s) != n)
            return s;
        if (s->kind == AST_IF && ((r = other_count(&s->list, n)) || (r = other_count(&s->list2, n))))
            return r;
    }
    return NULL;
}

int elab_if_returns(FnCtx *fc, const AstNode *s)
{
    return s->kind == AST_IF && !loops_here(fc) && (first_return(&s->list) || first_return(&s->list2));
}

static uint32_t return_count(const AstNode *ret) { return !ret->a ? 0 : ret->a->kind == AST_TUPLE ? ret->a->list.n : 1; }

/* Is a return here the end of a branch of an if that returns? */
static int in_returning_branch(const FnCtx *fc) { return fc->ret_blocks && fc->blocks.len == fc->ret_blocks + 1; }

/* The names the if's results take, as an expression to write or read:
 * _return, or the tuple _return0, _return1, ... */
typedef struct ResultNames {
    AstNode *names, **items, tuple;
} ResultNames;

static AstNode *result_names(FnCtx *fc, uint32_t n, Span span, ResultNames *r)
{
    r->names = xmalloc(xmul_size(n, sizeof *r->names));
    r->items = xmalloc(xmul_size(n, sizeof *r->items));
    for (uint32_t i = 0; i < n; i++) {
        char buf[32];
        if (n == 1)
            snprintf(buf, sizeof buf, "_return");
        else
            snprintf(buf, sizeof buf, "_return%u", i);
        memset(&r->names[i], 0, sizeof r->names[i]);
        r->names[i].kind = AST_NAME;
        r->names[i].span = span;
        r->names[i].name = intern_cstr(fc->E->names, buf);
        r->items[i] = &r->names[i];
    }
    memset(&r->tuple, 0, sizeof r->tuple);
    r->tuple.kind = AST_TUPLE;
    r->tuple.span = span;
    r->tuple.list.items = r->items;
    r->tuple.list.n = n;
    return n == 1 ? &r->names[0] : &r->tuple;
}

static void result_names_free(ResultNames *r)
{
    xfree(r->names);
    xfree(r->items);
}

/* `return a, b` at the end of a branch: _return0, _return1 = pl.yield_(a, b). */
static void return_as_yield(FnCtx *fc, const AstNode *s)
{
    uint32_t n = return_count(s);
    AstNode call, *one[1];
    ResultNames rn;
    const AstNode *target;
    if (n != fc->ret_values) {
        diag_error(fc->E->diag, s->span, "this return gives %u value%s, but another return of the same if gives %u", n,
                   n == 1 ? "" : "s", fc->ret_values);
        return;
    }
    if (!n)
        return;   /* the end of the function on this path */
    target = result_names(fc, n, s->span, &rn);
    memset(&call, 0, sizeof call);
    call.kind = AST_CALL;
    call.span = s->a->span;
    if (s->a->kind == AST_TUPLE) {
        call.list = s->a->list;
    } else {
        one[0] = s->a;
        call.list.items = one;
        call.list.n = 1;
    }
    elab_yield(fc, &call, target, NULL, s->span);
    result_names_free(&rn);
}

/* body, then the statements after the if (in a new list, freed by the
 * caller). */
static AstList joined(const AstList *body, AstNode *const *rest, uint32_t nrest, AstNode ***mem)
{
    AstList l;
    memset(&l, 0, sizeof l);
    l.n = body->n + nrest;
    *mem = xmalloc(xmul_size(l.n ? l.n : 1, sizeof **mem));
    if (body->n)
        memcpy(*mem, body->items, body->n * sizeof **mem);
    if (nrest)
        memcpy(*mem + body->n, rest, nrest * sizeof **mem);
    l.items = *mem;
    return l;
}

void elab_returning_if(FnCtx *fc, const AstNode *s, AstNode *const *rest, uint32_t nrest)
{
    const AstNode *first = first_return(&s->list), *other;
    uint32_t k, saved_blocks = fc->ret_blocks, saved_values = fc->ret_values;
    AstNode r = *s, **then_mem = NULL, **else_mem = NULL;
    AstList none;
    memset(&none, 0, sizeof none);
    if (!first)
        first = first_return(&s->list2);
    k = return_count(first);
    /* The statements after the if belong to each branch that can reach
     * them (where both return, nothing can). */
    if (!always_returns(&s->list))
        r.list = joined(&s->list, rest, nrest, &then_mem);
    if (!(s->flags & AST_HAS_ELSE) || !always_returns(&s->list2))
        r.list2 = joined(s->flags & AST_HAS_ELSE ? &s->list2 : &none, rest, nrest, &else_mem);
    r.flags |= AST_HAS_ELSE;
    if ((other = other_count(&r.list, k)) || (other = other_count(&r.list2, k))) {
        diag_error(fc->E->diag, other->span, "this return gives %u value%s, but an earlier one gives %u", return_count(other),
                   return_count(other) == 1 ? "" : "s", k);
        diag_note(fc->E->diag, first->span, "the earlier return is here");
    } else if (k && (!always_returns(&r.list) || !always_returns(&r.list2))) {
        diag_error(fc->E->diag, s->span,
                   "this if returns a value in one branch, but the %s branch can reach the end without a return",
                   always_returns(&r.list) ? "else" : "if");
        diag_note(fc->E->diag, first->span, "the return is here");
    } else {
        fc->ret_blocks = fc->blocks.len;
        fc->ret_values = k;
        elab_if_stmt(fc, &r, k != 0);
        fc->ret_blocks = saved_blocks;
        fc->ret_values = saved_values;
        if (k) {
            /* return _return0, _return1 (a yield where this if ends a
             * branch of another one that returns) */
            AstNode ret;
            ResultNames rn;
            memset(&ret, 0, sizeof ret);
            ret.kind = AST_RETURN;
            ret.span = s->span;
            ret.a = result_names(fc, k, s->span, &rn);
            elab_return(fc, &ret);
            result_names_free(&rn);
        }
    }
    xfree(then_mem);
    xfree(else_mem);
}
