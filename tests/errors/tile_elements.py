# tile.read and tile.write: the indices name one element of the tile (one
# per dimension, or one flat index) and the value is a scalar
# (tile_elements_mat.py: the tile is in Vec).
import pypto.language as pl


@pl.program
class TileElements:
    @pl.function(type=pl.FunctionType.InCore)
    def ranks(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        a = pl.tile.read(t, [1, 2, 3])
        b = pl.tile.read(t, [1024])
        c = pl.tile.read(t, [2, 64])
        pl.tile.write(t, [0, 0], t)
        out = pl.store(t, [0, 0], out)
        return out
