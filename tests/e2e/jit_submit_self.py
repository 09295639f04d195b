# pl.spmd_submit(self.k, ...) in a @pl.jit function: self.k is the
# @pl.jit.incore kernel k, which the entry's program holds as a method
# (pypto-lib's DeepSeek V4 MoE combine step).
import pypto.language as pl

T = 16
D = 64


@pl.jit.incore
def scale_rows(x: pl.Tensor[[T, D], pl.FP32], y: pl.Out[pl.Tensor[[T, D], pl.FP32]]):
    row = pl.tile.get_block_idx()
    t = pl.load(x, [row, 0], [1, D])
    y = pl.store(pl.mul(t, 2.0), [row, 0], y)
    return y


@pl.jit
def entry(x: pl.Tensor[[T, D], pl.FP32], y: pl.Out[pl.Tensor[[T, D], pl.FP32]]):
    y, tid = pl.spmd_submit(self.scale_rows, x, y, core_num=T)
    return y
