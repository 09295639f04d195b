# tile.sel with its scratch tile (today's four-argument form): the scratch
# TSEL writes its mask words into.  The user's scratch is taken where it
# has the form the instruction wants (FP32: the result's type) and
# replaced by one that has where not (FP16: the result's bytes as UINT32
# words, where the user passed an FP16 tile).
import pypto.language as pl

R = 16
C = 64


@pl.program
class SelTmp:
    @pl.function(type=pl.FunctionType.InCore)
    def sel_tmp(
        self,
        x: pl.Tensor[[R, C], pl.INT32],
        y: pl.Tensor[[R, C], pl.INT32],
        a: pl.Tensor[[R, C], pl.FP32],
        b: pl.Tensor[[R, C], pl.FP32],
        h: pl.Tensor[[R, C], pl.FP16],
        g: pl.Tensor[[R, C], pl.FP16],
        o32: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o16: pl.Out[pl.Tensor[[R, C], pl.FP16]],
    ) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Tensor[[R, C], pl.FP16]]:
        tx = pl.load(x, [0, 0], [R, C])
        ty = pl.load(y, [0, 0], [R, C])
        m = pl.cmp(tx, ty, cmp_type=2)
        t32 = pl.tile.create([R, C], dtype=pl.FP32)
        r32 = pl.tile.sel(m, pl.load(a, [0, 0], [R, C]), pl.load(b, [0, 0], [R, C]), t32)
        t16 = pl.tile.create([R, C], dtype=pl.FP16)
        r16 = pl.tile.sel(m, pl.load(h, [0, 0], [R, C]), pl.load(g, [0, 0], [R, C]), t16)
        s32 = pl.store(r32, [0, 0], [R, C], o32)
        s16 = pl.store(r16, [0, 0], [R, C], o16)
        return s32, s16
