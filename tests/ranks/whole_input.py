# A multi-rank program for tests/ranks.test: a host input passed whole to
# every rank (w), beside a row of one (x[r]): y[r] = x[r] + w.  An output
# passed whole would be written by every rank, and is a located error.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")


@pl.jit.incore
def add_whole(
    x: pl.Tensor[[8, 32], pl.FP32],
    w: pl.Tensor[[8, 32], pl.FP32],
    y: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
):
    a = pl.load(x, [0, 0], [8, 32])
    b = pl.load(w, [0, 0], [8, 32])
    y = pl.store(pl.add(a, b), [0, 0], y)
    return y


@pl.jit
def per_rank(x, w, y):
    return add_whole(x, w, y)


@pl.jit.host
def whole_input(
    x: pl.Tensor[[NR, 8, 32], pl.FP32],
    w: pl.Tensor[[8, 32], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, 8, 32], pl.FP32]],
):
    for r in pl.range(pld.world_size()):
        per_rank(x[r], w, y[r], device=r)
