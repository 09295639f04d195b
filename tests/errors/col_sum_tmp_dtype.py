# pl.tile.col_sum(tile, tmp_tile): the scratch has the tile's element
# type (pypto's tile.col_sum deduction).
import pypto.language as pl


@pl.program
class ColSumTmpDtype:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        half = pl.tile.create([8, 64], dtype=pl.FP16)
        c = pl.tile.col_sum(t, half)
        return pl.store(c, [0, 0], y)
