# pl.yield_ ends its loop body or if branch: a statement after it is an
# error (once per body), whether the yield names values or not; a pass or
# a string after it does nothing and is no error.
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    i: pl.Scalar[pl.INT64] = 0
    for k, (a,) in pl.range(4, init_values=(i,)):
        b = pl.yield_(a + 1)
        c = a + 2
        c = a + 3
    if n > 5:
        d = pl.yield_(n)
        pass
    else:
        d = pl.yield_(i)
        "a comment"
    while i < n:
        if i > 2:
            pl.yield_()
        else:
            pl.yield_()
            i = i + 2
        i = i + 1
    return b + d
