import pypto.language as pl

@pl.function
def f(t: pl.Tensor[[2, 16, 16], pl.FP32]) -> pl.Tensor[[2, 16, 16], pl.FP32]:
    a = pl.load(t, [0, 0, 0], [2, 16, 16])
    return t
