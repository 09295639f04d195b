# A kernel whose tensors are [B * 16, 64]: the orchestration flattens a
# [B, 16, 64] tensor whose B is known only at run time, and the kernel
# loops over its rows to B * 16.  A dimension linear in one name gives
# the kernel that name (B = (rows - 0) / 16, read from the tensor), in
# PTO as an index parameter and in C++ from the tensor's shape.
# y[b, i, :] = exp(x[b, i, :]) * 2.
import pypto.language as pl

B = pl.dynamic("B")


@pl.jit
def dynamic_flat_rows(x: pl.Tensor[[B, 16, 64], pl.FP32], y: pl.Out[pl.Tensor[[B, 16, 64], pl.FP32]]):
    xf = pl.reshape(x, [B * 16, 64])
    yf = pl.reshape(y, [B * 16, 64])
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
        for r in pl.range(0, B * 16, 8):
            yf[r : r + 8, :] = pl.mul(pl.exp(xf[r : r + 8, :]), 2.0)
    return y
