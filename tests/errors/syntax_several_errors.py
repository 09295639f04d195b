import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    a = n +
    b = (n * 2
    c = n
    d = * n
    return n
