# Two modules that import each other, one using a name of the other
# before the other has defined it: Python's ImportError, with the cycle.
import pypto.language as pl

from mods.cycle_a import VALUE


@pl.function
def f(x: pl.Tensor[[VALUE, 16], pl.FP32]) -> pl.Tensor[[VALUE, 16], pl.FP32]:
    return x
