# A multi-rank program for tests/ranks.test: a host input passed whole to
# every rank (w), beside a row of one (x[r]), and a scalar the host
# computes from the rank (r % 2 * 10 + BASE): y[r] = x[r] + w + that.  An
# output passed whole would be written by every rank, and is a located
# error.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
BASE = 3


@pl.jit.incore
def add_whole(
    x: pl.Tensor[[8, 32], pl.FP32],
    w: pl.Tensor[[8, 32], pl.FP32],
    y: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
    k: pl.Scalar[pl.INT32],
):
    a = pl.load(x, [0, 0], [8, 32])
    b = pl.load(w, [0, 0], [8, 32])
    kf = pl.cast(k, target_type=pl.FP32)
    y = pl.store(pl.adds(pl.add(a, b), kf), [0, 0], y)
    return y


@pl.jit
def per_rank(x, w, y, k: pl.Scalar[pl.INT32]):
    return add_whole(x, w, y, k)


@pl.jit.host
def whole_input(
    x: pl.Tensor[[NR, 8, 32], pl.FP32],
    w: pl.Tensor[[8, 32], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, 8, 32], pl.FP32]],
):
    for r in pl.range(pld.world_size()):
        per_rank(x[r], w, y[r], r % 2 * 10 + BASE, device=r)
