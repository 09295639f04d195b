# pyptocc-flags: --passes=default
# A view of a value a loop carries that starts as a window of a parameter
# and is computed by each step (pypto-lib's merge of attention blocks:
# m_oi = a block of a buffer, then a rescaled sum of it per step, then
# viewed): the value is a tile, so the view is a window of it (TEXTRACT),
# and a view of an if's value that is computed in one branch and a
# window of a parameter in the other.
import pypto.language as pl

R = 16
C = 64


@pl.jit
def carried(x: pl.Tensor[[4 * R, C], pl.FP32], n: pl.Scalar[pl.INDEX],
            y: pl.Out[pl.Tensor[[R, 32], pl.FP32]], z: pl.Out[pl.Tensor[[R, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="carried"):
        m = x[0:R, :]
        for b in pl.range(1, 4):
            m = pl.add(pl.mul(m, 0.5), x[b * R:b * R + R, :])
        y[:, :] = m[:, 16:48]
        if n > 0:
            t = pl.exp(x[0:R, :])
        else:
            t = x[R:2 * R, :]
        z[:, :] = t[:, 48:64]
    return y, z
