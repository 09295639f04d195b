# pl.add, pl.sub, pl.mul and pl.div of scalars are the scalar arithmetic
# (pypto's unified ops dispatch them so): pl.add(a, b) is a + b.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64], x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        c: pl.Scalar[pl.INT64] = pl.add(a, b)
        d = pl.div(a, b)
        e = pl.mul(pl.sub(c, 1), 2)
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.adds(t, pl.cast(e, pl.FP32) + d), [0, 0], out)
