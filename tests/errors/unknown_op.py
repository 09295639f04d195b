import pypto.language as pl

@pl.function
def f(t: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32]:
    r = pl.block.frobnicate(t)
    q = pl.frobnicate(name="x", size=4)
    return r
