"""The kernel module of the multi-module project: its shapes come from the
configuration module, its tiling from the helpers, and its body calls the
inline kernel of a third module."""
import pypto.language as pl

from mm import helpers
from mm.config import SMALL as CFG
from mm.ops import scale_shift_relu

TILE = helpers.checked_tile(CFG.rows, helpers.half_of(CFG.row_tile * 2))
STEPS = helpers.ceil_div(CFG.rows, TILE)


@pl.function(type=pl.FunctionType.InCore)
def scale_rows(
    x: pl.Tensor[[TILE, CFG.cols], pl.FP32],
    out: pl.Out[pl.Tensor[[TILE, CFG.cols], pl.FP32]],
) -> pl.Tensor[[TILE, CFG.cols], pl.FP32]:
    t = pl.load(x, [0, 0], CFG.tile_shape)
    r = scale_shift_relu(t, CFG.scale, CFG.bias)
    done = pl.store(r, [0, 0], CFG.tile_shape, out)
    return done
