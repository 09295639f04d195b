# pyptocc-flags: --passes=default
# What the conversion of pl.scatter to tiles takes: src blocks of 1 row, a
# multiple of 8 INT32 rows or rows of a multiple of 8 INT32 indices (the
# rows' offsets are integer sequences of whole 32-byte blocks), and input
# rows of whole 32-byte blocks (a row's flat offsets assume no padding).
import pypto.language as pl


@pl.program
class ScatterBlocks:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[16, 8], pl.FP32], i: pl.Tensor[[4, 4], pl.INT32],
             v: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[16, 8], pl.FP32]:
        return pl.scatter(x, dim=-1, index=i, src=v)

    @pl.function(type=pl.FunctionType.InCore)
    def cols(self, x: pl.Tensor[[8, 12], pl.FP32], i: pl.Tensor[[8, 8], pl.INT32],
             v: pl.Tensor[[8, 8], pl.FP32]) -> pl.Tensor[[8, 12], pl.FP32]:
        return pl.scatter(x, dim=-1, index=i, src=v)
