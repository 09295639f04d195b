# '**' on scalars (issue 11): PTO has no power instruction, so Legalize
# expands a constant whole exponent into multiplications, for MLIR and C++
# alike.  s = a ** 3 (FP32), k = n ** 2 (INT64, exact), z = a ** 0 is 1,
# w = a ** 2.0; y = x * (s + k + z + w).
import pypto.language as pl

ROWS = 32
COLS = 64


@pl.program
class PowScalars:
    @pl.function(type=pl.FunctionType.InCore)
    def pow_scalars(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        a: pl.Scalar[pl.FP32],
        n: pl.Scalar[pl.INT64],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        s: pl.Scalar[pl.FP32] = a ** 3
        k: pl.Scalar[pl.INT64] = n ** 2
        z: pl.Scalar[pl.FP32] = a ** 0
        w: pl.Scalar[pl.FP32] = a ** 2.0
        t = pl.load(x, [0, 0], [ROWS, COLS])
        u = pl.muls(t, s + pl.cast(k, pl.FP32) + z + w)
        r = pl.store(u, [0, 0], [ROWS, COLS], y)
        return r
