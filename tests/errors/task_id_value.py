# pyptocc-flags: --emit=pto
# A task id used as a value after its deps= are dropped: the tuple an
# Inline function returns it in, read as a whole.
import pypto.language as pl


@pl.jit.inline
def step(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale") as tid:
        y[:, :] = pl.mul(x, 2.0)
    return y, tid


@pl.jit
def entry(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    pair = step(x, y)
    again = pair
    y = again[0]
    return y
