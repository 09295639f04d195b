# pyptocc-flags: --passes=convert_to_ssa
# A name first defined inside a loop body is not available after the loop
# (a zero-trip loop would leave it undefined; SSA has no value for it).
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    for i in pl.range(n):
        last = i * 2
    return last
