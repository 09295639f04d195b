import pypto.language as pl

@pl.function
def f(a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.BOOL]:
    c = 0 < a < b
    return c
