# A kernel that needs a value computed by the rest of pypto, which is not
# available at compile time: the error names the module.
import pypto.language as pl
from pypto import passes

cfg = passes.l0_tile_chooser.L0TileConfig()
choice = passes.l0_tile_chooser.choose_l0_tile(cfg)


@pl.function
def f(x: pl.Tensor[[choice.m, 64], pl.FP32]) -> pl.Tensor[[choice.m, 64], pl.FP32]:
    return x
