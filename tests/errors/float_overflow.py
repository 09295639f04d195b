# Floats must be finite: Python reads 1e400 as inf and folds 1e300 * 1e300
# to inf, but the IR has no text for it (found by fuzzing: printing such a
# constant was an internal error).
import pypto.language as pl

HUGE = 1e300 * 1e300


@pl.function
def g(a: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
    c = a * HUGE
    return c


@pl.function
def f(a: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
    b = a + 1e400
    return b
