# pl.reshape in orchestration code: the same dense tensor under another
# shape (Tensor::reshape), here a [64] weight as the [1, 64] row a kernel
# broadcasts down the columns, and a [16, 64] output written through its
# [4, 256] reshape.
import pypto.language as pl


@pl.jit
def orch_reshape(x: pl.Tensor[[16, 64], pl.FP32], w: pl.Tensor[[64], pl.FP32],
                 y: pl.Out[pl.Tensor[[16, 64], pl.FP32]], z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    w_row = pl.reshape(w, [1, 64])
    z_flat = pl.reshape(z, [4, 256])
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale"):
        y[:, :] = pl.col_expand_mul(x, w_row)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy"):
        z_flat[:, :] = pl.mul(pl.reshape(x, [4, 256]), 3.0)
    return y, z
