# Classes that are not programs: bases, keywords, decorators, class
# attributes, methods, properties, nested classes and PEP 695 parameters.
# pyptocc-flags: -Wignored
from dataclasses import dataclass

import pypto.language as pl


class Base:
    pass


@dataclass(frozen=True)
class Config(Base, metaclass=type):
    """Shapes of one run."""

    rows: int = 64
    cols: int = 64

    @property
    def size(self) -> int:
        return self.rows * self.cols

    class Inner:
        x = [i for i in range(3)]

    def __repr__(self):
        return f"Config({self.rows}, {self.cols})"


class Box[T]:
    item: T


ONE = 1


@pl.function
def add1(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    y = x + ONE
    return y
