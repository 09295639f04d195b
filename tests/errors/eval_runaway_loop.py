# A loop that does not end at compile time: an error after the step
# limit, never a hang.
import pypto.language as pl

n = 0
while n >= 0:
    n += 1

ROWS = 64


@pl.function
def f(x: pl.Tensor[[ROWS, 16], pl.FP32]) -> pl.Tensor[[ROWS, 16], pl.FP32]:
    return x
