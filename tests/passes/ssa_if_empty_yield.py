# pyptocc-flags: --passes=convert_to_ssa
# Branches that end in pl.yield_() without values: when ConvertToSSA gives
# the if results (here y, assigned in one branch; z in both), the yield
# of each branch becomes the one yield of the results; an if that gets
# none keeps its empty yields.
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = n
    if n > 5:
        y = y + 1
        pl.yield_()
    else:
        pl.yield_()
    if y > 0:
        z = y * 2
        pl.yield_()
    else:
        z = y
        pl.yield_()
    if z > 9:
        w = z
        pl.yield_()
    else:
        pl.yield_()
    return z
