/* pto_mlir_flow.c: the PTO MLIR spelling of a kernel's lowered list
 * (lower_list.h): scf.for, scf.while and scf.if with the values they
 * carry (pto-mlir.md 7), yields into carried buffers, assignments, and
 * each instruction in order.  What is lowered and checked is the
 * lowering's; this file binds SSA values and writes. */
#include "config.h"
#include "codegen/lower_list.h"
#include "codegen/pto_mlir_internal.h"

/* What a loop or if carries, per scalar position (a tile's buffer and a
 * tensor's parameter are the walk's: lower_tile.h, lower_tensor.h). */
typedef struct Carry {
    const Value **init;        /* loops, scalar positions: the initial values */
    const Value **yielded;     /* the scalars of the yield being written */
    uint32_t nyielded;
    const Value *head[3];      /* for: the bounds and the step; if: the condition */
    LowerAside aside;          /* if: the else-branch */
} Carry;

/* A tuple built in the kernel: what each scalar element stands for (a
 * tile's buffer and a tensor's parameter are the walk's). */
typedef struct Tuple {
    const Value **vals;
} Tuple;

static Carry *carry_of(const LowerRegion *R) { return R->data; }
static int is_scalar_var(const IrVar *v) { return v->type->kind == TYPE_SCALAR; }

static void *zarray(Emitter *E, uint32_t n, size_t size) { return arena_zalloc(&E->k.arena, (n ? n : 1) * size); }

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

/* A fresh SSA value for scalar iter_arg a, bound to it. */
static const Value *iter_value(Emitter *E, const IrVar *a, const char *name)
{
    const Value *v = pm_scalar_value(E, name, pm_sc_of(a->type->dtype, 0), dtype_is_unsigned_int((DataType)a->type->dtype));
    bind(E, a, v);
    return v;
}

/* "%x = %init, ..." of the scalar positions. */
static void iter_args(Emitter *E, StrBuf *o, const LowerRegion *R)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < R->n; i++) {
        const IrVar *a = &R->iter_args[i]->v;
        const Value *init = carry_of(R)->init[i];
        if (R->kind[i] == LOWER_SCALAR)
            sb_printf(o, "%s%s = %s", k++ ? ", " : "", iter_value(E, a, pm_result_name(E, a))->name,
                      init ? init->name : "%undef");
    }
}

/* ----------------------------------------------------------- instructions */

/* MLIR writes any finite float in any float type (pto-mlir.md 6.3). */
int pm_float_spelled(double d, int dtype)
{
    char buf[64];
    (void)dtype;
    return mlir_float_text(d, buf, sizeof buf);
}

static void view(void *P, const LowerInst *I) { pm_make_view(P, I->tensor); }
static void transfer(void *P, const LowerInst *I) { pm_emit_transfer(P, I->dest, I->call, I->u.t); }
static void comm(void *P, const LowerInst *I)
{
    if (lower_comm_is_pipe(I->u.comm->what))
        pm_emit_pipe(P, I->dest, I->call, I->op, I->u.comm);
    else
        pm_emit_comm(P, I->dest, I->u.comm);
}
static void isa_op(void *P, const LowerInst *I) { pm_emit_isa_op(P, I->dest, I->call, &I->u.op->lo, &I->u.op->b); }

static void block_idx(void *P, const LowerInst *I)
{
    Emitter *E = P;
    const char *name = pm_result_name(E, I->dest);
    char buf[64];
    const char *why, *op = op_spelling(I->op, OUT_MLIR, buf, sizeof buf, &why);
    sb_printf(pm_line(E), "%s = pto.%s\n", name, op);
    bind(E, I->dest, pm_scalar_value(E, name, SC_I64, 1));
}

/* system.* (pto-mlir.md 9). */
static void system_op(void *P, const LowerInst *I)
{
    const SystemLowering *s = I->u.sys;
    if (s->xsync == 3) {   /* the workspace parameter's pointer */
        const Value *ws = ptrmap_get(&((Emitter *)P)->values, s->workspace);
        sb_printf(pm_line(P), "pto.set_ffts %s : !pto.ptr<i64>\n", ws ? ws->name : "%undef");
    } else if (s->xsync) {   /* pto.sync.set <PIPE_X>, id {ffts_mode = N : i32}; the id an index when dynamic */
        char id[32];
        const char *ev = id;
        StrBuf *o;
        snprintf(id, sizeof id, "%" PRId64, s->event);
        if (s->event_x)   /* (before the line: its conversion is a line of its own) */
            ev = index_value(P, s->event_x)->name;
        o = pm_line(P);
        sb_printf(o, "pto.sync.%s <PIPE_%s>, %s", s->xsync == 1 ? "set" : "wait", pipe_name((PipeKind)s->set_pipe),
                  ev);
        if (s->ffts_mode >= 0)
            sb_printf(o, " {ffts_mode = %" PRId64 " : i32}", s->ffts_mode);
        sb_puts(o, "\n");
    } else if (s->flag)
        sb_printf(pm_line(P), "pto.%s[<PIPE_%s>, <PIPE_%s>, <EVENT_ID%" PRId64 ">]\n",
                  s->flag == 1 ? "set_flag" : "wait_flag",
                  pipe_name((PipeKind)s->set_pipe), pipe_name((PipeKind)s->wait_pipe), s->event);
    else if (s->gm == GM_FENCE)
        sb_puts(pm_line(P), "pto.fence.barrier_all #pto.fence_scope<gm>\n");
    else if (s->gm == GM_CACHE_INVALIDATE)
        sb_puts(pm_line(P), "pto.cmo.cacheinvalid all #pto.address_space<gm>\n");
    else if (s->gm == GM_SYNCALL)
        sb_printf(pm_line(P), "pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<%s>\n",
                  s->core_type);
    else
        sb_printf(pm_line(P), "pto.barrier <PIPE_%s>\n", s->barrier);
}

static void scalar_def(void *P, const LowerInst *I)
{
    const IrAssign *a = I->assign;
    bind(P, a->var, pm_scalar(P, a->value, a->var->type->dtype, 0, a->var));
}

/* The scalars of a tuple; a tile's buffer and a tensor's parameter are
 * the lowering's. */
static void tuple_make(void *P, const LowerInst *I)
{
    Emitter *E = P;
    const IrMakeTuple *m = I->tuple->make;
    Tuple *u = arena_zalloc(&E->k.arena, sizeof *u);
    u->vals = zarray(E, m->n, sizeof *u->vals);
    for (uint32_t i = 0; i < m->n; i++) {
        const IrExpr *el = m->elems[i];
        if (I->tuple->kind[i] == LOWER_SCALAR)
            u->vals[i] = pm_scalar(E, el, ir_expr_type(E->k.ir, el)->dtype, 0, NULL);
    }
    I->tuple->data = u;
}

static void tuple_get(void *P, const LowerInst *I)
{
    const Tuple *u = I->tuple->data;
    const IrVar *v = I->assign->var;
    if (u->vals[I->k] && is_scalar_var(v))
        bind(P, v, pm_convert(P, u->vals[I->k], v->type->dtype, 0, NULL));
}

static Carry *new_carry(Emitter *E, LowerRegion *R)
{
    Carry *C = arena_zalloc(&E->k.arena, sizeof *C);
    C->init = zarray(E, R->n, sizeof *C->init);
    C->yielded = zarray(E, R->n, sizeof *C->yielded);
    R->data = C;
    return C;
}

/* Only scalar positions: tile and tensor positions are the lowering's. */
static void yield_value(void *P, const LowerInst *I)
{
    const LowerRegion *R = I->region;
    Carry *C = carry_of(R);
    if (R->kind[I->k] != LOWER_SCALAR)
        ICE("a yield at a position of kind %d reached the PTO printer", R->kind[I->k]);
    C->yielded[C->nyielded++] = pm_scalar(P, I->x, R->ret[I->k]->type->dtype, 0, NULL);
}

static void yield_end(void *P, const LowerInst *I)
{
    const LowerRegion *R = I->region;
    Carry *C = carry_of(R);
    uint32_t nv = C->nyielded;
    StrBuf *o;
    C->nyielded = 0;
    if (nv == 0) {
        if (R->stmt->kind == STMT_WHILE)
            sb_puts(pm_line(P), "scf.yield\n");
        return;
    }
    o = pm_line(P);
    sb_puts(o, "scf.yield ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", C->yielded[k]->name);
    sb_puts(o, " : ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", C->yielded[k]->type);
    sb_putc(o, '\n');
}

/* ---------------------------------------------------------------- loops */

static void loop_begin(void *P, const LowerInst *I)
{
    Emitter *E = P;
    Carry *C = new_carry(E, I->region);
    if (I->region->stmt->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, I->region->stmt);
        /* The bounds come first: their constants and arithmetic precede
         * the scf.for. */
        C->head[0] = index_value(E, f->start);
        C->head[1] = index_value(E, f->stop);
        C->head[2] = index_value(E, f->step);
    }
}

/* A tile position carries its initial value's buffer, a tensor position
 * its parameter: the lowering's. */
static void carry_init(void *P, const LowerInst *I)
{
    const LowerRegion *R = I->region;
    if (R->kind[I->k] == LOWER_SCALAR)
        carry_of(R)->init[I->k] = pm_scalar(P, R->iter_args[I->k]->init, R->iter_args[I->k]->v.type->dtype, 0, NULL);
}

static void for_open(Emitter *E, const LowerRegion *R)
{
    const IrFor *f = IR_AS(IrFor, R->stmt);
    const Value *const *head = carry_of(R)->head;
    StrBuf *o = pm_line(E);
    const char *iv;
    result_list(E, o, f->ret, f->niter);
    iv = pm_result_name(E, f->loop_var);
    bind(E, f->loop_var, pm_scalar_value(E, iv, SC_INDEX, 0));
    sb_printf(o, "scf.for %s = %s to %s step %s ", iv, head[0]->name, head[1]->name, head[2]->name);
    if (R->nscalar) {
        sb_puts(o, "iter_args(");
        iter_args(E, o, R);
        sb_puts(o, ") -> ");
        type_list(o, f->ret, f->niter, 1);
        sb_putc(o, ' ');
    }
    sb_puts(o, "{\n");
}

static void while_open(Emitter *E, const LowerRegion *R)
{
    const IrWhile *w = IR_AS(IrWhile, R->stmt);
    StrBuf *o = pm_line(E);
    const Value *cond;
    uint32_t k = 0;
    result_list(E, o, w->ret, w->niter);
    sb_puts(o, "scf.while ");
    if (R->nscalar) {
        sb_putc(o, '(');
        iter_args(E, o, R);
        sb_puts(o, ") ");
    }
    sb_puts(o, ": ");
    type_list(o, w->ret, w->niter, 1);
    sb_puts(o, " -> ");
    type_list(o, w->ret, w->niter, 0);
    sb_puts(o, " {\n");
    /* The "before" region: the condition, on the iter_args. */
    E->k.indent += 2;
    cond = pm_scalar(E, w->cond, DT_BOOL, 0, NULL);
    o = pm_line(E);
    sb_printf(o, "scf.condition(%s)", cond->name);
    if (R->nscalar) {
        for (uint32_t i = 0; i < w->niter; i++)
            if (R->kind[i] == LOWER_SCALAR)
                sb_printf(o, "%s%s", k++ ? ", " : " ", ((const Value *)ptrmap_get(&E->values, w->iter_args[i]))->name);
        sb_puts(o, " : ");
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++)
            if (R->kind[i] == LOWER_SCALAR)
                sb_printf(o, "%s%s", k++ ? ", " : "", sc_text[pm_sc_of(w->iter_args[i]->v.type->dtype, 0)]);
    }
    sb_putc(o, '\n');
    E->k.indent -= 2;
    sb_puts(pm_line(E), "} do {\n");
    /* The "after" region gets the same values as fresh block arguments. */
    if (R->nscalar) {
        o = pm_line(E);
        sb_puts(o, "^bb0(");
        k = 0;
        for (uint32_t i = 0; i < w->niter; i++) {
            const IrVar *a = &w->iter_args[i]->v;
            const Value *v;
            if (R->kind[i] != LOWER_SCALAR)
                continue;
            v = iter_value(E, a, mlir_name_claim(&E->names, a->name, "_b"));
            sb_printf(o, "%s%s: %s", k++ ? ", " : "", v->name, v->type);
        }
        sb_puts(o, "):\n");
    }
}

static void loop_open(void *P, const LowerInst *I)
{
    Emitter *E = P;
    if (I->region->stmt->kind == STMT_FOR)
        for_open(E, I->region);
    else
        while_open(E, I->region);
    E->k.indent += 2;
}

static void loop_close(void *P, const LowerInst *I)
{
    Emitter *E = P;
    const LowerRegion *R = I->region;
    /* scf.while's "after" region ends in a yield, even of nothing. */
    if (R->stmt->kind == STMT_WHILE && !R->yielded && !R->nscalar)
        sb_puts(pm_line(E), "scf.yield\n");
    E->k.indent -= 2;
    sb_puts(pm_line(E), "}\n");
}

/* ------------------------------------------------------------------- if */

static void if_begin(void *P, const LowerInst *I)
{
    new_carry(P, I->region)->head[0] = pm_scalar(P, IR_AS(IrIf, I->region->stmt)->cond, DT_BOOL, 0, NULL);
}

/* A tile result's alloc precedes the scf.if. */
static void if_result(void *P, const LowerInst *I)
{
    const LowerRegion *R = I->region;
    if (R->kind[I->k] == LOWER_TILE)
        pm_tile(P, R->tiles[I->k], R->ret[I->k], NULL);
}

static void if_open(void *P, const LowerInst *I)
{
    Emitter *E = P;
    const LowerRegion *R = I->region;
    const IrIf *f = IR_AS(IrIf, R->stmt);
    StrBuf *o = pm_line(E);
    result_list(E, o, f->ret, f->nret);
    sb_printf(o, "scf.if %s ", carry_of(R)->head[0]->name);
    if (R->nscalar) {
        sb_puts(o, "-> ");
        type_list(o, f->ret, f->nret, 1);
        sb_putc(o, ' ');
    }
    sb_puts(o, "{\n");
    E->k.indent += 2;
}

static void else_open(void *P, const LowerInst *I) { lower_aside_begin(&((Emitter *)P)->k, &carry_of(I->region)->aside); }

static void if_close(void *P, const LowerInst *I)
{
    Emitter *E = P;
    lower_aside_join(&E->k, &carry_of(I->region)->aside, "} else {\n");
    E->k.indent -= 2;
    sb_puts(pm_line(E), "}\n");
}

/* --------------------------------------------------------------- the list */

static const LowerSpell pm_spell[LI_COUNT] = {
    [LI_VIEW] = view, [LI_TRANSFER] = transfer, [LI_OP] = isa_op, [LI_BLOCK_IDX] = block_idx,
    [LI_SYSTEM] = system_op, [LI_COMM] = comm, [LI_SCALAR] = scalar_def, [LI_TUPLE] = tuple_make, [LI_UNPACK] = tuple_get,
    [LI_LOOP] = loop_begin, [LI_CARRY] = carry_init, [LI_LOOP_BODY] = loop_open, [LI_LOOP_END] = loop_close,
    [LI_IF] = if_begin, [LI_IF_RESULT] = if_result, [LI_THEN] = if_open, [LI_ELSE] = else_open,
    [LI_IF_END] = if_close, [LI_YIELD] = yield_value, [LI_YIELD_END] = yield_end,
};

/* A buffer's copy and a tensor's are the lowering's: LI_COPY writes nothing. */
void pm_print_list(Emitter *E, const LowerList *L) { lower_list_print(&E->k, L, pm_spell, E); }
