# pyptocc-flags: --emit=pto
# A file of two programs, the first of which fails in a pass: the error is
# reported and pyptocc exits 1 (it once crashed naming the outputs of the
# program that failed).
import pypto.language as pl


@pl.program
class TooBig:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[512, 1024], pl.FP32],
        y: pl.Out[pl.Tensor[[512, 1024], pl.FP32]],
    ) -> pl.Tensor[[512, 1024], pl.FP32]:
        t = pl.load(x, [0, 0], [512, 1024])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Fine:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[8, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
    ) -> pl.Tensor[[8, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 64])
        y = pl.store(t, [0, 0], y)
        return y
