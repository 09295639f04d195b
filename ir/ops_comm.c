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
 *   pld.tile.remote_load(target, peer, offsets, shape[, valid_shape]) -> Tile (Vec)
 *   pld.tile.remote_store(src_tile, target, peer, offsets, atomic=)
 *   pld.tensor.remote_store(src, target, peer, offsets, atomic=)
 *   pld.system.defer_wait(signal, offsets, expected, cmp=Ge)
 *   pld.tensor.allreduce(src, signal, op=, mode=, core_num=) -> src's type
 *   pld.tensor.barrier(signal)                       -> signal's type
 *   pld.tensor.put(dst, peer, src[, dst_offsets, src_offsets, shape],
 *                  atomic=, chunk_rows=, chunk_cols=, pipeline=)
 *   pld.tensor.get(dst, peer, src[, dst_offsets, src_offsets, shape],
 *                  chunk_rows=, chunk_cols=, pipeline=)            (no value)
 *   pld.tensor.broadcast(target, signal, root=)      -> target's type
 *   pld.tensor.reduce_scatter(target, signal, op=Sum) -> target's type
 *   pld.tensor.allgather / all_to_all(input, target, signal) -> target's type
 *   pld.tensor.all_to_all_v(input, target, signal, send_counts, recv_counts)
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
    const IrExpr *x = dc->args[0];
    char buf[160];
    if (t->kind != TYPE_COMM_CTX && !(x->flags & IR_EXPR_COMM_CTX))
        return op_fail(dc, 0, "first argument must be a communication context (pld.get_comm_ctx(window)), got %s",
                       type_to_string(dc->ir, t, buf, sizeof buf));
    return ir_type_scalar(dc->ir, DT_INT32);
}

/* notify and wait take a window of any element type, as pypto's deducers
 * do; the outputs' INT32 cells are Legalize's rule (PTOAS, pto-isa). */
const IrType *deduce_notify(DeduceCtx *dc)
{
    const IrType *t = need_window(dc, 0);
    if (!t || !need_int_scalar(dc, 1) || !window_offsets(dc, 2, t) || !need_int_scalar(dc, 3) ||
        comm_kwarg(dc, "op", CE_NOTIFY_OP) < 0)
        return NULL;
    return ir_type_unknown(dc->ir);
}

const IrType *deduce_wait(DeduceCtx *dc)
{
    const IrType *t = need_window(dc, 0);
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
    const IrExpr *const *shape, *const *valid = NULL;
    uint32_t n;
    if (!t || !need_int_scalar(dc, 1) || !window_offsets(dc, 2, t) || !op_tuple_arg(dc, 3, "shape", 0, &n, &shape))
        return NULL;
    if (n != t->n)
        return op_fail(dc, 3, "shape must have one entry per dimension of the window (%u), got %u", t->n, n);
    /* FlattenTileNdTo2D's form, as a load's (deduce_load): a window of
     * rank 3 or more with a valid shape of rank 2 gives the 2-D tile. */
    if (n > 2 && dc->nargs > 4 && dc->args[4]->kind == EXPR_MAKE_TUPLE && IR_AS(IrMakeTuple, dc->args[4])->n == 2) {
        const IrExpr *dims[2];
        int64_t rows;
        if (!ir_dims_rows(n, shape, &rows))
            return op_fail(dc, 3, "a remote load into a 2-D tile needs constant leading extents");
        dims[0] = ir_dim_const(dc->ir, rows);
        dims[1] = shape[n - 1];
        if (!op_valid_shape_arg(dc, 4, 2, dims, &valid))
            return NULL;
        return op_make_tile(dc, (DataType)t->dtype, 2, dims, valid ? op_view_with_valid(dc, NULL, 2, valid) : NULL);
    }
    /* valid_shape (remote_load.cpp): the part of the tile the copy fills */
    if (dc->nargs > 4 && !op_valid_shape_arg(dc, 4, n, shape, &valid))
        return NULL;
    return op_make_tile(dc, (DataType)t->dtype, n, shape, valid ? op_view_with_valid(dc, NULL, n, valid) : NULL);
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
    /* (The host's form leaves the signal to the compiler.) */
    if (!src || (dc->nargs > 1 && !need_signal(dc, 1)) || comm_kwarg(dc, "op", CE_REDUCE_OP) < 0)
        return NULL;
    if (dc->nargs == 1 && mode && mode->kind == KW_STRING && strcmp(mode->v.s, "ring") == 0)
        return op_fail(dc, -1, "mode=\"ring\" needs a signal window (pld.tensor.allreduce(src, signal, mode=\"ring\"))");
    if (mode && mode->kind == KW_STRING && strcmp(mode->v.s, "mesh") != 0 && strcmp(mode->v.s, "ring") != 0)
        return op_fail(dc, -1, "mode= is \"mesh\" or \"ring\", got \"%s\"", mode->v.s);
    if (op_kwarg_int(dc, "core_num", &cores) == 1 && cores < 1)
        return op_fail(dc, -1, "core_num= must be at least 1, got %lld", (long long)cores);
    return src;
}

/* barrier(signal) -> the signal window. */
const IrType *deduce_barrier_signal(DeduceCtx *dc) { return need_signal(dc, 0); }

/* One side of a put or get: a window-bound tensor where `window` (the
 * remote side), any tensor otherwise (TPUT reads, TGET writes, a plain
 * local region). */
static const IrType *transfer_side(DeduceCtx *dc, uint32_t i, int window)
{
    const IrType *t;
    if (window)
        return need_window(dc, i);
    if (!(t = op_need_tensor(dc, i)))
        return NULL;
    if (t->n == 0)
        return op_fail(dc, (int)i, "a transfer needs a tensor of at least one dimension");
    return t;
}

/* Offsets (argument i) of a region of `shape` in side t (argument side):
 * one per dimension, non-negative, inside t where both are static. */
static int region_offsets(DeduceCtx *dc, uint32_t i, const char *what, const IrType *t,
                          const IrExpr *const *shape)
{
    uint32_t n;
    const IrExpr *const *off;
    int64_t v, s, e;
    if (!op_tuple_arg(dc, i, what, 0, &n, &off))
        return 0;
    if (n != t->n) {
        op_fail(dc, (int)i, "%s must have one entry per dimension of its tensor (%u), got %u", what, t->n, n);
        return 0;
    }
    for (uint32_t d = 0; d < n; d++) {
        if (!ir_dim_value(off[d], &v))
            continue;
        if (v < 0) {
            op_fail(dc, (int)i, "%s[%u] is %lld; offsets are not negative", what, d, (long long)v);
            return 0;
        }
        if (ir_dim_value(shape[d], &s) && ir_dim_value(t->dims[d], &e) && v + s > e) {
            op_fail(dc, (int)i, "the region [%lld:%lld] of %s runs past dimension %u, of extent %lld", (long long)v,
                    (long long)(v + s), what, d, (long long)e);
            return 0;
        }
    }
    return 1;
}

/* The staging knobs (tensor_ops.py): chunk_rows and chunk_cols size the
 * Vec tile the transfer streams through (0: whole); a transfer with a
 * run-time extent needs one; pipeline=True ping-pongs two such tiles. */
static int staging_kwargs(DeduceCtx *dc, uint32_t n, const IrExpr *const *shape)
{
    int64_t rows = 0, cols = 0, pipeline = 0, v;
    if (op_kwarg_int(dc, "chunk_rows", &rows) < 0 || op_kwarg_int(dc, "chunk_cols", &cols) < 0 ||
        op_kwarg_int(dc, "pipeline", &pipeline) < 0)
        return 0;
    if (rows < 0 || cols < 0) {
        op_fail(dc, -1, "chunk_rows= and chunk_cols= are not negative (0: the whole transfer)");
        return 0;
    }
    if (pipeline && (rows == 0 || cols == 0)) {
        op_fail(dc, -1, "pipeline=True double-buffers chunks: it needs chunk_rows= and chunk_cols=");
        return 0;
    }
    for (uint32_t d = 0; d < n; d++)
        if (!ir_dim_value(shape[d], &v) && (d + 1 < n ? rows : cols) == 0) {
            op_fail(dc, -1, "the transfer's %s extent is known only at run time: give %s= to bound its staging tile",
                    d + 1 < n ? "leading" : "innermost", d + 1 < n ? "chunk_rows" : "chunk_cols");
            return 0;
        }
    return 1;
}

/* put(dst, peer, src ...) copies local src into the peer's dst; get(dst,
 * peer, src ...) the peer's src into local dst.  Without a region the two
 * sides have one shape; with one, dst_offsets, src_offsets and shape are
 * given together (the longer form). */
const IrType *deduce_put_get(DeduceCtx *dc)
{
    int put = op_is(dc->op, OP_PLD_TENSOR_PUT) || op_is(dc->op, OP_PLD_TENSOR_PUT_REGION) ||
              op_is(dc->op, OP_PLD_TILE_PUT) || op_is(dc->op, OP_PLD_TILE_PUT_PINGPONG);
    int staged = op_is(dc->op, OP_PLD_TILE_PUT) || op_is(dc->op, OP_PLD_TILE_PUT_PINGPONG) ||
                 op_is(dc->op, OP_PLD_TILE_GET) || op_is(dc->op, OP_PLD_TILE_GET_PINGPONG);
    int region = !staged && dc->nargs == 6;
    const IrType *dst, *src;
    const IrExpr *const *shape;
    uint32_t n;
    int64_t a, b;
    char x[32], y[32];
    if (!(dst = transfer_side(dc, 0, put)) || !need_int_scalar(dc, 1) || !(src = transfer_side(dc, 2, !put)))
        return NULL;
    if (src->dtype != dst->dtype)
        return op_fail(dc, 2, "the source is %s but the destination is %s",
                       op_dtype_str((DataType)src->dtype, x, sizeof x), op_dtype_str((DataType)dst->dtype, y, sizeof y));
    if (src->n != dst->n)
        return op_fail(dc, 2, "the source has rank %u and the destination rank %u", src->n, dst->n);
    shape = dst->dims;
    n = dst->n;
    if (region) {
        if (!op_tuple_arg(dc, 5, "shape", 0, &n, &shape))
            return NULL;
        if (n != dst->n)
            return op_fail(dc, 5, "shape must have one entry per dimension (%u), got %u", dst->n, n);
        for (uint32_t d = 0; d < n; d++)
            if (ir_dim_value(shape[d], &a) && a < 1)
                return op_fail(dc, 5, "the dimensions of a transfer are positive, got %lld", (long long)a);
        if (!region_offsets(dc, 3, "dst_offsets", dst, shape) || !region_offsets(dc, 4, "src_offsets", src, shape))
            return NULL;
    } else {
        for (uint32_t d = 0; d < n; d++)
            if (!op_dims_may_match(dst->dims[d], src->dims[d], &a, &b))
                return op_fail(dc, 2,
                               "without a region the two sides have one shape: dimension %u is %lld here and %lld "
                               "at the destination (give dst_offsets=, src_offsets= and shape=)",
                               d, (long long)b, (long long)a);
    }
    if (put) {
        int atomic = comm_kwarg(dc, "atomic", CE_ATOMIC_TYPE);
        if (atomic < 0)
            return NULL;
        /* TPUT lands its chunks through the store pipe: the atomic-add
         * types of a store (put.cpp, ValidateAtomicAddDtype) */
        if (atomic == ATOMIC_ADD && dst->dtype != DT_FP32 && dst->dtype != DT_FP16 && dst->dtype != DT_BF16 &&
            dst->dtype != DT_INT32 && dst->dtype != DT_INT16 && dst->dtype != DT_INT8)
            return op_fail(dc, -1, "atomic=pl.AtomicType.Add accumulates FP32, FP16, BF16, INT32, INT16 or INT8, not %s",
                           op_dtype_str((DataType)dst->dtype, x, sizeof x));
    }
    /* pld.tile.put/get: staging tiles of the element type, of the
     * tensors' rank (a chunk; LowerCollectives checks that it divides) */
    for (uint32_t k = 3; staged && k < dc->nargs; k++) {
        const IrType *st = op_need_tile(dc, k);
        if (!st)
            return NULL;
        if (st->dtype != dst->dtype)
            return op_fail(dc, (int)k, "a staging tile holds the transfer's %s, got %s",
                           op_dtype_str((DataType)dst->dtype, x, sizeof x), op_dtype_str((DataType)st->dtype, y, sizeof y));
        if (st->n != n)
            return op_fail(dc, (int)k, "a staging tile has the transfer's rank (%u), got rank %u", n, st->n);
    }
    if (!staged && !staging_kwargs(dc, n, shape))
        return NULL;
    return ir_type_unknown(dc->ir);
}

/* A barrier signal of a collective: an INT32 window of [NR] or [NR, 1]
 * (collective.cpp: rank 1 for the host builtins, [nranks, 1] in InCore
 * code), and NR where it is a constant (else 0). */
static const IrType *collective_signal(DeduceCtx *dc, uint32_t i, int64_t *nr)
{
    const IrType *t = need_signal(dc, i);
    int64_t v;
    *nr = 0;
    if (!t)
        return NULL;
    if (t->n != 1 && !(t->n == 2 && ir_dim_value(t->dims[1], &v) && v == 1))
        return op_fail(dc, (int)i, "a collective's signal is [nranks] or [nranks, 1]");
    if (ir_dim_value(t->dims[0], &v))
        *nr = v;
    return t;
}

/* The data of a collective (argument i): a 2-D tensor, window-bound
 * where `window`, of dtype `like`'s where that is given, and a distinct
 * value from argument `other` (a rank reads its input while peers write
 * its target). */
static const IrType *collective_data(DeduceCtx *dc, uint32_t i, int window, const IrType *like, int other)
{
    const IrType *t = window ? need_window(dc, i) : op_need_tensor(dc, i);
    char a[32], b[32];
    int64_t x, y;
    if (!t)
        return NULL;
    if (t->n != 2)
        return op_fail(dc, (int)i, "%s argument must be 2-D, got rank %u", op_ordinal(i), t->n);
    if (like && t->dtype != like->dtype)
        return op_fail(dc, (int)i, "the input is %s but the window is %s", op_dtype_str((DataType)t->dtype, a, sizeof a),
                       op_dtype_str((DataType)like->dtype, b, sizeof b));
    if (like && !op_dims_may_match(t->dims[1], like->dims[1], &x, &y))
        return op_fail(dc, (int)i, "rows of %lld elements do not fit the window's rows of %lld", (long long)x,
                       (long long)y);
    if (other >= 0 && dc->args[i] == dc->args[other])
        return op_fail(dc, (int)i, "the input and the window must be different buffers");
    return t;
}

/* The composite collectives (pld.tensor.*, collective.cpp): each returns
 * its window-bound target, which it writes in place. */
const IrType *deduce_collective(DeduceCtx *dc)
{
    OpId id = (OpId)dc->op->id;
    const IrType *target, *in;
    int64_t nr, v, w;
    if (id == OP_PLD_TENSOR_BROADCAST || id == OP_PLD_TENSOR_REDUCE_SCATTER) {
        if (!(target = need_window(dc, 0)) || !collective_signal(dc, 1, &nr))
            return NULL;
        if (id == OP_PLD_TENSOR_BROADCAST) {
            if (op_kwarg_int(dc, "root", &v) != 1)
                return NULL;
            if (v < 0)
                return op_fail(dc, -1, "root= is a rank, not negative: got %lld", (long long)v);
            if (nr && v >= nr)
                return op_fail(dc, -1, "root= is rank %lld of %lld", (long long)v, (long long)nr);
            return target;
        }
        if (target->n != 2)
            return op_fail(dc, 0, "reduce_scatter's window is [nranks, SIZE], one row per rank; got rank %u", target->n);
        if ((v = comm_kwarg(dc, "op", CE_REDUCE_OP)) < 0)
            return NULL;
        if (v != REDUCE_SUM)
            return op_fail(dc, -1, "reduce_scatter sums (op=pld.ReduceOp.Sum only)");
        return target;
    }
    if (!(target = collective_data(dc, 1, 1, NULL, -1)) ||
        !(in = collective_data(dc, 0, 0, target, 1)) || !collective_signal(dc, 2, &nr))
        return NULL;
    if (id == OP_PLD_TENSOR_ALLGATHER && ir_dim_value(in->dims[0], &v) && v != 1)
        return op_fail(dc, 0, "allgather sends one row per rank ([1, SIZE]), got %lld rows", (long long)v);
    if (id == OP_PLD_TENSOR_ALL_TO_ALL_V) {
        const IrType *send = op_need_tensor(dc, 3), *recv = need_signal(dc, 4);
        char a[32];
        if (!send || !recv)
            return NULL;
        if (send->dtype != DT_INT32)
            return op_fail(dc, 3, "send_counts holds pl.INT32 counts, got %s",
                           op_dtype_str((DataType)send->dtype, a, sizeof a));
        if (!nr)
            return op_fail(dc, 2, "all_to_all_v needs the number of ranks, the signal's first dimension, as a constant");
        if (!ir_dim_value(target->dims[0], &v) || v % nr)
            return op_fail(dc, 1, "all_to_all_v's window has nranks blocks of rows: %lld is not a multiple of %lld",
                           (long long)(ir_dim_value(target->dims[0], &v) ? v : -1), (long long)nr);
        if ((send->n != 1 && !(send->n == 2 && ir_dim_value(send->dims[1], &w) && w == 1)) ||
            !ir_dim_value(send->dims[0], &w) || w != nr)
            return op_fail(dc, 3, "send_counts is [%lld] or [%lld, 1], one count per rank", (long long)nr, (long long)nr);
        if (recv->n != 2 || !ir_dim_value(recv->dims[1], &w) || w != 1 || !ir_dim_value(recv->dims[0], &w) || w != nr)
            return op_fail(dc, 4, "recv_counts is [%lld, 1], one count per rank", (long long)nr);
    }
    return target;
}
