# pypto.program: Values
# Compile-time evaluation: literals, arithmetic, comparisons, boolean
# logic and conditional expressions.  Each assert is checked when the
# module runs (a wrong result is an AssertionError, so an error); the
# kernel shows the values the kernels see.
import pypto.language as pl

# literals
assert 0x1F == 31 and 0o17 == 15 and 0b101 == 5 and 1_000 == 1000
assert 1e3 == 1000.0 and .5 == 0.5 and 2. == 2
assert "a" "b" == "ab" and 'it\'s' == "it's" and "\x41\n" == "A\n" and r"\n" == "\\" + "n"
assert True + True == 2 and None is None and not None

# arithmetic: Python's floor division and modulo, true division, powers
assert 7 // 2 == 3 and -7 // 2 == -4 and 7 // -2 == -4 and -7 % 3 == 2 and 7 % -3 == -2
assert 7 / 2 == 3.5 and 2 ** 10 == 1024 and 2 ** -1 == 0.5 and (-8) ** 2 == 64
assert -7.5 // 2 == -4.0 and 7.5 % 2 == 1.5 and 10 / 4 * 2 == 5.0
assert 1 << 4 == 16 and 256 >> 3 == 32 and 6 & 3 == 2 and 6 | 3 == 7 and 6 ^ 3 == 5 and ~5 == -6
assert -(-3) == 3 and +4 == 4 and abs(-2.5) == 2.5

# comparisons, chained, and mixed numbers
assert 1 < 2 < 3 and not (1 < 3 < 2) and 3 > 2 >= 2 and 1 == 1.0 and 2 != 3
assert "abc" < "abd" and [1, 2] < [1, 3] and (1, 2, 3) > (1, 2) and "b" in "abc" and 4 not in [1, 2]
assert (1 if False else 2) == 2

# boolean logic returns an operand
assert (0 or 5) == 5 and (3 and 4) == 4 and ([] or "x") == "x" and (None and 1) is None

ROWS = 2 ** 6 + 7 // 2 * 4          # 76
COLS = (ROWS - 12) // 4 % 5         # 1
SCALE = 3 / 4 + 0.5                 # 1.25
BIG = 10 ** 9 + 7
SIGN = -BIG % 1000                  # 993
PICK = 128 if ROWS > 64 and COLS else 64


@pl.function
def shapes(x: pl.Tensor[[ROWS, COLS, SIGN, PICK], pl.FP32]) -> pl.Tensor[[ROWS, COLS, SIGN, PICK], pl.FP32]:
    return x


@pl.function
def scaled(a: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
    return a * SCALE
