# pyptocc-flags: --passes=default
# Windows of a rank-3 tensor whose middle extent is 1 (pypto-lib's
# DeepSeek-V4 prefill attention reads one head of a [T, H, D] buffer for
# a block of tokens: x[t0:t0+R, h:h+1, c0:c0+C]): a 2-D tile of R rows of
# C, loaded with the rows in the first dimension (strided by H * D), and
# stored so into a rank-3 output.
import pypto.language as pl

T = 16
H = 4
D = 64


@pl.jit
def window3d(x: pl.Tensor[[T, H, D], pl.FP32], y: pl.Out[pl.Tensor[[T, H * 32], pl.FP32]],
             z: pl.Out[pl.Tensor[[T, H, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="window3d"):
        for h in pl.range(H):
            r = pl.reshape(x[0:T, h:h + 1, 16:48], [T, 32])
            y[0:T, h * 32:h * 32 + 32] = pl.add(r, 1.0)
            z[0:T, h:h + 1, 0:32] = pl.reshape(pl.mul(r, 2.0), [T, 1, 32])
    return y, z
