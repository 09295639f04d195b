import pypto.language as pl

@pl.function
def f(n: pl.InOut[pl.Scalar[pl.INT64]]) -> pl.Scalar[pl.INT64]:
    return n
