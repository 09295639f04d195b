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
#include "passes/check_tile_ir.h"
#include "passes/legalize.h"

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

/* A variable an index value reads (tile_ir_index_values). */
static int index_var(IrWalker *w, const IrExpr *e)
{
    Check *K = w->data;
    const TirValue *v;
    char msg[TILE_IR_MSG];
    if (!ir_is_var_like(e) || e->kind == EXPR_MEMREF || K->index_failed)
        return 1;
    v = ptrmap_get(&K->values, e);
    if (v == &poison) {
        K->index_failed = 1;
        return 0;
    }
    if (!v)
        tile_ir_rule_unbound(IR_AS(IrVar, e)->name, msg, sizeof msg);
    else if (v->kind != TV_SCALAR)
        tile_ir_rule_not_scalar(IR_AS(IrVar, e)->name, msg, sizeof msg);
    else
        return 1;
    report(K, e->span, msg);
    K->index_failed = 1;
    return 0;
}

int tile_ir_index_values(Check *K, uint32_t n, const IrExpr *const *e)
{
    IrWalker w = {.pre_expr = index_var, .data = K};
    K->index_failed = 0;
    for (uint32_t i = 0; i < n && !K->index_failed; i++)
        ir_walk_expr(&w, e[i]);
    return !K->index_failed;
}

/* var's value; a variable left without one (an error, reported) is
 * poisoned, so that its uses say nothing more. */
static void bind(Check *K, const IrVar *var, const TirValue *v)
{
    if (var)
        ptrmap_put(&K->values, var, (void *)(v ? v : &poison));
}

static const TirValue *scalar_value(Check *K, const IrType *t) { return tile_ir_new_value(K, TV_SCALAR, t, MS_VEC); }

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

/* The ops seed 05 has.  A scalar of a type it has not is reported where it
 * enters (legal_kernel_scalars), not in what is computed from it. */
static int check_expr(IrWalker *w, const IrExpr *e)
{
    Check *K = w->data;
    char msg[TILE_IR_MSG];
    switch ((IrExprKind)e->kind) {
    case EXPR_CONST_FLOAT:
        /* Whatever type it is taken in, a float literal is finite. */
        if (tile_ir_float_literal(IR_AS(IrConstFloat, e)->value, DT_FP32, msg, sizeof msg))
            report(K, e->span, msg);
        break;
    case EXPR_BINARY: {
        const IrBinary *b = IR_AS(IrBinary, e);
        DataType lt = operand_dtype(b->lhs), rt = operand_dtype(b->rhs), t;
        if (lt >= DT_COUNT || rt >= DT_COUNT || !tile_ir_dtype(lt) || !tile_ir_dtype(rt))
            break;   /* not scalar code (the printer names the operand), or reported */
        t = tile_ir_binary_type(b, lt, rt);
        if (tile_ir_dtype(t) && tile_ir_binary((IrBinaryOp)e->op, t, msg, sizeof msg)) {
            report(K, e->span, msg);
            return 0;
        }
        break;
    }
    case EXPR_UNARY:
        if (tile_ir_dtype((DataType)e->dtype) && tile_ir_unary((IrUnaryOp)e->op, (DataType)e->dtype, msg, sizeof msg)) {
            report(K, e->span, msg);
            return 0;
        }
        break;
    default:
        break;
    }
    return 1;
}

static void scalar_code(Check *K, const IrExpr *e)
{
    if (e)
        ir_walk_expr(&K->w, e);
}

/* ----------------------------------------------------------- regions */

/* A loop or an if being walked: what it carries, and for an if what each
 * branch yields. */
typedef struct Region {
    const IrStmt *stmt;
    uint32_t n;
    const TirValue **carried;    /* loops: per position, NULL when it cannot be carried */
    const TirValue **yields[2];  /* ifs: per branch and position */
    const char *const *names;    /* the carried variables, for messages */
    int branch;                  /* if: 0 then, 1 else */
    int ok;                      /* its head and every initial value have a form */
} Region;

static const TirValue **value_array(Check *K, uint32_t n)
{
    return arena_zalloc(&K->arena, (n ? n : 1) * sizeof(TirValue *));
}

static void walk(Check *K, Region *R, const IrStmt *s);

/* How a loop carries iter_arg `var` from its initial value: NULL, reported
 * or after an error, when it cannot. */
static const TirValue *carry_init(Check *K, const IrIterArg *it, Span at, int *ok)
{
    const IrType *t = it->v.type;
    const TirValue *v;
    char msg[TILE_IR_MSG];
    if (t->kind == TYPE_SCALAR)
        return tile_ir_dtype((DataType)t->dtype) ? scalar_value(K, t) : (*ok = 0, NULL);
    if (t->kind != TYPE_TILE && t->kind != TYPE_TENSOR) {
        *ok = 0;
        return NULL;   /* the walk's: it cannot be carried in any output */
    }
    if (!(v = tile_ir_value(K, it->init))) {
        *ok = 0;
        return NULL;
    }
    if ((t->kind == TYPE_TENSOR && v->kind == TV_TENSOR) || v->kind == TV_TILE)
        return v;
    tile_ir_rule_carry_init(it->v.name, v->kind == TV_SCRATCH, msg, sizeof msg);
    report(K, at, msg);
    *ok = 0;
    return NULL;
}

static TileIrTile tile_of(const TirValue *v) { return tile_ir_tile(v->type, v->loc); }

/* What a loop body yields for its carried value k. */
static void loop_yield(Check *K, const Region *R, uint32_t k, const IrExpr *x, Span at)
{
    const TirValue *cr = R->carried[k], *v;
    TileIrTile in, out;
    char msg[TILE_IR_MSG];
    if (!cr || cr->kind == TV_SCALAR || !(v = tile_ir_value(K, x)))
        return;
    if (cr->kind == TV_TENSOR) {
        if ((v->kind != TV_TENSOR || v->param != cr->param) && tile_ir_rule_tensor_carry(R->names[k], 1, msg, sizeof msg))
            report(K, at, msg);
        return;
    }
    in = tile_of(cr);
    if (v->kind == TV_TILE)
        out = tile_of(v);
    if (tile_ir_rule_yield(K->pc->arch, R->names[k], &in, cr->producer, IR_AS(IrVar, x)->name,
                           v->kind == TV_TILE ? &out : NULL, v->producer, msg, sizeof msg))
        report(K, at, msg);
}

static void walk_yield(Check *K, Region *R, const IrValues *y)
{
    if (!R || y->n != R->n)
        return;   /* the walk's */
    for (uint32_t k = 0; k < y->n; k++) {
        scalar_code(K, y->values[k]);
        if (R->stmt->kind != STMT_IF) {
            if (R->ok)
                loop_yield(K, R, k, y->values[k], y->s.span);
        } else {
            R->yields[R->branch][k] = tile_ir_value(K, y->values[k]);
        }
    }
}

static void walk_loop(Check *K, const IrStmt *s, uint32_t n, const IrIterArg *const *its,
                      const IrVar *const *ret, const IrStmt *body)
{
    Region R;
    const char **names = arena_zalloc(&K->arena, (n ? n : 1) * sizeof *names);
    memset(&R, 0, sizeof R);
    R.stmt = s;
    R.n = n;
    R.ok = 1;
    R.carried = value_array(K, n);
    R.names = names;
    for (uint32_t k = 0; k < n; k++) {
        names[k] = its[k]->v.name;
        scalar_code(K, its[k]->init);
        R.carried[k] = carry_init(K, its[k], s->span, &R.ok);
    }
    for (uint32_t k = 0; k < n; k++)
        bind(K, &its[k]->v, R.ok ? R.carried[k] : NULL);
    if (s->kind == STMT_WHILE)
        scalar_code(K, IR_AS(IrWhile, s)->cond);
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
    if (f->ret[k]->type->kind == TYPE_SCALAR)
        return tile_ir_dtype((DataType)f->ret[k]->type->dtype) ? scalar_value(K, f->ret[k]->type) : NULL;
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

static void walk_if(Check *K, const IrIf *f)
{
    Region R;
    uint32_t nscalar = 0;
    memset(&R, 0, sizeof R);
    R.stmt = &f->s;
    R.n = f->nret;
    R.ok = 1;
    R.yields[0] = value_array(K, f->nret);
    R.yields[1] = value_array(K, f->nret);
    scalar_code(K, f->cond);
    for (uint32_t k = 0; k < f->nret; k++)
        nscalar += f->ret[k]->type->kind == TYPE_SCALAR;
    if (f->nret && !f->else_body) {
        report(K, f->s.span, nscalar ? "an if with results needs an else-branch"
                                     : "an if with results needs a yield at the end of both branches");
        R.ok = 0;
    }
    walk(K, &R, f->then_body);
    R.branch = 1;
    walk(K, &R, f->else_body);
    for (uint32_t k = 0; k < f->nret; k++)
        bind(K, f->ret[k], R.ok ? if_result(K, f, k, R.yields[0][k], R.yields[1][k]) : NULL);
}

/* -------------------------------------------------------------- statements */

static void walk_assign(Check *K, const IrAssign *a)
{
    const IrExpr *x = a->value;
    const IrType *t = a->var->type;
    char msg[TILE_IR_MSG];
    scalar_code(K, x);
    switch ((IrExprKind)x->kind) {
    case EXPR_CALL:
        bind(K, a->var, tile_ir_check_call(K, IR_AS(IrCall, x), a->var));
        break;
    case EXPR_VAR:
    case EXPR_ITER_ARG:
        /* A copy names the same value. */
        bind(K, a->var, t->kind == TYPE_SCALAR ? scalar_value(K, t) : tile_ir_value(K, x));
        break;
    case EXPR_MAKE_TUPLE:
        ptrmap_put(&K->tuples, a->var, (void *)1);
        tile_ir_tuple(msg, sizeof msg);
        report(K, a->s.span, msg);
        bind(K, a->var, NULL);
        break;
    case EXPR_TUPLE_GET:
        /* Reported where it was built, if in the kernel. */
        if (!ptrmap_get(&K->tuples, IR_AS(IrTupleGet, x)->tuple)) {
            tile_ir_tuple(msg, sizeof msg);
            report(K, a->s.span, msg);
        }
        bind(K, a->var, NULL);
        break;
    default:
        bind(K, a->var, t->kind == TYPE_SCALAR && tile_ir_dtype((DataType)t->dtype) ? scalar_value(K, t) : NULL);
        break;
    }
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
        scalar_code(K, x);
        if (x->kind == EXPR_CALL)
            tile_ir_check_call(K, IR_AS(IrCall, x), NULL);
        break;
    }
    case STMT_YIELD:
        walk_yield(K, R, IR_AS(IrValues, s));
        break;
    case STMT_RETURN: {
        const IrValues *v = IR_AS(IrValues, s);
        for (uint32_t i = 0; i < v->n; i++)
            scalar_code(K, v->values[i]);
        break;
    }
    case STMT_IF:
        walk_if(K, IR_AS(IrIf, s));
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        scalar_code(K, f->start);
        scalar_code(K, f->stop);
        scalar_code(K, f->step);
        bind(K, f->loop_var, scalar_value(K, f->loop_var->type));
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
            bind(K, v, tile_ir_dtype((DataType)t->dtype) ? scalar_value(K, t) : NULL);
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
        bind(K, IR_AS(IrVar, e), scalar_value(K, IR_AS(IrVar, e)->type));
    return 1;
}

static void check_kernel(Check *K, const IrFunc *f)
{
    IrWalker dims = {.pre_expr = dim_var, .data = K};
    Legal L;
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
    memset(&L, 0, sizeof L);
    L.pc = K->pc;
    L.ir = K->pc->ir;
    legal_kernel_scalars(&L, f, f->body);
    K->failed |= L.failed;
    K->cube_op = K->vector_op = NULL;
    walk(K, NULL, f->body);
    if (K->cube_op && K->vector_op) {
        char name[64];
        diag_error(K->pc->diag, f->span,
                   "kernel '%s' uses both the cube (M) and the vector (V) pipe; split it into a cube and a vector kernel",
                   f->name);
        diag_note(K->pc->diag, K->cube_op->e.span, "'%s' runs on the cube pipe",
                  op_printed_name(callee_op(K->cube_op->callee), name, sizeof name));
        diag_note(K->pc->diag, K->vector_op->e.span, "'%s' runs on the vector pipe",
                  op_printed_name(callee_op(K->vector_op->callee), name, sizeof name));
        K->failed = 1;
    }
}

const IrProgram *pass_check_tile_ir(PassCtx *pc, const IrProgram *prog)
{
    Check K;
    memset(&K, 0, sizeof K);
    K.pc = pc;
    K.w.pre_expr = check_expr;
    K.w.data = &K;
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
