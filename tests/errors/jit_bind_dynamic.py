# x.bind_dynamic(axis, dim): each misuse is a located error.
import pypto.language as pl

T = pl.dynamic("T")


@pl.jit
def late(x: pl.Tensor[[128, 64], pl.FP32], y: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(x, [0, 0], [128, 64])
        pl.store(t, [0, 0], y)
    x.bind_dynamic(0, T)
    y.bind_dynamic(2, T)
    n = 3
    n.bind_dynamic(0, T)
    z.bind_dynamic(0, T)
    x.bind_dynamic(0)
    x.bind_dynamic(1, 2.5)
    return y
