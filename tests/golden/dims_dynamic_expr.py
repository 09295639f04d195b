# A dimension written as an expression of a dynamic dimension (M * 2) is
# one dimension wherever it is written: the returned tensor's type agrees
# with the declared one (no -Wannotation).  Printed, the program has no
# pl.dynamic() line; M inside the expression is then a dynamic dimension
# by being undefined, as a bare M is, so the printed text reparses.
import pypto.language as pl

M = pl.dynamic("M")


@pl.function
def f(a: pl.Tensor[[M * 2, 64], pl.FP32], b: pl.Out[pl.Tensor[[M * 2, 64], pl.FP32]]) -> pl.Tensor[[M * 2, 64], pl.FP32]:
    t = pl.block.load(a, [0, 0], [16, 64])
    return pl.block.store(t, [0, 0], b)
