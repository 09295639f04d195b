# pyptocc-flags: --emit=pto
# Tiles of rank 3 or more become 2-D (FlattenTileNdTo2D), leading
# dimensions merged into rows: an op that does not compute the same on the
# merged rows, a valid part that is not a band of whole rows, a broadcast
# across a leading dimension, and a window whose rows do not match the
# tile are errors, each where it is written.
import pypto.language as pl


@pl.program
class TileNd:
    @pl.function(type=pl.FunctionType.InCore)
    def ops(self, x: pl.Tensor[[2, 16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        u = pl.tile.transpose(t, 1, 2)
        v = pl.load(x, [0, 0, 0], [2, 16, 64], valid_shape=[2, 8, 64])
        w = pl.load(x, [0, 0, 0], [1, 16, 64])
        b = pl.tile.add(t, pl.tile.create([1, 16, 64], dtype=pl.FP32))
        out = pl.store(t, [0, 0, 0], out)
        return out
