# An attribute of None at compile time (a configuration that was never
# set): AttributeError, located.
import pypto.language as pl

ACTIVE = None
ROWS = ACTIVE.rows


@pl.function
def f(x: pl.Tensor[[ROWS, 16], pl.FP32]) -> pl.Tensor[[ROWS, 16], pl.FP32]:
    return x
