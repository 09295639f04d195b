# pl.tile.random / pl.random: six INT32 seed words (a literal may spell a
# UINT32 bit pattern), a static 2-D shape, INT32 or UINT32 words, 7 or 10
# rounds, a valid shape of positive constants inside the shape (pypto's
# DeduceTileRandomType; pto-isa's TRANDOM static_asserts).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.INT64], n: pl.Scalar[pl.INDEX]) -> pl.Tile[[4, 256], pl.UINT32]:
    a = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 256], dtype=pl.FP32)
    b = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 256], rounds=8)
    c = pl.tile.random(1, 2, 3, 4, 5, 6, [2, 4, 256])
    d = pl.tile.random(1, s, 3, 4, 5, 6, [4, 256])
    e = pl.tile.random(1, 2, 0x100000000, 4, 5, 6, [4, 256])
    f = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 256], valid_shape=[4, 300])
    g = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 256], valid_shape=[n, 256])
    h = pl.tile.random(1, 2, 3, 4, 5, [4, 256])
    t = pl.random(1, 2, 3, 4, 5, 6, [4, 256], dtype=pl.INT16)
    x = pl.tile.random(0xFFFFFFFF, -0x80000000, 3, 4, 5, 6, [4, 256])
    return x
