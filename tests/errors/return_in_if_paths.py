import pypto.language as pl

# A return in one branch, a path without one after the if; a return in a
# loop; returns of different counts in one if.
@pl.function
def falls_off(t: pl.Tile[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tile[[16, 16], pl.FP32]:
    if n > 0:
        return pl.exp(t)
    u = pl.neg(t)

@pl.function
def in_loop(t: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32]:
    for i in pl.range(4):
        if i == 2:
            return t
    return t

@pl.function
def counts(t: pl.Tile[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tile[[16, 16], pl.FP32]:
    if n > 0:
        return t, t
    return t
