# A narrow tile padded to whole 32-byte rows: a [16, 2] FP32 tile (rows of
# 8 bytes) is held as [16, 8] valid in [16, 2]; loaded, transposed into a
# [2, 16] tile and stored.   y = x^T.
import pypto.language as pl


@pl.program
class PadTranspose:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 2], pl.FP32],
               y: pl.Out[pl.Tensor[[2, 16], pl.FP32]]) -> pl.Tensor[[2, 16], pl.FP32]:
        t: pl.Tile[[16, 2], pl.FP32] = pl.load(x, [0, 0], [16, 2])
        u: pl.Tile[[2, 16], pl.FP32] = pl.transpose(t, axis1=0, axis2=1)
        return pl.store(u, [0, 0], y)
