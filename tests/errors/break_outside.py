# break and continue belong in loops.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        break
        t = pl.load(x, [0], [64])
        if True:
            continue
        return pl.store(t, [0], x)
