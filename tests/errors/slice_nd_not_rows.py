# pyptocc-flags: --emit=pto
# A slice of a tile of rank 3 whose window is not a block of whole rows of
# the 2-D form ([2, 8, 64] of [2, 16, 64]: half of each batch's rows) has
# no 2-D form: a located error.
import pypto.language as pl


@pl.program
class SliceNdNotRows:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[2, 16, 64], pl.FP32], o: pl.Out[pl.Tensor[[2, 8, 64], pl.FP32]]) -> pl.Tensor[[2, 8, 64], pl.FP32]:
        t = pl.load(a, [0, 0, 0], [2, 16, 64])
        half = pl.tile.slice(t, [2, 8, 64], [0, 0, 0])
        return pl.store(half, [0, 0, 0], o)
