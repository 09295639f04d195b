# pyptocc-flags: --passes=default
# pl.assemble into a value the kernel computes writes a window of its tile
# (tests/e2e/assemble_into_computed), and pl.view of one is a window of
# its tile (tests/tensor/tensor_window), but a matrix product has no tile
# to write into or cut: it is computed where it is stored.
import pypto.language as pl


@pl.program
class Targets:
    @pl.function(type=pl.FunctionType.InCore)
    def view_product(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.matmul(x, x)
        v = pl.view(t, [32, 64], [32, 0])
        return v
