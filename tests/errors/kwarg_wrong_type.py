import pypto.language as pl

@pl.function
def f(t: pl.Tile[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP16]:
    a = pl.block.cast(t, target_type=pl.MemorySpace.Vec)
    return a
