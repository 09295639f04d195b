# pyptocc-flags: --passes=default
# A scope in an InCore function is not outlined: the function is already a
# kernel, and Verify says so.
import pypto.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            t = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        return r
