# Conditions of orchestration code joined by `and` and `or`, and `not`
# (pypto-lib's prefill indexer): C++'s &&, || and ! in the host code.  Over blocks of 8
# rows r: y = 5x where 8 <= r < 16, 2x where r < 8 or r >= 32, else 3x.
import pypto.language as pl

T = pl.dynamic("T")


@pl.jit
def orch_and_or(x: pl.Tensor[[T, 64], pl.FP32], y: pl.Out[pl.Tensor[[T, 64], pl.FP32]]):
    for r in pl.range(0, pl.tensor.dim(x, 0), 8):
        if r >= 8 and r < 16:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="times5"):
                y[r : r + 8, :] = pl.mul(x[r : r + 8, :], 5.0)
        elif r < 8 or not r < 32:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="times2"):
                y[r : r + 8, :] = pl.mul(x[r : r + 8, :], 2.0)
        else:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="times3"):
                y[r : r + 8, :] = pl.mul(x[r : r + 8, :], 3.0)
    return y
