# Compile-time evaluation: @dataclass, frozen or not, with defaults,
# field(default=...) and field(default_factory=...), __post_init__
# (setting a derived field of a frozen instance with object.__setattr__),
# computed @property fields, inheritance, ClassVar, equality, ordering,
# dataclasses.replace/asdict/fields, and the error a frozen instance gives.
import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar, Tuple

import pypto.language as pl


@dataclass(frozen=True)
class ModelConfig:
    name: str
    hidden: int
    heads: int
    kv_heads: int = 8
    ratios: Tuple[int, ...] = (1, 2)
    extra: list = field(default_factory=list)
    eps: float = field(default=1e-6)
    head_dim: int = field(default=0, init=False)
    family: ClassVar[str] = "demo"

    def __post_init__(self):
        object.__setattr__(self, "head_dim", self.hidden // self.heads)

    @property
    def kv_hidden(self) -> int:
        return self.kv_heads * self.head_dim

    @property
    def q_per_kv(self) -> int:
        return self.heads // self.kv_heads


@dataclass
class Tiling:
    rows: int = 64
    cols: int = 64

    def area(self):
        return self.rows * self.cols


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0


@dataclass(frozen=True)
class BigConfig(ModelConfig):
    layers: int = 40


M = ModelConfig("m", hidden=5120, heads=40)
T = Tiling(cols=32)
T.rows = 16
B = BigConfig("b", 4096, 32, layers=60)
R = dataclasses.replace(M, hidden=2560)
assert M.head_dim == 128 and M.kv_hidden == 1024 and M.q_per_kv == 5 and M.extra == [] and M.eps == 1e-6
assert T.area() == 512 and T == Tiling(16, 32) and T != Tiling() and B.layers == 60 and B.head_dim == 128
assert R.head_dim == 64 and R.name == "m" and M.hidden == 5120 and ModelConfig.family == "demo"
assert Version(1, 2) < Version(2) and sorted([Version(3), Version(1, 5)])[0].minor == 5
assert dataclasses.asdict(T) == {"rows": 16, "cols": 32} and [f.name for f in dataclasses.fields(Version)] == ["major", "minor"]
assert repr(T) == "Tiling(rows=16, cols=32)" and hash(M) == hash(ModelConfig("m", hidden=5120, heads=40))
try:
    M.hidden = 1
    FROZEN = False
except dataclasses.FrozenInstanceError:
    FROZEN = True
assert FROZEN and M.hidden == 5120


@pl.program
class Values:
    @pl.function
    def shapes(self, x: pl.Tensor[[M.kv_hidden, R.head_dim, T.area(), B.layers], pl.FP32]) -> pl.Tensor[[1024, 64, 512, 60], pl.FP32]:
        return x
