# A scalar that kernels assign: `m` is set in the first kernel's scope and
# again in each block of a pl.spmd launch (clamped by ifs, as pypto-lib's
# MoE dispatch clamps its token count), so each kernel returns it and the
# launch's loop carries it.  Orchestration code does not receive a
# kernel's scalar (a kernel's results are tensors; PTO's kernel returns
# nothing for it), and nothing after the kernels reads it, so the C++
# orchestration leaves it out.  With n = 11: y rows below 11 are x + 1,
# the rest x; block b of 2 writes rows 8 b..8 b + 7 of z as 2 x + b for
# the rows below 11, else 0.
import pypto.language as pl

ROWS = 16
COLS = 64
H = ROWS // 2


@pl.jit
def kernel_scalar(x: pl.Tensor[[ROWS, COLS], pl.FP32], n: pl.Scalar[pl.INT32],
                  y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]], z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
        m = pl.cast(n, pl.INDEX)
        if m > ROWS:
            m = pl.cast(ROWS, pl.INDEX)
        for r in pl.range(ROWS):
            if r < m:
                y[r : r + 1, :] = pl.add(x[r : r + 1, :], 1.0)
            else:
                y[r : r + 1, :] = pl.add(x[r : r + 1, :], 0.0)
    with pl.spmd(2, name_hint="second"):
        b = pl.cast(pl.tile.get_block_idx(), pl.INDEX)
        m = pl.cast(n, pl.INDEX)
        if m > ROWS:
            m = pl.cast(ROWS, pl.INDEX)
        for i in pl.range(H):
            r = b * H + i
            if r < m:
                z[r : r + 1, :] = pl.add(pl.mul(x[r : r + 1, :], 2.0), pl.cast(b, pl.FP32))
            else:
                z[r : r + 1, :] = pl.mul(x[r : r + 1, :], 0.0)
    return y, z
