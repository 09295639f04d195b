# pl.arange (pypto's tensor.ci) in a kernel: a [1, N] index row, cast to
# FP32 and scaled, as pypto-lib builds RoPE's column indices.
import pypto.language as pl


@pl.program
class Arange:
    @pl.function(type=pl.FunctionType.InCore)
    def ramp(self, y: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        idx = pl.arange(0, [1, 64], dtype=pl.INT32)
        r = pl.mul(pl.cast(idx, target_type=pl.FP32), 0.5)
        return pl.assemble(y, r, [0, 0])

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, y: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        y = self.ramp(y)
        return y
