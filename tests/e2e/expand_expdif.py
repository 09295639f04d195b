# exp(x - v) with a broadcast vector: tile.row_expand_expdif ([M, 1], the
# softmax numerator exp(s - row max)) and tile.col_expand_expdif ([1, N]),
# FP32 and FP16 (TROWEXPANDEXPDIF, TCOLEXPANDEXPDIF take no others).
import pypto.language as pl

R = 16


@pl.program
class ExpandExpdif:
    @pl.function(type=pl.FunctionType.InCore)
    def expand_expdif(
        self,
        s: pl.Tensor[[R, 64], pl.FP32],
        h: pl.Tensor[[R, 32], pl.FP16],
        cv: pl.Tensor[[1, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[R, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[R, 32], pl.FP16]],
    ) -> tuple[pl.Tensor[[R, 64], pl.FP32], pl.Tensor[[R, 32], pl.FP16]]:
        t = pl.load(s, [0, 0], [R, 64])
        tmp = pl.tile.create([R, 64], dtype=pl.FP32)
        m = pl.row_max(t, tmp)
        e = pl.row_expand_expdif(t, m)
        s1 = pl.store(e, [0, 0], y)
        u = pl.load(h, [0, 0], [R, 32])
        c = pl.load(cv, [0, 0], [1, 32])
        f = pl.tile.col_expand_expdif(u, c)
        s2 = pl.store(f, [0, 0], z)
        return s1, s2
