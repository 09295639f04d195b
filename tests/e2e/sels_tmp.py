# tile.sels with its scratch tile (today's four-argument form, TSELS):
# src where the mask's bit is set, else a scalar.  Masks of 8-bit elements
# (a comparison's) and of 32-bit ones (loaded: bit c % 32 of element
# c / 32 selects column c).  The user's scratch is taken where it has the
# form the A2/A3 instruction wants (a row of the source's type) and
# replaced where not (the source itself; a UINT8 tile).
import pypto.language as pl

R = 16
C = 64


@pl.program
class SelsTmp:
    @pl.function(type=pl.FunctionType.InCore)
    def sels_tmp(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        xi: pl.Tensor[[R, C], pl.INT32],
        w: pl.Tensor[[R, 8], pl.INT32],
        h: pl.Tensor[[R, C], pl.FP16],
        o32: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        oi: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o16: pl.Out[pl.Tensor[[R, C], pl.FP16]],
    ) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Tensor[[R, C], pl.INT32], pl.Tensor[[R, C], pl.FP16]]:
        tx = pl.load(x, [0, 0], [R, C])
        m = pl.tile.cmps(tx, 0.0, cmp_type=4)
        t32 = pl.tile.create([1, C], dtype=pl.FP32)
        r32 = pl.tile.sels(m, tx, t32, -3.0)
        ti = pl.load(xi, [0, 0], [R, C])
        mi = pl.tile.cmps(ti, 5, cmp_type=2)
        ri = pl.tile.sels(mi, ti, ti, -7)
        mw = pl.load(w, [0, 0], [R, 8])
        tu8 = pl.tile.create([1, 32], dtype=pl.UINT8)
        r16 = pl.tile.sels(mw, pl.load(h, [0, 0], [R, C]), tu8, 1.5)
        s32 = pl.store(r32, [0, 0], o32)
        si = pl.store(ri, [0, 0], oi)
        s16 = pl.store(r16, [0, 0], o16)
        return s32, si, s16
