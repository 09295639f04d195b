# pyptocc-flags: -Dscale=2
# -D sets a module constant: a function of the same name is an error.
import pypto.language as pl


@pl.function
def scale(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    return a
