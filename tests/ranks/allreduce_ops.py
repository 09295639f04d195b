# A multi-rank program for tests/ranks.test: pld.tensor.allreduce in a
# kernel (LowerCollectives' mesh: a barrier, then per 16-KiB chunk this
# rank's part combined with every peer's by remote loads, a barrier, the
# result stored back).  A 64 x 128 FP32 window is two chunks; the same
# signal serves both calls (it is all-zero again after each): y[r] = the
# sum of every rank's x, z[r] = their maximum.  The host views its windows
# and names the number of ranks before its dispatch loop.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 64
COLS = 128


@pl.jit.incore
def reduce_both(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    a: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    b: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    t = pl.load(x, [0, 0], [ROWS, COLS])
    a = pl.store(t, [0, 0], a)
    b = pl.store(t, [0, 0], b)
    a = pld.tensor.allreduce(a, sig, op=pld.ReduceOp.Sum)
    b = pld.tensor.allreduce(b, sig, op=pld.ReduceOp.Max)
    s = pl.load(a, [0, 0], [ROWS, COLS])
    y = pl.store(s, [0, 0], y)
    m = pl.load(b, [0, 0], [ROWS, COLS])
    z = pl.store(m, [0, 0], z)
    return y, z


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    a: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    b: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    y, z = reduce_both(x, y, z, a, b, sig)
    return y, z


@pl.jit.host
def allreduce_ops(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    n = pld.world_size()
    a_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    b_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer(n * 4)
    a = pld.window(a_buf, [ROWS, COLS], dtype=pl.FP32)
    b = pld.window(b_buf, [ROWS, COLS], dtype=pl.FP32)
    for r in pl.range(n):
        sig = pld.window(sig_buf, [n, 1], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], a, b, sig, device=r)
