# pyptocc-flags: --passes=convert_to_ssa
# A natural while loop with a nested if: the loop carries x and steps, its
# condition is rewritten with the iter_args, and the if's phi feeds the
# loop's yield.
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
    return steps
