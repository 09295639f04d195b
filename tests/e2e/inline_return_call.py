# An inline function that returns the call of another one: `return
# inner(x, y)`.  InlineFunctions expands the returned call too (it was
# left as a call of a function the expansion had removed).
#   y = exp(x + 1) (outer adds one, then returns inner: exp)
import pypto.language as pl


@pl.jit.inline
def exp_rows(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        y[0:16, :] = pl.exp(x[0:16, :])
    return y


@pl.jit.inline
def exp_plus_one(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        y[0:16, :] = pl.add(x[0:16, :], 1.0)
    return exp_rows(y, y)


@pl.jit
def inline_return_call(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    y = exp_plus_one(x, y)
    return y
