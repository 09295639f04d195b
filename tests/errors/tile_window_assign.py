# Assignments into a tile's window (today's sugar for pl.tile.assemble):
# one element takes a scalar (pl.tile.write), a window a tile, not a
# tensor, and the value must fit the window.
import pypto.language as pl


@pl.jit.incore
def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    t = pl.load(x, [0, 0], [16, 16])
    u = pl.load(x, [0, 0], [16, 16])
    v = pl.load(x, [0, 0], [16, 16])
    t[1, 1] = 2.0
    t[1, 2] = v
    u[0:16, 0:16] = x[0:16, 0:16]
    v[0:8, 0:16] = pl.load(x, [0, 0], [16, 16])
    out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def entry(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    out = k(x, out)
    return out
