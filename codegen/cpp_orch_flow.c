/* cpp_orch_flow.c: the orchestration emitter's loops and ifs: the C++
 * variables of their carried values, the yields into them, scoped bodies,
 * and the statement switch. */
#include "config.h"
#include "codegen/cpp_orch_internal.h"

static OName *carried_name(Orch *O, const IrVar *r, const char *name)
{
    int kind = orch_kind_of(r->type);
    OName *n = visible(O, name);
    if (n && n->kind == kind &&
        (kind == ON_TENSOR || (kind == ON_ARRAY ? n->type == r->type : n->dtype == r->type->dtype)))
        return n;
    return NULL;
}

/* 0 when v can be carried (a tensor, a scalar or an array), 1 when it
 * needs no C++ (a kernel call's tuple is its output arguments, which are
 * carried themselves), -1 after an error. */
static int check_carried(Orch *O, const IrVar *v)
{
    if (orch_kind_of(v->type) >= 0)
        return 0;
    if (v->type->kind == TYPE_TUPLE)
        return 1;
    orch_err(O, v->e.span, "'%s' cannot be carried in orchestration code", v->name);
    return -1;
}

/* The yield ending a loop body or a branch: "x = <value>;" per position,
 * left out where it would be "x = x". */
static void emit_yield(Orch *O, const IrValues *y, OName *const *names, uint32_t n)
{
    if (y->n != n) {
        orch_err(O, y->s.span, "this yield has %u values for %u results", y->n, n);
        return;
    }
    for (uint32_t k = 0; k < n; k++) {
        StrBuf t;
        const OVal *v = NULL;
        if (!names[k])
            continue;
        sb_init(&t);
        if (names[k]->kind == ON_TENSOR && (v = orch_tensor_value(O, y->values[k], 1)))
            sb_puts(&t, v->text);
        if ((names[k]->kind == ON_TENSOR ? v != NULL : orch_value_text(O, &t, y->values[k]) == 0) &&
            !(t.len == strlen(names[k]->name) && memcmp(t.data, names[k]->name, t.len) == 0) &&
            orch_assign(O, names[k], y->s.span) == 0)
            sb_printf(orch_line(O), "%s = %.*s;\n", names[k]->name, (int)t.len, t.data);
        sb_free(&t);
    }
}

/* A body in "PTO2_SCOPE(rt) { ... }", the yield last. */
static void emit_scoped_body(Orch *O, const IrStmt *body, OName *const *names, uint32_t n)
{
    const IrValues *y = ir_body_yield(body);
    sb_puts(orch_line(O), "PTO2_SCOPE(rt) {\n");
    O->indent += 4;
    scope_open(O);
    if (y) {
        /* Everything but the yield, then the yield. */
        const IrStmt *b = body;
        while (b->kind == STMT_SEQ || b->kind == STMT_OPS) {
            const IrSeq *q = IR_AS(IrSeq, b);
            for (uint32_t i = 0; i + 1 < q->n; i++)
                orch_emit_stmt(O, q->stmts[i]);
            if (!q->n)
                break;
            b = q->stmts[q->n - 1];
        }
        O->stmt_span = y->s.span;
        emit_yield(O, y, names, n);
    } else {
        orch_emit_stmt(O, body);
        if (n)
            orch_err(O, body->span, "this body has no yield for its %u results", n);
    }
    orch_scope_close(O);
    O->indent -= 4;
    sb_puts(orch_line(O), "}\n");
    O->rt_used = 1;
}

/* A carried scalar that starts as a kernel's scalar result (which
 * orchestration code does not receive, emit_task): it and the loop's
 * result are such too, and have no C++ variable; 1 when so. */
static int carries_kernel_scalar(Orch *O, const IrVar *a, const IrExpr *init, const IrVar *ret)
{
    if (a->type->kind != TYPE_SCALAR || !ir_is_var_like(init) || !ptrmap_get(&O->kernel_scalars, init))
        return 0;
    ptrmap_put(&O->kernel_scalars, a, ptrmap_get(&O->kernel_scalars, init));
    if (ret)
        ptrmap_put(&O->kernel_scalars, ret, ptrmap_get(&O->kernel_scalars, init));
    return 1;
}

/* "<type> name = <init>;" (or an assignment, or nothing) for carried
 * position k before a loop; the name, or NULL after an error. */
static OName *carry_init(Orch *O, const IrVar *a, const IrExpr *init)
{
    const char *name = cname(O, a);
    OName *n = carried_name(O, a, name);
    StrBuf t;
    if (check_carried(O, a) != 0)
        return NULL;
    sb_init(&t);
    if (a->type->kind == TYPE_TENSOR) {
        const OVal *v = orch_tensor_value(O, init, 1);
        if (!v) {
            sb_free(&t);
            return NULL;
        }
        sb_puts(&t, v->text);
    } else if (orch_value_text(O, &t, init) != 0) {
        sb_free(&t);
        return NULL;
    }
    if (n) {
        if (!(t.len == strlen(name) && memcmp(t.data, name, t.len) == 0)) {
            if (orch_assign(O, n, O->stmt_span) != 0)
                n = NULL;
            else
                sb_printf(orch_line(O), "%s = %.*s;\n", name, (int)t.len, t.data);
        }
    } else {
        int kind = orch_kind_of(a->type);
        n = orch_declare(O, name, kind, a->type->dtype, kind == ON_ARRAY ? a->type : NULL);
        sb_printf(orch_line(O), "%s%s %s = %.*s;\n", decl_attr(a->type), orch_type_name(O, a->type), name, (int)t.len,
                  t.data);
    }
    sb_free(&t);
    if (n)
        orch_bind_name(O, a, n);
    return n;
}

/* A loop's body after its header line, its closing brace, and the
 * binding of its results to the carried C++ variables; loop_var, when
 * given, is declared in the body's scope. */
static void emit_loop_body(Orch *O, const IrStmt *body, OName *const *names, uint32_t n, const IrVar *const *ret,
                           const IrVar *loop_var)
{
    uint32_t saved_loop = O->loop_depth;
    for (uint32_t k = 0; k < n; k++)
        if (names[k])
            names[k]->carried++;
    O->indent += 4;
    scope_open(O);
    if (loop_var)
        orch_bind_name(O, loop_var, orch_declare(O, cname(O, loop_var), ON_SCALAR, DT_INT64, NULL));
    O->loop_depth = O->depth;
    emit_scoped_body(O, body, names, n);
    O->loop_depth = saved_loop;
    orch_scope_close(O);
    O->indent -= 4;
    sb_puts(orch_line(O), "}\n");
    for (uint32_t k = 0; k < n; k++)
        if (names[k]) {
            names[k]->carried--;
            orch_bind_name(O, ret[k], names[k]);
        }
}

/* Does the walked code call system.syncall (data: the plan, when calls of
 * kernels count by what those kernels call)? */
typedef struct SyncallFind {
    const CppPlan *plan;
    int found;
} SyncallFind;

static int find_syncall(IrWalker *w, const IrExpr *e)
{
    SyncallFind *sf = w->data;
    const IrCall *c;
    if (sf->found || e->kind != EXPR_CALL)
        return !sf->found;
    c = IR_AS(IrCall, e);
    if (c->callee->kind == CALLEE_OP)
        sf->found = callee_op(c->callee)->id == OP_SYSTEM_SYNCALL || callee_op(c->callee)->id == OP_SYSTEM_SYNCALL_SOFT;
    else if (c->callee->kind == CALLEE_GLOBAL && sf->plan) {
        const CppKernel *k = cpp_plan_kernel(sf->plan, c->callee->name);
        if (k && k->f) {
            SyncallFind in = {NULL, 0};
            IrWalker kw = {find_syncall, NULL, NULL, &in};
            ir_walk_func(&kw, k->f);
            sf->found = in.found;
        }
    }
    return !sf->found;
}

/* A parallel loop whose tasks meet at a system.syncall barrier is one
 * launch of that many blocks (a pl.spmd launch, LowerPlacement): the
 * runtime runs its tasks as the blocks of one launch, which the barrier
 * joins. */
static int loop_is_syncall_launch(Orch *O, const IrFor *f)
{
    SyncallFind sf = {O->plan, 0};
    IrWalker w = {find_syncall, NULL, NULL, &sf};
    if (f->s.sub != FOR_PARALLEL)
        return 0;
    ir_walk_stmt(&w, f->body);
    return sf.found;
}

static void emit_for(Orch *O, const IrFor *f)
{
    OName **names = arena_zalloc(&O->arena, (f->niter ? f->niter : 1) * sizeof *names);
    const char *iv = cname(O, f->loop_var);
    StrBuf hdr;
    int64_t step;
    int bad = 0, launch;

    for (uint32_t k = 0; k < f->niter; k++)
        if (!carries_kernel_scalar(O, &f->iter_args[k]->v, f->iter_args[k]->init, f->ret[k]))
            bad |= !(names[k] = carry_init(O, &f->iter_args[k]->v, f->iter_args[k]->init)) &&
                   f->iter_args[k]->v.type->kind != TYPE_TUPLE;
    if (ir_dim_value(f->step, &step) && step <= 0) {
        orch_err(O, orch_span_of(O, f->step),
                 "the loop step is %" PRId64 "; C++ loops count up, so the step must be positive",
                 step);
        bad = 1;
    }
    launch = !bad && loop_is_syncall_launch(O, f);
    if (launch) {
        StrBuf n;
        sb_init(&n);
        sb_puts(&n, "pyptocc::launch_begin(rt, ((");
        bad |= orch_expr(O, &n, f->stop) != 0;
        sb_puts(&n, ") - (");
        bad |= orch_expr(O, &n, f->start) != 0;
        sb_puts(&n, ") + (");
        bad |= orch_expr(O, &n, f->step) != 0;
        sb_puts(&n, ") - 1) / (");
        bad |= orch_expr(O, &n, f->step) != 0;
        sb_puts(&n, "));\n");
        if (!bad)
            sb_put(orch_line(O), n.data, n.len);
        sb_free(&n);
    }
    sb_init(&hdr);
    sb_printf(&hdr, "for (int64_t %s = ", iv);
    bad |= orch_expr(O, &hdr, f->start) != 0;
    sb_printf(&hdr, "; %s < ", iv);
    bad |= orch_expr(O, &hdr, f->stop) != 0;
    sb_printf(&hdr, "; %s += ", iv);
    bad |= orch_expr(O, &hdr, f->step) != 0;
    if (!bad)
        sb_printf(orch_line(O), "%.*s) {\n", (int)hdr.len, hdr.data);
    sb_free(&hdr);
    if (bad)
        return;
    emit_loop_body(O, f->body, names, f->niter, f->ret, f->loop_var);
    if (launch)
        sb_puts(orch_line(O), "pyptocc::launch_end(rt);\n");
}

/* "while (<cond>) { PTO2_SCOPE(rt) { ... } }" with the carried values
 * declared before it, as a for's (pyptocc; cpp.md 6.2 has for and if).
 * The condition reads the carried variables, which the yield updates. */
static void emit_while(Orch *O, const IrWhile *w)
{
    OName **names = arena_zalloc(&O->arena, (w->niter ? w->niter : 1) * sizeof *names);
    StrBuf cond;
    int bad = 0;
    for (uint32_t k = 0; k < w->niter; k++)
        if (!carries_kernel_scalar(O, &w->iter_args[k]->v, w->iter_args[k]->init, w->ret[k]))
            bad |= !(names[k] = carry_init(O, &w->iter_args[k]->v, w->iter_args[k]->init)) &&
                   w->iter_args[k]->v.type->kind != TYPE_TUPLE;
    sb_init(&cond);
    bad |= orch_expr(O, &cond, w->cond) != 0;
    if (!bad)
        sb_printf(orch_line(O), "while (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    if (bad) {
        for (uint32_t k = 0; k < w->niter; k++)
            ptrmap_put(&O->vals, w->ret[k], &O->poison);
        return;
    }
    emit_loop_body(O, w->body, names, w->niter, w->ret, NULL);
}

static void emit_if(Orch *O, const IrIf *f)
{
    OName **names = arena_zalloc(&O->arena, (f->nret ? f->nret : 1) * sizeof *names);
    uint32_t mark = O->nundo, nthen;
    StrBuf cond;
    int bad = 0;
    /* Results: "<ctype> x;" before the if. */
    for (uint32_t k = 0; k < f->nret; k++) {
        const IrVar *r = f->ret[k];
        const char *name = cname(O, r);
        int c = check_carried(O, r);
        if (c != 0) {
            bad |= c < 0;
            continue;
        }
        if (!(names[k] = carried_name(O, r, name))) {
            int kind = orch_kind_of(r->type);
            names[k] = orch_declare(O, name, kind, r->type->dtype, kind == ON_ARRAY ? r->type : NULL);
            sb_printf(orch_line(O), "%s%s %s;\n", decl_attr(r->type), orch_type_name(O, r->type), name);
        }
    }
    sb_init(&cond);
    bad |= orch_expr(O, &cond, f->cond) != 0;
    if (!bad)
        sb_printf(orch_line(O), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    if (bad)
        return;
    O->indent += 4;
    emit_scoped_body(O, f->then_body, names, f->nret);
    nthen = O->nundo;
    if (f->else_body) {
        /* The else branch sees the values from before the if. */
        for (uint32_t i = nthen; i-- > mark;)
            O->undo[i].name->version = O->undo[i].version;
        O->indent -= 4;
        sb_puts(orch_line(O), "} else {\n");
        O->indent += 4;
        emit_scoped_body(O, f->else_body, names, f->nret);
        /* After the if, what either branch assigned has changed. */
        for (uint32_t i = mark; i < nthen; i++)
            O->undo[i].name->version = ++O->versions;
    } else if (f->nret) {
        orch_err(O, f->s.span, "an if with results needs an else-branch");
    }
    O->indent -= 4;
    sb_puts(orch_line(O), "}\n");
    for (uint32_t k = 0; k < f->nret; k++)
        if (names[k])
            orch_bind_name(O, f->ret[k], names[k]);
}

/* The scalars the function returns, written into their slots' memory
 * (rank-0 Out arguments), as a tensor.read reads an argument's memory. */
static void emit_scalar_results(Orch *O)
{
    const CppPlan *plan = O->plan;
    for (uint32_t i = 0; i < plan->nslots; i++) {
        const CppSlot *slot = &plan->slots[i];
        StrBuf v;
        if (!slot->value)
            continue;
        sb_init(&v);
        if (orch_expr(O, &v, slot->value) == 0)
            sb_printf(orch_line(O), "static_cast<%s*>(arg_%s_ptr)[0] = %.*s;\n",
                      cpp_ctype((DataType)slot->type->dtype), cpp_ident(O->ir, slot->name, reserved), (int)v.len,
                      v.data);
        sb_free(&v);
    }
}

void orch_emit_stmt(Orch *O, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        O->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        orch_emit_assign(O, IR_AS(IrAssign, s));
        break;
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            orch_emit_call(O, NULL, IR_AS(IrCall, x));
        else
            orch_err(O, s->span, "this statement cannot be emitted in orchestration code");
        break;
    }
    case STMT_YIELD:
        orch_err(O, s->span, "a yield must end the body of a loop or an if");
        break;
    case STMT_RETURN:
        if (O->depth > 1)
            orch_err(O, s->span, "a return inside control flow cannot be emitted in orchestration code");
        else
            emit_scalar_results(O);
        break;
    case STMT_IF:
        emit_if(O, IR_AS(IrIf, s));
        break;
    case STMT_FOR:
        emit_for(O, IR_AS(IrFor, s));
        break;
    case STMT_WHILE:
        emit_while(O, IR_AS(IrWhile, s));
        break;
    case STMT_SCOPE:
        orch_err(O, s->span, "a 'with pl.incore()' scope cannot be emitted in orchestration code; run "
                             "outline_incore_scopes");
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            orch_emit_stmt(O, q->stmts[i]);
        break;
    }
    case STMT_BREAK:   /* none after CtrlFlowTransform */
    case STMT_CONTINUE:
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}
