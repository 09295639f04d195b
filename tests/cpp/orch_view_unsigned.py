# Orchestration code whose view offset is an unsigned scalar (a UINT64
# parameter, as pypto-lib's block indices are): Tensor::view takes its
# shapes and offsets as int64_t lists, so the offset is converted, not
# narrowed in the braces (which -Wnarrowing and clang refuse).
import pypto.language as pl


@pl.program
class OrchViewUnsigned:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        r = pl.store(t, [0, 0], [32, 64], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], u: pl.Scalar[pl.UINT64],
             y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        xi = pl.view(x, [32, 64], [u, 0])
        y = self.copy(xi, y)
        return y
