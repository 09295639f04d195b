/* lower_tile.c: the tile buffers of a kernel for the printers of pto-isa
 * operations, decided and checked once (see lower_tile.h).  The statement
 * walk calls these at each definition, copy, carried position and yield
 * of a Tile variable; the printers get the buffers and spell them. */
#include "config.h"
#include "codegen/lower_flow.h"
#include "codegen/lower_tile.h"

#include <inttypes.h>
#include <string.h>

/* Whether two buffers are the same memory (addr: with addresses). */
static int lower_tile_same(int addr, const LowerTile *a, const LowerTile *b)
{
    return a == b || (addr && a->addr >= 0 && a->addr == b->addr && a->space == b->space);
}

static int geom_equal(const LowerTile *a, int dtype, const TileGeom *g)
{
    return a->space == g->space && a->type->dtype == dtype && a->g.rows == g->rows && a->g.cols == g->cols &&
           a->g.L.blayout == g->L.blayout && a->g.L.slayout == g->L.slayout && a->g.L.fractal == g->L.fractal &&
           a->g.L.pad == g->L.pad;
}

static int addr_mode(const LowerFlow *W) { return W->k->o->addr; }

/* The same valid shape: a buffer's declaration carries it (v_row, v_col),
 * so two tiles that differ in it are two buffers without addresses. */
static int valid_equal(const IrType *a, const IrType *b)
{
    const IrExpr *const *va = ir_tile_valid_dims(a), *const *vb = ir_tile_valid_dims(b);
    int64_t x, y;
    if (a->n != b->n)
        return 0;
    for (uint32_t i = 0; i < a->n; i++)
        if (va[i] != vb[i] && !(ir_dim_value(va[i], &x) && ir_dim_value(vb[i], &y) && x == y))
            return 0;
    return 1;
}

/* The tile type's spelling in the printer's words, for a message. */
static const char *type_text(LowerFlow *W, const IrType *t, int fillpad)
{
    return W->p->tile_text ? W->p->tile_text(W, t, fillpad) : "?";
}

static void bind(LowerFlow *W, const IrVar *v, LowerTile *t) { ptrmap_put(&W->tiles, v, (void *)t); }

/* The geometry of Tile type t of what (isa_tile_geom), reported at sp. */
static int geom(LowerFlow *W, const IrType *t, int fillpad, const char *what, Span sp, TileGeom *g)
{
    char msg[512];
    if (isa_tile_geom(W->k->o->arch, t, fillpad, what, W->p->output, g, msg, sizeof msg) != 0) {
        W->p->error(W, sp, msg);
        return -1;
    }
    /* A run-time valid extent is a scalar of the kernel, which the
     * printers spell where the tile is made. */
    for (int k = 0; k < 2; k++) {
        const IrExpr *x = k ? g->vcol_x : g->vrow_x;
        if (x && lower_scalar_expr(W, x, DT_INT64, 0) != 0)
            return -1;
    }
    return 0;
}

static LowerTile *new_tile(LowerFlow *W, const IrVar *v, const IrType *t, int fillpad, const TileGeom *g,
                           int64_t addr)
{
    LowerTile *T = arena_zalloc(&W->k->arena, sizeof *T);
    T->id = W->ntiles++;
    T->space = (uint8_t)g->space;
    T->fillpad = (uint8_t)(fillpad != 0);
    T->addr = addr;
    T->type = t;
    T->var = v;
    T->scope = W->k->region ? W->k->region->body : NULL;
    T->g = *g;
    return T;
}

/* Whether a buffer allocated in body `scope` is visible where the walk is:
 * that body encloses it (NULL, the kernel's, encloses everything). */
static int in_scope(const LowerFlow *W, const IrStmt *scope)
{
    for (const LowerRegion *R = W->k->region; R && scope; R = R->up)
        if (R->body == scope)
            return 1;
    return scope == NULL;
}

LowerTile *lower_tile_use(LowerFlow *W, const IrExpr *x)
{
    LowerTile *t = ptrmap_get(&W->tiles, x);
    if (t == &W->poison_tile)
        return NULL;
    if (!t)
        lower_flow_error(W, lower_span_of(W->k->stmt_span, x), "'%s' has no value here", IR_AS(IrVar, x)->name);
    return t;
}

LowerTile *lower_tile_def(LowerFlow *W, const IrVar *v, int fillpad, LowerTile *share, Span sp)
{
    LowerTile *pre = ptrmap_get(&W->preset, v);
    LowerTile *t;
    TileGeom g;
    int64_t addr = -1;
    char msg[256];
    if (geom(W, v->type, fillpad, v->name, sp, &g) != 0)
        return NULL;
    if (pre) {
        if (!geom_equal(pre, v->type->dtype, &g)) {
            lower_flow_error(W, sp, "'%s' is yielded into the buffer of '%s', which has another type (%s, here %s)",
                             v->name, pre->var->name, type_text(W, pre->type, pre->fillpad),
                             type_text(W, v->type, fillpad));
            return NULL;
        }
        /* With addresses the plan must agree: another tile may be at the
         * carried address while this one is written elsewhere. */
        if (addr_mode(W) && (isa_tile_addr(v->type, v->name, W->p->addr_hint, &addr, msg, sizeof msg) != 0 ||
                             addr != pre->addr)) {
            if (addr >= 0)
                lower_flow_error(W, sp,
                                 "'%s' is yielded into the buffer of '%s' at address %" PRId64
                                 ", but it is planned at address %" PRId64,
                                 v->name, pre->var->name, pre->addr, addr);
            else
                W->p->error(W, sp, msg);
            return NULL;
        }
        if (share && !lower_tile_same(addr_mode(W), share, pre)) {
            lower_flow_error(W, sp,
                             "'%s' must be in two buffers at once: it shares the buffer of '%s' and is yielded into "
                             "the buffer of '%s'",
                             v->name, share->var->name, pre->var->name);
            return NULL;
        }
        bind(W, v, pre);
        return pre;
    }
    if (share) {
        if (!geom_equal(share, v->type->dtype, &g)) {
            lower_flow_error(W, sp, "'%s' shares the buffer of '%s', which has another type (%s, here %s)", v->name,
                             share->var->name, type_text(W, share->type, share->fillpad),
                             type_text(W, v->type, fillpad));
            return NULL;
        }
        bind(W, v, share);
        return share;
    }
    if (addr_mode(W) && isa_tile_addr(v->type, v->name, W->p->addr_hint, &addr, msg, sizeof msg) != 0) {
        W->p->error(W, sp, msg);
        return NULL;
    }
    if (!addr_mode(W) && v->type->memref) {
        LowerTile *same = ptrmap_get(&W->by_memref, v->type->memref);
        if (same && geom_equal(same, v->type->dtype, &g) && valid_equal(same->type, v->type) &&
            in_scope(W, same->scope)) {
            bind(W, v, same);
            return same;
        }
    }
    t = new_tile(W, v, v->type, fillpad, &g, addr);
    bind(W, v, t);
    if (!addr_mode(W) && v->type->memref)
        ptrmap_put(&W->by_memref, v->type->memref, t);
    return t;
}

LowerTile *lower_tile_popped(LowerFlow *W, const IrVar *v, Span sp)
{
    LowerTile *t;
    TileGeom g;
    int64_t addr = -1;
    char msg[256];
    if (ptrmap_get(&W->preset, v)) {
        lower_flow_error(W, sp, "'%s' is popped from the cross-core pipe into a buffer of its own, and cannot be "
                                "yielded into a carried one: copy it",
                         v->name);
        return NULL;
    }
    if (geom(W, v->type, 0, v->name, sp, &g) != 0)
        return NULL;
    if (addr_mode(W) && isa_tile_addr(v->type, v->name, W->p->addr_hint, &addr, msg, sizeof msg) != 0) {
        W->p->error(W, sp, msg);
        return NULL;
    }
    t = new_tile(W, v, v->type, 0, &g, addr);
    bind(W, v, t);
    return t;
}

/* block.reshape: with addresses a second buffer at the input's address;
 * without, a new name of the input's bytes (copied into a carried buffer
 * the result is yielded into: a carried buffer is written in place, and a
 * reshape writes nothing). */
static int reshape(LowerFlow *W, const IrVar *dest, LowerTile *src, const OpDef *op, Span sp, LowerOpTiles *b)
{
    LowerTile *pre = ptrmap_get(&W->preset, dest);
    LowerTile *t;
    TileGeom g;
    int64_t a = -1;
    char msg[512], name[64];
    if (geom(W, dest->type, 0, dest->name, sp, &g) != 0)
        return -1;
    if (isa_reshape(W->k->o->arch, src->type, dest->type, op_printed_name(op, name, sizeof name), msg, sizeof msg) != 0) {
        W->p->error(W, sp, msg);
        return -1;
    }
    if (addr_mode(W)) {
        if (isa_tile_addr(dest->type, dest->name, W->p->addr_hint, &a, msg, sizeof msg) != 0) {
            W->p->error(W, sp, msg);
            return -1;
        }
        if (a != src->addr) {
            lower_flow_error(W, sp, "the reshape '%s' is at address %" PRId64 ", not at its input's address %" PRId64,
                             dest->name, a, src->addr);
            return -1;
        }
        if (pre && (!geom_equal(pre, dest->type->dtype, &g) || pre->addr != a)) {
            lower_flow_error(W, sp, "the reshape '%s' is yielded into a carried buffer of another type or address",
                             dest->name);
            return -1;
        }
    }
    t = pre && addr_mode(W) ? NULL : new_tile(W, dest, dest->type, 0, &g, a);
    if (t)
        t->space = src->space;
    b->view = addr_mode(W) ? NULL : t;
    b->dest = pre ? pre : t;
    bind(W, dest, b->dest);
    return 0;
}

/* The bytes buffer t takes as laid out. */
static int64_t tile_bytes(const LowerTile *t)
{
    return t->g.rows * t->g.cols * (int64_t)dtype_bytes((DataType)t->type->dtype);
}

/* The scratch tile of an op marked tmp-dagger (ops.md 5) in the kernel's
 * scratch region (passes.md 5.8), of kind k (LowerTmp) for the op's call
 * c: shaped like model (the result, or for a row reduction its source:
 * PTOAS's trowmin wants a source-shaped tmp), whose IR type is
 * model_type; for LOWER_TMP_WORDS its bytes as 4-byte elements (its own
 * when they are, else uint32_t words [rows, cols * size / 4]); for
 * LOWER_TMP_CVT an i8 [1, bytes] tile (target_cast_scratch). */
static LowerTile *scratch(LowerFlow *W, const IrVar *d, const IrCall *c, LowerTile *model, const IrType *model_type,
                          int k, const OpDef *op, Span sp)
{
    char buf[64], msg[320];
    int64_t addr = -1, bytes = model->g.cols * (int64_t)dtype_bytes((DataType)model_type->dtype);
    const IrType *t = model_type;
    const IrExpr *dims[2];
    TileGeom g = model->g;
    LowerTile *T;
    if (k == LOWER_TMP_CVT) {
        bytes = (int64_t)target_cast_scratch(W->k->o->arch, ir_expr_type(W->k->ir, c->args[0]), model_type);
        g.rows = 1;
        g.cols = bytes;
        g.L.blayout = TL_ROW_MAJOR;
        g.L.slayout = TL_NONE_BOX;
        g.L.pad = TP_NULL;
        dims[0] = ir_const_int(W->k->ir, 1, DT_INT64, sp);
        dims[1] = ir_const_int(W->k->ir, bytes, DT_INT64, sp);
        t = ir_type_tile(W->k->ir, DT_INT8, 2, dims, model_type->memref, NULL);
    } else if (k == LOWER_TMP_CI) {
        bytes = (int64_t)target_ci_scratch(W->k->o->arch, (DataType)model_type->dtype);
        g.rows = 1;
        g.cols = bytes / 4;
        g.L.blayout = TL_ROW_MAJOR;
        g.L.slayout = TL_NONE_BOX;
        g.L.pad = TP_NULL;
        dims[0] = ir_const_int(W->k->ir, 1, DT_INT64, sp);
        dims[1] = ir_const_int(W->k->ir, bytes / 4, DT_INT64, sp);
        t = ir_type_tile(W->k->ir, DT_FP32, 2, dims, model_type->memref, NULL);
    } else if (k == LOWER_TMP_WORDS && dtype_bytes((DataType)model_type->dtype) != 4 && bytes % 4 == 0) {
        g.cols = bytes / 4;
        dims[0] = ir_const_int(W->k->ir, g.rows, DT_INT64, sp);
        dims[1] = ir_const_int(W->k->ir, g.cols, DT_INT64, sp);
        t = ir_type_tile(W->k->ir, DT_UINT32, 2, dims, model_type->memref, NULL);
    }
    if (addr_mode(W) && isa_scratch(W->k->f, W->k->scratch, isa_tile_bytes(W->k->o->arch, t, MS_VEC),
                                      op_printed_name(op, buf, sizeof buf), W->p->addr_hint, &addr, msg,
                                      sizeof msg) != 0) {
        W->p->error(W, sp, msg);
        return NULL;
    }
    T = new_tile(W, d, t, k == LOWER_TMP_CVT || k == LOWER_TMP_CI ? 0 : model->fillpad, &g, addr);
    T->space = MS_VEC;
    return T;
}

int lower_tile_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const LowerOp *lo,
                  LowerOpTiles *b)
{
    char msg[320];
    LowerTile *apart = NULL;
    Span sp = c->e.span;
    memset(b, 0, sizeof *b);
    if (lo->how == FORM_CREATE)
        return (b->dest = lower_tile_def(W, dest, 0, NULL, sp)) ? 0 : -1;
    if (lo->how == FORM_RESHAPE)
        return (b->in[0] = lower_tile_use(W, c->args[0])) ? reshape(W, dest, b->in[0], op, sp, b) : -1;
    /* A scalar read of a tile defines no tile; a scalar write changes
     * its argument's buffer, which its result (if kept) names too. */
    if (lo->how == FORM_GETVAL)
        return (b->in[0] = lower_tile_use(W, c->args[0])) ? 0 : -1;
    if (lo->how == FORM_SETVAL) {
        if (!(b->dest = lower_tile_use(W, c->args[0])))
            return -1;
        if (dest)
            bind(W, dest, b->dest);
        return 0;
    }
    /* The first bad input is reported, and the op is left out. */
    for (uint32_t k = 0; k < lo->nin; k++) {
        if (ir_expr_type(W->k->ir, lower_op_input(c, lo, k))->kind != TYPE_TILE)
            continue;
        if (!(b->in[k] = lower_tile_use(W, lower_op_input(c, lo, k))))
            return -1;
        if ((int)lo->in[k] == lo->apart)
            apart = b->in[k];
    }
    if (lo->acc || lo->in_place) {
        if (!(b->dest = lower_tile_def_in_place(W, dest, c, op, lo->acc ? "acc" : "target", sp, &b->view)))
            return -1;
        if (b->view)
            b->view_of = lower_tile_use(W, c->args[0]);
    } else if (!(b->dest = lower_tile_def(W, dest, lo->fillpad, NULL, sp))) {
        return -1;
    }
    if (apart && lower_tile_same(addr_mode(W), apart, b->dest)) {
        lower_op_apart_message(op, lo, W->k->o->arch, msg, sizeof msg);
        W->p->error(W, sp, msg);
        return -1;
    }
    if (lo->tmp == LOWER_TMP_SOURCE || (lo->tmp == LOWER_TMP_LARGER && tile_bytes(b->in[0]) > tile_bytes(b->dest)))
        b->tmp = scratch(W, dest, c, b->in[0], ir_expr_type(W->k->ir, c->args[0]), lo->tmp, op, sp);
    else if (lo->tmp != LOWER_TMP_NONE)
        b->tmp = scratch(W, dest, c, b->dest, dest->type, lo->tmp, op, sp);
    return lo->tmp != LOWER_TMP_NONE && !b->tmp ? -1 : 0;
}

/* The result dest of op call c written in its first argument's buffer
 * (an accumulator, passes.md 5.5, or a target written in place): with
 * addresses a buffer at its address; without, its buffer itself, or,
 * where the result has another valid shape (a declaration carries one)
 * and view is given, a new name of the argument's bytes with the
 * result's (*view, the SSA treshape before the op; not for a result
 * yielded into a carried buffer, which keeps the carried one's name).
 * NULL after an error (what names that argument in the message). */
LowerTile *lower_tile_def_in_place(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op,
                                   const char *what, Span sp, LowerTile **view)
{
    char buf[64];
    LowerTile *a = lower_tile_use(W, c->args[0]), *d;
    TileGeom g;
    if (view)
        *view = NULL;
    if (!a)
        return NULL;
    if (view && !addr_mode(W) && !valid_equal(a->type, dest->type) && !ptrmap_get(&W->preset, dest)) {
        if (geom(W, dest->type, 0, dest->name, sp, &g) != 0 || !geom_equal(a, dest->type->dtype, &g)) {
            lower_flow_error(W, sp, "the result of '%s' must share the buffer of its %s argument",
                             op_printed_name(op, buf, sizeof buf), what);
            return NULL;
        }
        d = new_tile(W, dest, dest->type, 0, &g, -1);
        d->space = a->space;
        bind(W, dest, d);
        return *view = d;
    }
    if (!(d = lower_tile_def(W, dest, 0, addr_mode(W) ? NULL : a, sp)))
        return NULL;
    if (!lower_tile_same(addr_mode(W), a, d)) {
        lower_flow_error(W, sp, "the result of '%s' must share the buffer of its %s argument",
                         op_printed_name(op, buf, sizeof buf), what);
        return NULL;
    }
    return d;
}

/* The geometry of a variable that names a buffer made for another (a
 * printer may spell each variable's own type). */
static int check_geom(LowerFlow *W, const IrVar *v)
{
    TileGeom g;
    return geom(W, v->type, 0, v->name, v->e.span, &g);
}

int lower_tile_copy(LowerFlow *W, const IrAssign *a)
{
    LowerTile *w = lower_tile_use(W, a->value), *pre = ptrmap_get(&W->preset, a->var);
    if (!w || check_geom(W, a->var) != 0)
        return -1;
    if (pre && !lower_tile_same(addr_mode(W), w, pre)) {
        lower_flow_error(W, a->s.span, "the tile '%s' is yielded into the buffer of '%s' but is a copy of '%s'",
                         a->var->name, pre->var->name, IR_AS(IrVar, a->value)->name);
        return -1;
    }
    bind(W, a->var, w);
    return 0;
}

int lower_tile_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    const IrVar *a = &R->iter_args[k]->v;
    const IrExpr *x = R->iter_args[k]->init;
    LowerTile *t = NULL;
    if (!ir_is_var_like(x) || ir_expr_type(W->k->ir, x)->kind != TYPE_TILE)
        lower_flow_error(W, lower_span_of(W->k->stmt_span, x),
                         "a tile variable is expected as the initial value of '%s'", a->name);
    else if ((t = lower_tile_use(W, x)) && (check_geom(W, a) != 0 || check_geom(W, R->ret[k]) != 0))
        t = NULL;
    /* After an error the iter_arg and the result say nothing more. */
    R->tiles[k] = t;
    bind(W, a, t ? t : &W->poison_tile);
    bind(W, R->ret[k], t ? t : &W->poison_tile);
    return t != NULL;
}

int lower_tile_if_result(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    const IrVar *r = R->ret[k];
    if ((R->tiles[k] = lower_tile_def(W, r, 0, NULL, r->e.span)))
        return 1;
    bind(W, r, &W->poison_tile);
    return 0;
}

void lower_tile_preset(LowerFlow *W, LowerRegion *R, uint32_t k, const IrVar *x)
{
    if (R->tiles[k] && !ptrmap_get(&W->tiles, x) && !ptrmap_get(&W->preset, x))
        ptrmap_put(&W->preset, x, (void *)R->tiles[k]);
}

void lower_tile_preset_copy(LowerFlow *W, const IrAssign *a)
{
    LowerTile *pre = ptrmap_get(&W->preset, a->var);
    const IrExpr *x = a->value;
    if (pre && !ptrmap_get(&W->tiles, x) && !ptrmap_get(&W->preset, x))
        ptrmap_put(&W->preset, x, (void *)pre);
}

void lower_tile_yield(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    LowerTile *t, *carried = R->tiles[k];
    int in_if = R->stmt->kind == STMT_IF;
    if (!ir_is_var_like(x) || ir_expr_type(W->k->ir, x)->kind != TYPE_TILE) {
        lower_flow_error(W, lower_span_of(W->k->stmt_span, x), "a tile variable is expected here");
        return;
    }
    if (!(t = lower_tile_use(W, x)) || !carried || lower_tile_same(addr_mode(W), t, carried))
        return;
    lower_flow_error(W, lower_span_of(W->k->stmt_span, x),
                     "the yielded tile '%s' is not in the buffer of '%s', which the %s carries%s",
                     IR_AS(IrVar, x)->name, carried->var->name, in_if ? "if" : "loop",
                     addr_mode(W) ? ""
                     : in_if      ? " (without addresses a tile an if yields must be defined in its branch)"
                                  : " (without addresses a loop-carried tile must be defined in its body)");
}

void lower_tile_tuple_make(LowerFlow *W, LowerTuple *t)
{
    const IrMakeTuple *m = t->make;
    t->tiles = arena_zalloc(&W->k->arena, (m->n ? m->n : 1) * sizeof *t->tiles);
    for (uint32_t i = 0; i < m->n; i++)
        if (t->kind[i] == LOWER_TILE)
            t->tiles[i] = lower_tile_use(W, m->elems[i]);
}

void lower_tile_tuple_get(LowerFlow *W, const IrVar *v, const LowerTuple *t, uint32_t i)
{
    if (t->kind[i] == LOWER_TILE && t->tiles[i] && check_geom(W, v) == 0)
        bind(W, v, t->tiles[i]);
}

void lower_tile_poison(LowerFlow *W, const IrVar *v)
{
    if (v->type->kind == TYPE_TILE && !ptrmap_get(&W->tiles, v))
        ptrmap_put(&W->tiles, v, &W->poison_tile);
}
