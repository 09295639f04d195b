# A kernel that uses a dimension of a tensor it does not take: inlining
# `fill` binds its `n = pl.tensor.dim(x, 0)` to the dynamic N of x's
# shape, and the kernel outlined from its scope uses N but takes no
# tensor of that shape: it takes N as a scalar parameter, which its
# caller passes from x's shape.  y = 1 + the rows of x, everywhere.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class DimSymbol:
    @pl.function(type=pl.FunctionType.Inline)
    def fill(self, x: pl.Tensor[[N, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        n = pl.tensor.dim(x, 0)
        with pl.incore():
            t = pl.tile.full([16, 64], dtype=pl.FP32, value=1.0)
            t = pl.adds(t, pl.cast(n, pl.FP32))
            y = pl.store(t, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def dim_symbol(self, x: pl.Tensor[[N, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
                   ) -> pl.Tensor[[16, 64], pl.FP32]:
        y = self.fill(x, y)
        return y
