# What the compare gather refuses when deduced: a kvalue of another type
# than the source's, out_cols that is not positive, a cmp_mode that is no
# comparison, a count_dtype other than INT32 or UINT32; pl.gather's
# compare form on tensors is deduced the same way.
import pypto.language as pl


@pl.program
class GatherCompareTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        kv: pl.Scalar[pl.INT32],
        kf: pl.Scalar[pl.FP32],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.tile.create([16, 64], pl.UINT8)
        a, b = pl.tile.gather_compare(t, kv, tmp, cmp_mode="eq", out_cols=8)
        c, d = pl.tile.gather_compare(t, kf, tmp, cmp_mode="eq", out_cols=0)
        e, f = pl.tile.gather_compare(t, kf, tmp, cmp_mode="lower", out_cols=8)
        g, h = pl.gather(x, kvalue=kf, cmp_mode=5, out_cols=8, count_dtype=pl.INT16)
        i, j = pl.gather(x, kvalue=kf, cmp_mode="lt", out_cols=8, count_dtype=pl.UINT32)
        return x
