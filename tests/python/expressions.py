# Expressions outside pypto definitions: lambda (every parameter kind),
# comprehensions of every kind (nested, async-free, with conditions),
# starred items and arguments, conditional expressions, named expressions,
# subscripts and slices, dict and set displays, 'is not' / 'not in',
# chained comparisons, and the soft keywords ('xor' of the DSL, match, case,
# type) used as ordinary names.
# pyptocc-flags: -Wignored
import operator

import pypto.language as pl

f = lambda a, b=1, *c, d, e=2, **g: (a, b, c, d, e, g)
pos = lambda a, /, b: a
nums = [x * y for x in range(4) if x % 2 for y in range(x) if y]
squares = {x: x * x for x in range(5)}
evens = {x for x in nums if not x & 1}
total = sum(x for x in nums)
merged = {**squares, 0: 1, **{}}
both = {*nums, *evens}
first, *others = [*nums, *evens]
pick = nums[1:3], nums[::2], nums[:], nums[1:-1:1], squares[0]
label = "even" if total % 2 == 0 else "odd"
if (n := len(nums)) > 2 and n is not None and 7 not in nums and 0 < n <= 100:
    pass
xor = operator.xor
match, case, type = 1, 2, 3
match = {case: type}
case = match[case] if match else type(case)
flag = xor(True, False)
value = (yield_ := 3)
call = print(*nums, **{"sep": ","})
matrix = [[1, 2], [3, 4]]
product = matrix @ matrix if False else None

ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
