# A @pl.jit.incore kernel that calls a @pl.jit.inline helper (pypto-lib's
# DeepSeek V4 TP-group barrier): the call is expanded into the kernel, so
# the kernel calls no function; -fsyntax-only, which verifies before
# InlineFunctions runs, accepts it too (tests/cli.test).
import pypto.language as pl

N = 64


@pl.jit.inline
def scaled(t: pl.Tile[[1, N], pl.FP32], k: pl.Scalar[pl.FP32]):
    return pl.mul(t, k)


@pl.jit.incore
def kernel(x: pl.Tensor[[1, N], pl.FP32], y: pl.Out[pl.Tensor[[1, N], pl.FP32]]):
    t = pl.load(x, [0, 0], [1, N])
    u = scaled(t, 2.0)
    y = pl.store(scaled(u, 0.5), [0, 0], y)
    return y


@pl.jit
def entry(x: pl.Tensor[[1, N], pl.FP32], y: pl.Out[pl.Tensor[[1, N], pl.FP32]]):
    y = kernel(x, y)
    return y
