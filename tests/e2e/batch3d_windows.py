# Tensor ops on [1, 8, 64] windows of a [B, 8, 64] tensor, B known at run
# time: each window is computed as a 2-D tile of its last two dimensions
# and stored back at its batch.  y = exp(x).
import pypto.language as pl

B = pl.dynamic("B")


@pl.jit
def batch3d_windows(x: pl.Tensor[[B, 8, 64], pl.FP32], y: pl.Out[pl.Tensor[[B, 8, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        for b in pl.range(pl.tensor.dim(x, 0)):
            y[b : b + 1, :, :] = pl.exp(x[b : b + 1, :, :])
    return y
