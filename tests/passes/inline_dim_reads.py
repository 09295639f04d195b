# InlineFunctions: an Inline helper reads its row count back
# (n = pl.tensor.dim(x, 0)) and shapes by it.  Its inferred result type is
# in its caller's terms ([N, 64]: n is x's N), the read is dropped in the
# Orchestration caller and its uses, values and types, become N; the helper
# assigns into its parameter y, so the expansion starts y_inline0 as the
# argument and carries it through the loop.
# pyptocc-flags: --passes=inline_functions
import pypto.language as pl

N = pl.dynamic("N")


@pl.jit.inline
def helper(x: pl.Tensor[[N, 64], pl.FP32], y: pl.Tensor[[N, 64], pl.FP32]):
    n = pl.tensor.dim(x, 0)
    t = pl.create_tensor([n, 64], dtype=pl.FP32)
    for r in pl.range(0, n, 16):
        with pl.at(level=pl.Level.CORE_GROUP):
            t[r : r + 16, :] = pl.add(x[r : r + 16, :], x[r : r + 16, :])
            y[r : r + 16, :] = t[r : r + 16, :]
    return t


@pl.jit
def main(x: pl.Tensor[[N, 64], pl.FP32], y: pl.Out[pl.Tensor[[N, 64], pl.FP32]]):
    x.bind_dynamic(0, N)
    y.bind_dynamic(0, N)
    t = helper(x, y)
    y[0:16, :] = t[0:16, :]
    return y
