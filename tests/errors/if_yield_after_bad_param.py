# A parameter whose type has an error poisons its uses; an if that yields
# such a value reports nothing more (one error, no crash; found by fuzzing).
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INT64], y: pd.Scalar[pl.FP32]) -> pl.Scalar[pl.INT64]:
    if x > 0:
        a, b = pl.yield_(x + 1, y * 2.0)
    else:
        a, b = pl.yield_(x - 1, y / 2.5)
    c: pl.Scalar[pl.INT64] = a // 3
    return c
