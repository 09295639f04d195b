# A kernel whose shapes come from a package: a frozen dataclass with
# properties, relative imports, a star import with __all__, an enum and a
# helper function, across files.
import pypto.language as pl

from cfg import MODEL, Mode
from cfg.util import *
import cfg.tiles as tiles


@pl.function
def k(x: pl.Tensor[[MODEL.rows, ceil_div(MODEL.hidden, tiles.T) * tiles.T], pl.FP32]) -> pl.Tensor[[MODEL.rows, MODEL.hidden], pl.FP32]:
    t = pl.load(x, [0, 0], [tiles.T, tiles.T])
    u = pl.mul(t, float(Mode.DECODE.value))
    out = pl.store(u, [0, 0], [tiles.T, tiles.T], x)
    return out
#--- cfg/__init__.py
from dataclasses import dataclass, field
from enum import IntEnum

from .util import ceil_div


class Mode(IntEnum):
    PREFILL = 1
    DECODE = 2


@dataclass(frozen=True)
class Model:
    rows: int
    heads: int = 4
    dims: list = field(default_factory=lambda: [16, 32])

    @property
    def hidden(self):
        return self.heads * self.dims[0]


MODEL = Model(rows=ceil_div(100, 16) * 16)
#--- cfg/util.py
__all__ = ["ceil_div"]


def ceil_div(a, b=16):
    return (a + b - 1) // b


def _hidden():
    return 0
#--- cfg/tiles.py
from . import MODEL

T = min(MODEL.rows, 16)
