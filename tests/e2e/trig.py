# pl.tile.sin and pl.tile.cos (and their tensor forms): neither target has
# an instruction, so Legalize computes them from elementwise FP32 ops: the
# argument reduced by the nearest multiple of pi (cos: of pi plus half),
# an odd polynomial on [-pi/2, pi/2], the sign of the multiple's parity.
# x runs over [-60, 60] with multiples of pi/2 and the halfway points
# between multiples of pi among its values.
import pypto.language as pl


@pl.program
class Trig:
    @pl.function(type=pl.FunctionType.InCore)
    def trig(self, x: pl.Tensor[[32, 64], pl.FP32], s: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             c: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        t = pl.load(x, [0, 0], [32, 64])
        s = pl.store(pl.tile.sin(t), [0, 0], s)
        c = pl.store(pl.tile.cos(t), [0, 0], c)
        return s, c

    @pl.function(type=pl.FunctionType.InCore)
    def wave(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        return pl.assemble(w, pl.add(pl.sin(x), pl.mul(pl.cos(x), 0.5)), [0, 0])

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], s: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             w: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        s, c = self.trig(x, s, c)
        w = self.wave(x, w)
        return s, c, w
