# A kernel module of tests/eval/jit_modules.py: a @pl.jit.incore kernel
# and a @pl.jit.inline helper, specialised where an entry calls them, and
# an entry of its own, which is not the importer's program.
import pypto.language as pl

from jit_cfg import SHAPE


@pl.jit.inline
def doubled(v):
    return pl.add(v, v)


@pl.jit.incore
def half_rows(x: pl.Tensor, out: pl.Out[pl.Tensor]):
    t = pl.load(x, [0, 0], [SHAPE.block, SHAPE.cols])
    out = pl.store(doubled(t), [0, 0], out)
    return out


@pl.jit
def not_this_one(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    y = half_rows(x, y)
    return y
