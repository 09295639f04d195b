# Columns of a row-major Vec tile as column vectors (x[:, 1:2]): a column
# vector is column-major, which TEXTRACT within Vec does not write, so
# Legalize takes the column as a row of the tile's transpose and reads
# that row back as a column.
import pypto.language as pl


@pl.program
class ColumnOfTile:
    @pl.function(type=pl.FunctionType.InCore)
    def column_of_tile(
        self,
        x: pl.Tensor[[16, 8], pl.FP32],
        c1: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
        mx: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 8])
        a = t[0:16, 1:2]
        b = t[0:16, 5:6]
        r1 = pl.store(a, [0, 0], c1)
        r2 = pl.store(pl.maximum(a, b), [0, 0], mx)
        return r1
