# pyptocc-flags: --passes=flatten_call_expr
# A pass whose precondition does not hold is an error that names the pass
# to run first (here x is assigned twice: not SSA form).
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    x = n + 1
    x = x * 2
    return x
