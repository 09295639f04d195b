# The row sums of a narrow [16, 3] FP32 tile (rows of 12 bytes, held as
# [16, 8] valid in [16, 3]): only the valid columns count.
#   y[r] = x[r, 0] + x[r, 1] + x[r, 2].
import pypto.language as pl


@pl.program
class PadRowSum:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 3], pl.FP32],
               y: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 3], pl.FP32] = pl.load(x, [0, 0], [16, 3])
        tmp: pl.Tile[[16, 3], pl.FP32] = pl.tile.create([16, 3], dtype=pl.FP32)
        s: pl.Tile[[16, 1], pl.FP32] = pl.row_sum(t, tmp)
        return pl.store(s, [0, 0], y)
