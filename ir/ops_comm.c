/* ops_comm.c: the deductions of the distributed layer's ops (pld.*; pypto
 * docs/en/dev/distributed_ops.md and docs/en/user/distributed/02-primitives.md):
 *
 *   pld.system.world_size()                          -> Scalar[INT64]
 *   pld.system.get_comm_ctx(dist_tensor)             -> pld.CommCtxType
 *   pld.system.rank(ctx), nranks(ctx)                -> Scalar[INT32]
 *   pld.system.notify(target, peer, offsets, value, op=)   (no value)
 *   pld.system.wait(signal, offsets, expected, cmp=)        (no value)
 *   pld.tensor.alloc_window_buffer(size | shape[, dtype=]) -> pl.Ptr
 *   pld.tensor.window(buf, shape, dtype=)            -> pld.DistributedTensor
 *   pld.tile.remote_load(target, peer, offsets, shape)    -> Tile (Vec)
 *   pld.tile.remote_store(src_tile, target, peer, offsets, atomic=)
 *   pld.tensor.remote_store(src, target, peer, offsets, atomic=)
 *   pld.system.defer_wait(signal, offsets, expected, cmp=Ge)
 *   pld.tensor.allreduce(src, signal, op=, mode=, core_num=) -> src's type
 *   pld.tensor.barrier(signal)                       -> signal's type
 *
 * A window-bound tensor (pld.DistributedTensor) is a tensor whose type has
 * IR_TYPE_WINDOW; the signal ops take INT32 ones, as TNOTIFY and TWAIT do.
 * The ops themselves are rows of ir/ops.def. */
#include "config.h"
#include "ir/ops_internal.h"

#include <string.h>

/* Argument i as a window-bound tensor, or NULL with an error. */
static const IrType *need_window(DeduceCtx *dc, uint32_t i)
{
    const IrType *t = op_arg_type(dc, i);
    char buf[160];
    if (ir_type_is_window(t))
        return t;
    op_fail(dc, (int)i, "%s argument must be a pld.DistributedTensor (a window of pld.alloc_window_buffer), got %s",
            op_ordinal(i), type_to_string(dc->ir, t, buf, sizeof buf));
    return NULL;
}

/* Argument i as an integer scalar (a rank, a signal value). */
static int need_int_scalar(DeduceCtx *dc, uint32_t i)
{
    const IrType *t = op_need_scalar(dc, i);
    return t && op_need_int_dtype(dc, i, t);
}

/* Argument i, offsets into window t: one per dimension. */
static int window_offsets(DeduceCtx *dc, uint32_t i, const IrType *t)
{
    uint32_t n;
    const IrExpr *const *el;
    if (!op_tuple_arg(dc, i, "offsets", 0, &n, &el))
        return 0;
    if (n != t->n) {
        op_fail(dc, (int)i, "offsets must have one entry per dimension of the window (%u), got %u", t->n, n);
        return 0;
    }
    return 1;
}

/* The signal ops' window: INT32 cells. */
static const IrType *need_signal(DeduceCtx *dc, uint32_t i)
{
    const IrType *t = need_window(dc, i);
    char buf[32];
    if (t && t->dtype != DT_INT32)
        return op_fail(dc, (int)i, "a signal window holds pl.INT32 cells, got %s",
                       op_dtype_str((DataType)t->dtype, buf, sizeof buf));
    return t;
}

/* A comm-enum kwarg of group g: its member, or -1 after an error. */
static int comm_kwarg(DeduceCtx *dc, const char *name, CommEnum g)
{
    const IrKwarg *kw = deduce_kwarg(dc, name);
    int64_t v;
    if (kw && kw->kind == KW_COMM_ENUM && COMM_ENUM_GROUP(kw->v.i) == g)
        v = COMM_ENUM_VALUE(kw->v.i);
    else if (kw && kw->kind == KW_INT)
        v = kw->v.i;
    else if (!kw && op_kwarg_int(dc, name, &v) == 1)
        ;
    else {
        op_fail(dc, -1, "%s= must be a member of pld.%s", name, comm_enum_name(g));
        return -1;
    }
    if (!comm_enum_member(g, (int)v)) {
        op_fail(dc, -1, "%s= must be a member of pld.%s, got %lld", name, comm_enum_name(g), (long long)v);
        return -1;
    }
    return (int)v;
}

const IrType *deduce_world_size(DeduceCtx *dc) { return ir_type_scalar(dc->ir, DT_INT64); }

const IrType *deduce_get_comm_ctx(DeduceCtx *dc) { return need_window(dc, 0) ? ir_type_comm_ctx(dc->ir) : NULL; }

const IrType *deduce_rank(DeduceCtx *dc)
{
    const IrType *t = op_arg_type(dc, 0);
    char buf[160];
    if (t->kind != TYPE_COMM_CTX)
        return op_fail(dc, 0, "first argument must be a communication context (pld.get_comm_ctx(window)), got %s",
                       type_to_string(dc->ir, t, buf, sizeof buf));
    return ir_type_scalar(dc->ir, DT_INT32);
}

const IrType *deduce_notify(DeduceCtx *dc)
{
    const IrType *t = need_signal(dc, 0);
    if (!t || !need_int_scalar(dc, 1) || !window_offsets(dc, 2, t) || !need_int_scalar(dc, 3) ||
        comm_kwarg(dc, "op", CE_NOTIFY_OP) < 0)
        return NULL;
    return ir_type_unknown(dc->ir);
}

const IrType *deduce_wait(DeduceCtx *dc)
{
    const IrType *t = need_signal(dc, 0);
    if (!t || !window_offsets(dc, 1, t) || !need_int_scalar(dc, 2) || comm_kwarg(dc, "cmp", CE_WAIT_CMP) < 0)
        return NULL;
    return ir_type_unknown(dc->ir);
}

/* size in bytes (an integer scalar), or a shape with dtype= (the
 * convenience overload: prod(shape) * dtype bytes). */
const IrType *deduce_alloc_window_buffer(DeduceCtx *dc)
{
    const IrType *t = op_arg_type(dc, 0);
    const IrKwarg *dt = deduce_kwarg(dc, "dtype");
    int64_t v;
    if (t->kind == TYPE_TUPLE) {
        uint32_t n;
        const IrExpr *const *el;
        if (!op_tuple_arg(dc, 0, "shape", 0, &n, &el))
            return NULL;
        if (!dt)
            return op_fail(dc, -1, "a window buffer of a shape needs dtype=: pld.alloc_window_buffer([1, 64], dtype=pl.FP32)");
        for (uint32_t i = 0; i < n; i++)
            if (ir_dim_value(el[i], &v) && v < 1)
                return op_fail(dc, 0, "the dimensions of a window buffer must be positive, got %lld", (long long)v);
        return ir_type_ptr(dc->ir);
    }
    if (dt)
        return op_fail(dc, -1, "dtype= goes with a shape; a size is in bytes");
    if (!need_int_scalar(dc, 0))
        return NULL;
    if (ir_dim_value(dc->args[0], &v) && v < 1)
        return op_fail(dc, 0, "the size of a window buffer must be positive, got %lld bytes", (long long)v);
    return ir_type_ptr(dc->ir);
}

const IrType *deduce_window(DeduceCtx *dc)
{
    const IrType *t = op_arg_type(dc, 0);
    const IrExpr *const *el;
    uint32_t n;
    int64_t dt, v;
    char buf[160];
    if (t->kind != TYPE_PTR)
        return op_fail(dc, 0, "first argument must be a window buffer (pld.alloc_window_buffer), got %s",
                       type_to_string(dc->ir, t, buf, sizeof buf));
    if (!op_tuple_arg(dc, 1, "shape", 0, &n, &el) || op_kwarg_int(dc, "dtype", &dt) != 1)
        return NULL;
    if (n == 0)
        return op_fail(dc, 1, "a window needs at least one dimension");
    for (uint32_t i = 0; i < n; i++)
        if (ir_dim_value(el[i], &v) && v < 1)
            return op_fail(dc, 1, "the dimensions of a window must be positive, got %lld", (long long)v);
    return ir_type_window(dc->ir, op_make_tensor(dc, (DataType)dt, n, el), 1);
}

const IrType *deduce_remote_load(DeduceCtx *dc)
{
    const IrType *t = need_window(dc, 0);
    const IrExpr *const *shape;
    uint32_t n;
    if (!t || !need_int_scalar(dc, 1) || !window_offsets(dc, 2, t) || !op_tuple_arg(dc, 3, "shape", 0, &n, &shape))
        return NULL;
    if (n != t->n)
        return op_fail(dc, 3, "shape must have one entry per dimension of the window (%u), got %u", t->n, n);
    return op_make_tile(dc, (DataType)t->dtype, n, shape, NULL);
}

/* pld.tile.remote_store takes a tile, pld.tensor.remote_store a tensor
 * (distributed_ops.md: one op at two levels); each names the other. */
const IrType *deduce_remote_store(DeduceCtx *dc)
{
    int tile = op_is(dc->op, OP_PLD_TILE_REMOTE_STORE);
    const IrType *src = op_arg_type(dc, 0), *t;
    char a[32], b[32];
    int atomic;
    if (src->kind != (tile ? TYPE_TILE : TYPE_TENSOR)) {
        char buf[160];
        return op_fail(dc, 0, "first argument must be a %s, got %s (pld.%s.remote_store takes a %s)",
                       tile ? "Tile" : "Tensor", type_to_string(dc->ir, src, buf, sizeof buf),
                       tile ? "tensor" : "tile", tile ? "tensor" : "tile");
    }
    if (!(t = need_window(dc, 1)) || !need_int_scalar(dc, 2) || !window_offsets(dc, 3, t) ||
        (atomic = comm_kwarg(dc, "atomic", CE_ATOMIC_TYPE)) < 0)
        return NULL;
    if (src->dtype != t->dtype)
        return op_fail(dc, -1, "the tile is %s but the window is %s", op_dtype_str((DataType)src->dtype, a, sizeof a),
                       op_dtype_str((DataType)t->dtype, b, sizeof b));
    (void)atomic;
    return ir_type_unknown(dc->ir);
}

/* The deferred wait takes cmp=Ge only (02-primitives.md "Deferred-wait
 * contract"). */
const IrType *deduce_defer_wait(DeduceCtx *dc)
{
    const IrType *t = need_signal(dc, 0);
    int cmp;
    if (!t || !window_offsets(dc, 1, t) || !need_int_scalar(dc, 2) || (cmp = comm_kwarg(dc, "cmp", CE_WAIT_CMP)) < 0)
        return NULL;
    if (cmp != WAIT_GE)
        return op_fail(dc, -1, "a deferred wait compares with pld.WaitCmp.Ge only");
    return ir_type_unknown(dc->ir);
}

/* allreduce(src, signal, op=, mode=, core_num=) -> src's type. */
const IrType *deduce_allreduce(DeduceCtx *dc)
{
    const IrType *src = need_window(dc, 0);
    const IrKwarg *mode = deduce_kwarg(dc, "mode");
    int64_t cores;
    if (!src || !need_signal(dc, 1) || comm_kwarg(dc, "op", CE_REDUCE_OP) < 0)
        return NULL;
    if (mode && mode->kind == KW_STRING && strcmp(mode->v.s, "mesh") != 0 && strcmp(mode->v.s, "ring") != 0)
        return op_fail(dc, -1, "mode= is \"mesh\" or \"ring\", got \"%s\"", mode->v.s);
    if (op_kwarg_int(dc, "core_num", &cores) == 1 && cores < 1)
        return op_fail(dc, -1, "core_num= must be at least 1, got %lld", (long long)cores);
    return src;
}

/* barrier(signal) -> the signal window. */
const IrType *deduce_barrier_signal(DeduceCtx *dc) { return need_signal(dc, 0); }
