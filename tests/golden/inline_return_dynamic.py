# An Inline function of another module whose parameters share one dynamic
# dimension, called with arguments whose extents are two names of one
# run-time extent (x of the caller's T_DYN rows, y of pl.tensor.dim(x, 0)
# rows), that returns y: its declared type is y's in the caller, itself
# expanded into the entry (pypto-lib's DeepSeek V4 hc_pre and hc_post).
import pypto.language as pl

from inline_mods.rows import fill

T_DYN = pl.dynamic("MAIN_T_DYN")
D = 64


@pl.jit.inline
def layer(x: pl.Tensor[[T_DYN, 4, D], pl.FP32], out: pl.Tensor[[T_DYN, D], pl.FP32]):
    t = pl.tensor.dim(x, 0)
    y = pl.create_tensor([t, D], dtype=pl.FP32)
    fill(x, y)
    with pl.at(level=pl.Level.CORE_GROUP):
        out[0:16, :] = pl.add(y[0:16, :], 1.0)
    return out


@pl.jit
def entry(x: pl.Tensor[[T_DYN, 4, D], pl.FP32], out: pl.Out[pl.Tensor[[T_DYN, D], pl.FP32]]):
    out = layer(x, out)
    return out
