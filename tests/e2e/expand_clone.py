# pl.expand_clone(input, target): the 3-D input's values written into
# target, broadcast along the one dimension where input has 1 (none, the
# batch, the rows, the columns), as the block ops pypto's conversion makes
# (the batch loop unrolled; a column, [N, 1], is loaded batch by batch).
import pypto.language as pl


@pl.program
class ExpandClone:
    @pl.function(type=pl.FunctionType.InCore)
    def batch(self, a: pl.Tensor[[1, 4, 16], pl.FP16], ya: pl.Out[pl.Tensor[[3, 4, 16], pl.FP16]]) -> pl.Tensor[[3, 4, 16], pl.FP16]:
        ya = pl.expand_clone(a, ya)
        return ya

    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, b: pl.Tensor[[2, 1, 8], pl.FP32], yb: pl.Out[pl.Tensor[[2, 4, 8], pl.FP32]]) -> pl.Tensor[[2, 4, 8], pl.FP32]:
        yb = pl.expand_clone(b, yb)
        return yb

    @pl.function(type=pl.FunctionType.InCore)
    def cols(self, c: pl.Tensor[[2, 8, 1], pl.FP32], yc: pl.Out[pl.Tensor[[2, 8, 8], pl.FP32]]) -> pl.Tensor[[2, 8, 8], pl.FP32]:
        yc = pl.expand_clone(c, yc)
        return yc

    @pl.function(type=pl.FunctionType.InCore)
    def same(self, d: pl.Tensor[[2, 4, 8], pl.FP32], yd: pl.Out[pl.Tensor[[2, 4, 8], pl.FP32]]) -> pl.Tensor[[2, 4, 8], pl.FP32]:
        yd = pl.expand_clone(d, yd)
        return yd

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[1, 4, 16], pl.FP16],
        b: pl.Tensor[[2, 1, 8], pl.FP32],
        c: pl.Tensor[[2, 8, 1], pl.FP32],
        d: pl.Tensor[[2, 4, 8], pl.FP32],
        ya: pl.Out[pl.Tensor[[3, 4, 16], pl.FP16]],
        yb: pl.Out[pl.Tensor[[2, 4, 8], pl.FP32]],
        yc: pl.Out[pl.Tensor[[2, 8, 8], pl.FP32]],
        yd: pl.Out[pl.Tensor[[2, 4, 8], pl.FP32]],
    ) -> tuple[
        pl.Tensor[[3, 4, 16], pl.FP16], pl.Tensor[[2, 4, 8], pl.FP32], pl.Tensor[[2, 8, 8], pl.FP32], pl.Tensor[[2, 4, 8], pl.FP32]
    ]:
        ya = self.batch(a, ya)
        yb = self.rows(b, yb)
        yc = self.cols(c, yc)
        yd = self.same(d, yd)
        return ya, yb, yc, yd
