# Assignments of every shape at module level: chained, unpacking (starred,
# nested), annotated with and without a value, augmented with every operator,
# attribute and subscript targets (skipped).
# pyptocc-flags: -Wignored
import pypto.language as pl

a = b = c = 1
x, *rest = [1, 2, 3]
(p, q), [r, s] = (1, 2), (3, 4)
count: int
ratio: float = 0.5
N = 10
N += 1; N -= 1; N *= 2; N //= 2; N %= 7; N **= 1; N <<= 1; N >>= 1; N &= 15; N |= 0; N ^= 0
M = 1.0; M /= 2
table = {}
table["k"] = 1
os_like = type("X", (), {})
os_like.attr = 2
ONE = a * b * c


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
