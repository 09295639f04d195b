# tile.set_validshape with constant extents: a second name of a tile's
# buffer with a smaller valid shape (no data moves), read by a fillpad and
# a row reduction; pl.set_validshape on tiles reaches the same op.
import pypto.language as pl

R = 16


@pl.program
class SetValidShape:
    @pl.function(type=pl.FunctionType.InCore)
    def set_valid(
        self,
        a: pl.Tensor[[R, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[R, 64], pl.FP32]],
        m: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
    ) -> tuple[pl.Tensor[[R, 64], pl.FP32], pl.Tensor[[R, 1], pl.FP32]]:
        t = pl.load(a, [0, 0], [R, 64])
        e = pl.exp(t)
        s = pl.set_validshape(e, 12, 40)
        p = pl.fillpad(s, pad_value=pl.PadValue.min)
        w = pl.tile.set_validshape(t, R, 24)
        q = pl.fillpad(w, pad_value=pl.PadValue.min)
        tmp = pl.tile.create([R, 64], dtype=pl.FP32)
        r = pl.row_max(q, tmp)
        s1 = pl.store(p, [0, 0], y)
        s2 = pl.store(r, [0, 0], m)
        return s1, s2
