# A builder function: the program is built inside a function, which
# pyptocc calls with its defaults (module values, computed ones among
# them); the kernels see its parameters and locals as constants.
from dataclasses import dataclass

import pypto.language as pl


@dataclass(frozen=True)
class Shape:
    rows: int
    cols: int

    @property
    def tile(self):
        return min(self.rows, 32)


DEFAULT = Shape(rows=128, cols=64)


def ceil_div(a, b):
    return -(-a // b)


def build_scale_program(shape=DEFAULT, factor=2.0, name="scaled"):
    tiles = ceil_div(shape.rows, shape.tile)
    assert name == "scaled" and tiles == 4

    @pl.program
    class Scaled:
        @pl.function(type=pl.FunctionType.InCore)
        def scale(
            self,
            x: pl.Tensor[[shape.tile, shape.cols], pl.FP32],
            out: pl.Out[pl.Tensor[[shape.tile, shape.cols], pl.FP32]],
        ) -> pl.Tensor[[shape.tile, shape.cols], pl.FP32]:
            t = pl.load(x, [0, 0], [shape.tile, shape.cols])
            u = pl.muls(t, factor)
            done = pl.store(u, [0, 0], [shape.tile, shape.cols], out)
            return done

        @pl.function(type=pl.FunctionType.Orchestration)
        def main(
            self,
            x: pl.Tensor[[shape.rows, shape.cols], pl.FP32],
            y: pl.Out[pl.Tensor[[shape.rows, shape.cols], pl.FP32]],
        ) -> pl.Tensor[[shape.rows, shape.cols], pl.FP32]:
            for i in pl.range(0, tiles):
                xi = pl.view(x, [shape.tile, shape.cols], [i * shape.tile, 0])
                yi = pl.view(y, [shape.tile, shape.cols], [i * shape.tile, 0])
                yi = self.scale(xi, yi)
            return y

    return Scaled
