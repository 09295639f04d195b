# pyptocc-flags: --passes=default
# A tensor-level softmax with a scale: y = softmax(x * scale) along each
# row of a [256, 512] FP32 tensor (512 KiB, more than UB), written with
# tensor ops in an InCore function.  ConvertTensorToBlockOps does it in
# blocks of rows that fit UB, each row reduction over whole rows.
import pypto.language as pl

ROWS = 256
COLS = 512


@pl.program
class TensorSoftmax:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(self, x: pl.Tensor[[ROWS, COLS], pl.FP32], scale: pl.Scalar[pl.FP32]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        xs = pl.mul(x, scale)
        m = pl.row_max(xs)
        e = pl.exp(pl.sub(xs, m))
        s = pl.row_sum(e)
        return pl.div(e, s)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[ROWS, COLS], pl.FP32]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        y = self.softmax(x, 0.5)
        return y
