# An entry that writes its output through a reshape of it to the shape it
# has, in a loop of kernels, and returns the reshape back (pypto-lib's
# hc_head): the returned tensor is the output's own buffer.
# y = exp(x), in blocks of 8 rows.
import pypto.language as pl


@pl.jit
def reshape_return(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    y_flat = pl.reshape(y, [32, 64])
    for r in pl.parallel(0, 32, 8):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
            y_flat[r : r + 8, :] = pl.exp(x[r : r + 8, :])
    y = pl.reshape(y_flat, [32, 64])
    return y
