/* ctrl_flow_transform.c: CtrlFlowTransform (03-ctrl_flow_transform.md).
 *
 * break and continue become structured control flow, which the later
 * passes and every output take (PTO's scf has no jumps):
 *   - the statements after an if one branch of which always exits (ends
 *     in a break or continue on every path) join its other branch, as the
 *     reference moves them into the else: what that branch defines then
 *     reaches them;
 *   - a loop body that may continue otherwise starts with
 *     `__continue_N = False`, a continue sets it, and the statements after
 *     one that may have set it run under `if not __continue_N:` (a flag no
 *     guard reads is left out, a continue then becoming nothing);
 *   - a loop that may break gets `__break_N = False` before it, a break
 *     sets it, what follows is guarded the same way, and the loop stops
 *     when it is set: a while loop's condition becomes `cond and not
 *     __break_N`; a for loop becomes a while loop over its variable,
 *     `i = start; while i < stop and not __break_N:` (i > stop for a
 *     negative step), advancing i at the end of the body unless the body
 *     broke (so i keeps the value it broke at).
 * Statements after an unconditional break or continue never run and are
 * dropped.  The program is in the front end's form (before ConvertToSSA,
 * which then carries the flags and the loop variable).
 *
 * A loop with init_values that may exit first carries their values in
 * variables (ctrl_flow_carry.c), its pl.yield_ becoming assignments that
 * the exits skip: a break leaves it with the values carried into the
 * iteration that broke, a continue passes them on unchanged.
 *
 * Where no structured form is written here, a located error: a break
 * out of a pl.parallel or pl.pipeline loop, one that would leave a scope
 * (its body is outlined), a for loop that breaks with a step that is not
 * a constant.
 * Orchestration functions go the same way as kernels (the reference
 * keeps their jumps for its C++; pyptocc's outputs all take the
 * structured form). */
#include "config.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "passes/1_front/ctrl_flow.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { EXIT_CONTINUE = 1, EXIT_BREAK = 2 };

typedef struct Cf {
    PassCtx *pc;
    IrCtx *ir;
    const IrFunc *func;        /* the function being rewritten */
    uint32_t nflags;           /* __break_N / __continue_N of this function */
    unsigned ntemps;           /* __next_N of this function (ctrl_flow_carry.c) */
    PtrMap carried;            /* names of its carried variables (ctrl_flow_carry.c) */
    int failed;
} Cf;

/* The flags of the loop being rewritten (NULL: it has no such exit), and
 * whether a guard reads the continue flag (when none does, every continue
 * ended a branch whose if took the rest into its other branch, and the
 * flag is left out). */
typedef struct Flags {
    const IrVar *brk, *cnt;
    int cnt_read;
} Flags;

typedef CfStmtList StmtList;

static void fail(Cf *C, Span at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(Cf *C, Span at, const char *fmt, ...)
{
    va_list ap;
    C->failed = 1;
    va_start(ap, fmt);
    diag_verror(C->pc->diag, at, fmt, ap);
    va_end(ap);
}

static const char *for_kind_word(ForKind k)
{
    return k == FOR_PARALLEL ? "pl.parallel" : k == FOR_PIPELINE ? "pl.pipeline" : "pl.range";
}

static const char *word(unsigned exits) { return exits & EXIT_BREAK ? "break" : "continue"; }

/* The exits of s that belong to the loop around it (EXIT_*): nested loops
 * own theirs. */
static unsigned exits_of(const IrStmt *s)
{
    unsigned e = 0;
    if (!s)
        return 0;
    switch ((IrStmtKind)s->kind) {
    case STMT_BREAK:
        return EXIT_BREAK;
    case STMT_CONTINUE:
        return EXIT_CONTINUE;
    case STMT_IF:
        return exits_of(IR_AS(IrIf, s)->then_body) | exits_of(IR_AS(IrIf, s)->else_body);
    case STMT_SCOPE:
        return exits_of(IR_AS(IrScope, s)->body);
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            e |= exits_of(IR_AS(IrSeq, s)->stmts[i]);
        return e;
    default:
        return 0;
    }
}

/* The first break or continue of s (for a location). */
static const IrStmt *first_exit(const IrStmt *s, unsigned which)
{
    const IrStmt *r = NULL;
    if (!s)
        return NULL;
    switch ((IrStmtKind)s->kind) {
    case STMT_BREAK:
        return which & EXIT_BREAK ? s : NULL;
    case STMT_CONTINUE:
        return which & EXIT_CONTINUE ? s : NULL;
    case STMT_IF:
        return (r = first_exit(IR_AS(IrIf, s)->then_body, which)) ? r : first_exit(IR_AS(IrIf, s)->else_body, which);
    case STMT_SCOPE:
        return first_exit(IR_AS(IrScope, s)->body, which);
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n && !r; i++)
            r = first_exit(IR_AS(IrSeq, s)->stmts[i], which);
        return r;
    default:
        return NULL;
    }
}

static const IrExpr *var(const IrVar *v) { return &v->e; }
static const IrExpr *not_(Cf *C, const IrExpr *x) { return ir_unary(C->ir, UN_NOT, DT_BOOL, x, x->span); }

static const IrStmt *set(Cf *C, const IrVar *flag, int value, Span at)
{
    return ir_assign(C->ir, flag, ir_const_bool(C->ir, value, at), at);
}

static const IrVar *flag(Cf *C, const char *what, Span at)
{
    char name[48];
    snprintf(name, sizeof name, "__%s_%u", what, C->nflags++);
    return ir_var_new(C->ir, ir_name(C->ir, name), ir_type_scalar(C->ir, DT_BOOL), at);
}

/* Whether a statement that may exit has exited: the flags it may set. */
static const IrExpr *exited(Cf *C, Flags *F, unsigned exits, Span at)
{
    const IrExpr *b = exits & EXIT_BREAK ? var(F->brk) : NULL;
    const IrExpr *c = exits & EXIT_CONTINUE && F->cnt ? var(F->cnt) : NULL;
    F->cnt_read |= c != NULL;
    if (b && c)
        return ir_binary(C->ir, BIN_OR, DT_BOOL, b, c, at);
    (void)at;
    return b ? b : c;
}

static const IrStmt *block(Cf *C, const StmtList *l, Span at)
{
    return ir_seq(C->ir, STMT_SEQ, l->len, l->data, at);
}

static const IrStmt *rewrite_list(Cf *C, const IrStmt *const *stmts, uint32_t n, Flags *F, Span at);

/* s with its exits setting their flags. */
static const IrStmt *rewrite(Cf *C, const IrStmt *s, Flags *F)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_BREAK:
        return set(C, F->brk, 1, s->span);
    case STMT_CONTINUE:
        return F->cnt ? set(C, F->cnt, 1, s->span) : ir_seq(C->ir, STMT_SEQ, 0, NULL, s->span);
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        if (f->nret) {
            fail(C, first_exit(s, EXIT_BREAK | EXIT_CONTINUE)->span,
                 "'%s' in an if that yields values (pl.yield_) is not supported: assign the values instead", word(exits_of(s)));
            return s;
        }
        return ir_if(C->ir, f->cond, rewrite(C, f->then_body, F), f->else_body ? rewrite(C, f->else_body, F) : NULL, 0,
                     NULL, s->span);
    }
    case STMT_SCOPE:
        fail(C, first_exit(s, EXIT_BREAK | EXIT_CONTINUE)->span,
             "'%s' would leave the scope around it, whose body becomes a function of its own: end the scope first",
             word(exits_of(s)));
        return s;
    case STMT_SEQ:
    case STMT_OPS:
        return rewrite_list(C, IR_AS(IrSeq, s)->stmts, IR_AS(IrSeq, s)->n, F, s->span);
    default:
        return s;
    }
}

/* Does every path through s end in a break or continue of its loop? */
static int always_exits(const IrStmt *s)
{
    if (!s)
        return 0;
    switch ((IrStmtKind)s->kind) {
    case STMT_BREAK:
    case STMT_CONTINUE:
        return 1;
    case STMT_IF:
        return always_exits(IR_AS(IrIf, s)->then_body) && always_exits(IR_AS(IrIf, s)->else_body);
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            if (always_exits(IR_AS(IrSeq, s)->stmts[i]))
                return 1;
        return 0;
    default:
        return 0;
    }
}

/* A branch followed by the statements after its if, rewritten as one
 * list (branch NULL: none). */
static const IrStmt *branch_then_rest(Cf *C, const IrStmt *branch, const IrStmt *const *rest, uint32_t nrest,
                                      Flags *F, Span at)
{
    StmtList l;
    const IrStmt *r;
    vec_init(l);
    if (branch && (branch->kind == STMT_SEQ || branch->kind == STMT_OPS))
        for (uint32_t i = 0; i < IR_AS(IrSeq, branch)->n; i++)
            vec_push(l, IR_AS(IrSeq, branch)->stmts[i]);
    else if (branch)
        vec_push(l, branch);
    for (uint32_t i = 0; i < nrest; i++)
        vec_push(l, rest[i]);
    r = rewrite_list(C, l.data, l.len, F, branch ? branch->span : at);
    vec_free(l);
    return r;
}

/* A statement list: what follows a statement that always exits is
 * dropped; what follows an if one branch of which always exits joins the
 * other branch (so that what that branch defines reaches it, as in the
 * reference, which moves it into the else); what follows any other
 * statement that may exit runs only if it did not. */
static const IrStmt *rewrite_list(Cf *C, const IrStmt *const *stmts, uint32_t n, Flags *F, Span at)
{
    StmtList out;
    const IrStmt *r;
    vec_init(out);
    for (uint32_t i = 0; i < n; i++) {
        const IrStmt *s = stmts[i];
        const IrStmt *const *rest = stmts + i + 1;
        uint32_t nrest = n - i - 1;
        unsigned e = exits_of(s);
        if (!e) {
            vec_push(out, s);
            continue;
        }
        if (nrest && !always_exits(s) && s->kind == STMT_IF && !IR_AS(IrIf, s)->nret) {
            const IrIf *f = IR_AS(IrIf, s);
            if (always_exits(f->then_body)) {
                const IrStmt *other = branch_then_rest(C, f->else_body, rest, nrest, F, rest[0]->span);
                vec_push(out, ir_if(C->ir, f->cond, rewrite(C, f->then_body, F), other, 0, NULL, s->span));
                break;
            }
            if (always_exits(f->else_body)) {
                const IrStmt *other = branch_then_rest(C, f->then_body, rest, nrest, F, rest[0]->span);
                vec_push(out, ir_if(C->ir, f->cond, other, rewrite(C, f->else_body, F), 0, NULL, s->span));
                break;
            }
        }
        vec_push(out, rewrite(C, s, F));
        if (nrest && !always_exits(s))
            vec_push(out, ir_if(C->ir, not_(C, exited(C, F, e, s->span)),
                                rewrite_list(C, rest, nrest, F, rest[0]->span), NULL, 0, NULL, rest[0]->span));
        break;
    }
    r = block(C, &out, at);
    vec_free(out);
    return r;
}

/* A loop's body with its exits rewritten; *F gets the flags. */
static const IrStmt *loop_body(Cf *C, const IrStmt *body, unsigned e, Flags *F)
{
    StmtList l;
    const IrStmt *r;
    const IrStmt *nb;
    F->brk = e & EXIT_BREAK ? flag(C, "break", body->span) : NULL;
    F->cnt = e & EXIT_CONTINUE ? flag(C, "continue", body->span) : NULL;
    F->cnt_read = 0;
    nb = rewrite(C, body, F);
    if (F->cnt && !F->cnt_read && !C->failed) {
        F->cnt = NULL;
        C->nflags--;   /* the last flag made */
        nb = rewrite(C, body, F);
    }
    vec_init(l);
    if (F->cnt)
        vec_push(l, set(C, F->cnt, 0, body->span));
    vec_push(l, nb);
    r = block(C, &l, body->span);
    vec_free(l);
    return r;
}

static int const_int(const IrExpr *x, int64_t *v)
{
    if (x->kind != EXPR_CONST_INT)
        return 0;
    *v = IR_AS(IrConstInt, x)->value;
    return 1;
}

/* A loop with init_values that may exit, as one that carries their values
 * in variables (ctrl_flow_carry.c); NULL after an error. */
static const IrStmt *carry_in_variables(Cf *C, const IrStmt *loop, const IrStmt *body, unsigned e, StmtList *before,
                                        StmtList *after)
{
    const IrStmt *r = cf_carry_in_variables(C->ir, C->func, loop, body, &C->carried, &C->ntemps, before, after);
    if (!r)
        fail(C, first_exit(body, e)->span,
             "'%s' in a loop with init_values whose pl.yield_ is not the last statement of its body: end the body "
             "with it", word(e));
    return r;
}

/* A for loop that may exit (its nested loops already structured);
 * statements it needs before and after it go to *before and *after. */
static const IrStmt *lower_for(Cf *C, const IrFor *f, const IrStmt *body, StmtList *before, StmtList *after)
{
    unsigned e = exits_of(body);
    Flags F;
    int64_t step;
    const IrExpr *cond;
    const IrStmt *nb, *advance;
    StmtList l;
    Span at = f->s.span;
    if (!e)
        return body == f->body ? &f->s
                               : ir_for_staged(ir_for(C->ir, (ForKind)f->s.sub, f->loop_var, f->start, f->stop, f->step,
                                                      f->niter, f->iter_args, f->ret, body, at),
                                               f->stage);
    if (f->niter) {
        const IrStmt *loop = carry_in_variables(C, &f->s, body, e, before, after);
        if (!loop)
            return &f->s;
        f = IR_AS(IrFor, loop);
        body = f->body;
    }
    if (!(e & EXIT_BREAK)) {   /* continue only: the loop stays */
        nb = loop_body(C, body, e, &F);
        return ir_for_staged(ir_for(C->ir, (ForKind)f->s.sub, f->loop_var, f->start, f->stop, f->step, 0, NULL, NULL,
                                    nb, at),
                             f->stage);
    }
    if (f->s.sub != FOR_SEQUENTIAL || f->stage) {
        fail(C, first_exit(body, EXIT_BREAK)->span,
             "'break' out of a %s loop: its iterations do not run one after another; use pl.range",
             f->stage ? "pl.pipeline" : for_kind_word((ForKind)f->s.sub));
        return &f->s;
    }
    if (!const_int(f->step, &step) || step == 0) {
        fail(C, first_exit(body, EXIT_BREAK)->span,
             "'break' in a for loop whose step is not a nonzero constant: the loop's end test needs the step's "
             "sign");
        return &f->s;
    }
    nb = loop_body(C, body, e, &F);
    vec_push(*before, ir_assign(C->ir, f->loop_var, f->start, at));
    vec_push(*before, set(C, F.brk, 0, at));
    cond = ir_binary(C->ir, step > 0 ? BIN_LT : BIN_GT, DT_BOOL, var(f->loop_var), f->stop, at);
    cond = ir_binary(C->ir, BIN_AND, DT_BOOL, cond, not_(C, var(F.brk)), at);
    advance = ir_assign(C->ir, f->loop_var,
                        ir_binary(C->ir, BIN_ADD, (DataType)f->loop_var->type->dtype, var(f->loop_var), f->step, at), at);
    vec_init(l);
    vec_push(l, nb);
    vec_push(l, ir_if(C->ir, not_(C, var(F.brk)), advance, NULL, 0, NULL, at));
    nb = block(C, &l, at);
    vec_free(l);
    return ir_while(C->ir, cond, 0, NULL, NULL, nb, at);
}

static const IrStmt *lower_while(Cf *C, const IrWhile *w, const IrStmt *body, StmtList *before, StmtList *after)
{
    unsigned e = exits_of(body);
    Flags F;
    const IrStmt *nb;
    const IrExpr *cond;
    if (!e)
        return body == w->body ? &w->s : ir_while(C->ir, w->cond, w->niter, w->iter_args, w->ret, body, w->s.span);
    if (w->niter) {
        const IrStmt *loop = carry_in_variables(C, &w->s, body, e, before, after);
        if (!loop)
            return &w->s;
        w = IR_AS(IrWhile, loop);
        body = w->body;
    }
    cond = w->cond;
    nb = loop_body(C, body, e, &F);
    if (F.brk) {
        vec_push(*before, set(C, F.brk, 0, w->s.span));
        cond = ir_binary(C->ir, BIN_AND, DT_BOOL, cond, not_(C, var(F.brk)), w->s.span);
    }
    return ir_while(C->ir, cond, 0, NULL, NULL, nb, w->s.span);
}

static const IrStmt *lower_top(Cf *C, const IrStmt *s);

/* s with every loop in it structured, innermost first; statements a loop
 * needs before and after it go to *before and *after. */
static const IrStmt *lower(Cf *C, const IrStmt *s, StmtList *before, StmtList *after)
{
    if (!s)
        return NULL;
    switch ((IrStmtKind)s->kind) {
    case STMT_FOR:
        return lower_for(C, IR_AS(IrFor, s), lower_top(C, IR_AS(IrFor, s)->body), before, after);
    case STMT_WHILE:
        return lower_while(C, IR_AS(IrWhile, s), lower_top(C, IR_AS(IrWhile, s)->body), before, after);
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrStmt *t = lower_top(C, f->then_body), *e = lower_top(C, f->else_body);
        return t == f->then_body && e == f->else_body ? s : ir_if(C->ir, f->cond, t, e, f->nret, f->ret, s->span);
    }
    case STMT_SCOPE: {
        const IrStmt *b = lower_top(C, IR_AS(IrScope, s)->body);
        return b == IR_AS(IrScope, s)->body ? s : ir_scope_rebody(C->ir, s, b);
    }
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        StmtList out, then;
        int changed = 0;
        const IrStmt *r = s;
        vec_init(out);
        vec_init(then);
        for (uint32_t i = 0; i < q->n; i++) {
            uint32_t n0 = out.len;
            const IrStmt *x = lower(C, q->stmts[i], &out, &then);
            if (x != q->stmts[i] || out.len != n0 || then.len)
                changed = 1;
            vec_push(out, x);
            for (uint32_t k = 0; k < then.len; k++)
                vec_push(out, then.data[k]);
            then.len = 0;
        }
        if (changed)
            r = ir_seq(C->ir, (IrStmtKind)s->kind, out.len, out.data, s->span);
        vec_free(out);
        vec_free(then);
        return r;
    }
    case STMT_BREAK:
    case STMT_CONTINUE:
        /* the front end allows them only in loops */
    default:
        return s;
    }
}

/* s lowered, with what its loop needs before and after it: a list then. */
static const IrStmt *lower_top(Cf *C, const IrStmt *s)
{
    StmtList before, after;
    const IrStmt *r;
    vec_init(before);
    vec_init(after);
    r = lower(C, s, &before, &after);
    if (before.len || after.len) {
        vec_push(before, r);
        for (uint32_t k = 0; k < after.len; k++)
            vec_push(before, after.data[k]);
        r = ir_seq(C->ir, STMT_SEQ, before.len, before.data, s->span);
    }
    vec_free(before);
    vec_free(after);
    return r;
}

static int is_jump(const IrStmt *s, const void *ctx)
{
    (void)ctx;
    return s->kind == STMT_BREAK || s->kind == STMT_CONTINUE;
}

static int func_has_jump(const IrFunc *f) { return ir_func_any(f, is_jump, NULL, NULL); }

static const IrFunc *transform_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Cf *C = data;
    const IrStmt *body;
    (void)pc;
    (void)prog;
    if (!f->body || !func_has_jump(f))
        return f;
    C->failed = 0;
    C->nflags = 0;
    C->ntemps = 0;
    C->func = f;
    ptrmap_init(&C->carried);
    body = lower_top(C, f->body);
    ptrmap_free(&C->carried);
    if (C->failed)
        return NULL;
    return ir_func_rebuild(C->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_ctrl_flow_transform(PassCtx *pc, const IrProgram *prog)
{
    Cf C;
    memset(&C, 0, sizeof C);
    C.pc = pc;
    C.ir = pc->ir;
    return pass_map_functions_with(pc, prog, transform_function, &C, MAP_CONTINUE);
}

int check_structured(PassCtx *pc, const IrProgram *prog, int report)
{
    for (uint32_t i = 0; i < prog->n; i++)
        if (prog->funcs[i]->body && func_has_jump(prog->funcs[i])) {
            if (report)
                diag_error(pc->diag, prog->funcs[i]->span,
                           "function '%s' still contains break or continue (run ctrl_flow_transform first)",
                           prog->funcs[i]->name);
            return 0;
        }
    return 1;
}
