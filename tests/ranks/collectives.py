# A multi-rank program for tests/ranks.test: a kernel's broadcast,
# allgather, reduce_scatter and all_to_all (LowerCollectives), each on a
# window of rows, one row of 64 FP32 per rank, the same signal for all:
#   b = rank 1's x (broadcast, root=1; rank 0 without a rank 1 keeps its own)
#   g[q] = x[q]                 (allgather of every rank's row)
#   s[r] = sum over q of x[q] + q   (reduce_scatter: row r of every rank's
#                                    [NR, 64] window, row p of rank q = x[q] + p)
#   a[q] = x[q] + r             (all_to_all: rank q sends row r of its
#                                [NR, 64] input, x[q] + r, to rank r)
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
SIZE = 64


@pl.jit.incore
def four(
    x: pl.Tensor[[1, SIZE], pl.FP32],
    b: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    g: pl.Out[pl.Tensor[[NR, SIZE], pl.FP32]],
    s: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    a: pl.Out[pl.Tensor[[NR, SIZE], pl.FP32]],
    one: pld.DistributedTensor[[1, SIZE], pl.FP32],
    rows: pld.DistributedTensor[[NR, SIZE], pl.FP32],
    rows2: pld.DistributedTensor[[NR, SIZE], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(one)
    me = pld.rank(ctx)
    n = pld.nranks(ctx)
    t = pl.load(x, [0, 0], [1, SIZE])
    # broadcast from rank 1 (when there is one)
    one = pl.store(t, [0, 0], one)
    if n > 1:
        one = pld.tensor.broadcast(one, sig, root=1)
    u = pl.load(one, [0, 0], [1, SIZE])
    b = pl.store(u, [0, 0], b)
    # allgather
    rows = pld.tensor.allgather(x, rows, sig)
    for q in pl.range(n):
        v = pl.load(rows, [q, 0], [1, SIZE])
        g = pl.store(v, [q, 0], g)
    # reduce_scatter: row p holds x + p
    for p in pl.range(n):
        pf = pl.cast(p, target_type=pl.FP32)
        w = pl.adds(t, pf)
        rows2 = pl.store(w, [p, 0], rows2)
    rows2 = pld.tensor.reduce_scatter(rows2, sig, op=pld.ReduceOp.Sum)
    y = pl.load(rows2, [me, 0], [1, SIZE])
    s = pl.store(y, [0, 0], s)
    # all_to_all: the input is rows2's rows as they were (restaged)
    for p in pl.range(n):
        pf = pl.cast(p, target_type=pl.FP32)
        w = pl.adds(t, pf)
        rows2 = pl.store(w, [p, 0], rows2)
    rows = pld.tensor.all_to_all(rows2, rows, sig)
    for q in pl.range(n):
        v = pl.load(rows, [q, 0], [1, SIZE])
        a = pl.store(v, [q, 0], a)
    return b, g, s, a


@pl.jit
def per_rank(
    x: pl.Tensor[[1, SIZE], pl.FP32],
    b: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    g: pl.Out[pl.Tensor[[NR, SIZE], pl.FP32]],
    s: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    a: pl.Out[pl.Tensor[[NR, SIZE], pl.FP32]],
    one: pld.DistributedTensor[[1, SIZE], pl.FP32],
    rows: pld.DistributedTensor[[NR, SIZE], pl.FP32],
    rows2: pld.DistributedTensor[[NR, SIZE], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    b, g, s, a = four(x, b, g, s, a, one, rows, rows2, sig)
    return b, g, s, a


@pl.jit.host
def collectives(
    x: pl.Tensor[[NR, 1, SIZE], pl.FP32],
    b: pl.Out[pl.Tensor[[NR, 1, SIZE], pl.FP32]],
    g: pl.Out[pl.Tensor[[NR, NR, SIZE], pl.FP32]],
    s: pl.Out[pl.Tensor[[NR, 1, SIZE], pl.FP32]],
    a: pl.Out[pl.Tensor[[NR, NR, SIZE], pl.FP32]],
):
    n = pld.world_size()
    one_buf = pld.alloc_window_buffer([1, SIZE], dtype=pl.FP32)
    rows_buf = pld.alloc_window_buffer(n * SIZE * 4)
    rows2_buf = pld.alloc_window_buffer(n * SIZE * 4)
    sig_buf = pld.alloc_window_buffer(n * 4)
    one = pld.window(one_buf, [1, SIZE], dtype=pl.FP32)
    rows = pld.window(rows_buf, [n, SIZE], dtype=pl.FP32)
    rows2 = pld.window(rows2_buf, [n, SIZE], dtype=pl.FP32)
    sig = pld.window(sig_buf, [n, 1], dtype=pl.INT32)
    for r in pl.range(n):
        per_rank(x[r], b[r], g[r], s[r], a[r], one, rows, rows2, sig, device=r)
