/* pto_tile_op.c: the tile IR emitter's ops: the seed-05 form of each op
 * class, seed 05's verifier rules (section 7), results and event clauses
 * (--async), and the per-op switch that writes one pto.tile op per block
 * op. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* The seed-05 form of block op `op`, from the op table. */
static const TileOp *tile_op_of(const OpDef *op, TileOp *t)
{
    t->form = (uint8_t)tile_ir_form(op, t->buf, sizeof t->buf, &t->mnemonic, &t->why);
    t->isa = op->isa;
    return t;
}

/* cmp_type 0..5 and cast mode 0..6 (ops.md 5.2, 5.4) as name suffixes. */
static const char *const cmp_modes[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const round_modes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};

/* ------------------------------------------------------- verifier rules */

/* The elements of a tuple argument (offsets, shapes). */
const IrMakeTuple *pt_tuple_arg(Fn *F, const IrCall *c, uint32_t i, const char *what)
{
    if (i >= c->nargs || c->args[i]->kind != EXPR_MAKE_TUPLE) {
        pt_op_error(F, c, "%s must be a list", what);
        return NULL;
    }
    return IR_AS(IrMakeTuple, c->args[i]);
}

/* An op's rule (tile_ir_rules.h): 0, or -1 with a message given at the
 * call; a defence behind CheckTileIR, which reports the same first. */
static int ok(Fn *F, const IrCall *c, int bad, const char *msg)
{
    if (bad)
        pt_op_error(F, c, "%s", msg);
    return !bad;
}

static TileIrTile tile_of(const Value *v) { return tile_ir_tile(v->ir_type, v->loc); }

/* Argument i as a tile; a scratch (create_tile) tile has no value. */
const Value *pt_tile_arg(Fn *F, const IrCall *c, uint32_t i)
{
    const Value *v = pt_lookup(F, c->args[i], c->e.span);
    char msg[TILE_IR_MSG];
    if (!v)
        return NULL;
    if (v->kind == VAL_SCRATCH) {
        tile_ir_rule_scratch(IR_AS(IrVar, c->args[i])->name, msg, sizeof msg);
        pt_op_error(F, c, "%s", msg);
        return NULL;
    }
    if (v->kind != VAL_TILE) {
        pt_op_error(F, c, "argument %u is not a tile", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

static int need_vec(Fn *F, const IrCall *c, const Value *v, const char *what)
{
    TileIrTile t = tile_of(v);
    char msg[TILE_IR_MSG];
    return ok(F, c, tile_ir_rule_vec(&t, what, msg, sizeof msg), msg);
}

/* bv NULL: b is the result's type, whose tile type is not compared. */
static int same_tile(Fn *F, const IrCall *c, const Value *a, const IrType *b, const Value *bv, const char *what)
{
    TileIrTile x = tile_of(a), y;
    char msg[TILE_IR_MSG];
    if (bv)
        y = tile_of(bv);
    return ok(F, c, tile_ir_rule_same(F->k.o->arch, &x, b, bv ? &y : NULL, what, msg, sizeof msg), msg);
}

/* Seed 05 3.2: ` {valid = [...]}` for a tile type with a valid shape other
 * than its shape, after checking 0 < valid[d] <= shape[d]; "" without one;
 * NULL after an error.  Symbolic entries are index values. */
const char *pt_valid_attr(Fn *F, const IrType *t, Span span)
{
    const IrTileView *v = t->tile_view;
    const char **names;
    int differs = 0;
    StrBuf sb;
    const char *s;
    char msg[TILE_IR_MSG];
    if (!v || !v->nvalid)
        return "";
    if (tile_ir_valid(t, msg, sizeof msg)) {
        pt_error(F, span, "%s", msg);
        return NULL;
    }
    names = arena_array(&F->k.arena, v->nvalid, sizeof *names);
    for (uint32_t d = 0; d < v->nvalid; d++) {
        int64_t x, dim;
        if (ir_dim_value(v->valid_shape[d], &x)) {
            shape_const(t, d, &dim);
            names[d] = pt_fmt(F, "%lld", (long long)x);
            differs |= x != dim;
        } else {
            if (!(names[d] = index_value(F, v->valid_shape[d])))
                return NULL;
            differs = 1;
        }
    }
    if (!differs)
        return "";
    sb_init(&sb);
    sb_puts(&sb, " {valid = [");
    for (uint32_t d = 0; d < v->nvalid; d++)
        sb_printf(&sb, "%s%s", d ? ", " : "", names[d]);
    sb_puts(&sb, "]}");
    s = pt_sb_arena(F, &sb);
    sb_free(&sb);
    return s;
}

/* --------------------------------------------------------------- tile ops */

void pt_put_event_type(Fn *F, const char *isa)
{
    sb_printf(F->k.out, "!pto.event<producer = #pto.op<%s>, scope = #pto.scope<intra>>", isa);
}

/* `%tN[, %eN] = ` (or `%eN = ` for an op without a tile result). */
void pt_put_results(Fn *F, uint32_t id, int tile)
{
    if (tile)
        sb_printf(F->k.out, "%%t%u", (unsigned)id);
    if (F->k.o->async)
        sb_printf(F->k.out, "%s%%e%u", tile ? ", " : "", (unsigned)id);
    if (tile || F->k.o->async)
        sb_puts(F->k.out, " = ");
}

/* ` wait(...)`: the events of the ops that produced the tile operands,
 * each once, in operand order. */
void pt_put_waits(Fn *F, const Value *const *tiles, uint32_t n)
{
    int first = 1;
    if (!F->k.o->async)
        return;
    for (uint32_t i = 0; i < n; i++) {
        int seen = 0;
        if (!tiles[i] || !tiles[i]->event)
            continue;
        for (uint32_t j = 0; j < i; j++)
            seen |= tiles[j] && tiles[j]->event && strcmp(tiles[j]->event, tiles[i]->event) == 0;
        if (seen)
            continue;
        sb_puts(F->k.out, first ? " wait(" : ", ");
        sb_puts(F->k.out, tiles[i]->event);
        first = 0;
    }
    if (!first)
        sb_putc(F->k.out, ')');
}

Value *pt_tile_value(Fn *F, uint32_t id, const char *type, const IrType *t, MemorySpace loc, const char *isa)
{
    Value *v = pt_new_value(F, VAL_TILE, pt_fmt(F, "%%t%u", (unsigned)id), type);
    v->loc = (uint8_t)loc;
    v->ir_type = t;
    if (F->k.o->async && isa) {
        v->event = pt_fmt(F, "%%e%u", (unsigned)id);
        v->producer = isa;
    }
    return v;
}

typedef struct Operand {
    const char *name;
    const char *type;
    const Value *tile;       /* for the wait clause; NULL for scalars */
} Operand;

static Operand tile_operand(const Value *v)
{
    Operand o;
    o.name = v->name;
    o.type = v->type;
    o.tile = v;
    return o;
}

static Operand scalar_operand(const char *name, DataType dt)
{
    Operand o;
    o.name = name;
    o.type = pt_mlir_dtype(dt, 1);
    o.tile = NULL;
    return o;
}

/* The type a call's result is written with: the variable's (annotations
 * may add a valid shape or layout), else the call's. */
const IrType *pt_result_type(const IrCall *c, const IrVar *result)
{
    return result && result->type->kind == TYPE_TILE ? result->type : c->type;
}

/* One compute op:
 *   %tN[, %eN] = pto.tile.M a[idx], b[ wait(..)][ {valid}] : T | Ta, Tb -> T[, event]
 * same_type: every operand has the result's type (seed 05 4.4's form). */
static void compute(Fn *F, const IrCall *c, const char *mnemonic, const char *isa, const Operand *ops, uint32_t n,
                    const char *index_text, int same_type, const IrVar *result, const IrType *rt, MemorySpace loc)
{
    const char *rty = pt_tile_type(F, rt, loc, c->e.span), *valid;
    const Value *waits[4];
    uint32_t id, nw = 0;
    if (!rty || !(valid = pt_valid_attr(F, rt, c->e.span)))
        return;
    for (uint32_t i = 0; i < n; i++) {
        if (!ops[i].name || !ops[i].type)
            return;
        if (ops[i].tile && nw < 4)
            waits[nw++] = ops[i].tile;
    }
    if (same_type)
        for (uint32_t i = 0; i < n; i++) {
            TileIrTile r = tile_ir_tile(rt, loc), x = tile_of(ops[i].tile);
            char msg[TILE_IR_MSG];
            if (!ok(F, c, tile_ir_rule_one_type(F->k.o->arch, &r, &x, msg, sizeof msg), msg))
                return;
        }
    id = F->next_tile++;
    begin(F);
    pt_put_results(F, id, 1);
    sb_printf(F->k.out, "pto.tile.%s", mnemonic);
    for (uint32_t i = 0; i < n; i++) {
        sb_printf(F->k.out, "%s%s", i ? ", " : " ", ops[i].name);
        if (i == 0 && index_text)
            sb_puts(F->k.out, index_text);
    }
    pt_put_waits(F, waits, nw);
    sb_puts(F->k.out, valid);
    sb_puts(F->k.out, " : ");
    if (same_type) {
        sb_puts(F->k.out, rty);
    } else {
        for (uint32_t i = 0; i < n; i++)
            sb_printf(F->k.out, "%s%s", i ? ", " : "", ops[i].type);
        sb_printf(F->k.out, " -> %s", rty);
    }
    if (F->k.o->async) {
        sb_puts(F->k.out, ", ");
        pt_put_event_type(F, isa);
    }
    end(F);
    pt_bind(F, result, pt_tile_value(F, id, rty, rt, loc, isa));
}

static int rank2(Fn *F, const IrCall *c, const Value *v, const char *what)
{
    TileIrTile t = tile_of(v);
    char msg[TILE_IR_MSG];
    return ok(F, c, tile_ir_rule_rank2(F->k.o->arch, &t, what, msg, sizeof msg), msg);
}

static int same_dtype(Fn *F, const IrCall *c, const IrType *a, const IrType *b, const char *what)
{
    char msg[TILE_IR_MSG];
    return ok(F, c, tile_ir_rule_same_dtype(a, b, what, msg, sizeof msg), msg);
}

static int mask_dtype(Fn *F, const IrCall *c, const IrType *t, const char *what)
{
    char msg[TILE_IR_MSG];
    return ok(F, c, tile_ir_rule_mask(t, what, msg, sizeof msg), msg);
}

static int keeps_dtype(Fn *F, const IrCall *c, const IrType *tile, const IrType *result)
{
    char msg[TILE_IR_MSG];
    return ok(F, c, tile_ir_rule_keeps_dtype(tile, result, msg, sizeof msg), msg);
}

static int mode(Fn *F, const IrCall *c, TileForm form)
{
    char msg[TILE_IR_MSG];
    return ok(F, c, tile_ir_rule_mode(form, c, msg, sizeof msg), msg);
}

static void emit_tile_op(Fn *F, const IrCall *c, const TileOp *op, const IrVar *result)
{
    const IrType *rt = pt_result_type(c, result);
    Operand ops[3];
    const Value *a, *b, *m;
    switch ((TileForm)op->form) {
    case TF_NONE:
        pt_op_error(F, c, "no seed-05 form: %s", op->why);
        return;
    case TF_CREATE_TILE:
        pt_bind(F, result, pt_new_value(F, VAL_SCRATCH, NULL, NULL));
        return;
    case TF_LOAD:
        pt_emit_load(F, c, result);
        return;
    case TF_STORE:
        pt_emit_store(F, c, result);
        return;
    case TF_MOVE: {
        MemorySpace to = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
        const char *mn;
        char msg[TILE_IR_MSG];
        if (!(a = pt_tile_arg(F, c, 0)) || !mode(F, c, TF_MOVE) ||
            !ok(F, c, tile_ir_rule_move((MemorySpace)a->loc, to, msg, sizeof msg), msg))
            return;
        mn = tile_ir_move((MemorySpace)a->loc, to);
        ops[0] = tile_operand(a);
        compute(F, c, mn, op->isa, ops, 1, NULL, 0, result, rt, to);
        return;
    }
    case TF_VEC_MOVE:
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the source"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_UNARY:
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the operand"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 1, result, rt, MS_VEC);
        return;
    case TF_BINARY:
    case TF_TERNARY: {
        /* xor and prelu's third argument is a scratch tile: dropped. */
        uint32_t n = op->form == TF_TERNARY ? 3 : 2;
        const Value *v[3];
        for (uint32_t i = 0; i < n; i++)
            if (!(v[i] = pt_tile_arg(F, c, i)) || !need_vec(F, c, v[i], i == 0 ? "the first operand" : "an operand"))
                return;
        for (uint32_t i = 1; i < n; i++)
            if (!same_tile(F, c, v[0], v[i]->ir_type, v[i], "elementwise operands"))
                return;
        for (uint32_t i = 0; i < n; i++)
            ops[i] = tile_operand(v[i]);
        compute(F, c, op->mnemonic, op->isa, ops, n, NULL, 1, result, rt, MS_VEC);
        return;
    }
    case TF_TILE_SCALAR:
        /* xors' third argument is a scratch tile: dropped. */
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !keeps_dtype(F, c, a->ir_type, rt) ||
            !same_tile(F, c, a, rt, NULL, "the tile and the result"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = scalar_operand(pt_scalar_as(F, c->args[1], (DataType)a->ir_type->dtype), (DataType)a->ir_type->dtype);
        compute(F, c, op->mnemonic, op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_TILE_SCALAR_TILE:
        if (!(a = pt_tile_arg(F, c, 0)) || !(b = pt_tile_arg(F, c, 2)) || !need_vec(F, c, a, "the first tile") ||
            !need_vec(F, c, b, "the second tile") ||
            !same_tile(F, c, a, b->ir_type, b, "elementwise operands") ||
            !same_tile(F, c, a, rt, NULL, "the tiles and the result"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = scalar_operand(pt_scalar_as(F, c->args[1], (DataType)a->ir_type->dtype), (DataType)a->ir_type->dtype);
        ops[2] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 3, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_SEL:
        if (!(m = pt_tile_arg(F, c, 0)) || !(a = pt_tile_arg(F, c, 1)) || !(b = pt_tile_arg(F, c, 2)) ||
            !need_vec(F, c, m, "the mask") || !need_vec(F, c, a, "the first tile") ||
            !need_vec(F, c, b, "the second tile") ||
            !same_tile(F, c, a, b->ir_type, b, "elementwise operands") ||
            !mask_dtype(F, c, m->ir_type, "the mask"))
            return;
        ops[0] = tile_operand(m);
        ops[1] = tile_operand(a);
        ops[2] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 3, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_CMP:
    case TF_CMPS: {
        int64_t cmp = ir_call_kwarg_int(c, "cmp_type", 0);
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the first operand") || !mode(F, c, TF_CMP) ||
            !mask_dtype(F, c, rt, "the result"))
            return;
        ops[0] = tile_operand(a);
        if (op->form == TF_CMP) {
            if (!(b = pt_tile_arg(F, c, 1)) || !need_vec(F, c, b, "the second operand") ||
                !same_tile(F, c, a, b->ir_type, b, "elementwise operands"))
                return;
            ops[1] = tile_operand(b);
        } else {
            ops[1] = scalar_operand(pt_scalar_as(F, c->args[1], (DataType)a->ir_type->dtype),
                                    (DataType)a->ir_type->dtype);
        }
        compute(F, c, pt_fmt(F, "%s.%s", op->mnemonic, cmp_modes[cmp]), op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    }
    case TF_CAST: {
        int64_t round = ir_call_kwarg_int(c, "mode", 2);
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the operand") || !mode(F, c, TF_CAST))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, pt_fmt(F, "%s.%s", op->mnemonic, round_modes[round]), op->isa, ops, 1, NULL, 0, result, rt,
                MS_VEC);
        return;
    }
    case TF_ROW_REDUCE:
        /* The tmp tile is scratch: dropped. */
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_REDUCE: {
        int64_t axis = ir_call_kwarg_int(c, "axis", -1);
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile") ||
            !mode(F, c, TF_REDUCE))
            return;
        if (axis < 0)
            axis += 2;
        ops[0] = tile_operand(a);
        compute(F, c, pt_fmt(F, "%s%s", axis == 1 ? "row" : "col", op->mnemonic),
                pt_fmt(F, "T%s%s", axis == 1 ? "ROW" : "COL", op->isa), ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    }
    case TF_ROW_EXPAND:
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the source") || !rank2(F, c, a, "the source"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_ROW_EXPAND_OP:
    case TF_COL_EXPAND_OP:
        if (!(a = pt_tile_arg(F, c, 0)) || !(b = pt_tile_arg(F, c, 1)) || !need_vec(F, c, a, "the tile") ||
            !need_vec(F, c, b, op->form == TF_ROW_EXPAND_OP ? "the row vector" : "the column vector") ||
            !rank2(F, c, a, "the tile") || !rank2(F, c, b, "the vector") ||
            !same_dtype(F, c, a->ir_type, b->ir_type, "the tile and the vector"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_COL_EXPAND:
        /* The target only gives the result's shape, which its type states. */
        if (!(b = pt_tile_arg(F, c, 1)) || !need_vec(F, c, b, "the column vector") ||
            !same_dtype(F, c, b->ir_type, rt, "the column vector and the result"))
            return;
        ops[0] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_EXPANDS:
    case TF_FULL:
        ops[0] = scalar_operand(pt_scalar_as(F, c->args[1], (DataType)rt->dtype), (DataType)rt->dtype);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_MATMUL:
    case TF_MATMUL_ACC: {
        uint32_t k = op->form == TF_MATMUL_ACC, n = 0;
        const Value *acc = NULL;
        TileIrTile x, y, z;
        char msg[TILE_IR_MSG];
        if (k && !(acc = pt_tile_arg(F, c, 0)))
            return;
        if (!(a = pt_tile_arg(F, c, k)) || !(b = pt_tile_arg(F, c, k + 1)))
            return;
        x = tile_of(a), y = tile_of(b);
        if (acc)
            z = tile_of(acc);
        if (!ok(F, c, tile_ir_rule_matmul(acc ? &z : NULL, &x, &y, msg, sizeof msg), msg))
            return;
        if (acc)
            ops[n++] = tile_operand(acc);
        ops[n++] = tile_operand(a);
        ops[n++] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, n, NULL, 0, result, rt, MS_ACC);
        if (acc && result) {
            const Value *r = ptrmap_get(&F->values, result);
            if (r && r->kind == VAL_TILE) {
                x = tile_of(r);
                ok(F, c, tile_ir_rule_acc_result(F->k.o->arch, &x, &z, msg, sizeof msg), msg);
            }
        }
        return;
    }
    case TF_EXTRACT: {
        const IrMakeTuple *offs;
        StrBuf sb;
        const char *idx;
        char msg[TILE_IR_MSG];
        if (!(a = pt_tile_arg(F, c, 0)) || !(offs = pt_tuple_arg(F, c, 2, "offset")) ||
            !ok(F, c, tile_ir_rule_extract(offs, a->ir_type, rt, msg, sizeof msg), msg))
            return;
        sb_init(&sb);
        sb_putc(&sb, '[');
        for (uint32_t d = 0; d < offs->n; d++) {
            const char *o = index_value(F, offs->elems[d]);
            if (!o) {
                sb_free(&sb);
                return;
            }
            sb_printf(&sb, "%s%s", d ? ", " : "", o);
        }
        sb_putc(&sb, ']');
        idx = pt_sb_arena(F, &sb);
        sb_free(&sb);
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, idx, 0, result, rt, (MemorySpace)a->loc);
        return;
    }
    case TF_RESHAPE:
        if (!(a = pt_tile_arg(F, c, 0)))
            return;
        {
            TileIrTile x = tile_of(a);
            char msg[TILE_IR_MSG];
            if (!ok(F, c, tile_ir_rule_reshape(F->k.o->arch, &x, rt, msg, sizeof msg), msg))
                return;
        }
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, (MemorySpace)a->loc);
        return;
    case TF_TRANSPOSE:
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile"))
            return;
        ops[0] = tile_operand(a);
        compute(F, c, op->mnemonic, op->isa, ops, 1, NULL, 0, result, rt, MS_VEC);
        return;
    }
}

/* Block op op, called by c, whose result is kept in result (or NULL). */
void pt_emit_block_op(Fn *F, const IrCall *c, const OpDef *op, const IrVar *result)
{
    TileOp t;
    emit_tile_op(F, c, tile_op_of(op, &t), result);
}
