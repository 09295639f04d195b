# Natural (non-SSA) control flow is accepted as written: plain for and
# while loops and ifs whose assignments stay visible after them.
import pypto.language as pl


@pl.function
def collatz(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    steps = 0
    x = n
    while x > 1:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        steps += 1
    for i in range(3):
        steps = steps + i
    return steps
