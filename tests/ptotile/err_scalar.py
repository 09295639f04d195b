# Scalar operators without a seed-05 (arith-style) op: '**' and '//' on
# floats.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Scalars:
    @pl.function(type=pl.FunctionType.InCore)
    def scalars(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                s: pl.Scalar[pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.adds(t, s ** 2.0)
        v = pl.muls(t, s // 2.0)
        r = pl.store(u, [0, 0], [64, 64], out)
        r2 = pl.store(v, [0, 0], [64, 64], r)
        return r2
