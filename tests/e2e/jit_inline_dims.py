# An inline helper that reads its row count back (n = pl.tensor.dim(x, 0)),
# shapes an intermediate by it, assigns into its own parameter in a loop,
# and returns it with no annotation: the caller sees [N, 64], its own shape
# (the helper's n is x's N), and y carries from the helper's loops out to
# the caller.  N is dynamic; the reference runs it with N = 48.
# y = (x + x) + x; w = x + x.
import pypto.language as pl

N = pl.dynamic("N")
ROWS = 16


@pl.jit.inline
def triple(x: pl.Tensor[[N, 64], pl.FP32], y: pl.Tensor[[N, 64], pl.FP32], w: pl.Tensor[[N, 64], pl.FP32]):
    n = pl.tensor.dim(x, 0)
    tmp = pl.create_tensor([n, 64], dtype=pl.FP32)
    for b in pl.spmd(n // ROWS, name_hint="double_rows"):
        r = b * ROWS
        tmp[r : r + ROWS, :] = pl.add(x[r : r + ROWS, :], x[r : r + ROWS, :])
    for b in pl.spmd(n // ROWS, name_hint="add_rows"):
        r = b * ROWS
        y[r : r + ROWS, :] = pl.add(tmp[r : r + ROWS, :], x[r : r + ROWS, :])
        w[r : r + ROWS, :] = tmp[r : r + ROWS, :]
    return y, w


@pl.jit
def jit_inline_dims(
    x: pl.Tensor[[N, 64], pl.FP32],
    y: pl.Out[pl.Tensor[[N, 64], pl.FP32]],
    w: pl.Out[pl.Tensor[[N, 64], pl.FP32]],
):
    x.bind_dynamic(0, N)
    y.bind_dynamic(0, N)
    w.bind_dynamic(0, N)
    y, w = triple(x, y, w)
    return y, w
