# pyptocc-flags: --emit=pto
# An array of integers reaches the back end, which does not emit on-core
# arrays yet: a located error at its creation (Legalize), not a crash.
import pypto.language as pl


@pl.program
class Counts:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.INT32], y: pl.Out[pl.Tensor[[16, 16], pl.INT32]]) -> pl.Tensor[[16, 16], pl.INT32]:
        counts = pl.array.create(4, pl.INT32)
        for i in pl.range(4):
            counts[i] = i * 2
        t = pl.load(x, [0, 0], [16, 16])
        t = pl.adds(t, counts[3])
        y = pl.store(t, [0, 0], y)
        return y
