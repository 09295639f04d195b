import pypto.language as pl

@pl.function
def f(a, b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    return b
