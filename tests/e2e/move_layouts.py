# Today's pl.tile.move(tile, target_memory, blayout=, slayout=): the
# result's layouts, as written or positionally.  Vec to Vec in the default
# layouts, and a row reduction's [16, 1] result moved into a col_major
# column (the layout a column vector has anyway).
import pypto.language as pl


@pl.program
class MoveLayouts:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          rows: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 1], pl.FP32]]:
        t = pl.load(a, [0, 0], [16, 64])
        m = pl.move(t, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.row_major,
                    slayout=pl.TileLayout.none_box)
        s = pl.row_sum(m, pl.create_tile([16, 64], dtype=pl.FP32))
        c = pl.tile.move(s, pl.Mem.Vec, pl.TileLayout.col_major)
        out = pl.store(pl.exp(m), [0, 0], out)
        rows = pl.store(c, [0, 0], rows)
        return out, rows
