# --async: an if whose branches make its tile with different instructions
# (TMULS, TADDS) has no event type for the result.
# pyptocc-flags: --emit=pto-tile --async
import pypto.language as pl


@pl.program
class AsyncIf:
    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        if n > 0:
            u = pl.muls(t, 2.0)
        else:
            u = pl.adds(t, 2.0)
        r = pl.store(u, [0, 0], [64, 64], out)
        return r
