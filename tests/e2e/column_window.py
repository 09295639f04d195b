# A window of rows of a column vector (a row_max result [32, 1], which
# is column-major): TEXTRACT within Vec takes row-major tiles only, so
# Legalize extracts the window from the column's row form [1, 32] (the
# same bytes) and reads it back as a column.
import pypto.language as pl


@pl.program
class ColumnWindow:
    @pl.function(type=pl.FunctionType.InCore)
    def column_window(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        lo: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
        hi: pl.Out[pl.Tensor[[8, 1], pl.FP32]],
    ) -> pl.Tensor[[16, 1], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        tmp = pl.create_tile([32, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        m = pl.row_max(t, tmp)
        r1 = pl.store(m[8:24, 0:1], [0, 0], lo)
        r2 = pl.store(m[24:32, 0:1], [0, 0], hi)
        return r1
