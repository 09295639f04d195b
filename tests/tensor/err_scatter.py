# What pl.scatter (tensor.scatter) and tile.scatter refuse when deduced:
# an index width that is not the element's (a 4-byte element takes INT32,
# a 2-byte one INT16), another dimension than the last, src with more
# rows than the input, src of another element type, and indices of
# another shape than src's; the mask form with a destination that is not
# the source's columns times the pattern's step, or a pattern past 7.
import pypto.language as pl


@pl.program
class ErrScatter:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        h: pl.Tensor[[16, 32], pl.FP16],
        i32: pl.Tensor[[8, 8], pl.INT32],
        big: pl.Tensor[[32, 8], pl.INT32],
        v: pl.Tensor[[8, 8], pl.FP32],
        vb: pl.Tensor[[32, 8], pl.FP32],
        vh: pl.Tensor[[8, 8], pl.FP16],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.scatter(h, dim=-1, index=i32, src=vh)
        b = pl.scatter(x, dim=0, index=i32, src=v)
        c = pl.scatter(x, dim=-1, index=big, src=vb)
        d = pl.scatter(x, dim=-1, index=i32, src=vh)
        t = pl.load(x, [0, 0], [16, 16])
        e = pl.tile.scatter(t, pl.load(v, [0, 0], [8, 8]), pl.load(i32, [0, 0], [8, 4]))
        f = pl.scatter(v, mask_pattern=pl.tile.MaskPattern.P0101, dst=x)
        g = pl.tile.scatter_mask(t, t, mask_pattern=8)
        return x
