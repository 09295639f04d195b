# pyptocc-flags: --passes=default
# pl.assemble writes in place into global memory, so its target must be a
# parameter, a created tensor or a view of one.  pl.view of a value the
# kernel computes is a window of its tile (tests/tensor/tensor_window), but
# a matrix product has no tile to cut: it is computed where it is stored.
import pypto.language as pl


@pl.program
class Targets:
    @pl.function(type=pl.FunctionType.InCore)
    def into_computed(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.add(x, x)
        r = pl.assemble(t, y, [0, 0])
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def view_product(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.matmul(x, x)
        v = pl.view(t, [32, 64], [32, 0])
        return v
