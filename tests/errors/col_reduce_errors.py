# Bad uses of today's column reductions and products: each a located error.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        a = pl.tile.col_sum(x)
        b = pl.tile.col_max(t, t)
        c = pl.tile.row_prod(t)
        d = pl.tile.col_prod(pl.tile.col_sum)
        return pl.store(pl.tile.col_min(t), [0, 0], y)
