import pypto.language as pl

@pl.function
def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    b = a + 99999999999999999999
    return b
