/* init_memref.c: InitMemRef (passes.md 5.5) and the HasMemRef checker.
 *
 * Every Tensor and Tile variable of a function gets a MemRef saying where
 * its value lives: a memory space, a byte size, an address (-1 until
 * AllocateMemoryAddr) and an id, sequential per function.  Parameters
 * come first, then definitions in program order; the return variables of
 * a loop or an if come after everything defined in its body.  Variables
 * that share storage with another (a store's result and its output
 * tensor, a reshape and its input, an in-place accumulation and its
 * accumulator, an iter_arg and its init value, a loop's result and its
 * iter_arg) take that MemRef instead of a new id.  Every on-chip MemRef is
 * declared by an alloc statement at the start of the function body, in
 * order of first appearance.
 *
 * One walk decides the MemRefs (keyed by the input's variables), then the
 * generic mutator rebuilds the function: every variable that gets a
 * MemRef is re-created with it in its type, and every op call is typed
 * again from its re-created arguments, so that the types are exactly what
 * the front end deduces when it reads the printed program back (a store's
 * type is its output tensor's, MemRef included).  Alloc statements already
 * present (a re-planned program) are dropped and made again.
 *
 * pyptocc, where the table of passes.md 5.5 is silent or the printed form
 * could not be read back otherwise:
 *  - a plain copy `y = x` of a Tensor or Tile shares x's MemRef (it has no
 *    storage of its own);
 *  - a loop's Tensor results share their iter_arg's MemRef like Tile ones,
 *    and an if's Tensor results the then branch's MemRef: the front end
 *    types those return variables from the iter_args and from the then
 *    branch's yield;
 *  - statement lists stay the flat SeqStmts the front end builds (step 1's
 *    OpStmts would print the same but not reparse to an equal program). */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "targets/isa_rules.h"

#include <stdio.h>
#include <string.h>

typedef VEC(const IrStmt *) StmtList;

typedef struct Init {
    IrCtx *ir;
    PassCtx *pc;
    const OpDef *alloc_op;
    uint32_t next_id;        /* the id of the next MemRef */
    PtrMap memref;           /* variable of the input -> its MemRef */
    PtrMap rebuilt;          /* node given to the mutator hook -> what it became */
    VEC(const IrMemRef *) on_chip;   /* non-DDR MemRefs, in order of first appearance */
    VEC(Span) on_chip_at;            /* where each was first defined */
} Init;

/* A new MemRef `mem_<space>_<id>` for a value of type t, defined at span. */
static const IrMemRef *new_memref(Init *I, MemorySpace space, const IrType *t, Span span)
{
    char name[48];
    uint32_t id = I->next_id++;
    const IrMemRef *m;
    str_printf(name, sizeof name, "mem_%s_%u", memspace_lower(space), id);
    m = ir_memref_new(I->ir, ir_name(I->ir, name), space, ir_const_int(I->ir, -1, DT_INT64, span_unknown()),
                      isa_tile_bytes(I->pc->arch, t, (int)space), id, span);
    if (space != MS_DDR) {
        vec_push(I->on_chip, m);
        vec_push(I->on_chip_at, span);
    }
    return m;
}

static const IrMemRef *memref_of(Init *I, const IrExpr *e)
{
    return ir_is_var_like(e) ? ptrmap_get(&I->memref, e) : NULL;
}

static void set_memref(Init *I, const IrVar *v, const IrMemRef *m)
{
    if (m)
        ptrmap_put(&I->memref, v, (void *)m);
}

/* A move, extract, assemble or store (kept or not) between spaces the target connects
 * (targets/arch.c), now that every space is known; a located error otherwise.  Only in programs
 * Legalize made legal for a target (PROP_LEGAL): the IR-level tests of the
 * memory passes plan any moves. */
static void check_transfer(Init *I, const IrCall *c, const OpDef *op)
{
    Arch a = I->pc->arch;
    MemorySpace to = (MemorySpace)ir_call_kwarg_int(c, "target_memory", MS_VEC);
    const IrMemRef *src;
    char msg[320];
    int from;
    if (!(I->pc->props & PROP_LEGAL) ||
        (op->id != OP_BLOCK_MOVE && op->id != OP_BLOCK_EXTRACT && op->id != OP_BLOCK_ASSEMBLE &&
         op->id != OP_BLOCK_STORE && op->id != OP_BLOCK_L0C_STORE))
        return;
    if (op->id == OP_BLOCK_ASSEMBLE) {   /* the source into the target */
        const IrMemRef *s = c->nargs == 3 ? memref_of(I, c->args[1]) : NULL, *d = s ? memref_of(I, c->args[0]) : NULL;
        if (d && s->space != MS_DDR && d->space != MS_DDR &&
            isa_insert(a, (int)s->space, (int)d->space, ir_expr_type(I->ir, c->args[1]),
                       ir_expr_type(I->ir, c->args[0]), msg, sizeof msg) != 0)
            diag_error(I->pc->diag, c->e.span, "%s", msg);
        return;
    }
    src = c->nargs ? memref_of(I, c->args[0]) : NULL;
    from = src ? (int)src->space : -1;
    if (from < 0 || from == MS_DDR)
        return;
    if (op->id == OP_BLOCK_MOVE && (isa_move(a, from, to, msg, sizeof msg) != 0 ||
                                    isa_move_shapes(a, ir_expr_type(I->ir, c->args[0]), from, c->type, to, msg,
                                                    sizeof msg) != 0))
        diag_error(I->pc->diag, c->e.span, "%s", msg);
    else if (op->id == OP_BLOCK_EXTRACT &&
             isa_extract(a, from, to, ir_expr_type(I->ir, c->args[0]), c->type, msg, sizeof msg) != 0)
        diag_error(I->pc->diag, c->e.span, "%s", msg);
    else if ((op->id == OP_BLOCK_STORE || op->id == OP_BLOCK_L0C_STORE) && !target_store_ok(a, from))
        diag_error(I->pc->diag, c->e.span, "a %s tile cannot be stored to global memory on %s (TSTORE takes %s tiles)",
                   memspace_name((MemorySpace)from), arch_name(a), target_stores_text(a));
}

/* The MemRef of an assignment's target (passes.md 5.5 step 3), or NULL
 * when the target is not a Tensor or Tile. */
static const IrMemRef *assign_memref(Init *I, const IrAssign *a, Span at)
{
    const IrType *t = a->var->type;
    const IrExpr *v = a->value;
    const IrCall *c;
    const OpDef *op;
    const IrMemRef *shared = NULL;
    MemorySpace space = MS_VEC;
    if (!ir_type_is_shaped(t))
        return NULL;
    if (ir_is_var_like(v) && (shared = memref_of(I, v)))
        return shared;
    if (v->kind == EXPR_CALL && (op = callee_op(IR_AS(IrCall, v)->callee)) && op->cls == OPCL_TENSOR_WRITE &&
        (shared = memref_of(I, IR_AS(IrCall, v)->args[0])))
        return shared;   /* tensor.write, tensor.assemble: the tensor written */
    if (v->kind != EXPR_CALL || !(op = callee_op(IR_AS(IrCall, v)->callee)) || op->category != OPC_BLOCK)
        return new_memref(I, MS_DDR, t, at);
    c = IR_AS(IrCall, v);
    check_transfer(I, c, op);
    /* Where the op table puts the result (ResultPlace). */
    switch ((ResultPlace)op_traits(op)->result) {
    case RES_ARG3:
        shared = c->nargs > 3 ? memref_of(I, c->args[3]) : NULL;
        break;
    case RES_ARG2:
        shared = c->nargs > 2 ? memref_of(I, c->args[2]) : NULL;
        break;
    case RES_ARG0:
        shared = c->nargs > 0 ? memref_of(I, c->args[0]) : NULL;
        if (op_traits(op)->pipe == PIPE_M)
            space = MS_ACC;   /* an accumulation without an accumulator's MemRef */
        break;
    case RES_TARGET_MEMORY: {
        const IrKwarg *k = ir_call_kwarg(c, "target_memory");
        if (k && k->v.i >= 0 && k->v.i < MS_COUNT)
            space = (MemorySpace)k->v.i;
        break;
    }
    case RES_ACC:
        space = MS_ACC;
        break;
    case RES_MAT:
        space = MS_MAT;
        break;
    default:
        break;
    }
    if (shared)
        return shared;
    if (t->kind == TYPE_TENSOR)
        space = MS_DDR;   /* a store whose output has no MemRef: not reached after the parameters */
    return new_memref(I, space, t, at);
}

static Span def_span(const IrVar *v, const IrStmt *s) { return span_is_known(v->e.span) ? v->e.span : s->span; }

/* Iter args share their init value's MemRef. */
static void plan_iter_args(Init *I, uint32_t n, const IrIterArg *const *it)
{
    for (uint32_t i = 0; i < n; i++)
        set_memref(I, &it[i]->v, memref_of(I, it[i]->init));
}

/* A loop's results share their iter_arg's MemRef (Tensor results too:
 * the front end types a loop's return variables from its iter_args, so
 * no other MemRef could be read back from the printed program). */
static void plan_loop_rets(Init *I, const IrStmt *loop, uint32_t n, const IrIterArg *const *it,
                           const IrVar *const *ret)
{
    for (uint32_t i = 0; i < n; i++) {
        const IrType *t = ret[i]->type;
        const IrMemRef *m = memref_of(I, &it[i]->v.e);
        if (ir_type_is_shaped(t))
            set_memref(I, ret[i], m ? m : new_memref(I, MS_DDR, t, def_span(ret[i], loop)));
    }
}

/* Decides the MemRef of every definition in s, in program order. */
static void plan_stmt(Init *I, const IrStmt *s)
{
    if (!s)
        return;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN: {
        const IrAssign *a = IR_AS(IrAssign, s);
        if (a->var->e.kind != EXPR_MEMREF)
            set_memref(I, a->var, assign_memref(I, a, def_span(a->var, s)));
        return;
    }
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        const IrValues *y, *ye;
        plan_stmt(I, f->then_body);
        plan_stmt(I, f->else_body);
        /* After both branches: a Tile gets a new MemRef in the space of the
         * value the then branch yields (MemoryReuse makes both branches
         * yield into it), unless both branches yield one MemRef (a tile
         * written in place in one, as it is in the other: an L1 tile that
         * pl.gather_row fills, which no copy could move): it keeps it.  A
         * Tensor shares the then branch's MemRef: it needs no storage
         * planning, and the front end types an if's return variables from
         * the then branch. */
        y = ir_body_yield(f->then_body);
        ye = f->else_body ? ir_body_yield(f->else_body) : NULL;
        for (uint32_t i = 0; i < f->nret; i++) {
            const IrType *t = f->ret[i]->type;
            const IrMemRef *m = y && i < y->n ? memref_of(I, y->values[i]) : NULL;
            const IrMemRef *me = ye && i < ye->n ? memref_of(I, ye->values[i]) : NULL;
            if (!ir_type_is_shaped(t))
                continue;
            if (m && m == me && m->space != MS_DDR)
                set_memref(I, f->ret[i], m);
            else if (t->kind == TYPE_TENSOR && m)
                set_memref(I, f->ret[i], m);
            else
                set_memref(I, f->ret[i], new_memref(I, m ? (MemorySpace)m->space : MS_DDR, t, def_span(f->ret[i], s)));
        }
        return;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        plan_iter_args(I, f->niter, f->iter_args);
        plan_stmt(I, f->body);
        plan_loop_rets(I, s, f->niter, f->iter_args, f->ret);
        return;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        plan_iter_args(I, w->niter, w->iter_args);
        plan_stmt(I, w->body);
        plan_loop_rets(I, s, w->niter, w->iter_args, w->ret);
        return;
    }
    case STMT_EVAL: {
        /* A store whose result is not kept is checked as one that is. */
        const IrExpr *x = IR_AS(IrEval, s)->expr;
        const OpDef *op = x->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, x)->callee) : NULL;
        if (op)
            check_transfer(I, IR_AS(IrCall, x), op);
        return;
    }
    case STMT_SCOPE:
        plan_stmt(I, IR_AS(IrScope, s)->body);
        return;
    case STMT_SEQ:
    case STMT_OPS: {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            plan_stmt(I, q->stmts[i]);
        return;
    }
    default:
        return;
    }
}

/* Mutator hook: variables re-created with their MemRefs, op calls typed
 * again from their arguments. */
static const IrExpr *rebuild_expr(IrMutator *m, const IrExpr *e)
{
    Init *I = m->data;
    const IrExpr *done;
    switch ((IrExprKind)e->kind) {
    case EXPR_VAR: {
        const IrVar *v = IR_AS(IrVar, e);
        const IrMemRef *mr;
        if ((done = ptrmap_get(&I->rebuilt, e)))
            return done;
        if (!(mr = ptrmap_get(&I->memref, e)))
            return e;
        done = &ir_var_new(I->ir, v->name, ir_type_with_memref(I->ir, v->type, mr), v->e.span)->e;
        ptrmap_put(&I->rebuilt, e, (void *)done);
        return done;
    }
    case EXPR_ITER_ARG: {
        /* The mutator hands over the iter_arg rebuilt with its new init
         * value, whose MemRef it shares. */
        const IrIterArg *a = IR_AS(IrIterArg, e);
        const IrType *it;
        if ((done = ptrmap_get(&I->rebuilt, e)))
            return done;
        it = ir_expr_type(I->ir, a->init);
        if (!ir_type_is_shaped(a->v.type) || !ir_type_is_shaped(it) || !it->memref)
            return e;
        done = &ir_iter_arg_new(I->ir, a->v.name, ir_type_with_memref(I->ir, a->v.type, it->memref), a->init,
                                a->v.e.span)->v.e;
        ptrmap_put(&I->rebuilt, e, (void *)done);
        return done;
    }
    case EXPR_CALL: {
        const IrCall *c = IR_AS(IrCall, e);
        const OpDef *op = callee_op(c->callee);
        const IrType *t;
        OpError err;
        if (!op)
            return e;
        t = op_deduce(I->ir, op, c->args, c->nargs, c->kwargs, c->nkwargs, &err);
        if (!t)
            ICE("InitMemRef: the call of '%s' no longer type-checks: %s", op_name(op), err.msg);
        return t == c->type ? e : ir_call(I->ir, c->callee, c->nargs, c->args, c->nkwargs, c->kwargs, t, e->span);
    }
    default:
        return e;
    }
}

static int is_alloc_stmt(const IrStmt *s)
{
    return s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->var->e.kind == EXPR_MEMREF;
}

/* Mutator hook: the alloc statements of an earlier plan are dropped. */
static const IrStmt *rebuild_stmt(IrMutator *m, const IrStmt *s)
{
    const IrSeq *q;
    StmtList keep;
    uint32_t i;
    (void)m;
    if (s->kind != STMT_SEQ && s->kind != STMT_OPS)
        return s;
    q = IR_AS(IrSeq, s);
    for (i = 0; i < q->n && !is_alloc_stmt(q->stmts[i]); i++)
        ;
    if (i == q->n)
        return s;
    vec_init(keep);
    for (i = 0; i < q->n; i++)
        if (!is_alloc_stmt(q->stmts[i]))
            vec_push(keep, q->stmts[i]);
    s = ir_seq(m->ctx, (IrStmtKind)s->kind, keep.len, keep.data, s->span);
    vec_free(keep);
    return s;
}

/* mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, -1, 16384, 3) */
static const IrStmt *alloc_stmt(Init *I, const IrMemRef *m, Span at)
{
    IrCtx *ir = I->ir;
    const IrExpr *args[4];
    args[0] = ir_const_int(ir, m->space, DT_INT64, at);
    args[1] = m->addr;
    args[2] = ir_const_int(ir, (int64_t)m->size, DT_INT64, at);
    args[3] = ir_const_int(ir, m->ref_id, DT_INT64, at);
    return ir_assign(ir, &m->v, ir_call(ir, &I->alloc_op->callee, 4, args, 0, NULL, ir_type_memref(ir), at), at);
}

/* The body with the alloc statements in front (one flat statement list,
 * as the front end builds it). */
static const IrStmt *prepend_allocs(Init *I, const IrStmt *body)
{
    StmtList all;
    const IrStmt *r;
    if (!I->on_chip.len)
        return body;
    vec_init(all);
    for (uint32_t i = 0; i < I->on_chip.len; i++)
        vec_push(all, alloc_stmt(I, I->on_chip.data[i], I->on_chip_at.data[i]));
    if (body->kind == STMT_SEQ || body->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, body);
        for (uint32_t i = 0; i < q->n; i++)
            vec_push(all, q->stmts[i]);
    } else {
        vec_push(all, body);
    }
    r = ir_seq(I->ir, STMT_SEQ, all.len, all.data, body->span);
    vec_free(all);
    return r;
}

static const IrFunc *init_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    IrCtx *ir = pc->ir;
    Init I;
    IrParam *params;
    const IrStmt *body = f->body;
    IrMutator m;
    memset(&I, 0, sizeof I);
    I.ir = ir;
    I.pc = pc;
    I.alloc_op = op_by_id(OP_BLOCK_ALLOC);
    ptrmap_init(&I.memref);
    ptrmap_init(&I.rebuilt);
    vec_init(I.on_chip);
    vec_init(I.on_chip_at);

    /* Parameters live in global memory. */
    params = arena_array(&ir->arena, f->nparams ? f->nparams : 1, sizeof *params);
    for (uint32_t i = 0; i < f->nparams; i++) {
        const IrVar *v = f->params[i].var;
        params[i] = f->params[i];
        if (ir_type_is_shaped(v->type)) {
            const IrMemRef *mr = new_memref(&I, MS_DDR, v->type, v->e.span);
            IrVar *nv = ir_var_new(ir, v->name, ir_type_with_memref(ir, v->type, mr), v->e.span);
            set_memref(&I, v, mr);
            ptrmap_put(&I.rebuilt, v, &nv->e);
            params[i].var = nv;
        }
    }
    if (body) {
        plan_stmt(&I, body);
        memset(&m, 0, sizeof m);
        m.ctx = ir;
        m.expr = rebuild_expr;
        m.stmt = rebuild_stmt;
        m.data = &I;
        body = prepend_allocs(&I, ir_mutate_stmt(&m, body));
    }
    ptrmap_free(&I.memref);
    ptrmap_free(&I.rebuilt);
    vec_free(I.on_chip);
    vec_free(I.on_chip_at);
    return ir_func_rebuild(ir, f, f->nparams, params, f->nret, f->ret_types, body);
}

const IrProgram *pass_init_memref(PassCtx *pc, const IrProgram *prog)
{
    return pass_map_functions_with(pc, prog, init_function, NULL, MAP_STOP);
}

/* ------------------------------------------------------------ checker */

typedef struct HasMemRef {
    IrWalker w;
    PassCtx *pc;
    const IrFunc *func;
    const IrStmt *stmt;
    int report;
    int ok;
} HasMemRef;

static void need_memref(HasMemRef *H, const IrVar *v, Span at)
{
    if (!ir_type_is_shaped(v->type) || v->type->memref)
        return;
    H->ok = 0;
    if (H->report)
        diag_error(H->pc->diag, span_is_known(v->e.span) ? v->e.span : at,
                   "%s variable '%s' in function '%s' has no MemRef",
                   v->type->kind == TYPE_TILE ? "Tile" : "Tensor", v->name, H->func->name);
}

static void need_memrefs(HasMemRef *H, uint32_t n, const IrVar *const *v, Span at)
{
    for (uint32_t i = 0; i < n; i++)
        need_memref(H, v[i], at);
}

static int has_memref_stmt(IrWalker *w, const IrStmt *s)
{
    HasMemRef *H = w->data;
    H->stmt = s;
    switch ((IrStmtKind)s->kind) {
    case STMT_ASSIGN:
        if (IR_AS(IrAssign, s)->var->e.kind != EXPR_MEMREF)
            need_memref(H, IR_AS(IrAssign, s)->var, s->span);
        break;
    case STMT_IF:
        need_memrefs(H, IR_AS(IrIf, s)->nret, IR_AS(IrIf, s)->ret, s->span);
        break;
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        for (uint32_t i = 0; i < f->niter; i++)
            need_memref(H, &f->iter_args[i]->v, s->span);
        need_memrefs(H, f->niter, f->ret, s->span);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *f = IR_AS(IrWhile, s);
        for (uint32_t i = 0; i < f->niter; i++)
            need_memref(H, &f->iter_args[i]->v, s->span);
        need_memrefs(H, f->niter, f->ret, s->span);
        break;
    }
    default:
        break;
    }
    return 1;
}

int check_has_memref(PassCtx *pc, const IrProgram *prog, int report)
{
    HasMemRef H;
    memset(&H, 0, sizeof H);
    H.w.pre_stmt = has_memref_stmt;
    H.w.data = &H;
    H.pc = pc;
    H.report = report;
    H.ok = 1;
    for (uint32_t k = 0; k < prog->n; k++) {
        const IrFunc *f = prog->funcs[k];
        H.func = f;
        for (uint32_t i = 0; i < f->nparams; i++)
            need_memref(&H, f->params[i].var, f->span);
        ir_walk_func(&H.w, f);
    }
    return H.ok;
}
