# Found by fuzz_pipeline (a mutation of tests/ptotile/async_if): the branches
# of an if give k two types (its annotation FP32 matched only the first
# value; 310 is INT64, -Wannotation).  ConvertToSSA built an if whose yield
# did not match its return variable: Verify reported it, and with
# --enable-debug-passes it was an internal error after convert_to_ssa.
# pyptocc-flags: --async
import pypto.language as pl


@pl.program
class Branch:
    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], zero: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        if n > 2:
            r = pl.muls(ta, 2.0)
            k: pl.Scalar[pl.FP32] = 1.5
        else:
            r = pl.muls(tb, 0.5)
            k: pl.Scalar[pl.FP32] = 310
        s = pl.adds(r, k)
        if n == 0:
            z = pl.store(tb, [0, 0], [64, 64], zero)
        o = pl.store(s, [0, 0], [64, 64], out)
        return o
