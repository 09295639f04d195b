# An if whose condition is a pl.* call on a kernel value is decided when
# the kernel runs: its branches are live code.  The compile-time evaluator
# took pl.cast(n, pl.INT64) == 1 for the constant False (the call's DSL
# object is not 1) and read the if branch as dead code, where a zero
# extent is allowed, and then dropped the if; the load of no rows is an
# error like anywhere else.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT32],
          c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        if pl.cast(n, pl.INT64) == 1:
            e = pl.load(a, [0, 0], [0, 64])
        if not pl.cast(n, pl.INT64) > 2:
            e = pl.load(a, [0, 0], [64, 0])
        out = pl.store(t, [0, 0], c)
        return out
