# Each branch of an if reads the names as they were before the if: the
# else branch's t is the loaded [64, 64] tile, not the if branch's
# [128, 32] reshape of it (the if branch's names were visible in the else
# branch, which typed r as [128, 32] and its store as running past the
# tensor).  After the if, t is the reshape of either branch.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64],
          c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        if n == 1:
            t = pl.reshape(t, [128, 32])
            r = pl.reshape(pl.muls(t, 2.0), [64, 64])
        else:
            r = pl.adds(t, 1.0)
            t = pl.reshape(t, [128, 32])
        out = pl.store(r, [0, 0], c)
        return out
