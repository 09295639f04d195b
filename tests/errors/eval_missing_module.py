# A value taken from a module that is not available at compile time
# (golden, as pypto-lib's drivers import it), used by a kernel.
import pypto.language as pl

from golden import TILE, unused_helper

ROWS = 64


@pl.function
def f(x: pl.Tensor[[ROWS, TILE], pl.FP32]) -> pl.Tensor[[ROWS, 16], pl.FP32]:
    return x
