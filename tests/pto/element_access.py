# Element reads and writes inside a kernel, in PTO: of global memory from
# the scalar unit (pto.load_scalar / pto.store_scalar on the parameter's
# pointer at the flat offset, a view's offset added: here the rows from
# `first` of a [4, 8] INT64 table), INT64 elements as index values
# (arith.index_cast); on-core arrays of INT64 and BOOL (pto.declare_local_array,
# zero-filled, then local_array_get / local_array_set); and the element of
# a tile the kernel computes (pto.tgetval).
import pypto.language as pl


@pl.program
class ElementAccess:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, table: pl.Tensor[[4, 8], pl.INT64], first: pl.Scalar[pl.INDEX], x: pl.Tensor[[64, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[2, 32], pl.FP32]], marks: pl.Out[pl.Tensor[[1, 8], pl.FP32]]
             ) -> tuple[pl.Tensor[[2, 32], pl.FP32], pl.Tensor[[1, 8], pl.FP32]]:
        rows = pl.slice(table, [2, 8], [first, 0])
        seen = pl.array.create(2, pl.INT64)
        hit = pl.array.create(2, pl.BOOL)
        for k in pl.range(2):
            r = pl.read(rows, [k, 3])
            seen[k] = r
            hit[k] = r > 10
            t = pl.load(x, [r, 0], [1, 32])
            t = pl.mul(t, 2.0)
            out = pl.store(t, [k, 0], out)
            marks = pl.write(marks, [0, k], pl.tile.read(t, [0, 5]))
        if hit[1]:
            marks = pl.write(marks, [0, 7], 1.0)
        marks = pl.write(marks, [0, 6], pl.cast(seen[0] + seen[1], pl.FP32))
        return out, marks
