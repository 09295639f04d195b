# Seed 05 3.2 and 4.4: a valid shape has the tile's rank and satisfies
# 0 < valid[d] <= shape[d]; it is written on the op that makes a tile, so a
# tile parameter cannot have one.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Valid:
    @pl.function(type=pl.FunctionType.InCore)
    def valid(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[100, 64])] = pl.load(a, [0, 0], [64, 64])
        full = pl.load(a, [0, 0], [64, 64])
        u: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64, 0])] = pl.exp(full)
        r = pl.store(t, [0, 0], [64, 64], out)
        r2 = pl.store(u, [0, 0], [64, 64], r)
        x: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64])] = pl.load(a, [0, 0], [64, 64])
        r3 = pl.store(x, [0, 0], [64, 64], r2)
        return r3
