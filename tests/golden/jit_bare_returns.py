# @pl.jit functions whose return annotation leaves the shapes to the
# values: a bare pl.Tensor, alone or in a tuple (pypto-lib writes
# -> tuple[pl.Tensor, pl.Scalar[pl.TASK_ID]]): the results are what the
# body returns, as when there is no annotation.
import pypto.language as pl


@pl.jit.incore
def twice(x: pl.Tensor, out: pl.Out[pl.Tensor]) -> pl.Tensor:
    t = pl.load(x, [0, 0], [16, 32])
    out = pl.store(pl.add(t, t), [0, 0], out)
    return out


@pl.jit.inline
def with_count(x, y) -> tuple[pl.Tensor, pl.Scalar[pl.INT64]]:
    y = twice(x, y)
    return y, 16


@pl.jit
def entry(x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    y, n = with_count(x, y)
    return y
