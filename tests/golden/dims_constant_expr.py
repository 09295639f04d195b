# A dimension written as constant arithmetic (32 * 2) has the value 64 in
# every type: the tile type prints [64, 64], agrees with the annotations,
# and the load's own argument list prints as written.
import pypto.language as pl

N = 32


@pl.function
def f(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
    t = pl.block.load(a, [0, 0], [N * 2, 128 // 2])
    u: pl.Tile[[2 * N, 64], pl.FP32] = pl.block.exp(t)
    return u
