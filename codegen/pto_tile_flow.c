/* pto_tile_flow.c: the tile IR spelling of a kernel's lowered list
 * (lower_tir.h): scf.for, scf.if and scf.while with the scalars and tiles
 * they carry (and their events under --async), scalar definitions, copies
 * and each instruction in order.  This file binds the tile IR's values
 * (%t<n> tiles, %e<n> events, %<n> scalars) and writes.  Unlike the buffer
 * outputs, an scf value has one type: what a loop or an if carries is
 * typed by its initial value or by what the branches yield, so an if is
 * written whole at its end. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* One scf-carried value (iter_arg, if result) and where its copies live. */
typedef struct Carry {
    uint8_t kind;            /* TV_SCALAR, TV_TILE; TV_TENSOR is not carried */
    uint8_t dtype;           /* scalar */
    const TirValue *v;       /* what it is */
    const char *type;
    const char *producer;    /* tile with an event (--async) */
    const Value *tensor;     /* TV_TENSOR: the memref that stands for it */
    const char *init, *init_event;
} Carry;

/* What the printer keeps of a loop or an if (TirRegion.data). */
typedef struct Region {
    Carry *cr;                   /* per position */
    const char **args, **aev;    /* loops: the body's block arguments and their events */
    const char **before, **bev;  /* while: the "before" region's */
    const char **res, **rev;     /* the results and their events */
    const char **yn[2], **yev[2]; /* what the body (if: each branch) yields: names and events */
    const Value **yv[2];         /* if: the tiles and tensors each branch yields */
    const char *head[3];         /* for: the bounds and the step; if: the condition */
    Span yield_at[2];            /* if: each branch's yield, for its location (-g) */
    StrBuf *outer;               /* if: where it is written */
    StrBuf text;                 /* if: both branches, the else-branch from split */
    size_t split;
    int has_else_text;
} Region;

static Region *region_of(const TirRegion *r) { return r->data; }
static const char **name_array(Fn *F, uint32_t n) { return arena_zalloc(&F->k.arena, (n ? n : 1) * sizeof(char *)); }

static Region *new_region(Fn *F, TirRegion *r)
{
    Region *G = arena_zalloc(&F->k.arena, sizeof *G);
    uint32_t n = r->n;
    G->cr = arena_zalloc(&F->k.arena, (n ? n : 1) * sizeof *G->cr);
    G->args = name_array(F, n), G->aev = name_array(F, n);
    G->before = name_array(F, n), G->bev = name_array(F, n);
    G->res = name_array(F, n), G->rev = name_array(F, n);
    for (int b = 0; b < 2; b++) {
        G->yn[b] = name_array(F, n), G->yev[b] = name_array(F, n);
        G->yv[b] = (const Value **)name_array(F, n);
    }
    r->data = G;
    return G;
}

/* ------------------------------------------------------------ carried values */

/* How a loop's iter_arg is carried, from its initial value. */
static void carry_init(Fn *F, Carry *cr, const TirValue *v, const IrVar *var, const IrExpr *init)
{
    const IrType *t = var->type;
    const Value *x;
    memset(cr, 0, sizeof *cr);
    cr->v = v;
    if (t->kind == TYPE_SCALAR) {
        cr->kind = TV_SCALAR;
        cr->dtype = t->dtype;
        cr->type = pt_mlir_dtype((DataType)t->dtype, 1);
        cr->init = pt_scalar_as(F, init, (DataType)t->dtype);
        return;
    }
    x = pt_lookup(F, init);
    if (v->kind == TV_TENSOR) {
        cr->kind = TV_TENSOR;
        cr->tensor = x;
        return;
    }
    cr->kind = TV_TILE;
    cr->type = x->type;
    cr->init = x->name;
    cr->init_event = x->event;
    cr->producer = v->producer;
}

/* Fresh names for a carried value and its event: tiles take the next tile
 * number, scalars the next plain one. */
static void carry_names(Fn *F, const Carry *cr, const char **name, const char **event)
{
    *name = *event = NULL;
    if (cr->kind == TV_TILE) {
        uint32_t id = F->next_tile++;
        *name = pt_fmt(F, "%%t%u", (unsigned)id);
        if (cr->producer)
            *event = pt_fmt(F, "%%e%u", (unsigned)id);
    } else if (cr->kind == TV_SCALAR) {
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
    if (cr->kind == TV_TENSOR)
        return cr->tensor;
    v = pt_new_value(F, cr->v, name, cr->type);
    v->dtype = cr->dtype;
    v->event = event;
    return v;
}

/* `a, ea, b`: the carried names, each tile's event after it; with types
 * (`a: T`) for block arguments; with `= init` for iter_args. */
static void put_carried(Fn *F, const Carry *cr, uint32_t n, const char *const *names, const char *const *events,
                        int typed, int with_init)
{
    int first = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (cr[i].kind == TV_TENSOR)
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
        if (cr[i].kind == TV_TENSOR)
            continue;
        sb_printf(F->k.out, "%s%s", first ? "" : ", ", cr[i].type);
        if (cr[i].producer) {
            sb_puts(F->k.out, ", ");
            pt_put_event_type(F, cr[i].producer);
        }
        first = 0;
    }
}

/* `keyword v, ev, ... : T, Tev, ...` for the values a region passes on
 * (scf.yield, scf.condition(%c)); just `keyword` when nothing is carried. */
static void put_pass_on(Fn *F, const char *keyword, const TirRegion *r, const char *const *names,
                        const char *const *events)
{
    const Carry *cr = region_of(r)->cr;
    begin(F);
    sb_puts(F->k.out, keyword);
    if (r->ncarried) {
        sb_putc(F->k.out, ' ');
        put_carried(F, cr, r->n, names, events, 0, 0);
        sb_puts(F->k.out, " : ");
        put_carried_types(F, cr, r->n);
    }
    end(F);
}

/* The results of a loop or an if, once written. */
static void bind_results(Fn *F, const TirRegion *r, const IrVar *const *ret)
{
    const Region *G = region_of(r);
    for (uint32_t i = 0; i < r->n; i++)
        pt_bind(F, ret[i], carry_value(F, &G->cr[i], G->res[i], G->rev[i]));
}

/* ------------------------------------------------------------------- loops */

/* `%r = scf.for %iv = lb to ub step st iter_args(%a = init) -> (T) {` */
static void for_open(Fn *F, const TirRegion *r, Region *G)
{
    const IrFor *f = IR_AS(IrFor, r->stmt);
    uint32_t n = r->n;
    const char *iv = next_num(F);
    Value *ivv;
    name_all(F, G->cr, n, G->args, G->aev);
    name_all(F, G->cr, n, G->res, G->rev);
    begin(F);
    if (r->ncarried) {
        put_carried(F, G->cr, n, G->res, G->rev, 0, 0);
        sb_puts(F->k.out, " = ");
    }
    sb_printf(F->k.out, "scf.for %s = %s to %s step %s", iv, G->head[0], G->head[1], G->head[2]);
    if (r->ncarried) {
        sb_puts(F->k.out, " iter_args(");
        put_carried(F, G->cr, n, G->args, G->aev, 0, 1);
        sb_puts(F->k.out, ") -> (");
        put_carried_types(F, G->cr, n);
        sb_putc(F->k.out, ')');
    }
    sb_puts(F->k.out, " {");
    end(F);
    ivv = pt_new_value(F, NULL, iv, "index");
    ivv->dtype = DT_INT64;
    pt_bind(F, f->loop_var, ivv);
}

/* scf.while: the condition in the "before" region (on its own block
 * arguments), the body in the "do" region (on fresh ones). */
static void while_open(Fn *F, const TirRegion *r, Region *G)
{
    const IrWhile *w = IR_AS(IrWhile, r->stmt);
    uint32_t n = r->n;
    name_all(F, G->cr, n, G->before, G->bev);
    name_all(F, G->cr, n, G->args, G->aev);
    name_all(F, G->cr, n, G->res, G->rev);
    begin(F);
    if (r->ncarried) {
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
    put_pass_on(F, pt_fmt(F, "scf.condition(%s)", pt_scalar_as(F, w->cond, DT_BOOL)), r, G->before, G->bev);
    F->k.indent -= 2;
    begin(F);
    sb_puts(F->k.out, "} do {");
    end(F);
    if (r->ncarried) {
        begin(F);
        sb_puts(F->k.out, "^bb0(");
        put_carried(F, G->cr, n, G->args, G->aev, 1, 0);
        sb_puts(F->k.out, "):");
        end(F);
    }
}

/* The bounds' constants and arithmetic, then the initial values, precede
 * the scf.for or scf.while. */
static void loop_open(Fn *F, TirRegion *r)
{
    Region *G = new_region(F, r);
    const IrIterArg *const *its;
    if (r->stmt->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, r->stmt);
        its = f->iter_args;
        G->head[0] = index_value(F, f->start);
        G->head[1] = index_value(F, f->stop);
        G->head[2] = index_value(F, f->step);
    } else {
        its = IR_AS(IrWhile, r->stmt)->iter_args;
    }
    for (uint32_t k = 0; k < r->n; k++)
        carry_init(F, &G->cr[k], r->carried[k], &its[k]->v, its[k]->init);
    if (r->stmt->kind == STMT_FOR)
        for_open(F, r, G);
    else
        while_open(F, r, G);
    for (uint32_t k = 0; k < r->n; k++)
        pt_bind(F, &its[k]->v, carry_value(F, &G->cr[k], G->args[k], G->aev[k]));
    F->k.indent += 2;
}

static void loop_close(Fn *F, const TirRegion *r)
{
    int is_for = r->stmt->kind == STMT_FOR;
    /* scf.while's "do" region ends in a yield, even of nothing. */
    if (!is_for && !r->ncarried) {
        begin(F);
        sb_puts(F->k.out, "scf.yield");
        end(F);
    }
    F->k.indent -= 2;
    begin(F);
    sb_putc(F->k.out, '}');
    end(F);
    bind_results(F, r, is_for ? IR_AS(IrFor, r->stmt)->ret : IR_AS(IrWhile, r->stmt)->ret);
}

/* ---------------------------------------------------------------- yields */

/* A loop's yield: scalars converted to the carried type, tiles with their
 * events; an if's is kept per branch until both are known. */
static void yield_value(Fn *F, const TirInst *I)
{
    const TirRegion *r = I->region;
    Region *G = region_of(r);
    uint32_t k = I->k;
    if (r->stmt->kind != STMT_IF) {
        const Carry *cr = &G->cr[k];
        if (cr->kind == TV_SCALAR) {
            G->yn[0][k] = pt_scalar_as(F, I->x, (DataType)cr->dtype);
        } else if (cr->kind == TV_TILE) {
            const Value *v = pt_lookup(F, I->x);
            G->yn[0][k] = v->name;
            G->yev[0][k] = v->event;
        }
    } else if (IR_AS(IrIf, r->stmt)->ret[k]->type->kind == TYPE_SCALAR) {
        G->yn[I->branch][k] = pt_scalar_as(F, I->x, (DataType)IR_AS(IrIf, r->stmt)->ret[k]->type->dtype);
    } else {
        G->yv[I->branch][k] = pt_lookup(F, I->x);
    }
}

static void yield_end(Fn *F, const TirRegion *r)
{
    if (r->stmt->kind != STMT_IF && r->ncarried)
        put_pass_on(F, "scf.yield", r, region_of(r)->yn[0], region_of(r)->yev[0]);
}

/* -------------------------------------------------------------------- if */

/* The condition precedes the scf.if; the branches are written into
 * G->text, the header once the results' types are known. */
static void if_open(Fn *F, TirRegion *r)
{
    Region *G = new_region(F, r);
    G->head[0] = pt_scalar_as(F, IR_AS(IrIf, r->stmt)->cond, DT_BOOL);
    G->outer = F->k.out;
    sb_init(&G->text);
    F->k.out = &G->text;
    F->k.indent += 2;
}

static void else_open(const TirRegion *r)
{
    Region *G = region_of(r);
    G->split = G->text.len;
    G->has_else_text = 1;
}

/* Branch b's text, from its buffer, and its `scf.yield`. */
static void put_branch(Fn *F, const TirRegion *r, int b, const char *text, size_t len)
{
    Region *G = region_of(r);
    Span at = F->k.loc_span;
    sb_put(F->k.out, text ? text : "", len);
    F->k.indent += 2;
    F->k.loc_span = G->yield_at[b];
    if (r->ncarried)
        put_pass_on(F, "scf.yield", r, G->yn[b], G->yev[b]);
    F->k.loc_span = at;
    F->k.indent -= 2;
}

/* How if result i is carried: what the lowering found the branches to
 * agree on. */
static void if_carry(const TirValue *v, const Value *a, Carry *cr)
{
    memset(cr, 0, sizeof *cr);
    cr->v = v;
    cr->kind = v->kind;
    if (v->kind == TV_SCALAR) {
        cr->dtype = v->type->dtype;
        cr->type = pt_mlir_dtype((DataType)v->type->dtype, 1);
    } else if (v->kind == TV_TENSOR) {
        cr->tensor = a;
    } else {
        cr->type = a->type;
        cr->producer = a->v->producer;
    }
}

static void if_close(Fn *F, const TirRegion *r)
{
    Region *G = region_of(r);
    const IrIf *f = IR_AS(IrIf, r->stmt);
    size_t split = G->has_else_text ? G->split : G->text.len;
    F->k.indent -= 2;
    F->k.out = G->outer;
    for (uint32_t i = 0; i < r->n; i++) {
        const Value *a = G->yv[0][i], *b = G->yv[1][i];
        if_carry(r->carried[i], a, &G->cr[i]);
        if (G->cr[i].kind == TV_TILE) {
            G->yn[0][i] = a->name, G->yev[0][i] = a->event;
            G->yn[1][i] = b->name, G->yev[1][i] = b->event;
        }
    }
    name_all(F, G->cr, r->n, G->res, G->rev);
    begin(F);
    if (r->ncarried) {
        put_carried(F, G->cr, r->n, G->res, G->rev, 0, 0);
        sb_puts(F->k.out, " = ");
    }
    sb_printf(F->k.out, "scf.if %s", G->head[0]);
    if (r->ncarried) {
        sb_puts(F->k.out, " -> (");
        put_carried_types(F, G->cr, r->n);
        sb_putc(F->k.out, ')');
    }
    sb_puts(F->k.out, " {");
    end(F);
    put_branch(F, r, 0, G->text.data, split);
    if (f->else_body) {
        begin(F);
        sb_puts(F->k.out, "} else {");
        end(F);
        put_branch(F, r, 1, G->text.data ? G->text.data + split : NULL, G->text.len - split);
    }
    begin(F);
    sb_putc(F->k.out, '}');
    end(F);
    bind_results(F, r, f->ret);
    sb_free(&G->text);
}

/* --------------------------------------------------------------- the list */

static void scalar_def(Fn *F, const TirInst *I)
{
    DataType dt = (DataType)I->var->type->dtype;
    Value *x = pt_new_value(F, NULL, pt_scalar_as(F, I->x, dt), pt_mlir_dtype(dt, 1));
    x->dtype = (uint8_t)dt;
    pt_bind(F, I->var, x);
}

static void copy(Fn *F, const TirInst *I) { pt_bind(F, I->var, pt_lookup(F, I->x)); }
static void compute(Fn *F, const TirInst *I) { pt_emit_compute(F, I->var, I->u.c); }
static void load(Fn *F, const TirInst *I) { pt_emit_load(F, I->var, I->u.t); }
static void store(Fn *F, const TirInst *I) { pt_emit_store(F, I->var, I->u.t); }
static void loop_begin(Fn *F, const TirInst *I) { loop_open(F, I->region); }
static void loop_end(Fn *F, const TirInst *I) { loop_close(F, I->region); }
static void if_begin(Fn *F, const TirInst *I) { if_open(F, I->region); }
static void if_else(Fn *F, const TirInst *I) { (void)F, else_open(I->region); }
static void if_end(Fn *F, const TirInst *I) { if_close(F, I->region); }
static void yield_last(Fn *F, const TirInst *I)
{
    if (I->region->stmt->kind == STMT_IF)
        region_of(I->region)->yield_at[I->branch] = I->span;
    yield_end(F, I->region);
}

static void (*const spell[])(Fn *F, const TirInst *I) = {
    [TI_SCALAR] = scalar_def, [TI_COPY] = copy, [TI_COMPUTE] = compute, [TI_LOAD] = load, [TI_STORE] = store,
    [TI_LOOP] = loop_begin, [TI_LOOP_END] = loop_end, [TI_IF] = if_begin, [TI_ELSE] = if_else, [TI_IF_END] = if_end,
    [TI_YIELD] = yield_value, [TI_YIELD_END] = yield_last,
};

void pt_print_list(Fn *F, const TirList *L)
{
    for (const TirInst *I = L->first; I; I = I->next) {
        F->k.stmt_span = I->span;
        /* A loop's or an if's own lines are its statement's; a yield's, the yield's. */
        F->k.loc_span = I->region && I->kind != TI_YIELD && I->kind != TI_YIELD_END ? I->region->stmt->span : I->span;
        spell[I->kind](F, I);
    }
}
