# pyptocc-flags: --passes=default
# pl.row_expand(target, row_vec) on tensors: the [M, 1] tensor's values
# along the rows of the target's shape, in a kernel of tensor ops
# (tensor.row_expand becomes tile.row_expand of the operands' tiles).
import pypto.language as pl


@pl.jit
def spread(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="spread"):
        m = pl.row_max(x)
        y[:, :] = pl.sub(x, pl.row_expand(x, m))
    return y
