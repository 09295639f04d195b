import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    if n > 0:
    x = 1
    return n
