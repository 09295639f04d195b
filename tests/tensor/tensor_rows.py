# pyptocc-flags: --passes=default
# Elementwise work on [1024, 512] FP32 tensors (2 MiB each, ten times UB):
# y = x * sigmoid(a * x + bias), with a scalar a and a [1, 512] bias
# broadcast over the rows.  ConvertTensorToBlockOps loads, computes and
# stores blocks of rows in one loop; the bias is loaded whole in each
# block.
import pypto.language as pl

ROWS = 1024
COLS = 512


@pl.program
class TensorRows:
    @pl.function(type=pl.FunctionType.InCore)
    def gate(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        bias: pl.Tensor[[1, COLS], pl.FP32],
        a: pl.Scalar[pl.FP32],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        z = pl.add(pl.mul(x, a), bias)
        e = pl.exp(pl.mul(z, -1.0))
        return pl.div(x, pl.add(e, 1.0))

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[ROWS, COLS], pl.FP32], bias: pl.Tensor[[1, COLS], pl.FP32]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        y = self.gate(x, bias, 1.5)
        return y
