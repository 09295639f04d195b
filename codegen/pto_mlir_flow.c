/* pto_mlir_flow.c: the PTO MLIR spelling of a kernel's statements:
 * scf.for, scf.while and scf.if with the values they carry (pto-mlir.md
 * 7), yields into carried buffers, and assignments.  The walk and the
 * checks that do not depend on the output are lower_flow.c's; this file
 * binds SSA values and writes. */
#include "config.h"
#include "codegen/lower_flow.h"
#include "codegen/pto_mlir_internal.h"

/* What a loop or if carries, per scalar position (a tile's buffer and a
 * tensor's parameter are the walk's: lower_tile.h, lower_tensor.h). */
typedef struct Carry {
    const Value **init;        /* loops, scalar positions: the initial values */
    const Value **yielded;     /* the scalars of the yield being written */
    uint32_t nyielded;
    const Value *head[3];      /* for: the bounds and the step; if: the condition */
} Carry;

/* A tuple built in the kernel: what each scalar element stands for (a
 * tile's buffer and a tensor's parameter are the walk's). */
typedef struct Tuple {
    const Value **vals;
} Tuple;

static Emitter *em(LowerFlow *W) { return W->printer; }
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

/* ------------------------------------------------------------- events */

static void flow_error(LowerFlow *W, Span at, const char *msg) { pm_err(em(W), at, "%s", msg); }

/* A Tile variable's buffer and a Tensor variable's parameter are the
 * walk's (lower_tile.c, lower_tensor.c). */
static int flow_defined(LowerFlow *W, const IrVar *v)
{
    return v->type->kind == TYPE_TILE || ptrmap_get(&em(W)->values, v);
}

static void flow_poison(LowerFlow *W, const IrVar *v) { bind(em(W), v, &em(W)->poison); }

static void flow_tensor_param(LowerFlow *W, LowerTensor *T) { pm_make_view(em(W), T); }

/* MLIR writes any finite float in any float type (pto-mlir.md 6.3). */
static int flow_float_spelled(double d, int dtype)
{
    char buf[64];
    (void)dtype;
    return mlir_float_text(d, buf, sizeof buf);
}

static void flow_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    (void)how;
    pm_emit_transfer(em(W), dest, c, t);
}

static void flow_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    Emitter *E = em(W);
    const char *name = pm_result_name(E, dest);
    (void)c, (void)op;
    sb_printf(pm_line(E), "%s = pto.get_block_idx\n", name);
    bind(E, dest, pm_scalar_value(E, name, SC_I64, 1));
}

static void flow_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                        const LowerOpTiles *b)
{
    (void)op;
    pm_emit_isa_op(em(W), dest, c, lo, b);
}

static const char *flow_tile_text(LowerFlow *W, const IrType *t, int fillpad) { return pm_tile_type(em(W), t, fillpad); }

/* system.* (pto-mlir.md 9). */
static void flow_system_op(LowerFlow *W, const IrVar *dest, const SystemLowering *s)
{
    (void)dest;
    if (s->flag)
        sb_printf(pm_line(em(W)), "pto.%s[<PIPE_%s>, <PIPE_%s>, <EVENT_ID%" PRId64 ">]\n",
                  s->flag == 1 ? "set_flag" : "wait_flag",
                  pipe_name((PipeKind)s->set_pipe), pipe_name((PipeKind)s->wait_pipe), s->event);
    else
        sb_printf(pm_line(em(W)), "pto.barrier <PIPE_%s>\n", s->barrier);
}

/* The walk checked the variable's type and its value (lower_scalar.c). */
static void flow_scalar_def(LowerFlow *W, const IrAssign *a)
{
    bind(em(W), a->var, pm_scalar(em(W), a->value, a->var->type->dtype, 0, a->var));
}

/* A tile's copy names its buffer (the walk's: lower_tile.c); a tensor's
 * copy is not handed over (lower_tensor.c). */
static void flow_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k) { (void)W, (void)a, (void)k; }

static void *flow_tuple_make(LowerFlow *W, const IrAssign *a, const LowerTuple *t)
{
    Emitter *E = em(W);
    const IrMakeTuple *m = t->make;
    Tuple *u = arena_zalloc(&E->k.arena, sizeof *u);
    (void)a;
    u->vals = zarray(E, m->n, sizeof *u->vals);
    for (uint32_t i = 0; i < m->n; i++) {
        const IrExpr *el = m->elems[i];
        if (t->kind[i] == LOWER_SCALAR)
            u->vals[i] = pm_scalar(E, el, ir_expr_type(E->k.ir, el)->dtype, 0, NULL);
    }
    return u;
}

static void flow_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t i)
{
    Emitter *E = em(W);
    const Tuple *u = t->data;
    const IrVar *v = a->var;
    if (u->vals[i] && is_scalar_var(v))
        bind(E, v, pm_convert(E, u->vals[i], v->type->dtype, 0, NULL));
}

static Carry *new_carry(Emitter *E, LowerRegion *R)
{
    Carry *C = arena_zalloc(&E->k.arena, sizeof *C);
    C->init = zarray(E, R->n, sizeof *C->init);
    C->yielded = zarray(E, R->n, sizeof *C->yielded);
    R->data = C;
    return C;
}

static void flow_yield_value(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    Emitter *E = em(W);
    Carry *C = carry_of(R);
    const IrVar *r = R->ret[k];
    /* Only scalar positions: tile and tensor positions are the walk's. */
    if (R->kind[k] != LOWER_SCALAR)
        ICE("a yield at a position of kind %d reached the PTO printer", R->kind[k]);
    C->yielded[C->nyielded++] = pm_scalar(E, x, r->type->dtype, 0, NULL);
}

static void flow_yield_end(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
    Carry *C = carry_of(R);
    uint32_t nv = C->nyielded;
    StrBuf *o;
    C->nyielded = 0;
    if (nv == 0) {
        if (R->stmt->kind == STMT_WHILE)
            sb_puts(pm_line(E), "scf.yield\n");
        return;
    }
    o = pm_line(E);
    sb_puts(o, "scf.yield ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", C->yielded[k]->name);
    sb_puts(o, " : ");
    for (uint32_t k = 0; k < nv; k++)
        sb_printf(o, "%s%s", k ? ", " : "", C->yielded[k]->type);
    sb_putc(o, '\n');
}

/* ---------------------------------------------------------------- loops */

static void flow_loop_begin(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
    Carry *C = new_carry(E, R);
    if (R->stmt->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, R->stmt);
        /* The bounds come first: their constants and arithmetic precede
         * the scf.for.  After their error, placeholders. */
        C->head[0] = R->head_failed ? const_index(E, 0) : index_value(E, f->start);
        C->head[1] = R->head_failed ? const_index(E, 0) : index_value(E, f->stop);
        C->head[2] = R->head_failed ? const_index(E, 1) : index_value(E, f->step);
    }
}

static int flow_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    Emitter *E = em(W);
    Carry *C = carry_of(R);
    const IrVar *a = &R->iter_args[k]->v;
    const IrExpr *x = R->iter_args[k]->init;
    /* A tile position carries its initial value's buffer, a tensor
     * position its parameter: the walk's. */
    if (R->kind[k] == LOWER_SCALAR)
        C->init[k] = pm_scalar(E, x, a->type->dtype, 0, NULL);
    return 1;
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
    cond = R->head_failed ? pm_const_int(E, SC_I1, 0) : pm_scalar(E, w->cond, DT_BOOL, 0, NULL);
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

static void flow_loop_open(LowerFlow *W, LowerRegion *R)
{
    if (R->stmt->kind == STMT_FOR)
        for_open(em(W), R);
    else
        while_open(em(W), R);
    em(W)->k.indent += 2;
}

static void flow_loop_close(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
    /* scf.while's "after" region ends in a yield, even of nothing. */
    if (R->stmt->kind == STMT_WHILE && !R->yielded && !R->nscalar)
        sb_puts(pm_line(E), "scf.yield\n");
    E->k.indent -= 2;
    sb_puts(pm_line(E), "}\n");
}

/* ------------------------------------------------------------------- if */

static void flow_if_begin(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
    const IrExpr *cond = IR_AS(IrIf, R->stmt)->cond;
    new_carry(E, R)->head[0] = R->head_failed ? pm_const_int(E, SC_I1, 0) : pm_scalar(E, cond, DT_BOOL, 0, NULL);
}

static void flow_if_result(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    Emitter *E = em(W);
    const IrVar *r = R->ret[k];
    if (R->kind[k] == LOWER_TILE)
        pm_tile(E, R->tiles[k], r, NULL);   /* its alloc precedes the scf.if */
}

static void flow_if_open(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
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

static void flow_else_open(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
    (void)R;
    E->k.indent -= 2;
    sb_puts(pm_line(E), "} else {\n");
    E->k.indent += 2;
}

static void flow_if_close(LowerFlow *W, LowerRegion *R)
{
    Emitter *E = em(W);
    E->k.indent -= 2;
    (void)R;
    sb_puts(pm_line(E), "}\n");
}

static const LowerFlowPrinter pm_flow = {LOWER_FLOW_EVENTS(OUT_MLIR, "PTO"), .isa_op = flow_isa_op, .if_result = flow_if_result,
                                         .addr_hint = ", or use --no-addr", .tile_text = flow_tile_text, .tensor_param = flow_tensor_param,
                                         .float_spelled = flow_float_spelled,
                                         .yield_end = flow_yield_end};

void pm_emit_body(Emitter *E, const IrStmt *body)
{
    lower_flow_run(&pm_flow, E, &E->k, body);
}
