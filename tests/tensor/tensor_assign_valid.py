# pyptocc-flags: --passes=default
# A partly valid view written into a window that fits its valid part: the
# store writes the valid columns only.
import pypto.language as pl


@pl.jit
def pad_store(x: pl.Tensor[[16, 8], pl.FP32], y: pl.Out[pl.Tensor[[16, 4], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="pad_store"):
        y[0:16, 0:4] = pl.slice(x, [16, 8], [0, 0], valid_shape=[16, 4])
    return y
