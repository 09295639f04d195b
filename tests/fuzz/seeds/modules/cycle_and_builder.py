# A builder function whose defaults come from two modules that import each
# other (the cycle resolves, as Python's does), and an inline kernel of a
# third module called from the program it builds.
import pypto.language as pl

import a
from ops import twice


def build(rows=a.ROWS, cols=a.COLS):
    @pl.program
    class P:
        @pl.function
        def f(self, x: pl.Tensor[[rows, cols], pl.FP32]) -> pl.Tensor[[rows, cols], pl.FP32]:
            t = pl.load(x, [0, 0], [rows, cols])
            u = twice(t)
            out = pl.store(u, [0, 0], [rows, cols], x)
            return out

    return P
#--- a.py
ROWS = 16
import b

COLS = b.COLS
#--- b.py
import a

COLS = a.ROWS * 2
#--- ops.py
import pypto.language as pl


@pl.inline
def twice(t):
    u = pl.add(t, t)
    return u
