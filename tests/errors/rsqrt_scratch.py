# The scratch tile of pl.tile.rsqrt(src, tmp) has the source's shape and
# element type; high_precision= is the tensor op's (a tile takes the
# scratch tile instead); three arguments are one too many.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[16, 64], pl.FP32], u: pl.Tile[[16, 32], pl.FP32], h: pl.Tile[[16, 64], pl.FP16]) -> pl.Tile[[16, 64], pl.FP32]:
    a = pl.tile.rsqrt(t, u)
    b = pl.tile.rsqrt(t, h)
    c = pl.rsqrt(t, high_precision=True)
    d = pl.tile.rsqrt(t, t, t)
    return a
