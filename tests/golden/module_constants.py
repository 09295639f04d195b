# Module-level constants (seed 01's closure variables): numbers, lists,
# arithmetic on constants, indexing, len, dtype aliases, dynamic dimensions.
# (Expressions inside a function are never folded: write SHAPE[0] there and
# it stays a tuple access, as in the reference.)
import pypto.language as pl

ROWS = 32
COLS = ROWS * 2
SHAPE = [ROWS, COLS]
HALF = COLS // 2
FIRST = SHAPE[0]
WIDTH = HALF * 2
DT = pl.FP16
N = pl.dynamic("N")
RANK = len(SHAPE)


@pl.program
class Constants:
    @pl.function
    def f(self, t: pl.Tensor[[N, COLS], DT], out: pl.Tensor[[N, COLS], DT]) -> pl.Tensor[[N, COLS], DT]:
        a = pl.load(t, [0, 0], SHAPE)
        b = pl.load(t, [ROWS, 0], [FIRST, WIDTH])
        c = pl.add(a, b)
        r = RANK + 1
        d = pl.muls(c, r)
        result = pl.store(d, [0, 0], SHAPE, out)
        return result
