/* printer_stmt.c: IR -> PyPTO text: statements, scopes, functions and
 * programs (printer.c prints types and expressions). */
#include "config.h"
#include "ir/printer_internal.h"
#include "ir/visit.h"
#include "support/diag.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static void print_stmt(Printer *p, const IrStmt *s, int func_level);

/* --------------------------------------------------------- statements */

static void print_values(Printer *p, uint32_t n, const IrExpr *const *v)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        pr_expr(p, v[i]);
    }
}

static void print_yield_call(Printer *p, const IrValues *y)
{
    pr_pfx(p, "yield_(");
    print_values(p, y->n, y->values);
    sb_putc(p->sb, ')');
}

static void print_var_decl(Printer *p, const IrVar *v)
{
    sb_puts(p->sb, v->name);
    sb_puts(p->sb, ": ");
    pr_type(p, v->type);
}

/* The yield that a body's return variables are printed as assigned from:
 * its last statement, looking through SeqStmts and through a trailing
 * `with pl.incore():` scope (scopes are transparent for yields). */
static const IrStmt *trailing_yield(const IrStmt *body, uint32_t nret)
{
    const IrStmt *last = body;
    if (!nret)
        return NULL;
    while (last) {
        if ((last->kind == STMT_SEQ || last->kind == STMT_OPS) && IR_AS(IrSeq, last)->n)
            last = IR_AS(IrSeq, last)->stmts[IR_AS(IrSeq, last)->n - 1];
        else if (last->kind == STMT_SCOPE)
            last = IR_AS(IrScope, last)->body;
        else
            break;
    }
    return last && last->kind == STMT_YIELD && IR_AS(IrValues, last)->n ? last : NULL;
}

static void print_block_stmts(Printer *p, const IrStmt *s, int func_level, int *count)
{
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            print_block_stmts(p, q->stmts[i], func_level, count);
        return;
    }
    print_stmt(p, s, func_level);
    (*count)++;
}

/* The return variables' assignment from a yield: `x: T = ` or `a, b = `. */
static void print_ret_targets(Printer *p)
{
    if (p->ret_n == 1) {
        print_var_decl(p, p->ret[0]);
    } else {
        for (uint32_t i = 0; i < p->ret_n; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            sb_puts(p->sb, p->ret[i]->name);
        }
    }
    sb_puts(p->sb, " = ");
}

/* A nested body, one level deeper ("pass" when it prints nothing).  An
 * SSA while loop's condition is printed as the first line. */
static void print_indented(Printer *p, const IrStmt *body, int func_level, const IrExpr *while_cond)
{
    int count = 0;
    p->indent++;
    if (while_cond) {
        pr_line(p);
        pr_pfx(p, "cond(");
        pr_expr(p, while_cond);
        sb_putc(p->sb, ')');
        count++;
    }
    if (body)
        print_block_stmts(p, body, func_level, &count);
    if (!count) {
        pr_line(p);
        sb_puts(p->sb, "pass");
    }
    p->indent--;
}

/* The body of a construct with return variables: they take its trailing
 * yield. */
static void print_body(Printer *p, const IrStmt *body, uint32_t nret, const IrVar *const *ret, int func_level,
                       const IrExpr *while_cond)
{
    const IrStmt *saved_yield = p->ret_yield;
    uint32_t saved_n = p->ret_n;
    const IrVar *const *saved_ret = p->ret;
    p->ret_yield = trailing_yield(body, nret);
    p->ret_n = nret;
    p->ret = ret;
    print_indented(p, body, func_level, while_cond);
    p->ret_yield = saved_yield;
    p->ret_n = saved_n;
    p->ret = saved_ret;
}

static void print_range_head(Printer *p, const char *fn, const IrExpr *start, const IrExpr *stop,
                             const IrExpr *step)
{
    pr_pfx(p, fn);
    sb_putc(p->sb, '(');
    pr_expr(p, start);
    sb_puts(p->sb, ", ");
    pr_expr(p, stop);
    sb_puts(p->sb, ", ");
    pr_expr(p, step);
}

static void print_iter_names(Printer *p, uint32_t n, const IrIterArg *const *it)
{
    sb_putc(p->sb, '(');
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        sb_puts(p->sb, it[i]->v.name);
    }
    if (n == 1)
        sb_putc(p->sb, ',');
    sb_putc(p->sb, ')');
}

static void print_init_values(Printer *p, uint32_t n, const IrIterArg *const *it)
{
    sb_puts(p->sb, "init_values=(");
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        pr_expr(p, it[i]->init);
    }
    if (n == 1)
        sb_putc(p->sb, ',');
    sb_putc(p->sb, ')');
}

/* ------------------------------------------------------------- scopes */

/* ", key=" before every keyword but the first of a call's arguments. */
static void kw(Printer *p, int *first, const char *key)
{
    if (!*first)
        sb_puts(p->sb, ", ");
    *first = 0;
    sb_puts(p->sb, key);
    sb_putc(p->sb, '=');
}

/* The keywords a scope header may carry, in one fixed order. */
static void print_scope_keywords(Printer *p, const IrScopeAttrs *a, int first)
{
    if (!a)
        return;
    if (a->name_hint) {
        kw(p, &first, "name_hint");
        pr_string(p, a->name_hint);
    }
    if (a->flags & IR_SCOPE_SYNC_START) {
        kw(p, &first, "sync_start");
        sb_puts(p->sb, "True");
    }
    if (a->split != SPLIT_UNSET || a->slot_num) {
        kw(p, &first, "optimizations");
        sb_putc(p->sb, '[');
        if (a->split != SPLIT_UNSET) {
            pr_pfx(p, "split(");
            pr_pfx(p, "SplitMode.");
            sb_puts(p->sb, split_mode_name((SplitMode)a->split));
            sb_putc(p->sb, ')');
            if (a->slot_num)
                sb_puts(p->sb, ", ");
        }
        if (a->slot_num) {
            pr_pfx(p, "cross_core_slot(");
            sb_printf(p->sb, "slot_num=%u)", a->slot_num);
        }
        sb_putc(p->sb, ']');
    }
    if (a->ndeps) {
        kw(p, &first, "deps");
        pr_expr_list(p, a->ndeps, a->deps);
    }
    if (a->nno_dep) {
        kw(p, &first, "no_dep_args");
        pr_expr_list(p, a->nno_dep, a->no_dep);
    }
    if (a->ndumps) {
        kw(p, &first, "dumps");
        pr_expr_list(p, a->ndumps, a->dumps);
    }
    if (a->flags & IR_SCOPE_EARLY_RESOLVE) {
        kw(p, &first, "allow_early_resolve");
        sb_puts(p->sb, "True");
    }
    if (a->predicate) {
        kw(p, &first, "predicate");
        sb_putc(p->sb, '(');
        pr_expr(p, a->predicate);
        sb_putc(p->sb, ')');
    }
}

/* `with pl.at(...):`, `with pl.spmd(n):`, ..., or the split_aiv loop:
 * 01-statements.md's forms; a plain InCore scope is `with pl.incore():`
 * in the seed's spelling. */
static void print_scope_head(Printer *p, const IrScope *sc)
{
    const IrScopeAttrs *a = sc->attrs;
    switch ((ScopeKind)sc->s.sub) {
    case SCOPE_SPLIT_AIV:
        sb_printf(p->sb, "for %s in ", a && a->index ? a->index->name : "_");
        pr_pfx(p, "split_aiv(");
        if (a && a->count)
            pr_expr(p, a->count);
        else
            sb_putc(p->sb, '2');
        if (a && a->split != SPLIT_UNSET) {
            sb_puts(p->sb, ", mode=");
            pr_pfx(p, "SplitMode.");
            sb_puts(p->sb, split_mode_name((SplitMode)a->split));
        }
        sb_puts(p->sb, "):");
        return;
    case SCOPE_INCORE:
        sb_puts(p->sb, "with ");
        if (!a && p->syntax == IR_SYNTAX_SEED) {
            pr_pfx(p, "incore():");
            return;
        }
        pr_pfx(p, "at(level=");
        pr_pfx(p, "Level.CORE_GROUP");
        print_scope_keywords(p, a, 0);
        break;
    case SCOPE_HIERARCHY:
        sb_puts(p->sb, "with ");
        pr_pfx(p, "at(level=");
        pr_pfx(p, "Level.");
        sb_puts(p->sb, level_name((Level)(a ? a->level : LEVEL_HOST)));
        if (a && a->role != ROLE_NONE) {
            sb_puts(p->sb, ", role=");
            pr_pfx(p, "Role.");
            sb_puts(p->sb, role_name((Role)a->role));
        }
        print_scope_keywords(p, a, 0);
        break;
    case SCOPE_CLUSTER:
        sb_puts(p->sb, "with ");
        pr_pfx(p, "cluster(");
        print_scope_keywords(p, a, 1);
        break;
    case SCOPE_SPMD:
        sb_puts(p->sb, "with ");
        pr_pfx(p, "spmd(");
        if (a && a->count)
            pr_expr(p, a->count);
        print_scope_keywords(p, a, !(a && a->count));
        break;
    case SCOPE_RUNTIME:
        sb_puts(p->sb, "with ");
        pr_pfx(p, a && (a->flags & IR_SCOPE_MANUAL) ? "manual_scope(" : "scope(");
        break;
    case SCOPE_KIND_COUNT:
        ICE("scope of unknown kind");
    }
    sb_putc(p->sb, ')');
    if (a && a->task_id)
        sb_printf(p->sb, " as %s", a->task_id->name);
    sb_putc(p->sb, ':');
}

static void print_stmt(Printer *p, const IrStmt *s, int func_level)
{
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS: {
        int count = 0;
        print_block_stmts(p, s, func_level, &count);
        return;
    }
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        pr_line(p);
        print_var_decl(p, a->var);
        sb_puts(p->sb, " = ");
        p->annotated = a->value;
        pr_expr(p, a->value);
        p->annotated = NULL;
        return;
    }
    case STMT_EVAL:
        pr_line(p);
        pr_expr(p, IR_AS(IrEval, s)->expr);
        return;
    case STMT_BREAK:
    case STMT_CONTINUE:
        pr_line(p);
        sb_puts(p->sb, s->kind == STMT_BREAK ? "break" : "continue");
        return;
    case STMT_RETURN:
    case STMT_YIELD: {
        const IrValues *v = IR_AS(IrValues, s);
        pr_line(p);
        if (s->kind == STMT_RETURN || func_level) {
            sb_puts(p->sb, "return");
            if (v->n)
                sb_putc(p->sb, ' ');
            print_values(p, v->n, v->values);
        } else {
            if (s == p->ret_yield)
                print_ret_targets(p);
            print_yield_call(p, v);
        }
        return;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        pr_line(p);
        sb_puts(p->sb, "if ");
        pr_expr(p, f->cond);
        sb_putc(p->sb, ':');
        print_body(p, f->then_body, f->nret, f->ret, 0, NULL);
        if (f->else_body) {
            pr_line(p);
            sb_puts(p->sb, "else:");
            print_body(p, f->else_body, f->nret, f->ret, 0, NULL);
        }
        return;
    }
    case STMT_FOR: {
        static const char *const fns[FOR_KIND_COUNT] = {"range", "parallel", "pipeline"};
        const IrFor *f = IR_AS(IrFor, s);
        const char *fn = s->sub < FOR_KIND_COUNT ? fns[s->sub] : "range";
        pr_line(p);
        sb_puts(p->sb, "for ");
        sb_puts(p->sb, f->loop_var->name);
        if (f->niter) {
            sb_puts(p->sb, ", ");
            print_iter_names(p, f->niter, f->iter_args);
        }
        sb_puts(p->sb, " in ");
        print_range_head(p, fn, f->start, f->stop, f->step);
        if (f->niter) {
            sb_puts(p->sb, ", ");
            print_init_values(p, f->niter, f->iter_args);
        }
        if (s->sub == FOR_PIPELINE)
            sb_printf(p->sb, ", stage=%u", (unsigned)f->stage);
        sb_puts(p->sb, "):");
        print_body(p, f->body, f->niter, f->ret, 0, NULL);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        pr_line(p);
        if (w->niter) {
            sb_puts(p->sb, "for ");
            print_iter_names(p, w->niter, w->iter_args);
            sb_puts(p->sb, " in ");
            pr_pfx(p, "while_(");
            print_init_values(p, w->niter, w->iter_args);
            sb_puts(p->sb, "):");
            print_body(p, w->body, w->niter, w->ret, 0, w->cond);
        } else {
            sb_puts(p->sb, "while ");
            pr_expr(p, w->cond);
            sb_putc(p->sb, ':');
            print_body(p, w->body, 0, NULL, 0, NULL);
        }
        return;
    }
    case STMT_SCOPE:
        pr_line(p);
        print_scope_head(p, IR_AS(IrScope, s));
        /* Scopes are transparent: a yield inside still assigns the
         * enclosing construct's return variables. */
        p->split_aiv += s->sub == SCOPE_SPLIT_AIV;
        print_indented(p, IR_AS(IrScope, s)->body, func_level, NULL);
        p->split_aiv -= s->sub == SCOPE_SPLIT_AIV;
        return;
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind %d", s->kind);
}

/* ---------------------------------------------------------- functions */

/* The decorator with its keywords: type, level, role, auto_scope. */
static void print_decorator(Printer *p, const IrFunc *f)
{
    int n = 0;
#define ITEM(key) (sb_puts(p->sb, n++ ? ", " key "=" : "(" key "="))
    pr_line(p);
    sb_putc(p->sb, '@');
    pr_pfx(p, "function");
    if (f->type != FUNC_OPAQUE) {
        ITEM("type");
        pr_pfx(p, "FunctionType.");
        sb_puts(p->sb, func_type_name((FuncType)f->type));
    }
    if (f->level != LEVEL_NONE) {
        ITEM("level");
        pr_pfx(p, "Level.");
        sb_puts(p->sb, level_name((Level)f->level));
    }
    if (f->role != ROLE_NONE) {
        ITEM("role");
        pr_pfx(p, "Role.");
        sb_puts(p->sb, role_name((Role)f->role));
    }
    if (f->flags & IR_FUNC_NO_AUTO_SCOPE) {
        ITEM("auto_scope");
        sb_puts(p->sb, "False");
    }
#undef ITEM
    if (n)
        sb_putc(p->sb, ')');
}

/* pl.func_attr({...}): the first statement of the body (01-functions.md). */
static void print_func_attrs(Printer *p, const IrFunc *f)
{
    if (!f->nattrs)
        return;
    p->indent++;
    pr_line(p);
    pr_pfx(p, "func_attr({");
    for (uint32_t i = 0; i < f->nattrs; i++) {
        if (i)
            sb_puts(p->sb, ", ");
        pr_string(p, f->attrs[i].key);
        sb_puts(p->sb, ": ");
        pr_kwarg_value(p, &f->attrs[i]);
    }
    sb_puts(p->sb, "})");
    p->indent--;
}

static void print_function_body(Printer *p, const IrFunc *f);

/* Which MemRefs an alloc statement of the function names. */
static int note_alloc(IrWalker *w, const IrStmt *s)
{
    if (s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_MEMREF)
        ptrmap_put((PtrMap *)w->data, (void *)IR_AS(IrAssign, s)->var, (void *)1);
    return 1;
}

static void print_function(Printer *p, const IrFunc *f)
{
    PtrMap allocs;
    IrWalker w = {0};
    ptrmap_init(&allocs);
    w.pre_stmt = note_alloc;
    w.data = &allocs;
    ir_walk_func(&w, f);
    p->allocs = &allocs;
    print_function_body(p, f);
    p->allocs = NULL;
    ptrmap_free(&allocs);
}

static void print_function_body(Printer *p, const IrFunc *f)
{
    p->func = f;
    print_decorator(p, f);
    pr_line(p);
    sb_printf(p->sb, "def %s(", f->name);
    if (p->in_program)
        sb_puts(p->sb, f->nparams ? "self, " : "self");
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrParam *prm = &f->params[i];
        if (i)
            sb_puts(p->sb, ", ");
        sb_puts(p->sb, prm->var->name);
        sb_puts(p->sb, ": ");
        if (prm->dir == DIR_IN) {
            pr_type(p, prm->var->type);
        } else {
            pr_pfx(p, prm->dir == DIR_OUT ? "Out[" : "InOut[");
            pr_type(p, prm->var->type);
            sb_putc(p->sb, ']');
        }
    }
    sb_putc(p->sb, ')');
    if (f->nret == 1) {
        sb_puts(p->sb, " -> ");
        pr_type(p, f->ret_types[0]);
    } else if (f->nret > 1) {
        sb_puts(p->sb, " -> tuple[");
        for (uint32_t i = 0; i < f->nret; i++) {
            if (i)
                sb_puts(p->sb, ", ");
            pr_type(p, f->ret_types[i]);
        }
        sb_putc(p->sb, ']');
    }
    sb_putc(p->sb, ':');
    print_func_attrs(p, f);
    /* Like every other body: "pass" when nothing in it prints. */
    if (f->nattrs && (!f->body || ((f->body->kind == STMT_SEQ || f->body->kind == STMT_OPS) && !IR_AS(IrSeq, f->body)->n)))
        return;
    print_indented(p, f->body, 1, NULL);
}

/* ------------------------------------------------- call-graph order */

static int32_t program_index(const IrProgram *p, const char *name)
{
    uint32_t lo = 0, hi = p->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(p->funcs[mid]->name, name);
        if (c == 0)
            return (int32_t)mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

typedef struct CallCollector {
    IrWalker w;
    const IrProgram *prog;
    uint8_t *seen;              /* per callee, reset per caller */
    VEC(uint32_t) found;
} CallCollector;

static int collect_call(IrWalker *w, const IrExpr *e)
{
    CallCollector *cc = w->data;
    if (e->kind == EXPR_CALL && IR_AS(IrCall, e)->callee->kind == CALLEE_GLOBAL) {
        int32_t k = program_index(cc->prog, IR_AS(IrCall, e)->callee->name);
        if (k >= 0 && !cc->seen[k]) {
            cc->seen[k] = 1;
            vec_push(cc->found, (uint32_t)k);
        }
    }
    return 1;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Iterative depth-first post-order over the call graph; callees in name
 * order (the functions are sorted, so index order is name order). */
void ir_program_print_order(const IrProgram *p, const IrFunc **out)
{
    uint32_t n = p->n, nout = 0;
    uint32_t *first = xcalloc((size_t)n + 1, sizeof *first);
    uint8_t *color = xcalloc(n ? n : 1, 1);
    uint32_t *stack = xmalloc(xmul_size(n ? n : 1, 2 * sizeof *stack));
    CallCollector cc;
    VEC(uint32_t) edges;
    int cycle = 0;

    vec_init(edges);
    memset(&cc, 0, sizeof cc);
    cc.w.pre_expr = collect_call;
    cc.w.data = &cc;
    cc.prog = p;
    cc.seen = xcalloc(n ? n : 1, 1);
    vec_init(cc.found);
    for (uint32_t i = 0; i < n; i++) {
        cc.found.len = 0;
        ir_walk_func(&cc.w, p->funcs[i]);
        if (cc.found.len > 1)
            qsort(cc.found.data, cc.found.len, sizeof(uint32_t), cmp_u32);
        first[i] = edges.len;
        for (uint32_t k = 0; k < cc.found.len; k++) {
            vec_push(edges, cc.found.data[k]);
            cc.seen[cc.found.data[k]] = 0;
        }
    }
    first[n] = edges.len;

    for (uint32_t root = 0; root < n && !cycle; root++) {
        uint32_t sp = 0;
        if (color[root])
            continue;
        color[root] = 1;
        stack[sp++] = root;
        stack[sp++] = first[root];
        while (sp && !cycle) {
            uint32_t f = stack[sp - 2], *next = &stack[sp - 1];
            if (*next < first[f + 1]) {
                uint32_t g = edges.data[(*next)++];
                if (color[g] == 1 && g != f)
                    cycle = 1;
                else if (color[g] == 0) {
                    color[g] = 1;
                    stack[sp++] = g;
                    stack[sp++] = first[g];
                }
            } else {
                color[f] = 2;
                out[nout++] = p->funcs[f];
                sp -= 2;
            }
        }
    }
    if (cycle)
        for (uint32_t i = 0; i < n; i++)
            out[i] = p->funcs[i];
    vec_free(edges);
    vec_free(cc.found);
    xfree(cc.seen);
    xfree(first);
    xfree(color);
    xfree(stack);
}

/* ------------------------------------------------- the distributed layer */

/* Whether the printed program names the distributed layer (pld.*): a
 * window-bound tensor or communication context, a pld op, a per-rank
 * dispatch; it then imports pypto.language.distributed as pld. */
static int names_pld_type(const IrType *t)
{
    if (t->kind == TYPE_TUPLE) {
        for (uint32_t i = 0; i < t->n; i++)
            if (names_pld_type(t->elems[i]))
                return 1;
        return 0;
    }
    return ir_type_is_window(t) || t->kind == TYPE_COMM_CTX;
}

typedef struct PldScan {
    IrCtx *ctx;
    int found;
} PldScan;

static int pld_expr(IrWalker *w, const IrExpr *e)
{
    PldScan *s = w->data;
    if (s->found)
        return 0;
    if (e->kind == EXPR_CALL) {
        const IrCall *c = IR_AS(IrCall, e);
        if ((c->callee->kind == CALLEE_OP && strncmp(c->callee->name, "pld.", 4) == 0) || ir_call_device_arg(c) >= 0)
            s->found = 1;
        for (uint32_t i = 0; i < c->nkwargs; i++)
            s->found |= c->kwargs[i].kind == KW_COMM_ENUM;
    }
    if ((e->kind == EXPR_VAR || e->kind == EXPR_ITER_ARG || e->kind == EXPR_CALL) && names_pld_type(ir_expr_type(s->ctx, e)))
        s->found = 1;
    return !s->found;
}

static int program_names_pld(IrCtx *ctx, const IrProgram *prog)
{
    PldScan s = {ctx, 0};
    IrWalker w;
    memset(&w, 0, sizeof w);
    w.pre_expr = pld_expr;
    w.data = &s;
    for (uint32_t i = 0; i < prog->n && !s.found; i++) {
        const IrFunc *f = prog->funcs[i];
        for (uint32_t k = 0; k < f->nparams; k++)
            s.found |= names_pld_type(f->params[k].var->type);
        for (uint32_t k = 0; k < f->nret; k++)
            s.found |= names_pld_type(f->ret_types[k]);
        if (!s.found)
            ir_walk_func(&w, f);
    }
    return s.found;
}

/* ------------------------------------------------------- entry points */

void pr_init(Printer *p, StrBuf *sb, IrCtx *ctx, const char *prefix, IrSyntax syntax)
{
    memset(p, 0, sizeof *p);
    p->sb = sb;
    p->ctx = ctx;
    p->prefix = prefix ? prefix : "pl";
    p->syntax = syntax;
}

void ir_print_program(StrBuf *sb, IrCtx *ctx, const IrProgram *prog, const char *prefix, IrSyntax syntax)
{
    Printer p;
    const char *name = prog->name && prog->name[0] ? prog->name : "Program";
    const IrFunc **order = xmalloc(xmul_size(prog->n ? prog->n : 1, sizeof *order));
    pr_init(&p, sb, ctx, prefix, syntax);
    pr_line(&p);
    sb_printf(sb, "# pypto.program: %s", name);
    pr_line(&p);
    if (strcmp(p.prefix, "pl") == 0)
        sb_puts(sb, "import pypto.language as pl");
    else
        sb_printf(sb, "from pypto import language as %s", p.prefix);
    if (program_names_pld(ctx, prog)) {
        pr_line(&p);
        sb_puts(sb, "import pypto.language.distributed as pld");
    }
    pr_line(&p);
    pr_line(&p);
    sb_putc(sb, '@');
    pr_pfx(&p, "program");
    pr_line(&p);
    sb_printf(sb, "class %s:", name);
    ir_program_print_order(prog, order);
    p.in_program = 1;
    p.indent = 1;
    for (uint32_t i = 0; i < prog->n; i++)
        print_function(&p, order[i]);
    if (!prog->n) {   /* an empty class body is written as Python writes one */
        pr_line(&p);
        sb_puts(sb, "pass");
    }
    xfree(order);
}

void ir_print_function(StrBuf *sb, IrCtx *ctx, const IrFunc *f, const char *prefix, IrSyntax syntax)
{
    Printer p;
    pr_init(&p, sb, ctx, prefix, syntax);
    print_function(&p, f);
}

void ir_print_stmt(StrBuf *sb, IrCtx *ctx, const IrStmt *s, const char *prefix, IrSyntax syntax)
{
    Printer p;
    pr_init(&p, sb, ctx, prefix, syntax);
    print_stmt(&p, s, 0);
}
