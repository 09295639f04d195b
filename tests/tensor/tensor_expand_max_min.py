# pyptocc-flags: --passes=default
# pl.row_expand_max and pl.col_expand_min on tensors: each element against
# an [M, 1] and a [1, N] tensor, in a kernel of tensor ops.
import pypto.language as pl


@pl.jit
def expand_max_min(x: pl.Tensor[[32, 64], pl.FP32], r: pl.Tensor[[32, 1], pl.FP32], c: pl.Tensor[[1, 64], pl.FP32],
                   a: pl.Out[pl.Tensor[[32, 64], pl.FP32]], b: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="expand_max_min"):
        a[:, :] = pl.row_expand_max(x, r)
        b[:, :] = pl.tensor.col_expand_min(x, c)
    return a, b
