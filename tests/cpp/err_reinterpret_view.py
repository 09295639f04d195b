# pyptocc-flags: --emit=cpp
# pl.tensor.reinterpret_view in orchestration code has no C++ form yet (a
# second view of a tensor's bytes): a located error with the op table's
# reason.
import pypto.language as pl


@pl.program
class Reinterpret:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8, 32], pl.INT16], out: pl.Out[pl.Tensor[[8, 32], pl.INT16]]) -> pl.Tensor[[8, 32], pl.INT16]:
        t = pl.load(x, [0, 0], [8, 32])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], out: pl.Out[pl.Tensor[[8, 32], pl.INT16]]) -> pl.Tensor[[8, 32], pl.INT16]:
        bits = pl.tensor.reinterpret_view(x, pl.INT16)
        return self.k(bits, out)
