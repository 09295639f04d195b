# tile.concat: two tiles of as many rows side by side (TCONCAT), FP16 and
# INT32, with a second operand narrower than the first; pl.concat on tiles
# reaches the same op.
import pypto.language as pl

R = 16


@pl.program
class Concat:
    @pl.function(type=pl.FunctionType.InCore)
    def concat(
        self,
        a: pl.Tensor[[R, 32], pl.FP16],
        b: pl.Tensor[[R, 16], pl.FP16],
        i: pl.Tensor[[R, 8], pl.INT32],
        j: pl.Tensor[[R, 24], pl.INT32],
        oh: pl.Out[pl.Tensor[[R, 48], pl.FP16]],
        oi: pl.Out[pl.Tensor[[R, 32], pl.INT32]],
    ) -> tuple[pl.Tensor[[R, 48], pl.FP16], pl.Tensor[[R, 32], pl.INT32]]:
        ta = pl.load(a, [0, 0], [R, 32])
        tb = pl.load(b, [0, 0], [R, 16])
        h = pl.tile.concat(ta, pl.mul(tb, tb))
        ti = pl.load(i, [0, 0], [R, 8])
        tj = pl.load(j, [0, 0], [R, 24])
        k = pl.concat(ti, tj)
        s1 = pl.store(h, [0, 0], oh)
        s2 = pl.store(k, [0, 0], oi)
        return s1, s2
