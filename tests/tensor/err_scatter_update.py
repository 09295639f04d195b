# What pl.scatter_update refuses: another dim than -2, src rows that are
# not one per index, src of another element type.
import pypto.language as pl


@pl.program
class ErrScatterUpdate:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        i: pl.Tensor[[2, 8], pl.INT32],
        s: pl.Tensor[[16, 32], pl.FP32],
        s8: pl.Tensor[[8, 32], pl.FP32],
        h: pl.Tensor[[16, 32], pl.FP16],
        out: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        a = pl.scatter_update(x, -1, i, s)
        b = pl.scatter_update(x, -2, i, s8)
        c = pl.scatter_update(x, -2, i, h)
        return out
