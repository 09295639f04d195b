/* elab_scope.c: the scopes that place work (04-scopes.md, dev/language
 * 01-statements.md "Scope Context Managers", 02-manual_dependencies.md):
 *
 *   with pl.incore():                          InCore (the seed's spelling)
 *   with pl.at(level=pl.Level.CORE_GROUP, ...) InCore
 *   with pl.at(level=<other level>, role=...)  Hierarchy
 *   with pl.cluster():                         Cluster
 *   with pl.spmd(n, ...):  for i in pl.spmd(n) Spmd (around an InCore body)
 *   with pl.scope(mode=...) / pl.manual_scope()  Runtime (AUTO / MANUAL)
 *   for lane in pl.split_aiv(2, mode=...)      SplitAiv
 *
 * with the keywords each takes (name_hint, optimizations=[pl.split(...),
 * pl.cross_core_slot(...)], deps, no_dep_args, dumps, allow_early_resolve,
 * sync_start, predicate) and `as tid`, which binds the scope's task id (a
 * pl.Scalar[pl.TASK_ID]) after it.  pl.submit(self.k, ...) and
 * pl.spmd_submit(self.k, ..., core_num=n) dispatch one kernel as a task
 * and return its results and task id (02-submit.md): the same as the
 * dispatch form `with pl.spmd(1 or n, ...) as tid: r = self.k(...)`, which
 * is how they are kept and printed.  Scopes are transparent to names: what
 * their bodies define stays visible after them.  A spmd body either
 * dispatches one kernel or reads the block index, which makes it an InCore
 * body of its own (01-statements.md). */
#include "config.h"
#include "sema/elab_scope.h"
#include "sema/elab_assign.h"
#include "sema/elab_deps.h"
#include "sema/elab_expr.h"
#include "sema/elab_stmt.h"
#include "ir/op_registry.h"
#include "ir/visit.h"

#include <string.h>

/* What a scope's header wrote, gathered before its body is elaborated. */
typedef struct ScopeHead {
    ScopeKind kind;
    IrScopeAttrs a;
    ExprVec deps, no_dep, dumps;
    const AstNode *optimizations;   /* where they were written, for messages */
    const AstNode *deps_at;
    int ok;
} ScopeHead;

static void head_init(ScopeHead *h, ScopeKind kind)
{
    memset(h, 0, sizeof *h);
    h->kind = kind;
    ir_scope_attrs_init(&h->a);
    vec_init(h->deps);
    vec_init(h->no_dep);
    vec_init(h->dumps);
    h->ok = 1;
}

static void head_free(ScopeHead *h)
{
    vec_free(h->deps);
    vec_free(h->no_dep);
    vec_free(h->dumps);
}

/* -------------------------------------------------------------- keywords */

static int const_of(FnCtx *fc, const AstNode *v, ConstKind kind, const char *what, int64_t *out)
{
    ConstError err;
    const ConstVal *c = elab_const(fc->E, fc, v, &err);
    if (c && c->kind == kind) {
        *out = c->v.i;
        return 1;
    }
    diag_error(fc->E->diag, v->span, "expected %s", what);
    return 0;
}

static int bool_kw(FnCtx *fc, const AstNode *kw, int *out)
{
    int64_t v;
    if (!const_of(fc, kw->a, CV_BOOL, "True or False", &v))
        return 0;
    *out = (int)v;
    return 1;
}

/* A name hint names the outlined function, so it is spelled in the IR, in
 * PTO MLIR and in C++: as pypto's parser requires, a non-keyword identifier
 * (ASCII here, as every name in those outputs). */
static int identifier_word(const char *s)
{
    static const char *const keywords[] = {
        "False", "None",   "True",     "and",      "as",   "assert", "async",  "await", "break",
        "class", "continue", "def",    "del",      "elif", "else",   "except", "finally", "for",
        "from",  "global", "if",       "import",   "in",   "is",     "lambda", "nonlocal", "not",
        "or",    "pass",   "raise",    "return",   "try",  "while",  "with",   "yield",
    };
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return 0;
    for (const char *p = s + 1; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return 0;
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (!strcmp(s, keywords[i]))
            return 0;
    return 1;
}

static int name_hint_kw(FnCtx *fc, const AstNode *kw, ScopeHead *h)
{
    if (kw->a->kind != AST_STRING || (kw->a->flags & (AST_FSTRING | AST_BYTES)) ||
        strlen(kw->a->name) != kw->a->u) {
        diag_error(fc->E->diag, kw->a->span, "name_hint must be a string literal");
        return 0;
    }
    if (!kw->a->name[0]) /* as pypto: "" is no hint */
        return 1;
    if (!identifier_word(kw->a->name)) {
        diag_error(fc->E->diag, kw->a->span, "name_hint must be an ASCII identifier that is not a keyword, not '%s'",
                   kw->a->name);
        return 0;
    }
    h->a.name_hint = intern_cstr(fc->E->names, kw->a->name);
    return 1;
}

/* optimizations=[pl.split(MODE), pl.cross_core_slot(slot_num=N)]: written
 * inline (04-scopes.md: the parser reads the list, not a variable). */
static int optimizations_kw(FnCtx *fc, const AstNode *kw, ScopeHead *h)
{
    Elab *E = fc->E;
    const AstNode *l = kw->a;
    h->optimizations = kw;
    if (l->kind != AST_LIST && l->kind != AST_TUPLE) {
        diag_error(E->diag, l->span, "optimizations= takes a list written here: [pl.split(...), pl.cross_core_slot(...)]");
        return 0;
    }
    for (uint32_t i = 0; i < l->list.n; i++) {
        const AstNode *c = l->list.items[i];
        if (elab_is_dsl_call(E, c, E->n.split)) {
            int64_t mode;
            if (c->list.n != 1) {
                diag_error(E->diag, c->span, "pl.split() takes one pl.SplitMode");
                return 0;
            }
            if (!const_of(fc, c->list.items[0], CV_SPLIT_MODE, "a pl.SplitMode such as pl.SplitMode.UP_DOWN", &mode))
                return 0;
            for (uint32_t k = 0; k < c->list2.n; k++) {
                const AstNode *sk = c->list2.items[k];
                int64_t n;
                if (sk->name != E->n.slot_num) {
                    diag_error(E->diag, sk->span, "pl.split() got an unexpected keyword argument '%s'", sk->name);
                    return 0;
                }
                /* The deprecated alias of pl.cross_core_slot (01-statements.md). */
                if (!const_of(fc, sk->a, CV_INT, "a positive integer", &n))
                    return 0;
                if (n < 1 || n > 1024) {
                    diag_error(E->diag, sk->a->span, "slot_num must be between 1 and 1024, got %lld", (long long)n);
                    return 0;
                }
                h->a.slot_num = (uint32_t)n;
            }
            h->a.split = (uint8_t)mode;
        } else if (elab_is_dsl_call(E, c, E->n.cross_core_slot)) {
            int64_t n;
            if (c->list.n || c->list2.n != 1 || c->list2.items[0]->name != E->n.slot_num) {
                diag_error(E->diag, c->span, "pl.cross_core_slot() takes slot_num=N");
                return 0;
            }
            if (!const_of(fc, c->list2.items[0]->a, CV_INT, "a positive integer", &n))
                return 0;
            if (n < 1 || n > 1024) {
                diag_error(E->diag, c->list2.items[0]->a->span, "slot_num must be between 1 and 1024, got %lld",
                           (long long)n);
                return 0;
            }
            h->a.slot_num = (uint32_t)n;
        } else {
            diag_error(E->diag, c->span, "an optimization is pl.split(MODE) or pl.cross_core_slot(slot_num=N)");
            return 0;
        }
    }
    return 1;
}

/* deps=[tid, tids, ...]: task ids and arrays of them (elab_deps.c). */
static int deps_kw(FnCtx *fc, const AstNode *kw, ScopeHead *h)
{
    h->deps_at = kw;
    return elab_task_ids(fc, kw->a, &h->deps);
}

/* no_dep_args=[t, ...] / dumps=[t, ...]: bare tensor names. */
static int tensors_kw(FnCtx *fc, const AstNode *kw, ExprVec *out)
{
    Elab *E = fc->E;
    const AstNode *l = kw->a;
    if (l->kind != AST_LIST && l->kind != AST_TUPLE) {
        diag_error(E->diag, l->span, "%s= takes a list of tensor names", kw->name);
        return 0;
    }
    for (uint32_t i = 0; i < l->list.n; i++) {
        const AstNode *x = l->list.items[i];
        const IrExpr *v;
        if (x->kind != AST_NAME) {
            diag_error(E->diag, x->span, "each entry of %s= is the name of a tensor", kw->name);
            return 0;
        }
        if (!(v = elab_expr(fc, x)))
            return 0;
        if (ir_expr_type(E->ir, v)->kind != TYPE_TENSOR) {
            diag_error(E->diag, x->span, "'%s' is not a tensor", x->name);
            return 0;
        }
        for (uint32_t k = 0; k < out->len; k++)
            if (out->data[k] == v) {
                diag_error(E->diag, x->span, "'%s' is listed twice", x->name);
                return 0;
            }
        vec_push(*out, v);
    }
    return 1;
}

/* predicate=(t[i] > 0): one comparison of a tensor element with an
 * integer literal (02-manual_dependencies.md "Dispatch predicate"). */
static int is_int_literal(const AstNode *n)
{
    return n->kind == AST_INT || (n->kind == AST_UNARY && n->op == AST_NEG && n->a->kind == AST_INT);
}

static int predicate_kw(FnCtx *fc, const AstNode *kw, ScopeHead *h)
{
    const AstNode *c = kw->a;
    if (c->kind != AST_COMPARE || c->op > AST_GE || c->a->kind == AST_COMPARE ||
        (!is_int_literal(c->a) && !is_int_literal(c->b))) {
        diag_error(fc->E->diag, c->span, "a predicate is one comparison of a tensor element with an integer "
                                         "literal: predicate=(t[i] > 0)");
        return 0;
    }
    return (h->a.predicate = elab_expr(fc, c)) != NULL;
}

/* The keywords `allowed` (a NULL-terminated list of interned names) of
 * call c, into h. */
static void scope_keywords(FnCtx *fc, const AstNode *c, ScopeHead *h, const char *const *allowed, const char *what)
{
    Elab *E = fc->E;
    for (uint32_t i = 0; i < c->list2.n && h->ok; i++) {
        const AstNode *kw = c->list2.items[i];
        const char *k = kw->name;
        int ok = 0, flag = 0;
        for (const char *const *a = allowed; *a; a++)
            ok |= *a == k;
        if (!ok) {
            diag_error(E->diag, kw->span, "%s got an unexpected keyword argument '%s'", what, k);
            h->ok = 0;
        } else if (k == E->n.name_hint) {
            h->ok = name_hint_kw(fc, kw, h);
        } else if (k == E->n.optimizations) {
            h->ok = optimizations_kw(fc, kw, h);
        } else if (k == E->n.deps) {
            h->ok = deps_kw(fc, kw, h);
        } else if (k == E->n.no_dep_args) {
            h->ok = tensors_kw(fc, kw, &h->no_dep);
        } else if (k == E->n.dumps) {
            h->ok = tensors_kw(fc, kw, &h->dumps);
        } else if (k == E->n.predicate) {
            h->ok = predicate_kw(fc, kw, h);
        } else if (k == E->n.allow_early_resolve) {
            if ((h->ok = bool_kw(fc, kw, &flag)) && flag)
                h->a.flags |= IR_SCOPE_EARLY_RESOLVE;
        } else if (k == E->n.sync_start) {
            if ((h->ok = bool_kw(fc, kw, &flag)) && flag)
                h->a.flags |= IR_SCOPE_SYNC_START;
        }
    }
}

/* -------------------------------------------------------------- headers */

/* pl.at(level=..., role=..., ...): InCore at CORE_GROUP, else Hierarchy. */
static void head_at(FnCtx *fc, const AstNode *c, ScopeHead *h)
{
    Elab *E = fc->E;
    const char *const allowed[] = {E->n.level,   E->n.role,        E->n.name_hint, E->n.optimizations,
                                   E->n.deps,    E->n.no_dep_args, E->n.dumps,     E->n.allow_early_resolve,
                                   NULL};
    const AstNode *level = NULL, *role = NULL;
    int64_t lv = LEVEL_NONE, rl = ROLE_NONE;
    head_init(h, SCOPE_INCORE);
    if (c->list.n > 1) {
        diag_error(E->diag, c->list.items[1]->span, "pl.at() takes the level as its one positional argument");
        h->ok = 0;
        return;
    }
    if (c->list.n)
        level = c->list.items[0];
    for (uint32_t i = 0; i < c->list2.n; i++) {
        const AstNode *kw = c->list2.items[i];
        if (kw->name == E->n.level) {
            if (level) {
                diag_error(E->diag, kw->span, "pl.at() got the level twice");
                h->ok = 0;
                return;
            }
            level = kw->a;
        } else if (kw->name == E->n.role) {
            role = kw->a;
        }
    }
    if (!level) {
        diag_error(E->diag, c->span, "pl.at() needs a level: pl.at(level=pl.Level.CORE_GROUP)");
        h->ok = 0;
        return;
    }
    if (!const_of(fc, level, CV_LEVEL, "a pl.Level such as pl.Level.CORE_GROUP", &lv) ||
        (role && !const_of(fc, role, CV_ROLE, "a pl.Role such as pl.Role.Orchestrator", &rl))) {
        h->ok = 0;
        return;
    }
    if (lv == LEVEL_CORE_GROUP) {
        if (role) {
            diag_error(E->diag, role->span, "role= is for the levels above CORE_GROUP; pl.at(level=pl.Level.CORE_GROUP) "
                                            "is device work");
            h->ok = 0;
            return;
        }
    } else {
        h->kind = SCOPE_HIERARCHY;
        h->a.level = (uint8_t)lv;
        h->a.role = (uint8_t)rl;
    }
    scope_keywords(fc, c, h, allowed, "pl.at()");
    if (h->ok && h->kind == SCOPE_HIERARCHY && h->optimizations) {
        diag_error(E->diag, h->optimizations->span, "optimizations= is for pl.at(level=pl.Level.CORE_GROUP)");
        h->ok = 0;
    }
}

static void head_spmd(FnCtx *fc, const AstNode *c, ScopeHead *h)
{
    Elab *E = fc->E;
    /* dumps= is pl.submit's (02-submit.md), which is a one-block spmd
     * scope here and prints as one: the printed form reads back. */
    const char *const allowed[] = {E->n.name_hint, E->n.sync_start,          E->n.optimizations, E->n.deps,
                                   E->n.dumps,     E->n.allow_early_resolve, E->n.predicate,     NULL};
    const IrExpr *n;
    const IrType *t;
    head_init(h, SCOPE_SPMD);
    if (c->list.n != 1) {
        diag_error(E->diag, c->span, "pl.spmd() takes the number of blocks: pl.spmd(4)");
        h->ok = 0;
        return;
    }
    if (!(n = elab_expr(fc, c->list.items[0]))) {
        h->ok = 0;
        return;
    }
    t = ir_expr_type(E->ir, n);
    if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
        char b[256];
        diag_error(E->diag, c->list.items[0]->span, "the number of blocks must be an integer scalar, got %s",
                   elab_type_str(E, t, b, sizeof b));
        h->ok = 0;
        return;
    }
    {
        int64_t k;
        if (ir_dim_value(n, &k) && k < 1) {
            diag_error(E->diag, c->list.items[0]->span, "pl.spmd() needs at least one block, got %lld", (long long)k);
            h->ok = 0;
            return;
        }
    }
    h->a.count = n;
    scope_keywords(fc, c, h, allowed, "pl.spmd()");
}

/* Which context manager c is, with its header; 0 if it is none of them
 * (reported). */
static int scope_head(FnCtx *fc, const AstNode *c, ScopeHead *h)
{
    Elab *E = fc->E;
    if (elab_is_dsl_call(E, c, E->n.incore)) {
        head_init(h, SCOPE_INCORE);
        if (c->list.n || c->list2.n) {
            diag_error(E->diag, c->span, "pl.incore() takes no arguments");
            h->ok = 0;
        }
        return 1;
    }
    if (elab_is_dsl_call(E, c, E->n.at)) {
        head_at(fc, c, h);
        return 1;
    }
    if (elab_is_dsl_call(E, c, E->n.cluster)) {
        const char *const allowed[] = {E->n.name_hint, NULL};
        head_init(h, SCOPE_CLUSTER);
        if (c->list.n) {
            diag_error(E->diag, c->list.items[0]->span, "pl.cluster() takes no positional arguments");
            h->ok = 0;
        }
        scope_keywords(fc, c, h, allowed, "pl.cluster()");
        return 1;
    }
    if (elab_is_dsl_call(E, c, E->n.spmd)) {
        head_spmd(fc, c, h);
        return 1;
    }
    if (elab_is_dsl_call(E, c, E->n.manual_scope) || elab_is_dsl_call(E, c, E->n.scope)) {
        int manual = elab_is_dsl_call(E, c, E->n.manual_scope);
        head_init(h, SCOPE_RUNTIME);
        if (c->list.n) {
            diag_error(E->diag, c->list.items[0]->span, "%s() takes no positional arguments",
                       manual ? "pl.manual_scope" : "pl.scope");
            h->ok = 0;
        }
        for (uint32_t i = 0; i < c->list2.n && h->ok; i++) {
            const AstNode *kw = c->list2.items[i];
            int64_t mode;
            if (manual || kw->name != E->n.mode) {
                diag_error(E->diag, kw->span, "%s() got an unexpected keyword argument '%s'",
                           manual ? "pl.manual_scope" : "pl.scope", kw->name);
                h->ok = 0;
            } else if (!const_of(fc, kw->a, CV_SCOPE_MODE, "a pl.ScopeMode (AUTO or MANUAL)", &mode)) {
                h->ok = 0;
            } else if (mode == SCOPE_MODE_MANUAL) {
                manual = 1;
            }
        }
        if (manual)
            h->a.flags |= IR_SCOPE_MANUAL;
        return 1;
    }
    diag_error(E->diag, c->span,
               "unsupported context manager (expected pl.at, pl.incore, pl.cluster, pl.spmd, pl.scope or pl.manual_scope)");
    return 0;
}

/* ------------------------------------------------------------ building */

/* What a spmd body does: reads the block index, dispatches kernels. */
typedef struct BodyScan {
    IrWalker w;
    int reads_block_idx, dispatches;
} BodyScan;

static int scan_expr(IrWalker *w, const IrExpr *e)
{
    BodyScan *b = w->data;
    if (e->kind == EXPR_CALL) {
        const IrCall *c = IR_AS(IrCall, e);
        if (c->callee->kind == CALLEE_GLOBAL)
            b->dispatches++;
        else if (op_is(callee_op(c->callee), OP_BLOCK_GET_BLOCK_IDX))
            b->reads_block_idx = 1;
    }
    return 1;
}

static int is_incore_scope(const IrStmt *s) { return s->kind == STMT_SCOPE && s->sub == SCOPE_INCORE; }

/* The body's only statement, looking through a statement list. */
static const IrStmt *sole_stmt(const IrStmt *body)
{
    while (body && (body->kind == STMT_SEQ || body->kind == STMT_OPS) && IR_AS(IrSeq, body)->n == 1)
        body = IR_AS(IrSeq, body)->stmts[0];
    return body && body->kind != STMT_SEQ && body->kind != STMT_OPS ? body : NULL;
}

/* The attributes h gathered, or NULL when there are none. */
static const IrScopeAttrs *head_attrs(ScopeHead *h)
{
    IrScopeAttrs none;
    h->a.ndeps = h->deps.len;
    h->a.deps = h->deps.data;
    h->a.nno_dep = h->no_dep.len;
    h->a.no_dep = h->no_dep.data;
    h->a.ndumps = h->dumps.len;
    h->a.dumps = h->dumps.data;
    ir_scope_attrs_init(&none);
    return memcmp(&none, &h->a, sizeof none) == 0 ? NULL : &h->a;
}

/* A spmd body: a carrier InCore scope, a dispatch of one kernel, or an
 * inline body that reads the block index (wrapped in an InCore scope that
 * takes the split and slot hints).  NULL after an error. */
static const IrStmt *spmd_body(FnCtx *fc, const AstNode *s, ScopeHead *h, const IrStmt *body)
{
    Elab *E = fc->E;
    BodyScan scan;
    const IrStmt *only = sole_stmt(body);
    IrScopeAttrs inner;
    if (only && is_incore_scope(only)) {
        if (h->optimizations) {
            diag_error(E->diag, h->optimizations->span,
                       "optimizations= belongs on the pl.at() that carries the body, not on pl.spmd()");
            return NULL;
        }
        return body;
    }
    memset(&scan, 0, sizeof scan);
    scan.w.pre_expr = scan_expr;
    scan.w.data = &scan;
    ir_walk_stmt(&scan.w, body);
    if (!scan.reads_block_idx && !scan.dispatches) {
        diag_error(E->diag, s->span, "a pl.spmd() body must read the block index (pl.tile.get_block_idx()) or "
                                     "dispatch a kernel; otherwise every block would do the same work");
        return NULL;
    }
    if (!scan.reads_block_idx && scan.dispatches > 1) {
        diag_error(E->diag, s->span, "a pl.spmd() body dispatches one kernel; this one calls %d", scan.dispatches);
        return NULL;
    }
    /* The dispatch form: no InCore wrapper (01-statements.md, pl.spmd),
     * so its optimizations= stay on the Spmd scope; the kernel it
     * dispatches is already a function of its own. */
    if (!scan.reads_block_idx)
        return body;
    ir_scope_attrs_init(&inner);
    inner.split = h->a.split;
    inner.slot_num = h->a.slot_num;
    h->a.split = SPLIT_UNSET;
    h->a.slot_num = 0;
    body = ir_scope_attrs(E->ir, SCOPE_INCORE, inner.split != SPLIT_UNSET || inner.slot_num ? &inner : NULL, body,
                          body->span);
    return ir_seq(E->ir, STMT_SEQ, 1, &body, body->span);
}

/* The task id `as tid` binds: a pl.Scalar[pl.TASK_ID] defined after the scope. */
static const IrVar *task_id_var(FnCtx *fc, const AstNode *target)
{
    if (!target)
        return NULL;
    if (target->kind != AST_NAME) {
        diag_error(fc->E->diag, target->span, "'as' binds one name: the scope's task id");
        return NULL;
    }
    return ir_var_new(fc->E->ir, target->name, ir_type_scalar(fc->E->ir, DT_TASK_ID), target->span);
}

static void finish(FnCtx *fc, const AstNode *s, ScopeHead *h, const IrStmt *body, const IrVar *tid)
{
    const IrScopeAttrs *a;
    h->a.task_id = tid;
    a = head_attrs(h);
    elab_emit(fc, ir_scope_attrs(fc->E->ir, h->kind, a, body, s->span));
    if (tid)
        elab_define_name(fc, tid->name, &tid->e, tid->e.span);
}

void elab_with(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *c = s->a;
    ScopeHead h;
    const IrStmt *body;
    const IrVar *tid = NULL;
    if (s->op) {
        diag_error(E->diag, s->span, "'async with' is not supported in PyPTO functions");
        return;
    }
    if (s->list2.n) {
        diag_error(E->diag, s->list2.items[0]->span, "only one context manager is supported per with statement");
        return;
    }
    if (!scope_head(fc, c, &h))
        return;
    if (s->b) {
        if (h.kind != SCOPE_INCORE && h.kind != SCOPE_HIERARCHY && h.kind != SCOPE_SPMD) {
            diag_error(E->diag, s->b->span, "only pl.at() and pl.spmd() scopes bind a task id with 'as'");
            h.ok = 0;
        } else if (elab_is_dsl_call(E, c, E->n.incore)) {
            diag_error(E->diag, s->b->span, "'with pl.incore()' does not bind a name");
            h.ok = 0;
        } else {
            tid = task_id_var(fc, s->b);
        }
    }
    if (h.ok && h.kind == SCOPE_SPMD && h.deps_at && !s->b) {
        diag_error(E->diag, h.deps_at->span, "deps= on pl.spmd() needs the 'as tid' form: with pl.spmd(n, deps=[...]) as tid:");
        h.ok = 0;
    }
    elab_block_push(fc);
    scope_enter(&fc->scope);
    elab_block(fc, &s->list, 0);
    scope_exit(&fc->scope, 1);   /* a scope is transparent to names */
    body = elab_block_pop(fc, s->span);
    if (h.ok && h.kind == SCOPE_SPMD && !(body = spmd_body(fc, s, &h, body)))
        h.ok = 0;
    if (h.ok)
        finish(fc, s, &h, body, tid);
    else if (s->b && s->b->kind == AST_NAME)
        elab_define_name(fc, s->b->name, &elab_poison, s->b->span);
    head_free(&h);
}

/* ---------------------------------------------------------- loop forms */

int elab_scope_loop(FnCtx *fc, const AstNode *s)
{
    Elab *E = fc->E;
    const AstNode *c = s->b, *target = s->a;
    int spmd = elab_is_dsl_call(E, c, E->n.spmd), split = elab_is_dsl_call(E, c, E->n.split_aiv);
    ScopeHead h;
    IrVar *index = NULL;
    const IrStmt *body;
    if (!spmd && !split)
        return 0;
    if (spmd) {
        head_spmd(fc, c, &h);
    } else {
        int64_t lanes = 2, mode = SPLIT_NONE;
        head_init(&h, SCOPE_SPLIT_AIV);
        if (c->list.n != 1 || !const_of(fc, c->list.items[0], CV_INT, "the number of AIV lanes, 2", &lanes)) {
            if (c->list.n != 1)
                diag_error(E->diag, c->span, "pl.split_aiv() takes the number of lanes: pl.split_aiv(2, mode=...)");
            h.ok = 0;
        } else if (lanes != 2) {
            diag_error(E->diag, c->list.items[0]->span, "an AIV region splits over 2 lanes, got %lld", (long long)lanes);
            h.ok = 0;
        }
        for (uint32_t i = 0; i < c->list2.n && h.ok; i++) {
            const AstNode *kw = c->list2.items[i];
            if (kw->name != E->n.mode) {
                diag_error(E->diag, kw->span, "pl.split_aiv() got an unexpected keyword argument '%s'", kw->name);
                h.ok = 0;
            } else if (!const_of(fc, kw->a, CV_SPLIT_MODE, "a pl.SplitMode such as pl.SplitMode.NONE", &mode)) {
                h.ok = 0;
            }
        }
        h.a.count = ir_const_int(E->ir, lanes, DT_INDEX, c->span);
        h.a.split = (uint8_t)mode;
    }
    if (s->list2.n) {
        diag_error(E->diag, s->list2.items[0]->span, "a %s loop has no else block", spmd ? "pl.spmd" : "pl.split_aiv");
        h.ok = 0;
    }
    if (target->kind != AST_NAME) {
        diag_error(E->diag, target->span, "the target of a %s loop is one name", spmd ? "pl.spmd" : "pl.split_aiv");
        h.ok = 0;
    } else {
        index = ir_var_new(E->ir, target->name, ir_type_scalar(E->ir, DT_INDEX), target->span);
    }
    elab_block_push(fc);
    scope_enter(&fc->scope);
    if (index) {
        elab_define_name(fc, target->name, &index->e, target->span);
        if (spmd) {
            /* for i in pl.spmd(n): i is the block index (01-statements.md). */
            const OpDef *op = op_by_id(OP_BLOCK_GET_BLOCK_IDX);
            OpError err;
            const IrType *t = op_deduce(E->ir, op, NULL, 0, NULL, 0, &err);
            const IrExpr *v = ir_call(E->ir, &op->callee, 0, NULL, 0, NULL, t, c->span);
            if (t->dtype != DT_INDEX)
                v = ir_unary(E->ir, UN_CAST, DT_INDEX, v, c->span);
            elab_emit(fc, ir_assign(E->ir, index, v, c->span));
        }
    }
    {
        /* the region's crossings split as it does (elab_op.c) */
        int outer = fc->split_aiv;
        if (split)
            fc->split_aiv = 1 + h.a.split;
        elab_block(fc, &s->list, 0);
        fc->split_aiv = outer;
    }
    scope_exit(&fc->scope, 1);
    body = elab_block_pop(fc, s->span);
    if (spmd && h.ok) {
        IrScopeAttrs inner;
        ir_scope_attrs_init(&inner);
        inner.split = h.a.split;
        inner.slot_num = h.a.slot_num;
        h.a.split = SPLIT_UNSET;
        h.a.slot_num = 0;
        body = ir_scope_attrs(E->ir, SCOPE_INCORE, inner.split != SPLIT_UNSET || inner.slot_num ? &inner : NULL, body,
                              body->span);
        /* As the with-form whose body is the carrier reads it back. */
        body = ir_seq(E->ir, STMT_SEQ, 1, &body, body->span);
    } else if (split) {
        h.a.index = index;
    }
    if (h.ok)
        finish(fc, s, &h, body, NULL);
    head_free(&h);
    return 1;
}

/* ------------------------------------------------------------- submits */

int elab_is_submit(Elab *E, const AstNode *e)
{
    return e && (elab_is_dsl_call(E, e, E->n.submit) || elab_is_dsl_call(E, e, E->n.spmd_submit));
}

/* The number of blocks core_num= gives a pl.spmd_submit; NULL after an
 * error (reported). */
static const IrExpr *core_num_of(FnCtx *fc, const AstNode *call)
{
    Elab *E = fc->E;
    const IrExpr *n;
    const IrType *t;
    int64_t k;
    for (uint32_t i = 0; i < call->list2.n; i++) {
        const AstNode *kw = call->list2.items[i];
        if (kw->name != E->n.core_num)
            continue;
        if (!(n = elab_expr(fc, kw->a)))
            return NULL;
        t = ir_expr_type(E->ir, n);
        if (t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
            char b[256];
            return elab_error(E, kw->a->span, "core_num= must be an integer scalar, got %s",
                              elab_type_str(E, t, b, sizeof b));
        }
        if (ir_dim_value(n, &k) && k < 1)
            return elab_error(E, kw->a->span, "pl.spmd_submit() needs at least one block, got %lld", (long long)k);
        return n;
    }
    return elab_error(E, call->span, "pl.spmd_submit() needs core_num=N: the number of blocks (the positional "
                                     "arguments are the kernel's)");
}

/* name = (the results bound to results_name..., tid), flat as pypto's
 * Submit type is; the task id alone when the kernel has no results. */
static void bind_submit_tuple(FnCtx *fc, const char *name, const char *results_name, const IrVar *tid, Span span)
{
    Elab *E = fc->E;
    const IrExpr *r = results_name ? scope_lookup(&fc->scope, results_name) : NULL;
    const IrType *rt = r && r != &elab_poison ? ir_expr_type(E->ir, r) : NULL;
    uint32_t nr = !rt ? 0 : rt->kind == TYPE_TUPLE ? rt->n : 1, n = 0;
    const IrExpr *el[ELAB_MAX_ARGS + 1];
    if (!tid || (results_name && !rt) || nr > ELAB_MAX_ARGS) {
        elab_define_name(fc, name, &elab_poison, span);
        return;
    }
    for (uint32_t i = 0; i < nr; i++)
        el[n++] = rt->kind == TYPE_TUPLE ? ir_tuple_get(E->ir, r, i, span) : r;
    el[n++] = &tid->e;
    /* The name stands for the values themselves, so that res[1] in deps=
     * is the task id (task ids are not values of orchestration code); a
     * kernel without results: the task id itself. */
    elab_define_name(fc, name, n == 1 ? el[0] : ir_make_tuple(E->ir, n, el, span), span);
}

void elab_submit(FnCtx *fc, const AstNode *target, const AstNode *call, Span span)
{
    Elab *E = fc->E;
    int spmd = elab_is_dsl_call(E, call, E->n.spmd_submit);
    const char *what = spmd ? "pl.spmd_submit()" : "pl.submit()";
    const char *const allowed_submit[] = {E->n.deps,      E->n.dumps, E->n.allow_early_resolve, E->n.predicate,
                                          E->n.attrs,     NULL};
    const char *const allowed_spmd[] = {E->n.deps,     E->n.allow_early_resolve, E->n.predicate, E->n.sync_start,
                                        E->n.core_num, E->n.attrs,               NULL};
    const AstNode *kernel = call->list.n ? call->list.items[0] : NULL;
    const AstNode *tid_target = NULL, *results = NULL;
    AstNode kcall, rtuple, assign, *attrs_kw[1];
    ScopeHead h;
    const IrStmt *body;
    const IrVar *tid = NULL;
    AstNode one_results, one_tid;
    const char *one = NULL;   /* res = pl.submit(...): res is (results..., task id) */
    if (target && target->kind == AST_NAME && kernel && kernel->kind == AST_ATTR) {
        /* The single-name form binds the flat tuple of the kernel's
         * results and the task id (pypto's _parse_submit_single_lhs): the
         * results go to _submit_tmp, the task id to _submit_tid. */
        Method *m = elab_method(E, kernel->name);
        one = target->name;
        memset(&one_tid, 0, sizeof one_tid);
        one_tid.kind = AST_NAME;
        one_tid.span = target->span;
        one_tid.name = intern_cstr(E->names, "_submit_tid");
        tid_target = &one_tid;
        if (!m || m->sig.nret) {
            one_results = one_tid;
            one_results.name = intern_cstr(E->names, "_submit_tmp");
            results = &one_results;
        }
        target = NULL;
    }
    /* The targets: results, then the task id (a, tid / (a, b), tid /
     * a, b, tid), or none. */
    if (target) {
        if ((target->kind != AST_TUPLE && target->kind != AST_LIST) || target->list.n < 2) {
            diag_error(E->diag, target->span, "%s returns the kernel's results and its task id: bind the task id "
                                              "to a name of its own (a, tid = %s)",
                       what, spmd ? "pl.spmd_submit(...)" : "pl.submit(...)");
            return;
        }
        tid_target = target->list.items[target->list.n - 1];
        if (target->list.n == 2) {
            results = target->list.items[0];
        } else {
            rtuple = *target;
            rtuple.list.n--;
            results = &rtuple;
        }
    }
    if (!kernel || kernel->kind != AST_ATTR || kernel->a->kind != AST_NAME || kernel->a->name != E->n.self) {
        diag_error(E->diag, kernel ? kernel->span : call->span,
                   "%s takes the kernel first, written self.<kernel> (02-submit.md); in a @pl.jit function, use "
                   "'with pl.at(..., deps=[...]) as tid:'",
                   what);
        return;
    }
    head_init(&h, SCOPE_SPMD);
    h.a.count = spmd ? core_num_of(fc, call) : ir_const_int(E->ir, 1, DT_INDEX, call->span);
    if (!h.a.count)
        h.ok = 0;
    else
        scope_keywords(fc, call, &h, spmd ? allowed_spmd : allowed_submit, what);
    /* The task: the kernel's call, its results assigned to the targets. */
    kcall = *call;
    kcall.a = (AstNode *)kernel;
    kcall.list.items = call->list.items + 1;
    kcall.list.n = call->list.n - 1;
    kcall.list2.n = 0;
    /* attrs={...} (arg_directions, ...) is the call's, as on a plain
     * call of the kernel. */
    for (uint32_t i = 0; i < call->list2.n; i++)
        if (call->list2.items[i]->name == E->n.attrs) {
            attrs_kw[0] = call->list2.items[i];
            kcall.list2.items = attrs_kw;
            kcall.list2.n = 1;
        }
    fc->submit_call = &kcall;
    fc->submit_block = fc->blocks.len - 1;
    elab_block_push(fc);
    scope_enter(&fc->scope);
    if (results) {
        memset(&assign, 0, sizeof assign);
        assign.kind = AST_ASSIGN;
        assign.span = span;
        assign.a = (AstNode *)results;
        assign.b = &kcall;
        elab_assign(fc, &assign);
    } else {
        elab_expr_stmt(fc, &kcall);
    }
    fc->submit_call = NULL;
    scope_exit(&fc->scope, 1);   /* the results are visible after the task */
    body = elab_block_pop(fc, call->span);
    if (h.ok && tid_target)
        tid = task_id_var(fc, tid_target);
    else if (h.ok && h.deps_at)
        tid = ir_var_new(E->ir, ir_name(E->ir, "_"), ir_type_scalar(E->ir, DT_TASK_ID), call->span);
    if (h.ok && tid_target && !tid)
        h.ok = 0;
    if (h.ok)
        finish(fc, call, &h, body, tid);
    else if (tid_target && tid_target->kind == AST_NAME)
        elab_define_name(fc, tid_target->name, &elab_poison, tid_target->span);
    if (one)
        bind_submit_tuple(fc, one, results ? results->name : NULL, h.ok ? tid : NULL, span);
    head_free(&h);
}
