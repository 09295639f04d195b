# pl.tile.ci / pl.arange: an INT16 or INT32 sequence along the last
# dimension of a shape whose other dimensions are 1 (pto-isa's TCI fills
# one row), more than one element long, from an integer start that fits.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(f: pl.Scalar[pl.FP32]) -> pl.Tile[[1, 64], pl.INT32]:
    a = pl.tile.ci(0, [1, 64], dtype=pl.FP32)
    b = pl.tile.ci(0, [2, 64])
    c = pl.tile.ci(0, [1, 1])
    d = pl.tile.ci(40000, [1, 16], dtype=pl.INT16)
    e = pl.tile.ci(f, [1, 64])
    g = pl.tile.ci(0, [1, 64])
    return g
