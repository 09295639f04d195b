/* pto_tile_flow.c: the tile IR emitter's statements: scf.for, scf.if and
 * scf.while with the scalars and tiles they carry (and their events under
 * --async), and assignments. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* ------------------------------------------------------------ control flow */

/* The yield that ends a body carrying n > 0 values. */
static const IrValues *trailing_yield(const IrStmt *body, uint32_t n)
{
    const IrValues *y = n ? ir_body_yield(body) : NULL;
    return y && y->n == n ? y : NULL;
}

/* How a loop's iter_arg is carried, from its initial value. */
static int carry_init(Fn *F, Carry *cr, const IrVar *var, const IrExpr *init, Span span)
{
    const IrType *t = var->type;
    const Value *v;
    memset(cr, 0, sizeof *cr);
    cr->ir_type = t;
    cr->var = var->name;
    if (t->kind == TYPE_SCALAR) {
        cr->kind = VAL_SCALAR;
        cr->dtype = t->dtype;
        if (!(cr->type = pt_mlir_dtype((DataType)t->dtype, 1))) {
            pt_error(F, span, "loop-carried scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
            return 0;
        }
        return (cr->init = pt_scalar_as(F, init, (DataType)t->dtype)) != NULL;
    }
    if ((t->kind != TYPE_TILE && t->kind != TYPE_TENSOR) || !(v = pt_lookup(F, init, span)))
        goto bad;
    if (t->kind == TYPE_TENSOR && v->kind == VAL_TENSOR) {
        cr->kind = VAL_TENSOR;
        cr->tensor = v;
        return 1;
    }
    if (v->kind == VAL_SCRATCH) {
        pt_error(F, span,
                 "'%s' starts as an uninitialised tile (pl.block.create_tile); seed 05 has no op that makes one",
                 var->name);
        return 0;
    }
    if (v->kind != VAL_TILE)
        goto bad;
    cr->kind = VAL_TILE;
    cr->loc = v->loc;
    cr->type = v->type;
    cr->ir_type = v->ir_type;
    cr->init = v->name;
    cr->init_event = v->event;
    cr->producer = v->producer;
    return 1;
bad:
    pt_error(F, span, "the loop-carried '%s' has no seed-05 form", var->name);
    return 0;
}

/* Fresh names for a carried value and its event: tiles take the next tile
 * number, scalars the next plain one. */
static void carry_names(Fn *F, const Carry *cr, const char **name, const char **event)
{
    *name = *event = NULL;
    if (cr->kind == VAL_TILE) {
        uint32_t id = F->next_tile++;
        *name = pt_fmt(F, "%%t%u", (unsigned)id);
        if (cr->producer)
            *event = pt_fmt(F, "%%e%u", (unsigned)id);
    } else if (cr->kind == VAL_SCALAR) {
        *name = next_num(F);
    }
}

static const Value *carry_value(Fn *F, const Carry *cr, const char *name, const char *event)
{
    Value *v;
    if (cr->kind == VAL_TENSOR)
        return cr->tensor;
    v = pt_new_value(F, (ValueKind)cr->kind, name, cr->type);
    v->dtype = cr->dtype;
    v->loc = cr->loc;
    v->ir_type = cr->ir_type;
    v->event = event;
    v->producer = event ? cr->producer : NULL;
    return v;
}

static uint32_t carried_count(const Carry *cr, uint32_t n)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += cr[i].kind != VAL_TENSOR;
    return k;
}

/* `a, ea, b`: the carried names, each tile's event after it; with types
 * (`a: T`) for block arguments; with `= init` for iter_args. */
static void put_carried(Fn *F, const Carry *cr, uint32_t n, const char *const *names, const char *const *events,
                        int typed, int with_init)
{
    int first = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (cr[i].kind == VAL_TENSOR)
            continue;
        sb_printf(F->out, "%s%s", first ? "" : ", ", names[i]);
        if (typed)
            sb_printf(F->out, ": %s", cr[i].type);
        if (with_init)
            sb_printf(F->out, " = %s", cr[i].init);
        if (events[i]) {
            sb_printf(F->out, ", %s", events[i]);
            if (typed) {
                sb_puts(F->out, ": ");
                pt_put_event_type(F, cr[i].producer);
            }
            if (with_init)
                sb_printf(F->out, " = %s", cr[i].init_event);
        }
        first = 0;
    }
}

static void put_carried_types(Fn *F, const Carry *cr, uint32_t n)
{
    int first = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (cr[i].kind == VAL_TENSOR)
            continue;
        sb_printf(F->out, "%s%s", first ? "" : ", ", cr[i].type);
        if (cr[i].producer) {
            sb_puts(F->out, ", ");
            pt_put_event_type(F, cr[i].producer);
        }
        first = 0;
    }
}

static const char *producer_text(const char *isa) { return isa ? isa : "no op with an event"; }

/* A value a loop body yields for carried entry cr: scalars converted to
 * its type, tiles of its type with an event of its producer, tensors the
 * same memref. */
static int yielded(Fn *F, const Carry *cr, const IrExpr *e, Span span, const char **name, const char **event)
{
    const Value *v;
    *event = NULL;
    if (cr->kind == VAL_SCALAR)
        return (*name = pt_scalar_as(F, e, (DataType)cr->dtype)) != NULL;
    if (!(v = pt_lookup(F, e, span)))
        return 0;
    if (cr->kind == VAL_TENSOR) {
        if (v->kind != VAL_TENSOR || v->param != cr->tensor->param) {
            pt_error(F, span,
                     "the loop carries '%s' out as a different tensor than came in; seed-05 memrefs are kernel "
                              "arguments and do not change", cr->var);
            return 0;
        }
        return 1;
    }
    if (v->kind != VAL_TILE) {
        pt_error(F, span, "the loop carries '%s' out as '%s', which is not an initialised tile", cr->var,
                 IR_AS(IrVar, e)->name);
        return 0;
    }
    if (strcmp(v->type, cr->type) != 0) {
        pt_error(F, span, "the loop carries '%s' in as a %s and out as a %s; an scf value has one type", cr->var,
                 cr->type, v->type);
        return 0;
    }
    if ((cr->producer != NULL) != (v->event != NULL) ||
        (cr->producer && strcmp(cr->producer, v->producer) != 0)) {
        pt_error(F, span, "--async: the loop-carried tile '%s' is produced by %s before the loop and by %s in it; a "
                          "seed-05 event type names one producer", cr->var, producer_text(cr->producer),
                 producer_text(v->producer));
        return 0;
    }
    *name = v->name;
    *event = v->event;
    return 1;
}

/* `keyword v, ev, ... : T, Tev, ...` for the values a region passes on
 * (scf.yield, scf.condition(%c)); just `keyword` when nothing is carried. */
static void put_pass_on(Fn *F, const char *keyword, const Carry *cr, uint32_t n, const char *const *names,
                        const char *const *events)
{
    begin(F);
    sb_puts(F->out, keyword);
    if (carried_count(cr, n)) {
        sb_putc(F->out, ' ');
        put_carried(F, cr, n, names, events, 0, 0);
        sb_puts(F->out, " : ");
        put_carried_types(F, cr, n);
    }
    end(F);
}

/* The trailing yield of a loop body: checked and written. */
static void loop_yield(Fn *F, const Carry *cr, uint32_t n, const IrValues *y)
{
    const char **names = arena_array(&F->arena, n, sizeof *names), **events = arena_array(&F->arena, n, sizeof *events);
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        ok &= yielded(F, &cr[i], y->values[i], y->s.span, &names[i], &events[i]);
    if (ok && carried_count(cr, n))
        put_pass_on(F, "scf.yield", cr, n, names, events);
}

static const char **name_array(Fn *F, uint32_t n) { return arena_zalloc(&F->arena, (n ? n : 1) * sizeof(char *)); }

static void emit_for(Fn *F, const IrFor *f)
{
    uint32_t n = f->niter, carried;
    const IrValues *y = trailing_yield(f->body, n);
    Carry *cr = arena_zalloc(&F->arena, (n ? n : 1) * sizeof *cr);
    const char **args = name_array(F, n), **aev = name_array(F, n), **res = name_array(F, n),
               **rev = name_array(F, n), *lb, *ub, *st, *iv;
    Value *ivv;
    int ok = 1;
    if (f->loop_var->type->kind != TYPE_SCALAR || f->loop_var->type->dtype != DT_INT64) {
        pt_error(F, f->s.span, "the loop variable '%s' must be an INT64 (index) scalar", f->loop_var->name);
        return;
    }
    if (n && !y) {
        pt_error(F, f->s.span, "a loop with iter_args must end in a yield");
        return;
    }
    lb = index_value(F, f->start);
    ub = index_value(F, f->stop);
    st = index_value(F, f->step);
    for (uint32_t i = 0; i < n; i++)
        ok &= carry_init(F, &cr[i], &f->iter_args[i]->v, f->iter_args[i]->init, f->s.span);
    if (!lb || !ub || !st || !ok)
        return;
    carried = carried_count(cr, n);
    iv = next_num(F);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &args[i], &aev[i]);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &res[i], &rev[i]);
    begin(F);
    if (carried) {
        put_carried(F, cr, n, res, rev, 0, 0);
        sb_puts(F->out, " = ");
    }
    sb_printf(F->out, "scf.for %s = %s to %s step %s", iv, lb, ub, st);
    if (carried) {
        sb_puts(F->out, " iter_args(");
        put_carried(F, cr, n, args, aev, 0, 1);
        sb_puts(F->out, ") -> (");
        put_carried_types(F, cr, n);
        sb_putc(F->out, ')');
    }
    sb_puts(F->out, " {");
    end(F);
    ivv = pt_new_value(F, VAL_SCALAR, iv, "index");
    ivv->dtype = DT_INT64;
    pt_bind(F, f->loop_var, ivv);
    for (uint32_t i = 0; i < n; i++)
        pt_bind(F, &f->iter_args[i]->v, carry_value(F, &cr[i], args[i], aev[i]));
    F->indent += 2;
    F->depth++;
    pt_emit_stmts(F, f->body, y ? &y->s : NULL);
    if (y)
        loop_yield(F, cr, n, y);
    F->indent -= 2;
    F->depth--;
    begin(F);
    sb_putc(F->out, '}');
    end(F);
    for (uint32_t i = 0; i < n; i++)
        pt_bind(F, f->ret[i], carry_value(F, &cr[i], res[i], rev[i]));
}

/* One branch of an if into its own buffer; its yielded values. */
static void if_branch(Fn *F, StrBuf *buf, const IrStmt *body, const IrValues *y, const IrIf *s, const char **names,
                      const Value **vals)
{
    F->out = buf;
    pt_emit_stmts(F, body, y ? &y->s : NULL);
    for (uint32_t i = 0; y && i < s->nret; i++) {
        const IrType *t = s->ret[i]->type;
        if (t->kind == TYPE_SCALAR)
            names[i] = pt_mlir_dtype((DataType)t->dtype, 1) ? pt_scalar_as(F, y->values[i], (DataType)t->dtype) : NULL;
        else
            vals[i] = pt_lookup(F, y->values[i], y->s.span);
    }
}

/* How if result i is carried, from what the two branches yield. */
static int if_carry(Fn *F, const IrIf *s, uint32_t i, const Value *a, const Value *b, Carry *cr)
{
    const IrType *t = s->ret[i]->type;
    memset(cr, 0, sizeof *cr);
    if (t->kind == TYPE_SCALAR) {
        cr->kind = VAL_SCALAR;
        cr->dtype = t->dtype;
        if ((cr->type = pt_mlir_dtype((DataType)t->dtype, 1)))
            return 1;
        pt_error(F, s->s.span, "scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
        return 0;
    }
    if (!a || !b)
        return 0;
    if (a->kind == VAL_TENSOR && b->kind == VAL_TENSOR) {
        if (a->param != b->param) {
            pt_error(F, s->s.span,
                     "the branches yield different tensors for '%s'; seed-05 memrefs are kernel arguments "
                                   "and cannot be chosen at run time", s->ret[i]->name);
            return 0;
        }
        cr->kind = VAL_TENSOR;
        cr->tensor = a;
        return 1;
    }
    if (a->kind != VAL_TILE || b->kind != VAL_TILE) {
        pt_error(F, s->s.span, "the branches do not both yield an initialised tile for '%s'", s->ret[i]->name);
        return 0;
    }
    if (strcmp(a->type, b->type) != 0) {
        pt_error(F, s->s.span, "the branches yield a %s and a %s for '%s'; the scf.if result has one type", a->type,
                 b->type, s->ret[i]->name);
        return 0;
    }
    if ((a->producer != NULL) != (b->producer != NULL) || (a->producer && strcmp(a->producer, b->producer) != 0)) {
        pt_error(F, s->s.span,
                 "--async: the tile '%s' is produced by %s in one branch and by %s in the other; a seed-05 "
                               "event type names one producer", s->ret[i]->name, producer_text(a->producer),
                 producer_text(b->producer));
        return 0;
    }
    cr->kind = VAL_TILE;
    cr->loc = a->loc;
    cr->type = a->type;
    cr->ir_type = a->ir_type;
    cr->producer = a->producer;
    return 1;
}

static void emit_if(Fn *F, const IrIf *s)
{
    uint32_t n = s->nret;
    const IrValues *yt = trailing_yield(s->then_body, n), *ye = trailing_yield(s->else_body, n);
    const char *cond = pt_scalar_as(F, s->cond, DT_BOOL);
    const char **tn = name_array(F, n), **en = name_array(F, n), **tev = name_array(F, n),
               **eev = name_array(F, n), **res = name_array(F, n), **rev = name_array(F, n);
    const Value **tv = (const Value **)name_array(F, n), **ev = (const Value **)name_array(F, n);
    Carry *cr = arena_zalloc(&F->arena, (n ? n : 1) * sizeof *cr);
    StrBuf *outer = F->out, tb, eb;
    int ok = 1;
    if (!cond)
        return;
    if (n && (!yt || !ye)) {
        pt_error(F, s->s.span, "an if with results needs a yield at the end of both branches");
        return;
    }
    sb_init(&tb);
    sb_init(&eb);
    F->indent += 2;
    F->depth++;
    if_branch(F, &tb, s->then_body, yt, s, tn, tv);
    if (s->else_body)
        if_branch(F, &eb, s->else_body, ye, s, en, ev);
    for (uint32_t i = 0; i < n; i++) {
        ok &= if_carry(F, s, i, tv[i], ev[i], &cr[i]);
        if (cr[i].kind == VAL_TILE && ok) {
            tn[i] = tv[i]->name, tev[i] = tv[i]->event;
            en[i] = ev[i]->name, eev[i] = ev[i]->event;
        }
        ok &= cr[i].kind != VAL_SCALAR || (tn[i] && en[i]);
    }
    if (ok && carried_count(cr, n)) {
        F->out = &tb;
        put_pass_on(F, "scf.yield", cr, n, tn, tev);
        F->out = &eb;
        put_pass_on(F, "scf.yield", cr, n, en, eev);
    }
    F->indent -= 2;
    F->depth--;
    F->out = outer;
    if (ok) {
        for (uint32_t i = 0; i < n; i++)
            carry_names(F, &cr[i], &res[i], &rev[i]);
        begin(F);
        if (carried_count(cr, n)) {
            put_carried(F, cr, n, res, rev, 0, 0);
            sb_puts(F->out, " = ");
        }
        sb_printf(F->out, "scf.if %s", cond);
        if (carried_count(cr, n)) {
            sb_puts(F->out, " -> (");
            put_carried_types(F, cr, n);
            sb_putc(F->out, ')');
        }
        sb_puts(F->out, " {");
        end(F);
        pt_put_text(F->out, &tb);
        if (s->else_body) {
            begin(F);
            sb_puts(F->out, "} else {");
            end(F);
            pt_put_text(F->out, &eb);
        }
        begin(F);
        sb_putc(F->out, '}');
        end(F);
        for (uint32_t i = 0; i < n; i++)
            pt_bind(F, s->ret[i], carry_value(F, &cr[i], res[i], rev[i]));
    }
    sb_free(&tb);
    sb_free(&eb);
}

/* scf.while: the condition in the "before" region (on its own block
 * arguments), the body in the "do" region (on fresh ones). */
static void emit_while(Fn *F, const IrWhile *w)
{
    uint32_t n = w->niter, carried;
    const IrValues *y = trailing_yield(w->body, n);
    Carry *cr = arena_zalloc(&F->arena, (n ? n : 1) * sizeof *cr);
    const char **before = name_array(F, n), **bev = name_array(F, n), **after = name_array(F, n),
               **aev = name_array(F, n), **res = name_array(F, n), **rev = name_array(F, n), *cond;
    int ok = 1;
    if (n && !y) {
        pt_error(F, w->s.span, "a while loop with iter_args must end in a yield");
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        ok &= carry_init(F, &cr[i], &w->iter_args[i]->v, w->iter_args[i]->init, w->s.span);
    if (!ok)
        return;
    carried = carried_count(cr, n);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &before[i], &bev[i]);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &after[i], &aev[i]);
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &res[i], &rev[i]);
    begin(F);
    if (carried) {
        put_carried(F, cr, n, res, rev, 0, 0);
        sb_puts(F->out, " = scf.while (");
        put_carried(F, cr, n, before, bev, 0, 1);
        sb_puts(F->out, ") : (");
        put_carried_types(F, cr, n);
        sb_puts(F->out, ") -> (");
        put_carried_types(F, cr, n);
        sb_puts(F->out, ") {");
    } else {
        sb_puts(F->out, "scf.while : () -> () {");
    }
    end(F);
    for (uint32_t i = 0; i < n; i++)
        pt_bind(F, &w->iter_args[i]->v, carry_value(F, &cr[i], before[i], bev[i]));
    F->indent += 2;
    F->depth++;
    if ((cond = pt_scalar_as(F, w->cond, DT_BOOL)))
        put_pass_on(F, pt_fmt(F, "scf.condition(%s)", cond), cr, n, before, bev);
    F->indent -= 2;
    begin(F);
    sb_puts(F->out, "} do {");
    end(F);
    if (carried) {
        begin(F);
        sb_puts(F->out, "^bb0(");
        put_carried(F, cr, n, after, aev, 1, 0);
        sb_puts(F->out, "):");
        end(F);
    }
    for (uint32_t i = 0; i < n; i++)
        pt_bind(F, &w->iter_args[i]->v, carry_value(F, &cr[i], after[i], aev[i]));
    F->indent += 2;
    pt_emit_stmts(F, w->body, y ? &y->s : NULL);
    if (y)
        loop_yield(F, cr, n, y);
    if (!carried) {
        begin(F);
        sb_puts(F->out, "scf.yield");
        end(F);
    }
    F->indent -= 2;
    F->depth--;
    begin(F);
    sb_putc(F->out, '}');
    end(F);
    for (uint32_t i = 0; i < n; i++)
        pt_bind(F, w->ret[i], carry_value(F, &cr[i], res[i], rev[i]));
}

/* ------------------------------------------------------------- statements */

static void emit_assign(Fn *F, const IrAssign *a)
{
    const IrExpr *v = a->value;
    const IrType *t = a->var->type;
    Value *x;
    const char *name;
    if (v->kind == EXPR_CALL) {
        pt_emit_call(F, IR_AS(IrCall, v), a->var);
        pt_poison_unbound(F, a->var);
        return;
    }
    if (ir_is_var_like(v) && v->kind != EXPR_MEMREF && t->kind != TYPE_SCALAR) {
        pt_bind(F, a->var, pt_lookup(F, v, a->s.span));
        pt_poison_unbound(F, a->var);
        return;
    }
    if (t->kind != TYPE_SCALAR || v->kind == EXPR_TUPLE_GET || v->kind == EXPR_MAKE_TUPLE ||
        v->kind == EXPR_MEMREF) {
        pt_error(F, a->s.span, "'%s' has no seed-05 form (kernels compute tiles and scalars)", a->var->name);
        return;
    }
    if (!pt_mlir_dtype((DataType)t->dtype, 1)) {
        pt_error(F, a->s.span, "scalars of pl.%s have no seed-05 type", dtype_name((DataType)t->dtype));
        return;
    }
    if (!(name = pt_scalar_as(F, v, (DataType)t->dtype))) {
        pt_poison_unbound(F, a->var);
        return;
    }
    x = pt_new_value(F, VAL_SCALAR, name, pt_mlir_dtype((DataType)t->dtype, 1));
    x->dtype = t->dtype;
    pt_bind(F, a->var, x);
}

void pt_emit_stmts(Fn *F, const IrStmt *s, const IrStmt *skip)
{
    if (!s || s == skip)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_SEQ:
    case STMT_OPS:
        for (uint32_t i = 0; i < IR_AS(IrSeq, s)->n; i++)
            pt_emit_stmts(F, IR_AS(IrSeq, s)->stmts[i], skip);
        return;
    case STMT_ASSIGN:
        emit_assign(F, IR_AS(IrAssign, s));
        return;
    case STMT_EVAL:
        if (IR_AS(IrEval, s)->expr->kind == EXPR_CALL)
            pt_emit_call(F, IR_AS(IrCall, IR_AS(IrEval, s)->expr), NULL);
        return;
    case STMT_RETURN:
        /* The kernel's results are the tensors it stored to. */
        if (F->depth)
            pt_error(F, s->span, "'return' inside a loop or branch has no seed-05 form");
        return;
    case STMT_YIELD:
        if (IR_AS(IrValues, s)->n)
            pt_error(F, s->span, "a yield that does not end its body has no seed-05 form");
        return;
    case STMT_IF:
        emit_if(F, IR_AS(IrIf, s));
        for (uint32_t i = 0; i < IR_AS(IrIf, s)->nret; i++)
            pt_poison_unbound(F, IR_AS(IrIf, s)->ret[i]);
        return;
    case STMT_FOR:
        emit_for(F, IR_AS(IrFor, s));
        for (uint32_t i = 0; i < IR_AS(IrFor, s)->niter; i++)
            pt_poison_unbound(F, IR_AS(IrFor, s)->ret[i]);
        return;
    case STMT_WHILE:
        emit_while(F, IR_AS(IrWhile, s));
        for (uint32_t i = 0; i < IR_AS(IrWhile, s)->niter; i++)
            pt_poison_unbound(F, IR_AS(IrWhile, s)->ret[i]);
        return;
    case STMT_SCOPE:
        pt_error(F, s->span, "'with pl.incore():' inside a kernel has no seed-05 form");
        return;
    case STMT_KIND_COUNT:
        break;
    }
    ICE("statement of unknown kind %d", s->kind);
}
