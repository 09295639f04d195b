# Constants must be representable in their dtype: a float literal is FP32
# (1e300 is not), pl.const(v, dt) checks v against dt (the emitters could
# only have written inf or a wrapped integer).
import pypto.language as pl


@pl.function
def f(a: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
    b = a + 1e300
    c = pl.const(70000.0, pl.FP16)
    d = pl.const(300, pl.INT8)
    e = pl.const(-1, pl.UINT8)
    return a
