import pypto.language as pl


# tile.reinterpret_view(shape=...): a shape of other bytes than the tile's,
# and a tile valid in part.
@pl.function
def f(t: pl.Tile[[16, 16], pl.FP32], u: pl.Tile[[16, 16], pl.FP32, pl.TileView(valid_shape=[8, 16])]):
    a = pl.tile.reinterpret_view(t, dtype=pl.INT16, shape=[8, 32])
    b = pl.tile.reinterpret_view(u, dtype=pl.INT16, shape=[8, 64])
