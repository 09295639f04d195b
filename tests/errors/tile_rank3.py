# pyptocc-flags: --emit=pto
# A kernel takes tiles of rank 1 or 2 (FlattenTileNdTo2D makes the tiles
# it computes 2-D, not those it is given).
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(t: pl.Tile[[2, 16, 16], pl.FP32]) -> pl.Tile[[2, 16, 16], pl.FP32]:
    return t
