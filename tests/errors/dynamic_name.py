# A dynamic dimension's name is how types print it, so it must be an
# identifier that reads back (found by fuzzing: "=" printed as [[=, 32]]).
import pypto.language as pl

M = pl.dynamic("=")


@pl.function
def f(y: pl.Tensor[[M, 32], pl.FP32]) -> pl.Tensor[[M, 32], pl.FP32]:
    return y
