# An entry that writes its output through a reshape of it, in a loop of
# kernels, and returns the reshape back (pypto-lib's hc_head and
# mtp_projection): the returned tensor is the output's own buffer, as
# the reshape back gives it its shape again.  y, [4, 8, 64], is written
# as [32, 64]: y[b, i] = exp(x[8 b + i]), in blocks of 8 rows; z, [32,
# 64], through a reshape to its own shape: z = 2 x.
import pypto.language as pl


@pl.jit
def reshape_return(
    x: pl.Tensor[[32, 64], pl.FP32],
    y: pl.Out[pl.Tensor[[4, 8, 64], pl.FP32]],
    z: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
):
    y_flat = pl.reshape(y, [32, 64])
    z_same = pl.reshape(z, [32, 64])
    for r in pl.parallel(0, 32, 8):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
            y_flat[r : r + 8, :] = pl.exp(x[r : r + 8, :])
            z_same[r : r + 8, :] = pl.mul(x[r : r + 8, :], 2.0)
    y = pl.reshape(y_flat, [4, 8, 64])
    z = pl.reshape(z_same, [32, 64])
    return y, z
