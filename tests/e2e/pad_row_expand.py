# Narrow tiles padded to whole 32-byte rows (once refused by Legalize's
# layout check): [8, 12] FP32 tiles (rows of 48 bytes, held as [8, 16])
# with the column vector of their row maxima, and a [5, 1] column vector
# (held as [8, 1]) broadcast over the rows of a [5, 12] tile.
#   y = x - rowmax(x), each row's maximum taken from its elements;
#   z = w * c, row r of w scaled by c[r].
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[8, 12], pl.FP32], w: pl.Tensor[[5, 12], pl.FP32], c: pl.Tensor[[5, 1], pl.FP32],
      y: pl.Out[pl.Tensor[[8, 12], pl.FP32]], z: pl.Out[pl.Tensor[[5, 12], pl.FP32]]) -> pl.Tensor[[8, 12], pl.FP32]:
    t = pl.load(x, [0, 0], [8, 12])
    tmp = pl.create_tile([8, 12], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
    s = pl.row_max(t, tmp)
    u = pl.row_expand_sub(t, s)
    wt = pl.load(w, [0, 0], [5, 12])
    ct = pl.load(c, [0, 0], [5, 1])
    v = pl.row_expand_mul(wt, ct)
    z = pl.store(v, [0, 0], [5, 12], z)
    out = pl.store(u, [0, 0], [8, 12], y)
    return out
