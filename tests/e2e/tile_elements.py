# tile.read and tile.write: elements of a Vec tile read into scalars and
# written back by the scalar unit (pto.tgetval / tsetval, Tile::GetValue /
# SetValue), at constant and run-time indices, before and after vector
# work on the same tile (the flags between the S and V pipes); also as
# subscripts, u[i, j] = t[k, l].
import pypto.language as pl


@pl.program
class TileElements:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_elements(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        a = pl.tile.read(t, [1, 2])
        b = pl.read(t, [3, 4])
        pl.tile.write(t, [0, 0], a + b)
        for i in pl.range(16):
            v = pl.tile.read(t, [i, 5])
            pl.tile.write(t, [i, 6], v * 2.0)
        u = pl.add(t, t)
        pl.write(u, [15, 63], a)
        u[14, 0] = t[0, 0]
        out = pl.store(u, [0, 0], out)
        return out
