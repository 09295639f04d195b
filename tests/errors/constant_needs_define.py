# A module constant the compiler cannot evaluate (it comes from the
# environment at run time), used by a program: the error names it and
# says how to give it a value.
import os

import pypto.language as pl

ROWS = int(os.environ.get("ROWS", "64"))
try:
    COLS = int(os.environ["COLS"])
except KeyError:
    COLS = 64


@pl.function
def f(x: pl.Tensor[[ROWS, 64], pl.FP32]) -> pl.Tensor[[ROWS, 64], pl.FP32]:
    return x


@pl.function
def g(x: pl.Tensor[[COLS, 64], pl.FP32]) -> pl.Tensor[[COLS, 64], pl.FP32]:
    return x
