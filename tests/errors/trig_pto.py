# pyptocc-flags: --emit=pto
# pl.sin and pl.cos take FP32 only, tiles and tensors alike (as the
# reference: other types are cast first, never promoted silently); each
# is then a reduction and a polynomial of FP32 ops (Legalize).
import pypto.language as pl


@pl.program
class Trig:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP16], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.add(pl.tile.sin(t), pl.cos(pl.cast(t, pl.FP32))), [0, 0], y)

    @pl.function(type=pl.FunctionType.InCore)
    def tensors(self, x: pl.Tensor[[16, 64], pl.FP16], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        return pl.assemble(y, pl.cos(x), [0, 0])
