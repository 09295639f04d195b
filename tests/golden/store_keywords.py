# Today's tile.store(tile, offsets, output_tensor, shapes=None): by keyword,
# positionally, and the seed's (tile, offsets, shapes, output): one store each.
import pypto.language as pl


@pl.program
class St:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        b = pl.store(t, offsets=[0, 0], output_tensor=b)
        b = pl.tile.store(t, [0, 0], output_tensor=b)
        b = pl.store(t, [0, 0], b)
        b = pl.store(t, [0, 0], [16, 64], b)
        b = pl.store(t, [0, 0], b, [16, 64])
        b = pl.store(t, [0, 0], b, shapes=[16, 64])
        return b
