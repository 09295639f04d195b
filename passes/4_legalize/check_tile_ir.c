/* check_tile_ir.c: CheckTileIR, the check of the tile IR pipeline
 * (--emit=pto-tile).  Seed 05's tile IR is a target of its own: it has no
 * Legalize, and the forms it lacks were reported by its printer as it
 * wrote.  This pass reports them first, where the program writes them,
 * so that the printer has nothing left to refuse:
 *   - a kernel's parameters: memrefs of a row-major Tensor, tiles outside
 *     DDR with a static shape and a layout seed 05 names;
 *   - scalars of a type MLIR has, checked as Legalize checks them for the
 *     other outputs (legal_kernel_scalars: where such a scalar enters,
 *     once);
 *   - scalar code: the arith ops seed 05 has, finite float literals;
 *   - the ops (check_tile_ir_ops.c): each one's seed-05 form and seed 05's
 *     verifier rules (section 7);
 *   - control flow: what scf carries has one type, a tile is carried only
 *     once initialised, a memref is carried unchanged; tuples, which a
 *     kernel of seed 05 does not build.
 * It follows the value each variable will be in the printer's output (a
 * tile in a location, a memref, a scalar, a create_tile buffer); after an
 * error what depends on it says nothing more.  With --async, the
 * rules of events too: one producer per scf value, and no global tensor
 * both loaded from and stored to.  The pass changes nothing. */
#include "config.h"
#include "passes/4_legalize/check_tile_ir.h"
#include "passes/4_legalize/legalize.h"

#include <string.h>

static const TirValue poison;

void tile_ir_report(Check *K, Span at, const char *msg)
{
    diag_error(K->pc->diag, at, "%s", msg);
    K->failed = 1;
}

static void report(Check *K, Span at, const char *msg) { tile_ir_report(K, at, msg); }

const TirValue *tile_ir_value(Check *K, const IrExpr *e)
{
    const TirValue *v;
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF)
        return NULL;
    v = ptrmap_get(&K->values, e);
    return v == &poison ? NULL : v;
}

int tile_ir_poisoned(Check *K, const IrExpr *e)
{
    return ir_is_var_like(e) && ptrmap_get(&K->values, e) == &poison;
}

const TirValue *tile_ir_new_value(Check *K, TirKind kind, const IrType *type, MemorySpace loc)
{
    TirValue *v = arena_zalloc(&K->arena, sizeof *v);
    v->kind = (uint8_t)kind;
    v->loc = (uint8_t)loc;
    v->type = type;
    return v;
}

const char *tile_ir_text(Check *K, const StrBuf *sb)
{
    return arena_strndup(&K->arena, sb->len ? sb->data : "", sb->len);
}

int tile_ir_result_type(Check *K, const IrType *t, MemorySpace loc, Span at)
{
    char msg[TILE_IR_MSG];
    if (ptrmap_get(&K->bad_types[loc], t))
        return 0;
    if (!tile_ir_tile_type(K->pc->arch, t, loc, msg, sizeof msg))
        return 1;
    ptrmap_put(&K->bad_types[loc], t, (void *)1);
    report(K, at, msg);
    return 0;
}

/* var's value; a variable left without one (an error, reported) is
 * poisoned, so that its uses say nothing more. */
static void bind(Check *K, const IrVar *var, const TirValue *v)
{
    if (var)
        ptrmap_put(&K->values, var, (void *)(v ? v : &poison));
}

static const TirValue *scalar_of(Check *K, const IrType *t) { return tile_ir_new_value(K, TV_SCALAR, t, MS_VEC); }

const TirValue *tile_ir_lookup(Check *K, const IrExpr *e, Span at)
{
    const TirValue *v;
    char msg[TILE_IR_MSG];
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF) {
        report(K, at, "expected a variable here");
        return NULL;
    }
    v = ptrmap_get(&K->values, e);
    if (!v) {
        tile_ir_rule_unbound(IR_AS(IrVar, e)->name, msg, sizeof msg);
        report(K, at, msg);
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
static int scalar_value(Check *K, const IrExpr *e)
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
        report(K, e->span, msg);
        return 0;
    }
    case EXPR_CONST_INT:
        return tile_ir_dtype((DataType)e->dtype);
    case EXPR_CONST_FLOAT:
        if (!tile_ir_dtype((DataType)e->dtype))
            return 0;
        if (tile_ir_float_literal(IR_AS(IrConstFloat, e)->value, (DataType)e->dtype, msg, sizeof msg)) {
            report(K, e->span, msg);
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
            report(K, e->span, "this operand is not a scalar");
            return 0;
        }
        t = tile_ir_binary_type(b, lt, rt);
        if (tile_ir_dtype(t) && tile_ir_binary((IrBinaryOp)e->op, t, msg, sizeof msg)) {
            report(K, e->span, msg);
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
            report(K, e->span, msg);
            return 0;
        }
        return tile_ir_dtype(operand_dtype(u->operand)) && tile_ir_dtype(t);
    }
    default:
        report(K, e->span, "this expression has no seed-05 scalar form");
        return 0;
    }
}

int tile_ir_scalar_as(Check *K, const IrExpr *e, DataType dt)
{
    char msg[TILE_IR_MSG];
    if (e->kind == EXPR_CONST_INT)
        return 1;
    if (e->kind == EXPR_CONST_FLOAT) {
        if (tile_ir_float_literal(IR_AS(IrConstFloat, e)->value, dt, msg, sizeof msg)) {
            report(K, e->span, msg);
            return 0;
        }
        return 1;
    }
    if (operand_dtype(e) >= DT_COUNT) {
        report(K, e->span, "expected a scalar here");
        return 0;
    }
    return scalar_value(K, e) && tile_ir_dtype(dt);
}

/* ----------------------------------------------------------- regions */

/* A loop or an if being walked: what it carries, and for an if what each
 * branch yields. */
typedef struct Region {
    const IrStmt *stmt;
    uint32_t n;
    const IrVar *const *vars;    /* loops: the iter_args; ifs: the results */
    const TirValue **carried;    /* loops: per position, NULL when it cannot be carried */
    const TirValue **yields[2];  /* ifs: per branch, what it yields for each tile or tensor */
    int scalars_ok[2];           /* ifs: per branch, whether each scalar it yields has a value */
    int branch;                  /* if: 0 then, 1 else */
    int ok;                      /* its head and every initial value have a form */
} Region;

static const TirValue **value_array(Check *K, uint32_t n)
{
    return arena_zalloc(&K->arena, (n ? n : 1) * sizeof(TirValue *));
}

static void walk(Check *K, Region *R, const IrStmt *s);

static TileIrTile tile_of(const TirValue *v) { return tile_ir_tile(v->type, v->loc); }

/* How a loop carries iter_arg it from its initial value: NULL, reported
 * or after an error, when it cannot. */
static const TirValue *carry_init(Check *K, const IrIterArg *it, Span at)
{
    const IrType *t = it->v.type;
    const TirValue *v;
    char msg[TILE_IR_MSG];
    if (t->kind == TYPE_SCALAR)
        return tile_ir_dtype((DataType)t->dtype) && tile_ir_scalar_as(K, it->init, (DataType)t->dtype) ? scalar_of(K, t)
                                                                                                        : NULL;
    if (t->kind != TYPE_TILE && t->kind != TYPE_TENSOR)
        return NULL;   /* the walk's: it cannot be carried in any output */
    if (!(v = tile_ir_lookup(K, it->init, at)))
        return NULL;
    if ((t->kind == TYPE_TENSOR && v->kind == TV_TENSOR) || v->kind == TV_TILE)
        return v;
    tile_ir_rule_carry_init(it->v.name, v->kind == TV_SCRATCH, msg, sizeof msg);
    report(K, at, msg);
    return NULL;
}

/* What a loop body yields for its carried value k. */
static void loop_yield(Check *K, const Region *R, uint32_t k, const IrExpr *x, Span at)
{
    const TirValue *cr = R->carried[k], *v;
    const char *name = R->vars[k]->name;
    TileIrTile in, out;
    char msg[TILE_IR_MSG];
    if (cr->kind == TV_SCALAR) {
        tile_ir_scalar_as(K, x, (DataType)cr->type->dtype);
        return;
    }
    if (!(v = tile_ir_lookup(K, x, at)))
        return;
    if (cr->kind == TV_TENSOR) {
        if ((v->kind != TV_TENSOR || v->param != cr->param) && tile_ir_rule_tensor_carry(name, 1, msg, sizeof msg))
            report(K, at, msg);
        return;
    }
    in = tile_of(cr);
    if (v->kind == TV_TILE)
        out = tile_of(v);
    if (tile_ir_rule_yield(K->pc->arch, name, &in, cr->producer, IR_AS(IrVar, x)->name, v->kind == TV_TILE ? &out : NULL,
                           v->producer, msg, sizeof msg))
        report(K, at, msg);
}

static void walk_yield(Check *K, Region *R, const IrValues *y)
{
    if (!R || y->n != R->n)
        return;   /* the walk's */
    for (uint32_t k = 0; k < y->n; k++) {
        const IrType *t = R->vars[k]->type;
        if (R->stmt->kind != STMT_IF) {
            if (R->ok)
                loop_yield(K, R, k, y->values[k], y->s.span);
        } else if (t->kind == TYPE_SCALAR) {
            if (tile_ir_dtype((DataType)t->dtype) && !tile_ir_scalar_as(K, y->values[k], (DataType)t->dtype))
                R->scalars_ok[R->branch] = 0;
        } else if (t->kind == TYPE_TILE || t->kind == TYPE_TENSOR) {
            R->yields[R->branch][k] = tile_ir_lookup(K, y->values[k], y->s.span);
        }
    }
}

/* A loop: its head (a for's bounds, a while's condition), the values it
 * carries, its body; what it cannot carry leaves the body on poisoned
 * values and the results poisoned, as the printer writes nothing of it. */
static void walk_loop(Check *K, const IrStmt *s, uint32_t n, const IrIterArg *const *its,
                      const IrVar *const *ret, const IrStmt *body)
{
    Region R;
    const IrVar **vars = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *vars);
    memset(&R, 0, sizeof R);
    R.stmt = s;
    R.n = n;
    R.ok = 1;
    R.carried = value_array(K, n);
    R.vars = vars;
    if (s->kind == STMT_FOR) {
        const IrFor *f = IR_AS(IrFor, s);
        R.ok &= tile_ir_scalar_as(K, f->start, DT_INT64);
        R.ok &= tile_ir_scalar_as(K, f->stop, DT_INT64);
        R.ok &= tile_ir_scalar_as(K, f->step, DT_INT64);
    }
    for (uint32_t k = 0; k < n; k++) {
        vars[k] = &its[k]->v;
        R.ok &= (R.carried[k] = carry_init(K, its[k], s->span)) != NULL;
    }
    if (s->kind == STMT_FOR)
        bind(K, IR_AS(IrFor, s)->loop_var, R.ok ? scalar_of(K, IR_AS(IrFor, s)->loop_var->type) : NULL);
    for (uint32_t k = 0; k < n; k++)
        bind(K, &its[k]->v, R.ok ? R.carried[k] : NULL);
    if (s->kind == STMT_WHILE && R.ok)
        tile_ir_scalar_as(K, IR_AS(IrWhile, s)->cond, DT_BOOL);
    walk(K, &R, body);
    for (uint32_t k = 0; k < n; k++)
        bind(K, ret[k], R.ok ? R.carried[k] : NULL);
}

/* If result k, from what the two branches yield. */
static const TirValue *if_result(Check *K, const IrIf *f, uint32_t k, const TirValue *a, const TirValue *b)
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
        report(K, f->s.span, msg);
        return NULL;
    }
    if ((at = a->kind == TV_TILE))
        x = tile_of(a);
    if ((bt = b->kind == TV_TILE))
        y = tile_of(b);
    if (!tile_ir_rule_branches(K->pc->arch, f->ret[k]->name, at && bt ? &x : NULL, a->producer, at && bt ? &y : NULL,
                               b->producer, msg, sizeof msg))
        return a;
    report(K, f->s.span, msg);
    return NULL;
}

/* An if: its condition, both branches, then its results, each of one type
 * (the printer writes the scf.if whole at its end); after a mistake in
 * any of them, every result is poisoned. */
static void walk_if(Check *K, const IrIf *f)
{
    Region R;
    uint32_t nscalar = 0;
    const TirValue **res = value_array(K, f->nret);
    int head, ok = 1;
    memset(&R, 0, sizeof R);
    R.stmt = &f->s;
    R.n = f->nret;
    R.vars = f->ret;
    R.yields[0] = value_array(K, f->nret);
    R.yields[1] = value_array(K, f->nret);
    R.scalars_ok[0] = R.scalars_ok[1] = 1;
    head = tile_ir_scalar_as(K, f->cond, DT_BOOL);
    for (uint32_t k = 0; k < f->nret; k++)
        nscalar += f->ret[k]->type->kind == TYPE_SCALAR;
    if (f->nret && !f->else_body) {
        report(K, f->s.span, nscalar ? "an if with results needs an else-branch"
                                     : "an if with results needs a yield at the end of both branches");
        head = 0;
    }
    walk(K, &R, f->then_body);
    R.branch = 1;
    walk(K, &R, f->else_body);
    for (uint32_t k = 0; head && k < f->nret; k++) {
        const IrType *t = f->ret[k]->type;
        if (t->kind == TYPE_SCALAR)
            ok &= tile_ir_dtype((DataType)t->dtype) && R.scalars_ok[0] && R.scalars_ok[1] &&
                  (res[k] = scalar_of(K, t)) != NULL;
        else
            ok &= (res[k] = if_result(K, f, k, R.yields[0][k], R.yields[1][k])) != NULL;
    }
    for (uint32_t k = 0; k < f->nret; k++)
        bind(K, f->ret[k], head && ok ? res[k] : NULL);
}

/* -------------------------------------------------------------- statements */

static void walk_assign(Check *K, const IrAssign *a)
{
    const IrExpr *x = a->value;
    const IrType *t = a->var->type;
    char msg[TILE_IR_MSG];
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        bind(K, a->var, tile_ir_check_call(K, IR_AS(IrCall, x), a->var));
        return;
    case EXPR_MAKE_TUPLE:
        ptrmap_put(&K->tuples, a->var, (void *)1);
        tile_ir_tuple(msg, sizeof msg);
        report(K, a->s.span, msg);
        bind(K, a->var, NULL);
        return;
    case EXPR_TUPLE_GET:
        /* Reported where it was built, if in the kernel. */
        if (!ptrmap_get(&K->tuples, IR_AS(IrTupleGet, x)->tuple)) {
            tile_ir_tuple(msg, sizeof msg);
            report(K, a->s.span, msg);
        }
        bind(K, a->var, NULL);
        return;
    default:
        break;
    }
    /* A scalar is computed; a copy of a tile or a tensor names the same value. */
    if (t->kind == TYPE_SCALAR)
        bind(K, a->var,
             tile_ir_dtype((DataType)t->dtype) && tile_ir_scalar_as(K, x, (DataType)t->dtype) ? scalar_of(K, t) : NULL);
    else if (x->kind == EXPR_VAR || x->kind == EXPR_ITER_ARG)
        bind(K, a->var, tile_ir_lookup(K, x, a->s.span));
    else
        bind(K, a->var, NULL);   /* the walk's: it cannot be emitted */
}

static void walk(Check *K, Region *R, const IrStmt *s)
{
    if (!s)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        walk_assign(K, IR_AS(IrAssign, s));
        break;
    case STMT_EVAL: {
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        if (x->kind == EXPR_CALL)
            tile_ir_check_call(K, IR_AS(IrCall, x), NULL);
        break;
    }
    case STMT_YIELD:
        walk_yield(K, R, IR_AS(IrValues, s));
        break;
    case STMT_RETURN:
        break;   /* a kernel returns nothing it computes */
    case STMT_IF:
        walk_if(K, IR_AS(IrIf, s));
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        walk_loop(K, s, f->niter, f->iter_args, f->ret, f->body);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        walk_loop(K, s, w->niter, w->iter_args, w->ret, w->body);
        break;
    }
    case STMT_SCOPE:
        walk(K, R, IR_AS(IrScope, s)->body);
        break;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            walk(K, R, q->stmts[i]);
        break;
    }
    case STMT_KIND_COUNT:
        ICE("statement of unknown kind");
    }
}

/* -------------------------------------------------------------- kernels */

/* The parameters: memrefs, scalars and tiles (a scalar's type is checked
 * with the kernel's other scalars). */
static void check_params(Check *K, const IrFunc *f)
{
    char msg[TILE_IR_MSG];
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *v = f->params[i].var;
        const IrType *t = v->type;
        TirValue *x = NULL;
        MemorySpace loc;
        if (t->kind == TYPE_SCALAR) {
            bind(K, v, tile_ir_dtype((DataType)t->dtype) ? scalar_of(K, t) : NULL);
            continue;
        }
        if (tile_ir_param(K->pc->arch, v, &loc, msg, sizeof msg)) {
            report(K, v->e.span, msg);
        } else if (t->kind == TYPE_TENSOR) {
            x = (TirValue *)tile_ir_new_value(K, TV_TENSOR, t, MS_DDR);
            x->param = i;
        } else {
            x = (TirValue *)tile_ir_new_value(K, TV_TILE, t, loc);
        }
        bind(K, v, x);
    }
}

/* A symbolic dimension of a parameter is one more index parameter. */
static int dim_var(IrWalker *w, const IrExpr *e)
{
    Check *K = w->data;
    if (ir_is_var_like(e) && e->kind != EXPR_MEMREF && !ptrmap_get(&K->values, e))
        bind(K, IR_AS(IrVar, e), scalar_of(K, IR_AS(IrVar, e)->type));
    return 1;
}

static void check_kernel(Check *K, const IrFunc *f)
{
    IrWalker dims = {.pre_expr = dim_var, .data = K};
    K->f = f;
    K->loaded = arena_zalloc(&K->arena, f->nparams + 1);
    K->stored = arena_zalloc(&K->arena, f->nparams + 1);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_clear(&K->bad_types[i]);
    check_params(K, f);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrType *t = f->params[i].var->type;
        if (ir_type_is_shaped(t))
            for (uint32_t d = 0; d < t->n; d++)
                ir_walk_expr(&dims, t->dims[d]);
    }
    K->failed |= legal_kernel_scalars(K->pc->ir, K->pc->diag, f, f->body);
    walk(K, NULL, f->body);
    if (target_report_mixed_kernel(f, K->pc->diag))
        K->failed = 1;
}

const IrProgram *pass_check_tile_ir(PassCtx *pc, const IrProgram *prog)
{
    Check K;
    memset(&K, 0, sizeof K);
    K.pc = pc;
    arena_init(&K.arena);
    ptrmap_init(&K.values);
    ptrmap_init(&K.tuples);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_init(&K.bad_types[i]);
    for (uint32_t i = 0; i < prog->n; i++)
        if (prog->funcs[i]->body && ir_kernel_kind(prog->funcs[i]) != KERNEL_NONE)
            check_kernel(&K, prog->funcs[i]);
    for (int i = 0; i < MS_COUNT; i++)
        ptrmap_free(&K.bad_types[i]);
    ptrmap_free(&K.tuples);
    ptrmap_free(&K.values);
    arena_free(&K.arena);
    return K.failed ? NULL : prog;
}
