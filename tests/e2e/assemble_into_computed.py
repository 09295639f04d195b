# An assemble into a tensor the kernel computes: a zero-filled [16, 32]
# tile (pl.full) whose rows 4..7 are written from a loaded [4, 32] slice
# and then a loop writes two more blocks of it.  The target never lives
# in global memory; each write is a TINSERT into its tile (pypto-lib's
# DeepSeek kernels pad their cos/sin rows this way).
# y = x + pad(c), pad(c) zero except rows 4..7 (c) and rows 8..15
# (2 * x's rows 0..7).
import pypto.language as pl


@pl.jit
def assemble_into_computed(c: pl.Tensor[[4, 32], pl.FP32], x: pl.Tensor[[16, 32], pl.FP32],
                           y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="pad"):
        pad = pl.full([16, 32], dtype=pl.FP32, value=0.0)
        pad[4:8, 0:32] = c[0:4, 0:32]
        for k in pl.range(2):
            pad[8 + k * 4 : 12 + k * 4, :] = pl.mul(x[k * 4 : k * 4 + 4, :], 2.0)
        y[:, :] = pl.add(x, pad)
    return y
