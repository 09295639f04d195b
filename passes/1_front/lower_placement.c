/* lower_placement.c: LowerPlacement, the placement scopes and task
 * dependencies of today's language (04-scopes.md, 02-manual_dependencies.md)
 * brought to what the rest of the pipeline compiles.
 *
 * pyptocc's programs run their tasks in program order (the C++ runtime
 * submits each task when the orchestration reaches it and runs it to the
 * end), which is one order every dependency the program declares allows.
 * So:
 *   - a runtime scope (pl.scope, pl.manual_scope) says who orders tasks:
 *     its body takes its place;
 *   - deps=, no_dep_args=, dumps=, allow_early_resolve= and the markers
 *     pl.dump_tag(t) and pl.no_dep(t) only order or mark tasks: they are
 *     dropped (a marker is t);
 *   - a task id is then an identity, an ordinary value of the host code
 *     (02-submit.md "Fan-in through a TaskId array", 03-tuning.md): the
 *     `as tid` of a task (pl.submit, pl.at, pl.spmd) is assigned a fresh
 *     one after it (pl.system.task_new()); pl.system.task_invalid(),
 *     pl.system.task_dummy(deps=[...]), arrays of pl.TASK_ID and their
 *     reads and updates stay, and are carried and returned as any scalar
 *     or array (the C++ orchestration numbers its tasks, cpp_orch_task.c);
 *   - a cluster (co-scheduled AIC and AIV work) and a hierarchy scope
 *     (work of a level above the core group, on this one device) run their
 *     body where they stand: it takes their place;
 *   - pl.spmd(n) runs its body once per block: a parallel loop over the
 *     block index.  An inline body (an InCore scope) reads the loop's
 *     index where it read pl.tile.get_block_idx(), and n where it read
 *     pl.tile.get_block_num(); a dispatched kernel that reads either is
 *     called in a copy of it (`<kernel>_spmd`) that takes the index as a
 *     parameter after its own, then n where it reads that.  A
 *     predicate= guards the loop, read when the orchestration reaches it
 *     (which, in program order, is after its producers);
 *   - a pl.split_aiv(2, mode=pl.SplitMode.NONE) region runs its full body
 *     on each of the two AIV lanes: a loop over the lane index, which
 *     the body reads where it calls pl.tile.get_subblock_idx().  Modes
 *     UP_DOWN and LEFT_RIGHT give each lane half of every tile (the rows,
 *     the columns: split_lanes.c), unless the body crosses to or from the
 *     cube (pl.aiv_shard, pl.aic_gather): it is then written per lane
 *     already, as pypto has it, and ExpandMixedKernel splits it; where
 *     its only crossings are shards of tensors, which cross through
 *     global memory (ConvertTensorToBlockOps), each shard is the view of
 *     the lane's half and the region a loop over the lanes.  Such a
 *     region makes its kernel's vector side run on both AIV lanes, so
 *     every region of that kernel runs once per lane, its lane index
 *     pl.tile.get_subblock_idx() (a loop there would do both lanes' work
 *     on each); outside a pl.at, an Orchestration
 *     function's region is an InCore scope of its own.
 * InCore scopes keep their name hint and cross-core hints.  The pass runs
 * first (before ConvertToSSA). */
#include "config.h"
#include "ir/op_registry.h"
#include "ir/visit.h"
#include "passes/1_front/split_lanes.h"
#include "passes/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <string.h>

typedef VEC(const IrStmt *) StmtList;
typedef VEC(const IrFunc *) FuncList;

typedef struct Lower {
    PassCtx *pc;
    IrCtx *ir;
    const IrProgram *prog;
    PtrMap spmd_copies;      /* kernel name -> its copy that takes the block index */
    FuncList added;          /* those copies */
    PtrMap halved;           /* tile variables a pl.split_aiv region halved */
    int orchestration;       /* the function is an Orchestration function */
    int in_incore;           /* depth of InCore scopes around the statement */
    int per_lane;            /* the kernel runs on both AIV lanes: its regions run once per lane */
    int failed;
} Lower;

static void lower_list(Lower *L, const IrStmt *s, StmtList *out);

static const IrStmt *lower_body(Lower *L, const IrStmt *body)
{
    StmtList out;
    const IrStmt *r;
    vec_init(out);
    lower_list(L, body, &out);
    r = ir_seq(L->ir, STMT_SEQ, out.len, out.data, body->span);
    vec_free(out);
    return r;
}

/* --------------------------------------------------------- block index */

/* Replaces each call of an index query (pl.tile.get_block_idx(), or
 * pl.tile.get_subblock_idx() in a pl.split_aiv region) by the index. */
typedef struct BlockIdx {
    OpId query;              /* the op whose calls are replaced */
    const IrExpr *index;     /* the INDEX value */
    int found;
} BlockIdx;

static const IrExpr *block_idx_hook(IrMutator *m, const IrExpr *e)
{
    BlockIdx *b = m->data;
    if (e->kind == EXPR_CALL && op_is(callee_op(IR_AS(IrCall, e)->callee), b->query)) {
        const IrType *t = IR_AS(IrCall, e)->type;
        b->found = 1;
        return ir_expr_type(m->ctx, b->index)->dtype == t->dtype
                   ? b->index
                   : ir_unary(m->ctx, UN_CAST, (DataType)t->dtype, b->index, e->span);
    }
    return e;
}

static const IrStmt *replace_index(IrCtx *ir, OpId query, const IrStmt *s, const IrExpr *index, int *found)
{
    IrMutator m;
    BlockIdx b;
    memset(&m, 0, sizeof m);
    b.query = query;
    b.index = index;
    b.found = 0;
    m.ctx = ir;
    m.expr = block_idx_hook;
    m.data = &b;
    s = ir_mutate_stmt(&m, s);
    if (found)
        *found = b.found;
    return s;
}

static int is_block_idx(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return e->kind == EXPR_CALL && op_is(callee_op(IR_AS(IrCall, e)->callee), OP_BLOCK_GET_BLOCK_IDX);
}

static int is_block_num(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return e->kind == EXPR_CALL && op_is(callee_op(IR_AS(IrCall, e)->callee), OP_BLOCK_GET_BLOCK_NUM);
}

static int reads_block_idx(const IrFunc *f) { return ir_func_any(f, NULL, is_block_idx, NULL); }
static int reads_block_num(const IrFunc *f) { return ir_func_any(f, NULL, is_block_num, NULL); }

/* The copy of kernel f that takes the block index as its last parameter,
 * then the block count where it reads it. */
static const IrFunc *spmd_copy(Lower *L, const IrFunc *f)
{
    IrCtx *ir = L->ir;
    const IrFunc *c = ptrmap_get(&L->spmd_copies, f->name);
    IrParam *params;
    IrVar *index, *count;
    IrFunc *g;
    int num = reads_block_num(f);
    char name[256];
    if (c)
        return c;
    snprintf(name, sizeof name, "%s_spmd", f->name);
    if (ir_program_find(L->prog, ir_name(ir, name))) {
        diag_error(L->pc->diag, f->span, "pl.spmd() needs a copy of '%s' named '%s', which the program already has",
                   f->name, name);
        L->failed = 1;
        return NULL;
    }
    params = arena_array(&ir->arena, f->nparams + 2, sizeof *params);
    memcpy(params, f->params, f->nparams * sizeof *params);
    index = ir_var_new(ir, ir_name(ir, "block_idx"), ir_type_scalar(ir, DT_INDEX), f->span);
    params[f->nparams].var = index;
    params[f->nparams].dir = DIR_IN;
    count = ir_var_new(ir, ir_name(ir, "block_num"), ir_type_scalar(ir, DT_INDEX), f->span);
    params[f->nparams + 1].var = count;
    params[f->nparams + 1].dir = DIR_IN;
    g = ir_func_rebuild(ir, f, f->nparams + 1 + num, params, f->nret, f->ret_types,
                        replace_index(ir, OP_BLOCK_GET_BLOCK_NUM,
                                      replace_index(ir, OP_BLOCK_GET_BLOCK_IDX, f->body, &index->e, NULL),
                                      &count->e, NULL));
    g->name = ir_name(ir, name);
    ptrmap_put(&L->spmd_copies, f->name, g);
    vec_push(L->added, g);
    return g;
}

/* Calls of kernels that read the block index become calls of their
 * copies, with the index as the last argument. */
typedef struct Dispatch {
    Lower *L;
    const IrExpr *index, *count;
} Dispatch;

static const IrExpr *dispatch_hook(IrMutator *m, const IrExpr *e)
{
    Dispatch *d = m->data;
    const IrCall *c;
    const IrFunc *f, *g;
    const IrExpr **args;
    const IrExpr *r;
    if (e->kind != EXPR_CALL || IR_AS(IrCall, e)->callee->kind != CALLEE_GLOBAL)
        return e;
    c = IR_AS(IrCall, e);
    f = ir_program_find(d->L->prog, c->callee->name);
    if (!f || !f->body || !(reads_block_idx(f) || reads_block_num(f)) || !(g = spmd_copy(d->L, f)))
        return e;
    args = xmalloc(xmul_size((size_t)c->nargs + 2, sizeof *args));
    memcpy(args, c->args, c->nargs * sizeof *args);
    args[c->nargs] = d->index;
    args[c->nargs + 1] = d->count;
    r = ir_call(m->ctx, ir_callee_global(m->ctx, g->name), g->nparams, args, c->nkwargs, c->kwargs, c->type, e->span);
    xfree(args);
    return r;
}

/* ------------------------------------------------------------- scopes */

/* An InCore scope's attributes without the task ones (NULL if none stay). */
static const IrScopeAttrs *incore_attrs(const IrScopeAttrs *a, IrScopeAttrs *buf)
{
    if (!a || (!a->name_hint && a->split == SPLIT_UNSET && !a->slot_num))
        return NULL;
    ir_scope_attrs_init(buf);
    buf->name_hint = a->name_hint;
    buf->split = a->split;
    buf->slot_num = a->slot_num;
    return buf;
}

/* for <index> in pl.parallel(0, count): body (or pl.range). */
static const IrStmt *index_loop(Lower *L, ForKind kind, const IrVar *index, const IrExpr *count, const IrStmt *body,
                                Span at)
{
    IrCtx *ir = L->ir;
    return ir_for(ir, kind, index, ir_const_int(ir, 0, DT_INDEX, at), count, ir_const_int(ir, 1, DT_INDEX, at), 0,
                  NULL, NULL, body, at);
}

static const IrStmt *lower_spmd(Lower *L, const IrScope *sc)
{
    IrCtx *ir = L->ir;
    const IrScopeAttrs *a = sc->attrs;
    IrVar *blk = ir_var_new(ir, ir_name(ir, "block_idx"), ir_type_scalar(ir, DT_INDEX), sc->s.span);
    const IrStmt *body = lower_body(L, sc->body), *loop, *bind = NULL;
    const IrSeq *q = IR_AS(IrSeq, body);
    const IrExpr *count = a->count;
    /* A count the device gives (pl.system.available_aiv_count()) is read
     * once, before the loop, into a variable the blocks read. */
    if (count->kind == EXPR_CALL) {
        IrVar *n = ir_var_new(ir, ir_name(ir, "block_num"), ir_type_scalar(ir, DT_INDEX), sc->s.span);
        bind = ir_assign(ir, n, ir_unary(ir, UN_CAST, DT_INDEX, count, sc->s.span), sc->s.span);
        count = &n->e;
    }
    if (q->n == 1 && q->stmts[0]->kind == STMT_SCOPE && q->stmts[0]->sub == SCOPE_INCORE) {
        body = replace_index(ir, OP_BLOCK_GET_BLOCK_NUM, replace_index(ir, OP_BLOCK_GET_BLOCK_IDX, body, &blk->e, NULL),
                             count, NULL);
    } else {
        IrMutator m;
        Dispatch d;
        memset(&m, 0, sizeof m);
        d.L = L;
        d.index = &blk->e;
        d.count = count;
        m.ctx = ir;
        m.expr = dispatch_hook;
        m.data = &d;
        body = ir_mutate_stmt(&m, body);
    }
    loop = index_loop(L, FOR_PARALLEL, blk, count, body, sc->s.span);
    if (bind)
        loop = ir_seq(ir, STMT_SEQ, 2, (const IrStmt *[]){bind, loop}, sc->s.span);
    if (a->predicate)
        loop = ir_if(ir, a->predicate, loop, NULL, 0, NULL, sc->s.span);
    return loop;
}

/* A crossing of a pl.split_aiv region (pl.aiv_shard, pl.aic_gather): a
 * region that has one is written per lane already (pypto splices such a
 * body unchanged), and ExpandMixedKernel splits it. */
static int is_crossing(const IrExpr *e, const void *ctx)
{
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    (void)ctx;
    return op && (op->cls == OPCL_XCORE_SHARD || op_is(op, OP_TENSOR_AIV_SHARD) || op_is(op, OP_TENSOR_AIC_GATHER));
}

/* A pl.split_aiv region of mode UP_DOWN or LEFT_RIGHT that crosses to or
 * from the cube by the pipe (not only by shards of tensors, which are
 * views: split_lanes_shards_only): its kernel's vector side runs on both
 * AIV lanes. */
static int is_lane_crossing(const IrStmt *s, const void *ctx)
{
    const IrScopeAttrs *a;
    (void)ctx;
    if (s->kind != STMT_SCOPE || s->sub != SCOPE_SPLIT_AIV || !(a = IR_AS(IrScope, s)->attrs) ||
        a->split == SPLIT_UNSET || a->split == SPLIT_NONE)
        return 0;
    return !split_lanes_shards_only(IR_AS(IrScope, s)->body, a->split);
}

static void lower_scope_body(Lower *L, const IrScope *sc, StmtList *out);

/* A scope, then its `as tid` assigned a fresh task id: the task it
 * submits has just run. */
static void lower_scope(Lower *L, const IrScope *sc, StmtList *out)
{
    const IrVar *tid = sc->attrs ? sc->attrs->task_id : NULL;
    lower_scope_body(L, sc, out);
    if (tid)
        vec_push(*out, ir_assign(L->ir, tid,
                                 ir_call(L->ir, &op_by_id(OP_SYSTEM_TASK_NEW)->callee, 0, NULL, 0, NULL, tid->type,
                                         tid->e.span),
                                 tid->e.span));
}

static void lower_scope_body(Lower *L, const IrScope *sc, StmtList *out)
{
    IrCtx *ir = L->ir;
    const IrScopeAttrs *a = sc->attrs;
    IrScopeAttrs buf;
    switch ((ScopeKind)sc->s.sub) {
    case SCOPE_RUNTIME:
    case SCOPE_CLUSTER:
    case SCOPE_HIERARCHY:
        lower_list(L, sc->body, out);
        return;
    case SCOPE_INCORE: {
        const IrStmt *body;
        int per_lane = L->per_lane;
        L->in_incore++;
        L->per_lane = ir_stmt_any(sc->body, is_lane_crossing, NULL, NULL);
        body = lower_body(L, sc->body);
        L->per_lane = per_lane;
        L->in_incore--;
        vec_push(*out, ir_scope_attrs(ir, SCOPE_INCORE, incore_attrs(a, &buf), body, sc->s.span));
        return;
    }
    case SCOPE_SPMD:
        vec_push(*out, lower_spmd(L, sc));
        return;
    case SCOPE_SPLIT_AIV: {
        /* Each lane's body reads its lane where it asks for the sub-block
         * index; UP_DOWN and LEFT_RIGHT give it half of every tile. */
        const IrStmt *lane_body = replace_index(ir, OP_BLOCK_GET_SUBBLOCK_IDX, lower_body(L, sc->body),
                                                &a->index->e, NULL);
        int halving = a && a->split != SPLIT_UNSET && a->split != SPLIT_NONE;
        int crossing = halving && ir_stmt_any(lane_body, NULL, is_crossing, NULL);
        /* Shards of tensors only, and no lanes of the pipe in this kernel:
         * each lane's shard is a view of its half, in a loop over the
         * lanes whose body is written per lane already (no halving). */
        int views = crossing && !L->per_lane && split_lanes_shards_only(lane_body, a->split);
        if (views) {
            lane_body = split_lanes_shard_views(L->pc, lane_body, &a->index->e, a->split);
            crossing = 0;
        }
        if (halving && !crossing && !views &&
            !(lane_body = split_lanes_halve(L->pc, lane_body, &a->index->e, a->split, &L->halved))) {
            L->failed = 1;
            return;
        }
        if (crossing || L->per_lane) {
            /* Written per lane, crossing to or from the cube (or in the
             * kernel of such a region): each AIV lane runs the body once,
             * its lane the sub-block index, and the cube pushes (gathers)
             * once for both. */
            const IrExpr *idx = ir_call(ir, &op_by_id(OP_BLOCK_GET_SUBBLOCK_IDX)->callee, 0, NULL, 0, NULL,
                                        a->index->type, sc->s.span);
            const IrStmt *seq[2];
            seq[0] = ir_assign(ir, a->index, idx, sc->s.span);
            seq[1] = lane_body;
            lane_body = ir_seq(ir, STMT_SEQ, 2, seq, sc->s.span);
        } else {
            lane_body = index_loop(L, FOR_SEQUENTIAL, a->index, a->count, lane_body, sc->s.span);
        }
        /* A region an Orchestration function holds outside a pl.at is a
         * kernel of its own, as pypto's parser makes it (its
         * OutlineIncoreScopes then outlines it). */
        if (L->orchestration && !L->in_incore)
            lane_body = ir_scope(ir, SCOPE_INCORE, lane_body, sc->s.span);
        vec_push(*out, lane_body);
        return;
    }
    case SCOPE_KIND_COUNT:
        break;
    }
    ICE("scope of unknown kind");
}

/* ------------------------------------------------------------ statements */

/* The tensor a marker names (pl.dump_tag(t), pl.no_dep(t)), or e itself
 * where it is no marker: the runtime has no selective dump and runs tasks
 * in order, so the marker is t. */
static const IrExpr *dump_tag_arg(const IrExpr *e)
{
    const OpDef *op = e->kind == EXPR_CALL ? callee_op(IR_AS(IrCall, e)->callee) : NULL;
    if ((op_is(op, OP_TENSOR_DUMP_TAG) || op_is(op, OP_TENSOR_NO_DEP)) && IR_AS(IrCall, e)->nargs == 1)
        return IR_AS(IrCall, e)->args[0];
    return e;
}

static const IrExpr *marker_hook(IrMutator *m, const IrExpr *e)
{
    (void)m;
    return dump_tag_arg(e);
}

/* Is e a marker (within any expression)? */
static int is_marker(const IrExpr *e, const void *ctx)
{
    (void)ctx;
    return dump_tag_arg(e) != e;
}

/* Is s the dump marker, evaluated or assigned? */
static int marks_dump(const IrStmt *s)
{
    return (s->kind == STMT_EVAL && dump_tag_arg(IR_AS(IrEval, s)->expr) != IR_AS(IrEval, s)->expr) ||
           (s->kind == STMT_ASSIGN && dump_tag_arg(IR_AS(IrAssign, s)->value) != IR_AS(IrAssign, s)->value);
}

static void lower_stmt(Lower *L, const IrStmt *s, StmtList *out)
{
    IrCtx *ir = L->ir;
    if (marks_dump(s)) {
        if (s->kind == STMT_ASSIGN)
            vec_push(*out, ir_assign(ir, IR_AS(IrAssign, s)->var, dump_tag_arg(IR_AS(IrAssign, s)->value), s->span));
        return;
    }
    switch ((IrStmtKind)s->kind) {
    case STMT_SCOPE:
        lower_scope(L, IR_AS(IrScope, s), out);
        return;
    case STMT_IF: {
        const IrIf *f = IR_AS(IrIf, s);
        s = ir_if(ir, f->cond, lower_body(L, f->then_body), f->else_body ? lower_body(L, f->else_body) : NULL, f->nret,
                  f->ret, s->span);
        break;
    }
    case STMT_FOR: {
        const IrFor *f = IR_AS(IrFor, s);
        s = ir_for_staged(ir_for(ir, (ForKind)s->sub, f->loop_var, f->start, f->stop, f->step, f->niter, f->iter_args,
                                 f->ret, lower_body(L, f->body), s->span),
                          f->stage);
        break;
    }
    case STMT_WHILE: {
        const IrWhile *w = IR_AS(IrWhile, s);
        s = ir_while(ir, w->cond, w->niter, w->iter_args, w->ret, lower_body(L, w->body), s->span);
        break;
    }
    case STMT_SEQ:
    case STMT_OPS:
        lower_list(L, s, out);
        return;
    default:
        break;
    }
    vec_push(*out, s);
}

static void lower_list(Lower *L, const IrStmt *s, StmtList *out)
{
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        const IrSeq *q = IR_AS(IrSeq, s);
        for (uint32_t i = 0; i < q->n; i++)
            lower_stmt(L, q->stmts[i], out);
    } else {
        lower_stmt(L, s, out);
    }
}

/* Is s something this pass lowers? */
static int is_placement(const IrStmt *s, const void *ir)
{
    (void)ir;
    return (s->kind == STMT_SCOPE && (s->sub != SCOPE_INCORE || IR_AS(IrScope, s)->attrs)) || marks_dump(s);
}

static const IrFunc *lower_function(PassCtx *pc, const IrProgram *prog, const IrFunc *f, void *data)
{
    Lower *L = data;
    const IrStmt *body;
    (void)prog;
    if (!f->body)
        return f;
    if (!ir_func_any(f, is_placement, is_marker, L->ir))
        return f;
    L->failed = 0;
    ptrmap_clear(&L->halved);
    L->orchestration = f->type == FUNC_ORCHESTRATION;
    L->in_incore = 0;
    L->per_lane = !L->orchestration && ir_stmt_any(f->body, is_lane_crossing, NULL, NULL);
    body = lower_body(L, f->body);
    {   /* markers within expressions (pl.no_dep(t) as a call's argument) */
        IrMutator m;
        memset(&m, 0, sizeof m);
        m.ctx = L->ir;
        m.expr = marker_hook;
        body = ir_mutate_stmt(&m, body);
    }
    if (!L->failed && !split_lanes_check_outside(pc, body, &L->halved))
        L->failed = 1;
    if (L->failed)
        return NULL;
    return ir_func_rebuild(L->ir, f, f->nparams, f->params, f->nret, f->ret_types, body);
}

const IrProgram *pass_lower_placement(PassCtx *pc, const IrProgram *prog)
{
    Lower L;
    const IrProgram *r;
    memset(&L, 0, sizeof L);
    L.pc = pc;
    L.ir = pc->ir;
    L.prog = prog;
    ptrmap_init(&L.spmd_copies);
    ptrmap_init(&L.halved);
    vec_init(L.added);
    r = pass_map_functions_with(pc, prog, lower_function, &L, MAP_CONTINUE);
    if (r && L.added.len)
        r = pass_program_add(pc, r, L.added.len, L.added.data);
    ptrmap_free(&L.spmd_copies);
    ptrmap_free(&L.halved);
    vec_free(L.added);
    return r;
}
