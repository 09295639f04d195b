# pl.tile.sin and pl.tile.cos take FP32 tiles only (no promotion).
import pypto.language as pl


@pl.program
class Trig:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP16], y: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t = pl.load(x, [0, 0], [16, 64])
        a = pl.tile.sin(t)
        b = pl.tile.cos(x)
        return pl.store(t, [0, 0], y)
