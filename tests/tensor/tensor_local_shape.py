# pyptocc-flags: --passes=default
# A shape given by a local the kernel assigns a constant (w = PAD - COLS,
# as pypto-lib's attention kernels size their padding): in the loop body
# that defines it, w is that constant, so pl.full([R, w]) is static.  (A
# local defined outside a loop that uses it may be carried by the loop,
# and stays a variable.)
import pypto.language as pl

R = 16
COLS = 48
PAD = 64


@pl.jit
def pad_rows(x: pl.Tensor[[2 * R, COLS], pl.FP32], y: pl.Out[pl.Tensor[[2 * R, PAD], pl.FP32]]):
    for r in pl.range(0, 2 * R, R):
        w = PAD - COLS
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="pad"):
            y[r : r + R, :] = pl.concat(pl.mul(x[r : r + R, :], 2.0), pl.full([R, w], dtype=pl.FP32, value=-1.0))
    return y
