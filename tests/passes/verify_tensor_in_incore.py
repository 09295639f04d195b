# pyptocc-flags: --passes=default
# An InCore function calls no other function; its tensor ops are converted
# to block ops (ConvertTensorToBlockOps), so only the call is an error.
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
