# pyptocc-flags: -I imp_inc_a -I imp_inc_b
# Modules: import X, import X.Y, import X.Y as Z, from X import a, b as c,
# from X import (...), and in the package from . import X, from .X import
# a and from ..X import a; X/__init__.py, namespace packages, -I folders
# searched in order, each module run once whatever the spelling of its
# import, and an inline kernel of an imported module called from here.
# (Python runs the module part the same way, with the asserts holding.)
import common
import imp_ns.consts
import imp_pkg
import imp_pkg.once
import imp_pkg.shapes
import imp_pkg.shapes as sh
import only_b
from imp_ns.consts import TILE
from imp_pkg import VERSION, once, tiling as tl
from imp_pkg.counter import RUNS
from imp_pkg.kern import twice
from imp_pkg.sub.deep import DEEP
from imp_pkg.shapes import (
    COLS as C,
    ROWS,
)

import pypto.language as pl

assert imp_pkg.shapes is sh and sh.__name__ == "imp_pkg.shapes" and imp_pkg.tiling is tl and once is imp_pkg.once
assert ROWS == imp_pkg.ROWS == 64 and C == 32 and VERSION == 2 and tl.ROW_TILE == 16 and tl.COL_TILE == 16
assert imp_ns.consts.TILE == TILE == 16 and common.WHO == "a" and common.SIZE == 8 and only_b.B == 5
assert RUNS == ["imp_pkg.once"] and DEEP == 48


@pl.program
class Values:
    @pl.function
    def shapes(
        self, x: pl.Tensor[[ROWS, C + TILE + common.SIZE + only_b.B + len(RUNS)], pl.FP32]
    ) -> pl.Tensor[[64, 62], pl.FP32]:
        return x

    @pl.function
    def doubled(self, x: pl.Tensor[[tl.ROW_TILE, tl.COL_TILE], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [tl.ROW_TILE, tl.COL_TILE])
        u = twice(t)
        out = pl.store(u, [0, 0], [16, 16], x)
        return out
