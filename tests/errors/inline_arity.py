import pypto.language as pl

@pl.inline
def double(x):
    y = x * 2
    return y

@pl.function
def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    b = double(a, a)
    return b
