# pyptocc-flags: --emit=pto
# tile.gather_compare (pto.tgather's compare form) is deduced, a tuple of
# the indices [R, out_cols] and the counts [1, R], but has two results,
# which the lowering of a tile op does not take yet: it says so where the
# op is written.
import pypto.language as pl


@pl.program
class GatherCompare:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 64], pl.INT32],
        kv: pl.Scalar[pl.INT32],
        out: pl.Out[pl.Tensor[[16, 8], pl.INT32]],
    ) -> pl.Tensor[[16, 8], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.tile.create([16, 64], pl.UINT8)
        d, c = pl.tile.gather_compare(t, kv, tmp, cmp_mode="ge", out_cols=8)
        out = pl.store(d, [0, 0], out)
        return out
