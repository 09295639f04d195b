# pyptocc-flags: --passes=default
# Verify: an InCore function uses block ops; tensor ops and calls of other
# functions belong in Orchestration functions.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def helper(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        return a

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        c = pl.tensor.add(a, b)
        d = self.helper(c)
        return d
