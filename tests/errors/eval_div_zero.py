# Division by zero at compile time, in module code: ZeroDivisionError,
# located at the operation.
import pypto.language as pl

HIDDEN = 64
HEADS = HIDDEN // 128
HEAD_DIM = HIDDEN // HEADS


@pl.function
def f(x: pl.Tensor[[HEAD_DIM, 16], pl.FP32]) -> pl.Tensor[[HEAD_DIM, 16], pl.FP32]:
    return x
