# Compile-time evaluation: enum.Enum and IntEnum (auto values, names and
# values, lookup by value and by name, iteration, aliases, IntEnum
# arithmetic), typing.NamedTuple (defaults, indexing, unpacking,
# _replace, _asdict) and collections.namedtuple.
import collections
import enum
from enum import Enum, IntEnum, auto
from typing import NamedTuple

import pypto.language as pl


class Mode(Enum):
    DECODE = "decode"
    PREFILL = "prefill"


class Level(IntEnum):
    LOW = auto()
    MID = auto()
    HIGH = 10
    TOP = auto()
    ALSO_HIGH = 10


class Dims(NamedTuple):
    rows: int
    cols: int = 64


Point = collections.namedtuple("Point", "x y", defaults=[0])

assert Mode.DECODE.value == "decode" and Mode("prefill") is Mode.PREFILL and Mode["DECODE"].name == "DECODE"
assert [m.name for m in Mode] == ["DECODE", "PREFILL"] and len(Mode) == 2 and Mode.DECODE != Mode.PREFILL
assert Level.LOW == 1 and Level.MID + 1 == 3 and Level.TOP == 11 and Level.ALSO_HIGH is Level.HIGH and len(Level) == 4
assert Level(2) is Level.MID and Level.HIGH > Level.MID and isinstance(Level.LOW, int) and str(Level.LOW) == "1"
assert {Mode.DECODE: 1}[Mode.DECODE] == 1 and repr(Mode.DECODE) == "<Mode.DECODE: 'decode'>"
d = Dims(16)
r, c = d
assert d.cols == 64 and d[0] == 16 and r == 16 and c == 64 and d == (16, 64) and d._replace(cols=8) == Dims(16, 8)
assert d._asdict() == {"rows": 16, "cols": 64} and Dims._fields == ("rows", "cols") and len(d) == 2
assert Point(3) == (3, 0) and Point(1, 2).y == 2 and repr(Point(1, 2)) == "Point(x=1, y=2)"
WIDTH = Level.HIGH * 8 + d.rows


@pl.program
class Values:
    @pl.function
    def shapes(self, x: pl.Tensor[[WIDTH, Level.TOP, d.cols, Point(5).x], pl.FP32]) -> pl.Tensor[[96, 11, 64, 5], pl.FP32]:
        return x
