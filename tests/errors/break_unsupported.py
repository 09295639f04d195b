import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    for i in pl.range(n):
        break
    return n
