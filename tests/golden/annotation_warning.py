# A written annotation that disagrees with the inferred type is a warning;
# the printed type is the inferred one (decision 2 of spec/README.md).
import pypto.language as pl


@pl.function
def f(t: pl.Tile[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
    a: pl.Tile[[64, 64], pl.FP16] = pl.exp(t)
    n: pl.Scalar[pl.INT32] = 0
    return a
