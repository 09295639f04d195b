# pyptocc-flags: --passes=default
# Views of tensors the kernel computes: a window of a tile, copied out
# (TEXTRACT within Vec), and a window of that window; views of parameters
# stay loads from global memory.
import pypto.language as pl

R = 16
C = 128


@pl.jit
def windows(x: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, 64], pl.FP32],
            y: pl.Out[pl.Tensor[[R, 64], pl.FP32]], z: pl.Out[pl.Tensor[[8, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="windows"):
        t = pl.mul(x, 2.0)
        w = t[:, 32:96]
        y[:, :] = pl.add(w, b)
        z[:, :] = w[8:16, 16:48]
    return y, z
