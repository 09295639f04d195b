# pl.maximum and pl.minimum of a tensor and a scalar (one op each in
# today's language: the conversion takes the scalar form, TMAXS/TMINS):
# y = min(max(x, -0.5), 0.5), as pypto-lib clamps with constants.
import pypto.language as pl


@pl.program
class ClampScalar:
    @pl.function(type=pl.FunctionType.InCore)
    def clamp(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        c = pl.minimum(pl.tensor.maximum(x, -0.5), 0.5)
        return pl.assemble(y, c, [0, 0])

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = self.clamp(x, y)
        return y
