# A @pl.jit function takes the shapes of its arguments: the reference's
# JIT specialises a called function by the call, so the helper declared
# for [16, 64] sees the [32, 64] tensors it is called with and doubles all
# 32 rows (its row count read back with pl.tensor.dim).  y = x + x.
import pypto.language as pl

ROWS = 16


@pl.jit.inline
def double_rows(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    n = pl.tensor.dim(x, 0)
    for b in pl.spmd(n // ROWS, name_hint="double_rows"):
        r = b * ROWS
        y[r : r + ROWS, :] = pl.add(x[r : r + ROWS, :], x[r : r + ROWS, :])
    return y


@pl.jit
def jit_call_shapes(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    y = double_rows(x, y)
    return y
