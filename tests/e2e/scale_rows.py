# Issue 31's example as written: a @pl.jit entry whose pl.at scope reads
# windows of x and s by subscript, scales each row of x by its element of
# s (pl.row_expand_mul on tensors) and writes the window of y.
#   y[i, :] = x[i, :] * s[i, 0]
import pypto.language as pl

N = 64
D = 128
T = 16


@pl.jit
def scale_rows(x: pl.Tensor[[N, D], pl.FP32], s: pl.Tensor[[N, 1], pl.FP32],
               y: pl.Out[pl.Tensor[[N, D], pl.FP32]]):
    for i in pl.parallel(0, N, T):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale"):
            y[i : i + T, :] = pl.row_expand_mul(x[i : i + T, :], s[i : i + T, :])
    return y
