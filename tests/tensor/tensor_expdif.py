# pyptocc-flags: --passes=default
# pl.row_expand_expdif and pl.col_expand_expdif on tensors: the softmax
# numerator exp(x - row max) and exp(x - c) with a [1, N] tensor, in a
# kernel of tensor ops.
import pypto.language as pl


@pl.jit
def expdif(x: pl.Tensor[[32, 64], pl.FP32], c: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
           z: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="expdif"):
        y[:, :] = pl.row_expand_expdif(x, pl.row_max(x))
        z[:, :] = pl.col_expand_expdif(x, c)
    return y, z
