import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    """Never closed.
    return n
