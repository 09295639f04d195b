# A [16, 17] FP16 tile (rows of 34 bytes, held as [16, 32] valid in
# [16, 17]): z = x + y, elementwise.
import pypto.language as pl


@pl.program
class PadAddFp16:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 17], pl.FP16], y: pl.Tensor[[16, 17], pl.FP16],
               z: pl.Out[pl.Tensor[[16, 17], pl.FP16]]) -> pl.Tensor[[16, 17], pl.FP16]:
        a: pl.Tile[[16, 17], pl.FP16] = pl.load(x, [0, 0], [16, 17])
        b: pl.Tile[[16, 17], pl.FP16] = pl.load(y, [0, 0], [16, 17])
        c: pl.Tile[[16, 17], pl.FP16] = pl.add(a, b)
        return pl.store(c, [0, 0], z)
