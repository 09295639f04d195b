# pl.expand_clone takes 3-D tensors whose dimensions are equal or 1 in at
# most one (pypto's tensor.expand_clone).
import pypto.language as pl


@pl.program
class ExpandClone:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[4, 16], pl.FP32],
        b: pl.Tensor[[1, 1, 16], pl.FP32],
        c: pl.Tensor[[2, 3, 16], pl.FP32],
        y: pl.Out[pl.Tensor[[2, 4, 16], pl.FP32]],
    ) -> pl.Tensor[[2, 4, 16], pl.FP32]:
        y1 = pl.expand_clone(a, y)
        y2 = pl.expand_clone(b, y)
        y3 = pl.expand_clone(c, y)
        return y
