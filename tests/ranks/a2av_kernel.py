# A multi-rank program for tests/ranks.test: pld.tensor.all_to_all_v in a
# kernel (LowerCollectives: per rank p, min(counts[p], MR) set into p's
# recv[me, 0] and block p of x put whole into block me of p's window; then
# a barrier).  tests/ranks.test builds it for 2 ranks and for 4 (NR, the
# signal's rows, is a constant).  With x[r] this rank's [NR MR, SIZE] input
# and counts[r] its [NR, 1] counts:
#   y[r] block q = x[q] block r      (MR rows each)
#   c[r][q] = min(counts[q][r], MR)
import pypto.language as pl
import pypto.language.distributed as pld

NR = 2
MR = 4
SIZE = 32


@pl.jit.incore
def exchange(
    x: pl.Tensor[[NR * MR, SIZE], pl.FP32],
    counts: pl.Tensor[[NR, 1], pl.INT32],
    y: pl.Out[pl.Tensor[[NR * MR, SIZE], pl.FP32]],
    c: pl.Out[pl.Tensor[[NR, 1], pl.INT32]],
    data: pld.DistributedTensor[[NR * MR, SIZE], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
    recv: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    data = pld.tensor.all_to_all_v(x, data, sig, counts, recv)
    y = pl.store(pl.load(data, [0, 0], [NR * MR, SIZE]), [0, 0], y)
    c = pl.store(pl.load(recv, [0, 0], [NR, 1]), [0, 0], c)
    return y, c


@pl.jit
def per_rank(
    x: pl.Tensor[[NR * MR, SIZE], pl.FP32],
    counts: pl.Tensor[[NR, 1], pl.INT32],
    y: pl.Out[pl.Tensor[[NR * MR, SIZE], pl.FP32]],
    c: pl.Out[pl.Tensor[[NR, 1], pl.INT32]],
    data: pld.DistributedTensor[[NR * MR, SIZE], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
    recv: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    y, c = exchange(x, counts, y, c, data, sig, recv)
    return y, c


@pl.jit.host
def a2av_kernel(
    x: pl.Tensor[[NR, NR * MR, SIZE], pl.FP32],
    counts: pl.Tensor[[NR, NR, 1], pl.INT32],
    y: pl.Out[pl.Tensor[[NR, NR * MR, SIZE], pl.FP32]],
    c: pl.Out[pl.Tensor[[NR, NR, 1], pl.INT32]],
):
    data_buf = pld.alloc_window_buffer([NR * MR, SIZE], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer([NR, 1], dtype=pl.INT32)
    recv_buf = pld.alloc_window_buffer([NR, 1], dtype=pl.INT32)
    for r in pl.range(NR):
        data = pld.window(data_buf, [NR * MR, SIZE], dtype=pl.FP32)
        sig = pld.window(sig_buf, [NR, 1], dtype=pl.INT32)
        recv = pld.window(recv_buf, [NR, 1], dtype=pl.INT32)
        per_rank(x[r], counts[r], y[r], c[r], data, sig, recv, device=r)
