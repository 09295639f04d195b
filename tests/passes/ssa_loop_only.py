# pyptocc-flags: --passes=convert_to_ssa
# A name first defined inside a loop body has, after the loop, the value of
# the last iteration, which a loop whose bounds are not constants may not
# have run: the use after it is an error that says so (tests/passes/
# ssa_escape.py has the loops that carry such names out).
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    for i in pl.range(n):
        last = i * 2
    return last
