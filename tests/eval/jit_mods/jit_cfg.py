# Shapes of tests/eval/jit_modules.py, computed by Python at compile time.
from dataclasses import dataclass


@dataclass(frozen=True)
class Tiling:
    rows: int
    cols: int
    split: int = 2

    @property
    def block(self):
        return self.rows // self.split


SHAPE = Tiling(rows=64, cols=32)
