# Orchestration code that assembles a rank-3 tensor a kernel computed into
# a rank-3 output, as pypto-lib's DeepSeek prefill layers write their
# [tokens, HC_MULT, D] tiles: each assemble is a copy task whose kernel
# folds the leading dimensions into rows (a [16, 4, 1024] FP32 tensor is
# 64 rows of 1024, more than one Vec buffer holds, copied in blocks).
# y[16 i + r, h, d] = x[16 i + r, h, d] + i + 1 for i in 0, 1.
import pypto.language as pl

T = 32
HALF = 16
H = 4
D = 1024


@pl.jit.incore
def shift_rows(
    x: pl.Tensor[[T, H, D], pl.FP32],
    out: pl.Out[pl.Tensor[[HALF, H, D], pl.FP32]],
    base: pl.Scalar[pl.INDEX],
    add: pl.Scalar[pl.FP32],
):
    for r in pl.range(HALF):
        t = pl.load(x, [base + r, 0, 0], [1, H, D])
        u = pl.adds(t, add)
        out = pl.store(u, [r, 0, 0], out)
    return out


@pl.jit
def assemble_rank3(x: pl.Tensor[[T, H, D], pl.FP32], y: pl.Out[pl.Tensor[[T, H, D], pl.FP32]]):
    for i in pl.range(2):
        part = pl.create_tensor([HALF, H, D], dtype=pl.FP32)
        part = shift_rows(x, part, i * HALF, pl.cast(i + 1, pl.FP32))
        y = pl.assemble(y, part, [i * HALF, 0, 0])
    return y
