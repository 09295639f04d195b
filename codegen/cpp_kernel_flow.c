/* cpp_kernel_flow.c: the C++ kernel emitter's statements: for, while and
 * if with the values they carry (cpp.md 4.5), yields, and assignments. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"

/* ----------------------------------------------------------- statements */

static Region *new_region(Kern *K, uint32_t n, const IrVar *const *ret)
{
    Region *R = arena_zalloc(&K->arena, sizeof *R);
    R->n = n;
    R->ret = ret;
    R->carried = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *R->carried);
    R->param = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *R->param);
    return R;
}

static void emit_body(Kern *K, Region *R, const IrStmt *body)
{
    R->up = K->region;
    K->region = R;
    K->depth++;
    ck_emit_stmt(K, body);
    K->depth--;
    K->region = R->up;
}

static int is_scalar_var(const IrVar *v) { return v->type->kind == TYPE_SCALAR; }

static void emit_yield(Kern *K, const IrValues *y, Span sp)
{
    Region *R = K->region;
    if (!R) {
        ck_err(K, sp, "a yield outside a loop or if");
        return;
    }
    if (y->n != R->n) {
        ck_err(K, sp, "this yield has %u values for %u results", y->n, R->n);
        return;
    }
    R->yielded = 1;
    for (uint32_t k = 0; k < y->n; k++) {
        const IrVar *r = R->ret[k];
        const IrExpr *x = y->values[k];
        const CVal *rv = ptrmap_get(&K->vals, r);
        if (is_scalar_var(r)) {
            StrBuf text;
            if (!rv || rv == &K->poison)
                continue;
            sb_init(&text);
            if (ck_scalar(K, &text, x, r->type->dtype) == 0 &&
                !(text.len == strlen(rv->name) && memcmp(text.data, rv->name, text.len) == 0))
                sb_printf(ck_line(K), "%s = %.*s;\n", rv->name, (int)text.len, text.data);
            sb_free(&text);
        } else if (r->type->kind == TYPE_TILE) {
            const CVal *v = ir_is_var_like(x) ? ptrmap_get(&K->vals, x) : NULL;
            if (v == &K->poison || R->carried[k] == NULL)
                continue;
            if (!v || v->kind != CV_TILE)
                ck_err(K, ck_span_of(K, x), "a tile variable is expected here");
            else if (v->addr != R->carried[k]->addr || v->space != R->carried[k]->space)
                ck_err(K, ck_span_of(K, x),
                       "the yielded tile '%s' is at 0x%" PRIx64 ", not at the carried address 0x%" PRIx64,
                       IR_AS(IrVar, x)->name, (uint64_t)v->addr, (uint64_t)R->carried[k]->addr);
        } else if (r->type->kind == TYPE_TENSOR) {
            const IrVar *p = ck_param_of(K, x);
            if (!p)
                continue;
            if (!R->param[k])
                R->param[k] = p;
            else if (R->param[k] != p)
                ck_err(K, ck_span_of(K, x), "the yielded tensor derives from '%s', the carried one from '%s'", p->name,
                       R->param[k]->name);
        } else {
            ck_err(K, ck_span_of(K, x), "a value of this type cannot be yielded in a kernel");
        }
    }
}

/* Before a loop: the return variable of every scalar position declared
 * with its initial value, the iter_arg and return variable of every Tile
 * position declared at the initial value's address (cpp.md 4.5, 4.1). */
static int carry_inits(Kern *K, Region *R, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret)
{
    int ok = 1;
    for (uint32_t k = 0; k < n; k++) {
        const IrVar *a = &it[k]->v;
        const IrExpr *x = it[k]->init;
        if (is_scalar_var(a)) {
            ck_declare_scalar(K, ret[k], x, 1);   /* the loop body's first line reads it */
            ok &= ptrmap_get(&K->vals, ret[k]) != &K->poison;
        } else if (a->type->kind == TYPE_TILE) {
            const CVal *v = ir_is_var_like(x) ? ptrmap_get(&K->vals, x) : NULL;
            if (v == &K->poison) {
                ok = 0;
                continue;
            }
            if (!v || v->kind != CV_TILE) {
                ck_err(K, ck_span_of(K, x), "a tile variable is expected as the initial value of '%s'", a->name);
                ok = 0;
                continue;
            }
            if (!(R->carried[k] = ck_def_tile(K, a, a->e.span, 0, v->addr)) || !ck_def_tile(K, ret[k], ret[k]->e.span,
                                                                                            0, v->addr))
                ok = 0;
        } else if (a->type->kind == TYPE_TENSOR) {
            const IrVar *p = ck_param_of(K, x);
            CVal *c;
            if (!p) {
                ok = 0;
                continue;
            }
            c = ck_new_val(K, CV_TENSOR, NULL, a->type->dtype);
            c->param = p;
            R->param[k] = p;
            bind(K, a, c);
            bind(K, ret[k], c);
        } else {
            ck_err(K, a->e.span, "the loop-carried value '%s' cannot be emitted", a->name);
            ok = 0;
        }
    }
    return ok;
}

/* First lines of a loop body: "<ctype> x_iter_1 = x_2;" per scalar position. */
static void iter_copies(Kern *K, uint32_t n, const IrIterArg *const *it, const IrVar *const *ret)
{
    for (uint32_t k = 0; k < n; k++) {
        const IrVar *a = &it[k]->v;
        const CVal *rv = ptrmap_get(&K->vals, ret[k]);
        CVal *c;
        if (!is_scalar_var(a) || !rv || rv == &K->poison)
            continue;
        c = ck_new_val(K, CV_SCALAR, ident(K, a->name), a->type->dtype);
        sb_printf(ck_line(K), "%s %s = %s;\n", cpp_ctype((DataType)a->type->dtype), c->name, rv->name);
        bind(K, a, c);
        ck_mark_unused(K, a, c->name);
    }
}

static void emit_for(Kern *K, const IrFor *f)
{
    Region *R = new_region(K, f->niter, f->ret);
    StrBuf hdr;
    int64_t step;
    int ok;
    sb_init(&hdr);
    if (f->loop_var->type->kind != TYPE_SCALAR || f->loop_var->type->dtype != DT_INT64)
        ck_err(K, f->loop_var->e.span, "the loop variable '%s' must be INT64", f->loop_var->name);
    if (ir_dim_value(f->step, &step) && step <= 0)
        ck_err(K, ck_span_of(K, f->step),
               "the loop step is %" PRId64 "; C++ loops count up, so the step must be positive",
               step);
    ok = carry_inits(K, R, f->niter, f->iter_args, f->ret);
    {
        CVal *iv = ck_new_val(K, CV_SCALAR, ident(K, f->loop_var->name), DT_INT64);
        sb_printf(&hdr, "for (int64_t %s = ", iv->name);
        if (ck_scalar(K, &hdr, f->start, DT_INT64) == 0) {
            sb_printf(&hdr, "; %s < ", iv->name);
            if (ck_scalar(K, &hdr, f->stop, DT_INT64) == 0) {
                sb_printf(&hdr, "; %s += ", iv->name);
                if (ck_scalar(K, &hdr, f->step, DT_INT64) == 0)
                    sb_puts(&hdr, ") {\n");
            }
        }
        bind(K, f->loop_var, iv);
    }
    sb_put(ck_line(K), hdr.data, hdr.len);
    sb_free(&hdr);
    K->indent += 2;
    iter_copies(K, f->niter, f->iter_args, f->ret);
    emit_body(K, R, f->body);
    K->indent -= 2;
    if (f->niter && ok && !R->yielded)
        ck_err(K, f->s.span, "this loop has no yield for its loop-carried values");
    sb_puts(ck_line(K), "}\n");
}

static void emit_while(Kern *K, const IrWhile *w)
{
    Region *R = new_region(K, w->niter, w->ret);
    uint32_t ns = 0;
    StrBuf cond;
    int ok;
    for (uint32_t k = 0; k < w->niter; k++)
        ns += is_scalar_var(&w->iter_args[k]->v);
    ok = carry_inits(K, R, w->niter, w->iter_args, w->ret);
    sb_init(&cond);
    if (ns == 0) {
        /* A natural while. */
        if (ck_scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(ck_line(K), "while (%.*s) {\n", (int)cond.len, cond.data);
        K->indent += 2;
    } else {
        /* The SSA while of cpp.md 4.5: the condition on fresh copies. */
        sb_puts(ck_line(K), "while (true) {\n");
        K->indent += 2;
        iter_copies(K, w->niter, w->iter_args, w->ret);
        if (ck_scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(ck_line(K), "if (!(%.*s)) break;\n", (int)cond.len, cond.data);
    }
    sb_free(&cond);
    emit_body(K, R, w->body);
    K->indent -= 2;
    if (ns && ok && !R->yielded)
        ck_err(K, w->s.span, "this loop has no yield for its loop-carried values");
    sb_puts(ck_line(K), "}\n");
}

static void emit_if(Kern *K, const IrIf *f)
{
    Region *R = new_region(K, f->nret, f->ret);
    StrBuf cond;
    int ns = 0;
    for (uint32_t k = 0; k < f->nret; k++) {
        const IrVar *r = f->ret[k];
        if (is_scalar_var(r)) {
            const char *ct = cpp_ctype((DataType)r->type->dtype);
            CVal *c;
            ns++;
            if (!ct) {
                ck_err(K, r->e.span, "'%s' has data type %s, which has no C++ type", r->name,
                       dtype_name((DataType)r->type->dtype));
                bind(K, r, &K->poison);
                continue;
            }
            c = ck_new_val(K, CV_SCALAR, ident(K, r->name), r->type->dtype);
            sb_printf(ck_line(K), "%s %s;\n", ct, c->name);
            bind(K, r, c);
            ck_mark_unused(K, r, c->name);
        } else if (r->type->kind == TYPE_TILE) {
            R->carried[k] = ck_def_tile(K, r, r->e.span, 0, -1);   /* declared before the if */
        } else if (r->type->kind != TYPE_TENSOR) {
            ck_err(K, r->e.span, "the if result '%s' cannot be emitted", r->name);
        }
    }
    sb_init(&cond);
    if (ck_scalar(K, &cond, f->cond, DT_BOOL) == 0)
        sb_printf(ck_line(K), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    K->indent += 2;
    emit_body(K, R, f->then_body);
    if (f->nret && !R->yielded)
        ck_err(K, f->s.span, "the then-branch has no yield for the results of this if");
    if (f->else_body) {
        /* An else branch that writes nothing is left out. */
        StrBuf *outer = K->out, text;
        sb_init(&text);
        K->out = &text;
        R->yielded = 0;
        emit_body(K, R, f->else_body);
        K->out = outer;
        if (f->nret && !R->yielded)
            ck_err(K, f->s.span, "the else-branch has no yield for the results of this if");
        if (text.len) {
            K->indent -= 2;
            sb_puts(ck_line(K), "} else {\n");
            K->indent += 2;
            sb_put(K->out, text.data, text.len);
        }
        sb_free(&text);
    } else if (ns) {
        ck_err(K, f->s.span, "an if with results needs an else-branch");
    }
    K->indent -= 2;
    sb_puts(ck_line(K), "}\n");
    for (uint32_t k = 0; k < f->nret; k++)
        if (f->ret[k]->type->kind == TYPE_TENSOR && R->param[k]) {
            CVal *c = ck_new_val(K, CV_TENSOR, NULL, f->ret[k]->type->dtype);
            c->param = R->param[k];
            bind(K, f->ret[k], c);
        }
}

static void emit_assign(Kern *K, const IrAssign *a)
{
    const IrVar *v = a->var;
    const IrExpr *x = a->value;
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        ck_emit_call(K, v, IR_AS(IrCall, x));
        /* A failed op (or one whose operand failed) leaves its result
         * undefined: uses stay quiet. */
        if (!ptrmap_get(&K->vals, v))
            bind(K, v, &K->poison);
        return;
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        /* A copy of a tile or tensor names the same object. */
        if (!is_scalar_var(v)) {
            const CVal *w = ck_lookup(K, x);
            bind(K, v, w ? w : &K->poison);
            return;
        }
        ck_declare_scalar(K, v, x, 0);
        return;
    case EXPR_CONST_INT:
    case EXPR_CONST_FLOAT:
    case EXPR_CONST_BOOL:
    case EXPR_BINARY:
    case EXPR_UNARY:
        if (!is_scalar_var(v)) {
            ck_err(K, a->s.span, "'%s' cannot be emitted", v->name);
            return;
        }
        ck_declare_scalar(K, v, x, 0);
        return;
    case EXPR_MAKE_TUPLE: {
        const IrMakeTuple *m = IR_AS(IrMakeTuple, x);
        Tuple *t = arena_zalloc(&K->arena, sizeof *t);
        t->n = m->n;
        t->elems = m->elems;
        t->vals = arena_zalloc(&K->arena, (m->n ? m->n : 1) * sizeof *t->vals);
        for (uint32_t i = 0; i < m->n; i++) {
            const IrType *et = ir_expr_type(K->ir, m->elems[i]);
            if (et->kind == TYPE_TILE || et->kind == TYPE_TENSOR) {
                if (ir_is_var_like(m->elems[i]))
                    t->vals[i] = ck_lookup(K, m->elems[i]);
                else
                    ck_err(K, a->s.span, "this tuple element cannot be emitted inside a kernel");
            } else if (et->kind != TYPE_SCALAR) {
                ck_err(K, a->s.span, "this tuple element cannot be emitted inside a kernel");
            }
        }
        ptrmap_put(&K->tuples, v, t);
        return;
    }
    case EXPR_TUPLE_GET: {
        const IrTupleGet *g = IR_AS(IrTupleGet, x);
        const Tuple *t = ir_is_var_like(g->tuple) ? ptrmap_get(&K->tuples, g->tuple) : NULL;
        if (!t || g->index >= t->n) {
            ck_err(K, a->s.span, "only tuples built in the kernel can be unpacked");
            return;
        }
        if (is_scalar_var(v))
            ck_declare_scalar(K, v, t->elems[g->index], 0);
        else
            bind(K, v, t->vals[g->index] ? t->vals[g->index] : &K->poison);
        return;
    }
    default:
        ck_err(K, a->s.span, "this value cannot be emitted inside a kernel");
        return;
    }
}

void ck_emit_stmt(Kern *K, const IrStmt *s)
{
    if (!s)
        return;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        K->stmt_span = s->span;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        /* After an error, a definition that gave its variable no value
         * (it failed, or an operand had) leaves it poisoned, so that its
         * uses say nothing more: one error per mistake. */
        const IrAssign *a = IR_AS(IrAssign, s);
        emit_assign(K, a);
        if (K->diag->errors != 0 && !ptrmap_get(&K->vals, a->var))
            bind(K, a->var, &K->poison);
        break;
    }
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            ck_emit_call(K, NULL, IR_AS(IrCall, x));
        break;
    }
    case STMT_YIELD:
        emit_yield(K, IR_AS(IrValues, s), s->span);
        break;
    case STMT_RETURN:
        /* The kernel has no results; only a return at the end is allowed. */
        if (K->depth)
            ck_err(K, s->span, "a return inside control flow cannot be emitted in a kernel");
        break;
    case STMT_IF:
        emit_if(K, IR_AS(IrIf, s));
        break;
    case STMT_FOR:
        emit_for(K, IR_AS(IrFor, s));
        break;
    case STMT_WHILE:
        emit_while(K, IR_AS(IrWhile, s));
        break;
    case STMT_SCOPE:
        ck_emit_stmt(K, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            ck_emit_stmt(K, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}
