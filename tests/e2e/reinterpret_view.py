# tile.reinterpret_view: an INT32 tile's bytes read as INT16 elements
# (twice the columns, no data moves: a second tile_buf at the same
# address, or pto.treshape; in C++ a second Tile at the same address),
# added to themselves as INT16 and stored.
import pypto.language as pl


@pl.program
class ReinterpretView:
    @pl.function(type=pl.FunctionType.InCore)
    def reinterpret_view(
        self,
        x: pl.Tensor[[16, 64], pl.INT32],
        y: pl.Out[pl.Tensor[[16, 128], pl.INT16]],
    ) -> pl.Tensor[[16, 128], pl.INT16]:
        t = pl.load(x, [0, 0], [16, 64])
        h = pl.reinterpret_view(t, pl.INT16)
        d = pl.add(h, h)
        y = pl.store(d, [0, 0], y)
        return y
