# pyptocc-flags: --passes=default
# Tensor ops convert to tiles of static shapes of rank 1 or 2, and a
# [1, 1] tensor does not broadcast over rows and columns with the block
# ops' row and column expansions.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Shapes:
    @pl.function(type=pl.FunctionType.InCore)
    def dynamic(self, x: pl.Tensor[[N, 64], pl.FP32]) -> pl.Tensor[[N, 64], pl.FP32]:
        y = pl.exp(x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def rank3(self, x: pl.Tensor[[4, 16, 64], pl.FP32]) -> pl.Tensor[[4, 16, 64], pl.FP32]:
        y = pl.exp(x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def scalar_tensor(self, x: pl.Tensor[[64, 64], pl.FP32], s: pl.Tensor[[1, 1], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = pl.add(x, s)
        return y
