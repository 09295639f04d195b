import pypto.language as pl

@pl.function
def f(t: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
    a = pl.load(t, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec, layout=1)
    return a
