# An Orchestration function that returns a kernel's two results as one
# tuple value (`return res`, res: pl.Tuple[...]): lo and hi are x's halves.
import pypto.language as pl


@pl.program
class TupleReturn:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(
        self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        a = pl.load(x, [0, 0], [16, 64])
        b = pl.load(x, [16, 0], [16, 64])
        lo_2 = pl.store(pl.mul(a, 2.0), [0, 0], lo)
        hi_2 = pl.store(b, [0, 0], hi)
        return lo_2, hi_2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        res: pl.Tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]] = self.halves(x, lo, hi)
        return res
