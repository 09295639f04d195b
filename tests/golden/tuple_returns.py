# Several results, written as today's docs write them (00-types.md:
# `pl.Tuple[T1, T2]` annotates a multi-value return), and returned as one
# tuple value: a call of a function with several results, or a variable
# bound to a tuple.
import pypto.language as pl


@pl.program
class TupleReturns:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(
        self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        a = pl.load(x, [0, 0], [16, 64])
        b = pl.load(x, [16, 0], [16, 64])
        lo_2 = pl.store(a, [0, 0], lo)
        hi_2 = pl.store(b, [0, 0], hi)
        return lo_2, hi_2

    @pl.function(type=pl.FunctionType.Orchestration)
    def split(
        self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        return self.halves(x, lo, hi)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        res: pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]] = self.halves(x, lo, hi)
        return res
