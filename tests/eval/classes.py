# Compile-time evaluation: classes with class attributes, methods,
# __init__, inheritance and super(), @property (with a setter),
# @staticmethod and @classmethod, special methods (__eq__, __lt__,
# __add__, __len__, __getitem__, __repr__), isinstance and getattr.
import pypto.language as pl


class Shape:
    rank = 2
    made = 0

    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols
        Shape.made += 1

    @property
    def size(self):
        return self.rows * self.cols

    @property
    def cols_padded(self):
        return self._pad if hasattr(self, "_pad") else self.cols

    @cols_padded.setter
    def cols_padded(self, v):
        self._pad = v

    @staticmethod
    def square(n):
        return Shape(n, n)

    @classmethod
    def from_pair(cls, pair):
        return cls(*pair)

    def __eq__(self, other):
        return (self.rows, self.cols) == (other.rows, other.cols)

    def __lt__(self, other):
        return self.size < other.size

    def __add__(self, other):
        return Shape(self.rows + other.rows, self.cols)

    def __len__(self):
        return self.rank

    def __getitem__(self, i):
        return (self.rows, self.cols)[i]

    def __repr__(self):
        return f"Shape({self.rows}x{self.cols})"


class Tile(Shape):
    rank = 3

    def __init__(self, rows, cols, depth=1):
        super().__init__(rows, cols)
        self.depth = depth

    @property
    def size(self):
        return super().size * self.depth


a = Shape(4, 8)
b = Shape.square(4)
c = Shape.from_pair((2, 16))
t = Tile(2, 4, depth=3)
a.cols_padded = 16
assert a.size == 32 and b.size == 16 and c == Shape(2, 16) and b < a and (a + b).rows == 8 and Shape.made == 6
assert len(a) == 2 and len(t) == 3 and a[1] == 8 and repr(a) == "Shape(4x8)" and str(t) == "Shape(2x4)"
assert t.size == 24 and isinstance(t, Shape) and not isinstance(a, Tile) and getattr(a, "rows") == 4
assert getattr(a, "missing", 5) == 5 and a.cols_padded == 16 and b.cols_padded == 4 and sorted([a, b, c])[0] == b
assert type(t).__name__ == "Tile" and Tile.rank == 3 and Shape.rank == 2


@pl.program
class Values:
    @pl.function
    def shapes(self, x: pl.Tensor[[a.size, t.size, Shape.made, a.cols_padded], pl.FP32]) -> pl.Tensor[[32, 24, 6, 16], pl.FP32]:
        return x
