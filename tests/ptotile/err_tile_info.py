# Seed 05's tile_info has a location and one of its layouts only: no fractal
# size, no pad value, no none_box big layout; and tensor parameters are
# row-major memrefs.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class TileInfo:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_info(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(fractal=1024)] = pl.load(a, [0, 0], [64, 64])
        u: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(pad=pl.TilePad.zero)] = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        r2 = pl.store(u, [0, 0], [64, 64], r)
        v: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.none_box)] = pl.load(a, [0, 0], [64, 64])
        r3 = pl.store(v, [0, 0], [64, 64], r2)
        return r3
