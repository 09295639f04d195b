# Today's syntax end to end: a @pl.jit entry whose pl.at scopes read and
# write windows of its tensors by subscript, an @pl.jit.inline helper, an
# @pl.jit.incore kernel with a bare pl.Tensor parameter (shaped by the call)
# and a pl.spmd block loop.
#   y[r:r+16, :] = (x[r:r+16, :] + x[r:r+16, :]) * s        (rows of 16)
#   z            = exp(x[0:16, :])                          (the kernel)
#   w[b*16:(b+1)*16, :] = x[b*16:(b+1)*16, :] - 1           (4 blocks)
import pypto.language as pl

ROWS = 64
COLS = 32


@pl.jit.inline
def twice(v):
    return pl.add(v, v)


@pl.jit.incore
def head_exp(x: pl.Tensor, out: pl.Out[pl.Tensor]):
    t = pl.load(x, [0, 0], [16, COLS])
    out = pl.store(pl.exp(t), [0, 0], out)
    return out


@pl.jit
def jit_rows(x: pl.Tensor[[ROWS, COLS], pl.FP32], s: pl.Scalar[pl.FP32],
             y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]], z: pl.Out[pl.Tensor[[16, COLS], pl.FP32]],
             w: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    for r in pl.parallel(0, ROWS, 16):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
            block = x[r : r + 16, :]
            y[r : r + 16, :] = pl.mul(twice(block), s)
    z = head_exp(x, z)
    for b in pl.spmd(4):
        t = pl.load(x, [b * 16, 0], [16, COLS])
        w = pl.store(pl.sub(t, 1.0), [b * 16, 0], w)
    return y, z, w
