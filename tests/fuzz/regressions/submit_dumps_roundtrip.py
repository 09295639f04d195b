# pl.submit(..., dumps=[...]) is a one-block spmd scope and prints as
# `with pl.spmd(1, dumps=[...]) as tid:`, which pl.spmd() refused when the
# printed program was read back.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        return pl.store(pl.exp(pl.load(x, [0, 0], [16, 64])), [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        y, tid = pl.submit(self.k, x, y, dumps=[x])
        return y
