import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    a: pl.Scalar[pl.INT64] = 0
    for i, (x, y) in pl.range(n, init_values=(a,)):
        x, y = pl.yield_(x + 1, y)
    return x
