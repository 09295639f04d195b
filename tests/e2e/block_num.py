# pl.tile.get_block_num(): the number of blocks of a pl.spmd launch, read
# by an inline body and by a dispatched kernel: block b of n handles rows
# b, b + n, ..., and scales them by n.
import pypto.language as pl

ROWS = 16
COLS = 64
H = ROWS // 2


@pl.jit.incore
def strided(x: pl.Tensor[[ROWS, COLS], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    b = pl.tile.get_block_idx()
    n = pl.tile.get_block_num()
    for r in pl.range(b, ROWS, n):
        t = pl.load(x, [r, 0], [1, COLS])
        y = pl.store(pl.mul(t, pl.cast(n, pl.FP32)), [r, 0], y)
    return y


@pl.jit
def block_num(x: pl.Tensor[[ROWS, COLS], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
              z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    with pl.spmd(4):
        y = strided(x, y)
    with pl.spmd(2):
        with pl.at(level=pl.Level.CORE_GROUP):
            n = pl.tile.get_block_num()
            i = pl.tile.get_block_idx()
            z[i * H : i * H + H, :] = pl.add(x[i * H : i * H + H, :], pl.cast(n, pl.FP32))
    return y, z
