# A multi-rank program for tests/ranks.test: pld.tensor.allreduce with
# mode="ring" in a kernel, on 2 ranks (a ring's signal [2 (NR - 1), NR]
# needs NR as a constant): the window [1, 512] is cut into 2 segments,
# reduced in a round of reduce-scatter and gathered in one of allgather,
# each round after a barrier on its own row of the signal: y[r] = the sum
# of both ranks' x, z[r] = their minimum.
import pypto.language as pl
import pypto.language.distributed as pld

NR = 2
SIZE = 512


@pl.jit.incore
def ring_step(
    x: pl.Tensor[[1, SIZE], pl.FP32],
    y: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    z: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    a: pld.DistributedTensor[[1, SIZE], pl.FP32],
    b: pld.DistributedTensor[[1, SIZE], pl.FP32],
    sig: pld.DistributedTensor[[2 * (NR - 1), NR], pl.INT32],
):
    t = pl.load(x, [0, 0], [1, SIZE])
    a = pl.store(t, [0, 0], a)
    b = pl.store(t, [0, 0], b)
    a = pld.tensor.allreduce(a, sig, op=pld.ReduceOp.Sum, mode="ring")
    b = pld.tensor.allreduce(b, sig, op=pld.ReduceOp.Min, mode="ring")
    y = pl.store(pl.load(a, [0, 0], [1, SIZE]), [0, 0], y)
    z = pl.store(pl.load(b, [0, 0], [1, SIZE]), [0, 0], z)
    return y, z


@pl.jit
def per_rank(
    x: pl.Tensor[[1, SIZE], pl.FP32],
    y: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    z: pl.Out[pl.Tensor[[1, SIZE], pl.FP32]],
    a: pld.DistributedTensor[[1, SIZE], pl.FP32],
    b: pld.DistributedTensor[[1, SIZE], pl.FP32],
    sig: pld.DistributedTensor[[2 * (NR - 1), NR], pl.INT32],
):
    y, z = ring_step(x, y, z, a, b, sig)
    return y, z


@pl.jit.host
def ring_allreduce(
    x: pl.Tensor[[NR, 1, SIZE], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, 1, SIZE], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, 1, SIZE], pl.FP32]],
):
    a_buf = pld.alloc_window_buffer([1, SIZE], dtype=pl.FP32)
    b_buf = pld.alloc_window_buffer([1, SIZE], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer([2 * (NR - 1), NR], dtype=pl.INT32)
    for r in pl.range(NR):
        a = pld.window(a_buf, [1, SIZE], dtype=pl.FP32)
        b = pld.window(b_buf, [1, SIZE], dtype=pl.FP32)
        sig = pld.window(sig_buf, [2 * (NR - 1), NR], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], a, b, sig, device=r)
