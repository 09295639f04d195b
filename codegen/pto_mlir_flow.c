/* pto_mlir_flow.c: the PTO MLIR emitter's statements: scf.for, scf.while
 * and scf.if with the values they carry (pto-mlir.md 7), yields into
 * carried buffers, and assignments. */
#include "config.h"
#include "codegen/pto_mlir_internal.h"

/* ----------------------------------------------------------- statements */

/* A Tile value yielded to a carried buffer is defined directly into it. */
static void preset_yield(Emitter *E, const IrStmt *body, const Region *R)
{
    const IrValues *y = ir_body_yield(body);
    if (!y)
        return;
    for (uint32_t k = 0; k < y->n && k < R->n; k++) {
        const IrExpr *x = y->values[k];
        if (R->carried[k] && R->carried[k] != &E->poison && x->kind == EXPR_VAR && !ptrmap_get(&E->values, x) &&
            !ptrmap_get(&E->preset, x))
            ptrmap_put(&E->preset, x, (void *)R->carried[k]);
    }
}

static Region *new_region(Emitter *E, IrStmtKind kind, uint32_t n, const IrVar *const *ret)
{
    Region *R = arena_zalloc(&E->arena, sizeof *R);
    R->kind = kind;
    R->n = n;
    R->ret = ret;
    R->carried = arena_zalloc(&E->arena, (n ? n : 1) * sizeof *R->carried);
    R->views = arena_zalloc(&E->arena, (n ? n : 1) * sizeof *R->views);
    return R;
}

static void emit_body(Emitter *E, Region *R, const IrStmt *body)
{
    R->up = E->region;
    E->region = R;
    E->indent += 2;
    E->depth++;
    pm_emit_stmt(E, body);
    E->depth--;
    E->indent -= 2;
    E->region = R->up;
}

static int is_scalar_var(const IrVar *v) { return v->type->kind == TYPE_SCALAR; }

static void emit_yield(Emitter *E, const IrValues *y, Span sp)
{
    Region *R = E->region;
    const Value *vals[64];
    uint32_t nv = 0;
    StrBuf *o;
    if (!R) {
        pm_err(E, sp, "a yield outside a loop or if");
        return;
    }
    if (y->n != R->n) {
        pm_err(E, sp, "this yield has %u values for %u results", y->n, R->n);
        return;
    }
    R->yielded = 1;
    for (uint32_t k = 0; k < y->n; k++) {
        const IrVar *r = R->ret[k];
        const IrExpr *x = y->values[k];
        if (is_scalar_var(r)) {
            const Value *v = pm_scalar(E, x, r->type->dtype, 0, NULL);
            if (nv < sizeof vals / sizeof vals[0])
                vals[nv++] = v;
        } else if (r->type->kind == TYPE_TILE) {
            const Value *v = x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG ? pm_lookup(E, x) : NULL;
            if (v == &E->poison)
                continue;
            if (!v || v->sc != SC_NONE) {
                pm_err(E, pm_span_of(E, x), "a tile variable is expected here");
                continue;
            }
            if (R->carried[k] && R->carried[k] != &E->poison && !pm_same_buffer(E, v, R->carried[k]))
                pm_err(E, pm_span_of(E, x), "the yielded tile '%s' is not in the carried buffer %s%s",
                       IR_AS(IrVar, x)->name,
                       R->carried[k]->name,
                       E->o->addr ? "" : " (without addresses a loop-carried tile must be defined in its body)");
        } else if (r->type->kind == TYPE_TENSOR) {
            const View *v = pm_view_of(E, x);
            if (!v)
                continue;
            if (!R->views[k])
                R->views[k] = v;
            else if (R->views[k] != v)
                pm_err(E, pm_span_of(E, x), "the yielded tensor is not the carried tensor %s", R->views[k]->name);
        } else {
            pm_err(E, pm_span_of(E, x), "a value of this type cannot be yielded in a kernel");
        }
    }
    if (nv == 0) {
        if (R->kind == STMT_WHILE)
            sb_puts(pm_line(E), "scf.yield\n");
        return;
    }
    o = pm_line(E);
    sb_puts(o, "scf.yield ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", vals[k]->name);
    sb_puts(o, " : ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", vals[k]->type);
    sb_putc(o, '\n');
}

/* Binds loop-carried Tiles and Tensors to their init values; returns the
 * number of scalar positions and fills the scalar inits. */
static uint32_t carry_inits(Emitter *E, Region *R, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret,
                            const Value **init)
{
    uint32_t ns = 0;
    for (uint32_t k = 0; k < n; k++) {
        const IrVar *a = &it[k]->v;
        const IrExpr *x = it[k]->init;
        init[k] = NULL;
        if (is_scalar_var(a)) {
            init[k] = pm_scalar(E, x, a->type->dtype, 0, NULL);
            ns++;
        } else if (a->type->kind == TYPE_TILE) {
            const Value *v = x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG ? pm_lookup(E, x) : NULL;
            if (!v || v->sc != SC_NONE) {
                pm_err(E, pm_span_of(E, x), "a tile variable is expected as the initial value of '%s'", a->name);
                continue;
            }
            R->carried[k] = v;
            bind(E, a, v);
            bind(E, ret[k], v);
        } else if (a->type->kind == TYPE_TENSOR) {
            const View *v = pm_view_of(E, x);
            if (!v)
                continue;
            R->views[k] = v;
            ptrmap_put(&E->views, a, (void *)v);
            ptrmap_put(&E->views, ret[k], (void *)v);
        } else {
            pm_err(E, a->e.span, "the loop-carried value '%s' cannot be emitted", a->name);
        }
    }
    return ns;
}

/* "(index, f32)" or, for one, "index" unless parens is set. */
static void type_list(StrBuf *o, const IrVar *const *v, uint32_t n, int parens)
{
    uint32_t ns = 0, k = 0;
    for (uint32_t i = 0; i < n; i++)
        ns += is_scalar_var(v[i]);
    if (parens || ns != 1)
        sb_putc(o, '(');
    for (uint32_t i = 0; i < n; i++)
        if (is_scalar_var(v[i]))
            sb_printf(o, "%s%s", k++ ? ", " : "", sc_text[pm_sc_of(v[i]->type->dtype, 0)]);
    if (parens || ns != 1)
        sb_putc(o, ')');
}

/* Names the scalar results and writes "%a, %b = ". */
static void result_list(Emitter *E, StrBuf *o, const IrVar *const *ret, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!is_scalar_var(ret[i]))
            continue;
        const Value *v = pm_scalar_value(E, pm_result_name(E, ret[i]), pm_sc_of(ret[i]->type->dtype, 0),
                                         dtype_is_unsigned_int((DataType)ret[i]->type->dtype));
        bind(E, ret[i], v);
        sb_printf(o, "%s%s", k++ ? ", " : "", v->name);
    }
    if (k)
        sb_puts(o, " = ");
}

static void check_scalar_type(Emitter *E, const IrVar *v)
{
    if (is_scalar_var(v) && pm_sc_of(v->type->dtype, 0) == SC_NONE)
        pm_err(E, v->e.span, "'%s' has data type %s, which has no MLIR scalar type", v->name,
               dtype_name((DataType)v->type->dtype));
}

static void emit_for(Emitter *E, const IrFor *f)
{
    Region *R = new_region(E, STMT_FOR, f->niter, f->ret);
    const Value *lb = index_value(E, f->start), *ub = index_value(E, f->stop), *st = index_value(E, f->step);
    const Value **init = arena_zalloc(&E->arena, (f->niter ? f->niter : 1) * sizeof *init);
    uint32_t ns;
    StrBuf *o;
    const char *iv;
    for (uint32_t k = 0; k < f->niter; k++)
        check_scalar_type(E, f->ret[k]);
    ns = carry_inits(E, R, f->niter, f->iter_args, f->ret, init);
    preset_yield(E, f->body, R);
    o = pm_line(E);
    result_list(E, o, f->ret, f->niter);
    iv = pm_result_name(E, f->loop_var);
    bind(E, f->loop_var, pm_scalar_value(E, iv, SC_INDEX, 0));
    if (pm_sc_of(f->loop_var->type->dtype, 0) != SC_INDEX)
        pm_err(E, f->loop_var->e.span, "the loop variable '%s' must be INT64", f->loop_var->name);
    sb_printf(o, "scf.for %s = %s to %s step %s ", iv, lb->name, ub->name, st->name);
    if (ns) {
        uint32_t k = 0;
        sb_puts(o, "iter_args(");
        for (uint32_t i = 0; i < f->niter; i++) {
            const IrVar *a = &f->iter_args[i]->v;
            if (!is_scalar_var(a))
                continue;
            const Value *v = pm_scalar_value(E, pm_result_name(E, a), pm_sc_of(a->type->dtype, 0),
                                             dtype_is_unsigned_int((DataType)a->type->dtype));
            bind(E, a, v);
            sb_printf(o, "%s%s = %s", k++ ? ", " : "", v->name, init[i] ? init[i]->name : "%undef");
        }
        sb_puts(o, ") -> ");
        type_list(o, f->ret, f->niter, 1);
        sb_putc(o, ' ');
    }
    sb_puts(o, "{\n");
    emit_body(E, R, f->body);
    if (ns && !R->yielded)
        pm_err(E, f->s.span, "this loop has no yield for its loop-carried values");
    sb_puts(pm_line(E), "}\n");
}

static void emit_while(Emitter *E, const IrWhile *w)
{
    Region *R = new_region(E, STMT_WHILE, w->niter, w->ret);
    const Value **init = arena_zalloc(&E->arena, (w->niter ? w->niter : 1) * sizeof *init);
    const Value *cond;
    uint32_t ns, k = 0;
    StrBuf *o;
    for (uint32_t i = 0; i < w->niter; i++)
        check_scalar_type(E, w->ret[i]);
    ns = carry_inits(E, R, w->niter, w->iter_args, w->ret, init);
    preset_yield(E, w->body, R);
    o = pm_line(E);
    result_list(E, o, w->ret, w->niter);
    sb_puts(o, "scf.while ");
    if (ns) {
        sb_putc(o, '(');
        for (uint32_t i = 0; i < w->niter; i++) {
            const IrVar *a = &w->iter_args[i]->v;
            if (!is_scalar_var(a))
                continue;
            const Value *v = pm_scalar_value(E, pm_result_name(E, a), pm_sc_of(a->type->dtype, 0),
                                             dtype_is_unsigned_int((DataType)a->type->dtype));
            bind(E, a, v);
            sb_printf(o, "%s%s = %s", k++ ? ", " : "", v->name, init[i] ? init[i]->name : "%undef");
        }
        sb_puts(o, ") ");
    }
    sb_puts(o, ": ");
    type_list(o, w->ret, w->niter, 1);
    sb_puts(o, " -> ");
    type_list(o, w->ret, w->niter, 0);
    sb_puts(o, " {\n");
    /* The "before" region: the condition, on the iter_args. */
    E->indent += 2;
    E->depth++;
    cond = pm_scalar(E, w->cond, DT_BOOL, 0, NULL);
    o = pm_line(E);
    sb_printf(o, "scf.condition(%s)", cond->name);
    if (ns) {
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (is_scalar_var(&w->iter_args[i]->v))
                sb_printf(o, "%s%s", k++ ? ", " : " ", ((const Value *)ptrmap_get(&E->values, w->iter_args[i]))->name);
        sb_puts(o, " : ");
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (is_scalar_var(&w->iter_args[i]->v))
                sb_printf(o, "%s%s", k++ ? ", " : "", sc_text[pm_sc_of(w->iter_args[i]->v.type->dtype, 0)]);
    }
    sb_putc(o, '\n');
    E->depth--;
    E->indent -= 2;
    sb_puts(pm_line(E), "} do {\n");
    /* The "after" region gets the same values as fresh block arguments. */
    if (ns) {
        o = pm_line(E);
        sb_puts(o, "^bb0(");
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++) {
            const IrVar *a = &w->iter_args[i]->v;
            if (!is_scalar_var(a))
                continue;
            const Value *v = pm_scalar_value(E, mlir_name_claim(&E->names, a->name, "_b"), pm_sc_of(a->type->dtype, 0),
                                             dtype_is_unsigned_int((DataType)a->type->dtype));
            bind(E, a, v);
            sb_printf(o, "%s%s: %s", k++ ? ", " : "", v->name, v->type);
        }
        sb_puts(o, "):\n");
    }
    emit_body(E, R, w->body);
    if (!R->yielded) {
        if (ns)
            pm_err(E, w->s.span, "this loop has no yield for its loop-carried values");
        else {
            E->indent += 2;
            sb_puts(pm_line(E), "scf.yield\n");
            E->indent -= 2;
        }
    }
    sb_puts(pm_line(E), "}\n");
}

static void emit_if(Emitter *E, const IrIf *f)
{
    Region *R = new_region(E, STMT_IF, f->nret, f->ret);
    const Value *cond = pm_scalar(E, f->cond, DT_BOOL, 0, NULL);
    uint32_t ns = 0;
    StrBuf *o;
    for (uint32_t k = 0; k < f->nret; k++) {
        const IrVar *r = f->ret[k];
        check_scalar_type(E, r);
        if (is_scalar_var(r))
            ns++;
        else if (r->type->kind == TYPE_TILE)
            R->carried[k] = pm_def_tile(E, r, r->e.span, 0, NULL);   /* its alloc precedes the scf.if */
        else if (r->type->kind != TYPE_TENSOR)
            pm_err(E, r->e.span, "the if result '%s' cannot be emitted", r->name);
    }
    preset_yield(E, f->then_body, R);
    if (f->else_body)
        preset_yield(E, f->else_body, R);
    o = pm_line(E);
    result_list(E, o, f->ret, f->nret);
    sb_printf(o, "scf.if %s ", cond->name);
    if (ns) {
        sb_puts(o, "-> ");
        type_list(o, f->ret, f->nret, 1);
        sb_putc(o, ' ');
    }
    sb_puts(o, "{\n");
    emit_body(E, R, f->then_body);
    if (f->nret && !R->yielded)
        pm_err(E, f->s.span, "the then-branch has no yield for the results of this if");
    if (f->else_body) {
        /* An else branch that emits nothing is left out. */
        StrBuf *outer = E->out, text;
        sb_init(&text);
        if (E->pass == 2)
            E->out = &text;
        R->yielded = 0;
        emit_body(E, R, f->else_body);
        E->out = outer;
        if (f->nret && !R->yielded)
            pm_err(E, f->s.span, "the else-branch has no yield for the results of this if");
        if (text.len) {
            sb_puts(pm_line(E), "} else {\n");
            sb_put(E->out, text.data, text.len);
        }
        sb_free(&text);
    } else if (ns) {
        pm_err(E, f->s.span, "an if with results needs an else-branch");
    }
    sb_puts(pm_line(E), "}\n");
    for (uint32_t k = 0; k < f->nret; k++)
        if (f->ret[k]->type->kind == TYPE_TENSOR && R->views[k])
            ptrmap_put(&E->views, f->ret[k], (void *)R->views[k]);
}

static void emit_assign(Emitter *E, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL: {
        unsigned errors = E->errors;
        pm_emit_call(E, v, IR_AS(IrCall, x));
        /* A failed op leaves its result undefined: uses stay quiet. */
        if (E->errors != errors && !ptrmap_get(&E->values, v) && !ptrmap_get(&E->views, v)) {
            if (v->type->kind == TYPE_TENSOR)
                ptrmap_put(&E->views, v, &E->poison_view);
            else
                bind(E, v, &E->poison);
        }
        return;
    }
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        /* A copy names the same value, buffer or view. */
        if (v->type->kind == TYPE_TENSOR) {
            const View *w = pm_view_of(E, x);
            if (w)
                ptrmap_put(&E->views, v, (void *)w);
        } else if (v->type->kind == TYPE_TILE) {
            const Value *w = pm_lookup(E, x), *pre = ptrmap_get(&E->preset, v);
            if (pre && !pm_same_buffer(E, w, pre))
                pm_err(E, a->s.span, "the tile '%s' is yielded into %s but is a copy of %s", v->name, pre->name,
                       w->name);
            bind(E, v, w);
        } else if (is_scalar_var(v)) {
            check_scalar_type(E, v);
            bind(E, v, pm_scalar(E, x, v->type->dtype, 0, v));
        }
        return;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (!is_scalar_var(v)) {
            pm_err(E, a->s.span, "'%s' cannot be emitted", v->name);
            return;
        }
        check_scalar_type(E, v);
        bind(E, v, pm_scalar(E, x, v->type->dtype, 0, v));
        return;
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *m = IR_AS(IrMakeTuple, x);
        Tuple *t = arena_zalloc(&E->arena, sizeof *t);
        t->n = m->n;
        t->vals = arena_zalloc(&E->arena, (m->n ? m->n : 1) * sizeof *t->vals);
        t->views = arena_zalloc(&E->arena, (m->n ? m->n : 1) * sizeof *t->views);
        for (uint32_t i = 0; i < m->n; i++) {
            const IrExpr *el = m->elems[i];
            const IrType *et = ir_expr_type(E->ir, el);
            if (et->kind == TYPE_SCALAR)
                t->vals[i] = pm_scalar(E, el, et->dtype, 0, NULL);
            else if (et->kind == TYPE_TILE && ir_is_var_like(el))
                t->vals[i] = pm_lookup(E, el);
            else if (et->kind == TYPE_TENSOR)
                t->views[i] = pm_view_of(E, el);
            else
                pm_err(E, a->s.span, "this tuple element cannot be emitted inside a kernel");
        }
        ptrmap_put(&E->tuples, v, t);
        return;
    }
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const Tuple *t = ir_is_var_like(g->tuple) ? ptrmap_get(&E->tuples, g->tuple) : NULL;
        if (!t || g->index >= t->n) {
            pm_err(E, a->s.span, "only tuples built in the kernel can be unpacked");
            return;
        }
        if (t->views[g->index])
            ptrmap_put(&E->views, v, (void *)t->views[g->index]);
        else if (t->vals[g->index] && is_scalar_var(v))
            bind(E, v, pm_convert(E, t->vals[g->index], v->type->dtype, 0, NULL, a->s.span));
        else if (t->vals[g->index])
            bind(E, v, t->vals[g->index]);
        return;
    }
    default:
        pm_err(E, a->s.span, "this value cannot be emitted inside a kernel");
        return;
    }
}

void pm_emit_stmt(Emitter *E, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        E->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        /* After an error, a definition that gave its variable no value
         * (it failed, or an operand had) leaves it poisoned, so that its
         * uses say nothing more: one error per mistake. */
        const IrAssign *a = IR_AS(IrAssign, s);
        emit_assign(E, a);
        if (E->diag->errors != 0 && !ptrmap_get(&E->values, a->var) && !ptrmap_get(&E->views, a->var))
            ptrmap_put(&E->values, a->var, (void *)&E->poison);
        break;
    }
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            pm_emit_call(E, NULL, IR_AS(IrCall, x));
        break;
    }
    case STMT_YIELD:
        emit_yield(E, IR_AS(IrValues, s), s->span);
        break;
    case STMT_RETURN:
        /* The kernel has no results; only a return at the end is allowed. */
        if (E->depth)
            pm_err(E, s->span, "a return inside control flow cannot be emitted in a kernel");
        break;
    case STMT_IF:
        emit_if(E, IR_AS(IrIf, s));
        break;
    case STMT_FOR:
        emit_for(E, IR_AS(IrFor, s));
        break;
    case STMT_WHILE:
        emit_while(E, IR_AS(IrWhile, s));
        break;
    case STMT_SCOPE:
        pm_emit_stmt(E, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            pm_emit_stmt(E, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}
