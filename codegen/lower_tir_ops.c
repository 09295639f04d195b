/* lower_tir_ops.c: the ops of a kernel lowered for seed 05's tile IR (see
 * lower_tir.h): each block op's seed-05 form, its operands (tiles where
 * tiles go, Vec tiles for the vector unit, one tile type for elementwise
 * operands, the cube's Left, Right and Acc tiles), its modes, the windows
 * of loads and stores, and its result's tile type (seed 05's verifier,
 * section 7), each reported at the call; then its instruction: the
 * mnemonic with its mode, the operands in order (a scratch argument of
 * the ISA is dropped: value semantics leaves buffers to bufferization,
 * seed 05 8.6), the result. */
#include "config.h"
#include "codegen/lower_tir_internal.h"

#include <stdio.h>
#include <string.h>

/* One call being lowered. */
typedef struct Call {
    Tir *K;
    const IrCall *c;
    const IrVar *dest;
    const IrType *rt;        /* the result's type: the variable's (annotations may add a valid shape), else the call's */
    const char *mnemonic;
    const char *isa;
    TirOperand ops[3];
    uint32_t n;
} Call;

/* cmp_type 0..5 and cast mode 0..6 (ops.md 5.2, 5.4) as name suffixes. */
static const char *const cmp_modes[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const round_modes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};

/* An op's rule: 0, or -1 with a message reported at the call. */
static int ok(Call *C, int bad, const char *msg)
{
    if (bad)
        tir_op_error(C->K, C->c, "%s", msg);
    return !bad;
}

static TileIrTile tile_of(const TirValue *v) { return tile_ir_tile(v->type, v->loc); }
static Arch arch(const Call *C) { return C->K->k->o->arch; }

static const char *text(Call *C, const char *fmt, const char *a, const char *b)
{
    StrBuf sb;
    const char *s;
    sb_init(&sb);
    sb_printf(&sb, fmt, a, b);
    s = tir_text(C->K, &sb);
    sb_free(&sb);
    return s;
}

/* ------------------------------------------------------------- operands */

static const IrMakeTuple *list_arg(Call *C, uint32_t i, const char *what)
{
    if (i >= C->c->nargs || C->c->args[i]->kind != EXPR_MAKE_TUPLE) {
        tir_op_error(C->K, C->c, "%s must be a list", what);
        return NULL;
    }
    return IR_AS(IrMakeTuple, C->c->args[i]);
}

/* Argument i as a tile; NULL, reported, when it is not one (a create_tile
 * buffer has no value), and quietly after an error. */
static const TirValue *tile_arg(Call *C, uint32_t i)
{
    const TirValue *v = i < C->c->nargs ? tir_lookup(C->K, C->c->args[i], C->c->e.span) : NULL;
    if (!v)
        return NULL;
    if (v->kind == TV_SCRATCH) {
        char msg[TILE_IR_MSG];
        tile_ir_rule_scratch(IR_AS(IrVar, C->c->args[i])->name, msg, sizeof msg);
        tir_op_error(C->K, C->c, "%s", msg);
        return NULL;
    }
    if (v->kind != TV_TILE) {
        tir_op_error(C->K, C->c, "argument %u is not a tile", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

static const TirValue *tensor_arg(Call *C, uint32_t i)
{
    const TirValue *v = i < C->c->nargs ? tir_lookup(C->K, C->c->args[i], C->c->e.span) : NULL;
    if (v && v->kind != TV_TENSOR) {
        tir_op_error(C->K, C->c, "argument %u is not a tensor", (unsigned)i + 1);
        return NULL;
    }
    return v;
}

static int need_vec(Call *C, const TirValue *v, const char *what)
{
    TileIrTile t = tile_of(v);
    char msg[TILE_IR_MSG];
    return ok(C, tile_ir_rule_vec(&t, what, msg, sizeof msg), msg);
}

/* bv NULL: b is the result's type, whose tile type is not compared. */
static int same_tile(Call *C, const TirValue *a, const IrType *b, const TirValue *bv, const char *what)
{
    TileIrTile x = tile_of(a), y;
    char msg[TILE_IR_MSG];
    if (bv)
        y = tile_of(bv);
    return ok(C, tile_ir_rule_same(arch(C), &x, b, bv ? &y : NULL, what, msg, sizeof msg), msg);
}

static int rank2(Call *C, const TirValue *v, const char *what)
{
    TileIrTile t = tile_of(v);
    char msg[TILE_IR_MSG];
    return ok(C, tile_ir_rule_rank2(arch(C), &t, what, msg, sizeof msg), msg);
}

static int same_dtype(Call *C, const IrType *a, const IrType *b, const char *what)
{
    char msg[TILE_IR_MSG];
    return ok(C, tile_ir_rule_same_dtype(a, b, what, msg, sizeof msg), msg);
}

static int mask_dtype(Call *C, const IrType *t, const char *what)
{
    char msg[TILE_IR_MSG];
    return ok(C, tile_ir_rule_mask(t, what, msg, sizeof msg), msg);
}

static int keeps_dtype(Call *C, const IrType *tile)
{
    char msg[TILE_IR_MSG];
    return ok(C, tile_ir_rule_keeps_dtype(tile, C->rt, msg, sizeof msg), msg);
}

static int mode(Call *C, TileForm form)
{
    char msg[TILE_IR_MSG];
    return ok(C, tile_ir_rule_mode(form, C->c, msg, sizeof msg), msg);
}

/* The operands of the instruction, in order. */
static void add_tile(Call *C, uint32_t arg, const TirValue *v)
{
    C->ops[C->n].x = C->c->args[arg];
    C->ops[C->n].tile = v;
    C->n++;
}

/* A scalar operand, as a value of the type dt; 0 when it has none. */
static int add_scalar(Call *C, uint32_t i, DataType dt)
{
    if (i >= C->c->nargs || !tir_scalar_as(C->K, C->c->args[i], dt))
        return 0;
    C->ops[C->n].x = C->c->args[i];
    C->ops[C->n].dtype = (uint8_t)dt;
    C->n++;
    return 1;
}

/* The index values an op computes from a list (offsets, a valid shape):
 * every entry that is not a constant. */
static int index_values(Tir *K, uint32_t n, const IrExpr *const *e)
{
    int good = 1;
    for (uint32_t i = 0; i < n; i++) {
        int64_t v;
        if (!ir_dim_value(e[i], &v))
            good &= tir_scalar_as(K, e[i], DT_INT64);
    }
    return good;
}

/* ---------------------------------------------------------------- results */

/* The result of an op computed in loc: its tile type and valid shape,
 * whose entries that are not constants are index values of the kernel. */
static TirValue *result(Call *C, const IrType *rt, MemorySpace loc, const char *isa)
{
    TirValue *v;
    char msg[TILE_IR_MSG];
    if (!tir_result_type(C->K, rt, loc, C->c->e.span))
        return NULL;
    if (tile_ir_valid(rt, msg, sizeof msg)) {
        tir_report(C->K, C->c->e.span, msg);
        return NULL;
    }
    if (rt->tile_view && !index_values(C->K, rt->tile_view->nvalid, rt->tile_view->valid_shape))
        return NULL;
    v = tir_new_value(C->K, TV_TILE, rt, loc);
    v->producer = C->K->events ? isa : NULL;
    return v;
}

/* The instruction of a compute op whose result is r (same_type: every
 * operand has its tile type; index: an extract's offsets). */
static const TirValue *compute(Call *C, const TirValue *r, int same_type, const IrMakeTuple *index)
{
    TirCompute *x;
    TirInst *I;
    if (!r)
        return NULL;
    x = arena_zalloc(&C->K->k->arena, sizeof *x);
    x->mnemonic = C->mnemonic;
    x->isa = C->isa;
    memcpy(x->ops, C->ops, sizeof x->ops);
    x->n = C->n;
    x->index = index;
    x->same_type = (uint8_t)same_type;
    x->result = r;
    x->rt = C->rt;
    I = tir_add(C->K, TI_COMPUTE);
    I->var = C->dest;
    I->u.c = x;
    return r;
}

/* A result in loc, produced by the op's instruction. */
static const TirValue *op_result(Call *C, MemorySpace loc) { return compute(C, result(C, C->rt, loc, C->isa), 0, NULL); }

/* An elementwise result, of its operands' tile type. */
static const TirValue *same_type_result(Call *C)
{
    TirValue *r = result(C, C->rt, MS_VEC, C->isa);
    if (!r)
        return NULL;
    for (uint32_t i = 0; i < C->n; i++) {
        TileIrTile x = tile_of(r), y = tile_of(C->ops[i].tile);
        char msg[TILE_IR_MSG];
        if (!ok(C, tile_ir_rule_one_type(arch(C), &x, &y, msg, sizeof msg), msg))
            return NULL;
    }
    return compute(C, r, 1, NULL);
}

/* ---------------------------------------------------------------- memory */

/* With events, nothing orders two accesses to one global tensor, so a
 * kernel may load from a tensor or store to it, not both. */
static int memory_rule(Call *C, const TirValue *t, int store)
{
    Tir *K = C->K;
    if (!K->events)
        return 1;
    if (store ? K->loaded[t->param] : K->stored[t->param]) {
        char msg[TILE_IR_MSG];
        tile_ir_rule_memory(K->k->f->params[t->param].var->name, msg, sizeof msg);
        tir_op_error(K, C->c, "%s", msg);
        return 0;
    }
    (store ? K->stored : K->loaded)[t->param] = 1;
    return 1;
}

/* The window a load or store accesses, against the tensor's bounds: the
 * memref itself, or a subview at the offsets, which are index values
 * (*offsets; NULL for the whole tensor). */
static int window(Call *C, const IrType *tt, const IrMakeTuple *offs, const IrType *tile, const IrMakeTuple **offsets)
{
    char msg[TILE_IR_MSG];
    if (!ok(C, tile_ir_rule_window(tt, offs, tile, msg, sizeof msg), msg))
        return 0;
    *offsets = NULL;
    if (tile_ir_whole_window(tt, offs, tile))
        return 1;
    *offsets = offs;
    return index_values(C->K, offs->n, offs->elems);
}

static TirTransfer *transfer(Call *C, TirInstKind kind)
{
    TirTransfer *t = arena_zalloc(&C->K->k->arena, sizeof *t);
    TirInst *I = tir_add(C->K, kind);
    I->var = C->dest;
    I->u.t = t;
    return t;
}

static const TirValue *load(Call *C)
{
    const TirValue *tensor = tensor_arg(C, 0), *r;
    const IrMakeTuple *offs = list_arg(C, 1, "offsets"), *win;
    MemorySpace loc = (MemorySpace)ir_call_kwarg_int(C->c, "target_memory", MS_VEC);
    TirTransfer *t;
    if (!tensor || !offs || !tir_result_type(C->K, C->rt, loc, C->c->e.span) || !memory_rule(C, tensor, 0))
        return NULL;
    if (!window(C, tensor->type, offs, C->rt, &win) || !(r = result(C, C->rt, loc, "TLOAD")))
        return NULL;
    t = transfer(C, TI_LOAD);
    t->tensor_x = C->c->args[0];
    t->tensor = tensor;
    t->tile = r;
    t->offsets = win;
    t->window = C->rt;
    t->isa = "TLOAD";
    return r;
}

/* A store's result is the tensor it stores to. */
static const TirValue *store(Call *C)
{
    const TirValue *tile = tile_arg(C, 0), *tensor = tensor_arg(C, 3);
    const IrMakeTuple *offs = list_arg(C, 1, "offsets"), *shapes = list_arg(C, 2, "shapes"), *win;
    TileIrTile x;
    TirTransfer *t;
    char msg[TILE_IR_MSG];
    if (!tile || !tensor || !offs || !shapes)
        return NULL;
    x = tile_of(tile);
    if (!ok(C, tile_ir_rule_store(&x, shapes, msg, sizeof msg), msg) || !memory_rule(C, tensor, 1))
        return NULL;
    if (!window(C, tensor->type, offs, tile->type, &win))
        return NULL;
    t = transfer(C, TI_STORE);
    t->tensor_x = C->c->args[3];
    t->tile_x = C->c->args[0];
    t->tensor = tensor;
    t->tile = tile;
    t->offsets = win;
    t->window = tile->type;
    t->isa = tile->loc == MS_VEC ? "TSTORE_VEC" : tile->loc == MS_ACC ? "TSTORE_ACC" : "TSTORE_MAT";
    return tensor;
}

/* -------------------------------------------------------------- the ops */

static const TirValue *move(Call *C)
{
    MemorySpace to = (MemorySpace)ir_call_kwarg_int(C->c, "target_memory", MS_VEC);
    const TirValue *a = tile_arg(C, 0);
    char msg[TILE_IR_MSG];
    if (!a || !mode(C, TF_MOVE) || !ok(C, tile_ir_rule_move((MemorySpace)a->loc, to, msg, sizeof msg), msg))
        return NULL;
    C->mnemonic = tile_ir_move((MemorySpace)a->loc, to);
    add_tile(C, 0, a);
    return op_result(C, to);
}

/* Elementwise ops of n tiles (a scratch argument after them is dropped). */
static const TirValue *elementwise(Call *C, uint32_t n)
{
    const TirValue *v[3];
    for (uint32_t i = 0; i < n; i++)
        if (!(v[i] = tile_arg(C, i)) || !need_vec(C, v[i], i == 0 ? "the first operand" : "an operand"))
            return NULL;
    for (uint32_t i = 1; i < n; i++)
        if (!same_tile(C, v[0], v[i]->type, v[i], "elementwise operands"))
            return NULL;
    for (uint32_t i = 0; i < n; i++)
        add_tile(C, i, v[i]);
    return same_type_result(C);
}

static const TirValue *compare(Call *C, int with_tile)
{
    const TirValue *a = tile_arg(C, 0), *b;
    if (!a || !need_vec(C, a, "the first operand") || !mode(C, TF_CMP) || !mask_dtype(C, C->rt, "the result"))
        return NULL;
    add_tile(C, 0, a);
    if (with_tile) {
        if (!(b = tile_arg(C, 1)) || !need_vec(C, b, "the second operand") ||
            !same_tile(C, a, b->type, b, "elementwise operands"))
            return NULL;
        add_tile(C, 1, b);
    } else if (!add_scalar(C, 1, (DataType)a->type->dtype)) {
        return NULL;
    }
    C->mnemonic = text(C, "%s.%s", C->mnemonic, cmp_modes[ir_call_kwarg_int(C->c, "cmp_type", 0)]);
    return op_result(C, MS_VEC);
}

static const TirValue *matmul(Call *C, int with_acc)
{
    uint32_t k = (uint32_t)with_acc;
    const TirValue *acc = NULL, *a, *b, *r;
    TileIrTile x, y, z;
    char msg[TILE_IR_MSG];
    if (with_acc && !(acc = tile_arg(C, 0)))
        return NULL;
    if (!(a = tile_arg(C, k)) || !(b = tile_arg(C, k + 1)))
        return NULL;
    x = tile_of(a), y = tile_of(b);
    if (acc)
        z = tile_of(acc);
    if (acc)
        add_tile(C, 0, acc);
    add_tile(C, k, a);
    add_tile(C, k + 1, b);
    if (!ok(C, tile_ir_rule_matmul(acc ? &z : NULL, &x, &y, msg, sizeof msg), msg) || !(r = op_result(C, MS_ACC)))
        return NULL;
    x = tile_of(r);
    if (acc && !ok(C, tile_ir_rule_acc_result(arch(C), &x, &z, msg, sizeof msg), msg))
        return NULL;
    return r;
}

static const TirValue *extract(Call *C)
{
    const TirValue *a = tile_arg(C, 0);
    const IrMakeTuple *offs = a ? list_arg(C, 2, "offset") : NULL;
    char msg[TILE_IR_MSG];
    if (!offs || !ok(C, tile_ir_rule_extract(offs, a->type, C->rt, msg, sizeof msg), msg) ||
        !index_values(C->K, offs->n, offs->elems))
        return NULL;
    add_tile(C, 0, a);
    return compute(C, result(C, C->rt, (MemorySpace)a->loc, C->isa), 0, offs);
}

static const TirValue *reshape(Call *C)
{
    const TirValue *a = tile_arg(C, 0);
    TileIrTile x;
    char msg[TILE_IR_MSG];
    if (!a)
        return NULL;
    x = tile_of(a);
    if (!ok(C, tile_ir_rule_reshape(arch(C), &x, C->rt, msg, sizeof msg), msg))
        return NULL;
    add_tile(C, 0, a);
    return op_result(C, (MemorySpace)a->loc);
}

/* TROWSUM or TCOLSUM (and max, min) by the axis: rowsum, colsum. */
static const TirValue *reduce(Call *C)
{
    const TirValue *a = tile_arg(C, 0);
    int64_t axis = ir_call_kwarg_int(C->c, "axis", -1);
    if (!a || !need_vec(C, a, "the tile") || !rank2(C, a, "the tile") || !mode(C, TF_REDUCE))
        return NULL;
    if (axis < 0)
        axis += 2;
    C->mnemonic = text(C, "%s%s", axis == 1 ? "row" : "col", C->mnemonic);
    C->isa = text(C, "T%s%s", axis == 1 ? "ROW" : "COL", C->isa);
    add_tile(C, 0, a);
    return op_result(C, MS_VEC);
}

/* The ops whose operand is one tile of a 2-D shape, in Vec (a row
 * reduction's tmp tile is dropped). */
static const TirValue *vec_2d(Call *C, const char *what)
{
    const TirValue *a = tile_arg(C, 0);
    if (!a || !need_vec(C, a, what) || !rank2(C, a, what))
        return NULL;
    add_tile(C, 0, a);
    return op_result(C, MS_VEC);
}

static const TirValue *lower_form(Call *C, TileForm form)
{
    const TirValue *a, *b, *m;
    switch (form) {
    case TF_NONE:
    case TF_CREATE_TILE:
        return NULL;
    case TF_LOAD: return load(C);
    case TF_STORE: return store(C);
    case TF_MOVE: return move(C);
    case TF_VEC_MOVE:
        if (!(a = tile_arg(C, 0)) || !need_vec(C, a, "the source"))
            return NULL;
        add_tile(C, 0, a);
        return op_result(C, MS_VEC);
    case TF_UNARY:
        if (!(a = tile_arg(C, 0)) || !need_vec(C, a, "the operand"))
            return NULL;
        add_tile(C, 0, a);
        return same_type_result(C);
    case TF_BINARY: return elementwise(C, 2);
    case TF_TERNARY: return elementwise(C, 3);
    case TF_TILE_SCALAR:
        /* xors' third argument is a scratch tile: dropped. */
        if (!(a = tile_arg(C, 0)) || !need_vec(C, a, "the tile") || !keeps_dtype(C, a->type) ||
            !same_tile(C, a, C->rt, NULL, "the tile and the result"))
            return NULL;
        add_tile(C, 0, a);
        return add_scalar(C, 1, (DataType)a->type->dtype) ? op_result(C, MS_VEC) : NULL;
    case TF_TILE_SCALAR_TILE:
        if (!(a = tile_arg(C, 0)) || !(b = tile_arg(C, 2)) || !need_vec(C, a, "the first tile") ||
            !need_vec(C, b, "the second tile") || !same_tile(C, a, b->type, b, "elementwise operands") ||
            !same_tile(C, a, C->rt, NULL, "the tiles and the result"))
            return NULL;
        add_tile(C, 0, a);
        if (!add_scalar(C, 1, (DataType)a->type->dtype))
            return NULL;
        add_tile(C, 2, b);
        return op_result(C, MS_VEC);
    case TF_SEL:
        if (!(m = tile_arg(C, 0)) || !(a = tile_arg(C, 1)) || !(b = tile_arg(C, 2)) || !need_vec(C, m, "the mask") ||
            !need_vec(C, a, "the first tile") || !need_vec(C, b, "the second tile") ||
            !same_tile(C, a, b->type, b, "elementwise operands") || !mask_dtype(C, m->type, "the mask"))
            return NULL;
        add_tile(C, 0, m);
        add_tile(C, 1, a);
        add_tile(C, 2, b);
        return op_result(C, MS_VEC);
    case TF_CMP: return compare(C, 1);
    case TF_CMPS: return compare(C, 0);
    case TF_CAST:
        if (!(a = tile_arg(C, 0)) || !need_vec(C, a, "the operand") || !mode(C, TF_CAST))
            return NULL;
        C->mnemonic = text(C, "%s.%s", C->mnemonic, round_modes[ir_call_kwarg_int(C->c, "mode", 2)]);
        add_tile(C, 0, a);
        return op_result(C, MS_VEC);
    case TF_ROW_REDUCE: return vec_2d(C, "the tile");
    case TF_REDUCE: return reduce(C);
    case TF_ROW_EXPAND: return vec_2d(C, "the source");
    case TF_ROW_EXPAND_OP:
    case TF_COL_EXPAND_OP:
        if (!(a = tile_arg(C, 0)) || !(b = tile_arg(C, 1)) || !need_vec(C, a, "the tile") ||
            !need_vec(C, b, form == TF_ROW_EXPAND_OP ? "the row vector" : "the column vector") ||
            !rank2(C, a, "the tile") || !rank2(C, b, "the vector") ||
            !same_dtype(C, a->type, b->type, "the tile and the vector"))
            return NULL;
        add_tile(C, 0, a);
        add_tile(C, 1, b);
        return op_result(C, MS_VEC);
    case TF_COL_EXPAND:
        /* The target only gives the result's shape, which its type states. */
        if (!(b = tile_arg(C, 1)) || !need_vec(C, b, "the column vector") ||
            !same_dtype(C, b->type, C->rt, "the column vector and the result"))
            return NULL;
        add_tile(C, 1, b);
        return op_result(C, MS_VEC);
    case TF_EXPANDS:
    case TF_FULL:
        return add_scalar(C, 1, (DataType)C->rt->dtype) ? op_result(C, MS_VEC) : NULL;
    case TF_MATMUL: return matmul(C, 0);
    case TF_MATMUL_ACC: return matmul(C, 1);
    case TF_EXTRACT: return extract(C);
    case TF_RESHAPE: return reshape(C);
    case TF_TRANSPOSE: return vec_2d(C, "the tile");
    }
    return NULL;
}

const TirValue *tir_call(Tir *K, const IrCall *c, const IrVar *dest)
{
    const OpDef *op = callee_op(c->callee);
    const char *why;
    char buf[32];
    TileForm form;
    IsaForm how;
    Call C;
    if (!op || op->category == OPC_TENSOR)
        return NULL;   /* the walk's */
    memset(&C, 0, sizeof C);
    C.K = K;
    C.c = c;
    C.dest = dest;
    C.rt = dest && dest->type->kind == TYPE_TILE ? dest->type : c->type;
    C.isa = op->isa;
    form = tile_ir_form(op, buf, sizeof buf, &C.mnemonic, &why);
    if (why)
        return NULL;   /* the walk reported it (the op table's why_tile) */
    how = (IsaForm)op_traits(op)->form;
    if (op->category == OPC_SYSTEM || how == FORM_ALLOC)
        return NULL;
    if (form == TF_CREATE_TILE)
        return tir_new_value(K, TV_SCRATCH, C.rt, MS_VEC);
    {
        StrBuf sb;
        sb_init(&sb);
        sb_puts(&sb, C.mnemonic);
        C.mnemonic = tir_text(K, &sb);   /* buf is this frame's */
        sb_free(&sb);
    }
    return lower_form(&C, form);
}
