# @pl.inline: expanded at every call site, nested, independent expansions,
# closure constants of the definition site; inline locals stay visible to
# the caller, inline parameters do not shadow the caller's names.
import pypto.language as pl

SCALE = 2.0
OFFSET = [0, 0]


@pl.inline
def scaled(x):
    y = pl.mul(x, SCALE)
    return y


@pl.inline
def scaled_twice(x):
    first = scaled(x)
    second = scaled(first)
    return second


@pl.program
class Inline:
    @pl.function
    def main(self, t: pl.Tensor[[64, 64], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        a = pl.load(t, OFFSET, [64, 64])
        b = scaled(a)
        c = scaled_twice(b)
        d = pl.add(c, y)
        e = pl.add(d, pl.load(x, OFFSET, [64, 64]))
        return e
