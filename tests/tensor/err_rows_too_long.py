# pyptocc-flags: --passes=default
# Rows of 65536 FP32 values (256 KiB) do not fit UB even one at a time, and
# the loop keeps ConvertTensorToBlockOps from splitting them: an error at
# the tensor whose rows are too long, with the sizes and the capacity.
# Rows of a prime number of columns cannot be split into blocks either.
import pypto.language as pl


@pl.program
class TooLong:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 65536], pl.FP32]) -> pl.Tensor[[16, 65536], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            acc = pl.yield_(pl.mul(acc, 2.0))
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def prime(self, x: pl.Tensor[[8, 1000003], pl.FP32]) -> pl.Tensor[[8, 1000003], pl.FP32]:
        return pl.exp(x)
