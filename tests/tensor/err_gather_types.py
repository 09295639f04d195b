# pyptocc-flags: --passes=default
# pl.gather's type rules: the input's and the index's element types, equal
# ranks, the index no longer than the input but along dim, dim in range,
# mask patterns 1-7 of whole groups of columns, output_dtype of the input's
# width.
import pypto.language as pl


@pl.program
class GatherTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def types(self, x: pl.Tensor[[16, 64], pl.BF16], h: pl.Tensor[[16, 64], pl.FP32],
              i16: pl.Tensor[[16, 32], pl.INT16], i32: pl.Tensor[[32, 32], pl.INT32],
              i3: pl.Tensor[[2, 16, 32], pl.INT32]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.gather(x, dim=-1, index=i16)
        b = pl.gather(h, dim=-1, index=i16)
        c = pl.gather(h, dim=-1, index=i32)
        d = pl.gather(h, dim=-1, index=i3)
        e = pl.gather(h, dim=2, index=i32)
        f = pl.gather(h, mask_pattern=9)
        g = pl.gather(h, mask_pattern=pl.tile.MaskPattern.P1010, output_dtype=pl.INT16)
        k = pl.gather(h[:, 0:62], mask_pattern=pl.tile.MaskPattern.P0001)
        return b

