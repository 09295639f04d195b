/* cpp_kernel_flow.c: the C++ spelling of a kernel's lowered list
 * (lower_list.h): for, while and if with the values they carry (cpp.md
 * 4.5), yields, assignments, and each instruction in order.  What is
 * lowered and checked is the lowering's; this file binds C++ objects and
 * writes. */
#include "config.h"
#include "codegen/cpp_kernel_internal.h"
#include "codegen/lower_list.h"

/* What the printer keeps of an if: its output while the else-branch is
 * written aside (one that writes nothing is left out). */
typedef struct IfText {
    StrBuf *outer, text;
} IfText;

/* The lowering checked the result's type (lower_scalar.c). */
static void block_idx(Kern *K, const IrVar *dest)
{
    const char *ct = cpp_ctype((DataType)dest->type->dtype);
    CVal *v = ck_new_val(K, CV_SCALAR, ident(K, dest->name), dest->type->dtype);
    sb_printf(ck_line(K), "%s %s = get_block_idx();\n", ct, v->name);
    bind(K, dest, v);
    ck_mark_unused(K, dest, v->name);
}

/* system.* (cpp.md 4.6). */
static void system_op(Kern *K, const SystemLowering *s)
{
    if (s->flag)
        sb_printf(ck_line(K), "%s(PIPE_%s, PIPE_%s, EVENT_ID%" PRId64 ");\n",
                  s->flag == 1 ? "set_flag" : "wait_flag", pipe_name((PipeKind)s->set_pipe),
                  pipe_name((PipeKind)s->wait_pipe), s->event);
    else
        sb_printf(ck_line(K), "pipe_barrier(PIPE_%s);\n", s->barrier);
}

/* A literal of its type holds the value. */
int ck_float_spelled(double d, int dtype)
{
    char buf[80];
    return cpp_float_literal(d, (DataType)dtype, buf, sizeof buf);
}

/* A copy of a tile names the same object (a tensor's copy is the
 * lowering's). */
static void copy(Kern *K, const IrAssign *a)
{
    const CVal *w = ck_lookup(K, a->value);
    bind(K, a->var, w ? w : &K->poison);
}

/* A tuple's tiles; its scalars are rendered where they are unpacked (SSA
 * values do not change). */
static void tuple_make(Kern *K, LowerTuple *t)
{
    uint32_t n = t->make->n;
    const CVal **vals = arena_zalloc(&K->k.arena, (n ? n : 1) * sizeof *vals);
    for (uint32_t i = 0; i < n; i++)
        if (t->kind[i] == LOWER_TILE && t->tiles[i])
            vals[i] = ck_lookup(K, t->make->elems[i]);   /* a tile the lowering found (lower_tile.c) */
    t->data = vals;
}

static void tuple_get(Kern *K, const IrAssign *a, const LowerTuple *t, uint32_t i)
{
    const CVal **vals = t->data;
    if (a->var->type->kind == TYPE_SCALAR)
        ck_declare_scalar(K, a->var, t->make->elems[i], 0);
    else if (a->var->type->kind == TYPE_TILE)
        bind(K, a->var, vals[i] ? vals[i] : &K->poison);   /* a tensor's parameter is the lowering's */
}

/* Only scalar positions: tile and tensor positions are the lowering's. */
static void yield_value(Kern *K, const LowerRegion *R, uint32_t k, const IrExpr *x)
{
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
static void carry_init(Kern *K, const LowerRegion *R, uint32_t k)
{
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

static void loop_open(Kern *K, const LowerRegion *R)
{
    if (R->stmt->kind == STMT_FOR)
        for_open(K, R);
    else
        while_open(K, R);
}

static void block_close(Kern *K)
{
    K->k.indent -= 2;
    sb_puts(ck_line(K), "}\n");
}

/* ------------------------------------------------------------------- if */

/* Declared before the if: "<ctype> x;" for a scalar, the Tile for a tile. */
static void if_result(Kern *K, const LowerRegion *R, uint32_t k)
{
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

static void if_open(Kern *K, LowerRegion *R)
{
    StrBuf cond;
    R->data = arena_zalloc(&K->k.arena, sizeof(IfText));
    sb_init(&cond);
    if (ck_scalar(K, &cond, IR_AS(IrIf, R->stmt)->cond, DT_BOOL) == 0)
        sb_printf(ck_line(K), "if (%.*s) {\n", (int)cond.len, cond.data);
    sb_free(&cond);
    K->k.indent += 2;
}

static void else_open(Kern *K, const LowerRegion *R)
{
    IfText *T = R->data;
    T->outer = K->k.out;
    sb_init(&T->text);
    K->k.out = &T->text;
}

static void if_close(Kern *K, const LowerRegion *R)
{
    IfText *T = R->data;
    if (T->outer) {
        K->k.out = T->outer;
        if (T->text.len) {
            K->k.indent -= 2;
            sb_puts(ck_line(K), "} else {\n");
            K->k.indent += 2;
            sb_put(K->k.out, T->text.data, T->text.len);
        }
        sb_free(&T->text);
    }
    block_close(K);
}

/* --------------------------------------------------------------- the list */

void ck_print_list(Kern *K, const LowerList *L)
{
    for (const LowerInst *I = L->first; I; I = I->next) {
        LowerRegion *R = I->region;
        K->k.stmt_span = I->span;
        switch ((LowerInstKind)I->kind) {
        case LI_VIEW:     /* the Tensor argument its GlobalTensors are made on */
            I->tensor->data = ptrmap_get(&K->vals, I->tensor->param);
            break;
        case LI_TRANSFER:
            ck_emit_transfer(K, I->dest, I->call, I->u.t);
            break;
        case LI_OP:
            ck_emit_isa_op(K, I->dest, I->call, &I->u.op->lo, &I->u.op->b);
            break;
        case LI_BLOCK_IDX:
            block_idx(K, I->dest);
            break;
        case LI_SYSTEM:
            system_op(K, I->u.sys);
            break;
        case LI_SCALAR:
            ck_declare_scalar(K, I->assign->var, I->assign->value, 0);
            break;
        case LI_COPY:
            if (I->value_kind == LOWER_TILE)
                copy(K, I->assign);
            break;
        case LI_TUPLE:
            tuple_make(K, I->tuple);
            break;
        case LI_UNPACK:
            tuple_get(K, I->assign, I->tuple, I->k);
            break;
        case LI_CARRY:
            carry_init(K, R, I->k);
            break;
        case LI_LOOP_BODY:
            loop_open(K, R);
            break;
        case LI_LOOP_END:
        case LI_IF_END:
            if (I->kind == LI_IF_END)
                if_close(K, R);
            else
                block_close(K);
            break;
        case LI_IF_RESULT:
            if_result(K, R, I->k);
            break;
        case LI_THEN:
            if_open(K, R);
            break;
        case LI_ELSE:
            else_open(K, R);
            break;
        case LI_YIELD:
            yield_value(K, R, I->k, I->x);
            break;
        case LI_LOOP:      /* the lowering checked the bounds and the step (lower_scalar.c) */
        case LI_IF:
        case LI_YIELD_END:
            break;
        }
    }
}
