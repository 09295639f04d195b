import pypto.language as pl

@pl.function
def f(t: pl.Tile[[2, 16, 16], pl.FP32]) -> pl.Tile[[2, 16, 16], pl.FP32]:
    return t
