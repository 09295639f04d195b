# Inline helpers in two levels, each in its own dimension symbols: the
# inner one's parameters are [T, 64] and it assigns into them in loops;
# the outer one reads its row count back (n = pl.tensor.dim(x, 0)),
# creates [n, 64] tensors and calls the inner one twice.  Each expansion
# is in its caller's terms ([T, 64] is [n_inline1, 64] there, then [32,
# 64]), so the carried values keep one type through the loops.
# twice_of doubles: a = 2x, y = 2 (a + a) = 8x; z = a + x = 3x.
import pypto.language as pl

T = pl.dynamic("T")
M = pl.dynamic("M")
ROWS = 16


@pl.jit.inline
def twice_of(src: pl.Tensor[[T, 64], pl.FP32], dst: pl.Tensor[[T, 64], pl.FP32]):
    t = pl.tensor.dim(src, 0)
    for b in pl.spmd(t // ROWS, name_hint="twice_of"):
        r = b * ROWS
        dst[r : r + ROWS, :] = pl.add(src[r : r + ROWS, :], src[r : r + ROWS, :])
    return dst


@pl.jit.inline
def twice(x: pl.Tensor[[M, 64], pl.FP32], y: pl.Tensor[[M, 64], pl.FP32]):
    n = pl.tensor.dim(x, 0)
    a = pl.create_tensor([n, 64], dtype=pl.FP32)
    a = twice_of(x, a)
    b = pl.create_tensor([n, 64], dtype=pl.FP32)
    for k in pl.spmd(n // ROWS, name_hint="double"):
        r = k * ROWS
        b[r : r + ROWS, :] = pl.add(a[r : r + ROWS, :], a[r : r + ROWS, :])
    y = twice_of(b, y)
    return y, a


@pl.jit
def jit_inline_nested(
    x: pl.Tensor[[32, 64], pl.FP32],
    y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    z: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
):
    y, a = twice(x, y)
    for k in pl.spmd(2, name_hint="copy"):
        r = k * ROWS
        z[r : r + ROWS, :] = pl.add(a[r : r + ROWS, :], x[r : r + ROWS, :])
    return y, z
