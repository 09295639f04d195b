# A module-level name that shadows an imported module: its later use as
# the module is an AttributeError on what the name now is.
import math

import pypto.language as pl

math = 2.5
ROWS = math.ceil(64.5)


@pl.function
def f(x: pl.Tensor[[ROWS, 16], pl.FP32]) -> pl.Tensor[[ROWS, 16], pl.FP32]:
    return x
