import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    for (x,) in pl.while_(init_values=(n,)):
        x = pl.yield_(x - 1)
    return x
