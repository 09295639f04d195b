/* cpp_kernel_flow.c: the C++ spelling of a kernel's statements: for,
 * while and if with the values they carry (cpp.md 4.5), yields, and
 * assignments.  The walk and the checks that do not depend on the output
 * are lower_flow.c's; this file binds C++ objects and writes. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"
#include "codegen/lower_flow.h"

static Kern *kern(LowerFlow *W) { return W->printer; }

static void flow_error(LowerFlow *W, Span at, const char *msg) { ck_err(kern(W), at, "%s", msg); }
static int flow_defined(LowerFlow *W, const IrVar *v) { return ptrmap_get(&kern(W)->vals, v) != NULL; }
static void flow_poison(LowerFlow *W, const IrVar *v) { bind(kern(W), v, &kern(W)->poison); }

static void flow_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    (void)how;
    ck_emit_transfer(kern(W), dest, c, t);
}

/* The walk checked the result's type (lower_scalar.c). */
static void flow_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    Kern *K = kern(W);
    const char *ct = cpp_ctype((DataType)dest->type->dtype);
    CVal *v;
    (void)c, (void)op;
    v = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dest->type->dtype);
    sb_printf(ck_line(K), "%s %s = get_block_idx();\n", ct, v->name);
    bind(K, dest, v);
    ck_mark_unused(K, dest, v->name);
}

static void flow_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                        const LowerOpTiles *b)
{
    (void)op;
    ck_emit_isa_op(kern(W), dest, c, lo, b);
}

static const char *flow_tile_text(LowerFlow *W, const IrType *t, int fillpad) { return ck_tile_type(kern(W), t, fillpad); }

/* system.* (cpp.md 4.6). */
static void flow_system_op(LowerFlow *W, const IrVar *dest, const SystemLowering *s)
{
    (void)dest;
    if (s->flag)
        sb_printf(ck_line(kern(W)), "%s(PIPE_%s, PIPE_%s, EVENT_ID%" PRId64 ");\n",
                  s->flag == 1 ? "set_flag" : "wait_flag", pipe_name((PipeKind)s->set_pipe),
                  pipe_name((PipeKind)s->wait_pipe), s->event);
    else
        sb_printf(ck_line(kern(W)), "pipe_barrier(PIPE_%s);\n", s->barrier);
}

static void flow_scalar_def(LowerFlow *W, const IrAssign *a) { ck_declare_scalar(kern(W), a->var, a->value, 0); }

/* The Tensor argument a parameter's GlobalTensors are made on. */
static void flow_tensor_param(LowerFlow *W, LowerTensor *T) { T->data = ptrmap_get(&kern(W)->vals, T->param); }

/* A literal of its type holds the value. */
static int flow_float_spelled(double d, int dtype)
{
    char buf[80];
    return cpp_float_literal(d, (DataType)dtype, buf, sizeof buf);
}

/* A copy of a tile names the same object (a tensor's copy is the walk's). */
static void flow_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k)
{
    const CVal *w = ck_lookup(kern(W), a->value);
    (void)k;
    bind(kern(W), a->var, w ? w : &kern(W)->poison);
}

/* A tuple's tiles and tensors; its scalars are rendered where they are
 * unpacked (SSA values do not change). */
static void *flow_tuple_make(LowerFlow *W, const IrAssign *a, const LowerTuple *t)
{
    Kern *K = kern(W);
    uint32_t n = t->make->n;
    const CVal **vals = arena_zalloc(&K->k.arena, (n ? n : 1) * sizeof *vals);
    (void)a;
    for (uint32_t i = 0; i < n; i++)
        if (t->kind[i] == LOWER_TILE && t->tiles[i])
            vals[i] = ck_lookup(K, t->make->elems[i]);   /* a tile the walk found (lower_tile.c) */
    return vals;
}

static void flow_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t i)
{
    Kern *K = kern(W);
    const CVal **vals = t->data;
    if (a->var->type->kind == TYPE_SCALAR)
        ck_declare_scalar(K, a->var, t->make->elems[i], 0);
    else if (a->var->type->kind == TYPE_TILE)
        bind(K, a->var, vals[i] ? vals[i] : &K->poison);   /* a tensor's parameter is the walk's */
}

static void flow_yield_value(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    Kern *K = kern(W);
    const IrVar *r = R->ret[k];
    const CVal *rv = ptrmap_get(&K->vals, r);
    StrBuf text;
    /* Only scalar positions: tile and tensor positions are the walk's. */
    if (R->kind[k] != LOWER_SCALAR)
        ICE("a yield at a position of kind %d reached the C++ printer", R->kind[k]);
    if (!rv || rv == &K->poison)
        return;
    sb_init(&text);
    if (ck_scalar(K, &text, x, r->type->dtype) == 0 &&
        !(text.len == strlen(rv->name) && memcmp(text.data, rv->name, text.len) == 0))
        sb_printf(ck_line(K), "%s = %.*s;\n", rv->name, (int)text.len, text.data);
    sb_free(&text);
}

/* ---------------------------------------------------------------- loops */

/* The walk checked the bounds and the step, which must be positive
 * (lower_scalar.c). */
static void flow_loop_begin(LowerFlow *W, LowerRegion *R) { (void)W, (void)R; }

/* Before a loop: the return variable of a scalar position declared with
 * its initial value; the iter_arg and return variable of a Tile position
 * declared at the initial value's address (cpp.md 4.5, 4.1). */
static int flow_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    Kern *K = kern(W);
    const IrVar *a = &R->iter_args[k]->v, *ret = R->ret[k];
    const IrExpr *x = R->iter_args[k]->init;
    if (R->kind[k] == LOWER_SCALAR) {
        ck_declare_scalar(K, ret, x, 1);   /* the loop body's first line reads it */
        return ptrmap_get(&K->vals, ret) != &K->poison;
    }
    /* A tile position: the walk decided the buffer, the initial value's
     * (lower_tile.c); a tensor position's parameter is the walk's too. */
    ck_def_tile(K, a, 0, R->tiles[k]);
    ck_def_tile(K, ret, 0, R->tiles[k]);
    return 1;
}

/* First lines of a loop body: "<ctype> x_iter_1 = x_2;" per scalar position. */
static void iter_copies(Kern *K, const LowerRegion *R)
{
    for (uint32_t k = 0; k < R->n; k++) {
        const IrVar *a = &R->iter_args[k]->v;
        const CVal *rv = ptrmap_get(&K->vals, R->ret[k]);
        CVal *c;
        if (R->kind[k] != LOWER_SCALAR || !rv)
            continue;
        if (rv == &K->poison) {
            bind(K, a, &K->poison);   /* its initial value's text was too large (reported) */
            continue;
        }
        c = ck_new_val(K, CV_SCALAR, ident(K, a->name), a->type->dtype);
        sb_printf(ck_line(K), "%s %s = %s;\n", cpp_ctype((DataType)a->type->dtype), c->name, rv->name);
        bind(K, a, c);
        ck_mark_unused(K, a, c->name);
    }
}

static void for_open(Kern *K, const LowerRegion *R)
{
    const IrFor *f = IR_AS(IrFor, R->stmt);
    CVal *iv = ck_new_val(K, CV_SCALAR, ident(K, f->loop_var->name), DT_INT64);
    StrBuf hdr;
    sb_init(&hdr);
    sb_printf(&hdr, "for (int64_t %s = ", iv->name);
    if (R->head_failed)
        sb_puts(&hdr, "0; false;) {\n");   /* a placeholder after the walk's error */
    else if (ck_scalar(K, &hdr, f->start, DT_INT64) == 0) {
        sb_printf(&hdr, "; %s < ", iv->name);
        if (ck_scalar(K, &hdr, f->stop, DT_INT64) == 0) {
            sb_printf(&hdr, "; %s += ", iv->name);
            if (ck_scalar(K, &hdr, f->step, DT_INT64) == 0)
                sb_puts(&hdr, ") {\n");
        }
    }
    bind(K, f->loop_var, iv);
    sb_put(ck_line(K), hdr.data, hdr.len);
    sb_free(&hdr);
    K->k.indent += 2;
    iter_copies(K, R);
}

static void while_open(Kern *K, const LowerRegion *R)
{
    const IrWhile *w = IR_AS(IrWhile, R->stmt);
    StrBuf cond;
    sb_init(&cond);
    if (R->head_failed)
        sb_puts(&cond, "false");   /* a placeholder after the walk's error */
    if (R->nscalar == 0) {
        /* A natural while. */
        if (R->head_failed || ck_scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(ck_line(K), "while (%.*s) {\n", (int)cond.len, cond.data);
        K->k.indent += 2;
    } else {
        /* The SSA while of cpp.md 4.5: the condition on fresh copies. */
        sb_puts(ck_line(K), "while (true) {\n");
        K->k.indent += 2;
        iter_copies(K, R);
        if (R->head_failed || ck_scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(ck_line(K), "if (!(%.*s)) break;\n", (int)cond.len, cond.data);
    }
    sb_free(&cond);
}

static void flow_loop_open(LowerFlow *W, LowerRegion *R)
{
    if (R->stmt->kind == STMT_FOR)
        for_open(kern(W), R);
    else
        while_open(kern(W), R);
}

static void flow_loop_close(LowerFlow *W, LowerRegion *R)
{
    Kern *K = kern(W);
    (void)R;
    K->k.indent -= 2;
    sb_puts(ck_line(K), "}\n");
}

static void flow_if_close(LowerFlow *W, LowerRegion *R) { flow_loop_close(W, R); }

/* ------------------------------------------------------------------- if */

static void flow_if_begin(LowerFlow *W, LowerRegion *R) { (void)W, (void)R; }

/* Declared before the if: "<ctype> x;" for a scalar, the Tile for a tile. */
static void flow_if_result(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    Kern *K = kern(W);
    const IrVar *r = R->ret[k];
    if (R->kind[k] == LOWER_SCALAR) {
        const char *ct = cpp_ctype((DataType)r->type->dtype);   /* the walk checked it (lower_scalar.c) */
        CVal *c;
        c = ck_new_val(K, CV_SCALAR, ident(K, r->name), r->type->dtype);
        sb_printf(ck_line(K), "%s %s;\n", ct, c->name);
        bind(K, r, c);
        ck_mark_unused(K, r, c->name);
    } else if (R->kind[k] == LOWER_TILE) {
        ck_def_tile(K, r, 0, R->tiles[k]);
    }
}

static void flow_if_open(LowerFlow *W, LowerRegion *R)
{
    Kern *K = kern(W);
    StrBuf cond;
    sb_init(&cond);
    if (R->head_failed)
        sb_puts(&cond, "false");   /* a placeholder after the walk's error */
    if (R->head_failed || ck_scalar(K, &cond, IR_AS(IrIf, R->stmt)->cond, DT_BOOL) == 0)
        sb_printf(ck_line(K), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    K->k.indent += 2;
}

static void flow_else_open(LowerFlow *W, LowerRegion *R)
{
    Kern *K = kern(W);
    (void)R;
    K->k.indent -= 2;
    sb_puts(ck_line(K), "} else {\n");
    K->k.indent += 2;
}

static const LowerFlowPrinter ck_flow = {LOWER_FLOW_EVENTS(OUT_CPP, "C++"), .isa_op = flow_isa_op, .if_result = flow_if_result,
                                        .addr_hint = "", .tile_text = flow_tile_text,
                                        .tensor_param = flow_tensor_param, .static_strides = 1,
                                        .float_spelled = flow_float_spelled};

void ck_emit_body(Kern *K, const IrStmt *body)
{
    lower_flow_run(&ck_flow, K, &K->k, body);
}
