/* cpp_kernel_flow.c: the C++ spelling of a kernel's lowered list
 * (lower_list.h): for, while and if with the values they carry (cpp.md
 * 4.5), yields, assignments, and each instruction in order.  What is
 * lowered and checked is the lowering's; this file binds C++ objects and
 * writes. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"
#include "codegen/lower_list.h"

/* The lowering checked the result's type (lower_scalar.c). */
static void block_idx(void *P, const LowerInst *I)
{
    Kern *K = P;
    const IrVar *dest = I->dest;
    const char *ct = cpp_ctype((DataType)dest->type->dtype);
    CVal *v = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dest->type->dtype);
    char buf[64];
    const char *why, *fn = op_spelling(I->op, OUT_CPP, buf, sizeof buf, &why);
    sb_printf(ck_line(K), "%s %s = %s();\n", ct, v->name, fn);
    bind(K, dest, v);
    ck_mark_unused(K, dest, v->name);
}

/* system.* (cpp.md 4.6). */
static void system_op(void *P, const LowerInst *I)
{
    const SystemLowering *s = I->u.sys;
    if (s->flag)
        sb_printf(ck_line(P), "%s(PIPE_%s, PIPE_%s, EVENT_ID%" PRId64 ");\n",
                  s->flag == 1 ? "set_flag" : "wait_flag", pipe_name((PipeKind)s->set_pipe),
                  pipe_name((PipeKind)s->wait_pipe), s->event);
    else if (s->gm == GM_FENCE) {
        sb_puts(ck_line(P), "pipe_barrier(PIPE_ALL);\n");
        sb_puts(ck_line(P), "dsb(DSB_DDR);\n");
    } else if (s->gm == GM_CACHE_INVALIDATE) {
        sb_puts(ck_line(P), "dcci((__gm__ void *)0, cache_line_t::ENTIRE_DATA_CACHE);\n");
    } else if (s->gm == GM_SYNCALL) {
        sb_printf(ck_line(P), "SYNCALL<pto::SyncCoreType::%s>();\n",
                  strcmp(s->core_type, "aiv_only") == 0   ? "AIVOnly"
                  : strcmp(s->core_type, "aic_only") == 0 ? "AICOnly"
                                                          : "Mix");
    } else {
        sb_printf(ck_line(P), "pipe_barrier(PIPE_%s);\n", s->barrier);
    }
}

/* The Tensor argument a parameter's GlobalTensors are made on. */
static void view(void *P, const LowerInst *I) { I->tensor->data = ptrmap_get(&((Kern *)P)->vals, I->tensor->param); }

static void scalar_def(void *P, const LowerInst *I) { ck_declare_scalar(P, I->assign->var, I->assign->value, 0); }
static void transfer(void *P, const LowerInst *I) { ck_emit_transfer(P, I->dest, I->call, I->u.t); }
static void comm(void *P, const LowerInst *I)
{
    if (lower_comm_is_pipe(I->u.comm->what))
        ck_emit_pipe(P, I->dest, I->call, I->u.comm);
    else
        ck_emit_comm(P, I->dest, I->u.comm);
}
static void isa_op(void *P, const LowerInst *I) { ck_emit_isa_op(P, I->dest, I->call, &I->u.op->lo, &I->u.op->b); }

/* A literal of its type holds the value. */
int ck_float_spelled(double d, int dtype)
{
    char buf[80];
    return cpp_float_literal(d, (DataType)dtype, buf, sizeof buf);
}

/* A copy of a tile names the same object (a tensor's copy is the
 * lowering's). */
static void copy(void *P, const LowerInst *I)
{
    if (I->value_kind == LOWER_TILE)
        bind(P, I->assign->var, ck_lookup(P, I->assign->value));
}

/* A tuple's tiles; its scalars are rendered where they are unpacked (SSA
 * values do not change). */
static void tuple_make(void *P, const LowerInst *I)
{
    Kern *K = P;
    LowerTuple *t = I->tuple;
    uint32_t n = t->make->n;
    const CVal **vals = arena_zalloc(&K->k.arena, (n ? n : 1) * sizeof *vals);
    for (uint32_t i = 0; i < n; i++)
        if (t->kind[i] == LOWER_TILE && t->tiles[i])
            vals[i] = ck_lookup(K, t->make->elems[i]);   /* a tile the lowering found (lower_tile.c) */
    t->data = vals;
}

static void tuple_get(void *P, const LowerInst *I)
{
    Kern *K = P;
    const IrAssign *a = I->assign;
    const LowerTuple *t = I->tuple;
    uint32_t i = I->k;
    const CVal **vals = t->data;
    if (a->var->type->kind == TYPE_SCALAR)
        ck_declare_scalar(K, a->var, t->make->elems[i], 0);
    else if (a->var->type->kind == TYPE_TILE)
        bind(K, a->var, vals[i] ? vals[i] : &K->poison);   /* a tensor's parameter is the lowering's */
}

/* Only scalar positions: tile and tensor positions are the lowering's. */
static void yield_value(void *P, const LowerInst *I)
{
    Kern *K = P;
    const LowerRegion *R = I->region;
    uint32_t k = I->k;
    const IrExpr *x = I->x;
    const IrVar *r = R->ret[k];
    const CVal *rv = ptrmap_get(&K->vals, r);
    StrBuf text;
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

/* Before a loop: the return variable of a scalar position declared with
 * its initial value; the iter_arg and return variable of a Tile position
 * declared at the initial value's address (cpp.md 4.5, 4.1). */
static void carry_init(void *P, const LowerInst *I)
{
    Kern *K = P;
    const LowerRegion *R = I->region;
    uint32_t k = I->k;
    const IrVar *a = &R->iter_args[k]->v, *ret = R->ret[k];
    if (R->kind[k] == LOWER_SCALAR) {
        ck_declare_scalar(K, ret, R->iter_args[k]->init, 1);   /* the loop body's first line reads it */
        return;
    }
    /* A tile position: the lowering decided the buffer, the initial
     * value's (lower_tile.c); a tensor position's parameter is the
     * lowering's too. */
    if (R->kind[k] == LOWER_TILE) {
        ck_def_tile(K, a, 0, R->tiles[k]);
        ck_def_tile(K, ret, 0, R->tiles[k]);
    }
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
    if (ck_scalar(K, &hdr, f->start, DT_INT64) == 0) {
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
    if (R->nscalar == 0) {
        /* A natural while. */
        if (ck_scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(ck_line(K), "while (%.*s) {\n", (int)cond.len, cond.data);
        K->k.indent += 2;
    } else {
        /* The SSA while of cpp.md 4.5: the condition on fresh copies. */
        sb_puts(ck_line(K), "while (true) {\n");
        K->k.indent += 2;
        iter_copies(K, R);
        if (ck_scalar(K, &cond, w->cond, DT_BOOL) == 0)
            sb_printf(ck_line(K), "if (!(%.*s)) break;\n", (int)cond.len, cond.data);
    }
    sb_free(&cond);
}

static void loop_open(void *P, const LowerInst *I)
{
    if (I->region->stmt->kind == STMT_FOR)
        for_open(P, I->region);
    else
        while_open(P, I->region);
}

static void block_close(void *P, const LowerInst *I)
{
    Kern *K = P;
    (void)I;
    K->k.indent -= 2;
    sb_puts(ck_line(K), "}\n");
}

/* ------------------------------------------------------------------- if */

/* Declared before the if: "<ctype> x;" for a scalar, the Tile for a tile. */
static void if_result(void *P, const LowerInst *I)
{
    Kern *K = P;
    const LowerRegion *R = I->region;
    uint32_t k = I->k;
    const IrVar *r = R->ret[k];
    if (R->kind[k] == LOWER_SCALAR) {
        const char *ct = cpp_ctype((DataType)r->type->dtype);   /* the lowering checked it (lower_scalar.c) */
        CVal *c = ck_new_val(K, CV_SCALAR, ident(K, r->name), r->type->dtype);
        sb_printf(ck_line(K), "%s %s;\n", ct, c->name);
        bind(K, r, c);
        ck_mark_unused(K, r, c->name);
    } else if (R->kind[k] == LOWER_TILE) {
        ck_def_tile(K, r, 0, R->tiles[k]);
    }
}

static void if_open(void *P, const LowerInst *I)
{
    Kern *K = P;
    LowerRegion *R = I->region;
    StrBuf cond;
    R->data = arena_zalloc(&K->k.arena, sizeof(LowerAside));
    sb_init(&cond);
    if (ck_scalar(K, &cond, IR_AS(IrIf, R->stmt)->cond, DT_BOOL) == 0)
        sb_printf(ck_line(K), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    K->k.indent += 2;
}

/* The else-branch is written aside: one that writes nothing is left out. */
static void else_open(void *P, const LowerInst *I) { lower_aside_begin(&((Kern *)P)->k, I->region->data); }

static void if_close(void *P, const LowerInst *I)
{
    lower_aside_join(&((Kern *)P)->k, I->region->data, "} else {\n");
    block_close(P, I);
}

/* --------------------------------------------------------------- the list */

/* The lowering checked the bounds, conditions and steps (lower_scalar.c):
 * the heads of loops and ifs write nothing before them, nor do yields. */
static const LowerSpell ck_spell[LI_COUNT] = {
    [LI_VIEW] = view, [LI_TRANSFER] = transfer, [LI_OP] = isa_op, [LI_BLOCK_IDX] = block_idx,
    [LI_SYSTEM] = system_op, [LI_COMM] = comm, [LI_SCALAR] = scalar_def, [LI_COPY] = copy, [LI_TUPLE] = tuple_make,
    [LI_UNPACK] = tuple_get, [LI_CARRY] = carry_init, [LI_LOOP_BODY] = loop_open, [LI_LOOP_END] = block_close,
    [LI_IF_RESULT] = if_result, [LI_THEN] = if_open, [LI_ELSE] = else_open, [LI_IF_END] = if_close,
    [LI_YIELD] = yield_value,
};

void ck_print_list(Kern *K, const LowerList *L) { lower_list_print(&K->k, L, ck_spell, K); }
