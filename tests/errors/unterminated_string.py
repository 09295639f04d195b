import pypto.language as pl

@pl.function
def f(t: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP16]:
    c = pl.block.cast(t, target_type=pl.FP16, mode="round)
    return c
