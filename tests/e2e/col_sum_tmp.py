# pl.tile.col_sum(tile, tmp_tile): today's binary-tree column sum, whose
# scratch holds at least the source's valid columns (PTO: tcolsum with
# {isBinary = true}; C++: TCOLSUM(dst, src, tmp, true)).  The sum of
# each column of a [16, 64] tile, and of the first 40 columns of its
# first 12 rows.
import pypto.language as pl


@pl.program
class ColSumTmp:
    @pl.function(type=pl.FunctionType.InCore)
    def col_sum_tmp(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        s: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        p: pl.Out[pl.Tensor[[1, 40], pl.FP32]],
    ) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[1, 40], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.tile.create([8, 64], dtype=pl.FP32)
        c = pl.tile.col_sum(t, tmp)
        part = pl.set_validshape(t, 12, 40)
        q = pl.tile.col_sum(part, tmp)
        s1 = pl.store(c, [0, 0], s)
        s2 = pl.store(q, [0, 0], p)
        return s1, s2
