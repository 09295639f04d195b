# tile.gather_row into a Vec tile: rows of a [64, 64] pool that the kernel
# chooses, each loaded straight into a row of the tile (pto.subview of the
# tile's buffer + pto.tload; in C++ a Tile at the row's address + TLOAD).
# The tile starts filled with -1: rows 0-15 take pool row (7 i + first) %
# 64; rows 16-23 a window of eight whole rows, pool rows first..first + 7
# (pl.gather_row on a tile).  A second kernel writes only the rows of a
# run-time valid_shape of a window at a run-time row, over a tile of
# zeros: rows at..at + n - 1 are pool rows 8...  (Windows narrower than
# the tile and Mat tiles: gather_row_mat.py.)
import pypto.language as pl


@pl.program
class GatherRow:
    @pl.function(type=pl.FunctionType.InCore)
    def gather_rows(
        self, pool: pl.Tensor[[64, 64], pl.FP32], first: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[24, 64], pl.FP32]]
    ) -> pl.Tensor[[24, 64], pl.FP32]:
        t = pl.tile.full([24, 64], dtype=pl.FP32, value=-1.0)
        for i in pl.range(16):
            t = pl.tile.gather_row(t, pool, [i, 0], [(i * 7 + first) % 64, 0], [1, 64])
        t = pl.gather_row(t, pool, [16, 0], [first, 0], [8, 64])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def gather_valid(
        self, pool: pl.Tensor[[64, 64], pl.FP32], at: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX],
        part: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.full([16, 64], dtype=pl.FP32, value=0.0)
        t = pl.tile.gather_row(t, pool, [at, 0], [8, 0], [8, 64], valid_shape=[n, 64])
        return pl.store(t, [0, 0], part)
