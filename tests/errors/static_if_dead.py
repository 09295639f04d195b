# The branch of a constant if that never runs is still read: everything
# but an extent of 0 is judged there as anywhere (an unknown name, a
# negative extent, an empty slice's sibling errors).
import pypto.language as pl

N = 32


@pl.jit
def dead(x: pl.Tensor[[16, N], pl.FP32], y: pl.Out[pl.Tensor[[16, N], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        if N > 64:
            y[:, :] = pl.add(x, undefined_scale)
            z = pl.full([16, N - 64], dtype=pl.FP32, value=0.0)
        else:
            y[:, :] = pl.add(x, 1.0)
        w = pl.full([16, 0], dtype=pl.FP32, value=0.0)
    return y
