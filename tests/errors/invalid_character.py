import pypto.language as pl

@pl.function
def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    b = a $ 2
    return b
