/* lower_isa.c: the pto-isa layer of the kernel statement walk (see
 * lower_isa.h): what the walk decides and checks for the pto-isa lowering
 * (PTO MLIR, C++), at the points lower_flow.c calls it. */
#include "config.h"
#include "codegen/lower_isa.h"
#include "ir/visit.h"
#include "targets/arch.h"
#include "targets/legal_pipe.h"

#include <string.h>

static int isa(const LowerFlow *W) { return W->p->isa_op != NULL; }

void lower_isa_kernel(LowerFlow *W)
{
    if (!isa(W) || !W->k->f)
        return;
    /* The scalars first: a tensor's run-time row stride is one of them. */
    lower_scalar_params(W);
    lower_tensor_params(W);
}

/* ------------------------------------------------------------------ calls */

/* ---------------------------------------------------- communication */

/* x is an integer scalar the output can compute. */
static int comm_int(LowerFlow *W, const IrExpr *x)
{
    const IrType *t = ir_expr_type(W->k->ir, x);
    if (!t || t->kind != TYPE_SCALAR || !dtype_is_int((DataType)t->dtype)) {
        lower_flow_error(W, lower_span_of(W->k->stmt_span, x), "a rank, a signal value and a cell offset are integers");
        return -1;
    }
    return lower_scalar_expr(W, x, -1, 0);
}

/* Tensor x (parameter T) is a window whose context the kernel has. */
static int remote_tensor(LowerFlow *W, const IrExpr *x, const LowerTensor *T)
{
    if (T->ctx)
        return 0;
    lower_flow_error(W, lower_span_of(W->k->stmt_span, x),
                     "'%s' is not a window-bound tensor (pld.DistributedTensor) with a communication context",
                     T->param->name);
    return -1;
}

/* A push, pop or free uses a pipe its kernel sets up, whose slots hold
 * the tile (targets/legal_pipe.c, which Legalize reports). */
static int pipe_set_up(LowerFlow *W, const IrCall *c, const OpDef *op, const IrType *tile)
{
    char msg[512];
    if (legal_pipe_set_up(W->k->o->arch, W->k->f, W->k->f->body, c, op, tile, msg, sizeof msg) == 0)
        return 1;
    lower_flow_error(W, c->e.span, "%s", msg);
    return 0;
}

/* The flat offset of the element at position idx (one index per
 * dimension) of tensor parameter t, stored row-major (the dimensions as
 * the kernel knows them: constants or its dimension parameters), as one
 * index expression: ((i0 * d1 + i1) * d2 + i2) ...; NULL when idx is not
 * a list of t's rank. */
static const IrExpr *flat_offset(IrCtx *ir, const IrType *t, const IrExpr *idx)
{
    const IrMakeTuple *m = idx->kind == EXPR_MAKE_TUPLE ? IR_AS(IrMakeTuple, idx) : NULL;
    const IrExpr *flat;
    if (!m || m->n != t->n || !t->n)
        return NULL;
    flat = m->elems[0];
    for (uint32_t d = 1; d < t->n; d++) {
        const IrExpr *ext = t->dims[d], *i = m->elems[d];
        int64_t f, e, x;
        if (ir_dim_value(flat, &f) && ir_dim_value(ext, &e) && ir_dim_value(i, &x)) {
            flat = ir_const_int(ir, f * e + x, DT_INDEX, idx->span);
            continue;
        }
        if (ir_dim_value(flat, &f) && f == 0) {
            flat = i;   /* a leading index 0: this dimension's index alone */
            continue;
        }
        flat = ir_binary(ir, BIN_ADD, DT_INDEX, ir_binary(ir, BIN_MUL, DT_INDEX, flat, ext, idx->span), i, idx->span);
    }
    return flat;
}

/* block.gm_read, block.gm_write: the tensor a parameter's (the
 * conversion addresses the buffer's root), the offset and the value
 * scalars the output can write. */
static int lower_gm_scalar(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    LowerComm lc;
    int store = op->id == OP_BLOCK_GM_WRITE, rc = 0;
    memset(&lc, 0, sizeof lc);
    lc.what = store ? COMM_STORE_SCALAR : COMM_LOAD_SCALAR;
    if (!(lc.tensor = lower_tensor_use(W, c->args[0]))) {
        if (dest && !store)
            lower_scalar_poison(W, dest);
        return 1;
    }
    char msg[320];
    if (legal_element_access(lc.tensor->param->type, lc.tensor->param->name, msg, sizeof msg) != 0) {
        lower_flow_error(W, c->e.span, "%s", msg);
        rc = -1;
    } else if (!(lc.flat = flat_offset(W->k->ir, lc.tensor->param->type, c->args[1]))) {
        lower_flow_error(W, c->e.span, "an element of '%s' needs a literal list of %u indices", lc.tensor->param->name,
                         lc.tensor->param->type->n);
        rc = -1;
    } else {
        rc |= lower_scalar_expr(W, lc.flat, DT_INDEX, 0);
    }
    if (store)
        rc |= lower_scalar_expr(W, lc.value = c->args[2], lc.tensor->param->type->dtype, 1);
    if (rc != 0) {
        if (dest && !store)
            lower_scalar_poison(W, dest);
        return 1;
    }
    W->p->comm(W, dest, c, op, &lc);
    if (dest && store)
        lower_tensor_define(W, dest, lc.tensor);   /* the same buffer, one element written */
    else if (dest)
        lower_scalar_define(W, dest);
    return 1;
}

int lower_isa_array(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    LowerComm lc;
    const IrType *at;
    char buf[64];
    int rc = 0;
    if (!isa(W))
        return 0;
    memset(&lc, 0, sizeof lc);
    if (op->id == OP_ARRAY_CREATE) {
        if (!dest)
            return 1;   /* an array nothing uses */
        if (dest->type->dtype == DT_TASK_ID) {
            lower_flow_error(W, c->e.span, "'%s' of pl.TASK_ID is orchestration code (the task graph's ids); a kernel "
                                           "has no task ids",
                             op_printed_name(op, buf, sizeof buf));
            lower_tensor_poison(W, dest);
            return 1;
        }
        lc.what = COMM_ARRAY_CREATE;
        lc.tensor = arena_zalloc(&W->k->arena, sizeof *lc.tensor);
        lc.tensor->param = dest;
        W->p->comm(W, dest, c, op, &lc);
        lower_tensor_define(W, dest, lc.tensor);
        return 1;
    }
    if (!(lc.tensor = lower_tensor_use(W, c->args[0]))) {
        if (dest)
            lower_isa_poison(W, dest, dest->type->kind == TYPE_SCALAR ? LOWER_SCALAR : LOWER_TENSOR);
        return 1;
    }
    at = lc.tensor->param->type;
    lc.flat = c->args[1];
    rc |= lower_scalar_expr(W, lc.flat, DT_INDEX, 0);
    if (op->id == OP_ARRAY_GET_ELEMENT) {
        lc.what = COMM_ARRAY_GET;
        if (!dest)
            return 1;
        if (rc != 0) {
            lower_scalar_poison(W, dest);
            return 1;
        }
        W->p->comm(W, dest, c, op, &lc);
        lower_scalar_define(W, dest);
        return 1;
    }
    lc.what = COMM_ARRAY_SET;
    rc |= lower_scalar_expr(W, lc.value = c->args[2], at->dtype, 0);
    if (rc == 0)
        W->p->comm(W, dest, c, op, &lc);
    if (dest)
        lower_tensor_define(W, dest, lc.tensor);   /* the same array, one element set */
    return 1;
}

int lower_isa_comm(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    LowerComm lc;
    int rc = 0;
    char msg[512];
    if (!isa(W))
        return 0;
    memset(&lc, 0, sizeof lc);
    /* the rules Legalize reports (targets/legal_pipe.c), again for pass lists without it */
    if (legal_pipe_side(op, W->k->f, msg, sizeof msg) != 0 ||
        legal_pipe_split(c, op, W->p->spelling == OUT_CPP ? ISA_CPP : ISA_PTO, msg, sizeof msg) != 0) {
        lower_flow_error(W, c->e.span, "%s", msg);
        return 1;
    }
    if (op->cls == OPCL_GM_GETVAL || op->cls == OPCL_GM_SETVAL)
        return lower_gm_scalar(W, dest, c, op);
    switch (op->id) {
    case OP_PLD_SYSTEM_RANK:
    case OP_PLD_SYSTEM_NRANKS:
        if (!dest)
            return 1;
        lc.what = op->id == OP_PLD_SYSTEM_RANK ? COMM_RANK : COMM_NRANKS;
        lc.ctx = c->args[0];
        if (comm_int(W, lc.ctx) != 0 || lower_scalar_block_idx(W, dest, c, op) != 0) {
            lower_scalar_poison(W, dest);
            return 1;
        }
        W->p->comm(W, dest, c, op, &lc);
        lower_scalar_define(W, dest);
        return 1;
    case OP_PLD_SYSTEM_NOTIFY:
    case OP_PLD_SYSTEM_WAIT: {
        int notify = op->id == OP_PLD_SYSTEM_NOTIFY;
        const IrExpr *offs = c->args[notify ? 2 : 1];
        const IrKwarg *kw = ir_call_kwarg(c, notify ? "op" : "cmp");
        lc.what = notify ? COMM_NOTIFY : COMM_WAIT;
        lc.mode = (uint8_t)(kw ? COMM_ENUM_VALUE(kw->v.i) : 0);
        lc.peer = notify ? c->args[1] : NULL;
        lc.value = c->args[notify ? 3 : 2];
        if (!(lc.tensor = lower_tensor_use(W, c->args[0])) || remote_tensor(W, c->args[0], lc.tensor) != 0)
            return 1;
        if (offs->kind != EXPR_MAKE_TUPLE || IR_AS(IrMakeTuple, offs)->n != lc.tensor->param->type->n) {
            lower_flow_error(W, c->e.span, "the signal's cell needs a literal list of %u offsets",
                             lc.tensor->param->type->n);
            return 1;
        }
        lc.offsets = IR_AS(IrMakeTuple, offs);
        for (uint32_t d = 0; d < lc.offsets->n; d++)
            rc |= comm_int(W, lc.offsets->elems[d]);
        rc |= comm_int(W, lc.value);
        if (lc.peer)
            rc |= comm_int(W, lc.peer);
        if (rc == 0)
            W->p->comm(W, dest, c, op, &lc);
        return 1;
    }
    case OP_PREFETCH_MAKE_CONTEXT:
    case OP_PREFETCH_SESSION:
        if (!dest)
            return 1;   /* a handle nothing uses */
        lc.what = op->id == OP_PREFETCH_MAKE_CONTEXT ? COMM_PREFETCH_CONTEXT : COMM_PREFETCH_SESSION;
        lc.ctx = c->nargs ? c->args[0] : NULL;
        W->p->comm(W, dest, c, op, &lc);
        return 1;
    case OP_PREFETCH_ASYNC_PREFETCH:
        lc.what = COMM_PREFETCH;
        lc.ctx = c->args[1];
        if ((lc.tensor = lower_tensor_use(W, c->args[0])))
            W->p->comm(W, dest, c, op, &lc);
        return 1;
    case OP_PREFETCH_WAIT:
        lc.what = COMM_PREFETCH_WAIT;
        lc.ctx = c->args[0];
        lc.session = c->args[1];
        W->p->comm(W, dest, c, op, &lc);
        if (dest)
            lower_scalar_define(W, dest);   /* BOOL: done */
        return 1;
    case OP_SYSTEM_SYNCALL_SOFT: {
        /* pto.syncall / SYNCALL<Soft> on the whole workspace, of a static
         * shape (its view) */
        const IrKwarg *ct = ir_call_kwarg(c, "core_type");
        lc.what = COMM_SYNCALL_SOFT;
        lc.core_type = ct && ct->kind == KW_STRING ? ct->v.s : "aiv_only";
        lc.value = c->args[1];
        if (!(lc.tensor = lower_tensor_use(W, c->args[0])))
            return 1;
        if (legal_syncall_workspace(lc.tensor->param->type, lc.tensor->param->name, lc.sizes, msg, sizeof msg) != 0) {
            lower_flow_error(W, c->e.span, "%s", msg);
            return 1;
        }
        if (comm_int(W, lc.value) == 0)
            W->p->comm(W, dest, c, op, &lc);
        return 1;
    }
    case OP_SYSTEM_RESERVE_BUFFER:
    case OP_SYSTEM_IMPORT_PEER_BUFFER:
        lc.what = op->id == OP_SYSTEM_RESERVE_BUFFER ? COMM_PIPE_RESERVE : COMM_PIPE_IMPORT;
        W->p->comm(W, dest, c, op, &lc);
        if (dest)
            lower_scalar_define(W, dest);
        return 1;
    case OP_SYSTEM_AIC_INITIALIZE_PIPE:
    case OP_SYSTEM_AIV_INITIALIZE_PIPE:
        lc.what = COMM_PIPE_INIT;
        for (uint32_t i = 0; i < 2; i++)
            rc |= lower_scalar_expr(W, lc.bufs[i] = c->args[i], -1, 0);
        if (rc == 0)
            W->p->comm(W, dest, c, op, &lc);
        return 1;
    case OP_BLOCK_TPUSH_TO_AIC:
    case OP_BLOCK_TPUSH_TO_AIV:
    case OP_SYSTEM_TFREE_TO_AIC:
    case OP_SYSTEM_TFREE_TO_AIV:
        lc.what = op->cls == OPCL_XCORE_PUSH ? COMM_PIPE_PUSH : COMM_PIPE_FREE;
        if (!(lc.tile = lower_tile_use(W, c->args[0])) ||
            !pipe_set_up(W, c, op, op->cls == OPCL_XCORE_PUSH ? ir_expr_type(W->k->ir, c->args[0]) : NULL))
            return 1;
        if (lc.what == COMM_PIPE_PUSH && legal_pipe_push_space(op, lc.tile->var, msg, sizeof msg) != 0) {
            lower_flow_error(W, c->e.span, "%s", msg);
            return 1;
        }
        W->p->comm(W, dest, c, op, &lc);
        return 1;
    case OP_BLOCK_TPOP_FROM_AIC:
    case OP_BLOCK_TPOP_FROM_AIV:
        lc.what = COMM_PIPE_POP;
        if (!pipe_set_up(W, c, op, c->type))
            return 1;
        if (legal_pipe_pop_result(dest, msg, sizeof msg) != 0)
            lower_flow_error(W, c->e.span, "%s", msg);
        else if ((lc.tile = lower_tile_popped(W, dest, c->e.span))) {
            lc.tile->popped_by = c;
            W->p->comm(W, dest, c, op, &lc);
        }
        return 1;
    default:
        return 0;   /* the walk says it has no lowering here */
    }
}

/* Checked once, then spelled; a load whose result is unused has no
 * effect. */
int lower_isa_transfer(LowerFlow *W, const IrVar *dest, const IrCall *c, IsaForm how)
{
    LowerTransfer t;
    Span at;
    char msg[320];
    int into_tile = how == FORM_LOAD || how == FORM_MGATHER || how == FORM_GATHER_ROW;   /* its result is a tile */
    if (!isa(W))
        return 0;
    if (into_tile && !dest)
        return 1;
    if (lower_transfer_classify(W->k->ir, W->p->spelling, dest, c, how, &t, &at, msg, sizeof msg) != 0)
        W->p->error(W, at, msg);
    else if (t.index && !(t.index_tile = lower_tile_use(W, t.index)))
        return 1;
    else if (how == FORM_GATHER_ROW ? !(t.tile = lower_tile_def_in_place(W, dest, c, callee_op(c->callee), "dst", c->e.span, NULL))
             : !(t.tile = into_tile ? lower_tile_def(W, dest, 0, NULL, c->e.span) : lower_tile_use(W, c->args[0])))
        return 1;
    else if (lower_scalar_offsets(W, &t) != 0) {
        if (into_tile)
            ptrmap_put(&W->tiles, dest, &W->poison_tile);   /* not loaded: its uses say nothing more */
    } else if ((t.tensor = lower_tensor_use(W, c->args[t.tensor_arg])) &&
               (!t.peer || remote_tensor(W, c->args[t.tensor_arg], t.tensor) == 0) &&
               (!t.peer || comm_int(W, t.peer) == 0)) {
        W->p->transfer(W, dest, c, how, &t);
        if (!into_tile && dest)
            lower_tensor_define(W, dest, t.tensor);   /* a store's result is the tensor it wrote */
    }
    return 1;
}

/* Classified and checked once, then spelled. */
int lower_isa_op(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op, const Lowering *lw)
{
    LowerOp lo;
    LowerOpTiles b;
    Span at;
    char msg[320];
    int scalar = lw->how == FORM_GETVAL;   /* its result is a scalar */
    if (!isa(W))
        return 0;
    int ok = 0;
    if (lower_op_classify(W->k->ir, W->k->o->arch, W->p->spelling, dest, c, op, lw, &lo, &at, msg, sizeof msg) != 0) {
        W->p->error(W, at, msg);
    } else if (lower_tile_op(W, dest, c, op, &lo, &b) == 0) {
        if ((ok = lower_scalar_op(W, c, &lo, &b) == 0))
            W->p->isa_op(W, dest, c, op, &lo, &b);
        else if (!scalar && dest)
            ptrmap_put(&W->tiles, dest, &W->poison_tile);   /* not written: its uses say nothing more */
    }
    if (scalar && ok)
        lower_scalar_define(W, dest);
    else if (scalar)
        lower_scalar_poison(W, dest);
    return 1;
}

/* The result's type checked first (lower_scalar.c). */
int lower_isa_block_idx(LowerFlow *W, const IrVar *dest, const IrCall *c, const OpDef *op)
{
    if (!isa(W))
        return 0;
    if (lower_scalar_block_idx(W, dest, c, op) == 0) {
        W->p->block_idx(W, dest, c, op);
        lower_scalar_define(W, dest);
    }
    return 1;
}

/* ------------------------------------------------------------ assignments */

/* Checked first (lower_scalar.c). */
int lower_isa_scalar_def(LowerFlow *W, const IrAssign *a)
{
    if (!isa(W))
        return 0;
    if (lower_scalar_def(W, a) == 0) {
        W->p->scalar_def(W, a);
        lower_scalar_define(W, a->var);
    }
    return 1;
}

/* A tensor's copy derives from its parameter (the client does not see
 * it); a tile's names its buffer, then the client's copy. */
int lower_isa_copy(LowerFlow *W, const IrAssign *a, LowerValueKind k)
{
    if (!isa(W))
        return 0;
    if (k == LOWER_TENSOR) {
        lower_tensor_copy(W, a);
        return 1;
    }
    return k == LOWER_TILE && lower_tile_copy(W, a) != 0;
}

/* A scalar element is checked in its own type. */
int lower_isa_tuple_scalar(LowerFlow *W, const IrExpr *x) { return isa(W) && lower_scalar_expr(W, x, -1, 0) != 0; }

void lower_isa_tuple_make(LowerFlow *W, LowerTuple *t)
{
    if (!isa(W))
        return;
    lower_tile_tuple_make(W, t);
    lower_tensor_tuple_make(W, t);
}

/* A scalar element that failed its check says nothing more. */
int lower_isa_tuple_get(LowerFlow *W, const IrAssign *a, const LowerTuple *t, uint32_t index)
{
    if (!isa(W))
        return 0;
    if (a->var->type->kind == TYPE_SCALAR) {
        if (t->kind[index] != LOWER_SCALAR)
            lower_scalar_poison(W, a->var);
        else if (lower_scalar_var(W, a->var, NULL) == 0) {
            W->p->tuple_get(W, a, t, index);
            lower_scalar_define(W, a->var);
        }
        return 1;
    }
    lower_tile_tuple_get(W, a->var, t, index);
    lower_tensor_tuple_get(W, a->var, t, index);
    return 0;
}

int lower_isa_poison(LowerFlow *W, const IrVar *v, LowerValueKind k)
{
    if (!isa(W))
        return 0;
    lower_tile_poison(W, v);
    lower_tensor_poison(W, v);
    if (k == LOWER_SCALAR && !lower_scalar_defined(W, v))
        lower_scalar_poison(W, v);
    return k == LOWER_TENSOR;
}

/* ----------------------------------------------------------- control flow */

void lower_isa_loop_head(LowerFlow *W, LowerRegion *R)
{
    if (isa(W) && R->stmt->kind == STMT_FOR)
        R->head_failed = lower_scalar_for_head(W, IR_AS(IrFor, R->stmt)) != 0;
}

/* A scalar position: its result (and iter_arg) has a scalar type and its
 * initial value passes; else the iter_arg and the result are poisoned. */
static int scalar_carry(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    const IrVar *r = R->ret[k], *a = &R->iter_args[k]->v;
    const IrExpr *init = R->iter_args[k]->init;
    if (lower_scalar_var(W, r, init) == 0 && (a->type->dtype == r->type->dtype || lower_scalar_var(W, a, init) == 0) &&
        lower_scalar_expr(W, init, r->type->dtype, 0) == 0)
        return 1;
    R->bad[k] = 1;
    lower_scalar_poison(W, &R->iter_args[k]->v);
    lower_scalar_poison(W, r);
    return 0;
}

int lower_isa_carry(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    if (!isa(W))
        return 0;
    switch ((LowerValueKind)R->kind[k]) {
    case LOWER_TILE:
        return lower_tile_carry_init(W, R, k) ? 0 : -1;
    case LOWER_SCALAR:
        return scalar_carry(W, R, k) ? 0 : -1;
    case LOWER_TENSOR:
        return lower_tensor_carry_init(W, R, k) ? 1 : -1;
    default:
        return 0;
    }
}

/* The loop variable and the scalar iter_args have values; a while's
 * condition is checked. */
void lower_isa_loop_body(LowerFlow *W, LowerRegion *R)
{
    const IrStmt *s = R->stmt;
    if (!isa(W))
        return;
    for (uint32_t k = 0; k < R->n; k++)
        if (R->kind[k] == LOWER_SCALAR && !R->bad[k])
            lower_scalar_define(W, &R->iter_args[k]->v);
    if (s->kind == STMT_FOR) {
        const IrVar *i = IR_AS(IrFor, s)->loop_var;
        /* A loop variable that is not INT64 was reported. */
        if (i->type->kind == TYPE_SCALAR && i->type->dtype == DT_INT64)
            lower_scalar_define(W, i);
        else
            lower_scalar_poison(W, i);
    } else {
        R->head_failed = lower_scalar_expr(W, IR_AS(IrWhile, s)->cond, DT_BOOL, 0) != 0;
    }
}

void lower_isa_if_head(LowerFlow *W, LowerRegion *R, const IrExpr *cond)
{
    if (isa(W))
        R->head_failed = lower_scalar_expr(W, cond, DT_BOOL, 0) != 0;
}

int lower_isa_if_result(LowerFlow *W, LowerRegion *R, uint32_t k)
{
    if (!isa(W))
        return 0;
    if (R->kind[k] == LOWER_TILE)
        return !lower_tile_if_result(W, R, k);
    if (R->kind[k] == LOWER_SCALAR && lower_scalar_var(W, R->ret[k], NULL) != 0) {
        R->bad[k] = 1;
        return 1;
    }
    return 0;
}

/* The copies among a body's statements, last first: a copy of a variable
 * defined into a carried buffer names that buffer, so the variable it
 * copies is defined there too (`m = n` yielded: n is written there). */
static void preset_copies(LowerFlow *W, const IrStmt *s)
{
    if (s->kind == STMT_SEQ || s->kind == STMT_OPS) {
        for (uint32_t i = IR_AS(IrSeq, s)->n; i-- > 0;)
            preset_copies(W, IR_AS(IrSeq, s)->stmts[i]);
    } else if (s->kind == STMT_ASSIGN && IR_AS(IrAssign, s)->value->kind == EXPR_VAR) {
        lower_tile_preset_copy(W, IR_AS(IrAssign, s));
    }
}

/* Each variable a body yields at a tile position is, if it is not
 * defined yet, defined directly into the carried buffer (lower_tile.c),
 * and so is a variable of the body it is a copy of. */
void lower_isa_preset(LowerFlow *W, LowerRegion *R, const IrStmt *body)
{
    const IrValues *y = isa(W) && body ? ir_body_yield(body) : NULL;
    if (!y)
        return;
    for (uint32_t k = 0; k < y->n && k < R->n; k++)
        if (R->kind[k] == LOWER_TILE && y->values[k]->kind == EXPR_VAR)
            lower_tile_preset(W, R, k, IR_AS(IrVar, y->values[k]));
    preset_copies(W, body);
}

/* Tile and tensor positions are the layer's; a scalar position that
 * failed says nothing more, and a failed value is not handed over. */
int lower_isa_yield(LowerFlow *W, LowerRegion *R, uint32_t k, const IrExpr *x)
{
    if (!isa(W))
        return 0;
    switch ((LowerValueKind)R->kind[k]) {
    case LOWER_TILE:
        lower_tile_yield(W, R, k, x);
        return 1;
    case LOWER_TENSOR:
        lower_tensor_yield(W, R, k, x);
        return 1;
    case LOWER_SCALAR:
        return R->bad[k] || lower_scalar_expr(W, x, R->ret[k]->type->dtype, 0) != 0;
    default:
        return 0;
    }
}

/* The scalar results have values; an if's tensor results derive from
 * what its branches yield (a loop's were bound with its iter_args). */
void lower_isa_results(LowerFlow *W, const LowerRegion *R)
{
    if (!isa(W))
        return;
    for (uint32_t k = 0; k < R->n; k++)
        if (R->kind[k] == LOWER_SCALAR && !R->bad[k])
            lower_scalar_define(W, R->ret[k]);
    if (R->stmt->kind == STMT_IF)
        lower_tensor_if_results(W, R);
}
