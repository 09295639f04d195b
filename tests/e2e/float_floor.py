# Floor division and remainder of float scalars take Python's meaning in
# every output: a // b = floor(a / b), a % b = a - b * floor(a / b), which
# has the sign of b (C's fmod and MLIR's arith.remf take a's).  PTO MLIR
# has no floor: the emitter builds it from a conversion to i64 and back.
# a = -7.5, b = 2.0: q1 = a // b = -4, m1 = a % b = 0.5; q2 = 7.5 // -2.0
# = -4, m2 = 7.5 % -2.0 = -0.5; q3 = big // 1.0 keeps 1e9 (past 2^23,
# already whole); y = x * (q1 + m1) + (q2 + m2) + q3 / 1e9.
import pypto.language as pl

ROWS = 16
COLS = 64


@pl.program
class FloatFloor:
    @pl.function(type=pl.FunctionType.InCore)
    def float_floor(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        a: pl.Scalar[pl.FP32],
        b: pl.Scalar[pl.FP32],
        big: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        q1: pl.Scalar[pl.FP32] = a // b
        m1: pl.Scalar[pl.FP32] = a % b
        q2: pl.Scalar[pl.FP32] = (0.0 - a) // (0.0 - b)
        m2: pl.Scalar[pl.FP32] = (0.0 - a) % (0.0 - b)
        q3: pl.Scalar[pl.FP32] = big // 1.0
        t = pl.load(x, [0, 0], [ROWS, COLS])
        u = pl.adds(pl.muls(t, q1 + m1), q2 + m2 + q3 / 1000000000.0)
        r = pl.store(u, [0, 0], [ROWS, COLS], y)
        return r
