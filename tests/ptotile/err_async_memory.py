# --async: events order tile values, so a kernel may not both load from
# and store to one tensor.
# pyptocc-flags: --emit=pto-tile --async
import pypto.language as pl


@pl.program
class AsyncMemory:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.InOut[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        x2 = pl.store(pl.exp(t), [0, 0], [32, 64], x)
        u = pl.load(x2, [32, 0], [32, 64])
        x3 = pl.store(u, [32, 0], [32, 64], x2)
        return x3
