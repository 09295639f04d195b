# pyptocc-flags: --passes=convert_to_ssa
# A name defined in one branch only is not available after the if.
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    if n > 0:
        y = n + 1
    return y
