import pypto.language as pl

@pl.function
def f(a: pl.Tile[[64, 32], pl.FP16], b: pl.Tile[[64, 64], pl.FP16]) -> pl.Tile[[64, 64], pl.FP32]:
    c = pl.matmul(a, b)
    return c
