# Valid shapes under --async: the wait clause comes before the attribute.
# pyptocc-flags: --async
import pypto.language as pl


@pl.program
class Valid:
    @pl.function(type=pl.FunctionType.InCore)
    def valid(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[48, 64])] = pl.load(a, [0, 0], [64, 64])
        u = pl.exp(t)
        v: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[48, 64])] = pl.add(u, t)
        r = pl.store(v, [0, 0], [64, 64], out)
        return r
