import pypto.language as pl

@pl.function
def f(t: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    a = pl.load(t, [0, 0], [64, 64]
    return t
