# pl.tile.tri: triangular masks of ones and zeros (TTRI): the lower
# triangle with a diagonal read at run time, applied to a tile, and the
# upper one two columns right of the diagonal in FP32, written in a valid
# region of 12 x 24 and padded to zero on store.
import pypto.language as pl

M = 16
N = 32


@pl.function(type=pl.FunctionType.InCore)
def tri_mask(x: pl.Tensor[[M, N], pl.FP32], d: pl.Scalar[pl.INT32], y: pl.Out[pl.Tensor[[M, N], pl.FP32]],
             m: pl.Out[pl.Tensor[[M, N], pl.INT32]], u: pl.Out[pl.Tensor[[12, 24], pl.FP32]]
             ) -> tuple[pl.Tensor[[M, N], pl.FP32], pl.Tensor[[M, N], pl.INT32], pl.Tensor[[12, 24], pl.FP32]]:
    lower = pl.tile.tri(d, [M, N])
    t = pl.load(x, [0, 0], [M, N])
    y = pl.store(pl.mul(t, pl.cast(lower, pl.FP32)), [0, 0], y)
    m = pl.store(lower, [0, 0], m)
    upper = pl.tile.tri(2, [M, N], valid_shape=[12, 24], dtype=pl.FP32, upper=True)
    u = pl.store(upper, [0, 0], u)
    return y, m, u
