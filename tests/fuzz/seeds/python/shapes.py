"""Classes, properties, dunder methods, match and dataclasses."""
import math
from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(order=True)
class Point:
    x: float = 0.0
    y: float = 0.0
    ORIGIN: ClassVar["Point"]

    def __abs__(self) -> float:
        return math.hypot(self.x, self.y)

    def __add__(self, other: "Point") -> "Point":
        return Point(self.x + other.x, self.y + other.y)


Point.ORIGIN = Point()


@dataclass
class Polygon:
    points: list[Point] = field(default_factory=list)

    @property
    def perimeter(self) -> float:
        ps = self.points
        return sum(abs(Point(b.x - a.x, b.y - a.y)) for a, b in zip(ps, ps[1:] + ps[:1]))


def describe(shape) -> str:
    match shape:
        case Point(x=0, y=0):
            return "origin"
        case Point(x=x, y=0) | Point(x=0, y=x):
            return f"on an axis at {x}"
        case Polygon(points=[_, _, _]):
            return "triangle"
        case Polygon(points=[*ps]) if len(ps) > 3:
            return f"{len(ps)}-gon"
        case {"kind": str(kind), **rest}:
            return kind
        case _:
            return "unknown"
