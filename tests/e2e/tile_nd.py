# Tiles of rank 3 and 4 (FlattenTileNdTo2D): each becomes its 2-D form,
# leading dimensions merged into rows.  A 4-D window loaded from the first
# half of dimension 0 and stored into the second half; row reductions and
# expansions on the merged rows; a 3-D window per batch in a loop; 3-D
# create and full; a window whose rows are valid only in part.
import pypto.language as pl


@pl.program
class TileNd:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_nd(
        self,
        a: pl.Tensor[[4, 3, 8, 64], pl.FP32],
        b: pl.Tensor[[3, 16, 32], pl.FP32],
        y: pl.InOut[pl.Tensor[[4, 3, 8, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[3, 16, 32], pl.FP32]],
        w: pl.Out[pl.Tensor[[2, 8, 32], pl.FP32]],
    ) -> tuple[pl.Tensor[[4, 3, 8, 64], pl.FP32], pl.Tensor[[3, 16, 32], pl.FP32], pl.Tensor[[2, 8, 32], pl.FP32]]:
        t: pl.Tile[[2, 3, 8, 64], pl.FP32] = pl.load(a, [0, 0, 0, 0], [2, 3, 8, 64])
        sq = pl.tile.mul(t, t)
        tmp = pl.tile.create([2, 3, 8, 64], dtype=pl.FP32)
        s: pl.Tile[[2, 3, 8, 1], pl.FP32] = pl.tile.row_sum(sq, tmp)
        c = pl.tile.row_expand_sub(sq, s)
        y = pl.store(c, [2, 0, 0, 0], y)
        for i in pl.range(3):
            u: pl.Tile[[1, 16, 32], pl.FP32] = pl.load(b, [i, 0, 0], [1, 16, 32])
            one = pl.tile.full([1, 16, 32], dtype=pl.FP32, value=1.0)
            e = pl.tile.add(pl.tile.exp(u), one)
            z = pl.store(e, [2 - i, 0, 0], z)
        v = pl.load(b, [1, 0, 0], [1, 8, 32], valid_shape=[1, 5, 32])
        f = pl.fillpad(pl.tile.muls(v, 3.0), pad_value=pl.PadValue.zero)
        w = pl.store(f, [1, 0, 0], w)
        w = pl.store(pl.tile.muls(v, 2.0), [0, 0, 0], w)
        return y, z, w
