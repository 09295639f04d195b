# A slice whose window runs past its source (static extents) is a located
# error in every spelling: pl.slice, pl.tensor.slice, pl.tile.slice, the
# seed's pl.view / pl.block.view, and the subscript of a tile.
import pypto.language as pl


@pl.program
class Bounds:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        v1 = pl.tensor.slice(a, [32, 64], [48, 0])
        v2 = pl.view(a, [64, 16], [0, 56])
        t = pl.load(a, [0, 0], [64, 64])
        t1 = pl.tile.slice(t, [16, 16], [0, 60])
        t2 = pl.slice(t, [65, 16], [0, 0])
        t3 = pl.block.view(t, [32, 64], [48, 0])
        t4 = t[32:80, :]
        r = pl.store(t, [0, 0], out)
        return r
