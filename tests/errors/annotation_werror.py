# pyptocc-flags: -Werror
import pypto.language as pl

@pl.function
def f(t: pl.Tile[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
    a: pl.Tile[[64, 64], pl.FP16] = pl.exp(t)
    return a
