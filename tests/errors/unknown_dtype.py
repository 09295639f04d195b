import pypto.language as pl

@pl.function
def f(t: pl.Tensor[[16, 16], pl.FP33]) -> pl.Tensor[[16, 16], pl.FP32]:
    return t
