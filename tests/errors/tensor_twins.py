# The tensor forms of block ops check their operands by the block op's
# rules, speaking of tensors.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 64], pl.FP32], r: pl.Tensor[[32, 2], pl.FP32], c: pl.Tensor[[2, 64], pl.FP32],
          t: pl.Tensor[[16, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        a = pl.row_expand_mul(x, r)
        b = pl.row_expand_add(x, t)
        d = pl.col_expand_mul(x, c)
        e = pl.tensor.sqrt(1.0)
        f = pl.tensor.row_expand_sub(x, pl.load(x, [0, 0], [32, 1]))
        return x
