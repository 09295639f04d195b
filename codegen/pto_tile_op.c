/* pto_tile_op.c: the tile IR emitter's ops: the seed-05 form of each op
 * class, seed 05's verifier rules (section 7), results and event clauses
 * (--async), and the per-op switch that writes one pto.tile op per block
 * op. */
#include "config.h"
#include "codegen/pto_tile_internal.h"

/* The seed-05 form of each op class (ir/op_registry.h). */
static const uint8_t class_forms[OPCL_COUNT] = {
    [OPCL_UNARY] = TF_UNARY,
    [OPCL_ELEM2] = TF_BINARY,
    [OPCL_ELEM2_SCRATCH] = TF_BINARY,
    [OPCL_ELEM2_TMP_ARG] = TF_BINARY,
    [OPCL_ELEM2_MASK_ARG] = TF_BINARY,
    [OPCL_ELEM3] = TF_TERNARY,
    [OPCL_SEL] = TF_SEL,
    [OPCL_TILE_SCALAR] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_SCRATCH] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_TMP_ARG] = TF_TILE_SCALAR,
    [OPCL_TILE_SCALAR_TILE] = TF_TILE_SCALAR_TILE,
    [OPCL_CMP] = TF_CMP,
    [OPCL_CMPS] = TF_CMPS,
    [OPCL_CAST] = TF_CAST,
    [OPCL_CREATE] = TF_CREATE_TILE,
    [OPCL_FULL] = TF_FULL,
    [OPCL_EXPANDS] = TF_EXPANDS,
    [OPCL_LOAD] = TF_LOAD,
    [OPCL_STORE] = TF_STORE,
    [OPCL_L0C_STORE] = TF_STORE,
    [OPCL_MOVE] = TF_MOVE,
    [OPCL_VEC_MOVE] = TF_VEC_MOVE,
    [OPCL_RESHAPE] = TF_RESHAPE,
    [OPCL_TRANSPOSE] = TF_TRANSPOSE,
    [OPCL_VIEW] = TF_EXTRACT,
    [OPCL_ROW_REDUCE] = TF_ROW_REDUCE,
    [OPCL_REDUCE] = TF_REDUCE,
    [OPCL_ROW_EXPAND] = TF_ROW_EXPAND,
    [OPCL_ROW_EXPAND_OP] = TF_ROW_EXPAND_OP,
    [OPCL_COL_EXPAND] = TF_COL_EXPAND,
    [OPCL_COL_EXPAND_OP] = TF_COL_EXPAND_OP,
    [OPCL_MATMUL] = TF_MATMUL,
    [OPCL_MATMUL_ACC] = TF_MATMUL_ACC,
};

/* The seed-05 form of block op `op`, from the op table. */
static const TileOp *tile_op_of(const OpDef *op, TileOp *t)
{
    t->mnemonic = op_spelling(op, OUT_TILE, t->buf, sizeof t->buf, &t->why);
    t->isa = op->isa;
    t->form = t->why ? TF_NONE : class_forms[op->cls];
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

/* Argument i as a tile; a scratch (create_tile) tile has no value. */
const Value *pt_tile_arg(Fn *F, const IrCall *c, uint32_t i)
{
    const Value *v = pt_lookup(F, c->args[i], c->e.span);
    if (!v)
        return NULL;
    if (v->kind == VAL_SCRATCH) {
        pt_op_error(F, c, "'%s' is an uninitialised tile (pl.block.create_tile); seed 05 has no op that makes one",
                    IR_AS(IrVar, c->args[i])->name);
        return NULL;
    }
    if (v->kind != VAL_TILE) {
        pt_op_error(F, c, "argument %u is not a tile", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

/* Vector instructions read and write Vec tiles. */
static int need_vec(Fn *F, const IrCall *c, const Value *v, const char *what)
{
    if (v->loc == MS_VEC)
        return 1;
    pt_op_error(F, c, "%s is a %s tile; vector ops work on Vec tiles", what, memspace_name((MemorySpace)v->loc));
    return 0;
}

/* Seed 05 4.4: elementwise operands have the same rank, shape and element
 * type (and, so that one type describes them, the same location and
 * layout). */
static int same_tile(Fn *F, const IrCall *c, const IrType *a, const char *ta, const IrType *b, const char *tb,
                     const char *what)
{
    if (a->n != b->n) {
        pt_op_error(F, c, "%s must have the same rank (seed 05 4.4), got %u and %u", what, (unsigned)a->n,
                    (unsigned)b->n);
        return 0;
    }
    for (uint32_t d = 0; d < a->n; d++) {
        int64_t x, y;
        if (!shape_const(a, d, &x) || !shape_const(b, d, &y) || x != y) {
            pt_op_error(F, c, "%s must have the same shape (seed 05 4.4), got %s and %s", what, pt_shape_text(F, a),
                        pt_shape_text(F, b));
            return 0;
        }
    }
    if (a->dtype != b->dtype) {
        pt_op_error(F, c, "%s must have the same element type (seed 05 4.4), got %s and %s", what,
                    dtype_text((DataType)a->dtype), dtype_text((DataType)b->dtype));
        return 0;
    }
    if (ta && tb && strcmp(ta, tb) != 0) {
        pt_op_error(F, c, "%s must have the same tile type, got %s and %s", what, ta, tb);
        return 0;
    }
    return 1;
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
    if (!v || !v->nvalid)
        return "";
    if (v->nvalid != t->n) {
        pt_error(F, span, "the valid shape lists %u dimensions for a %u-D tile", (unsigned)v->nvalid, (unsigned)t->n);
        return NULL;
    }
    names = arena_array(&F->k.arena, v->nvalid, sizeof *names);
    for (uint32_t d = 0; d < v->nvalid; d++) {
        int64_t x, dim;
        if (ir_dim_value(v->valid_shape[d], &x)) {
            if (!shape_const(t, d, &dim) || x <= 0 || x > dim) {
                pt_error(F, span, "valid[%u] = %lld is outside 0 < valid <= %s (seed 05 4.4)", (unsigned)d,
                         (long long)x,
                         shape_const(t, d, &dim) ? pt_fmt(F, "%lld", (long long)dim) : "?");
                return NULL;
            }
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
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(ops[i].type, rty) != 0) {
                pt_op_error(F, c, "the result type %s differs from the operand type %s; seed 05's elementwise form has "
                                  "one type", rty, ops[i].type);
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

/* The parameter a Tensor argument stands for. */
static int rank2(Fn *F, const IrCall *c, const Value *v, const char *what)
{
    if (v->ir_type->n == 2)
        return 1;
    pt_op_error(F, c, "%s must be a 2-D tile, got %s", what, v->type);
    return 0;
}

static int same_dtype(Fn *F, const IrCall *c, const IrType *a, const IrType *b, const char *what)
{
    if (a->dtype == b->dtype)
        return 1;
    pt_op_error(F, c, "%s must have the same element type, got %s and %s", what, dtype_text((DataType)a->dtype),
                dtype_text((DataType)b->dtype));
    return 0;
}

static int mask_dtype(Fn *F, const IrCall *c, const IrType *t, const char *what)
{
    if (t->dtype == DT_INT8 || t->dtype == DT_UINT8)
        return 1;
    pt_op_error(F, c, "%s must be an 8-bit integer tile (a compare mask), got %s elements", what,
                dtype_text((DataType)t->dtype));
    return 0;
}

/* Tile-scalar ops keep the tile's element type; the IR promotes it when
 * the scalar is wider (an INT64 literal on an INT32 tile, ops.md 3.2). */
static int keeps_dtype(Fn *F, const IrCall *c, const IrType *tile, const IrType *result)
{
    if (tile->dtype == result->dtype)
        return 1;
    pt_op_error(F, c, "the scalar promotes the %s tile to %s; seed-05 tile-scalar ops keep the tile's element type "
                      "(write the scalar as pl.const(v, pl.%s))", dtype_text((DataType)tile->dtype),
                dtype_text((DataType)result->dtype), dtype_name((DataType)tile->dtype));
    return 0;
}

/* The pipe classes of ops.md 8, from the locations the emitter knows
 * (ir_kernel_kind cannot see them without MemRefs). */
static void note_pipe(Fn *F, const IrCall *c, const TileOp *op)
{
    int cube = op->form == TF_MATMUL || op->form == TF_MATMUL_ACC, vector;
    if (op->form == TF_MOVE) {
        const Value *v = ptrmap_get(&F->values, c->args[0]);
        vector = v && v->kind == VAL_TILE && v->loc == MS_VEC &&
                 ir_call_kwarg_int(c, "target_memory", MS_VEC) == MS_VEC;
    } else {
        vector = !cube && op->form != TF_NONE && op->form != TF_CREATE_TILE && op->form != TF_LOAD &&
                 op->form != TF_STORE;
    }
    if (cube && !F->cube_op)
        F->cube_op = c;
    if (vector && !F->vector_op)
        F->vector_op = c;
}

static void emit_tile_op(Fn *F, const IrCall *c, const TileOp *op, const IrVar *result)
{
    const IrType *rt = pt_result_type(c, result);
    Operand ops[3];
    const Value *a, *b, *m;
    note_pipe(F, c, op);
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
        if (!(a = pt_tile_arg(F, c, 0)))
            return;
        if (ir_call_kwarg_int(c, "transpose", 0)) {
            pt_op_error(F, c, "no seed-05 form for transpose=True (the TMOV family moves without transposing)");
            return;
        }
        if (!(mn = pt_move_mnemonic((MemorySpace)a->loc, to))) {
            pt_op_error(F, c, "seed 05 has no move from %s to %s (its TMOV family is m2l, m2r, m2b, m2s, a2v, v2v)",
                        memspace_name((MemorySpace)a->loc), memspace_name(to));
            return;
        }
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
            if (!same_tile(F, c, v[0]->ir_type, v[0]->type, v[i]->ir_type, v[i]->type, "elementwise operands"))
                return;
        for (uint32_t i = 0; i < n; i++)
            ops[i] = tile_operand(v[i]);
        compute(F, c, op->mnemonic, op->isa, ops, n, NULL, 1, result, rt, MS_VEC);
        return;
    }
    case TF_TILE_SCALAR:
        /* xors' third argument is a scratch tile: dropped. */
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !keeps_dtype(F, c, a->ir_type, rt) ||
            !same_tile(F, c, a->ir_type, NULL, rt, NULL, "the tile and the result"))
            return;
        ops[0] = tile_operand(a);
        ops[1] = scalar_operand(pt_scalar_as(F, c->args[1], (DataType)a->ir_type->dtype), (DataType)a->ir_type->dtype);
        compute(F, c, op->mnemonic, op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_TILE_SCALAR_TILE:
        if (!(a = pt_tile_arg(F, c, 0)) || !(b = pt_tile_arg(F, c, 2)) || !need_vec(F, c, a, "the first tile") ||
            !need_vec(F, c, b, "the second tile") ||
            !same_tile(F, c, a->ir_type, a->type, b->ir_type, b->type, "elementwise operands") ||
            !same_tile(F, c, a->ir_type, NULL, rt, NULL, "the tiles and the result"))
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
            !same_tile(F, c, a->ir_type, a->type, b->ir_type, b->type, "elementwise operands") ||
            !mask_dtype(F, c, m->ir_type, "the mask"))
            return;
        ops[0] = tile_operand(m);
        ops[1] = tile_operand(a);
        ops[2] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, 3, NULL, 0, result, rt, MS_VEC);
        return;
    case TF_CMP:
    case TF_CMPS: {
        int64_t mode = ir_call_kwarg_int(c, "cmp_type", 0);
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the first operand"))
            return;
        if (mode < 0 || mode > 5) {
            pt_op_error(F, c, "cmp_type %lld is not 0..5", (long long)mode);
            return;
        }
        if (!mask_dtype(F, c, rt, "the result"))
            return;
        ops[0] = tile_operand(a);
        if (op->form == TF_CMP) {
            if (!(b = pt_tile_arg(F, c, 1)) || !need_vec(F, c, b, "the second operand") ||
                !same_tile(F, c, a->ir_type, a->type, b->ir_type, b->type, "elementwise operands"))
                return;
            ops[1] = tile_operand(b);
        } else {
            ops[1] = scalar_operand(pt_scalar_as(F, c->args[1], (DataType)a->ir_type->dtype),
                                    (DataType)a->ir_type->dtype);
        }
        compute(F, c, pt_fmt(F, "%s.%s", op->mnemonic, cmp_modes[mode]), op->isa, ops, 2, NULL, 0, result, rt, MS_VEC);
        return;
    }
    case TF_CAST: {
        int64_t mode = ir_call_kwarg_int(c, "mode", 2);
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the operand"))
            return;
        if (mode < 0 || mode > 6) {
            pt_op_error(F, c, "mode %lld is not 0..6", (long long)mode);
            return;
        }
        ops[0] = tile_operand(a);
        compute(F, c, pt_fmt(F, "%s.%s", op->mnemonic, round_modes[mode]), op->isa, ops, 1, NULL, 0, result, rt,
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
        if (!(a = pt_tile_arg(F, c, 0)) || !need_vec(F, c, a, "the tile") || !rank2(F, c, a, "the tile"))
            return;
        if (!ir_call_kwarg_int(c, "keepdim", 0)) {
            pt_op_error(F, c, "no seed-05 form without keepdim=True (the ISA's row and column reductions keep the "
                              "axis)");
            return;
        }
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
        if (k && !(acc = pt_tile_arg(F, c, 0)))
            return;
        if (!(a = pt_tile_arg(F, c, k)) || !(b = pt_tile_arg(F, c, k + 1)))
            return;
        if (acc && acc->loc != MS_ACC) {
            pt_op_error(F, c, "the accumulator must be an Acc tile, got a %s tile",
                        memspace_name((MemorySpace)acc->loc));
            return;
        }
        if (a->loc != MS_LEFT || b->loc != MS_RIGHT) {
            pt_op_error(F, c, "the cube unit reads a Left lhs and a Right rhs (seed 05 6.3), got %s and %s tiles",
                        memspace_name((MemorySpace)a->loc), memspace_name((MemorySpace)b->loc));
            return;
        }
        if (acc)
            ops[n++] = tile_operand(acc);
        ops[n++] = tile_operand(a);
        ops[n++] = tile_operand(b);
        compute(F, c, op->mnemonic, op->isa, ops, n, NULL, 0, result, rt, MS_ACC);
        if (acc && result) {
            const Value *r = ptrmap_get(&F->values, result);
            if (r && strcmp(r->type, acc->type) != 0)
                pt_op_error(F, c, "the result type %s differs from the accumulator's %s", r->type, acc->type);
        }
        return;
    }
    case TF_EXTRACT: {
        const IrMakeTuple *offs;
        const IrType *st;
        StrBuf sb;
        const char *idx;
        if (!(a = pt_tile_arg(F, c, 0)) || !(offs = pt_tuple_arg(F, c, 2, "offset")))
            return;
        st = a->ir_type;
        if (offs->n != st->n || rt->n != st->n) {
            pt_op_error(F, c, "%u offsets and a %u-D view of a %u-D tile; seed-05 extract keeps the tile's rank",
                        (unsigned)offs->n, (unsigned)rt->n, (unsigned)st->n);
            return;
        }
        /* Seed 05 7: the extracted tile lies inside its source. */
        for (uint32_t d = 0; d < st->n; d++) {
            int64_t off, size, dim;
            if (ir_dim_value(offs->elems[d], &off) && shape_const(rt, d, &size) && shape_const(st, d, &dim) &&
                (off < 0 || off + size > dim)) {
                pt_op_error(F, c, "extract bounds (seed 05 7): the window [%lld, %lld) of dimension %u is outside the "
                                  "source tile (size %lld)", (long long)off, (long long)(off + size), (unsigned)d,
                            (long long)dim);
                return;
            }
        }
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
            uint64_t na = ir_type_byte_size(a->ir_type), nr = ir_type_byte_size(rt);
            if (!na || na != nr) {
                pt_op_error(F, c, "reshape from %s to %s changes the element count", a->type,
                            pt_shape_text(F, rt));
                return;
            }
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
