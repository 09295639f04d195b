/* pto_tile_flow.c: the tile IR spelling of a kernel's statements:
 * scf.for, scf.if and scf.while with the scalars and tiles they carry
 * (and their events under --async), and assignments.  The walk and the
 * checks that do not depend on the output are lower_flow.c's; this file
 * binds the tile IR's values (%t<n> tiles, %e<n> events, %<n> scalars)
 * and writes.  Unlike the buffer outputs, an scf value has one type: what
 * a loop or an if carries is typed by its initial value or by what the
 * branches yield, so an if is written whole at its end. */
#include "config.h"
#include "codegen/lower_flow.h"
#include "codegen/pto_tile_internal.h"

/* One scf-carried value (iter_arg, if result) and where its copies live. */
typedef struct Carry {
    uint8_t kind;            /* VAL_SCALAR, VAL_TILE; VAL_TENSOR is not carried */
    uint8_t dtype;           /* scalar */
    uint8_t loc;             /* tile */
    const char *type;
    const char *producer;    /* tile with an event (--async) */
    const Value *tensor;     /* VAL_TENSOR: the memref that stands for it */
    const char *init, *init_event;
    const IrType *ir_type;
    const char *var;         /* the IR variable, for messages */
} Carry;

/* What the printer keeps of a loop or an if (LowerRegion.data). */
typedef struct Region {
    Carry *cr;                   /* per position */
    const char **args, **aev;    /* loops: the body's block arguments and their events */
    const char **before, **bev;  /* while: the "before" region's */
    const char **res, **rev;     /* the results and their events */
    const char **yn[2], **yev[2]; /* what the body (if: each branch) yields: names and events */
    const Value **yv[2];         /* if: the tiles and tensors each branch yields */
    const char *head[3];         /* for: the bounds and the step; if: the condition */
    uint32_t carried;            /* positions that are scf values (not tensors) */
    int ok;                      /* the head and every initial value have a form */
    int yield_ok;                /* the body's yield has a form */
    StrBuf *outer;               /* if: where it is written */
    StrBuf text;                 /* if: both branches, the else-branch from split */
    size_t split;
    int has_else_text;
} Region;

static Fn *fn(LowerFlow *W) { return W->printer; }
static Region *region_of(const LowerRegion *R) { return R->data; }
static const char **name_array(Fn *F, uint32_t n) { return arena_zalloc(&F->k.arena, (n ? n : 1) * sizeof(char *)); }

static Region *new_region(Fn *F, LowerRegion *R)
{
    Region *G = arena_zalloc(&F->k.arena, sizeof *G);
    uint32_t n = R->n;
    G->cr = arena_zalloc(&F->k.arena, (n ? n : 1) * sizeof *G->cr);
    G->args = name_array(F, n), G->aev = name_array(F, n);
    G->before = name_array(F, n), G->bev = name_array(F, n);
    G->res = name_array(F, n), G->rev = name_array(F, n);
    for (int b = 0; b < 2; b++) {
        G->yn[b] = name_array(F, n), G->yev[b] = name_array(F, n);
        G->yv[b] = (const Value **)name_array(F, n);
    }
    G->ok = G->yield_ok = 1;
    R->data = G;
    return G;
}

/* ------------------------------------------------------------ carried values */

/* How a loop's iter_arg is carried, from its initial value. */
static int carry_init(Fn *F, Carry *cr, const IrVar *var, const IrExpr *init, Span span)
{
    const IrType *t = var->type;
    const Value *v;
    char msg[TILE_IR_MSG];
    memset(cr, 0, sizeof *cr);
    cr->ir_type = t;
    cr->var = var->name;
    if (t->kind == TYPE_SCALAR) {
        cr->kind = VAL_SCALAR;
        cr->dtype = t->dtype;
        if (tile_ir_scalar((DataType)t->dtype, "loop-carried scalars", msg, sizeof msg)) {
            pt_error(F, span, "%s", msg);
            return 0;
        }
        cr->type = pt_mlir_dtype((DataType)t->dtype, 1);
        return (cr->init = pt_scalar_as(F, init, (DataType)t->dtype)) != NULL;
    }
    /* Not found: reported, or poisoned after an error. */
    if (!(v = pt_lookup(F, init, span)))
        return 0;
    if (t->kind == TYPE_TENSOR && v->kind == VAL_TENSOR) {
        cr->kind = VAL_TENSOR;
        cr->tensor = v;
        return 1;
    }
    if (v->kind != VAL_TILE) {
        tile_ir_rule_carry_init(var->name, v->kind == VAL_SCRATCH, msg, sizeof msg);
        pt_error(F, span, "%s", msg);
        return 0;
    }
    cr->kind = VAL_TILE;
    cr->loc = v->loc;
    cr->type = v->type;
    cr->ir_type = v->ir_type;
    cr->init = v->name;
    cr->init_event = v->event;
    cr->producer = v->producer;
    return 1;
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

/* carry_names for every position. */
static void name_all(Fn *F, const Carry *cr, uint32_t n, const char **names, const char **events)
{
    for (uint32_t i = 0; i < n; i++)
        carry_names(F, &cr[i], &names[i], &events[i]);
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
        sb_printf(F->k.out, "%s%s", first ? "" : ", ", names[i]);
        if (typed)
            sb_printf(F->k.out, ": %s", cr[i].type);
        if (with_init)
            sb_printf(F->k.out, " = %s", cr[i].init);
        if (events[i]) {
            sb_printf(F->k.out, ", %s", events[i]);
            if (typed) {
                sb_puts(F->k.out, ": ");
                pt_put_event_type(F, cr[i].producer);
            }
            if (with_init)
                sb_printf(F->k.out, " = %s", cr[i].init_event);
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
        sb_printf(F->k.out, "%s%s", first ? "" : ", ", cr[i].type);
        if (cr[i].producer) {
            sb_puts(F->k.out, ", ");
            pt_put_event_type(F, cr[i].producer);
        }
        first = 0;
    }
}

static TileIrTile value_tile(const Value *v) { return tile_ir_tile(v->ir_type, v->loc); }

/* A value a loop body yields for carried entry cr: scalars converted to
 * its type, tiles of its type with an event of its producer, tensors the
 * same memref. */
static int yielded(Fn *F, const Carry *cr, const IrExpr *e, Span span, const char **name, const char **event)
{
    const Value *v;
    TileIrTile in, out;
    char msg[TILE_IR_MSG];
    *event = NULL;
    if (cr->kind == VAL_SCALAR)
        return (*name = pt_scalar_as(F, e, (DataType)cr->dtype)) != NULL;
    if (!(v = pt_lookup(F, e, span)))
        return 0;
    if (cr->kind == VAL_TENSOR) {
        if (v->kind == VAL_TENSOR && v->param == cr->tensor->param)
            return 1;
        tile_ir_rule_tensor_carry(cr->var, 1, msg, sizeof msg);
        pt_error(F, span, "%s", msg);
        return 0;
    }
    in = tile_ir_tile(cr->ir_type, cr->loc);
    if (v->kind == VAL_TILE)
        out = value_tile(v);
    if (tile_ir_rule_yield(F->k.o->arch, cr->var, &in, cr->producer, IR_AS(IrVar, e)->name,
                           v->kind == VAL_TILE ? &out : NULL, v->event ? v->producer : NULL, msg, sizeof msg)) {
        pt_error(F, span, "%s", msg);
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
    sb_puts(F->k.out, keyword);
    if (carried_count(cr, n)) {
        sb_putc(F->k.out, ' ');
        put_carried(F, cr, n, names, events, 0, 0);
        sb_puts(F->k.out, " : ");
        put_carried_types(F, cr, n);
    }
    end(F);
}

/* How if result i is carried, from what the two branches yield. */
static int if_carry(Fn *F, const IrIf *s, uint32_t i, const Value *a, const Value *b, Carry *cr)
{
    const IrType *t = s->ret[i]->type;
    char msg[TILE_IR_MSG];
    memset(cr, 0, sizeof *cr);
    if (t->kind == TYPE_SCALAR) {
        cr->kind = VAL_SCALAR;
        cr->dtype = t->dtype;
        if (tile_ir_scalar((DataType)t->dtype, "scalars", msg, sizeof msg)) {
            pt_error(F, s->s.span, "%s", msg);
            return 0;
        }
        cr->type = pt_mlir_dtype((DataType)t->dtype, 1);
        return 1;
    }
    if (!a || !b)
        return 0;
    if (a->kind == VAL_TENSOR && b->kind == VAL_TENSOR) {
        if (a->param != b->param) {
            tile_ir_rule_tensor_carry(s->ret[i]->name, 0, msg, sizeof msg);
            pt_error(F, s->s.span, "%s", msg);
            return 0;
        }
        cr->kind = VAL_TENSOR;
        cr->tensor = a;
        return 1;
    }
    {
        int tiles = a->kind == VAL_TILE && b->kind == VAL_TILE;
        TileIrTile x, y;
        if (tiles)
            x = value_tile(a), y = value_tile(b);
        if (tile_ir_rule_branches(F->k.o->arch, s->ret[i]->name, tiles ? &x : NULL, a->producer, tiles ? &y : NULL,
                                  b->producer, msg, sizeof msg)) {
            pt_error(F, s->s.span, "%s", msg);
            return 0;
        }
    }
    cr->kind = VAL_TILE;
    cr->loc = a->loc;
    cr->type = a->type;
    cr->ir_type = a->ir_type;
    cr->producer = a->producer;
    return 1;
}

/* The results of a loop or an if, once written; what has no value after
 * an error is poisoned. */
static void bind_results(Fn *F, const LowerRegion *R, int written)
{
    const Region *G = region_of(R);
    for (uint32_t i = 0; i < R->n; i++) {
        if (written)
            pt_bind(F, R->ret[i], carry_value(F, &G->cr[i], G->res[i], G->rev[i]));
        pt_poison_unbound(F, R->ret[i]);
    }
}

/* ------------------------------------------------------------------- loops */

static void flow_loop_begin(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = new_region(F, R);
    if (R->stmt->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, R->stmt);
        /* The bounds' constants and arithmetic precede the scf.for. */
        G->head[0] = index_value(F, f->start);
        G->head[1] = index_value(F, f->stop);
        G->head[2] = index_value(F, f->step);
        G->ok = G->head[0] && G->head[1] && G->head[2];
    }
}

static int flow_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    Region *G = region_of(R);
    int ok = carry_init(fn(W), &G->cr[k], &R->iter_args[k]->v, R->iter_args[k]->init, R->stmt->span);
    G->ok &= ok;
    return ok;
}

/* `%r = scf.for %iv = lb to ub step st iter_args(%a = init) -> (T) {` */
static void for_open(Fn *F, const LowerRegion *R, Region *G)
{
    const IrFor *f = IR_AS(IrFor, R->stmt);
    uint32_t n = R->n;
    const char *iv = next_num(F);
    Value *ivv;
    name_all(F, G->cr, n, G->args, G->aev);
    name_all(F, G->cr, n, G->res, G->rev);
    begin(F);
    if (G->carried) {
        put_carried(F, G->cr, n, G->res, G->rev, 0, 0);
        sb_puts(F->k.out, " = ");
    }
    sb_printf(F->k.out, "scf.for %s = %s to %s step %s", iv, G->head[0], G->head[1], G->head[2]);
    if (G->carried) {
        sb_puts(F->k.out, " iter_args(");
        put_carried(F, G->cr, n, G->args, G->aev, 0, 1);
        sb_puts(F->k.out, ") -> (");
        put_carried_types(F, G->cr, n);
        sb_putc(F->k.out, ')');
    }
    sb_puts(F->k.out, " {");
    end(F);
    ivv = pt_new_value(F, VAL_SCALAR, iv, "index");
    ivv->dtype = DT_INT64;
    pt_bind(F, f->loop_var, ivv);
}

/* scf.while: the condition in the "before" region (on its own block
 * arguments), the body in the "do" region (on fresh ones). */
static void while_open(Fn *F, const LowerRegion *R, Region *G)
{
    const IrWhile *w = IR_AS(IrWhile, R->stmt);
    uint32_t n = R->n;
    const char *cond;
    name_all(F, G->cr, n, G->before, G->bev);
    name_all(F, G->cr, n, G->args, G->aev);
    name_all(F, G->cr, n, G->res, G->rev);
    begin(F);
    if (G->carried) {
        put_carried(F, G->cr, n, G->res, G->rev, 0, 0);
        sb_puts(F->k.out, " = scf.while (");
        put_carried(F, G->cr, n, G->before, G->bev, 0, 1);
        sb_puts(F->k.out, ") : (");
        put_carried_types(F, G->cr, n);
        sb_puts(F->k.out, ") -> (");
        put_carried_types(F, G->cr, n);
        sb_puts(F->k.out, ") {");
    } else {
        sb_puts(F->k.out, "scf.while : () -> () {");
    }
    end(F);
    for (uint32_t i = 0; i < n; i++)
        pt_bind(F, &w->iter_args[i]->v, carry_value(F, &G->cr[i], G->before[i], G->bev[i]));
    F->k.indent += 2;
    if ((cond = pt_scalar_as(F, w->cond, DT_BOOL)))
        put_pass_on(F, pt_fmt(F, "scf.condition(%s)", cond), G->cr, n, G->before, G->bev);
    F->k.indent -= 2;
    begin(F);
    sb_puts(F->k.out, "} do {");
    end(F);
    if (G->carried) {
        begin(F);
        sb_puts(F->k.out, "^bb0(");
        put_carried(F, G->cr, n, G->args, G->aev, 1, 0);
        sb_puts(F->k.out, "):");
        end(F);
    }
}

/* After a bound or an initial value without a form, the body is still
 * walked for its own mistakes, on poisoned values, and nothing is written. */
static void flow_loop_open(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = region_of(R);
    for (uint32_t i = 0; i < R->n; i++)
        G->ok &= R->kind[i] != LOWER_OTHER;
    if (G->ok) {
        G->carried = carried_count(G->cr, R->n);
        if (R->stmt->kind == STMT_FOR)
            for_open(F, R, G);
        else
            while_open(F, R, G);
        for (uint32_t i = 0; i < R->n; i++)
            pt_bind(F, &R->iter_args[i]->v, carry_value(F, &G->cr[i], G->args[i], G->aev[i]));
    } else {
        if (R->stmt->kind == STMT_FOR)
            pt_poison_unbound(F, IR_AS(IrFor, R->stmt)->loop_var);
        for (uint32_t i = 0; i < R->n; i++)
            pt_poison_unbound(F, &R->iter_args[i]->v);
    }
    F->k.indent += 2;
}

static void flow_loop_close(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = region_of(R);
    /* scf.while's "do" region ends in a yield, even of nothing. */
    if (G->ok && R->stmt->kind == STMT_WHILE && !G->carried) {
        begin(F);
        sb_puts(F->k.out, "scf.yield");
        end(F);
    }
    F->k.indent -= 2;
    if (G->ok) {
        begin(F);
        sb_putc(F->k.out, '}');
        end(F);
    }
    bind_results(F, R, G->ok);
}

/* ---------------------------------------------------------------- yields */

static int in_else(const LowerRegion *R)
{
    return R->stmt->kind == STMT_IF && R->body == IR_AS(IrIf, R->stmt)->else_body;
}

/* A loop's yield is checked against what it carries; an if's is kept per
 * branch until both are known. */
static void flow_yield_value(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    Fn *F = fn(W);
    Region *G = region_of(R);
    int b = in_else(R);
    if (R->stmt->kind != STMT_IF) {
        if (G->ok)
            G->yield_ok &= yielded(F, &G->cr[k], x, W->k->stmt_span, &G->yn[0][k], &G->yev[0][k]);
        return;
    }
    if (R->kind[k] == LOWER_SCALAR) {
        DataType dt = (DataType)R->ret[k]->type->dtype;
        G->yn[b][k] = tile_ir_dtype(dt) ? pt_scalar_as(F, x, dt) : NULL;
    } else {
        G->yv[b][k] = pt_lookup(F, x, W->k->stmt_span);
    }
}

static void flow_yield_end(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = region_of(R);
    if (R->stmt->kind != STMT_IF && G->ok && G->yield_ok && G->carried)
        put_pass_on(F, "scf.yield", G->cr, R->n, G->yn[0], G->yev[0]);
}

/* -------------------------------------------------------------------- if */

static void flow_if_begin(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = new_region(F, R);
    const IrIf *f = IR_AS(IrIf, R->stmt);
    G->head[0] = pt_scalar_as(F, f->cond, DT_BOOL);
    G->ok = G->head[0] != NULL;
    /* Every result is an scf value (the walk requires the else-branch for
     * scalars). */
    if (R->n && !f->else_body && !R->nscalar) {
        pt_error(F, f->s.span, "an if with results needs a yield at the end of both branches");
        G->ok = 0;
    }
}

/* The branches are written into G->text, the header once the results'
 * types are known. */
static void flow_if_open(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = region_of(R);
    G->outer = F->k.out;
    sb_init(&G->text);
    F->k.out = &G->text;
    F->k.indent += 2;
}

static void flow_else_open(LowerFlow *W, LowerRegion *R)
{
    Region *G = region_of(R);
    (void)W;
    G->split = G->text.len;
    G->has_else_text = 1;
}

/* Branch b's text, from its buffer, and its `scf.yield`. */
static void put_branch(Fn *F, const LowerRegion *R, int b, const char *text, size_t len)
{
    Region *G = region_of(R);
    sb_put(F->k.out, text ? text : "", len);
    F->k.indent += 2;
    if (G->carried)
        put_pass_on(F, "scf.yield", G->cr, R->n, G->yn[b], G->yev[b]);
    F->k.indent -= 2;
}

static void flow_if_close(LowerFlow *W, LowerRegion *R)
{
    Fn *F = fn(W);
    Region *G = region_of(R);
    const IrIf *f = IR_AS(IrIf, R->stmt);
    size_t split = G->has_else_text ? G->split : G->text.len;
    int head_ok = G->ok;
    F->k.indent -= 2;
    F->k.out = G->outer;
    for (uint32_t i = 0; head_ok && i < R->n; i++) {
        const Value *a = G->yv[0][i], *b = G->yv[1][i];
        G->ok &= if_carry(F, f, i, a, b, &G->cr[i]);
        if (G->cr[i].kind == VAL_TILE && G->ok) {
            G->yn[0][i] = a->name, G->yev[0][i] = a->event;
            G->yn[1][i] = b->name, G->yev[1][i] = b->event;
        }
        G->ok &= G->cr[i].kind != VAL_SCALAR || (G->yn[0][i] && G->yn[1][i]);
    }
    if (G->ok) {
        G->carried = carried_count(G->cr, R->n);
        name_all(F, G->cr, R->n, G->res, G->rev);
        begin(F);
        if (G->carried) {
            put_carried(F, G->cr, R->n, G->res, G->rev, 0, 0);
            sb_puts(F->k.out, " = ");
        }
        sb_printf(F->k.out, "scf.if %s", G->head[0]);
        if (G->carried) {
            sb_puts(F->k.out, " -> (");
            put_carried_types(F, G->cr, R->n);
            sb_putc(F->k.out, ')');
        }
        sb_puts(F->k.out, " {");
        end(F);
        put_branch(F, R, 0, G->text.data, split);
        if (f->else_body) {
            begin(F);
            sb_puts(F->k.out, "} else {");
            end(F);
            put_branch(F, R, 1, G->text.data ? G->text.data + split : NULL, G->text.len - split);
        }
        begin(F);
        sb_putc(F->k.out, '}');
        end(F);
    }
    bind_results(F, R, G->ok);
    sb_free(&G->text);
}

/* ------------------------------------------------------------ assignments */

static void flow_error(LowerFlow *W, Span at, const char *msg) { pt_error(fn(W), at, "%s", msg); }

static void flow_no_lowering(LowerFlow *W, const IrCall *c, const OpDef *op, const char *why)
{
    (void)op;
    pt_op_error(fn(W), c, "no seed-05 form: %s", why);
}

/* Every block op, whatever the walk's class, goes to the tile IR's own
 * op map (pto_tile_op.c). */
static void flow_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    (void)how, (void)t;
    pt_emit_block_op(fn(W), c, callee_op(c->callee), dest);
}

static void flow_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    pt_emit_block_op(fn(W), c, op, dest);
}

static void flow_tile_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    (void)lw;
    pt_emit_block_op(fn(W), c, op, dest);
}

/* Every system op has a why_tile (seed 05 orders ops with events): the
 * walk reports it before this event. */
static void flow_system_op(LowerFlow *W, const IrVar *dest, const SystemLowering *s)
{
    (void)dest, (void)s;
    pt_error(fn(W), W->k->stmt_span, "this system op has no seed-05 form");
}

static void flow_scalar_def(LowerFlow *W, const IrAssign *a)
{
    Fn *F = fn(W);
    DataType dt = (DataType)a->var->type->dtype;
    const char *name;
    Value *x;
    char msg[TILE_IR_MSG];
    if (tile_ir_scalar(dt, "scalars", msg, sizeof msg)) {
        pt_error(F, a->s.span, "%s", msg);
        return;
    }
    if (!(name = pt_scalar_as(F, a->value, dt)))
        return;
    x = pt_new_value(F, VAL_SCALAR, name, pt_mlir_dtype(dt, 1));
    x->dtype = (uint8_t)dt;
    pt_bind(F, a->var, x);
}

/* A copy of a tile or a tensor names the same value. */
static void flow_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k)
{
    (void)k;
    pt_bind(fn(W), a->var, pt_lookup(fn(W), a->value, a->s.span));
}

static void tuple_error(Fn *F, const IrAssign *a)
{
    char msg[TILE_IR_MSG];
    tile_ir_tuple(msg, sizeof msg);
    pt_error(F, a->s.span, "%s", msg);
}

static void *flow_tuple_make(LowerFlow *W, const IrAssign *a, const LowerTuple *t)
{
    (void)t;
    tuple_error(fn(W), a);
    return NULL;
}

static void flow_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index)
{
    (void)t, (void)index;
    tuple_error(fn(W), a);
}

static int flow_defined(LowerFlow *W, const IrVar *v) { return ptrmap_get(&fn(W)->values, v) != NULL; }
static void flow_poison(LowerFlow *W, const IrVar *v) { pt_poison_unbound(fn(W), v); }

static const LowerFlowPrinter pt_flow = {LOWER_FLOW_EVENTS(OUT_TILE, "seed-05"), .tile_op = flow_tile_op, .unkept = 1,
                                         .no_lowering = flow_no_lowering, .yield_end = flow_yield_end};

void pt_emit_body(Fn *F, const IrStmt *body)
{
    lower_flow_run(&pt_flow, F, &F->k, body);
}
