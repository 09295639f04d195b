# The ISA's row and column reductions keep the reduced axis.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Reduce:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        s = pl.sum(t, axis=1)
        r = pl.store(s, [0], [64], out)
        return r
