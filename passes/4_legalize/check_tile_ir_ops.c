/* check_tile_ir_ops.c: CheckTileIR's rules of the ops (see check_tile_ir.c):
 * each block op's seed-05 form, its operands (tiles where tiles go, Vec
 * tiles for the vector unit, one tile type for elementwise operands, the
 * cube's Left, Right and Acc tiles), its modes, the windows of loads and
 * stores, and its result's tile type (seed 05's verifier, section 7).
 * They are the tile IR printer's rules, in its order, so that a call the
 * pass lets through is one the printer writes. */
#include "config.h"
#include "passes/4_legalize/check_tile_ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* "'pl.block.add': ..." at the call. */
static void op_error(Check *K, const IrCall *c, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void op_error(Check *K, const IrCall *c, const char *format, ...)
{
    char name[64], body[TILE_IR_MSG], msg[TILE_IR_MSG + 80];
    va_list ap;
    va_start(ap, format);
    vsnprintf(body, sizeof body, format, ap);
    va_end(ap);
    op_printed_name(callee_op(c->callee), name, sizeof name);
    snprintf(msg, sizeof msg, "'%s': %s", name, body);
    tile_ir_report(K, c->e.span, msg);
}

static const char *isa_of(const IrCall *c) { return callee_op(c->callee)->isa; }

/* An op's rule: 0, or -1 with a message reported at the call. */
static int ok(Check *K, const IrCall *c, int bad, const char *msg)
{
    if (bad)
        op_error(K, c, "%s", msg);
    return !bad;
}

static TileIrTile tile_of(const TirValue *v) { return tile_ir_tile(v->type, v->loc); }

/* ------------------------------------------------------------- operands */

static const IrMakeTuple *list_arg(Check *K, const IrCall *c, uint32_t i, const char *what)
{
    if (i >= c->nargs || c->args[i]->kind != EXPR_MAKE_TUPLE) {
        op_error(K, c, "%s must be a list", what);
        return NULL;
    }
    return IR_AS(IrMakeTuple, c->args[i]);
}

/* Argument i as a tile; NULL, reported, when it is not one (a create_tile
 * buffer has no value), and quietly after an error. */
static const TirValue *tile_arg(Check *K, const IrCall *c, uint32_t i)
{
    const TirValue *v = i < c->nargs ? tile_ir_lookup(K, c->args[i], c->e.span) : NULL;
    if (!v)
        return NULL;
    if (v->kind == TV_SCRATCH) {
        char msg[TILE_IR_MSG];
        tile_ir_rule_scratch(IR_AS(IrVar, c->args[i])->name, msg, sizeof msg);
        op_error(K, c, "%s", msg);
        return NULL;
    }
    if (v->kind != TV_TILE) {
        op_error(K, c, "argument %u is not a tile", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

static const TirValue *tensor_arg(Check *K, const IrCall *c, uint32_t i)
{
    const TirValue *v = i < c->nargs ? tile_ir_lookup(K, c->args[i], c->e.span) : NULL;
    if (v && v->kind != TV_TENSOR) {
        op_error(K, c, "argument %u is not a tensor", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

static int need_vec(Check *K, const IrCall *c, const TirValue *v, const char *what)
{
    TileIrTile t = tile_of(v);
    char msg[TILE_IR_MSG];
    return ok(K, c, tile_ir_rule_vec(&t, what, msg, sizeof msg), msg);
}

/* bv NULL: b is the result's type, whose tile type is not compared. */
static int same_tile(Check *K, const IrCall *c, const TirValue *a, const IrType *b, const TirValue *bv,
                     const char *what)
{
    TileIrTile x = tile_of(a), y;
    char msg[TILE_IR_MSG];
    if (bv)
        y = tile_of(bv);
    return ok(K, c, tile_ir_rule_same(K->pc->arch, &x, b, bv ? &y : NULL, what, msg, sizeof msg), msg);
}

static int rank2(Check *K, const IrCall *c, const TirValue *v, const char *what)
{
    TileIrTile t = tile_of(v);
    char msg[TILE_IR_MSG];
    return ok(K, c, tile_ir_rule_rank2(K->pc->arch, &t, what, msg, sizeof msg), msg);
}

static int same_dtype(Check *K, const IrCall *c, const IrType *a, const IrType *b, const char *what)
{
    char msg[TILE_IR_MSG];
    return ok(K, c, tile_ir_rule_same_dtype(a, b, what, msg, sizeof msg), msg);
}

static int mask_dtype(Check *K, const IrCall *c, const IrType *t, const char *what)
{
    char msg[TILE_IR_MSG];
    return ok(K, c, tile_ir_rule_mask(t, what, msg, sizeof msg), msg);
}

static int keeps_dtype(Check *K, const IrCall *c, const IrType *tile, const IrType *result)
{
    char msg[TILE_IR_MSG];
    return ok(K, c, tile_ir_rule_keeps_dtype(tile, result, msg, sizeof msg), msg);
}

static int mode(Check *K, const IrCall *c, TileForm form)
{
    char msg[TILE_IR_MSG];
    return ok(K, c, tile_ir_rule_mode(form, c, msg, sizeof msg), msg);
}

/* A scalar operand, as a value of the type dt. */
static int scalar_arg(Check *K, const IrCall *c, uint32_t i, DataType dt)
{
    return i < c->nargs && tile_ir_scalar_as(K, c->args[i], dt);
}

/* The index values an op computes from a list (offsets, a valid shape):
 * every entry that is not a constant. */
static int index_values(Check *K, uint32_t n, const IrExpr *const *e)
{
    int ok = 1;
    for (uint32_t i = 0; i < n; i++) {
        int64_t v;
        if (!ir_dim_value(e[i], &v))
            ok &= tile_ir_scalar_as(K, e[i], DT_INT64);
    }
    return ok;
}

/* ---------------------------------------------------------------- results */

/* The result of an op computed in loc: its tile type and valid shape,
 * whose entries that are not constants are index values of the kernel. */
static const TirValue *result(Check *K, const IrCall *c, const IrType *rt, MemorySpace loc, const char *isa)
{
    TirValue *v;
    char msg[TILE_IR_MSG];
    if (!tile_ir_result_type(K, rt, loc, c->e.span))
        return NULL;
    if (tile_ir_valid(rt, msg, sizeof msg)) {
        tile_ir_report(K, c->e.span, msg);
        return NULL;
    }
    if (rt->tile_view && !index_values(K, rt->tile_view->nvalid, rt->tile_view->valid_shape))
        return NULL;
    v = (TirValue *)tile_ir_new_value(K, TV_TILE, rt, loc);
    v->producer = target_has_events(K->pc->isa) ? isa : NULL;
    return v;
}

/* An elementwise result, of its operands' tile type. */
static const TirValue *same_type_result(Check *K, const IrCall *c, const IrType *rt, const TirValue *const *ops,
                                        uint32_t n)
{
    const TirValue *r = result(K, c, rt, MS_VEC, isa_of(c));
    if (!r)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        TileIrTile x = tile_of(r), y = tile_of(ops[i]);
        char msg[TILE_IR_MSG];
        if (!ok(K, c, tile_ir_rule_one_type(K->pc->arch, &x, &y, msg, sizeof msg), msg))
            return NULL;
    }
    return r;
}

/* ---------------------------------------------------------------- memory */

/* --async: nothing orders two accesses to one global tensor, so a kernel
 * may load from a tensor or store to it, not both. */
static int memory_rule(Check *K, const IrCall *c, const TirValue *t, int store)
{
    if (!target_has_events(K->pc->isa))
        return 1;
    if (store ? K->loaded[t->param] : K->stored[t->param]) {
        char msg[TILE_IR_MSG];
        tile_ir_rule_memory(K->f->params[t->param].var->name, msg, sizeof msg);
        op_error(K, c, "%s", msg);
        return 0;
    }
    (store ? K->stored : K->loaded)[t->param] = 1;
    return 1;
}

/* The window a load or store accesses, against the tensor's bounds. */
static int window(Check *K, const IrCall *c, const IrType *tt, const IrMakeTuple *offs, const IrType *tile)
{
    char msg[TILE_IR_MSG];
    if (!ok(K, c, tile_ir_rule_window(tt, offs, tile, msg, sizeof msg), msg))
        return 0;
    /* The memref itself, or a subview at the offsets, which are index values. */
    return tile_ir_whole_window(tt, offs, tile) || index_values(K, offs->n, offs->elems);
}

static const TirValue *load(Check *K, const IrCall *c, const IrType *rt)
{
    const TirValue *tensor = tensor_arg(K, c, 0);
    const IrMakeTuple *offs = list_arg(K, c, 1, "offsets");
    MemorySpace loc = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
    if (!tensor || !offs || !tile_ir_result_type(K, rt, loc, c->e.span) || !memory_rule(K, c, tensor, 0))
        return NULL;
    if (!window(K, c, tensor->type, offs, rt))
        return NULL;
    return result(K, c, rt, loc, "TLOAD");
}

/* A store's result is the tensor it stores to. */
static const TirValue *store(Check *K, const IrCall *c)
{
    const TirValue *tile = tile_arg(K, c, 0), *tensor = tensor_arg(K, c, 3);
    const IrMakeTuple *offs = list_arg(K, c, 1, "offsets"), *shapes = list_arg(K, c, 2, "shapes");
    TileIrTile t;
    char msg[TILE_IR_MSG];
    if (!tile || !tensor || !offs || !shapes)
        return NULL;
    t = tile_of(tile);
    if (!ok(K, c, tile_ir_rule_store(&t, shapes, msg, sizeof msg), msg) || !memory_rule(K, c, tensor, 1))
        return NULL;
    return window(K, c, tensor->type, offs, tile->type) ? tensor : NULL;
}

/* -------------------------------------------------------------- the ops */

static const TirValue *move(Check *K, const IrCall *c, const IrType *rt)
{
    MemorySpace to = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
    const TirValue *a = tile_arg(K, c, 0);
    char msg[TILE_IR_MSG];
    if (!a || !mode(K, c, TF_MOVE) || !ok(K, c, tile_ir_rule_move((MemorySpace)a->loc, to, msg, sizeof msg), msg))
        return NULL;
    return result(K, c, rt, to, isa_of(c));
}

/* Elementwise ops of n tiles (a scratch argument after them is dropped). */
static const TirValue *elementwise(Check *K, const IrCall *c, const IrType *rt, uint32_t n)
{
    const TirValue *v[3];
    for (uint32_t i = 0; i < n; i++)
        if (!(v[i] = tile_arg(K, c, i)) || !need_vec(K, c, v[i], i == 0 ? "the first operand" : "an operand"))
            return NULL;
    for (uint32_t i = 1; i < n; i++)
        if (!same_tile(K, c, v[0], v[i]->type, v[i], "elementwise operands"))
            return NULL;
    return same_type_result(K, c, rt, v, n);
}

static const TirValue *compare(Check *K, const IrCall *c, const IrType *rt, int with_tile)
{
    const TirValue *a = tile_arg(K, c, 0), *b;
    if (!a || !need_vec(K, c, a, "the first operand") || !mode(K, c, TF_CMP) || !mask_dtype(K, c, rt, "the result"))
        return NULL;
    if (with_tile) {
        if (!(b = tile_arg(K, c, 1)) || !need_vec(K, c, b, "the second operand") ||
            !same_tile(K, c, a, b->type, b, "elementwise operands"))
            return NULL;
    } else if (!scalar_arg(K, c, 1, (DataType)a->type->dtype)) {
        return NULL;
    }
    return result(K, c, rt, MS_VEC, isa_of(c));
}

static const TirValue *matmul(Check *K, const IrCall *c, const IrType *rt, int with_acc)
{
    uint32_t k = (uint32_t)with_acc;
    const TirValue *acc = NULL, *a, *b, *r;
    TileIrTile x, y, z;
    char msg[TILE_IR_MSG];
    if (with_acc && !(acc = tile_arg(K, c, 0)))
        return NULL;
    if (!(a = tile_arg(K, c, k)) || !(b = tile_arg(K, c, k + 1)))
        return NULL;
    x = tile_of(a), y = tile_of(b);
    if (acc)
        z = tile_of(acc);
    if (!ok(K, c, tile_ir_rule_matmul(acc ? &z : NULL, &x, &y, msg, sizeof msg), msg) ||
        !(r = result(K, c, rt, MS_ACC, isa_of(c))))
        return NULL;
    x = tile_of(r);
    if (acc && !ok(K, c, tile_ir_rule_acc_result(K->pc->arch, &x, &z, msg, sizeof msg), msg))
        return NULL;
    return r;
}

static const TirValue *extract(Check *K, const IrCall *c, const IrType *rt)
{
    const TirValue *a = tile_arg(K, c, 0);
    const IrMakeTuple *offs = a ? list_arg(K, c, 2, "offset") : NULL;
    char msg[TILE_IR_MSG];
    if (!offs || !ok(K, c, tile_ir_rule_extract(offs, a->type, rt, msg, sizeof msg), msg) ||
        !index_values(K, offs->n, offs->elems))
        return NULL;
    return result(K, c, rt, (MemorySpace)a->loc, isa_of(c));
}

static const TirValue *reshape(Check *K, const IrCall *c, const IrType *rt)
{
    const TirValue *a = tile_arg(K, c, 0);
    TileIrTile x;
    char msg[TILE_IR_MSG];
    if (!a)
        return NULL;
    x = tile_of(a);
    if (!ok(K, c, tile_ir_rule_reshape(K->pc->arch, &x, rt, msg, sizeof msg), msg))
        return NULL;
    return result(K, c, rt, (MemorySpace)a->loc, isa_of(c));
}

/* TROWSUM or TCOLSUM (and max, min) by the axis: the producer of the
 * result's event (--async). */
static const char *reduce_isa(Check *K, const IrCall *c)
{
    int64_t axis = ir_call_kwarg_int(c, "axis", -1);
    StrBuf sb;
    const char *s;
    if (!target_has_events(K->pc->isa))
        return NULL;
    if (axis < 0)
        axis += 2;
    sb_init(&sb);
    sb_printf(&sb, "T%s%s", axis == 1 ? "ROW" : "COL", isa_of(c));
    s = tile_ir_text(K, &sb);
    sb_free(&sb);
    return s;
}

/* The ops whose operands are one tile of a 2-D shape, in Vec. */
static const TirValue *vec_2d(Check *K, const IrCall *c, const IrType *rt, const char *what)
{
    const TirValue *a = tile_arg(K, c, 0);
    if (!a || !need_vec(K, c, a, what) || !rank2(K, c, a, what))
        return NULL;
    return result(K, c, rt, MS_VEC, isa_of(c));
}

static const TirValue *check_form(Check *K, const IrCall *c, TileForm form, const IrType *rt)
{
    const TirValue *a, *b, *m;
    switch (form) {
    case TF_NONE:
    case TF_CREATE_TILE:
        return NULL;
    case TF_LOAD: return load(K, c, rt);
    case TF_STORE: return store(K, c);
    case TF_MOVE: return move(K, c, rt);
    case TF_VEC_MOVE:
        if (!(a = tile_arg(K, c, 0)) || !need_vec(K, c, a, "the source"))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_UNARY:
        if (!(a = tile_arg(K, c, 0)) || !need_vec(K, c, a, "the operand"))
            return NULL;
        return same_type_result(K, c, rt, &a, 1);
    case TF_BINARY: return elementwise(K, c, rt, 2);
    case TF_TERNARY: return elementwise(K, c, rt, 3);
    case TF_TILE_SCALAR:
        if (!(a = tile_arg(K, c, 0)) || !need_vec(K, c, a, "the tile") || !keeps_dtype(K, c, a->type, rt) ||
            !same_tile(K, c, a, rt, NULL, "the tile and the result") ||
            !scalar_arg(K, c, 1, (DataType)a->type->dtype))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_TILE_SCALAR_TILE:
        if (!(a = tile_arg(K, c, 0)) || !(b = tile_arg(K, c, 2)) || !need_vec(K, c, a, "the first tile") ||
            !need_vec(K, c, b, "the second tile") || !same_tile(K, c, a, b->type, b, "elementwise operands") ||
            !same_tile(K, c, a, rt, NULL, "the tiles and the result") ||
            !scalar_arg(K, c, 1, (DataType)a->type->dtype))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_SEL:
        if (!(m = tile_arg(K, c, 0)) || !(a = tile_arg(K, c, 1)) || !(b = tile_arg(K, c, 2)) ||
            !need_vec(K, c, m, "the mask") || !need_vec(K, c, a, "the first tile") ||
            !need_vec(K, c, b, "the second tile") || !same_tile(K, c, a, b->type, b, "elementwise operands") ||
            !mask_dtype(K, c, m->type, "the mask"))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_CMP: return compare(K, c, rt, 1);
    case TF_CMPS: return compare(K, c, rt, 0);
    case TF_CAST:
        if (!(a = tile_arg(K, c, 0)) || !need_vec(K, c, a, "the operand") || !mode(K, c, TF_CAST))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_ROW_REDUCE: return vec_2d(K, c, rt, "the tile");
    case TF_REDUCE:
        if (!(a = tile_arg(K, c, 0)) || !need_vec(K, c, a, "the tile") || !rank2(K, c, a, "the tile") ||
            !mode(K, c, TF_REDUCE))
            return NULL;
        return result(K, c, rt, MS_VEC, reduce_isa(K, c));
    case TF_ROW_EXPAND: return vec_2d(K, c, rt, "the source");
    case TF_ROW_EXPAND_OP:
    case TF_COL_EXPAND_OP:
        if (!(a = tile_arg(K, c, 0)) || !(b = tile_arg(K, c, 1)) || !need_vec(K, c, a, "the tile") ||
            !need_vec(K, c, b, form == TF_ROW_EXPAND_OP ? "the row vector" : "the column vector") ||
            !rank2(K, c, a, "the tile") || !rank2(K, c, b, "the vector") ||
            !same_dtype(K, c, a->type, b->type, "the tile and the vector"))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_COL_EXPAND:
        if (!(b = tile_arg(K, c, 1)) || !need_vec(K, c, b, "the column vector") ||
            !same_dtype(K, c, b->type, rt, "the column vector and the result"))
            return NULL;
        return result(K, c, rt, MS_VEC, isa_of(c));
    case TF_EXPANDS:
    case TF_FULL:
        return scalar_arg(K, c, 1, (DataType)rt->dtype) ? result(K, c, rt, MS_VEC, isa_of(c)) : NULL;
    case TF_MATMUL: return matmul(K, c, rt, 0);
    case TF_MATMUL_ACC: return matmul(K, c, rt, 1);
    case TF_EXTRACT: return extract(K, c, rt);
    case TF_RESHAPE: return reshape(K, c, rt);
    case TF_TRANSPOSE: return vec_2d(K, c, rt, "the tile");
    }
    return NULL;
}

const TirValue *tile_ir_check_call(Check *K, const IrCall *c, const IrVar *dest)
{
    const OpDef *op = callee_op(c->callee);
    const char *mnemonic, *why;
    char buf[32], name[64], msg[160];
    TileForm form;
    IsaForm how;
    if (!op || op->category == OPC_TENSOR)
        return NULL;   /* not in a kernel after ConvertTensorToBlockOps and Verify */
    form = tile_ir_form(op, buf, sizeof buf, &mnemonic, &why);
    if (why) {
        op_error(K, c, "no seed-05 form: %s", why);
        return NULL;
    }
    how = (IsaForm)op_traits(op)->form;
    if (op->category == OPC_SYSTEM || how == FORM_ALLOC)
        return NULL;
    if (form == TF_CREATE_TILE)
        return tile_ir_new_value(K, TV_SCRATCH, dest ? dest->type : c->type, MS_VEC);
    if (how != FORM_LOAD && how != FORM_STORE && how != FORM_L0C_STORE && dest && dest->type->kind != TYPE_TILE) {
        snprintf(msg, sizeof msg, "'%s' with a %s result has no seed-05 lowering", op_printed_name(op, name, sizeof name),
                 dest->type->kind == TYPE_SCALAR ? "scalar" : "non-tile");
        tile_ir_report(K, c->e.span, msg);
        return NULL;
    }
    return check_form(K, c, form, dest && dest->type->kind == TYPE_TILE ? dest->type : c->type);
}
