"""Module docstring: simple statements that are not compiled (assert,
raise, del, global, pass, a 'type' alias, expression statements), several
on one line with ';'."""
# pyptocc-flags: -Wignored
import pypto.language as pl

assert __name__, "a message"
global counter
counter = 0; del counter; pass
type Vector = list[float]
type Pair[T] = tuple[T, T]
print("loading", __name__, sep=": ", end="\n")
if not __debug__: raise SystemExit(0)

ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
