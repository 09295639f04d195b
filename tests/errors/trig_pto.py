# pyptocc-flags: --emit=pto
# pl.tile.sin and pl.tile.cos type-check, but neither PTOAS nor pto-isa has
# an instruction for them and pyptocc does not expand them yet: a located
# error naming the op and why.
import pypto.language as pl


@pl.program
class Trig:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.add(pl.tile.sin(t), pl.tile.cos(t)), [0, 0], y)
