# strict_ssa=True forbids a second binding of a name in one scope: the
# function's body, and a loop's body on its own.
import pypto.language as pl


@pl.function(strict_ssa=True)
def f(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    y = pl.add(x, 1.0)
    y = pl.add(y, 2.0)
    for i in pl.range(4):
        z = pl.mul(x, 2.0)
        z = pl.mul(z, 3.0)
    return y
