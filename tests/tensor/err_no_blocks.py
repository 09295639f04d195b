# pyptocc-flags: --passes=default
# A reshape of a tensor larger than UB: it moves elements between rows, so
# the work cannot be done in blocks of rows or of columns.
import pypto.language as pl


@pl.program
class NoBlocks:
    @pl.function(type=pl.FunctionType.InCore)
    def flat(self, x: pl.Tensor[[512, 512], pl.FP32]) -> pl.Tensor[[1024, 256], pl.FP32]:
        y = pl.reshape(pl.mul(x, 2.0), [1024, 256])
        return y
