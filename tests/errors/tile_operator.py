import pypto.language as pl

@pl.function
def f(a: pl.Tile[[16, 16], pl.FP32], b: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32]:
    c = a + b
    return c
