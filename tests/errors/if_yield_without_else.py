import pypto.language as pl

@pl.function
def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    if a > 0:
        b = pl.yield_(a)
    return a
