# A lambda at module level is Python around the program and is skipped;
# inside a pypto function it is an error.
import pypto.language as pl

square = lambda x: x * x


@pl.function
def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    g = lambda x: x * x
    return a
