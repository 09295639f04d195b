# The @pl.jit family (01-functions.md): an entry, the kernels and helpers
# its body calls by name, discovered and specialised by the types of the
# calls (a bare pl.Tensor takes its argument's shape: 'scale' is made twice),
# results inferred from the returns, and the subscript sugar of 06-syntax.md.
import pypto.language as pl

ROWS = 64
COLS = 32
M = pl.dynamic("M")


@pl.jit.incore
def scale(x: pl.Tensor, out: pl.Out[pl.Tensor], k: pl.Scalar[pl.FP32]):
    t = pl.load(x, [0, 0], [16, COLS])
    out = pl.store(pl.mul(t, k), [0, 0], out)
    return out


@pl.jit.incore
def rows_of(x: pl.Tensor[[M, COLS], pl.FP32], out: pl.Out[pl.Tensor[[M, COLS], pl.FP32]]):
    t = pl.load(x, [0, 0], [16, COLS])
    out = pl.store(pl.exp(t), [0, 0], out)
    return out


@pl.jit.inline
def twice(v):
    return pl.add(v, v)


@pl.jit.opaque
def helper(x: pl.Tensor[[ROWS, COLS], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy"):
        y[:] = pl.add(x, 0.0)
    return y


@pl.jit
def entry(x: pl.Tensor[[ROWS, COLS], pl.FP32], small: pl.Tensor[[16, COLS], pl.FP32],
          y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]], z: pl.Out[pl.Tensor[[16, COLS], pl.FP32]],
          w: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    for r in pl.parallel(0, ROWS, 16):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
            block = x[r : r + 16, :]
            y[r : r + 16, 0:COLS] = twice(block)
    z = scale(small, z, 2.0)
    y = scale(x, y, 0.5)
    y = rows_of(x, y)
    w = helper(x, w)
    first = x[0, 0]
    w[1, 2] = first
    with pl.at(level=pl.Level.CORE_GROUP):
        row = x[3]
        w[4, :] = pl.mul(row, first)
    return y, z, w
