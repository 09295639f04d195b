# pyptocc-flags: --emit=pto
# A kernel's tensor of rank 3 or more has constant strides (its
# GlobalTensor's are template arguments, and FlattenTileNdTo2D's windows
# merge rows by them): only its first dimension may be a run-time one.
import pypto.language as pl


@pl.program
class TileNdStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def tensors(self, x: pl.Tensor[[pl.dynamic("B"), 16, 64], pl.FP32], y: pl.Tensor[[2, pl.dynamic("S"), 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [1, 16, 64])
        u = pl.load(y, [0, 0, 0], [1, 16, 64])
        out = pl.store(pl.tile.add(t, u), [0, 0, 0], out)
        return out
