# tile.mgather: a Vec tile read from a tensor by an INT32 index tile.
# coalesce="row": each index of a [1, 16] tile names a row of the [64, 32]
# table (rows + 8 may pass its end: gather_oob="zero" reads zeros there);
# coalesce="elem": each index is a flat element offset into the table
# (idx + 1024 may pass its 2048 elements: "wrap" takes it modulo 2048,
# "clamp" the last element).  pto.mgather with the whole table as its
# partition view; MGATHER<Coalesce, GatherOOB> in C++.  The indices are
# the inputs + 8, so that the runtime's default inputs (integers from -8)
# run too.
import pypto.language as pl


@pl.program
class Mgather:
    @pl.function(type=pl.FunctionType.InCore)
    def mgather(
        self,
        mem: pl.Tensor[[64, 32], pl.FP32],
        rows: pl.Tensor[[1, 16], pl.INT32],
        flat: pl.Tensor[[8, 32], pl.INT32],
        orow: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        ozero: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        oelem: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
        owrap: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
        oclamp: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32],
               pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]]:
        r = pl.tile.adds(pl.load(rows, [0, 0], [1, 16]), pl.const(8, pl.INT32))
        a = pl.tile.mgather(mem, r, coalesce="row")
        z = pl.mgather(mem, pl.tile.adds(r, pl.const(8, pl.INT32)), "row", gather_oob="zero")
        f = pl.tile.adds(pl.load(flat, [0, 0], [8, 32]), pl.const(8, pl.INT32))
        e = pl.tile.mgather(mem, f, coalesce="elem")
        g = pl.tile.adds(f, pl.const(1024, pl.INT32))
        w = pl.tile.mgather(mem, g, coalesce="elem", gather_oob="wrap")
        c = pl.tile.mgather(mem, g, coalesce=1, gather_oob=1)
        s1 = pl.store(a, [0, 0], orow)
        s2 = pl.store(z, [0, 0], ozero)
        s3 = pl.store(e, [0, 0], oelem)
        s4 = pl.store(w, [0, 0], owrap)
        s5 = pl.store(c, [0, 0], oclamp)
        return s1, s2, s3, s4, s5
