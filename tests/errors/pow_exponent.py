# pyptocc-flags: --emit=pto
# '**' lowers only with a constant whole exponent from 0 to 64 (Legalize
# expands it into multiplications: PTO has no power instruction and PTOAS
# no math dialect); any other exponent is an error where it is written.
import pypto.language as pl


@pl.function
def f(n: pl.Scalar[pl.INT64], x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
    a = n ** n
    b = x ** 0.5
    c = n ** 65
    d = x ** -1
    return pl.cast(a + c, pl.FP32) + b + d
