import pypto.language as pl

@pl.function
def f(t: pl.Tile[[64, 64], pl.FP32], s: pl.Scalar[pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
    c = pl.block.add(t, s)
    return c
