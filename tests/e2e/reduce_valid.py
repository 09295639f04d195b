# Row and column reductions of partly valid tiles: the result is valid
# where the source is, the reduced axis collapsing to one cell (pypto's
# tile.row_sum / tile.col_sum deduction), so PTOAS sees equal valid rows
# (columns) on trowsum's (tcolsum's) source and destination, and a store
# writes exactly the reduced part.
import pypto.language as pl


@pl.program
class ReduceValid:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_valid(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        rs: pl.Out[pl.Tensor[[4, 1], pl.FP32]],
        cs: pl.Out[pl.Tensor[[1, 40], pl.FP32]],
        rm: pl.Out[pl.Tensor[[4, 1], pl.FP32]],
    ) -> tuple[pl.Tensor[[4, 1], pl.FP32], pl.Tensor[[1, 40], pl.FP32], pl.Tensor[[4, 1], pl.FP32]]:
        t = pl.load(a, [0, 0], [16, 64])
        top = pl.set_validshape(t, 4, 64)
        tmp = pl.tile.create([16, 64], dtype=pl.FP32)
        r = pl.row_sum(top, tmp)
        left = pl.set_validshape(t, 16, 40)
        c = pl.col_sum(left)
        m = pl.row_max(top, tmp)
        s1 = pl.store(r, [0, 0], rs)
        s2 = pl.store(c, [0, 0], cs)
        s3 = pl.store(m, [0, 0], rm)
        return s1, s2, s3
