import pypto.language as pl

@pl.function
def f(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[5], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
    c = pl.add(a, b)
    return c
