# Found by fuzz_frontend (seeded with pypto's tests): an if on an INT32
# scalar prints its condition as pl.cast(cond, pl.INT64) == 1, which the
# compile-time evaluator took for the constant False (a DSL call's object
# is not 1), so the printed program's if branch was dead code whose names
# were not visible after the if: t after it was the load, not the product,
# and the round trip was not structurally equal.  A pl.* call's value is
# known only when the kernel runs.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], cond: pl.Scalar[pl.INT32],
          c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        if cond == 1:
            t = pl.mul(t, 2.0)
        if not pl.cast(cond, pl.INT64) > 3:
            t = pl.add(t, 1.0)
        out = pl.store(t, [0, 0], c)
        return out
