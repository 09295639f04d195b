# pyptocc-flags: --passes=default
# The cube unit multiplies whole 16-row boxes, and a product carried by a
# loop is held in Acc, which only a product can start (not a parameter).
import pypto.language as pl


@pl.program
class Matmuls:
    @pl.function(type=pl.FunctionType.InCore)
    def row_times(self, x: pl.Tensor[[8, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16]) -> pl.Tensor[[8, 64], pl.FP32]:
        return pl.matmul(x, w, out_dtype=pl.FP32)

    @pl.function(type=pl.FunctionType.InCore)
    def power(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            acc = pl.yield_(pl.matmul(acc, w))
        return acc
