# The rest of pypto (pypto.ir, pypto.passes, pypto.backend) is not
# available at compile time: test drivers build configuration objects
# from it and set their fields, which is no error as long as no kernel
# needs them.
import pypto.language as pl
from pypto import ir, passes
from pypto.backend import BackendType

import pypto

M, K = 128, 64
cfg = passes.l0_tile_chooser.L0TileConfig()
cfg.M, cfg.K = M, K
cfg.l0a_bytes = cfg.l0b_bytes = 64 * 1024
choice = passes.l0_tile_chooser.choose_l0_tile(cfg)
backend = pypto.backend.get_backend(BackendType.Ascend910B)
builder = ir.IRBuilder()


@pl.function
def f(x: pl.Tensor[[M, K], pl.FP32]) -> pl.Tensor[[M, K], pl.FP32]:
    return x
