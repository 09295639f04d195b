# Non-ASCII names are valid Python, but not inside a pypto function.
import pypto.language as pl

α = 2


@pl.function
def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    β = a * α
    return β
