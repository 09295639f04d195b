/* elab_stmt.c: statements and control flow.
 *
 * Control flow follows the reference parser: `for`/`while`/`if` written
 * with pl.yield_ build SSA constructs (iter_args, return variables named
 * `<iterarg>_out` for loops, the yielded names for ifs); written without
 * yields they build plain constructs whose assignments stay visible after
 * them, for ConvertToSSA to resolve.
 *
 * Assignments, pl.yield_ and return are elab_assign.c's; this file builds
 * the constructs with bodies (if, for, while, with) and dispatches the
 * rest. */
#include "config.h"
#include "sema/elab_stmt.h"
#include "sema/elab_assign.h"
#include "sema/elab_expr.h"
#include "sema/elab_scope.h"
#include "sema/elab_type.h"
#include "sema/elab_value.h"
#include "support/xalloc.h"

#include <string.h>

static int is_docstring(const AstNode *s) { return s->kind == AST_EXPR_STMT && s->a->kind == AST_STRING; }

/* Direct statements of a body that assign from pl.yield_. */
static int body_yields_names(Elab *E, const AstList *body)
{
    for (uint32_t i = 0; i < body->n; i++) {
        const AstNode *s = body->items[i];
        if ((s->kind == AST_ASSIGN && elab_is_yield(E, s->b)) || (s->kind == AST_ANNASSIGN && elab_is_yield(E, s->c)))
            return 1;
    }
    return 0;
}

/* ----------------------------------------------------------------- if */

/* Is the condition known at compile time (module constants compared),
 * and which way does it go? */
static int constant_truth(FnCtx *fc, const AstNode *test, int *taken)
{
    ConstError err;
    const ConstVal *v = elab_const(fc->E, fc, test, &err);
    if (!v || (v->kind != CV_BOOL && v->kind != CV_INT))
        return 0;
    *taken = v->v.i != 0;
    return 1;
}

/* One branch of an if, read into a block of its own, in the names as they
 * were before the if (the other branch's are not visible in it); `dead`:
 * code that never runs (a constant condition's other branch), which
 * defines no names after the if; `leak`: the branch's names stay visible
 * after the if (a plain if, for ConvertToSSA), and are appended to *leak
 * for elab_if to define once both branches are read. */
static const IrStmt *if_branch(FnCtx *fc, const AstList *body, int dead, ScopeDefs *leak, Span span)
{
    IrCtx *ir = fc->E->ir;
    elab_block_push(fc);
    scope_enter(&fc->scope);
    ir->dead_code += dead != 0;
    elab_block(fc, body, 0);
    ir->dead_code -= dead != 0;
    if (leak && !dead)
        scope_exit_saved(&fc->scope, leak);
    else
        scope_exit(&fc->scope, 0);
    return elab_block_pop(fc, span);
}

/* The statements of body where the if stood (a fold of a constant if). */
static void emit_inline(FnCtx *fc, const IrStmt *body)
{
    if (body && body->kind == STMT_SEQ)
        for (uint32_t i = 0; i < IR_AS(IrSeq, body)->n; i++)
            elab_emit(fc, IR_AS(IrSeq, body)->stmts[i]);
    else
        elab_emit(fc, body);
}

void elab_if_stmt(FnCtx *fc, const AstNode *s, int returns)
{
    Elab *E = fc->E;
    const IrExpr *cond = elab_expr(fc, s->a);
    int yields = returns || body_yields_names(E, &s->list) || body_yields_names(E, &s->list2);
    int has_else = (s->flags & AST_HAS_ELSE) != 0;
    YieldTrack then_t, else_t, *saved = fc->yields;
    const IrStmt *then_body, *else_body = NULL;
    unsigned errors = E->diag->errors;
    int taken = 0, constant;
    uint32_t zeros;
    ScopeDefs leaked;

    vec_init(leaked);
    if (cond && ir_expr_type(E->ir, cond)->kind != TYPE_SCALAR) {
        char b[256];
        diag_error(E->diag, s->a->span, "an if condition must be a scalar, got %s",
                   elab_type_str(E, ir_expr_type(E->ir, cond), b, sizeof b));
        cond = NULL;
    }
    /* A condition known at compile time (module constants compared) in
     * an if without yields: the branch that never runs is read with
     * extents of 0 allowed in it, as pypto builds it regardless (pypto-lib
     * pads a tensor only `if PADDED > TOPK:`, and the pad is empty when
     * they are equal); if it has one, it is dropped and the other branch
     * stands where the if stood.  Otherwise the if stays, as pypto prints
     * it. */
    constant = cond && !yields && constant_truth(fc, s->a, &taken);
    zeros = E->ir->dead_zero_extents;
    elab_yield_track_init(&then_t);
    elab_yield_track_init(&else_t);
    fc->ifs++;
    fc->yields = &then_t;
    then_body = if_branch(fc, &s->list, constant && !taken, yields ? NULL : &leaked, s->span);
    if (has_else) {
        fc->yields = &else_t;
        else_body = if_branch(fc, &s->list2, constant && taken, yields ? NULL : &leaked,
                              s->list2.n ? span_join(s->list2.items[0]->span, s->list2.items[s->list2.n - 1]->span)
                                         : s->span);
    }
    fc->yields = saved;
    fc->ifs--;
    /* After a plain if, a name either branch assigns has its last value
     * (the else branch's where both do): ConvertToSSA merges them. */
    scope_define_all(&fc->scope, &leaked);
    vec_free(leaked);

    if (!yields) {
        /* Values need names to go to (the if's results). */
        for (int b = 0; b < 2; b++) {
            const YieldTrack *t = b ? &else_t : &then_t;
            if (elab_yield_gives_values(t)) {
                diag_error(E->diag, t->last,
                           "pl.yield_ with values in an if needs names for them: write 'x = pl.yield_(...)' in both "
                           "branches");
                cond = NULL;
            }
        }
        if (constant && E->ir->dead_zero_extents != zeros)
            emit_inline(fc, taken ? then_body : else_body);
        else if (cond)
            elab_emit(fc, ir_if(E->ir, cond, then_body, else_body, 0, NULL, s->span));
        goto out;
    }
    /* An if that yields: both branches yield the same names. */
    {
        YieldTrack *a = &then_t, *b = &else_t;
        uint32_t n = a->names.len;
        const IrVar **ret = NULL;
        int ok = cond && E->diag->errors == errors;
        if (!has_else) {
            diag_error(E->diag, s->span, "an if that yields values needs an else branch yielding the same names");
            ok = 0;
        } else if (!a->seen || !b->seen || a->names.len != b->names.len) {
            const YieldTrack *miss = !a->seen ? a : b;
            (void)miss;
            diag_error(E->diag, !b->seen ? s->span : b->last,
                       "both branches of an if must yield the same names (%u in the if branch, %u in the else branch)",
                       a->names.len, b->names.len);
            ok = 0;
        } else {
            for (uint32_t i = 0; i < n && ok; i++) {
                if (!a->types.data[i] || !b->types.data[i]) {
                    ok = 0;   /* a yielded value had an error, already reported */
                } else if (a->names.data[i] != b->names.data[i]) {
                    diag_error(E->diag, b->spans.data[i], "the else branch yields '%s' where the if branch yields '%s'",
                               b->names.data[i], a->names.data[i]);
                    ok = 0;
                } else if (!ir_type_compatible(a->types.data[i], b->types.data[i], DIMS_EXACT)) {
                    char x[256], y[256];
                    diag_error(E->diag, b->spans.data[i], "'%s' is yielded as %s in the if branch but as %s here",
                               a->names.data[i], elab_type_str(E, a->types.data[i], x, sizeof x),
                               elab_type_str(E, b->types.data[i], y, sizeof y));
                    ok = 0;
                }
            }
        }
        if (ok) {
            ret = xmalloc(xmul_size(n ? n : 1, sizeof *ret));
            for (uint32_t i = 0; i < n; i++) {
                const IrType *ty = a->types.data[i];
                const AstNode *annot = a->annots.data[i] ? a->annots.data[i] : b->annots.data[i];
                if (annot) {
                    const IrType *at = elab_type(E, fc, annot);
                    char x[256], y[256];
                    if (at && !ir_type_compatible(at, ty, DIMS_EXACT))
                        diag_warning(E->diag, W_ANNOTATION, annot->span,
                                     "annotation %s does not match the inferred type %s of '%s'",
                                     elab_type_str(E, at, x, sizeof x), elab_type_str(E, ty, y, sizeof y),
                                     a->names.data[i]);
                }
                ret[i] = ir_var_new(E->ir, a->names.data[i], ty, a->spans.data[i]);
            }
            elab_emit(fc, ir_if(E->ir, cond, then_body, else_body, n, ret, s->span));
        }
        for (uint32_t i = 0; i < n; i++)
            elab_define_name(fc, a->names.data[i], ok ? &ret[i]->e : &elab_poison, a->spans.data[i]);
        xfree(ret);
    }
out:
    elab_yield_track_free(&then_t);
    elab_yield_track_free(&else_t);
}

/* ---------------------------------------------------------------- loops */

/* The loop kinds a for statement may iterate over (02-control-flow.md). */
enum { LOOP_NONE, LOOP_RANGE, LOOP_PARALLEL, LOOP_WHILE, LOOP_UNROLL, LOOP_PIPELINE };

static const char *const loop_names[] = {"", "pl.range", "pl.parallel", "pl.while_", "pl.unroll", "pl.pipeline"};

/* Which pl.range / pl.parallel / pl.while_ / pl.unroll / pl.pipeline /
 * bare range the call is (LOOP_*). */
static int loop_iterator(FnCtx *fc, const AstNode *it)
{
    Elab *E = fc->E;
    const AstNode *f;
    if (it->kind != AST_CALL)
        return LOOP_NONE;
    f = it->a;
    if (f->kind == AST_ATTR && f->a->kind == AST_NAME && elab_is_prefix(E, f->a->name)) {
        if (f->name == E->n.range)
            return LOOP_RANGE;
        if (f->name == E->n.parallel)
            return LOOP_PARALLEL;
        if (f->name == E->n.while_)
            return LOOP_WHILE;
        if (f->name == E->n.unroll)
            return LOOP_UNROLL;
        if (f->name == E->n.pipeline)
            return LOOP_PIPELINE;
    }
    if (f->kind == AST_NAME && f->name == E->n.range && !scope_lookup(&fc->scope, f->name) && !elab_global(E, f->name))
        return LOOP_RANGE;
    return LOOP_NONE;
}

/* init_values=(...) of a loop call, and pl.pipeline's stage=N (*stage,
 * when stage is not NULL); returns 1 and the values (malloc'd, may be
 * NULL with *n 0), 0 after an error. */
static int init_values(FnCtx *fc, const AstNode *call, const IrExpr ***out, uint32_t *n, int *given, int64_t *stage)
{
    Elab *E = fc->E;
    int ok = 1;
    *out = NULL;
    *n = 0;
    *given = 0;
    for (uint32_t i = 0; i < call->list2.n; i++) {
        const AstNode *kw = call->list2.items[i];
        const AstNode *v = kw->a;
        if (stage && kw->name == E->n.stage) {
            ConstError err;
            const ConstVal *c = elab_const(E, fc, v, &err);
            if (!c || c->kind != CV_INT || c->v.i < 1 || c->v.i > 64) {
                diag_error(E->diag, v->span, "stage= must be a positive integer constant (2 to 4, typically)");
                ok = 0;
            } else {
                *stage = c->v.i;
            }
            continue;
        }
        if (kw->name == E->n.attrs) {
            /* Hints of pypto's passes (pipeline_overlap_stores, ...), which
             * pyptocc's do not read: checked as constants, then dropped. */
            KwargVec attrs;
            vec_init(attrs);
            if (v->kind != AST_DICT) {
                diag_error(E->diag, v->span, "attrs= of a loop takes a dict display: attrs={\"name\": value}");
                ok = 0;
            } else if (!elab_attr_dict(fc, v, "loop attribute", 0, &attrs)) {
                ok = 0;
            }
            vec_free(attrs);
            continue;
        }
        if (kw->name != E->n.init_values) {
            diag_error(E->diag, kw->span, "unexpected keyword argument '%s' (only init_values%s or attrs is accepted)",
                       kw->name, stage ? ", stage" : "");
            ok = 0;
            continue;
        }
        *given = 1;
        if (v->kind != AST_TUPLE && v->kind != AST_LIST) {
            diag_error(E->diag, v->span, "init_values must be a tuple, e.g. init_values=(x,)");
            ok = 0;
            continue;
        }
        *n = v->list.n;
        *out = xmalloc(xmul_size(*n ? *n : 1, sizeof **out));
        for (uint32_t k = 0; k < *n; k++)
            if (!((*out)[k] = elab_expr(fc, v->list.items[k])))
                ok = 0;
    }
    return ok;
}

static int check_bound(FnCtx *fc, const IrExpr *e, const AstNode *at, const char *what)
{
    const IrType *t;
    if (!e)
        return 0;
    t = ir_expr_type(fc->E->ir, e);
    if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
        char b[256];
        diag_error(fc->E->diag, at->span, "the loop %s must be an integer scalar, got %s", what,
                   elab_type_str(fc->E, t, b, sizeof b));
        return 0;
    }
    return 1;
}

/* The iter args of an SSA loop: names from target (a Tuple of Names) and
 * init values. */
static int make_iter_args(FnCtx *fc, const AstNode *names, const IrExpr *const *inits, uint32_t n, IrIterArg ***iters)
{
    Elab *E = fc->E;
    *iters = xmalloc(xmul_size(n ? n : 1, sizeof **iters));
    for (uint32_t i = 0; i < n; i++) {
        const AstNode *nm = names->list.items[i];
        if (nm->kind != AST_NAME) {
            diag_error(E->diag, nm->span, "iter args must be names");
            return 0;
        }
        (*iters)[i] = ir_iter_arg_new(E->ir, nm->name, ir_expr_type(E->ir, inits[i]), inits[i], nm->span);
    }
    return 1;
}

/* The return variables of an SSA loop, made after its body.  Each is named
 * after what the body's pl.yield_ assigns to, unless that is the iter
 * arg's own name (`s = pl.yield_(...)`, GP3) or there is no name: then
 * `<iterarg>_out` (printer.md 7).  Keeping a different written name (the
 * reference always used `<iterarg>_out`) is what makes printed
 * ConvertToSSA output (`x_2 = pl.yield_(x_3)`) reparse to itself. */
static int ret_name_taken(const IrVar **rets, uint32_t n, const char *name)
{
    for (uint32_t k = 0; k < n; k++)
        if (rets[k]->name == name)
            return 1;
    return 0;
}

static const IrVar **make_loop_rets(FnCtx *fc, IrIterArg *const *iters, uint32_t n, const YieldTrack *t)
{
    Elab *E = fc->E;
    const IrVar **rets = xmalloc(xmul_size(n ? n : 1, sizeof *rets));
    for (uint32_t i = 0; i < n; i++) {
        const char *name = i < t->names.len ? t->names.data[i] : NULL;
        if (!name || name == iters[i]->v.name || !name[0]) {
            /* `<iterarg>_out`, or `<iterarg>_out<k>` when a visible name
             * (a parameter `acc_out`) or an earlier return variable of this
             * loop already has it: a second variable of that name would make
             * the printed program ambiguous, and ConvertToSSA, which resolves
             * uses by name, would read the loop's result where the program
             * reads the parameter. */
            char buf[256];
            snprintf(buf, sizeof buf, "%s_out", iters[i]->v.name);
            name = intern_cstr(E->names, buf);
            for (unsigned k = 2; scope_lookup(&fc->scope, name) || ret_name_taken(rets, i, name); k++) {
                snprintf(buf, sizeof buf, "%s_out%u", iters[i]->v.name, k);
                name = intern_cstr(E->names, buf);
            }
        }
        rets[i] = ir_var_new(E->ir, name, iters[i]->v.type, i < t->spans.len ? t->spans.data[i] : iters[i]->v.e.span);
    }
    return rets;
}

/* After an SSA loop body: yield count and types must match the iter args. */
static int check_loop_yield(FnCtx *fc, const YieldTrack *t, IrIterArg *const *iters, uint32_t n, Span loop)
{
    Elab *E = fc->E;
    if (!t->seen) {
        diag_error(E->diag, loop, "a loop with init_values must end with pl.yield_ of its %u next value%s", n,
                   n == 1 ? "" : "s");
        return 0;
    }
    if (t->nvalues == UINT32_MAX)
        return 0;
    if (t->nvalues != n) {
        diag_error(E->diag, t->last, "the loop yields %u value%s but has %u iter_arg%s", t->nvalues,
                   t->nvalues == 1 ? "" : "s", n, n == 1 ? "" : "s");
        return 0;
    }
    for (uint32_t i = 0; i < t->types.len && i < n; i++) {
        if (t->types.data[i] && !ir_type_compatible(t->types.data[i], iters[i]->v.type, DIMS_EXACT)) {
            char a[256], b[256];
            diag_error(E->diag, t->spans.data[i], "iter_arg '%s' is %s but the loop yields %s for it",
                       iters[i]->v.name, elab_type_str(E, iters[i]->v.type, a, sizeof a),
                       elab_type_str(E, t->types.data[i], b, sizeof b));
            return 0;
        }
    }
    return 1;
}

static void elab_loop_body(FnCtx *fc, const AstList *body, YieldTrack *t, int leak_if_plain, int plain)
{
    YieldTrack *saved = fc->yields;
    fc->yields = t;
    fc->loops++;
    elab_block(fc, body, 0);
    fc->loops--;
    fc->yields = saved;
    (void)leak_if_plain;
    (void)plain;
}

static void elab_while_ssa(FnCtx *fc, const AstNode *s, const AstNode *call)
{
    Elab *E = fc->E;
    const AstNode *target = s->a;
    const IrExpr **inits = NULL;
    uint32_t n = 0;
    int given, ok;
    IrIterArg **iters = NULL;
    const IrVar **rets = NULL;
    const IrExpr *cond = NULL;
    const AstNode *first;
    YieldTrack t;
    const IrStmt *body;
    unsigned errors = E->diag->errors;
    AstList rest;

    ok = init_values(fc, call, &inits, &n, &given, NULL);
    if (call->list.n) {
        diag_error(E->diag, call->list.items[0]->span, "pl.while_() takes no positional arguments");
        ok = 0;
    }
    if (ok && (!given || !n)) {
        diag_error(E->diag, call->span, "pl.while_() needs init_values=(...)");
        ok = 0;
    }
    if (target->kind != AST_TUPLE) {
        diag_error(E->diag, target->span, "the target of a pl.while_ loop is a tuple of names: for (x,) in pl.while_(...)");
        ok = 0;
    } else if (ok && target->list.n != n) {
        diag_error(E->diag, target->span, "%u iter_args but %u init_values", target->list.n, n);
        ok = 0;
    }
    first = s->list.n ? s->list.items[0] : NULL;
    if (!first || first->kind != AST_EXPR_STMT || !elab_is_dsl_call(E, first->a, E->n.cond)) {
        diag_error(E->diag, first ? first->span : s->span,
                   "the first statement of a pl.while_ loop must be pl.cond(condition)");
        ok = 0;
    }
    if (ok && !make_iter_args(fc, target, inits, n, &iters))
        ok = 0;
    elab_yield_track_init(&t);
    elab_block_push(fc);
    scope_enter(&fc->scope);
    if (target->kind == AST_TUPLE)
        for (uint32_t i = 0; i < target->list.n; i++) {
            const AstNode *nm = target->list.items[i];
            if (nm->kind == AST_NAME)
                elab_define_name(fc, nm->name, ok ? &iters[i]->v.e : &elab_poison, nm->span);
        }
    if (ok) {
        const AstNode *c = first->a;
        if (c->list.n != 1 || c->list2.n)
            diag_error(E->diag, c->span, "pl.cond() takes exactly one argument");
        else if ((cond = elab_expr(fc, c->list.items[0])) && ir_expr_type(E->ir, cond)->kind != TYPE_SCALAR) {
            char b[256];
            diag_error(E->diag, c->list.items[0]->span, "a loop condition must be a scalar, got %s",
                       elab_type_str(E, ir_expr_type(E->ir, cond), b, sizeof b));
            cond = NULL;
        }
    }
    rest = s->list;
    if (rest.n && first && first->kind == AST_EXPR_STMT && elab_is_dsl_call(E, first->a, E->n.cond)) {
        rest.items++;
        rest.n--;
    }
    elab_loop_body(fc, &rest, &t, 0, 0);
    scope_exit(&fc->scope, 0);
    body = elab_block_pop(fc, s->span);
    if (ok && cond && check_loop_yield(fc, &t, iters, n, s->span) && E->diag->errors == errors) {
        rets = make_loop_rets(fc, iters, n, &t);
        elab_emit(fc, ir_while(E->ir, cond, n, (const IrIterArg *const *)iters, rets, body, s->span));
    } else {
        ok = 0;
    }
    for (uint32_t i = 0; i < t.names.len; i++)
        elab_define_name(fc, t.names.data[i], ok && i < n ? &rets[i]->e : &elab_poison, t.spans.data[i]);
    elab_yield_track_free(&t);
    xfree(inits);
    xfree(iters);
    xfree(rets);
}

/* The body once per value of the loop variable, bound to each (what is
 * defined stays visible after, as after a Python loop). */
static void unrolled(FnCtx *fc, const AstNode *s, const char *name, Span at, const IrExpr *const *values, uint32_t n)
{
    YieldTrack t, *saved = fc->yields;
    elab_yield_track_init(&t);
    fc->yields = &t;
    for (uint32_t i = 0; i < n && !t.seen; i++) {
        elab_define_name(fc, name, values[i], at);
        fc->loops++;
        elab_block(fc, &s->list, 0);
        fc->loops--;
    }
    fc->yields = saved;
    if (t.seen)
        diag_error(fc->E->diag, t.last, "pl.yield_ in an unrolled loop: it carries no values (use pl.range)");
    elab_yield_track_free(&t);
}

/* The most iterations an unrolled loop may have. */
#define UNROLL_MAX 4096

/* for i in pl.unroll(start, stop, step): fully unrolled at compile time
 * (02-control-flow.md), so the bounds are constants and nothing is
 * carried. */
static void elab_unroll(FnCtx *fc, const AstNode *s, const AstNode *call)
{
    Elab *E = fc->E;
    int64_t b[3] = {0, 0, 1};
    uint32_t n = call->list.n, count = 0;
    const IrExpr **values;
    if (s->a->kind != AST_NAME) {
        diag_error(E->diag, s->a->span, "a pl.unroll() loop binds one name (it carries no values)");
        return;
    }
    if (call->list2.n) {
        diag_error(E->diag, call->list2.items[0]->span,
                   "pl.unroll() takes no keyword arguments (an unrolled loop carries no values; use pl.range)");
        return;
    }
    if (s->list2.n) {
        diag_error(E->diag, s->list2.items[0]->span, "'else' after a 'for' loop is not supported in PyPTO functions");
        return;
    }
    if (n < 1 || n > 3) {
        diag_error(E->diag, call->span, "pl.unroll() takes 1 to 3 positional arguments, got %u", n);
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        ConstError err;
        const ConstVal *c = elab_const(E, fc, call->list.items[i], &err);
        if (!c || c->kind != CV_INT) {
            diag_error(E->diag, call->list.items[i]->span,
                       "pl.unroll() needs integer constant bounds (use pl.range for a scalar bound)");
            return;
        }
        b[n == 1 ? 1 : i] = c->v.i;
    }
    if (b[2] == 0) {
        diag_error(E->diag, call->list.items[2]->span, "the step of a loop must not be zero");
        return;
    }
    for (int64_t v = b[0]; b[2] > 0 ? v < b[1] : v > b[1]; v += b[2])
        if (++count > UNROLL_MAX) {
            diag_error(E->diag, call->span, "pl.unroll() of more than %d iterations (use pl.range)", UNROLL_MAX);
            return;
        }
    values = xmalloc(xmul_size(count ? count : 1, sizeof *values));
    count = 0;
    for (int64_t v = b[0]; b[2] > 0 ? v < b[1] : v > b[1]; v += b[2])
        values[count++] = ir_const_int(E->ir, v, DT_INDEX, s->a->span);
    unrolled(fc, s, s->a->name, s->a->span, values, count);
    xfree(values);
}

/* for x in (a, b, c): the body once per element, x bound to it (Python
 * runs it so; 02-control-flow.md's loops need a range).  What the body
 * defines stays visible after it, as after a Python loop. */
static void elab_for_constants(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *seq = s->b, *target = s->a;
    if (target->kind != AST_NAME) {
        diag_error(E->diag, target->span, "a loop over a tuple binds one name");
        return;
    }
    if (s->list2.n) {
        diag_error(E->diag, s->list2.items[0]->span, "'else' after a 'for' loop is not supported in PyPTO functions");
        return;
    }
    if (seq->list.n > UNROLL_MAX) {
        diag_error(E->diag, seq->span, "a loop over a tuple is unrolled: %u elements are too many (the limit is %d)",
                   seq->list.n, UNROLL_MAX);
        return;
    }
    {
        const IrExpr **values = xmalloc(xmul_size(seq->list.n ? seq->list.n : 1, sizeof *values));
        for (uint32_t i = 0; i < seq->list.n; i++) {
            const IrExpr *v = elab_expr(fc, seq->list.items[i]);
            if (v && (ir_expr_type(E->ir, v)->kind != TYPE_SCALAR || !ir_is_const_number(v))) {
                diag_error(E->diag, seq->list.items[i]->span,
                           "a loop over a tuple is unrolled: its elements must be number constants");
                v = NULL;
            }
            if (!v) {
                xfree(values);
                return;
            }
            values[i] = v;
        }
        unrolled(fc, s, target->name, target->span, values, seq->list.n);
        xfree(values);
    }
}

static void elab_for(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *call = s->b, *target = s->a, *loop_name = NULL, *iter_names = NULL;
    int kind = loop_iterator(fc, call), given = 0, ok = 1, plain;
    int64_t stage = 0;
    const IrExpr *bounds[3] = {NULL, NULL, NULL};
    const IrExpr **inits = NULL;
    uint32_t n = 0, nargs;
    IrIterArg **iters = NULL;
    const IrVar **rets = NULL;
    IrVar *loop_var = NULL;
    YieldTrack t;
    const IrStmt *body;
    unsigned errors = E->diag->errors;

    if (call->kind == AST_TUPLE || call->kind == AST_LIST) {
        elab_for_constants(fc, s);
        return;
    }
    if (!kind) {
        if (!elab_scope_loop(fc, s))
            diag_error(E->diag, call->span,
                       "a for loop must iterate over pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), "
                       "pl.while_(), pl.spmd(), pl.split_aiv() or a tuple of constants");
        return;
    }
    if (kind == LOOP_WHILE) {
        elab_while_ssa(fc, s, call);
        return;
    }
    if (kind == LOOP_UNROLL) {
        elab_unroll(fc, s, call);
        return;
    }
    if (s->list2.n) {
        diag_error(E->diag, s->list2.items[0]->span, "'else' after a 'for' loop is not supported in PyPTO functions");
        ok = 0;
    }
    nargs = call->list.n;
    if (nargs < 1 || nargs > 3) {
        diag_error(E->diag, call->span, "%s() takes 1 to 3 positional arguments, got %u", loop_names[kind], nargs);
        ok = 0;
    } else {
        /* range(stop) / range(start, stop) / range(start, stop, step) */
        const AstNode *a[3] = {NULL, NULL, NULL};
        static const char *const what[3] = {"start", "stop", "step"};
        if (nargs == 1)
            a[1] = call->list.items[0];
        else
            for (uint32_t i = 0; i < nargs; i++)
                a[i] = call->list.items[i];
        for (int i = 0; i < 3; i++) {
            if (!a[i]) {
                bounds[i] = ir_const_int(E->ir, i == 2 ? 1 : 0, DT_INDEX, call->span);
                continue;
            }
            bounds[i] = elab_expr(fc, a[i]);
            if (!check_bound(fc, bounds[i], a[i], what[i]))
                ok = 0;
        }
    }
    if (!init_values(fc, call, &inits, &n, &given, kind == LOOP_PIPELINE ? &stage : NULL))
        ok = 0;
    if (kind == LOOP_PIPELINE && ok && !stage) {
        diag_error(E->diag, call->span, "pl.pipeline() needs stage=N: the number of copies of the body per step");
        ok = 0;
    }
    if (target->kind == AST_NAME) {
        loop_name = target;
        if (given) {
            diag_error(E->diag, target->span,
                       "with init_values the loop target is 'i, (a, b)': for i, (a,) in pl.range(n, init_values=(x,))");
            ok = 0;
        }
    } else if (target->kind == AST_TUPLE && target->list.n == 2 && target->list.items[0]->kind == AST_NAME &&
               (target->list.items[1]->kind == AST_TUPLE || target->list.items[1]->kind == AST_LIST)) {
        loop_name = target->list.items[0];
        iter_names = target->list.items[1];
        if (ok && iter_names->list.n != n) {
            diag_error(E->diag, iter_names->span, "%u iter_args but %u init_values", iter_names->list.n, n);
            ok = 0;
        }
    } else {
        diag_error(E->diag, target->span, "the loop target must be a name, or 'i, (a, b)' with init_values");
        ok = 0;
    }
    plain = iter_names == NULL;
    if (ok && iter_names && !make_iter_args(fc, iter_names, inits, n, &iters))
        ok = 0;
    if (loop_name)
        loop_var = ir_var_new(E->ir, loop_name->name, ir_type_scalar(E->ir, DT_INDEX), loop_name->span);

    elab_yield_track_init(&t);
    elab_block_push(fc);
    scope_enter(&fc->scope);
    if (loop_var)
        elab_define_name(fc, loop_name->name, &loop_var->e, loop_name->span);
    if (iter_names)
        for (uint32_t i = 0; i < iter_names->list.n; i++) {
            const AstNode *nm = iter_names->list.items[i];
            if (nm->kind == AST_NAME)
                elab_define_name(fc, nm->name, ok && iters ? &iters[i]->v.e : &elab_poison, nm->span);
        }
    elab_loop_body(fc, &s->list, &t, plain, plain);
    /* A loop written without yields leaks its assignments (ConvertToSSA
     * turns them into loop-carried values). */
    scope_exit(&fc->scope, plain && !t.seen);
    body = elab_block_pop(fc, s->span);
    if (plain && elab_yield_gives_values(&t)) {
        diag_error(E->diag, t.last, "pl.yield_ in a loop without init_values");
        ok = 0;
    }
    if (ok && !plain && !check_loop_yield(fc, &t, iters, n, s->span))
        ok = 0;
    if (ok && E->diag->errors == errors) {
        if (!plain)
            rets = make_loop_rets(fc, iters, n, &t);
        static const ForKind for_kind[] = {[LOOP_RANGE] = FOR_SEQUENTIAL, [LOOP_PARALLEL] = FOR_PARALLEL,
                                           [LOOP_PIPELINE] = FOR_PIPELINE};
        elab_emit(fc, ir_for_staged(ir_for(E->ir, for_kind[kind], loop_var, bounds[0], bounds[1], bounds[2], n,
                                           (const IrIterArg *const *)iters, rets, body, s->span),
                                    (uint16_t)stage));
    } else {
        ok = 0;
    }
    if (!plain)
        for (uint32_t i = 0; i < t.names.len; i++)
            elab_define_name(fc, t.names.data[i], ok && i < n ? &rets[i]->e : &elab_poison, t.spans.data[i]);
    if (!ok && iter_names)   /* keep uses of the iter_args' names quiet after an error */
        for (uint32_t i = 0; i < iter_names->list.n; i++)
            if (iter_names->list.items[i]->kind == AST_NAME && !scope_lookup(&fc->scope, iter_names->list.items[i]->name))
                elab_define_name(fc, iter_names->list.items[i]->name, &elab_poison, iter_names->list.items[i]->span);
    elab_yield_track_free(&t);
    xfree(inits);
    xfree(iters);
    xfree(rets);
}

static void elab_while(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const IrExpr *cond = elab_expr(fc, s->a);
    YieldTrack t;
    const IrStmt *body;
    unsigned errors = E->diag->errors;
    if (cond && ir_expr_type(E->ir, cond)->kind != TYPE_SCALAR) {
        char b[256];
        diag_error(E->diag, s->a->span, "a loop condition must be a scalar, got %s",
                   elab_type_str(E, ir_expr_type(E->ir, cond), b, sizeof b));
        cond = NULL;
    }
    elab_yield_track_init(&t);
    elab_block_push(fc);
    scope_enter(&fc->scope);
    elab_loop_body(fc, &s->list, &t, 1, 1);
    scope_exit(&fc->scope, 1);
    body = elab_block_pop(fc, s->span);
    if (elab_yield_gives_values(&t))
        diag_error(E->diag, t.last, "pl.yield_ in a while loop without init_values (use pl.while_)");
    else if (cond && E->diag->errors == errors)
        elab_emit(fc, ir_while(E->ir, cond, 0, NULL, NULL, body, s->span));
    elab_yield_track_free(&t);
}

/* ------------------------------------------------------------- statements */

static void elab_stmt(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    switch (s->kind) {
    case AST_ASSIGN:
        elab_assign(fc, s);
        return;
    case AST_ANNASSIGN:
        elab_annassign(fc, s);
        return;
    case AST_AUGASSIGN:
        elab_augassign(fc, s);
        return;
    case AST_EXPR_STMT:
        if (s->a->kind == AST_STRING)
            return;   /* a string used as a comment */
        if (elab_is_yield(E, s->a)) {
            elab_yield(fc, s->a, NULL, NULL, s->span);
            return;
        }
        if (elab_is_submit(E, s->a)) {
            elab_submit(fc, NULL, s->a, s->span);
            return;
        }
        if (elab_is_bind_dynamic(s->a)) {
            elab_bind_dynamic(fc, s->a);
            return;
        }
        elab_expr_stmt(fc, s->a);
        return;
    case AST_YIELD: {
        /* Seed form 'yield a, b': the same as pl.yield_(a, b). */
        AstNode call;
        memset(&call, 0, sizeof call);
        call.kind = AST_CALL;
        call.span = s->span;
        if (s->a && s->a->kind == AST_TUPLE)
            call.list = s->a->list;
        else if (s->a) {
            AstNode *one[1];
            one[0] = s->a;
            call.list.items = one;
            call.list.n = 1;
            elab_yield(fc, &call, NULL, NULL, s->span);
            return;
        }
        elab_yield(fc, &call, NULL, NULL, s->span);
        return;
    }
    case AST_RETURN:
        elab_return(fc, s);
        return;
    case AST_PASS:
    case AST_ERROR:
        return;
    case AST_IF:
        elab_if_stmt(fc, s, 0);
        return;
    case AST_FOR:
        elab_for(fc, s);
        return;
    case AST_WHILE:
        elab_while(fc, s);
        return;
    case AST_WITH:
        elab_with(fc, s);
        return;
    case AST_BREAK:
    case AST_CONTINUE:
        /* CtrlFlowTransform makes structured loops of them. */
        if (!fc->loops)
            diag_error(E->diag, s->span, "'%s' outside a loop", s->kind == AST_BREAK ? "break" : "continue");
        else
            elab_emit(fc, ir_jump(E->ir, s->kind == AST_BREAK ? STMT_BREAK : STMT_CONTINUE, s->span));
        return;
    case AST_FUNCDEF:
        diag_error(E->diag, s->span, "nested function definitions are not supported");
        return;
    case AST_IMPORT:
    case AST_IMPORTFROM:
        diag_error(E->diag, s->span, "imports belong at module level");
        return;
    default:
        diag_error(E->diag, s->span, "unsupported statement");
        return;
    }
}

/* Is s a pl.yield_ statement (with or without names)? */
static int is_yield_stmt(Elab *E, const AstNode *s)
{
    return s->kind == AST_YIELD || (s->kind == AST_EXPR_STMT && elab_is_yield(E, s->a)) ||
           (s->kind == AST_ASSIGN && elab_is_yield(E, s->b)) || (s->kind == AST_ANNASSIGN && elab_is_yield(E, s->c));
}

void elab_block(FnCtx *fc, const AstList *stmts, int skip_docstring)
{
    for (uint32_t i = 0; i < stmts->n; i++) {
        const AstNode *s = stmts->items[i];
        YieldTrack *t = fc->yields;
        if (i == 0 && skip_docstring && is_docstring(s))
            continue;
        /* The yield ends its loop body or branch (a second yield has an
         * error of its own; a pass or a string does nothing). */
        if (t && t->seen && !t->followed && s->kind != AST_PASS && !is_docstring(s) && !is_yield_stmt(fc->E, s)) {
            diag_error(fc->E->diag, s->span, "a statement after pl.yield_, which must be the last statement of its "
                                             "loop body or if branch");
            diag_note(fc->E->diag, t->last, "the pl.yield_ is here");
            t->followed = 1;
        }
        if (elab_if_returns(fc, s)) {
            /* the rest of the body goes into it */
            elab_returning_if(fc, s, stmts->items + i + 1, stmts->n - i - 1);
            return;
        }
        elab_stmt(fc, s);
    }
}
