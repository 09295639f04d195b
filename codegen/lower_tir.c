/* lower_tir.c: the lowering of a kernel for seed 05's tile IR (see
 * lower_tir.h): its parameters, the values its variables are, its scalar
 * code and its control flow, driven by the kernel statement walk
 * (lower_flow.c); the ops are lower_tir_ops.c's.
 *
 * Seed 05 is a target of its own, with no Legalize: what it has no form
 * for is reported here, where the program writes it, before anything is
 * printed:
 *   - a kernel's parameters: memrefs of a row-major Tensor, tiles outside
 *     DDR with a static shape and a layout seed 05 names;
 *   - scalars of a type MLIR has (legal_kernel_scalars: where such a
 *     scalar enters, once);
 *   - scalar code: the arith ops seed 05 has, finite float literals;
 *   - the ops (lower_tir_ops.c): each one's seed-05 form and seed 05's
 *     verifier rules (section 7);
 *   - control flow: what scf carries has one type, a tile is carried only
 *     once initialised, a memref is carried unchanged; tuples, which a
 *     kernel of seed 05 does not build;
 *   - with events: one producer per scf value, and no global tensor both
 *     loaded from and stored to;
 *   - a kernel that uses both the cube and the vector pipe.
 * After an error, what depends on it says nothing more. */
#include "config.h"
#include "codegen/lower_tir_internal.h"
#include "targets/legal_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const TirValue poison;

void tir_report(Tir *K, Span at, const char *msg) { diag_error(K->k->diag, at, "%s", msg); }

void tir_op_error(Tir *K, const IrCall *c, const char *format, ...)
{
    char name[64], body[TILE_IR_MSG], msg[TILE_IR_MSG + 80];
    va_list ap;
    va_start(ap, format);
    vsnprintf(body, sizeof body, format, ap);
    va_end(ap);
    op_printed_name(callee_op(c->callee), name, sizeof name);
    snprintf(msg, sizeof msg, "'%s': %s", name, body);
    tir_report(K, c->e.span, msg);
}

const TirValue *tir_value(Tir *K, const IrExpr *e)
{
    const TirValue *v;
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF)
        return NULL;
    v = ptrmap_get(&K->values, e);
    return v == &poison ? NULL : v;
}

TirValue *tir_new_value(Tir *K, TirKind kind, const IrType *type, MemorySpace loc)
{
    TirValue *v = arena_zalloc(&K->k->arena, sizeof *v);
    v->kind = (uint8_t)kind;
    v->loc = (uint8_t)loc;
    v->type = type;
    return v;
}

const char *tir_text(Tir *K, const StrBuf *sb) { return arena_strndup(&K->k->arena, sb->len ? sb->data : "", sb->len); }

TirInst *tir_add(Tir *K, TirInstKind kind)
{
    TirInst *I = arena_zalloc(&K->k->arena, sizeof *I);
    I->kind = (uint8_t)kind;
    I->span = K->k->stmt_span;
    *K->tail = I;
    K->tail = &I->next;
    K->L->ninsts++;
    return I;
}

int tir_result_type(Tir *K, const IrType *t, MemorySpace loc, Span at)
{
    char msg[TILE_IR_MSG];
    if (ptrmap_get(&K->bad_types[loc], t))
        return 0;
    if (!tile_ir_tile_type(K->k->o->arch, t, loc, msg, sizeof msg))
        return 1;
    ptrmap_put(&K->bad_types[loc], t, (void *)1);
    tir_report(K, at, msg);
    return 0;
}

/* var's value; a variable left without one (an error, reported) is
 * poisoned, so that its uses say nothing more. */
static void bind(Tir *K, const IrVar *var, const TirValue *v)
{
    if (var)
        ptrmap_put(&K->values, var, (void *)(v ? v : &poison));
}

static const TirValue *scalar_of(Tir *K, const IrType *t) { return tir_new_value(K, TV_SCALAR, t, MS_VEC); }

const TirValue *tir_lookup(Tir *K, const IrExpr *e, Span at)
{
    const TirValue *v;
    char msg[TILE_IR_MSG];
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF) {
        tir_report(K, at, "expected a variable here");
        return NULL;
    }
    v = ptrmap_get(&K->values, e);
    if (!v) {
        tile_ir_rule_unbound(IR_AS(IrVar, e)->name, msg, sizeof msg);
        tir_report(K, at, msg);
    }
    return v == &poison ? NULL : v;
}

/* ------------------------------------------------------------ scalar code */

/* The type a scalar operand has: a variable's, or the expression's own
 * (DT_COUNT for a variable that is not a scalar). */
static DataType operand_dtype(const IrExpr *e)
{
    if (ir_is_var_like(e)) {
        const IrType *t = IR_AS(IrVar, e)->type;
        return t->kind == TYPE_SCALAR ? (DataType)t->dtype : DT_COUNT;
    }
    return (DataType)e->dtype;
}

/* A scalar expression the output computes, as the printer computes it:
 * its variables scalars with a value, its ops ones seed 05 has, its float
 * literals finite.  0 when it has no value (reported, or quietly after an
 * error).  A type MLIR has not is reported where it enters the kernel
 * (legal_kernel_scalars), not in what is computed from it. */
static int scalar_value(Tir *K, const IrExpr *e)
{
    char msg[TILE_IR_MSG];
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR:
    case EXPR_ITER_ARG: {
        const TirValue *v = ptrmap_get(&K->values, e);
        if (v == &poison)
            return 0;
        if (!v)
            tile_ir_rule_unbound(IR_AS(IrVar, e)->name, msg, sizeof msg);
        else if (v->kind != TV_SCALAR)
            tile_ir_rule_not_scalar(IR_AS(IrVar, e)->name, msg, sizeof msg);
        else
            return 1;
        tir_report(K, e->span, msg);
        return 0;
    }
    case EXPR_CONST_INT:
        return tile_ir_dtype((DataType)e->dtype);
    case EXPR_CONST_FLOAT:
        if (!tile_ir_dtype((DataType)e->dtype))
            return 0;
        if (tile_ir_float_literal(IR_AS(IrConstFloat, e)->value, (DataType)e->dtype, msg, sizeof msg)) {
            tir_report(K, e->span, msg);
            return 0;
        }
        return 1;
    case EXPR_CONST_BOOL:
        return 1;
    case EXPR_BINARY: {
        const IrBinary *b = IR_AS(IrBinary, e);
        DataType lt = operand_dtype(b->lhs), rt = operand_dtype(b->rhs), t;
        int ok;
        if (lt >= DT_COUNT || rt >= DT_COUNT) {
            tir_report(K, e->span, "this operand is not a scalar");
            return 0;
        }
        t = tile_ir_binary_type(b, lt, rt);
        if (tile_ir_dtype(t) && tile_ir_binary((IrBinaryOp)e->op, t, msg, sizeof msg)) {
            tir_report(K, e->span, msg);
            return 0;
        }
        ok = scalar_value(K, b->lhs);
        ok &= scalar_value(K, b->rhs);
        return ok && tile_ir_dtype(lt) && tile_ir_dtype(rt) && tile_ir_dtype(t);
    }
    case EXPR_UNARY: {
        const IrUnary *u = IR_AS(IrUnary, e);
        DataType t = (DataType)e->dtype;
        if (!scalar_value(K, u->operand))
            return 0;
        if (u->e.op != UN_CAST && u->e.op != UN_NOT && tile_ir_dtype(t) &&
            tile_ir_unary((IrUnaryOp)u->e.op, t, msg, sizeof msg)) {
            tir_report(K, e->span, msg);
            return 0;
        }
        return tile_ir_dtype(operand_dtype(u->operand)) && tile_ir_dtype(t);
    }
    default:
        tir_report(K, e->span, "this expression has no seed-05 scalar form");
        return 0;
    }
}

int tir_scalar_as(Tir *K, const IrExpr *e, DataType dt)
{
    char msg[TILE_IR_MSG];
    if (e->kind == EXPR_CONST_INT)
        return 1;
    if (e->kind == EXPR_CONST_FLOAT) {
        if (tile_ir_float_literal(IR_AS(IrConstFloat, e)->value, dt, msg, sizeof msg)) {
            tir_report(K, e->span, msg);
            return 0;
        }
        return 1;
    }
    if (operand_dtype(e) >= DT_COUNT) {
        tir_report(K, e->span, "expected a scalar here");
        return 0;
    }
    return scalar_value(K, e) && tile_ir_dtype(dt);
}

/* ------------------------------------------------------------ regions */

/* A loop or an if being walked (LowerRegion.data): what it carries, and
 * for an if what each branch yields. */
typedef struct Region {
    TirRegion *r;
    const IrVar *const *vars;    /* loops: the iter_args; ifs: the results */
    const TirValue **yields[2];  /* ifs: per branch, what it yields for each tile or tensor */
    int scalars_ok[2];           /* ifs: per branch, whether each scalar it yields has a value */
    int ok;                      /* its head and every initial value have a form */
} Region;

static Tir *tir(LowerFlow *W) { return W->client; }
static Region *region_of(const LowerRegion *R) { return R->data; }
static TileIrTile tile_of(const TirValue *v) { return tile_ir_tile(v->type, v->loc); }
static int in_else(const LowerRegion *R)
{
    return R->stmt->kind == STMT_IF && R->body == IR_AS(IrIf, R->stmt)->else_body;
}

static const TirValue **value_array(Tir *K, uint32_t n)
{
    return arena_zalloc(&K->k->arena, (n ? n : 1) * sizeof(TirValue *));
}

static Region *new_region(Tir *K, LowerRegion *R, const IrVar *const *vars)
{
    Region *G = arena_zalloc(&K->k->arena, sizeof *G);
    G->r = arena_zalloc(&K->k->arena, sizeof *G->r);
    G->r->stmt = R->stmt;
    G->r->n = R->n;
    G->r->carried = value_array(K, R->n);
    G->vars = vars;
    G->ok = 1;
    R->data = G;
    return G;
}

static void count_carried(TirRegion *r)
{
    for (uint32_t k = 0; k < r->n; k++)
        r->ncarried += r->carried[k] && r->carried[k]->kind != TV_TENSOR;
}

/* How a loop carries iter_arg it from its initial value: NULL, reported
 * or after an error, when it cannot. */
static const TirValue *carry_init(Tir *K, const IrIterArg *it, Span at)
{
    const IrType *t = it->v.type;
    const TirValue *v;
    char msg[TILE_IR_MSG];
    if (t->kind == TYPE_SCALAR)
        return tile_ir_dtype((DataType)t->dtype) && tir_scalar_as(K, it->init, (DataType)t->dtype) ? scalar_of(K, t)
                                                                                                     : NULL;
    if (t->kind != TYPE_TILE && t->kind != TYPE_TENSOR)
        return NULL;   /* the walk's: it cannot be carried in any output */
    if (!(v = tir_lookup(K, it->init, at)))
        return NULL;
    if ((t->kind == TYPE_TENSOR && v->kind == TV_TENSOR) || v->kind == TV_TILE)
        return v;
    tile_ir_rule_carry_init(it->v.name, v->kind == TV_SCRATCH, msg, sizeof msg);
    tir_report(K, at, msg);
    return NULL;
}

/* What a loop body yields for its carried value k. */
static void loop_yield(Tir *K, const Region *G, uint32_t k, const IrExpr *x, Span at)
{
    const TirValue *cr = G->r->carried[k], *v;
    const char *name = G->vars[k]->name;
    TileIrTile in, out;
    char msg[TILE_IR_MSG];
    if (cr->kind == TV_SCALAR) {
        tir_scalar_as(K, x, (DataType)cr->type->dtype);
        return;
    }
    if (!(v = tir_lookup(K, x, at)))
        return;
    if (cr->kind == TV_TENSOR) {
        if ((v->kind != TV_TENSOR || v->param != cr->param) && tile_ir_rule_tensor_carry(name, 1, msg, sizeof msg))
            tir_report(K, at, msg);
        return;
    }
    in = tile_of(cr);
    if (v->kind == TV_TILE)
        out = tile_of(v);
    if (tile_ir_rule_yield(K->k->o->arch, name, &in, cr->producer, IR_AS(IrVar, x)->name,
                           v->kind == TV_TILE ? &out : NULL, v->producer, msg, sizeof msg))
        tir_report(K, at, msg);
}

/* If result k, from what the two branches yield. */
static const TirValue *if_result(Tir *K, const IrIf *f, uint32_t k, const TirValue *a, const TirValue *b)
{
    TileIrTile x, y;
    int at, bt;
    char msg[TILE_IR_MSG];
    if (!a || !b)
        return NULL;
    if (a->kind == TV_TENSOR && b->kind == TV_TENSOR) {
        if (a->param == b->param)
            return a;
        tile_ir_rule_tensor_carry(f->ret[k]->name, 0, msg, sizeof msg);
        tir_report(K, f->s.span, msg);
        return NULL;
    }
    if ((at = a->kind == TV_TILE))
        x = tile_of(a);
    if ((bt = b->kind == TV_TILE))
        y = tile_of(b);
    if (!tile_ir_rule_branches(K->k->o->arch, f->ret[k]->name, at && bt ? &x : NULL, a->producer, at && bt ? &y : NULL,
                               b->producer, msg, sizeof msg))
        return a;
    tir_report(K, f->s.span, msg);
    return NULL;
}

/* ------------------------------------------------------------- events */

static void on_error(LowerFlow *W, Span at, const char *msg) { tir_report(tir(W), at, msg); }

static void on_no_lowering(LowerFlow *W, const IrCall *c, const OpDef *op, const char *why)
{
    (void)op;
    tir_op_error(tir(W), c, "no seed-05 form: %s", why);
}

/* Every block op goes to the tile IR's own op map (lower_tir_ops.c). */
static void on_call(LowerFlow *W, const IrVar *dest, const IrCall *c) { bind(tir(W), dest, tir_call(tir(W), c, dest)); }

static void on_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how, const LowerTransfer *t)
{
    (void)how, (void)t;
    on_call(W, dest, c);
}

static void on_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    (void)op;
    on_call(W, dest, c);
}

static void on_tile_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    (void)op, (void)lw;
    on_call(W, dest, c);
}

/* Every system op has a why_tile (seed 05 orders ops with events): the
 * walk reports it before this event. */
static void on_system_op(LowerFlow *W, const IrVar *dest, const SystemLowering *s)
{
    (void)dest, (void)s;
    tir_report(tir(W), W->k->stmt_span, "this system op has no seed-05 form");
}

/* A scalar is computed in its type (one seed 05 lacks was reported where
 * it entered the kernel). */
static void on_scalar_def(LowerFlow *W, const IrAssign *a)
{
    Tir *K = tir(W);
    const IrType *t = a->var->type;
    if (tile_ir_dtype((DataType)t->dtype) && tir_scalar_as(K, a->value, (DataType)t->dtype)) {
        bind(K, a->var, scalar_of(K, t));
        TirInst *I = tir_add(K, TI_SCALAR);
        I->var = a->var;
        I->x = a->value;
    } else {
        bind(K, a->var, NULL);
    }
}

/* A copy of a tile or a tensor names the same value. */
static void on_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k)
{
    Tir *K = tir(W);
    const TirValue *v = tir_lookup(K, a->value, a->s.span);
    (void)k;
    bind(K, a->var, v);
    if (v) {
        TirInst *I = tir_add(K, TI_COPY);
        I->var = a->var;
        I->x = a->value;
    }
}

/* A tuple is reported once, where it is built. */
static void *on_tuple_make(LowerFlow *W, const IrAssign *a, const LowerTuple *t)
{
    char msg[TILE_IR_MSG];
    (void)t;
    tile_ir_tuple(msg, sizeof msg);
    tir_report(tir(W), a->s.span, msg);
    bind(tir(W), a->var, NULL);
    return NULL;
}

static void on_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index)
{
    (void)t, (void)index;
    bind(tir(W), a->var, NULL);
}

static int on_defined(LowerFlow *W, const IrVar *v) { return ptrmap_get(&tir(W)->values, v) != NULL; }
static void on_poison(LowerFlow *W, const IrVar *v) { bind(tir(W), v, NULL); }

/* A loop: its head (a for's bounds, a while's condition), the values it
 * carries, its body; what it cannot carry leaves the body on poisoned
 * values and the results poisoned. */
static void on_loop_begin(LowerFlow *W, LowerRegion *R)
{
    Tir *K = tir(W);
    Region *G = new_region(K, R, NULL);
    const IrVar **vars = arena_zalloc(&K->k->arena, (R->n ? R->n : 1) * sizeof *vars);
    for (uint32_t k = 0; k < R->n; k++)
        vars[k] = &R->iter_args[k]->v;
    G->vars = vars;
    if (R->stmt->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, R->stmt);
        G->ok &= tir_scalar_as(K, f->start, DT_INT64);
        G->ok &= tir_scalar_as(K, f->stop, DT_INT64);
        G->ok &= tir_scalar_as(K, f->step, DT_INT64);
    }
}

static int on_carry_init(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    Region *G = region_of(R);
    const TirValue *v = carry_init(tir(W), R->iter_args[k], R->stmt->span);
    G->r->carried[k] = v;
    G->ok &= v != NULL;
    return v != NULL;
}

static void on_loop_open(LowerFlow *W, LowerRegion *R)
{
    Tir *K = tir(W);
    Region *G = region_of(R);
    for (uint32_t k = 0; k < R->n; k++)
        G->ok &= R->kind[k] != LOWER_OTHER;
    if (R->stmt->kind == STMT_FOR) {
        const IrVar *i = IR_AS(IrFor, R->stmt)->loop_var;
        bind(K, i, G->ok ? scalar_of(K, i->type) : NULL);
    }
    for (uint32_t k = 0; k < R->n; k++)
        bind(K, G->vars[k], G->ok ? G->r->carried[k] : NULL);
    if (R->stmt->kind == STMT_WHILE && G->ok)
        G->ok &= tir_scalar_as(K, IR_AS(IrWhile, R->stmt)->cond, DT_BOOL);
    if (G->ok) {
        count_carried(G->r);
        tir_add(K, TI_LOOP)->region = G->r;
    }
}

static void on_loop_close(LowerFlow *W, LowerRegion *R)
{
    Tir *K = tir(W);
    Region *G = region_of(R);
    for (uint32_t k = 0; k < R->n; k++)
        bind(K, R->ret[k], G->ok ? G->r->carried[k] : NULL);
    if (G->ok)
        tir_add(K, TI_LOOP_END)->region = G->r;
}

/* An if: its condition, both branches, then its results, each of one
 * type; after a mistake in any of them, every result is poisoned. */
static void on_if_begin(LowerFlow *W, LowerRegion *R)
{
    Tir *K = tir(W);
    const IrIf *f = IR_AS(IrIf, R->stmt);
    Region *G = new_region(K, R, f->ret);
    G->yields[0] = value_array(K, R->n);
    G->yields[1] = value_array(K, R->n);
    G->scalars_ok[0] = G->scalars_ok[1] = 1;
    G->ok = tir_scalar_as(K, f->cond, DT_BOOL);
    /* With scalar results the walk says the else-branch is needed. */
    if (R->n && !f->else_body && !R->nscalar) {
        tir_report(K, f->s.span, "an if with results needs a yield at the end of both branches");
        G->ok = 0;
    }
}

static void on_if_open(LowerFlow *W, LowerRegion *R) { tir_add(tir(W), TI_IF)->region = region_of(R)->r; }
static void on_else_open(LowerFlow *W, LowerRegion *R) { tir_add(tir(W), TI_ELSE)->region = region_of(R)->r; }

static void on_if_close(LowerFlow *W, LowerRegion *R)
{
    Tir *K = tir(W);
    Region *G = region_of(R);
    const IrIf *f = IR_AS(IrIf, R->stmt);
    const TirValue **res = G->r->carried;
    int ok = 1;
    for (uint32_t k = 0; G->ok && k < R->n; k++) {
        const IrType *t = f->ret[k]->type;
        if (t->kind == TYPE_SCALAR)
            ok &= tile_ir_dtype((DataType)t->dtype) && G->scalars_ok[0] && G->scalars_ok[1] &&
                  (res[k] = scalar_of(K, t)) != NULL;
        else
            ok &= (res[k] = if_result(K, f, k, G->yields[0][k], G->yields[1][k])) != NULL;
    }
    for (uint32_t k = 0; k < R->n; k++)
        bind(K, f->ret[k], G->ok && ok ? res[k] : NULL);
    count_carried(G->r);
    tir_add(K, TI_IF_END)->region = G->r;
}

/* A loop's yield is checked against what it carries; an if's is kept per
 * branch until both are known. */
static void on_yield_value(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    Tir *K = tir(W);
    Region *G = region_of(R);
    int b = in_else(R);
    TirInst *I;
    if (R->stmt->kind != STMT_IF) {
        if (G->ok)
            loop_yield(K, G, k, x, W->k->stmt_span);
    } else if (R->kind[k] == LOWER_SCALAR) {
        DataType dt = (DataType)R->ret[k]->type->dtype;
        if (tile_ir_dtype(dt) && !tir_scalar_as(K, x, dt))
            G->scalars_ok[b] = 0;
    } else {
        G->yields[b][k] = tir_lookup(K, x, W->k->stmt_span);
    }
    I = tir_add(K, TI_YIELD);
    I->region = G->r;
    I->k = k;
    I->x = x;
    I->branch = (uint8_t)b;
}

static void on_yield_end(LowerFlow *W, LowerRegion *R)
{
    TirInst *I = tir_add(tir(W), TI_YIELD_END);
    I->region = region_of(R)->r;
    I->branch = (uint8_t)in_else(R);
}

static const LowerFlowClient tir_events = {
    .spelling = OUT_TILE, .output = "seed-05", .unkept = 1, .error = on_error, .no_lowering = on_no_lowering,
    .transfer = on_transfer, .block_idx = on_block_idx, .tile_op = on_tile_op, .system_op = on_system_op,
    .scalar_def = on_scalar_def, .copy = on_copy, .tuple_make = on_tuple_make, .tuple_get = on_tuple_get,
    .defined = on_defined, .poison = on_poison, .loop_begin = on_loop_begin, .carry_init = on_carry_init,
    .loop_open = on_loop_open, .loop_close = on_loop_close, .if_begin = on_if_begin, .if_open = on_if_open,
    .else_open = on_else_open, .if_close = on_if_close, .yield_value = on_yield_value, .yield_end = on_yield_end,
};

/* -------------------------------------------------------------- kernels */

/* The parameters: memrefs, scalars and tiles (a scalar's type is checked
 * with the kernel's other scalars). */
static void lower_params(Tir *K, const IrFunc *f)
{
    char msg[TILE_IR_MSG];
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *v = f->params[i].var;
        const IrType *t = v->type;
        TirValue *x = NULL;
        MemorySpace loc;
        if (t->kind == TYPE_SCALAR) {
            K->L->params[i] = tile_ir_dtype((DataType)t->dtype) ? scalar_of(K, t) : NULL;
            bind(K, v, K->L->params[i]);
            continue;
        }
        if (tile_ir_param(K->k->o->arch, v, &loc, msg, sizeof msg)) {
            tir_report(K, v->e.span, msg);
        } else if (t->kind == TYPE_TENSOR) {
            x = tir_new_value(K, TV_TENSOR, t, MS_DDR);
            x->param = i;
        } else {
            x = tir_new_value(K, TV_TILE, t, loc);
        }
        K->L->params[i] = x;
        bind(K, v, x);
    }
}

/* A symbolic dimension of a parameter is one more index parameter. */
static int dim_var(IrWalker *w, const IrExpr *e)
{
    Tir *K = w->data;
    if (ir_is_var_like(e) && e->kind != EXPR_MEMREF && !ptrmap_get(&K->values, e)) {
        const IrVar **dims = arena_zalloc(&K->k->arena, (K->L->ndims + 1) * sizeof *dims);
        if (K->L->ndims)
            memcpy(dims, K->L->dims, K->L->ndims * sizeof *dims);
        dims[K->L->ndims++] = IR_AS(IrVar, e);
        K->L->dims = dims;
        bind(K, IR_AS(IrVar, e), scalar_of(K, IR_AS(IrVar, e)->type));
    }
    return 1;
}

void lower_tir_kernel(LowerKernel *k, int events, TirList *L)
{
    const IrFunc *f = k->f;
    unsigned before = k->diag->errors;
    Tir K;
    IrWalker dims;
    memset(&K, 0, sizeof K);
    memset(L, 0, sizeof *L);
    K.k = k;
    K.events = events;
    K.L = L;
    K.tail = &L->first;
    K.loaded = arena_zalloc(&k->arena, f->nparams + 1);
    K.stored = arena_zalloc(&k->arena, f->nparams + 1);
    ptrmap_init(&K.values);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_init(&K.bad_types[i]);
    L->f = f;
    L->params = (const TirValue **)value_array(&K, f->nparams);
    lower_params(&K, f);
    memset(&dims, 0, sizeof dims);
    dims.pre_expr = dim_var;
    dims.data = &K;
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        if (ir_type_is_shaped(t))
            for (uint32_t d = 0; d < t->n; d++)
                ir_walk_expr(&dims, t->dims[d]);
    }
    legal_kernel_scalars(k->ir, k->diag, f, f->body);
    k->stmt_span = f->span;
    lower_flow_run(&tir_events, &K, k, f->body);
    target_report_mixed_kernel(f, k->diag);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_free(&K.bad_types[i]);
    ptrmap_free(&K.values);
    L->errors = k->diag->errors - before;
}
