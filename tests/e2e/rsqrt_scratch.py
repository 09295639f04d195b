# 1/sqrt with a scratch tile (today's pl.tile.rsqrt(src, tmp), by position
# or as tmp=): the high-precision form, TRSQRT with three operands; the
# plain form beside it.  FP32 and FP16.
import pypto.language as pl

R = 16
C = 64


@pl.program
class RsqrtScratch:
    @pl.function(type=pl.FunctionType.InCore)
    def rsqrt_scratch(
        self,
        p: pl.Tensor[[R, C], pl.FP32],
        h: pl.Tensor[[R, C], pl.FP16],
        o_plain: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_tmp: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_half: pl.Out[pl.Tensor[[R, C], pl.FP16]],
    ) -> pl.Tensor[[R, C], pl.FP16]:
        tp = pl.load(p, [0, 0], [R, C])
        th = pl.load(h, [0, 0], [R, C])
        tmp = pl.tile.create([R, C], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        tmp_h = pl.tile.create([R, C], dtype=pl.FP16, target_memory=pl.MemorySpace.Vec)
        r1 = pl.store(pl.rsqrt(tp), [0, 0], [R, C], o_plain)
        r2 = pl.store(pl.tile.rsqrt(tp, tmp), [0, 0], [R, C], o_tmp)
        r3 = pl.store(pl.rsqrt(th, tmp=tmp_h), [0, 0], [R, C], o_half)
        return r3
