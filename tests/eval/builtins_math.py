# Compile-time evaluation: the math module (ceil, floor, sqrt, log2, gcd,
# prod, isqrt, inf, pi) and the built-ins configuration code uses: min,
# max, abs, sum, len, range, enumerate, zip, sorted, reversed, int, float,
# bool, str, round, divmod, isinstance, getattr, hasattr, any, all, map,
# filter.  Annotations and typing names are read and ignored.
import math
from typing import List, Optional

import pypto.language as pl

SIZES: List[int] = [96, 32, 64]
LIMIT: Optional[int] = None

assert math.ceil(7 / 2) == 4 and math.floor(-0.5) == -1 and math.sqrt(16) == 4.0 and math.log2(1024) == 10
assert math.gcd(48, 36, 60) == 12 and math.prod([2, 3, 4]) == 24 and math.isqrt(99) == 9 and math.inf > 10 ** 18
assert 3.14 < math.pi < 3.15 and math.ceil(10) == 10 and math.lcm(4, 6) == 12 and math.isclose(0.1 + 0.2, 0.3)
assert min(SIZES) == 32 and max(3, 9, 4) == 9 and max([], default=-1) == -1 and min(SIZES, key=lambda s: -s) == 96
assert abs(-7) == 7 and sum(SIZES) == 192 and sum([0.5, 0.25], 1) == 1.75 and len(range(0, 10, 3)) == 4
assert list(range(3)) == [0, 1, 2] and list(range(5, 0, -2)) == [5, 3, 1] and 4 in range(0, 8, 2)
assert list(enumerate("ab", 1)) == [(1, "a"), (2, "b")] and list(zip([1, 2, 3], "xy")) == [(1, "x"), (2, "y")]
assert sorted(SIZES) == [32, 64, 96] and sorted(SIZES, reverse=True)[0] == 96 and list(reversed([1, 2])) == [2, 1]
assert int("0x10", 16) == 16 and int("42") == 42 and int(-3.9) == -3 and float("1.5") == 1.5 and float(2) == 2.0
assert bool([]) is False and bool("x") and str(7) == "7" and round(2.5) == 2 and round(3.5) == 4 and round(2.675, 2) == 2.67
assert divmod(17, 5) == (3, 2) and divmod(-17, 5) == (-4, 3) and isinstance(1, int) and isinstance(True, int)
assert isinstance(1.0, (int, float)) and not isinstance("1", int) and getattr(math, "pi") == math.pi
assert hasattr(math, "ceil") and not hasattr(math, "nothing") and any([0, 1]) and not all([1, 0])
assert list(map(lambda v: v // 32, SIZES)) == [3, 1, 2] and list(filter(None, [0, 2, 0, 3])) == [2, 3]
assert LIMIT is None and pow(3, 4, 5) == 1 and hex(255) == "0xff" and chr(65) == "A" and ord("a") == 97

BLOCK = math.ceil(max(SIZES) / 40) * 16      # 48
COUNT = len([s for s in SIZES if s % 32 == 0])


@pl.program
class Values:
    @pl.function
    def shapes(self, x: pl.Tensor[[BLOCK, COUNT, math.isqrt(BLOCK), int(math.log2(64))], pl.FP32]) -> pl.Tensor[[48, 3, 6, 6], pl.FP32]:
        return x

    @pl.function
    def scaled(self, a: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        return a * round(math.pi, 3)
