# A module constant computed from a module that is not available at
# compile time (torch), used by a kernel: the error names the constant,
# says why its value is not known and how to give it one, and points at
# where it became unknown.  A constant that is not used is no error.
import torch

import pypto.language as pl

ROWS = torch.cuda.device_count() * 16
UNUSED = torch.float32
COLS = 64


@pl.function
def f(x: pl.Tensor[[ROWS, COLS], pl.FP32]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
    return x
