# Found by fuzz_pipeline (seed 11, --enable-debug-passes) on 7bb0cb3: the
# orchestration's copy of an inlined kernel call kept the declared return
# type ([div_64, 64]) while the value was [64, 64]; the pass manager's
# check after ConvertTensorToBlockOps stopped with an internal error
# (tests/tensor/convert_return_annotation).
# pyptocc-flags: --passes=default
# Broadcasting operands of tensor ops, each as the block ops allow: a 1-D
# [128] row (reshaped to [1, 128], col_expand), x - r with the [64, 1]
# vector on the left (expanded first), maximum with a row vector (no fused
# op: expanded), c / x with a [1, 128] vector on the left, r + c (both
# expanded); then two independent FP32 products in one cube kernel.
import pypto.language as pl


@pl.program
class Broadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 128], pl.FP32], v: pl.Tensor[[128], pl.FP32], r: pl.Tensor[[64, 1], pl.FP32],
          c: pl.Tensor[[1, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[div_64, 64], pl.FP32]:
        a = pl.add(x, v)
        b = pl.sub(r, a)
        d = pl.maximum(b, r)
        e = pl.div(c, pl.add(d, 10.0))
        f = pl.add(r, c)
        g = pl.mul(pl.add(e, f), 0.5)
        h = pl.matmul(g, w)
        return pl.add(h, pl.matmul(x, w))

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], v: pl.Tensor[[128], pl.FP32], r: pl.Tensor[[64, 1], pl.FP32],
             c: pl.Tensor[[1, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.k(x, v, r, c, w)
        return y
