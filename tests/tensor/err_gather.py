# pyptocc-flags: --passes=default
# What the conversion of pl.gather to tiles takes: dim=-1 of 2-D tensors,
# rows of whole 32-byte blocks (a row's flat offsets assume no padding),
# blocks of 1 row, a multiple of 8 or rows of a multiple of 8 indices (the
# rows' offsets fill whole blocks), and whole rows (no split into blocks of
# columns).
import pypto.language as pl


@pl.program
class GatherErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def axis(self, x: pl.Tensor[[16, 64], pl.FP32], i: pl.Tensor[[8, 64], pl.INT32]) -> pl.Tensor[[8, 64], pl.FP32]:
        return pl.gather(x, dim=0, index=i)

    @pl.function(type=pl.FunctionType.InCore)
    def padded_rows(self, x: pl.Tensor[[16, 20], pl.FP32], i: pl.Tensor[[16, 20], pl.INT32]) -> pl.Tensor[[16, 20], pl.FP32]:
        return pl.gather(x, dim=-1, index=i)

    @pl.function(type=pl.FunctionType.InCore)
    def few_rows(self, x: pl.Tensor[[4, 64], pl.FP32], i: pl.Tensor[[4, 12], pl.INT32]) -> pl.Tensor[[4, 12], pl.FP32]:
        return pl.gather(x, dim=-1, index=i)

    @pl.function(type=pl.FunctionType.InCore)
    def wide(self, x: pl.Tensor[[8, 16384], pl.FP32], i: pl.Tensor[[8, 16384], pl.INT32]) -> pl.Tensor[[8, 16384], pl.FP32]:
        return pl.gather(x, dim=-1, index=i)
