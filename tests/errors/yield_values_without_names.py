# A pl.yield_ that gives values needs something to receive them: names in
# an if (its results), init_values in a loop (its iter_args).
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    i: pl.Scalar[pl.INT64] = 0
    if n > 5:
        i = i + 2
        pl.yield_(i)
    else:
        pl.yield_()
    for k in pl.range(4):
        i = i + 1
        pl.yield_(i)
    while i < n:
        i = i + 1
        pl.yield_(i, n)
    return i
