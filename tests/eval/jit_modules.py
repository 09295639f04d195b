# pyptocc-flags: -I jit_mods
# @pl.jit across modules: the entry's shapes come from a frozen dataclass
# of a config module (a computed property among them), and its body calls
# a @pl.jit.incore kernel of a kernel module, which calls an inline helper
# of that module; the kernel module's own entry is not compiled here.
import pypto.language as pl

import jit_kernels as K
from jit_cfg import SHAPE


@pl.jit
def run(x: pl.Tensor[[SHAPE.rows, SHAPE.cols], pl.FP32],
        y: pl.Out[pl.Tensor[[SHAPE.rows, SHAPE.cols], pl.FP32]]):
    for i in pl.range(SHAPE.split):
        y[i * SHAPE.block : i * SHAPE.block + SHAPE.block, :] = K.half_rows(
            x[i * SHAPE.block : i * SHAPE.block + SHAPE.block, :],
            y[i * SHAPE.block : i * SHAPE.block + SHAPE.block, :])
    return y
