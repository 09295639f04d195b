# A slice (tile.slice) of a tile of rank 3 whose window is a block of
# whole rows of its 2-D form: FlattenTileNdTo2D makes it the slice of
# those rows (the second batch of [2, 16, 64]; rows 4..11 of the first).
import pypto.language as pl


@pl.program
class SliceNdRows:
    @pl.function(type=pl.FunctionType.InCore)
    def slice_nd_rows(
        self,
        a: pl.Tensor[[2, 16, 64], pl.FP32],
        o1: pl.Out[pl.Tensor[[1, 16, 64], pl.FP32]],
        o2: pl.Out[pl.Tensor[[1, 8, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        t = pl.load(a, [0, 0, 0], [2, 16, 64])
        second = pl.tile.slice(t, [1, 16, 64], [1, 0, 0])
        r1 = pl.store(pl.adds(second, 1.0), [0, 0, 0], o1)
        part = pl.tile.slice(t, [1, 8, 64], [0, 4, 0])
        r2 = pl.store(part, [0, 0, 0], o2)
        return r1
