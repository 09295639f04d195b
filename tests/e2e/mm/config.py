"""Configuration of the multi-module project (tests/e2e/multi_module.py):
a frozen dataclass with computed properties, as model configurations
are written."""
from dataclasses import dataclass


@dataclass(frozen=True)
class BlockConfig:
    rows: int
    cols: int
    row_tile: int = 16
    scale: float = 0.5

    @property
    def n_tiles(self) -> int:
        return self.rows // self.row_tile

    @property
    def tile_shape(self) -> list:
        return [self.row_tile, self.cols]

    @property
    def bias(self) -> float:
        return self.scale / 4


SMALL = BlockConfig(rows=64, cols=32)
