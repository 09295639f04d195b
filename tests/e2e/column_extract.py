# pl.tile.extract of a column within Vec: TEXTRACT writes no column
# vector (column-major), so Legalize takes the window as tile.slice's
# would be, a row of the transpose (a column of a tile) or of the row
# form (rows of a column vector), read back as a column.
import pypto.language as pl


@pl.program
class ColumnExtract:
    @pl.function(type=pl.FunctionType.InCore)
    def column_extract(
        self,
        x: pl.Tensor[[16, 8], pl.FP32],
        c3: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
        low: pl.Out[pl.Tensor[[8, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 8], target_memory=pl.Mem.Vec)
        col: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.extract(t, 0, 3, shape=[16, 1], target_memory=pl.Mem.Vec)
        half: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.muls(col, 0.5)
        tail: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.extract(half, 8, 0, shape=[8, 1], target_memory=pl.Mem.Vec)
        r1 = pl.store(half, [0, 0], c3)
        r2 = pl.store(tail, [0, 0], low)
        return r1
